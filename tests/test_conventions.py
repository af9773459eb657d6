"""Each statement of docs/conventions.md marked (tested)."""

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
import sympy

from ldpref import moments
from ldpref.errors import NonUniformFamilyWarning
from ldpref.hashing import gf2_affine_family, gf2_affine_mod_family, hadamard_family
from ldpref.mechanisms import (REGISTRY, build_cms, build_olh, grr, hadamard_encoding, hadamard_response,
                               make_family, oue, recursive_hadamard_response, subset_selection)
from ldpref.mechanisms.prime_cms import prime_hash_family
from ldpref.mechanisms.variants import rhr_size, walsh_hadamard

ROOT = Path(__file__).resolve().parents[1]


def test_indexing_rows_outputs_columns_inputs():
    mech = grr(3, 3).mechanism
    P = mech.perturbation_matrix()
    assert P.shape == (mech.n_outputs, mech.d) == (3, 3) and mech.decoder_matrix().shape == (3, 3)
    assert P[0, 0] == sympy.Rational(3, 5) and P[1, 0] == sympy.Rational(1, 5)  # column 0: input 0
    assert all(sum(P[:, x]) == 1 for x in range(3))
    assert mech.outputs == ("0", "1", "2")
    unary = oue(3, 3).mechanism
    u = unary.outputs.index("010")
    assert unary.perturbation_matrix()[u, 1] == sympy.Rational(1, 2) * sympy.Rational(3, 4) ** 2  # bit 1 = input 1
    assert "{0,2}" in subset_selection(3, 2, 3).mechanism.outputs
    assert hadamard_encoding(3, 3).outputs[:2] == ("0:+1", "0:-1")


def test_frequencies_not_counts():
    mech = grr(3, 3).mechanism
    counts = [2, 1, 0]
    assert moments.expectation(mech, counts) == [sympy.Rational(2, 3), sympy.Rational(1, 3), 0]
    # the variance of the estimated count n f_hat_v is n^2 Var[f_hat_v]: one client (n = 1) on value 0
    one = moments.variance(mech, [1, 0, 0])[0]
    two = moments.variance(mech, [2, 0, 0])[0]
    assert 4 * two == 2 * one  # Var of a count is additive over clients: n^2 Var[f_hat] = n * per-client
    cov = moments.covariance(mech, counts)
    assert [cov[v, v] for v in range(3)] == moments.variance(mech, counts)


def test_vectors_state_frequencies():
    doc = json.loads((ROOT / "vectors" / "grr.json").read_text())
    for t in doc["tests"]:
        for ds in t["datasets"]:
            assert [Fraction(x) for x in ds["expectation"]["exact"] if t["entries"] == "rational"] in (
                [], [Fraction(c, ds["n"]) for c in ds["counts"]])


def test_eps_is_the_natural_log_and_exact():
    assert grr(3, eps="ln(3)").mechanism.perturbation_matrix() == grr(3, 3).mechanism.perturbation_matrix()
    half = grr(2, eps="1/2").mechanism.perturbation_matrix()
    assert half == grr(2, eps="0.5").mechanism.perturbation_matrix()
    assert sympy.simplify(half[0, 0] / half[1, 0] - sympy.exp(sympy.Rational(1, 2))) == 0
    assert REGISTRY["olh"].build(d=3, eps="ln(3)").n_outputs == 64
    with pytest.raises(TypeError):
        grr(3, eps=1.0)


def test_hadamard_sizes_rows_and_columns():
    assert walsh_hadamard(4) == [[1, 1, 1, 1], [1, -1, 1, -1], [1, 1, -1, -1], [1, -1, -1, 1]]
    for d, size in ((2, 4), (3, 4), (4, 8), (7, 8), (8, 16)):
        assert hadamard_encoding(d, 3).n_outputs == hadamard_response(d, 3).n_outputs == 2 * size
        assert hadamard_family(d).k == size
    H = walsh_hadamard(8)
    fam = hadamard_family(5)
    assert all(fam.functions[j][x] == (0 if H[x + 1][j] == 1 else 1) for j in range(8) for x in range(5))
    for d, b in ((4, 2), (8, 2), (9, 3), (5, 1)):
        expected = 1 << math.ceil(d / 2 ** (b - 1)).bit_length()
        assert rhr_size(d, b) == expected and expected > math.ceil(d / 2 ** (b - 1))
    assert recursive_hadamard_response(4, 2, 3).n_outputs == 4 * 4


def test_default_hash_ranges():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NonUniformFamilyWarning)
        for e, m in (("3", 4), ("5/2", 4), ("2", 3), ("7/2", 5), ("11/10", 2)):
            assert f"m={m})" in build_olh(4, sympy.Rational(e)).name
            assert m == max(2, math.floor(Fraction(e) + Fraction(3, 2)))
    for d, l in ((2, 1), (3, 2), (4, 2), (5, 3), (8, 3)):
        fam = make_family(d)
        assert fam.m == 2 ** l and fam.k == 4 ** l
    with pytest.warns(NonUniformFamilyWarning):  # neither 3 nor 7 divides 8
        assert make_family(5, family="gf2-affine-mod", m=3).k == 4 ** 3  # l = 3: 2^3 >= max(5, 3)
        assert make_family(3, family="gf2-affine-mod", m=7).k == 4 ** 3  # l = 3: 2^3 >= max(3, 7)
    assert build_cms(5, 3).n_outputs == 64 * 8


def test_which_families_are_pairwise_uniform():
    for l, d in ((1, 2), (2, 4), (3, 6)):
        assert gf2_affine_family(l, d).is_collision_uniform()
    assert gf2_affine_mod_family(2, 3, 4).is_collision_uniform()
    assert set(gf2_affine_mod_family(2, 3, 3).collision_rates.values()) == {Fraction(3, 8)}
    assert hadamard_family(5).is_collision_uniform()
    for d, m, dp in ((5, 3, 5), (3, 2, 3), (7, 4, 7)):
        fam = prime_hash_family(d, m)
        assert fam.has_constant_collision_rate() == Fraction(1, dp) and not fam.is_collision_uniform()
    assert REGISTRY["ocms-prime"].build(d=5, m=3, exp_eps=3).is_unbiased()
    with pytest.warns(NonUniformFamilyWarning):
        random_fam = make_family(4, family="random", m=2, k=4, seed=0)
    assert not random_fam.is_collision_uniform()
    with pytest.warns(NonUniformFamilyWarning, match="m = 3 does not divide"):
        assert not build_olh(3, 2).is_unbiased()
