"""pan-cms claim checks: Section 3.3, MSE and the estimator g(x) (Eqs. (7)-(10), Theorem 3.4, MSE = Var under
pairwise independence).

Shared evidence builders: :mod:`proofs_checks.pan_cms.basics_common`; derivations: :mod:`derivations.pan_cms.basics`.
"""

from __future__ import annotations

from functools import cache

import sympy

import derivations.pan_cms.basics as D
import derivations.pan_cms.printed_basics as PB
import derivations.pan_cms.theorem34 as DT
from derivations.pan_cms.symbols import f as f_sym
from ldpref import enumeration
from ldpref.ledger import record
from ldpref.ledger.generic import Exact, Grid, Point, Symbolic
from ldpref.ledger.forms import evaluate

from .basics_common import (CONSTANT, R, UNIFORM, _MECHS, _inner_params, _path, _small_datasets, cms_points,
                            datasets, exact_moments, family, fsize, inner_cases, mkey, moment_oracle, vertices)
from .basics import _rhs
from .basics_estimator import constant_rate, estimator_grid, library_decoder_check
from .basics_variance import joined, scalar_grid, symbolic_grid


# ==== Section 3.3 =================================================================================
@cache
def _fhat_distributions(mk, counts):
    """Exact distribution of f_hat(x) for every x, by enumerating every outcome of the real mechanism once."""
    mech = _MECHS[mk]()
    dists = None
    for est, p in enumeration.estimate_distribution(mech, counts):
        if dists is None:
            dists = [{} for _ in est]
        prob = mech.domain.to_sympy(p)
        for dist, value in zip(dists, est):
            val = mech.domain.to_sympy(value)
            dist[val] = dist.get(val, 0) + prob
    return tuple(tuple(sorted(dist.items(), key=lambda t: t[0])) for dist in dists)


def _fhat_distribution(mk, counts, xx):
    """Exact distribution of f_hat(x) by enumerating every outcome of the real mechanism."""
    return list(_fhat_distributions(mk, counts)[xx])


def _eq7_norm(forms):
    """The forms' right-hand sides over a generic 3-point distribution."""
    vals = sympy.symbols("v0:3")
    p0, p1 = sympy.symbols("p0 p1", positive=True)
    dist = list(zip(vals, (p0, p1, 1 - p0 - p1)))
    return [sympy.expand(D.eval_moment_expr(q.rhs, dist)) for q in forms]


def _eq7_points():
    cases = (("gf2(l=1,d=2)", "rr", R(2)), ("gf2(l=1,d=2)", "arp", R(3)), ("hadamard(d=3)", "rr", R(3)),
             ("gf2mod3(l=2,d=2)", "rr", R(2)), ("random(d=3,m=2,k=3)", "rr", R(2)))
    return cms_points(cases, _small_datasets, lambda key, kind, ee, counts, xx: (
        _fhat_distribution(mkey(key, kind, ee), counts, xx), R(counts[xx], sum(counts))))


def _eq7_oracle(point):
    """The MSE of f_hat(x) from its exact distribution (every outcome of the real mechanism)."""
    dist, truth = point.data
    return [sum(p * (val - truth) ** 2 for val, p in dist)] * 3


def _eq7_value(forms, point):
    dist, truth = point.data
    return [D.eval_moment_expr(q.rhs, dist).subs({f_sym: truth}) for q in forms]


record(
    id="pan-cms/eq7",
    location="Section 3.3, Eq. (7)",
    statement="MSE(f_hat(x)) = E[(f_hat - f)^2] = E[f_hat - E[f_hat]]^2 + (E[f_hat] - f)^2 = Var(f_hat) + bias^2.",
    printed=PB.mse_printed,
    derived=D.mse_derived,
    assumptions="E[Y]^2 read as (E[Y])^2, the paper's own convention (Appendix B: E[R(...)]^2 = c_j^2)",
    note="The middle line squares outside the expectation: (E[f_hat - E f_hat])^2 = 0.  The first and last lines "
         "are right; the correction writes E[(f_hat - E f_hat)^2].",
    root_cause="eq7.square-outside",
    steps=(Symbolic("printed vs derived over a generic 3-point distribution", part=_eq7_norm),
           Grid("the three lines of Eq. (7) on the exact distribution of f_hat(x)", _eq7_points, _eq7_oracle,
                value=_eq7_value)),
)


def _g_explicit(form):
    """Eq. (8) with m' replaced by its printed value 1/c_bar (a form without the m' clause is used as it is)."""
    if isinstance(form, tuple):
        eq, mdef = form
        return sympy.Eq(eq.lhs, eq.rhs.subs(mdef.lhs, mdef.rhs))
    return form


G_FAMILIES = CONSTANT + ["gf2(l=1,d=2)", "hadamard(d=3)"]


record(
    id="pan-cms/eq8",
    location="Section 3.3, Eq. (8)",
    statement="For a family with constant c_bar, g(x) = m'/(n(m'-1)) sum_i y_hat - 1/(m'-1) with m' = 1/c_bar "
              "is an unbiased estimator of f(x).",
    printed=PB.g_printed,
    derived=D.g_derived,
    assumptions="c_bar(x, x') = c_bar for all x != x', 0 < c_bar < 1; R satisfies Property 2.1",
    steps=(Symbolic("printed (m' = 1/c_bar) vs derived g", part=lambda form: _g_explicit(form).rhs),
           estimator_grid("E[g(x)] of the real CMS perturbation vs f (constant-rate families)", G_FAMILIES,
                          extra_of=constant_rate, part=_g_explicit),
           library_decoder_check("ldpref's Eq. (8) decoder equals the derived g", G_FAMILIES, "eq8",
                                 extra_of=constant_rate)),
)


