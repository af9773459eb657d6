"""Cross-paper derivations: pan-strict's strict lower bound (the OSC optimum) against pan-cms's optimized
Count-Mean Sketch (pan-cms Theorem 3.7).

* :func:`pancms_l2_star_printed` -- pan-cms Theorem 3.7 as printed (main text):
  ``l2* = 2(Delta_l + d e^eps)/(n (e^eps - 1)^2)``, ``Delta_l = e^(eps/2) sqrt((e^eps + d - 1)(d e^eps - e^eps + 1))``.
* :func:`cms_rr_l2` -- derived here independently: CMS + m-ary RR with collision rate 1/m is a pure protocol
  with ``p = e/(e + m - 1)`` (the true bucket survives RR) and ``q = 1/m`` (another value's bucket is hit with
  probability 1/m whatever RR does); its l2 per client is ``(d q(1-q) + (p-q)(1-p-q))/(p-q)^2``.
  :func:`cms_rr_m_star` is the real stationary point m > 1.
* :func:`osc_l2_star` -- pan-strict's bound: the OSC loss at k = d/(e+1) when d >= e + 1, at k = 1 (GRR)
  otherwise (from ``derivations.pan_strict.constructions``).
* :func:`gap_certificate` -- an exact proof that pan-cms's l2* exceeds the OSC bound for all d >= 2,
  e^eps > 1: ``(2 Delta_l)^2 - T^2`` factors into a positive polynomial (T = (e-1)^2 n OSC* - 2 d e).
"""

from __future__ import annotations

from functools import cache

import sympy

import derivations.pan_strict.constructions as PS
from ldpref.exact import EXP_EPS

e = EXP_EPS
d = sympy.Symbol("d", positive=True, integer=True)
m = sympy.Symbol("m", positive=True)
n = sympy.Symbol("n", positive=True, integer=True)
u, v = sympy.symbols("u v", positive=True)


def delta_l_printed(d_=d, e_=e):
    """pan-cms Theorem 3.7's Delta_l (main text), e^(eps/2) written as sqrt(e^eps)."""
    return sympy.sqrt(e_) * sympy.sqrt((e_ + d_ - 1) * (d_ * e_ - e_ + 1))


def pancms_l2_star_printed(d_=d, e_=e, n_=n):
    return 2 * (delta_l_printed(d_, e_) + d_ * e_) / (n_ * (e_ - 1) ** 2)


def cms_rr_pq(m_=m, e_=e):
    p = e_ / (e_ + m_ - 1)
    q = 1 / sympy.sympify(m_)
    return p, q


def cms_rr_l2(d_=d, m_=m, e_=e, n_=1):
    p, q = cms_rr_pq(m_, e_)
    return sympy.cancel((d_ * q * (1 - q) + (p - q) * (1 - p - q)) / (n_ * (p - q) ** 2))


@cache
def cms_rr_m_star():
    """The stationary point m > 1 of cms_rr_l2 (symbolic d, e): a root of a quadratic in m."""
    num = sympy.numer(sympy.together(sympy.diff(cms_rr_l2(d, m, e), m)))
    roots = sympy.solve(num, m)
    good = [r for r in roots if not (r.subs({d: 10, e: 3}) < 1)]
    return sympy.simplify(good[0])


@cache
def _mp_functions():
    return (sympy.lambdify((d, e), cms_rr_m_star(), modules="mpmath"),
            sympy.lambdify((d, m, e), cms_rr_l2(d, m, e), modules="mpmath"),
            sympy.lambdify((d, e), pancms_l2_star_printed(d, e, 1), modules="mpmath"))


def cms_rr_l2_star_value(d_, e_):
    """cms_rr_l2 at its real optimum m* for numeric d, e: an irrational value, evaluated with mpmath at the
    caller's working precision (d_ and e_ given as exact rationals, converted explicitly)."""
    import mpmath

    fm, fl, _ = _mp_functions()
    dv, ev = mpmath.mpf(int(d_)), mpmath.mpf(sympy.Rational(e_).p) / sympy.Rational(e_).q
    return fl(dv, fm(dv, ev), ev)


