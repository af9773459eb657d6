"""jiang-gcms Section VII, Table I: run time and memory of the client and the server, GCMS (OCMS) vs Apple's CMS.

Measured on the machine that builds the figure, with ldpref's real protocol code (:mod:`ldpref.gcms`):

* client -- Algorithm 1 for one report (:func:`ldpref.gcms.client` on one value; Apple: :func:`apple_client`),
  mean and standard error over many single-report calls; its peak traced memory (tracemalloc);
* server -- Algorithm 2's sketch of all n reports plus Algorithm 3 / Eq. (4)'s estimate of every value
  (Apple: :func:`apple_sketch`, then Eq. (4) with Apple's p, q -- Section IV-B's instantiation), mean and
  standard error over repetitions; the LDP matrix's size (k x m counts) and the peak traced memory;
* client communication -- the bits of the plaintext report (:func:`encode_message`: ceil(log2 k) + s
  ceil(log2 m) bits; Apple: ceil(log2 k) + m bits), in bytes.

Settings "identical to Section VII-D": Adult education (16 values, n = 48,842), m = k = 100; OCMS p = 0.74 at
eps = 3.64 with Algorithm 4's s; Apple's CMS at eps = 3.75, p = e^(eps/2)/(e^(eps/2) + 1) (0.867; the paper's
"0.87").  The paper's own numbers (MacBook Pro M1) are read from ``paper_numbers/jiang-gcms-table1.csv``, a
transcription of Table I.  Timings are measurements: only their structure is tested.
"""

from __future__ import annotations

import csv
import math
import os
import time
import tracemalloc

import numpy as np

from .. import gcms as G
from . import datasets, register
from .spec import Context, FigureData, FigureSpec, Panel, Series

M = K = 100
OCMS_P, OCMS_EPS = 0.74, 3.64
APPLE_EPS = 3.75
PAPER_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "paper_numbers", "jiang-gcms-table1.csv")
#: metric -> (panel title, unit)
#: metric -> (panel title, unit); titles short enough for a half-column panel (the CSV notes say what is timed:
#: one report for the client, sketch + estimate of the n reports for the server)
METRICS = {"client_runtime": ("client time / report", "ms"), "server_runtime": ("server time, n reports", "s"),
           "server_memory": ("server memory", "bytes"), "client_communication": ("message size", "bytes")}
MECHANISMS = ("OCMS", "Apple CMS")


def paper_numbers() -> dict:
    """Table I as the paper prints it: {metric: {"OCMS": value, "Apple CMS": value}} (from the shipped CSV)."""
    with open(PAPER_FILE, encoding="utf-8") as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    return {r["metric"]: {name: float(r[name]) for name in MECHANISMS} for r in rows}


def _apple_estimate(sk, table, p: float, q: float, m: int) -> np.ndarray:
    """Eq. (4) with Apple's (p, q): (C(d) - p n/m - q n (1 - 1/m)) / ((p - q)(1 - 1/m)) for every d."""
    C = G.counts_C(sk, table).astype(float)
    return (C - p * sk.n / m - q * sk.n * (1 - 1 / m)) / ((p - q) * (1 - 1 / m))


def _timed(fn, reps: int) -> tuple[float, float]:
    """Mean and standard error (seconds) of ``reps`` calls of fn (after one warm-up call)."""
    fn()
    t = np.empty(reps)
    for i in range(reps):
        start = time.perf_counter()
        fn()
        t[i] = time.perf_counter() - start
    return float(t.mean()), float(t.std(ddof=1) / math.sqrt(reps)) if reps > 1 else 0.0


