r"""The paper's own LaTeX beside each printed form, and its machine comparison (issue 23, item 1).

For a paper whose source carries its formulas (pan-cms: ``pan-cms.md``; jiang-gcms: ``jiang-gcms.md``), the module
``derivations/<paper_pkg>/paper_latex.py`` (registered with the library as the paper's part ``paper_latex``:
``proofs_checks/<paper_pkg>/paper_latex.py`` re-exports it) holds, per claim, the formula as the paper typesets it
(copied from the paper's markup; the few edits a parser needs are listed in the entry's ``edited``), in this format:

* ``SYMBOLS``: name of a symbol as sympy's LaTeX parser returns it -> name of ldpref's symbol in
  ``derivations/<paper_pkg>/symbols.py`` or the paper's other symbol modules (the table's ``SYMBOL_MODULES``,
  searched in order, in the package ``SYMBOL_PACKAGE``; ``"other_module:name"`` or ``"other_module.name"`` names one); a
  key may be a function application (``f(x)``), one quantity in the paper's notation;
* ``PAPER_LATEX``: claim id -> ``{"latex": ..., "source": "jiang-gcms.md, Eq. (11)", "part": "whole" | "rhs" |
  "lhs", "unparsed": None or the one-line reason the parser cannot take it, "edited": what was changed (optional)}``;
* optional ``REWRITES``: ``(paper notation, parser-friendly LaTeX)`` pairs applied, in order, to every entry
  before parsing (``\mathrm{Var}[\hat{f}(d)]`` -> a symbol name): the displayed text keeps the paper's notation;
* optional ``EXPONENTIALS``: ldpref symbol that stands for ``e^x`` -> the symbol ``x`` (``ldpref.exact.EXP_EPS``
  stands for ``e^{symbols.eps}`` without being listed);
* optional ``NO_PAPER_LATEX``: claim id -> why the paper has no formula for a printed form (a statement in words);
  optional ``KNOWN_DIFFERS``: claim id -> why the parser's reading differs (the test requires it still to differ);
* optional ``SUMS`` (``in`` / ``except`` -> the paper's sum constructors), ``CALLS`` ((regex, constructor): the
  paper's function notation) and ``OPERATORS`` ((name, constructor): ``E[..]``), read by the front end
  (:mod:`ldpref.paper_latex_front`).

An entry may also carry ``where`` (parser name -> the paper's LaTeX defining it beside the formula: ``w``,
``\alpha_1``; substituted before comparing), ``select`` (the members of a chain ``a = b = c`` or items of a list
that ldpref's printed form transcribes, by index) and ``scale`` (LaTeX of a factor: ldpref's form is the paper's
divided by it, e.g. jiang-gcms Appendix C per client) and ``calls`` (the table's ``CALLS`` read before its
``REWRITES``: pan-cms's ``\bar{c}(x', x)`` as the function c_bar rather than Section 3.5's symbol).  A printed
tuple's parts are separated by ``\quad``, ``,``, ``;`` or a top-level ``\\`` (a new line; a line starting with a
relation continues a chain); ``A \Rightarrow B`` is an implication, ``A \iff B`` an equivalence, ``a \leq b < c``
the conjunction of its links; ``\operatorname{argmin}\{...\}`` a function; cases, sums over index sets, braced
extrema, orders of growth, ``\Pr(..)``, ``\pi`` and 'the closest integer to' go through the front end.

``ldpref verify`` and the docs only display the text (:func:`text`); nothing here needs the parser until
:func:`compare` runs (tests/test_paper_latex.py): it parses with ``sympy.parsing.latex.parse_latex(...,
backend="lark")`` (the optional dependency ``lark``, extra ``latex``), maps the symbols, writes ``e^{x}`` as
``exp(x)`` on both sides, and proves the parsed object equal to the claim's printed object: expressions by
``simplify(a - b) == 0``, relations side by side, tuples item by item, conjunctions and equivalences member for
member in any order, case splits branch by branch (sympy's ordered ``Piecewise``: a last condition the earlier
ones leave as a range bound reads 'otherwise'), the paper's sums after a canonical linear form, statements
(``Predicate``) by parsing their LaTeX the same way (syntactic after simplification).
"""

