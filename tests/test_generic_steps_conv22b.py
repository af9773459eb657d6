"""The steps added for the pan-cms tables / optimized / Section 6 records (ldpref.ledger.generic, conv22b block):
Probed, Numeric, Statistical, Note, CorrectedGrid and RoleGrid.  Each is run on a toy claim whose oracle is an
independent brute force (the faces of a die), so a wrong form, a wrong oracle or a failing model check each moves
the verdict.
"""

from __future__ import annotations


import sympy

from ldpref.ledger.forms import evaluate
from ldpref.ledger.generic import (STEP_TYPES, CorrectedGrid, Grid, Note, Numeric, Point, Probed, RoleGrid,
                                   Statistical)
from ldpref.ledger.runner import run_claim

n = sympy.Symbol("n", positive=True, integer=True)
m = sympy.Symbol("m", positive=True)
R = sympy.Rational


def _points():
    for k in range(1, 6):
        yield Point({"n": k}, facts={n: k}, size=(k,))


def _mean(point):
    faces = range(1, point.params["n"] + 1)
    return R(sum(faces), len(faces))


GRID = Grid("E[X] of a fair n-sided die", _points, _mean)


def test_the_new_steps_are_step_types():
    for step in (Probed, Numeric, Statistical, Note, CorrectedGrid, RoleGrid):
        assert step in STEP_TYPES


def test_probed_compares_whole_forms_when_they_agree_at_the_probe(toy):
    probe = Probed("printed vs derived", {"n": 3}, lambda form, at: evaluate(form, at))
    ok = run_claim(toy("probe-ok", lambda: (n + 1) / 2, lambda: n / 2 + R(1, 2), (probe, GRID)))
    assert ok.verdict == "verified", ok.reason
    assert ok.records[0].name == "printed vs derived" and ok.records[0].passed


def test_probed_records_the_difference_at_the_probe(toy):
    probe = Probed("printed vs derived", {"n": 3}, lambda form, at: evaluate(form, at))
    bad = run_claim(toy("probe-bad", lambda: n / 2, lambda: (n + 1) / 2, (probe, GRID)))
    assert bad.records[0].name == "printed vs derived (at n = 3, where they differ)"
    assert not bad.records[0].passed and bad.verdict != "verified"


def test_numeric_statistical_and_note_read_no_form(toy):
    steps = (GRID, Numeric("a certified bound", lambda: (True, 2, "both inside")),
             Statistical("a seeded simulation", lambda: (False, 3, "z too large")), Note(lambda: "computed note"))
    result = run_claim(toy("numeric", lambda: (n + 1) / 2, lambda: (n + 1) / 2, steps))
    kinds = {r.name: (r.kind, r.passed, r.instances) for r in result.records}
    assert kinds["a certified bound"] == ("numeric", True, 2)
    assert kinds["a seeded simulation"] == ("statistical", False, 3)
    assert "computed note" in result.notes
    assert result.verdict != "verified"  # a failing statistical check moves the verdict


def test_corrected_grid_checks_the_correction_on_its_own_grid(toy):
    only_n1 = Grid("the correction at n = 1", lambda: [Point({"n": 1}, facts={n: 1})], _mean)
    steps = (CorrectedGrid(GRID, only_n1),)
    # printed wrong, derived right; the correction (n + 1)/2 equals the oracle at n = 1 only where it is checked
    ok = run_claim(toy("corr-ok", lambda: n / 2, lambda: (n + 1) / 2, steps, correction=lambda: n))
    names = [r.name for r in ok.records]
    assert "the correction at n = 1: correction vs exact" in names
    rec = next(r for r in ok.records if r.name == "the correction at n = 1: correction vs exact")
    assert rec.passed and rec.instances == 1
    bad = run_claim(toy("corr-bad", lambda: n / 2, lambda: (n + 1) / 2, steps, correction=lambda: 2 * n))
    rec = next(r for r in bad.records if r.name == "the correction at n = 1: correction vs exact")
    assert not rec.passed


def test_role_grid_reads_each_form_at_its_own_facts(toy):
    # the statement "m <= n" read on the exact faces count (printed) and on the model's (derived)
    def points():
        for k in range(1, 4):
            yield Point({"n": k}, facts={"printed": {m: k, n: k}, "derived": {m: k + 1, n: k}}, data=True)

    grid = RoleGrid("m <= n on each reading", points, lambda p: p.data,
                    value=lambda form, p, role: bool(evaluate(form, p.facts[role])))
    result = run_claim(toy("roles", lambda: sympy.Le(m, n), lambda: sympy.Le(m, n), (grid,), kind="statement"))
    by_name = {r.name: r.passed for r in result.records}
    assert by_name["m <= n on each reading: printed vs exact"]
    assert not by_name["m <= n on each reading: derived vs exact"]  # the derived reading has m = n + 1


def test_every_step_has_a_name_for_the_claims_listing():
    grid = Grid("g", _points, _mean)
    for step in (Probed("p", {}, None), Numeric("n", None), Statistical("s", None), Note("text"), Note(lambda: "x"),
                 CorrectedGrid(grid, grid), RoleGrid("r", _points, _mean)):
        assert isinstance(step.name, str) and step.name
