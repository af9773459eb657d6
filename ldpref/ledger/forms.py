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

import operator
from fractions import Fraction
from functools import cache, lru_cache

import sympy
from flint import arb, ctx as flint_ctx, fmpq

from ..exact import ORDER_PRECISIONS, OrderUndecided, cancel, cancelled_rational, certain_sign
from .forms_extremes import exact_order, extreme, has_extreme, put_in  # noqa: F401 - Max/Min's ordering, re-exported
from .forms_mutation import PERTURBATION, Predicate, UnsupportedMutation, perturb  # noqa: F401 - re-exported
from .forms_piecewise import has_piecewise, pruned, put_chosen


@lru_cache(maxsize=4096, typed=True)  # typed: 1 and 1.0 are equal keys with different names
def param_name(key) -> str:
    """``str(key)`` of a parameter key (a symbol or a name), once per key: sympy prints a symbol through its
    printer, which costs more than many a predicate it names."""
    return str(key)


def evaluate(form, params: dict):
    """A form at one parameter point: symbols (or their names) -> exact values.

    An ``Eq`` evaluates to its right-hand side; a statement (sympy Boolean or :class:`Predicate`) to a
    Python bool, decided exactly (:func:`_truth`: every relation by exact arithmetic or
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
    """:func:`_truth`, and an undecided statement an error: never sympy's own relational evaluation of numbers."""
    truth = _truth(form, subs, last)
    if truth is None:
        raise ValueError(f"statement {form} is not decided at {params}: a part of it has no exact decider "
                         f"(a symbol without a value, a number with no rigorous enclosure, or another node)")
    return truth


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


class NotRational(Exception):
    """The expression has a node the rational evaluator does not handle (sqrt, log, a function...)."""


def compile_rational(expr, leaves: tuple = ()):
    """A closure computing ``expr`` exactly (python-flint ``fmpq``) from an environment {leaf: fmpq}: the one
    rational-expression compiler of ldpref (issue 22, item 2).  Rationals, symbols (and nodes of the types in
    ``leaves``, e.g. a paper's collision counts c_j(a, b), read from the environment as symbols are), +, *,
    integer powers, Max, Min, Abs, floor, ceiling, Mod; ``NotRational`` on any other node.  The expression is
    compiled once into a straight-line program over its DAG (each distinct subexpression computed once per
    evaluation; every number of the expression is an fmpq constant, so no float can appear).  The engine of
    :func:`rational_value` and :func:`rational_at` (and of statement programs built on it)."""
    return _program(expr, tuple(leaves))


_OPS = {sympy.Max: "_max", sympy.Min: "_min", sympy.Abs: "_abs", sympy.floor: "_floor", sympy.ceiling: "_ceil",
        sympy.Mod: "_mod"}
_OP_SCOPE = {"_max": max, "_min": min, "_abs": abs, "_floor": lambda v: fmpq(v.floor()),
             "_ceil": lambda v: fmpq(v.ceil()), "_mod": lambda a, b: a - b * fmpq((a / b).floor())}


@lru_cache(maxsize=8192)
def _program(expr, leaves: tuple):
    """:func:`compile_rational`'s program, once per (expression, leaf types) in a process."""
    names: dict = {}
    scope: dict = dict(_OP_SCOPE)
    lines: list = []

    def visit(e):
        if e in names:
            return names[e]
        if e.is_Rational:
            name = f"c{len(scope)}"
            scope[name] = fmpq(int(e.p), int(e.q))
        elif e.is_Symbol or (leaves and isinstance(e, leaves)):
            name = f"k{len(scope)}"
            scope[name] = e
            lines.append(f"    a{len(lines)} = env[{name}]")
            name = f"a{len(lines) - 1}"
        else:
            if e.is_Add or e.is_Mul:
                code = (" + " if e.is_Add else " * ").join(visit(a) for a in e.args)
            elif e.is_Pow and e.exp.is_Integer:
                code = f"{visit(e.base)} ** {int(e.exp)}"
            elif type(e) in _OPS and (len(e.args) == 1 or type(e) in (sympy.Max, sympy.Min, sympy.Mod)):
                code = f"{_OPS[type(e)]}({', '.join(visit(a) for a in e.args)})"
            else:
                raise NotRational(type(e).__name__)
            lines.append(f"    a{len(lines)} = {code}")
            name = f"a{len(lines) - 1}"
        names[e] = name
        return name

    result = visit(expr)
    if result.startswith("c"):  # a constant expression: still an fmpq
        lines.append(f"    a{len(lines)} = {result}")
        result = f"a{len(lines) - 1}"
    source = "def _fn(env):\n" + "\n".join(lines + [f"    return {result}"]) + "\n"
    exec(compile(source, "<ldpref.ledger.forms.compile_rational>", "exec"), scope)  # noqa: S102 - our own arithmetic
    return scope["_fn"]


