"""The generic runner: a claim that is pure data (issue 22, item 1).

A claim record with ``check=None`` lists its evidence as **steps**, and this module runs them; the record holds
no check code of its own.  Two kinds of step:

* :class:`Symbolic` -- the printed form against the derived form, exactly, for all parameters
  (``Evidence.symbolic``); ``part`` picks the compared part of both forms (e.g. the right-hand side).
* :class:`Grid` -- the **grid** (a generator of :class:`Point` s) and the **oracle** (the exact value at a point,
  from enumeration of the real mechanism or from exact moment formulas, ``path`` says which).  At every point
  the evaluator (by default the one evaluator :func:`ldpref.ledger.forms.evaluate`; a paper may name its own
  for forms with sums over a hash family) gives the derived form's value and (when the claim has one) the
  printed form's value, and ``Evidence.instances`` records both against the oracle.
* :class:`Identity` -- an exact identity of the model side (e.g. Q P = I for the inner mechanism).

A grid's point may carry a **model quantity** (``Point(..., model=value)``: a library or model computation, e.g.
the mean of the explicit URP mechanism's estimator by enumeration) compared with the oracle in place of a form's
value, beside the points where the forms are evaluated (one record, as a check interleaving both would have it);
the printed form and the correction are never said to be judged at such a point.  A grid with ``reads_forms``
builds its points on forms read through the evidence, e.g. a declared dependency's form (``forms.form_of(id)``,
refused unless the record names the claim in ``depends_on``): what the oracle reads at a point (its ``data``) and
the facts the forms are evaluated at may then depend on that form.

The forms are read only through the evidence object (``ev.printed()``, ``ev.derived()``), so a self-check
mutation of the record's forms reaches every step, and the correction pass of :mod:`ldpref.ledger.verdict`
sees the same instances.  A claim that does not fit (optimality, bounds, protocols) keeps a custom check and
says why in its record (``custom=``); ``ldpref claims --json`` reports ``runner`` per claim.
"""

from __future__ import annotations

from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, ClassVar, Iterable, NamedTuple

import sympy

from .evidence import EXACT_PATHS, Evidence, Instance
from .forms import evaluate


class _FormSide:
    """The default compared side of a :class:`Point`: the claim's form evaluated there."""

    def __repr__(self) -> str:
        return "FORM"


#: ``Point.model`` when the point's compared side is the claim's form (not a model quantity)
FORM = _FormSide()


@dataclass(frozen=True)
class Point:
    """One instance of a grid: ``params`` as shown in the evidence, ``facts`` the values substituted into the
    forms (default: ``params``), ``data`` whatever the oracle needs that is costly to rebuild (e.g. a mechanism),
    ``size`` the order of instances (smallest failing one is the counterexample), ``in_condition`` False outside a
    conditional claim's condition.  ``model``, when given, is a model quantity (a library or model computation,
    not a form) compared with the oracle at this point in place of the form's value."""

    params: dict
    facts: dict | None = None
    data: object = None
    size: tuple | None = None
    in_condition: bool = True
    model: object = FORM

    @property
    def compares_model(self) -> bool:
        """Whether this point compares a model quantity (``model``) rather than a form's value."""
        return self.model is not FORM

    @property
    def substitution(self) -> dict:
        """What the forms are evaluated at: ``facts``, or ``params`` when no facts are given."""
        return self.params if self.facts is None else self.facts


class Exact(NamedTuple):
    """An oracle's answer when its path varies by point: the exact value and how it was obtained."""

    value: object
    path: str


def rhs(form):
    """The right-hand side of an equation form (the value it states): the part most formula claims compare."""
    return form.rhs


def rhs_if_equation(form):
    """An ``Eq`` form's right-hand side, any other form itself."""
    return form.rhs if isinstance(form, sympy.Equality) else form


def listed(form):
    """The parts of a form that names them (a dict), in order."""
    return list(form.values())


