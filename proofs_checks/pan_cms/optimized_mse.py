"""pan-cms claim checks: optimized CMS, the worst-case MSE optima (Eq. (32), Var*, Theorem 3.6, Eq. (15),
Corollary 3.4, the closest-integer rules, Eqs. (16)-(17)).  Conventions and ROOT_CAUSES: see
:mod:`proofs_checks.pan_cms.optimized`."""

from __future__ import annotations

import sympy

import derivations.pan_cms.optimized as D
import derivations.pan_cms.printed_optimized as P
from derivations.pan_cms.symbols import f_star as fs_sym
from derivations.pan_cms.symbols import n as n_sym
from ldpref import losses
from ldpref.exact import exact_ceiling
from ldpref.ledger import record
from ldpref.ledger.generic import Identity, Note, Point, Symbolic, precomputed

from .optimized import (RULE_PROOF, _iso_mse, _rhs, _rhs_each, _sq, branches, closest_rule_grid, optimum_grid,
                        value_grid)
from .optimized_exact import (E, MODULE, MSE_E_GRID, MSE_F_GRID, R, _interpolate, _show, _sign, exact_cms,
                              exact_stationary, exact_var_function, exact_worst_mse_int, mse_exact_optimum)


# =============================================================================================
# Eq. (32), Var*, validity, the piecewise optimum (Theorem 3.6, Eq. (15), Corollary 3.4): on optimized_exact's
# (e^eps, f*) grid MSE_E_GRID x MSE_F_GRID


def _mse_points(n=False, real=False, fss=MSE_F_GRID):
    """(e^eps, f*) on the grid; ``n``: with n = 1 (a parameter and a fact); ``real``: the point's m is "real"."""
    for ee in MSE_E_GRID:
        for fs in fss:
            yield Point({"e^eps": ee, "f*": fs, **({"n": 1} if n else {}), **({"m": "real"} if real else {})},
                        facts={E: ee, fs_sym: fs, **({n_sym: 1} if n else {})}, size=(ee, fs))


record(
    id="pan-cms/appD.eq32",
    location="Appendix D, Eq. (32) (with Delta_MSE)",
    statement="d/dm Var(f_hat_RR | f(x)=f*) = 0 at m = 1 + Delta_MSE/(f* e^eps + 1 - f*), "
              "Delta_MSE = e^(eps/2) sqrt([(1-f*)e^eps + f*][f* e^eps + 1 - f*]).",
    printed=P.appd_eq32, derived=D.eq32_form,
    derivation=f"{MODULE}.stationary_m",
    assumptions="0 <= f* <= 1, e^eps > 1, m real > 1; Delta_MSE written out",
    steps=(Symbolic("(m - 1)^2: printed vs derived", part=_rhs, simplify=_sq),
           value_grid("stationary point of the exact Var(f_hat_RR | f(x)=f*) (real mechanisms, interpolated in m)",
                      lambda: _mse_points(), lambda p: exact_stationary(p.params["e^eps"], p.params["f*"])[0])),
)


record(
    id="pan-cms/appD.var-star",
    location="Appendix D, variance at Eq. (32)",
    statement="At the m of Eq. (32), Var(f_hat_RR | f(x)=f*) = 2(Delta_MSE + e^eps)/(n(e^eps-1)^2).",
    printed=P.appd_var_star, derived=D.var_star_form,
    derivation=f"{MODULE}.var_star_derived",
    assumptions="0 <= f* <= 1, e^eps > 1",
    steps=(Symbolic("(n(e-1)^2 Var/2 - e^eps)^2: printed vs derived", part=_rhs, simplify=_iso_mse),
           value_grid("exact n Var at the exact stationary point", lambda: _mse_points(n=True),
                      lambda p: exact_stationary(p.params["e^eps"], p.params["f*"])[1])),
)


