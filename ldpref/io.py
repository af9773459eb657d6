"""JSON documents: mechanism files (``ldpref.mechanism/1``) and audit reports (``ldpref.audit/1``).

Mechanism file (JSON Schema: ``ldpref/schemas/mechanism-1.schema.json``, draft 2020-12, shipped with the
package; documented in ``docs/mechanism-file.md``)::

    {"format": "ldpref.mechanism/1",   # required, exactly this string
     "name": str,                      # optional display name
     "inputs": d,                      # required JSON integer >= 1
     "outputs": [str, ...],            # required, the |U| output labels (at least one)
     "P": [[str, ...], ...],           # required: |U| rows of d exact numbers such as "1/3" or "sqrt(3)/(sqrt(3) + 1)"
     "Q": [[str, ...], ...]}           # optional: d rows of |U|; absent means Moore-Penrose (P^T P)^-1 P^T

No other key is allowed.  Numbers are strings holding an integer or ``p/q`` (or JSON integers), or an exact
constant of the number grammar (:mod:`ldpref.number_syntax`) that names ``sqrt``, ``exp``, ``ln``/``log`` or
``e`` (symbolic entries, e.g. SUE at a non-square e^eps); a JSON float or a decimal string is refused, so no
float ever enters.  Reading a file (:func:`load_mechanism`):

1. the file size and its UTF-8 text are checked (a binary file is named, not reported as a codec error);
2. the document is validated against the schema with the ``jsonschema`` library (JSON integers only where
   the schema says integer: ``2.0`` is a float, not an integer); the first error is one line naming the file
   and the JSON path (``$.P[0][1]``) or the missing key;
3. the declared size (``inputs`` x ``len(outputs)`` exact entries in P and Q) is checked against the limits
   rule (:mod:`ldpref.limits`) before any entry is parsed;
4. row lengths are checked against ``inputs`` and ``outputs`` and the entries parsed exactly; the
   :class:`~ldpref.mechanism.Mechanism` then checks that P is a mechanism (and Q a decoder).
"""

from __future__ import annotations

import functools
import json
import os
import re
from importlib import resources
from typing import Any

import jsonschema
import sympy

from .errors import FormatError, MechanismError
from .exact import parse_rational
from .limits import LIMIT_BYTES, check_count, check_matrix
from .mechanism import Mechanism

MECHANISM_FORMAT = "ldpref.mechanism/1"
#: an entry that is an integer or p/q (anything else must be a constant of the number grammar)
RATIONAL_ENTRY = re.compile(r"^\s*[+-]?[0-9]+\s*(/\s*[0-9]+\s*)?$", re.ASCII)
AUDIT_FORMAT = "ldpref.audit/1"
REQUIRED_KEYS = ("format", "inputs", "outputs", "P")
OPTIONAL_KEYS = ("name", "Q")
#: Bytes of Python objects per byte of mechanism-file text while ``json.load`` parses it (measured about 4-6
#: for files of rational strings; rounded up): a file larger than LIMIT_BYTES / this is refused unread.
PARSE_BYTES_PER_FILE_BYTE = 10
#: the most digits of one integer in an entry (Python converts at most 4300 digits from text by default)
MAX_ENTRY_DIGITS = 4000


def mechanism_to_json(mech: Mechanism, *, include_decoder: bool = True) -> dict[str, Any]:
    """The ``ldpref.mechanism/1`` document of a rational mechanism (entries ``"p/q"``).  For irrational
    entries see :func:`symbolic_mechanism_to_json`."""
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
        "P": _rational_rows(mech.P),
    }
    if include_decoder:
        doc["Q"] = _rational_rows(mech.Q)
    return doc


