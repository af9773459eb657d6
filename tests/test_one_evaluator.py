"""One evaluator of a form at a point (issue 22, item 2): a static check of the source, by two precise rules.

1. **One compiler.**  Only the one evaluator (:mod:`ldpref.ledger.forms` and the modules it is made of: the rational
   compiler :mod:`ldpref.ledger.forms_rational`, the truth of statements :mod:`ldpref.ledger.forms_truth`) turns a
   sympy expression into a program that evaluates it at exact values.  A *compiler* is a function that dispatches on
   a node's arithmetic (it reads ``is_Add`` or ``is_Mul`` and ``is_Pow``) and returns a closure (``return lambda
   ...`` or ``return`` of a function defined inside it), or a call of ``exec``.  Elsewhere under ``ldpref/``,
   ``derivations/`` and ``proofs_checks/`` the only one allowed is the sum-notation program of pan-cms
   (``derivations/pan_cms/basics_notation._program``: it runs the paper's sums over a real hash family, a notation
   the generic evaluator does not have; its plain arithmetic goes through ``compile_rational`` in
   :func:`derivations.pan_cms.basics_notation._compile`).
2. **No new substitute-and-evaluate helper in proofs_checks.**  A function under ``proofs_checks/`` whose first
   parameter (the form) is substituted into (``.subs`` / ``.xreplace`` on it or on a part of it) and whose
   result is reduced to a value there (``cancel``, ``simplify``, ``evaluate``, ``rational_value``, ``together``,
   ``factor``, ``expand``, ``doit``, ``nsimplify``, or a test of ``is_Rational`` / ``is_number``) is a copy of the
   evaluator.  The ones left are listed below by (module, function), and so are the symbolic normalisers the rule
   also matches, each with the reason it is no evaluator; the lists may only shrink (a new one fails, and so does a
   listed one that is gone, so the lists stay true).
"""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: the one evaluator's modules (its values, its rational compiler, its statements' truth)
EVALUATOR = ("ldpref/ledger/forms.py", "ldpref/ledger/forms_rational.py", "ldpref/ledger/forms_truth.py")
ALLOWED_COMPILERS = {("derivations/pan_cms/basics_notation.py", "_program")}

#: substitute-and-evaluate helpers still in proofs_checks (issue 22 item 2, not yet folded into ldpref.ledger.forms):
#: none left (the last three went to ``evaluate_combinatorial_first``, ``value_integer_first`` and
#: ``truth_at_once``, since replaced by ``evaluate`` itself)
REMAINING: set = set()

#: functions the rule matches that are no evaluator of a form at a point, each with the reason: symbolic normalisers
#: (the substitution keeps symbols, the result is a form for a printed-vs-derived comparison or an obligation's goal,
#: never a value at an instance); the list may only shrink
NOT_EVALUATORS = {
    ("proofs_checks/pan_cms/basics_appA.py", "_expectation_sum_norm"):
        "normal form of E[sum] at small sizes (n, k, x): a polynomial in the collision indicators, compared "
        "symbolically",
    ("proofs_checks/pan_cms/connections.py", "_reconstructed"):
        "appG.eq2's printed form with y_hat written as binary RR's reconstruction of the indicator (the inline "
        "expression of the former check): e^eps and the indicator stay symbols, a form compared symbolically",
    ("proofs_checks/pan_cms/obligations_corrections.py", "_eq39"):
        "obligation builder: |e^eps - 1| written e^eps - 1 under e^eps > 1, squares expanded, symbols kept",
    ("proofs_checks/pan_strict/constructions.py", "_combination_matrix"):
        "reads the coefficients of the symbols I and J (a I + b J + c) to build the d x d matrix; the form was "
        "already evaluated at the point by the one evaluator (_at)",
}

REDUCERS = {"cancel", "simplify", "evaluate", "rational_value", "nsimplify", "together", "factor", "expand", "doit"}


