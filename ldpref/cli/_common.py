"""What every ``ldpref`` command shares: the usage error, JSON output, --set pairs, ASCII integers, output
paths checked before any work, and the --jobs limit."""

from __future__ import annotations

import json
import os
import re
import sys

EXIT_OK, EXIT_CHECK_FAILED, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad command-line input: main() prints ``ldpref: error: <message>`` and exits 2."""


def dumps(doc, indent: int = 2, level: int = 0) -> str:
    """JSON with indentation, but lists of scalars (matrix rows, counts) kept on one line."""
    pad, inner = " " * (indent * level), " " * (indent * (level + 1))
    if isinstance(doc, dict):
        if not doc:
            return "{}"
        items = [f"{inner}{json.dumps(k)}: {dumps(v, indent, level + 1)}" for k, v in doc.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(doc, list):
        if all(not isinstance(x, (dict, list)) for x in doc):
            return json.dumps(doc, ensure_ascii=False)
        items = [f"{inner}{dumps(v, indent, level + 1)}" for v in doc]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(doc, ensure_ascii=False)


def write_json(doc, target: str) -> None:
    text = dumps(doc) + "\n"
    if target == "-":
        sys.stdout.write(text)
    else:
        from ..atomic import write_file

        write_file(target, text)


def out_stream(json_target: str | None):
    """Human-readable text goes to stderr when JSON goes to stdout."""
    return sys.stderr if json_target == "-" else sys.stdout


def parse_sets(pairs) -> dict[str, str]:
    """``--set KEY=VALUE ...`` (repeatable) as a dict; a key given twice or without '=' is refused."""
    values = {}
    for group in pairs or []:
        for item in group:
            if "=" not in item:
                raise UsageError(f"--set expects KEY=VALUE, got {item!r}")
            key, value = item.split("=", 1)
            key = key.strip()
            if not key:
                raise UsageError(f"--set {item!r}: empty key")
            if key in values:
                raise UsageError(f"--set: {key} given twice")
            values[key] = value.strip()
    return values


#: integers on the command line have at most this many digits (nothing larger is meaningful here)
MAX_INT_DIGITS = 30


def ascii_int(what: str, text: str) -> int:
    """An integer: ASCII digits (Python's int() also takes '1_0' and non-ASCII digits), or an expression of
    the exact-number grammar whose value is an integer (``1e6``, ``2**20``); at most MAX_INT_DIGITS digits."""
    from ..number_syntax import parse_number

    text = text.strip()
    if re.fullmatch(r"[+-]?[0-9]+", text, re.ASCII):
        if len(text.lstrip("+-")) > MAX_INT_DIGITS:
            raise UsageError(f"{what} = {text!r}: more than {MAX_INT_DIGITS} digits")
        return int(text)
    try:
        value = parse_number(text, what=what)
    except ValueError as exc:
        raise UsageError(f"{what} = {text!r} must be an integer (ASCII digits 0-9, or e.g. 1e6): {exc}") from None
    if not value.is_Integer:
        raise UsageError(f"{what} = {text!r} must be an integer, not {value}")
    if len(str(abs(int(value)))) > MAX_INT_DIGITS:
        raise UsageError(f"{what} = {text!r}: more than {MAX_INT_DIGITS} digits")
    return int(value)


def check_writable(option: str, path: str | None) -> None:
    """Refuse an output path that cannot be written, before any work ('-' is standard output)."""
    if path is None or path == "-":
        return
    if path == "":
        raise UsageError(f"{option}: empty file name")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise UsageError(f"{option} {path}: is a directory")
    if not os.path.isdir(folder):
        raise UsageError(f"{option} {path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise UsageError(f"{option} {path}: not writable")
    if len(os.fsencode(os.path.basename(path))) > 255:
        raise UsageError(f"{option}: the file name {os.path.basename(path)[:40]}... is "
                         f"{len(os.fsencode(os.path.basename(path)))} bytes long (at most 255)")
    if os.path.exists(path) and not os.path.isfile(path):
        return  # a device or FIFO (/dev/null) is written in place (ldpref.atomic)
    import tempfile

    try:  # the output is written through a temporary file in the same folder (ldpref.atomic): try one now
        fd, probe = tempfile.mkstemp(prefix=".ldpref-probe.", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot create a file in {folder} ({exc.strerror or exc})") from None


def check_readable(what: str, path: str) -> None:
    """An input file that exists, is a regular file and can be read (checked before any work)."""
    if not os.path.exists(path):
        raise UsageError(f"{what} {path}: no such file")
    if not os.path.isfile(path):
        raise UsageError(f"{what} {path}: not a regular file")
    if not os.access(path, os.R_OK):
        raise UsageError(f"{what} {path}: not readable")


def check_writable_folder(option: str, path: str) -> None:
    """An output directory: existing and writable, or creatable (its nearest existing parent is writable)."""
    if path is None or path.strip() == "":
        raise UsageError(f"{option}: empty folder name (give a folder, e.g. {option} out)")
    target = os.path.abspath(path)
    if os.path.exists(target) and not os.path.isdir(target):
        raise UsageError(f"{option} {path}: exists and is not a directory")
    probe = target
    while not os.path.exists(probe):
        probe = os.path.dirname(probe)
    if not os.path.isdir(probe) or not os.access(probe, os.W_OK):
        raise UsageError(f"{option} {path}: {probe} is not a writable directory")


def jobs_limit() -> int:
    """The largest --jobs accepted: 4 x the cores, at most 64."""
    return min(64, 4 * (os.cpu_count() or 1))


def check_jobs(value) -> int:
    if value is None:
        return os.cpu_count() or 1
    if value < 1:
        raise UsageError(f"--jobs {value}: must be at least 1")
    limit = jobs_limit()
    if value > limit:
        raise UsageError(f"--jobs {value}: at most {limit} (4 x the {os.cpu_count()} cores, at most 64)")
    return value


def check_distinct_outputs(*options: tuple[str, str | None]) -> None:
    """Refuse two outputs of one command that name the same file (one would silently overwrite the other);
    ``options`` are (option name, path) pairs, a path None or '-' (standard output) is skipped."""
    seen: dict[str, str] = {}
    for option, path in options:
        if path is None or path == "-" or path == "":
            continue
        key = os.path.realpath(path)
        if key in seen:
            raise UsageError(f"{seen[key]} and {option} name the same file {path}: give each output its own file")
        seen[key] = option
