"""The peers' side of benchmarks/simulate.py: times pure-ldp 1.2.0 and multi-freq-ldpy 0.2.5 on OLH and CMS.

Runs in the peers' own virtual environment (conformance/make_peer_env.sh: numpy < 2), never in ldpref's:
benchmarks/simulate.py starts it as ``PEER_PYTHON simulate_peers.py SPEC.json`` and reads one JSON line from
its standard output.  SPEC gives the data (an .npy file of client values in 0..d-1, the same Zipf draw
ldpref runs on), eps (natural log, a float: the peers' API), d, a seed and the cases.  Imports only numpy,
xxhash and the two libraries.

Each case times the library's own API as it is meant to be used (neither library has a vectorised client
or server for these mechanisms: one ``privatise`` / ``LH_Client`` call per client, one ``aggregate`` call
per report, one ``estimate`` per value; multi-freq-ldpy's aggregator takes the list of reports):

* ``setup`` -- server construction (FastLH's k x d table of xxh32 values),
* ``client`` -- every client's report,
* ``aggregate`` -- the server folding the reports,
* ``estimate`` -- the server's estimates of all d values.

Phases whose cost is linear in n are run on the first ``n_run`` clients, where ``n_run`` is chosen from a
pilot run so that the phase takes about ``budget`` seconds (n_run = n when that fits), and scaled by n / n_run.
Phases whose cost is linear in d and not in n (FastLH's table and its per-value aggregation, CMS's d x k
hash evaluations) are run on the first ``d_run`` values of the domain and scaled by d / d_run the same way
(the Zipf data put the frequent values first, so the estimates returned for values 0..4 are real ones).
Every phase reports what it measured and the factor applied, so the caller prints what was extrapolated.
"""

import json
import random
import sys
import time

import numpy as np


def _identity(x):
    return x


def _pilot_n(per_client_seconds, n, budget, floor):
    """Clients to run so that a phase linear in n takes about ``budget`` seconds (at least ``floor``, at most n)."""
    if per_client_seconds <= 0:
        return n
    return int(min(n, max(floor, budget / per_client_seconds)))


def _phase(name, seconds, measured_on, full, unit):
    return {"phase": name, "seconds": seconds, "measured_on": measured_on, "full": full, "unit": unit,
            "scaled_seconds": seconds * full / measured_on}


def pure_ldp_fastlh(values, d, eps, k, budget):
    """pure-ldp FastLH (OLH over k fixed xxh32 seeds, g = round(e^eps) + 1)."""
    from pure_ldp.frequency_oracles.local_hashing import FastLHClient, FastLHServer

    n = len(values)
    client = FastLHClient(eps, d, k, use_olh=True, index_mapper=_identity)
    pilot = values[:2000]
    t0 = time.perf_counter()
    [client.privatise(v) for v in pilot]
    per = (time.perf_counter() - t0) / len(pilot)
    n_run = _pilot_n(per, n, budget, len(pilot))
    # the k x d table costs k d xxh32 calls in Python: measured on a prefix of the domain when too slow
    t0 = time.perf_counter()
    FastLHServer(eps, min(d, 500), k, use_olh=True, index_mapper=_identity)
    per_value = (time.perf_counter() - t0) / min(d, 500)
    d_run = _pilot_n(per_value, d, budget, min(d, 500))
    t0 = time.perf_counter()
    server = FastLHServer(eps, d_run, k, use_olh=True, index_mapper=_identity)
    setup = time.perf_counter() - t0
    run = values[:n_run]
    t0 = time.perf_counter()
    reports = [client.privatise(v) for v in run]
    t_client = time.perf_counter() - t0
    t0 = time.perf_counter()
    for r in reports:
        server.aggregate(r)
    t_agg = time.perf_counter() - t0
    t0 = time.perf_counter()
    est = [server.estimate(v, suppress_warnings=True) / n_run for v in range(d_run)]
    t_est = time.perf_counter() - t0
    return {"n_run": n_run, "d_run": d_run, "params": {"g": client.g, "k": k,
                                                       "hash": "xxh32(str(x), seed=i) % g, i < k"},
            "phases": [_phase("setup", setup, d_run, d, "values"), _phase("client", t_client, n_run, n, "clients"),
                       _phase("aggregate", t_agg, n_run, n, "clients"),
                       _phase("estimate", t_est, d_run, d, "values")],
            "head": est[:5]}


def pure_ldp_lh(values, d, eps, budget):
    """pure-ldp OLH (LHClient/LHServer, use_olh=True): a fresh xxh32 seed per client; the server tests every
    value against every report (O(n d))."""
    from pure_ldp.frequency_oracles.local_hashing import LHClient, LHServer

    n = len(values)
    client = LHClient(eps, d, use_olh=True, index_mapper=_identity)
    server = LHServer(eps, d, use_olh=True, index_mapper=_identity)
    pilot = [client.privatise(v) for v in values[:3]]
    t0 = time.perf_counter()
    for r in pilot:
        server.aggregate(r)
    per = (time.perf_counter() - t0) / len(pilot)
    n_run = _pilot_n(per, n, budget, 3)
    server = LHServer(eps, d, use_olh=True, index_mapper=_identity)
    run = values[:n_run]
    t0 = time.perf_counter()
    reports = [client.privatise(v) for v in run]
    t_client = time.perf_counter() - t0
    t0 = time.perf_counter()
    for r in reports:
        server.aggregate(r)
    t_agg = time.perf_counter() - t0
    t0 = time.perf_counter()
    est = [server.estimate(v, suppress_warnings=True) / n_run for v in range(d)]
    t_est = time.perf_counter() - t0
    return {"n_run": n_run, "d_run": d, "params": {"g": client.g, "hash": "xxh32(str(x), seed) % g, seed per client"},
            "phases": [_phase("client", t_client, n_run, n, "clients"), _phase("aggregate", t_agg, n_run, n, "clients"),
                       _phase("estimate", t_est, d, d, "values")],
            "head": est[:5]}


