"""Derivations for jiang-gcms (Jiang et al., "When Focus Enhances Utility ...").

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
"""

from __future__ import annotations

from functools import cache

import sympy

from ldpref.exact import EXP_EPS

p, q = sympy.symbols("p q", positive=True)
n = sympy.Symbol("n", positive=True, integer=True)
f = sympy.Symbol("f", nonnegative=True)  # true count of the value d (jiang-gcms counts, not frequencies)
S = sympy.Symbol("S", nonnegative=True, integer=True)  # number of reports whose support holds d
D = sympy.Symbol(r"|\mathcal{D}|", positive=True, integer=True)
fhat = sympy.Symbol(r"\hat{f}(d)")
var_fhat = sympy.Symbol(r"\mathrm{Var}[\hat{f}(d)]")


def _tidy(expr):
    """A rational expression as numerator/denominator with a denominator that does not start with -."""
    num, den = sympy.fraction(sympy.factor(expr))
    if den.could_extract_minus_sign():
        num, den = -num, -den
    return sympy.collect(sympy.expand(num), [S, f, n]) / den


# ---- Section II-B -----------------------------------------------------------------------------
@cache
def pure_estimator_printed():
    return sympy.Eq(fhat, (S - n * q) / (p - q) ** 2)


@cache
def pure_estimator_derived():
    """E[S] = f p + (n - f) q is affine in f; the unbiased estimator inverts it at S."""
    target = sympy.Symbol("t")
    solution = sympy.solve(sympy.Eq(target * p + (n - target) * q, S), target)
    (expr,) = solution
    return sympy.Eq(fhat, _tidy(expr))


@cache
def pure_variance_printed():
    return sympy.Eq(var_fhat, (f * p * (1 - p) + (n - f) * q * (1 - q)) / (p - q) ** 2)


@cache
def pure_variance_derived():
    """S = sum of f Bernoulli(p) and n - f Bernoulli(q), independent: Var S = f p(1-p) + (n-f) q(1-q);
    the unbiased estimator is (S - n q)/(p - q), so Var = Var S / (p - q)^2."""
    var_S = f * p * (1 - p) + (n - f) * q * (1 - q)
    estimator = pure_estimator_derived().rhs
    scale = sympy.diff(estimator, S)
    return sympy.Eq(var_fhat, _tidy(var_S * scale**2))


@cache
def pure_ldp_condition_printed():
    """The paper's sufficient condition: p/q <= e^eps."""
    return sympy.Le(p / q, EXP_EPS)


@cache
def pure_ldp_condition_derived():
    """eps-LDP holds iff every output's probabilities differ by at most e^eps across inputs; for a
    pure protocol that is ``max_y max_{x,x'} P[y|x]/P[y|x'] <= e^eps`` -- for GRR this ratio is p/q,
    for unary encodings p(1-q)/((1-p)q), for Subset Selection the weight ratio e^eps."""
    worst_ratio = sympy.Symbol(r"\max_{y,\,x,\,x'} \frac{P(y \mid x)}{P(y \mid x')}", positive=True)
    return sympy.Le(worst_ratio, EXP_EPS)


# ---- Section III-A ----------------------------------------------------------------------------
def grr_pq(d=D, exp_eps=EXP_EPS):
    """Weight e^eps on the true value, 1 on each of the d - 1 others, normalised."""
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
    pp = sympy.solve(sympy.Eq(sympy.Symbol("P") * (1 - qq), e * qq * (1 - sympy.Symbol("P"))), sympy.Symbol("P"))[0]
    objective = qq * (1 - qq) / (pp - qq) ** 2
    critical = [s for s in sympy.solve(sympy.diff(objective, qq), qq) if s.is_positive is not False]
    q_star = sympy.simplify(critical[0])
    p_star = sympy.simplify(pp.subs(qq, q_star))
    return sympy.cancel(p_star.subs(e, exp_eps)), sympy.cancel(q_star.subs(e, exp_eps))


def pq_form(name: str, pair):
    return {sympy.Symbol(f"p_{{{name}}}"): pair[0], sympy.Symbol(f"q_{{{name}}}"): pair[1]}
