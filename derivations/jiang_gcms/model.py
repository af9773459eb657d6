"""Derivations for jiang-gcms (Jiang et al., "When Focus Enhances Utility ..."), built from the model only
(never from the printed transcriptions in ``printed_*.py``).

Section II-B (pure protocols of Wang et al.) and Section III-A (the p and q of BRR, GRR, SUE, OUE),
derived from the protocols' definitions rather than copied:

* :func:`pure_estimator_derived` -- solve ``E[S] = f p + (n - f) q`` for f (S: number of reports
  supporting the value).
* :func:`pure_variance_derived` -- S is a sum of independent Bernoulli variables.
* :func:`grr_pq`, :func:`brr_pq` -- normalise the weights e^eps (true value) and 1 (any other value).
* :func:`sue_pq` -- each bit through BRR at eps/2.
* :func:`oue_pq` -- minimise the f = 0 variance q(1-q)/(p-q)^2 over unary encodings that are
  exactly eps-LDP, ``p (1 - q) = e^eps q (1 - p)``.
* :func:`unary_exp_eps` -- the privacy ratio of a unary encoding, ``p(1-q)/((1-p) q)``.

Sections II-A, IV and Appendices A-C (GCMS), derived from Algorithm 1's two branches and the paper's
hash model (k functions with independent uniform values, drawn once):

* :func:`algorithm1_law_derived`, :func:`eq3_derived`, :func:`privacy_ratio_derived` -- the law of a
  report, the inclusion probability q and Theorem 2's likelihood ratio (binomial ratios simplified);
* :func:`client_inclusion`, :func:`mean_C_derived`, :func:`eq4_derived` -- each client adds one
  Bernoulli(pi) to C(d) (it uses one hash function); E[pi] and Var_draw[pi] from k Bernoulli(1/m)
  collision indicators; Eq. (4) by solving E[C] = C for f;
* :func:`var_C_derived_expr` -- Var[C(d)] by the law of total variance over the draw (Theorem 3 prints
  p^2/k and alpha_1^2/k where the squares carry no 1/k);
* :func:`eq7_derived`, :func:`lemma1_objective_derived_expr` -- Eq. (7) from R(s) = e^eps, and the
  objective the exact variance gives at the boundary (the p-part of Var[f_hat]/n); :func:`remark3_derived`, the
  pure protocol's variance at Eq. (7)'s boundary as m -> oo against that objective;
* Appendix B's lemmas and sums (:func:`lemma2_derived`, :func:`lemma4_derived`,
  :func:`same_client_cov_derived`, :func:`eq11_derived`, :func:`eq12_derived`) and Appendix C's
  simplifications; Algorithm 4's loop (:func:`alg4_loop_derived`); Remark 1's bit counts.
"""

from __future__ import annotations

from functools import cache

import sympy

from ldpref.decide.for_all import signs_above
from ldpref.exact import EXP_EPS, to_exact
from ldpref.ledger.forms import Predicate

from .symbols import (EZ, EZ2, HOCKEY, WORST_RATIO, A2_KM, ARGMIN_P, PQ_SLOPE, C, D, E_p, F2, I_same, S, a1_sym, a2_sym,
                      delta, e, eps, eps_c,
                      eps_p, f, fhat, k, lam, m, n, p, q, s, var_C, var_fhat, w_of)


def _tidy(expr):
    """A rational expression as numerator/denominator with a denominator that does not start with -."""
    num, den = sympy.fraction(sympy.factor(expr))
    if den.could_extract_minus_sign():
        num, den = -num, -den
    return sympy.collect(sympy.expand(num), [S, f, n]) / den


def _solve_affine(lhs, rhs, t):
    """The solution t of lhs = rhs for lhs affine in t (a t + b = rhs: t = (rhs - b)/a), as sympy.solve gives
    it, without its general machinery; refuses a lhs that is not affine in t or a t-free rhs."""
    a = sympy.diff(lhs, t)
    if sympy.diff(a, t) != 0 or a == 0 or rhs.has(t):
        raise ValueError(f"{lhs} = {rhs} is not affine in {t}")
    return (rhs - lhs.subs(t, 0)) / a


