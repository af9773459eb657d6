"""pan-cms derivations: imperfect hashing and the original CMS (Sections 3.5-3.6, Appendices E-F).

Derived from the model, never from the paper's formulas (those are transcribed, as printed, in
:mod:`derivations.pan_cms.printed_hashing`, which this module does not import).  The model:

* Eq. (18): ``h(x) = a0 + a1 x`` over GF(2^l) with (a0, a1) uniform.  For x1 != x2 the map
  ``(a0, a1) -> (h(x1), h(x2))`` is linear with determinant ``x2 - x1 != 0`` as soon as the reduction
  polynomial is irreducible, so the pair is uniform on GF(2^l)^2 (:func:`affine_pair_bijective`).
* ``h' = h mod m`` with ``2^l = q m + r``: the residue y has ``q + 1`` preimages in ``0..2^l - 1`` if
  ``y < r`` and q otherwise (:func:`mod_preimage_counts`).  For x1 != x2, h'(x1) and h'(x2) are independent
  (images of a uniform pair), so the collision rate is ``sum_y p_y^2`` (:func:`collision_derived`).
* CMS with a constant collision rate c and decoder parameter M (Eq. (2): M = m; Eq. (8): M = 1/c): a client
  holding x' != x feeds ``y_hat[h(x)]`` with mean c (collision) and, by the law of total variance,
  variance ``c Veq + (1 - c) Vne + c (1 - c)``; a client holding x feeds variance Veq and mean 1; the
  estimator is ``M/(M-1) mean - 1/(M-1)`` (:func:`cms_mean_model`, :func:`cms_var_model`).
* inner mechanisms (Eqs. (12)-(14)): support probabilities (p, q) and ``Var = pi (1 - pi)/(p - q)^2``.
* the original CMS (Section 3.6): k functions with independent uniform values; for x != x' the c_j(x, x')
  are i.i.d. Bernoulli(1/m) over j, and for x' != x'' the collisions with x are uncorrelated
  (``Pr[h(x) = h(x') = h(x'')] = 1/m^2``), which gives Eq. (20) (:func:`draw_bias_variance_derived`).
"""

from __future__ import annotations

from math import comb

import sympy

from ..caching import cache
from .symbols import cbar, d, delta, f, k, l, m, n, q, r, tau, var_eq, var_neq
from .symbols_hashing import (B_exists, E_cj, E_draw, E_kc, H_size, MSE_H, MSE_f, MSE_g, MSE_hat, Pr_bias,
                              Pr_cj,  # noqa: F401
                              Pr_coll, Pr_kc, Pr_pair, Pr_y, S1, S2, T_sym, V1, V_draw, Var_3w, Var_cj, Var_f, Var_f0,
                              Var_fH, Var_g, Var_pw, alpha0, alpha1, alpha2, bias_H, bias_model, bias_n, bias_tn, dVdm,
                              e, i_sym, k_lim, kc, l2_f, l2_fs, l2_g, lhs43, mp, per_x_hyp, q_lim, s, slope_f, vmin,
                              x1, x2, xa, xb, y_sym)

R = sympy.Rational
two_l = 2**l


# ---------------------------------------------------------------------------------------------
# GF(2^l) and the families of Section 3.5
def poly_mod(a: int, b: int) -> int:
    """Remainder of GF(2)[x] polynomials (bit masks)."""
    db = b.bit_length() - 1
    while a and a.bit_length() - 1 >= db:
        a ^= b << (a.bit_length() - 1 - db)
    return a


