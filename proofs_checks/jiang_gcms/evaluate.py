"""Exact evaluation of a jiang-gcms form at rational parameter values: a cached straight-line program of the
expression evaluated in python-flint rationals (fmpq), with subs + cancel as the fallback.  Its own module so the
pure-protocol and GCMS checks both import it and not each other (issue 22: no import cycles)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache as _cache

import sympy
from flint import fmpq

from ldpref.ledger.forms import param_name


def _at(expr, values):
    """Exact value of a rational expression at rational values: a cached straight-line program of the expression
    (:func:`_compiled`) evaluated in python-flint rationals (``fmpq``: every number of the expression is passed in
    as fmpq, so no float can appear; a non-fmpq result raises and falls back to subs + cancel)."""
    expr = sympy.sympify(expr)
    keys = _key_order(tuple(values))
    try:
        fn, consts = _compiled(expr, keys)
        out = fn(*[_fmpq(values[k_]) for k_ in keys], *consts)
        if isinstance(out, int) and not isinstance(out, bool):
            out = fmpq(out)
        if not isinstance(out, fmpq):
            raise TypeError(f"non-exact result {out!r}")
        return sympy.Rational(int(out.p), int(out.q))
    except (TypeError, ZeroDivisionError, AttributeError):
        return sympy.cancel(expr.subs(values))


@_cache
def _key_order(keys):
    """The parameter keys sorted by name (the argument order of :func:`_compiled`), printed once per key tuple."""
    return tuple(sorted(keys, key=param_name))


@_cache
def _compiled(expr, keys):
    """``(fn, consts)``: ``fn(*values of keys, *consts)`` evaluates ``expr``, a rational function of ``keys``, by +, *
    and integer powers, each distinct subexpression once (a straight-line program over the expression's DAG); its
    numbers (integers included) are the fmpq ``consts``.  TypeError for anything else (another symbol, a function,
    a non-integer power, a non-rational number): the caller then falls back to subs + cancel."""
    if expr.free_symbols - set(keys) or expr.has(sympy.Function, sympy.Abs, sympy.Max, sympy.log, sympy.ceiling):
        raise TypeError("not a rational function of the given symbols")
    names = {key: f"a{i}" for i, key in enumerate(keys)}
    consts, lines = [], []

    def visit(e):
        if e in names:
            return names[e]
        if e.is_Rational:
            name = names[e] = f"c{len(consts)}"
            consts.append(fmpq(int(e.p), int(e.q)))
            return name
        if e.is_Add or e.is_Mul:
            code = (" + " if e.is_Add else " * ").join(visit(a) for a in e.args)
        elif e.is_Pow and e.exp.is_Integer:
            code = f"{visit(e.base)} ** {int(e.exp)}"
        else:
            raise TypeError(f"{e} is not built from rationals and the keys by +, * and integer powers")
        name = names[e] = f"t{len(lines)}"
        lines.append(f"    {name} = {code}")
        return name

    result = visit(expr)
    params = ", ".join([f"a{i}" for i in range(len(keys))] + [f"c{i}" for i in range(len(consts))])
    source = f"def _fn({params}):\n" + "\n".join(lines + [f"    return {result}"]) + "\n"
    scope: dict = {}
    exec(compile(source, "<gcms_model._compiled>", "exec"), scope)  # noqa: S102 - our own generated arithmetic
    return scope["_fn"], tuple(consts)


def _fmpq(v):
    """An exact rational (sympy, Fraction or int) as python-flint ``fmpq``; anything else raises TypeError."""
    if isinstance(v, Fraction):
        return fmpq(v.numerator, v.denominator)
    if isinstance(v, int) and not isinstance(v, bool):
        return fmpq(v)
    if isinstance(v, sympy.Rational):
        return fmpq(int(v.p), int(v.q))
    v = sympy.sympify(v)
    if not v.is_Rational:
        raise TypeError(f"{v} is not rational")
    return fmpq(int(v.p), int(v.q))
