"""pan-cms derivations: optimized CMS (Section 3.4 and Appendix D).

Everything here is derived from the model, not copied from the paper (the printed forms live in
``derivations.pan_cms.printed_optimized``, which this module never imports).  The model:

* the inner mechanism R on [m] is a pure protocol with support probabilities ``(p, q)`` (RR: weights
  e^eps and 1 normalised over m outputs; aRP = OUE: kept bit 1/2, other bits 1/(e^eps + 1); sRP = SUE:
  every bit through binary RR at eps/2).  Its unbiased decoder is ``(1{b in supp} - q)/(p - q)``, so
  ``Var(R(a)[b]) = pi (1 - pi)/(p - q)^2`` with ``pi = p`` if ``a = b`` else ``q``
  (:func:`inner_variance_derived`).
* CMS with a collision-uniform (pairwise-independent) family, rate 1/m: a client holding ``x' != x``
  feeds ``y_hat[h(x)]``, whose conditional mean is 1 (collision, prob. 1/m) or 0; by the law of total
  variance its variance is ``Veq/m + (1 - 1/m) Vne + (1/m)(1 - 1/m)``; a client holding x feeds
  variance ``Veq``.  Clients are independent and the estimator scales by ``m/(n(m-1))``
  (:func:`cms_variance_model`).
* worst-case MSE over datasets: MSE = Var (unbiased) is affine in f(x), so over ``0 <= f(x) <= f*``
  the worst case is ``max(Var(0), Var(f*))`` (:func:`worst_case_mse_model`); the l2 loss sums the
  variances over ``x`` with ``sum f = 1`` (:func:`l2_model`), which does not depend on the dataset.
* optima in m by calculus (:func:`stationary_m`), asymptotics by ``sympy.limit``.
* the exact l1 loss of CMS+RR for a dataset (:func:`l1_rr_model`): ``n f_hat(v)`` is affine in
  ``Bin(c_v, p) + Bin(n - c_v, 1/m)``, so ``E|f_hat(v) - f(v)|`` is a finite exact sum.
"""

from __future__ import annotations

from math import comb

import sympy

from ldpref.decide.for_all import unique_positive_root
from ldpref.exact import EXP_EPS, exact_holds, leading_ratio
from ldpref.ledger.edit_nodes import BetterNeighbourOfLoss
from ldpref.radicals import simplify_radicals

from ..caching import cache
from .rational import factor_cancel
from . import optimized_symbols as S
from .symbols import d, f, f_star, m, n, tau, var_eq, var_neq

e = EXP_EPS
half = sympy.sqrt(e)  # e^{eps/2}
R = sympy.Rational


def _S(*values):
    """Exact sympy values of the arguments (Python ints become Integers, so 1/m stays exact)."""
    out = tuple(sympy.sympify(v) for v in values)
    for v in out:
        if v.has(sympy.Float):
            raise TypeError(f"{v} contains a float")
    return out

INNER_LABEL = {"rr": "RR", "arp": "aRP", "srp": "sRP"}


# ---------------------------------------------------------------------------------------------
# Inner mechanisms on [m] (Eqs. (12)-(14))
@cache
def inner_pq(kind: str, m_=m, e_=e):
    """Support probabilities (p, q) of the inner mechanism, from its definition."""
    m_, e_ = _S(m_, e_)
    if kind == "rr":  # weight e^eps on the true value, 1 on each of the m - 1 others
        return e_ / (e_ + m_ - 1), 1 / (e_ + m_ - 1)
    if kind == "arp":  # OUE: true bit kept with prob. 1/2, every other bit set with prob. 1/(e^eps + 1)
        return R(1, 2), 1 / (e_ + 1)
    if kind == "srp":  # SUE: every bit through binary RR at eps/2
        h = sympy.sqrt(e_)
        return h / (h + 1), 1 / (h + 1)
    raise ValueError(kind)


@cache
def inner_variance_derived(kind: str, m_=m, e_=e):
    """``(Var(R(a)[a]), Var(R(a)[b]))``: ``pi (1 - pi)/(p - q)^2`` with pi = p, then q."""
    p, q = inner_pq(kind, m_, e_)
    return tuple(factor_cancel(x * (1 - x) / (p - q) ** 2) for x in (p, q))


