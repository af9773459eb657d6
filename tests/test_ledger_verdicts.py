"""Every claim of the ledger reaches a verdict, and verdicts change only on purpose.

Verdicts are computed, never stored: this test runs every claim (as ``ldpref verify`` does) and
compares the result with ``tests/data/verdicts.json``, a reviewed snapshot {claim id: verdict}.  A claim
that errors, stays open, disappears or changes verdict fails the test, which prints the differences;
after reviewing them, regenerate the snapshot with

    python tests/test_ledger_verdicts.py --update
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SNAPSHOT = os.path.join(ROOT, "tests", "data", "verdicts.json")


def current_verdicts(jobs: int = os.cpu_count() or 1) -> dict:
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from ldpref.ledger.claim import load_claims
    from ldpref.ledger.runner import iter_results

    return {r.claim.id: (r.verdict, r.reason) for r in iter_results(load_claims(), jobs)}


def test_every_claim_has_its_reviewed_verdict():
    with open(SNAPSHOT, encoding="utf-8") as fh:
        expected = json.load(fh)["verdicts"]
    got = current_verdicts()
    problems = [f"{cid}: {verdict} ({reason})" for cid, (verdict, reason) in got.items()
                if verdict in ("error", "open")]
    assert not problems, "claims without a verdict:\n" + "\n".join(problems)
    missing = sorted(set(expected) - set(got))
    new = sorted(set(got) - set(expected))
    changed = [f"{cid}: {expected[cid]} -> {got[cid][0]}" for cid in sorted(set(got) & set(expected))
               if expected[cid] != got[cid][0]]
    assert not (missing or new or changed), (
        f"missing claims: {missing}\nnew claims: {new}\nchanged verdicts:\n" + "\n".join(changed)
        + "\n(review, then run: python tests/test_ledger_verdicts.py --update)")


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python tests/test_ledger_verdicts.py --update")
    verdicts = {cid: v for cid, (v, _) in current_verdicts().items()}
    with open(SNAPSHOT, "w", encoding="utf-8") as fh:
        json.dump({"format": "ldpref.verdict-snapshot/1", "verdicts": verdicts}, fh, indent=1, sort_keys=True)
        fh.write("\n")
    print(f"wrote {len(verdicts)} verdicts to {SNAPSHOT}")