@cache
def pure_estimator_derived():
    """E[S] = f p + (n - f) q is affine in f; the unbiased estimator inverts it at S."""
    target = sympy.Symbol("t")
    expr = _solve_affine(target * p + (n - target) * q, S, target)
    return sympy.Eq(fhat, _tidy(expr))


@cache
def pure_variance_derived():
    """S = sum of f Bernoulli(p) and n - f Bernoulli(q), independent: Var S = f p(1-p) + (n-f) q(1-q);
    the unbiased estimator is (S - n q)/(p - q), so Var = Var S / (p - q)^2."""
    var_S = f * p * (1 - p) + (n - f) * q * (1 - q)
    estimator = pure_estimator_derived().rhs
    scale = sympy.diff(estimator, S)
    return sympy.Eq(var_fhat, _tidy(var_S * scale**2))


@cache
def pure_ldp_condition_derived():
    """eps-LDP holds iff every output's probabilities differ by at most e^eps across inputs; for a
    pure protocol that is ``max_y max_{x,x'} P[y|x]/P[y|x'] <= e^eps`` -- for GRR this ratio is p/q,
    for unary encodings p(1-q)/((1-p)q), for Subset Selection the weight ratio e^eps."""
    return sympy.Le(WORST_RATIO, EXP_EPS)


def grr_pq(d=D, exp_eps=EXP_EPS):
    """Weight e^eps on the true value, 1 on each of the d - 1 others, normalised."""
    d, exp_eps = to_exact(d, what="d"), to_exact(exp_eps, what="e^eps")  # builtin numbers stay exact
    total = exp_eps + (d - 1) * 1
    return sympy.cancel(exp_eps / total), sympy.cancel(1 / total)


def brr_pq(exp_eps=EXP_EPS):
    return grr_pq(2, exp_eps)


def sue_pq(exp_eps=EXP_EPS):
    """Each bit through BRR at eps/2: keep w.p. e^(eps/2)/(e^(eps/2) + 1)."""
    return brr_pq(sympy.sqrt(exp_eps))


def unary_exp_eps(pp, qq):
    """Privacy ratio of a unary encoding: outputs differing in the bits of x and x' give
    [p/q] * [(1-q)/(1-p)] at most."""
    return sympy.simplify(pp * (1 - qq) / ((1 - pp) * qq))


@cache
def oue_pq(exp_eps=EXP_EPS):
    """Minimise Var at f = 0, q(1-q)/(p-q)^2 (Corollary 1 with f = 0), subject to the exact privacy
    constraint p(1-q) = e^eps q(1-p).  Solve the constraint for p, set d/dq = 0."""
    qq = sympy.Symbol("q", positive=True)
    e = sympy.Symbol("e", positive=True)
    P_ = sympy.Symbol("P")
    pp = _solve_affine(P_ * (1 - qq) - e * qq * (1 - P_), sympy.Integer(0), P_)  # the constraint is affine in P
    objective = qq * (1 - qq) / (pp - qq) ** 2
    critical = _critical_points(objective, qq, [sympy.fraction(sympy.together(pp))[1]], (0, 1), {e: 1})
    if len(critical) != 1:
        raise ArithmeticError(f"expected one stationary q in (0, 1) for every e^eps > 1, found {critical}")
    q_star = sympy.cancel(critical[0])
    p_star = sympy.cancel(pp.subs(qq, q_star))
    return sympy.cancel(p_star.subs(e, exp_eps)), sympy.cancel(q_star.subs(e, exp_eps))


