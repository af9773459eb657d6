"""No expression walker of its own outside the one evaluator (issue 22, item 2): a static check of the source.

A *walker* is a function that recurses over a sympy node's ``.args`` and rebuilds the node from what its recursive
calls return (``expr.func(*...)``): the shape of an evaluator of a form at a point by hand (the former
``proofs_checks/jiang_gcms/sec5_discovery._value_at``, which ordered a Max by 60-digit floats; the ordering is now
``ldpref.ledger.forms_extremes``).  Under ``proofs_checks/`` and ``derivations/`` the ones left are listed below with
the reason each is no copy of ``ldpref.ledger.forms``; the list may only shrink (a new walker fails, and so does a
listed one that is gone).  ``tests/test_one_evaluator.py`` checks the two other shapes (compilers, substitute-and-
evaluate helpers).
"""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent

#: walkers outside the one evaluator, each with the reason it is not a copy of it; the list may only shrink
ALLOWED_WALKERS = {
    ("derivations/pan_cms/basics.py", "eval_moment_expr"):
        "pan-cms Eq. (7)'s E[.] and Var(.) over an explicit distribution of f_hat: a notation (Expect, VarOp) the "
        "one evaluator does not have; the values it returns are exact",
    ("derivations/pan_cms/basics.py", "_eval_inner"):
        "the inner part of eval_moment_expr (the same notation)",
}


def walkers_in(tree) -> set:
    """Names of the functions in a module's tree that recurse (call themselves), read a node's ``.args`` and
    rebuild a node with ``.func(*...)``."""
    found = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef):
            continue
        nodes = list(ast.walk(fn))
        recursive = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == fn.name
                        for n in nodes)
        reads_args = any(isinstance(n, ast.Attribute) and n.attr == "args" for n in nodes)
        rebuilds = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "func"
                       and any(isinstance(a, ast.Starred) for a in n.args) for n in nodes)
        if recursive and reads_args and rebuilds:
            found.add(fn.name)
    return found


def walkers() -> set:
    """(module, function) of every walker under proofs_checks/ and derivations/."""
    out = set()
    for top in ("proofs_checks", "derivations"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            out |= {(rel, name) for name in walkers_in(ast.parse(path.read_text(encoding="utf-8")))}
    return out


def test_no_expression_walker_outside_the_evaluator():
    found = walkers()
    new, gone = found - set(ALLOWED_WALKERS), set(ALLOWED_WALKERS) - found
    assert not new, f"expression walkers of their own (use ldpref.ledger.forms.evaluate / value_at): {sorted(new)}"
    assert not gone, f"no longer present, remove from ALLOWED_WALKERS: {sorted(gone)}"
    assert all(why.strip() for why in ALLOWED_WALKERS.values())


FORMER_COPY = '''
def _value_at(expr, subs):
    if isinstance(expr, sympy.Max):
        return _largest([_value_at(a, subs) for a in expr.args])
    if isinstance(expr, sympy.Symbol):
        return subs.get(expr, expr)
    if not expr.args:
        return expr
    return expr.func(*[_value_at(a, subs) for a in expr.args])
'''


def test_the_rule_can_fail():
    """The rule flags the former sec5_discovery copy (and the same walk with its arguments built first), not a
    function that only reads ``.args``, only rebuilds, or recurses without rebuilding."""
    assert walkers_in(ast.parse(FORMER_COPY)) == {"_value_at"}
    built_first = "def w(e, v):\n    args = [w(a, v) for a in e.args]\n    return e.func(*args)\n"
    assert walkers_in(ast.parse(built_first)) == {"w"}
    neighbours = ("def r(e):\n    return [a for a in e.args]\n",
                  "def b(e, new):\n    return e.func(*new)\n",
                  "def c(e):\n    return sum(c(a) for a in e.args)\n")
    assert all(walkers_in(ast.parse(src)) == set() for src in neighbours)
