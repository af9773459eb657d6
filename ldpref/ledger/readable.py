"""Counterexample values as a reader reads them (issue 23, item 7).

``str`` of a sympy value is Python syntax (``3*2**(1/4)``); an auditor reads ``3·2^(1/4)``.  :func:`text` renders a
value of the evidence (a number, an expression in numbers, a boolean, a tuple, a label) in that notation, and
:func:`decimal` gives a non-integer numeric value to ``digits`` significant digits (None for anything else), so a
counterexample shows ``3·2^(1/4) ≈ 3.567621`` beside ``3·sqrt(2) ≈ 4.242641``.  Only the rendering changes: the
values compared are the exact ones, never these strings.
"""

from __future__ import annotations

import sympy
from sympy.printing.str import StrPrinter


class _Printer(StrPrinter):
    """sympy's str printer with ``e`` for Euler's number and ``π`` (:func:`text` then writes ``^`` and ``·``)."""

    def _print_Exp1(self, expr):
        return "e"

    def _print_Pi(self, expr):
        return "π"


_PRINTER = _Printer({"order": "none"})


def text(value) -> str:
    """A value of the evidence in reading notation (booleans as ``true``/``false``)."""
    if isinstance(value, bool) or value is sympy.true or value is sympy.false:
        return "true" if bool(value) else "false"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(text(v) for v in value)
        return f"({inner})" if isinstance(value, tuple) else f"[{inner}]"
    if isinstance(value, sympy.Basic):
        return _PRINTER.doprint(value).replace("**", "^").replace("*", "·")  # str's only stars: powers, products
    return str(value)


def decimal(value, digits: int = 7) -> str | None:
    """A numeric value that is not an integer, to ``digits`` significant digits; None otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, sympy.Basic)):
        return None
    expr = sympy.sympify(value)
    if not expr.is_number or expr.is_Integer or not expr.is_real:
        return None
    return str(sympy.N(expr, digits))


def with_decimal(value, digits: int = 7) -> str:
    """``text(value)``, followed by ``≈ decimal`` when the value is a non-integer number whose text is not already
    that decimal."""
    shown, approx = text(value), decimal(value, digits)
    return shown if approx is None or approx == shown else f"{shown} ≈ {approx}"


def counterexample_text(ce: dict) -> str:
    """One counterexample (``ClaimResult.counterexample``) as a phrase: the point, the quantity, both values."""
    point = ", ".join(f"{k} = {v}" for k, v in ce["params"].items())
    what = f" ({ce['quantity']})" if ce.get("quantity") else ""
    printed = ce.get("printed_text", ce["printed"])
    exact = ce.get("exact_text", ce["exact"])
    return f"{point}{what}: printed {printed}, exact {exact}"
