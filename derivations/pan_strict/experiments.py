"""pan-strict Section 6 (Fig. 2), derived: the l2 loss of SS, WSS and OCMS against the strict lower bound.

Every estimator of Section 5 has a symmetric configuration, so Var[f_hat(x)] is affine in f(x) and the l2 loss
summed over the whole dictionary does not depend on the data: ``l2 = (d q(1-q) + (p-q)(1-p-q))/(n (p-q)^2)``
(pan-strict Appendix A.1; :func:`derivations.pan_strict.constructions.pure_l2`).  The derived values:
SS and WSS at the integer-optimal support size (both optimal symmetric configurations,
:func:`~derivations.pan_strict.constructions.osc_l2`), OCMS over the prime field with the pooled decoder
(:func:`~derivations.pan_strict.constructions.ocms_l2_pooled`, d' the smallest prime >= d, m its optimised
integer hash range), and the strict lower bound at the real optimum k* = d/(e^eps + 1)
(:func:`~derivations.pan_strict.constructions.osc_l2_star`, Corollary 3.1).  Values leave the exact world once,
converted to DPS digits.  Never imports a printed module.
"""

from __future__ import annotations

from functools import cache

import mpmath
import sympy

from . import constructions as C
from .constructions_symbols import Predicate

DPS = 50
#: Section 6: 100 runs; the eps grid of Fig. 2 is lost in our copy: pan-cms Section 6's 1..5 (assumption)
EPS_GRID = (1, 2, 3, 4, 5)
#: "align perfectly" read as: within 1% of the strict lower bound (Fig. 2's log axis resolves a few percent)
TOLERANCE = sympy.Rational(1, 100)


def _num(x):
    with mpmath.workdps(DPS):
        return mpmath.mpf(sympy.N(x, DPS + 10))


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
    collision rate, Appendix D), to DPS digits."""
    dp = C.next_prime(d)
    largest_m = dp if largest_m is None else largest_m
    with mpmath.workdps(DPS):
        e = mpmath.e ** eps
        def l2(m_):
            c = C.ocms_collision_rate(dp, m_)
            c = mpmath.mpf(c.p) / c.q
            p = e / (e + m_ - 1)
            return C.pure_l2(p, c * p + (1 - c) / (e + m_ - 1), d)
        vals = sorted((l2(m_), m_) for m_ in range(2, min(largest_m, int(mpmath.floor(e)) + 4) + 1))
    if vals[1][0] - vals[0][0] < mpmath.mpf(10) ** (10 - DPS) * vals[0][0]:
        raise ValueError(f"OCMS d = {d}, eps = {eps}: two hash ranges too close to separate at {DPS} digits")
    return vals[0]


@cache
def _osc_l2_at_symbol(d: int, k: int):
    """``C.osc_l2(d, k, e^eps)`` at the symbol e^eps, built once per (d, k) (ss_k and derived_values share it)."""
    return C.osc_l2(d, k, C.e)


@cache
def ss_k(d: int, eps: int) -> int:
    """The integer support size minimising the OSC l2 (a neighbour of d/(e^eps + 1))."""
    star = sympy.floor(d / (sympy.exp(eps) + 1))
    cands = [kk for kk in (int(star), int(star) + 1) if 1 <= kk <= d - 1]
    vals = sorted((_at(_osc_l2_at_symbol(d, kk), eps), kk) for kk in cands)
    return vals[0][1]


@cache
def derived_values(d: int, eps: int) -> dict:
    """{name: n * l2} for SS, WSS, OCMS and the strict lower bound (n l2 does not depend on n or the data)."""
    ss = _at(_osc_l2_at_symbol(d, ss_k(d, eps)), eps)
    star = sympy.Integer(d) / (sympy.exp(eps) + 1)
    bound = C.osc_l2_star(sympy.Integer(d), C.e) if star >= 1 else C.osc_l2(d, 1, C.e)  # Corollaries 3.1 / 3.3
    return {"SS": ss, "WSS": ss, "OCMS": ocms_search(d, eps)[0],
            "bound": _at(bound, eps)}


def align(v: dict, mechs=("SS", "WSS", "OCMS")) -> bool:
    """Each mechanism's l2 is at least the strict lower bound and within TOLERANCE above it."""
    with mpmath.workdps(DPS):
        tol = _num(TOLERANCE)
        return all(v["bound"] * (1 - mpmath.mpf(10) ** (10 - DPS)) <= v[m_] <= (1 + tol) * v["bound"] for m_ in mechs)


def derived_align(mechs) -> Predicate:
    """The alignment statement on the derived values at an instance's d and eps."""
    return Predicate(r"\ell_2^{*} \le \ell_2(A) \le 1.01\,\ell_2^{*}\ \forall A \in \{" + ", ".join(mechs) + r"\}"
                     r"\ \text{(derived)}", lambda **kw: align(derived_values(kw["d"], kw["eps"]), mechs))
