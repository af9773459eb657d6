"""pan-cms claim checks: connections (Section 4 and Appendix G; see derivations.pan_cms.connections).

The exact path builds every mechanism of Section 4 step by step (``ldpref.mechanisms.variants``: TnS, HE,
HR, RHR, local hashing, RAPPOR cohorts) and compares it with a real CMS (``ldpref.mechanisms.cms``) built
from real hash families (``ldpref.hashing``); moments come from ``ldpref.moments`` / ``ldpref.enumeration``
on those mechanisms.  Statements record, per instance, whether they hold (exact), what the paper asserts
(printed) and what the derivation predicts (derived).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import numpy as np
import sympy

import derivations.pan_cms.connections as C
from derivations.pan_cms.symbols import e, eps, f, n
from ldpref import enumeration, moments
from ldpref.exact import EXP_EPS
from ldpref.hashing import (HashFamily, gf2_affine_family, gf2_affine_mod_family, hadamard_family, random_family,
                            sylvester_hadamard)
from ldpref.ledger import Instance, claim
from ldpref.linalg import exact_matrix
from ldpref.ledger.forms import evaluate
from ldpref.ledger.root_causes import RootCause
from ldpref.mechanisms.cms import cms, inner_mechanism
from ldpref.mechanisms.pure import grr, oue, sue
from ldpref.mechanisms.variants import (columns_family, compose_families, hadamard_encoding, hadamard_response,
                                        hadamard_response_family, local_hashing, rappor_cohorts,
                                        recursive_hadamard_response, rhr_family, rhr_matrix, tns,
                                        walsh_hadamard)

SEED = 20260604
R = sympy.Rational
#: a statement of the paper must hold at every instance it covers: its printed and derived forms are evaluated
#: on facts computed from the real mechanisms there, and compared with this value
HOLDS = True
EXPS = (R(2), R(3), EXP_EPS)
DERIV = "derivations.pan_cms.connections"


# ---- helpers ------------------------------------------------------------------------------------
def _rat(x) -> sympy.Rational:
    return R(x.numerator, x.denominator) if isinstance(x, Fraction) else sympy.sympify(x)


def _P(mech) -> sympy.Matrix:
    return mech.perturbation_matrix()


def _Q(mech) -> sympy.Matrix:
    return mech.decoder_matrix()


def _canonical(mech, key):
    """(P, Q) with the outputs sorted by ``key(label)``: compares mechanisms whose labels differ."""
    order = sorted(range(mech.n_outputs), key=lambda u: key(mech.outputs[u]))
    P, Q = _P(mech), _Q(mech)
    return (sympy.Matrix([list(P.row(u)) for u in order]), sympy.Matrix.hstack(*[Q.col(u) for u in order]))


def _canon(M) -> sympy.Matrix:
    """``M`` with its entries in the canonical form of ldpref's exact matrices (the form of a mechanism's P and
    Q): the same exact values, so that comparing them with a mechanism's matrices meets identical entries."""
    return exact_matrix(sympy.Matrix(M).tolist(), what="derived matrix").to_Matrix()


def _memo_evaluate(memo: dict, form, facts: dict):
    """``evaluate(form, facts)``, computed once per distinct value of the symbols ``form`` contains (many
    instances share them: the facts it does not read vary, the ones it reads repeat)."""
    if not isinstance(form, sympy.Basic):
        return evaluate(form, facts)
    free = form.free_symbols
    key = (form, frozenset((k, v) for k, v in facts.items() if k in free))
    if key not in memo:
        memo[key] = evaluate(form, facts)
    return memo[key]


def _jz(label):
    j, z = label.split(":", 1)
    return int(j), z


def _pairwise_by_count(functions, inputs) -> bool:
    """Strong pairwise independence on {-1, 1} (or [m]) by counting over the functions."""
    k = len(functions)
    values = sorted({h[x] for h in functions for x in inputs})
    for a, c in itertools.permutations(inputs, 2):
        counts = {}
        for h in functions:
            counts[(h[a], h[c])] = counts.get((h[a], h[c]), 0) + 1
        if len(counts) != len(values) ** 2 or any(Fraction(v, k) != Fraction(1, len(values) ** 2) for v in counts.values()):
            return False
    return True


def _first_non_uniform_triple(functions, inputs):
    k = len(functions)
    for triple in itertools.combinations(inputs, 3):
        counts = {}
        for h in functions:
            key = tuple(h[x] for x in triple)
            counts[key] = counts.get(key, 0) + 1
        if len(counts) != 8 or any(Fraction(v, k) != Fraction(1, 8) for v in counts.values()):
            return triple
    return None


def _smallest_pow2_above(v):
    s = 1
    while s <= v:
        s *= 2
    return s


def _datasets(d, max_n, support=None):
    support = list(range(d)) if support is None else list(support)
    for total in range(1, max_n + 1):
        for combo in itertools.combinations_with_replacement(support, total):
            yield tuple(combo.count(x) for x in range(d))


@cache
def _paley12():
    """A normalised Hadamard matrix of order 12 (Paley I, q = 11): not symmetric, not Sylvester."""
    q = 11
    squares = {(i * i) % q for i in range(1, q)}
    chi = lambda a: 0 if a % q == 0 else (1 if a % q in squares else -1)  # noqa: E731
    S = [[0] + [1] * q] + [[-1] + [chi(j - i) for j in range(q)] for i in range(q)]
    H = [[S[i][j] + (1 if i == j else 0) for j in range(q + 1)] for i in range(q + 1)]
    # normalise: first column, then first row, all +1
    H = [[v * row[0] for v in row] for row in H]
    H = [[H[i][j] * H[0][j] for j in range(q + 1)] for i in range(q + 1)]
    return H


# ---- Definition 4.1 / Theorem 4.1 ------------------------------------------------------------------
@cache
def _tns_grid():
    rng = np.random.default_rng(SEED)
    out = []
    for d, k, m in [(2, 2, 2), (3, 2, 2), (3, 3, 3), (4, 3, 2), (3, 4, 3)]:
        while True:
            M = rng.integers(0, m, size=(d, k))
            if len({int(v) for v in M.flat}) == m:
                break
        labelled = [[7 * int(v) + 3 for v in row] for row in M]  # arbitrary element labels
        for kind, ee in [("rr", R(3)), ("rr", EXP_EPS), ("arp", R(5, 2)), ("srp", R(4))]:
            out.append(((d, k, m), labelled, kind, ee))
    return out


def _relabelled(M):
    values = sorted({v for row in M for v in row})
    idx = {v: i for i, v in enumerate(values)}
    return [[idx[v] for v in row] for row in M]


def _dict_matrix(law, d):
    return sympy.Matrix([[sympy.cancel(v) for v in law[key]] for key in sorted(law)]) if law else sympy.zeros(0, d)


# ---- mechanisms built once per parameter point (several claims of this section use the same ones) ----------
@cache
def _grr(size, ee):
    return grr(size, ee).mechanism


@cache
def _he(d, ee):
    return hadamard_encoding(d, ee)


@cache
def _cms(fam, inner, decoder="eq2"):
    return cms(fam, inner, decoder=decoder).mechanism


@cache
def _rhr(d, bits, ee, decoder="hadamard"):
    return recursive_hadamard_response(d, bits, ee, decoder=decoder)


@cache
def _lh(fam, ee):
    return local_hashing(fam, ee)


@cache
def _tns_case(index):
    """(inner mechanism, TnS mechanism) of ``_tns_grid()[index]``."""
    size, M, kind, ee = _tns_grid()[index]
    inner = inner_mechanism(kind, size[2], ee)
    return inner, tns(M, inner)


@claim(
    id="pan-cms/def4.1",
    location="Section 4, Definition 4.1 and the sentence after it",
    statement="Sampling a uniform element M[x][j] of the row M[x] and perturbing it has the same output law "
              "as sampling a uniform column M[:, j], mapping x to M[x, j] and perturbing it.",
    printed=C.def41_printed,
    derived=C.tns_form,
    derivation=f"{DERIV}.tns_row_sampling",
    kind="statement",
    assumptions="the sampled position j is reported with the perturbed element; M is d x k",
)
def def4_1(ev):
    insts = []
    for index, (size, M, kind, ee) in enumerate(_tns_grid()):
        inner, t = _tns_case(index)
        PR = _P(inner)
        Ml = _relabelled(M)
        exact = _P(t)
        facts = {"P": exact, "P_other": C.law_matrix(C.tns_column_sampling(Ml, PR), size[0]), "M": Ml, "PR": PR}
        insts.append(Instance({"d,k,m": size, "inner": kind, "exp_eps": ee}, HOLDS, evaluate(ev.derived(), facts),
                              evaluate(ev.printed(), facts), size=size))
    ev.instances("row sampling (ldpref.mechanisms.variants.tns) vs column sampling (printed) and the derived law",
                 insts)


