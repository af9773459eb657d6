"""Optimality claims as obligations (issue 25, item 2): first- and second-order conditions.

* :func:`unimodal_minimum` -- ``x*`` is the unique minimiser of ``F`` on the domain: the derivative ``F'`` is
  negative before ``x*`` and positive after it (a sign change proved on each side; no stationary-point
  computation is trusted, the sign conditions imply the minimum).
* :func:`convex_minimum` -- ``F'(x*) = 0`` and ``F'' > 0`` on the domain (convexity).
"""

from __future__ import annotations

import sympy

from .obligation import Obligation


def unimodal_minimum(name, claim, meaning, variables, assumptions, derivative, x, x_star) -> Obligation:
    """``x < x* => F' < 0`` and ``x > x* => F' > 0`` on the domain (``derivative`` = F' in ``x``)."""
    goal = sympy.And(sympy.Implies(sympy.Lt(x, x_star), sympy.Lt(derivative, 0)),
                     sympy.Implies(sympy.Gt(x, x_star), sympy.Gt(derivative, 0)))
    return Obligation(name, claim, meaning, tuple(variables), tuple(assumptions), goal)


def convex_minimum(name, claim, meaning, variables, assumptions, function, x, x_star) -> Obligation:
    """``F'(x*) = 0`` and ``F''(x) > 0`` for every ``x`` of the domain."""
    first = sympy.diff(function, x)
    goal = sympy.And(sympy.Eq(first.subs(x, x_star), 0), sympy.Gt(sympy.diff(first, x), 0))
    return Obligation(name, claim, meaning, tuple(variables), tuple(assumptions), goal)


def unimodal_minimum_sides(name, claim, meaning, variables, assumptions, derivative, x, x_star) -> list[Obligation]:
    """:func:`unimodal_minimum` as two obligations, one per side of ``x*`` (easier for a solver)."""
    left = sympy.Implies(sympy.Lt(x, x_star), sympy.Lt(derivative, 0))
    right = sympy.Implies(sympy.Gt(x, x_star), sympy.Gt(derivative, 0))
    return [Obligation(f"{name}.{side}", claim, f"{meaning} ({side} of the minimiser)", tuple(variables),
                       tuple(assumptions), goal) for side, goal in (("left", left), ("right", right))]
