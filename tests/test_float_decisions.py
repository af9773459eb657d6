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


def test_exact_ceiling():
    """ldpref.exact.exact_ceiling: the ceiling as rigorously as exact_floor (it replaces sympy's ceiling in pan-cms's
    m searches and Theorem 3.9's q, and -exact_floor(-x) written out at four places): a hair above an integer goes
    up, a proved integer stays, a hair below stays, a negative value goes towards 0."""
    from ldpref.exact import OrderUndecided, exact_ceiling

    assert exact_ceiling(3 + sympy.exp(-2000)) == 4 and exact_ceiling(3 - sympy.exp(-2000)) == 3
    assert exact_ceiling((sympy.sqrt(2) + sympy.sqrt(3)) ** 2 - 2 * sympy.sqrt(6)) == 5  # an integer: proved
    assert exact_ceiling(sympy.Rational(-7, 2)) == -3 and exact_ceiling(sympy.Integer(-3)) == -3
    assert exact_ceiling(-sympy.sqrt(2)) == -1
    assert exact_ceiling(sympy.E * 10**40) == 27182818284590452353602874713526624977573
    try:
        exact_ceiling(3 + sympy.exp(-10**4))
    except OrderUndecided:
        pass
    else:
        raise AssertionError("a ceiling was decided by a rounding")


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


def test_round_half_up():
    """ldpref.exact.round_half_up (jiang-gcms's two-decimal p values): a half rounds up exactly where its double does
    not (0.745 is a hair below 149/200 as a double: Python's round gives 0.74), a hair either side of a half is
    decided, halves go towards +oo, and a float is refused."""
    from ldpref.exact import round_half_up

    R = sympy.Rational
    assert round_half_up(R(149, 200), 2) == R(75, 100)
    assert round_half_up(R(149, 200) - HAIR, 2) == R(74, 100) and round_half_up(R(149, 200) + HAIR, 2) == R(75, 100)
    assert round_half_up(-R(1, 8), 2) == R(-12, 100) and round_half_up(R(1, 8), 2) == R(13, 100)
    assert round_half_up(sympy.exp(-1), 3) == R(368, 1000) and round_half_up(7, 0) == 7
    assert round_half_up(R(1, 2) + sympy.log(6) - sympy.log(2) - sympy.log(3), 0) == 1  # a half, proved
    for bad in (0.745, sympy.Float(0.5) + HAIR):
        try:
            round_half_up(bad, 2)
        except TypeError:
            pass
        else:
            raise AssertionError(f"round_half_up took the float {bad!r}")


def _near_tie_lambda(objective, lam, s_sym, s1, s2, values):
    """The lambda at which an objective affine in ``lam`` takes equal values at s = s1 and s = s2 (exact)."""
    g1, g2 = (objective.xreplace({**values, s_sym: s_}) for s_ in (s1, s2))
    slope = sympy.diff(g1 - g2, lam)
    return -(g1 - g2).xreplace({lam: 0}) / slope, sympy.sign(slope)


def test_fig6_exact_side_argmin_and_ratio_decide_a_hair():
    """jiang-gcms Fig. 6's exact side (proofs_checks/jiang_gcms/sec7b_fig6.py): at a lambda a hair (e^-100) off the one
    where s = 85 and s = 86 tie as the best feasible s (e^eps = e^4, m = 1024), the two values agree to 40 digits and
    the exact argmin takes the smaller, 86 on one side (a 20-digit min takes the first, 85, on both); the ratio
    against 9/10 is decided a hair off, and at a tie proved 0."""
    from ldpref import gcms as G
    from proofs_checks.jiang_gcms import sec7b_fig6 as F6

    lam = sympy.Symbol("lam")
    E, m_ = sympy.exp(4), 1024
    p_s = F6._E * F6._S / (F6._E * F6._S + m_ - F6._S)
    objective = G._relative_variance(p_s, (F6._S - p_s) / (m_ - 1), m_, lam)
    tie, sign = _near_tie_lambda(objective, lam, F6._S, 85, 86, {F6._E: E})
    assert 0 < tie < 1
    for side in (1, -1):  # lambda above / below the tie: (g(85) - g(86)) has the sign of sign * side
        best = F6.best_feasible(objective.xreplace({lam: tie + side * HAIR}), [85, 86], {F6._E: E})
        assert best == (86 if sign * side > 0 else 85)
    assert F6.best_feasible(objective.xreplace({lam: tie}), [85, 86], {F6._E: E}) == 85  # a tie: the first
    later = 86 if sign > 0 else 85
    side = 1 if later == 86 else -1
    assert F6.best_relative_variance(4, m_, tie + side * HAIR)[1] == 86  # the whole search over 1005 s
    nine = sympy.Rational(9, 10)
    assert not F6.at_most_nine_tenths(nine + HAIR) and F6.at_most_nine_tenths(nine - HAIR)
    assert F6.at_most_nine_tenths(nine + sympy.log(6) - sympy.log(2) - sympy.log(3))


