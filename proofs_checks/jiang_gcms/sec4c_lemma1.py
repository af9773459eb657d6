"""Section IV-C: Lemma 1 (the OCMS objective), Remark 2, the Fig. 2 caption, Section VII-B on Fig. 5, Eq. (7)
and Remark 3.
"""

from __future__ import annotations

from functools import cache as _cache

import sympy

import derivations.jiang_gcms as J
import derivations.jiang_gcms.model_optimum as JO
from derivations.jiang_gcms.model_optimum import argmin as _argmin
from derivations.jiang_gcms.model_optimum import feasible_p as _feasible
from derivations.jiang_gcms.model_optimum import lam_of as _lam
from derivations.jiang_gcms.model_optimum import monotone_in_lambda as _monotone_in_lambda
from ldpref import enumeration
from ldpref import gcms as G
from ldpref.ledger import record
from ldpref.ledger.generic import CorrectedGrid, Grid, Identity, Numeric, Point, Symbolic
from ldpref.ledger.forms import evaluate
from ldpref.mechanisms.pure import _unary
from ldpref.privacy import exp_eps as mechanism_exp_eps

from .pure_protocols import R, _datasets, _estimator_mechanism
from .gcms_model import MOMENTS, _at, _exact_estimator_moments
from .sec2a_definition1 import _parts
from .sec4a_algorithms import _gcms_exp_eps


# ---- Section IV-C: Eq. (7), Lemma 1, Remarks 2-3, Algorithm 4, budget allocation -----------------------
@_cache
def _opt_table(m_, k_, e_):
    """For every feasible s: p_s and the exact n^2 Var[f_hat(0)] of every 2-value dataset (n <= 3) over
    every hash draw (the real mechanism), by the law of total variance (_mixture_moments): instances whose
    exact value is read from this table have path MOMENTS."""
    table = {}
    for s_, p_ in _feasible(m_, e_).items():
        table[s_] = (p_, {c: _exact_estimator_moments(2, m_, k_, s_, p_, c)[1] for c in _datasets(2, 3)})
    return table


OPT_GRID = [(4, 3), (4, 9), (5, 4), (6, 2), (6, 9)]  # (m, e^eps) with at least two feasible s


def _objective(form):
    """The objective inside p* = argmin_p(objective) (a mutated form is returned as it is)."""
    rhs = form.rhs if isinstance(form, sympy.Equality) else form
    return rhs.args[0] if getattr(rhs, "func", None) == J.ARGMIN_P else rhs


@_cache
def _argmin_nodes(rhs):
    """The argmin_p(g) nodes of a form (found once per form), and whether one is nested in another."""
    nodes = tuple(rhs.atoms(J.ARGMIN_P))
    return nodes, any(a.args[0].has(J.ARGMIN_P) for a in nodes)


def _argmin_at(form, ps, values):
    """p* = argmin_p(g) (an Eq, or a mutation of it) at one instance: every argmin_p(g) inside the form is replaced
    by the smallest minimiser of g over the feasible p values ``ps`` (exact), then the form is evaluated."""
    rhs = form.rhs if isinstance(form, sympy.Equality) else form

    def best(*args):
        return min(_argmin({p_: _at(args[0], {**values, J.p: p_}) for p_ in ps}))

    nodes, nested = _argmin_nodes(rhs)
    if nested:
        return _at(rhs.replace(J.ARGMIN_P, best), values)
    return _at(rhs.xreplace({a: best(*a.args) for a in nodes}), values)


def _lemma1_points(with_lambda=True):
    """OPT_GRID x k x two-value datasets; ``data`` = (exact table, feasible p, counts)."""
    for m_, e_ in OPT_GRID:
        for k_ in (1, 2, 3):
            table = _opt_table(m_, k_, e_)
            ps = [p_ for p_, _ in table.values()]
            for counts in _datasets(2, 3):
                shown = {"lambda": _lam(counts)} if with_lambda else {}
                yield Point({"m": m_, "k": k_, "e^eps": e_, "counts": counts, **shown,
                             "feasible p": tuple(ps)}, facts={J.e: e_, J.lam: _lam(counts), J.k: k_},
                            data=(table, ps, counts), size=(2, m_, k_, sum(counts), e_, counts))