# ---------------------------------------------------------------------------------------------
# CMS variance (Eq. (6) re-derived from the model) and Eq. (31)
@cache
def cms_variance_model(veq, vne, fx=f, m_=m, n_=n):
    """Var(f_hat(x)) for CMS with collision rate 1/m, by the law of total variance per client."""
    veq, vne, fx, m_, n_ = _S(veq, vne, fx, m_, n_)
    c = 1 / m_
    other = c * veq + (1 - c) * vne + c * (1 - c)  # a client holding x' != x
    same = veq  # a client holding x
    scale = (m_ / (m_ - 1)) ** 2 / n_  # (m/(n(m-1)))^2 times n clients
    return scale * ((1 - fx) * other + fx * same)


@cache
def var_rr_derived(fx=f, m_=m, e_=e, n_=n):
    veq, vne = inner_variance_derived("rr", m_, e_)
    return factor_cancel(cms_variance_model(veq, vne, fx, m_, n_))


@cache
def var_kind_derived(kind, fx=f, m_=m, e_=e, n_=n):
    veq, vne = inner_variance_derived(kind, m_, e_)
    return cms_variance_model(veq, vne, fx, m_, n_)


def worst_case_mse_model(kind, fs, m_=m, e_=e, n_=n):
    """max over 0 <= f(x) <= f* of the (affine) variance: the larger end point."""
    return sympy.Max(var_kind_derived(kind, 0, m_, e_, n_), var_kind_derived(kind, fs, m_, e_, n_))


# ---------------------------------------------------------------------------------------------
# Appendix D, worst-case MSE: derivatives in m, crossover, stationary point
@cache
def dvar_dm_derived(fx):
    """d/dm of Var(f_hat(x)_RR | f(x) = fx) (the paper writes the derivative as d/df(x))."""
    return sympy.factor(sympy.cancel(sympy.diff(var_rr_derived(fx), m)))


@cache
def dvar_df_derived():
    """The literal reading of the printed notation: d/df(x) of Var (constant: Var is affine in f)."""
    return sympy.factor(sympy.cancel(sympy.diff(var_rr_derived(f), f)))


#: a point inside the model's range (e^eps > 1, 0 < f* < 1, d >= 2, tau > 0, n >= 1), used to pick the
#: branch of a closed-form root and the sign of square factors taken out of square roots
SAMPLE = {e: 3, f_star: R(1, 4), d: 5, tau: R(1, 10), n: 2}


def _canonical(expr):
    """``expr`` in ldpref's canonical radical form (:mod:`ldpref.radicals`): compact and exactly
    comparable."""
    return simplify_radicals(expr, SAMPLE)


#: The model's domain of each parameter, for :func:`_root_above_one`'s proof: e^eps > 1, d > 1, tau > 0, n > 0, a
#: frequency in (0, 1) ({symbol: a} is x > a, {symbol: (lo, hi)} is lo < x < hi; :mod:`ldpref.decide.for_all`).
DOMAIN = {e: 1, d: 1, tau: 0, n: 0, f_star: (0, 1), f: (0, 1)}


def _root_above_one(expr, var=m):
    """The unique root m > 1 of the numerator of ``expr``, proved unique for every parameter in :data:`DOMAIN`
    (:func:`ldpref.decide.for_all.unique_positive_root` of the numerator in t = m - 1: exact signs, never a sample
    point), in canonical radical form.  ArithmeticError when the proof does not go through."""
    t = sympy.Symbol("t", positive=True)
    num = sympy.numer(factor_cancel(expr)).subs(var, 1 + t)
    free = num.free_symbols - {t}
    if not free <= DOMAIN.keys():
        raise ArithmeticError(f"no domain for {sorted(map(str, free - DOMAIN.keys()))} in {num}")
    return _canonical(1 + unique_positive_root(num, t, {s: DOMAIN[s] for s in free}))


@cache
def crossover_m_derived():
    """Var(f=0) = Var(f=1): m = 1 + sqrt(e^eps)."""
    return sympy.simplify(_root_above_one(var_rr_derived(1) - var_rr_derived(0)))


@cache
def crossover_var_derived():
    return sympy.factor(sympy.simplify(var_rr_derived(1).subs(m, crossover_m_derived())))


