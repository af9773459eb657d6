"""pan-cms, Sections 3.5-3.6 and Appendices E-F: the paper's formulas and statements as printed (mistakes
included), pure transcription.  Imports only sympy and the symbol modules; nothing here is derived."""

import sympy

from .symbols import cbar, delta, f, k, l, m, n, q, r, tau, var_eq, var_neq
from .symbols_hashing import (B_exists, E_cj, E_draw, E_kc, H_size, MSE_H, MSE_f, MSE_g, MSE_hat, Pr_bias, Pr_cj,
                              Pr_coll, Pr_pair, Pr_y, S1, S2, V_draw, Var_3w, Var_cj, Var_f, Var_f0, Var_fH, Var_g,
                              Var_pw, alpha0, alpha1, alpha2, bias_H, bias_n, bias_tn, dVdm, e, k_lim, l2_f, l2_fs,
                              l2_g, mp, per_x_hyp, q_lim, s, slope_f, y_sym)

two_l = 2**l


# ---- Section 3.5 -------------------------------------------------------------------------------
def eq18_printed():
    """Eq. (18) is pairwise independent: every pair of values of two inputs has probability 2^{-2l}."""
    return sympy.Eq(Pr_pair, 2 ** (-2 * l))


def family_size_printed():
    return sympy.Eq(H_size, 2 ** (2 * l))


def no_pairwise_m6_printed():
    return sympy.Eq(B_exists, sympy.false)


def mod_probabilities_printed():
    """r values with probability (q+1)/2^l (taken as the residues y < r), m - r values with q/2^l."""
    return sympy.Eq(Pr_y, sympy.Piecewise(((q + 1) / two_l, y_sym < r), (q / two_l, True)))


def collision_sum_printed():
    """Lemma 3.2, first line."""
    return r * ((q + 1) / two_l) ** 2 + (m - r) * (q / two_l) ** 2


def collision_closed_printed():
    """Lemma 3.2, second line."""
    return ((2 * q + 1) * r + m * q**2) / (m * q + r) ** 2


def lemma32_printed():
    return sympy.Eq(Pr_coll, collision_sum_printed())


def lemma32_closed_printed():
    return sympy.Eq(Pr_coll, collision_closed_printed())


def m_prime_printed():
    """Section 3.5: m' after Lemma 3.2."""
    return (m * q + r) ** 2 / ((2 * q + 1) * r + m * q**2)


def g_unbiased_printed():
    return sympy.Eq(mp, m_prime_printed())


# ---- Theorem 3.8, Appendix E -------------------------------------------------------------------
def thm38_lhs_printed(mm=m, veq=var_eq, n_=n, tau_=tau, var=Var_f):
    """Left-hand side of Theorem 3.8's condition / Eq. (43)."""
    mm, veq, n_, tau_, var = map(sympy.sympify, (mm, veq, n_, tau_, var))
    return (2 * mm * veq + mm - 1) / (n_ * (mm - 1) ** 3) * mm / (tau_ * var)


def thm38_printed():
    return sympy.Implies(sympy.Le(thm38_lhs_printed(), (2 * q + 1) ** 2), sympy.Lt(Var_g, (1 + tau) * Var_f))


def translate_printed():
    """Appendix E, the unnumbered inequality before Eq. (43)."""
    return sympy.Implies(
        sympy.Le((2 * m * var_eq + m - 1) / (n * (m - 1) ** 3) * m / (2 * q + 1) ** 2, tau * Var_f),
        sympy.Le(Var_g, (1 + tau) * Var_f))


def eq43_printed():
    return sympy.Implies(sympy.Le(thm38_lhs_printed(), (2 * q + 1) ** 2), sympy.Le(Var_g, (1 + tau) * Var_f))


def eq44_printed():
    return sympy.Implies(sympy.Le(thm38_lhs_printed(var=Var_f0), (2 * q + 1) ** 2),
                         sympy.Le(thm38_lhs_printed(), (2 * q + 1) ** 2))


def eq41_printed():
    a = 2 * mp * var_eq / (n * (mp - 1) ** 3)
    b = ((mp - 1) * (var_neq + 1) + (mp + 1) * var_eq) / (n * (mp - 1) ** 3)
    return sympy.And(sympy.Le(-sympy.Max(a, b), dVdm), sympy.Lt(dVdm, 0))


