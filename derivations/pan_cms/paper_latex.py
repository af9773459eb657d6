"""The paper's own LaTeX beside ldpref's printed forms of pan-cms (issue 23, item 1).

Each entry copies the LaTeX of the formula as our copy of the paper prints it (``pan-cms.md``, the paper's own
markup; line numbers refer to that file), so that a LaTeX-to-sympy parser (sympy's ``parse_latex``, lark
backend) can prove it equal to ldpref's printed object: transcription fidelity checked by machine.

Data only (read by the parse-and-compare check):

* ``SYMBOLS``: a name as sympy's LaTeX parser returns it (a symbol, or a function application such as
  ``f(x)``) -> the name of ldpref's symbol in the pan-cms symbol tables (``symbols.py``, ``optimized_symbols.py``,
  ``symbols_hashing.py``, ``symbols_tables.py``, ``basics_notation.py``, ``connections.py``; the first that
  defines the name, or ``module.name`` where two tables use one name for different symbols).
  ``e^{a\\epsilon}`` needs no entry: it is ldpref's e^eps symbol to the power a.
* ``PAPER_LATEX``: claim id -> ``latex`` (the paper's LaTeX), ``source`` (where in ``pan-cms.md``), ``part``
  (``whole``, ``rhs`` or ``lhs``: which part of ldpref's printed object it is; a printed tuple is ``whole``
  with its parts separated by ``\\\\``), ``unparsed`` (None, or why the parser cannot take it) and, where
  the text was changed for the parser, ``edited`` (what was changed).
* ``NO_PAPER_LATEX``: claim id -> why the paper has no formula to set beside that printed form (a statement in
  words); every pan-cms claim with a printed form is in exactly one of the two tables.

The paper's notation that the parser (lark) has no rule for, ``Var(R| =)``, ``Var(R| \\neq)``, ``f^*`` and
``\\bar{c}(x', x)``, stays in the text and is read through ``REWRITES`` (``ldpref.paper_latex`` also makes
juxtaposed products such as ``n(m-1)`` explicit).  The edits left in an entry's ``edited``: round brackets for
the paper's square grouping brackets, and a named quantity on a left-hand side (``\\widehat{MSE}(\\hat{f})``,
``E[g(x)]``, ...) -> one ``\\mathit{...}`` name mapped in ``SYMBOLS`` to ldpref's symbol for it (most are
``REWRITES`` now, so the text keeps the paper's notation), and a sentence's 'When A, we have B' written
``A \\Rightarrow B``.  ``\\Delta_{MSE}`` and ``\\Delta_l`` stay as printed: an entry's ``where`` gives the paper's
definition substituted before the comparison where ldpref's printed form writes them out.  Where ldpref's printed
object is a reading of words or of an order of growth rather than the paper's expression, the entry says so in
``unparsed`` instead of forcing a match.
"""

from __future__ import annotations

from ldpref.paper_latex_front import ARG


#: the package of the symbols named in SYMBOLS, and its symbol modules searched in this order
SYMBOL_PACKAGE = __package__
SYMBOL_MODULES = ("symbols", "optimized_symbols", "symbols_hashing", "symbols_tables", "basics_notation",
                  "connections")

#: name returned by sympy's LaTeX parser -> ldpref symbol (attribute name in the pan-cms symbol tables)
SYMBOLS: dict[str, str] = {
    "epsilon": "eps", "m": "m", "n": "n", "d": "d", "k": "k", "q": "q", "r": "r", "l": "l", "b": "b", "t": "t",
    "tau": "tau", "delta": "delta", "alpha": "alpha", "f(x)": "f", "g(x)": "g_sym", "fstar": "f_star", "cbar": "cbar",
    "V_{eq}": "var_eq", "V_{ne}": "var_neq", "m'": "mp", "m_{1}": "m1", "A": "A_sym", "B": "B_sym", "S": "S",
    "lone": "l1_sym", "ltwo": "l2_sym", "ltwostar": "l2_star", "MSEhat": "MSE_hat", "SumSq": "S2", "m_{2}": "m2",
    "Varf": "var_sym", "Varrr": "Var_rr", "Deltal": "Delta_l", "Ecj": "E_cj", "Varcj": "Var_cj", "Eg": "E_g",
    "MSEg": "basics_notation.MSE_g", "Edraw": "E_draw", "Vdraw": "V_draw",
    "Xi": "basics_notation.X", "Xione": "basics_notation.X1", "Xitwo": "basics_notation.X2",
    "fhat": "basics_notation.FHAT", "Ji": "basics_notation.J",
    "Prtail": "basics_notation.Pr_tail", "Prupper": "basics_notation.Pr_upper",
    "Prchernoff": "basics_notation.Pr_chernoff",
    "dVdm": "symbols_hashing.dVdm", "VarfH": "symbols_hashing.Var_fH", "MSEgg": "symbols_hashing.MSE_g",
    "biasH": "symbols_hashing.bias_H",     "MSEH": "symbols_hashing.MSE_H", "MSEf": "symbols_hashing.MSE_f",
    "Eyhatsq": "basics_notation.E_yhat2", "PrBias": "Pr_bias",
    "Varg": "Var_g", "VarfZero": "Var_f0", "VarF": "symbols_hashing.Var_f",
    "perx": "per_x_hyp", "ltwog": "l2_g", "ltwofs": "l2_fs", "Theta": "symbols_tables.Theta",
}

#: the sums over index sets as ldpref's printed forms keep them (``ldpref.paper_latex_front.read_sums``)
SUMS = {"in": "basics_notation:SumIn", "except": "basics_notation:SumInExcept"}

#: operators on a square-bracketed argument (``ldpref.paper_latex_front.read_operators``): Eq. (7)'s E[.]
OPERATORS = (("E", "basics_notation:Expect"),)

#: the paper's function notation -> ldpref's function objects (``ldpref.paper_latex_front.read_calls``; an entry
#: with ``calls`` reads ``\bar{c}(a, b)`` so before ``REWRITES`` take it as the symbol c_bar of Section 3.5)
CALLS = (
    (r"X\^\{\((i)\)\}", "basics:Xf"),  # entries with calls: X^{(i)} as a function of the summation index i
    (r"(?:\\text\{Var\}|Var)\((\\hat\{f\}\(x\))\)", "basics_notation:VarOp"),  # Eq. (7): Var of the random f_hat
    (r"\\mathbf\{1\}\\\{\s*(\w+)\s*=\s*(.+?)\s*\\\}", "basics_notation:Indicator"),  # Eq. (23)
    (r"(?:\\text\{Var\}|Var)\(R\(h_\{?(\w)\}?\(" + ARG + r"\)\)\[h_\{?\w\}?\(" + ARG + r"\)\]\)",
     "basics_notation:VarR"),
    (r"(?:\\text\{Var\}|Var)\(R\(h_\{?(\w)\}?\(" + ARG + r"\)\)\)\[h_\{?\w\}?\(" + ARG + r"\)\]",
     "basics_notation:VarR"),  # Eqs. (4), (28): Var(R(h_j(x')))[h_j(x)], the variance vector's coordinate
    (r"(?<![a-zA-Z])R\(h_\{?(\w)\}?\(" + ARG + r"\)\)\[h_\{?\w\}?\(" + ARG + r"\)\]", "basics_notation:RVal"),
    (r"c_\{?(\w)\}?\(" + ARG + r",\s*" + ARG + r"\)", "basics_notation:Coll"),
    (r"\\bar\{c\}\(" + ARG + r",\s*" + ARG + r"\)", "basics_notation:CBar"),
    (r"(?<![\\a-zA-Z])f\((x'|\\mathit\{Xi\})\)", "basics_notation:fF"),
)

#: (the paper's notation, what the parser reads instead), applied in this order to every entry before parsing;
#: the displayed text keeps the paper's notation
REWRITES = (
    (r"\Pr[|\hat{f}(x) - f(x)| \geq \alpha \sqrt{Var(\hat{f}(x))}]", r"\mathit{Prtail}"),  # Theorem 3.5
    (r"Pr[|\hat{f}(x) - f(x)| \geq \alpha \sqrt{Var(\hat{f}(x))}]", r"\mathit{Prtail}"),  # Appendix C
    (r"Pr[\hat{f}(x) \geq f(x) + \alpha \sqrt{Var(\hat{f}(x))}]", r"\mathit{Prupper}"),
    (r"Pr\left[\sum_i \frac{Y^{(i)} - A}{B - A} \geq (1 + \delta)n \frac{f(x) - A}{B - A}\right]",
     r"\mathit{Prchernoff}"),  # Eq. (30)
    (r"\frac{\partial Var(g(x|\mathcal{H}'))}{\partial m'}", r"\mathit{dVdm}"),  # Eqs. (41), (42): one quantity
    (r"Var[\hat{f}(x|\mathcal{H}')]", r"\mathit{VarfH}"), (r"Var[\hat{f}(x)]", r"\mathit{VarF}"),
    (r"\text{MSE}(g)", r"\mathit{MSEgg}"), (r"\widehat{\text{MSE}}(\hat{f})", r"\mathit{MSEhat}"),
    (r"(E[\hat{f}(x|\mathcal{H}')] - f(x))", r"\mathit{biasH}"), (r"MSE(f(x)|\mathcal{H}')", r"\mathit{MSEH}"),
    (r"\text{MSE}(f(x)|\mathcal{H}')", r"\mathit{MSEH}"), (r"\text{MSE}(\hat{f}(x))", r"\mathit{MSEf}"),
    (r"\sum_{i \in [n]} \hat{y}^{(i)}[h_{j^{(i)}}(x)]", "S"),
    (r"\sum_{x' \in [d] \setminus x} f(x')^2", r"\mathit{SumSq}"),
    (r"E_{\forall c_j(x, x')} [E[\hat{f}(x)]]", r"\mathit{Edraw}"),
    (r"\text{Var}_{\forall c_j(x, x')} (E[\hat{f}(x)])", r"\mathit{Vdraw}"),
    (r"Var_{\forall c_j(x, x')} (E[\hat{f}(x)])", r"\mathit{Vdraw}"),  # Eq. (48)
    (r"E[(\hat{y}^{(i)}[h_{j^{(i)}}(x)])^2]", r"\mathit{Eyhatsq}"),
    (r"E[g(x)]", r"\mathit{Eg}"), (r"MSE(g(x))", r"\mathit{MSEg}"), (r"Var(\hat{f}(x)_{RR})", r"\mathit{Varrr}"),
    (r"E[c_j(x, x')]", r"\mathit{Ecj}"), (r"Var(c_j(x, x'))", r"\mathit{Varcj}"),
    (r"\forall x : Var(g(x)) \leq (1 + \tau)Var(\hat{f}(x))", r"\mathit{perx}"),
    (r"l_2(g)", r"\mathit{ltwog}"), (r"l_2(\hat{f}(x))", r"\mathit{ltwofs}"),
    (r"\text{Var}(R| =)", "V_{eq}"),
    (r"\text{Var}(R| \neq)", "V_{ne}"),
    ("Var(R| =)", "V_{eq}"),
    (r"Var(R| \neq)", "V_{ne}"),
    (r"X^{(i_1)}", r"\mathit{Xione}"), (r"X^{(i_2)}", r"\mathit{Xitwo}"), (r"X^{(i)}", r"\mathit{Xi}"),
    (r"\bar{c}(x', x)", r"\mathit{cbar}"),
    (r"\bar{c}(x, x')", r"\mathit{cbar}"),
    ("f^*", r"\mathit{fstar}"),
    (r"\Delta_{MSE}", r"\mathit{DeltaMSE}"), (r"\Delta_l", r"\mathit{Deltal}"),
    (r"l_2^*(\hat{f})", r"\mathit{ltwostar}"), (r"\widehat{MSE}(\hat{f})", r"\mathit{MSEhat}"),
    (r"l_1(\hat{f})", r"\mathit{lone}"), (r"l_2(\hat{f})", r"\mathit{ltwo}"),
    (r"Pr\left((E[\hat{f}(x)] - f(x))^2 \leq \tau\text{Var}(\hat{f}(x))\right)", r"\mathit{PrBias}"),
    (r"\text{Var}(g(x|\mathcal{H}'))", r"\mathit{Varg}"), (r"Var(g(x|\mathcal{H}'))", r"\mathit{Varg}"),
    (r"Var(\hat{f}(x)|f(x) = 0)", r"\mathit{VarfZero}"),
    (r"\text{Var}(\hat{f}(x))", r"\mathit{VarF}"), (r"Var(\hat{f}(x))", r"\mathit{VarF}"),
    (r"MSE(\hat{f}(x))", r"\mathit{MSEf}"),
    (r"\overline{MSE}(\hat{f})", r"\mathit{MSEbar}"), (r"\overline{MSE}", r"\mathit{MSEbar}"),  # App. I: one quantity
    (r"|\mathbf{x}|", r"\mathit{nx}"),  # App. I: the number of values |x|
    (r"\hat{f}(x)", r"\mathit{fhat}"), (r"j^{(i)}", r"\mathit{Ji}"),  # the estimate, client i's hash index
)

