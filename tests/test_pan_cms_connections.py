"""pan-cms Section 4 / Appendix G: the mechanism builders of ldpref.mechanisms.variants, their
`ldpref mechanism` exports, and a sample of the claims' verdicts."""

import json
import re
from fractions import Fraction as F

import numpy as np
import pytest
import sympy

from ldpref import moments
from ldpref.cli import main
from ldpref.errors import ParameterError
from ldpref.exact import EXP_EPS
from ldpref.hashing import gf2_affine_family, gf2_affine_mod_family, hadamard_family, random_family
from ldpref.io import load_mechanism
from ldpref.ledger import find_claim
from ldpref.mechanisms import REGISTRY
from ldpref.mechanisms.cms import cms
from ldpref.mechanisms.pure import grr, oue
from ldpref.mechanisms.variants import (compose_families, columns_family, hadamard_encoding, hadamard_response,
                                        local_hashing, make_family, rappor_cohorts, recursive_hadamard_response,
                                        rhr_family, tns, walsh_hadamard)
from ldpref.privacy import exp_eps
from conftest import claim_result  # noqa: E402  (the session's one ledger run)

R = sympy.Rational


# ---- builders: exact values ------------------------------------------------------------------------
def test_walsh_matrix_is_symmetric_hadamard():
    H = sympy.Matrix(walsh_hadamard(8))
    assert H == H.T and H * H.T == 8 * sympy.eye(8)
    assert list(H.row(0)) == [1] * 8


def test_he_entries_and_equivalence_with_cms():
    he = hadamard_encoding(3, 3)  # Walsh size 4, binary RR keeps w.p. 3/4
    P, Q = he.perturbation_matrix(), he.decoder_matrix()
    assert he.outputs[:2] == ("0:+1", "0:-1")
    assert P[0, 0] == R(3, 16) and P[1, 0] == R(1, 16)  # column 0 of the Walsh matrix is all +1
    assert Q[0, 0] == 2 and Q[0, 1] == -2  # H_hat = z (e + 1)/(e - 1) = 2z
    assert he.is_unbiased()
    c = cms(hadamard_family(3), grr(2, 3).mechanism).mechanism
    assert P == c.perturbation_matrix() and Q == c.decoder_matrix()


def test_he_symbolic_is_cms():
    he = hadamard_encoding(2, EXP_EPS)
    c = cms(hadamard_family(2), grr(2, EXP_EPS).mechanism).mechanism
    assert (he.perturbation_matrix() - c.perturbation_matrix()).applyfunc(sympy.cancel).is_zero_matrix
    assert (he.decoder_matrix() - c.decoder_matrix()).applyfunc(sympy.cancel).is_zero_matrix


def test_hr_is_he_relabelled():
    hr, he = hadamard_response(3, 2), hadamard_encoding(3, 2)
    # (j, 1) <-> (j, +1), (j, 0) <-> (j, -1): the same order
    assert hr.outputs[:2] == ("0:1", "0:0")
    assert hr.perturbation_matrix() == he.perturbation_matrix()
    assert hr.decoder_matrix() == he.decoder_matrix()


def test_rhr_collision_rates_and_mse():
    fam = rhr_family(4, 2)  # B = 2: residues 0, 1, 0, 1
    assert fam.m == 4
    assert fam.collision_rate(0, 2) == F(1, 2) and fam.collision_rate(1, 3) == F(1, 2)
    assert fam.collision_rate(0, 1) == 0 and fam.collision_rate(0, 3) == 0
    rhr = recursive_hadamard_response(3, 2, 2)
    assert rhr.is_unbiased()
    # all clients on x = 0 (residue class {0, 2}): ((e+1)(e+2^b-1)/(e-1)^2 - f)/n = 3*5 - 1
    assert moments.mse(rhr, (1, 0, 0))[0] == 14
    assert moments.mse(hadamard_encoding(3, 2), (1, 0, 0))[0] == 8  # (e+1)^2/(e-1)^2 - 1
    biased = recursive_hadamard_response(3, 2, 2, decoder="eq2")
    assert moments.bias(biased, (0, 0, 1))[0] == R(1, 3)  # (2^(b-1)-1)(1-f)/(2^b-1)


def test_rhr_b1_is_he():
    rhr, he = recursive_hadamard_response(3, 1, 3), hadamard_encoding(3, 3)
    assert rhr.perturbation_matrix() == he.perturbation_matrix()
    assert rhr.decoder_matrix() == he.decoder_matrix()


