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

The claims' printed and derived statements are Predicates evaluated on the figures' points.  Where those points are
the claim's whole parameter set (Fig. 7's four settings and four comparisons, Fig. 8's runs and its eps) a statement
is its values there, and each builder reads them (:func:`ldpref.decide.ledger_obligations.hold_at`: the printed
and the derived Predicate must hold at every point of the claim's grid, else no proof is attempted) before it
proves the statement at those points over the model quantities the Predicates evaluate (the derived s, bits and p
of :mod:`derivations.jiang_gcms.sec7_model`; Lemma 1's printed objective, read from ``jiang-gcms/lemma1`` through
``form_of`` and named in ``depends_on``).  Fig. 6's statement ranges over every target f(d) and dataset, not a
finite set: its builder poses the Predicates it cannot read (:func:`ldpref.decide.ledger_obligations.poses`).
"""

from __future__ import annotations

import sympy

from ldpref.decide.enclosure import exp_enclosure
from ldpref.decide.ledger_obligations import OBLIGATIONS, hold_at, poses
from ldpref.decide.obligation import Obligation, Variable

import derivations.jiang_gcms.printed_sec7 as P7
import derivations.jiang_gcms.sec7_model as D7
from derivations.jiang_gcms.symbols import e, m, p, s

#: plain real symbols for the solver
t, t2, m_, s_ = (sympy.Symbol(x, real=True) for x in ("t", "t2", "m", "s"))
#: Fig. 7's m range
M_LO, M_HI = 2, P7.FIG7_M_MAX


#: why Fig. 6's builder poses its statements rather than read them (:func:`ldpref.decide.ledger_obligations.poses`)
_FIGURE = ("the statements are Predicates evaluated at Fig. 6's points, but claim every target f(d) and dataset (an "
           "infinite set their values at the grid's points do not fix); the obligation states them over the derived "
           "variances for every target f(d) <= n/5 and every F2")


def _enclosed(var, eps_):
    """(lo <= var, var <= hi) for e^eps's certified enclosure, and its text."""
    lo, hi = (sympy.Rational(x.numerator, x.denominator) for x in exp_enclosure(sympy.Rational(eps_)))
    x = sympy.Rational(eps_)
    power = f"e^{x}" if x.is_Integer else f"e^({x})"
    return (sympy.Ge(var, lo), sympy.Le(var, hi)), f"{power} in [{_decimal(lo)}, {_decimal(hi)}] (certified)"


def _decimal(q) -> str:
    """An enclosure end (a decimal rational with PLACES places) written exactly in decimal."""
    from ldpref.decide.enclosure import PLACES
    a = q * 10 ** PLACES
    if not a.is_Integer or a < 0:
        raise ValueError(f"{q} is not a nonnegative decimal with {PLACES} places")
    a = int(a)
    return f"{a // 10 ** PLACES}.{a % 10 ** PLACES:0{PLACES}d}"


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
    """One obligation per (eps, p) of Fig. 7 (the claim's grid, where both statements are read: :func:`hold_at`):
    GCMS's derived bits below Apple's at every m of every block."""
    from .sec7_communication import _fig7_points

    points = [pt.params for pt in _fig7_points()]
    hold_at("jiang-gcms/sec7.C.fig7", points, printed=printed, derived=derived)
    ceil_log = next(a for a in D7.fig7_bits_derived()[0].atoms(sympy.ceiling))
    g, a = D7.fig7_bits_derived()
    out = []
    for point in points:
        eps_, p_val = point["eps"], point["p"]
        enclosure, where = _enclosed(t, eps_)
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
    """Each of Fig. 7's four comparisons (one of p, eps changed; the claim's grid, where both statements are read:
    :func:`hold_at`): c_1 < c_2 over both enclosures, and a witness m_0 where the ceilings differ."""
    from .sec7_communication import ORDER_PAIRS, _order_points

    hold_at("jiang-gcms/sec7.C.small-p-large-eps", [pt.params for pt in _order_points()], printed=printed,
            derived=derived)
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
            f"({what}) p = {p1}, eps = {e1} ({where1}) against p = {p2}, eps = {e2} "
            f"({where2 if not same else 'the same t'}): c_1 < c_2 (c m the derived least real s), so ceil(c_1 m) <= "
            f"ceil(c_2 m) and GCMS's bits ceil(c m) ceil(log2 m) are never more at every m (the ceiling is "
            f"nondecreasing); and c_1 m_0 <= {k0} < c_2 m_0 at m_0 = {m0}, so fewer bits there",
            variables, (*enc1, *(enc2 if not same else ())), goal, model_side="derived"))
    return out


