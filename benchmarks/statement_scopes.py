"""How many statement, bound and optimality claims of pan-cms and jiang-gcms are proved for all parameters
(issue 25, "Done when": at least 60% reach ``given-derived`` or ``all-parameters``).

The ledger's claim kinds are ``formula``, ``statement`` and ``cited``; bounds, orderings and optimality claims are
all of kind ``statement``, so the counted set is every ``statement`` claim of the two papers.  The scope of each is
the one ``ldpref verify --json`` computes (:mod:`ldpref.ledger.scope`).

Usage: python benchmarks/statement_scopes.py VERIFY_JSON [--list]
(``VERIFY_JSON`` from ``python -m ldpref.cli verify --json FILE``; ``--list`` prints every claim still at
``instances`` with its verdict and the scope's reason.)
"""

from __future__ import annotations

import collections
import json
import sys

PAPERS = ("pan-cms", "jiang-gcms")
KINDS = ("statement",)  # bounds and optimality claims are statements in the ledger


def counted(claims: list, kinds: dict) -> list:
    """The counted claims: kind statement, paper pan-cms or jiang-gcms."""
    return [c for c in claims if c["paper"] in PAPERS and kinds[c["id"]] in KINDS]


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__.splitlines()[-3], file=sys.stderr)
        return 2
    from ldpref.ledger.claim import load_claims
    kinds = {c.id: c.kind for c in load_claims()}
    claims = json.load(open(argv[0], encoding="utf-8"))["claims"]
    sel = counted(claims, kinds)
    by_scope = collections.Counter(c["scope"] for c in sel)
    proved = by_scope["all-parameters"] + by_scope["given-derived"]
    print(f"{len(sel)} statement claims of {', '.join(PAPERS)}: " +
          ", ".join(f"{s} {by_scope[s]}" for s in ("all-parameters", "given-derived", "instances")) +
          f"; proved {proved} ({100 * proved / len(sel):.1f}%)")
    print("instances by verdict: " + ", ".join(
        f"{v} {n}" for v, n in collections.Counter(c["verdict"] for c in sel if c["scope"] == "instances").most_common()))
    if "--list" in argv:
        for c in sel:
            if c["scope"] == "instances":
                print(f"{c['id']:40s} {c['verdict']:13s} {c['scope_reason'][:150]}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, ".")
    raise SystemExit(main(sys.argv[1:]))
