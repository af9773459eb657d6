"""Parameter checks shared by the built-in mechanisms."""

from __future__ import annotations

import numbers

import sympy

from ..errors import ParameterError
from ..exact import EXP_EPS, OrderUndecided, exact_holds, to_exact


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
    try:  # decided exactly (a tie with 1 only by a proof); no enclosure (None) or an undecided order is refused
        above_one = value.is_number and value.is_extended_real and exact_holds(value, ">", 1)
    except OrderUndecided:
        above_one = False
    if not above_one:
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


def exp_eps_of_eps(eps) -> sympy.Expr:
    """e^eps, exactly, from eps (the natural logarithm): text of the number grammar (``"ln(3)"``, ``"1/2"``,
    ``"0.5"``), an int, a Fraction or an exact sympy value.  ``exp(ln(3))`` is the rational 3; ``eps = 1/2``
    gives the irrational ``exp(1/2)`` (exact, symbolic)."""
    from ..number_syntax import MAX_EXP_ARGUMENT, parse_number

    value = parse_number(eps, what="eps", irrational=True) if isinstance(eps, str) else to_exact(eps, what="eps")
    if value.free_symbols:
        raise ParameterError(f"eps = {value}: must be a number")
    if not value.is_positive:
        raise ParameterError(f"eps = {value}: must be positive")
    if not value <= MAX_EXP_ARGUMENT:
        raise ParameterError(f"eps = {value}: at most {MAX_EXP_ARGUMENT} (e^eps at most 10^100)")
    return sympy.exp(value)


def accepts_eps(fn):
    """Decorator: ``fn`` (which takes ``exp_eps``) also takes ``eps=`` (natural log), converted exactly by
    :func:`exp_eps_of_eps`; giving both is an error."""
    import functools
    import inspect

    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args, eps=None, **kwargs):
        if eps is not None:
            bound = signature.bind_partial(*args, **kwargs)
            if bound.arguments.get("exp_eps") is not None:
                raise ParameterError("give exp_eps or eps, not both")
            kwargs["exp_eps"] = exp_eps_of_eps(eps)
        return fn(*args, **kwargs)

    return wrapper
