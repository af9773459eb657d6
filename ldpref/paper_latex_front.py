r"""The front end of the paper-LaTeX parser (issue 23, item 1): the paper's constructs that sympy's lark grammar
lacks, each read into the sympy object ldpref's printed forms use, before the rest goes to the grammar.

Every reader here is a small text-level rewrite with its own test (``tests/test_paper_latex_front.py``): it finds
one construct, parses its parts with the parser it is given (so that a construct may hold any other), and leaves a
placeholder symbol (``Z_{...}``, a name the grammar reads as one symbol) whose object is substituted after the
grammar has parsed the rest.

* ``\begin{cases} a & \text{if } c \\ b & \text{otherwise} \end{cases}`` -> ``Piecewise((a, c), (b, True))``
  (pan-cms Eqs. (12), (13), (15), Theorem 3.6, Appendix D);
* a chain of relations ``a \leq b < c`` -> the conjunction of its links ``And(a <= b, b < c)`` (pan-cms Eqs.
  (41), (42), (47), (50), Section 4.6); a chain of equalities only stays a ``Chain`` (its members, for ``rhs``);
* ``\max\{..\}`` / ``\min\{..\}`` -> ``Max`` / ``Min`` (the grammar takes them with round brackets);
* ``\sum_{i \in [N]} t`` and ``\sum_{i \in [N] \setminus x} t`` -> the paper's sum objects the table names in
  ``SUMS`` (pan-cms: ``SumIn``, ``SumInExcept``, kept unevaluated as in ldpref's printed forms), else sympy's
  ``Sum`` over ``0..N-1``; the summand runs to the next ``+``/``-`` outside brackets (the paper's convention);
* function notation the table names in ``CALLS`` (pan-cms: ``c_j(a, b)``, ``\bar{c}(a, b)``,
  ``Var(R(h_j(a))[h_j(b)])``) -> the table's function objects, for entries marked ``calls``;
* ``A \iff B`` -> ``Equivalent(A, B)``.

Nothing here is per claim: a form the readers cannot take stays ``unparsed`` in its table with the reason.
"""

from __future__ import annotations

import re
import zlib

import sympy

def placeholder(kind: str, text: str) -> str:
    """The name the grammar reads as one symbol for a construct (``Z_{cs...}``: letters only inside the subscript),
    derived from the construct's text, so that one text gets one name and the grammar's results can be cached."""
    letters = "".join("abcdefghij"[int(c)] for c in str(zlib.crc32(text.encode())))
    return "Z_{" + kind + letters + "}"


def closing(text: str, start: int, pair: tuple[str, str] = ("{", "}")) -> int:
    """The index just after the group opening at ``text[start]`` (balanced ``pair``; ``\\{``/``\\}`` count too)."""
    opener, closer = pair
    depth, i = 0, start
    while i < len(text):
        if text.startswith(opener, i):
            depth += 1
            i += len(opener)
            continue
        if text.startswith(closer, i):
            depth -= 1
            i += len(closer)
            if depth == 0:
                return i
            continue
        i += 1
    raise ValueError(f"unbalanced {opener}{closer} in {text[start:start + 60]!r}")


def top_level(text: str):
    """The indices of ``text`` outside every brace, parenthesis and bracket (``\\{``/``\\}`` count as braces; the
    bracket characters themselves are not yielded)."""
    depth, i = 0, 0
    while i < len(text):
        if text.startswith("\\{", i) or text.startswith("\\}", i):
            depth += 1 if text[i + 1] == "{" else -1
            i += 2
            continue
        ch = text[i]
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif depth == 0:
            yield i
        i += 1


