"""``ldpref proofs``: export the ledger's all-parameter proof obligations as SMT-LIB 2 and re-check them."""

from __future__ import annotations

import os
import sys

from ._common import EXIT_CHECK_FAILED, EXIT_OK, UsageError, check_writable_folder


def cmd_proofs(args) -> int:
    """Write every obligation (``--smtlib DIR``) and/or decide each with z3 and cvc5 (``--check``)."""
    from ..atomic import write_files
    from ..decide.export import smtlib_files
    from ..atomic import write_file
    from ..decide.proved import PATH as PROVED_PATH
    from ..decide.proved import digest
    from ..decide.proved import document as proved_document
    from ..decide.solvers import SolverMissing, cvc5_check, z3_check

    if not args.smtlib and not args.check:
        raise UsageError("give --smtlib DIR, --check, or both")
    if args.record and not args.check:
        raise UsageError("--record needs --check (only obligations both solvers prove are recorded)")
    files = smtlib_files()
    if args.smtlib:
        check_writable_folder("--smtlib", args.smtlib)
        for rel in files:
            os.makedirs(os.path.dirname(os.path.join(args.smtlib, rel)), exist_ok=True)
        written = write_files({os.path.join(args.smtlib, rel): text for rel, text in sorted(files.items())})
        print(f"wrote {len(written)} SMT-LIB file(s) under {args.smtlib}", file=sys.stderr)
    if not args.check:
        return EXIT_OK
    bad, digests = 0, []
    for rel, text in sorted(files.items()):
        try:
            answers = (z3_check(text)[0], cvc5_check(text))
        except SolverMissing as exc:
            raise UsageError(f"{exc} (pip install 'ldpref[proofs]')") from exc
        ok = answers == ("unsat", "unsat")
        bad += not ok
        if ok:
            digests.append(digest(text))
        print(f"{rel:<52} z3 {answers[0]:<8} cvc5 {answers[1]:<8} {'proved' if ok else 'NOT PROVED'}")
    print(f"{len(files) - bad} of {len(files)} obligation(s) proved by both z3 and cvc5")
    if args.record:  # the proved texts' digests, which verify then need not decide again (ldpref.decide.proved)
        if bad:
            raise UsageError("--record: not every obligation was proved by both solvers; nothing recorded")
        write_file(PROVED_PATH, proved_document(digests))
        print(f"recorded {len(digests)} proved obligation(s) in {PROVED_PATH}", file=sys.stderr)
    return EXIT_CHECK_FAILED if bad else EXIT_OK


def add_parsers(sub) -> None:
    """Add ``ldpref proofs`` to the command line."""
    p = sub.add_parser("proofs", help="export the all-parameter proof obligations (SMT-LIB 2) and re-check them",
                       description="Every obligation of ldpref.decide (the ledger's statements proved for all "
                                   "parameters) as one SMT-LIB 2 file per obligation, <paper>/<label>.smt2, "
                                   "deterministic (the repository's proofs/smtlib folder); --check decides each "
                                   "with z3 and with cvc5 (exit 1 unless both answer unsat).")
    p.add_argument("--smtlib", metavar="DIR", help="write the SMT-LIB files under DIR")
    p.add_argument("--check", action="store_true", help="decide every obligation with z3 and cvc5")
    p.add_argument("--record", action="store_true",
                   help="with --check: record the digests of the proved obligations in ldpref/decide/proved.json "
                        "(verify then looks them up instead of running z3 again)")
    p.set_defaults(func=cmd_proofs)
