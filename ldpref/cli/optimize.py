"""``ldpref optimize gcms``: jiang-gcms OCMS parameters (Lemma 1, Algorithm 4) beside the exact optimum."""

from __future__ import annotations

import sympy

from ._common import EXIT_OK, UsageError, ascii_int, check_writable, out_stream, parse_sets, write_json
from ._parser import digits_type
from .mechanism import exp_eps_value

#: the smallest e^eps - 1 accepted (Algorithm 4 and the root isolation run at 40 digits)
MIN_EXCESS = sympy.Rational(1, 10 ** 30)
#: the largest eps= accepted: the optimiser's working precision grows with eps (the minimisers sit at
#: 1 - p ~ e^-eps/2), and 1000 keeps a run within seconds (4 s on 2 busy cores)
MAX_EPS = 1000
KEYS = ("exp_eps", "eps", "lam", "f", "n", "k", "m")


def cmd_optimize(args) -> int:
    """``ldpref optimize gcms``: jiang-gcms Algorithm 4 on Lemma 1 and the exact-variance optimum of p."""
    import mpmath
    import sympy

    from ..gcms import optimize_gcms
    from ..number_syntax import parse_number

    if args.target != "gcms":
        raise UsageError(f"unknown optimisation target {args.target!r}; known: gcms")
    values = parse_sets(args.set)
    unknown = sorted(set(values) - set(KEYS))
    if unknown:
        raise UsageError(f"unknown key(s) {', '.join(unknown)}; optimize gcms takes exp_eps or eps, lam (or f "
                         f"and n), k, m")
    if ("exp_eps" in values) == ("eps" in values):
        raise UsageError("give exactly one of exp_eps (e^eps) or eps (its natural log)")
    if "lam" in values and ("f" in values or "n" in values):
        raise UsageError("give lam, or f and n, not both")
    for key in ("k", "m"):
        if key not in values:
            raise UsageError(f"missing --set {key}=...")
    k, m = ascii_int("k", values["k"]), ascii_int("m", values["m"])
    if "lam" in values:
        lam = parse_number(values["lam"], what="lam")
    elif "f" in values and "n" in values:
        f_val, n_val = ascii_int("f", values["f"]), ascii_int("n", values["n"])
        if n_val < 1 or not 0 <= f_val <= n_val:
            raise UsageError(f"need 0 <= f <= n and n >= 1, got f = {f_val}, n = {n_val}")
        lam = sympy.Rational(f_val, n_val)
    else:
        raise UsageError("missing --set lam=... (or f=... and n=...)")
    check_writable("--json", args.json)
    exact_target = exp_eps_value(values, rational=False, max_eps=MAX_EPS)
    if not exact_target - 1 >= MIN_EXCESS:  # also refuses e^eps <= 1
        given = f"eps = {values['eps']}" if "eps" in values else f"exp_eps = {values['exp_eps']}"
        raise UsageError(f"{given}: e^eps - 1 must be at least 10^-30 (eps > 0; the optimiser works at 40 digits)")
    # enough digits that e^eps - 1 keeps --digits significant digits when eps is small
    digits = args.digits + max(0, -int(mpmath.floor(mpmath.log10(sympy.N(exact_target - 1, 15)))))
    eps_text = values["eps"] if "eps" in values else f"log({exact_target})"
    if "eps" in values:
        eps_exact = parse_number(values["eps"], what="eps", irrational=True)
        eps_text = str(eps_exact) if eps_exact.is_Rational else values["eps"]
    if exact_target.is_Rational:
        target = exact_target
    else:
        with mpmath.workdps(digits + 10):
            target = mpmath.mpf(sympy.N(exact_target, digits + 10))
    with mpmath.workdps(digits + 10):
        result = optimize_gcms(target, lam, k, m)
    doc = result.as_dict()
    doc["eps_given"] = eps_text
    out = out_stream(args.json)
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
    else:
        print("  Lemma 1 over integer s: not computed (see the note below)", file=out)
    if ex is not None:
        print(f"  exact-variance optimum (integer s, p at the target eps): p = {doc['exact_variance_optimum']['p']}, "
              f"s = {ex.s}, q = {doc['exact_variance_optimum']['q']}, eps = {doc['exact_variance_optimum']['eps']}",
              file=out)
    else:
        print("  exact-variance optimum (integer s): not computed (see the note below)", file=out)
    print(f"  exact-variance minimiser for continuous s: p = {doc['p_exact_variance_continuous']} "
          f"(unimodal: {result.variance_unimodal})", file=out)
    for note in result.notes:
        print(f"  note: {note}", file=out)
    if args.json:
        write_json(doc, args.json)
    return EXIT_OK


def add_parsers(sub) -> None:
    """Add ``ldpref optimize`` to the command line."""
    p = sub.add_parser("optimize", help="optimal parameters: 'gcms' = jiang-gcms OCMS (Lemma 1, Algorithm 4)",
                       description="Optimal GCMS parameters by jiang-gcms Lemma 1 / Algorithm 4, beside the optimum "
                                   "of the exact variance.")
    p.add_argument("target", help="what to optimise (gcms)")
    p.add_argument("--set", action="append", nargs="+", metavar="KEY=VALUE",
                   help=f"exp_eps=E or eps=3.64 (exact; e, sqrt, exp, ln allowed; 10^-30 <= e^eps - 1, eps "
                        f"<= {MAX_EPS}); "
                        "lam=1/3 "
                        "(or f=.. n=..); k=..; m=..")
    p.add_argument("--digits", type=digits_type, default=30,
                   help="mpmath digits when e^eps is irrational, 1..1000 (default 30)")
    p.add_argument("--json", metavar="FILE", help="write ldpref.optimize-gcms/1 JSON to FILE ('-' for stdout)")
    p.set_defaults(func=cmd_optimize)
