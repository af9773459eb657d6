"""jiang-gcms Section VII-C/D experiment claims: their verdicts, and that a wrong statement flips each one.

Each claim is run once (``claim_result``, shared with the session's ledger run when the suite runs it); the
flips re-run a claim with its printed form replaced by a plausible wrong reading of the paper.
"""

from __future__ import annotations

import csv
import dataclasses
import math
import os
from fractions import Fraction

import numpy as np
import pytest
import sympy

import derivations.jiang_gcms.sec7_model as D7
import proofs_checks.jiang_gcms  # noqa: F401  (registers the claims)
from ldpref.bundled_data import data_file
from ldpref.exact import round_half_up
from ldpref.exact_rounding import ceil_multiples
from ldpref.ledger.claim import find_claim
from ldpref.ledger.forms import Predicate
from ldpref.ledger.runner import run_claim
from proofs_checks.jiang_gcms import sec7_adult
from proofs_checks.jiang_gcms.adult_education import ADULT_COLUMNS, ADULT_EDUCATION

from conftest import claim_result  # noqa: E402  (the session's one ledger run)

EXPECTED = {
    "jiang-gcms/sec7.C.fig7": "verified",
    "jiang-gcms/sec7.C.small-p-large-eps": "verified",
    "jiang-gcms/sec7.D.targets": "erratum",
    "jiang-gcms/sec7.D.better": "verified",
    "jiang-gcms/sec7.D.apple-target": "erratum",
    "jiang-gcms/sec7.D.apple-p": "verified",
    "jiang-gcms/sec7.A.crossover": "reconstructed",
    "jiang-gcms/sec7.B.fig6-significant": "conditional",
}
ROOT_CAUSE = {"jiang-gcms/sec7.B.fig6-significant": "sec7.B.significant"}


@pytest.mark.parametrize("claim_id", sorted(EXPECTED))
def test_verdict(claim_id):
    r = claim_result(claim_id)
    assert r.verdict == EXPECTED[claim_id], r.reason
    if r.verdict in ("erratum", "conditional"):
        assert find_claim(claim_id).root_cause == ROOT_CAUSE.get(claim_id, "appB.same-client")


def _with_printed(claim_id, predicate):
    c = find_claim(claim_id)
    return run_claim(dataclasses.replace(c, printed=lambda: predicate))


def test_fig7_halving_reading_is_refuted():
    """'Significantly' read as 'at most half of Apple's bits' fails at eps = 3, p = 0.6 (ratio 0.975 near m = 10^4)."""
    half = Predicate("halves", lambda **kw: all(2 * g <= a for g, a in D7.fig7_bits_table(kw["p"], kw["eps"],
                                                                                          kw["m_max"])))
    assert _with_printed("jiang-gcms/sec7.C.fig7", half).verdict == "erratum"


def test_fig7_reversed_order_is_refuted():
    reversed_ = Predicate("larger p, smaller eps reduce", lambda **kw: not D7.fig7_order_holds(**kw))
    assert _with_printed("jiang-gcms/sec7.C.small-p-large-eps", reversed_).verdict == "erratum"


def test_targets_hold_at_1500_and_fail_at_n_over_3():
    r = claim_result("jiang-gcms/sec7.D.targets")
    (rec,) = [x for x in r.records if x.role == "printed-vs-exact"]
    assert [f.params["value"] for f in rec.failures] == ["HS-grad"]
    table = sec7_adult._exact_table()
    hs = [v for v, (name, _) in enumerate(ADULT_EDUCATION) if name == "HS-grad"][0]
    assert table["p = 0.87"][hs] < table["p = 0.74"][hs] < table["p = 0.57"][hs]


def test_targets_printed_as_derived_is_verified():
    c = find_claim("jiang-gcms/sec7.D.targets")
    assert run_claim(dataclasses.replace(c, printed=c.derived)).verdict == "verified"


def test_better_every_value_reading_is_refuted():
    """'Better at every value' (no 'almost') fails at HS-grad."""
    def every(**kw):
        t = D7.fig8_variances_derived(kw["runs"], kw["counts"], kw["m"], kw["k"])
        return all(min(t["p = 0.74"][v], t["p = 0.57"][v]) < t["p = 0.87"][v] for v in range(len(kw["counts"])))
    assert _with_printed("jiang-gcms/sec7.D.better", Predicate("every value", every)).verdict == "erratum"


def test_biased_simulation_is_detected(monkeypatch):
    """A sampler whose estimates are 3% too spread out is caught by the variance z-test (verdict error)."""
    honest = sec7_adult._simulate

    def biased(run, v, rng):
        x = honest(run, v, rng)
        return x.mean() + 1.03 * (x - x.mean())
    monkeypatch.setattr(sec7_adult, "_simulate", biased)
    assert run_claim(find_claim("jiang-gcms/sec7.D.better")).verdict == "error"


