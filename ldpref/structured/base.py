"""The common interface of structured models: exact per-entry moments without listing the outputs.

A mechanism ``(P, Q)`` (pan-strict Section 2.2) enters the moments of ``f_hat = Q nu`` only through

* ``B[v][x] = (Q P)[v, x] = E[(Q e_Y)_v | x]``,
* ``A[v][x] = ((Q o Q) P)[v, x] = E[(Q e_Y)_v^2 | x]``,
* ``C[v][w][x] = E[(Q e_Y)_v (Q e_Y)_w | x]`` (the covariance; ``C[v][v][x] = A[v][x]``),

(pan-strict Appendix A.1; see :mod:`ldpref.moments`).  A structured model supplies these entries from
the mechanism's structure (per-coordinate and pairwise marginals).  It exposes the attributes that
:mod:`ldpref.moments` and :mod:`ldpref.losses` read from a :class:`~ldpref.mechanism.Mechanism` --
``d``, ``domain``, ``QP``, ``second_moment_matrix``, ``is_rational`` -- plus the covariance hook
``covariance_first_term`` and ``finish`` (the deferred substitution of :mod:`.field`).
"""

from __future__ import annotations

from functools import cached_property

from sympy.polys.matrices import DomainMatrix

from ..errors import ParameterError
from .field import Field

#: The largest d for which a d x d matrix (B, A or a covariance) is built; per-v results beyond it.
MAX_MATRIX_D = 2048
#: The largest d accepted at all (per-v results only above MAX_MATRIX_D).
MAX_D = 10**9


def check_size(what: str, size: int, limit: int) -> None:
    """One-line refusal of an absurd size, before anything is allocated."""
    if size > limit:
        raise ParameterError(f"{what} = {size} exceeds the limit {limit}")


class StructuredModel:
    """Base class: subclasses set ``name``, ``d``, ``field`` and implement ``b``, ``a``, ``pair``
    (domain elements)."""

    name = "structured"
    d: int
    field: Field

    # -- entries (domain elements) ------------------------------------------------------------
    def b(self, v: int, x: int):
        """``B[v, x] = (QP)[v, x]``: the mean of the estimate of v for one client holding x."""
        raise NotImplementedError

    def a(self, v: int, x: int):
        """``A[v, x] = E[(Q e_Y)_v^2]`` for one client holding x."""
        raise NotImplementedError

    def pair(self, v: int, w: int, x: int):
        """``E[(Q e_Y)_v (Q e_Y)_w | x]`` for v != w."""
        raise NotImplementedError

    # -- what ldpref.moments / ldpref.losses read ---------------------------------------------
    @property
    def domain(self):
        """The exact domain of the model's values."""
        return self.field.domain

    @property
    def is_rational(self) -> bool:
        """Whether the model's values are rationals (no deferred substitution)."""
        return self.field.is_rational

    def finish(self, expr):
        """Apply the deferred substitution (e.g. an irrational e^eps) to a result."""
        return self.field.finish(expr)

    def _matrix(self, entry, what: str) -> DomainMatrix:
        check_size(f"{self.name}: d for a d x d {what}", self.d, MAX_MATRIX_D)
        rows = [[entry(v, x) for x in range(self.d)] for v in range(self.d)]
        return DomainMatrix(rows, (self.d, self.d), self.domain)

    @cached_property
    def QP(self) -> DomainMatrix:
        """``B = Q P`` (d x d), built entry by entry."""
        return self._matrix(self.b, "matrix B = QP")

    @cached_property
    def second_moment_matrix(self) -> DomainMatrix:
        """``A = (Q o Q) P`` (d x d)."""
        return self._matrix(self.a, "matrix A = (Q o Q)P")

    def covariance_first_term(self, c) -> DomainMatrix:
        """``sum_x c_x C[v][w][x]`` (d x d; the ``Q diag(P c) Q^T`` of :func:`ldpref.moments.covariance`)
        for counts ``c`` given as domain elements."""
        check_size(f"{self.name}: d for a d x d covariance", self.d, MAX_MATRIX_D)
        dom = self.domain
        rows = []
        for v in range(self.d):
            row = []
            for w in range(self.d):
                ent = self.a if v == w else (lambda vv, x, w=w: self.pair(vv, w, x))
                row.append(sum((c[x] * ent(v, x) for x in range(self.d) if c[x]), dom.zero))
            rows.append(row)
        return DomainMatrix(rows, (self.d, self.d), dom)

    # -- O(d) moments per value (c: counts as domain elements, n: their sum); subclasses may do better
    def mean_term(self, v, c, n):
        """``E[f_hat_v]`` for counts c (domain elements) and n clients."""
        return sum((c[x] * self.b(v, x) for x in range(self.d) if c[x]), self.domain.zero) / n

    def variance_term(self, v, c, n):
        """``Var[f_hat_v]`` for counts c and n clients."""
        total = self.domain.zero
        for x in range(self.d):
            if c[x]:
                bvx = self.b(v, x)
                total += c[x] * (self.a(v, x) - bvx * bvx)
        return total / (n * n)

    def covariance_term(self, v, w, c, n):
        """``Cov[f_hat_v, f_hat_w]`` for counts c and n clients."""
        if v == w:
            return self.variance_term(v, c, n)
        total = self.domain.zero
        for x in range(self.d):
            if c[x]:
                total += c[x] * (self.pair(v, w, x) - self.b(v, x) * self.b(w, x))
        return total / (n * n)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name}, d={self.d}, domain={self.domain})"
