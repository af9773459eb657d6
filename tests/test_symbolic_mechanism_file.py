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


# -- signs and orders of constant entries: exact (ldpref.exact), never a 60-digit rounding (as on 7c4ed40) --------

def _write(tmp_path, P, name="m.json"):
    path = tmp_path / name
    path.write_text(json.dumps({"format": "ldpref.mechanism/1", "inputs": len(P[0]),
                                "outputs": [str(u) for u in range(len(P))], "P": P}))
    return path


def _audit_exp_eps(path, capsys):
    capsys.readouterr()
    assert main(["audit", str(path), "--json", "-"]) == 0
    return json.loads(capsys.readouterr().out)["exp_eps"]


def test_entries_closer_than_any_rounding_are_ordered_exactly(tmp_path, capsys):
    """1/2 + e^-200 and 1/2 agree to 86 digits: rounded to 60 they were equal and e^eps came out 1.  The largest
    ratio is row 1's (1/2) / (1/2 - e^-200), above row 0's (1/2 + e^-200) / (1/2) by about e^-400."""
    from ldpref.privacy import exp_eps

    path = _write(tmp_path, [["1/2 + exp(-200)", "1/2"], ["1/2 - exp(-200)", "1/2"]])
    tiny = sympy.exp(-200)
    expected = sympy.Rational(1, 2) / (sympy.Rational(1, 2) - tiny)
    got = exp_eps(load_mechanism(str(path)))
    assert got != 1 and sympy.simplify(got - expected) == 0
    assert sympy.simplify(got - (1 + 2 * tiny)) != 0  # not row 0's ratio: the two differ by 4 e^-400 / (1 - 2e^-200)
    assert _audit_exp_eps(path, capsys) == str(got)


def test_an_entry_that_is_exactly_one_is_not_refused_by_a_rounding(tmp_path, capsys):
    """log 6 - log 2 - log 3 is 0: its 60-digit value is a residue, which made 1 - (log 6 - log 2 - log 3) "exceed
    1".  Proved 0, the entry is 0 and the row [0, 1/2] gives e^eps = oo (a zero beside a non-zero entry)."""
    zero = "log(6) - log(2) - log(3)"
    path = _write(tmp_path, [[zero, "1/2"], [f"1 - ({zero})", "1/2"]])
    load_mechanism(str(path))
    assert _audit_exp_eps(path, capsys) is None  # the audit's e^eps = oo


def test_an_entry_proved_zero_is_zero_when_reading_e_eps(tmp_path):
    """(sqrt 2 + sqrt 3)^2 - 5 - 2 sqrt 6 is 0 (not written as 0): its row [0, 1/2] has no finite ratio."""
    from ldpref.privacy import exp_eps

    zero = "(sqrt(2) + sqrt(3))**2 - 5 - 2*sqrt(6)"
    assert exp_eps(load_mechanism(str(_write(tmp_path, [[zero, "1/2"], [f"1 - ({zero})", "1/2"]])))) == sympy.oo


@pytest.mark.parametrize("P, message", [
    ([["-exp(-200)", "1/2"], ["1 + exp(-200)", "1/2"]], r"P\['0'\]\[0\] = -exp\(-200\) is negative"),
    ([["exp(exp(-200)) - exp(-200)", "1/2"], ["1 - exp(exp(-200)) + exp(-200)", "1/2"]],
     r"P\['0'\]\[0\] = .* exceeds 1"),
])
def test_entries_a_hair_outside_zero_one_are_refused(tmp_path, P, message):
    """-e^-200 < 0 and e^(e^-200) - e^-200 = 1 + e^-400/2 + ... > 1: signs decided by enclosures, however close."""
    with pytest.raises(ValueError, match=message):
        load_mechanism(str(_write(tmp_path, P)))


def test_a_column_summing_to_one_in_another_form_is_accepted_and_one_a_hair_off_is_not(tmp_path):
    """Column 0 sums to 1 + log 12 - log 10 + log 5 - log 6 = 1 (proved); with e^-200 added it is refused."""
    load_mechanism(str(_write(tmp_path, [["log(12) - log(10)", "1/2"], ["1 + log(5) - log(6)", "1/2"]])))
    with pytest.raises(ValueError, match=r"column 0 of P .* not 1"):
        load_mechanism(str(_write(tmp_path, [["log(12) - log(10)", "1/2"],
                                             ["1 + log(5) - log(6) + exp(-200)", "1/2"]])))


def test_a_sign_that_cannot_be_decided_is_one_line_naming_the_entry(tmp_path, monkeypatch, capsys):
    """A tie that is not proved (simulated: no proof of 0 succeeds) is an error naming the entry, not a pass."""
    import ldpref.exact

    zero = "log(6) - log(2) - log(3)"
    path = _write(tmp_path, [[zero, "1/2"], [f"1 - ({zero})", "1/2"]])
    monkeypatch.setattr(ldpref.exact, "is_zero", lambda value: False)
    capsys.readouterr()
    assert main(["audit", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("ldpref: error: ") and str(path) in err
    assert "P['0'][0] = " in err and "cannot decide whether it is >= 0" in err


def test_a_ratio_no_enclosure_orders_is_refused_not_compared_with_none(tmp_path, monkeypatch):
    """exact_order says None (no enclosure) for the row ratio against the best so far: a MechanismError naming the
    mechanism, never a TypeError from ``None > 0`` nor a silently kept e^eps."""
    import ldpref.exact as exact
    import ldpref.privacy as privacy
    from ldpref.errors import MechanismError

    mech = load_mechanism(str(_write(tmp_path, [["sqrt(2)/3", "1/2"], ["1 - sqrt(2)/3", "1/2"]])))
    order = exact.exact_order  # the entries are still ordered; only a ratio against the best so far (1) has none
    monkeypatch.setattr(exact, "exact_order", lambda a, b, *rest, **kw: None if b == 1 else order(a, b, *rest, **kw))
    with pytest.raises(MechanismError, match="cannot read e\\^eps"):
        privacy.exp_eps(mech)
