"""pan-strict claim checks: Section 3 (strict optimality), Appendix B, Proposition 1, Claim 2.1 /
Theorem 2.9 (existence of an optimal symmetric estimator) and the numeric statements of Section 1.

Our copy lost every formula: each printed form is "not available in our copy".  Every derived formula
(``derivations/pan_strict/optimality.py``) is confirmed on real mechanisms: Subset Selection (an OSC of
support size k), cyclic difference-set designs (Fano plane ...), URP transforms of constant-support
extremal mechanisms built over all d! permutations, and random eps-LDP mechanisms with Moore-Penrose,
URP-optimal and random unbiased decoders.  Optima are checked by calculus (sympy) and by exhaustive
search over integer support sizes on the exact engine.
"""

from __future__ import annotations

import functools
from functools import cache

import numpy as np
import sympy

import derivations.pan_strict.framework as F
import derivations.pan_strict.framework_urp_optimum as DU
import derivations.pan_strict.optimality as O
import derivations.pan_strict.printed_framework as PR
from ldpref import enumeration, losses
from ldpref.dataset import vertex as _vertex
from ldpref.exact import EXP_EPS, cancel
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Note, Point, precomputed
from ldpref.mechanism import Mechanism
from ldpref.mechanisms import subset_selection

from .framework import _support_matrix, complementary_pairs_mechanism, urp_mechanism
from .matrix_forms import at, cancel_each, mat_at_facts

SEED = 20260602
R = sympy.Rational
E = EXP_EPS


# ---------------------------------------------------------------------------------------------
# The OSC zoo: real mechanisms with an optimal symmetric configuration
def _ss_member(d, k, e) -> tuple:
    """(name, d, k, e^eps, Mechanism, P, S) of real Subset Selection (its own decoder is Eq. (5)); the name derives
    from (d, k, e^eps)."""
    ss, e = subset_selection(d, k, e), sympy.sympify(e)
    m = ss.mechanism
    name = f"ss d={d} k={k} " + ("(symbolic e^eps)" if e.free_symbols else f"e={e}")
    return name, d, k, e, m, m.perturbation_matrix(), _support_matrix(ss.supports, d)


@cache
def _osc_zoo():
    """(name, d, k, e^eps, Mechanism with the Eq. (5) decoder, P, S) -- every entry exact."""
    zoo = [_ss_member(d, k, e)
           for d, k, e in [(3, 1, 2), (4, 2, 3), (5, 2, 2), (5, 3, R(3, 2)), (6, 2, 2), (4, 1, 3)]]
    for d, T, e, label in [(7, (0, 1, 3), 2, "Fano plane"), (7, (2, 4, 5, 6), 3, "Fano complement"),
                           (11, (1, 3, 4, 5, 9), 2, "Paley d=11")]:
        P, S = O.cyclic_design(d, T, e)
        p, q = F.symmetric_pq(S, P)
        m = Mechanism(P.tolist(), F.eq5_decoder(S, p, q).tolist(), name=label)
        zoo.append((f"{label} d={d} k={len(T)} e={e}", d, len(T), sympy.sympify(e), m, P, S))
    # URP of a non-symmetric constant-support mechanism (every d! permutation): an OSC
    P0, S0 = O.cyclic_design(4, (0, 1), 3)
    Pu, _, labels = F.urp_matrices(P0, sympy.zeros(4, 4))
    Su = F.urp_support_matrix(S0)
    p, q = F.symmetric_pq(Su, Pu)
    m = Mechanism(Pu.tolist(), F.eq5_decoder(Su, p, q).tolist(), outputs=labels, name="URP(cyclic {0,1} mod 4)")
    zoo.append(("URP of cyclic {0,1} mod 4, d=4 k=2 e=3", 4, 2, sympy.Integer(3), m, Pu, Su))
    return zoo


@cache
def _symbolic_zoo():
    out = [_ss_member(d, k, E) for d, k in [(3, 1), (4, 2)]]
    P, S = O.cyclic_design(7, (0, 1, 3), E)
    p, q = F.symmetric_pq(S, P)
    fano = Mechanism(P.tolist(), cancel_each(F.eq5_decoder(S, p, q), cancel).tolist())
    out.append(("Fano plane (symbolic e^eps)", 7, 3, E, fano, P, S))
    return out


# ---------------------------------------------------------------------------------------------
# Lemma B.1, Eqs. (16)-(19), Lemma 3.1
@cache
def _support_facts():
    """Per zoo member: (name, params, exact facts read off the real P, derived values)."""
    rows = []
    for name, d, k, e, m, P, S in _osc_zoo() + _symbolic_zoo():
        base, S_read = F.extremal_parts(P, e)
        p_read, q_read = F.symmetric_pq(S_read, P)
        pair = sympy.cancel(sum(base[u] * S_read[u, 0] * S_read[u, 1] for u in range(P.shape[0])) / sum(base))
        rows.append(dict(name=name, d=d, k=k, e=e, base_sum=sympy.cancel(sum(base)),
                         mass=sympy.cancel(sum(base[u] * S_read[u, 0] for u in range(P.shape[0]))),
                         p=sympy.cancel(p_read), q=sympy.cancel(q_read), pair=pair,
                         sizes=set(F.support_sizes(S_read)), U=P.shape[0]))
    return rows


