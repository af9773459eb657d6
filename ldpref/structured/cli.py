"""``ldpref moments NAME --set KEY=VALUE ... --counts c0,c1,... [--values v,..] [--cov] [--worst]
[--digits N] [--json FILE|-]``: exact E, Var and MSE of a structured model (:mod:`ldpref.structured`).

Wired into ``ldpref.cli`` by its list of optional command modules.  Numbers follow the command line's
grammar (:mod:`ldpref.number_syntax`): ``exp_eps=`` or ``eps=`` (natural log) as exact numbers, ``exp_eps=exp_eps``
for the symbol, ASCII integers for the integer keys.
"""

from __future__ import annotations

import sympy

from ..dataset import parse_counts
from ..errors import ParameterError
from . import moments as sm
from .base import StructuredModel
from .ideal import IdealSketchModel
from .registry import MODELS, model


def add_parser(subparsers):
    """Register the ``moments`` subcommand on an argparse subparsers object."""
    p = subparsers.add_parser("moments", help="exact E, Var, MSE (and covariance, worst cases) of a structured "
                                              "model, without listing its outputs",
                              description="Exact expectation, variance and MSE of every estimate f_hat(v) of a "
                                          "built-in mechanism on one dataset,\ncomputed from its structure (one- "
                                          "and two-value support marginals, hash collision counts, or the\nideal "
                                          "random-hash family with family=ideal) without listing its outputs: OUE "
                                          "at d = 64 or\nApple's CMS at m = 1024, k = 65536 take a fraction of a "
                                          "second.  --cov adds the covariance\nmatrix of the selected values, "
                                          "--worst the worst-case MSE and l2 over every dataset of the same n.\n"
                                          "An irrational e^eps (e, sqrt(3), eps=1/2) is substituted last, so values "
                                          "stay exact.\n\nExit status: 0 success; 2 bad input (one line naming "
                                          "it, before any output).")
    p.add_argument("name", help="one of " + ", ".join(MODELS))
    p.add_argument("--set", nargs="+", action="append", metavar="KEY=VALUE",
                   help="parameters: d, exp_eps (exact: 3, 5/2, sqrt(3), e; or the symbol: exp_eps=exp_eps) or eps "
                        "(natural log: 1/2, ln(3)), m, k, inner, family, ...")
    p.add_argument("--counts", required=True, help="the dataset: c0,c1,... (one count per input value)")
    p.add_argument("--values", help="only these values v (comma-separated; default: all)")
    p.add_argument("--cov", action="store_true", help="also the covariance matrix of the selected values")
    p.add_argument("--worst", action="store_true",
                   help="also the worst-case MSE and l2 over every dataset of n = sum(counts) clients")
    from ..cli._parser import digits_type

    p.add_argument("--digits", type=digits_type, default=30,
                   help="significant digits of the numeric values (default 30)")
    p.add_argument("--json", metavar="FILE", help="write ldpref.moments/1 JSON to FILE ('-' for stdout)")
    p.set_defaults(func=cmd_moments)
    return p


def _values(text, d):
    if text is None:
        return None
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part.lstrip("-").isdigit():
            raise ParameterError(f"--values: {part!r} is not an integer")
        v = int(part)
        if not 0 <= v < d:
            raise ParameterError(f"--values: {v} is not an input 0..{d - 1}")
        out.append(v)
    return out


def _number(value, digits):
    if value.free_symbols:
        return None
    return str(sympy.N(value, digits))


def _worst(mod, n):
    from .. import losses

    if not isinstance(mod, (IdealSketchModel, StructuredModel)):
        raise ParameterError(f"{mod.name}: no worst case available")
    wm, wl = losses.worst_case_mse(mod, n), losses.worst_case_l2(mod, n)
    return {"n": n, "mse": {"value": str(wm.value), "counts": list(wm.counts), "value_index": wm.value_index},
            "l2": {"value": str(wl.value), "counts": list(wl.counts)}}


