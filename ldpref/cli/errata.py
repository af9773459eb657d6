"""``ldpref errata --tex FILE [--pdf FILE]`` and ``ldpref latex --all``: LaTeX documents of the ledger (issue 23,
item 5).

Both take their claim results from a fresh verify run (``--jobs``), or from a ``verify --json`` file
(``--from-json``), and write through :mod:`ldpref.atomic`.  ``--pdf`` compiles the document with ``pdflatex``
(two runs, in a temporary folder, shell escape off: the forms of a ``--from-json`` file are typeset as given) and
is refused with one line when pdflatex is not installed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile

from ._common import EXIT_CHECK_FAILED, EXIT_OK, UsageError, check_distinct_outputs, check_jobs, check_writable
from ._parser import jobs_type

#: seconds one pdflatex run may take before the command gives up (the whole ledger takes about 2 s)
PDFLATEX_TIMEOUT = 300


def verify_doc(args) -> dict:
    """The ``ldpref.verify/1`` document to typeset: read from ``--from-json``, else from a fresh verify run."""
    from ..ledger.runner import VERIFY_FORMAT, run_claims, verify_document

    if args.from_json is not None:
        try:
            with open(args.from_json, encoding="utf-8") as fh:
                doc = json.load(fh)
        except OSError as exc:
            raise UsageError(f"--from-json {args.from_json}: cannot read it: {exc.strerror}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise UsageError(f"--from-json {args.from_json}: not JSON ({exc})") from None
        if not isinstance(doc, dict) or doc.get("format") != VERIFY_FORMAT or not isinstance(doc.get("claims"), list):
            raise UsageError(f"--from-json {args.from_json}: not a '{VERIFY_FORMAT}' document (write one with "
                             "'ldpref verify --json FILE')")
        for key in ("id", "verdict", "location", "statement"):
            if any(not isinstance(c, dict) or not isinstance(c.get(key), str) for c in doc["claims"]):
                raise UsageError(f"--from-json {args.from_json}: a claim entry has no {key!r} string")
        return doc
    from ..ledger.claim import load_claims

    return verify_document(run_claims(load_claims(getattr(args, "paper", None)), check_jobs(args.jobs),
                                      with_latex=True))


def pdflatex() -> str | None:
    """The pdflatex program on PATH, or None."""
    return shutil.which("pdflatex")


def require_pdflatex() -> str:
    """The pdflatex program; a one-line usage error (exit 2) when it is not installed."""
    program = pdflatex()
    if program is None:
        raise UsageError("--pdf: pdflatex is not installed (Debian: apt-get install texlive-latex-base "
                         "texlive-latex-recommended texlive-latex-extra); write --tex and compile it elsewhere")
    return program


def compile_pdf(tex: str, runs: int = 2) -> tuple[bytes, str]:
    """The PDF of the document ``tex`` and pdflatex's log of the last run (``runs`` runs; raises OSError with the
    first LaTeX error when the document does not compile)."""
    from ..atomic import write_file

    program = require_pdflatex()
    with tempfile.TemporaryDirectory(prefix="ldpref-tex-") as folder:
        write_file(os.path.join(folder, "doc.tex"), tex)  # a scratch file pdflatex reads, never an output
        for _ in range(runs):
            proc = subprocess.run([program, "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error",
                                   "doc.tex"], cwd=folder,
                                  stdin=subprocess.DEVNULL, capture_output=True, timeout=PDFLATEX_TIMEOUT)
            log = _read(os.path.join(folder, "doc.log"))
            if proc.returncode != 0:
                first = next((line for line in log.splitlines() if line.startswith("!")), "no error line in the log")
                raise OSError(f"pdflatex failed (exit {proc.returncode}): {first}")
        with open(os.path.join(folder, "doc.pdf"), "rb") as fh:
            return fh.read(), log


def _read(path: str) -> str:
    with open(path, encoding="latin-1") as fh:  # TeX logs are bytes; latin-1 reads any of them
        return fh.read()


def cmd_errata(args) -> int:
    """``ldpref errata``: the errata document (LaTeX, and PDF with --pdf)."""
    from ..atomic import write_file
    from ..errata_tex import errata_document

    if args.tex is None and args.pdf is None:
        raise UsageError("give --tex FILE and/or --pdf FILE (see 'ldpref errata --help')")
    check_writable("--tex", args.tex)
    check_writable("--pdf", args.pdf)
    check_distinct_outputs(("--tex", args.tex), ("--pdf", args.pdf))
    if args.pdf is not None:
        require_pdflatex()  # before any work
    if args.from_json is None:
        check_jobs(args.jobs)
    doc = verify_doc(args)
    tex, shown = errata_document(doc)
    return _write(args, tex, shown, doc, write_file)


def _write(args, tex: str, shown, doc: dict, write_file) -> int:
    if args.tex is not None:
        write_file(args.tex, tex)
        print(f"wrote {args.tex} ({shown.shown} displays, {shown.scaled} row(s) scaled to the line)")
    if args.pdf is not None:
        pdf, _log = compile_pdf(tex)
        write_file(args.pdf, pdf)
        print(f"wrote {args.pdf}")
    errors = [c["id"] for c in doc["claims"] if c["verdict"] == "error"]
    if errors:
        print(f"ldpref: claims with verdict 'error': {', '.join(errors)}", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def cmd_latex_all(args) -> int:
    """``ldpref latex --all``: every claim's forms as one LaTeX document (stdout, or --tex FILE; --pdf FILE)."""
    from ..atomic import write_file
    from ..errata_tex import forms_document

    check_writable("--tex", args.tex)
    check_writable("--pdf", args.pdf)
    check_distinct_outputs(("--tex", args.tex), ("--pdf", args.pdf))
    if args.pdf is not None:
        require_pdflatex()
    if args.from_json is None:
        check_jobs(args.jobs)
    doc = verify_doc(args)
    tex, shown = forms_document(doc["claims"])
    if args.tex is None and args.pdf is None:
        sys.stdout.write(tex)
        return EXIT_OK
    return _write(args, tex, shown, doc, write_file)


