"""Sketch simulators (ldpref.simulation.sketches): both methods follow the exact moments; field arithmetic.

Statistical checks (seeded, so each run is deterministic): for every estimate coordinate, a z test of the
mean against the exact E and a z test of the sample variance against the exact Var (delta method with the
sample fourth moment, valid for the non-normal estimates of small n), each two-sided at level
ALPHA = 1e-5 (|z| < 4.42).  About 420 such checks run here (plus 6 chi-square tests of subset
uniformity at 1e-4), so the chance that a correct simulator fails for some seed is below
420 x 1e-5 + 6 x 1e-4 = 0.5%; the wrong-decoder and wrong-hash cases must fail them.  Seeds are fixed
per case (crc32 of its parameters); LDPREF_SEED_SHIFT=i shifts them all for a sweep.
"""

from __future__ import annotations

import os
import zlib
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ldpref import moments
from ldpref.errors import ParameterError
from ldpref.exact import to_float
from ldpref.hashing import IRREDUCIBLE, gf2_affine_family, gf2_affine_mod_family, gf2_multiply, random_family
from ldpref.mechanism import Mechanism
from ldpref.mechanisms.prime_cms import prime_hash_family
from ldpref.simulation import simulator
from ldpref.simulation import gf2
from ldpref.simulation.hashes import GF2Affine, PrimeAffine, Table, random_table
from ldpref.simulation.sketches import family_sampler, make_cms, make_ocms_prime
from ldpref.structured import moments as structured_moments

Z_CRIT = 4.42  # two-sided ALPHA = 1e-5 per check
TRIALS = 600
COUNTS = [3, 1, 0, 2]


def exact_mean_var(obj, counts):
    """Exact E and Var of f_hat, converted explicitly to floats."""
    mod = moments if isinstance(obj, Mechanism) else structured_moments
    return (np.array([to_float(x) for x in mod.expectation(obj, counts)]),
            np.array([to_float(x) for x in mod.variance(obj, counts)]))


def z_scores(X, mean, var):
    """(z of the sample mean, z of the sample variance) per coordinate."""
    T = X.shape[0]
    z_mean = (X.mean(axis=0) - mean) / np.sqrt(var / T)
    centred = X - X.mean(axis=0)
    s2 = (centred**2).sum(axis=0) / (T - 1)
    m4 = (centred**4).mean(axis=0)
    se = np.sqrt(np.maximum(m4 - s2**2, 1e-300) / T)
    return z_mean, (s2 - var) / se


def agree(X, mean, var) -> bool:
    zm, zv = z_scores(X, mean, var)
    return bool(np.all(np.abs(zm) < Z_CRIT) and np.all(np.abs(zv) < Z_CRIT))


def run_both(sim, counts, seed, trials=TRIALS):
    rng = np.random.default_rng(seed)
    values = np.repeat(np.arange(len(counts)), counts)
    return sim.protocol_many(values, trials, rng), sim.sufficient_many(np.array(counts), trials, rng)


CASES = [
    ("cms", dict(d=4, exp_eps=3, l=2)),
    ("cms", dict(d=4, exp_eps=3, family="gf2-affine-mod", m=3, decoder="eq8")),
    ("cms", dict(d=3, exp_eps=2, family="random", m=3, k=2, inner="arp", seed=5)),
    ("cms", dict(d=4, exp_eps=4, family="random", m=2, k=3, inner="srp")),  # e^(eps/2) = 2: rational SUE
    ("cms", dict(d=4, exp_eps=3, family="ideal", m=3, k=2)),
    ("olh", dict(d=4, exp_eps=3)),
    ("olh", dict(d=3, exp_eps=2, family="random", m=3, k=3)),
    ("olh", dict(d=4, exp_eps=2, family="ideal", m=2, k=3)),
    ("cms", dict(d=4, exp_eps=3, family="ideal-fresh", m=3)),
    ("olh", dict(d=3, exp_eps=2, family="ideal-fresh", m=2)),
    ("gcms", dict(d=4, m=4, s=2, exp_eps=3, family="ideal-fresh")),
    ("cms-he", dict(d=4, exp_eps=3, family="random", m=3, k=2)),
    ("gcms", dict(d=4, m=3, k=2, s=2, exp_eps=3)),
    ("gcms", dict(d=4, m=4, k=3, s=2, p="3/5", seed=1)),
    ("gcms", dict(d=4, m=3, k=2, s=1, exp_eps=3, family="ideal")),
    ("gcms", dict(d=3, m=4, k=2, s=3, exp_eps=2)),  # s = m - 1: every other bucket
    ("ocms-prime", dict(d=4, m=2, exp_eps=3)),
    ("ocms-prime", dict(d=4, m=3, exp_eps=3, decoder="grouped")),
]


