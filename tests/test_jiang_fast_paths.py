"""The jiang-gcms fast paths agree with the slow ones they replace: the lambdified, cse'd ``gcms_model._at`` with
sympy's subs + cancel, and the target-free (p_s, q_s) tables of the Fig. 6 claims with the inline mpmath
expressions they hoist (bit for bit)."""

from __future__ import annotations

import mpmath
import pytest
import sympy

import derivations.jiang_gcms as J
import derivations.jiang_gcms.sec7_model as D7
from ldpref import gcms as G
from proofs_checks.jiang_gcms import gcms_model as GM
from proofs_checks.jiang_gcms import sec7b_fig6 as F6

R = sympy.Rational
EXPRS = [J.estimator_variance_derived, J.privacy_ratio_derived]


@pytest.mark.parametrize("make", EXPRS)
@pytest.mark.parametrize("point", [(R(3, 4), 2, 4, 2, (2, 1, 0)), (R(1, 2), 1, 3, 1, (0, 3, 1)),
                                   (R(9, 10), 1, 2, 3, (1, 1)), (R(2, 3), 3, 5, 100, (4, 0, 2, 1))])
def test_at_matches_subs_cancel(make, point):
    p_, s_, m_, k_, counts = point
    expr = make()
    values = GM._model(p_, s_, m_, k_, counts, 0)
    values = {key: v for key, v in values.items() if key in expr.free_symbols}
    fast = GM._at(expr, values)
    assert isinstance(fast, sympy.Rational)
    assert fast == sympy.cancel(expr.subs(values))


def test_at_key_order_independent_of_dict_order():
    expr = J.estimator_variance_derived()
    values = GM._model(R(3, 4), 2, 4, 2, (2, 1, 0), 0)
    backwards = dict(reversed(list(values.items())))
    assert GM._at(expr, values) == GM._at(expr, backwards) == sympy.cancel(expr.subs(values))


def test_at_would_catch_a_wrong_value():
    expr = J.estimator_variance_derived()
    values = GM._model(R(3, 4), 2, 4, 2, (2, 1, 0), 0)
    other = {**values, J.n: values[J.n] + 1}
    assert GM._at(expr, values) != sympy.cancel(expr.subs(other))


def test_fig6_pq_table_is_the_inline_computation():
    n_, m_, eps_ = (F6.P7.FIG6[x] for x in ("n", "m", "eps"))
    table = F6._feasible_pq(eps_, m_)
    with mpmath.workdps(20):
        E = mpmath.exp(eps_)
        inline = [(E * s_ / (E * s_ + m_ - s_), s_) for s_ in range(1, m_)]
        inline = [(p_, (s_ - p_) / (m_ - 1), s_) for p_, s_ in inline if 2 * p_ >= 1]
        assert list(table) == inline
        lam_ = mpmath.mpf(1000) / n_
        assert min((G._relative_variance(p_, q_, m_, lam_), s_) for p_, q_, s_ in table)[1] > 0


def test_fig6_best_ratio_feasible_table_is_the_inline_computation():
    E, feasible = D7._feasible_ps(4, 1024, 20)
    with mpmath.workdps(20):
        E2 = mpmath.exp(4)
        assert E == E2
        assert list(feasible) == [(E2 * s_ / (E2 * s_ + 1024 - s_), s_) for s_ in range(1, 1024)]
