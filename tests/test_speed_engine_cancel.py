"""The engine's fast paths against the sympy paths they replace: ``ldpref.exact.cancelled_rational`` (python-flint
quotient) must be the very expression ``sympy.cancel`` gives; the flint column-stochastic test and entry-wise square
of ``ldpref.mechanism`` / ``ldpref.linalg`` must decide and compute what the generic paths do."""

from __future__ import annotations

import random

import pytest
import sympy
from sympy import QQ, ZZ
from sympy.polys.matrices import DomainMatrix

from ldpref import linalg
from ldpref.errors import MechanismError
from ldpref.exact import EXP_EPS, cancel, cancelled_rational, together_cancelled
from ldpref.mechanism import Mechanism, _flint_stochastic
from tree_repr import tree_repr

x, y = sympy.symbols("x y")
a = sympy.Symbol("a", positive=True)
n = sympy.Symbol("n", integer=True, positive=True)
p1, q2 = sympy.symbols("p1 q2")
r0 = sympy.Dummy("r0")
SYMBOLS = [x, y, a, n, p1, q2, r0, EXP_EPS]


def _random_expr(rng, depth):
    if depth == 0:
        if rng.random() < 0.5:
            return rng.choice(SYMBOLS)
        return sympy.Rational(rng.randint(-6, 6), rng.randint(1, 5))
    left, right = _random_expr(rng, depth - 1), _random_expr(rng, depth - 1)
    op = rng.random()
    if op < 0.35:
        return left + right
    if op < 0.6:
        return left * right
    if op < 0.8:
        return left / right if right != 0 else left
    if op < 0.9:
        return left ** rng.randint(-3, 3) if left != 0 else left
    return left - right


def _same(fast, slow):
    return fast == slow and tree_repr(fast) == tree_repr(slow) and str(fast) == str(slow)


def test_cancelled_rational_is_sympys_cancel_on_random_rational_functions():
    rng = random.Random(20261128)
    hits = 0
    for _ in range(16):
        expr = _random_expr(rng, rng.randint(1, 3))
        if expr.has(sympy.zoo, sympy.nan, sympy.oo):
            continue
        fast = cancelled_rational(expr)
        if fast is None:
            continue
        hits += 1
        assert _same(fast, sympy.cancel(expr)), expr
    assert hits >= 10


@pytest.mark.parametrize("expr", [
    (2 * x**2 - 2) / (x**2 - 2 * x + 1),  # docstring example of sympy.cancel: (2*x + 2)/(x - 1)
    x / 2 + 1,  # a sum over an integer stays distributed
    (-x - y) / (-2 * x + 3 * y),  # sign of the denominator's leading coefficient (lex order: x before y)
    (y - x) / (x - y) + x,  # cancels to x - 1
    (EXP_EPS**2 - 1) / (EXP_EPS - 1) / a,
    sympy.Rational(3, 4) * x / (sympy.Rational(6, 5) * y + sympy.Rational(9, 10)),  # content of both sides
    (x + 1) / (x + 1) + x - x,  # constant
    (x - x * y) * 0 + y / y,  # constant after automatic simplification
    (p1 + q2 * r0) / (q2 - p1),
])
def test_cancelled_rational_known_forms(expr):
    fast = cancelled_rational(expr)
    slow = sympy.cancel(expr)
    if fast is None:  # no symbol left: sympy's own path
        assert not expr.free_symbols
    else:
        assert _same(fast, slow)
    assert _same(cancel(expr), slow)
    assert _same(together_cancelled(expr), sympy.cancel(sympy.together(expr)))


@pytest.mark.parametrize("expr", [
    sympy.sqrt(x) + 1 / x, sympy.exp(x) / (x + 1), x + sympy.Float("0.5"), sympy.Rational(1, 3),
    sympy.Symbol("x", commutative=False) + 1,
])
def test_cancelled_rational_declines_other_expressions(expr):
    assert cancelled_rational(expr) is None
    assert _same(cancel(expr), sympy.cancel(expr))


def test_cancelled_rational_leaves_high_powers_of_sums_to_sympy():
    assert cancelled_rational((x + 1) ** 65 / x) is None


def test_cancelled_rational_declines_names_that_tie_in_sympys_order():
    tie = sympy.Symbol("x", positive=True)  # same name as x: sympy's generator order is not decided by names
    assert cancelled_rational(x / (tie + 1)) is None


def _dense(rows, dom):
    return DomainMatrix([[dom(v) for v in row] for row in rows], (len(rows), len(rows[0])), dom).to_dense()


