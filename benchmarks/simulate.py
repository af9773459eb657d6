"""Simulation speed (issue 13, "Speed"): ldpref's real protocol beside pure-ldp and multi-freq-ldpy, and the
sufficient-statistics samplers' cost in n, k and m.

``--part protocol`` -- real-protocol clients per second for OLH, CMS and GCMS at d = 10^5, n = 10^6 (Zipf(1.1)
data, seeded; pan-cms Section 3 / 4.4, jiang-gcms Algorithms 1-3).  ldpref runs in this process
(:meth:`ldpref.simulation.Simulator.protocol`: every client draws its function, hashes and perturbs; the server
aggregates and decodes all d estimates); each peer runs the SAME mechanism, eps, d, m (and k where it has one)
on the same data in the same run, in its own virtual environment (numpy < 2: ``--peer-venv``, default
$PEER_VENV or conformance/.peer-venv, built by conformance/make_peer_env.sh when missing), through
benchmarks/simulate_peers.py.  Times include the server's set-up (drawing or tabulating the hash family),
the clients, the aggregation and the estimation of all d values.  A peer that cannot be built gives a
SKIPPED line (exit status 0); a mechanism a peer does not implement is named as not compared.  Peers too slow
for n = 10^6 are timed on fewer clients (or a prefix of the domain for their O(d k) phases) and extrapolated
linearly; the output says so.

``--part sufficient`` -- one trial of :meth:`Simulator.sufficient` at n = 10^4 and n = 10^9 for GRR, OUE, SS and
OLH (ideal family) at d = 10^4 (benchmarks/simulate_sufficient.py's timing), and the cost growth in n, k, m for
CMS and GCMS at the papers' sketch sizes (pan-cms Section 6 and jiang-gcms Fig. 6: m = 1024, k = 65536).

    PYTHONPATH=. python benchmarks/simulate.py [--part protocol|sufficient|all] [--n N] [--d D] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # this checkout's ldpref

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
#: clients of ldpref's fresh-function OLH run (its server's lookup is O(n d)), extrapolated per client
FRESH_N = 200


def zipf_values(d: int, n: int, s: float, rng: np.random.Generator) -> np.ndarray:
    """n values in 0..d-1, iid with P(v) proportional to 1/(v + 1)^s."""
    w = 1.0 / np.arange(1, d + 1) ** s
    return rng.choice(d, size=n, p=w / w.sum())


# ---------------------------------------------------------------------------------------------- protocol
def protocol_cases(d: int, k: int, m: int, gcms_s: list[int]) -> list[dict]:
    """The compared settings: ldpref's parameters, the peer case run beside it, and the peers that lack it."""
    olh_m = 4  # the integer nearest e^eps + 1 at e^eps = 3; pure-ldp and multi-freq-ldpy: g = round(e^eps) + 1 = 4
    cases = [
        {"id": "olh-k", "label": f"OLH, k = {k} fixed functions", "name": "olh",
         "params": dict(d=d, exp_eps=3, m=olh_m, family="random", k=k),
         "hash": f"seeded uniform table k x d (pan-cms 3.6), k = {k}",
         "peers": {"pure-ldp": {"kind": "pure-ldp/fastlh", "k": k, "label": f"FastLH, k = {k} xxh32 seeds"}},
         "missing": {"multi-freq-ldpy": "multi-freq-ldpy has no fixed-k OLH (FastLH): not compared"}},
        {"id": "olh-fresh", "label": "OLH, a fresh function per client", "name": "olh",
         "params": dict(d=d, exp_eps=3, m=olh_m, family="ideal-fresh"), "n_run": FRESH_N,
         "hash": "a uniform function per client (n x d table)",
         "peers": {"pure-ldp": {"kind": "pure-ldp/lh", "label": "LHClient/LHServer, xxh32 seed per client"},
                   "multi-freq-ldpy": {"kind": "multi-freq-ldpy/lh", "label": "LH_Client/LH_Aggregator_MI"}},
         "missing": {}},
        {"id": "cms-srp", "label": f"CMS (Apple's: inner srp), m = {m}, k = {k}", "name": "cms",
         "params": dict(d=d, exp_eps=3, m=m, k=k, family="random", inner="srp"),
         "hash": f"seeded uniform table, k = {k}",
         "peers": {"pure-ldp": {"kind": "pure-ldp/cms", "k": k, "m": m,
                                "label": f"CMSClient/CMSServer, k = {k} xxh64"}},
         "missing": {"multi-freq-ldpy": "multi-freq-ldpy has no CMS: not compared"}},
        {"id": "cms-rr", "label": f"CMS (inner rr), m = {m}, k = {k}", "name": "cms",
         "params": dict(d=d, exp_eps=3, m=m, k=k, family="random", inner="rr"),
         "hash": f"seeded uniform table, k = {k}", "peers": {},
         "missing": {"pure-ldp": "pure-ldp has no CMS with an m-ary RR inner: not compared",
                     "multi-freq-ldpy": "multi-freq-ldpy has no CMS: not compared"}},
    ]
    for s in gcms_s:
        cases.append({"id": f"gcms-s{s}", "label": f"GCMS, m = {m}, k = {k}, s = {s}", "name": "gcms",
                      "params": dict(d=d, exp_eps=3, m=m, k=k, s=s), "hash": f"seeded uniform table, k = {k}",
                      "peers": {}, "missing": {"pure-ldp": "pure-ldp has no GCMS: not compared",
                                               "multi-freq-ldpy": "multi-freq-ldpy has no GCMS: not compared"}})
    return cases


