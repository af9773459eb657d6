"""Statistical agreement of simulated estimates with exact moments (issue 13 part 3, issue 11's helpers).

A simulator (or a third-party library) produces ``T`` independent trials of the estimate vector
``f_hat`` (a ``(T, d)`` float array); ldpref knows the exact ``E[f_hat]``, ``Var[f_hat_v]`` and ``Cov[f_hat]``
of one trial.  These tests say whether the sample is consistent with those moments, and each can fail:

* :func:`z_means` -- one two-sided z test per coordinate, ``z = (mean - E) / sqrt(Var / T)``;
* :func:`chi_square_mean` -- ``T (mean - E)^T Cov^+ (mean - E)`` on the column space of the exact covariance,
  chi-square with ``rank(Cov)`` degrees of freedom; a component of ``mean - E`` outside that column space is an
  outright failure (``p = 0``): there the exact law has no spread at all (e.g. frequency estimates of an
  unbiased mechanism always sum to one);
* :func:`variance_ratios` -- ``s^2 / Var`` per coordinate with an interval valid without normality;
* :func:`holm` -- Holm-Bonferroni step-down over all tests (family-wise error <= alpha);
* :func:`min_detectable_bias` -- the smallest bias a z test detects with a given power;
* :func:`agreement` -- all of the above at family-wise level ``alpha``.

Numbers: exact moments (Python ``Fraction``, ``int``, sympy numbers, mpmath ``mpf`` or floats) are converted
explicitly to mpmath at ``DIGITS`` (40) significant digits; sample statistics are float64 (numpy) and enter
mpmath as the exact binary values they are.  Normal and chi-square tails and quantiles are mpmath's (``erfc``,
``erfinv``, the regularised incomplete gamma function), so p-values far in the tails (1e-300) are right; no
scipy.  The pseudo-inverse of a rational covariance is exact (``Cov^+ = (Cov + P_N)^{-1} - P_N`` with ``P_N``
the exact projector onto its null space); a covariance with irrational entries (e^eps = e) is handled at
``DIGITS`` digits with mpmath's symmetric eigendecomposition.

False-alarm rates: every p-value is asymptotic (central limit theorem over ``T`` trials).  The z and
chi-square tests are exact-level for normal estimates and close to it for ``T`` in the hundreds otherwise;
the variance-ratio test uses the sample kurtosis on the log scale (see :func:`variance_ratios`): near nominal
at 5%, up to about twice nominal at 1e-3 for ``T`` = 200 with skewed, discrete estimates.  ``tests/test_stats.py``
measures the false-alarm rate under H0 (normal and skewed Bernoulli-mixture data) over many seeded repetitions.

Floating-point rounding: a simulator's ``f_hat`` carries rounding of order 1e-16 relative; a coordinate with
exact variance zero (or a mean component outside the covariance's column space) is judged equal when it is
within ``ROUNDING_TOLERANCE`` (1e-9) relative to the largest estimate, and an outright failure beyond it.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import numpy as np
import sympy

from .errors import ParameterError
from .limits import check_count
from .stats_base import DIGITS, ROUNDING_TOLERANCE, TestResult, to_mp  # noqa: F401  (re-exported)

#: the calibration of the tests without a granularity (see the module's "False-alarm rates")
ASYMPTOTIC = "asymptotic: normal and chi-square tails (the rate holds only for many trials)"
# exact pseudo-inverse: d^3 exact field operations at most
MAX_EXACT_STEPS = 10**7


# --- conversions --------------------------------------------------------------------------------------------

def _is_rational(value) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return False
    if isinstance(value, (int, np.integer, Fraction)):
        return True
    if isinstance(value, sympy.Basic):
        return bool(value.is_Rational)
    return False


def _as_trials(estimates) -> np.ndarray:
    est = np.asarray(estimates, dtype=np.float64)
    if est.ndim == 1:
        est = est[:, None]
    if est.ndim != 2:
        raise ParameterError(f"estimates: need a (trials, d) array, got shape {est.shape}")
    if est.shape[0] < 2:
        raise ParameterError(f"estimates: need at least 2 trials, got {est.shape[0]}")
    if not np.all(np.isfinite(est)):
        raise ParameterError("estimates: contain NaN or infinite values")
    return est


def _vector(values, d: int, what: str) -> list:
    values = list(values) if not isinstance(values, sympy.MatrixBase) else list(values)
    if len(values) != d:
        raise ParameterError(f"{what}: has {len(values)} entries, the estimates have {d} coordinates")
    return values


def _tolerance(est: np.ndarray) -> float:
    return ROUNDING_TOLERANCE * max(1.0, float(np.max(np.abs(est))))


# --- distributions (mpmath) ---------------------------------------------------------------------------------

def normal_two_sided_p(z) -> float:
    """P(|Z| >= |z|) for a standard normal Z (mpmath ``erfc``)."""
    with mpmath.workdps(DIGITS):
        return float(mpmath.erfc(abs(mpmath.mpf(z)) / mpmath.sqrt(2)))


def normal_quantile(prob) -> mpmath.mpf:
    """The standard normal quantile at ``prob`` in (0, 1) (mpmath ``erfinv``)."""
    with mpmath.workdps(DIGITS):
        prob = to_mp(prob)
        if not 0 < prob < 1:
            raise ParameterError(f"probability {prob}: must lie strictly between 0 and 1")
        return mpmath.sqrt(2) * mpmath.erfinv(2 * prob - 1)


def _upper_normal_quantile(alpha) -> mpmath.mpf:
    """z with P(Z >= z) = alpha, accurate for tiny alpha (solves erfc(z/sqrt2)/2 = alpha); memoised."""
    with mpmath.workdps(DIGITS):
        return _upper_quantile_cached(mpmath.nstr(to_mp(alpha), DIGITS))


@functools.lru_cache(maxsize=256)
def _upper_quantile_cached(alpha_text: str) -> mpmath.mpf:
    with mpmath.workdps(DIGITS):
        alpha = mpmath.mpf(alpha_text)
        if not 0 < alpha < 1:
            raise ParameterError(f"level {alpha}: must lie strictly between 0 and 1")
        if alpha >= mpmath.mpf("1e-10"):
            return -mpmath.sqrt(2) * mpmath.erfinv(2 * alpha - 1)
        start = mpmath.sqrt(-2 * mpmath.log(alpha))
        target = mpmath.log(alpha)
        return mpmath.findroot(lambda z: mpmath.log(mpmath.erfc(z / mpmath.sqrt(2)) / 2) - target, start)


def chi_square_sf(x, dof: int) -> float:
    """P(X >= x) for X chi-square with ``dof`` degrees of freedom (regularised upper incomplete gamma)."""
    with mpmath.workdps(DIGITS):
        if dof <= 0:
            return 1.0
        return float(mpmath.gammainc(mpmath.mpf(dof) / 2, mpmath.mpf(x) / 2, mpmath.inf, regularized=True))


# --- tests --------------------------------------------------------------------------------------------------

def z_means(estimates, exact_mean, exact_var) -> list[TestResult]:
    """One two-sided z test per coordinate: ``z = (mean - E) / sqrt(Var / T)`` over ``T`` iid trials.

    A coordinate with exact variance 0 must equal ``E`` in every trial: p = 1 when the mean is within the
    rounding tolerance, else 0.  ``detail``: mean, exact mean and ``min_detectable_bias`` at level 1e-3 and
    power 0.8 (what this many trials can see).
    """
    est = _as_trials(estimates)
    T, d = est.shape
    means = _vector(exact_mean, d, "exact mean")
    variances = _vector(exact_var, d, "exact variance")
    sample_mean = est.mean(axis=0)
    tol = _tolerance(est)
    results = []
    with mpmath.workdps(DIGITS):
        mdb_factor = _upper_normal_quantile(mpmath.mpf("5e-4")) + _upper_normal_quantile(mpmath.mpf("0.2"))
        for v in range(d):
            e, var = to_mp(means[v]), to_mp(variances[v])
            if var < 0:
                raise ParameterError(f"exact variance of coordinate {v} is negative: {var}")
            diff = mpmath.mpf(float(sample_mean[v])) - e
            detail = {"mean": float(sample_mean[v]), "exact_mean": float(e)}
            if var == 0:
                ok = abs(diff) <= tol
                results.append(TestResult(f"z-mean[v={v}]", 0.0 if ok else math.inf, 1.0 if ok else 0.0,
                                          {**detail, "exact_variance_zero": True}))
                continue
            z = diff / mpmath.sqrt(var / T)
            detail["min_detectable_bias"] = float(mdb_factor * mpmath.sqrt(var / T))
            results.append(TestResult(f"z-mean[v={v}]", float(z), normal_two_sided_p(z), detail))
    return results


def _exact_pinv_quadratic(cov_rows, b: list) -> tuple[mpmath.mpf, int, mpmath.mpf]:
    """``(b^T Cov^+ b', rank, size of the out-of-column-space part of b)`` for a rational covariance, with
    ``b'`` the projection of ``b`` on the column space; ``Cov^+`` exact over QQ."""
    from sympy import QQ
    from sympy.polys.matrices import DomainMatrix

    d = len(cov_rows)
    C = DomainMatrix([[QQ(int(sympy.Rational(x).p), int(sympy.Rational(x).q)) if not isinstance(x, Fraction)
                       else QQ(x.numerator, x.denominator) for x in row] for row in cov_rows], (d, d), QQ)
    null = C.nullspace()  # rows span the null space
    k = null.shape[0]
    if k == 0:
        pinv = C.inv()
        proj = None
    else:
        N = null.transpose()                                      # d x k
        gram_inv = (N.transpose() * N).inv()                      # k x k
        proj = N * gram_inv * N.transpose()                       # exact projector on the null space
        pinv = (C + proj).inv() - proj
    with mpmath.workdps(DIGITS):
        bm = mpmath.matrix(b)
        pin = mpmath.matrix([[_qq_mp(x) for x in row] for row in pinv.to_list()])
        outside = mpmath.mpf(0)
        if proj is not None:
            pr = mpmath.matrix([[_qq_mp(x) for x in row] for row in proj.to_list()])
            r = pr * bm
            outside = max(abs(x) for x in r)
            bm = bm - r
        q = (bm.T * pin * bm)[0, 0]
    return q, d - k, outside


def _qq_mp(x) -> mpmath.mpf:
    return mpmath.mpf(int(x.numerator)) / int(x.denominator)


def _mp_pinv_quadratic(cov_rows, b: list) -> tuple[mpmath.mpf, int, mpmath.mpf]:
    """As :func:`_exact_pinv_quadratic` for a covariance with irrational entries, at ``DIGITS`` digits."""
    d = len(cov_rows)
    with mpmath.workdps(DIGITS):
        C = mpmath.matrix([[to_mp(x) for x in row] for row in cov_rows])
        evals, evecs = mpmath.eigsy(C)
        top = max(abs(x) for x in evals) if d else 0
        cut = top * mpmath.mpf(10) ** (-(DIGITS - 10))
        bm = mpmath.matrix(b)
        q, rank = mpmath.mpf(0), 0
        outside_vec = mpmath.matrix(d, 1)
        for i in range(d):
            u = evecs[:, i]
            c = (u.T * bm)[0, 0]
            if evals[i] > cut:
                q += c * c / evals[i]
                rank += 1
            else:
                outside_vec += c * u
        outside = max(abs(x) for x in outside_vec) if d else mpmath.mpf(0)
    return q, rank, outside


def chi_square_mean(estimates, exact_mean, exact_cov) -> TestResult:
    """``T (mean - E)^T Cov^+ (mean - E)``, chi-square with ``rank(Cov)`` degrees of freedom.

    ``exact_cov`` is the exact ``d x d`` covariance of one trial's estimate (nested rows or a sympy Matrix).
    The pseudo-inverse is exact for rational entries (size-checked: ``d^3`` exact operations at most 10^7)
    and at 40 digits otherwise.  A component of ``mean - E`` outside the column space of ``Cov`` (beyond the
    rounding tolerance) is an outright failure: statistic ``inf``, ``p = 0``.
    """
    est = _as_trials(estimates)
    T, d = est.shape
    means = _vector(exact_mean, d, "exact mean")
    if isinstance(exact_cov, sympy.MatrixBase):
        rows = exact_cov.tolist()
    else:
        rows = [list(r) for r in exact_cov]
    if len(rows) != d or any(len(r) != d for r in rows):
        raise ParameterError(f"exact covariance: must be {d} x {d}")
    check_count(f"the exact pseudo-inverse of a {d} x {d} covariance", d ** 3, limit=MAX_EXACT_STEPS,
                unit="exact operations", alternative="leave the covariance out (z tests only)")
    sample_mean = est.mean(axis=0)
    with mpmath.workdps(DIGITS):
        b = [mpmath.mpf(float(sample_mean[v])) - to_mp(means[v]) for v in range(d)]
        if all(_is_rational(x) for row in rows for x in row):
            q, rank, outside = _exact_pinv_quadratic(rows, b)
        else:
            q, rank, outside = _mp_pinv_quadratic(rows, b)
        tol = _tolerance(est)
        detail = {"dof": rank, "outside_column_space": float(outside)}
        if outside > tol:
            return TestResult("chi2-mean", math.inf, 0.0, {**detail, "reason": "mean outside the column space"})
        stat = T * q
        return TestResult("chi2-mean", float(stat), chi_square_sf(stat, rank), detail)


def variance_ratios(estimates, exact_var, *, level: float = 1e-3) -> list[TestResult]:
    """Sample variance / exact variance per coordinate, with a ``1 - level`` interval valid without normality.

    With ``s^2`` the unbiased sample variance of ``T`` trials and ``kappa = m4 / s^4`` the sample kurtosis
    (``m4`` the sample fourth central moment), ``Var(s^2) = sigma^4 (kappa - (T-3)/(T-1)) / T`` holds for any
    distribution with a fourth moment (normality would put ``kappa = 3``; skewed, heavy-tailed estimates
    have more).  The test works on the log scale, where ``s^2`` is far closer to normal for small ``T``:
    ``se = c sqrt((kappa - (T-3)/T) / (T-1))`` estimates the standard error of ``ln s^2`` (delta method), with
    the small-sample factor ``c = T / (T - z_{level/2})`` of Bonett's (2006) interval for a variance without
    normality.  The statistic is ``z = (ln s^2 - ln Var) / se`` with a two-sided normal p-value (asymptotic
    by the central limit theorem and Slutsky); ``detail["interval"]`` is ``exp(ln(s^2/Var) -+ z_{level/2} se)``,
    the ``1 - level`` interval of the ratio.  Measured false-alarm rates (tests/test_stats.py and the
    simulators' discrete estimates at T = 200): near nominal at 5%, up to about 2x nominal at 1e-3 for small
    T; a plain linear ``(s^2 - Var)/se(s^2)`` statistic was 3-6x nominal there, so it is not used.
    A coordinate with exact variance 0 passes when its sample variance is within rounding; a coordinate
    whose trials are all equal while the exact variance is positive fails outright (p = 0).
    """
    est = _as_trials(estimates)
    T, d = est.shape
    variances = _vector(exact_var, d, "exact variance")
    centred = est - est.mean(axis=0)
    s2 = (centred ** 2).sum(axis=0) / (T - 1)
    m4 = (centred ** 4).mean(axis=0)
    tol = _tolerance(est) ** 2
    results = []
    with mpmath.workdps(DIGITS):
        zq = _upper_normal_quantile(mpmath.mpf(level) / 2)
        c = mpmath.mpf(T) / (T - zq) if T > zq else mpmath.mpf(1)
        for v in range(d):
            var = to_mp(variances[v])
            s2v, m4v = mpmath.mpf(float(s2[v])), mpmath.mpf(float(m4[v]))
            if var == 0:
                ok = s2v <= tol
                results.append(TestResult(f"variance-ratio[v={v}]", 0.0 if ok else math.inf, 1.0 if ok else 0.0,
                                          {"ratio": "nan", "interval": ["nan", "nan"], "exact_variance_zero": True,
                                           "sample_variance": float(s2v)}))
                continue
            ratio = s2v / var
            detail = {"ratio": float(ratio), "level": level, "sample_variance": float(s2v),
                      "exact_variance": float(var)}
            if s2v == 0:
                results.append(TestResult(f"variance-ratio[v={v}]", -math.inf, 0.0,
                                          {**detail, "interval": [0.0, 0.0], "reason": "all trials equal"}))
                continue
            kappa = m4v / (s2v * s2v)
            se = c * mpmath.sqrt(max(kappa - mpmath.mpf(T - 3) / T, mpmath.mpf(0)) / (T - 1))
            log_ratio = mpmath.log(ratio)
            if se == 0:
                z = mpmath.mpf(0) if log_ratio == 0 else mpmath.inf * mpmath.sign(log_ratio)
                p = 1.0 if log_ratio == 0 else 0.0
            else:
                z = log_ratio / se
                p = normal_two_sided_p(z)
            detail["interval"] = [float(mpmath.exp(log_ratio - zq * se)), float(mpmath.exp(log_ratio + zq * se))]
            detail["kurtosis"] = float(kappa)
            results.append(TestResult(f"variance-ratio[v={v}]", float(z), p, detail))
    return results


def holm(results: list[TestResult], alpha: float) -> list[bool]:
    """Holm-Bonferroni step-down: ``True`` where the hypothesis is rejected (family-wise error <= alpha).

    Sort the p-values ascending; reject the ``i``-th smallest (0-based) while ``p_(i) <= alpha / (m - i)``,
    and stop at the first that is not.
    """
    if not 0 < alpha < 1:
        raise ParameterError(f"alpha = {alpha}: must lie strictly between 0 and 1")
    m = len(results)
    order = sorted(range(m), key=lambda i: results[i].p_value)
    rejected = [False] * m
    for rank, i in enumerate(order):
        if results[i].p_value <= alpha / (m - rank):
            rejected[i] = True
        else:
            break
    return rejected


def min_detectable_bias(exact_var, trials: int, alpha: float, power: float = 0.8):
    """The smallest ``|bias|`` a two-sided z test at level ``alpha`` detects with probability ``power``:
    ``(z_{alpha/2} + z_{1-power}) sqrt(Var / T)`` (neglecting the far tail).  A float for a scalar variance,
    a numpy array for a sequence."""
    if trials < 1:
        raise ParameterError(f"trials = {trials}: must be at least 1")
    if not 0 < power < 1:
        raise ParameterError(f"power = {power}: must lie strictly between 0 and 1")
    with mpmath.workdps(DIGITS):
        factor = _upper_normal_quantile(mpmath.mpf(alpha) / 2) + _upper_normal_quantile(1 - mpmath.mpf(power))
        if isinstance(exact_var, (list, tuple, np.ndarray, sympy.MatrixBase)):
            return np.array([float(factor * mpmath.sqrt(to_mp(v) / trials)) for v in exact_var])
        return float(factor * mpmath.sqrt(to_mp(exact_var) / trials))


@dataclass(frozen=True)
class Agreement:
    """The verdict of :func:`agreement`: ``agrees`` when Holm rejects none of ``tests`` at ``alpha``."""
    agrees: bool
    alpha: float
    tests: list
    rejected: list
    calibration: str = ASYMPTOTIC

    def to_json(self) -> dict:
        """A JSON-ready dict: verdict, level, calibration, rejected test names and every test."""
        return {"agrees": self.agrees, "alpha": self.alpha, "rejected": list(self.rejected),
                "correction": "holm", "calibration": self.calibration, "tests": [t.to_json() for t in self.tests]}


def agreement(estimates, exact_mean, exact_var, exact_cov=None, *, alpha: float = 1e-3,
              granularity=None) -> Agreement:
    """Holm over all tests at family-wise level ``alpha``.

    With ``granularity`` (``B_v``, a number or one per coordinate: each trial's ``f_hat_v`` is a sum of
    independent terms within ``B_v`` of their means, :func:`ldpref.calibrated.pure_granularity`) the tests are
    the bounded ones of :mod:`ldpref.calibrated` (Bernstein/Chebyshev mean and variance tests, the exact
    column-space check of ``exact_cov``): the false-alarm rate is at most ``alpha`` at every trial count.
    Without it: z per mean, chi-square of the mean vector (when ``exact_cov`` is given) and variance ratios,
    whose rate is at most ``alpha`` only asymptotically (in ``T``); ``Agreement.calibration`` says which."""
    if granularity is not None:
        from . import calibrated

        est = _as_trials(estimates)
        ex = calibrated.Exact(exact_mean, exact_var, granularity, est.shape[1])
        projector = calibrated.null_projector(exact_cov) if exact_cov is not None else None
        tests = calibrated.agreement_tests(est, ex, projector)
        flags = holm(tests, alpha)
        rejected = [t.name for t, f in zip(tests, flags) if f]
        return Agreement(not rejected, alpha, tests, rejected, calibrated.CALIBRATION)
    tests = list(z_means(estimates, exact_mean, exact_var))
    if exact_cov is not None:
        tests.append(chi_square_mean(estimates, exact_mean, exact_cov))
    tests.extend(variance_ratios(estimates, exact_var, level=alpha))
    flags = holm(tests, alpha)
    rejected = [t.name for t, f in zip(tests, flags) if f]
    return Agreement(not rejected, alpha, tests, rejected)


__all__ = ["TestResult", "Agreement", "z_means", "chi_square_mean", "variance_ratios", "holm",
           "min_detectable_bias", "agreement", "to_mp", "normal_two_sided_p", "normal_quantile", "chi_square_sf",
           "DIGITS", "ROUNDING_TOLERANCE"]


def error_z_statistics(err: np.ndarray, var) -> tuple[float, float]:
    """Two z statistics of simulated errors ``err`` (one row per value x, one column per trial) of unbiased estimates
    with exact variances ``var`` (one per x), the values independent (pan-cms and pan-strict Section 6): the z of
    the mean of ``err^2 / Var`` against 1 and the z of the summed errors against 0 (normal approximations)."""
    var = np.asarray(var, dtype=float)
    ratio = (err ** 2 / var[:, None]).ravel()
    z_var = (ratio.mean() - 1) / (ratio.std(ddof=1) / np.sqrt(ratio.size))
    z_mean = err.sum() / np.sqrt(err.shape[1] * var.sum())
    return float(z_var), float(z_mean)


def z_screen(runs, z_max: float) -> tuple[float, list[str]]:
    """(largest |z|, failures) over ``runs``, pairs (label, z statistics): a run fails when some |z| >= ``z_max``,
    and is listed as ``"label: z = z1, z2"``."""
    worst, fails = 0.0, []
    for label, zs in runs:
        worst = max(worst, *(abs(z) for z in zs))
        if any(abs(z) >= z_max for z in zs):
            fails.append(f"{label}: z = " + ", ".join(f"{z:.2f}" for z in zs))
    return worst, fails
