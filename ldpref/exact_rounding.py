"""Certified integer rounding of exact reals: ceil(m c) for many integers m and one real c given exactly.

jiang-gcms Algorithm 4 sets s = ceil(m/(1 + (1/p - 1) e^eps)), a ceiling of m times a transcendental constant,
at every hash size m of a figure (Section VII-C, Fig. 7: m up to 10,000).  Evaluating each ceiling
symbolically costs milliseconds; here c is enclosed once between two rationals a/10^D and (a + 1)/10^D
(a = floor(c 10^D), decided by :func:`ldpref.exact.exact_floor`: rigorous enclosures, an integer only by a proof),
and ceil(m c) is read off in integer arithmetic where both ends give the same integer; where they do not (m c within
m/10^D of an integer) ``exact_floor`` decides -floor(-m c).  No float is involved.
"""

from __future__ import annotations

import sympy

from .exact import exact_ceiling, exact_floor

#: decimal digits of the enclosure of c
DIGITS = 40


def ceil_multiples(c, ms) -> list[int]:
    """[ceil(m c) for m in ms] for an exact real ``c`` (a sympy expression without free symbols) and integers
    ``ms``; exact (integer arithmetic on a certified enclosure of c, :func:`ldpref.exact.exact_floor` where it is too
    close)."""
    c = sympy.sympify(c)
    if c.free_symbols:
        raise ValueError(f"ceil_multiples: c = {c} has free symbols")
    scale = 10**DIGITS
    lo = exact_floor(c * scale)
    hi = lo + 1  # lo <= c scale < lo + 1
    out = []
    for m_ in ms:
        m_ = int(m_)
        if m_ < 0:
            raise ValueError(f"ceil_multiples: m = {m_} is negative")
        a, b = -((-m_ * lo) // scale), -((-m_ * hi) // scale)  # ceil(m lo/scale), ceil(m hi/scale)
        out.append(a if a == b else exact_ceiling(m_ * c))
    return out
