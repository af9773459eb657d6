"""Simulators of the Hadamard mechanisms HE, HR and RHR (pan-cms Sections 4.1-4.3 and Appendix G), with the law
of the exact builders of :mod:`ldpref.mechanisms.variants` (registry names ``he``, ``hr``, ``rhr``).

H is the Walsh-Hadamard matrix of power-of-two size s, ``H[i][j] = (-1)^{popcount(i & j)}`` (Appendix G).

* HE: value x draws a column j uniformly and reports ``(j, z)``, z = ``H[x+1][j]`` through binary randomised
  response (keep w.p. e/(e+1)); decoder ``Q[x, (j, z)] = H_hat(z) H[j][x+1]``, ``H_hat(z) = z (e+1)/(e-1)``.
* HR: a public row j, the bit ``[H[j][x+1] = +1]`` through binary randomised response; its decoder reads the
  bit back as +-1, so its law and estimate are HE's with the labels ``j:1``/``j:0`` for ``j:+1``/``j:-1``.
* RHR (b bits, B = 2^(b-1), m = 2^b): x = a B + r, a column j, the message ``(H[a+1][j], r)`` through m-ary
  randomised response; decoders ``hadamard`` (unbiased) and ``eq2`` (pan-cms Eq. (2)), as the builder.

The server aggregates the report counts per column and decodes by one fast Walsh-Hadamard transform
(O(s log s), per residue r for RHR).  Real protocol: O(n) vectorised.  Sufficient sampler: per input value one
multinomial of its count over the s columns, then binomials / one multinomial per column for the randomised
response: **cost O(d s)** (s is about d for HE / HR, about d / B for RHR; independent of n); it is refused
by :func:`ldpref.limits.check_count` above :data:`MAX_SUFFICIENT_CELLS` value-column cells rather than
allocating the d x s table.
"""

from __future__ import annotations

import numpy as np
import sympy

from ..errors import ParameterError
from ..limits import check_count
from ..mechanisms._params import check_d
from .base import BatchedProtocol, check_counts, check_rng, check_trials, register, to_float
from .pure import _exp

#: the sufficient samplers hold a d x s table of counts (int64): at most this many cells
MAX_SUFFICIENT_CELLS = 5 * 10**7


