"""The copies of form evaluation folded into the one evaluator (issue 22, item 2): each folded caller still gives
the exact answer, and a wrong form or a wrong order is caught."""

from __future__ import annotations

import sympy

import derivations.jiang_gcms as J
from proofs_checks.jiang_gcms import sec2a_definition1 as D1


def test_definition1_printed_form_by_the_one_evaluator():
    """Definition 1's printed inequality over every event equals the exact answer at every point; the inequality
    without its delta (a wrong form) and its negation differ from it at some point."""
    points = D1._def1_points()
    form = J.def1_printed()
    assert all(D1._def1_value(form, p, "printed") == p.data[0] for p in points)
    wrong = sympy.Le(J.PrS, sympy.exp(J.eps) * J.PrS2)
    assert any(D1._def1_value(wrong, p, "printed") != p.data[0] for p in points)
    assert any(D1._def1_value(sympy.Not(form), p, "printed") != p.data[0] for p in points)


def test_better_neighbour_orders_irrational_losses_exactly():
    """BetterNeighbour's two losses, when numbers, are ordered by forms_extremes.exact_order: an irrational near-tie
    (10^-40 apart) goes to the right side each way, and a plain irrational loss picks the nearer integer."""
    from ldpref.ledger.edit_nodes import BetterNeighbour, _sign_of_difference

    m = sympy.Symbol("m", positive=True)
    name = sympy.Symbol("L")
    tiny = sympy.sqrt(2) / sympy.Integer(10) ** 40
    for shift, best in ((tiny, 3), (-tiny, 2)):
        centre = sympy.Rational(5, 2) + shift
        assert BetterNeighbour(centre, sympy.Lambda(m, (m - centre) ** 2), name) == best
    assert BetterNeighbour(sympy.sqrt(7), sympy.Lambda(m, (m - sympy.sqrt(7)) ** 2), name) == 3
    assert BetterNeighbour(sympy.sqrt(5), sympy.Lambda(m, (m - sympy.sqrt(5)) ** 2), name) == 2
    assert _sign_of_difference(sympy.sqrt(2) * sympy.sqrt(3), sympy.sqrt(6)) == 0
    assert _sign_of_difference(sympy.pi, sympy.Rational(355, 113)) == -1


def test_sign_of_difference_with_symbols_left_is_decided_on_their_domain():
    """A loss difference left with 1/n (n > 0) has the sign of its coefficient, decided by for_all over n > 0; a
    symbol without a declared positive domain, or a difference of both signs there, gives None."""
    from ldpref.ledger.edit_nodes import _sign_of_difference

    n, z = sympy.Symbol("n", positive=True), sympy.Symbol("z")
    R = sympy.Rational
    assert _sign_of_difference(R(5, 3) / n, R(49, 32) / n) == 1
    assert _sign_of_difference(R(945, 121) / n, R(961, 121) / n) == -1
    assert _sign_of_difference(9 / n, 9 / n) == 0
    assert _sign_of_difference(R(5, 3) / z, R(49, 32) / z) is None  # z may be negative
    assert _sign_of_difference(n, sympy.Integer(2)) is None  # both signs on n > 0
    assert _sign_of_difference(n**2 + 1, 2 * n) is None  # (n - 1)^2 >= 0: signs {0, 1}, not one sign


def _near_tie():
    """Max(1/2, -log(1 - e^{-18}/2)) - 1/2 + x y / (x + y): a Max sympy's own ordering refuses or misorders (the
    log is about 7.6e-9), plus a rational part, with its exact value at x, y."""
    x, y = sympy.symbols("x y", positive=True)
    expr = sympy.Max(sympy.Rational(1, 2), -sympy.log(1 - sympy.exp(-x) / 2)) - sympy.Rational(1, 2) + x * y / (x + y)
    return expr, x, y


def test_lambdified_exact_is_the_one_evaluators_value():
    """Lambdified.exact: at rational points the value of the compiled rational program (checked against Fraction
    arithmetic), and a Max of two close reals ordered exactly."""
    from fractions import Fraction

    from ldpref.lambdified import lambdify_expr

    x, y = sympy.symbols("x y", positive=True)
    fn = lambdify_expr("r", (x ** 2 - y) / (x * y + 3))
    for a, b in ((Fraction(3, 7), Fraction(5, 2)), (Fraction(-2), Fraction(1, 9))):
        assert fn.exact(x=a, y=b) == sympy.Rational((a ** 2 - b) / (a * b + 3))
    expr, _, _ = _near_tie()
    assert lambdify_expr("t", expr).exact(x=18, y=2) == sympy.Rational(18 * 2, 20)


def test_numeric_evaluate_is_the_one_evaluators_value():
    """ldpref.numeric.evaluate (``ldpref eval``): the exact value by forms.value_at, the Max of two close reals
    ordered exactly, the same number at 30 digits."""
    from ldpref.numeric import evaluate as numeric_evaluate

    expr, _, _ = _near_tie()
    (result,) = numeric_evaluate(expr, {"x": 18, "y": 2})
    assert result.exact == sympy.Rational(9, 5)
    (result,) = numeric_evaluate(sympy.sqrt(5) / (1 - sympy.sqrt(5)) ** 2, {})
    assert sympy.simplify(result.exact - sympy.sqrt(5) / (1 - sympy.sqrt(5)) ** 2) == 0


def test_hashing_truth_decides_for_every_e_eps_above_one():
    """pan-cms hashing's ``truth`` (left apart from forms.evaluate: a decision over e^eps > 1, not a value at a point):
    a relation between functions of e^eps holds for every e^eps > 1 or fails for some (a sign that changes on
    e^eps > 1 fails both >= and <=, decided by ldpref.decide.for_all), and is refused when it is no rational function
    without a pole there; the one evaluator refuses such a relation."""
    import pytest

    from ldpref.exact import EXP_EPS
    from ldpref.ledger.forms import evaluate
    from proofs_checks.pan_cms.hashing import truth

    a, b = sympy.symbols("a b")
    facts = {a: EXP_EPS ** 2, b: EXP_EPS}
    assert truth(sympy.Ge(a, b), facts) is True
    assert truth(sympy.Le(a, b), facts) is False
    # e^eps (e^eps - 2) changes sign at e^eps = 2: neither >= nor <= holds for every e^eps > 1
    assert truth(sympy.Ge(a, 2 * b), facts) is False and truth(sympy.Le(a, 2 * b), facts) is False
    with pytest.raises(ValueError, match="cannot decide"):
        truth(sympy.Ge(a, 1 / (b - 2)), facts)  # a pole at e^eps = 2
    with pytest.raises(ValueError):
        evaluate(sympy.Ge(a, b), facts)
