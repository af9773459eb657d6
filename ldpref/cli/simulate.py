"""``ldpref simulate NAME --set KEY=VALUE ... --data SPEC --trials T --seed S [--method protocol|sufficient]
[--jobs N] [--json FILE|-] [--alpha A]``: simulate a built-in mechanism and compare with its exact moments
(issue 13 item 5).

``T`` independent trials of the estimate ``f_hat`` (frequencies, ``f_hat = Q nu`` as in ldpref.moments;
pan-strict Appendix A.1) are drawn by the real protocol (every client randomises) or by the
sufficient-statistics sampler (same law, cost independent of n) of ``ldpref.simulation.simulator(NAME,
...)``.  Per value the command reports the empirical mean, variance and MSE with 95% confidence intervals
beside the exact ``E``, ``Var`` and ``MSE`` of ``simulator.exact()`` (ldpref.moments, ldpref.structured.moments
or the shared-draw mixture ldpref.family), the l1 and l2 errors per trial (mean and interval; exact
``E[l2] = sum_v MSE_v``), and the verdict of :func:`ldpref.stats.agreement` (z per mean, chi-square with the
exact covariance when ``d <= 64`` and, for a Mechanism, ``|U| d^2 <= 2e5``; variance ratios; Holm at family-wise level \
``--alpha``, default 1e-3).

Reproducibility: the dataset (zipf, gaussian) is drawn from its own stream of ``--seed``
(:mod:`ldpref.data_specs`); the trials are cut into fixed blocks of ``BLOCK`` (16) trials and block ``i`` uses
``numpy.random.default_rng(SeedSequence(seed).spawn(blocks)[i])``.  ``--jobs`` only decides which process runs
which block, and blocks are put back in order, so the estimates -- and every number of the report -- do not
depend on ``--jobs``.

Exit status: 0 the simulation agrees with the exact moments; 1 it does not (a rejected test); 2 bad input
(one line: trials < 2, n = 0, a bad dataset spec or key, an unwritable ``--json`` path -- checked before any
work).  A progress bar over every phase (sampling, exact moments and tests, writing) is shown on standard error
when it is a terminal, never with ``--quiet`` or ``--json -``.
"""

from __future__ import annotations

import math

from ._common import EXIT_CHECK_FAILED, EXIT_OK, UsageError, check_jobs, check_writable, out_stream, parse_sets, \
    write_json
from ._parser import int_type, jobs_type, seed_type
from .simulate_core import (BLOCK, MAX_PROTOCOL_CLIENTS, _run_block, block_tasks,  # noqa: F401
                            exact_moments)

FORMAT = "ldpref.simulate/1"
#: the chi-square test uses the exact d x d covariance up to this d
COV_MAX_D = 64
#: ... and, for a Mechanism (ldpref.moments.covariance, exact over |U| outputs), up to |U| d^2 exact terms
#: (GCMS with d = 16, k = 8, C(16, 4) buckets sets: 3.7e6 terms took 150 s; the chi-square is then skipped)
COV_MAX_TERMS = 2 * 10**5
#: values shown in the text table (the JSON has all)
SHOW = 12
CONFIDENCE = 0.95
DIGITS = 20


# ---- exact side --------------------------------------------------------------------------------------------

def granularity(sim, n: int):
    """``B`` of :func:`ldpref.calibrated.pure_granularity` for a pure protocol's simulator (its tests are then
    valid at every trial count), else ``None`` (asymptotic tests; the report says so)."""
    from ..calibrated import pure_granularity
    from ..simulation.pure import PureSimulator

    return pure_granularity(sim.p_exact, sim.q_exact, n) if isinstance(sim, PureSimulator) else None


def _number(x) -> dict:
    """An exact number as its exact string and a decimal (mpmath, DIGITS digits)."""
    import mpmath

    from ..stats import to_mp

    with mpmath.workdps(DIGITS + 5):
        return {"exact": str(x), "decimal": mpmath.nstr(to_mp(x), DIGITS)}


# ---- simulation --------------------------------------------------------------------------------------------

