"""jiang-gcms Section VII: Figs 4-8 (utility and communication of GCMS / OCMS) and Fig 9 (unknown-domain discovery).

Settings (Section VII; what our copy lost is named in each caption):
* Fig 4 (VII-A): relative square-root variance sqrt(Var f_hat(d))/f(d) vs eps, n = 100,000, f(d) = 1000 (a) and
  10,000 (b); GCMS with p = 0.5 vs Apple's CMS.  The legend's #bits / k per line is an image, lost: we use
  Apple's m = 1024, k = 65536 (Section VII-B) for both.
* Fig 5 (VII-B): optimal p vs f(d)/n; n = 10,000, k = 200, m = 200; (a) several eps, (b) several k (values lost).
* Fig 6 (VII-B): best variance per target f(d), n = 10^6, k = 65536, m = 1024, eps = 4, against Apple's CMS.
* Fig 7 (VII-C): bits per report vs m (up to 10,000) at eps in {3, 5} and p in {0.5, 0.6}; GCMS vs Apple's CMS.
* Fig 8 (VII-D): Adult education (16 values), m = k = 100, p = 0.74 (eps 3.64), 0.57 and 0.87 (eps 3.75).
* Fig 9 (VII-E): discovered URLs vs eps (n = 100,000, 30 repetitions): :mod:`ldpref.discovery.experiment`.

Theory: Var f_hat(d) from the ledger's ``jiang-gcms/thm3.estimator`` (derived; printed Theorem 3 is an erratum and is
drawn too), alpha_1 = (p + (m-1)q)/m and alpha_2 = (p-q)^2 (1-1/m)/(k m) as Theorem 3 defines them and q of
Algorithm 3; Lemma 1's objective (printed, with k) and the exact-variance objective (derived, ``jiang-gcms/lemma1``);
Remark 1's bits (``jiang-gcms/remark1.communication``); exact moments of the real GCMS and Apple's CMS over the
ideal hash family (:mod:`ldpref.structured`).
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import os

import numpy as np

from ..bundled_data import data_file
from ..dataset import spread
from ..errors import ParameterError
from ..gcms import algorithm3_q, algorithm4_s
from . import datasets, register, simulated, theory
from .spec import Context, FigureData, FigureSpec, Panel, Series

VAR = "jiang-gcms/thm3.estimator"
_VAR_KEYS = ["alpha_1", "alpha_2", "f", "k", "m", "n", "p", "q", "sum_d_prime_neq_d_f_d_prime_2"]


def _thm3_var(which, p, q, m, k, n, f, sumsq):
    """Var f_hat(d) in counts (Eq. (4)) from the ledger's form, vectorised over numpy arrays."""
    a1 = (p + (m - 1) * q) / m
    a2 = (p - q) ** 2 * (1 - 1 / m) / (k * m)
    fn = theory.function(VAR, which, _VAR_KEYS)
    return np.asarray(fn(a1, a2, f, k, m, n, p, q, sumsq), dtype=np.float64) * np.ones_like(np.asarray(f, dtype=float))


def _spread(n: int, f: int, others: int = 99) -> np.ndarray:
    """Counts: value 0 has f, the other n - f spread evenly over ``others`` values (the figures' sum of the
    other squared counts is not printed; at k >= 100 its term is below 0.1% of the variance)."""
    return np.array(spread(n, f, others), dtype=np.int64)


def _eps_grid(ctx, lo, hi, n_full, n_quick=4):
    return list(np.round(np.linspace(lo, hi, n_quick if ctx.quick else n_full), 4))


# ---- Fig 4 -------------------------------------------------------------------------------------------------

