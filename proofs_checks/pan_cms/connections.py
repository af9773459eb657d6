"""pan-cms claim checks: connections (Section 4 and Appendix G; see derivations.pan_cms.connections).

The exact path builds every mechanism of Section 4 step by step (``ldpref.mechanisms.variants``: TnS, HE,
HR, RHR, local hashing, RAPPOR cohorts) and compares it with a real CMS (``ldpref.mechanisms.cms``) built
from real hash families (``ldpref.hashing``); moments come from ``ldpref.moments`` / ``ldpref.enumeration``
on those mechanisms.  Statements record, per instance, whether they hold (exact), what the paper asserts
(printed) and what the derivation predicts (derived).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import sympy

import derivations.pan_cms.connections as C
import derivations.pan_cms.printed_connections as PCN
from derivations.pan_cms.symbols import e, n
from ldpref import enumeration
from ldpref.dataset import all_datasets as _datasets
from ldpref.exact import EXP_EPS
from ldpref.exact import to_exact as _rat
from ldpref.hashing import hadamard_family, sylvester_hadamard
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Numeric, Point, Symbolic, rhs
from ldpref.ledger.generic import precomputed as exact_of
from ldpref.ledger.forms import evaluate
from ldpref.linalg import exact_matrix
from ldpref.mechanisms.cms import cms, inner_mechanism
from ldpref.mechanisms.pure import grr
from ldpref.mechanisms.variants import (columns_family, hadamard_encoding, hadamard_response, hadamard_response_family,
                                        local_hashing, recursive_hadamard_response, tns, walsh_hadamard)

SEED = 20260604
R = sympy.Rational
#: a statement of the paper must hold at every instance it covers: its printed and derived forms are evaluated
#: on facts computed from the real mechanisms there, and compared with this value
HOLDS = True
EXPS = (R(2), R(3), EXP_EPS)
DERIV = "derivations.pan_cms.connections"


# ---- helpers ------------------------------------------------------------------------------------
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
        counts = Counter((h[a], h[c]) for h in functions)
        if len(counts) != len(values) ** 2 or any(Fraction(v, k) != Fraction(1, len(values) ** 2)
                                                  for v in counts.values()):
            return False
    return True


def _first_non_uniform_triple(functions, inputs):
    """The first triple of inputs whose sign patterns are not uniform over the functions (None if there is none)."""
    return next((triple for triple in itertools.combinations(inputs, 3)
                 if set(_pattern_fractions(functions, triple, 3)) != {R(1, 8)}), None)


def _smallest_pow2_above(v):
    """The smallest power of two larger than v >= 0: 2^(number of binary digits of v)."""
    return 1 << v.bit_length()


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


def _def41_rows():
    for index, (size, M, kind, ee) in enumerate(_tns_grid()):
        inner, t = _tns_case(index)
        PR = _P(inner)
        Ml = _relabelled(M)
        facts = {"P": _P(t), "P_other": C.law_matrix(C.tns_column_sampling(Ml, PR), size[0]), "M": Ml, "PR": PR}
        yield Point({"d,k,m": size, "inner": kind, "exp_eps": ee}, facts=facts, data=HOLDS, size=size)


record(
    id="pan-cms/def4.1",
    location="Section 4, Definition 4.1 and the sentence after it",
    statement="Sampling a uniform element M[x][j] of the row M[x] and perturbing it has the same output law "
              "as sampling a uniform column M[:, j], mapping x to M[x, j] and perturbing it.",
    printed=PCN.def41_printed,
    derived=C.tns_form,
    derivation=f"{DERIV}.tns_row_sampling",
    kind="statement",
    assumptions="the sampled position j is reported with the perturbed element; M is d x k",
    steps=(Grid("row sampling (ldpref.mechanisms.variants.tns) vs column sampling (printed) and the derived law",
                _def41_rows, exact_of),),
)


def _generic_tns_identity(d, k, m):
    """The derivation on a generic inner mechanism: row sampling == the CMS law of the columns."""
    PR = sympy.Matrix(m, m, lambda z, y: sympy.Symbol(f"r_{z}{y}"))
    M = [[(x * 2 + j) % m for j in range(k)] for x in range(d)]
    columns = [tuple(M[x][j] for x in range(d)) for j in range(k)]
    return Identity(f"TnS law == CMS law of the columns (generic R, d={d}, k={k}, m={m})",
                    lambda: _dict_matrix(C.tns_row_sampling(M, PR), d),
                    lambda: _dict_matrix(C.cms_perturbation(columns, PR), d))


def _thm41_rows():
    for index, (size, M, kind, ee) in enumerate(_tns_grid()):
        inner, t = _tns_case(index)
        c = _cms(columns_family(M), inner)
        facts = {"P": _P(t), "Q": _Q(t), "P_other": _P(c), "Q_other": _Q(c), "M": _relabelled(M), "PR": _P(inner)}
        yield Point({"d,k,m": size, "inner": kind, "exp_eps": ee}, facts=facts, data=HOLDS, size=size)


record(
    id="pan-cms/thm4.1",
    location="Section 4, Theorem 4.1",
    statement="An algorithm of the TnS framework is a CMS whose hash family is the set of columns of M.",
    printed=PCN.tns_printed,
    derived=C.tns_form,
    derivation=f"{DERIV}.tns_row_sampling",
    kind="statement",
    assumptions="the position j is reported (the server knows which hash function was used); the elements of M "
                "are relabelled 0..m-1",
    steps=(_generic_tns_identity(2, 2, 2), _generic_tns_identity(3, 2, 3),
           Grid("TnS mechanism (P, Eq. (2) decoder) vs CMS of the columns of M (printed), derived law", _thm41_rows,
                exact_of)),
)


# ---- Section 4.1 -----------------------------------------------------------------------------------
def _hadamard_cases():
    """(d, e^eps) of Sections 4.1-4.2 (symbolic e^eps for d <= 3 only)."""
    return [(d, ee) for d in (2, 3, 4, 5) for ee in EXPS if not (ee == EXP_EPS and d > 3)]


def _he_cases():
    """(d, e^eps, HE, the Hadamard family, CMS(Hadamard columns, binary RR, Eq. (2)))."""
    for d, ee in _hadamard_cases():
        fam = hadamard_family(d)
        yield d, ee, _he(d, ee), fam, _cms(fam, _grr(2, ee))


def _he_rows():
    for d, ee, he, fam, c in _he_cases():
        rows = [tuple(walsh_hadamard(fam.k)[x + 1][j] for x in range(d)) for j in range(fam.k)]
        pairwise = _pairwise_by_count([dict(enumerate(r)) for r in rows], range(d))
        facts = {"P": _P(he), "Q": _Q(he), "P_other": _P(c), "Q_other": _Q(c), "pairwise": pairwise,
                 "d_value": d, "exp_eps": ee, "signs": (1, -1)}
        yield Point({"d": d, "exp_eps": ee}, facts=facts, data=HOLDS, size=(d,))


record(
    id="pan-cms/sec4.1.he-cms-rr",
    location="Section 4.1, last two sentences (and the TnS sentence)",
    statement="Hadamard Encoding is CMS + RR with m = 2 and a pairwise-independent hash family "
              "(h_j(x) = H[x+1, j]); its decoder is Eq. (2).",
    printed=PCN.he_cms_printed,
    derived=C.he_law_form,
    derivation=f"{DERIV}.walsh_joint_fraction",
    kind="statement",
    assumptions="Walsh-Hadamard matrix of the smallest power-of-two size > d; binary RR keeps w.p. e/(e+1); the "
                "Appendix G decoder divided by n",
    steps=(Grid("HE built step by step vs CMS(Hadamard columns, binary RR, Eq. (2)) with pairwise-independent "
                "columns (printed) and the derived law and decoder", _he_rows, exact_of),),
)


def _pattern_fractions(functions, inputs, t):
    """Pr_h[(h(x_1), ..., h(x_t)) = y] over the functions, for every t-set of distinct inputs and every sign
    pattern y."""
    k = len(functions)
    out = []
    for tup in itertools.combinations(inputs, t):
        counts = Counter(tuple(h[x] for x in tup) for h in functions)
        out += [R(counts[y], k) for y in itertools.product((1, -1), repeat=t)]
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


@cache
def _three_wise_matrices():
    """The Hadamard matrices read: Sylvester (Walsh) of size 4 and 8, Paley of size 12, by name."""
    return (("sylvester", walsh_hadamard(4)), ("sylvester", walsh_hadamard(8)), ("paley", _paley12()))


def _three_wise_readings(H):
    """The readings of 'the rows of H without their first element' as (functions, inputs), by name."""
    s = len(H)
    return {"rows as functions, first element dropped": ([H[i] for i in range(s)], list(range(1, s))),
            "columns as functions, first row dropped (HE)": ([[H[x][j] for x in range(s)] for j in range(s)],
                                                             list(range(1, s)))}


def _three_wise_rows(sylvester_only=False):
    """(point params, functions, inputs, size) of every matrix and reading."""
    for name, H in _three_wise_matrices():
        if sylvester_only and name != "sylvester":
            continue
        for r_index, (reading, (functions, inputs)) in enumerate(_three_wise_readings(H).items()):
            params = {"matrix": f"{name} {len(H)}", "reading": reading,
                      "first non-uniform triple": _first_non_uniform_triple(functions, inputs)}
            yield params, functions, inputs, (len(H), r_index)


def _independence_rows():
    """Each reading: the statement (a 't-wise' one, t read off the form) holds on the family (HOLDS)."""
    for params, functions, inputs, size in _three_wise_rows():
        yield Point(params, facts={"functions": functions, "inputs": inputs}, data=HOLDS, size=size)


def _holds_on_family(form, point):
    """A statement 'Pr_h[(h(x_1), ..., h(x_t)) = y] = c' on the point's family: at every t-set of distinct inputs."""
    return _form_holds(form, _pattern_fractions(point.facts["functions"], point.facts["inputs"], _arity(form)))


