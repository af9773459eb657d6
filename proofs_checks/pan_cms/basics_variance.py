"""pan-cms claim checks: Section 3.2, the variance of the CMS estimator (Lemma 3.1, Theorem 3.3, Corollary 3.3,
Eqs. (4)-(6) and the Appendix B steps proving Eq. (6)).

Shared evidence builders: :mod:`proofs_checks.pan_cms.basics_common`; derivations: :mod:`derivations.pan_cms.basics`.
"""

from __future__ import annotations

from functools import cache

import sympy

import derivations.pan_cms.basics as D
from derivations.pan_cms.symbols import cbar, d as d_sym
from derivations.pan_cms.symbols import var_eq, var_neq
from ldpref import enumeration, moments
from ldpref.exact import EXP_EPS
from ldpref.ledger import Instance, claim
from ldpref.ledger.root_causes import RootCause
from ldpref.mechanisms.cms import cms, inner_mechanism

from .basics_common import (CBAR_DEF, SIZES, SUM_FAMILIES, _fr, _inner_params, _path, _small_datasets,
                            exact_moments, family, fsize, mkey, norm_sizes, var_table)
from .basics import _formula_instances


# ==== Section 3.2: variance ========================================================================
def _lemma_parts(form):
    """(Var equation, c_bar 'where' clause or None): the printed Eq. (4) comes with its definition of c_bar."""
    return (form[0], form[1]) if isinstance(form, tuple) else (form, None)


def _check_variance_lemma(ev):
    printed, derived = ev.printed(), ev.derived()
    P, where = _lemma_parts(printed)
    Dv = derived.rhs
    ev.symbolic("printed vs derived Var at (d, k, x) in " + str(SIZES),
                norm_sizes(P.rhs, SIZES, cbar_def=None if where is None else where.rhs), norm_sizes(Dv, SIZES))
    numeric, symbolic = _variance_lemma_instances(printed, Dv)
    ev.instances("Var(f_hat(x)) of the real CMS (any family, RR / a-RP / s-RP)", numeric)
    ev.instances("Var(f_hat(x)) of the real CMS with symbolic e^eps (RR, a-RP)", symbolic)


@cache
def _variance_lemma_instances(printed, Dv):
    """Instances of the printed form (with its 'where' clause) and the derived right-hand side Dv (cached on the
    forms: a mutated form is a new key)."""
    P, where = _lemma_parts(printed)
    numeric = _formula_instances(P.rhs, Dv, SUM_FAMILIES, "variance",
                                 cbar_def=None if where is None else (where.lhs, where.rhs), inner_vars=True)
    return numeric, _symbolic_sum_instances(P.rhs, Dv, ["gf2(l=1,d=2)", "hand(d=3,k=2,partial)"],
                                            cbar_rhs=None if where is None else where.rhs)


@cache
def symbolic_inner(kind, mm):
    """Inner mechanism with symbolic e^eps and its enumerated variance table."""
    mech = inner_mechanism(kind, mm, EXP_EPS)
    V = [[sympy.cancel(v_) for v_ in enumeration.enumerated_moments(mech, [1 if w == a else 0 for w in range(mm)])
          ["variance"]] for a in range(mm)]
    return mech, V


@cache
def symbolic_cms(key, kind, decoder="eq2"):
    return cms(family(key), symbolic_inner(kind, family(key).m)[0], decoder=decoder).mechanism


def _sym_value(expr, fam, counts, V, xx, cbar_rhs=None, extra=None):
    """Evaluate a sum-notation expression with symbolic e^eps (sympy values, cancelled once)."""
    return D.evaluate_symbolic_on(expr, family=fam, counts=counts, var_table=V, x_val=xx, extra=extra,
                                  cbar_rhs=cbar_rhs)


def _symbolic_sum_instances(printed_rhs, derived_rhs, keys, *, cbar_rhs=None, quantity="variance", decoder="eq2"):
    insts = []
    for key in keys:
        fam = family(key)
        for kind in ("rr", "arp"):
            mech = symbolic_cms(key, kind, decoder)
            _, V = symbolic_inner(kind, fam.m)
            extra = {var_eq: V[0][0], var_neq: V[0][1], d_sym: sympy.Integer(fam.d)}
            rate = fam.has_constant_collision_rate()
            if rate is not None:
                extra[cbar] = _fr(rate)
            for counts in _small_datasets(fam.d)[: fam.d + 1]:
                ex = getattr(moments, quantity)(mech, counts)
                for xx in range(fam.d):
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": "symbolic", "counts": counts, "x": xx},
                                          exact=D.normal_form(ex[xx]),
                                          derived=_sym_value(derived_rhs, fam, counts, V, xx, extra=extra),
                                          printed=_sym_value(printed_rhs, fam, counts, V, xx, cbar_rhs, extra),
                                          size=(*fsize(key), sum(counts), 99, xx), path="moment-formula"))
    return insts


