"""``ldpref mechanism``, ``mechanisms`` and ``wss``: built-in exact mechanisms on the command line."""

from __future__ import annotations

import re
import sys

from ..number_syntax import MAX_EXP_ARGUMENT
from ._common import (EXIT_CHECK_FAILED, EXIT_OK, UsageError, ascii_int, check_distinct_outputs, check_writable,
                      out_stream, parse_sets, write_json)
from ._parser import seed_type


#: eps is at most this, so that e^eps stays within the number bound 10^100 of ldpref.number_syntax
MAX_EPS = MAX_EXP_ARGUMENT


def check_eps(eps, text: str, max_eps=None) -> None:
    """Refuse (UsageError) an eps that is not positive or exceeds ``max_eps`` (default :data:`MAX_EPS`)."""
    max_eps = MAX_EPS if max_eps is None else max_eps
    if not eps.is_positive:
        raise UsageError(f"eps = {text}: must be positive")
    if not eps <= max_eps:
        why = " (e^eps at most 10^100)" if max_eps == MAX_EPS else ""
        raise UsageError(f"eps = {text}: at most {max_eps} for this command{why}")


def exp_eps_value(values: dict[str, str], *, rational: bool, required: bool = True, max_eps=None):
    """e^eps from ``exp_eps=`` or ``eps=`` (natural log: e^eps = exp(eps), kept exact); None if neither given.
    ``max_eps``: the largest eps accepted (default :data:`MAX_EPS`, so that e^eps stays below 10^100)."""
    import sympy

    from ..number_syntax import parse_number

    if "exp_eps" in values and "eps" in values:
        raise UsageError("give exp_eps or eps, not both")
    if "eps" in values:
        eps = parse_number(values["eps"], what="eps", irrational=True)
        check_eps(eps, values["eps"], max_eps)
        value = sympy.exp(eps)
        if rational and not value.is_Rational:
            raise UsageError(f"eps = {values['eps']}: e^eps = {value} is not rational, and this command needs an "
                             f"exact rational e^eps (give exp_eps=..., or eps=ln(r) for a rational r)")
        return value
    if "exp_eps" in values:
        return parse_number(values["exp_eps"], what="exp_eps", irrational=not rational)
    if required:
        raise UsageError("missing --set exp_eps=... (or eps=...)")
    return None


def mechanism_params(spec, values: dict[str, str], *, irrational: bool = False):
    """The builder's keyword arguments from --set values, checked against the spec's keys; ``irrational``:
    e^eps may be irrational (``eps=1/2``, ``exp_eps=sqrt(3)``)."""
    from ..mechanisms import REQUIRED
    from ..number_syntax import parse_number

    values = dict(values)
    if "exp_eps" in spec.keys and "eps" in values and "eps" not in spec.keys:
        if "exp_eps" in values:
            raise UsageError("give exp_eps or eps, not both")
        values["exp_eps"] = exp_eps_value(values, rational=not irrational)
        del values["eps"]
    unknown = sorted(set(values) - set(spec.keys))
    if unknown:
        takes = ", ".join(spec.keys) + (" (or eps instead of exp_eps)" if "exp_eps" in spec.keys else "")
        raise UsageError(f"unknown key(s) {', '.join(unknown)}; this command takes {takes}")
    missing = [k for k, key in spec.keys.items() if key.default is REQUIRED and k not in values]
    if missing:
        raise UsageError(f"missing --set {', '.join(k + '=...' for k in missing)}")
    params = {}
    for name, key in spec.keys.items():
        if name not in values:
            params[name] = key.default
            continue
        text = values[name]
        if not isinstance(text, str):  # e^eps already computed from eps=
            params[name] = text
        elif key.kind == "rational":
            params[name] = parse_number(text, what=name, irrational=irrational and name == "exp_eps")
        elif key.kind == "int":
            params[name] = ascii_int(name, text)
        else:
            params[name] = text
    return params


