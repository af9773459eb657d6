"""pan-cms Table 1 (Section 5.1, Appendix H): the one exact leading coefficient and worst-case MSE per row that both
the Table 1 limit oracle and the Section 5.1 comparisons read (``tables_table1.exact_l2_coefficient``,
``exact_worst_mse``), and the cell forms evaluated through ``_named`` (the one evaluator)."""

from __future__ import annotations

import sympy

import derivations.pan_cms.tables as T
import proofs_checks.pan_cms.tables_table1 as T1
from ldpref.ledger.forms import evaluate
from proofs_checks.pan_cms.tables_common import exact_losses

R = sympy.Rational


def test_exact_l2_coefficient_is_the_slope_of_exact_n_l2_at_every_step_of_the_grid():
    """The oracle reads the slope at d = 3, 4; n l2 of the real mechanism is affine in d on the whole Table 1 grid
    (HE to d = 5), so any two grid points give the same coefficient."""
    for row in ("HE", "OLH", "a-RP"):
        es, ds = T1.GRID[row]
        for e in es:
            vals = [exact_losses(row, dd, e)[1] for dd in ds]
            assert {b - a for a, b in zip(vals, vals[1:])} == {T1.exact_l2_coefficient(row, e)}


def test_exact_coefficients_match_independent_closed_forms():
    """HE's worst-case n MSE, read off the exact mechanism, is ((e+1)/(e-1))^2 (Appendix H);
    RHR's slope at 2^b = e^eps is the block slope (n l2 at d = 3B minus at d = 2B, over B)."""
    for e in (R(2), R(3)):
        assert T1.exact_worst_mse("HE", e) == ((e + 1) / (e - 1)) ** 2
    for bb, e in T1.RHR_TIED:
        B = 2 ** (bb - 1)
        slope = (exact_losses("RHR", 3 * B, e, bb)[1] - exact_losses("RHR", 2 * B, e, bb)[1]) / B
        assert T1.exact_l2_coefficient("RHR", e) == slope
        assert sympy.cancel(slope - T.rhr_slope_tied().subs(T1.E, e)) == 0


def test_a_cell_form_at_a_point_is_the_one_evaluators_value():
    """_at hands the cell's own symbols to ldpref.ledger.forms.evaluate (l1: the square), so it equals evaluate on
    the same form at the same symbols."""
    for row, col in (("HE", "l2"), ("OLH", "mse"), ("SS", "l2"), ("a-RP", "l1")):
        form = T.table1_finite(row, col)
        own = {s: {"d": 4, "exp_eps": R(3)}[s.name] for s in form.free_symbols}
        value = evaluate(form, own)
        assert T1._at(form, col, {"d": 4, "exp_eps": R(3)}) == (sympy.cancel(sympy.expand(value**2))
                                                               if col == "l1" else value)
