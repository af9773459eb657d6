"""pan-cms claim checks: optimized CMS, worst-case MSE part (Section 3.4, Appendix D up to Eq. (33)).

The optima (Theorem 3.6, Eq. (15), Corollary 3.4, Eqs. (16)-(17)) are in :mod:`proofs_checks.pan_cms.optimized_mse`,
the l2/l1 part and the RAPPOR comparisons in :mod:`proofs_checks.pan_cms.optimized_l2`; the exact path
(real CMS mechanisms, exact functions of a real m) in :mod:`proofs_checks.pan_cms.optimized_exact`.
Printed forms: :mod:`derivations.pan_cms.printed_optimized`; derived forms: the ``*_form`` functions of
:mod:`derivations.pan_cms.optimized`.  Every check evaluates ``ev.printed()`` / ``ev.derived()`` at its
instances (:func:`ldpref.ledger.forms.evaluate`).

A statement's instances carry: ``printed`` -- the printed statement evaluated at the instance (on the exact
quantities it relates, or on the paper's own formulas where it is phrased through them); ``derived`` -- the
derived statement evaluated on ldpref's model; ``exact`` -- whether the (correct) statement holds on the
real mechanisms there, computed in the check from exact values.
"""

from __future__ import annotations

from functools import cache, lru_cache, partial

import sympy

import derivations.pan_cms.optimized as D
import derivations.pan_cms.optimized_symbols as S
import derivations.pan_cms.printed_optimized as P
from derivations.pan_cms.symbols import d as d_sym
from derivations.pan_cms.symbols import f as f_sym
from derivations.pan_cms.symbols import m as m_sym
from derivations.pan_cms.symbols import n as n_sym
from ldpref import enumeration, losses, moments
from ldpref.exact import exact_ceiling, exact_floor
from ldpref.ledger import record
from ldpref.ledger.forms import evaluate
from ldpref.ledger.generic import Exact, Grid, Note, Point, RoleGrid, Symbolic, precomputed
from ldpref.ledger.generic import rhs as _rhs

from .optimized_exact import (MSE_E_GRID, E, MODULE, R, _argmin_set, _canon, _datasets, _lt, _roots_above, _show,
                              _sign, constructions_steps, derivative, exact_cms, exact_l1_l2, exact_var_function,
                              exact_worst_mse_int, full_cms, inner, model_l1, mse_exact_optimum)

ENUM, MOM = "enumeration", "moment-formula"


def value_at(form, subs):
    """A form at one instance, exact values in canonical radical form (statements give a bool).  The one evaluator
    puts the numbers into the branch a Piecewise chooses only (:mod:`ldpref.ledger.forms_piecewise`)."""
    v = evaluate(form, subs)
    if isinstance(v, (list, tuple)):
        return [_tidy(x) for x in v]
    return _tidy(v)


def _tidy(v):
    if isinstance(v, bool) or not isinstance(v, sympy.Expr):
        return v
    return _canon(v) if v.is_number else v


def value_grid(name, points, oracle, path=MOM, part=None):
    """A grid whose forms are evaluated by :func:`value_at` at the point's facts (``Point.substitution``)."""
    return Grid(name, points, oracle, path=path, part=part, value=lambda form, p: value_at(form, p.substitution))


def role_grid(name, points, oracle, path=MOM):
    """A grid whose printed and derived forms are read at different facts (``Point.facts[role]``): e.g. the printed
    statement on the exact quantities, the derived one on the model's."""
    return RoleGrid(name, points, oracle, path=path, value=lambda form, p, role: value_at(form, p.facts[role]))


def model_grid(name, rows, path=ENUM):
    """The model against the exact values (model points: it reads no form, so no correction is judged there):
    ``rows()`` yields (params, exact, model, size)."""
    return Grid(name, lambda: (Point(params, data=exact, size=size, model=model)
                               for params, exact, model, size in rows()), precomputed, path=path, printed=False)


def _rhs_each(form):
    return [x.rhs for x in form]


def branches(expr):
    """The branch values of a Piecewise in f* (after folding a perturbation into it)."""
    return [b for b, _ in sympy.piecewise_fold(expr).args]


