"""jiang-gcms Theorem 1 / Eq. (2): the instance grid can refute a wrong bound.

At delta = 1/2 and 1/4 the shuffled histogram is already (0, delta)-DP (the exact smallest eps_c is about 1e-12), so
any positive bound holds there and those points cannot tell a right bound from a wrong one.  The points at
delta = 1e-4 and 1e-6 have an exact smallest eps_c above 0.1; there Eq. (2) is loose by a factor 5.7 and 4.4 in
e^eps_c - 1, so a bound whose bracket is an eighth of Eq. (2)'s is false at both and a fifth at delta = 1e-6: the
claim's form with such a bound disagrees with the exact column.
"""

import sympy

import derivations.jiang_gcms as J
from ldpref.ledger.forms import evaluate
from proofs_checks.jiang_gcms.sec2a_definition1 import _thm1_points


def _scaled_bound_form(scale):
    """Theorem 1's implication with Eq. (2)'s bracket 4 sqrt(2 log(4/delta))/sqrt((e^eps + 1) n) + 4/n times scale."""
    e = sympy.exp(J.eps)
    bracket = scale * (4 * sympy.sqrt(2 * sympy.log(4 / J.delta)) / sympy.sqrt((e + 1) * J.n) + 4 / J.n)
    return sympy.Implies(sympy.Le(J.eps, sympy.log(J.n / (8 * sympy.log(2 / J.delta)) - 1)),
                         sympy.Le(J.eps_c, sympy.log(1 + (e - 1) * bracket)))


def test_small_delta_points_refute_a_smaller_bound_and_large_delta_points_cannot():
    points = _thm1_points()
    small = [p for p in points if p.facts[J.delta] < sympy.Rational(1, 100)]
    large = [p for p in points if p.facts[J.delta] >= sympy.Rational(1, 4)]
    assert len(small) == 2 and len(large) == 3
    for p in points:  # Eq. (2) holds at every point (exact column) and the printed form says so
        assert p.data is True and evaluate(J.thm1_printed(), p.facts) is True
    assert all(p.facts[J.eps_c] > sympy.Rational(1, 10) for p in small)
    assert all(p.facts[J.eps_c] < sympy.Rational(1, 10**9) for p in large)
    for scale, at_small in ((sympy.Rational(1, 8), [False, False]), (sympy.Rational(1, 5), [True, False]),
                            (sympy.Rational(1, 4), [True, True])):
        wrong = _scaled_bound_form(scale)
        assert [evaluate(wrong, p.facts) for p in small] == at_small, scale
        assert all(evaluate(wrong, p.facts) is True for p in large)
    assert evaluate(_scaled_bound_form(sympy.Integer(1)), small[0].facts) is True  # Eq. (2) itself, rebuilt