def _pattern_rows():
    """Pattern probabilities of triples (counted on the family) vs the GF(2) rank count (a model quantity)."""
    for params, functions, inputs, size in _three_wise_rows(sylvester_only=True):
        model = [C.walsh_joint_fraction(list(t), list(y)) for t in itertools.combinations(inputs, 3)
                 for y in itertools.product((1, -1), repeat=3)]
        yield Point(params, data=_pattern_fractions(functions, inputs, 3), size=size, model=model)


def _signed_rows():
    """The rows and their negatives (a uniform sign): every triple pattern has probability 1/8."""
    for name, H in _three_wise_matrices():
        if name == "sylvester":
            fr = _pattern_fractions([row for row in H] + [[-v for v in row] for row in H], list(range(1, len(H))), 3)
            yield Point({"matrix": f"{name} {len(H)}", "family": "+-rows"}, data=fr, size=(len(H),),
                        model=[R(1, 8)] * len(fr))


def _constant_input():
    """The other reading (first row dropped, every column kept): input 0 is constant (h(0) = 1) on each matrix."""
    flags = [all(h[0] == 1 for h in H[1:]) for _, H in _three_wise_matrices()]
    return all(flags), len(flags), f"{flags}"


record(
    id="pan-cms/sec4.1.3-wise",
    location="Section 4.1, 'all the rows of a Hadamard matrix, excluding the first element, comprise a "
             "3-wise-independent hashing family'",
    statement="The rows of a Hadamard matrix without their first element form a 3-wise-independent family "
              "of functions to {-1, 1}.",
    printed=PCN.three_wise_printed,
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
    steps=(Grid("3-wise (printed) and pairwise (derived) independence of the Hadamard family, all distinct inputs",
                _independence_rows, exact_of, value=_holds_on_family),
           Grid("pattern probabilities of triples vs the GF(2) rank count (Sylvester rows and columns)", _pattern_rows,
                exact_of, printed=False),
           Grid("rows with a uniform sign are 3-wise independent", _signed_rows, exact_of, printed=False),
           Numeric("the other reading (first row dropped, every column kept) has a constant input: no independence",
                   _constant_input),
           Identity("Paley matrix is Hadamard: H H^T = 12 I",
                    lambda: sympy.Matrix(_paley12()) * sympy.Matrix(_paley12()).T, lambda: 12 * sympy.eye(12))),
)


