"""The unary (OUE / SUE) inner of the sketch simulators' real protocol (ldpref/simulation/inner.py): byte-wise
Bernoulli bits, the server's grouped byte counts, and a fixed family's run in chunks of clients.

Statistical checks are seeded (deterministic) and two-sided: bernoulli_bits at |z| < 5.33 (1e-7 each, 5 checks),
the protocol moments at |z| < 4.42 (1e-5 each, 2 x 2 x 4 = 16 checks): a false-alarm rate below 2e-4 for the
file.  The deliberately wrong cases (a shifted probability, a wrong decoder scale) must fail the same checks.
"""

from __future__ import annotations

import numpy as np
import pytest

from ldpref import moments
from ldpref.exact import to_float
from ldpref.simulation import simulator, sketch_core
from ldpref.simulation.inner import Unary, bernoulli_bits

Z_BITS, Z_MOMENTS = 5.33, 4.42


def bits_z(prob: float, draw: float, size: int, seed: int) -> float:
    """z of the mean of ``size`` bernoulli_bits(draw) against ``prob``."""
    out = np.empty(size, dtype=bool)
    bernoulli_bits(out, draw, np.random.default_rng(seed))
    return (out.mean() - prob) / np.sqrt(prob * (1 - prob) / size)


@pytest.mark.parametrize("prob", [0.366, 1 / 256 + 1e-3, 0.5 + 1 / 512, 0.999, 0.02])
def test_bernoulli_bits_have_the_probability(prob):
    assert abs(bits_z(prob, prob, 10**6, seed=int(prob * 1e6))) < Z_BITS


def test_bernoulli_bits_detect_a_shifted_probability_and_keep_the_endpoints():
    assert abs(bits_z(0.366, 0.366 + 0.005, 10**6, seed=3)) > Z_BITS  # the check can fail
    for prob, want in ((0.0, False), (1.0, True)):
        out = np.empty((300, 7), dtype=bool)[:, ::2]  # a non-contiguous block is filled in place
        bernoulli_bits(out, prob, np.random.default_rng(1))
        assert (out == want).all()
    with pytest.raises(ValueError):
        bernoulli_bits(np.empty(3, dtype=bool), 1.5, np.random.default_rng(1))


def test_grouped_counts_equal_a_scatter_add():
    rng = np.random.default_rng(5)
    inner = Unary(6, 0.5, 0.25)
    jc = rng.integers(0, 3, size=2000)
    jc[jc == 1] = 0  # an empty row
    bits = rng.random((2000, 6)) < 0.4
    want = np.zeros((3, 6))
    np.add.at(want, jc, bits.astype(np.float64))
    assert (inner.indicators(jc, (bits,), 3) == want).all()  # unsorted: > 255 clients per row
    order = np.argsort(jc, kind="stable")
    assert (inner.indicators(jc[order], (bits[order],), 3) == want).all()  # sorted, no regrouping


def z_moments(X, mean, var):
    """(z of the sample mean, z of the sample variance) per coordinate (delta method, fourth moment)."""
    T = X.shape[0]
    centred = X - X.mean(axis=0)
    s2 = (centred**2).sum(axis=0) / (T - 1)
    m4 = (centred**4).mean(axis=0)
    return (X.mean(axis=0) - mean) / np.sqrt(var / T), (s2 - var) / np.sqrt(np.maximum(m4 - s2**2, 1e-300) / T)


@pytest.mark.parametrize("chunked", [False, True], ids=["one-batch", "chunks"])
def test_protocol_with_many_clients_per_function_follows_the_exact_moments(chunked, monkeypatch):
    """Counts large enough that the server adds contiguous byte blocks of more than 255 clients; with the
    report cap lowered, the run goes through in chunks of 150 clients."""
    counts = [400, 100, 0, 250]
    sim = simulator("cms", d=4, exp_eps=4, family="random", m=2, k=2, inner="srp")
    if chunked:
        monkeypatch.setattr(sketch_core, "MAX_CLIENT_ENTRIES", 300)
    exact = sim.exact()
    mean = np.array([to_float(x) for x in moments.expectation(exact, counts)])
    var = np.array([to_float(x) for x in moments.variance(exact, counts)])
    values = np.repeat(np.arange(4), counts)
    X = sim.protocol_many(values, 200, np.random.default_rng(11 + chunked))
    zm, zv = z_moments(X, mean, var)
    assert np.all(np.abs(zm) < Z_MOMENTS) and np.all(np.abs(zv) < Z_MOMENTS), (zm, zv)
    wrong = X * 1.25  # a decoder off by 25% in scale fails the same check
    zm, zv = z_moments(wrong, mean, var)
    assert not (np.all(np.abs(zm) < Z_MOMENTS) and np.all(np.abs(zv) < Z_MOMENTS))
