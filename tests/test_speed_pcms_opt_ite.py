"""derivations.pan_cms.optimized._as_ite is srepr-identical to ``rewrite(ITE)``, and still rewrites nested Piecewise."""

import sympy
from sympy.logic.boolalg import ITE

import derivations.pan_cms.optimized as D
from derivations.pan_cms.symbols import e, f_star, m
from tree_repr import tree_repr


def test_as_ite_matches_rewrite():
    x = sympy.Symbol("x", real=True)
    cases = [
        sympy.Piecewise((sympy.StrictLessThan(sympy.Max(x, e), sympy.ceiling(sympy.sqrt(e))),
                         f_star <= sympy.Rational(1, 2)),
                        (sympy.StrictLessThan(m, 3), True)),
        sympy.Piecewise((sympy.Lt(x, 1), x < 0), (sympy.Gt(x, 2), x < 5), (sympy.Eq(x, 3), True)),
        sympy.Piecewise((sympy.Lt(x, 1), sympy.Lt(sympy.Piecewise((x, x > 2), (1, True)), 2)),  # nested
                        (sympy.Gt(x, 2), True)),
    ]
    for pw in cases:
        assert tree_repr(D._as_ite(pw)) == tree_repr(pw.rewrite(ITE))
    assert isinstance(D._as_ite(cases[0]), ITE)
    assert not D._as_ite(cases[2]).has(sympy.Piecewise)


def test_branch_xreplace_matches_xreplace():
    from proofs_checks.pan_cms.optimized import _branch_xreplace

    x = sympy.Symbol("x", real=True)
    rule = ITE(f_star <= sympy.Rational(1, 2), sympy.Lt(x, e), sympy.Gt(x, 1))
    form = sympy.Piecewise((sympy.ceiling(sympy.sqrt(e) + x), rule), (sympy.Max(2, sympy.floor(sympy.sqrt(e))), True))
    for put in ({e: 3, f_star: sympy.Rational(1, 4), x: 2}, {e: 3, f_star: 1, x: 2}, {e: 5, f_star: 1, x: 0},
                {e: 3, x: 2}):  # the last leaves f* <= 1/2 undecided: the whole xreplace
        assert tree_repr(_branch_xreplace(form, put)) == tree_repr(form.xreplace(put))
    assert _branch_xreplace(form, {e: 3, f_star: 1, x: 2}) == 4  # f* > 1/2, 2 > 1: ceiling(sqrt(3) + 2)
