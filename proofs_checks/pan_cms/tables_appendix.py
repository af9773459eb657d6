"""pan-cms claim checks: Eq. (22) and Appendix I (the empirical worst-case MSE) and Appendix H's accuracy statements."""

from __future__ import annotations

import functools
from functools import cache

import sympy

import derivations.pan_cms.printed_tables as PT
import derivations.pan_cms.symbols_tables as ST
import derivations.pan_cms.tables as T
import derivations.pan_cms.tables_claim_forms as F
from ldpref import moments
from ldpref.exact import exact_sign
from ldpref.ledger import Instance
from ldpref.ledger.generic import Identity, Numeric, Point, Symbolic, counted
from ldpref.mechanisms.pure import grr, subset_selection
from .tables_common import (R, E, HOLDS, _rhs, he_mech, cms_mech, row_mech, exact_losses, model_rows, named_grid,
                            record)
from .tables_table1 import rhr_mse_grid, rhr_mse_model, table1_grid


# ==== Eq. (22) and Appendix I: the empirical worst-case MSE ======================================
def _law(pairs) -> dict:
    """{outcome: probability} from (outcome, probability) pairs, equal outcomes merged."""
    out = {}
    for key, prob in pairs:
        out[key] = out.get(key, 0) + prob
    return out


def _sum_of_independent(laws, start) -> dict:
    """The law of ``start`` plus one independent draw from each of ``laws`` (vectors added coordinate-wise)."""
    law = {start: sympy.Integer(1)}
    for step in laws:
        law = _law((tuple(a + b for a, b in zip(key, s)), p * q) for key, p in law.items() for s, q in step.items())
    return law


def _dist_enumeration(mech, counts, X):
    """Exact distribution of (f_hat(x))_{x in X} from ldpref.enumeration (every outcome of the n clients)."""
    from ldpref.enumeration import estimate_distribution
    dom = mech.domain
    return _law((tuple(dom.to_sympy(est[x]) for x in X), dom.to_sympy(prob))
                for est, prob in estimate_distribution(mech, counts))


def _dist_convolution(mech, counts, X):
    """The same distribution by convolving the clients' own contributions Q[x, u]/n (an independent route)."""
    P, Q = mech.perturbation_matrix(), mech.decoder_matrix()
    n = sum(counts)
    clients = [_law((tuple(Q[x, u] / n for x in X), P[u, xv]) for u in range(P.shape[0]) if P[u, xv] != 0)
               for xv, c in enumerate(counts) for _ in range(c)]
    return _sum_of_independent(clients, tuple(sympy.Integer(0) for _ in X))


def _rounds(dist, truth, t):
    """Distribution of (S(x))_{x in X}, S(x) = (1/t) sum_rounds (f_hat(x) - f(x))^2, over t iid rounds."""
    one = _law((tuple((a - f) ** 2 for a, f in zip(key, truth)), pr) for key, pr in dist.items())
    acc = _sum_of_independent([one] * t, tuple(sympy.Integer(0) for _ in truth))
    return {tuple(x / t for x in k): p for k, p in acc.items()}


def _round_laws(mech, counts, X, t):
    """The law of (S(x))_{x in X} over t rounds by each route: ldpref.enumeration, then per-client convolution."""
    truth = [sympy.Rational(counts[x], sum(counts)) for x in X]
    return [_rounds(dist, truth, t)
            for dist in (_dist_enumeration(mech, counts, X), _dist_convolution(mech, counts, X))]


EQ22_CASES = [  # (name, builder, counts, X, t)
    ("HE d=3 e=3", lambda: he_mech(3, R(3)), (1, 0, 0), (0, 1, 2), 1),
    ("HE d=3 e=3", lambda: he_mech(3, R(3)), (1, 0, 0), (0, 1, 2), 2),
    ("HE d=3 e=3", lambda: he_mech(3, R(3)), (1, 0, 0), (0,), 2),
    ("GRR d=2 e=3", lambda: grr(2, R(3)).mechanism, (1, 0), (0, 1), 2),
    ("CMS m=3 d=3 e=4", lambda: cms_mech(3, 3, R(4)), (0, 1, 1), (0, 1, 2), 1),
]


@cache
def _eq22_data():
    rows = []
    for name, build, counts, X, t in EQ22_CASES:
        out = []
        for S in _round_laws(build(), counts, X, t):
            e_max = sum(p * max(k) for k, p in S.items())
            e_each = [sum(p * k[i] for k, p in S.items()) for i in range(len(X))]
            as_argmax = any(all(k[i] == max(k) for k, p in S.items() if p != 0) for i in range(len(X)))
            out.append((e_max, max(e_each), as_argmax))
        rows.append(((name, counts, X, t), out))
    return rows


