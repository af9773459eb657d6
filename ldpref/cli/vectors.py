"""``ldpref vectors``: regenerate the test vectors (``ldpref.vectors/1``, one file per built-in mechanism)."""

from __future__ import annotations

import os
import sys

from ._common import EXIT_OK, UsageError, check_writable_folder


def cmd_vectors(args) -> int:
    """``ldpref vectors --out DIR``: write one ``ldpref.vectors/1`` file per built-in mechanism (refuses a non-empty
    DIR without ``--force``)."""
    from ..vectors import file_name, generate, mechanism_names

    names = mechanism_names()
    chosen = names
    if args.mechanism:
        unknown = sorted(set(args.mechanism) - set(names))
        if unknown:
            raise UsageError(f"--mechanism {', '.join(unknown)}: no vectors; known: {', '.join(names)}")
        chosen = sorted(set(args.mechanism))
    check_writable_folder("--out", args.out)
    if os.path.isdir(args.out) and os.listdir(args.out) and not args.force:
        raise UsageError(f"--out {args.out}: the folder is not empty (give --force to overwrite its "
                         f"{', '.join(file_name(n) for n in chosen[:3])}{', ...' if len(chosen) > 3 else ''})")
    try:
        os.makedirs(args.out, exist_ok=True)
        probe = os.path.join(args.out, file_name(chosen[0]))
        with open(probe, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise UsageError(f"--out {args.out}: cannot write there ({exc.strerror or exc})") from None
    for name, text in generate(chosen).items():
        path = os.path.join(args.out, name)
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
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
                   help="output folder (created if missing; refused when not empty unless --force)")
    p.add_argument("--force", action="store_true", help="write into a non-empty folder, replacing files")
    p.add_argument("--mechanism", action="append", metavar="NAME",
                   help="only this mechanism (repeatable; default: all)")
    p.set_defaults(func=cmd_vectors)
