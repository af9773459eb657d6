"""Processes forked while the command's signal handlers are active die on SIGTERM from their first instruction
(issue 26): they never inherit ldpref's Python handler, whose SIGTERM could be swallowed before a pool
initializer replaced it (a self-check pool then waited for that worker forever)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time

import pytest

from ldpref import interrupts


def _dispositions(_=None):
    return (signal.getsignal(signal.SIGINT) == signal.SIG_IGN, signal.getsignal(signal.SIGTERM) == signal.SIG_DFL,
            signal.pthread_sigmask(signal.SIG_BLOCK, set()) & {signal.SIGINT, signal.SIGTERM} == set())


def test_forked_children_get_default_sigterm_before_any_initializer():
    ctx = multiprocessing.get_context("fork")
    with interrupts.handled():
        assert signal.getsignal(signal.SIGTERM) is interrupts._handler
        # forked from the main thread
        with ctx.Pool(1) as pool:
            assert pool.apply(_dispositions) == (True, True, True)
        # forked from the pool's worker-handler thread (maxtasksperchild=1 repopulates from there)
        with ctx.Pool(1, maxtasksperchild=1) as pool:
            assert pool.map(_dispositions, range(4), chunksize=1) == [(True, True, True)] * 4
        # the parent's handler and signal mask are untouched
        assert signal.getsignal(signal.SIGTERM) is interrupts._handler
        assert signal.pthread_sigmask(signal.SIG_BLOCK, set()) & {signal.SIGINT, signal.SIGTERM} == set()


def test_a_child_signalled_at_once_dies():
    ctx = multiprocessing.get_context("fork")
    with interrupts.handled():
        child = ctx.Process(target=time.sleep, args=(30,))
        child.start()
        os.kill(child.pid, signal.SIGTERM)
        child.join(5)
        assert child.exitcode == -signal.SIGTERM
    assert threading.active_count() >= 1


def test_a_signal_pending_across_a_fork_stops_the_command_without_a_traceback(monkeypatch):
    """A SIGINT that arrives while the signals are blocked across a fork is handled when the parent's at-fork hook
    unblocks them, where CPython swallows an exception and prints its traceback (the fault harness saw it once).
    The hook must not raise: the handler stops the workers and leaves the end to the watchdog."""
    started = []
    monkeypatch.setattr(interrupts, "_watchdog", lambda signum: started.append(signum))
    monkeypatch.setattr(interrupts, "terminate_workers", lambda: None)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    with interrupts.handled():
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        # pending on this thread, as during a fork (a signal to the process would go to another thread of a
        # test worker that does not block it, and be handled at once)
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        try:
            interrupts._after_fork_in_parent()  # unblocks: the handler runs in here and must not raise
        except interrupts.Interrupted:  # a KeyboardInterrupt would end the whole test session: make it a failure
            pytest.fail("the at-fork hook raised Interrupted (CPython would swallow it and print a traceback)")
        time.sleep(0.05)
        assert interrupts.signalled() == signal.SIGINT and started == [signal.SIGINT]
        assert not interrupts._in_fork_hook
    assert signal.pthread_sigmask(signal.SIG_BLOCK, set()) & {signal.SIGINT} == set()
