"""Every displayed form in the papers' notation (issue 23, item 3): ``ldpref.latex`` prints powers of e^eps as
e^{\\epsilon/2}, e^{2\\epsilon}, e^{k\\epsilon}; a sum with a positive term starts with one; one Var and one E style;
a symbol ``\\alpha_2 k (m-1)`` keeps its subscript to ``2``.  Each old pattern has a test that fails on it."""

import re

import sympy

from ldpref.exact import EXP_EPS
from ldpref.latex import to_latex, var_style
from ldpref.ledger.runner import result_latex

e = EXP_EPS
n, f, k, m = sympy.symbols("n f k m", positive=True)
eps = sympy.Symbol("epsilon", positive=True)

#: the patterns sympy's own printer gives and the papers never write
OLD_PATTERNS = {
    "sqrt of e^eps": r"\sqrt{e^{\epsilon}}",
    "parenthesised power of e^eps": r"\left(e^{\epsilon}\right)^{",
    "subscript swallowing a product": r"\alpha_{2 k",
    "operatorname Var": r"\operatorname{Var}",
    "text Var": r"\text{Var}",
    "blackboard E": r"\mathbb{E}",
}
_ITALIC_VAR = re.compile(r"(?<![A-Za-z\\])(?<!\\mathrm\{)Var(?=\s*[(\[|])")


def test_powers_of_e_eps_in_the_papers_notation():
    assert to_latex(sympy.sqrt(e)) == r"e^{\epsilon/2}"
    assert to_latex(e**2) == r"e^{2\epsilon}"
    assert to_latex(e**k) == r"e^{k \epsilon}"
    assert to_latex(e ** sympy.Rational(3, 2)) == r"e^{3\epsilon/2}"
    assert to_latex(1 / sympy.sqrt(e)) == r"\frac{1}{e^{\epsilon/2}}"
    assert to_latex(e / (sympy.sqrt(e) - 1) ** 2) == r"\frac{e^{\epsilon}}{\left(e^{\epsilon/2} - 1\right)^{2}}"
    assert to_latex(sympy.exp(-eps / 2)) == r"e^{-\epsilon/2}"
    assert to_latex(e) == r"e^{\epsilon}"


def test_positive_term_first_and_no_leading_bullet():
    assert to_latex(n - f) == "n - f"
    assert to_latex(sympy.Eq(sympy.Symbol("x"), n - f - 1)) == "x = n - f - 1"
    assert not to_latex(-f).startswith("- ")
    p, q = sympy.symbols("p q", positive=True)
    # jiang-gcms Cor. 1's numerator, a sum of negative terms only: the sign moves into each sum factor
    numerator = -f * (p**2 - p - q**2 + q) - n * q * (q - 1)
    assert to_latex(numerator) == r"f \left(p + q^{2} - p^{2} - q\right) + n q \left(1 - q\right)"
    assert to_latex(-f * (q - 1) - n) == r"f \left(1 - q\right) - n"


def test_one_var_and_one_expectation_style():
    assert to_latex(sympy.Symbol("Var(R|=)")) == r"\mathrm{Var}(R|=)"
    assert var_style(r"\operatorname{Var}{\left(X\right)} + \text{Var}(Y) + \frac{Var(R|\neq)}{2}") == (
        r"\mathrm{Var}{\left(X\right)} + \mathrm{Var}(Y) + \frac{\mathrm{Var}(R|\neq)}{2}")
    assert var_style(r"\mathbb{E}[\hat{f}] = \Sigma_{\mathrm{Var}}") == r"E[\hat{f}] = \Sigma_{\mathrm{Var}}"


def test_subscript_keeps_to_its_token():
    assert to_latex(sympy.Symbol(r"\alpha_2 k (m-1)")) == r"\alpha_{2} k (m-1)"
    assert to_latex(sympy.Symbol(r"\alpha_2\ (\text{simplified})")) == r"\alpha_{2}\ (\text{simplified})"


def test_jiang_count_prints_with_its_argument():
    from derivations.jiang_gcms.symbols import f as count

    assert to_latex(n - count) == "n - f(d)"


def test_no_displayed_form_uses_an_old_pattern(ledger):
    """Over every displayed form of the ledger: none of the patterns above, no italic Var, and no form starting
    with a negative term when it is a sum with a positive term."""
    found = []
    for cid, result in ledger.items():
        for which, tex in result_latex(result).items():
            if not isinstance(tex, str) or not tex:
                continue
            found += [(cid, which, name) for name, pat in OLD_PATTERNS.items() if pat in tex]
            if _ITALIC_VAR.search(tex):
                found.append((cid, which, "italic Var"))
            if tex.startswith("- "):
                found.append((cid, which, "starts with a bullet"))
    assert not found, found[:20]


def test_counterexample_values_positive_term_first_and_e_powers():
    from ldpref.ledger.readable import with_decimal

    assert with_decimal(2 * sympy.exp(sympy.Rational(1, 150)) - 1).startswith("2·e^(1/150) - 1")
    assert with_decimal(sympy.sqrt(2) - 3).startswith("sqrt(2) - 3")


def test_counterexample_booleans_read_with_one_polarity():
    """pan-cms/thm3.5 (printed false) and appE.cor3.6-eps0 (printed true) read the same way: the named
    statement holds or fails by each side."""
    from ldpref.ledger.readable import counterexample_text

    base = {"params": {"exp_eps": "2", "tau": "1/8"}, "quantity": "the condition"}
    a = counterexample_text({**base, "printed": "False", "exact": "True", "printed_text": "false",
                             "exact_text": "true"})
    b = counterexample_text({**base, "printed": "True", "exact": "False", "printed_text": "true",
                             "exact_text": "false"})
    assert a.endswith("fails by the printed form, holds by the exact values")
    assert b.endswith("holds by the printed form, fails by the exact values")
    assert a.startswith("e^ε = 2, τ = 1/8 (the condition)")
    assert "printed true" not in a + b and "exact false" not in a + b


def test_counterexample_squares_named():
    """Table 1's l1 cells compare squared bounds: the text says so and gives the l1 values."""
    from ldpref.ledger.readable import counterexample_text

    ce = {"params": {"d": "2"}, "printed": "36", "exact": "134", "printed_text": "36", "exact_text": "134",
          "quantity": "Table 1 HE/l1 vs exact squared l1 bounds of the real mechanism"}
    assert counterexample_text(ce).endswith("printed l1² = 36 (l1 = 6), "
                                            "exact l1² = 134 (l1 = sqrt(134) ≈ 11.57584)")


def test_counterexample_parameters_in_reading_notation():
    from ldpref.ledger.readable import counterexample_text

    ce = {"params": {"x": "3*2**(1/4)", "counts": "(1, 0)"}, "printed": "1", "exact": "2"}
    assert counterexample_text(ce).startswith("x = 3·2^(1/4), counts = (1, 0)")
