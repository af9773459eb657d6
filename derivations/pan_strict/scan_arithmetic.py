"""pan-strict derivations: exact unreduced rationals for the Section 5.4 / Corollary 5.2 scans.

The scans evaluate the derived OSC l2 (``derivations.pan_strict.constructions.osc_l2_fraction``) at thousands of
points; :class:`_Ratio` keeps n/d unreduced through the arithmetic and takes the gcd once, in the final
``Fraction`` -- exact, and several times faster than ``Fraction`` at every step.
"""

from __future__ import annotations

import sympy


class _Ratio:
    """An exact rational n/d kept unreduced while the derived p*, q* and the pure-protocol l2 are evaluated
    (the gcd is taken once, by the final Fraction): exact, and several times faster than Fraction at every step
    of the scans.  A zero denominator surfaces as ZeroDivisionError when the Fraction is formed."""

    __slots__ = ("n", "d")

    def __init__(self, n: int, d: int = 1):
        self.n, self.d = n, d

    @staticmethod
    def of(x) -> "_Ratio":
        if isinstance(x, _Ratio):
            return x
        if isinstance(x, int):
            return _Ratio(x)
        return _Ratio(x.numerator, x.denominator)  # Fraction (sympy Rationals are converted by the caller)

    def __add__(self, o):
        o = _Ratio.of(o)
        return _Ratio(self.n * o.d + o.n * self.d, self.d * o.d)

    __radd__ = __add__

    def __sub__(self, o):
        o = _Ratio.of(o)
        return _Ratio(self.n * o.d - o.n * self.d, self.d * o.d)

    def __rsub__(self, o):
        return _Ratio.of(o) - self

    def __mul__(self, o):
        o = _Ratio.of(o)
        return _Ratio(self.n * o.n, self.d * o.d)

    __rmul__ = __mul__

    def __truediv__(self, o):
        o = _Ratio.of(o)
        return _Ratio(self.n * o.d, self.d * o.n)

    def __rtruediv__(self, o):
        return _Ratio.of(o) / self

    def __neg__(self):
        return _Ratio(-self.n, self.d)

    def __pow__(self, power: int):
        if not isinstance(power, int):
            return NotImplemented
        if power < 0:
            return _Ratio(self.d ** -power, self.n ** -power)
        return _Ratio(self.n ** power, self.d ** power)

    def fraction(self):
        from fractions import Fraction

        return Fraction(self.n, self.d)


def _ratio(x) -> _Ratio:
    if isinstance(x, sympy.Rational):
        return _Ratio(int(x.p), int(x.q))
    return _Ratio.of(x)