def _zero_identity(name, residual) -> Identity:
    """``residual(form) == 0`` (a rational function of the derived form): proved by ``cancel`` when it vanishes; when
    it does not, its value at one rational point is recorded instead, so a wrong form fails without a slow
    ``simplify``."""
    def lhs(forms):
        value = sympy.cancel(residual(forms.derived()))
        probe = value.subs({O.d: 7, O.e: R(7, 3), O.n: 2, O.k: R(5, 2)}) if value.free_symbols else value
        return value if probe == 0 else probe

    return Identity(name, lhs, lambda forms: sympy.Integer(0), reads_forms=True)


MASS_X = sympy.Symbol(r"\sum_{u} p_u S_{u x}")  # the symbols of the Appendix B.3 forms
MASS_Y = sympy.Symbol(r"\sum_{u} p_u S_{u y}")
PAIR_XY = sympy.Symbol(r"\sum_{u} p_u S_{u x} S_{u y}")
#: the short names of the symbols of derivations.pan_strict.optimality
_NAMES = {"d": O.d, "k": O.k, "e": O.e, "n": O.n, "f_v": O.f_v, "t": O.t}


def _at(form, extra=None, **values):
    """A claim's form at one instance: ``d, k, e, n, f_v, t`` -> the symbols of derivations.pan_strict.optimality
    (:data:`_NAMES`); ``extra`` maps further symbols of the form to their values."""
    return at(form, {**{_NAMES[key]: v for key, v in values.items()}, **(extra or {})})


def _at_point(form, point):
    """The form at the point's facts: names d, k, e, n, f_v, t and further symbols (see :func:`_at`)."""
    names = {key: v for key, v in point.facts.items() if isinstance(key, str)}
    extra = {key: v for key, v in point.facts.items() if not isinstance(key, str)}
    return _at(form, extra or None, **names)


def _zoo_points(exact, symbols=None, names=("d", "k", "e")):
    """A point per member of the OSC zoo: ``data`` is ``exact(row)`` read off the real mechanism; the form is taken
    at the names ``names`` of the row (their symbols, :data:`_NAMES`) and at the further symbols ``symbols(row)``."""
    for r in _support_facts():
        facts = {_NAMES[key]: r[key] for key in names}
        facts.update(symbols(r) if symbols else {})
        yield Point({"mechanism": r["name"]}, facts=facts, data=exact(r), size=(r["d"], r["U"]))


def _facts_grid(name, exact, symbols=None, names=("d", "k", "e")):
    """A grid over the OSC zoo (:func:`_zoo_points`), the form at each point's facts."""
    return Grid(name, lambda: _zoo_points(exact, symbols, names), precomputed)


def _lemma_b1_points():
    yield from _zoo_points(lambda r: [r["base_sum"], r["mass"]])
    # also constant-support mechanisms that are NOT symmetric (Lemma B.1 needs no symmetry)
    for T in [(0, 1), (0, 2, 3)]:
        P, S = O.cyclic_design(5, T, 3)
        base, S_read = F.extremal_parts(P, 3)
        yield Point({"mechanism": f"cyclic {T} mod 5"}, facts={O.d: 5, O.k: len(T), O.e: 3},
                    data=[sum(base), sum(base[u] * S_read[u, 1] for u in range(5))], size=(5, 5))


record(
    id="pan-strict/appB.lemmaB.1",
    location="Appendix B.3, Lemma B.1",
    statement="An extremal configuration with constant support size k has sum_u p_u = d/(k e^eps + d - k) and "
              "sum_u p_u S[u, x] = k/(k e^eps + d - k) for every x.",
    derived=O.lemma_b1_form,
    derivation="derivations.pan_strict.optimality.lemma_b1_solution",
    steps=(Grid("base-probability sums read off real constant-support mechanisms", _lemma_b1_points,
                precomputed),))


record(
    id="pan-strict/appB.eq18",
    location="Appendix B.3, Eq. (18)",
    statement="Double counting sum_{u,x} p_u S[u,x]: by rows k sum_u p_u, by columns d sum_u p_u S[u,x].",
    derived=O.eq18_form,
    derivation="derivations.pan_strict.optimality.lemma_b1_solution",
    steps=(_facts_grid("k sum p == d sum_u p_u S[u,x] on real mechanisms", lambda r: r["base_sum"] * r["k"],
                       lambda r: {MASS_X: r["mass"]}, names=("d",)),))


record(
    id="pan-strict/appB.eq19",
    location="Appendix B.3, Eq. (19)",
    statement="Column sums of an extremal P: sum_u p_u + (e^eps - 1) sum_u p_u S[u, x] = 1.",
    derived=O.eq19_form,
    derivation="derivations.pan_strict.optimality.lemma_b1_solution",
    steps=(_facts_grid("column sums of the real P", lambda r: sympy.cancel(r["base_sum"] + (r["e"] - 1) * r["mass"]),
                       names=("e",)),))


record(
    id="pan-strict/appB.eq16",
    location="Appendix B.3, Eq. (16)",
    statement="p* = e^eps sum_u p_u S[u, x] for an extremal configuration.",
    derived=O.eq16_form,
    derivation="derivations.pan_strict.optimality.lemma3_1_form",
    steps=(_facts_grid("p* of the real mechanism vs e^eps sum_u p_u S[u,x]", lambda r: r["p"],
                       lambda r: {MASS_X: r["mass"]}, names=("e",)),))


