"""pan-cms Section 6 (Figs 2-4): the experiment statements at each plotted eps, proved exactly (issue 25, item 2).

The claims' parameter set is finite -- eps = 1..5 (integers), one dataset per section -- so one obligation per eps
covers it.  e^eps is transcendental; each obligation holds for *every* t in a rational interval [lo, hi] that
contains e^eps, certified in exact arithmetic by the Taylor series of e (lo <= (sum_{k<=N} 1/k!)^eps and
(sum_{k<=N} 1/k! + 1/(N! N))^eps <= hi), so a proof over the interval covers t = e^eps.

The per-x variance of a mechanism is ldpref's derived one (:mod:`derivations.pan_cms.experiments`): ``(c w_eq +
(n - c) w_neq)/n^2`` from the derived Table 1 coefficients, RHR ``(c w_eq + s w_same + (n - c - s) w_diff)/n^2``
(b = eps), MSE-OCMS and l-OCMS at the integer m the ledger picks (:func:`~derivations.pan_cms.experiments.ocms_m`,
a search at 50 digits; that m is taken as given, not proved best).  The derived coefficients are taken as given
(``model_side="derived"``: scope given-derived).

A certificate in two parts: the solver proves rational bounds lo <= w(t) <= hi of every coefficient for every t of
the interval; ldpref then bounds each plotted metric over the 100 values of interest in exact rational arithmetic
(Var_x is a combination of the coefficients with nonnegative weights; l2 = sum_x Var_x, the worst-case MSE =
max_x Var_x, l1 = sqrt(2/pi) sum_x sqrt(Var_x) with each square root bounded by a rational and the common factor
dropped) and compares an upper bound of one side with a lower bound of the other.

The claims' printed and derived statements are Predicates on the plotted values of a dataset
(:func:`derivations.pan_cms.experiments.derived_statement`), and a claim's parameter set is finite (the plotted eps
on one dataset per section), so a form *is* its values there: each builder reads them (:func:`read_points`).  The
eps a proof covers are those the printed statement asserts (Section 6 asserts each statement at every plotted eps;
every grid eps when the claim has no printed form); at each, the displayed statement (the derived form, or the
correction a proof of the correction is about) must hold on the dataset -- the obligation then proves it with
certified bounds over the model quantities the Predicate evaluates (the mechanisms' derived per-client
coefficients, the datasets' counts, the ledger's integer m, Eq. (16), the calculated l1).  Where the statement is
false the bounds cannot prove its failure (one side's upper bound below the other's lower bound proves an ordering,
not its absence) and the build is refused (:class:`~ldpref.decide.ledger_obligations.FormNotPosed`), except at
Section 6.3's eps = 1, where an equality of coefficients refutes it.  So a perturbed form moves the proof through
its values: a negated printed statement asserts no eps, a negated derived one fails at every eps.  What this cannot
see is a Predicate changed into another one with the same values on the claim's points.
"""

from __future__ import annotations

import math
from functools import cache

import sympy

from ldpref.decide.ledger_obligations import OBLIGATIONS, FormNotPosed
from ldpref.decide.obligation import Obligation, Variable
from ldpref.exact import exact_order
from ldpref.ledger.forms import evaluate

t = sympy.Symbol("t", real=True)
#: Taylor terms of e for the enclosure of e^eps, and the decimal places of the interval's ends
TERMS, PLACES = 16, 12
#: significant digits of the coefficient bounds (relative slack 10^-(DIGITS-3))
DIGITS = 9
SETTINGS = {"6.1": ("zipf", 1, True), "6.2": ("gaussian", 0, False), "6.3": ("kosarak", 1, False)}


@cache
def enclosure(eps: int) -> tuple:
    """(lo, hi): decimal rationals with lo < e^eps < hi, certified by the Taylor series of e."""
    low = sum(sympy.Rational(1, math.factorial(k)) for k in range(TERMS + 1))
    high = low + sympy.Rational(1, math.factorial(TERMS) * TERMS)
    scale = 10 ** PLACES
    lo = sympy.Rational(math.floor(low ** eps * scale) - 1, scale)
    hi = sympy.Rational(math.ceil(high ** eps * scale) + 1, scale)
    if not (lo < low ** eps and high ** eps < hi):
        raise ArithmeticError(f"the enclosure of e^{eps} is not certified")
    return lo, hi


