"""pan-cms Section 6: worst-case MSE (Eq. (22)), l1 and l2 loss vs eps on three datasets (Figs 2-4).

Setting (Section 6): 100 runs per eps, eps from 1 to 5 (the step is not printed; we use 1, 2, 3, 4, 5),
losses over the values of interest x = the 100 most frequent values (Section 6.1; Sections 6.2-6.3 do not name
x, we use the same rule).  Mechanisms: MSE-OCMS (f* = 1 in Figs 2 and 4, f* = 0 in Fig 3) for the MSE, l-OCMS
for l1/l2 (Theorem 3.7 with d replaced by |x|, Section 6), HE, CMS+HE, RHR for all metrics.
Theory curves are the ledger's forms: Theorem 3.6 / Eq. (16) (MSE-OCMS), Theorem 3.7 and Table 1 row OCMS (l2,
l1), Table 1 row HE (n or sqrt(n) times the loss); Appendix I's printed upper bound of the Eq. (22) estimator;
the exact MSE of the real OCMS on the dataset.

OCMS as the paper describes it: every client draws its own hash function (Fig. 1; Section 5.2: "hash-function
assignment uniformly samples from H for each object") from Section 3.5's family H' = {(a0 + a1 x) mod m} over
GF(2^l), 2^l >= d (Eq. (18)), decoded with g(x) (Eq. (8), m' of Lemma 3.2: unbiased).  Section 6 does not name
the family, l or the decoder: that is our assumption, stated in the caption.  Simulation: the real protocol
(:mod:`ldpref.simulation.per_client`, field arithmetic per client, estimates at the values of interest); exact
curve: :class:`ldpref.structured.pairwise.PairwiseSketchModel` (the same family, closed form).  CMS+HE ("the
same parameter as [7]"): m = 1024 and k = 65536 uniformly random functions drawn per run and shared by its
clients (:mod:`ldpref.simulation.shared_draw`, materialised only where read).  RHR (Section 4.3): b = eps bits, the
paper's reading of [12] ("[12] sets b = eps if the dictionary is large enough") and the ledger's (pan-cms/sec4.3.b-eps,
the Section 6 claims); Section 6's grid is the integers 1..5, so b = eps exactly at every point (a non-integer eps is
refused: the paper gives no rounding rule); the CSV's ``params`` column says the b of each simulated point.  Datasets
and the exact values of HE, CMS+HE and RHR are the ledger's (the paper's ``figure_data`` module, found through the paper
registry :mod:`ldpref.ledger.papers`; the library imports no paper): one source of truth.  Section 6.1's values "chosen
deliberately, so all have the same mod for RHR": the observed values, in rank order, are placed on the multiples of
2^(b_max - 1) = 16 (every value then has residue 0 mod 2^(b-1) for every b <= 5); OCMS, HE and CMS+HE do not depend on
the labels.
"""

from __future__ import annotations

import math

import numpy as np

from . import register, simulated, theory
from .spec import Context, FigureData, FigureSpec, Panel, Series
from ..ledger.papers import paper

PAPER = "pan-cms"

TOP = 100
#: CMS+HE's m: "the same parameter as [7]" (Apple's deployment, m = 1024; pan-cms Section 6)
CMS_HE_M = 1024
#: k of CMS+HE: "the same parameter as [7]" -- Apple's k = 65536 random functions (with m = 1024; the
#: registry's Apple CMS, jiang-gcms Section VII), drawn once per run and shared by its clients
CMS_HE_K = 65536
#: OCMS's family and decoder (pan-cms Section 3.5; an assumption: Section 6 does not name them)
OCMS_FAMILY = {"family": "gf2-affine-mod", "inner": "rr", "decoder": "eq8"}


def _ocms_l(d: int, ms) -> str:
    """The l (or range of l) of OCMS's GF(2^l) family: the smallest with 2^l >= max(d, m)."""
    ls = sorted({max(d - 1, m - 1, 1).bit_length() for m in ms})
    return str(ls[0]) if len(ls) == 1 else f"{ls[0]}..{ls[-1]}"


def _ledger():
    """pan-cms's ``figure_data``: the Section 6 datasets, eps grid and exact variances of the ledger."""
    return paper(PAPER).part("figure_data")


def _eps_grid(ctx: Context) -> list[int]:
    X = _ledger()
    return [1, 3, 5] if ctx.quick else list(X.EPS_GRID)


