"""Ctrl-C and SIGTERM for the ``ldpref`` command (issue 26, "interrupts").

:func:`handled` sets handlers for SIGINT and SIGTERM in the command's process.  On either signal the handler
first terminates every worker process this process started (``multiprocessing`` pools: the ledger's
``verify``/``docs`` workers, ``simulate --jobs``), so no worker keeps computing and no pool shutdown waits
for a running task, then raises :class:`Interrupted` (a :class:`KeyboardInterrupt`) in the main thread.
:func:`ldpref.cli.main` turns it into one line ``ldpref: interrupted (SIGINT)`` and exit status 128 + the
signal number: 130 for SIGINT, 143 for SIGTERM.

A worker forked from the command inherits the handlers; in a worker (its process id differs from the one
that installed them) the handler exits at once, silently, with the same status, so a Ctrl-C typed at the
terminal (which signals the whole process group) prints no traceback from any worker.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading

#: exit status of an interrupted command: 128 + the signal number
EXIT_SIGINT, EXIT_SIGTERM = 128 + signal.SIGINT, 128 + signal.SIGTERM

_owner_pid: int | None = None


class Interrupted(KeyboardInterrupt):
    """The command received SIGINT or SIGTERM (``signum``)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        return 128 + self.signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def terminate_workers() -> None:
    """Terminate (SIGTERM) every live child process started by :mod:`multiprocessing` in this process."""
    import multiprocessing

    for child in multiprocessing.active_children():
        try:
            child.terminate()
        except (OSError, ValueError, AttributeError):  # already gone or closed
            pass


def _handler(signum, frame):
    if os.getpid() != _owner_pid:  # a forked worker: leave quietly, the parent reports the interrupt
        os._exit(128 + signum)
    # ignore further signals while the workers are stopped and the exception unwinds (a second Ctrl-C would
    # otherwise interrupt the clean-up itself and print a traceback)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    terminate_workers()
    raise Interrupted(signum)


@contextlib.contextmanager
def handled():
    """Handle SIGINT and SIGTERM as the module docstring says while the block runs, then restore the previous
    handlers (``main`` may run inside a test process).  Outside the main thread (where Python allows no
    handler) the block runs unchanged."""
    global _owner_pid
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    _owner_pid = os.getpid()
    for s in previous:
        signal.signal(s, _handler)
    try:
        yield
    finally:
        _owner_pid = None
        for s, h in previous.items():
            signal.signal(s, h if h is not None else signal.SIG_DFL)


def worker_setup() -> None:
    """For a worker started with ``spawn``/``forkserver`` (no inherited handler): exit quietly on SIGINT
    (the parent reports it) and die on SIGTERM."""
    signal.signal(signal.SIGINT, lambda signum, frame: os._exit(128 + signum))
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
