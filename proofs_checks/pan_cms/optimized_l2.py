"""pan-cms claim checks: optimized CMS, l2/l1 part and the RAPPOR comparisons (Section 3.4, Appendix D from
Eq. (33) on).  Conventions as in :mod:`proofs_checks.pan_cms.optimized` (whose ROOT_CAUSES these claims name)."""

from __future__ import annotations

from functools import cache, lru_cache

import sympy

import derivations.pan_cms.optimized as D
import derivations.pan_cms.optimized_symbols as S
import derivations.pan_cms.printed_optimized as P
from derivations.pan_cms.symbols import d as d_sym
from derivations.pan_cms.symbols import f as f_sym
from derivations.pan_cms.symbols import f_star as fs_sym
from derivations.pan_cms.symbols import m as m_sym
from derivations.pan_cms.symbols import n as n_sym
from derivations.pan_cms.symbols import tau as tau_sym
from derivations.pan_cms.symbols import var_eq, var_neq
from ldpref import losses, moments
from ldpref.exact import exact_ceiling, exact_holds
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Note, Point, RoleGrid, Symbolic, precomputed

from .optimized import (ENUM, MOM, RULE_PROOF, _rhs, _sq, closest_rule_grid, model_grid, role_grid, value_at,
                        value_grid)
from .optimized_exact import (E, MODULE, R, _canon, _le, _show, _sign, closest_integers,
                              constructions_steps, exact_cms, exact_l1_l2, exact_l2_function, exact_l2_int,
                              exact_leading_terms, exact_var_function, exact_worst_mse_int, inner_variances_exact,
                              l2_exact_optimum, limit_at_oo, model_l1, mse_exact_optimum)

L2_GRID = {"rr": (R(2), R(7, 2)), "arp": (R(2), R(3)), "srp": (R(9, 4), R(4))}
L2_MD = [(2, 2), (2, 3), (3, 2), (3, 3), (4, 3), (4, 4)]


@lru_cache(maxsize=256)  # thm3.7 and appD.eq36 compare the same forms
def _iso_l2(v):
    """(n(e-1)^2 v/2 - d e^eps)^2: removes the square root of 2(Delta_l + d e^eps)/(n(e^eps-1)^2)."""
    return sympy.factor(sympy.cancel(sympy.expand((v * n_sym * (E - 1) ** 2 / 2 - d_sym * E) ** 2)))


def _eq34_points():
    for kind, es in L2_GRID.items():
        for ee in es:
            for mm, dd in L2_MD:
                veq, vne = inner_variances_exact(kind, mm, ee)
                for nn in (1, 2):
                    yield Point({"inner": kind, "e^eps": ee, "m": mm, "d": dd, "n": nn},
                                facts={var_eq: veq, var_neq: vne, d_sym: dd, m_sym: mm, n_sym: nn},
                                data=(kind, mm, dd, ee, nn), size=(dd, mm, nn, ee))


def _worst_l2(point):
    """worst_case_l2 of the real CMS mechanism (exact moment formulas over every dataset)."""
    kind, mm, dd, ee, nn = point.data
    return losses.worst_case_l2(exact_cms(kind, mm, dd, ee), nn).value


record(
    id="pan-cms/appD.eq34",
    location="Appendix D, Eq. (34)",
    statement="l2 = m/(n(m-1)^2)[(Var(R|=) + (m-1)Var(R|!=) + (m-1)/m)(d-1) + m Var(R|=)] for CMS with a "
              "pairwise-independent family.",
    printed=P.appd_eq34, derived=D.eq34_form,
    derivation=f"{MODULE}.l2_model",
    assumptions="collision rate 1/m; R symmetric (Property 2.3); Var(R|=), Var(R|!=) read off the exact inner "
                "mechanism (by enumeration) for both forms",
    steps=(Symbolic("Eq. (34) printed vs derived", part=_rhs),
           *constructions_steps([("arp", 3, 2, R(2)), ("srp", 3, 3, R(9, 4)), ("arp", 4, 3, R(3))]),
           value_grid("worst_case_l2 of real CMS mechanisms (RR, aRP, sRP)", _eq34_points, _worst_l2)),
)


record(
    id="pan-cms/appD.eq35",
    location="Appendix D, Eq. (35)",
    statement="l2(f_hat_RR) = (d + e^eps - 1)m^2/(n(m-1)(e^eps-1)^2) + (d-1)(2m + e^eps - 1)/(n(m-1)(e^eps-1)).",
    printed=P.appd_eq35, derived=D.eq35_form,
    derivation=f"{MODULE}.l2_rr_derived",
    steps=(Symbolic("Eq. (35) printed vs derived", part=_rhs),
           value_grid("worst_case_l2 of real CMS+RR mechanisms", lambda: (
               Point({"e^eps": ee, "m": mm, "d": dd, "n": nn}, facts={d_sym: dd, m_sym: mm, E: ee, n_sym: nn},
                     data=("rr", mm, dd, ee, nn), size=(dd, mm, nn, ee))
               for ee in (R(2), R(7, 2)) for mm in (2, 3, 4, 5) for dd in (2, 3, 4) for nn in (1, 2)), _worst_l2)),
)


L2_E = (R(2), R(3), R(4))
L2_D = (2, 3, 4)

