"""Symbol tables hold notation, not mathematics (issue 22, items 1 and 7).

A printed module may import any ``derivations/<paper>/symbols*.py`` module (``test_ledger_run``'s purity rule admits
them by name), and so may every derivation.  A function written there is therefore shared by the printed and the
derived path without either rule seeing it.  Each function a symbol table defines is listed here with what makes it
notation; a sympy ``Function`` subclass (a named operator of the papers' notation) needs no entry.  A new function
in a symbol table fails this test until it is listed, or moved to the side it belongs to.
"""

from __future__ import annotations

import ast
import os

from test_repo import ROOT

#: "<paper>/<module>.<function>" -> why it is notation shared by both paths
NOTATION_FUNCTIONS = {
    "jiang_gcms/symbols.w_of": "the paper's shorthand w = e^eps (1 - p) + p (Lemma 1)",
    "jiang_gcms/symbols.pq_form": "display of a (p, q) pair as named symbols",
    "jiang_gcms/symbols.thm3_limit": "the operation 'k = 1, m -> oo' the paper applies to Theorem 3 (both forms)",
    "pan_cms/symbols_basics._with_exp": "LaTeX printing of the notation classes",
    "pan_cms/symbols_basics._sizes_known": "when a notation class may evaluate (integer sizes)",
    "pan_cms/symbols_basics.symbol_subs": "substitution of symbols into notation (subs, one symbol at a time)",
    "pan_cms/symbols_tables.disp": "display only: log(a)/log(2) shown as log_2(a), never used in computations",
    "pan_cms/symbols_tables.log2": "the papers' log_2 as sympy's log(x, 2)",
    "pan_cms/symbols_tables.sym": "a named quantity of a statement (a plain symbol)",
}


def _symbol_tables(root: str = ROOT):
    base = os.path.join(root, "derivations")
    for folder, _, files in sorted(os.walk(base)):
        for f in sorted(files):
            if f.startswith("symbols") and f.endswith(".py"):
                path = os.path.join(folder, f)
                yield os.path.relpath(path, base)[:-3].replace(os.sep, "/"), path


def _is_notation_class(node) -> bool:
    return isinstance(node, ast.ClassDef) and any(
        ast.unparse(b) in ("sympy.Function", "Function") for b in node.bases)


def definitions(root: str = ROOT) -> dict[str, bool]:
    """Every function and class defined at the top of a symbol table, as ``"<paper>/<module>.<name>"`` -> whether it
    is a notation class (nested definitions live inside a top-level one)."""
    out = {}
    for module, path in _symbol_tables(root):
        tree = ast.parse(open(path, encoding="utf-8").read(), path)
        out.update({f"{module}.{node.name}": _is_notation_class(node) for node in tree.body
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))})
    return out


def unlisted_definitions(root: str = ROOT, listed=NOTATION_FUNCTIONS) -> list[str]:
    """The functions and classes defined at the top of a symbol table that are neither listed nor notation
    classes."""
    return [name for name, notation in definitions(root).items() if not notation and name not in listed]


def test_symbol_tables_define_only_notation():
    found = {module for module, _ in _symbol_tables()}
    assert {"jiang_gcms/symbols", "pan_cms/symbols_tables", "pan_strict/symbols_framework"} <= found
    unlisted = unlisted_definitions()
    assert not unlisted, ("a symbol table defines code that is not listed as notation (move it to a derivation or a "
                          f"printed module, or list it with its reason in NOTATION_FUNCTIONS): {unlisted}")
    stale = sorted(set(NOTATION_FUNCTIONS) - set(definitions()))
    assert not stale, f"NOTATION_FUNCTIONS lists what no symbol table defines (remove it): {stale}"


def test_symbol_table_check_can_fail(tmp_path):
    paper = tmp_path / "derivations" / "paper_x"
    paper.mkdir(parents=True)
    (paper / "symbols.py").write_text(
        "import sympy\n\n\nclass Expect(sympy.Function):\n    pass\n\n\n"
        "def variance_derived(p, q):\n    return p * (1 - p) / (p - q) ** 2\n", encoding="utf-8")
    (paper / "model.py").write_text("def not_a_table():\n    return 1\n", encoding="utf-8")
    assert unlisted_definitions(str(tmp_path), {}) == ["paper_x/symbols.variance_derived"]
    assert unlisted_definitions(str(tmp_path), {"paper_x/symbols.variance_derived": "planted"}) == []