@cache
def stationary_m(fs=f_star, e_=e):
    """Root m > 1 of d/dm Var(f_hat_RR | f(x) = f*) = 0 (calculus)."""
    return _root_above_one(sympy.diff(var_rr_derived(fs, m, e_), m))


@cache
def var_star_derived(fs=f_star, e_=e, n_=n):
    """Var(f_hat_RR | f(x) = f*) at its stationary point (canonical radical form)."""
    return _canonical(var_rr_derived(fs, m, e_, n_).subs(m, stationary_m(fs, e_)))


@cache
def m_opt_derived(fs, e_=e):
    """argmin over real m >= 2 of max(Var(0), Var(f*)): Var(f*) - Var(0) = f*(Var(1) - Var(0)) changes
    sign at the crossover 1 + sqrt(e^eps); below it the worst case is Var(0) (decreasing up to 1 + e^eps),
    above it Var(f*), minimised at its stationary point when that lies above the crossover."""
    cross = 1 + sympy.sqrt(e_)
    if fs == 0:
        return stationary_m(0, e_)
    stat = stationary_m(fs, e_)
    return stat if _is_ge(stat, cross) else cross


@cache
def mse_opt_derived(fs, e_=e, n_=n):
    mo = m_opt_derived(fs, e_)
    return sympy.Max(var_rr_derived(0, mo, e_, n_), var_rr_derived(fs, mo, e_, n_))


def _is_ge(a, b) -> bool:
    """a >= b: for two numbers by the one exact decider (``ldpref.exact.exact_holds``; a tie only by a proof), else
    by sympy's simplification of the difference (a relation it does not reduce is an error)."""
    if a.is_number and b.is_number:
        return exact_holds(a, ">=", b)  # no enclosure: OrderUndecided (an ArithmeticError)
    diff = sympy.simplify(a - b)
    if diff == 0:
        return True
    rel = diff >= 0
    if rel in (sympy.true, sympy.false):
        return bool(rel)
    raise ArithmeticError(f"cannot decide {a} >= {b}")


@cache
def stationary_condition_derived():
    """The stationary point lies in [1 + sqrt(e), 1 + e] iff f* <= 1/2 (returned as the two
    differences squared-out: (m* - 1)^2 - e and e^2 - (m* - 1)^2, whose signs decide it)."""
    t2 = sympy.cancel((stationary_m(f_star) - 1) ** 2)
    return sympy.factor(t2 - e), sympy.factor(e ** 2 - t2)


# Eq. (16), Eq. (17)


@cache
def eq16_derived(fs=f_star, e_=e, n_=n):
    """Worst case over 0 <= f(x) <= f* at m = 1 + e^eps.  The slope Var(1) - Var(0) there is
    (see :func:`eq16_slope`) positive for e^eps > 1, so the worst case is Var(f*)."""
    return sympy.factor(sympy.cancel(var_rr_derived(fs, 1 + e_, e_, n_)))


@cache
def eq16_slope():
    """Var(f_hat_RR | f = 1) - Var(f_hat_RR | f = 0) at m = 1 + e^eps, factorised."""
    return sympy.factor(sympy.cancel(var_rr_derived(1, 1 + e) - var_rr_derived(0, 1 + e)))


@cache
def eq17_derived(e_=e, n_=n):
    return sympy.factor(sympy.cancel(var_rr_derived(1, 1 + e_, e_, n_)))


@cache
def eq17_excess_derived():
    """Eq. (17) minus the optimum sqrt(e)/(n(sqrt(e)-1)^2), in terms of s = sqrt(e): factorised."""
    s = sympy.Symbol("s", positive=True)
    diff = eq17_derived(s ** 2) - s / (n * (s - 1) ** 2)
    return sympy.factor(sympy.cancel(diff)), s


# ---------------------------------------------------------------------------------------------
# l2 loss: Eq. (34), Eq. (35), optimum, Delta_l
@cache
def l2_model(veq, vne, d_=d, m_=m, n_=n):
    """sum_x Var(f_hat(x)) with sum_x f(x) = 1: Var is affine in f(x), so the sum is
    d Var(0) + (Var(1) - Var(0))."""
    d_ = _S(d_)[0]
    v0 = cms_variance_model(veq, vne, 0, m_, n_)
    v1 = cms_variance_model(veq, vne, 1, m_, n_)
    return d_ * v0 + (v1 - v0)