#: the condition of the claims that use Delta_l after Appendix D's definition (appD.delta-l holds that erratum)
DELTA_L_CONDITION = ("Delta_l read as in Theorem 3.7, e^(eps/2) sqrt((e^eps + d - 1)(d e^eps - e^eps + 1)); with the "
                     "definition Appendix D prints just above (e^(eps/2) under the root, the erratum appD.delta-l) "
                     "the formula is wrong")
#: the two readings of the symbol Delta_l in an Appendix D formula: (name, definition, inside the condition)
READINGS = (("Appendix D's definition", P.delta_l_appendix, False), ("Theorem 3.7's", P.delta_l_theorem, True))


def _reading(form, definition):
    """The form with the symbol Delta_l replaced by one printed definition of it."""
    return form.subs(S.Delta_l, definition())


def _l2_opt_points(readings=None, integer=False):
    """(e^eps, d) against the exact continuous optimum of the l2 of real mechanisms; ``readings``: each reading of
    Delta_l substituted into the forms (``data``: the definition; outside / inside the condition); ``integer``:
    also d = 2, e^eps = 4, where the optimal m is 3, an integer (exhaustive integer minimum)."""
    for name, definition, inside in (readings or ((None, None, True),)):
        for ee in L2_E:
            for dd in L2_D:
                params = {"e^eps": ee, "d": dd, "n": 1, "m": "real"}
                if name is not None:
                    params["Delta_l"] = name
                yield Point(params, facts={E: ee, d_sym: dd, n_sym: 1}, data=definition, in_condition=inside,
                            size=(dd, ee))
    if integer:
        for name, definition, inside in (readings or ((None, None, True),)):
            yield Point({"e^eps": 4, "d": 2, "n": 1, "m": "integer 2..7 (exhaustive)",
                         **({"Delta_l": name} if name is not None else {})}, facts={E: R(4), d_sym: 2, n_sym: 1},
                        data=definition, in_condition=inside, size=(2, R(4), 1))


def _l2_opt_exact_at(which):
    """The oracle: the exact continuous optimum's ``which`` ("value", "arg", "delta" = (m* - 1)(e^eps + d - 1),
    "both" = [value, arg]) at a real-m point, the exhaustive integer minimum at an integer point."""
    def oracle(point):
        if point.params["m"] != "real":
            return min(exact_l2_int("rr", mm, 2, R(4)) for mm in range(2, 8))
        ee, dd = point.params["e^eps"], point.params["d"]
        value, arg = l2_exact_optimum(ee, dd)
        return {"value": value, "arg": arg, "delta": _canon((arg - 1) * (ee + dd - 1)), "both": [value, arg]}[which]
    return oracle


def _read_value(form, point):
    """The form (with the point's reading of Delta_l, if any) at the point; at an integer point of Theorem 3.7's
    pair of forms, its l2 part."""
    if point.data is not None:
        form = _reading(form, point.data)
    if point.params["m"] != "real" and isinstance(form, (list, tuple)):
        form = form[0]
    return value_at(form, point.substitution)


def _reading_steps(prefix, simplify):
    """One symbolic comparison per reading of Delta_l (the printed form with that definition vs the derived)."""
    return tuple(Symbolic(f"{prefix} with {name} Delta_l vs derived",
                          part=lambda form, definition=definition: _reading(form, definition).rhs, simplify=simplify)
                 for name, definition, _ in READINGS)


record(
    id="pan-cms/appD.m-opt-l2",
    location="Appendix D, minimiser of Eq. (35)",
    statement="l2(f_hat_RR) is minimised at m = 1 + Delta_l/(e^eps + d - 1) with Appendix D's "
              "Delta_l = sqrt((e^eps + d - 1)(d e^eps - e^eps + 1) e^(eps/2)).",
    printed=P.appd_m_opt_l2, derived=D.m_l2_form,
    derivation=f"{MODULE}.m_l2_derived",
    assumptions="m real > 1; the printed form keeps the symbol Delta_l and each instance says which printed "
                "definition it substitutes",
    condition=DELTA_L_CONDITION,
    root_cause="appD.delta-l",
    note="With Theorem 3.7's Delta_l (e^(eps/2) outside the square root) the formula is right; the error is the "
         "definition of Delta_l in the same sentence, recorded once as appD.delta-l.",
    steps=(*_reading_steps("(m - 1)^2", _sq),
           Grid("argmin over real m of the exact l2 (real mechanisms interpolated in m and d)",
                lambda: _l2_opt_points(READINGS), _l2_opt_exact_at("arg"), path=MOM, value=_read_value)),
)


