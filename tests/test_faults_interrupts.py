"""Ctrl-C and SIGTERM (issue 26, "interrupts"): one line, exit 130 (SIGINT) or 143 (SIGTERM), no traceback,
within about a second, every worker process gone, no output file half written.

Each command runs in its own session (``start_new_session``), so the signal can go to its whole process group
as a terminal's Ctrl-C does.  The commands are started with enough work to last well past the signal.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: commands that run for many seconds (interrupted after WARMUP seconds); workers with --jobs 2
LONG = {
    "verify-jobs": ["verify", "--paper", "pan-cms", "--jobs", "2"],
    "simulate-jobs": ["simulate", "grr", "--set", "exp_eps=3", "--data", "zipf:d=2000,n=200000", "--trials", "20000",
                      "--jobs", "2", "--json", "{tmp}/s.json"],
    "moments": ["moments", "grr", "--set", "d=300", "exp_eps=exp_eps", "--counts", ",".join(["1"] * 300), "--cov"],
    # the 6-8 s to stop: docs runs the ledger in workers, then writes its pages (none may be half written)
    "docs-jobs": ["docs", "--out", "{tmp}/pages", "--jobs", "2"],
}
WARMUP = 3.0
#: the command must be gone this long after the signal
STOP_WITHIN = 2.0


def _start(argv):
    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.Popen([sys.executable, "-m", "ldpref.cli", *argv], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("name", sorted(LONG))
@pytest.mark.parametrize("sig, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_signal_stops_with_one_line(tmp_path, name, sig, status):
    proc = _start([a.replace("{tmp}", str(tmp_path)) for a in LONG[name]])
    time.sleep(WARMUP)
    assert proc.poll() is None, f"{name} ended before the signal: {proc.stderr.read()}"
    if sig == signal.SIGINT:
        os.killpg(proc.pid, sig)  # as Ctrl-C: the whole process group, workers included
    else:
        proc.send_signal(sig)  # as kill: the command alone; it must stop its workers itself
    sent = time.monotonic()
    try:
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    took = time.monotonic() - sent
    assert proc.returncode == status, (proc.returncode, err)
    assert err.strip() == f"ldpref: interrupted ({signal.Signals(sig).name})", err
    assert took < STOP_WITHIN, took
    deadline = time.monotonic() + STOP_WITHIN
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _group_alive(proc.pid), "a worker outlived the command"
    assert os.listdir(tmp_path) == []  # no output, no temporary file


def test_interrupt_during_a_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    """An exception (here KeyboardInterrupt) inside the write removes the temporary file; the old file stays."""
    from ldpref import atomic

    target = tmp_path / "a.json"
    target.write_text("old\n")

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic.write_file(str(target), "new\n")
    assert target.read_text() == "old\n" and os.listdir(tmp_path) == ["a.json"]


def test_an_interrupt_replaced_by_another_error_is_still_an_interrupt(monkeypatch, capsys):
    """numpy's C import turns any error raised while it loads (our Interrupted included) into ImportError: seen
    once in 300 fault cases (SIGINT 0.3 s into ``vectors``: exit 1 and a traceback).  main() reports the
    signal it received instead; without a signal the same error is raised as it is."""
    from ldpref import cli, interrupts

    def replaced(argv):
        interrupts._signalled = signal.SIGINT  # what the handler records before raising Interrupted
        raise ImportError("numpy._core.multiarray failed to import")

    monkeypatch.setattr(cli, "_run", replaced)
    assert cli.main([]) == 130
    assert capsys.readouterr().err == "ldpref: interrupted (SIGINT)\n"

    def plain(argv):
        raise ImportError("a real import error")

    monkeypatch.setattr(cli, "_run", plain)
    with pytest.raises(ImportError, match="a real import error"):
        cli.main([])


def test_the_command_ends_at_once_after_an_interrupt(monkeypatch):
    """``entry`` (the console command) ends an interrupted run with ``os._exit`` and the interrupt's status, after
    flushing the streams, so no pool thread can print after the one line; an ordinary run exits normally."""
    from ldpref import cli, interrupts

    ended = []

    def fake_exit(status):
        ended.append(status)
        raise SystemExit(status)

    monkeypatch.setattr(cli.os, "_exit", fake_exit)
    monkeypatch.setattr(interrupts, "_signalled", signal.SIGTERM)
    monkeypatch.setattr(cli, "main", lambda: 143)
    with pytest.raises(SystemExit):
        cli.entry()
    assert ended == [143]

    ended.clear()
    monkeypatch.setattr(interrupts, "_signalled", None)
    monkeypatch.setattr(cli, "main", lambda: 0)
    with pytest.raises(SystemExit) as info:
        cli.entry()
    assert ended == [] and info.value.code == 0
