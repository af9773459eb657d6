"""Cross-paper printed forms: two papers' printed results written on one scale, so that a cross claim can set
them side by side (``cross/draw-term``: jiang-gcms Theorem 3's draw term and pan-cms Eq. (20); ``cross/gcms-s1-cms-rr``:
pan-cms Eq. (6) with Eq. (12)'s RR variances).

Pure transcription: imports sympy, the papers' symbol tables and their printed modules only; the derived side
(``draw_term_derived_freq``) is in :mod:`derivations.cross`.
"""

from __future__ import annotations

from functools import cache

import sympy

import derivations.jiang_gcms.printed_sections as JP
import derivations.jiang_gcms.symbols as JS
import derivations.pan_cms.printed_basics as PCBP
import derivations.pan_cms.printed_connections as PCCP
import derivations.pan_cms.printed_hashing as PCHP
import derivations.pan_cms.symbols as PCS
import derivations.pan_cms.symbols_hashing as PCSH

from .symbols import lam


@cache
def draw_term_jiang_printed_freq():
    """jiang Theorem 3's alpha_2 sum_{d' != d} f(d')^2, on the estimator's scale (divided by
    ((p - q)(1 - 1/m))^2) and in frequencies (divided by n^2), as printed."""
    return sympy.factor(JP.draw_term_printed().rhs / JS.n**2)


@cache
def draw_term_pancms_printed_freq():
    """pan-cms Eq. (20) as printed, with its frequencies written as counts / n (sum f(x')^2 = F2/n^2)."""
    expr = PCHP.eq20_printed().rhs.subs({PCSH.S2: JS.F2 / JS.n**2})
    return sympy.factor(expr.subs({PCS.m: JS.m, PCS.k: JS.k}))


def draw_term_printed():
    """cross/draw-term's printed form: [jiang's draw term, pan-cms Eq. (20)], both in frequencies."""
    return [draw_term_jiang_printed_freq(), draw_term_pancms_printed_freq()]


@cache
def pancms_eq6_rr_printed():
    """pan-cms Eq. (6) (Corollary 3.3) with Eq. (12)'s RR variances, times n, at f(x) = lam (as printed)."""
    veq, vneq = PCCP.eq12_printed()
    expr = PCBP.variance_corollary_printed().rhs.subs({PCS.var_eq: veq, PCS.var_neq: vneq}) * PCS.n
    return sympy.factor(expr.subs({PCS.f: lam}))
