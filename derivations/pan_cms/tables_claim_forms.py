"""pan-cms derivations: the derived forms and corrections the Table 1, Table 2 and Appendix H claims display
(Section 5.1, Tables 1 and 2; Appendix H).

Each form is an equation naming the loss or bit count on its left and the model's value (built in
:mod:`derivations.pan_cms.tables`) on its right, so the ledger shows what the value is.  Nothing here reads a
printed form (:mod:`derivations.pan_cms.printed_tables` is never imported).
"""

from __future__ import annotations

import sympy

from . import tables as T

#: the left-hand side of a Table 1 cell's correction: the n-free loss the cell stands for (Table 1 omits 1/n)
_TABLE1_LOSS = {"mse": "n\\,MSE", "l2": "n\\,l_2", "l1": "\\sqrt{n}\\,l_1"}


def table1_correction(row: str, col: str):
    """The corrected Table 1 cell ``(row, col)``: the exact finite-d loss of the row's mechanism
    (:func:`derivations.pan_cms.tables.table1_finite`: n MSE, n l2 or sqrt(n) l1)."""
    return sympy.Eq(sympy.Symbol(r"\mathrm{" + _TABLE1_LOSS[col] + "}"), T.table1_finite(row, col), evaluate=False)


def _bits_form(row: str, count):
    """``bits_row = count(row)`` (Table 2's bits per client of ``row``)."""
    return sympy.Eq(sympy.Symbol(r"\mathrm{bits}_{" + row.replace("-", r"\text{-}") + "}"), count(row), evaluate=False)


def table2_count_form(row: str):
    """Table 2, row ``row``: the exact bit count of its construction
    (:func:`derivations.pan_cms.tables.table2_count`)."""
    return _bits_form(row, T.table2_count)


def table2_order_form(row: str):
    """Table 2, row ``row``, corrected: the construction's order of growth in bits
    (:func:`derivations.pan_cms.tables.table2_derived`)."""
    return _bits_form(row, T.table2_derived)


def appH_eq31_derived(row: str, mm):
    """Appendix H, accuracy of ``row`` (HE: m = 2; OLH: m = 1 + e^eps): its n Var is the unbiased CMS + RR's
    (:func:`derivations.pan_cms.tables.cms_rr_nvar`) at m."""
    return sympy.Eq(sympy.Symbol(r"n\,Var(\hat{f}(x)_{" + row + "})"), T.cms_rr_nvar(mm), evaluate=False)


def appH_cms_he_derived():
    """Appendix H, accuracy of CMS+HE: its n MSE at finite m_1 (the Table 1 CMS+HE/MSE cell's finite form)."""
    return sympy.Eq(sympy.Symbol(r"n\,\widehat{MSE}_{CMS+HE}"), T.table1_finite("CMS+HE", "mse"), evaluate=False)


def appH_ss_pq_list_derived():
    """Appendix H, Subset Selection: ``[p, q]`` by subset counting (:func:`derivations.pan_cms.tables.ss_pq`)."""
    return list(T.appH_ss_pq_derived())
