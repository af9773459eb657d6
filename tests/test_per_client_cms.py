"""The per-client GF(2^l) CMS protocol (ldpref.simulation.per_client) against its exact closed form and the
sketch simulator's real protocol, and pan-cms Fig. 2 end to end with it (issue 13).

Statistical checks are seeded; each call of the z check has a false-alarm rate of at most ALPHA = 1e-3
(Bonferroni over its z values, tests/simulation_checks.py).  A deliberately biased decoder (Eq. (2) with a
modulus m that does not divide 2^l) must be detected."""

import csv
import re

import numpy as np
import pytest
import sympy

from ldpref.cli import main
from ldpref.errors import ParameterError
from ldpref.simulation.per_client import PerClientCMS
from ldpref.simulation.sketches import make_cms
from ldpref.structured import moments
from simulation_checks import z_threshold, z_values

ALPHA = 1e-3


def _exact(sim, counts):
    mdl = sim.exact_structured()
    E = np.array([float(sympy.N(v)) for v in moments.expectation(mdl, counts)])
    V = np.array([float(sympy.N(v)) for v in moments.variance(mdl, counts)])
    return E, V


def test_protocol_agrees_with_the_exact_model_and_the_sketch_simulator():
    counts = [9, 0, 4, 1, 12, 3, 0, 6, 2, 5, 1, 7]
    values = np.repeat(np.arange(12), counts)
    sim = PerClientCMS(12, 3, exp_eps=3, l=4, decoder="eq8")  # m = 3 does not divide 16: Lemma 3.2's rate
    got = sim.protocol_at(values, np.arange(12), 1200, np.random.default_rng(1))
    other = make_cms(12, exp_eps=3, m=3, l=4, family="gf2-affine-mod", decoder="eq8").protocol_many(
        values, 1200, np.random.default_rng(2))
    E, V = _exact(sim, counts)
    z = z_values(got, other, E, V)
    assert np.abs(z).max() < z_threshold(len(z), ALPHA)


def test_a_biased_decoder_is_detected():
    counts = [30, 10, 5, 15]
    values = np.repeat(np.arange(4), counts)
    right = PerClientCMS(4, 3, exp_eps=3, l=2, decoder="eq8")  # collision rate 3/8, not 1/3
    wrong = PerClientCMS(4, 3, exp_eps=3, l=2, decoder="eq2")  # decodes as if it were 1/3: biased
    E, V = _exact(right, counts)
    good = right.protocol_at(values, np.arange(4), 600, np.random.default_rng(3))
    bad = wrong.protocol_at(values, np.arange(4), 600, np.random.default_rng(4))
    z_good = (good.mean(0) - E) / np.sqrt(V / 600)
    z_bad = (bad.mean(0) - E) / np.sqrt(V / 600)
    limit = z_threshold(4, ALPHA)
    assert np.abs(z_good).max() < limit
    assert np.abs(z_bad).max() > limit


def test_l17_runs_on_a_large_dictionary():
    """d = 10^5 (l = 17, Fig. 2's dictionary): 500 clients, estimated at 3 values -- cheap whatever d is."""
    sim = PerClientCMS(100_000, 5, eps=2)
    assert sim.l == 17
    values = np.random.default_rng(5).integers(0, 100_000, size=500)
    est = sim.protocol_at(values, [0, 99_999, int(values[0])], 3, np.random.default_rng(6))
    assert est.shape == (3, 3) and np.isfinite(est).all()


@pytest.mark.parametrize("kw,words", [(dict(d=10, m=20, l=4), "m <= 2^l"), (dict(d=40, m=3, l=5), "2^l >= d"),
                                      (dict(d=10, m=3, l=33), "l = 1..32"), (dict(d=10, m=3, family="random"),
                                                                            "gf2-affine")])
def test_bad_parameters_are_one_line_errors(kw, words):
    with pytest.raises(ParameterError, match=re.escape(words)):
        PerClientCMS(kw.pop("d"), kw.pop("m"), exp_eps=3, **kw)