def run_ldpref(case: dict, values: np.ndarray, rng: np.random.Generator) -> dict:
    """Times ldpref on one case: set-up (the simulator, drawing its hash table) and one protocol run on all
    clients (a fixed family's clients go through in chunks of sketch_core.MAX_CLIENT_ENTRIES report entries),
    or on ``n_run`` clients (fresh functions: the server's O(n d) lookup) extrapolated per client."""
    from ldpref.simulation import simulator
    from ldpref.simulation.sketch_core import MAX_CLIENT_ENTRIES

    n = len(values)
    t0 = time.perf_counter()
    sim = simulator(case["name"], **case["params"])
    setup = time.perf_counter() - t0
    n_run = min(n, case.get("n_run", n))
    run = values[:n_run]
    chunk = MAX_CLIENT_ENTRIES // sim.inner.client_cost
    t0 = time.perf_counter()
    est = sim.protocol(run, rng)
    t_run = time.perf_counter() - t0
    total = setup + t_run * n / n_run
    return {"n_run": n_run, "chunk": chunk if n_run > chunk else None, "setup_s": setup, "run_s": t_run,
            "total_s": total, "clients_per_s": n / total, "head": est[:5].tolist(),
            "params": {key: str(v) for key, v in case["params"].items()}}


def peer_python(venv: str, build: bool) -> tuple[str | None, str]:
    """``(python, status line)``: the peers' interpreter, built by conformance/make_peer_env.sh when missing and
    ``build``; None with a SKIPPED line when it is not available."""
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        if not build:
            return None, f"peers SKIPPED: no peer environment at {venv} (build it: PEER_VENV={venv} " \
                         f"conformance/make_peer_env.sh)"
        proc = subprocess.run(["bash", os.path.join(ROOT, "conformance", "make_peer_env.sh")], capture_output=True,
                              text=True, env=dict(os.environ, PEER_VENV=venv))
        line = (proc.stdout.strip().splitlines() or ["peer env SKIPPED: make_peer_env.sh printed nothing"])[-1]
        if not line.startswith("peer env ready"):
            return None, f"peers SKIPPED: {line}"
    check = subprocess.run([py, "-c", "import pure_ldp, multi_freq_ldpy, numpy, xxhash"], capture_output=True,
                           text=True)
    if check.returncode != 0:
        last = (check.stderr.strip().splitlines() or ["import failed"])[-1]
        return None, f"peers SKIPPED: the peer environment {venv} does not import the peers ({last})"
    return py, f"peers: {py}"


