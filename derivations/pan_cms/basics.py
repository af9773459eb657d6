"""pan-cms derivations: basics (Section 2, Sections 3.1-3.3, Appendices A-C).

Everything here is a sympy object.  The printed forms (the formula as the paper prints it, mistakes
included, transcribed with the notation of :mod:`derivations.pan_cms.symbols_basics` so that it can be
*evaluated* on a real hash family and a real inner mechanism) are in :mod:`derivations.pan_cms.printed_basics`,
:mod:`derivations.pan_cms.printed_appendix_c` and :mod:`derivations.pan_cms.printed_sec2`; nothing here reads them.

* ``*_derived`` -- the quantity built from the CMS model (Fig. 1): a client with value a draws
  j uniformly from [k], hashes to h_j(a) and reports the inner mechanism R's output; by
  Property 2.1 E[R(h_j(a))[h_j(x)]] = c_j(a, x) (a 0/1 collision indicator), by Property 2.2 clients
  are independent, and E[R^2] = Var(R) + E[R]^2.  The per-client moments (:func:`client_mean`,
  :func:`client_second_moment`) are combined with the estimator's own coefficients, which are
  themselves derived by inverting E[f_hat] (:func:`estimator_derived`).

The exact evaluation of the sum formulas is in :mod:`derivations.pan_cms.basics_notation`; Section 2 is in
:mod:`derivations.pan_cms.basics_sec2` (both re-exported here).
"""

from __future__ import annotations

import sympy

from ldpref.exact import to_exact

from ..caching import cache
from .symbols import alpha, cbar, d, e, f, k, m, n, var_eq, var_neq
from .symbols_basics import (CU_sym, K_size, PI_sym, SumCov_sym, SumVar_sym, UNBIASED_sym,  # noqa: F401
                             ZERO_BIAS_sym, Xf, iclient)
from .symbols_statements import Predicate

from .basics_notation import (A_sym, B_sym, CBar, Coll, Cov_pair, E_fhat, E_g, E_prod, E_yhat, E_yhat2, Expect,
                              FHAT, J, MSE_fhat, MSE_g, Pr_chernoff, Pr_tail, Pr_upper, RVal, S, SumIn,
                              SumInExcept, VarOp, VarR, Var_fhat, Var_sum, Var_yhat, X, X1, X2, alpha_max2, fF,
                              fhat_sym, g_sym, j, ratio_sym, var_sym, x, xp, yhat)
from .basics_notation import (  # noqa: F401  (re-exported for the checks and derivations.cross)
    _compile, _compiled, canonical_collisions, evaluate_on, evaluate_symbolic_on, expand_sums, normal_form)
from .basics_sec2 import (  # noqa: F401  (re-exported for the checks and derivations.cross)
    cms_ldp_derived, ldp_definition_derived, property21_derived, property22_derived, property23_derived,
    worst_mse_derived, worst_mse_index_set)


# ---- Section 3: the estimator and its first two moments ------------------------------------------


def _invert_affine(collision):
    """The unbiased affine estimator a S/n + b when every client's decoded coordinate has mean
    c_bar(a, x) (Eq. (24), derived in :func:`client_mean`) and c_bar(x', x) = ``collision`` for every
    x' != x: E[S/n] = f + (1 - f) c; solve a E[S/n] + b = f for all f."""
    a_, b_, ff = sympy.symbols("a_ b_ ff")
    mean_S_over_n = ff * 1 + (1 - ff) * collision
    eq = sympy.expand(a_ * mean_S_over_n + b_ - ff)
    sol = sympy.solve([eq.coeff(ff, 1), eq.coeff(ff, 0)], [a_, b_], dict=True)[0]
    return sympy.cancel(sol[a_]), sympy.cancel(sol[b_])


@cache
def estimator_derived():
    """Eq. (2) derived: with c_bar = 1/m the unique unbiased affine decoder of S."""
    a_, b_ = _invert_affine(1 / m)
    return sympy.Eq(fhat_sym, sympy.factor(a_) / n * S + b_)


def estimator_coefficients(form):
    """(per-client scale, offset) of an estimator ``a S + b`` with a = scale/n: f_hat = mean(scale*y + offset)."""
    rhs = form.rhs
    a_ = sympy.diff(rhs, S)
    b_ = sympy.cancel(rhs.subs(S, 0))
    if sympy.diff(a_, S) != 0:
        raise ValueError(f"estimator {rhs} is not affine in S")
    scale = sympy.cancel(a_ * n)
    if scale.has(n) or b_.has(n):
        raise ValueError(f"estimator {rhs}: scale {scale} / offset {b_} depend on n")
    return scale, b_