from __future__ import annotations

import functools
import importlib
import re

import sympy

from . import paper_latex_front as FE

PARTS = ("whole", "rhs", "lhs")
STATUSES = ("equal", "differs", "unparsed")


class ParseError(Exception):
    """The paper's LaTeX cannot be read by the parser (after the listed rewrites)."""


# ---- the table (no parser needed) ---------------------------------------------------------------------------

def table(paper: str):
    """The ``paper_latex`` module of a paper, or None (a paper without the paper's markup, e.g. pan-strict)."""
    from .ledger.papers import PAPERS  # the registry the papers fill (ldpref names no paper package)

    registered = PAPERS.get(paper)
    if registered is None:
        return None
    try:
        return registered.part("paper_latex")
    except ModuleNotFoundError as exc:
        if exc.name != registered.checks + ".paper_latex":
            raise
        return None


def _package(paper: str) -> str:
    """The package of a paper's symbol modules, as its table declares it (``SYMBOL_PACKAGE``)."""
    return table(paper).SYMBOL_PACKAGE


def entry(claim_id: str) -> dict | None:
    """The paper-LaTeX entry of a claim, or None."""
    module = table(claim_id.split("/", 1)[0])
    return None if module is None else module.PAPER_LATEX.get(claim_id)


def absent(claim_id: str) -> str | None:
    """Why the paper has no formula to set beside a claim's printed form (its table's ``NO_PAPER_LATEX``), or None."""
    module = table(claim_id.split("/", 1)[0])
    return None if module is None else getattr(module, "NO_PAPER_LATEX", {}).get(claim_id)


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
    (r"\\left\\\{", "("), (r"\\right\\\}", ")"), (r"\\left\[", "("), (r"\\right\]", ")"),
    (r"\\left\.", ""), (r"\\right\.", ""),
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
    return (tok.isalnum() or tok in (")", "}", "!", "'") or (tok.startswith("\\") and tok[1:] in _GREEK))


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
        prev = None if prev == "_" else tok  # an unbraced subscript (\\log_2 d, p_l) ends no operand
    return "".join(out)


def _split_top(latex: str, seps: tuple[str, ...]) -> list[str]:
    """``latex`` split at the separators that stand outside every brace, parenthesis and bracket
    (:func:`ldpref.paper_latex_front.top_level`); a separator ending in a letter must not run on into a word."""
    parts, start = [], 0
    for i in FE.top_level(latex):
        if i < start:
            continue  # inside the separator just read
        for sep in seps:
            after = latex[i + len(sep):i + len(sep) + 1]
            if latex.startswith(sep, i) and not (sep[-1].isalpha() and after.isalpha()):
                parts.append(latex[start:i])
                start = i + len(sep)
                break
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


def _parse_one(latex: str, front: Front | None = None):
    front = front or Front()
    sub = lambda t: parse(t, (), front)  # noqa: E731
    objects = {}
    if front.calls:
        latex, objects = FE.read_calls(latex, sub, front.calls)
    if r"\sum_" in latex:
        latex, found = FE.read_sums(latex, sub, front.sums)
        objects.update(found)
    for reader in (FE.read_closest, FE.read_growth, lambda t, _: FE.read_constants(t),
                   lambda t, p: FE.read_operators(t, p, front.operators)):
        latex, found = reader(latex, sub)
        objects.update(found)
    divided = FE.floor_division(latex, sub)
    if divided is not None:
        return _substitute(divided, objects)
    latex, calls = _operator_calls(latex)
    result = _parse_plain(FE.square_brackets(latex))
    if calls:
        subs = {sympy.Symbol(name): sympy.Function(op)(_parse_one(arg, front)) for name, (op, arg) in calls.items()}
        result = _each(result, lambda x: x.xreplace(subs))
    return _substitute(result, objects)


def _each(obj, fn):
    """``fn`` applied to an object, or to each reading or member of it."""
    if isinstance(obj, tuple):
        return type(obj)(_each(x, fn) for x in obj)
    return fn(obj)


