"""A rigorous interval for the worst-case l1 loss in the normal approximation (pan-strict Section 2.2, Theorem 2.3
and Eq. (2); proof in Appendix A.2).

What is maximised.  For an unbiased estimator (``Q P = I``) a client with input x adds ``W[v][x]/n^2`` to
``Var[f_hat_v]`` (:func:`ldpref.moments.per_client_variance_coefficients`; ``W >= 0``, each entry a variance), so at
frequencies ``f = c/n`` of a dataset of n clients ``Var_v = a_v(f)/n`` with ``a_v(f) = sum_x W[v][x] f_x``, and
Eq. (2) is

    h(f) = sqrt(2/pi) sum_{v of interest} sqrt(Var_v) = sqrt(2/(pi n)) sum_v sqrt(a_v(f)).

The l1 loss is its maximum over datasets (Theorem 2.3: ``l1 ~ max_f sqrt(2/pi) sum_v sqrt(Var[f_hat_v])``); as in
:func:`ldpref.losses.worst_case_l1_normal`, over the continuous relaxation
``F = {f : 0 <= f_x <= cap_x/n, sum_x f_x = 1}`` (``cap_x = floor(f_star n)`` on the values of interest when
``f_star`` is given, else n).  ``h`` is concave (a sum of square roots of nonnegative affine functions), so a local
search (Frank-Wolfe, in mpmath) finds the maximum; this module certifies the interval it reports.

Why the bounds hold.

* Lower: every point of F is a dataset's relaxation, so ``h(f*) <= max_F h`` for the search's point ``f*``,
  converted exactly to rationals and moved exactly into F (:func:`_feasible`).
* Upper: for ``t > 0`` and ``a >= 0``, ``sqrt(a) <= t/2 + a/(2 t)`` (it is ``(sqrt(a) - t)^2 >= 0``).  Hence for
  any positive rationals ``t_v`` and every ``g`` in F,
  ``h(g) <= sqrt(2/(pi n)) (sum_v t_v/2 + sum_x c_x g_x)`` with ``c_x = sum_v W[v][x]/(2 t_v)``, so
  ``max_F h <= sqrt(2/(pi n)) (sum_v t_v/2 + max_{g in F} c . g)``.  The linear maximum over F is attained by the
  greedy fill (largest ``c_x`` first, each up to its cap: a fractional knapsack with unit weights), computed in
  exact rationals.  With ``t_v = sqrt(a_v(f))`` this is ``h(f) + grad h(f) . (s - f)``, Frank-Wolfe's duality
  gap bound at f (the tangent plane of a concave function lies above it); a rational ``t_v`` near that root keeps
  the bound valid at a second-order cost ``sum_v (t_v - sqrt(a_v))^2/(2 t_v)``.  A row ``W[v] = 0`` is 0 on F and
  drops out.  Nothing in it depends on the search being accurate: a poor point only widens the interval.

Endpoints.  ``sqrt(2/(pi n))`` and the square roots are irrational: each bound is enclosed in a python-flint
``arb`` ball (rigorous, as in :func:`ldpref.exact._enclose`) and its exact ball end is rounded outward to a
decimal rational of ``digits`` significant digits (down for the lower, up for the upper).  The interval's ends are
``sympy.Rational``: an order against an exact quantity is decided by :func:`ldpref.exact.exact_order`
(:func:`certified_order`), never at some number of digits.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import mpmath
import sympy
from flint import arb, fmpq
from flint import ctx as flint_ctx
from mpmath.libmp import to_rational

from .errors import ParameterError
from .exact import exact_holds, to_fraction
from .losses import _interest_and_caps, _require_rational, worst_case_l1_normal
from .mechanism import Mechanism
from .moments import per_client_variance_coefficients

#: working precision (bits) of the enclosures behind the interval's ends
PRECISION = 256


@dataclass(frozen=True)
class L1Interval:
    """The worst-case Eq. (2) l1 loss lies in ``[lower, upper]`` (``sympy.Rational``, rounded outward): ``lower``
    is at most Eq. (2) at ``frequencies`` (a point of F, exact rationals), ``upper`` at least the tangent bound
    with the weights ``weights`` (``t_v`` per value of interest, None for a row that is 0).  ``search`` is the
    mpmath interval of the Frank-Wolfe search (shown only)."""

    lower: sympy.Rational
    upper: sympy.Rational
    frequencies: tuple
    weights: tuple
    search: object = None

    def contains(self, value) -> bool:
        """``lower <= value <= upper`` for an exact real ``value``, decided exactly (:func:`ldpref.exact.exact_holds`;
        a value with no enclosure is OrderUndecided)."""
        return exact_holds(self.lower, "<=", value) and exact_holds(value, "<=", self.upper)


def _exact_point(f) -> list[Fraction]:
    """mpmath numbers as the rationals they are (an mpf is a dyadic number: no rounding)."""
    return [Fraction(*to_rational(mpmath.mpf(x)._mpf_)) for x in f]


def _feasible(f: list[Fraction], caps: list[Fraction]) -> list[Fraction]:
    """A point of F near ``f``: clipped to ``[0, cap_x]``, then the excess over 1 taken off the largest entries
    first, or the shortfall added to the entries with room (exact)."""
    f = [min(max(x, Fraction(0)), c) for x, c in zip(f, caps)]
    diff = sum(f) - 1
    for x in sorted(range(len(f)), key=lambda i: -f[i] if diff > 0 else f[i] - caps[i]):
        if diff == 0:
            break
        move = min(diff, f[x]) if diff > 0 else max(diff, f[x] - caps[x])
        f[x] -= move
        diff -= move
    if diff != 0 or sum(f) != 1:
        raise ParameterError("the Frank-Wolfe point cannot be moved into the feasible set")
    return f


def greedy_linear_max(c: list[Fraction], caps: list[Fraction]) -> Fraction:
    """``max c . g`` over ``{0 <= g_x <= cap_x, sum g = 1}`` (caps summing to at least 1): fill the largest
    ``c_x`` first, each up to its cap.  Exchange argument: moving mass from a larger coefficient to a smaller one
    never increases ``c . g``."""
    total, left = Fraction(0), Fraction(1)
    for x in sorted(range(len(c)), key=lambda i: -c[i]):
        take = min(caps[x], left)
        total += c[x] * take
        left -= take
        if left == 0:
            return total
    raise ParameterError("the caps hold less than one unit of frequency: no dataset")


def _ball(value: Fraction):
    return arb(fmpq(value.numerator, value.denominator))


def _ends(ball) -> tuple[Fraction, Fraction]:
    """The exact ends ``mid -/+ rad`` of an arb ball (both dyadic numbers)."""
    def exact(x):
        man, exp = (int(v) for v in x.mid().man_exp())
        return Fraction(man) * Fraction(2) ** exp
    if not ball.is_finite():
        raise ParameterError("the enclosure of an l1 bound is not finite")
    mid, rad = exact(ball.mid()), exact(ball.rad())
    return mid - rad, mid + rad


def round_outward(value: Fraction, digits: int, *, up: bool) -> sympy.Rational:
    """``value`` rounded to a decimal of ``digits`` significant digits, towards +oo when ``up`` else towards -oo
    (exact): the result is never on the wrong side of ``value``."""
    if value == 0:
        return sympy.Integer(0)
    k = digits - len(str(abs(value.numerator) // value.denominator or 1))
    while abs(value) * Fraction(10) ** k < 10 ** (digits - 1):  # |value| < 1: more places
        k += 1
    scaled = value * Fraction(10) ** k
    n = -((-scaled.numerator) // scaled.denominator) if up else scaled.numerator // scaled.denominator
    return sympy.Rational(n) / sympy.Integer(10) ** k if k >= 0 else sympy.Rational(n * 10 ** -k)


def _rows(mech: Mechanism, interest) -> list[list[Fraction]]:
    dom = mech.domain
    W = per_client_variance_coefficients(mech)
    rows = [[to_fraction(dom.to_sympy(W[v][x])) for x in range(mech.d)] for v in interest]
    if any(w < 0 for row in rows for w in row):
        raise ParameterError("a negative variance coefficient: not the variances of an unbiased estimator")
    return rows


def _scale_ball(n: int):
    return (arb(fmpq(2, n)) / arb.pi()).sqrt()


def lower_bound(rows, f: list[Fraction], n: int) -> Fraction:
    """An exact rational at most ``h(f) = sqrt(2/(pi n)) sum_v sqrt(a_v(f))`` (the low end of its arb ball)."""
    with flint_ctx.workprec(PRECISION):
        total = arb(0)
        for row in rows:
            a = sum((w * x for w, x in zip(row, f)), Fraction(0))
            total += _ball(a).sqrt() if a > 0 else arb(0)
        return _ends(_scale_ball(n) * total)[0]


def upper_bound(rows, weights, caps: list[Fraction], n: int) -> Fraction:
    """An exact rational at least ``sqrt(2/(pi n)) (sum_v t_v/2 + max_{g in F} sum_x g_x sum_v W[v][x]/(2 t_v))``,
    which bounds ``max_F h`` for any ``t_v > 0`` (module docstring); rows that are 0 take no weight."""
    c = [Fraction(0)] * len(caps)
    half_t = Fraction(0)
    for row, t in zip(rows, weights):
        if t is None:
            continue
        if t <= 0:
            raise ParameterError(f"tangent weight {t} must be positive")
        half_t += t / 2
        for x, w in enumerate(row):
            c[x] += w / (2 * t)
    bound = half_t + greedy_linear_max(c, caps)
    with flint_ctx.workprec(PRECISION):
        return _ends(_scale_ball(n) * _ball(bound))[1]


def tangent_weights(rows, f) -> tuple:
    """``t_v``: a positive rational near ``sqrt(a_v(f))`` (mpmath's root, taken exactly; any positive value keeps
    the bound valid), None for a row that is 0 on F."""
    out = []
    for row in rows:
        if not any(row):
            out.append(None)
            continue
        a = sum((w * x for w, x in zip(row, f)), Fraction(0))
        root = mpmath.sqrt(mpmath.mpf(a.numerator) / a.denominator) if a > 0 else mpmath.mpf(0)
        t = Fraction(*to_rational(root._mpf_))
        out.append(t if t > 0 else min((w for w in row if w > 0), default=Fraction(1)) / 10 ** 6)
    return tuple(out)


def certified_l1_normal(mech: Mechanism, n: int, *, interest=None, f_star=None, digits: int = 15,
                        iterations: int = 2000, tolerance=None) -> L1Interval:
    """A rigorous interval for ``max_F h`` (module docstring), around the points of
    :func:`ldpref.losses.worst_case_l1_normal`'s search (same arguments): the lower end at its last point, the upper
    end the least tangent bound at its last point and at the iterate whose gap was least, each rounded outward to
    ``digits`` significant digits."""
    _require_rational(mech, "certified_l1_normal")
    search = worst_case_l1_normal(mech, n, interest=interest, f_star=f_star, digits=digits, iterations=iterations,
                                  tolerance=tolerance)
    interest, caps = _interest_and_caps(mech, n, interest, f_star)
    capf = [Fraction(c, n) for c in caps]
    rows = _rows(mech, interest)
    point = _feasible(_exact_point(search.frequencies), capf)
    low = lower_bound(rows, point, n)
    best = None
    for f in (search.frequencies, search.tangent or search.frequencies):
        weights = tangent_weights(rows, _feasible(_exact_point(f), capf))
        up = upper_bound(rows, weights, capf, n)
        if best is None or up < best[0]:
            best = (up, weights)
    lower, upper = round_outward(low, digits, up=False), round_outward(best[0], digits, up=True)
    return L1Interval(lower, upper, tuple(sympy.Rational(x.numerator, x.denominator) for x in point), best[1],
                      search)


def certified_order(value, lower, upper) -> int | None:
    """Where an exact real ``value`` lies against a certified interval ``[lower, upper]`` (an :class:`L1Interval`'s
    ends): -1 when ``value <= lower`` (the maximum is at least ``value``), +1 when ``value > upper`` (it is below
    ``value``), None when the interval does not decide (``value`` inside it).  By :func:`ldpref.exact.exact_order`;
    ``OrderUndecided`` when a value has no enclosure, never a rounded guess."""
    if exact_holds(value, "<=", lower):
        return -1
    return 1 if exact_holds(value, ">", upper) else None
