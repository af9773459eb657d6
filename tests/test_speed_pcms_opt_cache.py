"""The in-process caches of derivations.pan_cms.tables return what the uncached functions compute."""

import sympy

import derivations.pan_cms.tables as T
from derivations.pan_cms.symbols import d, e, eps


def test_cached_equal_uncached():
    expr = (3 * d**2 + e * d) / (d * (d + 1))
    for _ in range(2):
        assert T.limit_at_oo(expr, d) == T.limit_at_oo.__wrapped__(expr, d) == 3
    assert T.limit_at_oo(expr / d, d) == 0
    assert T.rhr_coefficients(4, sympy.Rational(3)) == T.rhr_coefficients.__wrapped__(4, sympy.Rational(3))
    assert T.order_class(eps, sympy.Integer(1), sympy.oo) == T.order_class.__wrapped__(eps, sympy.Integer(1), sympy.oo)
    assert T.order_class(eps, sympy.Integer(1), sympy.oo) == sympy.oo
    assert T.pure_coefficients(sympy.Rational(3, 4), sympy.Rational(1, 4)) == (sympy.Rational(3, 4),) * 2
