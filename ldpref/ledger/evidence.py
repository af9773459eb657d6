"""Evidence a check records: symbolic comparisons and instance-by-instance comparisons.

A check function receives an :class:`Evidence` and records on it what it ran.  It does not choose a
verdict: :func:`ldpref.ledger.verdict.decide` computes the verdict from what was recorded.

* :meth:`Evidence.symbolic` -- printed form vs derived form (or any two sympy objects), exactly.
* :meth:`Evidence.instances` -- a list of :class:`Instance`: at each parameter point the exact value
  (from enumeration of the real mechanism), the printed form's value and the derived form's value.
  Recorded as two checks, "derived == exact" and "printed == exact".
* :meth:`Evidence.model_instances` -- instances whose compared side is a model or library quantity, not a form
  (``Point(..., model=)`` of :mod:`ldpref.ledger.generic`): recorded as "model == exact", role ``model-vs-exact``.
  Such a record supports a derivation (a failing one is an ldpref defect), but it is never counted as a
  comparison of the derived form (or of the correction) with an exact value.
* :meth:`Evidence.numeric` / :meth:`Evidence.statistical` -- other checks with a pass/fail outcome.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import sympy

from ..exact import exact_equal, together_cancelled


#: how an exact value was obtained: by listing every outcome of the real mechanism, by the exact moment
#: formulas of ldpref.moments on the same (P, Q) (no listing), or by a symbolic proof
EXACT_PATHS = ("enumeration", "moment-formula", "proof")


@dataclass
class Instance:
    """One parameter point of a claim.

    ``exact`` is the value from exact enumeration of the real mechanism (or, for a statement, whether
    it holds there: True/False).  ``printed`` and ``derived`` are the two formulas' values (None when the
    printed form is not available).  ``size`` orders instances: the smallest failing one is the
    counterexample (default: the parameter values in order).  ``in_condition`` is False for points
    outside a conditional claim's condition.
    """

    params: dict
    exact: object
    derived: object
    printed: object = None
    in_condition: bool = True
    size: tuple | None = None
    path: str = "enumeration"  # how ``exact`` was obtained: enumeration | moment-formula | proof
    #: True when ``derived`` holds a model quantity (``Point(..., model=)``), not the value of a form
    compares_model: bool = False

    def __post_init__(self):
        if self.path not in EXACT_PATHS:
            raise ValueError(f"instance path {self.path!r} not in {EXACT_PATHS}")

    def key(self):
        """A sort key: the instance's size, or its parameter values."""
        if self.size is not None:
            return self.size
        return tuple(_sortable(v) for v in self.params.values())


def _sortable(v):
    try:
        return (0, sympy.Rational(v))
    except (TypeError, ValueError):
        return (1, str(v))


def values_equal(a, b) -> bool:
    """Exact equality of two evidence values (None never equals anything)."""
    if a is None or b is None:
        return False
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or a == b
    if isinstance(a, sympy.Rational) and isinstance(b, sympy.Rational):  # most instances: exact numbers
        return a == b
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(values_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, sympy.MatrixBase) or isinstance(b, sympy.MatrixBase):
        a, b = sympy.Matrix(a), sympy.Matrix(b)
        return a.shape == b.shape and all(exact_equal(x, y) for x, y in zip(a, b))
    return exact_equal(a, b)


@dataclass
class CheckRecord:
    kind: str  # symbolic | exact | numeric | statistical
    name: str
    passed: bool
    instances: int
    detail: str
    role: str = ""  # printed-vs-derived, derived-vs-exact, printed-vs-exact, correction-vs-exact, model-vs-exact, other
    failures: list = field(default_factory=list)  # failing Instances (printed-vs-exact)
    #: how the check was decided: {path: count}, paths from EXACT_PATHS, "numeric" or "statistical"
    paths: dict = field(default_factory=dict)

    @property
    def path(self) -> str:
        """The evidence paths of this check joined by '+' ('none' if it has none)."""
        return "+".join(sorted(self.paths)) if self.paths else "none"


class UndeclaredDependency(LookupError):
    """A check read another claim's form without naming that claim in its record's ``depends_on``."""


