"""``ldpref verify``, ``claims``, ``latex`` and ``docs``: the claim ledger on the command line."""

from __future__ import annotations

import sys

from ..ledger.papers import PAPERS
from ._common import (EXIT_CHECK_FAILED, EXIT_OK, UsageError, check_jobs, check_writable, check_writable_folder,
                      jobs_limit, out_stream, write_json)
from ._parser import jobs_type
from .errata import add_latex_all_options


def _shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _selected(paper, claim_ids, select_claims) -> list:
    """The claims of every ``--claim`` given (repeatable; each with its sub-claims, each once, in the order
    given), or of ``--paper``, or all."""
    if not claim_ids:
        return select_claims(paper, None)
    chosen, seen = [], set()
    for claim_id in claim_ids:
        if paper is not None and claim_id.split("/", 1)[0] != paper:
            raise UsageError(f"--claim {claim_id} is not a claim of --paper {paper}")
        for c in select_claims(paper, claim_id):
            if c.id not in seen:
                seen.add(c.id)
                chosen.append(c)
    return chosen


def cmd_verify(args) -> int:
    """``ldpref verify``: run the selected claims' checks and print their computed verdicts (exit 1 on a verdict
    ``error``)."""
    from ..ledger.claim import select_claims
    from ..ledger.runner import distinct_errors_line, iter_results, summary, verify_document
    from ..ledger.readable import counterexample_text
    from ..ledger.scope import scope_counts, scope_text

    jobs = check_jobs(args.jobs)
    check_writable("--json", args.json)
    claims = _selected(args.paper, args.claim, select_claims)
    _warn_unusable_cache()
    if args.self_check:
        return _verify_self_check(claims, jobs, args.json, quiet=args.quiet)
    out = out_stream(args.json)
    results = []
    print(f"{'claim':<34} {'verdict':<13} evidence", file=out)
    print("-" * 100, file=out)
    for r in iter_results(claims, jobs, with_latex=bool(args.json)):
        c = r.claim
        results.append(r)
        evidence = r.reason
        if r.counterexample:
            evidence += f"; counterexample at {counterexample_text(r.counterexample)}"
        if r.verdict in ("erratum", "conditional") and c.root_cause:
            evidence += f"; root cause {c.root_cause}"
        evidence += f" [{r.seconds:.1f}s]"
        print(f"{c.id:<34} {r.verdict:<13} {_shorten(evidence, 400)}", file=out, flush=True)
    counts = summary(results)
    print("-" * 100, file=out)
    print("summary: " + ", ".join(f"{k} {v}" for k, v in counts.items() if v), file=out)
    print("scopes: " + scope_text(scope_counts(results)), file=out)
    errors_line = distinct_errors_line(results)
    if errors_line:
        print("distinct errors: " + errors_line, file=out)
    if args.json:
        write_json(verify_document(results), args.json)
    if counts.get("error"):
        print(f"ldpref: {counts['error']} claim(s) could not be decided (verdict 'error')", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def _warn_unusable_cache() -> None:
    """One warning line when ``$LDPREF_CACHE`` names a path the build cache cannot use (the run goes on without it,
    same evidence, exit status unchanged)."""
    import os

    from ..decide.build_cache import unusable_reason

    reason = unusable_reason()
    if reason is not None:
        print(f"ldpref: warning: LDPREF_CACHE={os.environ['LDPREF_CACHE']}: {reason}; running without the build cache",
              file=sys.stderr)


def _verify_self_check(claims, jobs: int, json_target, quiet: bool = False) -> int:
    from ..ledger.claim import MUTATIONS
    from ..ledger.selfcheck import self_check, selfcheck_document

    out = out_stream(json_target)
    mark = {True: "ok", False: "FAIL", None: "-"}
    print(f"{'claim':<34} {'baseline':<13} " + " ".join(f"{m:<19}" for m in MUTATIONS), file=out)
    print("-" * 100, file=out)
    from ..sweep import Phases

    with Phases("self-check", quiet=quiet or json_target == "-") as bar:  # every phase (issue 24 item 4)
        # baseline, 2 printed mutations, derived, and the correction of a claim that has its own
        total = sum((4 if c.printed is not None else 2) + (c.correction is not None) for c in claims)
        bar.phase(f"{len(claims)} claims, mutated and not", total=total)

        def tick(task, outcome):
            bar.advance()
            bar.note(str(task[0]))

        results = self_check(claims, jobs, progress=tick)
    for r in results:
        print(f"{r.claim.id:<34} {r.baseline.verdict:<13} "
              + " ".join(f"{mark[r.passed[m]] + ' ' + (r.outcomes[m].verdict if m in r.outcomes else ''):<19}"
                         for m in MUTATIONS), file=out)
        for m in MUTATIONS:
            if r.passed[m] is False:
                print(f"{'':<34} {m}: {_shorten(r.why[m], 300)}", file=out)
    doc = selfcheck_document(results)
    print("-" * 100, file=out)
    for m, t in doc["totals"].items():
        print(f"{m}: {t['passed']} sensitive, {t['failed']} insensitive, {t['not_applicable']} not applicable",
              file=out)
    if json_target:
        write_json(doc, json_target)
    if doc["insensitive"]:
        print(f"ldpref: {len(doc['insensitive'])} claim(s) have a check that a mutation does not move", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def cmd_claims(args) -> int:
    """``ldpref claims``: list the claims of the ledger."""
    from ..ledger.claim import load_claims
    from ..ledger.runner import paper_latex_json

    check_writable("--json", args.json)
    claims = load_claims(args.paper)
    if args.json:
        write_json({"format": "ldpref.claims/1", "claims": [
            {"id": c.id, "paper": c.paper, "location": c.location, "statement": c.statement, "kind": c.kind,
             "printed_available": c.printed is not None, "derivation": c.derivation, "derived_by": c.derived_by,
             "condition": c.condition,
             "root_cause": c.root_cause, "selfcheck": c.selfcheck, "depends_on": list(c.depends_on),
             "runner": c.runner, "steps": [type(s).__name__ + ": " + s.name for s in c.steps],
             **paper_latex_json(c.id)}
            for c in claims]}, args.json)
    out = out_stream(args.json)
    for c in claims:
        print(f"{c.id:<34} {c.location}", file=out)
        print(f"{'':<34} {c.statement}", file=out)
    return EXIT_OK


def cmd_latex(args) -> int:
    """``ldpref latex ID``: the printed, derived and corrected forms of a claim as LaTeX (``--all``: every claim's,
    as one document, :func:`ldpref.cli.errata.cmd_latex_all`)."""
    from ..ledger.claim import NOT_AVAILABLE, find_claim
    from ..ledger.runner import run_claim

    if args.all:
        if args.id is not None or args.json is not None:
            raise UsageError("latex --all takes no claim id and no --json (it writes a LaTeX document)")
        from .errata import cmd_latex_all

        return cmd_latex_all(args)
    if args.id is None:
        raise UsageError("give a claim id ('ldpref claims' lists them) or --all")
    if args.tex is not None or args.pdf is not None or args.from_json is not None or args.jobs is not None:
        raise UsageError("--tex, --pdf, --from-json and --jobs go with --all")
    check_writable("--json", args.json)
    c = find_claim(args.id)
    result = run_claim(c, with_latex=True)  # LaTeX of the very objects the check evaluated
    doc = {"id": c.id, "location": c.location, "verdict": result.verdict, "printed_latex": result.latex["printed"],
           "derived_latex": result.latex["derived"], "correction_latex": result.latex["correction"],
           "correction_plain_latex": result.latex["correction_plain"]}
    if args.json:
        write_json(doc, args.json)
    out = out_stream(args.json)
    print(f"% {c.id} -- {c.location}", file=out)
    print(f"% verdict: {result.verdict}", file=out)
    print("% printed form" + ("" if c.printed is not None else f": {NOT_AVAILABLE}"), file=out)
    if doc["printed_latex"] is not None:
        print(doc["printed_latex"], file=out)
    print("% derived form", file=out)
    print(doc["derived_latex"], file=out)
    if doc["correction_latex"] is not None:
        condition = f"; condition: {c.condition}" if result.verdict == "conditional" else ""
        print(f"% correction ({result.verdict}){condition}", file=out)
        print(doc["correction_latex"], file=out)
    return EXIT_OK


def cmd_docs(args) -> int:
    """``ldpref docs``: regenerate the ledger pages and the errata from a fresh verify run."""
    from ..ledger.claim import load_claims
    from ..ledger.report import write_docs
    from ..ledger.runner import run_claims

    jobs = check_jobs(args.jobs)
    check_writable_folder("--out", args.out)
    results = run_claims(load_claims(), jobs, with_latex=True)
    for path in write_docs(results, args.out):
        print(f"wrote {path}")
    errors = [r.claim.id for r in results if r.verdict == "error"]
    if errors:
        print(f"ldpref: claims with verdict 'error': {', '.join(errors)}", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def _jobs_help(extra: str = "") -> str:
    return (f"worker processes, 1..{jobs_limit()} (4 x the cores, at most 64; default: the number of cores)"
            + extra)


def add_parsers(sub) -> None:
    """Add ``ldpref verify``, ``claims``, ``latex`` and ``docs`` to the command line."""
    papers = ", ".join(PAPERS)
    p = sub.add_parser("verify", help="run the claim checks and print computed verdicts",
                       description="Run the checks of the selected claims and print one verdict per claim "
                                   "(verified, erratum, conditional, ...).  Exit 1 if a check could not be "
                                   "decided (verdict 'error').")
    p.add_argument("--paper", help=f"only this paper ({papers})")
    p.add_argument("--claim", action="append", metavar="ID",
                   help="only this claim id and its sub-claims (id.*); repeatable (every one given runs); must belong "
                        "to --paper if both given")
    p.add_argument("--json", metavar="FILE", help="write ldpref.verify/1 JSON to FILE ('-' for stdout; the table "
                                                  "then goes to stderr)")
    p.add_argument("--jobs", type=jobs_type, help=_jobs_help("; verdicts do not depend on it"))
    p.add_argument("--quiet", action="store_true", help="no progress bar for --self-check (it is shown on a terminal "
                                                        "only)")
    p.add_argument("--self-check", dest="self_check", action="store_true",
                   help="mutation-test every selected claim (printed := derived, printed perturbed, derived "
                        "perturbed); JSON format ldpref.selfcheck/1; exit 1 if a check does not move")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("claims", help="list the claims of the ledger",
                       description="List the claims (id, location in the paper, statement).")
    p.add_argument("--paper", help=f"only this paper ({papers})")
    p.add_argument("--json", metavar="FILE", help="write ldpref.claims/1 JSON to FILE ('-' for stdout)")
    p.set_defaults(func=cmd_claims)

    p = sub.add_parser("latex", help="printed, derived and corrected forms of a claim as LaTeX",
                       description="The LaTeX of a claim's printed form (as transcribed), derived form and, for "
                                   "an erratum or a conditional claim, the correction; with --all, every claim's "
                                   "forms as one LaTeX document.")
    p.add_argument("id", nargs="?", help="claim id, e.g. jiang-gcms/sec2.B.estimator ('ldpref claims' lists them)")
    p.add_argument("--json", metavar="FILE", help="write the forms as JSON to FILE ('-' for stdout)")
    add_latex_all_options(p)
    p.set_defaults(func=cmd_latex)

    p = sub.add_parser("docs", help="regenerate the ledger pages (docs/ledger/*.md, docs/errata.md) from a verify run",
                       description="Run every claim and write the ledger pages.  Exit 1 if a claim's verdict is "
                                   "'error'.")
    p.add_argument("--out", default="docs", help="output directory (default: docs; created if missing)")
    p.add_argument("--jobs", type=jobs_type, help=_jobs_help())
    p.set_defaults(func=cmd_docs)
