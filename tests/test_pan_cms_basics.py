"""pan-cms basics (Section 2, Sections 3.1-3.3, Appendices A-C): exact values and a sample of verdicts."""

from fractions import Fraction

import mpmath
import pytest
import sympy

import derivations.pan_cms.basics as D
import derivations.pan_cms.printed_basics as PB
import proofs_checks.pan_cms.basics as C
import proofs_checks.pan_cms.basics_appC as CC
import proofs_checks.pan_cms.basics_common as CM
from derivations.pan_cms.symbols import cbar, e, f, m, n, var_eq, var_neq
from ldpref import moments
from ldpref.ledger import find_claim
from conftest import claim_result  # noqa: E402  (the session's one ledger run)

R = sympy.Rational


# ---- families and inner mechanisms ------------------------------------------------------------
def test_prime_affine_family_is_strongly_pairwise_independent():
    fam = CM.prime_affine_family(3, 3)
    assert fam.k == 9 and fam.is_pairwise_independent() and fam.is_collision_uniform()


def test_pair_uniform_family_has_collision_rate_one_over_m_but_is_not_strongly_independent():
    fam = CM.collision_uniform_pair_family(4)
    assert fam.has_constant_collision_rate() == Fraction(1, 4)
    assert not fam.is_pairwise_independent()
    assert C._strong_pi_numpy(fam) is False


def test_constant_rate_families():
    assert CM.family("hand(d=2,k=3,c=1/3)").has_constant_collision_rate() == Fraction(1, 3)
    assert CM.family("gf2mod3(l=2,d=3)").has_constant_collision_rate() == Fraction(3, 8)


def test_enumerated_inner_variances_match_eqs_12_13():
    # RR on [3], e^eps = 2: e(m-1)/(e-1)^2 = 4 and (e+m-2)/(e-1)^2 = 3; a-RP: (e+1)^2/(e-1)^2 = 9, 4e/(e-1)^2 = 8
    V = CM.var_table("rr", 3, R(2))
    assert (V[0][0], V[0][1], V[2][1]) == (4, 3, 3)
    V = CM.var_table("arp", 3, R(2))
    assert (V[1][1], V[1][0]) == (9, 8)


# ---- derivations ------------------------------------------------------------------------------
def test_derived_estimators():
    assert sympy.simplify(D.estimator_derived().rhs - PB.estimator_printed().rhs) == 0
    assert sympy.simplify(D.g_derived().rhs - PB.g_printed_explicit().rhs) == 0
    assert D.g_expectation_derived().rhs == f


def test_derived_variance_corollary_equals_eq6():
    assert sympy.simplify(D.variance_corollary_derived().rhs - PB.variance_corollary_printed().rhs) == 0
    # the appendix's (1 - m)/m differs by 2(m-1)/m times m/((m-1)^2 n)(1 - f)
    diff = sympy.factor(PB.variance_corollary_printed().rhs - PB.appB_eq6_final_printed().rhs)
    assert sympy.simplify(diff - 2 * (1 - f) / ((m - 1) * n)) == 0


def test_appendix_C_constants():
    A_, B_ = (q.rhs for q in D.appC_AB_derived())
    assert sympy.simplify(A_ + (e + m - 1) / ((m - 1) * (e - 1))) == 0
    assert sympy.simplify(B_ - (e + m - 1) / (e - 1)) == 0
    assert sympy.simplify(D.appC_ratio_derived().rhs - (m - 1) / (n * (e + m - 1))) == 0
    assert sympy.simplify(D.appC_delta_range_derived().rhs.subs(f, 0) - n / (m - 1)) == 0
    assert sympy.simplify(D.appC_delta_range_derived().rhs.subs(f, 1) - n * e / (m - 1)) == 0
    assert sympy.simplify(D.alpha_range_max2(D.thm35_corrected()) - n / (m - 1)) == 0


