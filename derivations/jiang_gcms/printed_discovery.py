"""jiang-gcms, Section V-B and Section VII-E as printed: Theorem 4 with Eqs. (8) and (9), and the threshold
"T is approximately 1 - log(2 delta)/eps" of Section VII-E.  Pure transcription, mistakes included: imports
sympy, the symbols modules and ldpref.ledger.forms only.  The derivation is in ``discovery.py``.
"""

from __future__ import annotations

from functools import cache

import sympy

from .discovery_symbols import T, b, delta, eps


@cache
def eq8_printed():
    """Eq. (8): eps = max{1/b, log(1 + 1/(2 e^{(T-1)/b} - 1))}."""
    return sympy.Eq(eps, sympy.Max(1 / b, sympy.log(1 + 1 / (2 * sympy.exp((T - 1) / b) - 1))))


@cache
def eq9_printed():
    """Eq. (9): delta = (1/2) exp(eps (1 - T)), eps that of Eq. (8)."""
    return sympy.Eq(delta, sympy.exp(eps * (1 - T)) / 2)


@cache
def thm4_printed():
    """Theorem 4: the released set S is (eps, delta)-DP with eps of Eq. (8) and delta of Eq. (9) -- the pair the theorem
    names, (eps = Eq. (8), delta = Eq. (9)), delta written in that eps; the theorem asserts it is a guarantee for every
    scale b > 0 and threshold T >= 1 (it states no other condition)."""
    return (eq8_printed(), eq9_printed())


@cache
def sec7e_threshold_printed():
    """Section VII-E: 'according to Theorem 4, T is approximately 1 - log(2 delta)/eps'."""
    return sympy.Eq(T, 1 - sympy.log(2 * delta) / eps)
