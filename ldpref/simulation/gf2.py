"""Vectorised GF(2^l) arithmetic for simulated clients (pan-cms Eq. (18), Section 3.5), l = 1..32.

The same field as :func:`ldpref.hashing.gf2_multiply` -- carry-less multiplication reduced modulo
``ldpref.hashing.IRREDUCIBLE[l]`` -- run on whole numpy arrays at once (uint64 shift-and-xor): one pass per
bit of the multiplier, so a product of two arrays costs ``l`` vector operations whatever their length.
Intermediate values stay below 2^(l+1) <= 2^33, so uint64 never overflows.

:func:`multiply_by_constants` serves a server that evaluates many clients' functions on the same few
values (pan-cms Section 6's values of interest): ``a -> a c`` is GF(2)-linear in ``a``, so with the
products ``(b 2^(8i)) c`` for every byte b (computed by :func:`multiply`) a product is the XOR of one
table row per byte of ``a`` -- ceil(l/8) gathers instead of l shift-and-xor passes.
"""

from __future__ import annotations

import numpy as np

from ..errors import ParameterError
from ..hashing import IRREDUCIBLE, MAX_L


def _check_l(l) -> int:
    if isinstance(l, bool) or not isinstance(l, (int, np.integer)) or int(l) not in IRREDUCIBLE:
        raise ParameterError(f"GF(2^l) is supported for l = 1..{MAX_L}, not {l}")
    return int(l)


def _elements(a, l: int, what: str) -> np.ndarray:
    """``a`` as uint64 after checking every entry is in 0..2^l-1 (negative or too large: ParameterError)."""
    arr = np.asarray(a)
    if arr.dtype.kind not in "iu":
        raise ParameterError(f"{what} must be integers, not {arr.dtype}")
    size = 1 << l
    if arr.size and (int(arr.min()) < 0 or int(arr.max()) >= size):
        raise ParameterError(f"{what} outside GF(2^{l}) = 0..{size - 1}")
    return arr.astype(np.uint64)


def multiply(a, b, l: int) -> np.ndarray:
    """Elementwise product ``a * b`` in GF(2^l) of two broadcastable int arrays with entries in 0..2^l-1
    (int64 result)."""
    l = _check_l(l)
    a = _elements(a, l, "multiplicand")
    b = _elements(b, l, "multiplier")
    a, b = np.broadcast_arrays(a, b)
    a = a.copy()
    result = np.zeros(a.shape, dtype=np.uint64)
    poly, top = np.uint64(IRREDUCIBLE[l]), np.uint64(1 << l)
    one, zero = np.uint64(1), np.uint64(0)
    for bit in range(l):
        result ^= np.where((b >> np.uint64(bit)) & one, a, zero)
        a <<= one
        a ^= np.where(a & top, poly, zero)
    return result.astype(np.int64)


def multiply_by_constants(a, constants, l: int) -> np.ndarray:
    """``out[..., i] = a[...] * constants[i]`` in GF(2^l) (shape ``a.shape + (len(constants),)``, int64), by
    byte tables built with :func:`multiply` (see the module docstring)."""
    l = _check_l(l)
    a = _elements(a, l, "multiplicand")
    c = _elements(np.asarray(constants).ravel(), l, "constant")
    out = np.zeros(a.shape + (len(c),), dtype=np.int64)
    for i in range(0, l, 8):
        width = min(8, l - i)
        byte = np.arange(1 << width, dtype=np.int64) << i  # every value of bits i..i+width-1
        table = multiply(byte[:, None], c[None, :].astype(np.int64), l)  # (2^width, len(c))
        out ^= table[((a >> np.uint64(i)) & np.uint64((1 << width) - 1)).astype(np.intp)]
    return out


def affine(a0, a1, x, l: int) -> np.ndarray:
    """``a0 + a1 x`` in GF(2^l) (pan-cms Eq. (18)): addition is XOR."""
    return np.asarray(a0, dtype=np.int64) ^ multiply(a1, x, l)
