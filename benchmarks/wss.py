"""Benchmark: Weighted Subset Selection (pan-strict Section 5.3), exact and certified (target: d = 16 under 60 s).

For each d, runs ``ldpref.wss.weighted_subset_selection(d, k, exp_eps, seed)`` with k the l2-optimal integer
support size (exhaustive; ``--k`` overrides), i.e. the heuristic sampling, the float simplex, the exact
re-solve of its basis and the exact certificate (weight patterns, e^eps, symmetry, Q P = I, l2 equal to the
OSC optimum).  Prints one line per d: wall-clock seconds (median of --repeat runs), responses against the
Caratheodory count d(d-1)/2 + 1, samples drawn and LP rounds.  The listed d are run first; then, unless
--no-search, the search goes on past the last listed d (d + --step, ...) until one run really exceeds
--limit seconds or the limits rule (ldpref/limits.py) refuses the size, so "the largest d certified within
the limit" is a measured boundary.  When the search stops for another reason (the rule, --max-d, a failed
certificate), the report says "at least d = ...".  --json writes a machine-readable record.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time

import sys

import sympy

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # this tree's ldpref

from ldpref.limits import ResourceLimitError  # noqa: E402
from ldpref.wss import check_wss_size, optimal_support_size, weighted_subset_selection  # noqa: E402


def one_run(d: int, k: int, exp_eps, seed: int):
    t0 = time.perf_counter()
    _, cert = weighted_subset_selection(d, k, exp_eps, seed=seed)
    return time.perf_counter() - t0, cert


def candidates(args):
    """The listed d, then (unless --no-search) d + step, d + 2 step, ... without end."""
    yield from args.d
    if args.no_search:
        return
    d = max(args.d)
    while True:
        d += args.step
        yield d


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--d", type=int, nargs="+", default=[8, 10, 12, 14, 16, 20, 24])
    parser.add_argument("--k", type=int, help="support size (default: the optimal integer k for each d)")
    parser.add_argument("--exp-eps", default="3")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--limit", type=float, default=60.0, help="seconds; stop after the first d above it")
    parser.add_argument("--step", type=int, default=4, help="increment of d after the listed values (default 4)")
    parser.add_argument("--max-d", type=int, default=400, help="stop the search here (default 400)")
    parser.add_argument("--no-search", action="store_true", help="run only the listed d")
    parser.add_argument("--json", help="write results to this file")
    args = parser.parse_args()
    exp_eps = sympy.Rational(args.exp_eps)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"sympy {sympy.__version__}; exp_eps = {exp_eps}, seed = {args.seed}")
    rows, best = [], None
    exceeded, stop_reason = False, None
    for d in candidates(args):
        if d > args.max_d:
            stop_reason = f"--max-d {args.max_d} reached"
            break
        try:
            k = args.k if args.k is not None else optimal_support_size(d, exp_eps)
            check_wss_size(d, k, exp_eps)
        except ResourceLimitError as exc:
            stop_reason = f"the limits rule refuses d = {d}: {exc}"
            break
        runs = [one_run(d, k, exp_eps, args.seed) for _ in range(args.repeat)]
        secs = statistics.median(r[0] for r in runs)
        cert = runs[0][1]
        row = {"d": d, "k": k, "seconds": round(secs, 3), "responses": cert["responses"],
               "caratheodory_count": cert["caratheodory_count"], "samples": cert["samples"],
               "lp_rounds": cert["lp_rounds"], "certified": cert["certified"]}
        rows.append(row)
        print(f"d = {d:3d}, k = {k:2d}: {secs:8.2f} s, responses {cert['responses']:4d} "
              f"<= {cert['caratheodory_count']:4d}, samples {cert['samples']:4d}, LP rounds {cert['lp_rounds']}, "
              f"certified {cert['certified']}", flush=True)
        if secs > args.limit:
            exceeded = True
            break
        if not cert["certified"]:
            stop_reason = f"d = {d} was not certified"
            break
        best = row
    if best is not None and exceeded:
        print(f"largest d certified within {args.limit:g} s: d = {best['d']} ({best['seconds']} s); "
              f"d = {rows[-1]['d']} took {rows[-1]['seconds']} s")
    elif best is not None:
        print(f"every d run was certified within {args.limit:g} s: the largest is at least d = {best['d']} "
              f"({best['seconds']} s); the search stopped because {stop_reason or 'the listed d ran out'}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"cores": os.cpu_count(), "exp_eps": str(exp_eps), "seed": args.seed, "rows": rows,
                       "largest_within_limit": best, "limit_exceeded": exceeded, "stop_reason": stop_reason},
                      fh, indent=2)


if __name__ == "__main__":
    main()
