"""The claim record and the registry that collects claims from ``proofs_checks/<paper>.py``.

A claim is one statement of one paper: its stable id ``<paper>/<label>`` (labels as in
``shared/papers/README.md``), where it is printed, a one-line statement, the *printed form*
(transcribed from the paper as a sympy object, mistakes included, or ``None`` when our copy lost it),
the *derived form* (built in ``derivations/<paper>.py`` from the model), assumptions on the symbols,
and the check function that decides it.  Verdicts are never stored: see :mod:`ldpref.ledger.verdict`.
"""

from __future__ import annotations

import importlib
import sys
import re
from dataclasses import dataclass, field
from typing import Callable

from .papers import CLAIM_ID_RE, PAPERS, TITLES

NOT_AVAILABLE = "not available in our copy"

#: paper key -> module holding its claim checks (derived from the one registry, ldpref.ledger.papers)
PAPER_MODULES = {key: p.checks for key, p in PAPERS.items()}
PAPER_TITLES = TITLES  # read from each paper's package on first use
_ID_RE = CLAIM_ID_RE

KINDS = ("formula", "statement", "cited")
MUTATIONS = ("printed-as-derived", "printed-perturbed", "derived-perturbed", "correction-perturbed")


@dataclass(frozen=True)
class Claim:
    id: str
    location: str
    statement: str
    printed: Callable | None  # returns a sympy object; None: not available in our copy
    derived: Callable  # returns a sympy object, built in derivations/
    derivation: str  # dotted name of the derivation that feeds the claim
    check: Callable | None  # check(ev) -> None records evidence on ev; None: the generic runner runs ``steps``
    kind: str = "formula"
    assumptions: str = ""
    symbols: dict = field(default_factory=dict)  # symbol -> meaning
    condition: str | None = None  # the extra condition of a conditional claim
    #: the correction displayed and evaluated: the printed form with its committed minimal edit when one exists
    #: (``edit``), else the claim's own ``correction=`` (``own_correction``), else None (the derived form)
    correction: Callable | None = None
    note: str = ""
    root_cause: str | None = None  # label in the paper's ROOT_CAUSES (errata and conditionals)
    #: why a self-check mutation is not expected to move the verdict, by mutation name
    #: ("printed-as-derived", "printed-perturbed", "derived-perturbed"); an auditor reads it beside the outcome
    selfcheck: dict = field(default_factory=dict)
    #: ids of the claims whose forms the check reads (through ``Evidence.form_of``, which refuses any other)
    depends_on: tuple = ()
    #: the record's evidence as data (:mod:`ldpref.ledger.generic`: Symbolic and Grid steps), run by the generic
    #: runner when ``check`` is None
    steps: tuple = ()
    #: why the claim has a check function of its own (optimality, bound, protocol, ...)
    custom: str = ""
    #: the module that registered the claim (its check's module, or the module calling :func:`record`)
    module: str = ""

    @property
    def runner(self) -> str:
        """``generic`` (the record's steps run by :func:`ldpref.ledger.generic.run_steps`) or ``custom: <why>``."""
        if self.check is None:
            return "generic"
        return "custom: " + (self.custom or "a check function of its own, not yet a record of steps")

    #: the correction the record itself gives (``correction=``), before any minimal edit replaces it
    own_correction: Callable | None = None
    #: the committed minimal edit of the printed form (``proofs_checks/<paper>/minimal_edits.json``), or None
    edit: dict | None = None

    @property
    def paper(self) -> str:
        """The paper key of the claim id (before the slash)."""
        return self.id.split("/", 1)[0]

    def notes_with(self, run_notes) -> list[str]:
        """The notes a run recorded followed by the claim's own note."""
        return list(run_notes) + ([self.note] if self.note else [])

    @property
    def label(self) -> str:
        """The label of the claim id (after the slash)."""
        return self.id.split("/", 1)[1]

    @property
    def derived_by(self) -> str:
        """The call that builds the derived form shown, written out: ``module.function`` or, for a
        ``functools.partial``, ``module.function(arguments)`` -- where an auditor finds the code that computed it.
        ``derivation`` names the derivation it is built on, which may be a function it calls."""
        return call_text(self.derived)