_COMPARE = {sympy.StrictLessThan: lambda a, b: a < b, sympy.LessThan: lambda a, b: a <= b,
            sympy.StrictGreaterThan: lambda a, b: a > b, sympy.GreaterThan: lambda a, b: a >= b,
            sympy.Equality: lambda a, b: a == b, sympy.Unequality: lambda a, b: a != b}


def _truth(form, subs: dict, last=None):
    """A statement's truth at ``subs`` when every comparison in it is decided exactly: between rational values by
    exact arithmetic, else by the one decider of orders (:func:`ldpref.exact.exact_order`: rigorous enclosures, a tie
    only by a proof), or by ``last`` (:func:`statement_truth`); None when some part has no exact decider (a symbol
    without a value, a number with no enclosure, another node), which the caller refuses.
    :class:`ldpref.exact.OrderUndecided` (a ``ValueError``: the claim's check is an error, never a guess) naming the
    statement when a relation its truth depends on is between numbers that the enclosures never separate and whose
    difference is not proved 0."""
    if type(form) in _COMPARE:
        return _relation_truth(form, subs, last)
    if isinstance(form, (sympy.And, sympy.Or, sympy.Not, sympy.Implies, sympy.Equivalent)):
        args, refused = [], None
        for part in form.args:
            try:
                args.append(_truth(part, subs, last))
            except OrderUndecided as exc:  # decided below if the other parts decide the junction without it
                args.append(None)
                refused = refused or exc
        if isinstance(form, sympy.And) and False in args:  # decided by a part whatever the undecided ones are
            return False
        if isinstance(form, sympy.Or) and True in args:
            return True
        if isinstance(form, sympy.Implies) and (args[0] is False or args[1] is True):
            return True
        if refused is not None:
            raise refused  # the truth depends on a relation the one decider refused: so does the statement's
        if any(v is None for v in args):
            return None
        if isinstance(form, sympy.And):
            return all(args)
        if isinstance(form, sympy.Or):
            return any(args)
        if isinstance(form, sympy.Not):
            return not args[0]
        if isinstance(form, sympy.Equivalent):  # true iff every side has the same truth
            return all(v == args[0] for v in args)
        return (not args[0]) or args[1]
    if form is sympy.true or form is sympy.false:
        return bool(form)
    if form.is_Symbol and subs.get(form) in (sympy.true, sympy.false):  # a named proposition given its truth
        return bool(subs[form])
    if isinstance(form, sympy.Contains):  # membership: the relations it means, each decided as above
        relations = _membership_relations(form)
        return None if relations is None else _truth(relations, subs, last)
    return None


@lru_cache(maxsize=1024)
def _membership_relations(form):
    """``x in {a, b, ...}`` as ``Or(Eq(x, a), Eq(x, b), ...)`` and ``x in [a, b]`` (ends open or closed) as the two
    relations with its ends (none of them evaluated on construction), once per form; None for another set."""
    element, where = form.args
    if isinstance(where, sympy.FiniteSet):
        return sympy.Or(*(sympy.Eq(element, e, evaluate=False) for e in where.args), evaluate=False)
    if isinstance(where, sympy.Interval):
        low = (sympy.StrictGreaterThan if where.left_open else sympy.GreaterThan)(element, where.start, evaluate=False)
        high = (sympy.StrictLessThan if where.right_open else sympy.LessThan)(element, where.end, evaluate=False)
        return sympy.And(low, high, evaluate=False)
    return None