def add_latex_all_options(p) -> None:
    """The options ``ldpref latex`` takes with ``--all``."""
    p.add_argument("--all", action="store_true", help="every claim's forms as one LaTeX document (long formulas "
                                                      "broken over lines); to stdout unless --tex / --pdf")
    p.add_argument("--tex", metavar="FILE", help="with --all: write the document to FILE")
    _shared(p, "with --all: ")


def _shared(p, prefix: str = "") -> None:
    p.add_argument("--pdf", metavar="FILE", help=prefix + "also compile it with pdflatex and write the PDF to FILE "
                                                          "(refused when pdflatex is not installed)")
    p.add_argument("--from-json", dest="from_json", metavar="FILE",
                   help=prefix + "take the claim results from this 'ldpref verify --json' file instead of a verify run")
    p.add_argument("--jobs", type=jobs_type, help=prefix + "worker processes of the verify run (default: the cores)")


def add_parsers(sub) -> None:
    """Add ``ldpref errata`` to the command line (``latex --all`` is added by :mod:`ldpref.cli.verify`)."""
    p = sub.add_parser("errata", help="the errata as a LaTeX document an author can receive (--tex, --pdf)",
                       description="Run every claim (or read --from-json) and write the errata document: counts per "
                                   "paper per severity, then one section per root cause with what the paper prints, "
                                   "the correction, the smallest counterexample (exact and decimal) and the claims "
                                   "affected.  Exit 1 if a claim's verdict is 'error'.")
    p.add_argument("--tex", metavar="FILE", help="write the LaTeX document to FILE")
    _shared(p)
    p.set_defaults(func=cmd_errata)