def _validity_points():
    """``data``: on the exact stationary point of real mechanisms, is it in [1 + e^(eps/2), 1 + e^eps] iff
    f* <= 1/2 (and below 1 + e^(eps/2) otherwise)."""
    for ee in MSE_E_GRID:
        for fs in (R(0), R(1, 4), R(1, 3), R(1, 2), R(2, 3), R(3, 4), R(1)):
            root, _ = exact_stationary(ee, fs)
            inside = _sign(root - 1 - sympy.sqrt(ee)) >= 0 and _sign(root - 1 - ee) <= 0
            below = _sign(root - 1 - sympy.sqrt(ee)) < 0
            yield Point({"e^eps": ee, "f*": fs, "m (exact stationary point)": _show(root)}, facts={E: ee, fs_sym: fs},
                        data=bool(inside == (fs <= R(1, 2)) and (fs <= R(1, 2) or below)), size=(ee, fs))


record(
    id="pan-cms/appD.validity",
    location="Appendix D, range of validity of Eq. (32)",
    statement="The m of Eq. (32) lies in [e^(eps/2) + 1, e^eps + 1] exactly when f* <= 1/2; for f* > 1/2 it is "
              "below e^(eps/2) + 1.",
    printed=P.appd_validity, derived=D.validity_form,
    derivation=f"{MODULE}.stationary_m",
    kind="statement",
    assumptions="printed: the statement on the printed Eq. (32); exact: on the stationary point of the exact "
                "variance of real mechanisms",
    steps=(value_grid("is the stationary point in [1 + e^(eps/2), 1 + e^eps] iff f* <= 1/2", _validity_points,
                      precomputed),),
)


#: (e^eps, f*) where Eq. (15) is an integer: Theorem 3.6 is also judged against the exhaustive integer minimum
THM36_INTEGER = [(R(4), R(1)), (R(9), R(1)), (R(16), R(1)), (R(4), R(1, 2)), (R(2), R(0)), (R(3), R(0))]


def _thm36_points():
    yield from _mse_points(n=True, real=True)
    for ee, fs in THM36_INTEGER:
        top = exact_ceiling(D.m_opt_derived(fs, ee)) + 3
        yield Point({"e^eps": ee, "f*": fs, "n": 1, "m": f"integer 2..{top} (exhaustive)"},
                    facts={E: ee, fs_sym: fs, n_sym: 1}, data=top, size=(ee, fs, 1))


def _mse_opt_exact(which):
    """The exact minimum over real m of the worst-case n MSE (``which``: "value" or "arg"), or at an integer point
    the exhaustive minimum over integer m in 2..top."""
    def oracle(point):
        ee, fs = point.params["e^eps"], point.params["f*"]
        if point.data is not None:
            return min(exact_worst_mse_int("rr", mm, ee, fs) for mm in range(2, point.data + 1))
        value, arg = mse_exact_optimum(ee, fs)
        return value if which == "value" else arg
    return oracle


def _branch_steps(first, second, simplify):
    """The two branches of the piecewise forms, compared one by one."""
    return (Symbolic(first, part=lambda form: branches(form.rhs)[0], simplify=simplify),
            Symbolic(second, part=lambda form: branches(form.rhs)[1]))


_MSE_VALUE_BRANCHES = _branch_steps("f* <= 1/2 branch: (n(e-1)^2 MSE/2 - e^eps)^2", "1/2 < f* <= 1 branch", _iso_mse)
_MSE_ARG = value_grid("argmin over real m of the exact worst-case MSE", lambda: _mse_points(n=True, real=True),
                      _mse_opt_exact("arg"))


record(
    id="pan-cms/thm3.6",
    location="Section 3.4, Theorem 3.6",
    statement="With f(x) <= f* for the values of interest, the optimised worst-case MSE of CMS is "
              "2(Delta_MSE + e^eps)/(n(e^eps-1)^2) if f* <= 1/2 and e^(eps/2)/(n(e^(eps/2)-1)^2) otherwise, "
              "reached by CMS+RR (m as in Eq. (15)).",
    printed=P.thm3_6, derived=D.mse_opt_form,
    derivation=f"{MODULE}.mse_opt_derived",
    assumptions="m optimised as a real number; CMS+RR with collision rate 1/m; RR vs aRP/sRP: see appD.arp-ruled-out "
                "and appD.srp-ruled-out",
    note="Judged as an optimum: against the exact minimum over real m of the worst-case MSE of real mechanisms, "
         "and against the exhaustive integer minimum where Eq. (15) is an integer.  For other e^eps the best "
         "integer m is strictly worse (see thm3.6.closest-integer and sec3.4.rp-not-optimal).",
    steps=(*_MSE_VALUE_BRANCHES,
           value_grid("min over m of the exact worst-case n MSE (continuous: interpolated real mechanisms; integer: "
                      "exhaustive)", _thm36_points, _mse_opt_exact("value"))),
)


