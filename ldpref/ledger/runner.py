"""Run claim checks, decide verdicts, and serialise results (``ldpref.verify/1``)."""

from __future__ import annotations

import time
import traceback
from collections import Counter

import mpmath

from ..latex import to_latex
from . import minimal_edit
from .claim import NOT_AVAILABLE, PAPER_TITLES, Claim, find_claim
from .evidence import CheckRecord, Evidence
from .forms import UnsupportedMutation
from .generic import one_run, run_steps
from .root_causes import SEVERITIES, resolve
from .scope import scope_counts, scope_of
from ..decide.record import record_decisions
from .model_proofs import record_model_proof
from .verdict import VERDICTS, ClaimResult, decide

VERIFY_FORMAT = "ldpref.verify/1"


def run_claim(claim: Claim, *, with_latex: bool = False) -> ClaimResult:
    """Run the claim's check on an :class:`Evidence` that hands it the claim's own printed and derived forms.

    ``with_latex``: also render the forms' LaTeX from the very objects the check evaluated (a worker does
    this, so the parent does not rebuild every form serially when it writes JSON).
    """
    evidence = Evidence(forms=(claim.printed, claim.derived, claim.correction), depends_on=claim.depends_on,
                        lookup=find_claim)
    error = None
    start = time.perf_counter()
    precision = mpmath.mp.prec  # some checks raise mpmath's global precision: the next claim must not inherit it
    try:
        if claim.check is None:
            run_steps(claim, evidence)  # the generic runner: the record's steps
        else:
            claim.check(evidence)
        record_decisions(claim, evidence)  # all-parameter proofs (ldpref.decide), when the claim has obligations
        record_model_proof(claim, evidence)  # the model side for all parameters (ldpref.symbolic), when registered
        if _needs_correction_pass(claim, evidence):
            correction_pass(claim, evidence)
    except UnsupportedMutation:  # only a self-check mutation raises it: the self-check reports it as such
        raise
    except Exception as exc:  # noqa: BLE001 - a failing check becomes an 'error' verdict, reported
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        error = f"{type(exc).__name__}: {exc} (at {tb.filename.rsplit('/', 1)[-1]}:{tb.lineno})"
    finally:
        mpmath.mp.prec = precision
    result = decide(claim, evidence, error)
    result.seconds = time.perf_counter() - start
    result.forms_read = tuple(name for i, name in enumerate(("printed", "derived", "correction"))
                              if i in evidence.built)
    if with_latex:
        result.latex = forms_latex(claim, result.verdict, evidence.built)
    return result


def _needs_correction_pass(claim: Claim, evidence: Evidence) -> bool:
    """Whether the runner must evaluate the displayed minimal-edit correction itself: the claim has one, its
    verdict shows a correction, and its check recorded no correction-vs-exact comparison of its own."""
    if claim.edit is None or any(r.role == "correction-vs-exact" for r in evidence.records):
        return False
    return decide(claim, evidence).verdict in ("erratum", "conditional")


def correction_pass(claim: Claim, evidence: Evidence) -> None:
    """Evaluate a minimal-edit correction on every instance (issue 23, item 2): the claim's check runs again with
    the correction (the printed form with its committed edit) in the derived slot, so each instance gets the
    correction's value beside the exact value, computed as the check computes the derived form's.  Its
    derived-slot records become the claim's correction-vs-exact records (a wrong edit fails them: verdict
    ``error``); the correction built there is the object displayed.  A check that never reads its derived slot
    in that run evaluated no correction, and says so in a failing record."""
    slot = Evidence(forms=(claim.printed, claim.correction, None), depends_on=claim.depends_on, lookup=find_claim,
                    derived_slot="correction")
    if claim.check is None:
        run_steps(claim, slot)  # a record: its steps, with the correction in the derived slot
    else:
        claim.check(slot)
    if 1 not in slot.built:
        evidence.records.append(CheckRecord(
            "exact", "minimal-edit correction vs exact", False, 0,
            "the check never read its derived slot with the correction in it: the correction was not evaluated",
            role="correction-vs-exact"))
        return
    evidence.records += [r for r in slot.records if r.role == "correction-vs-exact"]
    evidence.built[2] = slot.built[1]


