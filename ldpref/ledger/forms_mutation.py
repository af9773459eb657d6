"""The self-check's mutation of a form (:mod:`ldpref.ledger.forms`, which re-exports every name here), and the
statement evaluated by code.

:func:`perturb` is the mutation ``verify --self-check`` applies: a small exact change of a formula
(x -> x (1 + 1/997) + 1/997, which moves zero too) and the negation of a statement; a :class:`Predicate` is a
statement that needs code to evaluate, shown by its LaTeX.  Split from forms.py (800 lines at most per file).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import sympy

PERTURBATION = sympy.Rational(1, 997)


@dataclass(frozen=True)
class Predicate:
    """A statement evaluated by code: ``fn(**params) -> bool``, displayed as ``latex``."""

    latex: str
    fn: Callable[..., bool]
    negated: bool = False

    def __call__(self, *args, **kwargs) -> bool:
        value = self.fn(*args, **kwargs)
        if not isinstance(value, (bool, sympy.logic.boolalg.BooleanAtom)):
            raise TypeError(f"predicate {self.latex!r} returned {type(value).__name__}, not a bool")
        return (not bool(value)) if self.negated else bool(value)

    def negation(self) -> "Predicate":
        """The same predicate negated (for the self-check's mutations)."""
        return Predicate(self.latex, self.fn, not self.negated)

    def _latex(self, printer=None) -> str:  # sympy's latex printer hook
        return (r"\neg\left(" + self.latex + r"\right)") if self.negated else self.latex


class UnsupportedMutation(Exception):
    """The form's type has no defined perturbation (reported by self-check, never silently skipped)."""


def perturb(obj, *, statement: bool = False):
    """The exact mutation of a form: formulas move by a factor and an offset, statements are negated."""
    if isinstance(obj, Predicate):
        return obj.negation()
    if isinstance(obj, bool):
        return not obj
    if isinstance(obj, (list, tuple)):  # labels (str) inside a form stay as they are; every value moves
        return type(obj)(x if isinstance(x, str) else perturb(x, statement=statement) for x in obj)
    if isinstance(obj, dict):
        return {k: v if isinstance(v, str) else perturb(v, statement=statement) for k, v in obj.items()}
    if isinstance(obj, sympy.MatrixBase):
        return obj.applyfunc(lambda x: perturb(x, statement=statement))
    if isinstance(obj, sympy.MatrixExpr) and not statement:  # a symbolic matrix: no scalar offset exists
        return obj * (1 + PERTURBATION)
    if isinstance(obj, sympy.Equality):
        if statement:
            return sympy.Ne(obj.lhs, obj.rhs, evaluate=False)
        return sympy.Eq(obj.lhs, perturb(obj.rhs), evaluate=False)
    if isinstance(obj, sympy.core.relational.Relational):
        return sympy.Not(obj)
    # a Symbol is both an Expr and a Boolean: in a statement it stands for a proposition, else for a value
    if statement and isinstance(obj, sympy.logic.boolalg.Boolean):
        return sympy.Not(obj)
    if isinstance(obj, (int, sympy.Expr)) and not isinstance(obj, bool):
        if statement:
            raise UnsupportedMutation(f"a statement form must be a Boolean or a Predicate, got {type(obj).__name__}")
        return sympy.sympify(obj) * (1 + PERTURBATION) + PERTURBATION
    if isinstance(obj, sympy.logic.boolalg.Boolean):
        return sympy.Not(obj)
    raise UnsupportedMutation(f"no perturbation defined for a form of type {type(obj).__name__}")
