"""Derived forms of the Section VII (A-D) experiment statements of jiang-gcms, built from the model only.

* :func:`p_at_s_derived` -- the p whose integer s meets Theorem 2's bound exactly, p(m - s)/((1 - p)s) = e^eps,
  solved for p;
* :func:`fig8_variance_derived` -- Var[f_hat(d)] (counts) of GCMS at that p: the law-of-total-variance form of
  ``jiang-gcms/thm3.estimator`` (:func:`.model.estimator_variance_derived`) with q of Eq. (3);
* :func:`target_lambda_derived` -- the target frequency lambda = f(d)/n at which a given p is stationary for
  the exact variance: its p-part g(p, lambda) is affine in lambda, so dg/dp = 0 is solved for lambda;
* :func:`apple_p_derived` -- Apple's p, each bit through BRR at eps/2 (:func:`.model.sue_pq`);
* :func:`fig7_s_derived`, :func:`fig7_bits_derived` -- the least integer s meeting Theorem 2's bound at (p,
  eps), and the bits of Algorithm 1's message <x, j> (:func:`.model.remark1_derived`, k = 1 as in Fig. 7).

The predicates that judge the statements on these values live here too (``*_holds``); the records and the
exact paths are in ``proofs_checks/jiang_gcms/sec7_adult.py`` and ``sec7_communication.py``.
"""

from __future__ import annotations

from functools import cache

import sympy

from ldpref.exact import exact_argmin, exact_ceiling, exact_holds, round_half_up
from ldpref.exact_rounding import ceil_multiples

from .model import _solve_affine, estimator_variance_derived, lemma1_objective_derived_expr, privacy_ratio_derived
from .model import remark1_derived, sue_pq
from .symbols import F2, e, f, k, lam, m, n, p, q, s


@cache
def p_at_s_derived():
    """p with Theorem 2's ratio p(m - s)/((1 - p)s) equal to e^eps (integer s: the deployed mechanism)."""
    num, _ = sympy.fraction(sympy.together(privacy_ratio_derived() - e))
    return sympy.factor(_solve_affine(sympy.expand(num), sympy.Integer(0), p))


@cache
def fig8_variance_derived():
    """Var[f_hat(d)] in counts at p = p_s(e^eps), q = (s - p)/(m - 1): a function of e, s, m, k, n, f, F2."""
    ps = p_at_s_derived()
    return estimator_variance_derived().subs(q, (s - p) / (m - 1)).subs(p, ps)


def fig8_variance_at(s_, m_, k_, counts, v, exp_eps):
    """:func:`fig8_variance_derived` at integer s, m, k, the counts (value ``v`` is d) and an exact e^eps."""
    vals = {s: s_, m: m_, k: k_, n: sum(counts), f: counts[v],
            F2: sum(c * c for x, c in enumerate(counts) if x != v)}
    return fig8_variance_derived().xreplace({key: sympy.Integer(val)
                                             for key, val in vals.items()}).xreplace({e: exp_eps})


def less(a, b) -> bool:
    """a < b for exact reals, decided by the library's one rigorous order (:func:`ldpref.exact.exact_order`:
    enclosures, a tie only by a proof of 0, :class:`ldpref.exact.OrderUndecided` when neither): never a rounding."""
    return exact_holds(a, "<", b)


def best_run_holds(variances: dict, run) -> bool:
    """Whether run ``run`` has strictly the lowest variance of ``variances`` ({run: exact variance})."""
    return all(less(variances[run], v) for r, v in variances.items() if r != run)


@cache
def target_lambda_derived():
    """lambda* = -g_p(p, 0)/g_p,lambda with g the exact variance's p-part (affine in lambda): the target f(d)/n
    at which p is a stationary point of Var[f_hat(d)] (k plays no part: the draw term is free of p)."""
    g = lemma1_objective_derived_expr()
    gp = sympy.diff(g, p)
    slope = sympy.diff(gp, lam)
    if sympy.diff(slope, lam) != 0:
        raise ArithmeticError("the exact variance's p-part is not affine in lambda")
    return sympy.factor(-gp.subs(lam, 0) / slope)


@cache
def apple_p_derived():
    """Apple's p: each bit of the unary encoding through BRR at eps/2, e^(eps/2)/(e^(eps/2) + 1)."""
    return sue_pq()[0]


@cache
def fig7_s_derived():
    """The least real s meeting Theorem 2's bound p(m - s)/((1 - p)s) <= e^eps (the ratio decreases in s):
    the root of the ratio = e^eps, solved for s."""
    num, _ = sympy.fraction(sympy.together(privacy_ratio_derived() - e))
    return sympy.factor(_solve_affine(sympy.expand(num), sympy.Integer(0), s))


