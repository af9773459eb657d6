"""pan-cms Section 6 (Figs 2-4), derived: the plotted quantities of each mechanism from the ledger's per-client
variance coefficients (Table 1's rows, :mod:`derivations.pan_cms.tables`), summed over the experiment's clients.

The model (the paper's, Sections 3-4): clients are independent and each draws its own hash function (private
randomness), so ``Var[f_hat(x)] = sum over clients of (a client's variance)/n^2``: ``c_x w_eq + (n - c_x) w_neq``
for HE, CMS+HE and OCMS (a pairwise-uniform hash: every non-holder collides with x w.p. 1/m), and for RHR
(Section 4.3, b = eps bits as the paper reads [12]) ``c_x w_eq + S_same(x) w_same + S_diff(x) w_diff`` with
S_same the clients whose value shares x's residue mod B = 2^(b-1).  Every estimator is unbiased, so the MSE is
the variance.  The plotted quantities over the values of interest x (the 100 most frequent values, Section 6.1):
the worst-case MSE ``max_x Var`` (the expectation of Eq. (22)'s summands), the l2 loss ``sum_x Var``, and the l1
loss read through the normal approximation ``sum_x sqrt(2 Var/pi)`` (pan-cms Section 6 calls its l1 curve
calculated; the same reading as pan-strict Appendix A.2).

This module never imports a printed module.  The statements are decided on rigorous balls
(:class:`ldpref.certain.Certain`): each exact coefficient (a number in e^eps) is enclosed, combined with the
integer counts in ball arithmetic, and a comparison the balls do not decide is refused, never rounded.  The plotted
values (figures, the simulation, the evidence's display) leave the exact world explicitly: each coefficient is
converted to a 50-digit mpmath value (:data:`DPS`).
"""

from __future__ import annotations

from functools import cache

import mpmath
import numpy as np
import sympy

from ldpref import certain
from ldpref.certain import Certain
from ldpref.exact import cancel, exact_argmin, exact_floor

from . import tables as T
from .symbols import f_star as f_star_sym, m as m_sym, n as n_sym
from .symbols_statements import Predicate
from .symbols_tables import m1 as m1_sym

#: working precision of the converted values (digits)
DPS = 50
#: the values of interest: the |x| most frequent values (Section 6.1)
TOP = 100
#: Section 6: "100 times for each privacy factor eps ranging from 1 to 5" (the step is not printed: integers)
EPS_GRID = (1, 2, 3, 4, 5)
TRIALS = 100
#: CMS+HE's inner hash range: "the same parameter as [7]" (Apple's deployment, m = 1024)
CMS_HE_M = 1024
MECHANISMS = ("MSE-OCMS", "l-OCMS", "HE", "CMS+HE", "RHR")
METRICS = ("mse", "l1", "l2")


# ---- data -------------------------------------------------------------------------------------------------------
#: the datasets of Section 6 (seeded: the papers' samples are not published; 6.1 and 6.2 are drawn as described)
DATASET_SEEDS = {"zipf": 61, "gaussian": 62}


@cache
def dataset(name: str) -> np.ndarray:
    """Counts per value: ``zipf`` (6.1: d = 100k, n = 10,000, f ~ 1/r^2), ``gaussian`` (6.2: d = 10k, n = 10,000,
    sd 50, integer mean in [1000, 9000]), ``kosarak`` (6.3: our head file, every item occurrence)."""
    from ldpref.figures import datasets

    if name == "zipf":
        return datasets.zipf(100_000, 10_000, 2, np.random.default_rng(DATASET_SEEDS[name]))
    if name == "gaussian":
        return datasets.gaussian(10_000, 10_000, 50, (1000, 9000), np.random.default_rng(DATASET_SEEDS[name]))
    if name == "kosarak":
        return datasets.kosarak()
    raise KeyError(name)