def rhr_bits(eps) -> int:
    """RHR's b at eps: b = eps (pan-cms Section 4.3, reading [12]; the ledger's pan-cms/sec4.3.b-eps).  Section 6's
    grid is integer; a non-integer eps is refused (ValueError): the paper states no rounding rule."""
    if isinstance(eps, bool) or int(eps) != eps or eps < 1:
        raise ValueError(f"RHR b = eps needs a positive integer eps, not {eps!r} (pan-cms Section 4.3 gives no "
                         "rounding rule)")
    return int(eps)


#: Section 6.1's construction: every value a multiple of 2^(B_BITS - 1), one residue for RHR at every b <= B_BITS
B_BITS = 5


def same_residue(counts: np.ndarray, bits: int = B_BITS) -> np.ndarray:
    """The counts relabelled so that the k-th observed value (in index order) becomes value k * 2^(bits - 1):
    every value then shares residue 0 mod 2^(b-1) for each b <= bits (pan-cms Section 6.1).  ValueError when
    the dictionary cannot hold the observed values on that lattice."""
    step = 1 << (bits - 1)
    seen = np.flatnonzero(counts)
    if len(seen) * step > len(counts):
        raise ValueError(f"{len(seen)} observed values do not fit on the multiples of {step} below d = {len(counts)}")
    out = np.zeros_like(counts)
    out[np.arange(len(seen)) * step] = counts[seen]
    return out


def _appendix_i_factor(t: int, size: int) -> float:
    """pan-cms Appendix I (printed; the ledger finds it conditional on the normal approximation, thmI.1):
    Pr(MSE-bar >= [1 + (2/t)(sqrt(t log(20|x|)) + log(20|x|))] V) <= 0.05."""
    a = math.log(20 * size)
    return 1 + 2 / t * (math.sqrt(t * a) + a)


def _dataset(name: str) -> np.ndarray:
    """The counts of Section 6's dataset ``name``: the ledger's (``dataset`` of pan-cms's ``figure_data``)."""
    return _ledger().dataset(name)


def residue_rows(counts: np.ndarray, top, b: int) -> tuple:
    """((c_x, S_same(x)) for x in ``top``): S_same(x) counts the other clients whose value has x's residue mod
    2^(b-1) (RHR's collisions, pan-cms Section 4.3), on the counts as labelled."""
    B = 1 << (b - 1)
    by_res = np.zeros(B, dtype=np.int64)
    np.add.at(by_res, np.arange(len(counts)) % B, np.asarray(counts, dtype=np.int64))
    return tuple((int(counts[x]), int(by_res[x % B]) - int(counts[x])) for x in top)


def exact_metrics(mech: str, counts: np.ndarray, top, eps: int, f_star: int = 1) -> dict:
    """{metric: float} of ``mech`` (HE, CMS+HE, RHR with b = eps) over the values ``top`` of these counts: the
    ledger's exact per-client variances (``exact_coefficients`` of pan-cms's ``figure_data``, from the real
    mechanisms' (P, Q)) summed over the clients (its ``variances``)."""
    X = _ledger()
    rows = residue_rows(counts, top, rhr_bits(eps))
    var = X.variances(X.exact_coefficients(mech, eps, f_star), int(np.sum(counts)), rows)
    return {k: float(v) for k, v in X.metrics(var).items()}


