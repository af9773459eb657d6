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


def _oracle(num_roots, den_roots, num, den, a, b=None):
    """The exact set of signs of num/den on (a, b) (b None: oo), or None at a pole, from the chosen roots."""
    def inside(r):
        return r > a and (b is None or r < b)
    if any(inside(r) for r, _ in den_roots):
        return None
    roots = sorted({r for r, _ in num_roots if inside(r)})
    cuts = [a] + roots + ([b] if b is not None else [])
    points = [(lo + hi) / 2 for lo, hi in zip(cuts, cuts[1:])] + ([cuts[-1] + 1] if b is None else [])
    f = num / den
    signs = {int(sympy.sign(f.subs(x, p))) for p in points}
    return frozenset(signs | ({0} if roots else set()))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([-3, -1, 1, 2]), factors, st.integers(0, 1), st.sampled_from([-1, 1]), factors,
       st.integers(0, 1), rationals, st.one_of(st.none(), st.builds(R, st.integers(1, 8), st.integers(1, 2))))
def test_one_parameter_signs_against_the_chosen_roots(lead, num_roots, num_sq, den_lead, den_roots, den_sq, a, width):
    """On (a, oo) (width None) or (a, a + width)."""
    num, den = _build(lead, num_roots, num_sq), _build(den_lead, den_roots, den_sq)
    b = None if width is None else a + width
    expected = _oracle(num_roots, den_roots, num, den, a, b)
    if {r for r, _ in num_roots} & {r for r, _ in den_roots}:  # a pole that may cancel against N: not a case here
        return
    assert signs_above(sympy.expand(num) / sympy.expand(den), {x: a if b is None else (a, b)}) == expected


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


def test_intervals():
    f, e = sympy.symbols("f exp_eps")
    assert signs_above(x * (1 - x), {x: (0, 1)}) == {1} and signs_above(x * (1 - x), {x: (0, 2)}) == {-1, 0, 1}
    assert signs_above((x - R(1, 2)) ** 2, {x: (0, 1)}) == {0, 1} and signs_above(1 / (x - 1), {x: (0, 2)}) is None
    # pan-cms Theorem 3.6's stationary m: c/a of (1 + f (e - 1)) t^2 - e (e + f - e f) < 0 for f in (0, 1), e > 1
    assert signs_above(e * (e * f - e - f) / (e * f - f + 1), {e: 1, f: (0, 1)}) == {-1}
    assert signs_above(f - R(1, 2), {f: (0, 1)}) == {-1, 0, 1} and signs_above(f - e / 4, {f: (0, 1), e: 1}) is None
    with pytest.raises(ValueError, match="empty"):
        signs_above(x, {x: (1, 1)})


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

    def wrong(N):
        lead, fs = N.sqf_list()
        sign = 1 if lead > 0 else -1
        zero = False
        for q, k in fs:
            s = F._definite_sign(q)
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


def test_pan_cms_tables_abs_and_infinite_limits_are_decided_for_every_e_eps_above_one():
    """|a| = a only where a > 0 for every e^eps > 1, and a limit's sign of infinity from the leading ratio's one sign
    there: both by signs_above, not by sympy's assumptions."""
    import derivations.pan_cms.tables as T
    E, d = T.E, T.d
    assert T._drop_abs(sympy.Abs(E - 1) + sympy.Abs(2 - E)) == E - 1 + sympy.Abs(2 - E)
    assert T._drop_abs(sympy.Abs(sympy.sqrt(E) - 1)) == sympy.sqrt(E) - 1
    assert T._drop_abs(sympy.Abs(sympy.sqrt(E) - R(3, 2))) == sympy.Abs(sympy.sqrt(E) - R(3, 2))
    assert T.limit_at_oo((E - 1) * d**2 / (d + 1), d) == sympy.oo
    assert T.limit_at_oo((1 - E) * d**2 / (d + 1), d) == -sympy.oo
    assert T.limit_at_oo((E - 1) * d / (2 * d + 1), d) == (E - 1) / 2
    # only the parameters whose domain is stated (e^eps, d, m, m_1 > 1): n - 1/2 is negative at n = 1/4, and n > 0
    # is all the model says, so |n - 1/2| stays (bounding every symbol by 1 would have dropped it)
    assert T._one_sign_above_one(T.n - R(1, 2)) is None
    assert T._drop_abs(sympy.Abs(T.n - R(1, 2))) == sympy.Abs(T.n - R(1, 2))
    assert T._one_sign_above_one(T.m1 - 1) == 1


def test_pan_cms_hashing_decides_for_every_e_eps_above_one():
    from ldpref.exact import EXP_EPS as e
    from proofs_checks.pan_cms.hashing import _decide
    assert _decide(sympy.Ge(e**2, 2 * e - 1)) is True and _decide(sympy.Gt((e - 2) ** 2, 0)) is False
    assert _decide(sympy.Gt(e, y)) is None
    with pytest.raises(ValueError, match="cannot decide"):
        _decide(sympy.Gt(1 / (e - 2), 0))


def test_pan_cms_root_above_one_is_proved_not_sampled():
    """(m - 1)^2 = e^eps - 2 has a root m > 1 only for e^eps > 2; the former selection kept 1 + sqrt(e^eps - 2) because
    it is positive at the sample e^eps = 3.  Now the root must be proved unique on the whole domain."""
    import derivations.pan_cms.optimized as O
    m, e = O.m, O.e
    with pytest.raises(ArithmeticError, match="not proved"):
        O._root_above_one((m - 1) ** 2 - (e - 2))
    assert O._root_above_one((m - 1) ** 2 - e) == 1 + sympy.sqrt(e)
    assert sympy.simplify(O._root_above_one(-(m - 1) ** 2 + 2 * (m - 1) + 3) - 4) == 0  # a < 0: roots 3 and -1