def _relation_truth(form, subs: dict, last=None):
    """:func:`_truth` of one relation ``lhs ~ rhs``; ``last`` (see :func:`statement_truth`) when none of it decides."""
    compare = _COMPARE[type(form)]
    truths = [subs.get(x, x) if x.is_Symbol else x for x in form.args]
    if all(v is sympy.true or v is sympy.false for v in truths):  # (in)equality of two truth values
        return compare(bool(truths[0]), bool(truths[1])) if type(form) in (sympy.Equality, sympy.Unequality) else None
    a, b = rational_value(form.lhs, subs), rational_value(form.rhs, subs)
    if a is not None and b is not None:  # both sides rational at the point (exact fmpq arithmetic)
        return bool(compare(a, b))
    if _free_symbols(form.lhs) | _free_symbols(form.rhs) <= subs.keys():
        # a side that is not rational there (a radical, exp, log): the sign of lhs - rhs from rigorous
        # enclosures evaluated on the tree at the point, before building the values by substitution
        sign = certain_sign(form.lhs, form.rhs, subs)
        if sign is not None:
            return bool(compare(sign, 0))
    a, b = _value(form.lhs, subs), _value(form.rhs, subs)
    if a.is_Rational and b.is_Rational:
        return bool(compare(a, b))
    if a.is_number and b.is_number and a.is_finite and b.is_finite:  # e.g. a tie of radicals or of logarithms:
        try:  # the one decider orders the two numbers (a tie by structure, an exact rational difference or a proof)
            sign = exact_order(a, b)
        except OrderUndecided as exc:
            raise OrderUndecided(f"statement {form} is not decided at {subs}: {exc}") from None
        if sign is not None:
            return bool(compare(sign, 0))
    sign = _infinite_order(a, b)
    if sign is not None:
        return bool(compare(sign, 0))
    if type(form) in (sympy.Equality, sympy.Unequality) and not (a.is_number and b.is_number) \
            and cancel(a - b) == 0:  # symbols left: an identity, proved by exact cancellation
        return type(form) is sympy.Equality
    return None if last is None else last(type(form)(a, b, evaluate=False))  # None: the statement is an error


def _infinite_order(a, b):
    """The sign of ``a - b`` in the order of the extended reals when one side is oo or -oo and the other a finite real
    number or an infinity (two equal infinities are a tie): no number compared; None otherwise."""
    ends = {sympy.oo: 1, -sympy.oo: -1}
    if a in ends and b in ends:
        return (ends[a] > ends[b]) - (ends[a] < ends[b])
    if a in ends and b.is_number and b.is_extended_real and b.is_finite:
        return ends[a]
    if b in ends and a.is_number and a.is_extended_real and a.is_finite:
        return -ends[b]
    return None


_SINGULAR = (sympy.nan, sympy.zoo, sympy.oo, -sympy.oo)


@lru_cache(maxsize=8192)
def _compiled(expr):
    try:
        return compile_rational(expr)
    except NotRational:
        return None


@lru_cache(maxsize=8192)
def _free_symbols(expr) -> frozenset:
    """``expr.free_symbols``, once per expression (sympy walks the whole tree on every access; a form is
    evaluated at hundreds of instances)."""
    return frozenset(expr.free_symbols)


