"""pan-cms statements whose forms are predicates evaluated by code, posed symbolically (issue 25, item 2).

The printed and derived forms of these claims are predicates (on matrices, on grids of slopes, on the plotted values
of Figs 2-4): the ledger evaluates them on instances.  Each builder here poses the mathematics the predicate tests
as one relation of parameters, for every admissible value, so z3 and cvc5 decide it (:mod:`ldpref.decide`):

* Definition 2.1 / Theorem 3.1: every ratio within a row of the inner mechanism's perturbation matrix (RR on [m],
  aRP, sRP), and of the CMS's (the inner entries over k), is at most e^eps, the largest equal to it -- with the
  support probabilities of :mod:`ldpref.symbolic.randomisers` (summed output weights, for symbolic m and e^eps);
* Corollary 3.1: with E[y_hat[h(x)]] of a client holding x' equal to its collision rate c (the model of
  :func:`ldpref.symbolic.sketch.cms_client`), Eq. (2)'s bias term of x' vanishes iff c = 1/m;
* Section 4.4: the local-hashing estimator is Eq. (2) with RR's (p, q) from the symbolic model; the worst-case
  MSE of CMS + RR (:func:`ldpref.symbolic.sketch.cms_estimator_variance`) has its maximum at f(x) = 0 for m = 2 and
  at f(x) = 1 for OLH (m = e^eps + 1), for every e^eps > 1;
* Section 6 (Figs 2-4): HE's and CMS+HE's (m = 1024) per-x variances from ldpref's derived Table 1 coefficients are
  within 1% of each other for every e^eps > 1 and every count c_x of x among n clients (so every plotted metric
  is: a max, a sum and a sum of square roots of quantities within 1% are within 1%) -- derived coefficients taken
  as given (``model_side="derived"``, scope given-derived).  These statements are Predicates on the plotted values
  of a finite parameter set, read there (:func:`.obligations_sec6.read_points`): a form false at a plotted eps it
  asserts is refused.

The reductions made in words (the classes of ratios of a row, the per-x' terms of a sum, the metrics over x) are
stated in each obligation's meaning.  Registered into :data:`ldpref.decide.ledger_obligations.OBLIGATIONS` on
import.
"""

from __future__ import annotations

import sympy

from ldpref.decide.ledger_obligations import OBLIGATIONS, FormNotPosed, equation, poses
from ldpref.decide.obligation import Obligation, Variable
from ldpref.ledger.model_proofs import symbol
from ldpref.symbolic import randomisers, sketch

from .obligations import _vars
from .obligations_sec6 import read_points

t, m, n, k, f, c, S, d_ = (sympy.Symbol(x, real=True) for x in ("t", "m", "n", "k", "f", "c", "S", "d"))
#: e^(eps/2): sRP's bits are binary RR at eps/2; with t = s^2 its ratios are polynomial
s_half = sympy.Symbol("s", real=True)


#: why these builders pose their printed statement rather than read it (:func:`ldpref.decide.ledger_obligations.poses`)
_PREDICATE = ("the printed statement is a Predicate (code on a mechanism's matrix, decoders, slopes or values) and "
              "claims every m and e^eps: its values at the ledger's instances do not fix that statement, and its code "
              "has no relation to read; the obligation states its mathematics over ldpref's symbolic models")
#: the same, for a printed statement that is a sympy Boolean of propositions named in words
_NAMED = ("the printed statement is a sympy Boolean whose atoms are propositions named in words (a LaTeX symbol "
          "such as 'forall X, x: E[f_hat(x)] = f(x)'), with no relation or number to read; the obligation states "
          "each atom over ldpref's symbolic models")


def _eq(a, b):
    """``a = b`` kept unevaluated (the solver, not sympy's simplifier, decides it)."""
    return sympy.Eq(a, b, evaluate=False)


