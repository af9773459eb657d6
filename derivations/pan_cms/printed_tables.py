"""Printed forms of pan-cms, Section 5 and Appendices H-I (Tables 1-2, communication, Theorems 5.1-5.2, the
empirical MSE bound): transcription only, mistakes included.

Nothing here is derived: the module imports sympy, ``ldpref.exact`` and symbol tables only.  A statement the
paper makes in words is a sympy Boolean in named quantities (the check gives each quantity its exact value at
an instance) or, when it needs code, a :class:`Predicate` whose function says what the statement asserts at
one instance, given the instance's exact facts.  ``log`` is read as ``log2`` in bit counts.
"""

from __future__ import annotations

import functools

import sympy

from ldpref.exact import EXP_EPS as E
from ldpref.exact import exact_holds

from .symbols import d, eps, n
from .symbols_tables import (B_MIN, BIAS, BITS, BITS_PRIV, BITS_PUB, DVAR, E_FHAT, E_MSE_BAR, K_H, LOG2_H, MAX_E_S,
                             MSE_RHR, N_MSE, VAR_F0, VAR_F1, Omega, Predicate, Theta, X, disp, k_ss, log2, m, sym, t)

half = sympy.sqrt(E)  # e^{eps/2}


# ---- Table 1 ------------------------------------------------------------------------------------------
def _table1():
    he_l1 = d * (E + 1) / (E - 1)
    he_l2 = d * (E + 1) ** 2 / (E - 1) ** 2
    he_mse = ((E + 1) / (E - 1)) ** 2
    cs = 2 * d * half / (E - 1)
    l2opt = 4 * d * E / (E - 1) ** 2
    return {
        ("HE", "l1"): he_l1, ("HE", "l2"): he_l2, ("HE", "mse"): he_mse,
        ("RHR", "l1"): Theta(d / sympy.sqrt(sympy.Min(eps, eps**2))),
        ("RHR", "l2"): Theta(d / sympy.Min(eps, eps**2)),
        ("RHR", "mse"): Omega(((E + 1) / (E - 1)) ** 2),
        ("OLH", "l1"): cs, ("OLH", "l2"): l2opt, ("OLH", "mse"): he_mse,
        ("OCMS", "l1"): cs, ("OCMS", "l2"): l2opt, ("OCMS", "mse"): half / (half - 1) ** 2,
        ("CMS+HE", "l1"): he_l1, ("CMS+HE", "l2"): he_l2, ("CMS+HE", "mse"): he_mse,
        ("SS", "l1"): sympy.sqrt(sympy.Rational(8) / sympy.pi) * d * half / (E - 1), ("SS", "l2"): l2opt,
        ("SS", "mse"): he_mse,
        ("a-RP", "l1"): cs, ("a-RP", "l2"): l2opt, ("a-RP", "mse"): he_mse,
        ("s-RP", "l1"): d * E ** sympy.Rational(1, 4) / (half - 1), ("s-RP", "l2"): d * half / (half - 1) ** 2,
        ("s-RP", "mse"): half / (half - 1) ** 2,
    }


def table1_printed(row: str, col: str):
    """Table 1 cell as printed (the 1/n, resp. 1/sqrt(n), factor omitted as in the paper)."""
    return _table1()[(row, col)]


def table1_rhr_order_printed(col: str):
    """Table 1, RHR, l1 / l2: the loss is Theta(d/sqrt(min(eps, eps^2))) / Theta(d/min(eps, eps^2)) (1/sqrt(n),
    1/n omitted): the cell as the relation it asserts, ``n l_2^{RHR} = Theta(...)``; the check evaluates it at each
    limit of RHR's real loss (min(eps, eps^2) is eps^2 below eps = 1 and eps beyond)."""
    loss = sym(r"n\,l_2^{RHR}") if col == "l2" else sym(r"\sqrt{n}\,l_1^{RHR}")
    return sympy.Eq(loss, _table1()[("RHR", col)], evaluate=False)


def table1_rhr_mse_printed():
    """Table 1, RHR, MSE: Omega(((e^eps + 1)/(e^eps - 1))^2), read as: at least HE's worst-case MSE."""
    return sympy.Ge(MSE_RHR, ((E + 1) / (E - 1)) ** 2)


# ---- Table 2 ------------------------------------------------------------------------------------------
def _table2():
    L = log2(d)
    return {
        "HE": L, "RHR": L + eps, "OLH": d * eps, "MSE-OCMS": 2 * L + eps / 2, "l-OCMS": 2 * L + eps,
        "original-CMS": Omega(d * log2(m)), "SS": d / (1 + E), "RAPPOR": d,
    }


def table2_printed(row: str):
    """Table 2 cell as printed (bits between the server and one client; log read as log2)."""
    return _table2()[row]


