"""Benchmark: Weighted Subset Selection (pan-strict Section 5.3), exact and certified (target: d = 16 under 60 s).

For each d, runs ``ldpref.wss.weighted_subset_selection(d, k, exp_eps, seed)`` with k the l2-optimal integer
support size (exhaustive; ``--k`` overrides), i.e. the heuristic sampling, the float simplex, the exact
re-solve of its basis and the exact certificate (weight patterns, e^eps, symmetry, Q P = I, l2 equal to the
OSC optimum).  Prints one line per d: wall-clock seconds (median of --repeat runs), responses against the
Caratheodory count d(d-1)/2 + 1, samples drawn and LP rounds; stops after the first d over --limit seconds
and reports the largest d within it.  --json writes a machine-readable record.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time

import sympy

from ldpref.wss import optimal_support_size, weighted_subset_selection


def one_run(d: int, k: int, exp_eps, seed: int):
    t0 = time.perf_counter()
    _, cert = weighted_subset_selection(d, k, exp_eps, seed=seed)
    return time.perf_counter() - t0, cert


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--d", type=int, nargs="+", default=[8, 10, 12, 14, 16, 20, 24])
    parser.add_argument("--k", type=int, help="support size (default: the optimal integer k for each d)")
    parser.add_argument("--exp-eps", default="3")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--limit", type=float, default=60.0, help="seconds; stop after the first d above it")
    parser.add_argument("--json", help="write results to this file")
    args = parser.parse_args()
    exp_eps = sympy.Rational(args.exp_eps)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"sympy {sympy.__version__}; exp_eps = {exp_eps}, seed = {args.seed}")
    rows, best = [], None
    for d in args.d:
        k = args.k if args.k is not None else optimal_support_size(d, exp_eps)
        runs = [one_run(d, k, exp_eps, args.seed) for _ in range(args.repeat)]
        secs = statistics.median(r[0] for r in runs)
        cert = runs[0][1]
        row = {"d": d, "k": k, "seconds": round(secs, 3), "responses": cert["responses"],
               "caratheodory_count": cert["caratheodory_count"], "samples": cert["samples"],
               "lp_rounds": cert["lp_rounds"], "certified": cert["certified"]}
        rows.append(row)
        print(f"d = {d:3d}, k = {k:2d}: {secs:8.2f} s, responses {cert['responses']:4d} <= {cert['caratheodory_count']:4d}, "
              f"samples {cert['samples']:4d}, LP rounds {cert['lp_rounds']}, certified {cert['certified']}", flush=True)
        if secs > args.limit:
            break
        if cert["certified"]:
            best = row
    if best is not None:
        print(f"largest d certified within {args.limit:g} s: d = {best['d']} ({best['seconds']} s)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"cores": os.cpu_count(), "exp_eps": str(exp_eps), "seed": args.seed, "rows": rows,
                       "largest_within_limit": best}, fh, indent=2)


if __name__ == "__main__":
    main()
