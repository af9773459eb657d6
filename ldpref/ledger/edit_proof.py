"""Exact proofs for minimal edits of forms holding sums (issue 23, item 2).

A sum is linear: ``sum_i (c t_i) = c sum_i t_i`` for a ``c`` free of the bound index.  ``cancel`` treats each sum
as an opaque atom, so two sums whose summands differ by such a factor (the paper's ``sum_{x'} f(x')(...)`` against
the derived ``m^2 (...)`` with the ``1/m`` moved into the summand, pan-cms Appendix B, Eq. (6)) never cancel.
:func:`linear_sums` rewrites every sum as the sum of its expanded summand's terms, each with the factors free of
the bound index pulled out, so equal sums become the same atoms; the proof itself stays exact (``cancel`` or the
rational-function test), and the rewriting is an identity, so it can only help prove what is true.

Likewise a max or min of terms sharing a positive rational content: ``max(4a, 2b) = 2 max(2a, b)`` (Theorem 5.2's
ceiling moved onto each logarithm, against the derived ``2 max(...)``); :func:`max_content` pulls that content out.
:func:`normal` applies both; :func:`proved_equal` is the proof the committed edits get (search and test suite).

A sum is ``sympy.Sum`` or a function class carrying ``linear_sum = True`` whose first argument is the summand and
second the bound index (``SumInExcept(term, i, N, x)``: the library names no paper's classes).
"""

from __future__ import annotations

import sympy


def _bound(node):
    """The bound indices of a sum node, or None when ``node`` is no sum."""
    if isinstance(node, sympy.Sum):
        return set(node.variables)
    if isinstance(node, sympy.Function) and getattr(type(node), "linear_sum", False) and len(node.args) >= 2:
        return {node.args[1]}
    return None


def _rebuild(node, summand):
    if isinstance(node, sympy.Sum):
        return sympy.Sum(summand, *node.limits)
    return node.func(summand, *node.args[1:])


def linear_sums(expr):
    """``expr`` with every sum split over its summand's terms, the index-free factors of each term outside."""
    if not isinstance(expr, sympy.Basic) or not expr.args:
        return expr
    args = [linear_sums(a) for a in expr.args]
    node = expr.func(*args) if args != list(expr.args) else expr
    bound = _bound(node)
    if bound is None:
        return node
    out = []
    for term in sympy.Add.make_args(sympy.expand(node.args[0])):
        free = [f for f in sympy.Mul.make_args(term) if not (f.free_symbols & bound)]
        tied = [f for f in sympy.Mul.make_args(term) if f.free_symbols & bound]
        out.append(sympy.Mul(*free) * (_rebuild(node, sympy.Mul(*tied)) if tied else _rebuild(node, sympy.Integer(1))))
    return sympy.Add(*out)


def max_content(expr):
    """``expr`` with every Max/Min whose arguments share a positive rational content c > 1 (the gcd of their
    numeric coefficients) written as c Max(args / c): an identity, since c > 0."""
    if not isinstance(expr, sympy.Basic) or not expr.args:
        return expr
    args = [max_content(a) for a in expr.args]
    node = expr.func(*args) if args != list(expr.args) else expr
    if not isinstance(node, (sympy.Max, sympy.Min)):
        return node
    coeffs = [a.as_coeff_Mul()[0] for a in node.args]
    if not all(c.is_Rational and c > 0 for c in coeffs):
        return node
    c = sympy.gcd(coeffs) if all(c.is_Integer for c in coeffs) else sympy.Integer(1)
    return c * node.func(*[a / c for a in node.args]) if c > 1 else node


def normal(expr):
    """:func:`linear_sums` then :func:`max_content` (both identities)."""
    return max_content(linear_sums(expr)) if isinstance(expr, sympy.Basic) else expr


def proved_equal(a, b) -> bool:
    """Exact proof that the expressions ``a`` and ``b`` are equal: :func:`ldpref.exact.is_zero` of their
    difference, after :func:`normal`."""
    from ..exact import is_zero

    return is_zero(normal(a - b))