record(
    id="pan-cms/appD.var-opt",
    location="Appendix D, piecewise Var*(f_hat(x)_RR)",
    statement="Appendix D's piecewise optimum: 2(Delta_MSE + e^eps)/(n(e^eps-1)^2) for f* <= 1/2, "
              "e^(eps/2)/(n(e^(eps/2)-1)^2) for 1/2 < f* <= 1.",
    printed=P.thm3_6, derived=D.mse_opt_form,
    derivation=f"{MODULE}.mse_opt_derived",
    assumptions="m optimised as a real number",
    steps=(*_MSE_VALUE_BRANCHES,
           value_grid("min over real m of the exact worst-case n MSE", lambda: _mse_points(n=True, real=True),
                      _mse_opt_exact("value"))),
)


record(
    id="pan-cms/eq15",
    location="Section 3.4, Eq. (15)",
    statement="The optimal m (before rounding) is 1 + Delta_MSE/(f* e^eps + 1 - f*) if f* <= 1/2 and 1 + e^(eps/2) "
              "otherwise.",
    printed=P.eq15, derived=D.m_opt_form,
    derivation=f"{MODULE}.m_opt_derived",
    assumptions="m real >= 2",
    steps=(*_branch_steps("f* <= 1/2 branch, (m - 1)^2", "1/2 < f* branch", _sq), _MSE_ARG),
)


record(
    id="pan-cms/appD.m-opt",
    location="Appendix D, piecewise m after Eq. (32)",
    statement="Appendix D's piecewise optimum m: 1 + Delta_MSE if f* <= 1/2, 1 + e^(eps/2) otherwise.",
    printed=P.appd_m_opt, derived=D.m_opt_form,
    derivation=f"{MODULE}.m_opt_derived",
    assumptions="m real >= 2",
    root_cause="appD.m-opt",
    note="The division by f* e^eps + 1 - f* of Eq. (32) is missing; it only vanishes at f* = 0.",
    steps=(*_branch_steps("f* <= 1/2 branch, (m - 1)^2 (printed 1 + Delta_MSE vs derived stationary point)",
                          "1/2 < f* branch", _sq), _MSE_ARG),
)


# ---- closest-integer rules -----------------------------------------------------------------
def _mse_real_loss(ee, fs):
    return sympy.Max(exact_var_function("rr", ee, 0), exact_var_function("rr", ee, fs))


def _mse_rule_grid(keys):
    """The worst-case MSE at the rule's integer m against the exhaustive integer minimum, on (e^eps, f*) ``keys``."""
    return closest_rule_grid(
        "exact worst-case n MSE at the rule's integer m vs the exhaustive integer minimum (real mechanisms)", keys,
        lambda ee, fs: {E: ee, fs_sym: fs}, lambda mm, ee, fs: exact_worst_mse_int("rr", mm, ee, fs), _mse_real_loss,
        lambda ee, fs: {"e^eps": ee, "f*": fs}, lambda ee, fs: (ee, fs))


MSE_RULE_GRID = [(ee, fs) for fs in (R(0), R(1, 4), R(1, 2), R(1))
                 for ee in (R(2), R(21, 10), R(5, 2), R(3), R(4), R(5), R(6), R(7))]
COR34_RULE_E = (R(2), R(21, 10), R(11, 5), R(3), R(4), R(5), R(6), R(7), R(8))
_RULE_NOTE = ("Judged as an optimum: the exact loss at the rule's m against the exhaustive minimum over integer m. "
              "For a t + b + c/t the integer optimum switches at the geometric mean of consecutive integers, not the "
              "arithmetic mean, so rounding picks the wrong neighbour in a band below each half-integer.")