def _fig4(ctx: Context) -> FigureData:
    n, m, k, p = 100_000, 1024, 65536, 0.5
    eps = _eps_grid(ctx, 1, 8, 15)
    panels = [Panel(f"(a) n = {n}, f(d) = 1000", "eps", "sqrt(Var)/f(d)", logy=True),
              Panel(f"(b) n = {n}, f(d) = 10000", "eps", "sqrt(Var)/f(d)", logy=True)]
    data = FigureData(panels, notes=[f"m = {m}, k = {k} for both mechanisms (the paper's per-line settings are lost)"])
    for i, f in enumerate((1000, 10_000)):
        counts = _spread(n, f)
        sumsq = float((counts[1:] ** 2).sum())
        ee = np.exp(eps)
        s = [algorithm4_s(0.5, x, m) for x in ee]
        q = np.array([algorithm3_q(p, si, m) for si in s])
        for which, kind in (("derived", "derived"), ("printed", "printed")):
            var = _thm3_var(which, p, q, m, k, n, f, sumsq)
            data.series.append(Series(i, f"GCMS p = 0.5, Thm 3 ({which})", kind, eps, list(np.sqrt(var) / f)))
            pa = np.exp(np.array(eps) / 2) / (np.exp(np.array(eps) / 2) + 1)
            var_a = _thm3_var(which, pa, 1 - pa, m, k, n, f, sumsq)
            data.series.append(Series(i, f"Apple CMS via Thm 3 ({which}; sec4.B)", kind, eps, list(np.sqrt(var_a) / f)))
        apple = [theory.structured("cms", counts, [0], what="variance", d=len(counts), exp_eps=theory.exp_eps_text(e),
                                   m=m, k=k, inner="srp", family="ideal")[0] for e in eps]
        data.series.append(Series(i, "Apple CMS exact", "exact", eps, [math.sqrt(v) * n / f for v in apple]))
        gc = [theory.structured("gcms", counts, [0], what="variance", d=len(counts), p="1/2", m=m, k=k, s=si)[0]
              for si in s]
        data.series.append(Series(i, "GCMS p = 0.5 exact", "exact", eps, [math.sqrt(v) * n / f for v in gc]))
        data.notes.append(f"f(d) = {f}: Algorithm 4's s per eps {s} (p = 1/2 kept; the eps these (p, s) really "
                          f"give is max(R, 1/R), R = p(m - s)/((1 - p)s), see jiang-gcms/alg4.s)")
        _sim_points(ctx, data, i, counts, eps,
                    [("GCMS", "gcms", lambda j: {"m": m, "k": k, "s": s[j], "p": "1/2", "family": "ideal"}),
                     ("Apple CMS", "cms", lambda j: {"m": m, "k": k, "inner": "srp", "family": "ideal"})],
                    f, n, key=4 + i)
    return data


def _sim_points(ctx, data, panel, counts, eps, runs, f, n, key):
    """Simulated sqrt(Var)/f(d) at the target value 0 of each run: the ideal family's estimate at one value,
    exactly in law in O(d) per trial (:func:`simulated.ideal_at`), so the paper's k = 65536 costs nothing extra."""
    if not simulated.available():
        data.notes.append("simulated points need ldpref.simulation: theory only")
        return
    for j, (label, name, params) in enumerate(runs):
        xs, ys, es = [], [], []
        for i, e in enumerate(eps):
            pr = {"d": len(counts), **params(i)}
            if "p" not in pr:
                pr["eps"] = repr(float(e))
            est = simulated.ideal_at(name, pr, counts, 0, ctx.trials, ctx.rng(key, j, i))
            sd = est.std(ddof=1) * n
            xs.append(e); ys.append(sd / f); es.append(sd / f / math.sqrt(2 * (ctx.trials - 1)))
        data.series.append(Series(panel, f"{label} simulated", "simulated", xs, ys, es))
    data.notes.append(f"simulated: {ctx.trials} trials per point; the estimate at d drawn exactly in law from the "
                      "ideal family's collision counts (ldpref.simulation.ideal_at)")


# ---- Fig 5 -------------------------------------------------------------------------------------------------

def _argmin_p(obj, grid, *args):
    vals = np.asarray(obj(grid, *args), dtype=np.float64)
    return float(grid[int(np.nanargmin(vals))])


def _fig5(ctx: Context) -> FigureData:
    n, k, m = 10_000, 200, 200
    lam = np.linspace(0.0, 1.0, 11 if ctx.quick else 51)
    grid = np.linspace(0.5, 0.999, 2000 if ctx.quick else 20000)
    printed = theory.form("jiang-gcms/lemma1", "printed").args[0]
    derived = theory.form("jiang-gcms/lemma1", "derived").args[0]
    from ..numeric import form_keys
    kp, kd = form_keys(printed), form_keys(derived)
    fp = theory.numpy_function([kp["p"], kp["exp_eps"], kp["lambda"], kp["k"]], printed)
    fd = theory.numpy_function([kd["p"], kd["exp_eps"], kd["lambda"]], derived)
    panels = [Panel(f"(a) k = {k}: several eps", "f(d)/n", "optimal p"),
              Panel("(b) eps = 4: several k", "f(d)/n", "optimal p")]
    data = FigureData(panels, notes=[f"n = {n}, k = {k}, m = {m}; continuous argmin over p in [0.5, 0.999] on a "
                                     f"grid of {len(grid)} points (the integer-s constraint of Algorithm 4 not "
                                     f"applied)"])
    for e in (1, 2, 3, 4, 5):
        data.series.append(Series(0, f"eps = {e}, Lemma 1 (printed)", "printed", list(lam),
                                  [_argmin_p(fp, grid, math.exp(e), l, k) for l in lam]))
        data.series.append(Series(0, f"eps = {e}, exact variance (derived)", "derived", list(lam),
                                  [_argmin_p(fd, grid, math.exp(e), l) for l in lam]))
    for kk in (1, 10, 100, 200, 1000):
        data.series.append(Series(1, f"k = {kk}, Lemma 1 (printed)", "printed", list(lam),
                                  [_argmin_p(fp, grid, math.exp(4), l, kk) for l in lam]))
    data.series.append(Series(1, "any k, exact variance (derived)", "derived", list(lam),
                              [_argmin_p(fd, grid, math.exp(4), l) for l in lam]))
    return data


