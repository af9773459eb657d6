"""Randomised mechanism families: shared randomness drawn once for every client.

A family is a weighted mixture ``{(w_i, M_i)}`` of exact mechanisms over the same inputs: one member
``M_i`` is drawn with probability ``w_i`` (e.g. a hash family drawn once by the server) and then every
client uses it.  Conditionally on the draw the clients are independent, so the moments of
``f_hat`` follow from the law of total expectation and variance:

* ``E[f_hat] = sum_i w_i E_i``
* ``Var[f_hat_v] = sum_i w_i Var_i[v] + sum_i w_i (E_i[v] - E[v])^2``
* ``MSE_v = sum_i w_i MSE_i[v]`` (equal to ``Var_v + (E_v - f_v)^2``).
"""

from __future__ import annotations

from typing import Sequence

import sympy

from . import moments
from .dataset import validate_counts
from .errors import MechanismError
from .exact import cancel, to_exact
from .mechanism import Mechanism


class MechanismFamily:
    """A weighted mixture of mechanisms sharing one draw of randomness."""

    def __init__(self, members: Sequence[tuple[object, Mechanism]], *, name: str = "family"):
        self.name = name
        if not members:
            raise MechanismError(f"{name}: a family needs at least one member")
        d = members[0][1].d
        checked = []
        total = sympy.Integer(0)
        for i, (w, m) in enumerate(members):
            w = to_exact(w, what=f"{name}: weight of member {i}")
            if w.is_Rational and w < 0:
                raise MechanismError(f"{name}: weight of member {i} is negative ({w})")
            if not isinstance(m, Mechanism):
                raise TypeError(f"{name}: member {i} is not a Mechanism")
            if m.d != d:
                raise MechanismError(f"{name}: member {i} has d = {m.d}, member 0 has d = {d}")
            total += w
            checked.append((w, m))
        excess = total - 1  # rational weights (every built-in family) are decided exactly without simplify
        if (excess != 0) if excess.is_Rational else (sympy.simplify(excess) != 0):
            raise MechanismError(f"{name}: weights sum to {total}, not 1")
        self.members = tuple(checked)
        self.d = d

    @classmethod
    def uniform(cls, mechanisms: Sequence[Mechanism], *, name: str = "family") -> "MechanismFamily":
        w = sympy.Rational(1, len(mechanisms))
        return cls([(w, m) for m in mechanisms], name=name)

    def expectation(self, counts) -> list[sympy.Expr]:
        """``E[f_hat]`` of the mixture: the weighted mean of the members' expectations."""
        counts = validate_counts(counts, self.d)
        out = [sympy.Integer(0)] * self.d
        for w, m in self.members:
            e = moments.expectation(m, counts)
            out = [a + w * b for a, b in zip(out, e)]
        return [cancel(x) for x in out]

    def bias(self, counts) -> list[sympy.Expr]:
        """``E[f_hat] - f`` of the mixture."""
        counts = validate_counts(counts, self.d)
        n = sum(counts)
        return [e - sympy.Rational(c, n) for e, c in zip(self.expectation(counts), counts)]

    def variance(self, counts) -> list[sympy.Expr]:
        """Law of total variance: mean of conditional variances plus variance of conditional means."""
        counts = validate_counts(counts, self.d)
        mean = self.expectation(counts)
        out = [sympy.Integer(0)] * self.d
        for w, m in self.members:
            var = moments.variance(m, counts)
            e = moments.expectation(m, counts)
            out = [o + w * (v + (ei - mi) ** 2) for o, v, ei, mi in zip(out, var, e, mean)]
        return [cancel(x) for x in out]

    def expectation_variance(self, counts) -> list[sympy.Expr]:
        """``Var_draw(E[f_hat | draw])``: how much the conditional mean moves with the shared draw
        (pan-cms Theorem 3.10, Eq. (20))."""
        counts = validate_counts(counts, self.d)
        mean = self.expectation(counts)
        out = [sympy.Integer(0)] * self.d
        for w, m in self.members:
            e = moments.expectation(m, counts)
            out = [o + w * (ei - mi) ** 2 for o, ei, mi in zip(out, e, mean)]
        return [cancel(x) for x in out]

    def mse(self, counts) -> list[sympy.Expr]:
        """The mixture's MSE per value: the weighted mean of the members' MSE (the draw is shared by all clients)."""
        counts = validate_counts(counts, self.d)
        out = [sympy.Integer(0)] * self.d
        for w, m in self.members:
            out = [o + w * x for o, x in zip(out, moments.mse(m, counts))]
        return [cancel(x) for x in out]
