"""pan-cms claim checks: Section 3.2, the variance of the CMS estimator (Lemma 3.1, Theorem 3.3, Corollary 3.3,
Eqs. (4)-(6) and the Appendix B steps proving Eq. (6)).

Shared evidence builders: :mod:`proofs_checks.pan_cms.basics_common`; derivations: :mod:`derivations.pan_cms.basics`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import sympy

import derivations.pan_cms.basics as D
import derivations.pan_cms.printed_basics as PB
from derivations.pan_cms.symbols import cbar, d as d_sym
from derivations.pan_cms.symbols import var_eq, var_neq
from ldpref import moments
from ldpref.exact import EXP_EPS
from ldpref.ledger import record
from ldpref.ledger.generic import Exact, Grid, Point, Symbolic
from ldpref.mechanisms.cms import cms

from .basics_common import (CBAR_DEF, SIZES, SUM_FAMILIES, _fr, _small_datasets, cms_points, family, fsize, inner,
                            inner_cases, mkey, moment_oracle, norm_sizes, var_table)
from .basics import _rhs, family_grid


# ==== Section 3.2: variance ========================================================================
def with_where(form):
    """(right-hand side, c_bar 'where' clause or None): the printed Eq. (4) comes with its definition of c_bar."""
    return (form[0].rhs, form[1]) if isinstance(form, tuple) else (form.rhs, None)


def _norm_where(form, sizes=SIZES):
    expr, where = with_where(form)
    return norm_sizes(expr, sizes, cbar_def=None if where is None else where.rhs)


@cache
def symbolic_inner(kind, mm):
    """Inner mechanism with symbolic e^eps and its enumerated variance table (:func:`var_table`, cancelled)."""
    return inner(kind, mm, EXP_EPS), [[sympy.cancel(v_) for v_ in row] for row in var_table(kind, mm, EXP_EPS)]


@cache
def symbolic_cms(key, kind, decoder="eq2"):
    return cms(family(key), symbolic_inner(kind, family(key).m)[0], decoder=decoder).mechanism


@cache
def _symbolic_moments(key, kind, decoder, quantity, counts):
    return getattr(moments, quantity)(symbolic_cms(key, kind, decoder), counts)


def symbolic_grid(name, keys, *, quantity="variance", decoder="eq2"):
    """Real CMS with symbolic e^eps (RR, a-RP): the exact ``quantity`` from ldpref.moments on its symbolic P, Q;
    the forms evaluated with sympy values (a printed 'where' clause defines c_bar)."""

    def points():
        for key in keys:
            fam = family(key)
            for kind in ("rr", "arp"):
                _, V = symbolic_inner(kind, fam.m)
                extra = {var_eq: V[0][0], var_neq: V[0][1], d_sym: sympy.Integer(fam.d)}
                rate = fam.has_constant_collision_rate()
                if rate is not None:
                    extra[cbar] = _fr(rate)
                for counts in _small_datasets(fam.d)[: fam.d + 1]:
                    for xx in range(fam.d):
                        yield Point({"family": key, "R": kind, "exp_eps": "symbolic", "counts": counts, "x": xx},
                                    data=(key, kind, fam, V, extra, counts, xx),
                                    size=(*fsize(key), sum(counts), 99, xx))

    def oracle(point):
        key, kind, _, _, _, counts, xx = point.data
        return D.normal_form(_symbolic_moments(key, kind, decoder, quantity, counts)[xx])

    def value(form, point):
        _, _, fam, V, extra, counts, xx = point.data
        expr, where = form
        return D.evaluate_symbolic_on(expr, family=fam, counts=counts, var_table=V, x_val=xx, extra=extra,
                                      cbar_rhs=None if where is None else where.rhs)

    return Grid(name, points, oracle, path="moment-formula", part=with_where, value=value)


def scalar_grid(name, keys, quantity, *, mech_kind="eq2"):
    """Scalar formulas in f(x), c_bar, Var(R|=), Var(R|!=), m, n (Eqs. (6), (10), App. B) on families with a
    constant collision rate: the exact ``quantity`` of the real CMS (decoder ``mech_kind``) as oracle."""

    def data(key, kind, ee, counts, xx):
        fam, V = family(key), var_table(kind, family(key).m, ee)
        extra = {var_eq: V[0][0], var_neq: V[0][1], d_sym: fam.d, cbar: _fr(fam.has_constant_collision_rate())}
        return mkey(key, kind, ee, mech_kind), counts, xx, fam, extra

    def points():
        return cms_points(inner_cases(keys), _small_datasets, data)

    def value(form, point):
        _, counts, xx, fam, extra = point.data
        return D.evaluate_on(form, family=fam, counts=counts, x_val=xx, extra=extra)

    return Grid(name, points, moment_oracle(quantity), part=_rhs, value=value)


def joined(name, grids, *, part=None):
    """One grid (one evidence record) of several grids' points, each point answered and evaluated by its own
    grid (after ``part``, each grid's own part picks what it evaluates)."""

    def points():
        for i, grid in enumerate(grids):
            for point in grid.points():
                yield replace(point, data=(i, point))

    def oracle(point):
        grid = grids[point.data[0]]
        exact = grid.oracle(point.data[1])
        return exact if isinstance(exact, Exact) else Exact(exact, grid.path)

    def value(form, point):
        grid = grids[point.data[0]]
        return grid.value((grid.part or _rhs)(form), point.data[1])

    return Grid(name, points, oracle, part=part, value=value)


LEMMA_GRID = family_grid("Var(f_hat(x)) of the real CMS (any family, RR / a-RP / s-RP)", SUM_FAMILIES, "variance",
                         inner_vars=True, part=with_where)
SYMBOLIC_SUM = symbolic_grid("Var(f_hat(x)) of the real CMS with symbolic e^eps (RR, a-RP)",
                             ["gf2(l=1,d=2)", "hand(d=3,k=2,partial)"])
_LEMMA_KW = dict(
    statement="Var(f_hat(x)) = m^2/((m-1)^2 n) sum_{x'} [(1/k) sum_j Var(R(h_j(x'))[h_j(x)]) + c_bar(x', x) - "
              "c_bar(x', x)^2] f(x') for a fixed family.",
    printed=PB.variance_lemma_printed,
    derived=D.variance_lemma_derived,
    assumptions="fixed family, j drawn uniformly per client; R satisfies Properties 2.1 and 2.2",
    steps=(Symbolic("printed vs derived Var at (d, k, x) in " + str(SIZES), part=_norm_where), LEMMA_GRID,
           SYMBOLIC_SUM),
)

record(id="pan-cms/lemma3.1", location="Section 3.2, Lemma 3.1, Eq. (4)", **_LEMMA_KW)
record(id="pan-cms/eq4", location="Section 3.2, Eq. (4)", **_LEMMA_KW)
record(id="pan-cms/appB.eq28", location="Appendix B, Eq. (28) (restates Eq. (4))", **_LEMMA_KW)

_THM33_KW = dict(
    statement="With Property 2.3, Var(f_hat(x)) = m^2/((m-1)^2 n)[sum_{x' != x} f(x')(c_bar Var(R|=) + "
              "(1 - c_bar) Var(R|!=) + c_bar(1 - c_bar)) + f(x) Var(R|=)].",
    printed=PB.variance_theorem_printed,
    derived=D.variance_theorem_derived,
    assumptions="fixed family; R satisfies Properties 2.1-2.3",
    steps=(Symbolic("printed vs derived Var (Property 2.3) at (d, k, x) in " + str(SIZES),
                    part=lambda form: norm_sizes(form.rhs, SIZES, cbar_def=CBAR_DEF)),
           family_grid("Var(f_hat(x)) of the real CMS with R in {RR, a-RP, s-RP}", SUM_FAMILIES, "variance",
                       inner_vars=True), SYMBOLIC_SUM),
)

record(id="pan-cms/thm3.3", location="Section 3.2, Theorem 3.3, Eq. (5)", **_THM33_KW)
record(id="pan-cms/eq5", location="Section 3.2, Eq. (5)", **_THM33_KW)

VAR_UNIFORM = ["gf2(l=1,d=2)", "pair-uniform(m=2)", "hadamard(d=3)", "Z3-affine(d=3)", "pair-uniform(m=3)"]
SCALAR_VAR = scalar_grid("Var(f_hat(x)) of the real CMS", VAR_UNIFORM, "variance")

_COR33_KW = dict(
    statement="If c_bar = 1/m, Var(f_hat(x)) = m/((m-1)^2 n)[(1 - f(x))(Var(R|=) + (m-1) Var(R|!=) + (m-1)/m) + "
              "m f(x) Var(R|=)].",
    printed=PB.variance_corollary_printed,
    derived=D.variance_corollary_derived,
    assumptions="c_bar(x, x') = 1/m for x != x'; R satisfies Properties 2.1-2.3",
    steps=(Symbolic("printed vs derived Eq. (6)", part=_rhs),
           scalar_grid("Var(f_hat(x)) of the real CMS over collision-uniform families", VAR_UNIFORM, "variance"),
           symbolic_grid("Var(f_hat(x)) with symbolic e^eps (RR, a-RP)", ["gf2(l=1,d=2)", "hadamard(d=3)"])),
)

record(id="pan-cms/cor3.3", location="Section 3.2, Corollary 3.3, Eq. (6)", **_COR33_KW)
record(id="pan-cms/eq6", location="Section 3.2, Eq. (6)", **_COR33_KW)

record(
    id="pan-cms/appB.eq6-sum",
    location="Appendix B, proof of Eq. (6), first line",
    statement="With c_bar = 1/m: Var = m/((m-1)^2 n)[sum_{x' != x} f(x)(Var(R|=) + (m-1)Var(R|!=) + (1-m)/m) + "
              "m f(x) Var(R|=)].",
    printed=PB.appB_eq6_sum_printed,
    derived=D.appB_eq6_sum_derived,
    assumptions="c_bar(x, x') = 1/m; Properties 2.1-2.3",
    root_cause="appB.eq6-sign",
    steps=(Symbolic("printed vs derived at d in {2, 3}",
                    part=lambda form: norm_sizes(form.rhs, [(2, 1, 0), (3, 1, 1)])),
           SCALAR_VAR),
)

record(
    id="pan-cms/appB.eq6-final",
    location="Appendix B, proof of Eq. (6), second line",
    statement="Var = m/((m-1)^2 n)[(1 - f(x))(Var(R|=) + (m-1)Var(R|!=) + (1-m)/m) + m f(x) Var(R|=)], "
              "said to prove Eq. (6).",
    printed=PB.appB_eq6_final_printed,
    derived=D.variance_corollary_derived,
    assumptions="c_bar(x, x') = 1/m; Properties 2.1-2.3",
    note="Eq. (6) itself has +(m-1)/m (correct); the appendix's (1-m)/m flips the sign of the collision term.",
    root_cause="appB.eq6-sign",
    steps=(Symbolic("printed vs derived", part=_rhs), SCALAR_VAR),
)
