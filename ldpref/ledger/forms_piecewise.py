"""A Piecewise at a point of exact values: the branch its conditions choose, decided exactly (issue 22, item 2).

Part of the one evaluator (:mod:`ldpref.ledger.forms`).  sympy's ``Piecewise`` is the first branch whose condition is
true; put the numbers into the whole Piecewise (``xreplace`` / ``subs``) and sympy rebuilds, and auto-simplifies,
*every* branch (for the radicals of pan-cms Theorem 3.6 / Eqs. (16)-(17), the optimal m by cases of f*, seconds per
instance) and decides each condition by its own numeric evaluation.  Here each condition is decided at the point
by the one truth evaluator (:func:`ldpref.ledger.forms_truth.truth`: rationals directly, else rigorous ``arb``
enclosures, a tie only by a proof, never floats) and the values go into the chosen branch only.  A condition whose
symbols all have numbers but that is not decided exactly (numbers without an enclosure, a value outside the reals,
another node) is an error, as is a tie not proved 0 (:class:`ldpref.exact.OrderUndecided`); one with a value left
symbolic leaves the Piecewise to sympy's symbolic Piecewise.  Never a guessed branch.  Replaces the pan-cms copy of
the same idea (``_at_once`` / ``_branch_xreplace`` of ``proofs_checks/pan_cms/optimized.py``).
"""

from __future__ import annotations

from functools import lru_cache

import sympy

from .forms_extremes import put_in
from .forms_truth import truth


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
            if all(getattr(v, "is_number", False) for v in point.values()):
                raise ValueError(f"the Piecewise condition {condition} is not decided exactly at {point}: no exact "
                                 "decider for a part of it (a number with no rigorous enclosure, a value outside the "
                                 "reals, another node); sympy's own evaluation of it is not used")
            return None  # a value left symbolic: sympy's Piecewise keeps or simplifies it, as before
        if holds:
            return value
    return None


def condition_at(condition, point: dict):
    """The truth (True/False) of a Piecewise condition at ``point``, decided by the one truth evaluator
    (:func:`ldpref.ledger.forms_truth.truth`, each side's value the number :func:`_number_at` gives): None when a part
    has no exact decider; :class:`ldpref.exact.OrderUndecided` when it depends on a tie of numbers not proved 0."""
    return truth(condition, point, _number_at)


def _number_at(side, point: dict):
    """A relation's side at ``point``: the values put in at once, a Piecewise in it its chosen branch."""
    value = put_chosen(side, point, lambda e: e.xreplace(point))
    return value if isinstance(value, sympy.Basic) else sympy.sympify(value)  # a Python number put in