record(
    id="pan-strict/appB.eq17",
    location="Appendix B.3, Eq. (17)",
    statement="q* = sum_u p_u S[u, y] + (e^eps - 1) sum_u p_u S[u, x] S[u, y] (x != y).",
    derived=O.eq17_form,
    derivation="derivations.pan_strict.optimality.lemma3_1_form",
    steps=(_facts_grid("q* of the real mechanism vs Eq. (17)", lambda r: r["q"],
                       lambda r: {MASS_Y: r["mass"], PAIR_XY: r["pair"] * r["base_sum"]}, names=("e",)),))


record(
    id="pan-strict/appB.3.pair",
    location="Appendix B.3 (variance argument)",
    statement="Sampling a row of S with probability p_u/sum p, its entries s_x have mean k/d and, since sum_x s_x = k "
              "has zero variance, Cov(s_x, s_y) = -Var(s_x)/(d-1); hence E[s_x s_y] = k(k-1)/(d(d-1)).",
    derived=O.pair_support_form,
    derivation="derivations.pan_strict.optimality.pair_support_mass",
    assumptions="symmetric configuration with constant support size k",
    steps=(_facts_grid("E[s_x s_y] of the real support matrix vs k(k-1)/(d(d-1))", lambda r: r["pair"],
                       names=("d", "k")),))


def _lemma3_1_points():
    yield from _zoo_points(lambda r: [r["p"], r["q"]])
    # Subset Selection's own (p, q) (ldpref, binomial-coefficient form) on a wider grid
    for d in range(3, 9):
        for k in range(1, d):
            ss = subset_selection(d, k, 3)
            yield Point({"mechanism": f"ss d={d} k={k} e=3 (ldpref p, q)"}, facts={O.d: d, O.k: k, O.e: 3},
                        data=[ss.p, ss.q], size=(d, k))


record(
    id="pan-strict/lemma3.1",
    location="Section 3, Lemma 3.1 (proof in Appendix B.3)",
    statement="An OSC with support size k has p* = k e^eps/(k e^eps + d - k) and "
              "q* = k(k e^eps - e^eps + d - k)/((d - 1)(k e^eps + d - k)).",
    derived=O.lemma3_1_form,
    derivation="derivations.pan_strict.optimality.osc_cross_support_probability",
    steps=(Grid("(p*, q*) read off real OSCs vs Lemma 3.1", _lemma3_1_points, precomputed),))


# ---------------------------------------------------------------------------------------------
# Lemma 3.2 / Eq. (11), Eq. (21)
@cache
def _variance_points():
    """Per real OSC and dataset: ``data`` is (d, k, e, counts, the exact variance vector by enumeration)."""
    rows = []
    for name, d, k, e, m, P, S in _osc_zoo() + _symbolic_zoo():
        datasets = [_vertex(d, 1), _vertex(d, 2), (1, 1) + (0,) * (d - 2)]
        if e.free_symbols or m.n_outputs > 30:
            datasets = datasets[:2] if m.n_outputs <= 30 else datasets[:1]
        for counts in datasets:
            var = [sympy.cancel(v) for v in enumeration.enumerated_moments(m, counts)["variance"]]
            rows.append(Point({"mechanism": name, "counts": counts}, data=(d, k, e, counts, var),
                              size=(d, m.n_outputs, sum(counts))))
    return rows


def _variance_value(form, point):
    """Eq. (11) at every value v of the point's dataset (one evaluation per distinct frequency)."""
    d, k, e, counts, _ = point.data
    n_c = sum(counts)
    return [_eq11_at(form, d, k, e, n_c, R(counts[v], n_c)) for v in range(d)]


@functools.lru_cache(maxsize=4096)
def _eq11_at(form, d, k, e, n_c, f_v):
    return _at(form, d=d, k=k, e=e, n=n_c, f_v=f_v)


#: what Lemma 3.2 and Eq. (11) share: one form, one grid
_EQ11_KW = dict(derived=O.eq11_form, derivation="derivations.pan_strict.optimality.osc_variance",
                steps=(Grid("Var[f_hat_v] by exact enumeration of real OSCs", _variance_points,
                            lambda point: point.data[4], value=_variance_value),))


record(
    id="pan-strict/lemma3.2",
    location="Section 3, Lemma 3.2 (Eq. (11))",
    statement="The variance of an OSC estimate as a function of (d, k, e^eps, n, f_v): Theorem 2.5 with the "
              "p*, q* of Lemma 3.1.",
    **_EQ11_KW)


record(
    id="pan-strict/eq11",
    location="Section 3, Eq. (11)",
    statement="Var[f_hat_v] of an OSC with support size k (Lemma 3.2).",
    **_EQ11_KW)


