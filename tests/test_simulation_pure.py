"""Simulators of GRR, SUE, OUE, SS, HE, HR, RHR and WSS against their exact moments (issue 13, items 1 and 3).

Statistical checks (seeded, so every run draws the same numbers).  For each case, T independent trials of each
method, and per coordinate v:

* mean: ``z = (mean_v - E_v) / sqrt(Var_v / T)`` with the exact E and Var;
* variance: ``z = (s2_v - Var_v) / se(s2_v)``, ``se^2 = (m4_v - s2_v^2) / T`` from the sample's fourth
  central moment (asymptotic normality of the sample variance; no normality of f_hat assumed);
* protocol vs sufficient: the two-sample z of the means, with the exact variance.

All 5d z values of a case (mean and variance of each method, and the two-sample z) are compared with one
two-sided threshold at a family-wise false-alarm rate of ``ALPHA = 1e-6`` per case (Bonferroni), so a correct
simulator fails one of the ~15 cases of this file with probability about 1.5e-5 on a fresh seed.
The z checks come from tests/simulation_checks.py (shared with tests/test_simulation_shipped.py).
A deliberately biased GRR client (keep probability p + 0.1) must fail.
"""

from __future__ import annotations

import numpy as np
import pytest

from ldpref import moments
from ldpref.errors import ParameterError
from ldpref.limits import ResourceLimitError
from ldpref.mechanism import Mechanism
from ldpref.simulation import SIMULATORS, simulator
from ldpref.simulation import pure as sim_pure
from ldpref.structured import moments as structured_moments
from simulation_checks import z_threshold, z_values

ALPHA = 1e-6
TRIALS = 1000

CASES = [
    ("grr", dict(d=4, exp_eps=3)),
    ("grr", dict(d=3, eps="ln(3)")),
    ("sue", dict(d=4, exp_eps=4)),
    ("sue", dict(d=3, eps="ln(3)")),  # e^(eps/2) = sqrt(3): irrational bit probabilities
    ("oue", dict(d=4, exp_eps=3)),
    ("ss", dict(d=5, exp_eps=3, k=2)),
    ("ss", dict(d=5, exp_eps=3)),  # k: the registry's l2-optimal default
    ("ss", dict(d=4, exp_eps="5/2", k=3)),
    ("he", dict(d=3, exp_eps=3)),
    ("hr", dict(d=3, exp_eps=3)),
    ("rhr", dict(d=5, exp_eps=3, b=2)),
    ("rhr", dict(d=5, exp_eps=3, b=2, decoder="eq2")),  # biased decoder: E is not counts/n
    ("wss", dict(d=5, exp_eps=3, k=2)),
]

COUNTS = [4, 0, 3, 2, 1]


def _counts(d):
    return np.array(COUNTS[:d], dtype=np.int64)


def _values(counts):
    return np.repeat(np.arange(counts.size), counts)


def exact_moments(sim, counts):
    """Exact E and Var (sympy) of the simulator's exact object, converted explicitly to float64."""
    obj = sim.exact()
    mod = moments if isinstance(obj, Mechanism) else structured_moments
    c = [int(v) for v in counts]
    E = np.array([float(v) for v in mod.expectation(obj, c)])
    V = np.array([float(v) for v in mod.variance(obj, c)])
    return E, V




@pytest.mark.parametrize("name,params", CASES,
                         ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in p.items())}" for n, p in CASES])
def test_both_methods_follow_the_exact_moments(name, params):
    sim = simulator(name, **params)
    counts = _counts(sim.d)
    rng = np.random.default_rng([13, len(name), sim.d, sum(map(ord, str(params)))])
    prot = sim.protocol_many(_values(counts), TRIALS, rng)
    suff = sim.sufficient_many(counts, TRIALS, rng)
    assert prot.shape == suff.shape == (TRIALS, sim.d) and prot.dtype == suff.dtype == np.float64
    E, V = exact_moments(sim, counts)
    z = z_values(prot, suff, E, V)
    assert np.all(np.abs(z) < z_threshold(z.size, ALPHA)), (name, params, np.round(z, 2))


