"""The jiang-gcms fast paths agree with the slow ones they replace: the lambdified, cse'd ``gcms_model._at`` with
sympy's subs + cancel, and the target-free (p_s, q_s) tables of the Fig. 6 claims with the inline mpmath
expressions they hoist (bit for bit)."""

from __future__ import annotations

import mpmath
import pytest
import sympy

import derivations.jiang_gcms as J
import derivations.jiang_gcms.sec7_model as D7
from ldpref import gcms as G
from proofs_checks.jiang_gcms import gcms_model as GM
from proofs_checks.jiang_gcms import sec7b_fig6 as F6

R = sympy.Rational
EXPRS = [J.estimator_variance_derived, J.privacy_ratio_derived]


@pytest.mark.parametrize("make", EXPRS)
@pytest.mark.parametrize("point", [(R(3, 4), 2, 4, 2, (2, 1, 0)), (R(1, 2), 1, 3, 1, (0, 3, 1)),
                                   (R(9, 10), 1, 2, 3, (1, 1)), (R(2, 3), 3, 5, 100, (4, 0, 2, 1))])
def test_at_matches_subs_cancel(make, point):
    p_, s_, m_, k_, counts = point
    expr = make()
    values = GM._model(p_, s_, m_, k_, counts, 0)
    values = {key: v for key, v in values.items() if key in expr.free_symbols}
    fast = GM._at(expr, values)
    assert isinstance(fast, sympy.Rational)
    assert fast == sympy.cancel(expr.subs(values))


def test_at_key_order_independent_of_dict_order():
    expr = J.estimator_variance_derived()
    values = GM._model(R(3, 4), 2, 4, 2, (2, 1, 0), 0)
    backwards = dict(reversed(list(values.items())))
    assert GM._at(expr, values) == GM._at(expr, backwards) == sympy.cancel(expr.subs(values))


def test_at_would_catch_a_wrong_value():
    expr = J.estimator_variance_derived()
    values = GM._model(R(3, 4), 2, 4, 2, (2, 1, 0), 0)
    other = {**values, J.n: values[J.n] + 1}
    assert GM._at(expr, values) != sympy.cancel(expr.subs(other))


def test_fig6_pq_table_is_the_inline_computation():
    """The Numeric step's 20-digit (p_s, q_s) table (sec7_experiments) is the inline computation, bit for bit."""
    from proofs_checks.jiang_gcms import sec7_experiments as X

    n_, m_, eps_ = (F6.P7.FIG6[x] for x in ("n", "m", "eps"))
    table = X._feasible_pq(eps_, m_)
    with mpmath.workdps(20):
        E = mpmath.exp(eps_)
        inline = [(E * s_ / (E * s_ + m_ - s_), s_) for s_ in range(1, m_)]
        inline = [(p_, (s_ - p_) / (m_ - 1), s_) for p_, s_ in inline if 2 * p_ >= 1]
        assert list(table) == inline
        lam_ = mpmath.mpf(1000) / n_
        assert min((G._relative_variance(p_, q_, m_, lam_), s_) for p_, q_, s_ in table)[1] > 0


def test_fig6_first_feasible_s_is_the_brute_force_one():
    """The one ceiling that starts Fig. 6's feasible s (both paths) is the least s with p_s >= 1/2, each s decided
    exactly; at Fig. 6's e^4 and m = 1024 it is 19 (1005 feasible s, as the 20-digit list has)."""
    from ldpref.exact import exact_order

    for E, m_ in ((sympy.exp(4), 1024), (sympy.exp(4), 30), (R(3), 8), (R(3), 7), (sympy.exp(sympy.Rational(1, 3)), 9)):
        brute = next(s_ for s_ in range(1, m_) if exact_order(2 * E * s_, E * s_ + m_ - s_) >= 0)
        assert F6.first_feasible(E, m_) == D7.fig6_first_s(E, m_) == brute
    with mpmath.workdps(20):
        assert len(F6.feasible_ps(mpmath.exp(4), 1024)) == 1024 - 19


def test_fig6_derived_objective_at_p_s_is_g():
    """The cancelled g(p_s) the derived argmin encloses is g at p = p_s (an exact identity)."""
    from derivations.jiang_gcms.model import lemma1_objective_derived_expr

    g = lemma1_objective_derived_expr().xreplace({D7.p: D7.e * D7.s / (D7.e * D7.s + 1024 - D7.s)})
    assert sympy.cancel(D7._objective_at_p_s(1024) - g) == 0


def _hockey_tables_reference(pairs):
    """The outputs sorted by their mpf key directly, -a/b recomputed (the form before the fast path)."""
    tables = []
    for rows in pairs:
        rows = sorted(rows, key=lambda ab: -(ab[0] / ab[1]) if ab[1] else -mpmath.inf)
        neg_ratio = [-(a / b) if b else -mpmath.inf for a, b in rows]
        pa, pb = [mpmath.mpf(0)], [mpmath.mpf(0)]
        for a, b in rows:
            pa.append(pa[-1] + a)
            pb.append(pb[-1] + b)
        tables.append((neg_ratio, pa, pb))
    return tables


