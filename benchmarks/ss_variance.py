"""Benchmark: exact variance of Subset Selection (foundation issue target: d = 10 under 2 s).

For each d, builds Subset Selection with k = d/2 (all C(d, k) subsets as outputs, exact rationals) and
computes the exact variance vector of f_hat for a dataset of one client per value, timing both steps.
Prints one line per d and, with --json, a machine-readable record.  Timings are wall-clock medians of
--repeat runs; the machine's core count is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from math import comb

import sympy

from ldpref import moments
from ldpref.mechanisms import subset_selection


def one_run(d: int, exp_eps) -> tuple[float, float, sympy.Expr]:
    t0 = time.perf_counter()
    mech = subset_selection(d, d // 2, exp_eps).mechanism
    t1 = time.perf_counter()
    var = moments.variance(mech, [1] * d)
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, var[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--d", type=int, nargs="+", default=[8, 10, 12])
    parser.add_argument("--exp-eps", default="3")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", help="write results to this file")
    args = parser.parse_args()
    exp_eps = sympy.Rational(args.exp_eps)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"sympy {sympy.__version__}")
    rows = []
    for d in args.d:
        runs = [one_run(d, exp_eps) for _ in range(args.repeat)]
        build = statistics.median(r[0] for r in runs)
        var = statistics.median(r[1] for r in runs)
        rows.append({"d": d, "k": d // 2, "outputs": comb(d, d // 2), "build_s": round(build, 4),
                     "variance_s": round(var, 4), "total_s": round(build + var, 4), "variance_0": str(runs[0][2])})
        print(f"d = {d:3d}, k = {d // 2}, |U| = {comb(d, d // 2):5d}: build {build:7.3f} s, "
              f"variance {var:7.3f} s, total {build + var:7.3f} s  (Var[f_hat_0] = {runs[0][2]})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"cores": os.cpu_count(), "exp_eps": str(exp_eps), "rows": rows}, fh, indent=2)


if __name__ == "__main__":
    main()
