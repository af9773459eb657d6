"""Simulators of hr-acharya, hm, hcms and fastlh against their exact moments (style of test_simulation_pure.py).

Seeded statistical checks.  For each case, T = 1000 independent trials of the real protocol and of the
sufficient sampler, and per coordinate: the mean z with the exact E and Var, the sample-variance z (standard
error from the sample's fourth central moment) and the protocol-vs-sufficient two-sample z.  All 5d z values
of a case share one two-sided threshold at a family-wise false-alarm rate of ALPHA = 1e-6 per case
(Bonferroni): with the 9 cases here a correct simulator fails with probability below 1e-5 on a fresh seed.
A deliberately wrong HCMS client (flip probability 0.1 too small) and a wrong hm server (no 1/(2 p_1 - 1))
must fail.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from ldpref import moments
from ldpref.errors import NonUniformFamilyWarning, ParameterError
from ldpref.simulation import SIMULATORS, simulator
from simulation_checks import z_threshold, z_values

ALPHA = 1e-6
TRIALS = 1000
COUNTS = [4, 0, 3, 2, 1]

CASES = [
    ("hr-acharya", dict(d=3, exp_eps=3)),
    ("hr-acharya", dict(d=5, eps="ln(3)", size=16)),
    ("hr-acharya", dict(d=5, exp_eps=4, blocks=4)),
    ("hm", dict(d=4, exp_eps=3, t=2)),
    ("hm", dict(d=3, exp_eps="5/2", t=1)),
    ("hm", dict(d=3, exp_eps=4, t=3)),
    ("hcms", dict(d=3, exp_eps=3)),
    ("hcms", dict(d=3, exp_eps=3, family="random", m=4, k=2, seed=0)),  # biased family: E is not counts/n
    ("fastlh", dict(d=4, exp_eps=3, k=6, g=3, seed=2)),
]


def _counts(d):
    return np.array(COUNTS[:d], dtype=np.int64)


def _values(counts):
    return np.repeat(np.arange(counts.size), counts)


def exact_moments(sim, counts):
    """Exact E and Var (sympy) of the simulator's exact mechanism, converted explicitly to float64."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NonUniformFamilyWarning)
        mech = sim.exact()
    c = [int(v) for v in counts]
    return (np.array([float(v) for v in moments.expectation(mech, c)]),
            np.array([float(v) for v in moments.variance(mech, c)]))




def _run(sim, seed):
    counts = _counts(sim.d)
    rng = np.random.default_rng(seed)
    return counts, sim.protocol_many(_values(counts), TRIALS, rng), sim.sufficient_many(counts, TRIALS, rng)


@pytest.mark.parametrize("name,params", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_both_methods_follow_the_exact_moments(name, params):
    assert name in SIMULATORS
    sim = simulator(name, **params)
    counts, prot, suff = _run(sim, [11, len(name), sim.d, sum(map(ord, str(params)))])
    assert prot.shape == suff.shape == (TRIALS, sim.d) and prot.dtype == suff.dtype == np.float64
    E, V = exact_moments(sim, counts)
    z = z_values(prot, suff, E, V)
    assert np.all(np.abs(z) < z_threshold(z.size, ALPHA)), (name, params, np.round(z, 2))


def test_wrong_hcms_client_is_detected():
    sim = simulator("hcms", d=3, exp_eps=3)

    class Wrong(type(sim)):
        def _reports(self, x, trials, rng):
            honest = self.keep
            self.keep = honest + 0.1  # clients flip less often than the server assumes
            try:
                return super()._reports(x, trials, rng)
            finally:
                self.keep = honest

    wrong = Wrong(3, sim.exp_eps)
    counts, prot, _ = _run(wrong, 2024)
    E, V = exact_moments(sim, counts)
    z = z_values(prot, prot, E, V)
    assert np.max(np.abs(z)) > z_threshold(z.size, ALPHA)


def test_wrong_hm_server_is_detected():
    sim = simulator("hm", d=4, exp_eps=3, t=2)
    counts = _counts(4)
    E, V = exact_moments(sim, counts)
    sim.unit = 1.0 / sim.t  # forgets the 1/(2 p_1 - 1) rescaling
    prot = sim.protocol_many(_values(counts), TRIALS, np.random.default_rng(99))
    z = z_values(prot, prot, E, V)
    assert np.max(np.abs(z)) > z_threshold(z.size, ALPHA)


@pytest.mark.parametrize("name,params,needle", [
    ("hm", dict(d=5, exp_eps=3, size=4), "at least d = 5"),
    ("hcms", dict(d=3, exp_eps=3, family="random", m=3, k=2), "power of two"),
    ("fastlh", dict(d=3, exp_eps=3, k=0), "k = 0"),
    ("hr-acharya", dict(d=3, exp_eps="1/2"), "exceed 1"),
])
def test_bad_parameters_one_line(name, params, needle):
    with pytest.raises(ParameterError) as info:
        simulator(name, **params)
    assert needle in str(info.value) and "\n" not in str(info.value)