def cmd_mechanism(args) -> int:
    """``ldpref mechanism NAME``: build a registered mechanism and write its ``ldpref.mechanism/1`` file."""
    from ..io import mechanism_to_json
    from ..mechanisms import REGISTRY

    load_all_mechanisms()
    if args.name not in REGISTRY:
        raise UsageError(f"unknown mechanism {args.name!r}; known: {', '.join(sorted(REGISTRY))}")
    spec = REGISTRY[args.name]
    params = mechanism_params(spec, parse_sets(args.set), irrational=True)
    check_writable("--json", args.json)
    _check_file_can_hold(args.name, params)
    e = params.get("exp_eps")
    if e is not None and not e.is_Rational and not e > 1:
        raise UsageError(f"exp_eps = {e}: e^eps must exceed 1 (eps > 0)")
    if args.name == "sue" and not _square(params["exp_eps"]):
        doc, mech = _sue_symbolic(params)
    elif e is not None and not e.is_Rational:
        doc, mech = _irrational(args.name, spec, params)
    else:
        mech = spec.build(**params)
        doc = mechanism_to_json(mech)
    write_json(doc, args.json)
    if args.json != "-":
        print(f"wrote {args.json}: {doc.get('name', mech.name)}, d = {mech.d}, |U| = {mech.n_outputs}",
              file=sys.stderr)
    return EXIT_OK


def _square(e) -> bool:
    import sympy

    return bool(sympy.sqrt(e).is_Rational)


def _sue_symbolic(params):
    """SUE at a non-square e^eps: built over the symbol h = e^(eps/2) (fast rational functions) and written
    with h = sqrt(e^eps) substituted in the text (symbolic entries, ``ldpref.io.symbolic_mechanism_to_json``)."""
    import sympy

    from ..io import symbolic_mechanism_to_json
    from ..limits import check_mechanism
    from ..mechanisms._params import check_d
    from ..mechanisms.pure import _unary

    d, e = check_d(params["d"]), params["exp_eps"]
    check_mechanism("sue", d, 1 << d, outputs_text=f"2^{d}", exp_eps=_HALF, sets=f"d={d} exp_eps={e}")
    if (1 << d) * d > MAX_SYMBOLIC_FILE_ENTRIES:
        raise UsageError(f"sue at e^eps = {e} (not a square) has entries in sqrt(e^eps): P would hold "
                         f"{(1 << d) * d:,} symbolic entries; the limit for a symbolic mechanism file is "
                         f"{MAX_SYMBOLIC_FILE_ENTRIES:,} (give a square e^eps such as 4 or 9/4, or use 'ldpref moments "
                         f"sue' for exact moments)")
    mech = _unary(f"sue(d={d}, exp_eps={e})", d, _HALF / (_HALF + 1), 1 / (_HALF + 1)).mechanism
    return symbolic_mechanism_to_json(mech, _HALF, sympy.sqrt(e)), mech


#: entries of P (|U| x d) written at an irrational e^eps: building over the symbol costs about a millisecond an
#: entry (oue with d = 10, 10,240 entries, took 10-20 s), so the command stays within seconds
MAX_SYMBOLIC_FILE_ENTRIES = 4096


def _irrational(name: str, spec, params):
    """A mechanism at an irrational e^eps (``eps=1/2``): built over the symbol exp_eps (exact rational
    functions) and written with e^eps substituted in the text (symbolic entries such as
    ``exp(1/2)/(exp(1/2) + 2)``)."""
    import sympy

    from ..exact import EXP_EPS
    from ..io import symbolic_mechanism_to_json
    from ..mechanisms.gcms import p_for_exp_eps

    e = params["exp_eps"]
    built = dict(params, exp_eps=EXP_EPS)
    if name == "gcms":  # its builder takes p for a symbolic e^eps
        built.update(exp_eps=None, p=p_for_exp_eps(EXP_EPS, params["s"], params["m"]))
    if name == "olh" and params.get("m") is None:  # the default m: the integer nearest e^eps + 1, halves up
        built["m"] = max(2, int(sympy.floor(e + sympy.Rational(3, 2))))
    if name == "ss" and params.get("k") is None:
        raise UsageError(f"ss at the irrational e^eps = {e}: give k (the l2-optimal default needs a rational "
                         f"e^eps)")
    proxy = dict(built, exp_eps=sympy.Integer(2))  # the same shape at a rational e^eps: sized in milliseconds
    if name == "gcms":
        proxy.update(exp_eps=None, p=p_for_exp_eps(sympy.Integer(2), params["s"], params["m"]))
    shape = spec.build(**proxy)
    entries = shape.n_outputs * shape.d
    if entries > MAX_SYMBOLIC_FILE_ENTRIES:
        raise UsageError(f"{name} at the irrational e^eps = {e}: P would hold {entries:,} symbolic entries; the limit "
                         f"for a symbolic mechanism file is {MAX_SYMBOLIC_FILE_ENTRIES:,} (use a rational e^eps, e.g. "
                         f"eps=ln(3), or 'ldpref moments' for exact moments at this e^eps)")
    mech = spec.build(**built)
    doc = symbolic_mechanism_to_json(mech, EXP_EPS, e)
    doc["name"] = mech.name.replace("exp_eps=exp_eps", f"exp_eps={e}")
    return doc, mech