def _build(ctx: Context, name: str, f_star: int, mse_claims: list[str], same: bool = False) -> FigureData:
    counts = _dataset(name)
    if same:
        counts = same_residue(counts)
    n = int(counts.sum())
    d = len(counts)
    f = counts / n
    top = [int(v) for v in np.argsort(-counts, kind="stable")[:TOP]]
    eps = _eps_grid(ctx)
    panels = [Panel("worst-case MSE over x (Eq. 22)", "eps", "MSE", logy=True),
              Panel(f"l1 loss over x (|x| = {TOP})", "eps", "l1", logy=True),
              Panel(f"l2 loss over x (|x| = {TOP})", "eps", "l2", logy=True)]
    data = FigureData(panels,
                      notes=[f"n = {n}, d = {d}, |x| = {TOP}, top frequency {f.max():.4f}, trials = {ctx.trials}"])
    S = data.series
    ee = [math.exp(e) for e in eps]
    base = {"n": n, "f_star": f_star}
    for claim in mse_claims:
        S.append(Series(0, f"MSE-OCMS {claim} derived", "derived", eps,
                        theory.curve(claim, "derived", "exp_eps", ee, base)))
        printed = theory.curve(claim, "printed", "exp_eps", ee, base)
        S.append(Series(0, f"MSE-OCMS {claim} printed", "printed", eps, printed))
    v_derived = theory.curve(mse_claims[0], "derived", "exp_eps", ee, base)
    factor = _appendix_i_factor(ctx.trials, TOP)
    S.append(Series(0, "Appendix I bound (printed)", "bound", eps, [factor * v for v in v_derived]))
    S.append(Series(0, "HE, Table 1 (derived)/n", "derived", eps,
                    theory.curve("pan-cms/table1.HE.mse", "derived", "exp_eps", ee, {}, scale=lambda _: 1 / n)))
    dx = {"d": TOP, "n": n}
    S.append(Series(1, "l-OCMS Table 1 l1 (derived)/sqrt(n)", "derived", eps,
                    theory.curve("pan-cms/table1.OCMS.l1", "derived", "exp_eps", ee, dx, scale=lambda _: n ** -0.5)))
    S.append(Series(1, "HE Table 1 l1 (derived)/sqrt(n)", "derived", eps,
                    theory.curve("pan-cms/table1.HE.l1", "derived", "exp_eps", ee, dx, scale=lambda _: n ** -0.5)))
    S.append(Series(1, "HE Table 1 l1 (printed)/sqrt(n)", "printed", eps,
                    theory.curve("pan-cms/table1.HE.l1", "printed", "exp_eps", ee, dx, scale=lambda _: n ** -0.5)))
    S.append(Series(2, "l-OCMS Thm 3.7 (derived)", "derived", eps,
                    theory.curve("pan-cms/thm3.7", "derived", "exp_eps", ee, dx)))
    S.append(Series(2, "HE Table 1 l2 (derived)/n", "derived", eps,
                    theory.curve("pan-cms/table1.HE.l2", "derived", "exp_eps", ee, dx, scale=lambda _: 1 / n)))
    # exact: the real OCMS at its integer m (the ledger's corrected closest-integer rule), on this dataset
    m_mse = [int(round(v)) for v in theory.curve("pan-cms/thm3.6.closest-integer", "derived", "exp_eps", ee, base)]
    m_l = [max(2, round(v)) for v in theory.curve("pan-cms/thm3.7", "derived", "exp_eps", ee, dx, part=1)]
    exact_mse, exact_l2 = [], []
    for e, mm, ml in zip(eps, m_mse, m_l):
        exact_mse.append(max(theory.structured("cms", counts, top, d=d, exp_eps=theory.exp_eps_text(e), m=mm,
                                               **OCMS_FAMILY)))
        exact_l2.append(sum(theory.structured("cms", counts, top, d=d, exp_eps=theory.exp_eps_text(e), m=ml,
                                              **OCMS_FAMILY)))
    S.append(Series(0, "MSE-OCMS exact (max over x)", "exact", eps, exact_mse))
    S.append(Series(2, "l-OCMS exact", "exact", eps, exact_l2))
    bits = [f"b={rhr_bits(e)}" for e in eps]
    for mech, label, params in (("RHR", "RHR exact (b = eps)", bits),
                                ("CMS+HE", f"CMS+HE exact (m = {CMS_HE_M})", None)):
        vals = [exact_metrics(mech, counts, top, e, f_star) for e in eps]
        S.append(Series(0, label + " (max over x)", "exact", eps, [v["mse"] for v in vals], params=params))
        S.append(Series(2, label, "exact", eps, [v["l2"] for v in vals], params=params))
    data.notes.append(f"RHR: b = eps bits ({', '.join(bits)}; pan-cms Section 4.3 and the ledger's sec4.3.b-eps); "
                      f"dataset: the ledger's ({name}" + (", every value a multiple of 16: one residue for RHR"
                                                          if same else "") + ")")
    data.notes.append(f"OCMS m per eps: MSE-OCMS {m_mse}, l-OCMS {m_l} (integer m of the ledger's closest-integer "
                      f"derivations; Theorem 3.7's m with d = |x|); hash family per client: "
                      f"GF(2^{_ocms_l(d, m_mse + m_l)}) affine mod m, decoder Eq. (8)")
    _simulate(ctx, data, counts, top, eps, m_mse, m_l)
    return data