@functools.lru_cache(maxsize=4096)
def _parse_plain(latex: str):  # a pure function of the text: cached (the grammar is the test's main cost)
    from sympy.parsing.latex import parse_latex  # needs lark (extra 'latex')
    from lark import Tree
    from lark.exceptions import LarkError

    try:
        result = parse_latex(explicit_products(latex), backend="lark")
    except (LarkError, ValueError, TypeError) as exc:  # the grammar refuses the text: reported, never skipped
        raise ParseError(f"{type(exc).__name__}: {str(exc).splitlines()[0]}") from None
    if isinstance(result, Tree):  # several readings: one object if they agree, else every plausible one
        readings = list(dict.fromkeys(_exact_decimals(r) for r in _tree_readings(result)))
        plausible = [r for r in readings if not r.atoms(sympy.core.function.AppliedUndef)] or readings
        if len(plausible) == 1:
            return plausible[0]
        return Readings(plausible)
    return _exact_decimals(result)


def _tree_readings(tree) -> list:
    from lark import Tree

    out = []
    for child in tree.children:
        if isinstance(child, Tree):
            out += _tree_readings(child)
        elif isinstance(child, sympy.Basic):
            out.append(child)
        else:
            raise ParseError(f"the parser returned {type(child).__name__} among its readings")
    return out


class Readings(tuple):
    """The readings of an ambiguous formula (lark's ``_ambig``: ``\\log_2 d + \\epsilon`` is also log_2(d + eps));
    an entry compares equal when one of them is equal (the detail says how many)."""


def _exact_decimals(obj):
    """The paper's decimals (0.74) as the exact rationals they denote (never a binary float)."""
    if not isinstance(obj, sympy.Basic):
        return obj
    floats = obj.atoms(sympy.Float)
    return obj.xreplace({x: sympy.Rational(str(x)) for x in floats}) if floats else obj


class Front:
    """What the front end (:mod:`ldpref.paper_latex_front`) reads a paper's constructs into: ``sums`` (``in`` /
    ``except`` -> the paper's sum constructors, from its table's ``SUMS``) and ``calls`` (its ``CALLS``: regex of a
    function notation -> constructor).  ``Front()`` reads sums as sympy's ``Sum`` and no function notation."""

    def __init__(self, sums=None, calls=(), operators=()):
        self.sums, self.calls, self.operators = dict(sums or {}), tuple(calls), tuple(operators)


def front_of(paper: str) -> Front:
    """The front end of a paper's table (its ``SUMS`` and ``CALLS``, names resolved in its symbol modules)."""
    module = table(paper)
    resolve = lambda name: _symbol(_package(paper), name, module.SYMBOL_MODULES)  # noqa: E731
    return Front({k: resolve(v) for k, v in getattr(module, "SUMS", {}).items()},
                 tuple((regex, resolve(name)) for regex, name in getattr(module, "CALLS", ())),
                 tuple((head, resolve(name)) for head, name in getattr(module, "OPERATORS", ())))


def _substitute(obj, objects: dict):
    """Placeholders of the front end replaced by their objects, in any member of a parsed object."""
    if not objects:
        return obj
    if isinstance(obj, tuple):
        return type(obj)(_substitute(x, objects) for x in obj)
    for _ in range(4):  # a construct inside another
        obj = obj.xreplace(objects) if isinstance(obj, sympy.Basic) else obj
    return obj


def _conjunction(obj):
    """Several hypotheses (a tuple) as their conjunction."""
    return sympy.And(*obj, evaluate=False) if isinstance(obj, tuple) and not isinstance(obj, Readings) else obj


