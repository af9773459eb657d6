"""Vocabulary for fuzzing the ``ldpref`` command line with BAD input (issue 10, item 4).

Shared by ``tests/test_cli_fuzz.py`` (about 2,000 cases in CI) and ``benchmarks/fuzz.py`` (10,000+ cases).

A :class:`Case` is an argv plus the files it refers to; :func:`run_case` runs it in-process through
``ldpref.cli.main`` with a wall-clock limit (SIGALRM) and :func:`judge` applies the rule every bad input must
obey: no traceback, exit code 2, exactly one stderr line and it starts ``ldpref: error:``.  A generated input
that happens to be valid may exit 0 (nothing more is asserted of it than the absence of a traceback).

The generators aim at bad input and stay cheap: every size that is *valid* is small (d <= 6, counts <= 4),
every size that is large is absurd (>= 10**9, which must be refused by a size check before anything is
allocated).  ``verify`` and ``docs`` always end with an argument that is bad under any reading (a --jobs of
0/-1/10**6, an unknown claim, a claim of another paper, a --json in a missing folder), so no case starts a
ledger run; ``latex``/``eval`` use only claims whose forms build in milliseconds.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import sys
import time
import traceback
import warnings
from dataclasses import dataclass, field

from hypothesis import strategies as st

TMP = "@TMP@"  # replaced by the case's scratch folder when the case runs
LIMIT_SECONDS = 10.0

SUBCOMMANDS = ["verify", "claims", "latex", "eval", "mechanism", "mechanisms", "wss", "optimize", "audit", "docs",
               "moments",
               "conform", "discover", "vectors", "simulate", "figure", "errata"]
PAPERS = ["pan-cms", "pan-strict", "jiang-gcms", "cross"]

# claims whose derived/printed forms build in < 20 ms (measured 2026-11-25); eval and latex use only these
EVAL_CLAIMS = ["pan-cms/table2.RHR", "pan-cms/table1.CMS-HE.mse", "jiang-gcms/eq13",
               "pan-cms/table1.SS.mse", "pan-cms/eq14", "pan-strict/thm4.1", "pan-cms/sec3.6.bernoulli",
               "jiang-gcms/alg4", "pan-strict/thm2.5", "pan-cms/sec4.6.small-km", "pan-strict/thm5.1"]
EVAL_KEYS = ["exp_eps", "m", "d", "b", "k", "n", "p", "lambda", "f*", "m_1", "x", "x'", "cost", "q*", "p*", "f_v",
             "N_k", "d'", "#_k", "rank,A"]
# claims whose whole check (run_claim with LaTeX) took < 0.1 s: latex reaches them only with a bad companion
LATEX_CLAIMS = ["jiang-gcms/sec4.C.oue-split", "pan-cms/appE.cor3.7-increasing", "pan-cms/table1.OCMS.mse",
                "pan-cms/table1.HE.l2", "jiang-gcms/appA.case1"]
SOME_REAL_CLAIMS = LATEX_CLAIMS + EVAL_CLAIMS + ["pan-strict/eq2", "cross/gap", "jiang-gcms/lemma1",
                                                 "pan-cms/thm3.6"]

UNKNOWN_CLAIMS = ["pan-cms/no-such-claim", "nope/x", "", "pan-cms", "pan-cms/", "/", "pan-cms//thm3.6",
                  "PAN-CMS/thm3.6", "pan-cms/thm3.6\n", " pan-cms/thm3.6", "pan‐cms/thm3.6", "jiang-gcms/*",
                  "cross/gap/../gap", "x" * 5000, "pan-cms/\x00", "ü/ß", "..", "pan-cms/thm3.6.\x1b[31m"]

# ---- scalar values ------------------------------------------------------------------------------
HUGE = str(10**100)
BAD_NUMBERS = [
    "-1", "-3", "0", "1", HUGE, "-" + HUGE, str(10**9), str(2**63), "1e2", "0.1", "1.0", ".5", "2.", "1e-3",
    "nan", "NaN", "inf", "-inf", "Infinity", "３", "٣", "٠", "३", "1_0", "0x10", "0b11", "0o7", "", " ", "+",
    "-", "1/0", "0/0", "3/0", "1/-2", "-1/2", "1//2", "1/2/3", "½", "⅓", "sqrt(2)/2", "2**10", "10**100", "pi",
    "E", "oo", "zoo", "I", "exp_eps", "__import__('os')", "lambda: 0", "1 2", "1,2", "1;2", "[1]", "{}", "True",
    "None", "1j", "9" * 5000, "1/" + "9" * 5000, "a\nb", "3\n", "\t3", "\x00", "\x1b[2J", "\u202e3", "\udcff",
    "ｅ", "3" + "\u0301",
]
SMALL_VALID = ["2", "3", "4", "5/2", "3/2", "2/3", "1/3", "9/4", "4"]
VALUES = BAD_NUMBERS + SMALL_VALID

BAD_JOBS = ["0", "-1", "-5", "1000", HUGE, "x", "", "1.5", "nan", "inf", "٠", "０", "1e2", "1_0", "0x2", " 2 ",
            "2\n"]
#: --jobs values refused on any machine and under any reading of the number
SAFE_BAD_JOBS = ["0", "-1", "-5", str(10**6), HUGE, "x", "", "nan", "٠", "０", "-" + HUGE]
BAD_DIGITS = ["0", "-5", "-1", str(10**6), HUGE, "x", "", "1.5", "nan", "٣٠", "3e1", " 30"]

MISSING_DIR = f"{TMP}/no/such/folder/out.json"
PATHS = [MISSING_DIR, "/nonexistent-ldpref-dir/out.json", TMP, f"{TMP}/", "", f"{TMP}/out\x00.json",
         f"{TMP}/" + "x" * 300 + ".json", "/proc/version", "/dev/full", f"{TMP}/ok.json", "-", f"{TMP}/a\nb.json"]

MISSPELT = ["--jbos", "--job", "--jobz", "--clam", "--paperz", "--jsn", "--self_check", "--selfcheck", "--sets",
            "--St", "--digit", "--digts", "--count", "--interests", "--fstar", "--f_star", "--certifcate", "--sed",
            "--outt", "-j", "-x", "--", "---json", "--JSON", "—json", "--json=", "--set=", "-", "--help-me"]

SUB_MISSPELT = ["verfy", "Verify", "claim", "latexx", "evaluate", "mechanims", "mech", "wsss", "optimise",
                "audti", "doc", "", " ", "--", "verify\x00", "ЕVAL"]


@dataclass
class Case:
    """One command line: ``argv`` may hold ``@TMP@`` (the scratch folder); ``files`` maps names under it to bytes."""

    argv: list
    files: dict = field(default_factory=dict)
    #: exit codes that mean the command ran and reported (e.g. conform's 1: a case does not conform), allowed
    #: with no traceback; empty: a bad input must exit 2 (or 0 if it happened to be valid)
    run_codes: tuple = ()

    @property
    def command(self) -> str:
        return self.argv[0] if self.argv and self.argv[0] in SUBCOMMANDS else "(top level)"

    def size(self) -> int:
        return sum(len(a) + 1 for a in self.argv) + sum(len(b) for b in self.files.values())


def pick(seq) -> st.SearchStrategy:
    """``sampled_from`` by index: the strategy's repr stays short although some entries are 5,000 characters."""
    seq = list(seq)
    return st.integers(0, len(seq) - 1).map(seq.__getitem__)


