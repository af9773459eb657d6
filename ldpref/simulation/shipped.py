"""Simulators of the built-ins libraries ship (:mod:`ldpref.mechanisms.shipped`): ``hr-acharya``, ``hm``,
``hcms``, ``fastlh``, with the law of the exact builders of the same names and keys.

Real protocol (:meth:`protocol`): every client runs its source's randomiser -- Acharya et al. (AISTATS 2019
Sections 4-5), by the paper's coupling: a uniform symbol of [K] w.p. 2B/(2B-1+e), else a uniform symbol of
C_x (a uniform position of x's block, moved into C_x by flipping the lowest set bit of its row when needed, a
bijection between the halves); the Hadamard
mechanism (Cormode et al. SIGMOD 2018 Section 4.3): t uniform columns, the t signs kept together w.p.
e/(e + 2^t - 1), else XOR-ed with a uniform non-zero mask; HCMS (Apple 2017): a uniform (j, l), the sign
``H[l][h_j(x)]`` flipped w.p. 1/(e+1); FastLH: a uniform j, g-ary randomised response of ``h_j(x)``.  The
server computes the sources' estimators from the aggregates (a fast Walsh-Hadamard transform for the first
three, support counts for FastLH).

Sufficient sampler (:meth:`sufficient`): per input value, one multinomial of its count over the report
labels with the exact law (the exact probabilities converted explicitly to float), then the same aggregates
and server: the same law as the protocol, cost O(d x outputs) independent of n (refused above
:data:`MAX_SUFFICIENT_CELLS` value-output cells).  Hash tables come from the exact builders' families, so
both follow the same fixed family.
"""

from __future__ import annotations

import itertools

import numpy as np

from ..errors import ParameterError
from ..limits import check_count
from ..mechanisms._params import check_d
from .base import BatchedProtocol, check_counts, check_rng, check_trials, register, to_float
from .hadamard import MAX_SUFFICIENT_CELLS, fwht, hadamard_sign
from .pure import _exp