def _critical_points(objective, x, denominators, within, parameters):
    """The zeros of d objective/dx proved to lie in the open interval ``within`` = (lo, hi) of x for every value of
    the parameters in ``parameters`` (bounds as :func:`ldpref.decide.for_all.signs_above` takes them): the roots of
    the linear factors of the derivative's numerator that zero no denominator (of the derivative or of
    ``denominators``), as sympy.solve finds them here; sympy.solve's roots when a factor is not linear in x."""
    num, den = sympy.fraction(sympy.together(sympy.diff(objective, x)))
    _, factors = sympy.factor_list(num, x)
    if any(sympy.degree(f_, x) > 1 for f_, _ in factors):
        roots = sympy.solve(sympy.diff(objective, x), x)
    else:
        roots = [_solve_affine(f_, sympy.Integer(0), x) for f_, _ in factors if f_.has(x)]
        roots = [r for r in roots if all(sympy.cancel(d_.subs(x, r)) != 0 for d_ in [den, *denominators])]
    lo, hi = within
    return [r for r in roots if signs_above(r - lo, parameters) == {1} and signs_above(hi - r, parameters) == {1}]


@cache
def def1_derived():
    """Over events S the worst case is S = {y : P(y|X) > e^eps P(y|X')}, so Definition 1 holds for a pair of
    inputs iff delta >= sum_y (P(y|X) - e^eps P(y|X'))_+ (hockey_stick); for delta = 0: iff every single
    output has P(y|X) <= e^eps P(y|X')."""
    return sympy.Ge(delta, HOCKEY)


def hockey_stick(row_x, row_x2, exp_eps):
    """sum_y (P(y|x) - e^eps P(y|x'))_+ : the smallest delta of Definition 1 for the pair (x, x')."""
    return sum((max(sympy.Integer(0), a - exp_eps * b) for a, b in zip(row_x, row_x2)), sympy.Integer(0))


@cache
def thm1_derived():
    """Feldman, McMillan and Talwar (SODA 2023), the approximate-DP amplification bound for an
    eps-LDP randomiser shuffled among n reports (transcribed from [12]; not derivable here)."""
    E = sympy.exp(eps)
    bound = sympy.log(1 + (E - 1) * (4 * sympy.sqrt(2 * sympy.log(4 / delta)) / sympy.sqrt((E + 1) * n) + 4 / n))
    return sympy.Implies(sympy.Le(eps, sympy.log(n / (8 * sympy.log(2 / delta)) - 1)), sympy.Le(eps_c, bound))


def _binom_ratio(expr):
    # combsimp leaves a rational function of p, m, s here; factor gives the form simplify gave (and costs
    # milliseconds, not seconds)
    return sympy.factor(sympy.combsimp(sympy.expand_func(expr)))


@cache
def algorithm1_law_derived():
    """Algorithm 1: keep r w.p. p then a uniform (s-1)-subset of the m - 1 others; else a uniform
    s-subset of the others.  A set x holding r arises only on the first branch, one of C(m-1, s-1)
    equally likely subsets; a set without r only on the second."""
    uniform = lambda size: 1 / sympy.binomial(m - 1, size)  # noqa: E731
    return {sympy.Symbol(r"P(x \mid r),\ r\in x"): p * uniform(s - 1),
            sympy.Symbol(r"P(x \mid r),\ r\notin x"): (1 - p) * uniform(s)}


@cache
def eq3_derived():
    """P(b in X) for a bucket b != r: a uniform t-subset of the m - 1 others holds b w.p.
    C(m-2, t-1)/C(m-1, t); t = s - 1 w.p. p and t = s w.p. 1 - p."""
    inc = lambda t: _binom_ratio(sympy.binomial(m - 2, t - 1) / sympy.binomial(m - 1, t))  # noqa: E731
    return sympy.Eq(q, sympy.factor(p * inc(s - 1) + (1 - p) * inc(s)))


