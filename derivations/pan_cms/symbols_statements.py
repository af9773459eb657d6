"""The statement wrapper shared by pan-cms's printed and derived forms (no derivation here).

Printed modules may import only sympy, ``ldpref.exact`` and symbol tables; a printed statement that needs
code to be evaluated at one instance is a :class:`Predicate`, which comes through this table.
"""

from __future__ import annotations

from ldpref.ledger.forms import Predicate

__all__ = ["Predicate"]
