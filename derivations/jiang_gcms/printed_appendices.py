"""jiang-gcms, Appendices A-C as printed: transcriptions of the proofs' formulas, mistakes included.

Pure transcription: imports sympy and the symbols module only.  The derivations are in ``model.py``.
"""

from __future__ import annotations

from functools import cache

import sympy

from .symbols import (EZ, EZ2, A2_KM, ARGMIN_P, PQ_SLOPE, SIGMA_PAIRS, SIGMA_SAME, SIGMA_VAR, C, D, E_p, F2, I_same,
                      PrS, PrS2,
                      S, a1_sym, a2_sym, delta, e, eps, eps_c, f, fhat, k, lam, m, n, p, pq_form, q, s, var_C,
                      var_fhat, w_of)


@cache
def appA_chain_printed(case: int):
    """The chains of Appendix A as printed (first step, intermediate steps, final value)."""
    b1, b0 = sympy.binomial(m - 1, s - 1), sympy.binomial(m - 1, s)
    if case == 1:
        return [(p / b1) / (p / b1), sympy.Integer(1)]
    if case == 2:
        return [((1 - p) / b0) / ((1 - p) / b0), sympy.Integer(1)]
    fact = sympy.factorial
    if case == 3:
        return [p * b1 / ((1 - p) * b0), p / (1 - p) * b0 / b1,
                p / (1 - p) * (fact(m - 1) / (fact(s) * fact(m - s - 1))) / (fact(m - 1) / (fact(s - 1) * fact(m - s))),
                p / (1 - p) * (fact(s - 1) * fact(m - s)) / (fact(s) * fact(m - s - 1)),
                p / (1 - p) * (m - s) / s]
    if case == 4:
        return [(1 - p) * b0 / (p * b1), (1 - p) / p * s / (m - s)]
    raise ValueError(case)


def appA_case1_printed():
    """Case 1's chain after its first step (the first step is a claim of its own only in Cases 3 and 4)."""
    return appA_chain_printed(1)[1:]


def appA_case2_printed():
    """Case 2's chain after its first step."""
    return appA_chain_printed(2)[1:]


def appA_case3_printed():
    """Case 3's chain after its first step."""
    return appA_chain_printed(3)[1:]


def appA_case4_printed():
    """Case 4's chain after its first step."""
    return appA_chain_printed(4)[1:]


def appA_case3_first_step_printed():
    """Case 3's first step, p C(m-1, s-1)/((1-p) C(m-1, s))."""
    return appA_chain_printed(3)[0]


def appA_case4_first_step_printed():
    """Case 4's first step, (1-p) C(m-1, s)/(p C(m-1, s-1))."""
    return appA_chain_printed(4)[0]


#: Appendix A's chains by case: the steps after the first, and the first step where it is a claim of its own
APPA_STEPS_PRINTED = {1: appA_case1_printed, 2: appA_case2_printed, 3: appA_case3_printed, 4: appA_case4_printed}
APPA_FIRST_STEP_PRINTED = {3: appA_case3_first_step_printed, 4: appA_case4_first_step_printed}


@cache
def appA_closing_printed():
    return sympy.Implies(sympy.And(sympy.Ge(p, sympy.Rational(1, 2)), sympy.Le(p, 1), sympy.Ge(s, m / 2),
                                   sympy.Le(s, m)),
                         sympy.Le(sympy.Symbol(r"\log\frac{P(x|d)}{P(x|d')}"), sympy.log(p / (1 - p) * (m - s) / s)))


@cache
def appB_mean_printed():
    return sympy.Eq(sympy.Symbol(r"E[C(d)]"), f * (1 - 1 / m) * (p - q) + p * n / m + (1 - 1 / m) * n * q)


@cache
def thm3_deployed_printed():
    """The paper's bias of Eq. (4) for the draw H in use: Appendix B's E[C(d)] (no dependence on H) put into
    Eq. (4), minus f(d); the statement is that it vanishes.  Built unevaluated, so it shows that substitution: sympy
    would cancel it to the constant statement 0 <= 0 (the value is the same at every point)."""
    mean_C = appB_mean_printed().rhs
    numerator = sympy.Add(mean_C, -p * n / m, -q * n * (1 - 1 / m), evaluate=False)
    fhat_mean = sympy.Mul(numerator, sympy.Pow((p - q) * (1 - 1 / m), -1, evaluate=False), evaluate=False)
    return sympy.Le(sympy.Abs(sympy.Add(fhat_mean, -f, evaluate=False), evaluate=False), 0, evaluate=False)


