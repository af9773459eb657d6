"""Exact values as decimal text with a stated number of significant digits (an explicit exit from the exact
world, as ``ldpref.exact.to_mpf`` is): rationals by integer division, correctly rounded half to even;
other constants (sqrt(3), exp(1/2), ...) by mpmath at 20 guard digits, then rounded the same way."""

from __future__ import annotations

import decimal

import mpmath
import sympy

from .exact import to_exact

#: guard digits of the mpmath evaluation of an irrational constant
GUARD_DIGITS = 20


def decimal_text(value, digits: int) -> str:
    """``value`` (an exact number without free symbols) with ``digits`` significant digits, e.g.
    ``decimal_text(Rational(1, 3), 5) == '0.33333'``; an exact decimal keeps its short form (``'0.25'``)."""
    exact = to_exact(value)
    if exact.free_symbols:
        raise TypeError(f"cannot give {exact} as a decimal: it has free symbols "
                        f"{sorted(map(str, exact.free_symbols))}")
    context = decimal.Context(prec=digits, rounding=decimal.ROUND_HALF_EVEN, Emax=10**6, Emin=-10**6)
    if exact.is_Rational:
        return str(context.divide(decimal.Decimal(int(exact.p)), decimal.Decimal(int(exact.q))))
    work = digits + GUARD_DIGITS
    with mpmath.workdps(work):
        number = mpmath.mpf(sympy.N(exact, work))
        text = mpmath.nstr(number, work, strip_zeros=False, min_fixed=1, max_fixed=0)
    return str(context.plus(decimal.Decimal(text)))


__all__ = ["decimal_text", "GUARD_DIGITS"]
