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
from ldpref.ledger import Instance, claim

from .optimized import ENUM, MOM, _sq, closest_rule_instances, structure, value_at
from .optimized_exact import (E, MODULE, R, _canon, _continuous_min, _le, _show, _sign, closest_integers,
                              constructions_steps, exact_cms, exact_l1_l2, exact_l2_function, exact_l2_int,
                              exact_leading_terms, exact_var_function, exact_worst_mse_int, inner_variances_exact,
                              l2_exact_optimum, limit_at_oo, model_l1, mse_exact_optimum)

L2_GRID = {"rr": (R(2), R(7, 2)), "arp": (R(2), R(3)), "srp": (R(9, 4), R(4))}
L2_MD = [(2, 2), (2, 3), (3, 2), (3, 3), (4, 3), (4, 4)]


@lru_cache(maxsize=256)  # thm3.7 and appD.eq36 compare the same forms
def _iso_l2(v):
    """(n(e-1)^2 v/2 - d e^eps)^2: removes the square root of 2(Delta_l + d e^eps)/(n(e^eps-1)^2)."""
    return sympy.factor(sympy.cancel(sympy.expand((v * n_sym * (E - 1) ** 2 / 2 - d_sym * E) ** 2)))


@claim(
    id="pan-cms/appD.eq34",
    location="Appendix D, Eq. (34)",
    statement="l2 = m/(n(m-1)^2)[(Var(R|=) + (m-1)Var(R|!=) + (m-1)/m)(d-1) + m Var(R|=)] for CMS with a "
              "pairwise-independent family.",
    printed=P.appd_eq34, derived=D.eq34_form,
    derivation=f"{MODULE}.l2_model",
    assumptions="collision rate 1/m; R symmetric (Property 2.3); Var(R|=), Var(R|!=) read off the exact inner "
                "mechanism (by enumeration) for both forms",
)
def appd_eq34(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("Eq. (34) printed vs derived", printed.rhs, derived.rhs)
    for step in constructions_steps([("arp", 3, 2, R(2)), ("srp", 3, 3, R(9, 4)), ("arp", 4, 3, R(3))]):
        step.run(ev, True)
    insts = []
    for kind, es in L2_GRID.items():
        for ee in es:
            for mm, dd in L2_MD:
                veq, vne = inner_variances_exact(kind, mm, ee)
                for nn in (1, 2):
                    exact = losses.worst_case_l2(exact_cms(kind, mm, dd, ee), nn).value
                    sub = {var_eq: veq, var_neq: vne, d_sym: dd, m_sym: mm, n_sym: nn}
                    insts.append(Instance({"inner": kind, "e^eps": ee, "m": mm, "d": dd, "n": nn}, exact,
                                          value_at(derived, sub), value_at(printed, sub), size=(dd, mm, nn, ee),
                                          path=MOM))
    ev.instances("worst_case_l2 of real CMS mechanisms (RR, aRP, sRP)", insts)


@claim(
    id="pan-cms/appD.eq35",
    location="Appendix D, Eq. (35)",
    statement="l2(f_hat_RR) = (d + e^eps - 1)m^2/(n(m-1)(e^eps-1)^2) + (d-1)(2m + e^eps - 1)/(n(m-1)(e^eps-1)).",
    printed=P.appd_eq35, derived=D.eq35_form,
    derivation=f"{MODULE}.l2_rr_derived",
)
def appd_eq35(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("Eq. (35) printed vs derived", printed.rhs, derived.rhs)
    insts = []
    for ee in (R(2), R(7, 2)):
        for mm in (2, 3, 4, 5):
            for dd in (2, 3, 4):
                for nn in (1, 2):
                    exact = losses.worst_case_l2(exact_cms("rr", mm, dd, ee), nn).value
                    sub = {d_sym: dd, m_sym: mm, E: ee, n_sym: nn}
                    insts.append(Instance({"e^eps": ee, "m": mm, "d": dd, "n": nn}, exact, value_at(derived, sub),
                                          value_at(printed, sub), size=(dd, mm, nn, ee), path=MOM))
    ev.instances("worst_case_l2 of real CMS+RR mechanisms", insts)


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


def _l2_opt_instances(printed, derived, which, readings=None):
    """Instances at (e^eps, d) against the exact continuous optimum of the l2 of real mechanisms;
    ``readings``: substitute each reading of Delta_l into the printed form (outside / inside the condition)."""
    insts = []
    for name, definition, inside in (readings or ((None, None, True),)):
        pf = printed if definition is None else _reading(printed, definition)
        for ee in L2_E:
            for dd in L2_D:
                value, arg = l2_exact_optimum(ee, dd)
                exact = {"value": value, "arg": arg, "delta": _canon((arg - 1) * (ee + dd - 1))}[which]
                params = {"e^eps": ee, "d": dd, "n": 1, "m": "real"}
                if name is not None:
                    params["Delta_l"] = name
                sub = {E: ee, d_sym: dd, n_sym: 1}
                insts.append(Instance(params, exact, value_at(derived, sub), value_at(pf, sub), in_condition=inside,
                                      size=(dd, ee), path=MOM))
    return insts


@claim(
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
)
def appd_m_opt_l2(ev):
    printed, derived = ev.printed(), ev.derived()
    for name, definition, _ in READINGS:
        ev.symbolic(f"(m - 1)^2 with {name} Delta_l vs derived", _reading(printed, definition).rhs, derived.rhs,
                    simplify=_sq)
    ev.instances("argmin over real m of the exact l2 (real mechanisms interpolated in m and d)",
                 _l2_opt_instances(printed, derived, "arg", READINGS))


@claim(
    id="pan-cms/appD.delta-l",
    location="Appendix D, definition of Delta_l",
    statement="Appendix D defines Delta_l = sqrt((e^eps + d - 1)(d e^eps - e^eps + 1) e^(eps/2)).",
    printed=P.appd_delta_l, derived=D.delta_l_form,
    derivation=f"{MODULE}.m_l2_derived",
    correction=D.delta_l_form,
    root_cause="appD.delta-l",
    note="Theorem 3.7 prints e^(eps/2) sqrt((e^eps + d - 1)(d e^eps - e^eps + 1)), which is correct (it equals the "
         "derived form); the appendix moves e^(eps/2) inside the root (e^(eps/4) instead of e^(eps/2)).",
)
def appd_delta_l(ev):
    printed, derived = ev.printed(), ev.derived()

    def sqf(x):
        return sympy.factor(sympy.cancel(sympy.expand(x ** 2)))

    ev.symbolic("Delta_l^2: printed (appendix) vs derived", printed.rhs, derived.rhs, simplify=sqf)
    ev.instances("Delta_l = (m* - 1)(e^eps + d - 1) from the exact l2 minimiser",
                 _l2_opt_instances(printed, derived, "delta"))
    ev.corrections("Delta_l = (m* - 1)(e^eps + d - 1) from the exact l2 minimiser",
                   _l2_opt_instances(printed, ev.correction(), "delta"))


def _integer_l2_instance(printed_value, derived_value, params):
    """d = 2, e^eps = 4: the optimal m is 3, an integer; the exhaustive integer minimum of the exact l2."""
    vals = {mm: exact_l2_int("rr", mm, 2, R(4)) for mm in range(2, 8)}
    return Instance({"e^eps": 4, "d": 2, "n": 1, "m": "integer 2..7 (exhaustive)", **params}, min(vals.values()),
                    derived_value, printed_value, size=(2, R(4), 1), path=MOM)


@claim(
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
)
def thm3_7(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("l2*: (n(e-1)^2 l2/2 - d e^eps)^2 printed vs derived", printed[0].rhs, derived[0].rhs,
                simplify=_iso_l2)
    ev.symbolic("m*: (m - 1)^2 printed vs derived", printed[1].rhs, derived[1].rhs, simplify=_sq)
    insts = []
    for ee in L2_E:
        for dd in L2_D:
            value, arg = l2_exact_optimum(ee, dd)
            sub = {E: ee, d_sym: dd, n_sym: 1}
            insts.append(Instance({"e^eps": ee, "d": dd, "n": 1, "m": "real"}, [value, arg], value_at(derived, sub),
                                  value_at(printed, sub), size=(dd, ee), path=MOM))
    sub = {E: R(4), d_sym: 2, n_sym: 1}
    insts.append(_integer_l2_instance(value_at(printed[0], sub), value_at(derived[0], sub), {}))
    ev.instances("(min, argmin) over m of the exact l2 of CMS+RR", insts)


@claim(
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
)
def appd_eq36(ev):
    printed, derived = ev.printed(), ev.derived()
    for name, definition, _ in READINGS:
        ev.symbolic(f"(n(e-1)^2 l2/2 - d e^eps)^2 with {name} Delta_l vs derived", _reading(printed, definition).rhs,
                    derived.rhs, simplify=_iso_l2)
    insts = _l2_opt_instances(printed, derived, "value", READINGS)
    sub = {E: R(4), d_sym: 2, n_sym: 1}
    for name, definition, inside in READINGS:
        inst = _integer_l2_instance(value_at(_reading(printed, definition), sub), value_at(derived, sub),
                                    {"Delta_l": name})
        inst.in_condition = inside
        insts.append(inst)
    ev.instances("min over m of the exact l2 of CMS+RR", insts)


L2_RULE_GRID = [(ee, dd) for dd in (2, 3, 4) for ee in (R(2), R(21, 10), R(5, 2), R(3), R(4), R(5), R(6))]


@claim(
    id="pan-cms/thm3.7.closest-integer",
    location="Section 3.4, Theorem 3.7 and Appendix D ('closest integer to 1 + Delta_l/(e^eps + d - 1)')",
    statement="Rounding 1 + Delta_l/(e^eps + d - 1) to the closest integer gives an integer m minimising the l2 "
              "loss of CMS+RR.",
    printed=P.thm3_7_closest_integer, derived=D.l2_closest_integer_form,
    derivation=f"{MODULE}.l2_rr_derived",
    assumptions="Theorem 3.7's Delta_l; m searched over 2..ceil(m*)+3 on real mechanisms (worst_case_l2, n = 1)",
    root_cause="closest-integer-rounding",
    note="Judged as an optimum: the exact l2 at the rule's m against the exhaustive minimum over integer m.",
)
def thm3_7_closest(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("rounding rule vs the better neighbour (expression trees)", printed.rhs, derived.rhs,
                simplify=structure)
    insts = closest_rule_instances(
        printed, derived, L2_RULE_GRID, lambda ee, dd: {E: ee, d_sym: dd},
        lambda mm, ee, dd: exact_l2_int("rr", mm, dd, ee), lambda ee, dd: exact_l2_function("rr", ee).subs(d_sym, dd),
        lambda ee, dd: {"e^eps": ee, "d": dd}, lambda ee, dd: (dd, ee))
    ev.instances("exact l2 at the rule's integer m vs the exhaustive integer minimum (real mechanisms)", insts)


# ---- l1 bound ----------------------------------------------------------------------------
L1_GRID = [(2, R(2), 4), (2, R(4), 4), (2, R(13), 4), (3, R(3), 3)]  # (d, e^eps, max n)


@cache
def _l2_opt_exact(ee, dd):
    """Exact continuous minimum over m of the n = 1 l2 of real CMS+RR mechanisms."""
    if ee in L2_E:
        return l2_exact_optimum(ee, dd)[0]
    return _continuous_min([exact_l2_function("rr", ee).subs(d_sym, dd)])[0]


def _l1_bound_instances(printed, derived, readings=None):
    """Exact l1 at the rounded optimal m against the bound; the exact column is the bound sqrt(d l2*) with l2* the
    exact optimum of real mechanisms."""
    insts = []
    for name, definition, inside in (readings or ((None, None, True),)):
        pf = printed if definition is None else _reading(printed, definition)
        for dd, ee, nmax in L1_GRID:
            m_rule = max(min(closest_integers(D.m_l2_derived(dd, ee))), 2)
            opt = _l2_opt_exact(ee, dd)
            for nn in range(1, nmax + 1):
                l1x = exact_l1_l2("rr", m_rule, dd, ee, nn)[0]
                l1d = model_l1(m_rule, dd, ee, nn)
                params = {"d": dd, "e^eps": ee, "n": nn, "m (rounded)": m_rule, "l1 (exact)": _show(l1x),
                          "sqrt(d l2*) (exact)": _show(sympy.sqrt(dd * opt / nn))}
                if name is not None:
                    params["Delta_l"] = name
                sub = {E: ee, d_sym: dd, n_sym: nn}
                insts.append(Instance(params, exact=bool(l1x ** 2 <= dd * opt / nn),
                                      derived=value_at(derived, {**sub, S.l1_star: l1d}),
                                      printed=value_at(pf, {**sub, S.l1_star: l1x}), in_condition=inside,
                                      size=(dd, nn, ee), path=ENUM))
    return insts


@claim(
    id="pan-cms/thm3.7.l1",
    location="Section 3.4, Theorem 3.7 (l1 part)",
    statement="The optimised l1 loss is at most sqrt(2d(Delta_l + d e^eps)/(n(e^eps-1)^2)) (CMS+RR, same m as for l2).",
    printed=P.thm3_7_l1, derived=D.l1_bound_form,
    derivation=f"{MODULE}.l1_bound_derived",
    kind="statement",
    assumptions="l1 exact (max over datasets of E sum |err|, enumeration) at the rounded m of Theorem 3.7; the "
                "bound's l2* is the exact optimum of real mechanisms (interpolated in m and d)",
)
def thm3_7_l1(ev):
    ev.instances("exact l1 (enumeration of every outcome) at the rounded m vs the bound",
                 _l1_bound_instances(ev.printed(), ev.derived()))


@claim(
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
)
def appd_eq39(ev):
    ev.instances("exact l1 (enumeration of every outcome) at the rounded m vs the bound",
                 _l1_bound_instances(ev.printed(), ev.derived(), READINGS))


# ---- limits in d -----------------------------------------------------------------------------
def _limits_instances(printed, derived, index):
    insts = []
    for ee in L2_E:
        lead = exact_leading_terms(ee)[index]
        for nn in ((1, 2) if index == 0 else (1,)):
            exact = _canon(lead / sympy.sqrt(nn)) if index == 0 else lead
            sub = {E: ee, n_sym: nn}
            insts.append(Instance({"e^eps": ee, "n": nn, "limit": "d -> oo"}, exact, value_at(derived, sub),
                                  value_at(printed, sub), size=(ee, nn), path=MOM))
    return insts


@claim(
    id="pan-cms/cor3.5",
    location="Section 3.4, Corollary 3.5",
    statement="As d -> oo: the l1 bound ~ 2d e^(eps/2)/(sqrt(n)(e^eps-1)), l2* ~ 4d e^eps/(n(e^eps-1)^2), "
              "and the optimal m -> 1 + e^eps.",
    printed=P.cor3_5, derived=D.cor35_form,
    derivation=f"{MODULE}.corollary35_derived",
    assumptions="d -> oo with e^eps, n fixed; '->' for the losses means the ratio tends to 1",
)
def cor3_5(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("leading terms (l1 bound, l2*, m*)", list(printed), list(derived))
    insts = []
    for ee in L2_E:
        sub = {E: ee, n_sym: 1}
        insts.append(Instance({"e^eps": ee, "n": 1, "limit": "d -> oo"}, list(exact_leading_terms(ee)),
                              value_at(derived, sub), value_at(printed, sub), size=(ee,), path=MOM))
    ev.instances("leading terms from the exact l2(m, d) of real mechanisms (interpolated in m and d)", insts)


@claim(
    id="pan-cms/appD.eq37",
    location="Appendix D, Eq. (37)",
    statement="For large d, min_m l2(f_hat_RR) ~ 4d e^eps/(n(e^eps-1)^2).",
    printed=P.appd_eq37, derived=D.eq37_form,
    derivation=f"{MODULE}.corollary35_derived",
    assumptions="d -> oo; ratio tends to 1",
)
def appd_eq37(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("leading term of l2*", printed.rhs, derived.rhs)
    ev.instances("leading term of the exact optimal l2", _limits_instances(printed, derived, 1))


@claim(
    id="pan-cms/appD.m-limit",
    location="Appendix D, after Eqs. (37) and (40)",
    statement="The l2- (and l1-) optimal m tends to 1 + e^eps as d -> oo.",
    printed=P.appd_m_limit, derived=D.m_limit_form,
    derivation=f"{MODULE}.corollary35_derived",
)
def appd_m_limit(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("limit of m*", printed.rhs, derived.rhs)
    ev.instances("limit of the exact l2 minimiser", _limits_instances(printed, derived, 2))


@claim(
    id="pan-cms/appD.eq40",
    location="Appendix D, Eq. (40)",
    statement="For large d the l1 upper bound tends to 2d e^(eps/2)/sqrt(n e^eps - 1) (as printed in our copy).",
    printed=P.appd_eq40, derived=D.eq40_form,
    derivation=f"{MODULE}.corollary35_derived",
    assumptions="d -> oo; ratio tends to 1",
    root_cause="appD.eq40",
    note="Corollary 3.5 prints the correct 2d e^(eps/2)/(sqrt(n)(e^eps - 1)); in Eq. (40) the factor (e^eps - 1) "
         "went under the square root with n (possibly an extraction slip; the formula as printed is wrong).",
)
def appd_eq40(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("leading term of the l1 bound", printed.rhs, derived.rhs)
    ev.instances("leading term of sqrt(d l2*) from the exact l2", _limits_instances(printed, derived, 0))


# =============================================================================================
# RAPPOR: Eq. (33), monotonicity, the comparisons with CMS+RR, Eq. (38)
RP_E = {"arp": (R(2), R(3)), "srp": (R(9, 4), R(4))}


@claim(
    id="pan-cms/appD.eq33",
    location="Appendix D, Eq. (33)",
    statement="For RAPPOR inner mechanisms (m-independent Var(R|=), Var(R|!=)), as m -> oo, "
              "Var(f_hat(x)) -> [Var(R|!=)(1 - f(x)) + Var(R|=) f(x)]/n.",
    printed=P.appd_eq33, derived=D.eq33_form,
    derivation=f"{MODULE}.eq33_derived",
    assumptions="m -> oo; collision rate 1/m; printed form at the inner variances of the exact inner mechanism "
                "(enumeration), derived form at the derived ones",
)
def appd_eq33(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("limit m -> oo", printed.rhs, derived.rhs)
    insts = []
    for kind, es in RP_E.items():
        for ee in es:
            veq, vne = inner_variances_exact(kind, 2, ee)
            dveq, dvne = D.inner_variance_derived(kind, 2, ee)
            for fx in (R(0), R(1, 2), R(1)):
                lim = limit_at_oo(exact_var_function(kind, ee, fx))
                insts.append(Instance({"inner": kind, "e^eps": ee, "f(x)": fx, "n": 1}, lim,
                                      value_at(derived, {var_eq: dveq, var_neq: dvne, f_sym: fx, n_sym: 1}),
                                      value_at(printed, {var_eq: veq, var_neq: vne, f_sym: fx, n_sym: 1}),
                                      size=(ee, fx), path=MOM))
    ev.instances("limit m -> oo of the exact n Var of real CMS+aRP / CMS+sRP (interpolated in m)", insts)


@claim(
    id="pan-cms/appD.rp-decreasing",
    location="Appendix D, before Eq. (33)",
    statement="For aRP and sRP, Var(f_hat(x)) decreases as m increases.",
    printed=P.appd_rp_decreasing, derived=D.rp_decreasing_form,
    derivation=f"{MODULE}.rp_variance_derivative_numerator",
    kind="statement",
    assumptions="m >= 2 integer in the exact instances; printed: on the exact variances at m and m + 1; derived: "
                "the sign of the numerator of d/dm of the derived variance",
)
def appd_rp_decreasing(ev):
    printed, derived = ev.printed(), ev.derived()
    insts = []
    for kind, es in RP_E.items():
        for ee in es:
            dveq, dvne = D.inner_variance_derived(kind, 2, ee)
            for fx in (R(0), R(1, 2), R(1)):
                nn, c = int(fx.q), int(fx.p)
                vals = {mm: moments.variance(exact_cms(kind, mm, 2, ee), (c, nn - c))[0] for mm in range(2, 10)}
                for mm in range(2, 9):
                    data = {S.V_m: vals[mm], S.V_next: vals[mm + 1], var_eq: dveq, var_neq: dvne, f_sym: fx,
                            m_sym: mm}
                    insts.append(Instance({"inner": kind, "e^eps": ee, "f(x)": fx, "m -> m+1": mm},
                                          bool(vals[mm + 1] < vals[mm]), value_at(derived, data),
                                          value_at(printed, data), size=(mm, ee, fx), path=MOM))
    ev.instances("exact variances of real CMS+aRP / CMS+sRP at consecutive m", insts)


@cache
def _rp_mse_inf(kind, ee, fs):
    """inf over m of the exact worst-case n MSE of CMS+RP: the limit m -> oo (variances decrease in m)."""
    return max(limit_at_oo(exact_var_function(kind, ee, fx)) for fx in {R(0), R(fs)})


@claim(
    id="pan-cms/appD.arp-ruled-out",
    location="Appendix D, after Eq. (33) (asymmetric RAPPOR)",
    statement="For f* > 0 the worst-case MSE of CMS+aRP exceeds the optimum Var* of CMS+RR (Theorem 3.6) for every m.",
    printed=P.appd_arp_ruled_out, derived=D.arp_ruled_out_form,
    derivation=f"{MODULE}.eq33_derived",
    kind="statement",
    assumptions="Var* is the optimum over real m; aRP variance decreases in m, so its infimum is the m -> oo limit",
    note="At f* = 0 the aRP limit equals Var*. With m restricted to integers, CMS+aRP with a large m can beat CMS+RR "
         "at every integer m (see sec3.4.rp-not-optimal).",
)
def appd_arp_ruled_out(ev):
    printed, derived = ev.printed(), ev.derived()
    insts = []
    for ee in (R(2), R(3)):
        for fs in (R(1, 4), R(1, 2), R(3, 4), R(1)):
            inf, rr = _canon(_rp_mse_inf("arp", ee, fs)), mse_exact_optimum(ee, fs)[0]
            data = {S.rp_inf: inf, S.rr_opt: rr, fs_sym: fs, E: ee, n_sym: 1}
            insts.append(Instance({"e^eps": ee, "f*": fs, "aRP inf over m": _show(inf), "RR optimum": _show(rr)},
                                  exact=bool(_sign(inf - rr) > 0), derived=value_at(derived, data),
                                  printed=value_at(printed, data), size=(ee, fs), path=MOM))
    ev.instances("exact inf over m of CMS+aRP worst-case MSE vs exact continuous optimum of CMS+RR", insts)


@claim(
    id="pan-cms/appD.srp-ruled-out",
    location="Appendix D, after Eq. (33) (symmetric RAPPOR)",
    statement="CMS+sRP's worst-case MSE is larger than Var* of CMS+RR when f* < 1/2 and equal to it when f* >= 1/2.",
    printed=P.appd_srp_ruled_out, derived=D.srp_ruled_out_form,
    derivation=f"{MODULE}.eq33_derived",
    kind="statement",
    assumptions="'Var_sRP' is its infimum over m (the m -> oo limit); Var* is the optimum over real m",
    note="The equality for f* >= 1/2 holds only in the limit m -> oo: at every finite m CMS+sRP is strictly worse.",
)
def appd_srp_ruled_out(ev):
    printed, derived = ev.printed(), ev.derived()
    insts = []
    for ee in RP_E["srp"]:
        for fs in (R(0), R(1, 4), R(1, 2), R(3, 4), R(1)):
            inf, rr = _canon(_rp_mse_inf("srp", ee, fs)), mse_exact_optimum(ee, fs)[0]
            s = _sign(inf - rr)
            data = {S.rp_inf: inf, S.rr_opt: rr, fs_sym: fs, E: ee, n_sym: 1}
            insts.append(Instance({"e^eps": ee, "f*": fs, "sRP inf over m": _show(inf), "RR optimum": _show(rr)},
                                  exact=bool(s > 0 if fs < R(1, 2) else s == 0), derived=value_at(derived, data),
                                  printed=value_at(printed, data), size=(ee, fs), path=MOM))
    ev.instances("exact inf over m of CMS+sRP worst-case MSE vs exact optimum of CMS+RR", insts)


@cache
def _rp_l2_limit(kind, ee):
    """lim_{m->oo} of the exact l2(m, d) of CMS+RP as a function of d."""
    return limit_at_oo(exact_l2_function(kind, ee))


@claim(
    id="pan-cms/appD.srp-l2-larger",
    location="Appendix D, after Eq. (37)",
    statement="CMS with sRP always has a larger l2 loss than the optimised CMS+RR.",
    printed=P.appd_srp_l2_larger, derived=D.srp_l2_larger_form,
    derivation=f"{MODULE}.l2_kind_derived",
    kind="statement",
    assumptions="l2* over real m; sRP at every finite m (m = 2..7 exhaustively) and its m -> oo limit",
    note="At d = 2 the sRP limit d e^(eps/2)/(n(e^(eps/2)-1)^2) equals l2* exactly (infimum not attained).",
)
def appd_srp_l2(ev):
    printed, derived = ev.printed(), ev.derived()
    insts = []
    for ee in RP_E["srp"]:
        lim = _rp_l2_limit("srp", ee)
        for dd in L2_D:
            rr = _l2_opt_exact(ee, dd)
            finite = min(exact_l2_int("srp", mm, dd, ee) for mm in range(2, 8))
            lim_d = _canon(lim.subs(d_sym, dd))
            data = {S.rp_finite: finite, S.rp_inf: lim_d, S.rr_opt: rr, E: ee, d_sym: dd, n_sym: 1}
            insts.append(Instance({"e^eps": ee, "d": dd, "sRP min l2 (m = 2..7)": _show(finite, 6),
                                   "sRP limit": _show(lim_d), "RR l2*": _show(rr)},
                                  exact=bool(_sign(finite - rr) > 0 and _sign(lim_d - rr) >= 0),
                                  derived=value_at(derived, data), printed=value_at(printed, data), size=(dd, ee),
                                  path=MOM))
    ev.instances("exact l2 of real CMS+sRP (finite m and limit) vs exact optimum of CMS+RR", insts)


@claim(
    id="pan-cms/appD.arp-l2-large-d",
    location="Appendix D, after Eq. (37)",
    statement="CMS+aRP reaches the l2 loss of the optimised CMS+RR only when d is large (m -> oo).",
    printed=P.appd_arp_l2_large_d, derived=D.arp_l2_large_d_form,
    derivation=f"{MODULE}.l2_kind_derived",
    kind="statement",
    assumptions="l2* over real m; aRP infimum over m is its m -> oo limit; instances per (e^eps, d), the ratio's "
                "limit d -> oo at that e^eps",
)
def appd_arp_l2(ev):
    printed, derived = ev.printed(), ev.derived()
    insts = []
    for ee in L2_E[:2]:
        lim = _rp_l2_limit("arp", ee)
        ratio = limit_at_oo(lim / exact_leading_terms(ee)[1], d_sym)
        for dd in L2_D:
            gap = _sign(lim.subs(d_sym, dd) - l2_exact_optimum(ee, dd)[0])
            data = {S.gap_sym: gap, S.ratio_sym: ratio, E: ee, d_sym: dd, n_sym: 1}
            insts.append(Instance({"e^eps": ee, "d": dd, "sign(aRP limit - RR l2*)": gap, "lim_d ratio": str(ratio)},
                                  exact=bool(gap > 0 and ratio == 1), derived=value_at(derived, data),
                                  printed=value_at(printed, data), size=(ee, dd), path=MOM))
    ev.instances("exact aRP l2 limit in m strictly above RR's optimum for finite d, ratio -> 1 as d -> oo", insts)


@claim(
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
)
def appd_eq38(ev):
    printed, derived = ev.printed(), ev.derived()
    root = D.eq38_derived()
    insts, agree = [], []
    for ee in (R(2), R(3)):
        def v0(mm, ee=ee):
            return moments.variance(exact_cms("arp", mm, 2, ee), (0, 1))[0]

        for tt in (R(1), R(1, 2), R(1, 4)):
            target = (1 + tt) * inner_variances_exact("arp", 2, ee)[1]
            mm = 2
            while v0(mm) > target:
                mm += 1
            sub = {E: ee, tau_sym: tt, n_sym: 1}
            insts.append(Instance({"e^eps": ee, "tau": tt, "m required (exact)": mm},
                                  exact=bool(mm >= (ee - 1) ** 2 / ((1 + tt) * ee) / 2),
                                  derived=value_at(derived, sub), printed=value_at(printed, {**sub, S.m_tau: mm}),
                                  size=(ee, tt), path=MOM))
            agree.append(Instance({"e^eps": ee, "tau": tt}, sympy.Integer(mm), sympy.ceiling(root.subs(sub)),
                                  size=(ee, tt), path=MOM))
    ev.instances("smallest m of real CMS+aRP with Var(f=0) <= (1+tau) x limit, vs the Omega bound", insts)
    ev.instances("smallest such m (exact search) == ceiling of the derived root", agree, has_printed=False)
    ev.note(f"derived: X/m_tau -> {sympy.limit((E - 1) ** 2 / ((1 + tau_sym) * E) / root, tau_sym, 0)} as tau -> 0 "
            "(X: the printed expression), so m_tau is not Theta(X).")


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
        top = int(sympy.ceiling(D.m_opt_derived(key, ee))) + 3
        ints = [exact_worst_mse_int("rr", mm, ee, key) for mm in range(2, top + 1)]
        dints = [max(D.var_rr_derived(0, mm, ee, 1), D.var_rr_derived(key, mm, ee, 1)) for mm in range(2, top + 1)]
        return min(ints), min(dints), mse_exact_optimum(ee, key)[0], _canon(D.mse_opt_derived(key, ee, 1))
    top = int(sympy.ceiling(D.m_l2_derived(key, ee))) + 3
    ints = [exact_l2_int("rr", mm, key, ee) for mm in range(2, top + 1)]
    dints = [D.l2_rr_derived(key, mm, ee, 1) for mm in range(2, top + 1)]
    return min(ints), min(dints), _l2_opt_exact(ee, key), _canon(D.l2_opt_derived(key, ee, 1))


@claim(
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
)
def sec34_rp_not_optimal(ev):
    printed, derived = ev.printed(), ev.derived()
    insts = []
    for crit, ee, key in RP_IN:  # RR's optimal m is an integer here; RAPPOR at its infimum over m
        rr_int, drr_int, rr_real, drr_real = _rr_best(crit, ee, key)
        kinds = ("arp", "srp") if sympy.sqrt(ee).is_Rational else ("arp",)
        for kind in kinds:
            if crit == "mse":
                rp = _canon(_rp_mse_inf(kind, ee, key))
                veq, vne = D.inner_variance_derived(kind, 2, ee)
                lim = D.eq33_derived().subs({var_eq: veq, var_neq: vne, n_sym: 1})
                drp = _canon(sympy.Max(lim.subs(f_sym, 0), lim.subs(f_sym, key)))
            else:
                rp = _canon(_rp_l2_limit(kind, ee).subs(d_sym, key))
                drp = _canon(limit_at_oo(D.l2_kind_derived(kind, key, m_sym, ee, 1)))
            insts.append(Instance({"loss": crit, "e^eps": ee, ("f*" if crit == "mse" else "d"): key, "vs": kind,
                                   "RR best integer m": _show(rr_int), "RAPPOR inf over m": _show(rp)},
                                  exact=bool(_le(rr_real, rp)),
                                  derived=value_at(derived, {S.rr_int: drr_int, S.rr_real: drr_real, S.rp_val: drp}),
                                  printed=value_at(printed, {S.rr_int: rr_int, S.rr_real: rr_real, S.rp_val: rp}),
                                  in_condition=True, size=(0, ee), path=MOM))
    for crit, kind, ee, key, mm in RP_CEX:  # RR restricted to integer m; RAPPOR at one large m
        rr_int, drr_int, rr_real, drr_real = _rr_best(crit, ee, key)
        if crit == "mse":
            rp = exact_worst_mse_int(kind, mm, ee, key)
            veq, vne = D.inner_variance_derived(kind, mm, ee)
            drp = max(D.cms_variance_model(veq, vne, 0, mm, 1), D.cms_variance_model(veq, vne, R(key), mm, 1))
        else:
            rp = exact_l2_int(kind, mm, key, ee)
            drp = D.l2_kind_derived(kind, key, mm, ee, 1)
        insts.append(Instance({"loss": crit, "e^eps": ee, ("f*" if crit == "mse" else "d"): key,
                               "RR best integer m": _show(rr_int), f"CMS+{kind} at m={mm}": _show(rp)},
                              exact=bool(_le(rr_real, rp)),
                              derived=value_at(derived, {S.rr_int: drr_int, S.rr_real: drr_real, S.rp_val: drp}),
                              printed=value_at(printed, {S.rr_int: rr_int, S.rr_real: rr_real, S.rp_val: rp}),
                              in_condition=False, size=(1, ee, mm), path=MOM))
    ev.instances("CMS+RR vs CMS+aRP/sRP (real mechanisms)", insts)
