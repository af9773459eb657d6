"""Errata test vectors: the paper's printed form against an independent brute force (GitHub issue 9, item 7).

A snapshot of verdict labels would notice a *changed* verdict, never a *wrong* one; these vectors check
the verdicts themselves against values that do not come from ldpref.

Each vector (a :class:`Vector` record in ``VECTORS``; defined in ``vectors_pan_cms.py`` and
``vectors_jiang_strict.py``, vocabulary in ``vectors_common.py``) names a claim, a small instance (usually the
baseline counterexample), the quantity at stake and a brute-force oracle.  The oracle lives in
``tests/bruteforce.py`` (or in a small function here) and uses the standard library only (``fractions``,
``itertools``, ``math``): it never imports ldpref's engine (``ldpref.moments``, ``ldpref.enumeration``,
``ldpref.mechanisms``), the derivations or the checks.  It recomputes the quantity from the mechanism's
definition in the paper by enumerating every hash function of a tiny family, every response of every
client, every hash tuple of the GCMS model, every subset of Algorithm 1, ..., with exact ``Fraction``
probabilities.  That is why it is independent: a wrong derivation, a wrong enumeration engine or a wrong
transcription in ldpref cannot make it agree by construction.

For an ``erratum`` vector the test asserts

1. the claim's displayed printed form (``find_claim(id).printed()``), evaluated at the instance, is NOT
   the brute-force value: the paper really is wrong there (the erratum is not an artefact of ldpref);
2. the claim's displayed derived form (``find_claim(id).derived()``), evaluated at the same instance, IS
   the brute-force value: ldpref's correction is right.

For a ``verified`` vector both forms must equal the brute force (a wrong erratum in the other direction
would fail here); one of them is an instance where an erratum claim's printed form is right (Theorem 3
of jiang-gcms at k = 1, where dropping the same-client covariances costs nothing).  For pan-strict, whose formulas are
lost in our copy (``printed`` is ``None``), the vectors check that the printed form is indeed unavailable and that the
derived form matches the brute force; the pan-strict erratum vector refutes the statement as worded in the text by brute
force.

How a form is compared:

* an ``Eq`` gives its right-hand side, a tuple/list elementwise (``ldpref.ledger.forms.evaluate``); the
  parameters are matched to the form's own symbols by *name* (ldpref's symbols carry assumptions);
* a statement (``Implies``, ``<=``, ``Equivalent``, ...) is evaluated with the brute-force values of the
  random quantities it mentions (a tail probability, a variance, a likelihood ratio, ...); its brute-force
  value is ``True``: a correct statement must hold on the instance, and the printed one does not;
* where a form needs a conversion (counts vs frequencies, an ``argmin`` over a feasible set, the
  expectation of an estimator given as a formula in its statistic, the statement of Algorithm 4's s),
  the vector does it explicitly in ``printed_value`` / ``derived_value``.

Quantities that ldpref's forms name through paper definitions (alpha_1, alpha_2 of Theorem 3, w of
Lemma 1, Var(R|=) of Property 2.3, c_bar of Section 3.1) are substituted with those definitions,
computed here from the brute-forced mechanism where possible.
"""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vectors_pan_cms  # noqa: E402,F401  (registers the pan-cms vectors)
import vectors_jiang_strict  # noqa: E402,F401  (registers the jiang-gcms and pan-strict vectors)
from vectors_common import VECTORS, Vector, same  # noqa: E402

from ldpref.ledger.claim import find_claim  # noqa: E402


# ---- the test ----------------------------------------------------------------------------------------
def _form(claim, which):
    return getattr(claim, which)()  # a form that does not build is a failure, never a skip


@pytest.mark.parametrize("v", VECTORS, ids=[f"{v.id}[{v.kind}]" if v.kind != "erratum" else v.id for v in VECTORS])
def test_vector(v: Vector):
    claim = find_claim(v.id)
    params = v.params()
    exact = v.exact()
    exact_derived = v.exact_derived() if v.exact_derived is not None else exact

    if v.kind in ("strict", "strict-erratum"):
        assert claim.printed is None or claim.printed() is None, "pan-strict printed forms are lost in our copy"
        if v.kind == "strict-erratum":
            assert exact is False, f"{v.id}: the brute force does not refute the worded statement"
    else:
        printed = _form(claim, "printed")
        pv = v.printed_value(printed, params)
        if v.kind == "erratum":
            assert not same(pv, exact), (f"{v.id}: printed form AGREES with the brute force ({pv} == {exact}) "
                                         f"[{v.quantity}]")
        else:
            assert same(pv, exact), f"{v.id}: printed form {pv} != brute force {exact} [{v.quantity}]"

    derived = _form(claim, "derived")
    dv = v.derived_value(derived, params)
    assert same(dv, exact_derived), f"{v.id}: derived form {dv} != brute force {exact_derived} [{v.quantity}]"


def test_vector_coverage():
    """At least 30 erratum vectors, covering the three papers."""
    errata = [v for v in VECTORS if v.kind in ("erratum", "strict-erratum")]
    assert len(errata) >= 30
    assert {v.id.split("/")[0] for v in errata} == {"pan-cms", "jiang-gcms", "pan-strict"}
