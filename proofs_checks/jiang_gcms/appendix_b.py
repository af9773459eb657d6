"""Appendix B: the proof of Theorem 3 (Lemmas 2-4, Eqs. (10)-(12), E[C(d)] and the final combination).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache as _cache

import sympy

import derivations.jiang_gcms as J
import derivations.jiang_gcms.model_theorem3 as JT
from ldpref.hashing import HashFamily
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Numeric, Point, Symbolic
from ldpref.ledger.generic import rhs as _rhs
from ldpref.ledger.generic import rhs_if_equation as _rhs_if_equation
from ldpref.ledger.forms import evaluate
from ldpref.mechanisms.gcms import draw_classes, gcms

from .pure_protocols import R
from .definitions import alphas
from .gcms_model import MOMENTS, _at, _exact_count_moments, _frac, _gcms_datasets, _model, _size


# ---- Appendix B: proof of Theorem 3 ----------------------------------------------------------------------
@_cache
def _ordered_draws(d, m_, k_):
    """The draw classes with every distinct order of their functions (equally likely: the k functions are
    i.i.d.).  Lumping reorders functions, which is harmless for sums over j but not for a single Z_j."""
    out = []
    for w_, fam in draw_classes(d, m_, k_):
        orders = sorted(set(itertools.permutations(fam.functions)))
        for order in orders:
            out.append((Fraction(w_) / len(orders), HashFamily(order, m_)))
    return out


@_cache
def _z_tables(d, m_, k_, s_, p_, v=0):
    """Per ordered draw: (weight, pz, pzz) with pz[j][x] = P(Z_j = 1 | value x) = P(report (j, X) with
    h_j(v) in X | x) and pzz[j1][j2][x] = P(Z_j1 = Z_j2 = 1 | x), read off the exact mechanism's outputs."""
    out = []
    for w_, fam in _ordered_draws(d, m_, k_):
        mech = gcms(fam, s_, p_, decoder="count")
        Pm = mech.perturbation_matrix()
        pz = [[Fraction(0)] * d for _ in range(k_)]
        pzz = [[[Fraction(0)] * d for _ in range(k_)] for _ in range(k_)]
        for u, label in enumerate(mech.outputs):
            j_, body = label.split(":", 1)
            j_ = int(j_)
            X = set(map(int, body.strip("{}").split(",")))
            z = [1 if (jj == j_ and fam.functions[jj][v] in X) else 0 for jj in range(k_)]
            for x in range(d):
                pr = _frac(Pm[u, x])
                for j1 in range(k_):
                    if z[j1]:
                        pz[j1][x] += pr
                        for j2 in range(k_):
                            if z[j2]:
                                pzz[j1][j2][x] += pr
        out.append((w_, pz, pzz))
    return out


def _E(members, f):
    return sum(w_ * f(pz, pzz) for w_, pz, pzz in members)


@_cache
def _appB_z_moments(d, m_, k_, s_, p_):
    """The per-client Z-level moments of Appendix B for the target value 0 (they do not depend on the dataset:
    computed once per mechanism, shared by every dataset)."""
    T = _z_tables(d, m_, k_, s_, p_)
    mean = [[_E(T, lambda pz, _z: pz[j][x]) for x in range(d)] for j in range(k_)]
    second = [[_E(T, lambda pz, pzz: pzz[j][j][x]) for x in range(d)] for j in range(k_)]  # E[Z_j^2 | x]
    cov_pair = {}  # Cov(Z_j1^{(i1)}, Z_j2^{(i2)}) for two different clients with values x1, x2
    for j1 in range(k_):
        for j2 in range(k_):
            for x1 in range(d):
                for x2 in range(d):
                    cov_pair[(j1, j2, x1, x2)] = (_E(T, lambda pz, _z: pz[j1][x1] * pz[j2][x2])
                                                  - mean[j1][x1] * mean[j2][x2])
    same = [sum(_E(T, lambda pz, pzz: pzz[j1][j2][x]) - mean[j1][x] * mean[j2][x]
                for j1 in range(k_) for j2 in range(k_) if j1 != j2) for x in range(d)]
    return mean, second, cov_pair, same


