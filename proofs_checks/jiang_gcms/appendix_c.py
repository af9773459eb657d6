"""Appendix C: the proof of Lemma 1 (alpha_1, alpha_2 at Eq. (7)'s boundary, Eq. (13) and the chain after it).
"""

from __future__ import annotations

import sympy

import derivations.jiang_gcms as J
import derivations.jiang_gcms.model_appendices as JX
from ldpref.ledger import Instance, claim, record
from ldpref.ledger.generic import Grid, Identity, Point, Symbolic
from ldpref.ledger.generic import listed as _listed
from ldpref.ledger.forms import evaluate

from .pure_protocols import R
from .gcms_model import MOMENTS, _at
from .sec4a_algorithms import _identity_gcms, _support_pq
from .sec4c_lemma1 import _argmin_value, _feasible, _lemma1_points, _objective, _smallest_exact_argmin
from .appendix_b import _z_tables


# ---- Appendix C: proof of Lemma 1 -------------------------------------------------------------------------
def _boundary_points():
    """(d, m, k, s, p_s, e^eps) with Theorem 2's bound met exactly (q on Eq. (7)'s boundary)."""
    for m_, e_ in [(3, R(2)), (4, R(3)), (4, R(9))]:
        for s_, p_ in _feasible(m_, e_).items():
            for k_ in (1, 2):
                yield 2, m_, k_, s_, p_, e_


def _draw_alphas(d, m_, k_, s_, p_):
    """(alpha_1, alpha_2) = (E[pi], Var_draw[pi]) of a client holding 1 != target 0, from the exact Z_j (every draw)."""
    pis = [(w_, sum(pz[j][1] for j in range(k_))) for w_, pz, _ in _z_tables(d, m_, k_, s_, p_)]
    a1 = sum(w_ * pi for w_, pi in pis)
    a2 = sum(w_ * (pi - a1) ** 2 for w_, pi in pis)
    return sympy.Rational(a1.numerator, a1.denominator), sympy.Rational(a2.numerator, a2.denominator)


def _alpha_points():
    for d, m_, k_, s_, p_, e_ in _boundary_points():
        a1, a2 = _draw_alphas(d, m_, k_, s_, p_)
        yield Point({"m": m_, "k": k_, "s": s_, "p": p_, "e^eps": e_}, facts={J.p: p_, J.e: e_, J.m: m_, J.k: k_},
                    data=[a2, a2, a1], size=(m_, k_, s_, p_))


record(id="jiang-gcms/appC.alpha", location="Appendix C, alpha_1 and alpha_2 at the boundary of Eq. (7)",
       statement="alpha_2 = (p - p(m - e^eps(1-p) - p)/((e^eps(1-p)+p)(m-1)))^2 (1-1/m)/(km) = p^2 (w-1)^2/(w^2 k "
                 "(m-1)) and alpha_1 = p/w.",
       printed=J.appC_alpha_printed, derived=J.appC_alpha_derived,
       steps=(Symbolic("alpha_2 (two forms) and alpha_1 vs their values at q*", part=_listed),
              Grid("alpha_1 = E[pi] and alpha_2 = Var_draw[pi] of a client holding another value (exact mechanism)",
                   _alpha_points, lambda point: point.data, part=_listed)))


@claim(id="jiang-gcms/appC.pq", root_cause="appC.pq",
       location="Appendix C, '(p - q)^2 (1 - 1/m) = alpha_2 k (m - 1) = p^2 (w-1)^2/w^2'",
       statement="At the boundary of Eq. (7), (p - q)^2 (1 - 1/m) = alpha_2 k (m - 1) = p^2 (w - 1)^2 / w^2.",
       printed=J.appC_pq_printed, derived=J.appC_pq_derived,
       correction=JX.appC_pq_corrected,
       custom="each equation of the corrected chain is judged against the exact quantity its own left side names "
              "((p - q)^2 (1 - 1/m), its square, or alpha_2 k (m - 1)): the correction's form chooses the oracle, "
              "which a Grid's oracle never reads",
       note="alpha_2 k (m - 1) = (p - q)^2 (1 - 1/m)^2: the square on (1 - 1/m) is missing.  The next step uses "
            "the right value ((p - q)^2 (1 - 1/m)^2 is the denominator of Var[f_hat]).  The correction is the printed "
            "chain with that square; each of its equations is checked as written: the quantity its left side names, "
            "read off the exact mechanism, against its right side at w = e^eps (1 - p) + p.")
