"""pan-strict claim checks: Section 2.4's uniformly-random-permutation (URP) transform -- Lemma 2.2, Theorem 2.6,
Definition 2.6, Theorem 2.7 / Eq. (9), Lemma 2.3 / Eq. (10), Theorem 2.8, Corollaries 2.1-2.2 -- on explicit URP
mechanisms (all d! permutations) of extremal and random base estimators, checked by exact enumeration.
"""

from __future__ import annotations

import itertools
from functools import cache
from math import factorial

import numpy as np
import sympy

import derivations.pan_strict.framework as D
import derivations.pan_strict.framework_cor2_1 as DC
import derivations.pan_strict.printed_framework as PR
from ldpref import enumeration, losses, privacy
from ldpref.exact import EXP_EPS
from ldpref.l1_certificate import certified_l1_normal
from ldpref.ledger import record
from ldpref.ledger.generic import CorrectedGrid, Grid, Identity, Note, Numeric, Point, RoleGrid, counted, precomputed
from ldpref.ledger.forms import evaluate
from ldpref.mechanism import Mechanism
from ldpref.random_mechanisms import random_perturbation_matrix

from .urp_l1 import _l1_comparison, _l1_decided, l1_counterexample_mechanism
from .framework import (SEED, R, _datasets, _random_mechanisms, complementary_pairs_mechanism,
                        cyclic_constant_support_mechanism, urp_mechanism)
from .matrix_forms import at, mat_at, mat_at_facts

# ---------------------------------------------------------------------------------------------
# Section 2.4: the uniformly-random-permutation (URP) transform
@cache
def _urp_grid():
    """(name, P, Q, S or None, e^eps) base estimators for the URP checks: random extremal mechanisms
    (varying and constant support) with the Moore-Penrose decoder, random non-extremal ones."""
    rng = np.random.default_rng(SEED + 26)
    grid = []
    for d, e, pairs in [(3, 3, 2), (3, R(5, 2), 3)]:
        P, S, _ = complementary_pairs_mechanism(rng, d, e, pairs)
        if P.rank() == d:
            grid.append((f"extremal pairs d={d} e={e}", P, Mechanism(P.tolist()).decoder_matrix(), S, sympy.sympify(e)))
    for d, k, e in [(3, 1, 2), (4, 2, 3)]:
        while True:
            P, S, _ = cyclic_constant_support_mechanism(rng, d, k, e, 2)
            if P.rank() == d:
                break
        grid.append((f"cyclic d={d} k={k} e={e}", P, Mechanism(P.tolist()).decoder_matrix(), S, sympy.sympify(e)))
    for d, U in [(2, 3), (3, 3)]:
        P = random_perturbation_matrix(rng, d, U)
        grid.append((f"random d={d} |U|={U}", P, Mechanism(P.tolist()).decoder_matrix(), None, None))
    return grid


@cache
def _urp_mechanism(name):
    for nm, P, Q, S, e in _urp_grid():
        if nm == name:
            return urp_mechanism(P, Q, name=f"URP({name})")
    raise KeyError(name)


def _lemma2_2_identity(d):
    """Lemma 2.2 on a generic d x d matrix of symbols: the explicit sum over all d! permutations against
    alpha I + beta J, the form's alpha, beta at this d."""
    A = sympy.Matrix(d, d, lambda i, j: sympy.Symbol(f"a_{i}{j}"))

    def by_form(forms):
        beta, alpha = at(forms.derived(), _lemma2_2_facts(A, d))
        return (alpha * sympy.eye(d) + beta * sympy.ones(d, d)).applyfunc(sympy.expand)

    return Identity(f"generic {d}x{d}: sum over all {factorial(d)} permutations == alpha I + beta J",
                    lambda forms: D.permutation_average(A).applyfunc(sympy.expand), by_form, reads_forms=True)


def _counting_points():
    """The proof's counting (model points, no form): index i -> j with probability 1/d, ordered pair -> ordered pair
    with 1/(d(d-1)), d! permutations; ``data`` the count over the explicit permutations."""
    for d in (3, 4):
        perms = list(itertools.permutations(range(d)))
        yield Point({"d": d, "check": "P(pi(0) = 1)"}, data=R(sum(1 for p in perms if p[0] == 1), len(perms)),
                    size=(d,), model=R(1, d))
        yield Point({"d": d, "check": "P((pi(0), pi(1)) = (2, 0))"},
                    data=R(sum(1 for p in perms if (p[0], p[1]) == (2, 0)), len(perms)), size=(d,),
                    model=R(1, d * (d - 1)))
        yield Point({"d": d, "check": "number of permutations"}, data=len(perms), size=(d,), model=factorial(d))


