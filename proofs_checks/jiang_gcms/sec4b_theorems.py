"""Section IV-B: Theorem 2 and Eq. (5) (privacy), Theorem 3 (utility) and its special cases (Apple's CMS,
k = 1 with m -> infinity, Corollary 1 and Eq. (6)).
"""

from __future__ import annotations

import functools
from functools import cache as _cache

import sympy

import derivations.jiang_gcms as J
import derivations.jiang_gcms.model_theorem3 as JT
from ldpref import enumeration
from ldpref import moments
from ldpref.exact import EXP_EPS
from ldpref.exact import to_exact as _frac_to_rational
from ldpref.family import MechanismFamily
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Numeric, Point, Symbolic
from ldpref.ledger.generic import rhs as _rhs
from ldpref.ledger.forms import evaluate
from ldpref.mechanisms import sue
from ldpref.mechanisms.cms import cms as _cms
from ldpref.mechanisms.gcms import draw_classes, gcms, gcms_over_draws, x_only
from ldpref.privacy import exp_eps as mechanism_exp_eps

from .pure_protocols import R, _datasets, _estimator_mechanism, _protocols
from .gcms_model import (MOMENTS, TARGET, _at, _exact_count_moments, _exact_estimator_moments, _family, _gcms_datasets,
                         _grid, _model, _size)


# ---- Section IV-B: Theorem 2 (privacy) ----------------------------------------------------------------
def _separates(fam):
    return any(len(set(h)) > 1 for h in fam.functions)


@_cache
def _thm2_points():
    """(params, size, exact e^eps of the mechanism, e^{|log R|}, whether some function separates two values)."""
    out = []
    for d, m_, k_ in [(2, 2, 1), (2, 3, 1), (2, 3, 2), (3, 3, 1), (2, 4, 1), (2, 5, 1), (3, 4, 2)]:
        for s_ in range(1, m_):
            for p_ in (R(1, 3), R(1, 2), R(3, 5), R(3, 4), R(9, 10)):
                R_ = _at(J.privacy_ratio_derived(), {J.m: m_, J.s: s_, J.p: p_})
                bound = max(R_, 1 / R_)  # e^{|log R|}: Theorem 2's bound on e^eps
                for _, fam in draw_classes(d, m_, k_):
                    mech = gcms(fam, s_, p_, decoder="count")
                    for label, mm in (("<x, j>", mech), ("x only", x_only(mech))):
                        params = {"d": d, "m": m_, "k": k_, "s": s_, "p": p_, "draw": fam.functions, "report": label}
                        out.append((params, (d, m_, k_, s_, p_), mechanism_exp_eps(mm), bound, _separates(fam)))
    return tuple(out)


def _statement_at(form, at):
    """``evaluate(form, at)``, once per (form, point) when the form is a sympy object: thm2 and eq5 run the same check
    on equal forms (a self-check's mutated form is another key, evaluated afresh)."""
    if isinstance(form, sympy.Basic):
        return _evaluated_statement(form, tuple((k, sympy.sympify(v)) for k, v in at.items()))
    return evaluate(form, at)


@_cache
def _evaluated_statement(form, at: tuple):
    return evaluate(form, dict(at))


def _thm2_grid_points():
    """Each form is the statement 'the mechanism is eps-LDP', evaluated at eps = ln(e^eps of the mechanism)."""
    for params, size, ee, bound, separates in _thm2_points():
        yield Point(dict(params, **{"exact e^eps": ee, "bound": bound}),
                    facts={J.eps: sympy.log(ee), J.p: params["p"], J.m: params["m"], J.s: params["s"]},
                    data=bool(ee <= bound), size=size)


def _thm2_tightness():
    """Exact e^eps of <x, j> == max(R, 1/R) when some function separates two values, 1 otherwise."""
    tight = [params for params, size, ee, bound, separates in _thm2_points()
             if params["report"] == "<x, j>" and ee != (bound if separates else 1)]
    n_tight = sum(1 for x in _thm2_points() if x[0]["report"] == "<x, j>")
    return not tight, n_tight, f"{len(tight)} of {n_tight} draws not tight" + (f", e.g. {tight[0]}" if tight else "")


