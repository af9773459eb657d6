"""Agreement tests whose false-alarm rate holds at every trial count (issue 26, item 1).

The asymptotic tests of :mod:`ldpref.stats` (normal z, chi-square, a variance ratio with the *sample*
kurtosis) assume the estimates are close to normal.  With few trials or sparse data they are not, and correct
code was rejected far more often than the stated 10^-3.  The tests here replace normal tails by tail *bounds*
that hold for every ``T >= 2`` and every law of ``f_hat`` with the exact moments and one structural fact:

**Granularity** ``B_v``.  In every pure protocol (GRR, SUE, OUE, Subset Selection: pan-strict Appendix A.1,
jiang-gcms Section II-B) the estimate is a sum over clients of independent terms,
``f_hat_v = sum_i (1[v in S_i] - q) / (n (p - q))``, each within ``B_v = 1 / (n |p - q|)`` of its mean.
:func:`pure_granularity` gives it exactly.  From it and the exact ``Var[f_hat_v] = s^2`` (here ``sigma^2``):

* fourth central moment: the fourth cumulant of a sum of independent terms is the sum of theirs, and a term
  ``Y`` with ``|Y| <= B`` has ``kappa_4(Y) <= E Y^4 <= B^2 E Y^2``; so ``mu_4 <= 3 sigma^4 + B^2 sigma^2``;
* mean (:func:`mean_tests`): the mean of ``T`` trials is a sum of ``n T`` independent terms within ``B / T``
  of their means; Bernstein's inequality gives ``P(|mean - E| >= t) <= 2 exp(-T t^2 / (2 sigma^2 + 2 B t/3))``,
  and Chebyshev ``sigma^2 / (T t^2)``; the p-value is the smaller bound;
* variance, too small (:func:`variance_tests`): ``s^2`` is a U-statistic with kernel ``h = (x - y)^2 / 2 >= 0``,
  ``E h = sigma^2``, ``Var h = (mu_4 + sigma^4) / 2``; Hoeffding (1963, Section 5) bounds its lower tail by the
  one of a mean of ``floor(T/2)`` independent kernels, and Bernstein (``sigma^2 - h <= sigma^2``) gives
  ``exp(-k t^2 / (2 Var h + 2 sigma^2 t / 3))``; Cantelli with the exact ``Var(s^2)`` bound is the other bound;
* variance, too large: ``(T-1) s^2 <= sum (X_i - E)^2``; truncating ``W = (X - E)^2`` at ``L^2`` costs
  ``T P(|X - E| > L)`` (Bernstein again), and the truncated mean has Bernstein's tail with ``Var <= mu_4`` and
  range ``L^2``; the bound is minimised over a fixed grid of ``L`` (a minimum of valid bounds is valid), beside
  Cantelli.  Each one-sided bound is doubled (two-sided test).

Each p-value is thus an upper bound of the true tail probability at the observed statistic and is monotone in
it, so ``P(p <= a) <= a`` exactly, at every ``T``: Holm over them keeps the family-wise rate ``<= alpha``.
The price is power: :func:`min_detectable_bias` is computed from the same bound (the critical deviation of the
Bernstein/Chebyshev test plus ``z_{0.2} sigma / sqrt(T)``), so the reported power stays honest.
``benchmarks/false_alarm.py`` measures both.

The mean vector's chi-square has no such bound here; in this mode only its exact part is kept
(:func:`column_space_test`: the component of ``mean - E`` outside the covariance's column space, which the
exact law forbids, e.g. estimates that do not sum to one).

Numbers: the exact moments enter as explicit conversions (``ldpref.stats.to_mp`` then ``float``); the bounds
are evaluated in float64 on the log scale (relative error ~1e-15, far below their slack).
"""

from __future__ import annotations

import math

import numpy as np

from .errors import ParameterError

#: truncation levels L / sigma tried by the upper variance bound (fixed in advance)
_L_GRID = np.geomspace(1.0, 1e4, 64)
#: z_{0.2}: power 0.8 under the central limit theorem (only for the reported smallest detectable bias)
_Z_POWER = 0.8416212335729143
CALIBRATION = "bounded: Bernstein/Chebyshev tails with the exact variance and granularity (valid at every T)"


