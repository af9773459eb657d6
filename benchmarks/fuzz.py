"""Fuzz the ``ldpref`` command line with 10,000+ generated BAD inputs (issue 10, item 4).

Cases come from the strategies of ``tests/fuzz_strategies.py`` (hypothesis, seeded by --seed), are generated
first and then run in-process (``ldpref.cli.main``) in --workers worker processes, each case stopped by SIGALRM
after --limit seconds (a worker that does not answer --limit + 20 s after a case started is killed and replaced,
and the case counted as a hang).  Each worker's address space is capped (--memory-gib above its size at start)
so that a case allocating without a size check fails with MemoryError instead of eating the machine.

The rule checked for every case that does not exit 0: no traceback, exit code 2, exactly one stderr line,
starting ``ldpref: error:``.  Prints the counts (cases, valid, tracebacks, over the limit, exit-code
violations, multi-line errors, bad error lines) and, grouped by (command, symptom), the number of cases and
the smallest failing example (greedily shrunk by dropping arguments while the symptom stays).  Exit 1 if any
case broke the rule.

    python benchmarks/fuzz.py --cases 10000 --seed 0 --workers 2 [--json out.json]

``--faults N`` also runs N fault cases (``tests/fuzz_faults.py``: valid commands that write files, each in a
child process under a full disk, SIGINT, SIGTERM, a concurrent writer or a read-only folder) and prints their
counts: hangs, tracebacks, bad exit codes or error lines, truncated or mixed files, temporary files left.
``--cases 0 --faults N`` runs the fault cases only.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from multiprocessing.connection import wait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests")]

import fuzz_faults as ff  # noqa: E402
import fuzz_strategies as fs  # noqa: E402


# ---- generation -----------------------------------------------------------------------------------
def generate(n_cases: int, seed: int) -> list:
    """n_cases cases, split over the commands by the shares in COMMAND_STRATEGIES (hypothesis, seeded)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed

    cases = []
    for i, (name, (make, share)) in enumerate(fs.COMMAND_STRATEGIES.items()):
        wanted = max(1, round(n_cases * share))
        got = []

        @settings(max_examples=wanted, database=None, deadline=None, derandomize=False, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @hseed(seed * 1000 + i)
        @given(make())
        def collect(case):
            got.append(case)

        collect()
        cases.extend(got)
    return cases


# ---- running --------------------------------------------------------------------------------------
def _summary(case, outcome) -> dict:
    symptom = fs.judge(outcome, case)
    return {"command": case.command, "symptom": symptom, "note": fs.note(outcome), "code": outcome.code,
            "seconds": round(outcome.seconds, 3), "stderr": outcome.stderr[:400],
            "exception": None if outcome.exception is None else f"{type(outcome.exception).__name__}: "
                                                                  f"{str(outcome.exception)[:300]}"}


def _worker(conn, limit: float, memory_gib: float) -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    root = tempfile.mkdtemp(prefix="ldpref-fuzz-")
    with fs.memory_cap(int(memory_gib * (1 << 30))):
        import ldpref.cli  # noqa: F401 -- imported once, before the first timed case

        while True:
            item = conn.recv()
            if item is None:
                break
            index, case = item
            scratch = tempfile.mkdtemp(dir=root)
            outcome = fs.run_case(case, scratch, limit)
            shutil.rmtree(scratch, ignore_errors=True)
            conn.send((index, _summary(case, outcome)))
    shutil.rmtree(root, ignore_errors=True)


class Pool:
    """Worker processes fed one case at a time; a worker that hangs or dies is replaced."""

    def __init__(self, n: int, limit: float, memory_gib: float):
        self.limit, self.memory_gib = limit, memory_gib
        self.ctx = multiprocessing.get_context("fork")
        self.workers = [self._start() for _ in range(n)]

    def _start(self):
        parent, child = self.ctx.Pipe()
        proc = self.ctx.Process(target=_worker, args=(child, self.limit, self.memory_gib), daemon=True)
        proc.start()
        child.close()
        return {"proc": proc, "conn": parent, "busy": None, "since": 0.0}

    def run(self, cases: list, progress=None) -> list:
        results = [None] * len(cases)
        todo = list(range(len(cases)))[::-1]
        done = 0
        while done < len(cases):
            for w in self.workers:
                if w["busy"] is None and todo:
                    index = todo.pop()
                    w["conn"].send((index, cases[index]))
                    w["busy"], w["since"] = index, time.monotonic()
            ready = wait([w["conn"] for w in self.workers if w["busy"] is not None], timeout=1.0)
            for w in list(self.workers):
                if w["busy"] is None:
                    continue
                if w["conn"] in ready:
                    try:
                        index, summary = w["conn"].recv()
                    except EOFError:  # the worker died during the case
                        self._replace(w, results, cases, f"worker died (exit code {w['proc'].exitcode})")
                        done += 1
                        continue
                    results[index] = summary
                    w["busy"] = None
                    done += 1
                    if progress:
                        progress(done, len(cases))
                elif time.monotonic() - w["since"] > self.limit + 20:
                    self._replace(w, results, cases,
                                  "over the time limit: no answer within limit + 20 s (worker killed)")
                    done += 1
        return results

    def _replace(self, w, results, cases, symptom: str):
        index = w["busy"]
        w["proc"].kill()
        w["proc"].join()
        results[index] = {"command": cases[index].command, "symptom": symptom, "note": None, "code": None,
                          "seconds": round(time.monotonic() - w["since"], 3), "stderr": "", "exception": None}
        self.workers[self.workers.index(w)] = self._start()

    def close(self):
        for w in self.workers:
            try:
                w["conn"].send(None)
            except OSError:
                pass
        for w in self.workers:
            w["proc"].join(timeout=10)
            if w["proc"].is_alive():
                w["proc"].kill()


# ---- shrinking ------------------------------------------------------------------------------------
def shrink(pool: Pool, groups: dict, rounds: int, skip_slow: bool) -> dict:
    """Greedy: drop one argument (or the whole --set group entry) at a time while (command, symptom) stays."""
    best = {key: g["smallest"] for key, g in groups.items()}
    summaries = {key: g["summary"] for key, g in groups.items()}
    active = {key for key in best if not (skip_slow and "time limit" in key[1])}
    for _ in range(rounds):
        batch, owners = [], []
        for key in sorted(active):
            case = best[key]
            for i in range(len(case.argv) - 1, 0, -1):
                argv = case.argv[:i] + case.argv[i + 1:]
                files = {k: v for k, v in case.files.items() if any(k in a for a in argv)}
                batch.append(fs.Case(argv, files, case.run_codes))
                owners.append(key)
        if not batch:
            break
        outcomes = pool.run(batch)
        changed = set()
        for key, case, summary in zip(owners, batch, outcomes):
            if key in changed:
                continue
            if (summary["command"], summary["symptom"]) == key and case.size() < best[key].size():
                best[key], summaries[key] = case, summary
                changed.add(key)
        active &= changed
        if not active:
            break
    return best, summaries


# ---- report ---------------------------------------------------------------------------------------
COUNTERS = [("tracebacks", lambda s: s.startswith(("uncaught", "traceback"))),
            ("over the time limit (or worker died)", lambda s: "time limit" in s or s.startswith("worker")),
            ("exit-code violations", lambda s: s.startswith("exit code")),
            ("multi-line errors", lambda s: "lines" in s),
            ("error line without 'ldpref: error:'", lambda s: "does not start" in s)]


def describe(case) -> str:
    text = "ldpref " + fs.shell_quote(case.argv)
    for name, data in case.files.items():
        shown = data if len(data) <= 240 else data[:160] + b"..." + f"[{len(data)} bytes]".encode()
        text += f"\n      with {fs.TMP}/{name} = {shown!r}"
    return text


def run_faults(n_cases: int, seed: int, workers: int) -> int:
    """Run ``n_cases`` fault cases (``workers`` at a time, each in its own child processes); print the counts and
    each violation; returns the number of cases with a violation."""
    from concurrent.futures import ThreadPoolExecutor

    cases = ff.generate(n_cases, seed)
    scratch = tempfile.mkdtemp(prefix="ldpref-faults-")
    t0 = time.perf_counter()
    try:
        firsts = list({case.key: case for case in reversed(cases)}.values())  # one case per distinct command line

        def one(case):
            outcome = ff.run(case, tempfile.mkdtemp(dir=scratch), refs[case.key])
            return outcome, ff.judge(case, outcome)

        with ThreadPoolExecutor(max_workers=workers) as pool:  # the undisturbed outputs first, in parallel too
            refs = dict(zip([c.key for c in firsts],
                            pool.map(lambda c: ff.reference(c, tempfile.mkdtemp(dir=scratch)), firsts)))
            results = list(pool.map(one, cases))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    seconds = time.perf_counter() - t0
    counts = Counter()
    for case, (outcome, problems) in zip(cases, results):
        counts[f"fault {case.fault}"] += 1
        for problem in problems:
            counts[problem.split(" file ")[0] if "file" in problem else problem] += 1
        counts["exit " + "/".join(str(c) for c in outcome["codes"])] += 1
    bad = [(c, o, p) for c, (o, p) in zip(cases, results) if p]
    print(f"\nfault cases: {len(cases)} in {seconds:.0f}s ({len(refs)} distinct commands), seed {seed}; "
          f"with a violation: {len(bad)}")
    print("  " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    keep = os.environ.get("LDPREF_FAULT_EVIDENCE")  # a folder: each violating case's files (run, reference, before)
    for i, (case, outcome, problems) in enumerate(bad[:20]):
        if keep:
            for which in ("after", "reference", "before"):
                for name, data in outcome[which].items():
                    path = os.path.join(keep, str(i), which, name)
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    with open(path, "wb") as fh:
                        fh.write(data)
        print(f"- {case.fault} {case.amount:g} old={case.old}: ldpref {fs.shell_quote(case.argv)[:160]}")
        print(f"    -> {'; '.join(problems)}; exit {outcome['codes']}; "
              f"{' | '.join(e.strip() for e in outcome['stderr'])[:3000 if 'traceback' in problems else 300]}")
    return len(bad)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2, choices=[1, 2, 3, 4])
    parser.add_argument("--limit", type=float, default=fs.LIMIT_SECONDS, help="seconds per case (default 10)")
    parser.add_argument("--memory-gib", type=float, default=3.0, help="address space per worker above its start")
    parser.add_argument("--shrink-rounds", type=int, default=6)
    parser.add_argument("--shrink-timeouts", action="store_true", help="also shrink the slow groups (10 s a try)")
    parser.add_argument("--json", help="write counts and groups (with every failing argv) to this file")
    parser.add_argument("--faults", type=int, default=0, help="also run this many fault cases (tests/fuzz_faults.py)")
    args = parser.parse_args()
    if args.cases < 0 or args.faults < 0 or args.cases + args.faults < 1:
        parser.error("--cases and --faults must be >= 0, and one of them at least 1")
    if args.cases == 0:
        return 1 if run_faults(args.faults, args.seed, args.workers) else 0

    t0 = time.perf_counter()
    with fs.memory_cap(int(args.memory_gib * (1 << 30))):
        cases = generate(args.cases, args.seed)
    t_gen = time.perf_counter() - t0
    print(f"generated {len(cases)} cases in {t_gen:.1f}s (seed {args.seed})", flush=True)

    pool = Pool(args.workers, args.limit, args.memory_gib)
    t1 = time.perf_counter()
    last = [0.0]

    def progress(done, total):
        if time.perf_counter() - last[0] > 30:
            last[0] = time.perf_counter()
            print(f"  {done}/{total} cases, {last[0] - t1:.0f}s", flush=True)

    try:
        results = pool.run(cases, progress)
        t_run = time.perf_counter() - t1
        groups: dict = {}
        for case, s in zip(cases, results):
            if s["symptom"] is None:
                continue
            g = groups.setdefault((s["command"], s["symptom"]), {"count": 0, "smallest": case, "summary": s,
                                                                "all": []})
            g["count"] += 1
            g["all"].append(fs.shell_quote(case.argv))
            if case.size() < g["smallest"].size():
                g["smallest"], g["summary"] = case, s
        t2 = time.perf_counter()
        minimal, minimal_summary = shrink(pool, groups, args.shrink_rounds, not args.shrink_timeouts)
        t_shrink = time.perf_counter() - t2
    finally:
        pool.close()

    symptoms = [s["symptom"] for s in results if s["symptom"]]
    valid = sum(1 for s in results if s["code"] == 0 and not s["symptom"])
    notes = Counter((s["command"], s["note"]) for s in results if s["note"])
    slowest = sorted(((s["seconds"], i) for i, s in enumerate(results)), reverse=True)[:5]
    by_command = Counter(c.command for c in cases)
    print(f"ran {len(cases)} cases in {t_run:.1f}s with {args.workers} worker(s) "
          f"({1000 * t_run * args.workers / len(cases):.1f} ms a case), shrinking {t_shrink:.1f}s")
    seconds = defaultdict(float)
    for case, s in zip(cases, results):
        seconds[case.command] += s["seconds"]
    print("cases per command (seconds in all): " + ", ".join(f"{k} {v} ({seconds[k]:.1f}s)"
                                                          for k, v in sorted(by_command.items())))
    print(f"cases: {len(cases)}; exit 0 (valid input): {valid}; violations: {len(symptoms)}")
    for label, test in COUNTERS:
        print(f"  {label}: {sum(1 for s in symptoms if test(s))}")
    print("slowest cases: " + "; ".join(f"{t:.2f}s {fs.shell_quote(cases[i].argv)[:80]}" for t, i in slowest))
    if groups:
        print(f"\n{len(groups)} distinct failures (command, symptom): count, smallest example, its stderr/exception")
    for key in sorted(groups, key=lambda k: (-groups[k]["count"], k)):
        g = groups[key]
        s = minimal_summary[key]
        print(f"- [{key[0]}] {key[1]}: {g['count']} case(s)")
        print(f"    {describe(minimal[key])}")
        detail = s["exception"] or s["stderr"].strip().replace("\n", " | ")
        print(f"    -> {detail[:300]!s}")
    if notes:
        print("\nnotes (not violations): " + "; ".join(f"[{c}] {n}: {k}" for (c, n), k in notes.most_common()))
    if args.json:
        doc = {"cases": len(cases), "seed": args.seed, "workers": args.workers, "limit": args.limit,
               "seconds": {"generate": t_gen, "run": t_run, "shrink": t_shrink}, "valid": valid,
               "counts": {label: sum(1 for s in symptoms if test(s)) for label, test in COUNTERS},
               "groups": [{"command": k[0], "symptom": k[1], "count": g["count"],
                           "minimal_argv": minimal[k].argv,
                           "minimal_files": {n: d.decode("latin-1") for n, d in minimal[k].files.items()},
                           "stderr": minimal_summary[k]["stderr"], "exception": minimal_summary[k]["exception"],
                           "examples": g["all"][:20]} for k, g in groups.items()],
               "notes": [{"command": c, "note": n, "count": k} for (c, n), k in notes.items()]}
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=1)
    fault_violations = run_faults(args.faults, args.seed, args.workers) if args.faults else 0
    return 1 if symptoms or fault_violations else 0


if __name__ == "__main__":
    sys.exit(main())
