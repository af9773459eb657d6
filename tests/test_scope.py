"""The scope of a verdict (issue 25, item 1), computed from the recorded evidence."""

from __future__ import annotations

from ldpref.ledger.claim import find_claim
from ldpref.ledger.evidence import CheckRecord
from ldpref.ledger.runner import result_to_json, run_claim, verify_document
from ldpref.ledger.scope import SCOPES, scope_of


def _run(claim_id):
    return run_claim(find_claim(claim_id))


def test_a_decision_procedure_proof_gives_all_parameters():
    r = _run("pan-cms/appD.f1-increasing")
    assert r.verdict == "verified"
    scope, reason = scope_of(r)
    assert scope == "all-parameters" and "proved for every admissible parameter value" in reason
    doc = result_to_json(r)
    assert doc["scope"] == "all-parameters" and doc["scope_reason"]


def test_symbolic_printed_vs_derived_gives_given_derived():
    r = _run("pan-cms/appD.crossover")
    assert scope_of(r)[0] == "given-derived"


def test_model_proved_for_all_parameters_lifts_given_derived():
    r = _run("pan-cms/appD.crossover")
    r.records.append(CheckRecord("symbolic", "model moments for all parameters", True, 1, "summation", role="other",
                                 paths={"all-parameters": 1}))
    assert scope_of(r)[0] == "all-parameters"


def test_a_failed_or_missing_proof_stays_at_instances():
    r = _run("pan-cms/appD.f1-increasing")
    for rec in r.records:
        if rec.kind == "decision":
            rec.passed, rec.detail = False, "refuted: exact counterexample {'m': '3/2'}"
    scope, reason = scope_of(r)
    assert scope == "instances" and "false somewhere" in reason


def test_an_erratum_is_scoped_by_its_counterexample():
    r = _run("pan-cms/appC.upper-tail")  # no proof of its correction is registered (a Chernoff bound)
    assert r.verdict in ("erratum", "conditional")
    scope, reason = scope_of(r)
    assert scope == "instances" and "counterexample" in reason


def test_a_proof_from_the_derived_forms_gives_given_derived():
    r = _run("pan-cms/appH.rhr-mse")
    assert r.verdict == "verified"
    decisions = [rec for rec in r.records if rec.kind == "decision"]
    assert decisions and all(rec.paths == {"decision-given-derived": 1} for rec in decisions)
    scope, reason = scope_of(r)
    assert scope == "given-derived" and "derived forms" in reason
    for rec in decisions:  # the same proof with an all-parameter model side would be all-parameters
        rec.paths = {"decision": 1}
    assert scope_of(r)[0] == "all-parameters"


def test_a_refuted_claim_takes_the_scope_of_its_proved_correction():
    r = _run("pan-cms/appF.veq-gt-vne")  # model side for all parameters (ldpref.symbolic)
    assert r.verdict == "erratum"
    scope, reason = scope_of(r)
    assert scope == "all-parameters" and "counterexample" in reason and "correction proved" in reason
    r = _run("pan-cms/appD.m-lower-bound")  # the derived worst-case variance taken as given
    assert r.verdict == "conditional" and scope_of(r)[0] == "given-derived"
    for rec in r.records:
        if rec.kind == "decision":
            rec.passed, rec.detail = False, "z3: unknown; no proof, and no counterexample confirmed"
    scope, reason = scope_of(r)
    assert scope == "instances" and "no all-parameter proof of the correction" in reason


def test_verify_document_counts_claims_per_scope():
    results = [_run("pan-cms/appD.f1-increasing"), _run("pan-cms/appD.crossover")]
    doc = verify_document(results)
    assert set(doc["scopes"]) == set(SCOPES) and sum(doc["scopes"].values()) == 2
    assert doc["scopes"]["all-parameters"] == 1 and doc["scopes"]["given-derived"] == 1