@cache
def lemma2_printed():
    return sympy.Eq(sympy.Symbol(r"E[Z_j^{(i)}(d)]"),
                    p / k * I_same + (p / (m * k) + (1 - 1 / m) * q / k) * (1 - I_same))


@cache
def lemma3_printed():
    return sympy.Eq(EZ2, EZ)


def lemma4_printed():
    return [sympy.Integer(0), sympy.Integer(0), ((p - q) / k) ** 2 * (1 / m - 1 / m**2)]


def same_client_cov_printed():
    return sympy.Integer(0)


def appB_same_client_printed():
    """After Eq. (10), 'again, by Lemma 4 (1)': the covariances between the Z_j of one client vanish."""
    return sympy.Eq(sympy.Symbol(r"\sum_{j_1\neq j_2}\mathrm{Cov}(Z_{j_1}^{(i)}, Z_{j_2}^{(i)})"),
                    same_client_cov_printed())


@cache
def eq10_printed():
    """(10): Var C = sum_i [sum_j Var Z_j + sum_{j1 != j2} Cov(Z_j1, Z_j2)] + sum_{i1 != i2} sum_j Cov."""
    return sympy.Eq(var_C, SIGMA_VAR + SIGMA_SAME + SIGMA_PAIRS)


@cache
def eq11_printed():
    a = p / m + (1 - 1 / m) * q
    return sympy.Eq(sympy.Symbol(r"\sum_i\sum_j \mathrm{Var}(Z_j^{(i)})"),
                    p * f + a * (n - f) - p**2 / k * f + a**2 / k * (n - f))


@cache
def eq12_printed():
    return sympy.Eq(sympy.Symbol(r"\sum_{i_1\neq i_2}\sum_j \mathrm{Cov}"),
                    k * ((p - q) / k) ** 2 / m * (1 - 1 / m) * (F2 - (n - f)))


@cache
def appB_final_printed():
    return sympy.Eq(var_C, f * (p - p**2 / k) + (n - f) * (p**2 / (m * k) + q**2 / k * (1 - 1 / m))
                    + (p - q) ** 2 / (k * m) * (1 - 1 / m) * F2)


@cache
def appC_alpha_printed():
    """Appendix C's simplifications, as printed."""
    W = w_of()
    q7 = p * (m - e * (1 - p) - p) / ((e * (1 - p) + p) * (m - 1))
    return {a2_sym: (p - q7) ** 2 / (k * m) * (1 - 1 / m),
            sympy.Symbol(r"\alpha_2\ (\text{simplified})"): p**2 * (W - 1) ** 2 / (W**2 * k * (m - 1)),
            a1_sym: p / W}


@cache
def appC_pq_printed():
    """'(p - q)^2 (1 - 1/m) = alpha_2 k (m - 1) = p^2 (w-1)^2 / w^2': the value the chain gives each of the two
    quantities it names, at the boundary of Eq. (7)."""
    W = w_of()
    target = p**2 * (W - 1) ** 2 / W**2
    return [sympy.Eq(PQ_SLOPE, target), sympy.Eq(A2_KM, target)]


def eq13_printed_expr():
    W = w_of()
    return W**2 / ((W - 1) ** 2 * p) * (lam * (1 - p / k) + (1 - lam) * (1 / W - p / (W**2 * k)))


@cache
def eq13_printed():
    """(13): the p minimising Var[f_hat(d)] is the p minimising (13) (per client, f = lam n, divided by n)."""
    return sympy.Eq(sympy.Symbol("p^{*}"), ARGMIN_P(eq13_printed_expr()))


@cache
def appC_chain_printed():
    """The equalities of Appendix C after (13) (per client: f = lam n, divided by n), the last being Lemma 1's
    objective as the appendix prints it."""
    W = w_of()
    return [W**2 / ((1 - p) ** 2 * p) * (lam * (1 - p / k) + (1 - lam) * (1 / W - p / (W**2 * k))),
            (lam * (k * W**2 - W**2 * p) + (1 - lam) * (k * W - p)) / (k * (1 - p) ** 2 * p),
            (k * W - p) / (k * (1 - p) ** 2 * p) + lam * (k * W**2 - W**2 * p - k * W + p) / (k * (1 - p) ** 2 * p),
            (k * W - p) / (k * (1 - p) ** 2 * p) + lam * (k * W * (W - 1) + p * (1 - W) * (1 + W))
            / (k * (1 - p) ** 2 * p),
            (k * W - p + lam * (W - 1) * (k * W - p - W * p)) / (k * (1 - p) ** 2 * p)]
