"""pan-strict derivations: Corollary 2.1 (Section 2.4) as ldpref corrects it -- the URP estimator is no less precise
than the estimator it is built from under the l2 loss only.

Under l2 the URP total variance is the permutation average of a function linear in f (Theorem 2.8,
:func:`derivations.pan_strict.framework.urp_l2_loss`), so its worst case never exceeds the worst vertex of Eq. (1);
under l1 (Eq. (2)) the square root does not commute with that average and the inequality can fail.  The corrected
statement is the implication ``ell in {L2} => l(Phi_urp) <= l(Phi)``: its conclusion is the model's inequality
(:func:`derivations.pan_strict.framework.cor2_1_form`), its hypothesis the set of losses it covers.  The loss symbols
are those the paper's words name (equal by name to the printed module's, which a derivation does not import).
"""

from __future__ import annotations

from functools import cache

import sympy

from .framework import cor2_1_form

#: the loss the implication quantifies over, and the l2 loss (Section 1 names the two losses L1 and L2)
LOSS = sympy.Symbol(r"\ell")
LOSS_L2 = sympy.Symbol(r"\mathcal{L}_2")


@cache
def cor2_1_correction():
    """``ell in {L2} => l(Phi_urp) <= l(Phi)``: Corollary 2.1 with l1 taken out of the losses it covers."""
    return sympy.Implies(sympy.Contains(LOSS, sympy.FiniteSet(LOSS_L2), evaluate=False), cor2_1_form())
