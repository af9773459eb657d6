"""pan-cms statements proved for every parameter value *given ldpref's derived forms* (issue 25, item 2).

Each builder receives the claim's printed and derived forms as the run built them and poses one of:

* the printed statement with its abstract quantities (an MSE, m_tau, an infimum over m) replaced by the derived
  form's expressions, for every admissible parameter value;
* "derived statement => printed statement" (or "<=>"), the abstract quantities (a rank, a probability, l1*) left
  as free real variables.

Either way the derived form is taken as given -- it is checked against the exact mechanism on instances, not
derived for all parameters -- so the obligations are ``model_side="derived"`` and a proof gives the claim scope
``given-derived`` (:mod:`ldpref.ledger.scope`).  ``2^b`` (b >= 1 bits) and ``2^l`` become real variables bounded
as the integers bound them (``B >= 2``; ``L/2 < d <= L`` for the smallest l with 2^l >= d): a proof over those
reals covers every integer b, l.  ``e^(eps/2)`` is the variable ``s`` (``e^eps = s^2``) where a square root of
e^eps occurs.  Registered into :data:`ldpref.decide.ledger_obligations.OBLIGATIONS` on import.
"""

from __future__ import annotations

import sympy

from ldpref.decide.ledger_obligations import OBLIGATIONS, FormNotPosed, equation
from ldpref.decide.obligation import Obligation, Variable
from ldpref.ledger.model_proofs import symbol

#: 2^b (RHR's bits), 2^l (Section 3.5's field size), e^(eps/2), and the printed statements' abstract quantities
B, L = sympy.Symbol("B", real=True), sympy.Symbol("L", real=True)
s_half = sympy.Symbol("s", positive=True)


def _ge(a, b):
    """``a >= b`` kept unevaluated (sympy folds ``k >= 1`` to True for a positive integer k; :func:`_ob` then
    gives k a real symbol, so the bound reaches the solver, which relaxes k to the reals)."""
    return sympy.Ge(a, b, evaluate=False)


def _ob(claim_id, label, meaning, variables, assumptions, goal):
    """An obligation taking the derived form as given; an integer parameter's symbol becomes a positive real one
    of the same name (positive or nonnegative as it was), so its lower bound (:func:`_ge`) is asserted rather than
    folded away."""
    name = claim_id if label is None else f"{claim_id}.{label}"
    rep = {v: sympy.Symbol(nm, **({"positive": True} if v.is_positive else {"nonnegative": True}))
           for v, nm, dom in variables if v.is_integer and v.is_nonnegative}
    variables = [(rep.get(v, v), nm, dom) for v, nm, dom in variables]
    return Obligation(name, claim_id, meaning, tuple(Variable(v, nm, dom) for v, nm, dom in variables),
                      tuple(sympy.sympify(a).xreplace(rep) for a in assumptions), sympy.sympify(goal).xreplace(rep),
                      model_side="derived")


def _rhr_mse(claim_id):
    """pan-cms Appendix H / Table 1: n MSE_RHR >= ((e^eps+1)/(e^eps-1))^2 with n MSE_RHR = the derived
    (e^eps+1)(2^b+e^eps-1)/(e^eps-1)^2, every b >= 1 (2^b >= 2), e^eps > 1."""
    def build(printed, derived):
        mse, e, b = symbol(printed, r"n\,\widehat{MSE}_{RHR}"), symbol(derived, "exp_eps"), symbol(derived, "b")
        goal = printed.xreplace({mse: equation(derived, "derived bound", sympy.GreaterThan).lhs}).xreplace({2 ** b: B})
        return [_ob(claim_id, None, "the printed lower bound holds for the derived n MSE_RHR, every e^eps > 1 and "
                    "2^b >= 2 (b >= 1 bits)", [(e, "t", "real"), (B, "B", "real")],
                    [sympy.Gt(e, 1), sympy.Ge(B, 2)], goal)]
    return build


def _same_residue(printed, derived):
    """Section 4.3: MSE_RHR > MSE_HE, with MSE_RHR - MSE_HE = the derived (2^b - 2)(e^eps + 1)/(n (e^eps - 1)^2)
    and b >= 2 (the claim's assumption: 2^b >= 4)."""
    rhr, he = symbol(printed, r"\mathrm{MSE}_{\mathrm{RHR}}"), symbol(printed, r"\mathrm{MSE}_{\mathrm{HE}}")
    e, b, n = (symbol(derived, x) for x in ("exp_eps", "b", "n"))
    difference = equation(derived, "derived difference > 0", sympy.StrictGreaterThan).lhs
    goal = printed.xreplace({rhr: he + difference}).xreplace({2 ** b: B})
    return [_ob("pan-cms/sec4.3.same-residue-worse", None, "MSE_RHR = MSE_HE + the derived difference exceeds "
                "MSE_HE, every e^eps > 1, n >= 1, 2^b >= 4 (b >= 2)",
                [(e, "t", "real"), (B, "B", "real"), (n, "n", "integer"), (he, "mse_he", "real")],
                [sympy.Gt(e, 1), sympy.Ge(B, 4), _ge(n, 1)], goal)]