def pure_granularity(p, q, n: int):
    """``B = 1 / (n |p - q|)`` (exact when ``p``, ``q`` are): every client moves ``f_hat_v`` of a pure protocol
    by a term within ``B`` of its mean (jiang-gcms Section II-B's estimator ``(c_v/n - q)/(p - q)``)."""
    import sympy

    if n < 1:
        raise ParameterError(f"n = {n}: need at least one client")
    gap = sympy.Abs(sympy.sympify(p) - sympy.sympify(q))
    if gap == 0:
        raise ParameterError("p = q: the estimator is undefined")
    return 1 / (sympy.Integer(n) * gap)


def _floats(values, d: int, what: str) -> np.ndarray:
    from .stats_base import to_mp

    values = list(values)
    if len(values) != d:
        raise ParameterError(f"{what}: has {len(values)} entries, the estimates have {d} coordinates")
    out = np.array([float(to_mp(v)) for v in values], dtype=np.float64)
    if np.any(out < 0) or not np.all(np.isfinite(out)):
        raise ParameterError(f"{what}: must be finite and non-negative")
    return out


class Exact:
    """The exact moments a bounded test needs, converted once (a benchmark reuses them across seeds)."""

    def __init__(self, mean, var, granularity, d: int):
        from .stats_base import to_mp

        self.d = d
        means = list(mean)
        if len(means) != d:
            raise ParameterError(f"exact mean: has {len(means)} entries, the estimates have {d} coordinates")
        self.mean = np.array([float(to_mp(m)) for m in means], dtype=np.float64)
        self.var = _floats(var, d, "exact variance")
        self.B = _floats(granularity if isinstance(granularity, (list, tuple, np.ndarray)) else [granularity] * d,
                         d, "granularity")
        self.mu4 = 3 * self.var ** 2 + self.B ** 2 * self.var  # bound of the fourth central moment


