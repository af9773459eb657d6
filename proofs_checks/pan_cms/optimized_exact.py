"""The exact path of the optimized-CMS claims (Section 3.4, Appendix D): real mechanisms and exact
computations on them, shared by ``proofs_checks.pan_cms.optimized`` and ``optimized_l2``.

The exact path never uses the paper's formulas.  It builds real CMS mechanisms -- a real hash family
with collision rate 1/m (GF(2^l) affine family of Eq. (18) when m = 2^l >= d, the affine family over
Z_p when m = p is a prime >= d, otherwise every function [d] -> [m]) and the real inner mechanism of
``ldpref.mechanisms.cms.inner_mechanism`` -- and computes on them exactly (``ldpref.enumeration``,
``ldpref.moments``, ``ldpref.losses``):

* :func:`exact_cms` is the merged-output CMS of :mod:`ldpref.mechanisms.cms_lumped` (``lumped_cms``, and
  ``unary_cms_by_bits`` for a unary inner mechanism with m > 6): ``cms(family, inner)`` with outputs whose
  decoder columns coincide merged into one (the distribution of f_hat is unchanged); it keeps enumeration
  small.  Both are checked against the full ``cms`` mechanism on every small case (records "exact
  constructions agree").
* quantities as functions of a *real* m (derivatives, stationary points, limits) come from
  :func:`exact_var_function` / :func:`exact_l2_function`: exact values of real mechanisms at
  m = 2..5 interpolated by a polynomial in m after multiplying by (m-1)^2, which must also pass through
  the exact values at m = 6, 7 (and, for l2, be affine in d: fitted at d = 2, 3, checked at d = 4).
* integer optima come from an exhaustive search over integer m on real mechanisms.
"""

from __future__ import annotations

import itertools
from functools import cache, cmp_to_key, lru_cache

import mpmath
import sympy
from flint import fmpq_poly

import derivations.pan_cms.optimized as D
from derivations.pan_cms.symbols import d as d_sym
from derivations.pan_cms.symbols import m as m_sym
from ldpref import enumeration, losses, moments
from ldpref.dataset import all_datasets
from ldpref.decide.for_all import unique_positive_root
from ldpref.exact import EXP_EPS, exact_floor, exact_sign, leading_ratio, to_mpf
from ldpref.hashing import HashFamily, all_functions_family, gf2_affine_family, prime_affine_family
from ldpref.ledger.forms import as_fmpq
from ldpref.ledger.generic import Identity
from ldpref.mechanism import Mechanism
from ldpref.mechanisms.cms import cms, inner_mechanism
from ldpref.mechanisms.cms_lumped import lumped_cms, unary_cms_by_bits

R = sympy.Rational
E = EXP_EPS
M_FIT = (2, 3, 4, 5)  # interpolation nodes in m
M_CHECK = (6, 7)  # nodes the interpolant must also pass through
D_FIT, D_CHECK = (2, 3), (4,)
MODULE = "derivations.pan_cms.optimized"


# =============================================================================================
# Exact numbers
def _canon(x):
    """Canonical form of an exact algebraic number (a + b sqrt(c) ...), so equal values print equal."""
    x = sympy.sympify(x)
    if x.is_Rational:
        return x
    return _canon_expr(x)


@lru_cache(maxsize=4096)
def _canon_expr(x):
    """:func:`_canon` of a sympy number (keyed structurally: the checks canonicalise the same value many times)."""
    if x.has(sympy.Float):
        raise TypeError(f"a float in an exact computation: {x} (convert it explicitly, ldpref.exact.to_exact)")
    return sympy.expand(sympy.radsimp(x))


def _sign(x) -> int:
    """Exact sign of a real algebraic number (:func:`ldpref.exact.exact_sign` of its canonical form)."""
    return exact_sign(_canon(x))


def _le(a, b) -> bool:
    return _sign(sympy.sympify(a) - sympy.sympify(b)) <= 0