record(
    id="pan-cms/appD.delta-l",
    location="Appendix D, definition of Delta_l",
    statement="Appendix D defines Delta_l = sqrt((e^eps + d - 1)(d e^eps - e^eps + 1) e^(eps/2)).",
    printed=P.appd_delta_l, derived=D.delta_l_form,
    derivation=f"{MODULE}.m_l2_derived",
    correction=D.delta_l_form,
    root_cause="appD.delta-l",
    note="Theorem 3.7 prints e^(eps/2) sqrt((e^eps + d - 1)(d e^eps - e^eps + 1)), which is correct (it equals the "
         "derived form); the appendix moves e^(eps/2) inside the root (e^(eps/4) instead of e^(eps/2)). "
         "Transcription caveat: our copy (pan-cms.md) shows e^{eps/2} under the root and the plain-text extraction "
         "lost the formula. The published version (CSF 2025, paper.pdf p. 15 in github.com/mingen-pan/CountMeanSketch, "
         "the same sentence) ends the root before e^(eps/2), as Theorem 3.7 does, and our copy's own next step, Eq. "
         "(37) with m -> 1 + e^eps for large d, needs Delta_l ~ d e^eps, which only that reading gives (under the "
         "root it is d e^(3eps/4)). If the arXiv original prints it so, Delta_l is right, and appD.eq36, appD.eq39 "
         "and appD.m-opt-l2 hold without their condition.",
    steps=(Symbolic("Delta_l^2: printed (appendix) vs derived", part=_rhs,
                    simplify=lambda x: sympy.factor(sympy.cancel(sympy.expand(x ** 2)))),
           Grid("Delta_l = (m* - 1)(e^eps + d - 1) from the exact l2 minimiser", _l2_opt_points,
                _l2_opt_exact_at("delta"), path=MOM, value=_read_value)),
)


record(
    id="pan-cms/thm3.7",
    location="Section 3.4, Theorem 3.7 (l2 part)",
    statement="The optimised l2 loss is 2(Delta_l + d e^eps)/(n(e^eps-1)^2), Delta_l = e^(eps/2) sqrt((e^eps+d-1)"
              "(d e^eps - e^eps + 1)), reached by CMS+RR with m = 1 + Delta_l/(e^eps + d - 1) (before rounding).",
    printed=P.thm3_7, derived=D.thm37_form,
    derivation=f"{MODULE}.l2_opt_derived",
    assumptions="m optimised as a real number; RR vs RAPPOR: appD.srp-l2-larger, appD.arp-l2-large-d",
    note="Judged as an optimum: value and argmin against the exact minimum over real m of the l2 of real mechanisms, "
         "and the value against the exhaustive integer minimum where the optimal m is an integer (d = 2, e^eps = 4). "
         "For other parameters the best integer m is worse (see thm3.7.closest-integer).",
    steps=(Symbolic("l2*: (n(e-1)^2 l2/2 - d e^eps)^2 printed vs derived", part=lambda form: form[0].rhs,
                    simplify=_iso_l2),
           Symbolic("m*: (m - 1)^2 printed vs derived", part=lambda form: form[1].rhs, simplify=_sq),
           Grid("(min, argmin) over m of the exact l2 of CMS+RR", lambda: _l2_opt_points(integer=True),
                _l2_opt_exact_at("both"), path=MOM, value=_read_value)),
)


record(
    id="pan-cms/appD.eq36",
    location="Appendix D, Eq. (36)",
    statement="min_m l2(f_hat_RR) = 2(Delta_l + d e^eps)/(n(e^eps-1)^2) with Appendix D's Delta_l.",
    printed=P.appd_eq36, derived=D.eq36_form,
    derivation=f"{MODULE}.l2_opt_derived",
    assumptions="the printed form keeps the symbol Delta_l; each instance says which printed definition it "
                "substitutes (Appendix D's, just above, or Theorem 3.7's)",
    condition=DELTA_L_CONDITION,
    root_cause="appD.delta-l",
    note="Correct with Theorem 3.7's Delta_l: the only error is the appendix definition of Delta_l (appD.delta-l).",
    steps=(*_reading_steps("(n(e-1)^2 l2/2 - d e^eps)^2", _iso_l2),
           Grid("min over m of the exact l2 of CMS+RR", lambda: _l2_opt_points(READINGS, integer=True),
                _l2_opt_exact_at("value"), path=MOM, value=_read_value)),
)


L2_RULE_GRID = [(ee, dd) for dd in (2, 3, 4) for ee in (R(2), R(21, 10), R(5, 2), R(3), R(4), R(5), R(6))]


record(
    id="pan-cms/thm3.7.closest-integer",
    location="Section 3.4, Theorem 3.7 and Appendix D ('closest integer to 1 + Delta_l/(e^eps + d - 1)')",
    statement="Rounding 1 + Delta_l/(e^eps + d - 1) to the closest integer gives an integer m minimising the l2 "
              "loss of CMS+RR.",
    printed=P.thm3_7_closest_integer, derived=D.l2_closest_integer_form,
    derivation=f"{MODULE}.l2_rr_derived",
    assumptions="Theorem 3.7's Delta_l; m searched over 2..ceil(m*)+3 on real mechanisms (worst_case_l2, n = 1)",
    root_cause="closest-integer-rounding",
    note="Judged as an optimum: the exact l2 at the rule's m against the exhaustive minimum over integer m.",
    steps=(RULE_PROOF, closest_rule_grid(
        "exact l2 at the rule's integer m vs the exhaustive integer minimum (real mechanisms)", L2_RULE_GRID,
        lambda ee, dd: {E: ee, d_sym: dd}, lambda mm, ee, dd: exact_l2_int("rr", mm, dd, ee),
        lambda ee, dd: exact_l2_function("rr", ee).subs(d_sym, dd), lambda ee, dd: {"e^eps": ee, "d": dd},
        lambda ee, dd: (dd, ee))),
)


