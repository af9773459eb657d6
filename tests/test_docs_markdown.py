"""The generated pages render on code-hosting sites (issue 23, item 6): every display formula is a ```math fence
(its content is never read as markdown), no formula starts with "- ", cases read "if", not sympy's "for"."""

from __future__ import annotations

import glob
import os

import sympy

from ldpref.latex import to_latex
from ldpref.ledger.report import math_block

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = sorted(glob.glob(os.path.join(ROOT, "docs", "ledger", "*.md"))) + [os.path.join(ROOT, "docs", "errata.md")]


def test_math_block():
    assert math_block(r"- \frac{a}{b}^{*} x^{*}") == ["```math", r"-\frac{a}{b}^{*} x^{*}", "```"]
    assert math_block("  x  ") == ["```math", "x", "```"]


def test_cases_read_if():
    x = sympy.Symbol("x")
    text = to_latex(sympy.Piecewise((1, x > 0), (2, True)))
    assert r"\text{if }" in text and r"\text{for}" not in text


def test_generated_pages_use_math_fences_only():
    formulas = 0
    for path in PAGES:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().split("\n")
        assert not any(line.strip() == "$$" for line in lines), f"{path}: a $$ block is left"
        inside = False
        for no, line in enumerate(lines, 1):
            if line == "```math":
                assert not inside, f"{path}:{no}: nested fence"
                inside, formulas = True, formulas + 1
            elif line == "```" and inside:
                inside = False
            elif inside:
                assert not line.startswith("- "), f"{path}:{no}: a formula starts with '- '"
                assert r"\text{for}" not in line, f"{path}:{no}: sympy's 'for' in cases"
        assert not inside, f"{path}: an unclosed math fence"
    assert formulas > 900
