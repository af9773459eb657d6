"""Derivation of the privacy of Algorithm 6 (jiang-gcms Section V-B, Theorem 4, Eqs. (8)-(9)) and of the threshold
of Section VII-E, from the mechanism's definition only (never from ``printed_discovery.py``).

The model.  Algorithm 6 holds one bin per hash some client sent, with its count c >= 1 (an integer); it adds
Lap(b) noise (density e^{-|x|/b}/(2b)) to every count and releases one ciphertext of each bin whose noisy count
reaches T (``>=``; for continuous noise ``>`` has the same law).  What the server sees is the set of released
items.  Neighbouring datasets differ by one client: one bin's count moves from c to c + 1 (a bin present in both)
or from absent to 1 (a bin present in only one).  Every other bin has the same count and independent noise in
both datasets, so the privacy loss of the whole set is that of the one bin that differs (the other bins' law
factors out of every ratio and of the hockey-stick sum).

With G(x) = P(Lap(b) >= x) (:func:`laplace_tail`) and the release probability p(c) = G(T - c):

* a bin present in both, u = T - c: the ratio of release probabilities G(u-1)/G(u) is e^{1/b} for u >= 1 and at
  most e^{1/b} otherwise; the ratio of non-release probabilities (1-G(u))/(1-G(u-1)) is e^{1/b} for u <= 0 (every
  c >= T) and at most e^{1/b} otherwise (:func:`common_bin_bounds` gives each step as an identity).  So the worst
  ratio over counts c >= 1 is exactly e^{1/b}, for every b > 0 and T >= 1.  Were the noisy count released with
  the item, its density ratio is e^{(|x-c-1| - |x-c|)/b} <= e^{1/b}, the same bound;
* the bin present in only one dataset (count 1): it is released with probability g = G(T - 1) = e^{-(T-1)/b}/2
  (T >= 1) and never in the other dataset: that event is the delta; its non-release has the ratio 1/(1 - g).

Hence (:func:`eps_derived`, :func:`delta_derived`):

* the worst privacy loss over every output possible under both neighbours (the reading of Eq. (8)):
  eps(b, T) = max(1/b, -log(1 - e^{-(T-1)/b}/2)), which is Eq. (8) (1 + 1/(2e^x - 1) = 1/(1 - e^{-x}/2));
* delta(b, T) = e^{-(T-1)/b}/2 (Eq. (9) prints e^{eps (1 - T)}/2, equal only when eps = 1/b or T = 1);
* the privacy profile (the smallest delta at eps over every neighbouring pair) is exactly g for every eps >= 1/b:
  the non-release ratio 1/(1 - g) costs no extra delta, since (1 - e^eps (1 - g))_+ <= g.  So the release is
  (1/b, g)-DP in the standard sense (OpenDP's map says the same), and (eps, g)-DP for Eq. (8)'s eps;
* Theorem 4's pair (Eq. (8), Eq. (9)) is a guarantee iff Eq. (9)'s delta reaches g, i.e. iff T = 1 or Eq. (8)'s
  maximum is 1/b: T >= 1 - b log(2(1 - e^{-1/b})) (:func:`thm4_holds_derived`; never fails for b <= 1/log 2);
* Section VII-E: for a target (eps, delta) with b = 1/eps (Eq. (8)'s first term), the smallest T whose release
  probability g is at most delta solves e^{-(T-1)/b}/2 = delta: T = 1 - b log(2 delta) = 1 - log(2 delta)/eps
  (:func:`threshold_derived`); with b > 1/eps the same T gives delta' = (2 delta)^{1/(eps b)}/2 > delta.
"""

from __future__ import annotations

from functools import cache

import sympy

from .discovery_symbols import T, b, delta, eps

#: an auxiliary real symbol: u = T - c, the distance from a bin's count to the threshold
u = sympy.Symbol("u", real=True)


def laplace_cdf(x, scale):
    """P(Lap(scale) <= x): the integral of e^{-|t|/scale}/(2 scale) up to x."""
    return sympy.Piecewise((sympy.exp(x / scale) / 2, x < 0), (1 - sympy.exp(-x / scale) / 2, True))


def laplace_tail(x, scale):
    """G(x) = P(Lap(scale) >= x) = 1 - P(Lap(scale) <= x) (the noise is continuous)."""
    return sympy.Piecewise((1 - sympy.exp(x / scale) / 2, x < 0), (sympy.exp(-x / scale) / 2, True))


def release_probability(count, scale=b, threshold=T):
    """P(count + Lap(scale) >= threshold): the probability that Algorithm 6 releases a bin of this count."""
    return laplace_tail(threshold - count, scale)


def _tail_on(x, side: str):
    """G(x) on one side of 0 (``'neg'``: x < 0, ``'nonneg'``: x >= 0), as the expression of that branch."""
    return 1 - sympy.exp(x / b) / 2 if side == "neg" else sympy.exp(-x / b) / 2