def table2_original_cms_printed():
    """Table 2, original CMS: Omega(d log m) bits, read as at least d log2 m bits."""
    return sympy.Ge(BITS, d * log2(m))


# ---- Section 5.1 statements ---------------------------------------------------------------------------
def _ocms_minimal(values, **_):
    """OCMS's value is the smallest in every table of values given (ties allowed)."""
    return all(tab["OCMS"] <= v for tab in values.values() for v in tab.values())


def sec51_ocms_optimal_printed():
    return Predicate(r"\mathrm{OCMS} \in \arg\min_{\mathrm{rows}} n\,l_2 \ \wedge\ "
                     r"\mathrm{OCMS} \in \arg\min_{\mathrm{rows}} n\,\widehat{MSE}", _ocms_minimal)


def _l1_order(ratio, **_):
    return bool(ratio.is_finite and ratio.is_positive)


def sec51_l1_printed():
    """OCMS's l1 is order-optimal: its ratio to an order-optimal l1 (Subset Selection's) is a finite constant."""
    return Predicate(r"[l_1]_{OCMS} / l_1^{opt} \in (0, \infty)", _l1_order)


def _only_ocms_srp(values, **_):
    mse = values["mse"]
    best = min(mse.values())
    return {r for r, v in mse.items() if v == best} == {"OCMS", "s-RP"}


def sec51_only_printed():
    return Predicate(r"\arg\min_{\mathrm{rows}} n\,\widehat{MSE} = \{\mathrm{OCMS}, \mathrm{s\text{-}RP}\}",
                     _only_ocms_srp)


def _only_rhr(same_order, **_):
    return {r for r, v in same_order.items() if v} == {"RHR"}


def sec51_rhr_printed():
    return Predicate(r"\{\mathrm{rows}: O(\log d)\ \mathrm{bits},\ l_2 = \Theta(l_{2,OCMS})\} \setminus "
                     r"\{\mathrm{OCMS}\} = \{\mathrm{RHR}\}", _only_rhr)


# ---- Section 5.2 and Theorem 5.2 ----------------------------------------------------------------------
def thm51_printed():
    """Theorem 5.1: with a deterministic assignment some dataset has E[f_hat(x)] - f(x) != 0."""
    return sympy.Gt(BIAS, 0)


def sec52_bias_printed():
    return sympy.Eq(E_FHAT, 1, evaluate=False)


def thm52_bits_printed():
    return sympy.ceiling(sympy.Max(4 * log2(d), 2 * log2(n)))


def thm52_printed():
    """Theorem 5.2: ceil(max(4 log2 d, 2 log2 n)) random bits are enough."""
    return sympy.Ge(thm52_bits_printed(), B_MIN)


# ---- Section 5.3 --------------------------------------------------------------------------------------
def sec53_identifier_printed():
    return sympy.Ge(K_H, d**2)


def sec53_generator_printed():
    return sympy.Ge(BITS, 4 * log2(d))


def sec53_sync_cost_printed():
    return sympy.Lt(2 * log2(d), sympy.Max(4 * log2(d), 2 * log2(n)) + log2(n))


def sec53_public_printed():
    return sympy.Eq(BITS_PUB, thm52_bits_printed() + n * log2(m), evaluate=False)


def sec53_private_printed():
    return sympy.Eq(BITS_PRIV, n * (log2(d) + log2(m)), evaluate=False)


# ---- Eq. (22) and Appendix I --------------------------------------------------------------------------
def eq22_printed():
    """Eq. (22): the empirical worst-case MSE is biased upward."""
    return sympy.Gt(E_MSE_BAR, MAX_E_S)


def thmI1_factor_printed():
    """``1 + (2/t)(sqrt(t log(20|x|)) + log(20|x|))``."""
    a = sympy.log(20 * X)
    return 1 + 2 * (sympy.sqrt(t * a) + a) / t


def _thmI1(tail, rounds, values, **_):
    """Pr(MSE-bar >= c V) <= 1/20 with Theorem I.1's c; ``tail(c)`` is Pr(MSE-bar >= c V) at the instance."""
    c = thmI1_factor_printed().subs({t: rounds, X: values})
    return exact_holds(tail(c), "<=", sympy.Rational(1, 20))


def thmI1_printed():
    return Predicate(r"\Pr\left(\overline{MSE} \geq \left[1 + \tfrac{2}{t}\left(\sqrt{t \log(20|\mathbf{x}|)} + "
                     r"\log(20|\mathbf{x}|)\right)\right] V\right) \leq 0.05", _thmI1)


def _eq52(tail, rounds, values, **_):
    """Pr(MSE-bar < c_alpha V) > (1 - e^-alpha)^|x|, at alpha = log(20|x|)."""
    alpha = sympy.log(20 * values)
    c = 1 + 2 * (sympy.sqrt(rounds * alpha) + alpha) / rounds
    return exact_holds(1 - tail(c), ">", (1 - sympy.exp(-alpha)) ** values)


