"""``ldpref audit --cov --digits N`` and ldpref.decimals.decimal_text."""

import json
from fractions import Fraction

import pytest
import sympy

from ldpref.cli import main
from ldpref.decimals import decimal_text


def test_decimal_text_rounds_correctly():
    assert decimal_text(sympy.Rational(1, 3), 5) == "0.33333"
    assert decimal_text(sympy.Rational(2, 3), 5) == "0.66667"
    assert decimal_text(sympy.Rational(1, 4), 50) == "0.25"
    assert decimal_text(sympy.Rational(5, 2), 1) == "2"       # half to even
    assert decimal_text(sympy.sqrt(2), 20) == "1.4142135623730950488"
    assert decimal_text(sympy.E, 10) == "2.718281828"
    with pytest.raises(TypeError):
        decimal_text(sympy.Symbol("x"), 5)


def _audit(capsys, tmp_path, *extra):
    mech_file = tmp_path / "m.json"
    assert main(["mechanism", "grr", "--set", "d=3", "exp_eps=3", "--json", str(mech_file)]) == 0
    capsys.readouterr()
    code = main(["audit", str(mech_file), "--counts", "2,1,0", "--json", "-", *extra])
    out, err = capsys.readouterr()
    return code, out, err, json.loads(mech_file.read_text())


def test_audit_covariance_matches_an_independent_fraction_computation(capsys, tmp_path):
    code, out, err, mfile = _audit(capsys, tmp_path, "--cov")
    assert code == 0
    doc = json.loads(out)
    P = [[Fraction(x) for x in row] for row in mfile["P"]]
    Q = [[Fraction(x) for x in row] for row in mfile["Q"]]
    counts, n = [2, 1, 0], 3
    U, d = len(P), 3
    B = [[sum(Q[v][u] * P[u][x] for u in range(U)) for x in range(d)] for v in range(d)]
    cov = [[sum(counts[x] * (sum(Q[v][u] * Q[w][u] * P[u][x] for u in range(U)) - B[v][x] * B[w][x])
                for x in range(d)) / n ** 2 for w in range(d)] for v in range(d)]
    assert [[Fraction(x) for x in row] for row in doc["covariance"]] == cov
    assert [Fraction(x) for x in doc["variance"]] == [cov[v][v] for v in range(d)]
    assert cov[0][1] != 0  # a real covariance, not a diagonal
    assert "covariance" in err  # the text goes to stderr with --json -


def test_audit_digits(capsys, tmp_path):
    code, out, err, _ = _audit(capsys, tmp_path, "--digits", "7", "--cov")
    assert code == 0
    doc = json.loads(out)
    assert doc["digits"] == 7
    for key in ("expectation", "variance", "covariance", "l1_cauchy_schwarz_bound"):
        assert key in doc["decimal"]
    assert doc["decimal"]["expectation"] == [decimal_text(sympy.Rational(x), 7) for x in doc["expectation"]]
    assert doc["decimal"]["l1_cauchy_schwarz_bound"] == decimal_text(
        sympy.sqrt(3 * sympy.Rational(doc["l2_worst"])), 7)
    assert "~" in err


@pytest.mark.parametrize("digits", ["0", "1001", "x"])
def test_audit_bad_digits_is_one_line(capsys, tmp_path, digits):
    code, out, err, _ = _audit(capsys, tmp_path, "--digits", digits)
    assert code == 2 and out == "" and err.count("\n") == 1 and "--digits" in err