@cache
def summary(name: str, b: int, all_same_residue: bool) -> tuple:
    """(n, [(c_x, S_same(x)) for the TOP most frequent x]): S_same(x) counts the other clients whose value has
    x's residue mod B = 2^(b-1); ``all_same_residue`` is Section 6.1's construction (every value one residue)."""
    counts = dataset(name)
    n = int(counts.sum())
    top = np.argsort(-counts, kind="stable")[:TOP]
    B = 1 << (b - 1)
    if all_same_residue:
        same = [n - int(counts[x]) for x in top]
    else:
        by_res = np.zeros(B, dtype=np.int64)
        np.add.at(by_res, np.arange(len(counts)) % B, counts)
        same = [int(by_res[x % B]) - int(counts[x]) for x in top]
    return n, tuple((int(counts[x]), s) for x, s in zip(top, same))


# ---- parameters -------------------------------------------------------------------------------------------------
def _num(expr) -> mpmath.mpf:
    """Explicit exit from the exact world: a real number to DPS digits."""
    with mpmath.workdps(DPS):
        return mpmath.mpf(sympy.N(expr, DPS + 10))


@cache
def _cms_rr_forms():
    """CMS + RR on [m] with a pairwise-uniform hash (collision 1/m): (w_eq, w_neq), exact in (m, e^eps)."""
    return T.cms_coefficients(1 / m_sym, *T.rr_variances(m_sym, T.E))


@cache
def ocms_m(kind: str, eps: int, f_star: int = 1, size: int = TOP) -> int:
    """The integer m of MSE-OCMS (the worst-case MSE at f*, Theorem 3.6) or l-OCMS (the l2 loss over |x| = size
    values, Theorem 3.7 with d replaced by |x|, Section 6), minimised over every integer m in [2, e^eps + 3]
    (Theorem 3.6/3.7's optimum lies below e^eps + 1; the ledger's closest-integer claims pick a neighbour of it),
    exactly (:func:`ldpref.exact.exact_argmin`: rigorous enclosures, the smallest m of equal losses)."""
    w_eq, w_neq = _cms_rr_forms()
    if kind == "MSE-OCMS":
        loss = sympy.Max(f_star * w_eq + (1 - f_star) * w_neq, w_neq)
    else:
        loss = w_eq + (size - 1) * w_neq
    e = sympy.exp(eps)
    ms = range(2, exact_floor(e) + 4)
    return ms[exact_argmin(loss, [{m_sym: mm} for mm in ms], {T.E: e})]


# ---- per-client coefficients (derived) ---------------------------------------------------------------------------
@cache
def coefficient_forms(mech: str, eps: int, f_star: int = 1) -> tuple:
    """The derived per-client variances of ``mech`` (Table 1's rows) as exact functions of e^eps (``T.E``), with m
    (OCMS: :func:`ocms_m`; CMS+HE: 1024) and RHR's 2^b (b = eps) put in."""
    if mech in ("MSE-OCMS", "l-OCMS"):
        mm = sympy.Integer(ocms_m(mech, eps, f_star))
        return tuple(w.xreplace({m_sym: mm}) for w in _cms_rr_forms())
    if mech == "HE":
        return tuple(T.row_coefficients("HE"))
    if mech == "CMS+HE":
        return tuple(sympy.sympify(w).subs(m1_sym, CMS_HE_M) for w in T.row_coefficients("CMS+HE"))
    if mech == "RHR":
        return tuple(T.rhr_coefficients(sympy.Integer(2) ** eps, T.E))
    raise KeyError(mech)


@cache
def coefficient_balls(mech: str, eps: int, f_star: int = 1) -> tuple:
    """The derived per-client variances at e^eps as rigorous balls (:func:`ldpref.certain.enclose` of
    :func:`coefficient_forms`)."""
    return tuple(certain.enclose(w, {T.E: sympy.exp(eps)}) for w in coefficient_forms(mech, eps, f_star))


