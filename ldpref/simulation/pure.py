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
* SS: P(S | x) is the mixture ``lam Unif(k-subsets of [d]) + (1 - lam) Unif(k-subsets containing x)`` with
  ``lam = C(d, k)/Z`` (1/Z = lam/C(d,k) for S without x; for S with x the rest is (e - 1)/Z =
  (1-lam)/C(d-1,k-1)).  Per value ``G_x ~ Bin(c_x, 1 - lam)`` clients report ``{x}`` plus a uniform
  (k-1)-subset of the other values; the other ``L = n - sum G`` report uniform k-subsets of [d].  Their
  support counts are drawn exactly by one of two schemes (``method``):

  - ``"split"`` (default; :mod:`ldpref.simulation.subset_split`, where the law is proved): the items are
    halved recursively; per node, the clients' numbers of items inside it, as histograms, are split between
    the halves by one multinomial draw per (pool, count) with hypergeometric probabilities; all nodes of a
    depth (and all trials) in one numpy call.  ``ceil(log2 d)`` depths, about d sqrt(log n) cells per depth.
  - ``"walk"`` (the first scheme, kept for comparison): items scanned in order 0..d-1 keeping, per number j
    of slots still free, how many subsets need j more items: a uniform j-subset of the m items left takes
    the next one w.p. j/m (Bin per state).  Clients whose own x lies ahead exclude it (m - 1 items left);
    when the scan reaches x their state split is a multivariate hypergeometric draw from the pool of such
    clients (all of them are exchangeable).  O(d x occupied states), about d sqrt(k) scalar draws.

  numpy's hypergeometric needs ngood and nbad below 10^9: when sum G >= 10^9 the G clients are split into
  independent batches (clients are independent, so the sum of the batches has the same law), and only then
  does the cost grow, as ``ceil(sum G / (10^9 - 1))``.  Measured (benchmarks/simulate_sufficient.py, d =
  10^4, k = 2500, 2 cores, load 2.2): split 0.23 s at n = 10^4 and 0.67 s at n = 10^9, walk 1.0 s and
  1.7 s in the same run; ``sufficient_many`` draws many trials together.