record(
    id="pan-cms/thm3.6.closest-integer",
    location="Section 3.4, Theorem 3.6 ('m is the closest integer to Eq. (15)')",
    statement="Rounding Eq. (15) to the closest integer gives an integer m that minimises the worst-case MSE "
              "of CMS+RR.",
    printed=P.thm3_6_closest_integer, derived=D.mse_closest_integer_form,
    derivation=f"{MODULE}.worst_case_mse_model",
    assumptions="n = denominator of f*; value of interest x = 0; m searched over 2..ceil(m*)+3",
    root_cause="closest-integer-rounding",
    note=_RULE_NOTE,
    steps=(RULE_PROOF, _mse_rule_grid(MSE_RULE_GRID)),
)


record(
    id="pan-cms/cor3.4",
    location="Section 3.4, Corollary 3.4",
    statement="With f* = 1 the optimised worst-case MSE is e^(eps/2)/(n(e^(eps/2)-1)^2), reached by CMS+RR "
              "with m = 1 + e^(eps/2) (before rounding).",
    printed=P.cor3_4, derived=D.cor34_form,
    derivation=f"{MODULE}.mse_opt_derived",
    assumptions="m optimised as a real number",
    steps=(Symbolic("optimum and m", part=_rhs_each),
           optimum_grid("optimum and argmin of the exact worst-case MSE (f* = 1)", R(1), (R(4), R(9)),
                        lambda ee: int(1 + sympy.sqrt(ee)) + 3, lambda value, arg: [value, arg], n=True)),
)


record(
    id="pan-cms/cor3.4.closest-integer",
    location="Section 3.4, Corollary 3.4 ('m is the closest integer to 1 + e^(eps/2)')",
    statement="With f* = 1, the integer closest to 1 + e^(eps/2) minimises the worst-case MSE of CMS+RR over "
              "integer m.",
    printed=P.cor3_4_closest_integer, derived=D.cor34_closest_integer_form,
    derivation=f"{MODULE}.worst_case_mse_model",
    root_cause="closest-integer-rounding",
    note=_RULE_NOTE,
    steps=(RULE_PROOF, _mse_rule_grid([(ee, R(1)) for ee in COR34_RULE_E])),
)


record(
    id="pan-cms/sec3.4.f0",
    location="Section 3.4, after Corollary 3.4 (f* = 0)",
    statement="With f* = 0, Theorem 3.6 gives m = 1 + e^eps, which is then the exact optimum.",
    printed=P.sec3_4_f0, derived=D.f0_form,
    derivation=f"{MODULE}.stationary_m",
    steps=(Symbolic("printed 1 + e^eps vs derived", part=_rhs),
           optimum_grid("argmin of the exact worst-case MSE with f* = 0", R(0), (R(2), R(3), R(4)),
                        lambda ee: int(ee) + 4, lambda value, arg: arg)),
)


record(
    id="pan-cms/eq16",
    location="Section 3.4, Eq. (16)",
    statement="With m = 1 + e^eps, the worst-case MSE over datasets with f(x) <= f* is (f* + 4e^eps/(e^eps-1)^2)/n.",
    printed=P.eq16, derived=D.eq16_form,
    derivation=f"{MODULE}.eq16_derived",
    assumptions="m = 1 + e^eps an integer in the instances; value of interest x = 0",
    note="Its excess over the optimum at f* = 0 is f*/n, so m = 1 + e^eps is near-optimal while f* is small against "
         "4e^eps/(e^eps-1)^2.",
    steps=(Symbolic("Eq. (16) printed vs derived", part=_rhs),
           Identity("slope Var(1) - Var(0) at m = 1 + e^eps is 1/n > 0 (so the worst case is at f*)", D.eq16_slope,
                    lambda: 1 / n_sym),
           value_grid("worst_case_mse with f_star on real mechanisms at m = 1 + e^eps", lambda: (
               Point({"e^eps": ee, "m": int(ee) + 1, "f*": fs, "n": int(fs.q) * mult},
                     facts={E: ee, fs_sym: fs, n_sym: int(fs.q) * mult}, size=(ee, fs, int(fs.q) * mult))
               for ee in (R(2), R(3), R(4)) for fs in MSE_F_GRID for mult in (1, 2)),
               lambda p: losses.worst_case_mse(exact_cms("rr", p.params["m"], 2, p.params["e^eps"]), p.params["n"],
                                               interest=[0], f_star=p.params["f*"]).value)),
)


