"""The conformance run: an adapter's cases, T seeded trials each, compared with ldpref's exact moments.

For every case (mechanism, parameters, datasets) the harness collects T independent estimates of the
frequency vector from the adapter and tests them against the exact moments of :mod:`.target` with
:mod:`ldpref.stats`: a z test per mean, a chi-square test of the mean vector with the exact covariance
(pseudo-inverse on its column space), and a variance-ratio interval per coordinate.  All tests of the run
form one family whose family-wise false-alarm rate is at most ``alpha`` (Holm-Bonferroni): a library that
matches ldpref's model fails the run with probability at most ``alpha`` (default 10^-3).  Each case reports
the smallest bias its run could detect (two-sided z at the Holm's first-step level, power 0.8).

A post-processed case (``postprocess``) is judged against the exact moments of the post-processed estimator
(what the library really computes) and, as a second family, against the unbiased target, which is reported
but does not decide the exit status.  A case whose adapter call failed or whose target could not be computed
is reported with its reason and never as conforming.
"""

from __future__ import annotations

import math
import os
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from ..cli._common import UsageError
from ..errors import LdprefError
from .runner import AdapterError, AdapterProcess
from .target import CASE_KEYS, POSTPROCESS, exact_target, postprocessed_target

FORMAT = "ldpref.conform/1"
#: the number of clients of the default dataset is at least this
DEFAULT_N = 40
#: statuses of a case
CONFORMS, DOES_NOT_CONFORM, NOT_JUDGED, ERROR = "conforms", "does not conform", "not judged", "error"
NOT_REPRODUCIBLE = "not reproducible"
#: how many trials of each case's first dataset are run a second time with the same seeds (issue 26, item 6)
REPRODUCIBILITY_SAMPLE = 3


#: the largest d for which a default dataset is made (larger cases give their own counts)
MAX_DEFAULT_D = 10_000


def default_datasets(d: int) -> list[list[int]]:
    """One skewed dataset: counts proportional to d, d-1, ..., 1 with at least DEFAULT_N clients."""
    if d > MAX_DEFAULT_D:
        raise LdprefError(f"no default dataset for d = {d} > {MAX_DEFAULT_D}: give the case its own counts")
    base = [d - x for x in range(d)]
    scale = max(1, math.ceil(DEFAULT_N / sum(base)))
    return [[scale * c for c in base]]


def trial_seeds(seed: int, case_index: int, dataset_index: int, trials: int) -> list[int]:
    """Independent integer seeds for the adapter, one per trial (numpy SeedSequence of (seed, case, dataset))."""
    state = np.random.SeedSequence([seed, case_index, dataset_index]).generate_state(trials, dtype=np.uint64)
    return [int(s) >> 1 for s in state]


@dataclass
class Comparison:
    """The tests of one (case, dataset) against one target."""

    target: str
    model: str
    role: str  # "judged" (decides the status) or "reported"
    tests: list
    exact_var: list = field(default_factory=list)
    min_detectable_bias: list = field(default_factory=list)
    rejected: list = field(default_factory=list)
    granularity: float | None = None  # B of ldpref.calibrated: bounded tests; None: asymptotic tests


@dataclass
class CaseResult:
    id: str
    mechanism: str
    params: dict
    status: str = ERROR
    message: str = ""
    datasets: list = field(default_factory=list)  # dicts: counts, n, comparisons (judged, unbiased)
    seconds: float = 0.0
    source: str = "ldpref's exact moments"
    #: the reproducibility check: trials rerun with their seeds, and the first difference found (None: identical)
    rerun: int = 0
    irreproducible: str | None = None