#: Theorem 2 and its Eq. (5): one statement, one evidence
_THM2 = dict(printed=J.thm2_printed, derived=J.thm2_derived, derivation="derivations.jiang_gcms.privacy_ratio_derived",
             kind="statement", steps=(
    Grid("exact e^eps of the GCMS mechanism (every draw; report <x, j> and x alone) <= e^{|log(p(m-s)/((1-p)s))|}",
         _thm2_grid_points, lambda point: point.data, value=lambda form, point: _statement_at(form, point.facts)),
    Numeric("tightness: exact e^eps of <x, j> == max(R, 1/R) when some function separates two values, 1 otherwise",
            _thm2_tightness)))


record(id="jiang-gcms/thm2", location="Section IV-B, Theorem 2 (privacy of GCMS)",
       statement="The privatised vector x is eps-LDP with eps <= |log(p(m - s)/((1 - p)s))|.",
       assumptions="0 < p < 1, 1 <= s <= m - 1; the hash functions are public", **_THM2)


record(id="jiang-gcms/eq5", location="Section IV-B, Eq. (5)", statement="eps <= |log(p(m - s)/((1 - p)s))|.",
       assumptions="0 < p < 1, 1 <= s <= m - 1", **_THM2)


# ---- Section IV-B: Theorem 3 (utility) -----------------------------------------------------------------
def _gcms_point(d, m_, k_, s_, p_, counts, v=TARGET):
    return Point({"d": d, "m": m_, "k": k_, "s": s_, "p": p_, "counts": counts, "v": v},
                 data=(d, m_, k_, s_, p_, counts, v), size=_size(d, m_, k_, s_, p_, counts, v))


def _at_model(form, point):
    """A form at the paper's model values of the point (p, q, m, k, n, f, s, sum f(d')^2)."""
    d, m_, k_, s_, p_, counts, v = point.data
    return _at(form, _model(p_, s_, m_, k_, counts, v))


def _thm3_grid(name, kind, part):
    """The GCMS grid (every shape and p, every dataset, the target value) with the exact ``kind`` over every hash
    draw (``ldpref.family``, moment formulas): 'C' Var[C(v)] (n^2 Var[C/n]), 'fhat' Var[f_hat(v)], 'mean'
    E[f_hat(v)], 'ratio' Var[f_hat]/Var[C] (points with Var[C] = 0 left out), 'draw' Var_draw(E[f_hat | draw])."""

    def points():
        for d, m_, k_, s_, p_ in _grid():
            for counts in _gcms_datasets(d):
                if kind == "ratio" and _exact_count_moments(d, m_, k_, s_, p_, counts)[1] == 0:
                    continue
                yield _gcms_point(d, m_, k_, s_, p_, counts)

    def oracle(point):
        d, m_, k_, s_, p_, counts, _ = point.data
        if kind == "C":
            return _exact_count_moments(d, m_, k_, s_, p_, counts)[1]
        Ef, Vf, Vd = _exact_estimator_moments(d, m_, k_, s_, p_, counts)
        if kind == "ratio":
            return Vf / _exact_count_moments(d, m_, k_, s_, p_, counts)[1]
        return {"fhat": Vf, "mean": Ef, "draw": Vd}[kind]

    return Grid(name, points, oracle, path=MOMENTS, part=part, value=_at_model)


def _in_alphas(expr):
    """Theorem 3's printed form with alpha_1, alpha_2 written as symbols again (as the paper prints it)."""
    a1, a2 = J.alpha_printed()
    out = J.f * (J.p - J.p**2 / J.k) + (J.n - J.f) * (J.a1_sym - J.a1_sym**2 / J.k - J.a2_sym) + J.a2_sym * J.F2
    # a form that is not Theorem 3's (a mutated one) is compared as it is
    return out if sympy.expand(out.subs({J.a1_sym: a1, J.a2_sym: a2}) - expr) == 0 else expr


def _symbolic_p_identity(what):
    """One instance with p symbolic: the exact variance over every draw as a rational function of p, against
    the model's derived variance (an identity of the model side)."""
    P_ = sympy.Symbol("p")
    d, m_, k_, s_, counts = 2, 3, 2, 1, (2, 1)

    def difference():
        fam = gcms_over_draws(d, m_, k_, s_, P_, decoder="count" if what == "C" else "eq4")
        V = [sympy.factor(9 * x) for x in fam.variance(counts)]
        derived = J.var_C_derived_expr() if what == "C" else J.estimator_variance_derived()
        return sympy.cancel(V[0] - _at(derived, _model(P_, s_, m_, k_, counts, 0)))

    return Identity(f"symbolic p, d={d} m={m_} k={k_} s={s_} counts={counts}: exact Var over every draw == derived",
                    difference, lambda: sympy.Integer(0))


