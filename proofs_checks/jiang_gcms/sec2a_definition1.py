"""Section II-A: Definition 1 ((eps, delta)-DP), Eq. (1), Theorem 1 and Eq. (2) (amplification by shuffling).
"""

from __future__ import annotations

import itertools
from functools import cache as _cache

import mpmath
import sympy
from flint import fmpq

import derivations.jiang_gcms as J
from ldpref import enumeration
from ldpref import gcms as G
from ldpref.exact import exact_holds, exact_order
from ldpref.hashing import HashFamily
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Note, Numeric, Point, RoleGrid, Symbolic
from ldpref.ledger.forms import evaluate
from ldpref.mechanisms import grr, oue
from ldpref.mechanisms.gcms import gcms, x_only
from ldpref.privacy import exp_eps as mechanism_exp_eps

from .pure_protocols import R


# ---- Definition 1 and Theorem 1 ---------------------------------------------------------------------
def _parts(obj):
    """A relation (or an implication / conjunction of relations) as the list of its sides, for exact
    symbolic comparison; the kinds of relation are compared too."""
    if isinstance(obj, (sympy.Implies, sympy.And)):
        return [sympy.Symbol(type(obj).__name__)] + [x for a in obj.args for x in _parts(a)]
    if isinstance(obj, sympy.core.relational.Relational):
        return [sympy.Symbol(type(obj).__name__), obj.lhs, obj.rhs]
    return [obj]


def _def1_mechanisms():
    fam = HashFamily(((0, 1),), 3, name="h=(0,1)")
    fam2 = HashFamily(((0, 1, 1), (2, 2, 0)), 3, name="two functions")
    yield "gcms d=2 m=3 k=1 s=1 p=3/4", gcms(fam, 1, R(3, 4))
    yield "gcms d=3 m=3 k=2 s=1 p=3/4", gcms(fam2, 1, R(3, 4))
    yield "gcms x-only d=3 m=3 k=2 s=1 p=3/5", x_only(gcms(fam2, 1, R(3, 5)))
    yield "grr d=3 e=3", grr(3, 3).mechanism
    yield "oue d=2 e=3", oue(2, 3).mechanism


def _events(U):
    return [S for r_ in range(U + 1) for S in itertools.combinations(range(U), r_)]


@_cache
def _def1_points():
    """Per (mechanism, x, x', e^eps, delta): the derived form's facts (delta, the hockey-stick value) and, as data,
    whether the smallest delta over every event S of outputs (exact, by listing the events) is at most delta, with
    what the printed inequality is evaluated on (the two columns of P, the events, e^eps, delta)."""
    out = []
    for name, mech in _def1_mechanisms():
        Pm = mech.perturbation_matrix()
        U = mech.n_outputs
        events = _events(U)
        true_e = mechanism_exp_eps(mech)
        for x, x2 in itertools.permutations(range(mech.d), 2):
            a, b = list(Pm[:, x]), list(Pm[:, x2])
            for e_ in (true_e, true_e * R(9, 10), R(1)):
                worst = max(sum(a[u] - e_ * b[u] for u in S) for S in events)
                for dl in sorted({worst, worst / 2, R(0)}):
                    out.append(Point({"mechanism": name, "x": x, "x'": x2, "e^eps": e_, "delta": dl,
                                      "smallest delta": worst},
                                     facts={J.delta: dl, J.HOCKEY: J.hockey_stick(a, b, e_)},
                                     data=(bool(worst <= dl), a, b, events, e_, dl), size=(mech.d, U, x, x2, e_, dl)))
    return tuple(out)


def _def1_value(form, point, role):
    """The printed inequality over every event S, each event's form evaluated by the one evaluator
    (:func:`ldpref.ledger.forms.evaluate`) at eps, delta and the hockey-stick value of the point (fixed, should the
    form be written with it, so the same code evaluates any statement form) and the two event probabilities; the
    derived (per-output) form at delta and the hockey-stick value."""
    if role != "printed":
        return evaluate(form, point.facts)
    _, a, b, events, e_, dl = point.data
    at = {J.eps: sympy.log(e_), J.delta: dl, J.HOCKEY: point.facts[J.HOCKEY]}
    return all(evaluate(form, {**at, J.PrS: sum(a[u] for u in S), J.PrS2: sum(b[u] for u in S)}) for S in events)


