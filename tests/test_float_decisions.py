"""Exact outcomes decided by the one rigorous order (``ldpref.exact.exact_order``), not by a rounding: each case is a
near tie (or an exact tie) below the precision of the evaluation that decided it before."""

import pytest
import sympy

import derivations.jiang_gcms.sec7_model as D7
import proofs_checks.pan_cms.tables_table2 as T2
from ldpref.radicals import NotCanonical, _sign_at

HAIR = sympy.exp(-100)  # about 3.7e-44: below a 30-digit, a 40-digit and a 1e-30 tolerance


def test_sec7_less_signs_a_hair():
    """jiang-gcms Sec. VII's ``less`` (Theorem 2's least s, Fig. 8's best run): a difference of e^-100 is signed
    (the 30-digit rule refused it), and equal numbers are not less."""
    assert D7.less(1, 1 + HAIR)
    assert not D7.less(1 + HAIR, 1)
    assert not D7.less(sympy.log(6), sympy.log(2) + sympy.log(3))


def test_table2_bounds_have_no_tolerance():
    """pan-cms Table 2's bit counts: a count a hair off the exact form is outside it (the 10^-30 tolerance took
    it in); the exact counts are inside."""
    assert T2._bound_ok("RAPPOR", 4, None, sympy.Integer(4))
    assert not T2._bound_ok("RAPPOR", 4, None, 4 + HAIR)
    assert not T2._bound_ok("HE", 8, None, sympy.Integer(4) - HAIR)  # log2 8 + 1 is the lower end
    assert T2._bound_ok("HE", 8, None, sympy.Integer(4))


def test_radical_sign_of_a_proved_zero():
    """ldpref.radicals: a sample value equal to 0 (log 6 - log 2 - log 3) vanishes; its 30-digit rounding
    (0.e-165) read as positive."""
    x = sympy.Symbol("x", positive=True)
    try:
        _sign_at(x, [{x: sympy.log(6) - sympy.log(2) - sympy.log(3)}])
    except NotCanonical as err:
        assert "vanishes" in str(err)
    else:
        raise AssertionError("a value proved 0 was given a sign")
    assert _sign_at(x, [{x: HAIR}]) == 1


def test_exact_floor():
    """ldpref.exact.exact_floor: rigorous enclosures, an integer only by a proof, undecided rather than rounded (no
    case fails on a96b837's sympy floor, which it replaces in ceil_multiples and algorithm4_s: sympy's
    evaluation gets these right too)."""
    from ldpref.exact import OrderUndecided, exact_floor
    from ldpref.exact_rounding import ceil_multiples

    assert exact_floor(3 - sympy.exp(-2000)) == 2 and exact_floor(-(3 + sympy.exp(-2000))) == -4
    assert exact_floor(sympy.log(8) / sympy.log(2)) == 3  # an integer: proved
    assert exact_floor(sympy.E * 10**40) == 27182818284590452353602874713526624977572
    assert exact_floor(sympy.Rational(-7, 2)) == -4
    assert ceil_multiples(1 + sympy.log(6) - sympy.log(2) - sympy.log(3), [1, 2, 3]) == [1, 2, 3]
    try:
        exact_floor(3 - sympy.exp(-10**4))  # a gap below 2^-4000: not decided, never rounded
    except OrderUndecided:
        pass
    else:
        raise AssertionError("a floor was decided by a rounding")


def test_appc_tail_bound_at_a_tie_and_a_hair():
    """pan-cms Appendix C's tail checks: a tail equal to its bound holds (tail <= bound; the 60-digit rule raised
    'agree to 40 digits'), a tail a hair (~1e-45) above e^-1 fails (it raised too)."""
    from fractions import Fraction

    from proofs_checks.pan_cms.basics_appC import _tail_checks

    half = Fraction(1, 2)
    tie = ((-1, 1), (half, half), Fraction(1), Fraction(0))  # values, probabilities, variance, truth
    assert _tail_checks(tie, 2, 2, 1, amax2=3, coef=0, factor=1, sided="two")[0]
    q = Fraction(int(sympy.floor(sympy.exp(-1) * 10**60)) + 10**15, 10**60)  # e^-1 + about 1e-45
    hair = ((-1, 0, 1), (q / 2, 1 - q, q / 2), q, Fraction(0))
    holds, worst, _ = _tail_checks(hair, 2, 2, 1, amax2=3, coef=q, factor=1, sided="two")
    assert not holds and worst[1] == 1 / q


def test_exact_argmin():
    """ldpref.exact.exact_argmin (pan-cms's and pan-strict's integer hash range m, searched up to e^eps + 3):
    rigorous enclosures, the first of equal values by a proof, a hair decided (no case fails on a96b837's 50-digit
    searches, whose refusal band of 10^-40 relative is far below these searches' gaps: none is constructible there
    without changing the model)."""
    from ldpref.exact import EXP_EPS, exact_argmin

    x = sympy.Symbol("x")
    pts = [{x: v} for v in range(10)]
    assert exact_argmin((x - sympy.pi) ** 2, pts) == 3
    assert exact_argmin((x - sympy.Rational(5, 2)) ** 2, pts) == 2  # 2 and 3 tie: the first
    assert exact_argmin((x - EXP_EPS) ** 2, [{x: v} for v in range(30)], {EXP_EPS: sympy.exp(3)}) == 20
    assert exact_argmin((x - 5 - HAIR) ** 2 + 0 * x, pts) == 5
    y = sympy.Symbol("y")
    assert exact_argmin(x + y * sympy.log(2), [{x: 1, y: sympy.log(3)}, {x: 1 - HAIR, y: sympy.log(3)}]) == 1


