"""Fault vocabulary for fuzzing ``ldpref``'s output files (issue 26, item 7): valid commands that write files,
each run in a child process under one fault.

Faults:

* ``fsize``: a full disk, simulated by ``RLIMIT_FSIZE`` (a random size from 0 bytes to past the file's size)
  in the child;
* ``sigint`` / ``sigterm``: the signal after a random delay (SIGINT to the child's whole process group, as
  Ctrl-C; SIGTERM to the command alone);
* ``concurrent``: two identical commands writing the same output at the same time;
* ``readonly``: the output folder without write permission (only meaningful when not root: root ignores it,
  and the case then only checks that the run is clean).

The rule (:func:`judge`): no traceback; exit 0, 2 (one ``ldpref: error:`` line, naming the output for a full
disk), 130 after SIGINT or 143 after SIGTERM (one ``ldpref: interrupted`` line); within the time limit; every
output file afterwards either as it was before the run (absent, or the old content the case put there) or
byte for byte what an undisturbed run writes; no temporary file left in the folder.  Every random choice
comes from the seed given to :func:`generate`.
"""

from __future__ import annotations

import os
import random
import resource
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = "@OUT@"  # replaced by the case's output path (a file, or a folder for ``vectors``)

#: valid commands that write files (cheap: each runs in well under a few seconds); ``folder`` outputs are
#: folders of files.  Sizes are drawn per case (``{d}``: 3..30 values).  ``verify --json`` records each claim's
#: seconds, so its output is judged as whole JSON rather than byte for byte (:data:`VARYING`).
COMMANDS = {
    "mechanism": (["mechanism", "grr", "--set", "d={d}", "exp_eps=3", "--json", OUT], "file"),
    "moments": (["moments", "grr", "--set", "d={d}", "exp_eps=5/2", "--counts", "{counts}", "--cov", "--json", OUT],
                "file"),
    "simulate": (["simulate", "grr", "--set", "exp_eps=3", "--data", "counts:{counts}", "--trials", "50",
                  "--seed", "{seed}", "--json", OUT], "file"),
    "simulate-jobs": (["simulate", "grr", "--set", "exp_eps=3", "--data", "zipf:d={d},n=5000", "--trials", "4000",
                       "--seed", "{seed}", "--jobs", "2", "--json", OUT], "file"),
    "verify": (["verify", "--claim", "jiang-gcms/sec2.B.variance", "--json", OUT], "file"),
    "vectors": (["vectors", "--out", OUT, "--mechanism", "grr", "--mechanism", "sue"], "folder"),
    # the concurrent writers: two `figure jiang-gcms/fig8 --out same` runs (PNG, SVG, CSV; about 3 s)
    "figure": (["figure", "jiang-gcms/fig8", "--quick", "--out", OUT], "folder"),
}
VARYING = {"verify"}
FAULTS = ("fsize", "sigint", "sigterm", "concurrent", "readonly")
LIMIT_SECONDS = 60.0


@dataclass
class FaultCase:
    command: str
    argv: list
    kind: str  # "file" or "folder"
    fault: str
    amount: float = 0.0  # fsize bytes, or the delay in seconds before a signal
    old: bool = False  # the output exists before the run (old content the run may replace whole)
    key: tuple = field(default=())  # the undisturbed run's identity (argv): its output is the reference


def generate(n_cases: int, seed: int) -> list[FaultCase]:
    """``n_cases`` cases drawn with ``random.Random(seed)``: a command with random sizes, a fault, old content."""
    rng = random.Random(seed)
    cases = []
    for _ in range(n_cases):
        command = rng.choice(sorted(COMMANDS))
        template, kind = COMMANDS[command]
        d = rng.randint(3, 30)
        values = {"d": str(d), "counts": ",".join(str(rng.randint(0, 4) + (i == 0)) for i in range(d)),
                  "seed": str(rng.randint(0, 99))}
        argv = [a.format(**values) if "{" in a else a for a in template]
        fault = rng.choice(FAULTS)
        amount = rng.choice([0, 1, 64, 512, 4096, 32768, 10**6]) if fault == "fsize" else rng.uniform(0.2, 3.0)
        cases.append(FaultCase(command, argv, kind, fault, amount, rng.random() < 0.5, tuple(argv)))
    return cases


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}


def _start(argv: list, fsize: int | None = None) -> subprocess.Popen:
    def limit():
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    return subprocess.Popen([sys.executable, "-m", "ldpref.cli", *argv], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=_env(), preexec_fn=limit,
                            start_new_session=True)


def _finish(proc: subprocess.Popen, limit: float) -> tuple[int | None, str]:
    try:
        _, err = proc.communicate(timeout=limit)
        return proc.returncode, err
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _, err = proc.communicate()
        return None, err


def _snapshot(path: str, kind: str) -> dict[str, bytes]:
    """name -> content of the output file, or of every file in the output folder."""
    if kind == "file":
        if not os.path.exists(path):
            return {}
        with open(path, "rb") as fh:
            return {os.path.basename(path): fh.read()}
    if not os.path.isdir(path):
        return {}
    out = {}
    for name in sorted(os.listdir(path)):
        with open(os.path.join(path, name), "rb") as fh:
            out[name] = fh.read()
    return out


def _target(scratch: str, kind: str) -> str:
    return os.path.join(scratch, "out.json" if kind == "file" else "out")