def split_top(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside every brace, parenthesis and bracket."""
    parts, start = [], 0
    for i in top_level(text):
        if i >= start and text.startswith(sep, i):
            parts.append(text[start:i])
            start = i + len(sep)
    parts.append(text[start:])
    return parts


# ---- cases ------------------------------------------------------------------------------------------------------

_CASES = re.compile(r"\\begin\{cases\}(.*?)\\end\{cases\}", re.S)
_IF = re.compile(r"^\s*(?:\\quad\s*)?(?:\\text|\\mathrm)\{\s*if\s*\}\s*")
_OTHERWISE = re.compile(r"^\s*\\text\{\s*(?:otherwise|else)\s*\}\s*$")


def cases_condition(text: str, parse):
    """The condition of one branch: ``\\text{if } c`` -> c parsed; ``\\text{otherwise}`` -> True."""
    text = text.strip().rstrip(".,;").strip()
    if _OTHERWISE.match(text):
        return sympy.true
    text = _IF.sub("", text)
    return parse(text)


def read_cases(latex: str, parse) -> tuple[str, dict]:
    """Each ``\\begin{cases}`` block replaced by a placeholder; {placeholder symbol: Piecewise}."""
    objects = {}

    def one(match):
        rows = [r for r in (r.strip() for r in split_top(match.group(1), "\\\\")) if r]
        branches = []
        for row in rows:
            cells = split_top(row, "&")
            if len(cells) != 2:
                raise ValueError(f"a cases row without one '&': {row[:60]!r}")
            value = parse(cells[0].strip().rstrip(".,;"))
            branches.append((value, cases_condition(cells[1], parse)))
        name = placeholder("cs", match.group(0))
        objects[sympy.Symbol(name)] = sympy.Piecewise(*branches, evaluate=False)
        return " " + name + " "

    return _CASES.sub(one, latex), objects


# ---- relations ----------------------------------------------------------------------------------------------------

RELATIONS = ((r"\leq", sympy.Le), (r"\le", sympy.Le), (r"\geq", sympy.Ge), (r"\ge", sympy.Ge),
             (r"\neq", sympy.Ne), (r"\ne", sympy.Ne), (r"\lt", sympy.Lt), (r"\gt", sympy.Gt),
             ("<", sympy.Lt), (">", sympy.Gt), ("=", sympy.Eq))


def split_relations(text: str) -> tuple[list[str], list]:
    """The members of a chain of relations at top level and the relation classes between them (a backslash before
    ``<``, ``>`` or ``=``, as in the spacing command ``\\>``, makes no relation)."""
    members, ops, start = [], [], 0
    for i in top_level(text):
        if i < start:
            continue  # inside the relation just read
        for token, cls in RELATIONS:
            end = i + len(token)
            if text.startswith(token, i) and not (token[-1].isalpha() and text[end:end + 1].isalpha()):
                if token[0] != "\\" and text[i - 1:i] == "\\":
                    break
                members.append(text[start:i])
                ops.append(cls)
                start = end
                break
    members.append(text[start:])
    return [m.strip() for m in members], ops


def chain(members: list, ops: list):
    """``a R1 b R2 c`` as ``And(a R1 b, b R2 c)`` (each link a relation, none evaluated)."""
    links = [cls(a, b, evaluate=False) for a, cls, b in zip(members, ops, members[1:])]
    return links[0] if len(links) == 1 else sympy.And(*links, evaluate=False)


# ---- max / min with braces ---------------------------------------------------------------------------------------

_EXTREMUM = re.compile(r"\\(max|min)\s*(?:\\left)?\s*\\\{")


def extrema_brackets(latex: str) -> str:
    """``\\max\\{a, b\\}`` (and ``\\left\\{ .. \\right\\}``) as ``\\max(a, b)``, which the grammar reads as Max."""
    while (match := _EXTREMUM.search(latex)) is not None:
        open_at = match.end() - 2
        end = closing(latex, open_at, ("\\{", "\\}"))
        inner = latex[open_at + 2:end - 2]
        inner = re.sub(r"\\right\s*$", "", inner)
        latex = latex[:match.start()] + "\\" + match.group(1) + "(" + inner + ")" + latex[end:]
    return latex


# ---- sums over index sets -----------------------------------------------------------------------------------------

_SUM = re.compile(r"\\sum_\{\s*([^{}]+?)\s*\\in\s*\[\s*([^\[\]]+?)\s*\]\s*(?:\\setminus\s*(\{[^{}]*\}|[^\s{}]+))?\s*\}")


def summand_end(text: str, start: int) -> int:
    """Where a summand starting at ``start`` ends: the next ``+``/``-`` or relation outside brackets, or the end of
    the enclosing group."""
    depth, i = 0, start
    seen = False
    while i < len(text):
        ch = text[i]
        if text.startswith("\\{", i) or text.startswith("\\}", i):
            depth += 1 if text[i + 1] == "{" else -1
            i += 2
            continue
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            if depth == 0:
                return i
            depth -= 1
        elif depth == 0 and seen and (ch in "+-=<>" or text.startswith("\\le", i) or text.startswith("\\ge", i)):
            return i
        if not ch.isspace():
            seen = True
        i += 1
    return i


def read_sums(latex: str, parse, sums: dict) -> tuple[str, dict]:
    """Each ``\\sum_{i \\in [N]}`` / ``\\sum_{i \\in [N] \\setminus x}`` with its summand replaced by a
    placeholder; {placeholder symbol: the sum object} (``sums``: ``in``/``except`` -> constructor, or empty)."""
    objects = {}
    while (match := _SUM.search(latex)) is not None:
        end = summand_end(latex, match.end())
        term = parse(latex[match.end():end])
        name = placeholder("sm", latex[match.start():end])
        index, size = parse(match.group(1)), parse(match.group(2))
        excluded = match.group(3)
        if excluded is None:
            obj = sums["in"](term, index, size) if "in" in sums else sympy.Sum(term, (index, 0, size - 1))
        else:
            x = parse(excluded.strip("{}"))
            obj = (sums["except"](term, index, size, x) if "except" in sums
                   else sympy.Sum(term, (index, 0, size - 1)) - term.subs(index, x))
        objects[sympy.Symbol(name)] = obj
        latex = latex[:match.start()] + " " + name + " " + latex[end:]
    return latex, objects


def linear_sums(expr, classes: tuple):
    """Sums in a canonical linear form (each summand expanded, the factors free of the index taken out), so that two
    transcriptions of one sum compare equal by ``simplify``; ``classes``: the sum constructors (index is arg 1)."""
    if not classes or not isinstance(expr, sympy.Basic):
        return expr

    def canon(call):
        term, index, rest = call.args[0], call.args[1], call.args[2:]
        out = sympy.Integer(0)
        for add in sympy.Add.make_args(sympy.expand(term)):
            free, bound = [], []
            for factor in sympy.Mul.make_args(add):
                (bound if factor.has(index) else free).append(factor)
            out += sympy.Mul(*free) * call.func(sympy.Mul(*bound), index, *rest)
        return out

    return expr.replace(lambda e: isinstance(e, classes), canon)


# ---- function notation ---------------------------------------------------------------------------------------------

ARG = r"((?:[^(),]|\([^()]*\))+?)"  # one argument: no comma, at most one level of round brackets (X^{(i)})


def read_calls(latex: str, parse, calls) -> tuple[str, dict]:
    """Function notation replaced by placeholders; {placeholder symbol: the object}.  ``calls``: (regex of the
    whole construct, its groups the arguments (:data:`ARG`), constructor of the parsed groups)."""
    objects = {}
    for pattern, build in calls:
        pattern = re.compile(pattern)
        while (match := pattern.search(latex)) is not None:
            name = placeholder("cl", match.group(0))
            objects[sympy.Symbol(name)] = build(*(parse(g.strip()) for g in match.groups()))
            latex = latex[:match.start()] + " " + name + " " + latex[match.end():]
    return latex, objects


def square_brackets(latex: str) -> str:
    """The paper's square grouping brackets ``\\frac{m}{m-1} [f(x) + ...]`` as round ones (the grammar has none); run
    after the sums (``[d]``) and the table's rewrites (``E[..]``) have taken the brackets that mean something else."""
    return latex.replace("[", "(").replace("]", ")")


# ---- ranges, constants, words ----------------------------------------------------------------------------------------

_FORALL_IN = re.compile(r"^\s*\\forall\s*(.+?)\s*\\in\s*\[(.*)\]\s*$", re.S)


def read_range(text: str, parse):
    """``\\forall v \\in [a, b]`` (pan-cms Theorem 3.5, Appendix C) as ``Contains(v, Interval(a, b))``, or None when
    ``text`` is not such a range."""
    match = _FORALL_IN.match(text)
    if match is None:
        return None
    ends = split_top(match.group(2), ",")
    if len(ends) != 2:
        return None
    return sympy.Contains(parse(match.group(1)), sympy.Interval(*(parse(e.strip()) for e in ends)), evaluate=False)


_PI = re.compile(r"\\pi(?![a-zA-Z])")


def read_constants(latex: str) -> tuple[str, dict]:
    """``\\pi`` (which the grammar lacks) as the constant pi (pan-cms Table 1, row SS)."""
    if not _PI.search(latex):
        return latex, {}
    name = placeholder("pi", "pi")
    return _PI.sub(" " + name + " ", latex), {sympy.Symbol(name): sympy.pi}


_CLOSEST = re.compile(r"\\text\{\s*(?:the\s+)?closest\s+integer\s+to\s*\}\s*\(")


def read_closest(latex: str, parse) -> tuple[str, dict]:
    """The paper's words 'the closest integer to (X)' as ``floor(X + 1/2)``, the rounding ldpref's printed forms use
    (ties upwards: the paper does not say how a tie goes)."""
    objects = {}
    while (match := _CLOSEST.search(latex)) is not None:
        end = closing(latex, match.end() - 1, ("(", ")"))
        name = placeholder("ci", latex[match.start():end])
        objects[sympy.Symbol(name)] = sympy.floor(parse(latex[match.end():end - 1]) + sympy.Rational(1, 2))
        latex = latex[:match.start()] + " " + name + " " + latex[end:]
    return latex, objects


def read_operators(latex: str, parse, operators) -> tuple[str, dict]:
    """An operator on a square-bracketed argument, ``E[X]`` (``operators``: (name, constructor)), as the
    constructor applied to the parsed argument (brackets balanced: ``E[\\hat{f}(x) - E[\\hat{f}(x)]]``)."""
    objects = {}
    for head, build in operators:
        pattern = re.compile(r"(?<![\\a-zA-Z])" + re.escape(head) + r"\[")
        while (match := pattern.search(latex)) is not None:
            end = closing(latex, match.end() - 1, ("[", "]"))
            name = placeholder("op", latex[match.start():end])
            objects[sympy.Symbol(name)] = build(parse(latex[match.end():end - 1]))
            latex = latex[:match.start()] + " " + name + " " + latex[end:]
    return latex, objects


def floor_division(latex: str, parse):
    """``a // b`` (pan-cms Section 4.3 writes ``d//2^{b-1}``) as ``floor(a / b)``, or None without ``//``."""
    parts = split_top(latex, "//")
    if len(parts) != 2:
        return None
    return sympy.floor(parse(parts[0]) / parse(parts[1]))


def continued_lines(lines: list[str]) -> list[str]:
    """Displayed lines, each that starts with a relation (``\\\\ = ...``, an aligned chain's next member) joined to
    the line before it."""
    out: list[str] = []
    for line in lines:
        starts = re.match(r"\s*(?:=|<|>|\\leq?(?![a-zA-Z])|\\geq?(?![a-zA-Z])|\\neq?(?![a-zA-Z]))", line)
        if out and starts:
            out[-1] = out[-1] + " " + line
        else:
            out.append(line)
    return out


_GROWTH = re.compile(r"\\(Theta|Omega|Pr)\s*\(|(?<![\\a-zA-Z])(O|Pr)\s*\(|\\mathcal\{(O)\}\s*\(")


def read_growth(latex: str, parse) -> tuple[str, dict]:
    """An order of growth ``\\Theta(X)``, ``\\Omega(X)``, ``O(X)`` and a probability ``\\Pr(A)`` as the undefined
    function of that name applied to X (ldpref's statements of Table 1 and Appendix I print them the same way: the two
    are compared as written)."""
    objects = {}
    while (match := _GROWTH.search(latex)) is not None:
        end = closing(latex, match.end() - 1, ("(", ")"))
        name = placeholder("gr", latex[match.start():end])
        head = next(g for g in match.groups() if g)
        objects[sympy.Symbol(name)] = sympy.Function(head)(parse(latex[match.end():end - 1]))
        latex = latex[:match.start()] + " " + name + " " + latex[end:]
    return latex, objects