_p, _q = sympy.symbols("p q", positive=True)
_r = sympy.Symbol("r", real=True)  # a junction's other part: not decided by assumptions on construction


def test_statement_relations_past_the_enclosures_are_ordered_by_the_one_decider():
    """ldpref.ledger.forms' statements: a relation the tree's enclosures leave open (a binomial has none; equal
    numbers never separate) is decided on the two values by exact_order, not by sympy's relation of them: 6 log 2 vs
    log 63, log 64 (a tie, proved), log 65; a tie of logarithms; ties inside junctions (Eq, Ne, Not)."""
    from ldpref.ledger.forms import evaluate

    lhs = sympy.binomial(_p, 2) * sympy.log(2)  # 6 log 2 = log 64 at p = 4
    for q, sign in ((63, 1), (64, 0), (65, -1)):
        at = {_p: 4, _q: q, _r: 1}
        assert evaluate(sympy.Lt(lhs, sympy.log(_q)), at) is (sign < 0)
        assert evaluate(sympy.Le(lhs, sympy.log(_q)), at) is (sign <= 0)
        assert evaluate(sympy.Gt(lhs, sympy.log(_q)), at) is (sign > 0)
        assert evaluate(sympy.Ge(lhs, sympy.log(_q)), at) is (sign >= 0)
        assert evaluate(sympy.And(sympy.Eq(lhs, sympy.log(_q)), sympy.Gt(_r, 0)), at) is (sign == 0)
        assert evaluate(sympy.Or(sympy.Ne(lhs, sympy.log(_q)), sympy.Lt(_r, 0)), at) is (sign != 0)
    tie = {_p: 8, _q: 3}  # log 8 / log 2 = 3
    assert evaluate(sympy.Le(sympy.log(_p) / sympy.log(2), _q), tie) is True
    assert evaluate(sympy.Lt(sympy.log(_p) / sympy.log(2), _q), tie) is False
    assert evaluate(sympy.Not(sympy.Ge(_q, sympy.log(_p) / sympy.log(2))), tie) is False


def test_a_statement_the_one_decider_cannot_decide_is_refused():
    """log(1 + p) < p at p = e^-1500: the two sides differ by about e^-3000/2, below the last enclosure (2^-4096), and
    no proof says they are equal: refused with OrderUndecided naming the statement and the point (on 62b3916 sympy's
    relation of the two numbers decided it, as it decides any relation it is handed).  A junction whose other parts
    decide it is decided; one whose truth hangs on the refused relation is refused too."""
    from ldpref.exact import OrderUndecided
    from ldpref.ledger.forms import evaluate

    at = {_p: sympy.exp(-1500), _r: 1}
    refused = sympy.Lt(sympy.log(1 + _p), _p)
    with pytest.raises(OrderUndecided, match=r"statement log\(p \+ 1\) < p is not decided at \{p: exp\(-1500\), r: "
                                             r"1\}: cannot order log\(exp\(-1500\) \+ 1\) and exp\(-1500\)"):
        evaluate(refused, at)
    assert evaluate(sympy.Or(refused, sympy.Gt(_r, 0)), at) is True
    assert evaluate(sympy.And(refused, sympy.Lt(_r, 0)), at) is False
    assert evaluate(sympy.Implies(sympy.Lt(_r, 0), refused), at) is True
    for hangs in (sympy.And(refused, sympy.Gt(_r, 0)), sympy.Or(refused, sympy.Lt(_r, 0)), sympy.Not(refused),
                  sympy.Implies(sympy.Gt(_r, 0), refused)):
        with pytest.raises(OrderUndecided, match="is not decided at"):
            evaluate(hangs, at)


def test_exact_order_ties_by_structure_and_rational_differences():
    """ldpref.exact.exact_order: identical expressions are a tie without a proof (certain_sign: undecided, never 0);
    a rational difference below every enclosure's resolution (10^-2000) is signed exactly; a value with no enclosure
    is still left to the caller, even against itself."""
    from ldpref.exact import certain_sign, exact_order

    a = sympy.log(3) + sympy.exp(-1200)
    assert exact_order(a, a) == 0 and certain_sign(a, a) is None
    hair = sympy.Rational(1, 10 ** 2000)
    assert exact_order(sympy.pi + hair, sympy.pi) == 1 and exact_order(sympy.pi, sympy.pi + hair) == -1
    assert certain_sign(sympy.pi, sympy.pi + hair) == -1
    assert exact_order(_p + hair, _p, {_p: sympy.pi}) == 1
    assert exact_order(sympy.sin(1), sympy.sin(1)) is None
