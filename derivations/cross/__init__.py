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

The printed forms the cross claims display are in :mod:`derivations.cross.printed` (re-exported here).
"""

from __future__ import annotations

import sympy
from sympy.polys.fields import sfield

import derivations.pan_strict.constructions as PS
from derivations.caching import cache
from ldpref.exact import EXP_EPS, exact_holds, to_exact

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
    m_, e_ = to_exact(m_, what="m"), to_exact(e_, what="e^eps")  # a builtin int must not meet / as a float
    p = e_ / (e_ + m_ - 1)
    q = 1 / sympy.sympify(m_)
    return p, q


def cms_rr_l2(d_=d, m_=m, e_=e, n_=1):
    d_, n_ = to_exact(d_, what="d"), to_exact(n_, what="n")
    p, q = cms_rr_pq(m_, e_)
    return sympy.cancel((d_ * q * (1 - q) + (p - q) * (1 - p - q)) / (n_ * (p - q) ** 2))


@cache
def cms_rr_m_star():
    """The stationary point m > 1 of cms_rr_l2 (symbolic d, e): a root of a quadratic in m."""
    num = sympy.numer(sympy.together(sympy.diff(cms_rr_l2(d, m, e), m)))
    # both roots of the quadratic (sympy.roots of its Poly in m: the closed form, without solve's general
    # machinery; the same m* results, 0.1 s instead of 0.45 s)
    roots = sympy.roots(sympy.Poly(num, m), multiple=True)
    good = [r for r in roots if not exact_holds(r.subs({d: 10, e: 3}), "<", 1)]
    return _one_fraction(good[0])


def _one_fraction(root):
    """A root ``1 + sqrt(e) sqrt(A B)/C`` over one denominator with the radicand expanded: the form
    ``sympy.simplify`` gives for m* (srepr-tested), without simplify's search (0.4 CPU-s)."""
    radicands = {p: sympy.sqrt(sympy.expand(p.base)) for p in root.atoms(sympy.Pow)
                 if p.exp == sympy.S.Half and p.base.is_Mul}
    return sympy.together(root.xreplace(radicands))


@cache
def _mp_functions():
    return (sympy.lambdify((d, e), cms_rr_m_star(), modules="mpmath"),
            sympy.lambdify((d, m, e), cms_rr_l2(d, m, e), modules="mpmath"),
            _mp_pancms_l2_star())


@cache
def _mp_pancms_l2_star():
    """pan-cms's printed l2* as an mpmath function (no need of the symbolic m* that the other two need)."""
    return sympy.lambdify((d, e), pancms_l2_star_printed(d, e, 1), modules="mpmath")


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

    fp = _mp_pancms_l2_star()
    return fp(mpmath.mpf(int(d_)), mpmath.mpf(sympy.Rational(e_).p) / sympy.Rational(e_).q)


@cache
def _osc_l2_symbolic():
    """pan-strict's OSC l2 (n = 1) as a rational function of (d, k, e^eps), built once."""
    return PS.osc_l2(PS.d, PS.k, e)


def osc_l2_star(d_=d, e_=e, n_=1):
    """pan-strict's strict lower bound (real k): k = d/(e+1) if d >= e + 1, else k = 1.  At rational d, e^eps
    (n = 1) the OSC l2 is evaluated exactly on Fractions (ldpref.ledger.forms.evaluate), not substituted."""
    from ldpref.ledger.forms import evaluate

    d_, e_ = sympy.sympify(d_), sympy.sympify(e_)
    if d_.is_Rational and e_.is_Rational and n_ == 1:
        k_ = sympy.Integer(1) if bool(d_ < e_ + 1) else d_ / (e_ + 1)
        return evaluate(_osc_l2_symbolic(), {PS.d: d_, PS.k: k_, e: e_})
    if d_.is_number and e_.is_number and bool(d_ < e_ + 1):
        return sympy.cancel(PS.osc_l2(d_, 1, e_, n_))
    return sympy.cancel(PS.osc_l2(d_, d_ / (e_ + 1), e_, n_))


