"""ldpref.calibrated (issue 26): the bounded agreement tests keep their size at every trial count.

Checked against an independent brute force: for GRR at e^eps = 3, d = 3 on the issue's dataset (1, 2, 1), the
exact law of one coordinate's estimate is a sum of independent Bernoullis (one client reports v with
probability p, the others with q), so the exact probability that a test's p-value falls at or below a level is
a finite sum over every T-tuple of trials.  It must be at most the level for every level and T = 2, 3, 4 (the
size); the asymptotic z test of ``ldpref.stats`` fails the same check (it is why the issue was filed), which
shows the check can fail.  No randomness except the seeded command runs at the end, whose false-alarm
probability is stated there.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from ldpref import calibrated, stats
from ldpref.cli import main

P, Q = Fraction(3, 5), Fraction(1, 5)       # GRR, d = 3, e^eps = 3: p = e/(e + d - 1), q = 1/(e + d - 1)
COUNTS = (1, 2, 1)
N = sum(COUNTS)
LEVELS = (0.5, 0.2, 0.1, 0.05, 0.01, 0.001)


def _law(v: int) -> dict[Fraction, Fraction]:
    """The exact law of f_hat(v) = (c_v/n - q)/(p - q), c_v the number of reports equal to v."""
    law = {0: Fraction(1)}
    for x, c in enumerate(COUNTS):
        prob = P if x == v else Q
        for _ in range(c):
            nxt: dict = {}
            for k, w in law.items():
                nxt[k] = nxt.get(k, 0) + w * (1 - prob)
                nxt[k + 1] = nxt.get(k + 1, 0) + w * prob
            law = nxt
    return {(Fraction(k, N) - Q) / (P - Q): w for k, w in law.items()}


def _exact(v: int):
    law = _law(v)
    mean = sum(x * w for x, w in law.items())
    var = sum((x - mean) ** 2 * w for x, w in law.items())
    assert mean == Fraction(COUNTS[v], N)                      # unbiased
    return law, mean, var


def _size(v: int, T: int, p_values) -> dict[float, float]:
    """Exact P(p-value <= level) over every T-tuple of trials of coordinate v."""
    law, _, _ = _exact(v)
    atoms = list(law.items())
    out = dict.fromkeys(LEVELS, 0.0)
    for tup in itertools.product(atoms, repeat=T):
        sample = np.array([[float(x)] for x, _ in tup])
        weight = 1.0
        for _, w in tup:
            weight *= float(w)
        pv = p_values(sample)
        for a in LEVELS:
            if pv <= a:
                out[a] += weight
    return out


def _bounded(v: int):
    _, mean, var = _exact(v)
    ex = calibrated.Exact([mean], [var], [calibrated.pure_granularity(P, Q, N)], 1)

    def mean_p(sample):
        return float(calibrated.mean_p_values(sample.mean(axis=0), len(sample), ex)[0])

    def var_p(sample):
        return float(calibrated.variance_p_values(sample.var(axis=0, ddof=1), len(sample), ex)[0])

    return mean_p, var_p


@pytest.mark.parametrize("v", [0, 1])
@pytest.mark.parametrize("T", [2, 3, 4])
def test_bounded_tests_keep_their_size_by_brute_force(v, T):
    mean_p, var_p = _bounded(v)
    for p_values in (mean_p, var_p):
        size = _size(v, T, p_values)
        for a in LEVELS:
            assert size[a] <= a * (1 + 1e-9), (v, T, p_values.__name__, a, size[a])


def test_the_brute_force_catches_the_asymptotic_z_test():
    """The same check on ldpref.stats.z_means (normal tails): at T = 2 its size exceeds the level somewhere."""
    _, mean, var = _exact(0)

    def z_p(sample):
        return float(stats.z_means(sample, [mean], [var])[0].p_value)

    size = _size(0, 2, z_p)
    assert any(size[a] > a for a in LEVELS), size


def test_granularity_is_exact():
    assert calibrated.pure_granularity(P, Q, N) == Fraction(1, 4) / (P - Q)
    law, mean, _ = _exact(0)
    B = 1 / (N * (P - Q))
    # every client moves f_hat by a term within B of its mean: the estimate spans at most n B
    assert max(law) - min(law) <= N * B


@pytest.mark.parametrize("seed", range(5))
def test_issue_row_tiny_data_two_trials_agrees(seed, capsys):
    """The issue's first row (18 of 20 seeds exited 1).  Each run's false-alarm probability is at most 1e-3 by
    the bound proved above, so these 5 fixed seeds would fail together with probability at most 5e-3 for a
    random seed choice; being fixed, the outcome is reproducible."""
    code = main(["simulate", "grr", "--set", "exp_eps=3", "--data", "counts:1,2,1", "--trials", "2",
                 "--seed", str(seed)])
    capsys.readouterr()
    assert code == 0
