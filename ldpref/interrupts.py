"""Ctrl-C and SIGTERM for the ``ldpref`` command (issue 26, "interrupts").

:func:`handled` sets handlers for SIGINT and SIGTERM in the command's process.  On either signal the handler
first terminates every worker process this process started (``multiprocessing`` pools: the ledger's
``verify``/``docs`` workers, ``simulate --jobs``), so no worker keeps computing and no pool shutdown waits
for a running task, then raises :class:`Interrupted` (a :class:`KeyboardInterrupt`) in the main thread.
:func:`ldpref.cli.main` turns it into one line ``ldpref: interrupted (SIGINT)`` and exit status 128 + the
signal number: 130 for SIGINT, 143 for SIGTERM.

A process forked while the handlers are active does not keep them: fork hooks (:func:`os.register_at_fork`)
block SIGINT and SIGTERM in the forking thread across the fork, and the child sets SIGINT ignored and SIGTERM to
the default action before unblocking them.  So a worker dies on SIGTERM from its first instruction on: with the
inherited Python handler, a SIGTERM that reached a worker before its initializer replaced the handler was
swallowed (CPython skips a pending Python handler that has since become SIG_DFL) and the pool's shutdown waited
for that worker forever (seen once in the test suite: a self-check pool, maxtasksperchild=1, terminated while it
forked a replacement worker).  Should a child still run the handler, it exits at once, silently, with the same
status, so a Ctrl-C typed at the terminal (which signals the whole process group) prints no traceback.

Stopping a ``concurrent.futures`` pool's workers under it can leave the interpreter waiting on the pool's
threads at exit (measured on ``simulate --jobs 2`` with SIGTERM: 3 of 6 runs hung for good before the workers
ignored SIGINT and died at once on SIGTERM, 5 of 6 still waited after), so the handler also starts a watchdog
thread: if the process is still alive :data:`GRACE_SECONDS` after the signal, it prints the line (once) and
ends the process with the same status.  Output files are safe either way: each is written whole or not at all
(:mod:`ldpref.atomic`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time

#: exit status of an interrupted command: 128 + the signal number
EXIT_SIGINT, EXIT_SIGTERM = 128 + signal.SIGINT, 128 + signal.SIGTERM

_owner_pid: int | None = None
_reported = False
_signalled: int | None = None  # the signal the handler received during this main() call
#: an interrupted command that has not ended this long after the signal is ended by the watchdog
GRACE_SECONDS = 0.5


class Interrupted(KeyboardInterrupt):
    """The command received SIGINT or SIGTERM (``signum``)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        """128 + the signal number: 130 for SIGINT, 143 for SIGTERM."""
        return 128 + self.signum

    @property
    def name(self) -> str:
        """The signal's name (``SIGINT``)."""
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
    _stop(signum)
    if _in_fork_hook:  # CPython ignores an exception raised in an at-fork hook (and prints its traceback): the
        return  # watchdog started by _stop ends the command within GRACE_SECONDS, with the one line and the status
    raise Interrupted(signum)


def _stop(signum) -> None:
    """What the handler does before it raises: ignore further signals, stop the workers, start the watchdog."""
    # ignore further signals while the workers are stopped and the exception unwinds (a second Ctrl-C would
    # otherwise interrupt the clean-up itself and print a traceback)
    global _signalled
    _signalled = signum
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    terminate_workers()
    # a process pool whose workers were stopped under it may report that from its own threads (CPython's
    # concurrent.futures raises InvalidStateError there) or never let the interpreter finish (its threads are
    # joined at exit): neither may turn the interrupt into a traceback or a hang
    threading.excepthook = lambda args: None
    threading.Thread(target=_watchdog, args=(signum,), daemon=True, name="ldpref-interrupt-watchdog").start()


_SIGNALS = {signal.SIGINT, signal.SIGTERM}
_in_fork_hook = False  # True while _after_fork_in_parent unblocks the signals (a pending one is handled right there)


def _before_fork() -> None:
    if _owner_pid is not None and _owner_pid == os.getpid():
        signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)


def _after_fork_in_parent() -> None:
    """Unblock the signals blocked across the fork.  A signal that arrived during the fork is handled inside this
    hook, where an exception cannot propagate: the handler then stops the command without raising (seen in the
    fault harness: SIGINT during ``simulate --jobs 2`` printed 'Exception ignored in _after_fork_in_parent')."""
    global _in_fork_hook
    if _owner_pid is not None and _owner_pid == os.getpid():
        _in_fork_hook = True
        try:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
        finally:
            _in_fork_hook = False


def _after_fork_in_child() -> None:
    if _owner_pid is None:
        return
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)  # a SIGTERM pending since the fork now kills


os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent, after_in_child=_after_fork_in_child)


def signalled() -> int | None:
    """The signal received while :func:`handled` was active, or None.  An extension module being imported when
    the signal came may replace the :class:`Interrupted` it raised by its own error (numpy's C import turns
    any error into ImportError): ``main`` then still reports the interrupt."""
    return _signalled


def message(signum: int) -> str:
    """The one line an interrupted command prints."""
    return f"ldpref: interrupted ({signal.Signals(signum).name})"


def report(signum: int) -> None:
    """Print :func:`message` on stderr, once per process (``main`` and the watchdog may both try)."""
    global _reported
    if not _reported:
        _reported = True
        try:
            sys.stderr.write(message(signum) + "\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass


def _watchdog(signum: int) -> None:
    """Exit with 128 + signum if the process is still alive GRACE_SECONDS after the signal (e.g. blocked joining
    a process pool's threads whose workers were stopped)."""
    time.sleep(GRACE_SECONDS)
    report(signum)
    os._exit(128 + signum)


def _early(signum, frame):
    report(signum)
    os._exit(128 + signum)


def quiet_until_main() -> None:
    """While the command is still importing (nothing written yet, no worker started): on SIGINT or SIGTERM print
    the one line and exit 128 + signum at once.  :func:`handled` takes over when ``main`` starts."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _early)
        signal.signal(signal.SIGTERM, _early)


@contextlib.contextmanager
def handled():
    """Handle SIGINT and SIGTERM as the module docstring says while the block runs, then restore the previous
    handlers (``main`` may run inside a test process).  Outside the main thread (where Python allows no
    handler) the block runs unchanged."""
    global _owner_pid, _reported, _signalled
    _reported, _signalled = False, None
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
    """The initializer of every ldpref worker process: ignore SIGINT (a Ctrl-C reaches the whole process group;
    the parent reports it and terminates the workers) and die at once on SIGTERM, even inside a long numpy or
    flint call (the default action, not a Python handler that would wait for the call to return)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