def test_jiang_critical_points_are_proved_inside_the_interval():
    """A stationary q is kept only when proved in (0, 1) for every e^eps > 1: e/4 leaves it at e^eps >= 4 (the former
    filter, 'not known to be non-positive', kept it)."""
    from derivations.jiang_gcms.model import _critical_points
    q, e = sympy.symbols("q e", positive=True)
    assert _critical_points((q - 1 / (e + 1)) ** 2, q, [], (0, 1), {e: 1}) == [1 / (e + 1)]
    assert _critical_points((q - e / 4) ** 2, q, [], (0, 1), {e: 1}) == []


def test_positive_exponential_factors_are_dropped():
    """exp(p), p a polynomial over Q in bounded symbols, is positive: the product has the signs of the rest."""
    e, k, lg = sympy.symbols("epsilon k lg")
    everywhere = {e: 0, k: 0, lg: 0}
    assert signs_above(k * sympy.exp(e * k - lg) / 2, everywhere) == {1}
    assert signs_above(-k * sympy.exp(lg - e * k) / 2, everywhere) == {-1}
    assert signs_above((e - 2) * sympy.exp(e), {e: 1}) == {-1, 0, 1}
    assert signs_above(sympy.exp(e), {e: 0}) == {1}
    # not a polynomial over Q in the exponent, or a sum: left as it is, so not a rational function (no answer)
    for expr in (sympy.exp(1 / e) * (e - 2), sympy.exp(sympy.sqrt(2) * e), sympy.exp(e) - 1):
        assert signs_above(expr, {e: 1}) is None, expr
    assert signs_above(sympy.exp(y) * e, {e: 1}) is None  # y has no bound


def test_jiang_convergence_proof_decides_monotonicity_and_can_fail(monkeypatch):
    """jiang-gcms Section VII-E: the release probability of a count class is nondecreasing in eps, decided for every
    eps, k, lg > 0 by holds_above; a decreasing branch planted in its place is refuted."""
    import proofs_checks.jiang_gcms.sec6_security as S

    assert all(S._convergence_proof.__wrapped__().values())
    eps, k, lg, below, above = S._class_probabilities()
    monkeypatch.setattr(S, "_class_probabilities", lambda: (eps, k, lg, sympy.exp(lg - eps * k) / 2, above))
    facts = S._convergence_proof.__wrapped__()
    assert facts["below nondecreasing"] is False and facts["above nondecreasing"] is True


def test_pan_cms_theta_holds_signs_a_number_and_refuses_a_symbolic_limit():
    """Theta(loss) needs a finite positive limit of order/loss: its sign by the exact decider; a limit left
    with a symbol was signed by sympy's assumptions and is now refused."""
    import derivations.pan_cms.tables as T
    d, q = T.d, sympy.Symbol("q", positive=True)
    assert T.theta_holds(2 * d, "d", sympy.oo, d, exp_eps=2) is True
    assert T.theta_holds(d, "d", sympy.oo, d**2, exp_eps=2) is False  # limit 0
    assert T.theta_holds(d**2, "d", sympy.oo, d, exp_eps=2) is False  # limit oo
    assert T.theta_holds(-d, "d", sympy.oo, d, exp_eps=2) is False
    with pytest.raises(ValueError, match="not a number"):
        T.theta_holds(q * d, "d", sympy.oo, d, exp_eps=2)


def test_one_sign_is_the_single_sign_or_none():
    e = sympy.Symbol("exp_eps")
    from ldpref.decide.for_all import one_sign
    assert one_sign(e - 1, {e: 1}) == 1 and one_sign(1 - e, {e: 1}) == -1 and one_sign(e - e, {e: 1}) == 0
    assert one_sign(e - 2, {e: 1}) is None  # both signs
    assert one_sign((e - 2) ** 2, {e: 1}) is None  # {0, 1}: not one sign
    assert one_sign(e - y, {e: 1}) is None  # y has no bound


def test_unique_positive_root_is_proved_for_every_parameter():
    """The one root t > 0 of a t^2 + b t + c (or b t + c) for every parameter value: t^2 - (d - 3) has it only for
    d > 3, so over d > 1 it is refused, although at the sample d = 7 (what the exact side of pan-cms Corollary 3.5
    used) the root sqrt(d - 3) is positive."""
    from ldpref.decide.for_all import unique_positive_root
    t, d = sympy.Symbol("t", positive=True), sympy.Symbol("d")
    root = unique_positive_root((d + 2) * t**2 - 3 * (3 * d - 2), t, {d: 1})  # sqrt(3 (3d - 2)/(d + 2))
    assert sympy.cancel(root**2 - 3 * (3 * d - 2) / (d + 2)) == 0 and root.subs(d, 2) == sympy.sqrt(3)
    assert unique_positive_root(-(t**2) + 2 * t + 3, t, {}) == 3  # a < 0: roots 3 and -1
    assert unique_positive_root(2 * t - d, t, {d: 1}) == d / 2
    for refused in (t**2 - (d - 3), t - d + 3, t**3 - d, t**2 + 1):
        with pytest.raises(ArithmeticError):
            unique_positive_root(refused, t, {d: 1})