def _eq38(printed, derived):
    """Appendix D, Eq. (38): m_tau >= (e^eps - 1)^2 / (2 e^eps (tau + 1)) with m_tau = the derived root of
    l2(m) = (1 + tau) lim l2 (a square root of a polynomial in e^eps and tau)."""
    mt, e, tau = symbol(printed, r"m_{\tau}"), symbol(printed, "exp_eps"), symbol(printed, "tau")
    goal = printed.xreplace({mt: equation(derived, "derived bound on m_tau", sympy.GreaterThan).lhs})
    return [_ob("pan-cms/appD.eq38", None, "the derived m_tau meets the printed lower bound, every e^eps > 1, "
                "tau > 0", [(e, "t", "real"), (tau, "tau", "real")], [sympy.Gt(e, 1), sympy.Gt(tau, 0)], goal)]


def _thm37_l1(printed, derived):
    """Theorem 3.7 (l1): the printed bound on l1* is the derived one (the same quantity, 1/n moved under the root):
    for every l1* >= 0, printed <=> derived."""
    l1, d, e, n = (symbol(printed, x) for x in (r"l_1^{*}(\hat{f})", "d", "exp_eps", "n"))
    return [_ob("pan-cms/thm3.7.l1", None, "l1* <= printed bound <=> l1* <= derived bound, every l1* >= 0, "
                "d >= 2, n >= 1, e^eps > 1",
                [(l1, "l1", "real"), (d, "d", "integer"), (e, "t", "real"), (n, "n", "integer")],
                [sympy.Ge(l1, 0), _ge(d, 2), sympy.Gt(e, 1), _ge(n, 1)],
                sympy.Equivalent(printed, derived))]


def _eq21(claim_id):
    """Theorem 3.11 / Eq. (21): the derived statement (condition with >=) implies the printed one (with >), the
    probability and Var(R|!=) left free."""
    def build(printed, derived):
        names = (r"Var(R|\neq)", r"\Pr((E[\hat{f}(x)] - f(x))^2 \leq \tau Var(\hat{f}(x)))", "delta", "tau", "n",
                 "k", "m")
        v, pr, delta, tau, n, k, m = (symbol(printed, x) for x in names)
        return [_ob(claim_id, None, "derived statement (condition with >=) => printed statement (condition with >), "
                    "for every probability and Var(R|!=) > 0, delta, tau > 0, n, k >= 1, m >= 2",
                    [(v, "var_ne", "real"), (pr, "pr", "real"), (delta, "delta", "real"), (tau, "tau", "real"),
                     (n, "n", "integer"), (k, "k", "integer"), (m, "m", "real")],
                    [_ge(n, 1), _ge(k, 1), sympy.Ge(m, 2)], sympy.Implies(derived, printed))]
    return build


def _small_km(printed, derived):
    """Section 4.6: rank A <= k(m - 1) + 1 (derived) and km < d imply rank A < d (printed)."""
    rank, d = symbol(printed, r"\mathrm{rank}\,A"), symbol(printed, "d")
    k, m = symbol(derived, "k"), symbol(derived, "m")
    return [_ob("pan-cms/sec4.6.small-km", None, "derived rank bound => printed rank < d, every k >= 1, m >= 2 "
                "with k m < d", [(rank, "rank", "real"), (d, "d", "integer"), (k, "k", "integer"),
                                 (m, "m", "real")],
                [_ge(k, 1), sympy.Ge(m, 2), sympy.Lt(k * m, d)], sympy.Implies(derived, printed))]


def _family_size(printed, derived):
    """Section 3.5: |H| = 2^(2l) (printed) implies d^2 <= |H| < 4 d^2 (the derived Theta(d^2)) for the smallest l
    with 2^l >= d, i.e. 2^(l-1) < d <= 2^l."""
    h, l = symbol(printed, r"|\mathcal{H}|"), symbol(printed, "l")
    d = symbol(derived, "d")
    two_l = {2 ** (2 * l): L ** 2}
    return [_ob("pan-cms/sec3.5.family-size", None, "printed |H| = 2^(2l) => derived (|H| = 2^(2l), d^2 <= |H| < "
                "4 d^2), 2^l = L with L/2 < d <= L (l the smallest with 2^l >= d)",
                [(h, "H", "real"), (d, "d", "integer"), (L, "L", "real")],
                [_ge(d, 1), sympy.Lt(L, 2 * d), sympy.Le(d, L)],
                sympy.Implies(printed.xreplace(two_l), derived.xreplace(two_l)))]


