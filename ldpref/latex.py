"""LaTeX of ldpref's sympy objects in the papers' notation (issue 23, item 3).

Only the rendering differs from ``sympy.latex``; the object printed is the object a check evaluates:

- powers of e^eps as the papers write them (pan-cms Thm 3.5, Table 1; jiang-gcms Sec. III): ``e^{\\epsilon/2}``
  for sqrt(e^eps), ``e^{2\\epsilon}`` for (e^eps)^2, ``e^{k\\epsilon}`` for (e^eps)^k; in a denominator sympy's
  ``\\frac{1}{...}`` keeps the positive power, as the papers do;
- a sum never starts with a negative term when it has a positive one (``n - f``, not ``-f + n``): the positive
  terms move to the front, each part in sympy's order; in a sum of negative terms only, a product with one sum
  factor takes the sign into it (``-f (q - 1) - n q`` prints ``f (1 - q) - n q``);
- one variance style, the papers' upright ``\\mathrm{Var}`` (pan-cms Sec. 2 writes ``\\text{Var}``), also inside
  symbol names such as ``Var(R|=)``; one expectation style, the papers' ``E[...]``;
- a symbol whose name is already LaTeX with a subscript and a product (``\\alpha_2 k (m-1)``, jiang-gcms App. C)
  keeps its subscript to the first token;
- a ceiling or floor of a flat argument as pan-cms writes it, ``\\lceil \\log_2 d \\rceil`` (sympy: ``\\left\\lceil{...}
  \\right\\rceil``, kept around a fraction, root or binomial);
- the natural logarithm of an integer as ``\\ln 2`` (a factor log2 e = 1/ln 2 of a bit count);
- a symbol registered with :func:`register_display_name` prints as the paper writes it (jiang-gcms's count f
  as ``f(d)``).

:class:`PaperLatexPrinter` is a plain sympy printer subclass, so a caller that wraps sub-expressions (highlighting
an edit) can subclass it and still get the notation.
"""

from __future__ import annotations

import re

import sympy
from sympy.printing.latex import LatexPrinter

from .exact import EXP_EPS, LATEX_NAMES

#: symbol -> LaTeX, for symbols the papers print otherwise than by their name (filled by the derivations)
DISPLAY_NAMES: dict = {}

_VAR_STYLES = re.compile(r"\\(?:text|operatorname|mathit)\{Var\}"
                         r"|(?<![A-Za-z\\])(?<!\\mathrm\{)(?<!\\text\{)(?<!\\operatorname\{)(?<!\\mathit\{)"
                         r"Var(?=\s*[(\[|])")
_EXPECTATION = re.compile(r"\\mathbb\{E\}\s?")
_EPS = r"\epsilon"
_SUBSCRIPT_THEN_MORE = re.compile(r"(\\?[A-Za-z]+_[A-Za-z0-9]+)(\\ | )(.+)", re.S)
_EPSILON = sympy.Symbol("epsilon", positive=True)  # the papers' eps where a derivation writes eps itself
#: commands that make a formula taller than a line: a ceiling or floor around one keeps sympy's \left ... \right
_TALL = (r"\frac", r"\dfrac", r"\binom", r"\sqrt", r"\sum", r"\prod", r"\int", r"\begin", r"\lim", r"\max_",
         r"\min_", r"\operatorname*")
#: sympy's natural log of an integer, not raised to a power: the papers' (and every reader's) ``\ln 2``
_LN_OF_INTEGER = re.compile(r"\\log\{\\left\((\d+) \\right\)\}(?![\^_])")


def register_display_name(symbol: sympy.Symbol, latex: str) -> sympy.Symbol:
    """Print ``symbol`` as ``latex`` in every displayed form (returns the symbol, for use at definition)."""
    DISPLAY_NAMES[symbol] = latex
    return symbol


