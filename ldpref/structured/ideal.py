"""Sketches over the ideal random-hash family, in closed form (the randomness model of pan-cms
Theorem 3.10 and of jiang-gcms Section IV: k functions h_j, each uniform over all functions [d] -> [m],
independent, drawn once and shared by every client).

Conditionally on the draw H the sketch is the fixed-family model of :mod:`.sketch`; the moments over the
draw follow from the law of total (co)variance (:mod:`ldpref.family`):
``Var_v = E_H[Var(f_hat_v | H)] + Var_H(E[f_hat_v | H])``.  Under a uniform random function the
collision indicators ``1[h(a) = h(b)]`` of distinct pairs are pairwise independent with mean
``pi = 1/m``, and the pattern of three distinct values is: all equal ``pi^2``, exactly one given pair
equal ``pi(1 - pi)`` each, all distinct ``(1 - pi)(1 - 2 pi)``.  With ``g1, g0`` the per-function
decoded mean for a colliding / non-colliding (v, x) and ``V = (g1 - g0)^2 pi (1 - pi)``:

* ``E[f_hat_v] = (c_v g1 + (n - c_v) g)/n`` with ``g = pi g1 + (1 - pi) g0``;
* ``E_H[Var(f_hat_v | H)] = (c_v (A1 - g1^2) + sum_{x != v} c_x (A - g^2 - V/k))/n^2``
  (``E[B_H^2] = g^2 + V/k``: the k functions are independent);
* ``Var_H(E[f_hat_v | H]) = V/k sum_{x != v} c_x^2 / n^2``;
* covariances likewise, with ``Cov_H(E[f_hat_v | H], E[f_hat_w | H]) = V c_v c_w/(k n^2)`` (the only
  shared event is h(v) = h(w)).
"""

from __future__ import annotations

from ..errors import ParameterError
from ..losses import WorstCase
from .base import MAX_D, check_size
from .sketch import SketchTerms
from .symmetric import SymmetricModel


class IdealSketchModel:
    """A sketch of a symmetric inner model under the ideal random-hash family (closed form)."""

    def __init__(self, name: str, d: int, k: int, inner: SymmetricModel, scale, offset):
        check_size(f"{name}: d", d, MAX_D)
        self.name, self.d, self.k, self.m = name, d, k, inner.d
        self.field = inner.field
        self._last = None
        self.terms = T = SketchTerms(inner, scale, offset)
        dom = self.domain
        pi = dom.one / dom.convert(self.m)
        self.pi = pi
        self.g = pi * T.gB1 + (1 - pi) * T.gB0
        self.A = pi * T.gA1 + (1 - pi) * T.gA0
        self.V = (T.gB1 - T.gB0) ** 2 * pi * (1 - pi)
        kk = dom.convert(k)
        self.Vk = self.V / kk
        # E over the draw of the per-function pair term, x = v (or w) and x not in {v, w}
        self.pair_x_in = pi * T.gA1 + (1 - pi) * T.t_in
        self.pair_x_out = pi * pi * T.gA1 + pi * (1 - pi) * (T.gA0 + 2 * T.t_in) + (1 - pi) * (1 - 2 * pi) * T.t_out

    @property
    def domain(self):
        """The exact domain of the model's values."""
        return self.field.domain

    @property
    def QP(self):
        """Not defined for a mixture over hash draws (TypeError); use ldpref.structured.moments."""
        raise TypeError(f"{self.name}: a mixture over hash draws has no single Q P (its variance is not linear "
                        f"in the counts); use ldpref.structured.moments")

    second_moment_matrix = QP

    @property
    def is_rational(self) -> bool:
        """Whether the model's values are rationals (no deferred substitution)."""
        return self.field.is_rational

    def finish(self, expr):
        """Apply the deferred substitution (e.g. an irrational e^eps) to a result."""
        return self.field.finish(expr)

    def mean_term(self, v, c, n):
        """``E[f_hat_v]`` over the ideal random-hash family for counts c and n clients."""
        return (c[v] * self.terms.gB1 + (n - c[v]) * self.g) / n

    def _per_dataset(self, c):
        """``(sum_x c_x^2, {c_v: Var_v})`` for the counts vector last seen: every value reuses the sum,
        and values with equal counts have equal variances (the closed form depends on v only via c_v)."""
        if self._last is None or self._last[0] is not c:
            self._last = (c, sum((cx * cx for cx in c if cx), self.domain.zero), {})
        return self._last[1], self._last[2]

    def variance_term(self, v, c, n):
        """``Var[f_hat_v]`` over the ideal random-hash family (law of total variance)."""
        total_sq, memo = self._per_dataset(c)
        hit = memo.get(c[v])
        if hit is None:
            T = self.terms
            rest = n - c[v]
            sq = total_sq - c[v] * c[v]
            inner = c[v] * (T.gA1 - T.gB1**2) + rest * (self.A - self.g**2 - self.Vk)
            hit = memo[c[v]] = (inner + self.Vk * sq) / (n * n)
        return hit

    def covariance_term(self, v, w, c, n):
        """``Cov[f_hat_v, f_hat_w]`` over the ideal random-hash family."""
        if v == w:
            return self.variance_term(v, c, n)
        T = self.terms
        inside, rest = c[v] + c[w], n - c[v] - c[w]
        first = inside * self.pair_x_in + rest * self.pair_x_out
        second = inside * T.gB1 * self.g + rest * self.g * self.g
        return (first - second + self.Vk * c[v] * c[w]) / (n * n)

    def worst_case(self, n: int, *, loss: str = "mse", interest=None, f_star=None) -> WorstCase:
        """Worst case over every dataset of n clients, without caps: the MSE of one value (``"mse"``,
        pan-cms Eq. (1)) or the sum over all values (``"l2"``, Eq. (11)).  Each loss is a convex
        quadratic in the counts (a linear part plus squares), so its maximum over the simplex of datasets
        is at a vertex: all n clients on one value.  By symmetry two vertices per value suffice."""
        if interest is not None or f_star is not None:
            raise ParameterError(f"{self.name}: worst case only over all values and uncapped datasets "
                                 f"(interest and f_star are not supported for a hash-draw mixture)")
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ParameterError(f"n = {n!r} must be an int >= 1")
        if not self.is_rational:
            raise TypeError(f"{self.name}: worst case needs rational entries; substitute e^eps first")
        from .moments import mse

        def vertex(x):
            counts = [0] * self.d
            counts[x] = n
            return counts

        check_size(f"{self.name}: d for a worst case over datasets", self.d, 10**5)
        if loss == "mse":
            here, there = mse(self, vertex(0), values=[0, 1])
            if here >= there:
                return WorstCase(here, tuple(vertex(0)), 0)
            return WorstCase(there, tuple(vertex(0)), 1)
        if loss == "l2":
            here, there = mse(self, vertex(0), values=[0, 1])
            return WorstCase(here + (self.d - 1) * there, tuple(vertex(0)))
        raise ParameterError(f"loss {loss!r}: choose mse or l2")
