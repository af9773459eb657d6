"""All-parameter proofs of the corrected Theorem 3.8 / Appendix E, Eq. (43) and its translation (issue 25, item 2),
split so that z3 *and* cvc5 decide every part.

The correction (derived form): with ``w = 1/(2q+1)^2`` and ``m0 = m (1 - w)`` the smallest ``m'`` of h' = h mod m,
the condition ``m (2 Var(R|=) m0 + m0 - 1) / (n (m0 - 1)^3) <= (2q+1)^2 tau Var(f_hat(x))`` (Theorem 3.8 writes it
divided by ``tau Var(f_hat(x))``) implies ``Var(g(x|H')) < (1 + tau) Var(f_hat(x))`` (Eq. (43) and the translation:
``<=``).  Posed as one obligation over all eight parameters z3 proves it in 0.3 s and cvc5 answers ``unknown`` at
180 s; it is the conjunction of four parts, each decided by both solvers in seconds:

* ``bound-f0``, ``bound-f1``: the model's ``Var(g(x|H')) - Var(f_hat(x))`` (law of total variance at collision rate
  ``1/m'`` with decoder ``m'``, resp. ``1/m`` with decoder ``m``) is below ``beta``, the condition's bound on
  ``tau Var(f_hat(x))`` (``beta`` is solved from the claim's own derived condition), at ``f(x) = 0`` and at
  ``f(x) = 1``, every ``m' in [m0, m]``.  The difference is affine in ``f(x)`` (its second derivative in f(x) is 0,
  checked exactly when the obligations are built; otherwise none is posed), so the two end points give every
  ``0 <= f(x) <= 1``.  ``Var(R|=) = Var(R|!=) + u`` with ``u >= 0``: the assumption ``Var(R|=) >= Var(R|!=)``
  itself, as a variable cvc5 decides in seconds (with ``Var(R|=)`` it needed 10-13 s at f(x) = 0);
* ``positive``: the model's ``Var(f_hat(x)) > 0``;
* ``condition``: the claim's derived statement, ``Var(g)`` and ``Var(f_hat)`` left free, follows from
  ``Var(f_hat) > 0`` and ``Var(g) - Var(f_hat) < beta`` (what the three parts above prove for the models).

Every part assumes what the claim assumes: m >= 2, q >= 1 (``0 < w <= 1/9``: a proof over that real interval
covers every integer q >= 1), n >= 1, tau > 0, 0 <= f(x) <= 1, Var(R|=) >= Var(R|!=) > 0, m0 <= m' <= m.  The
variance model is the derived one (checked against the exact mechanisms on instances), so the scope is
``given-derived``.  Registered into :data:`ldpref.decide.ledger_obligations.OBLIGATIONS` on import.
"""

from __future__ import annotations

import sympy

from ldpref.decide.ledger_obligations import OBLIGATIONS
from ldpref.decide.obligation import Obligation, Variable
from ldpref.ledger.model_proofs import symbol

from .obligations_statements import _ge

#: the claim's parameters as the obligations name them: w = 1/(2q+1)^2, m' of h' (mp), Var(R|!=) and u = Var(R|=) -
#: Var(R|!=) of the models, the free Var(g(x|H')) of the last part
w, mp, vne = sympy.Symbol("w", positive=True), sympy.Symbol("mp", positive=True), sympy.Symbol("v_ne", positive=True)
u, fx, nr = sympy.Symbol("u", nonnegative=True), sympy.Symbol("f", nonnegative=True), sympy.Symbol("n", positive=True)
var_g_free = sympy.Symbol("var_g", real=True)

NAMES = ("m", "q", "n", "tau", r"Var(R|=)", r"Var(\hat{f}(x))", r"Var(g(x|\mathcal{H}'))")
ASSUMED = "every m >= 2, 0 < w = (2q+1)^-2 <= 1/9, m(1 - w) <= m' <= m"


def _in_w(expr, qs):
    """``expr`` with (2q+1)^2 written 1/w (q enters the correction only there)."""
    return expr.xreplace({(2 * qs + 1) ** 2: 1 / w, (2 * qs + 1) ** -2: w})


