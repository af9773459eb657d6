"""z checks shared by the simulation tests (tests/test_simulation_pure.py, tests/test_simulation_shipped.py).

For T trials of each method: a z per value for the mean against the exact E, a z for the sample variance
against the exact Var (standard error from the sample fourth central moment, valid without normality), and a
two-sample z between the methods; every |z| is compared with the Bonferroni threshold of ``alpha`` over all
of them, so the false-alarm rate of one call is at most ``alpha`` (asymptotically).
"""

from __future__ import annotations

import numpy as np

from ldpref.stats import normal_quantile


def z_values(protocol, sufficient, E, V) -> np.ndarray:
    """(mean z of each method, variance z of each method, two-sample z of the means), concatenated."""
    zs = []
    for sample in (protocol, sufficient):
        T = sample.shape[0]
        zs.append((sample.mean(0) - E) / np.sqrt(V / T))
        centred = sample - sample.mean(0)
        s2 = (centred**2).sum(0) / (T - 1)
        m4 = (centred**4).mean(0)
        zs.append((s2 - V) / np.sqrt((m4 - s2**2) / T))
    zs.append((protocol.mean(0) - sufficient.mean(0)) / np.sqrt(V / protocol.shape[0] + V / sufficient.shape[0]))
    return np.concatenate(zs)


def z_threshold(count: int, alpha: float) -> float:
    """The upper alpha/(2 count) point of N(0, 1): Bonferroni over ``count`` two-sided z tests."""
    return float(-normal_quantile(alpha / (2 * count)))
