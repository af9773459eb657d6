"""pan-cms hashing part (Sections 3.5-3.6, Appendices E-F): GF(2^l) arithmetic, the families of Eq. (18)
and Lemma 3.2, the exact CMS quantities behind the claims, and a sample of verdicts with their exact
counterexamples."""

import itertools
from fractions import Fraction

import numpy as np
import pytest
import sympy

import derivations.pan_cms.hashing as H
import derivations.pan_cms.printed_hashing as PH
import proofs_checks.pan_cms.hashing as P
import proofs_checks.pan_cms.hashing_thm38 as P38
from derivations.pan_cms.symbols import l, m, q, r
from ldpref import moments
from ldpref.hashing import IRREDUCIBLE, gf2_affine_family, gf2_affine_mod_family, gf2_multiply, is_irreducible
from ldpref.ledger import find_claim
from ldpref.mechanisms.cms import cms, cms_over_draws, inner_mechanism
from ldpref.hashing import all_function_draws
from conftest import claim_result  # noqa: E402  (the session's one ledger run)

R = sympy.Rational


# ---- GF(2^l) ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("l", range(1, 9))
def test_reduction_polynomial_is_irreducible(l):
    poly = IRREDUCIBLE[l]
    assert poly.bit_length() - 1 == l
    assert H.has_no_proper_factor(poly) and is_irreducible(poly)


def test_reducible_polynomials_are_detected():
    # x^2 + 1 = (x + 1)^2, x^4 + x^2 + 1 = (x^2 + x + 1)^2, x^3 + x = x (x + 1)^2
    for poly in (0b101, 0b10101, 0b1010):
        assert not H.has_no_proper_factor(poly) and not is_irreducible(poly)


@pytest.mark.parametrize("l", range(1, 5))
def test_field_axioms_exhaustive(l):
    size = 1 << l
    els = range(size)
    mul = {(a, b): gf2_multiply(a, b, l) for a in els for b in els}
    for a, b in itertools.product(els, repeat=2):
        assert mul[a, b] == mul[b, a]
        assert mul[a, 1] == a and mul[a, 0] == 0
    for a, b, c in itertools.product(els, repeat=3):
        assert mul[mul[a, b], c] == mul[a, mul[b, c]]
        assert mul[a, b ^ c] == mul[a, b] ^ mul[a, c]
    for a in range(1, size):
        assert sum(1 for b in els if mul[a, b] == 1) == 1  # a unique inverse


@pytest.mark.parametrize("l", range(5, 9))
def test_field_axioms_large(l):
    size = 1 << l
    rng = np.random.default_rng(20260605 + l)
    for a in range(1, size):  # every non-zero element has exactly one inverse: no zero divisors
        row = [gf2_multiply(a, b, l) for b in range(size)]
        assert sorted(row) == list(range(size))
    for a, b, c in rng.integers(0, size, size=(300, 3)):
        a, b, c = int(a), int(b), int(c)
        assert gf2_multiply(gf2_multiply(a, b, l), c, l) == gf2_multiply(a, gf2_multiply(b, c, l), l)
        assert gf2_multiply(a, b ^ c, l) == gf2_multiply(a, b, l) ^ gf2_multiply(a, c, l)
        assert gf2_multiply(a, b, l) == gf2_multiply(b, a, l)


# ---- Eq. (18) and Lemma 3.2 ------------------------------------------------------------------------
@pytest.mark.parametrize("l", range(1, 5))
def test_gf2_affine_family_pairwise_independent_exactly(l):
    fam = gf2_affine_family(l, 1 << l)
    assert fam.k == 4**l and len(set(fam.functions)) == 4**l
    for x1, x2 in itertools.permutations(range(1 << l), 2):
        counts = {}
        for h in fam.functions:
            counts[h[x1], h[x2]] = counts.get((h[x1], h[x2]), 0) + 1
        assert len(counts) == 4**l and set(counts.values()) == {1}
    assert fam.is_pairwise_independent() and fam.is_uniform()