class _Shipped(BatchedProtocol):
    """Common machinery: ``_reports(x, trials, rng)`` -> report indices (trials, n) in the exact builder's
    output order; ``self.R`` (outputs x aggregate) maps report counts to the server's aggregate;
    ``self.law`` (d x outputs) the exact law as floats; ``_decode(aggregate, n)`` the server."""

    def _stats(self, x, trials, rng):
        idx = self._reports(x, trials, rng)
        n_out = self.law.shape[1]
        flat = (np.arange(trials)[:, None] * n_out + idx).ravel()
        counts = np.bincount(flat, minlength=trials * n_out).reshape(trials, n_out)
        return counts @ self.R

    def sufficient(self, counts, rng):
        return self.sufficient_many(counts, 1, rng)[0]

    def sufficient_many(self, counts, trials, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        n = int(counts.sum())
        reports = np.zeros((trials, self.law.shape[1]), dtype=np.int64)
        for v in range(self.d):
            if counts[v]:
                reports += rng.multinomial(int(counts[v]), self.law[v], size=trials)
        return self._decode(reports @ self.R, n)

    def _check_outputs(self, n_out: int):
        check_count(f"the simulator of {self.name} (d = {self.d} values x {n_out} outputs)", self.d * n_out,
                    limit=MAX_SUFFICIENT_CELLS, unit="cells")

    def _normalised(self, law):
        law = np.asarray(law, dtype=np.float64)
        return law / law.sum(axis=1, keepdims=True)  # rounding only: every exact row sums to 1


class HRAcharyaSimulator(_Shipped):
    """``hr-acharya``: one symbol of [K] (K = B b); the server transforms each block once."""

    def __init__(self, d, exp_eps, size=None, blocks=1):
        from ..mechanisms.shipped import hr_acharya_blocks

        d, e = check_d(d), _exp(exp_eps)
        self.name, self.d, self.exp_eps = "hr-acharya", d, e
        self.B, self.b = hr_acharya_blocks(d, blocks, size)
        self.K = self.B * self.b
        self._check_outputs(self.K)
        self.params = {"d": d, "exp_eps": e, "size": size, "blocks": blocks}
        self.uniform = to_float(2 * self.B / (2 * self.B - 1 + e))  # the paper's coupling: uniform over [K]
        self.scale = to_float((2 * self.B - 1 + e) / (e - 1))
        x = np.arange(d)
        self._block, self._row = x // (self.b - 1), x % (self.b - 1) + 1
        y = np.arange(self.K)
        inside = (self._block[:, None] == y[None, :] // self.b) & \
            (hadamard_sign(self._row[:, None], y[None, :] % self.b) == 1)
        self.law = self._normalised(np.where(inside, to_float(2 * e / (self.b * (2 * self.B - 1 + e))),
                                             to_float(2 / (self.b * (2 * self.B - 1 + e)))))
        self.R = np.eye(self.K, dtype=np.int64)

    def _reports(self, x, trials, rng):
        b, r = self.b, self._row[x]
        anywhere = rng.integers(0, self.K, size=(trials, x.size))
        pos = rng.integers(0, b, size=(trials, x.size))
        low = r & -r  # flipping this bit of pos flips the parity of popcount(r & pos)
        pos = np.where(hadamard_sign(r, pos) == 1, pos, pos ^ low)  # uniform over the b/2 columns of C_x
        in_set = self._block[x] * b + pos
        return np.where(rng.random((trials, x.size)) < self.uniform, anywhere, in_set)

    def _decode(self, c, n):
        per_block = fwht(c.reshape(-1, self.B, self.b))  # trials x B x b
        return self.scale / n * per_block[:, self._block, self._row]

    def exact(self):
        from ..mechanisms.shipped import hadamard_response_acharya

        return hadamard_response_acharya(self.d, self.exp_eps, self.b, self.B)


class HMSimulator(_Shipped):
    """``hm``: t (column, sign) pairs; the server sums signs per column and transforms once."""

    def __init__(self, d, exp_eps, t=1, size=None):
        from ..mechanisms.shipped import _hm_size, hm_sign_keep

        d, e = check_d(d), _exp(exp_eps)
        if isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= 16:
            raise ParameterError(f"t = {t!r} must be an integer in 1..16")
        self.name, self.d, self.exp_eps, self.t = "hm", d, e, t
        self.s = s = _hm_size(d, size)
        T = 1 << t
        self._check_outputs(s**t * T)
        self.params = {"d": d, "exp_eps": e, "t": t, "size": size}
        self.keep = to_float(e / (e + T - 1))
        self.unit = to_float(1 / (t * (2 * hm_sign_keep(e, t) - 1)))
        cols = np.array(list(itertools.product(range(s), repeat=t)), dtype=np.int64).reshape(-1, t)  # s^t x t
        masks = np.array(list(itertools.product((0, 1), repeat=t)), dtype=np.int64).reshape(-1, t)  # bit 1: sign -1
        signs = 1 - 2 * masks  # T x t
        # R[(js, zs), j] = sum_i z_i [j_i = j]
        R = np.zeros((len(cols), T, s), dtype=np.int64)
        for i in range(t):
            np.add.at(R, (np.arange(len(cols))[:, None], np.arange(T)[None, :], cols[:, i][:, None]),
                      signs[None, :, i])
        self.R = R.reshape(-1, s)
        true = hadamard_sign(cols[None, :, :], np.arange(d)[:, None, None])  # d x s^t x t
        match = (true[:, :, None, :] == signs[None, None, :, :]).all(axis=-1)  # d x s^t x T
        self.law = self._normalised(np.where(match, to_float(e / (e + T - 1) / s**t),
                                             to_float(1 / (e + T - 1) / s**t)).reshape(d, -1))
        self._weights = (1 << np.arange(t - 1, -1, -1)).astype(np.int64)
        self._col_weights = (s ** np.arange(t - 1, -1, -1)).astype(np.int64)

    def _client_cost(self):
        return 2 * self.t + 2

    def _reports(self, x, trials, rng):
        t, T = self.t, 1 << self.t
        js = rng.integers(0, self.s, size=(trials, x.size, t))
        bits = (hadamard_sign(js, x[None, :, None]) == -1).astype(np.int64) @ self._weights  # true tuple index
        other = rng.integers(1, T, size=(trials, x.size))  # XOR with a uniform non-zero mask: a uniform other
        z = np.where(rng.random((trials, x.size)) < self.keep, bits, bits ^ other)
        return (js @ self._col_weights) * T + z

    def _decode(self, agg, n):
        return self.unit / n * fwht(agg)[:, :self.d]

    def exact(self):
        from ..mechanisms.shipped import hadamard_mechanism

        return hadamard_mechanism(self.d, self.exp_eps, self.t, self.s)


class HCMSSimulator(_Shipped):
    """``hcms``: Apple's sketch M[j][l] of signed reports, transformed along l, read at h_j(x)."""

    def __init__(self, d, exp_eps, m=None, k=None, l=None, family="gf2-affine", seed=None):
        import warnings

        from ..errors import NonUniformFamilyWarning
        from ..mechanisms.variants import make_family

        d, e = check_d(d), _exp(exp_eps)
        if m is not None and (isinstance(m, bool) or not isinstance(m, int) or m < 2 or m & (m - 1)):
            raise ParameterError(f"hcms: m = {m} must be a power of two (the Hadamard transform has size m)")
        with warnings.catch_warnings():  # the exact builder warns; the simulator follows the same family
            warnings.simplefilter("ignore", NonUniformFamilyWarning)
            fam = make_family(d, family=family, m=m, k=k, l=l, seed=seed)
        self.name, self.d, self.exp_eps = "hcms", d, e
        self.m, self.k = fam.m, fam.k
        self._check_outputs(2 * fam.k * fam.m)
        self.params = {"d": d, "exp_eps": e, "m": m, "k": k, "l": l, "family": family, "seed": seed}
        self._family_args = dict(family=family, m=m, k=k, l=l, seed=seed)
        self.table = np.asarray(fam.functions, dtype=np.int64)  # k x d
        self.keep = to_float(e / (e + 1))
        self.c = to_float((e + 1) / (e - 1))
        km = self.k * self.m
        self.R = np.zeros((2 * km, km), dtype=np.int64)
        self.R[2 * np.arange(km), np.arange(km)] = 1
        self.R[2 * np.arange(km) + 1, np.arange(km)] = -1
        true = hadamard_sign(np.arange(self.m)[None, None, :], self.table.T[:, :, None])  # d x k x m
        plus = np.where(true == 1, self.keep, 1 - self.keep) / km
        self.law = self._normalised(np.stack([plus, 1 / km - plus], axis=-1).reshape(d, -1))

    def _client_cost(self):
        return 3

    def _reports(self, x, trials, rng):
        j = rng.integers(0, self.k, size=(trials, x.size))
        col = rng.integers(0, self.m, size=(trials, x.size))
        sign = hadamard_sign(col, self.table[j, x[None, :]])
        b = np.where(rng.random((trials, x.size)) < self.keep, sign, -sign)
        return ((j * self.m + col) * 2 + (b == -1)).astype(np.int64)

    def _decode(self, M, n):
        M = fwht(M.reshape(-1, self.k, self.m))  # M[j][a] = sum_l H[l][a] M[j][l]
        read = M[:, np.arange(self.k)[:, None], self.table].sum(axis=1)  # trials x d: sum_j M[j][h_j(x)]
        return self.m / (self.m - 1) * (self.c * read / n - 1 / self.m)

    def exact(self):
        from ..mechanisms.shipped import build_hcms

        return build_hcms(self.d, self.exp_eps, **self._family_args)


class FastLHSimulator(_Shipped):
    """``fastlh``: a uniform j of k fixed functions, g-ary RR of h_j(x); support counts at the server."""

    def __init__(self, d, exp_eps, k, g=2, seed=None):
        from ..mechanisms.shipped import fastlh_family

        d, e = check_d(d), _exp(exp_eps)
        fam = fastlh_family(d, g, k, 0 if seed is None else seed)
        self.name, self.d, self.exp_eps, self.k, self.g = "fastlh", d, e, fam.k, fam.m
        self._check_outputs(fam.k * fam.m)
        self.params = {"d": d, "exp_eps": e, "k": k, "g": g, "seed": seed}
        self.table = np.asarray(fam.functions, dtype=np.int64)
        p = e / (e + fam.m - 1)
        self.p, self.pf, self.gf = p, to_float(p), 1.0 / fam.m
        self.R = np.eye(fam.k * fam.m, dtype=np.int64)
        hit = self.table.T[:, :, None] == np.arange(fam.m)[None, None, :]  # d x k x g
        self.law = self._normalised(np.where(hit, to_float(p / fam.k), to_float((1 - p) / ((fam.m - 1) * fam.k)))
                                    .reshape(d, -1))

    def _reports(self, x, trials, rng):
        j = rng.integers(0, self.k, size=(trials, x.size))
        h = self.table[j, x[None, :]]
        other = (h + rng.integers(1, self.g, size=(trials, x.size))) % self.g
        y = np.where(rng.random((trials, x.size)) < self.pf, h, other)
        return j * self.g + y

    def _decode(self, counts, n):
        counts = counts.reshape(-1, self.k, self.g)
        support = counts[:, np.arange(self.k)[:, None], self.table].sum(axis=1)  # trials x d
        return (support / n - self.gf) / (self.pf - self.gf)

    def exact(self):
        from ..mechanisms.shipped import fast_local_hashing

        import warnings

        from ..errors import NonUniformFamilyWarning

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", NonUniformFamilyWarning)
            return fast_local_hashing(self.d, self.exp_eps, self.k, self.g, self.params["seed"])


register("hr-acharya", HRAcharyaSimulator)
register("hm", HMSimulator)
register("hcms", HCMSSimulator)
register("fastlh", FastLHSimulator)

__all__ = ["HRAcharyaSimulator", "HMSimulator", "HCMSSimulator", "FastLHSimulator"]
