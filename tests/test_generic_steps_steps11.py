"""The generic runner's extensions of issue 22 items 1 and 5 (ldpref.ledger.generic): a point whose compared side
is a model quantity (``Point(..., model=...)``, interleaved with the points that evaluate the forms), a grid built
on a declared dependency's form (``Grid(..., reads_forms=True)``: its points, hence what the oracle reads, from
``forms.form_of``), and a numeric check and a note that read the claim's form (``Numeric`` / ``Note(...,
reads_forms=True)``).  Toy claims whose oracle is an independent brute force (the faces of a die), so a wrong
model value, a wrong form and an undeclared read each move the verdict.
"""

from __future__ import annotations

import pytest
import sympy

from ldpref.ledger.generic import FORM, Grid, Note, Numeric, Point, Symbolic
from ldpref.ledger.runner import run_claim
# the die toy (n, its points, the brute-force mean) is test_generic_steps_conv22b's
from test_generic_steps_conv22b import _mean, _points, n

R = sympy.Rational
PROOF = Symbolic("printed vs derived")


def _faces(k):
    """The faces of a fair k-sided die, counted (the model side: a list, not a form)."""
    return len(range(1, k + 1))


def _mixed_points(model_bias=0):
    """The die's points (the forms evaluated) interleaved with a model point per die: its number of faces, counted
    by the model (plus ``model_bias``, a wrong model when nonzero), against the oracle's count."""
    for point in _points():
        yield point
        k = point.params["n"]
        yield Point({"n": k, "check": "faces"}, data="faces", size=(k,), model=_faces(k) + model_bias)


def _oracle(point):
    return point.params["n"] if point.data == "faces" else _mean(point)


def _model_only_grid(name="faces counted"):
    """A grid of the die's model points only (each die's faces counted), comparing no form."""
    return Grid(name, lambda: (p for p in _mixed_points() if p.compares_model), _oracle, printed=False)


def _grid(model_bias=0):
    return Grid("E[X] of a fair n-sided die, and its faces counted", lambda: _mixed_points(model_bias), _oracle)


def _by_name(result):
    return {r.name: r for r in result.records}


def test_a_point_compares_the_form_unless_it_carries_a_model():
    assert not Point({"n": 1}).compares_model and Point({"n": 1}).model is FORM
    assert Point({"n": 1}, model=None).compares_model  # None is a model value like any other


NAME = "E[X] of a fair n-sided die, and its faces counted"


def test_model_points_are_recorded_beside_the_form_points(toy):
    """The form points are the derived form's evidence; the model points have a record of their own (role
    ``model-vs-exact``), so no count says the derived form was compared where only a model quantity was."""
    ok = run_claim(toy("model-ok", None, lambda: (n + 1) / 2, (_grid(),)))
    form, model = _by_name(ok)[f"{NAME}: derived vs exact"], _by_name(ok)[f"{NAME}: model vs exact"]
    assert form.passed and form.instances == 5 and form.role == "derived-vs-exact"
    assert model.passed and model.instances == 5 and model.role == "model-vs-exact"
    assert ok.verdict == "reconstructed", ok.reason
    assert "5 instance(s) by exact enumeration" in ok.reason  # the forms' comparisons only


def test_a_wrong_model_value_is_an_error(toy):
    bad = run_claim(toy("model-bad", None, lambda: (n + 1) / 2, (_grid(model_bias=1),)))
    assert _by_name(bad)[f"{NAME}: derived vs exact"].passed
    assert not _by_name(bad)[f"{NAME}: model vs exact"].passed
    assert bad.verdict == "error" and "model quantity disagrees" in bad.reason  # ldpref's model must be right


def test_model_points_alone_are_no_comparison_of_the_derived_form(toy):
    """A claim whose only grid compares model quantities never compared its derived form with an exact value: a
    missing path (error), however many model points passed."""
    model_only = _model_only_grid()
    res = run_claim(toy("model-only", None, lambda: (n + 1) / 2, (model_only,)))
    assert res.verdict == "error" and "missing path" in res.reason, res.reason
    assert _by_name(res)["faces counted: model vs exact"].instances == 5


