"""CMS with a per-client hash from a pairwise family with a constant collision rate, in closed form
(pan-cms Section 3.1-3.2 with Lemma 3.1's ``c_bar``; Section 3.5's GF(2^l) family ``H'``, Lemma 3.2).

Every client draws its own function uniformly from the family (pan-cms Fig. 1 and Section 5.2: "hash-function
assignment uniformly samples from H for each object"), so the clients are independent and a client's term
``s Q_R[h(v), z] - o`` depends on the family only through ``1[h(v) = h(x)]``, which is 1 with probability
``c_bar`` for x != v.  With the per-function terms of :class:`.sketch.SketchTerms`:

* ``E[f_hat_v] = (c_v gB1 + (n - c_v) g)/n``,  ``g = c_bar gB1 + (1 - c_bar) gB0``;
* ``Var[f_hat_v] = (c_v (gA1 - gB1^2) + (n - c_v) (A - g^2))/n^2``,  ``A = c_bar gA1 + (1 - c_bar) gA0``.

This is exactly what :class:`.sketch.FixedSketchModel` computes from the listed family (each function used
with probability 1/k), without listing its 4^l functions -- so l up to 32 (d up to 2^32) costs O(1) per
value.  ``c_bar = 1/m`` gives the ideal family's per-client limit (:mod:`.ideal` with k -> infinity).
Covariances need the collision pattern of three values, which a pairwise family does not fix: refused.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import ParameterError
from .base import MAX_D, check_size
from .sketch import SketchTerms
from .symmetric import SymmetricModel


class PairwiseSketchModel:
    """A per-client sketch over a family with constant collision rate ``rate`` (closed form; E, Var, MSE)."""

    def __init__(self, name: str, d: int, inner: SymmetricModel, scale, offset, rate: Fraction):
        check_size(f"{name}: d", d, MAX_D)
        rate = Fraction(rate)
        if not 0 <= rate < 1:
            raise ParameterError(f"{name}: collision rate {rate} must be in [0, 1)")
        self.name, self.d, self.m, self.rate = name, d, inner.d, rate
        self.field = inner.field
        self.terms = T = SketchTerms(inner, scale, offset)
        dom = self.domain
        c = dom.convert(rate.numerator) / dom.convert(rate.denominator)
        self.g = c * T.gB1 + (1 - c) * T.gB0
        self.A = c * T.gA1 + (1 - c) * T.gA0
        # a client's variance when its value is v / is another value (formed once; values share them)
        self.var_own = T.gA1 - T.gB1 ** 2
        self.var_other = self.A - self.g ** 2
        self._memo = {}

    @property
    def domain(self):
        """The exact domain of the model's values."""
        return self.field.domain

    @property
    def QP(self):
        """Not formed (TypeError): use ldpref.structured.moments."""
        raise TypeError(f"{self.name}: closed form only; use ldpref.structured.moments")

    second_moment_matrix = QP

    @property
    def is_rational(self) -> bool:
        """Whether the model's values are rationals (no deferred substitution)."""
        return self.field.is_rational

    def finish(self, expr):
        """Apply the deferred substitution (e.g. an irrational e^eps) to a result."""
        return self.field.finish(expr)

    def mean_term(self, v, c, n):
        """``E[f_hat_v]`` for counts c and n clients."""
        return (c[v] * self.terms.gB1 + (n - c[v]) * self.g) / n

    def variance_term(self, v, c, n):
        """``Var[f_hat_v]``: a sum of independent client terms."""
        key = (c[v], n)
        hit = self._memo.get(key)
        if hit is None:
            hit = self._memo[key] = (c[v] * self.var_own + (n - c[v]) * self.var_other) / (n * n)
        return hit

    def covariance_term(self, v, w, c, n):
        """``Var[f_hat_v]`` when v = w; otherwise refused (three-value collision patterns are not fixed by a
        pairwise family)."""
        if v == w:
            return self.variance_term(v, c, n)
        raise TypeError(f"{self.name}: covariances need the family's three-value collision patterns; use a "
                        f"listed family (small l) for them")
