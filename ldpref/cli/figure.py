"""``ldpref figure``: the papers' experiment figures (PNG, SVG and a CSV of every point) -- issue 13 part 4.

``ldpref figure --list`` lists them; ``ldpref figure ID [ID...] --out DIR [--trials T] [--seed S] [--quick]``
builds each (simulated points over T trials, seeded by S; --quick: fewer trials and points) and writes
``DIR/<paper>-fig<N>.{png,svg,pdf,csv}``.  Ids and the folder are checked before any work.
"""

from __future__ import annotations

import os

from ._common import EXIT_OK, UsageError, check_writable_folder
from ._parser import int_type, seed_type


def cmd_figure(args) -> int:
    """``ldpref figure``: list the figures, or build the given ids into PNG, SVG, PDF and CSV under ``--out``."""
    from .. import figures

    if args.list:
        if args.ids:
            raise UsageError("--list takes no figure ids")
        for fid in figures.figure_ids():
            spec = figures.get(fid)
            print(f"{fid:<18} {spec.location:<28} {spec.title}")
        return EXIT_OK
    if not args.ids:
        raise UsageError("give figure ids (ldpref figure --list) or --list")
    if args.out is None:
        raise UsageError("--out DIR is required")
    specs = []
    for fid in args.ids:
        try:
            specs.append(figures.get(fid))
        except KeyError as exc:
            raise UsageError(exc.args[0]) from None
    check_writable_folder("--out", args.out)
    from ..figures import writer

    try:
        writer._pyplot()  # a missing matplotlib is one line before any work
    except ModuleNotFoundError as exc:
        raise UsageError(str(exc)) from None
    from ..sweep import Phases

    os.makedirs(args.out, exist_ok=True)
    with Phases("figure", quiet=args.quiet) as bar:  # every phase of every figure (issue 24 item 4)
        for k, spec in enumerate(specs):
            trials = args.trials if args.trials is not None else (spec.quick_trials if args.quick
                                                                  else spec.default_trials)
            ctx = figures.Context(trials=trials, seed=args.seed, quick=args.quick)
            step = f"{k + 1}/{len(specs)} {spec.id}"
            bar.phase(f"{step} build ({trials} trials)")  # theory and simulation; they report their points (note)
            data = spec.build(ctx)
            bar.phase(f"{step} write PNG, SVG, PDF, CSV")
            paths = writer.write(spec, data, args.out, ctx)
            if not args.quiet:
                bar.write(f"{spec.id}: " + " ".join(paths))
    return EXIT_OK


def add_parsers(sub) -> None:
    """Add the ``figure`` command to the ``ldpref`` parser."""
    p = sub.add_parser("figure", help="reproduce the papers' experiment figures (PNG, SVG, PDF, CSV)",
                       description="Reproduce an experiment figure of the papers: the paper's setting with "
                                   "simulated points (mean and standard error over trials) and theory curves "
                                   "(exact, the ledger's derived form, and the printed form where the ledger "
                                   "found it wrong). Writes DIR/<paper>-fig<N>.png, .svg, .pdf and .csv.")
    p.add_argument("ids", nargs="*", metavar="ID", help="figure ids, e.g. pan-cms/fig2 ('--list' lists them)")
    p.add_argument("--list", action="store_true", help="list the figures and exit")
    p.add_argument("--out", metavar="DIR", help="output folder (created if needed; checked before any work)")
    p.add_argument("--trials", type=int_type("--trials", 2, 100_000), default=None,
                   help="simulation trials per point (default: the paper's, 100; --quick: 5)")
    p.add_argument("--seed", type=seed_type, default=0, help="seed of every random draw (default 0)")
    p.add_argument("--quick", action="store_true", help="fewer trials and points (CI, generated docs)")
    p.add_argument("--quiet", action="store_true", help="no progress bar (shown on a terminal only) and no list of "
                                                        "the files written")
    p.set_defaults(func=cmd_figure)
