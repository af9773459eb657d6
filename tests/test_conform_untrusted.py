"""``ldpref conform`` treats the adapter as untrusted input (issue 26): every number it returns is checked
before any statistic (a plain finite number, at most 2^40 n in absolute value, the right count), an answer
too long is refused unread, a case's own bad values (``exp_eps: "nan"``, 10^30 clients) are that case's
ERROR; the run goes on, never a traceback, never a huge allocation.  Deterministic: no statistic decides
these outcomes (every case here is an ERROR before any test runs, or its estimates overflow a statistic).
"""

from __future__ import annotations

import json
import os
import textwrap

import pytest

from ldpref.cli import main
from ldpref.conformance.runner import AdapterError, check_estimate

CASES = {
    "huge": [1e308, -1e308, 1e308],            # was 80 s, 5.6 GB, then a TypeError/MemoryError traceback
    "shifted": [1e300 + 0.5, 1e300, 1e300],    # was an OverflowError traceback in normal_two_sided_p
    "bigint": [10**400, 1, 1],                 # not a float: serve.py cannot convert it
    "object": [{"a": 1}, 1, 1],
    "short": [0.5, 0.5],
}

ADAPTER = '''
ADAPTER_NAME = "untrusted"
ANSWERS = {answers}
CASES = [{{"id": k, "mechanism": "grr", "params": {{"d": 3, "exp_eps": "3"}}, "counts": [[2, 1, 1]]}}
         for k in ANSWERS]
CASES.append({{"id": "nan-eps", "mechanism": "grr", "params": {{"d": 3, "exp_eps": "nan"}}, "counts": [[2, 1, 1]]}})
CASES.append({{"id": "float-eps", "mechanism": "grr", "params": {{"d": 3, "exp_eps": 2.5}}, "counts": [[2, 1, 1]]}})
CASES.append({{"id": "many-clients", "mechanism": "grr", "params": {{"d": 3, "exp_eps": "3"}},
              "counts": [[10**30, 1, 1]]}})
CASES.append({{"id": "tiny-variance", "mechanism": "grr", "params": {{"d": 3, "exp_eps": "1{zeros}"}},
              "counts": [[2, 1, 1]]}})
CASES.append({{"id": "long-answer", "mechanism": "grr", "params": {{"d": 3, "exp_eps": "3"}}, "counts": [[2, 1, 1]]}})
def client(case, values, seed):
    return list(values)
def server(case, reports):
    if case["id"] == "tiny-variance":   # within the bound; z = 10^12 / sqrt(10^-300) overflowed the asymptotic tests
        return [1e12, 0.25, 0.25]
    if case["id"] == "long-answer":     # 2 x 10^7 characters for d = 3
        return [0.5] * 2_000_000
    return ANSWERS.get(case["id"], [0.5, 0.25, 0.25])
'''


@pytest.fixture(scope="module")
def conform_doc(tmp_path_factory):
    folder = tmp_path_factory.mktemp("untrusted")
    body = ADAPTER.format(answers=repr(CASES), zeros="0" * 300)  # 10**400 is written out as a literal
    adapter = folder / "untrusted.py"
    adapter.write_text(textwrap.dedent(body))
    out = folder / "r.json"
    code = main(["conform", str(adapter), "--trials", "20", "--json", str(out)])
    return code, json.loads(out.read_text())


def _case(doc, case_id):
    return next(c for c in doc["cases"] if c["id"] == case_id)


def test_every_bad_answer_is_its_case_error_and_the_run_goes_on(conform_doc):
    code, doc = conform_doc
    assert code == 1 and not doc["conforms"] and not doc["problems"]
    assert len(doc["cases"]) == 10
    assert all(c["status"] == "error" and c["datasets"] == [] for c in doc["cases"])


@pytest.mark.parametrize("case_id, words", [
    ("huge", ["estimate 0 is 1e+308", "beyond any estimate of n = 4 clients"]),
    ("shifted", ["estimate 0 is 1e+300", "2^40 n"]),
    ("bigint", ["OverflowError"]),
    ("object", ["TypeError"]),
    ("short", ["returned 2 estimates, expected d = 3"]),
    ("nan-eps", ["case nan-eps", "'nan' is not an exact rational"]),
    ("float-eps", ["case float-eps", "2.5"]),
    ("many-clients", ["n = 1000000000000000000000000000002 clients", "at most 10,000,000"]),
    # a pure protocol is judged by ldpref.calibrated's bounded tests, which need its simulator's p and q: the
    # simulator's 200-character limit on a number refuses e^eps = 10^300 in one line (the asymptotic tests,
    # still used for hashed and post-processed cases, overflowed here before)
    ("tiny-variance", ["case tiny-variance", "exp_eps: 301 characters (at most 200)"]),
    ("long-answer", ["longer than", "not read"]),
])
def test_bad_answer_messages(conform_doc, case_id, words):
    message = _case(conform_doc[1], case_id)["message"]
    assert "\n" not in message
    for w in words:
        assert w in message, (w, message)


@pytest.mark.parametrize("value, words", [
    (float("nan"), "not a finite number"),
    ("nan", "not a finite number"),          # how serve.py sends a non-finite float
    ("1.5", "a str, not a number"),
    (True, "a bool, not a number"),
    ([1.0], "a list, not a number"),
    (2**41 * 10 + 1, "beyond any estimate of n = 10"),
    (-(2**41) * 10 - 1, "beyond any estimate of n = 10"),
    (10**400, "an integer of 1329 bits"),
])
def test_check_estimate_refuses(value, words):
    with pytest.raises(AdapterError, match=words):
        check_estimate([value, 0.0], 2, "where", n=10)


def test_check_estimate_accepts_the_bound_itself():
    assert check_estimate([2**40 * 10, -(2**40) * 10], 2, "where", n=10) == [float(2**40 * 10), -float(2**40 * 10)]


def test_two_outputs_and_unknown_case_are_checked_before_the_adapter_runs(tmp_path, capsys):
    adapter = tmp_path / "never.py"
    adapter.write_text("raise SystemExit('the adapter must not be imported')\n")
    same = str(tmp_path / "same")
    assert main(["conform", str(adapter), "--json", same, "--report", same]) == 2
    assert "name the same file" in capsys.readouterr().err
    assert not os.path.exists(same)
