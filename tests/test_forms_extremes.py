"""The one exact ordering of ldpref (``ldpref.exact.exact_order``, issue 22 item 2) -- the evaluator's Max and Min
(``ldpref.ledger.forms_extremes``) and its modes ``exact_sign`` (the order against 0) and ``certain_sign`` (ties left
undecided) -- against an independent brute force: mpmath at 200 digits on random exact reals built from rationals,
logarithms and exponentials; near ties; planted exact ties; a tie that no enclosure separates and no proof decides
raises, and so does a value with no enclosure."""

from __future__ import annotations

import mpmath
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from ldpref.exact import OrderUndecided, certain_sign, exact_sign
from ldpref.ledger.forms import evaluate, exact_order, extreme, value_at

R = sympy.Rational


def _mp(value):
    """The brute force: the value at 200 digits (mpmath, independent of the arb enclosures)."""
    with mpmath.workdps(200):
        return mpmath.mpf(sympy.N(value, 200))


_rationals = st.builds(R, st.integers(-40, 40), st.integers(1, 12))
_positive = st.builds(R, st.integers(1, 60), st.integers(1, 12))


@st.composite
def _reals(draw):
    """An exact real: a rational, r log(s), exp(r), r + exp(-k) (a near tie with r), or a sum of two of these."""
    kind = draw(st.sampled_from(["rational", "log", "exp", "near", "sum"]))
    if kind == "rational":
        return draw(_rationals)
    if kind == "log":
        return draw(_rationals) * sympy.log(draw(_positive))
    if kind == "exp":
        return sympy.exp(draw(_rationals))
    if kind == "near":  # differs from a rational by at most e^{-300}: the low precisions cannot separate them
        return draw(_rationals) + sympy.exp(-draw(st.integers(40, 300)))
    return draw(_rationals) * sympy.log(draw(_positive)) + sympy.exp(draw(_rationals))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(_reals(), min_size=1, max_size=4))
def test_max_and_min_agree_with_200_digit_brute_force(values):
    with mpmath.workdps(200):
        numeric = [_mp(v) for v in values]
        for largest, pick in ((True, max), (False, min)):
            chosen = extreme(values, largest=largest)
            assert chosen in values
            assert abs(_mp(chosen) - pick(numeric)) <= mpmath.mpf(10) ** -150
            node = (sympy.Max if largest else sympy.Min)(*sympy.symbols(f"x0:{len(values)}"), evaluate=False)
            at = {f"x{i}": v for i, v in enumerate(values)}
            assert abs(_mp(evaluate(node, at)) - pick(numeric)) <= mpmath.mpf(10) ** -150


@settings(max_examples=40, deadline=None, derandomize=True)
@given(_reals(), _reals())
def test_order_is_the_sign_of_the_difference(a, b):
    with mpmath.workdps(200):
        gap = _mp(a) - _mp(b)
    sign = exact_order(a, b)
    if abs(gap) > mpmath.mpf(10) ** -150:
        assert sign == (1 if gap > 0 else -1)
    else:  # the brute force sees no difference: only an exact tie (a proof of 0) may say 0
        assert sign == 0 and sympy.simplify(a - b) == 0
    assert exact_sign(a - b) == sign  # the sign is the order against 0
    assert certain_sign(a, b) == (sign or None)  # the mode that leaves a tie undecided: never 0
    x = sympy.Symbol("x")  # a symbol's enclosure is its value's: nothing substituted
    assert exact_order(x, b, {x: a}) == sign and certain_sign(x, b, {x: a}) == (sign or None)


@pytest.mark.parametrize("k", [10, 40, 200, 600])
def test_near_ties_are_separated_at_a_higher_precision(k):
    """e^t vs 1 + t for t = e^{-k}: they differ by about t^2/2 = e^{-2k}/2 and sympy cancels nothing in the
    difference, so only a precision past 2k/log(2) bits separates them (600: the last, 4096 bits)."""
    t = sympy.exp(-k)
    a, b = sympy.exp(t), 1 + t
    with mpmath.workdps(1500):  # the brute force, far past the gap
        gap = mpmath.exp(mpmath.exp(-k)) - 1 - mpmath.exp(-k)
        assert mpmath.mpf(10) ** -1400 < gap < mpmath.exp(-2 * k)
    assert exact_order(a, b) == 1 and exact_order(b, a) == -1
    assert exact_sign(a - b) == 1 and certain_sign(b, a) == -1
    assert extreme([b, a], largest=True) == a and extreme([a, b], largest=False) == b