_LEMMA_KW = dict(
    statement="Var(f_hat(x)) = m^2/((m-1)^2 n) sum_{x'} [(1/k) sum_j Var(R(h_j(x'))[h_j(x)]) + c_bar(x', x) - "
              "c_bar(x', x)^2] f(x') for a fixed family.",
    printed=D.variance_lemma_printed,
    derived=D.variance_lemma_derived,
    derivation="derivations.pan_cms.basics.variance_lemma_derived",
    assumptions="fixed family, j drawn uniformly per client; R satisfies Properties 2.1 and 2.2",
)


@claim(id="pan-cms/lemma3.1", location="Section 3.2, Lemma 3.1, Eq. (4)", **_LEMMA_KW)
def lemma3_1(ev):
    _check_variance_lemma(ev)


@claim(id="pan-cms/eq4", location="Section 3.2, Eq. (4)", **_LEMMA_KW)
def eq4(ev):
    _check_variance_lemma(ev)


@claim(id="pan-cms/appB.eq28", location="Appendix B, Eq. (28) (restates Eq. (4))", **_LEMMA_KW)
def appB_eq28(ev):
    _check_variance_lemma(ev)


def _check_variance_theorem(ev):
    printed, derived = ev.printed(), ev.derived()
    P, Dv = printed.rhs, derived.rhs
    ev.symbolic("printed vs derived Var (Property 2.3) at (d, k, x) in " + str(SIZES),
                norm_sizes(P, SIZES, cbar_def=CBAR_DEF), norm_sizes(Dv, SIZES))
    numeric, symbolic = _variance_theorem_instances(P, Dv)
    ev.instances("Var(f_hat(x)) of the real CMS with R in {RR, a-RP, s-RP}", numeric)
    ev.instances("Var(f_hat(x)) of the real CMS with symbolic e^eps (RR, a-RP)", symbolic)


@cache
def _variance_theorem_instances(P, Dv):
    """Instances of the printed/derived right-hand sides (cached on the forms: a mutated form is a new key)."""
    return (_formula_instances(P, Dv, SUM_FAMILIES, "variance", inner_vars=True),
            _symbolic_sum_instances(P, Dv, ["gf2(l=1,d=2)", "hand(d=3,k=2,partial)"]))


_THM33_KW = dict(
    statement="With Property 2.3, Var(f_hat(x)) = m^2/((m-1)^2 n)[sum_{x' != x} f(x')(c_bar Var(R|=) + "
              "(1 - c_bar) Var(R|!=) + c_bar(1 - c_bar)) + f(x) Var(R|=)].",
    printed=D.variance_theorem_printed,
    derived=D.variance_theorem_derived,
    derivation="derivations.pan_cms.basics.variance_theorem_derived",
    assumptions="fixed family; R satisfies Properties 2.1-2.3",
)


@claim(id="pan-cms/thm3.3", location="Section 3.2, Theorem 3.3, Eq. (5)", **_THM33_KW)
def thm3_3(ev):
    _check_variance_theorem(ev)


@claim(id="pan-cms/eq5", location="Section 3.2, Eq. (5)", **_THM33_KW)
def eq5(ev):
    _check_variance_theorem(ev)


def _scalar_instances(printed_rhs, derived_rhs, keys, quantity, *, mech_kind="eq2"):
    """Instances of scalar formulas in f(x), c_bar, Var(R|=), Var(R|!=), m, n (Eqs. (6), (10), App. B)."""
    insts = []
    for key in keys:
        fam = family(key)
        rate = fam.has_constant_collision_rate()
        for kind, ee in _inner_params(fam.m):
            mk = mkey(key, kind, ee, mech_kind)
            V = var_table(kind, fam.m, ee)
            for counts in _small_datasets(fam.d):
                res_ = exact_moments(mk, counts)
                ex = res_[quantity]
                nn = sum(counts)
                for xx in range(fam.d):
                    kw = dict(family=fam, counts=counts, x_val=xx,
                              extra={var_eq: V[0][0], var_neq: V[0][1], d_sym: fam.d, cbar: _fr(rate)})
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts, "x": xx},
                                          exact=ex[xx], derived=D.evaluate_on(derived_rhs, **kw),
                                          printed=D.evaluate_on(printed_rhs, **kw),
                                          size=(*fsize(key), nn, ee, xx), path=_path(res_)))
    return insts


