"""pan-strict Corollary 2.1 for l1: the mechanism whose URP transform raises the Eq. (2) l1, and the certified
comparison of the two worst cases (used by pan-strict/cor2.1 and the competitors of Proposition 1)."""

from __future__ import annotations

import mpmath
import sympy

import derivations.pan_strict.framework as D
from ldpref import losses
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
    """Whether l1(URP) <= l1(Phi) (Eq. (2), n = 1) by the exact engine: the explicit URP mechanism's Eq. (2) at
    the uniform dataset (a lower bound of its max) or its certified maximum, against Phi's certified interval;
    None when the intervals overlap.  Returns (exact decision, Phi's interval, detail)."""
    P, Q = m.perturbation_matrix(), m.decoder_matrix()
    phi = losses.worst_case_l1_normal(m, 1, digits=15, iterations=40, tolerance="1/100000")
    um = urp_mechanism(P, Q)
    d = m.d
    with mpmath.workdps(25):
        urp_low = mpmath.mpf(sympy.N(losses.l1_normal_approximation(um, (1,) * d) * sympy.sqrt(d), 25))
        if urp_low > phi.upper:
            exact = False
        else:
            urp = losses.worst_case_l1_normal(um, 1, digits=15, iterations=30, tolerance="1/100000")
            exact = True if urp.upper <= phi.lower else None
    return exact, phi, (f"l1(Phi) in [{mpmath.nstr(phi.lower, 10)}, {mpmath.nstr(phi.upper, 10)}], "
                        f"l1(URP) >= {mpmath.nstr(urp_low, 10)}")


def _l1_decided(m: Mechanism, phi) -> bool:
    """Whether Corollary 2.2's closed form for the URP l1 lies outside Phi's certified interval."""
    with mpmath.workdps(25):
        closed = mpmath.mpf(sympy.N(D.urp_l1_normal(m.perturbation_matrix(), m.decoder_matrix(), 1), 25))
    return closed > phi.upper or closed <= phi.lower
