"""pan-strict Corollary 2.1 for l1: the mechanism whose URP transform raises the Eq. (2) l1, and the certified
comparison of the two worst cases (used by pan-strict/cor2.1 and the competitors of Proposition 1)."""

from __future__ import annotations

import sympy

import derivations.pan_strict.framework as D
from ldpref import losses
from ldpref.decimals import decimal_text
from ldpref.l1_certificate import certified_l1_normal, certified_order
from ldpref.mechanism import Mechanism

from .framework import urp_mechanism

R = sympy.Rational


def l1_counterexample_mechanism() -> Mechanism:
    """d = 3, |U| = 3, weights [[2,2,2],[2,2,1],[2,1,2]] normalised by column, Moore-Penrose decoder: its URP
    estimator has a larger Eq. (2) l1 than the estimator itself (found by exhaustive search over weights in
    {1, 2}; no example with d = 2, |U| <= 3 and weights <= 4 exists)."""
    W = [[2, 2, 2], [2, 2, 1], [2, 1, 2]]
    return Mechanism([[R(W[u][x], sum(W[r][x] for r in range(3))) for x in range(3)] for u in range(3)],
                     name="l1 counterexample")


def _l1_comparison(m: Mechanism):
    """Whether l1(URP) <= l1(Phi) (Eq. (2), n = 1): Phi's rigorous interval
    (:func:`ldpref.l1_certificate.certified_l1_normal`: ends rounded outward) against a lower bound of the URP
    estimator's l1 -- the explicit URP mechanism's Eq. (2) at the uniform dataset of d clients times sqrt(d), exact
    (the l1 of n clients scales as 1/sqrt(n)) -- or, when that does not exceed Phi's interval, the URP mechanism's
    own rigorous interval: False when the lower bound is above Phi's upper end, True when the URP upper end is at
    most Phi's lower end, None when they overlap.  Orders by :func:`ldpref.exact.exact_order`.  Returns (exact
    decision, Phi's interval, detail; the digits shown are an explicit exit)."""
    P, Q = m.perturbation_matrix(), m.decoder_matrix()
    phi = certified_l1_normal(m, 1, digits=15, iterations=40, tolerance="1/100000")
    um = urp_mechanism(P, Q)
    d = m.d
    urp_low = losses.l1_normal_approximation(um, (1,) * d) * sympy.sqrt(d)
    if certified_order(urp_low, phi.lower, phi.upper) == 1:
        exact = False
    else:
        urp = certified_l1_normal(um, 1, digits=15, iterations=30, tolerance="1/100000")
        exact = True if certified_order(urp.upper, phi.lower, phi.upper) == -1 else None
    return exact, phi, (f"l1(Phi) in [{_shown(phi.lower)}, {_shown(phi.upper)}], l1(URP) >= {_shown(urp_low)}")


def _shown(value) -> str:
    """10 significant digits of an exact value (display only; :func:`ldpref.decimals.decimal_text`)."""
    return decimal_text(value, 10)


def _l1_decided(m: Mechanism, phi) -> bool:
    """Whether Corollary 2.2's closed form for the URP l1 lies outside Phi's rigorous interval (exact order)."""
    closed = D.urp_l1_normal(m.perturbation_matrix(), m.decoder_matrix(), 1)
    return certified_order(closed, phi.lower, phi.upper) is not None
