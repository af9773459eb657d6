"""The paper's own LaTeX beside each printed form, and its machine comparison (issue 23, item 1).

For a paper whose source carries its formulas (pan-cms: ``pan-cms.md``; jiang-gcms: ``jiang-gcms.md``), the module
``derivations/<paper_pkg>/paper_latex.py`` holds, per claim, the formula as the paper typesets it (copied from the
paper's markup; the few edits a parser needs are listed in the entry's ``edited``), in this format:

* ``SYMBOLS``: name of a symbol as sympy's LaTeX parser returns it -> name of ldpref's symbol in
  ``derivations/<paper_pkg>/symbols.py`` (``"other_module:name"`` for a symbol of ``other_module.py`` there);
* ``PAPER_LATEX``: claim id -> ``{"latex": ..., "source": "jiang-gcms.md, Eq. (11)", "part": "whole" | "rhs" |
  "lhs", "unparsed": None or the one-line reason the parser cannot take it, "edited": what was changed (optional)}``;
* optional ``REWRITES``: ``(paper notation, parser-friendly LaTeX)`` pairs applied, in order, to every entry
  before parsing (``\\mathrm{Var}[\\hat{f}(d)]`` -> a symbol name): the displayed text keeps the paper's notation;
* optional ``EXPONENTIALS``: ldpref symbol that stands for ``e^x`` -> the symbol ``x`` (``ldpref.exact.EXP_EPS``
  stands for ``e^{symbols.eps}`` without being listed).

``ldpref verify`` and the docs only display the text (:func:`text`); nothing here needs the parser until
:func:`compare` runs (tests/test_paper_latex.py): it parses with ``sympy.parsing.latex.parse_latex(...,
backend="lark")`` (the optional dependency ``lark``, extra ``latex``), maps the symbols, writes ``e^{x}`` as
``exp(x)`` on both sides, and proves the parsed object equal to the claim's printed object: expressions by
``simplify(a - b) == 0``, relations side by side, tuples item by item, statements (``Predicate``) by parsing
their LaTeX the same way (syntactic after simplification).
"""

from __future__ import annotations

import importlib
import re

import sympy

#: paper key -> the package of its derivations (the table lives in <package>.paper_latex)
PAPER_PACKAGES = {"pan-cms": "derivations.pan_cms", "jiang-gcms": "derivations.jiang_gcms"}
PARTS = ("whole", "rhs", "lhs")
STATUSES = ("equal", "differs", "unparsed")


class ParseError(Exception):
    """The paper's LaTeX cannot be read by the parser (after the listed rewrites)."""


# ---- the table (no parser needed) ---------------------------------------------------------------------------

def table(paper: str):
    """The ``paper_latex`` module of a paper, or None (a paper without the paper's markup, e.g. pan-strict)."""
    package = PAPER_PACKAGES.get(paper)
    if package is None:
        return None
    try:
        return importlib.import_module(package + ".paper_latex")
    except ModuleNotFoundError as exc:
        if exc.name != package + ".paper_latex":
            raise
        return None


def entry(claim_id: str) -> dict | None:
    """The paper-LaTeX entry of a claim, or None."""
    module = table(claim_id.split("/", 1)[0])
    return None if module is None else module.PAPER_LATEX.get(claim_id)


def text(claim_id: str) -> str | None:
    """The paper's own LaTeX of a claim's printed form (what ``verify --json`` shows as ``paper_latex``), or None."""
    e = entry(claim_id)
    return None if e is None else e["latex"]


def definitions_latex(claim_id: str) -> str | None:
    """The definitions an entry substitutes (``where``: w, alpha_1, ...) as one LaTeX line in the paper's notation."""
    e = entry(claim_id)
    if not e or not e.get("where"):
        return None
    rewrites = getattr(table(claim_id.split("/", 1)[0]), "REWRITES", ())
    back = {}
    for old, new in rewrites:  # the first notation the paper module lists for a placeholder
        back.setdefault(new, old)

    def name(key: str) -> str:
        if key in back:
            return back[key]
        head = key.split("_", 1)[0]
        return ("\\" + key) if head in _GREEK else key

    return r",\quad ".join(f"{name(k)} = {v}" for k, v in e["where"].items())


# ---- from the paper's LaTeX to a string the lark grammar takes ------------------------------------------------

