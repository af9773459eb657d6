"""The registry of the ledger's all-parameter proof obligations (issue 25, item 2): claim id -> obligation builder.

A builder receives the claim's forms as the run built them -- the very objects the ledger displays, read through
the claim's :class:`~ldpref.ledger.evidence.Evidence` -- and returns
:class:`~ldpref.decide.obligation.Obligation` objects.  Its signature says which forms it reads (issue 22, items 3-5:
the form a claim shows is the object its proof is built from):

* ``builder(printed, derived)``: the printed form (None when the claim has none) and the derived form;
* a keyword-only ``correction``: the correction the claim displays (its own ``correction=``, else the derived form:
  :meth:`Evidence.correction <ldpref.ledger.evidence.Evidence.correction>`), for an obligation that proves it;
* a keyword-only ``form_of``: :meth:`Evidence.form_of <ldpref.ledger.evidence.Evidence.form_of>`, the one way to
  read *another* claim's form, which refuses a claim the record does not name in ``depends_on``.

A builder never calls ``find_claim(...).printed()`` / ``.derived()`` / ``.correction()``: that is the unmutated
record, which a self-check or record mutation never reaches.  A model quantity a builder needs that no claim
displays (a mechanism's coefficients, a dataset's counts) is named as such in the builder's docstring.

Some forms cannot be read as objects: a :class:`~ldpref.ledger.forms.Predicate` is a statement evaluated by code
(a dataset, a search), and its obligation restates it over the model quantities the code evaluates.  Such a builder
is marked :func:`poses` ``(part, ..., why=...)``: it is attempted only when the form handed in *is* the form the
claim displays (the same exact text, :func:`ldpref.decide.build_cache.stable_text`); any other form -- a
self-check's negated or perturbed one -- is refused (:class:`FormNotPosed`, a ``LookupError``: no proof attempted),
so the proof still stands or falls with the shown form.  ``tests/test_proof_forms.py`` checks every builder both
ways.  A Predicate of a claim whose parameters range over a *finite* set (a figure's points, the plotted eps) is
read instead (:func:`hold_at`): there a statement is its values, so the builder evaluates the handed form at every
point the proof covers and is refused unless it holds at each -- the proof follows the form's values, not its text.

The papers register their own builders when their checks are imported (``proofs_checks/<paper>/obligations*.py``),
so nothing here imports ``derivations`` or ``proofs_checks`` (issue 22's layering rule);
:func:`ldpref.decide.export.all_obligations` loads the claims first.
"""

from __future__ import annotations

import inspect
from functools import cache

#: claim id -> builder(printed, derived[, *, correction][, *, form_of]) -> [Obligation]
OBLIGATIONS: dict = {}

#: the keyword-only forms a builder may ask for, and how the evidence hands each
EXTRA_FORMS = ("correction", "form_of")
PARTS = ("printed", "derived", "correction")


class FormNotPosed(LookupError):
    """The form handed to a :func:`poses` builder is not the form the claim displays: no proof is attempted."""


def poses(*parts: str, why: str):
    """Mark a builder that states the claim's ``parts`` forms over model quantities instead of reading them as
    objects (``why`` says why it cannot read them); :func:`call` then refuses any other form than the displayed
    one."""
    if not parts or any(p not in PARTS for p in parts) or not why:
        raise ValueError(f"poses{parts}: parts among {PARTS} and a reason are required")

    def mark(build):
        build.poses, build.poses_why = parts, why
        return build
    return mark


def _same_form(a, b) -> bool:
    from .build_cache import Uncacheable, stable_text
    try:
        return stable_text(a) == stable_text(b)
    except Uncacheable:
        return a == b


def _check_posed(build, evidence, claim_id, handed: dict) -> None:
    """Refuse (:class:`FormNotPosed`) a handed form of a :func:`poses` part that is not the claim's displayed one."""
    shown = evidence.lookup(claim_id)
    for part in getattr(build, "poses", ()):
        source = getattr(shown, part) or (shown.derived if part == "correction" else None)
        if source is None:
            continue
        if not _same_form(handed[part](), source()):
            raise FormNotPosed(f"the {part} form handed in is not the one {claim_id} displays, and this proof states "
                               f"that form over model quantities ({build.poses_why}): no proof attempted")


