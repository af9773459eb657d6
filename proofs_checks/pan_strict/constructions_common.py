"""pan-strict constructions: the helpers the claim checks of Sections 4-5 and Appendices C-D share -- cached
real mechanisms (Subset Selection, WSS, OCMS), their exact measurements, and the Theorem 4.1 grid.

The exact path is always a real mechanism built by ldpref (Subset Selection, OSCs found by Weighted Subset
Selection in ``ldpref.wss``, the optimized CMS over GF(d') in ``ldpref.mechanisms.prime_cms``, symmetric
designs) measured exactly (ldpref.moments, ldpref.enumeration, ldpref.losses, ldpref.privacy), or an
exhaustive search over integers.
"""

from __future__ import annotations

from functools import cache

import mpmath
import sympy

import derivations.pan_strict.constructions as C
import derivations.pan_strict.constructions_symbols as S
from derivations.pan_strict.rational_paths import is_zero
from ldpref import linalg, losses, moments, privacy
from ldpref.exact import EXP_EPS
from ldpref.ledger.forms import evaluate, evaluate_combinatorial_first
from ldpref.mechanism import Mechanism
from ldpref.mechanisms import subset_selection, support_probabilities
from ldpref.mechanisms.prime_cms import ocms_prime
from ldpref.wss import weighted_subset_selection


next_prime = C.next_prime

SEED = 20260601
R = sympy.Rational
E_GRID = (R(2), R(3))
LOST = "the paper's formula is lost in our copy; the derived form is reconstructed from the definitions"


# ---------------------------------------------------------------------------------------------
# cached real mechanisms
@cache
def _wss(d: int, k: int, e):
    mech, cert = weighted_subset_selection(d, k, e, seed=SEED, certify=False)
    subsets = [tuple(int(v) for v in s[1:-1].split(",")) for s in cert["subsets"]]
    return mech, subsets, cert


@cache
def _ss(d: int, k: int, e):
    return subset_selection(d, k, e)


@cache
def _ocms(d: int, m: int, e, decoder: str = "pooled"):
    return ocms_prime(d, m, e, decoder)


@cache
def _l2(mech: Mechanism):
    """Exact per-client l2 (n = 1) of a real mechanism; worst case over datasets (ldpref.losses)."""
    if mech.is_rational:
        return losses.worst_case_l2(mech, 1).value
    # symbolic e^eps: unbiased pure mechanisms have a dataset-independent l2 -> dataset (1, 0, ...)
    return sympy.cancel(sum(moments.variance(mech, [1] + [0] * (mech.d - 1))))


def _simplifier(rational: bool):
    """The exact normal form of an entry: the entry itself when rational, else ``sympy.cancel``, computed once
    per distinct expression (a mechanism's entries take a few values, repeated in every row)."""
    if rational:
        return lambda v: v
    seen: dict = {}

    def simp(v):
        if v not in seen:
            seen[v] = sympy.cancel(v)
        return seen[v]

    return simp


def _measure(mech: Mechanism, subsets, k: int):
    """Exact measurements of a mechanism claimed to be an OSC with the given supports."""
    P = linalg.to_rows(mech.P)  # the entries of perturbation_matrix(), without building a sympy Matrix
    d = mech.d
    simp = _simplifier(mech.is_rational)
    ratios = set()
    pattern = True
    for u, s in enumerate(subsets):
        if len(set(s)) != k:
            pattern = False
        vals_in = {simp(P[u][x]) for x in range(d) if x in s}
        vals_out = {simp(P[u][x]) for x in range(d) if x not in s}
        if len(vals_in) != 1 or len(vals_out) > 1:
            pattern = False
            continue
        if vals_out:
            ratios.add(simp(next(iter(vals_in)) / next(iter(vals_out))))
    eps = privacy.exp_eps(mech) if mech.is_rational else privacy.exp_eps_symbolic(mech)
    try:
        p, q = support_probabilities(mech, [set(s) for s in subsets])
    except ValueError:
        p = q = None
    return {"pattern": pattern and len(ratios) <= 1, "ratio": ratios.pop() if len(ratios) == 1 else None,
            "exp_eps": eps, "p": p, "q": q, "unbiased": mech.is_unbiased(), "responses": mech.n_outputs}


def _is_osc(meas, d, k, e) -> bool:
    return bool(meas["pattern"] and meas["ratio"] is not None and is_zero(meas["ratio"] - e)
                and is_zero(meas["exp_eps"] - e) and meas["p"] is not None
                and is_zero(meas["p"] - C.osc_p(d, k, e))
                and is_zero(meas["q"] - C.osc_q(d, k, e)) and meas["unbiased"])


#: the symbols a point names by short keys (any other key: the symbol of that name in constructions_symbols)
_NAMED = {"d": C.d, "k": C.k, "m": C.m, "dp": C.dp, "dpp": S.dpp, "t": C.t, "b": C.b, "e": EXP_EPS}


def _at(form, **params):
    """The form at one point; params by symbol name (the symbols of derivations.pan_strict)."""
    return evaluate(form, {_NAMED.get(key, getattr(S, key, None)) or key: v for key, v in params.items()})


def _at_facts(form, point):
    """A grid's value: the form at the point's facts, named in the papers' terms (:func:`_at`)."""
    return _at(form, **point.facts)


def _at_point(form, **params):
    """:func:`_at` with the point's values put first into the form's integer-valued combinatorial functions
    (``binomial``, ``factorial``; integers and rationals only): the one evaluator's
    :func:`ldpref.ledger.forms.evaluate_combinatorial_first` at the point named in the papers' terms."""
    point = {}
    for key, v in params.items():
        if not isinstance(v, (int, sympy.Rational)):
            raise TypeError(f"_at_point: {key} = {v!r} is not an exact rational")
        point[_NAMED.get(key, getattr(S, key, None)) or sympy.Symbol(key)] = sympy.Rational(v)
    return evaluate_combinatorial_first(form, point)


def _columns_sum_to_one(d, k, e, subsets, weights):
    """Column sums of the extremal configuration P[y][x] = B w_y (e if x in S_y else 1), B = d/(ke+d-k),
    computed exactly: a configuration whose columns do not sum to one is not a mechanism."""
    B = C.osc_base_total(d, k, e)

    def column(x):  # sum_y B w_y (e if x in S_y else 1) = B (e * inside + outside), the weights summed first
        inside = sum((w for s, w in zip(subsets, weights) if x in s), sympy.Integer(0))
        outside = sum((w for s, w in zip(subsets, weights) if x not in s), sympy.Integer(0))
        return B * (e * inside + outside)

    return all(is_zero(column(x) - 1) for x in range(d))  # cancel(.) == 0, in the field Q(symbols)


def _fmt(x, digits=6):
    return mpmath.nstr(mpmath.mpf(sympy.N(x, 30)), digits)


# ---------------------------------------------------------------------------------------------
# Section 4
@cache
def _thm41_grid():
    rows = []
    for d in range(2, 9):
        for e in E_GRID:
            for k in range(1, d):
                mech, subsets, cert = _wss(d, k, e)
                meas = _measure(mech, subsets, k)
                rows.append((d, k, e, mech, subsets, meas))
    return rows


@cache
def _integer_optimum_by_ss(d: int, e):
    """Exhaustive search over k of the exact l2 of real Subset Selection mechanisms."""
    vals = [(_l2(_ss(d, k, e).mechanism), k) for k in range(1, d)]
    return min(vals)