#: Definition 1 and its Eq. (1): one statement, one evidence
_DEF1 = dict(printed=J.def1_printed, derived=J.def1_derived, derivation="derivations.jiang_gcms.hockey_stick",
             kind="statement", steps=(
    RoleGrid("Definition 1 at each pair of inputs, e^eps and delta: the printed inequality over every event S vs "
             "the per-output (hockey-stick) form ldpref uses, against the smallest delta over every event",
             _def1_points, lambda point: point.data[0], value=_def1_value),
    Note("Definition 1 is a definition: the printed column is Eq. (1) evaluated over every event; the derived "
         "column is ldpref.privacy's hockey-stick delta (the per-output form), the exact column the largest "
         "Pr(S|x) - e^eps Pr(S|x') over every event.")))

record(id="jiang-gcms/def1", location="Section II-A, Definition 1 ((eps, delta)-DP)",
       statement="M is (eps, delta)-DP if Pr(M(X) in S) <= e^eps Pr(M(X') in S) + delta for all neighbours "
                 "X, X' and events S; delta = 0 is pure eps-DP; in LDP the neighbours are any two inputs.",
       **_DEF1)

record(id="jiang-gcms/eq1", location="Section II-A, Eq. (1)",
       statement="Pr(M(X) in S) <= e^eps Pr(M(X') in S) + delta.", **_DEF1)


def _shuffled_pairs_both(mech, n_rest):
    """Exact output distributions of the shuffled histogram (the law of the response counts,
    ``ldpref.enumeration.response_count_distribution``) for every neighbouring pair x, x' (the other n_rest clients
    all on one value): (pairs (a, b) of python-flint ``fmpq`` per output, the same as mpmath pairs), each law converted
    once."""
    mp = lambda v: mpmath.mpf(int(v.numerator)) / int(v.denominator) if v else mpmath.mpf(0)  # noqa: E731
    zero_q, zero, exact, out = fmpq(0), mpmath.mpf(0), [], []
    for rest_value in range(mech.d):
        # the law with the one differing client on x, for every x (each pair (x, x') reads two of them)
        laws = {x: enumeration.response_count_distribution(
            mech, [n_rest * (v == rest_value) + (v == x) for v in range(mech.d)]) for x in range(mech.d)}
        as_q = {x: {y: fmpq(int(v.numerator), int(v.denominator)) for y, v in law.items()} for x, law in laws.items()}
        as_mp = {x: {y: mp(v) for y, v in law.items()} for x, law in laws.items()}  # each law converted once
        for x, x2 in itertools.permutations(range(mech.d), 2):
            outputs = set(laws[x]) | set(laws[x2])
            exact.append([(as_q[x].get(y, zero_q), as_q[x2].get(y, zero_q)) for y in outputs])
            out.append([(as_mp[x].get(y, zero), as_mp[x2].get(y, zero)) for y in outputs])
    return exact, out


def _shuffled_pairs(mech, n_rest):
    """:func:`_shuffled_pairs_both`'s mpmath pairs (a, b) per output."""
    return _shuffled_pairs_both(mech, n_rest)[1]


def _hockey_tables(pairs):
    """Per pair list: outputs sorted by decreasing likelihood ratio a/b with prefix sums of a and b, so
    delta(E) = sum_{a > E b} (a - E b) is one binary search (the same sum as listing the outputs)."""
    tables = []
    for rows in pairs:
        # each -a/b computed once; sorted by (float, exact mpf): float rounding is monotone, so this is the order of
        # the mpf values themselves (ties included, the sort being stable), with most comparisons between floats
        keyed = sorted(((-(a / b) if b else -mpmath.inf, a, b) for a, b in rows), key=lambda t: (float(t[0]), t[0]))
        neg_ratio = [r for r, _, _ in keyed]
        pa, pb = [mpmath.mpf(0)], [mpmath.mpf(0)]
        for _, a, b in keyed:
            pa.append(pa[-1] + a)
            pb.append(pb[-1] + b)
        tables.append((neg_ratio, pa, pb))
    return tables


