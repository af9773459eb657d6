"""Inclusion counts of Subset Selection reports by binary splitting of the items: the sufficient sampler of
:class:`ldpref.simulation.pure.SubsetSelectionSimulator` (Subset Selection: Ye and Barg 2018, pan-strict
Section 5.1; issue 13, "sufficient-statistics sampler ... exact in law, cost independent of n").

Input, per trial: ``uniform`` clients, each reporting a uniform k-subset of ``[d]``, and ``G[x]`` clients for
each x, each reporting ``{x}`` plus a uniform (k-1)-subset of ``[d] \\ {x}``; all clients independent.  Output:
the support counts ``c_v = #{clients whose subset holds v}``, exactly in law.

**Scheme.**  The items are split recursively into halves (a node is a run ``I`` of ``m`` consecutive items,
its children the first ``a = m // 2`` and the last ``b = m - a``).  At a node every client is in one of two
pools, and only its number ``j`` of items inside ``I`` is kept, as a histogram per pool:

* pool U: clients whose own value is not in ``I`` (or who have none): their items in ``I`` form a uniform
  j-subset of ``I``;
* pool E: the ``G(I) = sum_{x in I} G[x]`` clients whose own x is in ``I``: their other items in ``I`` form a
  uniform j-subset of ``I \\ {x}``, and which of them holds which x is a uniformly random arrangement of the
  multiset ``(G[x])_{x in I}``, independent of the counts j.

At the root (``I = [d]``) U holds the ``uniform`` clients at j = k and E the ``sum G`` others at j = k - 1:
the invariant holds (the law of j does not depend on x).  One split, ``I = A + B``:

1. E is split into ``E_A`` (own x in A, ``G(A)`` clients) and ``E_B``: because the arrangement is uniform and
   independent of the counts, the histogram of ``E_A`` is a multivariate hypergeometric draw of ``G(A)``
   clients from E's histogram (drawn column by column, as successive hypergeometric draws), and within
   ``E_A`` (``E_B``) the arrangement of the values of A (B) is again uniform and independent of the counts.
2. A uniform j-subset S of a set V, split as ``V = (V & A) + (V & B)``, has ``t = |S & A|`` hypergeometric,
   ``P(t) = C(|V&A|, t) C(|V&B|, j - t) / C(|V|, j)``, and given t the parts ``S & A`` and ``S & B`` are
   independent uniform t- and (j - t)-subsets of ``V & A`` and ``V & B``.  With ``V = I`` (pool U),
   ``V = I \\ {x}``, x in A (``E_A``: ``|V&A| = a - 1``), x in B (``E_B``: ``|V&B| = b - 1``): the law of t
   depends on the pool and j only, not on x, so the arrangements in step 1 stay independent of the new
   counts.  The clients of one (pool, j) row are independent and identically distributed, so the numbers of
   them with each t are ONE multinomial draw ``Multinomial(N_row, P(.))``.
3. Left child A: U gets the t of pool U and of ``E_B`` (their x is not in A), E gets the t of ``E_A``;
   right child B: U gets the ``j - t`` of pool U and of ``E_A``, E gets the ``j - t`` of ``E_B``.  Both
   children satisfy the invariant, and given their histograms they are independent (step 2).

A leaf (m = 1, item v) holds its U clients with j = 1 (v is in their subset) and its E clients (own x = v,
j = 0: ``I \\ {x}`` is empty); so ``c_v = U_v[1] + G[v]``.  By induction every leaf count has the law of the
support count, jointly over v.  All nodes of one depth (of all trials) are drawn together: one multinomial
call with a row per (node, pool, j) and a column per t, plus one hypergeometric call per occupied j column.

**Exactness.**  No approximation enters the scheme: the probabilities are the exact hypergeometric ones,
rounded once to float64 (from ``log C`` by ``math.lgamma``, relative error below ~1e-10 at d = 10^4, each row
then scaled to sum 1), as every numpy sampler rounds its p; numpy's multinomial and hypergeometric draws are
exact given them.  A row's columns are restricted to a window around its mean that leaves out at most
``EPS = 2^-40`` of the mass (Hoeffding's bound); the mass outside is not dropped but carried by "candidate"
clients drawn over the whole support (:func:`hypergeometric_multinomial`, where the mixture is shown exact).

**Cost.**  Depth ``ceil(log2 d)``; a depth of nodes of size m costs (nodes) x (rows) x (window) cells, rows
being the occupied (pool, j) of each node (three pools; at most ``min(m, k) + 1`` each, about
``sqrt(m log n)`` wide) and the window about ``2 sqrt(14 min(j, m - j))`` columns: about ``d sqrt(log n)``
cells per depth, independent of n otherwise.  Beside that slow growth, n enters only through numpy's
hypergeometric limit: each of ngood and nbad must stay below 10^9, so the caller splits more than
10^9 - 1 E clients into batches (:data:`ldpref.simulation.pure.MAX_HYPERGEOMETRIC_POOL`), and through the
candidates (``Bin(clients x depths, EPS)`` of them, about 0.01 per trial at n = 10^9).  Measured by
``benchmarks/simulate_sufficient.py`` (d = 10^4, k = 2500, 2 cores, load 2.2): 0.23 s at n = 10^4, 0.67 s at
n = 10^9 (the walk: 1.0 s and 1.7 s in the same run).
"""