def _smallest_exact_argmin(point):
    """The smallest minimiser over the feasible p of the exact variance (every draw) at the point's dataset."""
    table, _, counts = point.data
    return min(_argmin({p_: V[counts] for p_, V in table.values()}))


def _argmin_value(form, point):
    return _argmin_at(form, point.data[1], point.facts)


def _lemma1_identity(forms):
    main, const = J._boundary_parts()
    return sympy.factor(sympy.together(main - _objective(forms.derived()) / (J.e - 1) ** 2)) + sympy.diff(const, J.p)


record(id="jiang-gcms/lemma1", root_cause="appB.same-client", location="Section IV-C, Lemma 1 (OCMS objective)",
       statement="For a given eps and target f(d), the optimal p is argmin_p (k w - p + lam (w-1)(k w - p - w p))/"
                 "(k (1-p)^2 p), w = e^eps (1-p) + p, lam = f(d)/n.",
       printed=J.lemma1_printed, derived=J.lemma1_derived,
       derivation="derivations.jiang_gcms.lemma1_objective_derived_expr",
       assumptions="q at the boundary of Eq. (7) (the bound of Theorem 2 met with equality); the paper's hash model",
       note="The exact variance gives Lemma 1's function with k = 1: the optimal p depends on lam and eps only. "
            "The instances minimise over the integer s for which p_s = e^eps s/(e^eps s + m - s) meets the bound "
            "exactly (the smallest minimiser when several tie).",
       steps=(Symbolic("Lemma 1's objective vs the objective derived from the exact variance", part=_objective,
                       simplify=sympy.cancel),
              Identity("Var[f_hat]/n = objective/(e^eps - 1)^2 + a term free of p (derived)", _lemma1_identity,
                       lambda forms: sympy.Integer(0), reads_forms=True),
              Grid("argmin over feasible integer s of the exact variance (every draw) vs argmin of the objective",
                   _lemma1_points, _smallest_exact_argmin, path=MOMENTS, value=_argmin_value)))


@_cache
def _remark2_configs():
    """(params, facts a, facts b, feasible p, exact, size): two configurations that differ in k (same m) or in m (same
    k = 1, over the p values feasible for both).  exact: the optimum at each -- the smallest minimiser of the exact
    variance (every draw, feasible integer s)."""
    out = []
    for m_, e_ in OPT_GRID:
        t1 = _opt_table(m_, 1, e_)
        ps = tuple(p_ for p_, _ in t1.values())
        for k_ in (2, 3):
            tk = _opt_table(m_, k_, e_)
            for counts in _datasets(2, 3):
                a1 = _argmin({p_: V[counts] for p_, V in t1.values()})
                ak = _argmin({p_: V[counts] for p_, V in tk.values()})
                facts = {J.e: e_, J.lam: _lam(counts)}
                out.append(({"aspect": "k", "m": m_, "k_a": 1, "k_b": k_, "e^eps": e_, "counts": counts,
                             "lambda": _lam(counts), "feasible p": ps, "exact argmin (k_a, k_b)": (a1, ak)},
                            {**facts, J.k: 1}, {**facts, J.k: k_}, ps, [min(a1), min(ak)],
                            (2, m_, k_, sum(counts), e_, counts)))
    for (m_, e_) in [(3, 2), (4, 3)]:
        t_a, t_b = _opt_table(m_, 1, e_), _opt_table(2 * m_, 1, e_)
        common = tuple(sorted({p_ for p_, _ in t_a.values()} & {p_ for p_, _ in t_b.values()}))
        for counts in _datasets(2, 3):
            arg_a = _argmin({p_: V[counts] for p_, V in t_a.values() if p_ in common})
            arg_b = _argmin({p_: V[counts] for p_, V in t_b.values() if p_ in common})
            facts = {J.e: e_, J.lam: _lam(counts), J.k: 1}
            out.append(({"aspect": "m", "m": f"{m_} vs {2 * m_}", "k_a": 1, "k_b": 1, "e^eps": e_, "counts": counts,
                         "lambda": _lam(counts), "feasible p": common, "exact argmin (m, 2m)": (arg_a, arg_b)},
                        {**facts, J.m: m_}, {**facts, J.m: 2 * m_}, common, [min(arg_a), min(arg_b)],
                        (2, m_, 1, sum(counts), e_, counts)))
    return tuple(out)


