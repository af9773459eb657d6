"""The ``ldpref`` command.

Exit status: 0 success; 1 ``verify`` found a claim whose check could not run (verdict ``error``);
2 bad input (unknown claim, bad value, bad file), with a message naming what is wrong.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import __version__
from .ledger.papers import PAPERS

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
    from .ledger.runner import distinct_errors_line, iter_results, summary, verify_document

    jobs = _jobs(args.jobs)
    if args.paper is not None and args.claim is not None and args.claim.split("/", 1)[0] != args.paper:
        raise UsageError(f"--claim {args.claim} is not a claim of --paper {args.paper}")
    claims = select_claims(args.paper, args.claim)
    if args.json and args.json != "-":
        _check_writable(args.json)
    if args.self_check:
        return _verify_self_check(claims, jobs, args.json)
    out = _out(args.json)
    results = []
    print(f"{'claim':<34} {'verdict':<13} evidence", file=out)
    print("-" * 100, file=out)
    for r in iter_results(claims, jobs):
        c = r.claim
        results.append(r)
        evidence = r.reason
        if r.counterexample:
            ce = r.counterexample
            evidence += f"; counterexample {ce['params']}: printed {ce['printed']}, exact {ce['exact']}"
        if r.verdict in ("erratum", "conditional") and c.root_cause:
            evidence += f"; root cause {c.root_cause}"
        evidence += f" [{r.seconds:.1f}s]"
        print(f"{c.id:<34} {r.verdict:<13} {_shorten(evidence, 400)}", file=out, flush=True)
    counts = summary(results)
    print("-" * 100, file=out)
    print("summary: " + ", ".join(f"{k} {v}" for k, v in counts.items() if v), file=out)
    errors_line = distinct_errors_line(results)
    if errors_line:
        print("distinct errors: " + errors_line, file=out)
    if args.json:
        _write_json(verify_document(results), args.json)
    if counts.get("error"):
        print(f"ldpref: {counts['error']} claim(s) could not be decided (verdict 'error')", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def _verify_self_check(claims, jobs: int, json_target) -> int:
    from .ledger.claim import MUTATIONS
    from .ledger.selfcheck import self_check, selfcheck_document

    out = _out(json_target)
    mark = {True: "ok", False: "FAIL", None: "-"}
    print(f"{'claim':<34} {'baseline':<13} " + " ".join(f"{m:<19}" for m in MUTATIONS), file=out)
    print("-" * 100, file=out)
    results = self_check(claims, jobs, progress=_selfcheck_progress(claims))
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
        _write_json(doc, json_target)
    if doc["insensitive"]:
        print(f"ldpref: {len(doc['insensitive'])} claim(s) have a check that a mutation does not move", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def _selfcheck_progress(claims):
    """On a terminal, a one-line counter of finished runs on stderr (the self-check is a long job)."""
    if not sys.stderr.isatty():
        return None
    total = sum(4 if c.printed is not None else 2 for c in claims)  # baseline, 2 printed mutations, derived
    done = [0]

    def tick(task, outcome):
        done[0] += 1
        end = "\n" if done[0] == total else ""
        print(f"\rself-check: {done[0]}/{total} runs ({task[0]})".ljust(90), end=end, file=sys.stderr, flush=True)

    return tick


def _check_writable(path: str) -> None:
    import os

    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"--json {path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise UsageError(f"--json {path}: not writable")


def _jobs(value) -> int:
    import os

    if value is None:
        return os.cpu_count() or 1
    if value < 1:
        raise UsageError(f"--jobs {value}: must be at least 1")
    limit = 4 * (os.cpu_count() or 1)
    if value > limit:
        raise UsageError(f"--jobs {value}: more than {limit} (4 x the {os.cpu_count()} cores) would only thrash")
    return value


# ---- claims ------------------------------------------------------------------------------------
def cmd_claims(args) -> int:
    from .ledger.claim import load_claims

    claims = load_claims(args.paper)
    if args.json:
        _write_json({"format": "ldpref.claims/1", "claims": [
            {"id": c.id, "paper": c.paper, "location": c.location, "statement": c.statement, "kind": c.kind,
             "printed_available": c.printed is not None, "derivation": c.derivation, "condition": c.condition,
             "root_cause": c.root_cause, "selfcheck": c.selfcheck}
            for c in claims]}, args.json)
    out = _out(args.json)
    for c in claims:
        print(f"{c.id:<34} {c.location}", file=out)
        print(f"{'':<34} {c.statement}", file=out)
    return EXIT_OK


# ---- latex -------------------------------------------------------------------------------------
def cmd_latex(args) -> int:
    from .ledger.claim import NOT_AVAILABLE, find_claim
    from .ledger.runner import run_claim

    c = find_claim(args.id)
    result = run_claim(c, with_latex=True)  # LaTeX of the very objects the check evaluated
    doc = {"id": c.id, "location": c.location, "verdict": result.verdict, "printed_latex": result.latex["printed"],
           "derived_latex": result.latex["derived"], "correction_latex": result.latex["correction"]}
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
        raise UsageError(f"unknown key(s) {', '.join(unknown)}; this command takes {', '.join(spec.keys)}")
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
            params[name] = _int_value(name, text)
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


def mechanism_catalogue() -> list[dict]:
    """Every built-in mechanism with its keys (kind, default, meaning), from the registry itself."""
    from .mechanisms import REGISTRY, REQUIRED

    _load_all_mechanisms()
    return [{"name": name, "description": spec.description,
             "keys": [{"key": key, "kind": k.kind, "required": k.default is REQUIRED,
                       "default": None if k.default is REQUIRED or k.default is None else str(k.default),
                       "help": k.help} for key, k in spec.keys.items()]}
            for name, spec in sorted(REGISTRY.items())]


def cmd_mechanisms(args) -> int:
    catalogue = mechanism_catalogue()
    if args.json:
        _write_json({"format": "ldpref.mechanisms/1", "mechanisms": catalogue}, args.json)
    out = _out(args.json)
    for entry in catalogue:
        print(f"{entry['name']:<11} {entry['description']}", file=out)
        for key in entry["keys"]:
            default = "required" if key["required"] else f"default {key['default'] or 'none'}"
            print(f"{'':<11}   {key['key']:<8} {key['kind']:<8} {default:<22} {key['help']}", file=out)
    return EXIT_OK


def _load_all_mechanisms() -> None:
    """Paper modules register their mechanisms (e.g. CMS variants) when imported."""
    import importlib

    for module in ("ldpref.mechanisms.variants", "ldpref.mechanisms.prime_cms", "ldpref.mechanisms.gcms"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


# ---- wss ---------------------------------------------------------------------------------------
WSS_CERTIFICATE_FORMAT = "ldpref.wss-certificate/1"


def _wss_spec():
    """The --set keys of ``ldpref wss`` (validated like a mechanism's)."""
    from .mechanisms import D, EXP, Key, Spec
    from .wss import weighted_subset_selection

    return Spec(weighted_subset_selection,
                {"d": D, "k": Key("int", None, help="support size (default: the l2-optimal k)"), "exp_eps": EXP})


def cmd_wss(args) -> int:
    from .io import mechanism_to_json
    from .wss import certificate_lines, weighted_subset_selection

    params = _mechanism_params(_wss_spec(), _parse_sets(args.set))
    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed {args.seed}: must be a non-negative integer")
    if args.json == "-" and args.certificate == "-":
        raise UsageError("--json - and --certificate - cannot both write to standard output")
    mech, cert = weighted_subset_selection(params["d"], params["k"], params["exp_eps"], args.seed)
    out = sys.stderr if "-" in (args.json, args.certificate) else sys.stdout
    for line in certificate_lines(cert):
        print(line, file=out)
    if args.json:
        _write_json(mechanism_to_json(mech), args.json)
    if args.certificate:
        _write_json({"format": WSS_CERTIFICATE_FORMAT, **cert}, args.certificate)
    if not cert.get("certified", False):
        print("ldpref: the WSS mechanism could not be certified exactly", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def _int_value(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{name} = {text!r} must be an integer") from None


# ---- optimize ------------------------------------------------------------------------------------
def _exact_decimal(name: str, text: str):
    """An exact rational from 'p', 'p/q' or a decimal such as '3.64' (read exactly as 91/25)."""
    import re

    import sympy

    from .exact import parse_rational

    if re.fullmatch(r"\s*[+-]?\d+\.\d+\s*", text):
        return sympy.Rational(text.strip())
    return parse_rational(text, what=name)


def cmd_optimize(args) -> int:
    import mpmath
    import sympy

    from .gcms import optimize_gcms

    if args.target != "gcms":
        raise UsageError(f"unknown optimisation target {args.target!r}; known: gcms")
    values = _parse_sets(args.set)
    allowed = {"exp_eps", "eps", "lam", "f", "n", "k", "m"}
    unknown = sorted(set(values) - allowed)
    if unknown:
        raise UsageError(f"unknown key(s) {', '.join(unknown)}; optimize gcms takes exp_eps or eps, lam (or f "
                         f"and n), k, m")
    if ("exp_eps" in values) == ("eps" in values):
        raise UsageError("give exactly one of exp_eps (e^eps, an exact rational) or eps (exact decimal or p/q)")
    if "lam" in values and ("f" in values or "n" in values):
        raise UsageError("give lam, or f and n, not both")
    for key in ("k", "m"):
        if key not in values:
            raise UsageError(f"missing --set {key}=...")
    k, m = _int_value("k", values["k"]), _int_value("m", values["m"])
    if "lam" in values:
        lam = _exact_decimal("lam", values["lam"])
    elif "f" in values and "n" in values:
        f_val, n_val = _int_value("f", values["f"]), _int_value("n", values["n"])
        if n_val < 1 or not 0 <= f_val <= n_val:
            raise UsageError(f"need 0 <= f <= n and n >= 1, got f = {f_val}, n = {n_val}")
        lam = sympy.Rational(f_val, n_val)
    else:
        raise UsageError("missing --set lam=... (or f=... and n=...)")
    digits = args.digits
    if "exp_eps" in values:
        from .exact import parse_rational

        target = parse_rational(values["exp_eps"], what="exp_eps")
        eps_text = f"log({target})"
    else:
        eps = _exact_decimal("eps", values["eps"])
        if not eps > 0:
            raise UsageError(f"eps = {eps} must be positive")
        with mpmath.workdps(digits + 10):
            target = mpmath.exp(mpmath.mpf(eps.p) / eps.q)
        eps_text = str(eps)
    with mpmath.workdps(digits + 10):
        result = optimize_gcms(target, lam, k, m)
    doc = result.as_dict()
    doc["eps_given"] = eps_text
    out = _out(args.json)
    a4, ex = result.algorithm4, result.exact
    print(f"OCMS (jiang-gcms Lemma 1, Algorithm 4): target eps = {eps_text} (e^eps = {doc['target_exp_eps']}), "
          f"lambda = f/n = {lam}, k = {k}, m = {m}", file=out)
    print(f"  Algorithm 4 (Lemma 1 as printed, ternary search on [1/2, 1]): p = {doc['algorithm4']['p']}, "
          f"s = {a4.s}, q = {doc['algorithm4']['q']}; the mechanism's eps = {doc['algorithm4']['eps']}"
          + ("" if a4.valid else " (invalid: Algorithm 1 needs 1 <= s <= m - 1)"), file=out)
    print(f"  Lemma 1 minimiser by root isolation: p = {doc['p_lemma1_root_isolation']} "
          f"(objective unimodal on [1/2, 1): {result.lemma1_unimodal})", file=out)
    if result.lemma1_integer is not None:
        li = doc["lemma1_integer_s"]
        print(f"  Lemma 1 over integer s (p at the target eps, Theorem 2 with equality): p = {li['p']}, s = {li['s']}, "
              f"q = {li['q']}", file=out)
    if ex is not None:
        print(f"  exact-variance optimum (integer s, p at the target eps): p = {doc['exact_variance_optimum']['p']}, "
              f"s = {ex.s}, q = {doc['exact_variance_optimum']['q']}, eps = {doc['exact_variance_optimum']['eps']}",
              file=out)
    print(f"  exact-variance minimiser for continuous s: p = {doc['p_exact_variance_continuous']} "
          f"(unimodal: {result.variance_unimodal})", file=out)
    for note in result.notes:
        print(f"  note: {note}", file=out)
    if args.json:
        _write_json(doc, args.json)
    return EXIT_OK


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
    p.add_argument("--paper", help="only this paper (" + ", ".join(PAPERS) + ")")
    p.add_argument("--claim", help="only this claim id (and its sub-claims id.*)")
    p.add_argument("--json", metavar="FILE", help="write ldpref.verify/1 JSON to FILE ('-' for stdout)")
    p.add_argument("--jobs", type=int, help="worker processes (default: the number of cores); verdicts do not depend on it")
    p.add_argument("--self-check", dest="self_check", action="store_true",
                   help="mutation-test every selected claim (printed := derived, printed perturbed, derived "
                        "perturbed); JSON format ldpref.selfcheck/1; exit 1 if a check does not move")
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

    p = sub.add_parser("wss", help="build a certified Weighted Subset Selection mechanism (pan-strict Section 5.3)")
    p.add_argument("--set", action="append", nargs="+", metavar="KEY=VALUE",
                   help="d, exp_eps (exact rational) and optionally k (default: the l2-optimal support size)")
    p.add_argument("--seed", type=int, help="seed of the subset sampling (default 0)")
    p.add_argument("--json", metavar="FILE", help="write the mechanism (ldpref.mechanism/1) to FILE ('-' for stdout)")
    p.add_argument("--certificate", metavar="FILE", help="write the exact certificate (ldpref.wss-certificate/1)")
    p.set_defaults(func=cmd_wss)

    p = sub.add_parser("optimize", help="optimal parameters: 'gcms' = jiang-gcms OCMS (Lemma 1, Algorithm 4)")
    p.add_argument("target", help="what to optimise (gcms)")
    p.add_argument("--set", action="append", nargs="+", metavar="KEY=VALUE",
                   help="exp_eps=E (exact) or eps=3.64 (exact decimal); lam=1/3 (or f=.. n=..); k=..; m=..")
    p.add_argument("--digits", type=int, default=30, help="mpmath digits when e^eps is irrational (default 30)")
    p.add_argument("--json", metavar="FILE", help="write ldpref.optimize-gcms/1 JSON to FILE ('-' for stdout)")
    p.set_defaults(func=cmd_optimize)

    p = sub.add_parser("mechanisms", help="list the built-in mechanisms and their --set keys")
    p.add_argument("--json", metavar="FILE", help="write ldpref.mechanisms/1 JSON to FILE ('-' for stdout)")
    p.set_defaults(func=cmd_mechanisms)

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