def _half_symbol():
    import sympy

    return sympy.Symbol("exp_half_eps", positive=True)


_HALF = _half_symbol()


def _check_file_can_hold(name: str, params: dict) -> None:
    """A mechanism file holds rationals and symbolic constants; ``cms`` with ``inner=srp`` (symmetric unary
    encoding inside a sketch) has entries in sqrt(e^eps) that only the slow algebraic domain builds, so refuse
    a non-square e^eps there before building (it took seconds to learn).  ``sue`` is written symbolically."""
    import sympy

    e = params.get("exp_eps")
    if params.get("inner") == "srp" and e is not None and not sympy.sqrt(e).is_Rational:
        raise UsageError(f"{name}: exp_eps = {e} is not the square of a rational, so P has irrational entries "
                         f"sqrt({e}) and no mechanism file can hold them (give e.g. exp_eps=4 or 9/4; for its exact "
                         f"moments use `ldpref moments sue --set ... exp_eps={e}`)")


_DEFAULT_IN_HELP = re.compile(r"\s*\(default ([^):]+)\)\s*$")


def mechanism_catalogue() -> list[dict]:
    """Every built-in mechanism with its keys (kind, default, meaning), from the registry itself.

    A key whose default is None but whose meaning states a default (``... (default 0)``) shows that default."""
    from ..mechanisms import REGISTRY, REQUIRED

    load_all_mechanisms()
    catalogue = []
    for name, spec in sorted(REGISTRY.items()):
        keys = []
        for key, k in spec.keys.items():
            default, text = None, k.help
            if k.default is not REQUIRED and k.default is not None:
                default = str(k.default)
            elif k.default is None and _DEFAULT_IN_HELP.search(k.help or ""):
                default = _DEFAULT_IN_HELP.search(k.help).group(1)
                text = _DEFAULT_IN_HELP.sub("", k.help)
            keys.append({"key": key, "kind": k.kind, "required": k.default is REQUIRED, "default": default,
                         "help": text})
        catalogue.append({"name": name, "description": spec.description, "keys": keys})
    return catalogue


def cmd_mechanisms(args) -> int:
    """``ldpref mechanisms``: list the registered mechanisms and their ``--set`` keys."""
    check_writable("--json", args.json)
    catalogue = mechanism_catalogue()
    if args.json:
        write_json({"format": "ldpref.mechanisms/1", "mechanisms": catalogue}, args.json)
    out = out_stream(args.json)
    for entry in catalogue:
        print(f"{entry['name']:<11} {entry['description']}", file=out)
        for key in entry["keys"]:
            default = ("required" if key["required"] else
                       f"default {key['default']}" if key["default"] is not None else "optional")
            print(f"{'':<11}   {key['key']:<8} {key['kind']:<8} {default:<22} {key['help']}", file=out)
    return EXIT_OK


def load_all_mechanisms() -> None:
    """Make sure every built-in mechanism is registered.  Importing :mod:`ldpref.mechanisms` already does
    (it imports its :data:`~ldpref.mechanisms.BUILTIN_MODULES`); kept for callers of the older API."""
    import importlib

    from ..mechanisms import BUILTIN_MODULES

    for module in BUILTIN_MODULES:
        importlib.import_module(module)


