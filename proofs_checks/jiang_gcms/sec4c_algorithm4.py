"""Section IV-C: Algorithm 4 (ternary search, unimodality, the ceiling for s), the monotonicity paragraph and
the budget allocation principles.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache as _cache

import mpmath
import sympy

import derivations.jiang_gcms as J
import derivations.jiang_gcms.model_algorithm4 as J4
import derivations.jiang_gcms.model_optimum as JO
import derivations.jiang_gcms.model_pq as JPQ
from ldpref import gcms as G
from ldpref.exact import EXP_EPS
from ldpref.ledger import record
from ldpref.ledger.generic import CorrectionGrid, Grid, Identity, Numeric, Point, Symbolic
from ldpref.ledger.generic import listed as _listed
from ldpref.ledger.forms import evaluate
from ldpref.mechanisms import oue, sue, support_probabilities
from ldpref.mechanisms.cms import cms as _cms
from ldpref.mechanisms.pure import _unary
from ldpref.privacy import exp_eps as mechanism_exp_eps

from .pure_protocols import R, _datasets
from .gcms_model import MOMENTS, _exact_estimator_moments, _frac, _gcms_datasets
from .sec4a_algorithms import _gcms_exp_eps, _identity_family, _identity_gcms, _support_pq
from .sec4c_lemma1 import _argmin, _opt_table


#: (e^eps, lambda, k) at which Algorithm 4's search is run
_ALG4_POINTS = tuple((e_, lam_, k_) for e_ in (R(2), R(38), R(150)) for lam_ in (R(0), R(1, 3), R(1))
                     for k_ in (1, 100))
ALG4_TAU = Fraction(1, 10**6)
_P_L, _P_R, _TAU = sympy.Symbol("p_l"), sympy.Symbol("p_r"), sympy.Symbol(r"\tau", positive=True)


#: the outcome the paper asserts: [the loop ended, with p_r - p_l <= tau] (it searched, it did not stop before)
ENDS = [True, True]


def _loop_ends(cond, e_, lam_, k_, arithmetic: str) -> list:
    """Algorithm 4's ternary search on Lemma 1's objective from [1/2, 1], each iteration deciding 'continue' by
    evaluating the loop condition ``cond`` (printed, derived or corrected: a relation in p_l, p_r and tau) exactly at
    the state (p_l, p_r), tau = 10^-6: in exact rationals (at most 200 iterations) or in IEEE doubles (the condition at
    the doubles' exact values; a state that repeats is a loop that never ends).  The outcome: [whether the loop
    ended, whether p_r - p_l <= tau at its last state] (``ENDS`` when it ended having searched)."""
    exact = arithmetic == "exact rationals"
    if exact:
        pl, pr, f = Fraction(1, 2), Fraction(1), lambda x: G.lemma1_objective(x, _frac(e_), _frac(lam_), k_)
    else:
        pl, pr, f = 0.5, 1.0, lambda x: G.lemma1_objective(x, float(e_), float(lam_), k_)
    for _ in range(200 if exact else 2000):
        state = {_P_L: Fraction(pl), _P_R: Fraction(pr), _TAU: sympy.Rational(1, 10**6)}  # a double's exact value
        if not evaluate(cond, state):
            return [True, Fraction(pr) - Fraction(pl) <= ALG4_TAU]
        p0, p1 = pl + (pr - pl) / 3, pr - (pr - pl) / 3
        old = (pl, pr)
        if f(p0) <= f(p1):
            pr = p1
        else:
            pl = p0
        if (pl, pr) == old:
            return [False, Fraction(pr) - Fraction(pl) <= ALG4_TAU]  # every later iteration repeats this one
    return [False, Fraction(pr) - Fraction(pl) <= ALG4_TAU]  # no end within 200 iterations


def _alg4_points():
    for a in ("IEEE double", "exact rationals"):
        for e_, lam_, k_ in _ALG4_POINTS:
            yield Point({"e^eps": e_, "lambda": lam_, "k": k_, "arithmetic": a, "tau": "10^-6"}, size=(k_, e_, lam_))


def _loop_outcome(form, point):
    """The search's outcome under ``form``'s loop condition at the point, in the point's arithmetic."""
    q = point.params
    return _loop_ends(form, q["e^eps"], q["lambda"], q["k"], q["arithmetic"])


