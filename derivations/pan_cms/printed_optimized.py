"""pan-cms printed forms: optimized CMS (Section 3.4 and Appendix D), transcribed as printed.

Pure transcription: every function returns the paper's formula or statement as a sympy object, mistakes
included, built from the symbols only (no derivation is imported).  Where the paper defines an
abbreviation (Delta_MSE, Delta_l) in the same statement it is written out, so the displayed object is the
evaluated one; where a formula uses Delta_l as defined elsewhere, Delta_l stays a symbol and the check
substitutes the definition it reads (Appendix D's or Theorem 3.7's).
"""

import sympy

from ldpref.exact import EXP_EPS as e

from . import optimized_symbols as S
from .symbols import d, f, f_star, m, n, tau, var_eq, var_neq

R = sympy.Rational
half = sympy.sqrt(e)  # e^{eps/2}


def _piece(first, second):
    return sympy.Piecewise((first, sympy.Le(f_star, R(1, 2))), (second, True))


# ---- definitions ---------------------------------------------------------------------------
def delta_mse():
    """Theorem 3.6 / Appendix D: Delta_MSE."""
    return half * sympy.sqrt(((1 - f_star) * e + f_star) * (f_star * e + (1 - f_star)))


def delta_l_theorem():
    """Theorem 3.7: Delta_l = e^{eps/2} sqrt((e^eps + d - 1)(d e^eps - e^eps + 1))."""
    return half * sympy.sqrt((e + d - 1) * (d * e - e + 1))


def delta_l_appendix():
    """Appendix D: Delta_l = sqrt((e^eps + d - 1)(d e^eps - e^eps + 1) e^{eps/2})."""
    return sympy.sqrt((e + d - 1) * (d * e - e + 1) * half)


def var31():
    """Eq. (31)."""
    return (1 - f) / (n * (m - 1)) + m * ((1 - f) * (e - 1) * (2 - m) + m * e) / (n * (m - 1) * (e - 1) ** 2)


def _crossover_var():
    return half / (n * (half - 1) ** 2)


def _m15():
    return _piece(1 + delta_mse() / (f_star * e + 1 - f_star), 1 + half)


def _m_l2():
    return 1 + delta_l_theorem() / (e + d - 1)


def _l2_opt(delta):
    return 2 * (delta + d * e) / (n * (e - 1) ** 2)


# ---- Section 3.4 ---------------------------------------------------------------------------
def eq11():
    """Eq. (11): l2 = max_X sum_x E[(f_hat - f)^2] equals max_X sum_x MSE(f_hat(x)) (an equality of two values,
    written as two inequalities so that it is a statement)."""
    return sympy.And(sympy.Le(S.l2_sym, S.smse_sym), sympy.Ge(S.l2_sym, S.smse_sym))


def cauchy_schwarz():
    """Section 3.4 (and Appendix D): l1 <= sqrt(d) l2."""
    return sympy.Le(S.l1_sym, sympy.sqrt(d) * S.l2_sym)


def _inner(veq, vne, label):
    return sympy.Eq(sympy.Symbol(f"Var({label}(a)[b])"),
                    sympy.Piecewise((veq, sympy.Eq(S.a_sym, S.b_sym)), (vne, True)), evaluate=False)


def eq12():
    return _inner(e * (m - 1) / (e - 1) ** 2, (e + m - 2) / (e - 1) ** 2, "RR")


def eq13():
    return _inner((e + 1) ** 2 / (e - 1) ** 2, 4 * e / (e - 1) ** 2, "aRP")


def eq14():
    v = half / (half - 1) ** 2
    return _inner(v, v, "sRP")


def thm3_6():
    """Theorem 3.6 (and Appendix D's piecewise Var*): the optimised worst-case MSE."""
    return sympy.Eq(S.MSE_hat, _piece(2 * (delta_mse() + e) / (n * (e - 1) ** 2), _crossover_var()), evaluate=False)


def eq15():
    return sympy.Eq(m, _m15(), evaluate=False)


def thm3_6_closest_integer():
    """'m is the closest integer to Eq. (15)'."""
    return sympy.Eq(S.m_int, sympy.floor(_m15() + R(1, 2)), evaluate=False)


def cor3_4():
    return (sympy.Eq(S.MSE_hat, _crossover_var(), evaluate=False), sympy.Eq(m, 1 + half, evaluate=False))


def cor3_4_closest_integer():
    return sympy.Eq(S.m_int, sympy.floor(1 + half + R(1, 2)), evaluate=False)


