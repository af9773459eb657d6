"""``ldpref conform`` (issue 11, part 2): a correct adapter passes, a biased one fails, bad adapters are
reported by name and call without stopping the run, and the exact targets are checked independently.

Statistical false-alarm rate: every run below uses ``--alpha 1/1000`` (Holm over the run's tests), so a
correct adapter fails with probability at most 10^-3 per run; the seeds are fixed, so the outcome is
deterministic.  The biased adapter's bias (an off-by-one in d) is about 10 standard errors at 60 trials.
"""

from __future__ import annotations

import itertools
import json
import os
import textwrap

import pytest
import sympy

from ldpref.cli import main
from ldpref.conformance.target import exact_target, postprocessed_target

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ADAPTERS = os.path.join(ROOT, "conformance", "adapters")


def _run(capsys, *argv):
    code = main(["conform", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_reference_adapter_conforms(capsys, tmp_path):
    out_json = tmp_path / "r.json"
    code, out, _ = _run(capsys, os.path.join(ADAPTERS, "reference_grr.py"), "--trials", "60", "--seed", "1",
                        "--json", str(out_json))
    assert code == 0, out
    doc = json.loads(out_json.read_text())
    assert doc["conforms"] and [c["status"] for c in doc["cases"]] == ["conforms", "conforms"]
    assert all(c["datasets"][0]["comparisons"][0]["min_detectable_bias"] for c in doc["cases"])
    assert "2 of 2 case(s) conform: CONFORMS" in out


def test_biased_adapter_fails(capsys):
    code, out, _ = _run(capsys, os.path.join(ADAPTERS, "biased_grr.py"), "--trials", "60", "--seed", "1")
    assert code == 1
    assert "DOES NOT CONFORM  grr-d4-e3" in out and "column-space-mean" in out  # bounded tests (issue 26)


def _adapter(tmp_path, body, name="bad.py"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return str(path)


GOOD = '''
import numpy as np
ADAPTER_NAME = "mixed"
def _pq(d, e):
    return e / (e + d - 1), 1 / (e + d - 1)
def client(case, values, seed):
    rng = np.random.default_rng(seed)
    v = np.asarray(values)
    o = rng.integers(0, 2, size=len(v))
    o = o + (o >= v)
    return np.where(rng.random(len(v)) < 0.5, v, o).tolist()
def _est(reports):
    p, q = _pq(3, 2.0)
    return ((np.bincount(reports, minlength=3) / len(reports) - q) / (p - q)).tolist()
'''


def test_bad_adapter_calls_are_reported_and_the_run_goes_on(capsys, tmp_path):
    path = _adapter(tmp_path, GOOD + '''
import math, time
CASES = [{"id": c, "mechanism": "grr", "params": {"d": 3, "exp_eps": "2"}, "counts": [[4, 2, 2]]}
         for c in ("good", "shape", "nan", "raises", "slow")]
CASES.append({"id": "unknown-mech", "mechanism": "no-such", "params": {"d": 3}, "counts": [[1, 1, 1]]})
def server(case, reports):
    est = _est(reports)
    if case["id"] == "shape":
        return est[:2]
    if case["id"] == "nan":
        return [math.nan] + est[1:]
    if case["id"] == "raises":
        raise RuntimeError("boom")
    if case["id"] == "slow":
        time.sleep(30)
    return est
''')
    out_json = tmp_path / "mixed.json"
    code, out, _ = _run(capsys, path, "--trials", "30", "--timeout", "1", "--json", str(out_json))
    assert code == 1
    doc = json.loads(out_json.read_text())
    status = {c["id"]: (c["status"], c["message"]) for c in doc["cases"]}
    assert status["good"][0] == "conforms"
    for case in ("shape", "nan", "raises", "slow", "unknown-mech"):
        assert status[case][0] == "error", case
        assert status[case][1], case
    assert "returned 2 estimates, expected d = 3" in status["shape"][1] and "bad.py" in status["shape"][1]
    assert "estimate 0 is nan" in status["nan"][1]
    assert "RuntimeError: boom" in status["raises"][1] and "trial" in status["raises"][1]
    assert "ran past the time limit of 1 s" in status["slow"][1]
    assert "not in ldpref's registry" in status["unknown-mech"][1]
    assert "1 of 6 case(s) conform" in out


@pytest.mark.parametrize("body, needle", [
    ("import no_such_library_xyz\nCASES = []\n", "import: ModuleNotFoundError"),
    ("CASES = [{'id': 'a', 'mechanism': 'grr', 'params': {'d': 2, 'exp_eps': '2'}}]\n"
     "def client(case, values, seed):\n    return values\n", "no function server"),
    ("def client(case, values, seed):\n    return values\n", "no CASES list"),
])
def test_adapter_that_cannot_run_is_a_problem_not_a_pass(capsys, tmp_path, body, needle):
    code, out, _ = _run(capsys, _adapter(tmp_path, body), "--trials", "20")
    assert code == 1
    assert needle in out and "bad.py" in out and "DOES NOT CONFORM" in out


@pytest.mark.parametrize("argv, needle", [
    (["missing.py"], "no such file"),
    (["{ref}", "--trials", "5"], "--trials"),
    (["{ref}", "--alpha", "2"], "--alpha"),
    (["{ref}", "--timeout", "0"], "--timeout"),
    (["{ref}", "--python", "/nonexistent/python"], "--python"),
])
def test_bad_command_line_exits_2(capsys, argv, needle):
    argv = [a.replace("{ref}", os.path.join(ADAPTERS, "reference_grr.py")) for a in argv]
    code, _, err = _run(capsys, *argv)
    assert code == 2 and needle in err and len(err.strip().splitlines()) == 1


def test_fresh_function_per_client_equals_the_family_of_all_functions():
    """The k -> infinity limit of the ideal family equals a fixed family holding every function [d] -> [m]
    once (each client picking one uniformly is a fresh uniform function), an independent construction."""
    case = {"id": "t", "mechanism": "olh", "params": {"d": 3, "exp_eps": "3", "m": 2}}
    every = [list(f) for f in itertools.product(range(2), repeat=3)]
    counts = [3, 1, 0]
    fresh = exact_target({**case, "hash": "fresh"}, counts)
    fixed = exact_target({**case, "hash": "adapter"}, counts, every)
    assert fresh.mean == fixed.mean
    assert (fresh.cov - fixed.cov).applyfunc(sympy.simplify).is_zero_matrix
    # and a wrong family (one function only) differs: the comparison can fail
    wrong = exact_target({**case, "hash": "adapter"}, counts, every[1:2])
    assert wrong.mean != fresh.mean


def test_clip_normalise_moments_by_hand():
    """GRR d = 2, e^eps = 3, one client with input 0: p = 3/4.  Unclipped estimates (2 nu_0 - 1/2,
    2 nu_1 - 1/2) are (3/2, -1/2) w.p. 3/4 and (-1/2, 3/2) w.p. 1/4; clipped and normalised: (1, 0) and
    (0, 1).  So E = (3/4, 1/4) and Var = 3/16 each, Cov = -3/16."""
    case = {"id": "t", "mechanism": "grr", "params": {"d": 2, "exp_eps": "3"}, "postprocess": "clip-normalise"}
    t = postprocessed_target(case, [1, 0])
    assert t.mean == [sympy.Rational(3, 4), sympy.Rational(1, 4)]
    assert t.var == [sympy.Rational(3, 16)] * 2 and t.cov[0, 1] == -sympy.Rational(3, 16)


def _vector_file(folder, shift=0):
    """A one-test ldpref.vectors/1 file for grr d = 3, eps = ln(3) on counts (6, 4, 2), decimals from ldpref's
    exact moments (``shift`` added to the first expectation: a wrong vector)."""
    from ldpref import moments
    from ldpref.mechanisms import grr

    mech, counts = grr(3, 3).mechanism, [6, 4, 2]
    dec = lambda x: str(sympy.N(x, 50))  # noqa: E731
    ds = {"counts": counts, "n": 12,
          "expectation": {"decimal": [dec(x + (shift if v == 0 else 0))
                                      for v, x in enumerate(moments.expectation(mech, counts))]},
          "variance": {"decimal": [dec(x) for x in moments.variance(mech, counts)]},
          "covariance": {"decimal": [[dec(x) for x in row] for row in moments.covariance(mech, counts).tolist()]}}
    test = {"tcId": "grr/d=3,eps=ln(3)", "parameters": {"d": "3", "eps": "ln(3)"},
            "exp_eps": {"decimal": "3", "exact": "3"}, "datasets": [ds]}
    folder.mkdir()
    (folder / "grr.json").write_text(json.dumps({"format": "ldpref.vectors/1", "mechanism": "grr", "tests": [test]}))
    return str(folder)


def test_vectors_are_the_target_of_matching_cases(capsys, tmp_path):
    adapter = _adapter(tmp_path, f'''
import sys
sys.path.insert(0, {ADAPTERS!r})
from reference_grr import client, server
CASES = [{{"id": "v", "mechanism": "grr", "params": {{"d": 3, "exp_eps": "3"}}}}]
''', name="onvectors.py")
    good = _vector_file(tmp_path / "good")
    code, out, _ = _run(capsys, adapter, "--vectors", good, "--trials", "60")
    assert code == 0 and "target: test vector grr/d=3,eps=ln(3)" in out and "counts=[6, 4, 2]" in out
    wrong = _vector_file(tmp_path / "wrong", shift=sympy.Rational(1, 5))  # the vector, not the adapter, is wrong
    code, out, _ = _run(capsys, adapter, "--vectors", wrong, "--trials", "60")
    assert code == 1 and "REJECTED: " in out and "chi2-mean" in out
    (tmp_path / "notvec").mkdir()
    (tmp_path / "notvec" / "x.json").write_text("{}")
    code, _, err = _run(capsys, adapter, "--vectors", str(tmp_path / "notvec"))
    assert code == 2 and "not an ldpref.vectors/1 file" in err


def test_hash_adapter_cases_need_good_hash_functions(capsys, tmp_path):
    path = _adapter(tmp_path, '''
CASES = [{"id": c, "mechanism": "olh", "params": {"d": 3, "exp_eps": "3", "m": 2}, "hash": "adapter",
          "counts": [[1, 1, 1]]} for c in ("outside", "ragged")]
def client(case, values, seed):
    return values
def server(case, reports):
    return [0.0, 0.0, 0.0]
def hash_functions(case):
    return [[0, 1, 2]] if case["id"] == "outside" else [[0, 1, 0], [1, 0]]
''', name="hashes.py")
    out_json = tmp_path / "h.json"
    code, _, _ = _run(capsys, path, "--trials", "20", "--json", str(out_json))
    assert code == 1
    status = {c["id"]: (c["status"], c["message"]) for c in json.loads(out_json.read_text())["cases"]}
    assert status["outside"][0] == "error" and "outside [m]" in status["outside"][1]
    assert status["ragged"][0] == "error" and "function 1 has 2 values" in status["ragged"][1]


IRREPRODUCIBLE = '''
import numpy as np
ADAPTER_NAME = "unseeded"
CASES = [{"id": "grr-d3", "mechanism": "grr", "params": {"d": 3, "exp_eps": "2"}, "counts": [[6, 3, 3]]}]
_RNG = np.random.default_rng()  # module-level and unseeded: the seed the harness passes is ignored
def client(case, values, seed):
    v = np.asarray(values)
    o = _RNG.integers(0, 2, size=len(v))
    o = o + (o >= v)
    return np.where(_RNG.random(len(v)) < 0.5, v, o).tolist()
def server(case, reports):
    p, q = 0.5, 0.25
    return ((np.bincount(reports, minlength=3) / len(reports) - q) / (p - q)).tolist()
'''


def test_an_adapter_that_ignores_its_seed_is_not_reproducible(capsys, tmp_path):
    """issue 26, item 6: every case runs its first trials twice with the same seeds; an adapter whose client
    ignores the seed (a correct GRR otherwise, so its statistics agree) is reported and the run fails, while a
    seeded adapter's reruns are identical."""
    out_json = tmp_path / "r.json"
    code, out, _ = _run(capsys, _adapter(tmp_path, IRREPRODUCIBLE), "--trials", "20", "--seed", "1",
                        "--json", str(out_json))
    assert code == 1
    (case,) = json.loads(out_json.read_text())["cases"]
    assert case["status"] == "not reproducible"
    assert case["reproducibility"]["identical"] is False and case["reproducibility"]["trials_rerun"] == 3
    assert "NOT REPRODUCIBLE  grr-d3" in out and "does not use the seed" in out
    code, out, _ = _run(capsys, os.path.join(ADAPTERS, "reference_grr.py"), "--trials", "20", "--seed", "1",
                        "--json", str(out_json))
    doc = json.loads(out_json.read_text())
    assert code == 0 and all(c["reproducibility"] == {"trials_rerun": 3, "identical": True, "detail": None}
                             for c in doc["cases"])