from __future__ import annotations

import math

import numpy as np

from ..limits import LIMIT_BYTES, check_count

#: bound on the mass a row's window leaves out (a power of two, exact in float64)
EPS = 2.0**-40
#: bytes per multinomial cell of one depth (probability, draw, scatter index and weight; a bound)
CELL_BYTES = 48


def _log_factorials(n: int) -> np.ndarray:
    return np.array([math.lgamma(i + 1) for i in range(n + 1)])


def split_counts(G: np.ndarray, uniform: np.ndarray, k: int, rng: np.random.Generator) -> np.ndarray:
    """Support counts (trials x d, int64) of ``uniform[t]`` uniform k-subsets of [d] and, for each x,
    ``G[t, x]`` subsets ``{x}`` + uniform (k-1)-subset of [d] \\ {x}, per trial t (see the module docstring).

    ``G`` (trials x d) and ``uniform`` (trials,) are non-negative int64; every hypergeometric pool
    (``G[t].sum()``) must be below 10^9 (numpy's limit; the caller batches)."""
    G = np.asarray(G, dtype=np.int64)
    uniform = np.asarray(uniform, dtype=np.int64)
    trials, d = G.shape
    if not 1 <= k <= d:
        raise ValueError(f"k = {k} outside 1..d = {d}")
    lf = _log_factorials(d)
    support = G.copy()
    # nodes of the current depth, flattened over trials: trial, first item, size, pools U and E by j
    trial = np.arange(trials)
    first = np.zeros(trials, dtype=np.int64)
    size = np.full(trials, d, dtype=np.int64)
    width = k + 1
    U = np.zeros((trials, width), dtype=np.int64)
    E = np.zeros((trials, width), dtype=np.int64)
    U[:, k] = uniform
    E[:, k - 1] = G.sum(axis=1)
    cumG = np.concatenate((np.zeros((trials, 1), dtype=np.int64), np.cumsum(G, axis=1)), axis=1)
    while trial.size:
        leaf = size == 1
        if leaf.any():
            if E[leaf, 1:].any() or U[leaf, 2:].any():
                raise AssertionError("subset split: a leaf holds more slots than items")
            support[trial[leaf], first[leaf]] += U[leaf, 1]
            keep = ~leaf
            trial, first, size, U, E = trial[keep], first[keep], size[keep], U[keep], E[keep]
            if not trial.size:
                break
        a = size // 2
        b = size - a
        # step 1: E_A = clients of E whose own x is in the left half (multivariate hypergeometric)
        GA = cumG[trial, first + a] - cumG[trial, first]
        EA = _multivariate_hypergeometric(E, GA, rng)
        EB = E - EA
        # step 2: one multinomial row per (node, pool, occupied j); pools (histogram, |V & A|, |V & B|)
        pools = ((U, a, b), (EA, a - 1, b), (EB, a, b - 1))
        parts = []
        for p, (H, VA, VB) in enumerate(pools):
            nd, jj = np.nonzero(H)
            parts.append((nd, np.full(nd.size, p), jj, H[nd, jj], VA[nd], VB[nd]))
        nd, pl, jj, N, VA, VB = (np.concatenate(x) for x in zip(*parts))
        if np.any(jj > VA + VB):
            raise AssertionError("subset split: more slots than items in a node")
        draws = hypergeometric_multinomial(N, jj, VA, VB, lf, rng)
        # step 3: scatter to the children (left child of node i is 2i, right child 2i + 1), into one array
        # (child, pool U = 0 / E = 1, j); counts are below MAX_N = 10^15 < 2^53, so the float64 sums of
        # bincount are exact integers
        nodes = trial.size
        cwidth = int(min(int(b.max()), k)) + 1
        pool_left, pool_right = (pl == 1).astype(np.int64), (pl == 2).astype(np.int64)  # E_A stays E on the left
        idx, weights = [], []
        for rows, t, X in draws:
            r, c = np.nonzero(X)
            r_row, t_nz, x_nz = rows[r], t[r, c], X[r, c].astype(np.float64)
            base = 4 * nd[r_row]
            idx += [(base + pool_left[r_row]) * cwidth + t_nz,
                    (base + 2 + pool_right[r_row]) * cwidth + (jj[r_row] - t_nz)]
            weights += [x_nz, x_nz]
        child = np.bincount(np.concatenate(idx), weights=np.concatenate(weights),
                            minlength=4 * nodes * cwidth).astype(np.int64).reshape(2 * nodes, 2, cwidth)
        U, E = child[:, 0], child[:, 1]
        trial = np.repeat(trial, 2)
        first = np.stack((first, first + a), axis=1).ravel()
        size = np.stack((a, b), axis=1).ravel()
    return support


