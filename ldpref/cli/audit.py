"""``ldpref audit``: exact analysis of a mechanism file (moments, worst cases over datasets)."""

from __future__ import annotations

from ._common import EXIT_OK, UsageError, ascii_int, check_readable, check_writable, out_stream, write_json
from ._parser import digits_type


def _interest(text: str | None):
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if any(not p for p in parts):
        raise UsageError(f"--interest {text!r}: an empty entry (write indices such as 0,2)")
    return [ascii_int(f"--interest entry {i}", p) for i, p in enumerate(parts)]


class _NoWorst:
    """Stands for the worst cases of a symbolic file (not computed)."""

    value = value_index = counts = None


def _text(value):
    return None if value is None else str(value)


def _decimals(value, digits: int):
    """Exact values of the audit (a value, a list or a matrix) as decimals with ``digits`` digits."""
    from ..decimals import decimal_text

    if isinstance(value, list):
        return [_decimals(x, digits) for x in value]
    return decimal_text(value, digits)


def cmd_audit(args) -> int:
    """``ldpref audit FILE``: exact moments of a mechanism file on a dataset, worst cases, and optionally the
    covariance (``--cov``) and decimals (``--digits``)."""
    import sympy

    from .. import losses, moments
    from ..dataset import parse_counts
    from ..io import AUDIT_FORMAT, load_mechanism
    from ..number_syntax import parse_number
    from ..privacy import exp_eps

    check_readable("mechanism file", args.file)
    check_writable("--json", args.json)
    interest = _interest(args.interest)
    f_star = None if args.f_star is None else parse_number(args.f_star, what="--f-star")
    mech = load_mechanism(args.file)
    counts = parse_counts(args.counts, mech.d) if args.counts is not None else tuple([1] * mech.d)
    n = sum(counts)
    e = exp_eps(mech)
    exact = {"expectation": moments.expectation(mech, counts), "bias": moments.bias(mech, counts),
             "variance": moments.variance(mech, counts), "mse": moments.mse(mech, counts)}
    # worst cases compare losses across datasets exactly: rational entries only (symbolic files: moments only)
    worst_mse = worst_l2 = _NoWorst()
    if mech.is_rational:
        worst_mse = losses.worst_case_mse(mech, n, interest=interest, f_star=f_star)
        worst_l2 = losses.worst_case_l2(mech, n, interest=interest, f_star=f_star)
        exact.update({"mse_worst": worst_mse.value, "l2_worst": worst_l2.value,
                      "l1_cauchy_schwarz_bound": losses.l1_cauchy_schwarz_bound(mech, n, interest=interest,
                                                                                f_star=f_star)})
    if args.cov:
        exact["covariance"] = moments.covariance(mech, counts).tolist()
    doc = {
        "format": AUDIT_FORMAT,
        "name": mech.name,
        "decoder": mech.decoder_kind,
        "exp_eps": None if e == sympy.oo else str(e),
        "unbiased": mech.is_unbiased(),
        "n": n,
        "counts": list(counts),
        "expectation": [str(x) for x in exact["expectation"]],
        "bias": [str(x) for x in exact["bias"]],
        "variance": [str(x) for x in exact["variance"]],
        "mse": [str(x) for x in exact["mse"]],
        "mse_worst": _text(exact.get("mse_worst")),
        "mse_worst_dataset": None if worst_mse.counts is None else list(worst_mse.counts),
        "mse_worst_value": worst_mse.value_index,
        "l2_worst": _text(exact.get("l2_worst")),
        "l2_worst_dataset": None if worst_l2.counts is None else list(worst_l2.counts),
        "l1_cauchy_schwarz_bound": _text(exact.get("l1_cauchy_schwarz_bound")),
        "values_of_interest": interest,
        "f_star": None if f_star is None else str(f_star),
    }
    if args.cov:
        doc["covariance"] = [[str(x) for x in row] for row in exact["covariance"]]
    if args.digits is not None:
        doc["digits"] = args.digits
        doc["decimal"] = {key: _decimals(value, args.digits) for key, value in exact.items()}
    if args.json:
        write_json(doc, args.json)
    out = out_stream(args.json)
    print(f"mechanism {mech.name}: d = {mech.d}, |U| = {mech.n_outputs}, decoder {mech.decoder_kind}", file=out)
    print(f"e^eps = {doc['exp_eps'] if doc['exp_eps'] is not None else 'infinite (a row mixes zero and non-zero)'}",
          file=out)
    print(f"unbiased (QP = I): {doc['unbiased']}", file=out)
    print(f"dataset counts {doc['counts']} (n = {n})" + ("" if args.counts is not None else
                                                         " [default: one client per value]"), file=out)
    for key in ("expectation", "bias", "variance", "mse"):
        print(f"  {key:<12} {', '.join(doc[key])}", file=out)
        if args.digits is not None:
            print(f"  {'':<12} ~ {', '.join(doc['decimal'][key])}", file=out)
    if args.cov:
        print("  covariance (rows v, columns w: Cov[f_hat_v, f_hat_w])", file=out)
        for v, row in enumerate(doc["covariance"]):
            print(f"    {v:<3} {', '.join(row)}", file=out)
            if args.digits is not None:
                print(f"    {'':<3} ~ {', '.join(doc['decimal']['covariance'][v])}", file=out)
    if not mech.is_rational:
        print("worst cases over datasets: not computed (the file has symbolic entries; they need rationals)",
              file=out)
        return EXIT_OK
    print(f"worst-case MSE over datasets of n = {n}: {doc['mse_worst']} (value {worst_mse.value_index}, "
          f"dataset {doc['mse_worst_dataset']})", file=out)
    print(f"worst-case l2 over datasets of n = {n}: {doc['l2_worst']} (dataset {doc['l2_worst_dataset']})", file=out)
    print(f"l1 <= sqrt(|values| * l2) = {doc['l1_cauchy_schwarz_bound']}", file=out)
    return EXIT_OK


def add_parsers(sub) -> None:
    """Add ``ldpref audit`` to the command line."""
    p = sub.add_parser("audit", help="exact analysis of a mechanism file",
                       description="Exact moments of a mechanism file (ldpref.mechanism/1) on a dataset, and its "
                                   "worst-case MSE and l2 over all datasets of the same size.")
    p.add_argument("file", help="mechanism file (ldpref.mechanism/1 JSON, e.g. from 'ldpref mechanism')")
    p.add_argument("--counts", help="dataset as counts per input, e.g. 3,0,1 (default: one client per value)")
    p.add_argument("--interest", help="values of interest for the worst cases, e.g. 0,2 (default: all)")
    p.add_argument("--f-star", dest="f_star",
                   help="upper bound in [0, 1] on the frequencies of the values of interest, e.g. 1/2")
    p.add_argument("--cov", action="store_true", help="also the exact covariance matrix of f_hat on the dataset")
    p.add_argument("--digits", type=digits_type, metavar="N",
                   help="also every value as a decimal with N significant digits, 1..1000 (exact values stay "
                        "exact; irrational ones are evaluated with mpmath)")
    p.add_argument("--json", metavar="FILE", help="write ldpref.audit/1 JSON to FILE ('-' for stdout)")
    p.set_defaults(func=cmd_audit)