def common_bin_bounds():
    """The steps proving that a bin present in both datasets (counts c and c + 1, u = T - c) has worst ratio e^{1/b}.

    Each entry is ``(name, lhs, rhs, why)``: ``lhs == rhs`` is an identity in u and b, and ``why`` says why the
    right-hand side is >= 0 (or = 0) on the regime named, so the ratio there is at most (or equal to) e^{1/b}.
    """
    E = sympy.exp(1 / b)
    rel_hi = _tail_on(u - 1, "nonneg") / _tail_on(u, "nonneg")  # u >= 1: both tails on the far side
    non_lo = (1 - _tail_on(u, "neg")) / (1 - _tail_on(u - 1, "neg"))  # u <= 0: both non-release on the near side
    rel_mid = (_tail_on(u - 1, "neg")) / _tail_on(u, "nonneg")  # 0 <= u < 1
    non_mid = (1 - _tail_on(u, "nonneg")) / (1 - _tail_on(u - 1, "neg"))  # 0 <= u < 1
    rel_lo = _tail_on(u - 1, "neg") / _tail_on(u, "neg")  # u < 0
    non_hi = (1 - _tail_on(u, "nonneg")) / (1 - _tail_on(u - 1, "nonneg"))  # u >= 1
    sq = (sympy.exp(1 / (2 * b)) - sympy.exp(-1 / (2 * b))) ** 2 / 2
    return [
        ("release ratio, u >= 1 (c <= T - 1)", rel_hi, E, "equal to e^{1/b}"),
        ("non-release ratio, u <= 0 (c >= T)", non_lo, E, "equal to e^{1/b}"),
        ("e^{1/b} - release ratio, 0 <= u < 1", E - rel_mid, sympy.exp(-1 / b) * (E - sympy.exp(u / b)) ** 2,
         "a square times e^{-1/b}"),
        ("e^{1/b} - non-release ratio, 0 <= u < 1", E - non_mid, sympy.exp(-1 / b) * (E - sympy.exp((1 - u) / b)) ** 2,
         "a square times e^{-1/b}"),
        ("(e^{1/b} - release ratio) (1 - e^{u/b}/2), u < 0", (E - rel_lo) * (1 - sympy.exp(u / b) / 2),
         sq + (sympy.exp(2 / b) - 1) * (sympy.exp(-1 / b) - sympy.exp((u - 1) / b)) / 2,
         "a square plus (e^{2/b} - 1)(e^{-1/b} - e^{(u-1)/b})/2 >= 0 for u < 0, and 1 - e^{u/b}/2 > 0"),
        ("(e^{1/b} - non-release ratio) (1 - e^{-(u-1)/b}/2), u >= 1",
         (E - non_hi) * (1 - sympy.exp(-(u - 1) / b) / 2),
         sq + (sympy.exp(2 / b) - 1) * (sympy.exp(-1 / b) - sympy.exp(-u / b)) / 2,
         "a square plus (e^{2/b} - 1)(e^{-1/b} - e^{-u/b})/2 >= 0 for u >= 1, and 1 - e^{-(u-1)/b}/2 > 0"),
    ]


def common_bin_eps():
    """The worst log-ratio of a bin present in both datasets, over every count c >= 1: 1/b (see common_bin_bounds)."""
    return 1 / b


def new_bin_delta():
    """g = P(1 + Lap(b) >= T) for T >= 1: the probability of releasing the bin present in only one dataset."""
    return _tail_on(T - 1, "nonneg")


@cache
def eps_derived():
    """The worst privacy loss over every output possible under both neighbours: max(1/b, -log(1 - g))."""
    return sympy.Eq(eps, sympy.Max(common_bin_eps(), -sympy.log(1 - new_bin_delta())))


@cache
def delta_derived():
    """delta = g = e^{-(T-1)/b}/2: the probability of the only output one neighbour cannot produce."""
    return sympy.Eq(delta, new_bin_delta())


def profile_derived(eps_value):
    """The privacy profile at eps_value >= 1/b: exactly g (the common bins contribute nothing there, and the
    non-release of the new bin contributes (1 - e^eps (1 - g))_+ <= g)."""
    return new_bin_delta()


@cache
def thm4_holds_derived():
    """When Theorem 4's pair (eps of the model, delta = e^{eps(1-T)}/2) is an (eps, delta)-DP guarantee: the
    profile at that eps is g, so iff e^{eps(1-T)} >= e^{(1-T)/b}, i.e. T = 1 or eps <= 1/b, i.e. -log(1 - g) <= 1/b:
    T >= 1 - b log(2(1 - e^{-1/b}))."""
    return sympy.Or(sympy.Eq(T, 1), sympy.Ge(T, 1 - b * sympy.log(2 * (1 - sympy.exp(-1 / b)))))


@cache
def thm4_correction():
    """Theorem 4 corrected: the pair (eps, delta) of the model.  eps is the worst privacy loss, the log of the
    largest ratio: e^{1/b} for a bin both neighbours hold, 1/(1 - g) for the non-release of the bin one holds
    (:func:`eps_derived` with -log(1 - g) written as that log, the shape of Eq. (8), which is right); delta is g,
    the release probability of that bin (:func:`delta_derived`)."""
    worst = sympy.Max(common_bin_eps(), sympy.log(1 / (1 - new_bin_delta())))
    return (sympy.Eq(eps, worst), delta_derived())


def threshold_for(delta_value, scale):
    """The smallest T >= 1 whose release probability g = e^{-(T-1)/scale}/2 is at most delta_value (<= 1/2)."""
    t = sympy.Symbol("t", positive=True)
    (root,) = sympy.solve(sympy.Eq(_tail_on(t - 1, "nonneg").subs(b, scale), delta_value), t)
    return root


@cache
def threshold_derived():
    """Section VII-E's T for a target (eps, delta), b = 1/eps: T = 1 - b log(2 delta) at b = 1/eps."""
    return sympy.Eq(T, threshold_for(delta, 1 / eps))
