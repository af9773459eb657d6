"""pan-cms claim checks: Section 3.3, MSE and the estimator g(x) (Eqs. (7)-(10), Theorem 3.4, MSE = Var under
pairwise independence).

Shared evidence builders: :mod:`proofs_checks.pan_cms.basics_common`; derivations: :mod:`derivations.pan_cms.basics`.
"""

from __future__ import annotations

from functools import cache

import sympy

import derivations.pan_cms.basics as D
from derivations.pan_cms.symbols import f as f_sym
from ldpref import enumeration
from ldpref.ledger import Instance, claim
from ldpref.ledger.forms import evaluate
from ldpref.ledger.root_causes import RootCause

from .basics_common import (CONSTANT, R, UNIFORM, _MECHS, _fr, _inner_params, _path, _small_datasets, datasets,
                            exact_moments, family, fsize, mkey, vertices)
from .basics import _estimator_instances
from .basics_variance import _scalar_instances, _symbolic_sum_instances


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


@claim(
    id="pan-cms/eq7",
    location="Section 3.3, Eq. (7)",
    statement="MSE(f_hat(x)) = E[(f_hat - f)^2] = E[f_hat - E[f_hat]]^2 + (E[f_hat] - f)^2 = Var(f_hat) + bias^2.",
    printed=D.mse_printed,
    derived=D.mse_derived,
    derivation="derivations.pan_cms.basics.mse_derived",
    assumptions="E[Y]^2 read as (E[Y])^2, the paper's own convention (Appendix B: E[R(...)]^2 = c_j^2)",
    note="The middle line squares outside the expectation: (E[f_hat - E f_hat])^2 = 0.  The first and last lines "
         "are right; the correction writes E[(f_hat - E f_hat)^2].",
    root_cause="eq7.square-outside",
)
def eq7(ev):
    vals = sympy.symbols("v0:3")
    p0, p1 = sympy.symbols("p0 p1", positive=True)
    dist = list(zip(vals, (p0, p1, 1 - p0 - p1)))
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("printed vs derived over a generic 3-point distribution",
                [sympy.expand(D.eval_moment_expr(q.rhs, dist)) for q in printed],
                [sympy.expand(D.eval_moment_expr(q.rhs, dist)) for q in derived])
    insts = []
    for key, kind, ee in (("gf2(l=1,d=2)", "rr", R(2)), ("gf2(l=1,d=2)", "arp", R(3)), ("hadamard(d=3)", "rr", R(3)),
                          ("gf2mod3(l=2,d=2)", "rr", R(2)), ("random(d=3,m=2,k=3)", "rr", R(2))):
        fam = family(key)
        mk = mkey(key, kind, ee)
        for counts in _small_datasets(fam.d):
            nn = sum(counts)
            for xx in range(fam.d):
                dist = _fhat_distribution(mk, counts, xx)
                truth = R(counts[xx], nn)
                mse = sum(p * (val - truth) ** 2 for val, p in dist)
                sub = {f_sym: truth}
                insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts, "x": xx},
                                      exact=[mse] * 3,
                                      derived=[D.eval_moment_expr(q.rhs, dist).subs(sub) for q in derived],
                                      printed=[D.eval_moment_expr(q.rhs, dist).subs(sub) for q in printed],
                                      size=(*fsize(key), nn, ee, xx)))
    ev.instances("the three lines of Eq. (7) on the exact distribution of f_hat(x)", insts)


def _g_extra(fam):
    rate = fam.has_constant_collision_rate()
    return {D.cbar: _fr(rate)}


def _g_explicit(form):
    """Eq. (8) with m' replaced by its printed value 1/c_bar (a form without the m' clause is used as it is)."""
    if isinstance(form, tuple):
        eq, mdef = form
        return sympy.Eq(eq.lhs, eq.rhs.subs(mdef.lhs, mdef.rhs))
    return form


@claim(
    id="pan-cms/eq8",
    location="Section 3.3, Eq. (8)",
    statement="For a family with constant c_bar, g(x) = m'/(n(m'-1)) sum_i y_hat - 1/(m'-1) with m' = 1/c_bar "
              "is an unbiased estimator of f(x).",
    printed=D.g_printed,
    derived=D.g_derived,
    derivation="derivations.pan_cms.basics.g_derived",
    assumptions="c_bar(x, x') = c_bar for all x != x', 0 < c_bar < 1; R satisfies Property 2.1",
)
def eq8(ev):
    form_p = _g_explicit(ev.printed())
    ev.symbolic("printed (m' = 1/c_bar) vs derived g", form_p.rhs, ev.derived().rhs)
    insts, mismatch = _estimator_instances(form_p, ev.derived(), CONSTANT + ["gf2(l=1,d=2)", "hadamard(d=3)"],
                                           extra_of=_g_extra)
    ev.instances("E[g(x)] of the real CMS perturbation vs f (constant-rate families)", insts)
    ev.numeric("ldpref's Eq. (8) decoder equals the derived g", not mismatch, 5,
               "identical Q matrices" if not mismatch else f"differs for {mismatch}")


G_FAMILIES = CONSTANT + ["gf2(l=1,d=2)", "hadamard(d=3)"]