def _lt(a, b) -> bool:
    return _sign(sympy.sympify(a) - sympy.sympify(b)) < 0


def _show(x, digits=12) -> str:
    """A value for the report: exact form, plus a decimal when irrational (mpmath, explicit)."""
    x = sympy.sympify(x)
    if x.is_Rational:
        return str(x)
    return f"{x} (~{mpmath.nstr(to_mpf(x, 30), digits)})"


def closest_integers(x) -> set:
    """The integer(s) closest to a real algebraic x (two when x is a half-integer)."""
    fl = exact_floor(x)
    s = _sign(x - fl - R(1, 2))
    return {int(fl)} if s < 0 else {int(fl) + 1} if s > 0 else {int(fl), int(fl) + 1}


@cache
def _field(var):
    return sympy.QQ.frac_field(var)


def _cancel_in(expr, var=m_sym):
    """``sympy.cancel(expr)`` for a rational function of ``var`` alone over Q, computed in Q(var) (sympy's
    field of rational functions: the same reduced p/q, which ``to_sympy`` writes as ``cancel`` does, without
    ``cancel``'s ``factor_terms`` pass over the whole expression); anything else (other symbols, radicals) is
    cancelled by ``sympy.cancel``."""
    try:
        return _field(var).to_sympy(_field(var).from_sympy(expr))
    except ValueError:  # not in Q(var): a coefficient outside Q or another symbol
        return sympy.cancel(expr)


def limit_at_oo(expr, var=m_sym):
    """``sympy.limit(expr, var, oo)`` for a quotient of polynomials in ``var`` (coefficients free of ``var``: numbers
    or other symbols) whose numerator's degree is at most its denominator's: 0 for a lower degree, else the cancelled
    ratio of the leading coefficients (a common factor raises both degrees alike and leaves that ratio unchanged),
    without sympy's series machinery; anything else (a higher degree, a non-polynomial part) goes to
    ``sympy.limit``.  For the rational functions of m over Q here this is the same Rational sympy.limit returns
    (tests/test_speed_pcms_opt_limit.py)."""
    lead = leading_ratio(*sympy.fraction(expr), var)
    if lead is not None and lead[0] <= 0:
        return sympy.Integer(0) if lead[0] < 0 else sympy.cancel(lead[1])
    return sympy.limit(expr, var, sympy.oo)


def _numerator_in(expr, var=m_sym):
    """The numerator of ``cancel(expr)`` (as ``numer(together(cancel(expr)))``, up to a constant factor, which moves no
    root): read off the reduced p/q in Q(var) when ``expr`` is a rational function of ``var`` alone over Q."""
    try:
        return _field(var).from_sympy(expr).numer.as_expr()
    except ValueError:  # not in Q(var): a coefficient outside Q or another symbol
        return sympy.numer(sympy.together(sympy.cancel(expr)))


# =============================================================================================
# Real hash families with collision rate 1/m
@cache
def pairwise_family(m: int, d: int) -> HashFamily:
    if m & (m - 1) == 0 and m >= d:
        fam = gf2_affine_family(m.bit_length() - 1, d)
    elif sympy.isprime(m) and m >= d:
        fam = prime_affine_family(m, d, name=f"affine-mod-{m}(d={d})")
    else:
        fam = all_functions_family(d, m)
    if not fam.is_collision_uniform():
        raise AssertionError(f"{fam.name} does not have collision rate 1/m")
    return fam


# =============================================================================================
# Exact CMS mechanisms
#: the inner mechanism R on [m] (``ldpref.mechanisms.cms.inner_mechanism``), built once per (kind, m, e^eps)
inner = cache(inner_mechanism)


@cache
def full_cms(kind: str, m: int, d: int, exp_eps) -> Mechanism:
    return cms(pairwise_family(m, d), inner(kind, m, exp_eps)).mechanism


