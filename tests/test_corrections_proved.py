"""The corrections of refuted pan-cms statements proved for every parameter (issue 25; proofs_checks/pan_cms/
obligations_corrections.py): each new obligation is re-checked by both solvers, a planted wrong correction (the
paper's own '<=>' where the correction is '=>') is refuted by both, and the refuted claim takes the correction's
scope."""

from __future__ import annotations

import pytest
import sympy

from ldpref.decide.obligation import Obligation
from ldpref.decide.smtlib import to_smtlib
from ldpref.decide.solvers import cvc5_check, refute, z3_check
from conftest import committed_obligations  # noqa: E402  (built once per test process)

#: the claims whose corrections session 8 proved (stmt8a), with their obligation counts
CLAIMS = {"pan-cms/appE.mse-requirement": 1, "pan-cms/appE.eq47": 1, "pan-cms/appD.eq39": 2,
          "pan-cms/table1.RHR.l1": 2, "pan-cms/table1.RHR.l2": 2}


def _of(claim_id):
    return [ob for ob in committed_obligations() if ob.claim == claim_id]


@pytest.mark.parametrize("claim_id", sorted(CLAIMS))
def test_both_solvers_prove_the_correction(claim_id):
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]'); .ci/run re-checks them all")
    obs = _of(claim_id)
    assert len(obs) == CLAIMS[claim_id]
    for ob in obs:
        assert ob.proves == "correction" and ob.model_side == "derived"
        text = to_smtlib(ob)
        assert z3_check(text)[0] == "unsat" and cvc5_check(text) == "unsat", ob.name


def test_the_papers_equivalence_is_refuted_where_the_correction_is_an_implication():
    """appE.mse-requirement: the paper says the two requirements are *equivalent* to MSE(f|H') - MSE(f_hat) <=
    2 tau Var(f_hat); planted back into the proved obligation ('<=>' for '=>'), both solvers find it false and the
    counterexample is confirmed in exact arithmetic."""
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    (ob,) = _of("pan-cms/appE.mse-requirement")
    assert isinstance(ob.goal, sympy.Implies)
    planted = Obligation(ob.name + ".equivalent", ob.claim, "planted: the paper's '<=>'", ob.variables,
                         ob.assumptions, sympy.Equivalent(*ob.goal.args))
    text = to_smtlib(planted)
    assert z3_check(text)[0] == "sat" and cvc5_check(text) == "sat"
    point = refute(planted)  # {name: exact value}, confirmed by substitution
    assert point is not None
    at = {v.symbol: sympy.Rational(point[str(v.symbol)]) for v in ob.variables}
    assert planted.holds_at(at) is True and ob.holds_at(at) is False  # a counterexample to the planted only


def test_a_too_small_constant_in_the_rhr_order_is_refuted():
    """table1.RHR.l2 with 2^b = e^eps: the coefficient ratio tends to 8 as e^eps -> oo, so an upper constant 7 is
    false (the proved [4, 8] is not vacuous)."""
    (ob,) = [o for o in _of("pan-cms/table1.RHR.l2") if o.name.endswith(".tied")]
    low, high = ob.goal.args
    ratio = high.lhs
    planted = Obligation(ob.name + ".seven", ob.claim, "planted: constant 7", ob.variables, ob.assumptions,
                         sympy.Le(ratio, 7))
    assert z3_check(to_smtlib(planted))[0] == "sat" and refute(planted) is not None