EQ17_E = (R(2), R(3), R(4), R(5), R(6))


record(
    id="pan-cms/eq17",
    location="Section 3.4, Eq. (17)",
    statement="With m = 1 + e^eps the worst-case MSE is Var(f_hat | f(x)=1) = (e^eps+1)^2/(n(e^eps-1)^2).",
    printed=P.eq17, derived=D.eq17_form,
    derivation=f"{MODULE}.eq17_derived",
    steps=(Symbolic("Eq. (17) printed vs derived", part=_rhs),
           value_grid("worst_case_mse of real mechanisms at m = 1 + e^eps", lambda: (
               Point({"e^eps": ee, "d": dd, "n": nn}, facts={E: ee, n_sym: nn}, size=(dd, nn, ee))
               for ee in EQ17_E for dd in (2, 3) for nn in (1, 2)),
               lambda p: losses.worst_case_mse(exact_cms("rr", int(p.params["e^eps"]) + 1, p.params["d"],
                                                         p.params["e^eps"]), p.params["n"]).value)),
)


def _eq17_larger_points():
    for ee in EQ17_E:
        wc = losses.worst_case_mse(exact_cms("rr", int(ee) + 1, 2, ee), 1).value
        opt = mse_exact_optimum(ee, R(1))[0]
        yield Point({"e^eps": ee, "n": 1, "Eq. (17) (exact)": _show(wc), "optimum (exact)": _show(opt)},
                    facts={E: ee, n_sym: 1}, data=bool(_sign(wc - opt) > 0), size=(ee,))


record(
    id="pan-cms/sec3.4.eq17-larger",
    location="Section 3.4, after Eq. (17)",
    statement="Eq. (17) always exceeds the optimised worst-case MSE e^(eps/2)/(n(e^(eps/2)-1)^2).",
    printed=P.eq17_larger, derived=D.eq17_larger_form,
    derivation=f"{MODULE}.eq17_excess_derived",
    kind="statement",
    assumptions="printed: the inequality between the two printed formulas; exact: the worst-case MSE of real "
                "mechanisms at m = 1 + e^eps against the exact optimum over real m",
    steps=(value_grid("exact worst-case MSE at m = 1 + e^eps vs the exact optimum", _eq17_larger_points,
                      precomputed),
           Note(lambda: f"derived excess in s = e^(eps/2): {D.eq17_excess_derived()[0]} > 0 for every s > 0")),
)


def _eq17_limit_exact():
    """n (e-1)^2 MSE of real mechanisms at m = 1 + e (integer e = 2..6) as a polynomial in e (fitted at 2..4,
    checked at 5, 6), divided by (e-1)^2, as e^eps -> oo."""
    vals = {ee: losses.worst_case_mse(exact_cms("rr", int(ee) + 1, 2, ee), 1).value * (ee - 1) ** 2 for ee in EQ17_E}
    poly = _interpolate([(k, vals[k]) for k in EQ17_E[:3]], E, [(k, vals[k]) for k in EQ17_E[3:]])
    return sympy.limit(poly / (E - 1) ** 2, E, sympy.oo)


record(
    id="pan-cms/sec3.4.eq17-limit",
    location="Section 3.4, after Eq. (17)",
    statement="As eps -> oo, Eq. (17) converges to 1/n, not to zero.",
    printed=P.eq17_limit, derived=D.eq17_limit_form,
    derivation=f"{MODULE}.eq17_derived",
    assumptions="limit e^eps -> oo with m = 1 + e^eps",
    steps=(Symbolic("limit", part=_rhs),
           value_grid("limit of the exact worst-case n MSE at m = 1 + e^eps (interpolated in e^eps)",
                      lambda: [Point({"n": 1}, facts={n_sym: 1})], lambda p: _eq17_limit_exact())),
)


