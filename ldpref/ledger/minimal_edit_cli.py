"""The generator of the committed minimal edits (issue 23, item 2): ``python -m ldpref.ledger.minimal_edit_cli
VERIFY_JSON [--claim ID]`` searches every erratum of a ``verify --json`` document
(:func:`ldpref.ledger.minimal_edit.search`, at most ``CLAIM_CAP`` seconds per claim) and writes
``proofs_checks/<paper>/minimal_edits.json``.  Its own module: it looks claims up, and the claim registry applies the
committed edits (:mod:`ldpref.ledger.minimal_edit`), so the two must not import each other (issue 22: no import
cycles)."""

from __future__ import annotations

import json

import sympy

from .minimal_edit import data_path, edits, search


class _SearchTimeout(Exception):
    """A claim's search ran past ``CLAIM_CAP`` seconds (a symbolic cancel without bound)."""


CLAIM_CAP = 30


def _search_with_alarm(printed, derived) -> dict:
    """:func:`search` stopped after ``CLAIM_CAP`` seconds (SIGALRM; the generator runs in the main thread)."""
    import signal

    def stop(signum, frame):
        raise _SearchTimeout

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(CLAIM_CAP)
    try:
        return search(printed, derived)
    except _SearchTimeout:
        return {"fallback": f"no edit proved within {CLAIM_CAP} s (symbolic proof too slow)"}
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def defined(paper: str, form):
    """``form`` with the paper's definition symbols (jiang-gcms's alpha_1, alpha_2 of Theorem 3; pan-cms's alpha_0..2
    of Appendix E) replaced by their derived values (:data:`ldpref.lambdified.DEFINITIONS`): where one of the printed
    form and the target spells them out and the other names them, the edit is proved with both spelled out."""
    from ..lambdified import DEFINITIONS

    provider = DEFINITIONS.get(paper)
    if provider is None or not isinstance(form, sympy.Basic):
        return form
    return form.xreplace(provider())


def by_hand(claim_id: str) -> bool:
    """Whether the committed edit of a claim was written by hand (``"found": "by hand"``, with ``"why"`` the search
    does not reach it): the generator never replaces it; it is proved like any other edit (the tests) and evaluated
    by the claim's check on every instance (the runner's correction pass)."""
    entry = edits(claim_id.split("/", 1)[0]).get(claim_id) or {}
    return entry.get("found") == "by hand"


def generate(claim_ids: list[str]) -> dict:
    """Search every listed claim; {paper: {claim id: edit}}."""
    from .claim import find_claim

    out: dict = {}
    for cid in claim_ids:
        c = find_claim(cid)
        target = c.own_correction or c.derived  # the correction the record gives, else the derived form
        if c.printed is None:
            res = {"fallback": "no printed form"}
        else:
            res = _search_with_alarm(c.printed(), defined(c.paper, target()))
        out.setdefault(c.paper, {})[cid] = res
        print(cid, [e["op"] for e in res["edits"]] if "edits" in res else res["fallback"], flush=True)
    return out


def kept_by_hand(paper: str) -> dict:
    """The committed entries of ``paper`` marked ``"found": "by hand"``: an edit (or a fallback reason) written where
    the search cannot reach, with its ``why``.  The generator never overwrites them; the test suite re-proves every
    committed edit, by hand or not, and the runner evaluates it on every instance."""
    return {cid: e for cid, e in edits(paper).items() if e.get("found") == "by hand"}


def main(argv=None) -> int:
    """``python -m ldpref.ledger.minimal_edit_cli VERIFY_JSON``: regenerate the committed files from the erratum
    claims of a ``verify --json`` document."""
    import argparse

    from ..atomic import write_file

    ap = argparse.ArgumentParser(prog="minimal_edit_cli")
    ap.add_argument("verify_json")
    ap.add_argument("--claim", action="append", default=[], help="search only this erratum (repeatable); the "
                    "other claims keep their committed entries")
    a = ap.parse_args(argv)
    with open(a.verify_json, encoding="utf-8") as fh:
        doc = json.load(fh)
    ids = [c["id"] for c in doc["claims"] if c["verdict"] == "erratum" and (not a.claim or c["id"] in a.claim)]
    ids = [cid for cid in ids if not by_hand(cid)]  # a hand-written edit is kept: the search does not reach it
    for paper, data in generate(ids).items():
        merged = dict(edits(paper) if a.claim else {}, **data)
        merged.update(kept_by_hand(paper))
        write_file(data_path(paper), json.dumps(merged, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
