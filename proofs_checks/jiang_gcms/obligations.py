"""jiang-gcms statements proved for every parameter value (issue 25, item 2).

Each builder receives the claim's forms as the run built them (printed, derived, and the displayed correction for
a proof of the correction) and returns the obligations z3 and cvc5 decide (:mod:`ldpref.decide`).  A statement whose
printed or derived form is a Predicate evaluated by code is posed (:func:`ldpref.decide.ledger_obligations.poses`:
attempted only for the displayed Predicate) over the formula it is about, read from the claim that displays it
through ``form_of`` -- Lemma 1's printed or derived objective, Theorem 2's derived bound -- which the record names
in ``depends_on``; never a copy.  Registered into :data:`ldpref.decide.ledger_obligations.OBLIGATIONS` on import.

* Theorem 2 / Eq. (5): the printed ``eps <= |log R|`` is the derived ``e^eps <= max(R, 1/R)`` -- with
  ``e^eps = t`` the logarithms go by exp's monotonicity (:func:`ldpref.decide.algebraic.remove_logs`, whose
  positivity conditions the solver proves);
* Algorithm 4 (unimodality): Lemma 1's printed objective is strictly convex in p on (1/2, 1) for every e^eps > 1,
  0 <= lambda <= 1, k >= 1 -- so it has at most one minimiser there and ternary search finds it;
* Fig. 5 (the optimum grows with f(d) and eps): the derived objective (the exact variance's p-part) is strictly
  convex in p, its p-derivative falls as lambda grows (everywhere), and falls as e^eps grows at every stationary
  point -- so by the implicit function theorem the minimiser does not decrease in lambda or eps;
* Section IV-C (the variance decreases with m and k): at fixed p and eps (q on Eq. (7)'s boundary) the derived
  Var[f_hat]/n has non-positive derivatives in m and k wherever sum_{d' != d} f(d')^2 >= n - f(d) (integer counts:
  f(d')^2 >= f(d')).
"""

from __future__ import annotations

import sympy

from ldpref.decide.algebraic import remove_logs
from ldpref.decide.ledger_obligations import OBLIGATIONS, FormNotPosed, equation, poses
from ldpref.decide.obligation import Obligation, Variable
from ldpref.exact import EXP_EPS

import derivations.jiang_gcms as J

HALF = sympy.Rational(1, 2)
#: plain real symbols for the solver (the forms' symbols carry sympy assumptions that could fold a goal to True)
t, p_, m_, s_, k_, lam_, F2_, n_ = (sympy.Symbol(x, real=True) for x in ("t", "p", "m", "s", "k", "lam", "F2", "n"))


def _objective(form_of, which: str):
    """The objective inside ``argmin_p(.)`` of Lemma 1's displayed ``which`` form (printed or derived), read through
    ``form_of`` (the record names ``jiang-gcms/lemma1`` in ``depends_on``)."""
    (inner,) = equation(form_of("jiang-gcms/lemma1", which), f"Lemma 1's {which} form").rhs.args
    return inner


#: why a builder poses its claim's statement rather than read it (:func:`ldpref.decide.ledger_obligations.poses`)
_PREDICATE = ("the statement is a Predicate evaluated by code on a grid of instances and claims every e^eps, lambda "
              "(and k): its values on the grid do not fix that statement, and its code has no relation to read; the "
              "obligation states its mathematics over Lemma 1's displayed objective")


def _thm2(claim_id):
    """Theorem 2 / Eq. (5): printed <=> derived for every e^eps = t > 1, 0 < p < 1, 1 <= s <= m - 1."""
    def build(printed, derived):
        to_plain = {J.eps: sympy.log(t), J.p: p_, J.m: m_, J.s: s_}
        pr = printed.xreplace(to_plain)
        de = derived.xreplace({sympy.exp(J.eps): t}).xreplace(to_plain)
        goal, conditions = remove_logs(sympy.Equivalent(pr, de))
        return [Obligation(claim_id, claim_id,
                           "printed eps <= |log(p(m-s)/((1-p)s))| <=> derived e^eps <= max(R, 1/R) (R = the derived "
                           "ratio of Algorithm 1's branch probabilities), every e^eps = t > 1, 0 < p < 1, "
                           "1 <= s <= m - 1; logarithms removed by exp's monotonicity, their arguments proved positive",
                           (Variable(t, "t"), Variable(p_, "p"), Variable(m_, "m", "integer"),
                            Variable(s_, "s", "integer")),
                           (sympy.Gt(t, 1), sympy.Gt(p_, 0), sympy.Lt(p_, 1), sympy.Ge(s_, 1), sympy.Le(s_, m_ - 1)),
                           sympy.And(*conditions, goal), model_side="derived")]
    return build


