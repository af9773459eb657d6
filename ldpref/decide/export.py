"""All ledger obligations as SMT-LIB 2 files: ``<paper>/<label>.smt2`` under a folder (``proofs/smtlib``)."""

from __future__ import annotations

import os

from .ledger_obligations import OBLIGATIONS, build_of, evidence_of
from .smtlib import to_smtlib


def all_obligations() -> list:
    """Every obligation of the ledger, built from each claim's own forms (as a run hands them: through its evidence)."""
    from ldpref.ledger.claim import find_claim, load_claims
    load_claims()  # the papers' checks register obligations of their own when imported (proofs_checks/*/obligations.py)
    out = []
    for claim_id in list(OBLIGATIONS):
        c = find_claim(claim_id)
        out += build_of(OBLIGATIONS, c, evidence_of(c))
    return out


def file_of(name: str) -> str:
    """``pan-cms/appD.var-ordering.0`` -> ``pan-cms/appD.var-ordering.0.smt2`` (relative path)."""
    paper, label = name.split("/", 1)
    return os.path.join(paper, label + ".smt2")


def smtlib_files() -> dict[str, str]:
    """{relative path: SMT-LIB text} of every obligation."""
    return {file_of(ob.name): to_smtlib(ob) for ob in all_obligations()}