"""

from __future__ import annotations

import math

import numpy as np
import sympy

from ..errors import ParameterError
from ..mechanisms._params import check_d, check_exp_eps, check_k
from ..mechanisms.pure import comb  # 0 outside 0 <= r <= n, as the exact builder
from .base import BatchedProtocol, check_counts, check_rng, check_trials, register, support_estimate, to_float
from .subset_split import split_counts

#: numpy's multivariate hypergeometric (method "marginals") needs a population below 10^9
MAX_HYPERGEOMETRIC_POOL = 10**9 - 1
#: trials x states cells scanned together by sufficient_many (method "walk")
TRIAL_CELLS = 1 << 16
#: trials x d x sqrt(k) cells split together by sufficient_many (method "split")
SPLIT_CELLS = 1 << 20


class PureSimulator(BatchedProtocol):
    """Common part of the pure protocols: exact (p, q) converted once, the support-set decoder."""

    def __init__(self, name: str, d, exp_eps, p: sympy.Expr, q: sympy.Expr, params: dict):
        self.name, self.d, self.exp_eps = name, d, exp_eps
        self.params = params
        self.p_exact, self.q_exact = p, q
        self.p, self.q = to_float(p), to_float(q)

    def _estimate(self, support_counts, n):
        return support_estimate(support_counts, n, self.p, self.q)

    def _decode(self, support_counts, n):
        return self._estimate(support_counts, n)

    def mechanism(self):
        """The exact Mechanism of ``ldpref mechanism NAME`` (refused by ldpref.limits when too large)."""
        from ..mechanisms import REGISTRY

        return REGISTRY[self.name].build(**self.params)


def _exp(exp_eps):
    e = check_exp_eps(exp_eps)
    if e.free_symbols:
        raise ParameterError(f"exp_eps = {e}: a simulation needs a numeric e^eps")
    return e


# ---- GRR ------------------------------------------------------------------------------------------
class GRRSimulator(PureSimulator):
    """Generalised randomised response (registry ``grr``)."""

    def __init__(self, d, exp_eps):
        d, e = check_d(d), _exp(exp_eps)
        super().__init__("grr", d, e, e / (e + d - 1), 1 / (e + d - 1), {"d": d, "exp_eps": e})
        self.lam = to_float(sympy.Integer(d) / (e + d - 1))  # q d: probability of a uniform re-draw

    def _client_cost(self):
        return 2

    def _stats(self, x, trials, rng):
        d = self.d
        keep = rng.random((trials, x.size)) < self.p
        other = (x + 1 + rng.integers(0, d - 1, size=(trials, x.size))) % d  # uniform over the d - 1 other values
        y = np.where(keep, x, other) + d * np.arange(trials)[:, None]
        return np.bincount(y.ravel(), minlength=trials * d).reshape(trials, d)

    def sufficient(self, counts, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        return self._sufficient(counts, 1, rng)[0]

    def sufficient_many(self, counts, trials, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        return self._sufficient(counts, check_trials(trials, self.d), rng)

    def _sufficient(self, counts, trials, rng):
        redraw = rng.binomial(counts, self.lam, size=(trials, self.d))
        support = counts - redraw + rng.multinomial(redraw.sum(axis=1), np.full(self.d, 1.0 / self.d))
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

    def _client_cost(self):
        return self.d + 1

    def _stats(self, x, trials, rng):
        bits = rng.random((trials, x.size, self.d)) < self.q
        bits[:, np.arange(x.size), x] = rng.random((trials, x.size)) < self.p
        return bits.sum(axis=1)

    def sufficient(self, counts, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        return self._sufficient(counts, 1, rng)[0]

    def sufficient_many(self, counts, trials, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        return self._sufficient(counts, check_trials(trials, self.d), rng)

    def _sufficient(self, counts, trials, rng):
        n = int(counts.sum())
        shape = (trials, self.d)
        support = rng.binomial(counts, self.p, size=shape) + rng.binomial(n - counts, self.q, size=shape)
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

    def _client_cost(self):
        return self.d

    def _stats(self, x, trials, rng):
        d, k, m = self.d, self.k, x.size
        own = rng.random((trials, m)) < self.p_own
        # a uniform k-subset of the d - 1 other values: the k smallest of d - 1 random keys
        keys = rng.random((trials, m, d - 1))
        picked = np.argpartition(keys, k - 1, axis=-1)[..., :k] if k < d - 1 else \
            np.broadcast_to(np.arange(d - 1), (trials, m, d - 1)).copy()
        picked = picked + (picked >= x[None, :, None])  # index among the others -> value
        # clients holding x keep a uniform (k-1)-subset of those k: drop one of them uniformly
        keep = np.ones((trials, m, k), dtype=bool)
        t_own, c_own = np.nonzero(own)
        keep[t_own, c_own, rng.integers(0, k, size=t_own.size)] = False
        offset = d * np.arange(trials)
        items = np.concatenate(((picked + offset[:, None, None])[keep], (x[None, :] + offset[:, None])[own]))
        return np.bincount(items, minlength=trials * d).reshape(trials, d)

    def sufficient(self, counts, rng, method: str = "split"):
        """One trial of the sufficient sampler; ``method`` "split" (default) or "walk" (module docstring)."""
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        return self._sufficient(counts, 1, rng, _method(method))[0]

    def sufficient_many(self, counts, trials, rng, method: str = "split"):
        """Independent trials, drawn together (vectorised over trials, in chunks)."""
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        trials, method = check_trials(trials, self.d), _method(method)
        if method == "walk":
            step = max(1, TRIAL_CELLS // (self.k + 1))
        else:  # a depth of the split holds about d sqrt(k) cells per trial
            step = max(1, SPLIT_CELLS // (self.d * (math.isqrt(self.k) + 1)))
        return np.concatenate([self._sufficient(counts, min(step, trials - t), rng, method)
                               for t in range(0, trials, step)])

    def _sufficient(self, counts, trials, rng, method="split"):
        n = int(counts.sum())
        G = rng.binomial(counts, 1.0 - self.lam, size=(trials, self.d))  # {x} + uniform (k-1)-subset of the others
        uniform = n - G.sum(axis=1)  # clients reporting a uniform k-subset of [d]
        total = int(G.sum(axis=1).max())
        batches = max(1, -(-total // MAX_HYPERGEOMETRIC_POOL))
        if method == "split":
            def scan(G, uniform, rng):
                return split_counts(G, uniform, self.k, rng)
        else:
            scan = self._scan_one if trials == 1 else self._scan
        if batches == 1:
            support = scan(G, uniform, rng)
        else:  # consecutive batches of the G clients, each below numpy's hypergeometric limit
            cum = np.cumsum(G, axis=1)
            prev = cum - G
            support = np.zeros((trials, self.d), dtype=np.int64)
            for b in range(batches):
                lo, hi = b * MAX_HYPERGEOMETRIC_POOL, (b + 1) * MAX_HYPERGEOMETRIC_POOL
                part = np.clip(cum, lo, hi) - np.clip(prev, lo, hi)
                support += scan(part, uniform if b == 0 else np.zeros_like(uniform), rng)
        return self._estimate(support, n)

    def _scan(self, G, uniform, rng):
        """Inclusion counts (trials x d) of the subsets {x} + uniform (k-1)-subset of [d] \\ {x} (G[t, x] of them)
        and ``uniform[t]`` uniform k-subsets of [d], scanning the items in order (see the module docstring)."""
        trials, d, k = G.shape[0], self.d, self.k
        slots = np.arange(k + 1, dtype=np.float64)
        ahead = np.zeros((trials, k + 1), dtype=np.int64)  # clients whose own x is still ahead, by free slots j
        ahead[:, k - 1] = G.sum(axis=1)
        behind = np.zeros((trials, k + 1), dtype=np.int64)  # clients with nothing excluded ahead, by free slots
        behind[:, k] = uniform
        support = np.zeros((trials, d), dtype=np.int64)
        for i in range(d):
            taken = G[:, i] + _take(behind, slots, d - i, rng)  # d - i items left for them (i..d-1)
            if G[:, i].any():  # the clients with x = i leave the pool ahead, with their share of its states
                moved = _split(ahead, G[:, i], rng)
                ahead -= moved
                behind += moved
            taken += _take(ahead, slots, d - i - 1, rng)  # their own x is excluded: d - i - 1 items left
            support[:, i] = taken
        if ahead.any() or behind[:, 1:].any():
            raise AssertionError("subset-selection scan ended with unfilled slots")
        return support

    def _scan_one(self, G, uniform, rng):
        """:meth:`_scan` for one trial, on 1-D arrays with the occupied state range kept by hand and one
        binomial call per item (same draws in law: the split of the clients with x = i comes first, and they
        join the pool behind only after the item is taken)."""
        d, k = self.d, self.k
        G1 = G[0]
        slots = np.arange(k + 1, dtype=np.float64)
        ahead = np.zeros(k + 1, dtype=np.int64)
        behind = np.zeros(k + 1, dtype=np.int64)
        ahead_total = int(G1.sum())
        ahead[k - 1] = ahead_total
        behind[k] = int(uniform[0])
        alo = ahi = k - 1
        blo = bhi = k
        support = G1.copy()
        for i in range(d):
            moved = None
            g = int(G1[i])
            if g:
                if g == ahead_total:
                    moved = ahead[alo:ahi + 1].copy()
                else:
                    moved = rng.multivariate_hypergeometric(ahead[alo:ahi + 1], g, method="marginals")
                ahead[alo:ahi + 1] -= moved
                mlo, mhi = alo, ahi
                ahead_total -= g
            b0, a0 = max(blo, 1), max(alo, 1)
            nb, na = max(bhi - b0 + 1, 0), (max(ahi - a0 + 1, 0) if ahead_total else 0)
            if nb + na:
                if (nb and bhi > d - i) or (na and ahi > d - i - 1):
                    raise AssertionError("subset-selection scan: more free slots than items left")
                trials_ = np.concatenate((behind[b0:b0 + nb], ahead[a0:a0 + na]))
                probs = np.concatenate((slots[b0:b0 + nb] / (d - i), slots[a0:a0 + na] / max(d - i - 1, 1)))
                took = rng.binomial(trials_, probs)
                tb, ta = took[:nb], took[nb:]
                if nb:
                    behind[b0:b0 + nb] -= tb
                    behind[b0 - 1:b0 + nb - 1] += tb
                    blo = min(blo, b0 - 1)
                if na:
                    ahead[a0:a0 + na] -= ta
                    ahead[a0 - 1:a0 + na - 1] += ta
                    alo = min(alo, a0 - 1)
                support[i] += int(took.sum())
            if moved is not None:
                behind[mlo:mhi + 1] += moved
                blo, bhi = min(blo, mlo), max(bhi, mhi)
            while blo < bhi and behind[blo] == 0:
                blo += 1
            while bhi > blo and behind[bhi] == 0:
                bhi -= 1
            while alo < ahi and ahead[alo] == 0:
                alo += 1
            while ahi > alo and ahead[ahi] == 0:
                ahi -= 1
        if ahead_total or behind[1:].any():
            raise AssertionError("subset-selection scan ended with unfilled slots")
        return support[None, :]

    def exact(self):
        from ..structured import pure

        return pure.subset_selection(self.d, self.k, self.exp_eps)


def _method(method):
    if method not in ("split", "walk"):
        raise ParameterError(f"method = {method!r}: expected 'split' or 'walk'")
    return method


def _span(states):
    """The columns [lo, hi] holding every non-zero state of any trial."""
    nz = np.flatnonzero(states.any(axis=0))
    return (int(nz[0]), int(nz[-1])) if nz.size else (0, -1)


def _take(states, slots, left, rng) -> np.ndarray:
    """One scan step: every client with j free slots among ``left`` items takes the current item w.p. j/left.
    Updates ``states`` (trials x (k+1)) in place and returns how many took it, per trial."""
    lo, hi = _span(states)
    lo = max(lo, 1)
    if hi < lo:
        return np.zeros(states.shape[0], dtype=np.int64)
    if hi > left:
        raise AssertionError(f"subset-selection scan: {hi} free slots but only {left} items left")
    took = rng.binomial(states[:, lo:hi + 1], slots[lo:hi + 1] / left)
    states[:, lo:hi + 1] -= took
    states[:, lo - 1:hi] += took
    return took.sum(axis=1)


def _split(pool, draws, rng) -> np.ndarray:
    """Per trial t, the states of ``draws[t]`` clients drawn without replacement from ``pool[t]`` (counts per
    state): a multivariate hypergeometric draw (numpy's for one trial; color by color across trials)."""
    lo, hi = _span(pool)
    out = np.zeros_like(pool)
    if pool.shape[0] == 1:
        total = int(pool[0].sum())
        draw = int(draws[0])
        out[0, lo:hi + 1] = pool[0, lo:hi + 1] if draw == total else \
            rng.multivariate_hypergeometric(pool[0, lo:hi + 1], draw, method="marginals")
        return out
    rest = pool[:, lo:hi + 1].sum(axis=1)
    need = draws.astype(np.int64).copy()
    for j in range(lo, hi + 1):
        good = pool[:, j]
        rest -= good
        got = rng.hypergeometric(good, rest, need)  # nsample <= good + rest holds: the pool holds the draws
        out[:, j] = got
        need -= got
    return out


register("grr", GRRSimulator)
register("sue", lambda d, exp_eps: UnarySimulator("sue", d, exp_eps))
register("oue", lambda d, exp_eps: UnarySimulator("oue", d, exp_eps))
register("ss", SubsetSelectionSimulator)

__all__ = ["PureSimulator", "GRRSimulator", "UnarySimulator", "SubsetSelectionSimulator"]