@cache
def l2_rr_derived(d_=d, m_=m, e_=e, n_=n):
    veq, vne = inner_variance_derived("rr", m_, e_)
    return factor_cancel(l2_model(veq, vne, d_, m_, n_))


@cache
def l2_kind_derived(kind, d_=d, m_=m, e_=e, n_=n):
    veq, vne = inner_variance_derived(kind, m_, e_)
    return l2_model(veq, vne, d_, m_, n_)


@cache
def m_l2_derived(d_=d, e_=e):
    """Root m > 1 of d/dm l2(f_hat_RR) = 0."""
    return _root_above_one(sympy.diff(l2_rr_derived(d_, m, e_), m))


@cache
def l2_opt_derived(d_=d, e_=e, n_=n):
    """l2 loss of CMS+RR at its stationary m (canonical radical form)."""
    return _canonical(l2_rr_derived(d_, m, e_, n_).subs(m, m_l2_derived(d_, e_)))


@cache
def l1_bound_derived(d_=d, e_=e, n_=n):
    """Cauchy-Schwarz: E sum_x |err_x| <= sqrt(d E sum_x err_x^2), at the l2-optimal m."""
    d_ = _S(d_)[0]
    return sympy.sqrt(d_ * l2_opt_derived(d_, e_, n_))


# ---------------------------------------------------------------------------------------------
# Asymptotics (Corollary 3.5, Eqs. (33), (37), (40))


@cache
def corollary35_derived():
    """Leading terms as d -> oo of (l1 bound, l2*, m*).

    ``m* = 1 + sqrt(e) sqrt(r(d))`` with r rational in d, so ``lim m* = 1 + sqrt(e lim r)``.
    ``l2(d, m)/d`` is a rational function jointly continuous at (1/d, m) = (0, lim m*) (its
    denominator (m - 1) does not vanish there), so ``lim l2*/d = lim_{d->oo} (l2(d, m)/d)`` evaluated at
    ``m = lim m*``; the l1 bound is ``sqrt(d l2*)``, so its leading term is ``d sqrt(lim l2*/d)``."""
    tt = sympy.Symbol("t", positive=True)  # e^eps = 1 + t, t > 0
    sub, back = {e: 1 + tt}, {tt: e - 1}
    t2 = sympy.cancel(((m_l2_derived() - 1) ** 2).subs(sub))  # (m* - 1)^2, rational in d and t
    m_lim = 1 + sympy.sqrt(sympy.factor(sympy.limit(t2, d, sympy.oo)))
    per_d = sympy.limit(sympy.cancel(l2_rr_derived().subs(sub) / d), d, sympy.oo)
    per_d = sympy.factor(sympy.cancel(per_d.subs(m, m_lim)))
    out = (sympy.sqrt(per_d) * d, per_d * d, m_lim)
    return tuple(sympy.factor(sympy.simplify(x.subs(back))) for x in out)


@cache
def eq33_derived():
    return sympy.simplify(sympy.limit(cms_variance_model(var_eq, var_neq, f), m, sympy.oo))


@cache
def rp_variance_derivative_numerator():
    """Numerator of d/dm of the CMS variance with m-independent Veq, Vne (its sign decides the
    monotonicity in m)."""
    return sympy.factor(sympy.numer(sympy.together(sympy.diff(cms_variance_model(var_eq, var_neq, f), m))))


# ---------------------------------------------------------------------------------------------
# Eq. (38): the m CMS+aRP needs to come within a factor 1 + tau of its limit


@cache
def eq38_derived():
    """Largest root m of Var_aRP(f(x) = 0; m) = (1 + tau) Var_aRP(f(x) = 0; m -> oo) (the display
    before Eq. (38) with its dropped 1/n restored; at large d, l2 = d Var(f(x) = 0))."""
    veq, vne = inner_variance_derived("arp")
    lhs = cms_variance_model(veq, vne, 0)
    rhs = (1 + tau) * vne / n
    return _root_above_one(lhs - rhs)