# ---- l1 bound ----------------------------------------------------------------------------
L1_GRID = [(2, R(2), 4), (2, R(4), 4), (2, R(13), 4), (3, R(3), 3)]  # (d, e^eps, max n)


def _l1_bound_points(readings=None):
    """Exact l1 at the rounded optimal m against the bound: the printed form reads the exact l1 (enumeration), the
    derived form the binomial model's; ``data``: does the exact l1 lie below sqrt(d l2*) with l2* the exact optimum
    of real mechanisms."""
    for name, definition, inside in (readings or ((None, None, True),)):
        for dd, ee, nmax in L1_GRID:
            m_rule = max(min(closest_integers(D.m_l2_derived(dd, ee))), 2)
            opt = l2_exact_optimum(ee, dd)[0]
            for nn in range(1, nmax + 1):
                l1x = exact_l1_l2("rr", m_rule, dd, ee, nn)[0]
                params = {"d": dd, "e^eps": ee, "n": nn, "m (rounded)": m_rule, "l1 (exact)": _show(l1x),
                          "sqrt(d l2*) (exact)": _show(sympy.sqrt(dd * opt / nn))}
                if name is not None:
                    params["Delta_l"] = name
                sub = {E: ee, d_sym: dd, n_sym: nn}
                yield Point(params, facts={"derived": {**sub, S.l1_star: model_l1(m_rule, dd, ee, nn)},
                                           "printed": {**sub, S.l1_star: l1x}, "reading": definition},
                            data=exact_holds(l1x ** 2, "<=", dd * opt / nn), in_condition=inside, size=(dd, nn, ee))


def _l1_bound_grid(readings=None):
    def value(form, point, role):
        if role == "printed" and point.facts["reading"] is not None:
            form = _reading(form, point.facts["reading"])
        return value_at(form, point.facts[role])

    return RoleGrid("exact l1 (enumeration of every outcome) at the rounded m vs the bound",
                    lambda: _l1_bound_points(readings), precomputed, path=ENUM, value=value)


record(
    id="pan-cms/thm3.7.l1",
    location="Section 3.4, Theorem 3.7 (l1 part)",
    statement="The optimised l1 loss is at most sqrt(2d(Delta_l + d e^eps)/(n(e^eps-1)^2)) (CMS+RR, same m as for l2).",
    printed=P.thm3_7_l1, derived=D.l1_bound_form,
    derivation=f"{MODULE}.l1_bound_derived",
    kind="statement",
    assumptions="l1 exact (max over datasets of E sum |err|, enumeration) at the rounded m of Theorem 3.7; the "
                "bound's l2* is the exact optimum of real mechanisms (interpolated in m and d)",
    steps=(_l1_bound_grid(),),
)


record(
    id="pan-cms/appD.eq39",
    location="Appendix D, Eq. (39)",
    statement="l1(f_hat) <= sqrt(2d(Delta_l + d e^eps)/(n(e^eps-1)^2)) with Appendix D's Delta_l.",
    printed=P.appd_eq39, derived=D.l1_bound_form,
    derivation=f"{MODULE}.l1_bound_derived",
    kind="statement",
    assumptions="the printed form keeps the symbol Delta_l; each instance substitutes Appendix D's or Theorem 3.7's "
                "definition; l1 exact at the rounded m",
    condition=DELTA_L_CONDITION,
    root_cause="appD.delta-l",
    note="With the appendix Delta_l the right-hand side is smaller than sqrt(d l2*) (Cauchy-Schwarz); the "
         "instances test whether it still bounds the exact l1.  With Theorem 3.7's Delta_l it is thm3.7.l1.",
    steps=(_l1_bound_grid(READINGS),),
)


# ---- limits in d -----------------------------------------------------------------------------
def _limits_grid(name, index):
    """The leading term ``index`` (0: l1 bound, per sqrt(n); 1: l2*; 2: m*) of the exact l2(m, d) of real mechanisms
    (interpolated in m and d) as d -> oo."""
    def exact(point):
        lead = exact_leading_terms(point.params["e^eps"])[index]
        return _canon(lead / sympy.sqrt(point.params["n"])) if index == 0 else lead

    return value_grid(name, lambda: (Point({"e^eps": ee, "n": nn, "limit": "d -> oo"}, facts={E: ee, n_sym: nn},
                                           size=(ee, nn)) for ee in L2_E for nn in ((1, 2) if index == 0 else (1,))),
                      exact)


record(
    id="pan-cms/cor3.5",
    location="Section 3.4, Corollary 3.5",
    statement="As d -> oo: the l1 bound ~ 2d e^(eps/2)/(sqrt(n)(e^eps-1)), l2* ~ 4d e^eps/(n(e^eps-1)^2), "
              "and the optimal m -> 1 + e^eps.",
    printed=P.cor3_5, derived=D.cor35_form,
    derivation=f"{MODULE}.corollary35_derived",
    assumptions="d -> oo with e^eps, n fixed; '->' for the losses means the ratio tends to 1",
    steps=(Symbolic("leading terms (l1 bound, l2*, m*)", part=list),
           value_grid("leading terms from the exact l2(m, d) of real mechanisms (interpolated in m and d)", lambda: (
               Point({"e^eps": ee, "n": 1, "limit": "d -> oo"}, facts={E: ee, n_sym: 1}, size=(ee,)) for ee in L2_E),
               lambda p: list(exact_leading_terms(p.params["e^eps"])))),
)


