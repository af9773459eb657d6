"""The ``ldpref`` command: one module per group of commands, one parser, one error path.

Exit status: 0 success; 1 ``verify``/``docs`` found a claim whose check could not run (verdict ``error``) or
``wss`` could not certify; 2 bad input (unknown claim, bad value, bad file), with ONE line
``ldpref: error: ...`` naming what is wrong; 141 when standard output was closed early (``| head``); 130 after
Ctrl-C (SIGINT) and 143 after SIGTERM, with one line ``ldpref: interrupted (...)`` (:mod:`ldpref.interrupts`).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import sys
import warnings

from .. import __version__
from ..errors import LdprefError
from ._common import EXIT_CHECK_FAILED, EXIT_OK, EXIT_USAGE, UsageError, dumps, out_stream, parse_sets, write_json
from ._parser import DESCRIPTION, EPILOG, OneLineParser, join_option_values
from .mechanism import load_all_mechanisms, mechanism_catalogue

#: exit status when standard output is closed before the command finished writing (128 + SIGPIPE)
EXIT_BROKEN_PIPE = 141
#: exit status after Ctrl-C (128 + SIGINT); after SIGTERM it is 143 (128 + SIGTERM), see ldpref.interrupts
EXIT_INTERRUPTED = 130

#: the command modules of this package: each defines ``add_parsers(subparsers)``
COMMAND_MODULES = ("ldpref.cli.verify", "ldpref.cli.evaluate", "ldpref.cli.mechanism", "ldpref.cli.optimize",
                   "ldpref.cli.audit", "ldpref.cli.errata")
#: modules of other parts of ldpref that add commands (``ldpref moments``), when present: each defines
#: ``add_parser(subparsers)`` (or ``add_parsers``)
OPTIONAL_COMMAND_MODULES = ("ldpref.structured.cli", "ldpref.cli.simulate", "ldpref.cli.figure", "ldpref.cli.discover",
                            "ldpref.cli.vectors", "ldpref.cli.conform", "ldpref.cli.proofs")

# names kept for callers of the single-module cli (ldpref.structured.cli uses the first three)
_parse_sets = parse_sets
_out = out_stream
_write_json = write_json
_load_all_mechanisms = load_all_mechanisms


def build_parser() -> OneLineParser:
    """The ``ldpref`` argument parser: the built-in command modules and the optional ones that are installed."""
    parser = OneLineParser(prog="ldpref", description=DESCRIPTION, epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"ldpref {__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                help="one of the commands below ('ldpref COMMAND --help' for its options)")
    for name in COMMAND_MODULES:
        importlib.import_module(name).add_parsers(sub)
    for name in OPTIONAL_COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                continue
            raise
        (getattr(module, "add_parsers", None) or module.add_parser)(sub)
    return parser


def _one_line(message) -> str:
    return " ".join(str(message).split())


def _run(argv) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(join_option_values(parser, argv))
        with _one_line_warnings():
            return args.func(args)
    except (UsageError, KeyError) as exc:
        msg = exc.args[0] if exc.args else str(exc)
        print(f"ldpref: error: {_one_line(msg)}", file=sys.stderr)
        return EXIT_USAGE
    except (TypeError, ValueError, OSError) as exc:
        if isinstance(exc, BrokenPipeError):
            raise
        kind = "" if isinstance(exc, LdprefError) else f" ({type(exc).__name__})"
        print(f"ldpref: error: {_one_line(exc)}{kind}", file=sys.stderr)
        return EXIT_USAGE


@contextlib.contextmanager
def _one_line_warnings():
    """ldpref's own warnings (a hash family that is not pairwise uniform) as one stderr line each,
    ``ldpref: warning: ...``, once per message; other warnings are shown as Python shows them."""
    from ..errors import NonUniformFamilyWarning

    caught: list = []
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", NonUniformFamilyWarning)
            yield
    finally:
        # shown only after the recording context is left: inside it ``warnings.showwarning`` appends to
        # ``caught`` itself, so re-showing a warning there while iterating ``caught`` never ends (a ResourceWarning
        # under a caller's "always" filter grew the fuzz test's process to 24 GB)
        seen = set()
        for w in list(caught):
            if issubclass(w.category, NonUniformFamilyWarning):
                line = _one_line(w.message)
                if line not in seen:
                    seen.add(line)
                    print(f"ldpref: warning: {line}", file=sys.stderr)
            else:
                warnings.showwarning(w.message, w.category, w.filename, w.lineno)


def main(argv=None) -> int:
    """Run the ``ldpref`` command line on ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    from ..interrupts import Interrupted, handled, report, signalled, terminate_workers

    try:
        with handled():
            return _run(argv)
    except Interrupted as exc:
        report(exc.signum)
        return exc.exit_status
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except Exception:
        signum = signalled()
        if signum is None:  # no signal came: a real error, shown as Python shows it
            raise
        # the interrupt surfaced as another error (an extension module's import replaced it): still an interrupt
        report(signum)
        return 128 + signum
    except KeyboardInterrupt:  # SIGINT outside the main thread's handler (e.g. main() run in a thread)
        terminate_workers()
        report(signal.SIGINT)
        return EXIT_INTERRUPTED
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE


def entry() -> None:
    """The ``ldpref`` console command and ``python -m ldpref.cli``: :func:`main`, then exit with its status.

    After an interrupt the one line is already printed and every output file is whole or absent
    (:mod:`ldpref.atomic`), so the process ends at once (``os._exit``, streams flushed) instead of running the
    interpreter's teardown: joining a ``concurrent.futures`` pool whose workers were terminated under it could
    print an ``OSError: [Errno 9] Bad file descriptor`` from its threads after the line (seen under load on
    ``simulate --jobs 2``)."""
    from ..interrupts import signalled

    status = main()
    if signalled() is not None and status == 128 + signalled():
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # a closed or broken stream: nothing more can reach its reader
                pass
        os._exit(status)
    sys.exit(status)


def _silence_stdout() -> None:
    """After the reader of stdout went away, point stdout at /dev/null so the interpreter's final flush is quiet."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


__all__ = ["main", "entry", "build_parser", "UsageError", "dumps", "mechanism_catalogue", "EXIT_OK",
           "EXIT_CHECK_FAILED",
           "EXIT_USAGE", "EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED"]


if __name__ == "__main__":
    entry()
