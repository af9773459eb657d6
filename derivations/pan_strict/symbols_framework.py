"""Symbols and the statement wrapper shared by pan-strict's printed and derived forms (no derivation here).

Printed modules may import only sympy, ``ldpref.exact`` and symbol tables; the :class:`Predicate` a printed
statement is shown as comes through this table.
"""

from __future__ import annotations

from ldpref.ledger.forms import Predicate

__all__ = ["Predicate"]
