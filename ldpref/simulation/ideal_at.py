"""One value's estimate of an ideal-family sketch, sampled exactly in law in O(d) per trial (issue 24, item 2).

The sketches of jiang-gcms Section VII-A (GCMS, Algorithms 1-3 with Eq. (4); Apple's CMS, sRP with pan-cms
Eq. (2)) under the ideal family of pan-cms Theorem 3.10 (k functions [d] -> [m], each value independent and
uniform, drawn once per run and shared by every client): a client with value x picks j uniformly among the k
functions, and its report supports the bucket h_j(v) of the queried value v with probability ``p_own`` when
h_j(x) = h_j(v) (always for x = v) and ``p_other`` otherwise.  The estimate at v is an affine function of

    C(v) = number of reports supporting h_j(v) for their own j.

Given the run's functions the reports are independent; the collision indicators 1{h_j(x) = h_j(v)}, x != v, are
independent Bernoulli(1/m) over x and j.  So, exactly in law, for each value x != v with c_x clients:

    K_x ~ Binomial(k, 1/m)            functions on which x collides with v,
    L_x ~ Binomial(c_x, K_x / k)      its clients that picked one of them (the multinomial over j, aggregated),
    hits_x ~ Binomial(L_x, p_own) + Binomial(c_x - L_x, p_other),

and the c_v holders give Binomial(c_v, p_own).  This is the same law as the full sufficient-statistics sampler
(:meth:`ldpref.simulation.sketch_core.SketchSimulator.sufficient_many`), whose cost grows with k d: at the
paper's k = 65536, m = 1024, n = 100,000 one trial there draws up to min(n, k) d hash values.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..errors import ParameterError
from ..limits import check_count
from .base import check_counts, check_rng, check_trials

#: (trials x values with clients) binomial draws of one call
MAX_CELLS = 5 * 10**7


def support_counts(counts, at: int, k: int, m: int, p_own: float, p_other: float, trials: int,
                   rng: np.random.Generator) -> np.ndarray:
    """``trials`` draws of C(v) for v = ``at`` (shape (trials,), int64), exactly in law (module docstring)."""
    counts = check_counts(counts, len(counts))
    rng = check_rng(rng)
    d = len(counts)
    trials = check_trials(trials, d)
    if not 0 <= at < d:
        raise ParameterError(f"value {at} is outside [0, {d})")
    for name, value in (("k", k), ("m", m)):
        if int(value) != value or value < 1:
            raise ParameterError(f"{name} = {value} is not a positive integer")
    for name, value in (("p_own", p_own), ("p_other", p_other)):
        if not 0 <= value <= 1:
            raise ParameterError(f"{name} = {value} is not a probability")
    others = np.flatnonzero(counts)
    others = others[others != at]
    check_count(f"ideal-family estimate at one value: {trials} trials x {len(others)} values",
                trials * max(1, len(others)), limit=MAX_CELLS, unit="draws", alternative="use fewer trials")
    c = counts[others][None, :]
    K = rng.binomial(int(k), 1.0 / int(m), size=(trials, len(others)))
    L = rng.binomial(np.broadcast_to(c, K.shape), K / int(k))
    hits = rng.binomial(L, p_own) + rng.binomial(c - L, p_other)
    own = rng.binomial(int(counts[at]), p_own, size=trials)
    return own + hits.sum(axis=1)


def estimator(p_own: Fraction, p_other: Fraction, m: int, n: int):
    """(slope, intercept) in float of the unbiased count estimate (C - n (p/m + (1 - 1/m) q)) / ((p - q)(1 - 1/m)),
    jiang-gcms Eq. (4) and pan-cms Eq. (2) with the inner decoding (both invert E[C] in f(v)), from exact p, q."""
    p, q, m = Fraction(p_own), Fraction(p_other), Fraction(m)
    if p == q:
        raise ParameterError(f"p = q = {p}: the estimator divides by zero")
    slope = 1 / ((p - q) * (1 - 1 / m))
    return float(slope), float(-n * (p / m + (1 - 1 / m) * q) * slope)


def frequency_estimates(counts, at: int, k: int, m: int, p_own: Fraction, p_other: Fraction, trials: int,
                        rng: np.random.Generator) -> np.ndarray:
    """``trials`` draws of the frequency estimate f_hat(v) at v = ``at`` (shape (trials,))."""
    counts = np.asarray(counts, dtype=np.int64)
    n = int(counts.sum())
    slope, intercept = estimator(p_own, p_other, m, n)
    C = support_counts(counts, at, k, m, float(p_own), float(p_other), trials, rng)
    return (slope * C + intercept) / n
