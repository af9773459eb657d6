"""pan-cms derivations: tables (Section 5, Appendices H and I).

Everything here is derived from the paper's model -- the CMS of Section 3 (Eq. (2), Eq. (8)), randomised
response, unary encoding, Subset Selection, Recursive Hadamard Response as described in Section 4.3 --
never copied from the paper's text.  What the paper prints is transcribed in
:mod:`derivations.pan_cms.printed_tables`, which this module never imports.

Conventions
-----------
* ``E`` is ``e^eps`` (:data:`ldpref.exact.EXP_EPS`); ``e^{eps/2} = sqrt(E)``.
* Table 1 omits the factor ``1/n`` of the MSE and the l2 loss and ``1/sqrt(n)`` of the l1 loss: every
  loss below is ``n * MSE``, ``n * l2`` and ``sqrt(n) * l1``.  For an unbiased mechanism these do not
  depend on n (each client adds ``W[v][x]/n^2`` to ``Var f_hat_v``).
* A mechanism whose per-client variance coefficients ``W[v][x]`` take one value ``w_eq`` on the
  diagonal and one value ``w_neq`` off it (every unbiased CMS with a pairwise-independent family,
  every pure protocol) has ``n MSE_v = f_v w_eq + (1 - f_v) w_neq``, worst-case MSE ``max(w_eq, w_neq)``
  and ``n l2 = w_eq + (d - 1) w_neq`` (all clients on one value; the loss is linear in the counts).
* The l1 cells are the Cauchy-Schwarz bound ``sqrt(d l2)`` (Section 3.4, ``[l_1]``), except the SS
  cell, which is the normal approximation ``sqrt(2/pi) sum_v sqrt(Var_v)`` maximised over frequency
  vectors (uniform frequencies, by concavity and symmetry): ``sqrt(2/pi) sqrt(d l2)``.
"""

from __future__ import annotations

import functools
import math

import sympy

from ldpref.decide.for_all import one_sign
from ldpref.exact import exact_holds, exact_sign, leading_ratio, to_exact

from ..caching import cache
from .symbols import d, e, eps, n

from .symbols_statements import Predicate
from .symbols_tables import (B_MIN, BITS, BITS_PRIV, BITS_PUB, DVAR, E_FHAT, E_MSE_BAR, LOG2, LOG2_H,  # noqa: F401
                             MAX_E_S, MSE_RHR, N_MSE, P_SUPP, Q_SUPP, Omega, Theta, X, b, disp, k_ss, log2, m, m1,
                             rho, sym, t)

E = e
u = sympy.Symbol("u", positive=True)  # u = m - 1
V = sympy.Symbol("V", positive=True)
ROWS1 = ("HE", "RHR", "OLH", "OCMS", "CMS+HE", "SS", "a-RP", "s-RP")
COLS1 = ("l1", "l2", "mse")
ROWS2 = ("HE", "RHR", "OLH", "MSE-OCMS", "l-OCMS", "original-CMS", "SS", "RAPPOR")
half = sympy.sqrt(E)  # e^{eps/2}
H = sympy.Symbol("h", positive=True)  # e^{eps/2} as a symbol inside computations (E = h^2)




def displayed(fn):
    """A derived form or correction ``fn`` shown with log_2 (:func:`disp`, display only: checks read the form back as
    log(a)/log(2)).  The wrapper names the form it shows (``__wrapped__``, ``__module__``, ``__qualname__`` are
    ``fn``'s), so where a form is defined stays answerable through the record; it lives here, in a derivation module,
    because ``tests/test_derived_home.py`` judges every wrapper layer by its own module.  A printed form has its own
    wrapper in its printed module (:func:`derivations.pan_cms.printed_tables.displayed`, judged alike by
    ``tests/test_printed_home.py``)."""
    if fn is None:
        return None

    @functools.wraps(fn)
    def shown():
        return disp(fn())

    return shown


# ---- inner mechanisms and per-client variance coefficients ---------------------------------------
@cache  # pure, exact hashable arguments: the checks ask for the same values again
def pure_coefficients(p, q):
    """A report supports the value of interest w.p. p (holder) or q (others); the decoder
    ``(1{v in supp} - q)/(p - q)`` has per-client variances ``p(1-p)/(p-q)^2`` and ``q(1-q)/(p-q)^2``."""
    return sympy.cancel(p * (1 - p) / (p - q) ** 2), sympy.cancel(q * (1 - q) / (p - q) ** 2)


def rr_pq(mm, exp_eps=E):
    """m-ary randomised response: the true value w.p. e/(e + m - 1), each other w.p. 1/(e + m - 1)."""
    mm, exp_eps = to_exact(mm, what="m"), to_exact(exp_eps, what="e^eps")  # builtin numbers stay exact
    return exp_eps / (exp_eps + mm - 1), 1 / (exp_eps + mm - 1)


def rr_variances(mm, exp_eps=E):
    """``(Var(R|=), Var(R|!=))`` of RR on [m] with its unbiased decoder."""
    return pure_coefficients(*rr_pq(mm, exp_eps))


