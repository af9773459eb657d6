"""Section VII-B on Fig. 6 of jiang-gcms: 'significantly improves variance across all target frequencies'.

``jiang-gcms/fig6`` judges 'lower variance at every target'; this claim judges the degree.  Setting of Fig. 6 (n =
10^6, k = 65,536, m = 1024, eps = 4), GCMS at its best integer s per target (p_s meeting Theorem 2's bound at eps)
against Apple's CMS (p = e^2/(e^2 + 1), q = 1 - p).  Paths: exact = ``ldpref.gcms.estimator_variance`` (the
code's exact-variance formula, checked against the structured exact moments of Apple's CMS over the ideal
family at one target below, and against enumeration by the thm3 claims), mpmath at 20 digits (the ratios
are decided against 9/10 with margins above 10^-3); derived = Theorem
3 corrected (:func:`derivations.jiang_gcms.sec7_model.fig6_best_ratio`).
"""

from __future__ import annotations

from functools import cache as _cache

import mpmath
import sympy

import derivations.jiang_gcms.printed_sec7 as P7
import derivations.jiang_gcms.sec7_statements as S7
from ldpref import gcms as G
from ldpref.dataset import spread
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Note, Numeric, Point
from ldpref.structured import moments as structured_moments
from ldpref.structured.registry import model as structured_model

TARGETS = (1000, 3 * 10**5, 5 * 10**5)
#: the condition under which 'significantly' (>= 10% less variance) holds at Fig. 6's setting
CONDITION_MAX_F = 2 * 10**5


def feasible_ps(E, m_):
    """(s, p_s) for every integer s in 1..m-1 whose p_s = E s/(E s + m - s) (Theorem 2's bound met exactly at
    e^eps = E, an mpmath number) is at least 1/2, at the caller's mpmath precision."""
    ps = ((s_, E * s_ / (E * s_ + m_ - s_)) for s_ in range(1, m_))
    return [(s_, p_) for s_, p_ in ps if 2 * p_ >= 1]


@_cache
def _feasible_pq(eps_, m_):
    """(p_s, q_s = (s - p_s)/(m - 1), s) at 20 digits for every (s, p_s) of :func:`feasible_ps` at e^eps: free of the
    target, so computed once."""
    with mpmath.workdps(20):
        return tuple((p_, (s_ - p_) / (m_ - 1), s_) for s_, p_ in feasible_ps(mpmath.exp(eps_), m_))


@_cache
def _feasible_parts(eps_, m_):
    """``ldpref.gcms._relative_variance_parts`` of every (p_s, q_s) of :func:`_feasible_pq`, at its 20 digits: the
    lambda-free operands of the relative variance, computed once instead of at every target."""
    with mpmath.workdps(20):
        return tuple(G._relative_variance_parts(p_, q_, m_) for p_, q_, _ in _feasible_pq(eps_, m_))


def best_relative_variance(eps_, m_, lam_):
    """(value, s, p_s) of the feasible integer s minimising the code's p-part of the exact variance at lambda = lam_
    (``ldpref.gcms._relative_variance``; the rest of the variance is free of p and s), 20 digits."""
    with mpmath.workdps(20):
        return min((G._relative_variance_at(part, m_, lam_), s_, p_)
                   for (p_, _, s_), part in zip(_feasible_pq(eps_, m_), _feasible_parts(eps_, m_)))


def _exact_ratio(f_):
    """Best-s GCMS over Apple's CMS by ldpref.gcms: s minimising the code's p-part of the exact variance
    (``_relative_variance``; the rest is free of p and s), the full ``estimator_variance`` there."""
    n_, m_, k_, eps_ = (P7.FIG6[x] for x in ("n", "m", "k", "eps"))
    F2_ = sum(c * c for c in spread(n_, f_)[1:])
    with mpmath.workdps(20):
        _, s_, p_ = best_relative_variance(eps_, m_, mpmath.mpf(f_) / n_)
        best = G.estimator_variance(p_, (s_ - p_) / (m_ - 1), m_, k_, n_, f_, F2_)
        t = mpmath.exp(mpmath.mpf(eps_) / 2)
        return best / G.estimator_variance(t / (t + 1), 1 / (t + 1), m_, k_, n_, f_, F2_)


