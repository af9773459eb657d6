"""The one rational-expression compiler of ldpref (issue 22, item 2): an expression built of rationals, symbols, +, *,
integer powers, Max, Min, Abs, floor, ceiling and Mod, compiled once into a straight-line program over exact
python-flint ``fmpq`` values, and the exact value of such an expression at rational values.

Part of the one evaluator (:mod:`ldpref.ledger.forms`, which re-exports these names); the engine of the values of
:mod:`.forms`, of the relations of :mod:`.forms_truth` and of ldpref's other rational fast paths.  No float can appear:
every number of an expression is an ``fmpq`` constant, and a float value is refused (:func:`as_fmpq`).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import sympy
from flint import fmpq


class NotRational(Exception):
    """The expression has a node the rational evaluator does not handle (sqrt, log, a function...)."""


def compile_rational(expr, leaves: tuple = ()):
    """A closure computing ``expr`` exactly (python-flint ``fmpq``) from an environment {leaf: fmpq}: the one
    rational-expression compiler of ldpref (issue 22, item 2).  Rationals, symbols (and nodes of the types in
    ``leaves``, e.g. a paper's collision counts c_j(a, b), read from the environment as symbols are), +, *,
    integer powers, Max, Min, Abs, floor, ceiling, Mod; ``NotRational`` on any other node.  The expression is
    compiled once into a straight-line program over its DAG (each distinct subexpression computed once per
    evaluation; every number of the expression is an fmpq constant, so no float can appear).  The engine of
    :func:`rational_value` and :func:`rational_at` (and of statement programs built on it)."""
    return _program(expr, tuple(leaves))


_OPS = {sympy.Max: "_max", sympy.Min: "_min", sympy.Abs: "_abs", sympy.floor: "_floor", sympy.ceiling: "_ceil",
        sympy.Mod: "_mod"}
_OP_SCOPE = {"_max": max, "_min": min, "_abs": abs, "_floor": lambda v: fmpq(v.floor()),
             "_ceil": lambda v: fmpq(v.ceil()), "_mod": lambda a, b: a - b * fmpq((a / b).floor())}


@lru_cache(maxsize=8192)
def _program(expr, leaves: tuple):
    """:func:`compile_rational`'s program, once per (expression, leaf types) in a process."""
    names: dict = {}
    scope: dict = dict(_OP_SCOPE)
    lines: list = []

    def visit(e):
        if e in names:
            return names[e]
        if e.is_Rational:
            name = f"c{len(scope)}"
            scope[name] = fmpq(int(e.p), int(e.q))
        elif e.is_Symbol or (leaves and isinstance(e, leaves)):
            name = f"k{len(scope)}"
            scope[name] = e
            lines.append(f"    a{len(lines)} = env[{name}]")
            name = f"a{len(lines) - 1}"
        else:
            if e.is_Add or e.is_Mul:
                code = (" + " if e.is_Add else " * ").join(visit(a) for a in e.args)
            elif e.is_Pow and e.exp.is_Integer:
                code = f"{visit(e.base)} ** {int(e.exp)}"
            elif type(e) in _OPS and (len(e.args) == 1 or type(e) in (sympy.Max, sympy.Min, sympy.Mod)):
                code = f"{_OPS[type(e)]}({', '.join(visit(a) for a in e.args)})"
            else:
                raise NotRational(type(e).__name__)
            lines.append(f"    a{len(lines)} = {code}")
            name = f"a{len(lines) - 1}"
        names[e] = name
        return name

    result = visit(expr)
    if result.startswith("c"):  # a constant expression: still an fmpq
        lines.append(f"    a{len(lines)} = {result}")
        result = f"a{len(lines) - 1}"
    source = "def _fn(env):\n" + "\n".join(lines + [f"    return {result}"]) + "\n"
    program = compile(source, "<ldpref.ledger.forms_rational.compile_rational>", "exec")
    exec(program, scope)  # noqa: S102 - our own arithmetic
    return scope["_fn"]


@lru_cache(maxsize=8192)
def compiled(expr):
    """:func:`compile_rational` of ``expr``, once per expression in a process; None when it is not rational."""
    try:
        return compile_rational(expr)
    except NotRational:
        return None


@lru_cache(maxsize=8192)
def free_symbols(expr) -> frozenset:
    """``expr.free_symbols``, once per expression (sympy walks the whole tree on every access; a form is
    evaluated at hundreds of instances)."""
    return frozenset(expr.free_symbols)


def rational_value(expr, subs: dict):
    """The exact value of a rational expression at rational values (python-flint ``fmpq``), or None.

    None unless every free symbol of ``expr`` gets a ``sympy.Rational`` in ``subs`` and the expression is
    built only of rationals, +, *, integer powers, Max, Min, Abs, floor, ceiling and Mod; a division by zero also
    gives None (the caller's symbolic path then reports zoo/nan as sympy does).  The value is the one sympy's
    own exact arithmetic gives on putting the numbers in, computed without building sympy expressions."""
    free = free_symbols(expr)
    if not (free <= subs.keys() and all(isinstance(subs[s], sympy.Rational) for s in free)):
        return None
    fn = compiled(expr)
    if fn is None:
        return None
    try:
        out = fn({s: fmpq(int(subs[s].p), int(subs[s].q)) for s in free})
    except ZeroDivisionError:
        return None
    return sympy.Rational(int(out.p), int(out.q))


def rational_at(expr, values: dict):
    """The exact value (``sympy.Rational``) of ``expr`` at exact rational ``values`` ({symbol: int, Fraction,
    sympy Rational or fmpq}; keys not in the expression are ignored), by the one compiled program
    (:func:`compile_rational`); None when a free symbol has no value or a non-rational one, the expression is not
    rational (a radical, log, a function), or it divides by zero there: the caller's symbolic path decides."""
    expr = sympy.sympify(expr)
    free = free_symbols(expr)
    if not free <= values.keys():
        return None
    fn = compiled(expr)
    if fn is None:
        return None
    env = {}
    for s in free:
        v = as_fmpq(values[s])
        if v is None:
            return None
        env[s] = v
    try:
        out = fn(env)
    except ZeroDivisionError:
        return None
    return sympy.Rational(int(out.p), int(out.q))


def as_fmpq(v):
    """An exact rational (int, Fraction, sympy Rational, fmpq, or what sympifies to a Rational) as python-flint
    ``fmpq``; None for anything else (a float is not exact and is refused)."""
    if isinstance(v, fmpq):
        return v
    if isinstance(v, bool) or isinstance(v, float):
        return None
    if isinstance(v, int):
        return fmpq(v)
    if isinstance(v, Fraction):
        return fmpq(v.numerator, v.denominator)
    if not isinstance(v, sympy.Basic):
        try:
            v = sympy.sympify(v)
        except (sympy.SympifyError, TypeError):
            return None
    return fmpq(int(v.p), int(v.q)) if v.is_Rational else None