def rational_value(expr, subs: dict):
    """The exact value of a rational expression at rational values (python-flint ``fmpq``), or None.

    None unless every free symbol of ``expr`` gets a ``sympy.Rational`` in ``subs`` and the expression is
    built only of rationals, +, *, integer powers, Max, Min, Abs, floor, ceiling and Mod; a division by zero also
    gives None (the caller's symbolic path then reports zoo/nan as sympy does).  The value is the one sympy's
    own exact arithmetic gives on putting the numbers in, computed without building sympy expressions."""
    free = _free_symbols(expr)
    if not (free <= subs.keys() and all(isinstance(subs[s], sympy.Rational) for s in free)):
        return None
    fn = _compiled(expr)
    if fn is None:
        return None
    try:
        out = fn({s: fmpq(int(subs[s].p), int(subs[s].q)) for s in free})
    except ZeroDivisionError:
        return None
    return sympy.Rational(int(out.p), int(out.q))


def rational_at(expr, values: dict):
    """The exact value (``sympy.Rational``) of ``expr`` at exact rational ``values`` ({symbol: int, Fraction,
    sympy Rational or fmpq}; keys not in the expression are ignored), by the one compiled program
    (:func:`compile_rational`); None when a free symbol has no value or a non-rational one, the expression is not
    rational (a radical, log, a function), or it divides by zero there: the caller's symbolic path decides."""
    expr = sympy.sympify(expr)
    free = _free_symbols(expr)
    if not free <= values.keys():
        return None
    fn = _compiled(expr)
    if fn is None:
        return None
    env = {}
    for s in free:
        v = as_fmpq(values[s])
        if v is None:
            return None
        env[s] = v
    try:
        out = fn(env)
    except ZeroDivisionError:
        return None
    return sympy.Rational(int(out.p), int(out.q))


def as_fmpq(v):
    """An exact rational (int, Fraction, sympy Rational, fmpq, or what sympifies to a Rational) as python-flint
    ``fmpq``; None for anything else (a float is not exact and is refused)."""
    if isinstance(v, fmpq):
        return v
    if isinstance(v, bool) or isinstance(v, float):
        return None
    if isinstance(v, int):
        return fmpq(v)
    if isinstance(v, Fraction):
        return fmpq(v.numerator, v.denominator)
    if not isinstance(v, sympy.Basic):
        try:
            v = sympy.sympify(v)
        except (sympy.SympifyError, TypeError):
            return None
    return fmpq(int(v.p), int(v.q)) if v.is_Rational else None


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
    free = _free_symbols(expr)
    if not free <= subs.keys() and all(isinstance(k, sympy.Symbol) for k in subs):
        expr = _given_at_once(expr, free, subs)
        free = _free_symbols(expr)
    if free <= subs.keys() and all(subs[s].is_Rational for s in free):
        fn = _compiled(expr)
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


# ---- statement programs: the compiled truth of a statement at exact values (issue 22, item 2: the one truth
# evaluator's fast path; moved from proofs_checks/pan_cms/hashing.py)
RELATIONS = {sympy.StrictLessThan: operator.lt, sympy.LessThan: operator.le, sympy.StrictGreaterThan: operator.gt,
             sympy.GreaterThan: operator.ge, sympy.Equality: operator.eq, sympy.Unequality: operator.ne}


@lru_cache(maxsize=4096)
def difference(relation):
    """lhs - rhs of a relation: it compares with 0 as lhs with rhs."""
    return relation.lhs - relation.rhs


class _Unsupported(Exception):
    """A node the compiled statement evaluator does not handle (the general path decides)."""


@lru_cache(maxsize=4096)
def statement_program(form):
    """``form`` (relations and statement symbols joined by And/Or/Not/Implies/Equivalent) compiled once: a closure
    from the environments ({symbol: fmpq}, {statement symbol: bool}) to the statement's truth, None when some
    relation has a symbol without a rational value (or divides by zero there) or a statement symbol has no truth
    value; None (no program) when some part is not compilable.  Where it gives a value it is the value the general
    path gives (each relation's ``lhs - rhs`` by exact rational arithmetic, compared with 0, as
    :func:`evaluate` of ``lhs - rhs``; a statement symbol by its given truth, as ``xreplace`` puts it in); where
    not, the caller falls back to that path.  The environments may also hold, for a symbol, an exact rational
    function of one further symbol (an object with fmpq_poly numerator ``n`` and arithmetic, e.g. the facts of a
    variance polynomial): a relation on it is decided only when it is an identity (``=``, ``!=``)."""
    try:
        return _statement_part(form)
    except _Unsupported:
        return None


