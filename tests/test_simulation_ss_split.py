"""The Subset Selection sufficient sampler against an exact enumeration of its law (issue 13, item 3).

Small cases (d = 5, k = 2 and d = 6, k = 3, n = 4 clients): the exact distribution of the support-count
vector ``(#{clients whose subset holds v})_v`` is enumerated from the exact mechanism (``P(S | x) = e/Z`` if
x is in S, ``1/Z`` otherwise; Fractions, every combination of the clients' subsets).  The sampler's counts
(recovered from its estimates by inverting the support-set decoder) over T seeded trials are compared by a
chi-square goodness-of-fit test (cells of expected count below 5 pooled into one), rejected when the p-value is
below ``ALPHA = 1e-4``: the false-alarm rate of each correct case is at most 1e-4 (asymptotically in T).
Deliberately wrong samplers (a wrong mixture weight; the excluded clients split between the halves in a fixed
order instead of at random) must be rejected.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from ldpref.simulation import simulator
from ldpref.simulation import subset_split
from ldpref.stats import chi_square_sf

ALPHA = 1e-4
TRIALS = 20000
CASES = [(5, 2, [2, 1, 0, 1, 0]), (6, 3, [1, 0, 2, 0, 0, 1])]
EXP_EPS = 3


def exact_count_law(d, k, counts):
    """{support-count vector: exact probability}, by enumeration over every client's subset."""
    subsets = list(itertools.combinations(range(d), k))
    Z = sum(EXP_EPS if 0 in s else 1 for s in subsets)  # the same for every x, by symmetry
    law = {tuple([0] * d): Fraction(1)}
    for x, c in enumerate(counts):
        column = [(s, Fraction(EXP_EPS if x in s else 1, Z)) for s in subsets]
        for _ in range(c):
            nxt = {}
            for vec, pr in law.items():
                for s, ps in column:
                    v = list(vec)
                    for i in s:
                        v[i] += 1
                    key = tuple(v)
                    nxt[key] = nxt.get(key, 0) + pr * ps
            law = nxt
    assert sum(law.values()) == 1
    return law


def sampled_counts(sim, counts, rng, method="split"):
    """Support counts of T trials, from the estimates ``f = (c/n - q)/(p - q)`` (exact integers up to rounding)."""
    n = sum(counts)
    f = sim.sufficient_many(np.array(counts), TRIALS, rng, method=method)
    c = (f * (sim.p - sim.q) + sim.q) * n
    out = np.rint(c).astype(np.int64)
    assert np.max(np.abs(c - out)) < 1e-6
    return out


def chi_square_p(sample, law):
    """p-value of the chi-square goodness-of-fit of the sampled vectors against the exact law."""
    T = sample.shape[0]
    observed = {}
    for row in map(tuple, sample):
        observed[row] = observed.get(row, 0) + 1
    assert set(observed) <= set(law), "a count vector of probability 0 was drawn"
    cells, pooled_o, pooled_e = [], 0, 0.0
    for vec, pr in law.items():
        e = T * float(pr)
        if e >= 5:
            cells.append((observed.get(vec, 0), e))
        else:
            pooled_o, pooled_e = pooled_o + observed.get(vec, 0), pooled_e + e
    if pooled_e > 0:
        cells.append((pooled_o, pooled_e))
    stat = sum((o - e) ** 2 / e for o, e in cells)
    return chi_square_sf(stat, len(cells) - 1)


@pytest.mark.parametrize("method", ["split", "walk"])
@pytest.mark.parametrize("d,k,counts", CASES)
def test_count_law_matches_enumeration(d, k, counts, method):
    sim = simulator("ss", d=d, exp_eps=EXP_EPS, k=k)
    sample = sampled_counts(sim, counts, np.random.default_rng(1000 * d + k), method)
    assert chi_square_p(sample, exact_count_law(d, k, counts)) > ALPHA


def test_wrong_mixture_weight_is_rejected():
    """Clients report "own value + rest" with the weight of e^eps = 2 instead of 3: must be rejected."""
    d, k, counts = CASES[0]
    sim = simulator("ss", d=d, exp_eps=EXP_EPS, k=k)
    sim.lam = simulator("ss", d=d, exp_eps=2, k=k).lam
    sample = sampled_counts(sim, counts, np.random.default_rng(7))
    assert chi_square_p(sample, exact_count_law(d, k, counts)) < ALPHA