def simulate(name: str, params: dict, counts, trials: int, seed: int, *, method: str = "sufficient",
             jobs: int = 1, progress=None, dask_workers: int | None = None, scheduler: str | None = None):
    """``(trials, d)`` estimates; independent of ``jobs`` and of the Dask workers (fixed blocks of the seed tree,
    see the module; :func:`ldpref.sweep.run_tasks` puts them back in order)."""
    import numpy as np

    from ..sweep import run_tasks

    tasks = block_tasks(name, params, counts, trials, seed, method)
    advance = None if progress is None else (lambda i: progress.advance(tasks[i][4]))
    parts = run_tasks(_run_block, tasks, jobs=jobs, dask_workers=dask_workers, scheduler=scheduler, on_done=advance)
    return np.concatenate(parts, axis=0)


# ---- report ------------------------------------------------------------------------------------------------

def _interval(samples, z: float) -> dict:
    import numpy as np

    mean = float(np.mean(samples))
    half = z * float(np.std(samples, ddof=1)) / math.sqrt(len(samples))
    return {"value": mean, "interval": [mean - half, mean + half]}


def report(name: str, params: dict, dataset, estimates, method: str, seed: int, alpha: float, jobs: int) -> dict:
    """The ``ldpref.simulate/1`` document: per value empirical and exact moments, l1/l2, the agreement."""
    import numpy as np

    from .. import stats
    from ..simulation import simulator

    sim = simulator(name, **params)
    counts = dataset.counts
    n = dataset.n
    d = len(counts)
    obj = sim.exact()
    terms = getattr(obj, "n_outputs", 1) * d * d if type(obj).__name__ == "Mechanism" else 0
    with_cov = d <= COV_MAX_D and terms <= COV_MAX_TERMS
    E, V, M, C = exact_moments(obj, counts, covariance=with_cov)
    T = estimates.shape[0]
    z = float(stats.normal_quantile((1 + CONFIDENCE) / 2))
    truth = np.asarray(counts, dtype=np.float64) / n
    err = estimates - truth
    ratios = stats.variance_ratios(estimates, V, level=1 - CONFIDENCE)
    values = []
    for v in range(d):
        r = ratios[v]
        var_interval = (["nan", "nan"] if r.detail.get("exact_variance_zero") else
                        [float(x * stats.to_mp(V[v])) for x in r.detail["interval"]])
        values.append({
            "value": v, "count": counts[v], "frequency": _number(f"{counts[v]}/{n}"),
            "mean": _interval(estimates[:, v], z), "exact_mean": _number(E[v]),
            "variance": {"value": float(np.var(estimates[:, v], ddof=1)),
                         "interval": var_interval},
            "exact_variance": _number(V[v]),
            "mse": _interval(err[:, v] ** 2, z), "exact_mse": _number(M[v]),
        })
    l1 = np.abs(err).sum(axis=1)
    l2 = (err ** 2).sum(axis=1)
    import sympy

    agreement = stats.agreement(estimates, E, V, C, alpha=alpha, granularity=granularity(sim, n))
    return {
        "format": FORMAT, "name": name, "params": {k: str(v) for k, v in params.items()},
        "simulator_params": {k: str(v) for k, v in sim.params.items()},
        "method": method, "trials": T, "seed": seed, "jobs_independent": True, "block": BLOCK,
        "confidence": CONFIDENCE, "dataset": dataset.to_json(), "d": d, "n": n,
        "exact_object": type(obj).__name__,
        "chi_square": ("with the exact covariance" if C is not None else
                       f"skipped: d > {COV_MAX_D}, a shared-draw family, or |U| d^2 > {COV_MAX_TERMS} exact terms"),
        "values": values,
        "l1": {**_interval(l1, z)},
        "l2": {**_interval(l2, z), "exact": _number(sympy.Add(*M))},
        "agreement": agreement.to_json(),
    }