def test_tns_is_cms_of_columns():
    M = [[10, 17], [17, 17], [10, 10]]
    inner = grr(2, 3).mechanism
    t = tns(M, inner)
    c = cms(columns_family(M), inner).mechanism
    assert t.perturbation_matrix() == c.perturbation_matrix()
    assert t.decoder_matrix() == c.decoder_matrix()


def test_local_hashing_decoder_is_eq2():
    fam = random_family(4, 3, 5, np.random.default_rng(7))
    lh = local_hashing(fam, R(5, 2))
    c = cms(fam, grr(3, R(5, 2)).mechanism).mechanism
    assert lh.perturbation_matrix() == c.perturbation_matrix()
    assert lh.decoder_matrix() == c.decoder_matrix()


def test_rappor_cohorts_is_cms_with_oue():
    fam = gf2_affine_mod_family(2, 3, 2)
    rp = rappor_cohorts(fam, R(1, 2), R(1, 4))  # OUE at e^eps = 3
    assert rp.perturbation_matrix() == cms(fam, oue(2, 3).mechanism).mechanism.perturbation_matrix()


def test_recursive_cms_collision_and_decoder():
    outer, inner = gf2_affine_family(2, 3), gf2_affine_mod_family(2, 4, 2)
    comp = compose_families(outer, inner)
    assert comp.has_constant_collision_rate() == F(4 + 2 - 1, 4 * 2)
    nested = cms(outer, cms(inner, grr(2, 3).mechanism).mechanism).mechanism
    regular = cms(comp, grr(2, 3).mechanism, decoder="eq8")
    assert regular.m_decoder == R(8, 5)  # m1 m2/(m1 + m2 - 1)
    assert nested.perturbation_matrix() == regular.mechanism.perturbation_matrix()
    assert nested.decoder_matrix() == regular.mechanism.decoder_matrix()
    assert nested.is_unbiased()


@pytest.mark.parametrize("kwargs,fragment", [
    ({"family": "gf2-affine", "m": 3}, "m = 2^l"),
    ({"family": "gf2-affine", "l": 1}, "2^l >= d"),
    ({"family": "gf2-affine", "k": 5}, "not settable"),
    ({"family": "gf2-affine-mod"}, "needs m"),
    ({"family": "gf2-affine-mod", "m": 8, "l": 2}, "m <= 2^l"),
    ({"family": "random", "m": 3}, "needs m and k"),
    ({"family": "random", "m": 3, "k": 2, "l": 2}, "only applies"),
    ({"family": "gf2-affine", "seed": 1}, "only applies to family=random"),
    ({"family": "nope"}, "unknown"),
])
def test_make_family_errors(kwargs, fragment):
    with pytest.raises(ParameterError, match=re.escape(fragment)):
        make_family(3, **kwargs)


def test_builder_errors():
    with pytest.raises(ParameterError, match="must exceed"):
        recursive_hadamard_response(5, 2, 3, size=2)
    with pytest.raises(ParameterError, match="decoder"):
        recursive_hadamard_response(5, 2, 3, decoder="x")
    with pytest.raises(ParameterError, match="power-of-two"):
        hadamard_encoding(3, 3, size=6)
    with pytest.raises(ParameterError, match="distinct elements"):
        tns([[0, 1], [2, 2]], grr(2, 3).mechanism)


# ---- ldpref mechanism exports ---------------------------------------------------------------------
EXPORTS = [
    ("cms", ["d=3", "exp_eps=3"], 3),
    ("cms", ["d=3", "family=gf2-affine-mod", "m=3", "exp_eps=5/2"], R(5, 2)),
    ("cms", ["d=3", "family=random", "m=3", "k=4", "seed=1", "inner=arp", "exp_eps=2"], 2),
    ("cms", ["d=2", "l=1", "inner=srp", "exp_eps=4"], 4),
    ("cms", ["d=3", "family=gf2-affine-mod", "m=3", "decoder=eq8", "exp_eps=3"], 3),
    ("he", ["d=3", "exp_eps=3"], 3),
    ("hr", ["d=4", "exp_eps=2"], 2),
    ("rhr", ["d=5", "b=2", "exp_eps=3"], 3),
    ("rhr", ["d=5", "b=3", "decoder=eq2", "exp_eps=2"], 2),
    ("olh", ["d=3", "exp_eps=3"], 3),
    ("cms-he", ["d=3", "exp_eps=3"], 3),
]


