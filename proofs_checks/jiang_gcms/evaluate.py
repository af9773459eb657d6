"""Exact evaluation of a jiang-gcms form at rational parameter values: the one evaluator's compiled fmpq program
(:func:`ldpref.ledger.forms.rational_at`), with subs + cancel as the fallback.  Its own module so the
pure-protocol and GCMS checks both import it and not each other (issue 22: no import cycles)."""

from __future__ import annotations

import sympy

from ldpref.ledger.forms import rational_at


def _at(expr, values):
    """Exact value of a jiang-gcms expression at ``values`` ({symbol: exact rational}): the one evaluator's compiled
    fmpq program when the expression is rational there, else ``cancel(expr.subs(values))`` (a radical, a symbol left
    free, a division by zero: sympy reports it as before)."""
    expr = sympy.sympify(expr)
    fast = rational_at(expr, values)
    return fast if fast is not None else sympy.cancel(expr.subs(values))
