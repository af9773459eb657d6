"""All-parameter proofs by exact symbolic identity (ldpref.decide.symbolic_proof; issue 25): the registered pan-cms
statements reach scope all-parameters from the run's own forms, a perturbed derived form or a false step fails the
proof (the claim then stays at instances), and the record is never a counterexample."""

from __future__ import annotations

import sympy

import proofs_checks  # noqa: F401  (registers the claims and their proofs)
from ldpref.decide.symbolic_proof import SYMBOLIC_PROOFS, TRUE, Step, SymbolicProof
from ldpref.ledger.claim import find_claim
from ldpref.ledger.forms import perturb
from ldpref.ledger.runner import run_claim
from ldpref.ledger.scope import scope_of

PROVED = ("pan-cms/sec3.6.binomial", "pan-cms/table2.original-CMS")


def test_registered_statements_reach_all_parameters():
    for claim_id in PROVED:
        result = run_claim(find_claim(claim_id))
        assert result.verdict == "verified", claim_id
        scope, reason = scope_of(result)
        assert scope == "all-parameters" and "symbolic identity" in reason, (claim_id, reason)


def test_perturbed_derived_law_fails_the_induction():
    claim = find_claim("pan-cms/sec3.6.binomial")
    build = SYMBOLIC_PROOFS[claim.id]
    (good,) = build(claim.printed(), claim.derived())
    assert good.check()[0]
    (bad,) = build(claim.printed(), perturb(claim.derived()))
    ok, detail = bad.check()
    assert not ok and "does not hold" in detail and "not a counterexample" in detail


def test_wrong_printed_mean_fails():
    claim = find_claim("pan-cms/sec3.6.binomial")
    printed = claim.printed()
    wrong = sympy.Eq(printed.lhs, 2 * printed.rhs)
    (proof,) = SYMBOLIC_PROOFS[claim.id](wrong, claim.derived())
    ok, detail = proof.check()
    assert not ok and "linearity" in detail


def test_log_identity_needs_positive_m():
    """log(m^d) = d log m is not an identity for an m of unknown sign: the step must not close there."""
    d, m = sympy.Symbol("d", real=True), sympy.Symbol("m")
    assert not Step("log", sympy.log(m ** d), d * sympy.log(m)).holds()
    mp = sympy.Symbol("m", positive=True)
    assert Step("log", sympy.log(mp ** d), d * sympy.log(mp)).holds()


def test_false_relation_step_fails():
    x = sympy.Symbol("x", positive=True)
    proof = SymbolicProof("t/x", "t/x", "x > 1", "x > 0", (Step("x > 1", sympy.Gt(x, 1), TRUE),))
    assert not proof.check()[0]
    assert proof.path() == "decision-symbolic"
    assert SymbolicProof("t/x", "t/x", "x > 0", "x > 0", (Step("x > 0", sympy.Gt(x, 0), TRUE),),
                         model_side="derived").path() == "decision-given-derived-symbolic"


def test_verdict_names_symbolic_identities_not_a_solver():
    """A claim proved by exact symbolic identities says so: no solver ran, so its reason must not claim a
    decision procedure (a verdict never claims a path it did not run)."""
    from ldpref.ledger.claim import find_claim
    from ldpref.ledger.runner import run_claim
    result = run_claim(find_claim("pan-cms/sec3.6.binomial"))
    assert "by exact symbolic identities" in result.reason and "decision procedure" not in result.reason
