"""Max and Min of exact reals, ordered exactly: the one evaluator's ordering (:mod:`ldpref.ledger.forms`).

Issue 22, item 2: moved from ``proofs_checks/jiang_gcms/sec5_discovery.py`` (its own walk of the form, ordering a
Max's arguments by 60-digit values with a float tolerance).  Eq. (8) of Jiang et al. (Section V-B, Theorem 4) puts
-log(1 - e^{-(T-1)/b}/2) beside 1/b inside a max; at b = 1/2, T = 10 that is about 7.6e-9, and sympy's own Max, which
orders numbers by a low-precision evaluation, refuses it as "not comparable" (or accepts it, depending on what its
caches hold).  Here a Max or Min of exact real constants is ordered by rigorous enclosures (python-flint ``arb``
balls) at increasing precision, decided only when they separate; a tie that never separates is decided exactly (the
difference proved 0) or refused with an error naming both values: :func:`ldpref.exact.exact_order`, the one ordering
of exact reals that also decides ldpref's signs.
"""

from __future__ import annotations

from functools import lru_cache

import sympy

from ..exact import exact_ceiling, exact_extreme, exact_floor, exact_order  # noqa: F401 - exact_order re-exported


@lru_cache(maxsize=8192)
def has_extreme(expr) -> bool:
    """Whether a Max or Min occurs in ``expr`` (found once per expression)."""
    return isinstance(expr, sympy.Basic) and expr.has(sympy.Max, sympy.Min)


def put_in(expr, put):
    """``put(expr)`` (the values put in by ``xreplace`` or ``subs``), except that every Max and Min is built from its
    arguments' values by :func:`extreme` (bottom up), and a floor or ceiling of a real number by
    :func:`ldpref.exact.exact_floor` / ``exact_ceiling``, rather than by sympy's own Max, floor and ceiling, which
    decide by a low-precision evaluation (its Max refuses, or depending on its caches accepts, e.g. 1/2 against
    -log(1 - e^{-18}/2)).  Only an expression with a Max or Min is rebuilt here."""
    if not has_extreme(expr):
        return put(expr)
    args = [put_in(a, put) for a in expr.args]
    if isinstance(expr, (sympy.Max, sympy.Min)):
        return extreme(args, largest=isinstance(expr, sympy.Max))
    if isinstance(expr, (sympy.floor, sympy.ceiling)) and _is_real_number(args[0]):  # not sympy's numerical floor
        return sympy.Integer((exact_floor if isinstance(expr, sympy.floor) else exact_ceiling)(args[0]))
    return expr.func(*args)


def _is_real_number(value) -> bool:
    return isinstance(value, sympy.Expr) and value.is_number and value.is_extended_real is not False \
        and value.is_finite is not False


def extreme(values, *, largest: bool):
    """The largest (``largest``) or smallest of exact values, ordered by :func:`ldpref.exact.exact_order`
    (:func:`ldpref.exact.exact_extreme`); of equal values the first.  With a symbol left in some value, or a value
    that has no enclosure (a function the enclosures do not cover, a non-real or infinite number), sympy's own ``Max``
    / ``Min`` of the values, as before."""
    values = [v if isinstance(v, sympy.Basic) else sympy.sympify(v) for v in values]
    best = exact_extreme(values, largest=largest, strict=False)
    return (sympy.Max if largest else sympy.Min)(*values) if best is None else best
