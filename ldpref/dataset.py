"""Datasets given as counts per input: ``counts[x]`` clients hold value x."""

from __future__ import annotations

import numbers
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


def parse_counts(text: str, d: int | None = None) -> tuple[int, ...]:
    """Parse ``"c0,c1,..."`` (command-line form)."""
    parts = [p.strip() for p in text.split(",")]
    values = []
    for x, p in enumerate(parts):
        try:
            values.append(int(p))
        except ValueError:
            raise DatasetError(f"counts[{x}] = {p!r} is not an integer") from None
    if d is None:
        d = len(values)
    return validate_counts(values, d)
