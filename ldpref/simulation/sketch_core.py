"""The sketch simulator: per-client hashing, an inner perturbation, the server's sketch and decoder.

A client with value x draws a function index j uniformly from the k functions of a hash family, hashes
``r = h_j(x)`` and reports ``(j, inner report of r)`` (pan-cms Fig. 1; jiang-gcms Algorithm 1).  The
server folds the reports into ``Ind[j, a]`` (see :mod:`.inner`) and estimates, for every v,

    f_hat_v = (1/n) sum_i Q[v, report_i] = (scale (c + sum_j u[h_j(v)] Ind[j, h_j(v)]) - offset n) / n

with ``c = sum_i w(report_i)``: the same decoder matrix Q as the exact builder, evaluated without listing
it (pan-cms Eq. (2) / Eq. (8), OLH's support-set decoder, jiang-gcms Eq. (4), pan-strict's OCMS decoders).

Sufficient statistics: the reports enter the estimate only through ``Ind``; ``G[j, r]`` (clients of
function j with hashed value r) is one multinomial per input value over the k functions, and the inner
sampler draws ``Ind`` from ``G`` in law (:mod:`.inner`).  Every multinomial is drawn sparsely
(:func:`.inner.spread`: item by item when a row has fewer items than cells), so one trial costs

    O(d + sum_x min(c_x, k) + k m + inner),  inner: GRR / unary O(k m), HE O(k m S),
    GCMS O(sum over (j, r) groups of min(G_jr, m) s) <= O(k m^2 s),

bounded whatever n is (n = 10^12 costs no more than n = 10^6 once every cell is occupied) -- but it grows
with k: the sketch itself has k m cells and a server must look at each used function on all d values.
GCMS's per-group term is the price of exactness: the bucket counts of G uniform s-subsets are not a
multinomial, and the exact walk over the m buckets costs m s per (function, hashed value) group.
Where that is too large (a family of 4^l functions, an ideal family of k = 65536 functions at d = 10^5:
a k x d table of 6.5e9 values) the simulators refuse with :func:`ldpref.limits.check_count` rather than
allocate; sampling exactly in law there would need, per used function, its values on all d inputs, i.e. a
cost of min(n, k) d whichever method is used.  The real protocol costs O(n s) for the clients
(s = entries per report) plus O(min(n, k) d) for the server's lookup.

**Chunks of functions** (the papers' k = 65536, m = 1024: 6.7e7 cells).  Given the counts, the k
functions are independent, so a large sketch is sampled in chunks of functions and never held whole: the
clients of each value x first spread over the chunks (one multinomial per x over the chunks, each of
probability size/k: the marginal of the per-function multinomial), then, per chunk, over its functions
(:func:`.inner.spread`); the chunk's cells ``G``, its inner draw ``Ind`` and its part of the server's sums
(``sum_j u[h_j(v)] Ind[j, h_j(v)]`` and ``sum w(report)``) are formed and added up, and the chunk is
dropped.  Same law as the one-pass draw (multinomial splitting); memory O(chunk (d + m) + d), chunk =
:data:`CHUNK_CELLS` / max(d, m row cost) functions; the ideal family draws each chunk's used functions as
it goes (they are independent uniform functions; an unused one never enters the estimate).  Time still grows with n
where exactness forces it: spreading c_x clients over k functions costs min(c_x, k) (the per-function counts N[x, j] are
a multinomial of c_x, not a function of n alone), so sum_x min(c_x, k) <= min(n, k d) -- flat once every
value has k clients; GCMS's subset counts cost min(G, m) s per group, up to min(n, k m min(m, d)) s draws
(refused above :data:`.inner.MAX_DRAWS` per trial).  What the chunks cannot remove is refused before any
allocation: the seeded random family's k x d table (built whole: it is one fixed draw), more than
:data:`MAX_SPREAD` spread items or :data:`MAX_LOOKUPS` server look-ups per trial.

The ideal family (pan-cms Theorem 3.10; :mod:`ldpref.structured.ideal`) draws its k functions once per
trial (one k x d table, shared by every client of that trial) -- exactly the model whose moments
:class:`~ldpref.structured.ideal.IdealSketchModel` gives, including the variance of the draw.  A fresh
function per client is its limit k -> infinity, ``family=ideal-fresh`` (:mod:`.fresh`, O(d) per trial).
"""

from __future__ import annotations

import numbers
import re
from typing import Callable

import numpy as np

from ..errors import ParameterError
from ..limits import check_count
from .base import MAX_PROTOCOL_DRAWS, Simulator, check_counts, check_rng, check_trials, check_values
from .hashes import MAX_TABLE, HashSampler
from .inner import spread

