"""Exact moments of ``f_hat = Q nu`` for a dataset given as counts per input.

The model (pan-strict Appendix A.1): ``counts[x]`` clients hold value x, clients are independent and
each draws one response from column x of ``P``; ``nu`` is the vector of response frequencies over the
``n = sum(counts)`` clients.  With ``B = Q P`` and ``A = (Q o Q) P``:

* ``E[f_hat] = B c / n``
* ``Cov[f_hat] = (Q diag(P c) Q^T - B diag(c) B^T) / n^2``
* ``Var[f_hat_v] = sum_x c_x (A[v,x] - B[v,x]^2) / n^2``
* ``MSE_v = Var_v + (E[f_hat_v] - c_v/n)^2``

All results are exact sympy objects (``Rational`` for rational mechanisms).

Besides a :class:`Mechanism`, every function accepts a structured model (:mod:`ldpref.structured`):
anything with ``d``, ``domain``, ``QP`` and ``second_moment_matrix``; :func:`covariance` also needs its
``covariance_first_term`` hook, and a model's ``finish`` (a substitution deferred to the end) is
applied to every result.
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
    convert, zero = dom.convert, dom.zero
    return counts, dom, convert(sum(counts)), [convert(c) if c else zero for c in counts]  # one shared zero


def _finish(mech, value):
    """A structured model's deferred substitution (identity for a Mechanism)."""
    finish = getattr(mech, "finish", None)
    return value if finish is None else finish(value)


def expectation(mech: Mechanism, counts: Sequence[int]) -> list[sympy.Expr]:
    """``E[f_hat]``, one entry per input value."""
    counts, dom, n, c = _prepared(mech, counts)
    B = mech.QP.to_list()
    return [_finish(mech, dom.to_sympy(sum((B[v][x] * c[x] for x in range(mech.d)), dom.zero) / n))
            for v in range(mech.d)]


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
        out.append(_finish(mech, dom.to_sympy(total / (n * n))))
    return out


def covariance(mech: Mechanism, counts: Sequence[int]) -> sympy.Matrix:
    """The d x d covariance matrix of ``f_hat``."""
    counts, dom, n, c = _prepared(mech, counts)
    hook = getattr(mech, "covariance_first_term", None)
    if hook is not None:  # a structured model: sum_x c_x E[(Q e_Y)_v (Q e_Y)_w | x] from its pairwise marginals
        first = hook(c)
    else:
        Pc = mech.P.matmul(linalg.vector(c, dom))
        first = mech.Q.matmul(linalg.diagonal_matrix(linalg.column(Pc), dom)).matmul(mech.Q.transpose())
    B = mech.QP
    second = B.matmul(linalg.diagonal_matrix(c, dom)).matmul(B.transpose())
    cov = (first - second).to_Matrix() / sympy.Integer(sum(counts)) ** 2
    return cov if getattr(mech, "finish", None) is None else cov.applyfunc(lambda entry: _finish(mech, entry))


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