def forms_latex(claim: Claim, verdict: str, built: dict | None = None) -> dict:
    """LaTeX of the printed, derived and (for errata and conditionals) corrected forms; ``built`` holds the
    objects a check already built (``Evidence.built``), rendered as they are.  A minimal-edit correction is shown
    with its changed parts highlighted (``correction``) and plain (``correction_plain``)."""
    built = built or {}

    def form(which: int, fn):
        return built[which] if which in built else fn()

    printed = None if claim.printed is None else to_latex(form(0, claim.printed))
    derived = to_latex(form(1, claim.derived))
    corrected = plain = None
    if verdict in ("erratum", "conditional"):
        if claim.correction is None:
            corrected = plain = derived
        else:
            obj = form(2, claim.correction)
            plain = to_latex(obj) if claim.edit is None else minimal_edit.plain_latex(obj, claim.edit,
                                                                                   form(0, claim.printed))
            corrected = (plain if claim.edit is None else
                         minimal_edit.highlighted_latex(obj, claim.edit, printed, form(0, claim.printed)))
    return {"printed": printed, "derived": derived, "correction": corrected, "correction_plain": plain}


#: modules checks import lazily (sympy's ``simplify`` imports ``sympy.physics.units`` on first use, 1-3 s in
#: every fresh process); the parent imports them before forking, so workers and self-check runs inherit them
WARM_IMPORTS = ("sympy.physics.units", "sympy.physics.units.util", "sympy.physics.matrices", "sympy.codegen.ast",
                "sympy.sets.setexpr", "numpy.random")


def warm_imports() -> None:
    """Import the heavy modules once before forking workers."""
    import importlib

    for name in WARM_IMPORTS:
        importlib.import_module(name)


def worker_setup() -> None:
    """Garbage collection and signals in a forked ledger process, set once at its start.

    Signals: SIGINT ignored, SIGTERM the default (die at once); the parent handles both and stops its workers
    (:func:`ldpref.interrupts.worker_setup`).

    The objects inherited from the parent (modules, claim records) move to the permanent generation
    (``gc.freeze``), so no collection walks them again; young objects are collected every 50,000 allocations
    instead of 700.  sympy's expression cache (:mod:`ldpref`, 100,000 entries) keeps many objects alive, which
    made the default collections about 4% of a worker's CPU (pan-strict run serially: 0.56 of 13.8 CPU-s;
    0.07 with these settings).  Collection only frees unreachable cycles, so results do not depend on it."""
    import gc

    from ..interrupts import worker_setup as signals_setup

    signals_setup()  # Ctrl-C and SIGTERM: the parent stops the workers (ldpref.interrupts)
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def _run_group(claim_ids: tuple[str, ...]) -> list[ClaimResult]:
    """Worker entry point: run a group of claims one after the other and return picklable results (each
    claim is re-attached by the parent), with their failing instances, so a parallel run reports exactly
    what a serial run does."""
    from .claim import find_claim

    out = []
    with one_run():  # claims of the group that share a grid and forms share its instances
        for claim_id in claim_ids:
            result = run_claim(find_claim(claim_id), with_latex=True)
            result.claim = claim_id
            out.append(result)
    return out


def iter_results(claims: list[Claim], jobs: int = 1, *, with_latex: bool = False):
    """Run claims, yielding results in claim order; ``jobs > 1`` runs them in worker processes.

    Checks take fixed seeds, so verdicts do not depend on ``jobs``.  ``with_latex``: the caller will need
    the forms' LaTeX (JSON, docs): a serial run renders it from the objects each check built, as a worker
    does, instead of building every form a second time afterwards (workers always render it).
    """
    if jobs <= 1 or len(claims) <= 1:
        with one_run():  # claims that share a grid and forms share its instances within this run
            for c in claims:
                yield run_claim(c, with_latex=with_latex)
        return
    yield from start_parallel(claims, jobs)


