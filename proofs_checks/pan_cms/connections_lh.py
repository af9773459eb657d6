"""pan-cms claim checks: local hashing and the recursive CMS (Sections 4.4-4.5; see
derivations.pan_cms.connections).

Local hashing is built on real hash families and compared with a real CMS + RR; the recursive CMS (a CMS whose
perturbation is a CMS, or HE) is built and its collision rate and decoder read off its exact matrices.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import sympy

import derivations.pan_cms.connections as C
import derivations.pan_cms.printed_connections as PCN
from derivations.pan_cms.symbols import e, f, n
from ldpref import moments
from ldpref.exact import EXP_EPS
from ldpref.hashing import (all_functions_family, gf2_affine_family, gf2_affine_mod_family, hadamard_family,
                            random_family)
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Numeric, Point, RoleGrid, Symbolic
from ldpref.ledger.generic import rhs as _rhs
from ldpref.ledger.forms import evaluate
from ldpref.losses import worst_case_mse
from ldpref.mechanisms.cms import cms
from ldpref.mechanisms.pure import grr
from ldpref.mechanisms.variants import compose_families

from .connections import DERIV, HOLDS, SEED, R, _P, _Q, _canon, _cms, _grr, _he, _lh, exact_of


# ---- Section 4.4 -----------------------------------------------------------------------------------
@cache
def _lh_families():
    rng = np.random.default_rng(SEED + 44)
    return [gf2_affine_family(1, 2), gf2_affine_family(2, 3), gf2_affine_mod_family(2, 3, 3),
            random_family(3, 3, 4, rng), all_functions_family(3, 2), all_functions_family(2, 3)]


def _lh_grid():
    """(family, e^eps, local hashing, CMS + m-ary RR on the same family)."""
    for fam in _lh_families():
        for ee in (R(3), EXP_EPS):
            if not (ee == EXP_EPS and fam.k * fam.m > 32):
                yield fam, ee, _lh(fam, ee), _cms(fam, _grr(fam.m, ee))


def _lh_rows():
    for fam, ee, lh, c in _lh_grid():
        facts = {"P": _P(lh), "P_other": _P(c), "functions": fam.functions, "size": fam.m, "exp_eps": ee}
        yield Point({"family": fam.name, "exp_eps": ee}, facts=facts, data=HOLDS, size=(fam.d, fam.m, fam.k))


def _random_hash_unbiased():
    """A fully random hash (all functions [d] -> [m]) is pairwise independent and its LH unbiased."""
    unbiased = [(fam.is_pairwise_independent(), lh.is_unbiased())
                for fam, ee, lh, c in _lh_grid() if fam.name.startswith("all-functions")]
    return all(a and b for a, b in unbiased), len(unbiased), f"{unbiased}"


record(
    id="pan-cms/sec4.4.lh-cms",
    location="Section 4.4, first paragraph",
    statement="Local hashing (a public random hash function [d] -> [m], RR of the hashed value) is a CMS: drawing the "
              "hash function is drawing a member of the CMS hashing family.",
    printed=PCN.lh_law_printed,
    derived=C.lh_law_form,
    kind="statement",
    assumptions="the hash function is drawn uniformly from a finite family (all functions [d] -> [m] for a fully "
                "random hash); m-ary randomised response",
    steps=(Grid("local hashing P vs CMS P of the same family (printed) and the derived law", _lh_rows, exact_of),
           Numeric("a fully random hash function is pairwise independent and LH is then unbiased (QP = I)",
                   _random_hash_unbiased)),
)


def _lh_decoder_of(form, point):
    """The decoder the derived estimator defines (one client, S = [h(x) = y]: two entry values, S = 0 and 1)."""
    fam, ee = point.data
    value = _canon([[evaluate(form, {C.S_count: s, n: 1, C.m: fam.m, e: ee}) for s in (0, 1)]])
    return sympy.Matrix([[value[1 if h[x] == y else 0] for x in range(fam.d)]
                         for h in fam.functions for y in range(fam.m)]).T


def _decoder_rows():
    for fam, ee, lh, c in _lh_grid():
        yield Point({"family": fam.name, "exp_eps": ee}, facts={"Q": _Q(lh), "Q_other": _Q(c)}, data=(fam, ee),
                    size=(fam.d, fam.m, fam.k))


def _decoders_equal(form, point, role):
    """The printed predicate on the two decoders; the derived estimator's decoder equal to local hashing's."""
    if role == "printed":
        return evaluate(form, point.facts)
    return C.matrices_equal(_lh_decoder_of(form, point), point.facts["Q"])


record(
    id="pan-cms/sec4.4.decoding",
    location="Section 4.4, 'its decoding process is identical to Eq. (2)'",
    statement="The local-hashing estimator (S/n - 1/m)/(p - 1/m) is Eq. (2) with R = m-ary randomised response.",
    printed=PCN.lh_printed,
    derived=C.lh_form,
    selfcheck={"printed-as-derived": "the printed form says two decoders are equal (a predicate on the two decoder "
                                     "matrices); the derived form is the estimator's formula in S, n, m, e^eps, which "
                                     "the check evaluates into a decoder: put in the printed slot it has no truth "
                                     "value"},
    derivation=f"{DERIV}.lh_decoder_entry",
    kind="statement",
    assumptions="p = e^eps/(e^eps + m - 1); any hash family",
    steps=(Identity("LH decoder entry == Eq. (2) entry (symbolic m, e^eps)",
                    lambda: sympy.cancel(C.lh_decoder_entry(C.ind, C.m, e) - C.eq2_decoder_entry(C.ind, C.m, e)),
                    lambda: 0),
           RoleGrid("local hashing decoder == Eq. (2) decoder of the CMS (printed), == the derived estimator",
                    _decoder_rows, lambda point: HOLDS, value=_decoders_equal),
           Grid("local hashing decoder entries vs the derived estimator at n = 1", _decoder_rows,
                lambda point: point.facts["Q"], printed=False, value=_lh_decoder_of)),
)


@cache
def _worst_cases():
    """(m, e^eps, real CMS + RR, exact MSE at f(x) = 1 and at f(x) = 0 with n = 1) for m in {2, 4, 8}."""
    fams = {2: gf2_affine_mod_family(2, 3, 2), 4: gf2_affine_family(2, 3), 8: gf2_affine_family(3, 3)}
    out = []
    for mm, fam in fams.items():
        for ee in (R(2), R(3), R(7)):
            mech = _cms(fam, _grr(mm, ee))
            out.append((mm, ee, mech, moments.mse(mech, (1, 0, 0))[0], moments.mse(mech, (0, 1, 0))[0]))
    return out


def _endpoint_rows():
    for mm, ee, _, at1, at0 in _worst_cases():
        yield Point({"m": mm, "exp_eps": ee}, facts={C.m: mm, e: ee, n: 1}, data=[at0, at1, at1 - at0], size=(mm, ee))


def _endpoints(form, point):
    """The derived MSE at f(x) = 0 and 1 (model functions) and the form's slope MSE(1) - MSE(0)."""
    return [*C.mse_endpoints_derived(point.facts[e], point.facts[C.m]), evaluate(form, point.facts)]