@lru_cache(maxsize=256)  # the same printed/derived forms are compared by several claims (and branches)
def _sq(x):
    """Canonical form for comparing m = 1 + sqrt(...) forms: (m - 1)^2 as a rational function."""
    return sympy.factor(sympy.cancel(sympy.expand((x - 1) ** 2)))


@lru_cache(maxsize=256)
def _iso_mse(v):
    """(n(e-1)^2 v/2 - e^eps)^2: removes the square root of 2(Delta_MSE + e^eps)/(n(e^eps-1)^2)."""
    return sympy.factor(sympy.cancel(sympy.expand((v * n_sym * (E - 1) ** 2 / 2 - E) ** 2)))


# =============================================================================================
# Eq. (11) and the Cauchy-Schwarz statement
EQ11_MECHS = [("rr", 2, 2, R(3), 3), ("arp", 2, 2, R(3), 3), ("rr", 4, 3, R(2), 2), ("srp", 3, 2, R(9, 4), 2)]


def _eq11_points():
    """Per real CMS mechanism and n: l2 from the joint distribution of the estimates (:func:`exact_l1_l2`) and
    max_x-sum MSE from the marginals, both by enumeration over every dataset of n clients, and the derivation's l2;
    ``data``: are the two exact values equal."""
    for kind, mm, dd, ee, nmax in EQ11_MECHS:
        mech = exact_cms(kind, mm, dd, ee)
        for nn in range(1, nmax + 1):
            joint = exact_l1_l2(kind, mm, dd, ee, nn)[1]
            marg = max(sum(enumeration.enumerated_moments(mech, counts)["mse"]) for counts in _datasets(dd, nn))
            model = sympy.cancel(D.l2_kind_derived(kind, dd, mm, ee, nn))
            yield Point({"inner": kind, "m": mm, "d": dd, "e^eps": ee, "n": nn, "l2 (joint)": joint,
                         "max sum MSE": marg, "l2 (derivation)": model},
                        facts={S.l2_sym: joint, S.smse_sym: marg, S.l2_model_sym: model}, data=bool(joint == marg),
                        size=(dd, mm, nn))


record(
    id="pan-cms/eq11",
    location="Section 3.4, Eq. (11)",
    statement="The l2 loss (maximum over datasets of n clients of the expected total squared error) equals "
              "the maximum over datasets of the sum over x of MSE(f_hat(x)).",
    printed=P.eq11, derived=D.eq11_form,
    derivation=f"{MODULE}.l2_model",
    kind="statement",
    assumptions="linearity of expectation; real CMS mechanisms with collision-uniform families",
    steps=(value_grid("l2 from the joint distribution vs max sum_x MSE from the marginals (both by enumeration)",
                      _eq11_points, precomputed, path=ENUM),),
)


CS_GRID = [(2, 2, 4), (4, 2, 4), (4, 3, 3)]  # (m, d, max n): gf2 families l = 1, 2
CS_E = (R(2), R(5), R(13))


def _cs_rows():
    """(m, d, e^eps, n): exact (l1, l2) by enumeration and the model's (binomial-model l1, derived l2)."""
    for mm, dd, nmax in CS_GRID:
        for ee in CS_E:
            for nn in range(1, nmax + 1):
                yield mm, dd, ee, nn, exact_l1_l2("rr", mm, dd, ee, nn), (model_l1(mm, dd, ee, nn),
                                                                         D.l2_rr_value(dd, mm, ee, nn))


def _cs_points():
    for mm, dd, ee, nn, (l1x, l2x), (l1d, l2d) in _cs_rows():
        yield Point({"m": mm, "d": dd, "e^eps": ee, "n": nn, "l1 (exact)": _show(l1x), "l2 (exact)": _show(l2x)},
                    facts={"derived": {S.l1_sym: l1d, S.l2_sym: l2d, d_sym: dd},
                           "printed": {S.l1_sym: l1x, S.l2_sym: l2x, d_sym: dd}},
                    data=bool(l1x ** 2 <= dd * l2x), size=(dd, mm, nn, ee))  # Cauchy-Schwarz on exact values


