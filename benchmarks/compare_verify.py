"""Compare two ``ldpref verify --json`` documents claim by claim: a speed change must not move any evidence.

For every claim id: verdict, root cause, and each check's kind, name, role, pass/fail, path, instance
count and per-path instance counts must be identical (in order); the claim sets must be equal.  Details
(free text) and LaTeX are compared too but reported apart, as they may legitimately differ in wording.
Exit 1 on any evidence difference.

Usage: python benchmarks/compare_verify.py BEFORE.json AFTER.json
"""

from __future__ import annotations

import json
import sys

EVIDENCE_KEYS = ("kind", "name", "role", "passed", "path", "instances", "paths")
TEXT_KEYS = ("printed_latex", "derived_latex", "correction_latex", "reason", "counterexample")


def evidence(claim: dict) -> dict:
    return {"verdict": claim["verdict"], "root_cause": claim["root_cause"],
            "checks": [{k: chk[k] for k in EVIDENCE_KEYS} for chk in claim["checks"]]}


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.splitlines()[-1], file=sys.stderr)
        return 2
    before, after = ({c["id"]: c for c in json.load(open(p, encoding="utf-8"))["claims"]} for p in argv)
    bad = 0
    for cid in sorted(set(before) ^ set(after)):
        print(f"MISSING in {'after' if cid in before else 'before'}: {cid}")
        bad += 1
    text_diffs = 0
    checks = 0
    instances = 0
    for cid in sorted(set(before) & set(after)):
        b, a = before[cid], after[cid]
        eb, ea = evidence(b), evidence(a)
        checks += len(eb["checks"])
        instances += sum(c["instances"] or 0 for c in eb["checks"])
        if eb != ea:
            bad += 1
            print(f"EVIDENCE DIFFERS: {cid}")
            for key in ("verdict", "root_cause"):
                if eb[key] != ea[key]:
                    print(f"  {key}: {eb[key]!r} -> {ea[key]!r}")
            for i, (cb, ca) in enumerate(zip(eb["checks"], ea["checks"])):
                if cb != ca:
                    print(f"  check {i}: {cb} -> {ca}")
            if len(eb["checks"]) != len(ea["checks"]):
                print(f"  {len(eb['checks'])} checks -> {len(ea['checks'])}")
        for key in TEXT_KEYS:
            if b.get(key) != a.get(key):
                text_diffs += 1
                print(f"text differs ({key}): {cid}")
        for i, (cb, ca) in enumerate(zip(b["checks"], a["checks"])):
            if cb.get("detail") != ca.get("detail"):
                text_diffs += 1
                print(f"text differs (check {i} detail): {cid}")
    print(f"{len(set(before) & set(after))} claims, {checks} checks, {instances} instances compared; "
          f"{bad} with different evidence, {text_diffs} text difference(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
