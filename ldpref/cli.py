"""The ``ldpref`` command.

Exit status: 0 success; 1 ``verify`` found a claim whose check could not run (verdict ``error``);
2 bad input (unknown claim, bad value, bad file), with a message naming what is wrong.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import __version__

EXIT_OK, EXIT_CHECK_FAILED, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    pass


def dumps(doc, indent: int = 2, level: int = 0) -> str:
    """JSON with indentation, but lists of scalars (matrix rows, counts) kept on one line."""
    pad, inner = " " * (indent * level), " " * (indent * (level + 1))
    if isinstance(doc, dict):
        if not doc:
            return "{}"
        items = [f"{inner}{json.dumps(k)}: {dumps(v, indent, level + 1)}" for k, v in doc.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(doc, list):
        if all(not isinstance(x, (dict, list)) for x in doc):
            return json.dumps(doc, ensure_ascii=False)
        items = [f"{inner}{dumps(v, indent, level + 1)}" for v in doc]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(doc, ensure_ascii=False)


def _write_json(doc, target: str) -> None:
    text = dumps(doc) + "\n"
    if target == "-":
        sys.stdout.write(text)
    else:
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(text)


def _out(json_target: str | None):
    """Human-readable text goes to stderr when JSON goes to stdout."""
    return sys.stderr if json_target == "-" else sys.stdout


def _parse_sets(pairs) -> dict[str, str]:
    values = {}
    for group in pairs or []:
        for item in group:
            if "=" not in item:
                raise UsageError(f"--set expects KEY=VALUE, got {item!r}")
            key, value = item.split("=", 1)
            key = key.strip()
            if not key:
                raise UsageError(f"--set {item!r}: empty key")
            if key in values:
                raise UsageError(f"--set: {key} given twice")
            values[key] = value.strip()
    return values


def _shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


# ---- verify ------------------------------------------------------------------------------------
def cmd_verify(args) -> int:
    from .ledger.claim import select_claims
    from .ledger.runner import iter_results, summary, verify_document

    claims = select_claims(args.paper, args.claim)
    out = _out(args.json)
    results = []
    print(f"{'claim':<34} {'verdict':<12} evidence", file=out)
    print("-" * 100, file=out)
    for r in iter_results(claims, _jobs(args.jobs)):
        c = r.claim
        results.append(r)
        evidence = r.reason
        if r.counterexample:
            ce = r.counterexample
            evidence += f"; counterexample {ce['params']}: printed {ce['printed']}, exact {ce['exact']}"
        else:
            n_inst = sum(rec.instances for rec in r.records if rec.kind == "exact")
            evidence += f" ({len(r.records)} checks, {n_inst} exact instances, {r.seconds:.1f}s)"
        print(f"{c.id:<34} {r.verdict:<12} {_shorten(evidence, 400)}", file=out, flush=True)
    counts = summary(results)
    print("-" * 100, file=out)
    print("summary: " + ", ".join(f"{k} {v}" for k, v in counts.items() if v), file=out)
    if args.json:
        _write_json(verify_document(results), args.json)
    if counts.get("error"):
        print(f"ldpref: {counts['error']} claim(s) could not be decided (verdict 'error')", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def _jobs(value) -> int:
    import os

    if value is None:
        return os.cpu_count() or 1
    if value < 1:
        raise UsageError(f"--jobs {value}: must be at least 1")
    return value


# ---- claims ------------------------------------------------------------------------------------
def cmd_claims(args) -> int:
    from .ledger.claim import load_claims

    claims = load_claims(args.paper)
    if args.json:
        _write_json({"format": "ldpref.claims/1", "claims": [
            {"id": c.id, "paper": c.paper, "location": c.location, "statement": c.statement, "kind": c.kind,
             "printed_available": c.printed is not None, "derivation": c.derivation, "condition": c.condition}
            for c in claims]}, args.json)
    out = _out(args.json)
    for c in claims:
        print(f"{c.id:<34} {c.location}", file=out)
        print(f"{'':<34} {c.statement}", file=out)
    return EXIT_OK


# ---- latex -------------------------------------------------------------------------------------
def cmd_latex(args) -> int:
    from .ledger.claim import NOT_AVAILABLE, find_claim
    from .ledger.runner import correction_latex, derived_latex, printed_latex, run_claim

    c = find_claim(args.id)
    result = run_claim(c)
    doc = {"id": c.id, "location": c.location, "verdict": result.verdict, "printed_latex": printed_latex(c),
           "derived_latex": derived_latex(c),
           "correction_latex": correction_latex(c) if result.verdict in ("erratum", "conditional") else None}
    if args.json:
        _write_json(doc, args.json)
    out = _out(args.json)
    print(f"% {c.id} -- {c.location}", file=out)
    print(f"% verdict: {result.verdict}", file=out)
    print("% printed form" + ("" if c.printed is not None else f": {NOT_AVAILABLE}"), file=out)
    if doc["printed_latex"] is not None:
        print(doc["printed_latex"], file=out)
    print("% derived form", file=out)
    print(doc["derived_latex"], file=out)
    if doc["correction_latex"] is not None:
        print(f"% correction ({result.verdict})" + (f"; condition: {c.condition}" if result.verdict == "conditional" else ""),
              file=out)
        print(doc["correction_latex"], file=out)
    return EXIT_OK


# ---- eval --------------------------------------------------------------------------------------
def cmd_eval(args) -> int:
    from .exact import parse_rational
    from .ledger.claim import find_claim
    from .numeric import evaluate

    c = find_claim(args.id)
    values = {k: parse_rational(v, what=f"--set {k}") for k, v in _parse_sets(args.set).items()}
    forms = {"derived": c.derived()}
    if c.printed is not None:
        forms["printed"] = c.printed()
    doc = {"id": c.id, "values": {k: str(v) for k, v in values.items()}, "digits": args.digits, "forms": {}}
    out = _out(args.json)
    for label, form in forms.items():
        try:
            evaluations = evaluate(form, values, digits=args.digits)
        except KeyError as exc:
            raise UsageError(f"{c.id} {label} form: {exc.args[0]}") from None
        except ValueError as exc:
            raise UsageError(f"{c.id} {label} form: {exc}") from None
        doc["forms"][label] = [
            {"name": e.name, "exact": str(e.exact), "rational": e.is_rational, "mpmath": e.mpmath_value,
             "numpy": e.numpy_value} for e in evaluations]
        for e in evaluations:
            name = f"{label} {e.name}".strip()
            line = f"{name}: {e.exact}"
            if not e.is_rational and e.mpmath_value is not None:
                line += f"  ~ {e.mpmath_value} (mpmath, {args.digits} digits)"
            if e.numpy_value is not None:
                line += f"  [numpy {e.numpy_value!r}]"
            print(line, file=out)
    if args.json:
        _write_json(doc, args.json)
    return EXIT_OK


# ---- mechanism ---------------------------------------------------------------------------------
def _mechanism_params(spec, values: dict[str, str]):
    from .exact import parse_rational
    from .mechanisms import REQUIRED

    unknown = sorted(set(values) - set(spec.keys))
    if unknown:
        raise UsageError(f"unknown key(s) {', '.join(unknown)}; this mechanism takes {', '.join(spec.keys)}")
    missing = [k for k, key in spec.keys.items() if key.default is REQUIRED and k not in values]
    if missing:
        raise UsageError(f"missing --set {', '.join(k + '=...' for k in missing)}")
    params = {}
    for name, key in spec.keys.items():
        if name not in values:
            params[name] = key.default
            continue
        text = values[name]
        if key.kind == "rational":
            params[name] = parse_rational(text, what=name)
        elif key.kind == "int":
            try:
                params[name] = int(text)
            except ValueError:
                raise UsageError(f"{name} = {text!r} must be an integer") from None
        else:
            params[name] = text
    return params


def cmd_mechanism(args) -> int:
    from .io import mechanism_to_json
    from .mechanisms import REGISTRY

    _load_all_mechanisms()
    if args.name not in REGISTRY:
        raise UsageError(f"unknown mechanism {args.name!r}; known: {', '.join(sorted(REGISTRY))}")
    spec = REGISTRY[args.name]
    mech = spec.build(**_mechanism_params(spec, _parse_sets(args.set)))
    _write_json(mechanism_to_json(mech), args.json)
    return EXIT_OK


def _load_all_mechanisms() -> None:
    """Paper modules register their mechanisms (e.g. CMS variants) when imported."""
    import importlib

    for module in ("ldpref.mechanisms.variants",):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


# ---- audit -------------------------------------------------------------------------------------
def cmd_audit(args) -> int:
    import sympy

    from . import losses, moments
    from .dataset import parse_counts
    from .io import AUDIT_FORMAT, load_mechanism
    from .privacy import exp_eps

    mech = load_mechanism(args.file)
    counts = parse_counts(args.counts, mech.d) if args.counts else tuple([1] * mech.d)
    n = sum(counts)
    e = exp_eps(mech)
    interest = [int(x) for x in args.interest.split(",")] if args.interest else None
    f_star = args.f_star
    worst_mse = losses.worst_case_mse(mech, n, interest=interest, f_star=f_star)
    worst_l2 = losses.worst_case_l2(mech, n, interest=interest, f_star=f_star)
    doc = {
        "format": AUDIT_FORMAT,
        "name": mech.name,
        "decoder": mech.decoder_kind,
        "exp_eps": None if e == sympy.oo else str(e),
        "unbiased": mech.is_unbiased(),
        "n": n,
        "counts": list(counts),
        "expectation": [str(x) for x in moments.expectation(mech, counts)],
        "bias": [str(x) for x in moments.bias(mech, counts)],
        "variance": [str(x) for x in moments.variance(mech, counts)],
        "mse": [str(x) for x in moments.mse(mech, counts)],
        "mse_worst": str(worst_mse.value),
        "mse_worst_dataset": list(worst_mse.counts),
        "mse_worst_value": worst_mse.value_index,
        "l2_worst": str(worst_l2.value),
        "l2_worst_dataset": list(worst_l2.counts),
        "l1_cauchy_schwarz_bound": str(losses.l1_cauchy_schwarz_bound(mech, n, interest=interest, f_star=f_star)),
        "values_of_interest": interest,
        "f_star": None if f_star is None else str(f_star),
    }
    if args.json:
        _write_json(doc, args.json)
    out = _out(args.json)
    print(f"mechanism {mech.name}: d = {mech.d}, |U| = {mech.n_outputs}, decoder {mech.decoder_kind}", file=out)
    print(f"e^eps = {doc['exp_eps'] if doc['exp_eps'] is not None else 'infinite (a row mixes zero and non-zero)'}",
          file=out)
    print(f"unbiased (QP = I): {doc['unbiased']}", file=out)
    print(f"dataset counts {doc['counts']} (n = {n})" + ("" if args.counts else " [default: one client per value]"),
          file=out)
    for key in ("expectation", "bias", "variance", "mse"):
        print(f"  {key:<12} {', '.join(doc[key])}", file=out)
    print(f"worst-case MSE over datasets of n = {n}: {doc['mse_worst']} (value {worst_mse.value_index}, "
          f"dataset {doc['mse_worst_dataset']})", file=out)
    print(f"worst-case l2 over datasets of n = {n}: {doc['l2_worst']} (dataset {doc['l2_worst_dataset']})", file=out)
    print(f"l1 <= sqrt(|values| * l2) = {doc['l1_cauchy_schwarz_bound']}", file=out)
    return EXIT_OK


# ---- docs --------------------------------------------------------------------------------------
def cmd_docs(args) -> int:
    from .ledger.claim import load_claims
    from .ledger.report import write_docs
    from .ledger.runner import run_claims

    results = run_claims(load_claims(), _jobs(args.jobs))
    for path in write_docs(results, args.out):
        print(f"wrote {path}")
    errors = [r.claim.id for r in results if r.verdict == "error"]
    if errors:
        print(f"ldpref: claims with verdict 'error': {', '.join(errors)}", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


# ---- parser ------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ldpref", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"ldpref {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("verify", help="run the claim checks and print computed verdicts")
    p.add_argument("--paper", help="only this paper (pan-cms, pan-strict, jiang-gcms, cross)")
    p.add_argument("--claim", help="only this claim id (and its sub-claims id.*)")
    p.add_argument("--json", metavar="FILE", help="write ldpref.verify/1 JSON to FILE ('-' for stdout)")
    p.add_argument("--jobs", type=int, help="worker processes (default: the number of cores); verdicts do not depend on it")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("claims", help="list the claims of the ledger")
    p.add_argument("--paper")
    p.add_argument("--json", metavar="FILE")
    p.set_defaults(func=cmd_claims)

    p = sub.add_parser("latex", help="printed, derived and corrected forms of a claim as LaTeX")
    p.add_argument("id")
    p.add_argument("--json", metavar="FILE")
    p.set_defaults(func=cmd_latex)

    p = sub.add_parser("eval", help="evaluate a claim's derived and printed forms at given parameters")
    p.add_argument("id")
    p.add_argument("--set", action="append", nargs="+", metavar="KEY=VALUE", help="exact values, e.g. exp_eps=3 n=10")
    p.add_argument("--digits", type=int, default=30, help="mpmath digits for irrational results (default 30)")
    p.add_argument("--json", metavar="FILE")
    p.set_defaults(func=cmd_eval)

    p = sub.add_parser("mechanism", help="export a built-in exact mechanism as ldpref.mechanism/1 JSON")
    p.add_argument("name")
    p.add_argument("--set", action="append", nargs="+", metavar="KEY=VALUE")
    p.add_argument("--json", metavar="FILE", required=True)
    p.set_defaults(func=cmd_mechanism)

    p = sub.add_parser("audit", help="exact analysis of a mechanism file")
    p.add_argument("file")
    p.add_argument("--counts", help="dataset as counts per input, e.g. 3,0,1 (default: one client per value)")
    p.add_argument("--interest", help="values of interest for the worst cases, e.g. 0,2 (default: all)")
    p.add_argument("--f-star", dest="f_star", help="upper bound on the frequencies of the values of interest, e.g. 1/2")
    p.add_argument("--json", metavar="FILE")
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("docs", help="regenerate the ledger pages (docs/ledger/*.md, docs/errata.md) from a verify run")
    p.add_argument("--out", default="docs", help="output directory (default: docs)")
    p.add_argument("--jobs", type=int, help="worker processes (default: the number of cores)")
    p.set_defaults(func=cmd_docs)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "digits", 30) is not None and getattr(args, "digits", 30) < 1:
        parser.error("--digits must be at least 1")
    try:
        return args.func(args)
    except (UsageError, KeyError) as exc:
        msg = exc.args[0] if exc.args else str(exc)
        print(f"ldpref: error: {msg}", file=sys.stderr)
        return EXIT_USAGE
    except (TypeError, ValueError, OSError) as exc:
        print(f"ldpref: error: {exc} ({type(exc).__name__})", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