# ---- Definition 2.1, Theorem 3.1: privacy of the inner mechanisms and of the CMS ---------------------------------
def _row_ratios(kind):
    """(variables, assumptions, e^eps, worst ratio, the other ratio classes) of an inner mechanism's rows.

    RR on [m]: an output u is reported w.p. p (u = the value) or q (otherwise), so a ratio within a row is p/q,
    q/p or 1.  aRP / sRP (unary encodings, independent bits): Pr(u | v) / Pr(u | v') depends only on the bits v, v'
    of u, giving p(1-q)/(q(1-p)), its inverse, or 1.  (p, q) are the support probabilities summed from the
    randomiser's output weights (:func:`ldpref.symbolic.randomisers.support_probabilities`)."""
    if kind == "rr":
        p, q = randomisers.support_probabilities(randomisers.grr(m, t))
        return _vars((t, "real"), (m, "real")), (sympy.Gt(t, 1), sympy.Ge(m, 2)), t, p / q, (q / p, sympy.Integer(1))
    if kind == "arp":
        p, q = randomisers.support_probabilities(randomisers.oue(t))
        priv, variables, base = t, _vars((t, "real")), (sympy.Gt(t, 1),)
    else:
        p, q = (sympy.powsimp(x.subs(t, s_half ** 2), force=True)
                for x in randomisers.support_probabilities(randomisers.sue(t)))
        p, q = (x.subs(sympy.sqrt(s_half ** 2), s_half) for x in (p, q))
        priv, variables, base = s_half ** 2, _vars((s_half, "real")), (sympy.Gt(s_half, 1),)
    worst = p * (1 - q) / (q * (1 - p))
    return variables, base, priv, worst, (1 / worst, sympy.Integer(1))


INNER = ("rr", "arp", "srp")
_NAMES = {"rr": "RR on [m]", "arp": "aRP", "srp": "sRP (bits at eps/2, e^eps = s^2)"}


@poses("printed", why=_PREDICATE)
def _def21(printed, derived):
    out = []
    for kind in INNER:
        variables, base, e_eps, worst, others = _row_ratios(kind)
        goal = sympy.And(_eq(worst, e_eps), *[sympy.Le(r, e_eps) for r in others])
        out.append(Obligation(f"pan-cms/def2.1.{kind}", "pan-cms/def2.1",
                              f"{_NAMES[kind]} (support probabilities summed from its output weights): the worst "
                              "ratio within a row of P equals e^eps and every other ratio class is at most e^eps",
                              variables, base, goal))
    return out


@poses("printed", why=_PREDICATE)
def _thm31(printed, derived):
    """Pr((j, z) | x) = P_R[z, h_j(x)]/k (j drawn independently of x): a ratio of two entries of a row of the CMS
    matrix is (P_R[z, a]/k)/(P_R[z, b]/k), a ratio within a row of P_R."""
    out = []
    for kind in INNER:
        variables, base, e_eps, worst, others = _row_ratios(kind)
        goal = sympy.And(*[sympy.Le((r / k) / (1 / k), e_eps) for r in (worst, *others)])
        out.append(Obligation(f"pan-cms/thm3.1.{kind}", "pan-cms/thm3.1",
                              f"CMS with inner {_NAMES[kind]}, any k >= 1: every ratio (P_R[z, a]/k)/(P_R[z, b]/k) "
                              "within a row of the CMS matrix is at most e^eps",
                              (*variables, Variable(k, "k", "integer")), (*base, sympy.Ge(k, 1)), goal))
    return out


# ---- Corollary 3.1 -------------------------------------------------------------------------------------------------
@poses("printed", why=_NAMED)
def _cor31(printed, derived):
    """Eq. (2): f_hat(x) = m/(m-1) mean(y_hat[h(x)]) - 1/(m-1); a client at x contributes mean 1, one at x' != x
    its collision rate c = c_bar(x, x') (:func:`ldpref.symbolic.sketch.cms_client`), so the bias is a sum over x' of
    the terms f(x') (m c - 1)/(m - 1): zero on every dataset iff every term is (the dataset on x' alone isolates a
    term)."""
    mean_other = sketch.cms_client(c, 1, 1)[0]
    term = f * (m / (m - 1) * mean_other - 1 / (m - 1))
    alone = term.subs(f, 1)
    variables = _vars((c, "real"), (m, "real"), (f, "real"))
    base = (sympy.Ge(m, 2), sympy.Ge(c, 0), sympy.Le(c, 1), sympy.Ge(f, 0), sympy.Le(f, 1))
    return [Obligation("pan-cms/cor3.1.if", "pan-cms/cor3.1",
                       "c_bar(x, x') = 1/m => the bias term of x' in E[f_hat(x)] vanishes for every f(x') in [0, 1] "
                       "(model: a client at x' has mean c_bar)", variables, base,
                       sympy.Implies(_eq(c, 1 / m), _eq(term, 0))),
            Obligation("pan-cms/cor3.1.only-if", "pan-cms/cor3.1", "no bias on the dataset of clients all at x' => "
                       "c_bar(x, x') = 1/m (model: a client at x' has mean c_bar)", variables, base,
                       sympy.Implies(_eq(alone, 0), _eq(c, 1 / m)))]