_GENERIC = (  # (pattern, replacement): layout commands with no mathematical content, delimiters the grammar lacks
    (r"\\left\\\{", "("), (r"\\right\\\}", ")"), (r"\\left\[", "("), (r"\\right\]", ")"), (r"\\left\.", ""), (r"\\right\.", ""),
    (r"\\left(?![a-zA-Z])", ""), (r"\\right(?![a-zA-Z])", ""), (r"\\[dt]frac(?![a-zA-Z])", r"\\frac"),
    (r"\\[,;:! ]", " "), (r"\\quad(?![a-zA-Z])", r"\\quad "), (r"\\cdot(?![a-zA-Z])", r"\\cdot "),
    (r"\\big[lr]?(?![a-zA-Z])|\\Big[lr]?(?![a-zA-Z])", ""), (r"\\displaystyle(?![a-zA-Z])", ""),
)
_TOKEN = re.compile(r"\\[a-zA-Z]+|\\.|[a-zA-Z]|[0-9]+(?:\.[0-9]+)?|\s+|.")
_GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "iota", "kappa",
          "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "varphi", "chi", "psi", "omega",
          "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega", "infty"}
_STARTERS = {"frac", "sqrt", "binom", "log", "ln", "exp", "max", "min", "lceil", "lfloor", "mathit"}
_PROTECTED = {"_", "\\mathit", "\\mathrm", "\\text", "\\operatorname", "\\mathbb", "\\mathcal", "\\mathbf"}


def _ends_operand(tok: str) -> bool:
    return (tok.isalnum() or tok in (")", "}", "!") or (tok.startswith("\\") and tok[1:] in _GREEK))


def _starts_operand(tok: str) -> bool:
    return tok.isalpha() or tok == "(" or (tok.startswith("\\") and (tok[1:] in _GREEK or tok[1:] in _STARTERS))


def explicit_products(latex: str) -> str:
    """``latex`` with ``\\cdot`` between juxtaposed factors (``e^{x}(1-p)``, ``p(1-p)``, ``x^{2} y``), which the lark
    grammar either refuses or reads two ways (a function call or a product); never inside a subscript or a
    ``\\mathit``-like name."""
    tokens = [t for t in _TOKEN.findall(latex)]
    out: list[str] = []
    stack: list[bool] = []  # per open brace: protected (a name: no products inside)?
    prev = None  # the previous non-space token at this level
    pending_protect = False
    for tok in tokens:
        if tok.isspace():
            out.append(tok)
            continue
        protected = any(stack)
        if not protected and prev is not None and _ends_operand(prev) and _starts_operand(tok):
            out.append(r" \cdot ")
        out.append(tok)
        if tok == "{":
            stack.append(pending_protect or protected)
            pending_protect = False
            prev = None
            continue
        if tok == "}":
            if stack:
                stack.pop()
        pending_protect = tok in _PROTECTED or (pending_protect and tok == "{")
        prev = tok
    return "".join(out)


def _split_top(latex: str, seps: tuple[str, ...]) -> list[str]:
    """``latex`` split at the separators that stand outside every brace, parenthesis and bracket."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(latex):
        ch = latex[i]
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif depth == 0:
            for sep in seps:
                if latex.startswith(sep, i) and not (sep[-1].isalpha() and latex[i + len(sep):i + len(sep) + 1].isalpha()):
                    parts.append(latex[start:i])
                    start = i + len(sep)
                    i = start - 1
                    break
        i += 1
    parts.append(latex[start:])
    return [p for p in (p.strip() for p in parts) if p]


def prepared(latex: str, rewrites=()) -> str:
    """The string handed to the parser: the paper's rewrites, the generic ones, explicit products."""
    for old, new in rewrites:
        latex = latex.replace(old, new)
    latex = re.sub(r"&\s*\\quad(?![a-zA-Z])", " ", latex)  # an aligned continuation line's indent
    latex = re.sub(r"\\(?:begin|end)\{(?:aligned|align\*?|split)\}|&|\\\\", " ", latex)  # alignment only
    for pattern, repl in _GENERIC:
        latex = re.sub(pattern, repl, latex)
    latex = re.sub(r"(?:\\quad\s*)?(?:\(\d+\)|\\tag\{\d+\})\s*$", "", latex.strip())  # the equation number
    return latex.strip().rstrip(".,;").strip()


