"""pan-cms basics_estimator.FormsNumeric (a numeric step that reads the claim's derived form through the evidence,
used by the records of pan-cms/eq2, eq8 and sec3.1.pairwise-def): it can fail, and it decides a displayed
correction as well.

The toy claims are throw-away records (the ``toy`` fixture); the step's decision is an independent brute force:
the sum 1 + ... + k added up term by term.
"""

from __future__ import annotations

import sympy

from ldpref.ledger.generic import Grid, Point, Symbolic
from ldpref.ledger.runner import run_claim
from proofs_checks.pan_cms.basics_common import cms_points, family, inner_cases
from proofs_checks.pan_cms.basics_estimator import FormsNumeric

k = sympy.Symbol("k", positive=True, integer=True)
R = sympy.Rational


def _sums_match(form):
    """The form at k = 1..6 against 1 + ... + k added term by term."""
    ok = [form.subs(k, kk) == sum(range(1, kk + 1)) for kk in range(1, 7)]
    return all(ok), len(ok), f"{sum(ok)} of {len(ok)}"


def _points():
    for kk in range(1, 5):
        yield Point({"k": kk}, facts={k: kk}, size=(kk,))


GRID = Grid("1 + ... + k by adding", _points, lambda point: R(sum(range(1, point.params["k"] + 1))))
STEP = FormsNumeric("the derived sum at k = 1..6 (brute force)", _sums_match)


def test_a_right_derived_form_passes_and_a_wrong_one_is_an_error(toy):
    steps = (Symbolic("p vs d"), GRID, STEP)
    right = run_claim(toy("fn-right", lambda: k * (k + 1) / 2, lambda: k * (k + 1) / 2, steps))
    assert right.verdict == "verified", right.reason
    assert [(r.kind, r.instances, r.passed) for r in right.records][-1] == ("numeric", 6, True)
    off = k * (k + 1) / 2 + (k - 1) * (k - 2) * (k - 3) * (k - 4)  # right on the grid (k <= 4), wrong at 5, 6
    wrong = run_claim(toy("fn-wrong", lambda: off, lambda: off, steps))
    assert wrong.verdict == "error"  # only the numeric step sees it


def test_a_displayed_correction_is_decided_too(toy):
    kw = dict(root_cause="eq7.square-outside")
    good = run_claim(toy("fn-corr", lambda: k * k / 2, lambda: k * (k + 1) / 2, (Symbolic("p vs d"), GRID, STEP),
                         correction=lambda: (k * k + k) / 2, **kw))
    assert good.verdict == "erratum", good.reason
    numeric = [r for r in good.records if r.kind == "numeric"]
    assert [r.role for r in numeric] == ["derived-vs-exact", "correction-vs-exact"]
    assert all(r.passed and r.instances == 6 for r in numeric)
    bad = run_claim(toy("fn-corr-bad", lambda: k * k / 2, lambda: k * (k + 1) / 2, (Symbolic("p vs d"), GRID, STEP),
                        correction=lambda: (k * k + k) / 2 + (k - 1) * (k - 2) * (k - 3) * (k - 4), **kw))
    assert bad.verdict == "error"  # the correction is right on the grid; only the numeric step sees k = 5, 6


def test_cms_points_cover_every_dataset_and_value():
    datasets_of = lambda dd: [tuple(int(i == v) for i in range(dd)) for v in range(dd)]  # noqa: E731
    cases = inner_cases(["gf2(l=1,d=2)", "hadamard(d=3)"], 2)
    points = list(cms_points(cases, datasets_of, lambda *args: args))
    assert len(cases) == 4 and len(points) == 2 * 2 * 2 + 2 * 3 * 3
    first = points[0]
    assert first.params == {"family": "gf2(l=1,d=2)", "R": "rr", "exp_eps": 3, "counts": (1, 0), "x": 0}
    assert first.data == ("gf2(l=1,d=2)", "rr", 3, (1, 0), 0)
    assert first.size == (*(family("gf2(l=1,d=2)").d, family("gf2(l=1,d=2)").m, family("gf2(l=1,d=2)").k), 1, 3, 0)
