"""Make an obligation polynomial: radicals become variables, denominators are cleared with their signs.

* ``e^eps`` is already the symbol ``t`` (``e`` in the derivations) with ``t > 1``; ``e^(eps/2)`` is a radical of
  it.  A power ``x^(p/q)`` becomes a fresh variable ``r`` with ``r >= 0`` and ``r^q = x^p`` (and ``x >= 0``), which
  is algebraic.  Any other transcendental function (exp, log of a non-eps quantity) cannot be made algebraic
  here: :class:`NotAlgebraic` says so, and the claim stays at scope ``instances`` with that reason.
* A relation between logarithms, ``log A op log B`` (``eps = log t`` included; ``|log X|`` is first written
  ``log max(X, 1/X)``, its value for X > 0), is ``A op B``: exp is strictly increasing.  This holds where A, B
  (and X) are positive, so :func:`remove_logs` returns those positivity conditions, which the obligation must
  prove (they are conjoined to its goal), never assume.
* A relation ``a op b`` with ``a - b = N/D`` becomes ``(D > 0 and N op 0) or (D < 0 and N op' 0)`` (``op'`` the
  flipped relation): the sign of every denominator is part of what the solver must prove, never assumed.
"""

from __future__ import annotations

from functools import lru_cache

import sympy

from .obligation import Obligation, Variable

_FLIP = {sympy.StrictLessThan: sympy.StrictGreaterThan, sympy.LessThan: sympy.GreaterThan,
         sympy.StrictGreaterThan: sympy.StrictLessThan, sympy.GreaterThan: sympy.LessThan}


class NotAlgebraic(ValueError):
    """The obligation contains a function no substitution makes algebraic."""


class UndeclaredSymbol(NotAlgebraic):
    """The forms hold a symbol the obligation gives no domain (e.g. a self-check mutation handed the derived form
    where the printed one was expected): no obligation can be posed, so no proof is attempted."""


def _radicals(exprs) -> list:
    found = set()
    for e in exprs:
        for a in sympy.sympify(e).atoms(sympy.Pow):
            if a.exp.is_Rational and not a.exp.is_Integer:
                found.add(a)
    return sorted(found, key=sympy.default_sort_key)


def explicit(ob: Obligation):
    """(variables, assumptions, goal) over plain real symbols: what a symbol's sympy assumptions said (positive,
    nonnegative) becomes an explicit assumption, so nothing the solver needs is hidden in a symbol (sympy already
    folded ``n >= 1`` to True for a positive integer ``n``; the explicit ``n > 0`` is what remains of it)."""
    plain = {v.symbol: sympy.Symbol(v.name, real=True) for v in ob.variables}
    variables = [Variable(plain[v.symbol], v.name, v.domain) for v in ob.variables]
    assumptions = []
    for v in ob.variables:
        if v.symbol.is_positive:
            assumptions.append(sympy.Gt(plain[v.symbol], 0))
        elif v.symbol.is_nonnegative:
            assumptions.append(sympy.Ge(plain[v.symbol], 0))
    assumptions += [sympy.sympify(a).xreplace(plain) for a in ob.assumptions]
    goal = sympy.sympify(ob.goal).xreplace(plain)
    stray = set().union(*(sympy.sympify(x).free_symbols for x in [*assumptions, goal])) - set(plain.values())
    if stray:
        raise UndeclaredSymbol(f"obligation {ob.name}: symbols without a declared domain: {sorted(map(str, stray))}")
    return variables, [a for a in assumptions if a is not sympy.true], goal


def remove_radicals(ob: Obligation):
    """(variables, assumptions, goal) with every rational power replaced by a fresh variable and its definition."""
    variables, assumptions, goal = explicit(ob)
    index = 0
    while True:
        rads = _radicals([*assumptions, goal])
        if not rads:
            break
        a = rads[0]
        index += 1
        r = sympy.Symbol(f"r{index}", real=True)
        p, q = a.exp.p, a.exp.q
        base_pow = a.base ** abs(p)
        definition = [sympy.Ge(r, 0), sympy.Ge(a.base, 0), sympy.Eq(r ** q, base_pow)]
        if p < 0:  # r = x^(-|p|/q): r^q x^|p| = 1
            definition = [sympy.Gt(r, 0), sympy.Gt(a.base, 0), sympy.Eq(r ** q * base_pow, 1)]
        repl = {a: r, 1 / a: 1 / r}
        goal = goal.xreplace(repl)
        assumptions = [x.xreplace(repl) for x in assumptions] + definition
        variables.append(Variable(r, f"r{index}"))
    assumptions, goal = _remove_extrema(variables, assumptions, goal)
    for e in [*assumptions, goal]:
        bad = [f for f in sympy.sympify(e).atoms(sympy.Function) if not isinstance(f, sympy.core.relational.Relational)]
        if bad:
            raise NotAlgebraic(f"no substitution makes {bad[0]} algebraic")
    return variables, assumptions, goal


