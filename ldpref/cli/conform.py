"""``ldpref conform``: run a library's adapter and compare its estimates with ldpref's exact moments
(issue 11; the protocol is in :mod:`ldpref.conformance` and docs/conformance.md)."""

from __future__ import annotations

import os

from ._common import (EXIT_CHECK_FAILED, EXIT_OK, UsageError, check_distinct_outputs, check_readable, check_writable,
                      out_stream, write_json)
from ._parser import int_type, seed_type

#: --trials bounds: at least 20 (the variance intervals need a sample), at most 10^5
MIN_TRIALS, MAX_TRIALS = 20, 100_000
#: --timeout bounds in seconds
MAX_TIMEOUT = 3600


def _alpha(text: str) -> float:
    from ..number_syntax import parse_number

    value = parse_number(text, what="--alpha")
    if not (0 < value < 1):
        raise UsageError(f"--alpha {text}: must lie strictly between 0 and 1")
    return float(value)


def _timeout(text: str) -> float:
    from ..number_syntax import parse_number

    value = parse_number(text, what="--timeout")
    if not (0 < value <= MAX_TIMEOUT):
        raise UsageError(f"--timeout {text}: must be positive and at most {MAX_TIMEOUT} seconds")
    return float(value)


def cmd_conform(args) -> int:
    """``ldpref conform``: run the adapter's cases, judge them against the exact moments; exit 0/1/2."""
    from ..conformance import report_text, run

    check_readable("adapter", args.adapter)
    if not args.adapter.endswith(".py"):
        raise UsageError(f"adapter {args.adapter}: not a .py file")
    if args.python is not None and not (os.path.isfile(args.python) and os.access(args.python, os.X_OK)):
        raise UsageError(f"--python {args.python}: not an executable file")
    vectors = None
    if args.vectors is not None:
        from ..conformance.vectors_source import load_vectors

        vectors = load_vectors(args.vectors)
    check_writable("--json", args.json)
    check_writable("--report", args.report)
    check_distinct_outputs(("--json", args.json), ("--report", args.report))
    alpha, timeout = _alpha(args.alpha), _timeout(args.timeout)
    only = None if args.case is None else [c.strip() for c in args.case.split(",") if c.strip()]
    out = out_stream(args.json)

    from ..sweep import Phases

    with Phases("conform", quiet=args.quiet or args.json == "-") as bar:  # every phase (issue 24 item 4)
        def progress(r):  # above the bar, which is then redrawn
            bar.write(f"  {r.status:<5} {r.id} ({r.seconds:.1f} s){': ' + r.message if r.message else ''}")

        doc = run(args.adapter, python=args.python, trials=args.trials, seed=args.seed, alpha=alpha,
                  timeout=timeout, only=only, progress=progress if args.progress else None, vectors=vectors,
                  phases=bar)
    text = report_text(doc)
    if args.report:
        from ..atomic import write_file

        write_file(args.report, text)
    print(text, end="", file=out)
    if args.json:
        write_json(doc, args.json)
    return EXIT_OK if doc["conforms"] else EXIT_CHECK_FAILED


def add_parsers(sub) -> None:
    """Add the ``conform`` command to the ``ldpref`` parser."""
    p = sub.add_parser("conform", help="check another library's estimates against ldpref's exact moments",
                       description="Run an adapter (a Python file with CASES, client and server; see "
                                   "docs/conformance.md) for T seeded trials per case and compare the estimates "
                                   "with ldpref's exact expectation, variance and covariance: z per mean, "
                                   "chi-square with the exact covariance, variance-ratio intervals, Holm over "
                                   "all tests (family-wise false-alarm rate --alpha).  Exit status 0 when every "
                                   "case conforms, 1 when one does not or could not run, 2 on bad input.")
    p.add_argument("adapter", help="the adapter file (e.g. conformance/adapters/pure_ldp.py)")
    p.add_argument("--python", metavar="PATH",
                   help="interpreter that runs the adapter (e.g. conformance/.peer-venv/bin/python; default: this one)")
    p.add_argument("--vectors", metavar="DIR",
                   help="test vectors (ldpref.vectors/1, e.g. vectors/) to judge matching cases against; other cases "
                        "and the default use ldpref's registry")
    p.add_argument("--trials", type=int_type("--trials", MIN_TRIALS, MAX_TRIALS + 1), default=400,
                   help=f"trials per dataset ({MIN_TRIALS}..{MAX_TRIALS}, default 400)")
    p.add_argument("--seed", type=seed_type, default=0, help="seed of the trials (default 0)")
    p.add_argument("--alpha", default="1/1000", help="family-wise false-alarm rate (default 1/1000)")
    p.add_argument("--timeout", default="60", help="time limit of one adapter call in seconds (default 60)")
    p.add_argument("--case", metavar="ID,...", help="run only these case ids")
    p.add_argument("--progress", action="store_true", help="a line per case on standard error as it finishes")
    p.add_argument("--quiet", action="store_true", help="no progress bar (it is shown on a terminal only)")
    p.add_argument("--json", metavar="FILE", help="write ldpref.conform/1 JSON to FILE ('-' for stdout)")
    p.add_argument("--report", metavar="FILE", help="write the readable report to FILE as well")
    p.set_defaults(func=cmd_conform)