def test_an_identity_that_reads_no_form_is_a_model_check(toy):
    """``Identity`` without ``reads_forms`` compares two model computations: role ``model-vs-exact`` (a failing one is
    an error), never the derived form's comparison, and nothing in the correction slot; one that reads the forms
    stays the derived form's (``derived-vs-exact``)."""
    from ldpref.ledger.evidence import Evidence
    from ldpref.ledger.generic import Identity

    faces = Identity("faces of a 6-sided die counted", lambda: _faces(6), lambda: 6)
    read = Identity("E[X] at n = 6 from the derived form", lambda f: f.derived().subs(n, 6), lambda f: R(7, 2),
                    reads_forms=True)
    ev = Evidence(forms=(None, lambda: (n + 1) / 2, None))
    faces.run(ev, False)
    read.run(ev, False)
    assert [(r.name, r.role, r.passed) for r in ev.records] == [
        ("faces of a 6-sided die counted", "model-vs-exact", True),
        ("E[X] at n = 6 from the derived form", "derived-vs-exact", True)]
    slot = Evidence(forms=(None, lambda: (n + 1) / 2, None), derived_slot="correction")
    faces.run(slot, False)
    assert slot.records == []  # it reads no correction, so it says nothing about one
    alone = run_claim(toy("model-identity-only", None, lambda: (n + 1) / 2, (faces,)))
    assert alone.verdict == "error" and "missing path" in alone.reason, alone.reason
    wrong = Identity("faces counted, wrong", lambda: _faces(6), lambda: 7)
    bad = run_claim(toy("model-identity-bad", None, lambda: (n + 1) / 2, (Grid("E[X]", _points, _mean), wrong)))
    assert bad.verdict == "error" and "faces counted, wrong" in bad.reason, bad.reason


def test_a_numeric_or_statistical_step_that_reads_no_form_is_a_model_check():
    """``Numeric`` and ``Statistical`` without ``reads_forms`` check the model side: role ``model-vs-exact``, and
    nothing in the correction slot; a ``Numeric`` that reads the forms stays the derived form's."""
    from ldpref.ledger.evidence import Evidence
    from ldpref.ledger.generic import Statistical

    steps = (Numeric("faces by count", lambda: (True, 3, "3 of 3")),
             Statistical("a seeded simulation", lambda: (True, 200, "within 4 standard errors")),
             Numeric("derived form at n = 6", lambda f: (f.derived().subs(n, 6) == R(7, 2), 1, "1 point"),
                     reads_forms=True))
    ev = Evidence(forms=(None, lambda: (n + 1) / 2, None))
    for step in steps:
        step.run(ev, False)
    assert [(r.kind, r.role) for r in ev.records] == [
        ("numeric", "model-vs-exact"), ("statistical", "model-vs-exact"), ("numeric", "derived-vs-exact")]
    slot = Evidence(forms=(None, lambda: (n + 1) / 2, None), derived_slot="correction")
    for step in steps[:2]:
        step.run(slot, False)
    assert slot.records == []


def test_a_corrected_grid_and_an_external_check_keep_model_checks_apart(toy):
    """``CorrectedGrid`` records its grid's model points apart, as a Grid does (a model-only grid inside it is no
    comparison of the derived form), and an ``External`` cross-check that reads no form is a model check that the
    correction slot does not run."""
    from ldpref.ledger.evidence import Evidence
    from ldpref.ledger.generic import CorrectedGrid, External

    model_only = _model_only_grid()
    wrapped = CorrectedGrid(model_only, Grid("E[X] (correction)", _points, _mean))
    res = run_claim(toy("model-corrected-grid", None, lambda: (n + 1) / 2, (wrapped,)))
    assert res.verdict == "error" and "missing path" in res.reason, res.reason
    assert _by_name(res)["faces counted: model vs exact"].instances == 5
    external = External("a library's count of faces", lambda: (True, 6, "6 of 6", ["library 1.0"]), "not installed")
    ev = Evidence(forms=(None, lambda: (n + 1) / 2, None))
    external.run(ev, False)
    assert [(r.kind, r.role) for r in ev.records] == [("numeric", "model-vs-exact")]
    slot = Evidence(forms=(None, lambda: (n + 1) / 2, None), derived_slot="correction")
    external.run(slot, False)
    assert slot.records == [] and slot.notes == []


def test_the_correction_that_is_the_derived_form_counts_no_model_point(toy):
    """An erratum without a correction of its own shows the derived form as its correction; the record saying so
    counts the derived form's comparisons only, not the model points beside them."""
    plain = Grid("E[X] of a fair n-sided die", _points, _mean)
    side = _model_only_grid()
    res = run_claim(toy("model-own-corr", lambda: n / 2, lambda: (n + 1) / 2, (PROOF, plain, side)))
    assert res.verdict == "erratum", res.reason
    assert _by_name(res)["correction (the derived form itself) vs exact"].instances == 5