# ---- Fig 6 -------------------------------------------------------------------------------------------------

def _fig6(ctx: Context) -> FigureData:
    n, k, m, e = 1_000_000, 65536, 1024, 4.0
    ee = math.exp(e)
    fs = np.unique(np.round(np.logspace(1, math.log10(n / 2), 8 if ctx.quick else 40)).astype(np.int64))
    s = np.arange(1, m)
    ps = ee * s / (ee * s + m - s)
    ok = ps >= 0.5
    s, ps = s[ok], ps[ok]
    qs = algorithm3_q(ps, s, m)
    panels = [Panel(f"n = 10^6, m = {m}, k = {k}, eps = 4", "target f(d)", "Var f_hat(d) (counts)", logx=True,
                    logy=True)]
    data = FigureData(panels, notes=["OCMS: the integer s (p_s = e^eps s/(e^eps s + m - s) >= 1/2) minimising the "
                                     "variance at each f(d); other counts spread over 99 values (not printed)"])
    best_d, best_p, chosen = [], [], []
    for f in fs:
        sumsq = float((_spread(n, int(f))[1:] ** 2).sum())
        vd = _thm3_var("derived", ps, qs, m, k, n, float(f), sumsq)
        vp = _thm3_var("printed", ps, qs, m, k, n, float(f), sumsq)
        best_d.append(float(vd.min()))
        best_p.append(float(vp.min()))
        chosen.append(int(s[int(vd.argmin())]))
    data.series.append(Series(0, "OCMS best, Thm 3 (derived)", "derived", list(fs), best_d))
    data.series.append(Series(0, "OCMS best, Thm 3 (printed)", "printed", list(fs), best_p))
    pa = math.exp(e / 2) / (math.exp(e / 2) + 1)
    apple = []
    for f in fs:
        counts = _spread(n, int(f))
        apple.append(theory.structured("cms", counts, [0], what="variance", d=len(counts),
                                       exp_eps=theory.exp_eps_text(e),
                                       m=m, k=k, inner="srp", family="ideal")[0] * n * n)
    data.series.append(Series(0, "Apple CMS exact", "exact", list(fs), apple))
    data.series.append(Series(0, "Apple CMS via Thm 3 (printed; sec4.B erratum)", "printed", list(fs),
                              [float(_thm3_var("printed", pa, 1 - pa, m, k, n, float(f),
                                               float((_spread(n, int(f))[1:] ** 2).sum()))) for f in fs]))
    data.notes.append(f"OCMS s per f(d): {chosen}")
    return data


# ---- Fig 7 -------------------------------------------------------------------------------------------------

def _fig7(ctx: Context) -> FigureData:
    ms = np.unique(np.round(np.linspace(2, 10_000, 12 if ctx.quick else 200)).astype(np.int64))
    k = 1
    panels = [Panel("bits per report (k = 1: Fig. 7 does not state k)", "m", "bits", logy=True)]
    data = FigureData(panels)
    gd = theory.function("jiang-gcms/remark1.communication", "derived", ["k", "m", "s"], part="\\mathrm{bits}_{GCMS}")
    gp = theory.function("jiang-gcms/remark1.communication", "printed", ["k", "m", "s"], part="\\mathrm{bits}_{GCMS}")
    cd = theory.function("jiang-gcms/remark1.communication", "derived", ["k", "m", "s"], part="\\mathrm{bits}_{CMS}")
    for e in (3, 5):
        for p in ("1/2", "3/5"):
            pf = 0.5 if p == "1/2" else 0.6
            s = [algorithm4_s(pf, math.exp(e), int(m)) for m in ms]
            s = [min(max(1, si), int(m) - 1) for si, m in zip(s, ms)]
            data.series.append(Series(0, f"GCMS eps = {e}, p = {pf} (derived)", "derived", list(ms),
                                      [float(gd(k, int(m), si)) for m, si in zip(ms, s)]))
            data.series.append(Series(0, f"GCMS eps = {e}, p = {pf} (printed)", "printed", list(ms),
                                      [float(gp(k, int(m), si)) for m, si in zip(ms, s)]))
    data.series.append(Series(0, "Apple CMS (derived)", "derived", list(ms), [float(cd(k, int(m), 1)) for m in ms]))
    data.notes.append("s = Algorithm 4's ceil(m/(1 + (1/p - 1) e^eps)), clipped to 1..m-1")
    return data