def _widths_shrink():
    """Exact rational arithmetic: the width is (1/2)(2/3)^t after t iterations, whatever f is (1 if so, for 60)."""
    pl, pr = Fraction(1, 2), Fraction(1)
    widths_ok = True
    for t in range(1, 61):
        p0, p1 = pl + (pr - pl) / 3, pr - (pr - pl) / 3
        if (G.lemma1_objective(p0, Fraction(3), Fraction(1, 3), 2)
                <= G.lemma1_objective(p1, Fraction(3), Fraction(1, 3), 2)):
            pr = p1
        else:
            pl = p0
        widths_ok &= (pr - pl) == Fraction(1, 2) * Fraction(2, 3) ** t and pl <= pr
    return sympy.Integer(int(widths_ok))


record(id="jiang-gcms/alg4", root_cause="alg4.loop", location="Section IV-C, Algorithm 4 (ternary search)",
       statement="Algorithm 4's ternary search 'while p_l <= p_r' returns p = (p_l + p_r)/2.",
       printed=J.alg4_printed, derived=J.alg4_loop_correction,
       derivation="derivations.jiang_gcms.alg4_loop_derived", kind="statement",
       correction=J.alg4_loop_correction,
       steps=(Identity("exact rationals, 60 iterations: p_r - p_l == (1/2)(2/3)^t and p_l <= p_r every time",
                       _widths_shrink, lambda: sympy.Integer(1)),
              Grid("[does Algorithm 4's search end, with p_r - p_l <= tau = 10^-6] under the form's loop condition? "
                   "(the paper asserts it returns: [true, true]); run with each iteration evaluating the condition; "
                   "doubles: a repeated state never ends; exact rationals: at most 200 iterations", _alg4_points,
                   lambda point: ENDS,
                   value=_loop_outcome,
                   correction_name="[does the search end, with p_r - p_l <= tau] under the corrected loop condition? "
                                   "(it must: [true, true])")),
       note="Each form is the loop condition, run as Algorithm 4's search (Lemma 1's objective, [1/2, 1]) with every "
            "iteration deciding 'continue' by evaluating it; the paper asserts the search returns.  Each iteration "
            "keeps p_l < p_r (the width becomes 2/3 of itself: (1/2)(2/3)^t, ldpref.jiang_gcms.alg4_loop_derived), so "
            "under p_l <= p_r the loop never ends in exact arithmetic; in floating point the state (p_l, p_r) stops "
            "changing and the loop repeats forever.  The derived and corrected condition is a tolerance: loop while "
            "p_l + tau <= p_r (ldpref.gcms.ternary_search).")
_UNIMODAL_E = (R(11, 10), R(3, 2), R(3), R(10), R(38), R(150))
_UNIMODAL_LAM = (R(0), R(1, 50), R(1, 3), R(1))


def _unimodal_points():
    """exact: unimodality by exact isolation of the real roots of the derivative's numerator."""
    for e_ in _UNIMODAL_E:
        for lam_ in _UNIMODAL_LAM:
            for k_ in (1, 2, 100, 65536):
                st = G.critical_points(e_, lam_, k_, objective="lemma1")
                yield Point({"objective": "lemma1", "k": k_, "e^eps": e_, "lambda": lam_,
                             "stationary points": [mpmath.nstr(x, 10) for x in st.points]}, data=st.unimodal,
                            size=(e_, lam_, k_))


def _variance_unimodal():
    ok = all(bool(G.critical_points(e_, lam_, 1, objective="variance").unimodal)
             for e_ in _UNIMODAL_E for lam_ in _UNIMODAL_LAM)
    return (ok, len(_UNIMODAL_E) * len(_UNIMODAL_LAM),
            "e^eps in {11/10, 3/2, 3, 10, 38, 150}, lambda in {0, 1/50, 1/3, 1}")


def _ternary_agrees():
    bad, total = 0, 0
    for e_, lam_, k_ in [(Fraction(3), Fraction(1, 3), 2), (Fraction(38), Fraction(1, 3), 100),
                         (Fraction(10), Fraction(1, 50), 1), (Fraction(3, 2), Fraction(1), 65536)]:
        p_t, _ = G.ternary_search(lambda t: G.lemma1_objective(t, e_, lam_, k_), Fraction(1, 2), Fraction(1),
                                  Fraction(1, 10**12))
        st = G.critical_points(e_, lam_, k_)
        total += 1
        bad += abs(mpmath.mpf(p_t.numerator) / p_t.denominator - st.argmin) > mpmath.mpf(10) ** -9
    return bad == 0, total, f"{bad} disagreements beyond 1e-9"