def g_expectation_grid(name, part=None):
    """E[g(x)] of the real Eq. (8) mechanism (enumeration / ldpref.moments); the form evaluated at f(x)."""

    def points():
        return cms_points(inner_cases(G_FAMILIES),
                          lambda dd: list(vertices(dd)) + [c for c in datasets(dd, 2) if sum(c) > 1],
                          lambda key, kind, ee, counts, xx: (mkey(key, kind, ee, "eq8"), counts, xx))

    def value(form, point):
        _, counts, xx = point.data
        return evaluate(form, {f_sym: R(counts[xx], sum(counts))})

    return Grid(name, points, moment_oracle("mean"), part=part, value=value)


def g_mse_grid(name, part=None):
    """MSE(g(x)) of the real Eq. (8) mechanism: constant-rate families (exact moments) and symbolic e^eps."""
    return joined(name, (scalar_grid(name, G_FAMILIES, "mse", mech_kind="eq8"),
                         symbolic_grid(name, ["hand(d=2,k=3,c=1/3)", "gf2(l=1,d=2)"], quantity="mse", decoder="eq8")),
                  part=part)


record(
    id="pan-cms/eq9",
    location="Section 3.3, Theorem 3.4, Eq. (9)",
    statement="E[g(x)] = 0.",
    printed=PB.g_expectation_printed,
    derived=D.g_expectation_derived,
    assumptions="constant c_bar; R satisfies Property 2.1",
    note="g is constructed to be unbiased (the text says so); the printed right-hand side 0 should read f(x).",
    root_cause="eq9.rhs-zero",
    steps=(Symbolic("printed vs derived E[g]", part=_rhs),
           g_expectation_grid("E[g(x)] of the real Eq. (8) mechanism")),
)


record(
    id="pan-cms/eq10",
    location="Section 3.3, Theorem 3.4, Eq. (10)",
    statement="MSE(g(x)) = 1/(n(1 - c_bar)^2)[(1 - f(x))(c_bar Var(R|=) + (1 - c_bar)Var(R|!=) + "
              "c_bar(1 - c_bar)) + f(x) Var(R|=)].",
    printed=PB.g_mse_printed,
    derived=D.g_mse_derived,
    assumptions="constant c_bar; R satisfies Properties 2.1-2.3",
    steps=(Symbolic("printed vs derived MSE(g)", part=_rhs),
           g_mse_grid("MSE(g(x)) of the real Eq. (8) mechanism (constant-rate families, c_bar = 1/3, 3/8, 1/2)")),
)


record(
    id="pan-cms/thm3.4",
    location="Section 3.3, Theorem 3.4, Eqs. (9)-(10)",
    statement="g(x) of Eq. (8) has E[g(x)] = 0 (Eq. (9)) and the MSE of Eq. (10).",
    printed=PB.thm34_printed,
    derived=DT.thm34_derived,
    derivation="derivations.pan_cms.basics.g_mse_derived",
    assumptions="constant c_bar; R satisfies Properties 2.1-2.3",
    root_cause="eq9.rhs-zero",
    steps=(Symbolic("printed vs derived (E[g], MSE(g))", part=lambda forms: [q.rhs for q in forms]),
           g_expectation_grid("E[g(x)] of the real Eq. (8) mechanism", part=lambda forms: forms[0]),
           g_mse_grid("MSE(g(x)) of the real Eq. (8) mechanism", part=lambda forms: forms[1])),
)


def _mse_var_points():
    for key in UNIFORM:
        fam = family(key)
        for kind, ee in _inner_params(fam.m):
            mk = mkey(key, kind, ee)
            for counts in _small_datasets(fam.d):
                yield Point({"family": key, "R": kind, "exp_eps": ee, "counts": counts}, data=(fam, mk, counts),
                            size=(*fsize(key), sum(counts), ee))


def _mse_var_oracle(point):
    _, mk, counts = point.data
    res = exact_moments(mk, counts)
    return Exact(res["mse"], _path(res))


def _mse_var_value(form, point):
    """The form at the exact variance of f_hat(x), for every x."""
    fam, mk, counts = point.data
    var = exact_moments(mk, counts)["variance"]
    return [evaluate(form, {D.Var_fhat: var[xx], f_sym: R(counts[xx], sum(counts))}) for xx in range(fam.d)]


record(
    id="pan-cms/sec3.3.mse-var",
    location="Section 3.3, after Eq. (7)",
    statement="With pairwise-independent hashing E[f_hat(x)] - f(x) = 0, so MSE(f_hat(x)) = Var(f_hat(x)).",
    printed=PB.mse_var_printed,
    derived=D.mse_var_derived,
    assumptions="c_bar(x, x') = 1/m for x != x' (the paper's pairwise independence)",
    steps=(Symbolic("printed vs derived MSE", part=_rhs),
           Grid("MSE of the real CMS vs the form evaluated at its exact variance", _mse_var_points, _mse_var_oracle,
                value=_mse_var_value)),
)