@claim(
    id="pan-cms/thm4.1",
    location="Section 4, Theorem 4.1",
    statement="An algorithm of the TnS framework is a CMS whose hash family is the set of columns of M.",
    printed=C.tns_printed,
    derived=C.tns_form,
    derivation=f"{DERIV}.tns_row_sampling",
    kind="statement",
    assumptions="the position j is reported (the server knows which hash function was used); the elements of M "
                "are relabelled 0..m-1",
)
def thm4_1(ev):
    # the derivation on a generic inner mechanism: row sampling == the CMS law of the columns
    for d, k, m in [(2, 2, 2), (3, 2, 3)]:
        PR = sympy.Matrix(m, m, lambda z, y: sympy.Symbol(f"r_{z}{y}"))
        M = [[(x * 2 + j) % m for j in range(k)] for x in range(d)]
        columns = [tuple(M[x][j] for x in range(d)) for j in range(k)]
        ev.identity(f"TnS law == CMS law of the columns (generic R, d={d}, k={k}, m={m})",
                    _dict_matrix(C.tns_row_sampling(M, PR), d), _dict_matrix(C.cms_perturbation(columns, PR), d))
    insts = []
    for index, (size, M, kind, ee) in enumerate(_tns_grid()):
        inner, t = _tns_case(index)
        c = _cms(columns_family(M), inner)
        facts = {"P": _P(t), "Q": _Q(t), "P_other": _P(c), "Q_other": _Q(c), "M": _relabelled(M), "PR": _P(inner)}
        insts.append(Instance({"d,k,m": size, "inner": kind, "exp_eps": ee}, HOLDS, evaluate(ev.derived(), facts),
                              evaluate(ev.printed(), facts), size=size))
    ev.instances("TnS mechanism (P, Eq. (2) decoder) vs CMS of the columns of M (printed), derived law", insts)


# ---- Section 4.1 -----------------------------------------------------------------------------------
@claim(
    id="pan-cms/sec4.1.he-cms-rr",
    location="Section 4.1, last two sentences (and the TnS sentence)",
    statement="Hadamard Encoding is CMS + RR with m = 2 and a pairwise-independent hash family "
              "(h_j(x) = H[x+1, j]); its decoder is Eq. (2).",
    printed=C.he_cms_printed,
    derived=C.he_law_form,
    derivation=f"{DERIV}.walsh_joint_fraction",
    kind="statement",
    assumptions="Walsh-Hadamard matrix of the smallest power-of-two size > d; binary RR keeps w.p. e/(e+1); the "
                "Appendix G decoder divided by n",
)
def sec4_1_he(ev):
    insts = []
    for d in (2, 3, 4, 5):
        for ee in EXPS:
            if ee == EXP_EPS and d > 3:
                continue
            he = _he(d, ee)
            fam = hadamard_family(d)
            c = _cms(fam, _grr(2, ee))
            rows = [tuple(walsh_hadamard(fam.k)[x + 1][j] for x in range(d)) for j in range(fam.k)]
            pairwise = _pairwise_by_count([dict(enumerate(r)) for r in rows], range(d))
            facts = {"P": _P(he), "Q": _Q(he), "P_other": _P(c), "Q_other": _Q(c), "pairwise": pairwise,
                     "d_value": d, "exp_eps": ee, "signs": (1, -1)}
            insts.append(Instance({"d": d, "exp_eps": ee}, HOLDS, evaluate(ev.derived(), facts),
                                  evaluate(ev.printed(), facts), size=(d,)))
    ev.instances("HE built step by step vs CMS(Hadamard columns, binary RR, Eq. (2)) with pairwise-independent "
                 "columns (printed) and the derived law and decoder", insts)


def _pattern_fractions(functions, inputs, t):
    """Pr_h[(h(x_1), ..., h(x_t)) = y] over the functions, for every t-set of distinct inputs and every sign pattern y."""
    k = len(functions)
    out = []
    for tup in itertools.combinations(inputs, t):
        counts = {}
        for h in functions:
            key = tuple(h[x] for x in tup)
            counts[key] = counts.get(key, 0) + 1
        out += [R(counts.get(y, 0), k) for y in itertools.product((1, -1), repeat=t)]
    return out


def _truth(form, lhs_value, params=None):
    """A relation 'q = c' or 'q != c' at an observed value of its left-hand side q: an Eq evaluates to c (the
    relation holds when it equals the observation), any other relation to its truth value."""
    got = evaluate(form, {form.lhs: lhs_value, **(params or {})})
    return got if isinstance(got, bool) else got == lhs_value


def _arity(form):
    """t of a statement 'Pr_h[(h(x_1), ..., h(x_t)) = (y_1, ..., y_t)] = c' (read off its left-hand side)."""
    return str(form.lhs).count("h(x_{")


def _form_holds(form, values):
    """A statement 'Pr[...] = c' at every observed probability."""
    return all(_truth(form, v) for v in values)


@claim(
    id="pan-cms/sec4.1.3-wise",
    location="Section 4.1, 'all the rows of a Hadamard matrix, excluding the first element, comprise a "
             "3-wise-independent hashing family'",
    statement="The rows of a Hadamard matrix without their first element form a 3-wise-independent family "
              "of functions to {-1, 1}.",
    printed=C.three_wise_printed,
    derived=C.pairwise_form,
    derivation=f"{DERIV}.walsh_joint_fraction",
    kind="statement",
    assumptions="uniform choice of the function; three distinct inputs; Sylvester (Walsh) matrices of size 4 and 8 "
                "and a Paley matrix of size 12",
    note="Rows and columns give the same family for the symmetric Sylvester matrix and both are only pairwise "
         "independent: inputs x1, x2, x3 = x1 xor x2 always give h(x3) = h(x1) h(x2).  Adding a uniform sign "
         "(the family {+H[i], -H[i]}, i.e. affine instead of linear GF(2) functions) makes it 3-wise independent.  "
         "The conclusion of Section 4.1 only needs pairwise independence, which holds.",
    root_cause="sec4.1.3-wise",
)
def sec4_1_three_wise(ev):
    insts, pairwise, signed, constant_input = [], [], [], []
    for name, H in [("sylvester", walsh_hadamard(4)), ("sylvester", walsh_hadamard(8)), ("paley", _paley12())]:
        s = len(H)
        readings = {
            "rows as functions, first element dropped": ([H[i] for i in range(s)], list(range(1, s))),
            "columns as functions, first row dropped (HE)": ([[H[x][j] for x in range(s)] for j in range(s)],
                                                             list(range(1, s))),
            "rows 1..s-1 (first row dropped) on all columns": ([H[i] for i in range(1, s)], list(range(s))),
        }
        for r_index, (reading, (functions, inputs)) in enumerate(readings.items()):
            triples, pairs = (_pattern_fractions(functions, inputs, _arity(form)) for form in (ev.printed(), ev.derived()))
            params = {"matrix": f"{name} {s}", "reading": reading,
                      "first non-uniform triple": _first_non_uniform_triple(functions, inputs)}
            if r_index == 2:  # the first row dropped instead: input 0 is constant (h(0) = 1), not even pairwise
                constant_input.append(all(h[0] == 1 for h in functions))
                continue
            # the derived statement is about pairs (2-wise); its value on a family is whether it holds there
            insts.append(Instance(params, HOLDS, _form_holds(ev.derived(), pairs), _form_holds(ev.printed(), triples),
                                  size=(s, r_index)))
            if name == "sylvester" and r_index < 2:
                derived = [C.walsh_joint_fraction(list(t), list(y)) for t in itertools.combinations(inputs, 3)
                           for y in itertools.product((1, -1), repeat=3)]
                pairwise.append(Instance(params, _pattern_fractions(functions, inputs, 3), derived, size=(s, r_index)))
        if name == "sylvester":
            both = [row for row in H] + [[-v for v in row] for row in H]
            fr = _pattern_fractions(both, list(range(1, s)), 3)
            signed.append(Instance({"matrix": f"{name} {s}", "family": "+-rows"}, fr, [R(1, 8)] * len(fr), size=(s,)))
    ev.instances("3-wise (printed) and pairwise (derived) independence of the Hadamard family, all distinct inputs",
                 insts)
    ev.instances("pattern probabilities of triples vs the GF(2) rank count (Sylvester rows and columns)", pairwise,
                 has_printed=False)
    ev.instances("rows with a uniform sign are 3-wise independent", signed, has_printed=False)
    ev.numeric("the other reading (first row dropped, every column kept) has a constant input: no independence",
               all(constant_input), len(constant_input), f"{constant_input}")
    ev.identity("Paley matrix is Hadamard: H H^T = 12 I", sympy.Matrix(_paley12()) * sympy.Matrix(_paley12()).T,
                12 * sympy.eye(12))