record(
    id="pan-strict/lemma2.2",
    location="Section 2.4, Lemma 2.2",
    statement="For any d x d matrix A, the average of Pi^T A Pi over all d! permutation matrices is alpha I + "
              "beta J with beta = (1^T A 1 - Tr A)/(d(d-1)) and alpha = Tr A/d - beta.",
    derived=D.lemma2_2_forms,
    derivation="derivations.pan_strict.framework.lemma2_2_coefficients",
    assumptions="d >= 2; the average is over all d! permutations (explicit sum)",
    steps=(*(_lemma2_2_identity(d) for d in (2, 3, 4)),
           Grid("permutation counting of the proof", _counting_points, precomputed)))


def _lemma2_2_facts(A, d) -> dict:
    return {D.trace_A: A.trace(), D.total_A: sum(A), D.d_sym: d}


def _thm2_6_points():
    """Per extremal base mechanism: p*, q* read off the explicit URP mechanism against the form at S^T P; and (a
    model point) the URP mechanism's support sizes read off P_urp (None if it is not extremal) against those of the
    URP support matrix built from S; then the same p*, q* at symbolic e^eps."""
    for name, P, Q, S, e in _urp_grid():
        if S is None:
            continue
        Pu, Qu, _ = D.urp_matrices(P, Q)
        Su = D.urp_support_matrix(S)
        exact = D.symmetric_pq(Su, Pu)  # read off the explicit URP mechanism
        size = (P.shape[1], P.shape[0])
        yield Point({"base": name}, facts=_lemma2_2_facts(S.T * P, P.shape[1]), data=list(exact) if exact else None,
                    size=size)
        parts = D.extremal_parts(Pu, e)
        yield Point({"base": name, "check": "URP extremal, support sizes"},
                    data=sorted(set(D.support_sizes(parts[1]))) if parts is not None else None, size=size,
                    model=sorted(set(D.support_sizes(Su))))
    P, S, _ = complementary_pairs_mechanism(np.random.default_rng(SEED + 261), 3, EXP_EPS, 2)
    Pu, Qu, _ = D.urp_matrices(P, sympy.zeros(3, P.shape[0]))
    exact = D.symmetric_pq(D.urp_support_matrix(S), Pu)
    yield Point({"base": "pairs d=3 (symbolic e^eps)"}, facts=_lemma2_2_facts(S.T * P, 3),
                data=[sympy.cancel(v) for v in exact], size=(3, P.shape[0]))


def _not_symmetric_bases() -> str:
    nonsym = [n for n, P, Q, S, e in _urp_grid() if S is not None and D.symmetric_pq(S, P) is None]
    return f"base mechanisms that are not symmetric themselves (URP makes them symmetric): {nonsym}"


record(
    id="pan-strict/thm2.6",
    location="Section 2.4, Theorem 2.6",
    statement="The URP perturbation has a symmetric configuration: its support probability matrix is the "
              "permutation average of S^T P, i.e. (p* - q*) I + q* J with p* = Tr(S^T P)/d and q* the mean "
              "off-diagonal entry.",
    derived=D.thm2_6_forms,
    derivation="derivations.pan_strict.framework.urp_support_matrix",
    assumptions="the base mechanism is extremal (support sets defined); every one of the d! permutations",
    steps=(Grid("URP support probabilities (explicit d! x |U| mechanism) vs Lemma 2.2", _thm2_6_points, precomputed),
           Note(_not_symmetric_bases)))


def _urp_decoder_points():
    """Per base estimator: Q_urp P_urp of the explicit URP mechanism and the average over permutations (the proof's
    middle step) against the form at d; and (model points, no form) E[f_hat] of the URP mechanism by enumeration
    against the true f, per dataset."""
    for name, P, Q, S, e in _urp_grid():
        um = _urp_mechanism(name)
        d = P.shape[1]
        yield Point({"base": name, "check": "Q_urp P_urp"}, facts={D.d_sym: d},
                    data=um.decoder_matrix() * um.perturbation_matrix(), size=(d, P.shape[0]))
        yield Point({"base": name, "check": "(1/d!) sum Pi^T Q P Pi"}, facts={D.d_sym: d},
                    data=D.permutation_average(Q * P), size=(d, P.shape[0]))
        for counts in _datasets(d, 1):
            yield Point({"base": name, "counts": counts}, data=enumeration.enumerated_moments(um, counts)["mean"],
                        size=(d, P.shape[0], sum(counts)), model=[R(c, sum(counts)) for c in counts])