@cache
def _extras(build) -> tuple:
    """The keyword-only forms (:data:`EXTRA_FORMS`) ``build`` declares."""
    params = inspect.signature(build).parameters
    return tuple(name for name in EXTRA_FORMS if name in params
                 and params[name].kind is inspect.Parameter.KEYWORD_ONLY)


def reads(build) -> tuple:
    """The forms ``build`` reads: printed and derived always (its positional arguments), then the extras it
    declares."""
    return ("printed", "derived", *_extras(build))


def call(build, evidence, printed, derived, claim_id=None):
    """``build(printed, derived, ...)`` with the extra forms it declares, each read through ``evidence``; a
    :func:`poses` builder only for the forms ``claim_id`` displays."""
    if getattr(build, "poses", ()):
        _check_posed(build, evidence, claim_id, {"printed": lambda: printed, "derived": lambda: derived,
                                                 "correction": evidence.correction})
    extra = {}
    for name in _extras(build):
        extra[name] = evidence.correction() if name == "correction" else evidence.form_of
    return build(printed, derived, **extra)


def evidence_of(claim):
    """An :class:`~ldpref.ledger.evidence.Evidence` holding ``claim``'s own forms (as the runner builds it), for
    building its obligations outside a run (``ldpref proofs``, the tests)."""
    from ldpref.ledger.claim import find_claim
    from ldpref.ledger.evidence import Evidence

    return Evidence(forms=(claim.printed, claim.derived, claim.correction), depends_on=claim.depends_on,
                    lookup=find_claim)


def build_of(registry: dict, claim, evidence) -> list:
    """The proofs ``registry`` (:data:`OBLIGATIONS` or :data:`ldpref.decide.symbolic_proof.SYMBOLIC_PROOFS`) builds
    for ``claim`` from the forms ``evidence`` holds ([] when it has none)."""
    build = registry.get(claim.id)
    if build is None:
        return []
    printed = evidence.printed() if claim.printed is not None else None
    return call(build, evidence, printed, evidence.derived(), claim.id)


def equation(form, what: str = "form", kind=None):
    """``form`` when it is an equation ``lhs = rhs`` (an ``Eq``; or a relation of class ``kind``), else
    :class:`FormNotPosed`: a builder that reads a side of a displayed relation must not read the side of a negated
    one (a self-check hands ``lhs != rhs``, or ``a <= b`` for ``a > b``)."""
    import sympy

    if not isinstance(form, kind or sympy.Equality):
        raise FormNotPosed(f"the {what} handed in is a {type(form).__name__}, not the relation this proof reads")
    return form


def hold_at(claim_id: str, points, **forms) -> None:
    """Read statements at the points of a claim's finite parameter set: each named form (``printed=...``,
    ``derived=...``; a :class:`~ldpref.ledger.forms.Predicate` or any statement
    :func:`~ldpref.ledger.forms.evaluate` reads; None when the claim has none) must hold at every point (a dict of
    the parameters the claim's grid gives it), else :class:`FormNotPosed`: a proof that establishes the statement at
    those points from model quantities is about the form whose values it read there, and cannot establish a form
    that is false at one of them (a self-check's negation is false at every point).  What it cannot see is a form
    changed into another with the same values at those points -- the same statement, on that set."""
    from ldpref.ledger.forms import evaluate

    points = [dict(p) for p in points]
    if not points:
        raise FormNotPosed(f"{claim_id}: no points to read the forms at")
    for name, form in forms.items():
        for params in points if form is not None else ():
            if not evaluate(form, params):
                raise FormNotPosed(f"{claim_id}: the {name} form handed in is false at {params}: this proof "
                                   "establishes it at those points, never its failure; no proof attempted")
