"""``tree_repr``: ``sympy.srepr`` with each symbol's assumptions in sorted order, for tests that require a fast path
to build the very expression tree the sympy path builds.

``srepr`` prints a symbol's assumptions in the order they were first given; two equal symbols (``Symbol('n',
integer=True, positive=True)`` and ``Symbol('n', positive=True, integer=True)``) print differently, and sympy's
cache can hand an expression built elsewhere in the process either one, so a plain ``srepr`` comparison depends on
which tests ran before (seen in the whole suite).  Everything else prints as ``srepr`` does."""

from __future__ import annotations

from sympy.printing.repr import ReprPrinter


class _SortedAssumptions(ReprPrinter):
    def _print_Symbol(self, expr):
        d = dict(expr._assumptions_orig)
        if expr.is_Dummy:
            d["dummy_index"] = expr.dummy_index
        if not d:
            return f"{type(expr).__name__}({self._print(expr.name)})"
        attrs = ", ".join(f"{k}={v}" for k, v in sorted(d.items()))
        return f"{type(expr).__name__}({self._print(expr.name)}, {attrs})"


def tree_repr(expr) -> str:
    """``sympy.srepr(expr)`` with sorted symbol assumptions."""
    return _SortedAssumptions().doprint(expr)