def pancms_l2_star_value(d_, e_):
    """pan-cms Theorem 3.7's printed l2* (n = 1), mpmath at the caller's precision."""
    import mpmath

    _, _, fp = _mp_functions()
    return fp(mpmath.mpf(int(d_)), mpmath.mpf(sympy.Rational(e_).p) / sympy.Rational(e_).q)


def osc_l2_star(d_=d, e_=e, n_=1):
    """pan-strict's strict lower bound (real k): k = d/(e+1) if d >= e + 1, else k = 1."""
    d_, e_ = sympy.sympify(d_), sympy.sympify(e_)
    if d_.is_number and e_.is_number and bool(d_ < e_ + 1):
        return sympy.cancel(PS.osc_l2(d_, 1, e_, n_))
    return sympy.cancel(PS.osc_l2(d_, d_ / (e_ + 1), e_, n_))


def osc_vs_cms_form():
    return sympy.Lt(sympy.Symbol(r"l_2^{*}(\mathrm{OSC})"), pancms_l2_star_printed())


@cache
def gap_certificate():
    """Exact argument that pan-cms l2* > OSC l2* (n = 1, times (e-1)^2):

    * d >= e + 1: pan-cms (e-1)^2 l2* = 2 Delta + 2de and OSC (e-1)^2 l2* = (d-1)(4de - (e+1)^2)/d.  With
      T = OSC - 2de the claim is 2 Delta > T; since d^2 ((2 Delta)^2 - T^2) = (d-1)^2 (e+1)^2 (8de - (e+1)^2)
      > 0 (8de >= 8e(e+1) > (e+1)^2), 2 Delta > |T| >= T.
    * d < e + 1: OSC (e-1)^2 l2* = (d-1)(d + 2e - 2) (GRR); with T2 = that - 2de, (2 Delta)^2 - T2^2 is a
      polynomial whose coefficients are all positive after d = 2 + u, e = 1 + u + v (u, v > 0, i.e. e > d - 1).

    Returns (factored d^2((2Delta)^2 - T^2), [coefficients of the second polynomial in u, v])."""
    osc_regular = sympy.factor(PS.osc_l2(d, d / (e + 1), e) * (e - 1) ** 2)
    T = osc_regular - 2 * d * e
    first = sympy.factor(sympy.expand(sympy.numer(sympy.together(4 * (delta_l_printed() ** 2) - T ** 2))))
    grr = sympy.factor(PS.osc_l2(d, 1, e) * (e - 1) ** 2)
    T2 = grr - 2 * d * e
    second = sympy.Poly(sympy.expand((4 * delta_l_printed() ** 2 - T2 ** 2).subs({d: 2 + u, e: 1 + u + v},
                                                                                  simultaneous=True)), u, v)
    return first, second.coeffs()


def gap_limit():
    """lim_{d -> oo} (pan-cms l2* - OSC l2*) n (e-1)^2 = 2 (e+1)^2 (an absolute, not relative, gap)."""
    x = sympy.Symbol("x", positive=True)
    w = sympy.Symbol("w", positive=True)  # w = 1/x
    expr = (2 * delta_l_printed(x, e) + 2 * x * e - PS.osc_l2(x, x / (e + 1), e) * (e - 1) ** 2)
    return sympy.factor(sympy.limit(expr.subs(x, 1 / w), w, 0, "+"))


def relative_gap_leading():
    """(pan-cms l2*/OSC l2* - 1) ~ (e+1)^2/(2 d e) as d -> oo."""
    return (e + 1) ** 2 / (2 * d * e)


def gap_forms():
    G = sympy.Symbol(r"\lim_{d\to\infty} n (e^{\epsilon}-1)^2 (l_2^{*}(\mathrm{CMS}) - l_2^{*}(\mathrm{OSC}))")
    return sympy.Eq(G, 2 * (e + 1) ** 2)
