"""Write one built figure: PNG, SVG and PDF (matplotlib, Agg backend, imported here only) and a CSV of every point.

File names: ``<paper>-fig<N>.png|svg|pdf|csv`` in the output folder.  The CSV has one row per plotted point:
``figure, panel, series, kind, x, y, yerr, params`` (params: the point's mechanism parameters, e.g. ``b=3``); the
notes (what was recovered, what is missing) follow as ``# `` comment lines at the top.

Style (issue 24 item 3, :mod:`.style`): sized for one paper column (3.4 in wide, text at 7 pt or more), panels
stacked (four panels: 2 x 2), one legend for the whole figure below the panels (a label shown once however many
panels draw it), a colour and marker per mechanism shared by every figure, theory as lines (a line style per kind),
simulation as markers with error bars, integer ticks on an integer grid, epsilon typeset.

Metadata: each image carries the figure id, its paper location, the settings (trials, seed, quick) and the ldpref
version -- PNG text chunks, SVG Dublin Core, PDF document information -- and no date: the same data and settings
give the same bytes (SVG hash salt fixed, no creation date in PDF or SVG).
"""

from __future__ import annotations

import csv
import io
import math
import os
import textwrap

from ..atomic import write_file
from . import style
from .spec import FigureData, FigureSpec

#: one paper column (inches) and the smallest font size used (points)
COLUMN_WIDTH = 3.4
FONT_PT = 7
SUFFIXES = (".png", ".svg", ".pdf", ".csv")
#: legend labels wrap at this many characters when the legend has two columns
WRAP = 26


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


def settings_text(spec: FigureSpec, ctx=None) -> str:
    """The settings a figure was built with, as written into the images' metadata."""
    from .. import __version__

    parts = [f"ldpref {__version__}", f"figure {spec.id}", f"{spec.paper} {spec.location}"]
    if ctx is not None:
        parts += [f"trials={ctx.trials}", f"seed={ctx.seed}", f"quick={bool(ctx.quick)}"]
    return "; ".join(parts)


def metadata(spec: FigureSpec, ctx=None) -> dict:
    """{format: matplotlib metadata} for PNG, SVG and PDF: id, settings, seed and version; no date."""
    from .. import __version__

    title, settings, software = f"{spec.id}: {spec.title}", settings_text(spec, ctx), f"ldpref {__version__}"
    png = {"Title": title, "Description": settings, "Software": software, "Source": spec.location}
    if ctx is not None:
        png.update({"ldpref-trials": str(ctx.trials), "ldpref-seed": str(ctx.seed),
                    "ldpref-quick": str(bool(ctx.quick))})
    return {"png": png,
            "svg": {"Title": title, "Description": settings, "Creator": software, "Date": None},
            "pdf": {"Title": title, "Subject": settings, "Creator": software, "Producer": software,
                    "Keywords": f"{spec.paper}, {spec.id}, local differential privacy", "CreationDate": None}}


def _grid(n: int) -> tuple[int, int]:
    """(rows, columns) of n panels at one column width: stacked, four as 2 x 2."""
    return (2, 2) if n == 4 else (n, 1)


def _integer_grid(series) -> bool:
    xs = [x for s in series for x in s.x]
    return bool(xs) and all(float(x) == math.floor(float(x)) for x in xs)


