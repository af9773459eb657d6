"""What a claim shows and what its check evaluates: the printed and derived forms as objects.

A claim's ``printed`` and ``derived`` are zero-argument callables returning the form as an object: a
sympy expression, an ``Eq`` (``lhs = rhs``), a tuple/list/Matrix of such, a sympy Boolean (a statement in
the paper's symbols), or a :class:`Predicate` (a statement that needs code to evaluate, shown by its
LaTeX).  Checks obtain the forms through :meth:`ldpref.ledger.Evidence.printed` / ``.derived`` (or by
calling the very functions the claim names), so the object displayed by ``latex``, ``verify --json`` and
the docs is the object evaluated.

:func:`perturb` is the mutation ``verify --self-check`` applies (:mod:`.forms_mutation`, re-exported here): a small
exact change of a formula (x -> x (1 + 1/997) + 1/997, which moves zero too) and the negation of a statement.
"""

from __future__ import annotations

from functools import lru_cache

import sympy
from flint import fmpq

from ..exact import cancel, cancelled_rational
from .forms_extremes import exact_order, extreme, has_extreme, put_in  # noqa: F401 - Max/Min's ordering, re-exported
from .forms_mutation import PERTURBATION, Predicate, UnsupportedMutation, perturb  # noqa: F401 - re-exported
from .forms_piecewise import has_piecewise, pruned, put_chosen
from .forms_rational import (NotRational, as_fmpq, compile_rational, compiled, free_symbols,  # noqa: F401 - re-exported
                             rational_at, rational_value)
from .forms_truth import exp_truth, statement_program, truth  # noqa: F401 - re-exported


@lru_cache(maxsize=4096, typed=True)  # typed: 1 and 1.0 are equal keys with different names
def param_name(key) -> str:
    """``str(key)`` of a parameter key (a symbol or a name), once per key: sympy prints a symbol through its
    printer, which costs more than many a predicate it names."""
    return str(key)


def evaluate(form, params: dict):
    """A form at one parameter point: symbols (or their names) -> exact values.

    An ``Eq`` evaluates to its right-hand side; a statement (sympy Boolean or :class:`Predicate`) to a
    Python bool, decided exactly (:func:`ldpref.ledger.forms_truth.truth`: every relation by exact arithmetic or
    :func:`ldpref.exact.exact_order`, never by sympy's own relational evaluation of numbers); a Boolean it does not
    decide is an error, never a default.
    """
    if isinstance(form, Predicate):
        return form(**{param_name(k): v for k, v in params.items()})
    if isinstance(form, bool):
        return form
    if isinstance(form, (list, tuple)):
        return type(form)(evaluate(x, params) for x in form)
    if isinstance(form, dict):
        return {k: evaluate(v, params) for k, v in form.items()}
    subs = _exact_subs(params)
    if isinstance(form, sympy.MatrixBase):
        return form.subs(subs)
    if isinstance(form, sympy.Equality):
        return _value(form.rhs, subs)
    if isinstance(form, (sympy.logic.boolalg.Boolean, sympy.core.relational.Relational)) and not isinstance(
            form, sympy.Expr):  # a Symbol is both; as a form it is a value
        return _decided(form, subs, params)
    return _value(sympy.sympify(form), subs)


def _decided(form, subs: dict, params: dict, last=None) -> bool:
    """:func:`.forms_truth.truth` with this module's values, and an undecided statement an error: never sympy's own
    relational evaluation of numbers."""
    decided = truth(form, subs, _value, last)
    if decided is None:
        raise ValueError(f"statement {form} is not decided at {params}: a part of it has no exact decider "
                         f"(a symbol without a value, a number with no rigorous enclosure, or another node)")
    return decided


def statement_truth(form, params: dict, last=None) -> bool:
    """A statement at one point, decided as :func:`evaluate` decides one, except that an ``Eq`` is a statement here
    (its truth), not its right-hand side.  ``last``: the decider of last resort for a relation that exact decision
    leaves open, called with the relation of the two values put in (e.g. a relation of rational functions of e^eps
    proved for every e^eps > 1); it returns a bool, or raises.  Undecided: a ValueError naming the statement."""
    return _decided(form, _exact_subs(params), params, last)


def value_at(expr, values: dict, *, rational_only: bool = False):
    """An expression's exact value at ``values`` ({symbol: exact value}) as ``cancel(expr.subs(values))`` gives it:
    by the compiled fmpq program when the expression is rational there (:func:`rational_at`, the same number), else
    by that very substitution and cancel; a Max or Min of exact reals is ordered exactly (:func:`extreme`), and a
    Piecewise whose conditions are decided exactly at the point is its chosen branch with the values put in
    (:func:`ldpref.ledger.forms_piecewise.put_chosen`; the other branches are not rebuilt).

    ``rational_only``: the value only when it is a rational, else None, the numbers put in at once (``xreplace``, no
    cancel): for a caller that needs a rational value or none (the minimal-edit search ranks pairs of edits by their
    values at a rational point)."""
    fast = rational_at(expr, values)
    if fast is not None:
        return fast
    expr = sympy.sympify(expr)
    point = {k: sympy.sympify(v) for k, v in values.items()}
    if rational_only:
        value = put_chosen(expr, point, lambda e: e.xreplace(point))
        return value if value.is_Rational else None
    return cancel(put_chosen(expr, point, lambda e: e.subs(values)))


def value_integer_first(expr, values: dict, first):
    """``expr.subs(values)`` with the integer parameter ``first`` put in first by substitution (``2^b`` becomes a
    number, the rest a rational function), then the other values by the compiled rational program
    (:func:`rational_value`, the value sympy's arithmetic gives); ``subs`` of all values where that does not apply
    (``first`` has no value, a division by zero, a non-rational part)."""
    if first in values:
        rest = {k: sympy.sympify(v) for k, v in values.items() if k != first}
        value = rational_value(_subs_one(expr, first, int(values[first])), rest)
        if value is not None:
            return value
    return expr.subs(values)