@cache
def same_randomness_derived():
    """Why one item's estimate has the same law: each client adds 1{h_j(v) in x}, a Bernoulli with parameter p
    (h_j(v) is the true bucket) or P(b in x) of Eq. (3) (another bucket); the unary encoding's bit is Bernoulli
    with p or q.  So the laws agree when Algorithm 1's P(b in x) equals the unary encoding's q."""
    return sympy.Le(sympy.Abs(eq3_derived().rhs - q), 0)


@cache
def privacy_ratio_derived():
    """Largest ratio of one output's probabilities under two hashed values r != r': x holding r but
    not r' against x holding r' but not r."""
    law = algorithm1_law_derived()
    inside, outside = law.values()
    return _binom_ratio(inside / outside)


@cache
def thm2_derived():
    """The mechanism's e^eps (its largest likelihood ratio) is at most max(R, 1/R), R the ratio of Algorithm 1's
    two branch probabilities (attained when some hash function separates two values)."""
    R = sympy.factor(privacy_ratio_derived())
    return sympy.Le(sympy.exp(eps), sympy.Max(R, 1 / R))


@cache
def appA_case_derived(case: int):
    """The likelihood ratio P(x | r)/P(x | r') of each case, from Algorithm 1's law."""
    inside, outside = algorithm1_law_derived().values()
    ratio = {1: inside / inside, 2: outside / outside, 3: inside / outside, 4: outside / inside}[case]
    return sympy.factor(_binom_ratio(ratio))


def appA_first_step_derived(case: int):
    """The ratio of Algorithm 1's probabilities written as the first step of Cases 3 and 4 writes it (the
    probabilities of algorithm1_law_derived divided, binomials kept)."""
    inside, outside = algorithm1_law_derived().values()
    return {3: inside / outside, 4: outside / inside}[case]


@cache
def appA_closing_derived():
    """The largest log-ratio is log max(R, 1/R); it equals log R exactly when R >= 1, i.e.
    p(m - s) >= (1 - p) s (for instance p >= 1/2 and s <= m/2)."""
    return sympy.Implies(sympy.Ge(p * (m - s), (1 - p) * s),
                         sympy.Le(sympy.Symbol(r"\log\frac{P(x|d)}{P(x|d')}"), sympy.log(p / (1 - p) * (m - s) / s)))


def collision_moments():
    """T = number of the k independent uniform functions with h_j(d') = h_j(d): a sum of k independent
    Bernoulli(1/m) indicators I_j (I_j^2 = I_j).  Returns (E[T/k], Var[T/k])."""
    EI = 1 / m
    EI2 = EI  # an indicator squared is itself
    var_I = EI2 - EI**2
    return EI, sympy.factor(k * var_I / k**2)


@cache
def client_inclusion():
    """pi = P(client's report holds bucket h_J(d)): p for a holder of d; for a holder of d' != d,
    q + (p - q) T/k given the draw (T collisions).  Returns (E[pi | d' != d], Var over draws)."""
    Ec, Vc = collision_moments()
    return sympy.factor(q + (p - q) * Ec), sympy.factor((p - q) ** 2 * Vc)


@cache
def mean_C_derived():
    """E[C(d)] = f p + (n - f) E[pi]."""
    Epi, _ = client_inclusion()
    return sympy.expand(f * p + (n - f) * Epi)


def _fixed_draw_unbiased(**kw) -> bool:
    """sum_{x != d} f(x)(c_bar(d, x) - 1/m) == 0: ``others`` lists (f(x), c_bar(d, x)) for x != d."""
    mm = sympy.sympify(kw["m"])
    return sum((fx * (c - 1 / mm) for fx, c in kw["others"]), sympy.Integer(0)) == 0


@cache
def thm3_deployed_derived():
    """For one fixed draw H, E[C(d) | H] counts f(x) c_bar(d, x) of every other value x instead of f(x)/m, so
    E[f_hat(d) | H] - f(d) = sum_{x != d} f(x)(c_bar(d, x) - 1/m)/(1 - 1/m): unbiased iff that sum vanishes."""
    return Predicate(r"\sum_{x\neq d} f(x)\left(\bar c(d,x) - \tfrac{1}{m}\right) = 0", _fixed_draw_unbiased)