@_cache
def _apple_formula_checked():
    """ldpref.gcms.estimator_variance at Apple's (p, 1 - p) equals the structured exact moments of Apple's CMS
    (SRP inner mechanism, ideal family) at Fig. 6's setting, f(d) = 10^5, to 25 digits."""
    n_, m_, k_, eps_ = (P7.FIG6[x] for x in ("n", "m", "k", "eps"))
    c = spread(n_, 10**5)
    exact = structured_moments.variance(structured_model("cms", d=len(c), m=m_, k=k_, inner="srp", family="ideal",
                                                         exp_eps=f"E^{eps_}"), c, values=[0])[0] * n_ * n_
    with mpmath.workdps(30):
        t = mpmath.exp(mpmath.mpf(eps_) / 2)
        code = G.estimator_variance(t / (t + 1), 1 / (t + 1), m_, k_, n_, c[0], sum(x * x for x in c[1:]))
        return abs(code / mpmath.mpf(sympy.N(exact, 30)) - 1) < mpmath.mpf(10) ** -25


def _significant_points():
    n_, m_, k_, eps_ = (P7.FIG6[x] for x in ("n", "m", "k", "eps"))
    for f_ in TARGETS:
        params = {"f(d)": f_, "n": n_, "m": m_, "k": k_, "eps": eps_, "F2": sum(c * c for c in spread(n_, f_)[1:])}
        yield Point(params, data=bool(_exact_ratio(f_) <= mpmath.mpf(9) / 10), in_condition=f_ <= CONDITION_MAX_F,
                    size=(f_,))


def _ratio_note(f_):
    return Note(lambda: f"f(d) = {f_}: exact Var ratio best GCMS / Apple CMS = {mpmath.nstr(_exact_ratio(f_), 6)}")


record(id="jiang-gcms/sec7.B.fig6-significant", root_cause="sec7.B.significant", location="Section VII-B on Fig. 6",
       statement="With p optimised per target, GCMS significantly improves the variance over Apple's CMS across all "
                 "target frequencies (n = 10^6, k = 65,536, m = 1024, eps = 4).",
       printed=P7.fig6_significant_printed,
       derived=S7.fig6_significant_derived,
       derivation="derivations.jiang_gcms.sec7_model.fig6_best_ratio", kind="statement",
       condition=f"f(d) <= n/5 (= {CONDITION_MAX_F:,}): the best GCMS has at least 10% less variance there",
       assumptions="'significantly' read as at least 10% less variance (any threshold above 0.5% gives the same "
                   "verdict: the smallest gain, at f(d) = n/2, is 0.5%); GCMS at the best integer s per target (p_s >= "
                   "1/2); the other n - f(d) clients spread evenly over 99 values (Fig. 6 does not say; at k = 65,536 "
                   "that term is below 0.1% of the variance)",
       note="Var(best GCMS)/Var(Apple CMS): 0.42 at f(d) = 1000, 0.71 at 10^5, 0.85 at 2*10^5, 0.93 at 3*10^5, 0.995 "
            "at 5*10^5.  Why: the exact-variance objective's stationary lambda at Apple's p = t/(t + 1), e^eps = t^2, "
            "simplifies to 1/2 for every t (derivations.jiang_gcms.sec7_model.target_lambda_derived), i.e. Apple's "
            "split is optimal for f(d) = n/2.  Printed Theorem 3 gives 0.94 at n/2, so the overstatement is not the "
            "same-client error.  "
            "Fig. 6's x-range is lost in our copy; if it stopped near 10^5, the plotted gains were all large.",
       steps=(*(_ratio_note(f_) for f_ in TARGETS),
              Grid("best-s GCMS Var <= 9/10 Apple's CMS Var (ldpref.gcms exact-variance formula, 20 digits)",
                   _significant_points, lambda point: point.data, path="moment-formula"),
              Numeric("ldpref.gcms.estimator_variance for Apple's CMS == structured exact moments (ideal family) at "
                      "f(d) = 10^5, 25 digits", lambda: (_apple_formula_checked(), 1, "SRP inner mechanism, E^4"))))