# ---------------------------------------------------------------------------------------------
# Exact l1 of CMS+RR (collision rate 1/m) for one dataset: the binomial model
@cache
def l1_rr_model(counts, m_: int, e_) -> sympy.Rational:
    """E sum_v |f_hat(v) - f(v)| for CMS+RR with a collision-uniform family (exact rational).

    For value v, client i contributes y_hat_i[h_i(v)] = (B_i - q)/(p - q) with B_i = 1{z_i = h_i(v)}:
    Bernoulli(p) if the client holds v, Bernoulli(1/m) otherwise (collision 1/m, then p; else q), all
    independent.  n f_hat(v) = m/(m-1) (S - n q)/(p - q) - n/(m-1) with S = Bin(c_v, p) + Bin(n-c_v, 1/m).
    """
    p, q = inner_pq("rr", m_, e_)
    n_ = sum(counts)
    total = sympy.Integer(0)
    for cv in counts:
        dist_a = [comb(cv, i) * p ** i * (1 - p) ** (cv - i) for i in range(cv + 1)]
        c = R(1, m_)
        rest = n_ - cv
        dist_b = [comb(rest, i) * c ** i * (1 - c) ** (rest - i) for i in range(rest + 1)]
        for i, pa in enumerate(dist_a):
            for j, pb in enumerate(dist_b):
                s = i + j
                est = (R(m_, m_ - 1) * (s - n_ * q) / (p - q) - R(n_, m_ - 1)) / n_
                total += pa * pb * abs(est - R(cv, n_))
    return total


def l2_rr_value(d_: int, m_: int, e_, n_: int):
    return l2_rr_derived(d_, m_, e_, n_)


# ---------------------------------------------------------------------------------------------
# Derived forms: the objects the claims display and their checks evaluate (zero-argument)


def eq11_form():
    """l2 (expected total squared error, maximised) equals the derivation's l2 (sum of variances)."""
    return sympy.And(sympy.Le(S.l2_sym, S.l2_model_sym), sympy.Ge(S.l2_sym, S.l2_model_sym))


def cauchy_schwarz_form():
    """Cauchy-Schwarz: E sum_x |e_x| <= sqrt(d E sum_x e_x^2)."""
    return sympy.Le(S.l1_sym, sympy.sqrt(d * S.l2_sym))


def inner_variance_form(kind: str):
    veq, vne = inner_variance_derived(kind)
    lhs = sympy.Symbol(f"Var({INNER_LABEL[kind]}(a)[b])")
    return sympy.Eq(lhs, sympy.Piecewise((veq, sympy.Eq(S.a_sym, S.b_sym)), (vne, True)), evaluate=False)


def var31_form():
    return sympy.Eq(S.Var_rr, var_rr_derived(), evaluate=False)


def worst_endpoints_form():
    return sympy.Eq(S.MSE_hat, sympy.Max(var_rr_derived(0), var_rr_derived(1)), evaluate=False)


def dvar_f1_form():
    return sympy.Eq(S.dvar1_sym, dvar_dm_derived(1), evaluate=False)


def dvar_f0_form():
    return sympy.Eq(S.dvar0_sym, dvar_dm_derived(0), evaluate=False)


def f1_increasing_form():
    return sympy.GreaterThan(dvar_dm_derived(1), 0)


def f0_minimum_form():
    return sympy.Eq(S.argmin_f0, stationary_m(0), evaluate=False)


def var_ordering_form():
    """(Var(1) > Var(0) at m = 1 + e^eps; Var(1) < Var(0) at m; Var(0) at m + 1 < at m), from Eq. (31) derived."""
    v0, v1 = var_rr_derived(0), var_rr_derived(1)
    return (sympy.StrictGreaterThan(sympy.factor(sympy.cancel((v1 - v0).subs(m, 1 + e))), 0),
            sympy.StrictLessThan(sympy.factor(sympy.cancel(v1 - v0)), 0),
            sympy.StrictLessThan(sympy.factor(sympy.cancel(v0.subs(m, m + 1) - v0)), 0))


def crossover_form():
    return (sympy.Eq(S.m_sym_plain, crossover_m_derived(), evaluate=False),
            sympy.Eq(S.Var_rr, crossover_var_derived(), evaluate=False))