def _sign_rows():
    yield Point({"grid": "m in {2, 4, 8}, e^eps in {2, 3, 7}"}, data=HOLDS, size=(0,))


def _signs_hold(form, point, role):
    """printed: the statement on the exact slopes (all, and OLH's: m = e^eps + 1); derived: the derived slope
    MSE(1) - MSE(0), linear in f(x), takes both signs and is positive for OLH."""
    if role == "printed":
        cases = _worst_cases()
        return evaluate(form, {"slopes": [at1 - at0 for _, _, _, at1, at0 in cases],
                               "olh_slopes": [at1 - at0 for mm, ee, _, at1, at0 in cases if mm == ee + 1]})
    slopes = {(mm, ee): evaluate(form, {C.m: mm, e: ee, n: 1}) for mm, ee, *_ in _worst_cases()}
    return (any(v > 0 for v in slopes.values()) and any(v < 0 for v in slopes.values())
            and all(v > 0 for (mm, ee), v in slopes.items() if mm == ee + 1))


def _olh_worst():
    """OLH (m = e^eps + 1): the worst dataset of two clients is the f(x) = 1 one."""
    worst = [worst_case_mse(mech, 2).value == at1 / 2 for mm, ee, mech, at1, _ in _worst_cases() if mm == ee + 1]
    return all(worst), len(worst), f"{worst}"