def _half(expr, e):
    """``expr`` with e^eps = s^2 (so sqrt(e^eps) = s)."""
    return sympy.powsimp(expr.xreplace({e: s_half ** 2}), force=True)


def _rp_vs_rr(claim_id, split):
    """Appendix D: the printed comparison of inf_m MSE_RP with min_m MSE_RR, both replaced by the derived values
    (min_m MSE_RR is piecewise in f*: one obligation per piece, the piece's range of f* assumed)."""
    def build(printed, derived):
        inf, mn = symbol(printed, r"\inf_m \widehat{MSE}_{RP}"), symbol(printed, r"\min_m \widehat{MSE}_{RR}")
        fs, e, n = symbol(printed, "f^*"), symbol(derived, "exp_eps"), symbol(derived, "n")
        if not isinstance(derived, (sympy.Implies, sympy.And)):
            raise FormNotPosed(f"the derived form is a {type(derived).__name__}, not the comparison this proof reads")
        rel = derived.args[-1] if isinstance(derived, sympy.Implies) else derived.args[0].args[-1]
        rp, (piece_low, piece_high) = rel.lhs, rel.rhs.args
        out = []
        for label, (expr, _), rng in (("low", piece_low, sympy.Le(fs, sympy.Rational(1, 2))),
                                      ("high", piece_high, sympy.Gt(fs, sympy.Rational(1, 2)))):
            goal = _half(printed.xreplace({inf: rp, mn: expr}), e)
            out.append(_ob(claim_id, label, f"{split}: the printed comparison with the derived inf_m MSE_RP and "
                           f"min_m MSE_RR ({'f* <= 1/2' if label == 'low' else 'f* > 1/2'}), every e^eps = s^2 > 1, "
                           "0 <= f* <= 1, n >= 1", [(s_half, "s", "real"), (fs, "fs", "real"), (n, "n", "integer")],
                           [sympy.Gt(s_half, 1), sympy.Ge(fs, 0), sympy.Le(fs, 1), _ge(n, 1), rng], goal))
        return out
    return build


def _skewed(printed, derived):
    """Section 4.3: RHR's collision rate is 1/2 (same residue) or 0 (derived, piecewise); neither is 2^-b for b >= 2
    (2^b >= 4).  One obligation per piece: "c_bar = the piece's value => printed c_bar != 2^-b"."""
    c, b = symbol(printed, r"\bar{c}_{\mathrm{RHR}}(x, x')"), symbol(printed, "b")
    goal = printed.xreplace({2 ** (-b): 1 / B})
    return [_ob("pan-cms/sec4.3.skewed", label, f"derived c_bar = {value} ({label}) => printed c_bar != 2^-b, every "
                "2^b >= 4 (b >= 2)", [(c, "c", "real"), (B, "B", "real")], [sympy.Ge(B, 4)],
                sympy.Implies(sympy.Eq(c, value), goal))
            for label, (value, _) in zip(("same-residue", "other-residue"),
                                         equation(derived, "derived collision rate").rhs.args)]


def _tns(printed, derived):
    """Section 4.3: the matrix takes 2 min(2^(b-1), d) values (derived), which is 2^b (printed) when d >= 2^(b-1)
    (the claim's assumption)."""
    size, b = symbol(printed, r"|\{M[x][j]\}|"), symbol(printed, "b")
    d = symbol(derived, "d")
    two = {2 ** b: B, 2 ** (b - 1): B / 2}
    return [_ob("pan-cms/sec4.3.tns", None, "derived 2 min(2^(b-1), d) values => printed 2^b, every 2^b >= 2 and "
                "d >= 2^(b-1)", [(size, "size", "real"), (d, "d", "integer"), (B, "B", "real")],
                [sympy.Ge(B, 2), sympy.Ge(d, B / 2)], sympy.Implies(derived.xreplace(two), printed.xreplace(two)))]


def _sync_cost(printed, derived):
    """Section 5.3: both the printed comparison (in log2 d, log2 n) and the derived one (in their ceilings) hold for
    every d >= 2, n >= 1: log2 d and log2 n (and their ceilings) enter only as atoms, replaced by real variables
    ranging over [1, oo) and [0, oo), which contain their values -- a proof over those ranges covers every d, n."""
    d, n = symbol(printed, "d"), symbol(printed, "n")
    log2 = next(iter(printed.atoms(sympy.Function))).func
    x, y, cx, cy = (sympy.Symbol(v, real=True) for v in ("lg_d", "lg_n", "clg_d", "clg_n"))
    logs = {log2(d): x, log2(n): y}
    ceils = {sympy.ceiling(log2(d)): cx, sympy.ceiling(log2(n)): cy}
    return [_ob("pan-cms/sec5.3.sync-cost", "printed", "printed 2 log2 d < log2 n + max(4 log2 d, 2 log2 n), every "
                "log2 d >= 1, log2 n >= 0", [(x, "lg_d", "real"), (y, "lg_n", "real")],
                [sympy.Ge(x, 1), sympy.Ge(y, 0)], printed.xreplace(logs)),
            _ob("pan-cms/sec5.3.sync-cost", "derived", "derived 2 ceil(log2 d) < ceil(log2 n) + 2 max(2 ceil(log2 d), "
                "ceil(log2 n)), every ceil(log2 d) >= 1, ceil(log2 n) >= 0",
                [(cx, "clg_d", "integer"), (cy, "clg_n", "integer")], [sympy.Ge(cx, 1), sympy.Ge(cy, 0)],
                derived.xreplace(ceils))]