def has_no_proper_factor(poly: int) -> bool:
    """Irreducibility by trial division with every polynomial of degree 1..deg/2 (model-side check)."""
    deg = poly.bit_length() - 1
    return deg >= 1 and all(poly_mod(poly, g) for g in range(2, 1 << (deg // 2 + 1)))


def affine_pair_bijective(poly: int, a: int, b: int) -> bool:
    """(a0, a1) -> (a0 + a1 a, a0 + a1 b) is a bijection of GF(2^l)^2 iff the field is a field
    (irreducible reduction polynomial) and the determinant b - a = a xor b is non-zero."""
    return has_no_proper_factor(poly) and (a ^ b) != 0




def eq18_derived():
    """(h(x1), h(x2)) is uniform on GF(2^l)^2 for x1 != x2 (bijective affine map); for x1 = x2 the pair is
    (h, h)."""
    return sympy.Eq(Pr_pair, sympy.Piecewise((2 ** (-2 * l), sympy.Ne(x1, x2)),
                                             (sympy.Symbol(r"2^{-l} [y_1 = y_2]"), True)))




def family_size_derived():
    """Distinct (a0, a1) give distinct functions on {0, 1}; the smallest l with 2^l >= d has
    d <= 2^l < 2 d, so d^2 <= |H| < 4 d^2."""
    return sympy.And(sympy.Eq(H_size, 2 ** (2 * l)), sympy.Le(d**2, H_size), sympy.Lt(H_size, 4 * d**2))




def no_pairwise_m6_derived():
    """A pairwise-independent family [d] -> [m] exists for every m: the product (Chinese remainder) of
    finite-field affine families, one per prime power p^s || m (or simply all functions [d] -> [m])."""
    return sympy.Eq(B_exists, sympy.true)


def mod_preimage_counts(l_: int, m_: int) -> list[int]:
    """Number of v in 0..2^l - 1 with v mod m = y, for y in [m] (counted from 2^l = q m + r)."""
    q_, r_ = divmod(2**l_, m_)
    return [q_ + 1 if y < r_ else q_ for y in range(m_)]


def mod_probabilities_derived():
    """Law of h'(x) = h(x) mod m with h(x) uniform on 2^l = q m + r values (the residues y < r have q + 1
    preimages)."""
    return sympy.Eq(Pr_y, sympy.Piecewise(((q + 1) / (m * q + r), y_sym < r), (q / (m * q + r), True)))












@cache
def collision_derived():
    """sum_y p_y^2 with r residues of probability (q+1)/(mq+r) and m - r of probability q/(mq+r)."""
    return sympy.factor(sympy.expand(r * (q + 1) ** 2 + (m - r) * q**2)) / (m * q + r) ** 2


def collision_value(l_: int, m_: int, same: bool = False):
    """Derived collision probability of h' for two inputs (1 if they are the same input)."""
    if same:
        return sympy.Integer(1)
    return sum((R(c, 2**l_)) ** 2 for c in mod_preimage_counts(l_, m_))


def lemma32_derived():
    """Collision rate of h': sum_y p_y^2 for two distinct inputs (independent images), 1 for the same input."""
    return sympy.Eq(Pr_coll, sympy.Piecewise((collision_derived(), sympy.Ne(x1, x2)), (1, True)))




def subs_two_l(expr):
    """Replace 2^l by q m + r (the definition of q and r).  No simplification: the symbolic checks compare the
    results by ``values_equal``, an exact zero test of their difference (rational functions in q, m, r exactly)."""
    return sympy.sympify(expr).subs(two_l, m * q + r)




@cache
def m_prime_derived():
    return sympy.factor(1 / collision_derived())


def g_unbiased_derived():
    """m' = 1/c_bar: the decoder parameter that makes Eq. (8) unbiased for collision rate c_bar."""
    return sympy.Eq(mp, m_prime_derived())




@cache
def m_prime_min_over_r():
    """min over real r of m' (calculus): the stationary point r* = m q/(2q+1) and the value there."""
    dm = sympy.diff(m_prime_derived(), r)
    roots = [z for z in sympy.solve(sympy.numer(sympy.together(dm)), r) if z != -m * q]
    (r_star,) = roots
    return sympy.simplify(r_star), sympy.factor(sympy.simplify(m_prime_derived().subs(r, r_star)))


def worst_r(m_: int, q_: int, r_: int) -> bool:
    """Whether r is the maximiser r* = m q/(2q+1) of the collision rate."""
    return r_ * (2 * q_ + 1) == m_ * q_


@cache
def eq45_bound_derived():
    """max over real r of the collision rate (calculus)."""
    r_star, mmin = m_prime_min_over_r()
    return sympy.simplify(1 / mmin)


def eq45_derived():
    return sympy.Le(Pr_coll, eq45_bound_derived())






# ---------------------------------------------------------------------------------------------
# Inner mechanisms and the CMS model
def inner_pq(kind: str, m_, e_):
    m_, e_ = sympy.sympify(m_), sympy.sympify(e_)
    if kind == "rr":
        return e_ / (e_ + m_ - 1), 1 / (e_ + m_ - 1)
    if kind == "arp":
        return R(1, 2), 1 / (e_ + 1)
    if kind == "srp":
        h = sympy.sqrt(e_)
        return h / (h + 1), 1 / (h + 1)
    raise ValueError(kind)


@cache
def inner_variances(kind: str, m_, e_):
    """(Var(R|=), Var(R|!=)) = (p(1-p), q(1-q))/(p - q)^2."""
    p_, q_ = inner_pq(kind, m_, e_)
    return tuple(sympy.cancel(x * (1 - x) / (p_ - q_) ** 2) for x in (p_, q_))


def cms_mean_model(c, M, fx):
    """E[estimate of x]: a client holding x feeds mean 1, one holding x' != x feeds mean c."""
    c, M, fx = map(sympy.sympify, (c, M, fx))
    return M / (M - 1) * (fx + c * (1 - fx)) - 1 / (M - 1)


def cms_var_model(c, M, veq, vne, fx, n_):
    """Var of the estimate of x with collision rate c and decoder parameter M (law of total variance)."""
    c, M, veq, vne, fx, n_ = map(sympy.sympify, (c, M, veq, vne, fx, n_))
    other = c * veq + (1 - c) * vne + c * (1 - c)
    return (M / (M - 1)) ** 2 / n_ * ((1 - fx) * other + fx * veq)


def var_g_model(c, veq, vne, fx, n_):
    """g(x) of Eq. (8): decoder parameter 1/c."""
    c = sympy.sympify(c)
    return cms_var_model(c, 1 / c, veq, vne, fx, n_)


@cache
def dvar_dmp_derived(fx=f, veq=var_eq, vne=var_neq, n_=n):
    """d Var(g)/d m' with c = 1/m'."""
    return sympy.diff(var_g_model(1 / mp, veq, vne, fx, n_), mp)










def eq41_derived():
    lo = -sympy.Max(sympy.factor(-dvar_dmp_derived(1)), sympy.factor(-dvar_dmp_derived(0)))
    return sympy.And(sympy.Le(lo, dVdm), sympy.Lt(dVdm, 0))


def eq42_derived():
    """With Var(R|=) >= Var(R|!=) both branches of -dVar/dm' are at most the f(x) = 0 branch with Var(R|!=)
    raised to Var(R|=)."""
    bound = sympy.factor(-dvar_dmp_derived(0).subs(var_neq, var_eq))
    return sympy.Implies(sympy.Ge(var_eq, var_neq), sympy.And(sympy.Le(-bound, dVdm), sympy.Lt(dVdm, 0)))




# ---------------------------------------------------------------------------------------------
# Theorem 3.8 and Eqs. (43), (44)




def m_low(mm=m, qq=q):
    """The smallest m' over r: m (1 - 1/(2q+1)^2)."""
    return mm * (1 - sympy.Integer(1) / (2 * qq + 1) ** 2)


def condition_lhs(mlow, mm=m, veq=var_eq, n_=n, tau_=tau, var=Var_f):
    """The bound (2 m' Var(R|=) + m' - 1)/(n (m'-1)^3) on |dVar(g)/dm'| (Var(R|=) >= Var(R|!=)) taken at
    m' = mlow, times the interval length m/(2q+1)^2 ... divided by tau Var(f_hat) (2q+1)^{-2}."""
    mlow, mm, veq, n_, tau_, var = map(sympy.sympify, (mlow, mm, veq, n_, tau_, var))
    return (2 * mlow * veq + mlow - 1) / (n_ * (mlow - 1) ** 3) * mm / (tau_ * var)


def thm38_lhs_corrected(mm=m, qq=q, veq=var_eq, n_=n, tau_=tau, var=Var_f):
    """Corrected condition: the derivative bound (decreasing in m') taken at the smallest m', not at m."""
    return condition_lhs(m_low(mm, qq), mm, veq, n_, tau_, var)


def thm38_derived():
    return sympy.Implies(sympy.Le(thm38_lhs_corrected(), (2 * q + 1) ** 2), sympy.Lt(Var_g, (1 + tau) * Var_f))




def translate_derived():
    ml = m_low()
    return sympy.Implies(
        sympy.Le((2 * ml * var_eq + ml - 1) / (n * (ml - 1) ** 3) * m / (2 * q + 1) ** 2, tau * Var_f),
        sympy.Le(Var_g, (1 + tau) * Var_f))




def eq43_derived():
    return sympy.Implies(sympy.Le(thm38_lhs_corrected(), (2 * q + 1) ** 2), sympy.Le(Var_g, (1 + tau) * Var_f))


def eq44_derived():
    """The condition with Var(f_hat|f=0) implies the one with Var(f_hat) when Var(f_hat|f=0) <= Var(f_hat)
    (the left-hand side is decreasing in the variance)."""
    return sympy.Implies(sympy.And(sympy.Le(Var_f0, Var_f), sympy.Le(condition_lhs(m, var=Var_f0), (2 * q + 1) ** 2)),
                         sympy.Le(condition_lhs(m), (2 * q + 1) ** 2))






# ---------------------------------------------------------------------------------------------
# Corollaries 3.6, 3.7 and their proofs




def ratio_threshold_model(mm, mprime, veq, vne):
    """Var(g)/Var(f_hat) - 1 at f(x) = 0 (the larger of the two end points when Veq >= Vne and m' >= 2):
    the exact threshold on tau of Corollaries 3.6 and 3.7."""
    mm, mprime = sympy.sympify(mm), sympy.sympify(mprime)
    v0 = var_g_model(1 / mprime, veq, vne, 0, 1)
    v1 = cms_var_model(1 / mm, mm, veq, vne, 0, 1)
    return sympy.cancel(v0 / v1 - 1)




def cor36_derived():
    """Corrected Corollary 3.6: the conclusion holds iff tau > T = Var(g|f=0)/Var(f_hat|f=0) - 1
    (Eq. (10) over Eq. (6) at f(x) = 0), which exceeds (2q+1)^{-2} for some (l, m)."""
    return sympy.Implies(sympy.And(sympy.Gt(tau, T_sym), sympy.Eq(m, 1 + s)), sympy.Lt(MSE_g, (1 + tau) * MSE_hat))


def cor37_derived():
    return sympy.Implies(sympy.And(sympy.Gt(tau, T_sym), sympy.Eq(m, 1 + e)), sympy.Lt(l2_g, (1 + tau) * l2_f))




def q45_derived():
    """2q + 1 > sqrt(1/tau) at tau = 1/100 is 2q + 1 > 10."""
    return sympy.Implies(sympy.Eq(tau, R(1, 100)), sympy.Gt(q, (sympy.sqrt(1 / R(1, 100)) - 1) / 2))




@cache
def var_at_m_derived(mm, e_, fx=f, n_=n, kind="rr"):
    mm = sympy.sympify(mm)
    veq, vne = inner_variances(kind, mm, e_)
    return sympy.factor(sympy.cancel(cms_var_model(1 / mm, mm, veq, vne, fx, n_)))


@cache
def var_at_m_half_derived():
    return var_at_m_derived(1 + s, s**2)






@cache
def var_f0_derived():
    return var_at_m_derived(1 + e, e, 0)


def cor36_var_derived():
    return sympy.Eq(Var_f, var_at_m_half_derived())


def cor37_var_derived():
    return sympy.Eq(Var_f0, var_f0_derived())


@cache
def cor36_lhs_model(tau_=tau, var=None):
    """tau * LHS of Eq. (43) at m = 1 + e^{eps/2} with RR, as a function of s = e^{eps/2}."""
    mm = 1 + s
    veq, _ = inner_variances("rr", mm, s**2)
    var = var_at_m_half_derived() if var is None else var
    return sympy.factor(sympy.cancel(condition_lhs(mm, mm, veq, n, tau_, var)))


@cache
def cor37_lhs_model(tau_=tau, var=None):
    mm = 1 + e
    veq, _ = inner_variances("rr", mm, e)
    var = var_f0_derived() if var is None else var
    return sympy.factor(sympy.cancel(condition_lhs(mm, mm, veq, n, tau_, var)))


def cor36_lhs_derived():
    """The model's tau * LHS of Eq. (43) at m = 1 + e^{eps/2} has a negative derivative in e^{eps/2}."""
    return sympy.Lt(sympy.diff(cor36_lhs_model(1), s), 0)


def cor37_lhs_derived():
    return sympy.Lt(sympy.diff(cor37_lhs_model(1), e), 0)








def eps0_condition_derived():
    """sup over eps > 0 of the left-hand side is its limit at eps -> 0, namely 2/tau."""
    return sympy.Ge(2 * q + 1, sympy.sqrt(2 / tau))


def l2_sum_derived():
    """l2 = sum_x Var(estimate of x) for unbiased estimators: summing the per-x hypothesis gives the bound."""
    return sympy.Implies(per_x_hyp, sympy.Le(l2_g, (1 + tau) * l2_fs))






@cache
def var_slope_in_f(mm, e_, kind="rr"):
    """d Var(f_hat)/d f(x) (times n) for a perfectly pairwise-independent family."""
    mm = sympy.sympify(mm)
    veq, vne = inner_variances(kind, mm, e_)
    return sympy.factor(sympy.diff(cms_var_model(1 / mm, mm, veq, vne, f, 1), f))


def increasing_derived():
    """n dVar(f_hat)/df(x) at m = 1 + e^eps (RR, pairwise independent) is positive."""
    return sympy.Gt(var_slope_in_f(1 + e, e), 0, evaluate=False)


# ---------------------------------------------------------------------------------------------
# Theorem 3.9 and Eqs. (45)-(47)




def thm39_derived():
    """bias <= 1/(4(m-1)q(q+1)) (Eq. (46)) and Var ratio <= (1 + 1/(4q(q+1)))^2 = 1 + (8q^2+8q+1)/(16q^2(q+1)^2)."""
    ratio_bound = sympy.factor((1 + 1 / (4 * q * (q + 1))) ** 2 - 1)
    return sympy.Implies(sympy.And(sympy.Le(eq46_bound_derived(), sympy.sqrt(tau * Var_f)), sympy.Le(ratio_bound, tau)),
                         sympy.Lt(MSE_H, (1 + 2 * tau) * MSE_f))




@cache
def eq46_identity_derived():
    """E[f_hat(x|H')] - f(x) with Eq. (2) (decoder m) and collision rate c_bar, sum_{x'!=x} f(x') = 1 - f(x)."""
    return sympy.factor(cms_mean_model(cbar, m, f) - f)


@cache
def eq46_bound_derived():
    return sympy.factor(m / (m - 1) * (eq45_bound_derived() - 1 / m))


def eq46_derived():
    return sympy.And(sympy.Eq(bias_H, eq46_identity_derived()), sympy.Le(bias_H, eq46_bound_derived()))


@cache
def var_poly_in_c(fx=f, mm=m, veq=var_eq, vne=var_neq, n_=n):
    """Var(f_hat(x|H')) (Eq. (2) decoder) as a polynomial in c_bar: coefficients (c^0, c^1, c^2)."""
    poly = sympy.Poly(sympy.expand(cms_var_model(cbar, mm, veq, vne, fx, n_)), cbar)
    return [sympy.factor(poly.coeff_monomial(cbar**i)) for i in range(3)]










def var_linear_derived():
    """Var(f_hat(x|H')) is quadratic in c_bar with the model's coefficients; the c_bar^2 one is <= 0."""
    c0, c1, c2 = var_poly_in_c()
    return sympy.And(sympy.Eq(Var_fH, c0 + c1 * cbar + c2 * cbar**2), sympy.Le(c2, 0))


def eq47_derived():
    mx = sympy.Max(cbar / (1 / m), cbar**2 / (1 / m**2))
    return sympy.And(sympy.Le(Var_fH / Var_f, cbar * m), sympy.Le(mx, sympy.factor((m * eq45_bound_derived()) ** 2)))




def mse_requirement_derived():
    return sympy.Implies(sympy.And(sympy.Lt(bias_H**2, tau * Var_f), sympy.Lt(Var_fH / Var_f, 1 + tau)),
                         sympy.Le(MSE_H - MSE_f, 2 * tau * Var_f))


def q_min_thm39(mm: int, tau_, v1):
    """Smallest integer q >= 1 meeting Theorem 3.9's two conditions with Var(f_hat) = v1/n (a function of n)."""
    def q_of(n_):
        qq = 1
        while True:
            c1 = (R(1, 4 * (mm - 1) * qq * (qq + 1))) ** 2 <= tau_ * v1 / n_
            c2 = R(8 * qq**2 + 8 * qq + 1, 16 * qq**2 * (qq + 1) ** 2) <= tau_
            if c1 and c2:
                return qq
            qq += 1
    return q_of


def q_asymptote(mm=m, v1=V1):
    """q(q+1) >= sqrt(n)/(4 (m-1) sqrt(tau V1)): q ~ n^{1/4} / (2 sqrt(m-1) (tau V1)^{1/4})."""
    return (n / (tau * v1)) ** R(1, 4) / (2 * sympy.sqrt(sympy.sympify(mm) - 1))


def q_order_derived():
    return sympy.Eq(q_lim, sympy.factor(q_asymptote() / n ** R(1, 4)))




# ---------------------------------------------------------------------------------------------
# Section 3.6 and Appendix F


def binomial_pmf(k_: int, m_: int):
    """Law of c_bar = (1/k) sum_j c_j for x != x': Binomial(k, 1/m)/k."""
    return {R(i, k_): comb(k_, i) * R(1, m_) ** i * R(m_ - 1, m_) ** (k_ - i) for i in range(k_ + 1)}


def prob_cbar_equals_mean(k_: int, m_: int):
    return binomial_pmf(k_, m_).get(R(1, m_), sympy.Integer(0))


def bernoulli_derived():
    """c_j(x, x') = 1 iff h_j(x) = h_j(x'): probability 1/m for x != x' (independent uniform values), 1 for x = x'."""
    return sympy.Eq(Pr_cj, sympy.Piecewise((1 / m, sympy.Ne(xa, xb)), (1, True)))


def binomial_derived():
    """k c_bar = sum_j c_j(x, x') is a sum of k independent Bernoulli(1/m)."""
    return sympy.Eq(Pr_kc, sympy.binomial(k, i_sym) * (1 / m) ** i_sym * (1 - 1 / m) ** (k - i_sym))


def draw_bias_model(rates, freqs, x, m_):
    """Bias of E[f_hat(x)|draw] (Eq. (2) decoder): m/(m-1) sum_{x' != x} (c_bar(x, x') - 1/m) f(x')."""
    return R(m_, m_ - 1) * sum((rates[y] - R(1, m_)) * freqs[y] for y in range(len(freqs)) if y != x)


def bias_n_derived():
    """The bias with t n clients (same frequencies) is the model's, which involves only f and the draw."""
    return sympy.Eq(bias_tn, bias_model)


def pairwise_suffices_derived():
    """Var(f_hat(x)) involves only the pair collision rate c_bar (Eq. (5) model): pairwise independence fixes it."""
    return sympy.Eq(Var_pw, cms_var_model(cbar, m, var_eq, var_neq, f, n))


def draw_mean_derived(counts, x, m_):
    """E[E[f_hat(x) | draw]] = f(x) + m/(m-1) sum_{x'} (E[c_bar] - 1/m) f(x') = f(x)."""
    nn = sum(counts)
    return R(counts[x], nn) + R(m_, m_ - 1) * sum((R(1, m_) - R(1, m_)) * R(c, nn)
                                                  for i, c in enumerate(counts) if i != x)


def draw_bias_variance_derived(counts, x, m_, k_):
    """Var over draws of E[f_hat(x)|draw] = (m/(m-1))^2 sum_{x'} Var(c_bar) f(x')^2 (uncorrelated collisions),
    Var(c_bar) = (1/m)(1 - 1/m)/k."""
    nn = sum(counts)
    var_c = R(1, m_) * (1 - R(1, m_)) / k_
    return R(m_, m_ - 1) ** 2 * var_c * sum(R(c, nn) ** 2 for i, c in enumerate(counts) if i != x)




def eq19_derived():
    return sympy.Eq(E_draw, sympy.simplify(cms_mean_model(1 / m, m, f)))




def eq20_derived():
    return sympy.Eq(V_draw, sympy.factor((m / (m - 1)) ** 2 * (1 / m) * (1 - 1 / m) / k * S2))










def thm310_derived():
    return (eq19_derived(), eq20_derived())


def eq49_derived():
    """Eq. (20) with sum_{x' != x} f(x')^2 <= 1."""
    return sympy.Le(V_draw, sympy.factor(eq20_derived().rhs.subs(S2, 1)))


def appF_var_cj_derived():
    return (sympy.Eq(E_cj, 1 / m), sympy.Eq(Var_cj, sympy.factor((1 / m) * (1 - 1 / m))))








def thm311_derived():
    """Markov on the bias^2 (mean Eq. (20) <= 1/((m-1)k)) with Var(f_hat|draw) > Var(R|!=)/n (Eq. (50))."""
    return sympy.Implies(sympy.Ge(delta * tau * var_neq / n, 1 / ((m - 1) * k)), sympy.Ge(Pr_bias, 1 - delta))










def eq48_derived():
    return sympy.Implies(sympy.Le(V_draw / (tau * vmin), delta), sympy.Ge(Pr_bias, 1 - delta))


def appF_ratio_derived():
    """Eq. (49)'s bound over Eq. (50)'s derived lower bound (m/(m-1))^2 Var(R|!=)/n on every draw's variance."""
    var_low = (m / (m - 1)) ** 2 * var_neq / n
    return sympy.Le(V_draw / vmin, sympy.factor(eq49_derived().rhs / var_low))


def eq50_derived():
    return sympy.Implies(sympy.Ge(var_eq, var_neq), sympy.Ge(Var_f, (m / (m - 1)) ** 2 * var_neq / n))




def veq_ge_vne_derived():
    return sympy.Ge(var_eq, var_neq)






def k_min_derived(mm, n_, tau_, delta_, vne):
    """Smallest integer k with delta tau Vne/n > 1/((m-1) k)."""
    mm, n_ = sympy.sympify(mm), sympy.sympify(n_)
    return sympy.floor(n_ / ((mm - 1) * delta_ * tau_ * vne)) + 1








def k_order_derived():
    """k_min = floor(n/((m-1) delta tau Var(R|!=))) + 1: k_min m/n -> 1/(delta tau Var(R|!=)) when Var(R|!=) does
    not depend on m (RAPPOR)."""
    return sympy.Eq(k_lim, 1 / (delta * tau * var_neq))


def eq51_derived():
    """Eq. (48) with the ratio bound n/((m-1)k Var(R|!=)) keeps tau in the denominator."""
    return sympy.Implies(sympy.Lt(n / ((m - 1) * k * tau * var_neq), delta), sympy.Ge(Pr_bias, 1 - delta))
