"""Parse the paper's own LaTeX of pan-cms (``derivations/pan_cms/paper_latex.py``) with sympy's LaTeX parser
(lark backend) and compare it exactly with ldpref's printed object of the same claim (issue 23, item 1).

A stop-gap until the project's own parser (``ldpref.paper_latex``) is in place; it reads the same data:

* ``SYMBOLS``: a name as the parser returns it (a symbol, or a function application such as ``f(x)``) ->
  the name of ldpref's symbol in the pan-cms symbol tables (first module of SYMBOL_MODULES that defines it, or
  ``module.name``);
* ``PAPER_LATEX``: claim id -> ``latex``, ``source``, ``part`` (``whole``/``rhs``/``lhs`` of the printed
  object), ``unparsed`` (None or why the parser cannot take it), ``edited`` (the parser-needed edits).

How an entry is read: ``e^{a \\epsilon}`` is ldpref's e^eps symbol to the power a (ldpref writes e^eps as one
symbol); a printed tuple is compared part by part with the LaTeX split at top-level ``\\\\``; a relation is
compared by its kind and both sides (a flipped relation counts as the same); parts are equal when
``sympy.simplify(a - b) == 0``.  When the parser returns several readings (lark's explicit ambiguity), the
readings that apply an unknown function (``n(m-1)``) or split a known one (``f*x`` for ``f(x)``) are dropped; the
entry is equal when a remaining reading is (the line says how many of how many: ``\\log_2 d + \\epsilon`` is also
read as log_2(d + eps) by lark).

Usage (from the repository root): python benchmarks/paper_latex_check.py [-v] [CLAIM_ID ...]
Prints one line per entry (equal / differs / unparsed / error) and the counts.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from pathlib import Path

import sympy
from sympy.core.function import AppliedUndef

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout: ldpref, derivations

from ldpref.exact import EXP_EPS  # noqa: E402

SYMBOL_MODULES = ("derivations.pan_cms.symbols", "derivations.pan_cms.optimized_symbols",
                  "derivations.pan_cms.symbols_hashing", "derivations.pan_cms.symbols_tables",
                  "derivations.pan_cms.basics_notation", "derivations.pan_cms.connections")
EPS_NAME = "epsilon"


def ldpref_symbol(name: str):
    """The object named ``name`` in the first pan-cms symbol module that defines it (``module.name``: in that
    module of ``derivations.pan_cms``)."""
    if "." in name:
        mod, attr = name.rsplit(".", 1)
        return getattr(importlib.import_module(f"derivations.pan_cms.{mod}"), attr)
    for mod in SYMBOL_MODULES:
        obj = getattr(importlib.import_module(mod), name, None)
        if obj is not None:
            return obj
    raise KeyError(f"no pan-cms symbol named {name!r}")


def _parse(text: str):
    from sympy.parsing.latex import parse_latex
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return parse_latex(text, backend="lark")


def _readings(parsed) -> list:
    """The readings of a parse (several when lark returns an explicit ambiguity)."""
    if hasattr(parsed, "data") and str(parsed.data) == "_ambig":
        out = []
        for child in parsed.children:
            out.extend(_readings(child))
        return out
    return [parsed]


def _plausible(expr, symbols: dict) -> bool:
    known_funcs = {k.split("(")[0] for k in symbols if "(" in k}
    if isinstance(expr, sympy.Tuple) or expr.has(sympy.Tuple, sympy.conjugate):
        return False
    for sub in sympy.preorder_traversal(expr):
        if isinstance(sub, AppliedUndef) and str(sub) not in symbols:
            return False
        if isinstance(sub, sympy.Symbol) and sub.name in known_funcs:
            return False
    return True


def exp_eps_powers(expr, eps):
    """``expr`` with each exp(a eps), a rational, written as ldpref's e^eps symbol to the power a."""
    def exp_to_eps(arg):
        ratio = sympy.simplify(arg / eps)
        if ratio.is_Rational:
            return EXP_EPS ** ratio
        return sympy.exp(arg)
    return expr.replace(sympy.exp, exp_to_eps)


def to_ldpref(expr, symbols: dict):
    """The parsed expression in ldpref's symbols: e^{a eps} -> EXP_EPS**a, then the SYMBOLS renaming."""
    if isinstance(expr, (tuple, list, sympy.Tuple)):
        return type(expr)(to_ldpref(x, symbols) for x in expr) if not isinstance(expr, sympy.Tuple) \
            else sympy.Tuple(*(to_ldpref(x, symbols) for x in expr))
    e_syms = [s for s in expr.free_symbols if s.name == "e"]
    expr = exp_eps_powers(expr.subs({s: sympy.E for s in e_syms}), sympy.Symbol(EPS_NAME))
    mapping = {}
    for sub in sympy.preorder_traversal(expr):
        key = sub.name if isinstance(sub, sympy.Symbol) else str(sub) if isinstance(sub, AppliedUndef) else None
        if key is not None and key in symbols:
            mapping[sub] = ldpref_symbol(symbols[key])
    return expr.xreplace(mapping)