def test_evaluate_on_matches_exact_moments():
    fam = CM.family("random(d=3,m=3,k=2)")
    mech = CM.cms_mech("random(d=3,m=3,k=2)", "arp", R(2))
    V = CM.var_table("arp", 3, R(2))
    counts = (1, 0, 2)
    P, where = PB.variance_lemma_printed()
    for x in range(3):
        assert D.evaluate_on(PB.expectation_printed().rhs, family=fam, counts=counts, x_val=x) == \
            moments.expectation(mech, counts)[x]
        assert D.evaluate_on(P.rhs, family=fam, counts=counts, var_table=V, x_val=x, cbar_def=(where.lhs, where.rhs)) \
            == moments.variance(mech, counts)[x]


def test_g_mse_formula_on_constant_rate_family():
    # gf2 affine mod 3 (c_bar = 3/8), RR at e^eps = 3, all n = 1 client on x: MSE = Var(R|=)/(1 - c)^2
    key = "gf2mod3(l=2,d=2)"
    mech = CM.cms_mech(key, "rr", R(3), "eq8")
    V = CM.var_table("rr", 3, R(3))
    value = PB.g_mse_printed().rhs.subs({n: 1, f: 1, cbar: R(3, 8), var_eq: V[0][0], var_neq: V[0][1]})
    assert sympy.cancel(value) == moments.mse(mech, (1, 0))[0] == V[0][0] * R(64, 25)


def test_tail_profiles_agree_and_are_exact():
    exact = CC._tail_profile_exact("gf2(l=1,d=2)", R(3), 3, 1)
    derived = CC._tail_profile_derived(2, R(3), 3, 1)
    assert exact == derived
    vals, probs, var, truth = exact
    assert sum(probs) == 1 and truth == Fraction(1, 3)
    # Eq. (6) with RR (Var(R|=) = Var(R|!=) = 3/4 at m = 2, e^eps = 3), n = 3, f = 1/3:
    # 2/3 [(2/3)(3/4 + 3/4 + 1/2) + 2 (1/3)(3/4)] = 11/9
    assert var == Fraction(11, 9)


def test_theorem_3_5_counterexample_exact():
    """m = 128, n = 151, e^eps = (1257/151)^2, no client on x: at alpha = alpha_max the exact tail
    Pr[K >= 11], K ~ Bin(151, 1/128), exceeds 2 exp(-alpha^2 (m-1)/(3(e+m-1)))."""
    key, ee, nn = "pair-uniform(m=128)", R(1257, 151) ** 2, 151
    vals, probs, var, truth = CC._tail_profile_exact(key, ee, nn, 0)
    amax2 = Fraction(int((ee * nn / 127).p), int((ee * nn / 127).q))
    tail = sum((p for v, p in zip(vals, probs) if (v - truth) ** 2 >= amax2 * var), Fraction(0))
    binom_tail = sum(sympy.binomial(nn, i) * R(1, 128) ** i * R(127, 128) ** (nn - i) for i in range(11, nn + 1))
    assert R(tail.numerator, tail.denominator) == binom_tail
    coef = Fraction(127) / (3 * (Fraction(1580049, 22801) + 127))
    with mpmath.workdps(50):
        bound = 2 * mpmath.exp(-mpmath.mpf((coef * amax2).numerator) / (coef * amax2).denominator)
        assert mpmath.mpf(tail.numerator) / tail.denominator > bound


# ---- verdicts -----------------------------------------------------------------------------------
def _run(claim_id):
    return claim_result(claim_id)


@pytest.mark.parametrize("claim_id", ["pan-cms/eq3", "pan-cms/eq6", "pan-cms/eq10", "pan-cms/cor3.1", "pan-cms/eq2",
                                      "pan-cms/prop2.3", "pan-cms/appB.eq27", "pan-cms/appA.eq24"])
def test_verified_claims(claim_id):
    r = _run(claim_id)
    assert r.verdict == "verified", r.reason


def test_eq9_erratum_counterexample():
    r = _run("pan-cms/eq9")
    assert r.verdict == "erratum"
    assert r.counterexample["params"]["family"] == "hand(d=2,k=3,c=1/3)"
    assert (r.counterexample["printed"], r.counterexample["exact"]) == ("0", "1")


def test_eq7_middle_line_erratum():
    r = _run("pan-cms/eq7")
    assert r.verdict == "erratum"
    assert r.counterexample["printed"] == "[8, 0, 8]" and r.counterexample["exact"] == "[8, 8, 8]"


