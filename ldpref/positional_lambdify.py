"""``sympy.lambdify`` whose generated code depends on the formula alone, not on the sympy work done before.

``sympy.lambdify`` names an argument that is not a Python identifier (the ledger's LaTeX names such as
``\\alpha_{1}`` or ``e^{\\varepsilon}``, a key such as ``lambda``), or every argument under ``dummify=True``,
``Dummy_<N>``, N the process's running count of Dummies; its printer orders a sum's terms by those names.  So the
order in which float terms were added, and the last bits of the values, depended on how many Dummies the process
had made before (a jiang-gcms Fig. 8 CSV differed in the last digit from an identical run's:
``tests/test_figures_determinism.py``).  Here the arguments are renamed ``x0, x1, ...`` by position first, so no
Dummy is made and the code, hence every float, is the same in every process.
"""

from __future__ import annotations

import sympy


def positional_lambdify(args, expr, modules="numpy"):
    """``expr`` as a function of ``args`` (a flat sequence of symbols or subexpressions, passed positionally),
    compiled for ``modules`` with argument names fixed by position.  An ``expr`` symbol that is neither an argument
    nor inside one raises ``ValueError`` (it would otherwise fail only when the function is called)."""
    if isinstance(args, sympy.Basic):
        args = [args]
    args, expr = list(args), sympy.sympify(expr)
    if any(isinstance(a, (list, tuple)) for a in args):
        raise TypeError("positional_lambdify takes a flat sequence of arguments")
    inside = set().union(*(a.free_symbols for a in args)) if args else set()
    stray = expr.free_symbols - inside
    if stray:
        raise ValueError(f"no argument for {', '.join(sorted(map(str, stray)))}")
    names = [sympy.Symbol(f"x{i}") for i in range(len(args))]
    renamed = expr.xreplace(dict(zip(args, names)))
    left = renamed.free_symbols - set(names)
    if left:  # a symbol of an argument subexpression that also stands outside it
        raise ValueError(f"no argument for {', '.join(sorted(map(str, left)))} outside the arguments")
    return sympy.lambdify(names, renamed, modules=modules, dummify=False)


__all__ = ["positional_lambdify"]
