"""pan-cms Section 6 (experiments, Figs 2-4): each statement about the experiments as a claim.

The plotted quantities are expectations (the worst-case MSE over the 100 most frequent values, the l1 and l2
losses), so the exact values decide and the simulation must agree (:mod:`.sec6_exact`).  Setting (Section 6):
eps = 1..5 (the step is not printed: integers), t = 100 runs, |x| = 100 values of interest; HE, CMS+HE (m = 1024,
"the same parameter as [7]"), RHR (b = eps bits, the paper's reading of [12]); MSE-OCMS at Theorem 3.6's best
integer m (f* = 1 in 6.1 and 6.3, f* = 0 in 6.2), l-OCMS at Theorem 3.7's best integer m with d = |x|.
Clients draw their own hash functions (private randomness, the model of Sections 3-4).  Datasets: 6.1 and 6.2 are
drawn as described (seeded; the papers' samples are not published); 6.3's mini Kosarak (over 170,000 entries,
d = 26,000, one value above 0.4) is not in our copy: our Kosarak head file differs, so the 6.3 claims are judged
on it as ``reconstructed``.
"""

from __future__ import annotations

from functools import cache, partial

import numpy as np

from derivations.pan_cms import experiments as X
from derivations.pan_cms import printed_sec6 as PR
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Point, Statistical

from . import sec6_exact as XE

#: (section, dataset, f*, every value one RHR residue (Section 6.1's construction))
SETTINGS = {"6.1": ("zipf", 1, True), "6.2": ("gaussian", 0, False), "6.3": ("kosarak", 1, False)}
_FIGS = {"6.1": "Fig. 2", "6.2": "Fig. 3", "6.3": "Fig. 4"}


@cache
def _instances_data(section: str) -> tuple:
    name, f_star, same = SETTINGS[section]
    out = []
    for eps in X.EPS_GRID:
        vals = XE.exact_values(name, eps, f_star, same)
        n = X.summary(name, eps, same)[0]
        params = {"dataset": name, "eps": eps, "f*": f_star, "all same residue (RHR)": same, "n": n,
                  "t": X.TRIALS, "|x|": X.TOP, "m MSE-OCMS": X.ocms_m("MSE-OCMS", eps, f_star),
                  "m l-OCMS": X.ocms_m("l-OCMS", eps), **XE.plotted(vals)}
        out.append((params, vals, XE.exact_balls(name, eps, f_star, same)))
    return tuple(out)


def _steps(section: str, exact_fn, mechs=X.MECHANISMS, in_condition=lambda p: True) -> tuple:
    """Section ``section``'s statement at eps = 1..5 on the exact values (``exact_fn(values, params)``: does it hold
    there, decided on rigorous balls; the params show the values at DPS digits), then the simulation's agreement
    with those exact values."""
    def points():
        for params, _, balls in _instances_data(section):
            yield Point(dict(params), data=balls, size=(params["eps"],), in_condition=in_condition(params))

    name, f_star, same = SETTINGS[section]
    return (Grid(f"Section {section} ({_FIGS[section]}) at eps = 1..5: the statement on the exact values (per-client "
                 "variances of the real mechanisms, summed over the dataset)", points,
                 lambda p: bool(exact_fn(p.data, p.params)), path="moment-formula"),
            XE.simulation_step(name, f_star, same, mechs))


_ASSUME = ("eps = 1..5 (integers; the step is not printed), |x| = 100 most frequent values, t = 100; MSE-OCMS and "
           "l-OCMS at their best integer m; CMS+HE m = 1024; RHR b = eps; private hashing; plotted quantities read as "
           "their expectations (l1 through the normal approximation sum_x sqrt(2 Var/pi))")
_KOSARAK = ("dataset: our Kosarak head file (n = 294,022, d = 17,034, top frequency 0.076), not the paper's mini "
            "Kosarak (over 170,000 entries, d = 26,000, one value above 0.4), which is not in our copy")
_RHR_B1 = "eps >= 2 (at eps = 1, RHR's b = eps = 1 bit leaves one residue class: RHR is HE)"