@pytest.mark.parametrize("name,sets,expected", EXPORTS)
def test_mechanism_export(tmp_path, capsys, name, sets, expected):
    path = tmp_path / f"{name}.json"
    assert main(["mechanism", name, "--set", *sets, "--json", str(path)]) == 0, capsys.readouterr().err
    doc = json.loads(path.read_text())
    d = doc["inputs"]
    columns = [sum(F(row[x]) for row in doc["P"]) for x in range(d)]
    assert columns == [1] * d
    mech = load_mechanism(str(path))
    assert exp_eps(mech) == expected


def test_export_names_registered():
    main_names = {"cms", "he", "hr", "rhr", "olh", "cms-he"}
    from ldpref.cli import _load_all_mechanisms

    _load_all_mechanisms()
    assert main_names <= set(REGISTRY)


def test_olh_default_m(tmp_path):
    path = tmp_path / "olh.json"
    assert main(["mechanism", "olh", "--set", "d=3", "exp_eps=3", "--json", str(path)]) == 0
    doc = json.loads(path.read_text())
    assert len(doc["outputs"]) == 16 * 4  # m = e^eps + 1 = 4, GF(4) family of 16 functions


@pytest.mark.parametrize("sets,fragment", [
    (["d=3", "m=3", "exp_eps=3"], "m = 2^l"),
    (["d=3", "inner=xx", "exp_eps=3"], "inner"),
    (["d=3", "exp_eps=1"], "exceed 1"),
])
def test_mechanism_export_errors(tmp_path, capsys, sets, fragment):
    code = main(["mechanism", "cms", "--set", *sets, "--json", str(tmp_path / "x.json")])
    assert code == 2
    assert fragment in capsys.readouterr().err


# ---- claim verdicts ------------------------------------------------------------------------------
def _run(label):
    return claim_result(f"pan-cms/{label}")


def test_three_wise_erratum():
    r = _run("sec4.1.3-wise")
    assert r.verdict == "erratum"
    assert r.counterexample["params"]["matrix"] == "sylvester 4"
    assert r.counterexample["params"]["first non-uniform triple"] == "(1, 2, 3)"


def test_eq5_erratum_counterexample():
    r = _run("sec4.3.eq5-mse")
    assert r.verdict == "erratum"
    assert r.counterexample["printed"] == "32/3" and r.counterexample["exact"] == "14"


def test_random_collision_conditional():
    r = _run("sec4.3.random-collision")
    assert r.verdict == "conditional"
    assert r.counterexample["exact"] == "1/6" and r.counterexample["printed"] == "1/4"


@pytest.mark.parametrize("label,verdict", [("appG.eq2", "verified"), ("thm4.1", "verified"),
                                           ("sec4.5.equivalent-m", "verified"), ("sec4.6.km", "erratum"),
                                           ("sec4.3.b-eps", "erratum"), ("appG.estimator", "erratum")])
def test_sample_verdicts(label, verdict):
    assert _run(label).verdict == verdict


def test_statement_forms_are_evaluated_per_instance():
    # 3-wise: the printed statement (1/8 per pattern) fails on every Sylvester reading, the derived pairwise one holds
    r = _run("sec4.1.3-wise")
    failed = {(f.params["matrix"], f.params["reading"]) for rec in r.records for f in rec.failures}
    assert ("sylvester 8", "columns as functions, first row dropped (HE)") in failed
    assert all(rec.passed for rec in r.records if rec.role == "derived-vs-exact")
    # matrix size: the printed rule fails only where 2^(b-1) does not divide d (e.g. d = 3, b = 2)
    r = _run("sec4.3.matrix-size")
    assert r.verdict == "conditional"
    fails = [f for rec in r.records for f in rec.failures]
    assert fails and all(not f.in_condition for f in fails)
    assert any(f.params["d"] == 3 and f.params["b"] == 2 for f in fails)
    # km = d^2 m is false for the Hadamard family at d = 3 (k = 4): same root cause as Section 3.1's |H| = d^2
    r = _run("sec4.6.km")
    assert any(f.params["family"].startswith("hadamard") and f.params["d"] == 3
               for rec in r.records for f in rec.failures)
    assert find_claim("pan-cms/sec4.6.km").root_cause == find_claim("pan-cms/sec3.1.family-size").root_cause