def mechanism_balls(forms: dict, at: dict, n: int, rows: tuple) -> dict:
    """{(mechanism, metric): ball} from each mechanism's exact per-client variances (``forms``: mechanism ->
    coefficients, exact in the symbols of ``at``, enclosed there), summed over the dataset's rows in ball arithmetic.

    A mechanism whose per-value variances are those of an earlier one, proved exactly (:func:`_same_variances`),
    gets that mechanism's very balls: equal values are then compared as one object (a tie by identity,
    :class:`ldpref.certain.Certain`), never by overlapping enclosures -- pan-cms Section 6's RHR at b = eps = 1 is
    HE."""
    out, seen = {}, []
    for mech, ws in forms.items():
        coef = tuple(certain.enclose(w, at) for w in ws)
        twin = next((other for other, other_ws, other_coef in seen
                     if _same_variances(ws, other_ws, n, rows, (coef, other_coef))), None)
        if twin is None:
            balls = ball_metrics(coef, n, rows)
            seen.append((mech, ws, coef))
        else:
            balls = {k: out[(twin, k)] for k in METRICS}
        out.update({(mech, k): v for k, v in balls.items()})
    return out


def _same_variances(a: tuple, b: tuple, n: int, rows: tuple, balls: tuple | None = None) -> bool:
    """Whether two mechanisms' per-value variances ``(c w_eq + s w_same + (n - c - s) w_other)/n^2`` (a pair
    (w_eq, w_neq) is (w_eq, w_neq, w_neq)) are equal at every row, proved: each coefficient pair cancels to 0 as
    exact functions (``ldpref.exact.cancel``), or its weight is 0 in every row.  False when not proved (then the
    balls decide, or the comparison is refused); ``balls``, the two coefficient tuples enclosed, skip the
    cancellation of a pair whose balls are apart (certainly unequal)."""
    def three(t):
        return tuple(t) if len(t) == 3 else (t[0], t[1], t[1])

    a3, b3 = three(a), three(b)
    apart = [False] * 3 if balls is None else [
        x.ball.overlaps(y.ball) is False for x, y in zip(three(balls[0]), three(balls[1]))]
    weights = [(c, s, n - c - s) for c, s in rows]
    return all(all(w[j] == 0 for w in weights) or (not apart[j] and _cancels(x, y))
               for j, (x, y) in enumerate(zip(a3, b3)))


@cache
def _cancels(x, y) -> bool:
    """``x - y`` cancels to 0 (exact functions or numbers), once per pair."""
    return cancel(x - y) == 0


def variances(coef: tuple, n: int, rows: tuple) -> list:
    """Var[f_hat(x)] for each (c_x, S_same(x)) from per-client coefficients (two: pairwise hashing; three: RHR)."""
    return list(_variances(tuple(coef), n, tuple(rows)))


@cache
def _variances(coef: tuple, n: int, rows: tuple) -> tuple:
    """:func:`variances`, cached: the exact path, the simulation and the l1 note read the same (mechanism, eps,
    dataset) (mpmath values are immutable; the arithmetic runs at DPS digits whatever the caller's precision)."""
    with mpmath.workdps(DPS):
        if len(coef) == 2:
            w_eq, w_o = coef
            return tuple((c * w_eq + (n - c) * w_o) / n**2 for c, _ in rows)
        w_eq, w_s, w_d = coef
        return tuple((c * w_eq + s * w_s + (n - c - s) * w_d) / n**2 for c, s in rows)


@cache
def _normal_l1(var: tuple):
    """sum_x sqrt(2 Var_x/pi) at DPS digits: the l1 loss through the normal approximation (cached: the plotted l1
    and the l1 note compute it on the same variances)."""
    with mpmath.workdps(DPS):
        return mpmath.fsum(mpmath.sqrt(2 * v / mpmath.pi) for v in var)


def metrics(var: list) -> dict:
    """The plotted quantities from the per-x variances: worst-case MSE, l1 (normal reading), l2."""
    with mpmath.workdps(DPS):
        return {"mse": max(var), "l1": _normal_l1(tuple(var)), "l2": mpmath.fsum(var)}