def mfl_lh(values, d, eps, budget):
    """multi-freq-ldpy OLH (LH_Client, LH_Aggregator_MI with optimal=True): a fresh xxh32 seed per client;
    the aggregator tests every value against every report (O(n d)), then clips and normalises."""
    from multi_freq_ldpy.pure_frequency_oracles.LH import LH_Aggregator_MI, LH_Client

    n = len(values)
    pilot = [LH_Client(v, d, eps, True) for v in values[:3]]
    t0 = time.perf_counter()
    LH_Aggregator_MI(pilot, d, eps, True)
    per = (time.perf_counter() - t0) / len(pilot)
    n_run = _pilot_n(per, n, budget, 3)
    run = values[:n_run]
    t0 = time.perf_counter()
    reports = [LH_Client(v, d, eps, True) for v in run]
    t_client = time.perf_counter() - t0
    t0 = time.perf_counter()
    est = LH_Aggregator_MI(reports, d, eps, True)
    t_agg = time.perf_counter() - t0
    g = int(round(np.exp(eps))) + 1
    return {"n_run": n_run, "d_run": d, "params": {"g": g, "hash": "xxh32(str(x), seed) % g, seed per client",
                                                   "post-processing": "clip negatives, normalise (MI)"},
            "phases": [_phase("client", t_client, n_run, n, "clients"),
                       _phase("aggregate+estimate", t_agg, n_run, n, "clients")],
            "head": [float(x) for x in est[:5]]}


def pure_ldp_cms(values, d, eps, k, m, budget):
    """pure-ldp Apple CMS (CMSClient/CMSServer, is_hadamard=False): k xxh64 functions, each client flips
    every bit of its +-1 one-hot vector of length m with probability 1/(1 + e^(eps/2))."""
    from pure_ldp.frequency_oracles.apple_cms import CMSClient, CMSServer

    n = len(values)
    t0 = time.perf_counter()
    server = CMSServer(eps, k, m)
    setup = time.perf_counter() - t0
    client = CMSClient(eps, server.get_hash_funcs(), m)
    pilot = values[:500]
    t0 = time.perf_counter()
    probe = [client.privatise(v) for v in pilot]
    per = time.perf_counter() - t0
    t0 = time.perf_counter()
    probe_server = CMSServer(eps, k, m)
    for r in probe:
        probe_server.aggregate(r)
    per = (per + time.perf_counter() - t0) / len(pilot)
    n_run = _pilot_n(per, n, budget, len(pilot))
    t0 = time.perf_counter()
    for v in range(50):
        probe_server.estimate(v, suppress_warnings=True)
    d_run = _pilot_n((time.perf_counter() - t0) / 50, d, budget, min(d, 50))
    run = values[:n_run]
    t0 = time.perf_counter()
    reports = [client.privatise(v) for v in run]
    t_client = time.perf_counter() - t0
    t0 = time.perf_counter()
    for r in reports:
        server.aggregate(r)
    t_agg = time.perf_counter() - t0
    t0 = time.perf_counter()
    est = [server.estimate(v, suppress_warnings=True) / n_run for v in range(d_run)]
    t_est = time.perf_counter() - t0
    return {"n_run": n_run, "d_run": d_run,
            "params": {"k": k, "m": m, "hash": "xxh64(str(x), seed=i) % m, i < k",
                       "inner": "flip prob 1/(1 + e^(eps/2))"},
            "phases": [_phase("setup", setup, 1, 1, "-"), _phase("client", t_client, n_run, n, "clients"),
                       _phase("aggregate", t_agg, n_run, n, "clients"), _phase("estimate", t_est, d_run, d, "values")],
            "head": est[:5]}


def versions():
    """Versions of the interpreter and the peer libraries in this environment."""
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": sys.version.split()[0], "numpy": np.__version__}
    for dist in ("pure-ldp", "multi-freq-ldpy", "xxhash", "numba"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:  # only a version label
            out[dist] = "not installed"
    return out


def main(argv):
    spec = json.load(open(argv[1]))
    values = [int(v) for v in np.load(spec["values"]).tolist()]
    d, eps, budget = int(spec["d"]), float(spec["eps"]), float(spec["budget"])
    random.seed(spec["seed"])
    np.random.seed(spec["seed"] % 2**32)
    out = {"versions": versions(), "cases": {}}
    for case in spec["cases"]:
        kind = case["kind"]
        t0 = time.perf_counter()
        if kind == "pure-ldp/fastlh":
            res = pure_ldp_fastlh(values, d, eps, int(case["k"]), budget)
        elif kind == "pure-ldp/lh":
            res = pure_ldp_lh(values, d, eps, budget)
        elif kind == "multi-freq-ldpy/lh":
            res = mfl_lh(values, d, eps, budget)
        elif kind == "pure-ldp/cms":
            res = pure_ldp_cms(values, d, eps, int(case["k"]), int(case["m"]), budget)
        else:
            raise SystemExit(f"simulate_peers: unknown case kind {kind!r}")
        res["wall"] = time.perf_counter() - t0
        res["total_scaled"] = sum(p["scaled_seconds"] for p in res["phases"])
        res["clients_per_s"] = len(values) / res["total_scaled"]
        out["cases"][case["id"]] = res
        print(f"  peer {case['id']}: {res['wall']:.1f} s", file=sys.stderr, flush=True)
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv)