def _draw_panel(ax, panel, drawn, handles) -> None:
    """Draw one panel's series (``drawn``: (series, style) pairs); ``handles`` collects one legend entry per label."""
    from matplotlib.ticker import MaxNLocator

    seen = set()
    for s, st in drawn:
        label = s.label
        key = (st["color"], st["linestyle"], st["marker"])
        if s.kind == "simulated":
            h = ax.errorbar(s.x, s.y, yerr=s.yerr, fmt=st["marker"], color=st["color"], markersize=3.2,
                            markerfacecolor=st["color"], markeredgewidth=0.5, elinewidth=0.7, capsize=1.8,
                            linestyle="none", zorder=st["zorder"])
        else:
            extra = {}
            if key in seen or s.kind == "printed":  # printed, or the same colour and style as another curve of
                # this panel: open markers every few points, so it stays visible where it lies on another curve
                extra = dict(marker=st["marker"], markersize=3.0, markevery=max(1, len(s.x) // 6),
                             markerfacecolor="none", markeredgewidth=0.7)
            h, = ax.plot(s.x, s.y, color=st["color"], linestyle=st["linestyle"], linewidth=st["linewidth"],
                         alpha=st["alpha"], zorder=st["zorder"], solid_capstyle="butt", **extra)
        seen.add(key)
        handles.setdefault(label, h)
    ax.set_title(style.typeset("\n".join(textwrap.wrap(panel.title, 48))), fontsize=FONT_PT)
    ax.set_xlabel(style.typeset(panel.xlabel), fontsize=FONT_PT)
    ax.set_ylabel(style.typeset(panel.ylabel), fontsize=FONT_PT)
    if panel.logy:
        ax.set_yscale("log")
    if panel.logx:
        ax.set_xscale("log")
    elif _integer_grid([s for s, _ in drawn]):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.tick_params(which="both", labelsize=FONT_PT, width=0.6)
    ax.tick_params(which="major", length=2.5)
    ax.tick_params(which="minor", length=1.5)
    ax.grid(True, alpha=0.25, linewidth=0.5)


def _factored_handles(series, styles, groups, whats) -> dict:
    """Legend handles of a factored legend (:func:`.style.factor`): one per setting (its colour and marker), then
    one per kind (its line style or marker with error bar, in black)."""
    from matplotlib.lines import Line2D

    handles = {}
    for head, i in groups.items():
        sim = any(s.kind == "simulated" and s.label.startswith(head + ",") for s in series)
        handles[head] = Line2D([], [], color=styles[i]["color"], linestyle="-", linewidth=1.3,
                                              marker=styles[i]["marker"] if sim else None, markersize=3.2)
    for tail, i in whats.items():
        kind = series[i].kind
        if kind == "simulated":
            h = Line2D([], [], color="black", linestyle="none", marker="o", markersize=3.2)
        else:
            h = Line2D([], [], color="black", linestyle=style.KIND_LINES[kind], linewidth=style.KIND_WIDTH[kind],
                       alpha=style.KIND_ALPHA[kind], marker="o" if kind == "printed" else None, markerfacecolor="none",
                       markersize=3.0)
        handles[tail] = h
    return handles


def render(spec: FigureSpec, data: FigureData):
    """The matplotlib figure of ``data`` (the caller closes it)."""
    plt = _pyplot()
    n = max(1, len(data.panels))
    rows, cols = _grid(n)
    styles = style.assign(data.series)
    handles: dict = {}
    factored = style.factor(data.series)
    probe = ([*factored[0], *factored[1]] if factored else [s.label for s in data.series])
    longest = max((len(t) for t in probe), default=0)
    entries = len(dict.fromkeys(probe))
    ncol = 2 if longest <= 24 or entries > 8 else 1  # many entries: two columns of labels wrapped at WRAP
    wrap = WRAP if ncol == 2 else 60
    lines = sum(len(textwrap.wrap(t, wrap)) for t in dict.fromkeys(probe))
    legend_h = 0.125 * math.ceil(lines / ncol) + 0.15
    panel_h = 1.75 if cols == 2 else 1.95
    title = style.typeset("\n".join(textwrap.wrap(f"{spec.id}: {spec.title}", 56)))
    fig = plt.figure(figsize=(COLUMN_WIDTH, panel_h * rows + legend_h + 0.15 * (title.count("\n") + 1)),
                     layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False)
    for i, panel in enumerate(data.panels):
        ax = axes[i // cols][i % cols]
        _draw_panel(ax, panel, [(s, st) for s, st in zip(data.series, styles) if s.panel == i], handles)
    for j in range(len(data.panels), rows * cols):
        axes[j // cols][j % cols].set_visible(False)
    if factored:
        handles = _factored_handles(data.series, styles, *factored)
    if handles:
        labels = [style.typeset("\n".join(textwrap.wrap(t, wrap))) for t in handles]
        fig.legend(list(handles.values()), labels, loc="outside lower center", ncol=ncol, fontsize=FONT_PT,
                   frameon=False, handlelength=2.4, columnspacing=1.0, handletextpad=0.5, borderaxespad=0.2)
    fig.suptitle(title, fontsize=FONT_PT + 0.5)
    return fig


def write(spec: FigureSpec, data: FigureData, out_dir: str, ctx=None) -> list[str]:
    """Write PNG, SVG, PDF and CSV of ``data`` into ``out_dir`` (``ctx``: the build's settings, for the images'
    metadata); returns the four paths in that order."""
    plt = _pyplot()
    fig = render(spec, data)
    base = os.path.join(out_dir, stem(spec))
    paths = [base + suffix for suffix in SUFFIXES]
    meta = metadata(spec, ctx)
    rendered = {}
    try:  # rendered in memory, then each file written atomically (ldpref.atomic)
        for fmt, kw in (("png", {"dpi": 220}), ("svg", {}), ("pdf", {})):
            buf = io.BytesIO()
            fig.savefig(buf, format=fmt, metadata=meta[fmt], **kw)
            rendered[fmt] = buf.getvalue()
    finally:
        plt.close(fig)
    for path, fmt in zip(paths, ("png", "svg", "pdf")):
        write_file(path, rendered[fmt])
    write_csv(spec, data, paths[3])
    return paths
