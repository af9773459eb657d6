"""jiang-gcms Fig. 2 (normalised variance vs p) and Table I (run time and memory): quick builds, Fig. 2's theory
values against an independent recomputation (and the exact mechanism), Table I's structure (timings are
measurements: only their shape and the transcribed paper numbers are checked).
"""

import csv
import math

import numpy as np

from ldpref import figures
from ldpref.cli import main
from ldpref.figures import jiang_gcms_fig2 as F2
from ldpref.figures import jiang_gcms_table1 as T1
from ldpref.figures import theory
from ldpref.figures.jiang_gcms import _spread as F2_spread


def _by_hand(which, p, n, m, k, f, sumsq, e):
    """Theorem 3 (Var[C]/((p-q)^2 (1-1/m)^2)) typed from the paper's text, q from Theorem 2's ratio p(m - s)/((1-p)s)
    = e^eps solved for s (s = m p/(e^eps (1-p) + p), q = (s - p)/(m - 1), Eq. (3)); ``printed`` keeps the paper's
    p^2/k and alpha_1^2/k, ``derived`` the squares without 1/k."""
    s = m * p / (e * (1 - p) + p)
    q = (s - p) / (m - 1)
    a1 = (p + (m - 1) * q) / m
    a2 = (p - q) ** 2 * (1 - 1 / m) / (k * m)
    div = k if which == "printed" else 1
    var_c = f * (p - p * p / div) + (n - f) * (a1 - a1 * a1 / div - a2) + a2 * sumsq
    return var_c / ((p - q) ** 2 * (1 - 1 / m) ** 2) / n


def test_fig2_theory_matches_an_independent_recomputation_and_the_exact_mechanism():
    n, m, k = F2.SETTINGS[0]
    e = math.exp(F2.EPS)
    lam = 0.1
    counts = F2_spread(n, int(lam * n))
    sumsq = float((counts[1:].astype(float) ** 2).sum())
    p = 0.8
    for which in ("derived", "printed"):
        got = float(F2.normalised_variance(which, [p], n, m, k, lam, e)[0])
        assert math.isclose(got, _by_hand(which, p, n, m, k, lam * n, sumsq, e), rel_tol=1e-12), which
    # the printed Theorem 3 is an erratum: visibly different here (so the two curves cannot coincide by mistake)
    assert F2.normalised_variance("printed", [p], n, m, k, lam, e)[0] > 1.5 * F2.normalised_variance(
        "derived", [p], n, m, k, lam, e)[0]
    # at an integer s the derived curve equals the real mechanism's exact variance (e^eps = E^5 exactly)
    s = 40
    exact = theory.structured("gcms", counts, [0], what="variance", d=len(counts), exp_eps="E^5", m=m, k=k, s=s)[0] * n
    derived = float(F2.normalised_variance("derived", [F2.p_of_s(s, m, e)], n, m, k, lam, e)[0])
    assert math.isclose(derived, exact, rel_tol=1e-9)


def test_fig2_quick_build_has_every_kind_and_the_papers_settings():
    spec = figures.get("jiang-gcms/fig2")
    data = spec.build(figures.Context(trials=spec.quick_trials, seed=0, quick=True))
    assert [pn.title.split(",")[1:3] for pn in data.panels] == [[" m = 1000", " k = 500"], [" m = 1500", " k = 50"]]
    kinds = {(s.panel, s.kind) for s in data.series}
    assert kinds == {(i, kd) for i in (0, 1) for kd in ("derived", "printed", "exact", "simulated")}
    for s in data.series:
        assert all(np.isfinite(s.y)) and min(s.y) > 0, s.label
        assert min(s.x) >= 0.5 and max(s.x) < 1
    assert sum(1 for s in data.series if s.kind == "derived") == 6  # 3 lambdas x 2 settings


def test_table1_quick_cli_writes_measurements_beside_the_papers_numbers(tmp_path):
    out = tmp_path / "t1"
    assert main(["figure", "jiang-gcms/table1", "--out", str(out), "--quick", "--seed", "1"]) == 0
    lines = [l for l in (out / "jiang-gcms-table1.csv").read_text().splitlines() if not l.startswith("#")]
    rows = list(csv.DictReader(lines))
    paper = T1.paper_numbers()
    assert set(paper) == set(T1.METRICS)
    assert paper["client_runtime"] == {"OCMS": 0.00659, "Apple CMS": 0.01782}
    assert paper["client_communication"] == {"OCMS": 171.84, "Apple CMS": 912.0}
    panels = {r["panel"] for r in rows}
    assert len(panels) == len(T1.METRICS)
    for panel in panels:
        here = [r for r in rows if r["panel"] == panel and r["series"] == "measured here"]
        printed = [r for r in rows if r["panel"] == panel and r["kind"] == "printed"]
        assert [r["params"] for r in here] == [r["params"] for r in printed] == ["mechanism=OCMS",
                                                                               "mechanism=Apple CMS"]
        assert all(math.isfinite(float(r["y"])) and float(r["y"]) > 0 for r in here)
    # the deterministic parts: the k x m int64 matrix and the plaintext report's bits
    mem = [r for r in rows if r["series"] == "measured here" and r["panel"] == "server memory"]
    assert [float(r["y"]) for r in mem] == [8.0 * T1.M * T1.K] * 2
    comm = [float(r["y"]) for r in rows if r["series"] == "measured here" and r["panel"] == "message size"]
    assert comm == [(7 + 7 * 7) / 8, (7 + 100) / 8]  # ceil(log2 k) + s ceil(log2 m) bits, s = 7; Apple: + m bits


def test_list_shows_fig2_and_table1(capsys):
    assert main(["figure", "--list"]) == 0
    listed = {line.split()[0] for line in capsys.readouterr().out.splitlines()}
    assert {"jiang-gcms/fig2", "jiang-gcms/table1"} <= listed