for _sec in ("6.1", "6.2", "6.3"):
    _printed = _sec != "6.3"

    record(id=f"pan-cms/sec{_sec}.ocms-lowest", location=f"Section {_sec}, on {_FIGS[_sec]}",
           statement="MSE-OCMS has the lowest worst-case MSE and l-OCMS the lowest l1 and l2 losses among OCMS, HE, "
                     "CMS+HE and RHR, at every eps.",
           printed=PR.ocms_lowest_printed if _printed else None,
           derived=partial(X.derived_statement, "lowest", r"\text{OCMS lowest, on the derived Table 1 coefficients}"),
           derivation="derivations.pan_cms.experiments.lowest", kind="statement",
           assumptions=_ASSUME + ("; " + _KOSARAK if not _printed else ""),
           steps=_steps(_sec, lambda v, p: X.lowest(v)))

    record(id=f"pan-cms/sec{_sec}.he-cms-he-identical", location=f"Section {_sec}, on {_FIGS[_sec]}",
           statement="HE and CMS+HE have identical accuracy in every metric.",
           printed=PR.he_cms_he_identical_printed if _printed else None,
           derived=partial(X.derived_statement, "identical",
                           r"|M_{HE} - M_{CMS+HE}| \le 0.01 M_{HE}\ \text{(derived)}"),
           derivation="derivations.pan_cms.experiments.identical", kind="statement",
           assumptions=_ASSUME + "; 'identical' read as: the curves coincide, at most 1% apart in every metric "
                                 "(the exact values differ by O(1/m) = 0.1-0.2%: CMS+HE's extra collision rate 1/1024; "
                                 "100 runs resolve about 14% on an MSE)" + ("; " + _KOSARAK if not _printed else ""),
           note="The paper's own reading: Section 4.5 shows CMS+HE with a large m equivalent to HE.",
           steps=_steps(_sec, lambda v, p: X.identical(v), mechs=("HE", "CMS+HE")))


record(id="pan-cms/sec6.1.rhr-worst", location="Section 6.1, on Fig. 2", root_cause="sec6.rhr-b1",
       statement="RHR performs the worst in all the metrics (every value of the dataset shares one residue for RHR).",
       printed=PR.rhr_worst_printed,
       derived=partial(X.derived_statement, "rhr-worst", r"M_{RHR} > M_A\ \text{(derived)}"),
       derivation="derivations.pan_cms.experiments.rhr_worst", kind="statement", condition=_RHR_B1,
       assumptions=_ASSUME + "; Section 6.1's construction: every value has the same residue mod B",
       steps=_steps("6.1", lambda v, p: X.rhr_worst(v), in_condition=lambda p: p["eps"] >= 2))


record(id="pan-cms/sec6.2.eq16", location="Section 6.2, on Fig. 3",
       statement="With f* = 0, MSE-OCMS's worst-case MSE satisfies Eq. (16): it lies between Eq. (16) at f* = 0 and "
                 "Appendix I's upper bound of the Eq. (22) estimator.",
       printed=PR.eq16_printed,
       derived=partial(X.derived_statement, "eq16", r"\text{Eq. (16) (derived)} \le \overline{MSE} \le "
                                                    r"\text{App. I factor} \times \text{Eq. (16)}"),
       derivation="derivations.pan_cms.optimized.eq16_derived", kind="statement",
       assumptions=_ASSUME + "; 'satisfies Eq. (16)' read with Section 6's consistency rule (between the calculated "
                             "value and Appendix I's bound, both plotted)",
       note="Eq. (16) at f* = 0 is a lower bound here: the most frequent values (f about 0.008) add f Var slope.",
       steps=_steps("6.2", lambda v, p: X.eq16_band(v, p["n"], p["eps"]), mechs=("MSE-OCMS",)))


record(id="pan-cms/sec6.2.he-worst", location="Section 6.2, on Fig. 3", root_cause="sec6.rhr-b1",
       statement="HE and CMS+HE perform the worst in every metric.",
       printed=PR.he_worst_printed, condition=_RHR_B1,
       derived=partial(X.derived_statement, "he-worst", r"M_{HE}, M_{CMS+HE} > M_{OCMS}, M_{RHR}\ \text{(derived)}"),
       derivation="derivations.pan_cms.experiments.he_worst", kind="statement", assumptions=_ASSUME,
       steps=_steps("6.2", lambda v, p: X.he_worst(v), in_condition=lambda p: p["eps"] >= 2))


record(id="pan-cms/sec6.2.rhr-between", location="Section 6.2, on Fig. 3", root_cause="sec6.rhr-b1",
       statement="RHR's accuracy lies between OCMS and the other algorithms (HE, CMS+HE) in every metric.",
       printed=PR.rhr_between_printed, condition=_RHR_B1,
       derived=partial(X.derived_statement, "rhr-between",
                       r"M_{OCMS} < M_{RHR} < M_{HE}, M_{CMS+HE}\ \text{(derived)}"),
       derivation="derivations.pan_cms.experiments.rhr_between", kind="statement", assumptions=_ASSUME,
       steps=_steps("6.2", lambda v, p: X.rhr_between(v), in_condition=lambda p: p["eps"] >= 2))


record(id="pan-cms/sec6.3.he-worst-l", location="Section 6.3, on Fig. 4",
       statement="HE and CMS+HE perform the worst in l1/l2 losses (reconstructed on our Kosarak: true at eps >= 2; at "
                 "eps = 1 RHR is HE).",
       derived=partial(X.derived_statement, "he-worst-l", r"\ell_{HE}, \ell_{CMS+HE} > \ell_{OCMS}, \ell_{RHR}\ "
                                                          r"\text{(derived)}"),
       derivation="derivations.pan_cms.experiments.he_worst", kind="statement", assumptions=_ASSUME + "; " + _KOSARAK,
       steps=_steps("6.3", lambda v, p: X.he_worst(v, ("l1", "l2"))))


