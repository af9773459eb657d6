"""Reading JSON that ldpref is given (mechanism files, data files, test vectors, adapter messages): one parser
that refuses what Python's ``json`` module silently accepts (issue 26, "validation").

* A key given twice in one object: Python keeps the last value; here it is an error naming the key (RFC 8259
  section 4 says the names within an object SHOULD be unique and that the behaviour otherwise is unpredictable).
* ``NaN``, ``Infinity`` and ``-Infinity``: not JSON (RFC 8259 section 6), refused with the token named.
* Nesting too deep for the parser (RecursionError) and an integer of more digits than Python converts
  (ValueError): a :class:`~ldpref.errors.FormatError`, not a traceback.

Every failure is a :class:`~ldpref.errors.FormatError` whose one line starts with ``source``.
"""

from __future__ import annotations

import json
import sys

from .errors import FormatError


class _DuplicateKey(Exception):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _pairs(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _constant(token: str):
    raise FormatError(f"{token} is not a JSON number (JSON has no NaN or infinity)")


def loads(text: str, *, source: str):
    """Parse ``text``; raise :class:`FormatError` ``"<source>: ..."`` on invalid JSON, a duplicate key or a
    non-finite constant."""
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except _DuplicateKey as exc:
        shown = exc.key if len(exc.key) <= 60 else exc.key[:57] + "..."
        raise FormatError(f"{source}: the key {shown!r} is given twice in one JSON object") from None
    except FormatError as exc:
        raise FormatError(f"{source}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise FormatError(f"{source}: not valid JSON ({exc.msg}, line {exc.lineno} column {exc.colno})") from None
    except RecursionError:
        raise FormatError(f"{source}: JSON nested too deeply to parse") from None
    except ValueError as exc:  # an integer beyond Python's int-string conversion limit (4300 digits)
        if "integer string conversion" in str(exc):
            raise FormatError(f"{source}: a JSON integer has more digits than Python converts "
                              f"({sys.get_int_max_str_digits()}); write exact numbers as strings such as "
                              f"\"p/q\" of fewer digits") from None
        raise FormatError(f"{source}: {' '.join(str(exc).split())}") from None


def load_file(path: str, *, source: str | None = None):
    """Read ``path`` as UTF-8 and parse it with :func:`loads` (a file that is not UTF-8 is named)."""
    source = source or path
    with open(path, "rb") as fh:
        raw = fh.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"{source}: not a UTF-8 text file (byte {exc.start} is not UTF-8)") from None
    return loads(text, source=source)
