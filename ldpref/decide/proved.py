"""Obligations already proved, by the content hash of their SMT-LIB text (issue 25: "solver results may be cached
by a content hash of the obligation, with the cache verifiable by re-running it").

``proved.json`` (package data, committed) lists the SHA-256 of every obligation text that both z3 and cvc5 decided
``unsat``; ``ldpref proofs --check --record`` writes it after re-deciding every obligation, and ``.ci/run`` re-decides
them all.  ``ldpref verify`` looks up the text it builds from the claim's forms at that run: the same text (the same
forms, the same assumptions) was proved, so z3 need not run again; any other text (a changed form, a self-check
mutation) misses and is decided live.  A record says which way it was decided.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "proved.json")
FORMAT = "ldpref.proved/1"


def digest(text: str) -> str:
    """SHA-256 of an obligation's SMT-LIB text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache
def proved() -> frozenset:
    """The digests of the obligations proved by both solvers (empty when the file is absent)."""
    if not os.path.exists(PATH):
        return frozenset()
    with open(PATH, encoding="utf-8") as fh:
        doc = json.load(fh)
    if doc.get("format") != FORMAT:
        raise ValueError(f"{PATH}: format {doc.get('format')!r}, expected {FORMAT}")
    return frozenset(doc["sha256"])


def document(digests) -> str:
    """The text of ``proved.json`` for these digests (sorted, one per line)."""
    return json.dumps({"format": FORMAT, "sha256": sorted(set(digests))}, indent=1) + "\n"
