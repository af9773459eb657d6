"""Expectation and variance of the unbiased count estimator, symbolic in n, f, t = e^eps, d, k.

A pure frequency oracle (Wang et al. 2017, "Locally Differentially Private Protocols
for Frequency Estimation", Sec. 4) reports, per client, a support indicator for the
queried value v that is 1 with probability p if the client holds v and q otherwise;
the count estimator is (C - n q) / (p - q) with C the sum of the n indicators.
The moments below are sums over the f holders and n - f others (sympy.summation).
"""
from __future__ import annotations

import functools

import sympy as sp

n, f, t, d, k, g = sp.symbols("n f t d k g", positive=True)
_i = sp.Symbol("i", integer=True, positive=True)


def _support(mechanism: str) -> tuple[sp.Expr, sp.Expr]:
    """(p, q) of the support indicator, from the per-client output probabilities."""
    if mechanism == "GRR":
        return t / (t + d - 1), 1 / (t + d - 1)
    if mechanism == "SUE":
        s = sp.sqrt(t)
        return s / (s + 1), 1 / (s + 1)
    if mechanism == "OUE":
        return sp.Rational(1, 2), 1 / (t + 1)
    if mechanism == "SS":  # Subset Selection with subset size k (Ye & Barg 2018)
        p = k * t / (k * t + d - k)
        q = (k * t * (k - 1) / (d - 1) + (d - k) * k / (d - 1)) / (k * t + d - k)
        return p, q
    if mechanism == "OLH":  # local hashing into g buckets, ideal (uniform pairwise-independent) hash
        return t / (t + g - 1), 1 / g
    raise ValueError(f"unknown mechanism {mechanism!r}")


@functools.cache
def count_moments(mechanism: str) -> tuple[sp.Expr, sp.Expr]:
    """(E, Var) of the unbiased count estimator for one value with true count f."""
    p, q = _support(mechanism)
    mean_c = sp.summation(p, (_i, 1, f)) + sp.summation(q, (_i, 1, n - f))
    var_c = sp.summation(p * (1 - p), (_i, 1, f)) + sp.summation(q * (1 - q), (_i, 1, n - f))
    return sp.simplify((mean_c - n * q) / (p - q)), sp.simplify(var_c / (p - q) ** 2)