def _peak(fn, reps: int = 3) -> int:
    """Largest tracemalloc peak (bytes) over ``reps`` calls of fn."""
    best = 0
    for _ in range(reps):
        tracemalloc.start()
        try:
            fn()
            best = max(best, tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
    return best


def _measure(ctx: Context) -> dict:
    labels, counts = datasets.adult_education()
    values = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
    n, d = int(values.size), len(counts)
    table = G.draw_hash_table(d, M, K, ctx.rng(1))
    s = G.algorithm4_s(OCMS_P, math.exp(OCMS_EPS), M)
    pa = math.exp(APPLE_EPS / 2) / (math.exp(APPLE_EPS / 2) + 1)
    client_reps, server_reps = (200, 2) if ctx.quick else (5000, 20)
    rng = ctx.rng(2)
    one = values[:1]
    clients = {"OCMS": lambda: G.client(one, table, M, s, OCMS_P, rng),
               "Apple CMS": lambda: G.apple_client(one, table, M, pa, 1 - pa, rng)}
    j, X = G.client(values, table, M, s, OCMS_P, ctx.rng(3))
    ja, bits = G.apple_client(values, table, M, pa, 1 - pa, ctx.rng(4))
    servers = {"OCMS": lambda: G.estimate(G.sketch(j, X, M, K), table, OCMS_P, s, M),
               "Apple CMS": lambda: _apple_estimate(G.apple_sketch(ja, bits, M, K), table, pa, 1 - pa, M)}
    sample = range(min(n, 1000))
    comm = {"OCMS": np.mean([len(G.encode_message(j[i], X[i], M, K)) for i in sample]) / 8,
            "Apple CMS": np.mean([len(G.encode_apple_message(ja[i], bits[i], K)) for i in sample]) / 8}
    matrix = {"OCMS": G.sketch(j, X, M, K).M.nbytes, "Apple CMS": G.apple_sketch(ja, bits, M, K).M.nbytes}
    out = {"n": n, "s": s, "p_apple": pa, "client_reps": client_reps, "server_reps": server_reps, "rows": {}}
    for name in MECHANISMS:
        c_mean, c_se = _timed(clients[name], client_reps)
        s_mean, s_se = _timed(servers[name], server_reps)
        out["rows"][name] = {"client_runtime": (c_mean * 1e3, c_se * 1e3), "server_runtime": (s_mean, s_se),
                             "server_memory": (float(matrix[name]), 0.0),
                             "server_peak": (float(_peak(servers[name], 1 if ctx.quick else 3)), 0.0),
                             "client_peak": (float(_peak(clients[name], 3 if ctx.quick else 20)), 0.0),
                             "client_communication": (float(comm[name]), 0.0)}
    return out


def _table1(ctx: Context) -> FigureData:
    paper = paper_numbers()
    got = _measure(ctx)
    panels = [Panel(title, "0: OCMS, 1: Apple", unit, logy=True)
              for title, unit in METRICS.values()]
    data = FigureData(panels, notes=[
        f"measured on this machine (ldpref.gcms, numpy): Adult education n = {got['n']}, m = k = {M}; OCMS p = "
        f"{OCMS_P}, s = {got['s']} (Algorithm 4 at eps = {OCMS_EPS}); Apple's CMS p = {got['p_apple']:.4f} "
        f"(eps = {APPLE_EPS}); client: mean of {got['client_reps']} single-report calls; server: mean of "
        f"{got['server_reps']} runs; error bars one standard error",
        "paper: Table I (MacBook Pro M1, 32 GB; Python prototypes). Its sizes read as Python object sizes (our "
        "reading: Apple's 912 bytes is sys.getsizeof of a 100-entry int64 numpy array); ours are the k x m int64 "
        "matrix's bytes and the plaintext report's bits / 8"])
    x = {name: i for i, name in enumerate(MECHANISMS)}
    for i, metric in enumerate(METRICS):
        rows = got["rows"]
        data.series.append(Series(i, "measured here", "simulated", [x[nm] for nm in MECHANISMS],
                                  [rows[nm][metric][0] for nm in MECHANISMS],
                                  [rows[nm][metric][1] for nm in MECHANISMS],
                                  params=[f"mechanism={nm}" for nm in MECHANISMS]))
        data.series.append(Series(i, "paper's Table I (M1)", "printed", [x[nm] for nm in MECHANISMS],
                                  [paper[metric][nm] for nm in MECHANISMS],
                                  params=[f"mechanism={nm}" for nm in MECHANISMS]))
        if metric == "server_memory":
            for extra, label in (("server_peak", "server peak traced (measured)"),
                                 ("client_peak", "client peak traced (measured)")):
                data.series.append(Series(i, label, "simulated", [x[nm] for nm in MECHANISMS],
                                          [rows[nm][extra][0] for nm in MECHANISMS], [0.0, 0.0],
                                          params=[f"mechanism={nm}" for nm in MECHANISMS]))
    for nm in MECHANISMS:
        r = got["rows"][nm]
        data.notes.append(
            f"{nm}: client {r['client_runtime'][0]:.4g} ms (paper {paper['client_runtime'][nm]}), server "
            f"{r['server_runtime'][0]:.4g} s (paper {paper['server_runtime'][nm]}), matrix {r['server_memory'][0]:.0f} "
            f"bytes (paper {paper['server_memory'][nm]:.0f}), server peak {r['server_peak'][0]:.0f} bytes, client peak "
            f"{r['client_peak'][0]:.0f} bytes, report {r['client_communication'][0]:.2f} bytes (paper "
            f"{paper['client_communication'][nm]})")
    return data


register(FigureSpec("jiang-gcms/table1", "jiang-gcms", "Section VII, Table I",
                    "Run time and memory: OCMS vs Apple's CMS",
                    "Client (one report) and server (sketch and estimate of n reports) run time, server memory and "
                    "client communication, measured on this machine with ldpref's GCMS and Apple CMS code at Section "
                    "VII-D's settings (Adult education, m = k = 100, p = 0.74 / Apple's p at eps 3.75), beside the "
                    "paper's Table I (MacBook Pro M1). Measurements vary between runs and machines.", _table1,
                    default_trials=2, quick_trials=2))
