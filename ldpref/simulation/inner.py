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


class GRR:
    """m-ary randomised response: keep r w.p. ``p = e/(e + m - 1)``, else a uniform other bucket."""

    def __init__(self, m: int, p: float, q: float):
        self.m, self.p, self.q = m, p, q
        self.row_cost = m * m  # sufficient-statistics draws per function
        self.u, self.w = 1 / (p - q), -q / (p - q)  # Q_R[a, z] = (1[z = a] - q)/(p - q)

    def perturb(self, r, rng):
        keep = rng.random(len(r)) < self.p
        other = (r + 1 + rng.integers(0, self.m - 1, size=len(r))) % self.m
        return (np.where(keep, r, other),)

    def indicators(self, jc, report, rows):
        return _bincount2(jc, report[0], (rows, self.m))

    def sufficient(self, G, rng):
        K, m = G.shape
        check_count(f"GRR sufficient statistics for {K} x {m} groups", K * m * m, limit=MAX_DRAWS, unit="draws")
        kept = rng.binomial(G, self.p)
        moved = rng.multinomial((G - kept).ravel(), np.full(m - 1, 1 / (m - 1))).reshape(K, m, m - 1)
        N = kept.astype(np.float64)
        for r in range(m):  # the t-th other bucket of r is (r + 1 + t) mod m
            N += np.roll(np.concatenate([np.zeros((K, 1)), moved[:, r, :]], axis=1), r, axis=1)
        return N


