"""pan-cms optimized CMS (Section 3.4, Appendix D): the displayed forms against a standard-library brute force.

The brute force (``tests/bruteforce.py``) builds CMS+RR from every function [2] -> [m] and m-ary RR with
``fractions.Fraction`` probabilities; it never uses ldpref's engine.  With n = 1 client the datasets are
(1, 0) and (0, 1), so the worst-case MSE is max(Var | f(x) = 1, Var | f(x) = 0) and the l2 loss (d = 2) is
the larger of Var(f_hat(0)) + Var(f_hat(1)) over the two datasets.
"""

from __future__ import annotations

import os
import sys
from fractions import Fraction as F

import sympy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bruteforce as bf  # noqa: E402

import derivations.pan_cms.optimized as D  # noqa: E402
import derivations.pan_cms.optimized_symbols as S  # noqa: E402
import derivations.pan_cms.printed_optimized as P  # noqa: E402
from derivations.pan_cms.symbols import d, f_star, n  # noqa: E402
from ldpref.exact import EXP_EPS as E  # noqa: E402
from ldpref.ledger.forms import evaluate  # noqa: E402


def _var(m, e, counts, x):
    return bf.var(bf.cms_estimate(bf.all_functions(2, m), bf.rr(m, e), counts, x, m))


def worst_mse(m, e):
    return max(_var(m, e, (1, 0), 0), _var(m, e, (0, 1), 0))


def l2(m, e):
    return max(_var(m, e, c, 0) + _var(m, e, c, 1) for c in ((1, 0), (0, 1)))


def test_rounding_corollary_3_4_picks_a_worse_integer():
    """e^eps = 21/10: 1 + e^(eps/2) = 2.449... rounds to 2, yet m = 3 has the smaller worst-case MSE."""
    e = F(21, 10)
    rounded = int(evaluate(P.cor3_4_closest_integer(), {E: sympy.Rational(21, 10)}))
    better = int(evaluate(D.cor34_closest_integer_form(), {E: sympy.Rational(21, 10)}))
    assert (rounded, better) == (2, 3)
    assert worst_mse(3, e) < worst_mse(2, e) and worst_mse(3, e) < worst_mse(4, e)


def test_corollary_3_4_value_is_the_integer_optimum_when_m_is_an_integer():
    """e^eps = 4: 1 + e^(eps/2) = 3, and the printed optimum equals the brute-force worst-case MSE there."""
    value = evaluate(P.cor3_4()[0], {E: 4, n: 1})
    assert value == sympy.Rational(worst_mse(3, 4).numerator, worst_mse(3, 4).denominator)
    assert worst_mse(3, 4) < min(worst_mse(2, 4), worst_mse(4, 4))


def test_eq36_is_right_with_theorem_3_7s_delta_l_and_wrong_with_appendix_ds():
    """d = 2, e^eps = 4: the l2-optimal m is 3 (an integer), so min_m l2 is the brute-force l2 at m = 3."""
    exact = l2(3, 4)
    assert exact < min(l2(2, 4), l2(4, 4))
    exact = sympy.Rational(exact.numerator, exact.denominator)
    sub = {E: 4, d: 2, n: 1}
    eq36 = P.appd_eq36()
    assert evaluate(eq36.subs(S.Delta_l, P.delta_l_theorem()), sub) == exact
    assert evaluate(eq36.subs(S.Delta_l, P.delta_l_appendix()), sub) != exact
    assert evaluate(P.thm3_7()[0], sub) == exact and evaluate(D.thm37_form()[0], sub) == exact


def test_appendix_d_m_opt_drops_the_division():
    """f* = 1/4, e^eps = 4: Appendix D's 1 + Delta_MSE is not Eq. (32)'s stationary point (Eq. (15) is)."""
    sub = {E: 4, f_star: sympy.Rational(1, 4)}
    m15, mapp = evaluate(P.eq15(), sub), evaluate(P.appd_m_opt(), sub)
    assert sympy.simplify(m15 - evaluate(D.m_opt_form(), sub)) == 0
    assert sympy.simplify(mapp - m15) != 0


def test_printed_module_imports_no_derivation():
    import ast

    tree = ast.parse(open(P.__file__).read())
    names = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    names |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert all(x in ("sympy", "ldpref.exact") or "symbols" in x or x == "" for x in names), names