def _remark2_points():
    for params, fa, fb, ps, exact, size in _remark2_configs():
        yield Point(params, data=(fa, fb, ps, exact), size=size)


def _optimum_pair(form, point):
    """p* = argmin_p g (the form: an Eq, or a mutation of it) at the point's two configurations: the form's objective
    at each configuration's (lambda, e^eps, k, m), minimised over the feasible p (its smallest minimiser).  The
    parameters the form names decide whether it can move (Lemma 1's objective names k, not m)."""
    fa, fb, ps, _ = point.data
    return [_argmin_at(form, ps, fa), _argmin_at(form, ps, fb)]


#: the corrected statement of Remark 2, the Fig. 2 caption and Section VII-B on Fig. 5(b): p* is the argmin of the
#: exact variance's p-part g(p; lambda, e^eps), which has neither k nor m (Lemma 1's derived form)
P_STAR_CORRECTION = J.lemma1_derived

#: the correction evaluated at every (m, k) of Lemma 1's grid: one objective without k and m gives the exact optimum
#: at each, so p* moves with neither (an all-parameter proof: proofs_checks/jiang_gcms/obligations.py)
_P_STAR_CORRECTION_GRID = Grid("corrected p* = argmin of g(p; lambda, e^eps) (no k, no m) vs the smallest exact argmin "
                               "over the feasible integer s (every draw) at each m and k = 1, 2, 3", _lemma1_points,
                               _smallest_exact_argmin, path=MOMENTS, value=_argmin_value)

#: Remark 2 and Fig. 2's caption: one statement (printed twice), one evidence
_REMARK2 = dict(root_cause="appB.same-client", derived=J.lemma1_derived, kind="statement",
                derivation="derivations.jiang_gcms.lemma1_objective_derived_expr", correction=P_STAR_CORRECTION, steps=(
    Identity("the derived objective has no k and no m (only e^eps and lambda)",
             lambda: sympy.Integer(len(J.lemma1_objective_derived_expr().free_symbols & {J.k, J.m})),
             lambda: sympy.Integer(0)),
    CorrectedGrid(Grid("p* at two configurations (k_a vs k_b at one m; m vs 2m at k = 1, common p): the form's argmin "
                       "over the feasible p vs the smallest exact argmins (every draw, feasible integer s)",
                       _remark2_points, lambda point: point.data[3], path=MOMENTS, value=_optimum_pair),
                  _P_STAR_CORRECTION_GRID)))

record(id="jiang-gcms/remark2", location="Section IV-C, Remark 2",
       statement="Under a given eps the optimal p depends on f(d)/n and k, and not on m.", printed=J.remark2_printed,
       note="The printed form is the optimum the remark describes, as Lemma 1 gives it (the paper's source for "
            "'depends on k'): p* = argmin_p g(p; lambda, k, e^eps), whose parameters are lambda and k and not m.  Each "
            "instance evaluates that optimum at two configurations (k_a vs k_b at one m; m vs 2m at k = 1) against "
            "the exact optimum at each: where Lemma 1's moves with k the exact one does not.  True of Lemma 1's "
            "printed objective; for the real mechanism k only adds sum_{d'!=d} f(d')(f(d')-1)/(k(m-1)) to the "
            "variance, the same for every p, so the optimal p depends on f(d)/n and eps only: Lemma 1's objective with "
            "k = 1.", **_REMARK2)

record(id="jiang-gcms/fig2.caption", location="Fig. 2 caption",
       statement="The optimal p depends on the ratio n/f(d) and on k, and is independent of m.",
       printed=J.fig2_caption_printed, note="Checked as Remark 2 (same instances).", **_REMARK2)