@pytest.mark.parametrize("l_,m_,expected", [(2, 3, R(3, 8)), (3, 3, R(11, 32)), (3, 5, R(7, 32)), (3, 6, R(3, 16)),
                                           (4, 5, R(13, 64)), (4, 7, R(19, 128)), (3, 4, R(1, 4))])
def test_lemma32_collision_rate_exact(l_, m_, expected):
    fam = gf2_affine_mod_family(l_, min(4, 1 << l_), m_)
    assert fam.has_constant_collision_rate() == Fraction(int(expected.p), int(expected.q))
    q_, r_ = divmod(2**l_, m_)
    assert PH.collision_closed_printed().subs({q: q_, r: r_, m: m_}) == expected
    assert sympy.nsimplify(PH.collision_sum_printed().subs({q: q_, r: r_, m: m_, l: l_})) == expected
    assert fam.collision_rate(0, 0) == 1  # why Lemma 3.2 is conditional on x1 != x2


def test_m_prime_and_g_unbiased():
    c = cms(gf2_affine_mod_family(2, 3, 3), inner_mechanism("rr", 3, R(2)), decoder="eq8")
    assert c.m_decoder == R(8, 3) == PH.m_prime_printed().subs({m: 3, q: 1, r: 1})
    assert c.mechanism.is_unbiased()
    assert PH.m_prime_appE_printed().subs({m: 3, q: 1}) == R(8, 3)  # the worst r: equality
    assert PH.m_prime_appE_printed().subs({m: 2, q: 1}) == R(16, 9) != 2  # r = 0: a lower bound only


def test_m6_pairwise_family_exists():
    assert P._perfect(2, 6).is_pairwise_independent()
    assert P._crt_family(3).is_pairwise_independent()


# ---- Theorem 3.8 counterexample ---------------------------------------------------------------------
def test_thm38_counterexample_exact_values():
    counts = (1, 0)
    vg = P._var(("H'", 2, 2, 3), "rr", R(2), "eq8", counts)[0]
    vf = P._var(("perfect", 2, 3), "rr", R(2), "eq2", counts)[0]
    assert vg / vf == R(256, 225)
    row = next(x for x in P38._thm38_rows() if (x["l"], x["m"], x["kind"], x["e"], x["counts"], x["x"])
               == (2, 3, "rr", R(2), counts, 0))
    tau = P38._lhs38(row)
    assert tau == R(13, 108)
    assert not vg < (1 + tau) * vf
    assert vg < (1 + P38._lhs38(row, corrected=True)) * vf


def test_collision_rate_mechanism_matches_real_families():
    inner = inner_mechanism("rr", 3, R(2))
    for counts in [(1, 0), (0, 1), (1, 2)]:
        v = P38._poly_expr(P38._var_in_c(3, "rr", R(2), "eq2", counts), H.cbar)
        assert v.subs(H.cbar, R(1, 3)) == P._var(("perfect", 2, 3), "rr", R(2), "eq2", counts)[0]
        assert v.subs(H.cbar, R(3, 8)) == moments.variance(cms(gf2_affine_mod_family(2, 2, 3), inner).mechanism,
                                                            counts)[0]


# ---- Theorem 3.10 ------------------------------------------------------------------------------------
def test_eq20_tiny_exact():
    fam = cms_over_draws(all_function_draws(2, 2, 1), inner_mechanism("rr", 2, R(2)))
    assert fam.expectation((2, 1)) == [R(2, 3), R(1, 3)]
    assert fam.expectation_variance((2, 1)) == [R(1, 9), R(4, 9)]
    fam = cms_over_draws(all_function_draws(2, 3, 2), inner_mechanism("rr", 3, R(2)))
    assert fam.expectation_variance((1, 1)) == [R(1, 16), R(1, 16)]  # (1/2)^2/((3-1) 2)


