"""Verdicts, computed from recorded evidence every time ``ldpref verify`` runs (never stored).

* ``verified``      -- the printed form equals the derived form symbolically and both equal the exact value
  on every instance; the reason says how the exact values were obtained (proofs, enumerated instances,
  moment-formula instances).
* ``reconstructed`` -- there is no printed form to compare with (lost in our copy, or an ldpref statement
  of the cross-paper key that no paper prints); ldpref's derived form agrees with the exact values.  It
  confirms ldpref's reconstruction, not the paper.
* ``erratum``       -- the printed form disagrees with the exact value on some instance; the smallest
  such instance is the counterexample and the derived form is the correction.
* ``conditional``   -- the printed form fails only outside a stated extra condition.
* ``cited``         -- a result the paper imports; implemented and spot-checked against enumeration.
* ``open``          -- not checked yet (a claim whose check records nothing).
* ``error``         -- not a statement about the paper: a check could not run, a path the verdict needs
  is missing, the evidence contradicts itself (printed == derived symbolically, derived == exact, yet
  printed != exact), or ldpref's own derivation disagrees with the exact value.  ``ldpref verify`` exits 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .claim import NOT_AVAILABLE, Claim
from .evidence import CheckRecord, Evidence
from .readable import with_decimal

VERDICTS = ("verified", "reconstructed", "erratum", "conditional", "cited", "open", "error")


@dataclass
class ClaimResult:
    claim: Claim
    verdict: str
    reason: str
    records: list[CheckRecord] = field(default_factory=list)
    counterexample: dict | None = None
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    #: LaTeX of the forms as evaluated (see runner.forms_latex); None until rendered
    latex: dict | None = None
    #: which of the claim's own forms the check read through the Evidence ("printed", "derived")
    forms_read: tuple = ()


def _counterexample(inst, records=()) -> dict:
    """The failing instance as JSON: ``printed`` / ``exact`` exactly (sympy's syntax, machine-readable), the same in
    reading notation with decimals (``printed_text`` / ``exact_text``, :mod:`ldpref.ledger.readable`), and the
    quantity compared (the name of the check whose instance it is)."""
    quantity = next((r.name.removesuffix(": printed vs exact") for r in records
                     if any(f is inst for f in r.failures)), None)
    return {"params": {k: str(v) for k, v in inst.params.items()}, "printed": str(inst.printed),
            "exact": str(inst.exact),
            "printed_text": with_decimal(inst.printed), "exact_text": with_decimal(inst.exact), "quantity": quantity}


def how_decided(records) -> str:
    """What was actually run: proofs, enumerated instances, moment-formula instances, numeric checks."""
    proofs, paths = 0, {}
    for r in records:
        if r.role in ("printed-vs-exact", "correction-vs-exact"):  # the same points as a derived-vs-exact record
            continue
        if r.role == "model-vs-exact":  # a model quantity, not a form: the how of the forms' comparisons omits it
            continue
        for p, n in r.paths.items():
            if p == "proof" and r.kind == "symbolic":
                proofs += n
            else:
                paths[p] = paths.get(p, 0) + n
    parts = []
    if proofs:
        parts.append(f"{proofs} symbolic proof(s)")
    words = {"enumeration": "instance(s) by exact enumeration",
             "moment-formula": "instance(s) by exact moment formulas",
             "proof": "instance(s) decided by proof", "numeric": "numeric check(s)",
             "statistical": "statistical check(s)",
             "decision": "all-parameter proof(s) by decision procedure",
             "decision-given-derived": "all-parameter proof(s) by decision procedure from the derived forms",
             "decision-correction": "all-parameter proof(s) of the correction by decision procedure",
             "decision-correction-given-derived": ("all-parameter proof(s) of the correction by decision procedure "
                                                   "from the derived forms"),
             "decision-symbolic": "all-parameter proof(s) by exact symbolic identities",
             "decision-given-derived-symbolic": "all-parameter proof(s) by exact symbolic identities from the derived "
                                                "forms",
             "decision-correction-symbolic": "all-parameter proof(s) of the correction by exact symbolic identities",
             "decision-correction-given-derived-symbolic": ("all-parameter proof(s) of the correction by exact "
                                                            "symbolic identities from the derived forms"),
             "all-parameters": "model proof(s) for all parameters"}
    parts += [f"{n} {words[p]}" for p, n in sorted(paths.items())]
    return ", ".join(parts) if parts else "nothing"


def decide(claim: Claim, evidence: Evidence, error: str | None = None) -> ClaimResult:
    """The verdict of a claim from its recorded evidence (``error`` if the check could not run).  An erratum or
    conditional claim whose correction is the derived form itself gets the record saying so (the derived form's
    own comparisons with the exact values are the correction's)."""
    result = _decide(claim, evidence, error)
    if result.verdict in ("erratum", "conditional") and claim.correction is None:
        derived = [r for r in result.records if r.role == "derived-vs-exact" and r.kind == "exact"]
        paths: dict = {}
        for r in derived:
            for p, n in r.paths.items():
                paths[p] = paths.get(p, 0) + n
        total = sum(paths.values())
        result.records.append(CheckRecord(
            "exact", "correction (the derived form itself) vs exact", True, total,
            f"the correction shown is the derived form itself; the claim's derived-vs-exact checks ({total} "
            f"instance(s)) are its evidence", role="correction-vs-exact", paths=paths))
    return result


def _decide(claim: Claim, evidence: Evidence, error: str | None = None) -> ClaimResult:
    records = evidence.records
    result = ClaimResult(claim, "error", "", list(records), None, list(evidence.notes))
    if error is not None:
        result.reason = f"check could not run: {error}"
        return result
    if not records:
        result.verdict, result.reason = "open", "no check recorded"
        return result
    broken = [r for r in records if r.role in ("derived-vs-exact", "correction-vs-exact", "model-vs-exact")
              and not r.passed]
    if broken:
        result.reason = "ldpref defect: " + "; ".join(f"{r.name}: {r.detail}" for r in broken)
        return result
    exact_paths = [r for r in records
                   if r.role == "derived-vs-exact" and r.kind in ("exact", "symbolic") and r.instances > 0]
    if not exact_paths:
        result.reason = "missing path: no comparison of the derived form with an exact value was recorded"
        return result

    has_printed = claim.printed is not None
    printed_exact = [r for r in records if r.role == "printed-vs-exact"]
    symbolic = [r for r in records if r.role == "printed-vs-derived"]
    how = how_decided(records)
    if not has_printed and (printed_exact or symbolic):
        result.reason = ("inconsistent claim: the check compared a printed form, but the claim shows none "
                         f"({NOT_AVAILABLE}); what was compared is not what the ledger displays")
        return result
    if has_printed and not printed_exact:
        result.reason = "missing path: the printed form was never compared with an exact value"
        return result
    if has_printed and not symbolic and claim.kind != "statement":
        result.reason = "missing path: the printed form was never compared with the derived form symbolically"
        return result

    failures = [f for r in printed_exact for f in r.failures]
    if failures:
        if symbolic and all(r.passed for r in symbolic):
            first = min(failures, key=lambda f: f.key())
            result.reason = ("contradiction: printed == derived symbolically and derived == exact, yet printed != "
                             f"exact at {first.params}; a comparison compared other objects than it says")
            return result
        inside = [f for f in failures if f.in_condition]
        if claim.condition and not inside:
            first = min(failures, key=lambda f: f.key())
            result.verdict = "conditional"
            result.reason = f"printed form holds only under the condition: {claim.condition} ({how})"
        else:
            first = min(inside or failures, key=lambda f: f.key())
            result.verdict = "erratum"
            result.reason = f"printed form disagrees with the exact value ({how})"
        result.counterexample = _counterexample(first, printed_exact)
        return result
    if symbolic and not all(r.passed for r in symbolic):
        if claim.condition:
            result.verdict = "conditional"
            result.reason = f"printed and derived forms agree only under the condition: {claim.condition} ({how})"
            return result
        result.reason = ("printed and derived forms differ symbolically but no exact instance tells them "
                         "apart; the instance grid must be extended")
        return result
    if claim.kind == "cited":
        result.verdict = "cited"
        result.reason = f"imported result; implemented and spot-checked against exact values ({how})"
        return result
    if not has_printed:
        result.verdict = "reconstructed"
        if claim.paper == "cross":
            result.reason = f"an ldpref statement across papers (no paper prints it): derived == exact ({how})"
        else:
            result.reason = f"printed form {NOT_AVAILABLE}: ldpref's reconstruction == exact ({how})"
        return result
    result.verdict = "verified"
    said = "printed == derived symbolically; " if symbolic else ""
    result.reason = f"{said}printed == exact and derived == exact ({how})"
    return result
