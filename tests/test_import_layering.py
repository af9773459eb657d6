"""Layering (issue 22, item 8): the library imports no paper, and the names it keeps of other layers stay true."""

import ast
import os

from ldpref.limits import STRUCTURED_MODELS
from ldpref.structured.registry import MODELS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_structured_model_names_in_limits_match_the_registry():
    assert tuple(STRUCTURED_MODELS) == tuple(MODELS)


def _imports(path):
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.module


def test_the_decision_procedures_and_lambdified_forms_import_no_paper():
    """ldpref.decide, ldpref.symbolic, ldpref.ledger and ldpref.lambdified: papers register themselves instead."""
    paths = [os.path.join(ROOT, "ldpref", "lambdified.py")]
    for sub in ("decide", "symbolic", "ledger"):
        folder = os.path.join(ROOT, "ldpref", sub)
        paths += [os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".py")]
    bad = [(os.path.relpath(p, ROOT), m) for p in paths for m in _imports(p)
           if m.split(".")[0] in ("derivations", "proofs_checks")]
    assert not bad, bad


PAPER_PACKAGES = ("derivations", "proofs_checks")


def _library_files():
    for folder, _, files in os.walk(os.path.join(ROOT, "ldpref")):
        yield from (os.path.join(folder, f) for f in sorted(files) if f.endswith(".py"))


def _docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            yield node.body[0].value


def _names_a_paper_package(text: str) -> bool:
    """A whole string that is a module path in a paper package (``proofs_checks``, ``derivations.pan_cms.x``,
    ``proofs_checks.pan_cms:obj``): what importlib or an entry point would be given."""
    head = text.split(":", 1)[0]
    return head.split(".")[0] in PAPER_PACKAGES and all(part.isidentifier() for part in head.split("."))


def _paper_references(path):
    """(line, what) of every import of a paper package and every string naming one (docstrings excepted)."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    docs = {id(d) for d in _docstrings(tree)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, f"import {a.name}") for a in node.names if a.name.split(".")[0] in PAPER_PACKAGES)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module \
                and node.module.split(".")[0] in PAPER_PACKAGES:
            yield node.lineno, f"from {node.module} import ..."
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                and _names_a_paper_package(node.value):
            yield node.lineno, f"string {node.value!r}"


def test_nothing_under_ldpref_names_a_paper_package():
    """No import of ``derivations`` or ``proofs_checks`` anywhere under ldpref/, and no string naming one of their
    modules (a dotted string handed to importlib is an import too): papers register through the ``ldpref.papers``
    entry points (pyproject.toml) and :mod:`ldpref.ledger.papers` reads them."""
    bad = [(os.path.relpath(p, ROOT), line, what) for p in _library_files() for line, what in _paper_references(p)]
    assert not bad, bad


def test_the_layering_check_catches_a_dotted_string(tmp_path):
    f = tmp_path / "m.py"
    f.write_text('"""Docstrings may say proofs_checks.pan_cms."""\nimport importlib\n'
                 'X = importlib.import_module("proofs_checks.pan_cms")\nY = "derivations"\n'
                 'Z = "a proofs_checks note"\n')
    assert sorted(_paper_references(str(f))) == [(3, "string 'proofs_checks.pan_cms'"), (4, "string 'derivations'")]
