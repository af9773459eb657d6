"""pan-strict derivations: the statements of Appendix D.2, Corollary 5.2 and Section 5.4 (the extended
dictionary, the support-size deviation, the bound and its numbers) as derived forms and corrections.

Our copy of the paper lost these formulas; each form below is built from the quantities derived in
:mod:`derivations.pan_strict.constructions` (the extended loss, k* for d', the limit of the excess, Corollary
5.2's bound).  Never imports a printed module.
"""

from __future__ import annotations

import sympy

from . import constructions as C
from . import constructions_symbols as S


def extended_loss():
    """Appendix D.2: n times the l2 of an OSC on [d'] run for data in [d] (the d real values' variances only)."""
    return sympy.Eq(S.N_L_EXT, sympy.factor(C._extended_l2_expr()))


def extended_support_size():
    """Appendix D.2: the support size the proof of Corollary 5.2 sets, the OSC optimum for d', d'/(e^eps + 1)."""
    return sympy.Eq(S.K_EXT, C.kstar_extended())


def precomputed_loss():
    """Sections 5.3-5.4: the l2 of an OSC precomputed for d'' > d and used on [d], Appendix D.2's extended loss
    with d'' in place of d'."""
    return sympy.Eq(S.N_L_EXT2, sympy.factor(C._extended_l2_expr().subs(C.dp, S.dpp)))


def excess_limit():
    """Section 5.2: the limit of the excess l2(OCMS)/l2* - 1 as d grows
    (:func:`derivations.pan_strict.constructions.excess_limit`)."""
    return sympy.Eq(S.EXCESS_LIM, C.excess_limit())


def deviation_corrected():
    """Appendix D.2 corrected: each support size k is within one of d'/(e^eps + 1) when m = e^eps + 1 (an
    integer)."""
    return sympy.Implies(sympy.Eq(C.m, C.e + 1), sympy.Le(sympy.Abs(C.k - C.dp / (C.e + 1)), 1))


def bound_corrected():
    """Corollary 5.2 corrected: the bound (1 + alpha)(1 + beta) l2* holds when m = e^eps + 1 is an integer."""
    return sympy.Implies(sympy.Eq(C.m, C.e + 1), C.cor52_form())


def example_corrected():
    """Section 5.4's example corrected: the exact excess at d = 100, eps = 1 (about 0.2833%,
    :func:`derivations.pan_strict.constructions.example_excess`) is at most 0.29%, the sentence's two decimals of a
    percent rounded up."""
    return sympy.Le(S.EXCESS_EXAMPLE, sympy.Rational(29, 10000))