def _statement_part(form):
    if form.is_Symbol:  # a statement named by a symbol (its truth is a fact of the instance)
        def named(env, truths):
            return truths.get(form)
        return named
    if type(form) in RELATIONS:
        if not (isinstance(form.lhs, sympy.Expr) and isinstance(form.rhs, sympy.Expr)):
            raise _Unsupported("relation between non-expressions")
        diff = difference(form)
        try:
            fn = compile_rational(diff)
        except NotRational:
            return _radical_relation(form)
        free, compare = frozenset(diff.free_symbols), RELATIONS[type(form)]
        zero = fmpq(0)

        def relation(env, truths):
            if not free <= env.keys():
                return None
            try:
                value = fn(env)
            except (ZeroDivisionError, TypeError, AttributeError):  # an operation a rational function lacks
                return None
            if not isinstance(value, fmpq):  # a fact that is a rational function of one symbol (numerator ``n``):
                # only an identity decides
                if compare is operator.eq or compare is operator.ne:
                    return compare(value.n.is_zero(), True)
                return None
            return compare(value, zero)
        return relation
    if isinstance(form, (sympy.And, sympy.Or, sympy.Not, sympy.Implies, sympy.Equivalent)):
        parts = [_statement_part(a) for a in form.args]
        kind = type(form)

        def junction(env, truths):
            args = [g(env, truths) for g in parts]
            if any(v is None for v in args):
                return None
            if kind is sympy.And:
                return all(args)
            if kind is sympy.Or:
                return any(args)
            if kind is sympy.Not:
                return not args[0]
            if kind is sympy.Equivalent:
                return all(v == args[0] for v in args)
            return (not args[0]) or args[1]
        return junction
    if form is sympy.true or form is sympy.false:
        value = bool(form)
        return lambda env, truths: value
    raise _Unsupported(type(form).__name__)


class _NoValue(Exception):
    """A radical side without a value c sqrt(s) at this point (a sum of unlike radicals, sqrt of a negative or of
    a radical, a non-integer power): the general path decides."""