record(id="jiang-gcms/alg4.unimodal", location="Section IV-C, Algorithm 4 (what the ternary search assumes)",
       statement="Ternary search on [0.5, 1] finds the minimiser of Lemma 1's objective, i.e. the objective is "
                 "unimodal in p on [0.5, 1).",
       printed=J.alg4_unimodal_printed,
       derived=J4.alg4_unimodal_derived,
       derivation="ldpref.gcms.critical_points", depends_on=("jiang-gcms/lemma1",),
       kind="statement",
       note="Exact path: the sign changes of the derivative, from exact isolation of the real roots of its "
            "numerator (rational e^eps, lambda).  Derived: the sign pattern of differences on a 4001-point grid.  "
            "The exact-variance objective (not the paper's statement) is recorded beside it.",
       steps=(Grid("unimodality of Lemma 1's objective on [1/2, 1)", _unimodal_points, lambda point: point.data),
              Numeric("the exact-variance objective is unimodal on [1/2, 1) too (exact root isolation)",
                      _variance_unimodal),
              Numeric("ternary search with a tolerance (exact rationals) finds the root-isolation minimiser",
                      _ternary_agrees)))


ROUNDING_TOL = Fraction(1, 10**9)


@_cache
def _algorithm4_p(e_, lam_, k_):
    """The p Algorithm 4 returns: its ternary search on Lemma 1's objective over [1/2, 1], run in exact
    rationals with the stopping rule p_r - p_l > 1e-9 (as printed the loop never ends: see alg4).  Cached:
    the search does not depend on m, and the rounding grid runs it at each m."""
    p_, _ = G.ternary_search(lambda t: G.lemma1_objective(t, _frac(e_), _frac(lam_), k_), Fraction(1, 2), Fraction(1),
                             ROUNDING_TOL)
    return p_


@_cache
def _rounding_points():
    """Algorithm 4's own outputs (p from its search, then s = ceil(m/(1 + (1/p - 1) e^eps))), not arbitrary
    p: the sentence after Algorithm 4 is about the s Algorithm 4 derives.  Points where the unrounded s is
    within 1e-6 of an integer are left out: there the ceiling is decided by the search tolerance.
    exact: 1 <= s <= m - 1 (Algorithm 1 can draw s buckets) and the exact e^eps of the mechanism <= the target."""
    out = []
    for m_ in (2, 3, 4, 5, 6, 8):
        for e_ in (R(11, 10), R(3, 2), R(2), R(3), R(5)):
            for lam_ in (R(0), R(1, 3), R(1)):
                for k_ in (1, 100):
                    pf = _algorithm4_p(e_, lam_, k_)
                    s_real = m_ / (1 + (1 / pf - 1) * _frac(e_))
                    if abs(s_real - round(s_real)) < Fraction(1, 10**6):
                        continue
                    s_ = G.algorithm4_s(pf, _frac(e_), m_)
                    p_ = sympy.Rational(pf.numerator, pf.denominator)
                    if 1 <= s_ <= m_ - 1:
                        ee = _gcms_exp_eps(m_, s_, p_)
                        exact = bool(ee <= e_)
                    else:
                        ee, exact = None, False  # Algorithm 1 cannot draw s buckets from m - 1
                    out.append(({"m": m_, "e^eps": e_, "lambda": lam_, "k": k_, "p": p_,
                                 "Algorithm 4's p": mpmath.nstr(mpmath.mpf(pf.numerator) / pf.denominator, 10),
                                 "s": s_, "exact e^eps": None if ee is None else mpmath.nstr(
                                     mpmath.mpf(int(sympy.numer(ee))) / int(sympy.denom(ee)), 10)},
                                exact, (m_, e_, lam_, k_)))
    return tuple(out)


def _rounding_facts(params) -> dict:
    """Algorithm 4's output at one instance as the values of the statements' symbols: s, m, p, e^eps and eps =
    log e^eps (exact)."""
    return {J.s: params["s"], J.m: params["m"], J.p: params["p"], J.e: params["e^eps"],
            J.eps: sympy.log(params["e^eps"])}


#: (m, p, e^eps) where s = ceil(m/(1 + (1/p - 1) e^eps)) puts the mechanism's exact e^eps on the target: R = e^eps
#: (s = 1) or 1/R = e^eps (s > p m); a correction off by any margin fails one of them
_BOUNDARY = ((3, R(1, 2), R(2)), (5, R(1, 2), R(3, 2)), (3, R(3, 5), R(4, 3)), (4, R(2, 3), R(3, 2)),
             (7, R(4, 5), R(3, 2)))