def call_text(fn, *, with_args: bool = True) -> str:
    """``module.qualname`` of a callable (``__wrapped__`` unwrapped), with the bound arguments of the
    ``functools.partial`` layers around it written out: ``derivations.pan_cms.tables.table1_finite('OCMS', 'l2')``.
    Wrappers that only cache or change the display (log_2) are not written out; ``tests/test_derived_home.py``
    requires them to live in ``derivations/`` too.  ``with_args=False``: the function's name alone."""
    import functools
    import inspect

    args, kwargs = [], {}
    fn = inspect.unwrap(fn)
    while isinstance(fn, functools.partial):
        args[:0] = fn.args
        kwargs = {**fn.keywords, **kwargs}
        fn = inspect.unwrap(fn.func)
    name = f"{getattr(fn, '__module__', None) or '?'}.{getattr(fn, '__qualname__', None) or type(fn).__name__}"
    if not (with_args and (args or kwargs)):
        return name
    return f"{name}({', '.join([repr(a) for a in args] + [f'{k}={v!r}' for k, v in kwargs.items()])})"


_REGISTRY: dict[str, Claim] = {}

#: old claim id -> its id now (a renamed claim keeps its old id as an alias; ``find_claim`` follows it)
ALIASES: dict[str, str] = {}


def _validated(id: str, kind: str, selfcheck: dict | None) -> None:
    if not _ID_RE.match(id):
        raise ValueError(f"claim id {id!r} does not follow <paper>/<label>")
    if kind not in KINDS:
        raise ValueError(f"claim {id}: kind {kind!r} not in {KINDS}")
    unknown = set(selfcheck or {}) - set(MUTATIONS)
    if unknown:
        raise ValueError(f"claim {id}: selfcheck keys {sorted(unknown)} not in {MUTATIONS}")


def _derivation(given: str | None, derived: Callable) -> str:
    """The record's ``derivation``: as given, or (``None``) the function that builds the derived form
    (:func:`call_text` without a partial's arguments) -- the record need not repeat what the callable already says."""
    return given if given is not None else call_text(derived, with_args=False)


def _store(new: Claim) -> Claim:
    """Register ``new``; the same claim registered again by the same code (a module imported twice) is fine."""
    old = _REGISTRY.get(new.id)
    if old is not None and _origin(old) != _origin(new):
        raise ValueError(f"claim id {new.id} registered twice")
    _REGISTRY[new.id] = new
    return new


def _origin(c: Claim) -> str:
    return c.check.__qualname__ if c.check is not None else f"record in {c.module}"


def claim(*, id: str, location: str, statement: str, derived: Callable, derivation: str | None = None,
          printed: Callable | None = None, kind: str = "formula", assumptions: str = "",
          symbols: dict | None = None, condition: str | None = None, correction: Callable | None = None,
          note: str = "", root_cause: str | None = None, selfcheck: dict | None = None,
          depends_on: tuple = (), custom: str = ""):
    """Decorator registering the decorated check function as the check of one claim (``custom``: why the claim
    needs its own check rather than a record of steps, see :func:`record`)."""
    _validated(id, kind, selfcheck)

    def register(check: Callable) -> Callable:
        _store(Claim(id=id, location=location, statement=statement, printed=printed, derived=derived,
                     derivation=_derivation(derivation, derived), check=check, kind=kind, assumptions=assumptions,
                     symbols=dict(symbols or {}), condition=condition, note=note,
                     root_cause=root_cause, selfcheck=dict(selfcheck or {}), depends_on=tuple(depends_on),
                     custom=custom, module=check.__module__, **_corrections(id, printed, correction)))
        return check

    return register


