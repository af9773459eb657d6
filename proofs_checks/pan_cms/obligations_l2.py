"""Appendix D, after Eq. (37): CMS+sRP has a larger l2 loss than the optimised CMS+RR, proved for every e^eps > 1,
d >= 2, n >= 1 given ldpref's derived forms (issue 25, item 2).

The printed statement is ``min_{2<=m<=7} l2(f_hat_sRP) > l2*  and  inf_m l2(f_hat_sRP) >= l2*``; its quantities
become the derived ones: ``l2*`` the derived l2 of CMS+RR at its optimal real m (a square root of a polynomial in
d and e^eps), ``inf_m`` the derived m -> oo limit of sRP's l2 (the derived form's left side), and the minimum over
m = 2..7 the derived l2 of CMS+sRP at each m (``derivations.pan_cms.optimized.l2_kind_derived``, the claim's
derivation): a minimum exceeds l2* exactly when each of its six values does, so that part is six obligations, one
per m.  ``e^eps = s^2`` (s = e^(eps/2) > 1), so the only radical left is that of l2*.  Posed for every real m >= 2
at once, z3 proves it and cvc5 answers ``unknown`` within 40 s (also radical-free, ``X > 0`` and
``X^2 > 4 e^eps P``, with the step back to the radical as a second obligation: its second part stays unknown); per
m each part takes cvc5 under a second.  Registered into
:data:`ldpref.decide.ledger_obligations.OBLIGATIONS` on import.
"""

from __future__ import annotations

import sympy

from ldpref.decide.ledger_obligations import OBLIGATIONS
from ldpref.decide.obligation import Obligation, Variable
from ldpref.ledger.model_proofs import symbol

from .obligations_statements import _ge, _half, s_half

#: the m of the printed minimum (Appendix D: "m = 2, ..., 7" of the exhaustive check)
FINITE_M = range(2, 8)


def _srp_l2_larger(printed, derived):
    import derivations.pan_cms.optimized as D
    finite, inf, opt = (symbol(printed, x) for x in (r"\min_{2\le m\le 7} l_2(\hat{f}_{sRP})",
                                                      r"\inf_m \widehat{MSE}_{RP}", r"\min_m \widehat{MSE}_{RR}"))
    e, d, n = (symbol(derived, x) for x in ("exp_eps", "d", "n"))
    if not isinstance(printed, sympy.And) or not isinstance(derived, sympy.GreaterThan):
        return []  # not the two-part statement and the one relation posed here
    part_finite, part_inf = sorted(printed.args, key=lambda a: finite not in a.free_symbols)
    rep = {d: sympy.Symbol("d", positive=True), n: sympy.Symbol("n", positive=True)}
    variables = (Variable(s_half, "s", "real"), Variable(rep[d], "d", "integer"), Variable(rep[n], "n", "integer"))
    base = (sympy.Gt(s_half, 1), _ge(rep[d], 2), _ge(rep[n], 1))
    every = "every e^eps = s^2 > 1, d >= 2, n >= 1"
    out = [Obligation("pan-cms/appD.srp-l2-larger.limit", "pan-cms/appD.srp-l2-larger",
                      f"the printed inf_m l2_sRP >= l2* with the derived m -> oo limit and the derived l2*, {every}",
                      variables, base, _half(part_inf.xreplace({inf: derived.lhs, opt: derived.rhs}), e).xreplace(rep),
                      model_side="derived")]
    model = D.l2_kind_derived("srp", D.d, D.m, D.e, D.n).xreplace({D.d: d, D.e: e, D.n: n})
    for mm in FINITE_M:
        goal = part_finite.xreplace({finite: model.subs(D.m, mm), opt: derived.rhs})
        out.append(Obligation(f"pan-cms/appD.srp-l2-larger.m{mm}", "pan-cms/appD.srp-l2-larger",
                              f"the derived l2 of CMS+sRP at m = {mm} exceeds the derived l2* (one of the six values "
                              f"of the printed minimum over m = 2..7), {every}",
                              variables, base, _half(goal, e).xreplace(rep), model_side="derived"))
    return out


OBLIGATIONS["pan-cms/appD.srp-l2-larger"] = _srp_l2_larger
