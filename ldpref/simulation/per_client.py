"""CMS as deployed with per-client GF(2^l) hashing, estimated at chosen values (pan-cms Fig. 1, Eq. (18),
Section 3.5's family H' = {h mod m}, Eq. (2) / Eq. (8); Section 6's values of interest).

Every client draws its own function ``h(x) = a0 + a1 x`` (mod m) of the GF(2^l) affine family -- a0, a1
uniform on GF(2^l), i.e. j = a0 2^l + a1 uniform over the 4^l functions (the numbering of
:class:`.hashes.GF2Affine`) -- hashes its value by field arithmetic (:mod:`.gf2`), perturbs the hashed
value with the inner mechanism and sends ``((a0, a1), report)``.  The server evaluates every client's
function on the values it estimates (``at``), not on all of [d]: the cost is O(n (|at| + m)) per run
whatever d is, so d = 10^5 (l = 17) up to d = 2^32 (l = 32) is in reach.  The family is drawn by the
clients, so there is no shared draw: the exact moments are the closed form of
:class:`ldpref.structured.pairwise.PairwiseSketchModel` (``ldpref.structured.model('cms', ...)`` with the
same keys).  Same law as :func:`.sketches.make_cms`'s real protocol restricted to ``at`` (tested).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy

from ..errors import ParameterError
from ..hashing import MAX_L, gf2_affine_mod_collision_rate
from ..limits import check_count
from ..mechanisms._params import check_d
from . import gf2
from .base import check_rng, check_trials, check_values
from .hashes import CHUNK
from .sketch_core import MAX_CLIENT_ENTRIES, int_param

#: the inner mechanisms of pan-cms Eqs. (12)-(14)
INNERS = ("rr", "arp", "srp")


class PerClientCMS:
    """CMS (pan-cms Section 3) whose every client draws its own function of the GF(2^l) affine family
    (``family=gf2-affine``, m = 2^l) or of its reduction mod m (``family=gf2-affine-mod``, Section 3.5)."""

    def __init__(self, d, m=None, *, exp_eps=None, eps=None, l=None, family="gf2-affine-mod", inner="rr",
                 decoder="eq8"):
        from .sketches import _cms_map, _grr, _inner_unary, _prepare, _smallest_l

        d, e = _prepare(d, exp_eps, eps)
        self.d = check_d(d)
        if family not in ("gf2-affine", "gf2-affine-mod"):
            raise ParameterError(f"family {family!r}: per-client GF(2^l) hashing is gf2-affine or gf2-affine-mod")
        if inner not in INNERS:
            raise ParameterError(f"inner {inner!r} unknown; choose one of {', '.join(INNERS)}")
        if decoder not in ("eq2", "eq8"):
            raise ParameterError(f"decoder {decoder!r}: choose 'eq2' or 'eq8'")
        if family == "gf2-affine-mod" and m is None:
            raise ParameterError("family gf2-affine-mod needs m (the hash range)")
        m = None if m is None else int_param(m, "m", 2)
        l = _smallest_l(max(d, m or 2)) if l is None else int_param(l, "l", 1)
        if l > MAX_L:
            raise ParameterError(f"l = {l}: GF(2^l) is supported for l = 1..{MAX_L}")
        size = 1 << l
        if size < d:
            raise ParameterError(f"family {family} needs 2^l >= d: 2^{l} = {size} < d = {d}")
        if family == "gf2-affine":
            if m is not None and m != size:
                raise ParameterError(f"family gf2-affine maps to m = 2^l = {size}, not m = {m}")
            m = size
        elif m > size:
            raise ParameterError(f"family gf2-affine-mod needs m <= 2^l: m = {m} > 2^{l} = {size}")
        check_count(f"per-client CMS: inner mechanism on m = {m} buckets", m, limit=10**6, unit="buckets")
        self.l, self.m, self.size, self.family, self.decoder, self.inner_name = l, m, size, family, decoder, inner
        self.rate = gf2_affine_mod_collision_rate(l, m)  # pan-cms Lemma 3.2 (1/m when m divides 2^l)
        m_dec = sympy.Rational(self.rate.denominator, self.rate.numerator) if decoder == "eq8" else m
        self.scale, self.offset = _cms_map(m_dec)
        self.inner = _grr(m, e) if inner == "rr" else _inner_unary(inner, m, e)
        self.params = {"d": d, "exp_eps": e, "m": m, "l": l, "family": family, "inner": inner, "decoder": decoder}

    def exact_structured(self):
        """The closed-form exact model (:mod:`ldpref.structured.pairwise`) with the same keys."""
        from ..structured.pairwise import PairwiseSketchModel
        from ..structured.registry import _inner
        from ..structured.sketch import cms_terms

        R = _inner(self.inner_name, self.m, self.params["exp_eps"])
        m_dec = sympy.Rational(self.rate.denominator, self.rate.numerator) if self.decoder == "eq8" else self.m
        s, o = cms_terms(m_dec, R.domain)
        return PairwiseSketchModel(f"cms[{self.family}(l={self.l}, m={self.m}) per client]", self.d, R, s, o,
                                   Fraction(self.rate))

    def _hash(self, a0, a1x):
        """``(a0 + a1 x) mod m`` (Section 3.5) or ``a0 + a1 x`` (Eq. (18)) in uint32 (2^l <= 2^32); the
        reduction as ``y - (y // m) m`` (numpy's scalar floor division is several times faster than ``%``)."""
        y = np.asarray(a0, dtype=np.uint32) ^ np.asarray(a1x, dtype=np.uint32)
        if self.family == "gf2-affine-mod":
            m = np.uint32(self.m)
            y -= (y // m) * m
        return y

    def protocol_at(self, values, at, trials, rng) -> np.ndarray:
        """``trials`` runs of the real protocol on the clients' ``values``; the estimates ``f_hat(v)`` for v in
        ``at``, shape (trials, len(at))."""
        values, rng = check_values(values, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        at = np.asarray(at, dtype=np.int64).ravel()
        if at.size == 0 or at.min() < 0 or at.max() >= self.d:
            raise ParameterError(f"values to estimate must be a non-empty list of inputs 0..{self.d - 1}")
        n = len(values)
        check_count(f"per-client CMS: n = {n} clients x {self.inner.client_cost} report entries",
                    n * self.inner.client_cost, limit=MAX_CLIENT_ENTRIES, unit="report entries")
        step = max(1, CHUNK // max(len(at), self.m))
        u = np.full(self.m, self.inner.u)
        out = np.empty((trials, len(at)))
        tables = gf2.constant_tables(at, self.l)  # a1 -> a1 v for every v in at, built once
        for t in range(trials):
            T = np.zeros(len(at))
            for s in range(0, n, step):
                x = values[s:s + step]
                b = len(x)
                a0 = rng.integers(0, self.size, size=b, dtype=np.int64)  # the client's draw of (a0, a1)
                a1 = rng.integers(0, self.size, size=b, dtype=np.int64)
                r = self._hash(a0, gf2.multiply(a1, x, self.l)).astype(np.int64)  # client: h(x) by field arithmetic
                report = self.inner.perturb(r, rng)
                hv = self._hash(a0[:, None], gf2.apply_tables(a1, tables, self.l))  # server: h_i(v), v in at
                if self.inner_name == "rr":  # ind(a, z) = 1[z = a], u constant
                    T += u[0] * (hv == report[0].astype(np.uint32)[:, None]).sum(axis=0)
                else:
                    Ind = self.inner.indicators(np.arange(b), report, b)  # (client, bucket)
                    T += (u[hv] * np.take_along_axis(Ind, hv.astype(np.intp), axis=1)).sum(axis=0)
            out[t] = (self.scale * (n * float(self.inner.w) + T) - self.offset * n) / n
        return out
