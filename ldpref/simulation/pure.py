"""Simulators of the pure protocols GRR, SUE, OUE and Subset Selection (jiang-gcms Section II-B and III-A;
Wang et al. 2017; Subset Selection: Ye and Barg 2018, pan-strict Section 5.1), with the law of the exact
builders of :mod:`ldpref.mechanisms.pure` (registry names ``grr``, ``sue``, ``oue``, ``ss``) and their
structured models (:mod:`ldpref.structured.pure`).

Every estimate is the support-set decoder ``f_hat_v = (#{i : v in supp(y_i)}/n - q)/(p - q)``.

Real protocols (vectorised over clients, in chunks; cost O(n) for GRR, O(n d) for SUE / OUE, whose clients
send d bits, and for Subset Selection, whose clients draw a k-subset by random keys):

* GRR: keep x w.p. p, else one of the d - 1 other values uniformly.
* SUE / OUE: the one-hot vector of x, bit x set w.p. p, every other bit w.p. q, independently.
* SS: x is in the subset w.p. ``C(d-1,k-1) e / Z``; the other k - 1 (or k) items are a uniform subset of
  the d - 1 other values.

Sufficient samplers (cost independent of n):

* GRR, O(d): column x of P is the mixture "keep x w.p. 1 - lam, else uniform over all d values" with
  ``lam = q d`` (then ``P(y = x) = 1 - lam + lam/d = p``), so per value ``Z_x ~ Bin(c_x, lam)`` clients
  re-draw and their outputs are one ``Multinomial(sum Z, uniform d)``.
* SUE / OUE, O(d): bits are independent across clients and coordinates, so the support count of v is
  ``Bin(c_v, p) + Bin(n - c_v, q)``, independently over v.
* SS, O(d k) (in practice O(d sqrt(k)): only occupied states are touched): P(S | x) is the mixture
  ``lam Unif(k-subsets of [d]) + (1 - lam) Unif(k-subsets containing x)`` with ``lam = C(d, k)/Z``
  (1/Z = lam/C(d,k) for S without x; for S with x the rest is (e - 1)/Z = (1-lam)/C(d-1,k-1)).  Per value
  ``G_x ~ Bin(c_x, 1 - lam)`` clients report ``{x}`` plus a uniform (k-1)-subset of the other values; the
  other ``L = n - sum G`` report uniform k-subsets of [d].  Items are then scanned in order 0..d-1 keeping,
  per number j of slots still free, how many subsets need j more items: a uniform j-subset of the m items
  left takes the next one w.p. j/m (Bin per state).  Clients whose own x lies ahead exclude it (m - 1
  items left); when the scan reaches x their state split is a multivariate hypergeometric draw from the
  pool of such clients (all of them are exchangeable).  numpy's multivariate hypergeometric needs a pool
  below 10^9: when sum G >= 10^9 the G clients are split into independent batches (clients are
  independent, so the sum of the batches has the same law), and only then does the cost grow, as
  ``ceil(sum G / (10^9 - 1))``.
"""

from __future__ import annotations

from math import comb

import numpy as np
import sympy

from ..errors import ParameterError
from ..limits import check_count
from ..mechanisms._params import check_d, check_exp_eps, check_k
from .base import (CHUNK, MAX_PROTOCOL_DRAWS, Simulator, check_counts, check_rng, check_values, register,
                   support_estimate, to_float)

#: numpy's multivariate hypergeometric (method "marginals") needs a population below 10^9
MAX_HYPERGEOMETRIC_POOL = 10**9 - 1


class PureSimulator(Simulator):
    """Common part of the pure protocols: exact (p, q) converted once, the support-set decoder."""

    def __init__(self, name: str, d, exp_eps, p: sympy.Expr, q: sympy.Expr, params: dict):
        self.name, self.d, self.exp_eps = name, d, exp_eps
        self.params = params
        self.p_exact, self.q_exact = p, q
        self.p, self.q = to_float(p), to_float(q)

    def _estimate(self, support_counts, n):
        return support_estimate(support_counts, n, self.p, self.q)

    def mechanism(self):
        """The exact Mechanism of ``ldpref mechanism NAME`` (refused by ldpref.limits when too large)."""
        from ..mechanisms import REGISTRY

        return REGISTRY[self.name].build(**self.params)


def _exp(exp_eps):
    e = check_exp_eps(exp_eps)
    if e.free_symbols:
        raise ParameterError(f"exp_eps = {e}: a simulation needs a numeric e^eps")
    return e


def _protocol_draws(what: str, draws: int) -> None:
    check_count(f"the real protocol of {what}", draws, limit=MAX_PROTOCOL_DRAWS, unit="random draws",
                alternative="use the sufficient-statistics sampler")