def _eq18(printed, derived):
    """Eq. (18): for x1 != x2 (the claim's assumption) the derived joint probability is its first piece 2^(-2l),
    which is the printed value; 2^l = L >= 2 (l >= 1)."""
    pr, l = symbol(printed, r"\Pr_{h \in \mathcal{H}}(h(x_1) = y_1, h(x_2) = y_2)"), symbol(printed, "l")
    (value, cond), _ = equation(derived, "derived probability").rhs.args
    x1, x2 = sorted(cond.free_symbols, key=str)
    two = {2 ** (-2 * l): 1 / L ** 2}
    return [_ob("pan-cms/eq18", None, "derived Pr at x1 != x2 (its first piece) => printed 2^(-2l), every 2^l >= 2",
                [(pr, "pr", "real"), (L, "L", "real"), (x1, "x1", "integer"), (x2, "x2", "integer")],
                [sympy.Ge(L, 2), sympy.Ne(x1, x2)],
                sympy.Implies(sympy.And(cond, sympy.Eq(pr, value)).xreplace(two), printed.xreplace(two)))]


def _limit_positive(claim_id, names):
    """Sections 3.5 / 3.6: the derived limit (a positive expression in the named parameters) satisfies the printed
    0 < limit (< oo: every real value is finite, so that conjunct is dropped from the goal and said here).
    ``names``: (symbol name in the derived form, SMT-LIB name)."""
    def build(printed, derived):
        derived = equation(derived, "derived limit")
        lim = derived.lhs
        # plain real symbols: the form's positive ones would let sympy fold the goal to True before a solver sees it
        params = [(symbol(derived, x), sympy.Symbol(smt, real=True)) for x, smt in names]
        goal = printed.xreplace({lim: derived.rhs.xreplace(dict(params))}, )
        goal = goal.xreplace({r: sympy.true for r in goal.atoms(sympy.StrictLessThan) if r.rhs is sympy.oo})
        return [_ob(claim_id, None, "the derived limit meets the printed 0 < limit (a real limit is finite), every "
                    + ", ".join(f"{p} > 0" if p.name != "m" else "m >= 2" for _, p in params),
                    [(p, p.name, "real") for _, p in params],
                    [sympy.Ge(p, 2) if p.name == "m" else sympy.Gt(p, 0) for _, p in params], goal)]
    return build


OBLIGATIONS.update({
    "pan-cms/appH.rhr-mse": _rhr_mse("pan-cms/appH.rhr-mse"),
    "pan-cms/table1.RHR.mse": _rhr_mse("pan-cms/table1.RHR.mse"),
    "pan-cms/sec4.3.same-residue-worse": _same_residue,
    "pan-cms/appD.eq38": _eq38,
    "pan-cms/thm3.7.l1": _thm37_l1,
    "pan-cms/eq21": _eq21("pan-cms/eq21"),
    "pan-cms/thm3.11": _eq21("pan-cms/thm3.11"),
    "pan-cms/sec4.6.small-km": _small_km,
    "pan-cms/sec3.5.family-size": _family_size,
    "pan-cms/appD.arp-ruled-out": _rp_vs_rr("pan-cms/appD.arp-ruled-out", "CMS+aRP"),
    "pan-cms/appD.srp-ruled-out": _rp_vs_rr("pan-cms/appD.srp-ruled-out", "CMS+sRP"),
    "pan-cms/sec4.3.skewed": _skewed,
    "pan-cms/sec4.3.tns": _tns,
    "pan-cms/sec5.3.sync-cost": _sync_cost,
    "pan-cms/eq18": _eq18,
    "pan-cms/sec3.5.q-order": _limit_positive("pan-cms/sec3.5.q-order",
                                                (("V_1", "V1"), ("tau", "tau"), ("m", "m"))),
    "pan-cms/sec3.6.k-order": _limit_positive("pan-cms/sec3.6.k-order",
                                                ((r"Var(R|\neq)", "var_ne"), ("delta", "delta"), ("tau", "tau"))),
})