#: what Theorem 2.7 and Eq. (9) share: one form, one grid
_EQ9_KW = dict(derived=D.eq9_matrix_form,
               steps=(Grid("URP decoder: Q_urp P_urp = average of Pi^T Q P Pi = I; E[f_hat] = f (enumeration)",
                           _urp_decoder_points, precomputed, value=mat_at_facts),))


record(
    id="pan-strict/thm2.7",
    location="Section 2.4, Theorem 2.7",
    statement="Q_urp = [Pi_pi^T Q]_pi (the decoder of response (pi, y) is column y of Q with rows permuted by pi) "
              "is an unbiased reconstruction matrix for the URP perturbation.",
    derivation="derivations.pan_strict.framework.urp_mechanism_matrices",
    assumptions="Q P = I",
    **_EQ9_KW)


record(
    id="pan-strict/eq9",
    location="Section 2.4, Eq. (9) (proof of Theorem 2.7)",
    statement="Q_urp P_urp = (1/d!) sum_pi Pi^T Q P Pi = I.",
    derivation="derivations.pan_strict.framework.permutation_average",
    **_EQ9_KW)


def _def2_6_points():
    """Per base estimator (model points, no form): the explicit URP mechanism's output count and privacy level
    against the model's; then its first column against the form's two-stage sampling."""
    for name, P, Q, S, e in _urp_grid():
        um = _urp_mechanism(name)
        d = P.shape[1]
        base_level = privacy.exp_eps(Mechanism(P.tolist(), sympy.zeros(d, P.shape[0]).tolist()))
        yield Point({"base": name, "check": "outputs"}, data=um.n_outputs, size=(d,), model=factorial(d) * P.shape[0])
        yield Point({"base": name, "check": "e^eps preserved"}, data=privacy.exp_eps(um), size=(d,), model=base_level)
        yield Point({"base": name, "check": "column 0 = two-stage sampling"}, facts={"P": P, "d": d},
                    data=list(um.perturbation_matrix()[:, 0]), size=(d,))


def _two_stage(form, point):
    """Two-stage sampling (pi uniform, then y ~ column pi(x) of P) by the form, output by output, for input 0."""
    P, d = point.facts["P"], point.facts["d"]
    return [at(form, {D.urp_entry: P[y, pi[0]], D.d_sym: d})
            for pi in itertools.permutations(range(d)) for y in range(P.shape[0])]


record(
    id="pan-strict/def2.6",
    location="Section 2.4, Definition 2.6",
    statement="The URP estimator: each client draws one of the d! permutations uniformly, perturbs with the "
              "column-permuted P and reports (pi, y); P_urp stacks P Pi_pi / d!, Q_urp concatenates Pi_pi^T Q.",
    derived=D.def2_6_form,
    derivation="derivations.pan_strict.framework.urp_mechanism_matrices",
    steps=(Grid("explicit URP mechanism", _def2_6_points, precomputed, value=_two_stage),))


@cache
def _urp_variance_points():
    """Per base estimator and dataset: ``data`` is (P, Q, counts, the exact variance vector of the explicit URP
    mechanism by enumeration)."""
    rows = []
    for name, P, Q, S, e in _urp_grid():
        um = _urp_mechanism(name)
        d = P.shape[1]
        for counts in _datasets(d, 2 if d <= 3 else 1):
            rows.append(Point({"base": name, "counts": counts},
                              data=(P, Q, counts, enumeration.enumerated_moments(um, counts)["variance"]),
                              size=(d, P.shape[0], sum(counts))))
    return rows


def _eq10_value(form, point):
    """Eq. (10) (a matrix form) at the permutation average of (Q o Q) P."""
    P, Q, counts, _ = point.data
    f = sympy.Matrix([R(c, sum(counts)) for c in counts])
    A = Q.multiply_elementwise(Q) * P
    return list(mat_at(form, {D.urp_avg_M: D.permutation_average(A), D.f_M: f, D.n: sum(counts), D.d_sym: P.shape[1]}))


#: what Lemma 2.3 and Eq. (10) share: one form, one grid
_EQ10_KW = dict(derived=D.eq10_matrix_form, derivation="derivations.pan_strict.framework.permutation_average",
                steps=(Grid("URP variance by enumeration of the explicit mechanism", _urp_variance_points,
                            lambda point: point.data[3], value=_eq10_value),))


