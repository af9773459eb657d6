"""jiang-gcms, Sections II-IV as printed: transcriptions of the paper's formulas, mistakes included.

Pure transcription: imports sympy and the symbols module only.  The derivations are in ``model.py``.
"""

from __future__ import annotations

from functools import cache

import sympy

from .symbols import (TV_LAWS, A2_KM, ARGMIN_P, PQ_SLOPE, SIGMA_PAIRS, SIGMA_SAME, SIGMA_VAR, C, D, E_p, F2, I_same,
                      PrS, PrS2,
                      S, a1_sym, a2_sym, delta, e, eps, eps_c, f, fhat, k, lam, m, n, p, pq_form, q, s, thm3_limit,
                      var_C, var_fhat, w_of)


@cache
def pure_estimator_printed():
    return sympy.Eq(fhat, (S - n * q) / (p - q) ** 2)


@cache
def pure_variance_printed():
    return sympy.Eq(var_fhat, (f * p * (1 - p) + (n - f) * q * (1 - q)) / (p - q) ** 2)


@cache
def pure_ldp_condition_printed():
    """The paper's sufficient condition: p/q <= e^eps."""
    return sympy.Le(p / q, e)


@cache
def def1_printed():
    return sympy.Le(PrS, sympy.exp(eps) * PrS2 + delta)


def thm1_bound(e_eps=None, dl=delta, nn=n):
    """Eq. (2)'s right-hand side, written with e^eps (symbol exp_eps by default)."""
    E = e if e_eps is None else e_eps
    return sympy.log(1 + (E - 1) * (4 * sympy.sqrt(2 * sympy.log(4 / dl)) / sympy.sqrt((E + 1) * nn) + 4 / nn))


@cache
def thm1_printed():
    return sympy.Implies(sympy.Le(eps, sympy.log(n / (8 * sympy.log(2 / delta)) - 1)),
                         sympy.Le(eps_c, thm1_bound(sympy.exp(eps))))


@cache
def algorithm1_law_printed():
    """The law of Algorithm 1 as Appendix A writes it (Cases 1 and 2): P(X = x | R = r)."""
    return {sympy.Symbol(r"P(x \mid r),\ r\in x"): p / sympy.binomial(m - 1, s - 1),
            sympy.Symbol(r"P(x \mid r),\ r\notin x"): (1 - p) / sympy.binomial(m - 1, s)}


@cache
def eq3_printed():
    return sympy.Eq(q, (s - p) / (m - 1))


@cache
def alg3_q_printed():
    return sympy.Eq(q, (p * (s - 1) + (1 - p) * s) / (m - 1))


def alg3_printed():
    """Algorithm 3 as printed: its q (line 1) and its estimate, Eq. (4) (line 3)."""
    return {q: alg3_q_printed().rhs, fhat: eq4_printed().rhs}


@cache
def same_randomness_printed():
    """'The same randomness as a binary vector perturbed with the same p and q': read as one item's estimate
    having the same law under GCMS and under the unary encoding."""
    return sympy.Le(TV_LAWS, 0)


@cache
def thm2_printed():
    return sympy.Le(eps, sympy.Abs(sympy.log(p * (m - s) / ((1 - p) * s))))


@cache
def eq4_printed():
    return sympy.Eq(fhat, (C - p * n / m - q * n * (1 - 1 / m)) / ((p - q) * (1 - 1 / m)))


def alpha_printed():
    return (p + (m - 1) * q) / m, (p - q) ** 2 / (k * m) * (1 - 1 / m)


@cache
def thm3_printed():
    a1, a2 = alpha_printed()
    return sympy.Eq(var_C, f * (p - p**2 / k) + (n - f) * (a1 - a1**2 / k - a2) + a2 * F2)


def thm3_unbiased_printed():
    """Theorem 3's first statement: the estimator of Eq. (4) is unbiased."""
    return sympy.Eq(sympy.Symbol(r"E[\hat f(d)]"), f)


def thm3_estimator_printed():
    """Theorem 3's Var[f_hat(d)]: its Var[C(d)] over the squared slope ((p - q)(1 - 1/m))^2 of Eq. (4)."""
    return sympy.Eq(var_fhat, thm3_printed().rhs / ((p - q) ** 2 * (1 - 1 / m) ** 2))


