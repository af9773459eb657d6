"""pan-strict derivations: Theorem 3.1 (Section 3, Appendix B.1) -- the URP l2 loss minimised over unbiased decoders.

The URP l2 loss of (P, Q) is ``(||Q D^{1/2}||_F^2/d - 1)/n`` with ``D = diag(P 1)``
(:func:`derivations.pan_strict.framework.urp_l2_loss`: each output u contributes ``(P 1)_u ||Q[:, u]||^2``), so
minimising it over ``Q P = I`` is a weighted least-norm problem; its solution ``Q*`` and minimum are
:func:`derivations.pan_strict.framework.urp_optimal_decoder_form` and
:func:`derivations.pan_strict.framework.urp_minimum_form`.  The forms below are what the claims display.
"""

from __future__ import annotations

from functools import cache

import sympy

from .framework import d_sym, n, urp_minimum_form, urp_optimal_decoder_form

#: the weighted Frobenius norm ``||Q D^{1/2}||_F^2 = sum_u (P 1)_u ||Q[:, u]||^2`` (Section 3, after Theorem 2.8)
frobenius_sym = sympy.Symbol(r"\|Q D^{1/2}\|_F^2")


@cache
def frobenius_l2_form():
    """Section 3 (after Theorem 2.8): the URP l2 loss ``(||Q D^{1/2}||_F^2/d - 1)/n``, the total of
    :func:`derivations.pan_strict.framework.urp_l2_loss` written as a weighted Frobenius norm."""
    return sympy.Eq(sympy.Symbol(r"\ell_2"), (frobenius_sym / d_sym - 1) / n, evaluate=False)


@cache
def thm3_1_forms():
    """Theorem 3.1 as the pair it states: the optimal decoder ``Q* = (P^T D^-1 P)^-1 P^T D^-1`` and the minimum
    ``(Tr((P^T D^-1 P)^-1)/d - 1)/n``."""
    return urp_optimal_decoder_form(), urp_minimum_form()
