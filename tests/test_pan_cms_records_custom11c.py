"""pan-cms appC.ratio-min, sec4.1.3-wise, sec4.3.b-eps and sec4.6.km as records (issue 22, items 1 and 3).

Each is run by the generic runner and keeps a genuine correction check: the displayed correction evaluated on the
instances of a grid that evaluates the forms, against the exact value.  Records that read no form (a numeric fact
of the model, an identity, a grid of model points) have no "correction vs exact" copy.  A wrong correction handed
through the record is an ``error``.
"""

from __future__ import annotations

import dataclasses

import pytest
import sympy

from ldpref.ledger import find_claim
from ldpref.ledger.runner import run_claim

# claim id -> (name of the grid whose correction is evaluated, its instance count)
CORRECTED = {
    "pan-cms/appC.ratio-min": ("min over f = c/n of Var/((B-A)(f-A)) from the real CMS+RR", 27),
    "pan-cms/sec4.1.3-wise": ("3-wise (printed) and pairwise (derived) independence of the Hadamard family, all "
                              "distinct inputs", 6),
    "pan-cms/sec4.3.b-eps": ("equivalent m of RHR with b = eps bits", 4),
    "pan-cms/sec4.6.km": ("k m = d^2 m > d (printed) and k(m - 1) + 1 >= d, k m > d (derived) on unbiased families", 9),
}


@pytest.mark.parametrize("cid", sorted(CORRECTED))
def test_the_record_is_generic_and_its_correction_is_evaluated(cid):
    claim = find_claim(cid)
    assert claim.check is None and claim.runner == "generic"
    result = run_claim(claim)
    assert result.verdict == "erratum", result.reason
    grid, count = CORRECTED[cid]
    corrections = [r for r in result.records if r.role == "correction-vs-exact"]
    assert [(r.name, r.instances, r.passed) for r in corrections] == [(f"{grid}: correction vs exact", count, True)]


def _wrong(form):
    """The correction with its compared value changed: the right-hand side doubled, or a relation negated."""
    if isinstance(form, sympy.Equality):
        return sympy.Eq(form.lhs, 2 * form.rhs, evaluate=False)
    if isinstance(form, sympy.And):
        return sympy.Not(form)
    raise TypeError(f"no wrong variant for {type(form).__name__}")


@pytest.mark.parametrize("cid", sorted(CORRECTED))
def test_a_wrong_correction_is_an_error(cid):
    claim = find_claim(cid)
    right = claim.correction
    wrong = dataclasses.replace(claim, correction=lambda: _wrong(right()))
    result = run_claim(wrong)
    assert result.verdict == "error", result.reason


def test_family_size_names_its_blocker():
    runner = find_claim("pan-cms/sec3.1.family-size").runner
    assert runner.startswith("custom: ") and "model point" in runner
