"""The data sets the papers' experiments use, shipped with ldpref and checked against their checksums.

* ``kosarak/kosarak-head.dat`` -- the "mini Kosarak" stand-in of pan-cms Section 6.3, pan-strict Section 6.2 and
  jiang-gcms Fig 9: the first 36,682 transactions of FIMI's kosarak click stream.
* ``adult/adult.data.csv``, ``adult/adult.test.csv`` -- UCI Adult (48,842 records), whose ``education`` column is
  jiang-gcms Section VII-D's dataset.

Provenance, licences and what was cut: ``ldpref/data/README.md``.  The files live inside the package
(``ldpref/data/``) so that a source checkout and an installed wheel both have them; ``$LDPREF_DATA_DIR`` names
another folder with the same layout.  Every file is checked against its SHA-256 before it is read (once per
process and file), so a missing or altered file is one line naming the file and the expected checksum, never a
dataset that silently differs from the one the figures and their notes describe.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from .errors import ParameterError

#: relative path -> (SHA-256, size in bytes) of every shipped data file
FILES = {
    "kosarak/kosarak-head.dat": ("a4824eda4c747a67cd45bb9e8cc58e96645dd765eea46772ce24c73e8160eba0", 1166622),
    "adult/adult.data.csv": ("99c4f7ae498c576e385020fa5fd258b485528adb4a7bf789ac690cad732af582", 3518606),
    "adult/adult.test.csv": ("4a08166b1e4930b5180b6fd90216416f965240e53ff9bcb29a7920ee2ad88de8", 1759084),
}

#: the environment variable that points ldpref at another data folder (same layout, same checksums)
ENV_VAR = "LDPREF_DATA_DIR"

_verified: dict[tuple, Path] = {}


def data_dir() -> Path:
    """The data folder: ``$LDPREF_DATA_DIR`` if set, else ``ldpref/data`` inside the installed package."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    return Path(__file__).resolve().parent / "data"


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file's bytes, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def data_file(name: str) -> Path:
    """The path of shipped data file ``name`` (a key of :data:`FILES`), after checking its size and SHA-256.

    Raises :class:`ldpref.errors.ParameterError` (one line: the file, what is wrong, the expected checksum) when
    the file is missing, unreadable, or not byte-identical to the shipped copy.
    """
    if name not in FILES:
        raise ParameterError(f"no shipped data file {name!r} (files: {', '.join(sorted(FILES))})")
    expected, size = FILES[name]
    path = data_dir() / name
    hint = f" (set {ENV_VAR} to a folder holding {name})" if os.environ.get(ENV_VAR) else ""
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise ParameterError(f"data file {path} is missing; expected sha256 {expected}{hint}") from None
    except OSError as exc:
        raise ParameterError(f"data file {path} cannot be read ({exc.strerror}); expected sha256 {expected}") from None
    key = (str(path), stat.st_size, stat.st_mtime_ns, stat.st_ino)
    if key in _verified:
        return path
    if stat.st_size != size:
        raise ParameterError(f"data file {path} has {stat.st_size:,} bytes, not {size:,}: it is not the shipped copy "
                             f"(expected sha256 {expected})")
    try:
        actual = sha256_of(path)
    except OSError as exc:
        raise ParameterError(f"data file {path} cannot be read ({exc.strerror}); expected sha256 {expected}") from None
    if actual != expected:
        raise ParameterError(f"data file {path} has sha256 {actual}, expected {expected}: it is not the shipped copy")
    _verified[key] = path
    return path


__all__ = ["FILES", "ENV_VAR", "data_dir", "data_file", "sha256_of"]