def _print_text(doc: dict, out) -> None:
    agree = doc["agreement"]
    print(f"simulate {doc['name']} ({', '.join(f'{k}={v}' for k, v in doc['params'].items() if v != 'None')}): "
          f"d = {doc['d']}, n = {doc['n']}, {doc['trials']} trials by the {doc['method']} method, seed {doc['seed']}",
          file=out)
    print(f"{'v':>5} {'exact E':>12} {'mean [95% CI]':>32} {'exact Var':>12} {'variance [95% CI]':>34} "
          f"{'exact MSE':>12} {'MSE':>12}", file=out)
    for row in doc["values"][:SHOW]:
        m, var = row["mean"], row["variance"]
        ci = "[" + ", ".join(f"{x:.4g}" if isinstance(x, float) else x for x in var["interval"]) + "]"
        print(f"{row['value']:>5} {float(row['exact_mean']['decimal']):>12.6g} "
              f"{m['value']:>12.6g} [{m['interval'][0]:.5g}, {m['interval'][1]:.5g}]"
              f" {float(row['exact_variance']['decimal']):>12.6g} {var['value']:>12.6g} {ci:>21}"
              f" {float(row['exact_mse']['decimal']):>12.6g} {row['mse']['value']:>12.6g}", file=out)
    if doc["d"] > SHOW:
        print(f"  ... {doc['d'] - SHOW} more values (--json has all)", file=out)
    l2 = doc["l2"]
    print(f"l2 error per trial: {l2['value']:.6g} [{l2['interval'][0]:.6g}, {l2['interval'][1]:.6g}], "
          f"exact E[l2] = {float(l2['exact']['decimal']):.6g}", file=out)
    l1 = doc["l1"]
    print(f"l1 error per trial: {l1['value']:.6g} [{l1['interval'][0]:.6g}, {l1['interval'][1]:.6g}]", file=out)
    n_tests = len(agree["tests"])
    print(f"tests: {agree['calibration']}", file=out)
    if agree["agrees"]:
        print(f"agrees with the exact moments: yes ({n_tests} tests, Holm at alpha = {agree['alpha']:g})", file=out)
    else:
        print(f"agrees with the exact moments: NO -- rejected {', '.join(agree['rejected'])} ({n_tests} tests, "
              f"Holm at alpha = {agree['alpha']:g})", file=out)


def _alpha(text: str) -> float:
    import argparse

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{text} must lie strictly between 0 and 1")
    return value


def _short(text: str) -> str:
    return text if len(text) <= 200 else text[:197] + "..."


def cmd_simulate(args) -> int:
    """``ldpref simulate``: T seeded trials beside the exact moments; exit 0 agrees, 1 disagrees, 2 bad input."""
    from .. import data_specs
    from ..errors import ParameterError
    from ..limits import check_count
    from ..simulation import keys_of, simulator

    if args.jobs is not None and (args.dask_workers is not None or args.scheduler is not None):
        raise UsageError("give --jobs (local processes) or --dask-workers / --scheduler (Dask), not both")
    if args.dask_workers is not None and args.scheduler is not None:
        raise UsageError("give --dask-workers (an embedded cluster) or --scheduler (an existing one), not both")
    if len(args.names) > 1 or args.csv is not None or args.no_exact:
        from .simulate_compare import cmd_compare

        return cmd_compare(args)
    args.name = args.names[0]
    check_writable("--json", args.json)
    if args.trials < 2:
        raise UsageError(f"--trials {args.trials}: at least 2 trials are needed for a variance")
    jobs = check_jobs(args.jobs if args.jobs is not None else 1)
    params = parse_sets(args.set)
    dataset = data_specs.parse(args.data, seed=args.seed)
    from ..simulation.base import MAX_N as MAX_SIMULATED_N  # the simulators' own limit

    if dataset.n > MAX_SIMULATED_N:  # before any count reaches numpy (int64: a count >= 2^63 overflows there)
        raise ParameterError(f"--data {_short(args.data)}: n = {dataset.n} clients; a simulation takes at most "
                             f"{MAX_SIMULATED_N:.0e} (the samplers draw int64 counts; 'ldpref moments' is exact for "
                             f"any n)")
    if "d" in keys_of(args.name) and "d" not in params:
        params["d"] = str(dataset.d)
    sim = simulator(args.name, **params)
    if sim.d != dataset.d:
        raise ParameterError(f"--data {args.data}: {dataset.d} values, but {args.name} has d = {sim.d}")
    check_count(f"{args.trials} trials x d = {sim.d} estimates", args.trials * sim.d, limit=2 * 10**8,
                unit="float64 entries")
    if args.method == "protocol":
        check_count(f"the real protocol: n = {dataset.n} clients x {args.trials} trials", dataset.n * args.trials,
                    limit=MAX_PROTOCOL_CLIENTS, unit="client randomisations",
                    alternative="use --method sufficient (cost independent of n)")
        dataset.values()  # size check of one value per client
    from ..sweep import Phases

    with Phases(f"simulate {args.name}", quiet=args.quiet or args.json == "-") as bar:  # every phase (issue 24)
        bar.phase("sampling", total=args.trials)
        estimates = simulate(args.name, params, dataset.counts, args.trials, args.seed, method=args.method,
                             jobs=jobs, progress=bar, dask_workers=args.dask_workers, scheduler=args.scheduler)
        bar.phase("exact moments and agreement tests")
        doc = report(args.name, params, dataset, estimates, args.method, args.seed, args.alpha, jobs)
        if args.json:
            bar.phase("writing the JSON")
            write_json(doc, args.json)
    _print_text(doc, out_stream(args.json))
    return EXIT_OK if doc["agreement"]["agrees"] else EXIT_CHECK_FAILED


