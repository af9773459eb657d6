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


def constant_tables(constants, l: int) -> list[tuple[int, int, np.ndarray]]:
    """The byte tables of ``a -> a c`` for the given constants: ``(shift, width, table)`` with
    ``table[b, i] = (b 2^shift) constants[i]`` for every b < 2^width (uint32: l <= 32), built by
    :func:`multiply`.  Build once, apply with :func:`apply_tables` to many multiplicands."""
    l = _check_l(l)
    c = _elements(np.asarray(constants).ravel(), l, "constant").astype(np.int64)
    out = []
    for shift in range(0, l, 8):
        width = min(8, l - shift)
        byte = np.arange(1 << width, dtype=np.int64) << shift  # every value of bits shift..shift+width-1
        out.append((shift, width, multiply(byte[:, None], c[None, :], l).astype(np.uint32)))
    return out


def apply_tables(a, tables, l: int) -> np.ndarray:
    """``out[..., i] = a[...] * constants[i]`` from :func:`constant_tables` (shape ``a.shape + (len(constants),)``,
    uint32): the XOR of one table row per byte of ``a`` (GF(2)-linearity of ``a -> a c``)."""
    a = _elements(a, _check_l(l), "multiplicand")
    out = None
    for shift, width, table in tables:
        rows = table[((a >> np.uint64(shift)) & np.uint64((1 << width) - 1)).astype(np.intp)]
        if out is None:
            out = rows
        else:
            out ^= rows
    return out


def multiply_by_constants(a, constants, l: int) -> np.ndarray:
    """``out[..., i] = a[...] * constants[i]`` in GF(2^l), uint32 (see the module docstring)."""
    return apply_tables(a, constant_tables(constants, l), l)


def affine(a0, a1, x, l: int) -> np.ndarray:
    """``a0 + a1 x`` in GF(2^l) (pan-cms Eq. (18)): addition is XOR."""
    return np.asarray(a0, dtype=np.int64) ^ multiply(a1, x, l)
