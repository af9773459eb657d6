"""jiang-gcms, the word statements of Sections IV-C, VII and Appendix A as printed predicates.

Each predicate is evaluated at one instance (``fn(**params) -> bool``).  A universally quantified statement
asserts its property at every instance of its domain, so its predicate is true exactly where the paper asserts
something (its hypothesis); where the paper's prediction comes from one of its own formulas (Lemma 1,
Algorithm 4's s), the predicate evaluates that printed formula.  Pure transcription: sympy, the symbols module
and the other printed module only.
"""

from __future__ import annotations

from functools import cache

import sympy

from ldpref.exact import exact_argmin, exact_holds, round_half_up

from .printed_sections import alg4_s_printed, lemma1_objective_printed_expr
from .symbols import (ADULT_P_1500, ADULT_P_THIRD, ARGMIN_P, K_1, K_2, P_STAR_K1, P_STAR_K2, Predicate, e, eps, k, lam,
                      m, p, s)


@cache
def _lemma1_fn():
    return sympy.lambdify((p, e, lam, k), lemma1_objective_printed_expr(), modules="sympy")


@cache
def _lemma1_value(p_, e_, lam_, k_):
    """Lemma 1's printed objective at exact (p, e^eps, lambda, k), once per point and process (the Remark 2 and
    Fig. 2 predicates revisit the same points)."""
    return sympy.sympify(_lemma1_fn()(p_, e_, lam_, k_))


def lemma1_argmin_printed(ps, e_, lam_, k_):
    """The minimisers of Lemma 1's printed objective over the finite set of feasible p values ``ps``."""
    vals = {p_: _lemma1_value(sympy.sympify(p_), sympy.sympify(e_), sympy.sympify(lam_), sympy.sympify(k_))
            for p_ in ps}
    best = min(vals.values())
    return tuple(sorted(p_ for p_, v in vals.items() if v == best))


@cache
def remark2_printed():
    """Remark 2: 'the optimal selection of p depends on the ratio f(d)/n and k, and does not depend on m' -- the optimum
    the remark describes, as Lemma 1 gives it: p* = argmin_p g(p; lambda, k, e^eps), lambda = f(d)/n; its arguments
    are the remark's (lambda and k, and no m)."""
    return sympy.Eq(sympy.Symbol("p^{*}"), ARGMIN_P(lemma1_objective_printed_expr()))


@cache
def fig2_caption_printed():
    """Fig. 2's caption: 'optimal p depends on the ratio of n/f(d) and k, and is independent of m' -- Lemma 1's
    optimum, as for Remark 2."""
    return sympy.Eq(sympy.Symbol("p^{*}"), ARGMIN_P(lemma1_objective_printed_expr()))


@cache
def fig5_k_printed():
    """'Generally, a larger k corresponds to a higher optimal p': k_1 < k_2 => p*(k_2) > p*(k_1), asserted for every
    target f(d) > 0 (evaluated at the optimum at each k)."""
    return sympy.Implies(sympy.Lt(K_1, K_2), sympy.Gt(P_STAR_K2, P_STAR_K1))


def fig5_small_eps_printed():
    """Section VII-B on Fig. 5(a): 'when eps is small the optimal p remains 0.5 across a wide range of f(d)'."""
    return sympy.Eq(sympy.Symbol("p^{*}"), sympy.Rational(1, 2))


@cache
def fig5_grows_printed():
    """The optimum is non-decreasing in f(d) (and in eps), asserted for every eps > 0."""
    return Predicate(r"\frac{\partial p^{*}}{\partial \lambda} \ge 0 \ \wedge\ \frac{\partial p^{*}}{\partial "
                     r"\epsilon} \ge 0",
                     lambda **kw: kw["e^eps"] > 1)


@cache
def alg4_printed():
    """Algorithm 4's loop condition as printed, 'while p_l <= p_r do' (the algorithm then returns p = (p_l + p_r)/2:
    asserted for every eps, lambda and k)."""
    return sympy.Le(sympy.Symbol("p_l"), sympy.Symbol("p_r"))


