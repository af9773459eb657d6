"""Fuzzing the command line: every BAD input gets one error line and exit 2 (issue 10, item 4).

About 2,000 generated command lines and mechanism files (vocabulary in ``tests/fuzz_strategies.py``, shared with
``benchmarks/fuzz.py``, which runs 10,000+) go through ``ldpref.cli.main`` in-process.  For every case that does
not exit 0 the rule is: no uncaught exception or traceback, exit code 2, exactly one stderr line and it starts
``ldpref: error:``; and no case runs over 10 s (SIGALRM).  A generated input that happens to be valid may exit 0.

The cases of one command are all run and the violations are reported together, grouped by symptom with the
shortest command line of each group (no shrinking: a slow case would make shrinking take minutes); after three
cases over the time limit the rest of that command's cases are skipped.  The process's address space is capped
while the cases run, so an input that allocates without a size check fails with MemoryError (reported) instead
of taking the machine's memory.
"""

from __future__ import annotations

import os
import tempfile

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import fuzz_strategies as fs

#: cases per command (about 2,000 in all); a hypothesis example draws PER_EXAMPLE cases at once (cheaper)
#: cases per command in CI (.ci/run sets LDPREF_FUZZ_SCALE=1: 2,100 cases); the README's test command runs a
#: tenth of them, at least 8 per command (LDPREF_FUZZ_SCALE unset: about 260 cases, every command), so the suite
#: stays under two minutes
FULL_BUDGET = {"top": 120, "verify": 120, "docs": 40, "claims": 80, "mechanisms": 40, "latex": 60, "eval": 240,
               "mechanism": 480, "wss": 200, "optimize": 220, "audit": 400, "moments": 120,
               "discover": 80, "conform": 40, "vectors": 40, "simulate": 40, "figure": 40, "errata": 40,
               "conform-run": 40, "simulate-data": 40}
SCALE = float(os.environ.get("LDPREF_FUZZ_SCALE", "0.1"))
BUDGET = {command: max(8, int(cases * SCALE)) for command, cases in FULL_BUDGET.items()}
PER_EXAMPLE = 4
MAX_TIMEOUTS = 3


def _report(command: str, failures: list, ran: int) -> str:
    groups: dict = {}
    for symptom, case, outcome in failures:
        groups.setdefault(symptom, []).append((case, outcome))
    lines = [f"{len(failures)} of {ran} '{command}' cases broke the bad-input rule, {len(groups)} distinct symptom(s):"]
    for symptom, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        case, outcome = min(items, key=lambda co: co[0].size())
        what = (f"{type(outcome.exception).__name__}: {outcome.exception}" if outcome.exception is not None
                else outcome.stderr.strip().replace("\n", " | "))
        lines.append(f"- {symptom}: {len(items)} case(s); shortest: ldpref {fs.shell_quote(case.argv)[:300]}")
        for name, data in case.files.items():
            lines.append(f"    {fs.TMP}/{name} = {data[:160]!r}{'...' if len(data) > 160 else ''} ({len(data)} bytes)")
        lines.append(f"    -> {what[:300]}")
    return "\n".join(lines)


@pytest.mark.parametrize("command", list(BUDGET))
def test_bad_command_lines_get_one_error_line(command, tmp_path_factory):
    make = fs.COMMAND_STRATEGIES[command][0]
    root = str(tmp_path_factory.mktemp(f"fuzz-{command}"))
    failures: list = []
    counts = {"ran": 0, "timeouts": 0}

    @settings(max_examples=BUDGET[command] // PER_EXAMPLE, phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck), deadline=None)
    @given(st.lists(make(), min_size=PER_EXAMPLE, max_size=PER_EXAMPLE))
    def run(cases):
        for case in cases:
            if counts["timeouts"] >= MAX_TIMEOUTS:
                return
            outcome = fs.run_case(case, tempfile.mkdtemp(dir=root))
            counts["ran"] += 1
            counts["timeouts"] += outcome.timed_out
            symptom = fs.judge(outcome, case)
            if symptom is not None:
                failures.append((symptom, case, outcome))

    with fs.memory_cap():
        run()
    if failures:
        pytest.fail(_report(command, failures, counts["ran"]), pytrace=False)
    assert counts["ran"] >= BUDGET[command] // 2, f"only {counts['ran']} '{command}' cases ran"