def appC_pq(ev):
    printed, derived = ev.printed(), ev.derived()
    ev.symbolic("the value the chain gives (p - q)^2 (1 - 1/m) and alpha_2 k (m - 1) at q* vs their derived values",
                [x.rhs for x in printed], [x.rhs for x in derived], simplify=lambda v: [sympy.factor(x) for x in v])
    # the correction: each equation of the corrected chain, its right side at w = e^eps (1 - p) + p against the
    # quantity its left side names ((p - q)^2 (1 - 1/m)^k with p, q read off the mechanism, alpha_2 k (m - 1) from
    # the exact draw variance); a left side naming no such quantity is an error, never a pass
    corr, insts, cinsts = ev.correction(), [], []
    for d, m_, k_, s_, p_, e_ in _boundary_points():
        pe, qe = _support_pq(_identity_gcms(m_, s_, p_)[0], 0)
        a2km = _draw_alphas(d, m_, k_, s_, p_)[1] * k_ * (m_ - 1)
        vals = {J.p: p_, J.e: e_, J.m: m_, J.k: k_}
        params = {"m": m_, "k": k_, "s": s_, "p": p_, "e^eps": e_}
        insts.append(Instance(params, [(pe - qe) ** 2 * (1 - R(1, m_)), a2km], evaluate(derived, vals),
                              evaluate(printed, vals), size=(m_, k_, s_, p_)))
        named = {J.PQ_SLOPE: ((pe - qe) ** 2 * (1 - R(1, m_)), "(p - q)^2 (1 - 1/m) of the mechanism"),
                 J.PQ_SLOPE_SQ: ((pe - qe) ** 2 * (1 - R(1, m_)) ** 2, "(p - q)^2 (1 - 1/m)^2 of the mechanism"),
                 J.A2_KM: (a2km, "alpha_2 k (m - 1) of the exact draw variance")}
        for i, eq in enumerate(corr):
            exact, side = named[eq.lhs]
            cinsts.append(Instance(dict(params, side=side), exact, evaluate(eq.rhs, vals), size=(m_, k_, s_, p_, i)))
    ev.instances("(p - q)^2 (1 - 1/m) with p, q read off the mechanism; alpha_2 k (m - 1) from the exact draw variance",
                 insts)
    ev.corrections("the corrected chain's value at w = e^eps (1 - p) + p vs the exact quantities", cinsts)


def _eq13_identity():
    main, const = J._boundary_parts()
    return sympy.factor(sympy.together(main - J.eq13_derived_expr())) + sympy.diff(const, J.p)


record(id="jiang-gcms/eq13", root_cause="appB.same-client", location="Appendix C, Eq. (13)",
       statement="Minimising Var[f_hat(d)] is equivalent to minimising w^2/((w-1)^2 p) [f(d)(1 - p/k) + "
                 "(n - f(d))(1/w - p/(w^2 k))].",
       printed=J.eq13_printed, derived=J.eq13_derived, derivation="derivations.jiang_gcms.eq13_derived_expr",
       correction=J.eq13_derived,
       note="(13) follows from Theorem 3 as printed; with the exact variance the 1/k disappears from both terms. "
            "Read as: the p minimising (13) over the feasible p of an instance is the p minimising the exact "
            "variance (smallest minimiser when several tie).",
       steps=(Symbolic("(13) vs the exact-variance objective", part=_objective, simplify=sympy.cancel),
              Identity("derived: Var[f_hat]/n = (13) with k = 1 + a p-free term", _eq13_identity,
                       lambda: sympy.Integer(0)),
              Grid("argmin over feasible integer s of the exact variance (every draw) vs the argmin of (13)",
                   lambda: _lemma1_points(with_lambda=False), _smallest_exact_argmin, path=MOMENTS,
                   value=_argmin_value,
                   correction_name="argmin over feasible integer s of the exact variance (every draw) vs the argmin of "
                                   "the correction")))


def _chain_points():
    """Rational points; ``data``: (13) as printed times (e^eps - 1)^2, in exact rationals, once per chain member."""
    for e_ in (R(2), R(3), R(9)):
        for p_ in (R(1, 2), R(3, 4), R(9, 10)):
            for lam_ in (R(0), R(1, 3), R(1)):
                for k_ in (1, 2, 100):
                    vals = {J.p: p_, J.e: e_, J.lam: lam_, J.k: k_}
                    ref = _at(J.eq13_printed_expr(), vals) * (e_ - 1) ** 2
                    yield Point({"e^eps": e_, "p": p_, "lambda": lam_, "k": k_}, facts=vals, data=[ref] * 5,
                                size=(e_, p_, lam_, k_))


record(id="jiang-gcms/appC.chain", location="Appendix C, the equalities after (13)",
       statement="(13) times (e^eps - 1)^2 equals, step by step, "
                 "n{(k w - p) + lam (w - 1)(k w - p - w p)}/(k (1-p)^2 p).",
       printed=J.appC_chain_printed,
       derived=J.appC_chain_derived,
       note="Pure algebra (per client: f = lam n, divided by n): every step is correct.  The exact column is "
            "(13) as printed times (e^eps - 1)^2, evaluated in exact rationals.",
       steps=(Symbolic("each member of the chain vs (13) (e^eps - 1)^2"),
              Grid("the chain evaluated exactly at rational points", _chain_points, lambda point: point.data)))