@_cache
def _k_growth_points():
    """Each target f(d) > 0 of the grid at k and k + 1 (same m, e^eps): the statement's symbols at the exact optimum at
    each k (the smallest minimiser of the exact variance over the feasible integer s, every draw); exact: the paper
    asserts the statement there (true)."""
    out = []
    for m_, e_ in OPT_GRID:
        for k_ in (1, 2):
            t1, t2 = _opt_table(m_, k_, e_), _opt_table(m_, k_ + 1, e_)
            ps = tuple(p_ for p_, _ in t1.values())
            for counts in _datasets(2, 3):
                if counts[0] == 0:
                    continue
                a1_ = _argmin({p_: V[counts] for p_, V in t1.values()})
                a2_ = _argmin({p_: V[counts] for p_, V in t2.values()})
                out.append(Point({"m": m_, "k": f"{k_} -> {k_ + 1}", "e^eps": e_, "counts": counts,
                                  "lambda": _lam(counts), "feasible p": ps, "exact argmin (k, k + 1)": (a1_, a2_)},
                                 facts={J.K_1: k_, J.K_2: k_ + 1, J.P_STAR_K1: min(a1_), J.P_STAR_K2: min(a2_)},
                                 data=True, size=(2, m_, k_, sum(counts), e_, counts)))
    return tuple(out)


record(id="jiang-gcms/fig5.k", root_cause="fig5.k", location="Section VII-B on Fig. 5(b)",
       statement="Generally, a larger k corresponds to a higher optimal p.",
       printed=J.fig5_k_printed, derived=JO.fig5_k_derived,
       derivation="derivations.jiang_gcms.lemma1_objective_derived_expr", depends_on=("jiang-gcms/lemma1",),
       kind="statement",
       note="Each form is the implication itself, evaluated at the exact optimum at k and at k + 1 (every draw, "
            "feasible integer s, f(d) > 0).  With the exact variance the optimum does not move with k (k only adds a "
            "p-free term): the right statement has '=' for '>'.  Lemma 1 as printed does not support the trend either: "
            "its objective is A(p) - (1 + lam (w^2 - 1))/(k (1-p)^2) and the p-derivative of the subtracted term has "
            "the sign of 1 + lam (w - 1) > 0, so its interior minimiser decreases as k grows (e.g. e^eps = 20, lam = "
            "1/2: 0.817, 0.748, 0.713, 0.707 at k = 1, 2, 10, 100).",
       correction=JO.fig5_k_derived,
       steps=(Identity("the derived objective has no k (only e^eps and lambda)",
                       lambda: sympy.Integer(len(J.lemma1_objective_derived_expr().free_symbols & {J.k})),
                       lambda: sympy.Integer(0)),
              Grid("k_1 < k_2 => (relation) at the exact optimum at k and k + 1 (every draw, feasible integer s)",
                   _k_growth_points, lambda point: point.data, path=MOMENTS)))


def _small_eps_points():
    for m_, e_ in [(3, 2), (6, 2), (5, R(3, 2)), (4, 3), (12, 2)]:
        table = _opt_table(m_, 1, e_)
        ps = [p_ for p_, _ in table.values()]
        for counts in _datasets(2, 3):
            if counts[0] == 0:
                continue
            yield Point({"m": m_, "e^eps": e_, "counts": counts, "feasible p": sorted(ps)},
                        facts={J.e: e_, J.lam: _lam(counts), J.k: 1}, data=(table, ps, counts),
                        size=(2, e_, m_, sum(counts), counts))


record(id="jiang-gcms/fig5.small-eps", root_cause="appB.same-client", location="Section VII-B on Fig. 5(a)",
       statement="When eps is small the optimal p remains 0.5 across a wide range of f(d).",
       printed=J.fig5_small_eps_printed,
       derived=J.lemma1_derived,
       derivation="derivations.jiang_gcms.lemma1_objective_derived_expr",
       note="Each instance compares the value p* = 1/2 with the smallest exact optimum over the feasible integer s "
            "(every draw) and with the argmin of the exact-variance objective over the same p.  True of Lemma 1's "
            "printed objective at large k (its slope at p = 1/2 is positive for small eps); the "
            "exact-variance objective has slope -4 lam (e^{2 eps} - 1) < 0 at p = 1/2, so the optimal p exceeds "
            "1/2 for every f(d) > 0 and every eps > 0 (not only at f(d) = n: with m = 12, e^eps = 2 the exact "
            "optimum over integer s is p = 10/17 at f(d)/n = 1/3 and 1/2; the continuous optimum at eps = 1 is "
            "0.528 at f(d)/n = 1/10 and 0.622 at 1/2).",
       steps=(Symbolic("p* = 1/2 vs p* = argmin of the exact-variance objective", part=lambda form: form.rhs),
              Identity("slope of the derived objective at p = 1/2",
                       lambda: sympy.factor(sympy.diff(J.lemma1_objective_derived_expr(), J.p).subs(J.p, R(1, 2))),
                       lambda: -4 * J.lam * (J.e - 1) * (J.e + 1)),
              Grid("p* = 1/2 vs the smallest exact optimum (every draw, feasible integer s) "
                   "for f(d) > 0 at small e^eps",
                   _small_eps_points, _smallest_exact_argmin, path=MOMENTS, value=_argmin_value)))
