"""WSS at d = 100 through scipy's HiGHS (ldpref.wss_lp, pan-strict Section 5.3 and Fig. 2): the configuration is
verified exactly as a symmetric optimal configuration, a perturbed one is rejected, and the quick pan-strict Fig 2
draws WSS within 4 standard errors of its exact l2.  Skipped only where scipy (the ``lp`` extra) is absent."""

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
import sympy

pytest.importorskip("scipy", reason="WSS at large d needs scipy's HiGHS (pip install 'ldpref[lp]')")

from ldpref.wss import osc_l2_per_client  # noqa: E402
from ldpref.wss_lp import lp_configuration, orbit_coverage, verify_configuration  # noqa: E402


def _pair_moments(d, subsets, weights):
    """sum_y w_y [x, x' in S_y] per pair, recomputed here with Fractions (independent of the fmpz check)."""
    out = {}
    for s, w in zip(subsets, weights):
        for pair in combinations(s, 2):
            out[pair] = out.get(pair, Fraction(0)) + w
    return out


@pytest.mark.parametrize("d,k", [(7, 3), (8, 2), (9, 4), (12, 5)])
def test_small_configurations_are_oscs(d, k):
    subsets, weights, stats = lp_configuration(d, k, seed=3)
    check = verify_configuration(d, k, subsets, weights, 3)
    assert check["verified"], check
    moments = _pair_moments(d, subsets, weights)
    assert len(moments) == d * (d - 1) // 2 and set(moments.values()) == {Fraction(k * (k - 1), d * (d - 1))}
    assert sum(weights) == 1 and min(weights) > 0


def test_d100_verified_sparse_and_l2_is_the_osc_loss():
    d, k = 100, 12
    subsets, weights, stats = lp_configuration(d, k, seed=0)
    assert stats["rows"] == 50 and stats["positive_orbits"] <= 50
    check = verify_configuration(d, k, subsets, weights, sympy.exp(2))
    assert check["verified"] and check["responses"] <= d * (d - 1) // 2, check
    assert sympy.simplify(check["l2_per_client"] - osc_l2_per_client(d, k, sympy.exp(2))) == 0


@pytest.mark.parametrize("how", ["shift", "negative", "scale", "drop"])
def test_exact_verification_rejects_a_perturbed_configuration(how):
    d, k = 20, 4
    subsets, weights, _ = lp_configuration(d, k, seed=1)
    assert verify_configuration(d, k, subsets, weights, 3)["verified"]
    w = list(weights)
    tiny = Fraction(1, 10**30)
    if how == "shift":  # still sums to one, still positive: the pair moments break
        w[0] += tiny
        w[1] -= tiny
    elif how == "negative":
        w[0], w[1] = -w[0], w[1] + 2 * w[0]
    elif how == "scale":
        w = [x * (1 + tiny) for x in w]
    else:
        subsets, w = subsets[1:], w[1:]
    check = verify_configuration(d, k, subsets, w, 3)
    assert not check["verified"]


def test_orbit_coverage_counts_rotations():
    d = 8  # Z_7 plus the fixed value 7
    for s in [(0, 1, 3), (0, 2, 7), (1, 4, 5, 7)]:
        rows = orbit_coverage(d, s)
        for delta in range(1, 4):  # brute force: rotations r with {0, delta} inside s + r
            want = sum(all(((x - r) % 7) in s for x in (0, delta)) for r in range(7))
            assert rows[delta - 1] == want
        assert rows[-1] == sum(((0 - r) % 7) in s and 7 in s for r in range(7))


def test_quick_pan_strict_fig2_draws_wss_within_4_standard_errors():
    from ldpref import figures

    data = figures.get("pan-strict/fig2").build(figures.Context(trials=5, seed=0, quick=True))
    by = {(s.panel, s.label): s for s in data.series}
    exact = by[(1, "WSS exact (OSC l2 at the optimal integer k)")]
    sim = by[(1, "WSS simulated")]
    assert exact.x == sim.x == [1, 3, 5] and sim.params == ["k=27", "k=5", "k=1"]
    for y, t, se in zip(sim.y, exact.y, sim.yerr):
        assert abs(y - t) <= 4 * se, (y, t, se)
    assert (0, "WSS simulated") in by
    assert any("WSS eps = 1: k = 27, 4950 positive weights" in n and "verified exactly" in n for n in data.notes)


def test_simulator_from_configuration_columns_are_distributions():
    from ldpref.simulation.wss import WSSSimulator

    subsets, weights, _ = lp_configuration(10, 3, seed=0)
    sim = WSSSimulator.from_configuration(10, 3, 3, subsets, weights)
    assert np.allclose(sim.columns.sum(axis=1), 1.0)
    est = sim.sufficient_many(np.array([50] * 10), 4, np.random.default_rng(0))
    assert est.shape == (4, 10)


def test_without_scipy_the_figure_says_so_and_the_error_names_the_extra(monkeypatch):
    import sys

    from ldpref import wss_lp
    from ldpref.figures import pan_strict
    from ldpref.figures.spec import Context, FigureData, Panel

    monkeypatch.setitem(sys.modules, "scipy.optimize", None)
    assert not wss_lp.scipy_available()
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'ldpref\[lp\]'"):
        wss_lp.require_scipy()
    data = FigureData([Panel("l1", "eps", "l1"), Panel("l2", "eps", "l2")])
    counts = np.array([30] * 100, dtype=np.int64)
    pan_strict._wss(Context(trials=2, seed=0, quick=True), data, counts, "Zipf", 0, 1, "WSS", 1, 1)
    assert data.series == [] and data.notes == ["Zipf: WSS not drawn: its LP needs scipy (pip install 'ldpref[lp]')"]


def test_quick_fig2_every_zipf_l2_point_within_4_standard_errors_of_its_exact_value():
    from ldpref import figures

    data = figures.get("pan-strict/fig2").build(figures.Context(trials=5, seed=0, quick=True))
    by = {(s.panel, s.label): s for s in data.series}
    pairs = [("SS simulated", "SS exact"), ("OCMS simulated", "OCMS exact (pooled decoder, best m)"),
             ("WSS simulated", "WSS exact (OSC l2 at the optimal integer k)")]
    for sim_label, exact_label in pairs:
        sim, exact = by[(1, sim_label)], by[(1, exact_label)]
        assert sim.x == exact.x
        for y, t, se in zip(sim.y, exact.y, sim.yerr):
            assert abs(y - t) <= 4 * se, (sim_label, y, t, se)


def test_a_configuration_failing_exact_verification_is_not_drawn(monkeypatch):
    from ldpref import wss_lp
    from ldpref.figures import pan_strict
    from ldpref.figures.spec import Context, FigureData, Panel

    real = wss_lp.lp_configuration

    def perturbed(d, k, seed=0):
        subsets, weights, stats = real(d, k, seed)
        weights = list(weights)
        weights[0] += Fraction(1, 10**40)
        weights[-1] -= Fraction(1, 10**40)
        return subsets, weights, stats

    monkeypatch.setattr(wss_lp, "lp_configuration", perturbed)
    data = FigureData([Panel("l1", "eps", "l1"), Panel("l2", "eps", "l2")])
    counts = np.array([30] * 100, dtype=np.int64)
    pan_strict._wss(Context(trials=2, seed=0, quick=True), data, counts, "Zipf", 0, 1, "WSS", 1, 1)
    assert data.series == []
    assert len(data.notes) == 3 and all("failed the exact OSC verification" in n for n in data.notes)
