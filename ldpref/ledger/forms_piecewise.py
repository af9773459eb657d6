"""A Piecewise at a point of exact values: the branch its conditions choose, decided exactly (issue 22, item 2).

Part of the one evaluator (:mod:`ldpref.ledger.forms`).  sympy's ``Piecewise`` is the first branch whose condition is
true; put the numbers into the whole Piecewise (``xreplace`` / ``subs``) and sympy rebuilds, and auto-simplifies,
*every* branch (for the radicals of pan-cms Theorem 3.6 / Eqs. (16)-(17), the optimal m by cases of f*, seconds per
instance) and decides each condition by its own numeric evaluation.  Here each condition is decided at the point
exactly (a relation of exact real numbers by :func:`ldpref.ledger.forms_extremes.exact_order`: rationals directly,
else rigorous ``arb`` enclosures, never floats) and the values go into the chosen branch only.  A condition that is
not decided exactly (a symbol without a numeric value, a shape other than relations joined by And/Or/Not, numbers
without an enclosure, a tie not proved 0) leaves the Piecewise to the former path (the numbers put into the whole
Piecewise), never a guessed branch.  Replaces the pan-cms copy of the same idea (``_at_once`` / ``_branch_xreplace``
of ``proofs_checks/pan_cms/optimized.py``).
"""

from __future__ import annotations

from functools import lru_cache

import sympy

from ..exact import OrderUndecided
from .forms_extremes import exact_order, extreme, put_in

_RELATIONS = {sympy.StrictLessThan: lambda s: s < 0, sympy.LessThan: lambda s: s <= 0,
              sympy.StrictGreaterThan: lambda s: s > 0, sympy.GreaterThan: lambda s: s >= 0,
              sympy.Equality: lambda s: s == 0, sympy.Unequality: lambda s: s != 0}


@lru_cache(maxsize=8192)
def has_piecewise(expr) -> bool:
    """Whether a Piecewise occurs in ``expr`` (found once per expression)."""
    return isinstance(expr, sympy.Basic) and expr.has(sympy.Piecewise)


def put_chosen(expr, point: dict, put):
    """``put_in(expr, put)`` (``put`` puts the values of ``point``, {symbol: sympy number}, into an expression by
    ``xreplace`` or ``subs``; Max and Min ordered exactly) on :func:`pruned` ``expr``: a Piecewise whose branch is
    decided at the point is that branch with the values put in, its other branches untouched.  The value sympy's
    Piecewise gives at the point (its first branch whose condition is true)."""
    return put_in(pruned(expr, point), put)


def pruned(expr, point: dict):
    """``expr`` with every Piecewise whose branch is decided at ``point`` (:func:`chosen_branch`) replaced by that
    branch, itself pruned (nested Piecewise); an undecided Piecewise, and a node binding a symbol of the point (the
    variable of a ``Lambda``: its Piecewise is not one of the point), stay as they are.  No value is put in yet."""
    if not has_piecewise(expr):
        return expr
    if isinstance(expr, sympy.Piecewise):
        branch = chosen_branch(expr, point)
        return expr if branch is None else pruned(branch, point)
    if not point.keys().isdisjoint(getattr(expr, "bound_symbols", ())):
        return expr
    args = tuple(pruned(a, point) for a in expr.args)
    return expr if all(new is old for new, old in zip(args, expr.args)) else expr.func(*args)


def chosen_branch(piecewise, point: dict):
    """The value (not yet evaluated) of the first branch of ``piecewise`` whose condition holds at ``point``; None
    when a condition before it is not decided exactly (:func:`condition_at`) or no condition holds.  Only the
    conditions' symbols need values: a branch's value may keep symbols the point leaves (its values are put in
    later), and the branches not chosen are never built at the point."""
    free = _condition_symbols(piecewise)
    if not free <= point.keys():
        return None
    return _chosen(piecewise, frozenset((s, point[s]) for s in free))


@lru_cache(maxsize=8192)
def _condition_symbols(piecewise) -> frozenset:
    """The free symbols of a Piecewise's conditions (found once per Piecewise)."""
    return frozenset().union(*(condition.free_symbols for _, condition in piecewise.args))


@lru_cache(maxsize=8192)
def _chosen(piecewise, at: frozenset):
    """:func:`chosen_branch`, once per (Piecewise, values of its symbols) in a process."""
    point = dict(at)
    for value, condition in piecewise.args:
        holds = condition_at(condition, point)
        if holds is None:
            return None
        if holds:
            return value
    return None


def condition_at(condition, point: dict):
    """The truth (True/False) of a Piecewise condition at ``point``, decided exactly: true/false, a relation between
    two expressions whose values there are exact real numbers (their order by ``exact_order``), And/Or/Not of such;
    None when any part is not decided so."""
    if condition is sympy.true or condition is sympy.false:
        return bool(condition)
    if type(condition) in _RELATIONS:
        lhs, rhs = (_number_at(side, point) for side in condition.args)
        if lhs is None or rhs is None:
            return None
        try:
            sign = exact_order(lhs, rhs)
        except OrderUndecided:  # a tie the enclosures never separate and not proved 0: not decided here
            return None
        return None if sign is None else _RELATIONS[type(condition)](sign)
    if isinstance(condition, (sympy.And, sympy.Or, sympy.Not)):
        parts = [condition_at(c, point) for c in condition.args]
        if any(p is None for p in parts):
            return None
        if isinstance(condition, sympy.Not):
            return not parts[0]
        return all(parts) if isinstance(condition, sympy.And) else any(parts)
    return None


def _number_at(side, point: dict):
    """A relation's side at ``point`` as an exact number (values put in at once), or None."""
    if not isinstance(side, sympy.Expr):
        return None
    value = put_chosen(side, point, lambda e: e.xreplace(point))
    value = value if isinstance(value, sympy.Basic) else sympy.sympify(value)  # a Python number put in
    return value if value.is_number else None  # a non-real or infinite number has no enclosure: not decided