@cache
def _coefficients(mech: str, eps: int, f_star: int) -> tuple:
    """The derived per-client coefficients of ``mech`` at eps, in t (e^eps)."""
    from derivations.pan_cms import experiments as X
    from derivations.pan_cms import tables as T
    from derivations.pan_cms.symbols_tables import m1

    if mech == "HE":
        ws = T.row_coefficients("HE")
    elif mech == "CMS+HE":
        ws = [sympy.sympify(w).subs(m1, X.CMS_HE_M) for w in T.row_coefficients("CMS+HE")]
    elif mech == "RHR":
        ws = T.rhr_coefficients(sympy.Integer(2) ** eps, T.E)
    else:
        ws = _ocms(X.ocms_m(mech, eps, f_star))
    return tuple(sympy.cancel(sympy.sympify(w).xreplace({T.E: t})) for w in ws)


def _ocms(mm):
    from derivations.pan_cms import tables as T
    return T.cms_coefficients(sympy.Integer(1) / mm, *T.rr_variances(sympy.Integer(mm), T.E))


@cache
def _data(section: str, eps: int) -> tuple:
    """(n, rows ((c, s), ...)) of the section's dataset at eps (RHR's residues depend on b = eps)."""
    from derivations.pan_cms import experiments as X
    name, _, same = SETTINGS[section]
    return X.summary(name, eps, same)


def _var(w, n, cc, ss):
    if len(w) == 2:
        return (cc * w[0] + (n - cc) * w[1]) / sympy.Integer(n) ** 2
    return (cc * w[0] + ss * w[1] + (n - cc - ss) * w[2]) / sympy.Integer(n) ** 2


class _Setting:
    """One section at one eps: the mechanisms' derived coefficients, their certified rational bounds, and exact
    rational bounds of the plotted metrics computed from those."""

    def __init__(self, section, eps):
        _, self.f_star, _ = SETTINGS[section]
        self.eps = eps
        self.n, self.rows = _data(section, eps)
        self.used = {}

    def w(self, mech):
        return _coefficients(mech, self.eps, self.f_star)

    def enclose(self, mech, exprs=None):
        """Rational bounds (lo, hi) per coefficient of ``mech`` (or of the given expressions in t, named ``mech``);
        the relations lo <= w(t) <= hi, for every t of e^eps's enclosure, join the obligation (the solver proves
        them)."""
        if mech not in self.used:
            mid, bounds, rels = sum(enclosure(self.eps)) / 2, [], []
            for w in (self.w(mech) if exprs is None else exprs):
                lo, hi = _round(w.xreplace({t: mid}), -1), _round(w.xreplace({t: mid}), 1)
                bounds.append((lo, hi))
                rels += [sympy.Ge(w, lo), sympy.Le(w, hi)]
            self.used[mech] = (bounds, rels)
        return self.used[mech][0]

    def bound(self, mech, metric, side):
        """An exact rational upper (``side`` 1) or lower (-1) bound of ``mech``'s metric: Var_x is a combination of
        the coefficients with nonnegative weights (c, s, n - c - s), so it lies between the same combinations of
        their bounds; l2 = sum_x Var_x, the worst-case MSE = max_x Var_x, l1 = sum_x sqrt(Var_x) (times sqrt(2/pi),
        common to every mechanism) with each square root bounded by a rational (:func:`_sqrt_bound`)."""
        ends = [hi if side > 0 else lo for lo, hi in self.enclose(mech)]
        per_x = [_var(ends, self.n, cc, ss) for cc, ss in self.rows]
        if metric == "l2":
            return sum(per_x)
        if metric == "mse":
            return max(per_x)
        return sum(_sqrt_bound(v, side) for v in per_x)

    def less(self, a, metric_a, b, metric_b=None, factor=1):
        """``metric_a(a) < factor * metric_b(b)``, decided in exact arithmetic on the bounds."""
        return sympy.Lt(self.bound(a, metric_a, 1), factor * self.bound(b, metric_b or metric_a, -1), evaluate=False)

    def relations(self):
        return [r for mech in sorted(self.used) for r in self.used[mech][1]]

    def assumptions(self):
        lo, hi = enclosure(self.eps)
        return (sympy.Ge(t, lo), sympy.Le(t, hi))

    def where(self):
        lo, hi = enclosure(self.eps)
        return f"eps = {self.eps} (e^eps in [{float(lo):.6f}, {float(hi):.6f}], certified)"