# ---- Section 4.2 -----------------------------------------------------------------------------------
def _hr_points():
    for d, ee in _hadamard_cases():
        yield d, ee, hadamard_response(d, ee)


def _hr_rows():
    for d, ee, hr in _hr_points():
        fam = hadamard_response_family(d)
        (Ph, Qh), (Pc, Qc) = _canonical(hr, _jz), _canonical(_cms(fam, _grr(2, ee)), _jz)  # "j:1"/"j:0" in both
        facts = {"P": Ph, "Q": Qh, "P_other": Pc, "Q_other": Qc,
                 "pairwise": _pairwise_by_count(fam.functions, range(d)), "d_value": d, "exp_eps": ee,
                 "signs": (-1, 1)}  # bit 0 <-> sign -1, bit 1 <-> sign +1
        yield Point({"d": d, "exp_eps": ee}, facts=facts, data=HOLDS, size=(d,))


def _hr_as_he():
    """HR's (P, Q) against HE's (a mechanism built independently, not the claim's form) with (j, 1) <-> (j, +1)."""
    he_key = lambda lab: (_jz(lab)[0], "1" if _jz(lab)[1] == "+1" else "0")  # noqa: E731
    for d, ee, hr in _hr_points():
        yield Point({"d": d, "exp_eps": ee}, model=list(_canonical(_he(d, ee), he_key)),
                    data=list(_canonical(hr, _jz)), size=(d,))


