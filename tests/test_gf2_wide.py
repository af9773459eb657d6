"""GF(2^l) up to l = 32 (issue 13): the reduction polynomials are irreducible (two independent methods), the
vectorised field satisfies the field axioms at l = 17, 24, 32 against a pure-Python carry-less multiply written
here, the per-client family is pairwise uniform (exact count at small l), and the closed-form per-client model
equals the listed family's exact moments.  Deliberately wrong cases: reducible polynomials are caught, a
reducible modulus breaks the inverse axiom, a wrong collision rate disagrees with the listed family."""

from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, settings, strategies as st

from ldpref.hashing import IRREDUCIBLE, MAX_L, gf2_affine_mod_collision_rate, gf2_multiply
from ldpref.simulation import gf2
from ldpref.simulation.per_client import PerClientCMS
from ldpref.structured import moments
from ldpref.structured.pairwise import PairwiseSketchModel
from ldpref.structured.registry import model


# ---- an independent reference: polynomials over GF(2) as Python ints ---------------------------------
def clmul(a: int, b: int) -> int:
    """Carry-less product (no reduction)."""
    out, i = 0, 0
    while b >> i:
        if (b >> i) & 1:
            out ^= a << i
        i += 1
    return out


def polymod(a: int, f: int) -> int:
    """Remainder of a modulo f (long division)."""
    df = f.bit_length() - 1
    while a and a.bit_length() - 1 >= df:
        a ^= f << (a.bit_length() - 1 - df)
    return a


def polygcd(a: int, b: int) -> int:
    while b:
        a, b = b, polymod(a, b)
    return a


def ref_mul(a: int, b: int, f: int) -> int:
    return polymod(clmul(a, b), f)