@cache
def _l2_points():
    """Real OSCs: ``data`` is the worst-case l2 (exact engine, all datasets); with symbolic e^eps the total variance
    at every vertex dataset (the same for every dataset)."""
    rows = []
    for name, d, k, e, m, P, S in _osc_zoo():
        for n_c in (1, 5):
            rows.append(Point({"mechanism": name, "n": n_c}, facts={"d": d, "k": k, "e": e, "n": n_c},
                              data=losses.worst_case_l2(m, n_c).value, size=(d, m.n_outputs, n_c)))
    for name, d, k, e, m, P, S in _symbolic_zoo()[:2]:
        for v in range(d):
            total = sympy.cancel(sum(enumeration.enumerated_moments(m, _vertex(d, 1, v))["variance"]))
            rows.append(Point({"mechanism": name, "vertex": v}, facts={"d": d, "k": k, "e": e, "n": 1}, data=total,
                              size=(d, m.n_outputs, 1)))
    return rows


record(
    id="pan-strict/appB.eq21",
    location="Appendix B.4, Eq. (21)",
    statement="The l2 loss of an OSC as a function of k: sum_v Var[f_hat_v], the same for every dataset "
              "(so the max over datasets can be dropped).",
    derived=O.eq21_form,
    derivation="derivations.pan_strict.optimality.osc_l2",
    steps=(_zero_identity("Eq. (21) == sum of Eq. (11) over v (derived from the model)",
                          lambda form: form.rhs - O._l2_symbolic()),
           Grid("worst-case l2 of real OSCs (ldpref, all datasets) vs Eq. (21)", _l2_points, precomputed,
                value=_at_point)))


def _osc_properties(P, e, m):
    """The properties Definition 3.1 names, read off the real mechanism."""
    parts = F.extremal_parts(P, e)
    if parts is None:
        return {"extremal": False, "symmetric": False, "constant_support": False, "eq5_decoder": False}
    base, S_read = parts
    pq = F.symmetric_pq(S_read, P)
    return {"extremal": True, "symmetric": pq is not None, "constant_support": len(set(F.support_sizes(S_read))) == 1,
            "eq5_decoder": pq is not None and m.decoder_matrix() == F.eq5_decoder(S_read, *pq)}


def _def3_1_points():
    """exact: whether each mechanism is an OSC by construction (Subset Selection, difference-set designs and URP
    transforms are; a cyclic non-difference-set design is not); both forms on the properties read off P."""
    cases = [(name, True, P, e, m, (d, m.n_outputs)) for name, d, k, e, m, P, S in _osc_zoo()]
    P, S = O.cyclic_design(4, (0, 1), 3)
    m = Mechanism(P.tolist(), sympy.zeros(4, 4).tolist())  # rank 3: no unbiased decoder exists
    cases.append(("cyclic {0,1} mod 4", False, P, sympy.Integer(3), m, (4, 4)))
    for name, by_construction, P, e, m, size in cases:
        props = _osc_properties(P, e, m)
        yield Point({"mechanism": name, **props}, facts=props, data=by_construction, size=size)


record(
    id="pan-strict/def3.1",
    location="Section 3, Definition 3.1",
    statement="An OSC is extremal and symmetric with constant support size and decodes with Eq. (5); Subset "
              "Selection, cyclic difference-set designs and URP transforms of constant-support extremal "
              "mechanisms are OSCs.",
    printed=PR.def3_1_printed,
    derived=O.osc_definition_form,
    derivation="derivations.pan_strict.framework.symmetric_pq",
    note="Printed statement: the words of Definition 3.1 survive in our copy.  Exact: whether each mechanism is an "
         "OSC by construction (Subset Selection, difference-set designs, URP transforms: yes; a cyclic design that is "
         "not a difference set: no); both forms are evaluated on the properties read off the real mechanism.",
    kind="statement",
    steps=(Grid("OSC by construction vs Definition 3.1 on the properties read off the real mechanisms",
                _def3_1_points, precomputed),))


# ---------------------------------------------------------------------------------------------
# Exact engine values used by several claims
@cache
def ss_l2(d: int, k: int, e, n_c: int = 1):
    """Worst-case l2 of the real Subset Selection mechanism (ldpref exact engine, all datasets)."""
    return losses.worst_case_l2(subset_selection(d, k, e).mechanism, n_c).value


def l1_at_uniform(m: Mechanism):
    """Eq. (2) of an estimator at the uniform dataset of d clients, rescaled to n = 1: a lower bound of its
    worst-case l1 (the maximum over datasets), exact (a sum of square roots)."""
    return sympy.sqrt(m.d) * losses.l1_normal_approximation(m, (1,) * m.d)


@cache
def ss_l1_uniform(d: int, k: int, e):
    """:func:`l1_at_uniform` of the real Subset Selection mechanism."""
    return l1_at_uniform(subset_selection(d, k, e).mechanism)


def _k_bar(P, e, d):
    """Support size of the constant-support configuration with the same self-support probability p*
    (Lemma 2.1: p* = e(1 - sum p)/(e - 1); Lemma 3.1 inverted: k = p* d/(e - (e - 1) p*))."""
    base, S = F.extremal_parts(P, e)
    p_star = e * (1 - sum(base)) / (e - 1)
    return sympy.cancel(p_star * d / (e - (e - 1) * p_star))


