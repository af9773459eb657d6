"""Datasets given as counts per input: ``counts[x]`` clients hold value x."""

from __future__ import annotations

import itertools
import numbers
import re
from typing import Iterator, Sequence

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


def all_datasets(d: int, max_n: int, support: Sequence[int] | None = None, *, min_n: int = 1) -> Iterator[tuple]:
    """Every dataset of ``min_n`` .. ``max_n`` clients over d values (as counts), the smaller n first and, for one n,
    in the order of ``itertools.combinations_with_replacement`` over ``support`` (default: every value): the grid
    of datasets that the claim checks enumerate."""
    support = range(d) if support is None else support
    for n in range(min_n, max_n + 1):
        for combo in itertools.combinations_with_replacement(support, n):
            yield tuple(combo.count(x) for x in range(d))


def spread(n: int, f: int, others: int = 99) -> tuple:
    """n clients, f of them on value 0 and the other n - f spread evenly over ``others`` values (the first
    (n - f) mod others of them one more): the datasets of jiang-gcms Section VII (Figs. 4 and 6)."""
    rest, extra = divmod(n - f, others)
    return (f, *(rest + (1 if i < extra else 0) for i in range(others)))


def vertex(d: int, n: int = 1, v: int = 0) -> tuple:
    """The dataset of n clients all holding value v (a vertex of the simplex of datasets)."""
    return tuple(n if x == v else 0 for x in range(d))