def _sources(*tops):
    for top in tops:
        for path in sorted((ROOT / top).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _returns_closure(fn: ast.FunctionDef) -> bool:
    inner = {n.name for n in ast.walk(fn) if isinstance(n, ast.FunctionDef) and n is not fn}
    for node in ast.walk(fn):
        if isinstance(node, ast.Return) and node.value is not None:
            if isinstance(node.value, ast.Lambda) or (isinstance(node.value, ast.Name) and node.value.id in inner):
                return True
    return False


def _compilers_in(tree) -> set:
    """Names of the compilers (and ``exec`` calls) in one module's tree (rule 1)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "exec":
            found.add(f"exec at line {node.lineno}")
        if isinstance(node, ast.FunctionDef):
            attrs = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
            if attrs & {"is_Add", "is_Mul"} and "is_Pow" in attrs and _returns_closure(node):
                found.add(node.name)
    return found


def _evaluators_in(tree) -> set:
    """Names of the substitute-and-evaluate helpers in one module's tree (rule 2)."""
    found = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.FunctionDef) and node.args.args):
            continue
        form = node.args.args[0].arg
        substitutes = reduces = False
        for n in ast.walk(node):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("subs", "xreplace"):
                base = n.func.value
                while isinstance(base, ast.Attribute):
                    base = base.value
                substitutes |= isinstance(base, ast.Name) and base.id == form
            if isinstance(n, ast.Call):
                name = n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", None)
                reduces |= name in REDUCERS
            reduces |= isinstance(n, ast.Attribute) and n.attr in ("is_Rational", "is_number")
        if substitutes and reduces:
            found.add(node.name)
    return found


def compilers() -> set:
    """(module, function) of every expression compiler and ``exec`` call outside the evaluator."""
    return {(rel, name) for rel, tree in _sources("ldpref", "derivations", "proofs_checks") if rel not in EVALUATOR
            for name in _compilers_in(tree)}


def point_evaluators() -> set:
    """(module, function) of every substitute-and-evaluate helper under proofs_checks (rule 2)."""
    return {(rel, name) for rel, tree in _sources("proofs_checks") for name in _evaluators_in(tree)}


def test_one_expression_compiler():
    extra = compilers() - ALLOWED_COMPILERS
    assert not extra, f"expression compilers outside {EVALUATOR}: {sorted(extra)} (use ldpref.ledger.forms)"


def test_no_new_substitute_and_evaluate_helper():
    found = point_evaluators()
    listed = REMAINING | set(NOT_EVALUATORS)
    new, gone = found - listed, listed - found
    assert all(why.strip() for why in NOT_EVALUATORS.values())
    assert not new, ("new substitute-and-evaluate helpers (use ldpref.ledger.forms.evaluate / rational_at): "
                     f"{sorted(new)}")
    assert not gone, f"no longer present, remove from REMAINING: {sorted(gone)}"


def test_the_rules_can_fail():
    """Each rule flags the shape it describes, and not its neighbours."""
    compiler = "def c(e):\n    if e.is_Add or e.is_Pow:\n        return lambda env: 0\n    raise TypeError\n"
    nested = "def c(e):\n    def run(env):\n        return e.is_Mul and e.is_Pow\n    return run\n"
    walker = "def w(e):\n    return [a for a in e.args if a.is_Add or a.is_Pow]\n"
    assert _compilers_in(ast.parse(compiler)) == {"c"} and _compilers_in(ast.parse(nested)) == {"c"}
    assert _compilers_in(ast.parse("exec('x = 1')")) == {"exec at line 1"}
    assert _compilers_in(ast.parse(walker)) == set()
    helper = "def at(form, point):\n    return sympy.cancel(form.rhs.subs(point))\n"
    builder = "def build(form, s):\n    return form.subs(s, 2)\n"
    assert _evaluators_in(ast.parse(helper)) == {"at"} and _evaluators_in(ast.parse(builder)) == set()
