"""The ldpref command: JSON formats, exit codes, and `audit` against an independent brute force."""

import itertools
import json
from fractions import Fraction as F

import pytest

from ldpref.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---- an independent brute force over response tuples (Fractions only) -----------------------------
def brute_moments(P, Q, counts):
    d, U = len(P[0]), len(P)
    clients = [x for x, c in enumerate(counts) for _ in range(c)]
    n = len(clients)
    mean = [F(0)] * d
    second = [F(0)] * d
    for responses in itertools.product(range(U), repeat=n):
        prob = F(1)
        for x, y in zip(clients, responses):
            prob *= P[y][x]
        if prob == 0:
            continue
        est = [sum(Q[v][y] for y in responses) / n for v in range(d)]
        for v in range(d):
            mean[v] += prob * est[v]
            second[v] += prob * est[v] ** 2
    var = [second[v] - mean[v] ** 2 for v in range(d)]
    truth = [F(c, n) for c in counts]
    mse = [var[v] + (mean[v] - truth[v]) ** 2 for v in range(d)]
    return mean, var, mse


def all_datasets(d, n):
    for combo in itertools.combinations_with_replacement(range(d), n):
        yield tuple(combo.count(x) for x in range(d))


HAND_MADE = [
    # (P rows, Q rows or None)
    ([["1/2", "0"], ["1/2", "1/3"], ["0", "2/3"]], None),
    ([["3/4", "1/4", "1/4"], ["1/4", "3/4", "1/4"], ["0", "0", "1/2"]],
     [["3/2", "-1/2", "-1/2"], ["-1/2", "3/2", "-1/2"], ["0", "0", "2"]]),
    # a biased decoder
    ([["2/3", "1/3"], ["1/3", "2/3"]], [["1", "0"], ["0", "1"]]),
]


@pytest.mark.parametrize("P,Q", HAND_MADE)
@pytest.mark.parametrize("counts", [(1, 1), (2, 0), (0, 3)])
def test_audit_matches_brute_force(tmp_path, capsys, P, Q, counts):
    d = len(P[0])
    counts = (counts + (1,) * d)[:d]
    doc = {"format": "ldpref.mechanism/1", "name": "hand", "inputs": d,
           "outputs": [f"y{u}" for u in range(len(P))], "P": P}
    if Q is not None:
        doc["Q"] = Q
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc))
    code, out, err = run(capsys, "audit", str(path), "--counts", ",".join(map(str, counts)), "--json", "-")
    assert code == 0, err
    audit = json.loads(out)
    assert audit["format"] == "ldpref.audit/1"
    Pf = [[F(x) for x in row] for row in P]
    if Q is None:  # Moore-Penrose, checked by its defining property instead of recomputed
        Qf = [[F(x) for x in row] for row in _mp(P)]
    else:
        Qf = [[F(x) for x in row] for row in Q]
    mean, var, mse = brute_moments(Pf, Qf, counts)
    assert [F(x) for x in audit["expectation"]] == mean
    assert [F(x) for x in audit["variance"]] == var
    assert [F(x) for x in audit["mse"]] == mse
    n = sum(counts)
    assert audit["n"] == n and audit["counts"] == list(counts)
    worst_mse = max(max(brute_moments(Pf, Qf, c)[2]) for c in all_datasets(d, n))
    worst_l2 = max(sum(brute_moments(Pf, Qf, c)[2]) for c in all_datasets(d, n))
    assert F(audit["mse_worst"]) == worst_mse
    assert F(audit["l2_worst"]) == worst_l2


def _mp(P):
    import sympy

    M = sympy.Matrix([[sympy.Rational(x) for x in row] for row in P])
    return [[str(x) for x in row] for row in ((M.T * M).inv() * M.T).tolist()]


def test_audit_text_and_exp_eps(tmp_path, capsys):
    path = tmp_path / "grr.json"
    assert run(capsys, "mechanism", "grr", "--set", "d=3", "exp_eps=3", "--json", str(path))[0] == 0
    code, out, _ = run(capsys, "audit", str(path), "--counts", "1,1,0")
    assert code == 0
    assert "e^eps = 3" in out and "unbiased (QP = I): True" in out
    assert "variance     5/8, 5/8, 1/2" in out


def test_mechanism_export_roundtrip(capsys):
    code, out, _ = run(capsys, "mechanism", "ss", "--set", "d=4", "k=2", "exp_eps=5/2", "--json", "-")
    assert code == 0
    doc = json.loads(out)
    assert doc["format"] == "ldpref.mechanism/1" and doc["inputs"] == 4 and len(doc["outputs"]) == 6
    # weights 5/2 (input in the subset) and 1: Z = C(3,1) 5/2 + C(3,2) = 15/2 + 3 = 21/2
    assert doc["P"][0] == ["5/21", "5/21", "2/21", "2/21"]
    assert len(doc["Q"]) == 4 and len(doc["Q"][0]) == 6