@cache
def fig7_bits_derived():
    """(bits of GCMS's message <x, j>, bits of Apple's report) at k = 1 (Fig. 7 states no k; the index j of
    ceil(log2 k) bits rides on both reports and cancels in a comparison)."""
    d = remark1_derived()
    return tuple(v.subs(k, 1) for key, v in d.items() if "bits" in str(key))


#: ceil(log2 m), the width of one bucket, as one symbol: evaluated exactly by integer bit length
LOG2_CEIL = sympy.Symbol(r"\lceil \log_2 m \rceil", positive=True, integer=True)


def fig7_bits_at(p_, exp_eps, ms):
    """[(GCMS bits, Apple bits) for m in ms] at p and e^eps: s the ceiling of :func:`fig7_s_derived`, the bits
    counted by :func:`fig7_bits_derived` (ceil(log2 m) = (m - 1).bit_length() for m >= 2, exact)."""
    c = fig7_s_derived().subs(m, 1).xreplace({p: sympy.sympify(p_), e: exp_eps})
    ss = ceil_multiples(c, ms)
    forms = [v.xreplace({sympy.ceiling(sympy.log(m, 2)): LOG2_CEIL}) for v in fig7_bits_derived()]
    if any(v.has(sympy.log) for v in forms):
        raise ArithmeticError("the derived bit counts use a logarithm other than ceil(log2 m)")
    g, a = (sympy.lambdify((s, m, LOG2_CEIL), v, modules=[]) for v in forms)
    out = []
    for m_, s_ in zip(ms, ss):
        m_ = int(m_)
        if m_ < 2:
            raise ValueError(f"m = {m_}: GCMS needs m >= 2")
        lg = (m_ - 1).bit_length()
        out.append((int(g(s_, m_, lg)), int(a(s_, m_, lg))))
    return out


@cache
def fig7_bits_table(p_, eps_, m_max):
    """:func:`fig7_bits_at` at every m in 2..m_max (p, eps exact texts or numbers), cached."""
    return tuple(fig7_bits_at(sympy.sympify(p_), sympy.exp(sympy.sympify(eps_)), range(2, m_max + 1)))


def fig7_fewer_holds(**kw) -> bool:
    """GCMS's message is shorter than Apple's report at every m in 2..m_max."""
    return all(g < a for g, a in fig7_bits_table(kw["p"], kw["eps"], kw["m_max"]))


def fig7_order_holds(**kw) -> bool:
    """GCMS's message at (p_1, eps_1) is never longer, and somewhere shorter, than at (p_2, eps_2)."""
    lo = fig7_bits_table(kw["p (smaller cost)"], kw["eps (smaller cost)"], kw["m_max"])
    hi = fig7_bits_table(kw["p (larger cost)"], kw["eps (larger cost)"], kw["m_max"])
    return all(a[0] <= b[0] for a, b in zip(lo, hi)) and any(a[0] < b[0] for a, b in zip(lo, hi))


def fig8_variances_derived(runs, counts, m_, k_):
    """{run label: [Var[f_hat(d)] for each value d]} for runs (label, s, eps text): :func:`fig8_variance_at`, exact,
    at e^eps = exp(eps text)."""
    return _fig8_variances(tuple(runs), tuple(counts), m_, k_)


@cache
def _fig8_variances(runs, counts, m_, k_):
    return {label: [fig8_variance_at(s_, m_, k_, counts, v, sympy.exp(sympy.Rational(eps_text)))
                    for v in range(len(counts))] for label, s_, eps_text in runs}


#: digits of the mpmath values shown beside exact decisions (Fig. 4's variance ratios)
MP_DIGITS = 50


def fig8_targets_holds(**kw) -> bool:
    """The run has strictly the lowest derived Var[f_hat(d)] of Fig. 8's runs at the value d."""
    table = fig8_variances_derived(kw["runs"], list(kw["counts"]), kw["m"], kw["k"])
    v = kw["value index"]
    return best_run_holds({r: vals[v] for r, vals in table.items()}, kw["run"])


def fig8_better_holds(**kw) -> bool:
    """At all but at most two values, a GCMS run (p = 0.74 or 0.57) has lower derived variance than p = 0.87."""
    table = fig8_variances_derived(kw["runs"], list(kw["counts"]), kw["m"], kw["k"])
    base = table[kw["baseline"]]
    ours = [vals for r, vals in table.items() if r != kw["baseline"]]
    better = sum(1 for v in range(len(base)) if any(less(o[v], base[v]) for o in ours))
    return better >= len(base) - 2


def apple_p_holds(**kw) -> bool:
    """Apple's p at Fig. 8's eps rounds to Fig. 8's p."""
    pp = apple_p_derived().xreplace({e: sympy.exp(sympy.Rational(kw["eps"]))})
    return bool(round_half_up(pp, 2) == sympy.Rational(kw["Fig. 8's p"]))