@cache
def exact_cms(kind: str, m: int, d: int, exp_eps) -> Mechanism:
    """The exact (lumped) CMS mechanism with inner ``kind`` on [m], d inputs, e^eps = exp_eps."""
    fam = pairwise_family(m, d)
    if kind == "rr" or m <= 6:
        return lumped_cms(fam, inner(kind, m, exp_eps))
    return unary_cms_by_bits(fam, kind, exp_eps)


@cache
def inner_variances_exact(kind: str, m: int, exp_eps):
    """(Var(R(a)[a]), Var(R(a)[b])) read off the exact inner mechanism by enumeration (one client)."""
    mech = inner(kind, m, exp_eps)
    var = enumeration.enumerated_moments(mech, [1] + [0] * (m - 1))["variance"]
    return sympy.cancel(var[0]), sympy.cancel(var[1])


def _datasets(d: int, n: int):
    """Every dataset of exactly n clients over d values."""
    return all_datasets(d, n, min_n=n)


# =============================================================================================
# Exact functions of a real m (interpolation of exact values, checked at extra nodes)
def _interpolate(points, var, check):
    """The polynomial in ``var`` through ``points`` (exact; Lagrange's form in python-flint rationals when the
    nodes and values are rational), which must also pass through the ``check`` points."""
    if all(sympy.sympify(v).is_Rational for pt in list(points) + list(check) for v in pt):
        xs, ys = ([as_fmpq(v) for v in column] for column in zip(*points))
        flint_poly = fmpq_poly([0])
        for i, (xi, yi) in enumerate(zip(xs, ys)):  # Lagrange: sum_i y_i prod_{j != i} (var - x_j)/(x_i - x_j)
            term = fmpq_poly([yi])
            for j, xj in enumerate(xs):
                if j != i:
                    term *= fmpq_poly([-xj, 1]) / (xi - xj)
            flint_poly += term
        poly = sympy.Poly([R(int(c.p), int(c.q)) for c in reversed(flint_poly.coeffs())] or [0], var).as_expr()
    else:
        poly = sympy.expand(sympy.interpolate(points, var))
    for x, value in check:
        if poly.subs(var, x) != value:
            raise ArithmeticError(f"exact values are not polynomial of the fitted degree: at {var}={x}, "
                                  f"interpolant {poly.subs(var, x)} != exact {value}")
    return poly


@cache
def exact_var_function(kind: str, exp_eps, fx) -> sympy.Expr:
    """``n Var(f_hat(x))`` as an exact function of real m, for f(x) = fx (d = 2, n = denominator of
    fx, counts (n fx, n - n fx)), from real mechanisms at m = 2..7."""
    fx = R(fx)
    nn, c = int(fx.q), int(fx.p)

    def value(mm):
        var = moments.variance(exact_cms(kind, mm, 2, exp_eps), (c, nn - c))[0]
        return var * nn * (mm - 1) ** 2

    poly = _interpolate([(mm, value(mm)) for mm in M_FIT], m_sym, [(mm, value(mm)) for mm in M_CHECK])
    return _cancel_in(poly / (m_sym - 1) ** 2)


@cache
def exact_l2_function(kind: str, exp_eps) -> sympy.Expr:
    """``n l2`` as an exact function of real m and d (worst case over datasets of real mechanisms at
    m = 2..7, d = 2..4; polynomial in m after multiplying by (m-1)^2, affine in d)."""
    per_d = {}
    for dd in D_FIT + D_CHECK:
        def value(mm, dd=dd):
            return losses.worst_case_l2(exact_cms(kind, mm, dd, exp_eps), 1).value * (mm - 1) ** 2
        per_d[dd] = _interpolate([(mm, value(mm)) for mm in M_FIT], m_sym, [(mm, value(mm)) for mm in M_CHECK])
    poly_m = [sympy.Poly(per_d[dd], m_sym) for dd in D_FIT + D_CHECK]
    degree = max(p.degree() for p in poly_m)
    total = sympy.Integer(0)
    for power in range(degree + 1):
        coeffs = {dd: sympy.Poly(per_d[dd], m_sym).coeff_monomial(m_sym ** power) for dd in D_FIT + D_CHECK}
        c_d = _interpolate([(dd, coeffs[dd]) for dd in D_FIT], d_sym, [(dd, coeffs[dd]) for dd in D_CHECK])
        total += c_d * m_sym ** power
    return sympy.cancel(total / (m_sym - 1) ** 2)