@dataclass
class Evidence:
    records: list[CheckRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: the claim's printed, derived and correction callables, as the runner hands them to the check (self-check
    #: hands mutated ones); a check reads its forms through printed() / derived() / correction()
    forms: tuple = (None, None, None)
    #: the forms as built once in this run: {0: printed, 1: derived, 2: correction}; the runner renders LaTeX from these
    #: very objects, so what ``latex`` and the docs display is what the check evaluated
    built: dict = field(default_factory=dict)
    #: the claim ids whose forms this check may read (the record's ``depends_on``), and a lookup id -> Claim;
    #: ``form_of`` is the one way a check reads another claim's form, and refuses an undeclared one
    depends_on: tuple = ()
    lookup: object = None
    #: (claim id, part) of every other claim's form this check read through ``form_of``
    read_from: list = field(default_factory=list)
    #: what the derived slot holds: "derived" (the derived form) or "correction" (the runner's correction pass
    #: hands a minimal-edit correction there: every derived-vs-exact record is then a correction-vs-exact one)
    derived_slot: str = "derived"

    def _role(self, role: str, model: bool = False) -> str:
        """The role recorded: ``model-vs-exact`` for a check that reads no form (``model``), else ``role``, with a
        derived-vs-exact one in the correction slot a correction-vs-exact one."""
        if model:
            return "model-vs-exact"
        return "correction-vs-exact" if role == "derived-vs-exact" and self.derived_slot == "correction" else role

    def form_of(self, claim_id: str, part: str = "printed"):
        """Another claim's ``part`` form ("printed", "derived" or "correction"), for a check whose oracle or
        statement is built on it (e.g. Eq. (9)'s delta at Eq. (8)'s eps).  The claim must be declared in the
        record's ``depends_on``: an undeclared read raises :class:`UndeclaredDependency` (the claim's verdict is
        then ``error``)."""
        if claim_id not in self.depends_on:
            raise UndeclaredDependency(f"reads {part} form of {claim_id}, not declared in depends_on")
        if part not in ("printed", "derived", "correction"):
            raise ValueError(f"form part {part!r} not in printed/derived/correction")
        other = self.lookup(claim_id)
        form = getattr(other, part) or (other.derived if part == "correction" else None)
        if form is None:
            raise LookupError(f"{claim_id} has no {part} form")
        if (claim_id, part) not in self.read_from:
            self.read_from.append((claim_id, part))
        return form()

    def _form(self, which: int):
        if which not in self.built:
            self.built[which] = self.forms[which]()
        return self.built[which]

    def printed(self):
        """The claim's printed form: the object ``latex`` and the docs display (built once per run)."""
        if self.forms[0] is None:
            raise LookupError("this claim has no printed form (not available in our copy)")
        return self._form(0)

    def derived(self):
        """The claim's derived form: the object ``latex`` and the docs display (built once per run)."""
        if self.forms[1] is None:
            raise LookupError("the runner handed no derived form to this check")
        return self._form(1)

    def correction(self):
        """The correction an erratum or conditional claim displays: the claim's own ``correction`` form when it has
        one, else the derived form itself (the same object).  Built once per run; the LaTeX shown is its."""
        if len(self.forms) < 3 or self.forms[2] is None:
            return self.derived()
        return self._form(2)

    def corrections(self, name: str, instances: Iterable[Instance]) -> None:
        """Record the displayed correction against the exact values (issue 22, item 3): ``instances`` built as for
        :meth:`instances` but with the *correction* in the derived slot (``Instance.derived`` is the correction's
        value there).  Every instance counts, inside a stated condition or not: a correction must be right
        everywhere.  A correction that is wrong is ldpref's own defect (verdict ``error``)."""
        insts, paths = _counted(name, instances)
        self._derived_slot_record(name, insts, paths, label="correction", subject="the displayed correction",
                                  role="correction-vs-exact")

    def symbolic(self, name: str, printed, derived, *, simplify=None) -> bool:
        """Exact symbolic comparison of the printed and derived forms (``simplify`` may normalise both)."""
        a, b = (simplify(printed), simplify(derived)) if simplify else (printed, derived)
        ok = values_equal(a, b)
        detail = ("printed form == derived form" if ok
                  else f"printed form differs from derived form: difference {_diff(a, b)}")
        self.records.append(CheckRecord("symbolic", name, ok, 1, detail, role="printed-vs-derived",
                                        paths={"proof": 1}))
        return ok

    def identity(self, name: str, lhs, rhs, detail: str = "", *, model: bool = False) -> bool:
        """An exact identity that is part of a derivation (derived form vs a model computation); ``model``: both
        sides are model computations (no form is read), recorded with role ``model-vs-exact``."""
        ok = values_equal(lhs, rhs)
        text = detail or ("identity holds" if ok else f"identity fails: difference {_diff(lhs, rhs)}")
        self.records.append(CheckRecord("symbolic", name, ok, 1, text,
                                        role=self._role("derived-vs-exact", model),
                                        paths={"proof": 1}))
        return ok

    def instances(self, name: str, instances: Iterable[Instance], *, has_printed: bool = True) -> None:
        """Record a check over parameter instances (exact, derived and printed values per instance)."""
        insts, paths = _counted(name, instances)
        how = _paths_text(paths)
        if self.derived_slot == "correction":
            self._derived_slot_record(name, insts, paths, label="correction", role="correction-vs-exact",
                                      subject="the displayed correction (the printed form with its minimal edit)")
        else:
            self._derived_slot_record(name, insts, paths, label="derived", subject="derived form",
                                      role="derived-vs-exact")
        if has_printed:
            bad = [i for i in insts if not values_equal(i.printed, i.exact)]
            inside = [i for i in bad if i.in_condition]
            detail = f"printed == exact on {how}"
            if bad:
                first = min(bad, key=Instance.key)
                detail = (f"printed form disagrees with the exact value on {len(bad)} of {how}"
                          f" ({len(inside)} inside the stated condition); smallest {first.params}: printed "
                          f"{first.printed}, exact {first.exact}")
            self.records.append(CheckRecord("exact", f"{name}: printed vs exact", not bad, len(insts), detail,
                                            role="printed-vs-exact", failures=bad, paths=dict(paths)))

    def model_instances(self, name: str, instances: Iterable[Instance]) -> None:
        """Record a model or library quantity against the exact value on every instance (``<name>: model vs exact``,
        role ``model-vs-exact``): evidence for the derivation's premises, never for the derived form itself."""
        insts, paths = _counted(name, instances)
        self._derived_slot_record(name, insts, paths, label="model", subject="model quantity", role="model-vs-exact")

    def _derived_slot_record(self, name: str, insts: list, paths: dict, *, label: str, subject: str, role: str):
        """The record of ``Instance.derived`` (the derived form's value, or the correction's) against the exact
        value on every instance, named ``<name>: <label> vs exact``."""
        how = _paths_text(paths)
        bad = [i for i in insts if not values_equal(i.derived, i.exact)]
        detail = f"{label} == exact on {how}"
        if bad:
            first = min(bad, key=Instance.key)
            detail = (f"{subject} disagrees with the exact value on {len(bad)} of {how}, "
                      f"e.g. {first.params}: {label} {first.derived}, exact {first.exact}")
        self.records.append(CheckRecord("exact", f"{name}: {label} vs exact", not bad, len(insts), detail,
                                        role=role, paths=dict(paths)))

    def numeric(self, name: str, passed: bool, instances: int, detail: str, *, model: bool = False) -> None:
        """Record a numeric check (derived vs exact) over ``instances`` points; ``model``: it reads no form (a model
        or library computation), role ``model-vs-exact``."""
        self.records.append(CheckRecord("numeric", name, bool(passed), instances, detail,
                                        role=self._role("derived-vs-exact", model),
                                        paths={"numeric": instances}))

    def statistical(self, name: str, passed: bool, instances: int, detail: str, *, model: bool = False) -> None:
        """Record a statistical check (derived vs simulation) over ``instances`` points; ``model``: it reads no form
        (a simulation of the real code against exact values), role ``model-vs-exact``."""
        self.records.append(CheckRecord("statistical", name, bool(passed), instances, detail,
                                        role=self._role("derived-vs-exact", model),
                                        paths={"statistical": instances}))

    def note(self, text: str) -> None:
        """Attach a note to the claim's evidence."""
        self.notes.append(text)


def _counted(name: str, instances: Iterable[Instance]) -> tuple[list, dict]:
    """The instances as a list (at least one) and their count per exact path."""
    insts = list(instances)
    if not insts:
        raise ValueError(f"{name}: no instances")
    paths: dict = {}
    for i in insts:
        paths[i.path] = paths.get(i.path, 0) + 1
    return insts, paths


def _paths_text(paths: dict) -> str:
    """'12 instance(s) (10 by enumeration, 2 by moment formulas)'."""
    total = sum(paths.values())
    words = {"enumeration": "by enumeration", "moment-formula": "by moment formulas", "proof": "by proof"}
    parts = ", ".join(f"{n} {words[p]}" for p, n in sorted(paths.items()))
    return f"{total} instance(s) ({parts})"


def _diff(a, b) -> str:
    """The difference of two forms, for a report line (forms that cannot be subtracted are shown side by side)."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return "[" + ", ".join(_diff(x, y) for x, y in zip(a, b)) + "]"
    try:  # a report string: cancel is enough (simplify cost 15 s on one failing comparison)
        return str(together_cancelled(sympy.sympify(a) - sympy.sympify(b)))
    except (TypeError, ValueError, AttributeError, sympy.SympifyError):
        return f"{a} vs {b}"