def _case_problem(case) -> str | None:
    if not isinstance(case, dict):
        return "a case is not a dict"
    if not isinstance(case.get("id"), str) or not case["id"]:
        return "a case without a string id"
    unknown = sorted(set(case) - CASE_KEYS)
    if unknown:
        return f"case {case['id']}: unknown key(s) {', '.join(unknown)} (keys: {', '.join(sorted(CASE_KEYS))})"
    if not isinstance(case.get("mechanism"), str):
        return f"case {case['id']}: no mechanism name"
    if not isinstance(case.get("params", {}), dict):
        return f"case {case['id']}: params is not a dict"
    if case.get("postprocess") not in (None, *POSTPROCESS):
        return f"case {case['id']}: postprocess {case['postprocess']!r}: ldpref knows {', '.join(POSTPROCESS)}"
    if case.get("hash") not in (None, "adapter", "fresh"):
        return f"case {case['id']}: hash {case['hash']!r}: choose adapter or fresh"
    return None


#: the most clients of one dataset: the adapter builds a list of one value per client for every trial
MAX_CLIENTS = 10**7


def _check_counts(case, counts_list):
    if not isinstance(counts_list, list) or not counts_list:
        raise LdprefError(f"case {case['id']}: counts must be a non-empty list of datasets")
    for counts in counts_list:
        if not isinstance(counts, list) or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0
                                                   for c in counts) or sum(counts) == 0:
            shown = repr(counts) if len(repr(counts)) <= 80 else repr(counts)[:77] + "..."
            raise LdprefError(f"case {case['id']}: dataset {shown} is not a list of non-negative integer counts "
                              f"with n > 0")
        if sum(counts) > MAX_CLIENTS:
            raise LdprefError(f"case {case['id']}: a dataset of n = {sum(counts)} clients; at most {MAX_CLIENTS:,} "
                              f"(the adapter randomises every client in every trial)")
    return counts_list


def _targets(case, counts, hash_rows, exact_of):
    """``(exact, targets, note)``: the exact (unbiased-path) target of one dataset, the targets to compare with
    and their roles, and a note for the report (or None).  The case's params come from the adapter: a value of the wrong
    kind (``exp_eps: "nan"``, a float) raises TypeError in ldpref's exact parsers, which is this case's error."""
    try:
        exact = exact_of()
        if not case.get("postprocess"):
            return exact, [(exact, "judged")], None
        try:
            return exact, [(postprocessed_target(case, counts, hash_rows), "judged"), (exact, "reported")], None
        except LdprefError as exc:  # ResourceLimitError included: too many outcomes to enumerate
            return exact, [(exact, "reported")], (f"not judged: the post-processed estimator's exact moments were not "
                                           f"computed ({exc})")
    except TypeError as exc:
        raise LdprefError(f"case {case['id']}: params {case.get('params', {})!r}: {exc}") from None


def case_granularity(case: dict, counts):
    """``B`` of :func:`ldpref.calibrated.pure_granularity` for a pure protocol judged without hashing or
    post-processing (its tests are then valid at every trial count), else ``None`` (asymptotic tests)."""
    from ..simulation import simulator
    from ..simulation.pure import PureSimulator
    from .target import STRUCTURED_PURE

    if case.get("hash") or case.get("postprocess") or case["mechanism"] not in STRUCTURED_PURE:
        return None
    try:
        sim = simulator(case["mechanism"], **{k: str(v) for k, v in case.get("params", {}).items()})
    except LdprefError as exc:  # a parameter the exact target took but the simulator's limits refuse
        raise LdprefError(f"case {case['id']}: {exc}") from None
    if not isinstance(sim, PureSimulator):
        return None
    from ..calibrated import pure_granularity

    return pure_granularity(sim.p_exact, sim.q_exact, sum(counts))


def _compare(stats, estimates, target, prefix, role, granularity=None):
    if granularity is not None:
        from .. import calibrated

        ex = calibrated.Exact(target.mean, target.var, granularity, estimates.shape[1])
        tests = calibrated.agreement_tests(stats._as_trials(estimates), ex, calibrated.null_projector(target.cov))
    else:
        tests = list(stats.z_means(estimates, target.mean, target.var))
        tests.append(stats.chi_square_mean(estimates, target.mean, target.cov))
        tests.extend(stats.variance_ratios(estimates, target.var))
    tests = [type(t)(f"{prefix} {t.name}", t.statistic, t.p_value, t.detail) for t in tests]
    return Comparison(target.label, target.model, role, tests, exact_var=[float(v) for v in target.var],
                      granularity=None if granularity is None else float(stats.to_mp(granularity)))