def apple_cms_printed():
    """After Theorem 3: Theorem 3's Var[f_hat(d)] at Apple's p = e^(eps/2)/(e^(eps/2) + 1), q = 1/(e^(eps/2) + 1)
    (e^(eps/2) written sqrt(e^eps))."""
    return sympy.Eq(var_fhat, (thm3_printed().rhs / ((p - q) ** 2 * (1 - 1 / m) ** 2)).subs(
        {p: sympy.sqrt(e) / (sympy.sqrt(e) + 1), q: 1 / (sympy.sqrt(e) + 1)}))


def pure_limit_printed():
    """After Theorem 3: 'setting k = 1 and m = infinity' in Theorem 3's Var[f_hat(d)]."""
    return sympy.Eq(var_fhat, thm3_limit(thm3_printed().rhs))


@cache
def thm3_ratio_printed():
    return sympy.Eq(var_fhat, var_C / ((p - q) ** 2 * (1 - 1 / m) ** 2))


@cache
def draw_term_printed():
    """The F2 term of Theorem 3 divided by the estimator's scale: the part of Var[f_hat] due to the
    hash draw (alpha_2 F2 / ((p-q)(1-1/m))^2)."""
    a2 = alpha_printed()[1]
    return sympy.Eq(sympy.Symbol(r"\mathrm{Var}_{H}(E[\hat f(d)\mid H])"),
                    sympy.factor(a2 * F2 / ((p - q) * (1 - 1 / m)) ** 2))


@cache
def cor1_printed():
    return sympy.Eq(var_fhat, n * q * (1 - q) / (p - q) ** 2 + f * (1 - p - q) / (p - q))


@cache
def eq7_printed():
    return sympy.Ge(q, (m - e + e * p - p) / ((m - 1) * (e / p - e + 1)))


def lemma1_objective_printed_expr(kk=k):
    W = w_of()
    return (kk * W - p + lam * (W - 1) * (kk * W - p - W * p)) / (kk * (1 - p) ** 2 * p)


@cache
def lemma1_printed():
    """Lemma 1: p* = argmin_p of the objective (w = e^eps (1 - p) + p written out)."""
    return sympy.Eq(sympy.Symbol("p^{*}"), ARGMIN_P(lemma1_objective_printed_expr()))


@cache
def allocation_printed():
    """Section IV-C's split for CMS-like structures: p = e^{eps_p}/(e^{eps_p} + 1), q = 1/(e^{eps - eps_p} + 1)
    (e^{eps - eps_p} written e^eps / e^{eps_p}); the paper states it for every CMS-like structure, so the same
    q is shown for a unary encoding and for GCMS."""
    qq = 1 / (e / E_p + 1)
    return {p: E_p / (E_p + 1), sympy.Symbol(r"q_{\mathrm{unary}}"): qq, sympy.Symbol(r"q_{\mathrm{GCMS}}"): qq}


@cache
def remark1_printed():
    return {sympy.Symbol(r"\mathrm{bits}_{GCMS}"): s * sympy.log(m, 2), sympy.Symbol(r"\mathrm{bits}_{CMS}"): m,
            sympy.Symbol(r"\mathrm{ops}_{GCMS}"): n * s, sympy.Symbol(r"\mathrm{ops}_{CMS}"): n * m}


def remark1_communication_printed():
    """Remark 1's bit counts (the entries of :func:`remark1_printed` about bits)."""
    return {k_: v for k_, v in remark1_printed().items() if "bits" in str(k_)}


def remark1_server_printed():
    """Remark 1's operation counts (the entries of :func:`remark1_printed` about operations)."""
    return {k_: v for k_, v in remark1_printed().items() if "ops" in str(k_)}


@cache
def alg4_s_printed():
    return sympy.Eq(s, sympy.ceiling(m / (1 + (1 / p - 1) * e)))


# ---- Section III-A and IV-C: (p, q) pairs as printed ---------------------------------------------------
def brr_pq_printed():
    return pq_form("BRR", (e / (e + 1), 1 / (e + 1)))


def grr_pq_printed():
    return pq_form("GRR", (e / (e + D - 1), 1 / (e + D - 1)))


def sue_pq_printed():
    return pq_form("SUE", (sympy.sqrt(e) / (sympy.sqrt(e) + 1), 1 / (sympy.sqrt(e) + 1)))


def even_split_pq_printed():
    return pq_form("even", (sympy.sqrt(e) / (sympy.sqrt(e) + 1), 1 / (sympy.sqrt(e) + 1)))


def oue_split_pq_printed():
    return pq_form("OUE", (sympy.Rational(1, 2), 1 / (e + 1)))