#: the l1 bound read on exact (printed) and model (derived) l1 and l2, then the model against the exact values
_CS_STEPS = (
    role_grid("the l1 bound on exact l1 and l2 (enumeration of every outcome)", _cs_points, precomputed,
              path=ENUM),
    model_grid("exact (l1, l2) (enumeration) == (binomial-model l1, derived l2)", lambda: (
        ({"m": mm, "d": dd, "e^eps": ee, "n": nn}, [l1x, l2x], [l1d, l2d], (dd, mm, nn, ee))
        for mm, dd, ee, nn, (l1x, l2x), (l1d, l2d) in _cs_rows())),
    Note("l1 scales as 1/sqrt(n) and sqrt(d) l2 as 1/n, so the printed bound fails for every large n; "
         "sqrt(d l2) is the Cauchy-Schwarz bound."))


_CS_KW = dict(steps=_CS_STEPS, printed=P.cauchy_schwarz, derived=D.cauchy_schwarz_form,
              derivation=f"{MODULE}.l1_rr_model",
              kind="statement", root_cause="l1-cauchy-schwarz",
              assumptions="l1 and l2 are maxima over datasets of n clients (Section 2.2); checked on CMS+RR with "
                          "GF(2^l) affine families, l = 1, 2",
              note="Cauchy-Schwarz gives E sum_x |e_x| <= sqrt(d E sum_x e_x^2), i.e. l1 <= sqrt(d l2); the printed "
                   "sqrt(d) l2 is not even dimensionally consistent (l1 ~ n^-1/2, l2 ~ n^-1). Eq. (39) itself uses "
                   "the correct sqrt(d l2). Transcription caveat: our copy (pan-cms.md) shows \\sqrt{d} l_2 in both "
                   "places and the plain-text extraction lost both formulas, so the root's reach could not be "
                   "cross-read; the published version (CSF 2025, paper.pdf in github.com/mingen-pan/CountMeanSketch, "
                   "pp. 5 and 15, whose Appendix D sentence is reworded) prints sqrt(d l2). If the arXiv original "
                   "does too, both claims hold and this erratum is an extraction artefact.")


record(id="pan-cms/sec3.4.l1-cauchy-schwarz", location="Section 3.4, after Eq. (11)",
       statement="By Cauchy-Schwarz, l1(f_hat) <= sqrt(d) l2(f_hat).", **_CS_KW)
record(id="pan-cms/appD.l1-cauchy-schwarz", location="Appendix D, before Eq. (39)",
       statement="Appendix D restates l1 <= sqrt(d) l2 (Cauchy-Schwarz) to bound l1.", **_CS_KW)


# =============================================================================================
# Eqs. (12)-(14): inner-mechanism variances
INNER_GRID = {
    "rr": [(mm, ee) for mm in (2, 3, 4) for ee in (E, R(2), R(7, 2))],
    "arp": [(mm, ee) for mm in (2, 3) for ee in (E, R(2), R(3))],
    "srp": [(mm, ee) for mm in (2, 3) for ee in (R(9, 4), R(4), R(9))],  # e^(eps/2) rational
}


_SAME, _OTHER = {S.a_sym: 0, S.b_sym: 0}, {S.a_sym: 0, S.b_sym: 1}


def _inner_points(kind):
    for mm, ee in INNER_GRID[kind]:
        yield Point({"m": mm, "e^eps": ee, "values": "Var(R(a)[b]) for all a, b"}, data=(kind, mm, ee),
                    size=(mm, 0, 0) if ee == E else (mm, 1, ee))


def _inner_exact(point):
    """Var(R(a)[b]) for all a, b, by enumeration of the exact inner mechanism on [m]."""
    kind, mm, ee = point.data
    mech = inner(kind, mm, ee)
    return [sympy.cancel(v) for a in range(mm)
            for v in enumeration.enumerated_moments(mech, [1 if x == a else 0 for x in range(mm)])["variance"]]


def _inner_values(form, point):
    _, mm, ee = point.data
    return [value_at(form, {m_sym: mm, E: ee, S.a_sym: a, S.b_sym: b}) for a in range(mm) for b in range(mm)]


