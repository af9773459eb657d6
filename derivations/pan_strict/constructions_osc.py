"""pan-strict derivations: the statements about optimal symmetric configurations (OSCs) of Section 4
(communication cost, block designs), Section 5.1 (Subset Selection), Section 5.3 (Weighted Subset Selection) and
Appendix C (off-diagonal to diagonal entries), as derived forms.

Our copy of the paper lost these formulas; each form below is the model's statement, built from the quantities
derived in :mod:`derivations.pan_strict.constructions` (p*, q* from Lemma B.1, the subset moments, the
Caratheodory count).  Never imports a printed module.
"""

from __future__ import annotations

import sympy

from . import constructions as C
from . import constructions_symbols as S


def entropy_below_log_responses():
    """Section 4 (Shannon's source coding theorem, cited): the entropy of the response distribution is at most
    log2 |U|, with equality for the uniform distribution."""
    return sympy.Le(S.H_Y, sympy.log(S.U, 2))


def at_least_d_responses():
    """Section 4: an unbiased mechanism needs P of rank d (Q P = I), so an OSC has at least d responses."""
    return sympy.Ge(S.U, C.d)


def subset_selection_pq():
    """Section 5.1: Subset Selection's support probabilities are the OSC's p* and q* (Lemma B.1 and the subset
    moments, :func:`derivations.pan_strict.constructions.osc_p` / ``osc_q``)."""
    return sympy.Eq(S.P_SUP, C.osc_p()), sympy.Eq(S.Q_SUP, C.osc_q())


def optimal_support_size():
    """Section 5.1: the real minimiser of the OSC l2 over the support size, k* = d/(e^eps + 1)."""
    return sympy.Eq(S.K_STAR, C.d / (C.e + 1))


def pairs_give_osc():
    """Section 5.3 as the words read: a solution of the pair constraints A w = b gives an OSC."""
    return sympy.Implies(S.PAIRS_SOLVED, S.IS_OSC)


def pairs_give_osc_corrected():
    """Section 5.3 corrected: the pair constraints imply the diagonal ones only for k >= 2
    (:func:`derivations.pan_strict.constructions.diagonal_from_offdiagonal` divides by k - 1)."""
    return sympy.Implies(sympy.And(S.PAIRS_SOLVED, sympy.Ge(C.k, 2)), S.IS_OSC)


def positive_weights_bound():
    """Section 5.3: an LP vertex has at most rank(A) <= d(d-1)/2 positive values."""
    return sympy.Le(S.POSITIVE_W, C.caratheodory_dimension())


def feasible_columns():
    """Section 5.3: the heuristic is feasible once the number of sampled responses N reaches a small multiple of
    d(d-1)/2, read as twice it."""
    return sympy.Ge(C.N_cols, 2 * C.caratheodory_dimension())


def diagonal_entry():
    """Appendix C: the diagonal entry sum_y w_y s_y(i) solved from (k - 1) D = (d - 1) k(k-1)/(d(d-1))."""
    return sympy.Eq(C.weighted_support_sum(), C.diagonal_from_offdiagonal()[0])


def diagonal_entry_corrected():
    """Appendix C corrected: the diagonal entry is k/d when k >= 2 (for k = 1 the off-diagonal entries are 0)."""
    return sympy.Implies(sympy.Ge(C.k, 2), sympy.Eq(C.weighted_support_sum(), C.k / C.d))