def _rhs_model_alphas(form):
    return JT.model_alphas(form.rhs)


def _unbiased_enumerated_points():
    for d, m_, k_, s_, p_ in [(2, 2, 2, 1, R(3, 4)), (2, 3, 2, 1, R(1, 2)), (3, 3, 1, 1, R(9, 10))]:
        for counts in _datasets(d, 2):
            for v in range(d):
                yield _gcms_point(d, m_, k_, s_, p_, counts, v)


def _unbiased_enumerated(point):
    d, m_, k_, s_, p_, counts, v = point.data
    return sum(counts) * enumeration.enumerated_family_moments(_family(d, m_, k_, s_, p_, "eq4"), counts)["mean"][v]


record(id="jiang-gcms/thm3.unbiased", location="Section IV-B, Theorem 3 (unbiasedness)",
       statement="The estimator of Eq. (4) is unbiased: E[f_hat(d)] = f(d).",
       printed=J.thm3_unbiased_printed,
       derived=JT.thm3_unbiased_derived,
       derivation="derivations.jiang_gcms.mean_C_derived",
       assumptions="the paper's model: the k functions have independent uniform values, drawn once for all clients",
       steps=(Symbolic("E[f_hat] from the derived E[C] vs f", part=_rhs),
              _thm3_grid("n E[f_hat(v)] over every hash draw (ldpref.family) vs f(v)", "mean", _rhs_model_alphas),
              Grid("n E[f_hat(v)] by enumerating every draw and every outcome", _unbiased_enumerated_points,
                   _unbiased_enumerated, part=_rhs, value=_at_model)))

_THM3_C_GRID = _thm3_grid("n^2 Var[C(v)/n] over every hash draw and outcome (ldpref.family on the exact mechanisms)",
                          "C", _rhs_model_alphas)

record(id="jiang-gcms/thm3", root_cause="appB.same-client", location="Section IV-B, Theorem 3 (variance of C(d))",
       statement="Var[C(d)] = f(d)(p - p^2/k) + (n - f(d))(a1 - a1^2/k - a2) + a2 sum_{d' != d} f(d')^2 with "
                 "a1 = (p + (m-1)q)/m, a2 = (p-q)^2 (1 - 1/m)/(k m).",
       printed=J.thm3_printed, derived=J.thm3_derived, derivation="derivations.jiang_gcms.var_C_derived_expr",
       correction=J.thm3_derived,  # Theorem 3's shape, the squares without 1/k
       assumptions="the paper's model (independent uniform hash functions drawn once); q = (s - p)/(m - 1)",
       symbols={r"\sum_{d'\neq d} f(d')^{2}": "sum of the squared counts of the other values"},
       note="The proof (Appendix B, after Eq. (10)) drops the covariances between the k indicators Z_j of one "
            "client, which are -E[Z_j1]E[Z_j2] because a client uses a single hash function: each client "
            "contributes one Bernoulli to C(d).  The squares carry no 1/k.  Exact for k = 1.",
       steps=(Symbolic("Theorem 3's Var[C(d)] vs the law-of-total-variance derivation (both in alpha_1, alpha_2)",
                       part=lambda form: _in_alphas(form.rhs)),
              _THM3_C_GRID, _symbolic_p_identity("C")))

_ESTIMATOR_SCALE = 1 / ((J.p - J.q) ** 2 * (1 - 1 / J.m) ** 2)

record(id="jiang-gcms/thm3.estimator", root_cause="appB.same-client",
       location="Section IV-B, Theorem 3 (variance of the estimator)",
       statement="Var[f_hat(d)] = Var[C(d)]/((p - q)^2 (1 - 1/m)^2) with Theorem 3's Var[C(d)].",
       printed=J.thm3_estimator_printed,
       derived=JT.thm3_estimator_derived,
       derivation="derivations.jiang_gcms.estimator_variance_derived",
       assumptions="the paper's model; Eq. (4)",
       steps=(Symbolic("Theorem 3's Var[f_hat] vs derived (in alpha_1, alpha_2)",
                       part=lambda form: _in_alphas(form.rhs / _ESTIMATOR_SCALE) * _ESTIMATOR_SCALE),
              _thm3_grid("n^2 Var[f_hat(v)] over every hash draw and outcome", "fhat", _rhs_model_alphas),
              _symbolic_p_identity("fhat")))

