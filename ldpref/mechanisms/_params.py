"""Parameter checks shared by the built-in mechanisms."""

from __future__ import annotations

import numbers

import sympy

from ..errors import ParameterError
from ..exact import EXP_EPS, to_exact


def check_d(d) -> int:
    if isinstance(d, bool) or not isinstance(d, numbers.Integral):
        raise TypeError(f"d = {d!r} must be an int")
    if d < 2:
        raise ParameterError(f"d = {d}: a dictionary needs at least 2 values")
    return int(d)


def check_exp_eps(exp_eps) -> sympy.Expr:
    """e^eps as an exact value > 1 (eps > 0), or the symbol ``EXP_EPS``."""
    value = to_exact(exp_eps, what="exp_eps")
    if value == EXP_EPS:
        return value
    if value.free_symbols:
        raise ParameterError(f"exp_eps = {value}: only the symbol exp_eps or an exact number is accepted")
    if not value.is_positive or not (value > 1):
        raise ParameterError(f"exp_eps = {value}: e^eps must exceed 1 (eps > 0)")
    return value


def half(exp_eps: sympy.Expr) -> sympy.Expr:
    """e^(eps/2): a rational when e^eps is the square of a rational, else an exact square root."""
    return sympy.sqrt(exp_eps)


def check_k(k, d: int, what: str = "k") -> int:
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"{what} = {k!r} must be an int")
    if not 1 <= k <= d - 1:
        raise ParameterError(f"{what} = {k} must lie in 1..d-1 = 1..{d - 1}")
    return int(k)
