"""Helpers of :mod:`ldpref.ledger.minimal_edit` (issue 23, item 2) that need nothing of it: square roots of
positive symbols made rational for the exact proofs and the rejecting points (Apple's CMS, jiang-gcms Section IV-B,
is written in sqrt(e^eps)), the display of a ``substitute`` edit (Lemma 1, jiang-gcms Section IV-C, with k = 1)
in the paper's layout, and of a named quantity given an exponent (Appendix C's missing square)."""

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
    ``value`` in ``highlight`` at each of its places inside the edited ``node`` (tokens by ``token_re``): the paper's layout kept, so the reader sees which k became 1 (the
    plain form is the same object simplified).  None when the parameter's LaTeX is no single token or the edited
    node's LaTeX does not occur exactly once in the printed LaTeX."""
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