def run_case(proc: AdapterProcess, case: dict, index: int, *, trials: int, seed: int,
             has_hash_functions: bool = True, vectors=None) -> CaseResult:
    """Run one case: targets first (exact), then T trials per dataset; never raises for the adapter's faults."""
    from .. import stats

    start = time.monotonic()
    result = CaseResult(case["id"], case["mechanism"], dict(case.get("params", {})))
    try:
        counts_list = case.get("counts")
        vector = None
        if vectors is not None:
            from .vectors_source import match, vector_targets

            vector = match(vectors, case)
            if vector is not None:
                vector_sets = vector_targets(vector)
                counts_list = [c for c, _ in vector_sets]
                result.source = f"test vector {vector['tcId']}"
        if counts_list is None:
            d_text = str(case.get("params", {}).get("d", ""))
            if not d_text.isascii() or not d_text.isdigit() or int(d_text) < 2:
                raise LdprefError(f"case {case['id']}: no counts and no integer params d >= 2 to make a dataset")
            counts_list = default_datasets(int(d_text))
        counts_list = _check_counts(case, counts_list)
        hash_rows = None
        if case.get("hash") == "adapter":
            if not has_hash_functions:
                raise AdapterError(f"adapter {proc.label}: case {case['id']} has hash=adapter but the adapter "
                                   f"has no hash_functions")
            hash_rows = proc.hash_functions(case["id"])
        for j, counts in enumerate(counts_list):
            exact, targets, note = _targets(
                case, counts, hash_rows,
                lambda: vector_sets[j][1] if vector is not None else exact_target(case, counts, hash_rows))
            if note:
                result.message = note
            d = len(exact.mean)
            if len(counts) != d:
                raise LdprefError(f"case {case['id']}: dataset of {len(counts)} counts for d = {d}")
            seeds = trial_seeds(seed, index, j, trials)
            rows = [proc.trial(case["id"], counts, s, d) for s in seeds]
            if j == 0:
                _rerun(proc, case["id"], counts, d, seeds, rows, result)
            estimates = np.array(rows, dtype=float)
            B = case_granularity(case, counts) if vector is None else None
            try:
                comps = [_compare(stats, estimates, t, f"{case['id']} n={sum(counts)} [{t.label}]", role, B)
                         for t, role in targets]
            except OverflowError as exc:  # estimates within the bound, yet a statistic out of float range:
                # the case cannot be judged (an error, never evidence of conformance)
                raise AdapterError(f"adapter {proc.label}: case {case['id']}: a statistic of its estimates "
                                   f"overflowed ({exc}); largest |estimate| {float(np.max(np.abs(estimates))):.3g}") \
                    from None
            result.datasets.append({"counts": list(counts), "n": sum(counts), "trials": trials,
                                    "mean_estimate": [float(x) for x in estimates.mean(axis=0)],
                                    "comparisons": comps})
        result.status = "ran"
    except (AdapterError, LdprefError, UsageError) as exc:  # UsageError: the case's params, as --set would say
        result.status, result.message = ERROR, str(exc)
        result.datasets = []
    result.seconds = time.monotonic() - start
    return result


def _rerun(proc: AdapterProcess, case_id: str, counts, d: int, seeds, rows, result: CaseResult) -> None:
    """Run the first :data:`REPRODUCIBILITY_SAMPLE` trials again with the same seeds: a library that honours its
    seed returns the very same estimates (compared exactly); one that ignores it (e.g. a numba client that does
    not see numpy's seeding) is reported, since no result of it can be reproduced."""
    sample = list(zip(seeds, rows))[:REPRODUCIBILITY_SAMPLE]
    result.rerun = len(sample)
    for i, (s, first) in enumerate(sample):
        again = proc.trial(case_id, counts, s, d)
        differ = [v for v in range(d) if again[v] != first[v]]
        if differ:
            v = differ[0]
            result.irreproducible = (f"trial {i} (seed {s}) run twice gave different estimates at {len(differ)} of {d} "
                                     f"values, e.g. value {v}: {first[v]!r} then {again[v]!r}; the adapter does not "
                                     f"use the seed it is given for every random choice")
            return