def _apple_p(printed, derived):
    """Fig. 8: round_2(e^(eps/2)/(e^(eps/2) + 1)) = 0.87 at eps = 3.75 (the claim's one point, where both statements
    are read: :func:`hold_at`), with Apple's derived p."""
    from .sec7_adult import APPLE

    hold_at("jiang-gcms/sec7.D.apple-p", [{"eps": APPLE["eps"], "Fig. 8's p": APPLE["p"]}], printed=printed,
            derived=derived)

    eps_, target = sympy.Rational(APPLE["eps"]), sympy.Rational(APPLE["p"])
    enclosure, where = _enclosed(t, eps_)
    pp = D7.apple_p_derived().xreplace({e: t})
    half = sympy.Rational(1, 200)
    goal = sympy.And(sympy.Ge(pp, target - half), sympy.Lt(pp, target + half))
    return [Obligation("jiang-gcms/sec7.D.apple-p", "jiang-gcms/sec7.D.apple-p",
                       f"eps = {eps_} ({where}): Apple's derived p = e^(eps/2)/(e^(eps/2) + 1) lies in "
                       f"[{target - half}, {target + half}), i.e. rounds to {target} (two decimals, half up)",
                       (Variable(t, "t"),), enclosure, goal, model_side="derived")]


#: a feasible integer s whose GCMS beats 9/10 of Apple's CMS at every target f(d) <= n/5 and every dataset (found by
#: a search over s at 30 digits; the solvers prove it, so a wrong witness fails the proof, it cannot pass one)
FIG6_WITNESS_S = 67


def fig6_setting(s_witness: int, factor, f_max):
    """(variables, assumptions, goal) at Fig. 6's setting (n = 10^6, k = 65,536, m = 1024, eps = 4): for every real
    target 0 <= f(d) <= f_max and every dataset (the other clients' sum of squared counts F2 anywhere in
    [0, (n - f(d))^2]), GCMS at the integer s = ``s_witness`` (p_s = e^eps s/(e^eps s + m - s) >= 1/2 proved, q_s =
    (s - p_s)/(m - 1)) has at most ``factor`` times Apple's CMS's derived variance (p = e^(eps/2)/(e^(eps/2) + 1),
    q = 1 - p); the minimum over the feasible s is at most that s's value.  Also the enclosure's text."""
    import derivations.jiang_gcms as J

    n_, m_val, k_val, eps_ = (P7.FIG6[x] for x in ("n", "m", "k", "eps"))
    h, f_, F2_ = (sympy.Symbol(x, real=True) for x in ("h", "f", "F2"))
    enclosure, where = _enclosed(h, sympy.Rational(eps_, 2))
    var = J.estimator_variance_derived()
    F2 = next(x for x in var.free_symbols if x.name.startswith(r"\sum"))

    def variance(pp, qq):
        return var.xreplace({J.m: m_val, J.k: k_val, J.n: n_, J.f: f_, F2: F2_}).xreplace({J.p: pp, J.q: qq})

    s_val = sympy.Integer(s_witness)
    p_s = h ** 2 * s_val / (h ** 2 * s_val + m_val - s_val)
    p_a = h / (h + 1)
    goal = sympy.And(sympy.Ge(p_s, sympy.Rational(1, 2)),
                     sympy.Le(variance(p_s, (s_val - p_s) / (m_val - 1)), factor * variance(p_a, 1 - p_a)))
    variables = (Variable(h, "h"), Variable(f_, "f", "integer"), Variable(F2_, "F2", "integer"))
    assumptions = (*enclosure, sympy.Ge(f_, 0), sympy.Le(f_, f_max), sympy.Ge(F2_, 0), sympy.Le(F2_, (n_ - f_) ** 2))
    return variables, assumptions, goal, where


