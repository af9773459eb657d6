"""pan-strict statements as all-parameter obligations (issue 25, item 2): the collision rate of the family without
a = 0 (Section 5.2) and the decreasing relative loss increase (Appendix D).  Registered into
:data:`ldpref.decide.ledger_obligations.OBLIGATIONS` on import (ldpref imports no paper).
"""

from __future__ import annotations

import sympy

from ldpref.decide.ledger_obligations import OBLIGATIONS
from ldpref.decide.obligation import Obligation, Variable


def _syms():
    from ldpref.exact import EXP_EPS
    return (EXP_EPS,)


def _vars(*pairs):
    return tuple(Variable(sym, name, dom) for sym, name, dom in pairs)


def _plain(*names):
    return [sympy.Symbol(n, real=True) for n in names]


def _collision(printed, derived):
    dp, m = _plain("dp", "m")
    syms = {s: {"d'": dp, "m": m}[str(s)] for s in derived.free_symbols}
    v = _vars((dp, "dp", "integer"), (m, "m", "integer"))
    return [Obligation("pan-strict/sec5.2.collision", "pan-strict/sec5.2.collision",
                       "the collision rate (d' - m)/(m (d' - 1)) of the family without a = 0 is below 1/m", v,
                       (sympy.Ge(m, 2), sympy.Gt(dp, m)), derived.xreplace(syms))]


def _strict_decreasing(printed, derived):
    e = _syms()[0]
    t, d = _plain("t", "d")
    dsym = next(x for x in derived.free_symbols if str(x) == "d")
    v = _vars((t, "t", "real"), (d, "d", "integer"))
    return [Obligation("pan-strict/appD.decreasing", "pan-strict/appD.decreasing",
                       "the larger relative loss increase at d + 1 is below the one at d, every real d > e^eps + 1", v,
                       (sympy.Gt(t, 1), sympy.Gt(d, t + 1)), derived.xreplace({e: t, dsym: d}))]


OBLIGATIONS.update({
    "pan-strict/appD.decreasing": _strict_decreasing,
    "pan-strict/sec5.2.collision": _collision,
})