# ---- Section 4.4: local hashing --------------------------------------------------------------------------------------
@poses("printed", why=_PREDICATE)
def _lh_decoding(printed, derived):
    """The derived LH estimator (S/n - 1/m)/(p - 1/m) equals Eq. (2) with R = RR on [m] applied to S reports
    supporting x: m/(m-1) (S/n - q)/(p - q) - 1/(m-1), (p, q) from the symbolic RR model."""
    e, mm, nn, s_count = (symbol(derived, x) for x in ("exp_eps", "m", "n", "S"))
    p, q = randomisers.support_probabilities(randomisers.grr(m, t))
    eq2 = m / (m - 1) * (S / n - q) / (p - q) - 1 / (m - 1)
    lh = derived.rhs.xreplace({e: t, mm: m, nn: n, s_count: S})
    return [Obligation("pan-cms/sec4.4.decoding", "pan-cms/sec4.4.decoding", "the derived LH estimator equals Eq. (2) "
                       "with RR on [m] (p, q summed from its output weights), every S in [0, n], n >= 1, m >= 2, "
                       "e^eps > 1", _vars((t, "real"), (m, "real"), (n, "integer"), (S, "real")),
                       (sympy.Gt(t, 1), sympy.Ge(m, 2), sympy.Ge(n, 1), sympy.Ge(S, 0), sympy.Le(S, n)),
                       _eq(lh, eq2))]


def _cms_rr_mse(mm):
    """MSE = Var of the unbiased CMS + RR on [m] at frequency f of x, n clients (ldpref.symbolic, ideal hashing)."""
    ve, vn = sketch.decoded_variances(randomisers.grr(m, t))
    return sketch.cms_estimator_variance(m, n, f, ve, vn).subs(m, mm)


@poses("printed", why=_PREDICATE)
def _worst_case(printed, derived):
    """The derived slope MSE(1) - MSE(0) is the model's; the maximum over f(x) in [0, 1] is at f = 0 for m = 2 and
    at f = 1 for OLH (m = e^eps + 1), for every e^eps > 1 (both endpoints occur; OLH's is f = 1)."""
    e, mm, nn = (symbol(derived, x) for x in ("exp_eps", "m", "n"))
    slope = derived.rhs.xreplace({e: t, mm: m, nn: n})
    model = _cms_rr_mse(m)
    g = sympy.Symbol("g", real=True)  # another frequency of x
    base = (sympy.Gt(t, 1), sympy.Ge(n, 1), sympy.Ge(f, 0), sympy.Le(f, 1))
    v = _vars((t, "real"), (n, "integer"), (f, "real"))
    return [Obligation("pan-cms/sec4.4.worst-case.slope", "pan-cms/sec4.4.worst-case", "the derived slope MSE(1) - "
                       "MSE(0) equals the model's (CMS + RR, ideal hashing), and the model's MSE is linear in f(x)",
                       (*v, Variable(m, "m", "real"), Variable(g, "g", "real")), (*base, sympy.Ge(m, 2)),
                       sympy.And(_eq(slope, model.subs(f, 1) - model.subs(f, 0)),
                                 _eq(model.subs(f, g) - model.subs(f, 0), g * (model.subs(f, 1) - model.subs(f, 0))))),
            Obligation("pan-cms/sec4.4.worst-case.m2", "pan-cms/sec4.4.worst-case", "m = 2: the model's MSE at every "
                       "f(x) in [0, 1] is at most its value at f(x) = 0", v, base,
                       sympy.Le(_cms_rr_mse(2), _cms_rr_mse(2).subs(f, 0))),
            Obligation("pan-cms/sec4.4.worst-case.olh", "pan-cms/sec4.4.worst-case", "OLH (m = e^eps + 1): the model's "
                       "MSE at every f(x) in [0, 1] is at most its value at f(x) = 1", v, base,
                       sympy.Le(_cms_rr_mse(t + 1), _cms_rr_mse(t + 1).subs(f, 1)))]