def cms_coefficients(cbar, v_eq, v_neq):
    """Per-client variance of the Eq. (8) decoder ``(1/(1 - c)) y_hat[h(x)] - c/(1 - c)`` (Eq. (2) when
    c = 1/m).  A client holding x' != x collides (h(x') = h(x)) with probability c, so by the law of
    total variance ``Var y_hat[h(x)] = c Var(R|=) + (1 - c) Var(R|!=) + c (1 - c)``; a holder of x has
    ``Var(R|=)``."""
    a = 1 / (1 - cbar)
    return (sympy.cancel(a**2 * v_eq), sympy.cancel(a**2 * (cbar * v_eq + (1 - cbar) * v_neq + cbar * (1 - cbar))))


@cache
def ss_pq(dd, kk, exp_eps=E):
    """Subset Selection: k-subsets weighted e (input inside) or 1.  Counting subsets:
    ``Z = C(d-1, k-1) e + C(d-1, k)``, ``p = C(d-1, k-1) e / Z``, ``q = (C(d-2, k-2) e + C(d-2, k-1)) / Z``."""
    C = sympy.binomial
    Z = C(dd - 1, kk - 1) * exp_eps + C(dd - 1, kk)
    p = C(dd - 1, kk - 1) * exp_eps / Z
    q = (C(dd - 2, kk - 2) * exp_eps + C(dd - 2, kk - 1)) / Z
    return sympy.cancel(sympy.combsimp(p)), sympy.cancel(sympy.combsimp(q))


@cache
def row_coefficients(row: str):
    """``(w_eq, w_neq)`` of a Table 1 row as functions of ``E`` (and d, m, m_1 where they enter)."""
    if row == "HE":  # Hadamard family: distinct non-zero rows agree on half the columns: c = 1/2
        return cms_coefficients(sympy.Rational(1, 2), *rr_variances(2))
    if row == "OLH":  # pairwise-independent hashing to [m], m = 1 + e
        mm = 1 + E
        return cms_coefficients(1 / mm, *rr_variances(mm))
    if row == "CMS":  # unbiased CMS + RR with pairwise-independent hashing, m free
        return cms_coefficients(1 / m, *rr_variances(m))
    if row == "OCMS":  # MSE-OCMS: m = 1 + e^{eps/2}  (computed in h = e^{eps/2})
        mm = 1 + H
        return cms_coefficients(1 / mm, *rr_variances(mm, H**2))
    if row == "CMS+HE":  # pairwise hash to [m1], then a Hadamard row: c = 1/m1 + (1 - 1/m1)/2
        cbar = 1 / m1 + (1 - 1 / m1) / 2
        return cms_coefficients(sympy.cancel(cbar), *rr_variances(2))
    if row == "SS":  # k = d/(e + 1)
        p, q = ss_pq(d, k_ss)
        kk = d / (E + 1)
        return pure_coefficients(sympy.cancel(p.subs(k_ss, kk)), sympy.cancel(q.subs(k_ss, kk)))
    if row == "a-RP":
        return pure_coefficients(sympy.Rational(1, 2), 1 / (E + 1))
    if row == "s-RP":
        return pure_coefficients(H / (H + 1), 1 / (H + 1))
    raise KeyError(row)


def worst_mse_from(w_eq, w_neq):
    """``max(w_eq, w_neq)``, decided exactly: the one sign of ``w_eq - w_neq`` for every e > 1
    (:func:`_sign_for_exp_eps_above_one`)."""
    diff = sympy.factor(sympy.cancel(w_eq - w_neq))
    if diff == 0:
        return w_eq
    sgn = _sign_for_exp_eps_above_one(diff)
    return w_eq if sgn > 0 else w_neq


def _sign_for_exp_eps_above_one(expr):
    """The one sign (1 or -1) of ``expr`` for every e^eps > 1 and every other parameter (d, m, m_1) above 1
    (:func:`_one_sign_above_one`).  ValueError when no single sign is proved."""
    sign = _one_sign_above_one(expr)
    if sign is None:
        raise ValueError(f"sign of {expr} for e^eps > 1 is not decided")
    return sign


def _one_sign_above_one(expr) -> int | None:
    """The one nonzero sign of ``expr`` for every e^eps > 1 and every other parameter (d, m, m_1) above 1, written in
    h = e^{eps/2} > 1 (so sqrt(e^eps) = h): :func:`ldpref.decide.for_all.one_sign` (exact, Sturm certificates for
    one parameter, a coefficient certificate for several); None when no single nonzero sign is proved."""
    in_h = expr.subs(E, H**2)
    if not in_h.free_symbols <= _ABOVE_ONE.keys():  # a symbol whose domain is not stated here: nothing is decided
        return None
    sign = one_sign(in_h, {symbol: _ABOVE_ONE[symbol] for symbol in in_h.free_symbols})
    return sign if sign else None  # 0 everywhere is not a nonzero sign


#: the parameters a sign is decided over and their strict lower bounds: e^{eps/2} > 1, and d, m, m_1 > 1
_ABOVE_ONE = {H: 1, d: 1, m: 1, m1: 1}


@cache
def finite_losses(row: str):
    """Exact finite-d losses ``(n MSE_worst, n l2, sqrt(n) l1)`` of a Table 1 row (l1: Cauchy-Schwarz,
    SS: normal approximation)."""
    w_eq, w_neq = row_coefficients(row)
    mse = None if row == "CMS" else sympy.cancel(worst_mse_from(w_eq, w_neq))
    l2 = sympy.cancel(w_eq + (d - 1) * w_neq)
    mse, l2 = [None if x is None else _from_h(x) for x in (mse, l2)]
    l1 = sympy.sqrt(d * l2, evaluate=False)
    if row == "SS":
        l1 = sympy.sqrt(2 / sympy.pi) * l1
    return mse, l2, l1