def _inner_steps(kind, eq):
    return (Symbolic(f"Eq. ({eq}) printed vs derived, (a = b, a != b)",
                     part=lambda form: [value_at(form, _SAME), value_at(form, _OTHER)]),
            Grid(f"Var(R(a)[b]) by enumeration of the exact {kind} mechanism on [m]", lambda: _inner_points(kind),
                 _inner_exact, path=ENUM, value=_inner_values))


record(id="pan-cms/eq12", location="Section 3.4, Eq. (12)",
       statement="m-ary randomized response on [m]: Var(RR(a)[b]) = e^eps (m-1)/(e^eps-1)^2 if a = b and "
                 "(e^eps + m - 2)/(e^eps-1)^2 otherwise.",
       printed=P.eq12, derived=partial(D.inner_variance_form, "rr"),
       derivation=f"{MODULE}.inner_variance_derived", assumptions="e^eps > 1; unbiased decoder (1{z=b} - q)/(p - q)",
    steps=_inner_steps("rr", 12),
)


record(id="pan-cms/eq13", location="Section 3.4, Eq. (13)",
       statement="Asymmetric RAPPOR (OUE) on [m]: Var(aRP(a)[b]) = (e^eps+1)^2/(e^eps-1)^2 if a = b and "
                 "4 e^eps/(e^eps-1)^2 otherwise.",
       printed=P.eq13, derived=partial(D.inner_variance_form, "arp"),
       derivation=f"{MODULE}.inner_variance_derived", assumptions="OUE: p = 1/2, q = 1/(e^eps + 1)",
    steps=_inner_steps("arp", 13),
)


record(id="pan-cms/eq14", location="Section 3.4, Eq. (14)",
       statement="Symmetric RAPPOR (SUE) on [m]: Var(sRP(a)[b]) = e^(eps/2)/(e^(eps/2)-1)^2 for all a, b.",
       printed=P.eq14, derived=partial(D.inner_variance_form, "srp"),
       derivation=f"{MODULE}.inner_variance_derived",
       assumptions="SUE: every bit through binary RR at eps/2; instances use e^eps with a rational square root",
    steps=_inner_steps("srp", 14),
)


# =============================================================================================
# Eq. (31) and the end-point structure of the worst case
EQ31_MECHS = [(2, 2), (3, 2), (3, 3), (4, 2), (4, 3), (4, 4)]


def _eq31_points():
    for mm, dd in EQ31_MECHS:
        for ee in (R(2), R(7, 2)):
            sets = [c for nn in (1, 2) for c in _datasets(dd, nn)] + [tuple(3 if x == y else 0 for x in range(dd))
                                                                      for y in range(dd)]
            for counts in sets:
                yield Point({"m": mm, "d": dd, "e^eps": ee, "counts": counts}, data=(mm, ee, counts),
                            size=(dd, mm, sum(counts), ee))
    for counts in [(1, 0), (2, 1)]:  # symbolic e^eps, full cms on the GF(2) family (exact moment formulas)
        yield Point({"m": 2, "d": 2, "e^eps": "symbolic", "counts": counts}, data=(2, E, counts),
                    size=(2, 2, sum(counts), 0))


def _eq31_exact(point):
    mm, ee, counts = point.data
    if ee == E:
        return Exact([sympy.cancel(v) for v in moments.variance(full_cms("rr", 2, 2, E), counts)], MOM)
    return Exact(enumeration.enumerated_moments(exact_cms("rr", mm, len(counts), ee), counts)["variance"], ENUM)


def _eq31_values(form, point):
    mm, ee, counts = point.data
    nn = sum(counts)
    return [value_at(form, {f_sym: R(c, nn), m_sym: mm, E: ee, n_sym: nn}) for c in counts]