_OPERATORS = re.compile(r"\\operatorname\{(argmin|argmax)\}(?:_\{?[a-zA-Z]\}?)?\s*")


def _operator_calls(latex: str):
    """``\\operatorname{argmin}(...)`` (which the grammar lacks) replaced by placeholder symbols: the text left and
    {placeholder name: (operator name, argument text)}."""
    calls = {}
    while (match := _OPERATORS.search(latex)) is not None:
        start = match.end()
        if latex[start:start + 1] not in "({":
            raise ParseError(f"\\operatorname{{{match.group(1)}}} without a bracketed argument")
        depth, i = 0, start
        for i in range(start, len(latex)):
            depth += latex[i] in "({"
            depth -= latex[i] in ")}"
            if depth == 0:
                break
        name = "Z_{op" + "abcdefghij"[len(calls)] + "}"
        calls[name] = (match.group(1), latex[start + 1:i])
        latex = latex[:match.start()] + name + latex[i + 1:]
    return latex, calls


def _parse_one(latex: str):
    latex, calls = _operator_calls(latex)
    result = _parse_plain(latex)
    if calls:
        result = result.xreplace({sympy.Symbol(name): sympy.Function(op)(_parse_one(arg))
                                  for name, (op, arg) in calls.items()})
    return result


def _parse_plain(latex: str):
    from sympy.parsing.latex import parse_latex  # needs lark (extra 'latex')
    from lark import Tree
    from lark.exceptions import LarkError

    try:
        result = parse_latex(explicit_products(latex), backend="lark")
    except (LarkError, ValueError, TypeError) as exc:  # the grammar refuses the text: reported, never skipped
        raise ParseError(f"{type(exc).__name__}: {str(exc).splitlines()[0]}") from None
    if isinstance(result, Tree):  # two readings: fine when they are the same object
        result.children = [_exact_decimals(r) for r in result.children]
        readings = {r for r in result.children if isinstance(r, sympy.Basic)}
        if len(readings) != 1 or len(result.children) != sum(isinstance(r, sympy.Basic) for r in result.children):
            raise ParseError(f"the parser reads {latex!r} in more than one way")
        result = readings.pop()
    return _exact_decimals(result)


def _exact_decimals(obj):
    """The paper's decimals (0.74) as the exact rationals they denote (never a binary float)."""
    if not isinstance(obj, sympy.Basic):
        return obj
    floats = obj.atoms(sympy.Float)
    return obj.xreplace({x: sympy.Rational(str(x)) for x in floats}) if floats else obj


def parse(latex: str, rewrites=()):
    """The sympy object of one paper formula: ``A \\Rightarrow B`` an ``Implies``, top-level ``,``/``\\quad``
    separated formulas a tuple, else what the parser returns (symbols still the parser's)."""
    text_ = prepared(latex, rewrites)
    sides = _split_top(text_, (r"\Rightarrow", r"\implies"))
    if len(sides) == 2:
        return sympy.Implies(*(parse(s) for s in sides), evaluate=False)
    items = _split_top(text_, (r"\quad", ",", ";"))
    if len(items) > 1:
        return tuple(parse(i) for i in items)
    members = _split_top(text_, ("=",))
    if len(members) > 2:
        return Chain(_parse_one(x) for x in members)
    return _parse_one(text_)


class Chain(tuple):
    """``a = b = c``: the members of a chain of equalities (part ``rhs``: all but the first, ``lhs``: the first)."""


# ---- symbols ------------------------------------------------------------------------------------------------

def _symbol(package: str, name: str):
    module, _, attr = name.rpartition(":")
    return getattr(importlib.import_module(f"{package}.{module or 'symbols'}"), attr)


def _exponentials(paper: str) -> dict:
    """ldpref symbol standing for e^x -> exp(x), for the paper (EXP_EPS -> exp(eps) when the paper has eps)."""
    from .exact import EXP_EPS

    package, module = PAPER_PACKAGES[paper], table(paper)
    symbols = importlib.import_module(package + ".symbols")
    out = {EXP_EPS: sympy.exp(symbols.eps)} if hasattr(symbols, "eps") else {}
    for stands, exponent in getattr(module, "EXPONENTIALS", {}).items():
        out[_symbol(package, stands)] = sympy.exp(_symbol(package, exponent))
    return out


