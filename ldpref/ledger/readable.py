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
    """sympy's str printer with ``e`` for Euler's number, ``e^(x)`` for exp(x), ``π``, and a sum's positive terms
    first (``2·e^(1/150) - 1``, as in ``ldpref.latex``); :func:`text` then writes ``^`` and ``·``."""

    def _print_Exp1(self, expr):
        return "e"

    def _print_exp(self, expr):
        return "e**(" + self._print(expr.args[0]) + ")"

    def _print_Add(self, expr, order=None):
        terms = list(expr.args) if self.order == "none" else self._as_ordered_terms(expr, order=order)
        if terms and terms[0].could_extract_minus_sign():
            terms = [t for t in terms if not t.could_extract_minus_sign()] + [
                t for t in terms if t.could_extract_minus_sign()]
        out = ""
        for i, term in enumerate(terms):
            negative = term.could_extract_minus_sign()
            body = self.parenthesize(-term if negative else term, 40)  # PRECEDENCE["Add"]: wrap only sums
            out += ("-" + body if negative else body) if i == 0 else (" - " if negative else " + ") + body
        return out

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


#: parameter names of the evidence as the papers write them
_PARAM_NAMES = {"exp_eps": "e^ε", "e^eps": "e^ε", "eps": "ε", "epsilon": "ε", "lam": "λ", "lambda": "λ",
                "alpha": "α", "tau": "τ", "delta": "δ"}
_BOOLEANS = {"true": "holds", "false": "fails"}


def _param(name: str, value: str) -> str:
    if _is_number_text(value) and ("*" in value or "exp(" in value):  # Python syntax; a decimal stays as given
        value = text(sympy.sympify(value))
    return f"{_PARAM_NAMES.get(name, name)} = {value}"


def _is_number_text(value: str) -> bool:
    """Whether ``value`` is a number in sympy's syntax (``3*2**(1/4)``, ``13/108``), to be shown in reading
    notation; anything else (a label, a tuple of counts) is shown as given."""
    import re

    return bool(re.fullmatch(r"[-+0-9./*() ]*(?:(?:sqrt|exp|pi|E)[-+0-9./*() ]*)*", value)) and any(
        ch.isdigit() for ch in value)


def _squares(ce: dict) -> str | None:
    """For a quantity compared through its square (Table 1's l1 cells: squared bounds, to stay exact), the two
    values as squares with their roots, so the reader sees which l1 values the squares stand for."""
    if "squared" not in (ce.get("quantity") or "") or not all(_is_number_text(ce[k]) for k in ("printed", "exact")):
        return None
    shown = []
    for key in ("printed", "exact"):
        square = sympy.sympify(ce[key])
        shown.append(f"{key} l1² = {with_decimal(square)} (l1 = {with_decimal(sympy.sqrt(square))})")
    return ", ".join(shown)


def counterexample_text(ce: dict) -> str:
    """One counterexample (``ClaimResult.counterexample``) as a phrase: the point (parameters in the papers'
    names), the quantity compared, both values.  A boolean quantity reads with one polarity whichever side is
    true: the named statement *holds* or *fails* by the printed form and by the exact values."""
    point = ", ".join(_param(k, v) for k, v in ce["params"].items())
    what = f" ({ce['quantity']})" if ce.get("quantity") else ""
    printed = ce.get("printed_text", ce["printed"])
    exact = ce.get("exact_text", ce["exact"])
    if printed in _BOOLEANS and exact in _BOOLEANS:
        return f"{point}{what}: {_BOOLEANS[printed]} by the printed form, {_BOOLEANS[exact]} by the exact values"
    squares = _squares(ce)
    if squares:
        return f"{point}{what}: {squares}"
    return f"{point}{what}: printed {printed}, exact {exact}"
