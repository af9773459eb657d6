"""Atomic output files: every file ldpref writes goes through :func:`write_file` (issue 26, "atomic outputs").

The content is written to a temporary file in the target's own folder (same file system), flushed and
``fsync``-ed, then renamed over the target with :func:`os.replace`, which POSIX makes atomic.  So a reader,
a concurrent writer or an interrupted run sees either the old file, the complete new one, or (for a new
path) nothing -- never a truncated file.  Any failure (a full disk, ``RLIMIT_FSIZE``, a read-only folder,
a name too long, Ctrl-C) removes the temporary file and, for an ``OSError``, raises :class:`OutputError`:
one line naming the file and the reason.  An existing target that is not a regular file (``/dev/null``,
``/dev/full``, a FIFO) is written in place, never replaced.
"""

from __future__ import annotations

import errno
import os
import tempfile

from .errors import LdprefError


class OutputError(LdprefError):
    """An output file could not be written (the message names the file and the reason)."""


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.EFBIG, errno.ENOSPC, errno.EDQUOT):
        return f"{exc.strerror} (disk full or file-size limit)"
    return exc.strerror or type(exc).__name__


def write_file(path: str, content: str | bytes) -> None:
    """Write ``content`` (text as UTF-8 with ``\\n`` line ends, or bytes) to ``path`` atomically.

    Raises :class:`OutputError` naming ``path`` when it cannot be written; the old file (if any) is then
    left as it was and no temporary file is left behind."""
    if not isinstance(path, str) or path == "":
        raise OutputError(f"output file name {path!r} is empty")
    data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
    folder = os.path.dirname(os.path.abspath(path))
    base = os.path.basename(path)
    if os.path.isdir(path):
        raise OutputError(f"{path}: cannot write the output file: it is a directory")
    if os.path.exists(path) and not os.path.isfile(path):
        _write_special(path, data)  # /dev/null, /dev/full, a FIFO: never replaced by a regular file
        return
    tmp = None
    try:
        # the name of the temporary file stays short whatever the target's length (NAME_MAX is 255 bytes)
        fd, tmp = tempfile.mkstemp(prefix=f".{base[:40]}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        _copy_mode(path, tmp)
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise OutputError(f"{path}: cannot write the output file: {_reason(exc)}") from None
    finally:  # also on KeyboardInterrupt: no temporary file is left
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _write_special(path: str, data: bytes) -> None:
    """Write to an existing non-regular file (a device or a FIFO) in place."""
    try:
        with open(path, "wb") as fh:
            fh.write(data)
            fh.flush()
    except OSError as exc:
        raise OutputError(f"{path}: cannot write the output file: {_reason(exc)}") from None


def _copy_mode(path: str, tmp: str) -> None:
    """The new file gets the old file's permission bits, or the umask default for a new file (mkstemp
    creates 0600)."""
    try:
        mode = os.stat(path).st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)


def write_files(contents: dict[str, str | bytes]) -> list[str]:
    """Write several files (each atomically, in order); returns their paths."""
    for path, content in contents.items():
        write_file(path, content)
    return list(contents)