def var_style(latex: str) -> str:
    """``latex`` with every variance operator in the one upright style ``\\mathrm{Var}`` and every expectation in
    the papers' ``E`` (pan-cms and jiang-gcms write ``E[...]``, not ``\\mathbb{E}``)."""
    return _EXPECTATION.sub("E", _VAR_STYLES.sub(lambda _m: r"\mathrm{Var}", latex))


def exp_eps_power(exponent: sympy.Expr, printer: LatexPrinter | None = None) -> str:
    """``e^{...}`` for (e^eps)^exponent in the papers' notation: e^{\\epsilon/2}, e^{2\\epsilon}, e^{k\\epsilon},
    e^{-\\epsilon/2}, e^{3\\epsilon/2}."""
    printer = printer or PaperLatexPrinter()
    if exponent == 1:
        return r"e^{\epsilon}"
    sign = "-" if exponent.could_extract_minus_sign() else ""
    magnitude = -exponent if sign else exponent
    if magnitude.is_Rational:
        num, den = int(magnitude.p), int(magnitude.q)
        head = _EPS if num == 1 else f"{num}{_EPS}"
        return "e^{" + sign + head + ("" if den == 1 else f"/{den}") + "}"
    numer, denom = sympy.fraction(sympy.together(magnitude))
    inner = printer._print(numer)
    if numer.is_Add:
        inner = r"\left(" + inner + r"\right)"
    body = inner + " " + _EPS if not numer == 1 else _EPS
    if denom != 1:
        den_tex = printer._print(denom)
        body += "/" + (den_tex if denom.is_Atom else "(" + den_tex + ")")
    return "e^{" + sign + body + "}"


class PaperLatexPrinter(LatexPrinter):
    """sympy's LaTeX printer with the papers' notation (see the module docstring)."""

    def __init__(self, settings=None):
        settings = dict(settings or {})
        names = dict(LATEX_NAMES)
        names.update(DISPLAY_NAMES)
        names.update(settings.get("symbol_names", {}))
        settings["symbol_names"] = names
        super().__init__(settings)

    def _print_Pow(self, expr):
        if expr.base == EXP_EPS and not (expr.exp.is_Rational and expr.exp.is_negative):
            return exp_eps_power(expr.exp, self)
        if expr.base == EXP_EPS:  # 1/(e^eps)^r: sympy's fraction of the positive power, as the papers write it
            return r"\frac{1}{" + exp_eps_power(-expr.exp, self) + "}"
        return super()._print_Pow(expr)

    def _print_exp(self, expr, exp=None):
        ratio = expr.args[0] / _EPSILON
        if exp is None and ratio.is_Rational:  # exp(-eps/2) as the papers write it, e^{-\epsilon/2}
            return exp_eps_power(ratio, self)
        return super()._print_ExpBase(expr, exp)

    def _print_Function(self, expr, exp=None):
        """A logarithm of one binomial coefficient without parentheses, ``\\log_{2} \\binom{d}{k}`` (Appendix H's
        subset count); any other function as sympy prints it."""
        if (exp is None and len(expr.args) == 1 and isinstance(expr.args[0], sympy.binomial)
                and type(expr).__name__.startswith(r"\log")):
            return f"{type(expr).__name__} {self._print(expr.args[0])}"
        return super()._print_Function(expr, exp)

    def _print_ceiling(self, expr, exp=None):
        return self._flat_bracket(expr, exp, r"\lceil", r"\rceil") or super()._print_ceiling(expr, exp)

    def _print_floor(self, expr, exp=None):
        return self._flat_bracket(expr, exp, r"\lfloor", r"\rfloor") or super()._print_floor(expr, exp)

    def _flat_bracket(self, expr, exp, left: str, right: str) -> str | None:
        """``\\lceil \\log_{2} d \\rceil`` as pan-cms writes a ceiling (or floor) of a flat argument (no fraction,
        root, binomial, sum or array: nothing taller than a line); None for a tall one (sympy's ``\\left\\lceil``)."""
        inner = self._print(expr.args[0])
        if any(cmd in inner for cmd in _TALL):
            return None
        tex = f"{left} {inner} {right}"
        return tex if exp is None else rf"\left({tex}\right)^{{{exp}}}"

    def _print_Add(self, expr, order=None):
        terms = self._as_ordered_terms(expr, order=order)
        flipped = {}
        if terms and all(t.could_extract_minus_sign() for t in terms):
            flipped = {i: f for i, f in ((i, _flip_sign(t)) for i, t in enumerate(terms)) if f is not None}
        if terms and terms[0].could_extract_minus_sign():
            order_ = sorted(range(len(terms)), key=lambda i: i not in flipped and terms[i].could_extract_minus_sign())
            terms, flipped = [terms[i] for i in order_], {j: flipped[i] for j, i in enumerate(order_) if i in flipped}
        tex = ""
        for i, term in enumerate(terms):
            if i in flipped:  # -c (a - b) printed c (b - a): the term's sign moved into its one sum factor
                rest, inner = flipped[i]
                tex += ("" if i == 0 else " + ") + ("" if rest == 1 else self._print(rest) + " ")
                tex += r"\left(" + self._print(inner) + r"\right)"
                continue
            if i == 0:
                pass
            elif term.could_extract_minus_sign():
                tex += " - "
                term = -term
            else:
                tex += " + "
            term_tex = self._print(term)
            if self._needs_add_brackets(term):
                term_tex = r"\left(%s\right)" % term_tex
            tex += term_tex
        return tex

    def _print_Symbol(self, expr, style="plain"):
        name = self._settings["symbol_names"].get(expr)
        if name is not None:
            return name
        split = _SUBSCRIPT_THEN_MORE.fullmatch(expr.name)
        if split:  # "\alpha_2 k (m-1)": the subscript is "2", the rest follows it
            return super()._deal_with_super_sub(split.group(1), style=style) + split.group(2) + split.group(3)
        return super()._print_Symbol(expr, style=style)


