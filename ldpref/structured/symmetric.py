"""Symmetric structured models: entries that depend only on which of v, w, x coincide.

Every pure protocol built by :mod:`ldpref.mechanisms.pure` (GRR, SUE, OUE, Subset Selection) is
invariant under permutations of the inputs, so with its support-set decoder

* ``B[v][x]`` and ``A[v][x]`` take one value for ``x = v`` and one for ``x != v``;
* ``C[v][w][x]`` (v != w) takes one value for ``x in {v, w}`` and one for ``x not in {v, w}``.

The moments of :mod:`ldpref.moments` (pan-strict Appendix A.1) then collapse to O(1) per value:
``E_v = (c_v B= + (n - c_v) B!=)/n``, ``Var_v = (c_v (A= - B=^2) + (n - c_v)(A!= - B!=^2))/n^2``.
"""

from __future__ import annotations

from .base import MAX_D, StructuredModel, check_size
from .field import Field


class SymmetricModel(StructuredModel):
    """A permutation-symmetric model given by its six constants (domain elements)."""

    def __init__(self, name: str, d: int, field: Field, *, b_eq, b_ne, a_eq, a_ne, pair_in, pair_out):
        check_size(f"{name}: d", d, MAX_D)
        self.name, self.d, self.field = name, d, field
        self.b_eq, self.b_ne, self.a_eq, self.a_ne = b_eq, b_ne, a_eq, a_ne
        self.pair_in, self.pair_out = pair_in, pair_out

    def b(self, v, x):
        return self.b_eq if v == x else self.b_ne

    def a(self, v, x):
        return self.a_eq if v == x else self.a_ne

    def pair(self, v, w, x):
        return self.pair_in if x in (v, w) else self.pair_out

    # -- O(1) moments per value (c: counts as domain elements, n: their sum) -------------------
    def mean_term(self, v, c, n):
        return (c[v] * self.b_eq + (n - c[v]) * self.b_ne) / n

    def variance_term(self, v, c, n):
        return (c[v] * (self.a_eq - self.b_eq**2) + (n - c[v]) * (self.a_ne - self.b_ne**2)) / (n * n)

    def covariance_term(self, v, w, c, n):
        if v == w:
            return self.variance_term(v, c, n)
        inside, rest = c[v] + c[w], n - c[v] - c[w]
        first = inside * self.pair_in + rest * self.pair_out
        second = inside * self.b_eq * self.b_ne + rest * self.b_ne**2
        return (first - second) / (n * n)


def support_set_model(name: str, d: int, field: Field, *, p_dec, q_dec, p, q, both_in, both_out) -> SymmetricModel:
    """A symmetric pure protocol with the support-set decoder ``(1[v in S(y)] - q_dec)/(p_dec - q_dec)``
    (jiang-gcms Section II-B, Eq. (1); Wang et al. 2017).

    ``p = P(v in S | x = v)``, ``q = P(v in S | x != v)``; ``both_in = P(v, w in S | x in {v, w})``,
    ``both_out = P(v, w in S | x not in {v, w})`` (v != w).  The decoder constants are separate from the
    marginals so that a mismatched decoder (a biased estimator) is representable.
    """
    g = p_dec - q_dec
    gg = g * g

    def second(m):  # E[(I - q_dec)^2] for an indicator I with P(I = 1) = m
        return (m * (1 - 2 * q_dec) + q_dec * q_dec) / gg

    def joint(m2, mv, mw):  # E[(I_v - q_dec)(I_w - q_dec)]
        return (m2 - q_dec * (mv + mw) + q_dec * q_dec) / gg

    model = SymmetricModel(
        name, d, field,
        b_eq=(p - q_dec) / g, b_ne=(q - q_dec) / g,
        a_eq=second(p), a_ne=second(q),
        pair_in=joint(both_in, p, q), pair_out=joint(both_out, q, q),
    )
    model.support, model.decoder = (p, q), (p_dec, q_dec)
    return model