@cache
def _extremal_cases():
    """(name, P, S, e, symmetric?) random extremal mechanisms: varying support (pairs), constant support
    (cyclic, symmetric or not), and OSCs."""
    rng = np.random.default_rng(SEED + 32)
    cases = []
    for d, e, pairs in [(3, 3, 2), (3, R(5, 2), 3), (4, 2, 3)]:
        for _ in range(20):
            P, S, _ = complementary_pairs_mechanism(rng, d, e, pairs)
            if P.rank() == d:
                break
        cases.append((f"pairs d={d} e={e}", P, S, sympy.sympify(e)))
    for d, T, e in [(5, (0, 1), 2), (5, (0, 1, 2), 3)]:
        P, S = O.cyclic_design(d, T, e)
        cases.append((f"cyclic {T} mod {d} e={e}", P, S, sympy.sympify(e)))
    # d = 4, k = 2: the orbits of {0,1} and {0,2} with equal weights (pair {0,2} twice as often: not symmetric)
    P1, S1 = O.cyclic_design(4, (0, 1), 3)
    P2, S2 = O.cyclic_design(4, (0, 2), 3)
    cases.append(("two orbits {0,1},{0,2} mod 4 e=3", sympy.Matrix.vstack(P1, P2) / 2, sympy.Matrix.vstack(S1, S2),
                  sympy.Integer(3)))
    for d, k, e in [(4, 2, 3), (5, 2, 2)]:
        name, _, _, e, _, P, S = _ss_member(d, k, e)
        cases.append((name, P, S, e))
    return [(n, P, S, e, F.symmetric_pq(S, P) is not None, set(F.support_sizes(S))) for n, P, S, e in cases]


@cache
def _urp_opt_l2(name):
    """Worst-case l2 of the URP estimator on (P, Q*(P)): the explicit d! x |U| mechanism on the exact engine
    for d <= 4; for d = 5 Theorem 3.1's closed form (Tr((P^T D^-1 P)^-1)/d - 1)/n (verified as thm3.1)."""
    for n, P, S, e, sym, sizes in _extremal_cases():
        if n == name:
            if P.shape[1] > 4:
                return F.urp_minimum_l2(P, 1)
            return losses.worst_case_l2(urp_mechanism(P, F.urp_optimal_decoder(P)), 1).value
    raise KeyError(name)


# ---------------------------------------------------------------------------------------------
# Section 3 preamble, Theorem 3.2, Appendix B.1
def _frobenius_points():
    for name, P, S, e, sym, sizes in [c for c in _extremal_cases() if c[1].shape[1] <= 4][:4]:
        for Q in (Mechanism(P.tolist()).decoder_matrix(), F.urp_optimal_decoder(P)):
            Dh = sympy.diag(*[sympy.sqrt(s) for s in P * sympy.ones(P.shape[1], 1)])
            frob = sum(v**2 for v in (Q * Dh))
            yield Point({"mechanism": name}, facts={DU.frobenius_sym: sympy.expand(frob), F.d_sym: P.shape[1], F.n: 1},
                        data=(P, Q), size=(P.shape[1], P.shape[0]))


def _frobenius_l2(point):
    return losses.worst_case_l2(urp_mechanism(*point.data), 1).value


record(
    id="pan-strict/sec3.l2-frobenius",
    location="Section 3 (after Theorem 2.8)",
    statement="The URP l2 loss is (||Q D^{1/2}||_F^2/d - 1)/n with D = diag(P 1): minimising it over Q is "
              "minimising a weighted Frobenius norm.",
    derived=DU.frobenius_l2_form,
    derivation="derivations.pan_strict.framework.urp_l2_loss",
    steps=(Grid("worst-case l2 of the explicit URP mechanism vs the Frobenius form", _frobenius_points,
                _frobenius_l2),))


def _thm3_2_points():
    """Per extremal P: 'bound' (URP l2 with Q* >= the OSC value at the same p*) and, for constant support,
    'attains' (== the OSC value); the fact by the exact engine, the statements read on the instance's structural
    facts (extremal, constant support, symmetric)."""
    for name, P, S, e, sym, sizes in _extremal_cases():
        d = P.shape[1]
        bound = O.osc_l2(d, _k_bar(P, e, d), e, 1)
        exact = _urp_opt_l2(name)
        facts = {"extremal": F.extremal_parts(P, e) is not None, "constant_support": len(sizes) == 1, "symmetric": sym}
        cases = [("bound", bool(exact >= bound))] + ([("attains", bool(exact == bound))] if len(sizes) == 1 else [])
        for rank, (assertion, fact) in enumerate(cases):
            yield Point({"mechanism": name, "assertion": assertion, **facts}, data=fact,
                        in_condition=sym or assertion == "bound", size=(d, P.shape[0], rank))


def _constant_not_symmetric():
    """A note per constant-support mechanism that is not symmetric: its URP l2 with Q* against the OSC value."""
    return "; ".join(f"{name}: constant support k = {list(sizes)[0]} but not symmetric: URP l2 with Q* = "
                     f"{_urp_opt_l2(name)} > OSC value {O.osc_l2(P.shape[1], list(sizes)[0], e, 1)} (n = 1)"
                     for name, P, S, e, sym, sizes in _extremal_cases() if len(sizes) == 1 and not sym)