def test_a_wrong_form_beside_model_points_fails(toy):
    bad = run_claim(toy("model-form-bad", None, lambda: n / 2, (_grid(),)))
    assert bad.verdict == "error"
    # a wrong printed form (right derived form) is an erratum: the printed form is judged at the form points only
    grid = Grid("E[X] of a fair n-sided die", _points, _mean)
    side = _model_only_grid()
    wrong = run_claim(toy("model-printed-bad", lambda: n / 2, lambda: (n + 1) / 2, (PROOF, grid, side)))
    assert wrong.verdict == "erratum", wrong.reason
    assert _by_name(wrong)["faces counted: model vs exact"].instances == 5


def test_a_grid_comparing_the_printed_form_refuses_a_model_point(toy):
    res = run_claim(toy("model-printed", lambda: (n + 1) / 2, lambda: (n + 1) / 2, (_grid(),)))
    assert res.verdict == "error" and "model quantity" in res.reason


def test_the_correction_is_judged_at_the_form_points_only(toy):
    grid = Grid("E[X] and faces", _mixed_points, _oracle, printed=True)
    side = Grid("E[X] and faces (derived)", _mixed_points, _oracle, printed=False)
    # the printed form is compared on a grid without model points; the model grid is derived-only
    plain = Grid("E[X] of a fair n-sided die", _points, _mean)
    ok = run_claim(toy("model-corr-ok", lambda: n / 2, lambda: (n + 1) / 2, (PROOF, plain, side),
                       correction=lambda: (n + 1) / 2))
    assert ok.verdict == "erratum", ok.reason
    corr = _by_name(ok)["E[X] of a fair n-sided die: correction vs exact"]
    assert corr.passed and corr.instances == 5
    # a printed-comparing grid with model points: the correction pass leaves the model points out
    insts = grid.instances((n + 1) / 2, None, correction=True)
    assert len(insts) == 5 and all("check" not in i.params for i in insts)
    bad = run_claim(toy("model-corr-bad", lambda: n / 2, lambda: (n + 1) / 2, (PROOF, plain, side),
                        correction=lambda: n))
    assert bad.verdict == "error"  # a wrong correction is an error of ldpref


# ---- a grid built on a declared dependency's form
DEP = "pan-cms/zz-toy-dep-factor"


def _dependent_grid():
    """E[n X] of the die, the factor n read from another claim's printed form (``form_of``) when the points are
    built: the oracle's input (``data``) depends on it."""
    def points(forms):
        factor = forms.form_of(DEP)
        for point in _points():
            yield Point(point.params, facts=point.facts, data=factor.subs(n, point.params["n"]) * _mean(point),
                        size=point.size)

    return Grid("E[X] times the factor another claim prints", points, lambda point: point.data, reads_forms=True)


def _factor_claim(toy):
    return toy("dep-factor", lambda: n, lambda: n, (Grid("n itself", _points, lambda p: R(p.params["n"])),))


def test_an_oracle_reads_a_declared_dependency(toy):
    _factor_claim(toy)
    ok = run_claim(toy("dep-ok", None, lambda: n * (n + 1) / 2, (_dependent_grid(),), depends_on=(DEP,)))
    assert ok.verdict == "reconstructed", ok.reason
    assert ok.records[0].passed and ok.records[0].instances == 5


def test_a_wrong_form_against_a_dependent_oracle_fails(toy):
    _factor_claim(toy)
    bad = run_claim(toy("dep-bad", None, lambda: (n + 1) / 2, (_dependent_grid(),), depends_on=(DEP,)))
    assert bad.verdict == "error"


def test_an_undeclared_read_by_the_oracle_is_an_error(toy):
    _factor_claim(toy)
    res = run_claim(toy("dep-undeclared", None, lambda: n * (n + 1) / 2, (_dependent_grid(),)))
    assert res.verdict == "error" and "depends_on" in res.reason


