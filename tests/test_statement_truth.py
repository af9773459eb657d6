"""A statement's truth at a point is decided by ldpref's exact deciders, never by sympy's own relational evaluation of
numbers (issue 22, item 2): named propositions, Mod, the extended reals' infinities, memberships, identities in a
symbol left, a junction decided by one part, and a relation no decider covers refused (an error, never a default)."""

import itertools

import pytest
import sympy

import ldpref.ledger.forms as forms
import ldpref.ledger.forms_truth as forms_truth
from derivations.pan_strict.optimality import min_l2
from ldpref.exact import EXP_EPS
from ldpref.ledger.forms import evaluate, rational_value, statement_truth

R = sympy.Rational
x, y = sympy.symbols("x y")
P, Q = sympy.Symbol("P"), sympy.Symbol("Q")


def test_named_propositions_follow_the_truth_tables():
    for p, q in itertools.product((True, False), repeat=2):
        at = {P: p, Q: q}
        assert evaluate(sympy.Implies(P, Q), at) is ((not p) or q)
        assert evaluate(sympy.Equivalent(P, Q), at) is (p == q)
        assert statement_truth(sympy.Eq(P, sympy.false), at) is (not p)


def test_mod_is_sympys_mod_on_negative_and_fractional_values():
    values = [R(a, b) for a in range(-7, 8) for b in (1, 2, 3)]
    for a, b in itertools.product(values, [v for v in values if v != 0]):
        assert rational_value(sympy.Mod(x, y), {x: a, y: b}) == sympy.Mod(a, b), (a, b)
    assert rational_value(sympy.Mod(x, y), {x: R(1), y: R(0)}) is None  # division by zero: not a value


def test_infinities_are_ordered_as_extended_reals():
    cases = {x <= sympy.oo: True, x >= sympy.oo: False, x > -sympy.oo: True, sympy.Eq(x, sympy.oo): False,
             sympy.Le(sympy.oo, sympy.oo, evaluate=False): True, sympy.Lt(-sympy.oo, sympy.oo, evaluate=False): True,
             sympy.Gt(sympy.sqrt(2) * x, sympy.oo, evaluate=False): False}
    for form, expected in cases.items():
        assert statement_truth(form, {x: R(11, 10)}) is expected, form


def test_membership_against_brute_force():
    finite = sympy.Contains(x, sympy.FiniteSet(y, 2 * y), evaluate=False)
    for lo_open, hi_open in itertools.product((False, True), repeat=2):
        interval = sympy.Contains(x, sympy.Interval(0, sympy.sqrt(2), lo_open, hi_open), evaluate=False)
        for v in (R(-1), R(0), R(1), sympy.sqrt(2), R(3, 2)):
            inside = (v > 0 if lo_open else v >= 0) and (v < sympy.sqrt(2) if hi_open else v <= sympy.sqrt(2))
            assert evaluate(interval, {x: v}) is bool(inside), (lo_open, hi_open, v)
    for v, w in itertools.product((R(1), R(2), R(3)), (R(1), R(3, 2))):
        assert evaluate(finite, {x: v, y: w}) is (v in (w, 2 * w))


def test_identity_with_a_symbol_left_is_proved_by_cancellation():
    a = EXP_EPS / (EXP_EPS + 2)
    assert statement_truth(sympy.Eq(x, y), {x: a, y: EXP_EPS * (1 / (EXP_EPS + 2))}) is True
    assert statement_truth(sympy.Ne(x, y), {x: a, y: EXP_EPS * (1 / (EXP_EPS + 2))}) is False
    with pytest.raises(ValueError, match="not decided"):  # not an identity: no truth at this 'point'
        statement_truth(sympy.Eq(x, y), {x: a, y: 1 / (EXP_EPS + 2)})


def test_a_junction_is_decided_by_one_part():
    """And by a false part, Or by a true one, an implication by a false hypothesis or a true conclusion, whatever the
    undecided part is; otherwise the statement is refused."""
    undecided = sympy.Eq(x, y)  # symbols left, not an identity
    at = {x: EXP_EPS, y: 1 + EXP_EPS, P: False, Q: True}
    decided = {sympy.And(P, undecided): False, sympy.Or(Q, undecided): True, sympy.Implies(P, undecided): True,
               sympy.Implies(undecided, Q): True}
    for form, truth in decided.items():
        assert statement_truth(form, at) is truth, form
    for form in (sympy.And(Q, undecided), sympy.Implies(Q, undecided)):
        with pytest.raises(ValueError, match="not decided"):
            statement_truth(form, at)


