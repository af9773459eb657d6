"""``ldpref simulate A B C ... --data SPEC --trials T``: several mechanisms on one dataset, one comparison table.

Each mechanism runs the same seeded trials as ``ldpref simulate NAME`` alone (the blocks of
:func:`ldpref.cli.simulate.block_tasks`, seed ``--seed``), so its row equals the single-mechanism run.  All
blocks of all mechanisms are one sweep (:func:`ldpref.sweep.run_tasks`: local processes with ``--jobs``, or Dask
with ``--dask-workers`` / ``--scheduler``), put back in order: the CSV and JSON do not depend on the backend.

Per mechanism (pan-cms Section 6 and pan-strict Section 6 report the same quantities): the l1 and l2 errors per
trial (mean and standard error), the worst-case MSE over the values (pan-cms Eq. (22): the largest per-value mean
squared error over the trials; its standard error at that value), and, unless ``--no-exact``, the exact
``E[l2] = sum_v MSE_v`` and ``max_v MSE_v`` of the mechanism (``simulator.exact()``: ldpref.moments,
ldpref.structured or the shared-draw mixture), converted to decimals only for the table.

``--set KEY=VALUE`` applies to every mechanism (an error names a mechanism that does not take KEY);
``--set NAME.KEY=VALUE`` to mechanism NAME only.  ``d`` defaults to the dataset's.
"""

from __future__ import annotations

import csv
import io
import sys

from ..atomic import write_file
from ._common import EXIT_OK, UsageError, check_distinct_outputs, check_writable, out_stream, parse_sets, write_json

FORMAT = "ldpref.simulate-compare/1"
#: digits of the exact values in the CSV and JSON (converted from the exact numbers by mpmath)
DIGITS = 17
COLUMNS = ("mechanism", "params", "d", "n", "trials", "seed", "method", "l1", "l1_se", "l2", "l2_se", "exact_l2",
           "worst_mse", "worst_mse_se", "exact_worst_mse")


def split_sets(names: list[str], pairs) -> dict[str, dict]:
    """``{name: params}`` from ``--set`` (common keys and ``NAME.KEY`` keys); unknown keys are one-line errors."""
    from ..simulation import keys_of

    raw = parse_sets(pairs)
    own = {name: {} for name in names}
    common = {}
    for key, value in raw.items():
        head, dot, rest = key.partition(".")
        if dot and head in own:
            own[head][rest] = value
        elif dot:
            raise UsageError(f"--set {key}: {head} is not one of the mechanisms compared ({', '.join(names)})")
        else:
            common[key] = value
    out = {}
    for name in names:
        keys = keys_of(name)
        params = {**common, **own[name]}
        for key in params:
            if key not in keys and not (key == "eps" and "exp_eps" in keys):
                raise UsageError(f"--set {key}: {name} does not take {key!r} (it takes {', '.join(keys)}); "
                                 f"use --set OTHER.{key}=... for the mechanisms that do")
        out[name] = params
    return out


def _decimal(x) -> str:
    import mpmath

    from ..stats import to_mp

    with mpmath.workdps(DIGITS + 5):
        return mpmath.nstr(to_mp(x), DIGITS)


def _exact(sim, counts) -> tuple[str, str]:
    """(E[l2], max MSE) of the simulator's exact object, as decimals; the maximum is taken on the exact values
    (sympy comparison of the candidates that tie at DIGITS + 10 digits is not needed: only the value is shown)."""
    import mpmath
    import sympy

    from ..stats import to_mp
    from .simulate_core import exact_moments

    _, _, M, _ = exact_moments(sim.exact(), counts, covariance=False)
    with mpmath.workdps(DIGITS + 10):
        worst = max(to_mp(m) for m in M)
    return _decimal(sympy.Add(*M)), _decimal(worst)


def row(name: str, sim, dataset, estimates, seed: int, method: str, exact: bool) -> dict:
    """One mechanism's line of the comparison (floats as repr: the same estimates give the same text)."""
    import numpy as np

    counts = dataset.counts
    truth = np.asarray(counts, dtype=np.float64) / dataset.n
    err = estimates - truth
    T = err.shape[0]
    se = lambda a: float(np.std(a, ddof=1) / np.sqrt(T))  # noqa: E731
    l1, l2 = np.abs(err).sum(axis=1), (err ** 2).sum(axis=1)
    per_value = (err ** 2).mean(axis=0)
    worst = int(np.argmax(per_value))
    e_l2, e_worst = _exact(sim, counts) if exact else ("", "")
    return {"mechanism": name, "params": " ".join(f"{k}={v}" for k, v in sorted(sim.params.items()) if v is not None),
            "d": dataset.d, "n": dataset.n, "trials": T, "seed": seed, "method": method,
            "l1": repr(float(l1.mean())), "l1_se": repr(se(l1)), "l2": repr(float(l2.mean())), "l2_se": repr(se(l2)),
            "exact_l2": e_l2, "worst_mse": repr(float(per_value[worst])), "worst_mse_se": repr(se(err[:, worst] ** 2)),
            "exact_worst_mse": e_worst}


