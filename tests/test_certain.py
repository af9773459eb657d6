"""ldpref.certain: a ball's comparisons hold for every point of the enclosures or are refused; one value is a tie."""

from fractions import Fraction

import pytest
import sympy
from flint import arb

from ldpref.certain import Certain, enclose, pi
from ldpref.exact import OrderUndecided


def test_separated_balls_are_ordered_and_overlapping_ones_refused():
    a, b = enclose(sympy.sqrt(2)), enclose(sympy.Rational(141421356237, 10**11))
    assert a > b and b < a and a >= b and not a <= b
    close = enclose(sympy.sqrt(2) + sympy.exp(-400))  # 1e-174 apart: below 256 bits
    with pytest.raises(OrderUndecided):
        _ = a < close
    with pytest.raises(OrderUndecided):  # the same number built twice is two balls: no tie without a proof
        _ = a <= enclose(sympy.sqrt(8) / 2)


def test_one_value_is_a_tie():
    a = enclose(sympy.pi)
    assert a <= a and a >= a and not a < a and not a > a


def test_arithmetic_keeps_exact_rationals_exact():
    a = enclose(sympy.sqrt(3))
    assert (sympy.Rational(1, 3) * a).ball.overlaps(arb(3).sqrt() / 3)
    assert (a * Fraction(1, 3)).ball.overlaps(arb(3).sqrt() / 3) and (1 - a) < 0
    with pytest.raises(TypeError):
        _ = a * 0.5  # a float is refused, not converted
    with pytest.raises(TypeError):
        _ = a == a  # equality of reals is not decided by enclosures


def test_functions_and_refusals():
    assert 3 < pi() < sympy.Rational(22, 7)
    assert sympy.Rational(199, 100) < Certain.sqrt(enclose(4)) < sympy.Rational(201, 100)
    with pytest.raises(OrderUndecided):
        enclose(sympy.Float(0.5))
    with pytest.raises(OrderUndecided):
        Certain.sqrt(enclose(sympy.sqrt(2)) - enclose(sympy.sqrt(8) / 2))  # a ball around 0: not certainly real


def test_apply_runs_raw_balls_at_the_precision_and_wraps_them():
    from ldpref.certain import apply

    third = enclose(sympy.Rational(1, 3))
    out = apply(lambda a, b: {"sum": a + b, "pair": a * 3}, third, enclose(sympy.sqrt(2)))
    assert out["sum"] > sympy.Rational(174, 100) and out["pair"].ball.contains(1)
    assert out["pair"].ball.rad() < arb(2) ** -250  # 256 bits, not the default 53
    assert isinstance(apply(lambda a: (a, a), third), tuple)


def test_values_are_read_the_same_way_by_enclose_and_exact_order():
    """One environment of balls for both (ldpref.exact.enclosure_environment): a plain int value is a value, a float
    is not (the expression that uses it has no enclosure: exact_order gives None, enclose refuses)."""
    from ldpref.exact import OrderUndecided, exact_order

    x = sympy.Symbol("x")
    for value in (2, sympy.Integer(2)):
        assert exact_order(sympy.sqrt(x), 1, {x: value}) == 1
        assert enclose(sympy.sqrt(x), {x: value}) > 1
    assert exact_order(sympy.sqrt(x), 1, {x: 2.0}) is None
    with pytest.raises(OrderUndecided):
        enclose(sympy.sqrt(x), {x: 2.0})


def test_enclose_tries_the_highest_precision_when_there_is_no_ball_at_256_bits():
    """log of e^-50 - e^(-50 - 10^-90) (about 2e-112): its argument's ball straddles 0 at 256 bits, so enclose used
    to refuse it; at the one decider's highest precision it is a ball near -257.23."""
    from ldpref.exact import OrderUndecided

    x = sympy.exp(-50) - sympy.exp(-50 - sympy.Rational(1, 10**90))
    value = enclose(sympy.log(x))
    assert value < -257 and value > -258
    with pytest.raises(OrderUndecided):
        enclose(sympy.log(-x))
