"""Leaving the exact world on purpose: evaluate ldpref's sympy forms numerically.

* :func:`to_numpy` -- lambdify a form to a numpy function (vectorised, float64) for simulation.
* :func:`evaluate` -- substitute exact values; the result is exact when it is rational, and is also
  given with mpmath at a chosen number of digits (and by the numpy function, as a cross-check).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import mpmath
import sympy

from .exact import EXP_EPS, to_exact


def symbol_key(sym: sympy.Symbol) -> str:
    """The ``--set`` key of a symbol: its name, with LaTeX decoration removed (``|\\mathcal{D}|`` -> ``D``)."""
    if sym == EXP_EPS:
        return "exp_eps"
    name = re.sub(r"\\math[a-z]+", "", sym.name)
    name = re.sub(r"[\\{}|^$]", "", name)
    return name or sym.name


def scalar_parts(form) -> dict[str, sympy.Expr]:
    """The scalar expressions of a form: the right side of an equation, the values of a dict, ..."""
    if isinstance(form, dict):
        out = {}
        for k, v in form.items():
            out.update({f"{k}{'.' + s if s else ''}": e for s, e in scalar_parts(v).items()})
        return out
    if isinstance(form, (list, tuple)):
        out = {}
        for i, v in enumerate(form):
            out.update({f"[{i}]{'.' + s if s else ''}": e for s, e in scalar_parts(v).items()})
        return out
    if isinstance(form, sympy.Equality):
        return {str(form.lhs): form.rhs}
    if isinstance(form, sympy.core.relational.Relational):
        return {"": form}
    return {"": form}


def to_numpy(expr: sympy.Expr, keys: list[str]):
    """A numpy function of the given ``--set`` keys (positional), from the same sympy object."""
    by_key = {symbol_key(s): s for s in expr.free_symbols}
    args = [by_key.get(k, sympy.Symbol(k)) for k in keys]
    return sympy.lambdify(args, expr, modules="numpy")


@dataclass
class Evaluation:
    name: str
    exact: sympy.Expr
    is_rational: bool
    mpmath_value: str | None
    numpy_value: float | None


def evaluate(form, values: dict[str, object], digits: int = 30) -> list[Evaluation]:
    """Evaluate every scalar part of ``form`` at ``values`` (keys as in :func:`symbol_key`)."""
    exact_values = {k: to_exact(v, what=k) for k, v in values.items()}
    results = []
    for name, expr in scalar_parts(form).items():
        if isinstance(expr, sympy.MatrixExpr) or expr.has(sympy.MatrixSymbol):
            raise ValueError(f"{name or 'form'} is a matrix identity; evaluate it on a mechanism with `ldpref audit`")
        by_key = {symbol_key(s): s for s in expr.free_symbols}
        missing = sorted(set(by_key) - set(exact_values))
        if missing:
            raise KeyError(f"missing values for {', '.join(missing)} (use --set KEY=VALUE)")
        subs = {by_key[k]: exact_values[k] for k in by_key}
        exact = sympy.simplify(expr.subs(subs))
        if isinstance(exact, sympy.logic.boolalg.BooleanAtom):
            results.append(Evaluation(name, exact, True, None, None))
            continue
        rational = bool(exact.is_Rational)
        with mpmath.workdps(digits):
            mp = sympy.N(exact, digits)
        keys = sorted(by_key)
        fn = to_numpy(expr, keys)
        try:
            np_val = float(fn(*[float(exact_values[k]) for k in keys]))
        except (TypeError, ValueError, ZeroDivisionError):
            np_val = None
        results.append(Evaluation(name, exact, rational, str(mp), np_val))
    return results