_LEMMA1_VARS = (Variable(p_, "p"), Variable(t, "t"), Variable(lam_, "lam"))
_LEMMA1_BASE = (sympy.Gt(p_, HALF), sympy.Lt(p_, 1), sympy.Gt(t, 1), sympy.Ge(lam_, 0), sympy.Le(lam_, 1))


def _plain(expr):
    return expr.xreplace({J.p: p_, EXP_EPS: t, J.lam: lam_, J.k: k_})


@poses("printed", why=_PREDICATE)
def _alg4_unimodal(printed, derived, *, form_of):
    """Lemma 1's printed objective (the one Algorithm 4 searches) is strictly convex in p on (1/2, 1)."""
    g = _plain(_objective(form_of, "printed"))
    return [Obligation("jiang-gcms/alg4.unimodal", "jiang-gcms/alg4.unimodal",
                       "Lemma 1's printed objective g(p) has g'' > 0 on 1/2 < p < 1 (strictly convex: at most one "
                       "minimiser, which ternary search finds), every e^eps > 1, 0 <= lambda <= 1, k >= 1",
                       (*_LEMMA1_VARS, Variable(k_, "k", "integer")), (*_LEMMA1_BASE, sympy.Ge(k_, 1)),
                       sympy.Gt(sympy.diff(g, p_, 2), 0))]


@poses("printed", "derived", why=_PREDICATE)
def _fig5_grows(printed, derived, *, form_of):
    """The derived objective's minimiser is non-decreasing in lambda and in e^eps (implicit function theorem)."""
    g = _plain(_objective(form_of, "derived"))
    g1 = sympy.diff(g, p_)
    out = [("convex", "the derived objective g(p) (the exact variance's p-part) has g'' > 0 on 1/2 < p < 1",
            sympy.Gt(sympy.diff(g1, p_), 0)),
           ("lambda", "the derived g'(p) is non-increasing in lambda on 1/2 < p < 1 (so the minimiser of the convex g "
            "does not decrease as f(d)/n grows)", sympy.Le(sympy.diff(g1, lam_), 0)),
           ("eps", "at every stationary point of the derived g (g'(p) = 0), dg'/de^eps <= 0 (so, g being convex, "
            "dp*/de^eps = -g'_t/g'' >= 0: the minimiser does not decrease as eps grows)",
            sympy.Implies(sympy.Eq(g1, 0), sympy.Le(sympy.diff(g1, t), 0)))]
    return [Obligation(f"jiang-gcms/fig5.grows.{label}", "jiang-gcms/fig5.grows",
                       meaning + ", every e^eps > 1, 0 <= lambda <= 1", _LEMMA1_VARS, _LEMMA1_BASE, goal,
                       model_side="derived") for label, meaning, goal in out]


@poses("printed", "derived", why="the statement is a Predicate evaluated on instances and claims every p, eps, m, k "
                                 "and dataset (its values on the grid do not fix it); the obligation states it over "
                                 "the derived Var[f_hat]/n at Eq. (7)'s boundary, a model quantity no claim displays")