def m_lower_bound_form():
    """max_f Var >= its value at the crossover for m <= 1 + e^{eps/2}, strictly for m < 1 + e^{eps/2}."""
    c, top = crossover_var_derived(), crossover_m_derived()
    return sympy.Implies(sympy.And(sympy.Le(2, m), sympy.Le(m, top)),
                         sympy.And(sympy.GreaterThan(S.W_sym, c),
                                   sympy.Implies(sympy.StrictLessThan(m, top), sympy.StrictGreaterThan(S.W_sym, c))))


def eq32_form():
    return sympy.Eq(m, stationary_m(), evaluate=False)


def var_star_form():
    return sympy.Eq(S.Var_star, var_star_derived(), evaluate=False)


def validity_form():
    ms = stationary_m()
    inside = sympy.And(sympy.Le(crossover_m_derived(), ms), sympy.Le(ms, stationary_m(0)))
    return sympy.And(sympy.Equivalent(inside, sympy.Le(f_star, R(1, 2))),
                     sympy.Implies(sympy.StrictGreaterThan(f_star, R(1, 2)),
                                   sympy.StrictLessThan(ms, crossover_m_derived())))


def _piece(first, second):
    return sympy.Piecewise((first, sympy.Le(f_star, R(1, 2))), (second, True))


def mse_opt_form():
    return sympy.Eq(S.MSE_hat, _piece(var_star_derived(), crossover_var_derived()), evaluate=False)


def m_opt_form():
    return sympy.Eq(m, _piece(stationary_m(), crossover_m_derived()), evaluate=False)


#: the names the better-neighbour forms give their loss (the notation of these claims' corrections,
#: proofs_checks/pan_cms/minimal_edits.json): the worst-case MSE of Eq. (31) and the l2 loss of Eq. (35)
MSE_LOSS_NAME = sympy.Symbol(r"\widehat{MSE}")
L2_LOSS_NAME = sympy.Symbol("l_2")


def _better_neighbour(mstar, loss, name):
    """``m_Z^* = argmin over m in {floor(m*), ceil(m*)} of loss(m)`` (Theorem 3.6, Corollary 3.4, Theorem 3.7: the
    integer optimum of a loss a t + b + c/t, t = m - 1, convex in m, is one of the two integer neighbours of its
    real optimum m*): :class:`ldpref.ledger.edit_nodes.BetterNeighbourOfLoss` of the derived m* and the derived loss
    as a function of m, called ``name`` and defined in the LaTeX; exact (decided at a number, the lower neighbour on
    a tie).  m* > 2 on the model's range, so floor(m*) >= 2 is an admissible m: m* >= 1 + e^{eps/2} for the MSE,
    and m_l2 - 1 = e^{eps/2} sqrt((d e - e + 1)/(d + e - 1)) > 1 since e (d e - e + 1) - (d + e - 1) =
    (d - 1)(e^2 - 1) > 0 (e = e^eps > 1, d >= 2)."""
    return sympy.Eq(S.m_int, BetterNeighbourOfLoss(mstar, sympy.Lambda(m, loss), name), evaluate=False)


def mse_closest_integer_form():
    return _better_neighbour(m_opt_form().rhs, sympy.Max(var_rr_derived(0), var_rr_derived(f_star)), MSE_LOSS_NAME)


def cor34_closest_integer_form():
    return _better_neighbour(crossover_m_derived(), sympy.Max(var_rr_derived(0), var_rr_derived(1)), MSE_LOSS_NAME)


def l2_closest_integer_form():
    return _better_neighbour(m_l2_derived(), l2_rr_derived(), L2_LOSS_NAME)


def cor34_form():
    return (sympy.Eq(S.MSE_hat, crossover_var_derived(), evaluate=False),
            sympy.Eq(m, crossover_m_derived(), evaluate=False))


def f0_form():
    return sympy.Eq(m, stationary_m(0), evaluate=False)


def eq16_form():
    return sympy.Eq(S.MSE_hat, eq16_derived(), evaluate=False)


def eq17_form():
    return sympy.Eq(S.MSE_hat, eq17_derived(), evaluate=False)


def eq17_larger_form():
    return sympy.StrictGreaterThan(eq17_derived(), crossover_var_derived())


def eq17_limit_form():
    return sympy.Eq(S.lim_mse17, sympy.limit(eq17_derived(), e, sympy.oo), evaluate=False)


