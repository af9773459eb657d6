"""Whom the code lines of ``proofs_checks/`` serve (issue 22's line bar): one claim, several, or none.

    python benchmarks/claim_code_reach.py [--json]

``benchmarks/proofs_checks_lines.py`` says what a line is (record, docstring, code, ...).  This says, for the
lines it calls *code*, how many claims reach them.  Each top-level definition of a checks module (a function, a
class, a constant) is a node; a node refers to another when its body names it (a local name, a name imported from
another ``proofs_checks`` module, or ``Alias.name`` for a module imported under an alias).  A claim is a root: a
``record(...)`` / ``claim(...)`` call (with the function a ``@claim`` decorates, its custom check).  A record call
written inside a function (a builder of several claims) makes that function the root, counted once per call.  A
node is reached by the roots that refer to it directly or through other nodes.  Its code lines are then

* **one claim**: reached by exactly one root (grids, oracles and custom checks of a single claim);
* **shared**: reached by two or more roots (grid builders, model tables, helpers used by several claims);
* **no claim**: reached by none (used by obligation modules, tests, figures or other packages only); they are
  listed by name, so dead code is easy to tell from code that serves something else.

Code lines outside every top-level definition (module-level loops and statements) are counted as ``module level``.
Obligation modules are left out (they serve the all-parameter proofs, not a claim's checks).  Names are resolved
by reading the source (``ast``), not by running it; a name that is built dynamically is not followed.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from proofs_checks_lines import OBLIGATION_MODULES, RECORD_CALLS, ROOT, _call_name, line_classes  # noqa: E402

CLASSES = ("one claim", "shared", "no claim", "module level")


def _module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _defined(stmt) -> list[str]:
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [stmt.name]
    if isinstance(stmt, ast.Assign):
        return [t.id for t in stmt.targets if isinstance(t, ast.Name)]
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return [stmt.target.id]
    return []


def _is_record(node) -> bool:
    return isinstance(node, ast.Call) and _call_name(node) in RECORD_CALLS


def analyse(root: Path = ROOT) -> dict:
    modules = {}
    for path in sorted(root.rglob("*.py")):
        if path.stem.startswith(OBLIGATION_MODULES):
            continue
        text = path.read_text(encoding="utf-8")
        modules[_module_name(path, root)] = (path, ast.parse(text), line_classes(text, False))
    nodes: dict[tuple, dict] = {}      # (module, name) -> {"lines": code lines, "refs": set of keys}
    roots: list[tuple] = []            # (label, set of keys referred to)
    module_level = Counter()
    for mod, (path, tree, classes) in modules.items():
        package = (mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]).split(".")
        names: dict[str, tuple] = {}   # local name -> key (module, name) or ("module", dotted)
        for stmt in tree.body:
            if isinstance(stmt, ast.ImportFrom):  # level 1 is this package, each further level one up
                base = stmt.module if not stmt.level else ".".join(
                    package[: len(package) - stmt.level + 1] + ([stmt.module] if stmt.module else []))
                for a in stmt.names:
                    target = f"{base}.{a.name}"
                    names[a.asname or a.name] = ("module", target) if target in modules else (base, a.name)
            elif isinstance(stmt, ast.Import):
                for a in stmt.names:
                    names[a.asname or a.name.split(".")[0]] = ("module", a.name)
        for stmt in tree.body:
            for n in _defined(stmt):
                names[n] = (mod, n)

        def refs_of(tree_part) -> set:
            out = set()
            for node in ast.walk(tree_part):
                if isinstance(node, ast.Name) and node.id in names and names[node.id][0] != "module":
                    out.add(names[node.id])
                elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                        names.get(node.value.id, ("",))[0] == "module":
                    out.add((names[node.value.id][1], node.attr))
            return out

        for stmt in tree.body:
            span = range(getattr(stmt, "decorator_list", None) and min(d.lineno for d in stmt.decorator_list)
                         or stmt.lineno, stmt.end_lineno + 1)
            code = sum(1 for i in span if classes[i - 1] == "code")
            defined = _defined(stmt)
            decorated = [d for d in getattr(stmt, "decorator_list", []) if _is_record(d)]
            records_inside = [n for n in ast.walk(stmt) if _is_record(n)]
            if decorated:  # a @claim check: the claim is the root, the function its own code
                key = (mod, stmt.name)
                nodes[key] = {"lines": code, "refs": refs_of(stmt) - {key}}
                roots.append((f"{mod}:{stmt.lineno}", {key}))
            elif defined and isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and records_inside:
                key = (mod, stmt.name)  # a builder of records: each call is a root through it
                nodes[key] = {"lines": code, "refs": refs_of(stmt) - {key}}
                calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                         and n.func.id == stmt.name]
                for c in calls or [stmt]:
                    roots.append((f"{mod}:{c.lineno}", {key}))
            elif defined:
                for n in defined:  # a name bound twice keeps the lines of both bindings
                    old = nodes.get((mod, n), {"lines": 0, "refs": set()})
                    nodes[(mod, n)] = {"lines": old["lines"] + (code if n == defined[0] else 0),
                                       "refs": old["refs"] | (refs_of(stmt) - {(mod, n)})}
            else:  # module-level statements; a record call among them is a root
                for r in records_inside:
                    roots.append((f"{mod}:{r.lineno}", refs_of(r)))
                module_level["module level"] += code
    reach: dict[tuple, set] = {k: set() for k in nodes}
    for label, start in roots:
        stack, seen = list(start), set()
        while stack:
            k = stack.pop()
            if k in seen or k not in nodes:
                continue
            seen.add(k)
            reach[k].add(label)
            stack.extend(nodes[k]["refs"])
    out = Counter(module_level)
    for k, v in nodes.items():
        n = len(reach[k])
        out["one claim" if n == 1 else "shared" if n > 1 else "no claim"] += v["lines"]
    unreached = sorted(f"{k[0]}.{k[1]} ({v['lines']})" for k, v in nodes.items() if not reach[k] and v["lines"])
    return {"classes": {c: out[c] for c in CLASSES}, "roots": len(roots),
            "code lines": sum(out[c] for c in CLASSES), "no claim": unreached}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args(argv)
    result = analyse()
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"code lines of proofs_checks/ outside obligation modules: {result['code lines']} "
          f"(record roots: {result['roots']})")
    for c in CLASSES:
        print(f"  {c:<13} {result['classes'][c]:>6}")
    print("definitions no claim reaches (module.name (code lines)): " + (", ".join(result["no claim"]) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