def judge(results: list[CaseResult], alpha: float) -> None:
    """Holm over every judged comparison of the run (one family: the exit status), and separately over the
    reported-only comparisons (a post-processed case against the unbiased target); sets each case's status
    and the smallest bias each comparison could detect."""
    from .. import stats

    pairs = [(c, ds["trials"]) for r in results for ds in r.datasets for c in ds["comparisons"]]
    for role in ("judged", "reported"):
        family = [(c, t) for c, t in pairs if c.role == role]
        tests = [t for c, _ in family for t in c.tests]
        if not tests:
            continue
        rejected = stats.holm(tests, alpha)
        level = alpha / len(tests)  # Holm's first step: the level at which the smallest p-value is judged
        i = 0
        for c, trials in family:
            c.rejected = [t.name for t, rej in zip(c.tests, rejected[i:i + len(c.tests)]) if rej]
            i += len(c.tests)
            if c.granularity is not None:
                from ..calibrated import min_detectable_bias
                values = min_detectable_bias(np.array(c.exact_var, dtype=float), c.granularity, trials, level)
            else:
                values = stats.min_detectable_bias(np.array(c.exact_var, dtype=float), trials, level)
            c.min_detectable_bias = [float(x) for x in np.atleast_1d(values)]
    for r in results:
        if r.status == ERROR:
            continue
        every = bool(r.datasets) and all(any(c.role == "judged" for c in ds["comparisons"]) for ds in r.datasets)
        rejected = any(c.rejected for ds in r.datasets for c in ds["comparisons"] if c.role == "judged")
        r.status = DOES_NOT_CONFORM if rejected else CONFORMS if every else NOT_JUDGED
        # whatever its statistics say, a run that cannot be repeated conforms to nothing
        if r.irreproducible is not None:
            r.status = NOT_REPRODUCIBLE
            r.message = (r.message + "; " if r.message else "") + r.irreproducible


def run(adapter: str, *, python: str | None = None, trials: int = 400, seed: int = 0, alpha: float = 1e-3,
        timeout: float = 60.0, only=None, progress=None, vectors=None, phases=None) -> dict:
    """Run every case of ``adapter`` (a Python file); returns the ``ldpref.conform/1`` document.
    ``vectors``: test vectors from :func:`.vectors_source.load_vectors` (matched cases are judged by them);
    ``phases``: a :class:`ldpref.sweep.Phases` bar told each phase (adapter start, the cases, judging)."""
    results: list[CaseResult] = []
    problems: list[str] = []
    if phases is not None:
        phases.phase("starting the adapter")
    with AdapterProcess(adapter, python=python, timeout=timeout) as proc:
        try:
            info = proc.describe()
        except AdapterError as exc:
            info, problems = {"name": proc.label, "cases": []}, [str(exc)]
        missing = [f for f in ("client", "server") if not info.get(f, True)]
        if missing and not problems:
            problems.append(f"adapter {proc.label}: no function {' and no '.join(missing)} (the protocol needs "
                            f"client(case, values, seed) and server(case, reports))")
            info["cases"] = []
        seen, runnable = set(), []
        for index, case in enumerate(info["cases"]):
            problem = _case_problem(case)
            if problem is None and case["id"] in seen:
                problem = f"case id {case['id']} given twice"
            if problem is not None:
                problems.append(f"adapter {proc.label}: {problem}")
                continue
            seen.add(case["id"])
            if only is None or case["id"] in only:
                runnable.append((index, case))
        if only is not None and info["cases"] and not problems:  # a --case the adapter does not have: bad input
            unknown = [c for c in only if c not in seen]
            if unknown:
                known = sorted(seen)
                raise UsageError(f"--case {','.join(unknown)}: no such case in adapter {proc.label} (its cases: "
                                 f"{', '.join(known[:10])}{', ...' if len(known) > 10 else ''})")
        if phases is not None:
            phases.phase(f"cases ({trials} trials each)", total=len(runnable))
        for index, case in runnable:
            if phases is not None:
                phases.note(case["id"])
            r = run_case(proc, case, index, trials=trials, seed=seed, has_hash_functions=info.get("hash_functions",
                                                                                                  False),
                         vectors=vectors)
            results.append(r)
            if phases is not None:
                phases.advance()
            if progress is not None:
                progress(r)
    if only is not None:
        unknown = sorted(set(only) - {r.id for r in results})
        problems.extend(f"adapter {os.path.basename(adapter)}: no case {c!r}" for c in unknown)
    if phases is not None:
        phases.phase("judging (Holm over all tests)")
    judge(results, alpha)
    conforms = not problems and bool(results) and all(r.status == CONFORMS for r in results)
    if not results and not problems:
        problems.append(f"adapter {os.path.basename(adapter)}: no cases ran")
    return {"format": FORMAT, "adapter": adapter, "name": info.get("name"), "python": python or sys.executable,
            "trials": trials, "seed": seed, "alpha": alpha, "conforms": conforms, "problems": problems,
            "cases": [_case_json(r) for r in results]}


