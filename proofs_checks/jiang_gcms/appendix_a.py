"""Appendix A: the proof of Theorem 2 (Cases 1-4 and the closing inequality).
"""

from __future__ import annotations

import functools
from functools import cache as _cache

import sympy

import derivations.jiang_gcms as J
import derivations.jiang_gcms.model_appendices as JX
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Point, Symbolic

from .pure_protocols import R
from .sec4a_algorithms import _gcms_exp_eps, _identity_gcms


# ---- Appendix A: proof of Theorem 2 --------------------------------------------------------------------
def _case_of(X, r=0, r2=1):
    return {(True, True): 1, (False, False): 2, (True, False): 3, (False, True): 4}[(r in X, r2 in X)]


@_cache
def _appA_ratios():
    """For the identity hash (inputs 0, 1 -> buckets 0, 1): the set of ratios P(x | 0)/P(x | 1) per case."""
    out = {}
    for m_ in (2, 3, 4, 5):
        for s_ in range(1, m_):
            for p_ in (R(1, 2), R(3, 5), R(3, 4), R(9, 10)):
                _, Pm, sets = _identity_gcms(m_, s_, p_)
                cases = {}
                for u, X in enumerate(sets):
                    cases.setdefault(_case_of(X), set()).add(Pm[u, 0] / Pm[u, 1])
                out[(m_, s_, p_)] = cases
    return out


def _appA_grid(name, case, copies=None):
    """The exact ratio P(x | 0)/P(x | 1) of each case (the sorted list when it takes several values) at every
    (m, s, p) where the case occurs (case 1 needs s >= 2, case 2 needs s <= m - 2); ``copies``: the forms are
    lists of that many steps, each compared with the ratio."""

    def points():
        for (m_, s_, p_), cases in _appA_ratios().items():
            if case in cases:
                yield Point({"m": m_, "s": s_, "p": p_}, facts={J.m: m_, J.s: s_, J.p: p_}, data=cases[case],
                            size=(m_, s_, p_))

    def oracle(point):
        ratios = sorted(point.data)
        exact = ratios[0] if len(ratios) == 1 else ratios
        return exact if copies is None else [exact] * copies

    return Grid(name, points, oracle)


def _combsimp(x):
    """The normal form the symbolic checks compare: ``simplify(combsimp(expand_func(x)))``, elementwise on a list."""
    if isinstance(x, (list, tuple)):
        return [_combsimp(y) for y in x]
    return _combsimp_one(x)


@_cache
def _combsimp_one(x):
    """:func:`_combsimp` of one expression, once per process (a derived chain repeats one expression per step)."""
    return sympy.simplify(sympy.combsimp(sympy.expand_func(x)))


def _appA_case_claim(case):
    names = {1: "r in x and r' in x", 2: "r, r' not in x", 3: "r in x, r' not in x", 4: "r not in x, r' in x"}
    steps = len(J.appA_chain_printed(case)) - 1
    record(id=f"jiang-gcms/appA.case{case}", location=f"Appendix A, Case {case} ({names[case]})",
           statement=f"Case {case}: the likelihood ratio P(X = x | d)/P(X = x | d') equals each step of the chain of "
                     f"Case {case} after the first, down to the value it ends with.",
           printed=J.APPA_STEPS_PRINTED[case], derived=functools.partial(JX.appA_case_steps_derived, case, steps),
           derivation="derivations.jiang_gcms.appA_case_derived",
           assumptions="r = h_j(d) != r' = h_j(d') (same hash function j, which is part of the report)",
           steps=(Symbolic(f"Case {case}'s steps vs the ratio derived from Algorithm 1", simplify=_combsimp),
                  _appA_grid(f"every step after the first of Case {case}'s chain vs the ratio of the exact "
                             f"mechanism's rows", case, copies=steps)))


for _case in (1, 2, 3, 4):
    _appA_case_claim(_case)


def _appA_first_step_claim(case):
    record(id=f"jiang-gcms/appA.case{case}.first-step", location=f"Appendix A, Case {case}, first equality",
           root_cause="appA.first-step",
           statement=f"Case {case}: P(x | r)/P(x | r') = " + ("p C(m-1, s-1)/((1-p) C(m-1, s))" if case == 3
                                                            else "(1-p) C(m-1, s)/(p C(m-1, s-1))"),
           printed=J.APPA_FIRST_STEP_PRINTED[case],
           derived=functools.partial(J.appA_first_step_derived, case),
           derivation="derivations.jiang_gcms.algorithm1_law_derived",
           note="The binomial coefficients are inverted in the first step (P(x | r) has C(m-1, s-1) in its "
                "denominator); the next step and the case's result are right.",
           steps=(Symbolic(f"Case {case}'s first step vs the ratio of Algorithm 1's probabilities", simplify=_combsimp),
                  _appA_grid(f"Case {case}'s first step vs the exact ratio", case)))


for _case in (3, 4):
    _appA_first_step_claim(_case)


#: the largest log-ratio of the mechanism, the left-hand side of Appendix A's closing inequality
LOG_RATIO = next(iter(J.appA_closing_printed().args[1].lhs.free_symbols))


def _closing_points():
    """Every s of the identity family on m values: the statement (printed, derived or corrected: an implication) at
    the exact largest log-ratio of the mechanism, log(exact e^eps); exact: the statement holds (True)."""
    for m_ in (2, 3, 4, 5, 6):
        for s_ in range(1, m_):
            for p_ in (R(1, 2), R(3, 5), R(3, 4), R(9, 10)):
                ee = _gcms_exp_eps(m_, s_, p_)
                R_ = p_ * (m_ - s_) / ((1 - p_) * s_)
                yield Point({"m": m_, "s": s_, "p": p_, "exact max ratio": ee, "p(m-s)/((1-p)s)": R_},
                            facts={J.m: m_, J.s: s_, J.p: p_, LOG_RATIO: sympy.log(ee)}, data=True, size=(m_, s_, p_))


record(id="jiang-gcms/appA.closing", root_cause="appA.closing", location="Appendix A, closing inequality",
       statement="When p in [0.5, 1] and s in [m/2, m], log(P(x | d)/P(x | d')) <= log(p(m - s)/((1 - p)s)).",
       printed=J.appA_closing_printed, derived=J.appA_closing_derived,
       depends_on=("jiang-gcms/thm2",),
       kind="statement",
       note="The stated range of s is backwards: for s > p m the ratio R = p(m-s)/((1-p)s) is below 1 and the "
            "largest log-ratio is log(1/R) > log R (Case 4).  It holds when p(m - s) >= (1 - p)s, e.g. s <= m/2 "
            "(the range of Section IV-A).  The appendix also closes with 'Theorem 1' for Theorem 2.  Each form is "
            "the implication itself, evaluated at the exact largest log-ratio of the mechanism.",
       steps=(Grid("the implication at the exact largest log-ratio log(e^eps) of the mechanism (identity family, "
                   "every s)", _closing_points, lambda point: point.data),))