record(
    id="pan-cms/sec4.4.worst-case",
    location="Section 4.4, second paragraph",
    statement="Both f(x) = 0 and f(x) = 1 can be the maximum point of the MSE of CMS + RR; for OLH (m = e^eps + 1) it "
              "is f(x) = 1, not the f(x) = 0 of the paper's ref. [9].",
    printed=PCN.worst_case_printed,
    derived=C.worst_case_form,
    selfcheck={"printed-as-derived": "the printed form is a predicate on the signs of MSE(1) - MSE(0) over the grid; "
                                     "the derived form is the formula of that difference, which the check evaluates "
                                     "per (m, e^eps): put in the printed slot it is not a statement about the signs"},
    derivation=f"{DERIV}.cms_rr_second_moments",
    kind="statement",
    assumptions="unbiased CMS + RR (pairwise-independent GF(2^l) families); the MSE is linear in f(x)",
    steps=(Grid("MSE at f(x) = 0 and f(x) = 1 (n = 1) and MSE(1) - MSE(0) (exact moments vs derived)", _endpoint_rows,
                exact_of, path="moment-formula", printed=False, value=_endpoints),
           RoleGrid("the maximum point varies with m (both endpoints occur) and is f(x) = 1 for OLH", _sign_rows,
                    exact_of, path="moment-formula", value=_signs_hold),
           Numeric("OLH: the worst dataset of two clients is the f(x) = 1 one (ldpref.losses.worst_case_mse)",
                   _olh_worst)),
)


# ---- Section 4.5 -----------------------------------------------------------------------------------
@cache
def _recursive_cases():
    """(m1, m2, outer family on [3], inner family [m1] -> [m2]); both pairwise independent."""
    return [(2, 2, gf2_affine_mod_family(2, 3, 2), gf2_affine_family(1, 2)),
            (2, 4, gf2_affine_mod_family(2, 3, 2), gf2_affine_family(2, 2)),
            (4, 2, gf2_affine_family(2, 3), gf2_affine_mod_family(2, 4, 2)),
            (4, 4, gf2_affine_family(2, 3), gf2_affine_family(2, 4))]


@cache
def _nested(m1, m2):
    for a, c, outer, inner in _recursive_cases():
        if (a, c) == (m1, m2):
            inner_cms = cms(inner, grr(m2, R(3)).mechanism).mechanism
            return outer, inner, cms(outer, inner_cms).mechanism
    raise KeyError((m1, m2))


def _collision_from_P(mech, d):
    """Read the hashed value of every x off the nested mechanism's P (the output with the larger probability
    within each (j1, j2) block) and return the distinct collision rates over pairs x != x'."""
    P = _P(mech)
    blocks = {}
    for u, label in enumerate(mech.outputs):
        prefix, z = label.rsplit(":", 1)
        blocks.setdefault(prefix, []).append(u)
    hashed = []
    for prefix, rows in blocks.items():
        column = []
        for x in range(d):
            vals = [P[u, x] for u in rows]
            column.append(vals.index(max(vals)))
        hashed.append(column)
    rates = {R(sum(1 for h in hashed if h[a] == h[c]), len(hashed)) for a, c in itertools.combinations(range(d), 2)}
    return sorted(rates)