@_cache
def _appB_quantities(d, m_, k_, s_, p_, counts):
    """Exact Z-level quantities of Appendix B for the target value 0."""
    mean, second, cov_pair, same = _appB_z_moments(d, m_, k_, s_, p_)
    var_sum = sum(counts[x] * sum(second[j][x] - mean[j][x] ** 2 for j in range(k_)) for x in range(d))
    same_sum = sum(counts[x] * same[x] for x in range(d))
    pairs = sum((counts[x1] * counts[x2] if x1 != x2 else counts[x1] * (counts[x1] - 1)) * cov_pair[(j, j, x1, x2)]
                for j in range(k_) for x1 in range(d) for x2 in range(d))
    rat = lambda x: (sympy.Rational(x.numerator, x.denominator) if isinstance(x, Fraction)  # noqa: E731
                     else sympy.Integer(x))
    return {"mean": [[rat(x) for x in row] for row in mean], "second": [[rat(x) for x in row] for row in second],
            "cov_pair": {key: rat(x) for key, x in cov_pair.items()}, "same": [rat(x) for x in same],
            "var_sum": rat(var_sum), "same_sum": rat(same_sum), "pairs": rat(pairs)}


APPB_GRID = [(2, 2, 2, 1, R(3, 4)), (2, 3, 1, 1, R(1, 2)), (2, 3, 2, 1, R(9, 10)), (3, 3, 2, 1, R(3, 4)),
             (2, 3, 3, 1, R(1, 2)), (2, 4, 2, 2, R(3, 4)), (3, 4, 2, 2, R(9, 10)), (4, 2, 2, 1, R(3, 4))]


def _per_client_points(j_level=True):
    """Every mechanism of APPB_GRID, (every j,) every value x of one client; ``data`` = (quantities, j, x)."""
    for d, m_, k_, s_, p_ in APPB_GRID:
        Q = _appB_quantities(d, m_, k_, s_, p_, (1,) * d)
        for j in (range(k_) if j_level else (None,)):
            for x in range(d):
                params = {"d": d, "m": m_, "k": k_, "s": s_, "p": p_, **({"j": j} if j_level else {}),
                          "client value": x}
                size = (d, m_, k_, s_, p_, j, x) if j_level else (d, m_, k_, s_, p_, x)
                yield Point(params, data=(Q, j, x, (d, m_, k_, s_, p_)), size=size)


def _lemma2_value(form, point):
    Q, j, x, (d, m_, k_, s_, p_) = point.data
    return _at(form, {J.p: p_, J.q: (s_ - p_) / sympy.Integer(m_ - 1), J.m: m_, J.k: k_, J.I_same: 1 if x == 0 else 0})


record(id="jiang-gcms/appB.lemma2", location="Appendix B, Lemma 2",
       statement="E[Z_j^(i)(d)] = (p/k) 1{d_i = d} + (p/(mk) + (1 - 1/m) q/k) 1{d_i != d}.",
       printed=J.lemma2_printed, derived=J.lemma2_derived,
       assumptions="the paper's model (independent uniform hash functions drawn once); J uniform on [k]",
       steps=(Symbolic("Lemma 2 vs the expectation of the Z model", part=_rhs),
              Grid("E[Z_j] read off the exact mechanism (every draw)", _per_client_points,
                   lambda pt: pt.data[0]["mean"][pt.data[1]][pt.data[2]], part=_rhs, value=_lemma2_value)))

record(id="jiang-gcms/appB.lemma3", location="Appendix B, Lemma 3",
       statement="E[(Z_j^(i)(d))^2] = E[Z_j^(i)(d)].",
       printed=J.lemma3_printed, derived=J.lemma3_derived,
       assumptions="Z_j^(i) takes the values 0 and 1",
       steps=(Symbolic("Lemma 3: E[Z^2] as a function of E[Z]", part=_rhs_if_equation),
              Grid("E[Z_j^2] vs E[Z_j] from the exact mechanism's outputs", _per_client_points,
                   lambda pt: pt.data[0]["second"][pt.data[1]][pt.data[2]],
                   value=lambda form, pt: evaluate(form, {J.EZ: pt.data[0]["mean"][pt.data[1]][pt.data[2]]}))))


def _lemma4_points():
    """Every pair (j1, j2, x1, x2) of two clients' Z_j; ``data`` = (exact covariance, which of the three parts
    applies).  E[Z Z'] = E_draw[E[Z | draw] E[Z' | draw]]: total expectation over the draw, the two clients' joint
    outcomes are not listed (path moment-formula)."""
    for d, m_, k_, s_, p_ in APPB_GRID:
        Q = _appB_quantities(d, m_, k_, s_, p_, (1,) * d)
        q_ = (s_ - p_) / sympy.Integer(m_ - 1)
        for (j1, j2, x1, x2), cov in Q["cov_pair"].items():
            case = 0 if j1 != j2 else (1 if (x1 == 0 or x2 == 0 or x1 != x2) else 2)
            yield Point({"d": d, "m": m_, "k": k_, "s": s_, "p": p_, "j1": j1, "j2": j2, "x1": x1, "x2": x2,
                         "part": case + 1}, facts={J.p: p_, J.q: q_, J.m: m_, J.k: k_}, data=(cov, case),
                        size=(d, m_, k_, s_, p_, j1, j2, x1, x2))


