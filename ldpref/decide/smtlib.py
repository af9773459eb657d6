"""SMT-LIB 2 text of an obligation (issue 25, item 3): ``assumptions and not goal``; ``unsat`` means proved.

Integer variables are declared ``Real`` (the real relaxation: a proof over the reals covers the integers).  The
text is deterministic (stable names, sorted declarations), so its hash keys the proof cache.
"""

from __future__ import annotations

import sympy

from .algebraic import polynomial
from .obligation import Obligation

_REL = {sympy.StrictLessThan: "<", sympy.LessThan: "<=", sympy.StrictGreaterThan: ">", sympy.GreaterThan: ">=",
        sympy.Eq: "="}


def term(e, names: dict) -> str:
    """An SMT-LIB term of a polynomial with rational coefficients."""
    e = sympy.sympify(e)
    if e.is_Symbol:
        return names[e]
    if e.is_Integer:
        return str(e) if e >= 0 else f"(- {-e})"
    if e.is_Rational:
        t = f"(/ {abs(e.p)} {e.q})"
        return t if e > 0 else f"(- {t})"
    if e.is_Add:
        return "(+ " + " ".join(term(a, names) for a in sympy.Add.make_args(e)) + ")"
    if e.is_Mul:
        return "(* " + " ".join(term(a, names) for a in e.args) + ")"
    if e.is_Pow and e.exp.is_Integer and e.exp > 0:
        return "(* " + " ".join([term(e.base, names)] * int(e.exp)) + ")"
    raise TypeError(f"not a polynomial term: {e}")


def formula(b, names: dict) -> str:
    """An SMT-LIB formula of a Boolean of polynomial relations."""
    if b is sympy.true or b is True:
        return "true"
    if b is sympy.false or b is False:
        return "false"
    if isinstance(b, sympy.Ne):
        return f"(not (= {term(b.lhs, names)} {term(b.rhs, names)}))"
    if type(b) in _REL:
        return f"({_REL[type(b)]} {term(b.lhs, names)} {term(b.rhs, names)})"
    ops = {sympy.And: "and", sympy.Or: "or", sympy.Not: "not", sympy.Implies: "=>", sympy.Equivalent: "="}
    if type(b) in ops:
        return f"({ops[type(b)]} " + " ".join(formula(a, names) for a in b.args) + ")"
    raise TypeError(f"not a Boolean of relations: {b!r}")


def to_smtlib(ob: Obligation, *, integers: bool = False) -> str:
    """The SMT-LIB 2 script of ``ob`` (``integers``: declare integer variables Int, for confirming a refutation)."""
    variables, assumptions, goal = polynomial(ob)
    names = {v.symbol: v.name for v in variables}
    if any(a is sympy.false for a in assumptions):
        raise ValueError(f"obligation {ob.name}: an assumption is False")
    logic = "QF_NIRA" if integers and ob.integer_variables() else "QF_NRA"
    lines = [f"; ldpref proof obligation {ob.name}", f"; claim: {ob.claim}", f"; meaning: {ob.meaning}",
             "; unsat = the goal holds for every value satisfying the assumptions (integers relaxed to reals)",
             f"(set-logic {logic})"]
    for v in variables:
        sort = "Int" if integers and v.domain == "integer" else "Real"
        lines.append(f"(declare-fun {v.name} () {sort})" + (" ; integer, relaxed to Real" if v.domain == "integer"
                                                            and sort == "Real" else ""))
    lines += [f"(assert {formula(a, names)})" for a in assumptions]
    lines += [f"(assert (not {formula(goal, names)}))", "(check-sat)", ""]
    return "\n".join(lines)
