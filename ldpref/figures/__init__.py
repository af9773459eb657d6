"""The papers' experiment figures as ``ldpref figure <paper>/fig<N>``: a registry of :class:`FigureSpec`.

Figures: pan-cms Section 6 (Figs 2-4), pan-strict Section 6 (Fig 2), jiang-gcms Section IV-C (Fig 2,
:mod:`.jiang_gcms_fig2`) and Section VII (Figs 4-8; Fig 9 is the unknown-domain protocol of Section V, built by
:mod:`ldpref.discovery.experiment` when present; Table I, run time and memory measured here, :mod:`.jiang_gcms_table1`).
matplotlib is imported only when a figure is written (:mod:`.writer`).
"""

from __future__ import annotations

from .spec import Context, FigureData, FigureSpec, Panel, Series

REGISTRY: dict[str, FigureSpec] = {}


def register(spec: FigureSpec) -> FigureSpec:
    """Add a figure record to the registry (ids are unique: a second registration is a bug)."""
    if spec.id in REGISTRY:
        raise ValueError(f"figure {spec.id} registered twice")
    REGISTRY[spec.id] = spec
    return spec


def _load() -> None:
    # each module registers its figures
    from . import jiang_gcms_fig2, jiang_gcms, jiang_gcms_table1, pan_cms, pan_strict  # noqa: F401


def figure_ids() -> list[str]:
    """Every registered figure id, in registration order."""
    _load()
    return list(REGISTRY)


def get(figure_id: str) -> FigureSpec:
    """The figure ``figure_id``; KeyError naming the known ids otherwise."""
    _load()
    if figure_id not in REGISTRY:
        raise KeyError(f"unknown figure {figure_id!r}; known: {', '.join(REGISTRY)} ('ldpref figure --list')")
    return REGISTRY[figure_id]


__all__ = ["Context", "FigureData", "FigureSpec", "Panel", "Series", "REGISTRY", "register", "figure_ids", "get"]