def test_the_compiled_program_decides_junctions_as_the_interpreter_does():
    """statement_program and statement_truth decide a junction of x < 1 and y < 1 by its truth table (brute force,
    written here): with y given, both give the table's value; with y without a value (the compiled program's None),
    the program gives the value both truths of y agree on, None when they differ."""
    from flint import fmpq
    table = {sympy.And: lambda a, b: a and b, sympy.Or: lambda a, b: a or b, sympy.Implies: lambda a, b: not a or b,
             sympy.Equivalent: lambda a, b: a == b}
    for (kind, rule), xv, yv in itertools.product(table.items(), (R(0), R(2)), (R(0), R(2), None)):
        form = kind(x < 1, y < 1)
        env = {x: fmpq(int(xv))} | ({} if yv is None else {y: fmpq(int(yv))})
        a = bool(xv < 1)
        if yv is None:
            both = {rule(a, b) for b in (True, False)}
            expected = both.pop() if len(both) == 1 else None
        else:
            expected = rule(a, bool(yv < 1))
            assert statement_truth(form, {x: xv, y: yv}) is expected, (kind, xv, yv)
        assert forms.statement_program(form)(env, {}) is expected, (kind, xv, yv)


def test_last_resort_receives_the_relation_of_the_values():
    seen = []

    def last(relation):
        seen.append(relation)
        return True

    at = {x: EXP_EPS / (EXP_EPS + 1), y: R(1)}
    assert statement_truth(x <= y, at, last=last) is True
    assert seen == [sympy.Le(EXP_EPS / (EXP_EPS + 1), 1, evaluate=False)]
    with pytest.raises(ValueError, match="not decided"):
        statement_truth(x <= y, at)


def test_no_decider_is_an_error_not_sympys_answer():
    f = sympy.Function("f")
    with pytest.raises(ValueError, match="not decided"):
        evaluate(f(x) < 1, {x: R(1)})


def test_a_tie_of_radicals_is_decided_by_exact_order(monkeypatch):
    form = sympy.sqrt(2) * sympy.sqrt(x) <= sympy.sqrt(6)
    assert evaluate(form, {x: R(3)}) is True
    monkeypatch.setattr(forms_truth, "exact_order", lambda a, b, *rest, **kw: 1)  # a wrong decider moves the answer
    forms._value_once.cache_clear()
    assert evaluate(form, {x: R(3)}) is False


@pytest.mark.parametrize("d, e", [(3, R(2)), (3, R(2) + R(1, 10**40)), (3, 1 + sympy.sqrt(2)), (5, 1 + sympy.sqrt(2))])
def test_min_l2_branch_is_chosen_exactly(d, e):
    """pan-strict Proposition 1 (l2): Eq. (12) when d >= e^eps + 1, else Eq. (14); a number, never a Piecewise."""
    n = 1
    regular = (d - 1) * (4 * d * e - (e + 1) ** 2) / (n * d * (e - 1) ** 2)
    small = (d - 1) * (d + 2 * e - 2) / (n * (e - 1) ** 2)
    value = min_l2(d, e, n)
    assert value.is_number
    expected = regular if d >= e + 1 else small
    assert sympy.simplify(value - expected) == 0


def test_pan_cms_is_ge_decides_numbers_exactly():
    """derivations.pan_cms.optimized._is_ge (m_opt's choice of the stationary point or the crossover): a tie of
    radicals is >=, and pi is below pi + e^-400 (nsimplify of the difference was 0, so '>=' came out true)."""
    from derivations.pan_cms.optimized import _is_ge

    assert _is_ge(sympy.sqrt(2) * sympy.sqrt(3), sympy.sqrt(6))
    assert not _is_ge(sympy.pi, sympy.pi + sympy.exp(-400))
    assert _is_ge(sympy.pi + sympy.exp(-400), sympy.pi)


def test_exact_holds_every_relation_and_refusals():
    from ldpref.exact import OrderUndecided, exact_holds

    a, b = sympy.pi, sympy.pi + sympy.exp(-400)
    assert [exact_holds(a, r, b) for r in ("<", "<=", ">", ">=", "==", "!=")] == [True, True, False, False, False,
                                                                                  True]
    tie = sympy.sqrt(2) * sympy.sqrt(3), sympy.sqrt(6)
    assert [exact_holds(*tie[:1], r, tie[1]) for r in ("<", "<=", ">", ">=", "==", "!=")] == [False, True, False,
                                                                                               True, True, False]
    with pytest.raises(OrderUndecided):
        exact_holds(sympy.Function("f")(1), "<", 1)


@pytest.mark.parametrize("value, ok", [(sympy.sqrt(2), True), (1 + sympy.exp(-400), True), (sympy.log(sympy.E), False),
                                       (sympy.Rational(1, 2), False), (sympy.I + 2, False), (sympy.pi - 2, True)])
def test_exp_eps_above_one_is_decided_exactly(value, ok):
    from ldpref.errors import ParameterError
    from ldpref.mechanisms._params import check_exp_eps

    if ok:
        assert check_exp_eps(value) == value
    else:
        with pytest.raises(ParameterError):
            check_exp_eps(value)

