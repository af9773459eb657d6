"""pan-cms derivations: tables (Section 5, Appendices H and I).

Everything here is derived from the paper's model -- the CMS of Section 3 (Eq. (2), Eq. (8)), randomised
response, unary encoding, Subset Selection, Recursive Hadamard Response as described in Section 4.3 --
never copied from the paper's text.  Functions named ``*_printed`` (and the tables ``TABLE1_PRINTED``,
``TABLE2_PRINTED``) are transcriptions of what the paper prints, mistakes included.

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

import math
from functools import cache

import sympy

from .symbols import d, e, eps, n

E = e
m = sympy.Symbol("m", positive=True)  # hash range (a real number when optimised)
m1 = sympy.Symbol("m_1", positive=True)  # inner hash range of CMS+HE (Section 4.5)
u = sympy.Symbol("u", positive=True)  # u = m - 1
t = sympy.Symbol("t", positive=True, integer=True)  # experiment rounds (Eq. (22), Appendix I)
X = sympy.Symbol(r"|\mathbf{x}|", positive=True, integer=True)  # number of values of interest
V = sympy.Symbol("V", positive=True)
b = sympy.Symbol("b", positive=True, integer=True)  # RHR bits
k_ss = sympy.Symbol("k", positive=True)  # subset size of SS
Theta = sympy.Function(r"\Theta")
Omega = sympy.Function(r"\Omega")
ROWS1 = ("HE", "RHR", "OLH", "OCMS", "CMS+HE", "SS", "a-RP", "s-RP")
COLS1 = ("l1", "l2", "mse")
ROWS2 = ("HE", "RHR", "OLH", "MSE-OCMS", "l-OCMS", "original-CMS", "SS", "RAPPOR")
half = sympy.sqrt(E)  # e^{eps/2}
H = sympy.Symbol("h", positive=True)  # e^{eps/2} as a symbol inside computations (E = h^2)


def log2(x):
    return sympy.log(x, 2)


LOG2 = sympy.Function(r"\log_{2}")


def disp(expr):
    """Display form: ``log(a)/log(2)`` written as ``log_2(a)`` (LaTeX only; never used in computations)."""
    if isinstance(expr, (list, tuple)):
        return type(expr)(disp(x) for x in expr)
    if not isinstance(expr, sympy.Basic):
        return expr
    inv = sympy.Pow(sympy.log(2), -1)

    def is_log2_term(x):
        return x.is_Mul and inv in x.args and any(isinstance(f, sympy.log) and f.args[0] != 2 for f in x.args)

    def rewrite(x):
        args = list(x.args)
        args.remove(inv)
        i = next(i for i, f in enumerate(args) if isinstance(f, sympy.log) and f.args[0] != 2)
        args[i] = LOG2(args[i].args[0])
        return sympy.Mul(*args)
    return expr.replace(is_log2_term, rewrite)


# ---- transcriptions (printed forms) -------------------------------------------------------------
def _table1_printed():
    he_l1 = d * (E + 1) / (E - 1)
    he_l2 = d * (E + 1) ** 2 / (E - 1) ** 2
    he_mse = ((E + 1) / (E - 1)) ** 2
    cs = 2 * d * half / (E - 1)
    l2opt = 4 * d * E / (E - 1) ** 2
    return {
        ("HE", "l1"): he_l1, ("HE", "l2"): he_l2, ("HE", "mse"): he_mse,
        ("RHR", "l1"): Theta(d / sympy.sqrt(sympy.Min(eps, eps**2))),
        ("RHR", "l2"): Theta(d / sympy.Min(eps, eps**2)),
        ("RHR", "mse"): Omega(((E + 1) / (E - 1)) ** 2),
        ("OLH", "l1"): cs, ("OLH", "l2"): l2opt, ("OLH", "mse"): he_mse,
        ("OCMS", "l1"): cs, ("OCMS", "l2"): l2opt, ("OCMS", "mse"): half / (half - 1) ** 2,
        ("CMS+HE", "l1"): he_l1, ("CMS+HE", "l2"): he_l2, ("CMS+HE", "mse"): he_mse,
        ("SS", "l1"): sympy.sqrt(sympy.Rational(8) / sympy.pi) * d * half / (E - 1), ("SS", "l2"): l2opt,
        ("SS", "mse"): he_mse,
        ("a-RP", "l1"): cs, ("a-RP", "l2"): l2opt, ("a-RP", "mse"): he_mse,
        ("s-RP", "l1"): d * E ** sympy.Rational(1, 4) / (half - 1), ("s-RP", "l2"): d * half / (half - 1) ** 2,
        ("s-RP", "mse"): half / (half - 1) ** 2,
    }


def table1_printed(row: str, col: str):
    """Table 1 cell as printed (the 1/n, resp. 1/sqrt(n), factor omitted as in the paper)."""
    return _table1_printed()[(row, col)]


def _table2_printed():
    L = log2(d)
    return {
        "HE": L, "RHR": L + eps, "OLH": d * eps, "MSE-OCMS": 2 * L + eps / 2, "l-OCMS": 2 * L + eps,
        "original-CMS": Omega(d * log2(m)), "SS": d / (1 + E), "RAPPOR": d,
    }


def table2_printed(row: str):
    """Table 2 cell as printed (bits between the server and one client; log read as log2)."""
    return _table2_printed()[row]


# ---- inner mechanisms and per-client variance coefficients ---------------------------------------
def pure_coefficients(p, q):
    """A report supports the value of interest w.p. p (holder) or q (others); the decoder
    ``(1{v in supp} - q)/(p - q)`` has per-client variances ``p(1-p)/(p-q)^2`` and ``q(1-q)/(p-q)^2``."""
    return sympy.cancel(p * (1 - p) / (p - q) ** 2), sympy.cancel(q * (1 - q) / (p - q) ** 2)


def rr_pq(mm, exp_eps=E):
    """m-ary randomised response: the true value w.p. e/(e + m - 1), each other w.p. 1/(e + m - 1)."""
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
    """``max(w_eq, w_neq)``, decided exactly: the sign of ``w_eq - w_neq`` for e > 1 (substituting
    e = 1 + s^2, s > 0, the difference must have a sign-definite numerator and denominator)."""
    diff = sympy.factor(sympy.cancel(w_eq - w_neq))
    if diff == 0:
        return w_eq
    sgn = _sign_for_exp_eps_above_one(diff)
    return w_eq if sgn > 0 else w_neq


def _sign_for_exp_eps_above_one(expr):
    s = sympy.Symbol("s", positive=True)
    expr = expr.subs(E, H**2)  # h = e^{eps/2} > 1
    expr = expr.subs(H, 1 + s**2)
    # every other parameter (d, m, m_1) exceeds 1
    extra = {sym: 1 + sympy.Symbol(sym.name + "_p", positive=True) for sym in expr.free_symbols if sym not in (E,)}
    val = sympy.factor(sympy.cancel(expr.subs(E, 1 + s**2).subs(extra)))
    if val.is_positive:
        return 1
    if val.is_negative:
        return -1
    raise ValueError(f"sign of {expr} for e^eps > 1 is not decided")


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
def limit_at_oo(expr, var):
    """``lim_{var -> oo} expr``: by degrees for a rational function of var, else by sympy.limit."""
    expr = sympy.cancel(sympy.together(expr))
    num, den = sympy.fraction(expr)
    if num.is_polynomial(var) and den.is_polynomial(var):
        pn, pd = sympy.Poly(num, var), sympy.Poly(den, var)
        if pn.degree() < pd.degree():
            return sympy.Integer(0)
        if pn.degree() == pd.degree():
            return sympy.cancel(pn.LC() / pd.LC())
        return sympy.oo
    return sympy.limit(expr, var, sympy.oo)


def limit_per_d(expr):
    """``lim_{d -> oo} expr / d``."""
    return limit_at_oo(expr / d, d)


def leading_in_d(expr):
    """``d * lim_{d -> oo} expr / d``."""
    return d * nice(limit_per_d(expr))


_S = sympy.Symbol("s", positive=True)


def _drop_abs(expr):
    """``|a| = a`` for every a that is positive whenever e^eps > 1 (checked by e^eps = (1 + s^2)^2)."""
    def positive(a):
        return bool(sympy.simplify(a.subs(E, (1 + _S**2) ** 2)).is_positive)
    return expr.replace(lambda a: isinstance(a, sympy.Abs) and positive(a.args[0]), lambda a: a.args[0])


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
def rhr_coefficients(M, exp_eps=E):
    """RHR with 2^b = M hashed values (offset x mod B, B = M/2, and a Hadamard bit), RR on [M], decoded by
    ``T = 1{z = y_j(x)} - 1{z = y_j(x) xor 1}`` over ``p - q``.  A client holding x' contributes
    ``E[T] = p - q`` (x' = x), ``0`` otherwise; ``E[T^2] = p + q`` when x' shares x's offset, ``2q`` when
    not.  Returns ``(w_eq, w_same, w_diff)``."""
    p, q = rr_pq(M, exp_eps)
    s2 = (p - q) ** 2
    return (sympy.cancel((p + q) / s2 - 1), sympy.cancel((p + q) / s2), sympy.cancel(2 * q / s2))


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


def _printed_split(row):
    printed = table2_printed(row).subs(E, sympy.exp(eps))
    if row in T2_LINEAR:
        return None, sympy.cancel(printed / d)
    c = sympy.simplify(sympy.diff(printed, d) * d * sympy.log(2))
    return c, sympy.simplify(printed - c * log2(d))


def order_class(num, den, point):
    """Class of ``lim_{eps -> point} num/den``: 1 (finite positive), 0 or oo; ``den = 0`` identically:
    1 when num stays bounded, oo when it grows."""
    direction = "+" if point == 0 else "-"
    if den == 0:
        lim = sympy.limit(num, eps, point, direction)
        return sympy.Integer(1) if lim.is_finite else sympy.oo
    return _cls(sympy.limit(num / den, eps, point, direction))


@cache
def table2_classes(row: str):
    """Order classes, exact count vs printed cell: ``d``: ratio of the d-leading coefficients (log rows:
    of log2 d; linear rows: of d at eps = 2); ``eps->oo`` / ``eps->0``: ratio of the eps-parts.  Both
    bounds of the exact count must give the same classes."""
    linear, c, lo, hi = table2_bounds(row)
    pc, prest = _printed_split(row)
    out = []
    gap = sympy.simplify(hi - lo)
    # hi = lo + a constant and lo >= 1 on the whole range: both bounds have the same order, check lo only
    bounds = (lo,) if (not gap.free_symbols and gap >= 0 and sympy.limit(lo, eps, 0, "+") >= 1) else (lo, hi)
    for rest in bounds:
        dcls = _cls(sympy.simplify((rest / prest).subs(eps, 2))) if linear else _cls(sympy.Rational(c) / pc)
        out.append({"d": dcls, "eps->oo": order_class(rest, prest, sympy.oo), "eps->0": order_class(rest, prest, 0)})
    if out[0] != out[-1]:
        raise ValueError(f"{row}: the two bounds give different order classes {out}")
    return out[0]


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
def eq31_printed(mm=m):
    """Eq. (31) (paper), n Var(f_hat(x)_RR) as printed, with f = f(x)."""
    from .symbols import f
    return (1 - f) / (mm - 1) + mm * ((1 - f) * (E - 1) * (2 - mm) + mm * E) / ((mm - 1) * (E - 1) ** 2)


@cache
def cms_rr_nvar(mm=m):
    """Derived: n Var of unbiased CMS + RR at frequency f: ``f w_eq + (1 - f) w_neq``."""
    from .symbols import f
    w_eq, w_neq = cms_coefficients(1 / mm, *rr_variances(mm))
    return sympy.cancel(f * w_eq + (1 - f) * w_neq)


def appH_ss_pq_printed():
    """Appendix H (paper): p, q of SS (k the subset size)."""
    kk = k_ss
    p = kk * E / (kk * E + d - kk)
    q = kk * E / (kk * E + d - kk) * (kk - 1) / (d - 1) + (d - kk) / (kk * E + d - kk) * kk / (d - 1)
    return p, q


def appH_ss_pq_derived():
    return ss_pq(d, k_ss)


# ---- Theorem 5.2 / Section 5.3 ---------------------------------------------------------------
def thm52_printed():
    """Theorem 5.2 (paper): bits enough to generate pairwise-independent assignments."""
    return sympy.ceiling(sympy.Max(4 * log2(d), 2 * log2(n)))


def thm52_derived():
    """Derived: the assignment s(i) = a0 + a1 i over GF(2^L), 2^L >= max(n, k), reduced to [k] with
    k = |H| = 2^(2 ceil(log2 d)) (Eq. (18)), needs 2L = 2 max(ceil(log2 n), 2 ceil(log2 d)) bits; and
    fewer than 2 log2 k = 4 ceil(log2 d) bits cannot give P(j(1) = j(2) = j) = 1/k^2."""
    return 2 * sympy.Max(sympy.ceiling(log2(n)), 2 * sympy.ceiling(log2(d)))


def thm52_form():
    return sympy.Eq(sympy.Symbol(r"\mathrm{bits}"), thm52_derived(), evaluate=False)


def thm52_printed_form():
    return sympy.Eq(sympy.Symbol(r"\mathrm{bits}"), thm52_printed(), evaluate=False)


def thm52_bits(dd: int, nn: int) -> int:
    """:func:`thm52_derived` with integers: ``2 max(ceil(log2 n), 2 ceil(log2 d))``."""
    return 2 * max(ceil_log2(nn), 2 * ceil_log2(dd))


def thm52_printed_value(dd: int, nn: int) -> int:
    """``ceil(max(4 log2 d, 2 log2 n))`` computed exactly with integers: the least integer B with
    2^B >= max(d^4, n^2)."""
    return ceil_log2(max(dd**4, nn**2))


def thm52_lower_bound(dd: int) -> int:
    """Any generator of b fair bits with pairwise-uniform assignments over [k] has 2^b >= k^2."""
    return 2 * 2 * ceil_log2(dd)


# ---- Theorem 5.1 ---------------------------------------------------------------------------
def thm51_expectation(mm, colliding_fraction):
    """Eq. (3) for one dataset: E f_hat(x) = m/(m-1) [f(x) + (1/n) sum_i c_{j(i)}(x, X_i)] - 1/(m-1)
    with f(x) = 0: ``m rho/(m - 1) - 1/(m - 1)`` for the fraction rho of clients colliding with x."""
    return sympy.Rational(mm, mm - 1) * colliding_fraction - sympy.Rational(1, mm - 1)


def sec52_bias_printed():
    return sympy.Eq(sympy.Symbol(r"E[\hat{f}(x)]"), 1, evaluate=False)


def sec52_bias_derived():
    rho = sympy.Symbol(r"\rho", nonnegative=True)
    return sympy.Eq(sympy.Symbol(r"E[\hat{f}(x)]"), (m * rho - 1) / (m - 1), evaluate=False)


# ---- Appendix I -------------------------------------------------------------------------------
def thmI1_factor():
    """``1 + (2/t)(sqrt(t log(20|x|)) + log(20|x|))`` (printed)."""
    a = sympy.log(20 * X)
    return 1 + 2 * (sympy.sqrt(t * a) + a) / t


def thmI1_printed():
    return (sympy.Eq(sympy.Symbol("c"), thmI1_factor(), evaluate=False),
            sympy.Le(sympy.Symbol(r"\Pr(\overline{MSE} \geq c V)"), sympy.Rational(1, 20)))


def thmI1_markov_factor():
    """Derived (no normal approximation): Markov + union bound, Pr(max_x S(x) >= c V) <= |x|/c, so
    c = 20|x| gives 0.05 for every n and t."""
    return 20 * X


def thmI1_derived():
    return sympy.Le(sympy.Symbol(r"\Pr(\overline{MSE} \geq 20|\mathbf{x}| V)"), sympy.Rational(1, 20))


def eq52_printed():
    alpha = sympy.Symbol("alpha", positive=True)
    return (sympy.Eq(sympy.Symbol(r"c_{\alpha}"), 1 + 2 * (sympy.sqrt(t * alpha) + alpha) / t, evaluate=False),
            sympy.Gt(sympy.Symbol(r"\Pr(\overline{MSE} < c_{\alpha} V)"), (1 - sympy.exp(-alpha)) ** X))
