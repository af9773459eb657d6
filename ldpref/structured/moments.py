"""Exact moments of a structured model, value by value (no d x d matrix unless asked for).

The formulas are those of :mod:`ldpref.moments` (pan-strict Appendix A.1) -- ``E[f_hat_v]``,
``Var[f_hat_v]``, ``Cov[f_hat_v, f_hat_w]``, ``MSE_v = Var_v + bias_v^2`` -- evaluated through a model's
``mean_term``, ``variance_term`` and ``covariance_term`` (O(1) per value for symmetric models, O(d)
otherwise), and mixtures over shared randomness (:mod:`.ideal`) supply the same three methods with the
law of total variance folded in.  The deferred substitution of :mod:`.field` is applied last.
"""

from __future__ import annotations

from typing import Sequence

import sympy

from ..errors import ParameterError
from ..moments import _prepared
from .base import MAX_MATRIX_D, check_size


def _prepare(model, counts, values):
    counts, dom, n, c = _prepared(model, counts)  # the same checked counts and converted dataset as ldpref.moments
    if values is None:
        values = range(model.d)
    values = list(values)
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < model.d:
            raise ParameterError(f"value {v!r} is not an input 0..{model.d - 1}")
    return counts, dom, c, n, values


def _out(model, dom, value):
    return model.finish(dom.to_sympy(value))


def expectation(model, counts: Sequence[int], values=None) -> list:
    """``E[f_hat_v]`` for each v in ``values`` (default: all)."""
    counts, dom, c, n, values = _prepare(model, counts, values)
    return [_out(model, dom, model.mean_term(v, c, n)) for v in values]


def bias(model, counts, values=None) -> list:
    """``E[f_hat_v] - f_v`` for every v in ``values`` (default all)."""
    counts, dom, c, n, values = _prepare(model, counts, values)
    return [_out(model, dom, model.mean_term(v, c, n) - c[v] / n) for v in values]


def variance(model, counts, values=None) -> list:
    """``Var[f_hat_v]`` for every v in ``values`` (default all)."""
    counts, dom, c, n, values = _prepare(model, counts, values)
    return [_out(model, dom, model.variance_term(v, c, n)) for v in values]


def mse(model, counts, values=None) -> list:
    """``Var_v + (E_v - c_v/n)^2``, combined in the model's field before the substitution."""
    counts, dom, c, n, values = _prepare(model, counts, values)
    out = []
    for v in values:
        b = model.mean_term(v, c, n) - c[v] / n
        out.append(_out(model, dom, model.variance_term(v, c, n) + b * b))
    return out


def covariance(model, counts, values=None) -> sympy.Matrix:
    """The covariance matrix of ``(f_hat_v)_{v in values}`` (default: all d values)."""
    counts, dom, c, n, values = _prepare(model, counts, values)
    check_size(f"{model.name}: covariance of {len(values)} values (side)", len(values), MAX_MATRIX_D)
    rows = [[None] * len(values) for _ in values]
    for i, v in enumerate(values):
        for j in range(i, len(values)):
            val = _out(model, dom, model.covariance_term(v, values[j], c, n))
            rows[i][j] = rows[j][i] = val
    return sympy.Matrix(rows)
