"""Simulated points: ``ldpref.simulation.simulator(name, **params).sufficient_many(counts, trials, rng)``.

The simulators are written on branches sim-pure / sim-sketch; when :mod:`ldpref.simulation` is absent (or does
not know a mechanism) the figure draws its theory curves only and says so in a note.  Error bars: one standard
error of the mean over the trials.
"""

from __future__ import annotations

import importlib.util

import numpy as np


def available() -> bool:
    return importlib.util.find_spec("ldpref.simulation") is not None


def estimates(name: str, params: dict, counts: np.ndarray, trials: int, rng: np.random.Generator):
    """(trials, d) frequency estimates, or None when the simulator is not available (the reason in the note)."""
    if not available():
        return None
    from ldpref import simulation

    if name not in simulation.SIMULATORS:
        return None
    return np.asarray(simulation.simulator(name, **params).sufficient_many(np.asarray(counts, dtype=np.int64),
                                                                            trials, rng))


def losses(f_hat: np.ndarray, f: np.ndarray, values) -> dict:
    """Per-figure metrics over the values of interest: worst-case MSE (pan-cms Eq. (22): max over x of the mean
    squared error over trials; error bar: the standard error at that x), l1 and l2 (mean over trials, s.e.)."""
    err = f_hat[:, values] - f[values]
    t = err.shape[0]
    sq = err ** 2
    per_x = sq.mean(axis=0)
    worst = int(np.argmax(per_x))
    l1 = np.abs(err).sum(axis=1)
    l2 = sq.sum(axis=1)
    se = lambda a: float(a.std(ddof=1) / np.sqrt(t)) if t > 1 else 0.0  # noqa: E731
    return {"mse": (float(per_x[worst]), se(sq[:, worst])), "l1": (float(l1.mean()), se(l1)),
            "l2": (float(l2.mean()), se(l2)), "var": (err.var(axis=0, ddof=1) if t > 1 else np.zeros(err.shape[1]))}