# ---- verdicts ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cid,verdict", [
    ("pan-cms/thm3.8", "erratum"), ("pan-cms/appF.var-cj", "erratum"), ("pan-cms/sec3.5.m6-no-pairwise", "erratum"),
    ("pan-cms/lemma3.2", "verified"), ("pan-cms/eq20", "verified"), ("pan-cms/eq18", "verified"),
    ("pan-cms/appE.cor3.6-eps0", "erratum"), ("pan-cms/thm3.9", "verified"), ("pan-cms/appF.veq-gt-vne", "erratum"),
])
def test_sample_verdicts(cid, verdict):
    res = claim_result(cid)
    assert res.verdict == verdict, res.reason


def test_thm38_counterexample_is_smallest():
    res = claim_result("pan-cms/thm3.8")
    ce = res.counterexample
    assert ce["params"]["l"] == "2" and ce["params"]["m"] == "3" and ce["params"]["tau"] == "13/108"
    assert ce["params"]["tau chosen as"] == "the smallest the printed condition admits"
    # the printed statement, evaluated on the exact variances, is false there (a true statement holds: exact True)
    assert ce["printed"] == "False" and ce["exact"] == "True"


def test_thm38_forms_on_the_counterexample():
    """The printed Theorem 3.8 is false on the exact variances at its boundary tau; the corrected one holds at its own
    boundary and is vacuous at the printed one."""
    from derivations.pan_cms.symbols import n, tau, var_eq
    row = next(x for x in P38._thm38_rows() if (x["l"], x["m"], x["kind"], x["e"], x["counts"], x["x"])
               == (2, 3, "rr", R(2), (1, 0), 0))
    facts = {m: 3, q: row["q"], var_eq: row["veq"], n: row["n"], H.Var_f: row["vf"], H.Var_g: row["vg"]}
    tp, tc = P38._lhs38(row), P38._lhs38(row, corrected=True)
    assert tc > tp
    assert P.truth(PH.thm38_printed(), {**facts, tau: tp}) is False
    assert P.truth(H.thm38_derived(), {**facts, tau: tp}) is True
    assert P.truth(H.thm38_derived(), {**facts, tau: tc}) is True
    assert P.truth(PH.thm38_printed(), {**facts, tau: tc}) is True


def test_truth_refuses_an_undecided_statement():
    with pytest.raises(ValueError):
        P.truth(PH.veq_gt_vne_printed(), {})
    # decided for every e^eps > 1: binary RR has Var(R|=) = Var(R|!=), so the strict printed form is false
    veq, vne = H.inner_variances("rr", 2, H.e)
    assert P.truth(PH.veq_gt_vne_printed(), {H.var_eq: veq, H.var_neq: vne}) is False
    assert P.truth(H.veq_ge_vne_derived(), {H.var_eq: veq, H.var_neq: vne}) is True


def test_var_cj_counterexample():
    res = claim_result("pan-cms/appF.var-cj")
    assert res.counterexample["params"] == {"m": "2"}
    assert res.counterexample["exact"] == "(1/2, 1/4)" and res.counterexample["printed"] == "(1/2, 1/2)"


def test_truth_decides_equivalent_as_sympy_does():
    """truth() decides an Equivalent of rational comparisons by exact Fractions; the value must be sympy's
    (a wrong fast path that returned True for Equivalent would fail the first case)."""
    a, b = sympy.symbols("a b")
    form = sympy.Equivalent(sympy.Le(a, b), sympy.Lt(b, 1))
    for va, vb in ((0, 2), (0, sympy.Rational(1, 2)), (3, 2), (3, sympy.Rational(1, 2)), (1, 1)):
        expected = form.subs({a: va, b: vb})
        assert expected in (sympy.true, sympy.false)
        assert P.truth(form, {a: va, b: vb}) is bool(expected)
    assert P.truth(form, {a: 0, b: 2}) is False
