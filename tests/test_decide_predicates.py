"""pan-cms statements whose forms are predicates evaluated by code, posed symbolically (issue 25;
proofs_checks/pan_cms/obligations_predicates.py, obligations_sec6.py): every such obligation (Section 6: a sample;
.ci/run re-checks them all) is decided unsat by z3 and re-checked by cvc5, a flipped one is refuted by both."""

from __future__ import annotations

from functools import cache

import pytest
import sympy

from ldpref.decide.obligation import Obligation
from ldpref.decide.smtlib import to_smtlib
from ldpref.decide.solvers import cvc5_check, refute, z3_check
from conftest import committed_obligations  # noqa: E402  (built once per test process)

CLAIMS = ("pan-cms/def2.1", "pan-cms/thm3.1", "pan-cms/cor3.1", "pan-cms/sec4.4.decoding",
          "pan-cms/sec4.4.worst-case", "pan-cms/sec6.1.he-cms-he-identical", "pan-cms/sec6.2.he-cms-he-identical",
          "pan-cms/sec6.3.he-cms-he-identical", "pan-cms/appD.arp-l2-large-d", "pan-cms/appC.bernoulli",
          "pan-cms/sec3.6.bias-n-independent")
SEC6 = ("pan-cms/sec6.1.ocms-lowest", "pan-cms/sec6.2.ocms-lowest", "pan-cms/sec6.3.ocms-lowest",
        "pan-cms/sec6.3.he-worst-l", "pan-cms/sec6.3.rhr-same-order", "pan-cms/sec6.2.eq16", "pan-cms/sec6.l1-upper")
#: Section 6.1-6.2 claims refuted at eps = 1 (RHR is HE there): their corrections, proved at eps = 2..5
SEC6_CORRECTIONS = ("pan-cms/sec6.1.rhr-worst", "pan-cms/sec6.2.he-worst", "pan-cms/sec6.2.rhr-between")


@cache
def _all() -> tuple:
    return committed_obligations()


def _obligations(claims=CLAIMS):
    return {ob.name: ob for ob in _all() if ob.claim in claims}


def test_every_predicate_claim_has_obligations():
    assert {ob.claim for ob in _obligations().values()} == set(CLAIMS)
    sec6 = _obligations(SEC6)
    assert {ob.claim for ob in sec6.values()} == set(SEC6) and len(sec6) == 5 * len(SEC6)  # eps = 1..5


def test_z3_and_cvc5_prove_a_sample_of_the_section6_obligations():
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    sec6 = _obligations(SEC6)
    for name in ("pan-cms/sec6.1.ocms-lowest.eps5", "pan-cms/sec6.3.he-worst-l.eps1",
                 "pan-cms/sec6.3.rhr-same-order.eps3", "pan-cms/sec6.l1-upper.eps2", "pan-cms/sec6.2.eq16.eps4"):
        text = to_smtlib(sec6[name])
        assert z3_check(text)[0] == "unsat" and cvc5_check(text) == "unsat", name


def test_section6_enclosure_and_bounds_can_fail():
    """e^eps lies strictly inside its certified enclosure; a reversed comparison is False in exact arithmetic; a
    coefficient bound moved past the coefficient is refuted by z3."""
    from proofs_checks.pan_cms import obligations_sec6 as O

    for eps in range(1, 6):
        lo, hi = O.enclosure(eps)
        assert lo < sympy.E ** eps < hi and hi - lo < sympy.Rational(1, 10 ** 9)
    assert O._pi_lower() < sympy.pi and O._log_lower(2000) < sympy.log(2000) < O._log_lower(2000) + 1
    st = O._Setting("6.1", 3)
    right, wrong = st.less("l-OCMS", "l2", "HE"), st.less("HE", "l2", "l-OCMS")
    assert right.lhs < right.rhs and not wrong.lhs < wrong.rhs
    ob = _obligations(SEC6)["pan-cms/sec6.1.ocms-lowest.eps3"]
    (lo, hi), = st.enclose("HE")[:1]
    w = st.w("HE")[0]
    bad = Obligation("planted", ob.claim, "planted: a bound past the coefficient", ob.variables, ob.assumptions,
                     sympy.Le(w, lo))
    assert z3_check(to_smtlib(bad))[0] == "sat"


def test_section6_corrections_cover_eps_2_to_5_and_fail_at_eps_1():
    """One correction obligation per eps = 2..5 (the condition's whole parameter set), z3 and cvc5 prove a sample;
    at eps = 1 the ordering the corrections need is False in exact arithmetic (RHR's bounds are HE's), so the same
    comparison there cannot pass."""
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    from proofs_checks.pan_cms import obligations_sec6 as O

    obs = _obligations(SEC6_CORRECTIONS)
    assert sorted(obs) == sorted(f"{c}.eps{e}" for c in SEC6_CORRECTIONS for e in range(2, 6))
    assert all(ob.proves == "correction" and ob.model_side == "derived" for ob in obs.values())
    for name in ("pan-cms/sec6.1.rhr-worst.eps2", "pan-cms/sec6.2.rhr-between.eps2", "pan-cms/sec6.2.he-worst.eps5"):
        text = to_smtlib(obs[name])
        assert z3_check(text)[0] == "unsat" and cvc5_check(text) == "unsat", name
    for section in ("6.1", "6.2"):
        st = O._Setting(section, 1)
        wrong = st.less("HE", "mse", "RHR")  # RHR with b = 1 is HE: not strictly above it
        assert not wrong.lhs < wrong.rhs
    ob = obs["pan-cms/sec6.1.rhr-worst.eps2"]  # a planted coefficient bound past RHR's coefficient: both refute it
    st = O._Setting("6.1", 2)
    (lo, _), = st.enclose("RHR")[:1]
    bad = Obligation("planted", ob.claim, "planted: a bound past the coefficient", ob.variables, ob.assumptions,
                     sympy.Le(st.w("RHR")[0], lo), model_side=ob.model_side, proves=ob.proves)
    text = to_smtlib(bad)
    assert z3_check(text)[0] == "sat" and cvc5_check(text) == "sat"


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