def parse(latex: str, rewrites=(), front: Front | None = None):
    """The sympy object of one paper formula: ``A \\Rightarrow B`` an ``Implies``, ``A \\iff B`` an ``Equivalent``,
    top-level ``,``/``\\quad`` separated formulas a tuple, a chain ``a \\leq b < c`` the conjunction of its links,
    a chain of equalities a :class:`Chain`, else what the parser returns (symbols still the parser's); cases,
    sums over index sets, ``\\max\\{..\\}`` and the table's function notation through the front end."""
    front = front or Front()
    objects = {}
    if r"\begin{cases}" in latex:
        latex, objects = FE.read_cases(latex, lambda t: parse(t, rewrites, front))
    if r"\begin{" not in latex:  # a printed tuple's parts, one per line (a line starting '= ..' continues a chain)
        lines = FE.continued_lines(_split_top(latex, ("\\\\",)))
        if len(lines) > 1:
            return _substitute(tuple(parse(x, rewrites, front) for x in lines), objects)
    text_ = FE.extrema_brackets(prepared(latex, rewrites))
    sub = lambda t: parse(t, (), front)  # noqa: E731  (the rewrites are applied)
    for seps, op in (((r"\Rightarrow", r"\implies"), sympy.Implies), ((r"\iff", r"\Leftrightarrow"), sympy.Equivalent)):
        sides = _split_top(text_, seps)
        if len(sides) == 2:
            return _substitute(op(*(_conjunction(sub(s)) for s in sides), evaluate=False), objects)
    items = _split_top(text_, (r"\quad", ",", ";"))
    if len(items) > 1:
        return _substitute(tuple(sub(i) for i in items), objects)
    ranged = FE.read_range(text_, sub)
    if ranged is not None:
        return _substitute(ranged, objects)
    members, ops = FE.split_relations(text_)
    if len(members) > 2 and all(op is sympy.Eq for op in ops):
        return _substitute(Chain(_parse_one(x, front) for x in members), objects)
    if len(members) > 2:
        return _substitute(FE.chain([_parse_one(x, front) for x in members], ops), objects)
    return _substitute(_parse_one(text_, front), objects)


class Chain(tuple):
    """``a = b = c``: the members of a chain of equalities (part ``rhs``: all but the first, ``lhs``: the first)."""


# ---- symbols ------------------------------------------------------------------------------------------------

def _symbol(package: str, name: str, search=("symbols",)):
    """The symbol ``name`` of the paper's ``package`` (``module:name`` names the module; else the table's
    ``SYMBOL_MODULES`` are searched in order)."""
    module, _, attr = name.rpartition(":") if ":" in name else name.rpartition(".")  # "module:name" or "module.name"
    for candidate in ((module,) if module else search):
        found = getattr(importlib.import_module(f"{package}.{candidate}"), attr, None)
        if found is not None:
            return found
    raise KeyError(f"no symbol {attr!r} in {package}'s symbol modules")


def _exponentials(paper: str) -> dict:
    """ldpref symbol standing for e^x -> exp(x), for the paper (EXP_EPS -> exp(eps) when the paper has eps)."""
    from .exact import EXP_EPS

    package, module = _package(paper), table(paper)
    search = module.SYMBOL_MODULES
    symbols = importlib.import_module(package + ".symbols")
    out = {EXP_EPS: sympy.exp(symbols.eps)} if hasattr(symbols, "eps") else {}
    for stands, exponent in getattr(module, "EXPONENTIALS", {}).items():
        out[_symbol(package, stands, search)] = sympy.exp(_symbol(package, exponent, search))
    if paper == "pan-cms":  # ldpref's display symbol for e^{eps/2} (pan-cms Corollary 3.6: m = 1 + e^{eps/2})
        out[_symbol(package, "symbols_hashing:s", search)] = sympy.exp(symbols.eps / 2)
    return out


def _undisplayed(expr):
    """ldpref's display functions undone: ``\\log_{2}(x)`` (pan-cms Table 1) is log(x)/log(2)."""
    return expr.replace(lambda x: isinstance(x, sympy.core.function.AppliedUndef) and x.func.__name__ == r"\log_{2}",
                        lambda x: sympy.log(x.args[0], 2))


