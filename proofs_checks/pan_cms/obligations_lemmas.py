"""pan-cms statements over a free number of coordinates or datasets, proved by lemmas whose steps are obligations
(issue 25, item 2).  Registered into :data:`ldpref.decide.ledger_obligations.OBLIGATIONS` on import.

A statement about a sum over the d values of x (d free) or a maximum over the datasets of n clients has no fixed set
of real variables, but it follows by induction from a step with a fixed set: if the statement holds for the first j
terms (partial sums ``A``, ``B``) and for the next term (``a``, ``b``), it holds for j + 1 terms; the empty sum is
``0 <= 0``.  Each step is an obligation (exported as SMT-LIB, decided by z3 and re-checked by cvc5); the induction
that strings the steps together is sound for every finite number of terms, which is all a sum over d values or a
maximum over the (finitely many) datasets of n clients needs.

* ``appE.l2-sum`` (Appendix E, proof of Corollary 3.7): with l2 = max over datasets of sum_x Var (the derived
  reading: Eq. (2)'s f_hat and Eq. (8)'s g are unbiased, so each MSE is a variance -- checked on instances, hence
  ``model_side="derived"``), the printed conclusion ``l2(g) <= (1 + tau) l2(f_hat)`` follows from the per-x
  hypothesis by (1) summation preserves termwise ``<=`` (the step below) and (2) the maximum over datasets: at the
  dataset D* where l2(g) is attained, ``l2(g) = L_g(D*) <= (1 + tau) L_f(D*) <= (1 + tau) l2(f_hat)`` as
  ``1 + tau > 0``.
"""

from __future__ import annotations

import sympy

from ldpref.decide.ledger_obligations import OBLIGATIONS, FormNotPosed
from ldpref.decide.obligation import Obligation, Variable
from ldpref.ledger.model_proofs import symbol


def _reals(*names):
    return tuple(sympy.Symbol(n, real=True) for n in names)


def _conclusion(printed):
    """The printed ``hypothesis => l2(g) <= c l2(f_hat)``: (hypothesis, l2(g), l2(f_hat), the relation)."""
    if not isinstance(printed, sympy.Implies):
        raise LookupError(f"the printed form is a {type(printed).__name__}, not 'per-x hypothesis => l2 bound'")
    hyp, rel = printed.args
    return hyp, symbol(rel, "l_{2}(g)"), symbol(rel, r"l_{2}(\hat{f})"), rel


def _l2_sum(printed, derived):
    """The printed implication, which the derived reading (each MSE a variance) states as it is: the two displayed
    forms are one relation here, and a derived form that differs from it is not the reading these steps take as
    given (no proof is attempted)."""
    if printed != derived:
        raise FormNotPosed("the derived form handed in is not the printed implication (the derived reading states "
                           "it unchanged): no proof attempted")
    _, l2g, l2f, rel = _conclusion(printed)
    tau = symbol(rel, "tau")
    t = sympy.Symbol("tau", real=True)
    A, B, a, b = _reals("A", "B", "a", "b")
    G, F, Fmax = _reals("G", "F", "F_max")
    rel = rel.xreplace({tau: t})
    factor = 1 + t  # the per-x hypothesis: Var(g(x)) <= (1 + tau) Var(f_hat(x)) (its symbol names it)
    step = Obligation(
        "pan-cms/appE.l2-sum.step", "pan-cms/appE.l2-sum",
        "summation preserves termwise <=: if the first j values give A <= (1 + tau) B (the printed bound on their "
        "partial sums) and the next value has Var(g) = a <= (1 + tau) Var(f_hat) = b, the first j + 1 give the "
        "printed bound on A + a, B + b (induction on j: every finite d)",
        tuple(Variable(v, v.name, "real") for v in (t, A, B, a, b)),
        (sympy.Gt(t, 0), sympy.Ge(a, 0), sympy.Ge(b, 0), sympy.Ge(A, 0), sympy.Ge(B, 0),
         rel.xreplace({l2g: A, l2f: B}), sympy.Le(a, factor * b)),
        rel.xreplace({l2g: A + a, l2f: B + b}), model_side="derived")
    base = Obligation(
        "pan-cms/appE.l2-sum.base", "pan-cms/appE.l2-sum",
        "the induction's base: the printed bound on the empty sums (j = 0 values: both sums 0)",
        (Variable(t, "tau", "real"),), (sympy.Gt(t, 0),), rel.xreplace({l2g: 0, l2f: 0}), model_side="derived")
    worst = Obligation(
        "pan-cms/appE.l2-sum.max", "pan-cms/appE.l2-sum",
        "the maximum over datasets: at the dataset where l2(g) = G is attained, G <= (1 + tau) F (the summed bound) "
        "and F <= F_max = l2(f_hat) give the printed bound on l2(g) = G, l2(f_hat) = F_max",
        tuple(Variable(v, v.name, "real") for v in (t, G, F, Fmax)),
        (sympy.Gt(t, 0), sympy.Ge(G, 0), sympy.Ge(F, 0), sympy.Le(F, Fmax), sympy.Le(G, factor * F)),
        rel.xreplace({l2g: G, l2f: Fmax}), model_side="derived")
    return [base, step, worst]


