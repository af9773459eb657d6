"""Benchmark: wall-clock and CPU time of `ldpref verify --paper KEY` per paper, this tree against a git ref, same run.

Machines are noisy, so the comparison is a ratio measured in one run: for each paper the current tree and
the reference (a `git worktree` of REF, run with PYTHONPATH pointing at it, so nothing is installed) are
timed alternately, `--repeat` times each, and the best times are compared (with --repeat > 1 also the
medians of wall and CPU).  CPU is the user + system time of the verify process and its workers (what other
load on the machine does not inflate much); wall is what a user waits.

Usage: python benchmarks/verify.py [--compare REF] [--papers ...] [--jobs N] [--repeat R] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_verify(tree: str, paper: str, jobs: int) -> tuple[float, float, int, dict]:
    """(wall seconds, CPU seconds of the run and its workers, exit code, verdict summary)."""
    env = dict(os.environ, PYTHONPATH=tree)
    cpu = _children_cpu()
    start = time.perf_counter()
    which = [] if paper == "all" else ["--paper", paper]  # "all": the whole ledger in one run, as `ldpref verify`
    proc = subprocess.run([sys.executable, "-m", "ldpref.cli", "verify", *which, "--jobs", str(jobs),
                           "--json", "-"], capture_output=True, text=True, cwd=tree, env=env)
    seconds = time.perf_counter() - start
    cpu = _children_cpu() - cpu  # the workers are reaped by the verify process, so they are counted
    summary = json.loads(proc.stdout)["summary"] if proc.stdout.strip() else {}
    return seconds, cpu, proc.returncode, {k: v for k, v in summary.items() if v}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", nargs="+", default=["pan-cms", "pan-strict", "jiang-gcms", "cross", "all"],
                        help="paper keys to time one by one; 'all' times the whole ledger in one run")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--compare", metavar="REF", help="git ref to time against (e.g. a commit before a change)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", help="write results to this file")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}; jobs {args.jobs}")
    trees = {"this tree": ROOT}
    tmp = None
    if args.compare:
        tmp = tempfile.mkdtemp(prefix="ldpref-bench-")
        ref_tree = os.path.join(tmp, "ref")
        subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", ref_tree, args.compare], check=True,
                       capture_output=True)
        trees[args.compare] = ref_tree
    rows = []
    try:
        for paper in args.papers:
            best, runs = {}, {label: [] for label in trees}
            for _ in range(args.repeat):
                for label, tree in trees.items():
                    seconds, cpu, code, summary = time_verify(tree, paper, args.jobs)
                    runs[label].append((seconds, cpu))
                    if label not in best or seconds < best[label][0]:
                        best[label] = (seconds, cpu, code, summary)
            for label, (seconds, cpu, code, summary) in best.items():
                rows.append({"paper": paper, "tree": label, "seconds": round(seconds, 2), "cpu": round(cpu, 2),
                             "exit": code, "summary": summary})
                print(f"{paper:<12} {label:<14} {seconds:7.1f} s wall {cpu:7.1f} s cpu  exit {code}  {summary}")
            if args.compare:
                ratio = best["this tree"][0] / best[args.compare][0]
                cpu_ratio = best["this tree"][1] / best[args.compare][1]
                print(f"{paper:<12} ratio this/{args.compare}: wall {ratio:.2f}, cpu {cpu_ratio:.2f}")
            if args.repeat > 1:  # medians of wall and of CPU, each over the repeats (a shared machine's load varies)
                med = {label: (statistics.median(w for w, _ in r), statistics.median(c for _, c in r))
                       for label, r in runs.items()}
                for label, (w, c) in med.items():
                    rows.append({"paper": paper, "tree": label, "statistic": "median", "seconds": round(w, 2),
                                 "cpu": round(c, 2), "runs": [[round(x, 2), round(y, 2)] for x, y in runs[label]]})
                    print(f"{paper:<12} {label:<14} median of {args.repeat}: {w:7.1f} s wall {c:7.1f} s cpu")
                if args.compare:
                    print(f"{paper:<12} median ratio this/{args.compare}: "
                          f"wall {med['this tree'][0] / med[args.compare][0]:.2f}, "
                          f"cpu {med['this tree'][1] / med[args.compare][1]:.2f}")
        if args.compare and any(p != "all" for p in args.papers):
            total = {label: sum(r["seconds"] for r in rows if r["tree"] == label and r["paper"] != "all"
                                and "statistic" not in r)
                     for label in trees}
            print(f"{'sum of papers':<12} " + ", ".join(f"{k} {v:.1f} s" for k, v in total.items())
                  + f"; ratio {total['this tree'] / total[args.compare]:.2f}")
    finally:
        if tmp:
            subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", os.path.join(tmp, "ref")],
                           capture_output=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"cores": os.cpu_count(), "rows": rows}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
