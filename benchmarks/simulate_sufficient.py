"""Benchmark: one trial of the sufficient-statistics samplers at n = 10^4 and n = 10^9 (issue 13, "Speed").

For GRR, OUE, Subset Selection and OLH (ideal family) at d = 10^4 (e^eps = 3; SS at its registry default k,
the l2-optimal one, 2500 here), times one call of ``Simulator.sufficient`` on a uniform dataset with n = 10^4
and with n = 10^9 clients and prints both with their ratio: the cost must not grow with n.  Subset Selection
is timed twice in the same run: ``ss`` is the default binary split of the items
(ldpref/simulation/subset_split.py), ``ss-walk`` the former item-by-item walk (``method="walk"``, about
d sqrt(k) scalar draws; --no-walk skips it).  Wall-clock medians of --repeat runs, seeded
(numpy.random.Generator from --seed).  Costs: GRR and OUE O(d); SS split about d sqrt(log n) cells per depth
over ceil(log2 d) depths.

Then (``--no-papers`` skips it, ``--papers-only`` runs only it) the sketches at the papers' setting, k = 65536
functions, m = 1024 (pan-cms Section 6, Apple's CMS; jiang-gcms Fig. 6, s = 19), eps = 4, the ideal family
(k uniform functions drawn per trial, chunk by chunk), d = 500 and d = 10^4, n = 10^4, 10^6, 10^9: one trial
each in a fresh process, reporting seconds, the tracemalloc peak (numpy's buffers) and the process's peak
RSS (resource.getrusage, interpreter and numpy included).  The k m = 6.7e7 cells are never held at once:
:meth:`SketchSimulator.sufficient_chunked` takes the functions in chunks (ldpref/simulation/sketch_core.py).
Where the cost grows with n and why: spreading each value's c_x clients over the k functions is a multinomial
(min(c_x, k) draws: flat once c_x >= k, i.e. n >= k d), and GCMS's subset counts cost min(G, m) s draws per
(function, hashed value) group (bucket counts of uniform s-subsets are not a multinomial), so up to
s min(n, k m min(m, d)) -- refused (one line) above 2e8 draws, as at n = 10^9.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc

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


#: the papers' sketch cases: (label, simulator name, parameters without d)
PAPERS = [("cms (pan-cms Sec. 6)", "cms", dict(eps=4, family="ideal", m=1024, k=65536)),
          ("gcms s=19 (jiang Fig. 6)", "gcms", dict(eps=4, family="ideal", m=1024, k=65536, s=19))]
PAPER_NS = (10**4, 10**6, 10**9)


def papers_case(spec: str) -> None:
    """Child process: one trial of the case ``spec`` (JSON: name, params, d, n, seed); prints one JSON line."""
    from ldpref.limits import ResourceLimitError

    case = json.loads(spec)
    sim = simulator(case["name"], d=case["d"], **case["params"])
    counts = np.full(case["d"], case["n"] // case["d"], dtype=np.int64)
    counts[: case["n"] - int(counts.sum())] += 1
    rng = np.random.default_rng(case["seed"])
    tracemalloc.start()
    t0 = time.perf_counter()
    try:
        f = sim.sufficient(counts, rng)
        out = dict(seconds=time.perf_counter() - t0, finite=bool(np.all(np.isfinite(f))))
    except ResourceLimitError as exc:
        out = dict(refused=str(exc))
    out["tracemalloc_peak_mb"] = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    out["maxrss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    print(json.dumps(out))


def papers_table(seed: int, ds=(500, 10**4)) -> list[dict]:
    """The papers' setting, one trial per (case, d, n) in a fresh process; prints and returns the rows."""
    print("\n# papers' sketches: k = 65536, m = 1024, eps = 4, family ideal, one sufficient trial each (fresh process;"
          " uniform counts); seconds / tracemalloc peak / peak RSS")
    print(f"{'mechanism':<26} {'d':>6} " + " ".join(f"{'n = 10^%d' % round(math.log10(n)):>26}" for n in PAPER_NS))
    rows = []
    for label, name, params in PAPERS:
        for d in ds:
            cells, notes = [], []
            for n in PAPER_NS:
                spec = json.dumps(dict(name=name, params=params, d=d, n=n, seed=seed))
                res = subprocess.run([sys.executable, os.path.abspath(__file__), "--case", spec], capture_output=True,
                                     text=True)
                if res.returncode:
                    raise SystemExit(f"{label} d = {d} n = {n}: child failed: {res.stderr.strip().splitlines()[-1]}")
                r = json.loads(res.stdout.strip().splitlines()[-1])
                rows.append(dict(mechanism=label, d=d, n=n, **r))
                if "refused" in r:
                    cells.append("refused")
                    notes.append(f"    n = 10^{round(math.log10(n))}: {r['refused']}")
                else:
                    cells.append(f"{r['seconds']:.1f} s/{r['tracemalloc_peak_mb']:.0f}/{r['maxrss_mb']:.0f} MB")
            print(f"{label:<26} {d:>6} " + " ".join(f"{c:>26}" for c in cells), flush=True)
            for line in notes:
                print(line)
    print("  cost: O(d + sum_x min(c_x, k) + k m) for CMS -- grows with n until every value has k clients\n"
          "  (n >= k d: the per-function counts of a value are a multinomial of its c_x clients), then flat;\n"
          "  GCMS adds min(G, m) s draws per (function, hashed value) group: s min(n, k m min(m, d)), growing\n"
          "  with n (uniform s-subsets' bucket counts are not a multinomial), refused above 2e8 draws.")
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--d", type=int, default=10**4, help="dictionary size (default 10^4)")
    ap.add_argument("--repeat", type=int, default=1, help="runs per timing (median; default 1)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random generator (default 0)")
    ap.add_argument("--only", nargs="*", default=["grr", "oue", "ss", "olh"],
                    help="mechanisms (default grr oue ss olh; olh with family=ideal, k = 16)")
    ap.add_argument("--no-walk", action="store_true", help="do not time the former SS walk (method='walk')")
    ap.add_argument("--no-papers", action="store_true", help="skip the papers' sketch setting (k = 65536, m = 1024)")
    ap.add_argument("--papers-only", action="store_true", help="run only the papers' sketch setting")
    ap.add_argument("--json", metavar="FILE", help="also write the papers' rows as JSON")
    ap.add_argument("--case", help=argparse.SUPPRESS)  # child process of the papers' table
    args = ap.parse_args(argv)
    if args.case:
        return papers_case(args.case)
    if args.json and not os.access(os.path.dirname(os.path.abspath(args.json)), os.W_OK):
        ap.error(f"--json {args.json}: its folder is not writable")
    if args.papers_only:
        print(f"# load average {os.getloadavg()[0]:.1f}; {os.cpu_count()} cores (shared with other jobs), "
              f"{platform.python_implementation()} {platform.python_version()}, numpy {np.__version__}")
        rows = papers_table(args.seed)
        if args.json:
            with open(args.json, "w") as fh:
                json.dump(rows, fh, indent=1)
        return None
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
    if not args.no_papers:
        papers = papers_table(args.seed)
        if args.json:
            with open(args.json, "w") as fh:
                json.dump(papers, fh, indent=1)


if __name__ == "__main__":
    main()