#: --cov is refused above this many entries (values^2): 300 values; d = 1500 took 86 s and printed 27 MB
MAX_COV_ENTRIES = 90_000

#: keys whose values are integers on the command line
INT_KEYS = ("d", "m", "k", "l", "s", "seed")


def _params(values: dict[str, str]) -> dict:
    """Command-line text -> model parameters: e^eps from exp_eps= or eps= by the number grammar (the symbol kept
    when asked for), integers ASCII-only, the other keys (inner, family, decoder) as text."""
    from ..cli._common import ascii_int
    from ..cli.mechanism import exp_eps_value
    from ..number_syntax import parse_number

    params = dict(values)
    if "eps" in params or ("exp_eps" in params and params["exp_eps"].strip() != "exp_eps"):
        params["exp_eps"] = exp_eps_value(params, rational=False)
        params.pop("eps", None)
    for key in INT_KEYS:
        if key in params:
            params[key] = ascii_int(key, params[key])
    if "p" in params:
        params["p"] = parse_number(params["p"], what="p")
    return params


def cmd_moments(args) -> int:
    """``ldpref moments NAME``: exact moments of a structured model without listing its outputs."""
    from ..cli._common import check_writable, out_stream, parse_sets, write_json
    from ..limits import check_count

    if args.name not in MODELS:
        raise ParameterError(f"unknown structured model {args.name!r}; known: {', '.join(MODELS)}")
    check_writable("--json", args.json)
    mod = model(args.name, **_params(parse_sets(args.set)))
    counts = parse_counts(args.counts, mod.d)
    values = _values(args.values, mod.d)
    chosen = list(range(mod.d)) if values is None else values
    if args.cov:  # sized before any work: the covariance has one exact entry per pair of chosen values
        check_count(f"--cov of {len(chosen)} values", len(chosen) ** 2, limit=MAX_COV_ENTRIES,
                    unit="covariance entries", alternative="choose fewer values with --values v,v,...")
    # everything is computed before anything is printed: a failure (e.g. --worst of a symbolic exp_eps) is one
    # error line, not a report followed by an error
    E = sm.expectation(mod, counts, chosen)
    V = sm.variance(mod, counts, chosen)
    M = sm.mse(mod, counts, chosen)
    cov = sm.covariance(mod, counts, chosen) if args.cov else None
    worst = _worst(mod, sum(counts)) if args.worst else None
    doc = {"format": "ldpref.moments/1", "model": mod.name, "counts": list(counts), "values": []}
    out = out_stream(args.json)
    print(f"{mod.name}: n = {sum(counts)}", file=out)
    for v, e, var, m in zip(chosen, E, V, M):
        doc["values"].append({"v": v, "expectation": str(e), "variance": str(var), "mse": str(m)})
        for label, val in (("E", e), ("Var", var), ("MSE", m)):
            num = _number(val, args.digits)
            print(f"  v={v:<4} {label:<4} {val}" + (f"  ~ {num}" if num is not None and not val.is_Rational else ""),
                  file=out)
    if cov is not None:
        doc["covariance"] = [[str(x) for x in cov.row(i)] for i in range(cov.rows)]
        print("  covariance (rows/columns: values " + ",".join(map(str, chosen)) + "):", file=out)
        for i in range(cov.rows):
            print("    [" + ", ".join(str(x) for x in cov.row(i)) + "]", file=out)
    if worst is not None:
        doc["worst"] = worst
        print(f"  worst-case MSE over n = {sum(counts)}: {doc['worst']['mse']['value']} "
              f"(counts {doc['worst']['mse']['counts']}, value {doc['worst']['mse']['value_index']})", file=out)
        print(f"  worst-case l2  over n = {sum(counts)}: {doc['worst']['l2']['value']} "
              f"(counts {doc['worst']['l2']['counts']})", file=out)
    if args.json:
        write_json(doc, args.json)
    return 0
