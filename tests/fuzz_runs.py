"""Fuzz vocabulary for commands that really run (issue 26, item 7): ``conform`` with generated adapters that
misbehave, ``simulate`` on generated data files, and output paths that collide.

Unlike :mod:`fuzz_strategies` (bad command lines, refused before any work), these cases may run: a conform case
runs its adapter in a subprocess for a few trials, a simulate case runs two trials on a tiny dataset.  The rule
(:func:`fuzz_strategies.judge` with the case's ``run_codes``): exit 2 is a refused input (one line
``ldpref: error: ...``); the codes a run may end with (conform and simulate: 0 agrees, 1 disagrees or a case
failed) are allowed with no traceback on stderr; nothing runs over the time limit.
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

from fuzz_strategies import MISSING_DIR, TMP, Case, pick

#: a GRR client and its unbiased server in the standard library only (e^eps = 2); each case's server answer is
#: then replaced by one of SERVER_ANSWERS
ADAPTER_HEAD = '''
import math, os, random, sys, time
ADAPTER_NAME = "fuzz"
CASES = {cases}
def _d(case):
    return int(case["params"]["d"])
def client(case, values, seed):
    {client}
def _est(case, reports):
    d = _d(case); e = 2.0
    p, q = e / (e + d - 1), 1 / (e + d - 1)
    n = max(len(reports), 1); counts = [0] * d
    for r in reports:
        counts[r] += 1
    return [(c / n - q) / (p - q) for c in counts]
def server(case, reports):
    est = _est(case, reports)
    {server}
'''
GOOD_CLIENT = ('rng = random.Random(seed); d = _d(case); p = 2.0 / (2.0 + d - 1); out = []\n'
               '    for v in values:\n'
               '        o = rng.randrange(d - 1)\n'
               '        out.append(v if rng.random() < p else o + (o >= v))\n'
               '    return out')
CLIENTS = {
    "good": GOOD_CLIENT,
    "unseeded": GOOD_CLIENT.replace("random.Random(seed)", "random.Random()"),
    "raises": 'raise ValueError("client failed")',
    "none": "return None",
    "exits": "os._exit(4)",
    "prints": 'print("not a protocol line"); ' + GOOD_CLIENT,
}
SERVER_ANSWERS = {
    "ok": "return est", "short": "return est[:-1]", "long": "return est + [0.0]", "empty": "return []",
    "nan": 'return [float("nan")] + est[1:]', "inf": 'return est[:-1] + [float("inf")]',
    "-inf": 'return [float("-inf")] * len(est)', "huge": "return [1e308, -1e308] + est[2:]",
    "plus1e300": "return [x + 1e300 for x in est]", "strings": "return [str(x) for x in est]",
    "none": "return None", "bools": "return [True] * len(est)", "nested": "return [[x] for x in est]",
    "dict": 'return {"a": 1}', "bigint": "return [10 ** 400] * len(est)", "int": "return [0] * len(est)",
    "complex": "return [1j] * len(est)", "generator": "return (x for x in est)", "tuple": "return tuple(est)",
    "raise": 'raise RuntimeError("server failed")', "exit": "os._exit(3)", "sysexit": "sys.exit(0)",
    "print": 'print("garbage"); return est', "stderr": 'print("noise", file=sys.stderr); return est',
    "sleep": "time.sleep(3); return est", "recursion": "return server(case, reports)",
    "counts": "return [x * len(reports) for x in est]", "tiny": "return [x + 1e-300 for x in est]",
    "subnormal": "return [5e-324] * len(est)", "negzero": "return [-0.0] * len(est)",
}
GOOD_CASE = {"id": "c", "mechanism": "grr", "params": {"d": 3, "exp_eps": "2"}, "counts": [[4, 2, 2]]}


def _case(**change):
    case = json.loads(json.dumps(GOOD_CASE))
    case.update(change)
    return case


#: the CASES list of the adapter (a Python expression): the good case, or one damaged
CASE_LISTS = {
    "good": [GOOD_CASE], "two": [GOOD_CASE, _case(id="d", params={"d": 4, "exp_eps": "3"}, counts=[[3, 2, 1, 1]])],
    "huge-count": [_case(counts=[[10 ** 30, 1, 1]])], "negative": [_case(counts=[[-1, 2, 2]])],
    "zero": [_case(counts=[[0, 0, 0]])], "float-count": [_case(counts=[[1.5, 2, 2]])],
    "short-counts": [_case(counts=[[4, 2]])], "no-counts": [{k: v for k, v in GOOD_CASE.items() if k != "counts"}],
    "counts-str": [_case(counts="4,2,2")], "d-nan": [_case(params={"d": "nan", "exp_eps": "2"})],
    "d-huge": [_case(params={"d": 10 ** 9, "exp_eps": "2"}, counts=None)],
    "e-one": [_case(params={"d": 3, "exp_eps": "1"})], "e-neg": [_case(params={"d": 3, "exp_eps": "-2"})],
    "e-float": [_case(params={"d": 3, "exp_eps": 2.0})], "e-text": [_case(params={"d": 3, "exp_eps": "two"})],
    "mech": [_case(mechanism="no-such")], "mech-none": [_case(mechanism=None)],
    "dup": [GOOD_CASE, GOOD_CASE], "no-id": [{k: v for k, v in GOOD_CASE.items() if k != "id"}],
    "extra-key": [_case(colour="red")], "hash-adapter": [_case(mechanism="olh", hash="adapter",
                                                               params={"d": 3, "exp_eps": "2", "m": 2})],
    "post": [_case(postprocess="round")], "params-list": [_case(params=[1, 2])],
    "not-a-list": "x", "none": None, "empty": [],
}
CASE_LISTS = {k: (json.dumps(v) if not isinstance(v, str) else repr(v)).replace("null", "None") for k, v in
              CASE_LISTS.items()}


def adapter_source(cases: str, client: str, server: str) -> bytes:
    return ADAPTER_HEAD.format(cases=CASE_LISTS[cases], client=CLIENTS[client],
                               server=SERVER_ANSWERS[server]).encode()


def conform_run_cases() -> st.SearchStrategy:
    """``ldpref conform`` on a generated adapter that really runs (20 trials, the least conform takes), misbehaving in
    one way or two."""
    def build(args):
        cases, client, server, trials, extra = args
        files = {"a.py": adapter_source(cases, client, server)}
        return Case(["conform", f"{TMP}/a.py", "--trials", trials, "--timeout", "2", *extra], files, run_codes=(0, 1))

    client = st.one_of(st.just("good"), st.just("good"), pick(sorted(CLIENTS)))
    extra = pick([[], [], ["--json", f"{TMP}/out.json"], ["--json", f"{TMP}/o.json", "--report", f"{TMP}/o.json"],
                  ["--report", MISSING_DIR], ["--case", "zz"], ["--case", "c"], ["--seed", "3"], ["--progress"],
                  ["--json", "-"], ["--alpha", "1/2"]])
    # the good CASES list half the time, so the clients and server answers are exercised, not only describe
    cases = st.one_of(st.just("good"), pick(sorted(CASE_LISTS)))
    return st.tuples(cases, client, pick(sorted(SERVER_ANSWERS)), pick(["20", "21"]), extra).map(build)


#: data files for ``simulate --data PATH`` (and ``csv:PATH,column=...``)
DATA_FILES = {
    "ok": b"0\n1\n2\n0\n", "blank-lines": b"0\n\n1\n\n", "empty": b"", "blank": b"\n \n\t\n",
    "binary": b"\x00\x01\xff\xfe",
    "latin": b"caf\xe9\nthe\n", "bom": b"\xef\xbb\xbfa\nb\n", "huge-line": b"x" * 200_000, "one": b"a\n",
    "huge-int": b"9" * 400 + b"\n1\n", "negative": b"-1\n2\n", "csv": b"name,age\nann,3\nbob,4\n",
    "csv-ragged": b"name,age\nann\nbob,4,5\n", "csv-header-only": b"name,age\n", "csv-quote": b'name\n"unterminated\n',
    "crlf": b"a\r\nb\r\n", "nul-line": b"a\n\x00\nb\n", "many-values": b"\n".join(str(i).encode() for i in range(5000)),
}
DATA_SPECS = ["{f}", "csv:{f}", "csv:{f},column=age", "csv:{f},column=nope", "csv:{f},column=", "csv:{f},column=0"]


def simulate_data_cases() -> st.SearchStrategy:
    """``ldpref simulate grr`` on a generated data file (2 trials, exact moments skipped where the file is big)."""
    def build(args):
        name, spec, extra, odd = args
        path = odd if odd else spec.format(f=f"{TMP}/{name}.dat")
        return Case(["simulate", "grr", "--set", "exp_eps=3", "--data", path, "--trials", "2", *extra],
                    {} if odd else {f"{name}.dat": DATA_FILES[name]}, run_codes=(0, 1))

    odd = st.one_of(st.just(None), st.just(None), st.just(None),
                    pick([f"{TMP}/missing.dat", TMP, "/dev/null", "/proc/self/mem", f"csv:{TMP}", "csv:/dev/null"]))
    extra = pick([[], ["--no-exact"], ["--json", f"{TMP}/o.json", "--csv", f"{TMP}/o.json"], ["--json", "-"],
                  ["--csv", f"{TMP}/o.csv"], ["--set", "d=2"], ["--quiet"]])
    return st.tuples(pick(sorted(DATA_FILES)), pick(DATA_SPECS), extra, odd).map(build)


#: strategy per command, with its share of the run cases (benchmarks/fuzz.py draws them beside the bad-input ones)
RUN_STRATEGIES = {"conform-run": (conform_run_cases, 0.6), "simulate-data": (simulate_data_cases, 0.4)}