def test_eq1_index_set_erratum():
    r = _run("pan-cms/eq1")
    assert r.verdict == "erratum"
    assert (r.counterexample["printed"], r.counterexample["exact"]) == ("8", "9")


def test_cor3_2_is_conditional_on_the_collision_reading():
    r = _run("pan-cms/cor3.2")
    assert r.verdict == "conditional"
    assert r.counterexample["params"] == {"family": "pair-uniform(m=2)", "reading": "strongly pairwise independent"}


def test_family_size_erratum_smallest_family():
    r = _run("pan-cms/sec3.1.family-size")
    assert r.verdict == "erratum"
    assert r.counterexample["params"]["|H|"] == "2" and r.counterexample["params"]["d"] == "2"


def test_appendix_errata():
    assert _run("pan-cms/appB.eq6-final").verdict == "erratum"
    r = _run("pan-cms/appC.ratio-min")
    assert r.verdict == "erratum" and r.counterexample["params"]["n"] == "2"
    r = _run("pan-cms/appC.AB")
    assert r.verdict == "erratum" and r.counterexample["exact"] == "[-3, 3]"


def test_theorem_3_5_erratum():
    r = _run("pan-cms/thm3.5")
    assert r.verdict == "erratum"
    assert r.counterexample["params"]["m"] == "128" and r.counterexample["params"]["n"] == "151"
    # the corrected statement (the derived form, alpha <= sqrt(n/(m-1))) holds on every instance of the real mechanism
    corrected = [rec for rec in r.records if rec.role == "derived-vs-exact" and rec.name.startswith("two-sided")]
    assert corrected and all(rec.passed for rec in corrected)
    printed = [rec for rec in r.records if rec.role == "printed-vs-exact"]
    assert len(printed) == 1 and len(printed[0].failures) == 1
    assert find_claim("pan-cms/thm3.5").root_cause == find_claim("pan-cms/appC.delta-range").root_cause


def test_statement_claims_evaluate_their_forms():
    # Corollary 3.2 under the strong reading fails on the collision-uniform family {(0, j)}: conditional
    r = _run("pan-cms/cor3.2")
    assert r.verdict == "conditional"
    failures = [f for rec in r.records for f in rec.failures]
    assert failures and all(f.params["reading"] == "strongly pairwise independent" for f in failures)
    assert {f.params["family"] for f in failures} == {"pair-uniform(m=2)", "pair-uniform(m=3)"}
    # |H| = d^2 is refuted by the Hadamard family at d = 3 (4 functions) and the pair family (m functions)
    r = _run("pan-cms/sec3.1.family-size")
    assert r.verdict == "erratum"
    bad = {f.params["family"]: (f.printed, f.exact) for rec in r.records for f in rec.failures}
    assert bad["hadamard(d=3)"] == (9, 4) and bad["pair-uniform(m=3)"] == (4, 3)
    assert "gf2(l=1,d=2)" not in bad  # 4 functions at d = 2: the printed size is right there


@pytest.mark.parametrize("claim_id", ["pan-cms/eq1", "pan-cms/appC.upper-tail"])
def test_the_minimal_edit_pass_judges_no_model_point(claim_id):
    """The model grids (``Point(..., model=)``: ldpref.losses.worst_case_mse, the binomial model of Appendix C) read
    no form: when the runner's minimal-edit pass puts the correction in the derived slot, only the grids that
    evaluate a form record correction instances (a model grid once recorded its model values as the correction's)."""
    from ldpref.ledger import find_claim as lookup
    from ldpref.ledger.evidence import Evidence
    from ldpref.ledger.runner import correction_pass

    claim = find_claim(claim_id)
    assert claim.edit is not None
    ev = Evidence(forms=(claim.printed, claim.derived, claim.correction), depends_on=claim.depends_on, lookup=lookup)
    correction_pass(claim, ev)
    form_grids = {step.name for step in claim.steps if getattr(step, "printed", False)}
    assert ev.records and all(r.role == "correction-vs-exact" and r.passed for r in ev.records)
    assert {r.name.removesuffix(": correction vs exact") for r in ev.records} == form_grids
