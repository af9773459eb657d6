"""``ldpref vectors``: regenerate the test vectors (``ldpref.vectors/1``, one file per built-in mechanism)."""

from __future__ import annotations

import os
import sys

from ..atomic import write_file
from ._common import EXIT_OK, UsageError, check_writable_folder


def _foreign_entries(folder: str, names) -> list[str]:
    """The entries of ``folder`` that are not complete vectors files of a built-in mechanism (so a rerun after
    an interrupted run, which leaves only complete files since each is renamed into place, needs no --force)."""
    import json

    from ..vectors import FORMAT, file_name

    ours = {file_name(n) for n in names}
    foreign = []
    for entry in sorted(os.listdir(folder)):
        path = os.path.join(folder, entry)
        if entry in ours and os.path.isfile(path) and os.path.getsize(path) < 50_000_000:
            try:
                with open(path, "rb") as fh:
                    if json.loads(fh.read().decode("utf-8")).get("format") == FORMAT:
                        continue
            except (OSError, ValueError, AttributeError):
                pass
        foreign.append(entry)
    return foreign


def cmd_vectors(args) -> int:
    """``ldpref vectors --out DIR``: write one ``ldpref.vectors/1`` file per built-in mechanism (refuses a DIR holding
    anything but complete vectors files without ``--force``)."""
    from ..vectors import file_name, generate, mechanism_names

    names = mechanism_names()
    chosen = names
    if args.mechanism:
        unknown = sorted(set(args.mechanism) - set(names))
        if unknown:
            raise UsageError(f"--mechanism {', '.join(unknown)}: no vectors; known: {', '.join(names)}")
        chosen = sorted(set(args.mechanism))
    check_writable_folder("--out", args.out)
    foreign = _foreign_entries(args.out, names) if os.path.isdir(args.out) else []
    if foreign and not args.force:
        shown = ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else "")
        raise UsageError(f"--out {args.out}: the folder holds {len(foreign)} entr{'y' if len(foreign) == 1 else 'ies'} "
                         f"that are not ldpref vectors ({shown}); give --force to write there anyway")
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"--out {args.out}: cannot write there ({exc.strerror or exc})") from None
    if not os.access(args.out, os.W_OK | os.X_OK):
        raise UsageError(f"--out {args.out}: cannot write there (not writable)")
    for name, text in generate(chosen).items():
        path = os.path.join(args.out, name)
        write_file(path, text)
        print(f"wrote {path}", file=sys.stderr)
    return EXIT_OK


def add_parsers(sub) -> None:
    """Add ``ldpref vectors`` to the command line."""
    p = sub.add_parser("vectors", help="regenerate the test vectors (ldpref.vectors/1) into a folder",
                       description="Write one ldpref.vectors/1 file per built-in mechanism into DIR: exact P and Q "
                                   "and the exact expectation, variance and covariance of the estimate on small "
                                   "datasets, with 50-digit decimals.  Deterministic: the same ldpref and sympy "
                                   "give the same bytes (the repository's vectors/ folder).")
    p.add_argument("--out", metavar="DIR", required=True,
                   help="output folder (created if missing; refused when it holds anything but complete vectors files, "
                        "unless --force)")
    p.add_argument("--force", action="store_true", help="write into a non-empty folder, replacing files")
    p.add_argument("--mechanism", action="append", metavar="NAME",
                   help="only this mechanism (repeatable; default: all)")
    p.set_defaults(func=cmd_vectors)
