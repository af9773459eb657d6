"""Independent tasks of a sweep run locally or on Dask, results back in task order (issue 24 item 5).

:func:`run_tasks` ``(fn, tasks)`` returns ``[fn(t) for t in tasks]`` computed

* in this process (``jobs = 1``), or in a local process pool of ``jobs`` processes (the default backend);
* on an embedded ``dask.distributed.LocalCluster`` of ``dask_workers`` single-threaded worker processes;
* on an existing Dask cluster whose scheduler is at ``scheduler`` (``tcp://host:port``).

Every task carries its own seed (the caller's seed tree), so the results do not depend on the backend, the
number of workers or the order in which tasks finish: they are put back in task order.  ``on_done(i)`` is
called once per finished task (progress).  Dask is optional (``pip install 'ldpref[dask]'``); asking for it
without it installed is one line naming the extra.
"""

from __future__ import annotations

import logging
import sys
import time


def progress_bar(label: str, total: int, *, quiet: bool = False, stream=None, bar_format: str | None = None):
    """A tqdm bar on standard error, disabled with ``quiet`` or when the stream is not a terminal."""
    from tqdm import tqdm

    stream = sys.stderr if stream is None else stream
    shown = not quiet and bool(getattr(stream, "isatty", lambda: False)())
    return tqdm(total=total, desc=label, file=stream, disable=not shown, leave=False, dynamic_ncols=True,
                bar_format=bar_format)


#: a note is redrawn at most this often (seconds)
NOTE_INTERVAL = 0.1
#: the :class:`Phases` bar of the running command, if any (:func:`note` writes to it)
_ACTIVE: list = []


class Phases:
    """One progress bar (tqdm, standard error) over every phase of a long command (issue 24 item 4).

    ``with Phases("figure", quiet=q) as bar: bar.phase("pan-cms/fig2: build", total=3); bar.advance(); ...``.
    Each :meth:`phase` names what runs now and restarts the count at its own ``total`` (None: a phase with no
    count, shown by name); :meth:`advance` counts done items (``advance(step)``, as :class:`ldpref.limits.Progress`,
    so it can stand for one); :func:`note` lets code deep in a phase say which point it is at.  Nothing is written
    with ``quiet`` or when the stream is not a terminal (pipes, files, tests)."""

    def __init__(self, label: str, *, quiet: bool = False, stream=None):
        self.label = label
        self.bar = progress_bar(label, None, quiet=quiet, stream=stream, bar_format="{desc} [{elapsed}{postfix}]")
        self.enabled = not self.bar.disable
        self._drawn = 0.0

    def __enter__(self):
        _ACTIVE.append(self)
        return self

    def __exit__(self, *exc):
        if _ACTIVE and _ACTIVE[-1] is self:
            _ACTIVE.pop()
        self.bar.close()
        return False

    def phase(self, name: str, total: int | None = None) -> None:
        """Start the phase ``name`` (``total``: its number of items, None when it is not counted)."""
        self.bar.reset(total=total)
        # an uncounted phase shows its name, the time and the note only (no "0it, ?it/s")
        self.bar.bar_format = None if total is not None else "{desc} [{elapsed}{postfix}]"
        self.bar.set_description_str(f"{self.label}: {name}", refresh=False)
        self.bar.set_postfix_str("", refresh=False)
        self.bar.refresh()

    def advance(self, step: int = 1) -> None:
        """``step`` more items of the current phase are done."""
        self.bar.update(step)

    def write(self, line: str) -> None:
        """Print ``line`` on the bar's stream above the bar (which is then redrawn)."""
        if self.enabled:
            self.bar.clear()
        print(line, file=self.bar.fp if self.enabled else sys.stderr)
        if self.enabled:
            self.bar.refresh()

    def note(self, text: str) -> None:
        """Show ``text`` (which point of the phase runs now) beside the bar; redrawn at most every
        :data:`NOTE_INTERVAL` seconds (a count noted per item must not flood the terminal)."""
        self.bar.set_postfix_str(text, refresh=False)
        now = time.monotonic()
        if now - self._drawn >= NOTE_INTERVAL:
            self._drawn = now
            self.bar.refresh()


def note(text: str) -> None:
    """Tell the running command's :class:`Phases` bar (if any) what runs now; a no-op otherwise."""
    if _ACTIVE:
        _ACTIVE[-1].note(text)


def _dask_client(dask_workers: int | None, scheduler: str | None):
    try:
        from dask.distributed import Client, LocalCluster
    except ModuleNotFoundError:
        raise ModuleNotFoundError("--dask-workers and --scheduler need dask.distributed: pip install 'ldpref[dask]'",
                                  name="distributed") from None
    if scheduler is not None:
        return Client(scheduler, timeout="20s"), None
    cluster = LocalCluster(n_workers=dask_workers, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=logging.ERROR)
    return Client(cluster), cluster


def run_tasks(fn, tasks, *, jobs: int = 1, dask_workers: int | None = None, scheduler: str | None = None,
              on_done=None) -> list:
    """``[fn(t) for t in tasks]`` on the chosen backend (see the module docstring), in task order."""
    tasks = list(tasks)
    results: list = [None] * len(tasks)
    if dask_workers is not None or scheduler is not None:
        from dask.distributed import as_completed

        client, cluster = _dask_client(dask_workers, scheduler)
        try:
            futures = client.map(fn, tasks, pure=False)
            index = {f.key: i for i, f in enumerate(futures)}
            for fut in as_completed(futures):
                i = index[fut.key]
                results[i] = fut.result()
                if on_done is not None:
                    on_done(i)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
        return results
    if jobs <= 1 or len(tasks) <= 1:
        for i, task in enumerate(tasks):
            results[i] = fn(task)
            if on_done is not None:
                on_done(i)
        return results
    from concurrent.futures import ProcessPoolExecutor, as_completed as done_in_order

    from .errors import ParameterError
    from .interrupts import worker_setup

    pool = None
    try:  # workers ignore SIGINT and die at once on SIGTERM: the command stops them (ldpref.interrupts)
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=worker_setup)
        futures = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
    except OSError as exc:  # e.g. no room for the pool's semaphores under /dev/shm (a full disk)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        raise ParameterError(f"--jobs {jobs}: cannot start the worker processes ({exc.strerror or exc}); "
                             f"--jobs 1 runs without them") from None
    try:
        for fut in done_in_order(futures):
            i = futures[fut]
            results[i] = fut.result()
            if on_done is not None:
                on_done(i)
    except BaseException:  # an interrupt (ldpref.interrupts) or a failed task: wait for no running task
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return results