def test_the_facts_may_be_built_on_the_dependency_too(toy):
    """The forms evaluated at facts read off the dependency (n = the factor's value at the point, i.e. n itself); a
    wrong printed form is an erratum, the correction is judged on the same points."""
    _factor_claim(toy)

    def points(forms):
        for point in _points():
            yield Point(point.params, facts={n: forms.form_of(DEP).subs(n, point.params["n"])}, size=point.size)

    grid = Grid("E[X] at the factor's n", points, _mean, reads_forms=True)
    ok = run_claim(toy("dep-value-ok", lambda: (n + 1) / 2, lambda: (n + 1) / 2, (PROOF, grid), depends_on=(DEP,)))
    assert ok.verdict == "verified", ok.reason
    wrong = run_claim(toy("dep-value-bad", lambda: n / 2, lambda: (n + 1) / 2, (PROOF, grid), depends_on=(DEP,),
                          correction=lambda: (n + 1) / 2))
    assert wrong.verdict == "erratum", wrong.reason
    assert {r.name: r for r in wrong.records}["E[X] at the factor's n: correction vs exact"].instances == 5


def test_points_reading_forms_need_them():
    with pytest.raises(ValueError, match="read forms"):
        _dependent_grid().exact_points()


# ---- a numeric check that reads the claim's form
def test_a_numeric_check_reads_the_form_and_can_fail(toy):
    """``Numeric(..., reads_forms=True)``: the derived form's value at n = 6 inside an interval around the die's mean
    (a stand-in for a certified interval); a wrong form falls outside and the claim is an error."""
    def inside(forms):
        value = forms.derived().subs(n, 6)
        return abs(value - R(7, 2)) < R(1, 100), 1, f"form at n = 6: {value}"

    step = Numeric("the form at n = 6 within 1/100 of the die's mean", inside, reads_forms=True)
    ok = run_claim(toy("numeric-ok", None, lambda: (n + 1) / 2, (step,)))
    assert ok.records[0].passed and ok.records[0].kind == "numeric"
    bad = run_claim(toy("numeric-bad", None, lambda: n / 2, (step,)))
    assert not bad.records[0].passed and bad.verdict == "error"


def test_a_note_may_be_computed_from_the_form(toy):
    """``Note(..., reads_forms=True)``: the text computed from the claim's form read through the evidence, so a
    mutated form changes the note."""
    step = Note(lambda forms: f"the form at n = 6: {forms.derived().subs(n, 6)}", reads_forms=True)
    grid = Grid("E[X] of a fair n-sided die", _points, _mean)
    assert "the form at n = 6: 7/2" in run_claim(toy("note-ok", None, lambda: (n + 1) / 2, (grid, step))).notes
    assert "the form at n = 6: 3" in run_claim(toy("note-bad", None, lambda: n / 2, (grid, step))).notes


def test_the_minimal_edit_pass_judges_the_correction_at_the_form_points_only():
    """The runner's minimal-edit pass puts the correction in the derived slot (``derived_slot="correction"``): the
    model points are left out there, as in the correction pass of a displayed correction."""
    from ldpref.ledger.evidence import Evidence

    slot = Evidence(forms=(None, lambda: (n + 1) / 2, None), derived_slot="correction")
    _grid().run(slot, False)
    (rec,) = slot.records
    assert rec.role == "correction-vs-exact" and rec.passed and rec.instances == 5
    only_model = Grid("faces", lambda: (p for p in _mixed_points() if p.compares_model), _oracle)
    slot = Evidence(forms=(None, lambda: (n + 1) / 2, None), derived_slot="correction")
    only_model.run(slot, False)
    assert slot.records == []  # no form evaluated: nothing said about the correction
    plain = Evidence(forms=(None, lambda: (n + 1) / 2, None))
    only_model.run(plain, False)
    assert plain.records[0].instances == 5 and plain.records[0].role == "model-vs-exact"


def test_a_grid_reading_forms_is_not_shared_between_claims_in_one_run(toy):
    """Within one ledger run, claims sharing a grid and equal compared forms share its instances -- except a grid
    whose points read forms: two claims with the same derived form but different printed forms, on one grid whose
    oracle input is read off the printed form, must each get their own points (shared, the second would be judged on
    the first's oracle and pass)."""
    from ldpref.ledger.generic import one_run

    def points(forms):
        for point in _points():
            yield Point(point.params, facts=point.facts, data=forms.printed().subs(n, point.params["n"]),
                        size=point.size)

    grid = Grid("E[X] as the printed form reads it", points, lambda p: p.data, printed=False, reads_forms=True)
    same = toy("reads-same", lambda: (n + 1) / 2, lambda: (n + 1) / 2, (grid,))
    other = toy("reads-other", lambda: n / 2, lambda: (n + 1) / 2, (grid,))
    with one_run():
        first, second = run_claim(same), run_claim(other)
    assert first.records[0].passed
    assert not second.records[0].passed and second.verdict == "error", second.reason
