"""pan-cms printed forms, basics: Sections 3.1-3.3 (Eqs. (2)-(10), Theorems 3.2-3.4, Corollaries 3.1-3.3, the
family-size sentence) and Appendices A-B, as the paper prints them (mistakes included).

Pure transcription: imports only sympy and symbol tables (the sum notation of
:mod:`derivations.pan_cms.symbols_basics`); the derivations are in :mod:`derivations.pan_cms.basics`.
"""

from __future__ import annotations

from functools import cache

import sympy

from .symbols import cbar, d, f, k, m, n, var_eq, var_neq
from .symbols_basics import (CBar, CU_sym, Coll, Cov_pair, E_fhat, E_g, E_prod, E_yhat, E_yhat2, Expect, FHAT,
                            Indicator, J, K_size, MSE_fhat, MSE_g, PI_sym, RVal, S, SumCov_sym, SumIn, SumInExcept,
                            SumVar_sym, UNBIASED_sym, VarOp, VarR, Var_fhat, Var_sum, Var_yhat, X, X1, X2, Xf, fF,
                            fhat_sym, g_sym, iclient, j, mprime, x, xp, yhat)


@cache
def estimator_printed():
    """Eq. (2)."""
    return sympy.Eq(fhat_sym, m / (n * (m - 1)) * S - 1 / (m - 1))


@cache
def g_printed():
    """Eq. (8) with m' = 1/c_bar."""
    return (sympy.Eq(g_sym, mprime / (n * (mprime - 1)) * S - 1 / (mprime - 1)), sympy.Eq(mprime, 1 / cbar))


def g_printed_explicit():
    """Eq. (8) with m' replaced by its printed value 1/c_bar."""
    eq, mdef = g_printed()
    return sympy.Eq(eq.lhs, eq.rhs.subs(mprime, mdef.rhs))


@cache
def expectation_printed():
    """Eq. (3) (Theorem 3.2)."""
    inner = SumIn(Coll(j, x, xp) / k, j, k) * fF(xp)
    return sympy.Eq(E_fhat, m / (m - 1) * (fF(x) + SumInExcept(inner, xp, d, x)) - 1 / (m - 1))


@cache
def variance_lemma_printed():
    """Eq. (4) (Lemma 3.1) and its 'where' clause."""
    bracket = SumIn(VarR(j, xp, x), j, k) / k + CBar(xp, x) - CBar(xp, x) ** 2
    return (sympy.Eq(Var_fhat, m**2 / ((m - 1) ** 2 * n) * SumIn(bracket * fF(xp), xp, d)),
            sympy.Eq(CBar(xp, x), SumIn(Coll(j, xp, x) / k, j, k)))


@cache
def variance_theorem_printed():
    """Eq. (5) (Theorem 3.3)."""
    c_ = CBar(xp, x)
    term = fF(xp) * (c_ * var_eq + (1 - c_) * var_neq + c_ * (1 - c_))
    return sympy.Eq(Var_fhat, m**2 / ((m - 1) ** 2 * n) * (SumInExcept(term, xp, d, x) + fF(x) * var_eq))


@cache
def variance_corollary_printed():
    """Eq. (6) (Corollary 3.3)."""
    return sympy.Eq(Var_fhat, m / ((m - 1) ** 2 * n) * ((1 - f) * (var_eq + (m - 1) * var_neq + (m - 1) / m)
                                                     + m * f * var_eq))


@cache
def appB_eq6_sum_printed():
    """Appendix B, first line of the c_bar = 1/m step (f(x) inside the sum, (1-m)/m)."""
    term = f * (var_eq + (m - 1) * var_neq + (1 - m) / m)
    return sympy.Eq(Var_fhat, m / ((m - 1) ** 2 * n) * (SumInExcept(term, xp, d, x) + m * f * var_eq))


@cache
def appB_eq6_final_printed():
    """Appendix B, second line of the c_bar = 1/m step."""
    return sympy.Eq(Var_fhat, m / ((m - 1) ** 2 * n) * ((1 - f) * (var_eq + (m - 1) * var_neq + (1 - m) / m)
                                                     + m * f * var_eq))


@cache
def mse_printed():
    """Eq. (7): the three right-hand sides, as printed (E[.]^2 is (E[.])^2, as in Appendix B)."""
    bias2 = (Expect(FHAT) - f) ** 2
    return (sympy.Eq(MSE_fhat, Expect((FHAT - f) ** 2)),
            sympy.Eq(MSE_fhat, Expect(FHAT - Expect(FHAT)) ** 2 + bias2),
            sympy.Eq(MSE_fhat, VarOp(FHAT) + bias2))