@cache
def eq4_derived():
    """E[C(d)] is affine in f: solve E[C] = C for f."""
    t = sympy.Symbol("t")
    sol = _solve_affine(mean_C_derived().subs(f, t), C, t)
    num, den = sympy.fraction(sympy.factor(sol))
    return sympy.Eq(fhat, sympy.collect(sympy.expand(num), C) / den)


@cache
def appB_mean_derived():
    return sympy.Eq(sympy.Symbol(r"E[C(d)]"), sympy.collect(mean_C_derived(), [f, n]))


def alpha1_alpha2():
    """alpha_1 = E[pi] and alpha_2 = Var_draw[pi] of a client holding d' != d."""
    return client_inclusion()


@cache
def var_C_derived_expr():
    """Law of total variance over the draw H: given H the clients are independent, each contributes
    a Bernoulli(pi_i) to C(d) -- a client reads exactly one hash function, so sum_j Z_j is one
    indicator.  E[Var(C|H)] = f p(1-p) + (n-f)(E[pi] - E[pi^2]); Var(E[C|H]) = (p-q)^2 Var(T/k) F2
    (collision counts of distinct d' are pairwise independent)."""
    Epi, Vpi = client_inclusion()
    Epi2 = Vpi + Epi**2
    return sympy.expand(f * p * (1 - p) + (n - f) * (Epi - Epi2) + Vpi * F2)


@cache
def thm3_derived():
    """Var[C(d)] in Theorem 3's shape, alpha_1 = E[pi] and alpha_2 = Var_draw[pi] of a client holding d' != d
    (client_inclusion): f p(1-p) + (n - f)(alpha_1 - alpha_1^2 - alpha_2) + alpha_2 F2."""
    a1, a2 = client_inclusion()
    form = f * p * (1 - p) + (n - f) * (a1 - a1**2 - a2) + a2 * F2
    if sympy.expand(form - var_C_derived_expr()) != 0:
        raise ArithmeticError("Theorem 3's shape does not hold for the derived variance")
    return sympy.Eq(var_C, f * p * (1 - p) + (n - f) * (a1_sym - a1_sym**2 - a2_sym) + a2_sym * F2)


def thm3_derived_value():
    return var_C_derived_expr()


@cache
def thm3_ratio_derived():
    """f_hat = (C - b)/a with a = (p - q)(1 - 1/m) (Eq. (4)): Var f_hat = Var C / a^2."""
    a = sympy.diff(eq4_derived().rhs, C)
    return sympy.Eq(var_fhat, sympy.factor(var_C * a**2))


def estimator_variance_derived():
    return sympy.expand(var_C_derived_expr()) * sympy.diff(eq4_derived().rhs, C) ** 2


@cache
def draw_term_derived():
    """Var over the draw of E[f_hat | H]: E[C | H] = f p + sum_{d'} f(d')(q + (p-q) T_{d'}/k)."""
    _, Vpi = client_inclusion()
    a = sympy.diff(eq4_derived().rhs, C)
    return sympy.Eq(sympy.Symbol(r"\mathrm{Var}_{H}(E[\hat f(d)\mid H])"), sympy.factor(Vpi * F2 * a**2))


@cache
def cor1_derived():
    """Section II-B's variance, rewritten (p(1-p) - q(1-q) = (p - q)(1 - p - q))."""
    v = pure_variance_derived().rhs
    return sympy.Eq(var_fhat, sympy.simplify(v))


