"""Inner perturbations of a sketch on the hashed value r in [m], run per client or sampled in law.

Every sketch decoder of ldpref (pan-cms Eq. (2)/(8), OLH's support-set decoder, jiang-gcms Eq. (4),
pan-strict's grouped OCMS decoder) reads a report ``(j, z)`` for value v through one number
``ind(h_j(v), z)`` of the inner report: ``Q[v, (j, z)] = scale (u[a] ind(a, z) + w) - offset`` with
``a = h_j(v)``.  So the server only needs, per function j and bucket a, the sum ``Ind[j, a]`` of
``ind(a, z)`` over the reports of function j:

* :class:`GRR` -- m-ary randomised response (pan-cms Eq. (12)): ``ind = 1[z = a]``;
* :class:`Unary` -- OUE / SUE bit vectors (Eqs. (13), (14)): ``ind = z_a``;
* :class:`HE` -- Hadamard Encoding on [m] (pan-cms Section 4.1, Appendix G, the inner mechanism of
  CMS + HE, Section 4.5): report ``(j', sign)``, ``ind = sign H[j'][a + 1]``;
* :class:`Algorithm1` -- jiang-gcms Algorithm 1: report an s-subset X, ``ind = 1[a in X]``.

``perturb`` runs the clients; ``indicators`` is the server's aggregation of real reports;
``sufficient`` draws ``Ind`` directly from ``G[j, r]`` (the number of clients of function j whose
hashed value is r) with the same law, at a cost independent of the number of clients.
"""

from __future__ import annotations

import numpy as np

from ..limits import check_count
from .hashes import CHUNK

#: Largest number of random draws one sufficient-statistics step may take.
MAX_DRAWS = 2 * 10**8


def _bincount2(rows: np.ndarray, cols: np.ndarray, shape, weights=None) -> np.ndarray:
    flat = np.bincount(rows * shape[1] + cols, weights=weights, minlength=shape[0] * shape[1])
    return flat.reshape(shape).astype(np.float64)


#: bit generators whose every raw output is 64 uniform bits (MT19937's raw outputs hold 32)
_FULL_64 = (np.random.PCG64, np.random.PCG64DXSM, np.random.SFC64, np.random.Philox)


