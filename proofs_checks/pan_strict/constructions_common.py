"""pan-strict constructions: the helpers the claim checks of Sections 4-5 and Appendices C-D share -- cached
real mechanisms (Subset Selection, WSS, OCMS), their exact OSC certificates, and the Theorem 4.1 grid.

The exact path is always a real mechanism built by ldpref (Subset Selection, OSCs found by Weighted Subset
Selection in ``ldpref.wss``, the optimized CMS over GF(d') in ``ldpref.mechanisms.prime_cms``, symmetric
designs) measured exactly (ldpref.moments, ldpref.enumeration, ldpref.losses, ldpref.wss.certify_osc), or an
exhaustive search over integers.
"""

from __future__ import annotations

from functools import cache

import mpmath
import sympy

import derivations.pan_strict.constructions as C
import derivations.pan_strict.constructions_symbols as S
from derivations.pan_strict.rational_paths import is_zero
from ldpref import losses, moments
from ldpref.exact import EXP_EPS
from ldpref.ledger.forms import evaluate, evaluate_combinatorial_first
from ldpref.mechanism import Mechanism
from ldpref.mechanisms import subset_selection
from ldpref.mechanisms.prime_cms import ocms_prime
from ldpref.wss import certify_osc, weighted_subset_selection


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


def _is_osc(mech: Mechanism, subsets, k: int, e) -> bool:
    """Whether a real mechanism is an OSC with these supports of size k at e^eps (Definition 3.1), certified
    exactly by the library (``ldpref.wss.certify_osc``: rows e^eps p_y on the support and p_y elsewhere, e^eps
    of P, the OSC's (p, q) read off every pair of inputs, Q P = I, the OSC's l2)."""
    return certify_osc(mech, subsets, k, e)["certified"]


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
    """(d, k, e^eps, the WSS mechanism, its supports, whether it is an exactly certified OSC)."""
    rows = []
    for d in range(2, 9):
        for e in E_GRID:
            for k in range(1, d):
                mech, subsets, cert = _wss(d, k, e)
                rows.append((d, k, e, mech, subsets, _is_osc(mech, subsets, k, e)))
    return rows


@cache
def _integer_optimum_by_ss(d: int, e):
    """Exhaustive search over k of the exact l2 of real Subset Selection mechanisms."""
    vals = [(_l2(_ss(d, k, e).mechanism), k) for k in range(1, d)]
    return min(vals)
