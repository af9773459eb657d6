"""The registry of papers: the papers register themselves, the library names none (issue 22, item 8).

Papers register through the entry-point group ``ldpref.papers``: each entry point is a table ``{paper key:
package}`` in ledger order, the key being the ``<paper>`` of claim ids ``<paper>/<label>`` and the package the
one holding the paper's claim records and checks.  ldpref's own table is ``PAPERS`` of the claims' top package,
declared in ldpref's ``pyproject.toml``::

    [project.entry-points."ldpref.papers"]
    ledger = "proofs_checks:PAPERS"

By convention each paper's package defines ``TITLE`` (the paper's title) and has a submodule ``root_causes``
defining ``ROOT_CAUSES`` (the distinct errors of the paper that errata and conditional claims point at; see
:mod:`ldpref.ledger.root_causes`); a paper with experiment figures also has ``figure_data``, the objects
:mod:`ldpref.figures` takes from its ledger (:meth:`Paper.part`).  Loading a table imports only the module
holding it (``proofs_checks/__init__.py`` imports no paper); a paper's package is imported when its claims (or
its title) are first needed.

Why a table and not one entry point per paper: setuptools writes a group's entry points sorted by name, which
would lose the ledger order; one table keeps it, and adding a paper edits the table (no reinstall of an editable
install, whose metadata is only rebuilt on install).

Where the declarations come from:

* **source checkout** (``python -m ldpref.cli ...`` from the repository root, how the tests run it): the
  ``pyproject.toml`` beside the ``ldpref`` package that is running, if it is ldpref's own, so the checkout's
  declaration wins over any installed copy's metadata;
* **installed** (``pip install .``): the entry points of the installed ldpref distribution (no
  ``pyproject.toml`` sits beside an installed package).

Tables of other distributions (installed entry points of the group not shipped by ldpref) come after ldpref's
own, so a paper can ship on its own; a key registered twice keeps its first package.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

#: the entry-point group papers declare themselves in
GROUP = "ldpref.papers"
_DISTRIBUTION = "ldpref"


@dataclass(frozen=True)
class Paper:
    key: str
    checks: str  # dotted package of the claim records and checks (its value in a registered table)

    @property
    def root_causes(self) -> str:
        """The dotted module defining ROOT_CAUSES (``<checks>.root_causes``)."""
        return f"{self.checks}.root_causes"

    @property
    def title(self) -> str:
        """The paper's title (``TITLE`` of its package; importing it registers the paper's claims)."""
        return getattr(importlib.import_module(self.checks), "TITLE", self.key)

    def part(self, name: str):
        """The paper's module ``<checks>.<name>`` (imported), e.g. ``figure_data``: what the library's figures
        take from the paper's ledger (datasets, searches, exact variances).  ModuleNotFoundError names it."""
        return importlib.import_module(f"{self.checks}.{name}")


def _checkout_declarations() -> list[metadata.EntryPoint] | None:
    """ldpref's entry points of the group, from the pyproject.toml of the source checkout ldpref runs from; None
    when ldpref does not run from its checkout."""
    path = Path(__file__).resolve().parents[2] / "pyproject.toml"
    if not path.is_file():
        return None
    with open(path, "rb") as fh:
        project = tomllib.load(fh).get("project", {})
    if project.get("name") != _DISTRIBUTION:
        return None
    return [metadata.EntryPoint(name, value, GROUP)
            for name, value in project.get("entry-points", {}).get(GROUP, {}).items()]


def _installed_declarations() -> tuple[list[metadata.EntryPoint], list[metadata.EntryPoint]]:
    """(ldpref's own, other distributions') installed entry points of the group."""
    own, others = [], []
    for ep in metadata.entry_points(group=GROUP):
        dist = getattr(ep, "dist", None)
        (own if dist is not None and dist.name == _DISTRIBUTION else others).append(ep)
    return own, others


def discover() -> dict[str, Paper]:
    """The registered papers by key, in ledger order (see the module docstring for the sources)."""
    checkout = _checkout_declarations()
    own, others = _installed_declarations()
    papers: dict[str, Paper] = {}
    for ep in (checkout if checkout is not None else own) + others:
        for key, package in dict(ep.load()).items():
            papers.setdefault(key, Paper(key, package))
    return papers


PAPERS: dict[str, Paper] = discover()

#: claim ids: ``<paper key>/<label>``
CLAIM_ID_RE = re.compile(r"^(" + "|".join(map(re.escape, PAPERS)) + r")/[A-Za-z0-9][A-Za-z0-9.\-]*$")


class _Titles(dict):
    """paper key -> title, read from the paper's package on first use (a dict, so ``.get`` works as before)."""

    def __missing__(self, key):
        if key not in PAPERS:
            raise KeyError(key)
        self[key] = PAPERS[key].title
        return self[key]

    def get(self, key, default=None):
        return self[key] if key in PAPERS else default


#: paper key -> title (lazy: importing a paper's package registers its claims)
TITLES = _Titles()


def paper(key: str) -> Paper:
    """The registered paper with this key; KeyError naming the known keys."""
    if key not in PAPERS:
        raise KeyError(f"unknown paper {key!r}; known: {', '.join(PAPERS)}")
    return PAPERS[key]
