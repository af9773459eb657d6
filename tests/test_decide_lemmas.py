"""pan-cms statements over a free number of terms proved by induction steps posed as obligations
(proofs_checks/pan_cms/obligations_lemmas.py; issue 25): every step re-checks with z3 and cvc5, a planted flipped
step is refuted by both with an exact counterexample, and the claims reach the scopes the steps allow."""

from __future__ import annotations

import pytest
import sympy

from ldpref.decide.obligation import Obligation
from ldpref.decide.smtlib import to_smtlib
from ldpref.decide.solvers import cvc5_check, refute, z3_check
from ldpref.ledger.claim import find_claim
from ldpref.ledger.runner import run_claim
from ldpref.ledger.scope import scope_of
from conftest import committed_obligations  # noqa: E402  (built once per test process)

CLAIMS = {"pan-cms/appE.l2-sum": "given-derived", "pan-cms/sec3.4.l1-cauchy-schwarz": "all-parameters",
          "pan-cms/appD.l1-cauchy-schwarz": "all-parameters", "pan-cms/appF.eq48": "given-derived",
          "pan-cms/eq22": "all-parameters"}
FLIP = {sympy.LessThan: sympy.StrictGreaterThan, sympy.GreaterThan: sympy.StrictLessThan,
        sympy.StrictGreaterThan: sympy.LessThan}


def _obligations():
    return [ob for ob in committed_obligations() if ob.claim in CLAIMS]


def test_every_step_is_registered():
    names = {ob.name for ob in _obligations()}
    assert {"pan-cms/appE.l2-sum.base", "pan-cms/appE.l2-sum.step", "pan-cms/appE.l2-sum.max"} <= names
    for cid in ("pan-cms/sec3.4.l1-cauchy-schwarz", "pan-cms/appD.l1-cauchy-schwarz"):
        assert {f"{cid}.coords-step", f"{cid}.outcomes-step", f"{cid}.max"} <= names
    assert {"pan-cms/appF.eq48.inclusion", "pan-cms/appF.eq48.markov-step", "pan-cms/appF.eq48.total"} <= names
    assert {"pan-cms/eq22.max-step", "pan-cms/eq22.expectation-step", "pan-cms/eq22.total"} <= names


@pytest.mark.parametrize("name", ["pan-cms/appE.l2-sum.step", "pan-cms/appE.l2-sum.max",
                                  "pan-cms/appD.l1-cauchy-schwarz.coords-step",
                                  "pan-cms/appD.l1-cauchy-schwarz.outcomes-step",
                                  "pan-cms/appD.l1-cauchy-schwarz.max", "pan-cms/appF.eq48.inclusion",
                                  "pan-cms/eq22.expectation-step"])
def test_both_solvers_prove_the_step_and_refute_it_flipped(name):
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    (ob,) = [o for o in _obligations() if o.name == name]
    text = to_smtlib(ob)
    assert z3_check(text)[0] == "unsat" and cvc5_check(text) == "unsat"
    bad = Obligation(ob.name + ".flipped", ob.claim, "planted: the inequality flipped", ob.variables, ob.assumptions,
                     FLIP[type(ob.goal)](ob.goal.lhs, ob.goal.rhs))
    flipped = to_smtlib(bad)
    assert z3_check(flipped)[0] == "sat" and cvc5_check(flipped) == "sat"
    assert refute(bad) is not None  # an exact counterexample, confirmed by substitution


def test_claims_reach_their_scopes():
    for cid, scope in CLAIMS.items():
        result = run_claim(find_claim(cid))
        assert scope_of(result)[0] == scope, (cid, scope_of(result))


def test_markov_step_without_its_case_split_is_refuted():
    """Markov's step must not count a draw with y <= c: the planted goal c (P + p) <= E + p y is refuted."""
    (ob,) = [o for o in _obligations() if o.name == "pan-cms/appF.eq48.markov-step"]
    assert z3_check(to_smtlib(ob))[0] == "unsat"
    c, P, E, p, y = (v.symbol for v in ob.variables)
    bad = Obligation("t/markov", ob.claim, "planted: every draw counted", ob.variables, ob.assumptions,
                     sympy.Le(c * (P + p), E + p * y))
    assert z3_check(to_smtlib(bad))[0] == "sat" and refute(bad) is not None


def test_a_dropped_base_case_would_be_visible():
    """The step alone proves an offset bound too (A <= cB - 1 and a <= cb give A + a <= c(B + b) - 1); only the
    base (the empty sums) rules it out, so the base is an obligation of its own."""
    (base,) = [o for o in _obligations() if o.name == "pan-cms/appE.l2-sum.base"]
    (tau,) = [v.symbol for v in base.variables]
    offset = Obligation("t/base", base.claim, "planted: the bound with an offset", base.variables, base.assumptions,
                        sympy.Le(0, (1 + tau) * 0 - 1))
    assert z3_check(to_smtlib(offset))[0] == "sat"