def ball_metrics(coef: tuple, n: int, rows: tuple) -> dict:
    """:func:`metrics` of :func:`variances` on balls (``coef``: :class:`ldpref.certain.Certain`), in one ball
    computation (:func:`ldpref.certain.apply`): the max as a ball holding it (equal values need no order), the sums
    in ball arithmetic, pi enclosed."""
    def metrics_of(*w):
        pi, n2 = w[-1], n * n
        if len(w) == 3:  # (w_eq, w_neq, pi)
            var = [(c * w[0] + (n - c) * w[1]) / n2 for c, _ in rows]
        else:
            var = [(c * w[0] + s * w[1] + (n - c - s) * w[2]) / n2 for c, s in rows]
        mse, l1, l2 = var[0], (2 * var[0] / pi).sqrt(), var[0]
        for v in var[1:]:
            mse, l1, l2 = mse.max(v), l1 + (2 * v / pi).sqrt(), l2 + v
        return {"mse": mse, "l1": l1, "l2": l2}
    return certain.apply(metrics_of, *coef, certain.pi())


@cache
def derived_balls(name: str, eps: int, f_star: int, all_same_residue: bool) -> dict:
    """{(mechanism, metric): ball} at one dataset and eps, from the derived coefficients: what the derived statements
    are decided on."""
    n, rows = summary(name, eps, all_same_residue)
    return mechanism_balls({mech: coefficient_forms(mech, eps, f_star) for mech in MECHANISMS},
                           {T.E: sympy.exp(eps)}, n, rows)


# ---- the statements, on derived values ---------------------------------------------------------------------------
def _vals(kw):
    return derived_balls(kw["dataset"], kw["eps"], kw["f*"], kw["all same residue (RHR)"])


def lowest(v, best_mse="MSE-OCMS", best_l="l-OCMS") -> bool:
    """MSE-OCMS has the lowest worst-case MSE and l-OCMS the lowest l1 and l2 among OCMS, HE, CMS+HE, RHR."""
    others = ("HE", "CMS+HE", "RHR")
    return all(v[(best_mse, "mse")] < v[(o, "mse")] for o in others) and \
        all(v[(best_l, mt)] < v[(o, mt)] for o in others for mt in ("l1", "l2"))


def identical(v, tol=sympy.Rational(1, 100)) -> bool:
    """HE and CMS+HE: every metric within a relative difference tol (1%)."""
    return all(abs(v[("HE", mt)] - v[("CMS+HE", mt)]) <= v[("HE", mt)] * tol for mt in METRICS)


def _worst(v, mech, metrics_):
    rivals = {"mse": ("MSE-OCMS", "HE", "CMS+HE", "RHR"), "l1": ("l-OCMS", "HE", "CMS+HE", "RHR"),
              "l2": ("l-OCMS", "HE", "CMS+HE", "RHR")}
    return all(v[(mech, mt)] > v[(o, mt)] for mt in metrics_ for o in rivals[mt] if o != mech)


def rhr_worst(v) -> bool:
    """RHR has the largest worst-case MSE, l1 and l2."""
    return _worst(v, "RHR", METRICS)


def he_worst(v, metrics_=METRICS) -> bool:
    """HE and CMS+HE are worse than OCMS and RHR in every given metric."""
    rivals = {"mse": ("MSE-OCMS", "RHR"), "l1": ("l-OCMS", "RHR"), "l2": ("l-OCMS", "RHR")}
    return all(v[(h, mt)] > v[(o, mt)] for h in ("HE", "CMS+HE") for mt in metrics_ for o in rivals[mt])


def rhr_between(v) -> bool:
    """OCMS < RHR < min(HE, CMS+HE) in every metric."""
    ocms = {"mse": "MSE-OCMS", "l1": "l-OCMS", "l2": "l-OCMS"}
    return all(v[(ocms[mt], mt)] < v[("RHR", mt)] < min(v[("HE", mt)], v[("CMS+HE", mt)]) for mt in METRICS)