@cache
def g_derived():
    """Eq. (8) derived: the unbiased affine decoder when every pair collides at the constant rate c_bar."""
    a_, b_ = _invert_affine(cbar)
    return sympy.Eq(g_sym, a_ / n * S + b_)


def client_mean(a):
    """E[y_hat] for a client with value a (Eq. (24) from the model): j uniform on [k], Property 2.1."""
    return SumIn(Coll(j, a, x) / k, j, k)


def client_second_moment(a):
    """E[y_hat^2] for a client with value a: (1/k) sum_j E[R^2], E[R^2] = Var(R) + E[R]^2 and
    E[R] = c_j in {0, 1} so E[R]^2 = c_j."""
    return SumIn((VarR(j, a, x) + Coll(j, a, x)) / k, j, k)


def client_variance(a):
    return client_second_moment(a) - client_mean(a) ** 2


@cache
def expectation_derived():
    """E[f_hat(x)] = scale * sum_{x'} f(x') E[y_hat | x'] + offset, with the derived Eq. (2)."""
    scale, offset = estimator_coefficients(estimator_derived())
    return sympy.Eq(E_fhat, scale * SumIn(fF(xp) * client_mean(xp), xp, d) + offset)


@cache
def variance_lemma_derived():
    """Clients independent (Property 2.2): Var(f_hat) = scale^2/n^2 * n * sum_{x'} f(x') Var(y_hat | x')."""
    scale, _ = estimator_coefficients(estimator_derived())
    return sympy.Eq(Var_fhat, scale**2 / n * SumIn(fF(xp) * client_variance(xp), xp, d))


def property23(expr):
    """Property 2.3: Var(R(h_j(a))[h_j(b)]) is Var(R|=) on a collision and Var(R|!=) otherwise."""
    return expr.replace(VarR, lambda jj, a, b: Coll(jj, a, b) * var_eq + (1 - Coll(jj, a, b)) * var_neq)


@cache
def variance_theorem_derived():
    """Eq. (4) derived, with Property 2.3 substituted."""
    return sympy.Eq(Var_fhat, property23(variance_lemma_derived().rhs))


def _per_client_variance_const_rate(c):
    """Per-client variance of y_hat for x' != x when c_bar(x', x) = c, from the model: the average of
    Property 2.3's variances plus c - c^2 (the client's mean is c, its second moment avg Var + c)."""
    return c * var_eq + (1 - c) * var_neq + c - c**2


@cache
def variance_corollary_derived():
    """c_bar = 1/m for x' != x and sum_{x' != x} f(x') = 1 - f(x); the client at x has variance Var(R|=)."""
    scale, _ = estimator_coefficients(estimator_derived())
    per_client = sympy.collect(sympy.expand(_per_client_variance_const_rate(1 / m)), [var_eq, var_neq])
    return sympy.Eq(Var_fhat, sympy.factor(scale**2) / n * ((1 - f) * per_client + f * var_eq))


@cache
def appB_eq6_sum_derived():
    """The same step from the model: sum over x' != x of f(x') times the per-client variance at 1/m."""
    scale, _ = estimator_coefficients(estimator_derived())
    term = fF(xp) * _per_client_variance_const_rate(1 / m)
    return sympy.Eq(Var_fhat, scale**2 / n * (SumInExcept(term, xp, d, x) + f * var_eq))


# ---- Section 3.3: MSE, g(x) -------------------------------------------------------------------


@cache
def mse_derived():
    """(F - f)^2 = (F - E F)^2 + 2 (F - E F)(E F - f) + (E F - f)^2; the cross term has mean 0."""
    bias2 = (Expect(FHAT) - f) ** 2
    return (sympy.Eq(MSE_fhat, Expect((FHAT - f) ** 2)),
            sympy.Eq(MSE_fhat, Expect((FHAT - Expect(FHAT)) ** 2) + bias2),
            sympy.Eq(MSE_fhat, VarOp(FHAT) + bias2))


def eval_moment_expr(expr, dist):
    """Evaluate an expression in Expect/VarOp of FHAT over ``dist`` = [(value, probability)]."""
    if isinstance(expr, Expect):
        inner = _eval_inner(expr.args[0], dist)
        return sympy.expand(sum(p * inner.subs(FHAT, v) for v, p in dist))
    if isinstance(expr, VarOp):
        inner = _eval_inner(expr.args[0], dist)
        mean = sum(p * inner.subs(FHAT, v) for v, p in dist)
        return sympy.expand(sum(p * (inner.subs(FHAT, v) - mean) ** 2 for v, p in dist))
    if expr.args:
        return expr.func(*[eval_moment_expr(a, dist) for a in expr.args])
    return expr