@_cache
def _boundary_points():
    out = []
    for m_, p_, e_ in _BOUNDARY:
        s_ = G.algorithm4_s(_frac(p_), _frac(e_), m_)
        ee = _gcms_exp_eps(m_, s_, p_)
        out.append(({"m": m_, "e^eps": e_, "p": p_, "s": s_, "exact e^eps": ee}, bool(1 <= s_ <= m_ - 1 and ee <= e_),
                    (m_, e_, p_)))
    return tuple(out)


def _points_of(rows):
    """Points of (params, exact, size) rows, the forms evaluated at Algorithm 4's (s, m, p, e^eps) of each."""
    return lambda: (Point(params, facts=_rounding_facts(params), data=exact, size=size)
                    for params, exact, size in rows())


#: the printed implication (the paper's s and its reason it is private) at Algorithm 4's own outputs, vs whether that
#: s is valid (exact); the displayed correction (the implication with its minimal edit) on the same grid, and on the
#: boundary points, where the mechanism's exact e^eps equals the target
_ROUNDING = dict(root_cause="alg4.ceiling", derived=J4.rounding_derived, kind="statement",
                 derivation="derivations.jiang_gcms.privacy_ratio_derived", depends_on=("jiang-gcms/thm2",), steps=(
    Grid("Algorithm 4's s = ceil(m/(1 + (1/p - 1) e^eps)): is 1 <= s <= m - 1 and the exact e^eps of the mechanism <= "
         "the target?", _points_of(_rounding_points), lambda point: point.data,
         correction_name="the corrected statement at Algorithm 4's s vs whether s is valid (1 <= s <= m - 1, exact "
                         "e^eps <= the target)"),
    CorrectionGrid(Grid("the corrected statement at the ceiling's s where the mechanism's exact e^eps equals the "
                        "target (the boundary of either side of Theorem 2's ratio; any p) vs whether s is valid",
                        _points_of(_boundary_points), lambda point: point.data))))


record(id="jiang-gcms/alg4.s", location="Section IV-C, Algorithm 4 (last step, s)",
       statement="s = ceil(m/(1 + (1/p - 1) e^eps)) gives a GCMS mechanism within the target eps.",
       printed=J.alg4_s_statement_printed, correction=J4.alg4_s_corrected, **_ROUNDING,
       note="Checked on Algorithm 4's own outputs (p from its search on Lemma 1's objective).  The printed form is "
            "the implication the paper asserts (its s => Theorem 2's ratio p(m-s)/((1-p)s) <= e^eps, the ratio falling "
            "as s grows), evaluated at Algorithm 4's (s, m, p, e^eps).  The "
            "ceiling can give s > p m, where that ratio falls below 1 and the privacy loss is log((1-p)s/(p(m-s))), "
            "which can exceed the target: this happens when p m - m/(1 + (1/p - 1)e^eps) < 1, i.e. small m or e^eps "
            "near 1 (e.g. p = 1/2, odd m < 2(e^eps + 1)/(e^eps - 1)).  For arbitrary p the ceiling can also give "
            "s = m.")
record(id="jiang-gcms/sec4.C.rounding", location="Section IV-C, after Algorithm 4",
       statement="The ceiling in Algorithm 4's s may give a slightly smaller eps than targeted, a stronger guarantee.",
       printed=J.rounding_printed, correction=J4.rounding_corrected, **_ROUNDING)


def _monotone_points():
    """Pairs of configurations (a, b): k -> k + 1 at one m; m -> 2m at the same p and eps (k = 1); ``data`` is the
    exact truth of Var[f_hat](b) <= Var[f_hat](a) (every draw)."""
    for d, m_, s_, p_ in [(2, 3, 1, R(3, 4)), (2, 4, 2, R(9, 10)), (3, 3, 1, R(1, 2))]:
        for k_ in (1, 2):
            for counts in _gcms_datasets(d):
                V1 = _exact_estimator_moments(d, m_, k_, s_, p_, counts)[1]
                V2 = _exact_estimator_moments(d, m_, k_ + 1, s_, p_, counts)[1]
                yield Point({"d": d, "p": p_, "m_a": m_, "s_a": s_, "k_a": k_, "m_b": m_, "s_b": s_, "k_b": k_ + 1,
                             "counts": counts}, data=bool(V2 <= V1), size=(d, m_, k_, sum(counts), s_, p_))
    for (m_, s_), (m2, s2), p_ in [((3, 1), (6, 2), R(1, 2)), ((4, 1), (8, 2), R(1, 2)), ((4, 2), (8, 4), R(3, 4))]:
        for counts in _datasets(2, 3):
            V1 = _exact_estimator_moments(2, m_, 1, s_, p_, counts)[1]
            V2 = _exact_estimator_moments(2, m2, 1, s2, p_, counts)[1]
            yield Point({"d": 2, "p": p_, "m_a": m_, "s_a": s_, "k_a": 1, "m_b": m2, "s_b": s2, "k_b": 1,
                         "e^eps": p_ * (m_ - s_) / ((1 - p_) * s_), "counts": counts}, data=bool(V2 <= V1),
                        size=(2, m_, 1, sum(counts), s_, p_))