def _case4_products():
    """The product of Case 4 of the proof, (1/k^2)(p^2/m + q^2 (1 - 1/m)), on the exact mechanism."""
    products = []
    for d, m_, k_, s_, p_ in APPB_GRID:
        Q = _appB_quantities(d, m_, k_, s_, p_, (1,) * d)
        q_ = (s_ - p_) / sympy.Integer(m_ - 1)
        for (j1, j2, x1, x2), cov in Q["cov_pair"].items():
            if j1 == j2 and not (x1 == 0 or x2 == 0 or x1 != x2):
                prod = cov + Q["mean"][j1][x1] * Q["mean"][j2][x2]
                products.append((prod == (p_**2 / m_ + q_**2 * (1 - R(1, m_))) / k_**2, (d, m_, k_, s_, p_, j1, x1)))
    bad = [where for ok, where in products if not ok]
    return not bad, len(products), f"fails at {bad[0]}" if bad else "holds at every instance"


record(id="jiang-gcms/appB.lemma4", location="Appendix B, Lemma 4 (three covariances for clients i1 != i2)",
       statement="For i1 != i2: (1) Cov(Z_j1, Z_j2) = 0 for j1 != j2; (2) Cov(Z_j, Z_j) = 0 when either client holds d "
                 "or they hold different values; (3) ((p - q)/k)^2 (1/m - 1/m^2) when both hold the same d' != d.",
       printed=J.lemma4_printed, derived=J.lemma4_derived,
       assumptions="the paper's model: the functions are independent and each uniform, so collisions of two "
                   "different values with d are pairwise independent",
       steps=(Symbolic("Lemma 4's three values vs the Z model"),
              Grid("covariances of two clients' Z_j read off the exact mechanism (every draw)", _lemma4_points,
                   lambda point: point.data[0], path=MOMENTS,
                   value=lambda form, point: evaluate(form[point.data[1]], point.facts)),
              Numeric("the proof's Case 4 product E[Z Z'] = (p^2/m + q^2 (1 - 1/m))/k^2 (exact mechanism)",
                      _case4_products)))


def _same_client_value(form, point):
    Q, _, x, (d, m_, k_, s_, p_) = point.data
    q_ = (s_ - p_) / sympy.Integer(m_ - 1)
    a1 = (p_ + (m_ - 1) * q_) / m_
    return evaluate(form, {JT.PI_I: p_ if x == 0 else a1, J.k: k_})


record(id="jiang-gcms/appB.same-client", root_cause="appB.same-client",
       location="Appendix B, after Eq. (10) ('again, by Lemma 4 (1)')",
       statement="The covariances between the Z_j of one client vanish, so only sum_i sum_j Var(Z_j^(i)) remains of "
                 "the first term of (10).",
       printed=J.appB_same_client_printed,
       derived=JT.same_client_sum_derived,
       derivation="derivations.jiang_gcms.same_client_cov_derived",
       note="Lemma 4 (1) is about two different clients.  One client uses one hash function, so Z_j1 Z_j2 = 0 and "
            "each covariance is -E[Z_j1]E[Z_j2]: the sum is -(1 - 1/k) pi_i^2 (pi_i = p for a holder of d, "
            "alpha_1 otherwise).  This is the term Theorem 3 misses.",
       steps=(Symbolic("0 vs the derived sum", part=_rhs),
              Grid("sum over j1 != j2 of Cov(Z_j1, Z_j2) for one client (exact)", lambda: _per_client_points(False),
                   lambda pt: pt.data[0]["same"][pt.data[2]], value=_same_client_value)))


def _appB_grid(name, exact, *, z_level=True, sums=False):
    """The grid of APPB_GRID x datasets (target value 0).  ``exact``: a key of Appendix B's Z-level quantities, or
    a function (d, m, k, s, p, counts) -> exact value; ``z_level``: those quantities are needed (else not built);
    ``sums``: the forms are evaluated with the three sums of (10) from the exact Z_j (else at the model's values,
    by the rational fast path).  Path "moment-formula": every exact value here combines per-client moments by
    formulas, never by listing the outcomes of the n clients -- Var(C) and E[C] by the law of total
    variance/expectation over the draws (gcms_model._mixture_moments), the sums of (11) and (12) by adding the
    per-client variances and the pairwise covariances of _appB_quantities."""

    def points():
        for d, m_, k_, s_, p_ in APPB_GRID:
            for counts in _gcms_datasets(d):
                Q = _appB_quantities(d, m_, k_, s_, p_, counts) if z_level else None
                yield Point({"d": d, "m": m_, "k": k_, "s": s_, "p": p_, "counts": counts},
                            facts=_model(p_, s_, m_, k_, counts, 0), data=(Q, (d, m_, k_, s_, p_, counts)),
                            size=_size(d, m_, k_, s_, p_, counts))

    def oracle(point):
        Q, key = point.data
        return Q[exact] if isinstance(exact, str) else exact(*key)

    def value(form, point):
        if not sums:
            return _at(_alphas_defined(form), point.facts)
        Q = point.data[0]
        return evaluate(form, {**point.facts, J.SIGMA_VAR: Q["var_sum"], J.SIGMA_SAME: Q["same_sum"],
                               J.SIGMA_PAIRS: Q["pairs"]})

    return Grid(name, points, oracle, path=MOMENTS, part=None if sums else _rhs, value=value)


