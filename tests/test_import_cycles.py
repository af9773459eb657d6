"""No import cycles among ldpref, derivations and proofs_checks (issue 22, item 8).

Every import statement counts, at module level or inside a function (a deferred import still runs the two modules
into each other): ``from package import name`` is an edge to the submodule ``package.name`` when there is one,
else to ``package``; an import of the importing module's own packages is no edge (Python has them half-imported
already).  The strongly connected components of that graph must all be single modules.
"""

import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAYERS = ("ldpref", "derivations", "proofs_checks")


def _modules() -> dict:
    mods = {}
    for layer in LAYERS:
        for folder, _, files in os.walk(os.path.join(ROOT, layer)):
            for f in files:
                if f.endswith(".py"):
                    path = os.path.join(folder, f)
                    name = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                    mods[name[:-9] if name.endswith(".__init__") else name] = path
    return mods


def _graph(mods: dict) -> dict:
    graph = {name: set() for name in mods}
    for name, path in mods.items():
        package = name.split(".") if path.endswith("__init__.py") else name.split(".")[:-1]
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else [])) \
                    if node.level else node.module
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in mods]
                targets = subs if len(subs) == len(node.names) else subs + [base]
            else:
                continue
            graph[name].update(t for t in targets if t in mods and t != name and not name.startswith(t + "."))
    return graph


def _cycles(graph: dict) -> list:
    """Tarjan's strongly connected components with more than one module."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles():
    assert _cycles(_graph(_modules())) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_nothing_under_ldpref_imports_a_paper():
    """The figures take the papers' data through the paper registry (``Paper.part("figure_data")``)."""
    graph = _graph(_modules())
    bad = sorted((a, b) for a, targets in graph.items() if a.split(".")[0] == "ldpref"
                 for b in targets if b.split(".")[0] in ("derivations", "proofs_checks"))
    assert bad == []
