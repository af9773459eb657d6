"""Severity of every root cause (issue 23): each named root cause has one of the five severities, the verify JSON
carries it, and the summary line and the errata page count root causes per paper per severity."""

from __future__ import annotations

import pytest

import proofs_checks  # noqa: F401  (registers the claims)
from ldpref.ledger.claim import load_claims
from ldpref.ledger.root_causes import SEVERITIES, RootCause, root_causes
from ldpref.ledger.runner import severity_counts_of, severity_text

PAPERS = ("pan-cms", "pan-strict", "jiang-gcms", "cross")


def test_every_root_cause_has_a_severity():
    seen = 0
    for paper in PAPERS:
        for label, rc in root_causes(paper).items():
            assert rc.severity in SEVERITIES, f"{paper}/{label}: severity {rc.severity!r}"
            seen += 1
    assert seen >= 70


def test_every_severity_is_used_and_named_claims_resolve():
    used = {rc.severity for p in PAPERS for rc in root_causes(p).values()}
    assert used == set(SEVERITIES)
    for c in load_claims():
        if c.root_cause:
            assert c.root_cause in root_causes(c.paper), c.id


def test_unknown_severity_is_refused():
    with pytest.raises(ValueError, match="severity 'typo'"):
        RootCause("x", "Section 1", "what is wrong", severity="typo")


def test_counts_per_severity():
    paper = "jiang-gcms"
    table = root_causes(paper)
    labels = ["eq11.sign", "appC.pq", "thm4.delta"]          # intermediate, slip, result
    errors = {"erratum": {label: [f"{paper}/x"] for label in labels}, "conditional": {"sec2.B.ldp": ["y"]},
              "unnamed": ["z"]}
    counts = severity_counts_of(paper, errors)
    expected = dict.fromkeys(SEVERITIES, 0)
    for label in [*labels, "sec2.B.ldp"]:
        expected[table[label].severity] += 1
    assert counts == {**expected, "unnamed": 1}
    assert counts["result"] == 1 and counts["slip"] == 1 and counts["condition"] == 1
    assert severity_text(counts) == "1 result, 1 condition, 1 intermediate, 1 slip, 1 unnamed"


def test_a_root_cause_without_severity_fails_the_count(monkeypatch):
    import ldpref.ledger.runner as R

    monkeypatch.setattr(R, "resolve", lambda paper, label: RootCause(label, "loc", "summary"))
    with pytest.raises(ValueError, match="has no severity"):
        severity_counts_of("pan-cms", {"erratum": {"x": ["a"]}, "conditional": {}, "unnamed": []})


def test_a_root_cause_behind_an_erratum_and_a_conditional_counts_once():
    """pan-strict's appD.deviation breaks appD.deviation and sec5.4.example (errata) and sec5.2.vanish
    (conditional): one error of the paper, one count in its severity."""
    errors = {"erratum": {"appD.deviation": ["a", "b"]}, "conditional": {"appD.deviation": ["c"]}, "unnamed": []}
    counts = severity_counts_of("pan-strict", errors)
    assert sum(counts.values()) == 1 and counts["overstated"] == 1
