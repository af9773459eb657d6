"""pan-cms statements proved for every parameter value with ldpref's all-parameter models (issue 25, items 2, 4).

Each builder takes the claim's printed statement as the run built it, replaces its abstract quantities (Var(R|=),
Var over the hash draw, Var(f_hat(x)), ...) by the models of :mod:`ldpref.symbolic` -- derived by summation for
symbolic parameters, never from enumerated instances -- and returns the obligations z3 and cvc5 decide
(:mod:`ldpref.decide`).  The reductions made in words (an average bounded by its smallest term) are stated in each
obligation's meaning.  Registered into :data:`ldpref.decide.ledger_obligations.OBLIGATIONS` on import.
"""

from __future__ import annotations

import sympy

from ldpref.decide.ledger_obligations import OBLIGATIONS, equation
from ldpref.decide.obligation import Obligation, Variable
from ldpref.ledger.model_proofs import symbol
from ldpref.symbolic import randomisers, sketch

t, m, n, k, S, c, f, mp = (sympy.Symbol(x, real=True) for x in ("t", "m", "n", "k", "S", "c", "f", "mp"))
#: e^(eps/2) for sRP (its bits are BRR at eps/2): with t = s^2 the obligation is polynomial, which cvc5 decides
#: where the radical sqrt(t) left it at 'unknown'
s_half = sympy.Symbol("s", positive=True)
Veq, Vne = sympy.Symbol("Veq", real=True), sympy.Symbol("Vne", real=True)


def _vars(*pairs):
    return tuple(Variable(s, s.name, dom) for s, dom in pairs)


def _inner(kind: str):
    """Var(R|=), Var(R|≠) of pan-cms's inner randomisers (Section 3.4), from their output weights."""
    if kind == "rr":
        model = randomisers.grr(m, t)
    elif kind == "arp":
        model = randomisers.oue(t)
    else:
        model = randomisers.sue(t)
        return tuple(sympy.simplify(v.subs(t, s_half ** 2)) for v in sketch.decoded_variances(model))
    return sketch.decoded_variances(model)


INNER = ("rr", "arp", "srp")
BASE = {"rr": (sympy.Gt(t, 1), sympy.Ge(m, 2)), "arp": (sympy.Gt(t, 1),), "srp": (sympy.Gt(s_half, 1),)}
#: the parameter of the inner randomiser's privacy: t = e^eps, or s = e^(eps/2) for sRP
PRIVACY = {"rr": t, "arp": t, "srp": s_half}


def _veq_geq_vne(printed, derived):
    veq, vne = symbol(printed, "Var(R|=)"), symbol(printed, r"Var(R|\neq)")
    out = []
    for kind in INNER:
        v_eq, v_ne = _inner(kind)
        variables = _vars((t, "real"), (m, "real")) if kind == "rr" else _vars((PRIVACY[kind], "real"))
        out.append(Obligation(f"pan-cms/appE.veq-geq-vne.{kind}", "pan-cms/appE.veq-geq-vne",
                              f"{kind.upper()}'s decoded variances (summed over its outputs): Var(R|=) >= Var(R|!=)",
                              variables, BASE[kind], printed.xreplace({veq: v_eq, vne: v_ne})))
    return out


def _draw_var(printed):
    """Var over the hash draw of E[f_hat(x)] = sum_{x' != x} f(x')^2 / (k (m - 1)) (k Bernoulli(1/m) collisions per
    value, :func:`ldpref.symbolic.sketch.draw_variance_of_mean`), with S = sum_{x' != x} f(x')^2 in [0, 1]
    (frequencies: S <= (sum f(x'))^2 <= 1)."""
    return sketch.draw_variance_of_mean(k, m, m / (m - 1), S)


DRAW_VARS = ((k, "integer"), (m, "real"), (S, "real"))
DRAW_BASE = (sympy.Ge(k, 1), sympy.Ge(m, 2), sympy.Ge(S, 0), sympy.Le(S, 1))


def _eq49(claim_id):
    def build(printed, derived):
        vd = symbol(printed, r"Var_{\forall c_j(x, x')}(E[\hat{f}(x)])")
        ks, ms = symbol(printed, "k"), symbol(printed, "m")
        goal = printed.xreplace({vd: _draw_var(printed), ks: k, ms: m})
        return [Obligation(claim_id, claim_id, "the model's Var over the draw, S/(k(m-1)) with 0 <= S <= 1, meets "
                           "the printed bound", _vars(*DRAW_VARS), DRAW_BASE, goal)]
    return build


def _per_client_variance(kind):
    """Var(f_hat(x) | draw) when every client's collision rate under the draw is c (holders: c = 1): pan-cms Eq. (2)
    with the per-client variance c Var(R|=) + (1 - c) Var(R|≠) + c(1 - c) (law of total variance over the hash
    index).  A dataset's Var(f_hat | draw) is the average of these over its clients, so it is at least the smallest;
    bounding every c in [0, 1] bounds the minimum over the draws."""
    v_eq, v_ne = _inner(kind)
    _, per_client = sketch.cms_client(c, v_eq, v_ne)
    return (m / (m - 1)) ** 2 * per_client / n, v_eq, v_ne