def symbolic_mechanism_to_json(mech: Mechanism, symbol: sympy.Symbol, value: sympy.Expr, *,
                               include_decoder: bool = True) -> dict[str, Any]:
    """The document of a mechanism whose entries are rational functions of ``symbol``, with ``symbol = value``
    substituted in the text: every entry is written factored, in the number grammar of
    :mod:`ldpref.number_syntax` (e.g. ``"sqrt(3)**2/(sqrt(3) + 1)**3"`` for SUE at e^eps = 3, where
    ``symbol`` is e^(eps/2) and ``value`` is ``sqrt(3)``), so the file is exact and short.  ``value`` must
    print in that grammar (integers, p/q, sqrt, exp, ln)."""
    text_of_value = _grammar_text(value)
    cache = {}

    def text(entry) -> str:
        if entry not in cache:
            expr = sympy.factor(entry)
            cache[entry] = str(expr) if not expr.free_symbols else _grammar_text(expr, {symbol: text_of_value})
        return cache[entry]

    rows = lambda matrix: [[text(x) for x in row] for row in matrix.to_Matrix().tolist()]  # noqa: E731
    doc = {"format": MECHANISM_FORMAT, "name": mech.name, "inputs": mech.d, "outputs": list(mech.outputs),
           "P": rows(mech.P)}
    if include_decoder:
        doc["Q"] = rows(mech.Q)
    return doc


def _grammar_text(expr, names: dict | None = None) -> str:
    """``expr`` printed in the exact-number grammar (``e`` for E, integer powers, sqrt), symbols by ``names``."""
    from sympy.printing.str import StrPrinter

    class _Printer(StrPrinter):
        def _print_Symbol(self, sym):
            if names and sym in names:
                text = names[sym]
                return text if re.fullmatch(r"[a-z]+\([^()]*\)|e", text) else f"({text})"
            raise TypeError(f"{sym} cannot be written in a mechanism file")

        def _print_Exp1(self, _):
            return "e"

        def _print_Pow(self, power, rational=False):
            if power.exp.is_Rational and not power.exp.is_Integer and power.exp != sympy.S.Half:
                raise TypeError(f"{power}: only square roots can be written in a mechanism file")
            return super()._print_Pow(power, rational)

    return _Printer({"order": "none"}).doprint(expr)


def _rational_text(q) -> str:
    """``"p/q"`` or ``"p"`` of a QQ element (flint's fmpq or sympy's PythonMPQ): the text sympy's ``str`` gives
    a Rational, without building one (the printer costs about 20 microseconds an entry)."""
    num, den = int(q.numerator), int(q.denominator)
    return str(num) if den == 1 else f"{num}/{den}"


def _rational_rows(matrix) -> list[list[str]]:
    return [[_rational_text(x) for x in row] for row in matrix.to_list()]


@functools.cache
def mechanism_schema() -> dict:
    """The JSON Schema of ``ldpref.mechanism/1`` shipped in ``ldpref/schemas``."""
    text = resources.files("ldpref").joinpath("schemas/mechanism-1.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def _is_json_integer(checker, instance) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)  # 2.0 is a float, not an integer


@functools.cache
def _validator():
    checker = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_json_integer)
    cls = jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=checker)
    return cls(mechanism_schema())


def _schema_error_line(error) -> str:
    """One line for a schema violation: the JSON path and what is wrong, in the file's terms."""
    path = error.json_path
    if error.validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        return (f"missing key {missing[0]!r} (a {MECHANISM_FORMAT} file needs {', '.join(REQUIRED_KEYS)}; "
                f"optional: {', '.join(OPTIONAL_KEYS)})")
    if error.validator == "additionalProperties":
        extra = sorted(k for k in error.instance if k not in error.schema.get("properties", {}))
        return f"unknown key(s) {', '.join(map(repr, extra))} (allowed: {', '.join(REQUIRED_KEYS + OPTIONAL_KEYS)})"
    if error.validator == "const" and path == "$.format":
        return f"$.format = {error.instance!r}, expected {MECHANISM_FORMAT!r}"
    if error.validator == "anyOf" and error.schema.get("description", "").startswith("an exact rational"):
        value = error.instance
        if isinstance(value, float):
            return (f"{path} = {value!r} is a JSON float; entries must be strings such as \"1/3\" (or integers): "
                    f"a float is not exact")
        return f"{path} = {value!r} is not an exact rational (an integer or p/q string such as \"1/3\")"
    if error.validator == "type":
        return f"{path} = {_short(error.instance)} must be {_kind(error.validator_value)}"
    return f"{path}: {error.message}"


