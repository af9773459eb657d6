"""pan-strict claim checks: Sections 2.3-2.4 (extremal and symmetric configurations, the Eq. (5) estimator and
Theorem 2.5; the uniformly-random-permutation (URP) transform is ``framework_urp``).

Our copy lost every formula: each printed form is "not available in our copy".  Each check records exact
identities and instance-by-instance agreement with exact enumeration of real mechanisms (shared builders in
``proofs_checks.pan_strict.framework``).
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from functools import cache

import numpy as np
import sympy

import derivations.pan_strict.framework as D
import derivations.pan_strict.framework_symmetric_moments as DS
import derivations.pan_strict.printed_framework as PR
from ldpref import enumeration, privacy
from ldpref.exact import EXP_EPS
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Note, Point, precomputed
from ldpref.ledger.forms import evaluate
from ldpref.mechanism import Mechanism
from ldpref.mechanisms.pure import support_probabilities
from ldpref.random_mechanisms import random_perturbation_matrix

from .urp_l1 import _l1_comparison, l1_counterexample_mechanism  # noqa: F401 (re-exported: tests import them here)
from .framework import (SEED, PureCase, R, _datasets, _distribution, _pure_grid, _support_matrix,
                        complementary_pairs_mechanism, cyclic_constant_support_mechanism, one_and_two_clients,
                        response_outcomes)
from .matrix_forms import _shapes, at, cancel_each, mat_at, mat_at_facts

# ---------------------------------------------------------------------------------------------
# Section 2.3: extremal configurations
@cache
def _extremal_grid():
    """(name, P, e^eps, support matrix or None when it must be read off P)."""
    rng = np.random.default_rng(SEED + 23)
    grid = []
    for case in _pure_grid() + [PureCase("oue", 3, EXP_EPS)]:
        m = case.protocol.mechanism
        grid.append((case.name, m.perturbation_matrix(), case.exp_eps, _support_matrix(case.protocol.supports, m.d)))
    for d, e, pairs in [(3, R(5, 2), 2), (4, 3, 3)]:
        P, S, _ = complementary_pairs_mechanism(rng, d, e, pairs)
        grid.append((f"pairs d={d} e={e}", P, sympy.sympify(e), S))
    P, S, _ = complementary_pairs_mechanism(rng, 3, EXP_EPS, 2)
    grid.append(("pairs d=3 (symbolic)", P, EXP_EPS, S))
    return grid


def _def2_3_points():
    """The extremal grid and two generic random mechanisms (three or more distinct values in some row); ``data`` =
    (P, exact: every row's distinct values are {p_u, e p_u}, e^eps)."""
    rng = np.random.default_rng(SEED + 231)
    randoms = [random_perturbation_matrix(rng, d, U) for d, U in [(3, 3), (3, 4)]]  # |U| x d
    cases = [(name, P, e) for name, P, e, S in _extremal_grid()] + [
        (f"random d={P.shape[1]} |U|={P.shape[0]}", P, privacy.exp_eps(Mechanism(P.tolist()))) for P in randoms]
    for name, P, e in cases:  # every entry of a row p_u or e^eps p_u (two values), p_u its base probability
        holds = all(sympy.cancel(v / base) in (1, e)
                    for u in range(P.shape[0]) for base in [_row_min(P.row(u), e)] for v in P.row(u))
        yield Point({"mechanism": name}, data=(P, holds, e), size=(P.shape[1], P.shape[0]))


def _extremal_by_form(form, point):
    """The form at every entry of P, with p_u the row's base probability (a row repeats its two values)."""
    P, _, e = point.data
    truth = {}
    for u in range(P.shape[0]):
        p_u = sympy.cancel(_row_min(P.row(u), e))
        for v in P.row(u):
            at_ = (sympy.cancel(v), p_u)
            if at_ not in truth:
                truth[at_] = evaluate(form, {D.P_entry: at_[0], D.p_u: p_u, D.e_sym: e})
            if not truth[at_]:
                return False
    return True


record(
    id="pan-strict/def2.3",
    location="Section 2.3, Definition 2.3",
    statement="An eps-LDP mechanism is extremal iff every output u takes only two probabilities over the inputs, "
              "a base probability p_u and e^eps p_u.",
    derived=D.def2_3_form,
    derivation="derivations.pan_strict.framework.extremal_parts",
    steps=(Grid("extremal by the definition vs the (base, support) reading", _def2_3_points,
                lambda point: point.data[1], value=_extremal_by_form),))


def _row_min(row, e):
    """The base probability of an extremal row: the entry every other entry equals or exceeds by e."""
    for cand in row:
        if all(sympy.cancel(v / cand) in (1, e) for v in row):
            return cand
    return min(row) if all(v.is_Rational for v in row) else row[0]


def _eq3_points():
    """Per mechanism of the extremal grid: P rebuilt by the form from the parts read off it, and (a model point, no
    form) the support matrix read off P against the one it was built from."""
    for name, P, e, S in _extremal_grid():
        base, S_read = D.extremal_parts(P, e)
        size = (P.shape[1], P.shape[0])
        yield Point({"mechanism": name}, facts={D.diag_p_M: sympy.diag(*base), D.S_M: S_read,
                                                 D.J_M: sympy.ones(*P.shape), D.e_sym: e, **_shapes(P)},
                    data=cancel_each(P), size=size)
        yield Point({"mechanism": name, "check": "support matrix (constant rows read as empty support)"},
                    data=D.normalise_constant_rows(S), size=size, model=S_read)


record(
    id="pan-strict/eq3",
    location="Section 2.3, Eq. (3)",
    statement="An extremal perturbation matrix factors as P = diag(p) ((e^eps - 1) S + J) with S the 0/1 "
              "support matrix and p the base probabilities.",
    derived=D.eq3_matrix_form,
    derivation="derivations.pan_strict.framework.extremal_matrix",
    steps=(Grid("P == diag(p)((e^eps - 1) S + J)", _eq3_points, precomputed, value=mat_at_facts),))


def _support_sizes_by_form(form, point):
    S = point.data[1]
    return [D.def2_4_at(form, list(S.row(u))) for u in range(S.shape[0])]


def _def2_4_points():
    for case in _pure_grid() + [PureCase("ss", 5, 2, k=3)]:
        proto, m = case.protocol, case.protocol.mechanism
        base, S = D.extremal_parts(m.perturbation_matrix(), case.exp_eps)
        yield Point({"mechanism": case.name}, data=([len(s) if len(s) < m.d else 0 for s in proto.supports], S),
                    size=(m.d,))


record(
    id="pan-strict/def2.4",
    location="Section 2.3, Definition 2.4",
    statement="The support set of an output u of an extremal mechanism is the set of inputs with probability "
              "e^eps p_u; its support size k_u is the cardinality.",
    derived=D.def2_4_form,
    derivation="derivations.pan_strict.framework.support_sizes",
    note="a constant output (unary encodings' all-zero / all-one vectors) is extremal with support size 0 or d "
         "(both readings satisfy Definition 2.3); it is counted as 0 on both sides",
    steps=(Grid("support sizes read off P vs the protocols' support sets", _def2_4_points, lambda point: point.data[0],
                value=_support_sizes_by_form),))


def _lemma2_1_points():
    """exact: the probability that input x yields a response supporting x, and the base mass supporting x."""
    for name, P, e, S in _extremal_grid():
        base, S_read = D.extremal_parts(P, e)
        for x in range(P.shape[1]):
            self_support = sympy.cancel(sum(P[u, x] * S_read[u, x] for u in range(P.shape[0])))
            support_mass = sympy.cancel(sum(base[u] * S_read[u, x] for u in range(P.shape[0])))
            yield Point({"mechanism": name, "x": x}, facts={D.base_sum: sum(base), D.e_sym: e},
                        data=[support_mass, self_support], size=(P.shape[1], P.shape[0], x))


record(
    id="pan-strict/lemma2.1",
    location="Section 2.3, Lemma 2.1",
    statement="For an eps-LDP extremal configuration, sum_u p_u S[u, x] = (1 - sum_u p_u)/(e^eps - 1) for every "
              "input x; so the self-support probability p* = e^eps (1 - sum_u p_u)/(e^eps - 1) is the same for "
              "every input.",
    derived=D.lemma2_1_forms,
    derivation="derivations.pan_strict.framework.lemma2_1_support_mass",
    steps=(Grid("self-support probability of every input vs e^eps (1 - sum p)/(e^eps - 1)", _lemma2_1_points,
        precomputed, value=lambda form, point: list(at(form, point.facts))),))


@cache
def _splits():
    """Seeded random mechanisms split into extremal ones (the split of Section 2.3 generalised): per mechanism a
    point -- its facts (P, Q, e^eps, whether P lacks an extremal configuration) are what the statements read, and
    ``data`` whether the split mechanism is e^eps-LDP, every row takes two values a ratio e^eps apart, the split rows
    add back to P, and f_hat has the same distribution (enumeration) on every dataset of <= 2 clients -- and the
    output counts before and after the split."""
    rng = np.random.default_rng(SEED + 24)
    out = []
    for d, U in [(2, 3), (3, 3), (3, 4)]:
        P = random_perturbation_matrix(rng, d, U)
        m = Mechanism(P.tolist(), name=f"random d={d}")
        e = privacy.exp_eps(m)
        Q = m.decoder_matrix()
        Pn, Qn, parent = D.decompose_extremal(P, Q, e)
        mn = Mechanism(Pn.tolist(), Qn.tolist(), name="extremal")
        two_valued = all(len({sympy.cancel(v) for v in Pn.row(j)}) <= 2 and
                         sympy.cancel(max(Pn.row(j)) / min(Pn.row(j))) in (1, e) for j in range(Pn.shape[0]))
        adds_back = P == sympy.Matrix([[sum(Pn[j, x] for j in range(Pn.shape[0]) if parent[j] == u) for x in range(d)]
                                       for u in range(U)])
        same = all(_distribution(mn, c) == _distribution(m, c) for c in _datasets(d, 2))
        exact = bool(privacy.exp_eps(mn) <= e and two_valued and adds_back and same)
        params = {"d": d, "|U|": U, "lacks_extremal": D.extremal_parts(P, e) is None, "P": P, "Q": Q, "e": e}
        out.append((Point(params, data=exact, size=(d, U)), f"d={d}: {U} -> {Pn.shape[0]} outputs"))
    return out


record(
    id="pan-strict/thm2.4",
    location="Section 2.3, Theorem 2.4 (cited from Kairouz et al.; informal splitting argument)",
    statement="Any eps-LDP frequency estimator can be transformed into one with an extremal configuration: each "
              "output splits into extremal outputs, each decoded like the original, so the estimator is unchanged.",
    printed=PR.thm2_4_printed,
    derived=D.thm2_4_predicate,
    derivation="derivations.pan_strict.framework.decompose_extremal",
    kind="statement",
    note="Printed statement: the words of Theorem 2.4 survive in our copy.  At each non-extremal estimator it asserts "
         "an extremal one with the same estimates exists; the exact side builds the split mechanism and compares "
         "the two distributions of f_hat by enumeration.",
    assumptions="every entry of P positive (finite eps); the split of Section 2.3 generalised: one extremal part per "
                "distinct level of a row, plus a constant part",
    steps=(Grid("extremal decomposition: same e^eps, same distribution of f_hat (exact enumeration)",
                lambda: (point for point, _ in _splits()), precomputed),
           Note(lambda: "output counts after the split: " + "; ".join(size for _, size in _splits())
                + " (at most d + 1 parts per output)")))


# ---------------------------------------------------------------------------------------------
# Section 2.4: symmetric configurations, the Eq. (5) estimator, Theorem 2.5
def _symmetric_grid():
    """:class:`PureCase` protocols with known support sets, p, q: exact and symbolic e^eps."""
    return _pure_grid() + [PureCase("grr", 3, EXP_EPS), PureCase("ss", 4, EXP_EPS, k=2)]


def _def2_5_points():
    """The symmetric grid (exact: ldpref reads (p, q) off every pair of inputs of the real mechanism, raising if it
    is not pure) and one cyclic orbit per (d, k) (exact: is it symmetric)."""
    for case in _symmetric_grid():
        name, proto = case.name, case.protocol
        m = proto.mechanism
        yield Point({"mechanism": name}, data=([sympy.cancel(v) for v in support_probabilities(m, proto.supports)],
                                               _support_matrix(proto.supports, m.d), m.perturbation_matrix(), False),
                    size=(m.d, m.n_outputs))
    rng = np.random.default_rng(SEED + 25)
    for d, k in [(4, 2), (5, 2)]:
        P, S, _ = cyclic_constant_support_mechanism(rng, d, k, 3, 1)
        m = Mechanism(P.tolist(), sympy.zeros(d, P.shape[0]).tolist())  # any decoder: only P matters here
        try:
            support_probabilities(m, [[x for x in range(d) if S[u, x]] for u in range(S.shape[0])])
            exact = True
        except ValueError:
            exact = False
        yield Point({"mechanism": f"one cyclic orbit d={d} k={k}"}, data=(exact, S, P, True), size=(d, S.shape[0]))


def _symmetric_by_form(form, point):
    """Does S^T P have the form's shape (p* - q*) I + q* J, p* and q* read off it?  (p*, q*), or None; for a
    cyclic orbit, whether it does."""
    _, S, P, as_truth = point.data
    M = cancel_each(S.T * P)
    guess = mat_at(form, {D.p_star: M[0, 0], D.q_star: M[0, 1], D.d_sym: M.shape[0]})
    found = [M[0, 0], M[0, 1]] if M == guess else None
    return (found is not None) if as_truth else found


record(
    id="pan-strict/def2.5",
    location="Section 2.4, Definition 2.5",
    statement="A mechanism has a symmetric configuration iff the probability that input x yields a response "
              "supporting v is a constant p* when v = x and a constant q* when v != x.",
    derived=D.eq4_matrix_form,
    derivation="derivations.pan_strict.framework.symmetric_pq",
    steps=(Grid("(p*, q*) from S^T P vs ldpref's support probabilities", _def2_5_points, lambda point: point.data[0],
        value=_symmetric_by_form),))


def _eq4_points():
    for case in _symmetric_grid():
        name, proto = case.name, case.protocol
        m = proto.mechanism
        S = _support_matrix(proto.supports, m.d)
        yield Point({"mechanism": name}, facts={D.p_star: proto.p, D.q_star: proto.q, D.d_sym: m.d},
                    data=cancel_each(D.support_probability_matrix(S, m.perturbation_matrix())), size=(m.d, m.n_outputs))


record(
    id="pan-strict/eq4",
    location="Section 2.4, Eq. (4)",
    statement="Matrix form of Definition 2.5: S^T P = (p* - q*) I + q* J (the support probability matrix).",
    derived=D.eq4_matrix_form,
    derivation="derivations.pan_strict.framework.support_probability_matrix",
    steps=(Grid("S^T P vs (p* - q*) I + q* J", _eq4_points, precomputed,
        value=mat_at_facts),))


@cache
def _eq5_points():
    """Per symmetric protocol and dataset: ``data`` is (d, counts, p*, q*, exact mean, exact variance) of the Eq. (5)
    estimator, by enumeration of the real mechanism."""
    rows = []
    for case in _symmetric_grid():
        name, proto = case.name, case.protocol
        m = proto.mechanism
        S = _support_matrix(proto.supports, m.d)
        p, q = proto.p, proto.q
        me = m.with_decoder(cancel_each(D.eq5_decoder(S, p, q)).tolist(), name=name + " eq5")
        grid = (one_and_two_clients(m.d) if case.exp_eps.free_symbols
                else [c for c in _datasets(m.d, 2) if m.d <= 4 or max(c) == sum(c)])
        for counts in grid:
            mom = enumeration.enumerated_moments(me, counts)
            rows.append(Point({"mechanism": name, "counts": counts}, size=(m.d, sum(counts)),
                              data=(m.d, counts, p, q, [sympy.cancel(v) for v in mom["mean"]],
                                    [sympy.cancel(v) for v in mom["variance"]])))
    return rows


def _eq7_value(form, point):
    d, counts, *_ = point.data
    return [at(form, {D.f_v_s: R(c, sum(counts))}) for c in counts]


def _eq8_value(form, point):
    d, counts, p, q, *_ = point.data
    n_c = sum(counts)
    return [_eq8_at(form, p, q, R(c, n_c), n_c) for c in counts]


@functools.lru_cache(maxsize=4096)
def _eq8_at(form, p, q, f_v, n_c):
    """Eq. (8) at one (p*, q*, f_v, n), once (a dataset's values share few frequencies)."""
    return at(form, {D.p_star: p, D.q_star: q, D.f_v_s: f_v, D.n: n_c})


_EQ7_GRID = Grid("E[f_hat_v] by enumeration", _eq5_points, lambda point: point.data[4], value=_eq7_value)
_EQ8_GRID = Grid("Var[f_hat_v] by enumeration", _eq5_points, lambda point: point.data[5], value=_eq8_value)


def _support_fractions(proto, kvec, n_c) -> list:
    """Per value v, the fraction of the n responses whose support set holds v (read off the protocol's sets)."""
    return [R(sum(kvec[u] for u, s in enumerate(proto.supports) if v in s), n_c) for v in range(proto.mechanism.d)]


def _eq5_response_points():
    """Responses of small pure protocols: exact ldpref's support-set decoder applied to the response frequencies;
    the form per value at that value's support fraction."""
    for name, proto, counts, outcomes in response_outcomes(_pure_grid()[:4], 5):
        m, n_c = proto.mechanism, sum(counts)
        Qm = m.decoder_matrix()  # ldpref's pure-protocol decoder, built independently from the support sets
        for kvec, nu in outcomes:
            yield Point({"mechanism": name, "responses": kvec},
                        facts={"per value": [{D.support_fraction: fr, D.p_star: proto.p, D.q_star: proto.q}
                                             for fr in _support_fractions(proto, kvec, n_c)]},
                        data=list((Qm * nu).applyfunc(sympy.cancel)), size=(m.d, n_c))


record(
    id="pan-strict/eq5",
    location="Section 2.4, Eq. (5)",
    statement="The reconstruction of Wang et al.: f_hat_v = (fraction of responses supporting v - q*)/(p* - q*).",
    derived=D.eq5_value_form,
    derivation="derivations.pan_strict.framework.eq5_decoder",
    steps=(Grid("Eq. (5) per value vs ldpref's support-set decoder applied to the response frequencies",
        _eq5_response_points, precomputed,
        value=lambda form, point: [at(form, facts) for facts in point.facts["per value"]]),))


def _eq6_points():
    """The same responses: Eq. (5) evaluated value by value from the support sets against the matrix form."""
    for name, proto, counts, outcomes in response_outcomes(_pure_grid()[:4], 5):
        m, n_c = proto.mechanism, sum(counts)
        S = _support_matrix(proto.supports, m.d)
        for kvec, nu in outcomes:
            direct = [(fr - proto.q) / (proto.p - proto.q) for fr in _support_fractions(proto, kvec, n_c)]
            yield Point({"mechanism": name, "responses": kvec},
                        facts={D.S_M: S, D.nu_M: nu, D.p_star: proto.p, D.q_star: proto.q, D.U_sym: S.shape[0],
                               D.d_sym: m.d}, data=direct, size=(m.d, n_c))


record(
    id="pan-strict/eq6",
    location="Section 2.4, Eq. (6)",
    statement="Matrix form of Eq. (5): f_hat = (S^T nu - q* 1)/(p* - q*).",
    derived=D.eq6_matrix_form,
    derivation="derivations.pan_strict.framework.eq5_decoder",
    steps=(Grid("Eq. (5) per value vs the matrix form Eq. (6)", _eq6_points, precomputed,
        value=lambda form, point: list(mat_at(form, point.facts))),))


record(
    id="pan-strict/thm2.5",
    location="Section 2.4, Theorem 2.5 (Eqs. (7)-(8), from Wang et al.)",
    statement="The Eq. (5) estimator of a symmetric configuration is unbiased with Var[f_hat_v] = "
              "(f_v p*(1-p*) + (1-f_v) q*(1-q*))/(n (p* - q*)^2).",
    derived=DS.thm2_5_forms,
    derivation="derivations.pan_strict.framework.symmetric_variance",
    assumptions="symmetric configuration; the support count of v is Bin(n f_v, p*) + Bin(n(1 - f_v), q*)",
    steps=(dataclasses.replace(_EQ7_GRID, part=operator.itemgetter(0)),
           dataclasses.replace(_EQ8_GRID, part=operator.itemgetter(1))))


record(
    id="pan-strict/eq7",
    location="Section 2.4, Eq. (7)",
    statement="E[f_hat_v] = f_v for the Eq. (5) estimator of a symmetric configuration.",
    derived=D.eq7_value_form,
    derivation="derivations.pan_strict.framework.symmetric_variance",
    steps=(_EQ7_GRID,))


record(
    id="pan-strict/eq8",
    location="Section 2.4, Eq. (8)",
    statement="Var[f_hat_v] = (f_v p*(1-p*) + (1-f_v) q*(1-q*))/(n (p* - q*)^2).",
    derived=D.eq8_value_form,
    derivation="derivations.pan_strict.framework.symmetric_variance",
    steps=(_EQ8_GRID,))