def _radical(expr):
    """``expr`` built from rationals, symbols, products, integer powers, square roots and sums of rationals compiled
    to a closure env -> (c, s), fmpq with s >= 0, the exact value c sqrt(s); ``_NoValue`` at a point where the value
    has no such form, ``_Unsupported`` for any other node."""
    if expr.is_Rational:
        const = (fmpq(int(expr.p), int(expr.q)), fmpq(1))
        return lambda env: const
    if expr.is_Symbol:
        def lookup(env):
            value = env[expr]
            if not isinstance(value, fmpq):
                raise _NoValue("a function of a symbol")
            return value, fmpq(1)
        return lookup
    if expr.is_Mul or expr.is_Add:
        parts, is_mul = [_radical(a) for a in expr.args], expr.is_Mul

        def combine(env):
            vals = [g(env) for g in parts]
            if is_mul:
                c, s = fmpq(1), fmpq(1)
                for ci, si in vals:
                    c, s = c * ci, s * si
                return c, s
            if any(si != 1 for _, si in vals):
                raise _NoValue("a sum of radicals")
            return sum((ci for ci, _ in vals), fmpq(0)), fmpq(1)
        return combine
    if expr.is_Pow:
        base, ex = _radical(expr.base), expr.exp
        if ex.is_Integer:
            k = int(ex)

            def power(env):
                c, s = base(env)
                if k < 0:
                    if c == 0 or s == 0:
                        raise ZeroDivisionError("a negative power of 0")
                    c, s = 1 / (c * s), s  # 1/(c sqrt s) = sqrt(s)/(c s)
                kk = abs(k)
                return c**kk * s ** (kk // 2), (s if kk % 2 else fmpq(1))
            return power
        if ex in (sympy.S.Half, -sympy.S.Half):
            inverse = ex.is_negative

            def root(env):
                c, s = base(env)
                if s != 1 or c < 0:
                    raise _NoValue("sqrt of a radical or of a negative number")
                if inverse:
                    if c == 0:
                        raise ZeroDivisionError("1/sqrt(0)")
                    return 1 / c, c  # 1/sqrt(c) = sqrt(c)/c
                return fmpq(1), c
            return root
        if expr.base.is_Integer and expr.base > 0:  # e.g. 2**(-2 l): an integer exponent at the point
            exponent, b = _radical(ex), fmpq(int(expr.base))

            def int_power(env):
                k, s = exponent(env)
                if s != 1 or k.q != 1:
                    raise _NoValue("a non-integer exponent")
                return b ** int(k.p), fmpq(1)
            return int_power
    raise _Unsupported(type(expr).__name__)


def _sign(c, s) -> int:
    """The sign of c sqrt(s) (s >= 0)."""
    return 0 if c == 0 or s == 0 else (1 if c > 0 else -1)


def _radical_relation(form):
    """The relation ``form`` between sides with radical values c sqrt(s) (:func:`_radical`), decided exactly: the
    sign of lhs - rhs from the signs of the sides, or for sides of one sign from the squares c^2 s; None where a
    side has no such value (or a symbol no value); the sign is that of the real numbers the general path compares."""
    lhs, rhs = _radical(form.lhs), _radical(form.rhs)
    free, compare = frozenset(form.lhs.free_symbols | form.rhs.free_symbols), RELATIONS[type(form)]

    def relation(env, truths):
        if not free <= env.keys():
            return None
        try:
            (c1, s1), (c2, s2) = lhs(env), rhs(env)
        except (_NoValue, ZeroDivisionError):
            return None
        a, b = _sign(c1, s1), _sign(c2, s2)
        sign = (a > b) - (a < b) if a != b else a * ((c1 * c1 * s1 > c2 * c2 * s2) - (c1 * c1 * s1 < c2 * c2 * s2))
        return compare(sign, 0)
    return relation


# ---- statements comparing rational values with exp(rational value), and facts given by their rational square
# (issue 22, item 2: the one truth evaluator's arb fast path; moved from proofs_checks/pan_cms/basics_appC.py, where
# it decides the Chernoff bounds of Appendix C)
class _NoFastValue(Exception):
    """A part of a statement the exact program does not decide (the general ``evaluate`` path does)."""


_RELATION_OPS = {sympy.StrictLessThan: lambda t: t < 0, sympy.LessThan: lambda t: t <= 0,
                 sympy.StrictGreaterThan: lambda t: t > 0, sympy.GreaterThan: lambda t: t >= 0}


def _fast_value(expr):
    """``expr`` compiled to a closure (values, squares) -> fmpq: rationals, symbols, +, *, integer powers, where
    ``values`` maps symbols to rationals and ``squares`` maps a symbol whose value is sqrt(r) to r (its even powers
    are rational); ``_NoFastValue`` for anything else."""
    if expr.is_Rational:
        const = fmpq(int(expr.p), int(expr.q))
        return lambda vals, sq: const
    if expr.is_Symbol:
        def lookup(vals, sq):
            if expr not in vals:
                raise _NoFastValue(f"no rational value for {expr}")
            return vals[expr]
        return lookup
    if expr.is_Add or expr.is_Mul:
        parts, is_add = [_fast_value(a) for a in expr.args], expr.is_Add

        def combine(vals, sq):
            out = fmpq(0) if is_add else fmpq(1)
            for g in parts:
                out = out + g(vals, sq) if is_add else out * g(vals, sq)
            return out
        return combine
    if expr.is_Pow and expr.exp.is_Integer:
        k, sym = int(expr.exp), expr.base
        base = _fast_value(sym)

        def power(vals, sq):
            if k % 2 == 0 and sym in sq:
                return sq[sym] ** (k // 2)
            return base(vals, sq) ** k
        return power
    raise _NoFastValue(type(expr).__name__)


def _fast_side(expr):
    """(is_exp, closure): a side that is exp(rational expression) or a rational expression."""
    if isinstance(expr, sympy.exp):
        return True, _fast_value(expr.args[0])
    return False, _fast_value(expr)


def _exp_sign(r, E) -> int:
    """The sign of r - exp(E) for rationals r, E (python-flint fmpq), by FLINT ball arithmetic at the one sign
    decider's precisions (:data:`ldpref.exact.ORDER_PRECISIONS`; exp(E) is irrational for rational E != 0, so some
    precision separates them); E = 0 exactly.  It stays on flint values (the compiled statements' fast path, no sympy
    number is built); past the last precision the statement leaves the fast path for the general one (``_truth``:
    :func:`ldpref.exact.certain_sign` at the same precisions, then :func:`ldpref.exact.exact_order` of the two
    numbers, which proves a tie or refuses with OrderUndecided: a refusal, not a guess)."""
    if E == 0:
        return (r > 1) - (r < 1)
    for prec in ORDER_PRECISIONS:
        with flint_ctx.workprec(prec):
            diff = arb(r) - arb(E).exp()
            if diff > 0:
                return 1
            if diff < 0:
                return -1
    raise _NoFastValue(f"not separated at {ORDER_PRECISIONS[-1]} bits")


@cache
def _fast_statement(part):
    """One part of a statement compiled to (values, squares) -> bool: a relation between rational
    expressions and exp(rational expression), or Contains(symbol, Interval with rational ends); None when the part
    has another shape."""
    try:
        if type(part) in _RELATION_OPS:
            (lexp, lhs), (rexp, rhs), holds = _fast_side(part.lhs), _fast_side(part.rhs), _RELATION_OPS[type(part)]

            def relation(vals, sq):
                a, b = lhs(vals, sq), rhs(vals, sq)
                if lexp and rexp:
                    sign = (a > b) - (a < b)  # exp is increasing
                elif rexp:
                    sign = _exp_sign(a, b)
                elif lexp:
                    sign = -_exp_sign(b, a)
                else:
                    sign = (a > b) - (a < b)
                return holds(sign)
            return relation
        if isinstance(part, sympy.Contains) and isinstance(part.args[1], sympy.Interval):
            element, interval = _fast_value(part.args[0]), part.args[1]
            if not (interval.start.is_Rational and interval.end.is_Rational):
                return None
            lo, hi = fmpq(int(interval.start.p), int(interval.start.q)), fmpq(int(interval.end.p), int(interval.end.q))
            lo_open, hi_open = bool(interval.left_open), bool(interval.right_open)

            def contains(vals, sq):
                v = element(vals, sq)
                return (v > lo if lo_open else v >= lo) and (v < hi if hi_open else v <= hi)
            return contains
    except _NoFastValue:
        return None
    return None


def exp_truth(form, facts: dict):
    """The truth of a statement such as a Chernoff bound (a part, or a tuple of parts) at ``facts`` decided exactly:
    rational facts as fmpq, a fact whose square is a rational r (alpha = sqrt(r)) through r; the value ``evaluate``
    gives (the same relations of the same real numbers); None when some part is not of the compiled shapes or has no
    value here (``evaluate`` decides)."""
    vals, sq = {}, {}
    for key, value in facts.items():
        if isinstance(value, sympy.Rational):
            vals[key] = fmpq(int(value.p), int(value.q))
        elif isinstance(value, int):
            vals[key] = fmpq(value)
        elif isinstance(value, sympy.Expr) and value.is_number:  # e.g. alpha = sqrt(6)/3: its square is rational
            square = value * value
            if square.is_Rational:
                sq[key] = fmpq(int(square.p), int(square.q))
    parts = form if isinstance(form, tuple) else (form,)
    programs = [_fast_statement(part) for part in parts]
    if any(p is None for p in programs):
        return None
    try:
        out = tuple(bool(p(vals, sq)) for p in programs)
    except (_NoFastValue, ZeroDivisionError):
        return None
    return out if isinstance(form, tuple) else out[0]