def record(*, id: str, location: str, statement: str, derived: Callable, steps: tuple, derivation: str | None = None,
           printed: Callable | None = None, kind: str = "formula", assumptions: str = "",
           symbols: dict | None = None, condition: str | None = None, correction: Callable | None = None,
           note: str = "", root_cause: str | None = None, selfcheck: dict | None = None,
           depends_on: tuple = (), module: str | None = None) -> Claim:
    """Register a claim that is pure data: its evidence is ``steps`` (grids with their exact oracles, symbolic
    comparisons; :mod:`ldpref.ledger.generic`), run by the generic runner; it has no check function.  ``module``
    (default: the caller's module) names where the record is defined."""
    from .generic import STEP_TYPES

    _validated(id, kind, selfcheck)
    steps = tuple(steps)
    if not steps or not all(isinstance(s, STEP_TYPES) for s in steps):
        raise ValueError(f"claim {id}: steps must be a non-empty tuple of {[t.__name__ for t in STEP_TYPES]}")
    return _store(Claim(id=id, location=location, statement=statement, printed=printed, derived=derived,
                        derivation=_derivation(derivation, derived), check=None, kind=kind, assumptions=assumptions,
                        symbols=dict(symbols or {}), condition=condition, note=note,
                        root_cause=root_cause, selfcheck=dict(selfcheck or {}), depends_on=tuple(depends_on),
                        steps=steps,
                        module=module if module is not None else sys._getframe(1).f_globals.get("__name__", ""),
                        **_corrections(id, printed, correction)))


def _corrections(id: str, printed, correction) -> dict:
    """The correction a claim displays: the printed form with its committed minimal edit when there is one
    (``proofs_checks/<paper>/minimal_edits.json``), else the record's own ``correction``."""
    from . import minimal_edit

    edited = minimal_edit.correction_form(id, printed)
    return {"correction": edited or correction, "own_correction": correction,
            "edit": edited.edit if edited else None}


def load_claims(paper: str | None = None) -> list[Claim]:
    """Import the claim modules (all, or one paper's) and return their claims in id order."""
    if paper is not None and paper not in PAPER_MODULES:
        raise KeyError(f"unknown paper {paper!r}; known: {', '.join(PAPER_MODULES)}")
    for key, module in PAPER_MODULES.items():
        if paper is None or key == paper:
            try:
                importlib.import_module(module)
            except ModuleNotFoundError as exc:
                if exc.name != module:
                    raise
    claims = [c for c in _REGISTRY.values() if paper is None or c.paper == paper]
    return sorted(claims, key=lambda c: (list(PAPER_MODULES).index(c.paper), _natural_key(c.label)))


def find_claim(claim_id: str) -> Claim:
    """The claim with this id (aliases of renamed ids resolved); KeyError naming the known papers or ids."""
    claim_id = ALIASES.get(claim_id, claim_id)
    registered = _REGISTRY.get(claim_id)
    if registered is not None:  # its module is imported (it registered the claim): no load and sort of the ledger
        return registered
    paper = claim_id.split("/", 1)[0]
    if paper not in PAPER_MODULES:
        raise KeyError(f"unknown paper in claim id {claim_id!r}; known papers: {', '.join(PAPER_MODULES)}")
    for c in load_claims(paper):
        if c.id == claim_id:
            return c
    raise KeyError(f"no claim {claim_id!r}; `ldpref claims --paper {paper}` lists the ids")


def select_claims(paper: str | None = None, claim_id: str | None = None) -> list[Claim]:
    """Claims of a paper, or the claim ``claim_id`` and its sub-claims (``id.`` prefix)."""
    if claim_id is None:
        return load_claims(paper)
    paper_of_id = claim_id.split("/", 1)[0]
    if paper_of_id not in PAPER_MODULES:
        raise KeyError(f"unknown paper in claim id {claim_id!r}; known papers: {', '.join(PAPER_MODULES)}")
    chosen = [c for c in load_claims(paper_of_id) if c.id == claim_id or c.id.startswith(claim_id + ".")]
    if not chosen:
        raise KeyError(f"no claim {claim_id!r}; `ldpref claims --paper {paper_of_id}` lists the ids")
    return chosen


def _natural_key(label: str):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", label)]
