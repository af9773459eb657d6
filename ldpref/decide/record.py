"""Record the all-parameter proofs of a claim on its evidence (called by the runner after the claim's check).

For each obligation of :data:`ldpref.decide.ledger_obligations.OBLIGATIONS` built from the run's own forms (the
printed, derived and correction objects the evidence holds, and other claims' forms only through ``form_of``: see
:mod:`ldpref.decide.ledger_obligations`), the exported SMT-LIB text is looked up by its digest among the obligations
both solvers proved (:mod:`ldpref.decide.proved`), else z3 decides it in this run, and a
:class:`~ldpref.ledger.evidence.CheckRecord` of kind ``"decision"`` is appended: passed when z3 answers ``unsat`` (the
goal holds for every admissible value); otherwise failed, with the exact counterexample when z3's model is confirmed in
exact arithmetic at admissible (integer where required) values.  Univariate obligations also get a Sturm certificate
checked by ldpref itself (:mod:`ldpref.decide.sturm`).  cvc5 re-checks the committed SMT-LIB files in the tests and in
``.ci/run`` (``ldpref proofs --check``).  The built texts are kept in a disk cache keyed by the forms and the source
they are built from (:mod:`ldpref.decide.build_cache`); a cached text still has to be among the proved ones, or the
obligations are built again.
"""

from __future__ import annotations

from ldpref.ledger.evidence import CheckRecord

from . import build_cache
from .algebraic import NotAlgebraic
from .ledger_obligations import OBLIGATIONS, call
from .obligation import evidence_path
from .smtlib import to_smtlib
from .proved import digest, proved
from .solvers import SolverMissing, refute, z3_check
from .sturm import sturm_input, sturm_record_of
from .symbolic_proof import SYMBOLIC_PROOFS, record_symbolic_proofs


def obligations_of(claim_id: str, printed, derived, evidence=None) -> list:
    """The obligations of a claim built from the given forms ([] when the claim has none); ``evidence`` hands the
    extra forms a builder declares (its correction, other claims' forms through ``form_of``)."""
    build = OBLIGATIONS.get(claim_id)
    return call(build, evidence, printed, derived, claim_id) if build else []


def record_decisions(claim, evidence) -> None:
    """Append a decision record per obligation of ``claim``, and per symbolic proof
    (:mod:`ldpref.decide.symbolic_proof`); nothing when it has neither."""
    if claim.id not in OBLIGATIONS and claim.id not in SYMBOLIC_PROOFS:
        return
    printed = evidence.printed() if claim.printed is not None else None
    record_symbolic_proofs(claim, evidence, printed)
    if claim.id not in OBLIGATIONS:
        return
    k = entries = built = None
    try:
        derived = evidence.derived()
        k = build_cache.key(claim, OBLIGATIONS[claim.id], printed, derived)
        entries = build_cache.load(k)
        if entries is None or not all(_proved(e) for e in entries):
            # a miss, or a stored text no longer among the proved ones: build from the forms, decide live
            built = obligations_of(claim.id, printed, derived, evidence)
    except LookupError as exc:  # the forms handed in lack a symbol the obligation needs (a self-check mutation
        # hands the derived form where the printed one was expected): no obligation can be posed, none attempted
        evidence.note(f"no all-parameter proof attempted: {exc}")
        return
    if built is not None:
        entries = [_entry(ob) for ob in built]
        if all(_proved(e) for e in entries):
            build_cache.store(k, entries)  # only a build whose every text both solvers proved
    for e in entries:
        _record(e, evidence)


def _proved(e: dict) -> bool:
    """Whether an entry is a note or a text both solvers proved (``proved.json``)."""
    return "text" not in e or digest(e["text"]) in proved()


def _entry(ob) -> dict:
    """What a decision record needs of a built obligation, as plain data (the cache's entry)."""
    e = {"name": ob.name, "meaning": ob.meaning, "proves": ob.proves, "model_side": ob.model_side}
    try:
        e["text"] = to_smtlib(ob)
    except NotAlgebraic as exc:
        e["note"] = f"no all-parameter proof of {ob.name}: {exc}"
        return e
    if _proved(e):
        e["sturm"] = sturm_input(ob)  # Sturm's input as data: its certificate is computed and checked in every run
    else:
        e["obligation"] = ob  # decided live (never stored): a refutation needs the obligation itself
    return e


def _record(e: dict, evidence) -> None:
    """Append the decision record(s) of one obligation entry (:func:`_entry`)."""
    if "note" in e:
        evidence.note(e["note"])
        return
    name = f"all-parameter proof{' of the correction' if e['proves'] == 'correction' else ''}: {e['meaning']}"
    path = evidence_path(e["proves"], e["model_side"])
    text = e["text"]
    key = digest(text)
    if key in proved():  # this very text was decided unsat by z3 and cvc5 (ldpref.decide.proved)
        answer, how = "unsat", (f"z3 and cvc5: unsat for this exact obligation text (sha256 {key[:16]}..., "
                                f"ldpref/decide/proved.json; 'ldpref proofs --check' re-decides it, in .ci/run)")
    else:
        try:
            answer, _ = z3_check(text)
        except SolverMissing as exc:
            evidence.note(f"no all-parameter proof of {e['name']}: {exc}")
            return
        how = "z3: unsat, decided in this run"
    if answer == "unsat":
        detail = (f"{how} (no admissible counterexample; obligation proofs/smtlib/{e['name']}.smt2, "
                  "re-checked by cvc5 in the tests)")
        evidence.records.append(CheckRecord("decision", name, True, 1, detail, role="other", paths={path: 1}))
        found = e["sturm"] if "sturm" in e else sturm_input(e["obligation"])
        if found is not None:
            evidence.records.append(sturm_record_of(found, e["meaning"], path))
        return
    point = refute(e["obligation"]) if answer == "sat" else None
    if point is not None:
        detail = f"refuted: exact counterexample {point} (confirmed by substitution)"
    else:
        detail = f"z3: {answer}; no proof, and no counterexample confirmed at admissible values"
    evidence.records.append(CheckRecord("decision", name, False, 1, detail, role="other", paths={path: 1}))