OBLIGATIONS["pan-cms/appE.l2-sum"] = _l2_sum


def _cauchy_schwarz(claim_id):
    """Section 3.4 / Appendix D (corrected): l1 <= sqrt(d l2), the general inequality for any estimator: l1 and l2
    are maxima over datasets of E sum_x |e_x| and E sum_x e_x^2 (Section 2.2; e the error vector over the d
    values), so no model quantity enters (``model_side="all-parameters"``).  Three induction steps and the
    maximum:

    1. Cauchy-Schwarz over the coordinates, induction on the number j of summed coordinates: S_j^2 <= j Q_j with
       S_j = sum |e_x|, Q_j = sum e_x^2 (base j = 0: 0 <= 0);
    2. Jensen over the outcomes (finitely many), induction on the outcomes summed: (sum p_o s_o)^2 <= (sum p_o)
       (sum p_o w_o) whenever s_o^2 <= w_o (s_o = S_d at outcome o, w_o = d Q_d there, by 1); at total mass 1,
       (E S)^2 <= d E Q;
    3. at the dataset where l1 = E S is attained, E Q <= l2, so the correction holds (the derived sqrt(d l2), which
       sympy builds as sqrt(d) sqrt(l2) for the positive d: the displayed correction, the goal's very text).

    The bound is the displayed correction handed in (the printed one with its minimal edit).
    """
    def build(printed, derived, *, correction):
        derived = correction
        if not isinstance(derived, sympy.Le):
            raise LookupError(f"the derived form is a {type(derived).__name__}, not the bound l1 <= ...")
        l1, l2, d = symbol(derived, r"l_1(\hat{f})"), symbol(derived, r"l_2(\hat{f})"), symbol(derived, "d")
        j, S, Q, a = _reals("j", "S", "Q", "a")
        P, M, V, p, s, w = _reals("P", "M", "V", "p", "s", "w")
        dr, L1, Q1, L2 = _reals("d", "L1", "Q1", "L2")
        nonneg = (lambda *vs: tuple(sympy.Ge(v, 0) for v in vs))
        mk = (lambda label, meaning, vs, assumptions, goal: Obligation(
            f"{claim_id}.{label}", claim_id, meaning, tuple(Variable(v, v.name, "real") for v in vs),
            assumptions, goal, proves="correction"))
        return [
            mk("coords-step", "Cauchy-Schwarz over the d coordinates, induction step: S^2 <= j Q and a = |e_x| >= 0 "
               "give (S + a)^2 <= (j + 1)(Q + a^2) (base j = 0: S = Q = 0)", (j, S, Q, a),
               (*nonneg(j, S, Q, a), sympy.Le(S ** 2, j * Q)), sympy.Le((S + a) ** 2, (j + 1) * (Q + a ** 2))),
            mk("outcomes-step", "Jensen over the outcomes, induction step: M^2 <= P V, an outcome of probability p "
               "with s^2 <= w give (M + p s)^2 <= (P + p)(V + p w) (base: no outcome, M = P = V = 0)",
               (P, M, V, p, s, w), (*nonneg(P, M, V, p, s), sympy.Le(s ** 2, w), sympy.Le(M ** 2, P * V)),
               sympy.Le((M + p * s) ** 2, (P + p) * (V + p * w))),
            mk("max", "the maximum over datasets: at the dataset where l1 = L1 = E sum_x |e_x| is attained, "
               "L1^2 <= d Q1 (steps 1, 2 at total probability 1) and Q1 = E sum_x e_x^2 <= l2 give the corrected "
               "bound", (dr, L1, Q1, L2), (sympy.Ge(dr, 1), *nonneg(L1, Q1), sympy.Le(L1 ** 2, dr * Q1),
                                          sympy.Le(Q1, L2)), derived.xreplace({l1: L1, l2: L2, d: dr})),
        ]
    return build