@cache
def alg4_unimodal_printed():
    """Ternary search on [1/2, 1] presumes Lemma 1's objective unimodal there (for every eps, lambda, k)."""
    return Predicate(r"g_{\mathrm{Lemma\,1}}\ \text{unimodal on}\ [1/2, 1)", lambda **kw: kw["e^eps"] > 1)


def _theorem2_ratio():
    """Theorem 2's ratio p(m - s)/((1 - p)s), the e^eps of GCMS by the paper's reasoning (a larger s only lowers it)."""
    return p * (m - s) / ((1 - p) * s)


@cache
def alg4_s_statement_printed():
    """Algorithm 4's last step and the paper's reason it is private: with s from the ceiling, Theorem 2's ratio
    p(m-s)/((1-p)s) is at most e^eps.  The implication itself, evaluated at Algorithm 4's (s, m, p, e^eps)."""
    return sympy.Implies(alg4_s_printed(), sympy.Le(_theorem2_ratio(), e))


@cache
def rounding_printed():
    """After Algorithm 4: 'the ceiling ... may result in a slightly smaller eps than the targeted one': with s from the
    ceiling, the actual eps, log p(m-s)/((1-p)s) (Theorem 2), is at most the target eps."""
    return sympy.Implies(alg4_s_printed(), sympy.Le(sympy.log(_theorem2_ratio()), eps))


@cache
def monotone_printed():
    """'The variance decreases with m and with k', asserted at every (p, eps) and dataset."""
    return Predicate(r"\frac{\partial \mathrm{Var}[\hat f]}{\partial m} \le 0 \ \wedge\ "
                     r"\frac{\partial \mathrm{Var}[\hat f]}{\partial k} \le 0",
                     lambda **kw: kw["p"] >= sympy.Rational(1, 2))


@cache
def none_optimal_printed():
    """Neither allocation is optimal for every target: asserted for each allocation."""
    return Predicate(r"\exists \lambda:\ p^{*}(\lambda) \ne p_{\mathrm{alloc}}",
                     lambda **kw: kw["allocation"] in ("even split", "OUE p = 1/2"))


@cache
def fig6_printed():
    """GCMS with p optimised has lower variance than Apple's CMS: asserted at every target and (m, k, eps)."""
    return Predicate(r"\min_{p} \mathrm{Var}_{GCMS}[\hat f(d)] \le \mathrm{Var}_{CMS}[\hat f(d)]",
                     lambda **kw: kw["e^eps"] > 1)


@cache
def adult_p_printed():
    """Fig. 8's p values (two decimals)."""
    return {ADULT_P_THIRD: sympy.Rational(74, 100), ADULT_P_1500: sympy.Rational(57, 100)}


def lemma1_best_feasible_printed(eps_text, lam_, m_, k_):
    """Lemma 1's printed objective minimised over the integer s whose p_s = e^eps s/(e^eps s + m - s) is in
    [1/2, 1) (Theorem 2's bound met at eps): the p of the best s, exact (an expression in e^eps), the feasibility and
    the minimum decided exactly (:func:`ldpref.exact.exact_order`, :func:`ldpref.exact.exact_argmin`: the first s of
    equal values)."""
    E = sympy.exp(sympy.Rational(eps_text))
    feasible = [E * s_ / (E * s_ + m_ - s_) for s_ in range(1, m_)]
    feasible = [p_ for p_ in feasible if exact_holds(p_, ">=", sympy.Rational(1, 2))]
    at = {e: E, lam: sympy.Rational(lam_), k: sympy.Integer(k_)}
    return feasible[exact_argmin(lemma1_objective_printed_expr(), [{p: p_} for p_ in feasible], at)]


@cache
def adult_reproduction_printed():
    """Fig. 8's p is Lemma 1's (printed) best p over the feasible integer s at the run's eps, to two decimals."""
    def fn(**kw) -> bool:
        best = lemma1_best_feasible_printed(kw["eps (Fig. 8)"], kw["lam"], kw["m"], kw["k"])
        return bool(round_half_up(best, 2) == kw["Fig. 8's p"])
    return Predicate(r"\mathrm{round}_2\left(\operatorname{argmin}_{p_s} g_{\mathrm{Lemma\,1}}(p_s; \lambda, k = 100, "
                     r"e^{\epsilon})\right) = p_{\mathrm{Fig.\,8}}", fn)