def precomputed(point: Point):
    """The oracle of a grid whose exact value was computed from the real mechanism when the point was built: the
    point's ``data`` (HOLDS for a statement)."""
    return point.data


@dataclass(frozen=True)
class Symbolic:
    """Printed form == derived form, proved symbolically (both projected by ``part``, normalised by ``simplify``).
    With ``reads_forms`` the projection is ``part(form, forms)``, ``forms`` reading the claim's forms through the
    evidence and a declared dependency's (``forms.form_of(id)``), e.g. both sides with another claim's printed
    quantity put in for the symbol it names."""

    name: str
    part: Callable | None = None
    simplify: Callable | None = None
    reads_forms: bool = False

    def run(self, ev: Evidence, has_printed: bool) -> None:
        """Record the symbolic comparison on ``ev``."""
        if not has_printed:
            raise ValueError(f"step {self.name!r}: a symbolic comparison needs a printed form")
        if self.reads_forms:
            forms = _Forms(ev)
            part = lambda form: self.part(form, forms)  # noqa: E731
        else:
            part = self.part or _whole
        ev.symbolic(self.name, part(ev.printed()), part(ev.derived()), simplify=self.simplify)


@dataclass(frozen=True)
class Grid:
    """The forms against the exact oracle on every point of the grid.

    ``points()`` yields :class:`Point` s; ``oracle(point)`` is the exact value there, obtained by ``path``
    (``"enumeration"`` of the real mechanism's outputs, ``"moment-formula"``: exact moments of the same (P, Q)
    without listing, or ``"proof"``: a value the oracle derives symbolically at the point, e.g. a probability as a
    limit or integral of the noise density simplified exactly); an oracle whose path varies by point returns
    :class:`Exact`.  The path is only how the exact side was obtained: a proof-path instance is judged, counted and
    scoped as any other instance (``instance(s) decided by proof`` in the verdict's reason, never a symbolic proof of
    the printed form, never an all-parameter scope).  ``part`` picks the
    compared part of each form; ``value(form, point)`` evaluates it (default: ``evaluate(form,
    point.substitution)``); ``printed=False`` compares the derived form only (a side quantity the paper does not
    print).  A point with a ``model`` compares that model quantity instead of a form (the printed form is never
    compared there, so a grid that compares it refuses such a point, and the correction pass leaves it out).
    With ``reads_forms`` the points are ``points(forms)``, ``forms`` reading the claim's forms through the evidence
    (and a declared dependency's, ``forms.form_of(id)``), so the oracle's input and the facts may be built on a
    form; such a grid's instances are never shared between claims.  Within one ledger run (:func:`one_run`),
    claims that share a grid and equal forms share its instances (a bounded cache: a self-check's mutated form is
    another key); a claim run on its own recomputes them, so an oracle changed between runs (a test's monkeypatch)
    is always seen.
    """

    name: str
    points: Callable[[], Iterable[Point]]
    oracle: Callable[[Point], object]
    path: str = "enumeration"
    part: Callable | None = None
    printed: bool = True
    value: Callable | None = None
    #: the name of the correction's record on this grid (default: the grid's name)
    correction_name: str | None = None
    #: the points are built on forms read through the evidence (``points(forms)``), e.g. a form of a claim the
    #: record declares in ``depends_on``
    reads_forms: bool = False

    def __post_init__(self):
        if self.path not in EXACT_PATHS:
            raise ValueError(f"grid {self.name!r}: path {self.path!r} is not an exact oracle path")

    def run(self, ev: Evidence, has_printed: bool) -> None:
        """Record the grid's instances on ``ev`` (derived, and printed when the claim has it, vs the oracle); a
        claim with a correction of its own (the runner hands it in ``ev.forms``) has it evaluated on the same
        grid (``Evidence.corrections``)."""
        part = self.part or _whole
        compare_printed = has_printed and self.printed
        forms = _Forms(ev) if self.reads_forms else None
        derived = part(ev.derived())
        printed = part(ev.printed()) if compare_printed else None
        exacts: list = []  # the oracle's answers, computed once for the forms' pass and the correction's
        # the runner's minimal-edit pass puts the correction in the derived slot: judged at the form points only
        in_slot = ev.derived_slot == "correction"
        judged = self.instances(derived, printed, exacts, correction=in_slot, forms=forms)
        _record_judged(ev, self.name, judged, compare_printed, in_slot)
        if len(ev.forms) > 2 and ev.forms[2] is not None and self.printed:
            judged = self.instances(part(ev.correction()), None, exacts, correction=True, forms=forms)
            if judged:  # a grid of model points only evaluates no form, hence no correction
                ev.corrections(self.correction_name or self.name, judged)

    def exact_points(self, forms=None) -> list:
        """``(point, exact value, path)`` for every point of the grid, in order (the oracle at each point; a grid
        that ``reads_forms`` builds its points on ``forms``)."""
        if self.reads_forms and forms is None:
            raise ValueError(f"grid {self.name!r}: its points read forms, and none were handed to it")
        out = []
        for point in (self.points(forms) if self.reads_forms else self.points()):
            exact, path = self.oracle(point), self.path
            if isinstance(exact, Exact):
                exact, path = exact
            out.append((point, exact, path))
        return out

    def instances(self, derived, printed, exacts: list | None = None, *, correction: bool = False,
                  forms=None) -> list[Instance]:
        """The grid's instances for these (projected) forms; ``printed`` None: derived only.  ``exacts`` is a list
        the caller keeps between passes over the same grid in one run (the forms', then the correction's): empty, it
        is filled with :meth:`exact_points`; filled, the oracle is not asked again (its answers are the same).
        ``correction``: ``derived`` is the displayed correction, judged at the points that evaluate a form only
        (none of the model points).  ``forms``: the evidence's forms, for a grid that ``reads_forms``."""
        key = (self, _key(derived), _key(printed), correction)
        cacheable = _RUN["depth"] > 0 and _UNHASHABLE not in key[1:3] and not self.reads_forms
        hit = _SHARED.get(key) if cacheable else None
        if hit is not None:
            _SHARED.move_to_end(key)
            return hit
        if exacts is None:
            exacts = self._shared_exact_points(forms)
        elif not exacts:
            exacts.extend(self._shared_exact_points(forms))
        out = []
        for point, exact, path in exacts:
            if point.compares_model:
                if correction:
                    continue
                if printed is not None:
                    raise ValueError(f"grid {self.name!r}: the point {point.params} compares a model quantity, where "
                                     "the printed form is not evaluated (give the grid printed=False)")
                derived_value, printed_value = point.model, None
            else:
                derived_value = self._value(derived, point, "derived")
                printed_value = None if printed is None else self._value(printed, point, "printed")
            out.append(Instance(dict(point.params), exact=exact, derived=derived_value, printed=printed_value,
                                in_condition=point.in_condition, size=point.size, path=path,
                                compares_model=point.compares_model))
        if cacheable:
            _SHARED[key] = out
            while len(_SHARED) > _SHARED_SIZE:
                _SHARED.popitem(last=False)
        return out

    def _shared_exact_points(self, forms=None) -> list:
        """:meth:`exact_points`, shared within one ledger run (:func:`one_run`) by the claims and passes that run this
        grid (a bounded cache; outside a run always recomputed, so an oracle changed between runs is seen); points
        built on forms are built again for every claim (the forms they read are that claim's)."""
        if _RUN["depth"] == 0 or self.reads_forms:
            return self.exact_points(forms)
        hit = _EXACTS.get(self)
        if hit is None:
            hit = _EXACTS[self] = self.exact_points()
            while len(_EXACTS) > _SHARED_SIZE:
                _EXACTS.popitem(last=False)
        else:
            _EXACTS.move_to_end(self)
        return hit

    def _value(self, form, point: Point, role: str):
        """A form at a point: ``value(form, point)`` (default: the one evaluator); ``role`` is "derived" (the derived
        form, or the correction in its slot) or "printed", for subclasses that read the two at different facts."""
        return (self.value or _evaluate_at)(form, point)


