"""The derived forms of jiang-gcms's Section VII statements (Figs. 4, 6, 7 and 8), built from the model only.

Each ``*_derived`` returns what the claim displays as its derived form: a :class:`Predicate` whose LaTeX says the
model's reading of the statement and whose function evaluates it at an instance (the predicates themselves and
the values they read are :mod:`.sec7_model`'s), or a relation in the paper's symbols.

* Section VII-A, Fig. 4: :func:`fig4_crossover_derived` (GCMS at p = 1/2 against Apple's CMS, Theorem 3 corrected);
* Section VII-B, Fig. 6: :func:`fig6_derived` (the best feasible integer s against Apple's CMS, on small mechanisms)
  and :func:`fig6_significant_derived` (at least 10% less variance at Fig. 6's setting);
* Section VII-C, Fig. 7: :func:`fig7_fewer_derived`, :func:`fig7_order_derived` (bits of a report);
* Section VII-D, Fig. 8: :func:`adult_p_derived` (Lemma 1's best feasible p, reproduced),
  :func:`adult_optimum_derived` (the exact variance's best p), :func:`fig8_targets_derived`,
  :func:`fig8_better_derived`, :func:`apple_p_statement_derived` and :func:`apple_target_derived`.

The records and the exact paths are in ``proofs_checks/jiang_gcms/sec7_*.py``.
"""

from __future__ import annotations

from functools import cache, cmp_to_key

import mpmath
import sympy

from ldpref import gcms as G
from ldpref.exact import exact_holds, exact_order, round_half_up
from ldpref.ledger.forms import Predicate, value_at

from . import sec7_model as D7
from .model import estimator_variance_derived, lemma1_objective_derived_expr, sue_pq
from .symbols import ADULT_P_1500, ADULT_P_THIRD, APPLE_TARGET, ARGMIN_P, ROUND2, F2, e, f, k, m, n, p, q, s


# ---- Section VII-A, Fig. 4 ---------------------------------------------------------------------------------------
def fig4_crossover_derived():
    """GCMS (p = 1/2) has lower Var[f_hat(d)] than Apple's CMS at the instance
    (:func:`.sec7_model.fig4_gcms_better_holds`)."""
    return Predicate(r"\mathrm{Var}_{GCMS(p = 1/2)}[\hat f(d)] < \mathrm{Var}_{CMS}[\hat f(d)]\ "
                     r"\text{(Theorem 3 corrected)}", D7.fig4_gcms_better_holds)


# ---- Section VII-B, Fig. 6 ---------------------------------------------------------------------------------------
def _variance_at(pp, qq, s_, m_, k_, counts):
    """The law-of-total-variance Var[f_hat] of value 0 (:func:`.model.estimator_variance_derived`) at exact values."""
    vals = {p: pp, q: qq, m: m_, k: k_, n: sum(counts), f: counts[0], s: s_,
            F2: sum(c * c for c in counts[1:])}
    return value_at(estimator_variance_derived(), vals)


def fig6_better_holds(**kw) -> bool:
    """The model's Var[f_hat]: the minimum over the integer s whose p_s (:func:`.sec7_model.p_at_s_derived`) is in
    [1/2, 1) of GCMS's is at most Apple's CMS's (p, q of SUE at eps, :func:`.model.sue_pq`)."""
    m_, k_, e_, counts = kw["m"], kw["k"], kw["e^eps"], kw["counts"]
    pa, qa = (x.xreplace({e: e_}) for x in sue_pq(e))
    apple = _variance_at(pa, qa, 0, m_, k_, counts)
    feasible = [(s_, D7.p_at_s_derived().xreplace({e: e_, s: s_, m: m_})) for s_ in range(1, m_)]
    best = min(_variance_at(p_, (s_ - p_) / sympy.Integer(m_ - 1), s_, m_, k_, counts)
               for s_, p_ in feasible if sympy.Rational(1, 2) <= p_ < 1)
    return bool(best <= apple)


def fig6_derived():
    """With p optimised over the feasible integer s, GCMS's Var[f_hat] is at most Apple's CMS's."""
    return Predicate(r"\min_{s} \mathrm{Var}_{GCMS}(p_s) \le \mathrm{Var}_{CMS}\ \text{(Theorem 3 corrected)}",
                     fig6_better_holds)


def fig6_significant_derived():
    """The best GCMS has at most 9/10 of Apple's CMS's variance (:func:`.sec7_model.fig6_significant_holds`)."""
    return Predicate(r"\min_s \mathrm{Var}_{GCMS}(p_s) \le \tfrac{9}{10}\mathrm{Var}_{CMS}\ \text{(Theorem 3 "
                     r"corrected)}", D7.fig6_significant_holds)


# ---- Section VII-C, Fig. 7 ---------------------------------------------------------------------------------------
def fig7_fewer_derived():
    """GCMS's report is shorter than Apple's at every m (:func:`.sec7_model.fig7_fewer_holds`)."""
    return Predicate(r"\forall m \in [2, 10^4]:\ s(m) \lceil \log_2 m \rceil < m,\ s(m) = \min\{s : "
                     r"\frac{p(m - s)}{(1 - p)s} \le e^{\epsilon}\}", D7.fig7_fewer_holds)


