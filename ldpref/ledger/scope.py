"""The scope of a verdict: for which parameter values its evidence holds (issue 25, item 1).

Computed from the recorded evidence every time the ledger runs, never stored:

* ``all-parameters`` -- the claim's statement is proved for every parameter value satisfying its assumptions:
  either a decision-procedure proof is recorded on the evidence (a :class:`~ldpref.ledger.evidence.CheckRecord`
  of kind ``"decision"``, passed, written by :mod:`ldpref.decide.record`), or the printed form is proved equal to
  the derived form symbolically *and* the model side (the derived form against the mechanism) is proved for all
  parameters.  **Contract for the model side**: a record of kind ``"symbolic"``, ``passed``, whose ``paths``
  contain the key ``"all-parameters"`` (``paths={"all-parameters": 1}``) -- e.g. a symbolic moment of the
  mechanism derived by summation over its per-client probabilities for symbolic d, k, m.
* ``given-derived`` -- the printed form is proved equal to ldpref's derived form symbolically for all parameters,
  and the derived form is checked against the exact mechanism on N instances; or a decision-procedure proof is
  recorded whose obligation takes the derived form as given (``Obligation.model_side == "derived"``, path
  ``decision-given-derived``): the printed statement with its abstract quantities (an MSE, a rank, a probability)
  replaced by the derived form's expressions, or "derived statement => printed statement", proved for every
  admissible parameter value -- the printed statement then holds wherever the derived form is right, and the
  derived form is checked against the exact mechanism on N instances.
* ``instances`` -- checked on N instances only; the reason says why no proof was attempted or found.

A refutation (verdict ``erratum`` or ``conditional``) is always an exact counterexample at admissible parameters
(integer where the parameter is an integer); one such point settles it, so nothing more is needed for the
verdict.  What can be proved for all parameters is the claim's **correction** (the corrected statement ldpref
shows beside the counterexample): when decision-procedure proofs of the correction are recorded (obligations with
``proves == "correction"``, paths ``decision-correction`` / ``decision-correction-given-derived``) and all
passed, the refuted claim takes the correction's scope -- ``all-parameters`` when the correction's model side is
derived for all parameters, ``given-derived`` when the proof takes the derived form as given -- and its reason
names both the counterexample and the proofs.  Otherwise it stays at ``instances`` (the counterexample).
"""

from __future__ import annotations

SCOPES = ("all-parameters", "given-derived", "instances")


def _instances(records) -> int:
    return sum(r.instances for r in records if r.role == "derived-vs-exact" and r.kind != "symbolic")


def model_all_parameters(records) -> list:
    """The records proving the model side for all parameters (the contract in the module docstring)."""
    return [r for r in records if r.kind == "symbolic" and r.passed and "all-parameters" in r.paths]


def _of_correction(record) -> bool:
    """A decision record proving a refuted claim's correction (path ``decision-correction[-given-derived]``)."""
    return any(p.startswith("decision-correction") for p in record.paths)


def scope_of(result) -> tuple[str, str]:
    """``(scope, reason)`` of a :class:`~ldpref.ledger.verdict.ClaimResult`, from its recorded evidence."""
    records = result.records
    n = _instances(records)
    if result.verdict in ("error", "open"):
        return "instances", f"verdict {result.verdict}: nothing is proved"
    decisions = [r for r in records if r.kind == "decision" and not _of_correction(r)]
    corrections = [r for r in records if r.kind == "decision" and _of_correction(r)]
    refuted = [r for r in decisions if not r.passed and r.detail.startswith("refuted")]
    unproved = [r for r in decisions if not r.passed and r not in refuted]
    if result.verdict in ("erratum", "conditional"):
        where = (result.counterexample or {}).get("params")
        at = f" at {where}" if where else ""
        refutation = (f"refuted by an exact counterexample{at} (one admissible point settles a refutation); "
                      f"checked on {n} instance(s)")
        if corrections and all(r.passed for r in corrections):
            given = [r for r in corrections if "given-derived" in "".join(r.paths)]
            scope = "given-derived" if given else "all-parameters"
            how = ("from ldpref's derived forms (checked against exact values on instances)" if given else
                   "with the model side derived for all parameters")
            return scope, (f"{refutation}; the correction proved for every admissible parameter value {how}: "
                           + "; ".join(r.name for r in corrections))
        if corrections:
            return "instances", refutation + "; no all-parameter proof of the correction found: " + "; ".join(
                f"{r.name}: {r.detail}" for r in corrections if not r.passed)
        return "instances", refutation
    if refuted:
        return "instances", ("a decision procedure found the statement false somewhere in its assumptions: "
                             + "; ".join(f"{r.name}: {r.detail}" for r in refuted))
    if unproved:
        return "instances", f"checked on {n} instance(s); no all-parameter proof found: " + "; ".join(
            f"{r.name}: {r.detail}" for r in unproved)
    given = [r for r in decisions if any(p.startswith("decision-given-derived") for p in r.paths)]
    if given:
        return "given-derived", ("proved for every admissible parameter value from ldpref's derived forms (the "
                                 "printed statement's model quantities, or 'derived statement => printed "
                                 f"statement'), the derived forms checked against exact values on {n} instance(s): "
                                 + "; ".join(r.name for r in given))
    if decisions:
        return "all-parameters", "proved for every admissible parameter value by " + "; ".join(
            r.name for r in decisions)
    symbolic = [r for r in records if r.role == "printed-vs-derived"]
    if symbolic and all(r.passed for r in symbolic):
        model = model_all_parameters(records)
        if model:
            return "all-parameters", ("printed == derived symbolically, and the model side proved for all "
                                      "parameters: " + "; ".join(r.name for r in model))
        return "given-derived", (f"printed == derived symbolically for all parameters; derived checked against "
                                 f"exact values on {n} instance(s)")
    if symbolic:
        return "instances", f"printed and derived forms differ symbolically; checked on {n} instance(s)"
    if result.claim.printed is None:
        return "instances", f"no printed form to prove; ldpref's reconstruction checked on {n} instance(s)"
    if result.claim.kind == "statement":
        return "instances", f"statement checked on {n} instance(s); no decision-procedure proof recorded"
    return "instances", f"no symbolic printed-vs-derived proof; checked on {n} instance(s)"


def scope_counts(results) -> dict:
    """The number of claims per scope."""
    counts = dict.fromkeys(SCOPES, 0)
    for r in results:
        counts[scope_of(r)[0]] += 1
    return counts


def scope_text(counts: dict) -> str:
    """``all-parameters 12, given-derived 200, instances 268``."""
    return ", ".join(f"{k} {v}" for k, v in counts.items())
