"""Certified rational enclosures of e^x for a rational x > 0 (issue 25: a claim at a fixed eps, e^eps transcendental).

An obligation about a figure's point ``eps = 3.75`` cannot name e^3.75 (no solver knows exp); it is posed for *every*
``t`` in a rational interval ``[lo, hi]`` that contains e^x, so a proof covers ``t = e^x``.  The interval is
certified here in exact rational arithmetic by the Taylor series of exp (all terms positive for x > 0):

    S_N = sum_{k <= N} x^k / k!  <  e^x  <=  S_N + x^(N+1)/(N+1)! * 1/(1 - x/(N+2))    (N + 2 > x),

the remainder bounded by a geometric series (each later term is at most x/(N+2) times the one before).  ``lo`` and
``hi`` are decimals with ``PLACES`` places just outside ``[S_N, S_N + bound]``; :func:`check_enclosure` re-derives
the inequalities from the rationals alone (the tests call it).
"""

from __future__ import annotations

import math

from fractions import Fraction

#: Taylor terms beyond x (N = x + TERMS) and decimal places of the enclosure's ends
TERMS, PLACES = 40, 15


def _taylor(x: Fraction, n: int) -> tuple[Fraction, Fraction]:
    """(S_n, remainder bound) of e^x, exact."""
    term, total = Fraction(1), Fraction(1)
    for k in range(1, n + 1):
        term = term * x / k
        total += term
    nxt = term * x / (n + 1)  # x^(n+1)/(n+1)!
    ratio = x / (n + 2)
    if ratio >= 1:
        raise ValueError(f"e^{x}: {n} Taylor terms are too few for the geometric remainder bound")
    return total, nxt / (1 - ratio)


def exp_enclosure(x) -> tuple[Fraction, Fraction]:
    """(lo, hi): decimal rationals with lo < e^x < hi for a rational x > 0, certified by :func:`check_enclosure`."""
    x = Fraction(x)
    if x <= 0:
        raise ValueError(f"exp_enclosure: x = {x} must be positive")
    n = math.ceil(x) + TERMS
    low, bound = _taylor(x, n)
    scale = 10 ** PLACES
    lo = Fraction(math.floor(low * scale) - 1, scale)
    hi = Fraction(math.ceil((low + bound) * scale) + 1, scale)
    if not check_enclosure(x, lo, hi):
        raise ArithmeticError(f"the enclosure of e^{x} is not certified")
    return lo, hi


def check_enclosure(x, lo, hi) -> bool:
    """Whether ``lo < e^x < hi`` follows from the Taylor partial sum and its remainder bound (exact, any N)."""
    x, lo, hi = Fraction(x), Fraction(lo), Fraction(hi)
    low, bound = _taylor(x, math.ceil(x) + TERMS)
    return lo < low and low + bound < hi
