"""The real protocol of the prime-field OCMS with the pooled decoder (pan-strict Section 5.2; ``ocms-prime``),
its server lookup grouped by the multiplier a: the same clients, reports and estimate as
:meth:`ldpref.simulation.sketch_core.SketchSimulator.protocol_many`, at O(d'^2) per trial instead of O(n d).

Client i holds x_i, draws a_i uniform in 1..d'-1 and b_i uniform in 0..d'-1 (the function j = (a - 1) d' + b,
uniform over the d'(d'-1) functions, as the simulator), hashes ``r_i = ((a_i x_i + b_i) mod d') mod m`` and reports
``y_i`` = m-ary RR of r_i.  The pooled decoder (pan-cms Eq. (8) with m' = 1/c_bar) needs, for every v, the support
count ``T_v = #{i : ((a_i v + b_i) mod d') mod m = y_i}``.  For one multiplier a, write z = a v mod d': client i
supports z exactly when ``(z + b_i) mod d'`` is one of y_i, y_i + m, ... (< d'), i.e. z runs over the arithmetic
progression ``(y_i - b_i) + t m`` (mod d'), t = 0..L_i - 1, L_i = ceil((d' - y_i)/m), which wraps past d' at most
once.  So the clients of one a add +1/-1 at the ends of at most two progressions of step m in an array of length
d' + m, one cumulative sum per residue class mod m gives the count of every z, and ``T_v`` adds up
``count_a[a v mod d']`` over the multipliers in use.  Exact integer counts: the estimate is the same number the
per-client lookup gives for the same reports (tests/test_ocms_fast.py compares them).
"""

from __future__ import annotations

import numpy as np

from ..errors import ParameterError

#: cells (multipliers x (d' + m)) of one block of the grouped lookup
BLOCK_CELLS = 1 << 23


def support_counts(d: int, dp: int, m: int, a: np.ndarray, b: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``T_v = #{i : ((a_i v + b_i) mod dp) mod m = y_i}`` for v in 0..d-1 (int64), grouped by a (module
    docstring)."""
    a, b, y = (np.asarray(t, dtype=np.int64) for t in (a, b, y))
    T = np.zeros(d, dtype=np.int64)
    if a.size == 0:
        return T
    width = -(-(dp + m) // m) * m  # a multiple of m, >= dp + m
    s = (y - b) % dp  # first z of the progression
    L = (dp - 1 - y) // m + 1  # its length
    t0 = np.minimum(L, (dp - 1 - s) // m + 1)  # terms before the wrap (z < dp)
    s2 = s + t0 * m - dp  # first term after the wrap, in [0, m) when t0 < L
    mults, slot = np.unique(a, return_inverse=True)
    slot = slot.ravel()
    v = np.arange(d, dtype=np.int64)
    per = max(1, BLOCK_CELLS // width)
    order = np.argsort(slot, kind="stable")
    starts = np.searchsorted(slot[order], np.arange(len(mults) + 1))
    for lo in range(0, len(mults), per):
        hi = min(len(mults), lo + per)
        idx = order[starts[lo]:starts[hi]]
        row = (slot[idx] - lo) * width
        marks = np.zeros((hi - lo) * width, dtype=np.int64)
        np.add.at(marks, row + s[idx], 1)
        np.add.at(marks, row + s[idx] + t0[idx] * m, -1)
        wrap = t0[idx] < L[idx]
        np.add.at(marks, (row + s2[idx])[wrap], 1)
        np.add.at(marks, (row + s2[idx] + (L[idx] - t0[idx]) * m)[wrap], -1)
        count = marks.reshape(hi - lo, width // m, m).cumsum(axis=1).reshape(hi - lo, width)[:, :dp]
        z = (mults[lo:hi, None] * v[None, :]) % dp
        T += np.take_along_axis(count, z, axis=1).sum(axis=0)
    return T


def protocol_many(sim, values, trials: int, rng: np.random.Generator) -> np.ndarray:
    """``trials`` runs of the real protocol of ``sim`` (an ``ocms-prime`` simulator with the pooled decoder) on the
    clients ``values``: shape (trials, d), the estimate ``(scale (n w + u T) - offset n)/n`` of
    :meth:`SketchSimulator.estimate` with the grouped support counts T."""
    if sim.name != "ocms-prime" or sim.params.get("decoder") != "pooled":
        raise ParameterError("the grouped OCMS protocol needs ocms-prime with the pooled decoder")
    u = np.asarray(sim.u)
    if np.ndim(sim.w) != 0 or not np.all(u == u[0]):
        raise ParameterError("the grouped OCMS protocol needs a constant decoder (pooled)")
    fam = sim._family(rng, 1)
    d, dp, m = sim.d, fam.dp, fam.m
    values = np.asarray(values, dtype=np.int64)
    n = len(values)
    out = np.empty((trials, d))
    for t in range(trials):
        a = rng.integers(1, dp, size=n)
        b = rng.integers(0, dp, size=n)
        (y,) = sim.inner.perturb(((a * values + b) % dp) % m, rng)
        T = support_counts(d, dp, m, a, b, y)
        out[t] = (sim.scale * (n * float(sim.w) + u[0] * T) - sim.offset * n) / n
    return out


__all__ = ["support_counts", "protocol_many", "BLOCK_CELLS"]