record(
    id="pan-cms/appD.eq31",
    location="Appendix D, Eq. (31)",
    statement="Eq. (12) in Eq. (6): Var(f_hat(x)_RR) = (1-f(x))/(n(m-1)) + m[(1-f(x))(e^eps-1)(2-m) + m e^eps]/"
              "(n(m-1)(e^eps-1)^2).",
    printed=P.appd_eq31, derived=D.var31_form,
    derivation=f"{MODULE}.var_rr_derived",
    assumptions="hash family with collision rate 1/m (pairwise independent); clients independent",
    steps=(Symbolic("Eq. (31) printed vs derived", part=_rhs),
           *constructions_steps([("rr", 4, 3, R(2)), ("rr", 3, 3, R(7, 2))]),
           Grid("Var(f_hat(x)) of exact CMS+RR (every x)", _eq31_points, _eq31_exact, value=_eq31_values)),
)


def _max_args(v):
    """A Max of two variances as the list of its cancelled arguments (order-free comparison)."""
    v = sympy.sympify(v)
    if isinstance(v, sympy.Max):
        return sorted((sympy.factor(sympy.cancel(a)) for a in v.args), key=sympy.default_sort_key)
    return [sympy.factor(sympy.cancel(v))]


def _worst_endpoint_points():
    for mm, dd in [(2, 2), (3, 3), (4, 3), (4, 4)]:
        for ee in (R(2), R(5)):
            for nn in (1, 2, 3):
                yield Point({"m": mm, "d": dd, "e^eps": ee, "n": nn}, facts={m_sym: mm, E: ee, n_sym: nn},
                            size=(dd, mm, nn, ee))


record(
    id="pan-cms/appD.worst-endpoints",
    location="Appendix D, after Eq. (31)",
    statement="Var(f_hat(x)_RR) is linear in f(x), so the worst-case MSE over datasets is the larger of the "
              "variances at f(x) = 0 and f(x) = 1.",
    printed=P.appd_worst_endpoints, derived=D.worst_endpoints_form,
    derivation=f"{MODULE}.worst_case_mse_model",
    assumptions="collision rate 1/m; all values of interest; datasets of n clients",
    note="A statement with a formula: the printed form is max{Var(.|f=0), Var(.|f=1)} with Eq. (31), checked "
         "against the worst case over every dataset.",
    steps=(Symbolic("max of the end-point variances", part=_rhs, simplify=_max_args),
           value_grid("worst_case_mse over all datasets of real mechanisms", _worst_endpoint_points,
                      lambda p: losses.worst_case_mse(exact_cms("rr", p.params["m"], p.params["d"], p.params["e^eps"]),
                                                      p.params["n"]).value)),
)


# =============================================================================================
# Appendix D derivatives, crossover, orderings
DERIV_E = (R(2), R(3), R(9, 2))
DERIV_M = (2, 3, 4, 5, 6)


def _deriv_steps(fx):
    """The printed derivative vs d/dm of the derived Var(f(x) = fx), then both against d/dm of the exact n Var of
    real mechanisms (interpolated in m), and the note on the printed d/df(x)."""
    def points():
        for ee in DERIV_E:
            for mm in DERIV_M:
                yield Point({"e^eps": ee, "m": mm, "n": 1}, facts={E: ee, m_sym: mm, n_sym: 1}, size=(mm, ee))

    return (Symbolic(f"printed derivative vs d/dm of the derived Var(f(x)={fx})", part=_rhs),
            value_grid(f"d/dm of the exact n Var(f_hat | f(x)={fx}) (real mechanisms, m = 2..7, interpolated)", points,
                       lambda p: sympy.cancel(derivative(exact_var_function("rr", p.params["e^eps"], fx))
                                              .subs(m_sym, p.params["m"]))),
            Note(lambda: "the paper writes the derivative with respect to f(x); literally d Var/d f(x) = "
                         f"{D.dvar_df_derived()} (Var is affine in f(x)), which is not the printed expression; the "
                         "text uses it as d/dm."))


record(
    id="pan-cms/appD.dvar-f1",
    location="Appendix D, derivative of Var(f_hat(x)_RR | f(x) = 1)",
    statement="The derivative of Var(f_hat(x)_RR | f(x)=1) (printed as d/df(x), used as d/dm) is "
              "m(m-2)e^eps/(n(m-1)^2(e^eps-1)^2).",
    printed=P.appd_dvar_f1, derived=D.dvar_f1_form,
    derivation=f"{MODULE}.dvar_dm_derived",
    assumptions="m real > 1; read as the derivative in m (the only reading consistent with the text)",
    note="Notation slip: the printed left-hand side differentiates with respect to f(x).",
    steps=_deriv_steps(1),
)


