"""pan-cms claim checks: Theorem 3.5 and Appendix C (the Chernoff tail bound of CMS+RR: A, B, Eq. (30), the range
of alpha, the one- and two-sided bounds).

Shared evidence builders: :mod:`proofs_checks.pan_cms.basics_common`; derivations: :mod:`derivations.pan_cms.basics`.
"""

from __future__ import annotations

import bisect
import math
from fractions import Fraction
from math import comb
from functools import cache
from itertools import accumulate

import mpmath
import sympy

import derivations.pan_cms.basics as D
import derivations.pan_cms.printed_appendix_c as PC
from derivations.pan_cms.symbols import e as e_sym, f as f_sym, m as m_sym
from derivations.pan_cms.symbols import n as n_sym
from ldpref.exact import exact_order, to_fraction
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Numeric, Point, Symbolic, rhs
from ldpref.ledger.forms import evaluate, exp_truth

from .basics_common import HOLDS, R, _fr, cms_mech, datasets, family, fsize, mkey, rat_eval, y_mech
from .basics import exact_of, model_grid
from .basics_mse import _fhat_distribution


# ==== Theorem 3.5 and Appendix C ===================================================================
def _mp(value, digits=60):
    value = Fraction(value)
    with mpmath.workdps(digits):
        return mpmath.mpf(value.numerator) / value.denominator


@cache
def _client_distributions(key, ee, xx=0):
    """For each client value X: the exact distribution (Fractions) of the client's decoded contribution
    Q[x, (j, z)] to f_hat(x) under the real CMS+RR mechanism, enumerating every output (j, z)."""
    mech = cms_mech(key, "rr", ee)
    dom = mech.domain
    if not (dom.is_QQ or dom.is_ZZ):
        raise ValueError(f"{key}: a numeric e^eps is needed, the mechanism is over {dom}")
    P, Q = mech.P.to_list(), mech.Q.to_list()
    # each decoded value as (numerator, denominator): hashing the domain's rationals is slow (16384 outputs at m = 128)
    values = [(int(q_.numerator), int(q_.denominator)) for q_ in Q[xx]]
    out = []
    for X_ in range(mech.d):
        dist = {}
        for value, row in zip(values, P):
            pr = row[X_]
            if pr:
                dist[value] = dist[value] + pr if value in dist else pr
        out.append({Fraction(*a): to_fraction(dom.to_sympy(b)) for a, b in dist.items()})
    return tuple(out)