# ---- Section 6: HE and CMS+HE --------------------------------------------------------------------------------------
def _he_identical(section):
    claim_id = f"pan-cms/sec{section}.he-cms-he-identical"

    def build(printed, derived):
        """Read off the forms first (:func:`~.obligations_sec6.read_points`): the derived statement must hold at every
        plotted eps the printed one asserts, on the section's dataset; the proof then states it for every e^eps > 1
        and every dataset (the claim's points among them)."""
        read_points(claim_id, printed, derived, (section,))
        from derivations.pan_cms import experiments as X
        from derivations.pan_cms import tables as T
        from derivations.pan_cms.symbols_tables import m1

        he = [sympy.sympify(w).xreplace({T.E: t}) for w in T.row_coefficients("HE")]
        cms_he = [sympy.sympify(w).xreplace({T.E: t, m1: X.CMS_HE_M}) for w in T.row_coefficients("CMS+HE")]
        var_he, var_cms = ((c * a + (n - c) * b) / n ** 2 for a, b in (he, cms_he))
        return [Obligation(claim_id, claim_id, f"derived Table 1 coefficients: CMS+HE's (m = {X.CMS_HE_M}) per-x "
                           "variance (c w_eq + (n - c) w_neq)/n^2 is within 1% of HE's, every e^eps > 1, n >= 1, "
                           "0 <= c <= n (so is each plotted metric: a max, a sum and a sum of square roots over x)",
                           _vars((t, "real"), (n, "integer"), (c, "real")),
                           (sympy.Gt(t, 1), sympy.Ge(n, 1), sympy.Ge(c, 0), sympy.Le(c, n)),
                           sympy.Le(sympy.Abs(var_cms - var_he), var_he / 100), model_side="derived")]
    return build


# ---- Appendix D, after Eq. (37): l2 of CMS+RP against the optimised CMS+RR -----------------------------------------
def _half(expr, e):
    """``expr`` with e^eps = s^2 (so sqrt(e^eps) = s), d and n as the obligation's real symbols."""
    return sympy.powsimp(expr.xreplace({e: s_half ** 2}), force=True)


def _l2_base(derived):
    e, dd, nn = (symbol(derived, x) for x in ("exp_eps", "d", "n"))
    rep = {dd: d_, nn: n}
    return e, rep, _vars((s_half, "real"), (d_, "integer"), (n, "integer")), (sympy.Gt(s_half, 1), sympy.Ge(d_, 2),
                                                                               sympy.Ge(n, 1))


def _arp_large_d(printed, derived):
    """Printed: lim_{d -> oo} inf_m l2(aRP)/l2* = L and min_d sign(inf_m l2(aRP) - l2*) R 0, with the limit L and
    the relation R read off the printed conjuncts (an equation, the limit; a relation to 0, the sign: sign(x) R 0 is
    x R 0).  With the derived aRP limit in m and l2* (the lhs and rhs of the derived strict inequality): the gap
    relation holds, and 0 < ratio - L <= (e^eps - 1)^2/(4 d e^eps), which tends to 0 as d -> oo at every fixed
    e^eps (so the limit is L)."""
    e, rep, variables, base = _l2_base(derived)
    strict = equation(derived, "derived inequality", sympy.StrictGreaterThan)
    arp, rr = (_half(x, e).xreplace(rep) for x in (strict.lhs, strict.rhs))
    shown = equation(printed, "printed statement", sympy.And).args
    limit = [r for r in shown if isinstance(r, sympy.Eq)]
    sign = [r for r in shown if isinstance(r, sympy.core.relational.Relational) and not isinstance(r, sympy.Eq)]
    if len(shown) != 2 or len(limit) != 1 or len(sign) != 1 or sign[0].rhs != 0:
        raise FormNotPosed(f"the printed statement handed in is not 'lim ratio = L and sign(gap) R 0': {printed}")
    (limit,), (sign,) = limit, sign
    t_ = s_half ** 2
    return [Obligation("pan-cms/appD.arp-l2-large-d.gap", "pan-cms/appD.arp-l2-large-d", "the derived aRP l2 limit "
                       "in m exceeds the derived l2* of CMS+RR, every d >= 2, n >= 1, e^eps = s^2 > 1", variables,
                       base, sign.func(arp, rr), model_side="derived"),
            Obligation("pan-cms/appD.arp-l2-large-d.ratio", "pan-cms/appD.arp-l2-large-d", "0 < (derived aRP l2 "
                       "limit)/(derived l2*) - 1 <= (e^eps - 1)^2/(4 d e^eps), every d >= 2, n >= 1, e^eps = s^2 > 1: "
                       "the bound tends to 0 as d -> oo, so the printed limit of the ratio is 1", variables, base,
                       sympy.And(sympy.Gt(rr, 0), sympy.Gt(arp / rr - limit.rhs, 0),
                                 sympy.Le(arp / rr - limit.rhs, (t_ - 1) ** 2 / (4 * d_ * t_))), model_side="derived")]


