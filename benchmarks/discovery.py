"""Benchmark: jiang-gcms Section V discovery protocol throughput (issue 12 target: n = 10^5 on 2 cores).

Times, on one process, (1) client encryptions per second (Algorithm 5: HMAC-SHA256 and two PyNaCl sealed
boxes per item), (2) auxiliary-server processing per second (Algorithm 6: open the outer sealed box,
histogram, noisy threshold, selection) with each noise path, (3) the server's opening of the release.
Items are drawn from the Kosarak click stream when it is present (every item occurrence one client),
otherwise from a Zipf-like synthetic list.  Prints one line per stage; --json writes the record.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

import numpy as np

from ldpref.discovery.auxiliary import AuxiliaryServer
from ldpref.discovery.client import Client
from ldpref.discovery.params import paper_parameters
from ldpref.discovery.protocol import Keys
from ldpref.discovery.server import Server
from ldpref.discovery.shuffler import Shuffler

KOSARAK = "kosarak/kosarak-head.dat"  # shipped with ldpref (ldpref.bundled_data)


def _usage_error(message: str) -> None:
    print(f"discovery.py: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def items_for(n: int, seed: int, data: str | None) -> tuple[list[str], str]:
    """The first n items of ``data`` (default: ldpref's Kosarak head file if it holds n items), else a seeded
    synthetic list;
    an explicitly named file that is missing or too short is an error, never replaced silently."""
    if data is None:
        from ldpref.bundled_data import data_file

        path = str(data_file(KOSARAK))
    else:
        path = data
    if os.path.exists(path):
        from ldpref.discovery.data import read_items

        items = read_items(path)
        if len(items) >= n:
            return items[:n], f"{os.path.basename(path)} (first n item occurrences)"
        if data is not None:
            _usage_error(f"--data {data} holds {len(items)} items, fewer than --n {n}")
    elif data is not None:
        _usage_error(f"--data {data}: no such file")
    rng = np.random.default_rng(seed)
    return [f"item-{k}" for k in rng.zipf(1.3, size=n)], "synthetic Zipf(1.3)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10**5, help="clients (default 10^5)")
    parser.add_argument("--eps", type=float, default=1.0)
    parser.add_argument("--delta", type=float, default=1e-6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--data", help="data file of items (default: ldpref's shipped "
                                        "kosarak/kosarak-head.dat)")
    parser.add_argument("--json", help="write results to this file")
    args = parser.parse_args()
    items, source = items_for(args.n, args.seed, args.data)
    params = paper_parameters(args.eps, args.delta)
    keys = Keys.generate(np.random.default_rng(args.seed))
    server = Server(keys.server_private, keys.hmac_key)
    record = {"n": args.n, "source": source, "eps": args.eps, "delta": args.delta, "cores": os.cpu_count(),
              "python": platform.python_version()}
    print(f"n = {args.n} clients ({source}), eps = {args.eps}, delta = {args.delta}; "
          f"{os.cpu_count()} cores, one process")

    aux_public = AuxiliaryServer(keys.auxiliary_private, params.b, params.T).public_key
    client = Client(keys.hmac_key, server.public_key, aux_public)
    t0 = time.perf_counter()
    messages = [client.encrypt(item) for item in items]
    t1 = time.perf_counter()
    record["client_per_s"] = args.n / (t1 - t0)
    print(f"client (Algorithm 5): {record['client_per_s']:,.0f} encryptions/s ({t1 - t0:.2f} s)")
    shuffled = Shuffler(np.random.default_rng(args.seed)).shuffle(messages)

    for method in ("reference", "opendp"):
        aux = AuxiliaryServer(keys.auxiliary_private, params.b, params.T, noise=method,
                              noise_rng=np.random.default_rng(args.seed), select_rng=np.random.default_rng(1))
        t0 = time.perf_counter()
        bins, rejections, accepted = aux.receive(shuffled)
        t1 = time.perf_counter()
        released, _ = aux.release(bins)
        t2 = time.perf_counter()
        assert rejections.total == 0 and accepted == args.n
        record[f"auxiliary_{method}_per_s"] = args.n / (t2 - t0)
        record[f"auxiliary_{method}_release_s"] = t2 - t1
        print(f"auxiliary server (Algorithm 6, {method} noise): {args.n / (t2 - t0):,.0f} messages/s "
              f"(open + histogram {t1 - t0:.2f} s, threshold + selection over {len(bins)} bins {t2 - t1:.2f} s)")
    t0 = time.perf_counter()
    found = server.open(released)
    t1 = time.perf_counter()
    record["server_open_s"] = t1 - t0
    record["discovered"] = len(found.items)
    print(f"server: opened {len(released)} released ciphertexts in {t1 - t0:.3f} s; "
          f"{len(found.items)} items discovered")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(record, fh, indent=2)


if __name__ == "__main__":
    main()