@cache
def eq7_derived():
    """Theorem 2's ratio R(s) = p(m - s)/((1 - p)s) decreases in s, so R <= e^eps iff s >= s*, the root
    of R(s) = e^eps; q = (s - p)/(m - 1) (Eq. (3)) increases in s, so q >= q(s*)."""
    S_ = sympy.Symbol("S", positive=True)
    R = privacy_ratio_derived().subs(s, S_)
    # dR/dS = -p m/((1-p) S^2) < 0 (a rational function: cancel decides that it is zero)
    if sympy.cancel(sympy.diff(R, S_) * (1 - p) * S_**2 / p + m) != 0:
        raise ArithmeticError("Theorem 2's ratio is not p(m - S)/((1 - p) S)")
    # R(S) = e^eps: the numerator of R - e^eps is affine in S (R is a ratio of two affine functions of S)
    num, den = sympy.fraction(sympy.together(R - e))
    s_star = _solve_affine(sympy.expand(num), sympy.Integer(0), S_)
    if sympy.cancel(den.subs(S_, s_star)) == 0:
        raise ArithmeticError("R(S) = e^eps has its root at a pole")
    q_star = sympy.factor((s_star - p) / (m - 1))
    return sympy.Ge(q, q_star)


def q_star(pp=p):
    return eq7_derived().rhs.subs(p, pp)


@cache
def _boundary_parts():
    """Var[f_hat]/n with q at the boundary of Eq. (7) and f = lam n, from the derived variance, as
    (main, const): Var/n = main + const (F2/n - (1 - lam)), each factored after substituting q*
    piece by piece (slope^2 of Eq. (4), E[pi], Var_draw[pi])."""
    Epi, Vpi = client_inclusion()
    qs = q_star()
    S2 = sympy.factor((sympy.diff(eq4_derived().rhs, C) ** 2).subs(q, qs))
    E1, V1 = sympy.factor(Epi.subs(q, qs)), sympy.factor(Vpi.subs(q, qs))
    main = sympy.factor(S2 * (lam * p * (1 - p) + (1 - lam) * (E1 - E1**2)))
    const = sympy.factor(S2 * V1)
    return main, const


@cache
def variance_at_boundary():
    """Var[f_hat]/n with q at the boundary of Eq. (7) and f = lam n (derived)."""
    main, const = _boundary_parts()
    return main + const * (F2 / n - (1 - lam))


@cache
def lemma1_objective_derived_expr():
    """Var[f_hat]/n = g(p)/(e^eps - 1)^2 + B with B free of p (the draw term): g is the derived objective,
    the p-part of the exact variance at the boundary of Eq. (7), scaled by (e^eps - 1)^2."""
    main, const = _boundary_parts()
    if const.has(p):
        raise ArithmeticError("the draw term depends on p")
    return sympy.factor(sympy.cancel(main * (e - 1) ** 2))


@cache
def remark3_derived():
    """Remark 3 (Section IV-C): with k = 1 and m -> oo, Eq. (7)'s boundary is q = p/w, w = e^eps (1 - p) + p (the
    eps-LDP boundary of a unary encoding).  The pure protocol's variance (Section II-B, derived) at that q, over n,
    against the derived objective of Lemma 1 over (e^eps - 1)^2 (the exact variance's p-part; it carries no k or m,
    so it is Lemma 1's objective at k = 1)."""
    return sympy.Eq(_tidy(pure_variance_derived().rhs.subs(q, p / w_of()) / n),
                    _tidy(lemma1_objective_derived_expr() / (e - 1) ** 2))


@cache
def lemma1_derived():
    """p* = argmin_p of the derived objective (the exact variance's p-part)."""
    return sympy.Eq(sympy.Symbol("p^{*}"), ARGMIN_P(lemma1_objective_derived_expr()))


def variance_constant_term():
    """B of Var[f_hat]/n = g/(e^eps - 1)^2 + B."""
    main, const = _boundary_parts()
    return sympy.factor(const * (F2 / n - (1 - lam)))


