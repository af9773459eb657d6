"""jiang-gcms Section VII statements at the figures' fixed points, proved there (issue 25, item 2).

The claims' parameters range over finite sets -- Fig. 7's four (p, eps) with every hash size m in [2, 10^4], Fig. 8's
eps = 3.75 -- so an obligation per fixed point covers the claim.  e^eps is transcendental: each obligation holds for
*every* t in a rational interval containing e^eps, certified by the Taylor series of exp
(:func:`ldpref.decide.enclosure.exp_enclosure`), so a proof covers t = e^eps.  The model side is ldpref's derived
one (:mod:`derivations.jiang_gcms.sec7_model`: s from Theorem 2's bound, the bits of Algorithm 1's message, Apple's
p = e^(eps/2)/(e^(eps/2) + 1)), checked against the code's exact values on instances: scope ``given-derived``.

* Fig. 7 (sec7.C.fig7): GCMS's bits s ceil(log2 m) < Apple's m.  s = ceil(c m) (c m the derived least real s) is
  relaxed to any real s with c m <= s < c m + 1, and m to every real of the blocks [2^(L-1) + 1, 2^L] (L = 1..14,
  cut to [2, 10^4]) on which ceil(log2 m) = L for the integers: the blocks hold every integer of [2, 10^4] (the
  reals strictly between 2^(L-1) and 2^(L-1) + 1 are not covered, and need not be: at m = 2.1, s = 1.14 the
  relaxed goal fails).
* Fig. 7's order (sec7.C.small-p-large-eps): c(p_1, e^eps_1) < c(p_2, e^eps_2), so ceil(c_1 m) <= ceil(c_2 m) at
  every m (the ceiling is nondecreasing; ceil(log2 m) is the same on both sides): never more bits; and at one
  witness m_0 an integer k_0 with c_1 m_0 <= k_0 < c_2 m_0, so ceil(c_1 m_0) <= k_0 < ceil(c_2 m_0): fewer bits
  there.
* Fig. 8's Apple p (sec7.D.apple-p): round_2(r/(r + 1)) = 0.87 with r = e^(3.75/2), i.e. 0.865 <= r/(r + 1) <
  0.875 (two decimals, half up).
"""

from __future__ import annotations

import sympy

from ldpref.decide.enclosure import exp_enclosure
from ldpref.decide.ledger_obligations import OBLIGATIONS
from ldpref.decide.obligation import Obligation, Variable

import derivations.jiang_gcms.printed_sec7 as P7
import derivations.jiang_gcms.sec7_model as D7
from derivations.jiang_gcms.symbols import e, m, p, s

#: plain real symbols for the solver
t, t2, m_, s_ = (sympy.Symbol(x, real=True) for x in ("t", "t2", "m", "s"))
#: Fig. 7's m range
M_LO, M_HI = 2, P7.FIG7_M_MAX


def _enclosed(var, eps_):
    """(lo <= var, var <= hi) for e^eps's certified enclosure, and its text."""
    lo, hi = (sympy.Rational(x.numerator, x.denominator) for x in exp_enclosure(sympy.Rational(eps_)))
    return (sympy.Ge(var, lo), sympy.Le(var, hi)), f"e^{eps_} in [{float(lo):.9f}, {float(hi):.9f}] (certified)"


def _c(p_val, var):
    """The derived least real s per unit m at p and e^eps = var: Theorem 2's bound solved for s, divided by m."""
    return sympy.cancel(D7.fig7_s_derived().xreplace({m: 1, p: sympy.sympify(p_val), e: var}))


def _blocks():
    """[(L, lowest integer m, highest m)]: the integers m of [2, 10^4] with ceil(log2 m) = L."""
    out, L = [], 1
    while 2 ** (L - 1) + 1 <= M_HI:
        lo, hi = max(M_LO, 2 ** (L - 1) + 1), min(M_HI, 2 ** L)
        if lo <= hi:
            out.append((L, lo, hi))
        L += 1
    return out


