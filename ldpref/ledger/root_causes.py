"""Root causes: the distinct errors of a paper that its erratum and conditional claims point at.

One typo can make several claims fail (a wrong Delta_l in Appendix D feeds four formulas).  Each paper's
module named in :mod:`ldpref.ledger.papers` defines ``ROOT_CAUSES``, a list of :class:`RootCause`; a claim
names one of them by label (``Claim.root_cause``).  The verify summary and ``docs/errata.md`` count
distinct root causes beside affected claims, so the errata count does not overstate what is wrong.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache

from .papers import paper as _paper


#: How much a root cause matters to a reader of the paper, least to most serious (issue 23).  Independent of
#: ``kind``: a missing condition in a proof step is ``intermediate``, a wrong order of growth is ``result``.
SEVERITIES = {
    "slip": "typesetting, notation or wording slip: the intended mathematics is evident (often printed right "
            "elsewhere in the paper) and nothing the paper concludes depends on the slip",
    "intermediate": "wrong intermediate step: a proof step or appendix display is wrong, but the result it leads "
                    "to is stated correctly",
    "condition": "missing condition: a stated result holds only under an assumption the paper does not state "
                 "(a range, a limit, a structural property)",
    "overstated": "overstated claim: a comparison, a numeric or asymptotic statement, or a property says more "
                  "than the mathematics gives (true in a limit, or for most but not all parameters)",
    "result": "wrong stated result: a formula, theorem, algorithm or statement a reader would use as printed is "
              "wrong",
}


@dataclass(frozen=True)
class RootCause:
    label: str  # stable, paper-local: the claim id label where the error first appears, or a short name
    location: str  # where in the paper the error is
    summary: str  # one line: what is wrong and what is right
    kind: str = "error"  # error (the paper is wrong) | condition (true only under an unstated condition)
    severity: str | None = None  # a key of SEVERITIES (a test requires one on every root cause)

    def __post_init__(self):
        if self.severity is not None and self.severity not in SEVERITIES:
            raise ValueError(f"root cause {self.label!r}: severity {self.severity!r} is not one of "
                             f"{', '.join(SEVERITIES)}")


@cache
def root_causes(paper_key: str) -> dict[str, RootCause]:
    """The paper's root causes by label (empty when the paper has no root-cause module yet)."""
    module = _paper(paper_key).root_causes
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return {}
    table = {}
    for rc in mod.ROOT_CAUSES:
        if rc.label in table:
            raise ValueError(f"{module}: root cause {rc.label!r} defined twice")
        table[rc.label] = rc
    return table


def resolve(paper_key: str, label: str | None) -> RootCause | None:
    """The root cause a claim names, or None; a label that does not resolve is a ledger defect."""
    if label is None:
        return None
    table = root_causes(paper_key)
    if label not in table:
        raise KeyError(f"root cause {label!r} is not defined in {_paper(paper_key).root_causes}.ROOT_CAUSES")
    return table[label]