def _fig5_grows_points():
    """Per (m, e^eps): the exact argmin over the feasible integer s at every target f(d)/n (every draw), by increasing
    f(d)/n; ``data``: is it non-decreasing."""
    for m_, e_ in OPT_GRID:
        table = _opt_table(m_, 1, e_)
        order = sorted(_datasets(2, 3), key=lambda c: (_lam(c), c))
        args = [max(_argmin({p_: V[c] for p_, V in table.values()})) for c in order]
        yield Point({"m": m_, "e^eps": e_, "lambdas": tuple(_lam(c) for c in order),
                     "ps": tuple(p_ for p_, _ in table.values()), "exact argmin by increasing f/n": args},
                    data=_monotone_in_lambda(args), size=(m_, e_))


def _continuous_optimum_grows():
    ok, total = True, 0
    for lam_ in (R(1, 50), R(1, 10), R(1, 2), R(1)):
        prev = None
        for e_ in (R(3, 2), R(2), R(5), R(20), R(150)):
            st = G.critical_points(e_, lam_, 1, objective="variance")
            total += 1
            if prev is not None and st.argmin < prev:
                ok = False
            prev = st.argmin
    return ok, total, "lambda in {1/50, 1/10, 1/2, 1}, e^eps in {3/2, 2, 5, 20, 150}"


record(id="jiang-gcms/fig5.grows", location="Section VII-B on Fig. 5(a)",
       statement="As the privacy budget grows the optimal p leaves 0.5, increasing with eps and with f(d).",
       printed=J.fig5_grows_printed,
       derived=JO.fig5_grows_derived,
       derivation="derivations.jiang_gcms.lemma1_objective_derived_expr", depends_on=("jiang-gcms/lemma1",),
       kind="statement",
       note="Monotonicity in f(d) is checked on the exact mechanism (integer s); monotonicity in eps on the "
            "continuous optimum of the exact-variance objective (root isolation), because the integer grid "
            "of s at tiny m moves p_s with eps.",
       steps=(Grid("exact optimum non-decreasing in f(d)/n (every draw, feasible integer s)", _fig5_grows_points,
                   lambda point: point.data, path=MOMENTS),
              Numeric("continuous optimum of the exact-variance objective non-decreasing in e^eps "
                      "(exact root isolation)",
                      _continuous_optimum_grows)))


def _eq7_points():
    """Every GCMS on the identity family at (m, s, p), at several e^eps: ``data`` = (exactly eps-LDP?, exact truth
    of q >= the least q of an exactly eps-LDP GCMS at (m, p, e^eps) over every s)."""
    for m_ in (2, 3, 4, 5, 6):
        for p_ in (R(1, 2), R(3, 5), R(3, 4), R(9, 10)):
            ees = {s_: _gcms_exp_eps(m_, s_, p_) for s_ in range(1, m_)}
            for e_ in (R(3, 2), R(2), R(3), R(9)):
                qs = [(s_ - p_) / sympy.Integer(m_ - 1) for s_, ee in ees.items() if ee <= e_]
                for s_, ee in ees.items():
                    ldp = ee <= e_
                    q_ = (s_ - p_) / sympy.Integer(m_ - 1)
                    yield Point({"m": m_, "s": s_, "p": p_, "e^eps": e_, "exact e^eps": ee, "q": q_},
                                facts={J.q: q_, J.m: m_, J.p: p_, J.e: e_},
                                data=(ldp, bool((not ldp) or q_ >= min(qs))), size=(m_, s_, p_, e_))


