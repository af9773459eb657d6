"""Every claim of the ledger reaches a verdict, verdicts change only on purpose, and the generated docs
are those of the current ledger.

Verdicts are computed, never stored: this module runs every claim once (as ``ldpref verify`` does) and

* compares the verdicts with ``tests/data/verdicts.json``, a reviewed snapshot {claim id: verdict}: a
  claim that errors, stays open, disappears or changes verdict fails, with the differences printed;
* renders the ledger pages and the errata page from the same results and compares them with
  ``docs/ledger/*.md`` and ``docs/errata.md``, so the docs cannot drift from the mathematics.

After reviewing a change, regenerate both with

    python tests/test_ledger_verdicts.py --update    (the snapshot)
    ldpref docs                                       (the pages)
"""

import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SNAPSHOT = os.path.join(ROOT, "tests", "data", "verdicts.json")


def run_ledger(jobs: int = os.cpu_count() or 1):
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from ldpref.ledger.claim import load_claims
    from ldpref.ledger.runner import run_claims

    return run_claims(load_claims(), jobs)


@pytest.fixture(scope="module")
def results():
    return run_ledger()


def test_every_claim_has_its_reviewed_verdict(results):
    with open(SNAPSHOT, encoding="utf-8") as fh:
        expected = json.load(fh)["verdicts"]
    got = {r.claim.id: (r.verdict, r.reason) for r in results}
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


def test_generated_docs_are_those_of_the_current_ledger(results, tmp_path):
    from ldpref.ledger.report import write_docs

    stale = []
    for path in write_docs(results, str(tmp_path)):
        rel = os.path.relpath(path, str(tmp_path))
        committed = os.path.join(ROOT, "docs", rel)
        with open(path, encoding="utf-8") as fh:
            fresh = fh.read()
        if not os.path.exists(committed):
            stale.append(f"docs/{rel} (missing)")
            continue
        with open(committed, encoding="utf-8") as fh:
            if fh.read() != fresh:
                stale.append(f"docs/{rel}")
    assert not stale, f"stale generated docs: {stale}; regenerate with `ldpref docs`"


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python tests/test_ledger_verdicts.py --update")
    verdicts = {r.claim.id: r.verdict for r in run_ledger()}
    with open(SNAPSHOT, "w", encoding="utf-8") as fh:
        json.dump({"format": "ldpref.verdict-snapshot/1", "verdicts": verdicts}, fh, indent=1, sort_keys=True)
        fh.write("\n")
    print(f"wrote {len(verdicts)} verdicts to {SNAPSHOT}")