def derivative(F, var=m_sym):
    """d/dvar of a rational function F of var, cancelled: (p'q - pq')/q^2 by polynomial arithmetic on F = p/q
    (the same function as ``cancel(diff(F, var))``; ``diff`` of the expression re-simplifies at every node)."""
    p, q = (sympy.Poly(x, var) for x in sympy.fraction(_cancel_in(F, var)))
    num, den = p.diff(var) * q - p * q.diff(var), q ** 2
    g = num.gcd(den)
    return num.quo(g).as_expr() / den.quo(g).as_expr()


def _roots_above(expr, lo, var=m_sym):
    """Real roots >= lo of the numerator of a rational function of var (exact)."""
    num = _numerator_in(expr, var)
    if num.is_number:
        return []
    out = []
    for r in sympy.real_roots(sympy.Poly(num, var)):
        if _sign(r - lo) >= 0:
            out.append(_canon(r))
    return sorted(set(out), key=cmp_to_key(lambda p, q: exact_sign(p - q)))  # in exact order


def _continuous_min(funcs, lo=2):
    """min over real m >= lo of max(funcs) (exact): the minimiser is the boundary, a stationary point of
    one function, or a point where two functions cross.  Returns (value, argmin)."""
    cands = {sympy.Integer(lo)}
    for F in funcs:
        cands.update(_roots_above(derivative(F), lo))
    for F, G in itertools.combinations(funcs, 2):
        cands.update(_roots_above(F - G, lo))
    best = None
    for c in cands:
        vals = [_canon(F.subs(m_sym, c)) for F in funcs]
        worst = vals[0]
        for v in vals[1:]:
            if _lt(worst, v):
                worst = v
        if best is None or _lt(worst, best[0]):
            best = (worst, c)
    return best


# =============================================================================================
# Shared exact computations (cached)
MSE_E_GRID = (R(2), R(3), R(4), R(5, 2))
MSE_F_GRID = (R(0), R(1, 4), R(1, 2), R(3, 4), R(1))


@cache
def mse_exact_optimum(exp_eps, fs):
    """(continuous optimum value, argmin) of the exact worst-case n MSE over 0 <= f(x) <= f*."""
    v0 = exact_var_function("rr", exp_eps, 0)
    if fs == 0:
        return _continuous_min([v0])
    return _continuous_min([v0, exact_var_function("rr", exp_eps, fs)])


@cache
def exact_stationary(exp_eps, fs):
    """Stationary point m > 1 of the exact n Var(f_hat_RR | f(x) = f*) and the value there."""
    F = exact_var_function("rr", exp_eps, fs)
    (root,) = _roots_above(derivative(F), 1 + R(1, 10 ** 6))
    return root, _canon(F.subs(m_sym, root))


@cache
def exact_worst_mse_int(kind: str, mm: int, exp_eps, fs) -> sympy.Expr:
    """n * worst-case MSE over datasets of n = denominator(f*) clients with f(0) <= f* (value of
    interest: input 0), on the real mechanism."""
    fs = R(fs)
    nn = int(fs.q)
    wc = losses.worst_case_mse(exact_cms(kind, mm, 2, exp_eps), nn, interest=[0], f_star=fs)
    return wc.value * nn


@cache
def exact_l2_int(kind: str, mm: int, dd: int, exp_eps) -> sympy.Expr:
    return losses.worst_case_l2(exact_cms(kind, mm, dd, exp_eps), 1).value


def _argmin_set(values: dict) -> set:
    best = min(values.values())
    return {k for k, v in values.items() if v == best}


@cache
def l2_exact_optimum(exp_eps, dd):
    return _continuous_min([exact_l2_function("rr", exp_eps).subs(d_sym, dd)])


