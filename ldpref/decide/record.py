"""Record the all-parameter proofs of a claim on its evidence (called by the runner after the claim's check).

For each obligation of :data:`ldpref.decide.ledger_obligations.OBLIGATIONS` built from the run's own printed and
derived forms, the exported SMT-LIB text is looked up by its digest among the obligations both solvers proved
(:mod:`ldpref.decide.proved`), else z3 decides it in this run, and a :class:`~ldpref.ledger.evidence.CheckRecord` of kind ``"decision"`` is appended: passed when z3
answers ``unsat`` (the goal holds for every admissible value); otherwise failed, with the exact counterexample
when z3's model is confirmed in exact arithmetic at admissible (integer where required) values.  Univariate
obligations also get a Sturm certificate checked by ldpref itself (:mod:`ldpref.decide.sturm`).  cvc5 re-checks
the committed SMT-LIB files in the tests and in ``.ci/run`` (``ldpref proofs --check``).
"""

from __future__ import annotations

from ldpref.ledger.evidence import CheckRecord

from .algebraic import NotAlgebraic
from .ledger_obligations import OBLIGATIONS
from .smtlib import to_smtlib
from .proved import digest, proved
from .solvers import SolverMissing, refute, z3_check
from .sturm import sturm_record
from .symbolic_proof import SYMBOLIC_PROOFS, record_symbolic_proofs


def obligations_of(claim_id: str, printed, derived) -> list:
    """The obligations of a claim built from the given forms ([] when the claim has none)."""
    build = OBLIGATIONS.get(claim_id)
    return build(printed, derived) if build else []


def record_decisions(claim, evidence) -> None:
    """Append a decision record per obligation of ``claim``, and per symbolic proof
    (:mod:`ldpref.decide.symbolic_proof`); nothing when it has neither."""
    if claim.id not in OBLIGATIONS and claim.id not in SYMBOLIC_PROOFS:
        return
    printed = evidence.printed() if claim.printed is not None else None
    record_symbolic_proofs(claim, evidence, printed)
    if claim.id not in OBLIGATIONS:
        return
    try:
        built = obligations_of(claim.id, printed, evidence.derived())
    except LookupError as exc:  # the forms handed in lack a symbol the obligation needs (a self-check mutation
        # hands the derived form where the printed one was expected): no obligation can be posed, none attempted
        evidence.note(f"no all-parameter proof attempted: {exc}")
        return
    for ob in built:
        name = f"all-parameter proof{' of the correction' if ob.proves == 'correction' else ''}: {ob.meaning}"
        try:
            text = to_smtlib(ob)
        except NotAlgebraic as exc:
            evidence.note(f"no all-parameter proof of {ob.name}: {exc}")
            continue
        key = digest(text)
        if key in proved():  # this very text was decided unsat by z3 and cvc5 (ldpref.decide.proved)
            answer, how = "unsat", (f"z3 and cvc5: unsat for this exact obligation text (sha256 {key[:16]}..., "
                                    f"ldpref/decide/proved.json; 'ldpref proofs --check' re-decides it, in .ci/run)")
        else:
            try:
                answer, _ = z3_check(text)
            except SolverMissing as exc:
                evidence.note(f"no all-parameter proof of {ob.name}: {exc}")
                continue
            how = "z3: unsat, decided in this run"
        if answer == "unsat":
            detail = (f"{how} (no admissible counterexample; obligation proofs/smtlib/{ob.name}.smt2, "
                      "re-checked by cvc5 in the tests)")
            evidence.records.append(CheckRecord("decision", name, True, 1, detail, role="other",
                                                paths={ob.path(): 1}))
            sturm = sturm_record(ob)
            if sturm is not None:
                evidence.records.append(sturm)
            continue
        point = refute(ob) if answer == "sat" else None
        if point is not None:
            detail = f"refuted: exact counterexample {point} (confirmed by substitution)"
        else:
            detail = f"z3: {answer}; no proof, and no counterexample confirmed at admissible values"
        evidence.records.append(CheckRecord("decision", name, False, 1, detail, role="other",
                                            paths={ob.path(): 1}))