#: Largest trials x d x k multinomial table drawn by one sufficient-statistics call.
MAX_GROUPS = 5 * 10**7
#: Cells (functions x max(d, m row cost)) of one chunk of the chunked sufficient-statistics path: a
#: sketch with k max(d, row cost) above this goes through in chunks of functions (about 50 bytes per
#: cell at the peak: ~100 MB).
CHUNK_CELLS = 1 << 21
#: Items spread over the functions in one chunked trial (sum_x min(c_x, k) <= min(n, k d)).
MAX_SPREAD = 2 * 10**9
#: Server look-ups h_j(v) in one chunked trial (min(n, k) used functions x d values).
MAX_LOOKUPS = 4 * 10**9
#: Report entries (clients x entries per report) one real-protocol batch holds in memory at once (a fixed
#: family's larger run goes through in chunks of clients, up to base.MAX_PROTOCOL_DRAWS entries in all).
MAX_CLIENT_ENTRIES = 2 * 10**8
#: Clients (runs x n) put through one batch of the real protocol.
BATCH = 1 << 20


class SketchSimulator(Simulator):
    """A sketch over a hash family (fixed, or drawn per trial) with an inner perturbation and decoder."""

    def __init__(self, name: str, params: dict, d: int, family: Callable[[np.random.Generator, int], HashSampler],
                 inner,
                 *, scale: float = 1.0, offset: float = 0.0, u=None, w=None, exact: Callable = None,
                 structured: Callable | None = None, fixed: bool = True,
                 k: int | None = None):
        self.name, self.params, self.d = name, dict(params), d
        self._family, self.inner = family, inner
        self.scale, self.offset = scale, offset
        m = inner.m
        self.u = np.full(m, inner.u) if u is None else np.asarray(u, dtype=np.float64)
        self.w = inner.w if w is None else np.asarray(w, dtype=np.float64)
        self._exact, self._structured = exact, structured
        self.fixed = fixed
        self.k = family(np.random.default_rng(0), 1).k if fixed else k

    # -- the server ----------------------------------------------------------------------------
    def estimate(self, fam: HashSampler, rows: np.ndarray, Ind: np.ndarray, n: int,
                 trial: np.ndarray | None = None, trials: int = 1) -> np.ndarray:
        """``f_hat`` (shape (trials, d)) from the indicator sums ``Ind[i]`` of function ``rows[i]`` in trial
        ``trial[i]``."""
        T = fam.gather(rows, Ind * self.u[None, :], trial, trials)
        if np.ndim(self.w) == 0:
            c = np.full((trials, 1), n * float(self.w))
        else:  # a per-bucket w (the grouped OCMS decoder; GRR reports: column sums count the reports per bucket)
            per_row = Ind @ self.w
            c = (per_row.sum() if trial is None else np.bincount(trial, weights=per_row, minlength=trials))
            c = np.reshape(c, (trials, 1))
        return (self.scale * (c + T) - self.offset * n) / n

    # -- the two simulators --------------------------------------------------------------------
    def protocol(self, values, rng):
        return self.protocol_many(values, 1, rng)[0]

    def _batch(self, rng, trials: int, per_trial: int, budget: int = None):
        """``(t, fam)``: how many runs go into the next batch and the hash sampler for them.  A fixed
        family serves every run; a family drawn per run (ideal) is one table of t k functions, run i
        using functions i k .. i k + k - 1."""
        budget = BATCH if budget is None else budget
        if self.fixed:
            return max(1, min(trials, budget // per_trial)), self._family(rng, 1)
        t = max(1, min(trials, budget // per_trial, MAX_TABLE // (self.k * self.d)))
        return t, self._family(rng, t)

    def protocol_many(self, values, trials, rng):
        """``trials`` independent runs of the real protocol, shape (trials, d), batched: the clients of
        several runs go through the same vector operations and the server keeps them apart by
        (run, function)."""
        values, rng = check_values(values, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        n, k = len(values), self.k
        chunk = max(1, MAX_CLIENT_ENTRIES // self.inner.client_cost)
        if self.fixed and n > chunk:  # one run in chunks of clients (memory), bounded in time by the draws
            check_count(f"{self.name}: real protocol with n = {n} clients x {self.inner.client_cost} report entries",
                        n * self.inner.client_cost * trials, limit=MAX_PROTOCOL_DRAWS, unit="report entries",
                        alternative="use sufficient(), whose cost does not grow with n")
            return np.stack([self._protocol_chunked(values, chunk, rng) for _ in range(trials)])
        check_count(f"{self.name}: real protocol with n = {n} clients x {self.inner.client_cost} report entries",
                    n * self.inner.client_cost, limit=MAX_CLIENT_ENTRIES, unit="report entries",
                    alternative="use sufficient(), whose cost does not grow with n")
        out, done = [], 0
        while done < trials:
            t, fam = self._batch(rng, trials - done, n)
            done += t
            run = np.repeat(np.arange(t, dtype=np.int64), n)
            key = run * k + rng.integers(0, k, size=n * t)  # every client draws its function j (key: run, j)
            vals = np.tile(values, t)
            if getattr(self.inner, "group_clients", False):  # clients listed by (run, j): a permutation
                order = np.argsort(key, kind="stable")
                key, vals = key[order], vals[order]
            r = fam.hash(key % k if self.fixed else key, vals)  # ... and hashes by the family
            report = self.inner.perturb(r, rng)
            keys, jc = np.unique(key, return_inverse=True)  # the server: (run, function) pairs in use
            Ind = self.inner.indicators(jc.ravel(), report, len(keys))
            out.append(self.estimate(fam, keys % k if self.fixed else keys, Ind, n, keys // k if t > 1 else None, t))
        return np.concatenate(out)

    def _protocol_chunked(self, values, chunk, rng):
        """One run of a fixed family's protocol whose reports do not fit in memory at once: the clients go
        through in chunks of ``chunk``, the server adds up each chunk's sketch rows (the same rows one pass
        would build: every client is independent) and decodes once."""
        fam, k = self._family(rng, 1), self.k
        keys_parts, ind_parts = [], []
        for start in range(0, len(values), chunk):
            part = values[start:start + chunk]
            j = rng.integers(0, k, size=len(part))
            if getattr(self.inner, "group_clients", False):  # clients listed by j: a permutation
                order = np.argsort(j, kind="stable")
                j, part = j[order], part[order]
            report = self.inner.perturb(fam.hash(j, part), rng)
            keys, jc = np.unique(j, return_inverse=True)
            keys_parts.append(keys)
            ind_parts.append(self.inner.indicators(jc.ravel(), report, len(keys)))
        keys, where = np.unique(np.concatenate(keys_parts), return_inverse=True)
        Ind = np.zeros((len(keys), ind_parts[0].shape[1]))
        np.add.at(Ind, where.ravel(), np.concatenate(ind_parts))
        return self.estimate(fam, keys, Ind, len(values))[0]

    def sufficient(self, counts, rng):
        return self.sufficient_many(counts, 1, rng)[0]

    def sufficient_many(self, counts, trials, rng, chunk: int | None = None):
        """``trials`` independent draws of the estimate in law from the counts, shape (trials, d).

        The clients of value x spread over the k functions (one multinomial, :func:`.inner.spread`: cost
        O(min(c_x, k))); ``G[j, r]`` adds them up by hashed value; the inner sampler draws ``Ind`` from G.
        Cost O(d + sum_x min(c_x, k) + k m + inner), bounded independently of n.  A sketch with
        k max(d, row cost) above :data:`CHUNK_CELLS` (or any sketch given ``chunk``, the functions per
        chunk) goes through :meth:`sufficient_chunked`, never holding its k m cells at once."""
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        n, k, m, d = int(counts.sum()), self.k, self.inner.m, self.d
        width = max(d, self.inner.row_cost)
        if chunk is not None or k * width > CHUNK_CELLS:
            size = max(1, CHUNK_CELLS // width) if chunk is None else int_param(chunk, "chunk", 1)
            return np.stack([self.sufficient_chunked(counts, rng, min(size, k)) for _ in range(trials)])
        check_count(f"{self.name}: k x m sketch cells = {k} x {m}", k * m, limit=MAX_GROUPS, unit="cells",
                    alternative="use a smaller family or hash range")
        out, done = [], 0
        while done < trials:
            t, fam = self._batch(rng, trials - done, d + k * self.inner.row_cost, budget=MAX_GROUPS // 10)
            done += t
            i, j, c = spread(np.tile(counts, t), k, rng)  # (run, x) -> function j, c clients
            run, x = np.divmod(i, d)
            key = run * k + j
            h = fam.hash(j if self.fixed else key, x)
            G = np.bincount(key * m + h, weights=c, minlength=t * k * m)
            G = np.rint(G).astype(np.int64).reshape(t * k, m)  # integer sums of integer weights, exact below 2^53
            rows = np.flatnonzero(G.sum(axis=1))
            Ind = self.inner.sufficient(G[rows], rng)
            out.append(self.estimate(fam, rows % k if self.fixed else rows, Ind, n, rows // k if t > 1 else None, t))
        return np.concatenate(out)

    def sufficient_chunked(self, counts: np.ndarray, rng: np.random.Generator, size: int) -> np.ndarray:
        """One trial in law, the k functions taken ``size`` at a time (see the module docstring): the
        clients of each value spread over the chunks (a d x chunks multinomial), then per chunk over its
        functions; each chunk's sketch rows are drawn, folded into the server's sums by
        :func:`merge_chunk` and dropped.  Shape (d,)."""
        n, k, m, d = int(counts.sum()), self.k, self.inner.m, self.d
        check_count(f"{self.name}: spreading n = {n} clients over k = {k} functions (sum_x min(c_x, k))",
                    int(np.minimum(counts, k).sum()), limit=MAX_SPREAD, unit="items",
                    alternative="use a smaller k or d (exact in law, the per-function counts of each value are a "
                                "multinomial: min(c_x, k) draws)")
        check_count(f"{self.name}: server look-ups of min(n, k) = {min(n, k)} functions x d = {d} values",
                    min(n, k) * d, limit=MAX_LOOKUPS, unit="look-ups", alternative="use a smaller k or d")
        bound = getattr(self.inner, "draws_bound", None)
        if bound is not None:
            bound(n, k, d)  # refuses (one line) a trial whose exact draws grow past the limit with n
        chunks = -(-k // size)
        edges = (np.arange(chunks + 1, dtype=np.int64) * k) // chunks  # near-equal chunks of functions
        sizes = np.diff(edges)
        per_chunk = rng.multinomial(counts, sizes / k)  # (d, chunks): clients of x whose function is in chunk c
        sums = [np.zeros(d), 0.0]  # sum_j u[h_j(v)] Ind[j, h_j(v)] per v, and sum of w over the reports
        for c in range(chunks):
            x, j, cnt = spread(per_chunk[:, c], int(sizes[c]), rng)  # local function j of chunk c
            keep = cnt > 0
            x, j, cnt = x[keep], j[keep], cnt[keep]
            if self.fixed:
                fam, rows_of, width = self._family(rng, 1), edges[c], int(sizes[c])
            else:  # the ideal family: only the functions that have clients are drawn (independent uniform
                # functions; one nobody uses never enters the estimate), renumbered 0.. in this chunk
                fns, j = np.unique(j, return_inverse=True)
                j = j.ravel()
                fam, rows_of, width = self._family(rng, count=len(fns)), 0, len(fns)
            h = fam.hash(j + rows_of, x)
            G = np.bincount(j * m + h, weights=cnt, minlength=width * m)
            G = np.rint(G).astype(np.int64).reshape(width, m)  # integer sums, exact below 2^53
            used = np.flatnonzero(G.sum(axis=1))
            Ind = self.inner.sufficient(G[used], rng)
            del G
            merge_chunk(sums, self._chunk_sums(fam, used + rows_of, Ind, int(per_chunk[:, c].sum())))
        T, c = sums
        return (self.scale * (c + T) - self.offset * n) / n

    def _chunk_sums(self, fam: HashSampler, rows: np.ndarray, Ind: np.ndarray, clients: int):
        """One chunk's part of the server's sums for its ``clients`` reports: ``(sum_j u[h_j(v)]
        Ind[j, h_j(v)] over its rows, per v; sum of w over its reports)`` -- additive over disjoint sets of
        functions (the decoder of :meth:`estimate`, split by function)."""
        T = fam.gather(rows, Ind * self.u[None, :])[0]
        c = clients * float(self.w) if np.ndim(self.w) == 0 else float((Ind @ self.w).sum())
        return T, c

    def exact(self):
        """The exact mechanism built by the registry with these parameters (or the structured model for
        the ideal family)."""
        return self._exact()

    def exact_structured(self):
        """The :mod:`ldpref.structured` model of the same law (for sizes where the matrices are too big)."""
        if self._structured is None:
            raise ParameterError(f"{self.name}: no structured model for these parameters")
        return self._structured()


def merge_chunk(sums: list, part) -> None:
    """Add one chunk's ``(T, c)`` (see :meth:`SketchSimulator._chunk_sums`) into the running ``sums``."""
    sums[0] += part[0]
    sums[1] += part[1]


def int_param(value, what: str, low: int) -> int:
    """An integer parameter (int, or ASCII digits as text) at least ``low``; ParameterError otherwise."""
    if isinstance(value, str) and re.fullmatch(r"\s*\+?[0-9]+\s*", value):  # ASCII digits only
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ParameterError(f"{what} = {value!r} must be an integer")
    if value < low:
        raise ParameterError(f"{what} = {value} must be at least {low}")
    return int(value)