record(
    id="pan-strict/thm3.2",
    location="Section 3, Theorem 3.2 (proof in Appendix B.1)",
    statement="Among extremal perturbation matrices with a fixed self-support probability p*, one with a constant "
              "support size minimises the URP l2 loss (Tr((P^T D^-1 P)^-1)/d - 1)/n; the minimum is the OSC value "
              "at k = p* d/(e^eps - (e^eps - 1) p*).",
    printed=PR.thm3_2_printed,
    derived=O.thm3_2_derived,
    derivation="derivations.pan_strict.optimality.osc_trace_min",
    kind="statement",
    root_cause="sec3.symmetry-omitted",
    note="Printed statement: the words of Theorem 3.2 survive in our copy (the loss and estimator symbols are lost; "
         "Section 3 says it minimises the l2 loss of the URP estimator); the public arXiv HTML we could consult "
         "shows no more of Section 3.",
    condition="the constant-support P is also symmetric (all non-trivial eigenvalues of P^T D^-1 P equal, e.g. "
              "Subset Selection or a URP transform); a constant support size alone does not reach the minimum",
    assumptions="extremal P of full column rank, e^eps > 1; URP estimator with the optimal decoder Q* of Theorem 3.1",
    steps=(Grid("URP l2 (explicit mechanism with Q*) vs the OSC value at the same p*", _thm3_2_points, precomputed),
           Note(_constant_not_symmetric)))


def m_matrix(P: sympy.Matrix) -> sympy.Matrix:
    """``M = P^T D^-1 P`` with ``D = diag(P 1)`` (the row sums of P): Theorem 3.1's minimum URP l2 loss is
    ``(Tr(M^-1)/d - 1)/n``, and Section 3 (after Theorem 3.2) and Appendix B.1 prove Theorem 3.2 through the
    eigenvalues of M (our copy lost the symbol; the ledger's statements call it M, as here)."""
    Dinv = sympy.diag(*[1 / s for s in P * sympy.ones(P.shape[1], 1)])
    return P.T * Dinv * P


def _generic_m_ones(d, U):
    """M 1 for a generic column-stochastic P (last row = 1 - the others), symbolic entries."""
    def m_ones(forms):
        P = sympy.Matrix(U, d, lambda u, x: sympy.Symbol(f"p_{u}{x}", positive=True))
        P[U - 1, :] = sympy.Matrix([[1 - sum(P[u, x] for u in range(U - 1)) for x in range(d)]])
        return cancel_each(m_matrix(P) * sympy.ones(d, 1), cancel)
    return m_ones


def _form_entries(d):
    return lambda forms: sympy.Matrix([at(forms.derived(), {})] * d)  # the value the form gives every entry of M 1


def _eigvec_points():
    for r in _trace_data():
        yield Point({"mechanism": r["name"]}, data=list(r["M"] * sympy.ones(r["d"], 1)), size=(r["d"],))


record(
    id="pan-strict/appB.1.eigvec",
    location="Appendix B.1",
    statement="M = P^T D^-1 P (D = diag(P 1)) has the all-ones vector as eigenvector with eigenvalue 1.",
    derived=O.ones_eigenvector_form,
    steps=(*(Identity(f"generic {U}x{d}: M 1 == the form's entries", _generic_m_ones(d, U), _form_entries(d),
                      reads_forms=True) for d, U in [(2, 3), (3, 3)]),
        Grid("M 1 on real mechanisms", _eigvec_points, precomputed,
             value=lambda form, point: [at(form, {})] * len(point.data))))


@cache
def _trace_data():
    """Per extremal case: M = P^T D^-1 P (D = diag(P 1)), the base probabilities and support sizes read off P."""
    rows = []
    for name, P, S, e, sym, sizes in _extremal_cases():
        d = P.shape[1]
        M = m_matrix(P)
        base, S_read = F.extremal_parts(P, e)
        ks = F.support_sizes(S_read)
        rows.append(dict(name=name, d=d, e=e, M=M, base=base, ks=ks, sym=sym, U=P.shape[0],
                         kbar=sum(b * kk for b, kk in zip(base, ks)) / sum(base)))
    return rows


def _trace_bound_points():
    """Per real mechanism: the bound's truth by the form at its Tr(M^-1), Tr M; and (a model point, no form) its
    equality case against the mechanism's symmetry."""
    for r in _trace_data():
        lhs, rhs = r["M"].inv().trace(), O.trace_lower_bound(r["M"].trace(), r["d"])
        facts = {O.trace_Minv_sym: lhs, O.trace_M_sym: r["M"].trace(), O.d: r["d"]}
        yield Point({"mechanism": r["name"], "check": ">="}, facts=facts, data=bool(lhs >= rhs),
                    size=(r["d"], r["U"], 0))
        yield Point({"mechanism": r["name"], "check": "equality iff symmetric"}, data=bool(lhs == rhs),
                    size=(r["d"], r["U"], 1), model=r["sym"])


record(
    id="pan-strict/appB.1.trace-bound",
    location="Appendix B.1 (and Section 3 after Theorem 3.2)",
    statement="Tr(M^-1) >= 1 + (d-1)^2/(Tr M - 1): the eigenvalue 1 is fixed and, for a fixed Tr M, the sum of "
              "reciprocals of the other d - 1 eigenvalues is smallest when they are equal.",
    derived=O.trace_bound_form,
    derivation="derivations.pan_strict.optimality.trace_lower_bound",
    kind="statement",
    steps=(Grid("Tr(M^-1) vs the eigenvalue bound", _trace_bound_points, precomputed),))


