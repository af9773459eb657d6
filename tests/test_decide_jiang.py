"""jiang-gcms's all-parameter obligations (issue 25; proofs_checks/jiang_gcms/obligations.py): both solvers re-check
each, a planted wrong statement is refuted by both, and the log reduction proves its positivity conditions rather
than assuming them."""

from __future__ import annotations

import pytest
import sympy

from ldpref.decide.algebraic import remove_logs
from ldpref.decide.obligation import Obligation, Variable
from ldpref.decide.smtlib import to_smtlib
from ldpref.decide.solvers import cvc5_check, z3_check
from conftest import committed_obligations  # noqa: E402  (built once per test process)


def _jiang():
    return {ob.name: ob for ob in committed_obligations() if ob.claim.startswith("jiang-gcms/")}


def test_every_jiang_obligation_is_proved_by_both_solvers():
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    obs = _jiang()
    assert {"jiang-gcms/thm2", "jiang-gcms/eq5", "jiang-gcms/alg4.unimodal", "jiang-gcms/sec4.C.monotone"} <= set(obs)
    for name, ob in sorted(obs.items()):
        text = to_smtlib(ob)
        assert z3_check(text)[0] == "unsat" and cvc5_check(text) == "unsat", name


def _with_goal(ob, goal, label):
    return Obligation(ob.name + "." + label, ob.claim, "planted", ob.variables, ob.assumptions, goal,
                      model_side=ob.model_side)


def test_a_planted_wrong_statement_is_refuted_by_both_solvers():
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    obs = _jiang()
    unimodal = obs["jiang-gcms/alg4.unimodal"]
    concave = _with_goal(unimodal, sympy.Lt(unimodal.goal.lhs, 0), "flipped")  # g'' < 0 instead of g'' > 0
    from ldpref.ledger.claim import find_claim
    import derivations.jiang_gcms as J
    from proofs_checks.jiang_gcms.obligations import _thm2
    c = find_claim("jiang-gcms/thm2")
    no_abs = sympy.Le(J.eps, sympy.log(J.p * (J.m - J.s) / ((1 - J.p) * J.s)))  # Theorem 2 without its |.|
    (wrong,) = _thm2("jiang-gcms/thm2")(no_abs, c.derived())
    for ob in (concave, wrong):
        text = to_smtlib(ob)
        assert z3_check(text)[0] == "sat" and cvc5_check(text) == "sat", ob.name


def test_log_reduction_proves_positivity_instead_of_assuming_it():
    x = sympy.Symbol("x", real=True)
    goal, conditions = remove_logs(sympy.Le(sympy.log(x), sympy.log(x + 1)))
    assert goal == sympy.Le(x, x + 1, evaluate=False) and set(conditions) == {sympy.Gt(x, 0), sympy.Gt(x + 1, 0)}
    ob = Obligation("planted/log", "planted/log", "log x <= log(x + 1) for x > -1/2 (log x undefined at x <= 0)",
                    (Variable(x, "x"),), (sympy.Gt(x, sympy.Rational(-1, 2)),), sympy.And(*conditions, goal))
    assert z3_check(to_smtlib(ob))[0] == "sat"  # x in (-1/2, 0]: the positivity condition fails, no proof
    absolute, conditions = remove_logs(sympy.Le(sympy.log(x), sympy.Abs(sympy.log(x + 2))))
    assert sympy.Gt(x + 2, 0) in conditions and not absolute.has(sympy.Abs)


def test_a_wrong_correction_is_not_proved():
    """The corrections' obligations read the displayed correction, handed to them through the claim's evidence (so
    a correction changed in the record alone reaches them): Lemma 1's corrected objective scaled by 2 (no longer the
    exact variance's p-part) and Algorithm 4's two implications with their minimal edits undone fail."""
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    import dataclasses

    from ldpref.decide.ledger_obligations import OBLIGATIONS, build_of, evidence_of
    from ldpref.ledger.claim import find_claim
    import derivations.jiang_gcms as J
    right = J.lemma1_derived()
    wrong = sympy.Eq(right.lhs, right.rhs.func(2 * right.rhs.args[0]))
    c = dataclasses.replace(find_claim("jiang-gcms/remark2"), correction=lambda: wrong)
    (ob,) = build_of(OBLIGATIONS, c, evidence_of(c))
    text = to_smtlib(ob)
    assert z3_check(text)[0] == "sat" and cvc5_check(text) == "sat"
    for claim_id, unedited in (("jiang-gcms/alg4.s", J.alg4_s_statement_printed),
                               ("jiang-gcms/sec4.C.rounding", J.rounding_printed)):
        c = dataclasses.replace(find_claim(claim_id), correction=unedited)  # the printed implication, its minimal
        (ob,) = build_of(OBLIGATIONS, c, evidence_of(c))  # edit undone: R <= e^eps (log R <= eps) says nothing of 1/R
        text = to_smtlib(ob)
        assert z3_check(text)[0] == "sat" and cvc5_check(text) == "sat"