def fwht(a: np.ndarray) -> np.ndarray:
    """Walsh-Hadamard transform along the last axis (length a power of two): ``out[..., i] = sum_j
    (-1)^{popcount(i & j)} a[..., j]``, O(s log s)."""
    a = np.array(a, dtype=np.float64)
    s = a.shape[-1]
    lead = a.shape[:-1]
    h = 1
    while h < s:
        v = a.reshape(*lead, s // (2 * h), 2, h)
        x, y = v[..., 0, :], v[..., 1, :]
        a = np.stack((x + y, x - y), axis=-2).reshape(*lead, s)
        h *= 2
    return a


def hadamard_sign(i, j) -> np.ndarray:
    """``H[i][j] = (-1)^{popcount(i & j)}`` elementwise (int64 arrays)."""
    return 1 - 2 * (np.bitwise_count(np.bitwise_and(i, j)) & 1).astype(np.int64)


def _check_cells(name: str, cells: int, what: str) -> None:
    check_count(f"the sufficient sampler of {name} ({what})", cells, limit=MAX_SUFFICIENT_CELLS, unit="cells",
                alternative="use the real protocol")


class _Batched(BatchedProtocol):
    """Both methods through per-trial statistics: the protocol as :class:`BatchedProtocol`; subclasses add
    ``_sufficient_stats(counts, trials, rng)`` (the same statistics in law), ``_cells()`` and ``_cells_text()``."""

    def _client_cost(self):
        return 3

    def sufficient(self, counts, rng):
        return self.sufficient_many(counts, 1, rng)[0]

    def sufficient_many(self, counts, trials, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        cells = self._cells()
        _check_cells(self.name, cells, self._cells_text())
        n = int(counts.sum())
        per = max(1, MAX_SUFFICIENT_CELLS // cells)
        return np.concatenate([self._decode(self._sufficient_stats(counts, min(per, trials - t), rng), n)
                               for t in range(0, trials, per)])


class HadamardSimulator(_Batched):
    """HE (``he``) and HR (``hr``): one Hadamard column, binary randomised response on its sign."""

    def _client_cost(self):
        return 2

    def __init__(self, name, d, exp_eps, size=None):
        from ..mechanisms.variants import _hadamard_size

        d, e = check_d(d), _exp(exp_eps)
        self.name, self.d, self.exp_eps = name, d, e
        self.s = _hadamard_size(d, size, f"{name.upper()} with d = {d}")
        self.params = {"d": d, "exp_eps": e, "size": size}
        self.keep = to_float(e / (e + 1))
        self.scale = to_float((e + 1) / (e - 1))  # H_hat(z) = z / (keep - flip)

    def _cells(self):
        return self.d * self.s

    def _cells_text(self):
        return f"d = {self.d} values x {self.s} Hadamard columns"

    def _decode(self, w, n):
        """``f_hat_x = scale/n sum_j H[j][x+1] w_j``, w_j = #(+1) - #(-1) reports in column j; w: (trials, s)."""
        return self.scale / n * fwht(w)[:, 1:self.d + 1]

    def _stats(self, x, trials, rng):
        s = self.s
        j = rng.integers(0, s, size=(trials, x.size))
        sign = hadamard_sign(x + 1, j)
        keep = rng.random((trials, x.size)) < self.keep
        if self.name == "hr":  # the bit [H[j][x+1] = +1], randomised, read back as +-1 by the server
            bit = sign == 1
            plus = np.where(keep, bit, ~bit)
        else:
            plus = np.where(keep, sign, -sign) == 1
        idx = np.arange(trials)[:, None] * s + j
        size = trials * s
        w = np.bincount(idx[plus], minlength=size) - np.bincount(idx[~plus], minlength=size)
        return w.reshape(trials, s)

    def _sufficient_stats(self, counts, trials, rng):
        per_column = rng.multinomial(counts, np.full(self.s, 1.0 / self.s), size=(trials, self.d))  # T x d x s
        positive = hadamard_sign(np.arange(1, self.d + 1)[:, None], np.arange(self.s)[None, :]) == 1
        plus = (per_column * positive).sum(axis=1)  # clients whose true sign in column j is +1
        minus = (per_column * ~positive).sum(axis=1)
        reports_plus = rng.binomial(plus, self.keep) + rng.binomial(minus, 1.0 - self.keep)
        return 2 * reports_plus - (plus + minus)

    def exact(self):
        from ..mechanisms.variants import hadamard_encoding, hadamard_response

        return (hadamard_encoding if self.name == "he" else hadamard_response)(self.d, self.exp_eps, self.s)


class RHRSimulator(_Batched):
    """Recursive Hadamard Response with b bits (``rhr``)."""

    def __init__(self, d, exp_eps, b=2, size=None, decoder="hadamard"):
        from ..mechanisms.variants import _hadamard_size

        d, e = check_d(d), _exp(exp_eps)
        if isinstance(b, bool) or not isinstance(b, int) or b < 1:
            raise ParameterError(f"b = {b!r} must be an integer >= 1")
        if b > 30:
            raise ParameterError(f"b = {b}: at most 30 bits (2^b messages per column are counted)")
        if decoder not in ("hadamard", "eq2"):
            raise ParameterError(f"decoder {decoder!r}: choose 'hadamard' or 'eq2'")
        self.name, self.d, self.exp_eps, self.b, self.decoder = "rhr", d, e, b, decoder
        self.B, self.m = 1 << (b - 1), 1 << b
        self.s = _hadamard_size(-(-d // self.B), size, f"RHR with d = {d}, b = {b}")
        self.params = {"d": d, "b": b, "exp_eps": e, "size": size, "decoder": decoder}
        check_count(f"rhr with d = {d}, b = {b}: the report counts ({self.s} columns x 2^{b} messages)",
                    self.s * self.m, limit=MAX_SUFFICIENT_CELLS, unit="cells")
        m = self.m
        p, q = e / (e + m - 1), 1 / (e + m - 1)
        self.p, self.lam = to_float(p), to_float(q * m)  # m-ary RR: keep, or re-draw uniformly over all m
        self.unit = to_float(1 / (p - q))
        y_hit, y_miss = (1 - q) / (p - q), -q / (p - q)
        self.eq2_hit = to_float(sympy.Rational(m, m - 1) * y_hit - sympy.Rational(1, m - 1))
        self.eq2_miss = to_float(sympy.Rational(m, m - 1) * y_miss - sympy.Rational(1, m - 1))
        x = np.arange(d)
        self._a, self._r = x // self.B, x % self.B

    def _cells(self):
        return max(self.d, self.m) * self.s

    def _cells_text(self):
        return f"max(d = {self.d}, 2^b = {self.m}) x {self.s} Hadamard columns"

    def _messages(self, x, j):
        """The message index of x in column j: r for sign +1, B + r for sign -1 (variants.rhr_message)."""
        sign = hadamard_sign(x // self.B + 1, j)
        return x % self.B + np.where(sign == 1, 0, self.B)

    def _decode(self, cnt, n):
        """f_hat (trials x d) from the report counts cnt (trials x s x m)."""
        B = self.B
        diff = np.swapaxes(cnt[..., :B] - cnt[..., B:], -1, -2)  # trials x B x s: (+, r) minus (-, r)
        signed = fwht(diff)[:, self._r, self._a + 1]  # sum_j H[a+1][j] diff[r][j]
        if self.decoder == "hadamard":
            return self.unit / n * signed
        both = (cnt[..., :B] + cnt[..., B:]).sum(axis=1)[:, self._r]
        return self.eq2_miss + (self.eq2_hit - self.eq2_miss) / n * 0.5 * (both + signed)

    def _stats(self, x, trials, rng):
        m, s = self.m, self.s
        j = rng.integers(0, s, size=(trials, x.size))
        msg = self._messages(x, j)
        other = (msg + 1 + rng.integers(0, m - 1, size=(trials, x.size))) % m
        z = np.where(rng.random((trials, x.size)) < self.p, msg, other)
        idx = (np.arange(trials)[:, None] * s + j) * m + z
        return np.bincount(idx.ravel(), minlength=trials * s * m).reshape(trials, s, m)

    def _sufficient_stats(self, counts, trials, rng):
        m, s, d = self.m, self.s, self.d
        per_column = rng.multinomial(counts, np.full(s, 1.0 / s), size=(trials, d))  # T x d x s
        msg = self._messages(np.arange(d)[:, None], np.arange(s)[None, :])  # d x s
        idx = (np.arange(trials)[:, None, None] * s + np.arange(s)[None, None, :]) * m + msg[None, :, :]
        true = np.zeros(trials * s * m, dtype=np.int64)
        np.add.at(true, idx.ravel(), per_column.ravel())
        true = true.reshape(trials, s, m)
        redraw = rng.binomial(true, self.lam)
        return true - redraw + rng.multinomial(redraw.sum(axis=-1), np.full(m, 1.0 / m))

    def exact(self):
        from ..mechanisms.variants import recursive_hadamard_response

        return recursive_hadamard_response(self.d, self.b, self.exp_eps, self.s, self.decoder)


register("he", lambda d, exp_eps, size=None: HadamardSimulator("he", d, exp_eps, size))
register("hr", lambda d, exp_eps, size=None: HadamardSimulator("hr", d, exp_eps, size))
register("rhr", RHRSimulator)

__all__ = ["HadamardSimulator", "RHRSimulator", "fwht", "hadamard_sign", "MAX_SUFFICIENT_CELLS"]
