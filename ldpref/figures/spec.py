"""Records of the figure framework: a figure's specification, its build context and what a build returns.

A :class:`FigureSpec` names one experiment figure of a paper (pan-cms Section 6, Figs 2-4; pan-strict
Section 6, Fig 2; jiang-gcms Section IV-C, Fig 2 and Section VII, Figs 4-9 and Table I).  Its ``build(ctx)`` returns a
:class:`FigureData`: panels, and series of points (theory curves and simulated means with error bars).  Floats live
here: every series is an explicit conversion of exact values or a simulation (numpy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

#: kinds of series: the exact value of the real mechanism, the ledger's derived form, the paper's printed
#: form (plotted where the ledger found it wrong), a bound, a simulation (mean and error bar over trials)
KINDS = ("exact", "derived", "printed", "bound", "simulated")


@dataclass
class Series:
    """One plotted line or set of points: ``y[i]`` at ``x[i]`` (``yerr``: half-width of the error bar;
    ``params``: the mechanism parameters of each point as text, e.g. ``b=3``, written to the CSV; ``mechanism``: the
    mechanism drawn, a name of :data:`.style.MECHANISMS` -- its colour and marker in every figure; None: read
    from the label's start, :func:`.style.mechanism_of`)."""
    panel: int
    label: str
    kind: str
    x: list
    y: list
    yerr: list | None = None
    params: list | None = None
    mechanism: str | None = None

    def __post_init__(self):
        from .style import MECHANISMS

        if self.mechanism is not None and self.mechanism not in MECHANISMS:
            raise ValueError(f"series {self.label!r}: mechanism {self.mechanism!r} has no style "
                             f"(ldpref.figures.style.MECHANISMS)")
        if self.kind not in KINDS:
            raise ValueError(f"series kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if len(self.x) != len(self.y) or any(extra is not None and len(extra) != len(self.y)
                                             for extra in (self.yerr, self.params)):
            raise ValueError(f"series {self.label!r}: x, y (and yerr, params) differ in length")


@dataclass
class Panel:
    title: str
    xlabel: str
    ylabel: str
    logy: bool = False
    logx: bool = False


@dataclass
class FigureData:
    panels: list
    series: list = field(default_factory=list)
    notes: list = field(default_factory=list)


@dataclass
class Context:
    """What a build may use: the number of trials, a seed (every random draw comes from :meth:`rng`) and
    ``quick`` (fewer trials and points, for CI and the generated documentation)."""
    trials: int
    seed: int
    quick: bool = False

    def rng(self, *key: int) -> np.random.Generator:
        """An independent stream for the sub-task ``key`` (SeedSequence spawned by the key), so a figure's
        points do not depend on the order in which the others are drawn."""
        return np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=tuple(int(k) for k in key)))


@dataclass
class FigureSpec:
    id: str
    paper: str
    location: str
    title: str
    caption: str
    build: Callable[[Context], FigureData]
    default_trials: int = 100
    quick_trials: int = 5