def _simulate(ctx, data, counts, top, eps, m_mse, m_l) -> None:
    if not simulated.available():
        data.notes.append("simulated points need ldpref.simulation (branches sim-pure / sim-sketch): theory only")
        return
    d = len(counts)
    f = counts / counts.sum()
    runs = [("MSE-OCMS", "ocms", lambda i: {"m": m_mse[i], **OCMS_FAMILY}, ("mse",)),
            ("l-OCMS", "ocms", lambda i: {"m": m_l[i], **OCMS_FAMILY}, ("l1", "l2")),
            ("HE", "he", lambda i: {}, ("mse", "l1", "l2")),
            ("CMS+HE", "cms-he", lambda i: {"m": CMS_HE_M, "k": CMS_HE_K}, ("mse", "l1", "l2")),
            ("RHR", "rhr", lambda i: {"b": rhr_bits(eps[i])}, ("mse", "l1", "l2"))]
    panel = {"mse": 0, "l1": 1, "l2": 2}
    for j, (label, name, extra, metrics) in enumerate(runs):
        pts = {mt: ([], [], [], []) for mt in metrics}
        for i, e in enumerate(eps):
            params = {"d": d, "eps": e, **extra(i)}
            if name in ("ocms", "cms-he"):  # real protocols that read only the values of interest
                est = simulated.at_values(name, params, counts, top, ctx.trials, ctx.rng(j, i))
                where = range(len(top))
            else:
                est = simulated.estimates(name, params, counts, ctx.trials, ctx.rng(j, i))
                where = top
            if est is None:
                data.notes.append(f"{label}: not simulated: {simulated.LAST_REFUSAL}")
                break
            got = simulated.losses(est, f[top] if name in ("ocms", "cms-he") else f, where)
            for mt in metrics:
                pts[mt][0].append(e)
                pts[mt][1].append(got[mt][0])
                pts[mt][2].append(got[mt][1])
                pts[mt][3].append(" ".join(f"{k}={v}" for k, v in extra(i).items() if k in ("b", "m", "k")))
        for mt, (xs, ys, es, ps) in pts.items():
            if xs:
                data.series.append(Series(panel[mt], f"{label} simulated", "simulated", xs, ys, es, params=ps))


def _fig2(ctx):
    return _build(ctx, "zipf", 1, ["pan-cms/thm3.6"], same=True)


def _fig3(ctx):
    return _build(ctx, "gaussian", 0, ["pan-cms/eq16", "pan-cms/thm3.6"])


def _fig4(ctx):
    return _build(ctx, "kosarak", 1, ["pan-cms/thm3.6"])


_COMMON = ("Worst-case MSE (Eq. 22), l1 and l2 over the 100 most frequent values vs eps = 1..5 (step not printed; "
           "integers used), 100 runs per eps (--trials). RHR with b = eps bits (Section 4.3). OCMS here (exact curve "
           "and simulation alike): CMS + RR where every client draws its own hash from Section 3.5's family (a0 + a1 "
           "x) mod m over GF(2^l), 2^l >= d, decoded by g(x) (Eq. 8, unbiased); simulated by the real protocol (field "
           "arithmetic per client). Assumption: Section 6 does not name OCMS's family, l or decoder; we take Section "
           "3.5's construction with the smallest l. CMS+HE ('the same parameter as [7]'): m = "
           f"{CMS_HE_M}, k = {CMS_HE_K} uniformly random functions drawn per run and shared by its clients, "
           "materialised only where read. ")
register(FigureSpec("pan-cms/fig2", "pan-cms", "Section 6.1, Fig. 2", "Zipf dataset (d = 100k, n = 10,000, f ~ 1/r^2)",
                    _COMMON + "Zipf: dictionary 100k, 10,000 objects sampled from f(r) ~ 1/r^2 (the ledger's sample, "
                    "seed 61). MSE-OCMS f* = 1. Values 'chosen deliberately, so all have the same mod for RHR' "
                    "(Section 6.1): the observed values, in rank order, are placed on the multiples of 16, one "
                    "residue mod 2^(b-1) for every b = eps <= 5.",
                    _fig2))
register(FigureSpec("pan-cms/fig3", "pan-cms", "Section 6.2, Fig. 3", "Gaussian dataset (d = 10k, n = 10,000, sd 50)",
                    _COMMON + "Gaussian: 10,000 objects, sd 50, mean an integer drawn from [1000, 9000] (the "
                    "ledger's sample, seed 62), "
                    "rounded, truncated to [0, 10,000). MSE-OCMS f* = 0 against Eq. (16) (derived and printed; "
                    "the printed Eq. (16) is an erratum for f* > 0 but agrees at f* = 0).", _fig3))
register(FigureSpec("pan-cms/fig4", "pan-cms", "Section 6.3, Fig. 4", "mini Kosarak (our head file: every occurrence)",
                    _COMMON + "Kosarak: our file is the first 36,682 transactions; every item occurrence is an object "
                    "(n = 294,022, d = 17,034, top frequency 0.076). The paper's mini Kosarak (over 170,000 entries, "
                    "d = 26,000, one value above 0.4) cannot be rebuilt from it.", _fig4))