#: Theorem 3's Var[f_hat] = Var[C]/slope^2 and Appendix B's last step: one relation, one evidence
_RATIO = dict(printed=J.thm3_ratio_printed, derived=J.thm3_ratio_derived,
              steps=(
    Symbolic("1/((p-q)^2 (1-1/m)^2) vs the squared slope of Eq. (4) in C", part=lambda form: form.rhs / J.var_C),
    _thm3_grid("Var[f_hat(v)]/Var[C(v)] from the two exact mixtures", "ratio",
               lambda form: JT.model_alphas(form.rhs) / J.var_C)))

record(id="jiang-gcms/thm3.ratio", location="Section IV-B, Theorem 3 (Var[f_hat] in terms of Var[C])",
       statement="Var[f_hat(d)] = Var[C(d)]/((p - q)^2 (1 - 1/m)^2).", **_RATIO)

record(id="jiang-gcms/appB.relation", location="Appendix B, last step ('By Proposition 1')",
       statement="Var(f_hat(d)) = Var(C(d))/((p - q)^2 (1 - 1/m)^2).",
       note="The proof cites a 'Proposition 1' that the paper does not contain; the relation follows from Eq. (4) "
            "being affine in C(d).", **_RATIO)

record(id="jiang-gcms/thm3.draw-term", location="Section IV-B, Theorem 3 (the alpha_2 sum f(d')^2 term)",
       statement="The term a2 sum_{d' != d} f(d')^2 is the part of the variance due to the random draw of the hash "
                 "functions: Var over draws of E[f_hat | draw] = sum f(d')^2/(k(m-1)).",
       printed=J.draw_term_printed, derived=J.draw_term_derived,
       steps=(Symbolic("a2 F2/((p-q)(1-1/m))^2 vs the variance over draws of E[f_hat | draw]", part=_rhs),
              _thm3_grid("n^2 Var_draw(E[f_hat(v) | draw]) (ldpref.family.expectation_variance)", "draw",
                         _rhs_model_alphas)))


@_cache
def _deployed_points():
    """Points of thm3.deployed: every draw class of small shapes, every dataset and value; ``data`` holds the
    exact truth of E[f_hat(v) | draw] == f(v) (ldpref.moments.expectation: Q P counts, no listing) and the values
    at which the forms are evaluated."""
    out = []
    for d, m_, k_, s_, p_ in [(2, 2, 1, 1, R(3, 4)), (2, 2, 2, 1, R(3, 4)), (2, 3, 1, 1, R(1, 2)),
                              (3, 3, 2, 1, R(3, 4)), (3, 2, 2, 1, R(9, 10)), (4, 2, 2, 1, R(3, 4))]:
        for _, fam in draw_classes(d, m_, k_):
            mech = gcms(fam, s_, p_)
            uniform = fam.is_collision_uniform()
            for counts in _gcms_datasets(d):
                E_ = moments.expectation(mech, counts)
                n_ = sum(counts)
                for v in range(d):
                    others = tuple((counts[x], _frac_to_rational(fam.collision_rate(v, x))) for x in range(d) if x != v)
                    at = {J.p: p_, J.q: (s_ - p_) / sympy.Integer(m_ - 1), J.m: m_, J.n: n_, J.f: counts[v],
                          "others": others}
                    key = (p_, at[J.q], m_, n_, counts[v], others)
                    out.append(Point({"d": d, "m": m_, "k": k_, "s": s_, "p": p_, "draw": fam.functions,
                                      "counts": counts, "v": v, "collision-uniform": uniform},
                                     data=(bool(n_ * E_[v] == counts[v]), key, at),
                                     size=_size(d, m_, k_, s_, p_, counts, v), in_condition=uniform))
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def _deployed_value(form, key):
    """The statement at one evaluation point (many instances share one: draws with equal collision rates)."""
    return evaluate(form, _DEPLOYED_AT[key])


_DEPLOYED_AT: dict = {}


