"""The chunked sufficient-statistics path of the sketch simulators (ldpref.simulation.sketch_core): the k
functions taken a few at a time must give the same law as the one-pass draw, and hold only a chunk.

Statistical checks (seeded, so each run is deterministic): per estimate coordinate, a two-sample z test of
the means and of the variances (delta method with the sample fourth moments) between the chunked and the
one-pass draws, and the z tests of mean and variance of the chunked draws against the exact moments
(tests/test_simulation_sketches.py's ``agree``), each two-sided at ALPHA = 1e-5 (|z| < 4.42).  About 150
such checks run on correct code here, so a correct sampler fails for a given seed with probability below
150 x 1e-5 = 0.15%; the deliberately wrong chunk merges must fail them.
"""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from ldpref.limits import ResourceLimitError
from ldpref.simulation import simulator
from ldpref.simulation import sketch_core

from test_simulation_sketches import Z_CRIT, agree, exact_mean_var

TRIALS = 300
COUNTS = [30, 10, 0, 25]

CASES = [  # small k m; chunk = functions per chunk, forced (1: every function its own chunk)
    ("cms", dict(d=4, exp_eps=3, family="random", m=3, k=5, inner="arp", seed=5), 1),
    ("cms", dict(d=4, exp_eps=3, family="ideal", m=3, k=4), 3),  # chunk <= 3: near-equal chunks of 2 + 2 functions
    ("olh", dict(d=4, exp_eps=2, family="random", m=3, k=5), 2),
    ("gcms", dict(d=4, m=4, k=3, s=2, exp_eps=3), 1),  # groups large enough for the bucket walk
    ("ocms-prime", dict(d=4, m=3, exp_eps=3, decoder="grouped"), 7),  # a per-bucket w (the c sum per chunk)
]


def two_sample_z(X, Y):
    """(z of the difference of means, z of the difference of variances) per coordinate."""
    def moments(Z):
        c = Z - Z.mean(axis=0)
        s2 = (c**2).sum(axis=0) / (len(Z) - 1)
        return Z.mean(axis=0), s2, (c**4).mean(axis=0)
    mx, sx, fx = moments(X)
    my, sy, fy = moments(Y)
    z_mean = (mx - my) / np.sqrt(np.maximum(sx / len(X) + sy / len(Y), 1e-300))
    se_var = np.sqrt(np.maximum((fx - sx**2) / len(X) + (fy - sy**2) / len(Y), 1e-300))
    return z_mean, (sx - sy) / se_var


def same_law(X, Y) -> bool:
    zm, zv = two_sample_z(X, Y)
    return bool(np.all(np.abs(zm) < Z_CRIT) and np.all(np.abs(zv) < Z_CRIT))


def draws(name, params, chunk, seed, trials=TRIALS):
    sim = simulator(name, **params)
    counts = np.array(COUNTS[:sim.d])
    rng = np.random.default_rng(seed)
    return sim, counts, sim.sufficient_many(counts, trials, rng), sim.sufficient_many(counts, trials, rng, chunk=chunk)


@pytest.mark.parametrize("name,params,chunk", CASES, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(CASES)])
def test_chunked_equals_one_pass_in_law(name, params, chunk):
    sim, counts, one, chunked = draws(name, params, chunk, seed=1300 + len(repr(params)))
    assert chunked.shape == one.shape == (TRIALS, sim.d)
    assert same_law(one, chunked), two_sample_z(one, chunked)
    mean, var = exact_mean_var(sim.exact(), counts)
    assert agree(chunked, mean, var)


def _last_chunk_only(sums, part):  # a wrong merge: each chunk overwrites the sums instead of adding to them
    sums[0] = part[0].copy()
    sums[1] = part[1]


def _drop_w(sums, part):  # a wrong merge: the chunks' w sums are lost (the offset term of the decoder)
    sums[0] += part[0]


@pytest.mark.parametrize("wrong", [_last_chunk_only, _drop_w])
def test_a_wrong_chunk_merge_is_detected(monkeypatch, wrong):
    name, params, chunk = CASES[0]
    monkeypatch.setattr(sketch_core, "merge_chunk", wrong)
    sim, counts, one, chunked = draws(name, params, chunk, seed=77, trials=100)
    assert not same_law(one, chunked)
    mean, var = exact_mean_var(sim.exact(), counts)
    assert not agree(chunked, mean, var)


def _peak(call) -> int:
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_chunks_bound_the_memory(monkeypatch):
    """An ideal-family CMS of k m = 2^20 cells: the one-pass draw holds them (> 8 MB of float64); with
    chunks of 2^14 cells the peak stays under 3 MB (numpy reports its buffers to tracemalloc)."""
    sim = simulator("cms", d=200, exp_eps=3, family="ideal", m=256, k=4096)
    counts = np.full(200, 50, dtype=np.int64)
    whole = _peak(lambda: sim.sufficient(counts, np.random.default_rng(3)))
    monkeypatch.setattr(sketch_core, "CHUNK_CELLS", 1 << 14)
    chunked = _peak(lambda: sim.sufficient(counts, np.random.default_rng(3)))
    assert whole > 8 * 2**20 and chunked < 3 * 2**20, (whole, chunked)


def test_what_still_does_not_fit_is_refused_in_one_line():
    """GCMS's exact subset counts grow with n (min(G, m) s per group): refused before any allocation; the
    seeded random family's k x d table (one fixed draw, built whole) likewise, pointing at family=ideal."""
    sim = simulator("gcms", d=500, m=1024, k=65536, s=19, exp_eps=4, family="ideal")  # Fig. 6 sketch
    with pytest.raises(ResourceLimitError, match=r"GCMS sufficient statistics.*draws; the limit") as info:
        sim.sufficient(np.full(500, 2 * 10**6, dtype=np.int64), np.random.default_rng(0))
    assert "\n" not in str(info.value)
    with pytest.raises(ResourceLimitError, match="family=ideal") as info:
        simulator("cms", d=10**4, exp_eps=4, family="random", m=1024, k=65536)
    assert "\n" not in str(info.value)