# ---- Fig 8 -------------------------------------------------------------------------------------------------

_FIG8 = (("p = 0.74 (eps 3.64, target n/3)", "37/50", 3.64), ("p = 0.57 (eps 3.75, f ~ 1500)", "57/100", 3.75),
         ("p = 0.87 (eps 3.75, Apple's)", "87/100", 3.75))


def _fig8(ctx: Context) -> FigureData:
    m = k = 100
    labels, counts = datasets.adult_education()
    n = int(counts.sum())
    panels = [Panel(f"Adult education (n = {n}, m = k = {m})", "true frequency (count)", "Var f_hat (counts)",
                    logx=True, logy=True)]
    data = FigureData(panels,
                      notes=[f"n = {n} (the caption's 48,000 rounds the 48,842 records); values: {', '.join(labels)}"])
    sumsq_all = float((counts.astype(np.float64) ** 2).sum())
    for j, (label, p, e) in enumerate(_FIG8):
        pf = float(eval_fraction(p))
        s = algorithm4_s(pf, math.exp(e), m)
        q = algorithm3_q(pf, s, m)
        f = counts.astype(np.float64)
        for which in ("derived", "printed"):
            v = _thm3_var(which, pf, q, m, k, n, f, sumsq_all - f ** 2)
            data.series.append(Series(0, f"{label}, Thm 3 ({which})", which, list(counts), list(v)))
        ex = theory.structured("gcms", counts, range(len(counts)), what="variance", d=len(counts), p=p, m=m, k=k, s=s)
        data.series.append(Series(0, f"{label}, exact", "exact", list(counts), [x * n * n for x in ex]))
        data.notes.append(f"{label}: s = {s} (Algorithm 4)")
        if simulated.available():
            est = simulated.estimates("gcms", {"d": len(counts), "m": m, "k": k, "s": s, "p": p, "family": "ideal"},
                                      counts, ctx.trials, ctx.rng(8, j))
            if est is not None:
                var = est.var(axis=0, ddof=1) * n * n
                se = var * math.sqrt(2 / (ctx.trials - 1))
                data.series.append(Series(0, f"{label}, simulated", "simulated", list(counts), list(var), list(se)))
    if not simulated.available():
        data.notes.append("simulated points need ldpref.simulation (branches sim-pure / sim-sketch): theory only")
    return data


def eval_fraction(text: str):
    """An exact Fraction from its text (CSV cells written by the figures)."""
    from fractions import Fraction
    return Fraction(text)


# ---- Fig 9 -------------------------------------------------------------------------------------------------

#: the URL data of Fig 9 (Kaggle's URL dataset, first 100,000 records) is not shipped with ldpref: the Kosarak
#: click stream stands in (as ldpref.discovery.experiment says); LDPREF_FIG9_DATA overrides
FIG9_ENV = "LDPREF_FIG9_DATA"


def fig9_data() -> str:
    """The text file Fig 9 reads: ``$LDPREF_FIG9_DATA``, else the shipped Kosarak head file (checksum checked)."""
    return os.environ.get(FIG9_ENV) or str(data_file("kosarak/kosarak-head.dat"))

#: delta of Fig 9: not printed in Section VII-E (T = 1 - ln(2 delta)/eps, Eq. (9)); our choice, stated in the notes
FIG9_DELTA = 1e-6


