"""Long displayed formulas broken over lines for a printed page (issue 23, items 3 and 5).

ldpref's forms are single-line LaTeX (``sympy.latex``); 161 of them are wider than an article's text width.  This
module parses a formula into a small tree (brace groups, ``\\left ... \\right`` pairs, environments), estimates
the width of every part in em, and returns rows for an ``align*`` display that fit a given width:

- a tuple of equations (top-level ``,\\quad``) gives one row per element;
- a sum is split at its top-level ``+`` / ``-`` (and relations), rows packed greedily, continuation rows indented;
- a term still too wide is broken inside: its widest ``\\left( ... \\right)`` pair is split over rows
  (``\\right.`` / ``\\left.``), or a wide fraction gets its numerator / denominator stacked in ``aligned``;
- a long ``\\text{...}`` run becomes a ``\\parbox`` that wraps;
- only what none of these can break (a wide matrix) is scaled to the line (``\\resizebox``), and counted.
- a row holding a case split is wrapped in ``\\fittopage`` (defined in :data:`ldpref.errata_tex.PREAMBLE`), which
  scales it to 0.8 of the page height only when it is taller (nested cases cannot break over rows).

Only the layout changes: the rows, read in order, are the same token sequence as the formula (plus the
``\\right.`` / ``\\left.`` and ``aligned`` wrappers), so the displayed mathematics is the object the check evaluated.
The width estimate is deliberately crude; ``tests/test_errata_tex.py`` compiles every displayed form with pdflatex
and fails on any overfull box wider than 20pt, which is what keeps the estimate honest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_TOKEN = re.compile(r"\\[A-Za-z]+\*?|\\.|[{}]|\s+|.", re.S)

#: em widths of a few tokens (Computer Modern at display size, with TeX's math spacing around operators)
_BIN = {"+": 1.22, "-": 1.22, r"\pm": 1.22, r"\mp": 1.22, r"\cdot": 0.72, r"\times": 1.22}
_REL = {"=", "<", ">", r"\leq", r"\geq", r"\le", r"\ge", r"\neq", r"\approx", r"\equiv", r"\sim", r"\in",
        r"\notin", r"\subseteq", r"\to", r"\rightarrow", r"\Rightarrow", r"\iff", r"\Leftrightarrow", r"\mapsto",
        r"\ll", r"\gg", r"\propto", r"\lt", r"\gt", r"\wedge", r"\vee", r"\land", r"\lor", r"\implies"}
_SPACE = {r"\quad": 1.0, r"\qquad": 2.0, r"\,": 0.17, r"\:": 0.22, r"\;": 0.28, r"\ ": 0.33, r"\!": -0.17,
          "~": 0.33}
_ONE_ARG = {r"\text", r"\mathrm", r"\operatorname", r"\mathbf", r"\mathit", r"\textrm", r"\mathcal", r"\mathbb",
            r"\boldsymbol", r"\overline", r"\hat", r"\bar", r"\tilde", r"\widetilde", r"\widehat", r"\mathsf",
            r"\texttt", r"\textit", r"\textbf", r"\vec", r"\dot", r"\underline", r"\mathfrak", r"\mathtt",
            r"\emph", r"\hbox", r"\mbox"}
_TEXT_ARG = {r"\text", r"\textrm", r"\texttt", r"\textit", r"\textbf", r"\emph", r"\hbox", r"\mbox"}
_TWO_ARG = {r"\frac", r"\dfrac", r"\tfrac", r"\binom", r"\dbinom", r"\tbinom"}
_BIG_OP = {r"\sum": 1.44, r"\prod": 1.28, r"\int": 0.8, r"\bigcup": 1.1, r"\bigcap": 1.1, r"\max": 1.6,
           r"\min": 1.5, r"\lim": 1.3, r"\sup": 1.4, r"\inf": 1.2}
#: the em width of one character of a ``\text`` run or an operator name (upright roman, 11pt)
_TEXT_EM = 0.5
#: the text width (em) the documents are set in: A4 less 2 x 2.5cm at 11pt
LINE_EM = 41.5
#: the em width of one math letter or digit (italic or upright); capitals are wider
_GLYPH_EM = 0.56
_CAPITAL_EM = 0.78


@dataclass
class Group:
    """``{...}``"""
    items: list


@dataclass
class LeftRight:
    """``\\left<open> ... \\right<close>``"""
    open: str
    items: list
    close: str


@dataclass
class Env:
    """``\\begin{name}[spec] ... \\end{name}`` (``spec``: the raw text between the name and the body, e.g. ``{cc}``)"""
    name: str
    items: list
    spec: str = ""


@dataclass
class _Cursor:
    tokens: list
    pos: int = 0
    stack: list = field(default_factory=list)


def parse(latex: str) -> list:
    """The item tree of ``latex``: tokens (str), :class:`Group`, :class:`LeftRight` and :class:`Env`.

    Raises ValueError on unbalanced braces, ``\\left`` / ``\\right`` or environments."""
    cur = _Cursor(_TOKEN.findall(latex))
    items = _parse_until(cur, None)
    if cur.pos != len(cur.tokens):
        raise ValueError(f"unbalanced LaTeX near token {cur.pos}: {latex[:80]!r}")
    return items


def _next_nonspace(cur: _Cursor) -> str:
    while cur.pos < len(cur.tokens) and cur.tokens[cur.pos].isspace():
        cur.pos += 1
    if cur.pos >= len(cur.tokens):
        raise ValueError("LaTeX ends where a delimiter or a name was expected")
    tok = cur.tokens[cur.pos]
    cur.pos += 1
    return tok


def _parse_until(cur: _Cursor, end) -> list:
    out = []
    while cur.pos < len(cur.tokens):
        tok = cur.tokens[cur.pos]
        if tok == "}" and end == "}":
            cur.pos += 1
            return out
        if tok == r"\right" and end == r"\right":
            cur.pos += 1
            return out
        if tok == r"\end" and isinstance(end, tuple):
            cur.pos += 1
            name = _group_text(cur)
            if name != end[1]:
                raise ValueError(f"\\end{{{name}}} closes \\begin{{{end[1]}}}")
            return out
        if tok in ("}", r"\right", r"\end"):
            raise ValueError(f"unbalanced {tok}")
        cur.pos += 1
        if tok == "{":
            out.append(Group(_parse_until(cur, "}")))
        elif tok == r"\left":
            opening = _next_nonspace(cur)
            body = _parse_until(cur, r"\right")
            out.append(LeftRight(opening, body, _next_nonspace(cur)))
        elif tok == r"\begin":
            name = _group_text(cur)
            spec = ""
            while cur.pos < len(cur.tokens) and cur.tokens[cur.pos] in ("{", "["):  # array column spec
                closing = "}" if cur.tokens[cur.pos] == "{" else "]"
                j = cur.tokens.index(closing, cur.pos)
                spec += "".join(cur.tokens[cur.pos:j + 1])
                cur.pos = j + 1
            out.append(Env(name, _parse_until(cur, ("env", name)), spec))
        else:
            out.append(tok)
    if end is not None:
        raise ValueError(f"LaTeX ends inside {end}")
    return out


def _group_text(cur: _Cursor) -> str:
    if _next_nonspace(cur) != "{":
        raise ValueError("\\begin / \\end without a {name}")
    j = cur.tokens.index("}", cur.pos)
    name = "".join(cur.tokens[cur.pos:j])
    cur.pos = j + 1
    return name


def render(items) -> str:
    """LaTeX of an item tree (``render(parse(s))`` is ``s``, up to whitespace inside ``\\left`` / ``\\begin``)."""
    if isinstance(items, str):
        return items
    if isinstance(items, Group):
        return "{" + render(items.items) + "}"
    if isinstance(items, LeftRight):
        return rf"\left{items.open}" + render(items.items) + rf"\right{items.close}"
    if isinstance(items, Env):
        return rf"\begin{{{items.name}}}{items.spec}" + render(items.items) + rf"\end{{{items.name}}}"
    return "".join(render(i) for i in items)


def _text_len(item) -> int:
    s = render(item)
    s = re.sub(r"\\[A-Za-z]+", "x", s)
    return len(re.sub(r"[{}\\]", "", s))


def width(items, scale: float = 1.0) -> float:
    """Estimated width in em of an item list (``scale``: 0.7 in a superscript, 0.5 in a second-level one)."""
    if not isinstance(items, list):
        items = [items]
    total, i = 0.0, 0
    while i < len(items):
        it = items[i]
        i += 1
        if isinstance(it, Group):
            total += width(it.items, scale)
        elif isinstance(it, LeftRight):
            total += width(it.items, scale) + 0.9 * scale
        elif isinstance(it, Env):
            total += _env_width(it, scale)
        elif it.isspace():
            continue
        elif it in ("^", "_"):
            if i < len(items):
                total += width([items[i]], max(0.5, scale * 0.7))
                i += 1
        elif it in _TWO_ARG:
            args, i = _args(items, i, 2)
            total += max((width([a], scale) for a in args), default=0.0) + 0.3 * scale
        elif it == r"\sqrt":
            while i < len(items) and items[i] == "[":  # \sqrt[n]{x}
                j = items.index("]", i)
                total += 0.4 * scale
                i = j + 1
            args, i = _args(items, i, 1)
            total += sum(width([a], scale) for a in args) + 1.0 * scale
        elif it == r"\parbox":  # \parbox[t]{0.77\linewidth}{...}: the box's own width
            while i < len(items) and items[i] == "[":
                i = items.index("]", i) + 1
            args, i = _args(items, i, 2)
            m = re.match(r"([0-9.]+)\\linewidth", render(args[0].items) if args and isinstance(args[0], Group) else "")
            total += float(m.group(1)) * LINE_EM if m else 0.0
        elif it in _TEXT_ARG:
            args, i = _args(items, i, 1)
            total += sum(_text_len(a) for a in args) * _TEXT_EM * scale
        elif it in (r"\operatorname", r"\mathrm"):
            args, i = _args(items, i, 1)
            total += sum(_text_len(a) for a in args) * _TEXT_EM * scale * 1.1
        elif it in _ONE_ARG:
            args, i = _args(items, i, 1)
            total += sum(width([a], scale) for a in args)
        elif it in _BIN:
            total += _BIN[it] * scale if scale == 1.0 else 0.8 * scale
        elif it in _REL:
            total += 1.35 * scale if scale == 1.0 else 0.8 * scale
        elif it in _SPACE:
            total += _SPACE[it] * scale
        elif it in _BIG_OP:
            total += _BIG_OP[it] * scale + 0.2
            if i < len(items) and items[i] in ("_", "^"):  # limits below / above: the widest of op and limits
                limits = 0.0
                while i < len(items) and items[i] in ("_", "^"):
                    limits = max(limits, width([items[i + 1]], 0.7 * scale) if i + 1 < len(items) else 0.0)
                    i += 2
                total += max(0.0, limits - _BIG_OP[it] * scale)
        elif it in (",", ";"):
            total += 0.45 * scale
        elif it in ("(", ")", "[", "]", "|", r"\{", r"\}", r"\langle", r"\rangle"):
            total += 0.42 * scale
        elif it == r"\\" or it == "&":
            continue
        elif it.startswith("\\") and len(it) > 2 and it[1:].isalpha() and it in (r"\log", r"\ln", r"\exp",
                                                                               r"\det", r"\Pr", r"\sin", r"\cos"):
            total += (len(it) - 1) * _TEXT_EM * scale + 0.2 * scale
        else:
            total += (_CAPITAL_EM if it.isupper() else _GLYPH_EM) * scale
    return total


def _args(items: list, i: int, n: int):
    args = []
    while len(args) < n and i < len(items):
        if isinstance(items[i], str) and items[i].isspace():
            i += 1
            continue
        args.append(items[i])
        i += 1
    return args, i


def _env_width(env: Env, scale: float) -> float:
    rows = _split_rows(env.items)
    widest = 0.0
    for row in rows:
        cells = _split_on(row, "&")
        widest = max(widest, sum(width(c, scale) for c in cells) + 1.0 * (len(cells) - 1))
    return widest + 1.2 * scale


def _split_rows(items: list) -> list[list]:
    return _split_on(items, r"\\")


def _split_on(items: list, token: str) -> list[list]:
    rows, row = [], []
    for it in items:
        if it == token:
            rows.append(row)
            row = []
        else:
            row.append(it)
    rows.append(row)
    return rows


# ---- breaking -------------------------------------------------------------------------------------------------

#: a continuation row starts with this much indentation (em) after the first row
INDENT_EM = 2.0
INDENT = r"\qquad "
#: a part no wider than this (em) is never scaled: it is left whole, however little room its row has
UNBROKEN_EM = 24.0
#: a broken row still estimated wider than this many limits is scaled to the line (the estimate errs by < 1.35)
SCALE_ABOVE = 1.3


@dataclass
class Layout:
    """The rows of one display, and how many rows had to be scaled because nothing could break them."""
    rows: list[str]
    scaled: int = 0


def _is_operand_end(it) -> bool:
    """Whether ``it`` can end an operand (so a following ``+`` / ``-`` is binary, a place to break)."""
    if isinstance(it, (Group, LeftRight, Env)):
        return True
    return not (it.isspace() or it in _BIN or it in _REL or it in ("(", "[", ",", "^", "_", "&", r"\\")
                or it in _SPACE)


def _tuple_elements(items: list) -> list[list]:
    """Top-level ``,\\quad``-separated elements (ldpref's tuples of equations)."""
    out, cur, i = [], [], 0
    while i < len(items):
        it = items[i]
        if it == ",":
            j = i + 1
            while j < len(items) and isinstance(items[j], str) and items[j].isspace():
                j += 1
            if j < len(items) and items[j] in (r"\quad", r"\qquad"):
                out.append(cur)
                cur, i = [], j + 1
                continue
        cur.append(it)
        i += 1
    out.append(cur)
    return [e for e in out if any(not (isinstance(x, str) and x.isspace()) for x in e)]


def _terms(items: list) -> list[list]:
    """``items`` cut before every top-level binary operator or relation, and after every top-level comma or ``\\ ``
    (an argument list, a run of words): the pieces a row break may separate."""
    pieces, cur, prev, depth = [], [], None, 0
    for k, it in enumerate(items):
        if isinstance(it, str) and it in ("(", "["):  # inside plain brackets (``\bar{c}(x', x)``): no break
            depth += 1
        elif isinstance(it, str) and it in (")", "]"):
            depth = max(0, depth - 1)
        if depth == 0 and isinstance(it, str) and (it in _BIN and it != r"\cdot" or it in _REL) \
                and prev is not None and _is_operand_end(prev) and cur and _operand_follows(items, k + 1):
            pieces.append(cur)
            cur = []
        cur.append(it)
        if depth == 0 and isinstance(it, str) and it in (",", r"\ ", r"\quad", r"\qquad"):
            pieces.append(cur)
            cur, prev = [], None
            continue
        if not (isinstance(it, str) and it.isspace()):
            prev = it
    if cur:
        pieces.append(cur)
    # a piece of spaces only (after a comma) joins the next piece
    out = []
    for piece in pieces:
        if out and all(isinstance(x, str) and x.isspace() for x in out[-1]):
            out[-1] = out[-1] + piece
        else:
            out.append(piece)
    return out


def _operand_follows(items: list, k: int) -> bool:
    """Whether an operand starts at or after ``items[k]`` (``Var(R|=)``: nothing follows the ``=``, no break)."""
    while k < len(items) and isinstance(items[k], str) and items[k].isspace():
        k += 1
    return k < len(items) and not (isinstance(items[k], str) and items[k] in (")", "]", r"\}", "|", ",", "&"))


def layout(latex: str, limit_em: float) -> Layout:
    """Rows (LaTeX, each for one ``align*`` row after ``&``) showing ``latex`` within ``limit_em`` where it can."""
    try:
        items = parse(latex)
    except ValueError:  # not ours to repair: shown whole (the compile test reports it if it overflows)
        return Layout([latex])
    rows: list[str] = []
    scaled = 0
    for element in _tuple_elements(items):
        erows, esc = _break(element, limit_em)
        for k, r in enumerate(erows):  # a row nothing could break far enough: scaled to the line, and counted
            if width(parse(r)) > limit_em * SCALE_ABOVE:
                erows[k] = r"\resizebox{0.9\linewidth}{!}{$\displaystyle " + r + "$}"
                esc += 1
        # a row holding a case split may be taller than a page (nested cases do not break over rows): the
        # document's \fittopage scales it to 0.8 of the page height only when it is taller than that
        erows = [r"\fittopage{" + r + "}" if r"\begin{cases}" in r else r for r in erows]
        rows += [r if k == 0 else INDENT + _lead(r) for k, r in enumerate(erows)]
        scaled += esc
    return Layout(rows or [latex], scaled)


def _break(items: list, limit: float) -> tuple[list[str], int]:
    """Rows of ``items`` (the first at full ``limit``, the others after an indent); and the number scaled."""
    if width(items) <= limit:
        return [render(items).strip()], 0
    rows, cur, cur_w, scaled = [], [], 0.0, 0
    for piece in _terms(items):
        w = width(piece)
        room = limit if not rows else limit - INDENT_EM
        if w > room and cur and cur_w < limit / 3:  # a short head (``y =``) starts the row the wide piece begins
            sub, sc = _break_term(piece, room - cur_w)
            scaled += sc
            rows += [render(cur).strip() + " " + sub[0], *sub[1:]]
            cur, cur_w = [], 0.0
            continue
        if cur and cur_w + w > room:
            rows.append(render(cur).strip())
            cur, cur_w = [], 0.0
            room = limit - INDENT_EM
        if w > room:  # one piece wider than a row: break it inside
            sub, sc = _break_term(piece, room)
            scaled += sc
            rows += sub
            continue
        cur += piece
        cur_w += w
    if cur:
        rows.append(render(cur).strip())
    return [r for r in rows if r], scaled


def _break_term(items: list, limit: float) -> tuple[list[str], int]:
    """Rows of one term wider than ``limit``: its widest breakable part broken, else scaled to the line."""
    parts = sorted(((width([it]), k) for k, it in enumerate(items)), key=lambda t: -t[0])
    for _, k in parts:
        it = items[k]
        before, after = render(items[:k]), render(items[k + 1:])
        rest = max(limit - width(items[:k]) - width(items[k + 1:]), 8.0)
        previous = next((x for x in reversed(items[:k]) if not (isinstance(x, str) and x.isspace())), None)
        previous = previous if isinstance(previous, str) else None
        if isinstance(it, LeftRight) and it.open != ".":
            # the part before the delimiter shares the first row, the part after it the last
            room = max(limit - max(width(items[:k]), width(items[k + 1:])) - 1.5, limit * 0.5, 8.0)
            inner, scaled = _break(it.items, room)
            if len(inner) == 1:  # one term inside: break that term, keeping the delimiters
                inner, scaled = _break_term(it.items, room)
            if len(inner) == 1:
                return [before + rf"\left{it.open}" + inner[0] + rf"\right{it.close}" + after], scaled
            # the first row opens the delimiter, the last closes it
            rows = [before + rf"\left{it.open}" + inner[0] + r"\right."]
            rows += [r"\left." + _lead(r) + r"\right." for r in inner[1:-1]]
            rows.append(r"\left." + _lead(inner[-1]) + rf"\right{it.close}" + after)
            return rows, scaled
        if isinstance(it, Group) and previous in _TEXT_ARG:
            frac = max(0.2, min(rest, 38.0) / LINE_EM - 0.05)
            box = r"\parbox[t]{" + f"{frac:.2f}" + r"\linewidth}{\raggedright " + render(it.items) + "}"
            head = items[:k]
            while head and isinstance(head[-1], str) and head[-1].isspace():
                head = head[:-1]
            return [render(head[:-1]).rstrip() + " " + box + after], 0  # the \text command gives way to the box
        frac = _frac_start(items, k)
        if frac is not None:  # a fraction: numerator and denominator each stacked where wide
            args, end = _args(items, frac + 1, 2)
            room = max(limit - width(items[:frac]) - width(items[end:]), limit * 0.6, 8.0)
            num, sc1 = _stack(args[0].items, room)
            den, sc2 = _stack(args[1].items, room)
            return [render(items[:frac]) + items[frac] + "{" + num + "}{" + den + "}" + render(items[end:])], sc1 + sc2
        if isinstance(it, Group) and previous not in ("^", "_") and previous not in _ONE_ARG:
            inner, scaled = _break(it.items, rest)
            if len(inner) == 1:
                inner, scaled = _break_term(it.items, rest)
            if len(inner) == 1:
                return [before + "{" + inner[0] + "}" + after], scaled
            return [before + "{" + _aligned(inner) + "}" + after], scaled
        if isinstance(it, Env) and it.name in ("cases", "aligned", "matrix", "pmatrix", "bmatrix", "array"):
            body, scaled = _break_env(it, rest)
            if body is not None:
                return [before + body + after], scaled
    if width(items) <= UNBROKEN_EM:  # a small part inside a larger one: its row's other parts gave way instead
        return [render(items).strip()], 0
    return [r"\resizebox{0.9\linewidth}{!}{$\displaystyle " + render(items).strip() + "$}"], 1


def _frac_start(items: list, k: int) -> int | None:
    """The index of the ``\\frac`` whose numerator or denominator is ``items[k]``, if it is one."""
    j, seen = k - 1, 0
    while j >= 0 and seen < 2:
        x = items[j]
        if isinstance(x, str) and x.isspace():
            j -= 1
            continue
        if isinstance(x, str) and x in _TWO_ARG:
            args, end = _args(items, j + 1, 2)
            ok = len(args) == 2 and all(isinstance(a, Group) for a in args) and end > k
            return j if ok else None
        if not isinstance(x, Group):
            return None
        seen += 1
        j -= 1
    return None


def _aligned(rows: list[str]) -> str:
    return (r"\begin{aligned}[t]&" + r"\\&".join(r if k == 0 else INDENT + _lead(r) for k, r in enumerate(rows))
            + r"\end{aligned}")


def _lead(row: str) -> str:
    """A continuation row that starts with a binary operator gets ``{}`` before it (binary spacing kept)."""
    return "{}" + row if row[:1] in "+-=<>" or row.startswith((r"\cdot", r"\wedge", r"\vee", r"\leq", r"\geq",
                                                                 r"\neq", r"\Rightarrow", r"\pm")) else row


def _break_env(env: Env, limit: float) -> tuple[str | None, int]:
    """A ``cases`` (or matrix) environment whose cells are stacked where wide: each cell at most about half the
    line (the value) or the rest of it (the condition)."""
    rows = _split_rows(env.items)
    out, scaled = [], 0
    for row in rows:
        cells = _split_on(row, "&")
        if len(cells) > 2:
            return None, 0
        first_w = min(width(cells[0]), limit * 0.35) if len(cells) == 2 else limit - 1.0
        new = []
        for j, cell in enumerate(cells):
            room = first_w if j == 0 else max(limit - first_w - 2.5, 8.0)
            text, sc = _stack(cell, room)
            new.append(text)
            scaled += sc
        out.append(" & ".join(new))
    return (rf"\begin{{{env.name}}}{env.spec}" + r" \\ ".join(out) + rf"\end{{{env.name}}}"), scaled


def _stack(items: list, limit: float) -> tuple[str, int]:
    """``items`` as one ``aligned`` block of rows when wider than ``limit``, else as they are."""
    if width(items) <= limit:
        return render(items), 0
    rows, scaled = _break(items, limit - 1.0)
    if len(rows) == 1:
        return rows[0], scaled
    return _aligned(rows), scaled


def display(latex: str, limit_em: float = 36.0) -> tuple[str, int]:
    """An ``align*`` display of ``latex`` broken to ``limit_em``, and the number of rows that had to be scaled."""
    lay = layout(latex, limit_em)
    body = "\\\\\n".join("&" + r for r in lay.rows)
    return "\\begin{align*}\n" + body + "\n\\end{align*}\n", lay.scaled
