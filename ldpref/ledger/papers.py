"""The one registry of papers: adding a paper to the ledger touches this table only.

Each entry names the paper's key (the ``<paper>`` of claim ids ``<paper>/<label>``), its title, the
package holding its claim records and checks, and the module holding its root causes (the distinct
errors of the paper that errata and conditional claims point at; see :mod:`ldpref.ledger.root_causes`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Paper:
    key: str
    title: str
    checks: str  # dotted module of the claim records and checks
    root_causes: str  # dotted module defining ROOT_CAUSES

    @property
    def prints_forms(self) -> bool:
        """False for the cross-paper key, whose statements are ldpref's own (no paper prints them)."""
        return self.key != "cross"


PAPERS: dict[str, Paper] = {p.key: p for p in (
    Paper("pan-cms", 'M. Pan, "Count-mean Sketch as an Optimized Framework for Frequency Estimation with LDP"',
          "proofs_checks.pan_cms", "proofs_checks.pan_cms.root_causes"),
    Paper("pan-strict", 'M. Pan, "Strict Optimality of Frequency Estimation Under Local Differential Privacy"',
          "proofs_checks.pan_strict", "proofs_checks.pan_strict.root_causes"),
    Paper("jiang-gcms", 'B. Jiang et al., "When Focus Enhances Utility: Target Range LDP Frequency Estimation ..."',
          "proofs_checks.jiang_gcms", "proofs_checks.jiang_gcms_root_causes"),
    Paper("cross", "Cross-paper reconciliation", "proofs_checks.cross", "proofs_checks.cross_root_causes"),
)}

#: claim ids: ``<paper key>/<label>``
CLAIM_ID_RE = re.compile(r"^(" + "|".join(map(re.escape, PAPERS)) + r")/[A-Za-z0-9][A-Za-z0-9.\-]*$")


def paper(key: str) -> Paper:
    """The registered paper with this key; KeyError naming the known keys."""
    if key not in PAPERS:
        raise KeyError(f"unknown paper {key!r}; known: {', '.join(PAPERS)}")
    return PAPERS[key]