def _trace_points():
    return (Point({"mechanism": r["name"]}, data=r, size=(r["d"], r["U"])) for r in _trace_data())


def _g_sum(form, point):
    """sum_u p_u g(k_u) with the form's g."""
    r = point.data
    return sympy.cancel(sum(b * at(form, {O.k: kk, O.d: r["d"], O.e: r["e"]}) for b, kk in zip(r["base"], r["ks"])))


record(
    id="pan-strict/appB.1.trace-expansion",
    location="Appendix B.1",
    statement="For extremal P, Tr(P^T D^-1 P) = sum_u p_u g(k_u) with g(k) = (d + (e^2eps - 1) k)/(d + (e^eps - 1) k).",
    derived=O.g_form,
    derivation="derivations.pan_strict.optimality.g_weight",
    steps=(Grid("Tr M of real mechanisms vs sum_u p_u g(k_u)", _trace_points, lambda point: point.data["M"].trace(),
        value=_g_sum),))


def _jensen_points():
    """(model points, no form) Jensen on each real mechanism: sum_u p_u g(k_u) <= (sum p) g(k_bar) with the model's g,
    and equality exactly when the support size is constant."""
    for r in _trace_data():
        s = sum(r["base"])
        lhs = sum(b * O.g_weight(k_, r["d"], r["e"]) for b, k_ in zip(r["base"], r["ks"]))
        rhs = s * O.g_weight(r["kbar"], r["d"], r["e"])
        yield Point({"mechanism": r["name"]}, data=[bool(lhs <= rhs), bool(lhs == rhs)], size=(r["d"], r["U"]),
                    model=[True, len(set(r["ks"])) == 1])


record(
    id="pan-strict/appB.1.concavity",
    location="Appendix B.1",
    statement="g is concave in k (g'' = -2 d e^eps (e^eps - 1)^2/(d + (e^eps - 1) k)^3 < 0), so with sum_u p_u k_u "
              "fixed (Lemma 2.1) sum_u p_u g(k_u) <= (sum p) g(k_bar), with equality iff k_u is constant.",
    derived=O.g_concavity_form,
    derivation="derivations.pan_strict.optimality.g_second_derivative",
    steps=(_zero_identity("g'' of the model's g == the form",
                          lambda form: sympy.diff(O.g_weight(O.k, O.d, O.e), O.k, 2) - form.rhs),
           Grid("Jensen on real mechanisms: (<=, equality iff constant support)", _jensen_points, precomputed)))


def _osc_m_points():
    """Per real OSC: M against the matrix form at the a, b read off it; and (a model point, no form) Tr(M^-1)
    against the model's bound at k."""
    for name, d, k, e, m, P, S in _osc_zoo():
        M = m_matrix(P)
        yield Point({"mechanism": name}, facts={O.a_sym: M[0, 0] - M[0, 1], O.b_sym: M[0, 1], O.d: d}, data=M,
                    size=(d, P.shape[0]))
        yield Point({"mechanism": name, "check": "Tr(M^-1) == bound at k"}, data=M.inv().trace(),
                    size=(d, P.shape[0]), model=O.osc_trace_min(d, k, e))


record(
    id="pan-strict/appB.1.form",
    location="Appendix B.1 (last paragraph)",
    statement="For a symmetric extremal configuration with constant support, P^T D^-1 P = a I + b J, so all "
              "eigenvalues but the first are equal and Tr(M^-1) reaches its minimum.",
    derived=O.symmetric_m_form,
    derivation="derivations.pan_strict.optimality.osc_trace_min",
    steps=(Grid("M of real OSCs", _osc_m_points, precomputed, value=mat_at_facts),))


# ---------------------------------------------------------------------------------------------
# Theorem 3.3, Appendix B.2
def _urp_of_nonsymmetric():
    """(name, P, d, P_urp, S_urp, p*, q*, e^eps, k) for the non-symmetric extremal cases of constant support size k
    with d <= 4: their URP transforms (symmetric by Theorem 2.6) and the support probabilities read off them."""
    for name, P, S, e, sym, sizes in _extremal_cases():
        if len(sizes) != 1 or sym or P.shape[1] > 4:
            continue
        d = P.shape[1]
        Pu, _, _ = F.urp_matrices(P, sympy.zeros(d, P.shape[0]))
        Su = F.urp_support_matrix(S)
        yield (name, P, d, Pu, Su, *F.symmetric_pq(Su, Pu), e, next(iter(sizes)))


@cache
def _q_star_facts():
    """Symmetric constant-support mechanisms: (params, d, |U|, Q* computed exactly, S, p*, q*).  Q* by
    ldpref's URP-optimal decoder (exact DomainMatrix path) for the OSC zoo, by Theorem 3.1's closed form for
    the URP transforms of non-symmetric constant-support mechanisms (symmetric by Theorem 2.6)."""
    from ldpref.decoders import urp_optimal_decoder as lib_urp_decoder

    rows = []
    for name, d, k, e, m, P, S in _osc_zoo():
        if m.n_outputs > 30:
            continue
        p, q = F.symmetric_pq(S, P)
        rows.append(({"base": name, "decoder": "Q*(P), P symmetric"}, d, P.shape[0], lib_urp_decoder(m.P).to_Matrix(),
                     S, p, q))
    for name, P, d, Pu, Su, pu, qu, *_ in _urp_of_nonsymmetric():
        rows.append(({"base": name, "decoder": "Q*(P_urp)"}, d, Pu.shape[0], F.urp_optimal_decoder(Pu), Su, pu, qu))
    return rows


