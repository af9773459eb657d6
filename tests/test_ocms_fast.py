"""The grouped OCMS lookup (ldpref.simulation.ocms_fast, pan-strict Section 5.2): the support counts equal the
per-client count, and the estimate equals SketchSimulator.estimate's on the same reports."""

import numpy as np
import pytest

from ldpref import simulation
from ldpref.simulation.hashes import PrimeAffine
from ldpref.simulation.ocms_fast import support_counts, protocol_many


@pytest.mark.parametrize("d,dp,m,n", [(10, 11, 3, 200), (100, 101, 4, 500), (100, 101, 100, 300), (30, 31, 30, 50),
                                      (200, 211, 7, 1000)])
def test_support_counts_equal_the_per_client_count(d, dp, m, n):
    rng = np.random.default_rng(d * m + n)
    a, b, y = rng.integers(1, dp, n), rng.integers(0, dp, n), rng.integers(0, m, n)
    v = np.arange(d)
    want = (((a[:, None] * v[None, :] + b[:, None]) % dp) % m == y[:, None]).sum(axis=0)
    assert np.array_equal(support_counts(d, dp, m, a, b, y), want)


def test_small_blocks_give_the_same_counts(monkeypatch):
    from ldpref.simulation import ocms_fast

    rng = np.random.default_rng(5)
    d, dp, m, n = 50, 53, 6, 400
    a, b, y = rng.integers(1, dp, n), rng.integers(0, dp, n), rng.integers(0, m, n)
    whole = support_counts(d, dp, m, a, b, y)
    monkeypatch.setattr(ocms_fast, "BLOCK_CELLS", 1)
    assert np.array_equal(ocms_fast.support_counts(d, dp, m, a, b, y), whole)


def test_estimate_equals_the_sketch_simulators_on_the_same_reports():
    d, m, eps = 40, 5, 1
    sim = simulation.simulator("ocms-prime", d=d, m=m, eps=eps)
    values = np.random.default_rng(1).integers(0, d, 300)
    got = protocol_many(sim, values, 1, np.random.default_rng(9))[0]
    # replay the same draws: the family (no draw for a fixed family), a, b, the inner perturbation
    rng = np.random.default_rng(9)
    fam = sim._family(rng, 1)
    dp = fam.dp
    a, b = rng.integers(1, dp, size=len(values)), rng.integers(0, dp, size=len(values))
    report = sim.inner.perturb(((a * values + b) % dp) % m, rng)
    j = (a - 1) * dp + b  # PrimeAffine's numbering
    assert np.array_equal(PrimeAffine(d, dp, m).hash(j, values), ((a * values + b) % dp) % m)
    keys, jc = np.unique(j, return_inverse=True)
    Ind = sim.inner.indicators(jc.ravel(), report, len(keys))
    want = sim.estimate(fam, keys, Ind, len(values))[0]
    assert np.allclose(got, want, rtol=0, atol=1e-12)


def test_grouped_decoder_refused():
    sim = simulation.simulator("ocms-prime", d=10, m=3, eps=1, decoder="grouped")
    with pytest.raises(Exception, match="pooled"):
        protocol_many(sim, np.arange(10), 1, np.random.default_rng(0))


def test_mean_l2_matches_the_exact_pooled_l2():
    """In law: the mean l2 over 300 runs within 4 standard errors of the exact l2 of the pooled decoder."""
    import sympy

    from derivations.pan_strict import constructions as C

    d, m, eps = 30, 4, 1
    counts = np.array([200] * 5 + [20] * 25, dtype=np.int64)
    n = int(counts.sum())
    values = np.repeat(np.arange(d), counts)
    sim = simulation.simulator("ocms-prime", d=d, m=m, eps=eps)
    est = protocol_many(sim, values, 300, np.random.default_rng(3))
    l2 = ((est - counts / n) ** 2).sum(axis=1)
    exact = float(sympy.N(C.ocms_l2_pooled(d, C.next_prime(d), m, sympy.exp(eps)), 30)) / n
    assert abs(l2.mean() - exact) <= 4 * l2.std(ddof=1) / np.sqrt(len(l2))