@dataclass(frozen=True)
class Identity:
    """An exact identity of the model side: ``lhs() == rhs()``.  With ``reads_forms`` the two sides are
    ``lhs(forms)``, ``rhs(forms)``, where ``forms`` reads the claim's forms through the evidence
    (``forms.derived()``, ``forms.printed()``), e.g. the derived form against a model computation."""

    name: str
    lhs: Callable
    rhs: Callable
    detail: str = ""
    reads_forms: bool = False

    def run(self, ev: Evidence, has_printed: bool) -> None:
        """Record the identity on ``ev`` (one that reads no form is a model check)."""
        if _model_check_in_slot(self, ev):
            return
        args = (_Forms(ev),) if self.reads_forms else ()
        ev.identity(self.name, self.lhs(*args), self.rhs(*args), self.detail, model=not self.reads_forms)


def _model_check_in_slot(step, ev: Evidence) -> bool:
    """Whether ``step`` reads no form (a model check) and ``ev`` is the correction pass: such a step says nothing
    about the correction, so the pass does not run it."""
    return not step.reads_forms and ev.derived_slot == "correction"


def _record_judged(ev: Evidence, name: str, judged: list, compare_printed: bool, in_slot: bool) -> None:
    """A grid's instances on ``ev``: the points that evaluate a form as the derived form's (or, in the correction
    slot, the correction's) record, the model points (``Point(..., model=)``) in a record of their own, never counted
    as the derived form's evidence.  A grid of no point records its empty derived record outside the slot."""
    of_forms = [i for i in judged if not i.compares_model]
    models = [i for i in judged if i.compares_model]
    if of_forms or not (in_slot or models):
        ev.instances(name, of_forms, has_printed=compare_printed)
    if models:
        ev.model_instances(name, models)


