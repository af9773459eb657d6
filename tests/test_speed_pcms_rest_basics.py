"""The fast paths of the pan-cms basics checks against their slow references (speed-pcms-rest)."""

from fractions import Fraction

import sympy
from flint import fmpq, fmpq_poly

import derivations.pan_cms.basics as D
import derivations.pan_cms.printed_basics as PB
import derivations.pan_cms.basics_notation as N
import proofs_checks.pan_cms.basics_appC as C
import proofs_checks.pan_cms.basics_variance as BV
from derivations.pan_cms.rational import RatFunc, rational_function
from derivations.pan_cms.symbols import cbar, d as d_sym, var_eq, var_neq
from ldpref.exact import EXP_EPS
from tree_repr import tree_repr


def test_ratfunc_arithmetic_matches_sympy():
    x = sympy.Symbol("x")
    field = sympy.QQ.frac_field(x)
    a_expr, b_expr = (x**2 + 3) / (2 * x - 2), (x + sympy.Rational(1, 3)) / (x**2 - 1)
    a, b = rational_function(a_expr, x), rational_function(b_expr, x)
    for fast, slow in ((a + b, a_expr + b_expr), (a * b - fmpq(1, 2), a_expr * b_expr - sympy.Rational(1, 2)),
                       (fmpq(2) / a + 3 * b ** 2, 2 / a_expr + 3 * b_expr**2), (a ** -2, a_expr**-2),
                       (a - a + 1, sympy.Integer(1))):
        assert fast.to_sympy(field) == field.to_sympy(field.from_sympy(slow))
    assert RatFunc(fmpq_poly([0, 1])).to_sympy(field) == x
    assert rational_function(sympy.sqrt(2) * x, x) is None


def test_symbolic_evaluation_matches_sympy_path():
    P, Dv = PB.variance_theorem_printed().rhs, D.variance_theorem_derived().rhs
    for key in ("gf2(l=1,d=2)", "hand(d=3,k=2,partial)"):
        fam = BV.family(key)
        _, V = BV.symbolic_inner("arp", fam.m)
        extra = {var_eq: V[0][0], var_neq: V[0][1], d_sym: sympy.Integer(fam.d)}
        rate = fam.has_constant_collision_rate()
        if rate is not None:
            extra[cbar] = sympy.Rational(rate.numerator, rate.denominator)
        for counts in ((1, 0, 0)[: fam.d], (1, 1, 0)[: fam.d]):
            for xx in range(fam.d):
                for form in (P, Dv, P - Dv / 2):
                    kw = dict(family=fam, counts=counts, var_table=V, x_val=xx, extra=extra)
                    fast = N.evaluate_rational_function_on(form, **kw)
                    assert fast is not None and fast.has(EXP_EPS)
                    assert fast == N.evaluate_symbolic_on_sympy(form, **kw)


def _tail_checks_reference(profile, amax2, coef, factor, sided):
    """The tails by direct summation at each tested alpha (the quadratic definition)."""
    vals, probs, var, truth = profile
    side = [(v - truth, p) for v, p in zip(vals, probs) if C._in_side(v - truth, sided)]
    points = [a2 for a2 in sorted({dv * dv / var for dv, _ in side}) if a2 <= amax2] + [Fraction(amax2)]
    return tuple(C._fr(sum((p for dv, p in side if dv * dv >= a2 * var), Fraction(0))) for a2 in points)


def test_tail_checks_match_direct_sums():
    for key, ee, nn, c in (("gf2(l=1,d=2)", sympy.Integer(3), 4, 1), ("Z3-affine(d=2)", sympy.Integer(2), 3, 0)):
        prof = C._tail_profile_exact(key, ee, nn, c)
        for sided in ("two", "upper", "lower"):
            for amax2 in (Fraction(1, 3), Fraction(5), Fraction(40)):
                _, _, tails = C._tail_checks(prof, 2, ee, nn, amax2=sympy.Rational(amax2.numerator, amax2.denominator),
                                             coef=sympy.Rational(1, 3), factor=2, sided=sided)
                assert tails == _tail_checks_reference(prof, amax2, None, None, sided)


def test_suffix_sums_are_the_tails():
    prof = C._tail_profile_exact("gf2(l=1,d=2)", sympy.Integer(3), 4, 1)
    vals, probs = prof[0], prof[1]
    assert list(vals) == sorted(set(vals))
    assert C._suffix_sums(probs) == [sum((p for w, p in zip(vals, probs) if w >= v), Fraction(0)) for v in vals]


def test_symbol_subs_is_subs():
    from derivations.pan_cms.symbols import k as k_sym
    forms = [PB.variance_theorem_printed().rhs, D.variance_theorem_derived().rhs, D.variance_lemma_derived().rhs,
             k_sym * (d_sym * var_eq + N.x * var_eq) ** 2 / (d_sym - N.x), sympy.Piecewise((N.x, d_sym > 1), (1, True))]
    for form in forms:
        for subs in ({d_sym: 3, k_sym: 2, N.x: 1}, {N.x: 0}, {d_sym: 2, N.j: N.x}, {}):
            fast = N.symbol_subs(form, subs)
            assert fast == form.subs(subs) and tree_repr(fast) == tree_repr(form.subs(subs))



def test_chernoff_fast_truth_is_evaluate():
    from ldpref.ledger.forms import evaluate, exp_truth

    A, B, fx, n = sympy.symbols("A B f_x n")
    t, dl, al = sympy.symbols("t delta alpha")
    forms = [(sympy.Le(t, sympy.exp(-dl**2 * n * (fx - A) / (3 * (B - A)))), sympy.Contains(dl, sympy.Interval(0, 1))),
             sympy.Lt(t, sympy.exp(-al**2 * n / (B - A))), sympy.Ge(sympy.exp(dl), sympy.exp(-t)),
             sympy.Le(t, sympy.exp(0 * dl)), sympy.Gt(2 * t, sympy.exp(-al ** 2))]
    tested = 0
    for tail in (sympy.Rational(1, 3), sympy.Rational(2, 3), sympy.Integer(1), sympy.Rational(1, 100)):
        for d_val in (sympy.Rational(1, 2), sympy.Integer(1), sympy.Rational(3, 2)):
            facts = {A: sympy.Rational(-1, 2), B: sympy.Integer(2), fx: sympy.Rational(1, 4), n: 3, t: tail, dl: d_val,
                     al: sympy.sqrt(d_val * 2 / 3)}
            for form in forms:
                fast = exp_truth(form, facts)
                assert fast is not None and fast == evaluate(form, facts), (form, facts)
                tested += 1
    assert tested == 60
    assert exp_truth(sympy.Le(t, sympy.exp(sympy.sqrt(dl))), {t: sympy.Integer(1), dl: sympy.Integer(2)}) is None