def test_fig6_derived_argmin_and_ratio_decide_a_hair():
    """jiang-gcms Fig. 6's derived path (derivations/jiang_gcms/sec7_model.py): the same near tie of s = 85 and 86 in
    the derived objective g(p_s) is decided (a 20-digit min takes the first on both sides), and the ratio against
    9/10 is decided a hair off (the 20-digit rule refused within 10^-20), at a proved tie too."""
    from derivations.jiang_gcms.symbols import lam

    E, m_ = sympy.exp(4), 1024
    objective = D7._objective_at_p_s(m_)
    tie, sign = _near_tie_lambda(objective, lam, D7.s, 85, 86, {D7.e: E})
    assert 0 < tie < 1
    for side in (1, -1):
        assert D7.fig6_best_s(E, tie + side * HAIR, m_, [85, 86]) == (86 if sign * side > 0 else 85)
    assert D7.fig6_best_s(E, tie, m_, [85, 86]) == 85
    side = 1 if sign > 0 else -1
    assert D7.fig6_best_s(E, tie + side * HAIR, m_, range(D7.fig6_first_s(E, m_), m_)) == 86
    nine = sympy.Rational(9, 10)
    assert not D7.at_most_nine_tenths(nine + HAIR) and D7.at_most_nine_tenths(nine - HAIR)
    assert D7.at_most_nine_tenths(nine + sympy.log(6) - sympy.log(2) - sympy.log(3))


def test_thm1_hockey_stick_delta_decides_a_hair():
    """jiang-gcms Theorem 1's exact side (proofs_checks/jiang_gcms/sec2a_definition1.py ``_delta_within``): two
    outputs (3/4, 1/4) and (1/4, 3/4) have delta(E) = 3/4 - E/4 for 1/3 < E < 3; at E = 2 -/+ 4 e^-100 delta is
    1/4 +/- e^-100, equal to delta = 1/4 at 30 digits (the 30-digit rule read both as within), and an output whose
    ratio is E itself adds nothing (E = 3) while a hair below adds a hair."""
    from flint import fmpq

    from proofs_checks.jiang_gcms import sec2a_definition1 as S

    tables = S._exact_tables([[(fmpq(3, 4), fmpq(1, 4)), (fmpq(1, 4), fmpq(3, 4)), (fmpq(0), fmpq(0))]])
    quarter = sympy.Rational(1, 4)
    assert not S._delta_within(tables, 2 - 4 * HAIR, quarter)
    assert S._delta_within(tables, 2 + 4 * HAIR, quarter) and S._delta_within(tables, sympy.Integer(2), quarter)
    assert S._delta_within(tables, sympy.Integer(3), sympy.Integer(0))
    assert not S._delta_within(tables, 3 - HAIR, sympy.Integer(0))
    first = S._exact_tables([[(fmpq(1, 2), fmpq(0)), (fmpq(1, 2), fmpq(1))]])  # an output x' never gives: ratio oo
    assert not S._delta_within(first, sympy.exp(10), quarter)
    assert S._delta_within(first, sympy.exp(10), sympy.Rational(1, 2))


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


def test_exact_order_tries_a_higher_precision_when_a_ball_is_missing():
    """log and non-integer powers of a ball that straddles 0 have no ball at 64 bits; the value x = e^-50 - e^(-50 -
    10^-30) (about 2e-52, positive) needs more.  exact_order used to give up at the first precision (None: 'no
    enclosure'); it now tries the next one, and None is left for what has no ball at the highest precision."""
    from ldpref.exact import exact_order
    from ldpref.number_syntax import parse_number

    x = sympy.exp(-50) - sympy.exp(-50 - sympy.Rational(1, 10**30))
    assert exact_order(sympy.log(x), 0) == -1 and exact_order(sympy.sqrt(x), 0) == 1
    assert exact_order(sympy.log(-x), 0) is None  # outside the reals at every precision
    assert exact_order(sympy.gamma(sympy.Rational(1, 3)), 1) is None  # an operation not covered
    assert parse_number("ln(exp(-50) - exp(-50 - 1/10**30))", irrational=True) == sympy.log(x)


def test_exact_floor_and_argmin_try_a_higher_precision_when_a_ball_is_missing():
    """The same value for exact_floor (it broke out of its loop at 64 bits and refused) and exact_argmin."""
    from ldpref.exact import OrderUndecided, exact_argmin, exact_floor

    x = sympy.exp(-50) - sympy.exp(-50 - sympy.Rational(1, 10**30))  # about 1.93e-52
    assert exact_floor(sympy.log(x)) == -120  # log x = -119.08
    t = sympy.Symbol("t")
    assert exact_argmin(sympy.log(t), [{t: x}, {t: 2 * x}, {t: x / 2}]) == 2
    with pytest.raises(OrderUndecided, match="no finite rigorous enclosure"):
        exact_floor(sympy.gamma(sympy.Rational(1, 3)))