def rhr_same_order(v, factor=10) -> bool:
    """RHR's l1 and l2 within a factor 10 (one order of magnitude) of l-OCMS's."""
    return all(v[("RHR", mt)] < factor * v[("l-OCMS", mt)] for mt in ("l1", "l2"))


def rhr_worst_mse(v) -> bool:
    """RHR has the largest worst-case MSE."""
    return _worst(v, "RHR", ("mse",))


def eq16_band(v, n, eps, t=TRIALS, size=TOP) -> bool:
    """MSE-OCMS (f* = 0) between Eq. (16) at f* = 0 and Appendix I's bound on the Eq. (22) estimator, from the
    derived Eq. (16) (:func:`derivations.pan_cms.optimized.eq16_derived`)."""
    from .optimized import eq16_derived

    low = certain.enclose(eq16_derived().subs({f_star_sym: 0, n_sym: n}), {T.E: sympy.exp(eps)})
    a = certain.enclose(sympy.log(20 * size))
    factor = 1 + 2 * (Certain.sqrt(t * a) + a) / t
    return bool(low <= v[("MSE-OCMS", "mse")] <= factor * low)


STATEMENTS = {"lowest": lowest, "identical": identical, "rhr-worst": rhr_worst, "he-worst": he_worst,
              "he-worst-l": lambda v: he_worst(v, ("l1", "l2")), "rhr-between": rhr_between,
              "rhr-same-order": rhr_same_order, "rhr-worst-mse": rhr_worst_mse}


def derived_statement(key: str, latex: str) -> Predicate:
    """The statement ``key`` evaluated on the derived values at an instance's dataset and eps."""
    if key == "eq16":
        return Predicate(latex, lambda **kw: eq16_band(_vals(kw), summary(kw["dataset"], kw["eps"], False)[0],
                                                      kw["eps"]))
    return Predicate(latex, lambda **kw: STATEMENTS[key](_vals(kw)))


# ---- Section 6's note on l1: the calculated l1 (Theorem 3.7 with d = |x|) bounds the experiment's -----------------
@cache
def calculated_l1(eps: int, n: int, size: int = TOP):
    """Theorem 3.7's l1 bound sqrt(d l2*) with d replaced by |x| (Section 6), derived
    (:func:`derivations.pan_cms.optimized.l1_bound_derived`), to DPS digits."""
    from .optimized import l1_bound_derived

    expr = l1_bound_derived(size, T.E, n)
    with mpmath.workdps(DPS):
        return mpmath.mpf(sympy.sympify(expr).evalf(DPS + 10, subs={T.E: sympy.exp(eps)}))


def l1_below_calculated(l1: Certain, eps: int, n: int, size: int = TOP) -> bool:
    """E[l1] = sum_x E|err_x| <= calculated l1, with E|err_x| read through the normal approximation sqrt(2 Var_x/pi)
    (the plotted l1's reading; n >= 10^4 clients per estimate), on balls (``l1``: :func:`ball_metrics`' l1).  Where
    sum_x sqrt(Var_x), a rigorous upper bound of E[l1] (Jensen), is already below the calculated l1 the reading does
    not matter."""
    from .optimized import l1_bound_derived

    calc = certain.enclose(l1_bound_derived(size, T.E, n), {T.E: sympy.exp(eps)})
    return bool(l1 <= calc)


def derived_l1_below(latex: str) -> Predicate:
    """The l1 note on the derived l-OCMS variances at an instance's dataset and eps."""
    def fn(**kw):
        n, rows = summary(kw["dataset"], kw["eps"], kw["all same residue (RHR)"])
        l1 = ball_metrics(coefficient_balls("l-OCMS", kw["eps"], kw["f*"]), n, rows)["l1"]
        return l1_below_calculated(l1, kw["eps"], n)
    return Predicate(latex, fn)