def test_apple_target_printed_as_derived_is_verified():
    c = find_claim("jiang-gcms/sec7.D.apple-target")
    assert run_claim(dataclasses.replace(c, printed=c.derived)).verdict == "verified"
    lam_star = sympy.N(sec7_adult._exact_target_lambda(), 15)
    assert abs(lam_star - sympy.Float("0.513601520291583", 15)) < 1e-12


def test_apple_p_at_the_other_eps_is_refuted():
    """At eps = 3.64 (the p = 0.74 run's eps) Apple's p is 0.8606: 0.86, not 0.87."""
    def at_364(**kw):
        t = sympy.exp(sympy.Rational(91, 50))
        return bool(round_half_up(t / (t + 1), 2) == sympy.Rational(kw["Fig. 8's p"]))
    assert _with_printed("jiang-gcms/sec7.D.apple-p", Predicate("eps 3.64", at_364)).verdict == "erratum"


def test_crossover_thresholds_and_a_wrong_derivation_is_an_error():
    """Under the reconstruction GCMS wins up to eps = 8 (f = 1000) and 4 (f = 10,000); a derived predicate that
    says 'GCMS always better' disagrees with the exact moments: the claim becomes an error, never verified."""
    from proofs_checks.jiang_gcms import sec7a_fig4

    rows = sec7a_fig4._exact_rows()
    assert sec7a_fig4._thresholds([(r[0], r[1]) for r in rows]) == {1000: 8, 10_000: 4}
    c = find_claim("jiang-gcms/sec7.A.crossover")
    always = Predicate("always", lambda **kw: True)
    assert run_claim(dataclasses.replace(c, derived=lambda: always)).verdict == "error"


def test_apple_split_is_the_exact_optimum_at_half():
    """Why Fig. 6's gain vanishes near n/2: lambda*(t/(t + 1)) = 1/2 at e^eps = t^2, for every t."""
    t = sympy.Symbol("t", positive=True)
    lam_star = D7.target_lambda_derived().xreplace({D7.p: t / (t + 1), D7.e: t**2})
    assert sympy.cancel(lam_star - sympy.Rational(1, 2)) == 0


def test_fig6_gain_is_under_one_percent_at_half_and_holds_inside_the_condition():
    from proofs_checks.jiang_gcms import sec7b_fig6

    assert 0.99 < float(sec7b_fig6._exact_ratio(5 * 10**5)) < 1
    c = find_claim("jiang-gcms/sec7.B.fig6-significant")
    # the statement asserted only inside the condition (f(d) <= n/5): verified, not conditional
    inside = Predicate("inside", lambda **kw: kw["f(d)"] <= sec7b_fig6.CONDITION_MAX_F)
    assert run_claim(dataclasses.replace(c, printed=lambda: inside)).verdict == "verified"


def test_ceil_multiples_against_fractions():
    for c in (Fraction(1, 3), Fraction(22, 7), Fraction(5, 1)):
        assert ceil_multiples(sympy.Rational(c.numerator, c.denominator), range(0, 40)) == \
            [-((-m * c.numerator) // c.denominator) for m in range(0, 40)]
    c = 1 / (1 + (1 / sympy.Rational(3, 5) - 1) * sympy.exp(3))
    assert ceil_multiples(c, range(2, 200)) == [math.ceil(m * float(c)) for m in range(2, 200)]


def test_simulated_marginal_matches_exact_variance():
    x = sec7_adult._simulate("p = 0.57", 9, np.random.default_rng(7))  # Assoc-acdm
    sigma2 = float(sec7_adult._exact_table()["p = 0.57"][9])
    assert abs(x.var(ddof=1) / sigma2 - 1) < 4.5 * math.sqrt(2 / (x.size - 1))  # false alarm 7e-6


def test_adult_counts_recounted_from_the_files():
    counts, columns = {}, set()
    for name in ("adult.data.csv", "adult.test.csv"):
        with open(data_file(f"adult/{name}"), newline="", encoding="utf-8") as fh:
            reader = csv.reader(fh)
            header = [h.strip() for h in next(reader)]
            columns.add(len(header))
            col = header.index("education")
            for row in reader:
                if len(row) > col and row[col].strip():
                    counts[row[col].strip()] = counts.get(row[col].strip(), 0) + 1
    assert columns == {ADULT_COLUMNS}
    assert sorted(counts.items(), key=lambda kv: (kv[1], kv[0])) == list(ADULT_EDUCATION)
    assert sum(counts.values()) == 48842 and len(counts) == 16