_DELTA_L = r"e^{\epsilon/2} \sqrt{(e^\epsilon + d - 1)(de^\epsilon - e^\epsilon + 1)}"  # Theorem 3.7, line 258
_DELTA_MSE = r"e^{\epsilon/2} \sqrt{((1 - f^*)e^\epsilon + f^*)(f^*e^\epsilon + (1 - f^*))}"  # line 743, edited:
_DELTA_MSE_EDIT = "Delta_MSE's definition (line 743) with round brackets for its square ones"
_CBAR_DEF = (r"the definition of \bar{c}(x', x) beside Eq. (4) (line 146) as a second line, as ldpref's printed "
             "tuple has it")
_RANGE = "the range condition the paper states before the bound ({}) as a first line, as ldpref's printed tuple has it"
_CLOSEST = r"the paper's words 'm is the closest integer to' as \text{{closest integer to}} around the formula ({})"
_IFF = r"the two formulas ({}) joined by \iff (the paper: 'it is equivalent to requiring')"
_IMPL = r"the hypothesis and the conclusion joined by \Rightarrow (the paper: 'When ..., we have ...')"


def _e(latex: str, source: str, part: str = "rhs", edited: str | None = None, unparsed: str | None = None, **extra):
    entry = {"latex": latex, "source": source, "part": part, "unparsed": unparsed, **extra}
    if edited:
        entry["edited"] = edited
    return entry


