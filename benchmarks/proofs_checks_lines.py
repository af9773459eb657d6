"""What the lines of ``proofs_checks/`` are (issue 22's line bar): per paper folder, how many lines are blank,
comments, docstrings, the claims' own records (the arguments of ``record(...)`` / ``@claim(...)`` calls and of the
``dict(...)`` keyword sets records share), root-cause records, obligation builders, and the remaining code (grids,
oracles, custom checks and their helpers).

    python benchmarks/proofs_checks_lines.py [--json]

Each physical line is counted once, in the first class that claims it, in this order: blank, comment, docstring,
record, root cause, obligation module (``obligations*.py``, ``symbolic_proofs.py``, ``model_proofs.py``), code.
Counts come from ``tokenize`` and ``ast``, not from formatting guesses.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import sys
import tokenize
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "proofs_checks"
CLASSES = ("blank", "comment", "docstring", "record", "root cause", "obligation module", "code")
RECORD_CALLS = {"record", "claim"}
OBLIGATION_MODULES = ("obligations", "symbolic_proofs", "model_proofs")


def _span(node) -> range:
    return range(node.lineno, node.end_lineno + 1)


def _call_name(node) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def classify(text: str, obligation_module: bool) -> Counter:
    """The lines of one module by class (see the module docstring)."""
    return Counter(line_classes(text, obligation_module))


def line_classes(text: str, obligation_module: bool) -> list[str]:
    """The class of each line of one module (index 0 is line 1)."""
    lines = text.splitlines()
    kind: dict[int, str] = {}
    for i, line in enumerate(lines, 1):
        if not line.strip():
            kind[i] = "blank"
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if (tok.type == tokenize.COMMENT and tok.start[0] not in kind
                and not lines[tok.start[0] - 1].split("#")[0].strip()):
            kind[tok.start[0]] = "comment"
    tree = ast.parse(text)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            for i in _span(body[0]):
                kind.setdefault(i, "docstring")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _call_name(node) in RECORD_CALLS:
            for i in _span(node):
                kind.setdefault(i, "record")
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and _call_name(node.value) == "dict" \
                and any(isinstance(t, ast.Name) and t.id.endswith("_KW") for t in node.targets):
            for i in _span(node):
                kind.setdefault(i, "record")
        elif isinstance(node, ast.Call) and _call_name(node) == "RootCause":
            for i in _span(node):
                kind.setdefault(i, "root cause")
    rest = "obligation module" if obligation_module else "code"
    return [kind.get(i, rest) for i in range(1, len(lines) + 1)]


def count(root: Path = ROOT) -> dict[str, Counter]:
    """Per paper folder (and ``total``), the line classes of its ``.py`` files."""
    out: dict[str, Counter] = {}
    for path in sorted(root.rglob("*.py")):
        folder = path.parent.name if path.parent != root else "(top)"
        obligation = path.stem.startswith(OBLIGATION_MODULES)
        out.setdefault(folder, Counter()).update(classify(path.read_text(), obligation))
    out["total"] = sum(out.values(), Counter())
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args(argv)
    counts = count()
    if args.json:
        print(json.dumps({k: {c: v[c] for c in CLASSES} | {"lines": sum(v.values())} for k, v in counts.items()},
                         indent=2))
        return 0
    width = max(map(len, counts))
    print(f"{'folder':<{width}} " + " ".join(f"{c:>17}" for c in CLASSES) + f" {'lines':>7}")
    for folder, c in counts.items():
        print(f"{folder:<{width}} " + " ".join(f"{c[k]:>17}" for k in CLASSES) + f" {sum(c.values()):>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