def _round(value, direction: int):
    """A rational within 10^-(DIGITS-3) (relative) of a positive ``value``, above it (direction 1) or below (-1)."""
    v = sympy.sympify(value).evalf(50)
    k = DIGITS - int(math.floor(math.log10(float(v))))
    q = sympy.Rational(math.ceil(v * (1 + sympy.Rational(1, 10 ** (DIGITS - 3))) * 10 ** k) if direction > 0 else
                       math.floor(v * (1 - sympy.Rational(1, 10 ** (DIGITS - 3))) * 10 ** k), 10 ** k)
    if exact_order(q, sympy.sympify(value)) * direction <= 0:  # the 50-digit screen confirmed exactly
        raise ArithmeticError(f"rounding {value} failed")
    return q


def _sqrt_bound(q, direction: int):
    """A rational r with r^2 >= q (direction 1) or 0 <= r, r^2 <= q (-1), for a positive rational q; exact."""
    scale = 10 ** (12 - int(math.floor(math.log10(float(q)) / 2)))
    root = math.isqrt(math.floor(q * scale ** 2))
    r = sympy.Rational(root + (1 if direction > 0 else 0), scale)
    if (r ** 2 - q) * direction < 0:
        raise ArithmeticError(f"square-root bound of {q} failed")
    return r


VARIABLES = (Variable(t, "t"),)
OTHERS = ("HE", "CMS+HE", "RHR")
HOW = ("; the solver proves the coefficients' rational bounds over the interval, the metric comparisons follow from "
       "them in exact arithmetic")


#: the plotted eps of Section 6 (integers: the step is not printed)
EPS = range(1, 6)


def _instance(section, eps):
    """The parameters a Section 6 Predicate reads at one plotted eps of ``section``'s dataset (the claims' grid)."""
    name, f_star, same = SETTINGS[section]
    return {"dataset": name, "eps": eps, "f*": f_star, "all same residue (RHR)": same}


def read_points(claim, printed, statement, sections, eps_range=EPS, refutable=()):
    """[(eps, holds)] the proof states, read off the claim's displayed forms (see the module docstring): the eps of
    ``eps_range`` the printed Predicate asserts (all of them when ``printed`` is None), each with whether the
    displayed ``statement`` holds there on every one of ``sections``' datasets.  A statement false at an eps not in
    ``refutable`` (or asserted at none) is refused: no proof attempted."""
    out = []
    for eps in eps_range:
        if printed is not None and not evaluate(printed, _instance(sections[0], eps)):
            continue
        holds = all(evaluate(statement, _instance(sec, eps)) for sec in sections)
        if not holds and eps not in refutable:
            raise FormNotPosed(f"{claim}: the statement handed in is false at eps = {eps}; certified bounds prove an "
                               "ordering, not its failure: no proof attempted")
        out.append((eps, holds))
    if not out:
        raise FormNotPosed(f"{claim}: the printed statement handed in asserts at no plotted eps: nothing to prove")
    return out


def _obligation(claim, st, meaning, comparisons):
    goal = sympy.And(*st.relations(), *comparisons)
    return Obligation(f"{claim}.eps{st.eps}", claim, f"{st.where()}: {meaning}{HOW}", VARIABLES, st.assumptions(),
                      goal, model_side="derived")


def _lowest(section):
    """MSE-OCMS's worst-case MSE, l-OCMS's l1 and l2 below HE's, CMS+HE's and RHR's."""
    claim = f"pan-cms/sec{section}.ocms-lowest"

    def build(printed, derived):
        out = []
        for eps, _ in read_points(claim, printed, derived, (section,)):
            st = _Setting(section, eps)
            comparisons = [st.less(a, mt, o) for o in OTHERS
                           for a, mt in (("MSE-OCMS", "mse"), ("l-OCMS", "l1"), ("l-OCMS", "l2"))]
            out.append(_obligation(claim, st, "MSE-OCMS's worst-case MSE and l-OCMS's l1 and l2 below HE's, CMS+HE's "
                                   "and RHR's (OCMS at the ledger's integer m)", comparisons))
        return out
    return build


def _same_order(printed, derived):
    """Section 6.3: RHR's l1 and l2 below 10 times l-OCMS's."""
    claim = "pan-cms/sec6.3.rhr-same-order"
    out = []
    for eps, _ in read_points(claim, printed, derived, ("6.3",)):
        st = _Setting("6.3", eps)
        out.append(_obligation(claim, st, "RHR's l1 and l2 below 10 times l-OCMS's",
                               [st.less("RHR", mt, "l-OCMS", factor=10) for mt in ("l1", "l2")]))
    return out