def _thm2_8_value(form, point):
    """Theorem 2.8 (per value) at the Lemma 2.2 coefficients of A = (Q o Q) P and the point's f, n."""
    P, Q, counts, _ = point.data
    n_c = sum(counts)
    alpha, beta = D.lemma2_2_coefficients(Q.multiply_elementwise(Q) * P)
    return [at(form, {D.alpha_s: alpha, D.beta_s: beta, D.f_v_s: R(c, n_c), D.n: n_c}) for c in counts]


def _urp_l2_points():
    """(model points, no form) ldpref's worst case over datasets of the explicit URP mechanism against the model's
    closed-form total (1^T A 1/d - 1)/n."""
    for name, P, Q, S, e in _urp_grid():
        um = _urp_mechanism(name)
        for n_c in (1, 3):
            yield Point({"base": name, "n": n_c}, data=losses.worst_case_l2(um, n_c).value, size=(P.shape[1], n_c),
                        model=D.urp_l2_loss(P, Q, n_c))


record(
    id="pan-strict/lemma2.3",
    location="Section 2.4, Lemma 2.3 (Eq. (10))",
    statement="The URP variance vector is ((1/d!) sum_pi Pi^T (Q o Q) P Pi f - f)/n.",
    assumptions="Q P = I",
    **_EQ10_KW)


record(
    id="pan-strict/eq10",
    location="Section 2.4, Eq. (10)",
    statement="Var_urp = ((1/d!) sum_pi Pi^T (Q o Q) P Pi f - f)/n.",
    **_EQ10_KW)


record(
    id="pan-strict/thm2.8",
    location="Section 2.4, Theorem 2.8",
    statement="Var_urp[f_hat_v] = ((alpha - 1) f_v + beta)/n with alpha, beta the Lemma 2.2 coefficients of "
              "A = (Q o Q) P; the total is (1^T A 1/d - 1)/n for every dataset.",
    derived=D.thm2_8_value_form,
    derivation="derivations.pan_strict.framework.urp_variance",
    assumptions="Q P = I",
    steps=(Grid("URP variance by enumeration vs ((alpha - 1) f + beta)/n", _urp_variance_points,
                lambda point: point.data[3], value=_thm2_8_value),
           Grid("URP l2 (ldpref worst case over datasets) == (1^T A 1/d - 1)/n", _urp_l2_points, precomputed)))


def _uniform_l1_points():
    """Per base estimator: Eq. (2) of the explicit URP mechanism at the uniform dataset of n = d clients, the form at
    its l2 and d."""
    for name, P, Q, S, e in _urp_grid():
        d = P.shape[1]
        yield Point({"base": name}, facts={D.l2_sym: D.urp_l2_loss(P, Q, d), D.d_sym: d},
                    data=losses.l1_normal_approximation(_urp_mechanism(name), (1,) * d), size=(d, P.shape[0]))


def _certified_urp_l1(forms):
    """The certified Frank-Wolfe interval of Eq. (2)'s maximum over the simplex (n = 1; exact ends rounded outward,
    :func:`ldpref.l1_certificate.certified_l1_normal`) contains the form's exact value, on the first two URP
    mechanisms with d <= 3."""
    certified = []
    for name, P, Q, S, e in _urp_grid():
        d = P.shape[1]
        if d <= 3 and len(certified) < 2:
            cm = certified_l1_normal(_urp_mechanism(name), 1, digits=20, iterations=100)
            val = at(forms.derived(), {D.l2_sym: D.urp_l2_loss(P, Q, 1), D.d_sym: d})
            certified.append(cm.contains(val))
    return counted(certified, "intervals contain the closed form")


record(
    id="pan-strict/cor2.2",
    location="Section 2.4, Corollary 2.2 (proof in Appendix A.2)",
    statement="For a URP estimator, l1 = sqrt(2 d l2 / pi) (Eq. (2)'s maximum is at the uniform dataset, where "
              "every variance is l2/d).",
    derived=D.cor2_2_form,
    derivation="derivations.pan_strict.framework.urp_l1_normal",
    assumptions="l1 in the normal approximation of Theorem 2.3",
    steps=(Grid("Eq. (2) of the URP mechanism at the uniform dataset == sqrt(2 d l2/pi)", _uniform_l1_points,
                precomputed),
           Numeric("the maximum of Eq. (2) over the simplex (certified Frank-Wolfe interval) contains sqrt(2 d l2/pi)",
                   _certified_urp_l1, reads_forms=True)))


