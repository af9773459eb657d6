"""The generic External step (issue 22, item 1): a numeric cross-check against an optional library.

With the library absent only a note is recorded (no check, so the verdict claims no path it did not run); present,
one numeric record and the notes on what it reported; a failing cross-check moves the verdict.
"""

from __future__ import annotations

import sympy

from ldpref.ledger.generic import External, Grid, Point, Symbolic
from ldpref.ledger.runner import run_claim

n = sympy.Symbol("n", positive=True, integer=True)
R = sympy.Rational
GRID = Grid("E[X] of a fair die by listing its faces",
            lambda: (Point({"n": k}, facts={n: k}, size=(k,)) for k in range(1, 5)),
            lambda p: R(sum(range(1, p.params["n"] + 1)), p.params["n"]))


def _steps(decide):
    return (Symbolic("printed vs derived"), GRID, External("a library's own value agrees", decide, "library absent"))


def test_absent_library_records_only_a_note(toy):
    result = run_claim(toy("ext-absent", lambda: (n + 1) / 2, lambda: (n + 1) / 2, _steps(lambda: None)))
    assert result.verdict == "verified"
    assert "library absent" in result.notes
    assert not any(r.kind == "numeric" for r in result.records)


def test_present_library_records_a_numeric_check_and_its_notes(toy):
    ok = run_claim(toy("ext-ok", lambda: (n + 1) / 2, lambda: (n + 1) / 2,
                       _steps(lambda: (True, 3, "3 points", ["it reported X"]))))
    assert ok.verdict == "verified" and "it reported X" in ok.notes
    numeric = [r for r in ok.records if r.kind == "numeric"]
    assert len(numeric) == 1 and numeric[0].instances == 3 and numeric[0].passed
    bad = run_claim(toy("ext-bad", lambda: (n + 1) / 2, lambda: (n + 1) / 2,
                        _steps(lambda: (False, 3, "1 disagreement", []))))
    assert bad.verdict == "error"


def test_a_symbolic_step_may_put_in_a_declared_dependency(toy):
    m = sympy.Symbol("m", positive=True)  # the printed form's name for the dependency's quantity n
    toy("sym-dep", lambda: n, lambda: n, (Symbolic("dep"),))
    part = lambda form, forms: form.subs(m, forms.form_of("pan-cms/zz-toy-sym-dep"))  # noqa: E731
    grid = Grid(GRID.name, lambda: (Point({"n": k}, facts={n: k, m: k}, size=(k,)) for k in range(1, 5)), GRID.oracle)
    steps = (Symbolic("(m + 1)/2 with the dependency's n put in", part=part, reads_forms=True), grid)
    declared = toy("sym-uses", lambda: (m + 1) / 2, lambda: (n + 1) / 2, steps, depends_on=("pan-cms/zz-toy-sym-dep",))
    result = run_claim(declared)
    assert result.verdict == "verified", result.reason
    undeclared = toy("sym-undeclared", lambda: (m + 1) / 2, lambda: (n + 1) / 2, steps)
    assert run_claim(undeclared).verdict == "error"
    wrong = toy("sym-wrong", lambda: m / 2, lambda: (n + 1) / 2, steps, depends_on=("pan-cms/zz-toy-sym-dep",))
    assert run_claim(wrong).verdict == "erratum"


def test_an_external_step_may_read_the_forms(toy):
    ext = External("the library agrees with the derived value at n = 3", lambda forms: (
        forms.derived().subs(n, 3) == 2, 1, "one point", []), "library absent", reads_forms=True)
    ok = run_claim(toy("ext-forms", lambda: (n + 1) / 2, lambda: (n + 1) / 2, (Symbolic("p vs d"), GRID, ext)))
    assert ok.verdict == "verified", ok.reason
    assert run_claim(toy("ext-forms-bad", None, lambda: n / 2, (ext,))).verdict == "error"
