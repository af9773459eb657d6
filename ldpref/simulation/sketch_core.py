"""The sketch simulator: per-client hashing, an inner perturbation, the server's sketch and decoder.

A client with value x draws a function index j uniformly from the k functions of a hash family, hashes
``r = h_j(x)`` and reports ``(j, inner report of r)`` (pan-cms Fig. 1; jiang-gcms Algorithm 1).  The
server folds the reports into ``Ind[j, a]`` (see :mod:`.inner`) and estimates, for every v,

    f_hat_v = (1/n) sum_i Q[v, report_i] = (scale (c + sum_j u[h_j(v)] Ind[j, h_j(v)]) - offset n) / n

with ``c = sum_i w(report_i)``: the same decoder matrix Q as the exact builder, evaluated without listing
it (pan-cms Eq. (2) / Eq. (8), OLH's support-set decoder, jiang-gcms Eq. (4), pan-strict's OCMS decoders).

Sufficient statistics: the reports enter the estimate only through ``Ind``; ``G[j, r]`` (clients of
function j with hashed value r) is one multinomial per input value over the k functions, and
:meth:`Inner.sufficient` draws ``Ind`` from ``G`` in law.  Cost O(d k + k m (m or S)), independent of n,
but linear in k: a family of 4^l functions (gf2-affine with large l) is refused by
:func:`ldpref.limits.check_count` rather than sampled at a cost in n.  The ideal family (pan-cms Theorem
3.10; :mod:`ldpref.structured.ideal`) draws its k functions once per trial (one k x d table, shared by
every client of that trial) -- exactly the model whose moments :class:`~ldpref.structured.ideal.IdealSketchModel`
gives, including the variance of the draw.
"""

from __future__ import annotations

import numbers
import re
from typing import Callable

import numpy as np

from ..errors import ParameterError
from ..limits import check_count
from .base import Simulator, check_counts, check_rng, check_trials, check_values
from .hashes import MAX_TABLE, HashSampler

#: Largest trials x d x k multinomial table drawn by one sufficient-statistics call.
MAX_GROUPS = 5 * 10**7
#: Clients (runs x n) put through one batch of the real protocol.
BATCH = 1 << 20


class SketchSimulator(Simulator):
    """A sketch over a hash family (fixed, or drawn per trial) with an inner perturbation and decoder."""

    def __init__(self, name: str, params: dict, d: int, family: Callable[[np.random.Generator, int], HashSampler], inner,
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
        out, done = [], 0
        while done < trials:
            t, fam = self._batch(rng, trials - done, n)
            done += t
            run = np.repeat(np.arange(t, dtype=np.int64), n)
            key = run * k + rng.integers(0, k, size=n * t)  # every client draws its function j (key: run, j)
            r = fam.hash(key % k if self.fixed else key, np.tile(values, t))  # ... and hashes by the family
            report = self.inner.perturb(r, rng)
            keys, jc = np.unique(key, return_inverse=True)  # the server: (run, function) pairs in use
            Ind = self.inner.indicators(jc.ravel(), report, len(keys))
            out.append(self.estimate(fam, keys % k if self.fixed else keys, Ind, n, keys // k if t > 1 else None, t))
        return np.concatenate(out)

    def sufficient(self, counts, rng):
        return self.sufficient_many(counts, 1, rng)[0]

    def sufficient_many(self, counts, trials, rng):
        """``trials`` independent draws of the estimate in law from the counts, shape (trials, d); cost
        O(trials (d k + inner cost)), independent of n."""
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        n, k, m, d = int(counts.sum()), self.k, self.inner.m, self.d
        check_count(f"{self.name}: d x k function choices = {d} x {k}", d * k, limit=MAX_GROUPS, unit="cells",
                    alternative="sampling in law needs every (value, function) cell; use the protocol or a smaller family")
        out, done = [], 0
        while done < trials:
            t, fam = self._batch(rng, trials - done, max(d * k, k * self.inner.row_cost), budget=MAX_GROUPS // 10)
            done += t
            M = rng.multinomial(np.broadcast_to(counts, (t, d)), np.full(k, 1 / k))  # (t, d, k): clients of x on j
            table = fam.full_table().reshape(-1, k, d)  # (1 or t, k, d)
            jj = np.arange(k)[:, None] * m
            G = np.stack([np.bincount((jj + table[i if len(table) > 1 else 0]).ravel(), weights=M[i].T.ravel(),
                                      minlength=k * m) for i in range(t)])
            G = np.rint(G).astype(np.int64).reshape(t * k, m)  # integer sums of integer weights, exact below 2^53
            rows = np.flatnonzero(G.sum(axis=1))
            Ind = self.inner.sufficient(G[rows], rng)
            out.append(self.estimate(fam, rows % k if self.fixed else rows, Ind, n, rows // k if t > 1 else None, t))
        return np.concatenate(out)

    def exact(self):
        """The exact mechanism built by the registry with these parameters (or the structured model for
        the ideal family)."""
        return self._exact()

    def exact_structured(self):
        """The :mod:`ldpref.structured` model of the same law (for sizes where the matrices are too big)."""
        if self._structured is None:
            raise ParameterError(f"{self.name}: no structured model for these parameters")
        return self._structured()


def int_param(value, what: str, low: int) -> int:
    if isinstance(value, str) and re.fullmatch(r"\s*\+?[0-9]+\s*", value):  # ASCII digits only
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ParameterError(f"{what} = {value!r} must be an integer")
    if value < low:
        raise ParameterError(f"{what} = {value} must be at least {low}")
    return int(value)