def eq42_printed():
    return sympy.And(sympy.Le(-(2 * mp * var_eq + mp - 1) / (n * (mp - 1) ** 3), dVdm), sympy.Lt(dVdm, 0))


def veq_ge_vne_printed():
    """Appendix E, before Eq. (42): Var(R|=) >= Var(R|!=) (for RR and RAPPOR)."""
    return sympy.Ge(var_eq, var_neq)


def m_prime_appE_printed():
    """Appendix E: 'm' = m - m/(2q+1)^2'."""
    return m - m / (2 * q + 1) ** 2


def m_prime_bound_printed():
    return sympy.Eq(mp, m_prime_appE_printed())


# ---- Corollaries 3.6, 3.7 and their proofs ----------------------------------------------------------
def cor36_printed():
    return sympy.Implies(sympy.And(sympy.Gt(2 * q + 1, sympy.sqrt(1 / tau)), sympy.Eq(m, 1 + s)),
                         sympy.Lt(MSE_g, (1 + tau) * MSE_hat))


def cor37_printed():
    return sympy.Implies(sympy.And(sympy.Gt(2 * q + 1, sympy.sqrt(1 / tau)), sympy.Eq(m, 1 + e)),
                         sympy.Lt(l2_g, (1 + tau) * l2_f))


def q45_printed():
    return sympy.Implies(sympy.Eq(tau, sympy.Rational(1, 100)), sympy.Gt(q, sympy.Rational(9, 2)))


def var_at_m_half_printed():
    """Appendix E: Var(f_hat) at m = 1 + e^{eps/2} (as printed: no 1/n)."""
    return s / (s - 1) ** 2


def cor36_var_printed():
    return sympy.Eq(Var_f, var_at_m_half_printed())


def var_f0_printed():
    """Appendix E: Var(f_hat | f(x) = 0) at m = 1 + e^eps (as printed: no 1/n)."""
    return 4 * e / (e - 1) ** 2


def cor37_var_printed():
    return sympy.Eq(Var_f0, var_f0_printed())


def lhs_printed_at(which: int):
    """The left-hand side of Eq. (43) (Cor. 3.6) or Eq. (44) (Cor. 3.7) assembled from printed pieces only:
    Var(R|=) of Eq. (12) and the printed Var(f_hat) of Appendix E (no 1/n)."""
    if which == 36:
        mm, ee, var = 1 + s, s**2, var_at_m_half_printed()
    else:
        mm, ee, var = 1 + e, e, var_f0_printed()
    veq = ee * (mm - 1) / (ee - 1) ** 2  # Eq. (12), a = b
    return thm38_lhs_printed(mm, veq, n, tau, var)


def cor36_lhs_printed():
    """Appendix E: the left-hand side of Eq. (43) at m = 1 + e^{eps/2} decreases with eps."""
    return sympy.Lt(sympy.diff(lhs_printed_at(36), s), 0)


def cor37_lhs_printed():
    return sympy.Lt(sympy.diff(lhs_printed_at(37), e), 0)


def eps0_condition_printed():
    return sympy.Gt(2 * q + 1, sympy.sqrt(1 / tau))


def l2_sum_printed():
    return sympy.Implies(per_x_hyp, sympy.Le(l2_g, (1 + tau) * l2_fs))


def increasing_printed():
    return sympy.Gt(slope_f, 0)


# ---- Theorem 3.9 and Eqs. (45)-(47) ------------------------------------------------------------
def eq45_bound_printed():
    return 1 / m + 1 / (4 * m * q * (q + 1))


def eq45_printed():
    return sympy.Le(Pr_coll, eq45_bound_printed())


def eq46_printed():
    """Eq. (46): the identity and the bound."""
    return sympy.And(sympy.Eq(bias_H, m / (m - 1) * (cbar - 1 / m) * S1),
                     sympy.Le(bias_H, m / (m - 1) * (1 / (4 * m * q * (q + 1)))),
                     sympy.Eq(m / (m - 1) * (1 / (4 * m * q * (q + 1))), 1 / (4 * (m - 1) * q * (q + 1))))


