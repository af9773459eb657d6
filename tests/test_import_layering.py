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