def _alphas_defined(form):
    """``form`` with Theorem 3's alpha_1, alpha_2 (a correction may name them) replaced by their definitions."""
    return form.xreplace(alphas()) if form.has(J.a1_sym, J.a2_sym) else form


def _var_C(d, m_, k_, s_, p_, counts):
    return _exact_count_moments(d, m_, k_, s_, p_, counts)[1]


def _mean_C(d, m_, k_, s_, p_, counts):
    return _exact_count_moments(d, m_, k_, s_, p_, counts)[0]


record(id="jiang-gcms/eq10", location="Appendix B, Eq. (10)",
       statement="Var(C(d)) = sum_i (sum_j Var(Z_j^(i)) + sum_{j1 != j2} Cov(Z_j1^(i), Z_j2^(i))) + "
                 "sum_{i1 != i2} sum_j Cov(Z_j^(i1), Z_j^(i2)).",
       printed=J.eq10_printed, derived=JT.var_C_derived,
       derivation="derivations.jiang_gcms.var_C_derived_expr", kind="statement",
       note="The printed form is the decomposition itself; its three sums are evaluated from the exact Z_j of "
            "the mechanism, so the check confirms (10) and the use of Lemma 4 (1) for different clients.",
       steps=(_appB_grid("exact Var(C) (every draw) vs the three sums of (10) computed from the exact Z_j", _var_C,
                         sums=True),))

record(id="jiang-gcms/eq11", root_cause="eq11.sign", location="Appendix B, Eq. (11)",
       statement="sum_i sum_j Var(Z_j^(i)) = p f + a (n - f) - (p^2/k) f + (1/k) a^2 (n - f), a = p/m + (1 - 1/m) q.",
       printed=J.eq11_printed, derived=J.eq11_derived,
       note="The last term has the wrong sign: Var = E[Z] - E[Z]^2 gives -(1/k) a^2 (n - f).",
       steps=(Symbolic("(11) vs sum of Bernoulli variances", part=_rhs),
              _appB_grid("sum_i sum_j Var(Z_j^(i)) from the exact Z_j (every draw)", "var_sum")))

record(id="jiang-gcms/eq12", location="Appendix B, Eq. (12)",
       statement="sum_{i1 != i2} sum_j Cov(Z_j^(i1), Z_j^(i2)) = k ((p-q)/k)^2 (1/m)(1 - 1/m)(sum_{d' != d} f(d')^2 - "
                 "(n - f)).",
       printed=J.eq12_printed, derived=J.eq12_derived,
       steps=(Symbolic("(12) vs pairs of clients holding the same other value", part=_rhs),
              _appB_grid("sum over ordered pairs of different clients of the exact covariances", "pairs")))

record(id="jiang-gcms/appB.mean", location="Appendix B, proof of Theorem 3 (E[C(d)])",
       statement="E[C(d)] = f(d)(1 - 1/m)(p - q) + pn/m + (1 - 1/m) n q.",
       printed=J.appB_mean_printed, derived=J.appB_mean_derived, derivation="derivations.jiang_gcms.mean_C_derived",
       steps=(Symbolic("E[C(d)] vs the derived mean", part=_rhs),
              _appB_grid("n E[C(0)/n] over every draw", _mean_C, z_level=False)))

record(id="jiang-gcms/appB.final", root_cause="appB.final", location="Appendix B, 'Combining (11) and (12)'",
       statement="Var(C(d)) = f(d)(p - p^2/k) + (n - f(d))(p^2/(mk) + q^2 (1 - 1/m)/k) + (p-q)^2 (1 - 1/m) "
                 "sum_{d' != d} f(d')^2/(km).",
       printed=J.appB_final_printed, derived=JT.var_C_derived,
       derivation="derivations.jiang_gcms.var_C_derived_expr",
       note="Not the sum of (11) and (12) (that is Theorem 3's form), and not the variance either.",
       steps=(Symbolic("the combined expression vs the derived Var(C)", part=_rhs),
              _appB_grid("exact Var(C(0)) over every draw", _var_C, z_level=False)))
