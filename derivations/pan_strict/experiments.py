"""pan-strict Section 6 (Fig. 2), derived: the l2 loss of SS, WSS and OCMS against the strict lower bound.

Every estimator of Section 5 has a symmetric configuration, so Var[f_hat(x)] is affine in f(x) and the l2 loss
summed over the whole dictionary does not depend on the data: ``l2 = (d q(1-q) + (p-q)(1-p-q))/(n (p-q)^2)``
(pan-strict Appendix A.1; :func:`derivations.pan_strict.constructions.pure_l2`).  The derived values:
SS and WSS at the integer-optimal support size (both optimal symmetric configurations,
:func:`~derivations.pan_strict.constructions.osc_l2`), OCMS over the prime field with the pooled decoder
(:func:`~derivations.pan_strict.constructions.ocms_l2_pooled`, d' the smallest prime >= d, m its optimised
integer hash range), and the strict lower bound at the real optimum k* = d/(e^eps + 1)
(:func:`~derivations.pan_strict.constructions.osc_l2_star`, Corollary 3.1).  Values stay exact (at e^eps =
exp(eps)); searches and comparisons are decided by ldpref.exact's rigorous order; values leave the exact world
only through :func:`_at` (DPS digits: shown digits, the simulation).  Never imports a printed module.
"""

from __future__ import annotations

from functools import cache, cmp_to_key

import mpmath
import sympy

from ldpref.exact import exact_argmin, exact_floor, exact_holds, exact_order

from . import constructions as C
from .constructions_symbols import Predicate

DPS = 50
#: Section 6: 100 runs; the eps grid of Fig. 2 is lost in our copy: pan-cms Section 6's 1..5 (assumption)
EPS_GRID = (1, 2, 3, 4, 5)
#: "align perfectly" read as: within 1% of the strict lower bound (Fig. 2's log axis resolves a few percent)
TOLERANCE = sympy.Rational(1, 100)


def _at(expr, eps: int):
    """A rational function of e^eps (built at the symbol, where sympy is fast) evaluated at e^eps to DPS digits:
    the explicit exit from the exact world."""
    with mpmath.workdps(DPS):
        return mpmath.mpf(sympy.sympify(expr).evalf(DPS + 10, subs={C.e: sympy.exp(eps)}))


def ocms_m(d: int, eps: int) -> int:
    """OCMS's optimised hash range (see :func:`ocms_search`)."""
    return ocms_search(d, eps)[1]


@cache
def ocms_search(d: int, eps: int, largest_m: int | None = None) -> tuple:
    """(n l2, m) of OCMS at its optimised hash range (Corollary 5.2's hypothesis): the integer m in
    [2, min(largest_m, e^eps + 4)] (``largest_m`` defaults to d') minimising its l2 with the pooled decoder
    (pan-cms Eq. (8): pure_l2 at the overall p = e/(e + m - 1), q = c p + (1 - c)/(e + m - 1), c the family's
    collision rate, Appendix D), exactly: the l2 at e^eps = exp(eps), the least found by
    :func:`ldpref.exact.exact_argmin` (rigorous enclosures; the smallest m of equal values)."""
    dp = C.next_prime(d)
    largest_m = dp if largest_m is None else largest_m
    e = sympy.exp(eps)
    m_, c = sympy.Symbol("m", positive=True), sympy.Symbol("c")
    p = C.e / (C.e + m_ - 1)
    l2 = C.pure_l2(p, c * p + (1 - c) / (C.e + m_ - 1), d)
    points = [{m_: mm, c: C.ocms_collision_rate(dp, mm)} for mm in range(2, min(largest_m, exact_floor(e) + 4) + 1)]
    best = points[exact_argmin(l2, points, {C.e: e})]
    return l2.xreplace({**best, C.e: e}), best[m_]


@cache
def _osc_l2_at_symbol(d: int, k: int):
    """``C.osc_l2(d, k, e^eps)`` at the symbol e^eps, built once per (d, k) (ss_k and derived_values share it)."""
    return C.osc_l2(d, k, C.e)


@cache
def ss_k(d: int, eps: int) -> int:
    """The integer support size minimising the OSC l2 (a neighbour of d/(e^eps + 1)), decided exactly
    (:func:`ldpref.exact.exact_floor`, :func:`ldpref.exact.exact_order`; the smaller of equal ones)."""
    star = exact_floor(d / (sympy.exp(eps) + 1))
    cands = [kk for kk in (star, star + 1) if 1 <= kk <= d - 1]
    at = {C.e: sympy.exp(eps)}
    return min(cands, key=cmp_to_key(lambda a, b: exact_order(_osc_l2_at_symbol(d, a), _osc_l2_at_symbol(d, b), at)
                                     or a - b))


@cache
def derived_values(d: int, eps: int) -> dict:
    """{name: n * l2} for SS, WSS, OCMS and the strict lower bound (n l2 does not depend on n or the data), exact
    at e^eps = exp(eps)."""
    e = sympy.exp(eps)
    ss = _osc_l2_at_symbol(d, ss_k(d, eps)).xreplace({C.e: e})
    above_one = exact_order(sympy.Integer(d) / (e + 1), 1) >= 0
    bound = C.osc_l2_star(sympy.Integer(d), C.e) if above_one else C.osc_l2(d, 1, C.e)  # Corollaries 3.1 / 3.3
    return {"SS": ss, "WSS": ss, "OCMS": ocms_search(d, eps)[0], "bound": bound.xreplace({C.e: e})}


def align(v: dict, mechs=("SS", "WSS", "OCMS")) -> bool:
    """Each mechanism's l2 is at least the strict lower bound and within TOLERANCE above it (exact orders)."""
    return all(exact_holds(v["bound"], "<=", v[m_]) and exact_holds(v[m_], "<=", (1 + TOLERANCE) * v["bound"])
               for m_ in mechs)


def derived_align(mechs) -> Predicate:
    """The alignment statement on the derived values at an instance's d and eps."""
    return Predicate(r"\ell_2^{*} \le \ell_2(A) \le 1.01\,\ell_2^{*}\ \forall A \in \{" + ", ".join(mechs) + r"\}"
                     r"\ \text{(derived)}", lambda **kw: align(derived_values(kw["d"], kw["eps"]), mechs))
