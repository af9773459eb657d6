"""The noisy threshold of jiang-gcms Algorithm 6: release bin ``i`` iff ``count_i + Lap(b) >= T``.

Two paths, both returning which bins pass:

- ``"opendp"``: OpenDP's ``make_laplace_threshold`` (Rogers 2023 propose-test-release), whose samplers are
  exact and safe against floating-point attacks (Mironov 2012) and which comes with a privacy map for this
  very release.  Counts are given as floats, so OpenDP adds *continuous* Laplace noise rounded to the grid
  ``2^k`` (``k`` left at OpenDP's default, the finest granularity) and keeps a bin unless its noisy count is
  ``< T``: the comparison is ``>= T``, the paper's.  With integer counts OpenDP would use the discrete
  Laplace and an integer threshold, a different law; we do not use it.  OpenDP marks this constructor
  ``contrib`` (its proof is written but not yet vetted by OpenDP's own process), so :func:`_opendp` calls
  ``enable_features("contrib")``; that is acceptable here because the proof exists, the measurement is the
  exact release the paper describes, and the flag only unlocks the constructor (it changes no sampler).
  OpenDP draws from the operating system's CSPRNG: this path cannot be seeded.
- ``"reference"``: the paper's semantics literally, continuous Laplace ``numpy.Generator.laplace(0, b)`` in
  float64 and ``count + noise >= T``; seeded, for tests and experiments.  Not safe against floating-point
  attacks; never the default of the protocol.

For a bin of count ``c`` both give release probability ``P(Lap(b) >= T - c)`` (OpenDP up to its grid
rounding): ``exp(-(T - c)/b)/2`` when ``c <= T``, ``1 - exp((T - c)/b)/2`` otherwise
(:func:`release_probability`).
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import ParameterError
from .params import check_threshold

NOISE_METHODS = ("opendp", "reference")


def release_probability(count: int, b: float, T: float) -> float:
    """``P(count + Lap(b) >= T)`` for continuous Laplace noise of scale ``b`` (float)."""
    gap = T - count
    return 0.5 * math.exp(-gap / b) if gap >= 0 else 1.0 - 0.5 * math.exp(gap / b)


def threshold_release(counts, b: float, T: float, *, method: str = "opendp",
                      rng: np.random.Generator | None = None) -> np.ndarray:
    """A boolean mask over ``counts`` (bins in a fixed order): which bins Algorithm 6 releases.

    ``method="reference"`` needs ``rng`` and draws exactly one Laplace variate per bin, in order, so two
    callers with the same counts and the same generator state get the same mask."""
    params = check_threshold(b, T)
    counts = np.asarray(counts, dtype=np.int64)
    if counts.ndim != 1 or (counts.size and counts.min() < 1):
        raise ParameterError("counts: expected a one-dimensional array of positive bin counts")
    if method == "reference":
        if rng is None:
            raise ParameterError("the reference noise path needs a seeded numpy Generator (rng=...)")
        noise = rng.laplace(0.0, params.b, size=counts.size)
        return counts + noise >= params.T
    if method == "opendp":
        if not counts.size:
            return np.zeros(0, dtype=bool)
        measurement = opendp_measurement(params.b, params.T)
        released = measurement({i: float(c) for i, c in enumerate(counts.tolist())})
        mask = np.zeros(counts.size, dtype=bool)
        mask[list(released.keys())] = True
        return mask
    raise ParameterError(f"noise method {method!r}: expected one of {', '.join(NOISE_METHODS)}")


def opendp_measurement(b: float, T: float):
    """OpenDP's Laplace threshold release on a map bin index -> float count (scale ``b``, threshold ``T``)."""
    dp = _opendp()
    domain = dp.map_domain(dp.atom_domain(T=int), dp.atom_domain(T=float, nan=False))
    metric = dp.l01inf_distance(dp.absolute_distance(T=float))
    return dp.m.make_laplace_threshold(domain, metric, scale=float(b), threshold=float(T))


def opendp_privacy(b: float, T: float) -> tuple[float, float]:
    """OpenDP's (eps, delta) for the release when one client is added or removed: one bin changes by one,
    so the input distance (l0, l1, linf) is (1, 1, 1)."""
    params = check_threshold(b, T)
    eps, delta = opendp_measurement(params.b, params.T).map((1, 1.0, 1.0))
    return float(eps), float(delta)


def _opendp():
    try:
        import opendp.prelude as dp
    except ModuleNotFoundError:
        raise ParameterError("the OpenDP noise path needs opendp: pip install 'ldpref[discovery]'") from None
    dp.enable_features("contrib")
    return dp
