"""The generic runner (issue 22, item 1): a claim record with steps and no check function.

The toy claims below are registered under a throw-away id and removed again; their oracle is an independent
brute force (counting outcomes of a die), so a wrong printed form, a wrong derived form or a wrong oracle each
moves the verdict.
"""

from __future__ import annotations

import itertools

import pytest
import sympy

from ldpref.ledger.claim import find_claim, record
from ldpref.ledger.generic import Exact, Grid, Identity, Point, Symbolic
from ldpref.ledger.runner import run_claim

n = sympy.Symbol("n", positive=True, integer=True)
R = sympy.Rational


def _mean_of_die(point):
    """E[X] of a fair n-sided die by listing its faces (the oracle)."""
    faces = range(1, point.params["n"] + 1)
    return R(sum(faces), len(faces))


def _points():
    for k in range(1, 7):
        yield Point({"n": k}, facts={n: k}, size=(k,))


GRID = Grid("E[X] of a fair die by listing its faces", _points, _mean_of_die)


def test_a_correct_record_is_verified_by_the_generic_runner(toy):
    c = toy("ok", lambda: (n + 1) / 2, lambda: (n + 1) / 2, (Symbolic("printed vs derived"), GRID))
    assert c.check is None and c.runner == "generic" and c.module == __name__
    result = run_claim(c)
    assert result.verdict == "verified", result.reason
    names = [r.name for r in result.records]
    assert names == ["printed vs derived", "E[X] of a fair die by listing its faces: derived vs exact",
                     "E[X] of a fair die by listing its faces: printed vs exact"]
    assert result.records[1].instances == 6


def test_a_wrong_printed_form_is_an_erratum_with_the_smallest_counterexample(toy):
    c = toy("printed", lambda: n / 2, lambda: (n + 1) / 2, (Symbolic("printed vs derived"), GRID))
    result = run_claim(c)
    assert result.verdict == "erratum"
    assert result.counterexample["params"] == {"n": "1"}


def test_a_wrong_derived_form_or_oracle_is_an_error(toy):
    wrong = toy("derived", lambda: (n + 1) / 2, lambda: n / 2, (GRID,))
    assert run_claim(wrong).verdict == "error"
    bad_oracle = Grid("a wrong oracle", _points, lambda p: R(p.params["n"], 2))
    assert run_claim(toy("oracle", None, lambda: (n + 1) / 2, (bad_oracle,))).verdict == "error"


def test_the_self_check_mutations_reach_a_record(toy):
    from ldpref.ledger.selfcheck import _mutated_claim
    c = toy("mutate", lambda: (n + 1) / 2, lambda: (n + 1) / 2, (Symbolic("printed vs derived"), GRID))
    for mutation, not_expected in (("printed-perturbed", "verified"), ("derived-perturbed", "verified")):
        assert run_claim(_mutated_claim(c, mutation)).verdict != not_expected


def test_exact_paths_per_point_and_identity_steps(toy):
    def oracle(point):
        return Exact(_mean_of_die(point), "moment-formula" if point.params["n"] > 3 else "enumeration")

    steps = (Identity("1 + 1 == 2", lambda: sympy.Integer(1) + 1, lambda: sympy.Integer(2)),
             Grid("paths", _points, oracle))
    result = run_claim(toy("paths", None, lambda: (n + 1) / 2, steps))
    assert result.verdict in ("reconstructed", "verified"), result.reason
    assert result.records[1].paths == {"enumeration": 3, "moment-formula": 3}
    failing = (Identity("1 + 1 == 3", lambda: sympy.Integer(1) + 1, lambda: sympy.Integer(3)),)
    assert run_claim(toy("identity", None, lambda: (n + 1) / 2, failing)).verdict == "error"


def test_claims_sharing_a_grid_and_forms_share_its_instances():
    calls = []

    def counting_oracle(point):
        calls.append(point.params["n"])
        return _mean_of_die(point)

    from ldpref.ledger.generic import one_run
    grid = Grid("shared", _points, counting_oracle)
    with one_run():
        first = grid.instances((n + 1) / 2, (n + 1) / 2)
        assert grid.instances((n + 1) / 2, (n + 1) / 2) is first and len(calls) == 6
        other = grid.instances(n / 2, (n + 1) / 2)  # another (mutated) form is another key: evaluated afresh ...
        assert other is not first and [i.derived for i in other] != [i.derived for i in first]
        assert len(calls) == 6  # ... against the oracle's answers of this run (asked once per point)
    grid.instances((n + 1) / 2, (n + 1) / 2)  # outside a run nothing is reused: a changed oracle is seen
    assert len(calls) == 12
    with one_run():  # a new run asks the oracle again
        grid.instances((n + 1) / 2, (n + 1) / 2)
    assert len(calls) == 18


def test_records_are_validated():
    with pytest.raises(ValueError, match="steps"):
        record(id="pan-cms/zz-toy-empty", location="", statement="", derived=lambda: n, derivation="x", steps=())
    with pytest.raises(ValueError, match="path"):
        Grid("a guess is not an exact path", _points, _mean_of_die, path="guess")


def test_every_claim_names_its_runner():
    from ldpref.ledger.claim import load_claims
    claims = load_claims()
    assert all(c.runner == "generic" or c.runner.startswith("custom: ") for c in claims)
    generic = [c for c in claims if c.runner == "generic"]
    assert {"pan-cms/thm3.2", "pan-cms/eq3"} <= {c.id for c in generic}
    assert all(c.check is None and c.steps for c in generic)
    assert find_claim("pan-cms/thm3.2").runner == "generic"


def test_the_toy_oracle_is_independent_of_the_formula():
    # the brute force lists faces; the closed form is (n + 1)/2: they agree, by listing pairs as a second path
    for k in range(1, 7):
        pairs = list(itertools.product(range(1, k + 1), repeat=2))
        assert R(sum(a for a, _ in pairs), len(pairs)) == _mean_of_die(Point({"n": k}))


def test_a_records_own_correction_is_evaluated_on_its_grids(toy):
    steps = (Symbolic("printed vs derived"), GRID)
    right = toy("corr-ok", lambda: n / 2, lambda: (n + 1) / 2, steps, correction=lambda: n / 2 + sympy.Rational(1, 2),
                root_cause="x")
    result = run_claim(right)
    corrections = [r for r in result.records if r.role == "correction-vs-exact"]
    assert result.verdict == "erratum" and len(corrections) == 1 and corrections[0].instances == 6
    wrong = toy("corr-bad", lambda: n / 2, lambda: (n + 1) / 2, steps, correction=lambda: n / 2 + 1, root_cause="x")
    assert run_claim(wrong).verdict == "error"


#: the number of claims decided by the generic runner may only grow (issue 22's bar is 60%; 477 of 480 at the eleventh
#: session's end: the three left custom say why)
GENERIC_AT_LEAST = 477


def test_the_generic_share_does_not_shrink():
    from ldpref.ledger.claim import load_claims
    claims = load_claims()
    generic = sum(c.check is None for c in claims)
    assert generic >= GENERIC_AT_LEAST, f"{generic} of {len(claims)} claims are records (at least {GENERIC_AT_LEAST})"


def test_a_custom_claim_says_why():
    from ldpref.ledger.claim import load_claims
    for c in load_claims():
        if c.check is not None:
            assert c.runner.startswith("custom: ") and len(c.runner) > len("custom: ") + 10, c.id