def values() -> st.SearchStrategy:
    return st.one_of(pick(VALUES), st.integers(-3, 6).map(str),
                     st.text(alphabet=st.characters(codec="utf-8"), max_size=8))


def _flatten(groups) -> list:
    return [a for g in groups for a in g]


def set_groups(keys: list) -> st.SearchStrategy:
    """``--set K=V ...`` groups: real keys (of this command) and unknown ones, bad and small valid values."""
    key = st.one_of(pick(keys), pick(["", "zz", "D", "exp-eps", "eps ", "d d", "=", "k="]))
    pair = st.one_of(st.tuples(key, values()).map(lambda kv: f"{kv[0]}={kv[1]}"),
                     pick(["d", "=3", "d==3", "d=3=4", "", "d =3", " d=3"]))
    group = st.lists(pair, min_size=1, max_size=4).map(lambda ps: ["--set", *ps])
    empty = st.integers(0, 19).map(lambda i: ["--set"] if i == 7 else [])  # argparse: --set needs a value
    return st.tuples(st.lists(group, min_size=1, max_size=2).map(_flatten), empty).map(lambda ge: ge[0] + ge[1])


BAD_INTS = ["0", "-1", "1", HUGE, str(10**9), str(2**63), "-" + HUGE, "1e2", "2.0", "３", "٣", "1_0", "0x10", "",
            "nan", "inf", "9" * 5000, "3\n", "3/1", "6/2", "1/2", "exp_eps", "2**40", "-0"]
STR_VALUES = {"family": ["gf2-affine", "gf2-affine-mod", "random", "nope", "", "GF2-AFFINE", "x" * 2000],
              "inner": ["rr", "arp", "srp", "xx", ""], "decoder": ["eq2", "eq8", "pooled", "grouped", "hadamard", "?"]}


_VALID_INTS = ["2", "3", "4", "5"]
_BAD_INT_CHOICES = BAD_INTS + BAD_NUMBERS[:: 4]
#: keys whose valid values must stay smaller (cms with l = 4 and inner=arp, decoder=eq8 runs over 60 s)
_SMALLER_INTS = {"l": ["1", "2"], "b": ["2", "3"], "size": ["4", "8"]}


def typed_value(kind: str, key: str = "", valid_in_ten: int = 5) -> st.SearchStrategy:
    """A value for a key of this kind: a small valid one about ``valid_in_ten`` times in ten, else a bad one
    (flat lists: one draw each is much cheaper for hypothesis than nested one_of)."""
    if kind == "int":
        valid, bad = _SMALLER_INTS.get(key, _VALID_INTS), _BAD_INT_CHOICES
    elif kind == "str":
        valid, bad = STR_VALUES.get(key, ["x"])[:3], STR_VALUES.get(key, ["x"])[3:] + BAD_NUMBERS[:: 3]
    else:
        valid, bad = SMALL_VALID, BAD_NUMBERS
    return st.tuples(st.integers(0, 9), pick(valid), pick(bad)).map(lambda t: t[1] if t[0] < valid_in_ten else t[2])


def keyed_sets(kinds: dict, required=(), optional_share: int = 3, valid_in_ten: int = 5) -> st.SearchStrategy:
    """One ``--set`` group naming this command's keys (required ones nearly always, the others now and then),
    shuffled, and sometimes a second group with an unknown key or a malformed pair."""
    def entry(key, kind):
        keep = st.integers(0, 9).map(lambda i: i != 7 if key in required else i < optional_share)
        return st.tuples(keep, typed_value(kind, key, valid_in_ten)).map(lambda kv: [f"{key}={kv[1]}"] if kv[0] else [])

    pairs = shuffled(st.tuples(*[entry(k, kind) for k, kind in kinds.items()]).map(_flatten))
    extra = sometimes(set_groups(["zz"]), 5)
    return st.tuples(pairs, extra).map(lambda pe: (["--set", *pe[0]] if pe[0] else []) + pe[1])