def _monotone(printed, derived):
    """Section IV-C: d/dm and d/dk of the derived Var[f_hat]/n (q on Eq. (7)'s boundary, p and eps fixed) <= 0
    (:func:`derivations.jiang_gcms.variance_at_boundary`: a model quantity, not a displayed form)."""
    v = J.variance_at_boundary().xreplace({J.p: p_, EXP_EPS: t, J.lam: lam_, J.k: k_, J.m: m_, J.F2: F2_, J.n: n_})
    return [Obligation("jiang-gcms/sec4.C.monotone", "jiang-gcms/sec4.C.monotone",
                       "the derived Var[f_hat]/n at fixed p, eps (q on Eq. (7)'s boundary) has dVar/dm <= 0 and "
                       "dVar/dk <= 0, every 1/2 <= p < 1, e^eps > 1, 0 <= lambda <= 1, k >= 1, m >= 2, n >= 1, "
                       "sum_{d' != d} f(d')^2 >= n - f(d) = n (1 - lambda) (counts are integers: f(d')^2 >= f(d'))",
                       (Variable(p_, "p"), Variable(t, "t"), Variable(lam_, "lam"), Variable(k_, "k", "integer"),
                        Variable(m_, "m", "integer"), Variable(n_, "n", "integer"), Variable(F2_, "F2")),
                       (sympy.Ge(p_, HALF), sympy.Lt(p_, 1), sympy.Gt(t, 1), sympy.Ge(lam_, 0), sympy.Le(lam_, 1),
                        sympy.Ge(k_, 1), sympy.Ge(m_, 2), sympy.Ge(n_, 1), sympy.Ge(F2_, n_ * (1 - lam_))),
                       sympy.And(sympy.Le(sympy.diff(v, m_), 0), sympy.Le(sympy.diff(v, k_), 0)),
                       model_side="derived")]


OBLIGATIONS.update({
    "jiang-gcms/thm2": _thm2("jiang-gcms/thm2"),
    "jiang-gcms/eq5": _thm2("jiang-gcms/eq5"),
    "jiang-gcms/alg4.unimodal": _alg4_unimodal,
    "jiang-gcms/fig5.grows": _fig5_grows,
    "jiang-gcms/sec4.C.monotone": _monotone,
})



c_ = sympy.Symbol("c", real=True)


def _rounding(claim_id):
    """Algorithm 4's s, corrected (the displayed correction: the printed implication with its minimal edit -- Theorem
    2's ratio R = p(m-s)/((1-p)s) >= e^{-eps} for alg4.s, |log R| <= eps for the sentence after Algorithm 4): at the
    ceiling's s the corrected statement holds exactly when s is valid -- 1 <= s <= m - 1 and Theorem 2's derived
    e^eps bound max(R, 1/R) is at most the target e^eps.  The ceiling is its definition: an integer c with
    x <= c < x + 1, x = m/(1 + (1/p - 1) e^eps) (relaxed to a real c; x > 0 gives c >= 1 for an integer); of s and m
    the solver is told only what their being integers gives here, s <= m - 1 or s >= m.  A logarithm (eps = log e^eps,
    |log R|) is removed by exp's monotonicity where R > 0, i.e. s < m; at s >= m (R <= 0: log R is -oo, so |log R| <=
    eps is false) the obligation proves s invalid.  The correction is the one handed in; Theorem 2's derived bound
    is read through ``form_of`` (the record names ``jiang-gcms/thm2`` in ``depends_on``)."""
    def build(printed, derived, *, correction, form_of):
        corrected = correction
        bound = _thm2_bound(form_of)  # max(R, 1/R), the derived e^eps of GCMS
        (ceil,) = corrected.atoms(sympy.ceiling)
        x = ceil.args[0]
        plain = {J.p: p_, EXP_EPS: t, J.m: m_, J.s: s_}
        valid = sympy.And(sympy.Ge(s_, 1), sympy.Le(s_, m_ - 1), sympy.Le(bound.xreplace(plain), t))
        shown = corrected.xreplace({ceil: c_}).xreplace({**plain, J.eps: sympy.log(t)})
        if shown.has(sympy.log):
            shown, conditions = remove_logs(shown)
            claim = sympy.And(sympy.Implies(sympy.Lt(s_, m_), sympy.And(*conditions, sympy.Equivalent(shown, valid))),
                              sympy.Implies(sympy.Ge(s_, m_), sympy.Not(valid)))
        else:
            claim = sympy.Equivalent(shown, valid)
        goal = sympy.Implies(sympy.Eq(s_, c_), claim)
        return [Obligation(claim_id, claim_id,
                           "at s = ceil(m/(1 + (1/p - 1) e^eps)) the corrected statement holds <=> 1 <= s <= m - 1 and "
                           "the derived max(R, 1/R) <= e^eps (Theorem 2's bound, R = p(m-s)/((1-p)s)), every e^eps > "
                           "1, 0 < p < 1, m >= 2; the ceiling c by its definition x <= c < x + 1, c >= 1; s, m "
                           "integers (s <= m - 1 or s >= m)"
                           + ("; logarithms removed by exp's monotonicity where s < m, s invalid where s >= m"
                              if corrected.has(sympy.log) else ""),
                           (Variable(t, "t"), Variable(p_, "p"), Variable(m_, "m", "integer"),
                            Variable(s_, "s", "integer"), Variable(c_, "c", "integer")),
                           (sympy.Gt(t, 1), sympy.Gt(p_, 0), sympy.Lt(p_, 1), sympy.Ge(m_, 2),
                            sympy.Ge(c_, x.xreplace(plain)), sympy.Lt(c_, x.xreplace(plain) + 1), sympy.Ge(c_, 1),
                            sympy.Or(sympy.Le(s_, m_ - 1), sympy.Ge(s_, m_))),
                           goal, model_side="derived", proves="correction")]
    return build