class Unary:
    """Unary encoding on [m]: bit a is 1 w.p. p (a = r) or q (a != r), every bit independent."""

    def __init__(self, m: int, p: float, q: float):
        self.m, self.p, self.q = m, p, q
        self.row_cost = m
        self.u, self.w = 1 / (p - q), -q / (p - q)

    def perturb(self, r, rng):
        n = len(r)
        out = np.empty((n, self.m), dtype=bool)
        step = max(1, CHUNK // self.m)
        for s in range(0, n, step):
            rr = r[s:s + step]
            prob = np.full((len(rr), self.m), self.q)
            prob[np.arange(len(rr)), rr] = self.p
            out[s:s + step] = rng.random(prob.shape) < prob
        return (out,)

    def indicators(self, jc, report, rows):
        Ind = np.zeros((rows, self.m))
        np.add.at(Ind, jc, report[0].astype(np.float64))
        return Ind

    def sufficient(self, G, rng):
        # every bit of every client is independent: bucket a of function j gets Bin(G[j, a], p) + Bin(n_j - G[j, a], q)
        n_j = G.sum(axis=1, keepdims=True)
        return (rng.binomial(G, self.p) + rng.binomial(n_j - G, self.q)).astype(np.float64)


class HE:
    """Hadamard Encoding on [m] (a Walsh-Hadamard matrix of the smallest power-of-two size S > m): draw
    j' uniformly, take ``H[j'][r + 1]``, keep its sign w.p. ``e/(e + 1)``; decoder ``(e+1)/(e-1) sign H[j'][a+1]``."""

    def __init__(self, m: int, exp_eps: float, size: int):
        self.m, self.S = m, size
        self.row_cost = m * size
        self.keep = exp_eps / (exp_eps + 1)
        self.u, self.w = (exp_eps + 1) / (exp_eps - 1), 0.0
        jj = np.arange(size)[:, None]
        aa = np.arange(1, m + 1)[None, :]
        self.H = 1 - 2 * (np.bitwise_count(jj & aa) & 1).astype(np.int64)  # S x m: H[j'][a + 1]

    def perturb(self, r, rng):
        jp = rng.integers(0, self.S, size=len(r))
        sign = self.H[jp, r]
        flip = rng.random(len(r)) >= self.keep
        return jp, np.where(flip, -sign, sign)

    def indicators(self, jc, report, rows):
        jp, sign = report
        signed = _bincount2(jc, jp, (rows, self.S), weights=sign.astype(np.float64))
        return signed @ self.H

    def sufficient(self, G, rng):
        K, m = G.shape
        check_count(f"HE sufficient statistics for {K} x {m} groups", K * m * self.S, limit=MAX_DRAWS, unit="draws")
        C = rng.multinomial(G.ravel(), np.full(self.S, 1 / self.S)).reshape(K, m, self.S)
        kept = rng.binomial(C, self.keep)
        net = 2 * kept - C  # sum of sign / H[j'][r + 1] over the group
        signed = np.einsum("kra,ar->ka", net.astype(np.float64), self.H.astype(np.float64))  # (K, S)
        return signed @ self.H


class Algorithm1:
    """jiang-gcms Algorithm 1: with probability p report r and s - 1 uniform others, else s uniform
    others (uniform subsets of [m] minus r, without replacement)."""

    def __init__(self, m: int, s: int, p: float):
        self.m, self.s, self.p = m, s, p
        self.row_cost = m * m * s
        q = (p * (s - 1) + (1 - p) * s) / (m - 1)  # Algorithm 3's q
        self.q = q
        self.u, self.w = 1 / (p - q), -q / (p - q)

    def perturb(self, r, rng):
        """Each client's subset, uniform without replacement: Floyd's algorithm vectorised (O(n s^2)) for
        small s, else the s smallest of m - 1 uniform keys (O(n m)), whichever is cheaper."""
        n, m, s = len(r), self.m, self.s
        with_r = rng.random(n) < self.p
        size = np.where(with_r, s - 1, s)
        picks = self._floyd(n, size, rng) if s * s <= 2 * m else self._smallest_keys(n, size, rng)
        buckets = picks + (picks >= r[:, None])  # index in [m] \ {r} -> bucket
        buckets[:, 0] = np.where(with_r, r, buckets[:, 0])  # with r: the unused first column holds r
        return (buckets,)

    def _floyd(self, n, size, rng):
        """Floyd for size t over [M]: for i = M - t .. M - 1 pick u in 0..i, or i if u is taken.  Columns
        run over the largest size s; a client of size s - 1 leaves the first column (i = M - s) at -1."""
        M, s = self.m - 1, self.s
        picks = np.full((n, s), -1, dtype=np.int64)
        for col, i in enumerate(range(M - s, M)):
            active = size > (M - 1 - i)  # the client takes this step iff i >= M - size
            u = rng.integers(0, i + 1, size=n)
            taken = (picks[:, :col] == u[:, None]).any(axis=1)
            picks[:, col] = np.where(active, np.where(taken, i, u), -1)
        return picks

    def _smallest_keys(self, n, size, rng):
        """The s smallest of M = m - 1 iid uniform keys form a uniform s-subset, put in decreasing order of
        key; a client of size s - 1 drops the first column (the largest of them), keeping the s - 1
        smallest keys: again a uniform subset."""
        M, s = self.m - 1, self.s
        picks = np.empty((n, s), dtype=np.int64)
        step = max(1, CHUNK // M)
        for start in range(0, n, step):
            keys = rng.random((min(step, n - start), M))
            idx = np.argpartition(keys, s - 1, axis=1)[:, :s] if s < M else np.arange(M)[None, :].repeat(len(keys), 0)
            order = np.argsort(-np.take_along_axis(keys, idx, axis=1), axis=1)
            picks[start:start + step] = np.take_along_axis(idx, order, axis=1)
        picks[size < s, 0] = -1
        return picks

    def indicators(self, jc, report, rows):
        b = report[0]
        jj = np.broadcast_to(jc[:, None], b.shape)
        return _bincount2(jj.ravel(), b.ravel(), (rows, self.m))

    def sufficient(self, G, rng):
        """Exact in law at a cost O(K m s) for K groups, independent of the number of clients: per group
        (j, r), A ~ Bin(G, p) subsets hold r and need s - 1 more, G - A need s; walking over the other
        buckets, a subset still needing t of the M' buckets left holds the next one w.p. t/M'
        independently, so per class t the number holding it is Bin(n_t, t/M')."""
        K, m = G.shape
        s = self.s
        check_count(f"GCMS sufficient statistics for {K} x {m} groups", K * m * m * s, limit=MAX_DRAWS, unit="draws",
                    alternative="use smaller k or m (the per-bucket walk costs k m^2 s draws)")
        Gf = G.ravel()
        A = rng.binomial(Gf, self.p)
        r = np.tile(np.arange(m), K)
        need = np.zeros((K * m, s + 1), dtype=np.int64)  # need[:, t]: subsets still needing t buckets
        need[:, s - 1] += A
        need[:, s] += Gf - A
        inc = np.zeros((K * m, m), dtype=np.int64)
        inc[np.arange(K * m), r] = A
        t = np.arange(1, s + 1)
        for b in range(m):
            live = r != b
            left = (m - 1) - (b - (r < b).astype(np.int64))  # other buckets not yet visited, this one included
            prob = np.where(live[:, None], t[None, :] / np.maximum(left, 1)[:, None], 0.0)
            take = rng.binomial(need[:, 1:], np.minimum(prob, 1.0))
            inc[:, b] += np.where(live, take.sum(axis=1), 0)
            need[:, 1:] -= take
            need[:, :-1] += take
        return inc.reshape(K, m, m).sum(axis=1).astype(np.float64)