def _remove_extrema(variables, assumptions, goal):
    """Each ``Max(a, b, ...)`` / ``Min(...)`` becomes a fresh variable ``w`` with ``w >= a, w >= b, ...`` (``<=``
    for Min) and ``w = a or w = b or ...``: its exact definition, so nothing is lost.  ``Abs(a)`` is first
    rewritten ``Max(a, -a)`` (its definition for real a)."""
    def no_abs(x):
        return sympy.sympify(x).replace(sympy.Abs, lambda a: sympy.Max(a, -a))
    goal, assumptions = no_abs(goal), [no_abs(a) for a in assumptions]
    index = 0
    while True:
        found = sorted(set().union(*(sympy.sympify(x).atoms(sympy.Max, sympy.Min) for x in [*assumptions, goal])),
                       key=sympy.default_sort_key)
        if not found:
            return assumptions, goal
        a = next(x for x in found if not x.args[0].has(sympy.Max, sympy.Min)
                 and not any(y.has(sympy.Max, sympy.Min) for y in x.args))
        index += 1
        w = sympy.Symbol(f"w{index}", real=True)
        bound = sympy.Ge if isinstance(a, sympy.Max) else sympy.Le
        definition = [bound(w, arg) for arg in a.args] + [sympy.Or(*[sympy.Eq(w, arg) for arg in a.args])]
        goal = goal.xreplace({a: w})
        assumptions = [x.xreplace({a: w}) for x in assumptions] + definition
        variables.append(Variable(w, f"w{index}"))


def remove_logs(expr):
    """``(expr', conditions)``: every ``Abs(log(X))`` written ``log(Max(X, 1/X))`` and every relation
    ``log(A) op log(B)`` written ``A op B``; ``conditions`` are the relations ``X > 0``, ``A > 0``, ``B > 0`` under
    which the rewriting is an equivalence (exp strictly increasing on the reals, log its inverse on (0, oo)).  The
    caller conjoins them to the goal, so the solver proves them.  A log left anywhere else stays, and
    :func:`remove_radicals` then refuses it (:class:`NotAlgebraic`)."""
    conditions = []

    def positive(x):
        conditions.append(sympy.Gt(x, 0))
        return x

    def abs_log(a):
        x = positive(a.args[0].args[0])
        return sympy.log(sympy.Max(x, 1 / x), evaluate=False)

    expr = sympy.sympify(expr).replace(lambda a: isinstance(a, sympy.Abs) and isinstance(a.args[0], sympy.log),
                                       abs_log)

    def relation(r):
        if isinstance(r.lhs, sympy.log) and isinstance(r.rhs, sympy.log):
            return type(r)(positive(r.lhs.args[0]), positive(r.rhs.args[0]), evaluate=False)
        return r

    expr = expr.replace(lambda a: isinstance(a, sympy.core.relational.Relational), relation)
    return expr, list(dict.fromkeys(conditions))


@lru_cache(maxsize=4096)
def clear_relation(rel):
    """A relation between rational functions as a Boolean of polynomial relations (denominator signs included); once
    per relation in a process (the ledger's obligations share most of their assumptions: 503 relations, 207
    distinct; a sympy object is immutable, so the cached Boolean is the one a fresh call builds)."""
    diff = sympy.together(rel.lhs - rel.rhs)
    num, den = sympy.fraction(diff)
    num, den = sympy.factor(num), sympy.factor(den)
    cls = type(rel)
    if den.is_number:
        if den == 0:
            raise ZeroDivisionError(f"denominator 0 in {rel}")
        if den < 0 and cls in _FLIP:
            cls = _FLIP[cls]
        return cls(num, 0)
    if cls in (sympy.Eq, sympy.Ne):
        return sympy.And(sympy.Ne(den, 0), cls(num, 0))
    return sympy.Or(sympy.And(sympy.Gt(den, 0), cls(num, 0)), sympy.And(sympy.Lt(den, 0), _FLIP[cls](num, 0)))


def clear_denominators(expr):
    """Apply :func:`clear_relation` to every relation inside a Boolean."""
    if isinstance(expr, sympy.core.relational.Relational):
        return clear_relation(expr)
    if expr in (sympy.true, sympy.false):
        return expr
    if isinstance(expr, (sympy.And, sympy.Or, sympy.Not, sympy.Implies, sympy.Equivalent)):
        return type(expr)(*[clear_denominators(a) for a in expr.args], evaluate=False)
    raise TypeError(f"not a Boolean of relations: {expr!r}")


def polynomial(ob: Obligation):
    """(variables, assumptions, goal) of ``ob`` with only polynomial relations."""
    variables, assumptions, goal = remove_radicals(ob)
    return variables, [clear_denominators(a) for a in assumptions], clear_denominators(goal)
