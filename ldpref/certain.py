"""Real numbers known by rigorous enclosures, whose comparisons hold for every point of the enclosures or are refused.

A :class:`Certain` is a python-flint ``arb`` ball computed at :data:`PRECISION` bits: its arithmetic (+, -, *, /,
``abs``, :meth:`Certain.sqrt`; a longer computation on raw balls through :func:`apply`) keeps the true value inside
the ball, and a comparison (<, <=, >, >=) is True or False only when it holds, or fails, for every point of the two
balls.  Two balls that
overlap raise :class:`ldpref.exact.OrderUndecided`: nothing is decided by a rounding.  This is how a sum of many
exact terms (pan-cms Section 6: a dataset's per-value variances, their max, sum and sum of square roots) is
compared without the exact sum's cost and without a float deciding the outcome (CONTRIBUTING's first rule; the exact
values themselves are enclosed by :func:`enclose`, an explicit entry from the exact world).
"""

from __future__ import annotations

import numbers
from fractions import Fraction

import sympy
from flint import arb, ctx as flint_ctx, fmpq

from .exact import ORDER_PRECISIONS, OrderUndecided, _enclose, enclosure_environment

#: working precision of every ball (bits): about 77 decimal digits
PRECISION = 256


class Certain:
    """A real number as an ``arb`` ball; comparisons decide only what holds for every point (else OrderUndecided).
    No ``__float__``: sympy would silently turn a ball into a Float (the raw ball is ``.ball``)."""

    __slots__ = ("ball",)

    def __init__(self, ball: arb):
        if not ball.is_finite():
            raise OrderUndecided(f"the enclosure {ball} is not a finite ball")
        self.ball = ball

    def _other(self, other) -> arb:
        if isinstance(other, Certain):
            return other.ball
        if isinstance(other, bool) or not isinstance(other, (numbers.Integral, Fraction, sympy.Rational)):
            raise TypeError(f"Certain: {other!r} is not an exact rational or a Certain")
        q = sympy.Rational(other) if not isinstance(other, sympy.Rational) else other
        return arb(fmpq(int(q.p), int(q.q)))

    def _op(self, fn, other=None):
        with flint_ctx.workprec(PRECISION):
            return Certain(fn(self.ball) if other is None else fn(self.ball, self._other(other)))

    def __add__(self, other):
        return self._op(lambda a, b: a + b, other)

    __radd__ = __add__

    def __sub__(self, other):
        return self._op(lambda a, b: a - b, other)

    def __rsub__(self, other):
        return self._op(lambda a, b: b - a, other)

    def __mul__(self, other):
        return self._op(lambda a, b: a * b, other)

    __rmul__ = __mul__

    def __truediv__(self, other):
        return self._op(lambda a, b: a / b, other)

    def __rtruediv__(self, other):
        return self._op(lambda a, b: b / a, other)

    def __neg__(self):
        return self._op(lambda a: -a)

    def __abs__(self):
        return self._op(abs)

    def sqrt(self) -> Certain:
        """The square root (refused unless the ball is non-negative: a real value)."""
        if not self.ball >= 0:
            raise OrderUndecided(f"sqrt of {self.ball}: the ball is not certainly non-negative")
        return self._op(lambda a: a.sqrt())

    def _compare(self, other, holds, fails) -> bool:
        if other is self:  # one value: a tie, decided exactly
            return bool(holds(0, 0))
        a, b = self.ball, self._other(other)
        if holds(a, b):
            return True
        if fails(a, b):
            return False
        raise OrderUndecided(f"cannot order {a} and {b}: their enclosures overlap at {PRECISION} bits")

    def __lt__(self, other):
        return self._compare(other, lambda a, b: a < b, lambda a, b: a >= b)

    def __le__(self, other):
        return self._compare(other, lambda a, b: a <= b, lambda a, b: a > b)

    def __gt__(self, other):
        return self._compare(other, lambda a, b: a > b, lambda a, b: a <= b)

    def __ge__(self, other):
        return self._compare(other, lambda a, b: a >= b, lambda a, b: a < b)

    def __eq__(self, other):
        raise TypeError("Certain: equality of two reals is not decided by enclosures (use exact values)")

    __hash__ = object.__hash__  # by identity: a cached ball is a key of the caches built on it, as itself

    def __repr__(self) -> str:
        return f"Certain({self.ball.str(20, radius=True)})"


def enclose(expr, values: dict | None = None) -> Certain:
    """The value of an exact real ``expr`` (a sympy expression; ``values``: symbol -> exact constant, nothing
    substituted) as a :class:`Certain` ball at :data:`PRECISION` bits, or at the one decider's highest precision
    (:data:`ldpref.exact.ORDER_PRECISIONS`) when there is none at PRECISION (a log of a ball that straddles 0 there).
    ``OrderUndecided`` when it has no enclosure at either (an operation not covered, a symbol without a value, a
    float)."""
    expr = expr if isinstance(expr, sympy.Basic) else sympy.sympify(expr)
    for prec in (PRECISION, ORDER_PRECISIONS[-1]):
        with flint_ctx.workprec(prec):
            box = _enclose(expr, enclosure_environment(values))
        if box is not None and box.is_finite():
            return Certain(box)
    raise OrderUndecided(f"{expr} has no rigorous enclosure")


def apply(fn, *values: Certain):
    """``fn`` on the values' raw ``arb`` balls at :data:`PRECISION` bits, in one precision context (a long
    computation -- a sum over a dataset -- without a context per operation), its result (a ball, or a tuple or dict of
    balls) wrapped as :class:`Certain`.  ``fn`` must use only ball arithmetic (arb's operations are rigorous)."""
    with flint_ctx.workprec(PRECISION):
        out = fn(*(v.ball for v in values))
    if isinstance(out, dict):
        return {k: Certain(v) for k, v in out.items()}
    if isinstance(out, (tuple, list)):
        return type(out)(Certain(v) for v in out)
    return Certain(out)


def pi() -> Certain:
    """pi as a ball."""
    with flint_ctx.workprec(PRECISION):
        return Certain(arb.pi())