def test_biased_client_is_detected():
    """GRR whose clients keep their value w.p. p + 0.1 while the server decodes with p: the checks must fail."""
    sim = simulator("grr", d=4, exp_eps=3)

    class BiasedGRR(type(sim)):
        def _stats(self, x, trials, rng):  # the clients' randomisation; the server still decodes with p
            honest = self.p
            self.p = honest + 0.1
            try:
                return super()._stats(x, trials, rng)
            finally:
                self.p = honest

    biased = BiasedGRR(4, 3)
    counts = _counts(4)
    rng = np.random.default_rng(1313)
    prot = biased.protocol_many(_values(counts), TRIALS, rng)
    suff = biased.sufficient_many(counts, TRIALS, rng)
    E, V = exact_moments(sim, counts)
    z = z_values(prot, suff, E, V)
    assert np.max(np.abs(z)) > z_threshold(z.size, ALPHA)


def test_subset_selection_batches_keep_the_law(monkeypatch):
    """The sufficient SS sampler splits clients into batches when the hypergeometric pool is too large; a tiny
    pool limit forces several batches, and the moments must not change (same z checks, ALPHA as above)."""
    monkeypatch.setattr(sim_pure, "MAX_HYPERGEOMETRIC_POOL", 2)
    sim = simulator("ss", d=5, exp_eps=3, k=2)
    counts = np.array([6, 0, 5, 2, 3])
    rng = np.random.default_rng(77)
    suff = sim.sufficient_many(counts, TRIALS, rng)
    prot = sim.protocol_many(_values(counts), TRIALS, rng)
    E, V = exact_moments(sim, counts)
    z = z_values(prot, suff, E, V)
    assert np.all(np.abs(z) < z_threshold(z.size, ALPHA)), np.round(z, 2)


@pytest.mark.parametrize("name,params", [("grr", dict(d=4, exp_eps=3)), ("sue", dict(d=3, exp_eps=4)),
                                         ("oue", dict(d=4, exp_eps="5/2")), ("ss", dict(d=5, exp_eps=3, k=2))])
def test_structured_exact_model_matches_the_registry_mechanism(name, params):
    """exact() of the pure protocols is the structured model; it must equal the registry Mechanism's moments."""
    sim = simulator(name, **params)
    counts = [int(c) for c in _counts(sim.d)]
    mech = sim.mechanism()
    assert structured_moments.expectation(sim.exact(), counts) == moments.expectation(mech, counts)
    assert structured_moments.variance(sim.exact(), counts) == moments.variance(mech, counts)


def test_seeded_and_reproducible():
    sim = simulator("ss", d=5, exp_eps=3, k=2)
    counts = _counts(5)
    a = sim.sufficient(counts, np.random.default_rng(5))
    b = sim.sufficient(counts, np.random.default_rng(5))
    assert np.array_equal(a, b)
    assert np.array_equal(sim.protocol(_values(counts), np.random.default_rng(6)),
                          sim.protocol(_values(counts), np.random.default_rng(6)))


