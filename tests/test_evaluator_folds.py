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
