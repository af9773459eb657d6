"""``ldpref moments`` (ldpref.structured.cli), driven through a parser built here (the subcommand is wired
into ldpref.cli by the lead): exact output checked against the enumerating path, bad input -> exit 2."""

from __future__ import annotations

import argparse
import json

import mpmath
import pytest
import sympy

import ldpref.cli as cli
from ldpref import moments
from ldpref.gcms import estimator_variance
from ldpref.mechanisms import grr
from ldpref.structured import model
from ldpref.structured import moments as sm
from ldpref.structured.cli import add_parser


@pytest.fixture
def run(monkeypatch, capsys):
    def build():
        parser = argparse.ArgumentParser(prog="ldpref")
        add_parser(parser.add_subparsers(dest="command", required=True))
        return parser

    monkeypatch.setattr(cli, "build_parser", build)

    def go(*argv):
        rc = cli.main(list(argv))
        out = capsys.readouterr()
        return rc, out.out, out.err

    return go


def test_moments_json_matches_enumeration(run):
    rc, out, _ = run("moments", "grr", "--set", "d=3", "exp_eps=3", "--counts", "1,0,2", "--cov", "--worst", "--json",
                     "-")
    assert rc == 0
    doc = json.loads(out)
    mech = grr(3, 3).mechanism
    assert [sympy.Rational(v["variance"]) for v in doc["values"]] == moments.variance(mech, [1, 0, 2])
    cov = moments.covariance(mech, [1, 0, 2])
    assert [[sympy.Rational(x) for x in row] for row in doc["covariance"]] == cov.tolist()
    assert doc["worst"]["n"] == 3


def test_moments_text_and_errors(run):
    rc, out, _ = run("moments", "sue", "--set", "d=4", "exp_eps=e", "--counts", "1,0,2,0", "--values", "0,1")
    assert rc == 0 and "v=1" in out and "v=2" not in out and "~" in out
    rc, _, err = run("moments", "cms", "--set", "d=3", "exp_eps=3", "--counts", "1,0,2")
    assert rc == 2 and err.count("\n") == 1 and "needs m and k" in err
    rc, _, err = run("moments", "oue", "--set", "d=3", "exp_eps=3", "--counts", "1,0")
    assert rc == 2 and "counts" in err
    rc, _, err = run("moments", "oue", "--set", "d=10000000000", "exp_eps=3", "--counts", "1")
    assert rc == 2 and "exceeds the limit" in err


def test_gcms_fig6_setting_against_theorem3_formula():
    """jiang-gcms Fig. 6's setting (n = 1e6, k = 65536, m = 1024, eps = 4): the structured exact variance
    against ldpref.gcms.estimator_variance (Theorem 3 as corrected, an independent closed form) in mpmath."""
    n, m, k, s = 10**6, 1024, 65536, 19
    M = model("gcms", d=2, m=m, k=k, s=s, exp_eps="E^4")
    with mpmath.workdps(40):
        E = mpmath.e**4
        p = E * s / (E * s + m - s)
        q = (s - p) / (m - 1)
        for f in (1, 10**4, 5 * 10**5):
            got = sympy.N(sm.variance(M, [f, n - f], values=[0])[0], 40)
            want = estimator_variance(p, q, m, k, n, f, (n - f) ** 2) / n**2
            assert abs(mpmath.mpf(str(got)) - want) < mpmath.mpf(10) ** -30 * want


def test_model_integers_are_ascii_digits_only():
    """The registry's integer keys follow the command line's rule: int() would take full-width digits."""
    from ldpref.errors import ParameterError
    from ldpref.structured import model

    with pytest.raises(ParameterError, match="not an integer"):
        model("grr", d="３", exp_eps="3")
    assert model("grr", d="3", exp_eps="3").d == 3