def stats_calibration(c: Comparison) -> str:
    """Which tests judged a comparison (bounded: valid at every trial count; asymptotic otherwise)."""
    from .. import calibrated, stats

    return calibrated.CALIBRATION if c.granularity is not None else stats.ASYMPTOTIC


def _case_json(r: CaseResult) -> dict:
    return {"id": r.id, "mechanism": r.mechanism, "params": r.params, "status": r.status, "message": r.message,
            "target_source": r.source, "seconds": round(r.seconds, 2),
            "reproducibility": {"trials_rerun": r.rerun, "identical": r.irreproducible is None,
                                "detail": r.irreproducible},
            "datasets": [{"counts": ds["counts"], "n": ds["n"], "trials": ds["trials"],
                          "mean_estimate": ds["mean_estimate"],
                          "comparisons": [{"target": c.target, "model": c.model, "role": c.role,
                                           "rejected": c.rejected,
                                           "calibration": stats_calibration(c),
                                           "exact_variance": c.exact_var,
                                           "min_detectable_bias": c.min_detectable_bias,
                                           "tests": [t.to_json() for t in c.tests]} for c in ds["comparisons"]]}
                         for ds in r.datasets]}


def report_text(doc: dict) -> str:
    """The readable report of an ``ldpref.conform/1`` document."""
    lines = [f"ldpref conform: adapter {doc['name']} ({doc['adapter']})",
             f"{doc['trials']} trials per dataset, seed {doc['seed']}, family-wise false-alarm rate alpha = "
             f"{doc['alpha']:g} (Holm over every test of the run)"]
    for p in doc["problems"]:
        lines.append(f"PROBLEM  {p}")
    for c in doc["cases"]:
        params = " ".join(f"{k}={v}" for k, v in c["params"].items())
        lines.append(f"{c['status'].upper():<17} {c['id']}  ({c['mechanism']} {params}; {c['seconds']:g} s; "
                     f"target: {c['target_source']})")
        if c["message"]:
            lines.append(f"    {c['message']}")
        for ds in c["datasets"]:
            for comp in ds["comparisons"]:
                role = comp["role"]
                verdict = ("agrees" if not comp["rejected"]
                           else f"REJECTED: {', '.join(t.split(' ')[-1] for t in comp['rejected'])}")
                mdb = max(comp["min_detectable_bias"]) if comp["min_detectable_bias"] else float("nan")
                lines.append(f"    n={ds['n']} counts={ds['counts']} vs {comp['target']} [{role}]: {verdict}; "
                             f"smallest detectable bias {mdb:.3g} (largest over values)")
    n_ok = sum(c["status"] == CONFORMS for c in doc["cases"])
    lines.append(f"{n_ok} of {len(doc['cases'])} case(s) conform"
                 + (f"; {len(doc['problems'])} problem(s)" if doc["problems"] else "")
                 + (": CONFORMS" if doc["conforms"] else ": DOES NOT CONFORM"))
    return "\n".join(lines) + "\n"