# ---- Section 4.2 -----------------------------------------------------------------------------------
@claim(
    id="pan-cms/sec4.2.hr",
    location="Section 4.2",
    statement="Hadamard Response (public random row, bit [H[j, x+1] = 1], binary RR) is CMS + RR with m = 2 and "
              "pairwise-independent hashing, and its decoding is that of HE.",
    printed=C.hr_cms_printed,
    derived=C.he_law_form,
    derivation=f"{DERIV}.walsh_joint_fraction",
    kind="statement",
    assumptions="the version of the paper's ref. [14]; value x is column x + 1 of the Walsh matrix of the smallest "
                "power-of-two size > d",
    note="With the symmetric Walsh matrix this HR is HE itself, outputs (j, 1) <-> (j, +1).",
)
def sec4_2_hr(ev):
    insts, same_as_he = [], []
    for d in (2, 3, 4, 5):
        for ee in EXPS:
            if ee == EXP_EPS and d > 3:
                continue
            hr = hadamard_response(d, ee)
            fam = hadamard_response_family(d)
            c = _cms(fam, _grr(2, ee))
            key = lambda lab: _jz(lab)  # noqa: E731  "j:1"/"j:0" in both
            (Ph, Qh), (Pc, Qc) = _canonical(hr, key), _canonical(c, key)
            facts = {"P": Ph, "Q": Qh, "P_other": Pc, "Q_other": Qc, "pairwise": _pairwise_by_count(fam.functions, range(d)),
                     "d_value": d, "exp_eps": ee, "signs": (-1, 1)}  # bit 0 <-> sign -1, bit 1 <-> sign +1
            insts.append(Instance({"d": d, "exp_eps": ee}, HOLDS, evaluate(ev.derived(), facts),
                                  evaluate(ev.printed(), facts), size=(d,)))
            he = _he(d, ee)
            he_key = lambda lab: (_jz(lab)[0], "1" if _jz(lab)[1] == "+1" else "0")  # noqa: E731
            same_as_he.append(Instance({"d": d, "exp_eps": ee}, list(_canonical(hr, key)), list(_canonical(he, he_key)),
                                       size=(d,)))
    ev.instances("HR built step by step vs CMS(HR rows, binary RR) with pairwise-independent rows (printed) and "
                 "HE's derived law and decoder", insts)
    ev.instances("HR (P, Q) == HE (P, Q) with (j, 1) <-> (j, +1)", same_as_he, has_printed=False)


# ---- Section 4.3 -----------------------------------------------------------------------------------
def _smallest_size(form, d, bits):
    """The smallest power-of-two Hadamard size that a size rule (a statement in s, d, b) allows."""
    size = 1
    while not evaluate(form, {C.s_size: size, C.d: d, C.b: bits}):
        size *= 2
        if size > 4 * d + 4:
            raise ValueError(f"no size up to {size} satisfies {form}")
    return size