@cache
def g_expectation_printed():
    """Eq. (9)."""
    return sympy.Eq(E_g, 0)


@cache
def g_mse_printed():
    """Eq. (10)."""
    c_ = cbar
    return sympy.Eq(MSE_g, 1 / (n * (1 - c_) ** 2) * ((1 - f) * (c_ * var_eq + (1 - c_) * var_neq + c_ * (1 - c_))
                                                   + f * var_eq))


@cache
def unbiased_condition_printed():
    """Corollary 3.1: E[f_hat(x)] = f(x) iff c_bar(x, x') = 1/m for all x, x'."""
    return sympy.Equivalent(CU_sym, UNBIASED_sym)


@cache
def cor32_printed():
    """Corollary 3.2: E[f_hat(x)] = f(x) iff H is pairwise independent."""
    return sympy.Equivalent(PI_sym, UNBIASED_sym)


@cache
def pairwise_def_printed():
    """Section 3.1: c_bar = 1/m for all x != x' is the definition of a pairwise-independent family."""
    return sympy.Equivalent(CU_sym, PI_sym)


@cache
def family_size_printed():
    return sympy.Eq(K_size, d**2)


@cache
def mse_var_printed():
    """Section 3.3: with pairwise-independent hashing MSE(f_hat(x)) = Var(f_hat(x))."""
    return sympy.Eq(MSE_fhat, Var_fhat)


@cache
def appB_var_decomposition_printed():
    """Appendix B: the variance of the sum is the sum of variances plus the covariances of ordered pairs."""
    return sympy.Eq(Var_sum, SumVar_sym + SumCov_sym)


@cache
def appA_eq23_printed():
    return sympy.Eq(yhat, SumIn(Indicator(j, J) * RVal(j, X, x), j, k))


@cache
def appA_eq24_printed():
    return sympy.Eq(E_yhat, SumIn(Coll(j, X, x) / k, j, k))


@cache
def appA_expectation_sum_printed():
    """The middle line of the Appendix A derivation: a sum over clients."""
    return sympy.Eq(E_fhat, m / (n * (m - 1)) * SumIn(SumIn(Coll(j, Xf(iclient), x) / k, j, k), iclient, n)
                    - 1 / (m - 1))


@cache
def appA_unbiased_printed():
    """Appendix A, c_bar = 1/m: the two displayed right-hand sides and the conclusion."""
    first = m / (m - 1) * (fF(x) + SumInExcept(fF(xp) / m, xp, d, x)) - 1 / (m - 1)
    second = m / (m - 1) * (fF(x) + (1 - fF(x)) / m) - 1 / (m - 1)
    return (sympy.Eq(E_fhat, first), sympy.Eq(E_fhat, second), sympy.Eq(E_fhat, fF(x)))


@cache
def appA_converse_printed():
    """Appendix A: a dataset holding only x and x'."""
    return sympy.Eq(E_fhat, m / (m - 1) * (f + (1 - f) * SumIn(Coll(j, x, xp) / k, j, k)) - 1 / (m - 1))


@cache
def appB_eq25_printed():
    return sympy.Eq(Var_yhat, E_yhat2 - CBar(X, x) ** 2)


@cache
def appB_second_moment_printed():
    return sympy.Eq(E_yhat2, SumIn(VarR(j, X, x) + Coll(j, X, x), j, k) / k)


@cache
def appB_eq26_printed():
    return sympy.Eq(Var_yhat, SumIn(VarR(j, X, x), j, k) / k + CBar(X, x) - CBar(X, x) ** 2)


@cache
def appB_eq27_printed():
    return sympy.Eq(E_prod, CBar(X1, x) * CBar(X2, x))


@cache
def appB_cov_printed():
    return sympy.Eq(Cov_pair, CBar(X1, x) * CBar(X2, x) - CBar(X1, x) * CBar(X2, x))


@cache
def appB_sum_variance_printed():
    bracket = SumIn(VarR(j, xp, x), j, k) / k + CBar(xp, x) - CBar(xp, x) ** 2
    return sympy.Eq(Var_sum, n * SumIn(bracket * fF(xp), xp, d))


@cache
def appB_eq29_printed():
    return sympy.Eq(SumIn(VarR(j, xp, x), j, k) / k, CBar(xp, x) * var_eq + (1 - CBar(xp, x)) * var_neq)


@cache
def appB_diagonal_printed():
    return (sympy.Eq(CBar(x, x, evaluate=False), 1), sympy.Eq(SumIn(VarR(j, x, x), j, k) / k, var_eq))


@cache
def thm34_printed():
    """Theorem 3.4: Eq. (9) and Eq. (10), the two displayed results for g(x)."""
    return g_expectation_printed(), g_mse_printed()