@pytest.mark.parametrize("rows, dom, stochastic", [
    ([[QQ(1, 2), QQ(1, 3)], [QQ(1, 2), QQ(2, 3)]], QQ, True),
    ([[QQ(3, 2), QQ(1, 3)], [QQ(-1, 2), QQ(2, 3)]], QQ, False),  # columns sum to 1, an entry is negative
    ([[QQ(1, 2), QQ(1, 3)], [QQ(1, 2), QQ(1, 3)]], QQ, False),  # a column sums to 2/3
    ([[1, 0], [0, 1]], ZZ, True),
    ([[2, 0], [-1, 1]], ZZ, False),
])
def test_flint_stochastic_decides_as_the_entry_checks(rows, dom, stochastic):
    P = _dense(rows, dom)
    assert _flint_stochastic(P) is stochastic
    if stochastic:
        Mechanism(P, None)
    else:
        with pytest.raises(MechanismError):
            Mechanism(P, None)


@pytest.mark.parametrize("dom", [QQ, ZZ])
def test_hadamard_square_of_a_flint_matrix(dom):
    rows = [[dom(3), dom(-2), dom(0)], [dom(1), dom(5), dom(-7)]]
    if dom is QQ:
        rows[0][0] = QQ(-3, 7)
    M = _dense(rows, dom)
    assert linalg.hadamard_square(M) == M.mul_elementwise(M)
    assert linalg.hadamard_square(M).rep.rep == M.mul_elementwise(M).rep.rep


@pytest.mark.parametrize("lhs, rhs, values", [
    (sympy.sqrt(2), sympy.Rational(141421356, 100000000), None),
    (sympy.pi, sympy.Rational(355, 113), None),
    (sympy.exp(sympy.Rational(1, 3)) * x, sympy.log(7) + x, {x: sympy.Rational(5, 2)}),
    (x ** sympy.Rational(1, 3), sympy.Integer(2), {x: sympy.Rational(9)}),
    (sympy.E ** 2 / (x - 1), sympy.Integer(-3), {x: sympy.Rational(-1, 2)}),
])
def test_certain_sign_agrees_with_sympys_relation(lhs, rhs, values):
    from ldpref.exact import certain_sign

    sign = certain_sign(lhs, rhs, values)
    at = (lhs - rhs).subs(values or {})
    assert sign == (1 if bool(at > 0) else -1)


def test_certain_sign_undecided_without_a_proof():
    from ldpref.exact import _certainly_nonzero, certain_sign

    assert certain_sign(sympy.E, sympy.exp(1)) is None  # equal numbers: the balls overlap at every precision
    assert certain_sign(1 / (x - 1), sympy.Integer(0), {x: sympy.Integer(1)}) is None  # a ball holding 0 inverted
    assert certain_sign(sympy.log(x), sympy.Integer(0), {x: sympy.Integer(-1)}) is None
    assert certain_sign(sympy.Float(1.5), sympy.Integer(1)) is None  # floats are never decided here
    assert not _certainly_nonzero(sympy.log(2) + sympy.log(3) - sympy.log(6))
    assert _certainly_nonzero(sympy.exp(-200))


def test_cancelled_rational_with_values_is_cancel_of_the_substitution():
    rng = random.Random(7)
    hits = 0
    for _ in range(16):
        expr = _random_expr(rng, rng.randint(2, 3))
        free = sorted(expr.free_symbols, key=str)
        if expr.has(sympy.zoo, sympy.nan, sympy.oo) or len(free) < 2:
            continue
        values = {s: sympy.Rational(rng.randint(-3, 3), rng.randint(1, 3)) for s in free[::2]}
        fast = cancelled_rational(expr, values)
        if fast is None:
            continue
        hits += 1
        assert _same(fast, sympy.cancel(expr.subs(values))), (expr, values)
    assert hits >= 4
    assert cancelled_rational((x + 1) / (y**2 - 1), {y: sympy.Integer(1)}) is None  # sympy: zoo
    assert cancelled_rational(x / y, {x: sympy.Integer(2), y: sympy.Integer(3)}) is None  # no symbol left
    assert cancelled_rational(x / y, {y: sympy.sqrt(2)}) is None
    half = sympy.Rational(-1, 2)
    assert _same(cancelled_rational(x / (x + y), {y: half}), sympy.cancel((x / (x + y)).subs(y, half)))


def test_leading_ratio_decides_the_limit_sympy_finds():
    from ldpref.exact import leading_ratio

    cases = [((x + 1) * (2 * x - a), (x + 1) * (3 * x ** 2 + y)),  # a common factor, a lower degree: 0
             ((x + 1) * (2 * x - a), (x + 1) * (3 * x + y)),  # equal degrees: 2/3
             (a * x ** 3 - 1, -(2 * x + 5)),  # a higher degree, negative ratio: -oo
             (sympy.Integer(0), x + 1)]  # zero numerator: degree -oo, limit 0
    for num, den in cases:
        gap, ratio = leading_ratio(num, den, x)
        want = sympy.limit(num / den, x, sympy.oo)
        got = sympy.Integer(0) if gap < 0 else (sympy.cancel(ratio) if gap == 0 else sympy.oo * sympy.sign(ratio))
        assert got == want, (num, den, got, want)
    assert leading_ratio(sympy.sqrt(x) + 1, x, x) is None  # not a polynomial in x
    assert leading_ratio(x, sympy.Integer(0), x) is None  # the zero denominator
