"""pan-cms claim checks: Recursive Hadamard Response (Section 4.3; see derivations.pan_cms.connections).

RHR is built step by step (``ldpref.mechanisms.variants.recursive_hadamard_response``) and compared with a TnS
algorithm, with HE and with the derivation's collision rates and MSEs (exact moments of the real mechanisms).
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import cache, partial

import sympy

import derivations.pan_cms.connections as C
import derivations.pan_cms.printed_connections as PCN
from derivations.pan_cms.symbols import e, eps, f, n
from ldpref import enumeration, moments
from ldpref.exact import EXP_EPS
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Note, Numeric, Point, RoleGrid, Symbolic, rhs
from ldpref.ledger.forms import evaluate, value_integer_first
from ldpref.mechanisms.variants import rhr_family, rhr_matrix, tns, walsh_hadamard

from .connections import (DERIV, HOLDS, R, _canon, _canonical, _datasets, _grr, _he, _jz, _memo_evaluate, _rat, _rhr,
                          _truth, exact_of)


# ---- Section 4.3 -----------------------------------------------------------------------------------
def _smallest_size(form, d, bits):
    """The smallest power-of-two Hadamard size that a size rule (a statement in s, d, b) allows."""
    size = 1
    while not evaluate(form, {C.s_size: size, C.d: d, C.b: bits}):
        size *= 2
        if size > 4 * d + 4:
            raise ValueError(f"no size up to {size} satisfies {form}")
    return size


def _matrix_size_rows(forms):
    """(d, b) with 2^(b-1) <= d, shown with the size the printed rule allows (read from the printed form)."""
    for d in range(2, 13):
        for bits in (1, 2, 3):
            if 2 ** (bits - 1) <= d:
                yield Point({"d": d, "b": bits, "printed size": _smallest_size(forms.printed(), d, bits)},
                            facts=(d, bits), data=HOLDS, in_condition=d % 2 ** (bits - 1) == 0, size=(d, bits))


def _rows_exist(form, point):
    """Whether every row x // 2^(b-1) + 1 (x in [d]) exists in the Walsh matrix of the smallest size ``form``
    allows."""
    d, bits = point.facts
    H = walsh_hadamard(_smallest_size(form, d, bits))
    return all(x // 2 ** (bits - 1) + 1 < len(H) for x in range(d))


record(
    id="pan-cms/sec4.3.matrix-size",
    location="Section 4.3, RHR step (2)",
    statement="A Hadamard matrix of size larger than d // 2^(b-1) has the row (x // 2^(b-1)) + 1 for every x in [d].",
    printed=PCN.matrix_size_printed,
    derived=C.matrix_size_form,
    kind="statement",
    condition="2^(b-1) divides d; otherwise the values x in [d] = {0, ..., d-1} use rows up to ceil(d / 2^(b-1)) "
              "and the size must exceed ceil(d / 2^(b-1))",
    assumptions="[d] = {0, ..., d-1} and rows counted from 0 as in Appendix G's H[i, j] = (-1)^{i.j} (row "
                "x // 2^(b-1) + 1, as HE's row x + 1 skips the all-ones row 0); 2^(b-1) <= d; the smallest "
                "power-of-two size the rule allows",
    note="With 1-based values and rows (row 1 the all-ones row) the printed rule is exact; HE's rule 'size larger "
         "than d' is exact under the 0-based reading used here.",
    root_cause="sec4.3.matrix-size",
    steps=(Grid("every row x // 2^(b-1) + 1 exists in the Walsh matrix of the smallest size each rule allows",
                _matrix_size_rows, exact_of, value=_rows_exist, reads_forms=True),),
)


def _rhr_key(label):
    j, z = _jz(label)
    return j, (1 if z[0] == "+" else -1, int(z[1:]))


def _rhr_grid():
    return [(2, 1), (3, 1), (2, 2), (3, 2), (4, 2), (5, 2), (4, 3), (5, 3)]


def _tns_rows():
    for d, bits in _rhr_grid():
        for ee in (R(3), EXP_EPS):
            if not (ee == EXP_EPS and bits == 3):
                yield Point({"d": d, "b": bits, "exp_eps": ee}, facts={C.d: d, C.b: bits}, data=(d, bits, ee),
                            size=(d, bits))


@cache
def _tns_models(d, bits, ee):
    """(RHR's canonical P, number of matrix values) of the real RHR; the TnS algorithm's canonical P; the P that
    the step-by-step description gives (p or q over s columns, messages (sign, x mod 2^(b-1)))."""
    rhr, M = _rhr(d, bits, ee), rhr_matrix(d, bits)
    values = sorted({v for row in M for v in row})
    t = tns(M, _grr(len(values), ee))
    tkey = lambda lab: (_jz(lab)[0], values[int(_jz(lab)[1])])  # noqa: E731
    p, q = C.grr_reconstruction_moments(ee, 2 ** bits)[:2]
    s = len(M[0])
    messages = sorted(((sgn, r) for sgn in (1, -1) for r in range(2 ** (bits - 1))), key=lambda t: t)
    Pd = sympy.Matrix([[(p if msg == (M[x][j][0], x % 2 ** (bits - 1)) else q) / s for x in range(d)]
                       for j in range(s) for msg in messages])
    return [_canonical(rhr, _rhr_key)[0], len(values)], _canonical(t, tkey)[0], _canon(Pd)


def _tns_value(form, point, role):
    """[the perturbation matrix, the number of values the form gives]: TnS's P beside the printed form, the
    step-by-step P beside the derived form."""
    _, tns_P, described_P = _tns_models(*point.data)
    return [tns_P if role == "printed" else described_P, evaluate(form, point.facts)]


def _he_rows():
    for d, bits in _rhr_grid():
        for ee in (R(3), EXP_EPS):
            if bits == 1:
                hkey = lambda lab: (_jz(lab)[0], (int(_jz(lab)[1]), 0))  # noqa: E731
                yield Point({"d": d, "exp_eps": ee}, data=list(_canonical(_rhr(d, bits, ee), _rhr_key)), size=(d,),
                            model=list(_canonical(_he(d, ee), hkey)))


def _product_note():
    counts = [(d, bb, len({sgn * r for row in rhr_matrix(d, bb) for sgn, r in row})) for d, bb in _rhr_grid()]
    return ("distinct values of the literal integer product s * (x mod 2^(b-1)): "
            + ", ".join(f"d={d}, b={bb}: {cnt} (2^b = {2 ** bb})" for d, bb, cnt in counts))


record(
    id="pan-cms/sec4.3.tns",
    location="Section 4.3, 'Steps 2 - 5 can be fitted in the TnS framework, mapping x to 2^b possible values'",
    statement="RHR's steps 2-5 are a TnS algorithm whose matrix takes 2^b values.",
    printed=PCN.rhr_tns_printed,
    derived=C.rhr_tns_form,
    kind="statement",
    assumptions="d >= 2^(b-1); 's x (x mod 2^(b-1))' read as the signed pair (s, x mod 2^(b-1)) "
                "(see ldpref.mechanisms.variants.recursive_hadamard_response)",
    note="Read as an integer product, s x 0 = 0 merges two messages: only 2^b - 1 values remain, and the two values "
         "of residue 0 would collide with probability 1 instead of 1/2.",
    steps=(RoleGrid("RHR built step by step vs TnS(M[x][j] = (H[x//B+1, j], x mod B), 2^b-ary RR)", _tns_rows,
                    lambda point: _tns_models(*point.data)[0], value=_tns_value),
           Grid("RHR with b = 1 is HE (P and Q)", _he_rows, exact_of, printed=False),
           Note(_product_note)),
)


def _branches(form):
    """(value, condition) of each branch of a Piecewise collision rate (sympy folds a perturbation into them): the
    values, then each condition as a symbol named by its text (conditions compare as written)."""
    folded = sympy.piecewise_fold(form)
    if not isinstance(folded, sympy.Piecewise):
        raise ValueError(f"collision rate {form} is not a Piecewise")
    return [v for v, _ in folded.args] + [sympy.Symbol(str(c)) for _, c in folded.args]


COLLISION_GRID = [(d, bits) for d in range(2, 9) for bits in (1, 2, 3)]


def _collision_pair_rows():
    for d, bits in COLLISION_GRID:
        fam = rhr_family(d, bits)
        for a, c in itertools.combinations(range(d), 2):
            yield Point({"d": d, "b": bits, "x1": a, "x2": c}, facts={C.x1: a, C.x2: c, C.b: bits},
                        data=_rat(fam.collision_rate(a, c)), size=(d, bits, a, c))


def _gf2_count(d, bits):
    """The derivation's GF(2) count against the family's collision rate, pair by pair."""

    def decide():
        fam, B = rhr_family(d, bits), 2 ** (bits - 1)
        pairs = [(_rat(fam.collision_rate(a, c)), C.rhr_collision_derived(a // B, a % B, c // B, c % B))
                 for a, c in itertools.combinations(range(d), 2)]
        bad = [pair for pair in pairs if pair[0] != pair[1]]
        return not bad, len(pairs), f"{len(bad)} mismatches" if bad else "all pairs agree"

    return Numeric(f"GF(2) count (rhr_collision_derived) vs family, d={d}, b={bits}", decide)


def _literal_product_note():
    """The pairs that collide with probability 1 under the literal integer product s*(x mod 2^(b-1))."""
    literal = []
    for d, bits in COLLISION_GRID:
        M = rhr_matrix(d, bits)
        literal += [(d, bits, a, c) for a, c in itertools.combinations(range(d), 2)
                    if all(M[a][j][0] * M[a][j][1] == M[c][j][0] * M[c][j][1] for j in range(len(M[0])))]
    return (f"under the literal integer product s*(x mod 2^(b-1)), {len(literal)} pairs collide with probability 1, "
            f"e.g. {literal[:3]}")


record(
    id="pan-cms/sec4.3.collision",
    location="Section 4.3, second paragraph",
    statement="Two distinct inputs of RHR collide with probability 1/2 if they have the same residue mod 2^(b-1), "
              "and with probability 0 otherwise.",
    printed=PCN.rhr_collision_printed,
    derived=C.rhr_collision_form,
    derivation=f"{DERIV}.rhr_collision_derived",
    assumptions="x1 != x2 in [d]; collision over the uniformly drawn column j",
    symbols={"x_1, x_2": "two distinct inputs", "b": "bits of RHR"},
    steps=(Symbolic("printed vs derived collision rate (branch values and branch conditions)", part=_branches),
           *(_gf2_count(d, bits) for d, bits in COLLISION_GRID),
           Grid("collision rate of the RHR hash family (every pair)", _collision_pair_rows, exact_of),
           Note(_literal_product_note)),
)


def _skewed_rows():
    for bits in (2, 3):
        B = 2 ** (bits - 1)
        for d in sorted({B + 1, B + 2, 2 * B + 1}):
            fam = rhr_family(d, bits)
            rates = {pair: _rat(fam.collision_rate(*pair)) for pair in itertools.combinations(range(d), 2)}
            yield Point({"d": d, "b": bits, "rates": sorted({str(r) for r in rates.values()})}, data=rates,
                        facts={C.b: bits}, size=(d, bits))


def _skewed_truth(form, point, role):
    """printed: some pair's rate is not the constant 2^-b; derived: every pair's rate is the Piecewise form."""
    rates = point.data
    at = {pair: {C.x1: pair[0], C.x2: pair[1], **point.facts} for pair in rates}
    if role == "printed":
        return any(_truth(form, r, at[pair]) for pair, r in rates.items())
    return all(evaluate(form, at[pair]) == r for pair, r in rates.items())


record(
    id="pan-cms/sec4.3.skewed",
    location="Section 4.3, second paragraph, 'RHR is a skewed version of CMS'",
    statement="RHR's collision rate is not the constant 1/m = 2^-b of a pairwise-independent CMS with 2^b values.",
    printed=PCN.skewed_printed,
    derived=C.skewed_form,
    derivation=f"{DERIV}.rhr_collision_derived",
    kind="statement",
    assumptions="b >= 2 (more bits than HE) and d > 2^(b-1) (some residue class holds two values)",
    note="At b = 1 RHR is HE: every pair collides with probability 1/2 = 1/m.",
    steps=(Note(lambda: f"b = 1, d = 4: constant collision rate {rhr_family(4, 1).has_constant_collision_rate()} = "
                        "1/m (HE)"),
           RoleGrid("RHR family is not collision-uniform at 2^-b (printed); its rates are the derived Piecewise",
                    _skewed_rows, lambda point: HOLDS, value=_skewed_truth)),
)


def _same_mod_rows():
    for bits in (1, 2, 3):
        B = 2 ** (bits - 1)
        for d in sorted({x for x in (B, 2 * B, 3 * B) if x >= 2}):
            yield Point({"d": d, "b": bits}, facts={C.b: bits}, size=(d, bits),
                        data=R(sum(1 for a in range(d) for c in range(d) if a % B == c % B), d * d))


record(
    id="pan-cms/sec4.3.same-mod-probability",
    location="Section 4.3, third paragraph, 'the same mod with a probability of 2^{b-1}'",
    statement="Two objects of a random dataset have the same residue mod 2^(b-1) with probability 2^(b-1).",
    printed=PCN.same_mod_probability_printed,
    derived=C.same_mod_probability_form,
    assumptions="the two values i.i.d. uniform on [d], with 2^(b-1) dividing d",
    root_cause="sec4.3.same-mod-exponent",
    steps=(Symbolic("printed vs derived probability", part=rhs),
           Grid("same-residue probability of two uniform values (every ordered pair)", _same_mod_rows, exact_of,
                value=lambda form, point: evaluate(form.rhs, point.facts))),
)


def _random_collision_rows():
    for bits in (1, 2, 3):
        B = 2 ** (bits - 1)
        # (A) rows a = 0 and a = 1 fixed, residues i.i.d. uniform (:func:`_b_eps_case`): the premise holds exactly
        yield Point({"b": bits, "pair": "a = 0, 1; residues uniform"}, facts={C.b: bits, C.rho: R(1, B)},
                    data=1 / _b_eps_case(bits)[0], size=(0, bits))
        # (B) a uniformly random pair of distinct values of [d]
        for d in sorted({x for x in (2 * B, 3 * B, 4 * B) if x >= 2}):
            fam = rhr_family(d, bits)
            pairs = list(itertools.permutations(range(d), 2))
            exact = sum((_rat(fam.collision_rate(a, c)) for a, c in pairs), R(0)) / len(pairs)
            yield Point({"b": bits, "d": d, "pair": "uniform distinct values"}, data=exact, in_condition=False,
                        facts={C.b: bits, C.rho: C.uniform_distinct_same_residue(d, bits)}, size=(d, bits))


def _rho_limit():
    dsym = sympy.Symbol("d", positive=True)
    return sympy.limit((dsym / 2 ** (C.b - 1) - 1) / (dsym - 1), dsym, sympy.oo)


record(
    id="pan-cms/sec4.3.random-collision",
    location="Section 4.3, third paragraph, 'then the hash collision probability becomes 2^{-b}'",
    statement="On a randomly generated dataset two objects collide with probability 2^-b.",
    printed=PCN.random_collision_printed,
    derived=C.random_collision_form,
    condition="the two values are distinct and their residues mod 2^(b-1) are independent and uniform (the premise "
              "'same residue with probability 2^(1-b)'); two uniformly random distinct values of [d] share their "
              "residue with probability (d/2^(b-1) - 1)/(d - 1), giving (d/2^(b-1) - 1)/(2(d - 1)), which tends "
              "to 2^-b as d grows",
    assumptions="collision averaged over the pair and over RHR's column j; 2^(b-1) divides d",
    root_cause="sec4.3.random-pair",
    steps=(Symbolic("printed vs derived collision probability", part=rhs),
           Grid("average collision rate of RHR over random pairs", _random_collision_rows, exact_of),
           Identity("rho for uniform distinct values -> 2^(1-b) as d -> oo", _rho_limit, lambda: 2 ** (1 - C.b))),
)


@cache
def _b_eps_case(bits):
    """(1 / the collision rate of a random pair, the number of messages) of RHR with b = ``bits`` bits."""
    B = 2 ** (bits - 1)
    fam = rhr_family(max(2 * B, 2), bits)
    avg = sum((_rat(fam.collision_rate(r1, B + r2)) for r1 in range(B) for r2 in range(B)), R(0)) / B**2
    return 1 / avg, fam.m


def _b_eps_messages(bits):
    """The equivalent m (1/collision) of RHR with b bits is its number of messages (one case)."""
    exact, messages = _b_eps_case(bits)
    return exact == messages, 1, f"{exact} vs {messages}"


def _b_eps_rows():
    for bits in (1, 2, 3, 4):
        yield Point({"b = eps": bits}, facts={eps: bits}, data=_b_eps_case(bits)[0], size=(bits,))


record(
    id="pan-cms/sec4.3.b-eps",
    location="Section 4.3, third paragraph, '[12] sets b = eps ... equivalent to m = e^eps in CMS'",
    statement="RHR with b = eps bits is equivalent to CMS with m = e^eps.",
    printed=PCN.b_eps_printed,
    derived=C.b_eps_form,
    assumptions="eps a positive integer (b = eps bits); equivalent m = 1 / (collision rate of a random pair) "
                "= number of messages",
    note="2^eps lies between e^(eps/2) (MSE-OCMS) and e^eps (l-OCMS).",
    root_cause="sec4.3.b-eps",
    steps=(Symbolic("printed vs derived m", part=rhs),
           *(Numeric(f"1/collision == number of messages (b={bits})", partial(_b_eps_messages, bits))
             for bits in (1, 2, 3, 4)),
           Grid("equivalent m of RHR with b = eps bits", _b_eps_rows, exact_of,
                value=lambda form, point: evaluate(form.rhs, point.facts))),
)


def _class_datasets(d, bits, max_n):
    """Datasets whose clients all share one residue class (that holds >= 2 values), with x in the class."""
    B = 2 ** (bits - 1)
    for r in range(min(B, d)):
        cls = [x for x in range(d) if x % B == r]
        if len(cls) < 2:
            continue
        for counts in _datasets(d, max_n, cls):
            for x in cls:
                yield r, counts, x


_MSE_RHR, _MSE_HE = sympy.Symbol(r"\mathrm{MSE}_{\mathrm{RHR}}"), sympy.Symbol(r"\mathrm{MSE}_{\mathrm{HE}}")


@cache
def _exact_mse(mech, counts):
    """One moment computation per (mechanism, dataset), read at every x of the class."""
    return moments.mse(mech, counts)


def _worse_rows():
    for d, bits in [(3, 2), (4, 2), (5, 2), (5, 3), (6, 3)]:
        for ee in (R(2), R(5, 2), R(3)):
            for r, counts, x in _class_datasets(d, bits, 3):
                nn = sum(counts)
                mr, mh = _exact_mse(_rhr(d, bits, ee), counts)[x], _exact_mse(_he(d, ee), counts)[x]
                fx = R(counts[x], nn)
                yield Point({"d": d, "b": bits, "exp_eps": ee, "counts": counts, "x": x}, size=(d, bits, nn),
                            facts={_MSE_RHR: mr, _MSE_HE: mh, e: ee, C.b: bits, n: nn, f: fx}, data=(mr, mh))


def _worse_statement_rows():
    for point in _worse_rows():
        yield replace(point, data=HOLDS)


def _worse_model_rows():
    """The one-residue points with the derived MSE formulas of RHR and HE as model points."""
    for point in _worse_rows():
        yield replace(point, model=_mse_models(point))


_MEMO: dict = {}


def _mse_models(point):
    """The derived MSE formulas of RHR and HE (model functions, not the claim's form) at the point."""
    facts = point.facts
    return [C.rhr_mse_derived(facts[e], facts[C.b], facts[n], facts[f], 1),
            C.he_mse_derived(facts[e], facts[n], facts[f])]


def _general_rows():
    """The derived RHR MSE on every dataset (any residue mix), against exact enumeration."""
    for d, bits, ee in [(3, 2, R(3)), (4, 2, R(2))]:
        B = 2 ** (bits - 1)
        for counts in _datasets(d, 2):
            nn = sum(counts)
            der = [C.rhr_mse_derived(ee, bits, nn, R(counts[x], nn),
                                     R(sum(c for y, c in enumerate(counts) if y % B == x % B), nn)) for x in range(d)]
            yield Point({"d": d, "b": bits, "exp_eps": ee, "counts": counts}, model=der,
                        data=enumeration.enumerated_moments(_rhr(d, bits, ee), counts)["mse"], size=(d, bits, nn))


record(
    id="pan-cms/sec4.3.same-residue-worse",
    location="Section 4.3, fourth paragraph",
    statement="On a dataset whose values all share one residue mod 2^(b-1), RHR has a larger MSE than Hadamard "
              "Encoding.",
    printed=PCN.same_residue_worse_printed,
    derived=C.same_residue_worse_form,
    derivation=f"{DERIV}.rhr_mse_derived",
    kind="statement",
    assumptions="b >= 2; RHR with its unbiased within-residue Hadamard decoder; HE on the same d; x in the class",
    steps=(Grid("MSE_RHR(x) > MSE_HE(x) on one-residue datasets (exact moments of the real RHR and HE)",
                _worse_statement_rows, exact_of, path="moment-formula",
                value=lambda form, point: _memo_evaluate(_MEMO, form, point.facts)),
           Grid("exact MSEs [RHR, HE] vs derived formulas", _worse_model_rows, lambda point: list(point.data),
                path="moment-formula", printed=False),
           Grid("derived RHR MSE vs exact enumeration on every dataset of <= 2 clients", _general_rows, exact_of,
                printed=False)),
)


def _value_at(expr, sub: dict):
    """``expr.subs(sub)`` for a form in b, e^eps, n, f(x) with rational values: 2^b put in once per form and b, the
    rest by exact rational arithmetic (:func:`ldpref.ledger.forms.value_integer_first`)."""
    return value_integer_first(expr, sub, C.b)


_TWO_B = sympy.Symbol("M", positive=True)  # 2^b as a symbol: both forms become rational functions


def _eq5_rows():
    for d, bits in [(3, 1), (3, 2), (4, 2), (5, 3)]:
        for ee in (R(2), R(3)):
            for r, counts, x in _class_datasets(d, bits, 2):
                nn = sum(counts)
                yield Point({"d": d, "b": bits, "exp_eps": ee, "counts": counts, "x": x},
                            facts={C.b: bits, e: ee, n: nn, f: R(counts[x], nn)}, data=(d, bits, ee, counts, x),
                            size=(d, bits, nn, ee))


def _eq2_rhr(point, what):
    """The Eq. (2)-decoded RHR's exact variance or bias at the point."""
    d, bits, ee, counts, x = point.data
    return getattr(moments, what)(_rhr(d, bits, ee, decoder="eq2"), counts)[x]


def _eq2_model_rows(what):
    """The points of Eq. (5) with the derived variance or bias of Eq. (2)-decoded RHR as model points (model
    functions, not the claim's form)."""
    for point in _eq5_rows():
        d, bits, ee, counts, x = point.data
        fx = R(counts[x], sum(counts))
        yield replace(point, model=(C.eq2_rhr_variance_derived(ee, bits, sum(counts), fx) if what == "variance"
                                    else C.eq2_rhr_bias_derived(bits, fx)))


def _eq12_identity(forms):
    """Eq. (12)'s printed variances (the Piecewise branches a = b, a != b of pan-cms/eq12, a declared dependency)
    minus the randomised-response variances of the derivation."""
    veq, vne = C.grr_variances_derived(e, C.m)
    p12 = [value for value, _ in forms.form_of("pan-cms/eq12", "printed").rhs.args]
    return [sympy.cancel(veq - p12[0]), sympy.cancel(vne - p12[1])]


record(
    id="pan-cms/sec4.3.eq5-mse",
    location="Section 4.3, fourth paragraph, 'the MSE of RHR is equivalent to setting c(x, x') = 1/2 while setting "
             "R as a randomized response with m > 2 in Eq. (5)'",
    statement="On a one-residue dataset, RHR's MSE is Eq. (5) with c_bar = 1/2 and R = m-ary randomised response, "
              "m = 2^b.",
    printed=PCN.rhr_eq5_printed,
    derived=C.rhr_eq5_form,
    derivation=f"{DERIV}.rhr_second_moments",
    assumptions="every client in x's residue class; RHR decoded by its unbiased within-residue Hadamard decoder; "
                "Eq. (12)'s variances for R",
    note="Eq. (5) with these values is the variance of RHR decoded by Eq. (2) with m = 2^b, an estimator with bias "
         "(2^(b-1) - 1)(1 - f(x))/(2^b - 1) on such datasets; with the unbiased decoder the MSE is "
         "((e^eps + 1)(e^eps + 2^b - 1)/(e^eps - 1)^2 - f(x))/n.  At b = 1 (HE) all three agree.",
    root_cause="sec4.3.eq5-mse",
    depends_on=("pan-cms/eq12",),
    steps=(Symbolic("printed vs derived MSE (2^b = M)", part=rhs,
                    simplify=lambda x: sympy.cancel(x.subs(2**C.b, _TWO_B))),
           Grid("MSE of RHR on one-residue datasets", _eq5_rows, lambda point: moments.mse(
               _rhr(*point.data[:3]), point.data[3])[point.data[4]], path="moment-formula", part=rhs,
                value=lambda form, point: _value_at(form, point.facts)),
           Grid("Eq. (2)-decoded RHR: variance (what Eq. (5) gives)", partial(_eq2_model_rows, "variance"),
                lambda point: _eq2_rhr(point, "variance"), path="moment-formula", printed=False),
           Grid("Eq. (2)-decoded RHR: bias", partial(_eq2_model_rows, "bias"), lambda point: _eq2_rhr(point, "bias"),
                path="moment-formula", printed=False),
           Identity("Eq. (12) variances == randomised-response variances", _eq12_identity, lambda forms: [0, 0],
                    reads_forms=True)),
)
