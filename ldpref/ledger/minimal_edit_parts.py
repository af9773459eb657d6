"""Helpers of :mod:`ldpref.ledger.minimal_edit` (issue 23, item 2) that need nothing of it: square roots of
positive symbols made rational for the exact proofs and the rejecting points (Apple's CMS, jiang-gcms Section IV-B,
is written in sqrt(e^eps)), the display of a ``substitute`` edit (Lemma 1, jiang-gcms Section IV-C, with k = 1)
in the paper's layout, and of a named quantity given an exponent (Appendix C's missing square); the display of a
``where`` edit (pan-cms Theorem 3.8's m_0); token-group tests of the highlighter."""

from __future__ import annotations

import re

import sympy

from ..latex import to_latex


def roots_of(expr) -> frozenset:
    """Positive symbols that occur under a square root (Apple's sqrt(e^eps)): (half-)integer powers of them."""
    return frozenset(x.base for x in expr.atoms(sympy.Pow) if x.base.is_Symbol and x.base.is_positive
                     and x.exp.is_Rational and x.exp.q == 2)


def rationalised(diff):
    """``diff`` with each positive symbol under a square root written as the square of a fresh positive symbol
    (sqrt(x) = h exactly for x = h^2, h > 0): a rational function again when only such roots made it irrational."""
    rooted = roots_of(diff)
    if not rooted:
        return diff
    return diff.xreplace({x: sympy.Dummy(f"sqrt_{x}", positive=True) ** 2 for x in rooted})


_NAME_COMMANDS = {r"\operatorname", r"\mathrm", r"\text", r"\mathbf", r"\mathcal", r"\mathbb", r"\boldsymbol",
                  r"\textcolor"}


def substituted_latex(node, printed_latex: str, sym, value, token_re, highlight: str) -> str | None:
    """The printed LaTeX with the parameter ``sym`` a ``substitute`` edit sets (Lemma 1's k) shown as its new
    ``value`` in ``highlight`` at each of its places inside the edited ``node`` (tokens by ``token_re``): the paper's
    layout kept, so the reader sees which k became 1 (the plain form is the same object simplified).  None when the
    parameter's LaTeX is no single token or the edited node's LaTeX does not occur exactly once in the printed LaTeX."""
    name = to_latex(sym)
    if len(token_re.findall(name)) != 1:
        return None
    inner = to_latex(node)
    if printed_latex.count(inner) != 1:
        return None
    tokens, out, skip, depth = token_re.findall(inner), [], False, 0
    for i, t in enumerate(tokens):
        if skip:  # inside the brace argument of a naming command (\operatorname{argmin}): letters, not symbols
            depth += (t == "{") - (t == "}")
            skip = depth > 0
            out.append(t)
            continue
        if t in _NAME_COMMANDS and i + 1 < len(tokens) and tokens[i + 1] == "{":
            skip, depth = True, 0
            out.append(t)
            continue
        out.append(f"{highlight}{{{to_latex(value)}}}" if t == name else t)
    marked = "".join(out)
    if marked == inner:
        return None
    return printed_latex.replace(inner, marked, 1)


def extended_symbol_latex(text: str, old, new, highlight: str) -> str | None:
    """``text`` with a ``symbol`` edit that only appends an exponent to a named quantity (Appendix C's
    ``(p-q)^2(1-\\frac{1}{m})`` -> ``...^2``, jiang-gcms) shown as the old name with the new exponent alone in
    ``highlight``; None when the edit is not of that kind or the new name does not occur exactly once."""
    if not (isinstance(old, sympy.Symbol) and isinstance(new, sympy.Symbol)) or not new.name.startswith(old.name):
        return None
    suffix = new.name[len(old.name):]
    power = re.fullmatch(r"\^(?:\{([^{}]*)\}|([^{}\s]))", suffix)
    if power is None or text.count(new.name) != 1:
        return None
    exponent = power.group(1) if power.group(1) is not None else power.group(2)
    return text.replace(new.name, f"{old.name}^{{{highlight}{{{exponent}}}}}", 1)


def where_table(printed, edit: dict, subtree) -> dict:
    """The replacements of a ``where`` edit (pan-cms Theorem 3.8 / Appendix E, Eq. (43): the derivative bound taken
    at m_0 = m(1 - (2q+1)^{-2}), not at m), as two tables for ``_replace_all``: each subtree at the paths
    ``edit["at"]`` (into ``printed``, found by ``subtree``) with the parameter ``edit["symbol"]`` replaced by
    ``edit["new"]`` (the value: the evaluated correction), and by ``edit["name"]`` (the display, whose
    where-clause defines the name)."""
    sym, name, value = (sympy.sympify(edit[k]) for k in ("symbol", "name", "new"))
    return {tuple(p): ("replace", subtree(printed, tuple(p)).xreplace({sym: value})) for p in edit["at"]}, \
        {tuple(p): ("replace", subtree(printed, tuple(p)).xreplace({sym: name})) for p in edit["at"]}


def where_latex(named_form, edit: dict, highlight: str | None) -> str:
    """LaTeX of a ``where`` edit as an author writes it: the printed layout with the new name at each replaced
    place (in ``highlight`` when given; plain otherwise) and, after it, the name's definition
    (``, \\quad m_{0} = m - \\frac{m}{(2q+1)^2}``, highlighted whole).  The definition is the edit's value, so the
    display substituted back is the evaluated correction (``tests/test_minimal_edit_by_hand.py``)."""
    name, value = sympy.sympify(edit["name"]), sympy.sympify(edit["new"])
    text, name_tex = to_latex(named_form), to_latex(name)
    clause = f"{name_tex} = {to_latex(value)}"
    if highlight is not None:
        text = re.sub(re.escape(name_tex) + r"(?![A-Za-z0-9_'])", lambda _: f"{highlight}{{{name_tex}}}", text)
        clause = f"{highlight}{{{clause}}}"
    return f"{text}, \\quad {clause}"


def _closed(span) -> bool:
    """Every argument-taking command in ``span`` is followed by a brace group inside it (crudely: the span ends in a
    closing brace or a plain token)."""
    return span[-1] == "}" or not span[-1].startswith("\\")


def _balanced(tokens) -> bool:
    depth = lr = 0
    for t in tokens:
        depth += (t == "{") - (t == "}")
        lr += t.startswith("\\left") - t.startswith("\\right")
        if depth < 0 or lr < 0 or t in ("&", "\\\\", "^", "_") and t == tokens[-1]:
            return False
    return depth == 0 and lr == 0 and not any(t in ("&", "\\\\") for t in tokens)