def add_parsers(sub) -> None:
    """Register ``ldpref simulate``."""
    p = sub.add_parser("simulate", help="simulate a built-in mechanism and compare with its exact moments",
                       description=__doc__.split("\n\n", 1)[1])
    p.add_argument("names", nargs="+", metavar="NAME",
                   help="built-in mechanisms with a simulator (grr, oue, sue, ss, ...); several names (or --csv, "
                        "--no-exact) give one comparison table (ldpref.cli.simulate_compare)")
    p.add_argument("--set", nargs="+", action="append", metavar="KEY=VALUE",
                   help="parameters as for 'ldpref mechanism NAME' (exp_eps=.. or eps=..); d defaults to the "
                        "dataset's")
    p.add_argument("--data", required=True, metavar="SPEC",
                   help="zipf:d=..,n=..[,s=..] | gaussian:d=..,n=..[,mean=..,sd=..] | counts:c0,c1,... | "
                        "kosarak[:d=..] | adult[:column=..] | a data file (see ldpref.data_specs)")
    p.add_argument("--trials", required=True, type=int_type("--trials"), help="independent trials (at least 2)")
    p.add_argument("--seed", type=seed_type, default=0, help="seed of the dataset and the trials (default 0)")
    p.add_argument("--method", choices=("protocol", "sufficient"), default="sufficient",
                   help="real protocol (every client) or the sufficient-statistics sampler (default)")
    p.add_argument("--jobs", type=jobs_type, help="processes (default 1); results do not depend on it")
    p.add_argument("--alpha", type=_alpha, default=1e-3, help="family-wise level of the agreement (default 1e-3)")
    p.add_argument("--json", metavar="FILE", help="write ldpref.simulate/1 JSON to FILE ('-' for stdout); with "
                                                  "several mechanisms ldpref.simulate-compare/1")
    p.add_argument("--csv", metavar="FILE", help="write the comparison (one row per mechanism) as CSV to FILE ('-' "
                                                 "for stdout)")
    p.add_argument("--no-exact", action="store_true", help="skip the exact moments (comparison of simulations only)")
    p.add_argument("--dask-workers", type=int_type("--dask-workers", 1, 65), metavar="N",
                   help="run the trials on an embedded dask.distributed cluster of N worker processes; results do "
                        "not depend on it")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run the trials on an existing Dask cluster "
                                                          "(tcp://host:port)")
    p.add_argument("--quiet", action="store_true", help="no progress bar (it is shown on a terminal only)")
    p.set_defaults(func=cmd_simulate)
