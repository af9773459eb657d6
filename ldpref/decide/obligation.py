"""A proof obligation: variables with domains, assumptions, and a goal (issue 25, item 2).

Integer parameters (d, k, m where the paper needs integers) are relaxed to reals in the proof: a proof over
the reals covers the integers; a counterexample over the reals counts only once confirmed at integers
(:func:`ldpref.decide.solvers.refute`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

import sympy

DOMAINS = ("real", "integer")
#: where an obligation's model quantities come from (see :class:`Obligation`)
MODEL_SIDES = ("all-parameters", "derived")
#: what an obligation proves (see :class:`Obligation`)
PROVES = ("statement", "correction")


@dataclass(frozen=True)
class Variable:
    """A parameter of an obligation: its sympy symbol, SMT-LIB name and domain ('real' or 'integer')."""

    symbol: sympy.Symbol
    name: str
    domain: str = "real"

    def __post_init__(self):
        if self.domain not in DOMAINS:
            raise ValueError(f"variable {self.name}: domain {self.domain!r} not in {DOMAINS}")


@dataclass
class Obligation:
    """``assumptions => goal`` for every value of ``variables``; ``name`` is stable (the SMT-LIB file name).

    ``claim`` is the ledger claim the obligation proves (or a part of); ``meaning`` says in words what the goal
    states about the paper's objects.  ``model_side`` says where the goal's model quantities come from:
    ``"all-parameters"`` (ldpref's models derived for every parameter value, or none needed), or ``"derived"``
    (the claim's derived form -- checked against the exact mechanism on instances only -- stands in for the
    printed statement's abstract quantities, or the goal is "derived statement => printed statement"); a proof of
    the latter gives the claim scope ``given-derived``, not ``all-parameters`` (:mod:`ldpref.ledger.scope`).
    ``proves`` is ``"statement"`` (the claim's statement) or ``"correction"`` (the corrected statement ldpref
    shows for a claim refuted by an exact counterexample -- an ``erratum`` or ``conditional``); a proved
    correction gives the refuted claim the scope of its correction (:mod:`ldpref.ledger.scope`).  Neither field is
    part of the SMT-LIB text.
    """

    name: str
    claim: str
    meaning: str
    variables: tuple[Variable, ...]
    assumptions: tuple
    goal: object
    notes: list = field(default_factory=list)
    model_side: str = "all-parameters"
    proves: str = "statement"

    def __post_init__(self):
        if self.model_side not in MODEL_SIDES:
            raise ValueError(f"obligation {self.name}: model_side {self.model_side!r} not in {MODEL_SIDES}")
        if self.proves not in PROVES:
            raise ValueError(f"obligation {self.name}: proves {self.proves!r} not in {PROVES}")

    def path(self) -> str:
        """The evidence path of a proof of this obligation: ``decision``, with ``-correction`` when it proves a
        correction and ``-given-derived`` when it takes the derived form as given."""
        return evidence_path(self.proves, self.model_side)

    def symbols(self) -> dict:
        """{symbol: Variable} of the obligation's parameters."""
        return {v.symbol: v for v in self.variables}

    def integer_variables(self) -> list[Variable]:
        """The parameters whose domain is the integers (relaxed to reals in a proof)."""
        return [v for v in self.variables if v.domain == "integer"]

    def holds_at(self, point: dict) -> bool | None:
        """Exact truth of ``assumptions and not goal`` at ``point`` ({symbol: exact value}) -- True means the
        point is a confirmed counterexample; None when a value is not decidable exactly."""
        vals = []
        for rel in (*self.assumptions, sympy.Not(self.goal)):
            v = sympy.simplify(rel.subs(point)) if not isinstance(rel, bool) else rel
            if v not in (sympy.true, sympy.false, True, False):
                return None
            vals.append(bool(v))
        return all(vals)


def evidence_path(proves: str, model_side: str) -> str:
    """:meth:`Obligation.path` of an obligation that proves ``proves`` on the model side ``model_side``."""
    return ("decision" + ("-correction" if proves == "correction" else "")
            + ("-given-derived" if model_side == "derived" else ""))


def content_hash(text: str) -> str:
    """The content hash of an obligation's SMT-LIB text (the key of the proof cache)."""
    return hashlib.sha256(text.encode()).hexdigest()[:24]