def _flip_sign(term):
    """For a negative product with exactly one sum among its factors, ``(c, -g)`` with ``term = c (-g)`` and
    ``c`` not negative and ``-g`` a sum with a positive term (``-f (q - 1)`` -> ``f (1 - q)``); None otherwise."""
    if not term.is_Mul:
        return None
    sums = [a for a in term.args if a.is_Add]
    if len(sums) != 1:
        return None
    rest, inner = -term / sums[0], -sums[0]
    if rest.could_extract_minus_sign() or rest.is_Add or not inner.is_Add or all(
            a.could_extract_minus_sign() for a in inner.args):
        return None
    return rest, inner


def paper_latex(expr) -> str:
    """LaTeX of one sympy object in the papers' notation."""
    tex = var_style(PaperLatexPrinter().doprint(expr).replace(r"\text{for}\: ", r"\text{if }"))
    tex = _LN_OF_INTEGER.sub(r"\\ln \1", tex)
    return "-" + tex[2:] if tex.startswith("- ") else tex  # a leading "- " reads as a markdown bullet


def to_latex(obj) -> str:
    """LaTeX of a sympy object, a relation, or a (nested) tuple/list/dict of them."""
    if obj is None:
        return ""
    if isinstance(obj, str):
        return r"\text{" + obj + "}"
    if isinstance(obj, dict):
        return r",\quad ".join(f"{to_latex(k) if not isinstance(k, str) else k} = {to_latex(v)}"
                               for k, v in obj.items())
    if isinstance(obj, (list, tuple)):
        return r",\quad ".join(to_latex(o) for o in obj)
    if isinstance(obj, bool):
        return r"\text{" + str(obj).lower() + "}"
    if hasattr(obj, "_latex") and not isinstance(obj, sympy.Basic):  # ldpref.ledger.forms.Predicate
        return var_style(obj._latex())
    return paper_latex(obj)