def _application_rewrites(module) -> list:
    """``SYMBOLS`` keys that are function applications (``f(x)``: one quantity in the paper's notation) as rewrites
    to placeholder names, so that no product is read into them."""
    keys = sorted((k for k in module.SYMBOLS if "(" in k), key=len, reverse=True)
    return [(key, "Y_{" + "".join("abcdefghij"[int(c)] for c in str(i)) + "}") for i, key in enumerate(keys)]


def rewrites_of(paper: str) -> tuple:
    """Every rewrite applied to the paper's LaTeX before parsing: the table's ``REWRITES``, then its function
    applications."""
    module = table(paper)
    return tuple(getattr(module, "REWRITES", ())) + tuple(_application_rewrites(module))


def to_ldpref(obj, paper: str):
    """A parsed object in ldpref's symbols (``SYMBOLS``; ``e`` is Euler's number); unmapped names stay."""
    module = table(paper)
    mapping = {name: _symbol(_package(paper), target, module.SYMBOL_MODULES) for name, target in module.SYMBOLS.items()}
    mapping.update({placeholder: mapping[key] for key, placeholder in _application_rewrites(module)})

    def convert(x):
        if isinstance(x, tuple):
            return type(x)(convert(i) for i in x)
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
    """Proved zero (never a guess: a difference sympy cannot simplify, e.g. a Max with an infinite argument in one
    of an ambiguous formula's readings, is not proved equal)."""
    try:
        diff = sympy.simplify(diff)
        return diff == 0 or diff.equals(0) is True
    except (ValueError, TypeError):
        return False


def _diff_text(diff) -> str:
    try:
        diff = sympy.simplify(diff)
    except (ValueError, TypeError):
        pass
    return sympy.sstr(diff)[:200]


def _normal(obj, exps: dict):
    if isinstance(obj, sympy.Basic):
        return _undisplayed(obj.xreplace(exps) if exps else obj)
    return obj


def _same(paper_obj, ours, exps: dict) -> str | None:
    """None when equal, else why not (one line)."""
    from .ledger.forms import Predicate

    if isinstance(paper_obj, Readings):
        whys = [_same(r, ours, exps) for r in paper_obj]
        if any(w is None for w in whys):
            return None
        return f"none of the parser's {len(whys)} readings is equal ({whys[0]})"
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
                return f"{side} sides differ by {_diff_text(x - y)}"
        return None
    if isinstance(b, sympy.Interval) or isinstance(a, sympy.Interval):
        if not (isinstance(a, sympy.Interval) and isinstance(b, sympy.Interval)):
            return f"one side is an interval, the other not ({type(a).__name__} vs {type(b).__name__})"
        if (a.left_open, a.right_open) != (b.left_open, b.right_open):
            return "the intervals differ in which ends they include"
        for side, x, y in (("lower", a.start, b.start), ("upper", a.end, b.end)):
            if not _zero(x - y):
                return f"{side} ends differ by {_diff_text(x - y)}"
        return None
    if isinstance(b, sympy.logic.boolalg.Boolean) and not isinstance(b, sympy.Expr):
        return _same_statement(a, b, exps)
    if isinstance(a, sympy.Piecewise) or isinstance(b, sympy.Piecewise) or a.has(sympy.Piecewise):
        return _same_cases(sympy.piecewise_fold(a), sympy.piecewise_fold(b), exps)
    if not _zero(a - b):
        return f"differ by {_diff_text(a - b)}"
    return None


_UNORDERED = (sympy.And, sympy.Or, sympy.Equivalent)


def _same_statement(a, b, exps: dict) -> str | None:
    """Two statements: conjunctions, disjunctions and equivalences member for member in any order (a chain's links,
    sympy's argument order), implications and the rest in order."""
    if type(a) is not type(b) or len(a.args) != len(b.args):
        return f"statement {type(a).__name__} vs {type(b).__name__}"
    if not isinstance(b, _UNORDERED):
        for x, y in zip(a.args, b.args):
            why = _same(x, y, exps)
            if why is not None:
                return why
        return None
    unused = list(b.args)
    for x in a.args:
        match = next((y for y in unused if _same(x, y, exps) is None), None)
        if match is None:
            return f"no member of ldpref's {type(b).__name__} equals the paper's {sympy.sstr(x)[:120]}"
        unused.remove(match)
    return None