def fig4_gcms_better_holds(**kw) -> bool:
    """GCMS (p = 1/2, s of Algorithm 4's ceiling at eps) has lower derived Var[f_hat(d)] than Apple's CMS (each
    bit BRR at eps/2) at the instance's n, f(d), F2, m, k, eps: both exact, ordered by :func:`less`."""
    m_, s_ = kw["m"], kw["s"]
    at = {m: sympy.Integer(m_), k: sympy.Integer(kw["k"]), n: sympy.Integer(kw["n"]), f: sympy.Integer(kw["f(d)"]),
          F2: sympy.Integer(kw["F2"])}
    half = sympy.Rational(1, 2)
    t = sympy.exp(sympy.Rational(kw["eps"]) / 2)
    pa = t / (t + 1)
    variance = estimator_variance_derived()
    return less(variance.xreplace({**at, p: half, q: (s_ - half) / (m_ - 1)}),
                variance.xreplace({**at, p: pa, q: 1 - pa}))


def fig6_first_s(E, m_):
    """The least integer s >= 1 whose p_s = e^eps s/(e^eps s + m - s) (e^eps = E exact) is at least 1/2: p_s >= 1/2
    iff s (E + 1) >= m, and p_s increases with s, so the feasible s run from ceil(m/(E + 1)) to m - 1, that one
    ceiling decided by :func:`ldpref.exact.exact_ceiling`."""
    return max(1, exact_ceiling(sympy.Integer(m_) / (E + 1)))


@cache
def _objective_at_p_s(m_):
    """The derived objective g(p; e^eps, lambda) (:func:`.model.lemma1_objective_derived_expr`) at p = p_s = e s/(e s
    + m - s), one quotient in s, e and lambda (cancelled and factored: an exact identity for 1 <= s < m, with fewer
    operations to enclose at each s)."""
    return sympy.factor(sympy.cancel(lemma1_objective_derived_expr().xreplace({p: e * s / (e * s + m_ - s)})))


def fig6_best_s(E, lam_, m_, ss):
    """The first s of ``ss`` minimising the derived objective g(p_s; e^eps = E, lambda) at p_s = e s/(e s + m - s)
    (:func:`_objective_at_p_s`), decided by :func:`ldpref.exact.exact_argmin` (rigorous enclosures, nothing
    substituted; a tie only by a proof, :class:`ldpref.exact.OrderUndecided` when undecidable)."""
    ss = list(ss)
    return ss[exact_argmin(_objective_at_p_s(m_), [{s: sympy.Integer(s_)} for s_ in ss],
                           {e: E, lam: sympy.sympify(lam_)})]


def fig6_best_ratio(n_, m_, k_, eps_, f_, F2_):
    """min over the integer s with p_s = e^eps s/(e^eps s + m - s) >= 1/2 of the derived Var[f_hat(d)] of GCMS,
    divided by that of Apple's CMS (p = e^{eps/2}/(e^{eps/2} + 1), q = 1 - p): exact (a sympy number).  At p = p_s,
    q sits on Theorem 2's boundary, where Var/n = g(p)/(e^eps - 1)^2 + (a term free of p)
    (:func:`.model.lemma1_objective_derived_expr`), so the best s minimises g(p_s) (:func:`fig6_best_s`); the full
    variance is evaluated there."""
    E = sympy.exp(sympy.sympify(eps_))
    s_ = fig6_best_s(E, sympy.Rational(f_, n_), m_, range(fig6_first_s(E, m_), m_))
    p_ = E * s_ / (E * s_ + m_ - s_)
    at = {m: sympy.Integer(m_), k: sympy.Integer(k_), n: sympy.Integer(n_), f: sympy.Integer(f_),
          F2: sympy.Integer(F2_)}
    variance = estimator_variance_derived()
    best = variance.xreplace({**at, p: p_, q: (s_ - p_) / (m_ - 1)})
    t = sympy.exp(sympy.sympify(eps_) / 2)
    pa = t / (t + 1)
    return best / variance.xreplace({**at, p: pa, q: 1 - pa})


def at_most_nine_tenths(ratio) -> bool:
    """ratio <= 9/10 for an exact real, decided by :func:`ldpref.exact.exact_order` (no refusal band: a tie only by
    a proof, :class:`ldpref.exact.OrderUndecided` when the enclosures never separate)."""
    return exact_holds(ratio, "<=", sympy.Rational(9, 10))


def fig6_significant_holds(**kw) -> bool:
    """The best GCMS (derived variance) is at most 9/10 of Apple's CMS at the instance's target (exact)."""
    return at_most_nine_tenths(fig6_best_ratio(kw["n"], kw["m"], kw["k"], kw["eps"], kw["f(d)"], kw["F2"]))
