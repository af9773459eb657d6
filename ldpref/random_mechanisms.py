"""Seeded random exact mechanisms for checks and tests (every draw takes a numpy Generator)."""

from __future__ import annotations

import numpy as np
import sympy

from .mechanism import Mechanism


def random_perturbation_matrix(rng: np.random.Generator, d: int, n_outputs: int, *, max_weight: int = 6,
                               allow_zero: bool = False) -> sympy.Matrix:
    """A |U| x d column-stochastic matrix of rationals with full column rank.

    Each column is a vector of random integer weights (1..max_weight, or 0..max_weight when
    ``allow_zero``) divided by its sum.  Redrawn until the rank is d.
    """
    if not isinstance(rng, np.random.Generator):
        raise TypeError("rng must be a numpy.random.Generator (seeded for reproducibility)")
    low = 0 if allow_zero else 1
    while True:
        weights = rng.integers(low, max_weight + 1, size=(n_outputs, d))
        if (weights.sum(axis=0) == 0).any():
            continue
        P = sympy.Matrix(n_outputs, d, lambda u, x: sympy.Rational(int(weights[u, x]), int(weights[:, x].sum())))
        if P.rank() == d:
            return P


def random_mechanism(rng: np.random.Generator, d: int, n_outputs: int, **kwargs) -> Mechanism:
    """A random full-rank mechanism with its Moore-Penrose decoder."""
    P = random_perturbation_matrix(rng, d, n_outputs, **kwargs)
    return Mechanism(P.tolist(), name=f"random(d={d}, U={n_outputs})")


def random_unbiased_decoder(rng: np.random.Generator, P: sympy.Matrix, Q0: sympy.Matrix, *,
                            scale: int = 3) -> sympy.Matrix:
    """``Q0 + Z N`` where the rows of N span the left null space of P (so (Q0 + Z N) P = Q0 P) and Z
    has random small rational entries: another decoder with the same bias as Q0."""
    null = P.T.nullspace()  # vectors w with P^T w = 0, i.e. w^T P = 0
    Q = Q0
    for w in null:
        coeffs = sympy.Matrix(Q0.shape[0], 1, lambda *_: sympy.Rational(int(rng.integers(-scale, scale + 1)),
                                                                         int(rng.integers(1, scale + 1))))
        Q = Q + coeffs * w.T
    return Q
