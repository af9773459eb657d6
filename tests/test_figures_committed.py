"""The committed figures (docs/figures/*.csv, *.png, docs/figures.md) are what the current code writes.

Users read docs/figures/*.csv as what ldpref computes, but they are written by hand-started full runs
(``python docs/figures_page.py --full``, seed 0), so a change to the figure code or to a form it draws could leave
them stale: the jiang-gcms Figs 2, 4, 6 and 8 CSVs were, until regenerated, the output of the code before the
figure lambdify named its arguments by position (last-digit differences of the Theorem 3 curves).  Three cheap
checks:

* one fast figure, jiang-gcms/fig4 (Theorem 3 printed and derived through the ledger's forms, and simulated
  points from the seeded exact-in-law sampler; about 2 CPU-seconds with its imports), is rebuilt at the committed
  settings and its CSV compared with the committed one;
* every committed PNG says in its metadata that it is a full run (the default trials, seed 0), as the page states;
* the page's "Notes of this run" of every figure are the comment lines of its committed CSV.

The rebuilt CSV must equal the committed text except for the floats, which must agree to a relative 1e-12: numpy's
exp, log and sqrt may differ in the last place between CPUs and builds (SIMD paths), and Theorem 3's sum loses up
to about 200 units in the last place to cancellation (jiang-gcms/fig2, measured against a 60-digit evaluation),
so a few times 1e-14 is the platform noise; any real change (a form, a setting, the seed) moves values by far more.
On the machine that wrote the CSV the text is identical.
"""

from __future__ import annotations

import csv
import io
import math
import os
import re

import pytest

from ldpref import figures
from ldpref.figures import writer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIGURES = os.path.join(ROOT, "docs", "figures")
REGENERATE = "python docs/figures_page.py --full --only {id}"
FLOAT_COLUMNS = ("x", "y", "yerr")
REL_TOL = 1e-12


def _committed(stem: str, suffix: str) -> str:
    return os.path.join(FIGURES, stem + suffix)


def _split(text: str) -> tuple[list[str], list[dict]]:
    """(comment lines without '# ', rows as dicts) of a figure CSV."""
    comments = [line[2:] for line in text.splitlines() if line.startswith("# ")]
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    return comments, list(csv.DictReader(io.StringIO(body)))


def _close(a: str, b: str) -> bool:
    if a == b:
        return True
    if a == "" or b == "":
        return False
    x, y = float(a), float(b)
    return math.isclose(x, y, rel_tol=REL_TOL, abs_tol=0.0)


def test_fast_figure_csv_is_what_the_code_writes(tmp_path):
    fid = "jiang-gcms/fig4"
    spec = figures.get(fid)
    ctx = figures.Context(trials=spec.default_trials, seed=0, quick=False)
    fresh = tmp_path / "fresh.csv"
    writer.write_csv(spec, spec.build(ctx), str(fresh))
    with open(_committed(writer.stem(spec), ".csv"), encoding="utf-8") as fh:
        committed = fh.read()
    new = fresh.read_text(encoding="utf-8")
    if new == committed:
        return
    hint = f"docs/figures is stale for {fid}: regenerate with `{REGENERATE.format(id=fid)}`"
    (old_notes, old_rows), (new_notes, new_rows) = _split(committed), _split(new)
    assert new_notes == old_notes, hint
    assert len(new_rows) == len(old_rows), hint
    for i, (old, row) in enumerate(zip(old_rows, new_rows)):
        assert row.keys() == old.keys(), hint
        for key in row:
            if key in FLOAT_COLUMNS:
                assert _close(old[key], row[key]), f"{hint}: row {i} {key} {old[key]} -> {row[key]}"
            else:
                assert row[key] == old[key], f"{hint}: row {i} {key} {old[key]!r} -> {row[key]!r}"


@pytest.mark.parametrize("fid", figures.figure_ids())
def test_committed_png_is_a_full_run_at_seed_0(fid):
    from PIL import Image

    spec = figures.get(fid)
    with Image.open(_committed(writer.stem(spec), ".png")) as img:
        meta = dict(img.text)
    assert (meta.get("ldpref-trials"), meta.get("ldpref-seed"), meta.get("ldpref-quick")) == (
        str(spec.default_trials), "0", "False"), f"regenerate with `{REGENERATE.format(id=fid)}`"


def test_page_notes_are_the_committed_csv_comments():
    with open(os.path.join(ROOT, "docs", "figures.md"), encoding="utf-8") as fh:
        page = fh.read()
    assert "generated with `the default trials` (seed 0)" in page
    sections = re.split(r"^## `([^`]+)`.*$", page, flags=re.M)
    notes = {}
    for fid, body in zip(sections[1::2], sections[2::2]):
        after = body.split("Notes of this run:\n\n", 1)
        notes[fid] = [line[2:] for line in after[1].split("\n\n", 1)[0].splitlines()] if len(after) == 2 else []
    assert sorted(notes) == sorted(figures.figure_ids())
    for fid, listed in notes.items():
        with open(_committed(writer.stem(figures.get(fid)), ".csv"), encoding="utf-8") as fh:
            comments, _ = _split(fh.read())
        assert listed == comments, f"docs/figures.md is stale for {fid}: run `python docs/figures_page.py --only`"