def _fig9(ctx: Context) -> FigureData:
    if importlib.util.find_spec("ldpref.discovery") is None or \
            importlib.util.find_spec("ldpref.discovery.experiment") is None:
        raise ParameterError("jiang-gcms/fig9 needs ldpref.discovery (the unknown-domain protocol, branch discovery)")
    experiment = importlib.import_module("ldpref.discovery.experiment")
    eps = [1, 2, 4] if ctx.quick else [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10]
    reps = min(ctx.trials, 30)
    data_path = fig9_data()
    data_label = data_path if os.environ.get(FIG9_ENV) else "ldpref's kosarak/kosarak-head.dat"
    rows = experiment.fig9_points(data_path, eps_values=eps, delta=FIG9_DELTA, repetitions=reps, seed=ctx.seed)
    by_eps: dict = {}
    expected: dict = {}
    for r in rows:
        by_eps.setdefault(float(r["eps"]), []).append(float(r["discovered"]))
        if "expected_discovered" in r:
            expected[float(r["eps"])] = float(r["expected_discovered"])
    xs = sorted(by_eps)
    ys = [float(np.mean(by_eps[x])) for x in xs]
    es = [float(np.std(by_eps[x], ddof=1) / math.sqrt(len(by_eps[x]))) if len(by_eps[x]) > 1 else 0.0 for x in xs]
    data = FigureData([Panel("discovered URLs", "eps", "number discovered")],
                      notes=[f"{reps} repetitions per eps (paper: 30), delta = {FIG9_DELTA} (not printed in the paper; "
                             f"our choice); data {data_label} (Kaggle's URL data is not available: Kosarak stands in)"])
    data.series.append(Series(0, "simulated (mean)", "simulated", xs, ys, es))
    if expected:
        data.series.append(Series(0, "expected (sum of release probabilities)", "exact", xs, [expected[x] for x in xs]))
    return data


register(FigureSpec("jiang-gcms/fig4", "jiang-gcms", "Section VII-A, Fig. 4",
                    "GCMS (p = 0.5) vs Apple's CMS: relative sqrt variance",
                    "sqrt(Var f_hat(d))/f(d) vs eps at n = 100,000, f(d) = 1000 and 10,000. Lost in our copy: the "
                    "per-line #bits and k (an image legend) and the eps grid; here m = 1024, k = 65536, eps = 1..8. "
                    "Theorem 3 is an erratum (dropped same-client covariance): derived and printed are both drawn.",
                    _fig4))
register(FigureSpec("jiang-gcms/fig5", "jiang-gcms", "Section VII-B, Fig. 5", "Optimal p vs f(d)/n",
                    "n = 10,000, k = 200, m = 200. Lost: the eps values of (a) and the k values of (b); here eps = "
                    "1..5 and k in {1, 10, 100, 200, 1000} at eps = 4. Lemma 1 as printed (with k) against the "
                    "ledger's exact-variance objective (no k; jiang-gcms/lemma1, fig5.small-eps and fig5.k are "
                    "errata).",
                    _fig5))
register(FigureSpec("jiang-gcms/fig6", "jiang-gcms", "Section VII-B, Fig. 6",
                    "Best variance per target f(d) vs Apple's CMS",
                    "n = 10^6, k = 65536, m = 1024, eps = 4 (Apple's setting). OCMS: the best integer s per target; "
                    "Theorem 3 derived and printed; Apple's CMS exact (ideal hash family) and through printed "
                    "Theorem 3.", _fig6))
register(FigureSpec("jiang-gcms/fig7", "jiang-gcms", "Section VII-C, Fig. 7", "Communication: GCMS vs Apple's CMS",
                    "Bits per report vs m up to 10,000 at eps in {3, 5}, p in {0.5, 0.6}; Remark 1's count as printed "
                    "(s log2 m) and derived (s ceil(log2 m) + ceil(log2 k)). k is not given for Fig. 7: k = 1.", _fig7,
                    default_trials=2, quick_trials=2))
register(FigureSpec("jiang-gcms/fig8", "jiang-gcms", "Section VII-D, Fig. 8", "Adult education: variance for three p",
                    "Adult 'education' (16 values, n = 48,842), m = k = 100; p = 0.74 at eps 3.64, p = 0.57 and 0.87 "
                    "at eps 3.75; s from Algorithm 4. The ledger finds 0.74 / 0.57 not optimal "
                    "(sec7.D.adult-p.optimum).",
                    _fig8))
register(FigureSpec("jiang-gcms/fig9", "jiang-gcms", "Section VII-E, Fig. 9", "Unknown-domain discovery: URLs vs eps",
                    "Paper: Kaggle URL dataset, first 100,000 records, URLs cut to 20 characters, 30 repetitions. That "
                    "data is not available: the Kosarak head file stands in (LDPREF_FIG9_DATA overrides); delta is not "
                    "printed (1e-6 here). Built by ldpref.discovery.experiment.fig9_points.",
                    _fig9, default_trials=30, quick_trials=3))