def _multivariate_hypergeometric(H: np.ndarray, need: np.ndarray, rng) -> np.ndarray:
    """Per row i, the column counts of ``need[i]`` items drawn without replacement from ``H[i]`` (counts per
    column): halving the occupied columns, each half's share is one hypergeometric draw (vectorised over rows
    and blocks; ``ceil(log2(columns))`` calls)."""
    out = np.zeros_like(H)
    cols = np.flatnonzero(H.any(axis=0))
    if not cols.size:
        if need.any():
            raise AssertionError("subset split: drawing from an empty pool")
        return out
    lo, hi = int(cols[0]), int(cols[-1]) + 1
    width = 1 << max(0, (hi - lo - 1).bit_length())
    Hp = np.zeros((H.shape[0], width), dtype=np.int64)
    Hp[:, : hi - lo] = H[:, lo:hi]
    share = need.astype(np.int64)[:, None]  # (rows, blocks): draws per block
    blocks = 1
    while blocks < width:
        half = width // (2 * blocks)
        sums = Hp.reshape(H.shape[0], blocks, 2, half).sum(axis=3)
        left = rng.hypergeometric(sums[..., 0], sums[..., 1], share)
        share = np.stack((left, share - left), axis=2).reshape(H.shape[0], 2 * blocks)
        blocks *= 2
    out[:, lo:hi] = share[:, : hi - lo]
    return out


def _log_pmf(t, J, A, B, lf):
    """log P(t) of the hypergeometric law (t of the J drawn items among A + B lie in A), at support points."""
    V = A + B
    row = (lf[A] + lf[B] + lf[J] + lf[V - J] - lf[V])
    return row - (np.take(lf, t) + np.take(lf, A - t) + np.take(lf, J - t) + np.take(lf, B - J + t))