def _range_bound(rel) -> bool:
    """A relation between one symbol and a number (``f^* \\leq 1``): the range of the quantity, not a case split."""
    if not isinstance(rel, sympy.core.relational.Relational):
        return False
    sides = (rel.lhs, rel.rhs)
    return any(x.is_Symbol for x in sides) and any(x.is_number for x in sides)


def _same_cases(a, b, exps: dict) -> str | None:
    """Two case splits branch by branch (value and condition).  ldpref's last branch reads 'otherwise' (True): the
    paper's last condition must then be 'otherwise', the negation of the earlier conditions, or that negation and
    bounds of the quantity's range (``\\frac{1}{2} < f^* \\leq 1``: f^* <= 1 is the range of f^*)."""
    if not (isinstance(a, sympy.Piecewise) and isinstance(b, sympy.Piecewise)):
        return f"one side is a case split, the other not ({type(a).__name__} vs {type(b).__name__})"
    if len(a.args) != len(b.args):
        return f"the paper has {len(a.args)} cases, ldpref's printed form {len(b.args)}"
    for i, ((va, ca), (vb, cb)) in enumerate(zip(a.args, b.args)):
        why = _same(va, vb, exps)
        if why is not None:
            return f"case {i + 1}: {why}"
        last = i == len(a.args) - 1
        if last and cb == sympy.true and ca != sympy.true:
            earlier = [c for _, c in b.args[:-1]]
            negation = sympy.Not(sympy.Or(*earlier)) if earlier else sympy.true
            links = [ca] if not isinstance(ca, sympy.And) else list(ca.args)
            if all(_same(x, negation, exps) is None or _range_bound(x) for x in links):
                continue  # sympy's Piecewise drops from a condition what the earlier ones rule out
            return f"case {i + 1}: the paper's condition {sympy.sstr(ca)} is not 'otherwise'"
        why = _same(ca, cb, exps) if (ca, cb) != (sympy.true, sympy.true) else None
        if why is not None:
            return f"case {i + 1}, condition: {why}"
    return None


def _project(obj, part: str):
    if part == "whole":
        return obj
    if isinstance(obj, Chain):
        return (Chain(obj[1:]) if len(obj) > 2 else obj[1]) if part == "rhs" else obj[0]
    if isinstance(obj, tuple):
        return type(obj)(_project(x, part) for x in obj)
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
    rewrites, front = rewrites_of(claim.paper), front_of(claim.paper)
    try:
        latex, called = e["latex"], {}
        if e.get("calls"):  # the paper's function notation read as ldpref's function objects (before REWRITES)
            latex, called = FE.read_calls(latex, lambda t: parse(t, rewrites, front), front.calls)
        paper_obj = _substitute(_project(_parse_part(latex, rewrites, part, front), part), called)
        if isinstance(paper_obj, tuple) and not isinstance(paper_obj, (Chain, Readings)):  # chains in a list: members
            paper_obj = tuple(y for x in paper_obj for y in (x if isinstance(x, Chain) else (x,)))
        if e.get("select") is not None:  # the members of a chain (or items of a list) ldpref's form transcribes
            paper_obj = tuple(paper_obj[i] for i in e["select"])
            paper_obj = paper_obj[0] if len(paper_obj) == 1 else paper_obj
        where = {sympy.Symbol(name): parse(definition, rewrites, front)
                 for name, definition in e.get("where", {}).items()}
        paper_obj = to_ldpref(_substituted(paper_obj, where), claim.paper)
        if e.get("scale"):  # ldpref's form is the paper's divided by this (stated) factor
            factor = to_ldpref(parse(e["scale"], rewrites), claim.paper)
            paper_obj = _scaled(paper_obj, 1 / factor)
    except ParseError as exc:
        return "differs", f"the paper's LaTeX does not parse: {exc}"
    ours = claim.printed()
    if isinstance(ours, Predicate):
        try:
            ours = to_ldpref(parse(ours.latex, rewrites, front), claim.paper)
        except ParseError as exc:
            return "differs", f"ldpref's statement LaTeX does not parse: {exc}"
    ours = _project(ours, part)
    sums = tuple(front.sums.values())
    paper_obj = _deep(_unified(paper_obj, ours), lambda x: FE.linear_sums(x, sums))
    ours = _deep(ours, lambda x: FE.linear_sums(x, sums))
    why = _same(paper_obj, ours, _exponentials(claim.paper))
    if why is None:
        return "equal", "proved equal (simplify)"
    unmapped = sorted(s.name for s in _free(paper_obj) if s.name not in module.SYMBOLS.values()
                      and not _is_ldpref_symbol(s, claim.paper))
    return "differs", why + (f"; unmapped names {unmapped}" if unmapped else "")


