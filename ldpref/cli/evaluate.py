"""``ldpref eval``: a claim's derived and printed forms at exact values of their free symbols.

Every free symbol has a stable ASCII key (:func:`ldpref.numeric.symbol_key`); ``ldpref eval ID`` without
``--set`` lists them.  Values are read by :mod:`ldpref.number_syntax` and checked against the symbol's
assumptions and meaning; every form is evaluated before anything is printed, so a pole in one form is a
one-line error and not half an answer.
"""

from __future__ import annotations

from ._common import EXIT_OK, UsageError, check_writable, out_stream, parse_sets, write_json
from ._parser import digits_type
from .mechanism import check_eps


def _latex_name(sym) -> str:
    import sympy

    from ..exact import EXP_EPS, LATEX_NAMES

    if sym == EXP_EPS:
        return LATEX_NAMES[EXP_EPS]
    name = getattr(sym, "name", str(sym))
    return name if "\\" in name or "{" in name else sympy.latex(sym)


#: meanings of the common keys, used when no claim of the paper states one
GLOSSARY = {"exp_eps": "privacy factor e^eps", "d": "dictionary size", "n": "number of clients",
            "m": "hash range", "k": "number of hash functions", "epsilon": "privacy parameter eps"}


def _meaning(claim, sym, key: str) -> str:
    """The meaning of a symbol: from the claim's own ``symbols``, else from another claim of the same paper
    naming the same symbol, else from the glossary of common keys."""
    from ..ledger.claim import load_claims
    from ..numeric import old_symbol_key

    names = {getattr(sym, "name", str(sym)), key, old_symbol_key(sym)}
    if key == "exp_eps":
        names |= {"e^eps", "e^{\\epsilon}", "exp_eps"}
    for source in [claim] + [c for c in load_claims(claim.paper) if c.id != claim.id]:
        for name, meaning in source.symbols.items():
            if str(name) in names:
                return meaning
    return GLOSSARY.get(key, "")


def _read_values(claim, keys: dict, given: dict[str, str]) -> dict:
    import sympy

    from ..number_syntax import parse_number
    from ..numeric import check_value, key_aliases

    aliases = key_aliases(keys)
    values = {}
    for raw_key, text in given.items():
        if raw_key == "eps" and "eps" not in keys and "exp_eps" in keys:
            if "exp_eps" in given:
                raise UsageError("give exp_eps or eps, not both")
            eps = parse_number(text, what="eps", irrational=True)
            check_eps(eps, text)
            values["exp_eps"] = sympy.exp(eps)
            continue
        key = raw_key if raw_key in keys else aliases.get(raw_key)
        if key is None and raw_key == "eps" and "epsilon" in keys:  # the claim's own symbol eps
            key = "epsilon"
        if key is None:
            valid = ", ".join(keys) if keys else "none (the forms have no free symbols)"
            extra = " (or eps = ln(exp_eps))" if "exp_eps" in keys else ""
            raise UsageError(f"{claim.id}: unknown key {raw_key!r}; valid keys: {valid}{extra} "
                             f"('ldpref eval {claim.id}' lists them)")
        if key in values:
            raise UsageError(f"--set: {key} given twice (as {raw_key})")
        sym = keys[key]
        integer = bool(getattr(sym, "assumptions0", {}).get("integer"))
        values[key] = parse_number(text, what=key, irrational=not integer)
    for key, value in values.items():
        check_value(key, keys[key], value)
    return values


def _list_keys(claim, keys: dict, out) -> None:
    from ..numeric import symbol_facts

    if not keys:
        print(f"{claim.id}: the forms have no free symbols", file=out)
        return
    print(f"{claim.id}: --set keys (exact values; e, sqrt(..), exp(..), ln(..) allowed for non-integers)", file=out)
    if "exp_eps" in keys:
        print("  (eps=X may be given instead of exp_eps: e^eps = exp(X))", file=out)
    width = max(len(k) for k in keys)
    for key, sym in keys.items():
        facts = ", ".join(symbol_facts(sym))
        meaning = _meaning(claim, sym, key)
        line = f"  {key:<{width}}  {_latex_name(sym)}"
        if facts:
            line += f"  [{facts}]"
        if meaning:
            line += f"  {meaning}"
        print(line, file=out)


def cmd_eval(args) -> int:
    """``ldpref eval ID``: the keys of a claim, or its derived and printed forms at exact ``--set`` values."""
    from ..ledger.claim import find_claim
    from ..numeric import evaluate, form_keys

    check_writable("--json", args.json)
    given = parse_sets(args.set)
    c = find_claim(args.id)
    forms = {"derived": c.derived()}
    if c.printed is not None:
        forms["printed"] = c.printed()
    keys = form_keys(*forms.values())
    out = out_stream(args.json)
    if args.set is None and keys:
        _list_keys(c, keys, out)
        if args.json:
            write_json({"id": c.id, "keys": {k: {"latex": _latex_name(s), "meaning": _meaning(c, s, k)}
                                             for k, s in keys.items()}}, args.json)
        return EXIT_OK
    values = _read_values(c, keys, given)
    evaluated = {}
    for label, form in forms.items():  # every form before any output
        try:
            evaluated[label] = evaluate(form, values, digits=args.digits)
        except KeyError as exc:
            raise UsageError(f"{c.id} {label} form: {exc.args[0]}") from None
        except (ValueError, TypeError) as exc:  # a pole, a matrix part, a value sympy cannot compare
            raise UsageError(f"{c.id} {label} form: {exc}") from None
    doc = {"id": c.id, "values": {k: str(v) for k, v in values.items()}, "digits": args.digits, "forms": {}}
    for label, evaluations in evaluated.items():
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
        write_json(doc, args.json)
    return EXIT_OK


def add_parsers(sub) -> None:
    """Add ``ldpref eval`` to the command line."""
    p = sub.add_parser("eval", help="evaluate a claim's derived and printed forms at given parameters",
                       description="Evaluate a claim's derived and printed forms at exact values: exact where "
                                   "rational, mpmath digits otherwise, numpy as a cross-check.  Without --set, "
                                   "list the keys the claim takes (ASCII names of its symbols, with their LaTeX).")
    p.add_argument("id", help="claim id ('ldpref claims' lists them)")
    p.add_argument("--set", action="append", nargs="+", metavar="KEY=VALUE",
                   help="exact values, e.g. exp_eps=3 n=10 (or 'eps=ln(3)', quoted for the shell); "
                        "'ldpref eval ID' lists the keys")
    p.add_argument("--digits", type=digits_type, default=30,
                   help="mpmath digits for irrational results, 1..1000 (default 30)")
    p.add_argument("--json", metavar="FILE", help="write the values as JSON to FILE ('-' for stdout)")
    p.set_defaults(func=cmd_eval)
