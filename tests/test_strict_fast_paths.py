"""The fast paths of pan-strict's checks against the slow ones they replace, on a few inputs."""

from fractions import Fraction

import sympy

import derivations.pan_strict.constructions as C
from derivations.pan_strict.scan_arithmetic import _ratio
from proofs_checks.pan_strict.constructions_common import _at, _at_point


def test_osc_l2_fraction_fmpq_equals_unreduced_ratio_and_sympy():
    """osc_l2_fraction (python-flint fmpq) == the same derived l2 on unreduced _Ratio and on sympy Rationals."""
    for d_, dp_, k_, e_ in [(5, 7, Fraction(7, 3), Fraction(2)), (10, 11, Fraction(11, 4) + 1, Fraction(3)),
                            (3, 3, Fraction(1), Fraction(3, 2)), (40, 41, Fraction(41, 6) - 1, Fraction(5))]:
        fast = C.osc_l2_fraction(d_, dp_, k_, e_)
        slow = C.osc_l2_exact(_ratio(d_), _ratio(dp_), _ratio(k_), _ratio(e_)).fraction()
        R = sympy.Rational
        sym = C.osc_l2_exact(sympy.Integer(d_), sympy.Integer(dp_), R(k_.numerator, k_.denominator),
                             R(e_.numerator, e_.denominator))
        assert isinstance(fast, Fraction)
        assert fast == slow == Fraction(int(sympy.numer(sympy.cancel(sym))), int(sympy.denom(sympy.cancel(sym))))
    assert C.osc_l2_fraction(5, 7, Fraction(7, 3), Fraction(2)) != C.osc_l2_fraction(5, 7, Fraction(7, 3) + 1,
                                                                                     Fraction(2))


def test_at_point_equals_at_on_the_cost_bound_and_can_be_false():
    """_at_point (values put in first) decides log2 C(d,k) <= d H2(k/d) as _at does, and a false statement
    (the bound shifted down) comes out False at the same points."""
    form = C.ss_cost_form()
    shifted = sympy.Le(form.lhs, form.rhs - 2)
    outcomes = []
    for d_, k_ in [(2, 1), (5, 2), (9, 4), (20, 1), (20, 13)]:
        assert _at_point(form, d=d_, k=k_) is _at(form, d=d_, k=k_) is True
        outcomes.append(_at_point(shifted, d=d_, k=k_))
        assert outcomes[-1] == _at(shifted, d=d_, k=k_)
    assert outcomes == [False, False, False, False, True]  # log2 C(20,13) ~ 16.24 <= 20 H2(13/20) - 2 ~ 16.68


def test_printed_cms_above_equals_sympy_relation_both_ways():
    """cross: the interval-decided comparison of pan-cms's printed l2* with a rational == sympy's relation built
    at the point, for values below and above it."""
    import derivations.cross as X
    from proofs_checks.cross import _printed_cms_above

    for d_, e_ in [(2, sympy.Rational(11, 10)), (5, sympy.Integer(3)), (40, sympy.Rational(3, 2)),
                   (10**6, sympy.Integer(50))]:
        osc = X.osc_l2_star(d_, e_)
        for value in (osc, 3 * osc, osc / 2, 10**6 * osc):
            slow = bool(sympy.StrictGreaterThan(X.pancms_l2_star_printed(d_, e_, 1), value))
            assert _printed_cms_above(d_, e_, value) is slow
        assert _printed_cms_above(d_, e_, osc) is True and _printed_cms_above(d_, e_, 10**6 * osc) is False


def test_optimality_evaluate_rational_path_equals_substitution():
    """derivations.pan_strict.optimality._evaluate: the exact-rational path gives the Rational the substitution
    gives; symbolic values and singular points (k = d: zoo) still go through the substitution."""
    import derivations.pan_strict.optimality as O

    R = sympy.Rational
    for expr in (O._l2_symbolic(), O._pq_symbolic()[0], O._variance_symbolic()):
        for d_, k_, e_ in [(5, 2, R(3)), (7, R(7, 3), R(3, 2)), (30, 1, R(50))]:
            vals = {O.d: d_, O.k: k_, O.e: e_, O.n: 3, O.f_v: R(1, 4)}
            vals = {s: v for s, v in vals.items() if s in expr.free_symbols}
            fast = O._evaluate(expr, vals)
            slow = expr.xreplace({s: sympy.sympify(v) for s, v in vals.items()})
            assert fast.is_Rational and fast == slow
    assert O.osc_l2(4, 4, 3, 1) is sympy.zoo  # k = d: the substitution's value, as before
    x = sympy.Symbol("x", positive=True)
    assert O.osc_l2(x, 1, 3, 1).free_symbols == {x}
    assert O.osc_l2(5, 2, 3, 1) != O.osc_l2(5, 1, 3, 1)