def _eq22_points():
    for (name, counts, X, t), (ex, dv) in _eq22_data():
        yield Point({"mechanism": name, "counts": counts, "X": X, "t": t},
                    facts={ST.E_MSE_BAR.name: ex[0], ST.MAX_E_S.name: ex[1]}, in_condition=not ex[2], size=(len(X), t))


record(id="pan-cms/eq22", root_cause="eq22.jensen-equality", location="Section 6, Eq. (22)",
       statement="The empirical worst-case MSE max_x (1/t) sum_t (f_hat(x) - f(x))^2 is biased upward: the max picks "
                 "the largest deviation.",
       printed=PT.eq22_printed, derived=T.eq22_derived,
       derivation="proofs_checks.pan_cms.tables_appendix._eq22_data", kind="statement",
       assumptions="t independent rounds of the same mechanism on the same dataset; values of interest X",
       condition="no value of interest attains the maximum of S(x) almost surely (it fails, e.g., for |x| = 1, or "
                 "d = 2 with GRR, whose two errors are opposite so S(0) = S(1))",
       note="Jensen: E[max_x S(x)] >= max_x E[S(x)], with equality iff one x attains the max almost surely.",
       steps=(model_rows("E[max_x S(x)] and max_x E[S(x)]: ldpref.enumeration vs per-client convolution", lambda: [
                  Instance({"mechanism": name, "counts": counts, "X": X, "t": t}, exact=[ex[0], ex[1]],
                           derived=[dv[0], dv[1]]) for (name, counts, X, t), (ex, dv) in _eq22_data()]),
              named_grid("is the estimator strictly biased upward?", _eq22_points, lambda p: HOLDS)))
THMI_CASES = [  # (name, builder, counts, X)
    ("HE d=2", 2, R(3), (1, 0), (0,)), ("HE d=2", 2, R(12), (1, 0), (0,)), ("HE d=2", 2, R(12), (1, 0), (0, 1)),
    ("HE d=2", 2, R(16), (1, 0), (0,)), ("HE d=2", 2, R(12), (2, 0), (0,)), ("HE d=2", 2, R(12), (1, 1), (0, 1)),
    ("HE d=3", 3, R(3), (1, 0, 0), (0, 1, 2)),
]


@cache
def _thmI_data():
    """Per case: the exact distribution of (S(x))_x over t rounds by ldpref.enumeration and by per-client
    convolution, with V = max_x E[S(x)] (the smallest admissible V)."""
    rows = []
    for name, dd, e, counts, X in THMI_CASES:
        n = sum(counts)
        for t in (1, 2):
            res = [(S, max(sum(p * k[i] for k, p in S.items()) for i in range(len(X))))
                   for S in _round_laws(he_mech(dd, e), counts, X, t)]
            rows.append(({"mechanism": name, "exp_eps": e, "counts": counts, "X": X, "t": t}, res, (n, t, len(X), e)))
    return rows


def _exact_tail(S, V):
    """c -> Pr(max_x S(x) >= c V) on an exact distribution."""
    return lambda c: sympy.Integer(0) + sum(p for k, p in S.items() if exact_sign(max(k) / V - c) >= 0)


def _dist_rows(S):
    return sorted(([list(k), p] for k, p in S.items()), key=str)


def _appI_points():
    """The exact distributions (n = 1, 2, outside the condition) and the normal limit (n -> oo, |x| = 1, t = 1, 2;
    inside it), as the facts the statements are evaluated on (tail c -> Pr(max_x S(x) >= c V), rounds, values)."""
    for params, ((S, V), _), size in _thmI_data():
        yield Point(params, facts={"tail": _exact_tail(S, V), "rounds": params["t"], "values": len(params["X"])},
                    in_condition=False, size=size)
    for tt in (1, 2):
        yield Point({"mechanism": "any (n -> oo, normal limit)", "X": "one value", "t": tt},
                    facts={"tail": lambda c, tt=tt: _gauss_tail(tt, c), "rounds": tt, "values": 1},
                    size=(10**9, tt, 1, 0))