class _Forms:
    """Read-only access to a claim's forms through its evidence (what a step may read), and to the forms of the
    claims it declares in ``depends_on``."""

    def __init__(self, ev: Evidence):
        self.printed, self.derived, self.correction = ev.printed, ev.derived, ev.correction
        #: another claim's form, read only when the record names it in ``depends_on`` (``Evidence.form_of``)
        self.form_of = ev.form_of


#: instances of recent (grid, derived, printed) triples: claims sharing a grid and forms run it once per ledger run
_SHARED: OrderedDict = OrderedDict()
#: the oracle's answers on recent grids: claims (and correction passes) on one grid ask the oracle once per ledger run
_EXACTS: OrderedDict = OrderedDict()
_SHARED_SIZE = 8
_UNHASHABLE = object()
_RUN = {"depth": 0}


@contextmanager
def one_run():
    """One ledger run: inside it, claims that share a grid and forms share its instances.  The outermost entry
    starts with an empty cache (nothing computed by an earlier run is reused); outside any run nothing is shared."""
    if _RUN["depth"] == 0:
        _SHARED.clear()
        _EXACTS.clear()
    _RUN["depth"] += 1
    try:
        yield
    finally:
        _RUN["depth"] -= 1
        if _RUN["depth"] == 0:
            _SHARED.clear()
            _EXACTS.clear()


def _key(form):
    """A hashable key of a form (None stays None; an unhashable form disables sharing)."""
    try:
        hash(form)
    except TypeError:
        return _UNHASHABLE
    return form


def _evaluate_at(form, point: Point):
    return evaluate(form, point.substitution)


def _whole(form):
    return form


STEP_TYPES = (Symbolic, Grid, Identity)


def run_steps(claim, ev: Evidence) -> None:
    """Run the record's steps in order on ``ev`` (the generic runner); forms are read only through ``ev``."""
    if not claim.steps:
        raise ValueError(f"{claim.id}: a claim without a check function needs at least one step")
    for step in claim.steps:
        step.run(ev, claim.printed is not None)