def _eq7_value(form, point):
    """The statement is about eps-LDP mechanisms: outside them it holds vacuously."""
    return (not point.data[0]) or evaluate(form, point.facts)


record(id="jiang-gcms/eq7", location="Section IV-C, Eq. (7)",
       statement="For a given eps, q >= (m - e^eps + e^eps p - p)/((m - 1)(e^eps/p - e^eps + 1)) (from Eqs. (3), (5)).",
       printed=J.eq7_printed, derived=J.eq7_derived, kind="statement",
       assumptions="p in [1/2, 1); 1 <= s <= m - 1; the bound of Theorem 2 (ratio >= 1)",
       note="Necessary, not sufficient: for s > p m the ratio drops below 1 and eps-LDP also needs "
            "(1-p)s <= e^eps p (m - s), an upper bound on q.",
       steps=(Symbolic("Eq. (7)'s bound vs the root of Theorem 2's ratio", part=_parts),
              Grid("every exactly eps-LDP GCMS mechanism has q >= the bound of Eq. (7)", _eq7_points,
                   lambda point: point.data[1], value=_eq7_value)))
def _eq7_limit():
    """lim_{m -> oo} of Eq. (7)'s bound (m = 1/t, t -> 0)."""
    t = sympy.Symbol("t", positive=True)
    return sympy.factor(sympy.cancel(J.eq7_derived().rhs.subs(J.m, 1 / t)).subs(t, 0))


def _unary_points():
    """Unary encodings with q = p/w (Eq. (7) as m -> oo); ``data``: the exact Var[f_hat]/n (enumerated, counts scale)
    and e^eps of the encoding."""
    for d in (2, 3):
        for e_ in (R(2), R(3), R(9)):
            for p_ in (R(1, 2), R(3, 5), R(3, 4), R(9, 10)):
                q_ = p_ / (e_ * (1 - p_) + p_)
                proto = _unary(f"ue(p={p_})", d, p_, q_)
                ee = mechanism_exp_eps(proto.mechanism)
                mech = _estimator_mechanism(proto, J.pure_estimator_derived())
                for counts in _datasets(d, 2):
                    n_ = sum(counts)
                    V = n_ * enumeration.enumerated_moments(mech, counts)["variance"][0]
                    yield Point({"d": d, "e^eps": e_, "p": p_, "q = p/w": q_, "counts": counts,
                                 "exact e^eps of the encoding": ee}, facts={J.p: p_, J.e: e_, J.lam: _lam(counts)},
                                data=[V, ee], size=(d, e_, p_, n_))


record(id="jiang-gcms/remark3", location="Section IV-C, Remark 3",
       statement="Algorithm 4 and Eq. (7) with k = 1 and m = infinity give optimal p, q for the pure protocols of [5].",
       derived=J.remark3_derived,
       depends_on=("jiang-gcms/eq6", "jiang-gcms/lemma1"),
       note="With k = 1 and m -> infinity, Eq. (7) becomes q = p/w, exactly the eps-LDP boundary of a unary "
            "encoding, and Lemma 1's objective (k = 1) is that encoding's Eq. (6) variance times (e^eps - 1)^2/n.",
       steps=(Identity("lim_{m -> oo} of Eq. (7)'s bound = p/w", _eq7_limit, lambda: sympy.factor(J.p / J.w_of())),
              # the difference is decided by the identity's exact zero test (a rational function over Q: numerator == 0)
              Identity("Eq. (6) at q = p/w, divided by n, = Lemma 1's objective at k = 1 over (e^eps - 1)^2",
                       lambda forms: forms.form_of("jiang-gcms/eq6").rhs.subs(J.q, J.p / J.w_of())
                       .subs(J.f, J.lam * J.n) / J.n
                       - _objective(forms.form_of("jiang-gcms/lemma1")).subs(J.k, 1) / (J.e - 1) ** 2,
                       lambda forms: sympy.Integer(0), reads_forms=True),
              Grid("unary encoding (p, q = p/w): exact Var[f_hat]/n and e^eps "
                   "vs Lemma 1 (k = 1)/(e^eps - 1)^2 and e^eps",
                   _unary_points, lambda point: point.data,
                   value=lambda form, point: [_at(form.rhs, point.facts), point.facts[J.e]])))