record(
    id="pan-cms/appD.dvar-f0",
    location="Appendix D, derivative of Var(f_hat(x)_RR | f(x) = 0)",
    statement="The derivative of Var(f_hat(x)_RR | f(x)=0) (printed as d/df(x), used as d/dm) is "
              "(m-e^eps-1)(m+e^eps-1)/(n(m-1)(e^eps-1)^2).",
    printed=P.appd_dvar_f0, derived=D.dvar_f0_form,
    derivation=f"{MODULE}.dvar_dm_derived",
    assumptions="m real > 1; read as the derivative in m",
    root_cause="appD.dvar-f0",
    note="The denominator needs (m-1)^2; the sign, hence the minimum at m = 1 + e^eps, is unaffected.",
    steps=_deriv_steps(0),
)


record(
    id="pan-cms/appD.f1-increasing",
    location="Appendix D, after the derivative at f(x) = 1",
    statement="Var(f_hat(x)_RR | f(x)=1) increases with m for m >= 2.",
    printed=P.appd_f1_increasing, derived=D.f1_increasing_form,
    derivation=f"{MODULE}.dvar_dm_derived",
    kind="statement",
    assumptions="the printed statement is read through its printed derivative (>= 0); exact: the derivative in m "
                "of the exact Var(f_hat | f(x)=1) of real mechanisms",
    steps=(value_grid("sign of d/dm of the exact Var(f_hat | f(x)=1) of real mechanisms", lambda: (
               Point({"e^eps": ee, "m": mm}, facts={E: ee, m_sym: mm, n_sym: 1}, size=(mm, ee))
               for ee in (R(2), R(3), R(9)) for mm in range(2, 9)),
               lambda p: bool(_sign(derivative(exact_var_function("rr", p.params["e^eps"], 1))
                                    .subs(m_sym, p.params["m"])) >= 0)),),
)


def optimum_grid(name, fs, integer_es, top, pick, n=False):
    """The exact optimum of the worst-case n MSE of CMS+RR with f* = ``fs`` (n = 1 client; at f* = 0 this is
    Var(f_hat | f(x) = 0)): over real m at every e^eps of MSE_E_GRID (real mechanisms interpolated in m), and by
    exhaustive search over integer m in 2..top(e^eps) at ``integer_es``; ``pick(value, argmin)`` is compared."""
    shown, facts = ({"n": 1}, {n_sym: 1}) if n else ({}, {})

    def points():
        for ee in MSE_E_GRID:
            yield Point({"e^eps": ee, **shown, "m": "real"}, facts={E: ee, **facts}, size=(ee, 0))
        for ee in integer_es:
            yield Point({"e^eps": ee, **shown, "m": "integer (exhaustive)"}, facts={E: ee, **facts}, data=top(ee),
                        size=(ee, 1))

    def oracle(point):
        ee = point.params["e^eps"]
        if point.data is None:
            return pick(*mse_exact_optimum(ee, fs))
        vals = {mm: exact_worst_mse_int("rr", mm, ee, fs) for mm in range(2, point.data + 1)}
        (best,) = _argmin_set(vals)
        return pick(vals[best], sympy.Integer(best))

    return value_grid(name, points, oracle)


record(
    id="pan-cms/appD.f0-minimum",
    location="Appendix D, after the derivative at f(x) = 0",
    statement="Var(f_hat(x)_RR | f(x)=0) has its minimum over m >= 2 at m = e^eps + 1.",
    printed=P.appd_f0_minimum, derived=D.f0_minimum_form,
    derivation=f"{MODULE}.stationary_m",
    steps=(Symbolic("printed argmin vs derived stationary point", part=_rhs),
           optimum_grid("argmin over m of the exact Var(f_hat | f(x)=0)", R(0), (R(2), R(3), R(4)),
                        lambda ee: int(ee) + 4, lambda value, arg: arg)),
)


