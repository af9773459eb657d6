"""The printed form a claim displays is the object its check evaluates, by construction (issue 22, item 4).

``verify --self-check`` also rebinds every module global bound to a claim's printed function, so it cannot see a
check that rebuilds the form itself instead of reading ``Evidence.printed()``.  Here only the record changes: each
claim's ``printed`` callable is replaced by a perturbed one (``ldpref.ledger.forms.perturb``: a formula moves by
1 + 1/997 and 1/997, a statement is negated) and nothing else, and *every* comparison of the printed form with the
exact values must move (pass/fail, the number of failures or the smallest one): a check whose instance grid
rebuilds the printed form from its module leaves that comparison as it was.  The suite runs a seeded sample of the
claims; ``.ci/run`` runs all of them (``LDPREF_RECORD_MUTATION_FULL=1``).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import random

import pytest

from ldpref.ledger.claim import find_claim, load_claims
from ldpref.ledger.forms import UnsupportedMutation, perturb
from ldpref.ledger.runner import run_claim, worker_setup

FULL = os.environ.get("LDPREF_RECORD_MUTATION_FULL") == "1"
SAMPLE = 40


def _printed_vs_exact(result) -> dict:
    """{check name: (passed, the failing instances with their printed values)} of the printed-vs-exact
    comparisons."""
    out = {}
    for r in result.records:
        if r.role == "printed-vs-exact":
            out[r.name] = (r.passed, tuple(sorted((str(f.params), str(f.printed)) for f in r.failures)))
    return out


def _unmoved(base, mutated: dict) -> list:
    """The printed-vs-exact comparisons of ``base`` that the mutation left as they were."""
    before = _printed_vs_exact(base)
    return [name for name, value in before.items() if mutated.get(name) == value]


def _mutated_fingerprint(claim_id: str):
    claim = find_claim(claim_id)
    original = claim.printed
    statement = claim.kind == "statement"

    def perturbed():
        return perturb(original(), statement=statement)

    try:
        result = run_claim(dataclasses.replace(claim, printed=perturbed))
    except UnsupportedMutation as exc:
        return claim_id, ("unsupported", str(exc))
    return claim_id, (result.verdict, _printed_vs_exact(result))


def _claims():
    ids = [c.id for c in load_claims() if c.printed is not None and c.id not in SKIP]
    return ids if FULL else sorted(random.Random(22).sample(ids, SAMPLE))


#: claims whose printed form the record mutation cannot move, with the reason (none today)
SKIP: dict[str, str] = {}


def test_mutating_the_record_moves_the_evidence_on_the_printed_form(ledger):
    ids = _claims()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(2, initializer=worker_setup) as pool:
        moved = dict(pool.imap_unordered(_mutated_fingerprint, ids, chunksize=4))
    still = []
    for cid in ids:
        base = ledger[cid]
        verdict, mutated = moved[cid]
        if verdict == "unsupported":
            still.append(f"{cid}: mutation not applicable ({mutated})")
        elif _unmoved(base, mutated):
            still.append(f"{cid}: {verdict}; unmoved: {'; '.join(_unmoved(base, mutated))}")
    assert not still, "checks that do not evaluate the record's printed form:\n" + "\n".join(still)
    assert len(ids) >= (300 if FULL else SAMPLE)


@pytest.mark.parametrize("claim_id", ["jiang-gcms/sec2.B.variance", "pan-cms/prop2.1", "pan-cms/appB.diagonal"])
def test_the_three_checks_that_rebuilt_their_printed_form_read_the_record(ledger, claim_id):
    """The issue's three checks rebuilt the printed form from its module instead of reading ev.printed()."""
    _, (verdict, mutated) = _mutated_fingerprint(claim_id)
    assert _printed_vs_exact(ledger[claim_id]) and not _unmoved(ledger[claim_id], mutated)
