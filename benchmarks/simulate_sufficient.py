"""Benchmark: one trial of the sufficient-statistics samplers at n = 10^4 and n = 10^9 (issue 13, "Speed").

For GRR, OUE, Subset Selection and OLH (ideal family) at d = 10^4 (e^eps = 3; SS at its registry default k,
the l2-optimal one, 2500 here), times one call of ``Simulator.sufficient`` on a uniform dataset with n = 10^4
and with n = 10^9 clients and prints both with their ratio: the cost must not grow with n.  Subset Selection
is timed twice in the same run: ``ss`` is the default binary split of the items
(ldpref/simulation/subset_split.py), ``ss-walk`` the former item-by-item walk (``method="walk"``, about
d sqrt(k) scalar draws; --no-walk skips it).  Wall-clock medians of --repeat runs, seeded
(numpy.random.Generator from --seed).  Costs: GRR and OUE O(d); SS split about d sqrt(log n) cells per depth
over ceil(log2 d) depths.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # this checkout's ldpref

import numpy as np  # noqa: E402

from ldpref.simulation import simulator  # noqa: E402


def one_trial(sim, n, rng, repeat, **kwargs):
    counts = np.full(sim.d, n // sim.d, dtype=np.int64)
    counts[: n - int(counts.sum())] += 1  # exactly n clients
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f = sim.sufficient(counts, rng, **kwargs)
        times.append(time.perf_counter() - t0)
        if not np.all(np.isfinite(f)):
            raise SystemExit(f"{sim.name}: non-finite estimate at n = {n}")
    return statistics.median(times)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--d", type=int, default=10**4, help="dictionary size (default 10^4)")
    ap.add_argument("--repeat", type=int, default=1, help="runs per timing (median; default 1)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random generator (default 0)")
    ap.add_argument("--only", nargs="*", default=["grr", "oue", "ss", "olh"],
                    help="mechanisms (default grr oue ss olh; olh with family=ideal, k = 16)")
    ap.add_argument("--no-walk", action="store_true", help="do not time the former SS walk (method='walk')")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    print(f"# load average {os.getloadavg()[0]:.1f}; sufficient samplers, one trial, d = {args.d}, e^eps = 3; "
          f"{os.cpu_count()} cores, "
          f"{platform.python_implementation()} {platform.python_version()}, numpy {np.__version__}")
    print(f"{'mechanism':<10} {'n = 10^4 (s)':>13} {'n = 10^9 (s)':>13} {'ratio':>7}")
    rows = []
    for name in args.only:
        t0 = time.perf_counter()
        extra_params = dict(family="ideal", k=16) if name == "olh" else {}
        sim = simulator(name, d=args.d, exp_eps=3, **extra_params)
        setup = time.perf_counter() - t0
        runs = [(name, {})] + ([("ss-walk", dict(method="walk"))] if name == "ss" and not args.no_walk else [])
        for label, kwargs in runs:
            small = one_trial(sim, 10**4, rng, args.repeat, **kwargs)
            large = one_trial(sim, 10**9, rng, args.repeat, **kwargs)
            extra = f"  (k = {sim.k}; set-up {setup:.2f} s)" if name == "ss" else ""
            print(f"{label:<10} {small:>13.3f} {large:>13.3f} {large / small:>7.2f}{extra}", flush=True)
            rows.append((label, small, large))
    print("\n| mechanism | d | one trial, n = 10^4 | one trial, n = 10^9 |\n|---|---|---|---|")
    for name, small, large in rows:
        print(f"| {name} | {args.d} | {small:.3f} s | {large:.3f} s |")


if __name__ == "__main__":
    main()