def option(name: str, vals) -> st.SearchStrategy:
    return pick(vals).map(lambda v: [name, v]) if isinstance(vals, list) else vals.map(lambda v: [name, v])


def junk() -> st.SearchStrategy:
    """A misspelt option (with or without a value) or a stray positional."""
    return st.one_of(pick(MISSPELT).map(lambda o: [o]),
                     st.tuples(pick(MISSPELT), pick(VALUES)).map(list),
                     pick(["extra", "1", "-1", "--"]).map(lambda x: [x]))


def shuffled(lists: st.SearchStrategy) -> st.SearchStrategy:
    """The drawn list in an order drawn too (cheaper than flatmap(permutations))."""
    import random

    def shuffle(ls):
        items, seed = ls
        random.Random(seed).shuffle(items)
        return items

    return st.tuples(lists, st.integers(0, 2**16)).map(shuffle)


def sometimes(strategy: st.SearchStrategy, one_in: int) -> st.SearchStrategy:
    """A draw of ``strategy`` one time in ``one_in`` (about), else []."""
    return st.tuples(st.integers(0, one_in - 1), strategy).map(lambda ix: ix[1] if ix[0] == one_in // 2 else [])


_JUNK = None  # set below, after junk() is defined


def rarely_junk() -> st.SearchStrategy:
    """Junk one time in ten: argparse refuses junk before any ldpref code runs, so more would hide the rest."""
    return sometimes(_JUNK, 10)


_JUNK = junk()


def assemble(head: list, parts: st.SearchStrategy, tail: st.SearchStrategy | None = None) -> st.SearchStrategy:
    """head + shuffled option groups (+ a tail that is bad under any reading, always last so it wins)."""
    body = shuffled(st.lists(parts, max_size=4)).map(_flatten)
    body = st.tuples(body, rarely_junk()).map(lambda bj: bj[0] + bj[1])
    if tail is None:
        return body.map(lambda b: Case(head + b))
    return st.tuples(body, tail).map(lambda bt: Case(head + bt[0] + bt[1]))


# ---- commands -----------------------------------------------------------------------------------
def _other_paper(claim: str, paper: str) -> str:
    """``paper`` if the claim is not one of its claims, else the next paper."""
    own = claim.split("/", 1)[0]
    return paper if paper != own else PAPERS[(PAPERS.index(own) + 1) % len(PAPERS)]


def verify_cases() -> st.SearchStrategy:
    parts = st.one_of(option("--paper", PAPERS + ["nope", "", "PAN-CMS", "pan-cms "]),
                      option("--claim", SOME_REAL_CLAIMS + UNKNOWN_CLAIMS), option("--json", PATHS),
                      option("--jobs", BAD_JOBS + ["1", "2"]), st.just(["--self-check"]), st.just(["--quiet"]),
                      rarely_junk())
    real = pick(SOME_REAL_CLAIMS)
    tail = st.one_of(option("--jobs", SAFE_BAD_JOBS), option("--claim", UNKNOWN_CLAIMS),
                     st.tuples(real, pick(PAPERS)).map(
                         lambda cp: ["--claim", cp[0], "--paper", _other_paper(cp[0], cp[1])]),
                     st.just(["--json", MISSING_DIR]))
    return assemble(["verify"], parts, tail)


def docs_cases() -> st.SearchStrategy:
    parts = st.one_of(option("--out", PATHS), option("--jobs", BAD_JOBS), rarely_junk())
    return assemble(["docs"], parts, option("--jobs", SAFE_BAD_JOBS))


def errata_cases() -> st.SearchStrategy:
    """Bad --tex / --pdf / --from-json / --jobs, always with a --tex in a missing folder last (refused before the
    verify run)."""
    parts = st.one_of(option("--tex", PATHS), option("--pdf", PATHS),
                      option("--from-json", [MISSING_DIR, TMP, "/proc/version", ""]), option("--jobs", BAD_JOBS),
                      rarely_junk())
    return assemble(["errata"], parts, st.just(["--tex", MISSING_DIR]))


def claims_cases() -> st.SearchStrategy:
    parts = st.one_of(option("--paper", PAPERS + ["nope", "", "pan", "cross/gap", "x" * 3000]),
                      option("--json", PATHS), rarely_junk())
    return assemble(["claims"], parts)


def mechanisms_cases() -> st.SearchStrategy:
    return assemble(["mechanisms"], st.one_of(option("--json", PATHS), rarely_junk()))


def latex_cases() -> st.SearchStrategy:
    """An unknown id, or one of the fast claims with a bad --json or a junk argument."""
    unknown = st.tuples(pick(UNKNOWN_CLAIMS), st.lists(junk(), max_size=2).map(_flatten)).map(
        lambda cj: Case(["latex", cj[0], *cj[1]]))
    bad_json = st.tuples(pick(LATEX_CLAIMS), pick([MISSING_DIR, TMP, "/proc/version"])).map(
        lambda cj: Case(["latex", cj[0], "--json", cj[1]]))
    with_junk = st.tuples(pick(LATEX_CLAIMS), junk()).map(lambda cj: Case(["latex", cj[0], *cj[1]]))
    return st.one_of(unknown, bad_json, with_junk, st.just(Case(["latex"])))


def _claim_keys(claim_id: str) -> list:
    """The --set keys of a claim's forms (its free symbols), as ``ldpref eval`` names them."""
    from ldpref.ledger.claim import find_claim
    from ldpref.numeric import scalar_parts, symbol_key

    c = find_claim(claim_id)
    keys = set()
    for form in [c.derived()] + ([c.printed()] if c.printed is not None else []):
        for expr in scalar_parts(form).values():
            keys |= {symbol_key(sym) for sym in getattr(expr, "free_symbols", ())}
    return sorted(keys)


def eval_cases() -> st.SearchStrategy:
    parts = st.one_of(option("--digits", BAD_DIGITS + ["5", "30"]), option("--json", PATHS), rarely_junk())
    extra = st.lists(parts, max_size=2).map(_flatten)
    known = [st.tuples(keyed_sets({k: "rational" for k in _claim_keys(c)}, _claim_keys(c)), extra).map(
        lambda se, c=c: Case(["eval", c, *se[0], *se[1]])) for c in EVAL_CLAIMS]
    unknown = st.tuples(pick(UNKNOWN_CLAIMS), set_groups(EVAL_KEYS), extra).map(
        lambda cse: Case(["eval", cse[0], *cse[1], *cse[2]]))
    return st.one_of(*known, unknown)


def _mechanism_keys() -> dict:
    """name -> ({key: kind}, [required keys]) from the registry itself."""
    from ldpref.cli import mechanism_catalogue

    return {m["name"]: ({k["key"]: k["kind"] for k in m["keys"]}, [k["key"] for k in m["keys"] if k["required"]])
            for m in mechanism_catalogue()}


def mechanism_cases() -> st.SearchStrategy:
    catalogue = _mechanism_keys()
    all_keys = sorted({k for kinds, _ in catalogue.values() for k in kinds})

    def build(nm):
        kinds, required = catalogue.get(nm, ({k: "int" for k in all_keys}, ["d"]))
        parts = st.one_of(pick(_STR_KEY_VALUES).map(lambda kv: ["--set", kv]), option("--json", PATHS),
                          rarely_junk())
        json_out = st.integers(0, 9).map(lambda i: [] if i == 7 else ["--json", "-" if i < 5 else f"{TMP}/m.json"])
        return st.tuples(keyed_sets(kinds, required), json_out, st.lists(parts, max_size=1)).map(
            lambda sjp: Case(["mechanism", nm, *sjp[1], *sjp[0], *_flatten(sjp[2])]))

    return st.one_of(*[build(nm) for nm in sorted(catalogue) + ["GRR", "nope", "", "grr ", "cms-"]])


_STR_KEY_VALUES = ["family=random", "family=gf2-affine", "family=nope", "inner=arp", "inner=srp", "inner=xx",
                   "decoder=eq8", "decoder=grouped", "decoder=", "family=" + "x" * 2000, "seed=-1", "seed=" + HUGE]


def wss_cases() -> st.SearchStrategy:
    parts = st.one_of(option("--seed", BAD_NUMBERS + ["0", "1"]), option("--json", PATHS),
                      option("--certificate", PATHS), rarely_junk())
    sets = keyed_sets({"d": "int", "k": "int", "exp_eps": "rational"}, ["d", "exp_eps"])
    return st.tuples(sets, st.lists(parts, max_size=2).map(_flatten)).map(
        lambda sp: Case(["wss", *sp[0], *sp[1]]))


def optimize_cases() -> st.SearchStrategy:
    target = pick(["gcms", "gcms", "GCMS", "ocms", "", "gcms "])
    parts = st.one_of(option("--digits", BAD_DIGITS + ["5"]), option("--json", PATHS), rarely_junk())
    sets = keyed_sets({"exp_eps": "rational", "eps": "rational", "lam": "rational", "f": "int", "n": "int",
                       "k": "int", "m": "int"}, ["k", "m"], optional_share=5, valid_in_ten=3)
    body = st.tuples(sets,
                     st.lists(parts, max_size=2).map(_flatten)).map(lambda sp: sp[0] + sp[1])
    return st.tuples(target, body).map(lambda tb: Case(["optimize", tb[0], *tb[1]]))


def moments_cases() -> st.SearchStrategy:
    """``ldpref moments NAME``: structured models, bad keys and values, counts of the wrong length or sign."""
    from ldpref.structured.registry import MODELS

    name = pick(sorted(MODELS) + ["GRR", "nope", "", "he"])
    counts = pick(["1,0,2", "1,2,3,4", "-1,2,3", "1,,2", "", "1e3,0", "１,2,3", "0,0,0", "1_0,2,3", HUGE + ",1,1"])
    parts = st.one_of(option("--digits", BAD_DIGITS + ["5"]), option("--json", PATHS),
                      option("--values", ["0", "0,0", "-1", "9", "x", ""]), pick(["--cov", "--worst"]).map(
                          lambda f: [f]), rarely_junk())
    sets = keyed_sets({"d": "int", "exp_eps": "rational", "eps": "rational", "m": "int", "k": "int", "s": "int",
                       "p": "rational"}, ["d"], optional_share=4, valid_in_ten=3)
    return st.tuples(name, sets, counts, st.lists(parts, max_size=2).map(_flatten)).map(
        lambda t: Case(["moments", t[0], *t[1], "--counts", t[2], *t[3]]))


def top_level_cases() -> st.SearchStrategy:
    return st.one_of(
        st.just(Case([])),
        pick(SUB_MISSPELT).map(lambda s: Case([s])),
        st.tuples(pick(SUB_MISSPELT + ["--version", "-h", "--verbose", "-v"]), junk()).map(
            lambda sj: Case([sj[0], *sj[1]])),
        st.tuples(junk(), pick(SUBCOMMANDS)).map(lambda js: Case([*js[0], js[1], "nope/x"])),
    )


# ---- mechanism files ----------------------------------------------------------------------------
def _valid_docs() -> list:
    grr2 = {"format": "ldpref.mechanism/1", "name": "grr", "inputs": 2, "outputs": ["0", "1"],
            "P": [["3/4", "1/4"], ["1/4", "3/4"]]}
    grr3 = {"format": "ldpref.mechanism/1", "name": "grr3", "inputs": 3, "outputs": ["a", "b", "c"],
            "P": [["1/2", "1/4", "1/4"], ["1/4", "1/2", "1/4"], ["1/4", "1/4", "1/2"]],
            "Q": [["3", "-1", "-1"], ["-1", "3", "-1"], ["-1", "-1", "3"]]}
    tall = {"format": "ldpref.mechanism/1", "name": "tall", "inputs": 2, "outputs": ["y0", "y1", "y2"],
            "P": [["1/2", "0"], ["1/2", "1/3"], ["0", "2/3"]]}
    return [grr2, grr3, tall]


VALID_DOCS = _valid_docs()
ENTRY_JUNK = [0.5, 1.0, 1, -1, 2, True, None, [], {}, "0.5", "-1/2", "3/2", "1/0", "nan", "Infinity", "１/２",
              "1/" + "9" * 5000, "sqrt(2)/2", "", " 1/2 ", "1e-1", 10**30, "1/3\n"]
KEY_JUNK = [None, True, 3.0, "3", -2, 0, 10**12, 10**100, [], {}, [1, 2], "ldpref.mechanism/1", 1.5]


def _small(n) -> int:
    """A size for a generated matrix: n when it is a small int (an earlier mutation may have made it 10**18)."""
    return n if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 8 else 3


def _mutate(doc: dict, op: str, r: int):
    """Apply one named mutation to a copy of a valid document; r picks positions and replacements."""
    doc = json.loads(json.dumps(doc))
    keys = ["format", "name", "inputs", "outputs", "P", "Q"]
    if op == "drop_key":
        doc.pop(keys[r % len(keys)], None)
    elif op == "key_type":
        doc[keys[r % len(keys)]] = KEY_JUNK[r % len(KEY_JUNK)]
    elif op == "entry":
        rows = doc["P"]
        rows[r % len(rows)][r % len(rows[0])] = ENTRY_JUNK[r % len(ENTRY_JUNK)]
    elif op == "q_entry" and "Q" in doc:
        doc["Q"][r % len(doc["Q"])][0] = ENTRY_JUNK[r % len(ENTRY_JUNK)]
    elif op == "row_length":
        row = doc["P"][r % len(doc["P"])]
        row.append("0") if r % 2 else row.pop()
    elif op == "row_count":
        doc["P"].append(list(doc["P"][0])) if r % 2 else doc["P"].pop()
    elif op == "column_sum":
        doc["P"][0][0] = "1/5" if r % 2 else "9/10"
    elif op == "negative":
        doc["P"][0][0], doc["P"][1][0] = "-1/4", "5/4"
    elif op == "huge_inputs":
        doc["inputs"] = [10**9, 10**18, 10**100, 2**63, 10**6][r % 5]
    elif op == "huge_outputs":
        doc["outputs"] = [str(i) for i in range(20000)]
    elif op == "outputs_dup":
        doc["outputs"] = [doc["outputs"][0]] * len(doc["outputs"])
    elif op == "unknown_key":
        doc["extra"] = 1
    elif op == "format":
        doc["format"] = ["ldpref.mechanism/2", "", "LDPREF.MECHANISM/1", "ldpref.mechanism/1 ", "ldpref.audit/1"][r % 5]
    elif op == "q_shape" and "Q" in doc:
        doc["Q"] = doc["Q"][:-1]
    elif op == "q_wrong":
        doc["Q"] = [["1"] * _small(len(doc["outputs"])) for _ in range(_small(doc["inputs"]))]
    elif op == "zero_matrix":
        doc["P"] = [["0"] * _small(doc["inputs"]) for _ in range(_small(len(doc["outputs"])))]
    elif op == "rank":
        doc["P"] = [["1/2"] * _small(doc["inputs"]) for _ in range(2)]
        doc["outputs"] = list(doc["outputs"])[:2]
    elif op == "name":
        doc["name"] = ["\n", "x" * 10000, "\x1b[31m", "", None, 3][r % 6]
    return doc


FILE_MUTATIONS = ["drop_key", "key_type", "entry", "q_entry", "row_length", "row_count", "column_sum", "negative",
                  "huge_inputs", "huge_outputs", "outputs_dup", "unknown_key", "format", "q_shape", "q_wrong",
                  "zero_matrix", "rank", "name"]


def _raw(kind: str, text: str, r: int) -> bytes:
    """Byte-level damage of a valid JSON text."""
    data = text.encode("utf-8")
    if kind == "as_is":
        return data
    if kind == "empty":
        return [b"", b" ", b"\n", b"\xef\xbb\xbf"][r % 4]
    if kind == "truncated":
        return data[: max(1, (r * 7) % len(data))]
    if kind == "non_utf8":
        i = (r * 13) % len(data)
        return data[:i] + b"\xff\xfe" + data[i:]
    if kind == "utf16":
        return text.encode("utf-16")
    if kind == "bom":
        return b"\xef\xbb\xbf" + data
    if kind == "binary":
        return bytes((r * 31 + i * 97) % 256 for i in range(64 + r % 200))
    if kind == "deep":
        depth = [1000, 10**5, 10**6][r % 3]
        return b"[" * depth + b"]" * depth
    if kind == "deep_object":
        depth = [2000, 10**5][r % 2]
        return b'{"a":' * depth + b"1" + b"}" * depth
    if kind == "duplicate_keys":
        return data.replace(b'"inputs":', b'"inputs": 999, "inputs":', 1) if r % 2 else \
            data.replace(b'{', b'{"P": [], ', 1)
    if kind == "nan_literal":
        return data.replace(b'"inputs": 2', b'"inputs": NaN', 1).replace(b'"inputs": 3', b'"inputs": Infinity', 1)
    if kind == "big_int_literal":
        return data.replace(b'"inputs": ', b'"inputs": 1' + b"0" * 6000 + b" + ", 1).replace(b" + 2", b"").replace(
            b" + 3", b"")
    if kind == "top_level":
        return [b"[]", b"null", b"3", b'"ldpref.mechanism/1"', b"[{}]", b"true"][r % 6]
    if kind == "trailing":
        return data + b" {}"
    return data


RAW_KINDS = ["as_is", "empty", "truncated", "non_utf8", "utf16", "bom", "binary", "deep", "deep_object",
             "duplicate_keys", "nan_literal", "big_int_literal", "top_level", "trailing"]


def mechanism_files() -> st.SearchStrategy:
    """Bytes of a mechanism file: a small valid document, mutated (0-3 times), then possibly damaged as bytes."""
    return st.tuples(pick(range(len(VALID_DOCS))),
                     st.lists(st.tuples(pick(FILE_MUTATIONS), st.integers(0, 1000)), max_size=3),
                     pick(RAW_KINDS), st.integers(0, 1000)).map(_file_bytes)


def _file_bytes(spec) -> bytes:
    index, mutations, raw, r = spec
    doc = VALID_DOCS[index]
    for op, rr in mutations:
        try:
            doc = _mutate(doc, op, rr)
        except (KeyError, TypeError, IndexError, AttributeError):  # an earlier mutation removed what this one edits
            pass
    return _raw(raw, json.dumps(doc), r)


def count_lists() -> st.SearchStrategy:
    item = st.one_of(st.integers(-3, 4).map(str), pick(BAD_NUMBERS))
    sep = pick([",", ",", ", ", ";", " "])
    return st.tuples(st.lists(item, min_size=0, max_size=5), sep).map(lambda ls: ls[1].join(ls[0]))


def audit_cases() -> st.SearchStrategy:
    parts = st.one_of(option("--counts", count_lists()), option("--interest", count_lists()),
                      option("--f-star", st.one_of(pick(VALUES))), option("--json", PATHS), rarely_junk(),
                      option("--digits", ["0", "1001", "x", "-3", "5", "1e3", "", "5.0"]), st.just(["--cov"]))
    opts = st.lists(parts, max_size=3).map(_flatten)
    from_file = st.tuples(mechanism_files(), opts).map(
        lambda fo: Case(["audit", f"{TMP}/m.json", *fo[1]], {"m.json": fo[0]}))
    odd_path = st.tuples(pick([f"{TMP}/missing.json", TMP, "/dev/null", "-", "", "/proc/self/mem",
                                          "/etc/shadow-nope", "\x00"]), opts).map(
        lambda po: Case(["audit", po[0], *po[1]]))
    return st.one_of(from_file, from_file, from_file, odd_path)


#: an adapter file that would run if every option were good (each conform case ends with a surely bad option)
CONFORM_ADAPTER = (b"CASES = []\ndef client(case, values, seed):\n    return values\n"
                   b"def server(case, reports):\n    return []\n")
CONFORM_BAD_LAST = [["--trials", "0"], ["--trials", "19"], ["--trials", "x"], ["--alpha", "0"], ["--alpha", "1"],
                    ["--alpha", "nan"], ["--timeout", "0"], ["--timeout", "-1"], ["--timeout", HUGE],
                    ["--seed", "-1"], ["--python", f"{TMP}/no-python"], ["--json", MISSING_DIR],
                    ["--report", MISSING_DIR], ["--vectors", TMP]]


def conform_cases() -> st.SearchStrategy:
    """``ldpref conform``: bad adapter paths and options; never a run (the last option is always bad)."""
    adapter = pick([f"{TMP}/a.py", f"{TMP}/missing.py", TMP, f"{TMP}/a.txt", "", "-", "/dev/null", "\x00"])
    middle = st.lists(st.one_of(option("--trials", st.one_of(pick(VALUES))), option("--alpha", st.one_of(pick(VALUES))),
                                option("--timeout", st.one_of(pick(VALUES))), option("--json", PATHS),
                                option("--seed", st.one_of(pick(VALUES))), rarely_junk()), max_size=2).map(_flatten)
    return st.tuples(adapter, middle, pick(CONFORM_BAD_LAST)).map(
        lambda amb: Case(["conform", amb[0], *amb[1], *amb[2]], {"a.py": CONFORM_ADAPTER, "a.txt": CONFORM_ADAPTER}))


DISCOVER_FILES = {"ok": b"a a a b\nc a\n", "empty": b"", "blank": b" \n\t\n", "binary": b"a\x00b",
                  "latin": b"caf\xe9", "long": b"x" * 5000, "bom": b"\xef\xbb\xbfa a", "one": b"z"}
DISCOVER_DELTAS = ["1e-6", "1/3", "1/2", "0", "1", "-1e-3", "0.49", "1e-300", "x", ""]


def discover_cases() -> st.SearchStrategy:
    """``ldpref discover``: data files good and bad, eps/delta values good and bad, seeds, noise paths."""
    required = st.tuples(pick(sorted(DISCOVER_FILES)), pick(VALUES), pick(DISCOVER_DELTAS))
    parts = st.one_of(option("--seed", pick(BAD_INTS + ["0", "7"])), option("--noise", ["opendp", "reference", "x"]),
                      pick([["--full-protocol"]]), option("--json", PATHS + ["-"]))
    body = shuffled(st.lists(parts, max_size=3)).map(_flatten)
    odd = pick([f"{TMP}/missing.txt", TMP, "/dev/null", "", "/proc/self/mem"])

    def build(args):
        (name, eps, delta), opts, junk_, odd_path, use_odd = args
        data = odd_path if use_odd else f"{TMP}/{name}.txt"
        return Case(["discover", "--data", data, "--eps", eps, "--delta", delta, *opts, *junk_],
                    {} if use_odd else {f"{name}.txt": DISCOVER_FILES[name]})

    return st.tuples(required, body, rarely_junk(), odd, st.integers(0, 7).map(lambda i: i == 0)).map(build)


#: output folders for ``vectors``: never one outside the scratch folder that could be created (root may write
#: anywhere), never a relative one, and never with --force, so a case writes at most one small file under TMP
VECTOR_DIRS = [TMP, f"{TMP}/x", f"{TMP}/new", f"{TMP}/x/sub", "/proc/version", "/dev/full", f"{TMP}/out\x00",
               f"{TMP}/" + "x" * 300, f"{TMP}/a\nb"]


def vectors_cases() -> st.SearchStrategy:
    """``ldpref vectors``: bad or unwritable folders, a non-empty folder without --force, unknown mechanisms;
    always one --mechanism (grr regenerates in about a second), so no case writes every file."""
    mech = pick(["grr", "nope", "", "GRR", "grr ", "../grr", "olh,grr"]).map(lambda m: ["--mechanism", m])
    out = st.one_of(option("--out", VECTOR_DIRS), st.just([]))
    return st.tuples(out, mech, rarely_junk()).map(
        lambda parts: Case(["vectors", *parts[0], *parts[1], *parts[2]], {"x": b"a file"}))


#: the last option of every simulate case is surely bad, so no case starts a simulation
SIMULATE_BAD_LAST = [["--trials", "1"], ["--trials", "0"], ["--trials", "x"], ["--data", "zipf:d=0,n=10"],
                     ["--data", "counts:0,0"], ["--data", "zipf:d=5,n=10,q=1"], ["--data", "nope:1"],
                     ["--data", f"{TMP}/missing.txt"], ["--alpha", "0"], ["--json", MISSING_DIR], ["--jobs", "0"],
                     ["--method", "x"], ["--seed", "-1"], ["--dask-workers", "0"], ["--csv", MISSING_DIR],
                     ["--dask-workers", "x"]]
SIMULATE_NAMES = ["grr", "oue", "ss", "olh", "gcms", "nope", "", "GRR", "hr-acharya", "-"]


def simulate_cases() -> st.SearchStrategy:
    """``ldpref simulate``: names, --set values and data specs good and bad; the last option is always bad."""
    middle = st.lists(st.one_of(option("--set", [f"d={v}" for v in ("3", "0", "x", HUGE)] + ["exp_eps=3", "eps=ln(3)",
                                                                                          "exp_eps=0", "k=1", "zz=1"]),
                                option("--data", ["counts:3,2,1", "zipf:d=4,n=20", "gaussian:d=5,n=9"]),
                                option("--trials", pick(VALUES)), option("--seed", pick(BAD_INTS)), rarely_junk()),
                      max_size=3).map(_flatten)
    return st.tuples(pick(SIMULATE_NAMES), middle, pick(SIMULATE_BAD_LAST)).map(
        lambda nmb: Case(["simulate", nmb[0], *nmb[1], *nmb[2]]))


FIGURE_IDS = ["pan-cms/fig2", "jiang-gcms/fig9", "nope/fig1", "pan-cms/fig99", "", "-", "pan-cms", "fig2"]


def figure_cases() -> st.SearchStrategy:
    """``ldpref figure``: ids and output folders, never a real run (an unknown id or a bad folder or option)."""
    bad = pick([["nope/fig1", "--out", TMP], ["pan-cms/fig2", "--out", "/proc/version/x"],
                ["pan-cms/fig2", "--out", "/proc/version"],
                ["pan-cms/fig2", "--out", TMP, "--trials", "1"], ["pan-cms/fig2", "--out", TMP, "--seed", "-1"],
                ["--list", "--out", MISSING_DIR], ["pan-cms/fig2"], ["--out", TMP]])
    # (a missing --out folder is created, so MISSING_DIR would start a real run: not a bad input)
    extra = st.lists(st.one_of(option("--trials", pick(BAD_INTS)), option("--seed", pick(BAD_INTS)),
                               pick([["--quick"], ["--quiet"]]), pick([[f] for f in FIGURE_IDS[2:]]), rarely_junk()),
                     max_size=2).map(_flatten)
    return st.tuples(bad, extra).map(lambda be: Case(["figure", *be[1], *be[0]]))  # the bad part last: it wins


#: strategy per command, with its share of the cases
COMMAND_STRATEGIES = {
    "top": (top_level_cases, 0.06), "verify": (verify_cases, 0.08), "docs": (docs_cases, 0.03),
    "claims": (claims_cases, 0.04), "mechanisms": (mechanisms_cases, 0.02), "latex": (latex_cases, 0.06),
    "eval": (eval_cases, 0.15), "mechanism": (mechanism_cases, 0.18), "wss": (wss_cases, 0.08),
    "optimize": (optimize_cases, 0.10), "audit": (audit_cases, 0.20), "moments": (moments_cases, 0.06),
    "conform": (conform_cases, 0.02),
    "discover": (discover_cases, 0.04),
    "vectors": (vectors_cases, 0.02),
    "simulate": (simulate_cases, 0.03),
    "figure": (figure_cases, 0.02),
    "errata": (errata_cases, 0.02),
    # commands that really run (tests/fuzz_runs.py, issue 26 item 7): misbehaving conform adapters, simulate on
    # generated data files; imported when drawn (fuzz_runs imports this module)
    "conform-run": (lambda: __import__("fuzz_runs").conform_run_cases(), 0.02),
    "simulate-data": (lambda: __import__("fuzz_runs").simulate_data_cases(), 0.02),
}


# ---- running one case ---------------------------------------------------------------------------
class CaseTimeout(BaseException):
    """Raised by SIGALRM inside a case that ran over the limit (a BaseException: no handler swallows it)."""


@dataclass
class Outcome:
    code: object  # int exit code, or None when the case did not finish
    stdout: str
    stderr: str
    seconds: float
    exception: BaseException | None = None  # escaped main() (not SystemExit)
    where: str = ""  # innermost ldpref frame of that exception
    timed_out: bool = False


def materialise(case: Case, scratch: str) -> list:
    for name, data in case.files.items():
        with open(os.path.join(scratch, name), "wb") as fh:
            fh.write(data)
    return [a.replace(TMP, scratch) for a in case.argv]


def _innermost_ldpref_frame(exc: BaseException) -> str:
    """``ldpref/module.py:function`` of the deepest frame in ldpref's (or proofs_checks') code."""
    where = ""
    for frame in traceback.extract_tb(exc.__traceback__):
        path = frame.filename.replace(os.sep, "/")
        for marker in ("/ldpref/", "/proofs_checks/"):
            if marker in path:
                where = f"{path[path.rindex(marker) + 1:]}:{frame.name}"
    return where


def run_case(case: Case, scratch: str, limit: float = LIMIT_SECONDS) -> Outcome:
    """Run ``ldpref.cli.main(argv)`` in this process, in ``scratch`` (the cwd too), stopped after ``limit`` s."""
    from ldpref.cli import main

    argv = materialise(case, scratch)
    out, err = io.StringIO(), io.StringIO()
    cwd = os.getcwd()

    def alarm(signum, frame):
        raise CaseTimeout()

    previous = signal.signal(signal.SIGALRM, alarm)
    start = time.perf_counter()
    code, exc, timed_out = None, None, False
    try:
        os.chdir(scratch)
        # a warning would be printed on stderr by the real command: every one is kept and written there
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                signal.setitimer(signal.ITIMER_REAL, limit)
                try:
                    code = main(argv)
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            finally:
                for w in caught:
                    err.write(warnings.formatwarning(w.message, w.category, w.filename, w.lineno, w.line))
    except SystemExit as e:
        code = 0 if e.code is None else e.code
    except CaseTimeout:
        timed_out = True
    except BaseException as e:  # noqa: BLE001 -- the fuzzer records every escape as a finding
        exc = e
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(cwd)
    seconds = time.perf_counter() - start
    if seconds > limit and not timed_out:  # a C call that the alarm could not interrupt
        timed_out = True
    return Outcome(code, out.getvalue(), err.getvalue(), seconds, exc,
                   _innermost_ldpref_frame(exc) if exc is not None else "", timed_out)


_GENERIC = re.compile(r"\(([A-Za-z]*Error)\)\s*$")
_LDPREF_ERRORS = {"ParameterError", "FormatError", "DatasetError", "MechanismError", "RankError", "LdprefError"}


def judge(outcome: Outcome, case: Case | None = None) -> str | None:
    """The symptom of a violation of the bad-input rule, or None when the outcome obeys it (``case.run_codes``:
    exit codes of a command that ran and reported, allowed without a traceback)."""
    if outcome.timed_out:
        return "over the time limit"
    if outcome.exception is not None:
        return f"uncaught {type(outcome.exception).__name__}" + (f" at {outcome.where}" if outcome.where else "")
    if "Traceback (most recent call last)" in outcome.stderr:
        return "traceback printed on stderr"
    if outcome.code == 0 or (case is not None and outcome.code in case.run_codes):
        return None
    if outcome.code != 2:
        return f"exit code {outcome.code!r}"
    lines = outcome.stderr.splitlines()
    if len(lines) != 1:
        if lines and lines[0].startswith("usage:"):
            return "argparse usage text + error (several stderr lines)"
        return f"{len(lines)} stderr lines"
    if not lines[0].startswith("ldpref: error:"):
        return "stderr line does not start 'ldpref: error:'"
    return None


def note(outcome: Outcome) -> str | None:
    """Not a violation, but worth a look: an error line ending '(SomeError)', i.e. a generic exception class
    caught by main() rather than one of ldpref's named errors."""
    if outcome.code == 2 and outcome.exception is None:
        m = _GENERIC.search(outcome.stderr.strip())
        if m and m.group(1) not in _LDPREF_ERRORS:
            return f"generic {m.group(1)} turned into the error line"
    return None


def shell_quote(argv: list) -> str:
    import shlex

    return " ".join(shlex.quote(a) if a.isprintable() else repr(a) for a in argv)


@contextlib.contextmanager
def memory_cap(extra_bytes: int = 3 << 30):
    """Limit this process's address space to its current size + ``extra_bytes`` (a case that allocates without
    a size check then fails with MemoryError instead of eating the machine); restored on exit."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    try:
        with open("/proc/self/status") as fh:
            vm = int(re.search(r"VmSize:\s+(\d+) kB", fh.read()).group(1)) * 1024
    except (OSError, AttributeError):
        vm = 0
    cap = vm + extra_bytes
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