def _he_worst_l(printed, derived):
    """Section 6.3 (reconstructed): HE's and CMS+HE's l1 and l2 above l-OCMS's and RHR's at eps = 2..5; at eps = 1
    RHR (b = 1 bit: one residue class) has HE's per-x variances, so the strict statement fails there, as the
    reconstruction (the derived statement, false at eps = 1) says."""
    claim = "pan-cms/sec6.3.he-worst-l"
    out = []
    for eps, holds in read_points(claim, printed, derived, ("6.3",), refutable=(1,)):
        st = _Setting("6.3", eps)
        if not holds:
            he, rhr = st.w("HE"), st.w("RHR")
            if any(ss != st.n - cc for cc, ss in st.rows):
                raise ArithmeticError("b = 1: every other client shares x's residue, s = n - c")
            out.append(Obligation(f"{claim}.eps1", claim, f"{st.where()}: RHR with b = 1 (one residue class: s = n - c "
                                  "for every x) has HE's w_eq and w_neq (its w_same), so HE's per-x variances, l1 and "
                                  "l2: the strict statement fails at eps = 1", VARIABLES, st.assumptions(),
                                  sympy.And(sympy.Eq(rhr[0], he[0]), sympy.Eq(rhr[1], he[1])), model_side="derived"))
            continue
        comparisons = [st.less(o, mt, h) for h in ("HE", "CMS+HE") for o in ("l-OCMS", "RHR") for mt in ("l1", "l2")]
        out.append(_obligation(claim, st, "HE's and CMS+HE's l1 and l2 above l-OCMS's and RHR's", comparisons))
    return out


def _log_lower(x: int) -> int:
    """The largest integer a with a < log(x), certified: (an upper bound of e)^a < x."""
    low = sum(sympy.Rational(1, math.factorial(k)) for k in range(TERMS + 1))
    high = low + sympy.Rational(1, math.factorial(TERMS) * TERMS)
    a = 0
    while high ** (a + 1) < x:
        a += 1
    return a


def _eq16(printed, derived):
    """Section 6.2 (f* = 0): Eq. (16) at f* = 0 <= MSE-OCMS's worst-case MSE <= (1 + 2 (sqrt(T a) + a)/T) Eq. (16),
    a = log(20 |x|) (Appendix I's bound for the Eq. (22) estimator, T = 100 runs).  The factor grows with a, so the
    certified integer a_0 < log(20 |x|) gives a smaller factor (a rational bound of its square root, exact): the
    upper relation proved with it holds with a."""
    from derivations.pan_cms import experiments as X
    from derivations.pan_cms import tables as T
    from derivations.pan_cms.optimized import eq16_derived
    from derivations.pan_cms.symbols import f_star, n as n_sym

    claim = "pan-cms/sec6.2.eq16"
    a0 = _log_lower(20 * X.TOP)
    factor = 1 + 2 * (_sqrt_bound(sympy.Integer(X.TRIALS * a0), -1) + a0) / sympy.Integer(X.TRIALS)
    out = []
    for eps, _ in read_points(claim, printed, derived, ("6.2",)):
        st = _Setting("6.2", eps)
        (low_lo, low_hi), = st.enclose("Eq. (16)", [sympy.cancel(
            eq16_derived().subs({f_star: 0, n_sym: st.n}).xreplace({T.E: t}))])
        comparisons = [sympy.Le(low_hi, st.bound("MSE-OCMS", "mse", -1), evaluate=False),
                       sympy.Le(st.bound("MSE-OCMS", "mse", 1), factor * low_lo, evaluate=False)]
        out.append(_obligation(claim, st, f"Eq. (16) at f* = 0 <= MSE-OCMS's worst-case MSE <= (1 + 2 (sqrt(T a) + "
                               f"a)/T) Eq. (16) with T = {X.TRIALS}, a = log(20 |x|) > {a0} (certified)",
                               comparisons))
    return out


def _pi_lower():
    """A rational below pi, certified: Machin's pi = 16 atan(1/5) - 4 atan(1/239) with the alternating series of
    atan bounded by its partial sums (one ending on a subtracted term is below atan, one ending on an added term is
    above)."""
    def partial(x, terms):
        return sum((-1) ** k * x ** (2 * k + 1) / (2 * k + 1) for k in range(terms))
    fifth, far = sympy.Rational(1, 5), sympy.Rational(1, 239)
    return 16 * partial(fifth, 12) - 4 * partial(far, 11)