def rabin_irreducible(f: int) -> bool:
    """Rabin's test: f of degree n is irreducible over GF(2) iff x^(2^n) = x mod f and
    gcd(x^(2^(n/q)) - x, f) = 1 for every prime q dividing n."""
    n = f.bit_length() - 1

    def x_pow_2_pow(k):  # x^(2^k) mod f by k squarings
        y = polymod(0b10, f)
        for _ in range(k):
            y = ref_mul(y, y, f)
        return y

    if x_pow_2_pow(n) != polymod(0b10, f):
        return False
    return all(polygcd(x_pow_2_pow(n // q) ^ 0b10, f) == 1 for q in sympy.primefactors(n))


def sympy_irreducible(f: int) -> bool:
    x = sympy.Symbol("x")
    expr = sum(x**i for i in range(f.bit_length()) if (f >> i) & 1)
    return sympy.Poly(expr, x, modulus=2).is_irreducible


def test_every_reduction_polynomial_is_irreducible_by_two_methods():
    assert sorted(IRREDUCIBLE) == list(range(1, 33)) and MAX_L == 32
    for l, f in IRREDUCIBLE.items():
        assert f.bit_length() - 1 == l
        assert rabin_irreducible(f), l
        assert sympy_irreducible(f), l


@pytest.mark.parametrize("f", [(1 << 17) | 1,  # x^17 + 1 = (x + 1)(...)
                               clmul((1 << 11) | 0b101, (1 << 13) | 0b11011),  # a product of degree 24
                               (1 << 32) | (1 << 7) | 1])  # x^32 + x^7 + 1: not in the table, reducible
def test_reducible_polynomials_are_caught_by_both_methods(f):
    assert not rabin_irreducible(f)
    assert not sympy_irreducible(f)


# ---- field axioms at l = 17, 24, 32 ---------------------------------------------------------------------
WIDE = (17, 24, 32)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(WIDE), st.data())
def test_vectorised_product_equals_the_reference_and_the_scalar_one(l, data):
    el = st.integers(0, (1 << l) - 1)
    a = data.draw(st.lists(el, min_size=1, max_size=8))
    b = data.draw(st.lists(el, min_size=len(a), max_size=len(a)))
    want = [ref_mul(x, y, IRREDUCIBLE[l]) for x, y in zip(a, b)]
    assert gf2.multiply(np.array(a, dtype=np.int64), np.array(b, dtype=np.int64), l).tolist() == want
    assert [gf2_multiply(x, y, l) for x, y in zip(a, b)] == want
    # the server's byte tables give the same products by fixed constants
    got = gf2.multiply_by_constants(np.array(a, dtype=np.int64), np.array(b, dtype=np.int64), l)
    assert got.astype(np.int64).tolist() == [[ref_mul(x, y, IRREDUCIBLE[l]) for y in b] for x in a]


def _power(a: np.ndarray, e: int, l: int) -> np.ndarray:
    out = np.ones_like(a)
    while e:
        if e & 1:
            out = gf2.multiply(out, a, l)
        a = gf2.multiply(a, a, l)
        e >>= 1
    return out


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(WIDE), st.data())
def test_field_axioms(l, data):
    el = st.integers(0, (1 << l) - 1)
    a, b, c = (np.array(data.draw(st.lists(el, min_size=4, max_size=4)), dtype=np.int64) for _ in range(3))
    mul = lambda x, y: gf2.multiply(x, y, l)  # noqa: E731
    assert (mul(a, b) == mul(b, a)).all()
    assert (mul(mul(a, b), c) == mul(a, mul(b, c))).all()
    assert (mul(a, b ^ c) == (mul(a, b) ^ mul(a, c))).all()
    assert (mul(a, np.ones_like(a)) == a).all() and (mul(a, np.zeros_like(a)) == 0).all()
    nz = a[a != 0]
    if nz.size:  # a^(2^l - 2) is the inverse of a != 0 (the multiplicative group has order 2^l - 1)
        assert (mul(nz, _power(nz, (1 << l) - 2, l)) == 1).all()


def test_a_reducible_modulus_breaks_the_inverse_axiom():
    f = (1 << 17) | 1  # x^17 + 1: x + 1 divides it, so x + 1 has no inverse
    a, e = 0b11, (1 << 17) - 2
    y, base = 1, a
    while e:
        if e & 1:
            y = ref_mul(y, base, f)
        base = ref_mul(base, base, f)
        e >>= 1
    assert ref_mul(a, y, f) != 1


def test_out_of_range_l_and_elements_are_refused():
    from ldpref.errors import ParameterError

    with pytest.raises(ParameterError, match="l = 1..32"):
        gf2.multiply(np.array([1]), np.array([1]), 33)
    with pytest.raises(ParameterError, match="outside GF"):
        gf2.multiply(np.array([1 << 17]), np.array([1]), 17)


# ---- the per-client family: exact counts at small l ---------------------------------------------------------
@pytest.mark.parametrize("l,d,m", [(3, 8, None), (3, 8, 3), (4, 11, 5), (4, 16, 4)])
def test_family_pairs_counted_exactly(l, d, m):
    """Over all 4^l draws (a0, a1), as the simulator hashes: without mod, (h(x), h(x')) is uniform on
    GF(2^l)^2 for x != x' (strongly universal); mod m, Pr[h(x) = h(x')] is Lemma 3.2's rate."""
    sim = PerClientCMS(d, m, exp_eps=3, l=l, family="gf2-affine" if m is None else "gf2-affine-mod")
    size = 1 << l
    a0, a1 = (g.ravel() for g in np.meshgrid(np.arange(size), np.arange(size), indexing="ij"))
    H = sim._hash(a0[:, None], gf2.multiply_by_constants(a1, np.arange(d), l)).astype(np.int64)  # 4^l x d
    rate = gf2_affine_mod_collision_rate(l, sim.m)
    for x in range(d):
        for x2 in range(x + 1, d):
            if m is None:
                pairs = np.bincount(H[:, x] * size + H[:, x2], minlength=size * size)
                assert (pairs == 1).all()
            assert Fraction(int((H[:, x] == H[:, x2]).sum()), size * size) == rate
    if m is not None and size % m:
        assert rate != Fraction(1, m)  # the wrong (ideal) rate is not what the family gives


# ---- the closed form equals the listed family ---------------------------------------------------------------
@pytest.mark.parametrize("inner,decoder", [("rr", "eq8"), ("rr", "eq2"), ("arp", "eq8")])
def test_closed_form_equals_the_listed_family(inner, decoder):
    counts = [5, 0, 3, 1, 7, 2]
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # m = 3 does not divide 8: the eq2 family warns (tested elsewhere)
        listed = model("cms", d=6, exp_eps=3, m=3, l=3, family="gf2-affine-mod", inner=inner, decoder=decoder)
    closed = PerClientCMS(6, 3, exp_eps=3, l=3, inner=inner, decoder=decoder).exact_structured()
    assert moments.expectation(closed, counts) == moments.expectation(listed, counts)
    assert moments.variance(closed, counts) == moments.variance(listed, counts)
    wrong = PairwiseSketchModel("wrong rate", 6, closed.terms.inner, closed.terms.scale, closed.terms.offset,
                                Fraction(1, 3))
    assert moments.variance(wrong, counts) != moments.variance(listed, counts)


def test_registry_uses_the_closed_form_beyond_the_listed_table():
    assert "l=17" in model("cms", d=100_000, exp_eps=3, m=5, family="gf2-affine-mod", decoder="eq8").name
    mdl = model("cms", d=2000, exp_eps=3, m=5, family="gf2-affine-mod", decoder="eq8")  # 4^11 x 2000 > the table
    assert isinstance(mdl, PairwiseSketchModel) and "l=11" in mdl.name
    assert mdl.rate == gf2_affine_mod_collision_rate(11, 5)
    with pytest.raises(TypeError, match="three-value"):
        moments.covariance(mdl, [1] * 2000, values=[0, 1])