# ---- GRR ------------------------------------------------------------------------------------------
class GRRSimulator(PureSimulator):
    """Generalised randomised response (registry ``grr``)."""

    def __init__(self, d, exp_eps):
        d, e = check_d(d), _exp(exp_eps)
        super().__init__("grr", d, e, e / (e + d - 1), 1 / (e + d - 1), {"d": d, "exp_eps": e})
        self.lam = to_float(sympy.Integer(d) / (e + d - 1))  # q d: probability of a uniform re-draw

    def protocol(self, values, rng):
        values, rng = check_values(values, self.d), check_rng(rng)
        n, d = values.size, self.d
        _protocol_draws("grr", 2 * n)
        support = np.zeros(d, dtype=np.int64)
        for start in range(0, n, CHUNK):
            x = values[start:start + CHUNK]
            keep = rng.random(x.size) < self.p
            other = (x + 1 + rng.integers(0, d - 1, size=x.size)) % d  # uniform over the d - 1 other values
            support += np.bincount(np.where(keep, x, other), minlength=d)
        return self._estimate(support, n)

    def sufficient(self, counts, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        redraw = rng.binomial(counts, self.lam)
        support = counts - redraw + rng.multinomial(int(redraw.sum()), np.full(self.d, 1.0 / self.d))
        return self._estimate(support, int(counts.sum()))

    def exact(self):
        from ..structured import pure

        return pure.grr(self.d, self.exp_eps)


# ---- SUE / OUE ------------------------------------------------------------------------------------
class UnarySimulator(PureSimulator):
    """Unary encodings: bit x set w.p. p, every other bit w.p. q (registry ``sue`` and ``oue``)."""

    def __init__(self, name, d, exp_eps):
        d, e = check_d(d), _exp(exp_eps)
        if name == "sue":
            t = sympy.sqrt(e)  # each bit by BRR at eps/2
            p, q = t / (t + 1), 1 / (t + 1)
        else:
            p, q = sympy.Rational(1, 2), 1 / (e + 1)
        super().__init__(name, d, e, p, q, {"d": d, "exp_eps": e})

    def protocol(self, values, rng):
        values, rng = check_values(values, self.d), check_rng(rng)
        n, d = values.size, self.d
        _protocol_draws(self.name, n * (d + 1))
        support = np.zeros(d, dtype=np.int64)
        rows = max(1, CHUNK // d)
        for start in range(0, n, rows):
            x = values[start:start + rows]
            bits = rng.random((x.size, d)) < self.q
            bits[np.arange(x.size), x] = rng.random(x.size) < self.p
            support += bits.sum(axis=0)
        return self._estimate(support, n)

    def sufficient(self, counts, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        n = int(counts.sum())
        support = rng.binomial(counts, self.p) + rng.binomial(n - counts, self.q)
        return self._estimate(support, n)

    def exact(self):
        from ..structured import pure

        return (pure.sue if self.name == "sue" else pure.oue)(self.d, self.exp_eps)


# ---- Subset Selection -----------------------------------------------------------------------------
class SubsetSelectionSimulator(PureSimulator):
    """Subset Selection (registry ``ss``; k default: the l2-optimal support size, as the registry)."""

    def __init__(self, d, exp_eps, k=None):
        from ..wss import optimal_support_size

        d, e = check_d(d), _exp(exp_eps)
        # the registry's default (ldpref.mechanisms._ss_k, ldpref.structured.registry._support_size), without
        # the registry's matrix-size refusal: the simulator builds no matrix
        k = check_k(optimal_support_size(d, e) if k is None else k, d)
        Z = comb(d - 1, k - 1) * e + comb(d - 1, k)
        p = comb(d - 1, k - 1) * e / Z
        q = (comb(d - 2, k - 2) * e + comb(d - 2, k - 1)) / Z
        super().__init__("ss", d, e, p, q, {"d": d, "exp_eps": e, "k": k})
        self.k = k
        self.p_own = to_float(p)  # P(x in S | x) = p
        self.lam = to_float(comb(d, k) / Z)  # weight of the uniform k-subset in the mixture

    def protocol(self, values, rng):
        values, rng = check_values(values, self.d), check_rng(rng)
        n, d, k = values.size, self.d, self.k
        _protocol_draws("ss", n * d)
        support = np.zeros(d, dtype=np.int64)
        rows = max(1, CHUNK // d)
        for start in range(0, n, rows):
            x = values[start:start + rows]
            m = x.size
            own = rng.random(m) < self.p_own
            # a uniform k-subset of the d - 1 other values: the k smallest of d - 1 random keys
            keys = rng.random((m, d - 1))
            picked = np.argpartition(keys, k - 1, axis=1)[:, :k] if k < d - 1 else np.tile(np.arange(d - 1), (m, 1))
            picked = picked + (picked >= x[:, None])  # index among the others -> value
            # clients holding x keep a uniform (k-1)-subset of those k: drop one of them uniformly
            keep = np.ones((m, k), dtype=bool)
            keep[np.flatnonzero(own), rng.integers(0, k, size=int(own.sum()))] = False
            support += np.bincount(picked[keep], minlength=d) + np.bincount(x[own], minlength=d)
        return self._estimate(support, n)

    def sufficient(self, counts, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        n = int(counts.sum())
        G = rng.binomial(counts, 1.0 - self.lam)  # clients reporting {x} + a uniform (k-1)-subset of the others
        uniform = n - int(G.sum())  # clients reporting a uniform k-subset of [d]
        total = int(G.sum())
        batches = max(1, -(-total // MAX_HYPERGEOMETRIC_POOL))
        if batches == 1:
            support = self._scan(G, uniform, rng)
        else:  # consecutive batches of the G clients, each below numpy's hypergeometric limit
            cum = np.cumsum(G)
            prev = cum - G
            support = np.zeros(self.d, dtype=np.int64)
            for b in range(batches):
                lo, hi = b * MAX_HYPERGEOMETRIC_POOL, min((b + 1) * MAX_HYPERGEOMETRIC_POOL, total)
                part = np.clip(cum, lo, hi) - np.clip(prev, lo, hi)
                support += self._scan(part, uniform if b == 0 else 0, rng)
        return self._estimate(support, n)

    def _scan(self, G, uniform, rng):
        """Inclusion counts of the subsets {x} + uniform (k-1)-subset of [d] \\ {x} (G[x] of them per x) and
        ``uniform`` uniform k-subsets of [d], scanning the items in order (see the module docstring)."""
        d, k = self.d, self.k
        slots = np.arange(k + 1, dtype=np.float64)
        ahead = np.zeros(k + 1, dtype=np.int64)  # clients whose own x is still ahead, by free slots j
        ahead[k - 1] = int(G.sum())
        behind = np.zeros(k + 1, dtype=np.int64)  # clients with nothing excluded ahead, by free slots j
        behind[k] = uniform
        ahead_total = int(G.sum())
        support = np.zeros(d, dtype=np.int64)
        for i in range(d):
            taken = int(G[i])
            taken += _take(behind, slots, d - i, rng)  # d - i items left for them (i..d-1)
            if G[i]:  # the clients with x = i leave the pool ahead, with their share of its states
                lo, hi = _span(ahead)
                if G[i] == ahead_total:
                    moved = ahead[lo:hi + 1].copy()
                else:
                    moved = rng.multivariate_hypergeometric(ahead[lo:hi + 1], int(G[i]), method="marginals")
                ahead[lo:hi + 1] -= moved
                behind[lo:hi + 1] += moved
                ahead_total -= int(G[i])
            if ahead_total:
                taken += _take(ahead, slots, d - i - 1, rng)  # their own x is excluded: d - i - 1 items left
            support[i] = taken
        if ahead_total or behind[1:].any():
            raise AssertionError("subset-selection scan ended with unfilled slots")
        return support

    def exact(self):
        from ..structured import pure

        return pure.subset_selection(self.d, self.k, self.exp_eps)


def _span(states):
    nz = np.flatnonzero(states)
    return (int(nz[0]), int(nz[-1])) if nz.size else (0, -1)


def _take(states, slots, left, rng) -> int:
    """One scan step: every client with j free slots among ``left`` items takes the current item w.p. j/left.
    Updates ``states`` in place and returns how many took it."""
    lo, hi = _span(states)
    lo = max(lo, 1)
    if hi < lo:
        return 0
    if hi > left:
        raise AssertionError(f"subset-selection scan: {hi} free slots but only {left} items left")
    took = rng.binomial(states[lo:hi + 1], slots[lo:hi + 1] / left)
    states[lo:hi + 1] -= took
    states[lo - 1:hi] += took
    return int(took.sum())


register("grr", GRRSimulator)
register("sue", lambda d, exp_eps: UnarySimulator("sue", d, exp_eps))
register("oue", lambda d, exp_eps: UnarySimulator("oue", d, exp_eps))
register("ss", SubsetSelectionSimulator)

__all__ = ["PureSimulator", "GRRSimulator", "UnarySimulator", "SubsetSelectionSimulator"]