def _l1_upper(printed, derived):
    """Section 6: l-OCMS's l1 (the normal reading sqrt(2/pi) sum_x sqrt(Var_x)) is at most the calculated l1 =
    sqrt(|x| l2*(|x|)) (Theorem 3.7 with d = |x|, derived), on the three datasets at eps = 1..5: the solver proves a
    rational lower bound of |x| l2*(|x|) over e^eps's interval; with pi above its certified lower bound, 2/pi times
    the square of the l1 sum's upper bound is compared with it exactly."""
    from derivations.pan_cms import experiments as X
    from derivations.pan_cms import tables as T
    from derivations.pan_cms.optimized import l1_bound_derived

    claim = "pan-cms/sec6.l1-upper"
    two_over_pi = 2 / _pi_lower()
    out = []
    for eps, _ in read_points(claim, printed, derived, ("6.1", "6.2", "6.3")):
        comparisons, settings = [], []
        for section in ("6.1", "6.2", "6.3"):
            st = _Setting(section, eps)
            calc2 = sympy.expand(l1_bound_derived(X.TOP, T.E, st.n) ** 2).xreplace({T.E: t})
            (c_lo, _), = st.enclose("calculated l1^2", [calc2])
            comparisons.append(sympy.Le(two_over_pi * st.bound("l-OCMS", "l1", 1) ** 2, c_lo, evaluate=False))
            settings.append(st)
        rels = [r for st in settings for r in st.relations()]
        out.append(Obligation(f"{claim}.eps{eps}", claim, f"{settings[0].where()}: on each of the three datasets, "
                              "l-OCMS's l1 (normal reading) is at most the calculated sqrt(|x| l2*(|x|))" + HOW,
                              VARIABLES, settings[0].assumptions(), sympy.And(*rels, *comparisons),
                              model_side="derived"))
    return out


#: the rivals of each metric in Section 6's orderings (the OCMS variant tuned to that metric)
_OCMS = {"mse": "MSE-OCMS", "l1": "l-OCMS", "l2": "l-OCMS"}
_METRICS = ("mse", "l1", "l2")


def _conditional(claim, section, meaning, comparisons):
    """The correction of a Section 6.1-6.2 claim refuted at eps = 1 (root cause sec6.rhr-b1: RHR with b = 1 bit is
    HE): the statement on the derived values at eps = 2..5, the whole of the condition's parameter set (eps = 1..5
    integers), one obligation per eps.  ``comparisons(st)``: the orderings at one eps.  The correction shown is the
    derived statement (a Predicate), read at each eps of the condition (:func:`read_points`)."""
    def build(printed, derived, *, correction):
        out = []
        for eps, _ in read_points(claim, None, correction, (section,), range(2, 6)):
            st = _Setting(section, eps)
            ob = _obligation(claim, st, meaning + " (the correction: eps >= 2)", comparisons(st))
            ob.proves = "correction"
            out.append(ob)
        return out
    return build


_rhr_worst = _conditional(
    "pan-cms/sec6.1.rhr-worst", "6.1", "RHR's worst-case MSE, l1 and l2 above MSE-OCMS's (l-OCMS's for l1, l2), HE's "
    "and CMS+HE's (OCMS at the ledger's integer m)",
    lambda st: [st.less(o, mt, "RHR") for mt in _METRICS for o in (_OCMS[mt], "HE", "CMS+HE")])
_he_worst = _conditional(
    "pan-cms/sec6.2.he-worst", "6.2", "HE's and CMS+HE's worst-case MSE, l1 and l2 above MSE-OCMS's (l-OCMS's for "
    "l1, l2) and RHR's (OCMS at the ledger's integer m)",
    lambda st: [st.less(o, mt, h) for h in ("HE", "CMS+HE") for mt in _METRICS for o in (_OCMS[mt], "RHR")])
_rhr_between = _conditional(
    "pan-cms/sec6.2.rhr-between", "6.2", "RHR's worst-case MSE, l1 and l2 above MSE-OCMS's (l-OCMS's for l1, l2) and "
    "below HE's and CMS+HE's (OCMS at the ledger's integer m)",
    lambda st: [st.less(_OCMS[mt], mt, "RHR") for mt in _METRICS]
    + [st.less("RHR", mt, h) for h in ("HE", "CMS+HE") for mt in _METRICS])


OBLIGATIONS.update({
    "pan-cms/sec6.1.rhr-worst": _rhr_worst,
    "pan-cms/sec6.2.he-worst": _he_worst,
    "pan-cms/sec6.2.rhr-between": _rhr_between,
    "pan-cms/sec6.l1-upper": _l1_upper,
    "pan-cms/sec6.2.eq16": _eq16,
    "pan-cms/sec6.3.he-worst-l": _he_worst_l,
    **{f"pan-cms/sec{sec}.ocms-lowest": _lowest(sec) for sec in ("6.1", "6.2", "6.3")},
    "pan-cms/sec6.3.rhr-same-order": _same_order,
})