def fig7_order_derived():
    """A smaller p or a larger eps never lengthens a GCMS report and somewhere shortens it
    (:func:`.sec7_model.fig7_order_holds`)."""
    return Predicate(r"\forall m:\ \mathrm{bits}(m; p_1, \epsilon_1) \le \mathrm{bits}(m; p_2, \epsilon_2),"
                     r"\ \exists m: <", D7.fig7_order_holds)


# ---- Section VII-D, Fig. 8 ---------------------------------------------------------------------------------------
@cache
def adult_lemma1_p(eps_text: str, lam_, m_: int, k_: int):
    """round_2(p_s) with s the better, by Lemma 1's objective (``ldpref.gcms.lemma1_objective``, k = k_), of the two
    integers around the s of Lemma 1's continuous minimiser (root isolation, 40 digits: it only names the two
    candidates), at e^eps = exp(eps_text) and lambda = lam_; p_s = e^eps s/(e^eps s + m - s) with p_s >= 1/2.  The
    feasibility, the better s and the rounding are decided exactly (:func:`ldpref.exact.exact_order`,
    :func:`ldpref.exact.exact_floor`)."""
    with mpmath.workdps(40):
        E_mp = mpmath.exp(mpmath.mpf(eps_text))
        cont = G.critical_points(E_mp, lam_, k_, objective="lemma1").argmin
        s_real = m_ / (1 + (1 / cont - 1) * E_mp)
        near = (int(mpmath.floor(s_real)), int(mpmath.ceil(s_real)))
    E = sympy.exp(sympy.Rational(eps_text))
    cands = [(G.lemma1_objective(p_, E, lam_, k_), s_, p_) for s_, p_ in
             ((s_, E * s_ / (E * s_ + m_ - s_)) for s_ in near if 1 <= s_ < m_)
             if exact_holds(p_, ">=", sympy.Rational(1, 2))]
    _, _, p_ = min(cands, key=cmp_to_key(lambda a, b: exact_order(a[0], b[0]) or a[1] - b[1]))
    return round_half_up(p_, 2)


def adult_p_holds(**kw) -> bool:
    """Fig. 8's p is :func:`adult_lemma1_p` at the run's eps and lambda."""
    return adult_lemma1_p(kw["eps (Fig. 8)"], kw["lam"], kw["m"], kw["k"]) == kw["Fig. 8's p"]


def adult_p_derived():
    """Fig. 8's p reproduced from Lemma 1: the better integer neighbour of its continuous minimiser, two decimals."""
    return Predicate(r"\mathrm{round}_2(p_s),\ s\ \text{the better neighbour of Lemma 1's continuous "
                     r"minimiser (root isolation)},\ = p_{\mathrm{Fig.\,8}}", adult_p_holds)


def adult_optimum_derived():
    """Fig. 8's two p values as the model gives them: round_2 of the argmin over p of the exact variance's p-part
    (:func:`.model.lemma1_objective_derived_expr`; no k, no m)."""
    g = lemma1_objective_derived_expr()
    return {ADULT_P_THIRD: ROUND2(ARGMIN_P(g)), ADULT_P_1500: ROUND2(ARGMIN_P(g))}


def fig8_targets_derived():
    """Each run has the lowest Var[f_hat(d)] at its target values (:func:`.sec7_model.fig8_targets_holds`)."""
    return Predicate(r"\mathrm{Var}_r[\hat f(d)] < \min_{r' \ne r} \mathrm{Var}_{r'}[\hat f(d)]\ "
                     r"\text{(law of total variance, } p = p_s)", D7.fig8_targets_holds)


def fig8_better_derived():
    """A GCMS run beats p = 0.87 at all but at most two values (:func:`.sec7_model.fig8_better_holds`)."""
    return Predicate(r"\#\{d : \min_{r \in \{0.74, 0.57\}} \mathrm{Var}_r[\hat f(d)] < \mathrm{Var}_{0.87}"
                     r"[\hat f(d)]\} \ge 14\ \text{(law of total variance)}", D7.fig8_better_holds)


def apple_p_statement_derived():
    """Apple's p (each bit BRR at eps/2) at Fig. 8's eps rounds to 0.87 (:func:`.sec7_model.apple_p_holds`)."""
    return Predicate(r"\mathrm{round}_2\left(p_{\mathrm{SUE}}(\epsilon)\right) = 0.87,\ p_{\mathrm{SUE}} = "
                     r"\frac{e^{\epsilon/2}}{e^{\epsilon/2} + 1}\ \text{(each bit BRR at } \epsilon/2)",
                     D7.apple_p_holds)


def apple_target_derived():
    """The model's statement: the exact variance's p-part has p = 0.87 as its optimum at lambda* =
    -g_p(0.87, 0)/g_p,lambda (:func:`.sec7_model.target_lambda_derived`), inside (0, 1): the target frequency is
    below n."""
    return sympy.Lt(APPLE_TARGET, 1)