def _outward(width: int) -> np.ndarray:
    """Offsets 0, 1, -1, 2, -2, ... (``width`` of them): columns from the centre outwards."""
    c = np.arange(width)
    return np.where(c % 2 == 1, (c + 1) // 2, -(c // 2))


def hypergeometric_multinomial(N, J, A, B, lf, rng, eps=EPS):
    """Per row r, the numbers of ``N[r]`` independent clients with each t, t ~ hypergeometric (``J[r]`` items
    drawn from ``A[r] + B[r]``, t of them among the ``A[r]``): ``Multinomial(N[r], P_r)`` over the support.

    Returns blocks ``(rows, t, X)``: ``X[i, c]`` clients of row ``rows[i]`` have ``t[i, c]`` (``X = 0`` where
    ``t`` is off the support).  A row's columns are its window ``|t - mu| <= s`` (``mu = J A/V``), ordered from
    the centre outwards (numpy's multinomial stops once a row's clients are used up), with ``s`` from
    Hoeffding's bound for sampling without replacement, ``P(|t - mu| > s) <= 2 exp(-2 s^2/n)``,
    ``n = min(J, A, B, V - J)`` (the law is symmetric in the draws J and the successes A, and in
    complements), so that the mass outside the window is at most ``eps``.  Exact splitting: each client is a
    "candidate" w.p. ``eps`` (``M ~ Bin(N, eps)``); the ``N - M`` others follow the law restricted to the
    window, and a candidate falls at t w.p. ``P(t)/eps`` outside the window and ``(1 - P_out/eps) P(t)/(1 -
    P_out)`` inside, drawn over the whole support: mixing the two gives every t its probability P(t).  The
    candidates of a depth number ``Bin(clients, eps)``, so the whole-support rows are rare."""
    V = A + B
    tmin, tmax = np.maximum(0, J - B), np.minimum(J, A)
    n_eff = np.minimum(np.minimum(J, V - J), np.minimum(A, B))
    mu = J * A / np.maximum(V, 1)
    s = np.sqrt(n_eff * (math.log(2.0 / eps) / 2.0))
    lo = np.maximum(tmin, np.ceil(mu - s).astype(np.int64))
    hi = np.minimum(tmax, np.floor(mu + s).astype(np.int64))
    full = (lo == tmin) & (hi == tmax)
    centre = np.clip(np.rint(mu).astype(np.int64), lo, hi)
    half = int(np.maximum(hi - centre, centre - lo).max())
    W = 2 * half + 1
    check_count("the subset-selection sufficient sampler (one depth of the split)", int(N.size) * W * CELL_BYTES,
                limit=LIMIT_BYTES, unit="bytes")
    t = centre[:, None] + _outward(W)[None, :]
    inside = (t >= lo[:, None]) & (t <= hi[:, None])
    t = np.where(inside, t, centre[:, None])
    P = np.where(inside, np.exp(_log_pmf(t, J[:, None], A[:, None], B[:, None], lf)), 0.0)
    P /= P.sum(axis=1, keepdims=True)
    M = np.where(full, 0, rng.binomial(N, eps))
    blocks = [(np.arange(N.size), t, rng.multinomial(N - M, P))]
    cand = np.flatnonzero(M)
    if cand.size:
        Jc, Ac, Bc = J[cand, None], A[cand, None], B[cand, None]
        tf = tmin[cand, None] + np.arange(int((tmax[cand] - tmin[cand]).max()) + 1)[None, :]
        ok = tf <= tmax[cand, None]
        tf = np.where(ok, tf, tmin[cand, None])
        pmf = np.where(ok, np.exp(_log_pmf(tf, Jc, Ac, Bc, lf)), 0.0)
        win = ok & (tf >= lo[cand, None]) & (tf <= hi[cand, None])
        p_out = np.where(win, 0.0, pmf).sum(axis=1, keepdims=True)
        if np.any(p_out > eps):
            raise AssertionError("subset split: the Hoeffding window holds less than 1 - eps")
        q = np.where(win, (1.0 - p_out / eps) * pmf / (1.0 - p_out), pmf / eps)
        blocks.append((cand, tf, rng.multinomial(M[cand], q / q.sum(axis=1, keepdims=True))))
    return blocks


__all__ = ["split_counts", "hypergeometric_multinomial", "EPS"]
