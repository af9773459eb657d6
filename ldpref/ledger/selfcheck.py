"""``ldpref verify --self-check``: mutation testing of the ledger, so an auditor can see every check can fail.

For each claim the check runs four times, each in a fresh process (forked before any check ran, so no
cache carries a value from one run into another):

* ``baseline``           -- as ``ldpref verify`` runs it;
* ``printed-as-derived`` -- the printed form replaced by the derived form: must give ``verified``
  (the correction is right and the check accepts it);
* ``printed-perturbed``  -- the printed form perturbed (:func:`ldpref.ledger.forms.perturb`: a formula
  moves by the factor 1 + 1/997 and the offset 1/997, a statement is negated): a verified claim must stop
  being verified; for a claim that already fails, the outcome must move (another verdict, or other
  failures: a negated statement that was false everywhere becomes verified);
* ``derived-perturbed``  -- the derived form perturbed: must give ``error`` (ldpref's own path is checked
  against the exact values, so a wrong derivation cannot pass);
* ``correction-perturbed`` -- for an erratum or conditional claim with a correction of its own, that correction
  perturbed: must give ``error`` (the correction an author would copy is evaluated on the instances, issue 22).
  Where the correction is the derived form itself, ``derived-perturbed`` already moves it (not applicable here).

A mutation reaches the check twice over: through :meth:`Evidence.printed`/``derived`` (the claim's own
callables) and by replacing, in every loaded ``derivations`` and ``proofs_checks`` module, each global
bound to the very function the claim names.  A check that evaluates some other object than the one the
claim displays does not move, and is reported.  A claim may say in ``Claim.selfcheck`` why a mutation is
not expected to move it; that reason is printed beside the outcome and the mutation is then not counted
against the claim.
"""

from __future__ import annotations

import multiprocessing
import sys
from dataclasses import dataclass, field

from .claim import MUTATIONS, Claim, find_claim
from .forms import UnsupportedMutation, perturb
from .runner import run_claim, warm_imports, worker_setup

SELFCHECK_FORMAT = "ldpref.selfcheck/1"


def _paper_packages() -> tuple:
    """The top-level packages of the registered papers' claim modules and of the derivations their claims name
    (``derivations``, ``proofs_checks`` here): the library names no paper (issue 22, item 8) and is never patched."""
    from .claim import _REGISTRY
    from .papers import PAPERS

    tops = {p.checks.split(".")[0] for p in PAPERS.values()}
    tops |= {c.derivation.split(".")[0] for c in _REGISTRY.values() if c.derivation}
    return tuple(sorted(tops - {__name__.split(".")[0]}))


@dataclass
class RunOutcome:
    verdict: str
    reason: str
    fingerprint: tuple = ()
    unsupported: str | None = None


@dataclass
class ClaimSelfCheck:
    claim: Claim
    baseline: RunOutcome
    outcomes: dict = field(default_factory=dict)  # mutation -> RunOutcome
    passed: dict = field(default_factory=dict)  # mutation -> True / False / None (not applicable)
    why: dict = field(default_factory=dict)  # mutation -> text

    @property
    def sensitive(self) -> bool:
        """Whether every applicable mutation was caught."""
        return all(v is not False for v in self.passed.values())


def _fingerprint(result) -> tuple:
    """What the printed form decided: per printed comparison, pass/fail, failure count, smallest failure."""
    out = []
    for r in result.records:
        if r.role in ("printed-vs-exact", "printed-vs-derived"):
            smallest = str(min(r.failures, key=lambda f: f.key()).printed) if r.failures else ""
            out.append((r.name, r.passed, len(r.failures), smallest))
    return tuple(out)


def _wrap(fn, transform):
    def mutated(*args, **kwargs):
        return transform(fn(*args, **kwargs))

    mutated.__name__ = getattr(fn, "__name__", "form")
    return mutated


def _patch_module_globals(original, replacement) -> int:
    """Rebind every module global of the papers' packages (:func:`_paper_packages`) that *is* ``original``."""
    count = 0
    packages = _paper_packages()
    for name, mod in list(sys.modules.items()):
        if mod is None or not name.startswith(packages):
            continue
        for attr, value in list(vars(mod).items()):
            if value is original:
                setattr(mod, attr, replacement)
                count += 1
    return count


def _mutated_claim(claim: Claim, mutation: str) -> Claim:
    import dataclasses

    statement = claim.kind == "statement"
    printed, derived = claim.printed, claim.derived
    if mutation == "correction-perturbed":
        correction = claim.correction
        new_correction = _wrap(correction, lambda v: perturb(v, statement=statement))
        _patch_module_globals(correction, new_correction)
        return dataclasses.replace(claim, correction=new_correction)
    if mutation == "printed-as-derived":
        new_printed, new_derived = (lambda *a, **k: derived(*a, **k)), derived
    elif mutation == "printed-perturbed":
        new_printed, new_derived = _wrap(printed, lambda v: perturb(v, statement=statement)), derived
    elif mutation == "derived-perturbed":
        new_printed, new_derived = printed, _wrap(derived, lambda v: perturb(v, statement=statement))
    else:
        raise ValueError(f"unknown mutation {mutation!r}")
    if new_printed is not printed:
        _patch_module_globals(printed, new_printed)
    if new_derived is not derived:
        _patch_module_globals(derived, new_derived)
    return dataclasses.replace(claim, printed=new_printed, derived=new_derived)


