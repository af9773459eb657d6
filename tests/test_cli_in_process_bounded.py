"""Refused commands run in one process stay bounded (the fuzz test runs ~2,000 in one process, issue 10, item 4).

The minimal-edit merge (issue 23, item 2) was reverted because ``tests/test_cli_fuzz.py`` at full scale grew to
24 GB: ``ldpref.cli._one_line_warnings`` re-showed a foreign warning *inside* its ``catch_warnings(record=True)``
block, where ``warnings.showwarning`` appends to the list being iterated, so one warning (a ResourceWarning of an
unclosed file, visible under the fuzz harness's "always" filter) looped forever.  These tests run in a child
process with an address-space cap and a timeout, so a regression fails quickly instead of taking the machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: the child's address space may grow by this much beyond its size after the first round (a leak fails, a loop too)
CAP_BYTES = 512 << 20

PRELUDE = textwrap.dedent(f"""
    import contextlib, io, re, resource, sys, warnings
    sys.path.insert(0, {ROOT!r})
    warnings.simplefilter("always")  # as the fuzz harness does: every warning, ResourceWarning included, is shown

    def vm():
        return int(re.search(r"VmSize:\\s+(\\d+) kB", open("/proc/self/status").read()).group(1)) * 1024

    def rss_mb():
        return int(re.search(r"VmRSS:\\s+(\\d+) kB", open("/proc/self/status").read()).group(1)) // 1024
""")


def _child(body: str, timeout: float = 60) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(body)], capture_output=True,
                              text=True, timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the child ran over {timeout} s (a command that never returns?)", pytrace=False)


def test_a_foreign_warning_is_shown_once_and_the_command_returns():
    """A warning that is not ldpref's own is shown once, after the recording context (no endless re-recording)."""
    res = _child(f"""
        import ldpref.cli as cli
        resource.setrlimit(resource.RLIMIT_AS, (vm() + {CAP_BYTES}, resource.RLIM_INFINITY))
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            with cli._one_line_warnings():
                warnings.warn("a foreign warning", UserWarning)
        print(err.getvalue().count("a foreign warning"))
    """, timeout=30)
    assert res.returncode == 0, res.stderr[-2000:]
    assert res.stdout.split() == ["1"]


def test_refused_commands_in_one_process_stay_bounded():
    """Refused commands (the claim loads included) 8 times over in one process: each gives exactly one
    ``ldpref: error:`` line and no warning, and the resident size after the first round grows by under 40 MB."""
    res = _child(f"""
        from ldpref.cli import main
        CASES = [["verify", "--claim", "pan-cms/no-such-claim"], ["verify", "--jobs", "0"],
                 ["verify", "--claim", "jiang-gcms/eq11", "--paper", "pan-cms"], ["claims", "--paper", "nope"],
                 ["latex", "pan-cms/no-such-claim"], ["verify", "--claim", "pan-strict/no-such-claim"]]

        def one_round():
            for argv in CASES:
                out, err = io.StringIO(), io.StringIO()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    try:
                        code = main(argv)
                    except SystemExit as exc:
                        code = exc.code
                lines = err.getvalue().splitlines()
                assert code == 2 and len(lines) == 1 and lines[0].startswith("ldpref: error:"), (argv, code, lines)

        one_round()
        resource.setrlimit(resource.RLIMIT_AS, (vm() + {CAP_BYTES}, resource.RLIM_INFINITY))
        base = rss_mb()
        for _ in range(8):
            one_round()
        print(rss_mb() - base)
    """)
    assert res.returncode == 0, res.stderr[-2000:]
    assert int(res.stdout.split()[-1]) < 40
