"""The registry of papers: the papers register themselves, the library names none (issue 22, item 8).

A paper is one entry of the ``ldpref.papers`` entry-point group, declared by the distribution that ships it
(for the three papers and the cross-paper claims: ldpref's own ``pyproject.toml``)::

    [project.entry-points."ldpref.papers"]
    pan-cms = "proofs_checks.pan_cms"

The name is the paper's key (the ``<paper>`` of claim ids ``<paper>/<label>``), the value the package holding
its claim records and checks.  By convention the package defines ``TITLE`` (the paper's title) and has a
submodule ``root_causes`` defining ``ROOT_CAUSES`` (the distinct errors of the paper that errata and conditional
claims point at; see :mod:`ldpref.ledger.root_causes`); a paper with experiment figures also has
``figure_data``, the objects :mod:`ldpref.figures` takes from its ledger (:meth:`Paper.part`).  Nothing here imports a paper: listing the papers reads
metadata only; a paper's package is imported when its claims (or its title) are first needed.

Where the declarations come from:

* **source checkout** (``python -m ldpref.cli ...`` from the repository root, how the tests run it): the
  ``pyproject.toml`` beside the ``ldpref`` package that is running, if it is ldpref's own.  The checkout's
  declarations win over any installed copy's metadata, so an edit to ``pyproject.toml`` (adding a paper) takes
  effect without reinstalling;
* **installed** (``pip install .``): the entry points of the installed distributions (no ``pyproject.toml``
  sits beside an installed package).

Papers of other distributions (installed entry points of the group not shipped by ldpref) are added in both
cases, after ldpref's own; declaration order is ledger order.
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
    checks: str  # dotted package of the claim records and checks (the entry point's value)

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


def _checkout_declarations() -> list[tuple[str, str]] | None:
    """(key, package) from the pyproject.toml of the source checkout ldpref runs from; None when not one."""
    path = Path(__file__).resolve().parents[2] / "pyproject.toml"
    if not path.is_file():
        return None
    with open(path, "rb") as fh:
        project = tomllib.load(fh).get("project", {})
    if project.get("name") != _DISTRIBUTION:
        return None
    return list(project.get("entry-points", {}).get(GROUP, {}).items())


def _installed_declarations() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(ldpref's own, other distributions') (key, package) pairs from the installed entry points."""
    own, others = [], []
    for ep in metadata.entry_points(group=GROUP):
        dist = getattr(ep, "dist", None)
        (own if dist is not None and dist.name == _DISTRIBUTION else others).append((ep.name, ep.value))
    return own, others


def discover() -> dict[str, Paper]:
    """The declared papers by key, in declaration order (see the module docstring for the sources)."""
    checkout = _checkout_declarations()
    own, others = _installed_declarations()
    papers: dict[str, Paper] = {}
    for key, value in (checkout if checkout is not None else own) + others:
        papers.setdefault(key, Paper(key, value.split(":", 1)[0].strip()))
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
