"""Processes forked while the command's signal handlers are active die on SIGTERM from their first instruction
(issue 26): they never inherit ldpref's Python handler, whose SIGTERM could be swallowed before a pool
initializer replaced it (a self-check pool then waited for that worker forever)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time

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