def _hockey(tables, E_c):
    import bisect

    return max(pa[i] - E_c * pb[i] for neg, pa, pb in tables for i in [bisect.bisect_left(neg, -E_c)])


def _exact_tables(pairs):
    """Per pair list of exact rationals (``fmpq``): the ratios a/b in decreasing order (None for b = 0: an infinite
    ratio, first) with the prefix sums of a and b, exact."""
    tables = []
    for rows in pairs:
        rows = [(None, a, b) for a, b in rows if b == 0] + sorted(
            ((a / b, a, b) for a, b in rows if b != 0), key=lambda t: -t[0])
        ratios = [r for r, _, _ in rows]
        pa, pb = [fmpq(0)], [fmpq(0)]
        for _, a, b in rows:
            pa.append(pa[-1] + a)
            pb.append(pb[-1] + b)
        tables.append((ratios, pa, pb))
    return tables


def _rational(x):
    return sympy.Rational(int(x.p), int(x.q))


def _delta_within(tables, E_c, dl) -> bool:
    """Whether the hockey-stick delta(E_c) = sum over outputs with a > E_c b of (a - E_c b) is at most ``dl`` for
    every pair of :func:`_exact_tables` (E_c an exact real, ``dl`` a Rational): each ratio against E_c (the outputs
    counted) and each delta against ``dl`` decided by :func:`ldpref.exact.exact_order` (rigorous enclosures, a tie only
    by a proof), never a rounding."""
    for ratios, pa, pb in tables:
        lo, hi = 0, len(ratios)  # the outputs with ratio > E_c are a prefix: its length by bisection
        while lo < hi:
            mid = (lo + hi) // 2
            if ratios[mid] is None or exact_holds(_rational(ratios[mid]), ">", E_c):
                lo = mid + 1
            else:
                hi = mid
        if exact_order(_rational(pa[lo]) - E_c * _rational(pb[lo]), dl) > 0:
            return False
    return True


@_cache
def _thm1_points():
    """The points: ``data`` whether the shuffled histogram is (bound, delta)-DP, decided exactly (:func:`_delta_within`
    at Eq. (2)'s exact bound, :func:`ldpref.gcms.shuffle_exp_bound`); ``facts`` the values at which the forms
    are evaluated, eps_c the upper end of a 30-digit bisection (a screen) whose delta is then proved at most delta
    exactly."""
    # at delta = 1/2 and 1/4 the shuffled histogram is already (0, delta)-DP (exact smallest eps_c about 1e-12), so
    # any bound holds there; at delta = 1e-4 and 1e-6 it is 0.104 and 0.137 against bounds 0.487 and 0.499, where a
    # bound with an eighth of Eq. (2)'s bracket fails (tests/test_jiang_thm1_grid.py)
    cases = [("grr d=2", grr(2, R(3, 2)).mechanism, 30, R(1, 2)),
             ("grr d=2", grr(2, R(3, 2)).mechanism, 60, R(1, 4)),
             ("gcms d=2 m=3 k=1 s=1 p=1/2", gcms(HashFamily(((0, 1),), 3), 1, R(1, 2)), 60, R(1, 2)),
             ("grr d=2", grr(2, 2).mechanism, 300, R(1, 10**4)),
             ("grr d=2", grr(2, 2).mechanism, 400, R(1, 10**6))]
    out = []
    with mpmath.workdps(30):
        for name, mech, n_, dl in cases:
            e0 = mechanism_exp_eps(mech)
            amp = G.shuffle_amplification(sympy.log(e0), dl, n_, digits=30)
            exact_pairs, mp_pairs = _shuffled_pairs_both(mech, n_ - 1)
            exact_tables, pairs = _exact_tables(exact_pairs), _hockey_tables(mp_pairs)
            dl_mp = mpmath.mpf(int(dl.p)) / int(dl.q)
            holds = _delta_within(exact_tables, G.shuffle_exp_bound(e0, dl, n_), dl)
            lo, hi = mpmath.mpf(0), 2 * amp.eps_bound + 1  # delta(eps_c) decreases in eps_c
            if _hockey(pairs, mpmath.exp(hi)) > dl_mp:
                raise ValueError(f"{name}: bisection bracket too small")
            while hi - lo > mpmath.mpf(10) ** -12:
                mid = (lo + hi) / 2
                lo, hi = (lo, mid) if _hockey(pairs, mpmath.exp(mid)) <= dl_mp else (mid, hi)
            eps_star = sympy.Rational(mpmath.nstr(hi, 30))  # the decimal itself: the forms are evaluated exactly
            if not _delta_within(exact_tables, sympy.exp(eps_star), dl):  # the screen's upper end, proved exactly
                raise ArithmeticError(f"{name}: delta(e^eps_c) exceeds delta at the bisection's upper end {eps_star}")
            at = {J.eps: sympy.log(e0), J.n: n_, J.delta: dl, J.eps_c: eps_star}
            out.append(Point({"randomiser": name, "e^eps0": e0, "n": n_, "delta": dl, "eps_c bound":
                               mpmath.nstr(amp.eps_bound, 12), "exact smallest eps_c": mpmath.nstr(hi, 12)},
                              facts=at, data=holds, size=(n_, dl)))
    return tuple(out)