def _budget(condition, var_f, tau):
    """beta: the value of tau Var(f_hat(x)) at which the condition holds with equality (the condition is
    tau >= beta / Var(f_hat(x)) for Var(f_hat(x)) > 0); None when its cleared numerator is not linear in tau."""
    numerator = sympy.Poly(sympy.numer(sympy.together(condition.lhs - condition.rhs)), tau)
    if numerator.degree() != 1:
        return None
    beta = sympy.factor(-numerator.nth(0) / numerator.nth(1) * var_f)
    return None if beta.has(var_f, tau) else beta


def _thm38(claim_id):
    """Builder of the four parts for ``claim_id`` (thm3.8: '<'; appE.eq43, appE.translate: '<='), from the displayed
    correction handed in (the printed statement with its minimal edit); the variance models
    (:func:`derivations.pan_cms.hashing.var_g_model`, ``cms_var_model``) are model quantities no claim displays."""
    def build(printed, derived, *, correction):
        import derivations.pan_cms.hashing as H
        from derivations.pan_cms import symbols as P
        ms, qs, ns, taus, veq, var_f, var_g = (symbol(correction, x) for x in NAMES)
        statement = _in_w(correction, qs).xreplace({ns: nr})
        if qs in statement.free_symbols or not isinstance(statement, sympy.Implies):
            return []  # q outside (2q+1)^2, or not an implication: not the corrected statement posed here
        condition, _ = statement.args
        beta = _budget(condition, var_f, taus)
        if beta is None:
            return []
        to_form = {P.m: ms, P.var_eq: veq, P.var_neq: vne, P.f: fx, P.n: nr}
        model_g = H.var_g_model(1 / mp, P.var_eq, P.var_neq, P.f, P.n).xreplace(to_form)
        model_f = H.cms_var_model(1 / P.m, P.m, P.var_eq, P.var_neq, P.f, P.n).xreplace(to_form)
        gap = (model_g - model_f) * nr
        if sympy.cancel(sympy.diff(gap, fx, 2)) != 0 or fx in beta.free_symbols:
            return []  # not affine in f(x): its end points need not bound it, no obligation is posed
        low = ms * (1 - w)
        common = (sympy.Ge(ms, 2), sympy.Le(w, sympy.Rational(1, 9)))
        pair = (Variable(ms, "m", "real"), Variable(w, "w", "real"))
        out = []
        for end in (0, 1):
            goal = sympy.Lt(sympy.factor(sympy.together(gap.xreplace({fx: end, veq: vne + u}))),
                            sympy.factor(beta.xreplace({veq: vne + u}) * nr))
            out.append(Obligation(
                f"{claim_id}.bound-f{end}", claim_id,
                f"at f(x) = {end} (affine in f(x)): derived Var(g(x|H')) - derived Var(f_hat(x)) < beta, the "
                f"corrected condition's bound on tau Var(f_hat(x)), Var(R|=) = Var(R|!=) + u > 0, u >= 0, {ASSUMED}",
                (*pair, Variable(mp, "mp", "real"), Variable(vne, "var_ne", "real"), Variable(u, "u", "real")),
                (*common, sympy.Ge(mp, low), sympy.Le(mp, ms)), goal, model_side="derived", proves="correction"))
        out.append(Obligation(
            f"{claim_id}.positive", claim_id,
            "derived Var(f_hat(x)) > 0, every m >= 2, n >= 1, 0 <= f(x) <= 1, Var(R|=) >= Var(R|!=) > 0",
            (Variable(ms, "m", "real"), Variable(nr, "n", "integer"), Variable(veq, "var_eq", "real"),
             Variable(vne, "var_ne", "real"), Variable(fx, "f", "real")),
            (sympy.Ge(ms, 2), _ge(nr, 1), sympy.Le(fx, 1), sympy.Ge(veq, vne)), sympy.Gt(model_f, 0),
            model_side="derived", proves="correction"))
        out.append(Obligation(
            f"{claim_id}.condition", claim_id,
            "the corrected statement, Var(g(x|H')) and Var(f_hat(x)) free, follows from Var(f_hat(x)) > 0 and "
            "Var(g(x|H')) - Var(f_hat(x)) < beta (the three parts above), every tau > 0, n >= 1, m >= 2, "
            "0 < w <= 1/9",
            (*pair, Variable(nr, "n", "integer"), Variable(taus, "tau", "real"), Variable(veq, "var_eq", "real"),
             Variable(var_f, "var_f", "real"), Variable(var_g_free, "var_g", "real")),
            (*common, _ge(nr, 1), sympy.Lt(var_g_free - var_f, beta)), statement.xreplace({var_g: var_g_free}),
            model_side="derived", proves="correction"))
        return out
    return build