for _cid in ("pan-cms/sec3.4.l1-cauchy-schwarz", "pan-cms/appD.l1-cauchy-schwarz"):
    OBLIGATIONS[_cid] = _cauchy_schwarz(_cid)


def _eq48(printed, derived, *, correction):
    """Appendix F.2, Eq. (48) (corrected: sufficient, not equivalent): V_draw/(tau Var_min) <= delta implies
    Pr((E[f_hat(x)|draw] - f(x))^2 <= tau Var(f_hat(x)|draw)) >= 1 - delta, over the finitely many hash draws.

    1. inclusion, per draw: y = (E[f_hat|draw] - f)^2 > tau Var(f_hat|draw) with Var(f_hat|draw) >= Var_min gives
       y > tau Var_min (a draw outside Eq. (21)'s event lies in Markov's event);
    2. Markov over the draws, induction on the draws summed: c Pr_partial(y > c) <= E_partial[y] (base: no draw,
       0 <= 0), c = tau Var_min > 0;
    3. at total mass, E[y] = V_draw (E over the draws of E[f_hat|draw] is f(x), Eq. (19): the derived reading, so
       ``model_side="derived"``) and Pr(21) >= 1 - Pr(y > c), which give the corrected implication.

    The implication is the displayed correction handed in (the printed one with its minimal edit).
    """
    derived = correction
    if not isinstance(derived, sympy.Implies):
        raise LookupError(f"the derived form is a {type(derived).__name__}, not 'ratio <= delta => Pr >= 1 - delta'")
    tau, delta = symbol(derived, "tau"), symbol(derived, "delta")
    vmin = symbol(derived, r"\min_{draw} Var(\hat{f}(x)|draw)")
    vd = symbol(derived, r"Var_{\forall c_j(x, x')}(E[\hat{f}(x)])")
    pr = symbol(derived, r"\Pr((E[\hat{f}(x)] - f(x))^2 \leq \tau Var(\hat{f}(x)))")
    t, vm, dl, V, Pr, Pb = _reals("tau", "v_min", "delta", "V_draw", "Pr", "P_bad")
    y, v, c, Pm, EY, p = _reals("y", "v", "c", "P", "EY", "p")
    mk = (lambda label, meaning, vs, assumptions, goal: Obligation(
        f"pan-cms/appF.eq48.{label}", "pan-cms/appF.eq48", meaning, tuple(Variable(x, x.name, "real") for x in vs),
        assumptions, goal, model_side="derived", proves="correction"))
    return [
        mk("inclusion",
           "per draw: y = (E[f_hat|draw] - f)^2 > tau Var(f_hat|draw) >= tau Var_min gives y > tau Var_min",
           (t, vm, v, y), (sympy.Gt(t, 0), sympy.Gt(vm, 0), sympy.Ge(v, vm), sympy.Gt(y, t * v)), sympy.Gt(y, t * vm)),
        mk("markov-step", "Markov over the draws, induction step: c P <= E_partial[y] and a draw of probability p with "
           "y >= 0 keep c P(y > c) <= E[y] (base: no draw, 0 <= 0)", (c, Pm, EY, p, y),
           (sympy.Gt(c, 0), sympy.Ge(Pm, 0), sympy.Ge(p, 0), sympy.Ge(y, 0), sympy.Le(c * Pm, EY)),
           sympy.And(sympy.Implies(sympy.Gt(y, c), sympy.Le(c * (Pm + p), EY + p * y)),
                     sympy.Implies(sympy.Le(y, c), sympy.Le(c * Pm, EY + p * y)))),
        mk("total", "at total probability: tau Var_min P(y > tau Var_min) <= E[y] = V_draw (Markov; Eq. (19)) and "
           "Pr(21) >= 1 - P(y > tau Var_min) (the inclusion) give the corrected Eq. (48)", (t, vm, dl, V, Pr, Pb),
           (sympy.Gt(t, 0), sympy.Gt(vm, 0), sympy.Gt(dl, 0), sympy.Ge(Pb, 0), sympy.Le(t * vm * Pb, V),
            sympy.Ge(Pr, 1 - Pb)),
           derived.xreplace({tau: t, vmin: vm, delta: dl, vd: V, pr: Pr})),
    ]