record(
    id="pan-cms/appD.eq37",
    location="Appendix D, Eq. (37)",
    statement="For large d, min_m l2(f_hat_RR) ~ 4d e^eps/(n(e^eps-1)^2).",
    printed=P.appd_eq37, derived=D.eq37_form,
    derivation=f"{MODULE}.corollary35_derived",
    assumptions="d -> oo; ratio tends to 1",
    steps=(Symbolic("leading term of l2*", part=_rhs),
           _limits_grid("leading term of the exact optimal l2", 1)),
)


record(
    id="pan-cms/appD.m-limit",
    location="Appendix D, after Eqs. (37) and (40)",
    statement="The l2- (and l1-) optimal m tends to 1 + e^eps as d -> oo.",
    printed=P.appd_m_limit, derived=D.m_limit_form,
    derivation=f"{MODULE}.corollary35_derived",
    steps=(Symbolic("limit of m*", part=_rhs), _limits_grid("limit of the exact l2 minimiser", 2)),
)


record(
    id="pan-cms/appD.eq40",
    location="Appendix D, Eq. (40)",
    statement="For large d the l1 upper bound tends to 2d e^(eps/2)/sqrt(n e^eps - 1) (as printed in our copy).",
    printed=P.appd_eq40, derived=D.eq40_form,
    derivation=f"{MODULE}.corollary35_derived",
    assumptions="d -> oo; ratio tends to 1",
    root_cause="appD.eq40",
    note="Corollary 3.5 prints the correct 2d e^(eps/2)/(sqrt(n)(e^eps - 1)); in Eq. (40) the factor (e^eps - 1) "
         "went under the square root with n; the formula as printed is wrong. Transcription caveat: our copy "
         "(pan-cms.md) prints sqrt{n e^eps - 1} with no parentheses, and the same extraction mis-scopes roots "
         "elsewhere in Appendix D (appD.delta-l, appD.l1-cauchy-schwarz); the published version (CSF 2025) drops "
         "Eq. (40), so it could not be cross-read. Only if the original prints sqrt(n)(e^eps - 1), as Corollary 3.5 "
         "does, is Eq. (40) right.",
    steps=(Symbolic("leading term of the l1 bound", part=_rhs),
           _limits_grid("leading term of sqrt(d l2*) from the exact l2", 0)),
)


# =============================================================================================
# RAPPOR: Eq. (33), monotonicity, the comparisons with CMS+RR, Eq. (38)
RP_E = {"arp": (R(2), R(3)), "srp": (R(9, 4), R(4))}


def _eq33_points():
    """The printed form at the inner variances of the exact inner mechanism (enumeration), the derived at the
    derived ones."""
    for kind, es in RP_E.items():
        for ee in es:
            veq, vne = inner_variances_exact(kind, 2, ee)
            dveq, dvne = D.inner_variance_derived(kind, 2, ee)
            for fx in (R(0), R(1, 2), R(1)):
                yield Point({"inner": kind, "e^eps": ee, "f(x)": fx, "n": 1},
                            facts={"derived": {var_eq: dveq, var_neq: dvne, f_sym: fx, n_sym: 1},
                                   "printed": {var_eq: veq, var_neq: vne, f_sym: fx, n_sym: 1}}, size=(ee, fx))


record(
    id="pan-cms/appD.eq33",
    location="Appendix D, Eq. (33)",
    statement="For RAPPOR inner mechanisms (m-independent Var(R|=), Var(R|!=)), as m -> oo, "
              "Var(f_hat(x)) -> [Var(R|!=)(1 - f(x)) + Var(R|=) f(x)]/n.",
    printed=P.appd_eq33, derived=D.eq33_form,
    derivation=f"{MODULE}.eq33_derived",
    assumptions="m -> oo; collision rate 1/m; printed form at the inner variances of the exact inner mechanism "
                "(enumeration), derived form at the derived ones",
    steps=(Symbolic("limit m -> oo", part=_rhs),
           role_grid("limit m -> oo of the exact n Var of real CMS+aRP / CMS+sRP (interpolated in m)", _eq33_points,
                     lambda p: limit_at_oo(exact_var_function(p.params["inner"], p.params["e^eps"],
                                                              p.params["f(x)"])))),
)


def _rp_decreasing_points():
    for kind, es in RP_E.items():
        for ee in es:
            dveq, dvne = D.inner_variance_derived(kind, 2, ee)
            for fx in (R(0), R(1, 2), R(1)):
                nn, c = int(fx.q), int(fx.p)
                vals = {mm: moments.variance(exact_cms(kind, mm, 2, ee), (c, nn - c))[0] for mm in range(2, 10)}
                for mm in range(2, 9):
                    yield Point({"inner": kind, "e^eps": ee, "f(x)": fx, "m -> m+1": mm},
                                facts={S.V_m: vals[mm], S.V_next: vals[mm + 1], var_eq: dveq, var_neq: dvne,
                                       f_sym: fx, m_sym: mm}, data=bool(vals[mm + 1] < vals[mm]), size=(mm, ee, fx))


