"""Registry of all-parameter model proofs (issue 25, item 4).

A proof links a formula claim's derived form to a moment of :mod:`ldpref.symbolic.moments`, derived for all
parameters by summation.  Registrations come from ``proofs_checks/<paper>/model_proofs.py`` (this module imports
nothing from ``proofs_checks`` or ``derivations``: issue 22's layering rule).  Not yet called by the runner.
"""
from __future__ import annotations

from typing import Callable

import sympy as sp

from .evidence import CheckRecord, Evidence

#: claim id -> function(ev) returning (name, expression that must equal the claim's derived form)
REGISTRY: dict[str, Callable] = {}


def register(claim_id: str, model: Callable) -> None:
    """Register ``model(ev) -> (model name, sympy expression)`` for ``claim_id`` (one registration per claim)."""
    if claim_id in REGISTRY:
        raise ValueError(f"model proof for {claim_id} registered twice")
    REGISTRY[claim_id] = model


def record_model_proof(claim_id: str, ev: Evidence) -> None:
    """Record, on ``ev``, the symbolic proof that the claim's derived form equals its model moment."""
    model = REGISTRY.get(claim_id)
    if model is None:
        return
    name, expr = model(ev)
    ok = sp.simplify(ev.derived() - expr) == 0
    ev.records.append(CheckRecord("symbolic", f"derived = {name} (model, all parameters)", ok, 1,
                                  "proved for all parameters" if ok else "derived form differs from the model",
                                  role="derived-vs-exact", paths={"all-parameters": 1}))