record(id="pan-cms/sec6.3.rhr-same-order", location="Section 6.3, on Fig. 4",
       statement="RHR has the same order of accuracy as l-OCMS in l1/l2 losses (read: within a factor 10).",
       derived=partial(X.derived_statement, "rhr-same-order",
                       r"\ell_{RHR} < 10\,\ell_{l\text{-}OCMS}\ \text{(derived)}"),
       derivation="derivations.pan_cms.experiments.rhr_same_order", kind="statement",
       assumptions=_ASSUME + "; 'same order' read as within a factor 10; " + _KOSARAK,
       steps=_steps("6.3", lambda v, p: X.rhr_same_order(v), mechs=("l-OCMS", "RHR")))


record(id="pan-cms/sec6.3.rhr-worst-mse", location="Section 6.3, on Fig. 4",
       statement="RHR performs the worst in worst-case MSE (the paper: because one Kosarak value has frequency above "
                 "0.4).  Reconstructed on our Kosarak (top frequency 0.076): false at every eps.",
       derived=partial(X.derived_statement, "rhr-worst-mse",
                       r"\overline{MSE}_{RHR} > \overline{MSE}_A\ \text{(derived)}"),
       derivation="derivations.pan_cms.experiments.rhr_worst_mse", kind="statement",
       assumptions=_ASSUME + "; " + _KOSARAK,
       note="The statement's cause (a value above 0.4 sharing its residue with the values of interest) is absent from "
            "our copy of the data; the claim records what the exact values give on it, not a verdict on the paper.",
       steps=_steps("6.3", lambda v, p: X.rhr_worst_mse(v)))


def _l1_points():
    """The three datasets at eps = 1..5: l-OCMS's normal-reading l1 and the calculated l1; ``data``: that l1 from its
    exact variances, a rigorous ball (the oracle decides E[l1] <= calculated l1 on it)."""
    for sec in ("6.1", "6.2", "6.3"):
        for params, vals, balls in _instances_data(sec):
            n = params["n"]
            p = {"section": sec, **{k: v for k, v in params.items() if k in ("dataset", "eps", "f*", "n", "|x|",
                                                                              "all same residue (RHR)", "m l-OCMS")},
                 "l-OCMS l1 (normal reading)": vals[("l-OCMS", "l1")],
                 "calculated l1": X.calculated_l1(params["eps"], n)}
            yield Point(p, data=balls[("l-OCMS", "l1")], size=(sec, params["eps"]))


def _l1_simulated():
    """The simulated mean l1 of l-OCMS (100 seeded runs) is not significantly above the calculated l1."""
    worst, fails = -np.inf, []
    for sec in ("6.1", "6.2", "6.3"):
        name, f_star, same = SETTINGS[sec]
        for eps in X.EPS_GRID:
            err, _ = XE.simulated_errors(name, eps, f_star, same, "l-OCMS")
            l1 = np.abs(err).sum(axis=0)
            calc = float(X.calculated_l1(eps, X.summary(name, eps, same)[0]))
            z = (l1.mean() - calc) / (l1.std(ddof=1) / np.sqrt(l1.size))
            worst = max(worst, z)
            if z >= XE.Z_MAX:
                fails.append(f"{name} eps={eps}: z = {z:.2f}")
    return (not fails, 15, f"largest one-sided z {worst:.2f}, threshold {XE.Z_MAX} (false alarm < 15 x 5.4e-6)"
            + (f"; failing: {'; '.join(fails)}" if fails else ""))


record(id="pan-cms/sec6.l1-upper", location="Section 6, before 6.1 (on the l1 panels of Figs 2-4)",
       statement="The calculated l1 loss (Theorem 3.7 with d replaced by |x|) is an upper bound: the experiment's l1 "
                 "of l-OCMS is expected below it.",
       printed=PR.l1_upper_printed,
       derived=partial(X.derived_l1_below, r"E[\ell_1] \le \sqrt{|x|\,\ell_2^*(|x|)}\ \text{(derived variances)}"),
       derivation="derivations.pan_cms.optimized.l1_bound_derived", kind="statement",
       assumptions=_ASSUME + "; judged on the three datasets (6.3: our Kosarak, the bound's statement is about any "
                             "data); decided from variances: sum_x sqrt(Var_x) bounds E[l1] (Jensen)",
       steps=(
           Grid("E[l1] of l-OCMS below the calculated l1 on the three datasets, eps = 1..5", _l1_points,
                lambda p: X.l1_below_calculated(p.data, p.params["eps"], p.params["n"]), path="moment-formula"),
           Statistical("simulated mean l1 of l-OCMS (100 runs) not significantly above the calculated l1",
                       _l1_simulated)))
