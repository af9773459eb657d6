"""Printed forms of pan-strict (arXiv 2603.11523), Sections 2-3 and Appendices A-B: transcription only.

Our copy lost every formula, and the public arXiv HTML of 2603.11523v1 that we could consult shows the
abstract and the start of the introduction only, so no formula of these sections could be recovered.  What
survives are statements made in words; each is transcribed here as a :class:`Predicate` that gives, at one
instance, what the statement asserts there (the instance's parameters carry the structural facts the
statement's hypotheses name: extremal, constant support size, which loss, ...).  Nothing here is computed
from ldpref's derivations.
"""

from __future__ import annotations

import sympy

from .symbols_framework import Predicate


# Claim 2.1 (Section 2.4): "There exists a frequency estimator with a symmetric configuration that achieves
# optimality under both [l1] and [l2] losses."  One estimator, optimal under both losses: exists Phi_sym, for
# all Phi.  At an instance (a competitor estimator Phi at a dictionary size and privacy factor), it asserts that
# the symmetric estimator is at least as precise as Phi under both losses.
def _claim2_1(**_):
    return True


def claim2_1_printed():
    return Predicate(r"\exists\,\Phi_{\mathrm{sym}}\ \forall \Phi:\ \ell(\Phi_{\mathrm{sym}}) \le \ell(\Phi)\ "
                     r"\text{for both } \ell \in \{\mathcal{L}_1, \mathcal{L}_2\}", _claim2_1)


# Theorem 2.9 (Section 2.4): "Claim 2.1 is correct."  The same assertion, printed a second time.
def thm2_9_printed():
    return Predicate(r"\text{Claim 2.1 holds: } \exists\,\Phi_{\mathrm{sym}}\ \forall \Phi:\ "
                     r"\ell(\Phi_{\mathrm{sym}}) \le \ell(\Phi)\ \text{for both } \ell \in \{\mathcal{L}_1, "
                     r"\mathcal{L}_2\}",
                     _claim2_1)


# Corollary 2.1 (Section 2.4): its formula is lost; the words around it survive: "Given that the permutation
# does not affect the worst-case scenario, the worst-case precision of [Phi] also applies to [Phi_urp], so
# Lemma 2.3 implies the following" and, after it, "If [Phi] is an optimal frequency estimator, then [Phi_urp]
# must also be optimal" (for Claim 2.1, i.e. under both losses).  At an instance (a base estimator Phi and a
# loss) the words assert that the URP estimator is no less precise than Phi under that loss.  The printed form is
# that implication, the losses it covers a set the check reads from this object (so an edit of the set is the
# correction it evaluates); "Phi optimal => Phi_urp optimal" follows from the inequality.
LOSS = sympy.Symbol(r"\ell")
LOSS_L1, LOSS_L2 = sympy.Symbol(r"\mathcal{L}_1"), sympy.Symbol(r"\mathcal{L}_2")
LOSS_NAMES = {"l1": LOSS_L1, "l2": LOSS_L2}
URP_NO_WORSE = sympy.Le(sympy.Symbol(r"\ell(\Phi_{\mathrm{urp}})"), sympy.Symbol(r"\ell(\Phi)"))


def cor2_1_printed():
    return sympy.Implies(sympy.Contains(LOSS, sympy.FiniteSet(*LOSS_NAMES.values()), evaluate=False), URP_NO_WORSE)


def cor2_1_losses(form) -> set:
    """The losses (``"l1"``, ``"l2"``) Corollary 2.1's implication (as printed or as corrected) asserts the
    inequality for: the set in its hypothesis ``ell in {...}``."""
    hyp = form.args[0] if isinstance(form, sympy.Implies) else None
    if not isinstance(hyp, sympy.Contains) or hyp.args[0] != LOSS or form.args[1] != URP_NO_WORSE:
        raise ValueError(f"not Corollary 2.1's implication ell in {{...}} => l(Phi_urp) <= l(Phi): {form}")
    return {name for name, sym in LOSS_NAMES.items() if sym in hyp.args[1].args}  # by structure, not by Eq


# Theorem 3.2 (Section 3): "Among all perturbation matrices with an extremal configuration and a fixed
# self-support probability, the one with a constant support size minimizes the [l2] loss of [the URP
# estimator]."  Two assertions at an instance P: every extremal P is at least the minimum ("bound"), and a
# P with constant support size attains it ("attains").
def _thm3_2(assertion, extremal, constant_support, **_):
    if assertion == "bound":
        return extremal
    if assertion == "attains":
        return constant_support
    raise ValueError(f"Theorem 3.2 makes no assertion {assertion!r}")


def thm3_2_printed():
    return Predicate(r"\min_{P\ \mathrm{extremal},\ p^*\ \mathrm{fixed}} \mathcal{L}_2(\Phi_{\mathrm{urp}}) "
                     r"\text{ is attained by a } P \text{ with constant support size}", _thm3_2)


# Theorem 3.3 (Section 3): "If a perturbation matrix has an extremal configuration and constant support size,
# the reconstruction of [Q*] is equivalent to Eq. (5)."
def _thm3_3(extremal, constant_support, **_):
    return extremal and constant_support


def thm3_3_printed():
    return Predicate(r"P \text{ extremal with constant support size} \Rightarrow Q^* \equiv \text{Eq. (5)}", _thm3_3)


# Theorem 2.4 (Section 2.3, cited from Kairouz et al.): "Any frequency estimator lacking an extremal configuration
# can be transformed into one that possesses such a configuration" (the same estimates, by the splitting argument
# that follows it).  At an instance it asserts that such a transform exists for the estimator.
def _thm2_4(lacks_extremal, **_):
    return lacks_extremal


def thm2_4_printed():
    return Predicate(r"\Phi \text{ not extremal} \Rightarrow \exists\,\Phi' \text{ extremal with the same estimates}",
                     _thm2_4)


# Section 2.2 (after Theorem 2.1): "[P] must be of full column rank; otherwise, [f] cannot be reconstructed
# unbiasedly from [nu]."  At an instance P it asserts an unbiased reconstruction exists only if rank P = d.
def _full_rank_needed(rank, d, **_):
    return rank == d


def sec2_2_rank_printed():
    return Predicate(r"\exists Q: QP = I \Rightarrow \mathrm{rank}\,P = d", _full_rank_needed)


# Theorem 2.1 (Section 2.2): "[Phi(P, Q)] is an unbiased frequency estimator", stated for a reconstruction matrix
# with QP = I (the sentence before it: reconstructing f from nu requires QP = I).
def _thm2_1(QP_is_I, **_):
    return QP_is_I


def thm2_1_printed():
    return Predicate(r"QP = I \Rightarrow \Phi(P, Q) \text{ is unbiased}", _thm2_1)


# Definition 3.1 (Section 3): "A frequency estimator has an Optimal Symmetric Configuration (OSC) if it has an
# extremal and symmetric configuration with constant support, and employs Eq. (5) to reconstruct."
def _osc(extremal, symmetric, constant_support, eq5_decoder, **_):
    return extremal and symmetric and constant_support and eq5_decoder


def def3_1_printed():
    return Predicate(r"\mathrm{OSC} \iff \text{extremal} \wedge \text{symmetric} \wedge \text{constant support} "
                     r"\wedge \text{Eq. (5) reconstruction}", _osc)
