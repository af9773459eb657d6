"""Benchmark: structured exact moments (ldpref.structured) beside the enumerating path (issue 10, item 1).

For every case, times the structured path (build the model + exact variance of every value, deferred
substitution included) and, where it can run, the enumerating path of the same run (build the Mechanism
with all its outputs + ``ldpref.moments.variance``), checks that both give the same exact values, and
prints the ratio.  Ends with a markdown table for benchmarks/README.md.  Wall-clock medians of --repeat runs.

Cases: OUE and SUE at d = 64 (structured only) and at d = 10..12 (both paths); Apple's CMS at the
papers' setting (inner SUE, m = 1024, k = 65536, ideal random hash family, symbolic e^eps, d = 1024);
GCMS at jiang-gcms Fig. 6's setting (n = 10^6, k = 65536, m = 1024, eps = 4, i.e. e^eps = E^4; s = 19,
the smallest s with p_s >= 1/2; six target frequencies f, dataset (f, n - f)); SUE d = 8 at e^eps = e
(the enumerating path, 35-40 s on a quiet machine, only with --slow).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # this checkout's ldpref

import sympy  # noqa: E402

from ldpref import moments  # noqa: E402
from ldpref.exact import exact_equal  # noqa: E402
from ldpref.mechanisms import oue as mech_oue  # noqa: E402
from ldpref.mechanisms import sue as mech_sue  # noqa: E402
from ldpref.structured import model  # noqa: E402
from ldpref.structured import moments as sm  # noqa: E402


def timed(fn, repeat):
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def counts_for(d):
    return [(3 * x + 1) % 5 for x in range(d)]


def structured_variance(name, d, exp_eps):
    return lambda: sm.variance(model(name, d=d, exp_eps=exp_eps), counts_for(d))


def enumerating_variance(builder, d, exp_eps):
    return lambda: moments.variance(builder(d, exp_eps).mechanism, counts_for(d))


def same(a, b):
    return all(x == y or exact_equal(x, y) for x, y in zip(a, b))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--slow", action="store_true", help="also run the enumerating path of SUE d=8 at e^eps = e")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"sympy {sympy.__version__}")
    rows = []  # (case, structured s, enumerating s or None, note)

    for name, builder, e in (("oue", mech_oue, "3"), ("sue", mech_sue, "4"), ("sue", mech_sue, "3")):
        t, _ = timed(structured_variance(name, 64, e), args.repeat)
        rows.append((f"{name.upper()} d=64, e^eps={e}: Var of all 64 values", t, None, "enumeration: 2^64 outputs"))
        if name == "sue" and e == "3":
            continue  # the enumerating path in sympy's EX domain (sqrt 3) is the --slow case's cost
        for d in (10, 11, 12):
            ts, vs = timed(structured_variance(name, d, e), args.repeat)
            te, ve = timed(enumerating_variance(builder, d, e), 1)
            assert same(vs, ve), f"{name} d={d}: structured and enumerating variances differ"
            rows.append((f"{name.upper()} d={d}, e^eps={e}", ts, te, f"{2 ** d} outputs; equal"))

    for name in ("oue", "sue"):
        t, _ = timed(structured_variance(name, 64, "exp_eps"), args.repeat)
        rows.append((f"{name.upper()} d=64, symbolic e^eps: Var of all 64 values", t, None,
                     "rational functions of e^eps"))

    d = 1024
    apple_counts = [(37 * x) % 101 for x in range(d)]
    t, _ = timed(lambda: sm.variance(model("cms", d=d, exp_eps="exp_eps", m=1024, k=65536, inner="srp"),
                                     apple_counts), args.repeat)
    rows.append(("Apple's CMS (SUE inner, m=1024, k=65536, ideal hashes, symbolic e^eps), d=1024: Var of all values",
                 t, None, "enumeration: 65536 * 2^1024 outputs"))

    n = 10**6
    freqs = (1, 100, 10**4, 10**5, 5 * 10**5, n - 1)

    def fig6():
        M = model("gcms", d=2, m=1024, k=65536, s=19, exp_eps="E^4")
        return [sm.variance(M, [f, n - f], values=[0])[0] for f in freqs]

    t, vals = timed(fig6, args.repeat)
    rows.append(("GCMS, jiang-gcms Fig. 6 (n=1e6, k=65536, m=1024, e^eps=E^4, s=19): Var at 6 frequencies",
                 t, None, "enumeration: 65536 * C(1024,19) outputs"))
    print("Fig. 6: Var[f_hat(target)] (frequency estimate) at each f: "
          + ", ".join(f"f={f}: {sympy.N(v, 6)}" for f, v in zip(freqs, vals)))

    ts, vs = timed(structured_variance("sue", 8, "E"), args.repeat)
    if args.slow:
        te, ve = timed(enumerating_variance(mech_sue, 8, sympy.E), 1)
        assert same(vs, ve), "SUE d=8 at e: paths differ"
        rows.append(("SUE d=8, e^eps=e", ts, te, "256 outputs; equal"))
    else:
        rows.append(("SUE d=8, e^eps=e", ts, None, "enumerating path skipped (35-40 s; run with --slow)"))

    print()
    print("| case | structured (ms) | enumerating (s) | ratio | note |")
    print("|---|---:|---:|---:|---|")
    for case, ts, te, note in rows:
        ratio = f"{te / ts:.0f}x" if te is not None else "—"
        enum = f"{te:.3f}" if te is not None else "—"
        print(f"| {case} | {1000 * ts:.1f} | {enum} | {ratio} | {note} |")


if __name__ == "__main__":
    main()
