"""All-parameter proofs that are exact symbolic identities rather than SMT obligations (issue 25, items 1 and 2).

Some statements are not a polynomial relation over a fixed set of real variables, yet are proved for every
parameter value by a short chain of exact identities that sympy checks with the symbols' assumptions: a law over
``k`` independent draws (induction on ``k``: base case and step, each an identity in symbolic ``k`` and ``i``), a
mean by linearity of expectation (a sum over the ``k`` draws), a logarithm of a count (``log(m^d) = d log m`` for
``m > 0`` and real ``d``).  Such a proof is a :class:`SymbolicProof`: named steps, each an identity ``lhs == rhs``
decided exactly (:func:`~ldpref.ledger.evidence.values_equal`), or a relation that sympy evaluates to ``True``
(:data:`TRUE`).  The assumptions a step relies on are the sympy assumptions of its symbols (``positive``,
``integer``) plus what :attr:`SymbolicProof.assumptions` states in words; nothing else.

The record is the one an SMT obligation gets (kind ``"decision"``, path from :meth:`SymbolicProof.path`, the same
``model_side`` / ``proves`` semantics as :class:`~ldpref.decide.obligation.Obligation`), so
:mod:`ldpref.ledger.scope` gives the claim ``all-parameters`` (model side derived for all parameters) or
``given-derived`` (derived form taken as given) exactly as for a decided obligation.  There is no SMT-LIB file:
the detail says so, and names every step.  A step that does not hold fails the record (the claim stays at
``instances`` with the failing step as the reason); it is never turned into a counterexample -- a refutation
needs an exact point, which an identity that sympy cannot close does not give.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from ldpref.ledger.evidence import CheckRecord, values_equal

from .ledger_obligations import call
from .obligation import MODEL_SIDES, PROVES

#: the right side of a step whose left side is a relation that must evaluate to sympy's ``true``
TRUE = sympy.true

#: claim id -> builder(printed, derived[, *, correction][, *, form_of]) -> [SymbolicProof]; papers register their own
#: (proofs_checks/<paper>/); a builder reads its forms as :func:`ldpref.decide.ledger_obligations.call` hands them
SYMBOLIC_PROOFS: dict = {}


#: how a step's ``lhs - rhs`` is normalised before it is compared with 0 (after ``doit``: sums and products over
#: symbolic bounds are evaluated here, by the checker, never by the builder that poses the step)
NORMALISERS = {
    "simplify": sympy.simplify,
    # binomial coefficients and powers with symbolic exponents over positive bases (Pascal's rule)
    "hypergeometric": lambda e: sympy.simplify(sympy.powsimp(sympy.expand(sympy.powsimp(
        sympy.combsimp(sympy.expand_func(e)))))),
}


@dataclass(frozen=True)
class Step:
    """One identity of a proof: ``lhs == rhs`` exactly, for every value the symbols' assumptions admit; ``lhs`` and
    ``rhs`` may hold unevaluated sums and products, which the check evaluates (``doit``) and normalises."""

    what: str
    lhs: object
    rhs: object
    normalise: str = "simplify"

    def __post_init__(self):
        if self.normalise not in NORMALISERS:
            raise ValueError(f"step {self.what!r}: normaliser {self.normalise!r} not in {sorted(NORMALISERS)}")

    def holds(self) -> bool:
        """True when the normalised ``lhs - rhs`` is exactly 0 (or the normalised ``lhs`` is ``true``)."""
        norm = NORMALISERS[self.normalise]
        if self.rhs is TRUE:
            return bool(norm(sympy.sympify(self.lhs).doit()) is sympy.true)
        return values_equal(norm(sympy.sympify(self.lhs - self.rhs).doit()), sympy.Integer(0))


@dataclass
class SymbolicProof:
    """``steps`` prove the claim's statement (or correction) for all parameters; ``assumptions`` says in words
    what the symbols range over (the sympy assumptions of the symbols carry it into the identities)."""

    name: str
    claim: str
    meaning: str
    assumptions: str
    steps: tuple
    model_side: str = "all-parameters"
    proves: str = "statement"
    notes: list = field(default_factory=list)

    def __post_init__(self):
        if self.model_side not in MODEL_SIDES:
            raise ValueError(f"proof {self.name}: model_side {self.model_side!r} not in {MODEL_SIDES}")
        if self.proves not in PROVES:
            raise ValueError(f"proof {self.name}: proves {self.proves!r} not in {PROVES}")
        if not self.steps:
            raise ValueError(f"proof {self.name}: no steps")

    def path(self) -> str:
        """The evidence path, as :meth:`ldpref.decide.obligation.Obligation.path` with ``-symbolic`` appended: the
        verdict then says these proofs are exact symbolic identities, not a decision procedure's (no solver ran)."""
        return ("decision" + ("-correction" if self.proves == "correction" else "")
                + ("-given-derived" if self.model_side == "derived" else "") + "-symbolic")

    def check(self) -> tuple[bool, str]:
        """(every step holds, detail naming the steps, or the first that fails)."""
        for step in self.steps:
            if not step.holds():
                return False, (f"step '{step.what}' does not hold as an identity: {step.lhs} vs {step.rhs}; "
                               "no all-parameter proof (not a counterexample)")
        return True, (f"exact symbolic identities (not an SMT obligation; no SMT-LIB file), for {self.assumptions}: "
                       + "; ".join(s.what for s in self.steps))


def record_symbolic_proofs(claim, evidence, printed) -> None:
    """Append a decision record per :class:`SymbolicProof` of ``claim`` (nothing when it has none)."""
    build = SYMBOLIC_PROOFS.get(claim.id)
    if build is None:
        return
    try:
        proofs = call(build, evidence, printed, evidence.derived(), claim.id)
    except LookupError as exc:  # a mutated form lacks a symbol the proof reads: no proof attempted
        evidence.note(f"no symbolic all-parameter proof attempted: {exc}")
        return
    for proof in proofs:
        ok, detail = proof.check()
        name = (f"all-parameter proof{' of the correction' if proof.proves == 'correction' else ''} by symbolic "
                f"identity: {proof.meaning}")
        evidence.records.append(CheckRecord("decision", name, ok, 1, detail, role="other", paths={proof.path(): 1}))