@claim(
    id="pan-cms/sec4.3.matrix-size",
    location="Section 4.3, RHR step (2)",
    statement="A Hadamard matrix of size larger than d // 2^(b-1) has the row (x // 2^(b-1)) + 1 for every x in [d].",
    printed=C.matrix_size_printed,
    derived=C.matrix_size_form,
    derivation=f"{DERIV}.matrix_size_form",
    kind="statement",
    condition="2^(b-1) divides d; otherwise the values x in [d] = {0, ..., d-1} use rows up to ceil(d / 2^(b-1)) "
              "and the size must exceed ceil(d / 2^(b-1))",
    assumptions="[d] = {0, ..., d-1} and rows counted from 0 as in Appendix G's H[i, j] = (-1)^{i.j} (row "
                "x // 2^(b-1) + 1, as HE's row x + 1 skips the all-ones row 0); 2^(b-1) <= d; the smallest "
                "power-of-two size the rule allows",
    note="With 1-based values and rows (row 1 the all-ones row) the printed rule is exact; HE's rule 'size larger "
         "than d' is exact under the 0-based reading used here.",
    root_cause="sec4.3.matrix-size",
)
def sec4_3_matrix_size(ev):
    insts = []
    for d in range(2, 13):
        for bits in (1, 2, 3):
            B = 2 ** (bits - 1)
            if B > d:
                continue
            values = []
            for form in (ev.printed(), ev.derived()):
                H = walsh_hadamard(_smallest_size(form, d, bits))
                values.append(all(x // B + 1 < len(H) for x in range(d)))  # every row x // 2^(b-1) + 1 exists
            insts.append(Instance({"d": d, "b": bits, "printed size": _smallest_size(ev.printed(), d, bits)}, HOLDS,
                                  values[1], values[0], in_condition=d % B == 0, size=(d, bits)))
    ev.instances("every row x // 2^(b-1) + 1 exists in the Walsh matrix of the smallest size each rule allows", insts)


def _rhr_key(label):
    j, z = _jz(label)
    return j, (1 if z[0] == "+" else -1, int(z[1:]))


def _rhr_grid():
    return [(2, 1), (3, 1), (2, 2), (3, 2), (4, 2), (5, 2), (4, 3), (5, 3)]


@claim(
    id="pan-cms/sec4.3.tns",
    location="Section 4.3, 'Steps 2 - 5 can be fitted in the TnS framework, mapping x to 2^b possible values'",
    statement="RHR's steps 2-5 are a TnS algorithm whose matrix takes 2^b values.",
    printed=C.rhr_tns_printed,
    derived=C.rhr_tns_form,
    derivation=f"{DERIV}.rhr_tns_form",
    kind="statement",
    assumptions="d >= 2^(b-1); 's x (x mod 2^(b-1))' read as the signed pair (s, x mod 2^(b-1)) "
                "(see ldpref.mechanisms.variants.recursive_hadamard_response)",
    note="Read as an integer product, s x 0 = 0 merges two messages: only 2^b - 1 values remain, and the two values "
         "of residue 0 would collide with probability 1 instead of 1/2.",
)
def sec4_3_tns(ev):
    insts, he_same, product_counts = [], [], []
    for d, bits in _rhr_grid():
        for ee in (R(3), EXP_EPS):
            if ee == EXP_EPS and bits == 3:
                continue
            rhr = _rhr(d, bits, ee)
            M = rhr_matrix(d, bits)
            values = sorted({v for row in M for v in row})
            t = tns(M, _grr(len(values), ee))
            tkey = lambda lab, values=values: (_jz(lab)[0], values[int(_jz(lab)[1])])  # noqa: E731
            p, q = C.grr_reconstruction_moments(ee, 2 ** bits)[:2]
            s = len(M[0])
            messages = sorted(((sgn, r) for sgn in (1, -1) for r in range(2 ** (bits - 1))), key=lambda t: t)
            Pd = sympy.Matrix([[(p if msg == (M[x][j][0], x % 2 ** (bits - 1)) else q) / s for x in range(d)]
                               for j in range(s) for msg in messages])
            exact = [_canonical(rhr, _rhr_key)[0], len(values)]
            derived = [_canon(Pd), evaluate(ev.derived(), {C.d: d, C.b: bits})]
            insts.append(Instance({"d": d, "b": bits, "exp_eps": ee}, exact, derived,
                                  [_canonical(t, tkey)[0], evaluate(ev.printed(), {C.d: d, C.b: bits})], size=(d, bits)))
            product_counts.append((d, bits, len({sgn * r for row in M for sgn, r in row})))
            if bits == 1:
                he = _he(d, ee)
                hkey = lambda lab: (_jz(lab)[0], (int(_jz(lab)[1]), 0))  # noqa: E731
                he_same.append(Instance({"d": d, "exp_eps": ee}, list(_canonical(rhr, _rhr_key)),
                                        list(_canonical(he, hkey)), size=(d,)))
    ev.instances("RHR built step by step vs TnS(M[x][j] = (H[x//B+1, j], x mod B), 2^b-ary RR)", insts)
    ev.instances("RHR with b = 1 is HE (P and Q)", he_same, has_printed=False)
    ev.note("distinct values of the literal integer product s * (x mod 2^(b-1)): "
            + ", ".join(f"d={d}, b={bb}: {cnt} (2^b = {2 ** bb})" for d, bb, cnt in product_counts[::2]))


@claim(
    id="pan-cms/sec4.3.collision",
    location="Section 4.3, second paragraph",
    statement="Two distinct inputs of RHR collide with probability 1/2 if they have the same residue mod 2^(b-1), "
              "and with probability 0 otherwise.",
    printed=C.rhr_collision_printed,
    derived=C.rhr_collision_form,
    derivation=f"{DERIV}.rhr_collision_derived",
    assumptions="x1 != x2 in [d]; collision over the uniformly drawn column j",
    symbols={"x_1, x_2": "two distinct inputs", "b": "bits of RHR"},
)
def sec4_3_collision(ev):
    def branches(form):
        """(value, condition) of each branch of a Piecewise collision rate (sympy folds a perturbation into them)."""
        folded = sympy.piecewise_fold(form)
        if not isinstance(folded, sympy.Piecewise):
            raise ValueError(f"collision rate {form} is not a Piecewise")
        return [sympy.nsimplify(v) for v, _ in folded.args], [str(c) for _, c in folded.args]

    (pv, pc), (dv, dc) = branches(ev.printed()), branches(ev.derived())
    ev.symbolic("printed vs derived collision rate (branch values; branch conditions equal: "
                f"{pc == dc})", pv + [sympy.Integer(int(pc == dc))], dv + [sympy.Integer(1)])
    insts, literal = [], []
    for d in range(2, 9):
        for bits in (1, 2, 3):
            fam = rhr_family(d, bits)
            M = rhr_matrix(d, bits)
            for a, c in itertools.combinations(range(d), 2):
                sub = {C.x1: a, C.x2: c, C.b: bits}
                insts.append(Instance({"d": d, "b": bits, "x1": a, "x2": c}, _rat(fam.collision_rate(a, c)),
                                      evaluate(ev.derived(), sub), evaluate(ev.printed(), sub),
                                      size=(d, bits, a, c)))
                prod = R(sum(1 for j in range(len(M[0])) if M[a][j][0] * M[a][j][1] == M[c][j][0] * M[c][j][1]),
                         len(M[0]))
                if prod == 1:
                    literal.append((d, bits, a, c))
            # the derivation's GF(2) count, pair by pair
            B = 2 ** (bits - 1)
            ev_pairs = [(_rat(fam.collision_rate(a, c)), C.rhr_collision_derived(a // B, a % B, c // B, c % B))
                        for a, c in itertools.combinations(range(d), 2)]
            bad = [pair for pair in ev_pairs if pair[0] != pair[1]]
            ev.numeric(f"GF(2) count (rhr_collision_derived) vs family, d={d}, b={bits}", not bad, len(ev_pairs),
                       f"{len(bad)} mismatches" if bad else "all pairs agree")
    ev.instances("collision rate of the RHR hash family (every pair)", insts)
    ev.note(f"under the literal integer product s*(x mod 2^(b-1)), {len(literal)} pairs collide with probability 1, "
            f"e.g. {literal[:3]}")


@claim(
    id="pan-cms/sec4.3.skewed",
    location="Section 4.3, second paragraph, 'RHR is a skewed version of CMS'",
    statement="RHR's collision rate is not the constant 1/m = 2^-b of a pairwise-independent CMS with 2^b values.",
    printed=C.skewed_printed,
    derived=C.skewed_form,
    derivation=f"{DERIV}.rhr_collision_derived",
    kind="statement",
    assumptions="b >= 2 (more bits than HE) and d > 2^(b-1) (some residue class holds two values)",
    note="At b = 1 RHR is HE: every pair collides with probability 1/2 = 1/m.",
)
def sec4_3_skewed(ev):
    insts = []
    for bits in (2, 3):
        B = 2 ** (bits - 1)
        for d in sorted({B + 1, B + 2, 2 * B + 1}):
            fam = rhr_family(d, bits)
            pairs = list(itertools.combinations(range(d), 2))
            rates = {pair: _rat(fam.collision_rate(*pair)) for pair in pairs}
            # printed: the rate is not the constant 2^-b; derived: the rate of every pair is the Piecewise form
            printed = any(_truth(ev.printed(), r, {C.x1: a, C.x2: c, C.b: bits}) for (a, c), r in rates.items())
            derived = all(evaluate(ev.derived(), {C.x1: a, C.x2: c, C.b: bits}) == rates[(a, c)] for a, c in pairs)
            insts.append(Instance({"d": d, "b": bits, "rates": sorted({str(r) for r in rates.values()})}, HOLDS,
                                  derived, printed, size=(d, bits)))
    he_like = rhr_family(4, 1)
    ev.note(f"b = 1, d = 4: constant collision rate {he_like.has_constant_collision_rate()} = 1/m (HE)")
    ev.instances("RHR family is not collision-uniform at 2^-b (printed); its rates are the derived Piecewise", insts)


@claim(
    id="pan-cms/sec4.3.same-mod-probability",
    location="Section 4.3, third paragraph, 'the same mod with a probability of 2^{b-1}'",
    statement="Two objects of a random dataset have the same residue mod 2^(b-1) with probability 2^(b-1).",
    printed=C.same_mod_probability_printed,
    derived=C.same_mod_probability_form,
    derivation=f"{DERIV}.same_mod_probability_form",
    assumptions="the two values i.i.d. uniform on [d], with 2^(b-1) dividing d",
    root_cause="sec4.3.same-mod-exponent",
)
def sec4_3_same_mod(ev):
    ev.symbolic("printed vs derived probability", C.same_mod_probability_printed().rhs,
                C.same_mod_probability_form().rhs)
    insts = []
    for bits in (1, 2, 3):
        B = 2 ** (bits - 1)
        for d in sorted({x for x in (B, 2 * B, 3 * B) if x >= 2}):
            exact = R(sum(1 for a in range(d) for c in range(d) if a % B == c % B), d * d)
            insts.append(Instance({"d": d, "b": bits}, exact, C.same_mod_probability_form().rhs.subs(C.b, bits),
                                  C.same_mod_probability_printed().rhs.subs(C.b, bits), size=(d, bits)))
    ev.instances("same-residue probability of two uniform values (every ordered pair)", insts)


@claim(
    id="pan-cms/sec4.3.random-collision",
    location="Section 4.3, third paragraph, 'then the hash collision probability becomes 2^{-b}'",
    statement="On a randomly generated dataset two objects collide with probability 2^-b.",
    printed=C.random_collision_printed,
    derived=C.random_collision_form,
    derivation=f"{DERIV}.random_collision_form",
    condition="the two values are distinct and their residues mod 2^(b-1) are independent and uniform (the premise "
              "'same residue with probability 2^(1-b)'); two uniformly random distinct values of [d] share their "
              "residue with probability (d/2^(b-1) - 1)/(d - 1), giving (d/2^(b-1) - 1)/(2(d - 1)), which tends "
              "to 2^-b as d grows",
    assumptions="collision averaged over the pair and over RHR's column j; 2^(b-1) divides d",
    root_cause="sec4.3.random-pair",
)
def sec4_3_random_collision(ev):
    ev.symbolic("printed vs derived collision probability", ev.printed().rhs, ev.derived().rhs)
    insts = []
    for bits in (1, 2, 3):
        B = 2 ** (bits - 1)
        # (A) rows a = 0 and a = 1 fixed, residues i.i.d. uniform: the premise holds exactly
        d = 2 * B if 2 * B >= 2 else 2
        fam = rhr_family(max(d, 2), bits)
        exact = sum((_rat(fam.collision_rate(r1, B + r2)) for r1 in range(B) for r2 in range(B)), R(0)) / B**2
        facts = {C.b: bits, C.rho: R(1, B)}
        insts.append(Instance({"b": bits, "pair": "a = 0, 1; residues uniform"}, exact, evaluate(ev.derived(), facts),
                              evaluate(ev.printed(), facts), size=(0, bits)))
        # (B) a uniformly random pair of distinct values of [d]
        for d in sorted({x for x in (2 * B, 3 * B, 4 * B) if x >= 2}):
            fam = rhr_family(d, bits)
            pairs = list(itertools.permutations(range(d), 2))
            exact = sum((_rat(fam.collision_rate(a, c)) for a, c in pairs), R(0)) / len(pairs)
            facts = {C.b: bits, C.rho: C.uniform_distinct_same_residue(d, bits)}
            insts.append(Instance({"b": bits, "d": d, "pair": "uniform distinct values"}, exact,
                                  evaluate(ev.derived(), facts), evaluate(ev.printed(), facts), in_condition=False,
                                  size=(d, bits)))
    ev.instances("average collision rate of RHR over random pairs", insts)
    dsym = sympy.Symbol("d", positive=True)
    B = 2 ** (C.b - 1)
    ev.identity("rho for uniform distinct values -> 2^(1-b) as d -> oo",
                sympy.limit((dsym / B - 1) / (dsym - 1), dsym, sympy.oo), 2 ** (1 - C.b))


@claim(
    id="pan-cms/sec4.3.b-eps",
    location="Section 4.3, third paragraph, '[12] sets b = eps ... equivalent to m = e^eps in CMS'",
    statement="RHR with b = eps bits is equivalent to CMS with m = e^eps.",
    printed=C.b_eps_printed,
    derived=C.b_eps_form,
    derivation=f"{DERIV}.b_eps_form",
    assumptions="eps a positive integer (b = eps bits); equivalent m = 1 / (collision rate of a random pair) "
                "= number of messages",
    note="2^eps lies between e^(eps/2) (MSE-OCMS) and e^eps (l-OCMS).",
    root_cause="sec4.3.b-eps",
)
def sec4_3_b_eps(ev):
    ev.symbolic("printed vs derived m", C.b_eps_printed().rhs, C.b_eps_form().rhs)
    insts = []
    for bits in (1, 2, 3, 4):
        B = 2 ** (bits - 1)
        fam = rhr_family(max(2 * B, 2), bits)
        avg = sum((_rat(fam.collision_rate(r1, B + r2)) for r1 in range(B) for r2 in range(B)), R(0)) / B**2
        exact = 1 / avg
        ev.numeric(f"1/collision == number of messages (b={bits})", exact == fam.m, 1, f"{exact} vs {fam.m}")
        insts.append(Instance({"b = eps": bits}, exact, C.b_eps_form().rhs.subs(eps, bits),
                              C.b_eps_printed().rhs.subs(eps, bits), size=(bits,)))
    ev.instances("equivalent m of RHR with b = eps bits", insts)


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


@claim(
    id="pan-cms/sec4.3.same-residue-worse",
    location="Section 4.3, fourth paragraph",
    statement="On a dataset whose values all share one residue mod 2^(b-1), RHR has a larger MSE than Hadamard "
              "Encoding.",
    printed=C.same_residue_worse_printed,
    derived=C.same_residue_worse_form,
    derivation=f"{DERIV}.rhr_mse_derived",
    kind="statement",
    assumptions="b >= 2; RHR with its unbiased within-residue Hadamard decoder; HE on the same d; x in the class",
)
def sec4_3_worse(ev):
    insts, values, general, memo = [], [], [], {}
    mse = cache(moments.mse)  # one moment computation per (mechanism, dataset), read at every x of the class
    rhr_mse, he_mse = cache(C.rhr_mse_derived), cache(C.he_mse_derived)
    for d, bits in [(3, 2), (4, 2), (5, 2), (5, 3), (6, 3)]:
        for ee in (R(2), R(5, 2), R(3)):
            rhr = _rhr(d, bits, ee)
            he = _he(d, ee)
            for r, counts, x in _class_datasets(d, bits, 3):
                nn = sum(counts)
                mr, mh = mse(rhr, counts)[x], mse(he, counts)[x]
                fx = R(counts[x], nn)
                dr, dh = rhr_mse(ee, bits, nn, fx, 1), he_mse(ee, nn, fx)
                params = {"d": d, "b": bits, "exp_eps": ee, "counts": counts, "x": x}
                facts = {sympy.Symbol(r"\mathrm{MSE}_{\mathrm{RHR}}"): mr, sympy.Symbol(r"\mathrm{MSE}_{\mathrm{HE}}"): mh,
                         e: ee, C.b: bits, n: nn, f: fx}
                printed, derived = evaluate(ev.printed(), facts), _memo_evaluate(memo, ev.derived(), facts)
                insts.append(Instance(params, HOLDS, derived, printed, size=(d, bits, nn), path="moment-formula"))
                values.append(Instance(params, [mr, mh], [dr, dh], size=(d, bits, nn), path="moment-formula"))
    # the derived RHR MSE on every dataset (any residue mix), against exact enumeration
    for d, bits, ee in [(3, 2, R(3)), (4, 2, R(2))]:
        rhr = _rhr(d, bits, ee)
        B = 2 ** (bits - 1)
        for counts in _datasets(d, 2):
            nn = sum(counts)
            mse = enumeration.enumerated_moments(rhr, counts)["mse"]
            der = [C.rhr_mse_derived(ee, bits, nn, R(counts[x], nn),
                                     R(sum(c for y, c in enumerate(counts) if y % B == x % B), nn)) for x in range(d)]
            general.append(Instance({"d": d, "b": bits, "exp_eps": ee, "counts": counts}, mse, der, size=(d, bits, nn)))
    ev.instances("MSE_RHR(x) > MSE_HE(x) on one-residue datasets (exact moments of the real RHR and HE)", insts)
    ev.instances("exact MSEs [RHR, HE] vs derived formulas", values, has_printed=False)
    ev.instances("derived RHR MSE vs exact enumeration on every dataset of <= 2 clients", general, has_printed=False)


@claim(
    id="pan-cms/sec4.3.eq5-mse",
    location="Section 4.3, fourth paragraph, 'the MSE of RHR is equivalent to setting c(x, x') = 1/2 while setting "
             "R as a randomized response with m > 2 in Eq. (5)'",
    statement="On a one-residue dataset, RHR's MSE is Eq. (5) with c_bar = 1/2 and R = m-ary randomised response, "
              "m = 2^b.",
    printed=C.rhr_eq5_printed,
    derived=C.rhr_eq5_form,
    derivation=f"{DERIV}.rhr_second_moments",
    assumptions="every client in x's residue class; RHR decoded by its unbiased within-residue Hadamard decoder; "
                "Eq. (12)'s variances for R",
    note="Eq. (5) with these values is the variance of RHR decoded by Eq. (2) with m = 2^b, an estimator with bias "
         "(2^(b-1) - 1)(1 - f(x))/(2^b - 1) on such datasets; with the unbiased decoder the MSE is "
         "((e^eps + 1)(e^eps + 2^b - 1)/(e^eps - 1)^2 - f(x))/n.  At b = 1 (HE) all three agree.",
    root_cause="sec4.3.eq5-mse",
)
def sec4_3_eq5(ev):
    printed_rhs, derived_rhs = ev.printed().rhs, ev.derived().rhs
    two_b = sympy.Symbol("M", positive=True)  # 2^b as a symbol: both forms become rational functions
    ev.symbolic("printed vs derived MSE (2^b = M)", printed_rhs, derived_rhs,
                simplify=lambda x: sympy.cancel(x.subs(2**C.b, two_b)))
    insts, var_eq2, bias_eq2 = [], [], []
    for d, bits in [(3, 1), (3, 2), (4, 2), (5, 3)]:
        for ee in (R(2), R(3)):
            rhr = _rhr(d, bits, ee)
            rhr2 = _rhr(d, bits, ee, decoder="eq2")
            for r, counts, x in _class_datasets(d, bits, 2):
                nn = sum(counts)
                sub = {C.b: bits, e: ee, n: nn, f: R(counts[x], nn)}
                params = {"d": d, "b": bits, "exp_eps": ee, "counts": counts, "x": x}
                insts.append(Instance(params, moments.mse(rhr, counts)[x], derived_rhs.subs(sub), printed_rhs.subs(sub),
                                      size=(d, bits, nn, ee), path="moment-formula"))
                var_eq2.append(Instance(params, moments.variance(rhr2, counts)[x],
                                        C.eq2_rhr_variance_derived(ee, bits, nn, R(counts[x], nn)), size=(d, bits, nn),
                                        path="moment-formula"))
                bias_eq2.append(Instance(params, moments.bias(rhr2, counts)[x],
                                         C.eq2_rhr_bias_derived(bits, R(counts[x], nn)), size=(d, bits, nn),
                                         path="moment-formula"))
    ev.instances("MSE of RHR on one-residue datasets", insts)
    ev.instances("Eq. (2)-decoded RHR: variance (what Eq. (5) gives)", var_eq2, has_printed=False)
    ev.instances("Eq. (2)-decoded RHR: bias", bias_eq2, has_printed=False)
    veq, vne = C.grr_variances_derived(e, C.m)
    p12 = C.eq12_printed()
    ev.identity("Eq. (12) variances == randomised-response variances", [sympy.cancel(veq - p12[0]), sympy.cancel(vne - p12[1])],
                [0, 0])


# ---- Section 4.4 -----------------------------------------------------------------------------------
def _all_functions(d, m):
    return HashFamily(tuple(itertools.product(range(m), repeat=d)), m, name=f"all-functions(d={d}, m={m})")


@cache
def _lh_families():
    rng = np.random.default_rng(SEED + 44)
    return [gf2_affine_family(1, 2), gf2_affine_family(2, 3), gf2_affine_mod_family(2, 3, 3),
            random_family(3, 3, 4, rng), _all_functions(3, 2), _all_functions(2, 3)]


def _lh_grid():
    for fam in _lh_families():
        for ee in (R(3), EXP_EPS):
            if ee == EXP_EPS and fam.k * fam.m > 32:
                continue
            yield fam, ee


@claim(
    id="pan-cms/sec4.4.lh-cms",
    location="Section 4.4, first paragraph",
    statement="Local hashing (a public random hash function [d] -> [m], RR of the hashed value) is a CMS: drawing the "
              "hash function is drawing a member of the CMS hashing family.",
    printed=C.lh_law_printed,
    derived=C.lh_law_form,
    derivation=f"{DERIV}.lh_law_form",
    kind="statement",
    assumptions="the hash function is drawn uniformly from a finite family (all functions [d] -> [m] for a fully "
                "random hash); m-ary randomised response",
)
def sec4_4_lh(ev):
    insts, unbiased = [], []
    for fam, ee in _lh_grid():
        lh = _lh(fam, ee)
        c = _cms(fam, _grr(fam.m, ee))
        facts = {"P": _P(lh), "P_other": _P(c), "functions": fam.functions, "size": fam.m, "exp_eps": ee}
        insts.append(Instance({"family": fam.name, "exp_eps": ee}, HOLDS, evaluate(ev.derived(), facts),
                              evaluate(ev.printed(), facts), size=(fam.d, fam.m, fam.k)))
        if fam.name.startswith("all-functions"):
            unbiased.append((fam.is_pairwise_independent(), lh.is_unbiased()))
    ev.instances("local hashing P vs CMS P of the same family (printed) and the derived law", insts)
    ev.numeric("a fully random hash function is pairwise independent and LH is then unbiased (QP = I)",
               all(a and b for a, b in unbiased), len(unbiased), f"{unbiased}")


@claim(
    id="pan-cms/sec4.4.decoding",
    location="Section 4.4, 'its decoding process is identical to Eq. (2)'",
    statement="The local-hashing estimator (S/n - 1/m)/(p - 1/m) is Eq. (2) with R = m-ary randomised response.",
    printed=C.lh_printed,
    derived=C.lh_form,
    selfcheck={"printed-as-derived": "the printed form says two decoders are equal (a predicate on the two decoder "
                                     "matrices); the derived form is the estimator's formula in S, n, m, e^eps, which the "
                                     "check evaluates into a decoder: put in the printed slot it has no truth value"},
    derivation=f"{DERIV}.lh_decoder_entry",
    kind="statement",
    assumptions="p = e^eps/(e^eps + m - 1); any hash family",
)
def sec4_4_decoding(ev):
    ev.identity("LH decoder entry == Eq. (2) entry (symbolic m, e^eps)",
                sympy.cancel(C.lh_decoder_entry(C.ind, C.m, e) - C.eq2_decoder_entry(C.ind, C.m, e)), 0)
    insts, entries = [], []
    for fam, ee in _lh_grid():
        lh = _lh(fam, ee)
        c = _cms(fam, _grr(fam.m, ee))
        # the derived estimator with one client (n = 1) and S = [h(x) = y]: its decoder entry (two values, S = 0, 1)
        value = _canon([[evaluate(ev.derived(), {C.S_count: s, n: 1, C.m: fam.m, e: ee}) for s in (0, 1)]])
        Qd = sympy.Matrix([[value[1 if h[x] == y else 0] for x in range(fam.d)]
                           for h in fam.functions for y in range(fam.m)]).T
        facts = {"Q": _Q(lh), "Q_other": _Q(c)}
        insts.append(Instance({"family": fam.name, "exp_eps": ee}, HOLDS, C.matrices_equal(Qd, _Q(lh)), evaluate(ev.printed(), facts),
                              size=(fam.d, fam.m, fam.k)))
        entries.append(Instance({"family": fam.name, "exp_eps": ee}, _Q(lh), Qd, size=(fam.d, fam.m, fam.k)))
    ev.instances("local hashing decoder == Eq. (2) decoder of the CMS (printed), == the derived estimator", insts)
    ev.instances("local hashing decoder entries vs the derived estimator at n = 1", entries, has_printed=False)


@claim(
    id="pan-cms/sec4.4.worst-case",
    location="Section 4.4, second paragraph",
    statement="Both f(x) = 0 and f(x) = 1 can be the maximum point of the MSE of CMS + RR; for OLH (m = e^eps + 1) it "
              "is f(x) = 1, not the f(x) = 0 of the paper's ref. [9].",
    printed=C.worst_case_printed,
    derived=C.worst_case_form,
    selfcheck={"printed-as-derived": "the printed form is a predicate on the signs of MSE(1) - MSE(0) over the grid; the "
                                     "derived form is the formula of that difference, which the check evaluates per "
                                     "(m, e^eps): put in the printed slot it is not a statement about the signs"},
    derivation=f"{DERIV}.cms_rr_second_moments",
    kind="statement",
    assumptions="unbiased CMS + RR (pairwise-independent GF(2^l) families); the MSE is linear in f(x)",
)
def sec4_4_worst(ev):
    from ldpref.losses import worst_case_mse

    fams = {2: gf2_affine_mod_family(2, 3, 2), 4: gf2_affine_family(2, 3), 8: gf2_affine_family(3, 3)}
    endpoints, slopes, olh_slopes, d_slopes, d_olh, olh_worst = [], [], [], [], [], []
    for mm, fam in fams.items():
        for ee in (R(2), R(3), R(7)):
            mech = _cms(fam, _grr(mm, ee))
            at1, at0 = moments.mse(mech, (1, 0, 0))[0], moments.mse(mech, (0, 1, 0))[0]
            dz, do = C.mse_endpoints_derived(ee, mm)
            slope_derived = evaluate(ev.derived(), {C.m: mm, e: ee, n: 1})
            endpoints.append(Instance({"m": mm, "exp_eps": ee}, [at0, at1, at1 - at0], [dz, do, slope_derived],
                                      size=(mm, ee), path="moment-formula"))
            slopes.append(at1 - at0)
            d_slopes.append(slope_derived)
            if mm == ee + 1:  # OLH; the worst case over datasets of two clients is the f(x) = 1 one
                olh_worst.append(worst_case_mse(mech, 2).value == at1 / 2)
                olh_slopes.append(at1 - at0)
                d_olh.append(slope_derived)
    ev.instances("MSE at f(x) = 0 and f(x) = 1 (n = 1) and MSE(1) - MSE(0) (exact moments vs derived)", endpoints,
                 has_printed=False)
    # the derived form is the slope MSE(1) - MSE(0), linear in f(x): its signs decide the maximum point
    derived_holds = any(v > 0 for v in d_slopes) and any(v < 0 for v in d_slopes) and all(v > 0 for v in d_olh)
    ev.instances("the maximum point varies with m (both endpoints occur) and is f(x) = 1 for OLH",
                 [Instance({"grid": "m in {2, 4, 8}, e^eps in {2, 3, 7}"}, HOLDS, derived_holds,
                           evaluate(ev.printed(), {"slopes": slopes, "olh_slopes": olh_slopes}), size=(0,),
                           path="moment-formula")])
    ev.numeric("OLH: the worst dataset of two clients is the f(x) = 1 one (ldpref.losses.worst_case_mse)",
               all(olh_worst), len(olh_worst), f"{olh_worst}")


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


@claim(
    id="pan-cms/sec4.5.collision",
    location="Section 4.5, second paragraph",
    statement="A CMS to [m1] whose perturbation is a CMS to [m2] (both pairwise independent) has collision rate "
              "(m1 + m2 - 1)/(m1 m2).",
    printed=C.recursive_collision_printed,
    derived=C.recursive_collision_form,
    derivation=f"{DERIV}.recursive_collision_form",
    assumptions="both hash families pairwise independent; the inner CMS uses randomised response",
)
def sec4_5_collision(ev):
    ev.symbolic("printed vs derived collision rate", C.recursive_collision_printed().rhs,
                C.recursive_collision_form().rhs, simplify=sympy.simplify)
    insts = []
    for m1, m2, outer, inner in _recursive_cases():
        _, _, nested = _nested(m1, m2)
        sub = {C.m1: m1, C.m2: m2}
        insts.append(Instance({"m1": m1, "m2": m2, "d": outer.d}, _collision_from_P(nested, outer.d),
                              [C.recursive_collision_form().rhs.subs(sub)],
                              [C.recursive_collision_printed().rhs.subs(sub)], size=(outer.d, m1, m2)))
    ev.instances("collision rate read off the nested CMS mechanism", insts)


@claim(
    id="pan-cms/sec4.5.equivalent-m",
    location="Section 4.5, second paragraph, 'equivalent to a regular CMS with m = m1 m2/(m1 + m2 - 1)'",
    statement="The recursive CMS is a regular CMS (composite hash family) whose decoder is Eq. (8) with "
              "m = m1 m2/(m1 + m2 - 1).",
    printed=C.equivalent_m_printed,
    derived=C.equivalent_m_form,
    derivation=f"{DERIV}.recursive_decoder_constants",
    assumptions="both families pairwise independent; nested Eq. (2) decoders",
    note="The equivalence is of the hash collisions and the decoder constants: the inner perturbation stays "
         "randomised response on m2 values, so the MSE is Eq. (10) with c_bar = 1/m and R's variances on m2 values.",
)
def sec4_5_equivalent_m(ev):
    ev.symbolic("printed vs derived m", ev.printed().rhs, ev.derived().rhs, simplify=sympy.simplify)
    (ns, no), (es, eo) = C.recursive_decoder_constants()
    ev.identity("nested decoder constants == Eq. (8) constants with m'", [sympy.simplify(ns - es), sympy.simplify(no - eo)],
                [0, 0])
    insts, facts = [], []
    for m1, m2, outer, inner in _recursive_cases():
        _, _, nested = _nested(m1, m2)
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
        sub = {C.m1: m1, C.m2: m2}
        insts.append(Instance({"m1": m1, "m2": m2}, mp, evaluate(ev.derived(), sub), evaluate(ev.printed(), sub),
                              size=(m1, m2)))
        facts.append((m1, m2, sympy.simplify(A - mp / (mp - 1)) == 0, Pn == _P(regular), Qn == _Q(regular),
                      nested.is_unbiased()))
    ev.instances("m' read off the nested decoder (1 - 1/offset)", insts)
    ev.numeric("nested CMS: slope consistent with m', P == composite CMS P, Q == Eq. (8) Q, unbiased",
               all(all(t[2:]) for t in facts), len(facts), f"(m1, m2, slope, P, Q, unbiased): {facts}")


@claim(
    id="pan-cms/sec4.5.cms-he",
    location="Section 4.5, last paragraph",
    statement="CMS + HE is equivalent to CMS + RR with m' = 2m/(m + 1); as m grows it approaches m' = 2 (HE).",
    printed=C.cms_he_printed,
    derived=C.cms_he_form,
    derivation=f"{DERIV}.cms_he_form",
    assumptions="outer family pairwise independent (GF(2^l) affine, m = 2^l); HE on [m] with the Walsh matrix of the "
                "smallest power-of-two size > m",
    note="'CMS + RR with m'' means collision rate 1/m' and Eq. (8)'s constants; the perturbation stays binary RR, so "
         "the MSE is the binary-RR form (checked below), not Eq. (6) with RR on m' (non-integer) values.",
)
def sec4_5_cms_he(ev):
    ev.symbolic("printed vs derived m'", ev.printed().rhs, ev.derived().rhs, simplify=sympy.simplify)
    ev.identity("m' -> 2 as m -> oo", sympy.limit(C.cms_he_form().rhs, C.m, sympy.oo), 2)
    c_rate = (C.m + 1) / (2 * C.m)
    ev.identity("CMS+HE MSE -> HE MSE as m -> oo",
                sympy.simplify(sympy.limit(C.binary_inner_mse_derived(e, c_rate, n, f), C.m, sympy.oo)
                               - C.he_mse_derived(e, n, f)), 0)
    insts, mses, same = [], [], []
    cases = [(2, gf2_affine_family(1, 2)), (4, gf2_affine_family(2, 3)), (8, gf2_affine_family(3, 3))]
    for mm, outer in cases:
        he = _he(mm, R(3))
        nested = cms(outer, he).mechanism
        regular = cms(compose_families(outer, hadamard_family(mm)), grr(2, R(3)).mechanism, decoder="eq8").mechanism
        rates = _collision_from_P(nested, outer.d)
        insts.append(Instance({"m": mm, "d": outer.d}, 1 / rates[0] if len(rates) == 1 else rates,
                              evaluate(ev.derived(), {C.m: mm}), evaluate(ev.printed(), {C.m: mm}), size=(mm,)))
        same.append((mm, _Q(nested) == _Q(regular), nested.is_unbiased()))
        for counts in [(1,) + (0,) * (outer.d - 1), (0,) * (outer.d - 1) + (1,), (1,) * outer.d]:
            nn = sum(counts)
            mses.append(Instance({"m": mm, "counts": counts}, moments.mse(nested, counts)[0],
                                 C.binary_inner_mse_derived(R(3), R(mm + 1, 2 * mm), nn, R(counts[0], nn)), size=(mm, nn),
                                 path="moment-formula"))
    ev.instances("m' = 1/collision read off the CMS+HE mechanism", insts)
    ev.numeric("CMS+HE: Q == Eq. (8) Q of the composite family, unbiased", all(a and b for _, a, b in same), len(same),
               f"(m, Q equal, unbiased): {same}")
    ev.instances("MSE of CMS+HE vs the binary-RR form with c_bar = (m+1)/(2m)", mses, has_printed=False)


# ---- Section 4.6 -----------------------------------------------------------------------------------
@cache
def _rappor_families():
    rng = np.random.default_rng(SEED + 46)
    return [gf2_affine_family(1, 2), gf2_affine_mod_family(2, 3, 2), gf2_affine_mod_family(2, 3, 3),
            random_family(4, 3, 3, rng)]


@claim(
    id="pan-cms/sec4.6.rappor-cms",
    location="Section 4.6, first sentence",
    statement="RAPPOR with one cohort per hash function and one hash function per cohort encodes like a CMS whose "
              "perturbation is (symmetric or asymmetric) RAPPOR.",
    printed=C.rappor_printed,
    derived=C.rappor_form,
    derivation=f"{DERIV}.rappor_law",
    kind="statement",
    assumptions="clients join a uniform cohort; every Bloom-filter bit reported independently (1 w.p. p1 if set, p0 "
                "if clear)",
)
def sec4_6_rappor(ev):
    insts = []
    for fam in _rappor_families():
        variants = [("symmetric f = 1/2", R(3, 4), R(1, 4), sue(fam.m, 9).mechanism)]
        for ee in (R(3), EXP_EPS):
            if ee == EXP_EPS and fam.k * 2**fam.m > 32:
                continue
            variants.append((f"asymmetric e^eps = {ee}", R(1, 2), 1 / (ee + 1), oue(fam.m, ee).mechanism))
        for label, p1, p0, inner in variants:
            rp = rappor_cohorts(fam, p1, p0)
            c = cms(fam, inner).mechanism
            facts = {"P": _P(rp), "P_other": _P(c), "functions": fam.functions, "size": fam.m, "p1": p1, "p0": p0}
            insts.append(Instance({"family": fam.name, "RAPPOR": label}, HOLDS, evaluate(ev.derived(), facts),
                                  evaluate(ev.printed(), facts), size=(fam.d, fam.m, fam.k)))
    ev.instances("RAPPOR cohorts P vs CMS P with unary-encoding perturbation (printed) and the derived law", insts)


@cache
def _unbiased_families():
    return [hadamard_family(2), hadamard_family(3), hadamard_family(4), hadamard_family(5), gf2_affine_family(1, 2),
            gf2_affine_family(2, 3), gf2_affine_family(2, 4), gf2_affine_mod_family(2, 3, 2), gf2_affine_mod_family(3, 5, 4)]


def _construction_k(fam):
    """k predicted by the construction: Walsh size (smallest power of two > d) or 4^l."""
    if fam.name.startswith("hadamard"):
        return _smallest_pow2_above(fam.d)
    l = int(fam.name.split("l=")[1].split(",")[0])
    return 4**l


@claim(
    id="pan-cms/sec4.6.km",
    location="Section 4.6, 'For the unbiased CMS (Corollary 3.1), we have km = d^2 m > d'",
    statement="An unbiased CMS has k = d^2 hash functions, so km = d^2 m > d.",
    printed=C.km_printed,
    derived=C.km_form,
    derivation=f"{DERIV}.rank_upper_bound",
    kind="statement",
    assumptions="unbiased CMS: c_bar(x, x') = 1/m for every x != x' (Corollary 3.1)",
    note="k = d^2 is the size of Eq. (18)'s family when d = 2^l; unbiased families of other sizes exist (HE's Walsh "
         "columns: k = smallest power of two > d, m = 2).  What unbiasedness forces is rank A = d, hence "
         "k(m - 1) + 1 >= d and km > d.",
    root_cause="sec3.1.family-size",
)
def sec4_6_km(ev):
    insts, ranks = [], []
    for fam in _unbiased_families():
        ev.numeric(f"{fam.name} is collision-uniform (unbiased CMS)", fam.is_collision_uniform(), 1,
                   "c_bar = 1/m for every pair")
        k_, m_, d_ = fam.k, fam.m, fam.d
        facts = {C.k: k_, C.m: m_, C.d: d_}
        insts.append(Instance({"family": fam.name, "k": k_, "m": m_, "d": d_}, HOLDS, evaluate(ev.derived(), facts),
                              evaluate(ev.printed(), facts), size=(d_, k_ * m_)))
        A = C.hashed_frequency_matrix(fam.functions, m_)
        ranks.append(Instance({"family": fam.name}, [A.rank(), k_], [d_, _construction_k(fam)],
                              size=(d_, k_ * m_)))
    ev.instances("k m = d^2 m > d (printed) and k(m - 1) + 1 >= d, k m > d (derived) on unbiased families", insts)
    ev.instances("rank A = d for unbiased families; k from the construction", ranks, has_printed=False)


@claim(
    id="pan-cms/sec4.6.unbiased-recovery",
    location="Section 4.6, 'so CMS can derive the original frequencies without bias'",
    statement="For an unbiased CMS the linear map f -> hashed frequencies has rank d (km > d), so the frequencies "
              "are recovered without bias.",
    printed=C.unbiased_recovery_printed,
    derived=C.hashed_frequency_gram,
    derivation=f"{DERIV}.hashed_frequency_gram",
    kind="statement",
    assumptions="unbiased CMS (c_bar = 1/m); randomised response with e^eps = 3 for the decoder check",
)
def sec4_6_recovery(ev):
    insts, dets, unbiased = [], [], []
    for fam in _unbiased_families():
        A = C.hashed_frequency_matrix(fam.functions, fam.m)
        gram = ((fam.m - 1) * sympy.eye(fam.d) + sympy.ones(fam.d, fam.d)) / (fam.m * fam.k)
        ev.identity(f"A^T A == ((m-1) I + J)/(m k) for {fam.name}", A.T * A, gram)
        det_exact = (A.T * A).det()
        facts = {C.m: fam.m, C.k: fam.k, C.d: fam.d, sympy.Symbol(r"\det(A^{T} A)"): det_exact}
        det = evaluate(ev.derived(), facts)
        printed = evaluate(ev.printed(), facts)
        if not isinstance(printed, bool):  # a form 'det(A^T A) = ...' holds when it gives the exact determinant
            printed = printed == det_exact
        mech = cms(fam, grr(fam.m, R(3)).mechanism).mechanism
        insts.append(Instance({"family": fam.name, "k m": fam.k * fam.m, "d": fam.d}, HOLDS,
                              det != 0 and A.rank() == fam.d, printed, size=(fam.d, fam.k * fam.m)))
        dets.append(Instance({"family": fam.name}, det_exact, det, size=(fam.d, fam.k * fam.m)))
        unbiased.append(mech.is_unbiased())
    ev.instances("km > d (printed); det(A^T A) != 0, i.e. rank A = d (derived), on unbiased families", insts)
    ev.instances("det(A^T A) vs the derived closed form", dets, has_printed=False)
    ev.numeric("the CMS + RR of each family is unbiased (QP = I)", all(unbiased), len(unbiased), f"{unbiased}")


@claim(
    id="pan-cms/sec4.6.small-km",
    location="Section 4.6, last sentences",
    statement="With km < d, distinct frequency vectors of the simplex map to the same hashed frequencies, so the "
              "original frequencies cannot be identified.",
    printed=C.small_km_printed,
    derived=C.small_km_form,
    derivation=f"{DERIV}.rank_upper_bound",
    kind="statement",
    assumptions="CMS encoding with k functions to [m], km < d; randomised response with e^eps = 3",
)
def sec4_6_small_km(ev):
    rng = np.random.default_rng(SEED + 460)
    insts, witnesses = [], []
    for d_, m_, k_ in [(4, 3, 1), (5, 2, 2), (6, 2, 2), (7, 3, 2)]:
        fam = random_family(d_, m_, k_, rng)
        A = C.hashed_frequency_matrix(fam.functions, m_)
        v = A.nullspace()[0]
        f0 = sympy.Matrix([R(1, d_)] * d_)
        t = min(R(1, d_) / abs(vi) for vi in v if vi != 0) / 2
        f1 = f0 + t * v
        mech = cms(fam, grr(m_, R(3)).mechanism).mechanism
        P = _P(mech)
        holds = (A * f0 == A * f1 and f0 != f1 and min(f1) >= 0 and sum(f1) == 1 and P * f0 == P * f1)
        rank_sym = sympy.Symbol(r"\mathrm{rank}\,A")
        facts = {rank_sym: A.rank(), C.k: k_, C.m: m_, C.d: d_}
        insts.append(Instance({"d": d_, "m": m_, "k": k_}, HOLDS, evaluate(ev.derived(), facts),
                              evaluate(ev.printed(), facts), size=(d_, m_, k_)))
        witnesses.append(bool(holds))
    ev.instances("rank A < d (printed) and rank A <= k(m - 1) + 1 (derived) at km < d", insts)
    ev.numeric("a second frequency vector f + t v (v in the kernel) with the same hashed frequencies and the same "
               "response law exists", all(witnesses), len(witnesses), f"{witnesses}")


# ---- Appendix G ------------------------------------------------------------------------------------
@claim(
    id="pan-cms/appG.estimator",
    location="Appendix G, the estimator f_H(x) of ref. [5]",
    statement="f_H(x) = sum_i H_hat[X_i + 1, j_i] H[j_i, x + 1] is an unbiased estimator of f(x).",
    printed=C.appg_estimator_printed,
    derived=C.appg_estimator_form,
    derivation=f"{DERIV}.appg_estimator_form",
    assumptions="f(x) the frequency (count / n) as in Section 2.2; H the symmetric Walsh matrix",
    note="Without the factor 1/n the sum estimates the count n f(x).",
    root_cause="appG.estimator-1/n",
)
def appg_estimator(ev):
    ev.symbolic("printed vs derived estimator", ev.printed().rhs, ev.derived().rhs)
    base = sympy.Sum(C.Hhat[C.i_idx] * C.Hval[C.i_idx], (C.i_idx, 1, n))

    factors = {}

    def weight(form, nn):
        """The factor of each client's term H_hat H in the form, at n clients (1 printed, 1/n derived)."""
        if form not in factors:  # simplified once per form, then evaluated at each n
            factors[form] = sympy.simplify(form.rhs / base)
        w = factors[form].subs(n, nn)
        if w.has(C.Hhat) or w.has(C.Hval) or not w.is_Rational:
            raise ValueError(f"estimator {form.rhs} is not a multiple of the sum of H_hat H")
        return w

    insts = []
    for d in (2, 3):
        for ee in (R(2), R(3)):
            he = _he(d, ee)
            T = _Q(he)  # each client's term H_hat[X+1, j] H[j, x+1]: HE's per-client decoder, which averages them
            for counts in _datasets(d, 3):
                nn = sum(counts)
                # the estimator sum_i w T_i: the per-client decoder w * n * (T / n) of a mean
                means = [enumeration.enumerated_moments(he.with_decoder((weight(form, nn) * nn * T).tolist()),
                                                        counts)["mean"] for form in (ev.printed(), ev.derived())]
                truth = [R(c, nn) for c in counts]
                insts.append(Instance({"d": d, "exp_eps": ee, "counts": counts}, truth, means[1], means[0],
                                      size=(d, nn, ee)))
    ev.instances("expectation of the estimator (exact enumeration) vs f", insts)


@claim(
    id="pan-cms/appG.eq2",
    location="Appendix G, last paragraph (and Section 4.1, 'decoding process of HE is equivalent to Eq. (2)')",
    statement="H_hat[X+1, j] H[j, x+1] = 2 y_hat[h_j(x)] - 1, i.e. HE's decoding is Eq. (2) with m = 2.",
    printed=C.appg_eq2_printed,
    derived=C.appg_eq2_form,
    derivation=f"{DERIV}.he_decoded_value",
    assumptions="H[i, j] = (-1)^{popcount(i & j)}; h_j(x) = H[x+1, j]; binary randomised response",
)
def appg_eq2(ev):
    p, q = C.binary_rr_probabilities(e)
    yhat = sympy.Symbol(r"\hat{y}[h_{j}(x)]")

    def entry(form, agree, ee):
        """The form at a report that agrees (1) or not (0) with h_j(x): y_hat is binary RR's reconstruction."""
        pe, qe = C.binary_rr_probabilities(ee)
        return evaluate(form, {yhat: (agree - qe) / (pe - qe), C.ind: agree, e: ee})

    ev.symbolic("printed (y_hat = binary RR reconstruction) vs derived",
                sympy.cancel(ev.printed().rhs.subs(yhat, (C.ind - q) / (p - q))), sympy.cancel(ev.derived().rhs))
    for s in (4, 8, 16):
        W = sympy.Matrix(walsh_hadamard(s))
        ev.identity(f"Walsh (-1)^(i.j) of size {s} == Sylvester, symmetric, H H^T = s I",
                    [W, W.T, W * W.T], [sympy.Matrix(sylvester_hadamard(s).tolist()), W, s * sympy.eye(s)])
    insts, noise_free, cms_decoders = [], [], []
    for d in (2, 3, 4, 5):
        for ee in EXPS:
            if ee == EXP_EPS and d > 3:
                continue
            he = _he(d, ee)
            fam = hadamard_family(d)
            c = _cms(fam, _grr(2, ee))
            s = fam.k
            agree = [[1 if (0 if z == 1 else 1) == fam.functions[j][x] else 0 for x in range(d)]
                     for j in range(s) for z in (1, -1)]
            Qd, Qp = (sympy.Matrix([[value[a] for a in row] for row in agree]).T  # each form at agree = 0, 1
                      for value in (_canon([[entry(form, a, ee) for a in (0, 1)]]) for form in (ev.derived(), ev.printed())))
            insts.append(Instance({"d": d, "exp_eps": ee}, _Q(he), Qd, Qp, size=(d,)))
            cms_decoders.append(_Q(c) == _Q(he))
        H = walsh_hadamard(hadamard_family(d).k)
        fam = hadamard_family(d)
        prods = [H[X + 1][j] * H[j][x + 1] for X in range(d) for x in range(d) for j in range(fam.k)]
        pred = [2 * (1 if fam.functions[j][X] == fam.functions[j][x] else 0) - 1
                for X in range(d) for x in range(d) for j in range(fam.k)]
        noise_free.append(Instance({"d": d}, prods, pred, size=(d,)))
    ev.instances("HE decoder (Appendix G, per client) vs each form per report", insts)
    ev.numeric("HE decoder == Eq. (2) decoder of CMS(Hadamard columns, binary RR)", all(cms_decoders),
               len(cms_decoders), f"{cms_decoders}")
    ev.instances("noise-free: H[X+1, j] H[j, x+1] = +1 on a collision, -1 otherwise", noise_free, has_printed=False)


ROOT_CAUSES = [
    RootCause("appG.estimator-1/n", "Appendix G, the estimator f_H(x) of ref. [5]",
              "f_H(x) = sum_i H_hat[X_i + 1, j_i] H[j_i, x + 1] estimates the count n f(x); the frequency needs the "
              "factor 1/n", "error"),
    RootCause("sec4.1.3-wise", "Section 4.1, the sentence citing [21]",
              "the rows of a Hadamard matrix without their first element are called 3-wise independent; for Sylvester "
              "matrices inputs x1, x2, x1 xor x2 give h(x3) = h(x1) h(x2): only pairwise independent (enough for "
              "Section 4.1's conclusion)", "error"),
    RootCause("sec4.3.same-mod-exponent", "Section 4.3, third paragraph",
              "two random values share their residue mod 2^(b-1) with probability 2^(b-1), a probability above 1; it "
              "is 2^(1-b)", "error"),
    RootCause("sec4.3.random-pair", "Section 4.3, third paragraph",
              "the collision probability 2^-b of a random pair needs residues that are independent and uniform; two "
              "distinct values of [d] share their residue with probability (d/2^(b-1) - 1)/(d - 1) < 2^(1-b), so the "
              "rate is below 2^-b and reaches it only as d grows", "condition"),
    RootCause("sec4.3.b-eps", "Section 4.3, third paragraph ('[12] sets b = eps')",
              "b = eps bits give 2^b = 2^eps messages at collision rate 2^-b, i.e. m = 2^eps in CMS, not e^eps",
              "error"),
    RootCause("sec4.3.eq5-mse", "Section 4.3, fourth paragraph",
              "RHR's MSE is said to be Eq. (5) with c_bar = 1/2 and m-ary RR; Eq. (5) with those values is the variance "
              "of RHR decoded by Eq. (2), which is biased there; RHR's unbiased decoder has MSE "
              "((e^eps + 1)(e^eps + 2^b - 1)/(e^eps - 1)^2 - f(x))/n", "error"),
    RootCause("sec4.3.matrix-size", "Section 4.3, RHR step (2)",
              "a Hadamard matrix of size larger than d // 2^(b-1) holds row x // 2^(b-1) + 1 of every x in [d] only "
              "when 2^(b-1) divides d; otherwise the size must exceed ceil(d / 2^(b-1))", "condition"),
]