WSS_CERTIFICATE_FORMAT = "ldpref.wss-certificate/1"


def _wss_spec():
    """The --set keys of ``ldpref wss`` (validated like a mechanism's)."""
    from ..mechanisms import D, EXP, Key, Spec
    from ..wss import weighted_subset_selection

    return Spec(weighted_subset_selection,
                {"d": D, "k": Key("int", None, help="support size (default: the l2-optimal k)"), "exp_eps": EXP})


def cmd_wss(args) -> int:
    """``ldpref wss``: build and certify a Weighted Subset Selection mechanism (pan-strict Section 5.3)."""
    from ..io import mechanism_to_json
    from ..wss import certificate_lines, weighted_subset_selection

    params = mechanism_params(_wss_spec(), parse_sets(args.set))
    if args.json == "-" and args.certificate == "-":
        raise UsageError("--json - and --certificate - cannot both write to standard output")
    check_writable("--json", args.json)
    check_writable("--certificate", args.certificate)
    check_distinct_outputs(("--json", args.json), ("--certificate", args.certificate))
    mech, cert = weighted_subset_selection(params["d"], params["k"], params["exp_eps"], args.seed)
    out = sys.stderr if "-" in (args.json, args.certificate) else sys.stdout
    for line in certificate_lines(cert):
        print(line, file=out)
    if args.json:
        write_json(mechanism_to_json(mech), args.json)
    if args.certificate:
        write_json({"format": WSS_CERTIFICATE_FORMAT, **cert}, args.certificate)
    if not cert.get("certified", False):
        print("ldpref: the WSS mechanism could not be certified exactly", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def _mechanism_names() -> str:
    from ..mechanisms import REGISTRY

    load_all_mechanisms()
    return ("built-in mechanisms: " + ", ".join(sorted(REGISTRY))
            + "\n\n'ldpref mechanisms' lists each one's --set keys, kinds and defaults.")


def add_parsers(sub) -> None:
    """Add ``ldpref mechanism``, ``mechanisms`` and ``wss`` to the command line."""
    p = sub.add_parser("mechanism", help="export a built-in exact mechanism as ldpref.mechanism/1 JSON",
                       description="Build a built-in mechanism exactly and write it as ldpref.mechanism/1 JSON.",
                       epilog_fn=_mechanism_names)
    p.add_argument("name", help="built-in mechanism (listed below)")
    p.add_argument("--set", action="append", nargs="+", metavar="KEY=VALUE",
                   help="the mechanism's keys, e.g. d=3 exp_eps=3 (or 'eps=ln(3)', quoted for the shell); "
                        "see 'ldpref mechanisms'")
    p.add_argument("--json", metavar="FILE", required=True, help="output file ('-' for stdout)")
    p.set_defaults(func=cmd_mechanism)

    p = sub.add_parser("mechanisms", help="list the built-in mechanisms and their --set keys",
                       description="List the built-in mechanisms with their --set keys (kind, default, meaning).")
    p.add_argument("--json", metavar="FILE", help="write ldpref.mechanisms/1 JSON to FILE ('-' for stdout)")
    p.set_defaults(func=cmd_mechanisms)

    p = sub.add_parser("wss", help="build a certified Weighted Subset Selection mechanism (pan-strict Section 5.3)",
                       description="Build a Weighted Subset Selection mechanism and certify it exactly "
                                   "(pan-strict Section 5.3).  Exit 1 if it cannot be certified.")
    p.add_argument("--set", action="append", nargs="+", metavar="KEY=VALUE",
                   help="d, exp_eps (exact rational; or eps with a rational e^eps) and optionally k (default: the "
                        "l2-optimal support size)")
    p.add_argument("--seed", type=seed_type,
                   help="seed of the subset sampling, 0 <= seed < 2^63 (default 0: ldpref.wss.DEFAULT_SEED)")
    p.add_argument("--json", metavar="FILE", help="write the mechanism (ldpref.mechanism/1) to FILE ('-' for stdout)")
    p.add_argument("--certificate", metavar="FILE", help="write the exact certificate (ldpref.wss-certificate/1) "
                                                         "to FILE ('-' for stdout)")
    p.set_defaults(func=cmd_wss)
