"""The model-proof registry records an all-parameter proof that can fail."""
from types import SimpleNamespace

import sympy as sp

from ldpref.ledger.evidence import Evidence
from ldpref.ledger.model_proofs import REGISTRY, record_model_proof, register
from ldpref.symbolic.moments import count_moments, d, f, n, t


def test_record_passes_and_fails():
    good = n * (t + d - 2) / (t - 1) ** 2 + f * (d - 2) / (t - 1)
    register("test-good", "Var GRR", lambda derived: count_moments("GRR")[1])
    claim = SimpleNamespace(id="test-good")
    try:
        ev = Evidence(forms=(None, lambda: good, None))
        record_model_proof(claim, ev)
        assert ev.records[-1].passed and ev.records[-1].paths == {"all-parameters": 1}
        ev = Evidence(forms=(None, lambda: good + 1, None))
        record_model_proof(claim, ev)
        assert not ev.records[-1].passed
    finally:
        REGISTRY.pop("test-good")


def test_unregistered_claim_records_nothing():
    ev = Evidence(forms=(None, lambda: sp.Integer(1), None))
    record_model_proof(SimpleNamespace(id="no-such/claim"), ev)
    assert ev.records == []
