"""The experiment claims of pan-cms Section 6 and pan-strict Section 6: verdicts, wrong predicates, simulation.

The unmodified claims' verdicts come from ``claim_result`` (the session's one ledger run when the suite runs
it, else that claim run alone), so the suite no longer runs these claims twice (issue 9); every modified claim
is run directly here.  A wrong printed predicate (the paper's
assertion negated) must stop a claim being verified; a wrong derived predicate must give ``error``; the
simulation's z statistics must flag a wrong variance and a biased estimate; one exact per-client variance is
recomputed by an independent Fraction brute force.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

from ldpref.stats import error_z_statistics
from ldpref.ledger.claim import find_claim
from ldpref.ledger.runner import run_claim
from conftest import claim_result  # noqa: E402  (the session's one ledger run)


def _run(claim_id, printed_negated=False, derived_negated=False):
    c = find_claim(claim_id)
    if printed_negated:
        c = dataclasses.replace(c, printed=lambda p=c.printed: p().negation())
    if derived_negated:
        c = dataclasses.replace(c, derived=lambda d=c.derived: d().negation())
    return run_claim(c)


@pytest.mark.parametrize("claim_id, verdict", [
    ("pan-cms/sec6.2.ocms-lowest", "verified"),
    ("pan-cms/sec6.2.eq16", "verified"),
    ("pan-cms/sec6.1.rhr-worst", "conditional"),
    ("pan-cms/sec6.3.rhr-worst-mse", "reconstructed"),
    ("pan-strict/sec6.1.align", "reconstructed"),
    ("pan-cms/sec6.l1-upper", "verified"),
])
def test_verdicts(claim_id, verdict):
    r = claim_result(claim_id)
    assert r.verdict == verdict, r.reason
    simulated = [rec for rec in r.records if rec.kind == "statistical"]
    assert simulated and all(rec.passed for rec in simulated)


def test_conditional_counterexample_is_eps_1():
    r = claim_result("pan-cms/sec6.1.rhr-worst")
    assert r.counterexample["params"]["eps"] == "1"


@pytest.mark.parametrize("claim_id", ["pan-cms/sec6.2.ocms-lowest", "pan-cms/sec6.1.he-cms-he-identical"])
def test_negated_printed_predicate_is_an_erratum(claim_id):
    assert _run(claim_id, printed_negated=True).verdict == "erratum"


@pytest.mark.parametrize("claim_id", ["pan-cms/sec6.2.rhr-between", "pan-strict/sec6.1.align"])
def test_negated_derived_predicate_is_an_error(claim_id):
    assert _run(claim_id, derived_negated=True).verdict == "error"


def test_wrong_tolerance_flips_identical():
    """HE and CMS+HE differ by about 0.1-0.2%: a 0.01% reading of 'identical' is false."""
    from derivations.pan_cms import experiments as X
    import sympy

    v = X.derived_balls("gaussian", 3, 0, False)
    assert X.identical(v) and not X.identical(v, tol=sympy.Rational(1, 10_000))


def test_rhr_at_one_bit_is_he_by_proof_not_by_rounding():
    """At b = eps = 1 every value has one residue, and RHR's per-value variances are HE's, proved by exact
    cancellation: the two get the very same balls, so 'RHR > HE' is decided false (a tie), not refused; at eps = 2
    they are different balls and the order is decided by enclosures."""
    from derivations.pan_cms import experiments as X
    from proofs_checks.pan_cms import sec6_exact as XE

    for values in (X.derived_balls("zipf", 1, 1, True), XE.exact_balls("zipf", 1, 1, True)):
        assert all(values[("RHR", mt)] is values[("HE", mt)] for mt in X.METRICS)
        assert not X.rhr_worst(values)
    for values in (X.derived_balls("zipf", 2, 1, True), XE.exact_balls("zipf", 2, 1, True)):
        assert all(values[("RHR", mt)] is not values[("HE", mt)] for mt in X.METRICS)
        assert X.rhr_worst(values)


def test_same_variances_needs_a_proof_or_a_zero_weight():
    from derivations.pan_cms import experiments as X

    he, rhr1, rhr2 = X.coefficient_forms("HE", 1), X.coefficient_forms("RHR", 1), X.coefficient_forms("RHR", 2)
    n, one = X.summary("gaussian", 1, False)  # b = 1: one residue class, s = n - c, w_diff has weight 0
    _, several = X.summary("gaussian", 2, False)  # b = 2: s < n - c
    assert X._same_variances(he, rhr1, n, one)  # w_eq and w_same are HE's, proved by cancellation
    assert not X._same_variances(he, rhr1, n, several)  # w_diff != HE's w_neq, and now it counts
    assert not X._same_variances(he, rhr2, n, several)
    assert not X._same_variances(he, X.coefficient_forms("CMS+HE", 1), n, one)  # within 1%, not equal


def test_simulation_detects_wrong_variance_and_bias():
    """False-alarm rate of the unperturbed check: two-sided 1.1e-5 per statistic (|z| < 4.4)."""
    from proofs_checks.pan_cms import sec6_exact as XE

    err, var = XE.simulated_errors("gaussian", 2, 0, False, "HE")
    z1, z2 = error_z_statistics(err, var)
    assert abs(z1) < XE.Z_MAX and abs(z2) < XE.Z_MAX
    assert abs(error_z_statistics(err, 1.1 * var)[0]) >= XE.Z_MAX  # variance 10% off
    biased = err + 0.5 * np.sqrt(var.mean())  # every client of a value reported slightly too often
    assert abs(error_z_statistics(biased, var)[1]) >= XE.Z_MAX


def test_he_per_client_variance_by_fraction_brute_force():
    """HE at d = 3 (Hadamard size 4), e^eps = 3: a client holding x' adds Var of H_hat * H[j][x+1] to x's estimate,
    H_hat = +-(e+1)/(e-1) for z = +-1 (binary RR keeps the +-1 entry w.p. e/(e+1)), j uniform over 4 columns."""
    from proofs_checks.pan_cms import sec6_exact as XE
    from ldpref.exact import EXP_EPS

    e = Fraction(3)
    H = [[1, 1, 1, 1], [1, -1, 1, -1], [1, 1, -1, -1], [1, -1, -1, 1]]
    keep, scale = e / (e + 1), (e + 1) / (e - 1)

    def w(x, xp):
        m1 = m2 = Fraction(0)
        for j in range(4):
            for z, pr in ((H[xp + 1][j], keep), (-H[xp + 1][j], 1 - keep)):
                val = scale * z * H[x + 1][j]
                m1 += Fraction(1, 4) * pr * val
                m2 += Fraction(1, 4) * pr * val * val
        return m2 - m1 * m1

    eq, other = XE.he_w()
    assert eq.subs(EXP_EPS, 3) == w(0, 0) and other.subs(EXP_EPS, 3) == w(0, 1) == w(0, 2)