record(
    id="pan-cms/appD.rp-decreasing",
    location="Appendix D, before Eq. (33)",
    statement="For aRP and sRP, Var(f_hat(x)) decreases as m increases.",
    printed=P.appd_rp_decreasing, derived=D.rp_decreasing_form,
    derivation=f"{MODULE}.rp_variance_derivative_numerator",
    kind="statement",
    assumptions="m >= 2 integer in the exact instances; printed: on the exact variances at m and m + 1; derived: "
                "the sign of the numerator of d/dm of the derived variance",
    steps=(value_grid("exact variances of real CMS+aRP / CMS+sRP at consecutive m", _rp_decreasing_points,
                      precomputed),),
)


@cache
def _rp_mse_inf(kind, ee, fs):
    """inf over m of the exact worst-case n MSE of CMS+RP: the limit m -> oo (variances decrease in m)."""
    return max(limit_at_oo(exact_var_function(kind, ee, fx)) for fx in {R(0), R(fs)})


def _ruled_out_points(kind, es, fss):
    """inf over m of CMS+RP's exact worst-case MSE vs the exact continuous optimum of CMS+RR; ``data``: is RP's
    strictly larger (aRP; sRP: for f* < 1/2) or equal (sRP, f* >= 1/2)."""
    for ee in es:
        for fs in fss:
            inf, rr = _canon(_rp_mse_inf(kind, ee, fs)), mse_exact_optimum(ee, fs)[0]
            s = _sign(inf - rr)
            yield Point({"e^eps": ee, "f*": fs, ("aRP" if kind == "arp" else "sRP") + " inf over m": _show(inf),
                         "RR optimum": _show(rr)}, facts={S.rp_inf: inf, S.rr_opt: rr, fs_sym: fs, E: ee, n_sym: 1},
                        data=bool(s > 0 if kind == "arp" or fs < R(1, 2) else s == 0), size=(ee, fs))


record(
    id="pan-cms/appD.arp-ruled-out",
    location="Appendix D, after Eq. (33) (asymmetric RAPPOR)",
    statement="For f* > 0 the worst-case MSE of CMS+aRP exceeds the optimum Var* of CMS+RR (Theorem 3.6) for every m.",
    printed=P.appd_arp_ruled_out, derived=D.arp_ruled_out_form,
    derivation=f"{MODULE}.eq33_derived",
    kind="statement",
    assumptions="Var* is the optimum over real m; aRP variance decreases in m, so its infimum is the m -> oo limit",
    note="At f* = 0 the aRP limit equals Var*. With m restricted to integers, CMS+aRP with a large m can beat CMS+RR "
         "at every integer m (see sec3.4.rp-not-optimal).",
    steps=(value_grid("exact inf over m of CMS+aRP worst-case MSE vs exact continuous optimum of CMS+RR",
                      lambda: _ruled_out_points("arp", (R(2), R(3)), (R(1, 4), R(1, 2), R(3, 4), R(1))),
                      precomputed),),
)


record(
    id="pan-cms/appD.srp-ruled-out",
    location="Appendix D, after Eq. (33) (symmetric RAPPOR)",
    statement="CMS+sRP's worst-case MSE is larger than Var* of CMS+RR when f* < 1/2 and equal to it when f* >= 1/2.",
    printed=P.appd_srp_ruled_out, derived=D.srp_ruled_out_form,
    derivation=f"{MODULE}.eq33_derived",
    kind="statement",
    assumptions="'Var_sRP' is its infimum over m (the m -> oo limit); Var* is the optimum over real m",
    note="The equality for f* >= 1/2 holds only in the limit m -> oo: at every finite m CMS+sRP is strictly worse.",
    steps=(value_grid("exact inf over m of CMS+sRP worst-case MSE vs exact optimum of CMS+RR",
                      lambda: _ruled_out_points("srp", RP_E["srp"], (R(0), R(1, 4), R(1, 2), R(3, 4), R(1))),
                      precomputed),),
)


@cache
def _rp_l2_limit(kind, ee):
    """lim_{m->oo} of the exact l2(m, d) of CMS+RP as a function of d."""
    return limit_at_oo(exact_l2_function(kind, ee))


def _srp_l2_points():
    for ee in RP_E["srp"]:
        lim = _rp_l2_limit("srp", ee)
        for dd in L2_D:
            rr = l2_exact_optimum(ee, dd)[0]
            finite = min(exact_l2_int("srp", mm, dd, ee) for mm in range(2, 8))
            lim_d = _canon(lim.subs(d_sym, dd))
            yield Point({"e^eps": ee, "d": dd, "sRP min l2 (m = 2..7)": _show(finite, 6), "sRP limit": _show(lim_d),
                         "RR l2*": _show(rr)},
                        facts={S.rp_finite: finite, S.rp_inf: lim_d, S.rr_opt: rr, E: ee, d_sym: dd, n_sym: 1},
                        data=bool(_sign(finite - rr) > 0 and _sign(lim_d - rr) >= 0), size=(dd, ee))


