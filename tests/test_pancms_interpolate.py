"""The exact interpolation of the optimized-CMS exact path (``optimized_exact._interpolate``: Lagrange's form in
python-flint rationals) against sympy's interpolating polynomial, and its check nodes able to fail."""

import random
from fractions import Fraction

import pytest
import sympy

from proofs_checks.pan_cms.optimized_exact import _interpolate

x = sympy.Symbol("x")


def test_interpolate_equals_sympy_interpolate_on_random_rational_polynomials():
    rng = random.Random(20261129)
    for _ in range(60):
        degree = rng.randint(0, 5)
        poly = sum(sympy.Rational(rng.randint(-20, 20), rng.randint(1, 9)) * x**i for i in range(degree + 1))
        nodes = rng.sample(range(-10, 11), degree + 3)
        fit = [(n, poly.subs(x, n)) for n in nodes[:degree + 1]]
        check = [(Fraction(n), Fraction(str(poly.subs(x, n)))) for n in nodes[degree + 1:]]
        got = _interpolate(fit, x, check)
        assert sympy.expand(got - sympy.interpolate(fit, x)) == 0
        assert sympy.expand(got - poly) == 0


def test_interpolate_refuses_values_off_the_fitted_degree():
    with pytest.raises(ArithmeticError, match="not polynomial of the fitted degree"):
        _interpolate([(1, 1), (2, 4)], x, [(3, 9)])  # x^2 is not the line through (1, 1), (2, 4)