OBLIGATIONS.update({
    "jiang-gcms/alg4.s": _rounding("jiang-gcms/alg4.s"),
    "jiang-gcms/sec4.C.rounding": _rounding("jiang-gcms/sec4.C.rounding"),
})




def _p_star(claim_id):
    """Remark 2 and the Fig. 2 caption (corrected: p* = argmin_p g(p; lambda, e^eps), g free of k and m): the
    derived Var[f_hat]/n at fixed p and eps (q on Eq. (7)'s boundary) is the displayed g/(e^eps - 1)^2 plus a term
    free of p, at every k and m -- so its minimisers over any set of p are g's, whatever k and m.  g is read from the
    correction handed in."""
    def build(printed, derived, *, correction):
        (g,) = equation(correction, "corrected p*").rhs.args  # the objective inside argmin_p
        if g.has(J.k) or g.has(J.m):
            return []  # an objective with k or m: the corrected statement (no k, no m) is not what is displayed
        return [_minimisers_of(claim_id, g,
                               "d/dp [derived Var[f_hat]/n - g/(e^eps - 1)^2] = 0, g the displayed corrected objective "
                               "(no k, no m), q on Eq. (7)'s boundary: p* = argmin_p g at every k and m, every 1/2 <= "
                               "p < 1, e^eps > 1, 0 <= lambda <= 1, k >= 1, m >= 2, n >= 1, "
                               "sum_{d' != d} f(d')^2 >= 0")]
    return build


def _minimisers_of(claim_id, g, meaning):
    """The obligation that the derived Var[f_hat]/n at fixed p and eps (q on Eq. (7)'s boundary) is g/(e^eps - 1)^2
    plus a term free of p: d/dp of their difference is 0 at every 1/2 <= p < 1, e^eps > 1, 0 <= lambda <= 1, k >= 1,
    m >= 2, n >= 1, sum_{d' != d} f(d')^2 >= 0 -- so the minimisers over any set of p are g's (remark2, fig2.caption,
    fig5.k).  The derived Var[f_hat]/n (:func:`derivations.jiang_gcms.variance_at_boundary`) is a model quantity, not
    a displayed form."""
    plain = {J.p: p_, EXP_EPS: t, J.lam: lam_, J.F2: F2_, J.n: n_, J.k: k_, J.m: m_}
    gap = J.variance_at_boundary().xreplace(plain) - g.xreplace(plain) / (t - 1) ** 2
    return Obligation(claim_id, claim_id, meaning,
                      (Variable(p_, "p"), Variable(t, "t"), Variable(lam_, "lam"), Variable(k_, "k", "integer"),
                       Variable(m_, "m", "integer"), Variable(n_, "n", "integer"), Variable(F2_, "F2")),
                      (sympy.Ge(p_, HALF), sympy.Lt(p_, 1), sympy.Gt(t, 1), sympy.Ge(lam_, 0), sympy.Le(lam_, 1),
                       sympy.Ge(k_, 1), sympy.Ge(m_, 2), sympy.Ge(n_, 1), sympy.Ge(F2_, 0)),
                      sympy.Eq(sympy.diff(gap, p_), 0), model_side="derived", proves="correction")