def _delta_zero_refused():
    edge = G.shuffle_amplification(R(1, 10), 0, 1000)
    return edge.eps_bound is None and not edge.precondition, 1, "delta must lie in (0, 1), not [0, 1]"


#: Theorem 1 and its Eq. (2): one statement, one evidence
_THM1 = dict(printed=J.thm1_printed, derived=J.thm1_derived,
             kind="cited", steps=(
    Symbolic("Eq. (2) and its precondition vs the transcription of [12]", part=_parts),
    Grid("shuffled histogram of n reports, every neighbouring pair: the exact smallest eps_c at delta "
         "(by bisection on the exact shuffled distributions) against Eq. (2), precondition evaluated", _thm1_points,
         lambda point: point.data),
    Numeric("delta = 0: Eq. (2) and the precondition are undefined (log(4/delta)); the calculator refuses it",
            _delta_zero_refused),
    Note("Cited from Feldman, McMillan and Talwar (SODA 2023, arXiv 2208.04591); that paper's own errata "
         "restrict its general Theorem 3.1/3.2 to a class of local randomisers.  Each instance evaluates the "
         "claim's implication at eps = ln e^eps0, n, delta and eps_c = the exact smallest eps_c (upper end of a "
         "bisection bracket of width < 1e-12 on the exact shuffled distributions of GRR and GCMS, the other "
         "n - 1 clients on one value); the exact column says whether the shuffled histogram is "
         "(bound, delta)-DP.  At delta = 1/2 and 1/4 that histogram is already (0, delta)-DP, so only the points "
         "at delta = 1e-4 and 1e-6 (exact smallest eps_c 0.104 and 0.137, bounds 0.487 and 0.499) can refute a "
         "bound.  The theorem's 'delta in [0, 1]' must exclude 0.")))

record(id="jiang-gcms/thm1", location="Section II-A, Theorem 1 (privacy amplification by shuffling, cited)",
       statement="For an eps-LDP randomiser with eps <= log(n/(8 log(2/delta)) - 1), shuffling n reports is "
                 "(eps_c, delta)-DP with "
                 "eps_c <= log(1 + (e^eps - 1)(4 sqrt(2 log(4/delta))/sqrt((e^eps + 1) n) + 4/n)).",
       assumptions="delta in (0, 1); n reports, each from the same eps-LDP randomiser", **_THM1)

record(id="jiang-gcms/eq2", location="Section II-A, Eq. (2) (Theorem 1's bound)",
       statement="eps_c <= log(1 + (e^eps - 1)(4 sqrt(2 log(4/delta))/sqrt((e^eps + 1) n) + 4/n)).",
       assumptions="delta in (0, 1); eps <= log(n/(8 log(2/delta)) - 1)", **_THM1)
