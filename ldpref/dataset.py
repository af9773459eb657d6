"""Datasets given as counts per input: ``counts[x]`` clients hold value x."""

from __future__ import annotations

import numbers
import re
from typing import Sequence

from .errors import DatasetError


def validate_counts(counts: Sequence, d: int) -> tuple[int, ...]:
    """Return the counts as a tuple of ints after checking them against a mechanism with d inputs.

    Counts must be non-negative integers (a float, even 2.0, is a ``TypeError``), there must be
    exactly d of them and at least one client.
    """
    if isinstance(counts, (str, bytes)):
        raise TypeError("counts: expected a sequence of integers, got a string")
    counts = list(counts)
    if len(counts) != d:
        raise DatasetError(f"counts: {len(counts)} entries for a mechanism with d = {d} inputs")
    if all(type(c) is int for c in counts):  # the common case, checked in bulk (d can be 10^6)
        if min(counts) >= 0:
            if sum(counts) == 0:
                raise DatasetError("counts: the dataset is empty (n = 0)")
            return tuple(counts)
    out = []
    for x, c in enumerate(counts):
        if isinstance(c, bool) or not isinstance(c, numbers.Integral):
            raise TypeError(f"counts[{x}] = {c!r} is not an integer count")
        if c < 0:
            raise DatasetError(f"counts[{x}] = {c} is negative")
        out.append(int(c))
    if sum(out) == 0:
        raise DatasetError("counts: the dataset is empty (n = 0)")
    return tuple(out)


#: a count on the command line: ASCII digits only (``int()`` would also take ``1_0`` and non-ASCII digits)
_COUNT_RE = re.compile(r"[+-]?[0-9]{1,30}", re.ASCII)


def parse_counts(text: str, d: int | None = None) -> tuple[int, ...]:
    """Parse ``"c0,c1,..."`` (command-line form); each count is written with ASCII digits (at most 30)."""
    parts = [p.strip() for p in text.split(",")]
    if d is not None and len(parts) != d:
        raise DatasetError(f"counts: {len(parts)} entries for a mechanism with d = {d} inputs")
    values = []
    for x, p in enumerate(parts):
        if not _COUNT_RE.fullmatch(p):
            raise DatasetError(f"counts[{x}] = {p!r} is not an integer (ASCII digits, at most 30)")
        values.append(int(p))
    if d is None:
        d = len(values)
    return validate_counts(values, d)
