"""All ledger obligations as SMT-LIB 2 files: ``<paper>/<label>.smt2`` under a folder (``proofs/smtlib``)."""

from __future__ import annotations

import os

from .ledger_obligations import OBLIGATIONS
from .smtlib import to_smtlib


def all_obligations() -> list:
    """Every obligation of the ledger, built from each claim's own printed and derived forms."""
    from ldpref.ledger.claim import find_claim
    out = []
    for claim_id, build in OBLIGATIONS.items():
        c = find_claim(claim_id)
        out += build(c.printed() if c.printed is not None else None, c.derived())
    return out


def file_of(name: str) -> str:
    """``pan-cms/appD.var-ordering.0`` -> ``pan-cms/appD.var-ordering.0.smt2`` (relative path)."""
    paper, label = name.split("/", 1)
    return os.path.join(paper, label + ".smt2")


def smtlib_files() -> dict[str, str]:
    """{relative path: SMT-LIB text} of every obligation."""
    return {file_of(ob.name): to_smtlib(ob) for ob in all_obligations()}
