"""All-parameter proofs of the model side of formula claims (issue 25, items 1 and 4).

A registration links a formula claim to a model built by :mod:`ldpref.symbolic` -- the mechanism's moments,
probabilities or collision rates derived by summation over its outputs, clients, hash indices or collision
outcomes, for symbolic parameters -- in the claim's own symbols and shape.  After the claim's check, the runner
calls :func:`record_model_proof`: the claim's derived form (the very object the check evaluated) must equal the
model exactly, as a symbolic identity in every parameter; the record is kind ``"symbolic"``, role
``"derived-vs-exact"``, paths ``{"all-parameters": 1}`` (the contract of :mod:`ldpref.ledger.scope`).  With the
printed form proved equal to the derived form, the claim's scope is then ``all-parameters``.  A model that
differs from the derived form fails the record, and the claim's verdict is ``error``.

Registrations live beside the papers' checks (``proofs_checks/<paper>/model_proofs.py``); this module imports
nothing from ``proofs_checks`` or ``derivations`` (issue 22's layering rule).
"""

from __future__ import annotations

from typing import Callable

import sympy as sp

from .evidence import CheckRecord, Evidence, values_equal

#: claim id -> (model name, function(derived form) -> the model in the derived form's symbols and shape)
REGISTRY: dict[str, tuple[str, Callable]] = {}


def register(claim_id: str, name: str, model: Callable) -> None:
    """Register ``model(derived) -> object`` for ``claim_id`` (one registration per claim)."""
    if claim_id in REGISTRY:
        raise ValueError(f"model proof for {claim_id} registered twice")
    REGISTRY[claim_id] = (name, model)


def symbol(obj, name: str) -> sp.Symbol:
    """The free symbol called ``name`` in a derived form (an expression, Eq, dict, list or tuple of them);
    LookupError if it has none, so a renamed symbol fails the model proof instead of proving something else."""
    found = {str(s): s for s in _free_symbols(obj)}
    if name not in found:
        raise LookupError(f"the derived form has no symbol {name!r} (it has {', '.join(sorted(found))})")
    return found[name]


def _free_symbols(obj) -> set:
    if isinstance(obj, dict):
        return set().union(*(_free_symbols(k) | _free_symbols(v) for k, v in obj.items())) if obj else set()
    if isinstance(obj, (list, tuple)):
        return set().union(*(_free_symbols(v) for v in obj)) if obj else set()
    return set(getattr(sp.sympify(obj), "free_symbols", set()))


def same(derived, model) -> bool:
    """Exact structural equality: Eq sides, dict keys and values, sequences and Piecewise branches, each compared
    as an exact identity (:func:`~ldpref.ledger.evidence.values_equal`)."""
    if isinstance(derived, dict) or isinstance(model, dict):
        return (isinstance(derived, dict) and isinstance(model, dict) and list(derived) == list(model)
                and all(same(derived[key], model[key]) for key in derived))
    if isinstance(derived, (list, tuple)) or isinstance(model, (list, tuple)):
        return (isinstance(derived, (list, tuple)) and isinstance(model, (list, tuple)) and len(derived) == len(model)
                and all(same(a, b) for a, b in zip(derived, model)))
    if isinstance(derived, sp.Equality) or isinstance(model, sp.Equality):
        return (isinstance(derived, sp.Equality) and isinstance(model, sp.Equality) and derived.lhs == model.lhs
                and same(derived.rhs, model.rhs))
    if isinstance(derived, sp.Piecewise) or isinstance(model, sp.Piecewise):
        return (isinstance(derived, sp.Piecewise) and isinstance(model, sp.Piecewise)
                and len(derived.args) == len(model.args)
                and all(c1 == c2 and same(e1, e2) for (e1, c1), (e2, c2) in zip(derived.args, model.args)))
    return values_equal(derived, model)


def record_model_proof(claim, ev: Evidence) -> None:
    """Record, on ``ev``, whether the claim's derived form equals its registered model for all parameters."""
    entry = REGISTRY.get(claim.id)
    if entry is None:
        return
    name, model = entry
    derived = ev.derived()
    ok = same(derived, model(derived))
    detail = ("the derived form equals the model, an identity in every parameter" if ok
              else "the derived form differs from the model")
    ev.records.append(CheckRecord("symbolic", f"derived = {name} (model derived for all parameters)", ok, 1,
                                  detail, role="derived-vs-exact", paths={"all-parameters": 1}))