@pytest.mark.parametrize("name,params", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_both_methods_follow_the_exact_moments(name, params):
    sim = simulator(name, **params)
    counts = COUNTS[:sim.d]
    mean, var = exact_mean_var(sim.exact(), counts)
    seed = zlib.crc32(repr((name, sorted(params.items()))).encode()) + int(os.environ.get("LDPREF_SEED_SHIFT", 0))
    for X in run_both(sim, counts, seed=seed):
        assert X.shape == (TRIALS, sim.d)
        assert agree(X, mean, var), z_scores(X, mean, var)


@pytest.mark.parametrize("name,params", [
    ("gcms", dict(d=4, m=4, k=2, s=2, exp_eps=3)),
    ("cms", dict(d=4, exp_eps=3, family="random", m=3, k=2)),
    ("cms-he", dict(d=4, exp_eps=3, family="random", m=3, k=2)),
])
def test_large_groups_follow_the_exact_moments(name, params):
    """Counts large enough that the sufficient samplers take their per-group paths (one multinomial per
    row, the GCMS bucket walk) rather than per-client draws."""
    counts = [40, 10, 0, 25]
    sim = simulator(name, **params)
    mean, var = exact_mean_var(sim.exact(), counts)
    for X in run_both(sim, counts, seed=21, trials=500):
        assert agree(X, mean, var), z_scores(X, mean, var)


def test_a_wrong_decoder_is_detected():
    """Eq. (2)'s m in place of Eq. (8)'s m' = 1/c_bar (a plausible slip) is caught by both methods."""
    right = make_cms(d=4, exp_eps=3, family="gf2-affine-mod", m=3, decoder="eq8")
    wrong = make_cms(d=4, exp_eps=3, family="gf2-affine-mod", m=3, decoder="eq8")
    eq2 = make_cms(d=4, exp_eps=3, family="gf2-affine-mod", m=3, decoder="eq2")
    wrong.scale, wrong.offset = eq2.scale, eq2.offset
    mean, var = exact_mean_var(right.exact(), COUNTS)
    for X in run_both(right, COUNTS, seed=11, trials=4000):  # control: the right decoder passes
        assert agree(X, mean, var)
    for X in run_both(wrong, COUNTS, seed=11, trials=4000):
        assert not agree(X, mean, var)


class _IntegerMultiply(GF2Affine):
    """A plausible bug: integer multiplication mod 2^l in place of GF(2^l)'s carry-less product."""

    def hash(self, j, x):
        j = np.asarray(j, dtype=np.int64)
        y = (j >> self.l) ^ ((j & (self.size - 1)) * np.asarray(x) % self.size)
        return y % self.m if self.mod else y


def test_a_wrong_hash_is_detected():
    sim = make_cms(d=4, exp_eps=4, family="gf2-affine-mod", m=2, l=2, decoder="eq8")
    mean, var = exact_mean_var(sim.exact(), COUNTS)
    for X in run_both(sim, COUNTS, seed=12, trials=1500):  # control: the field product passes
        assert agree(X, mean, var)
    bad = _IntegerMultiply(2, 4, 2)
    sim._family = lambda rng, t=1: bad
    for X in run_both(sim, COUNTS, seed=12, trials=1500):
        assert not agree(X, mean, var)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 16), st.data())
def test_vectorised_field_product_equals_the_scalar_one(l, data):
    size = 1 << l
    pairs = data.draw(st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)), min_size=1, max_size=20))
    a, b = [x for x, _ in pairs], [y for _, y in pairs]
    got = gf2.multiply(np.array(a), np.array(b), l)
    assert got.tolist() == [gf2_multiply(x, y, l) for x, y in zip(a, b)]


def test_field_product_refuses_elements_outside_the_field():
    with pytest.raises(ParameterError, match="outside GF"):
        gf2.multiply(np.array([4]), np.array([1]), 2)
    with pytest.raises(ParameterError, match="l = 1..32"):
        gf2.multiply(np.array([1]), np.array([1]), max(IRREDUCIBLE) + 1)


def test_samplers_number_the_functions_like_the_exact_families():
    assert GF2Affine(3, 6).full_table().tolist() == [list(h) for h in gf2_affine_family(3, 6).functions]
    assert GF2Affine(3, 5, 3).full_table().tolist() == [list(h) for h in gf2_affine_mod_family(3, 5, 3).functions]
    assert PrimeAffine(6, 7, 3).full_table().tolist() == [list(h) for h in prime_hash_family(6, 3).functions]
    table = random_table(5, 3, 4, np.random.default_rng(9))
    assert table.tolist() == [list(h) for h in random_family(5, 3, 4, np.random.default_rng(9)).functions]
    assert Table(table, 3).hash(np.array([1, 2]), np.array([4, 0])).tolist() == [table[1, 4], table[2, 0]]


