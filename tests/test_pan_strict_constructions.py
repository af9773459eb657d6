"""pan-strict constructions: Weighted Subset Selection, the optimized CMS over GF(d'), the derivations of
Sections 4-5 / Appendices C-D, and a sample of the claims' verdicts (cross-paper claims included)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy

import derivations.cross as X
import derivations.pan_strict.constructions as C
from ldpref import enumeration, losses, privacy
from ldpref.errors import MechanismError, ParameterError
from ldpref.exact import EXP_EPS
from ldpref.mechanisms import REGISTRY, subset_selection
from ldpref.mechanisms.prime_cms import bucket_sizes, next_prime, ocms_prime, prime_hash_family
from ldpref.wss import (SupportSampler, caratheodory_count, osc_l2_per_client, osc_mechanism,
                        osc_support_probabilities, optimal_support_size, solve_weights, weighted_subset_selection)
from conftest import claim_result  # noqa: E402  (the session's one ledger run)

R = sympy.Rational


# ---------------------------------------------------------------------------------------------
# Weighted Subset Selection
@pytest.mark.parametrize("e", [R(2), R(3)])
def test_wss_certified_for_every_d_up_to_10(e):
    """The assignment's done-when: a certified OSC for every d <= 10, k in 1..d-1, e^eps in {2, 3}."""
    for d in range(2, 11):
        for k in range(1, d):
            mech, cert = weighted_subset_selection(d, k, e, seed=0)
            assert cert["certified"], (d, k, cert)
            assert cert["responses"] <= caratheodory_count(d)
            assert cert["responses"] <= max(d * (d - 1) // 2, d)  # the sharper count
            assert cert["responses"] >= d and mech.P.rank() == d
            assert cert["l2_equals_osc_optimum"] == (k == cert["optimal_k"])


def test_wss_symbolic_exp_eps():
    mech, cert = weighted_subset_selection(6, 3, EXP_EPS, seed=1)
    assert cert["certified"] and cert["exp_eps_of_P"] == "exp_eps"
    p, q = osc_support_probabilities(6, 3, EXP_EPS)
    assert sympy.cancel(p - 3 * EXP_EPS / (3 * EXP_EPS + 3)) == 0
    assert sympy.cancel(q - 3 * (2 * EXP_EPS + 3) / (5 * (3 * EXP_EPS + 3))) == 0


def test_wss_exact_values_and_fano():
    # d = 7, k = 3 at seed 20260601: the LP lands on a symmetric design with 7 blocks (a Fano plane)
    mech, cert = weighted_subset_selection(7, 3, 3, seed=20260601)
    assert cert["certified"] and cert["responses"] == 7
    assert set(cert["weights"]) == {"1/7"}
    blocks = [set(int(v) for v in s[1:-1].split(",")) for s in cert["subsets"]]
    assert all(sum(1 for b in blocks if {x, y} <= b) == 1 for x in range(7) for y in range(x + 1, 7))
    # base probability d w/(k e + d - k) = 7 (1/7)/(9 + 4) = 1/13
    assert mech.perturbation_matrix()[0, min(set(range(7)) - blocks[0])] == R(1, 13)


def test_wss_seeded_and_reproducible():
    a = weighted_subset_selection(9, 4, 2, seed=5)[1]
    b = weighted_subset_selection(9, 4, 2, seed=5)[1]
    assert a["subsets"] == b["subsets"] and a["weights"] == b["weights"]


def test_osc_formulas_against_subset_selection():
    for d, k, e in [(4, 2, R(3)), (5, 2, R(5, 2)), (6, 4, R(2))]:
        ss = subset_selection(d, k, e)
        assert (ss.p, ss.q) == osc_support_probabilities(d, k, e)
        assert losses.worst_case_l2(ss.mechanism, 1).value == osc_l2_per_client(d, k, e)
    assert osc_support_probabilities(4, 2, 3) == (R(3, 4), R(5, 12))
    assert osc_l2_per_client(4, 2, R(5, 2)) == R(23, 2)  # README: 23/6 for n = 3


def test_optimal_support_size_exhaustive():
    for d in range(2, 9):
        for e in (R(3, 2), R(2), R(3), R(9)):
            vals = {k: losses.worst_case_l2(subset_selection(d, k, e).mechanism, 1).value for k in range(1, d)}
            assert optimal_support_size(d, e) == min(vals, key=lambda k: (vals[k], k))


def test_pair_only_system_is_vacuous_for_k1():
    # Section 5.3 as printed solves only the pair constraints: for k = 1 they read 0 = 0 and a weight vector
    # concentrated on one singleton "solves" them but is not a mechanism at all
    with pytest.raises(MechanismError):
        osc_mechanism(3, 1, R(2), [(0,)], [R(1)])


def test_heuristic_feasibility_rates():
    d, k = 8, 4
    D = d * (d - 1) // 2
    ok_D = ok_2D = 0
    for seed in range(5):
        s = SupportSampler(d, k, np.random.default_rng(seed))
        s.extend_to(D)
        ok_D += solve_weights(d, k, s.sample) is not None
        s.extend_to(2 * D)
        ok_2D += solve_weights(d, k, s.sample) is not None
    assert ok_D == 0 and ok_2D == 5


# ---------------------------------------------------------------------------------------------
# optimized CMS over GF(d')
def test_prime_family_and_collision_rate():
    fam = prime_hash_family(4, 2)  # d' = 5
    assert next_prime(4) == 5 and fam.k == 20 and fam.m == 2
    assert bucket_sizes(5, 2) == [3, 2]
    # exact collision rate sum s(s-1)/(d'(d'-1)) = (6 + 2)/20
    assert fam.has_constant_collision_rate() == Fraction(2, 5)
    assert C.ocms_collision_rate(5, 2) == R(2, 5)
    with pytest.raises(ParameterError):
        prime_hash_family(4, 5)


def test_ocms_mechanism_exact():
    o = ocms_prime(4, 2, 3)
    M = o.mechanism
    assert M.n_outputs == 40 and M.is_unbiased() and privacy.exp_eps(M) == 3
    assert losses.worst_case_l2(M, 1).value == R(31, 3)
    g = ocms_prime(4, 2, 3, "grouped").mechanism
    assert g.is_unbiased() and losses.worst_case_l2(g, 1).value == R(51, 5)
    assert C.ocms_l2_pooled(4, 5, 2, R(3)) == R(31, 3)
    assert C.ocms_l2_grouped(4, 5, 2, R(3)) == R(51, 5)


def test_cor51_counterexample_pooled_decoder():
    """Smallest counterexample of Corollary 5.1 with the pan-cms decoder: d = d' = 3, m = 2, e^eps = 2."""
    counts = (1, 0, 0)
    pooled = enumeration.enumerated_moments(ocms_prime(3, 2, 2, "pooled").mechanism, counts)["variance"]
    grouped = enumeration.enumerated_moments(ocms_prime(3, 2, 2, "grouped").mechanism, counts)["variance"]
    groups = C.ocms_groups(3, 2, R(2))
    mixture = []
    for x in range(3):
        f = R(counts[x])
        mixture.append(sum(pi * (f * C.osc_p(3, kk, 2) * (1 - C.osc_p(3, kk, 2)) + (1 - f) * C.osc_q(3, kk, 2)
                                 * (1 - C.osc_q(3, kk, 2))) / (C.osc_p(3, kk, 2) - C.osc_q(3, kk, 2)) ** 2
                           for kk, (pi, _, _) in groups.items()))
    assert [sympy.cancel(v) for v in grouped] == [sympy.cancel(v) for v in mixture]
    assert pooled != grouped
    assert pooled[0] > grouped[0]


def test_registry_entry():
    import ldpref.mechanisms.prime_cms  # noqa: F401  (registers ocms-prime)

    spec = REGISTRY["ocms-prime"]
    mech = spec.build(d=4, m=2, exp_eps=R(3))
    assert mech.n_outputs == 40
    assert spec.build(d=4, m=2, exp_eps=R(3), decoder="grouped").is_unbiased()


def test_theorem51_groups_sum_to_one():
    for p, m in [(5, 2), (7, 3), (11, 4)]:
        groups = C.ocms_groups(p, m, EXP_EPS)
        assert sympy.cancel(sum(g[0] for g in groups.values()) - 1) == 0


# ---------------------------------------------------------------------------------------------
# derivations
def test_derived_osc_pq_and_optimum():
    B, p, q, exx = C._derive_osc_pq()
    assert sympy.cancel(p - C.k * C.e / (C.k * C.e + C.d - C.k)) == 0
    assert exx == C.k * (C.k - 1) / (C.d * (C.d - 1))
    star = sympy.factor(C.osc_l2(C.d, C.d / (C.e + 1), C.e))
    assert sympy.cancel(star - (C.d - 1) * (4 * C.d * C.e - (C.e + 1) ** 2) / (C.d * (C.e - 1) ** 2)) == 0


def test_private_osc_derivation_matches_optimality_module():
    """constructions.py derives p*, q* itself (Lemma B.1 + the variance argument); when optimality.py
    provides them, both derivations must agree."""
    O = C._optimality()
    B, p, q, _ = C._derive_osc_pq()
    if O is None:
        pytest.skip("derivations.pan_strict.optimality does not provide the OSC functions yet")
    assert sympy.cancel(O.osc_self_support_probability(C.d, C.k, C.e) - p) == 0
    assert sympy.cancel(O.osc_cross_support_probability(C.d, C.k, C.e) - q) == 0


def test_hadamard_design_and_range():
    blocks = C.hadamard_design(3, 1)
    assert len(blocks) == 7 and {len(b) for b in blocks} == {3}
    assert C.hadamard_optimal_range(7) == sympy.sqrt(30) / 3


def test_cor52_alpha_closed_form_and_excess_limit():
    a = C.cor52_alpha()
    want = (C.dp - C.d) * (C.e + 1) ** 2 * (2 * C.d * C.dp - C.d - C.dp) / (
        C.dp ** 2 * (C.d - 1) * (4 * C.d * C.e - (C.e + 1) ** 2))
    assert sympy.cancel(a - want) == 0
    assert C.excess_limit(4, R(5, 2)) == R(1, 120)


def test_cross_gap_certificate():
    first, coeffs = X.gap_certificate()
    assert sympy.expand(first - (X.d - 1) ** 2 * (X.e + 1) ** 2 * (8 * X.d * X.e - (X.e + 1) ** 2)) == 0
    assert all(c > 0 for c in coeffs)
    assert sympy.simplify(X.cms_rr_l2(X.d, X.m, X.e) - ((X.d + X.e - 1) * X.m ** 2 / ((X.m - 1) * (X.e - 1) ** 2)
                                                        + (X.d - 1) * (2 * X.m + X.e - 1)
                                                        / ((X.m - 1) * (X.e - 1)))) == 0


# ---------------------------------------------------------------------------------------------
# verdicts
def _verdict(claim_id):
    return claim_result(claim_id)


# Printed forms lost in our copy give `reconstructed` (issue 9): the former errata/conditionals of these
# claims rested on printed values the ledger could not show.  Theorem 4.1's printed form is restored from the
# public abstract and verified.  Statements whose words survive get printed Predicates and real verdicts:
# Appendix C's diagonal step needs k >= 2 (k = 1 counterexample), and so does Section 5.3's sentence that
# A w = b "inherently guarantees" an OSC (the same root cause, the same verdict), the Section 5.4 gap rises where d
# passes
# a prime, and Appendix D.2's "within one" fails for non-integer e^eps + 1.
@pytest.mark.parametrize("claim_id, verdict, ce", [
    ("pan-strict/appC.diagonal", "conditional", None),
    ("pan-strict/sec5.3.osc", "conditional", {"k": "1"}),
    ("pan-strict/cor5.1", "reconstructed", None),
    ("pan-strict/sec5.4.narrowing", "conditional", None),
    ("pan-strict/appD.deviation", "erratum", None),
    ("pan-strict/cor5.2", "reconstructed", None),
    ("pan-strict/sec5.2.vanish", "conditional", {"exp_eps": "7/3"}),
    ("pan-strict/sec5.4.example", "erratum", {"d": "100", "eps": "1", "m": "4"}),
    ("pan-strict/thm4.1", "verified", None),
    ("pan-strict/appD.collision", "reconstructed", None),
    ("cross/osc-below-cms", "reconstructed", None),  # no paper prints a cross statement
])
def test_sample_verdicts(claim_id, verdict, ce):
    r = _verdict(claim_id)
    assert r.verdict == verdict, (r.reason, r.counterexample)
    if ce:
        for key, value in ce.items():
            assert r.counterexample["params"][key] == value


def test_theorem41_printed_form_decides_the_bound():
    """The printed cost bound log2(d(d-1)/2 + 1) accepts exactly the response counts up to d(d-1)/2 + 1."""
    import derivations.pan_strict.constructions_symbols as S
    from derivations.pan_strict.printed_constructions import theorem41_printed
    from ldpref.ledger.forms import evaluate

    for d in (3, 5, 8):
        top = d * (d - 1) // 2 + 1
        assert evaluate(theorem41_printed(), {S.d: d, S.COST: sympy.log(top, 2)}) is True
        assert evaluate(theorem41_printed(), {S.d: d, S.COST: sympy.log(top + 1, 2)}) is False


def test_k1_pair_solution_is_not_a_mechanism():
    """sec5.3.osc: w = (1, 0, ...) on singletons solves the pair constraints but its columns do not sum to one."""
    from proofs_checks.pan_strict.constructions import _columns_sum_to_one, _pairs_solved

    assert _pairs_solved(4, 1, [(0,)], [R(1)])
    assert not _columns_sum_to_one(4, 1, R(2), [(0,)], [R(1)])
    assert _columns_sum_to_one(4, 1, R(2), [(x,) for x in range(4)], [R(1, 4)] * 4)
    assert not _pairs_solved(4, 2, [(0, 1)], [R(1)])


def test_wss_optimal_k_when_k_is_none():
    from ldpref.wss import optimal_support_size, osc_l2_per_client, weighted_subset_selection

    for d, e in [(6, 2), (9, 3)]:
        k = optimal_support_size(d, e)
        assert all(osc_l2_per_client(d, k, e) <= osc_l2_per_client(d, j, e) for j in range(1, d))
        _, cert = weighted_subset_selection(d, None, e, seed=3)
        assert cert["k"] == k and cert["k_source"] == "optimal_support_size"
        assert cert["certified"] and cert["l2_equals_osc_optimum"] and cert["within_caratheodory"]


def test_cor52_bound_fraction_matches_symbolic():
    import derivations.pan_strict.constructions as C
    from fractions import Fraction

    for d, e in [(5, 2), (24, 3), (30, R(5, 2))]:
        p = C.next_prime(d)
        fast = C.cor52_bound_fraction(d, p, Fraction(int(sympy.Rational(e).p), int(sympy.Rational(e).q)))
        assert C.cor52_bound(d, e, p) == sympy.Rational(fast.numerator, fast.denominator)


def test_deviation_printed_statement_fails_for_non_integer_exp_eps():
    """At e^eps = 7/3, d' = 13, m = 3 (the floor of e^eps + 1) the text asserts both sizes within one of
    d'/(e+1) = 3.9; the real family's sizes are 4 and 5, so the assertion is false and the derived form says so."""
    import derivations.pan_strict.constructions_symbols as S
    from derivations.pan_strict.printed_constructions import deviation_printed
    from ldpref.ledger.forms import evaluate
    from ldpref.mechanisms.prime_cms import prime_hash_family

    params = {S.dp: 13, S.m: 3, EXP_EPS: R(7, 3)}
    h = prime_hash_family(13, 3).functions[0]
    sizes = sorted({sum(1 for x in range(13) if h[x] == z) for z in range(3)})
    assert sizes == [4, 5]
    assert evaluate(deviation_printed().args[0], params) is True  # in the text's scenarios: it asserts "within one"
    assert [evaluate(deviation_printed(), {**params, S.k: s}) for s in sizes] == [True, False]  # size 5 is not
    assert evaluate(C.deviation_sizes_form(), params) is False
    assert evaluate(C.deviation_sizes_form(), {S.dp: 13, S.m: 3, EXP_EPS: R(2)}) is True


def test_narrowing_prediction_matches_the_exact_excess():
    """The excess of OCMS (Corollary 5.1's closed form, e^eps = 2, m = 3) narrows from d to d + 1 exactly when
    no prime is passed; 113 -> 114 passes the prime 113 and the excess rises."""
    from fractions import Fraction

    from ldpref.ledger.forms import evaluate

    def excess(d):
        p = C.next_prime(d)
        ef = Fraction(2)
        return C.ocms_l2_grouped_fraction(d, p, 3, ef) / C.osc_l2_fraction(d, d, Fraction(d) / 3, ef) - 1, p

    for d in range(105, 125):
        (a, pa), (b, pb) = excess(d), excess(d + 1)
        assert evaluate(C.narrowing_prediction(), {"d'(d)": pa, "d'(d+1)": pb}) is (b <= a), d
    (a, _), (b, _) = excess(113), excess(114)
    assert b > a


def test_kext_is_the_optimum_for_d_prime_not_for_the_extended_loss():
    """d'/(e+1) = 2 is the exhaustive integer optimum on [7] at e^eps = 5/2, while the extended loss on [6]
    has its real minimiser elsewhere (appD.kext reads the text: k is set for d')."""
    assert C.integer_optimal_k(7, R(5, 2)) == 2
    root = C.extended_minimiser(6, 7, R(5, 2))
    assert root != 2 and abs(float(root) - 2) < 0.5


def test_fraction_paths_equal_the_symbolic_closed_forms():
    """ocms_l2_grouped / ocms_l2_pooled at a rational e^eps (the Fraction path) equal the symbolic mixture and
    the pooled pure-protocol l2; osc_l2_fraction (unreduced rationals) equals the derived l2 evaluated by Fractions."""
    from fractions import Fraction

    for d, p, m, e in [(4, 5, 2, R(3)), (8, 11, 3, R(2)), (20, 23, 4, R(7, 3)), (6, 7, 3, R(5, 2))]:
        grouped = sympy.cancel(sum(pi * C.extended_l2(d, p, kk, e)
                                   for kk, (pi, _, _) in C.ocms_groups(p, m, e).items()))
        assert C.ocms_l2_grouped(d, p, m, e) == grouped
        pp, qq = C.ocms_pq_pooled(p, m, e)
        assert C.ocms_l2_pooled(d, p, m, e) == sympy.cancel(C.pure_l2(pp, qq, d))
        kk = R(p, 3) + 1
        fast = C.osc_l2_fraction(d, p, Fraction(kk.p, kk.q), Fraction(e.p, e.q))
        assert sympy.Rational(fast.numerator, fast.denominator) == sympy.cancel(C.extended_l2(d, p, kk, e))
