"""Shared vocabulary of the errata vectors (see tests/test_errata_vectors.py): evaluation of a claim's
forms at a vector's parameters, exact comparison, the Vector record and the VECTORS list."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import sympy

from ldpref.ledger.forms import evaluate


# ---- evaluation and comparison helpers --------------------------------------------------------------
def _symbols(form) -> dict:
    found: dict = {}

    def walk(obj):
        if isinstance(obj, (list, tuple)):
            for o in obj:
                walk(o)
        elif isinstance(obj, sympy.Basic):
            for s in obj.free_symbols:
                if isinstance(s, sympy.Symbol):
                    found.setdefault(s.name, s)

    walk(form)
    return found


def ev(form, params: dict):
    """``evaluate`` with parameters matched to the form's own symbols by name."""
    syms = _symbols(form)
    subs = {}
    for k, v in params.items():
        key = syms.get(k, k) if isinstance(k, str) else k
        subs[key] = v
    return _finish(evaluate(form, subs))


def _finish(value):
    if isinstance(value, (list, tuple)):
        return type(value)(_finish(v) for v in value)
    if isinstance(value, sympy.Basic) and not isinstance(value, sympy.logic.boolalg.BooleanAtom):
        value = value.replace(lambda e: type(e).__name__ == "\\log_{2}", lambda e: sympy.log(e.args[0], 2))
        return value.doit()
    return value


def same(a, b) -> bool:
    """Exact equality (numerical to 60 digits only for irrational values such as logarithms)."""
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, (bool, sympy.logic.boolalg.BooleanAtom)) or isinstance(b, (bool, sympy.logic.boolalg.BooleanAtom)):
        return bool(a) == bool(b)
    if isinstance(a, float) or isinstance(b, float):
        x, y = float(sympy.N(sympy.sympify(a), 30)), float(sympy.N(sympy.sympify(b), 30))
        return abs(x - y) <= 1e-12 * max(1.0, abs(y))
    diff = sympy.sympify(a) - sympy.sympify(b)
    if diff.free_symbols:
        raise AssertionError(f"unevaluated symbols {diff.free_symbols} comparing {a} and {b}")
    if diff.is_Rational:
        return diff == 0
    val = sympy.N(diff, 60)
    if not val.is_number:
        raise AssertionError(f"cannot evaluate {a} - {b}")
    return abs(val) < sympy.Float("1e-45")


def _undisplay(form):
    """Table forms show log2 as a display function ``\\log_{2}``; evaluate it as the logarithm it stands for."""
    return form.replace(lambda e: type(e).__name__ == "\\log_{2}", lambda e: sympy.log(e.args[0], 2))


def statement(form, params) -> bool:
    if isinstance(form, sympy.Basic):
        form = _undisplay(form)
    value = ev(form, params)
    if not isinstance(value, (bool, sympy.logic.boolalg.BooleanAtom)):
        raise AssertionError(f"statement did not reduce to a truth value: {value}")
    return bool(value)


def implied(pair) -> bool:
    """A (bound, range) tuple as Theorem 3.5 states it: alpha in range => bound."""
    bound, in_range = pair
    return (not bool(in_range)) or bool(bound)


@dataclass
class Vector:
    id: str
    quantity: str
    params: Callable[[], dict]  # substitution for the forms (may include brute-force values)
    exact: Callable[[], object]  # the brute-force value the forms are compared with
    kind: str = "erratum"  # erratum | verified | strict (printed lost in our copy)
    exact_derived: Callable[[], object] | None = None  # when the derived form states another quantity
    printed_value: Callable = field(default=ev)  # (form, params) -> comparable value
    derived_value: Callable = field(default=ev)


VECTORS: list[Vector] = []


def vec(*args, **kwargs):
    VECTORS.append(Vector(*args, **kwargs))