def _ordering_points():
    """The three relations at integer m (exact variances V0, V1 at m and V0 at m + 1 of real mechanisms);
    ``data``: whether the relation holds on them."""
    for ee in (R(2), R(3), R(4), R(9), R(16)):
        def v(mm, c, ee=ee):
            return moments.variance(exact_cms("rr", mm, 2, ee), c)[0]

        top = int(ee) + 1
        cases = [(0, top, "Var|1 > Var|0 at m = e^eps + 1")]
        cases += [(1, mm, "Var|1 < Var|0") for mm in range(2, top + 1) if _lt(mm, 1 + sympy.sqrt(ee))]
        cases += [(2, mm, "Var|0 decreasing (m -> m+1)") for mm in range(2, top)]
        for idx, mm, what in cases:
            v0, v1, v0n = v(mm, (0, 1)), v(mm, (1, 0)), v(mm + 1, (0, 1))
            yield Point({"e^eps": ee, "m": mm, "relation": what},
                        facts={S.V0: v0, S.V1: v1, S.V0_next: v0n, E: ee, m_sym: mm, n_sym: 1},
                        data=bool((v1 > v0, v1 < v0, v0n < v0)[idx]), size=(ee, mm, idx))


record(
    id="pan-cms/appD.var-ordering",
    location="Appendix D, worst-case MSE discussion",
    statement="At m = e^eps + 1, Var(.|f=1) > Var(.|f=0); for 2 <= m < e^(eps/2) + 1, Var(.|f=1) < Var(.|f=0) and "
              "Var(.|f=0) decreases with m (it decreases on [2, e^eps + 1]).",
    printed=P.appd_var_ordering, derived=D.var_ordering_form,
    derivation=f"{MODULE}.var_rr_derived",
    kind="statement",
    assumptions="printed: the three relations on the variances V0, V1 at m (and V0 at m + 1) of real mechanisms; "
                "derived: the same relations from the derived Eq. (31)",
    steps=(Grid("orderings of the exact variances of real mechanisms (integer m)", _ordering_points, precomputed,
                path=MOM, value=lambda form, p: value_at(form[p.size[2]], p.substitution)),),
)


@cache
def _crossover(ee):
    """The root m > 1 of the exact Var(.|1) - Var(.|0) (real mechanisms, interpolated in m) and the variance there."""
    F0, F1 = exact_var_function("rr", ee, 0), exact_var_function("rr", ee, 1)
    (root,) = _roots_above(F1 - F0, 1 + R(1, 10 ** 6))
    return root, _canon(F0.subs(m_sym, root))


record(
    id="pan-cms/appD.crossover",
    location="Appendix D, equating the variances at f(x) = 0 and f(x) = 1",
    statement="Var(.|f(x)=0) = Var(.|f(x)=1) at m = e^(eps/2) + 1, where the variance is "
              "e^(eps/2)/(n(e^(eps/2)-1)^2).",
    printed=P.appd_crossover, derived=D.crossover_form,
    derivation=f"{MODULE}.crossover_m_derived",
    steps=(Symbolic("crossover m and variance", part=_rhs_each),
           value_grid("root m > 1 of the exact Var(.|1) - Var(.|0) and the variance there", lambda: (
               Point({"e^eps": ee, "n": 1}, facts={E: ee, n_sym: 1}, size=(ee,)) for ee in (R(2), R(3), R(4), R(9))),
               lambda p: list(_crossover(p.params["e^eps"])))),
)