record(
    id="pan-cms/appD.srp-l2-larger",
    location="Appendix D, after Eq. (37)",
    statement="CMS with sRP always has a larger l2 loss than the optimised CMS+RR.",
    printed=P.appd_srp_l2_larger, derived=D.srp_l2_larger_form,
    derivation=f"{MODULE}.l2_kind_derived",
    kind="statement",
    assumptions="l2* over real m; sRP at every finite m (m = 2..7 exhaustively) and its m -> oo limit",
    note="At d = 2 the sRP limit d e^(eps/2)/(n(e^(eps/2)-1)^2) equals l2* exactly (infimum not attained).",
    steps=(value_grid("exact l2 of real CMS+sRP (finite m and limit) vs exact optimum of CMS+RR", _srp_l2_points,
                      precomputed),),
)


def _arp_l2_points():
    for ee in L2_E[:2]:
        lim = _rp_l2_limit("arp", ee)
        ratio = limit_at_oo(lim / exact_leading_terms(ee)[1], d_sym)
        for dd in L2_D:
            gap = _sign(lim.subs(d_sym, dd) - l2_exact_optimum(ee, dd)[0])
            yield Point({"e^eps": ee, "d": dd, "sign(aRP limit - RR l2*)": gap, "lim_d ratio": str(ratio)},
                        facts={S.gap_sym: gap, S.ratio_sym: ratio, E: ee, d_sym: dd, n_sym: 1},
                        data=bool(gap > 0 and ratio == 1), size=(ee, dd))


record(
    id="pan-cms/appD.arp-l2-large-d",
    location="Appendix D, after Eq. (37)",
    statement="CMS+aRP reaches the l2 loss of the optimised CMS+RR only when d is large (m -> oo).",
    printed=P.appd_arp_l2_large_d, derived=D.arp_l2_large_d_form,
    derivation=f"{MODULE}.l2_kind_derived",
    kind="statement",
    assumptions="l2* over real m; aRP infimum over m is its m -> oo limit; instances per (e^eps, d), the ratio's "
                "limit d -> oo at that e^eps",
    steps=(value_grid("exact aRP l2 limit in m strictly above RR's optimum for finite d, ratio -> 1 as d -> oo",
                      _arp_l2_points, precomputed),),
)


@cache
def _eq38_m():
    """(e^eps, tau, the smallest m of real CMS+aRP with Var(f = 0) <= (1 + tau) x its m -> oo limit (exact search))."""
    out = []
    for ee in (R(2), R(3)):
        for tt in (R(1), R(1, 2), R(1, 4)):
            target = (1 + tt) * inner_variances_exact("arp", 2, ee)[1]
            mm = 2
            while moments.variance(exact_cms("arp", mm, 2, ee), (0, 1))[0] > target:
                mm += 1
            out.append((ee, tt, mm))
    return out


record(
    id="pan-cms/appD.eq38",
    location="Appendix D, Eq. (38)",
    statement="The m at which l2 of CMS+aRP comes within a factor 1 + tau of its limit 4d e^eps/(n(e^eps-1)^2) is "
              "Omega((e^eps-1)^2/((1+tau)e^eps)).",
    printed=P.appd_eq38, derived=D.eq38_form,
    derivation=f"{MODULE}.eq38_derived",
    kind="statement",
    assumptions="large d (l2 = d Var(f(x) = 0)); the display before Eq. (38) drops a factor 1/n, restored here; "
                "Omega read as m_tau >= X/2 (derived: m_tau/X >= (1+tau)/(2 tau) > 1/2)",
    note="The Omega bound holds but is loose: m_tau = Theta(((e^eps-1)^2/(2e^eps) + 2)/tau) as tau -> 0 (about 100x "
         "the printed expression for tau = 0.01); the printed (1+tau) should be tau.",
    steps=(role_grid("smallest m of real CMS+aRP with Var(f=0) <= (1+tau) x limit, vs the Omega bound", lambda: (
               Point({"e^eps": ee, "tau": tt, "m required (exact)": mm},
                     facts={"derived": {E: ee, tau_sym: tt, n_sym: 1}, "printed": {E: ee, tau_sym: tt, n_sym: 1,
                                                                                   S.m_tau: mm}},
                     data=bool(mm >= (ee - 1) ** 2 / ((1 + tt) * ee) / 2), size=(ee, tt))
               for ee, tt, mm in _eq38_m()), precomputed),
           model_grid("smallest such m (exact search) == ceiling of the derived root", lambda: (
               ({"e^eps": ee, "tau": tt}, sympy.Integer(mm),
                sympy.Integer(exact_ceiling(D.eq38_derived().subs({E: ee, tau_sym: tt, n_sym: 1}))), (ee, tt))
               for ee, tt, mm in _eq38_m()), path=MOM),
           Note(lambda: f"derived: X/m_tau -> "
                        f"{sympy.limit((E - 1) ** 2 / ((1 + tau_sym) * E) / D.eq38_derived(), tau_sym, 0)} as tau -> 0 "
                        "(X: the printed expression), so m_tau is not Theta(X).")),
)