# ---- conv22b steps
from .evidence import values_equal  # noqa: E402  (the block's own import, kept with it)


@dataclass(frozen=True)
class Probed:
    """Printed form == derived form, probed first: ``value(form, probe)`` evaluates both (each projected by
    ``part``) at the ``probe`` point; when their exact values differ there, that difference is recorded (it proves
    the forms differ, and is fast), else the whole forms are compared symbolically."""

    name: str
    probe: dict
    value: Callable
    part: Callable | None = None

    def run(self, ev: Evidence, has_printed: bool) -> None:
        """Record the probed symbolic comparison on ``ev``."""
        if not has_printed:
            raise ValueError(f"step {self.name!r}: a symbolic comparison needs a printed form")
        part = self.part or _whole
        printed, derived = part(ev.printed()), part(ev.derived())
        at_p, at_d = self.value(printed, self.probe), self.value(derived, self.probe)
        if values_equal(at_p, at_d):
            ev.symbolic(self.name, printed, derived)
            return
        where = ", ".join(f"{k} = {v}" for k, v in self.probe.items())
        ev.symbolic(f"{self.name} (at {where}, where they differ)", at_p, at_d)


@dataclass(frozen=True)
class Numeric:
    """A numeric check of the model side (e.g. a certified numeric maximum containing an exact value):
    ``decide()`` returns ``(passed, instances, detail)``.  With ``reads_forms`` it is ``decide(forms)``, ``forms``
    reading the claim's forms through the evidence (e.g. the derived form's value inside a certified interval)."""

    name: str
    decide: Callable
    reads_forms: bool = False
    #: the Evidence method that records the outcome (the one thing a :class:`Statistical` step changes)
    kind: ClassVar[str] = "numeric"

    def run(self, ev: Evidence, has_printed: bool) -> None:
        """Record the check's outcome on ``ev`` under its kind (one that reads no form is a model check)."""
        if _model_check_in_slot(self, ev):
            return
        passed, count, detail = self.decide(_Forms(ev)) if self.reads_forms else self.decide()
        getattr(ev, self.kind)(self.name, passed, count, detail, model=not self.reads_forms)


def counted(flags, what: str = "") -> tuple:
    """A :class:`Numeric` outcome from one truth value per case: ``(all hold, number of cases, "k of n")``, the
    detail followed by ``what`` the cases are when given ("k of n datasets")."""
    flags = list(flags)
    return all(flags), len(flags), f"{sum(flags)} of {len(flags)}" + (f" {what}" if what else "")


@dataclass(frozen=True)
class Note:
    """A note at this point of the evidence: ``text`` (a string, or a callable computing it from the model side,
    e.g. exact coefficients; it reads no form).  With ``reads_forms`` the callable is ``text(forms)``, a note
    computed from the claim's forms read through the evidence (e.g. where a printed form's value falls)."""

    text: object
    reads_forms: bool = False

    @property
    def name(self) -> str:
        """The note's text, or what a computed note is (for listings such as ``ldpref claims --json``)."""
        return self.text if isinstance(self.text, str) else "a note computed from the model side"

    def run(self, ev: Evidence, has_printed: bool) -> None:
        """Attach the note to ``ev``."""
        if not callable(self.text):
            ev.note(self.text)
        else:
            ev.note(self.text(_Forms(ev)) if self.reads_forms else self.text())


STEP_TYPES = STEP_TYPES + (Probed, Numeric, Note)


