"""How many erratum corrections are displayed as an edit of the printed form (issue 23, Done-when bullet 2).

Measured from a ``ldpref verify --json`` document.  An erratum's correction counts as an edit of the printed form
when the claim has a committed minimal edit (``minimal_edit``: proved equal to the derived form, applied to the
printed form, and the very object the correction check evaluates), its displayed ``correction_latex`` (the changed
parts highlighted) is not the derived form's LaTeX, and its plain form (``correction_plain_latex``) is not much
longer than the printed form (at most ``RATIO`` times its length plus ``SLACK`` characters).  The script also
says how many of those have a plain form equal, byte for byte, to the derived form's LaTeX (the derived form
already had the printed form's shape, so the minimal edit and the derived form coincide).  Every other erratum is
listed with the reason the committed data gives (``proofs_checks/<paper>/minimal_edits.json``).

Usage: python benchmarks/edit_coverage.py VERIFY.json [--list]
"""

import json
import os
import sys

RATIO = 1.25
SLACK = 20


def judge(claim: dict) -> str | None:
    """None when the claim's correction is displayed as an edit of its printed form, else why not."""
    plain, printed = claim.get("correction_plain_latex"), claim.get("printed_latex")
    if not claim.get("minimal_edit"):
        return "no committed minimal edit"
    if plain is None or printed is None:
        return "no printed form or no correction shown"
    if claim.get("correction_latex") == claim.get("derived_latex"):
        return "the displayed correction is the derived form"
    if len(plain) > RATIO * len(printed) + SLACK:
        return f"the edited form is much longer than the printed form ({len(plain)} vs {len(printed)} characters)"
    return None


def coverage(doc: dict) -> tuple[int, int, dict]:
    """(covered, errata, {claim id: reason not covered})."""
    errata = [c for c in doc["claims"] if c["verdict"] == "erratum"]
    missed = {c["id"]: why for c in errata if (why := judge(c)) is not None}
    return len(errata) - len(missed), len(errata), missed


def _fallback(cid: str) -> str:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(root, "proofs_checks", cid.split("/")[0].replace("-", "_"), "minimal_edits.json")
    if not os.path.exists(path):
        return ""
    entry = json.load(open(path, encoding="utf-8")).get(cid) or {}
    return entry.get("fallback", "")


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__.splitlines()[-1], file=sys.stderr)
        return 2
    doc = json.load(open(argv[0], encoding="utf-8"))
    covered, total, missed = coverage(doc)
    print(f"erratum corrections displayed as an edit of the printed form: {covered} of {total}"
          f" ({100 * covered / total:.1f}%)" if total else "no erratum claims")
    same = [c["id"] for c in doc["claims"] if c["verdict"] == "erratum" and c["id"] not in missed
            and c.get("correction_plain_latex") == c.get("derived_latex")]
    print(f"  of which the plain corrected form equals the derived form's LaTeX: {len(same)}")
    kinds = {}
    for cid in missed:
        reason = _fallback(cid) or missed[cid]
        key = ("statement evaluated by code / no expression tree" if "Predicate" in reason
               or "expression tree" in reason else reason.split(" (")[0])
        kinds[key] = kinds.get(key, 0) + 1
    for key, n in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"  not an edit, {n}: {key}")
    if "--list" in argv:
        for cid, why in sorted(missed.items()):
            detail = _fallback(cid)
            print(f"  {cid}: {why}" + (f" ({detail})" if detail else ""))
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main(sys.argv[1:]))
    except BrokenPipeError:  # the reader (e.g. head) closed the pipe: stop quietly, as a shell tool does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(141)