@pytest.mark.parametrize("a, b", [(sympy.log(4), 2 * sympy.log(2)), (sympy.log(6), sympy.log(2) + sympy.log(3)),
                                  (sympy.exp(1) ** 2, sympy.exp(2)), (R(1, 2), R(2, 4)),
                                  (sympy.log(8) / 3, sympy.log(2))])
def test_exact_ties_are_decided_by_proof(a, b):
    assert exact_order(a, b) == 0 and exact_order(b, a) == 0
    assert exact_sign(a - b) == 0 and certain_sign(a, b) is None
    assert extreme([a, b], largest=True) == a and extreme([b, a], largest=False) == b  # of equal values the first


def test_an_undecidable_tie_raises_naming_both_values():
    """log(1 + t) vs t for t = e^{-1500}: their difference (about -t^2/2 = -e^{-3000}/2) is below the last enclosure's
    precision (2^-4096) and no proof says it is 0: a ValueError naming both, never a rounded guess."""
    a, b = sympy.log(1 + sympy.exp(-1500)), sympy.exp(-1500)
    with pytest.raises(ValueError, match=r"cannot order log\(exp\(-1500\) \+ 1\) and exp\(-1500\)"):
        exact_order(a, b)
    with pytest.raises(ArithmeticError, match=r"cannot order -exp\(-1500\) \+ log\(exp\(-1500\) \+ 1\) and 0"):
        exact_sign(a - b)
    assert certain_sign(a, b) is None
    with pytest.raises(ValueError, match="cannot order"):
        evaluate(sympy.Max(sympy.Symbol("x"), b), {"x": a})


def test_a_value_without_enclosure_has_no_sign():
    """sin is not enclosed: the order is left to the caller (None), a sign is refused naming the value."""
    assert exact_order(sympy.sin(1), R(0)) is None and certain_sign(sympy.sin(1), R(0)) is None
    with pytest.raises(OrderUndecided, match=r"cannot decide the sign of -1/2 \+ sin\(1\): it has no rigorous"):
        exact_sign(sympy.sin(1) - R(1, 2))


_x, _y = sympy.symbols("x y", real=True)


@pytest.mark.parametrize("value", [
    sympy.sqrt(7) - R(8, 3), sympy.erfc(sympy.sqrt(R(1, 2) + sympy.log(20))) - R(1, 20),
    sympy.erf(R(1, 3)) - sympy.sqrt(sympy.pi) / 5, 7 ** R(1, 3) - sympy.E + R(1, 1000),
    sympy.Max(_x, _y, evaluate=False) - R(7, 5), sympy.Min(_x, _y, evaluate=False) - R(2, 3),
    sympy.Abs(_y) - R(3, 5), sympy.floor(_x * 10) - R(27, 2), sympy.ceiling(-_x) + R(3, 2)])
def test_operations_with_rigorous_enclosures(value):
    """Square roots and other powers, erf and erfc (pan-cms Appendix I's Gaussian tail), Max, Min, Abs, floor and
    ceiling (pan-strict's bit counts and privacy ratios) have rigorous enclosures: the sign agrees with 200 digits."""
    at = {_x: sympy.log(4), _y: -sympy.exp(R(-1, 2))}
    assert exact_sign(value, at) == (1 if _mp(value.xreplace(at)) > 0 else -1)


def test_eq8_max_that_sympy_cannot_order():
    """Eq. (8)'s derived max(1/b, -log(1 - e^{-(T-1)/b}/2)) at b = 1/2, T = 10: the second arm is about 7.6e-9;
    sympy's own Max refuses the pair as 'not comparable' (or not, depending on its caches); the evaluator orders it."""
    b, T = sympy.symbols("b T", positive=True)
    arm = -sympy.log(1 - sympy.exp(-(T - 1) / b) / 2)
    at = {b: R(1, 2), T: R(10)}
    assert evaluate(sympy.Max(1 / b, arm), at) == 2
    small = evaluate(sympy.Eq(sympy.Symbol("eps"), sympy.Min(1 / b, arm)), at)
    assert small == -sympy.log(1 - sympy.exp(-18) / 2)
    assert value_at(sympy.Max(1 / b, arm) + T, at) == 12