OSC_STAR = sympy.Symbol(r"l_2^{*}(\mathrm{OSC})")
SS_BEST = sympy.Symbol(r"\min_{k} l_2(\mathrm{SS}_{k})")
CMS_BEST = sympy.Symbol(r"\min_{m} l_2(\mathrm{CMS}_{m})")


def osc_vs_cms_form():
    """(the OSC bound is below pan-cms's printed l2*, the best Subset Selection is below the best CMS + RR at
    integer parameters); a check substitutes the derived values (:func:`osc_l2_star`, pan-strict's OSC l2 at
    integer k, :func:`cms_rr_l2` at integer m) for the named quantities."""
    return (sympy.Lt(OSC_STAR, pancms_l2_star_printed()), sympy.Lt(SS_BEST, CMS_BEST))


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


# =================================================================================================
# jiang-gcms against pan-cms / pan-strict
# =================================================================================================
#
# Symbols of jiang-gcms (counts, random draw of k functions) and pan-cms (frequencies, a fixed family)
# are different sympy objects; the functions below take plain values or their own symbols.
import derivations.jiang_gcms as JG  # noqa: E402
from .printed import (draw_term_jiang_printed_freq, draw_term_pancms_printed_freq,  # noqa: E402,F401
                      draw_term_printed, pancms_eq6_rr_printed)
from .symbols import lam  # noqa: E402


@cache
def gcms_s1_pq():
    """GCMS with s = 1 at Theorem 2's bound: p from p(m - 1)/(1 - p) = e^eps (jiang Eq. (5) with equality),
    q from jiang Eq. (3) derived (Algorithm 1's inclusion probability) at s = 1."""
    P_ = sympy.Symbol("P", positive=True)
    ratio = JG.privacy_ratio_derived().subs({JG.s: 1, JG.p: P_})
    # ratio = e^eps is linear in P once the denominator is cleared: its one root (the root sympy.solve
    # returns, without solve's general machinery), kept only where the denominator does not vanish
    num, den = sympy.fraction(sympy.together(ratio - e))
    line = sympy.Poly(num, P_)
    if line.degree() != 1:
        raise ArithmeticError(f"p(m - 1)/(1 - p) = e^eps is not linear in p: {num}")
    p_ = sympy.cancel(-line.nth(0) / line.nth(1))
    if sympy.cancel(den.subs(P_, p_)) == 0:
        raise ArithmeticError("the root of p(m - 1)/(1 - p) = e^eps is a pole")
    q_ = JG.eq3_derived().rhs.subs({JG.s: 1, JG.p: p_})
    return sympy.cancel(p_.subs(JG.m, m)), sympy.cancel(q_.subs(JG.m, m))


def gcms_fixed_family_client_variances(p_, q_, m_):
    """Per-client variances (frequency scale, n = 1) of Eq. (4) for ONE fixed collision-uniform family
    (c_bar = 1/m), from jiang's client model: a holder of d adds Bernoulli(p), a holder of d' != d adds
    Bernoulli(pi) with pi = q + (p - q) c_bar; divided by the squared slope ((p - q)(1 - 1/m))^2.
    Returns (V_holder, V_other)."""
    pi = q_ + (p_ - q_) / m_
    scale = 1 / ((p_ - q_) * (1 - 1 / sympy.sympify(m_))) ** 2
    return sympy.cancel(p_ * (1 - p_) * scale), sympy.cancel(pi * (1 - pi) * scale)


@cache
def gcms_s1_fixed_variance():
    """Var[f_hat(d)/n] n of GCMS (s = 1, p at the bound) on a fixed collision-uniform family, at
    f(d)/n = lam: (lam V_holder + (1 - lam) V_other)."""
    p_, q_ = gcms_s1_pq()
    v1, v0 = gcms_fixed_family_client_variances(p_, q_, m)
    return sympy.factor(lam * v1 + (1 - lam) * v0)


