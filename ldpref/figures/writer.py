"""Write one built figure: PNG and SVG (matplotlib, Agg backend, imported here only) and a CSV of every point.

File names: ``<paper>-fig<N>.png|svg|csv`` in the output folder.  The CSV has one row per plotted point:
``figure, panel, series, kind, x, y, yerr, params`` (params: the point's mechanism parameters, e.g. ``b=3``); the notes (what was recovered, what is missing) follow as
``# `` comment lines at the top.  Output is deterministic given the data (SVG hash salt fixed, no dates).
"""

from __future__ import annotations

import csv
import io
import os

from ..atomic import write_file
from .spec import FigureData, FigureSpec

_STYLE = {"exact": dict(linestyle="-", linewidth=1.6), "derived": dict(linestyle="--", linewidth=1.4),
          "printed": dict(linestyle=":", linewidth=1.8), "bound": dict(linestyle="-.", linewidth=1.0)}


def _pyplot():
    try:
        import matplotlib
    except ModuleNotFoundError:
        raise ModuleNotFoundError("figures need matplotlib: pip install 'ldpref[figures]'", name="matplotlib") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "ldpref"
    import matplotlib.pyplot as plt
    return plt


def stem(spec: FigureSpec) -> str:
    """The file-name stem of a figure: its id with / replaced by -."""
    return spec.id.replace("/", "-")


def write_csv(spec: FigureSpec, data: FigureData, path: str) -> None:
    """Every plotted point of the figure as CSV, the run's notes first as # lines."""
    fh = io.StringIO(newline="")
    for note in data.notes:
        fh.write(f"# {' '.join(str(note).split())}\n")
    w = csv.writer(fh)
    w.writerow(["figure", "panel", "series", "kind", "x", "y", "yerr", "params"])
    for s in data.series:
        for i, (x, y) in enumerate(zip(s.x, s.y)):
            err = "" if s.yerr is None else repr(float(s.yerr[i]))
            extra = "" if s.params is None else str(s.params[i])
            w.writerow([spec.id, data.panels[s.panel].title, s.label, s.kind, repr(float(x)), repr(float(y)), err,
                        extra])
    write_file(path, fh.getvalue())


def write(spec: FigureSpec, data: FigureData, out_dir: str) -> list[str]:
    """Write PNG, SVG and CSV of ``data`` into ``out_dir``; returns the three paths."""
    plt = _pyplot()
    n = len(data.panels)
    most = max(sum(1 for s in data.series if s.panel == i) for i in range(n)) if data.series else 0
    fig, axes = plt.subplots(1, n, figsize=(5.0 * n, 3.6 + 0.17 * most), squeeze=False)
    for i, panel in enumerate(data.panels):
        ax = axes[0][i]
        for s in (s for s in data.series if s.panel == i):
            if s.kind == "simulated":
                ax.errorbar(s.x, s.y, yerr=s.yerr, fmt="o", markersize=4, capsize=3, label=s.label)
            else:
                ax.plot(s.x, s.y, label=s.label, **_STYLE[s.kind])
        ax.set_title(panel.title, fontsize=9)
        ax.set_xlabel(panel.xlabel)
        ax.set_ylabel(panel.ylabel)
        if panel.logy:
            ax.set_yscale("log")
        if panel.logx:
            ax.set_xscale("log")
        ax.grid(True, alpha=0.3)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=6, loc="upper center", bbox_to_anchor=(0.5, -0.16), frameon=False)
    fig.suptitle(f"{spec.id}: {spec.title}", fontsize=10)
    fig.tight_layout()
    base = os.path.join(out_dir, stem(spec))
    paths = [base + ".png", base + ".svg", base + ".csv"]
    try:  # rendered in memory, then each file written atomically (ldpref.atomic)
        png, svg = io.BytesIO(), io.BytesIO()
        fig.savefig(png, format="png", dpi=110, metadata={"Software": None})
        fig.savefig(svg, format="svg", metadata={"Date": None, "Creator": None})
    finally:
        plt.close(fig)
    write_file(paths[0], png.getvalue())
    write_file(paths[1], svg.getvalue())
    write_csv(spec, data, paths[2])
    return paths