def _from_h(expr):
    """Write an expression computed in h = e^{eps/2} back in e^eps (h -> sqrt(e^eps)), factored."""
    if not expr.has(H):
        return expr
    return sympy.factor(expr).subs(H, half)


# ---- optimised CMS for l2 (l-OCMS) -------------------------------------------------------------
@cache
def cms_l2_in_u():
    """``n l2`` of unbiased CMS + RR as ``a u + b + c/u`` with ``u = m - 1`` (derived from the model)."""
    _, l2, _ = finite_losses("CMS")
    expr = sympy.cancel(l2.subs(m, u + 1) * u)
    poly = sympy.Poly(sympy.numer(expr), u)
    den = sympy.denom(expr)
    coeffs = [sympy.cancel(c / den) for c in poly.all_coeffs()]
    while len(coeffs) < 3:
        coeffs.insert(0, sympy.Integer(0))
    a, bb, c = coeffs
    return a, bb, c


@cache
def ocms_l2_optimum():
    """``min_{m > 1} n l2 = b + 2 sqrt(a c)`` at ``m* = 1 + sqrt(c/a)`` (AM-GM on a u + c/u)."""
    a, bb, c = cms_l2_in_u()
    return 1 + sympy.sqrt(sympy.cancel(c / a)), bb + 2 * sympy.sqrt(sympy.factor(sympy.cancel(a * c)))


def cms_l2_at(mm, dd, exp_eps):
    _, l2, _ = finite_losses("CMS")
    return sympy.cancel(l2.subs({m: mm, d: dd, E: exp_eps}))


# ---- leading terms (the large-d limits of the table) --------------------------------------------
@cache  # pure, exact hashable arguments: the checks ask for the same values again
def limit_at_oo(expr, var):
    """``lim_{var -> oo} expr``: by degrees for a rational function of var, else by sympy.limit."""
    expr = sympy.cancel(sympy.together(expr))
    lead = leading_ratio(*sympy.fraction(expr), var)
    if lead is not None:
        gap, ratio = lead
        if gap < 0:
            return sympy.Integer(0)
        ratio = sympy.cancel(ratio)
        if gap == 0:
            return ratio
        sign = _one_sign_above_one(ratio)  # the sign of the leading ratio decides +oo or -oo
        if sign is not None:
            return sympy.oo if sign > 0 else -sympy.oo
    return sympy.limit(expr, var, sympy.oo)


@cache  # pure, exact hashable arguments: the checks ask for the same values again
def limit_per_d(expr):
    """``lim_{d -> oo} expr / d``."""
    return limit_at_oo(expr / d, d)


def leading_in_d(expr):
    """``d * lim_{d -> oo} expr / d``."""
    return d * nice(limit_per_d(expr))


def _drop_abs(expr):
    """``|a| = a`` for every a that is positive whenever e^eps > 1 (:func:`_one_sign_above_one`)."""
    return expr.replace(lambda a: isinstance(a, sympy.Abs) and _one_sign_above_one(a.args[0]) == 1,
                        lambda a: a.args[0])


@cache  # pure, exact hashable arguments: the checks ask for the same values again
def nice(expr):
    """Tidy a function of e^eps: written in h = e^{eps/2}, factored, and written back."""
    h = sympy.Symbol("h", positive=True)
    in_h = sympy.factor(sympy.cancel(sympy.expand(expr.subs(E, h**2))))
    if sympy.cancel(in_h - in_h.subs(h, -h)) == 0:  # a function of e^eps itself
        return _drop_abs(sympy.factor(sympy.cancel(expr)))
    return _drop_abs(in_h.subs(h, half))


def _sqrt_positive(expr):
    """``sqrt`` of a positive factored expression, with the square roots of squared factors taken out
    (their sign is fixed by e^eps > 1)."""
    num, den = sympy.fraction(sympy.factor(expr))

    def root(part):
        out = sympy.Integer(1)
        for factor in sympy.Mul.make_args(part):
            base, ex = factor.as_base_exp()
            out *= sympy.Pow(base, sympy.Rational(ex) / 2) if ex.is_Rational else sympy.sqrt(factor)
        return out
    return _drop_abs(root(num) / root(den))


@cache
def table1_derived(row: str, col: str):
    """The cell derived from the model: the exact worst-case value where it does not depend on d, else
    the leading term as d -> oo (CMS+HE: after m_1 -> oo; OCMS l1/l2: at the optimal real m)."""
    if row == "RHR":
        return rhr_derived(col)
    if row == "OCMS" and col in ("l1", "l2"):
        a, bb, c = cms_l2_in_u()  # min_m = b + 2 sqrt(a c): per d, lim b/d + 2 sqrt(lim a/d lim c/d)
        lead2 = d * nice(limit_per_d(bb) + 2 * _sqrt_positive(nice(limit_per_d(a) * limit_per_d(c))))
    elif col == "mse":
        mse = finite_losses(row)[0]
        if row == "CMS+HE":
            mse = limit_at_oo(mse, m1)
        if row == "SS":
            mse = limit_at_oo(mse, d)
        return nice(mse)
    else:
        l2 = finite_losses(row)[1]
        if row == "CMS+HE":
            l2 = d * limit_at_oo(l2 / d, m1)
        lead2 = leading_in_d(l2)
    if col == "l2":
        return lead2
    coef = _sqrt_positive(nice(sympy.cancel(lead2 / d)))
    if row == "SS":
        coef = sympy.sqrt(2 / sympy.pi) * coef
    return d * coef