def run_peers(py: str, cases: list[dict], values: np.ndarray, d: int, seed: int, budget: float) -> dict:
    """Runs benchmarks/simulate_peers.py in the peers' interpreter on the same values; its JSON record."""
    jobs = [dict(peer, id=f"{case['id']}/{lib}") for case in cases for lib, peer in case["peers"].items()]
    with tempfile.TemporaryDirectory(prefix="ldpref-sim-peers-") as tmp:
        np.save(os.path.join(tmp, "values.npy"), values.astype(np.int64))
        spec = {"values": os.path.join(tmp, "values.npy"), "d": d, "eps": float(np.log(3.0)), "seed": seed,
                "budget": budget, "cases": jobs}
        with open(os.path.join(tmp, "spec.json"), "w") as fh:
            json.dump(spec, fh)
        proc = subprocess.run([py, os.path.join(HERE, "simulate_peers.py"), os.path.join(tmp, "spec.json")],
                              stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"simulate_peers.py failed in {py} (exit status {proc.returncode})")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def rate(x: float) -> str:
    """Clients per second for the table: whole numbers with separators, three digits below 100."""
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


def protocol_part(args, record: dict) -> None:
    """The real-protocol table (see the module docstring)."""
    d, n = args.d, args.n
    rng = np.random.default_rng(args.seed)
    values = zipf_values(d, n, 1.1, rng)
    truth = np.bincount(values, minlength=d)[:5] / n
    cases = protocol_cases(d, args.k, args.m, [int(s) for s in args.gcms_s.split(",")])
    print(f"# real protocol: d = {d}, n = {n}, Zipf(1.1) data (seed {args.seed}), e^eps = 3 (eps = ln 3 for the "
          f"peers, as a float)")
    py, status = ((None, "peers not run (--no-peers)") if args.no_peers
                  else peer_python(args.peer_venv, not args.no_build))
    print(status)
    from ldpref.simulation import simulator

    for case in cases:  # warm-up: the lazy imports of each simulator are not timed
        simulator(case["name"], **dict(case["params"], d=8))
    rows = []
    for case in cases:
        res = run_ldpref(case, values, rng)
        rows.append((case, res))
        note = f" (measured on {res['n_run']} clients, extrapolated per client)" if res["n_run"] < n else ""
        if res["chunk"]:
            note = f" (clients in chunks of {res['chunk']:,})"
        print(f"  ldpref {case['id']}: set-up {res['setup_s']:.2f} s, run {res['run_s']:.2f} s{note}", flush=True)
    peers = run_peers(py, cases, values, d, args.seed, args.peer_budget) if py else None
    record["protocol"] = {"d": d, "n": n, "seed": args.seed, "true_head": truth.tolist(), "peer_status": status,
                          "peer_versions": peers["versions"] if peers else None, "cases": []}
    print(f"\n{'mechanism':<40} {'ldpref/s':>11} {'peer':<16} {'peer/s':>10} {'ratio':>8}")
    notes = []
    for case, res in rows:
        entry = {"id": case["id"], "label": case["label"], "ldpref": res, "hash": case["hash"], "peers": {},
                 "not_compared": dict(case["missing"])}
        lines = []
        for lib, peer in case["peers"].items():
            if peers is None:
                lines.append((lib, None))
                continue
            p = peers["cases"][f"{case['id']}/{lib}"]
            entry["peers"][lib] = dict(p, label=peer["label"])
            lines.append((lib, p))
            scaled = [f"{ph['phase']} on {ph['measured_on']:,} of {ph['full']:,} {ph['unit']}"
                      for ph in p["phases"] if ph["measured_on"] != ph["full"]]
            notes.append(f"{case['id']} / {lib} ({peer['label']}; {p['params']}): "
                         + ("measured " + ", ".join(scaled) + ", extrapolated linearly" if scaled else "run in full")
                         + "; phases (s, scaled): " + ", ".join(f"{ph['phase']} {ph['scaled_seconds']:.1f}"
                                                                   for ph in p["phases"])
                         + f"; f_hat[0..2] = {', '.join(f'{x:.4f}' for x in p['head'][:3])}")
        record["protocol"]["cases"].append(entry)
        first = True
        for lib, p in lines or [("-", None)]:
            left = f"{case['label']:<40} {rate(res['clients_per_s']):>11}" if first else " " * 52
            if p is None:
                right = f" {lib:<16} {'SKIPPED' if lib != '-' else '-':>10} {'':>8}"
            else:
                right = f" {lib:<16} {rate(p['clients_per_s']):>10} {res['clients_per_s'] / p['clients_per_s']:>7,.0f}x"
            print(left + right)
            first = False
        for why in case["missing"].values():
            print(" " * 52 + f" ({why})")
        notes.append(f"{case['id']} / ldpref ({case['hash']}; {res['params']}): set-up {res['setup_s']:.2f} s, "
                     f"run {res['run_s']:.2f} s on {res['n_run']:,} clients; "
                     f"f_hat[0..2] = {', '.join(f'{x:.4f}' for x in res['head'][:3])}")
    print(f"\ntrue f[0..2] = {', '.join(f'{x:.4f}' for x in truth[:3])}  (multi-freq-ldpy clips and normalises)")
    for line in notes:
        print("  " + line)
    if peers:
        print(f"peer environment: {peers['versions']}")


