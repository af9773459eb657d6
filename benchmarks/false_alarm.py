"""Benchmark: the measured false-alarm rate and power of the agreement tests (issue 26, item 1).

``ldpref simulate`` and ``ldpref conform`` state a family-wise false-alarm rate of ``alpha`` = 10^-3 for "your
code disagrees with the exact moments".  This script makes that a measured fact: for each regime (tiny n,
sparse d, heavy-tailed estimates, 2 to 10,000 trials, the sufficient-statistics and the real-protocol
samplers, and ``conform``'s reference GRR adapter at d = 200 with one client per value) it runs many
seeded *correct* simulations and counts how often the verdict is "disagrees", with an exact Clopper-Pearson 95%
interval per regime and overall.  Every row of the issue's table is a regime here.

Beside it, the power on the very same samples with a planted error:

* ``bias``: ``+0.01`` added to ``f_hat`` of value 0 and ``-0.01`` to value 1 in every trial (an absolute 1%
  frequency bias that keeps the sum, so the exact column-space check cannot see it; only the mean tests can);
* ``var+20%`` / ``var-20%``: ``E + sqrt(1.2) (f_hat - E)`` / ``E + sqrt(0.8) (f_hat - E)``: every variance
  off by 20%, the means exact.

What runs is what the commands run: the estimates come from ``ldpref.cli.simulate.simulate`` (the same seeded
blocks as ``ldpref simulate --seed S``) or, for conform, from the reference adapter's ``client``/``server``
with ``ldpref.conformance.harness.trial_seeds``; the verdict is Holm at ``alpha`` over the tests of
``ldpref.stats.agreement`` with the pure protocols' granularity, i.e. :mod:`ldpref.calibrated` (computed here
once per dataset and reused across seeds: the exact moments and the null-space projector do not depend on the
seed).  Generated datasets (zipf) are drawn with data seeds 0..5 (as the issue's six runs) and the trial seeds
vary beside them.  Work is spread over a ``multiprocessing`` pool (``--workers``, default 2).

Usage: ``python benchmarks/false_alarm.py [--scale X] [--workers 2] [--out benchmarks/false_alarm]``;
``--scale 1`` is the full size (21,000+ correct runs); results go to ``OUT.json`` and ``OUT.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # this checkout's ldpref

import numpy as np  # noqa: E402

ALPHA = 1e-3
ONES_2000 = "counts:" + ",".join(["1"] * 2000)
ONES_30000 = "counts:" + ",".join(["1"] * 30000)
#: (name, mechanism, params, dataset spec, data seeds, trials, method, runs at --scale 1, row of the issue)
REGIMES = [
    ("grr n=4 T=2", "grr", {"exp_eps": "3"}, "counts:1,2,1", [0], 2, "sufficient", 4000, True),
    ("grr n=4 T=5", "grr", {"exp_eps": "3"}, "counts:1,2,1", [0], 5, "sufficient", 2000, True),
    ("grr n=4 T=10", "grr", {"exp_eps": "3"}, "counts:1,2,1", [0], 10, "sufficient", 2000, True),
    ("grr n=4 T=10000", "grr", {"exp_eps": "3"}, "counts:1,2,1", [0], 10000, "sufficient", 500, False),
    ("grr n=1 T=3", "grr", {"exp_eps": "3"}, "counts:0,1,0", [0], 3, "protocol", 2000, False),
    ("oue n=10 T=400", "oue", {"exp_eps": "3"}, "counts:5,3,2,0", [0], 400, "sufficient", 1500, False),
    ("ss n=12 T=50 protocol", "ss", {"exp_eps": "2"}, "counts:6,0,3,0,2,1", [0], 50, "protocol", 1500, False),
    ("sue skewed n=1000 T=2000", "sue", {"exp_eps": "4"}, "counts:990,5,3,1,1", [0], 2000, "sufficient", 1000,
     False),
    ("grr 2000 ones T=20", "grr", {"exp_eps": "3"}, ONES_2000, [0], 20, "sufficient", 1500, True),
    ("grr 2000 ones T=50", "grr", {"exp_eps": "3"}, ONES_2000, [0], 50, "sufficient", 800, True),
    ("grr 30000 ones T=4", "grr", {"exp_eps": "3"}, ONES_30000, [0], 4, "sufficient", 150, True),
    ("grr zipf d=2000 n=2000 T=100", "grr", {"exp_eps": "3"}, "zipf:d=2000,n=2000", list(range(6)), 100,
     "sufficient", 600, True),
    ("grr zipf d=2000 n=2000 T=100 protocol", "grr", {"exp_eps": "3"}, "zipf:d=2000,n=2000", list(range(6)), 100,
     "protocol", 300, True),
    ("conform reference GRR d=200 T=20", "conform-grr", {"exp_eps": "3"}, "counts:" + ",".join(["1"] * 200), [0],
     20, "adapter", 1500, True),
    ("conform reference GRR d=200 T=40", "conform-grr", {"exp_eps": "3"}, "counts:" + ",".join(["1"] * 200), [0],
     40, "adapter", 800, True),
    ("oue d=64 n=64 T=1000", "oue", {"exp_eps": "3"}, "counts:" + ",".join(["1"] * 64), [0], 1000, "sufficient",
     1200, False),
]
CHUNK = 25
_CACHE: dict = {}


def _exact(regime: int, data_seed: int):
    """The regime's exact side for one dataset, built once per worker process."""
    key = (regime, data_seed)
    if key in _CACHE:
        return _CACHE[key]
    from ldpref import calibrated, data_specs
    from ldpref.cli.simulate import COV_MAX_D, exact_moments, granularity
    from ldpref.simulation import simulator

    _, mech, params, spec, _, _, _, _, _ = REGIMES[regime]
    counts = list(data_specs.parse(spec, seed=data_seed).counts)
    d, n = len(counts), sum(counts)
    params = {**params, "d": str(d)}
    sim = simulator("grr" if mech == "conform-grr" else mech, **params)
    if mech == "conform-grr":
        from ldpref.conformance.harness import case_granularity
        from ldpref.conformance.target import exact_target

        case = {"id": "grr-d200", "mechanism": "grr", "params": {"d": d, "exp_eps": params["exp_eps"]}}
        target = exact_target(case, counts)
        E, V, C, B = target.mean, target.var, target.cov, case_granularity(case, counts)
    else:
        E, V, _, C = exact_moments(sim.exact(), counts, covariance=d <= COV_MAX_D)
        B = granularity(sim, n)
    ex = calibrated.Exact(E, V, B, d)
    proj = calibrated.null_projector(C) if C is not None else None
    _CACHE.clear()
    _CACHE[key] = (counts, params, ex, proj)
    return _CACHE[key]