@cache
def table1_finite(row: str, col: str):
    """The exact finite-d value of a cell's loss (the correction of a limit cell): OCMS l1/l2 at the
    optimal real m; CMS+HE as a function of m_1."""
    if row == "OCMS" and col != "mse":
        l2 = ocms_l2_optimum()[1]
        return l2 if col == "l2" else sympy.sqrt(d * l2)
    mse, l2, l1 = finite_losses(row)
    return {"mse": mse, "l2": l2, "l1": l1}[col]


# ---- RHR (Section 4.3) -------------------------------------------------------------------------
@cache  # pure, exact hashable arguments: the checks ask for the same values again
def rhr_coefficients(M, exp_eps=E):
    """RHR with 2^b = M hashed values (offset x mod B, B = M/2, and a Hadamard bit), RR on [M], decoded by
    ``T = 1{z = y_j(x)} - 1{z = y_j(x) xor 1}`` over ``p - q``.  A client holding x' contributes
    ``E[T] = p - q`` (x' = x), ``0`` otherwise; ``E[T^2] = p + q`` when x' shares x's offset, ``2q`` when
    not.  Returns ``(w_eq, w_same, w_diff)``."""
    p, q = rr_pq(M, exp_eps)
    s2 = (p - q) ** 2
    return (sympy.cancel((p + q) / s2 - 1), sympy.cancel((p + q) / s2), sympy.cancel(2 * q / s2))


@cache  # pure, exact hashable arguments: the checks ask for the same values again
def rhr_l2(M, dd, exp_eps=E):
    """``n l2`` of RHR when B = M/2 divides d: a client's value shares its offset with d/B - 1 others."""
    w_eq, w_same, w_diff = rhr_coefficients(M, exp_eps)
    B = sympy.sympify(M) / 2
    tt = dd / B
    return sympy.cancel(w_eq + (tt - 1) * w_same + (dd - tt) * w_diff)


def rhr_worst_mse(M, exp_eps=E):
    """Worst-case MSE of RHR with at least two blocks (d > B): ``max(w_eq, w_same, w_diff) = w_same``."""
    return rhr_coefficients(M, exp_eps)[1]


@cache
def rhr_slope_tied():
    """``lim_{d -> oo} n l2 / d`` of RHR with 2^b = e^eps (the paper's reading of [12]: m = e^eps)."""
    return sympy.factor(limit_per_d(rhr_l2(E, d)))


def rhr_derived(col):
    """RHR's order, derived: with 2^b = e^eps (b >= 1; b = 1 is HE when e^eps < 2) the leading
    coefficient is ``2(2e - 1)^2/(e (e - 1)^2)``, of the order of ``e/(e - 1)^2``: l2 = Theta(d e/(e-1)^2),
    l1 = Theta(d sqrt(e)/(e - 1)); the worst-case MSE ``(e + 1)(2e - 1)/(e - 1)^2 >= ((e+1)/(e-1))^2``."""
    if col == "l2":
        return Theta(d * E / (E - 1) ** 2)
    if col == "l1":
        return Theta(d * half / (E - 1))
    return Omega(((E + 1) / (E - 1)) ** 2)


def rhr_order_in_eps(col):
    """RHR's leading coefficient (per d, l1: its square root) as a function of eps, piecewise in the
    regime: b = 1 (e^eps < 2) near 0, 2^b = e^eps at infinity."""
    small = limit_per_d(rhr_l2(2, d))  # b = 1
    large = rhr_slope_tied()
    f0, finf = small.subs(E, sympy.exp(eps)), large.subs(E, sympy.exp(eps))
    if col == "l1":
        f0, finf = sympy.sqrt(f0), sympy.sqrt(finf)
    return f0, finf


def _cls(lim):
    """The order class of a limit: 0, oo, 1 (finite, nonzero), or nan where sympy finds no limit (an undefined
    ratio is no class: it matches none, so a form whose order parts are undefined never passes as class 1)."""
    if lim.has(sympy.nan):
        return sympy.nan
    if lim == 0:
        return sympy.Integer(0)
    if lim.has(sympy.oo) or lim.has(sympy.zoo):
        return sympy.oo
    return sympy.Integer(1)


# ---- Table 2: bits from the constructions --------------------------------------------------------
def ceil_log2(x: int) -> int:
    return (int(x) - 1).bit_length()


def hadamard_size(rows_needed: int) -> int:
    size = 1
    while size < rows_needed:
        size *= 2
    return size


def bits_he(dd: int) -> int:
    """HE: a column index of the Hadamard matrix of size > d (rows x + 1) and one bit."""
    return ceil_log2(hadamard_size(dd + 1)) + 1


