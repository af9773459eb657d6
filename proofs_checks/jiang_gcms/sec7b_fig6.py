"""Section VII-B on Fig. 6 of jiang-gcms: 'significantly improves variance across all target frequencies'.

``jiang-gcms/fig6`` judges 'lower variance at every target'; this claim judges the degree.  Setting of Fig. 6 (n =
10^6, k = 65,536, m = 1024, eps = 4), GCMS at its best integer s per target (p_s meeting Theorem 2's bound at eps)
against Apple's CMS (p = e^2/(e^2 + 1), q = 1 - p).  Paths: exact = ``ldpref.gcms.estimator_variance`` (the
code's exact-variance formula, checked against the structured exact moments of Apple's CMS over the ideal
family at one target below, and against enumeration by the thm3 claims), exact: the best s by
:func:`ldpref.exact.exact_argmin`, the ratio against 9/10 by :func:`ldpref.exact.exact_order` (rigorous enclosures;
the digits shown in the notes are an explicit exit, :func:`ldpref.exact.to_mpf`); derived = Theorem 3 corrected
(:func:`derivations.jiang_gcms.sec7_model.fig6_best_ratio`, exact too).
"""

from __future__ import annotations

from functools import cache as _cache

import mpmath
import sympy

import derivations.jiang_gcms.printed_sec7 as P7
import derivations.jiang_gcms.sec7_statements as S7
from ldpref import gcms as G
from ldpref.dataset import spread
from ldpref.exact import exact_argmin, exact_ceiling, exact_holds, to_mpf
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Note, Numeric, Point
from ldpref.structured import moments as structured_moments
from ldpref.structured.registry import model as structured_model

TARGETS = (1000, 3 * 10**5, 5 * 10**5)
#: the condition under which 'significantly' (>= 10% less variance) holds at Fig. 6's setting
CONDITION_MAX_F = 2 * 10**5


def feasible_ps(E, m_):
    """(s, p_s) for every integer s in 1..m-1 whose p_s = E s/(E s + m - s) (Theorem 2's bound met exactly at
    e^eps = E, an mpmath number) is at least 1/2, at the caller's mpmath precision: digits shown beside exact
    decisions (the feasible s themselves are decided by :func:`first_feasible`)."""
    ps = ((s_, E * s_ / (E * s_ + m_ - s_)) for s_ in range(1, m_))
    return [(s_, p_) for s_, p_ in ps if 2 * p_ >= 1]


def first_feasible(E, m_):
    """The least integer s >= 1 whose p_s = E s/(E s + m - s) is at least 1/2 (E = e^eps exact): p_s >= 1/2 iff
    s >= m/(E + 1) and p_s increases with s, so the feasible s are first_feasible..m-1, the one ceiling decided by
    :func:`ldpref.exact.exact_ceiling` (rigorous; not a comparison per s)."""
    return max(1, exact_ceiling(sympy.Integer(m_) / (E + 1)))


#: the variables of the objectives searched by :func:`best_feasible`: s and e^eps
_S, _E = sympy.symbols("s E", positive=True)


def best_feasible(objective, ss, values=None):
    """The first s of ``ss`` minimising ``objective`` (in s = ``_S`` and the symbols of ``values``, symbol ->
    exact constant): :func:`ldpref.exact.exact_argmin` (rigorous enclosures, nothing substituted; a tie only by a
    proof, :class:`ldpref.exact.OrderUndecided` when undecidable)."""
    ss = list(ss)
    return ss[exact_argmin(objective, [{_S: sympy.Integer(s_)} for s_ in ss], values)]


def best_relative_variance(eps_, m_, lam_):
    """(value, s, p_s) of the feasible integer s (p_s = E s/(E s + m - s) >= 1/2 at E = e^eps,
    :func:`first_feasible`) minimising the code's p-part of the exact variance at lambda = lam_
    (``ldpref.gcms._relative_variance``, q = (s - p_s)/(m - 1); the rest of the variance is free of p and s): the s
    by :func:`best_feasible`, the value and p_s exact."""
    E = sympy.exp(sympy.sympify(eps_))
    p_s = _E * _S / (_E * _S + m_ - _S)
    objective = G._relative_variance(p_s, (_S - p_s) / (m_ - 1), m_, sympy.sympify(lam_))
    s_ = best_feasible(objective, range(first_feasible(E, m_), m_), {_E: E})
    at = {_E: E, _S: sympy.Integer(s_)}
    return objective.xreplace(at), s_, p_s.xreplace(at)


@_cache
def _exact_ratio(f_):
    """Best-s GCMS over Apple's CMS by ldpref.gcms, exact (a sympy number): s minimising the code's p-part of the
    exact variance (:func:`best_relative_variance`; the rest is free of p and s), the full ``estimator_variance``
    there."""
    n_, m_, k_, eps_ = (P7.FIG6[x] for x in ("n", "m", "k", "eps"))
    F2_ = sum(c * c for c in spread(n_, f_)[1:])
    _, s_, p_ = best_relative_variance(eps_, m_, sympy.Rational(f_, n_))
    best = G.estimator_variance(p_, (s_ - p_) / (m_ - 1), m_, k_, n_, f_, F2_)
    t = sympy.exp(sympy.Rational(eps_, 2))
    return best / G.estimator_variance(t / (t + 1), 1 / (t + 1), m_, k_, n_, f_, F2_)


def at_most_nine_tenths(ratio) -> bool:
    """ratio <= 9/10 for an exact real: :func:`ldpref.exact.exact_order` (a tie only by a proof,
    :class:`ldpref.exact.OrderUndecided` when the enclosures never separate), never a rounding."""
    return exact_holds(ratio, "<=", sympy.Rational(9, 10))


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
        yield Point(params, data=at_most_nine_tenths(_exact_ratio(f_)), in_condition=f_ <= CONDITION_MAX_F,
                    size=(f_,))


def _ratio_note(f_):
    return Note(lambda: f"f(d) = {f_}: exact Var ratio best GCMS / Apple CMS = "
                        f"{mpmath.nstr(to_mpf(_exact_ratio(f_), 20), 6)}")


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
              Grid("best-s GCMS Var <= 9/10 Apple's CMS Var (ldpref.gcms exact-variance formula, exact values "
                   "ordered by ldpref.exact)",
                   _significant_points, lambda point: point.data, path="moment-formula"),
              Numeric("ldpref.gcms.estimator_variance for Apple's CMS == structured exact moments (ideal family) at "
                      "f(d) = 10^5, 25 digits", lambda: (_apple_formula_checked(), 1, "SRP inner mechanism, E^4"))))