def random_bytes(size: int, rng: np.random.Generator) -> np.ndarray:
    """``size`` independent uniform bytes (uint8) from ``rng``: its raw 64-bit outputs when they are full
    64-bit words (PCG64, SFC64, Philox), else ``rng.integers(0, 256)``."""
    if isinstance(rng.bit_generator, _FULL_64):
        return rng.bit_generator.random_raw((size + 7) // 8).view(np.uint8)[:size]
    return rng.integers(0, 256, size=size, dtype=np.uint8)


def bernoulli_bits(out: np.ndarray, prob: float, rng: np.random.Generator) -> None:
    """Fill the bool array ``out`` with independent Bernoulli(``prob``) bits, ``prob`` a float in [0, 1].

    One random byte B per bit decides against the first byte Q = floor(256 prob) of prob: B < Q gives 1,
    B > Q gives 0; the ties (B = Q, probability 1/256) draw a uniform V and give 1 iff V < 256 prob - Q
    (exact in float64: scaling by 256 and removing the integer part lose nothing).  So P(1) = Q/256 +
    P(V < frac)/256 = prob, to 2^-61 (``rng.random() < prob`` gives prob to 2^-53): the same law as one
    uniform per bit, at about one byte of randomness per bit instead of eight."""
    if not 0.0 <= prob <= 1.0:
        raise ValueError(f"Bernoulli probability {prob} outside [0, 1]")
    scaled = prob * 256.0
    Q = min(int(scaled), 255)
    frac = scaled - Q  # in [0, 1] (1 only when prob = 1: then Q = 255, every tie gives 1)
    B = random_bytes(out.size, rng).reshape(out.shape)
    np.less(B, Q, out=out)
    ties = np.flatnonzero(B == Q)
    if len(ties):
        flat = out.reshape(-1) if out.flags.c_contiguous else out.flat  # a view either way
        flat[ties] = rng.random(len(ties)) < frac


#: A row of fewer than this many items per cell is spread item by item (one uniform integer per item,
#: then counted per cell): at small means numpy's multinomial pays one binomial set-up per cell, about
#: as much as a dozen items' uniform draws, counted (measured: ~300 ns against ~25 ns per item).
ITEMWISE = 12
#: Items drawn at once by the item-by-item spread of :func:`spread` (memory ~24 bytes each).
SPREAD_BATCH = 1 << 20


def spread(totals: np.ndarray, cells: int, rng: np.random.Generator):
    """Put ``totals[i]`` items independently and uniformly into ``cells`` cells, for every i: returns
    ``(i, cell, count)`` triplets (a multinomial per row, exactly in law).  A row with fewer items than
    cells lists each item's cell; up to :data:`ITEMWISE` items per cell, its items' uniform cells are
    drawn and counted (in batches of :data:`SPREAD_BATCH` items); a larger row is one multinomial.  So the
    cost is O(sum_i min(totals_i, ITEMWISE cells)) draws, memory O(batch + rows x cells)."""
    totals = np.asarray(totals, dtype=np.int64)
    small = np.flatnonzero((totals > 0) & (totals < cells))
    mid = np.flatnonzero((totals >= cells) & (totals < ITEMWISE * cells))
    big = np.flatnonzero(totals >= ITEMWISE * cells)
    r1 = np.repeat(small, totals[small])
    c1 = rng.integers(0, cells, size=len(r1))
    counted = []
    step = max(1, SPREAD_BATCH // (ITEMWISE * cells))  # rows per batch: under SPREAD_BATCH items
    for start in range(0, len(mid), step):
        tot = totals[mid[start:start + step]]
        who = np.repeat(np.arange(len(tot), dtype=np.int64) * cells, tot)
        who += rng.integers(0, cells, size=len(who))
        counted.append(np.bincount(who, minlength=len(tot) * cells))
    if len(big):
        counted.append(rng.multinomial(totals[big], np.full(cells, 1 / cells)).ravel())
    r2 = np.repeat(np.concatenate([mid, big]), cells)
    c2 = np.tile(np.arange(cells), len(mid) + len(big))
    return (np.concatenate([r1, r2]), np.concatenate([c1, c2]),
            np.concatenate([np.ones(len(r1), dtype=np.int64)] + counted))


class GRR:
    """m-ary randomised response: keep r w.p. ``p = e/(e + m - 1)``, else a uniform other bucket."""

    def __init__(self, m: int, p: float, q: float):
        self.m, self.p, self.q = m, p, q
        self.row_cost = m  # dense sufficient-statistics work per function
        self.client_cost = 1  # report entries per client
        self.u, self.w = 1 / (p - q), -q / (p - q)  # Q_R[a, z] = (1[z = a] - q)/(p - q)

    def perturb(self, r, rng):
        """Randomise the clients' bucket values ``r`` (one per client): the report arrays of this inner mechanism."""
        keep = rng.random(len(r)) < self.p
        other = (r + 1 + rng.integers(0, self.m - 1, size=len(r))) % self.m
        return (np.where(keep, r, other),)

    def indicators(self, jc, report, rows):
        """Per (hash function, bucket) sums of the reports' indicator vectors: the server's sketch rows."""
        return _bincount2(jc, report[0], (rows, self.m))

    def sufficient(self, G, rng):
        """m-ary RR's column is ``(p - q) e_r + q 1``: a client reports r outright w.p. p - q, else a bucket
        uniform over all m (r included; then P(r) = p, P(z != r) = q).  So per function: Bin(G[j, r], p - q)
        outright at each r, and the rest of the function's clients one multinomial over [m] -- O(k m), exact."""
        K, m = G.shape
        outright = rng.binomial(G, self.p - self.q)
        rest = (G - outright).sum(axis=1)
        i, z, c = spread(rest, m, rng)
        N = outright.astype(np.float64).ravel()
        N += np.bincount(i * m + z, weights=c, minlength=K * m)
        return N.reshape(K, m)


class Unary:
    """Unary encoding on [m]: bit a is 1 w.p. p (a = r) or q (a != r), every bit independent."""

    def __init__(self, m: int, p: float, q: float):
        self.m, self.p, self.q = m, p, q
        self.row_cost = m
        self.client_cost = m
        self.u, self.w = 1 / (p - q), -q / (p - q)
        #: the real protocol lists the clients grouped by hash function (a permutation of independent
        #: clients: the same law), so :meth:`indicators` adds up contiguous blocks
        self.group_clients = True

    def perturb(self, r, rng):
        """Randomise the clients' bucket values ``r`` (one per client): every bit of a client's vector is
        Bernoulli(q) (:func:`bernoulli_bits`), then its bit r is redrawn Bernoulli(p); every bit independent."""
        n = len(r)
        out = np.empty((n, self.m), dtype=bool)
        step = max(1, CHUNK // self.m)
        for s in range(0, n, step):
            rr = r[s:s + step]
            block = out[s:s + len(rr)]
            bernoulli_bits(block, self.q, rng)
            block[np.arange(len(rr)), rr] = rng.random(len(rr)) < self.p
        return (out,)

    def indicators(self, jc, report, rows):
        """Per (hash function, bucket) sums of the reports' indicator vectors: the server's sketch rows.
        With many clients per row, the clients are grouped by row (already, when ``jc`` is sorted: see
        :attr:`group_clients`; else by a stable sort) and each row's bits added up 255 clients at a time
        in bytes (exact: at most 255 per byte); with few, one scatter-add."""
        bits = report[0]
        Ind = np.zeros((rows, self.m))
        if rows * 64 > len(jc):
            np.add.at(Ind, jc, bits.astype(np.float64))
            return Ind
        if np.any(jc[1:] < jc[:-1]):
            order = np.argsort(jc, kind="stable")
            jc, bits = jc[order], bits[order]
        bounds = np.concatenate([[0], np.cumsum(np.bincount(jc, minlength=rows))])
        as_bytes = bits.view(np.uint8)
        for row in range(rows):
            acc = np.zeros(self.m, dtype=np.int64)
            for start in range(bounds[row], bounds[row + 1], 255):
                acc += as_bytes[start:min(start + 255, bounds[row + 1])].sum(axis=0, dtype=np.uint8)
            Ind[row] = acc
        return Ind

    def sufficient(self, G, rng):
        """The sketch rows in law from G[j, r] = clients with hash j and bucket r: per-bit binomials, O(k m)."""
        # every bit of every client is independent: bucket a of function j gets Bin(G[j, a], p) + Bin(n_j - G[j, a], q)
        n_j = G.sum(axis=1, keepdims=True)
        return (rng.binomial(G, self.p) + rng.binomial(n_j - G, self.q)).astype(np.float64)


class HE:
    """Hadamard Encoding on [m] (a Walsh-Hadamard matrix of the smallest power-of-two size S > m): draw
    j' uniformly, take ``H[j'][r + 1]``, keep its sign w.p. ``e/(e + 1)``; decoder ``(e+1)/(e-1) sign H[j'][a+1]``."""

    def __init__(self, m: int, exp_eps: float, size: int):
        self.m, self.S = m, size
        self.row_cost = m + size
        self.client_cost = 2
        self.keep = exp_eps / (exp_eps + 1)
        self.u, self.w = (exp_eps + 1) / (exp_eps - 1), 0.0
        jj = np.arange(size)[:, None]
        aa = np.arange(1, m + 1)[None, :]
        self.H = 1 - 2 * (np.bitwise_count(jj & aa) & 1).astype(np.int64)  # S x m: H[j'][a + 1]

    def perturb(self, r, rng):
        """Randomise the clients' bucket values ``r`` (one per client): the report arrays of this inner mechanism."""
        jp = rng.integers(0, self.S, size=len(r))
        sign = self.H[jp, r]
        flip = rng.random(len(r)) >= self.keep
        return jp, np.where(flip, -sign, sign)

    def indicators(self, jc, report, rows):
        """Per (hash function, bucket) sums of the reports' indicator vectors: the server's sketch rows."""
        jp, sign = report
        signed = _bincount2(jc, jp, (rows, self.S), weights=sign.astype(np.float64))
        return signed @ self.H

    def sufficient(self, G, rng):
        """Each (function, r) group spreads uniformly over the S rows j'; per (group, j') the kept signs
        are Bin(count, e/(e+1)): cost O(K m + sum min(G, S)) draws, then a K x S by S x m product."""
        K, m = G.shape
        flat = G.ravel()
        nz = np.flatnonzero(flat)
        i, jp, c = spread(flat[nz], self.S, rng)
        row, r = np.divmod(nz[i], m)
        net = 2 * rng.binomial(c, self.keep) - c  # sum of sign * H[j'][r + 1] over the clients of the cell
        signed = np.bincount(row * self.S + jp, weights=(self.H[jp, r] * net).astype(np.float64),
                             minlength=K * self.S).reshape(K, self.S)
        return signed @ self.H


class Algorithm1:
    """jiang-gcms Algorithm 1: with probability p report r and s - 1 uniform others, else s uniform
    others (uniform subsets of [m] minus r, without replacement)."""

    def __init__(self, m: int, s: int, p: float):
        self.m, self.s, self.p = m, s, p
        self.row_cost = m
        self.client_cost = s
        q = (p * (s - 1) + (1 - p) * s) / (m - 1)  # Algorithm 3's q
        self.q = q
        self.u, self.w = 1 / (p - q), -q / (p - q)

    def perturb(self, r, rng):
        """Each client's subset, uniform without replacement, by Floyd's algorithm vectorised over clients
        with a per-client bitmap of taken buckets: O(n s) draws, memory O(chunk m)."""
        n, s = len(r), self.s
        with_r = rng.random(n) < self.p
        size = np.where(with_r, s - 1, s)
        picks = self._floyd(size, rng)
        buckets = picks + (picks >= r[:, None])  # index in [m] \ {r} -> bucket
        buckets[:, 0] = np.where(with_r, r, buckets[:, 0])  # with r: the unused first column holds r
        return (buckets,)

    def _floyd(self, size, rng):
        """Floyd for size t over [M], M = m - 1: for i = M - t .. M - 1 pick u uniform in 0..i, or i if u is
        already taken.  Columns run over the largest size s; a client of size s - 1 leaves the first column
        (i = M - s) at -1."""
        M, s, n = self.m - 1, self.s, len(size)
        picks = np.empty((n, s), dtype=np.int64)
        step = max(1, (CHUNK // 2) // M)  # a bitmap of step x M bytes (about 2 MB: stays in cache)
        for start in range(0, n, step):
            sz = size[start:start + step]
            c = len(sz)
            base = np.arange(c, dtype=np.int64) * M
            taken = np.zeros(c * M, dtype=bool)
            for col, i in enumerate(range(M - s, M)):
                u = rng.integers(0, i + 1, size=c)
                pick = np.where(taken[base + u], i, u)
                if col == 0:  # only here can a client be inactive: i = M - s < M - size for size s - 1
                    active = sz == s
                    taken[(base + pick)[active]] = True
                    pick[~active] = -1
                else:
                    taken[base + pick] = True
                picks[start:start + c, col] = pick
        return picks

    def indicators(self, jc, report, rows):
        """Per (hash function, bucket) sums of the reports' indicator vectors: the server's sketch rows."""
        b = report[0]
        jj = np.broadcast_to(jc[:, None], b.shape)
        return _bincount2(jj.ravel(), b.ravel(), (rows, self.m))

    def sufficient(self, G, rng):
        """Exact in law.  A (function, r) group of G clients costs min(G s, m s) (s draws per client's
        subset): small groups run their clients (:meth:`perturb`), large ones the walk
        below, O(m s) whatever G.  The walk: A ~ Bin(G, p) subsets hold r and need s - 1 more, G - A need
        s; going over the other buckets, a subset still needing t of the M' buckets left holds the next
        one w.p. t/M' independently, so per class t the number holding it is Bin(n_t, t/M').  The total
        is bounded by the number of clients and by (groups) m s, never more."""
        K, m = G.shape
        s = self.s
        flat = G.ravel()
        client_cost = s
        small = np.flatnonzero((flat > 0) & (flat * client_cost < m * s))
        big = np.flatnonzero(flat * client_cost >= m * s)
        check_count(f"GCMS sufficient statistics for {len(big)} large groups", len(big) * m * s, limit=MAX_DRAWS,
                    unit="draws", alternative="use smaller k or m (the per-bucket walk costs m s draws per group)")
        check_count(f"GCMS sufficient statistics for the clients of {len(small)} small groups",
                    int(flat[small].sum()) * s, limit=MAX_DRAWS, unit="draws",
                    alternative="use smaller k or m (a group of fewer than m clients costs s draws per client)")
        out = np.zeros(K * m)
        if len(small):
            who = np.repeat(small, flat[small])
            (buckets,) = self.perturb(who % m, rng)
            out += np.bincount((np.repeat(who // m, s) * m + buckets.ravel()), minlength=K * m)
        if len(big):
            out += self._walk(flat[big], big % m, big // m, K, rng)
        return out.reshape(K, m)

    def draws_bound(self, n: int, k: int, d: int) -> None:
        """Refuse (one line, before any allocation) a whole trial whose exact draws would pass
        :data:`MAX_DRAWS`: a (function, hashed value) group of G clients costs min(G, m) s draws and there
        are at most min(n, k min(m, d)) groups, so about s min(n, k min(m, d) m) -- growing with n until
        every group holds m clients, because the bucket counts of G uniform s-subsets are not a
        multinomial (no draw of O(1) per bucket has their law)."""
        m, s = self.m, self.s
        bound = s * min(n, k * min(m, d) * m)
        check_count(f"GCMS sufficient statistics, n = {n}, k = {k}, m = {m}, s = {s}: up to s min(n, k min(m, d) m)",
                    bound, limit=MAX_DRAWS, unit="draws",
                    alternative="use fewer clients or a smaller k m (exact subset counts cost min(G, m) s per group: "
                                "they grow with n until every group holds m clients)")

    def _walk(self, Gf, r, row, K, rng):
        m, s = self.m, self.s
        A = rng.binomial(Gf, self.p)
        need = np.zeros((len(Gf), s + 1), dtype=np.int64)  # need[:, t]: subsets still needing t buckets
        need[:, s - 1] += A
        need[:, s] += Gf - A
        inc = np.zeros((len(Gf), m), dtype=np.int64)
        inc[np.arange(len(Gf)), r] = A
        t = np.arange(1, s + 1)
        for b in range(m):
            live = r != b
            left = (m - 1) - (b - (r < b).astype(np.int64))  # other buckets not yet visited, this one included
            prob = np.where(live[:, None], t[None, :] / np.maximum(left, 1)[:, None], 0.0)
            take = rng.binomial(need[:, 1:], np.minimum(prob, 1.0))
            inc[:, b] += np.where(live, take.sum(axis=1), 0)
            need[:, 1:] -= take
            need[:, :-1] += take
        return np.bincount(np.repeat(row, m) * m + np.tile(np.arange(m), len(Gf)), weights=inc.ravel(),
                           minlength=K * m)