def _adapter_estimates(params, counts, trials, seed):
    from ldpref.conformance.harness import trial_seeds

    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "conformance", "adapters")
    if root not in sys.path:
        sys.path.insert(0, root)
    import reference_grr

    case = {"id": "grr-d200", "mechanism": "grr", "params": {"d": len(counts), "exp_eps": params["exp_eps"]}}
    values = [v for v, c in enumerate(counts) for _ in range(c)]
    rows = [reference_grr.server(case, reference_grr.client(case, values, s))
            for s in trial_seeds(seed, 0, 0, trials)]
    return np.array(rows, dtype=float)


def _rejects(est, ex, proj) -> bool:
    from ldpref import calibrated, stats

    return any(stats.holm(calibrated.agreement_tests(est, ex, proj), ALPHA))


def run_chunk(task):
    """(regime, data seed, seeds) -> per seed: [null, bias, var+20%, var-20%] rejected flags."""
    regime, data_seed, seeds = task
    from ldpref.cli.simulate import simulate

    _, mech, _, _, _, trials, method, _, _ = REGIMES[regime]
    counts, params, ex, proj = _exact(regime, data_seed)
    out = []
    for seed in seeds:
        if mech == "conform-grr":
            est = _adapter_estimates(params, counts, trials, seed)
        else:
            est = simulate(mech, params, counts, trials, seed, method=method)
        bias = est.copy()
        bias[:, 0] += 0.01
        bias[:, 1] -= 0.01
        up = ex.mean + math.sqrt(1.2) * (est - ex.mean)
        down = ex.mean + math.sqrt(0.8) * (est - ex.mean)
        out.append([_rejects(x, ex, proj) for x in (est, bias, up, down)])
    return regime, data_seed, out


def _binomial_cdf(k: int, n: int, x):
    """P(X <= k) for X ~ Binomial(n, x), summed term by term in mpmath (k is a count of false alarms: small)."""
    import mpmath

    return mpmath.fsum(mpmath.binomial(n, i) * x ** i * (1 - x) ** (n - i) for i in range(k + 1))