@pytest.mark.parametrize("argv,needle", [
    (["mechanism", "grr", "--set", "d=3", "exp_eps=0.5", "--json", "-"], "exp_eps = 1/2: e^eps must exceed 1"),
    (["wss", "--set", "d=3", "exp_eps=sqrt(2)", "--json", "-"], "must be rational"),
    (["mechanism", "grr", "--set", "d=3", "exp_eps=1", "--json", "-"], "must exceed 1"),
    (["mechanism", "grr", "--set", "d=1", "exp_eps=3", "--json", "-"], "d = 1"),
    (["mechanism", "ss", "--set", "d=4", "k=4", "exp_eps=3", "--json", "-"], "k = 4"),
    (["mechanism", "grr", "--set", "d=3", "--json", "-"], "missing --set exp_eps"),
    (["mechanism", "nope", "--json", "-"], "unknown mechanism"),
    (["verify", "--claim", "nope/x"], "unknown paper"),
    (["verify", "--paper", "nope"], "unknown paper"),
    (["latex", "jiang-gcms/none"], "no claim"),
    (["eval", "jiang-gcms/sec2.B.variance", "--set", "p=inf", "q=1/5", "n=3", "f=1"], "inf is not finite"),
    (["eval", "jiang-gcms/sec2.B.variance", "--set", "p=1/3"], "missing values"),
])
def test_bad_input_exits_2_with_a_named_error(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert needle in err


@pytest.mark.parametrize("doc,needle", [
    ({"format": "ldpref.mechanism/1", "inputs": 2, "outputs": ["a", "b"], "P": [["1/2", 0.5], ["1/2", "1/2"]]},
     "P[0][1]"),
    ({"format": "ldpref.mechanism/1", "inputs": 2, "outputs": ["a", "b"], "P": [["1/2", "1/3"], ["1/2", "1/2"]]},
     "column 1"),
    ({"format": "ldpref.mechanism/1", "inputs": 2, "outputs": ["a", "b"], "P": [["1/2", "1/2"], ["1/2", "1/2"]]},
     "rank 1"),
    ({"format": "ldpref.mechanism/1", "inputs": 2, "outputs": ["a", "b", "c"],
      "P": [["1/2", "-1/2"], ["1/2", "1/2"], ["0", "1"]]}, "P['a'][1] = -1/2 is negative"),
    ({"format": "ldpref.mechanism/2", "inputs": 2, "outputs": ["a"], "P": [["1", "1"]]}, "format"),
    ({"format": "ldpref.mechanism/1", "inputs": 2, "outputs": ["a", "b"], "P": [["1", "0"], ["0", "1"]],
      "Q": [["1", "0"]]}, "Q: expected a list of 2 rows"),
])
def test_bad_mechanism_files(tmp_path, capsys, doc, needle):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    code, _, err = run(capsys, "audit", str(path))
    assert code == 2
    assert needle in err


def test_bad_counts(tmp_path, capsys):
    path = tmp_path / "grr.json"
    run(capsys, "mechanism", "grr", "--set", "d=3", "exp_eps=3", "--json", str(path))
    for counts, needle in [("1,-1,0", "counts[1] = -1 is negative"), ("1,1", "2 entries"),
                           ("1,x,0", "counts[1]"), ("0,0,0", "empty")]:
        code, _, err = run(capsys, "audit", str(path), "--counts", counts)
        assert code == 2 and needle in err


def test_verify_json_and_table(capsys):
    code, out, err = run(capsys, "verify", "--claim", "jiang-gcms/sec2.B.estimator", "--json", "-")
    assert code == 0
    doc = json.loads(out)
    assert doc["format"] == "ldpref.verify/1"
    (c,) = doc["claims"]
    assert c["verdict"] == "erratum"
    ce = c["counterexample"]
    assert ce["params"] == {"protocol": "grr", "d": "2", "exp_eps": "2", "counts": "(1, 0)"}
    assert (ce["printed"], ce["exact"], ce["printed_text"], ce["exact_text"]) == ("3", "1", "3", "1")
    assert ce["quantity"]  # the check whose instance it is
    assert c["correction_plain_latex"] == r"\hat{f}(d) = \frac{S - n q}{p - q}"  # the printed form, exponent dropped
    assert c["correction_latex"] == r"\hat{f}(d) = \textcolor{red}{\frac{S - n q}{p - q}}"  # the changed group marked
    assert doc["summary"]["erratum"] == 1
    assert "jiang-gcms/sec2.B.estimator" in err and "erratum" in err  # the table went to stderr


def test_claims_and_latex(capsys):
    code, out, _ = run(capsys, "claims", "--paper", "pan-strict")
    assert code == 0 and "pan-strict/thm3.1" in out and "jiang-gcms" not in out
    code, out, _ = run(capsys, "latex", "pan-strict/thm2.2")
    assert code == 0
    assert "not available in our copy" in out
    assert r"\mathrm{Var}[\hat{f}] = \frac{1}{n} \left(Q^{\circ {2}} P f - f\right)" in out


def test_eval_exact_and_mpmath(capsys):
    code, out, _ = run(capsys, "eval", "jiang-gcms/sec2.B.variance", "--set", "p=3/5", "q=1/5", "n=10", "f=2",
                       "--json", "-")
    assert code == 0
    doc = json.loads(out)
    # (2 * 3/5 * 2/5 + 8 * 1/5 * 4/5) / (2/5)^2 = (12/25 + 32/25) / (4/25) = 11
    assert doc["forms"]["derived"][0]["exact"] == "11" and doc["forms"]["printed"][0]["exact"] == "11"
    assert doc["forms"]["derived"][0]["rational"] is True
    code, out, _ = run(capsys, "eval", "jiang-gcms/sec3.A.SUE", "--set", "exp_eps=3", "--digits", "20", "--json", "-")
    doc = json.loads(out)
    p = doc["forms"]["derived"][0]
    assert p["rational"] is False and p["mpmath"].startswith("0.6339745962155613532")
    assert abs(p["numpy"] - 0.6339745962155614) < 1e-15