def test_fig2_quick_writes_its_files_with_per_client_ocms(tmp_path, monkeypatch):
    """pan-cms/fig2 --quick end to end on a smaller Zipf dataset (the full one takes ~40 s): the OCMS points come
    from the per-client protocol and the caption states the family assumption."""
    from ldpref.figures import datasets, pan_cms

    # the ledger's printed/derived forms take ~40 s to derive here and are checked by tests/test_figures.py: a
    # stand-in keeps this test about the per-client OCMS path (exact curves and simulation stay real)
    monkeypatch.setattr(pan_cms.theory, "curve", lambda claim, which, x_key, xs, fixed, part=0, scale=None:
                        [3.0 + x for x in xs] if "closest-integer" in claim or part == 1 else [1e-3] * len(xs))
    # a small Zipf dataset (d = 1000, n = 300: its observed values fit on the multiples of 16 of Fig 2's
    # one-residue construction); the figure reads its dataset through pan_cms._dataset
    monkeypatch.setattr(pan_cms, "_dataset", lambda name: datasets.zipf(1000, 300, 2, np.random.default_rng(0)))
    # PNG and SVG rendering (about a third of this test's CPU) is tested end to end by
    # tests/test_figures.py::test_one_figure_end_to_end; here the images are rendered as nothing (the writer renders
    # into memory, then writes each file whole: ldpref.atomic), so the files are created empty, by name
    from matplotlib.figure import Figure

    monkeypatch.setattr(Figure, "savefig", lambda self, target, *args, **kwargs: None)
    monkeypatch.setattr(Figure, "tight_layout", lambda self, *args, **kwargs: None)  # layout only serves the images
    out = tmp_path / "figs"
    assert main(["figure", "pan-cms/fig2", "--out", str(out), "--quick", "--trials", "3"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["pan-cms-fig2.csv", "pan-cms-fig2.pdf", "pan-cms-fig2.png",
                                                     "pan-cms-fig2.svg"]
    text = (out / "pan-cms-fig2.csv").read_text()
    assert "GF(2^10) affine mod m" in text
    rows = [r for r in csv.reader(line for line in text.splitlines() if not line.startswith("#"))]
    assert any(r[2] == "MSE-OCMS simulated" for r in rows) and any(r[2] == "l-OCMS exact" for r in rows)


def test_sketch_simulator_refuses_l_beyond_its_int64_keys():
    """make_cms numbers functions j < 4^l in int64 keys run * 4^l + j; beyond l = 21 it refuses (one line) and
    names the per-client module, which draws (a0, a1) directly."""
    from ldpref.simulation.sketches import MAX_NUMBERED_L

    assert (1 << (2 * MAX_NUMBERED_L + 20)) < (1 << 63)
    with pytest.raises(ParameterError, match="per_client"):
        make_cms(10, exp_eps=3, l=MAX_NUMBERED_L + 1, family="gf2-affine")


@pytest.mark.parametrize("at", [[0, 1, 2, 3, 4, 5], [3, 0, 5]])  # every client's value read / some not
def test_shared_draw_cms_he_has_the_law_of_the_full_table(at):
    """The lazily drawn shared family (ldpref.simulation.shared_draw) against the sketch simulator over a fresh
    k x d table per run: two-sample z per value and z of each mean against f (unbiased over draws, pan-cms
    Eq. (19)); false-alarm rate <= ALPHA.  A deliberately wrong target (f + 0.1) is detected."""
    from ldpref.simulation.hashes import Table, random_table
    from ldpref.simulation.shared_draw import SharedDrawCMSHE
    from ldpref.simulation.sketch_core import SketchSimulator

    d, m, k, T = 6, 3, 2, 1500
    counts = np.array([10, 0, 4, 7, 2, 5])
    values = np.repeat(np.arange(d), counts)
    lazy = SharedDrawCMSHE(d, m, k, exp_eps=3)
    dense = SketchSimulator("cms-he", {}, d, lambda rng, t=1: Table(random_table(d, m, t * k, rng), m), lazy.inner,
                            scale=lazy.scale, offset=lazy.offset, fixed=False, k=k)
    a = lazy.protocol_at(values, at, T, np.random.default_rng(7))
    b = dense.protocol_many(values, T, np.random.default_rng(8))[:, at]
    f = (counts / counts.sum())[at]
    va, vb = a.var(0, ddof=1), b.var(0, ddof=1)
    z = np.concatenate([(a.mean(0) - b.mean(0)) / np.sqrt(va / T + vb / T), (a.mean(0) - f) / np.sqrt(va / T),
                        (b.mean(0) - f) / np.sqrt(vb / T)])
    assert np.abs(z).max() < z_threshold(len(z), ALPHA)
    assert np.abs((a.mean(0) - (f + 0.1)) / np.sqrt(va / T)).max() > z_threshold(len(z), ALPHA)