@poses("printed", "derived", why=_FIGURE)
def _fig6_significant(printed, derived):
    """Section VII-B's correction (f(d) <= n/5) at Fig. 6's setting: GCMS at s = FIG6_WITNESS_S has at most 9/10 of
    Apple's CMS's derived variance at every such target and dataset (:func:`fig6_setting`)."""
    from .sec7b_fig6 import CONDITION_MAX_F

    n_, m_val, k_val, eps_ = (P7.FIG6[x] for x in ("n", "m", "k", "eps"))
    variables, assumptions, goal, where = fig6_setting(FIG6_WITNESS_S, sympy.Rational(9, 10), CONDITION_MAX_F)
    return [Obligation(
        "jiang-gcms/sec7.B.fig6-significant", "jiang-gcms/sec7.B.fig6-significant",
        f"n = {n_}, k = {k_val}, m = {m_val}, eps = {eps_} (e^(eps/2) = h, {where}): for every real target 0 <= f(d) "
        f"<= {CONDITION_MAX_F} (n/5) and every F2 in [0, (n - f(d))^2] (any dataset), GCMS at s = {FIG6_WITNESS_S} "
        "(p_s >= 1/2 proved) has derived Var <= 9/10 of Apple's CMS's, so the best integer s does too (the "
        "correction: the condition f(d) <= n/5)",
        variables, assumptions, goal, model_side="derived", proves="correction")]


def _adult_p(printed, derived, *, form_of):
    """Section VII-D: at each of Fig. 8's runs (eps, target lambda), Lemma 1's printed objective g (k = 100) over the
    integer s (p_s = e^eps s/(e^eps s + m - s) >= 1/2, m = 100) is smallest at the claimed s*, whose p_s rounds to
    Fig. 8's p.  For every e^eps of the run's certified enclosure: p_{s*} > 1/2, round_2(p_{s*}) = Fig. 8's p, and
    g(p_{s*}) < g(p_s) at both neighbours s = s* - 1, s* + 1 unless p_s < 1/2.  g is strictly convex in p on
    (1/2, 1) for every e^eps > 1, lambda, k >= 1 (proved by jiang-gcms/alg4.unimodal) and p_s increases with s, so
    beating both feasible neighbours is beating every feasible s (a convex function's values along increasing
    points fall, then rise).  The objective is the paper's own Lemma 1 (the claim reproduces the paper's
    computation), at exactly the claim's parameter points, where both statements are read (:func:`hold_at`)."""
    from ldpref.exact import EXP_EPS

    import derivations.jiang_gcms as J
    from .obligations import _objective
    from .sec7_experiments import ADULT_K, ADULT_M, ADULT_RUNS, _adult_points

    hold_at("jiang-gcms/sec7.D.adult-p", [point[0] for point in _adult_points()], printed=printed, derived=derived)
    g = _objective(form_of, "printed")
    half, out = sympy.Rational(1, 2), []
    for i, ((label, fig_p, eps_text, lam_label, lam_val), point) in enumerate(zip(ADULT_RUNS, _adult_points())):
        s_star = point[0]["Lemma 1 best integer s"]
        enclosure, where = _enclosed(t, sympy.Rational(eps_text))

        def p_at(s_val):
            return t * s_val / (t * s_val + ADULT_M - s_val)

        def obj(s_val):
            return g.xreplace({J.lam: lam_val, J.k: ADULT_K, EXP_EPS: t}).xreplace({J.p: p_at(s_val)})

        best = obj(s_star)
        others = [sympy.Or(sympy.Lt(p_at(s_val), half), sympy.Lt(best, obj(s_val)))
                  for s_val in (s_star - 1, s_star + 1) if 1 <= s_val <= ADULT_M - 1]
        goal = sympy.And(sympy.Gt(p_at(s_star), half), sympy.Ge(p_at(s_star), fig_p - half / 100),
                         sympy.Lt(p_at(s_star), fig_p + half / 100), *others)
        out.append(Obligation(
            f"jiang-gcms/sec7.D.adult-p.{i}", "jiang-gcms/sec7.D.adult-p",
            f"Fig. 8's run {label} at eps = {eps_text} ({where}), lambda = {lam_label}, k = m = {ADULT_M}: Lemma 1's "
            f"printed objective over the integer s with p_s >= 1/2 is smallest at s = {s_star}: strictly below both "
            "neighbours s +- 1 unless p_s < 1/2, hence below every feasible s (g strictly convex on (1/2, 1), "
            f"jiang-gcms/alg4.unimodal; p_s increasing in s); p_{s_star} > 1/2 rounds to {fig_p} "
            f"(two decimals, half up)",
            (Variable(t, "t"),), enclosure, goal))
    return out


OBLIGATIONS.update({
    "jiang-gcms/sec7.D.adult-p": _adult_p,
    "jiang-gcms/sec7.B.fig6-significant": _fig6_significant,
    "jiang-gcms/sec7.C.fig7": _fig7,
    "jiang-gcms/sec7.C.small-p-large-eps": _order,
    "jiang-gcms/sec7.D.apple-p": _apple_p,
})