def test_fixed_order_split_of_excluded_clients_is_rejected(monkeypatch):
    """The clients whose own value lies in a node go to the left half lowest count first (a fixed order, not a
    multivariate hypergeometric draw): the law changes and must be rejected."""
    def fixed_order(H, need, rng):
        out = np.zeros_like(H)
        need = need.copy()
        for j in range(H.shape[1]):
            out[:, j] = np.minimum(H[:, j], need)
            need -= out[:, j]
        return out

    monkeypatch.setattr(subset_split, "_multivariate_hypergeometric", fixed_order)
    d, k, counts = CASES[1]
    sim = simulator("ss", d=d, exp_eps=EXP_EPS, k=k)
    sample = sampled_counts(sim, counts, np.random.default_rng(8))
    assert chi_square_p(sample, exact_count_law(d, k, counts)) < ALPHA


def test_narrow_window_keeps_the_law():
    """Default eps: a row with j = 600 of 1200 + 1300 items has a window much narrower than its support
    (0..600); the draws must follow the exact hypergeometric law (chi-square, ALPHA as above)."""
    from math import comb
    rng = np.random.default_rng(12)
    lf = subset_split._log_factorials(2500)
    J, A, B = np.array([600]), np.array([1200]), np.array([1300])
    blocks = subset_split.hypergeometric_multinomial(np.array([TRIALS]), J, A, B, lf, rng)
    rows, t, X = blocks[0]
    assert t.shape[1] < 300  # the window, not the support
    hist = np.zeros(601, dtype=np.int64)
    for rows, t, X in blocks:
        np.add.at(hist, t.ravel(), X.ravel())
    total = comb(2500, 600)
    law = {(t,): Fraction(comb(1200, t) * comb(1300, 600 - t), total) for t in range(601)}
    assert chi_square_p(np.repeat(np.arange(601), hist)[:, None], law) > ALPHA


def test_window_candidates_keep_the_law():
    """A large window bound (eps = 1/4) makes candidates, drawn over the whole support, frequent: the split
    multinomial must still be exactly hypergeometric (chi-square per row, ALPHA as above)."""
    rng = np.random.default_rng(11)
    lf = subset_split._log_factorials(400)
    J, A, B = np.array([60, 7]), np.array([150, 20]), np.array([160, 25])
    N = np.array([TRIALS, TRIALS])
    hist = np.zeros((2, 61))
    for rows, t, X in subset_split.hypergeometric_multinomial(N, J, A, B, lf, rng, eps=0.25):
        np.add.at(hist, (np.repeat(rows, t.shape[1]), t.ravel()), X.ravel())
    assert hist.sum(axis=1).tolist() == N.tolist()
    from math import comb
    for r in range(2):
        law = {(t,): Fraction(comb(A[r], t) * comb(B[r], J[r] - t), comb(A[r] + B[r], J[r]))
               for t in range(0, J[r] + 1) if t <= A[r] and J[r] - t <= B[r]}
        sample = np.repeat(np.arange(61), hist[r].astype(np.int64))[:, None]
        assert chi_square_p(sample, law) > ALPHA


def test_split_and_walk_follow_the_exact_moments_at_moderate_size():
    """d = 37 (uneven halves, six depths), k = 9, about 10^6 clients on a skewed dataset.  Per coordinate, the
    mean and sample-variance z of each method against the exact E and Var and the two-sample z
    (tests/simulation_checks.py), family-wise false-alarm rate 1e-6 (Bonferroni)."""
    from ldpref.structured import moments as structured_moments
    from simulation_checks import z_threshold, z_values

    d, k = 37, 9
    sim = simulator("ss", d=d, exp_eps=EXP_EPS, k=k)
    counts = np.array([(i * 7919) % 53 + 1 for i in range(d)], dtype=np.int64) * 1000
    rng = np.random.default_rng(3737)
    split = sim.sufficient_many(counts, 400, rng)
    walk = sim.sufficient_many(counts, 400, rng, method="walk")
    c = [int(v) for v in counts]
    E = np.array([float(v) for v in structured_moments.expectation(sim.exact(), c)])
    V = np.array([float(v) for v in structured_moments.variance(sim.exact(), c)])
    z = z_values(walk, split, E, V)
    assert np.all(np.abs(z) < z_threshold(z.size, 1e-6)), np.round(z, 2)