def _eq50(printed, derived):
    var, veq, vne, ns = (symbol(printed, x) for x in (r"Var(\hat{f}(x))", "Var(R|=)", r"Var(R|\neq)", "n"))
    out = []
    for kind in INNER:
        model, v_eq, v_ne = _per_client_variance(kind)
        goal = printed.xreplace({var: model, veq: v_eq, vne: v_ne, ns: n})
        out.append(Obligation(f"pan-cms/appF.eq50.{kind}", "pan-cms/appF.eq50",
                              f"CMS+{kind.upper()}: every client's Var(f_hat | draw) share (collision rate c in "
                              "[0, 1]) exceeds min{Var(R|=), Var(R|!=)}/n = Var(R|!=)/n",
                              _vars((PRIVACY[kind], "real"), (m, "real"), (n, "integer"), (c, "real")),
                              (*BASE[kind], sympy.Ge(m, 2), sympy.Ge(n, 1), sympy.Ge(c, 0), sympy.Le(c, 1)), goal))
    return out


def _ratio(printed, derived):
    names = (r"Var_{\forall c_j(x, x')}(E[\hat{f}(x)])", r"Var(\hat{f}(x))", r"Var(R|\neq)", "n", "k", "m")
    vd, var, vne, ns, ks, ms = (symbol(printed, x) for x in names)
    out = []
    for kind in INNER:
        model, _, v_ne = _per_client_variance(kind)
        goal = printed.xreplace({vd: _draw_var(printed), var: model, vne: v_ne, ns: n, ks: k, ms: m})
        out.append(Obligation(f"pan-cms/appF.ratio.{kind}", "pan-cms/appF.ratio",
                              f"CMS+{kind.upper()}: the model's draw variance over the smallest per-client "
                              "Var(f_hat | draw) is below n/((m-1) k Var(R|!=))",
                              _vars((PRIVACY[kind], "real"), (n, "integer"), (c, "real"), *DRAW_VARS),
                              (*BASE[kind], sympy.Ge(m, 2), sympy.Ge(n, 1), sympy.Ge(c, 0), sympy.Le(c, 1),
                               *DRAW_BASE[:1], *DRAW_BASE[2:]), goal))
    return out


def _eq42(printed, derived):
    dvar, veq, ms, ns = (symbol(printed, x) for x in
                         (r"\partial Var(g(x|\mathcal{H}'))/\partial m'", "Var(R|=)", "m'", "n"))
    var_g = sketch.cms_estimator_variance(mp, n, f, Veq, Vne, rate=1 / mp)  # Eq. (8) at c_bar = 1/m'
    goal = printed.xreplace({dvar: sympy.diff(var_g, mp), veq: Veq, ms: mp, ns: n})
    return [Obligation("pan-cms/appE.eq42", "pan-cms/appE.eq42",
                       "the derivative in m' of the model's Var(g(x|H')) lies in the printed bounds, every "
                       "0 <= f(x) <= 1, Var(R|=) >= Var(R|!=) > 0 (an eps-LDP randomiser, eps finite, has "
                       "Var(R|!=) > 0; at Var(R|=) = Var(R|!=) = 0, f(x) = 1 the variance is 0 for every m' and the "
                       "strict '< 0' fails), m' > 1",
                       _vars((mp, "real"), (n, "integer"), (f, "real"), (Veq, "real"), (Vne, "real")),
                       (sympy.Gt(mp, 1), sympy.Ge(n, 1), sympy.Ge(f, 0), sympy.Le(f, 1), sympy.Gt(Vne, 0),
                        sympy.Ge(Veq, Vne)), goal)]


def _rp_worst(printed, derived):
    mse, v0, v1 = (symbol(printed, x) for x in (r"n\,\widehat{MSE}", r"n Var|_{f=0}", r"n Var|_{f=1}"))
    from ldpref.symbolic.moments import estimator_moments
    out = []
    for kind, model in (("oue", randomisers.oue(t)), ("sue", randomisers.sue(t))):
        p_, q_ = randomisers.support_probabilities(model)
        nn, ff = sympy.symbols("n f", positive=True)
        _, var_count = estimator_moments(p_, q_)
        n_var = sympy.simplify(var_count.subs(ff, nn * f) / nn)  # n Var(f_hat(x)) at frequency f (no n left)
        worst = equation(printed, "printed worst case").rhs.xreplace({v0: n_var.subs(f, 0), v1: n_var.subs(f, 1)})
        out.append(Obligation(f"pan-cms/appH.rp-worst.{kind}", "pan-cms/appH.rp-worst",
                              f"{kind.upper()}: n Var(f_hat(x)) at every 0 <= f(x) <= 1 is at most the printed "
                              "maximum of its values at f(x) = 0 and 1 (so the worst case is an endpoint)",
                              _vars((t, "real"), (f, "real")), (sympy.Gt(t, 1), sympy.Ge(f, 0), sympy.Le(f, 1)),
                              sympy.Le(n_var, worst)))
    return out


OBLIGATIONS.update({
    "pan-cms/appE.veq-geq-vne": _veq_geq_vne,
    "pan-cms/appF.eq49": _eq49("pan-cms/appF.eq49"),
    "pan-cms/sec3.6.bias-order": _eq49("pan-cms/sec3.6.bias-order"),
    "pan-cms/appF.eq50": _eq50,
    "pan-cms/appF.ratio": _ratio,
    "pan-cms/appE.eq42": _eq42,
    "pan-cms/appH.rp-worst": _rp_worst,
})