def _short(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind(kind) -> str:
    return {"integer": "a JSON integer", "string": "a string", "array": "a list", "object": "a JSON object"}.get(
        kind, str(kind))


def validate_mechanism_document(doc: Any, *, source: str = "mechanism") -> None:
    """Validate ``doc`` against the ``ldpref.mechanism/1`` schema; raise :class:`FormatError` (one line
    naming ``source`` and the JSON path or the missing key) on the first violation."""
    errors = sorted(_validator().iter_errors(doc), key=lambda e: (len(e.path), list(map(str, e.path))))
    if errors:
        raise FormatError(f"{source}: {_schema_error_line(errors[0])}")


def _entries(rows, what: str, n_rows: int, n_cols: int, source: str):
    if len(rows) != n_rows:
        raise FormatError(f"{source}: $.{what}: expected a list of {n_rows} rows, got {len(rows)}")
    out = []
    for i, row in enumerate(rows):
        if len(row) != n_cols:
            raise FormatError(f"{source}: $.{what}[{i}]: expected a list of {n_cols} entries, got {len(row)}")
        parsed = []
        for j, x in enumerate(row):
            if isinstance(x, bool) or not isinstance(x, (str, int)):  # the schema refused these already
                raise TypeError(f"{source}: $.{what}[{i}][{j}] = {x!r}: entries must be strings such as \"1/3\" "
                                f"(or integers); a JSON float is not exact")
            parsed.append(sympy.Integer(x) if isinstance(x, int) else _entry(x, f"{source}: $.{what}[{i}][{j}]"))
        out.append(parsed)
    return out


def _entry(text: str, what: str) -> sympy.Expr:
    """An entry: ``p/q``, or an exact constant of the number grammar (``sqrt(3)/(sqrt(3) + 1)``, ``exp(1/2)``)."""
    from .number_syntax import parse_number

    longest = max((len(run) for run in re.findall(r"[0-9]+", text, re.ASCII)), default=0)
    if longest > MAX_ENTRY_DIGITS:  # Python refuses to convert it (int-string limit): say so in the file's terms
        raise FormatError(f"{what}: an integer of {longest:,} digits; an entry's integers have at most "
                          f"{MAX_ENTRY_DIGITS:,} digits")
    if RATIONAL_ENTRY.match(text):
        return parse_rational(text, what=what)
    return parse_number(text, what=what, irrational=True)


def mechanism_from_json(doc: dict[str, Any], *, source: str = "mechanism") -> Mechanism:
    """A :class:`Mechanism` from a parsed ``ldpref.mechanism/1`` document (schema, size, then entries)."""
    validate_mechanism_document(doc, source=source)
    d, outputs = doc["inputs"], doc["outputs"]
    check_matrix(f"{source}: the mechanism file declares d = {d} inputs and", len(outputs), d,
                 decoder=True)
    P = _entries(doc["P"], "P", len(outputs), d, source)
    Q = _entries(doc["Q"], "Q", d, len(outputs), source) if "Q" in doc else None
    try:
        return Mechanism(P, Q, outputs=outputs, name=str(doc.get("name", "mechanism")))
    except MechanismError as exc:  # same error, with the file named
        raise type(exc)(f"{source}: {exc}") from None


def load_mechanism(path: str) -> Mechanism:
    """Read, validate, size-check and build a mechanism file (see the module docstring)."""
    size = os.path.getsize(path)
    check_count(f"reading the mechanism file {path} ({size:,} bytes)", size * PARSE_BYTES_PER_FILE_BYTE,
                limit=LIMIT_BYTES, unit="bytes of parsed JSON")
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:  # a file that exists but cannot be read (EIO, EACCES): named, in one line
        raise FormatError(f"{path}: cannot read the mechanism file ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"{path}: not a JSON text file (byte {exc.start} is not UTF-8); a mechanism file is "
                          f"{MECHANISM_FORMAT} JSON") from None
    from .json_input import loads

    # a duplicate key, NaN/Infinity, deep nesting or an over-long integer: one line naming the file
    doc = loads(text, source=path)
    return mechanism_from_json(doc, source=path)