# -------------------------------------------------------------------------------------------- sufficient
def sufficient_part(args, record: dict) -> None:
    """One trial at n = 10^4 and 10^9 (benchmarks/simulate_sufficient.py), then the sketch growth table."""
    import simulate_sufficient as suff  # benchmarks/simulate_sufficient.py (this folder)
    from ldpref.errors import ParameterError
    from ldpref.simulation import simulator

    rng = np.random.default_rng(args.seed)
    d = args.suff_d
    print(f"\n# sufficient statistics, one trial, d = {d}, e^eps = 3 (uniform counts)")
    print(f"{'mechanism':<34} {'n = 10^4 (s)':>13} {'n = 10^9 (s)':>13} {'ratio':>7}")
    settings = [("grr", {}), ("oue", {}), ("ss", {}), ("olh", dict(family="ideal-fresh", m=4)),
                ("olh", dict(family="ideal", m=4, k=256))]
    out = []
    for name, extra in settings:
        sim = simulator(name, d=d, exp_eps=3, **extra)
        small = suff.one_trial(sim, 10**4, rng, 1)
        large = suff.one_trial(sim, 10**9, rng, 1)
        label = name + ("(" + ", ".join(f"{a}={b}" for a, b in extra.items()) + ")" if extra else "")
        print(f"{label:<34} {small:>13.3f} {large:>13.3f} {large / small:>7.2f}")
        out.append({"mechanism": label, "d": d, "n1e4_s": small, "n1e9_s": large})
    record["sufficient"] = {"one_trial": out}
    growth_d = args.growth_d
    print(f"\n# sketch sufficient statistics: cost of one trial in n, k, m (d = {growth_d}, uniform counts, "
          f"e^eps = 3, seeded random family)")
    grid = [("cms", dict(m=1024, k=k)) for k in (256, 4096, 65536)] + [("cms", dict(m=512, k=65536))]
    grid += [("cms", dict(m=m, k=4096)) for m in (64, 256)]
    grid += [("gcms", dict(m=1024, k=k, s=16)) for k in (256, 4096, 65536)]
    grid += [("gcms", dict(m=64, k=k, s=16)) for k in (256, 4096)]
    ns = [10**4, 10**6, 10**9, 10**12]
    print(f"{'mechanism':<28} " + " ".join(f"{'n = 10^%d' % round(np.log10(x)):>12}" for x in ns))
    rows = []
    for name, extra in grid:
        label = f"{name}(" + ", ".join(f"{a}={b}" for a, b in extra.items()) + ")"
        cells = []
        try:
            sim = simulator(name, d=growth_d, exp_eps=3, family="random", **extra)
        except ParameterError as exc:
            print(f"{label:<28} refused: {exc}")
            rows.append({"mechanism": label, "refused": str(exc)})
            continue
        for n in ns:
            why = gcms_cost_note(name, extra, n, growth_d)
            if why:
                cells.append(("not run", why))
                continue
            try:
                cells.append((suff.one_trial(sim, n, rng, 1), None))
            except ParameterError as exc:
                cells.append(("refused", str(exc)))
        print(f"{label:<28} " + " ".join(f"{c:>12.3f}" if isinstance(c, float) else f"{c:>12}" for c, _ in cells))
        for (c, why), n in zip(cells, ns):
            if why:
                print(f"    n = {n:.0e}: {why}")
        rows.append({"mechanism": label, "d": growth_d, "cells": [{"n": n,
                                                                   "seconds": c if isinstance(c, float) else None,
                                                                     "note": why} for (c, why), n in zip(cells, ns)]})
    record["sufficient"]["growth"] = rows
    print("  CMS (GRR / unary inners): O(d + sum_x min(c_x, k) + k m) -- grows with n only until the k m cells are\n"
          "  all occupied (about n = k m) and every value has k clients (n = k d), then flat; linear in k m.\n"
          "  Sketches with k max(d, m) above 2^21 cells go through in chunks of functions (sketch_core.\n"
          "  sufficient_chunked): the papers' k = 65536, m = 1024 runs in ~0.1-0.6 GB (benchmarks/\n"
          "  simulate_sufficient.py --papers-only).\n"
          "  GCMS: a (function, hashed value) group of G clients costs min(G, m) s draws: the bucket counts of\n"
          "  G uniform s-subsets are not a multinomial, so sampling them exactly in law walks the clients (or the\n"
          "  m buckets): cost about min(n, k m) s -- it grows with n until every group holds m clients.")