def _tails_agree():
    """The chi-square tail's two closed forms decide the bound alike at t = 1, 2."""
    cs = {tt: 1 + 2 * (sympy.sqrt(tt * sympy.log(20)) + sympy.log(20)) / tt for tt in (1, 2)}
    passed, count, detail = counted(exact_sign(R(1, 20) - _gauss_tail(tt, c)) ==
                                    exact_sign(R(1, 20) - _gauss_tail(tt, c, True)) for tt, c in cs.items())
    return passed, count, detail + " agree"


def _appI_steps(name):
    return (model_rows("distribution of (S(x))_x: ldpref.enumeration vs per-client convolution", lambda: [
                Instance(params, exact=[V] + _dist_rows(S), derived=[V2] + _dist_rows(S2), size=size)
                for params, ((S, V), (S2, V2)), size in _thmI_data()]),
            Numeric("the chi-square tail's two closed forms (erfc / Poisson sum and incomplete gamma) decide the "
                    "bound alike at t = 1, 2", _tails_agree),
            named_grid(name, _appI_points, lambda p: HOLDS))


#: Theorem I.1 and Eq. (52) rest on the proof's normal approximation ('When n is large enough')
GAUSS_CONDITION = ("n large enough that (f_hat(x) - f(x))/sqrt(Var) is standard normal -- the normal approximation the "
                   "proof of Appendix I makes ('When n is large enough'); the exact discrete distributions at n = 1, 2 "
                   "violate the bound")