for _claim in ("pan-cms/thm3.8", "pan-cms/appE.eq43", "pan-cms/appE.translate"):
    OBLIGATIONS[_claim] = _thm38(_claim)


def _cor36(printed, derived, *, correction):
    """Corollary 3.6 (corrected: the condition is tau > T, not 2q + 1 > sqrt(1/tau)): with CMS+RR's derived
    Var(R|=), Var(R|!=) at m and e^eps = s^2 (s = e^(eps/2) > 1), T the derived threshold Var(g|f=0)/Var(f_hat|f=0) - 1
    (collision rate 1/m' with decoder m', resp. 1/m with decoder m), and MSE(g), MSE_hat(f_hat) the worst cases over
    0 <= f(x) <= 1 of the derived variances -- the larger of their values at f(x) = 0 and 1, as each is affine in
    f(x) (its second derivative in f(x) is 0, checked when the obligation is built; otherwise none is posed) --
    the derived statement holds for every m' with 1 < m' <= m (h' = h mod m has m(1 - (2q+1)^-2) <= m' <= m),
    tau > 0, n >= 1.  The statement is the displayed correction handed in (the printed one with its minimal edit)."""
    derived = correction
    import derivations.pan_cms.hashing as H
    from derivations.pan_cms import symbols as P
    names = ("m", r"e^{\epsilon/2}", "tau", r"T(m, m', \epsilon)", "MSE(g)", r"\widehat{MSE}(\hat{f})")
    ms, s, taus, threshold, mse_g, mse_f = (symbol(derived, x) for x in names)
    veq, vne = H.inner_variances("rr", ms, s ** 2)
    var_g = H.var_g_model(1 / mp, veq, vne, P.f, nr)
    var_f = H.cms_var_model(1 / ms, ms, veq, vne, P.f, nr)
    if any(sympy.cancel(sympy.diff(v, P.f, 2)) != 0 for v in (var_g, var_f)):
        return []  # not affine in f(x): the end points need not be the worst case, no obligation is posed
    worst = {mse_g: sympy.Max(*(var_g.subs(P.f, end) for end in (0, 1))),
             mse_f: sympy.Max(*(var_f.subs(P.f, end) for end in (0, 1))),
             threshold: H.ratio_threshold_model(ms, mp, veq, vne)}
    return [Obligation("pan-cms/cor3.6", "pan-cms/cor3.6",
                       "CMS+RR: tau > T (the derived threshold at m') and m = 1 + e^(eps/2) imply the derived worst "
                       "case over 0 <= f(x) <= 1 of Var(g(x|H')) (collision rate 1/m') below (1 + tau) that of "
                       "Var(f_hat(x)) (1/m), every e^eps = s^2 > 1, 1 < m' <= m, tau > 0, n >= 1",
                       (Variable(s, "s", "real"), Variable(ms, "m", "real"), Variable(mp, "mp", "real"),
                        Variable(taus, "tau", "real"), Variable(nr, "n", "integer")),
                       (sympy.Gt(s, 1), sympy.Gt(mp, 1), sympy.Le(mp, ms), _ge(nr, 1)), derived.xreplace(worst),
                       model_side="derived", proves="correction")]


OBLIGATIONS["pan-cms/cor3.6"] = _cor36