def _eval_inner(expr, dist):
    if isinstance(expr, (Expect, VarOp)):
        return eval_moment_expr(expr, dist)
    if expr.args:
        return expr.func(*[_eval_inner(a, dist) for a in expr.args])
    return expr


@cache
def g_expectation_derived():
    """E[g] = a E[S/n] + b with E[S/n] = f + (1 - f) c_bar and the derived g."""
    scale, offset = estimator_coefficients(g_derived())
    return sympy.Eq(E_g, sympy.cancel(scale * (f + (1 - f) * cbar) + offset))


@cache
def g_mse_derived():
    """MSE = Var + bias^2 (Eq. (7)); bias 0 (derived E[g] = f); Var from the per-client variances and
    the derived g's scale."""
    scale, _ = estimator_coefficients(g_derived())
    bias = sympy.cancel(g_expectation_derived().rhs - f)
    var = sympy.factor(scale**2) / n * ((1 - f) * _per_client_variance_const_rate(cbar) + f * var_eq)
    return sympy.Eq(MSE_g, var + bias**2)


# ---- Corollaries 3.1/3.2 and the family-size statement -------------------------------------------


@cache
def unbiased_condition_derived():
    """From Eq. (3): E[f_hat(x)] - f(x) = sum_{x' != x} (m c_bar(x, x') - 1) f(x') / (m - 1)."""
    bias = sympy.simplify(expectation_derived().rhs - fF(x))
    return sympy.Eq(sympy.Symbol(r"E[\hat{f}(x)] - f(x)"),
                    SumInExcept((m * CBar(x, xp) - 1) * fF(xp), xp, d, x) / (m - 1)), bias


def bias_closed_form():
    return unbiased_condition_derived()[0]


@cache
def unbiased_statement_derived():
    """The bias of :func:`unbiased_condition_derived` vanishes on every dataset iff every coefficient
    m c_bar(x, x') - 1 does (the one-client datasets isolate them)."""
    return sympy.Equivalent(UNBIASED_sym, ZERO_BIAS_sym)


@cache
def pairwise_def_derived():
    """(h(x), h(x')) uniform on [m]^2 gives Pr[h(x) = h(x')] = m * 1/m^2 = 1/m: only this direction holds."""
    return sympy.Implies(PI_sym, CU_sym)


@cache
def family_size_derived():
    """What is true: collision rate 1/m forces m | |H| (each pair collides in |H|/m functions);
    strong pairwise independence forces m^2 | |H| and Rao's bound |H| >= 1 + d(m - 1) (an
    orthogonal array of strength 2); Eq. (18) has |H| = 2^{2l} with 2^l >= d."""
    return (sympy.Implies(sympy.Symbol(r"\forall x \neq x': \bar{c}(x, x') = 1/m"), sympy.Eq(sympy.Mod(K_size, m), 0)),
            sympy.Implies(sympy.Symbol(r"\mathcal{H}\ \text{strongly pairwise independent}"),
                          sympy.And(sympy.Eq(sympy.Mod(K_size, m**2), 0), sympy.Ge(K_size, 1 + d * (m - 1)))))


@cache
def mse_var_derived():
    """Eq. (7) (derived) MSE = Var + (E[f_hat] - f)^2 with E[f_hat] = f(x) (Corollary 3.1 at c_bar = 1/m)."""
    third = mse_derived()[2].rhs
    return sympy.Eq(MSE_fhat, third.subs({VarOp(FHAT): Var_fhat, Expect(FHAT): f}))


@cache
def appB_var_decomposition_derived():
    """Var(sum_i Y_i) = sum_{i1, i2} Cov(Y_i1, Y_i2) (bilinearity); the diagonal i1 = i2 is sum_i Var(Y_i)."""
    diagonal, off_diagonal = SumVar_sym, SumCov_sym
    return sympy.Eq(Var_sum, sympy.Add(diagonal, off_diagonal))


# ---- Appendix A ------------------------------------------------------------------------------


@cache
def appA_eq23_derived():
    """y_hat of client i is, by definition, the decoded coordinate of its own function j^(i)."""
    return sympy.Eq(yhat, RVal(J, X, x))


@cache
def appA_eq24_derived():
    return sympy.Eq(E_yhat, client_mean(X))


@cache
def appA_expectation_sum_derived():
    scale, offset = estimator_coefficients(estimator_derived())
    return sympy.Eq(E_fhat, scale / n * SumIn(client_mean(Xf(iclient)), iclient, n) + offset)


