"""The paper registry (issue 22, item 8): papers declare themselves in the ``ldpref.papers`` entry-point group;
a source checkout reads its own pyproject.toml, an installed ldpref its distributions' entry points."""

import os
import sys
import tomllib
import types
from importlib import metadata

import pytest

from ldpref.ledger import papers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _declared():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as fh:
        return tomllib.load(fh)["project"]["entry-points"][papers.GROUP]


def test_the_source_checkout_registers_the_table_pyproject_declares():
    assert _declared() == {"ledger": "proofs_checks:PAPERS"}
    import proofs_checks

    assert {k: p.checks for k, p in papers.PAPERS.items()} == proofs_checks.PAPERS
    assert list(papers.PAPERS) == list(proofs_checks.PAPERS)  # ledger order
    assert list(papers.PAPERS)[:4] == ["pan-cms", "pan-strict", "jiang-gcms", "cross"]


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

    return [metadata.EntryPoint(name, value, papers.GROUP)._for(Dist(dist)) for dist, name, value in rows]


@pytest.fixture
def toy_table(monkeypatch):
    """A second distribution's table: a new paper and a key ldpref already registers (ignored)."""
    module = types.ModuleType("toy_papers")
    module.PAPERS = {"other-paper": "other_checks", "pan-cms": "elsewhere"}
    monkeypatch.setitem(sys.modules, "toy_papers", module)


def test_installed_ldpref_reads_the_entry_points(monkeypatch, toy_table):
    """No pyproject.toml beside an installed ldpref: the installed entry points, ldpref's table first, then other
    distributions' (a paper shipped on its own)."""
    import proofs_checks

    rows = [("other-papers", "more", "toy_papers:PAPERS"), ("ldpref", "ledger", "proofs_checks:PAPERS")]
    monkeypatch.setattr(papers, "_checkout_declarations", lambda: None)
    monkeypatch.setattr(papers.metadata, "entry_points", lambda group: _entry_points(*rows) if group == papers.GROUP
                        else [])
    found = papers.discover()
    assert list(found) == [*proofs_checks.PAPERS, "other-paper"]
    assert found["other-paper"].root_causes == "other_checks.root_causes"
    assert found["pan-cms"].checks == "proofs_checks.pan_cms"


def test_the_checkout_wins_over_an_installed_copy(monkeypatch, toy_table):
    monkeypatch.setattr(papers.metadata, "entry_points",
                        lambda group: _entry_points(("ldpref", "ledger", "toy_papers:PAPERS")))
    import proofs_checks

    assert list(papers.discover()) == list(proofs_checks.PAPERS)


def test_an_unknown_paper_is_a_key_error_naming_the_known_ones():
    with pytest.raises(KeyError, match="known: pan-cms"):
        papers.paper("nope")