def _collision_rows():
    for m1, m2, outer, inner in _recursive_cases():
        yield Point({"m1": m1, "m2": m2, "d": outer.d}, facts={C.m1: m1, C.m2: m2},
                    data=_collision_from_P(_nested(m1, m2)[2], outer.d), size=(outer.d, m1, m2))


record(
    id="pan-cms/sec4.5.collision",
    location="Section 4.5, second paragraph",
    statement="A CMS to [m1] whose perturbation is a CMS to [m2] (both pairwise independent) has collision rate "
              "(m1 + m2 - 1)/(m1 m2).",
    printed=PCN.recursive_collision_printed,
    derived=C.recursive_collision_form,
    assumptions="both hash families pairwise independent; the inner CMS uses randomised response",
    steps=(Symbolic("printed vs derived collision rate", part=_rhs,
                    simplify=sympy.cancel),  # rational functions of m1, m2
           Grid("collision rate read off the nested CMS mechanism", _collision_rows, exact_of,
                value=lambda form, point: [evaluate(form.rhs, point.facts)])),
)


@cache
def _nested_reading(m1, m2):
    """(m' read off the nested decoder as 1 - 1/offset, the facts (slope consistent with m', P == composite CMS P,
    Q == Eq. (8) Q, unbiased)) of the nested CMS against the regular CMS of the composite family."""
    outer, inner, nested = _nested(m1, m2)
    comp = compose_families(outer, inner)
    R2 = grr(m2, R(3)).mechanism
    regular = cms(comp, R2, decoder="eq8").mechanism
    QR = _Q(R2)
    y_hi, y_lo = QR[0, 0], QR[1, 0]
    Qn, Pn = _Q(nested), _P(nested)
    # decoder entries at output u for an x whose composite hash is / is not the reported value
    g0 = comp.functions[0]
    u_hit, u_miss = g0[0], (g0[0] + 1) % m2  # outputs 0:0:z of block (j1, j2) = (0, 0)
    v_hit, v_miss = Qn[0, u_hit], Qn[0, u_miss]
    A = (v_hit - v_miss) / (y_hi - y_lo)
    B0 = v_hit - A * y_hi
    mp = sympy.cancel(1 - 1 / B0)
    return mp, (m1, m2, sympy.cancel(A - mp / (mp - 1)) == 0, Pn == _P(regular), Qn == _Q(regular),
                nested.is_unbiased())


def _equivalent_m_rows():
    for m1, m2, _, _ in _recursive_cases():
        yield Point({"m1": m1, "m2": m2}, facts={C.m1: m1, C.m2: m2}, data=_nested_reading(m1, m2)[0], size=(m1, m2))


def _nested_facts():
    facts = [_nested_reading(m1, m2)[1] for m1, m2, _, _ in _recursive_cases()]
    return all(all(t[2:]) for t in facts), len(facts), f"(m1, m2, slope, P, Q, unbiased): {facts}"


def _constants_difference():
    (ns, no), (es, eo) = C.recursive_decoder_constants()
    return [sympy.cancel(ns - es), sympy.cancel(no - eo)]


record(
    id="pan-cms/sec4.5.equivalent-m",
    location="Section 4.5, second paragraph, 'equivalent to a regular CMS with m = m1 m2/(m1 + m2 - 1)'",
    statement="The recursive CMS is a regular CMS (composite hash family) whose decoder is Eq. (8) with "
              "m = m1 m2/(m1 + m2 - 1).",
    printed=PCN.equivalent_m_printed,
    derived=C.equivalent_m_form,
    derivation=f"{DERIV}.recursive_decoder_constants",
    assumptions="both families pairwise independent; nested Eq. (2) decoders",
    note="The equivalence is of the hash collisions and the decoder constants: the inner perturbation stays "
         "randomised response on m2 values, so the MSE is Eq. (10) with c_bar = 1/m and R's variances on m2 values.",
    steps=(Symbolic("printed vs derived m", part=_rhs, simplify=sympy.cancel),  # rational in m1, m2
           Identity("nested decoder constants == Eq. (8) constants with m'", _constants_difference, lambda: [0, 0]),
           Grid("m' read off the nested decoder (1 - 1/offset)", _equivalent_m_rows, exact_of),
           Numeric("nested CMS: slope consistent with m', P == composite CMS P, Q == Eq. (8) Q, unbiased",
                   _nested_facts)),
)