def test_closed_form_collision_rates_match_the_families():
    for l, d, m in [(2, 4, 3), (3, 7, 5), (3, 8, 8)]:
        _, _, _, rate = family_sampler(d, "gf2-affine-mod", m, None, l, None)
        assert rate == gf2_affine_mod_family(l, d, m).has_constant_collision_rate()
    sim = make_ocms_prime(d=6, m=3, exp_eps=3)  # c_bar of ((a x + b) mod 7) mod 3
    rate = prime_hash_family(6, 3).has_constant_collision_rate()
    assert sim.scale == pytest.approx(float(1 / (1 - rate)))  # m'/(m' - 1) with m' = 1/rate
    assert rate == Fraction(sum(s * (s - 1) for s in (3, 2, 2)), 7 * 6)


def test_sufficient_cost_does_not_grow_with_n():
    """n = 10^12 clients in one call: only the multinomial counts grow, never the work; the estimate
    sits on the exact (biased, for a small random family) mean within a few standard deviations."""
    counts = [4 * 10**11, 3 * 10**11, 2 * 10**11, 10**11]
    for sim in (simulator("gcms", d=4, m=4, k=2, s=2, exp_eps=3), simulator("olh", d=4, exp_eps=3),
                simulator("olh", d=4, exp_eps=3, family="ideal-fresh", m=3),
                simulator("cms-he", d=4, exp_eps=3, family="random", m=3, k=2)):
        mean, var = exact_mean_var(sim.exact(), counts)
        f = sim.sufficient(np.array(counts), np.random.default_rng(0))
        assert np.all(np.abs(f - mean) < Z_CRIT * np.sqrt(var) + 1e-9)


@pytest.mark.parametrize("call,message", [
    (lambda: simulator("cms", d=4, exp_eps=3, family="nope"), "family 'nope' unknown"),
    (lambda: simulator("cms", d=4, exp_eps=3, family="ideal", m=3), "needs m and k"),
    (lambda: simulator("cms", d=4, exp_eps=3, family="ideal", m=3, k=2, decoder="eq8"), "eq8"),
    (lambda: simulator("cms", d=5, exp_eps=3, l=2), "2\\^l >= d"),
    (lambda: simulator("cms-he", d=4, exp_eps=3, family="ideal", m=2, k=2), "no exact model"),
    (lambda: simulator("gcms", d=4, m=3, k=2, s=3, exp_eps=3), "s <= m - 1"),
    (lambda: simulator("gcms", d=4, m=3, k=2, s=1, exp_eps=3, family="ideal", seed=1), "seed"),
    (lambda: simulator("ocms-prime", d=4, m=5, exp_eps=3), "2..d'-1"),
    (lambda: simulator("cms", d=4, exp_eps=3, family="ideal-fresh", m=3, inner="arp"), "inner=rr"),
    (lambda: simulator("olh", d=4, exp_eps=3, family="ideal-fresh", k=3), "do not apply"),
    (lambda: simulator("gcms", d=4, m=3, s=1, exp_eps=3), "missing key k"),
    (lambda: simulator("olh", d=4, exp_eps=3).protocol(np.array([0, 4]), np.random.default_rng(0)), "0..3"),
    (lambda: simulator("olh", d=4, exp_eps=3).sufficient([1, 2, 3], np.random.default_rng(0)), "3 entries"),
    (lambda: simulator("cms", d=4, exp_eps=3, family="random", m=2, k=10**8), "limit"),
    # 2e7 clients in groups of about 100 < m: 3.2e8 subset draws, refused before allocating them
    (lambda: simulator("gcms", d=100, m=1024, k=2048, s=16, exp_eps=3).sufficient(
        np.full(100, 2 * 10**5), np.random.default_rng(0)), "small groups"),
])
def test_bad_input_is_one_line(call, message):
    with pytest.raises(ParameterError, match=message) as info:
        call()
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("m,s", [(5, 2), (6, 3), (7, 3)])
def test_algorithm1_subsets_are_uniform(m, s):
    """Every subset of [m - 1] of size s and s - 1 equally likely (chi-square, level 1e-4 per case)."""
    import itertools
    from collections import Counter

    from ldpref.stats import chi_square_sf  # chi-square survival function (mpmath)

    from ldpref.simulation.inner import Algorithm1

    rng = np.random.default_rng(m * 10 + s)
    for size in (s, s - 1):
        picks = Algorithm1(m, s, 0.9)._floyd(np.full(20000, size), rng)
        seen = Counter(tuple(sorted(x for x in row if x >= 0)) for row in picks.tolist())
        subsets = list(itertools.combinations(range(m - 1), size))
        assert set(seen) == set(subsets)
        observed = np.array([seen[x] for x in subsets], dtype=float)
        expected = observed.sum() / len(subsets)
        assert chi_square_sf(((observed - expected) ** 2 / expected).sum(), len(subsets) - 1) > 1e-4