def eq52_printed():
    return Predicate(r"\Pr\left(\overline{MSE} < \left[1 + \tfrac{2}{t}(\sqrt{t\alpha} + \alpha)\right] V\right) > "
                     r"(1 - e^{-\alpha})^{|\mathbf{x}|}", _eq52)


# ---- Appendix H ---------------------------------------------------------------------------------------
def eq31_printed(mm=m):
    """Eq. (31), n Var(f_hat(x)_RR) as printed, with f = f(x)."""
    from .symbols import f
    return (1 - f) / (mm - 1) + mm * ((1 - f) * (E - 1) * (2 - mm) + mm * E) / ((mm - 1) * (E - 1) ** 2)


def appH_ss_pq_printed():
    """Appendix H: p, q of SS (k the subset size)."""
    kk = k_ss
    p = kk * E / (kk * E + d - kk)
    q = kk * E / (kk * E + d - kk) * (kk - 1) / (d - 1) + (d - kk) / (kk * E + d - kk) * kk / (d - 1)
    return p, q


def appH_rp_worst_printed():
    return sympy.Eq(N_MSE, sympy.Max(VAR_F0, VAR_F1), evaluate=False)


def appH_ss_var_printed():
    return sympy.Gt(DVAR, 0)


def appH_ocms_bits_printed():
    return sympy.Eq(LOG2_H, 2 * log2(d), evaluate=False)


def appH_response_bits_printed():
    """Appendix H: the response in [1 + e^{eps/2}] (resp. [1 + e^eps]) takes about eps/2 (resp. eps) bits."""
    return (sympy.Eq(log2(1 + sympy.exp(eps / 2)), eps / 2, evaluate=False),
            sympy.Eq(log2(1 + sympy.exp(eps)), eps, evaluate=False))


# ---- Appendix H, communication --------------------------------------------------------------------------
def comm_functions_printed():
    """OLH's mappings / the original CMS's hash function [d] -> [m]: d log m bits."""
    return sympy.Eq(BITS, d * log2(m), evaluate=False)


def ss_comm_printed():
    """Subset Selection: d/(e^eps + 1) bits."""
    return sympy.Eq(BITS, d / (E + 1), evaluate=False)


def rappor_comm_printed():
    """RAPPOR: a vector of d bits."""
    return sympy.Eq(BITS, d, evaluate=False)


def appH_cms_he_printed():
    """Appendix H: CMS+HE has HE's losses, so its worst-case n MSE is ((e^eps + 1)/(e^eps - 1))^2."""
    return sympy.Eq(sym(r"n\,\widehat{MSE}_{CMS+HE}"), ((E + 1) / (E - 1)) ** 2, evaluate=False)


# ---- the records' printed forms -----------------------------------------------------------------------
def bound(fn, *args):
    """A printed form of this module at fixed arguments (a table cell, a row), as a record's ``printed``: a callable
    of no argument defined here, so the record's printed form is defined in a printed module."""
    if getattr(fn, "__module__", None) != __name__:
        raise ValueError(f"{fn!r} is not a printed form of {__name__}")

    def printed():
        return fn(*args)

    printed.__name__ = printed.__qualname__ = f"{fn.__name__}({', '.join(map(repr, args))})"
    return printed


def displayed(fn):
    """A printed form ``fn`` shown with log_2 (:func:`derivations.pan_cms.symbols_tables.disp`, display only: checks
    read the form back as log(a)/log(2)), as a record's ``printed``.  The wrapper names the form it shows
    (``__wrapped__``, ``__module__``, ``__qualname__`` are ``fn``'s) and its own code lives here, in a printed
    module: ``tests/test_printed_home.py`` judges every wrapper layer by the module its code lives in (derived forms
    and corrections have their twin, :func:`derivations.pan_cms.tables.displayed`)."""
    if fn is None:
        return None

    @functools.wraps(fn)
    def shown():
        return disp(fn())

    return shown


def eq31_form(row: str, mm):
    """Appendix H: row's n Var(f_hat(x)) as Eq. (31) at m = ``mm`` (HE: m = 2; OLH: m = e^eps + 1), a record's form."""
    def printed():
        return sympy.Eq(sym(r"n\,Var(\hat{f}(x)_{" + row + "})"), eq31_printed(mm), evaluate=False)

    printed.__name__ = printed.__qualname__ = f"eq31_form({row!r}, {mm})"
    return printed


def appH_ss_pq_list_printed():
    """Appendix H: [p, q] of SS (:func:`appH_ss_pq_printed` as a list, the record's form)."""
    return list(appH_ss_pq_printed())