def _log_bernstein(t, var, b, count):
    """log of ``exp(-count t^2 / (2 var + 2 b t / 3))`` (0 where t <= 0)."""
    t = np.maximum(t, 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = -count * t * t / (2 * var + 2 * b * t / 3)
    return np.where(t > 0, np.nan_to_num(out, nan=0.0, neginf=-np.inf), 0.0)


def mean_p_values(sample_mean: np.ndarray, T: int, ex: Exact) -> np.ndarray:
    """Two-sided p-value bound per coordinate for ``|mean - E|`` (Bernstein, Chebyshev; exact-zero variance:
    handled by the caller)."""
    t = np.abs(sample_mean - ex.mean)
    bern = math.log(2) + _log_bernstein(t, ex.var, ex.B, T)
    with np.errstate(divide="ignore"):
        cheb = np.log(ex.var) - np.log(T * t * t)
    return np.minimum(1.0, np.exp(np.minimum(bern, cheb)))


def _cantelli(var_s2, t):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(t > 0, var_s2 / (var_s2 + t * t), 1.0)


def variance_p_values(s2: np.ndarray, T: int, ex: Exact) -> np.ndarray:
    """Two-sided p-value bound per coordinate for the unbiased sample variance ``s2`` (see the module)."""
    var, mu4 = ex.var, ex.mu4
    var_s2 = np.maximum((mu4 - var ** 2 * (T - 3) / (T - 1)) / T, 0.0)  # exact Var(s^2) given mu4
    low_t = var - s2
    k = T // 2
    low = np.minimum(np.exp(_log_bernstein(low_t, (mu4 + var ** 2) / 2, var, k)), _cantelli(var_s2, low_t))
    up_t = s2 - var
    u = ((T - 1) * up_t - var) / T  # mean of (X - E)^2 must exceed var + u
    best = np.ones_like(var)
    sd = np.sqrt(var)
    for r in _L_GRID:
        L = r * sd
        tail = np.minimum(1.0, np.exp(math.log(2) + _log_bernstein(L, var, ex.B, 1)))
        bern = np.where(u > 0, np.exp(_log_bernstein(u, mu4, L * L, T)), 1.0)
        best = np.minimum(best, T * tail + bern)
    up = np.minimum(best, _cantelli(var_s2, up_t))
    side = np.where(s2 < var, low, np.where(s2 > var, up, 1.0))
    return np.minimum(1.0, 2 * side)


def critical_deviation(var, B, T: int, level: float):
    """The smallest ``|mean - E|`` whose bound is ``<= level`` (Bernstein's quadratic, or Chebyshev's)."""
    var, B = np.asarray(var, dtype=np.float64), np.asarray(B, dtype=np.float64)
    ell = math.log(2 / level)
    a = 2 * B * ell / 3
    bern = (a + np.sqrt(a * a + 8 * T * var * ell)) / (2 * T)
    cheb = np.sqrt(var / (T * level))
    return np.minimum(bern, cheb)


def min_detectable_bias(var, B, T: int, level: float):
    """The bias the bounded mean test detects with power about 0.8: critical deviation + ``z_{0.2} sigma/sqrt(T)``."""
    var = np.asarray(var, dtype=np.float64)
    return critical_deviation(var, B, T, level) + _Z_POWER * np.sqrt(var / T)


def null_projector(cov) -> np.ndarray | None:
    """The exact orthogonal projector on the null space of a rational covariance, converted to float64
    (``None`` when the covariance has full rank or irrational entries)."""
    import sympy
    from sympy import QQ
    from sympy.polys.matrices import DomainMatrix

    rows = cov.tolist() if isinstance(cov, sympy.MatrixBase) else [list(r) for r in cov]
    d = len(rows)
    try:
        entries = [[QQ(int(sympy.Rational(x).p), int(sympy.Rational(x).q)) for x in row] for row in rows]
    except TypeError:
        return None
    C = DomainMatrix(entries, (d, d), QQ)
    null = C.nullspace()
    if null.shape[0] == 0:
        return None
    N = null.transpose()
    proj = (N * (N.transpose() * N).inv() * N.transpose()).to_list()
    return np.array([[float(x.numerator) / float(x.denominator) for x in row] for row in proj])


def agreement_tests(estimates: np.ndarray, ex: Exact, projector=None) -> list:
    """The bounded tests of one sample: ``mean[v]``, ``variance[v]`` and, with a null-space projector, the
    column-space check.  Coordinates of exact variance 0 must be constant at ``E`` within rounding."""
    from .stats_base import ROUNDING_TOLERANCE, TestResult

    T, d = estimates.shape
    if T < 2:
        raise ParameterError(f"estimates: need at least 2 trials, got {T}")
    tol = ROUNDING_TOLERANCE * max(1.0, float(np.max(np.abs(estimates))))
    mean = estimates.mean(axis=0)
    s2 = estimates.var(axis=0, ddof=1)
    zero = ex.var == 0
    safe = Exact.__new__(Exact)
    safe.d, safe.mean, safe.B = d, ex.mean, ex.B
    safe.var = np.where(zero, 1.0, ex.var)
    safe.mu4 = np.where(zero, 3.0, ex.mu4)
    pm = mean_p_values(mean, T, safe)
    pv = variance_p_values(s2, T, safe)
    pm = np.where(zero, np.where(np.abs(mean - ex.mean) <= tol, 1.0, 0.0), pm)
    pv = np.where(zero, np.where(s2 <= tol * tol, 1.0, 0.0), pv)
    tests = []
    for v in range(d):
        tests.append(TestResult(f"mean[v={v}]", float(mean[v] - ex.mean[v]), float(pm[v]),
                                {"mean": float(mean[v]), "exact_mean": float(ex.mean[v]), "tail": "bernstein"}))
    for v in range(d):
        tests.append(TestResult(f"variance[v={v}]", float(s2[v] / ex.var[v]) if not zero[v] else float(s2[v]),
                                float(pv[v]), {"sample_variance": float(s2[v]), "exact_variance": float(ex.var[v]),
                                               "tail": "bernstein-u-statistic"}))
    if projector is not None:
        outside = float(np.max(np.abs(projector @ (mean - ex.mean))))
        ok = outside <= tol
        tests.append(TestResult("column-space-mean", outside, 1.0 if ok else 0.0,
                                {"reason": "mean inside the covariance's column space" if ok else
                                 "mean outside the covariance's column space"}))
    return tests


__all__ = ["Exact", "pure_granularity", "mean_p_values", "variance_p_values", "critical_deviation",
           "min_detectable_bias", "null_projector", "agreement_tests", "CALIBRATION"]