record(
    id="pan-cms/sec4.2.hr",
    location="Section 4.2",
    statement="Hadamard Response (public random row, bit [H[j, x+1] = 1], binary RR) is CMS + RR with m = 2 and "
              "pairwise-independent hashing, and its decoding is that of HE.",
    printed=PCN.hr_cms_printed,
    derived=C.he_law_form,
    derivation=f"{DERIV}.walsh_joint_fraction",
    kind="statement",
    assumptions="the version of the paper's ref. [14]; value x is column x + 1 of the Walsh matrix of the smallest "
                "power-of-two size > d",
    note="With the symmetric Walsh matrix this HR is HE itself, outputs (j, 1) <-> (j, +1).",
    steps=(Grid("HR built step by step vs CMS(HR rows, binary RR) with pairwise-independent rows (printed) and "
                "HE's derived law and decoder", _hr_rows, exact_of),
           Grid("HR (P, Q) == HE (P, Q) with (j, 1) <-> (j, +1)", _hr_as_he, exact_of, printed=False)),
)


# ---- Appendix G ------------------------------------------------------------------------------------
_ESTIMATOR_BASE = sympy.Sum(C.Hhat[C.i_idx] * C.Hval[C.i_idx], (C.i_idx, 1, n))


@cache
def _estimator_factor(form):
    """The factor of each client's term H_hat H in the form (simplified once per form)."""
    return sympy.simplify(form.rhs / _ESTIMATOR_BASE)


def _estimator_rows():
    for d in (2, 3):
        for ee in (R(2), R(3)):
            for counts in _datasets(d, 3):
                nn = sum(counts)
                yield Point({"d": d, "exp_eps": ee, "counts": counts}, data=[R(c, nn) for c in counts],
                            size=(d, nn, ee))


def _estimator_mean(form, point):
    """E of the estimator sum_i w T_i (exact enumeration of HE; T = HE's per-client decoder H_hat[X+1, j]
    H[j, x+1] averaged, w the form's weight at n clients: 1 printed, 1/n derived)."""
    d, ee, counts = point.params["d"], point.params["exp_eps"], point.params["counts"]
    nn = sum(counts)
    w = _estimator_factor(form).subs(n, nn)
    if w.has(C.Hhat) or w.has(C.Hval) or not w.is_Rational:
        raise ValueError(f"estimator {form.rhs} is not a multiple of the sum of H_hat H")
    he = _he(d, ee)
    return enumeration.enumerated_moments(he.with_decoder((w * nn * _Q(he)).tolist()), counts)["mean"]


