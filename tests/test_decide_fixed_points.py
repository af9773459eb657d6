"""Statements at the papers' fixed points proved there (issue 25; proofs_checks/jiang_gcms/obligations_sec7.py):
e^x enclosed by a certified Taylor interval (ldpref.decide.enclosure), every obligation decided unsat by z3 and
re-checked by cvc5, and planted wrong variants refuted by both."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import pytest
import sympy

from ldpref.decide.enclosure import check_enclosure, exp_enclosure
from ldpref.decide.export import all_obligations
from ldpref.decide.obligation import Obligation
from ldpref.decide.smtlib import to_smtlib
from ldpref.decide.solvers import cvc5_check, z3_check

CLAIMS = ("jiang-gcms/sec7.C.fig7", "jiang-gcms/sec7.C.small-p-large-eps", "jiang-gcms/sec7.D.apple-p")


@cache
def _obligations() -> dict:
    return {ob.name: ob for ob in all_obligations() if ob.claim in CLAIMS}


def test_exp_enclosure_is_certified_and_can_fail():
    for x in (Fraction(3), Fraction(5), Fraction(15, 8), Fraction(15, 4)):
        lo, hi = exp_enclosure(x)
        assert lo < sympy.exp(sympy.Rational(x.numerator, x.denominator)) < hi and hi - lo < Fraction(1, 10 ** 12)
        assert not check_enclosure(x, lo, lo + Fraction(1, 10 ** 15))  # an interval too short above is refused
    # the enclosure of e (x = 1) against the Taylor partial sums written out here
    lo, hi = exp_enclosure(1)
    assert lo < sum(Fraction(1, math.factorial(k)) for k in range(30)) < hi


def test_every_fixed_point_obligation_is_proved_by_both_solvers():
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    obs = _obligations()
    assert {ob.claim for ob in obs.values()} == set(CLAIMS) and len(obs) == 4 + 4 + 1
    for name, ob in sorted(obs.items()):
        text = to_smtlib(ob)
        assert z3_check(text)[0] == "unsat" and cvc5_check(text) == "unsat", name


def _planted(ob, goal, what):
    return Obligation(ob.name + ".planted", ob.claim, f"planted: {what}", ob.variables, ob.assumptions, goal,
                      model_side=ob.model_side)


def test_planted_wrong_fixed_point_obligations_are_refuted_by_both_solvers():
    """Apple's p rounding to 0.86; Fig. 7's relaxation over the reals from 2^(L-1) (m = 2.1, s = 1.14 fails at
    L = 2, which is why the blocks start at 2^(L-1) + 1); the order reversed."""
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    obs = _obligations()
    apple = obs["jiang-gcms/sec7.D.apple-p"]
    (pp,) = {r.lhs for r in apple.goal.args}  # Apple's derived p, bounded on both sides
    wrong = [_planted(apple, sympy.Lt(pp, sympy.Rational(865, 1000)), "p below 0.865 (rounds to 0.86)")]
    fig7 = obs["jiang-gcms/sec7.C.fig7.eps3.p3-5"]
    m, s = (next(v.symbol for v in fig7.variables if v.name == n) for n in ("m", "s"))
    wrong.append(_planted(fig7, sympy.Implies(sympy.And(sympy.Ge(m, 2), sympy.Le(m, 4)), sympy.Lt(2 * s, m)),
                          "block L = 2 relaxed over the reals from 2"))
    order = obs["jiang-gcms/sec7.C.small-p-large-eps.2"]
    (c_order,) = [r for r in order.goal.args if r.lhs.free_symbols and r.rhs.free_symbols]  # c_1 < c_2
    c1, c2 = c_order.lhs, c_order.rhs
    wrong.append(_planted(order, sympy.Lt(c2, c1), "the order reversed"))
    for ob in wrong:
        text = to_smtlib(ob)
        assert z3_check(text)[0] == "sat" and cvc5_check(text) == "sat", ob.meaning