def gcms_cost_note(name: str, extra: dict, n: int, d: int) -> str | None:
    """Why a GCMS sufficient trial is not run (its exact sampling would take too many draws), or None."""
    if name != "gcms":
        return None
    k, m, s = extra["k"], extra["m"], extra["s"]
    groups = min(n, k * min(m, d))  # occupied (function, hashed value) groups
    draws = min(n * s, groups * m * s)
    if draws > 2 * 10**8:
        return (f"not run: about {draws:.1e} draws, over this benchmark's 2e8 (exact-in-law subset counts cost "
                f"min(n s, groups m s), groups <= min(n, k min(m, d)): growing with n until the groups fill)")
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", choices=("protocol", "sufficient", "all"), default="all")
    ap.add_argument("--n", type=int, default=10**6, help="clients of the real protocol (default 10^6)")
    ap.add_argument("--d", type=int, default=10**5, help="domain of the real protocol (default 10^5)")
    ap.add_argument("--k", type=int, default=256, help="hash functions of OLH / CMS / GCMS (default 256)")
    ap.add_argument("--m", type=int, default=1024, help="CMS / GCMS hash range (default 1024)")
    ap.add_argument("--gcms-s", default="16", help="comma-separated GCMS subset sizes (default 16)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--peer-venv", default=os.environ.get("PEER_VENV", os.path.join(ROOT, "conformance", ".peer-venv")),
                    help="the peers' virtual environment (default $PEER_VENV or conformance/.peer-venv)")
    ap.add_argument("--no-build", action="store_true", help="do not build a missing peer environment: skip the peers")
    ap.add_argument("--no-peers", action="store_true", help="time ldpref only")
    ap.add_argument("--peer-budget", type=float, default=40.0,
                    help="seconds a peer phase linear in n (or d) may take before it is measured on fewer clients "
                         "(values) and extrapolated (default 40)")
    ap.add_argument("--suff-d", type=int, default=10**4,
                    help="domain of the one-trial sufficient timings (default 10^4)")
    ap.add_argument("--growth-d", type=int, default=500,
                    help="domain of the CMS / GCMS growth table (default 500: k d <= 5e7 at k = 65536)")
    ap.add_argument("--json", metavar="FILE", help="write the record (machine, versions, figures) as JSON")
    args = ap.parse_args(argv)
    if args.json and not os.access(os.path.dirname(os.path.abspath(args.json)), os.W_OK):
        ap.error(f"--json {args.json}: its folder is not writable")  # checked before any work (exit 2)
    record = {"machine": {"platform": platform.platform(), "cores": os.cpu_count(), "python": platform.python_version(),
                          "numpy": np.__version__, "shared": "measured while other jobs ran on the same cores"},
              "argv": sys.argv[1:] if argv is None else list(argv)}
    print(f"# {os.cpu_count()} cores (shared with other jobs), {platform.python_implementation()} "
          f"{platform.python_version()}, numpy {np.__version__}")
    sys.path.insert(0, HERE)
    if args.part in ("protocol", "all"):
        protocol_part(args, record)
    if args.part in ("sufficient", "all"):
        sufficient_part(args, record)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(record, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
