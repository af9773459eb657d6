"""``ldpref discover``: jiang-gcms Section V's unknown-domain discovery on a data file of strings (Algorithms 5
and 6; Section VII-E), with (b, T) from (eps, delta) as the paper applies Theorem 4."""

from __future__ import annotations

from ._common import EXIT_OK, UsageError, check_readable, check_writable, out_stream, write_json
from ._parser import seed_type

FORMAT = "ldpref.discover/1"


def cmd_discover(args) -> int:
    """``ldpref discover``: jiang-gcms Algorithms 5-6 on a data file; discovered items as text or JSON."""
    import sympy

    from ..discovery.data import histogram, read_items
    from ..discovery.params import paper_parameters
    from ..number_syntax import parse_number

    check_readable("--data", args.data)
    check_writable("--json", args.json)
    eps = parse_number(args.eps, what="--eps", irrational=True)
    delta = parse_number(args.delta, what="--delta")
    if args.noise == "reference" and args.seed is None:
        raise UsageError("--noise reference needs --seed (the reference noise is seeded; OpenDP's is not)")
    params = paper_parameters(float(sympy.N(eps, 30)), float(delta))
    items = read_items(args.data)
    counts = histogram(items)
    rejections = None
    if args.full_protocol:
        from ..discovery.protocol import run_protocol

        result = run_protocol(items, params, seed=args.seed, noise=args.noise)
        found, rejections = result.discovery.items, result.release.rejections.as_dict()
    else:
        from ..discovery.experiment import histogram_discovery

        found = histogram_discovery(counts, params, seed=args.seed, noise=args.noise)
    singletons = sum(1 for c in counts.values() if c == 1)
    doc = {
        "format": FORMAT, "data": args.data, "eps": args.eps, "delta": args.delta, "b": params.b, "T": params.T,
        "method": "full-protocol" if args.full_protocol else "histogram", "noise": args.noise, "seed": args.seed,
        "n": len(items), "distinct": len(counts), "singletons": singletons, "discovered": len(found),
        "discovered_singletons": sum(1 for item in found if counts[item] == 1),
        "items": sorted(found, key=lambda item: (-counts[item], item)),
        "rejections": rejections,
    }
    out = out_stream(args.json)
    print(f"discovery (jiang-gcms Algorithms 5-6): eps = {args.eps}, delta = {args.delta} -> b = 1/eps = "
          f"{params.b:.6g}, T = 1 - ln(2 delta)/eps = {params.T:.6g}", file=out)
    print(f"  data {args.data}: n = {len(items)} clients, {len(counts)} distinct items, "
          f"{singletons} held by one client", file=out)
    print(f"  {doc['method']} with {args.noise} noise: {len(found)} items discovered "
          f"({doc['discovered_singletons']} held by one client)"
          + ("" if rejections is None else f"; rejected messages {sum(rejections.values())}"), file=out)
    if args.noise == "opendp" and args.seed is not None:
        print("  note: OpenDP draws its noise from the operating system; --seed fixes keys, shuffle and selection only",
              file=out)
    if args.json:
        write_json(doc, args.json)
    return EXIT_OK


#: ``ldpref discover --help``'s description, one source line per help line (the help keeps these breaks)
_DESCRIPTION = ("Run jiang-gcms's unknown-domain discovery (keyed hash, sealed boxes, shuffler, auxiliary\n"
                "server's noisy threshold) on a UTF-8 text file, one client per whitespace-separated\n"
                "item.  b = 1/eps and T = 1 - ln(2 delta)/eps (Theorem 4 as applied in Section VII-E).\n"
                "Without --full-protocol the noisy threshold runs on the histogram, which is what the\n"
                "auxiliary server sees (same law).")


def add_parsers(sub) -> None:
    """Add the ``discover`` command to the ``ldpref`` parser."""
    p = sub.add_parser("discover", help="jiang-gcms Section V: discover unknown items of a data file (Algorithms 5-6)",
                       description=_DESCRIPTION)
    p.add_argument("--data", required=True, metavar="FILE", help="UTF-8 text file of items (e.g. Kosarak)")
    p.add_argument("--eps", required=True, help="privacy budget eps > 0 (exact syntax, e.g. 1, 1/2, ln(3))")
    p.add_argument("--delta", required=True, help="delta in (0, 1/2) (e.g. 1e-6)")
    p.add_argument("--seed", type=seed_type, help="seed for keys, shuffle, selection (and the reference noise)")
    p.add_argument("--noise", choices=("opendp", "reference"), default="opendp",
                   help="opendp: OpenDP's floating-point-safe Laplace threshold (default, not seedable); reference: "
                        "seeded numpy Laplace, the paper's semantics literally")
    p.add_argument("--full-protocol", dest="full_protocol", action="store_true",
                   help="encrypt, shuffle and decrypt every client's message (about 0.5 ms per client)")
    p.add_argument("--json", metavar="FILE", help=f"write {FORMAT} JSON to FILE ('-' for stdout)")
    p.set_defaults(func=cmd_discover)
