"""LaTeX of ldpref's sympy objects, with ldpref's symbol names (``exp_eps`` prints as e^{\\epsilon})."""

from __future__ import annotations

import sympy

from .exact import LATEX_NAMES


def to_latex(obj) -> str:
    """LaTeX of a sympy object, a relation, or a (nested) tuple/list/dict of them."""
    if obj is None:
        return ""
    if isinstance(obj, str):
        return r"\text{" + obj + "}"
    if isinstance(obj, dict):
        return r",\quad ".join(f"{to_latex(k) if not isinstance(k, str) else k} = {to_latex(v)}" for k, v in obj.items())
    if isinstance(obj, (list, tuple)):
        return r",\quad ".join(to_latex(o) for o in obj)
    if isinstance(obj, bool):
        return r"\text{" + str(obj).lower() + "}"
    if hasattr(obj, "_latex") and not isinstance(obj, sympy.Basic):  # ldpref.ledger.forms.Predicate
        return obj._latex()
    return sympy.latex(obj, symbol_names=LATEX_NAMES).replace(r"\text{for}\: ", r"\text{if }")