def sec3_4_f0():
    """f* = 0 in Theorem 3.6: m = 1 + e^eps."""
    return sympy.Eq(m, 1 + e, evaluate=False)


def eq16():
    return sympy.Eq(S.MSE_hat, (f_star + 4 * e / (e - 1) ** 2) / n, evaluate=False)


def eq17():
    return sympy.Eq(S.MSE_hat, (e + 1) ** 2 / (n * (e - 1) ** 2), evaluate=False)


def eq17_larger():
    """Eq. (17) > the optimum e^{eps/2}/(n(e^{eps/2}-1)^2)."""
    return sympy.StrictGreaterThan(eq17().rhs, _crossover_var())


def eq17_limit():
    return sympy.Eq(S.lim_mse17, 1 / n, evaluate=False)


def thm3_7():
    """Theorem 3.7 (l2 part): (l2*, m) with Theorem 3.7's Delta_l."""
    return (sympy.Eq(S.l2_star, _l2_opt(delta_l_theorem()), evaluate=False), sympy.Eq(m, _m_l2(), evaluate=False))


def thm3_7_l1():
    """Theorem 3.7 (l1 part): l1* <= sqrt(2d(Delta_l + d e^eps)/(n(e^eps-1)^2))."""
    return sympy.Le(S.l1_star, sympy.sqrt(d * _l2_opt(delta_l_theorem())))


def thm3_7_closest_integer():
    return sympy.Eq(S.m_int, sympy.floor(_m_l2() + R(1, 2)), evaluate=False)


def cor3_5():
    """Corollary 3.5: (l1 bound, l2*, m) as d -> oo."""
    return (2 * d * half / (sympy.sqrt(n) * (e - 1)), 4 * d * e / (n * (e - 1) ** 2), 1 + e)


# ---- Appendix D ----------------------------------------------------------------------------
def appd_eq31():
    return sympy.Eq(S.Var_rr, var31(), evaluate=False)


def appd_worst_endpoints():
    """max_x MSE = max{Var(.|f(x) = 0), Var(.|f(x) = 1)} (Eq. (31) at the end points)."""
    v = var31()
    return sympy.Eq(S.MSE_hat, sympy.Max(v.subs(f, 0), v.subs(f, 1)), evaluate=False)


def appd_dvar_f1():
    return sympy.Eq(S.dvar1_sym, m * (m - 2) * e / (n * (m - 1) ** 2 * (e - 1) ** 2), evaluate=False)


def appd_dvar_f0():
    return sympy.Eq(S.dvar0_sym, (m - e - 1) * (m + e - 1) / (n * (m - 1) * (e - 1) ** 2), evaluate=False)


def appd_f1_increasing():
    """Var(.|f(x) = 1) increases with m for m >= 2: its printed derivative is >= 0."""
    return sympy.GreaterThan(appd_dvar_f1().rhs, 0)


def appd_f0_minimum():
    return sympy.Eq(S.argmin_f0, 1 + e, evaluate=False)


def appd_var_ordering():
    """(Var(.|1) > Var(.|0) at m = e^eps + 1; Var(.|1) < Var(.|0) for 2 <= m < e^{eps/2} + 1;
    Var(.|0) decreases with m on [2, e^eps + 1]), on the variances V0, V1 at m and V0 at m + 1."""
    return (sympy.StrictGreaterThan(S.V1, S.V0), sympy.StrictLessThan(S.V1, S.V0),
            sympy.StrictLessThan(S.V0_next, S.V0))


def appd_crossover():
    return (sympy.Eq(S.m_sym_plain, 1 + half, evaluate=False), sympy.Eq(S.Var_rr, _crossover_var(), evaluate=False))


def appd_m_lower_bound():
    """For 2 <= m <= e^{eps/2} + 1: max_f Var > e^{eps/2}/(n(e^{eps/2}-1)^2)."""
    return sympy.Implies(sympy.And(sympy.Le(2, m), sympy.Le(m, 1 + half)),
                         sympy.StrictGreaterThan(S.W_sym, _crossover_var()))


def appd_eq32():
    return sympy.Eq(m, 1 + delta_mse() / (f_star * e + 1 - f_star), evaluate=False)


def appd_var_star():
    return sympy.Eq(S.Var_star, 2 * (delta_mse() + e) / (n * (e - 1) ** 2), evaluate=False)


def appd_validity():
    """Eq. (32) lies in [e^{eps/2} + 1, e^eps + 1] iff f* <= 1/2; for f* > 1/2 it is below e^{eps/2} + 1."""
    m32 = appd_eq32().rhs
    inside = sympy.And(sympy.Le(1 + half, m32), sympy.Le(m32, 1 + e))
    return sympy.And(sympy.Equivalent(inside, sympy.Le(f_star, R(1, 2))),
                     sympy.Implies(sympy.StrictGreaterThan(f_star, R(1, 2)), sympy.StrictLessThan(m32, 1 + half)))


