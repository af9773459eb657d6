"""Symbols of the cross-paper claims that no single paper names (a symbol table: printed and derived modules
of :mod:`derivations.cross` both read it)."""

from __future__ import annotations

import sympy

lam = sympy.Symbol(r"\lambda", nonnegative=True)  # f(d)/n, the target frequency