def _fig7(printed, derived):
    """One obligation per (eps, p) of Fig. 7: GCMS's derived bits below Apple's at every m of every block."""
    ceil_log = next(a for a in D7.fig7_bits_derived()[0].atoms(sympy.ceiling))
    g, a = D7.fig7_bits_derived()
    out = []
    for eps_ in P7.FIG7_EPS:
        enclosure, where = _enclosed(t, eps_)
        for p_val in P7.FIG7_P:
            c = _c(p_val, t)
            goal = sympy.And(*[sympy.Implies(sympy.And(sympy.Ge(m_, lo), sympy.Le(m_, hi)),
                                             sympy.Lt(g.xreplace({ceil_log: L, s: s_, m: m_}), a.xreplace({m: m_})))
                               for L, lo, hi in _blocks()])
            out.append(Obligation(
                f"jiang-gcms/sec7.C.fig7.eps{eps_}.p{sympy.Rational(p_val).p}-{sympy.Rational(p_val).q}",
                "jiang-gcms/sec7.C.fig7",
                f"eps = {eps_}, p = {p_val} ({where}): GCMS's derived bits s ceil(log2 m) below Apple's m (k = 1) for "
                "every real m of the blocks [2^(L-1) + 1, 2^L] cut to [2, 10^4] (ceil(log2 m) = L on their integers, "
                "which are every integer of [2, 10^4]) and every real s in [c m, c m + 1) (s = ceil(c m), c m the "
                "derived least real s meeting Theorem 2's bound)",
                (Variable(t, "t"), Variable(m_, "m", "integer"), Variable(s_, "s", "integer")),
                (*enclosure, sympy.Ge(m_, M_LO), sympy.Le(m_, M_HI), sympy.Ge(s_, c * m_), sympy.Lt(s_, c * m_ + 1)),
                goal, model_side="derived"))
    return out


def _witness(p1, e1, p2, e2):
    """(m_0, k_0): the least m in [2, 10^4] with an integer k_0 such that c_1 m <= k_0 < c_2 m over the whole
    enclosures (c decreases in e^eps: c_1 largest at the enclosure's low end, c_2 smallest at its high end)."""
    lo1, _ = exp_enclosure(sympy.Rational(e1))
    _, hi2 = exp_enclosure(sympy.Rational(e2))
    c1 = _c(p1, sympy.Rational(lo1.numerator, lo1.denominator))
    c2 = _c(p2, sympy.Rational(hi2.numerator, hi2.denominator))
    for mm in range(M_LO, M_HI + 1):
        k0 = sympy.ceiling(c1 * mm)
        if k0 < c2 * mm:
            return mm, int(k0)
    raise ArithmeticError(f"no m in [{M_LO}, {M_HI}] separates the ceilings at ({p1}, {e1}) and ({p2}, {e2})")


def _order(printed, derived):
    """Each of Fig. 7's four comparisons (one of p, eps changed): c_1 < c_2 over both enclosures, and a witness m_0
    where the ceilings differ."""
    from .sec7_communication import ORDER_PAIRS

    out = []
    for i, (what, (p1, e1), (p2, e2)) in enumerate(ORDER_PAIRS):
        same = e1 == e2
        t_2 = t if same else t2
        enc1, where1 = _enclosed(t, e1)
        enc2, where2 = _enclosed(t_2, e2)
        c1, c2 = _c(p1, t), _c(p2, t_2)
        m0, k0 = _witness(p1, e1, p2, e2)
        goal = sympy.And(sympy.Lt(c1, c2), sympy.Le(c1 * m0, k0), sympy.Lt(k0, c2 * m0))
        variables = (Variable(t, "t"),) if same else (Variable(t, "t"), Variable(t2, "t2"))
        out.append(Obligation(
            f"jiang-gcms/sec7.C.small-p-large-eps.{i}", "jiang-gcms/sec7.C.small-p-large-eps",
            f"({what}) p = {p1}, eps = {e1} ({where1}) against p = {p2}, eps = {e2} ({where2 if not same else 'the same t'}"
            f"): c_1 < c_2 (c m the derived least real s), so ceil(c_1 m) <= ceil(c_2 m) and GCMS's bits "
            f"ceil(c m) ceil(log2 m) are never more at every m (the ceiling is nondecreasing); and c_1 m_0 <= {k0} < "
            f"c_2 m_0 at m_0 = {m0}, so fewer bits there",
            variables, (*enc1, *(enc2 if not same else ())), goal, model_side="derived"))
    return out


def _apple_p(printed, derived):
    """Fig. 8: round_2(e^(eps/2)/(e^(eps/2) + 1)) = 0.87 at eps = 3.75, with Apple's derived p."""
    from .sec7_adult import APPLE

    eps_, target = sympy.Rational(APPLE["eps"]), sympy.Rational(APPLE["p"])
    enclosure, where = _enclosed(t, eps_)
    pp = D7.apple_p_derived().xreplace({e: t})
    half = sympy.Rational(1, 200)
    goal = sympy.And(sympy.Ge(pp, target - half), sympy.Lt(pp, target + half))
    return [Obligation("jiang-gcms/sec7.D.apple-p", "jiang-gcms/sec7.D.apple-p",
                       f"eps = {eps_} ({where}): Apple's derived p = e^(eps/2)/(e^(eps/2) + 1) lies in "
                       f"[{target - half}, {target + half}), i.e. rounds to {target} (two decimals, half up)",
                       (Variable(t, "t"),), enclosure, goal, model_side="derived")]


OBLIGATIONS.update({
    "jiang-gcms/sec7.C.fig7": _fig7,
    "jiang-gcms/sec7.C.small-p-large-eps": _order,
    "jiang-gcms/sec7.D.apple-p": _apple_p,
})