# ---- Appendix C: the Bernoulli contribution; Section 3.6: the bias of a fixed draw -----------------------------------
@poses("printed", why=_PREDICATE)
def _bernoulli(printed, derived):
    """Y = m/(m-1) y_hat[h(x)] - 1/(m-1) (Eq. (2), so n f_hat(x) = sum_i Y^(i)) with y_hat RR's decoded support
    indicator (:func:`ldpref.symbolic.sketch.decoded`, values (b - q)/(p - q), b in {0, 1}): A = Y at b = 0,
    B = Y at b = 1, B > A, and (Y - A)/(B - A) = b -- a Bernoulli variable."""
    dec = sketch.decoded(randomisers.grr(m, t))
    values = sorted({cl.value for cl in dec["holder"]}, key=sympy.default_sort_key)
    p, q = randomisers.support_probabilities(randomisers.grr(m, t))
    y = {b: m / (m - 1) * (b - q) / (p - q) - 1 / (m - 1) for b in (0, 1)}
    a_, b_ = y[0], y[1]
    goal = sympy.And(sympy.Gt(b_, a_), *[_eq((y[b] - a_) / (b_ - a_), b) for b in (0, 1)],
                     *[sympy.Or(*[_eq(v, (b - q) / (p - q)) for b in (0, 1)]) for v in values])
    return [Obligation("pan-cms/appC.bernoulli", "pan-cms/appC.bernoulli", "RR's decoded indicator (summed from its "
                       "output classes) takes the values (b - q)/(p - q), b in {0, 1}; Y's two values A < B and "
                       "(Y - A)/(B - A) = b, every m >= 2, e^eps > 1", _vars((t, "real"), (m, "real")),
                       (sympy.Gt(t, 1), sympy.Ge(m, 2)), goal)]


@poses("printed", why=_NAMED)
def _bias_n(printed, derived):
    """A fixed draw (collision fraction c = c_bar(x, x') of its k functions, in [0, 1]); a dataset of n clients on x
    and x' with frequencies f and g = 1 - f (the bias is a sum of such per-x' terms, each linear in f(x')).  With a
    client at x' contributing its mean c (:func:`ldpref.symbolic.sketch.cms_client`), E[f_hat(x)] - f from n clients
    equals the derived m/(m-1) (c - 1/m) g for every n (so the same at n and n2), and is non-zero when c != 1/m and
    g > 0."""
    g, n2 = sympy.Symbol("g", real=True), sympy.Symbol("n2", real=True)
    mean_other = sketch.cms_client(c, 1, 1)[0]

    def bias(nn):
        return m / (m - 1) * (nn * f + nn * g * mean_other) / nn - 1 / (m - 1) - f
    closed = m / (m - 1) * (c - 1 / m) * g
    variables = _vars((c, "real"), (m, "real"), (f, "real"), (g, "real"), (n, "integer"), (n2, "integer"))
    base = (sympy.Ge(m, 2), sympy.Ge(c, 0), sympy.Le(c, 1), sympy.Ge(f, 0), sympy.Ge(g, 0), _eq(f + g, 1),
            sympy.Ge(n, 1), sympy.Ge(n2, 1))
    return [Obligation("pan-cms/sec3.6.bias-n-independent.same", "pan-cms/sec3.6.bias-n-independent", "the bias of a "
                       "fixed draw from n clients equals m/(m-1) (c - 1/m) g and the bias from n2 clients (same "
                       "frequencies)", variables, base, sympy.And(_eq(bias(n), closed), _eq(bias(n), bias(n2)))),
            Obligation("pan-cms/sec3.6.bias-n-independent.biased", "pan-cms/sec3.6.bias-n-independent", "a fixed draw "
                       "with c != 1/m biases every dataset with g > 0", variables, base,
                       sympy.Implies(sympy.And(sympy.Ne(c, 1 / m), sympy.Gt(g, 0)), sympy.Ne(bias(n), 0)))]


OBLIGATIONS.update({
    "pan-cms/appC.bernoulli": _bernoulli,
    "pan-cms/sec3.6.bias-n-independent": _bias_n,
    "pan-cms/def2.1": _def21,
    "pan-cms/thm3.1": _thm31,
    "pan-cms/cor3.1": _cor31,
    "pan-cms/sec4.4.decoding": _lh_decoding,
    "pan-cms/sec4.4.worst-case": _worst_case,
    "pan-cms/appD.arp-l2-large-d": _arp_large_d,
    **{f"pan-cms/sec{sec}.he-cms-he-identical": _he_identical(sec) for sec in ("6.1", "6.2", "6.3")},
})
