"""CMS+HE over k uniformly random hash functions shared by every client of a run, materialised only where
they are read (pan-cms Section 4.5 with Section 3.6's family: Apple's CMS "randomly generates k hash functions",
drawn once; Section 6's CMS+HE "with the same parameter as [7]"; the values of interest of Section 6).

A run draws k functions [d] -> [m], each value independent and uniform (the ideal family of pan-cms Theorem
3.10, :mod:`ldpref.structured.ideal`).  A client picks j uniformly, hashes ``r = h_j(x)`` and reports with HE
on [m] (:class:`.inner.HE`); the server reads ``h_j(v)`` for the functions in use and the values it
estimates.  Only those (j, point) pairs are drawn -- one uniform value per distinct pair: the server's
(j, v) for the functions in use, which a client of value v in ``at`` reads too, and one per distinct (j, x)
among the other clients -- exactly the law of the full k x d table restricted to what is read, at cost
O(n + min(n, k) |at|) per run instead of k d (6.5e9 values at Apple's
k = 65536 and d = 10^5).  Same law as :class:`.sketch_core.SketchSimulator` over a fresh k x d table per run
(tested); no exact model (HE is not a symmetric inner model of :mod:`ldpref.structured`).
"""

from __future__ import annotations

import numpy as np

from ..errors import ParameterError
from ..limits import check_count
from ..mechanisms._params import check_d
from ..exact import to_float
from .base import check_rng, check_trials, check_values
from .inner import HE
from .sketch_core import MAX_CLIENT_ENTRIES, int_param

#: (function, value) pairs one run may draw (memory ~ 8 bytes each, a few copies)
MAX_PAIRS = 5 * 10**7


class SharedDrawCMSHE:
    """CMS+HE (Eq. (2) decoder, HE on [m]) over k uniform random functions drawn once per run."""

    def __init__(self, d, m, k, *, exp_eps=None, eps=None):
        from .sketches import _cms_map, _prepare

        d, e = _prepare(d, exp_eps, eps)
        self.d = check_d(d)
        self.m, self.k = int_param(m, "m", 2), int_param(k, "k", 1)
        check_count(f"cms-he: HE on m = {self.m} buckets", self.m, limit=10**6, unit="buckets")
        size = 1
        while size <= self.m:
            size *= 2
        self.inner = HE(self.m, to_float(e), size)
        self.scale, self.offset = _cms_map(self.m)
        self.params = {"d": d, "exp_eps": e, "m": self.m, "k": self.k, "family": "ideal (shared per run)"}

    def protocol_at(self, values, at, trials, rng) -> np.ndarray:
        """``trials`` runs (a fresh draw of the k functions each) on the clients' ``values``; the estimates at
        the values ``at``, shape (trials, len(at))."""
        values, rng = check_values(values, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        at = np.asarray(at, dtype=np.int64).ravel()
        if at.size == 0 or at.min() < 0 or at.max() >= self.d:
            raise ParameterError(f"values to estimate must be a non-empty list of inputs 0..{self.d - 1}")
        n, d, m = len(values), self.d, self.m
        check_count(f"cms-he: n = {n} clients", n * self.inner.client_cost, limit=MAX_CLIENT_ENTRIES,
                    unit="report entries")
        check_count(f"cms-he: (function, value) pairs read per run, n + min(n, k) |at| = {n} + {min(n, self.k)} x "
                    f"{len(at)}", n + min(n, self.k) * len(at), limit=MAX_PAIRS, unit="pairs")
        if len(np.unique(at)) != len(at):
            raise ParameterError("values to estimate must be distinct")
        where = np.full(d, -1, dtype=np.int64)
        where[at] = np.arange(len(at))
        inside = where[values] >= 0
        out = np.empty((trials, len(at)))
        step = max(1, (1 << 22) // len(at))
        for t in range(trials):
            j = rng.integers(0, self.k, size=n)  # every client picks a function
            used, jc = np.unique(j, return_inverse=True)
            hv = rng.integers(0, m, size=(len(used), len(at)))  # h_j(v) for the functions in use, v in at
            r = np.empty(n, dtype=np.int64)  # h_j(x) of each client: ...
            r[inside] = hv[jc[inside], where[values[inside]]]  # ... already drawn when x is in at,
            pairs, inv = np.unique(j[~inside] * d + values[~inside], return_inverse=True)
            r[~inside] = rng.integers(0, m, size=len(pairs))[inv]  # else one value per (j, x) pair
            jp, sign = self.inner.perturb(r, rng)  # the client's HE report on [m]
            T = np.zeros(len(at))
            for s in range(0, n, step):  # the server: sum_i sign_i H[j'_i][h_{j_i}(v) + 1]
                T += (sign[s:s + step, None] * self.inner.H[jp[s:s + step, None], hv[jc[s:s + step]]]).sum(axis=0)
            out[t] = (self.scale * self.inner.u * T - self.offset * n) / n
        return out
