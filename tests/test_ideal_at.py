"""The one-value ideal-family sampler (ldpref.simulation.ideal_at) against the exact structured moments.

Mean and variance of 40,000 seeded draws are compared with the exact E and Var of ldpref.structured's ideal
model (which includes the variance of the hash draw).  Tolerances: the mean within 5 standard errors, the
sample variance within 5 of its standard errors (estimated from the sample's fourth central moment): for a
correct sampler each fails with probability below 1e-5 by the normal approximation of these averages of 40,000
independent draws (per-test false-alarm rate below 4e-5 for the four comparisons; seeds fixed, so the run is
reproducible).  The test fails a sampler that ignores the shared collision (variance too small) or swaps p and q.
"""

import math

import numpy as np
import pytest
import sympy

from ldpref.errors import ParameterError
from ldpref.figures import theory
from ldpref.simulation.ideal_at import estimator, frequency_estimates, support_counts

COUNTS = np.array([30, 50, 0, 20, 100, 7])
TRIALS = 40_000


def _agree(sample, mean, var):
    n = len(sample)
    se_mean = math.sqrt(var / n)
    centred = sample - sample.mean()
    m4 = float((centred ** 4).mean())
    s2 = float(sample.var(ddof=1))
    se_var = math.sqrt(max(m4 - s2 ** 2, 1e-300) / n)
    return abs(sample.mean() - mean) <= 5 * se_mean and abs(s2 - var) <= 5 * se_var


@pytest.mark.parametrize("at", [0, 3])
def test_gcms_estimate_at_one_value_has_the_exact_moments(at):
    m, k, s, p = 5, 3, 2, sympy.Rational(3, 5)
    est = frequency_estimates(COUNTS, at, k, m, p, (p * (s - 1) + (1 - p) * s) / (m - 1), TRIALS,
                              np.random.default_rng(11 + at))
    params = dict(d=len(COUNTS), p=str(p), m=m, k=k, s=s)
    var = theory.structured("gcms", COUNTS, [at], what="variance", **params)[0]
    assert _agree(est, COUNTS[at] / COUNTS.sum(), var)


def test_apple_cms_estimate_at_one_value_has_the_exact_moments():
    m, k, e = 4, 2, sympy.Integer(4)  # e^eps = 4: sRP's bits at e^(eps/2) = 2, p = 2/3, q = 1/3
    est = frequency_estimates(COUNTS, 4, k, m, sympy.Rational(2, 3), sympy.Rational(1, 3), TRIALS,
                              np.random.default_rng(5))
    var = theory.structured("cms", COUNTS, [4], what="variance", d=len(COUNTS), exp_eps="4", m=m, k=k,
                            inner="srp", family="ideal")[0]
    assert _agree(est, COUNTS[4] / COUNTS.sum(), var)


def test_a_sampler_without_the_shared_collision_is_caught():
    """Independent collisions per client (no shared hash draw) have a smaller variance: the check must fail."""
    m, k, s, p = 5, 1, 2, sympy.Rational(3, 5)
    q = (p * (s - 1) + (1 - p) * s) / (m - 1)
    rng = np.random.default_rng(3)
    others = np.delete(COUNTS, 0)
    pf = float(p) / m + (1 - 1 / m) * float(q)  # each client on its own: Bernoulli(p/m + (1 - 1/m) q)
    C = rng.binomial(COUNTS[0], float(p), TRIALS) + rng.binomial(int(others.sum()), pf, TRIALS)
    slope, intercept = estimator(p, q, m, int(COUNTS.sum()))
    wrong = (slope * C + intercept) / COUNTS.sum()
    var = theory.structured("gcms", COUNTS, [0], what="variance", d=len(COUNTS), p=str(p), m=m, k=k, s=s)[0]
    assert not _agree(wrong, COUNTS[0] / COUNTS.sum(), var)


def test_bad_arguments_are_refused():
    rng = np.random.default_rng(0)
    with pytest.raises(ParameterError):
        support_counts(COUNTS, 9, 2, 3, 0.5, 0.2, 10, rng)
    with pytest.raises(ParameterError):
        support_counts(COUNTS, 0, 2, 3, 1.5, 0.2, 10, rng)
    with pytest.raises(ParameterError):
        estimator(sympy.Rational(1, 3), sympy.Rational(1, 3), 3, 10)
    with pytest.raises(TypeError):
        support_counts(COUNTS, 0, 2, 3, 0.5, 0.2, 10, None)