def _deployed_at(form, point):
    _, key, at = point.data
    _DEPLOYED_AT.setdefault(key, at)
    return _deployed_value(form, key)


record(id="jiang-gcms/thm3.deployed", root_cause="thm3.fixed-draw",
       location="Section IV-A/IV-B (hash functions generated once) vs Theorem 3",
       statement="With the k hash functions generated once by the server (the deployed protocol), the estimator "
                 "of Eq. (4) is unbiased.",
       printed=J.thm3_deployed_printed, derived=J.thm3_deployed_derived,
       kind="statement",
       condition="the fixed family is collision-uniform (c_bar(x, x') = 1/m for all x != x'), or the expectation is "
                 "also taken over the random draw of the functions (Theorem 3's model)",
       note="Theorem 3 averages over the draw of the hash functions; for the one draw a deployment uses, "
            "E[f_hat(d) | H] - f(d) = sum_{x != d} f(x)(c_bar(d, x) - 1/m)/(1 - 1/m).  Its square, averaged "
            "over draws, is the a2 sum f(d')^2 term (see thm3.draw-term).  The printed form is the paper's bias: "
            "Appendix B's E[C(d)], which does not depend on the draw, put into Eq. (4).",
       steps=(Grid("E[f_hat(v) | one fixed draw] == f(v)? (exact, every draw)", _deployed_points,
                   lambda point: point.data[0], path=MOMENTS, value=_deployed_at),))


# ---- Section IV-B: special cases (Apple's CMS; k = 1, m -> infinity; Corollary 1) ----------------------
#: e^(eps/2), positive: Apple's p and q are rational in it (with e^eps = HALF_E^2, sqrt(e^eps) is HALF_E exactly)
HALF_E = sympy.Symbol(r"e^{\epsilon/2}", positive=True)


def _in_half_e(expr):
    """A form in e^eps written in e^(eps/2) (e^eps := HALF_E^2, exact for e^eps > 0): Apple's forms, which hold
    sqrt(e^eps), become rational functions over Q, which cancel decides and Fractions evaluate exactly."""
    return sympy.sympify(expr).xreplace({EXP_EPS: HALF_E**2})


@_cache
def _apple_points():
    """Apple's CMS (ldpref.mechanisms.cms with the SUE inner mechanism, decoder Eq. (2) of pan-cms) over every hash
    draw: ``data`` holds n^2 Var[f_hat(target)] (MechanismFamily.variance: law of total variance) and the values of
    Theorem 3's symbols at p = e^(eps/2)/(e^(eps/2)+1), q = 1/(e^(eps/2)+1)."""
    out = []
    for d, m_, k_ in [(2, 2, 1), (2, 2, 2), (2, 3, 2), (3, 2, 2)]:
        for half_e in (R(3, 2), R(3)):
            inner = sue(m_, half_e**2).mechanism
            p_, q_ = half_e / (half_e + 1), 1 / (half_e + 1)
            members = [(w_, _cms(fam, inner, decoder="eq2").mechanism) for w_, fam in draw_classes(d, m_, k_)]
            famA = MechanismFamily(members, name="apple-cms-draws")
            for counts in _gcms_datasets(d):
                n_ = sum(counts)
                V = n_**2 * famA.variance(counts)[TARGET]
                vals = {HALF_E: half_e, J.p: p_, J.q: q_, J.m: m_, J.k: k_, J.n: n_, J.f: counts[TARGET],
                        J.F2: sum(c * c for x, c in enumerate(counts) if x != TARGET)}
                out.append(Point({"d": d, "m": m_, "k": k_, "e^eps": half_e**2, "counts": counts}, facts=vals,
                                 data=V, size=(d, m_, k_, n_, half_e, counts)))
    return tuple(out)