def _m_lower_points():
    """Integer m in [2, e^(eps/2) + 1]: the exact worst-case MSE (n = 1) of the real mechanism (printed reading) and
    the derived one (derived reading) against the exact variance at the crossover; ``data``: does the (strict, below
    the crossover) inequality hold on the exact values."""
    for ee in (R(3), R(4), R(6), R(9), R(16)):
        root, opt = _crossover(ee)  # opt: the exact worst-case variance at the crossover (n = 1)
        for mm in range(2, exact_floor(1 + sympy.sqrt(ee)) + 1):
            worst = losses.worst_case_mse(exact_cms("rr", mm, 2, ee), 1).value
            dworst = max(D.var_rr_derived(0, mm, ee, 1), D.var_rr_derived(1, mm, ee, 1))
            exact = _sign(worst - opt) > 0 if _lt(mm, root) else _sign(worst - opt) >= 0
            sub = {E: ee, n_sym: 1, m_sym: mm}
            yield Point({"e^eps": ee, "m": mm, "worst-case MSE (n=1)": _show(worst), "at crossover": _show(opt)},
                        facts={"derived": {**sub, S.W_sym: dworst}, "printed": {**sub, S.W_sym: worst}},
                        data=bool(exact), in_condition=bool(_sign(1 + sympy.sqrt(ee) - mm) > 0), size=(ee, mm))


record(
    id="pan-cms/appD.m-lower-bound",
    location="Appendix D, 'm should never be smaller than e^(eps/2) + 1'",
    statement="For 2 <= m <= e^(eps/2) + 1 the worst-case variance is strictly larger than its value "
              "e^(eps/2)/(n(e^(eps/2)-1)^2) at m = e^(eps/2) + 1.",
    printed=P.appd_m_lower_bound, derived=D.m_lower_bound_form,
    derivation=f"{MODULE}.crossover_var_derived",
    kind="statement",
    condition="m < e^(eps/2) + 1 (the range of the sentence before it); at the end point m = e^(eps/2) + 1, which "
              "the printed range includes, the two sides are equal",
    root_cause="appD.m-lower-bound",
    note="Only the end point m = e^(eps/2) + 1 (included by the printed range) violates the strict inequality; the "
         "conclusion (m should not be below e^(eps/2) + 1) stands.",
    steps=(role_grid("exact worst-case MSE of real mechanisms at integer m in [2, e^(eps/2)+1]", _m_lower_points,
                     precomputed),),
)


# =============================================================================================
# Closest-integer rules (shared with optimized_mse and optimized_l2)
def closest_rule_grid(name, keys, subs_fn, table_fn, real_fn, params_fn, size_fn):
    """The integer m a rule gives, judged by the exact loss there against the exhaustive integer minimum over
    2..top, top = 3 above the larger of the two rules' m: the points are built on the forms (``reads_forms``), as
    the search range and the m each rule picks (shown with every instance) read the printed and the derived form.

    ``table_fn(mm, *key)``: exact loss of the real mechanism at integer mm; ``real_fn(*key)``: the exact loss
    as a function of real m (needed only when a rule gives a non-integer, i.e. a perturbed form)."""
    def points(forms):
        printed, derived = forms.printed(), forms.derived()
        for key in keys:
            sub = subs_fn(*key)
            mp, md = value_at(printed, sub), value_at(derived, sub)
            top = max(exact_ceiling(x) for x in (mp, md)) + 3
            table = {mm: table_fn(mm, *key) for mm in range(2, top + 1)}
            params = params_fn(*key)
            params.update({"m (printed rule)": _show(mp), "m (derived rule)": _show(md),
                           f"best integer m (exact, 2..{top})": sorted(_argmin_set(table))})
            yield Point(params, facts=sub, data=(key, table), size=size_fn(*key))

    def loss(form, point):
        """The exact loss at the integer m the rule (``form``) gives here (at a non-integer: the real-m loss)."""
        key, table = point.data
        x = sympy.sympify(value_at(form, point.facts))
        if x.is_Integer and int(x) in table:
            return table[int(x)]
        return _canon(real_fn(*key).subs(m_sym, x))

    return Grid(name, points, lambda point: min(point.data[1].values()), path=MOM, value=loss, reads_forms=True)


def structure(v):
    """A rule (floor/ceiling/Piecewise of radicals) by its expression tree: two integer rules are compared
    symbolically by structural identity (sympy cannot decide equality of such step functions); a difference is
    then shown to matter by the instances."""
    return sympy.Symbol(sympy.srepr(v))


#: a closest-integer rule against the better neighbour, by expression tree (:func:`structure`)
RULE_PROOF = Symbolic("rounding rule vs the better neighbour (expression trees)", part=_rhs, simplify=structure)
