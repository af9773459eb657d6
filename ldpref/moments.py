"""Exact moments of ``f_hat = Q nu`` for a dataset given as counts per input.

The model (pan-strict Appendix A.1): ``counts[x]`` clients hold value x, clients are independent and
each draws one response from column x of ``P``; ``nu`` is the vector of response frequencies over the
``n = sum(counts)`` clients.  With ``B = Q P`` and ``A = (Q o Q) P``:

* ``E[f_hat] = B c / n``
* ``Cov[f_hat] = (Q diag(P c) Q^T - B diag(c) B^T) / n^2``
* ``Var[f_hat_v] = sum_x c_x (A[v,x] - B[v,x]^2) / n^2``
* ``MSE_v = Var_v + (E[f_hat_v] - c_v/n)^2``

All results are exact sympy objects (``Rational`` for rational mechanisms).
"""

from __future__ import annotations

from typing import Sequence

import sympy

from . import linalg
from .dataset import validate_counts
from .mechanism import Mechanism


def _prepared(mech: Mechanism, counts: Sequence[int]):
    counts = validate_counts(counts, mech.d)
    dom = mech.domain
    return counts, dom, dom.convert(sum(counts)), [dom.convert(c) for c in counts]


def expectation(mech: Mechanism, counts: Sequence[int]) -> list[sympy.Expr]:
    """``E[f_hat]``, one entry per input value."""
    counts, dom, n, c = _prepared(mech, counts)
    B = mech.QP.to_list()
    return [dom.to_sympy(sum((B[v][x] * c[x] for x in range(mech.d)), dom.zero) / n) for v in range(mech.d)]


def bias(mech: Mechanism, counts: Sequence[int]) -> list[sympy.Expr]:
    """``E[f_hat] - f``."""
    counts = validate_counts(counts, mech.d)
    n = sum(counts)
    return [e - sympy.Rational(c, n) for e, c in zip(expectation(mech, counts), counts)]


def variance(mech: Mechanism, counts: Sequence[int]) -> list[sympy.Expr]:
    """``Var[f_hat_v]`` for every v."""
    counts, dom, n, c = _prepared(mech, counts)
    A = mech.second_moment_matrix.to_list()
    B = mech.QP.to_list()
    out = []
    for v in range(mech.d):
        total = dom.zero
        for x in range(mech.d):
            if counts[x]:
                total += c[x] * (A[v][x] - B[v][x] * B[v][x])
        out.append(dom.to_sympy(total / (n * n)))
    return out


def covariance(mech: Mechanism, counts: Sequence[int]) -> sympy.Matrix:
    """The d x d covariance matrix of ``f_hat``."""
    counts, dom, n, c = _prepared(mech, counts)
    Pc = mech.P.matmul(linalg.vector(c, dom))
    first = mech.Q.matmul(linalg.diagonal_matrix(linalg.column(Pc), dom)).matmul(mech.Q.transpose())
    B = mech.QP
    second = B.matmul(linalg.diagonal_matrix(c, dom)).matmul(B.transpose())
    cov = (first - second).to_Matrix()
    return cov / sympy.Integer(sum(counts)) ** 2


def mse(mech: Mechanism, counts: Sequence[int]) -> list[sympy.Expr]:
    """Mean squared error ``Var + bias^2`` of every estimate."""
    counts = validate_counts(counts, mech.d)
    return [v + b**2 for v, b in zip(variance(mech, counts), bias(mech, counts))]


def per_client_variance_coefficients(mech: Mechanism) -> list[list]:
    """``W[v][x] = A[v,x] - B[v,x]^2`` (domain elements): client with input x adds ``W[v][x]/n^2`` to
    ``Var[f_hat_v]``."""
    A = mech.second_moment_matrix.to_list()
    B = mech.QP.to_list()
    return [[A[v][x] - B[v][x] * B[v][x] for x in range(mech.d)] for v in range(mech.d)]