def _shuffled_pairs_reference(mech, n_rest):
    """Each pair's mpf values converted from the exact laws pair by pair (the form before the fast path), the laws
    built here outcome by outcome (multinomial of the other clients, then the differing one)."""
    import itertools
    import math

    from flint import fmpq

    Pm = mech.perturbation_matrix()
    out = []
    for rest_value in range(mech.d):
        # the multinomial law of n_rest clients on one column of P, outcome by outcome
        col_rest = [fmpq(int(v.p), int(v.q)) for v in Pm[:, rest_value]]
        group = {}
        for comp in itertools.product(range(n_rest + 1), repeat=len(col_rest)):
            if sum(comp) == n_rest:
                prob = fmpq(math.factorial(n_rest))
                for pu, ku in zip(col_rest, comp):
                    prob *= pu**ku / math.factorial(ku)
                if prob:
                    group[comp] = prob

        def with_one(col):
            col = [(u, fmpq(int(v.p), int(v.q))) for u, v in enumerate(col) if v]
            dist = {}
            for y, pr in group.items():
                for u, pu in col:
                    key = y[:u] + (y[u] + 1,) + y[u + 1:]
                    dist[key] = dist.get(key, 0) + pr * pu
            return dist

        mp = lambda v: mpmath.mpf(int(v.numerator)) / int(v.denominator) if v else mpmath.mpf(0)  # noqa: E731
        laws = {x: with_one(list(Pm[:, x])) for x in range(mech.d)}
        for x, x2 in itertools.permutations(range(mech.d), 2):
            d1, d2 = laws[x], laws[x2]
            out.append([(mp(d1.get(y, 0)), mp(d2.get(y, 0))) for y in set(d1) | set(d2)])
    return out


def test_shuffled_hockey_tables_match_the_reference():
    from ldpref.hashing import HashFamily
    from ldpref.mechanisms import grr
    from ldpref.mechanisms.gcms import gcms
    from proofs_checks.jiang_gcms import sec2a_definition1 as S

    with mpmath.workdps(30):
        for mech, n_ in [(grr(2, R(3, 2)).mechanism, 30), (grr(3, R(2)).mechanism, 6),
                         (gcms(HashFamily(((0, 1),), 3), 1, R(1, 2)), 12)]:
            pairs = S._shuffled_pairs(mech, n_ - 1)
            assert pairs == _shuffled_pairs_reference(mech, n_ - 1)
            fast, ref = S._hockey_tables(pairs), _hockey_tables_reference(pairs)
            assert fast == ref
            assert all(list(neg) == sorted(neg) for neg, _, _ in fast)


def test_hockey_order_with_float_ties():
    """Ratios equal as floats but not as mpf values keep the exact mpf order."""
    from proofs_checks.jiang_gcms import sec2a_definition1 as S

    with mpmath.workdps(30):
        one = mpmath.mpf(1)
        eps = mpmath.mpf(10) ** -25
        rows = [(one + eps, one), (one, one), (one + 2 * eps, one), (one, mpmath.mpf(0))]
        assert S._hockey_tables([rows]) == _hockey_tables_reference([rows])


def test_fig7_worst_ratio_is_the_largest_fraction():
    from fractions import Fraction

    from proofs_checks.jiang_gcms import sec7_communication as C

    for eps_, p_ in C.CONFIGS:
        assert C._worst_ratio(eps_, p_) == max(Fraction(g, a) for g, a in C._exact_bits(eps_, p_))


def test_pure_subs_matches_subs_cancel():
    from proofs_checks.jiang_gcms import pure_protocols as PP

    forms = [J.pure_variance_derived().rhs, J.pure_variance_printed().rhs]
    for _, _, d, _, proto in PP._protocols()[::3]:
        for counts in list(PP._datasets(d, 2))[:4]:
            for expr in forms:
                at = {J.p: proto.p, J.q: proto.q, J.n: sum(counts), J.f: counts[0]}
                assert PP._at(expr, at) == sympy.cancel(expr.subs(at))
    # a form with a symbol the point does not fix falls back to subs + cancel
    odd = J.pure_variance_derived().rhs + J.k
    _, _, d, _, proto = PP._protocols()[0]
    assert PP._at(odd, {J.p: proto.p, J.q: proto.q, J.n: 2, J.f: 1}) == sympy.cancel(
        odd.subs({J.p: proto.p, J.q: proto.q, J.n: 2, J.f: 1}))


def test_member_tables_match_sympy_conversion():
    from fractions import Fraction

    from ldpref import moments

    for shape in [(2, 3, 2, 1, R(3, 4)), (3, 4, 1, 2, R(9, 10))]:
        tables = GM._member_tables(*shape, "eq4")
        for (w_, B, W), (w2, mech) in zip(tables, GM._family(*shape, "eq4").members):
            conv = lambda x: Fraction(str(mech.domain.to_sympy(x)))  # noqa: E731
            assert w_ == Fraction(str(w2))
            assert B == [[conv(x) for x in row] for row in mech.QP.to_list()]
            assert W == [[conv(x) for x in row] for row in moments.per_client_variance_coefficients(mech)]
