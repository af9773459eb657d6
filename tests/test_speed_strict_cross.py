"""cross derivations: the fast routes give the very objects of the sympy routes they replace."""

import sympy

import derivations.cross as X
from derivations.cross import JG
from tree_repr import tree_repr


def test_gcms_s1_pq_linear_root_is_solves_root():
    P_ = sympy.Symbol("P", positive=True)
    ratio = JG.privacy_ratio_derived().subs({JG.s: 1, JG.p: P_})
    (root,) = sympy.solve(sympy.Eq(ratio, X.e), P_)
    p_, q_ = X.gcms_s1_pq()
    assert tree_repr(p_) == tree_repr(sympy.cancel(root.subs(JG.m, X.m)))
    assert sympy.cancel(p_ * (X.m - 1) / (1 - p_) - X.e) == 0 and p_ != q_


def test_draw_model_excess_through_the_field_is_factor_of_the_difference():
    v1, v0 = X.gcms_fixed_family_client_variances(JG.p, JG.q, JG.m)
    slow = sympy.factor(JG.estimator_variance_derived() - (JG.f * v1 + (JG.n - JG.f) * v0))
    assert tree_repr(X.gcms_draw_model_excess()) == tree_repr(slow)


def test_cms_rr_m_star_is_the_simplified_root():
    d, m, e = X.d, X.m, X.e
    num = sympy.numer(sympy.together(sympy.diff(X.cms_rr_l2(d, m, e), m)))
    roots = sympy.roots(sympy.Poly(num, m), multiple=True)
    good = [r for r in roots if not (r.subs({d: 10, e: 3}) < 1)]
    assert tree_repr(X.cms_rr_m_star()) == tree_repr(sympy.simplify(good[0]))
    assert sympy.diff(X.cms_rr_l2(d, m, e), m).subs({d: 7, e: 3, m: X.cms_rr_m_star().subs({d: 7, e: 3})}).equals(0)
