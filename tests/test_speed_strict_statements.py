"""pan-strict def2.3: the membership statement decided by xreplace == ledger evaluate (subs), true and false."""

import sympy

import derivations.pan_strict.framework as D
from ldpref.exact import EXP_EPS
from ldpref.ledger.forms import evaluate
from proofs_checks.pan_strict.framework_configurations import _statement_at


def test_statement_at_equals_evaluate():
    form = D.def2_3_form()
    R = sympy.Rational
    points = [(R(3, 7), R(1, 7), R(3)), (R(1, 7), R(1, 7), R(3)), (R(2, 7), R(1, 7), R(3)), (R(5, 18), R(1, 9), R(5, 2)),
              (EXP_EPS / (EXP_EPS + 2), 1 / (EXP_EPS + 2), EXP_EPS), (1 / (EXP_EPS + 2), 1 / (EXP_EPS + 2), EXP_EPS)]
    out = []
    for v, p, e in points:
        point = {D.P_entry: v, D.p_u: p, D.e_sym: e}
        out.append(_statement_at(form, point))
        assert out[-1] is evaluate(form, point)
        assert _statement_at(sympy.Not(form), point) is (not out[-1])
    assert out == [True, True, False, True, True, True]
