"""pan-cms derivations: Theorem 3.4 (Section 3.3, Eqs. (9)-(10)) as the pair it states.

The theorem states E[g(x)] (Eq. (9)) and MSE(g(x)) (Eq. (10)) of the estimator g of Eq. (8) together; each is
derived from the model in :mod:`derivations.pan_cms.basics` (:func:`~derivations.pan_cms.basics.g_expectation_derived`,
:func:`~derivations.pan_cms.basics.g_mse_derived`).  This module only pairs them, in the theorem's order.
"""

from __future__ import annotations

from . import basics as D


def thm34_derived():
    """Theorem 3.4 derived: ``(E[g(x)] = ..., MSE(g(x)) = ...)`` (Eq. (9), Eq. (10))."""
    return (D.g_expectation_derived(), D.g_mse_derived())