record(id="jiang-gcms/sec4.C.monotone", location="Section IV-C, second paragraph",
       statement="The variance decreases monotonically with the hash range m and the number of hash functions k.",
       printed=J.monotone_printed,
       derived=J4.monotone_derived,
       derivation="derivations.jiang_gcms.variance_constant_term", kind="statement",
       note="Weakly: with p and eps fixed (q on Eq. (7)'s boundary), m and k enter the exact variance only through "
            "(sum f(d')^2 - (n - f(d)))/(k(m-1)) >= 0 (strictly decreasing when another value is held twice).  "
            "Theorem 3 as printed is not decreasing in k (its f(d)(p - p^2/k) grows with k).",
       steps=(Grid("exact Var[f_hat] (every draw) for k -> k + 1, and for m -> 2m at the same p and eps",
                   _monotone_points, lambda point: point.data, path=MOMENTS),))


def _allocation_points():
    """Unary encodings (the split is exact) and GCMS on the identity family (outside the condition): ``data`` is
    ((p, q) read off the mechanism, which q of the form applies: 1 unary, 2 GCMS)."""
    for name, proto in [("sue d=2", sue(2, R(9, 4))), ("oue d=3", oue(3, R(3))),
                        ("ue(3/5, 1/4) d=2", _unary("ue", 2, R(3, 5), R(1, 4)))]:
        p_, q_ = support_probabilities(proto.mechanism, proto.supports)
        ee = mechanism_exp_eps(proto.mechanism)
        yield Point({"mechanism": name, "p": p_, "exact e^eps": ee}, facts={J.E_p: p_ / (1 - p_), EXP_EPS: ee},
                    data=([p_, q_], 1), size=(0, 2))  # e^{eps_p} = p/(1-p)
    for m_ in (3, 4, 5):
        for s_ in range(1, m_ // 2 + 1):
            for p_ in (R(1, 2), R(3, 4)):
                pe, qe = _support_pq(_identity_gcms(m_, s_, p_)[0], 0)
                ee = _gcms_exp_eps(m_, s_, p_)
                # e^{eps_p} = p/(1-p), e^{eps - eps_p} = e^eps (1-p)/p: the printed q
                yield Point({"mechanism": f"gcms m={m_} s={s_}", "p": p_, "exact e^eps": ee},
                            facts={J.E_p: p_ / (1 - p_), EXP_EPS: ee, J.m: m_}, data=([pe, qe], 2),
                            in_condition=False, size=(1, m_, s_, p_))


def _allocation_value(form, point):
    """(p, q) of the form: its p and the q that applies to the point's mechanism (unary or GCMS)."""
    return [evaluate(form[0], point.facts), evaluate(form[point.data[1]], point.facts)]


record(id="jiang-gcms/sec4.C.allocation", root_cause="sec4.C.allocation", location="Section IV-C, budget allocation",
       statement="Under CMS-like structures the budget splits approximately as p ~ e^{eps_p}/(e^{eps_p}+1), "
                 "q ~ 1/(e^{eps - eps_p}+1).",
       printed=J.allocation_printed, derived=J.allocation_derived,
       condition="unary encodings (independent bits: RAPPOR, Apple's CMS, OUE), where the split is exact; for GCMS "
                 "the second factor of e^eps = [p/(1-p)][(m-s)/s] fixes s/m = 1/(e^{eps-eps_p}+1), while "
                 "q = (s - p)/(m - 1) differs from it by (s - p m)/(m(m - 1))",
       steps=(Symbolic("the printed split vs the factorisation of a unary encoding's / GCMS's ratio", part=_listed),
              Grid("q read off the mechanism vs 1/(e^{eps - eps_p} + 1) with e^{eps_p} = p/(1-p)", _allocation_points,
                   lambda point: point.data[0], part=_listed, value=_allocation_value)))


def _even_split_points():
    for half_e in (R(3, 2), R(2), R(3)):
        e_ = half_e**2
        for name, mech, hashed in [("sue (basic RAPPOR) d=3", sue(3, e_).mechanism, 0),
                                   ("Apple CMS m=3 k=1", _cms(_identity_family(3), sue(3, e_).mechanism).mechanism, 0)]:
            pe, qe = _support_pq(mech, hashed) if name.startswith("Apple") else support_probabilities(
                sue(3, e_).mechanism, sue(3, e_).supports)
            ee = mechanism_exp_eps(mech)  # the forms are evaluated at the mechanism's exact e^eps
            yield Point({"mechanism": name, "e^eps": e_, "exact e^eps": ee}, facts={EXP_EPS: ee}, data=[pe, qe],
                        size=(e_,))


record(id="jiang-gcms/sec4.C.even-split", location="Section IV-C, allocation principle 1",
       statement="Splitting eps evenly gives p = e^{eps/2}/(e^{eps/2}+1), q = 1/(e^{eps/2}+1); RAPPOR and Apple's CMS "
                 "are of this kind.",
       printed=J.even_split_pq_printed,
       derived=JPQ.even_split_pq_form, derivation="derivations.jiang_gcms.sue_pq",
       steps=(Symbolic("the even split vs BRR at eps/2 on every bit", part=_listed),
              Grid("(p, q) read off SUE and Apple's CMS vs the forms at the mechanism's exact e^eps",
                   _even_split_points, lambda point: point.data, part=_listed)))


def _oue_split_points():
    for d in (2, 3):
        for e_ in (R(2), R(3), R(9)):
            proto = oue(d, e_)
            pe, qe = support_probabilities(proto.mechanism, proto.supports)
            ee = mechanism_exp_eps(proto.mechanism)  # the forms are evaluated at the mechanism's exact e^eps
            yield Point({"d": d, "e^eps": e_, "exact e^eps": ee}, facts={EXP_EPS: ee}, data=[pe, qe], size=(d, e_))


record(id="jiang-gcms/sec4.C.oue-split", location="Section IV-C, allocation principle 2",
       statement="Granting all of eps to q gives p = 1/2, q = 1/(e^eps + 1): OUE.",
       printed=J.oue_split_pq_printed,
       derived=JPQ.oue_pq_form, derivation="derivations.jiang_gcms.oue_pq",
       steps=(Symbolic("p = 1/2, q = 1/(e^eps+1) vs the OUE optimum", part=_listed),
              Grid("(p, q) read off OUE vs the forms at its exact e^eps", _oue_split_points, lambda point: point.data,
                   part=_listed)))


def _none_optimal_points():
    for label, grids, p_alloc in [("even split", ((3, R(4)), (6, R(4))), R(2, 3)),
                                  ("OUE p = 1/2", ((4, R(3)), (6, R(2))), R(1, 2))]:
        miss_e = []
        for m_, e_ in grids:
            table = _opt_table(m_, 1, e_)
            if p_alloc not in [p_ for p_, _ in table.values()]:
                raise ValueError(f"{label}: p = {p_alloc} is not feasible at m = {m_}, e^eps = {e_}")
            miss_e += [(m_, e_, c) for c in _datasets(2, 3)
                       if p_alloc not in _argmin({p_: V[c] for p_, V in table.values()})]
        yield Point({"allocation": label, "p": p_alloc, "grids (m, e^eps)": grids,
                     "not optimal for (m, e^eps, counts)": miss_e}, data=bool(miss_e), size=(len(label),))


record(id="jiang-gcms/sec4.C.none-optimal", location="Section IV-C, before Section V",
       statement="Neither allocation (even split; OUE's p = 1/2) is optimal for every targeted frequency under GCMS.",
       printed=J.none_optimal_printed,
       derived=JO.none_optimal_derived,
       derivation="derivations.jiang_gcms.lemma1_objective_derived_expr", depends_on=("jiang-gcms/lemma1",),
       kind="statement",
       note="Read as 'not optimal for every target'.  Read literally ('optimal for no target') it is false: with "
            "the exact variance, p = 1/2 is the optimum at f(d) = 0 (the slope at 1/2 is -4 lam (e^{2eps}-1)).",
       steps=(Grid("for each allocation, a target f(d)/n where it is not the exact optimum (every draw, feasible s)",
                   _none_optimal_points, lambda point: point.data, path=MOMENTS),))
