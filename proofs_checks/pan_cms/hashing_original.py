"""pan-cms claim checks: the original CMS's random hash draws (Section 3.6, Appendix F).

Every draw of k functions [d] -> [m] with independent uniform values is enumerated
(``ldpref.hashing.all_function_draws``).  Exact building blocks and the statement evaluation are in
``proofs_checks.pan_cms.hashing``."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import sympy

import derivations.pan_cms.hashing as H
import derivations.pan_cms.printed_hashing as PH
from derivations.pan_cms.symbols import cbar, delta, f, k, m, n, tau, var_eq, var_neq
from ldpref import moments
from ldpref.exact import EXP_EPS, to_fraction
from ldpref.hashing import all_function_draws, all_functions_family, gf2_affine_family, random_family
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Numeric, Point, Symbolic, rhs
from ldpref.mechanisms.cms import cms, cms_over_draws

from .hashing import (DER, DISTINCT_PAIRS, HOLDS, KIND_ORDER, R, SEED, _datasets, _exact_of, _inner,
                      _inner_vars, _perfect, _rat, rows_grid)
from .hashing_thm38 import veq_steps

DRAWS = [(2, 2, 1), (2, 2, 2), (2, 2, 3), (2, 3, 1), (2, 3, 2), (3, 2, 1), (3, 2, 2), (3, 3, 1), (2, 4, 1)]


def _draw_counts(d_):
    if d_ == 2:
        return [(1, 0), (0, 1), (1, 1), (2, 1), (3, 0)]
    return [(1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 1, 0), (0, 1, 2)]


@cache
def _draw_family(d_, m_, k_, kind="rr", ee=R(2)):
    return cms_over_draws(all_function_draws(d_, m_, k_), _inner(kind, m_, ee), name=f"draws({d_},{m_},{k_})")


@cache
def _draw_stats(d_, m_, k_, kind, ee, counts):
    """Per draw: (weight, E[f_hat|draw], Var(f_hat|draw)) for every x, exact."""
    fam = _draw_family(d_, m_, k_, kind, ee)
    return [(w, moments.expectation(mech, counts), moments.variance(mech, counts)) for w, mech in fam.members]


@cache
def _draw_moments(d_, m_, k_, counts):
    fam = _draw_family(d_, m_, k_)
    return fam.expectation(counts), fam.expectation_variance(counts)


def _draw_rows():
    for d_, m_, k_ in DRAWS:
        for counts in _draw_counts(d_):
            E, V = _draw_moments(d_, m_, k_, counts)
            for x in range(d_):
                yield d_, m_, k_, counts, x, E[x], V[x]


def _bernoulli_rows():
    for d_, m_ in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 5)]:
        for a, b in sorted({(0, 1), (1, d_ - 1), (0, d_ - 1)} - {(1, 1)}):
            yield Point({"d": d_, "m": m_, "x": a, "x'": b}, facts={m: m_, H.xa: a, H.xb: b},
                        data=_rat(all_functions_family(d_, m_).collision_rate(a, b)), size=(d_, m_, a, b))


record(
    id="pan-cms/sec3.6.bernoulli",
    location="Section 3.6, first paragraph (c_j(x, x') as a Bernoulli(1/m) variable)",
    statement="For (x, x') in [d]^2, c_j(x, x') is Bernoulli with probability 1/m of being one.",
    printed=PH.bernoulli_printed,
    derived=H.bernoulli_derived,
    assumptions="h_j with d independent values uniform on [m] (original CMS); " + DISTINCT_PAIRS,
    steps=(Symbolic("printed vs derived (x != x')", part=lambda form: form.rhs.subs({H.xa: 0, H.xb: 1})),
           rows_grid("Pr(c_j(x, x') = 1) over all functions [d] -> [m]", _bernoulli_rows)),
)


@cache
def _binomial_law(m_, k_):
    """The law of c_bar(0, 1) over every draw of k functions [2] -> [m]."""
    law = {}
    draws = list(all_function_draws(2, m_, k_))
    for fam in draws:
        c = _rat(fam.collision_rate(0, 1))
        law[c] = law.get(c, 0) + R(1, len(draws))
    return law


BINOMIAL_MK = [(2, 1), (2, 2), (2, 3), (2, 4), (3, 1), (3, 2), (3, 3), (4, 2)]


def _binomial_rows():
    for m_, k_ in BINOMIAL_MK:
        law = _binomial_law(m_, k_)
        mean = sum(v * p for v, p in law.items())
        for i in range(k_ + 1):
            facts = {H.E_kc: mean, m: m_, k: k_, H.i_sym: i, H.Pr_kc: law.get(R(i, k_), sympy.Integer(0))}
            yield Point({"m": m_, "k": k_, "i": i}, facts=facts, data=HOLDS, size=(m_, k_, i))


def _point_mass_rows():
    """The binomial model's point mass H.prob_cbar_equals_mean (a model function, not the claim's form)."""
    for m_, k_ in BINOMIAL_MK:
        yield Point({"m": m_, "k": k_}, model=H.prob_cbar_equals_mean(k_, m_),
                    data=_binomial_law(m_, k_).get(R(1, m_), sympy.Integer(0)), size=(m_, k_))


record(
    id="pan-cms/sec3.6.binomial",
    location="Section 3.6, first paragraph (sum_j c_j(x, x')/k as a binomial variable with mean 1/m)",
    statement="sum_j c_j(x, x')/k is a (scaled) binomial variable with mean 1/m; it equals 1/m with small "
              "probability.",
    printed=PH.binomial_printed,
    derived=H.binomial_derived,
    derivation=f"{DER}.binomial_pmf",
    kind="statement",
    assumptions="x != x'; the k functions drawn independently (every draw of ldpref.hashing.all_function_draws)",
    steps=(rows_grid("law and mean of c_bar(0, 1) over all draws", _binomial_rows, statement=True),
           Grid("Pr(c_bar = 1/m) over all draws vs the binomial point mass (0 unless m divides k)", _point_mass_rows,
                _exact_of, printed=False)),
)


@cache
def _bias_draws():
    """Per draw (every draw of d = 2, m = 2, k = 1 and three seeded draws each of three sizes): its label, index,
    family, base dataset (one client on the first and on the last value) and the exact bias at n, 2n and 3n."""
    rng = np.random.default_rng(SEED)
    fams = [("all draws d=2 m=2 k=1", list(all_function_draws(2, 2, 1)))]
    for d_, m_, k_ in [(3, 2, 2), (3, 3, 2), (4, 3, 3)]:
        fams.append((f"seeded d={d_} m={m_} k={k_}", [random_family(d_, m_, k_, rng) for _ in range(3)]))
    out = []
    for label, flist in fams:
        for fi, fam in enumerate(flist):
            mech = cms(fam, _inner("rr", fam.m, R(2))).mechanism
            base = tuple([1] + [0] * (fam.d - 2) + [1])
            out.append((label, fi, fam, base, [moments.bias(mech, tuple(t * c for c in base)) for t in (1, 2, 3)]))
    return out


def _bias_rows():
    for label, fi, fam, base, biases in _bias_draws():
        fr = [R(c, sum(base)) for c in base]
        for x in range(fam.d):
            model = H.draw_bias_model([_rat(fam.collision_rate(x, y)) for y in range(fam.d)], fr, x, fam.m)
            for t in (2, 3):
                yield Point({"family": label, "draw": fi, "x": x, "n scaled by": t}, data=HOLDS,
                            facts={H.bias_n: biases[0][x], H.bias_tn: biases[t - 1][x], H.bias_model: model},
                            size=(fam.d, fam.m, fam.k, fi, x, t))


def _some_biased():
    nonzero = [any(b != 0 for b in biases[0]) for *_, biases in _bias_draws()]
    return any(nonzero), len(nonzero), f"{sum(nonzero)} of {len(nonzero)} draws biased"


record(
    id="pan-cms/sec3.6.bias-n-independent",
    location="Section 3.6, first paragraph (the bias of E[f_hat(x)] and its independence of n)",
    statement="For a fixed draw of the original CMS, f_hat(x) is biased in general and the bias does not depend on "
              "n (only on the frequencies).",
    printed=PH.bias_n_printed,
    derived=H.bias_n_derived,
    derivation=f"{DER}.draw_bias_model",
    kind="statement",
    assumptions="datasets scaled by 1, 2, 3 (same frequencies, n tripled); seeded random draws and all draws",
    steps=(Numeric("some draw has a non-zero bias (biased in general)", _some_biased),
           rows_grid("exact bias at n vs 2n, 3n (printed) and vs the model's bias (derived)", _bias_rows,
                     statement=True)),
)


def _three_wise(fam):
    counts = Counter(fam.functions)
    return len(counts) == fam.m**3 and len(set(counts.values())) == 1


def _pairwise_rows():
    pw, full = gf2_affine_family(2, 3), _perfect(3, 4)
    for kind, ee in (("rr", R(2)), ("rr", R(3)), ("arp", R(2))):
        a = cms(pw, _inner(kind, 4, ee)).mechanism
        b = cms(full, _inner(kind, 4, ee)).mechanism
        veq, vne = _inner_vars(kind, 4, ee)
        for counts in _datasets(3, 2):
            va, vb = moments.variance(a, counts), moments.variance(b, counts)
            nn = sum(counts)
            for x in range(3):
                facts = {H.Var_pw: va[x], H.Var_3w: vb[x], cbar: R(1, 4), m: 4, var_eq: veq, var_neq: vne,
                         f: R(counts[x], nn), n: nn}
                yield Point({"inner": kind, "exp_eps": ee, "counts": counts, "x": x}, facts=facts, data=HOLDS,
                            size=(KIND_ORDER[kind], ee, nn, counts[::-1], x))


record(
    id="pan-cms/sec3.6.pairwise-suffices",
    location="Section 3.6, last paragraph (the original paper's 3-wise requirement)",
    statement="The variance of CMS only needs pairwise independence; 3-wise independence is not required.",
    printed=PH.pairwise_suffices_printed,
    derived=H.pairwise_suffices_derived,
    derivation=f"{DER}.cms_var_model",
    kind="statement",
    assumptions="same m and inner mechanism; the GF(4) affine family on d = 3 inputs (pairwise, not 3-wise) vs all "
                "functions [3] -> [4] (3-wise); every dataset of n <= 2 clients",
    steps=(Identity("the GF(4) family is pairwise but not 3-wise; all functions are 3-wise",
                    lambda: [gf2_affine_family(2, 3).is_pairwise_independent(), _three_wise(gf2_affine_family(2, 3)),
                             _three_wise(_perfect(3, 4))], lambda: [True, False, True]),
           rows_grid("variance with a pairwise (not 3-wise) family vs a 3-wise family and vs the model", _pairwise_rows,
                     statement=True)),
)


def draw_grid(name, pick, statement=False):
    """Every draw of the original CMS (MechanismFamily over all draws): the exact ``pick(E, V)``, the forms at
    m, k, f(x), S2 = sum_{x' != x} f(x')^2 and the exact Var over draws V (a statement's forms by ``truth``)."""

    def rows():
        for d_, m_, k_, counts, x, E, V in _draw_rows():
            nn = sum(counts)
            s2 = sum(R(c, nn) ** 2 for i, c in enumerate(counts) if i != x)
            yield Point({"d": d_, "m": m_, "k": k_, "counts": counts, "x": x}, data=pick(E, V),
                        facts={m: m_, k: k_, f: R(counts[x], nn), H.S2: s2, H.V_draw: V},
                        size=(d_, m_, k_, nn, counts[::-1], x))

    return rows_grid(name, rows, statement=statement)


DRAW_E = draw_grid("MechanismFamily.expectation over all draws", lambda E, V: E)
DRAW_V = draw_grid("MechanismFamily.expectation_variance over all draws", lambda E, V: V)


def _draws_symbolic():
    """One draw set with symbolic e^eps: the mean over draws does not depend on the inner mechanism."""
    fam = cms_over_draws(all_function_draws(2, 2, 1), _inner("rr", 2, EXP_EPS))
    return [fam.expectation((2, 1)), fam.expectation_variance((2, 1))]


record(
    id="pan-cms/thm3.10",
    location="Section 3.6, Theorem 3.10",
    statement="Over the random hash draws of the original CMS, E[E[f_hat(x)]] = f(x) and "
              "Var(E[f_hat(x)]) = sum_{x' != x} f(x')^2/((m-1)k).",
    printed=PH.thm310_printed,
    derived=H.thm310_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    assumptions="k functions [d] -> [m] with independent uniform values (every draw enumerated); CMS+RR, e^eps = 2",
    steps=(Symbolic("printed vs derived (Eqs. (19), (20))", part=lambda form: [x.rhs for x in form],
                    simplify=lambda v: [sympy.factor(x) for x in v]),
           Identity("E and Var over draws with symbolic e^eps (d=2, m=2, k=1, counts (2,1)) == derived",
                    _draws_symbolic, lambda: [[H.draw_mean_derived((2, 1), x, 2) for x in range(2)],
                                              [H.draw_bias_variance_derived((2, 1), x, 2, 1) for x in range(2)]]),
           draw_grid("MechanismFamily over all draws: [expectation, expectation_variance]", lambda E, V: (E, V))),
)


record(
    id="pan-cms/eq19",
    location="Section 3.6, Eq. (19)",
    statement="E over the draws of E[f_hat(x)] = f(x).",
    printed=PH.eq19_printed,
    derived=H.eq19_derived,
    derivation=f"{DER}.draw_mean_derived",
    assumptions="as Theorem 3.10",
    steps=(Symbolic("printed vs derived", part=rhs), DRAW_E),
)


record(
    id="pan-cms/eq20",
    location="Section 3.6, Eq. (20)",
    statement="Var over the draws of E[f_hat(x)] = sum_{x' != x} f(x')^2/((m-1)k).",
    printed=PH.eq20_printed,
    derived=H.eq20_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    assumptions="as Theorem 3.10",
    steps=(Symbolic("printed vs derived", part=rhs, simplify=sympy.factor), DRAW_V),
)


BIAS_ORDER = draw_grid("the bound on the exact Var over draws of E[f_hat(x)]", lambda E, V: HOLDS, statement=True)


record(
    id="pan-cms/sec3.6.bias-order",
    location="Section 3.6, after Theorem 3.10 (bias O(1/sqrt((m-1)k)))",
    statement="The standard deviation over draws of E[f_hat(x)] is at most 1/sqrt((m-1)k).",
    printed=PH.bias_order_printed,
    derived=H.eq49_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    kind="statement",
    assumptions="as Theorem 3.10; sum_{x'!=x} f(x')^2 <= 1",
    steps=(BIAS_ORDER,),
)


record(
    id="pan-cms/appF.expectation",
    location="Appendix F.1, first display",
    statement="E[E[f_hat(x)]] = m/(m-1)[f(x) + sum_{x'} k/(km) f(x')] - 1/(m-1) = f(x).",
    printed=PH.appF_expectation_printed,
    derived=H.eq19_derived,
    derivation=f"{DER}.draw_mean_derived",
    assumptions="as Theorem 3.10",
    steps=(Symbolic("printed chain vs derived", part=rhs, simplify=sympy.factor), DRAW_E),
)


def _var_cj_rows():
    for m_ in (2, 3, 4, 5):
        vals = [1 if h[0] == h[1] else 0 for h in itertools.product(range(m_), repeat=2)]
        mean = R(sum(vals), len(vals))
        yield Point({"m": m_}, facts={m: m_}, data=(mean, sum((v - mean) ** 2 for v in vals) / len(vals)), size=(m_,))


record(
    id="pan-cms/appF.var-cj", root_cause="appF.var-cj",
    location="Appendix F.1, first sentence (E[c_j(x, x')] = 1/m, Var(c_j(x, x')) = (m-1)/m)",
    statement="E[c_j(x, x')] = 1/m and Var(c_j(x, x')) = (m-1)/m.",
    printed=PH.appF_var_cj_printed,
    derived=H.appF_var_cj_derived,
    derivation=f"{DER}.bernoulli_derived",
    assumptions="x != x'; h_j uniform over all functions [d] -> [m]",
    steps=(Symbolic("printed vs derived [E, Var]", part=lambda form: [x.rhs for x in form]),
           rows_grid("[E, Var] of c_j(0, 1) over all functions [2] -> [m]", _var_cj_rows)),
)


record(
    id="pan-cms/appF.variance",
    location="Appendix F.1, second display",
    statement="Var(E[f_hat(x)]) = m^2/(m-1)^2 sum_{x'} (m-1)/(m^2 k) f(x')^2 = sum_{x'} f(x')^2/((m-1)k).",
    printed=PH.appF_variance_printed,
    derived=H.eq20_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    assumptions="as Theorem 3.10",
    steps=(Symbolic("printed middle form vs derived", part=rhs, simplify=sympy.factor), DRAW_V),
)


record(
    id="pan-cms/appF.eq49",
    location="Appendix F.2, Eq. (49)",
    statement="Var over the draws of E[f_hat(x)] <= 1/((m-1)k).",
    printed=PH.eq49_printed,
    derived=H.eq49_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    kind="statement",
    assumptions="as Theorem 3.10",
    steps=(BIAS_ORDER,),
)


# Theorem 3.11 ------------------------------------------------------------------------------------------
T311_SETS = [(2, 2, 1, "rr", R(2)), (2, 2, 2, "rr", R(2)), (2, 2, 3, "rr", R(2)), (2, 3, 1, "rr", R(2)),
             (2, 3, 2, "rr", R(2)), (3, 2, 2, "rr", R(2)), (3, 3, 1, "rr", R(2)), (2, 2, 2, "srp", R(4)),
             (2, 3, 1, "srp", R(4)), (3, 2, 1, "srp", R(9, 4))]
T311_TAUS = [R(1, 10), R(1, 2), R(1), R(2), R(4)]
ABOVE = R(1001, 1000)  # just above a strict boundary


@cache
def _t311_rows():
    rows = []
    for d_, m_, k_, kind, ee in T311_SETS:
        veq, vne = _inner_vars(kind, m_, ee)
        for counts in _draw_counts(d_):
            nn = sum(counts)
            stats = _draw_stats(d_, m_, k_, kind, ee, counts)
            for x in range(d_):
                ex = [(w, E[x] - R(counts[x], nn), V[x]) for w, E, V in stats]
                rows.append(dict(index=len(rows), d=d_, m=m_, k=k_, kind=kind, e=ee, counts=counts, x=x, n=nn,
                                 veq=veq, vne=vne, ex=ex, var_draw=sum(w * b**2 for w, b, v in ex),
                                 vmin=min(v for w, b, v in ex)))
    return rows


@cache
def _exact_draws(index):
    """Row ``index``'s draws as (total weight, bias^2, variance), Fractions, the weights of the draws with the same
    (bias^2, variance) added up (computed once for every tau)."""
    weights = {}
    for w, b, v in _t311_rows()[index]["ex"]:
        key = (to_fraction(b**2), to_fraction(v))
        weights[key] = weights.get(key, 0) + to_fraction(w)
    return [(w, b2, v) for (b2, v), w in weights.items()]


@cache
def _pr_at(index, t):
    """Row ``index``'s probability over the draws that the squared bias is at most tau times the variance
    (exact, Fraction arithmetic)."""
    tf = to_fraction(t)
    total = sum((w for w, b2, v in _exact_draws(index) if b2 <= tf * v), Fraction(0))
    return R(total.numerator, total.denominator)


def _p311(row, **extra):
    return {"d": row["d"], "m": row["m"], "k": row["k"], "inner": row["kind"], "exp_eps": row["e"],
            "counts": row["counts"], "x": row["x"], **extra}


def _s311(row, *extra):
    return (row["d"], row["m"], row["k"], row["n"], KIND_ORDER[row["kind"]], *extra, row["counts"][::-1], row["x"])


def _facts311(row, t, dl):
    return {delta: dl, tau: t, var_neq: row["vne"], var_eq: row["veq"], n: row["n"], m: row["m"], k: row["k"],
            H.Pr_bias: _pr_at(row["index"], t), H.V_draw: row["var_draw"], H.Var_f: row["vmin"], H.vmin: row["vmin"]}


def t311_grid(name, deltas):
    """Statement rows over every draw set of Theorem 3.11: tau and delta from ``deltas(row, base)`` (pairs, base =
    n/((m-1) k Var(R|!=))); the facts read off the exact draws (the probability over draws, Var over draws, the
    smallest Var(f_hat(x)|draw))."""

    def rows():
        for row in _t311_rows():
            base = R(row["n"], (row["m"] - 1) * row["k"]) / row["vne"]
            for t, dl in deltas(row, base):
                yield Point(_p311(row, tau=t, delta=dl), facts=_facts311(row, t, dl), data=HOLDS,
                            size=_s311(row, t, dl))

    return rows_grid(name, rows, statement=True)


def _t311_deltas(row, base):
    """Theorem 3.11 at delta on its boundary n/((m-1) k tau Var(R|!=)) and just above it (kept when < 1)."""
    for t in sorted(set(T311_TAUS) | {R(11, 10) * base, 2 * base}):
        for dl in (base / t, base / t * ABOVE):
            if dl < 1:
                yield t, dl


def _plain_grid(name):
    def rows():
        for row in _t311_rows():
            yield Point(_p311(row), facts=_facts311(row, 1, R(1, 2)), data=HOLDS, size=_s311(row))

    return rows_grid(name, rows, statement=True)


#: Theorem 3.11 and Eq. (21) are one statement (the theorem's conclusion under its condition)
_T311_KW = dict(printed=PH.thm311_printed, derived=H.thm311_derived, derivation=f"{DER}.draw_bias_variance_derived",
                kind="statement")


record(
    id="pan-cms/thm3.11",
    location="Section 3.6, Theorem 3.11",
    statement="If delta tau Var(R|!=)/n > 1/((m-1)k), then Pr((E[f_hat(x)] - f(x))^2 <= tau Var(f_hat(x))) >= "
              "1 - delta over the hash draws.",
    **_T311_KW,
    assumptions="original CMS (every draw of k uniform functions enumerated); E[f_hat(x)] and Var(f_hat(x)) given "
                "the draw; delta at the boundary of the condition and just above it, kept when < 1",
    steps=(t311_grid("Theorem 3.11 on the exact probability over all draws", _t311_deltas),),
)


record(
    id="pan-cms/eq21",
    location="Section 3.6, Eq. (21)",
    statement="Pr((E[f_hat(x)] - f(x))^2 <= tau Var(f_hat(x))) >= 1 - delta (under Theorem 3.11's condition).",
    **_T311_KW,
    assumptions="as Theorem 3.11",
    steps=(t311_grid("Eq. (21) under Theorem 3.11's condition on the exact probability over all draws", _t311_deltas),),
)


record(
    id="pan-cms/appF.eq51", root_cause="appF.eq51-tau",
    location="Appendix F.2, Eq. (51) and the sentence after it",
    statement="n/((m-1)k Var(R|!=)) < delta ensures Eq. (21); it is Theorem 3.11's condition.",
    printed=PH.eq51_printed,
    derived=H.eq51_derived,
    kind="statement",
    depends_on=("pan-cms/thm3.11",),
    assumptions="as Theorem 3.11; delta just above the boundary of the printed Eq. (51) and of the derived "
                "condition, kept when < 1",
    note="Substituting the ratio bound into Eq. (48) keeps the 1/tau: the condition is "
         "n/((m-1)k tau Var(R|!=)) < delta, which is Theorem 3.11's; Eq. (51) as printed drops tau.",
    steps=(t311_grid("Eq. (51) on the exact probability over all draws",
                     lambda row, base: [(t, dl) for t in T311_TAUS for dl in (base * ABOVE, base / t * ABOVE)
                                        if dl < 1]),),
)


record(
    id="pan-cms/appF.eq48", root_cause="appF.eq48-markov",
    location="Appendix F.2, Eq. (48)",
    statement="By Markov's inequality, Eq. (21) is equivalent to Var_draws(E[f_hat(x)])/(tau Var(f_hat(x))) <= delta.",
    printed=PH.eq48_printed,
    derived=H.eq48_derived,
    kind="statement",
    assumptions="Var(f_hat(x)) read as its minimum over the draws (the reading under which Markov's inequality "
                "applies); delta in {1/4, 1/2, 3/4}",
    note="Markov gives only sufficiency; Eq. (21) can hold while Eq. (48) fails.",
    steps=(t311_grid("Eq. (21) and Eq. (48) on the exact draws",
                     lambda row, base: [(t, dl) for t in T311_TAUS[:3] for dl in (R(1, 4), R(1, 2), R(3, 4))]),),
)


record(
    id="pan-cms/appF.eq50",
    location="Appendix F.2, Eq. (50)",
    statement="Var(f_hat(x)) > min{Var(R|=), Var(R|!=)}/n = Var(R|!=)/n.",
    printed=PH.eq50_printed,
    derived=H.eq50_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    kind="statement",
    assumptions="every draw of the original CMS; Var(f_hat(x)) given the draw (its minimum over the draws)",
    steps=(_plain_grid("the smallest Var(f_hat(x)|draw) over the exact draws vs Var(R|!=)/n"),),
)


record(
    id="pan-cms/appF.veq-gt-vne", root_cause="appF.veq-gt-vne",
    location="Appendix F.2, after Eq. (50) (Var(R|=) > Var(R|!=) for RAPPOR and HE)",
    statement="Var(R|=) > Var(R|!=) for RAPPOR and for Hadamard Encoding (binary RR).",
    printed=PH.veq_gt_vne_printed,
    derived=H.veq_ge_vne_derived,
    derivation=f"{DER}.inner_variances",
    kind="statement",
    note="Equality holds for symmetric RAPPOR (Eq. (14)) and for binary randomized response (m = 2, as in HE); "
         "Eq. (50) only needs >=.",
    assumptions="RAPPOR: symmetric (sRP) and asymmetric (aRP); HE: RR with m = 2",
    steps=veq_steps(keep=lambda mm, kind: mm == 2 or kind != "rr"),
)


record(
    id="pan-cms/appF.ratio",
    location="Appendix F.2, the inequality after Eq. (50)",
    statement="Var_draws(E[f_hat(x)])/Var(f_hat(x)) < n/((m-1)k Var(R|!=)).",
    printed=PH.appF_ratio_printed,
    derived=H.appF_ratio_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    kind="statement",
    assumptions="Var(f_hat(x)) read as its minimum over the draws",
    steps=(_plain_grid("the exact ratio Var_draws(E[f_hat])/min Var(f_hat|draw) in the printed and derived bounds"),),
)


K_ORDER_INNER = (("srp", R(4)), ("arp", R(3)))  # RAPPOR (symmetric, asymmetric) at e^eps
K_ORDER_M = (2, 3, 5, 9)
K_ORDER_TAU, K_ORDER_DELTA = R(1, 10), R(1, 2)


def _m_free_identity(kind, ee):
    """Var(R|!=) of the exact RAPPOR does not depend on m."""
    vnes = lambda: [_inner_vars(kind, mm, ee)[1] for mm in K_ORDER_M]  # noqa: E731
    return Identity(f"Var(R|!=) of the exact {kind} does not depend on m (m = 2, 3, 5, 9)", vnes,
                    lambda: [vnes()[0]] * len(K_ORDER_M))


def _k_search_rows():
    """Per inner mechanism, m and n: the smallest k with delta tau Var(R|!=)/n > 1/((m-1)k), found by bisection
    (the exact side), against ``H.k_min_derived`` (a model quantity: the derivation's closed form)."""
    t, dl = K_ORDER_TAU, K_ORDER_DELTA
    for kind, ee in K_ORDER_INNER:
        for mm in K_ORDER_M:
            _, vne = _inner_vars(kind, mm, ee)
            _, dvne = H.inner_variances(kind, mm, ee)
            for nn in (10, 1000, 10**6):
                ok = lambda kk: dl * t * vne / nn > R(1, (mm - 1) * kk)  # noqa: E731
                hi = 1
                while not ok(hi):
                    hi *= 2
                lo = hi // 2  # not ok(lo) unless lo == 0
                while hi - lo > 1:
                    mid = (lo + hi) // 2
                    lo, hi = (lo, mid) if ok(mid) else (mid, hi)
                yield Point({"inner": kind, "m": mm, "n": nn}, data=hi, size=(KIND_ORDER[kind], mm, nn),
                            model=H.k_min_derived(mm, nn, t, dl, dvne))


def _k_limit_rows():
    """Per inner mechanism: k_min m/n as n -> infinity, then m -> infinity, with the exact (m-independent)
    Var(R|!=) (a symbolic double limit, so the statement's exact side is decided by proof)."""
    t, dl = K_ORDER_TAU, K_ORDER_DELTA
    for kind, ee in K_ORDER_INNER:
        vne = _inner_vars(kind, K_ORDER_M[0], ee)[1]
        kk = sympy.floor(n / ((m - 1) * dl * t * vne)) + 1
        lim = sympy.limit(sympy.limit(kk * m / n, n, sympy.oo), m, sympy.oo)
        yield Point({"inner": kind, "exp_eps": ee}, facts={H.k_lim: lim, delta: dl, tau: t, var_neq: vne},
                    data=HOLDS, size=(KIND_ORDER[kind],))


record(
    id="pan-cms/sec3.6.k-order",
    location="Section 3.6, after Theorem 3.11 (k = Omega(n/m))",
    statement="The smallest k meeting Theorem 3.11's condition grows as n/m.",
    printed=PH.k_order_printed,
    derived=H.k_order_derived,
    derivation=f"{DER}.k_min_derived",
    kind="statement",
    assumptions="the original CMS's RAPPOR (sRP, aRP): Var(R|!=) does not depend on m; fixed eps, tau, delta; the "
                "limits taken are n -> infinity and m -> infinity",
    note="With RR as the inner mechanism Var(R|!=) = (e^eps + m - 2)/(e^eps - 1)^2 grows with m and the smallest k "
         "is Theta(n/m^2).",
    steps=(*(_m_free_identity(kind, ee) for kind, ee in K_ORDER_INNER),
           Grid("smallest k by search vs floor(n/((m-1) delta tau Var(R|!=))) + 1", _k_search_rows, _exact_of,
                printed=False),
           rows_grid("k_min m/n in the limit (k_min = Theta(n/m))", _k_limit_rows, statement=True, path="proof")),
)