HE_CASES = ((2, (1, 2)), (4, (2, 3)), (8, (3, 3)))


@cache
def _cms_he(mm):
    """(outer family, CMS + HE on it, the regular CMS + binary RR with Eq. (8) on the composite family)."""
    outer = gf2_affine_family(*dict(HE_CASES)[mm])
    regular = cms(compose_families(outer, hadamard_family(mm)), grr(2, R(3)).mechanism, decoder="eq8").mechanism
    return outer, cms(outer, _he(mm, R(3))).mechanism, regular


def _cms_he_rows():
    for mm, _ in HE_CASES:
        outer, nested, _ = _cms_he(mm)
        rates = _collision_from_P(nested, outer.d)
        yield Point({"m": mm, "d": outer.d}, facts={C.m: mm}, data=1 / rates[0] if len(rates) == 1 else rates,
                    size=(mm,))


def _cms_he_same():
    same = [(mm, _Q(_cms_he(mm)[1]) == _Q(_cms_he(mm)[2]), _cms_he(mm)[1].is_unbiased()) for mm, _ in HE_CASES]
    return all(a and b for _, a, b in same), len(same), f"(m, Q equal, unbiased): {same}"


def _cms_he_mse_rows():
    for mm, _ in HE_CASES:
        outer, nested, _ = _cms_he(mm)
        for counts in [(1,) + (0,) * (outer.d - 1), (0,) * (outer.d - 1) + (1,), (1,) * outer.d]:
            nn = sum(counts)
            yield Point({"m": mm, "counts": counts}, data=moments.mse(nested, counts)[0], size=(mm, nn),
                        model=C.binary_inner_mse_derived(R(3), R(mm + 1, 2 * mm), nn, R(counts[0], nn)))


def _he_mse_limit():
    c_rate = (C.m + 1) / (2 * C.m)
    limit = sympy.limit(C.binary_inner_mse_derived(e, c_rate, n, f), C.m, sympy.oo)
    return sympy.cancel(limit - C.he_mse_derived(e, n, f))


record(
    id="pan-cms/sec4.5.cms-he",
    location="Section 4.5, last paragraph",
    statement="CMS + HE is equivalent to CMS + RR with m' = 2m/(m + 1); as m grows it approaches m' = 2 (HE).",
    printed=PCN.cms_he_printed,
    derived=C.cms_he_form,
    assumptions="outer family pairwise independent (GF(2^l) affine, m = 2^l); HE on [m] with the Walsh matrix of the "
                "smallest power-of-two size > m",
    note="'CMS + RR with m'' means collision rate 1/m' and Eq. (8)'s constants; the perturbation stays binary RR, so "
         "the MSE is the binary-RR form (checked below), not Eq. (6) with RR on m' (non-integer) values.",
    steps=(Symbolic("printed vs derived m'", part=_rhs, simplify=sympy.cancel),  # rational in m
           Identity("m' -> 2 as m -> oo", lambda forms: sympy.limit(forms.derived().rhs, C.m, sympy.oo),
                    lambda forms: 2, reads_forms=True),
           Identity("CMS+HE MSE -> HE MSE as m -> oo", _he_mse_limit, lambda: 0),
           Grid("m' = 1/collision read off the CMS+HE mechanism", _cms_he_rows, exact_of),
           Numeric("CMS+HE: Q == Eq. (8) Q of the composite family, unbiased", _cms_he_same),
           Grid("MSE of CMS+HE vs the binary-RR form with c_bar = (m+1)/(2m)", _cms_he_mse_rows, exact_of,
                path="moment-formula", printed=False)),
)
