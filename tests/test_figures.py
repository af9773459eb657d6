"""ldpref figure: --list, one figure end to end (--quick: PNG, SVG, CSV), determinism, theory against exact, bad input.

Fast (a few seconds): the end-to-end figure is jiang-gcms/fig7 (closed forms only); the theory check evaluates
Theorem 3's estimator variance against the exact structured GCMS model at one setting.
"""

import csv
import importlib.util
import math
import os

import numpy as np
import pytest

from ldpref.cli import main
from ldpref import figures
from ldpref.figures import jiang_gcms, theory

PAPER_FIGURES = {"pan-cms/fig2", "pan-cms/fig3", "pan-cms/fig4", "pan-strict/fig2", "jiang-gcms/fig4",
                 "jiang-gcms/fig5", "jiang-gcms/fig6", "jiang-gcms/fig7", "jiang-gcms/fig8", "jiang-gcms/fig9",
                 "jiang-gcms/fig2", "jiang-gcms/table1"}


def test_list_names_every_experiment_figure(capsys):
    assert main(["figure", "--list"]) == 0
    listed = {line.split()[0] for line in capsys.readouterr().out.splitlines()}
    assert listed == PAPER_FIGURES


def test_one_figure_end_to_end(tmp_path, capsys, monkeypatch):
    """PNG, SVG and CSV of one figure, the Remark 1 bit counts in its CSV, and a deterministic CSV."""
    out = tmp_path / "figs"
    assert main(["figure", "jiang-gcms/fig7", "--out", str(out), "--quick", "--seed", "3"]) == 0
    names = sorted(os.listdir(out))
    assert names == ["jiang-gcms-fig7.csv", "jiang-gcms-fig7.pdf", "jiang-gcms-fig7.png", "jiang-gcms-fig7.svg"]
    assert (out / "jiang-gcms-fig7.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in (out / "jiang-gcms-fig7.svg").read_bytes()[:400]
    lines = [l for l in (out / "jiang-gcms-fig7.csv").read_text().splitlines() if not l.startswith("#")]
    rows = list(csv.DictReader(lines))
    assert rows and {r["kind"] for r in rows} == {"derived", "printed"}
    # Remark 1 derived at k = 1: s ceil(log2 m) bits; Apple's CMS: m bits -- a wrong count would fail here
    apple = [r for r in rows if r["series"].startswith("Apple")]
    assert all(float(r["y"]) == float(r["x"]) for r in apple)
    # deterministic: the same command writes the same CSV.  Only the CSV is compared, so the second run does not
    # render PNG and SVG again (issue 9: about a third of this test's CPU); the first run above renders both
    from matplotlib.figure import Figure

    monkeypatch.setattr(Figure, "savefig", lambda self, *args, **kwargs: None)
    monkeypatch.setattr(Figure, "tight_layout", lambda self, *args, **kwargs: None)  # layout only serves the images
    again = tmp_path / "again"
    assert main(["figure", "jiang-gcms/fig7", "--out", str(again), "--quick", "--seed", "3"]) == 0
    assert (again / "jiang-gcms-fig7.csv").read_bytes() == (out / "jiang-gcms-fig7.csv").read_bytes()


def test_theorem3_derived_matches_exact_and_printed_does_not():
    """The theory curve of Figs 4, 6, 8 (the ledger's derived form) equals the exact GCMS model; the printed
    Theorem 3 (an erratum) does not -- so a wrong curve cannot pass."""
    counts = np.array([300, 500, 200], dtype=np.int64)
    n, m, k, s, p = 1000, 8, 4, 2, 0.75
    q = jiang_gcms.algorithm3_q(p, s, m)
    sumsq = float((counts[1:] ** 2).sum())
    derived = float(jiang_gcms._thm3_var("derived", p, q, m, k, n, 300.0, sumsq))
    printed = float(jiang_gcms._thm3_var("printed", p, q, m, k, n, 300.0, sumsq))
    exact = theory.structured("gcms", counts, [0], what="variance", d=3, p="3/4", m=m, k=k, s=s)[0] * n * n
    assert math.isclose(derived, exact, rel_tol=1e-9)
    assert not math.isclose(printed, exact, rel_tol=1e-3)


def test_datasets_are_seeded():
    from ldpref.figures import datasets
    a = datasets.zipf(1000, 500, 2, np.random.default_rng(7))
    b = datasets.zipf(1000, 500, 2, np.random.default_rng(7))
    assert a.sum() == 500 and (a == b).all()
    g = datasets.gaussian(10_000, 1000, 50, (1000, 9000), np.random.default_rng(1))
    assert g.sum() == 1000 and len(g) == 10_000


@pytest.mark.parametrize("argv, words", [
    (["figure", "nope/fig1", "--out", "OUT"], "unknown figure 'nope/fig1'"),
    (["figure", "jiang-gcms/fig7"], "--out DIR is required"),
    (["figure"], "give figure ids"),
    (["figure", "jiang-gcms/fig7", "--out", "FILE"], "exists and is not a directory"),
    (["figure", "jiang-gcms/fig7", "--out", "OUT", "--trials", "1"], "--trials"),
    (["figure", "--list", "jiang-gcms/fig7"], "--list takes no figure ids"),
])
def test_bad_input_is_one_line_exit_2(tmp_path, capsys, argv, words):
    afile = tmp_path / "a-file"
    afile.write_text("x")
    argv = [str(tmp_path / "out") if a == "OUT" else str(afile) if a == "FILE" else a for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err
    assert not (tmp_path / "out").exists()  # nothing written before the checks


def test_fig9_without_discovery_is_one_line(tmp_path, capsys, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(jiang_gcms.importlib.util, "find_spec",
                        lambda name, *a: None if name.startswith("ldpref.discovery") else real(name, *a))
    assert main(["figure", "jiang-gcms/fig9", "--out", str(tmp_path / "o"), "--quick"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "needs ldpref.discovery" in err


def test_registry_rejects_a_duplicate_id():
    spec = figures.get("jiang-gcms/fig7")
    with pytest.raises(ValueError, match="registered twice"):
        figures.register(spec)
