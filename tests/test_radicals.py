"""The canonical radical form (ldpref.radicals): exact, complete equality for sums of square roots."""

import pytest
import sympy

from ldpref.exact import EXP_EPS as e
from ldpref.radicals import NotCanonical, canonical, radical_equal, simplify_radicals

R = sympy.Rational
x, y = sympy.symbols("x y", positive=True)
SAMPLE = {e: R(3), x: R(1, 4), y: R(5)}


def test_products_of_roots_are_one_generator_set():
    a = sympy.sqrt(e) * sympy.sqrt((e + y - 1) * (y * e - e + 1))
    b = sympy.sqrt(e * (e + y - 1) * (y * e - e + 1))
    assert radical_equal(a, b, SAMPLE)
    form = canonical(a, SAMPLE)
    assert set(form.generators) == {e, e + y - 1, e * y - e + 1}


def test_square_factors_leave_the_root_with_their_sign_on_the_range():
    # sqrt((e - 1)^2 x) = (e - 1) sqrt(x) for e > 1
    assert radical_equal(sympy.sqrt((e - 1) ** 2 * x), (e - 1) * sympy.sqrt(x), SAMPLE)
    # sqrt(12) = 2 sqrt(3); sqrt(3/8) = sqrt(6)/4
    assert simplify_radicals(sympy.sqrt(12) + sympy.sqrt(R(3, 8)), {}) == 2 * sympy.sqrt(3) + sympy.sqrt(6) / 4


def test_denominators_are_rationalised():
    expr = 1 / (1 + sympy.sqrt(e))
    assert simplify_radicals(expr, SAMPLE) == sympy.sqrt(e) / (e - 1) - 1 / (e - 1)


def test_unequal_forms_are_told_apart():
    a = 2 * (sympy.sqrt(e) * sympy.sqrt(y * e + 1) + y * e)
    assert not radical_equal(a, a + sympy.sqrt(e) / 10 ** 9, SAMPLE)
    assert not radical_equal(sympy.sqrt(2), R(141421356237, 10 ** 11), {})


def test_half_integer_powers():
    assert radical_equal(e ** R(5, 2), e ** 2 * sympy.sqrt(e), SAMPLE)


def test_nested_radicals_and_floats_are_refused():
    with pytest.raises(NotCanonical):
        canonical(sympy.sqrt(x * sympy.sqrt(e)), SAMPLE)
    with pytest.raises(TypeError):
        canonical(sympy.Float("0.5") * sympy.sqrt(x), SAMPLE)


def test_square_root_of_a_negative_quantity_is_refused():
    with pytest.raises(NotCanonical):
        canonical(sympy.sqrt(1 - e), SAMPLE)


def test_the_optimum_of_theorem_3_7_is_compact():
    import derivations.pan_cms.optimized as D
    import derivations.pan_cms.printed_optimized as P

    derived = D.l2_opt_derived()
    assert sympy.count_ops(derived) < 40
    assert radical_equal(derived, P.thm3_7()[0].rhs, D.SAMPLE)
    assert D.l2_opt_derived(3, R(5, 2), 1) == R(20, 3) + 4 * sympy.sqrt(30) / 3