def start_parallel(claims: list[Claim], jobs: int):
    """Fork ``jobs`` workers and submit every claim now, in the calling thread; returns an iterator over the
    results in claim order (it may be consumed from another thread: no fork happens there)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    by_id = {c.id: c for c in claims}
    warm_imports()
    context = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    try:
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=worker_setup)
    except OSError as exc:  # e.g. no room for the pool's semaphores under /dev/shm (a full disk)
        from ..errors import ParameterError

        raise ParameterError(f"--jobs {jobs}: cannot start the worker processes ({exc.strerror or exc}); "
                         f"--jobs 1 runs without them") from None
    # with 'fork', every worker is forked on the first submit; output order follows the ledger
    future_of = {}
    for group in schedule(claims):
        future = pool.submit(_run_group, tuple(c.id for c in group))
        future_of.update({c.id: future for c in group})

    def results():
        try:
            done: dict[str, ClaimResult] = {}
            for c in claims:
                if c.id not in done:
                    done.update({r.claim: r for r in future_of[c.id].result()})
                result = done.pop(c.id)
                result.claim = by_id[result.claim]
                yield result
        except BaseException:  # an interrupt (ldpref.interrupts) or a failed claim: wait for no running group
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)  # at once after the line above

    return results()


def schedule(claims: list[Claim]) -> list[list[Claim]]:
    """The claims in groups for the workers, longest group first.

    A group is the claims of one family of check modules (``pan_cms.optimized``, ``optimized_l2``,
    ``optimized_mse`` ...): they share the derivations and mechanisms those modules cache
    (``functools.cache``), which a worker then builds once instead of every worker building them again
    (split claim by claim, two workers spent about 45 CPU seconds more than one process running the same
    claims).  Longest first, by the seconds one run measured (:mod:`ldpref.ledger.costs`; a claim not
    measured yet counts as an average one), so no worker is left alone with a long group at the end; ties
    keep ledger order.  Only which worker runs a claim, and when, changes: every check takes fixed seeds,
    so the results do not depend on it."""
    from .costs import CLAIM_SECONDS, DEFAULT_SECONDS

    groups: dict[str, list[Claim]] = {}
    for c in claims:
        groups.setdefault(_family(c.module), []).append(c)
    return sorted(groups.values(), key=lambda g: -sum(CLAIM_SECONDS.get(c.id, DEFAULT_SECONDS) for c in g))


def _family(module: str) -> str:
    """``proofs_checks.pan_cms.optimized_l2`` -> ``proofs_checks.pan_cms.optimized``."""
    package, _, name = module.rpartition(".")
    return f"{package}.{name.split('_')[0]}"


def run_claims(claims: list[Claim], jobs: int = 1, *, with_latex: bool = False) -> list[ClaimResult]:
    """Run the claims' checks (``jobs`` processes) and return their results in order (``with_latex``: see
    :func:`iter_results`)."""
    return list(iter_results(claims, jobs, with_latex=with_latex))


def result_latex(result: ClaimResult) -> dict:
    """The forms' LaTeX of a result: as its worker rendered them from the objects the check evaluated, else
    rendered now (a serial run) and kept on the result."""
    if result.latex is None:
        result.latex = forms_latex(result.claim, result.verdict)
    return result.latex


def result_to_json(result: ClaimResult) -> dict:
    """One claim result as JSON (id, verdict, forms as LaTeX, evidence)."""
    c = result.claim
    latex = result_latex(result)
    return {
        "id": c.id,
        "paper": c.paper,
        "location": c.location,
        "statement": c.statement,
        "verdict": result.verdict,
        "reason": result.reason,
        **dict(zip(("scope", "scope_reason"), scope_of(result))),
        "root_cause": root_cause_json(c) if result.verdict in ("erratum", "conditional") else None,
        "checks": [
            {"kind": r.kind, "name": r.name, "role": r.role, "passed": r.passed, "path": r.path,
             "instances": r.instances, "paths": dict(sorted(r.paths.items())), "detail": r.detail}
            for r in result.records
        ],
        "printed_latex": latex["printed"],
        "printed_available": c.printed is not None,
        **paper_latex_json(c.id),
        "derived_latex": latex["derived"],
        "correction_latex": latex["correction"],
        "correction_plain_latex": latex["correction_plain"],
        "minimal_edit": c.edit if latex["correction"] is not None else None,
        "counterexample": result.counterexample,
        "condition": c.condition,
        "assumptions": c.assumptions,
        "derivation": c.derivation,
        "derived_by": c.derived_by,
        "notes": c.notes_with(result.notes),
        "selfcheck": c.selfcheck,
        "depends_on": list(c.depends_on),
        "runner": c.runner,
        "forms_read": list(result.forms_read),
        "seconds": round(result.seconds, 3),
    }


def paper_latex_json(claim_id: str) -> dict:
    """The paper's own LaTeX of the printed form (``paper_latex``, null where the paper prints no formula or its
    markup is not in our copy), where it is from (``paper_latex_source``) and, where it is null because the paper
    states the claim in words, why (``paper_latex_absent``); displayed only, never parsed here."""
    from ..paper_latex import absent, entry

    e = entry(claim_id)
    return {"paper_latex": None if e is None else e["latex"], "paper_latex_source": None if e is None else e["source"],
            "paper_latex_absent": absent(claim_id) if e is None else None}


def root_cause_json(c: Claim) -> dict | None:
    """The root cause named by a claim as JSON, or None."""
    rc = resolve(c.paper, c.root_cause)
    if rc is None:
        return None
    return {"label": rc.label, "location": rc.location, "summary": rc.summary, "kind": rc.kind,
            "severity": rc.severity}


def summary(results: list[ClaimResult]) -> dict:
    """The number of claims per verdict."""
    counts = Counter(r.verdict for r in results)
    return {v: counts.get(v, 0) for v in VERDICTS}


def distinct_errors(results: list[ClaimResult]) -> dict:
    """Per paper: the distinct root causes of its erratum and conditional claims, and the claims each affects.

    A claim that fails without naming a root cause counts as its own root cause (``unnamed``), so the
    count never hides an unexplained failure.
    """
    out = {}
    for r in results:
        if r.verdict not in ("erratum", "conditional"):
            continue
        paper = out.setdefault(r.claim.paper, {"erratum": {}, "conditional": {}, "unnamed": []})
        if r.claim.root_cause is None:
            paper["unnamed"].append(r.claim.id)
            continue
        paper[r.verdict].setdefault(r.claim.root_cause, []).append(r.claim.id)
    return out


def severity_counts_of(paper: str, errors: dict) -> dict:
    """How many distinct root causes of one paper's ``distinct_errors`` entry have each severity
    (``ldpref.ledger.root_causes.SEVERITIES``, least to most serious; ``unnamed``: claims that name none)."""
    counts = dict.fromkeys(SEVERITIES, 0)
    # a root cause behind both an erratum and a conditional claim is one error: counted once
    for label in dict.fromkeys([*errors["erratum"], *errors["conditional"]]):
        severity = resolve(paper, label).severity
        if severity is None:
            raise ValueError(f"root cause {paper}/{label} has no severity")
        counts[severity] += 1
    if errors["unnamed"]:
        counts["unnamed"] = len(errors["unnamed"])
    return counts


def severity_counts(results: list[ClaimResult]) -> dict:
    """Per paper: distinct root causes per severity (see :func:`severity_counts_of`)."""
    return {paper: severity_counts_of(paper, d) for paper, d in distinct_errors(results).items()}


def severity_text(counts: dict) -> str:
    """``2 result, 1 slip``: the non-zero severities of one paper, most serious first (unnamed last)."""
    order = [*reversed(SEVERITIES), "unnamed"]
    return ", ".join(f"{counts[name]} {name}" for name in order if counts.get(name)) or "none"


def distinct_errors_line(results: list[ClaimResult]) -> str:
    """One line per paper: distinct errors (root causes) and the claims they break."""
    parts = []
    for paper, d in distinct_errors(results).items():
        n_err = len(d["erratum"]) + len(d["unnamed"])
        claims = sum(len(v) for v in d["erratum"].values()) + len(d["unnamed"])
        n_cond = len(d["conditional"])
        cclaims = sum(len(v) for v in d["conditional"].values())
        text = f"{paper}: {n_err} distinct error(s) in {claims} erratum claim(s)"
        if n_cond:
            text += f", {n_cond} missing condition(s) in {cclaims} conditional claim(s)"
        if d["unnamed"]:
            text += f" ({len(d['unnamed'])} claim(s) name no root cause yet)"
        text += f" [by severity: {severity_text(severity_counts_of(paper, d))}]"
        parts.append(text)
    return "; ".join(parts)


def verify_document(results: list[ClaimResult]) -> dict:
    """The ``ldpref verify --json`` document of the results."""
    return {"format": VERIFY_FORMAT, "claims": [result_to_json(r) for r in results], "summary": summary(results),
            "scopes": scope_counts(results),
            "distinct_errors": distinct_errors(results), "severities": severity_counts(results)}


__all__ = ["run_claim", "run_claims", "verify_document", "result_to_json", "summary", "NOT_AVAILABLE",
           "PAPER_TITLES", "forms_latex", "result_latex", "iter_results", "start_parallel"]
