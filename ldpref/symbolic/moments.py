"""Moments of the count estimators, symbolic in n, f (the true count), p, q and the mechanisms' parameters.

A pure frequency oracle (Wang et al. 2017, Sec. 4; jiang-gcms Section II-B) gives each client's report a support
indicator for the queried value v: 1 with probability p for the f holders of v and q for the n - f others, the
reports independent.  C is the number of reports supporting v; E[C] and Var[C] are sums over the clients
(``sympy.Sum``), and the unbiased estimator (C - n q)/(p - q) is the inversion of E[C] in f.  With (p, q) taken
from a mechanism's output classes (:mod:`ldpref.symbolic.randomisers`), these are the mechanism's moments for all
parameters (issue 25, item 4).
"""

from __future__ import annotations

import functools

import sympy as sp

from . import randomisers
from .outputs import simplest

n, f, t, d, k, g, p, q = sp.symbols("n f t d k g p q", positive=True)
_client = sp.Symbol("client", integer=True, positive=True)


def count_mean_variance(p_, q_) -> tuple[sp.Expr, sp.Expr]:
    """(E[C], Var[C]) for independent support indicators: f of probability p, n - f of probability q."""
    mean = sp.Sum(p_, (_client, 1, f)).doit() + sp.Sum(q_, (_client, 1, n - f)).doit()
    var = sp.Sum(p_ * (1 - p_), (_client, 1, f)).doit() + sp.Sum(q_ * (1 - q_), (_client, 1, n - f)).doit()
    return simplest(mean), simplest(var)


def unbiased_estimator(mean_of_count, count, of=None) -> sp.Expr:
    """The estimator of ``of`` (default f) that inverts E[C] = a·of + b (linear in it): (C - b)/a."""
    of = f if of is None else of
    a = simplest(sp.diff(mean_of_count, of))
    b = simplest(mean_of_count - a * of)
    if a == 0 or sp.diff(a, of) != 0:
        raise ValueError(f"E[C] is not linear in {of}")
    return (count - b) / a


def estimator_moments(p_, q_) -> tuple[sp.Expr, sp.Expr]:
    """(E, Var) of the unbiased count estimator (C - n q)/(p - q), from the count's moments."""
    mean, var = count_mean_variance(p_, q_)
    c = sp.Symbol("C")
    est = unbiased_estimator(mean, c)
    slope = sp.diff(est, c)
    return simplest(est.subs(c, mean)), simplest(slope ** 2 * var)


def _support(mechanism: str) -> tuple[sp.Expr, sp.Expr]:
    """(p, q) of a mechanism, from its output classes."""
    if mechanism == "GRR":
        return randomisers.support_probabilities(randomisers.grr(d, t))
    if mechanism == "SUE":  # each bit by binary randomized response at eps/2 (weights sqrt(t) : 1)
        return randomisers.support_probabilities(randomisers.sue(t))
    if mechanism == "OUE":  # the true bit reported 1 with probability 1/2, the others with 1/(t + 1)
        return randomisers.support_probabilities(randomisers.oue(t))
    if mechanism == "SS":  # Subset Selection with subset size k (Ye & Barg 2018)
        return randomisers.support_probabilities(randomisers.subset_selection(d, k, t))
    if mechanism == "OLH":  # local hashing into g buckets, ideal hash
        return randomisers.support_probabilities(randomisers.local_hashing(g, t))
    raise ValueError(f"unknown mechanism {mechanism!r}")


@functools.cache
def count_moments(mechanism: str) -> tuple[sp.Expr, sp.Expr]:
    """(E, Var) of the unbiased count estimator for one value with true count f."""
    return estimator_moments(*_support(mechanism))