def _run_one(task) -> RunOutcome:
    """Worker: one (claim id, mutation) in a process of its own."""
    claim_id, mutation = task
    claim = find_claim(claim_id)
    if mutation is not None:
        claim = _mutated_claim(claim, mutation)
    try:
        result = run_claim(claim)
    except UnsupportedMutation as exc:  # raised while a check evaluated the mutated form
        return RunOutcome("error", str(exc), (), unsupported=str(exc))
    return RunOutcome(result.verdict, result.reason, _fingerprint(result))


def _judge(c: ClaimSelfCheck) -> None:
    base = c.baseline
    has_printed = c.claim.printed is not None
    for mutation in MUTATIONS:
        out = c.outcomes.get(mutation)
        if out is None:
            c.passed[mutation], c.why[mutation] = None, ("not applicable: " + _no_correction_reason(c)
                                                         if mutation == "correction-perturbed" else
                                                         "not applicable: no printed form")
            continue
        if out.unsupported:
            ok, why = False, f"mutation not applicable to this form: {out.unsupported}"
        elif mutation == "printed-as-derived":
            ok = out.verdict in ("verified", "cited")
            why = f"-> {out.verdict}" + ("" if ok else f" (expected verified): {out.reason}")
        elif mutation == "printed-perturbed":
            if base.verdict in ("erratum", "conditional"):
                # a failing claim is sensitive when its outcome moves: another verdict (a negated statement
                # that was false everywhere becomes true: verified) or other failures
                ok = out.verdict != base.verdict or out.fingerprint != base.fingerprint
            else:
                ok = out.verdict in ("erratum", "conditional") or out.reason.startswith("check could not run")
            why = f"-> {out.verdict}" + ("" if ok
                                         else f" (the printed form's perturbation was not caught): {out.reason}")
        elif mutation == "derived-perturbed":
            ok = out.verdict == "error" and (out.reason.startswith("ldpref defect")
                                             or out.reason.startswith("check could not run"))
            why = f"-> {out.verdict}" + ("" if ok else f" (expected error from derived vs exact): {out.reason}")
        else:
            ok = out.verdict == "error" and (out.reason.startswith("ldpref defect")
                                             or out.reason.startswith("check could not run"))
            why = f"-> {out.verdict}" + ("" if ok else f" (expected error from the correction vs exact): {out.reason}")
        if not ok and mutation in c.claim.selfcheck:
            ok, why = None, f"{why}; the claim says: {c.claim.selfcheck[mutation]}"
        c.passed[mutation], c.why[mutation] = ok, why
    if has_printed and c.claim.printed is c.claim.derived:
        c.passed["printed-perturbed"] = False
        c.why["printed-perturbed"] = "printed and derived are one callable: the two paths are not independent"


def correction_mutable(c: Claim, baseline_verdict: str) -> bool:
    """Whether the correction mutation applies: an erratum or conditional claim (its correction is displayed) with
    a correction of its own (else the correction is the derived form, moved by ``derived-perturbed``)."""
    return baseline_verdict in ("erratum", "conditional") and c.correction is not None


def _no_correction_reason(c: ClaimSelfCheck) -> str:
    if c.baseline.verdict not in ("erratum", "conditional"):
        return f"no correction is displayed (verdict {c.baseline.verdict})"
    return "the correction is the derived form itself (derived-perturbed moves it)"


def self_check(claims: list[Claim], jobs: int = 1, progress=None) -> list[ClaimSelfCheck]:
    """Run the baseline and the three mutations of every claim, each in a fresh forked process."""
    if "fork" not in multiprocessing.get_all_start_methods():
        raise RuntimeError("--self-check needs the 'fork' start method (Linux, macOS)")
    tasks = []
    for c in claims:
        tasks.append((c.id, None))
        if c.printed is not None:
            tasks += [(c.id, "printed-as-derived"), (c.id, "printed-perturbed")]
        tasks.append((c.id, "derived-perturbed"))
        if c.correction is not None:  # applies only if the baseline is an erratum or conditional (judged below)
            tasks.append((c.id, "correction-perturbed"))
    warm_imports()  # lazily imported modules, once in the parent rather than in every fresh process
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(processes=max(1, jobs), maxtasksperchild=1, initializer=worker_setup) as pool:
        outcomes = {}
        for task, out in zip(tasks, pool.imap(_run_one, tasks, chunksize=1)):
            outcomes[task] = out
            if progress is not None:
                progress(task, out)
    results = []
    for c in claims:
        base = outcomes[(c.id, None)]
        sc = ClaimSelfCheck(c, base, {m: outcomes[(c.id, m)] for m in MUTATIONS if (c.id, m) in outcomes
                                      and (m != "correction-perturbed" or correction_mutable(c, base.verdict))})
        _judge(sc)
        results.append(sc)
    return results


def selfcheck_document(results: list[ClaimSelfCheck]) -> dict:
    """The ``--self-check`` JSON document: totals per mutation and per claim."""
    totals = {m: {"passed": 0, "failed": 0, "not_applicable": 0} for m in MUTATIONS}
    claims = []
    for r in results:
        for m in MUTATIONS:
            key = {True: "passed", False: "failed", None: "not_applicable"}[r.passed[m]]
            totals[m][key] += 1
        claims.append({
            "id": r.claim.id,
            "baseline": r.baseline.verdict,
            "printed_available": r.claim.printed is not None,
            "sensitive": r.sensitive,
            "mutations": {m: {"verdict": r.outcomes[m].verdict if m in r.outcomes else None, "passed": r.passed[m],
                              "detail": r.why[m]} for m in MUTATIONS},
        })
    insensitive = [r.claim.id for r in results if not r.sensitive]
    return {"format": SELFCHECK_FORMAT, "claims": claims, "totals": totals, "insensitive": insensitive}