@lru_cache(maxsize=4096)
def _subs_one(expr, symbol, value: int):
    """``expr.subs(symbol, value)``, once per (form, symbol, value) in a process."""
    return expr.subs(symbol, value)


def evaluate_combinatorial_first(form, point: dict):
    """:func:`evaluate` with the point's values first put into the form's ``binomial`` and ``factorial`` nodes
    (``point``: {symbol: exact rational}): the same form at the same point, but ``binomial(d, k)`` is then an
    integer, so a comparison of logarithms is decided by rigorous interval enclosures on the tree at the point
    (:func:`ldpref.exact.certain_sign`) instead of sympy's relational evaluation.  Only those nodes are rebuilt (the
    rest of the form is not auto-evaluated at the point)."""
    nodes = _combinatorial_nodes(form)
    return evaluate(form.xreplace({n: n.xreplace(point) for n in nodes}) if nodes else form, point)


@lru_cache(maxsize=4096)
def _combinatorial_nodes(form) -> tuple:
    """The ``binomial`` and ``factorial`` applications in a form (found once per form)."""
    return tuple(form.atoms(sympy.binomial, sympy.factorial))


@lru_cache(maxsize=1024)
def _symbol(name: str) -> sympy.Symbol:
    """``sympy.Symbol(name)``, looked up once per name (a form is evaluated at thousands of instances)."""
    return sympy.Symbol(name)


def _exact_subs(params: dict) -> dict:
    """``{Symbol(k) or k: sympify(v)}``; a value that is already a sympy object is kept as it is (what
    ``sympify`` returns for it), so only Python numbers and strings go through ``sympify``."""
    return {(_symbol(k) if isinstance(k, str) else k): (v if isinstance(v, sympy.Basic) else sympy.sympify(v))
            for k, v in params.items()}


_SINGULAR = (sympy.nan, sympy.zoo, sympy.oo, -sympy.oo)


def _value(expr, subs: dict):
    """:func:`_value_at_point`, once per (expression, point in its order) in a process: a form is read at the same
    instance by several checks of a claim (printed, derived, correction, the model) and by claims sharing a grid."""
    key = (expr, tuple(subs.items()))
    try:
        hash(key)
    except TypeError:  # a value that is no hashable object (a mutable matrix): computed every time
        return _value_at_point(expr, subs)
    return _value_once(key)


@lru_cache(maxsize=16384)
def _value_once(key):
    expr, items = key
    return _value_at_point(expr, dict(items))


def _value_at_point(expr, subs: dict):
    """``cancel(expr.subs(subs))``; when every free symbol gets a rational value and the expression is
    rational in them, the same exact value by exact rational arithmetic (python-flint ``fmpq``; no symbolic
    substitution of a large expression at every instance); when every free symbol gets a value, the number
    sympy's evaluation gives on putting them in at once (an algebraic or transcendental number is compared
    exactly downstream; a Piecewise decided exactly there is its chosen branch, :mod:`.forms_piecewise`); when
    symbols remain, a rational function over Q with rational values for symbols is cancelled with the numbers put
    into its polynomials (:func:`ldpref.exact.cancelled_rational`, the very expression ``cancel(expr.subs(subs))``
    gives), a Piecewise, Max or Min first given its numbers at once (:func:`_given_at_once`)."""
    free = free_symbols(expr)
    if not free <= subs.keys() and all(isinstance(k, sympy.Symbol) for k in subs):
        expr = _given_at_once(expr, free, subs)
        free = free_symbols(expr)
    if free <= subs.keys() and all(subs[s].is_Rational for s in free):
        fn = compiled(expr)
        if fn is not None:
            try:
                out = fn({s: fmpq(int(subs[s].p), int(subs[s].q)) for s in free})
            except ZeroDivisionError:
                pass  # the symbolic path reports zoo/nan as sympy does
            else:
                return sympy.Rational(int(out.p), int(out.q))
    if free <= subs.keys():  # every symbol gets a value: put them in at once; a number needs no cancel
        point = {s: subs[s] for s in free}
        value = put_chosen(expr, point, lambda e: e.xreplace(point))
        if value.is_number and not value.has(*_SINGULAR):  # at a singular point, subs' order decides, as before
            return value
    if all(isinstance(k, sympy.Symbol) for k in subs):  # plain symbols to numbers: cancel of the substitution
        fast = cancelled_rational(expr, subs)  # from the quotient's polynomials with the numbers put in
        if fast is not None:
            return fast
    return cancel(expr.subs(subs))


def _given_at_once(expr, free: frozenset, subs: dict):
    """Symbols remain: a Piecewise decided at the given numbers is its chosen branch (:func:`.forms_piecewise.pruned`),
    and the given numbers are put in at once (``xreplace``; ``subs`` puts one after the other, and a Piecewise or Max
    of radicals in a symbol left re-simplifies at every step); ``expr`` itself when it has no Piecewise, Max or Min, or
    a given value is no number.  A Piecewise its conditions leave undecided stays for ``subs``, which builds only the
    branches whose conditions it does not find false (``xreplace`` would build every branch at the point, and a branch
    not taken may not be real there)."""
    if not (has_piecewise(expr) or has_extreme(expr)):
        return expr
    given = {s: subs[s] for s in free if s in subs}
    if not given or not all(v.is_number for v in given.values()):
        return expr
    expr = pruned(expr, given)
    return expr if has_piecewise(expr) else expr.xreplace(given)