def eq34_form():
    return sympy.Eq(S.l2_sym, sympy.factor(l2_model(var_eq, var_neq)), evaluate=False)


def eq35_form():
    return sympy.Eq(S.l2_rr_sym, l2_rr_derived(), evaluate=False)


def thm37_form():
    return (sympy.Eq(S.l2_star, l2_opt_derived(), evaluate=False), sympy.Eq(m, m_l2_derived(), evaluate=False))


def m_l2_form():
    return sympy.Eq(m, m_l2_derived(), evaluate=False)


def delta_l_form():
    return sympy.Eq(S.Delta_l, _canonical((m_l2_derived() - 1) * (e + d - 1)), evaluate=False)


def eq36_form():
    return sympy.Eq(S.l2_min, l2_opt_derived(), evaluate=False)


def l1_bound_form():
    return sympy.Le(S.l1_star, l1_bound_derived())


def cor35_form():
    return corollary35_derived()


def eq37_form():
    return sympy.Eq(S.l2_rr_sym, corollary35_derived()[1], evaluate=False)


def m_limit_form():
    return sympy.Eq(S.lim_m_sym, corollary35_derived()[2], evaluate=False)


def eq40_form():
    return sympy.Eq(S.l1_up, corollary35_derived()[0], evaluate=False)


def eq33_form():
    return sympy.Eq(S.lim_var_rp, eq33_derived(), evaluate=False)


def rp_decreasing_form():
    return sympy.StrictLessThan(rp_variance_derivative_numerator(), 0)


def _rp_limit_mse(kind):
    """lim_{m->oo} of the worst-case MSE of CMS+RP over 0 <= f(x) <= f* (Eq. (33) derived)."""
    veq, vne = inner_variance_derived(kind)
    lim = eq33_derived().subs({var_eq: veq, var_neq: vne})
    return sympy.Max(lim.subs(f, 0), lim.subs(f, f_star))


def arp_ruled_out_form():
    return sympy.Implies(sympy.StrictGreaterThan(f_star, 0),
                         sympy.StrictGreaterThan(_rp_limit_mse("arp"), mse_opt_form().rhs))


def srp_ruled_out_form():
    rp, rr = _rp_limit_mse("srp"), mse_opt_form().rhs
    return sympy.And(sympy.Implies(sympy.StrictLessThan(f_star, R(1, 2)), sympy.StrictGreaterThan(rp, rr)),
                     sympy.Implies(sympy.GreaterThan(f_star, R(1, 2)),
                                   sympy.And(sympy.GreaterThan(rp, rr), sympy.LessThan(rp, rr))))


def _rp_l2_limit(kind):
    return sympy.factor(_limit_at_oo(l2_kind_derived(kind), m))


def _limit_at_oo(expr, var):
    """``lim_{var -> oo} expr`` of a rational function of ``var`` whose numerator's degree is at most its
    denominator's: the ratio of the leading coefficients (0 for a lower degree), as exact as ``sympy.limit``
    and a fraction of its time; any other expression (a higher degree: an infinite limit whose sign depends on
    the coefficients) goes to ``sympy.limit``."""
    lead = leading_ratio(*sympy.fraction(sympy.cancel(sympy.together(expr))), var)
    if lead is not None and lead[0] <= 0:
        return sympy.Integer(0) if lead[0] < 0 else lead[1]
    return sympy.limit(expr, var, sympy.oo)


def srp_l2_larger_form():
    return sympy.GreaterThan(_rp_l2_limit("srp"), l2_opt_derived())


def arp_l2_large_d_form():
    lim = _rp_l2_limit("arp")
    ratio = sympy.limit(sympy.cancel(lim / corollary35_derived()[1]), d, sympy.oo)
    return sympy.And(sympy.StrictGreaterThan(lim, l2_opt_derived()), sympy.Eq(ratio, 1))


def eq38_form():
    """The root m_tau (the m CMS+aRP needs) is at least half of (e^eps-1)^2/((1+tau)e^eps)."""
    return sympy.GreaterThan(eq38_derived(), (e - 1) ** 2 / (2 * (1 + tau) * e))


def rp_not_optimal_form():
    return sympy.LessThan(S.rr_real, S.rp_val)