OBLIGATIONS.update({claim_id: _p_star(claim_id) for claim_id in ("jiang-gcms/remark2", "jiang-gcms/fig2.caption")})


def _fig5_k(printed, derived, *, correction, form_of):
    """Fig. 5(b), corrected (the displayed correction: the printed implication with its minimal edit, k_1 < k_2 =>
    p*(k_2) = p*(k_1)): the relation it displays is '=' and the derived Var[f_hat]/n at fixed p and eps (q on Eq.
    (7)'s boundary) is the derived objective g/(e^eps - 1)^2 plus a term free of p at every k and m, g free of k -- so
    the minimisers over any set of p are g's at every k: the optimum does not move with k.  A displayed relation other
    than '=' gets no proof.  The correction is the one handed in; g is Lemma 1's derived objective, read through
    ``form_of`` (the record names ``jiang-gcms/lemma1`` in ``depends_on``)."""
    corrected = correction
    relation = corrected.args[1] if isinstance(corrected, sympy.Implies) else corrected
    if not (isinstance(relation, sympy.Equality) and {relation.lhs, relation.rhs} == {J.P_STAR_K1, J.P_STAR_K2}):
        return []
    g = _objective(form_of, "derived")
    if g.has(J.k):
        return []
    return [_minimisers_of("jiang-gcms/fig5.k", g,
                           "the corrected p*(k_2) = p*(k_1): d/dp [derived Var[f_hat]/n - g/(e^eps - 1)^2] = 0, g the "
                           "derived objective (no k), q on Eq. (7)'s boundary: p* = argmin_p g at every k, every 1/2 "
                           "<= p < 1, e^eps > 1, 0 <= lambda <= 1, k >= 1, m >= 2, n >= 1, sum_{d' != d} f(d')^2 >= 0")]


OBLIGATIONS["jiang-gcms/fig5.k"] = _fig5_k


def _appA_closing(printed, derived, *, correction, form_of):
    """Appendix A's closing step, corrected (the displayed correction: the printed implication with its minimal edit,
    else the derived one, hypothesis p(m - s) >= (1 - p)s): with the largest log-ratio of the mechanism,
    log max(R, 1/R) (Theorem 2's derived bound, read through ``form_of``: the record names ``jiang-gcms/thm2`` in
    ``depends_on``), the implication holds.  The correction is the one handed in (the derived form when the claim
    has no correction of its own)."""
    closing = correction
    if not isinstance(closing, sympy.Implies):
        raise FormNotPosed(f"the correction handed in is a {type(closing).__name__}, not the implication this "
                           "proof reads")
    ratio = closing.args[1].lhs  # log P(x|d)/P(x|d'), a symbol
    bound = _thm2_bound(form_of)  # max(R, 1/R)
    plain = {J.p: p_, J.m: m_, J.s: s_}
    goal, conditions = remove_logs(closing.xreplace({ratio: sympy.log(bound)}).xreplace(plain))
    return [Obligation("jiang-gcms/appA.closing", "jiang-gcms/appA.closing",
                       "the corrected implication (hypothesis => log max(R, 1/R) <= log(p(m - s)/((1 - p)s))), max(R, "
                       "1/R) the derived largest likelihood ratio (Theorem 2), every 0 < p < 1, 1 <= s <= m - 1; "
                       "logarithms removed by "
                       "exp's monotonicity, their arguments proved positive",
                       (Variable(p_, "p"), Variable(m_, "m", "integer"), Variable(s_, "s", "integer")),
                       (sympy.Gt(p_, 0), sympy.Lt(p_, 1), sympy.Ge(s_, 1), sympy.Le(s_, m_ - 1)),
                       sympy.And(*conditions, goal), model_side="derived", proves="correction")]


def _thm2_bound(form_of):
    """Theorem 2's derived e^eps bound max(R, 1/R): the right side of its displayed derived relation."""
    return form_of("jiang-gcms/thm2", "derived").rhs


OBLIGATIONS["jiang-gcms/appA.closing"] = _appA_closing