VAR_UNIFORM = ["gf2(l=1,d=2)", "pair-uniform(m=2)", "hadamard(d=3)", "Z3-affine(d=3)", "pair-uniform(m=3)"]


def _check_corollary33(ev):
    printed, derived = ev.printed(), ev.derived()
    P, Dv = printed.rhs, derived.rhs
    ev.symbolic("printed vs derived Eq. (6)", P, Dv)
    numeric, symbolic = _corollary33_instances(P, Dv)
    ev.instances("Var(f_hat(x)) of the real CMS over collision-uniform families", numeric)
    ev.instances("Var(f_hat(x)) with symbolic e^eps (RR, a-RP)", symbolic)


@cache
def _corollary33_instances(P, Dv):
    """Instances of the printed/derived right-hand sides (cached on the forms: a mutated form is a new key)."""
    return (_scalar_instances(P, Dv, VAR_UNIFORM, "variance"),
            _symbolic_sum_instances(P, Dv, ["gf2(l=1,d=2)", "hadamard(d=3)"]))


_COR33_KW = dict(
    statement="If c_bar = 1/m, Var(f_hat(x)) = m/((m-1)^2 n)[(1 - f(x))(Var(R|=) + (m-1) Var(R|!=) + (m-1)/m) + "
              "m f(x) Var(R|=)].",
    printed=D.variance_corollary_printed,
    derived=D.variance_corollary_derived,
    derivation="derivations.pan_cms.basics.variance_corollary_derived",
    assumptions="c_bar(x, x') = 1/m for x != x'; R satisfies Properties 2.1-2.3",
)


@claim(id="pan-cms/cor3.3", location="Section 3.2, Corollary 3.3, Eq. (6)", **_COR33_KW)
def cor3_3(ev):
    _check_corollary33(ev)


@claim(id="pan-cms/eq6", location="Section 3.2, Eq. (6)", **_COR33_KW)
def eq6(ev):
    _check_corollary33(ev)


@claim(
    id="pan-cms/appB.eq6-sum",
    location="Appendix B, proof of Eq. (6), first line",
    statement="With c_bar = 1/m: Var = m/((m-1)^2 n)[sum_{x' != x} f(x)(Var(R|=) + (m-1)Var(R|!=) + (1-m)/m) + "
              "m f(x) Var(R|=)].",
    printed=D.appB_eq6_sum_printed,
    derived=D.appB_eq6_sum_derived,
    derivation="derivations.pan_cms.basics.appB_eq6_sum_derived",
    assumptions="c_bar(x, x') = 1/m; Properties 2.1-2.3",
    root_cause="appB.eq6-sign",
)
def appB_eq6_sum(ev):
    printed, derived = ev.printed(), ev.derived()
    sizes = [(2, 1, 0), (3, 1, 1)]
    ev.symbolic("printed vs derived at d in {2, 3}", norm_sizes(printed.rhs, sizes), norm_sizes(derived.rhs, sizes))
    ev.instances("Var(f_hat(x)) of the real CMS", _scalar_instances(printed.rhs, derived.rhs, VAR_UNIFORM, "variance"))


@claim(
    id="pan-cms/appB.eq6-final",
    location="Appendix B, proof of Eq. (6), second line",
    statement="Var = m/((m-1)^2 n)[(1 - f(x))(Var(R|=) + (m-1)Var(R|!=) + (1-m)/m) + m f(x) Var(R|=)], "
              "said to prove Eq. (6).",
    printed=D.appB_eq6_final_printed,
    derived=D.variance_corollary_derived,
    derivation="derivations.pan_cms.basics.variance_corollary_derived",
    assumptions="c_bar(x, x') = 1/m; Properties 2.1-2.3",
    note="Eq. (6) itself has +(m-1)/m (correct); the appendix's (1-m)/m flips the sign of the collision term.",
    root_cause="appB.eq6-sign",
)
def appB_eq6_final(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("printed vs derived", printed.rhs, derived.rhs)
    ev.instances("Var(f_hat(x)) of the real CMS", _scalar_instances(printed.rhs, derived.rhs, VAR_UNIFORM, "variance"))


ROOT_CAUSES = [
    RootCause("appB.eq6-sign", "Appendix B, the c_bar = 1/m step proving Eq. (6)",
              "the collision term (1 - m)/m should be (m - 1)/m (c_bar(1 - c_bar) m^2/m = (m - 1)/m), as Eq. (6) itself "
              "prints; the first line also writes f(x) inside the sum over x' != x for f(x')", "error",
              severity="intermediate"),
]
