"""The generic runner's steps added for the jiang-gcms records (ldpref.ledger.generic): CorrectionGrid (the
displayed correction alone on a grid of its own) and an Identity that reads a declared dependency's form
(``forms.form_of``).  Toy claims whose oracle is an independent brute force (the faces of a die).
"""

from __future__ import annotations

from ldpref.ledger.generic import STEP_TYPES, CorrectionGrid, Grid, Identity, Point
from ldpref.ledger.runner import run_claim
# the die toy (n, its points, the brute-force mean and its grid) is test_generic_steps_conv22b's
from test_generic_steps_conv22b import GRID, _mean, n

ONLY_N1 = Grid("the correction at n = 1", lambda: [Point({"n": 1}, facts={n: 1})], _mean)


def test_correction_grid_is_a_step_with_a_name():
    assert CorrectionGrid in STEP_TYPES
    assert CorrectionGrid(ONLY_N1).name == "correction: the correction at n = 1"


def test_correction_grid_records_the_correction_alone(toy):
    steps = (GRID, CorrectionGrid(ONLY_N1))
    # printed wrong, derived right; the correction n equals the oracle at n = 1, the only point it is judged on there
    ok = run_claim(toy("corr-only-ok", lambda: n / 2, lambda: (n + 1) / 2, steps, correction=lambda: n))
    by_name = {r.name: r for r in ok.records}
    rec = by_name["the correction at n = 1: correction vs exact"]
    assert rec.passed and rec.instances == 1 and rec.role == "correction-vs-exact"
    assert not any(name.startswith("the correction at n = 1: printed") for name in by_name)  # no forms recorded
    bad = run_claim(toy("corr-only-bad", lambda: n / 2, lambda: (n + 1) / 2, steps, correction=lambda: 2 * n))
    assert not {r.name: r for r in bad.records}["the correction at n = 1: correction vs exact"].passed
    assert bad.verdict == "error"  # a wrong correction is an error of ldpref


def test_identity_reads_a_declared_dependency(toy):
    other = toy("dep-source", lambda: (n + 1) / 2, lambda: (n + 1) / 2, (GRID,))
    step = Identity("the other claim's printed form == our derived form", lambda forms: forms.form_of(other.id),
                    lambda forms: forms.derived(), reads_forms=True)
    ok = run_claim(toy("dep-declared", None, lambda: (n + 1) / 2, (step,), depends_on=(other.id,)))
    assert ok.records[0].passed and ok.verdict != "error", ok.reason
    undeclared = run_claim(toy("dep-undeclared", None, lambda: (n + 1) / 2, (step,)))
    assert undeclared.verdict == "error"  # form_of refuses a claim not named in depends_on