def _g_expectation_instances(printed, derived):
    insts = []
    for key in G_FAMILIES:
        fam = family(key)
        for kind, ee in _inner_params(fam.m)[:3]:
            mk = mkey(key, kind, ee, "eq8")
            for counts in list(vertices(fam.d)) + [c for c in datasets(fam.d, 2) if sum(c) > 1]:
                nn = sum(counts)
                res_ = exact_moments(mk, counts)
                mean = res_["mean"]
                for xx in range(fam.d):
                    truth = R(counts[xx], nn)
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts, "x": xx},
                                          exact=mean[xx], derived=evaluate(derived, {f_sym: truth}),
                                          printed=evaluate(printed, {f_sym: truth}),
                                          size=(*fsize(key), nn, ee, xx),
                                          path=_path(res_)))
    return insts


def _g_mse_instances(printed, derived):
    P, Dv = printed.rhs, derived.rhs
    return (_scalar_instances(P, Dv, G_FAMILIES, "mse", mech_kind="eq8")
            + _symbolic_sum_instances(P, Dv, ["hand(d=2,k=3,c=1/3)", "gf2(l=1,d=2)"], quantity="mse", decoder="eq8"))


@claim(
    id="pan-cms/eq9",
    location="Section 3.3, Theorem 3.4, Eq. (9)",
    statement="E[g(x)] = 0.",
    printed=D.g_expectation_printed,
    derived=D.g_expectation_derived,
    derivation="derivations.pan_cms.basics.g_expectation_derived",
    assumptions="constant c_bar; R satisfies Property 2.1",
    note="g is constructed to be unbiased (the text says so); the printed right-hand side 0 should read f(x).",
    root_cause="eq9.rhs-zero",
)
def eq9(ev):
    ev.symbolic("printed vs derived E[g]", ev.printed().rhs, ev.derived().rhs)
    ev.instances("E[g(x)] of the real Eq. (8) mechanism", _g_expectation_instances(ev.printed(), ev.derived()))


@claim(
    id="pan-cms/eq10",
    location="Section 3.3, Theorem 3.4, Eq. (10)",
    statement="MSE(g(x)) = 1/(n(1 - c_bar)^2)[(1 - f(x))(c_bar Var(R|=) + (1 - c_bar)Var(R|!=) + "
              "c_bar(1 - c_bar)) + f(x) Var(R|=)].",
    printed=D.g_mse_printed,
    derived=D.g_mse_derived,
    derivation="derivations.pan_cms.basics.g_mse_derived",
    assumptions="constant c_bar; R satisfies Properties 2.1-2.3",
)
def eq10(ev):
    ev.symbolic("printed vs derived MSE(g)", ev.printed().rhs, ev.derived().rhs)
    ev.instances("MSE(g(x)) of the real Eq. (8) mechanism (constant-rate families, c_bar = 1/3, 3/8, 1/2)",
                 _g_mse_instances(ev.printed(), ev.derived()))


@claim(
    id="pan-cms/thm3.4",
    location="Section 3.3, Theorem 3.4, Eqs. (9)-(10)",
    statement="g(x) of Eq. (8) has E[g(x)] = 0 (Eq. (9)) and the MSE of Eq. (10).",
    printed=lambda: (D.g_expectation_printed(), D.g_mse_printed()),
    derived=lambda: (D.g_expectation_derived(), D.g_mse_derived()),
    derivation="derivations.pan_cms.basics.g_mse_derived",
    assumptions="constant c_bar; R satisfies Properties 2.1-2.3",
    root_cause="eq9.rhs-zero",
)
def thm3_4(ev):
    (pe, pm), (de, dm) = ev.printed(), ev.derived()
    ev.symbolic("printed vs derived (E[g], MSE(g))", [pe.rhs, pm.rhs], [de.rhs, dm.rhs])
    ev.instances("E[g(x)] of the real Eq. (8) mechanism", _g_expectation_instances(pe, de))
    ev.instances("MSE(g(x)) of the real Eq. (8) mechanism", _g_mse_instances(pm, dm))


@claim(
    id="pan-cms/sec3.3.mse-var",
    location="Section 3.3, after Eq. (7)",
    statement="With pairwise-independent hashing E[f_hat(x)] - f(x) = 0, so MSE(f_hat(x)) = Var(f_hat(x)).",
    printed=D.mse_var_printed,
    derived=D.mse_var_derived,
    derivation="derivations.pan_cms.basics.mse_var_derived",
    assumptions="c_bar(x, x') = 1/m for x != x' (the paper's pairwise independence)",
)
def sec33_mse_var(ev):
    ev.symbolic("printed vs derived MSE", ev.printed().rhs, ev.derived().rhs)
    insts = []
    for key in UNIFORM:
        fam = family(key)
        for kind, ee in _inner_params(fam.m):
            mk = mkey(key, kind, ee)
            for counts in _small_datasets(fam.d):
                res = exact_moments(mk, counts)
                nn = sum(counts)

                def values(form):
                    return [evaluate(form, {D.Var_fhat: res["variance"][xx], f_sym: R(counts[xx], nn)})
                            for xx in range(fam.d)]

                insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts}, exact=res["mse"],
                                      derived=values(ev.derived()), printed=values(ev.printed()),
                                      size=(*fsize(key), nn, ee), path=_path(res)))
    ev.instances("MSE of the real CMS vs the form evaluated at its exact variance", insts)


ROOT_CAUSES = [
    RootCause("eq7.square-outside", "Section 3.3, Eq. (7), middle line",
              "E[f_hat - E f_hat]^2 squares outside the expectation (it is 0); the variance term is "
              "E[(f_hat - E f_hat)^2]", "error", severity="slip"),
    RootCause("eq9.rhs-zero", "Section 3.3, Theorem 3.4, Eq. (9)",
              "E[g(x)] = 0 should read E[g(x)] = f(x): g is built to be unbiased", "error", severity="slip"),
]