def csv_text(rows: list[dict]) -> str:
    """The comparison as CSV text: a header of :data:`COLUMNS`, one row per mechanism ("\\n" line ends)."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


def _print_table(doc: dict, out) -> None:
    print(f"simulate {', '.join(r['mechanism'] for r in doc['rows'])} on {doc['dataset']['spec']}: d = {doc['d']}, "
          f"n = {doc['n']}, {doc['trials']} trials by the {doc['method']} method, seed {doc['seed']}", file=out)
    print(f"{'mechanism':<10} {'l1 (s.e.)':>24} {'l2 (s.e.)':>26} {'exact E[l2]':>13} {'worst MSE (s.e.)':>26} "
          f"{'exact max MSE':>13}", file=out)
    for r in doc["rows"]:
        ex = lambda k: f"{float(r[k]):>13.6g}" if r[k] else f"{'-':>13}"  # noqa: E731
        print(f"{r['mechanism']:<10} {float(r['l1']):>12.6g} ({float(r['l1_se']):.3g}) "
              f"{float(r['l2']):>13.6g} ({float(r['l2_se']):.3g}) {ex('exact_l2')} "
              f"{float(r['worst_mse']):>13.6g} ({float(r['worst_mse_se']):.3g}) {ex('exact_worst_mse')}", file=out)
    for r in doc["rows"]:
        print(f"  {r['mechanism']}: {r['params']}", file=out)


def cmd_compare(args) -> int:
    """Several mechanisms, one dataset, one table (and ``--csv`` / ``--json``); exit 0, or 2 on bad input."""
    import numpy as np

    from .. import data_specs
    from ..errors import ParameterError
    from ..limits import check_count
    from ..simulation import keys_of, simulator
    from ..sweep import Phases, run_tasks
    from .simulate_core import MAX_PROTOCOL_CLIENTS, _run_block, block_tasks

    check_writable("--json", args.json)
    check_writable("--csv", args.csv)
    check_distinct_outputs(("--json", args.json), ("--csv", args.csv))
    if args.json == "-" and args.csv == "-":
        raise UsageError("--json - and --csv -: only one of them can go to standard output")
    if args.trials < 2:
        raise UsageError(f"--trials {args.trials}: at least 2 trials are needed for a standard error")
    names = list(args.names)
    if len(set(names)) != len(names):
        raise UsageError(f"a mechanism is named twice: {' '.join(names)}")
    per_name = split_sets(names, args.set)
    dataset = data_specs.parse(args.data, seed=args.seed)
    sims = {}
    for name in names:
        params = per_name[name]
        if "d" in keys_of(name) and "d" not in params:
            params["d"] = str(dataset.d)
        sims[name] = simulator(name, **params)
        if sims[name].d != dataset.d:
            raise ParameterError(f"--data {args.data}: {dataset.d} values, but {name} has d = {sims[name].d}")
    check_count(f"{len(names)} mechanisms x {args.trials} trials x d = {dataset.d} estimates",
                len(names) * args.trials * dataset.d, limit=2 * 10**8, unit="float64 entries")
    if args.method == "protocol":
        check_count(f"the real protocol: n = {dataset.n} clients x {args.trials} trials x {len(names)} mechanisms",
                    dataset.n * args.trials * len(names), limit=MAX_PROTOCOL_CLIENTS, unit="client randomisations",
                    alternative="use --method sufficient (cost independent of n)")
        dataset.values()
    tasks, owner = [], []
    for name in names:
        for task in block_tasks(name, per_name[name], dataset.counts, args.trials, args.seed, args.method):
            tasks.append(task)
            owner.append(name)
    with Phases("simulate", quiet=args.quiet or "-" in (args.json, args.csv)) as bar:  # every phase (issue 24)
        bar.phase(f"sampling {len(names)} mechanisms", total=args.trials * len(names))
        parts = run_tasks(_run_block, tasks, jobs=args.jobs or 1, dask_workers=args.dask_workers,
                          scheduler=args.scheduler, on_done=lambda i: bar.advance(tasks[i][4]))
        rows = []
        bar.phase("exact moments and losses" if not args.no_exact else "losses", total=len(names))
        for name in names:
            bar.note(name)
            est = np.concatenate([p for p, o in zip(parts, owner) if o == name], axis=0)
            rows.append(row(name, sims[name], dataset, est, args.seed, args.method, not args.no_exact))
            bar.advance(1)
    doc = {"format": FORMAT, "dataset": dataset.to_json(), "d": dataset.d, "n": dataset.n, "trials": args.trials,
           "seed": args.seed, "method": args.method, "exact": not args.no_exact, "columns": list(COLUMNS),
           "rows": rows}
    if args.csv:
        text = csv_text(rows)
        if args.csv == "-":
            sys.stdout.write(text)
        else:
            write_file(args.csv, text)
    if args.json:
        write_json(doc, args.json)
    _print_table(doc, sys.stderr if args.csv == "-" else out_stream(args.json))
    return EXIT_OK
