"""Run claim checks, decide verdicts, and serialise results (``ldpref.verify/1``)."""

from __future__ import annotations

import time
import traceback
from collections import Counter

from ..latex import to_latex
from .claim import NOT_AVAILABLE, PAPER_TITLES, Claim
from .evidence import Evidence
from .verdict import VERDICTS, ClaimResult, decide

VERIFY_FORMAT = "ldpref.verify/1"


def run_claim(claim: Claim) -> ClaimResult:
    evidence = Evidence()
    error = None
    start = time.perf_counter()
    try:
        claim.check(evidence)
    except Exception as exc:  # noqa: BLE001 - a failing check becomes an 'error' verdict, reported
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        error = f"{type(exc).__name__}: {exc} (at {tb.filename.rsplit('/', 1)[-1]}:{tb.lineno})"
    result = decide(claim, evidence, error)
    result.seconds = time.perf_counter() - start
    return result


def _run_by_id(claim_id: str) -> ClaimResult:
    """Worker entry point: run one claim and return a picklable result (the claim is re-attached by the
    parent; failing instances are dropped, their smallest one is already the counterexample)."""
    from .claim import find_claim

    result = run_claim(find_claim(claim_id))
    for rec in result.records:
        rec.failures = []
    result.claim = claim_id
    return result


def iter_results(claims: list[Claim], jobs: int = 1):
    """Run claims, yielding results in claim order; ``jobs > 1`` runs them in worker processes.

    Checks take fixed seeds, so verdicts do not depend on ``jobs``.
    """
    if jobs <= 1 or len(claims) <= 1:
        for c in claims:
            yield run_claim(c)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    by_id = {c.id: c for c in claims}
    context = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        # longest claims first would balance better, but order of output must follow the ledger
        for result in pool.map(_run_by_id, [c.id for c in claims], chunksize=1):
            result.claim = by_id[result.claim]
            yield result


def run_claims(claims: list[Claim], jobs: int = 1) -> list[ClaimResult]:
    return list(iter_results(claims, jobs))


def printed_latex(claim: Claim) -> str | None:
    return None if claim.printed is None else to_latex(claim.printed())


def derived_latex(claim: Claim) -> str:
    return to_latex(claim.derived())


def correction_latex(claim: Claim) -> str:
    return to_latex(claim.correction() if claim.correction is not None else claim.derived())


def result_to_json(result: ClaimResult) -> dict:
    c = result.claim
    corrected = correction_latex(c) if result.verdict in ("erratum", "conditional") else None
    return {
        "id": c.id,
        "paper": c.paper,
        "location": c.location,
        "statement": c.statement,
        "verdict": result.verdict,
        "reason": result.reason,
        "checks": [
            {"kind": r.kind, "name": r.name, "passed": r.passed, "instances": r.instances, "detail": r.detail}
            for r in result.records
        ],
        "printed_latex": printed_latex(c),
        "printed_available": c.printed is not None,
        "derived_latex": derived_latex(c),
        "correction_latex": corrected,
        "counterexample": result.counterexample,
        "condition": c.condition,
        "assumptions": c.assumptions,
        "derivation": c.derivation,
        "notes": c.notes_with(result.notes),
        "seconds": round(result.seconds, 3),
    }


def summary(results: list[ClaimResult]) -> dict:
    counts = Counter(r.verdict for r in results)
    return {v: counts.get(v, 0) for v in VERDICTS}


def verify_document(results: list[ClaimResult]) -> dict:
    return {"format": VERIFY_FORMAT, "claims": [result_to_json(r) for r in results], "summary": summary(results)}


__all__ = ["run_claim", "run_claims", "verify_document", "result_to_json", "summary", "NOT_AVAILABLE",
           "PAPER_TITLES", "printed_latex", "derived_latex", "correction_latex"]
