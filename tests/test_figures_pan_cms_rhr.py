"""pan-cms Figs 2-4: RHR at b = eps (Section 4.3), Section 6.1's one-residue dataset, RHR's exact curve.

The exact curve is checked against RHR's MSE written again here from the mechanism's definition (m-ary randomised
response on (sign, residue), unbiased Hadamard decoder): a holder of a value with x's residue reports one of x's two
messages w.p. p + q, any other client w.p. 2q, so Var[f_hat(x)] = ((C_r (p + q) + (n - C_r) 2q)/(p - q)^2 - c_x)/n^2
with C_r the clients in x's residue class.  The simulation check is seeded; its false-alarm rate is stated there.
"""

import csv
import math

import numpy as np
import pytest

from ldpref.figures import pan_cms, simulated


def _rhr_l2(counts, top, eps, b):
    """Sum over ``top`` of RHR's exact variance (floats; the closed form of the module docstring)."""
    e, M, B = math.exp(eps), 2 ** b, 2 ** (b - 1)
    p, q = e / (e + M - 1), 1 / (e + M - 1)
    n = int(counts.sum())
    by_res = np.bincount(np.arange(len(counts)) % B, weights=counts, minlength=B)
    return sum(((by_res[x % B] * (p + q) + (n - by_res[x % B]) * 2 * q) / (p - q) ** 2 - counts[x]) / n ** 2
               for x in top)


def test_rhr_bits_is_eps_on_integers_and_refuses_the_rest():
    assert [pan_cms.rhr_bits(e) for e in (1, 2, 3, 4, 5)] == [1, 2, 3, 4, 5]
    for bad in (2.5, 0, True):
        with pytest.raises(ValueError, match="positive integer eps"):
            pan_cms.rhr_bits(bad)


def test_same_residue_keeps_the_counts_on_one_residue():
    counts = np.zeros(1000, dtype=np.int64)
    counts[[0, 3, 7, 50]] = [5, 9, 1, 2]
    out = pan_cms.same_residue(counts)
    assert sorted(out[out > 0]) == [1, 2, 5, 9] and out.sum() == counts.sum()
    assert set(np.flatnonzero(out) % 16) == {0}
    assert list(out[np.flatnonzero(out)]) == [5, 9, 1, 2]  # rank order kept
    with pytest.raises(ValueError, match="do not fit"):
        pan_cms.same_residue(np.ones(40, dtype=np.int64))


@pytest.fixture(scope="module")
def fig2_rows(tmp_path_factory):
    from ldpref.cli import main

    out = tmp_path_factory.mktemp("fig2")
    assert main(["figure", "pan-cms/fig2", "--out", str(out), "--quick", "--seed", "0"]) == 0
    with open(out / "pan-cms-fig2.csv", encoding="utf-8") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


def test_fig2_csv_says_b_equals_eps_for_every_rhr_point(fig2_rows):
    rhr = [r for r in fig2_rows if r["series"].startswith("RHR")]
    assert {r["kind"] for r in rhr} == {"simulated", "exact"}
    assert len(rhr) == 3 * 3 + 2 * 3  # three simulated panels and two exact curves at eps = 1, 3, 5
    assert all(r["params"] == f"b={int(float(r['x']))}" for r in rhr)


def test_fig2_rhr_exact_curve_is_rhr_at_b_eps_on_one_residue(fig2_rows):
    """The plotted exact l2 equals the closed form at b = eps with every value in one residue class; at b = 2 (the
    simulator's default, the old figure) or with the ranks as values it would not."""
    from derivations.pan_cms import experiments as X

    raw = X.dataset("zipf")
    counts = pan_cms.same_residue(raw)
    top = np.argsort(-counts, kind="stable")[:100]
    plotted = {float(r["x"]): float(r["y"]) for r in fig2_rows
               if r["series"] == "RHR exact (b = eps)" and r["panel"].startswith("l2")}
    assert sorted(plotted) == [1.0, 3.0, 5.0]
    for eps, y in plotted.items():
        assert math.isclose(y, _rhr_l2(counts, top, eps, int(eps)), rel_tol=1e-9)
    assert not math.isclose(plotted[5.0], _rhr_l2(counts, top, 5, 2), rel_tol=1e-2)
    raw_top = np.argsort(-raw, kind="stable")[:100]
    assert not math.isclose(plotted[5.0], _rhr_l2(raw, raw_top, 5, 5), rel_tol=1e-2)


def test_rhr_simulator_at_b_eps_agrees_with_the_closed_form():
    """400 seeded trials of the simulator at b = eps = 3 on a small dataset: the mean l2 over all values is within
    4.4 standard errors of the closed form (two-sided false-alarm rate 1.1e-5 under the normal approximation)."""
    counts = np.array([40, 0, 25, 10, 5, 0, 30, 2, 8, 1, 0, 4], dtype=np.int64)
    values = list(range(len(counts)))
    est = simulated.estimates("rhr", {"d": len(counts), "eps": 3, "b": 3}, counts, 400, np.random.default_rng(24))
    got = simulated.losses(est, counts / counts.sum(), values)["l2"]
    want = _rhr_l2(counts, values, 3, 3)
    assert abs(got[0] - want) < 4.4 * got[1], (got, want)
    assert abs(_rhr_l2(counts, values, 3, 2) - want) > 0.1 * want  # b matters at this size: the check can fail


@pytest.mark.parametrize("name, f_star, same", [("zipf", 1, True), ("gaussian", 0, False)])
def test_figure_exact_values_are_the_ledgers(name, f_star, same):
    """One source of truth: on the ledger's dataset (Fig 2 relabelled to one residue) the figure's exact HE, CMS+HE
    and RHR values equal the ledger's Section 6 exact values (computed there with S_same = n - c_x for 6.1)."""
    from derivations.pan_cms import experiments as X
    from proofs_checks.pan_cms import sec6_exact as XE

    counts = X.dataset(name)
    if same:
        counts = pan_cms.same_residue(counts)
    top = [int(v) for v in np.argsort(-counts, kind="stable")[:100]]
    for eps in (2, 5):
        ledger = XE.exact_values(name, eps, f_star, same)
        for mech in ("HE", "CMS+HE", "RHR"):
            got = pan_cms.exact_metrics(mech, counts, top, eps, f_star)
            for metric in ("mse", "l1", "l2"):
                assert math.isclose(got[metric], float(ledger[(mech, metric)]), rel_tol=1e-12), (mech, metric, eps)