@dataclass(frozen=True)
class CorrectedGrid:
    """A :class:`Grid` for the forms and another grid for the displayed correction (other points or values, e.g.
    the correction read as an order of growth at the limits only): ``grid`` records as a Grid does, without its own
    correction pass, then ``correction`` records the correction's instances (``Evidence.corrections``)."""

    grid: Grid
    correction: Grid

    @property
    def name(self) -> str:
        """The forms' grid and the correction's, by name."""
        return f"{self.grid.name}; correction: {self.correction.name}"

    def run(self, ev: Evidence, has_printed: bool) -> None:
        """Record the forms' instances on ``grid`` and the correction's on ``correction``."""
        g, c = self.grid, self.correction
        part = g.part or _whole
        compare_printed = has_printed and g.printed
        in_slot = ev.derived_slot == "correction"  # the runner's minimal-edit pass: no model point judges it
        judged = g.instances(part(ev.derived()), part(ev.printed()) if compare_printed else None, correction=in_slot,
                             forms=_Forms(ev) if g.reads_forms else None)
        _record_judged(ev, g.name, judged, compare_printed, in_slot)
        ev.corrections(c.name, c.instances((c.part or _whole)(ev.correction()), None, correction=True,
                                           forms=_Forms(ev) if c.reads_forms else None))


STEP_TYPES = STEP_TYPES + (CorrectedGrid,)


@dataclass(frozen=True)
class Statistical(Numeric):
    """A statistical check of the model side (a seeded simulation against the exact values): ``decide()`` returns
    ``(passed, instances, detail)``; it reads no form."""

    kind: ClassVar[str] = "statistical"


STEP_TYPES = STEP_TYPES + (Statistical,)


@dataclass(frozen=True)
class RoleGrid(Grid):
    """A :class:`Grid` whose forms are evaluated at facts that depend on the form's role: ``value(form, point,
    role)`` with role ``"derived"`` (the derived form, or the correction in its slot) or ``"printed"`` -- e.g. a
    printed statement read on the exact quantities and the derived one on the model's.  Shares instances as a
    Grid does."""

    def _value(self, form, point: Point, role: str):
        """The form at the point's facts for its role: ``value(form, point, role)``."""
        return self.value(form, point, role)


STEP_TYPES = STEP_TYPES + (RoleGrid,)


@dataclass(frozen=True)
class CorrectionGrid:
    """The displayed correction alone on a grid of its own, e.g. the boundary points where the exact value meets
    the target, on which only the correction is judged (the forms' grid, with its correction pass, is another step):
    records the correction's instances (``Evidence.corrections``) under the grid's name."""

    grid: Grid

    @property
    def name(self) -> str:
        """The correction's grid, by name."""
        return f"correction: {self.grid.name}"

    def run(self, ev: Evidence, has_printed: bool) -> None:
        """Record the correction's instances on ``grid``."""
        g = self.grid
        ev.corrections(g.name, g.instances((g.part or _whole)(ev.correction()), None, correction=True,
                                           forms=_Forms(ev) if g.reads_forms else None))


STEP_TYPES = STEP_TYPES + (CorrectionGrid,)


@dataclass(frozen=True)
class External:
    """A numeric cross-check against an optional external library (e.g. OpenDP's privacy map against the derived
    (eps, delta), jiang-gcms Theorem 4): ``decide()`` returns None when the library is not installed -- then only the
    note ``absent`` is recorded and no check, so the verdict never claims a path it did not run -- or ``(passed,
    instances, detail, notes)``: one numeric record, then the notes on what the library reported (they may differ
    with its version).  With ``reads_forms`` it is ``decide(forms)``, the library compared with the claim's forms
    read through the evidence (e.g. the derived delta)."""

    name: str
    decide: Callable
    absent: str
    reads_forms: bool = False

    def run(self, ev: Evidence, has_printed: bool) -> None:
        """Record the cross-check and its notes on ``ev``, or the ``absent`` note; one that reads no form says nothing
        about a correction, so the correction slot does not run it."""
        if _model_check_in_slot(self, ev):
            return
        outcome = self.decide(_Forms(ev)) if self.reads_forms else self.decide()
        if outcome is None:
            ev.note(self.absent)
            return
        passed, count, detail, notes = outcome
        ev.numeric(self.name, passed, count, detail, model=not self.reads_forms)
        for text in notes:
            ev.note(text)


STEP_TYPES = STEP_TYPES + (External,)