def reference(case: FaultCase, scratch: str) -> dict[str, bytes]:
    """The output of the undisturbed run (``scratch``: an empty folder)."""
    target = _target(scratch, case.kind)
    code, err = _finish(_start([a.replace(OUT, target) for a in case.argv]), LIMIT_SECONDS)
    if code not in (0, 1):  # 1: simulate's statistics may disagree; the file is written all the same
        raise RuntimeError(f"the undisturbed run of {case.argv} failed ({code}): {err.strip()}")
    return _snapshot(target, case.kind)


def _plant_old(target: str, kind: str) -> dict[str, bytes]:
    if kind == "file":
        with open(target, "wb") as fh:
            fh.write(b'{"old": true}\n')
    else:
        os.makedirs(target)
        with open(os.path.join(target, "grr.json"), "wb") as fh:  # an old, complete vectors file of ldpref
            fh.write(b'{"format": "ldpref.vectors/1", "old": true}\n')
    return _snapshot(target, kind)


def run(case: FaultCase, scratch: str, ref: dict[str, bytes]) -> dict:
    """Run ``case`` in ``scratch``; returns the outcome (codes, stderr lines, outputs before and after)."""
    target = _target(scratch, case.kind)
    before = _plant_old(target, case.kind) if case.old else {}
    argv = [a.replace(OUT, target) for a in case.argv]
    folder = scratch if case.kind == "file" else target
    start = time.monotonic()
    codes, errs = [], []
    if case.fault == "fsize":
        code, err = _finish(_start(argv, fsize=int(case.amount)), LIMIT_SECONDS)
        codes, errs = [code], [err]
    elif case.fault in ("sigint", "sigterm"):
        proc = _start(argv)
        time.sleep(case.amount)
        if proc.poll() is None:
            if case.fault == "sigint":
                os.killpg(proc.pid, signal.SIGINT)
            else:
                proc.send_signal(signal.SIGTERM)
        code, err = _finish(proc, LIMIT_SECONDS)
        codes, errs = [code], [err]
    elif case.fault == "concurrent":
        procs = [_start(argv), _start(argv)]
        for proc in procs:
            code, err = _finish(proc, LIMIT_SECONDS)
            codes.append(code)
            errs.append(err)
    else:  # readonly
        if case.kind == "folder" and not os.path.isdir(target):
            os.makedirs(target)
        os.chmod(folder, 0o500)
        try:
            code, err = _finish(_start(argv), LIMIT_SECONDS)
        finally:
            os.chmod(folder, 0o700)
        codes, errs = [code], [err]
    seconds = time.monotonic() - start
    leftovers = sorted(n for n in (os.listdir(folder) if os.path.isdir(folder) else [])  # (a run stopped before
                       if n.startswith(".") and n.endswith(".tmp"))                    # it made the folder)
    return {"codes": codes, "stderr": errs, "seconds": seconds, "before": before,
            "after": _snapshot(target, case.kind), "reference": ref, "leftovers": leftovers, "target": target}


def _whole_json(data: bytes) -> bool:
    import json

    try:
        json.loads(data.decode("utf-8"))
    except ValueError:  # JSONDecodeError and UnicodeDecodeError
        return False
    return True


def judge(case: FaultCase, outcome: dict) -> list[str]:
    """The violations of the rule in the module docstring (empty when the case is clean)."""
    problems = []
    allowed = {0, 1, 2} | ({130} if case.fault == "sigint" else set()) | ({143} if case.fault == "sigterm" else set())
    after = outcome["after"]
    ref, before = outcome["reference"], outcome["before"]
    # finished: every file the undisturbed run writes is there, whole; any other file is as it was (an old file of
    # another command in the output folder, e.g. a vectors file beside a figure's, is not the run's)
    finished = (bool(ref) and all(after.get(name) == content for name, content in ref.items())
                and all(after[name] == before.get(name) for name in after if name not in ref)
                if case.command not in VARYING else
                bool(after) and after != before and all(map(_whole_json, after.values())))
    if finished and case.fault in ("sigint", "sigterm"):
        # the signal landed after main() returned, while the interpreter was shutting down (it restores the
        # default handlers then): the command had finished and its outputs are whole, so death by the signal
        # is no fault of ldpref's (seen once in 300 cases, seed 8: SIGTERM 0.46 s into a vectors run)
        allowed |= {-signal.SIGINT if case.fault == "sigint" else -signal.SIGTERM}
    for code, err in zip(outcome["codes"], outcome["stderr"]):
        # "wrote PATH" lines name files written whole before a failure (vectors): progress, not error lines
        lines = [line for line in err.strip().splitlines() if not line.startswith("wrote ")]
        if code is None:
            problems.append("hang")
        elif "Traceback (most recent call last)" in err:
            problems.append("traceback")
        elif code not in allowed:
            problems.append(f"exit code {code}")
        elif code in (2, 130, 143) and (len(lines) != 1 or not lines[0].startswith(
                "ldpref: error:" if code == 2 else "ldpref: interrupted")):
            problems.append(f"{len(lines)} stderr lines after exit {code}")
        elif code == 2 and case.fault == "fsize" and not any(w in lines[0] for w in (outcome["target"],
                                                                                      "worker processes")):
            problems.append("full-disk error does not name the output (or the worker processes it stopped)")
    if outcome["leftovers"]:
        problems.append("temporary file left")
    before, after, ref = outcome["before"], outcome["after"], outcome["reference"]
    for name in set(after) | set(before):
        if name in after and after[name] != before.get(name) and after[name] != ref.get(name):
            if case.command not in VARYING or not _whole_json(after[name]):
                problems.append(f"truncated or mixed file {name}")
        if name in before and name not in after:
            problems.append(f"old file {name} removed")
    return problems