# ---- the main-text conclusion -------------------------------------------------------------
RP_CEX = [  # (criterion, inner, e^eps, f* or d, m of the RAPPOR mechanism)
    ("mse", "srp", R(49, 25), R(1), 26),
    ("mse", "arp", R(169, 100), R(1, 2), 71),
    ("l2", "srp", R(49, 25), 2, 72),
]
RP_IN = [("mse", R(4), R(1)), ("mse", R(4), R(0)), ("mse", R(2), R(0)), ("l2", R(4), 2)]


def _rr_best(crit, ee, key):
    """CMS+RR: (exhaustive integer minimum on real mechanisms, the derived integer minimum, exact continuous
    minimum, derived continuous minimum)."""
    if crit == "mse":
        top = exact_ceiling(D.m_opt_derived(key, ee)) + 3
        ints = [exact_worst_mse_int("rr", mm, ee, key) for mm in range(2, top + 1)]
        dints = [max(D.var_rr_derived(0, mm, ee, 1), D.var_rr_derived(key, mm, ee, 1)) for mm in range(2, top + 1)]
        return min(ints), min(dints), mse_exact_optimum(ee, key)[0], _canon(D.mse_opt_derived(key, ee, 1))
    top = exact_ceiling(D.m_l2_derived(key, ee)) + 3
    ints = [exact_l2_int("rr", mm, key, ee) for mm in range(2, top + 1)]
    dints = [D.l2_rr_derived(key, mm, ee, 1) for mm in range(2, top + 1)]
    return min(ints), min(dints), l2_exact_optimum(ee, key)[0], _canon(D.l2_opt_derived(key, ee, 1))


def _rp_not_optimal_points():
    """CMS+RR (printed: at its best integer m, exhaustive; derived: the derived integer minimum; exact: optimised
    over real m) against RAPPOR at its infimum over m (RR's optimal m an integer here: inside the condition) and at
    one large m (RR restricted to integer m: outside it); ``data``: RR's real optimum <= RAPPOR's exact value."""
    def point(params, rr, rp, drp, inside, size):
        rr_int, drr_int, rr_real, drr_real = rr
        return Point(params, facts={"derived": {S.rr_int: drr_int, S.rr_real: drr_real, S.rp_val: drp},
                                    "printed": {S.rr_int: rr_int, S.rr_real: rr_real, S.rp_val: rp}},
                     data=bool(_le(rr_real, rp)), in_condition=inside, size=size)

    for crit, ee, key in RP_IN:
        rr = _rr_best(crit, ee, key)
        for kind in (("arp", "srp") if sympy.sqrt(ee).is_Rational else ("arp",)):
            if crit == "mse":
                rp = _canon(_rp_mse_inf(kind, ee, key))
                veq, vne = D.inner_variance_derived(kind, 2, ee)
                lim = D.eq33_derived().subs({var_eq: veq, var_neq: vne, n_sym: 1})
                drp = _canon(sympy.Max(lim.subs(f_sym, 0), lim.subs(f_sym, key)))
            else:
                rp = _canon(_rp_l2_limit(kind, ee).subs(d_sym, key))
                drp = _canon(limit_at_oo(D.l2_kind_derived(kind, key, m_sym, ee, 1)))
            yield point({"loss": crit, "e^eps": ee, ("f*" if crit == "mse" else "d"): key, "vs": kind,
                         "RR best integer m": _show(rr[0]), "RAPPOR inf over m": _show(rp)}, rr, rp, drp, True, (0, ee))
    for crit, kind, ee, key, mm in RP_CEX:
        rr = _rr_best(crit, ee, key)
        if crit == "mse":
            rp = exact_worst_mse_int(kind, mm, ee, key)
            veq, vne = D.inner_variance_derived(kind, mm, ee)
            drp = max(D.cms_variance_model(veq, vne, 0, mm, 1), D.cms_variance_model(veq, vne, R(key), mm, 1))
        else:
            rp = exact_l2_int(kind, mm, key, ee)
            drp = D.l2_kind_derived(kind, key, mm, ee, 1)
        yield point({"loss": crit, "e^eps": ee, ("f*" if crit == "mse" else "d"): key,
                     "RR best integer m": _show(rr[0]), f"CMS+{kind} at m={mm}": _show(rp)}, rr, rp, drp, False,
                    (1, ee, mm))


record(
    id="pan-cms/sec3.4.rp-not-optimal",
    location="Section 3.4, after Corollary 3.5 (and Appendix D)",
    statement="CMS with sRP or aRP cannot be the optimised CMS: CMS+RR outperforms them (worst-case MSE, l2), "
              "besides their m-bit reports.",
    printed=P.sec3_4_rp_not_optimal, derived=D.rp_not_optimal_form,
    derivation=f"{MODULE}.worst_case_mse_model",
    kind="statement",
    condition="m is optimised as a real number (or CMS+RR's optimal m is an integer); with integer m, CMS+sRP/aRP "
              "with a large m can beat CMS+RR at every integer m",
    root_cause="sec3.4.rp-not-optimal",
    assumptions="exact real mechanisms; printed: CMS+RR at its best integer m (exhaustive); exact and derived: "
                "CMS+RR optimised over real m",
    note="The communication argument ((2) in the paper: m-bit reports) is unaffected.",
    steps=(role_grid("CMS+RR vs CMS+aRP/sRP (real mechanisms)", _rp_not_optimal_points, precomputed),),
)


