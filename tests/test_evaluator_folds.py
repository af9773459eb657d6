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
