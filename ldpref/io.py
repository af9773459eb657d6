"""JSON documents: mechanism files (``ldpref.mechanism/1``) and audit reports (``ldpref.audit/1``).

Mechanism file::

    {"format": "ldpref.mechanism/1", "name": str, "inputs": d, "outputs": [str, ...],
     "P": [[str, ...], ...],   # |U| rows of d exact rationals such as "1/3"
     "Q": [[str, ...], ...]}   # optional: d rows of |U|; absent means Moore-Penrose (P^T P)^-1 P^T

Numbers are strings holding an integer or ``p/q``; a JSON number or a decimal string is refused
(``TypeError``), so no float ever enters.
"""

from __future__ import annotations

import json
from typing import Any

import sympy

from . import linalg
from .errors import FormatError
from .exact import parse_rational
from .mechanism import Mechanism

MECHANISM_FORMAT = "ldpref.mechanism/1"
AUDIT_FORMAT = "ldpref.audit/1"


def mechanism_to_json(mech: Mechanism, *, include_decoder: bool = True) -> dict[str, Any]:
    if not mech.is_rational:
        raise TypeError(
            f"{mech.name}: entries are not rational ({mech.domain}); a mechanism file holds exact rationals "
            f"only (for SUE give exp_eps as the square of a rational, e.g. 4 or 9/4)"
        )
    doc = {
        "format": MECHANISM_FORMAT,
        "name": mech.name,
        "inputs": mech.d,
        "outputs": list(mech.outputs),
        "P": [[str(x) for x in row] for row in linalg.to_rows(mech.P)],
    }
    if include_decoder:
        doc["Q"] = [[str(x) for x in row] for row in linalg.to_rows(mech.Q)]
    return doc


def _entries(rows, what: str, n_rows: int, n_cols: int):
    if not isinstance(rows, list) or len(rows) != n_rows:
        raise FormatError(f"{what}: expected a list of {n_rows} rows")
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != n_cols:
            raise FormatError(f"{what}[{i}]: expected a list of {n_cols} entries")
        parsed = []
        for j, x in enumerate(row):
            if isinstance(x, bool) or not isinstance(x, (str, int)):
                raise TypeError(
                    f"{what}[{i}][{j}] = {x!r}: entries must be strings such as \"1/3\" (or integers); "
                    f"a JSON float is not exact"
                )
            parsed.append(sympy.Integer(x) if isinstance(x, int) else parse_rational(x, what=f"{what}[{i}][{j}]"))
        out.append(parsed)
    return out


def mechanism_from_json(doc: dict[str, Any]) -> Mechanism:
    if not isinstance(doc, dict):
        raise FormatError("a mechanism file holds one JSON object")
    if doc.get("format") != MECHANISM_FORMAT:
        raise FormatError(f"format is {doc.get('format')!r}, expected {MECHANISM_FORMAT!r}")
    unknown = set(doc) - {"format", "name", "inputs", "outputs", "P", "Q"}
    if unknown:
        raise FormatError(f"unknown keys {sorted(unknown)}")
    for key in ("inputs", "outputs", "P"):
        if key not in doc:
            raise FormatError(f"missing key {key!r}")
    d = doc["inputs"]
    if isinstance(d, bool) or not isinstance(d, int):
        raise FormatError(f"inputs = {d!r} must be an integer")
    outputs = doc["outputs"]
    if not isinstance(outputs, list) or not all(isinstance(u, str) for u in outputs):
        raise FormatError("outputs must be a list of strings")
    P = _entries(doc["P"], "P", len(outputs), d)
    Q = _entries(doc["Q"], "Q", d, len(outputs)) if "Q" in doc else None
    return Mechanism(P, Q, outputs=outputs, name=str(doc.get("name", "mechanism")))


def load_mechanism(path: str) -> Mechanism:
    try:
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
    except json.JSONDecodeError as exc:
        raise FormatError(f"{path}: not valid JSON ({exc})") from None
    return mechanism_from_json(doc)
