"""Hash families as simulated clients and servers evaluate them (pan-cms Eq. (18), Sections 3.5, 3.6;
pan-strict Section 5.2; the ideal family of pan-cms Theorem 3.10 / jiang-gcms Section IV).

Each sampler numbers its functions exactly as the exact builder does (so function j here is
``family.functions[j]`` of :mod:`ldpref.hashing` / :mod:`ldpref.mechanisms.prime_cms`) and evaluates
``h_j(x)`` for arrays of (j, x) by arithmetic, never by listing the family:

* :class:`GF2Affine` -- ``h_{a0,a1}(x) = a0 + a1 x`` in GF(2^l) (carry-less multiply, :mod:`.gf2`),
  optionally reduced mod m; ``j = a0 2^l + a1``.
* :class:`PrimeAffine` -- ``((a x + b) mod d') mod m``, a in 1..d'-1; ``j = (a - 1) d' + b``.
* :class:`Table` -- a k x d table of values (the seeded random family, or one draw of the ideal family).
"""

from __future__ import annotations

import numpy as np

from ..limits import check_count
from . import gf2

#: Largest number of hash values evaluated in one vector operation (memory per chunk ~ 8 bytes each).
CHUNK = 1 << 22
#: Largest k x d table (or k x d evaluation) held at once by a simulator.
MAX_TABLE = 5 * 10**7


class HashSampler:
    """k functions [d] -> [m]; subclasses implement :meth:`hash`."""

    k: int
    m: int
    d: int

    def hash(self, j: np.ndarray, x: np.ndarray) -> np.ndarray:
        """``h_j(x)`` elementwise (broadcast)."""
        raise NotImplementedError

    def gather(self, rows: np.ndarray, W: np.ndarray, trial: np.ndarray | None = None, trials: int = 1) -> np.ndarray:
        """``T[t, v] = sum_{i : trial[i] = t} W[i, h_{rows[i]}(v)]`` for every v in [d] (the server's sketch
        lookup), in chunks; shape (trials, d).  ``trial`` defaults to all rows in trial 0."""
        T = np.zeros((trials, self.d))
        if len(rows) == 0:
            return T
        step = max(1, CHUNK // self.d)
        values = np.arange(self.d, dtype=np.int64)
        for start in range(0, len(rows), step):
            block = rows[start:start + step]
            h = self.hash(block[:, None], values[None, :])  # (block, d)
            vals = np.take_along_axis(W[start:start + step], h, axis=1)
            if trial is None:
                T[0] += vals.sum(axis=0)
            else:
                np.add.at(T, trial[start:start + step], vals)
        return T

    def full_table(self) -> np.ndarray:
        """Every ``h_j(x)`` as a k x d array (refused beyond :data:`MAX_TABLE` values)."""
        check_count(f"hash table k x d = {self.k} x {self.d}", self.k * self.d, limit=MAX_TABLE, unit="hash values",
                    alternative="use a smaller k or d")
        j = np.arange(self.k, dtype=np.int64)
        return self.hash(j[:, None], np.arange(self.d, dtype=np.int64)[None, :])


class GF2Affine(HashSampler):
    """pan-cms Eq. (18) (``m = 2^l``) or Section 3.5 (``mod m``)."""

    def __init__(self, l: int, d: int, m: int | None = None):
        self.l, self.d = l, d
        self.size = 1 << l
        self.m = self.size if m is None else m
        self.mod = m is not None
        self.k = self.size * self.size

    def hash(self, j, x):
        j = np.asarray(j, dtype=np.int64)
        y = gf2.affine(j >> self.l, j & (self.size - 1), x, self.l)
        return y % self.m if self.mod else y


class PrimeAffine(HashSampler):
    """pan-strict Section 5.2: ``((a x + b) mod d') mod m``, a in 1..d'-1, b in 0..d'-1."""

    def __init__(self, d: int, d_prime: int, m: int):
        self.d, self.dp, self.m = d, d_prime, m
        self.k = (d_prime - 1) * d_prime

    def hash(self, j, x):
        j = np.asarray(j, dtype=np.int64)
        a, b = j // self.dp + 1, j % self.dp
        return ((a * np.asarray(x, dtype=np.int64) + b) % self.dp) % self.m


class Table(HashSampler):
    """Functions given by value: ``table[j, x]``."""

    def __init__(self, table: np.ndarray, m: int):
        self.table = np.asarray(table, dtype=np.int64)
        self.k, self.d = self.table.shape
        self.m = m

    def hash(self, j, x):
        return self.table[j, x]

    def full_table(self):
        return self.table


def random_table(d: int, m: int, k: int, rng: np.random.Generator) -> np.ndarray:
    """k functions with independent uniform values: the same draw as :func:`ldpref.hashing.random_family`
    with the same generator (``rng.integers(0, m, size=(k, d))``)."""
    check_count(f"random hash table k x d = {k} x {d}", k * d, limit=MAX_TABLE, unit="hash values",
                alternative="use a smaller k or d")
    return rng.integers(0, m, size=(k, d))
