"""A data set of strings for jiang-gcms Section VII-E: one client per whitespace-separated item of a text file.

For the Kosarak click stream (``kosarak/kosarak-head.dat`` of :mod:`ldpref.bundled_data`, one transaction per
line, item ids separated by spaces) this makes every item occurrence one client whose string is the item id (the paper's
URL data set, one URL per line, is not available).  An empty file, or one that is not UTF-8 text (a NUL byte, an invalid
sequence), is refused with one line.
"""

from __future__ import annotations

import os
from collections import Counter

from ..errors import ParameterError
from ..limits import check_count
from .messages import MAX_ITEM_BYTES

#: largest data file read (bytes)
MAX_DATA_BYTES = 10**9


def read_items(path) -> list[str]:
    """The items of ``path`` in file order (one per whitespace-separated token)."""
    size = os.stat(path).st_size
    check_count(f"data file {path}", size, limit=MAX_DATA_BYTES, unit="bytes")
    with open(path, "rb") as fh:
        raw = fh.read()
    nul = raw.find(b"\x00")
    if nul >= 0:
        raise ParameterError(f"data file {path}: binary (NUL byte at offset {nul}); expected UTF-8 text")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParameterError(f"data file {path}: not UTF-8 text (invalid byte at offset {exc.start})") from None
    items = text.split()
    if not items:
        raise ParameterError(f"data file {path}: no items (empty or only white space)")
    longest = max(items, key=len)
    if len(longest.encode("utf-8")) > MAX_ITEM_BYTES:
        raise ParameterError(f"data file {path}: an item of {len(longest.encode('utf-8'))} bytes "
                             f"(at most {MAX_ITEM_BYTES})")
    return items


def histogram(items) -> Counter:
    """Ground truth: item -> number of clients holding it."""
    return Counter(items)