def appd_m_opt():
    """Appendix D's piecewise m: 1 + Delta_MSE (no division) if f* <= 1/2."""
    return sympy.Eq(m, _piece(1 + delta_mse(), 1 + half), evaluate=False)


def appd_eq33():
    return sympy.Eq(S.lim_var_rp, (var_neq * (1 - f) + var_eq * f) / n, evaluate=False)


def appd_rp_decreasing():
    """Var(f_hat(x)) of CMS+aRP/sRP decreases as m increases (values at m and m + 1)."""
    return sympy.StrictLessThan(S.V_next, S.V_m)


def appd_arp_ruled_out():
    """Var(f_hat(x)_aRP) > Var*(f_hat(x)_RR) when f* > 0."""
    return sympy.Implies(sympy.StrictGreaterThan(f_star, 0), sympy.StrictGreaterThan(S.rp_inf, S.rr_opt))


def appd_srp_ruled_out():
    """Var_sRP > Var*_RR for 0 <= f* < 1/2 and Var_sRP = Var*_RR for 1/2 <= f* <= 1."""
    return sympy.And(sympy.Implies(sympy.StrictLessThan(f_star, R(1, 2)), sympy.StrictGreaterThan(S.rp_inf, S.rr_opt)),
                     sympy.Implies(sympy.GreaterThan(f_star, R(1, 2)),
                                   sympy.And(sympy.GreaterThan(S.rp_inf, S.rr_opt),
                                             sympy.LessThan(S.rp_inf, S.rr_opt))))


def appd_eq34():
    return sympy.Eq(S.l2_sym,
                    m / (n * (m - 1) ** 2) * ((var_eq + (m - 1) * var_neq + (m - 1) / m) * (d - 1) + m * var_eq),
                    evaluate=False)


def appd_eq35():
    return sympy.Eq(S.l2_rr_sym, (d + e - 1) * m ** 2 / (n * (m - 1) * (e - 1) ** 2)
                    + (d - 1) * (2 * m + e - 1) / (n * (m - 1) * (e - 1)), evaluate=False)


def appd_m_opt_l2():
    """m = 1 + Delta_l/(e^eps + d - 1), Delta_l as defined beside it (a symbol here)."""
    return sympy.Eq(m, 1 + S.Delta_l / (e + d - 1), evaluate=False)


def appd_delta_l():
    return sympy.Eq(S.Delta_l, delta_l_appendix(), evaluate=False)


def appd_eq36():
    return sympy.Eq(S.l2_min, _l2_opt(S.Delta_l), evaluate=False)


def appd_eq37():
    return sympy.Eq(S.l2_rr_sym, 4 * d * e / (n * (e - 1) ** 2), evaluate=False)


def appd_m_limit():
    return sympy.Eq(S.lim_m_sym, 1 + e, evaluate=False)


def appd_srp_l2_larger():
    """CMS+sRP always has a larger l2 than the optimised CMS+RR (finite m; its limit in m no smaller)."""
    return sympy.And(sympy.StrictGreaterThan(S.rp_finite, S.rr_opt), sympy.GreaterThan(S.rp_inf, S.rr_opt))


def appd_arp_l2_large_d():
    """CMS+aRP reaches the l2 of CMS+RR only as d -> oo: above it for finite d, ratio -> 1."""
    return sympy.And(sympy.StrictGreaterThan(S.gap_sym, 0), sympy.Eq(S.ratio_sym, 1))


def appd_eq38():
    """m = Omega((e^eps - 1)^2/((1 + tau) e^eps)), read as m_tau >= X/2."""
    return sympy.GreaterThan(S.m_tau, (e - 1) ** 2 / ((1 + tau) * e) / 2)


def appd_eq39():
    """l1 <= sqrt(2d(Delta_l + d e^eps)/(n(e^eps-1)^2)), Delta_l as defined in Appendix D (a symbol here)."""
    return sympy.Le(S.l1_star, sympy.sqrt(d * _l2_opt(S.Delta_l)))


def appd_eq40():
    return sympy.Eq(S.l1_up, 2 * d * half / sympy.sqrt(n * e - 1), evaluate=False)


def sec3_4_rp_not_optimal():
    """CMS+RR (optimised over m) does at least as well as CMS+aRP/sRP."""
    return sympy.LessThan(S.rr_int, S.rp_val)
