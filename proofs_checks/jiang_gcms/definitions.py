"""jiang-gcms's definition symbols for numeric use: alpha_1 and alpha_2 of Theorem 3 (Section IV-B) by their derived
values, registered into :data:`ldpref.lambdified.DEFINITIONS` so a lambdified form takes the paper's parameters."""

from __future__ import annotations

from ldpref.lambdified import DEFINITIONS


def alphas() -> dict:
    """{alpha_1 symbol: its derived value, alpha_2 symbol: its derived value}."""
    from derivations.jiang_gcms import model, symbols

    a1, a2 = model.alpha1_alpha2()
    return {symbols.a1_sym: a1, symbols.a2_sym: a2}


DEFINITIONS["jiang-gcms"] = alphas
