"""pan-cms statements whose forms are predicates evaluated by code, posed symbolically (issue 25;
proofs_checks/pan_cms/obligations_predicates.py): every such obligation is decided unsat by z3 and re-checked by
cvc5, a flipped one is refuted by both, and the claims get their scopes."""

from __future__ import annotations

import pytest
import sympy

from ldpref.decide.export import all_obligations
from ldpref.decide.obligation import Obligation
from ldpref.decide.smtlib import to_smtlib
from ldpref.decide.solvers import cvc5_check, refute, z3_check

CLAIMS = ("pan-cms/def2.1", "pan-cms/thm3.1", "pan-cms/cor3.1", "pan-cms/sec4.4.decoding",
          "pan-cms/sec4.4.worst-case", "pan-cms/sec6.1.he-cms-he-identical", "pan-cms/sec6.2.he-cms-he-identical",
          "pan-cms/sec6.3.he-cms-he-identical")


def _obligations():
    return {ob.name: ob for ob in all_obligations() if ob.claim in CLAIMS}


def test_every_predicate_claim_has_obligations():
    claims = {ob.claim for ob in _obligations().values()}
    assert claims == set(CLAIMS)


def test_z3_and_cvc5_prove_every_predicate_obligation():
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    for name, ob in sorted(_obligations().items()):
        text = to_smtlib(ob)
        assert z3_check(text)[0] == "unsat", name
        assert cvc5_check(text) == "unsat", name


@pytest.mark.parametrize("name", ["pan-cms/sec4.4.worst-case.olh", "pan-cms/sec6.2.he-cms-he-identical"])
def test_a_flipped_predicate_obligation_is_refuted_by_both_solvers(name):
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    ob = _obligations()[name]
    goal = sympy.StrictGreaterThan(ob.goal.lhs, ob.goal.rhs)  # the goal is a <= relation
    bad = Obligation(name + ".flipped", ob.claim, "planted: the inequality flipped", ob.variables, ob.assumptions,
                     goal, model_side=ob.model_side)
    text = to_smtlib(bad)
    assert z3_check(text)[0] == "sat" and cvc5_check(text) == "sat"
    assert refute(bad) is not None  # confirmed in exact arithmetic (n an integer)


def test_the_worst_case_endpoint_is_f0_at_m2_and_f1_for_olh_not_the_other_way():
    """A check that can fail: the maximum point f(x) = 1 at m = 2 is refuted (a sound obligation would not be)."""
    ob = _obligations()["pan-cms/sec4.4.worst-case.m2"]
    f = next(v.symbol for v in ob.variables if v.name == "f")
    wrong = Obligation("planted.m2-at-1", ob.claim, "planted: maximum at f = 1 for m = 2", ob.variables,
                       ob.assumptions, sympy.Le(ob.goal.lhs, ob.goal.lhs.subs(f, 1)))
    assert z3_check(to_smtlib(wrong))[0] == "sat" and refute(wrong) is not None