@cache
def appA_unbiased_derived():
    """Eq. (3) derived with c_j averaged to 1/m; then sum_{x'} f(x') = 1; then simplification."""
    scale, offset = estimator_coefficients(estimator_derived())
    first = scale * (fF(x) + SumInExcept(fF(xp) * (1 / m), xp, d, x)) + offset
    second = scale * (fF(x) + (1 - fF(x)) / m) + offset
    return (sympy.Eq(E_fhat, first), sympy.Eq(E_fhat, second), sympy.Eq(E_fhat, sympy.cancel(second)))


@cache
def appA_converse_derived():
    scale, offset = estimator_coefficients(estimator_derived())
    return sympy.Eq(E_fhat, scale * (f * 1 + (1 - f) * client_mean(xp)) + offset)


# ---- Appendix B ------------------------------------------------------------------------------


@cache
def appB_eq25_derived():
    return sympy.Eq(Var_yhat, E_yhat2 - client_mean(X) ** 2)


@cache
def appB_second_moment_derived():
    return sympy.Eq(E_yhat2, client_second_moment(X))


@cache
def appB_eq26_derived():
    return sympy.Eq(Var_yhat, client_variance(X))


@cache
def appB_eq27_derived():
    """Independent clients: E[y1 y2] = E[y1] E[y2]."""
    return sympy.Eq(E_prod, client_mean(X1) * client_mean(X2))


@cache
def appB_cov_derived():
    return sympy.Eq(Cov_pair, appB_eq27_derived().rhs - client_mean(X1) * client_mean(X2))


@cache
def appB_sum_variance_derived():
    return sympy.Eq(Var_sum, n * SumIn(fF(xp) * client_variance(xp), xp, d))


@cache
def appB_eq29_derived():
    return sympy.Eq(SumIn(VarR(j, xp, x), j, k) / k, property23(SumIn(VarR(j, xp, x), j, k) / k))


@cache
def appB_diagonal_derived():
    return (sympy.Eq(CBar(x, x, evaluate=False), SumIn(Coll(j, x, x), j, k) / k),
            sympy.Eq(SumIn(VarR(j, x, x), j, k) / k, property23(SumIn(VarR(j, x, x), j, k) / k)))


# ---- Appendix C and Theorem 3.5 ------------------------------------------------------------------
def rr_pq(mm=m, ee=e):
    """Randomised response on [m]: keep w.p. e/(e + m - 1), each other value w.p. 1/(e + m - 1)."""
    mm, ee = to_exact(mm, what="m"), to_exact(ee, what="e^eps")  # builtin numbers stay exact
    return ee / (ee + mm - 1), 1 / (ee + mm - 1)


@cache
def rr_decoded_values():
    """The two values of RR's unbiased decoded coordinate: (1 - q)/(p - q) on a hit, -q/(p - q) else."""
    p_, q_ = rr_pq()
    return sympy.cancel((1 - q_) / (p_ - q_)), sympy.cancel(-q_ / (p_ - q_))


def _bernoulli_derived(Y_values, m_value, exp_eps, **_):
    """Y = scale * y_hat + offset (Eq. (2)) and RR's y_hat takes two values (:func:`rr_decoded_values`)."""
    scale, offset = estimator_coefficients(estimator_derived())
    sub = {m: m_value, e: exp_eps}
    two = {sympy.cancel((scale * t + offset).subs(sub)) for t in rr_decoded_values()}
    return len(two) == 2 and set(Y_values) <= two


@cache
def appC_bernoulli_derived():
    return Predicate(r"Y^{(i)} \in \{\tfrac{m}{m-1} \tfrac{1-q}{p-q} - \tfrac{1}{m-1},\ "
                     r"\tfrac{m}{m-1} \tfrac{-q}{p-q} - \tfrac{1}{m-1}\}", _bernoulli_derived)


@cache
def appC_AB_derived():
    """Y = scale * y_hat + offset (Eq. (2)) at RR's lowest and highest decoded value."""
    scale, offset = estimator_coefficients(estimator_derived())
    hi, lo = rr_decoded_values()
    return (sympy.Eq(A_sym, sympy.factor(scale * lo + offset)), sympy.Eq(B_sym, sympy.factor(scale * hi + offset)))


@cache
def var_rr_pairwise():
    """Var(f_hat(x)) of CMS+RR with c_bar = 1/m (Eq. (6) derived with RR's Var(R|=), Var(R|!=),
    which are computed from RR's decoded values)."""
    p_, q_ = rr_pq()
    hi, lo = rr_decoded_values()
    v_eq = sympy.cancel(p_ * hi**2 + (1 - p_) * lo**2 - 1)
    v_neq = sympy.cancel(q_ * hi**2 + (1 - q_) * lo**2)
    return sympy.factor(variance_corollary_derived().rhs.subs({var_eq: v_eq, var_neq: v_neq}))