record(id="jiang-gcms/sec4.B.apple-cms", root_cause="appB.same-client",
       location="Section IV-B, after Theorem 3 (Apple's CMS as a special case)",
       statement="With p = e^(eps/2)/(e^(eps/2)+1), q = 1/(e^(eps/2)+1) and k hash functions on [m], Theorem 3 gives "
                 "the utility of Apple's CMS.",
       printed=J.apple_cms_printed,
       derived=JT.apple_cms_derived,
       derivation="derivations.jiang_gcms.var_C_derived_expr",
       # the derived form with alpha_1, alpha_2 (the model's) at Apple's p, q too: the value the minimal edit of the
       # printed form is searched and proved against (the edit, two 1/k dropped, is the correction shown)
       correction=JT.apple_cms_corrected,
       assumptions="Apple's CMS: SUE (each bit by BRR at eps/2) on the one-hot of h_j(x); the paper's hash model",
       note="The exact path is Apple's mechanism itself (ldpref.mechanisms.cms, inner SUE), not GCMS: the same "
            "erratum as Theorem 3 (exact for k = 1).  The 'page 21' correction to Apple's paper is not checked "
            "here (cross-paper claims).",
       steps=(Symbolic("Theorem 3's Var[f_hat] at Apple's p, q vs the derived one (alpha_1, alpha_2 as the model's)",
                       part=_rhs_model_alphas, simplify=_in_half_e),
              Grid("n^2 Var[f_hat] of Apple's CMS over every hash draw", _apple_points, lambda point: point.data,
                   path=MOMENTS, part=lambda form: _in_half_e(JT.model_alphas(form.rhs)))))


def _pure_grid():
    for order, name, d, e_, proto in _protocols():
        if d <= 3 and (name != "sue" or d == 2):
            yield order, name, d, e_, proto


@_cache
def _cor1_points():
    """The pure protocols with the unbiased decoder (S - n q)/(p - q) of Section II-B: ``data`` is n^2 Var[f_hat(0)]
    by exact enumeration, ``facts`` the values of p, q, n, f."""
    out = []
    for order, name, d, e_, proto in _pure_grid():
        m_ = _estimator_mechanism(proto, J.pure_estimator_derived())
        for counts in _datasets(d, 2):
            n_ = sum(counts)
            V = n_**2 * enumeration.enumerated_moments(m_, counts)["variance"][0]
            vals = {J.p: proto.p, J.q: proto.q, J.n: n_, J.f: counts[0]}
            out.append(Point({"protocol": name, "d": d, "exp_eps": e_, "counts": counts}, facts=vals, data=V,
                             size=(d, n_, *order[1:])))
    return tuple(out)


def _at_facts(form, point):
    return _at(form, point.facts)


#: Corollary 1 and its Eq. (6): one formula, one evidence
_COR1 = dict(printed=J.cor1_printed, derived=J.cor1_derived, derivation="derivations.jiang_gcms.pure_variance_derived",
             steps=(Symbolic("Eq. (6) vs Section II-B's variance of the pure protocol", part=_rhs),
                    Grid("n^2 Var[f_hat] of GRR, OUE, SUE and Subset Selection (exact enumeration)", _cor1_points,
                         lambda point: point.data, part=_rhs, value=_at_facts)))

record(id="jiang-gcms/cor1", location="Section IV-B, Corollary 1 (Theorem 2 of Wang et al.)",
       statement="The variance of the pure LDP protocol is n q(1-q)/(p-q)^2 + f(d)(1-p-q)/(p-q).",
       assumptions="pure protocol with support decoder (S - nq)/(p - q); clients independent", **_COR1)

record(id="jiang-gcms/eq6", location="Section IV-B, Eq. (6)",
       statement="Var[f_hat(d)] = n q(1-q)/(p-q)^2 + f(d)(1-p-q)/(p-q).",
       assumptions="pure protocol with support decoder (S - nq)/(p - q)", **_COR1)

record(id="jiang-gcms/sec4.B.pure-limit",
       location="Section IV-B, after Theorem 3 (pure protocols as a special case)",
       statement="Setting k = 1 and m = infinity in Theorem 3 yields the variance of the pure LDP protocol [5].",
       printed=J.pure_limit_printed,
       derived=JT.pure_limit_derived,
       derivation="derivations.jiang_gcms.thm3_limit",
       assumptions="k = 1, m -> infinity with p, q, n, f and sum f(d')^2 fixed",
       steps=(Symbolic("lim_{m->oo} of Theorem 3 at k = 1 vs the derived limit", part=_rhs),
              Identity("the derived limit equals Section II-B's derived variance (difference 0)",
                       lambda forms: sympy.cancel(forms.derived().rhs - J.pure_variance_derived().rhs),
                       lambda forms: sympy.Integer(0), reads_forms=True),
              Grid("the limit vs exact enumeration of the pure protocols", _cor1_points, lambda point: point.data,
                   part=_rhs, value=_at_facts)))
