"""ldpref.decide.for_all: the signs of a rational function above a bound, against a brute force that knows the roots.

The oracle builds N and D from factors whose roots it chose (rational roots with multiplicities, a factor x^2 + 1
with no real root), so the signs on (a, oo) are read off exactly: N/D at a rational point in every gap between the
roots above a (and beyond the last), 0 when N has a root above a, no answer when D does (a pole).
"""

from __future__ import annotations

import itertools

import pytest
import sympy
from hypothesis import given, settings, strategies as st

from ldpref.decide.for_all import holds_above, signs_above

x, y = sympy.symbols("x y")
R = sympy.Rational

rationals = st.builds(R, st.integers(-6, 6), st.integers(1, 3))
factors = st.lists(st.tuples(rationals, st.integers(1, 3)), max_size=3)


def _build(lead, roots, squares):
    return lead * sympy.Mul(*[(x - r) ** k for r, k in roots]) * (x**2 + 1) ** squares


def _oracle(num_roots, den_roots, num, den, a):
    """The exact set of signs of num/den on (a, oo), or None at a pole, from the chosen roots."""
    if any(r > a for r, _ in den_roots):
        return None
    inside = sorted({r for r, _ in num_roots if r > a})
    cuts = [a] + inside
    points = [(lo + hi) / 2 for lo, hi in zip(cuts, cuts[1:])] + [cuts[-1] + 1]
    f = num / den
    signs = {int(sympy.sign(f.subs(x, p))) for p in points}
    return frozenset(signs | ({0} if inside else set()))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([-3, -1, 1, 2]), factors, st.integers(0, 1), st.sampled_from([-1, 1]), factors,
       st.integers(0, 1), rationals)
def test_one_parameter_signs_against_the_chosen_roots(lead, num_roots, num_sq, den_lead, den_roots, den_sq, a):
    num, den = _build(lead, num_roots, num_sq), _build(den_lead, den_roots, den_sq)
    expected = _oracle(num_roots, den_roots, num, den, a)
    common = {r for r, _ in num_roots} & {r for r, _ in den_roots if r > a}
    if common:  # a root of D above a that cancels against N: the oracle's pole may be removable
        return
    assert signs_above(sympy.expand(num) / sympy.expand(den), {x: a}) == expected


def test_relations_follow_the_sign_sets():
    e = sympy.Symbol("exp_eps")
    cases = {sympy.Ge(e**2, 2 * e - 1): True, sympy.Gt(e**2, 2 * e - 1): True,  # (e - 1)^2 > 0 for e > 1
             sympy.Gt((e - 2) ** 2, 0): False, sympy.Ge((e - 2) ** 2, 0): True,  # touches 0 at e = 2
             sympy.Lt(e / (e + 1), 1): True, sympy.Le((e - 3) * (e + 1), 0): False,
             sympy.Eq(e * (e - 1), e**2 - e, evaluate=False): True,
             sympy.Ne((e - 2) ** 2, 0): False, sympy.Ne(e, 0): True}
    for relation, truth in cases.items():
        assert holds_above(relation, {e: 1}) is truth, relation
    assert holds_above(sympy.Gt((e - 1) ** 2, 0), {e: 0}) is False  # e = 1 is inside (0, oo)
    assert holds_above(sympy.Gt(1 / (e - 2), 0), {e: 1}) is None  # a pole at e = 2
    assert holds_above(sympy.Gt(sympy.sqrt(e), 1), {e: 1}) is None  # not a rational function
    assert holds_above(sympy.Gt(e, y), {e: 1}) is None  # y has no bound


def test_several_parameters_by_coefficient_certificate():
    m, e = sympy.symbols("m exp_eps")
    assert signs_above((e * m - 1) / (m + e), {e: 1, m: 1}) == {1}
    assert holds_above(sympy.Lt(e * m, 1), {e: 1, m: 1}) is False  # the certificate proves e m - 1 > 0 everywhere
    assert signs_above(e - m, {e: 1, m: 1}) is None  # both signs occur: no certificate, no answer
    assert signs_above((e - 1) * (m - 1) * 3, {e: 1, m: 1}) == {1}


@pytest.mark.parametrize("planted", ["parity", "touch"])
def test_planted_bugs_are_caught(monkeypatch, planted):
    """Reading every factor's sign as if its multiplicity were odd, or forgetting that a root of even multiplicity
    adds 0, gives a wrong set that the cases above catch."""
    import ldpref.decide.for_all as F

    def wrong(N, a):
        lead, fs = N.sqf_list()
        sign = 1 if lead > 0 else -1
        zero = False
        for q, k in fs:
            s = F._definite_sign(q, a)
            if s is None:
                if planted == "parity" or k % 2:
                    return frozenset({-1, 0, 1})
                zero = planted != "touch"
            else:
                sign *= s if (planted == "parity" or k % 2) else 1
        return frozenset({sign, 0}) if zero else frozenset({sign})

    monkeypatch.setattr(F, "_polynomial_signs", wrong)
    failures = 0
    for lead, r, k in itertools.product((1, -1), (R(2), R(1, 2)), (1, 2, 3)):
        num = lead * (x - r) ** k * (x + 5)
        if F.signs_above(num, {x: 1}) != _oracle([(r, k), (-5, 1)], [], num, sympy.Integer(1), R(1)):
            failures += 1
    assert failures > 0


def test_decided_where_sympys_assumptions_say_nothing():
    """e^2 - 3e + 3 = (e - 3/2)^2 + 3/4 > 0: sympy's assumptions (e = 1 + t, t > 0) do not see it; Sturm does."""
    e = sympy.Symbol("exp_eps")
    t = sympy.Symbol("t", positive=True)
    assert sympy.factor((e**2 - 3 * e + 3).subs(e, 1 + t)).is_positive is None
    assert holds_above(sympy.Gt(e**2 - 3 * e + 3, 0), {e: 1}) is True


def test_pan_cms_tables_sign_covers_every_e_eps_above_one():
    """sqrt(e^eps) - 3/2 is negative at e^eps = 2 and positive at 4: no single sign.  The former decider shifted its
    own variable with the paper's parameters (h = 1 + s^2 with s > 1, i.e. e^eps > 4) and answered +1."""
    import derivations.pan_cms.tables as T
    with pytest.raises(ValueError, match="not decided"):
        T._sign_for_exp_eps_above_one(sympy.sqrt(T.E) - R(3, 2))
    assert T._sign_for_exp_eps_above_one(sympy.sqrt(T.E) - 1) == 1
    assert T._sign_for_exp_eps_above_one(-(T.H**2 + T.H + 1) / (T.H + 1) ** 2) == -1


def test_pan_cms_hashing_decides_for_every_e_eps_above_one():
    from ldpref.exact import EXP_EPS as e
    from proofs_checks.pan_cms.hashing import _decide
    assert _decide(sympy.Ge(e**2, 2 * e - 1)) is True and _decide(sympy.Gt((e - 2) ** 2, 0)) is False
    assert _decide(sympy.Gt(e, y)) is None
    with pytest.raises(ValueError, match="cannot decide"):
        _decide(sympy.Gt(1 / (e - 2), 0))
