"""Exact refinement of an isolating interval of a real root of a polynomial with rational coefficients.

``sympy.Poly.refine_root(s, t, eps=eps)`` (``fast=False``) redone on Python ints: the same Mobius steps, Taylor shifts
and local-max-quadratic lower bounds (its float log2 floor included), hence the same interval, without sympy's
dense-polynomial overhead.  Used by :func:`ldpref.gcms.critical_points` (Lemma 1 / Algorithm 4 of jiang-gcms,
Section IV-C: the stationary points of the objective refined to a target width).  Polynomials are int lists,
leading coefficient first.
"""

from __future__ import annotations

import math
from fractions import Fraction


def _strip(f):
    return f[next((i for i, c in enumerate(f) if c), len(f)):]


def _shift(f, a):  # f(x + a)
    f = list(f)
    for i in range(len(f) - 1, 0, -1):
        for j in range(i):
            f[j + 1] += a * f[j]
    return f


def _mul(f, g):
    h = [0] * (len(f) + len(g) - 1) if f and g else []
    for i, a in enumerate(f):
        for j, b in enumerate(g):
            h[i + j] += a * b
    return _strip(h)


def _sign_variations(f) -> int:
    nonzero = [c for c in f if c]
    return sum(1 for u, v in zip(nonzero, nonzero[1:]) if u * v < 0)


def _lower_bound_floor(f) -> int:
    """int() of sympy's dup_root_lower_bound(f) (1/LMQ bound of the reversed f; 0 when there is none)."""
    f = _strip(f[::-1])  # dup_reverse, then the upper bound of that: made positive-leading, read constant first
    f = [-c for c in f][::-1] if f and f[0] < 0 else f[::-1]
    n, P, t = len(f), [], [1] * len(f)
    for i in range(n):
        if f[i] >= 0:
            continue
        a = int(math.log(-f[i], 2))
        QL = [[(t[j] + a - int(math.log(f[j], 2))) // (j - i), j] for j in range(i + 1, n) if f[j] > 0]
        if QL:
            t[min(QL)[1]] += 1
            P.append(min(QL)[0])
    e = max(P) + 1 if P else 1  # the bound is 1/2^e (none: 0)
    return 2 ** -e if e <= 0 else 0


def _refine_step(f, M):
    a, b, c, d = M
    if a == b and c == d:  # an exact root
        return f, M
    A = _lower_bound_floor(f)
    if A >= 1:
        f = _shift(f, A)
        b, d = A * a + b, A * c + d
        if not f[-1]:
            return f, (b, b, d, d)
    f, g = _shift(f, 1), f
    if not f[-1]:
        return f, (a + b, a + b, c + d, c + d)
    if _sign_variations(f) == 1:
        return f, (a, a + b, c, c + d)
    f = _shift(_strip(list(reversed(g))), 1)
    return (f if f[-1] else f[:-1]), (b, a + b, d, c + d)


def refine_root(coeffs, s: Fraction, t: Fraction, eps: Fraction):
    """``sympy.Poly.refine_root(s, t, eps=eps)`` of the polynomial with rational ``coeffs`` (leading first), as
    Fractions: the isolating interval (s, t) refined to width < eps; None where sympy would raise (then call it)."""
    den = math.lcm(*(c.denominator for c in coeffs))
    f = [c.numerator * (den // c.denominator) for c in coeffs]
    if s == t:
        return s, t
    s, t = sorted((s, t))
    if s < 0 < t:
        return None
    negative = s < 0
    if negative:
        f = [-c if (len(f) - 1 - i) % 2 else c for i, c in enumerate(f)]  # f(-x)
        s, t = -t, -s
    a, b, c, d = s.numerator, t.numerator, s.denominator, t.denominator
    h = [0] * len(f)  # (c x + d)^n f((a x + b)/(c x + d)), n = deg f: sympy's dup_transform
    for i, coef in enumerate(f):
        term = [coef]
        for factor in [_strip([a, b])] * (len(f) - 1 - i) + [[c, d]] * i:
            term = _mul(term, factor)
        for j, v in enumerate(reversed(term)):
            h[-1 - j] += v
    f = _strip(h)
    if _sign_variations(f) != 1:
        return None
    M = (a, b, c, d)
    while not M[2]:
        f, M = _refine_step(f, M)
    en, ed = eps.numerator, eps.denominator
    while abs(M[0] * M[3] - M[1] * M[2]) * ed >= en * abs(M[2] * M[3]):  # |a/c - b/d| >= eps, cross-multiplied
        f, M = _refine_step(f, M)
    lo, hi = sorted((Fraction(M[0], M[2]), Fraction(M[1], M[3])))
    return (-hi, -lo) if negative else (lo, hi)


__all__ = ["refine_root"]
