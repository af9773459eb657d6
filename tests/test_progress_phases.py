"""Issue 24 item 4: a progress bar over every phase of ``figure``, ``simulate``, ``conform`` and ``verify
--self-check`` on standard error -- shown on a terminal (here a stream whose isatty() is True), never with
``--quiet`` and never when standard error is not a terminal."""

from __future__ import annotations

import io
import os
import sys

import pytest

from ldpref.cli import main
from ldpref.sweep import Phases, note

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE_GRR = os.path.join(ROOT, "conformance", "adapters", "reference_grr.py")


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_phases_bar_only_on_a_terminal_and_not_quiet():
    tty = FakeTerminal()
    with Phases("job", stream=tty) as bar:
        bar.phase("first", total=2)
        note("point 7")
        bar.advance(2)
        bar.phase("second")
    text = tty.getvalue()
    assert "job: first" in text and "point 7" in text and "job: second" in text
    for stream, quiet in ((FakeTerminal(), True), (io.StringIO(), False)):
        with Phases("job", stream=stream, quiet=quiet) as bar:
            bar.phase("first", total=2)
            note("x")
            bar.advance()
        assert stream.getvalue() == ""
    note("no bar is running: nothing happens")


def _stderr_of(monkeypatch, capsys, argv, tty: bool):
    """(exit code, what the command wrote to standard error) with stderr a terminal or a pipe."""
    capsys.readouterr()
    if tty:
        fake = FakeTerminal()
        monkeypatch.setattr(sys, "stderr", fake)
        code = main(argv)
        monkeypatch.setattr(sys, "stderr", sys.__stderr__)
        return code, fake.getvalue()
    code = main(argv)
    return code, capsys.readouterr().err


COMMANDS = {
    "figure": (lambda tmp: ["figure", "jiang-gcms/fig7", "--quick", "--out", str(tmp)],
               ["figure: 1/1 jiang-gcms/fig7 build", "jiang-gcms/fig7 write", "jiang-gcms-fig7.pdf"]),
    "simulate": (lambda tmp: ["simulate", "grr", "--set", "exp_eps=3", "--data", "counts:10,20,30,40",
                              "--trials", "40"],
                 ["simulate grr: sampling", "simulate grr: exact moments and agreement tests"]),
    "simulate-compare": (lambda tmp: ["simulate", "grr", "oue", "--set", "exp_eps=3", "--data", "counts:10,20,30,40",
                                      "--trials", "40"],
                         ["simulate: sampling 2 mechanisms", "simulate: exact moments and losses"]),
    "conform": (lambda tmp: ["conform", REFERENCE_GRR, "--trials", "60", "--seed", "1"],
                ["conform: starting the adapter", "conform: cases (60 trials each)", "conform: judging"]),
    # a claim whose check takes milliseconds (thm3.7 and its two neighbours took 20 s of the suite once their
    # all-parameter proofs were rebuilt in each mutated run)
    "self-check": (lambda tmp: ["verify", "--self-check", "--claim", "jiang-gcms/sec3.A.GRR", "--jobs", "1"],
                   ["self-check: 1 claims, mutated and not"]),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_progress_on_a_terminal_and_silence_otherwise(command, tmp_path, monkeypatch, capsys):
    argv, phases = COMMANDS[command]
    code, err = _stderr_of(monkeypatch, capsys, argv(tmp_path / "tty"), tty=True)
    assert code == 0
    for phase in phases:
        assert phase in err, (phase, err[-2000:])
    code, err = _stderr_of(monkeypatch, capsys, argv(tmp_path / "quiet") + ["--quiet"], tty=True)
    assert (code, err) == (0, "")
    code, err = _stderr_of(monkeypatch, capsys, argv(tmp_path / "pipe"), tty=False)
    assert code == 0 and "\r" not in err and not any(p.split(":")[0] + ":" in err for p in phases
                                                      if not p.endswith(".pdf"))


def test_a_count_inside_a_phase_is_shown_beside_the_bar(monkeypatch):
    """A long exact build (ldpref.limits.Progress) inside a command's phase bar notes its count beside that bar
    instead of writing a line the bar would overwrite."""
    from ldpref import sweep
    from ldpref.limits import Progress

    monkeypatch.setattr(sweep, "NOTE_INTERVAL", 0.0)  # every note drawn (a real terminal: at most 10 a second)
    tty = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", tty)
    with Phases("figure") as bar:
        bar.phase("build")
        with Progress("building oue", 4, every=1) as inner:
            for _ in range(4):
                inner.advance()
    text = tty.getvalue()
    monkeypatch.setattr(sys, "stderr", sys.__stderr__)
    assert "figure: build" in text and "building oue: 4/4 (100%)" in text
    assert "\rbuilding oue" not in text  # never at the start of its own line