record(
    id="pan-cms/appG.estimator",
    location="Appendix G, the estimator f_H(x) of ref. [5]",
    statement="f_H(x) = sum_i H_hat[X_i + 1, j_i] H[j_i, x + 1] is an unbiased estimator of f(x).",
    printed=PCN.appg_estimator_printed,
    derived=C.appg_estimator_form,
    assumptions="f(x) the frequency (count / n) as in Section 2.2; H the symmetric Walsh matrix",
    note="Without the factor 1/n the sum estimates the count n f(x).",
    root_cause="appG.estimator-1/n",
    steps=(Symbolic("printed vs derived estimator", part=rhs),
           Grid("expectation of the estimator (exact enumeration) vs f", _estimator_rows, exact_of,
                value=_estimator_mean)),
)


_YHAT = sympy.Symbol(r"\hat{y}[h_{j}(x)]")


def _reconstructed(form):
    """The form's right-hand side with y_hat written as binary RR's reconstruction (1 - q)/(p - q) of the indicator."""
    p, q = C.binary_rr_probabilities(e)
    return sympy.cancel(form.rhs.subs(_YHAT, (C.ind - q) / (p - q)))


def _walsh_identity(s):
    W = sympy.Matrix(walsh_hadamard(s))
    return Identity(f"Walsh (-1)^(i.j) of size {s} == Sylvester, symmetric, H H^T = s I", lambda: [W, W.T, W * W.T],
                    lambda: [sympy.Matrix(sylvester_hadamard(s).tolist()), W, s * sympy.eye(s)])


def _he_decoder_rows():
    for d, ee, he, fam, c in _he_cases():
        yield Point({"d": d, "exp_eps": ee}, data=_Q(he), facts={"family": fam, "exp_eps": ee}, size=(d,))


def _he_decoder_of(form, point):
    """The decoder the form defines per report (j, z): its value where z agrees (1) or not (0) with h_j(x), y_hat
    being binary RR's reconstruction there."""
    fam, ee = point.facts["family"], point.facts["exp_eps"]
    pe, qe = C.binary_rr_probabilities(ee)
    value = _canon([[evaluate(form, {_YHAT: (a - qe) / (pe - qe), C.ind: a, e: ee}) for a in (0, 1)]])
    agree = [[1 if (0 if z == 1 else 1) == fam.functions[j][x] else 0 for x in range(fam.d)]
             for j in range(fam.k) for z in (1, -1)]
    return sympy.Matrix([[value[a] for a in row] for row in agree]).T


def _cms_decoders_same():
    same = [_Q(c) == _Q(he) for d, ee, he, fam, c in _he_cases()]
    return all(same), len(same), f"{same}"


def _noise_free_rows():
    for d in (2, 3, 4, 5):
        fam = hadamard_family(d)
        H = walsh_hadamard(fam.k)
        cells = [(X, x, j) for X in range(d) for x in range(d) for j in range(fam.k)]
        yield Point({"d": d}, data=[H[X + 1][j] * H[j][x + 1] for X, x, j in cells], size=(d,),
                    model=[2 * (1 if fam.functions[j][X] == fam.functions[j][x] else 0) - 1 for X, x, j in cells])


record(
    id="pan-cms/appG.eq2",
    location="Appendix G, last paragraph (and Section 4.1, 'decoding process of HE is equivalent to Eq. (2)')",
    statement="H_hat[X+1, j] H[j, x+1] = 2 y_hat[h_j(x)] - 1, i.e. HE's decoding is Eq. (2) with m = 2.",
    printed=PCN.appg_eq2_printed,
    derived=C.appg_eq2_form,
    derivation=f"{DERIV}.he_decoded_value",
    assumptions="H[i, j] = (-1)^{popcount(i & j)}; h_j(x) = H[x+1, j]; binary randomised response",
    steps=(Symbolic("printed (y_hat = binary RR reconstruction) vs derived", part=_reconstructed),
           *(_walsh_identity(s) for s in (4, 8, 16)),
           Grid("HE decoder (Appendix G, per client) vs each form per report", _he_decoder_rows, exact_of,
                value=_he_decoder_of),
           Numeric("HE decoder == Eq. (2) decoder of CMS(Hadamard columns, binary RR)", _cms_decoders_same),
           Grid("noise-free: H[X+1, j] H[j, x+1] = +1 on a collision, -1 otherwise", _noise_free_rows, exact_of,
                printed=False)),
)