def test_value_at_rational_mode():
    x = sympy.Symbol("x")
    assert value_at(sympy.Max(x, sympy.sqrt(2)), {x: R(2)}, rational_only=True) == 2
    assert value_at(sympy.Max(x, sympy.sqrt(2)), {x: R(1)}, rational_only=True) is None
    assert value_at(sympy.sqrt(x), {x: R(9, 4)}, rational_only=True) == R(3, 2)
    assert value_at(sympy.Max(x, sympy.sqrt(2)), {x: R(1)}) == sympy.sqrt(2)


def test_symbols_left_keep_sympy_max():
    x, y = sympy.symbols("x y")
    assert extreme([x, sympy.log(2)], largest=True) == sympy.Max(x, sympy.log(2))
    assert value_at(sympy.Max(x, y), {x: R(1)}) == sympy.Max(1, y)


def test_floor_and_ceiling_near_an_integer_are_enclosed_rigorously():
    # 3 - e^-100 and 3 + e^-100 lie 1e-44 from an integer: a floor of the ball's midpoint says 3 for both
    below = sympy.floor(3 - sympy.exp(-100), evaluate=False)
    above = sympy.ceiling(3 + sympy.exp(-100), evaluate=False)
    assert exact_sign(below - sympy.Rational(5, 2)) == -1  # floor(3 - e^-100) = 2
    assert exact_sign(above - sympy.Rational(7, 2)) == 1  # ceiling(3 + e^-100) = 4
    assert exact_order(below, sympy.Integer(2)) == 0 and exact_order(above, sympy.Integer(4)) == 0


def test_compiled_statements_order_r_against_exp_exactly():
    # the fast path's r vs exp(E) on flint rationals: r a 40-digit rational just below (and above) e
    from flint import fmpq

    from ldpref.ledger.forms_truth import _exp_sign

    e40 = sympy.Rational(str(sympy.N(sympy.E, 45))[:42])  # e truncated to 40 decimals: below e by < 1e-40
    lo = fmpq(int(e40.p), int(e40.q))
    assert _exp_sign(lo, fmpq(1)) == -1
    assert _exp_sign(lo + fmpq(1, 10 ** 40), fmpq(1)) == 1
    assert _exp_sign(fmpq(1), fmpq(0)) == 0


def test_exact_extreme_strict_and_lenient():
    """ldpref.exact.exact_extreme, the one largest/smallest of exact reals (the evaluator's Max and Min, lenient, and
    e^eps of a mechanism's constant entries, strict): a near tie e^-1200 apart (below any float) is ordered either way
    round, of equal values the first, a value with no enclosure is refused when strict (None otherwise, and the
    evaluator keeps sympy's Max), and an undecidable tie is refused in both modes."""
    from ldpref.exact import exact_extreme

    low, high = sympy.pi, sympy.pi + sympy.exp(-1200)
    for values in ([low, high], [high, low]):
        for strict in (True, False):
            assert exact_extreme(values, largest=True, strict=strict) == high
            assert exact_extreme(values, largest=False, strict=strict) == low
    tie = [sympy.log(6), sympy.log(2) + sympy.log(3), R(1, 2)]
    assert exact_extreme(tie, largest=True) == tie[0] and exact_extreme(tie[::-1], largest=True) == tie[1]
    x = sympy.Symbol("x")
    for other in (x, sympy.sin(1)):
        with pytest.raises(OrderUndecided, match="no rigorous enclosure"):
            exact_extreme([R(1), other], largest=True)
        assert exact_extreme([R(1), other], largest=True, strict=False) is None
    assert extreme([R(1), x], largest=False) == sympy.Min(1, x)
    undecidable = [sympy.exp(-1500), sympy.log(1 + sympy.exp(-1500))]
    for strict in (True, False):
        with pytest.raises(OrderUndecided, match="cannot order"):
            exact_extreme(undecidable, largest=True, strict=strict)