OBLIGATIONS["pan-cms/appF.eq48"] = _eq48


def _eq22(printed, derived):
    """Section 6, Eq. (22) (corrected: >=, not >): E[max_x S(x)] >= max_x E[S(x)] over the values of interest and
    the finitely many outcomes of t rounds, any mechanism -- no model quantity (``model_side="all-parameters"``):

    1. the maximum over the coordinates, induction on the coordinates: M_{j+1} = max(M_j, S_{j+1}) is at least
       every coordinate that M_j is at least, and at least S_{j+1};
    2. expectation is monotone, induction on the outcomes: E_partial[max] >= E_partial[S(x0)] and an outcome of
       probability p with max >= S(x0) keep it (base: no outcome, 0 >= 0);
    3. at the x0 attaining max_x E[S(x)], E[max_x S(x)] >= E[S(x0)] = max_x E[S(x)]: the corrected Eq. (22).
    """
    if not isinstance(derived, sympy.GreaterThan):
        raise LookupError(f"the derived form is a {type(derived).__name__}, not E[max] >= max E")
    e_max, max_e = derived.lhs, derived.rhs
    if not (isinstance(e_max, sympy.Symbol) and isinstance(max_e, sympy.Symbol)):
        raise LookupError("the derived form's sides are not the quantities E[max_x S(x)], max_x E[S(x)]")
    M, b, s, E1, E2, p, Em, Es = _reals("M", "b", "s", "E_max", "E_s", "p", "E_max_total", "E_s_total")
    mk = (lambda label, meaning, vs, assumptions, goal: Obligation(
        f"pan-cms/eq22.{label}", "pan-cms/eq22", meaning, tuple(Variable(x, x.name, "real") for x in vs),
        assumptions, goal, proves="correction"))
    return [
        mk("max-step", "the maximum over the coordinates, induction step: M >= s gives max(M, b) >= s and "
           "max(M, b) >= b", (M, b, s), (sympy.Ge(M, s),),
           sympy.And(sympy.Ge(sympy.Max(M, b), s), sympy.Ge(sympy.Max(M, b), b))),
        mk("expectation-step", "expectation is monotone, induction step over the outcomes: E_max >= E_s and an "
           "outcome of probability p >= 0 with max >= S(x0) give E_max + p max >= E_s + p S(x0) (base: 0 >= 0)",
           (E1, E2, p, M, s), (sympy.Ge(E1, E2), sympy.Ge(p, 0), sympy.Ge(M, s)), sympy.Ge(E1 + p * M, E2 + p * s)),
        mk("total", "at the value x0 attaining max_x E[S(x)]: E[max_x S(x)] >= E[S(x0)] (steps 1, 2) is the "
           "corrected Eq. (22)", (Em, Es), (sympy.Ge(Em, Es),), derived.xreplace({e_max: Em, max_e: Es})),
    ]


OBLIGATIONS["pan-cms/eq22"] = _eq22