@cache
def gcms_draw_model_excess():
    """jiang's Theorem 3 model (k fully random functions drawn once, expectation over the draw) minus the
    fixed collision-uniform family, for the estimator of Eq. (4) in counts:
    Var_draw - Var_fixed = (sum_{d' != d} f(d')^2 - (n - f(d)))/(k (m - 1))."""
    p_, q_ = JG.p, JG.q
    total = JG.estimator_variance_derived()
    v1, v0 = gcms_fixed_family_client_variances(p_, q_, JG.m)
    fixed = JG.f * v1 + (JG.n - JG.f) * v0
    # the difference put over one denominator in the field Q(symbols) first (factor depends only on the rational
    # function: the same form as factor(total - fixed), which cancels the nested expression more slowly)
    return sympy.factor(sfield(total - fixed)[1].as_expr())


@cache
def draw_term_derived_freq():
    """Var over the draw of E[f_hat | draw] (frequencies): E[f_hat | H] - f = sum_{x'} f(x') (c_bar(x, x') - 1/m)
    /(1 - 1/m) with c_bar = T/k, T ~ Binomial(k, 1/m) per other value, independent across values (fully
    random functions): Var = sum f(x')^2 (1/m)(1 - 1/m)/(k (1 - 1/m)^2) = F2/(n^2 k (m - 1)).  Independent of
    the LDP mechanism (p, q cancel)."""
    Ec, Vc = JG.collision_moments()
    return sympy.factor(JG.F2 / JG.n**2 * Vc / (1 - 1 / JG.m) ** 2)


def gcms_target_variance(m_, s_, e_, lam_):
    """n Var[f_hat(d)/n] of GCMS (p at Theorem 2's bound, q = (s - p)/(m - 1)) on a fixed collision-uniform
    family at f(d)/n = lam (exact rationals): alpha_1 = s/m."""
    p_ = e_ * s_ / (e_ * s_ + m_ - s_)
    q_ = (s_ - p_) / (sympy.sympify(m_) - 1)
    v1, v0 = gcms_fixed_family_client_variances(p_, q_, m_)
    return sympy.cancel(lam_ * v1 + (1 - lam_) * v0)


S = sympy.Symbol("s", positive=True, integer=True)  # GCMS subset size


@cache
def gcms_target_variance_form():
    """The derived form of cross/gcms-ocms-budget: n Var[f_hat(d)/n] of GCMS at Theorem 2's bound as a function
    of (m, s, e^eps, lambda); s = 1 is CMS + RR (cross/gcms-s1-cms-rr)."""
    from sympy.polys.fields import field

    # the same client model as gcms_target_variance, carried out in the field Q(m, s, e^eps, lambda) (cancel on
    # the nested symbolic expression takes ~30 s; field arithmetic cancels as it goes)
    _, fm, fs, fe, fl = field("m,s,e,lam", sympy.QQ)
    p_ = fe * fs / (fe * fs + fm - fs)
    q_ = (fs - p_) / (fm - 1)
    pi = q_ + (p_ - q_) / fm
    scale = 1 / ((p_ - q_) * (1 - 1 / fm)) ** 2
    value = fl * p_ * (1 - p_) * scale + (1 - fl) * pi * (1 - pi) * scale
    return sympy.Eq(sympy.Symbol(r"n\,\mathrm{Var}_{GCMS}(m, s)"), value.as_expr(m, S, e, lam))


def report_bits(m_, s_=1):
    """Bits of the perturbed part of a report: s bucket indices of ceil(log2 m) bits (GCMS's x; s = 1:
    the RR output of CMS+RR).  The hash index j is common to every CMS variant and left out."""
    return s_ * max(1, (m_ - 1).bit_length())
