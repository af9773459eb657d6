"""pan-strict derivations: Theorem 2.5 (Section 2.4, Eqs. (7)-(8), from Wang et al.) -- the moments of the Eq. (5)
estimator of a symmetric configuration.

The support count of v is ``Bin(n f_v, p*) + Bin(n (1 - f_v), q*)``; Eq. (5) is affine in it, so its mean is
``f_v`` (Eq. (7), :func:`derivations.pan_strict.framework.eq7_value_form`) and its variance that of the count over
``(n (p* - q*))^2`` (Eq. (8), :func:`derivations.pan_strict.framework.symmetric_variance`).
"""

from __future__ import annotations

from functools import cache

from .framework import eq7_value_form, eq8_value_form


@cache
def thm2_5_forms():
    """Theorem 2.5 as the pair it states: ``E[f_hat_v] = f_v`` (Eq. (7)) and Var[f_hat_v] of Eq. (8)."""
    return eq7_value_form(), eq8_value_form()