@cache
def _cor2_1_facts() -> tuple:
    """(a point per case, ``data`` whether l(URP) <= l(Phi) exactly; the l1 comparisons' details): l2 by the exact
    worst cases of the explicit mechanisms at n = 1, 2 (the URP grid's bases, unbiased random mechanisms, the l1
    counterexample); l1 at n = 1 through certified intervals, undecided cases left out."""
    cases = []
    rng_mechs = [(p, m) for p, m in _random_mechanisms(SEED + 27) if m.is_unbiased()]
    bases = [(n, Mechanism(P.tolist(), Q.tolist())) for n, P, Q, S, e in _urp_grid()] + \
        [(p["mechanism"], m) for p, m in rng_mechs] + [("l1 counterexample", l1_counterexample_mechanism())]
    for name, m in bases:
        P, Q = m.perturbation_matrix(), m.decoder_matrix()
        um = urp_mechanism(P, Q)
        for n_c in (1, 2):
            exact = losses.worst_case_l2(um, n_c).value <= losses.worst_case_l2(m, n_c).value
            cases.append(Point({"base": name, "loss": "l2", "n_clients": n_c, "P": P, "Q": Q}, data=bool(exact),
                               size=(m.d, m.n_outputs, n_c)))
    details = []
    l1_bases = [("l1 counterexample", l1_counterexample_mechanism(), 0)] + \
        [(n, m, 1) for n, m in bases if m.d == 3 and m.n_outputs <= 4 and n != "l1 counterexample"][:2]
    for name, m, rank in l1_bases:
        exact, phi, detail = _l1_comparison(m)
        details.append(f"{name}: {detail}")
        if exact is None or not _l1_decided(m, phi):
            continue
        cases.append(Point({"base": name, "loss": "l1", "n_clients": 1, "P": m.perturbation_matrix(),
                            "Q": m.decoder_matrix(), "phi_lower": phi.lower, "phi_upper": phi.upper}, data=exact,
                           size=(m.d, m.n_outputs, 1, rank)))
    return tuple(cases), tuple(details)


def _cor2_1_points():
    return _cor2_1_facts()[0]


def _cor2_1_value(form, point, role):
    """The printed implication: whether it covers the point's loss (read from the form); the derived predicate: its
    truth on the point's mechanisms."""
    return point.params["loss"] in PR.cor2_1_losses(form) if role == "printed" else evaluate(form, point.params)


record(
    id="pan-strict/cor2.1",
    selfcheck={"printed-as-derived": ("the printed form is Corollary 2.1's implication, the losses it covers read"
                                      " by the check; the derived form is the model's predicate on the URP loss, "
                                      "which is no implication: the correction (l in {L2}) is the form that must "
                                      "pass, and the correction mutation moves it")},
    location="Section 2.4, Corollary 2.1",
    statement="The URP estimator is at least as precise in the worst case as the estimator it is built from: "
              "l(Phi_urp) <= l(Phi) for l = l1 and l2 (same decoder).",
    derived=D.cor2_1_predicate,
    derivation="derivations.pan_strict.framework.urp_l2_loss",
    kind="statement",
    assumptions="Q P = I; l1 in the normal approximation of Eq. (2), compared through certified intervals",
    printed=PR.cor2_1_printed,
    # the printed implication with l1 taken out of the losses it covers (l2 holds on every instance)
    correction=DC.cor2_1_correction,
    root_cause="sec2.4.urp-l1",
    note="The corollary's formula is lost in our copy; its words survive ('the worst-case precision of Phi also "
         "applies to Phi_urp', and 'if Phi is optimal, Phi_urp must also be optimal', for Claim 2.1's two losses) "
         "and are the printed form.  For l2 they hold (the URP total variance is the permutation average of "
         "linear functions of f).  For l1 (Eq. (2)) the square root does not commute with that average: the URP "
         "estimator of l1_counterexample_mechanism (d = 3, |U| = 3, weights [[2,2,2],[2,2,1],[2,1,2]] normalised "
         "by column, Moore-Penrose decoder) is worse, sqrt(2/pi) sum sqrt(Var): l1(URP) >= 12.849 > 12.443 = "
         "l1(Phi) at n = 1 (certified intervals), so the words are an erratum for l1.",
    steps=(CorrectedGrid(
        RoleGrid("l(URP) <= l(Phi): exact worst cases of the explicit mechanisms", _cor2_1_points, precomputed,
                 value=_cor2_1_value),
        # the displayed correction asserts its implication: true on every case (where its set leaves the loss out
        # it asserts nothing there), judged on the same exact worst cases
        Grid("the corrected implication on the exact worst cases of the explicit mechanisms", _cor2_1_points,
             lambda point: True, value=lambda form, point: point.params["loss"] not in PR.cor2_1_losses(form)
             or point.data)),
           Note(lambda: "; ".join(_cor2_1_facts()[1]))))
