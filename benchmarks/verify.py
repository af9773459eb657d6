"""Benchmark: wall-clock time of `ldpref verify --paper KEY` for each paper, serial and parallel.

Runs the installed `ldpref` command (so imports are counted) once per (paper, jobs) pair and prints a
table with the machine's core count. Usage: python benchmarks/verify.py [--papers ...] [--jobs 1 2]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", nargs="+", default=["pan-cms", "pan-strict", "jiang-gcms", "cross"])
    parser.add_argument("--jobs", nargs="+", type=int, default=[1, os.cpu_count() or 1])
    parser.add_argument("--json", help="write results to this file")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}")
    rows = []
    for paper in args.papers:
        for jobs in sorted(set(args.jobs)):
            start = time.perf_counter()
            proc = subprocess.run(["ldpref", "verify", "--paper", paper, "--jobs", str(jobs), "--json", "-"],
                                  capture_output=True, text=True)
            seconds = time.perf_counter() - start
            summary = json.loads(proc.stdout)["summary"] if proc.stdout.strip() else {}
            rows.append({"paper": paper, "jobs": jobs, "seconds": round(seconds, 2), "exit": proc.returncode,
                         "summary": {k: v for k, v in summary.items() if v}})
            print(f"{paper:<12} jobs={jobs}: {seconds:7.1f} s  exit {proc.returncode}  {rows[-1]['summary']}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"cores": os.cpu_count(), "rows": rows}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