def clopper_pearson(k: int, n: int, conf: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper-Pearson) two-sided interval of a binomial proportion, by bisection on the binomial
    CDF (for k = 0 the upper end is 1 - ((1 - conf)/2)^(1/n))."""
    import mpmath

    a = mpmath.mpf(1 - conf) / 2

    def solve(too_small):
        lo, hi = mpmath.mpf(0), mpmath.mpf(1)
        for _ in range(100):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if too_small(mid) else (lo, mid)
        return float((lo + hi) / 2)

    lower = 0.0 if k == 0 else solve(lambda x: 1 - _binomial_cdf(k - 1, n, x) < a)
    upper = 1.0 if k == n else solve(lambda x: _binomial_cdf(k, n, x) > a)
    return lower, upper


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=1.0, help="runs per regime = round(scale x the listed runs)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", help="regimes whose name contains this text")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "false_alarm"))
    args = ap.parse_args(argv)
    tasks = []
    plan = {}
    for i, (name, _, _, _, data_seeds, _, _, runs, _) in enumerate(REGIMES):
        if args.only and args.only not in name:
            continue
        total = max(len(data_seeds), round(runs * args.scale))
        per = math.ceil(total / len(data_seeds))
        plan[i] = per * len(data_seeds)
        for ds in data_seeds:
            seeds = list(range(per))
            tasks += [(i, ds, seeds[j:j + CHUNK]) for j in range(0, per, CHUNK)]
    tasks.sort(key=lambda t: (t[0], t[1]))  # one dataset after another: each worker reuses its exact side
    counts = {i: np.zeros(4, dtype=np.int64) for i in plan}
    start = time.time()
    if args.workers > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            for regime, _, out in pool.imap_unordered(run_chunk, tasks):
                counts[regime] += np.array(out, dtype=np.int64).sum(axis=0)
    else:
        for task in tasks:
            regime, _, out = run_chunk(task)
            counts[regime] += np.array(out, dtype=np.int64).sum(axis=0)
    seconds = time.time() - start
    rows = []
    for i, c in counts.items():
        name, mech, params, spec, data_seeds, trials, method, _, row = REGIMES[i]
        n = plan[i]
        lo, hi = clopper_pearson(int(c[0]), n)
        rows.append({"regime": name, "mechanism": mech, "params": params,
                     "data": spec if len(spec) < 40 else spec[:30] + "...", "data_seeds": data_seeds,
                     "trials": trials, "method": method, "issue_row": row, "runs": n,
                     "false_alarms": int(c[0]), "rate": int(c[0]) / n, "ci95": [lo, hi],
                     "power": {"bias 0.01": int(c[1]) / n, "var+20%": int(c[2]) / n, "var-20%": int(c[3]) / n}})
    total_runs = sum(r["runs"] for r in rows)
    total_fa = sum(r["false_alarms"] for r in rows)
    lo, hi = clopper_pearson(total_fa, total_runs)
    doc = {"format": "ldpref.false_alarm/1", "alpha": ALPHA, "scale": args.scale, "workers": args.workers,
           "seconds": round(seconds, 1), "machine": platform.platform(), "runs": total_runs,
           "false_alarms": total_fa, "rate": total_fa / total_runs, "ci95": [lo, hi], "regimes": rows,
           "command": "python benchmarks/false_alarm.py " + " ".join(argv if argv is not None else sys.argv[1:])}
    with open(args.out + ".json", "w") as f:
        json.dump(doc, f, indent=1)
    lines = [f"# False alarms of the agreement tests (alpha = {ALPHA:g}, Holm; {doc['command']})", "",
             f"{total_runs} correct seeded runs, {total_fa} rejected: rate {total_fa / total_runs:.2e}, "
             f"Clopper-Pearson 95% interval [{lo:.2e}, {hi:.2e}]; {seconds:.0f} s with {args.workers} workers.", "",
             "| regime | issue row | trials | method | runs | false alarms | 95% CI of the rate | power: bias 0.01 "
             "| var +20% | var -20% |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        p = r["power"]
        lines.append(f"| {r['regime']} | {'yes' if r['issue_row'] else ''} | {r['trials']} | {r['method']} | "
                     f"{r['runs']} | {r['false_alarms']} | [{r['ci95'][0]:.2e}, {r['ci95'][1]:.2e}] | "
                     f"{p['bias 0.01']:.3f} | {p['var+20%']:.3f} | {p['var-20%']:.3f} |")
    with open(args.out + ".md", "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
