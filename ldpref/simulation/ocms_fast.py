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
``count_a[a v mod d']`` over the multipliers in use (in discrete logarithms: one re-indexing per row and two
contiguous slice additions, no product a v formed).  Exact integer counts: the estimate is the same number the
per-client lookup gives for the same reports (tests/test_ocms_fast.py compares them).
"""

from __future__ import annotations

import numpy as np

from ..errors import ParameterError

#: cells (multipliers x (d' + m)) of one block of the grouped lookup
BLOCK_CELLS = 1 << 23


def _log_tables(dp: int) -> tuple[np.ndarray, np.ndarray]:
    """``(power, log)`` for the prime dp and its smallest primitive root g: ``power[c] = g^c mod dp`` (c in
    0..dp-2) and ``log[power[c]] = c`` (log[0] unused)."""
    from sympy.ntheory import primitive_root

    g = int(primitive_root(dp))
    power = np.empty(dp - 1, dtype=np.int64)
    x = 1
    for c in range(dp - 1):
        power[c] = x
        x = x * g % dp
    log = np.zeros(dp, dtype=np.int64)
    log[power] = np.arange(dp - 1, dtype=np.int64)
    return power, log


def support_counts(d: int, dp: int, m: int, a: np.ndarray, b: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``T_v = #{i : ((a_i v + b_i) mod dp) mod m = y_i}`` for v in 0..d-1 (int64), grouped by a (module
    docstring).  The sum over multipliers ``T_v = sum_a count_a[a v mod dp]`` is taken in discrete logarithms
    (g a primitive root, a = g^alpha, v = g^beta): ``count_a[g^(alpha + beta)]`` is row alpha of the counts
    re-indexed by ``power``, read from position alpha on (cyclically), so every row adds two contiguous slices and
    no product a v is formed; T_0 = sum_a count_a[0]."""
    a, b, y = (np.asarray(t, dtype=np.int64) for t in (a, b, y))
    T = np.zeros(d, dtype=np.int64)
    if a.size == 0:
        return T
    N = dp - 1
    power, log = _log_tables(dp)
    width = -(-(dp + m) // m) * m  # a multiple of m, >= dp + m
    s = (y - b) % dp  # first z of the progression
    L = (dp - 1 - y) // m + 1  # its length
    t0 = np.minimum(L, (dp - 1 - s) // m + 1)  # terms before the wrap (z < dp)
    s2 = s + t0 * m - dp  # first term after the wrap, in [0, m) when t0 < L
    mults, slot = np.unique(a, return_inverse=True)
    slot = slot.ravel()
    alphas = log[mults]
    per = max(1, BLOCK_CELLS // width)
    order = np.argsort(slot, kind="stable")
    starts = np.searchsorted(slot[order], np.arange(len(mults) + 1))
    if a.size >= 2**31:
        raise ParameterError(f"{a.size} clients: the grouped lookup counts in int32 (fewer than 2^31 clients)")
    diag = np.zeros(N, dtype=np.int32)  # diag[beta] = sum_a count_a[g^(alpha + beta)] <= n < 2^31
    zero = 0
    for lo in range(0, len(mults), per):
        hi = min(len(mults), lo + per)
        idx = order[starts[lo]:starts[hi]]
        row = (slot[idx] - lo) * width
        wrap = t0[idx] < L[idx]
        cells = (hi - lo) * width
        marks = np.zeros(cells, dtype=np.int32)  # +1 / -1 at the ends of each progression (a few per client)
        np.add.at(marks, np.concatenate([row + s[idx], (row + s2[idx])[wrap]]), 1)
        np.add.at(marks, np.concatenate([row + s[idx] + t0[idx] * m, (row + s2[idx] + (L[idx] - t0[idx]) * m)[wrap]]),
                  -1)
        count = marks.reshape(hi - lo, width // m, m).cumsum(axis=1, dtype=np.int32).reshape(hi - lo, width)
        zero += int(count[:, 0].sum())
        by_log = np.take(count, power, axis=1)  # by_log[r, c] = count_a[g^c]
        for r, alpha in enumerate(alphas[lo:hi].tolist()):
            diag[:N - alpha] += by_log[r, alpha:]
            diag[N - alpha:] += by_log[r, :alpha]
    T[0] = zero
    v = np.arange(1, d)
    T[1:] = diag[log[v]]  # int32 -> int64
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