@cache
def _thm3_3_points():
    """Per instance, ``data`` is whether Q* is the Eq. (5) decoder (exact), the params carry the structural facts
    (extremal, constant support, symmetric) of the perturbation whose Q* is taken."""
    rows = []
    for params, d, U, Q_star, S, p, q in _q_star_facts():
        rows.append(Point({**params, "extremal": True, "constant_support": True, "symmetric": True},
                          data=Q_star == F.eq5_decoder(S, p, q), size=(d, U, 0)))
    for name, P, d, Pu, Su, pu, qu, *_ in _urp_of_nonsymmetric():
        # the URP estimator built from Q*(P) of the non-symmetric base P: is it the Eq. (5) decoder?
        _, Qu, _ = F.urp_matrices(P, F.urp_optimal_decoder(P))
        rows.append(Point({"base": name, "decoder": "[Pi^T Q*(P)] of a non-symmetric base", "extremal": True,
                           "constant_support": True, "symmetric": False}, data=Qu == F.eq5_decoder(Su, pu, qu),
                          in_condition=False, size=(d, P.shape[0], 2)))
    return rows


def _urp_of_nonsymmetric_losses():
    """Per non-symmetric constant-support case: the URP estimator from Q*(P) against Eq. (5) on the URP mechanism."""
    notes = []
    for name, P, d, Pu, Su, pu, qu, e, k in _urp_of_nonsymmetric():
        l2_eq5 = losses.worst_case_l2(Mechanism(Pu.tolist(), F.eq5_decoder(Su, pu, qu).tolist()), 1).value
        notes.append(f"{name}: URP estimator from Q*(P) has l2 = {_urp_opt_l2(name)} (n = 1); Eq. (5) on the URP "
                     f"mechanism (= Q*(P_urp)) has l2 = {l2_eq5} = OSC value {O.osc_l2(d, k, e, 1)}")
    return "; ".join(notes)


record(
    id="pan-strict/thm3.3",
    location="Section 3, Theorem 3.3 (proof in Appendix B.2)",
    statement="For an extremal perturbation with constant support size, the optimal decoder Q* of Theorem 3.1 "
              "is the Eq. (5) reconstruction (S^T nu - q* 1)/(p* - q*).",
    printed=PR.thm3_3_printed,
    derived=O.thm3_3_derived,
    derivation="derivations.pan_strict.optimality.eq5_decoder",
    kind="statement",
    root_cause="sec3.symmetry-omitted",
    note="Printed statement: the words of Theorem 3.3 survive in our copy (the symbol of the reconstruction is lost; "
         "read as Q* of Theorem 3.1, as the intuition paragraph after it does); the public arXiv HTML we could "
         "consult shows no more of Section 3.",
    condition="the configuration is also symmetric (Appendix B.2 uses Theorem 2.6: apply Q* to the URP mechanism "
              "itself, Q*(P_urp) = (S_urp^T - q* J)/(p* - q*)); the URP estimator assembled from Q*(P) of a "
              "non-symmetric constant-support P is not Eq. (5)",
    steps=(Grid("is Q* (exact) the Eq. (5) decoder?", _thm3_3_points, precomputed),
           Note(_urp_of_nonsymmetric_losses)))


def _q_star_points():
    for params, d, U, Q_star, S, p, q in _q_star_facts():
        yield Point(params, facts={O.S_M: S, O.U: U, O.d: d, O.p_star_sym: p, O.q_star_sym: q}, data=Q_star,
                    size=(d, U))


record(
    id="pan-strict/appB.2.q-star",
    location="Appendix B.2",
    statement="With a symmetric constant-support extremal P, P^T D^-1 P = a I + b J and Q* = (S^T - q* J)/(p* - q*) "
              "(Sherman-Morrison on a I + b J).",
    derived=O.eq5_decoder_form,
    derivation="derivations.pan_strict.optimality.sherman_morrison_inverse",
    steps=(Grid("Q* of symmetric constant-support mechanisms (exact) vs (S^T - q* J)/(p* - q*)", _q_star_points,
                precomputed, value=mat_at_facts),))


def _sherman_morrison_product(dd):
    """(alpha I + beta J)(a I + b J) with the form's a, b at d = dd."""
    def product(forms):
        a, b = at(forms.derived(), {O.d: dd})
        eye, ones = sympy.eye(dd), sympy.ones(dd, dd)
        return cancel_each((O.alpha_sym * eye + O.beta_sym * ones) * (a * eye + b * ones), cancel)
    return product


record(
    id="pan-strict/appB.2.sherman-morrison",
    location="Appendix B.2",
    statement="(alpha I + beta J)^-1 = (I - beta/(alpha + d beta) J)/alpha.",
    derived=O.sherman_morrison_form,
    derivation="derivations.pan_strict.optimality.sherman_morrison_inverse",
    steps=tuple(Identity(f"d={dd}: (alpha I + beta J)(a I + b J) == I", _sherman_morrison_product(dd),
                 lambda forms, dd=dd: sympy.eye(dd), reads_forms=True) for dd in (2, 3, 5)))