def var_linear_printed():
    return sympy.And(sympy.Eq(Var_fH, alpha0 + alpha1 * cbar + alpha2 * cbar**2), sympy.Gt(alpha1, 0),
                     sympy.Gt(alpha2, 0))


def eq47_bound_printed():
    return (2 * q + 1) ** 4 / (16 * q**2 * (q + 1) ** 2)


def eq47_printed():
    mx = sympy.Max(cbar / (1 / m), cbar**2 / (1 / m**2))
    return sympy.And(sympy.Le(Var_fH / Var_f, mx), sympy.Eq(mx, eq47_bound_printed()))


def thm39_printed():
    cond = sympy.And(sympy.Le(1 / (4 * (m - 1) * q * (q + 1)), sympy.sqrt(tau * Var_f)),
                     sympy.Le((8 * q**2 + 8 * q + 1) / (16 * q**2 * (q + 1) ** 2), tau))
    return sympy.Implies(cond, sympy.Lt(MSE_H, (1 + 2 * tau) * MSE_f))


def mse_requirement_printed():
    return sympy.Equivalent(sympy.Le(MSE_H - MSE_f, 2 * tau * Var_f),
                            sympy.And(sympy.Lt(bias_H**2, tau * Var_f), sympy.Lt(Var_fH / Var_f, 1 + tau)))


def q_order_printed():
    """q = Theta(n^{1/4}): q_min / n^{1/4} tends to a positive finite constant."""
    return sympy.And(sympy.Gt(q_lim, 0), sympy.Lt(q_lim, sympy.oo))


# ---- Section 3.6 and Appendix F ------------------------------------------------------------------
def bernoulli_printed():
    return sympy.Eq(Pr_cj, 1 / m)


def binomial_printed():
    return sympy.Eq(E_kc, 1 / m)


def bias_n_printed():
    """The bias of a fixed draw depends on the frequencies only: the same at n and t n clients."""
    return sympy.Eq(bias_n, bias_tn)


def pairwise_suffices_printed():
    return sympy.Eq(Var_pw, Var_3w)


def eq19_printed():
    return sympy.Eq(E_draw, f)


def eq20_printed():
    return sympy.Eq(V_draw, S2 / ((m - 1) * k))


def thm310_printed():
    return (eq19_printed(), eq20_printed())


def bias_order_printed():
    return sympy.Le(sympy.sqrt(V_draw), 1 / sympy.sqrt((m - 1) * k))


def appF_expectation_printed():
    """Appendix F.1: the first display (the sum over x' != x is 1 - f(x))."""
    return sympy.Eq(E_draw, m / (m - 1) * (f + (k / (k * m)) * (1 - f)) - 1 / (m - 1))


def appF_var_cj_printed():
    return (sympy.Eq(E_cj, 1 / m), sympy.Eq(Var_cj, (m - 1) / m))


def appF_variance_printed():
    """Appendix F.1: the middle form of the variance display."""
    return sympy.Eq(V_draw, m**2 / (m - 1) ** 2 * ((m - 1) / (m**2 * k) * S2))


def eq49_printed():
    return sympy.Le(V_draw, 1 / ((m - 1) * k))


def thm311_printed():
    return sympy.Implies(sympy.Gt(delta * tau * var_neq / n, 1 / ((m - 1) * k)), sympy.Ge(Pr_bias, 1 - delta))


def eq48_printed():
    return sympy.Equivalent(sympy.Ge(Pr_bias, 1 - delta), sympy.Le(V_draw / (tau * Var_f), delta))


def eq50_printed():
    return sympy.And(sympy.Gt(Var_f, sympy.Min(var_eq, var_neq) / n),
                     sympy.Eq(sympy.Min(var_eq, var_neq) / n, var_neq / n))


def veq_gt_vne_printed():
    return sympy.Gt(var_eq, var_neq)


def appF_ratio_printed():
    return sympy.Lt(V_draw / Var_f, n / ((m - 1) * k * var_neq))


def eq51_printed():
    return sympy.Implies(sympy.Lt(n / ((m - 1) * k * var_neq), delta), sympy.Ge(Pr_bias, 1 - delta))


def k_order_printed():
    """k = Omega(n/m): k_min m/n stays above a positive constant as n and m grow."""
    return sympy.Gt(k_lim, 0)