PAPER_LATEX: dict[str, dict] = {
    "pan-cms/prop2.1": _e(r"E[R(v)[v]] = 1 \\ \forall v' \neq v : E[R(v)[v']] = 0", "pan-cms.md line 56, Property 2.1",
                          "whole",
                          unparsed=r"indexed vectors E[R(v)[v]], E[R(v)[v']] under the quantifier prefix '\forall v' "
                                   r"\neq v :': ldpref's printed form names the two expectations as symbols and its "
                                   r"check enumerates v, v' (no formula to compare beyond the values 1 and 0)"),
    "pan-cms/prop2.2": _e(r"\forall (a, b) \in \mathcal{V}^2 : Cov(R(v)[a], R(v')[b]) = 0",
                          "pan-cms.md line 66, Property 2.2 (inline)", "whole",
                          unparsed=r"a covariance of indexed vectors under a quantifier over \mathcal{V}^2: ldpref "
                                   r"names Cov(R(v)[a], R(v')[b]) as one symbol and its check enumerates a, b (no "
                                   r"formula to compare beyond the value 0)"),
    "pan-cms/def2.1": _e(r"Pr(M(v) = u|v) \leq e^\epsilon Pr(M(v') = u|v').", "pan-cms.md line 44, Definition 2.1",
                         "whole",
                         unparsed="a conditional probability Pr(M(v) = u|v); ldpref's printed form is a Predicate "
                                  "evaluated by code, not a sympy expression"),
    "pan-cms/eq1": _e(r"\widehat{MSE}(\hat{f}) = \max_{\forall \mathbf{X}: |\mathbf{X}|=n} \max_{x \in \mathbf{X}} "
                      r"E[(\hat{f}(x) - f(x))^2]", "pan-cms.md line 88, Eq. (1)", "whole",
                      unparsed=r"a maximum over datasets (\max_{\forall \mathbf{X}: ...}): no sympy object for it; "
                               "ldpref's printed right-hand side is one named symbol"),
    "pan-cms/eq2": _e(r"\frac{m}{n(m-1)} \left[\sum_{i \in [n]} \hat{y}^{(i)}[h_{j^{(i)}}(x)] \right] - "
                      r"\frac{1}{m-1}",
                      "pan-cms.md line 109, Eq. (2)"),
    "pan-cms/eq3": _e(r"\frac{m}{m-1} [f(x) + \sum_{x' \in [d] \setminus x} \sum_{j \in [k]} \frac{c_j(x, x')}{k} "
                      r"f(x')] - \frac{1}{m-1}", "pan-cms.md line 132, Eq. (3)"),
    "pan-cms/thm3.2": _e(r"\frac{m}{m-1} [f(x) + \sum_{x' \in [d] \setminus x} \sum_{j \in [k]} \frac{c_j(x, "
                         r"x')}{k} f(x')] - \frac{1}{m-1}", "pan-cms.md line 132, Theorem 3.2, Eq. (3)"),
    "pan-cms/eq4": _e(r"\frac{m^2}{(m-1)^2 n} \sum_{x' \in [d]} \left[\left(\frac{1}{k} \sum_{j \in [k]} "
                      r"Var(R(h_j(x')))[h_j(x)]) \right) + \bar{c}(x', x) - \bar{c}(x', x)^2 \right] f(x') "
                      r"\\ \sum_{j \in [k]} \frac{c_j(x', x)}{k}",
                      "pan-cms.md line 155, Eq. (4)", "rhs", calls=True, edited=_CBAR_DEF),
    "pan-cms/lemma3.1": _e(r"\frac{m^2}{(m-1)^2 n} \sum_{x' \in [d]} \left[\left(\frac{1}{k} \sum_{j \in [k]} "
                           r"Var(R(h_j(x')))[h_j(x)]) \right) + \bar{c}(x', x) - \bar{c}(x', x)^2 \right] f(x') "
                           r"\\ \sum_{j \in [k]} \frac{c_j(x', x)}{k}",
                           "pan-cms.md line 155, Lemma 3.1, Eq. (4)", "rhs", calls=True, edited=_CBAR_DEF),
    "pan-cms/eq5": _e(r"\frac{m^2}{(m-1)^2 n} \left[\sum_{x' \in [d] \setminus x} f(x') \left(\bar{c}(x', x) Var(R| "
                      r"=) + (1 - \bar{c}(x', x)) Var(R| \neq) + \bar{c}(x', x)(1 - \bar{c}(x', x)) \right) + f(x) "
                      r"Var(R| =) \right]", "pan-cms.md line 165, Eq. (5)", calls=True),
    "pan-cms/thm3.3": _e(r"\frac{m^2}{(m-1)^2 n} \left[\sum_{x' \in [d] \setminus x} f(x') \left(\bar{c}(x', x) "
                         r"Var(R| =) + (1 - \bar{c}(x', x)) Var(R| \neq) + \bar{c}(x', x)(1 - \bar{c}(x', x)) "
                         r"\right) + f(x) Var(R| =) \right]", "pan-cms.md line 165, Theorem 3.3, Eq. (5)", calls=True),
    "pan-cms/eq6": _e(r"\frac{m}{(m-1)^2 n} \left[(1 - f(x)) \left(Var(R| =) + (m-1) Var(R| \neq) + \frac{m-1}{m} "
                      r"\right) + mf(x) Var(R| =) \right]",
                      "pan-cms.md line 175, Eq. (6)",
                      edited="the line break of the aligned environment removed"),
    "pan-cms/cor3.3": _e(r"\frac{m}{(m-1)^2 n} \left[(1 - f(x)) \left(Var(R| =) + (m-1) Var(R| \neq) + "
                         r"\frac{m-1}{m} \right) + mf(x) Var(R| =) \right]",
                         "pan-cms.md line 175, Corollary 3.3, Eq. (6)",
                         edited="the line break of the aligned environment removed"),
    "pan-cms/eq7": _e(r"MSE(\hat{f}(x)) = E[(\hat{f}(x) - f(x))^2] \\ = E[\hat{f}(x) - E[\hat{f}(x)]]^2 + "
                      r"(E[\hat{f}(x)] - f(x))^2 \\ = Var(\hat{f}(x)) + (E[\hat{f}(x)] - f(x))^2",
                      "pan-cms.md line 185, Eq. (7)", "rhs", calls=True),
    "pan-cms/sec3.3.mse-var": _e(r"MSE(\hat{f}(x)) = Var(\hat{f}(x))", "pan-cms.md line 189 (inline)", "whole"),
    "pan-cms/eq8": _e(r"g(x) = \frac{m'}{n(m'-1)} \left[\sum_{i \in [n]} \hat{y}^{(i)}[h_{j^{(i)}}(x)] \right] - "
                      r"\frac{1}{m'-1} \\ m' = \frac{1}{\bar{c}(x, x')}",
                      "pan-cms.md lines 191-193, Eq. (8) and the definition of m' after it",
                      "whole",
                      edited=r"Eq. (8) and the definition of m' after it joined by \\"),
    "pan-cms/eq9": _e("0", "pan-cms.md line 199, Eq. (9) (E[g(x)] = 0)"),
    "pan-cms/eq10": _e(r"\frac{1}{n(1 - \bar{c}(x, x'))^2} \left[(1 - f(x)) \left(\bar{c}(x', x) Var(R| =) + (1 - "
                       r"\bar{c}(x', x)) Var(R| \neq) + \bar{c}(x', x)(1 - \bar{c}(x', x)) \right) + f(x) Var(R| =) "
                       r"\right]",
                       "pan-cms.md line 205, Eq. (10)"),
    "pan-cms/thm3.4": _e(r"E[g(x)] = 0 \\ MSE(g(x)) = \frac{1}{n(1 - \bar{c}(x, x'))^2} \left[(1 - f(x)) "
                         r"\left(\bar{c}(x', x) Var(R| =) + (1 - \bar{c}(x', x)) Var(R| \neq) + \bar{c}(x', x)(1 - "
                         r"\bar{c}(x', x)) \right) + f(x) Var(R| =) \right]",
                         "pan-cms.md lines 199-205, Theorem 3.4, Eqs. (9)-(10)",
                         "whole",
                         edited=r"Eqs. (9) and (10) joined by \\"),
    "pan-cms/thm3.5": _e(r"\forall \alpha \in [0, \sqrt{\frac{e^\epsilon n}{m-1}}] \\ \Pr[|\hat{f}(x) - f(x)| \geq "
                         r"\alpha \sqrt{Var(\hat{f}(x))}] \leq 2 \exp\left(-\frac{\alpha^2}{3} \cdot "
                         r"\frac{m-1}{e^\epsilon + m - 1}\right)", "pan-cms.md lines 217-219, Theorem 3.5", "whole",
                         select=(1, 0)),
    "pan-cms/eq11": _e(r"l_2(\hat{f}) = \max_{\forall \mathbf{X}: |\mathbf{X}|=n} \sum_{x \in [d]} E[(\hat{f}(x) - "
                       r"f(x))^2] = \max_{\forall \mathbf{X}: |\mathbf{X}|=n} \sum_{x \in [d]} MSE(\hat{f}(x))",
                       "pan-cms.md line 200, Eq. (11)", "whole",
                       unparsed="maxima over datasets of sums of expectations: no sympy object (ldpref's printed "
                                "form relates named symbols)"),
    "pan-cms/sec3.4.l1-cauchy-schwarz": _e(r"l_1(\hat{f}) \leq \sqrt{d} l_2(\hat{f})",
                                           "pan-cms.md line 202 (inline), after Eq. (11)", "whole"),
    "pan-cms/eq12": _e(r"\frac{1}{(e^\epsilon - 1)^2} \begin{cases} e^\epsilon(m-1) & \text{if } a = b \\ "
                       r"e^\epsilon + m - 2 & \text{if } a \neq b, \end{cases}", "pan-cms.md line 210, Eq. (12)"),
    "pan-cms/eq13": _e(r"\frac{1}{(e^\epsilon - 1)^2} \begin{cases} (e^\epsilon + 1)^2 & \text{if } a = b \\ "
                       r"4e^\epsilon & \text{if } a \neq b, \end{cases}", "pan-cms.md line 212, Eq. (13)"),
    "pan-cms/eq14": _e(r"\frac{e^{\epsilon/2}}{(e^{\epsilon/2} - 1)^2}", "pan-cms.md line 216, Eq. (14)"),
    "pan-cms/thm3.6": _e(r"\begin{cases} \frac{2(\Delta_{MSE} + e^\epsilon)}{n(e^\epsilon - 1)^2} & \text{if } f^* "
                         r"\leq \frac{1}{2} \\ \frac{e^{\epsilon/2}}{n(e^{\epsilon/2} - 1)^2} & \text{if } "
                         r"\frac{1}{2} < f^* \leq 1 \end{cases}", "pan-cms.md line 222, Theorem 3.6",
                       where={"DeltaMSE": _DELTA_MSE}, edited=_DELTA_MSE_EDIT),
    "pan-cms/eq15": _e(r"\begin{cases} 1 + \frac{\Delta_{MSE}}{f^*e^\epsilon + 1 - f^*} & \text{if } f^* \leq "
                       r"\frac{1}{2} \\ 1 + e^{\epsilon/2} & \text{if } \frac{1}{2} < f^* \leq 1. \end{cases}",
                       "pan-cms.md line 230, Eq. (15)", where={"DeltaMSE": _DELTA_MSE}, edited=_DELTA_MSE_EDIT),
    "pan-cms/thm3.6.closest-integer": _e(r"\text{closest integer to} \left(\begin{cases} 1 + "
                                         r"\frac{\Delta_{MSE}}{f^*e^\epsilon + 1 - f^*} & \text{if } f^* \leq "
                                         r"\frac{1}{2} \\ "
                                         r"1 + e^{\epsilon/2} & \text{if } \frac{1}{2} < f^* \leq 1. "
                                         r"\end{cases}\right)",
                                         "pan-cms.md lines 228-230, Theorem 3.6 ('the closest integer to' Eq. (15))",
                                         where={"DeltaMSE": _DELTA_MSE},
                                         edited=_CLOSEST.format("line 228") + "; " + _DELTA_MSE_EDIT),
    "pan-cms/cor3.4": _e(r"\widehat{MSE}(\hat{f}) = \frac{e^{\epsilon/2}}{n(e^{\epsilon/2} - 1)^2} \\ m = 1 + "
                         r"e^{\epsilon/2}", "pan-cms.md lines 236-238, Corollary 3.4", "whole",
                         edited=r"the display joined by \\ to 'm is the closest integer to $1 + e^{\epsilon/2}$' "
                                "(line 238, 'closest integer to' dropped)"),
    "pan-cms/cor3.4.closest-integer": _e(r"\text{closest integer to} \left(1 + e^{\epsilon/2}\right)",
                                         "pan-cms.md line 238 (inline), Corollary 3.4",
                                         edited=_CLOSEST.format("line 238")),
    "pan-cms/sec3.4.f0": _e(r"1 + e^\epsilon", "pan-cms.md line 240 (inline), after Corollary 3.4"),
    "pan-cms/eq16": _e(r"\frac{1}{n} \left[f^* + \frac{4e^\epsilon}{(e^\epsilon - 1)^2} \right]",
                       "pan-cms.md line 242, Eq. (16)"),
    "pan-cms/thm3.7.l1": _e(r"\sqrt{\frac{2d(\Delta_l + de^\epsilon)}{n(e^\epsilon - 1)^2}}",
                            "pan-cms.md lines 250 and 258, Theorem 3.7 (Delta_l as defined there)",
                            where={"Deltal": _DELTA_L}),
    "pan-cms/thm3.7": _e(r"l_2^*(\hat{f}) = \frac{2(\Delta_l + de^\epsilon)}{n(e^\epsilon - 1)^2} \\ m = 1 + "
                         r"\frac{\Delta_l}{e^\epsilon + d - 1}", "pan-cms.md lines 254, 258 and 260, Theorem 3.7",
                         "whole", where={"Deltal": _DELTA_L},
                         edited=r"joined by \\ to 'm is the closest integer to $1 + \frac{\Delta_l}{e^\epsilon + d - "
                                r"1}$' (line 260, 'closest integer to' dropped)"),
    "pan-cms/thm3.7.closest-integer": _e(r"\text{closest integer to} \left(1 + "
                                         r"\frac{\Delta_l}{e^\epsilon + d - 1}\right)",
                                         "pan-cms.md line 260 (inline), Theorem 3.7",
                                         where={"Deltal": _DELTA_L}, edited=_CLOSEST.format("line 260")),
    "pan-cms/cor3.5": _e(r"\frac{2d e^{\epsilon/2}}{\sqrt{n} (e^\epsilon - 1)} \\ \frac{4d e^\epsilon}{n "
                         r"(e^\epsilon - 1)^2} \\ 1 + e^\epsilon",
                         "pan-cms.md lines 264, 268 and 270, Corollary 3.5 (the limits after the arrows)", "whole",
                         edited=r"the three limits ([l_1]^*, l_2^*, m) joined by \\"),
    "pan-cms/eq17": _e(r"\frac{(e^\epsilon + 1)^2}{n (e^\epsilon - 1)^2}", "pan-cms.md line 278, Eq. (17)"),
    "pan-cms/sec3.4.eq17-larger": _e(r"\frac{(e^\epsilon + 1)^2}{n (e^\epsilon - 1)^2} > \frac{e^{\epsilon/2}}{n "
                                     r"(e^{\epsilon/2} - 1)^2}",
                                     "pan-cms.md lines 278-280, Eq. (17) and 'always larger than ... "
                                     r"$\frac{e^{\epsilon/2}}{n(e^{\epsilon/2} - 1)^2}$'", "whole",
                                     edited="the relation assembled from Eq. (17) and the words 'always larger "
                                            "than'"),
    "pan-cms/sec3.4.eq17-limit": _e(r"\frac{1}{n}", "pan-cms.md line 280 (inline), after Eq. (17)"),
    "pan-cms/lemma3.2": _e(r"r \left(\frac{q+1}{2^l} \right)^2 + (m-r) \left(\frac{q}{2^l} \right)^2",
                           "pan-cms.md line 298, Lemma 3.2 (first line)"),
    "pan-cms/lemma3.2.closed": _e(r"\frac{(2q+1)r + mq^2}{(mq+r)^2}", "pan-cms.md line 298, Lemma 3.2 (second line)"),
    "pan-cms/sec3.5.g-unbiased": _e(r"\frac{(mq+r)^2}{(2q+1)r+mq^2}", "pan-cms.md line 302 (inline), after Lemma 3.2"),
    "pan-cms/sec3.5.family-size": _e("2^{2l}", "pan-cms.md line 290 (inline), after Eq. (18)"),
    "pan-cms/thm3.8": _e(r"\frac{2m\text{Var}(R| =) + m - 1}{n(m-1)^3} \frac{m}{\tau\text{Var}(\hat{f}(x))} \leq "
                         r"(2q+1)^2 \Rightarrow \text{Var}(g(x|\mathcal{H}')) < (1+\tau)\text{Var}(\hat{f}(x))",
                         "pan-cms.md lines 306-310, Theorem 3.8", "whole", edited=_IMPL),
    "pan-cms/cor3.6": _e(r"2q+1 > \sqrt{\frac{1}{\tau}}, m = 1 + e^{\epsilon/2} \Rightarrow \text{MSE}(g) < "
                         r"(1+\tau)\widehat{\text{MSE}}(\hat{f})", "pan-cms.md lines 316-318, Corollary 3.6", "whole",
                         edited=_IMPL),
    "pan-cms/cor3.7": _e(r"2q+1 > \sqrt{\frac{1}{\tau}}, m = 1 + e^\epsilon \Rightarrow l_2(g) < "
                         r"(1+\tau)l_2^*(\hat{f})",
                         "pan-cms.md lines 320-322, Corollary 3.7", "whole", edited=_IMPL),
    "pan-cms/sec3.5.q-4.5": _e(r"\tau = 0.01 \Rightarrow q > 4.5", "pan-cms.md line 324 (inline)", "whole",
                               edited=_IMPL),
    "pan-cms/thm3.9": _e(r"\frac{1}{4(m-1)q(q+1)} \leq \sqrt{\tau\text{Var}(\hat{f}(x))}, \frac{8q^2 + 8q + "
                         r"1}{16q^2(q+1)^2} \leq \tau \Rightarrow \text{MSE}(f(x)|\mathcal{H}') < "
                         r"(1+2\tau)\text{MSE}(\hat{f}(x))", "pan-cms.md lines 330-338, Theorem 3.9", "whole",
                         edited=_IMPL),
    "pan-cms/eq19": _e("f(x)", "pan-cms.md line 354, Eq. (19)"),
    "pan-cms/eq20": _e(r"\frac{1}{(m-1)k} \sum_{x' \in [d] \setminus x} f(x')^2",
                       "pan-cms.md line 358, Eq. (20)"),
    "pan-cms/thm3.10": _e(r"E_{\forall c_j(x, x')} [E[\hat{f}(x)]] = f(x) \\ \text{Var}_{\forall c_j(x, x')} "
                          r"(E[\hat{f}(x)]) = \frac{1}{(m-1)k} \sum_{x' \in [d] \setminus x} f(x')^2",
                          "pan-cms.md lines 354-358, Theorem 3.10, Eqs. (19)-(20)",
                          "whole",
                          edited=r"Eqs. (19) and (20) joined by \\"),
    "pan-cms/thm3.11": _e(r"\frac{\delta\tau\text{Var}(R| \neq)}{n} > \frac{1}{(m-1)k} \Rightarrow "
                          r"Pr\left((E[\hat{f}(x)] - f(x))^2 \leq \tau\text{Var}(\hat{f}(x))\right) \geq 1 - \delta",
                          "pan-cms.md lines 366-370, Theorem 3.11, Eq. (21)", "whole", edited=_IMPL),
    "pan-cms/eq21": _e(r"\frac{\delta\tau\text{Var}(R| \neq)}{n} > \frac{1}{(m-1)k} \Rightarrow Pr\left((E[\hat{f}(x)] "
                       r"- f(x))^2 \leq \tau\text{Var}(\hat{f}(x))\right) \geq 1 - \delta",
                       "pan-cms.md lines 366-370, Eq. (21) with Theorem 3.11's hypothesis", "whole", edited=_IMPL),
    "pan-cms/sec3.6.bias-order": _e(r"O(\frac{1}{\sqrt{(m-1)k}})", "pan-cms.md line 360 (inline), after Theorem 3.10",
                                    unparsed="an order of growth O(.); ldpref prints it as a bound on the standard "
                                             "deviation of the bias"),
    "pan-cms/sec3.6.k-order": _e(r"\Omega(\frac{n}{m})", "pan-cms.md line 372 (inline), after Theorem 3.11",
                                 unparsed=r"an order of growth \Omega(.), printed by ldpref as a limit statement"),
    "pan-cms/sec3.5.q-order": _e(r"q = \Theta(n^{1/4})", "pan-cms.md line 342 (inline), after Theorem 3.9",
                                 unparsed=r"an order of growth \Theta(.), printed by ldpref as two limit statements"),
    "pan-cms/sec3.6.bernoulli": _e(r"\frac{1}{m}",
                                   "pan-cms.md line 348 (words: 'a Bernoulli random variable with a probability of "
                                   r"$\frac{1}{m}$ of being one')"),
    "pan-cms/sec3.6.binomial": _e(r"\frac{1}{m}",
                                  "pan-cms.md line 348 (words: 'a binomial random variable, whose expectation is "
                                  r"$\frac{1}{m}$')"),
    "pan-cms/sec4.3.collision": _e(r"x_1 \bmod 2^{b-1} = x_2 \bmod 2^{b-1}",
                                   "pan-cms.md line 406 (inline), Section 4.3 ('their collision probability is "
                                   "1/2. Otherwise, the probability is zero')", "whole",
                                   unparsed=r"a case split stated in words around an inline condition with \bmod "
                                            "(not in lark's grammar); ldpref's printed form is a Piecewise"),
    "pan-cms/sec4.3.skewed": _e("2^{-b}", "pan-cms.md line 406 (inline), 'which is 2^{-b} given 2^b hashed values'"),
    "pan-cms/sec4.3.random-collision": _e("2^{-b}",
                                          "pan-cms.md line 408 (inline), 'the hash collision probability becomes "
                                          "2^{-b}'"),
    "pan-cms/sec4.3.same-mod-probability": _e("2^{b-1}",
                                              "pan-cms.md line 408 (inline), 'the same mod with a probability of "
                                              "2^{b-1}'"),
    "pan-cms/sec4.3.b-eps": _e(r"e^\epsilon", r"pan-cms.md line 408 (inline), 'equivalent to $m = e^\epsilon$'"),
    "pan-cms/sec4.3.tns": _e("2^b", "pan-cms.md line 406 (inline), 'mapping x to 2^b possible values'"),
    "pan-cms/sec4.3.matrix-size": _e("d//2^{b-1}",
                                     "pan-cms.md line 404 (inline), 'a Hadamard matrix with a size larger than "
                                     "$d//2^{b-1}$'"),
    "pan-cms/sec4.5.collision": _e(r"\frac{m_1+m_2-1}{m_1 m_2}", "pan-cms.md line 422 (inline), Section 4.5"),
    "pan-cms/sec4.5.equivalent-m": _e(r"\frac{m_1 m_2}{m_1+m_2-1}", "pan-cms.md line 422 (inline), Section 4.5"),
    "pan-cms/sec4.5.cms-he": _e(r"\frac{2m}{m+1}", "pan-cms.md line 424 (inline), Section 4.5"),
    "pan-cms/sec4.6.km": _e("km = d^2m > d", "pan-cms.md line 428 (inline), Section 4.6", "whole"),
    "pan-cms/sec4.6.unbiased-recovery": _e("k m > d", "pan-cms.md line 428 (inline), Section 4.6", "whole",
                                           edited="the chain $km = d^2m > d$ shortened to its outer relation"),
    "pan-cms/table1.HE.l1": _e(r"\frac{d (e^\epsilon+1)}{e^\epsilon-1}",
                               "pan-cms.md line 437, Table 1, row HE, column l_1", "whole"),
    "pan-cms/table1.HE.l2": _e(r"\frac{d (e^\epsilon+1)^2}{(e^\epsilon-1)^2}",
                               "pan-cms.md line 437, Table 1, row HE, column l_2", "whole"),
    "pan-cms/table1.HE.mse": _e(r"(\frac{e^\epsilon+1}{e^\epsilon-1})^2",
                                r"pan-cms.md line 437, Table 1, row HE, column \widehat{MSE}", "whole"),
    "pan-cms/table1.RHR.l1": _e(r"\Theta(\frac{d}{\sqrt{\min\{\epsilon, \epsilon^2\}}})",
                                "pan-cms.md line 438, Table 1, row RHR, column l_1", "rhs"),
    "pan-cms/table1.RHR.l2": _e(r"\Theta(\frac{d}{\min\{\epsilon, \epsilon^2\}})",
                                "pan-cms.md line 438, Table 1, row RHR, column l_2", "rhs"),
    "pan-cms/table1.RHR.mse": _e(r"(\frac{e^\epsilon+1}{e^\epsilon-1})^2",
                                 r"pan-cms.md line 438, Table 1, row RHR, column \widehat{MSE}: "
                                 r"$\Omega((\frac{e^\epsilon+1}{e^\epsilon-1})^2)$",
                                 edited=r"\Omega(.) removed: ldpref reads it as 'n MSE >= its argument', the "
                                        "right-hand side of the printed relation"),
    "pan-cms/table1.OLH.l1": _e(r"\frac{2d e^{\epsilon/2}}{e^\epsilon-1}",
                                "pan-cms.md line 439, Table 1, row OLH, column l_1", "whole"),
    "pan-cms/table1.OLH.l2": _e(r"\frac{4d e^\epsilon}{(e^\epsilon-1)^2}",
                                "pan-cms.md line 439, Table 1, row OLH, column l_2", "whole"),
    "pan-cms/table1.OLH.mse": _e(r"(\frac{e^\epsilon+1}{e^\epsilon-1})^2",
                                 r"pan-cms.md line 439, Table 1, row OLH, column \widehat{MSE}", "whole"),
    "pan-cms/table1.OCMS.l1": _e(r"\frac{2d e^{\epsilon/2}}{e^\epsilon-1}",
                                 "pan-cms.md line 440, Table 1, row OCMS, column l_1", "whole"),
    "pan-cms/table1.OCMS.l2": _e(r"\frac{4d e^\epsilon}{(e^\epsilon-1)^2}",
                                 "pan-cms.md line 440, Table 1, row OCMS, column l_2", "whole"),
    "pan-cms/table1.OCMS.mse": _e(r"\frac{e^{\epsilon/2}}{(e^{\epsilon/2}-1)^2}",
                                  r"pan-cms.md line 440, Table 1, row OCMS, column \widehat{MSE}", "whole"),
    "pan-cms/table1.CMS-HE.l1": _e(r"\frac{d (e^\epsilon+1)}{e^\epsilon-1}",
                                   "pan-cms.md line 441, Table 1, row CMS+HE, column l_1", "whole"),
    "pan-cms/table1.CMS-HE.l2": _e(r"\frac{d (e^\epsilon+1)^2}{(e^\epsilon-1)^2}",
                                   "pan-cms.md line 441, Table 1, row CMS+HE, column l_2", "whole"),
    "pan-cms/table1.CMS-HE.mse": _e(r"(\frac{e^\epsilon+1}{e^\epsilon-1})^2",
                                    r"pan-cms.md line 441, Table 1, row CMS+HE, column \widehat{MSE}", "whole"),
    "pan-cms/table1.SS.l1": _e(r"\sqrt{\frac{8}{\pi}} \frac{de^{\epsilon/2}}{e^\epsilon-1}",
                               "pan-cms.md line 442, Table 1, row SS, column l_1", "whole"),
    "pan-cms/table1.SS.l2": _e(r"\frac{4d e^\epsilon}{(e^\epsilon-1)^2}",
                               "pan-cms.md line 442, Table 1, row SS, column l_2", "whole"),
    "pan-cms/table1.SS.mse": _e(r"(\frac{e^\epsilon+1}{e^\epsilon-1})^2",
                                r"pan-cms.md line 442, Table 1, row SS, column \widehat{MSE}", "whole"),
    "pan-cms/table1.a-RP.l1": _e(r"\frac{2d e^{\epsilon/2}}{e^\epsilon-1}",
                                 "pan-cms.md line 443, Table 1, row a-RP, column l_1", "whole"),
    "pan-cms/table1.a-RP.l2": _e(r"\frac{4d e^\epsilon}{(e^\epsilon-1)^2}",
                                 "pan-cms.md line 443, Table 1, row a-RP, column l_2", "whole"),
    "pan-cms/table1.a-RP.mse": _e(r"(\frac{e^\epsilon+1}{e^\epsilon-1})^2",
                                  r"pan-cms.md line 443, Table 1, row a-RP, column \widehat{MSE}", "whole"),
    "pan-cms/table1.s-RP.l1": _e(r"\frac{d e^{\epsilon/4}}{e^{\epsilon/2}-1}",
                                 "pan-cms.md line 444, Table 1, row s-RP, column l_1", "whole"),
    "pan-cms/table1.s-RP.l2": _e(r"\frac{d e^{\epsilon/2}}{(e^{\epsilon/2}-1)^2}",
                                 "pan-cms.md line 444, Table 1, row s-RP, column l_2", "whole"),
    "pan-cms/table1.s-RP.mse": _e(r"\frac{e^{\epsilon/2}}{(e^{\epsilon/2}-1)^2}",
                                  r"pan-cms.md line 444, Table 1, row s-RP, column \widehat{MSE}", "whole"),
    "pan-cms/table2.HE": _e(r"\log_2 d", "pan-cms.md line 451, Table 2, row HE", "whole",
                            edited=r"\log -> \log_2 (Table 2's log is base 2: line 464 writes the MSE-OCMS cost as "
                                   r"$2 \log_2 d + \frac{\epsilon}{2}$)"),
    "pan-cms/table2.RHR": _e(r"\log_2 d + \epsilon", "pan-cms.md line 452, Table 2, row RHR", "whole",
                             edited=r"\log -> \log_2 (see table2.HE)"),
    "pan-cms/table2.OLH": _e(r"d \epsilon", "pan-cms.md line 453, Table 2, row OLH", "whole"),
    "pan-cms/table2.MSE-OCMS": _e(r"2 \log_2 d + \frac{\epsilon}{2}", "pan-cms.md line 454, Table 2, row MSE-OCMS",
                                  "whole", edited=r"\log -> \log_2 (see table2.HE)"),
    "pan-cms/table2.l-OCMS": _e(r"2 \log_2 d + \epsilon", "pan-cms.md line 455, Table 2, row l-OCMS", "whole",
                                edited=r"\log -> \log_2 (see table2.HE)"),
    "pan-cms/table2.original-CMS": _e(r"d \log_2 m",
                                      r"pan-cms.md line 456, Table 2, row original CMS: $\Omega(d \log m)$",
                                      edited=r"\Omega(.) removed (ldpref reads it as 'bits >= its argument', the "
                                             r"right-hand side of the printed relation); \log -> \log_2"),
    "pan-cms/table2.SS": _e(r"\frac{d}{1+e^\epsilon}", "pan-cms.md line 457, Table 2, row SS", "whole"),
    "pan-cms/table2.RAPPOR": _e("d", "pan-cms.md line 458, Table 2, row RAPPOR", "whole"),
    "pan-cms/sec5.2.adversarial-bias": _e("1", r"pan-cms.md line 474 (inline), 'results in $E[\hat{f}(x)] = 1$'"),
    "pan-cms/thm5.1": _e(r"E[\hat{f}(x)] - f(x) \neq 0", "pan-cms.md line 478, Theorem 5.1", "whole",
                         unparsed=r"a reading: the paper's E[\hat{f}(x)] - f(x) \neq 0 ('biased') is printed by "
                                  r"ldpref as the largest bias over datasets being positive, one named symbol, not "
                                  r"this expression"),
    "pan-cms/thm5.2": _e(r"\lceil \max(4\log_2 d, 2\log_2 n) \rceil", "pan-cms.md line 490 (inline), Theorem 5.2",
                         "lhs", edited=r"\max\{.\} -> \max(.) (lark reads \max with round brackets only)"),
    "pan-cms/sec5.3.generator": _e(r"4\log_2 d", r"pan-cms.md line 500 (inline), 'at least $4\log_2 d$ bits'"),
    "pan-cms/sec5.3.sync-identifier": _e("d^2", "pan-cms.md line 500 (inline), 'at least d^2 hash functions in "
                                         r"\mathcal{H}'"),
    "pan-cms/sec5.3.client-group-public": _e(r"n \log_2 m + \lceil \max(4 \log_2 d, 2 \log_2 n) \rceil",
                                             r"pan-cms.md line 506 (inline), the generator's $\lceil \max\{4 \log_2 "
                                             r"d, 2 \log_2 n\} \rceil$ bits plus the responses' $n \log m \approx "
                                             r"n\epsilon$ bits",
                                             edited=r"the sum assembled from the two costs of line 506; \max\{.\} "
                                                    r"-> \max(.); \log -> \log_2"),
    "pan-cms/sec3.1.family-size": _e("d^2",
                                     r"pan-cms.md line 148 (inline), 'requires the size of \mathcal{H} to be d^2'"),
    "pan-cms/sec5.3.client-group-private": _e(r"n(\log d + \epsilon)", "pan-cms.md line 506 (inline)",
                                              unparsed="a reading, not a parse: ldpref prints the response bits as "
                                                       r"log_2 m (the paper: $n \log m \approx n\epsilon$), so the "
                                                       "printed object n(log_2 d + log_2 m) is not this expression"),
    "pan-cms/appA.eq23": _e(r"R(h_{j^{(i)}}(X^{(i)}))[h_{j^{(i)}}(x)] \\ = \sum_{j \in [k]} \mathbf{1}\{j = "
                            r"j^{(i)}\} R(h_j(X^{(i)}))[h_j(x)]", "pan-cms.md line 597, Eq. (23)"),
    "pan-cms/appA.eq24": _e(r"\sum_{j \in [k]} \frac{1}{k} c_j(X^{(i)}, x)", "pan-cms.md line 601, Eq. (24)"),
    "pan-cms/appA.expectation-sum": _e(r"\frac{m}{n(m-1)} \sum_{i \in [n]} \sum_{j \in [k]} \frac{c_j(X^{(i)}, "
                                       r"x)}{k} - \frac{1}{m-1}", "pan-cms.md line 605, second line", calls=True),
    "pan-cms/appA.unbiased": _e(r"\frac{m}{m-1} [f(x) + \sum_{x' \in [d] \setminus x} \frac{1}{m} f(x')] - "
                                r"\frac{1}{m-1} \\ \frac{m}{m-1} [f(x) + (1-f(x)) \frac{1}{m}] - \frac{1}{m-1} \\ "
                                "f(x)", "pan-cms.md line 611"),
    "pan-cms/appA.converse": _e(r"\frac{m}{m-1} [f(x) + (1-f(x)) \sum_{j \in [k]} \frac{c_j(x, x')}{k}] - "
                                r"\frac{1}{m-1}", "pan-cms.md line 615"),
    "pan-cms/appB.eq25": _e(r"E[(\hat{y}^{(i)}[h_{j^{(i)}}(x)])^2] - \bar{c}(X^{(i)}, x)^2",
                            "pan-cms.md line 623, Eq. (25)"),
    "pan-cms/appB.second-moment": _e(r"\frac{1}{k} \sum_{j \in [k]} \left(\text{Var}(R(h_j(X^{(i)}))[h_j(x)]) + "
                                     r"c_j(X^{(i)}, x) \right)", "pan-cms.md line 627, last line"),
    "pan-cms/appB.eq26": _e(r"\frac{1}{k} \sum_{j \in [k]} \text{Var}(R(h_j(X^{(i)}))[h_j(x)]) + \bar{c}(X^{(i)}, "
                            r"x) - \bar{c}(X^{(i)}, x)^2", "pan-cms.md line 631, Eq. (26)"),
    "pan-cms/appB.var-decomposition": _e(r"\sum_{i \in [n]} \text{Var}(\hat{y}^{(i)}[h_{j^{(i)}}(x)]) + \sum_{i_1 "
                                         r"\neq i_2} \text{Cov}(\hat{y}^{(i_1)}[h_{j^{(i_1)}}(x)], "
                                         r"\hat{y}^{(i_2)}[h_{j^{(i_2)}}(x)])", "pan-cms.md line 635",
                                         unparsed=r"sums over the index condition i_1 \neq i_2 (no range [N] for the "
                                                  r"front end) of covariances of indexed \hat{y}; ldpref names each "
                                                  r"of the two sums as one symbol"),
    "pan-cms/appB.eq27": _e(r"\bar{c}(X^{(i_1)}, x) \bar{c}(X^{(i_2)}, x)", "pan-cms.md line 643, Eq. (27), last line"),
    "pan-cms/appB.cov-zero": _e("0", r"pan-cms.md line 649, '= \bar{c}(X^{(i_1)}, x) \bar{c}(X^{(i_2)}, x) - "
                                r"\bar{c}(X^{(i_1)}, x) \bar{c}(X^{(i_2)}, x) = 0'"),
    "pan-cms/appB.sum-variance": _e(r"n \sum_{x' \in [d]} \left[\left(\frac{1}{k} \sum_{j \in [k]} "
                                    r"\text{Var}(R(h_j(x')))[h_j(x)] \right) + \bar{c}(x', x) - \bar{c}(x', x)^2 "
                                    r"\right] f(x')", "pan-cms.md line 653, last line", calls=True),
    "pan-cms/appB.eq28": _e(r"\frac{m^2}{(m-1)^2 n} \sum_{x' \in [d]} \left[\left(\frac{1}{k} \sum_{j \in [k]} "
                            r"\text{Var}(R(h_j(x')))[h_j(x)] \right) + \bar{c}(x', x) - \bar{c}(x', x)^2 \right] "
                            r"f(x') \\ \sum_{j \in [k]} \frac{c_j(x', x)}{k}", "pan-cms.md line 657, Eq. (28)", "rhs",
                            calls=True, edited=_CBAR_DEF),
    "pan-cms/appB.diagonal": _e(r"\bar{c}(x', x) = 1 \\ Var(R(h_j(x'))[h_j(x)]) = Var(R| =)",
                                "pan-cms.md line 661 (inline, x' = x)", "whole",
                                unparsed=r"the paper states the diagonal x' = x still writing x' (\bar{c}(x', x) = "
                                         r"1); ldpref's printed form substitutes x' = x (c_bar(x, x)) and averages "
                                         r"the variances over j: the same fact as a different expression"),
    "pan-cms/appB.eq29": _e(r"\bar{c}(x', x)Var(R| =) + (1 - \bar{c}(x', x))Var(R| \neq)",
                            "pan-cms.md line 663, Eq. (29), last line", calls=True),
    "pan-cms/appB.eq6-sum": _e(r"\frac{m}{(m-1)^2n} \left[\sum_{x' \in [d] \setminus x} f(x) \left(Var(R| =) + "
                               r"(m-1) Var(R| \neq) + \frac{1-m}{m} \right) + mf(x)Var(R| =) \right]",
                               "pan-cms.md line 673, first line"),
    "pan-cms/appB.eq6-final": _e(r"\frac{m}{(m-1)^2n} \left[(1-f(x)) \left(Var(R| =) + (m-1) Var(R| \neq) + "
                                 r"\frac{1-m}{m} \right) + mf(x)Var(R| =) \right]",
                                 "pan-cms.md line 673, second line",
                                 edited="alignment & and line breaks removed"),
    "pan-cms/appC.AB": _e(r"A = \frac{m}{m-1} \frac{e^{-1}}{e^\epsilon - 1} - \frac{1}{m-1} \\ B = \frac{m}{m-1} "
                          r"\frac{e^\epsilon + m - 2}{e^\epsilon - 1} - \frac{1}{m-1}", "pan-cms.md line 681", "whole",
                          edited=r"the middle members '\min \hat{f}(x) =', '\max \hat{f}(x) =' and the alignment & "
                                 "removed"),
    "pan-cms/appC.bernoulli": _e(r"n\hat{f}(x) = \sum_i Y^{(i)}", "pan-cms.md line 679 (inline)", "whole",
                                 unparsed="a statement about random variables (ldpref's printed form is a "
                                          "Predicate evaluated by code)"),
    "pan-cms/appC.eq30": _e(r"\forall \delta \in [0, 1] \\ Pr\left[\sum_i \frac{Y^{(i)} - A}{B - A} \geq (1 + "
                            r"\delta)n \frac{f(x) - A}{B - A}\right] \leq \exp\left(-\frac{n}{3} \frac{f(x) - A}{B - "
                            r"A} \delta^2\right)", "pan-cms.md lines 685-687, Eq. (30)", "whole", select=(1, 0),
                            edited=_RANGE.format("line 685")),
    "pan-cms/appC.delta-range": _e(r"\frac{n e^\epsilon}{m-1}", r"pan-cms.md line 689 (inline), '$\alpha \in [0, "
                                   r"\sqrt{\frac{ne^\epsilon}{m-1}}]$'",
                                   edited="the square of the interval's upper end (ldpref prints alpha_max^2)"),
    "pan-cms/appC.rewrite": _e(r"\exp\left(-\frac{n}{3} \frac{\mathit{Varf}}{(B-A) (f(x)-A)} \alpha^2\right)",
                               "pan-cms.md line 691", edited=r"Var(\hat{f}(x)) -> \mathit{Varf}"),
    "pan-cms/appC.ratio-min": _e(r"\frac{m-1}{e^\epsilon + m - 1}", "pan-cms.md line 695"),
    "pan-cms/appC.upper-tail": _e(r"\forall \alpha \in [0, \sqrt{\frac{ne^\epsilon}{m-1}}] \\ "
                                  r"Pr[\hat{f}(x) \geq f(x) + \alpha \sqrt{Var(\hat{f}(x))}] \leq "
                                  r"\exp\left(-\frac{n}{3} \frac{m-1}{e^\epsilon + m - 1} \alpha^2\right)",
                                  "pan-cms.md lines 689-699", "whole", select=(1, 0),
                                     edited=_RANGE.format("line 689")),
    "pan-cms/appC.two-sided": _e(r"\forall \alpha \in [0, \sqrt{\frac{ne^\epsilon}{m-1}}] \\ "
                                 r"Pr[|\hat{f}(x) - f(x)| \geq \alpha \sqrt{Var(\hat{f}(x))}] \leq 2 "
                                 r"\exp\left(-\frac{n}{3} \frac{m-1}{e^\epsilon + m - 1} \alpha^2\right)",
                                 "pan-cms.md lines 689-703", "whole", select=(1, 0),
                                    edited=_RANGE.format("line 689")),
    "pan-cms/appD.eq31": _e(r"\frac{1-f(x)}{n (m-1)} + \frac{m ((1-f(x)) (e^\epsilon - 1) (2-m) + m e^\epsilon)}{n "
                            r"(m-1) (e^\epsilon - 1)^2}", "pan-cms.md line 709, Eq. (31)",
                            edited="square grouping brackets -> round; alignment & and line break removed"),
    "pan-cms/appD.worst-endpoints": _e(r"\max\{Var(\hat{f}(x)_{RR}|f(x) = 0), Var(\hat{f}(x)_{RR}|f(x) = 1)\}",
                                       "pan-cms.md line 711 (inline)",
                                       unparsed="a maximum of two conditional variances named in words; ldpref's "
                                                "printed form substitutes Eq. (31) at f(x) = 0 and 1"),
    "pan-cms/appD.dvar-f1": _e(r"\frac{m (m-2) e^\epsilon}{n (m-1)^2 (e^\epsilon - 1)^2}", "pan-cms.md line 713"),
    "pan-cms/appD.f1-increasing": _e(r"\frac{m (m-2) e^\epsilon}{n (m-1)^2 (e^\epsilon - 1)^2}",
                                     "pan-cms.md lines 713-715 (the derivative, 'increases monotonically with m "
                                     r"when $m \geq 2$')", "lhs"),
    "pan-cms/appD.dvar-f0": _e(r"\frac{(m - e^\epsilon - 1) (m + e^\epsilon - 1)}{n (m - 1) (e^\epsilon - 1)^2}",
                               "pan-cms.md line 717"),
    "pan-cms/appD.f0-minimum": _e(r"e^\epsilon + 1",
                                  r"pan-cms.md line 719 (inline), 'a minimum at $m = e^\epsilon + 1$'"),
    "pan-cms/appD.crossover": _e(r"m = e^{\epsilon/2} + 1 \\ Var(\hat{f}(x)_{RR}) = "
                                 r"\frac{e^{\epsilon/2}}{n(e^{\epsilon/2} - 1)^2}",
                                 "pan-cms.md lines 723-725",
                                 "whole",
                                 edited=r"the inline $m = e^{\epsilon/2} + 1$ (line 723) and the display joined by "
                                        r"\\"),
    "pan-cms/appD.m-lower-bound": _e(r"\max_{f(x)} Var(\hat{f}(x)_{RR}) > \max_{f(x)} Var(\hat{f}(x)_{RR}|m = "
                                     r"e^{\epsilon/2} + 1) = \frac{e^{\epsilon/2}}{n(e^{\epsilon/2} - 1)^2}",
                                     "pan-cms.md line 729", "whole",
                                     unparsed=r"maxima over f(x) of variances named in words (Var(\hat{f}(x)_{RR}|m = "
                                              r"...)); ldpref prints the implication under 2 <= m <= e^{eps/2} + 1, a "
                                              r"condition in the paper's words"),
    "pan-cms/appD.eq32": _e(r"1 + \frac{\Delta_{MSE}}{f^*e^\epsilon + 1 - f^*}",
                            "pan-cms.md line 739, Eq. (32), Delta_MSE as defined on line 743",
                            where={"DeltaMSE": _DELTA_MSE}, edited=_DELTA_MSE_EDIT),
    "pan-cms/appD.var-star": _e(r"\frac{2(\Delta_{MSE} + e^\epsilon)}{n(e^\epsilon - 1)^2}",
                                "pan-cms.md line 747, Delta_MSE as defined on line 743",
                                where={"DeltaMSE": _DELTA_MSE}, edited=_DELTA_MSE_EDIT),
    "pan-cms/appD.validity": _e(r"e^{\epsilon/2} + 1 \leq m \leq e^\epsilon + 1", "pan-cms.md line 749 (inline)",
                                "whole",
                                unparsed=r"the chain e^{eps/2} + 1 <= m <= e^eps + 1 'translates to' f^* <= 1/2 in "
                                         r"words; ldpref prints that reading (an equivalence and an implication in "
                                         r"Eq. (15)'s m), not the chain"),
    "pan-cms/appD.m-opt": _e(r"\begin{cases} 1 + \Delta_{MSE} & \text{if } f^* \leq \frac{1}{2} \\ 1 + "
                             r"e^{\epsilon/2} & \text{if } \frac{1}{2} < f^* \leq 1, \end{cases}",
                             "pan-cms.md line 751", where={"DeltaMSE": _DELTA_MSE}, edited=_DELTA_MSE_EDIT),
    "pan-cms/appD.var-opt": _e(r"\begin{cases} \frac{2(\Delta_{MSE} + e^\epsilon)}{n(e^\epsilon - 1)^2} & \text{if "
                               r"} f^* \leq \frac{1}{2} \\ \frac{e^{\epsilon/2}}{n(e^{\epsilon/2} - 1)^2} & "
                               r"\text{if } \frac{1}{2} < f^* \leq 1. \end{cases}", "pan-cms.md line 755",
                             where={"DeltaMSE": _DELTA_MSE}, edited=_DELTA_MSE_EDIT),
    "pan-cms/appD.eq33": _e(r"\frac{1}{n} (Var(R| \neq) (1 - f(x)) + Var(R| =) f(x))", "pan-cms.md line 759, Eq. (33)",
                            edited="square grouping brackets -> round"),
    "pan-cms/appD.eq34": _e(r"\frac{m}{n (m-1)^2} \left((Var(R| =) + (m-1) Var(R| \neq) + \frac{m-1}{m}) (d-1) + m "
                            r"Var(R| =)\right)", "pan-cms.md line 765, Eq. (34), last member",
                            edited=r"square grouping brackets -> round; alignment &, \quad and line breaks removed"),
    "pan-cms/appD.eq35": _e(r"\frac{(d + e^\epsilon - 1) m^2}{n (m-1) (e^\epsilon - 1)^2} + \frac{(d-1) (2m + "
                            r"e^\epsilon - 1)}{n (m-1) (e^\epsilon - 1)}", "pan-cms.md line 769, Eq. (35)"),
    "pan-cms/appD.m-opt-l2": _e(r"1 + \frac{\Delta_l}{e^\epsilon + d - 1}", "pan-cms.md line 773"),
    "pan-cms/appD.delta-l": _e(r"\sqrt{(e^\epsilon + d - 1) (d e^\epsilon - e^\epsilon + 1) e^{\epsilon/2}}",
                               "pan-cms.md line 777"),
    "pan-cms/appD.eq36": _e(r"\frac{2(\Delta_l + de^\epsilon)}{n(e^\epsilon - 1)^2}", "pan-cms.md line 781, Eq. (36)"),
    "pan-cms/appD.eq37": _e(r"\frac{4d e^\epsilon}{n (e^\epsilon - 1)^2}", "pan-cms.md line 785, Eq. (37)"),
    "pan-cms/appD.m-limit": _e(r"1 + e^\epsilon",
                               r"pan-cms.md line 787 (inline), 'the corresponding $m \rightarrow 1 + e^\epsilon$'"),
    "pan-cms/appD.eq38": _e(r"\frac{(e^\epsilon - 1)^2}{(1 + \tau) \cdot e^\epsilon}",
                            r"pan-cms.md line 795, Eq. (38): $m = \Omega\left(\frac{(e^\epsilon - 1)^2}{(1 + "
                            r"\tau)e^\epsilon}\right)$",
                            unparsed=r"a reading, not a parse: ldpref reads \Omega(X) as m_tau >= X/2 "
                                     "(printed_optimized.appd_eq38), so its right-hand side is half this argument"),
    "pan-cms/appD.l1-cauchy-schwarz": _e(r"\mathit{lone} \leq \sqrt{d} \mathit{ltwo}",
                                         r"pan-cms.md line 799 (inline), '$l_1 \leq \sqrt{d}l_2$'", "whole",
                                         edited=r"l_1 -> \mathit{lone}, l_2 -> \mathit{ltwo}"),
    "pan-cms/appD.eq39": _e(r"\sqrt{\frac{2d(\Delta_l + de^\epsilon)}{n(e^\epsilon - 1)^2}}",
                            "pan-cms.md line 801, Eq. (39)"),
    "pan-cms/appD.eq40": _e(r"\frac{2d e^{\epsilon/2}}{\sqrt{n e^\epsilon - 1}}", "pan-cms.md line 805, Eq. (40)"),
    "pan-cms/appE.eq41": _e(r"- \max\left\{\frac{2m'Var(R| =)}{n(m' - 1)^3}, \frac{(m' - 1)(Var(R| \neq) + 1) + (m' "
                            r"+ 1)Var(R| =)}{n(m' - 1)^3}\right\} \leq \frac{\partial "
                            r"Var(g(x|\mathcal{H}'))}{\partial m'} < 0", "pan-cms.md line 815, Eq. (41)", "whole"),
    "pan-cms/appE.veq-geq-vne": _e(r"Var(R| =) \geq Var(R| \neq)", "pan-cms.md line 817 (inline)", "whole"),
    "pan-cms/appE.eq42": _e(r"-\frac{2m'Var(R| =) + m' - 1}{n(m' - 1)^3} \leq \frac{\partial "
                            r"Var(g(x|\mathcal{H}'))}{\partial m'} < 0", "pan-cms.md line 819, Eq. (42)", "whole"),
    "pan-cms/appE.m-prime-bound": _e(r"m - \frac{m}{(2q+1)^2}", "pan-cms.md line 821 (inline)"),
    "pan-cms/appE.translate": _e(r"\frac{2mVar(R| =) + m - 1}{n(m - 1)^3} \frac{m}{(2q + 1)^2} \leq \tau "
                                 r"Var(\hat{f}(x)) \Rightarrow Var(g(x|\mathcal{H}')) \leq Var(\hat{f}(x))(1 + \tau)",
                                 "pan-cms.md lines 821-823", "whole",
                                 edited=r"the inequality of line 823 and the goal of line 821 it translates joined by "
                                        r"\Rightarrow"),
    "pan-cms/appE.eq43": _e(r"\frac{2mVar(R| =) + m - 1}{n(m - 1)^3} \frac{m}{\tau Var(\hat{f}(x))} \leq (2q + 1)^2 "
                            r"\Rightarrow Var(g(x|\mathcal{H}')) \leq Var(\hat{f}(x))(1 + \tau)",
                            "pan-cms.md line 827, Eq. (43), with the goal it ensures (line 821)", "whole",
                            edited=r"Eq. (43) and the goal of line 821 joined by \Rightarrow ('which can be "
                                   "organized as ... thus proving Theorem 3.8')"),
    "pan-cms/appE.cor3.6-var": _e(r"\frac{e^{\epsilon/2}}{(e^{\epsilon/2} - 1)^2}", "pan-cms.md line 829 (inline)"),
    "pan-cms/appE.cor3.6-eps0": _e(r"2q + 1 > \sqrt{\frac{1}{\tau}}", "pan-cms.md line 829 (inline)", "whole"),
    "pan-cms/appE.cor3.7-var": _e(r"\frac{4 e^\epsilon}{(e^\epsilon - 1)^2}", "pan-cms.md line 835 (inline)"),
    "pan-cms/appE.cor3.7-eps0": _e(r"2q + 1 > \sqrt{\frac{1}{\tau}}", "pan-cms.md line 835 (inline)", "whole"),
    "pan-cms/appE.eq44": _e(r"\frac{2mVar(R| =) + m - 1}{n(m - 1)^3} \frac{m}{\tau Var(\hat{f}(x)|f(x) = 0)} \leq "
                            r"(2q + 1)^2 \Rightarrow \frac{2mVar(R| =) + m - 1}{n(m - 1)^3} \frac{m}{\tau "
                            r"Var(\hat{f}(x))} \leq (2q + 1)^2", "pan-cms.md lines 833-835, Eq. (44) (then Eq. (43))",
                            "whole", edited=r"alignment & removed; Eq. (44) and Eq. (43) joined by \Rightarrow "
                                            "('is satisfied, Eq. (43) will also be satisfied')"),
    "pan-cms/appE.l2-sum": _e(r"\forall x : Var(g(x)) \leq (1 + \tau)Var(\hat{f}(x)) \Rightarrow l_2(g) \leq (1 + \tau)"
                              r"l_2(\hat{f}(x))", "pan-cms.md line 831 (inline)", "whole",
                              edited=r"'If ..., then' written with \Rightarrow"),
    "pan-cms/appE.eq45": _e(r"\frac{1}{m} + \frac{1}{4mq(q+1)}", "pan-cms.md line 839, Eq. (45)"),
    "pan-cms/appE.eq46": _e(r"\frac{m}{m-1}(\bar{c}(x, x') - \frac{1}{m}) \sum_{x' \in [d] \setminus x} f(x') \\ "
                            r"\leq \frac{m}{m-1} \frac{1}{4mq(q+1)} = \frac{1}{4(m-1)q(q+1)}",
                            "pan-cms.md line 845, Eq. (46)", "whole",
                            unparsed=r"the paper's chain bias = X \leq Y = Z (the bias E[\hat{f}(x|\mathcal{H}')] "
                                     r"- f(x) left of this text) links X \leq Y; ldpref's printed conjunction links "
                                     r"the bias to each member (bias \leq Y) and names \sum_{x' \neq x} f(x') as "
                                     r"one symbol: the same chain with other links"),
    "pan-cms/appE.eq47": _e(r"\frac{Var[\hat{f}(x|\mathcal{H}')] }{Var[\hat{f}(x)]} \leq "
                            r"\max\left\{\frac{\bar{c}(x, x')}{1/m}, \frac{\bar{c}(x, x')^2}{1/m^2}\right\} = "
                            r"\frac{(2q+1)^4}{16q^2(q+1)^2}", "pan-cms.md line 849, Eq. (47)", "whole"),
    "pan-cms/appE.mse-requirement": _e(r"MSE(f(x)|\mathcal{H}') - MSE(\hat{f}(x)) \leq 2\tau Var[\hat{f}(x)] \iff "
                                       r"(E[\hat{f}(x|\mathcal{H}')] - f(x))^2 < \tau Var[\hat{f}(x)], "
                                       r"\frac{Var[\hat{f}(x|\mathcal{H}')] }{Var[\hat{f}(x)]} < 1 + \tau",
                                       "pan-cms.md lines 853-857", "whole", edited=_IFF.format("lines 853 and 857")),
    "pan-cms/appF.var-cj": _e(r"E[c_j(x, x')] = \frac{1}{m} \\ Var(c_j(x, x')) = \frac{m-1}{m}",
                              "pan-cms.md line 865 (inline)",
                              "whole",
                              edited=r"the two inline equations joined by \\"),
    "pan-cms/appF.expectation": _e(r"\frac{m}{m-1} (f(x) + (1-f(x)) \frac{1}{m}) - \frac{1}{m-1}",
                                   "pan-cms.md line 867, second line", edited="square grouping brackets -> round"),
    "pan-cms/appF.variance": _e(r"\frac{1}{(m-1)k} \sum_{x' \in [d] \setminus x} f(x')^2",
                                "pan-cms.md line 871, second line"),
    "pan-cms/appF.eq48": _e(r"Pr\left((E[\hat{f}(x)] - f(x))^2 \leq \tau\text{Var}(\hat{f}(x))\right) \geq 1 - "
                            r"\delta \iff \frac{Var_{\forall c_j(x, x')} (E[\hat{f}(x)])}{\tau Var(\hat{f}(x))} \leq "
                            r"\delta", "pan-cms.md lines 370, 877-879, Eqs. (21) and (48)", "whole",
                            edited=_IFF.format("Eq. (21), line 370, and Eq. (48)")),
    "pan-cms/appF.eq49": _e(r"\frac{1}{(m-1)k}", "pan-cms.md line 883, Eq. (49)"),
    "pan-cms/appF.eq50": _e(r"Var(\hat{f}(x)) > \frac{1}{n} \min\{Var(R| =), Var(R| \neq)\} = \frac{Var(R| \neq)}{n}",
                            "pan-cms.md line 887, Eq. (50)", "whole"),
    "pan-cms/appF.veq-gt-vne": _e(r"Var(R| =) > Var(R| \neq)", "pan-cms.md line 889 (inline)", "whole"),
    "pan-cms/appF.ratio": _e(r"\frac{n}{(m-1)k Var(R| \neq)}", "pan-cms.md line 891"),
    "pan-cms/appF.eq51": _e(r"\frac{n}{(m-1)k Var(R| \neq)} < \delta \Rightarrow Pr\left((E[\hat{f}(x)] - f(x))^2 "
                            r"\leq \tau\text{Var}(\hat{f}(x))\right) \geq 1 - \delta",
                            "pan-cms.md line 895, Eq. (51), with Eq. (21) (line 370) it ensures", "whole",
                            edited=r"Eq. (51) and Eq. (21) joined by \Rightarrow ('the requirement of Eq. (21) is "
                                   "converted as')"),
    "pan-cms/appG.estimator": _e(r"\sum_{i \in [n]} \hat{H}[X^{(i)} + 1, j^{(i)}] H[j^{(i)}, x + 1]",
                                 "pan-cms.md line 903",
                                 unparsed=r"matrix entries H[., .] and \hat{H} are outside lark's grammar"),
    "pan-cms/appG.eq2": _e(r"2\hat{y}^{(i)}[h_{j^i}(x)] - 1", "pan-cms.md line 907 (inline)",
                           unparsed=r"the indexed \hat{y}^{(i)}[.] is outside lark's grammar"),
    "pan-cms/appH.rhr-mse": _e(r"\left(\frac{e^\epsilon + 1}{e^\epsilon - 1}\right)^2",
                               r"pan-cms.md line 911 (inline): $\Omega\left(\left(\frac{e^\epsilon + 1}{e^\epsilon "
                               r"- 1}\right)^2\right)$",
                               edited=r"\Omega(.) removed: ldpref reads it as 'n MSE >= its argument', the "
                                      "right-hand side of the printed relation"),
    "pan-cms/appH.ss-pq": _e(r"\frac{k e^\epsilon}{k e^\epsilon + d - k} \\ \frac{k e^\epsilon}{k e^\epsilon + d - "
                             r"k} \frac{k-1}{d-1} + \frac{d-k}{k e^\epsilon + d - k} \frac{k}{d-1}",
                             "pan-cms.md line 913 (p and q)", "whole",
                             edited="'p =', 'q =', the alignment & and the lines k = ..., f = 1 removed"),
    "pan-cms/appH.ocms-hash-bits": _e(r"2\log_2 d", r"pan-cms.md line 919 (inline), '$2\log_2 d$ bits are sufficient'"),
    "pan-cms/appH.response-bits": _e(r"\log_2(1 + e^{\epsilon/2}) = \frac{\epsilon}{2} \\ \log_2(1 + e^\epsilon) = "
                                     r"\epsilon", r"pan-cms.md lines 919-921 (words: '$\log_2 m$ bits' with $m = 1 + "
                                     r"e^{\epsilon/2}$ or $m = 1 + e^\epsilon$ 'are close to $\epsilon/2$ and "
                                     r"$\epsilon$')", "whole",
                                     edited="the two relations assembled from the sentence ('close to' read as =)"),
    "pan-cms/appH.olh-comm": _e(r"d \log_2 m",
                                r"pan-cms.md line 923 (inline), '$d\log_2(1 + e^\epsilon) \approx d\epsilon$ bits'",
                                edited=r"1 + e^\epsilon -> m (the range [1 + e^\epsilon] of the hash function, "
                                       "which ldpref keeps as m)"),
    "pan-cms/appH.cms-comm": _e(r"d \log_2 m", r"pan-cms.md line 923 (inline), '$d\log_2 m$ bits'"),
    "pan-cms/appH.ss-comm": _e(r"\frac{d}{e^\epsilon + 1}", "pan-cms.md line 923 (inline)"),
    "pan-cms/appH.rappor-comm": _e("d", "pan-cms.md line 923 (inline), 'requires d bits to transfer'"),
    "pan-cms/thmI.1": _e(r"\Pr(\overline{MSE}(\hat{f}) \geq [1 + \frac{2}{t}(\sqrt{t\log(20|\mathbf{x}|)} + "
                         r"\log(20|\mathbf{x}|))]V) \leq 0.05", "pan-cms.md line 931, Theorem I.1", "whole"),
    "pan-cms/eq52": _e(r"\Pr(\overline{MSE}(\hat{f}) < [1 + \frac{2}{t}(\sqrt{t\alpha} + \alpha)]V) > (1 - "
                       r"e^{-\alpha})^{|\mathbf{x}|}", "pan-cms.md line 967, Eq. (52)", "whole"),
    "pan-cms/eq22": _e(r"\overline{MSE}(\hat{f}) = \max_{x \in \mathbf{x}} \frac{1}{t} \sum_t (\hat{f}(x) - f(x))^2",
                       "pan-cms.md line 520, Eq. (22)", "whole",
                       unparsed="the estimator's definition; ldpref prints the claim about it (its expectation "
                                "exceeds the largest MSE), which the paper states in words"),
    "pan-cms/cor3.1": _e(r"\forall x, x' : \sum_{j \in [k]} \frac{c_j(x, x')}{k} = \frac{1}{m} \\ E[\hat{f}(x)] = "
                         "f(x)", "pan-cms.md lines 136-138, Corollary 3.1", "whole",
                         unparsed=r"an equivalence ('if and only if') of quantified statements; ldpref prints each "
                                  r"side as one named statement its check evaluates"),
    "pan-cms/cor3.2": _e(r"\Pr_{h \in \mathcal{H}}(h(x) = h(x')) = \frac{1}{m} \\ E[\hat{f}(x)] = f(x)",
                         "pan-cms.md line 146, Corollary 3.2", "whole",
                         unparsed=r"an equivalence ('if and only if') of statements about the hash family; ldpref "
                                  r"prints each side as one named statement its check evaluates"),
    "pan-cms/sec3.1.pairwise-def": _e(r"\forall x, x' : \sum_{j \in [k]} \frac{c_j(x, x')}{k} = \frac{1}{m} \\ "
                                      r"\Pr_{h \in \mathcal{H}}(h(x) = h(x')) = \frac{1}{m}",
                                      "pan-cms.md line 142 (inline)", "whole",
                                      unparsed=r"an equivalence of two statements about the hash family; ldpref "
                                               r"prints each side as one named statement its check evaluates"),
    "pan-cms/eq18": _e(r"\mathcal{H} = \{h(x) | \forall a_i \in [2^l] : h(x) = a_0 + a_1 x\}",
                       "pan-cms.md line 288, Eq. (18)", "whole",
                       unparsed="a set definition over a finite field; ldpref prints the pairwise probability "
                                "2^{-2l} it implies"),
    "pan-cms/sec3.5.mod-probabilities": _e(r"\Pr(h'(x) = y) = \frac{q+1}{2^l} \\ \Pr(h'(x) = y) = \frac{q}{2^l}",
                                           "pan-cms.md line 294 (inline)", "whole",
                                           unparsed="two cases told apart in words (r values vs the other m - r); "
                                                    "ldpref's printed form is a Piecewise"),
    "pan-cms/appD.var-ordering": _e(r"Var(\hat{f}(x)_{RR}|f(x) = 1) < Var(\hat{f}(x)_{RR}|f(x) = 0)",
                                    "pan-cms.md lines 719 and 727 (inline)", "whole",
                                    unparsed="three orderings of named conditional variances at different m "
                                             "(printed as a tuple of relations between ldpref's symbols)"),
    "pan-cms/sec4.3.eq5-mse": _e(r"\bar{c}(x, x') = \frac{1}{2}", "pan-cms.md line 410 (inline)", "whole",
                                 unparsed="only the substitution is printed ('setting ... in Eq. (5)'); ldpref's "
                                          "printed form is Eq. (5) after it"),
}