def _parse_part(latex: str, rewrites, part: str, front: Front | None = None):
    """The paper's formula parsed; for part ``rhs``/``lhs`` of a single equation only that side is parsed (the other
    side is the paper's notation for the quantity, shown but not compared)."""
    if part != "whole" and r"\begin{cases}" not in latex:
        text_ = prepared(latex, rewrites)
        if not _split_top(text_, (r"\Rightarrow", r"\implies", r"\quad", ",", ";"))[1:]:
            members = _split_top(text_, ("=",))
            if len(members) == 2:
                return sympy.Eq(*(sympy.Symbol("_unparsed") if (i == 0) == (part == "rhs") else parse(x, (), front)
                                  for i, x in enumerate(members)), evaluate=False)
    return parse(latex, rewrites, front)


def _deep(obj, fn):
    """``fn`` applied to every sympy member of a printed or parsed object (tuples, lists, dict values)."""
    if isinstance(obj, tuple):
        return type(obj)(_deep(x, fn) for x in obj)
    if isinstance(obj, list):
        return [_deep(x, fn) for x in obj]
    if isinstance(obj, dict):
        return {k: _deep(v, fn) for k, v in obj.items()}
    return fn(obj) if isinstance(obj, sympy.Basic) else obj


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


def _unified(paper_obj, ours):
    """The paper's symbols replaced by ldpref's printed form's symbols of the same name (one quantity that two of
    ldpref's symbol tables declare with different assumptions, e.g. pan-cms's m)."""
    mine = {}
    ours = tuple(ours.values()) if isinstance(ours, dict) else ours
    for sym in _free(ours):
        mine.setdefault(_spelling(sym.name), sym)
    for call in sorted(_applied(ours), key=str):  # f(x) as ldpref's f applied to x where its form writes so (Eq. (3))
        mine.setdefault(_spelling(str(call)), call)
    return _each(paper_obj, lambda x: x.xreplace({s: mine[_spelling(s.name)] for s in x.free_symbols
                                                   if mine.get(_spelling(s.name), s) != s})
                 if isinstance(x, sympy.Basic) else x)


def _spelling(name: str) -> str:
    """A symbol's name without LaTeX grouping braces and font commands: ``l_2^*(\\hat{f})`` and
    ``l_{2}^{*}(\\hat{f})`` are one name, ``Var(\\hat{f}(x))`` and ``\\mathrm{Var}(\\hat{f}(x))`` too (one Var
    style)."""
    return re.sub(r"\\(?:mathrm|text|operatorname)(?![a-zA-Z])|[{}]", "", name)


def _applied(obj) -> set:
    if isinstance(obj, (tuple, list)):
        return set().union(*(_applied(x) for x in obj)) if obj else set()
    return set(obj.atoms(sympy.core.function.AppliedUndef)) if isinstance(obj, sympy.Basic) else set()


def _free(obj) -> set:
    if isinstance(obj, (tuple, list)):
        return set().union(*(_free(x) for x in obj)) if obj else set()
    return set(obj.free_symbols) if isinstance(obj, sympy.Basic) else set()


def _is_ldpref_symbol(sym, paper: str) -> bool:
    module = table(paper)
    return any(_symbol(_package(paper), t, module.SYMBOL_MODULES) == sym for t in module.SYMBOLS.values())
