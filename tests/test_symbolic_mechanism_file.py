"""Mechanism files with symbolic entries (exact constants such as sqrt(3)): SUE at a non-square e^eps."""

import json

import pytest
import sympy

from ldpref import moments
from ldpref.cli import main
from ldpref.errors import FormatError
from ldpref.io import load_mechanism, validate_mechanism_document
from ldpref.structured.registry import model


def test_sue_at_a_non_square_exp_eps_is_written_and_read_back_exactly(tmp_path, capsys):
    path = tmp_path / "sue.json"
    assert main(["mechanism", "sue", "--set", "d=2", "exp_eps=3", "--json", str(path)]) == 0
    doc = json.loads(path.read_text())
    assert any("sqrt(3)" in x for row in doc["P"] for x in row)
    validate_mechanism_document(doc)
    mech = load_mechanism(str(path))
    h = sympy.sqrt(3)
    p, q = h / (h + 1), 1 / (h + 1)
    # P[u][x] = product over bits: the true bit on w.p. p, the other on w.p. q (outputs "00", "01", "10", "11")
    expected = [[(1 - p) * (1 - q), (1 - q) * (1 - p)], [(1 - p) * q, (1 - q) * p], [p * (1 - q), q * (1 - p)],
                [p * q, q * p]]
    got = mech.perturbation_matrix().tolist()
    # algebraic numbers compared at 60 digits (a difference below 1e-50 between these small expressions in
    # sqrt(3) is an identity); the exact variance is compared with the structured model's radical form
    assert all(_close(got[u][x], expected[u][x]) for u in range(4) for x in range(2))
    variance = moments.variance(mech, [1, 1])[0]
    assert _close(variance, moments.variance(model("sue", d=2, exp_eps=3), [1, 1])[0])
    assert not _close(variance, moments.variance(model("sue", d=2, exp_eps=4), [1, 1])[0])  # the check can fail


def _close(a, b) -> bool:
    return abs(sympy.N(a - b, 60)) < sympy.Float(10) ** -50


def test_audit_reads_a_symbolic_file(tmp_path, capsys):
    path = tmp_path / "sue.json"
    assert main(["mechanism", "sue", "--set", "d=2", "eps=ln(3)", "--json", str(path)]) == 0
    capsys.readouterr()
    assert main(["audit", str(path), "--json", "-", "--digits", "10"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["exp_eps"] == "3" and doc["mse_worst"] is None
    assert doc["decimal"]["variance"] == ["1.616025404", "1.616025404"]  # 3/4 + sqrt(3)/2


def test_schema_takes_symbolic_constants_but_still_refuses_decimals(tmp_path):
    base = {"format": "ldpref.mechanism/1", "inputs": 2, "outputs": ["0", "1"]}
    for good in ("sqrt(4)/2", "e/e", "exp(0)", "ln(e)", "(sqrt(3) + 1)**(-2)*(4 + 2*sqrt(3))"):
        validate_mechanism_document({**base, "P": [[good, "0"], ["0", "1"]]})
    for bad in ("0.25", "1e-3", "sqrt(1e0)", "x**2", "__import__('os')", "exp_eps"):
        with pytest.raises(FormatError):
            validate_mechanism_document({**base, "P": [[bad, "0"], ["0", "1"]]})


def test_a_bad_symbolic_entry_is_named(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"format": "ldpref.mechanism/1", "inputs": 2, "outputs": ["0", "1"],
                                "P": [["sqrt(3)", "0"], ["1 - sqrt(3)", "1"]]}))
    with pytest.raises(ValueError, match=r"P\['0'\]\[0\] = sqrt\(3\) exceeds 1"):  # named by its position
        load_mechanism(str(path))


def test_an_irrational_exp_eps_is_written_symbolically_and_audited(tmp_path, capsys):
    path = tmp_path / "grr.json"
    assert main(["mechanism", "grr", "--set", "d=3", "eps=1/2", "--json", str(path)]) == 0
    doc = json.loads(path.read_text())
    assert doc["P"][0][0] == "exp(1/2)/(2 + exp(1/2))" and doc["name"] == "grr(d=3, exp_eps=exp(1/2))"
    capsys.readouterr()
    assert main(["audit", str(path), "--counts", "2,1,0", "--json", "-", "--digits", "30"]) == 0
    audit = json.loads(capsys.readouterr().out)
    assert audit["exp_eps"] == "exp(1/2)"
    e = sympy.exp(sympy.Rational(1, 2))
    exact = moments.variance(model("grr", d=3, exp_eps=e), [2, 1, 0])
    from ldpref.decimals import decimal_text

    assert audit["decimal"]["variance"] == [decimal_text(v, 30) for v in exact]
    assert main(["mechanism", "ss", "--set", "d=4", "eps=1", "--json", str(path)]) == 2  # k needed


@pytest.mark.parametrize("argv", [["oue", "--set", "d=10", "eps=1/2"], ["sue", "--set", "d=10", "exp_eps=3"]])
def test_large_symbolic_files_are_refused_in_one_line(argv, capsys):
    assert main(["mechanism", *argv, "--json", "-"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "symbolic entries" in err and "4,096" in err