#: claims with a printed form whose paper text has no formula to set beside it -> why
NO_PAPER_LATEX: dict[str, str] = {
    **dict.fromkeys([
        "pan-cms/appD.arp-l2-large-d", "pan-cms/appD.arp-ruled-out", "pan-cms/appD.rp-decreasing",
        "pan-cms/appD.srp-l2-larger", "pan-cms/appD.srp-ruled-out", "pan-cms/sec3.4.rp-not-optimal",
        "pan-cms/sec4.3.same-residue-worse",
    ], "a statement in words ('ruled out', 'larger', 'decreases'); ldpref's printed form relates named quantities"),
    **dict.fromkeys([
        "pan-cms/appE.cor3.6-lhs", "pan-cms/appE.cor3.7-lhs", "pan-cms/appE.cor3.7-increasing",
        "pan-cms/appH.ss-var-increasing",
    ], "a monotonicity in words ('decreases with eps', 'increases with f(x)'); ldpref prints the derivative's sign"),
    **dict.fromkeys([
        "pan-cms/appE.var-linear-positive",
    ], "a sentence ('linear to c_bar and c_bar^2, and all the parameters ... are positive'); no formula printed"),
    **dict.fromkeys([
        "pan-cms/appH.cms-he", "pan-cms/appH.he-eq31", "pan-cms/appH.olh-eq31", "pan-cms/appH.rp-worst",
    ], "Appendix H names its source in words ('we use Eq. (31)', 'the same as HE', 'the maximum between them')"),
    **dict.fromkeys([
        "pan-cms/def4.1", "pan-cms/thm4.1", "pan-cms/sec4.1.he-cms-rr", "pan-cms/sec4.2.hr",
        "pan-cms/sec4.4.decoding", "pan-cms/sec4.4.lh-cms", "pan-cms/sec4.6.rappor-cms",
    ], "an equivalence of algorithms stated in words (ldpref's printed form is a Predicate evaluated by code)"),
    **dict.fromkeys([
        "pan-cms/prop2.3", "pan-cms/sec3.5.m6-no-pairwise", "pan-cms/sec3.6.pairwise-suffices",
        "pan-cms/sec4.1.3-wise",
    ], 'a property stated in words (symmetry in variance, 3-wise or pairwise independence, no family for m = 6)'),
    **dict.fromkeys([
        "pan-cms/sec3.6.bias-n-independent", "pan-cms/sec4.6.small-km",
    ], 'a sentence about the bias or the identifiability of frequencies; no formula printed'),
    **dict.fromkeys([
        "pan-cms/sec4.4.worst-case",
    ], "a sentence about Section 4.4's worst case ('both f(x) = 0 and f(x) = 1 could be the maximum points')"),
    **dict.fromkeys([
        "pan-cms/sec5.1.l1-order-optimal", "pan-cms/sec5.1.ocms-optimal", "pan-cms/sec5.1.only-ocms-srp-mse",
        "pan-cms/sec5.1.rhr-only-logd",
    ], "a comparison of Table 1's rows stated in words (ldpref's printed form is a Predicate over the table)"),
    **dict.fromkeys([
        "pan-cms/sec5.3.sync-cost",
    ], 'a cost comparison in words with inline bit counts (2 log_2 d vs 4 log_2 d plus log_2 n); no relation printed'),
    **dict.fromkeys([
        "pan-cms/sec6.1.he-cms-he-identical", "pan-cms/sec6.1.ocms-lowest", "pan-cms/sec6.1.rhr-worst",
        "pan-cms/sec6.2.eq16", "pan-cms/sec6.2.he-cms-he-identical", "pan-cms/sec6.2.he-worst",
        "pan-cms/sec6.2.ocms-lowest", "pan-cms/sec6.2.rhr-between", "pan-cms/sec6.l1-upper",
    ], "a sentence on a figure of Section 6 (ldpref's printed form is a Predicate over the experiment)"),
    **dict.fromkeys([
        "pan-cms/thm3.1",
    ], "Theorem 3.1 says in words that the estimator is eps-LDP (ldpref's printed form is a Predicate)"),
}

#: claim id -> why the parser's reading of the paper's LaTeX differs from ldpref's printed form (the test requires
#: it still to differ): typesetting slips of the paper, kept as printed
KNOWN_DIFFERS: dict[str, str] = {
    "pan-cms/eq4": r"the paper's Eq. (4) (line 144) closes one bracket too many: 'Var(R(h_j(x')))[h_j(x)]) \right)' "
                   "has an unbalanced ')' (a typesetting slip; Eq. (28), the same formula, is balanced and equal)",
    "pan-cms/lemma3.1": "as pan-cms/eq4: Lemma 3.1's Eq. (4) has one ')' too many (a typesetting slip; Eq. (28) "
                        "compares equal)",
}
