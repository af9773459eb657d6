"""pan-cms claim checks: Appendix B (the variance of the CMS estimator, Eqs. (25)-(29)).

Shared evidence builders: :mod:`proofs_checks.pan_cms.basics_common`; derivations: :mod:`derivations.pan_cms.basics`.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy

import derivations.pan_cms.basics as D
import derivations.pan_cms.printed_basics as PB
from derivations.pan_cms.symbols import var_eq, var_neq
from ldpref import enumeration
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Point, Symbolic
from ldpref.ledger.forms import evaluate

from .basics_common import (CBAR_DEF, CONSTANT, GENERAL, R, SIZES, UNIFORM, _fr, cms_points, datasets, exact_moments,
                            family, fsize, inner_cases, mkey, moment_oracle, norm_sizes, var_table, y_mech)
from .basics_appA import Y_FAMILIES, _norm_client, _rhs, client_grid


# ==== Appendix B ===================================================================================
CLIENT_VARIANCE = client_grid("Var(y_hat) of one client (enumeration)", Y_FAMILIES, "variance")


record(
    id="pan-cms/appB.eq25",
    location="Appendix B, Eq. (25)",
    statement="Var(y_hat^(i)[h_j(i)(x)]) = E[(y_hat^(i)[h_j(i)(x)])^2] - c_bar(X^(i), x)^2.",
    printed=PB.appB_eq25_printed,
    derived=D.appB_eq25_derived,
    derivation="derivations.pan_cms.basics.client_mean",
    assumptions="Eq. (24)",
    steps=(Symbolic("printed vs derived", part=lambda form: _norm_client(form.rhs, CBAR_DEF)),
           CLIENT_VARIANCE),
)


record(
    id="pan-cms/appB.second-moment",
    location="Appendix B, second-moment derivation before Eq. (26)",
    statement="E[(y_hat^(i)[h_j(i)(x)])^2] = (1/k) sum_j (Var(R(h_j(X^(i)))[h_j(x)]) + c_j(X^(i), x)).",
    printed=PB.appB_second_moment_printed,
    derived=D.appB_second_moment_derived,
    derivation="derivations.pan_cms.basics.client_second_moment",
    assumptions="j^(i) uniform; Property 2.1 (E[R] = c_j in {0, 1})",
    steps=(Symbolic("printed vs derived", part=lambda form: _norm_client(form.rhs)),
           client_grid("E[y_hat^2] of one client (enumeration)", Y_FAMILIES, "second")),
)


record(
    id="pan-cms/appB.eq26",
    location="Appendix B, Eq. (26)",
    statement="Var(y_hat^(i)[h_j(i)(x)]) = (1/k) sum_j Var(R(h_j(X^(i)))[h_j(x)]) + c_bar(X^(i), x) - "
              "c_bar(X^(i), x)^2.",
    printed=PB.appB_eq26_printed,
    derived=D.appB_eq26_derived,
    derivation="derivations.pan_cms.basics.client_variance",
    assumptions="Eqs. (24), (25)",
    steps=(Symbolic("printed vs derived", part=lambda form: _norm_client(form.rhs, CBAR_DEF)),
           CLIENT_VARIANCE),
)


def _pair_moments(key, kind, ee, X1_, X2_, xx):
    """E[y1 y2], E[y1], E[y2] for two independent clients, enumerating every pair of outputs of the y-mechanism."""
    return enumeration.independent_pair_moments(y_mech(key, kind, ee), X1_, X2_, xx, xx)


PAIR_KEYS = ("gf2(l=1,d=2)", "hand(d=3,k=2,partial)", "random(d=3,m=3,k=2)")


def pair_grid(name, what):
    """Two clients holding X1, X2 (real CMS + RR): the exact E[y1 y2] (``what`` "product") or Cov(y1, y2)
    ("cov") by enumerating every pair of outputs; the forms evaluated at X1, X2 on the family."""

    def points():
        for key in PAIR_KEYS:
            fam = family(key)
            for X1_, X2_ in itertools.product(range(fam.d), repeat=2):
                for xx in range(fam.d):
                    yield Point({"family": key, "X1": X1_, "X2": X2_, "x": xx}, data=(key, fam, X1_, X2_, xx),
                                size=(*fsize(key), X1_, X2_, xx))

    def oracle(point):
        key, _, X1_, X2_, xx = point.data
        m12, m1, m2 = _pair_moments(key, "rr", R(2), X1_, X2_, xx)
        return m12 if what == "product" else sympy.cancel(m12 - m1 * m2)

    def value(form, point):
        _, fam, X1_, X2_, xx = point.data
        return D.evaluate_on(form.subs({D.X1: X1_, D.X2: X2_}), family=fam, x_val=xx)

    return Grid(name, points, oracle, part=_rhs, value=value)


def _norm_pair(expr):
    """A two-client form with X1 = 5, X2 = 6, c_bar written as its sum, expanded at (k, x) = (1, 0), (2, 1)."""
    return norm_sizes(expr.subs({D.X1: 5, D.X2: 6}), [(None, 1, 0), (None, 2, 1)], cbar_def=CBAR_DEF, idempotent=False)


record(
    id="pan-cms/appB.eq27",
    location="Appendix B, Eq. (27)",
    statement="For two clients i1 != i2: E[y_hat^(i1) y_hat^(i2)] = c_bar(X^(i1), x) c_bar(X^(i2), x).",
    printed=PB.appB_eq27_printed,
    derived=D.appB_eq27_derived,
    assumptions="independent function draws; Property 2.2",
    steps=(Symbolic("printed vs derived", part=lambda form: _norm_pair(form.rhs)),
           pair_grid("E[y1 y2] by enumerating every pair of outputs of the real CMS+RR", "product")),
)


record(
    id="pan-cms/appB.cov-zero",
    location="Appendix B, covariance of two clients",
    statement="Cov(y_hat^(i1)[h_j(i1)(x)], y_hat^(i2)[h_j(i2)(x)]) = c_bar c_bar - c_bar c_bar = 0.",
    printed=PB.appB_cov_printed,
    derived=D.appB_cov_derived,
    assumptions="independent clients",
    steps=(Symbolic("printed vs derived", part=lambda form: _norm_pair(form.rhs)),
           pair_grid("Cov(y1, y2) by enumerating pairs of outputs", "cov")),
)


def _sum_variance_points():
    keys = ("gf2(l=1,d=2)", "hadamard(d=3)", "hand(d=3,k=2,partial)", "random(d=3,m=3,k=2)")
    return cms_points(inner_cases(keys, 2), lambda dd: datasets(dd, 2), lambda key, kind, ee, counts, xx: (
        mkey(key, kind, ee, which="y"), counts, xx, family(key), var_table(kind, family(key).m, ee)))


def _sum_variance_value(form, point):
    _, counts, xx, fam, V = point.data
    return D.evaluate_on(form, family=fam, counts=counts, var_table=V, x_val=xx)


record(
    id="pan-cms/appB.sum-variance",
    location="Appendix B, variance of the sum of decoded coordinates",
    statement="Var(sum_i y_hat^(i)[h_j(i)(x)]) = n sum_{x'} [(1/k) sum_j Var(R(h_j(x'))[h_j(x)]) + c_bar(x', x) - "
              "c_bar(x', x)^2] f(x').",
    printed=PB.appB_sum_variance_printed,
    derived=D.appB_sum_variance_derived,
    assumptions="Eq. (26) and zero covariances",
    steps=(Symbolic("printed vs derived", part=lambda form: norm_sizes(form.rhs, SIZES, cbar_def=CBAR_DEF)),
           Grid("Var(sum y_hat) = n^2 Var(mean y_hat) of the real y-mechanism (enumeration)", _sum_variance_points,
                moment_oracle("variance", scale=lambda counts: sum(counts)**2), part=_rhs, value=_sum_variance_value)),
)


def _eq29_points():
    for key, kind, ee in inner_cases(UNIFORM[:3] + CONSTANT[:2] + GENERAL):
        fam = family(key)
        V = var_table(kind, fam.m, ee)
        for xx, x2 in itertools.permutations(range(fam.d), 2):
            yield Point({"family": key, "R": kind, "exp_eps": ee, "x": xx, "x'": x2}, data=(fam, V, xx, x2),
                        size=(*fsize(key), ee, xx, x2))


def _eq29_oracle(point):
    """The enumerated variances Var(R(h_j(x'))[h_j(x)]), averaged over the family."""
    fam, V, xx, x2 = point.data
    return sum(V[h[x2]][h[xx]] for h in fam.functions) / fam.k


def _eq29_value(form, point):
    fam, V, xx, x2 = point.data
    return D.evaluate_on(form.subs(D.xp, x2), family=fam, x_val=xx, var_table=V,
                         extra={var_eq: V[0][0], var_neq: V[0][1]})


record(
    id="pan-cms/appB.eq29",
    location="Appendix B, Eq. (29)",
    statement="For x' != x: (1/k) sum_j Var(R(h_j(x'))[h_j(x)]) = c_bar(x', x) Var(R|=) + "
              "(1 - c_bar(x', x)) Var(R|!=).",
    printed=PB.appB_eq29_printed,
    derived=D.appB_eq29_derived,
    derivation="derivations.pan_cms.basics.property23",
    assumptions="Property 2.3",
    steps=(Symbolic("printed vs derived", part=lambda form: norm_sizes(form.rhs, SIZES, cbar_def=CBAR_DEF)),
           Grid("average enumerated Var(R(h_j(x'))[h_j(x)]) over the family", _eq29_points, _eq29_oracle, part=_rhs,
                value=_eq29_value)),
)


def _diagonal_norm(forms):
    return [sympy.expand(D.canonical_collisions(D.expand_sums(q.rhs, k_val=kk, x_val=0)))
            for kk in (1, 2, 3) for q in forms]


def _diagonal_points():
    for key, kind, ee in inner_cases(UNIFORM[:3] + GENERAL):
        fam = family(key)
        V = var_table(kind, fam.m, ee)
        for xx in range(fam.d):
            yield Point({"family": key, "R": kind, "exp_eps": ee, "x": xx}, data=(fam, V, xx),
                        size=(*fsize(key), ee, xx))


def _diagonal_oracle(point):
    """The collision rate of x with itself and the average enumerated variance on the diagonal."""
    fam, V, xx = point.data
    return [_fr(Fraction(sum(1 for h in fam.functions if h[xx] == h[xx]), fam.k)),
            sum(V[h[xx]][h[xx]] for h in fam.functions) / fam.k]


def _diagonal_value(forms, point):
    fam, V, xx = point.data
    kw = dict(family=fam, x_val=xx, var_table=V, extra={var_eq: V[0][0], var_neq: V[0][1]})
    return [D.evaluate_on(q.rhs, **kw) for q in forms]


record(
    id="pan-cms/appB.diagonal",
    location="Appendix B, the term x' = x",
    statement="For x' = x: c_bar(x, x) = 1 and (1/k) sum_j Var(R(h_j(x))[h_j(x)]) = Var(R|=).",
    printed=PB.appB_diagonal_printed,
    derived=D.appB_diagonal_derived,
    derivation="derivations.pan_cms.basics.property23",
    assumptions="Property 2.3",
    steps=(Symbolic("printed vs derived (Property 2.3, k in {1, 2, 3})", part=_diagonal_norm),
           Grid("collision rate and average variance on the diagonal", _diagonal_points, _diagonal_oracle,
                value=_diagonal_value)),
)


def _decomposition_points():
    for key in PAIR_KEYS:
        fam = family(key)
        mk = mkey(key, "rr", R(2), which="y")
        for X1_, X2_ in itertools.combinations_with_replacement(range(fam.d), 2):
            counts = tuple((X1_ == w) + (X2_ == w) for w in range(fam.d))
            for xx in range(fam.d):
                yield Point({"family": key, "X1": X1_, "X2": X2_, "x": xx}, data=(mk, counts, xx, key, fam, X1_, X2_),
                            size=(*fsize(key), X1_, X2_, xx))


def _decomposition_value(form, point):
    """The form at the two variances (one-client enumeration) and the covariance (pair enumeration)."""
    mk, _, xx, key, fam, X1_, X2_ = point.data
    singles = [exact_moments(mk, tuple(int(w == X_) for w in range(fam.d)))["variance"][xx] for X_ in (X1_, X2_)]
    m12, m1, m2 = _pair_moments(key, "rr", R(2), X1_, X2_, xx)
    return evaluate(form, {D.SumVar_sym: sum(singles), D.SumCov_sym: 2 * sympy.cancel(m12 - m1 * m2)})


record(
    id="pan-cms/appB.var-decomposition",
    location="Appendix B, variance of the sum before Eq. (27)",
    statement="Var(sum_i y_hat^(i)) = sum_i Var(y_hat^(i)) + sum_{i1 != i2} Cov(y_hat^(i1), y_hat^(i2)).",
    printed=PB.appB_var_decomposition_printed,
    derived=D.appB_var_decomposition_derived,
    assumptions="bilinearity of covariance",
    note="A general identity (the printed and derived forms coincide); the evidence is the enumeration.",
    steps=(Symbolic("printed vs derived", part=_rhs),
           Grid("Var of the sum of two clients (enumeration) vs variances and covariance (pair enumeration)",
                _decomposition_points, moment_oracle("variance", scale=lambda counts: 4), value=_decomposition_value)),
)
