"""Verdicts, computed from recorded evidence every time ``ldpref verify`` runs (never stored).

* ``verified``    -- the printed form equals the derived form symbolically and both equal exact
  enumeration on every instance (when the printed form is lost, the derived form and enumeration agree).
* ``erratum``     -- the printed form disagrees with exact enumeration on some instance; the smallest
  such instance is the counterexample and the derived form is the correction.
* ``conditional`` -- the printed form fails only outside a stated extra condition.
* ``cited``       -- a result the paper imports; implemented and spot-checked against enumeration.
* ``open``        -- not checked yet (a claim whose check records nothing).
* ``error``       -- not a statement about the paper: a check could not run, a path the verdict needs
  is missing, or ldpref's own derivation disagrees with enumeration.  ``ldpref verify`` exits 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .claim import NOT_AVAILABLE, Claim
from .evidence import CheckRecord, Evidence

VERDICTS = ("verified", "erratum", "conditional", "cited", "open", "error")


@dataclass
class ClaimResult:
    claim: Claim
    verdict: str
    reason: str
    records: list[CheckRecord] = field(default_factory=list)
    counterexample: dict | None = None
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _counterexample(inst) -> dict:
    return {"params": {k: str(v) for k, v in inst.params.items()}, "printed": str(inst.printed), "exact": str(inst.exact)}


def decide(claim: Claim, evidence: Evidence, error: str | None = None) -> ClaimResult:
    records = evidence.records
    result = ClaimResult(claim, "error", "", list(records), None, list(evidence.notes))
    if error is not None:
        result.reason = f"check could not run: {error}"
        return result
    if not records:
        result.verdict, result.reason = "open", "no check recorded"
        return result
    broken = [r for r in records if r.role == "derived-vs-exact" and not r.passed]
    if broken:
        result.reason = "ldpref defect: " + "; ".join(f"{r.name}: {r.detail}" for r in broken)
        return result
    exact_paths = [r for r in records if r.role == "derived-vs-exact" and r.kind in ("exact", "symbolic") and r.instances > 0]
    if not exact_paths:
        result.reason = "missing path: no comparison of the derived form with exact enumeration was recorded"
        return result

    has_printed = claim.printed is not None
    printed_exact = [r for r in records if r.role == "printed-vs-exact"]
    symbolic = [r for r in records if r.role == "printed-vs-derived"]
    if has_printed and not printed_exact:
        result.reason = "missing path: the printed form was never compared with exact enumeration"
        return result
    if has_printed and not symbolic and claim.kind != "statement":
        result.reason = "missing path: the printed form was never compared with the derived form symbolically"
        return result

    failures = [f for r in printed_exact for f in r.failures]
    if failures:
        inside = [f for f in failures if f.in_condition]
        if claim.condition and not inside:
            first = min(failures, key=lambda f: f.key())
            result.verdict = "conditional"
            result.reason = f"printed form holds only under the condition: {claim.condition}"
        else:
            first = min(inside or failures, key=lambda f: f.key())
            result.verdict = "erratum"
            result.reason = "printed form disagrees with exact enumeration"
        result.counterexample = _counterexample(first)
        return result
    if symbolic and not all(r.passed for r in symbolic):
        if claim.condition:
            result.verdict = "conditional"
            result.reason = f"printed and derived forms agree only under the condition: {claim.condition}"
            return result
        result.reason = ("printed and derived forms differ symbolically but no enumerated instance tells them "
                         "apart; the instance grid must be extended")
        return result
    if claim.kind == "cited":
        result.verdict, result.reason = "cited", "imported result; implemented and spot-checked against enumeration"
        return result
    result.verdict = "verified"
    if has_printed:
        result.reason = "printed == derived symbolically and == exact enumeration on every instance"
    elif claim.paper == "cross":
        result.reason = ("derived form == exact enumeration on every instance (a cross-paper statement of ldpref: "
                         "no paper prints it)")
    else:
        result.reason = "derived form == exact enumeration on every instance; printed form " + NOT_AVAILABLE
    return result