def to_ldpref(obj, paper: str):
    """A parsed object in ldpref's symbols (``SYMBOLS``; ``e`` is Euler's number); unmapped names stay."""
    module = table(paper)
    mapping = {name: _symbol(PAPER_PACKAGES[paper], target) for name, target in module.SYMBOLS.items()}

    def convert(x):
        if isinstance(x, tuple):
            return tuple(convert(i) for i in x)
        if not isinstance(x, sympy.Basic):
            return x
        subs = {s: mapping[s.name] for s in x.free_symbols if s.name in mapping}
        subs.update({s: sympy.E for s in x.free_symbols if s.name == "e" and "e" not in mapping})
        x = x.xreplace(subs)
        calls = {a: mapping[a.func.__name__](*a.args) for a in x.atoms(sympy.core.function.AppliedUndef)
                 if a.func.__name__ in mapping}
        return x.xreplace(calls) if calls else x

    return convert(obj)


# ---- comparison ---------------------------------------------------------------------------------------------

def _zero(diff) -> bool:
    diff = sympy.simplify(diff)
    if diff == 0:
        return True
    return diff.equals(0) is True


def _normal(obj, exps: dict):
    if isinstance(obj, sympy.Basic):
        return obj.xreplace(exps) if exps else obj
    return obj


def _same(paper_obj, ours, exps: dict) -> str | None:
    """None when equal, else why not (one line)."""
    from .ledger.forms import Predicate

    if isinstance(ours, dict):
        ours = tuple(ours.values())
    if isinstance(ours, (list, tuple)):
        ours = tuple(x for x in ours if not isinstance(x, str))
        if len(ours) == 1 and not isinstance(paper_obj, tuple):
            return _same(paper_obj, ours[0], exps)
        if not isinstance(paper_obj, tuple) or len(paper_obj) != len(ours):
            n = len(paper_obj) if isinstance(paper_obj, tuple) else 1
            return f"the paper gives {n} formula(s), ldpref's printed form {len(ours)}"
        for i, (a, b) in enumerate(zip(paper_obj, ours)):
            why = _same(a, b, exps)
            if why is not None:
                return f"item {i + 1}: {why}"
        return None
    if isinstance(ours, Predicate):
        return "a statement evaluated by code: compared through its LaTeX"
    if isinstance(paper_obj, tuple):
        return f"the paper gives {len(paper_obj)} formulas, ldpref's printed form one"
    a, b = _normal(sympy.sympify(paper_obj), exps), _normal(sympy.sympify(ours), exps)
    if isinstance(b, sympy.core.relational.Relational) or isinstance(a, sympy.core.relational.Relational):
        if not (isinstance(a, sympy.core.relational.Relational) and isinstance(b, sympy.core.relational.Relational)):
            return f"one side is a relation, the other not ({type(a).__name__} vs {type(b).__name__})"
        if type(a) is not type(b) and type(a.reversed) is type(b):
            a = a.reversed
        if type(a) is not type(b):
            return f"relation {type(a).__name__} vs {type(b).__name__}"
        for side, x, y in (("left", a.lhs, b.lhs), ("right", a.rhs, b.rhs)):
            if not _zero(x - y):
                return f"{side} sides differ by {sympy.sstr(sympy.simplify(x - y))[:200]}"
        return None
    if isinstance(b, sympy.logic.boolalg.Boolean) and not isinstance(b, sympy.Expr):
        if type(a) is not type(b) or len(a.args) != len(b.args):
            return f"statement {type(a).__name__} vs {type(b).__name__}"
        for x, y in zip(a.args, b.args):
            why = _same(x, y, exps)
            if why is not None:
                return why
        return None
    if not _zero(a - b):
        return f"differ by {sympy.sstr(sympy.simplify(a - b))[:200]}"
    return None


def _project(obj, part: str):
    if part == "whole":
        return obj
    if isinstance(obj, Chain):
        return Chain(obj[1:]) if part == "rhs" else obj[0]
    if isinstance(obj, tuple):
        return tuple(_project(x, part) for x in obj)
    if isinstance(obj, dict):
        return {k: _project(v, part) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_project(x, part) for x in obj]
    if isinstance(obj, sympy.core.relational.Relational):
        return obj.rhs if part == "rhs" else obj.lhs
    return obj