def normalise_printed(obj):
    """ldpref's printed object with its display aliases undone: the symbol e^{eps/2} as sqrt of the e^eps
    symbol, the display function log_2(x) as log(x, 2)."""
    s = ldpref_symbol("s")  # symbols_hashing: e^{eps/2}
    log2 = ldpref_symbol("LOG2")  # symbols_tables: display of log(a)/log(2)
    if isinstance(obj, (tuple, list)):
        return type(obj)(normalise_printed(x) for x in obj)
    if isinstance(obj, sympy.Basic):
        obj = exp_eps_powers(obj.xreplace({s: sympy.sqrt(EXP_EPS)}), ldpref_symbol("eps"))
        return obj.replace(lambda e: isinstance(e, sympy.Function) and e.func == log2,
                           lambda e: sympy.log(e.args[0], 2))
    return obj


def unify_names(paper, printed):
    """``paper`` with each free symbol replaced by the printed object's free symbol of the same name (the
    same quantity declared with other assumptions in another module of ldpref)."""
    def free(obj):
        if isinstance(obj, (tuple, list)):
            return set().union(*(free(x) for x in obj)) if obj else set()
        return obj.free_symbols if isinstance(obj, sympy.Basic) else set()
    by_name = {sym.name: sym for sym in free(printed)}

    def apply(obj):
        if isinstance(obj, (tuple, list)):
            return type(obj)(apply(x) for x in obj)
        return obj.xreplace({sym: by_name[sym.name] for sym in obj.free_symbols
                             if sym.name in by_name and by_name[sym.name] != sym})
    return apply(paper)


_FLIP = {sympy.StrictGreaterThan: sympy.StrictLessThan, sympy.GreaterThan: sympy.LessThan,
         sympy.StrictLessThan: sympy.StrictGreaterThan, sympy.LessThan: sympy.GreaterThan,
         sympy.Equality: sympy.Equality, sympy.Unequality: sympy.Unequality}


def _zero(a, b) -> bool:
    diff = sympy.simplify(a - b)
    if diff == 0:
        return True
    return sympy.simplify(sympy.expand(sympy.radsimp(diff))) == 0


def same(paper, printed) -> bool:
    """Exact equality of two sympy objects: expressions by simplify(a - b) == 0, relations by kind and sides."""
    if isinstance(printed, (tuple, list)):
        return isinstance(paper, (tuple, list)) and len(paper) == len(printed) and \
            all(same(a, b) for a, b in zip(paper, printed))
    if isinstance(printed, sympy.core.relational.Relational):
        if not isinstance(paper, sympy.core.relational.Relational):
            return False
        if type(paper) is type(printed) and _zero(paper.lhs, printed.lhs) and _zero(paper.rhs, printed.rhs):
            return True
        return _FLIP.get(type(paper)) is type(printed) and _zero(paper.lhs, printed.rhs) and \
            _zero(paper.rhs, printed.lhs)
    if isinstance(paper, sympy.core.relational.Relational):
        return False
    return _zero(paper, printed)


def split_top(text: str) -> list[str]:
    """``text`` split at the ``\\\\`` that are outside braces."""
    parts, depth, cur, i = [], 0, "", 0
    while i < len(text):
        if text.startswith("\\\\", i) and depth == 0:
            parts.append(cur)
            cur, i = "", i + 2
            continue
        ch = text[i]
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
        i += 1
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def parse_entry(text: str, symbols: dict, tuple_len: int | None):
    """The parsed entry as a list of candidate objects (one per reading) in ldpref's symbols."""
    pieces = split_top(text) if tuple_len is not None else [text]
    options = []
    for piece in pieces:
        readings = [r for r in _readings(_parse(piece))]
        good = [r for r in readings if _plausible(r, symbols)] or readings
        options.append([to_ldpref(r, symbols) for r in good])
    if tuple_len is None:
        return options[0]
    combos = [[]]
    for opts in options:
        combos = [c + [o] for c in combos for o in opts][:16]
    return [tuple(c) for c in combos]


def check_entry(claim_id: str, entry: dict, symbols: dict) -> tuple[str, str]:
    from ldpref.ledger.claim import find_claim
    if entry.get("unparsed"):
        return "unparsed", entry["unparsed"]
    printed = normalise_printed(find_claim(claim_id).printed())
    part = entry["part"]
    if part == "rhs":
        printed = printed.rhs
    elif part == "lhs":
        printed = printed.lhs
    tuple_len = len(printed) if isinstance(printed, (tuple, list)) else None
    from lark.exceptions import LarkError  # the parser's refusals (VisitError wraps its transformer's errors)
    try:
        candidates = parse_entry(entry["latex"], symbols, tuple_len)
    except LarkError as exc:
        return "error", f"parser: {type(exc).__name__}: {str(exc).splitlines()[0][:100]}"
    candidates = [unify_names(c, printed) for c in candidates]
    results = [same(c, printed) for c in candidates]
    if any(results):
        return "equal", f"{sum(results)} of {len(candidates)} reading(s) equal"
    return "differs", f"paper {candidates[0] if candidates else None} vs printed {printed}"


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    wanted = [a for a in argv if not a.startswith("-")]
    from derivations.pan_cms.paper_latex import PAPER_LATEX, SYMBOLS
    counts: dict[str, int] = {}
    for claim_id, entry in PAPER_LATEX.items():
        if wanted and claim_id not in wanted:
            continue
        status, why = check_entry(claim_id, entry, SYMBOLS)
        counts[status] = counts.get(status, 0) + 1
        if verbose or status != "equal":
            print(f"{status:9s} {claim_id}: {why}")
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())), f"entries={sum(counts.values())}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
