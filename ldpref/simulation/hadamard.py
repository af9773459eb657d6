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
from .base import CHUNK, MAX_PROTOCOL_DRAWS, Simulator, check_counts, check_rng, check_values, register, to_float
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


def _check_cells(name: str, d: int, s: int) -> None:
    check_count(f"the sufficient sampler of {name} (d = {d} values x {s} Hadamard columns)", d * s,
                limit=MAX_SUFFICIENT_CELLS, unit="cells", alternative="use the real protocol")


def _protocol_draws(name: str, draws: int) -> None:
    check_count(f"the real protocol of {name}", draws, limit=MAX_PROTOCOL_DRAWS, unit="random draws")


class HadamardSimulator(Simulator):
    """HE (``he``) and HR (``hr``): one Hadamard column, binary randomised response on its sign."""

    def __init__(self, name, d, exp_eps, size=None):
        from ..mechanisms.variants import _hadamard_size

        d, e = check_d(d), _exp(exp_eps)
        self.name, self.d, self.exp_eps = name, d, e
        self.s = _hadamard_size(d, size, f"{name.upper()} with d = {d}")
        self.params = {"d": d, "exp_eps": e, "size": size}
        self.keep = to_float(e / (e + 1))
        self.scale = to_float((e + 1) / (e - 1))  # H_hat(z) = z / (keep - flip)

    def _decode(self, signed_per_column, n):
        """``f_hat_x = scale/n sum_j H[j][x+1] w_j`` with w_j = (#(+1) - #(-1)) reports in column j."""
        return self.scale / n * fwht(signed_per_column)[1:self.d + 1]

    def protocol(self, values, rng):
        values, rng = check_values(values, self.d), check_rng(rng)
        n = values.size
        _protocol_draws(self.name, 2 * n)
        w = np.zeros(self.s, dtype=np.int64)
        for start in range(0, n, CHUNK):
            x = values[start:start + CHUNK]
            j = rng.integers(0, self.s, size=x.size)
            sign = hadamard_sign(x + 1, j)
            if self.name == "hr":  # the bit [H[j][x+1] = +1], randomised, read back as +-1 by the server
                bit = sign == 1
                reported = np.where(rng.random(x.size) < self.keep, bit, ~bit)
                z = np.where(reported, 1, -1)
            else:
                z = np.where(rng.random(x.size) < self.keep, sign, -sign)
            w += _signed_bincount(j, z, self.s)
        return self._decode(w, n)

    def sufficient(self, counts, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        _check_cells(self.name, self.d, self.s)
        n = int(counts.sum())
        per_column = rng.multinomial(counts, np.full(self.s, 1.0 / self.s))  # d x s
        sign = hadamard_sign(np.arange(1, self.d + 1)[:, None], np.arange(self.s)[None, :])
        plus = (per_column * (sign == 1)).sum(axis=0)  # clients whose true sign in column j is +1
        minus = (per_column * (sign == -1)).sum(axis=0)
        reports_plus = rng.binomial(plus, self.keep) + rng.binomial(minus, 1.0 - self.keep)
        return self._decode(2 * reports_plus - (plus + minus), n)

    def exact(self):
        from ..mechanisms.variants import hadamard_encoding, hadamard_response

        return (hadamard_encoding if self.name == "he" else hadamard_response)(self.d, self.exp_eps, self.s)


def _signed_bincount(j, z, s):
    return np.bincount(j[z == 1], minlength=s) - np.bincount(j[z == -1], minlength=s)


class RHRSimulator(Simulator):
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
        m = self.m
        p, q = e / (e + m - 1), 1 / (e + m - 1)
        self.p, self.lam = to_float(p), to_float(q * m)  # m-ary RR: keep, or re-draw uniformly over all m
        self.unit = to_float(1 / (p - q))
        y_hit, y_miss = (1 - q) / (p - q), -q / (p - q)
        self.eq2_hit = to_float(sympy.Rational(m, m - 1) * y_hit - sympy.Rational(1, m - 1))
        self.eq2_miss = to_float(sympy.Rational(m, m - 1) * y_miss - sympy.Rational(1, m - 1))
        x = np.arange(d)
        self._a, self._r = x // self.B, x % self.B

    def _messages(self, x, j):
        """The message index of x in column j: r for sign +1, B + r for sign -1 (variants.rhr_message)."""
        sign = hadamard_sign(x // self.B + 1, j)
        return x % self.B + np.where(sign == 1, 0, self.B)

    def _decode(self, cnt, n):
        """f_hat from the report counts cnt (s x m)."""
        diff = (cnt[:, :self.B] - cnt[:, self.B:]).T  # B x s: (+, r) minus (-, r) per column
        transformed = fwht(diff)  # B x s, row r: sum_j H[i][j] diff[r][j]
        signed = transformed[self._r, self._a + 1]
        if self.decoder == "hadamard":
            return self.unit / n * signed
        both = (cnt[:, :self.B] + cnt[:, self.B:]).sum(axis=0)[self._r]
        return self.eq2_miss + (self.eq2_hit - self.eq2_miss) / n * 0.5 * (both + signed)

    def protocol(self, values, rng):
        values, rng = check_values(values, self.d), check_rng(rng)
        n, m, s = values.size, self.m, self.s
        _protocol_draws("rhr", 3 * n)
        cnt = np.zeros(s * m, dtype=np.int64)
        for start in range(0, n, CHUNK):
            x = values[start:start + CHUNK]
            j = rng.integers(0, s, size=x.size)
            msg = self._messages(x, j)
            other = (msg + 1 + rng.integers(0, m - 1, size=x.size)) % m
            z = np.where(rng.random(x.size) < self.p, msg, other)
            cnt += np.bincount(j * m + z, minlength=s * m)
        return self._decode(cnt.reshape(s, m), n)

    def sufficient(self, counts, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        _check_cells("rhr", self.d, self.s)
        n, m, s = int(counts.sum()), self.m, self.s
        per_column = rng.multinomial(counts, np.full(s, 1.0 / s))  # d x s
        cols = np.arange(s)[None, :]
        msg = self._messages(np.arange(self.d)[:, None], cols)
        true = np.zeros(s * m, dtype=np.int64)
        np.add.at(true, (cols * m + msg).ravel(), per_column.ravel())
        true = true.reshape(s, m)
        redraw = rng.binomial(true, self.lam)
        cnt = true - redraw + rng.multinomial(redraw.sum(axis=1), np.full(m, 1.0 / m))
        return self._decode(cnt, n)

    def exact(self):
        from ..mechanisms.variants import recursive_hadamard_response

        return recursive_hadamard_response(self.d, self.b, self.exp_eps, self.s, self.decoder)


register("he", lambda d, exp_eps, size=None: HadamardSimulator("he", d, exp_eps, size))
register("hr", lambda d, exp_eps, size=None: HadamardSimulator("hr", d, exp_eps, size))
register("rhr", RHRSimulator)

__all__ = ["HadamardSimulator", "RHRSimulator", "fwht", "hadamard_sign", "MAX_SUFFICIENT_CELLS"]
