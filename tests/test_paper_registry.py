"""The paper registry (issue 22, item 8): papers declare themselves in the ``ldpref.papers`` entry-point group;
a source checkout reads its own pyproject.toml, an installed ldpref its distributions' entry points."""

import os
import tomllib
from importlib import metadata

import pytest

from ldpref.ledger import papers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _declared():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as fh:
        return tomllib.load(fh)["project"]["entry-points"][papers.GROUP]


def test_the_source_checkout_registers_the_papers_pyproject_declares():
    assert {k: p.checks for k, p in papers.PAPERS.items()} == _declared()
    assert list(papers.PAPERS) == ["pan-cms", "pan-strict", "jiang-gcms", "cross"]  # ledger order


def test_each_paper_has_its_folder_title_and_root_causes():
    for p in papers.PAPERS.values():
        folder = os.path.join(ROOT, *p.checks.split("."))
        assert os.path.isfile(os.path.join(folder, "__init__.py")), p
        assert os.path.isfile(os.path.join(folder, "root_causes.py")), p
        assert papers.TITLES[p.key] != p.key
    assert papers.TITLES.get("no-such-paper", "x") == "x"


def _entry_points(*rows):
    class Dist:
        def __init__(self, name):
            self.name = name

    eps = []
    for dist, name, value in rows:
        ep = metadata.EntryPoint(name, value, papers.GROUP)
        eps.append(ep._for(Dist(dist)) if hasattr(ep, "_for") else ep)
    return eps


def test_installed_ldpref_reads_the_entry_points(monkeypatch):
    """No pyproject.toml beside an installed ldpref: the entry points of the installed distributions, ldpref's
    first, then other distributions' papers (a paper shipped on its own)."""
    rows = [("other-papers", "toy", "toy_checks"), *(("ldpref", k, v) for k, v in _declared().items())]
    monkeypatch.setattr(papers, "_checkout_declarations", lambda: None)
    monkeypatch.setattr(papers.metadata, "entry_points", lambda group: _entry_points(*rows) if group == papers.GROUP
                        else [])
    found = papers.discover()
    assert list(found) == [*_declared(), "toy"] and found["toy"].root_causes == "toy_checks.root_causes"


def test_the_checkout_wins_over_an_installed_copy(monkeypatch):
    monkeypatch.setattr(papers.metadata, "entry_points",
                        lambda group: _entry_points(("ldpref", "stale", "old.package")))
    assert list(papers.discover()) == list(_declared())


def test_an_unknown_paper_is_a_key_error_naming_the_known_ones():
    with pytest.raises(KeyError, match="known: pan-cms"):
        papers.paper("nope")