def _alg4(printed, derived, *, correction):
    """Algorithm 4 (corrected: loop while p_r - p_l > tau): while the displayed condition holds, each iteration (either
    branch of the ternary search) keeps 1/2 <= p_l < p_r <= 1, stays inside the old interval and multiplies the width
    by 2/3 -- so after t iterations the width is (1/2)(2/3)^t, which falls below any tau > 0: the loop ends.  The
    condition is the correction handed in."""
    cond = correction
    pl, pr = sympy.Symbol("p_l"), sympy.Symbol("p_r")
    (tau,) = cond.free_symbols - {pl, pr}
    a, b, tt = (sympy.Symbol(x, real=True) for x in ("pl", "pr", "tau"))
    plain = {pl: a, pr: b, tau: tt}
    p0, p1 = a + (b - a) / 3, b - (b - a) / 3
    branches = []
    for lo, hi in ((a, p1), (p0, b)):  # f(p0) <= f(p1): keep [p_l, p1]; else keep [p0, p_r]
        branches += [sympy.Eq(hi - lo, sympy.Rational(2, 3) * (b - a)), sympy.Lt(lo, hi), sympy.Ge(lo, a),
                     sympy.Le(hi, b)]
    return [Obligation("jiang-gcms/alg4", "jiang-gcms/alg4",
                       "while the corrected condition p_r - p_l > tau holds, either branch of an iteration keeps "
                       "1/2 <= p_l < p_r <= 1 inside the old interval and multiplies p_r - p_l by 2/3 (so the width "
                       "after t iterations is (1/2)(2/3)^t <= tau for t large: the loop ends), every tau > 0",
                       (Variable(a, "pl"), Variable(b, "pr"), Variable(tt, "tau")),
                       (sympy.Ge(a, HALF), sympy.Lt(a, b), sympy.Le(b, 1), sympy.Gt(tt, 0), cond.xreplace(plain)),
                       sympy.And(*branches), proves="correction")]


OBLIGATIONS["jiang-gcms/alg4"] = _alg4


@poses("printed", "derived", why=_PREDICATE)
def _none_optimal(printed, derived, *, form_of):
    """Section IV-C: neither allocation is optimal for every target -- over real p in [1/2, 1), with the derived
    objective g (the exact variance's p-part, Lemma 1's derived form): OUE's p = 1/2 has g'(1/2) < 0 at every target
    f(d)/n = lambda > 0 (a larger p does better); the even split's p = e^(eps/2)/(e^(eps/2) + 1), interior, has
    g' != 0 at lambda = 0 or at lambda = 1 (so it is not a minimiser at one of them)."""
    g = _plain(_objective(form_of, "derived"))
    g1 = sympy.diff(g, p_)
    r = sympy.Symbol("r", real=True)  # e^(eps/2): e^eps = r^2
    even = (g1.xreplace({p_: r / (r + 1), t: r ** 2}))
    return [Obligation("jiang-gcms/sec4.C.none-optimal.oue", "jiang-gcms/sec4.C.none-optimal",
                       "OUE's p = 1/2: the derived g'(1/2) < 0 at every target 0 < lambda <= 1, every e^eps > 1 (p = "
                       "1/2 is not the optimum there)", (Variable(t, "t"), Variable(lam_, "lam")),
                       (sympy.Gt(t, 1), sympy.Gt(lam_, 0), sympy.Le(lam_, 1)), sympy.Lt(g1.xreplace({p_: HALF}), 0),
                       model_side="derived"),
            Obligation("jiang-gcms/sec4.C.none-optimal.even", "jiang-gcms/sec4.C.none-optimal",
                       "the even split's p = e^(eps/2)/(e^(eps/2) + 1) (in (1/2, 1)): the derived g' != 0 there at "
                       "lambda = 0 or at lambda = 1, every e^(eps/2) = r > 1 (not the optimum for both targets)",
                       (Variable(r, "r"),), (sympy.Gt(r, 1),),
                       sympy.Or(sympy.Ne(even.xreplace({lam_: 0}), 0), sympy.Ne(even.xreplace({lam_: 1}), 0)),
                       model_side="derived")]


OBLIGATIONS["jiang-gcms/sec4.C.none-optimal"] = _none_optimal