def test_sufficient_at_a_billion_clients():
    """One trial at n = 10^9 (no timing asserted; timings come from benchmarks/simulate_sufficient.py)."""
    rng = np.random.default_rng(9)
    for name, params in [("grr", dict(d=1000, exp_eps=3)), ("oue", dict(d=1000, exp_eps=3)),
                         ("sue", dict(d=1000, exp_eps=4)), ("ss", dict(d=100, exp_eps=3))]:
        sim = simulator(name, **params)
        counts = np.full(sim.d, 10**9 // sim.d, dtype=np.int64)
        f = sim.sufficient(counts, rng)
        assert f.shape == (sim.d,) and np.all(np.isfinite(f))
        assert abs(f.sum() - 1.0) < 0.05, name  # sum of unbiased frequency estimates, sd << 0.05 here


def test_registry_holds_every_mechanism_of_this_branch():
    assert {"grr", "sue", "oue", "ss", "he", "hr", "rhr", "wss"} <= set(SIMULATORS)


def _one_line(exc_info):
    text = str(exc_info.value)
    assert "\n" not in text and text
    return text


@pytest.mark.parametrize("name,params,needle", [
    ("grr", dict(d=4, exp_eps=3, m=2), "unknown key(s) m"),
    ("grr", dict(d=4), "missing key(s) exp_eps"),
    ("grr", dict(d=4, exp_eps=3, eps=1), "not both"),
    ("grr", dict(d=4, exp_eps=0.5), "float"),
    ("grr", dict(d=4, exp_eps="1/2"), "exceed 1"),
    ("grr", dict(d=4, eps="-1"), "positive"),
    ("grr", dict(d="four", exp_eps=3), "d = 'four'"),
    ("ss", dict(d=4, exp_eps=3, k=4), "1..d-1"),
    ("rhr", dict(d=5, exp_eps=3, decoder="nope"), "decoder"),
    ("nope", dict(d=4), "unknown simulator"),
])
def test_bad_parameters(name, params, needle):
    with pytest.raises(ParameterError) as exc:
        simulator(name, **params)
    assert needle in _one_line(exc)


@pytest.mark.parametrize("method,data,needle", [
    ("protocol", [0, 1, 4], "values[2] = 4"),
    ("protocol", [0, -1], "values[1] = -1"),
    ("protocol", [], "n = 0"),
    ("protocol", [0.0, 1.0], "dtype"),
    ("sufficient", [1, 2, 3], "3 entries"),
    ("sufficient", [1, -2, 3, 0], "counts[1] = -2"),
    ("sufficient", [0, 0, 0, 0], "n = 0"),
    ("sufficient", [1.0, 2.0, 0.0, 0.0], "dtype"),
])
def test_bad_data(method, data, needle):
    sim = simulator("grr", d=4, exp_eps=3)
    with pytest.raises(ParameterError) as exc:
        getattr(sim, method)(np.asarray(data) if data else np.array([], dtype=np.int64), np.random.default_rng(0))
    assert needle in _one_line(exc)


def test_sizes_are_refused_before_allocating():
    rng = np.random.default_rng(0)
    with pytest.raises(ResourceLimitError) as exc:  # d x s table of the Hadamard sufficient sampler
        simulator("he", d=10**4, exp_eps=3).sufficient(np.ones(10**4, dtype=np.int64), rng)
    assert "cells" in _one_line(exc)
    with pytest.raises(ResourceLimitError) as exc:  # 10^6 clients x 10^4 bits of OUE's real protocol
        simulator("oue", d=10**4, exp_eps=3).protocol(np.zeros(10**6, dtype=np.int64), rng)
    assert "sufficient" in _one_line(exc)
    with pytest.raises(TypeError):
        simulator("grr", d=4, exp_eps=3).sufficient(_counts(4), 0)


def test_subset_selection_single_trial_scan():
    """``sufficient`` (one trial) scans with its own bookkeeping (1-D, one binomial call per item): its draws
    must follow the exact moments too, and agree with ``sufficient_many`` (same checks, ALPHA as above)."""
    sim = simulator("ss", d=5, exp_eps=3, k=2)
    counts = _counts(5)
    rng = np.random.default_rng(2024)
    single = np.stack([sim.sufficient(counts, rng) for _ in range(600)])
    many = sim.sufficient_many(counts, 600, rng)
    E, V = exact_moments(sim, counts)
    z = z_values(single, many, E, V)
    assert np.all(np.abs(z) < z_threshold(z.size, ALPHA)), np.round(z, 2)


def test_unsigned_overflow_is_named_not_wrapped():
    sim = simulator("grr", d=4, exp_eps=3)
    with pytest.raises(ParameterError) as exc:
        sim.sufficient(np.array([2**63 + 5, 0, 0, 0], dtype=np.uint64), np.random.default_rng(0))
    assert "exceeds the limit" in _one_line(exc)
    with pytest.raises(ParameterError) as exc:
        sim.protocol(np.array([0, 2**63 + 1], dtype=np.uint64), np.random.default_rng(0))
    assert "values[1]" in _one_line(exc)
