"""Issue 24 item 3: one style per mechanism across figures, typeset epsilon, metadata in PNG/SVG/PDF, atomic PDF."""

from __future__ import annotations

import os

import pytest

pytest.importorskip("matplotlib")

from ldpref.figures import Context, FigureData, FigureSpec, Panel, Series, style, writer  # noqa: E402


def _spec(fid: str) -> FigureSpec:
    return FigureSpec(fid, "pan-cms", "Section 6, Fig. 2", "a test figure", "caption", build=lambda ctx: None)


def _two_figures():
    a = FigureData([Panel("l2 vs eps", "eps", "l2")],
                   [Series(0, "RHR exact (b = eps)", "exact", [1, 2, 3], [3.0, 2.0, 1.0]),
                    Series(0, "HE simulated", "simulated", [1, 2, 3], [3.1, 2.1, 1.1], [0.1] * 3),
                    Series(0, "OCMS Cor 5.1 (derived)", "derived", [1, 2, 3], [2.0, 1.0, 0.5])])
    b = FigureData([Panel("mse", "eps", "mse"), Panel("l1", "eps", "l1")],
                   [Series(1, "SS simulated", "simulated", [1, 2], [1.0, 0.5], [0.1, 0.1]),
                    Series(0, "my curve", "derived", [1, 2], [1.0, 0.5], mechanism="RHR"),
                    Series(1, "OCMS exact", "exact", [1, 2], [1.0, 0.4])])
    return a, b


def test_one_mechanism_has_one_colour_and_marker_in_two_figures():
    a, b = _two_figures()
    sa, sb = style.assign(a.series), style.assign(b.series)
    assert (sa[0]["color"], sa[0]["marker"]) == (sb[1]["color"], sb[1]["marker"]) == style.MECHANISMS["RHR"]
    assert sa[2]["color"] == sb[2]["color"] == style.MECHANISMS["OCMS"][0]
    assert sa[0]["color"] != sa[1]["color"]  # two mechanisms, two colours
    # and in the drawn images: the RHR line of both figures has RHR's colour
    fa, fb = writer.render(_spec("t/a"), a), writer.render(_spec("t/b"), b)
    try:
        from matplotlib.colors import to_hex

        line_a = fa.axes[0].get_lines()[0]
        line_b = next(l for l in fb.axes[0].get_lines() if l.get_linestyle() == "--")
        assert to_hex(line_a.get_color()) == to_hex(line_b.get_color()) == style.MECHANISMS["RHR"][0]
    finally:
        import matplotlib.pyplot as plt

        plt.close(fa)
        plt.close(fb)


def test_kinds_are_told_apart_and_eps_is_typeset():
    s = style.assign([Series(0, "GCMS p = 0.5 (derived)", "derived", [1], [1.0]),
                      Series(0, "GCMS p = 0.5 (printed)", "printed", [1], [1.0]),
                      Series(0, "GCMS p = 0.5 simulated", "simulated", [1], [1.0], [0.1])])
    assert len({x["linestyle"] for x in s}) == 3 and len({x["color"] for x in s}) == 1
    assert style.typeset("l2 vs eps (b = eps)") == r"l2 vs $\varepsilon$ (b = $\varepsilon$)"
    assert style.typeset("cost $5, epsilon") == r"cost \$5, epsilon"
    assert style.mechanism_of("l-OCMS Thm 3.7 (derived)") == "l-OCMS"
    assert style.mechanism_of("CMS+HE exact (m = 1024)") == "CMS+HE"
    assert style.mechanism_of("SSX") is None


def test_factored_legend_only_when_no_label_is_lost():
    kinds = ("derived", "printed", "exact")
    rows = [Series(0, f"p = {p}, {w}", k, [1], [1.0]) for p in (0.5, 0.6, 0.7)
            for w, k in zip(("Thm 3 (derived)", "Thm 3 (printed)", "exact"), kinds)]
    groups, whats = style.factor(rows)
    assert list(groups) == ["p = 0.5", "p = 0.6", "p = 0.7"]
    assert list(whats) == ["Thm 3 (derived)", "Thm 3 (printed)", "exact"]
    rows.append(Series(0, "p = 0.5, other (derived)", "derived", [1], [1.0]))  # two "whats" of one kind
    assert style.factor(rows) is None


def test_metadata_in_png_svg_pdf_and_deterministic_bytes(tmp_path):
    a, _ = _two_figures()
    ctx = Context(trials=7, seed=42, quick=True)
    from ldpref import __version__

    paths = writer.write(_spec("t/meta"), a, str(tmp_path), ctx)
    assert [os.path.splitext(p)[1] for p in paths] == [".png", ".svg", ".pdf", ".csv"]
    png, svg, pdf = (open(p, "rb").read() for p in paths[:3])
    from PIL import Image

    info = Image.open(paths[0]).info
    assert info["ldpref-seed"] == "42" and info["ldpref-trials"] == "7" and info["Software"] == f"ldpref {__version__}"
    assert "seed=42" in info["Description"] and "trials=7" in info["Description"]
    for blob in (svg, pdf):
        assert b"seed=42" in blob and b"trials=7" in blob and f"ldpref {__version__}".encode() in blob
    assert b"CreationDate" not in pdf and b"<dc:date>" not in svg
    os.makedirs(tmp_path / "again")
    again = writer.write(_spec("t/meta"), a, str(tmp_path / "again"), ctx)
    assert [open(p, "rb").read() for p in again[:3]] == [png, svg, pdf]


def test_integer_grid_has_integer_ticks():
    a, _ = _two_figures()
    a.series = [Series(0, "RHR exact", "exact", [1, 2], [1.0, 2.0])]  # two points: default ticks would be halves
    fig = writer.render(_spec("t/int"), a)
    try:
        fig.canvas.draw()
        ticks = [t for t in fig.axes[0].get_xticks() if 1 <= t <= 2]
        assert ticks and all(float(t).is_integer() for t in ticks)
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)


def test_pdf_goes_through_the_atomic_writer(tmp_path, monkeypatch):
    """Every image, the PDF included, is written by ldpref.atomic.write_file (whole files by rename)."""
    written = []
    real = writer.write_file
    monkeypatch.setattr(writer, "write_file", lambda path, content: (written.append(path), real(path, content)))
    a, _ = _two_figures()
    paths = writer.write(_spec("t/atomic"), a, str(tmp_path), Context(trials=2, seed=0))
    assert sorted(written) == sorted(paths) and any(p.endswith(".pdf") for p in written)
    assert open(paths[2], "rb").read()[:5] == b"%PDF-"