@cache
def appC_delta_range_derived():
    """delta = alpha sqrt(Var)/(f - A) <= 1  <=>  alpha^2 <= (f - A)^2 / Var(f_hat(x))."""
    A_ = appC_AB_derived()[0].rhs
    scale = (m - 1) * (e - 1)
    base = sympy.collect(sympy.expand(sympy.cancel((f - A_) * scale)), f, sympy.factor)
    n_var = sympy.collect(sympy.expand(sympy.cancel(var_rr_pairwise() * n * scale**2 / (m - 1))), f, sympy.factor)
    value = n * base**2 / ((m - 1) * n_var)
    # value == (f - A)^2 / Var as rational functions: p1/q1 == p2/q2 <=> p1 q2 - p2 q1 == 0 (polynomials over Q)
    p1, q1 = sympy.fraction(sympy.together(value))
    p2, q2 = sympy.fraction(sympy.together((f - A_) ** 2 / var_rr_pairwise()))
    if not sympy.Poly(p1 * q2 - p2 * q1, m, e, f, n, domain=sympy.QQ).is_zero:
        raise ArithmeticError("rearrangement of (f - A)^2 / Var failed")
    return sympy.Eq(alpha_max2, value)


@cache
def appC_ratio_derived():
    """Var/((B-A)(f-A)) at f = 1 (it decreases in f), with the Var of CMS+RR."""
    A_, B_ = appC_AB_derived()[0].rhs, appC_AB_derived()[1].rhs
    ratio = var_rr_pairwise() / ((B_ - A_) * (f - A_))
    return sympy.Eq(ratio_sym, sympy.factor(ratio.subs(f, 1)))


@cache
def appC_eq30_derived():
    """Chernoff: Pr[X >= (1 + delta) mu] <= exp(-delta^2 mu / 3) for 0 <= delta <= 1, with
    mu = E[sum (Y - A)/(B - A)] = n (f - A)/(B - A) (unbiased CMS)."""
    A_s, B_s = A_sym, B_sym
    mu = n * (f - A_s) / (B_s - A_s)
    dlt = sympy.Symbol("delta")
    return (sympy.Le(Pr_chernoff, sympy.exp(-(dlt**2) * mu / 3)), sympy.Contains(dlt, sympy.Interval(0, 1)))


@cache
def appC_rewrite_derived():
    """Substitute delta = alpha sqrt(Var)/(f - A) into the derived Eq. (30)."""
    bound = appC_eq30_derived()[0].rhs
    if not isinstance(bound, sympy.exp):
        raise ValueError(f"Eq. (30) (derived) must bound by exp(...), got {bound}")
    dlt = sympy.Symbol("delta")
    exponent = bound.args[0].subs(dlt, alpha * sympy.sqrt(var_sym) / (f - A_sym))  # log(exp(E)) = E, E real
    return sympy.Le(Pr_upper, sympy.exp(sympy.factor(exponent)))


def alpha_range_max2(form):
    """The largest alpha^2 of a (bound, Contains(alpha, [0, a_max])) pair."""
    return sympy.cancel(form[1].args[1].sup ** 2)


def thm35_exponent_coefficient():
    """c such that the bound is 2 exp(-c alpha^2): the minimum over f of n Var/((B-A)(f-A)) over 3."""
    return sympy.cancel(n * appC_ratio_derived().rhs / 3)


@cache
def thm35_corrected():
    """Eq. (30) needs delta <= 1 for every f(x); the smallest (f - A)^2/Var over f in [0, 1] is at
    f = 0, so alpha <= sqrt(n/(m - 1)).  The exponent uses n Var/((B-A)(f-A)) >= (m-1)/(e+m-1)."""
    amax2 = sympy.factor(appC_delta_range_derived().rhs.subs(f, 0))
    coef = thm35_exponent_coefficient()
    return (sympy.Le(Pr_tail, 2 * sympy.exp(-coef * alpha**2)),
            sympy.Contains(alpha, sympy.Interval(0, sympy.sqrt(amax2))))


@cache
def appC_upper_corrected():
    coef = thm35_exponent_coefficient()
    return (sympy.Le(Pr_upper, sympy.exp(-coef * alpha**2)), thm35_corrected()[1])


@cache
def appC_two_sided_corrected():
    return thm35_corrected()
