"""The parts of ``ldpref simulate`` that the single and the comparison forms share: the exact moments of a
simulator's exact object, and the seed tree of trial blocks (fixed blocks, so results do not depend on --jobs or
the Dask cluster).  A module of its own so :mod:`.simulate` and :mod:`.simulate_compare` import it and not each
other (issue 22: no import cycles)."""

from __future__ import annotations

import math

#: trials per block of the seed tree (fixed: results do not depend on --jobs)
BLOCK = 16
#: real-protocol client randomisations per run (n x trials) at most
MAX_PROTOCOL_CLIENTS = 10**10

def exact_moments(obj, counts, *, covariance: bool) -> tuple[list, list, list, object]:
    """``(E, Var, MSE, Cov or None)`` of ``f_hat`` for the exact object of a simulator: a Mechanism
    (ldpref.moments), a MechanismFamily (law of total variance; no covariance) or a structured model."""
    from .. import moments
    from ..family import MechanismFamily
    from ..mechanism import Mechanism

    counts = [int(c) for c in counts]
    if isinstance(obj, Mechanism):
        E, V, M = moments.expectation(obj, counts), moments.variance(obj, counts), moments.mse(obj, counts)
        C = moments.covariance(obj, counts) if covariance else None
        return E, V, M, C
    if isinstance(obj, MechanismFamily):
        import sympy

        E, V = obj.expectation(counts), obj.variance(counts)
        n = sum(counts)
        M = [v + (e - sympy.Rational(c, n)) ** 2 for v, e, c in zip(V, E, counts)]
        return E, V, M, None
    from ..structured import moments as sm

    E, V, M = sm.expectation(obj, counts), sm.variance(obj, counts), sm.mse(obj, counts)
    C = sm.covariance(obj, counts) if covariance else None
    return E, V, M, C


_WORKER_CACHE: dict = {}


def _simulator(name: str, params: dict):
    from ..simulation import simulator

    key = (name, tuple(sorted(params.items())))
    if key not in _WORKER_CACHE:
        _WORKER_CACHE.clear()
        _WORKER_CACHE[key] = simulator(name, **params)
    return _WORKER_CACHE[key]


def _run_block(task):
    """One block of trials: (name, params, method, counts, size, SeedSequence) -> (size, d) float64."""
    import numpy as np

    name, params, method, counts, size, seed_seq = task
    sim = _simulator(name, params)
    rng = np.random.default_rng(seed_seq)
    counts = np.asarray(counts, dtype=np.int64)
    if method == "sufficient":
        return sim.sufficient_many(counts, size, rng)
    values = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
    return sim.protocol_many(values, size, rng)


def block_tasks(name: str, params: dict, counts, trials: int, seed: int, method: str) -> list:
    """The fixed blocks of the seed tree (see the module docstring) as tasks of :func:`_run_block`."""
    import numpy as np

    blocks = math.ceil(trials / BLOCK)
    seqs = np.random.SeedSequence(seed).spawn(blocks)
    counts = tuple(int(c) for c in counts)
    return [(name, dict(params), method, counts, min(BLOCK, trials - i * BLOCK), seqs[i]) for i in range(blocks)]