def bits_rhr(dd: int, bb: int) -> int:
    """RHR: a column of the Hadamard matrix of size > ceil(d / 2^(b-1)) and b response bits."""
    blocks = -(-dd // 2 ** (bb - 1))
    return ceil_log2(hadamard_size(blocks + 1)) + bb


def bits_ocms(dd: int, mm: int) -> int:
    """OCMS: one of the 2^(2l) functions of the GF(2^l) family (2^l >= d) and a response in [m]."""
    return 2 * ceil_log2(dd) + ceil_log2(mm)


def bits_all_functions(dd: int, mm: int) -> sympy.Expr:
    """A function [d] -> [m] drawn from all m^d of them (independent values): log2(m^d) bits."""
    return dd * log2(mm)


T2_LINEAR = {"OLH", "SS", "RAPPOR", "original-CMS"}


@cache
def table2_bounds(row: str):
    """A row's exact bit count split by hand from its construction as ``c log2 d + rest(eps)`` (log rows)
    or ``d coef(eps)`` (linear rows, leading order), with ``(lower, upper)`` for the eps-part (ceilings
    removed with x <= ceil(x) < x + 1; valid for d >= 2, RHR: d >= 2^(b-1), SS: k = d/(e^eps + 1)).

    * HE: Hadamard index ``ceil(log2(d + 1))`` plus 1 bit: ``log2 d + [1, 3]``.
    * RHR with 2^b = e^eps: index ``log2 K``, ``d/B + 1 <= K < 2 (d/B + 1)``, plus b bits:
      ``log2 d + [1, 4]`` -- the b response bits cancel the b - 1 bits saved on the index.
    * OLH: all m^d functions and a response, m = 1 + e^eps: ``d log2(1 + e^eps)`` per d.
    * MSE-OCMS / l-OCMS: ``2 ceil(log2 d) + ceil(log2 m)``: ``2 log2 d + log2(1 + e^{eps/2 or eps}) + [0, 3]``.
    * SS: ``log2 C(d, k)`` per d tends to ``H2(1/(e^eps + 1))`` (binary entropy).
    * RAPPOR: d bits exactly.

    Returns ``(linear, c, rest_lower, rest_upper)``.
    """
    x = sympy.exp(eps)
    pp = 1 / (1 + x)
    H2 = -(pp * log2(pp) + (1 - pp) * log2(1 - pp))
    return {
        "HE": (False, 1, sympy.Integer(1), sympy.Integer(3)),
        "RHR": (False, 1, sympy.Integer(1), sympy.Integer(4)),
        "OLH": (True, None, log2(1 + x), log2(1 + x)),
        "MSE-OCMS": (False, 2, log2(1 + sympy.exp(eps / 2)), log2(1 + sympy.exp(eps / 2)) + 3),
        "l-OCMS": (False, 2, log2(1 + x), log2(1 + x) + 3),
        "SS": (True, None, H2, H2),
        "RAPPOR": (True, None, sympy.Integer(1), sympy.Integer(1)),
    }[row]


@cache  # pure, exact hashable arguments: the checks ask for the same values again
def order_class(num, den, point):
    """Class of ``lim_{eps -> point} num/den``: 1 (finite positive), 0 or oo; ``den = 0`` identically:
    1 when num stays bounded, oo when it grows."""
    direction = "+" if point == 0 else "-"
    if den == 0:
        lim = sympy.limit(num, eps, point, direction)
        return sympy.Integer(1) if lim.is_finite else sympy.oo
    ratio = num / den
    ratio = ratio.replace(lambda a: isinstance(a, sympy.log), lambda a: sympy.log(sympy.together(a.args[0])))
    ratio = sympy.cancel(sympy.expand_log(ratio, force=True))
    if not ratio.has(eps):  # a constant ratio (the same order in every limit)
        return _cls(ratio)
    return _cls(sympy.limit(ratio, eps, point, direction))


def table2_derived(row: str):
    """The corrected Table 2 cell (leading order, bits; log is log2): derived from the constructions."""
    L = log2(d)
    return {
        "HE": L, "RHR": L, "OLH": d * log2(1 + E), "MSE-OCMS": 2 * L + log2(1 + half), "l-OCMS": 2 * L + log2(1 + E),
        "original-CMS": d * log2(m), "SS": log2(sympy.binomial(d, d / (1 + E))), "RAPPOR": d,
    }[row]


def table2_count(row: str):
    """A row's exact bit count from its construction, as a function of d (and e^eps, b): log2 of the number of
    hash functions a client may be assigned plus log2 of its response alphabet (see :func:`table2_bounds`)."""
    bb = b
    return {
        "HE": sympy.ceiling(log2(d + 1)) + 1,
        "RHR": sympy.ceiling(log2(sympy.ceiling(d / 2 ** (bb - 1)) + 1)) + bb,
        "OLH": (d + 1) * log2(1 + E),
        "MSE-OCMS": 2 * sympy.ceiling(log2(d)) + sympy.ceiling(log2(1 + half)),
        "l-OCMS": 2 * sympy.ceiling(log2(d)) + sympy.ceiling(log2(1 + E)),
        "SS": log2(sympy.binomial(d, d / (1 + E))),
        "RAPPOR": d,
    }[row]


# ---- Appendix H -------------------------------------------------------------------------------
@cache
def cms_rr_nvar(mm=m):
    """Derived: n Var of unbiased CMS + RR at frequency f: ``f w_eq + (1 - f) w_neq``."""
    from .symbols import f
    w_eq, w_neq = cms_coefficients(1 / mm, *rr_variances(mm))
    return sympy.cancel(f * w_eq + (1 - f) * w_neq)


def appH_ss_pq_derived():
    return ss_pq(d, k_ss)


# ---- Theorem 5.2 / Section 5.3 ---------------------------------------------------------------
def thm52_derived():
    """Derived: the assignment s(i) = a0 + a1 i over GF(2^L), 2^L >= max(n, k), reduced to [k] with
    k = |H| = 2^(2 ceil(log2 d)) (Eq. (18)), needs 2L = 2 max(ceil(log2 n), 2 ceil(log2 d)) bits; and
    fewer than 2 log2 k = 4 ceil(log2 d) bits cannot give P(j(1) = j(2) = j) = 1/k^2."""
    return 2 * sympy.Max(sympy.ceiling(log2(n)), 2 * sympy.ceiling(log2(d)))


def thm52_bits(dd: int, nn: int) -> int:
    """:func:`thm52_derived` with integers: ``2 max(ceil(log2 n), 2 ceil(log2 d))``."""
    return 2 * max(ceil_log2(nn), 2 * ceil_log2(dd))


def thm52_lower_bound(dd: int) -> int:
    """Any generator of b fair bits with pairwise-uniform assignments over [k] has 2^b >= k^2."""
    return 2 * 2 * ceil_log2(dd)


# ---- Theorem 5.1 ---------------------------------------------------------------------------
def thm51_expectation(mm, colliding_fraction):
    """Eq. (3) for one dataset: E f_hat(x) = m/(m-1) [f(x) + (1/n) sum_i c_{j(i)}(x, X_i)] - 1/(m-1)
    with f(x) = 0: ``m rho/(m - 1) - 1/(m - 1)`` for the fraction rho of clients colliding with x."""
    return sympy.Rational(mm, mm - 1) * colliding_fraction - sympy.Rational(1, mm - 1)


def sec52_bias_derived():
    return sympy.Eq(E_FHAT, (m * rho - 1) / (m - 1), evaluate=False)


# ---- Appendix I -------------------------------------------------------------------------------
def thmI1_markov_factor():
    """Derived (no normal approximation): Markov + union bound, Pr(max_x S(x) >= c V) <= |x|/c, so
    c = 20|x| gives 0.05 for every n and t."""
    return 20 * X


def thmI1_derived():
    return sympy.Le(sympy.Symbol(r"\Pr(\overline{MSE} \geq 20|\mathbf{x}| V)"), sympy.Rational(1, 20))


# ---- derived statements (correct at every instance; the checks evaluate them on exact facts) -------------
def theta_holds(order, var, point, loss, exp_eps=None):
    """``order = Theta(loss)`` at one limit: ``order/loss`` has a finite non-zero limit as var -> point.  ``order``
    may be written in e^eps or in eps; min(eps, eps^2) (Table 1's notation) is eps^2 near eps = 0 and eps beyond 1."""
    order = order.subs(E, sympy.exp(eps))
    if var == "eps":
        order = order.subs(sympy.Min(eps, eps**2), eps**2 if point == 0 else eps)
        lim = sympy.limit(order / loss, eps, point, "+" if point == 0 else "-")
    else:
        lim = sympy.limit(order.subs(eps, sympy.log(exp_eps)) / loss, d, sympy.oo)
    if not lim.is_number:  # a limit left with symbols: its sign is not asked of sympy's assumptions
        raise ValueError(f"the limit of {order}/{loss} as {var} -> {point} is not a number: {lim}")
    return bool(lim.is_finite) and exact_sign(lim) > 0  # an infinite limit is not Theta; a finite one: exact sign


def table1_rhr_order_derived(col: str):
    """RHR's order derived (:func:`rhr_derived`), as the relation the cell asserts (the loss named on the left);
    the check evaluates it at each limit of RHR's real loss (:func:`theta_holds`)."""
    loss = sympy.Symbol(r"n\,l_2^{RHR}") if col == "l2" else sympy.Symbol(r"\sqrt{n}\,l_1^{RHR}")
    return sympy.Eq(loss, rhr_derived(col), evaluate=False)


def table1_rhr_mse_derived():
    """RHR's worst-case n MSE with 2^b hashed values, (e+1)(e+2^b-1)/(e-1)^2 (:func:`rhr_worst_mse`), is at least
    HE's ((e+1)/(e-1))^2 (equality at b = 1)."""
    return sympy.Ge(sympy.factor(rhr_worst_mse(2**b)), ((E + 1) / (E - 1)) ** 2, evaluate=False)


def _bits_all(bits, d, m, **_):
    return sympy.simplify(bits - bits_all_functions(d, m)) == 0


def table2_original_cms_derived():
    """A function [d] -> [m] drawn from all m^d of them takes log2(m^d) = d log2 m bits."""
    return Predicate(r"\mathrm{bits} = \log_2 m^d = d \log_2 m", _bits_all)


def appH_response_bits_derived():
    """log2(1 + e^x) = x/ln 2 + log2(1 + e^-x), for x = eps/2 and x = eps."""
    return tuple(sympy.Eq(log2(1 + sympy.exp(x)), x / sympy.log(2) + log2(1 + sympy.exp(-x)), evaluate=False)
                 for x in (eps / 2, eps))


def appH_response_bits_corrected():
    """The sentence with its numbers right, in the claim's reading of 'close to' (the ratio tends to 1 as
    eps -> oo): log2(1 + e^x) ~ x/ln 2 = x log2 e for x = eps/2 and x = eps -- the derived identity's leading term
    (:func:`appH_response_bits_derived`: its remainder log2(1 + e^-x) tends to 0)."""
    return tuple(sympy.Eq(log2(1 + sympy.exp(x)), x / sympy.log(2), evaluate=False) for x in (eps / 2, eps))


def appH_ocms_bits_derived():
    """Eq. (18)'s family over GF(2^l), 2^l >= d: 2^(2l) functions, l = ceil(log2 d)."""
    return sympy.Eq(LOG2_H, 2 * sympy.ceiling(log2(d)), evaluate=False)


def appH_ss_var_derived():
    """n Var = f w_eq + (1 - f) w_neq, so its slope in f is w_eq - w_neq = (p - q)(1 - p - q)/(p - q)^2 for a pure
    protocol: it has the sign of 1 - p - q (p, q of Subset Selection from :func:`ss_pq`), zero with it --
    ``slope (1 - p - q) >= 0``.  Not ``> 0``: at d = 2, k = 1 (binary randomised response) p + q = 1 for every e^eps
    and the slope is 0 (the all-parameter proof attempt of issue 25 found it; no instance of the grid has p + q = 1)."""
    p, q = ss_pq(d, k_ss)
    return sympy.Ge(DVAR * (1 - p - q), 0, evaluate=False)


def rp_pq(row: str, exp_eps=E):
    """Support probabilities of a-RP (OUE) and s-RP (SUE)."""
    if row == "a-RP":
        return sympy.Rational(1, 2), 1 / (exp_eps + 1)
    h_ = sympy.sqrt(exp_eps)
    return h_ / (h_ + 1), 1 / (h_ + 1)


def appH_rp_worst_derived():
    """The MSE is linear in the counts: its worst case is the larger of the per-client variances, holder
    p(1-p)/(p-q)^2 and others q(1-q)/(p-q)^2 (:func:`pure_coefficients`)."""
    return sympy.Eq(N_MSE, sympy.Max(*pure_coefficients(P_SUPP, Q_SUPP)), evaluate=False)


def _thm51_bias(m_range, collisions, **_):
    """Eq. (3) per client: a client assigned h_j holding x' adds m/(m-1) c_j(x, x') - 1/(m-1) - 1{x' = x} to the
    bias (c_j(x, x) = 1); the largest and smallest bias over datasets add the per-client extremes."""
    hi = lo = sympy.Integer(0)
    for row in collisions:  # one client: (is x' = x, c_j(x, x')) for every x'
        devs = [thm51_expectation(m_range, c) - (1 if same else 0) for same, c in row]
        hi, lo = hi + max(devs), lo + min(devs)
    return bool(hi != 0 or lo != 0)


def thm51_derived():
    return Predicate(r"\max_{\mathrm{datasets}} \left|\tfrac{1}{n}\sum_i \left(\tfrac{m}{m-1} c_{j(i)}(x, X_i) - "
                     r"\tfrac{1}{m-1} - 1\{X_i = x\}\right)\right| > 0", _thm51_bias)


def thm52_statement_derived():
    return sympy.Ge(thm52_derived(), B_MIN, evaluate=False)


def _family_size(family, d, k, **_):
    return k == (2 ** (2 * ceil_log2(d)) if family == "gf2-affine" else hadamard_size(d + 1))


def sec53_identifier_derived():
    """Eq. (18)'s family has 2^(2 ceil(log2 d)) functions, the Hadamard family 2^ceil(log2(d + 1))."""
    return Predicate(r"k = 2^{2\lceil\log_2 d\rceil}\ (\mathrm{Eq.\ (18)}),\quad k = 2^{\lceil\log_2(d+1)\rceil}\ "
                     r"(\mathrm{Hadamard})", _family_size)


def _generator_bits(family, d, bits, **_):
    k = 2 ** (2 * ceil_log2(d)) if family == "gf2-affine" else hadamard_size(d + 1)
    return bits == ceil_log2(k * k)


def sec53_generator_derived():
    """Pairwise-uniform assignments over [k] from fair bits need 2^bits >= k^2: 2 log2 k bits (k a power of 2)."""
    return Predicate(r"\mathrm{bits} = 2 \log_2 k", _generator_bits)


def sec53_sync_cost_derived():
    return sympy.Lt(2 * sympy.ceiling(log2(d)), thm52_derived() + sympy.ceiling(log2(n)), evaluate=False)


def sec53_public_derived():
    return sympy.Eq(BITS_PUB, thm52_derived() + n * sympy.ceiling(log2(m)), evaluate=False)


def sec53_private_derived():
    return sympy.Eq(BITS_PRIV, n * (2 * sympy.ceiling(log2(d)) + sympy.ceiling(log2(m))), evaluate=False)


def eq22_derived():
    """Jensen: E[max_x S(x)] >= max_x E[S(x)]."""
    return sympy.Ge(E_MSE_BAR, MAX_E_S, evaluate=False)


def _markov(tail, rounds, values, **_):
    return exact_holds(tail(thmI1_markov_factor().subs(X, values)), "<=", sympy.Rational(1, 20))


def thmI1_statement_derived():
    """Markov and a union bound: Pr(max_x S(x) >= 20|x| V) <= |x|/(20|x|) = 1/20, for every n and t."""
    return Predicate(r"\Pr(\overline{MSE} \geq 20|\mathbf{x}| V) \leq 0.05", _markov)


def _markov_eq52(tail, rounds, values, **_):
    alpha = sympy.log(20 * values)
    c = 1 + 2 * (sympy.sqrt(rounds * alpha) + alpha) / rounds  # the threshold Eq. (52) bounds the probability at
    return exact_holds(1 - tail(c), ">=", 1 - values / c)


def eq52_derived():
    """At any threshold c: Pr(max_x S(x) < c V) >= 1 - |x|/c (Markov and a union bound)."""
    return Predicate(r"\Pr(\overline{MSE} < c V) \geq 1 - |\mathbf{x}|/c", _markov_eq52)


# ---- Section 5.1 statements --------------------------------------------------------------------------
@cache  # pure, exact hashable arguments: the checks ask for the same values again
def sec51_model_value(row: str, what: str, exp_eps, dd=None):
    """A row's value in Section 5.1's comparisons from the model: the d -> oo leading coefficient of n l2 per d,
    or the worst-case n MSE (RHR with 2^b = e^eps; "SS (k = 1)" at a finite d)."""
    if row == "SS (k = 1)":
        w = pure_coefficients(*[sympy.cancel(x.subs({d: dd, k_ss: 1, E: exp_eps})) for x in ss_pq(d, k_ss)])
        return max(w) if what == "mse" else sympy.cancel(w[0] + (dd - 1) * w[1])
    if row == "RHR":
        return (rhr_slope_tied() if what == "l2" else rhr_worst_mse(E)).subs(E, exp_eps)
    if what == "l2":
        return sympy.cancel((table1_derived(row, "l2") / d).subs(E, exp_eps))
    return sympy.cancel(table1_derived(row, "mse").subs(E, exp_eps))


def _argmins_as_modelled(values, exp_eps, d=None, **_):
    """The rows attaining each minimum among the values given are those the model's values predict."""
    dd = None if d == "oo" else d
    for what, tab in values.items():
        model = {r: sec51_model_value(r, what, exp_eps, dd) for r in tab}
        if {r for r in tab if tab[r] == min(tab.values())} != {r for r in model if model[r] == min(model.values())}:
            return False
    return True


def sec51_argmin_derived():
    return Predicate(r"\arg\min_{\mathrm{rows}} = \arg\min_{\mathrm{rows}} (\text{derived leading "
                     r"coefficients and worst-case MSE})", _argmins_as_modelled)


def _l1_ratio_as_modelled(ratio, **_):
    return sympy.simplify(ratio - sympy.simplify(table1_derived("OCMS", "l1") / table1_derived("SS", "l1"))) == 0


def sec51_l1_derived():
    """OCMS's l1 (Cauchy-Schwarz bound) over SS's (normal approximation): sqrt(pi/2) for every eps."""
    return Predicate(r"[l_1]_{OCMS} / l_{1,SS} = \sqrt{\pi/2}", _l1_ratio_as_modelled)


@cache
def sec51_same_order_model():
    """Which O(log d)-communication rows have OCMS's l2 order (leading coefficients in d, ratio bounded away
    from 0 and oo as eps -> 0+ and eps -> oo), from the derived cells (RHR: b = 1 near 0, 2^b = e^eps at oo)."""
    ocms = table1_derived("OCMS", "l2") / d
    cands = {"HE": (table1_derived("HE", "l2") / d,) * 2, "CMS+HE": (table1_derived("CMS+HE", "l2") / d,) * 2,
             "RHR": (limit_per_d(rhr_l2(2, d)), rhr_slope_tied())}
    return {r: bool(classes_in_eps(g0 / ocms)[0] == 1 and classes_in_eps(ginf / ocms)[1] == 1)
            for r, (g0, ginf) in cands.items()}


@cache  # pure, exact hashable arguments: the checks ask for the same values again
def classes_in_eps(ratio):
    """Classes (0, 1, oo) of ``lim ratio`` as eps -> 0+ and as eps -> oo for a function of e^eps: e^eps is
    increasing, so these are the limits e^eps -> 1+ and e^eps -> oo (taken in e^eps, which is faster)."""
    s = sympy.Symbol("s", positive=True)
    r = sympy.cancel(sympy.sympify(ratio))
    return (_cls(sympy.limit(r.subs(E, 1 + s), s, 0, "+")), _cls(sympy.limit(r, E, sympy.oo)))


def _same_order_as_modelled(same_order, **_):
    return same_order == sec51_same_order_model()


def sec51_rhr_derived():
    return Predicate(r"\lim_{\epsilon \to 0^+, \infty} \frac{l_{2,r}}{l_{2,OCMS}} \in (0, \infty) \iff "
                     r"r = \mathrm{RHR}\ (r \in \{\mathrm{HE}, \mathrm{RHR}, \mathrm{CMS{+}HE}\})",
                     _same_order_as_modelled)


# ---- Appendix H, communication ---------------------------------------------------------------------
def comm_functions_derived():
    """All m^d functions [d] -> [m] equally likely: log2(m^d) bits (:func:`bits_all_functions`)."""
    return sympy.Eq(BITS, bits_all_functions(d, m), evaluate=False)


def ss_comm_derived():
    """A k-subset of [d], k = d/(e^eps + 1), is one of C(d, k) outcomes: ceil(log2 C(d, k)) bits."""
    return sympy.Eq(BITS, sympy.ceiling(log2(sympy.binomial(d, d / (E + 1)))), evaluate=False)


def rappor_comm_derived():
    """All 2^d bit vectors are possible outputs: log2(2^d) bits."""
    return sympy.Eq(BITS, log2(2**d), evaluate=False)