def _leading_terms(l2fun):
    """(d * lim l1bound/d, d * lim l2*/d, lim m*) as d -> oo for an l2 function of (m, d) at fixed
    e^eps (exact rational coefficients): m*(d) is the stationary root > 1 in m; see
    ``derivations.pan_cms.optimized.corollary35_derived`` for the continuity argument."""
    num = sympy.numer(sympy.together(sympy.cancel(sympy.diff(l2fun, m_sym))))
    t = sympy.Symbol("t", positive=True)
    # the one root m = 1 + t > 1, proved unique for every d > 1 (not chosen by its sign at a sample d)
    t2 = sympy.cancel(unique_positive_root(num.subs(m_sym, 1 + t), t, {d_sym: 1}) ** 2)
    m_lim = 1 + sympy.sqrt(limit_at_oo(t2, d_sym))
    per_d = limit_at_oo(sympy.cancel(l2fun / d_sym), d_sym)
    per_d = sympy.cancel(per_d.subs(m_sym, m_lim))
    return _canon(sympy.sqrt(per_d)) * d_sym, _canon(per_d) * d_sym, _canon(m_lim)


@cache
def exact_leading_terms(exp_eps):
    return _leading_terms(exact_l2_function("rr", exp_eps))


@cache
def model_l1(mm: int, dd: int, exp_eps, nn: int):
    """The derivation's l1 (binomial model), maximised over datasets."""
    return max(D.l1_rr_model(c, mm, exp_eps) for c in _datasets(dd, nn))


@cache
def construction_sides(kind: str, mm: int, dd: int, ee) -> tuple:
    """(full cms(), the lumped [and by-bits] constructions): variances and expectation on every dataset of up to 2
    clients, side by side."""
    full = full_cms(kind, mm, dd, ee)
    others = [lumped_cms(pairwise_family(mm, dd), inner(kind, mm, ee))]
    if kind != "rr":
        others.append(unary_cms_by_bits(pairwise_family(mm, dd), kind, ee))
    lhs, rhs = [], []
    for nn in (1, 2):
        for counts in _datasets(dd, nn):
            ref = moments.variance(full, counts) + moments.expectation(full, counts)
            for other in others:
                lhs.extend(ref)
                rhs.extend(moments.variance(other, counts) + moments.expectation(other, counts))
    return lhs, rhs


def constructions_steps(cases) -> tuple:
    """Identity steps: the lumped / by-bits constructions equal the full cms() mechanism."""
    return tuple(Identity(f"exact constructions agree ({kind}, m={mm}, d={dd}, e^eps={ee}): full cms() == lumped"
                          + (" == by-bits" if kind != "rr" else ""), lambda c=c: construction_sides(*c)[0],
                          lambda c=c: construction_sides(*c)[1]) for c in cases for kind, mm, dd, ee in (c,))


@cache
def exact_l1_l2(kind: str, mm: int, dd: int, exp_eps, nn: int):
    """(l1, l2) by enumerating every outcome of the real mechanism for every dataset of n clients: the
    maxima over datasets of E sum_x |f_hat(x) - f(x)| and of E sum_x (f_hat(x) - f(x))^2 (exact rationals)."""
    mech = exact_cms(kind, mm, dd, exp_eps)
    dom = mech.domain
    l1 = l2 = None
    for counts in _datasets(dd, nn):
        truth = [dom.convert(c) / dom.convert(nn) for c in counts]
        a1 = a2 = dom.zero
        for est, p in enumeration.estimate_distribution(mech, counts):
            for v in range(dd):
                diff = est[v] - truth[v]
                a1 += p * (diff if diff >= dom.zero else -diff)
                a2 += p * diff * diff
        v1, v2 = dom.to_sympy(a1), dom.to_sympy(a2)
        l1 = v1 if l1 is None else max(l1, v1)
        l2 = v2 if l2 is None else max(l2, v2)
    return l1, l2
