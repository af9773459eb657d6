"""pan-cms printed forms, Appendix C and Theorem 3.5 (the Chernoff tail bound of CMS + RR), as the paper prints
them (mistakes included).

Pure transcription: imports only sympy and symbol tables; the derivations are in :mod:`derivations.pan_cms.basics`.
"""

from __future__ import annotations

from functools import cache

import sympy

from .symbols import alpha, e, f, m, n
from .symbols_basics import (A_sym, B_sym, Pr_chernoff, Pr_tail, Pr_upper, alpha_max2, ratio_sym, var_sym)
from .symbols_statements import Predicate


def _bernoulli_printed(Y_values, **_):
    """Appendix C: with A = min Y and B = max Y, (Y - A)/(B - A) takes only the values 0 and 1."""
    lo, hi = min(Y_values), max(Y_values)
    return hi != lo and all(sympy.cancel((y_ - lo) / (hi - lo)) in (0, 1) for y_ in Y_values)


@cache
def appC_bernoulli_printed():
    return Predicate(r"n \hat{f}(x) = \sum_i Y^{(i)},\quad \frac{Y^{(i)} - A}{B - A} \in \{0, 1\}", _bernoulli_printed)


@cache
def appC_AB_printed():
    return (sympy.Eq(A_sym, m / (m - 1) * sympy.exp(-1) / (e - 1) - 1 / (m - 1)),
            sympy.Eq(B_sym, m / (m - 1) * (e + m - 2) / (e - 1) - 1 / (m - 1)))


@cache
def appC_delta_range_printed():
    """delta in [0, 1] <=> alpha in [0, sqrt(n e / (m - 1))]: the printed largest alpha, squared."""
    return sympy.Eq(alpha_max2, n * e / (m - 1))


@cache
def appC_ratio_printed():
    return sympy.Eq(ratio_sym, (m - 1) / (e + m - 1))


@cache
def appC_eq30_printed():
    """Eq. (30): the multiplicative Chernoff bound for the Bernoulli variables (Y - A)/(B - A)."""
    A_s, B_s = A_sym, B_sym
    mu_over_n = (f - A_s) / (B_s - A_s)
    return (sympy.Le(Pr_chernoff, sympy.exp(-n / 3 * mu_over_n * sympy.Symbol("delta") ** 2)),
            sympy.Contains(sympy.Symbol("delta"), sympy.Interval(0, 1)))


@cache
def appC_rewrite_printed():
    return sympy.Le(Pr_upper, sympy.exp(-n / 3 * var_sym / ((B_sym - A_sym) * (f - A_sym)) * alpha**2))


@cache
def appC_upper_printed():
    """The one-sided bound of Appendix C, with the range of alpha it inherits from delta in [0, 1]."""
    return (sympy.Le(Pr_upper, sympy.exp(-n / 3 * (m - 1) / (e + m - 1) * alpha**2)),
            sympy.Contains(alpha, sympy.Interval(0, sympy.sqrt(n * e / (m - 1)))))


@cache
def appC_two_sided_printed():
    return (sympy.Le(Pr_tail, 2 * sympy.exp(-n / 3 * (m - 1) / (e + m - 1) * alpha**2)),
            sympy.Contains(alpha, sympy.Interval(0, sympy.sqrt(n * e / (m - 1)))))


@cache
def thm35_printed():
    """Theorem 3.5: the bound and the range of alpha."""
    return (sympy.Le(Pr_tail, 2 * sympy.exp(-(alpha**2) / 3 * (m - 1) / (e + m - 1))),
            sympy.Contains(alpha, sympy.Interval(0, sympy.sqrt(e * n / (m - 1)))))