@cache
def appC_alpha_derived():
    """alpha_1 = E[pi], alpha_2 = Var_draw[pi] (client_inclusion) at q on the boundary of Eq. (7)."""
    a1, a2 = client_inclusion()
    a1s = sympy.factor(a1.subs(q, q_star()))
    a2s = sympy.factor(a2.subs(q, q_star()))
    return {a2_sym: a2s, sympy.Symbol(r"\alpha_2\ (\text{simplified})"): a2s, a1_sym: a1s}


@cache
def appC_pq_derived():
    """The two quantities Appendix C's chain names, at q on the boundary of Eq. (7): (p - q)^2 (1 - 1/m) and
    alpha_2 k (m - 1), alpha_2 = Var_draw[pi] (client_inclusion)."""
    _, a2 = client_inclusion()
    return [sympy.Eq(PQ_SLOPE, sympy.factor(((p - q) ** 2 * (1 - 1 / m)).subs(q, q_star()))),
            sympy.Eq(A2_KM, sympy.factor((a2 * k * (m - 1)).subs(q, q_star())))]


@cache
def appC_chain_derived():
    """The algebra after (13): (13) times (e^eps - 1)^2 with f = lam n, per client, where w - 1 = (e^eps - 1)(1 - p)
    turns w^2/((w - 1)^2 p) into w^2/((1 - p)^2 p); every step of the chain must equal this one value."""
    W = w_of()
    value = sympy.factor(W**2 / ((1 - p) ** 2 * p) * (lam * (1 - p / k) + (1 - lam) * (1 / W - p / (W**2 * k))))
    return [value] * 5


def eq13_derived_expr():
    W = w_of()
    return W**2 / ((W - 1) ** 2 * p) * (lam * (1 - p) + (1 - lam) * (1 / W - p / W**2))


@cache
def eq13_derived():
    """The p minimising the exact Var[f_hat(d)] at the boundary of Eq. (7): the minimiser of (13) without the 1/k
    (the p-free remainder of the variance does not move it)."""
    return sympy.Eq(sympy.Symbol("p^{*}"), ARGMIN_P(eq13_derived_expr()))


@cache
def lemma2_derived():
    """Z_j = 1{J=j} [B (1{d_i = d} + 1{d_i != d} 1{collide}) + Y 1{d_i != d} 1{no collision}]; J, B, Y
    and the draw independent: E = (1/k)(p I + (p/m + q(1 - 1/m))(1 - I))."""
    Ecol, _ = collision_moments()
    val = (1 / k) * (p * I_same + (1 - I_same) * (p * Ecol + q * (1 - Ecol)))
    return sympy.Eq(sympy.Symbol(r"E[Z_j^{(i)}(d)]"), sympy.expand(val))


@cache
def lemma3_derived():
    """Z takes the values 0 and 1 with P(Z = 1) = E[Z]: E[Z^2] = 0^2 (1 - E[Z]) + 1^2 E[Z]."""
    return sympy.Eq(EZ2, sympy.expand(0**2 * (1 - EZ) + 1**2 * EZ))


def lemma4_derived():
    """(1) different j: independent functions and independent choices of J -> 0; (2) a holder of d, or
    two different other values (pairwise independent collisions) -> 0; (3) the same other value d':
    both read the same collision indicator: E[Z Z'] - E[Z]E[Z'] = (p-q)^2 Var(I)/k^2."""
    EI = 1 / m
    return [sympy.Integer(0), sympy.Integer(0), sympy.factor((p - q) ** 2 * (EI - EI**2) / k**2)]


def same_client_cov_derived(pi):
    """Sum over j1 != j2 of Cov(Z_j1, Z_j2) for one client whose report holds bucket h_J(d) w.p. pi:
    Z_j1 Z_j2 = 0 (one j per report), so each covariance is -E[Z_j1]E[Z_j2] = -(pi/k)^2."""
    return sympy.expand(-k * (k - 1) * (pi / k) ** 2)