def compare(claim) -> tuple[str, str]:
    """``(status, detail)`` for a claim's paper LaTeX against its printed object: ``equal`` (proved),
    ``differs`` (with the difference or the parse failure) or ``unparsed`` (the entry says why)."""
    from .ledger.forms import Predicate

    e = entry(claim.id)
    if e is None:
        raise KeyError(f"no paper LaTeX for {claim.id}")
    if e.get("unparsed"):
        return "unparsed", e["unparsed"]
    part = e.get("part", "whole")
    if part not in PARTS:
        raise ValueError(f"{claim.id}: part {part!r} not in {PARTS}")
    module = table(claim.paper)
    rewrites = tuple(getattr(module, "REWRITES", ()))
    try:
        paper_obj = _project(_parse_part(e["latex"], rewrites, part), part)
        if isinstance(paper_obj, tuple) and not isinstance(paper_obj, Chain):  # chains inside a list: their members
            paper_obj = tuple(y for x in paper_obj for y in (x if isinstance(x, Chain) else (x,)))
        if e.get("select") is not None:  # the members of a chain (or items of a list) ldpref's form transcribes
            paper_obj = tuple(paper_obj[i] for i in e["select"])
            paper_obj = paper_obj[0] if len(paper_obj) == 1 else paper_obj
        where = {sympy.Symbol(name): parse(definition, rewrites) for name, definition in e.get("where", {}).items()}
        paper_obj = to_ldpref(_substituted(paper_obj, where), claim.paper)
        if e.get("scale"):  # ldpref's form is the paper's divided by this (stated) factor
            factor = to_ldpref(parse(e["scale"], rewrites), claim.paper)
            paper_obj = _scaled(paper_obj, 1 / factor)
    except ParseError as exc:
        return "differs", f"the paper's LaTeX does not parse: {exc}"
    ours = claim.printed()
    if isinstance(ours, Predicate):
        try:
            ours = to_ldpref(parse(ours.latex, rewrites), claim.paper)
        except ParseError as exc:
            return "differs", f"ldpref's statement LaTeX does not parse: {exc}"
    why = _same(paper_obj, _project(ours, part), _exponentials(claim.paper))
    if why is None:
        return "equal", "proved equal (simplify)"
    unmapped = sorted(s.name for s in _free(paper_obj) if s.name not in module.SYMBOLS.values()
                      and not _is_ldpref_symbol(s, claim.paper))
    return "differs", why + (f"; unmapped names {unmapped}" if unmapped else "")


def _parse_part(latex: str, rewrites, part: str):
    """The paper's formula parsed; for part ``rhs``/``lhs`` of a single equation only that side is parsed (the other
    side is the paper's notation for the quantity, shown but not compared)."""
    if part != "whole":
        text_ = prepared(latex, rewrites)
        if not _split_top(text_, (r"\Rightarrow", r"\implies", r"\quad", ",", ";"))[1:]:
            members = _split_top(text_, ("=",))
            if len(members) == 2:
                return sympy.Eq(*(sympy.Symbol("_unparsed") if (i == 0) == (part == "rhs") else parse(x)
                                  for i, x in enumerate(members)), evaluate=False)
    return parse(latex, rewrites)


def _scaled(obj, factor):
    if isinstance(obj, tuple):
        return type(obj)(_scaled(x, factor) for x in obj)
    if isinstance(obj, sympy.core.relational.Relational):
        return type(obj)(obj.lhs, obj.rhs * factor, evaluate=False)
    return obj * factor


def _substituted(obj, where: dict):
    """The paper's auxiliary symbols (``w``, ``alpha_1``) replaced by the definitions it states beside the formula."""
    if not where:
        return obj
    if isinstance(obj, tuple):
        return type(obj)(_substituted(x, where) for x in obj)
    for _ in range(3):  # a definition may use another (alpha_2 in terms of w)
        obj = obj.xreplace(where)
    return obj


def _free(obj) -> set:
    if isinstance(obj, tuple):
        return set().union(*(_free(x) for x in obj)) if obj else set()
    return set(obj.free_symbols) if isinstance(obj, sympy.Basic) else set()


def _is_ldpref_symbol(sym, paper: str) -> bool:
    module = table(paper)
    return any(_symbol(PAPER_PACKAGES[paper], t) == sym for t in module.SYMBOLS.values())