@cache
def _client_integers(key, ee, X_):
    """A client's distribution over common denominators: (L, M, ((value * L, probability * M), ...)), integers."""
    dist = _client_distributions(key, ee)[X_]
    L = math.lcm(*(v_.denominator for v_ in dist))
    M = math.lcm(*(p_.denominator for p_ in dist.values()))
    return L, M, tuple((v_.numerator * (L // v_.denominator), p_.numerator * (M // p_.denominator))
                       for v_, p_ in dist.items())


@cache
def _client_sum_integers(key, ee, X_, count):
    """``count``-fold convolution of :func:`_client_integers`: {sum of values * L: probability * M^count}
    (exact integer arithmetic; each power is computed once from the previous one)."""
    if count == 0:
        return {0: 1}
    out = {}
    atoms = _client_integers(key, ee, X_)[2]
    for a, pa in _client_sum_integers(key, ee, X_, count - 1).items():
        for b, pb in atoms:
            out[a + b] = out.get(a + b, 0) + pa * pb
    return out


def _client_sum(key, ee, X_, count):
    """Exact distribution of the sum of the contributions of ``count`` independent clients holding X_
    (the ``count``-fold convolution of the real mechanism's per-client distribution)."""
    if count == 0:
        return {Fraction(0): Fraction(1)}
    L, M, _ = _client_integers(key, ee, X_)
    den = M**count
    return {Fraction(a, L): Fraction(p_, den) for a, p_ in _client_sum_integers(key, ee, X_, count).items()}


def _convolve(dists):
    total = {Fraction(0): Fraction(1)}
    for dist in dists:
        new = {}
        for a, pa in total.items():
            for b, pb in dist.items():
                new[a + b] = new.get(a + b, 0) + pa * pb
        total = new
    return total


@cache
def _tail_profile_exact(key, ee, nn, c_at_x):
    """Exact distribution of f_hat(x) from the real mechanism: c_at_x clients hold x = 0, the others 1."""
    dist = _convolve([_client_sum(key, ee, 0, c_at_x), _client_sum(key, ee, 1, nn - c_at_x)])
    return _profile({val / nn: p for val, p in dist.items()}, Fraction(c_at_x, nn))


@cache
def _derived_constants(mm, ee):
    """(A, B, p, q) of the derivation at m, e^eps as Fractions: Appendix C's A and B, RR's p = e/(e+m-1), q."""
    A_, B_ = (to_fraction(q.rhs.subs({m_sym: mm, e_sym: ee})) for q in D.appC_AB_derived())
    p_, q_ = (to_fraction(t.subs({m_sym: mm, e_sym: ee})) for t in D.rr_pq())
    return A_, B_, p_, q_


@cache
def _tail_profile_derived(mm, ee, nn, c_at_x):
    """The same from the derivation: each client contributes B (a hit) or A; hits are Bernoulli with
    p = e/(e+m-1) for clients on x and c_bar p + (1-c_bar) q = 1/m for the others; f_hat is
    A + (B - A) K / n with K a sum of two binomials."""
    A_, B_, p_, q_ = _derived_constants(mm, ee)
    hit_other = Fraction(1, mm) * p_ + (1 - Fraction(1, mm)) * q_
    k1 = {i: comb(c_at_x, i) * p_**i * (1 - p_) ** (c_at_x - i) for i in range(c_at_x + 1)}
    k2 = {i: comb(nn - c_at_x, i) * hit_other**i * (1 - hit_other) ** (nn - c_at_x - i)
          for i in range(nn - c_at_x + 1)}
    hits = _convolve([k1, k2])  # the law of K
    return _profile({A_ + (B_ - A_) * Fraction(kk, nn): p for kk, p in hits.items()}, Fraction(c_at_x, nn))


def _profile(dist, truth):
    """(sorted values, probabilities, variance, truth), all Fractions."""
    items = sorted(dist.items())
    mean = sum(v_ * p for v_, p in items)
    if mean != truth:
        raise AssertionError(f"estimator is biased: E = {mean}, f = {truth}")
    var = sum(p * (v_ - truth) ** 2 for v_, p in items)
    return tuple(v_ for v_, _ in items), tuple(p for _, p in items), var, truth


def _tail_checks(profile, mm, ee, nn, *, amax2, coef, factor, sided):
    """Decide 'tail(alpha) <= factor * exp(-coef alpha^2) for every alpha in [0, sqrt(amax2)]' exactly:
    the tail is a left-continuous step function of alpha and the bound decreases, so it suffices to test
    alpha at every jump point alpha_v^2 = (v - f)^2 / Var <= amax2 and at alpha_max.  Tails are exact
    rationals, compared with the bound by :func:`ldpref.exact.exact_order` (the worst ratio's digits: 60-digit
    mpmath, for display).  Returns
    (holds, worst (ratio, alpha^2, tail, bound), tails at the tested points)."""
    vals, probs, var, truth = profile
    amax2, coef = to_fraction(amax2), to_fraction(coef)
    if var == 0:
        return True, None, ()
    side = [(v_ - truth, p) for v_, p in zip(vals, probs) if _in_side(v_ - truth, sided)]
    by_jump = {}  # alpha_v^2 = (v - f)^2 / Var -> total probability of the values v with that jump point
    for dv, p in side:
        a2 = dv * dv / var
        by_jump[a2] = by_jump.get(a2, 0) + p
    jumps = sorted(by_jump)
    # above[i]: Pr over the values whose jump point is jumps[i] or later (0 past the last)
    above = _suffix_sums([by_jump[a2] for a2 in jumps]) + [Fraction(0)]
    points = [a2 for a2 in jumps if a2 <= amax2] + [amax2]
    worst, worst_exact, holds, tails = None, None, True, []
    for a2 in points:
        tail = above[bisect.bisect_left(jumps, a2)]  # sum of p over (v - f)^2 >= alpha^2 Var (exact Fractions)
        tails.append(_fr(tail))
        if tail == 0:
            continue
        exact_ratio = _fr(tail) * sympy.exp(_fr(coef * a2)) / factor  # tail / bound, exact
        if worst is None or exact_order(exact_ratio, worst_exact) > 0:
            with mpmath.workdps(60):
                bound = factor * mpmath.exp(-_mp(coef * a2))
                worst, worst_exact = (_mp(tail) / bound, _fr(a2), _fr(tail), bound), exact_ratio
        if exact_order(exact_ratio, 1) > 0:
            holds = False
    return holds, worst, tuple(tails)


def _in_side(diff, sided):
    if sided == "two":
        return True
    return diff > 0 if sided == "upper" else diff < 0


# the grid: (family key, e^eps, n, clients on x); m = 2, 3, 4 exhaustively small, then large m at f = 0
def _thm35_grid():
    grid = []
    for key in ("gf2(l=1,d=2)", "Z3-affine(d=2)", "pair-uniform(m=4)"):
        for ee in (R(2), R(3), R(10)):
            for nn in (1, 2, 3, 4):
                for c in range(nn + 1):
                    grid.append((key, ee, nn, c))
    for mm, ee, nn in ((16, R(16), 40), (128, (R(1257, 151)) ** 2, 151)):
        grid.append((f"pair-uniform(m={mm})", ee, nn, 0))
    return grid


@cache
def _bound_shape(form):
    """(factor, coef, alpha_max^2) of a bound 'factor * exp(-coef alpha^2) for alpha in [0, alpha_max]', as
    expressions in m, e^eps, n (read off the form once; evaluated at each instance by :func:`_bound_params`)."""
    bound, _ = form
    factor = bound.rhs.subs(D.alpha, 0)
    coef = sympy.cancel(-sympy.expand_log(sympy.log(bound.rhs / factor), force=True) / D.alpha**2)
    if coef.has(D.alpha):
        raise ValueError(f"bound {bound} does not have the form c exp(-a alpha^2)")
    return factor, coef, sympy.cancel(D.alpha_range_max2(form))


@cache
def _bound_params(form, mm, ee, nn):
    """(factor, coef, alpha_max^2) of a bound 'factor * exp(-coef alpha^2) for alpha in [0, alpha_max]' at m,
    e^eps, n."""
    sub = {m_sym: mm, e_sym: ee, n_sym: nn}
    factor, coef, amax2 = (evaluate(t, sub) for t in _bound_shape(form))
    if not (factor.is_Integer and coef.is_Rational and amax2.is_Rational):
        raise ValueError(f"bound {form[0]} does not have the form c exp(-a alpha^2) with rational a")
    return int(factor), coef, amax2


def _statement_holds(form, key, ee, nn, c, sided):
    """A tail-bound statement (bound, alpha range) evaluated on the exact distribution of the real CMS+RR: whether
    the bound holds over its whole range.  The negation of a statement (both parts negated) is its negation."""
    if not isinstance(form[0], sympy.LessThan):  # the negated statement (perturb turns <= into >)
        return not _statement_holds(tuple(sympy.Not(part) for part in form), key, ee, nn, c, sided)
    return _decide(key, ee, nn, c, form, sided, "exact")[0]


@cache
def _decide(key, ee, nn, c, form, sided, path):
    """Cached decision of one bound (form) on one instance, on the exact or the derived distribution."""
    fam = family(key)
    prof = _tail_profile_exact(key, ee, nn, c) if path == "exact" else _tail_profile_derived(fam.m, ee, nn, c)
    factor, coef, amax2 = _bound_params(form, fam.m, ee, nn)
    return _tail_checks(prof, fam.m, ee, nn, amax2=amax2, coef=coef, factor=factor, sided=sided)


def _bound_grid(sided, name):
    """A tail bound on the real CMS+RR: the printed and the derived statement (bound with its alpha range), each
    decided on the exact distribution of f_hat.  The points read the printed form: where it fails, the instance
    shows its worst alpha^2 and the ratio tail / bound there."""
    def points(forms):
        printed = forms.printed()
        for key, ee, nn, c in _thm35_grid():
            fam = family(key)
            params = {"family": key, "m": fam.m, "exp_eps": ee, "n": nn, "clients on x": c}
            if isinstance(printed[0], sympy.LessThan):  # a bound (not its negation, a self-check's mutation)
                holds, worst, _ = _decide(key, ee, nn, c, printed, sided, "exact")
                if not holds:
                    params.update({"worst alpha^2": worst[1], "tail / bound": mpmath.nstr(worst[0], 8)})
            yield Point(params, facts=(key, ee, nn, c), data=HOLDS, size=(fam.d, fam.m, fam.k, nn, ee, c))

    return Grid(name, points, exact_of, value=lambda form, point: _statement_holds(form, *point.facts, sided),
                reads_forms=True)


def _tail_rows():
    """The exact distribution of f_hat(x) (real mechanism) against the binomial model of the derivation."""
    for key, ee, nn, c in _thm35_grid():
        fam = family(key)
        exact, model = _tail_profile_exact(key, ee, nn, c), _tail_profile_derived(fam.m, ee, nn, c)
        yield Point({"family": key, "exp_eps": ee, "n": nn, "clients on x": c},
                    model=[[_fr(v_), _fr(p_)] for v_, p_ in zip(*model[:2])],
                    data=[[_fr(v_), _fr(p_)] for v_, p_ in zip(*exact[:2])], size=(fam.d, fam.m, fam.k, nn, ee, c))


_TAILS = model_grid("distribution of f_hat(x): real mechanism vs binomial model", _tail_rows)


_THM35_NOTE = ("Exact search: for f(x) = 0 the tail is Pr[Bin(n, 1/m) >= K] and the stated range allows alpha up to "
               "sqrt(e n/(m-1)), where delta = alpha sqrt(Var)/(f - A) reaches sqrt(e^eps) > 1 and Eq. (30) no longer "
               "applies.  Floating-point exploration (not part of the verdict) puts the first failures at m = 128, "
               "n = 151; m = 100, n = 257; m = 64, n = 1617; for m <= 48 the claimed exponent stays below the exact "
               "large-deviation rate.  The family used is the collision-rate-1/m family h_j = (0, j); at f(x) = 0 "
               "every client's report depends on the family only through c_bar (Eq. (24)), so a strongly "
               "pairwise-independent family with the same m (e.g. Eq. (18), l = 7) gives the same tail.")


record(
    id="pan-cms/thm3.5",
    location="Section 3.3, Theorem 3.5 (proof in Appendix C)",
    statement="CMS+RR with pairwise-independent hashing: for alpha in [0, sqrt(e^eps n/(m-1))], "
              "Pr[|f_hat - f| >= alpha sqrt(Var)] <= 2 exp(-alpha^2/3 (m-1)/(e^eps + m - 1)).",
    printed=PC.thm35_printed,
    derived=D.thm35_corrected,
    kind="statement",
    assumptions="fixed family with c_bar = 1/m, RR inner mechanism, n independent clients; Var = exact Var(f_hat(x))",
    note=_THM35_NOTE,
    root_cause="appC.delta-range",
    steps=(_bound_grid("two", "two-sided tail bound on its alpha range (exact distribution of f_hat)"), _TAILS),
)


record(
    id="pan-cms/appC.upper-tail",
    location="Appendix C, one-sided bound after the minimum at f(x) = 1",
    statement="Pr[f_hat >= f + alpha sqrt(Var)] <= exp(-(n/3)(m-1)/(e^eps + m - 1) alpha^2).",
    printed=PC.appC_upper_printed,
    derived=D.appC_upper_corrected,
    kind="statement",
    assumptions="as Theorem 3.5; alpha in the range Appendix C derives from delta in [0, 1]",
    note="The factor n comes from dropping n in the minimum of Var/((B-A)(f-A)) (see appC.ratio-min); "
         "Theorem 3.5 itself has no n in the exponent.",
    root_cause="appC.ratio-min-n",
    steps=(_bound_grid("upper", "upper tail under the bound on its alpha range (exact distribution of f_hat)"),
           _TAILS),
)


record(
    id="pan-cms/appC.two-sided",
    location="Appendix C, final two-sided bound",
    statement="Pr[|f_hat - f| >= alpha sqrt(Var)] <= 2 exp(-(n/3)(m-1)/(e^eps + m - 1) alpha^2).",
    printed=PC.appC_two_sided_printed,
    derived=D.appC_two_sided_corrected,
    derivation="derivations.pan_cms.basics.thm35_corrected",
    kind="statement",
    assumptions="as Theorem 3.5",
    root_cause="appC.ratio-min-n",
    steps=(_bound_grid("two", "two-sided tail under the bound on its alpha range (exact distribution of f_hat)"),),
)


SMALL_RR = [("gf2(l=1,d=2)", R(2)), ("gf2(l=1,d=2)", R(3)), ("Z3-affine(d=2)", R(2)), ("Z3-affine(d=2)", R(10)),
            ("pair-uniform(m=4)", R(3)), ("hadamard(d=3)", R(5, 2))]


def _extremes(key, ee):
    """(A, B): the smallest and largest value a client's decoded contribution takes under the real CMS+RR (over the
    support of every client value's distribution)."""
    support = set().union(*_client_distributions(key, ee))
    return min(support), max(support)


def _ab_rows():
    for key, ee in SMALL_RR:
        yield Point({"family": key, "m": family(key).m, "exp_eps": ee}, facts={m_sym: family(key).m, e_sym: ee},
                    data=[_fr(v_) for v_ in _extremes(key, ee)], size=(*fsize(key), ee))


record(
    id="pan-cms/appC.AB",
    location="Appendix C, A and B",
    statement="A = min f_hat = m/(m-1) e^{-1}/(e^eps - 1) - 1/(m-1) and "
              "B = max f_hat = m/(m-1) (e^eps + m - 2)/(e^eps - 1) - 1/(m-1) for CMS+RR.",
    printed=PC.appC_AB_printed,
    derived=D.appC_AB_derived,
    assumptions="CMS + RR with Eq. (2)'s decoder",
    note="The printed e^{-1} is read literally (1/e); the correct numerator is -1 (RR's decoded miss is -q/(p-q)).  "
         "Transcription caveat: pan-cms.plain.txt lost this formula, so e^{-1} (pan-cms.md) could not be cross-read; "
         "if the original prints -1, A is right (and B is right as printed).",
    root_cause="appC.A-numerator",
    steps=(Symbolic("printed vs derived (A, B)", part=lambda forms: [q.rhs for q in forms]),
           Grid("smallest and largest per-client contribution of the real CMS+RR", _ab_rows, exact_of,
                value=lambda forms, point: [evaluate(q.rhs, point.facts) for q in forms])),
)


def _bernoulli_rows():
    for key, ee in SMALL_RR:
        fam = family(key)
        for X_, dist in enumerate(_client_distributions(key, ee)):
            yield Point({"family": key, "exp_eps": ee, "X": X_}, data=HOLDS, size=(*fsize(key), ee, X_),
                        facts={"Y_values": sorted(_fr(y_) for y_ in dist), "m_value": fam.m, "exp_eps": ee})


def _sum_rows():
    """n f_hat = sum Y: the distribution of f_hat (ldpref enumeration of the CMS) vs the convolution of the
    derived Y = scale y_hat + offset of each client (a model computation, not the claim's form)."""
    for key, ee in SMALL_RR:
        fam = family(key)
        dscale, doffset = (t.subs({m_sym: fam.m}) for t in D.estimator_coefficients(D.estimator_derived()))
        ym = y_mech(key, "rr", ee)
        Qy, P = ym.decoder_matrix(), ym.perturbation_matrix()
        for counts in datasets(fam.d, 2):
            nn = sum(counts)
            per_client = []
            for X_ in range(fam.d):
                dist = {}
                for uu in range(ym.n_outputs):
                    if P[uu, X_] != 0:
                        y_ = dscale * Qy[0, uu] + doffset
                        dist[y_] = dist.get(y_, 0) + P[uu, X_]
                per_client += [dist] * counts[X_]
            model = [[val / nn, p] for val, p in sorted(_convolve(per_client).items(), key=lambda t: t[0])]
            yield Point({"family": key, "exp_eps": ee, "counts": counts}, model=model,
                        data=[list(t) for t in _fhat_distribution(mkey(key, "rr", ee), counts, 0)],
                        size=(*fsize(key), ee, nn))


record(
    id="pan-cms/appC.bernoulli",
    location="Appendix C, definition of Y",
    statement="With Y^(i) = m/(m-1) y_hat^(i) - 1/(m-1), n f_hat(x) = sum_i Y^(i), and (Y - A)/(B - A) is a Bernoulli "
              "variable for CMS+RR.",
    printed=PC.appC_bernoulli_printed,
    derived=D.appC_bernoulli_derived,
    derivation="derivations.pan_cms.basics.rr_decoded_values",
    kind="statement",
    assumptions="CMS + RR (the appendix assumes RR); Y^(i) is client i's contribution to f_hat(x) (its column of "
                "the real decoder), A and B its smallest and largest value",
    steps=(Grid("per-client contribution Y of the real CMS+RR: (Y - A)/(B - A) in {0, 1}", _bernoulli_rows, exact_of),
           model_grid("distribution of f_hat (enumeration) == distribution of the mean of the derived Y", _sum_rows)),
)


def _appC_grid():
    for mm_key in ("gf2(l=1,d=2)", "Z3-affine(d=2)", "pair-uniform(m=4)"):
        for ee in (R(2), R(3), R(10)):
            for nn in (1, 2, 3):
                yield mm_key, ee, nn


def _delta_rows():
    for key, ee, nn in _appC_grid():
        fam = family(key)
        A_ = _extremes(key, ee)[0]
        for c in range(nn + 1):
            _, _, var, truth = _tail_profile_exact(key, ee, nn, c)
            yield Point({"family": key, "m": fam.m, "exp_eps": ee, "n": nn, "f(x)": _fr(truth)},
                        facts={m_sym: fam.m, e_sym: ee, n_sym: nn, f_sym: _fr(truth)},
                        data=_fr((truth - A_) ** 2 / var), size=(fam.d, fam.m, nn, ee, c))


record(
    id="pan-cms/appC.delta-range",
    location="Appendix C, after Eq. (30)",
    statement="delta = alpha sqrt(Var)/(f - A) in [0, 1] is equivalent to alpha in [0, sqrt(n e^eps/(m-1))].",
    printed=PC.appC_delta_range_printed,
    derived=D.appC_delta_range_derived,
    assumptions="CMS+RR, c_bar = 1/m; the equivalence must hold for the f(x) at hand",
    note="(f - A)^2/Var equals n e^eps/(m-1) only at f(x) = 1; its minimum over f is n/(m-1) at f(x) = 0.",
    root_cause="appC.delta-range",
    steps=(Symbolic("printed vs derived alpha_max^2", part=rhs),
           Grid("largest alpha with delta <= 1, from the exact Var and A of the real CMS+RR", _delta_rows, exact_of,
                value=lambda form, point: rat_eval(form.rhs, point.facts))),
)


def _ratio_values(key, ee, nn):
    """Var/((B-A)(f-A)) at every f = c/n, c = 0..n, from the exact Var and A, B of the real CMS+RR."""
    A_, B_ = _extremes(key, ee)
    values = []
    for c in range(nn + 1):
        _, _, var, truth = _tail_profile_exact(key, ee, nn, c)
        values.append(_fr(var / ((B_ - A_) * (truth - A_))))
    return values


def _ratio_rows():
    for key, ee, nn in _appC_grid():
        fam = family(key)
        yield Point({"family": key, "m": fam.m, "exp_eps": ee, "n": nn}, facts={m_sym: fam.m, e_sym: ee, n_sym: nn},
                    data=min(_ratio_values(key, ee, nn)), size=(fam.d, fam.m, nn, ee))


def _ratio_decreasing():
    """Appendix C's premise: the ratio is strictly decreasing in f (so its minimum is at f(x) = 1), on every point."""
    flags = [all(a > b for a, b in zip(v, v[1:])) for v in (_ratio_values(*g) for g in _appC_grid())]
    return all(flags), len(flags), "every grid point"


record(
    id="pan-cms/appC.ratio-min",
    location="Appendix C, minimum of Var/((B-A)(f-A))",
    statement="Var(f_hat)/((B-A)(f-A)) decreases with f(x), so it is at least its value at f(x) = 1: "
              "(m-1)/(e^eps + m - 1).",
    printed=PC.appC_ratio_printed,
    derived=D.appC_ratio_derived,
    assumptions="CMS+RR, c_bar = 1/m",
    note="Var(f_hat) is O(1/n): the bound holds for n Var/((B-A)(f-A)).",
    root_cause="appC.ratio-min-n",
    steps=(Symbolic("printed vs derived minimum", part=rhs),
           Grid("min over f = c/n of Var/((B-A)(f-A)) from the real CMS+RR", _ratio_rows, exact_of,
                value=lambda form, point: evaluate(form.rhs, point.facts)),
           Numeric("Var/((B-A)(f-A)) strictly decreasing in f (exact)", _ratio_decreasing)),
)


def _upper_bound(relation):
    """The bound of a statement 'Pr[...] <= bound' (a marker symbol for any other relation, e.g. its negation)."""
    if isinstance(relation, sympy.LessThan):
        return relation.rhs
    return sympy.Symbol(f"not an upper bound: {relation}")


def _suffix_sums(probs) -> list:
    """[sum(probs[i:]) for each i] (exact Fractions), by one pass from the end."""
    return list(accumulate(reversed(probs)))[::-1]


def chernoff_grid(name, *, use_delta):
    """Eq. (30) / its rewrite on the real CMS+RR: a form (a bound Pr <= ..., with Eq. (30)'s delta range) holds on
    an instance when it holds with the exact tail Pr[f_hat >= v] at every jump point v with delta in (0, 1]."""
    dlt_sym = sympy.Symbol("delta")

    def rows():
        for key, ee, nn in _appC_grid():
            fam = family(key)
            A_, B_ = _extremes(key, ee)
            for c in range(nn + 1):
                vals, probs, var, truth = _tail_profile_exact(key, ee, nn, c)
                at_least = _suffix_sums(probs)  # at_least[i] = Pr[f_hat >= vals[i]] (vals sorted, distinct)
                at = []
                for i, v_ in enumerate(vals):
                    # sum of Bernoullis K = n (f_hat - A)/(B - A) >= (1 + delta) mu  <=>  f_hat >= f + delta (f - A)
                    if v_ <= truth or (v_ - truth) / (truth - A_) > 1:
                        continue
                    facts = {D.A_sym: _fr(A_), D.B_sym: _fr(B_), f_sym: _fr(truth), n_sym: nn}
                    if use_delta:
                        facts.update({D.Pr_chernoff: _fr(at_least[i]), dlt_sym: _fr((v_ - truth) / (truth - A_))})
                    else:
                        facts.update({D.Pr_upper: _fr(at_least[i]), D.alpha: sympy.sqrt(_fr((v_ - truth) ** 2 / var)),
                                      D.var_sym: _fr(var)})
                    at.append(facts)
                yield Point({"family": key, "exp_eps": ee, "n": nn, "clients on x": c, "points": len(at)},
                            facts=at, data=HOLDS, size=(fam.d, fam.m, nn, ee, c))

    return Grid(name, rows, exact_of, value=_holds_at_every)


def _holds_at_every(form, point):
    """The statement at every jump point of the row (exact truth; the general evaluation where no program applies)."""
    held = True
    for facts in point.facts:
        value = exp_truth(form, facts)
        if value is None:
            value = evaluate(form, facts)
        held &= all(value) if isinstance(value, tuple) else value
    return held


record(
    id="pan-cms/appC.eq30",
    location="Appendix C, Eq. (30)",
    statement="Chernoff: Pr[sum (Y - A)/(B - A) >= (1 + delta) n (f - A)/(B - A)] <= "
              "exp(-(n/3)(f - A)/(B - A) delta^2) for delta in [0, 1].",
    printed=PC.appC_eq30_printed,
    derived=D.appC_eq30_derived,
    kind="cited",
    assumptions="independent Bernoulli variables (clients independent), unbiased CMS+RR",
    steps=(Symbolic("printed vs standard multiplicative Chernoff bound", part=lambda form: _upper_bound(form[0])),
           chernoff_grid("exact tail of the Bernoulli sum (real CMS+RR) under Eq. (30), delta in (0, 1]",
                         use_delta=True)),
)


record(
    id="pan-cms/appC.rewrite",
    location="Appendix C, Eq. (30) rewritten with delta = alpha sqrt(Var)/(f - A)",
    statement="Pr[f_hat >= f + alpha sqrt(Var)] <= exp(-(n/3) Var/((B-A)(f-A)) alpha^2).",
    printed=PC.appC_rewrite_printed,
    derived=D.appC_rewrite_derived,
    assumptions="delta in [0, 1]; CMS+RR, c_bar = 1/m",
    steps=(Symbolic("printed vs derived exponent", part=_upper_bound),
           chernoff_grid("exact upper tail (real CMS+RR) under the rewritten bound (delta <= 1)", use_delta=False)),
)