@cache
def eq11_derived():
    """Each Z_j is an indicator with mean pi/k: Var = pi/k - (pi/k)^2, summed over k functions."""
    Epi, _ = client_inclusion()
    per = lambda pi: k * (pi / k - (pi / k) ** 2)  # noqa: E731
    return sympy.Eq(sympy.Symbol(r"\sum_i\sum_j \mathrm{Var}(Z_j^{(i)})"),
                    sympy.expand(f * per(p) + (n - f) * per(Epi)))


@cache
def eq12_derived():
    """Only ordered pairs of distinct clients holding the same d' != d: sum_{d'} f(d')(f(d') - 1) of
    them, each with k terms Lemma 4(3)."""
    c3 = lemma4_derived()[2]
    return sympy.Eq(sympy.Symbol(r"\sum_{i_1\neq i_2}\sum_j \mathrm{Cov}"), sympy.factor(k * c3 * (F2 - (n - f))))


@cache
def allocation_derived():
    """A unary encoding's ratio factorises: e^eps = [p/(1-p)] [(1-q)/q]; with e^{eps_p} = p/(1-p) this
    gives q = 1/(e^{eps - eps_p} + 1) exactly.  For GCMS, e^eps = [p/(1-p)] [(m-s)/s] (Theorem 2's ratio):
    the second factor fixes s/m = 1/(e^{eps - eps_p} + 1), and q = (s - p)/(m - 1) (Eq. (3) derived)."""
    P_ = sympy.solve(sympy.Eq(E_p, p / (1 - p)), p)[0]
    Q_ = sympy.solve(sympy.Eq(e / E_p, (1 - q) / q), q)[0]
    S_ = sympy.Symbol("S_", positive=True)
    ratio = privacy_ratio_derived().subs(s, S_)
    (s_of,) = sympy.solve(sympy.Eq(ratio.subs(p, P_), e), S_)
    q_gcms = eq3_derived().rhs.subs({s: s_of, p: P_})
    return {p: sympy.simplify(P_), sympy.Symbol(r"q_{\mathrm{unary}}"): sympy.simplify(Q_),
            sympy.Symbol(r"q_{\mathrm{GCMS}}"): sympy.factor(sympy.simplify(q_gcms))}


@cache
def remark1_derived():
    """The message <x, j>: s buckets of ceil(log2 m) bits and the index j of ceil(log2 k) bits; Apple's
    report: m bits and j.  Server: one increment per bucket of a report."""
    lg = lambda v: sympy.ceiling(sympy.log(v, 2))  # noqa: E731
    return {sympy.Symbol(r"\mathrm{bits}_{GCMS}"): s * lg(m) + lg(k), sympy.Symbol(r"\mathrm{bits}_{CMS}"): m + lg(k),
            sympy.Symbol(r"\mathrm{ops}_{GCMS}"): n * s, sympy.Symbol(r"\mathrm{ops}_{CMS}"): n * m}


@cache
def alg4_loop_derived():
    """One iteration maps the width w = p_r - p_l to 2w/3 in both branches; w_0 = 1/2, so after t
    iterations w_t = (1/2)(2/3)^t > 0 and the loop condition p_l <= p_r never fails."""
    pl, pr, t = sympy.symbols("p_l p_r t", positive=True)
    p0 = pl + (pr - pl) / 3
    p1 = pr - (pr - pl) / 3
    widths = {sympy.simplify(p1 - pl), sympy.simplify(pr - p0)}
    assert len(widths) == 1
    return sympy.Eq(sympy.Symbol(r"\mathrm{width}_t"), sympy.Rational(1, 2) * sympy.Rational(2, 3) ** t)


@cache
def alg4_loop_correction():
    """The loop condition a ternary search needs: continue while the bracket is at least tau wide,
    p_l + tau <= p_r (p_r - p_l >= tau), tau > 0: the width (1/2)(2/3)^t falls below tau, so the loop ends."""
    tau = sympy.Symbol(r"\tau", positive=True)
    return sympy.Le(sympy.Symbol("p_l") + tau, sympy.Symbol("p_r"))
