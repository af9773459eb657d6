"""ldpref.stats: calibration under H0, power against a bias, Holm against brute force, singular covariances.

All randomness is seeded (numpy default_rng), so every assertion is deterministic.  The calibration tests count
false alarms at a nominal 5% over several hundred independent tests; the accepted band [2%, 8.5%] is about
3.4 binomial standard deviations either side, so a correct implementation would fail it with probability about
1e-3 over an unlucky seed (and a miscalibrated one -- e.g. a variance-ratio interval that assumed normality on
skewed data, or a z test dividing by Var instead of Var/T -- falls far outside it).
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import mpmath
import numpy as np
import pytest
import sympy

from ldpref import stats
from ldpref.errors import ParameterError

LOW, HIGH = 0.02, 0.085


def _rate(results, level=0.05):
    return sum(r.p_value < level for r in results) / len(results)


def _skewed(rng, T, d):
    """Bernoulli mixture per trial: Binomial(20, 1/2) with prob 1/10, else Binomial(20, 1/20)."""
    heavy = rng.random((T, d)) < 0.1
    return np.where(heavy, rng.binomial(20, 0.5, (T, d)), rng.binomial(20, 0.05, (T, d))).astype(float)


SKEW_MEAN = F(1, 10) * 10 + F(9, 10) * 1
SKEW_VAR = F(1, 10) * 5 + F(9, 10) * F(95, 100) + (F(1, 10) * 100 + F(9, 10) * 1 - SKEW_MEAN ** 2)


def _diag(var, d):
    return [[var if i == j else 0 for j in range(d)] for i in range(d)]


@pytest.mark.parametrize("kind", ["normal", "skewed"])
def test_calibration_under_h0(kind):
    rng = np.random.default_rng(20261125 if kind == "normal" else 7)
    d, reps = 4, 150
    z_all, v_all, chi = [], [], []
    for _ in range(reps):
        if kind == "normal":
            T, mean, var = 300, F(-3, 7), F(2, 5)
            est = rng.normal(float(mean), float(var) ** 0.5, size=(T, d))
        else:
            T, mean, var = 1500, SKEW_MEAN, SKEW_VAR
            est = _skewed(rng, T, d)
        z_all += stats.z_means(est, [mean] * d, [var] * d)
        v_all += stats.variance_ratios(est, [var] * d)
        chi.append(stats.chi_square_mean(est, [mean] * d, _diag(var, d)))
    assert LOW <= _rate(z_all) <= HIGH
    assert LOW <= _rate(v_all) <= HIGH
    assert 0.01 <= _rate(chi) <= 0.11   # 150 tests: wider band, same ~1e-3 false-alarm rate
    assert all(r.detail["dof"] == d for r in chi)


def test_normal_theory_interval_would_fail_on_skewed_data():
    """The fourth-moment interval is needed: a 2 sigma^4/(T-1) standard error (normality) on the skewed
    data gives far too many false alarms, so the calibration test above can tell the two apart."""
    rng = np.random.default_rng(3)
    d, T, alarms, total = 4, 1500, 0, 0
    var = float(SKEW_VAR)
    for _ in range(100):
        est = _skewed(rng, T, d)
        s2 = est.var(axis=0, ddof=1)
        z = (s2 - var) / (var * np.sqrt(2 / (T - 1)))
        alarms += int(np.sum(np.abs(z) > 1.959963984540054))
        total += d
    assert alarms / total > 0.2


def test_power_bias_three_times_min_detectable_is_detected():
    alpha = 1e-3
    d, T, var = 5, 400, F(1, 3)
    mdb = stats.min_detectable_bias(var, T, alpha)
    assert isinstance(mdb, float)
    arr = stats.min_detectable_bias([var] * d, T, alpha)
    assert arr.shape == (d,) and np.allclose(arr, mdb)
    # (z_{alpha/2} + z_{0.8}) sqrt(Var/T)
    assert mdb == pytest.approx((3.2905267314918945 + 0.8416212335729143) * (1 / 3 / T) ** 0.5, rel=1e-12)
    detected = 0
    for seed in range(20):
        rng = np.random.default_rng(seed)
        est = rng.normal(0.0, float(var) ** 0.5, size=(T, d))
        est[:, 2] += 3 * mdb                      # a biased coordinate
        result = stats.agreement(est, [0] * d, [var] * d, _diag(var, d), alpha=alpha)
        detected += (not result.agrees) and "z-mean[v=2]" in result.rejected
    assert detected == 20
    # and the unbiased version of the same runs agrees
    agree = sum(stats.agreement(np.random.default_rng(s).normal(0.0, float(var) ** 0.5, size=(T, d)),
                                [0] * d, [var] * d, _diag(var, d), alpha=alpha).agrees for s in range(20))
    assert agree == 20


def test_wrong_variance_is_detected():
    rng = np.random.default_rng(11)
    est = rng.normal(0.0, 1.3, size=(2000, 3))
    result = stats.agreement(est, [0] * 3, [1] * 3, alpha=1e-3)
    assert not result.agrees
    assert set(result.rejected) == {f"variance-ratio[v={v}]" for v in range(3)}
    ratios = [t for t in result.tests if t.name.startswith("variance-ratio")]
    assert all(t.detail["interval"][0] > 1 for t in ratios)
    assert all(abs(t.detail["ratio"] - 1.69) < 0.15 for t in ratios)


def _holm_brute(ps, alpha):
    """Closed testing with Bonferroni local tests: H_i is rejected iff every intersection containing i is."""
    m = len(ps)
    out = []
    for i in range(m):
        ok = True
        for size in range(1, m + 1):
            for subset in itertools.combinations(range(m), size):
                if i in subset and not min(ps[j] for j in subset) <= alpha / size:
                    ok = False
        out.append(ok)
    return out


def test_holm_against_brute_force():
    rng = np.random.default_rng(5)
    for trial in range(400):
        m = int(rng.integers(1, 7))
        ps = list(rng.choice([0.0, 1e-4, 0.002, 0.01, 0.0125, 0.02, 0.025, 0.05, 0.3], size=m)) if trial % 2 \
            else list(rng.random(m) * 0.1)
        results = [stats.TestResult(f"t{i}", 0.0, float(p)) for i, p in enumerate(ps)]
        assert stats.holm(results, 0.05) == _holm_brute(ps, 0.05), ps
    # a deliberately wrong procedure (plain Bonferroni) differs somewhere: the comparison can fail
    ps = [0.01, 0.03]
    assert stats.holm([stats.TestResult("a", 0, ps[0]), stats.TestResult("b", 0, ps[1])], 0.04) == [True, True]
    assert [p <= 0.04 / 2 for p in ps] != _holm_brute(ps, 0.04)


def test_singular_covariance_column_space():
    # frequency-like estimates: coordinates 0 and 1 sum to a constant, so Cov has rank 2 of 3
    cov = [[F(1, 4), F(-1, 4), 0], [F(-1, 4), F(1, 4), 0], [0, 0, F(1, 9)]]
    mean = [F(1, 2), F(1, 2), F(1, 3)]
    rng = np.random.default_rng(2)
    T = 500
    a = rng.normal(0, 0.5, T)
    est = np.column_stack([0.5 + a, 0.5 - a, rng.normal(1 / 3, 1 / 3, T)])
    good = stats.chi_square_mean(est, mean, cov)
    assert good.detail["dof"] == 2 and good.p_value > 1e-3
    # a mean outside the column space (both coordinates shifted up): outright failure
    bad = stats.chi_square_mean(est + np.array([1e-4, 1e-4, 0]), mean, cov)
    assert bad.p_value == 0.0 and bad.statistic == float("inf")
    assert not stats.agreement(est + np.array([1e-4, 1e-4, 0]), mean, [F(1, 4), F(1, 4), F(1, 9)], cov).agrees
    # a shift inside the column space of the same size is only a (tiny) chi-square effect
    inside = stats.chi_square_mean(est + np.array([1e-4, -1e-4, 0]), mean, cov)
    assert inside.p_value > 1e-3
    # sympy Matrix input and the high-precision path for irrational entries agree with the exact one
    scale = sympy.sqrt(2)
    irr = stats.chi_square_mean(est * float(scale) ** 0.5, [x * scale ** sympy.Rational(1, 2) for x in
                                                            map(sympy.Rational, mean)],
                                sympy.Matrix(cov) * scale)
    assert irr.detail["dof"] == 2
    b = [mpmath.mpf(x) for x in (0.3, -0.3, 0.1)]
    q1, r1, o1 = stats._exact_pinv_quadratic(cov, b)
    q2, r2, o2 = stats._mp_pinv_quadratic(cov, b)
    assert r1 == r2 == 2 and abs(q1 - q2) < mpmath.mpf(10) ** -30 and o1 < 1e-30 and o2 < 1e-30
    # by hand: the 2x2 block is (1/2) u u^T, u = (1, -1)/sqrt 2, so (0.3, -0.3) gives 0.6^2/2 / (1/2) = 0.36
    with mpmath.workdps(40):
        assert abs(q1 - ((2 * b[0]) ** 2 + b[2] ** 2 * 9)) < mpmath.mpf(10) ** -35


def test_zero_variance_coordinates():
    est = np.column_stack([np.full(10, 0.25), np.random.default_rng(0).normal(0, 1, 10)])
    z = stats.z_means(est, [F(1, 4), 0], [0, 1])
    assert z[0].p_value == 1.0
    z = stats.z_means(est, [F(1, 3), 0], [0, 1])
    assert z[0].p_value == 0.0
    v = stats.variance_ratios(est, [0, 1])
    assert v[0].p_value == 1.0
    assert stats.variance_ratios(est, [F(1, 100), 1])[0].p_value == 0.0


def test_tails_and_quantiles():
    assert stats.normal_two_sided_p(1.959963984540054) == pytest.approx(0.05, rel=1e-12)
    assert stats.chi_square_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-12)
    assert stats.chi_square_sf(11.070497693516351, 5) == pytest.approx(0.05, rel=1e-12)
    assert 0 < stats.normal_two_sided_p(30) < 1e-190          # far tail, not rounded to 0
    with mpmath.workdps(40):
        z = stats._upper_normal_quantile(mpmath.mpf("1e-20"))
        assert abs(mpmath.erfc(z / mpmath.sqrt(2)) / 2 - mpmath.mpf("1e-20")) < mpmath.mpf("1e-50")
    assert float(stats.normal_quantile(F(1, 2))) == 0.0
    assert stats.to_mp(F(1, 3)) == stats.to_mp(sympy.Rational(1, 3))


def test_bad_inputs():
    with pytest.raises(ParameterError, match="at least 2 trials"):
        stats.z_means(np.zeros((1, 2)), [0, 0], [1, 1])
    with pytest.raises(ParameterError, match="NaN"):
        stats.z_means(np.array([[0.0], [np.nan]]), [0], [1])
    with pytest.raises(ParameterError, match="3 entries"):
        stats.z_means(np.zeros((3, 2)), [0, 0, 0], [1, 1])
    with pytest.raises(ParameterError, match="2 x 2"):
        stats.chi_square_mean(np.zeros((3, 2)), [0, 0], [[1]])
    with pytest.raises(TypeError):
        stats.to_mp(sympy.Symbol("x"))
    with pytest.raises(ParameterError):
        stats.holm([], 0)
