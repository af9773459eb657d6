"""Run an adapter in its own interpreter through the JSON-lines protocol of :mod:`.serve`, with a per-call
time limit.

Each call either returns a checked result or raises :class:`AdapterError` naming the adapter and the call
(import failure, missing function, an exception inside the adapter, a wrong shape, NaN or infinity, a call
past the time limit, an interpreter that died).  After a time-out or a death the process is restarted for
the next call, so one bad case does not stop the others.
"""

from __future__ import annotations

import json
import math
import os
import selectors
import subprocess
import sys

from ..errors import FormatError
from ..json_input import loads

#: an adapter's estimate may be at most this many times the number of clients n in absolute value (a frequency
#: or count estimate of n clients is far smaller for any mechanism ldpref judges); with T <= 10^5 trials,
#: the sums of squares the statistics form then stay far below the largest float for any n a case may have
ESTIMATE_BOUND_FACTOR = 2**40
#: the longest protocol line read from an adapter (characters); a trial's answer is at most
#: :data:`CHARS_PER_ESTIMATE` per coordinate
MAX_LINE_CHARS = 64 * 2**20
CHARS_PER_ESTIMATE = 40

#: time allowed for importing the adapter (at least the per-call limit): numpy and numba take seconds to load
IMPORT_TIMEOUT = 60.0

SERVE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "serve.py")


class AdapterError(Exception):
    """An adapter call that failed; the message names the adapter and the call."""


class AdapterProcess:
    """One adapter module served by ``python serve.py ADAPTER`` (``python``: any interpreter, default this one)."""

    def __init__(self, adapter: str, *, python: str | None = None, timeout: float = 60.0):
        self.adapter, self.python, self.timeout = os.path.abspath(adapter), python or sys.executable, float(timeout)
        self.label = os.path.basename(adapter)
        self.proc = None

    # -- process --------------------------------------------------------------------------------
    def _start(self):
        self.proc = subprocess.Popen([self.python, SERVE, self.adapter], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        try:
            self._read("import", max(self.timeout, IMPORT_TIMEOUT))
        except AdapterError:
            self.close()
            raise

    def close(self):
        """Stop the adapter's process (the one this object started)."""
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout):
                if stream is not None:
                    stream.close()
            self.proc = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _read(self, what: str, limit: float | None = None, max_chars: int = MAX_LINE_CHARS):
        limit = self.timeout if limit is None else limit
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        ready = sel.select(limit)
        sel.close()
        if not ready:
            self.close()
            raise AdapterError(f"adapter {self.label}: call {what} ran past the time limit of {limit:g} s")
        line = self.proc.stdout.readline(max_chars + 1)  # never more than max_chars in memory
        if len(line) > max_chars or (line and not line.endswith("\n")):
            self.close()
            raise AdapterError(f"adapter {self.label}: call {what}: the answer is longer than {max_chars:,} "
                               f"characters (the rest was not read)")
        if not line:
            code = self.proc.wait()
            self.close()
            raise AdapterError(f"adapter {self.label}: call {what}: the adapter's interpreter ended "
                               f"(exit status {code}) without answering")
        try:
            message = loads(line, source="protocol line")
        except FormatError:  # invalid JSON, a duplicate key, or an integer of more digits than Python converts
            self.close()
            raise AdapterError(f"adapter {self.label}: call {what}: not a protocol line: {line[:120]!r}") from None
        if not isinstance(message, dict) or "result" not in message and message.get("ok"):
            self.close()
            raise AdapterError(f"adapter {self.label}: call {what}: not a protocol message: {line[:120]!r}")
        if not message.get("ok"):
            raise AdapterError(f"adapter {self.label}: {message.get('error', what + ': failed')}")
        return message["result"]

    def call(self, request: dict, what: str, max_chars: int = MAX_LINE_CHARS):
        """Send one request and return its checked ``result`` (raises :class:`AdapterError`); an answer longer
        than ``max_chars`` characters is refused unread."""
        if self.proc is None:
            self._start()
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self.close()
            raise AdapterError(f"adapter {self.label}: call {what}: the adapter's interpreter is gone") from None
        return self._read(what, max_chars=max_chars)

    # -- calls --------------------------------------------------------------------------------
    def describe(self) -> dict:
        """The adapter's name and CASES (and which functions it has)."""
        doc = self.call({"call": "describe"}, "describe")
        if not isinstance(doc, dict) or not isinstance(doc.get("cases"), list):
            raise AdapterError(f"adapter {self.label}: describe did not return a dict with a cases list")
        return doc

    def trial(self, case_id: str, counts, seed: int, d: int) -> list[float]:
        """One trial: every client of ``counts`` randomised by ``client``, then ``server``'s estimate (d floats)."""
        what = f"client/server of case {case_id}"
        result = self.call({"call": "trial", "case": case_id, "counts": list(counts), "seed": int(seed)}, what,
                           max_chars=CHARS_PER_ESTIMATE * d + 4096)
        return check_estimate(result, d, f"adapter {self.label}: {what}", n=sum(counts))

    def hash_functions(self, case_id: str) -> list[list[int]]:
        """The library's own hash functions for a case (k rows of d values)."""
        result = self.call({"call": "hash_functions", "case": case_id}, f"hash_functions of case {case_id}")
        if not isinstance(result, list) or not result or not all(isinstance(r, list) for r in result):
            raise AdapterError(f"adapter {self.label}: hash_functions of case {case_id} did not return rows")
        return result


def check_estimate(result, d: int, where: str, n: int) -> list[float]:
    """A list of d finite floats, each at most ``ESTIMATE_BOUND_FACTOR * max(n, 1)`` in absolute value (``n``: the
    number of clients), or :class:`AdapterError` naming what is wrong.  Every value the
    statistics see passed here: plain JSON numbers only (no strings, booleans, lists or objects)."""
    if not isinstance(result, list):
        raise AdapterError(f"{where}: returned {type(result).__name__}, not a vector of {d} numbers")
    if len(result) != d:
        raise AdapterError(f"{where}: returned {len(result)} estimates, expected d = {d}")
    bound = ESTIMATE_BOUND_FACTOR * max(int(n), 1)
    out = []
    for v, x in enumerate(result):
        if isinstance(x, str) and x in ("nan", "inf", "-inf"):  # how serve.py sends a non-finite float
            raise AdapterError(f"{where}: estimate {v} is {x} (not a finite number)")
        if isinstance(x, bool) or not isinstance(x, (int, float)):
            raise AdapterError(f"{where}: estimate {v} is {_shown(x)} (a {type(x).__name__}, not a number)")
        if isinstance(x, float) and not math.isfinite(x):
            raise AdapterError(f"{where}: estimate {v} is {x} (not a finite number)")
        if abs(x) > bound:  # compared exactly (an int may exceed any float)
            raise AdapterError(f"{where}: estimate {v} is {_shown(x)}, beyond any estimate of n = {n} clients "
                               f"(|estimate| <= 2^40 n)")
        out.append(float(x))
    return out


def _shown(x) -> str:
    text = repr(x) if not isinstance(x, int) or x.bit_length() < 200 else f"an integer of {x.bit_length()} bits"
    return text if len(text) <= 60 else text[:57] + "..."
