"""Real-protocol clients per second of the sketch simulators (OLH, CMS, GCMS) at d = 10^5, n = 10^6.

Prints only (no file is written).  One run of :meth:`Simulator.protocol` per mechanism on Zipf(1.1) data
(seeded), timed end to end: every client draws its function, hashes, perturbs; the server aggregates and
decodes all d estimates.  Beside it, one :meth:`Simulator.sufficient` draw at the same setting (its cost
does not depend on n).  Peers (pure-ldp, multi-freq-ldpy) are compared by benchmarks/simulate.py.

Settings: d = 10^5 rules out the GF(2^l) families here (l = 17 > 16, the largest field of
ldpref.hashing.IRREDUCIBLE), so the hash family is the seeded random table (pan-cms Section 3.6) with
k = 256 functions; the server's lookup costs O(min(n, k) d) (every used function is evaluated on every
value), so with one hash seed per client (k >= n) it would be O(n d) = 10^11 and is not run.

    PYTHONPATH=. python benchmarks/simulate_protocol.py [--n N] [--d D] [--k K] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np


def zipf_values(d: int, n: int, s: float, rng: np.random.Generator) -> np.ndarray:
    """n values in 0..d-1 with P(v) proportional to 1/(v + 1)^s."""
    w = 1.0 / np.arange(1, d + 1) ** s
    return rng.choice(d, size=n, p=w / w.sum())


def main() -> None:
    from ldpref.simulation import simulator

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10**6)
    ap.add_argument("--d", type=int, default=10**5)
    ap.add_argument("--k", type=int, default=256)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--gcms-s", default="16", help="comma-separated subset sizes s for GCMS (e.g. 16,256)")
    args = ap.parse_args()
    d, n, k = args.d, args.n, args.k
    rng = np.random.default_rng(args.seed)
    values = zipf_values(d, n, 1.1, rng)
    counts = np.bincount(values, minlength=d)
    cases = [
        ("olh", dict(d=d, exp_eps=3, family="random", k=k)),  # m = 4, the integer nearest e^eps + 1
        ("cms", dict(d=d, exp_eps=3, family="random", m=1024, k=k)),
    ] + [("gcms", dict(d=d, exp_eps=3, m=1024, k=k, s=int(s))) for s in args.gcms_s.split(",")]
    print(f"d = {d}, n = {n}, k = {k}; cores: {os.cpu_count()} (shared); numpy {np.__version__}")
    print(f"{'mechanism':<34} {'protocol s':>11} {'clients/s':>12} {'sufficient s':>13}")
    for name, params in cases:
        sim = simulator(name, **params)
        t0 = time.perf_counter()
        f = sim.protocol(values, rng)
        t1 = time.perf_counter()
        g = sim.sufficient(counts, rng)
        t2 = time.perf_counter()
        assert f.shape == g.shape == (d,)
        label = name + "(" + ", ".join(f"{key}={v}" for key, v in params.items() if key not in ("d", "k")) + ")"
        print(f"{label:<34} {t1 - t0:>11.2f} {n / (t1 - t0):>12,.0f} {t2 - t1:>13.2f}")


if __name__ == "__main__":
    main()
