"""Data files with a header: a CSV file read as one item per record from one named column (issue 24 item 6).

``csv:PATH[,column=NAME]`` (and a bare ``PATH`` or ``file:PATH`` ending in ``.csv``) reads the file with the
standard ``csv`` module: the first non-blank record is the header, every later non-blank record is one object
whose value is the text of column ``NAME`` (leading and trailing spaces stripped).  Without ``column=`` the file
must have exactly one column.  Blank lines are ignored; a record with a different number of fields than the
header, or an empty cell in the chosen column, is an error naming its line (nothing is dropped silently).
Values are mapped as for a text file (:func:`ldpref.data_specs.from_file`): if every value is a non-negative
integer, value ``i`` is ``i``; otherwise the distinct values in alphabetical order of their text.
"""

from __future__ import annotations

import csv
import os

from .errors import ParameterError
from .limits import check_count

#: the largest CSV file read (bytes), as for the other data files
MAX_CSV_BYTES = 2 * 10**9


def split_spec(rest: str) -> tuple[str, str | None]:
    """``PATH[,column=NAME]`` -> (PATH, NAME or None): the last ``,column=`` names the column."""
    path, sep, column = rest.rpartition(",column=")
    if not sep:
        return rest, None
    if not column.strip():
        raise ParameterError(f"dataset csv:{rest}: column= names no column")
    return path, column.strip()


def read_column(path: str, column: str | None, spec: str) -> dict[str, int]:
    """{value text: count} of one column of a CSV file with a header (see the module docstring)."""
    if not os.path.isfile(path):
        raise ParameterError(f"dataset {spec}: no such file {path}")
    check_count(f"dataset file {path}", os.path.getsize(path), limit=MAX_CSV_BYTES, unit="bytes")
    with open(path, encoding="utf-8", newline="") as fh:
        reader = csv.reader(fh)
        try:
            return _column_counts(reader, path, column, spec)
        except csv.Error as exc:  # a field over the csv module's limit, a NUL, a quote never closed at the end
            raise ParameterError(f"dataset {spec}: line {reader.line_num}: not a CSV record ({exc})") from None
        except UnicodeDecodeError as exc:
            raise ParameterError(f"dataset {spec}: not UTF-8 text (byte {exc.start} of a chunk near line "
                                 f"{reader.line_num + 1}: {exc.reason})") from None


def _column_counts(reader, path: str, column: str | None, spec: str) -> dict[str, int]:
    """{value text: count} of the records of ``reader`` (the header first)."""
    items: dict[str, int] = {}
    header, idx = None, None
    for record in reader:
        line = reader.line_num
        if not record or all(not cell.strip() for cell in record):
            continue
        if header is None:
            header = [cell.strip() for cell in record]
            if column is None:
                if len(header) != 1:
                    raise ParameterError(f"dataset {spec}: {len(header)} columns ({', '.join(header)}); "
                                         f"choose one with csv:{path},column=NAME")
                idx = 0
            elif column not in header:
                raise ParameterError(f"dataset {spec}: no column {column!r} (columns: {', '.join(header)})")
            else:
                idx = header.index(column)
            continue
        if len(record) != len(header):
            raise ParameterError(f"dataset {spec}: line {line} has {len(record)} fields, the header {len(header)}")
        item = record[idx].strip()
        if not item:
            raise ParameterError(f"dataset {spec}: line {line}: column {header[idx]!r} is empty")
        items[item] = items.get(item, 0) + 1
    if not items:
        raise ParameterError(f"dataset {spec}: the file holds no records (n = 0)")
    return items
