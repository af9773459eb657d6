"""pan-strict def2.3: the membership statement decided exactly by ``evaluate`` (each Eq of the membership by exact
arithmetic, an identity in e^eps by exact cancellation), true and false, and its negation."""

import sympy

import derivations.pan_strict.framework as D
from ldpref.exact import EXP_EPS
from ldpref.ledger.forms import evaluate
from tree_repr import tree_repr


def test_membership_decided_exactly():
    form = D.def2_3_form()
    R = sympy.Rational
    points = [(R(3, 7), R(1, 7), R(3)), (R(1, 7), R(1, 7), R(3)), (R(2, 7), R(1, 7), R(3)),
              (R(5, 18), R(1, 9), R(5, 2)),
              (EXP_EPS / (EXP_EPS + 2), 1 / (EXP_EPS + 2), EXP_EPS), (1 / (EXP_EPS + 2), 1 / (EXP_EPS + 2), EXP_EPS)]
    out = []
    for v, p, e in points:
        point = {D.P_entry: v, D.p_u: p, D.e_sym: e}
        out.append(evaluate(form, point))
        assert evaluate(sympy.Not(form), point) is (not out[-1])
    assert out == [True, True, False, True, True, True]


def test_is_zero_equals_cancel():
    from derivations.pan_strict.rational_paths import is_zero as _is_zero

    e, f0, f1 = EXP_EPS, *sympy.symbols("f_0 f_1")
    exprs = [f0 * (e * (e + 1) / ((e - 1) * (e + 2)) - 2 / ((e - 1) * (e + 2))) - f0,
             f0 * (e / (e - 1) - 1 / (e - 1)) - f0 + f1 * (1 / (e + 1) - 1 / (e + 1)),
             f0 * (e / (e - 1) - 1 / (e + 1)) - f0, sympy.Rational(2, 35) * f0 - sympy.Rational(2, 77) * f1,
             sympy.Integer(0), sympy.sqrt(e) * f0 - sympy.sqrt(e) * f0, sympy.sqrt(e + 1) * (e - 1) / (e**2 - 1) - 1]
    assert [_is_zero(x) for x in exprs] == [sympy.cancel(x) == 0 for x in exprs] == [True, True, False, False, True,
                                                                                       True, False]


def test_optimality_cancel_equals_sympy_cancel():
    from ldpref.exact import cancel as _cancel  # the cancel the optimality checks use

    x, y = sympy.symbols("x y", positive=True)
    vals = [(x**2 - y**2) / (x - y) - x - y + sympy.Rational(3, 7), x / (x + y) + y / (x + y), (x + 1) / x,
            sympy.Rational(5, 3), 2 * x / (4 * x), EXP_EPS / (EXP_EPS + 1) + 1 / (EXP_EPS + 1) - 1, sympy.sqrt(x) / x]
    out = [_cancel(v) for v in vals]
    assert [tree_repr(v) for v in out] == [tree_repr(sympy.cancel(v)) for v in vals]
    assert out[:2] == [sympy.Rational(3, 7), 1] and out[5] == 0


def test_memoised_and_rational_cancels_equal_cancel():
    from proofs_checks.pan_strict.matrix_forms import at
    from proofs_checks.pan_strict.matrix_forms import cancel_each as _cancel_each

    e = EXP_EPS
    a, b = e / (e + 2) + 1 / (e * (e + 2)), 2 / (e + 2) - 1 / (e + 2)
    M = sympy.Matrix([[a, b, b], [b, a, b], [sympy.Rational(2, 6), b, a]])
    assert tree_repr(_cancel_each(M)) == tree_repr(M.applyfunc(sympy.cancel))
    for v in (sympy.Rational(3, 7), sympy.Integer(0), a, b):
        assert tree_repr(at(v, {})) == tree_repr(sympy.cancel(v))  # optimality._at's values too


def test_normal_mae_identity_is_simplifys_form():
    lhs, rhs = D.normal_mae_identity()
    s, z = sympy.symbols("sigma z", positive=True)
    integral = 2 * sympy.integrate(z * sympy.exp(-z**2 / (2 * s**2)) / (s * sympy.sqrt(2 * sympy.pi)), (z, 0, sympy.oo))
    assert tree_repr(lhs) == tree_repr(sympy.simplify(integral)) and lhs == rhs