def _gauss_tail(tt, c, via_gamma=False):
    """Pr(chi^2_t >= t c): the n -> oo limit of Pr(S(x) >= c Var) for one value of interest (t iid rounds).
    Two closed forms: erfc / the finite Poisson sum, or the regularised upper incomplete gamma function."""
    y = sympy.Integer(tt) * c / 2
    if via_gamma:
        return sympy.uppergamma(sympy.Rational(tt, 2), y) / sympy.gamma(sympy.Rational(tt, 2))
    if tt == 1:
        return sympy.erfc(sympy.sqrt(y))
    return sympy.exp(-y) * sum(y**j / sympy.factorial(j) for j in range(tt // 2))


record(id="pan-cms/thmI.1", root_cause="appI.normal-approx", location="Appendix I, Theorem I.1",
       statement="If every value of interest has MSE <= V, then Pr(MSE-bar >= [1 + (2/t)(sqrt(t log(20|x|)) + "
                 "log(20|x|))] V) <= 0.05.",
       printed=PT.thmI1_printed, derived=T.thmI1_statement_derived,
       derivation="derivations.pan_cms.tables.thmI1_markov_factor",
       kind="statement",
       assumptions="V = the largest MSE among the values of interest (the smallest admissible V); t iid rounds; exact "
                   "distributions of HE (d = 2, 3) with n = 1, 2 clients (outside the condition); the n -> oo normal "
                   "limit (chi-square tails, |x| = 1) inside it",
       condition=GAUSS_CONDITION,
       note="The proof replaces f_hat by a Gaussian ('n large enough'); with the exact distribution the bound fails, "
            "e.g. HE, d = 2, e^eps = 12, one client holding x: S = 12 V with probability 1/13 > 0.05.  Markov and a "
            "union bound give the valid Pr(max_x S(x) >= 20|x| V) <= 0.05 for every n and t.  In the normal limit "
            "the bound is Laurent-Massart plus a union bound.",
       steps=_appI_steps("Pr(MSE-bar >= c V) <= 0.05 on exact distributions (n = 1, 2) and in the normal limit "
                         "(n -> oo)"))


record(id="pan-cms/eq52", root_cause="appI.normal-approx", location="Appendix I, Eq. (52)",
       statement="Pr(MSE-bar < [1 + (2/t)(sqrt(t alpha) + alpha)] V) > (1 - e^-alpha)^|x|.",
       printed=PT.eq52_printed, derived=T.eq52_derived,
       derivation="derivations.pan_cms.tables.thmI1_markov_factor", kind="statement",
       assumptions="alpha = log(20|x|) (so the right side is (1 - 1/(20|x|))^|x|, rational); exact distributions of HE "
                   "with n = 1, 2 clients (outside the condition); the n -> oo normal limit (|x| = 1) inside it",
       condition=GAUSS_CONDITION,
       note="Under exact Gaussianity the product bound follows from the Gaussian correlation inequality; the exact "
            "discrete distributions violate it.  A valid bound for every n: Pr(max_x S(x) < c V) >= 1 - |x|/c.",
       steps=_appI_steps("Pr(MSE-bar < c V) > (1 - e^-alpha)^|x| on exact distributions (n = 1, 2) and in the normal "
                         "limit (n -> oo)"))


# ==== Appendix H (data source of Section 5.1) ====================================================
def _eq31_claim(row, m, mm_of_e, es, ds, statement, assumptions):
    """A claim 'row's n Var is Eq. (31) at m': Eq. (31) vs the derived n Var, and n MSE of f_hat(0) of the exact
    mechanism (n = 2) vs the claim's forms at f(x) = counts[0]/2."""
    def points():
        for e in es:
            mm = mm_of_e(e)
            for dd in ds:
                for counts in ((2,) + (0,) * (dd - 1), (1, 1) + (0,) * (dd - 2), (0, 2) + (0,) * (dd - 2)):
                    yield Point({"d": dd, "exp_eps": e, "m": mm, "counts": counts},
                                facts={"f(x)": R(counts[0], 2), "exp_eps": e}, size=(dd, e, counts[0]))

    def oracle(point):
        dd, e, counts = point.params["d"], point.params["exp_eps"], point.params["counts"]
        mech = he_mech(dd, e) if row == "HE" else cms_mech(dd, point.params["m"], e)
        return 2 * moments.mse(mech, counts)[0]

    record(id=f"pan-cms/appH.{row.lower()}-eq31", location=f"Appendix H, accuracy of {row}", statement=statement,
           printed=PT.eq31_form(row, m),
           derived=functools.partial(F.appH_eq31_derived, row, m),
           derivation="derivations.pan_cms.tables.cms_rr_nvar", assumptions=assumptions,
           steps=(Symbolic("Eq. (31) vs the derived n Var", part=_rhs),
                  named_grid(f"{row}: n MSE of f_hat(0) (exact mechanism) vs Eq. (31)", points, oracle)))


_eq31_claim("HE", 2, lambda e: 2, (R(2), R(3)), (2, 3, 4),
            "HE is the unbiased CMS+RR with m = 2, so Eq. (31) at m = 2 gives its variance (hence its MSE, l1 and l2).",
            "HE = Hadamard family (collision rate 1/2), binary RR, Eq. (2); n = 2 clients, datasets with f(x) in "
            "{0, 1/2, 1}")
_eq31_claim("OLH", 1 + E, lambda e: int(1 + e), (R(2), R(3)), (2, 3),
            "OLH is the unbiased CMS with m = 1 + e^eps, so Eq. (31) gives its variance.",
            "pairwise-independent linear family, m = 1 + e^eps (integer), RR, Eq. (2); n = 2 clients")


record(id="pan-cms/appH.rhr-mse", location="Appendix H, accuracy of RHR",
       statement="RHR's worst-case MSE can be worse than HE's, so it is Omega(((e^eps+1)/(e^eps-1))^2).",
       printed=PT.table1_rhr_mse_printed, derived=T.table1_rhr_mse_derived,
       derivation="derivations.pan_cms.tables.rhr_worst_mse", kind="statement",
       assumptions="RHR of Section 4.3 with b bits, unbiased linear decoder, d > 2^(b-1)",
       steps=(rhr_mse_model("RHR worst-case n MSE: exact vs derived"), rhr_mse_grid("RHR's worst-case MSE >= HE's")))


record(id="pan-cms/appH.cms-he", root_cause="appH.cms-he-m1-limit", location="Appendix H, accuracy of CMS+HE",
       statement="CMS+HE is equivalent to HE (Section 4.5), so its l1, l2 and MSE are HE's.",
       printed=PT.appH_cms_he_printed,
       derived=F.appH_cms_he_derived,
       derivation="derivations.pan_cms.tables.cms_coefficients",
       assumptions="CMS+HE = pairwise hash to [m_1] then HE, decoded by Eq. (8) (m' = 2 m_1/(m_1 + 1))",
       condition="m_1 -> oo (for finite m_1 the collision rate is (m_1 + 1)/(2 m_1), not 1/2)",
       note="Finite m_1: n MSE = (4 m_1^2 e/(e-1)^2 + m_1^2 - 1)/(m_1 - 1)^2 > ((e+1)/(e-1))^2.",
       steps=(Identity("CMS+HE's derived n MSE tends to HE's ((e+1)/(e-1))^2 as m_1 -> oo",
                       lambda forms: T.limit_at_oo(forms.derived().rhs, T.m1), lambda forms: ((E + 1) / (E - 1)) ** 2,
                       reads_forms=True),
              Symbolic("printed (HE's) n MSE vs CMS+HE's derived finite-m_1 n MSE", part=_rhs),
              table1_grid("CMS+HE", "mse", "CMS+HE worst-case n MSE (exact) vs HE's")))


def _ss_pq_points():
    for dd in (3, 4, 5):
        for kk in range(1, dd):
            for e in (R(2), R(5, 2)):
                yield Point({"d": dd, "k": kk, "exp_eps": e}, size=(dd, kk, e))


def _ss_pq_exact(point):
    from ldpref.mechanisms.pure import support_probabilities
    proto = subset_selection(point.params["d"], point.params["k"], point.params["exp_eps"])
    return list(support_probabilities(proto.mechanism, proto.supports))


record(id="pan-cms/appH.ss-pq", location="Appendix H, Subset Selection",
       statement="Subset Selection has p = k e/(k e + d - k) and q = p (k-1)/(d-1) + (d-k)/(k e + d - k) k/(d-1).",
       printed=PT.appH_ss_pq_list_printed, derived=F.appH_ss_pq_list_derived,
       derivation="derivations.pan_cms.tables.ss_pq",
       assumptions="k-subsets of [d] weighted e^eps (holding the input) or 1; p = P(v in S | v), "
                   "q = P(v in S | v' != v)",
       steps=(Symbolic("printed (p, q) vs subset counting"),
              named_grid("(p, q) read off the exact SS mechanism", _ss_pq_points, _ss_pq_exact)))


def _ss_var_points():
    for dd in (3, 4, 6):
        for kk in range(1, dd):
            for e in (R(2), R(3)):
                mech = subset_selection(dd, kk, e).mechanism
                W = moments.per_client_variance_coefficients(mech)
                dom = mech.domain
                slope = dom.to_sympy(W[0][0]) - dom.to_sympy(W[0][1])
                yield Point({"d": dd, "k": kk, "exp_eps": e, "slope": slope},
                            facts={ST.DVAR.name: slope, "d": dd, "k": kk, "exp_eps": e},
                            in_condition=(kk * (e + 1) == dd), size=(dd, kk, e))


record(id="pan-cms/appH.ss-var-increasing", root_cause="appH.ss-k", location="Appendix H, Subset Selection",
       statement="For SS, Var(f_hat(x)) increases with f(x), so its worst-case MSE is at f(x) = 1.",
       printed=PT.appH_ss_var_printed, derived=T.appH_ss_var_derived,
       derivation="derivations.pan_cms.tables.pure_coefficients", kind="statement",
       assumptions="n Var = f w_eq + (1 - f) w_neq is linear in f(x) with slope w_eq - w_neq, the per-client variances "
                   "of the exact mechanism (holder minus others); for a pure protocol it has the sign of 1 - p - q",
       condition="k = d/(e^eps + 1) (the appendix's k, where p = 1/2 and p + q < 1); for large k (e.g. d = 3, k = 2) "
                 "p + q > 1 and the variance decreases with f(x)",
       steps=(named_grid("n Var of f_hat(x) increases with f(x) (exact per-client variances)", _ss_var_points,
                         lambda p: HOLDS),))


def _rp_points():
    for row, es in (("a-RP", (R(2), R(3))), ("s-RP", (R(4), R(9)))):
        for e in es:
            for dd in (2, 3, 4):
                one = moments.mse(row_mech(row, dd, e), (1,) + (0,) * (dd - 1))  # n = 1: value 0 has f = 1
                p, q = T.rp_pq(row, e)
                yield Point({"row": row, "d": dd, "exp_eps": e},
                            facts={ST.VAR_F1.name: one[0], ST.VAR_F0.name: one[1], "p": p, "q": q,
                                   ST.N_MSE.name: exact_losses(row, dd, e)[0]}, size=(dd, e))


record(id="pan-cms/appH.rp-worst", location="Appendix H, a-RP and s-RP",
       statement="The worst-case variance of a-RP and s-RP is the larger of the f(x) = 0 and f(x) = 1 values.",
       printed=PT.appH_rp_worst_printed, derived=T.appH_rp_worst_derived,
       derivation="derivations.pan_cms.tables.pure_coefficients", kind="statement",
       assumptions="OUE and SUE on [d] with their unbiased decoders; worst case over all datasets (the MSE is linear "
                   "in the counts); the printed form is evaluated at the exact n Var of the endpoints f(x) = 0, 1, the "
                   "derived one at the protocol's support probabilities p, q",
       steps=(named_grid("worst case over all datasets vs the form", _rp_points,
                         lambda p: exact_losses(p.params["row"], p.params["d"], p.params["exp_eps"])[0]),))
