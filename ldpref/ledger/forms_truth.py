"""A statement's truth at a point, decided exactly: the one truth evaluator of ldpref (issue 22, item 2).

A statement is relations (< <= > >= = !=) between expressions, memberships, named propositions and true/false, joined
by And, Or, Not, Implies and Equivalent.  :func:`truth` decides it at exact values: a relation between rational values
by exact arithmetic, else by :func:`ldpref.exact.exact_order` (rigorous enclosures, a tie only by a proof), never by
sympy's own relational evaluation of numbers; a junction by :func:`junction` (one part may decide it).  Its two
compiled fast paths give the same truth without building sympy numbers: :func:`statement_program` (relations of
rational and radical values, fmpq arithmetic) and :func:`exp_truth` (rational values against exp of a rational value,
FLINT balls).  :mod:`.forms` decides its statements here with its own values, :mod:`.forms_piecewise` a Piecewise's
conditions with the values of their sides.
"""

from __future__ import annotations

import operator
from functools import cache, lru_cache

import sympy
from flint import arb, ctx as flint_ctx, fmpq

from ..exact import ORDER_PRECISIONS, OrderUndecided, cancel, certain_sign, exact_order
from .forms_rational import NotRational, compile_rational, free_symbols, rational_value

#: Each relation as the comparison it makes: ``RELATIONS[type(rel)](a, b)``; of a sign s of lhs - rhs, ``(s, 0)``.
RELATIONS = {sympy.StrictLessThan: operator.lt, sympy.LessThan: operator.le, sympy.StrictGreaterThan: operator.gt,
             sympy.GreaterThan: operator.ge, sympy.Equality: operator.eq, sympy.Unequality: operator.ne}
JUNCTIONS = (sympy.And, sympy.Or, sympy.Not, sympy.Implies, sympy.Equivalent)


def junction(kind, args: list):
    """The truth of a junction (``kind`` one of :data:`JUNCTIONS`) of parts whose truths are ``args`` (True, False,
    or None: undecided): decided when a part decides it whatever the undecided ones are (And with a false part, Or
    with a true one, Implies with a false hypothesis or a true conclusion), else None while a part is undecided."""
    if kind is sympy.And and False in args:
        return False
    if kind is sympy.Or and True in args:
        return True
    if kind is sympy.Implies and (args[0] is False or args[1] is True):
        return True
    if any(v is None for v in args):
        return None
    if kind is sympy.And:
        return all(args)
    if kind is sympy.Or:
        return any(args)
    if kind is sympy.Not:
        return not args[0]
    if kind is sympy.Equivalent:  # true iff every side has the same truth
        return all(v == args[0] for v in args)
    return (not args[0]) or args[1]


def truth(form, subs: dict, value, last=None):
    """A statement's truth at ``subs`` ({symbol: exact value}) when every comparison in it is decided exactly: between
    rational values by exact arithmetic, else by the one decider of orders (:func:`ldpref.exact.exact_order`:
    rigorous enclosures, a tie only by a proof), or by ``last`` (the decider of last resort of
    :func:`ldpref.ledger.forms.statement_truth`); ``value(expr, subs)`` is the exact value of a relation's side (the
    caller's evaluator of values).  None when some part has no exact decider (a symbol without a value, a number
    with no enclosure, another node), which the caller refuses.  :class:`ldpref.exact.OrderUndecided` (a
    ``ValueError``: the claim's check is an error, never a guess) naming the statement when a relation its truth
    depends on is between numbers that the enclosures never separate and whose difference is not proved 0."""
    if type(form) in RELATIONS:
        return _relation_truth(form, subs, value, last)
    if isinstance(form, JUNCTIONS):
        args, refused = [], None
        for part in form.args:
            try:
                args.append(truth(part, subs, value, last))
            except OrderUndecided as exc:  # decided below if the other parts decide the junction without it
                args.append(None)
                refused = refused or exc
        decided = junction(type(form), args)
        if decided is None and refused is not None:
            raise refused  # the truth depends on a relation the one decider refused: so does the statement's
        return decided
    if form is sympy.true or form is sympy.false:
        return bool(form)
    if form.is_Symbol and subs.get(form) in (sympy.true, sympy.false):  # a named proposition given its truth
        return bool(subs[form])
    if isinstance(form, sympy.Contains):  # membership: the relations it means, each decided as above
        relations = _membership_relations(form)
        return None if relations is None else truth(relations, subs, value, last)
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


def _relation_truth(form, subs: dict, value, last=None):
    """:func:`truth` of one relation ``lhs ~ rhs``; ``last`` when none of it decides."""
    compare = RELATIONS[type(form)]
    truths = [subs.get(x, x) if x.is_Symbol else x for x in form.args]
    if all(v is sympy.true or v is sympy.false for v in truths):  # (in)equality of two truth values
        return compare(bool(truths[0]), bool(truths[1])) if type(form) in (sympy.Equality, sympy.Unequality) else None
    a, b = rational_value(form.lhs, subs), rational_value(form.rhs, subs)
    if a is not None and b is not None:  # both sides rational at the point (exact fmpq arithmetic)
        return bool(compare(a, b))
    if free_symbols(form.lhs) | free_symbols(form.rhs) <= subs.keys():
        # a side that is not rational there (a radical, exp, log): the sign of lhs - rhs from rigorous
        # enclosures evaluated on the tree at the point, before building the values by substitution
        sign = certain_sign(form.lhs, form.rhs, subs)
        if sign is not None:
            return bool(compare(sign, 0))
    a, b = value(form.lhs, subs), value(form.rhs, subs)
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


# ---- statement programs: the compiled truth of a statement at exact values (the one truth evaluator's fast
# path; moved from proofs_checks/pan_cms/hashing.py)
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
    if isinstance(form, JUNCTIONS):
        parts = [_statement_part(a) for a in form.args]
        kind = type(form)

        def junction_at(env, truths):
            return junction(kind, [g(env, truths) for g in parts])
        return junction_at
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


_INEQUALITIES = (sympy.StrictLessThan, sympy.LessThan, sympy.StrictGreaterThan, sympy.GreaterThan)


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
    number is built); past the last precision the statement leaves the fast path for the general one (:func:`truth`:
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
        if type(part) in _INEQUALITIES:
            (lexp, lhs), (rexp, rhs), compare = _fast_side(part.lhs), _fast_side(part.rhs), RELATIONS[type(part)]

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
                return compare(sign, 0)
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
