"""The exact path of the GCMS claims (Sections II-A, IV, VII and Appendices A-C): the grid of small mechanisms,
the mixture over every draw of the hash functions and its exact moments, shared by the submodules.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache as _cache

from flint import fmpq

from derivations.jiang_gcms.model_theorem3 import model_values as _model  # noqa: F401  (the submodules import it here)
from ldpref import moments
from ldpref.exact import to_exact, to_fraction as _frac
from ldpref.ledger.forms import value_at as _at  # noqa: F401  (the one evaluator; the checks import _at from here)
from ldpref.mechanisms.gcms import gcms_over_draws

from .pure_protocols import R, _datasets


# =================================================================================================
# Sections II-A, IV and Appendices A-C: the Generalized Count-Mean Sketch
# =================================================================================================
#
# The exact path for everything below is the real GCMS mechanism of ``ldpref.mechanisms.gcms``: its
# perturbation matrix is accumulated branch by branch from Algorithm 1, and under the paper's model
# (k hash functions drawn uniformly at random, once, for every client) it is the mixture over every
# draw of k functions [d] -> [m] (``gcms_over_draws``, lumped by bucket relabelling).  Moments come
# from ``ldpref.moments`` / ``ldpref.family`` on those mechanisms, and a subset from full enumeration
# of every outcome (``ldpref.enumeration``).

SEED = 20260611
P_GRID = (R(1, 2), R(3, 4), R(9, 10))
# (d, m, k, s): dictionary 2-4 values, hash range 2-4, 1-3 functions, 1-2 buckets per report
SHAPES = [(2, 2, 1, 1), (2, 2, 2, 1), (2, 3, 1, 1), (2, 3, 2, 1), (2, 3, 3, 1), (2, 4, 1, 2), (2, 4, 2, 2),
          (3, 3, 1, 1), (3, 3, 2, 1), (3, 4, 1, 2), (4, 2, 2, 1)]
# The mixture over every draw is symmetric under relabelling the d values, so the moments of the
# estimate of value 0 over every dataset (in every order) cover every value.
TARGET = 0


def _grid():
    for d, m, k, s in SHAPES:
        for p in P_GRID:
            if p * m != s:  # p != q = (s - p)/(m - 1)
                yield d, m, k, s, p


def _gcms_datasets(d):
    return list(_datasets(d, 3 if d <= 3 else 2))


@_cache
def _family(d, m, k, s, p, decoder="eq4"):
    return gcms_over_draws(d, m, k, s, p, decoder=decoder)


def _frac_of(dom, x):
    """A domain element as a Fraction: a python-flint rational read directly, anything else through sympy."""
    return _frac(x if isinstance(x, fmpq) else dom.to_sympy(x))


@_cache
def _member_tables(d, m, k, s, p, decoder):
    """Per member of the exact mixture: (weight, B = Q P, W = (Q o Q) P - B o B) as Fractions, read once
    from ldpref (Mechanism.QP and moments.per_client_variance_coefficients)."""
    out = []
    for w_, mech in _family(d, m, k, s, p, decoder).members:
        dom = mech.domain
        conv = lambda x: _frac_of(dom, x)  # noqa: E731
        B = [[conv(x) for x in row] for row in mech.QP.to_list()]
        W = [[conv(x) for x in row] for row in moments.per_client_variance_coefficients(mech)]
        out.append((_frac(w_), B, W))
    return out


@_cache
def _integer_tables(d, m, k, s, p, decoder, v):
    """The member tables of value ``v`` over common denominators (exact): (weights w_i * Dw, rows B_i[v] * DB,
    rows W_i[v] * DW, Dw, DB, DW) as Python ints, so the mixture sums below are integer arithmetic."""
    members = _member_tables(d, m, k, s, p, decoder)
    Dw = math.lcm(*(w_.denominator for w_, _, _ in members))
    DB = math.lcm(*(x.denominator for _, B, _ in members for x in B[v]))
    DW = math.lcm(*(x.denominator for _, _, W in members for x in W[v]))
    ws = [int(w_ * Dw) for w_, _, _ in members]
    Bs = [[int(x * DB) for x in B[v]] for _, B, _ in members]
    Ws = [[int(x * DW) for x in W[v]] for _, _, W in members]
    return ws, Bs, Ws, Dw, DB, DW


def _mixture_moments(d, m, k, s, p, decoder, counts, v=TARGET):
    """Law of total expectation/variance over the draw (ldpref.family's formulas, with the per-member
    matrices hoisted): n E[.], n^2 Var[.] and n^2 Var_draw(E[. | draw]) of the estimate of value ``v``, exact
    (every claim reads the target value only; the mixture is symmetric in the values).  Integer arithmetic
    over the common denominators of _integer_tables, one Fraction per result."""
    ws, Bs, Ws, Dw, DB, DW = _integer_tables(d, m, k, s, p, decoder, v)
    nz = [x for x in range(d) if counts[x]]
    Es = [sum(B[x] * counts[x] for x in nz) for B in Bs]  # n E_i[v] * DB
    Vs = [sum(W[x] * counts[x] for x in nz) for W in Ws]  # n^2 Var_i[v] * DW
    mean_num = sum(w_ * E for w_, E in zip(ws, Es))  # n E[v] * Dw * DB
    mean = Fraction(mean_num, Dw * DB)
    between = Fraction(sum(w_ * (E * Dw - mean_num) ** 2 for w_, E in zip(ws, Es)), Dw**3 * DB**2)
    within = Fraction(sum(w_ * V for w_, V in zip(ws, Vs)), Dw * DW)
    return to_exact(mean), to_exact(within + between), to_exact(between)


@_cache
def _exact_count_moments(d, m, k, s, p, counts):
    """n E[C(v)/n] and n^2 Var[C(v)/n] for the target value v, under the paper's model (all draws)."""
    E_, V_, _ = _mixture_moments(d, m, k, s, p, "count", counts)
    return E_, V_


@_cache
def _exact_estimator_moments(d, m, k, s, p, counts):
    """n E[f_hat], n^2 Var[f_hat] and n^2 Var_draw(E[f_hat | draw]) (counts scale) for the target value v."""
    return _mixture_moments(d, m, k, s, p, "eq4", counts)


#: the instance path of a value built on _mixture_moments (or ldpref.moments / MechanismFamily.variance): the law
#: of total expectation/variance over the hash draws with each member's Q P and per-client variance
#: coefficients, not a listing of the outcomes of n clients
MOMENTS = "moment-formula"


def _size(d, m, k, s, p, counts, v=0):
    return (d, m, k, sum(counts), s, p, counts, v)
