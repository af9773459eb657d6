"""Vectorised GF(2^l) arithmetic for simulated clients (pan-cms Eq. (18), Section 3.5).

The same field as :func:`ldpref.hashing.gf2_multiply` -- carry-less multiplication reduced modulo
``ldpref.hashing.IRREDUCIBLE[l]`` -- run on whole numpy arrays at once: one pass per bit of the
multiplier, so a product of two arrays costs ``l`` vector operations whatever their length.
"""

from __future__ import annotations

import numpy as np

from ..errors import ParameterError
from ..hashing import IRREDUCIBLE


def multiply(a, b, l: int) -> np.ndarray:
    """Elementwise product ``a * b`` in GF(2^l) of two broadcastable int arrays with entries in 0..2^l-1."""
    if l not in IRREDUCIBLE:
        raise ParameterError(f"GF(2^l) is supported for l = 1..16, not {l}")
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    size = 1 << l
    if a.size and (a.min() < 0 or a.max() >= size):
        raise ParameterError(f"multiplicand outside GF(2^{l}) = 0..{size - 1}")
    if b.size and (b.min() < 0 or b.max() >= size):
        raise ParameterError(f"multiplier outside GF(2^{l}) = 0..{size - 1}")
    a, b = np.broadcast_arrays(a, b)
    a = a.copy()
    result = np.zeros(a.shape, dtype=np.int64)
    poly = IRREDUCIBLE[l]
    for bit in range(l):
        result ^= np.where((b >> bit) & 1, a, 0)
        a <<= 1
        a ^= np.where(a & size, poly, 0)
    return result


def affine(a0, a1, x, l: int) -> np.ndarray:
    """``a0 + a1 x`` in GF(2^l) (pan-cms Eq. (18)): addition is XOR."""
    return np.asarray(a0, dtype=np.int64) ^ multiply(a1, x, l)
