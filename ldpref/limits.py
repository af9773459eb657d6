"""One resource rule for everything ldpref builds exactly.

Before a builder allocates anything it states the size of what it is about to build -- the number of
outputs |U|, the exact entries of P and Q (``|U| d`` each), hence the memory -- computed with exact
integers (``math.comb``, powers of two, ...) from the parameters alone, and calls :func:`check_matrix`.
Jobs whose cost is time rather than memory (an LP, a search range, a number of enumerated outcomes)
call :func:`check_count`.  Past the limit the call raises :class:`ResourceLimitError` (a
``ParameterError``, so the command line exits 2) with one line naming the size, the limit and the
structured alternative.

Memory per exact entry (measured with ``tracemalloc``, peak of the whole build divided by the entries
of P and Q, on this code base, Python 3 / sympy): 50-160 bytes for rational e^eps (grr d = 300: 51,
he d = 100: 59, rhr d = 200: 62, ss d = 12 k = 4: 135, sue d = 10: 155, oue d = 10: 159), about 2,700
bytes for the symbolic e^eps (oue d = 9).  :data:`BYTES_PER_ENTRY` and :data:`BYTES_PER_SYMBOLIC_ENTRY`
round these up; the export to JSON adds a string per entry of the same order.
"""

from __future__ import annotations

import sys

from .errors import ParameterError

#: Never allocate more than about this many bytes for one exact object.
LIMIT_BYTES = 2 * 10**9
#: Peak bytes per exact rational entry of P or Q (measured 50-160, see the module docstring).
BYTES_PER_ENTRY = 200
#: Peak bytes per entry when e^eps is the symbol (measured about 2,700 for oue d = 9).
BYTES_PER_SYMBOLIC_ENTRY = 3000
#: Entries of P and Q together allowed at a rational e^eps (1e7, about 2 GB).
MAX_ENTRIES = LIMIT_BYTES // BYTES_PER_ENTRY
#: Time-like sizes (LP columns, search ranges, enumerated outcomes): steps of exact work allowed.
MAX_STEPS = 10**7


class ResourceLimitError(ParameterError):
    """A job whose size, computed before anything is built, exceeds the resource limit."""


def count_text(n: int) -> str:
    """An exact integer with thousands separators, or in scientific notation when it is huge."""
    n = int(n)
    if n < 10**16:
        return f"{n:,}"
    digits = str(n)
    return f"{digits[0]}.{digits[1:3]}e{len(digits) - 1}"


def bytes_text(n: int) -> str:
    """A byte count in decimal units (``about 6 TB``)."""
    n = int(n)
    for unit, size in (("EB", 10**18), ("PB", 10**15), ("TB", 10**12), ("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if n >= size:
            value = n / size  # a display figure only: nothing exact depends on it
            if value >= 10**6:
                return f"{count_text(n // size)} {unit}"
            return f"{value:.3g} {unit}"
    return f"{n} B"


#: the mechanisms :mod:`ldpref.structured` has a model of (``ldpref.structured.registry.MODELS``; a test keeps the
#: two equal) -- named here so the resource rule does not import the structured models (no import cycle)
STRUCTURED_MODELS = ("grr", "sue", "oue", "ss", "wss", "cms", "olh", "gcms")


def moments_hint(name: str, sets: str) -> str:
    """The structured alternative of a registry mechanism, where :mod:`ldpref.structured` has one."""
    if name in STRUCTURED_MODELS:
        return (f"for exact moments without building the matrices use the structured alternative "
                f"`ldpref moments {name} --set {sets}`")
    return f"{name} has no structured model yet (ldpref moments covers {', '.join(sorted(STRUCTURED_MODELS))})"


def matrix_entries(n_outputs: int, d: int, *, decoder: bool = True) -> int:
    """Exact entries of P (|U| x d) and, with ``decoder``, Q (d x |U|)."""
    return int(n_outputs) * int(d) * (2 if decoder else 1)


def check_matrix(what: str, n_outputs: int, d: int, *, outputs_text: str | None = None, symbolic: bool = False,
                 decoder: bool = True, alternative: str | None = None) -> None:
    """Refuse (one line) to build a mechanism ``what`` with ``n_outputs`` outputs on ``d`` inputs whose
    P (and Q when ``decoder``) would need more than :data:`LIMIT_BYTES`."""
    entries = matrix_entries(n_outputs, d, decoder=decoder)
    per = BYTES_PER_SYMBOLIC_ENTRY if symbolic else BYTES_PER_ENTRY
    if entries * per <= LIMIT_BYTES:
        return
    allowed = LIMIT_BYTES // per
    shown = f"{outputs_text} = {count_text(n_outputs)}" if outputs_text else count_text(n_outputs)
    kind = " symbolic" if symbolic else ""
    held = "P and Q" if decoder else "P"
    line = (f"{what} has {shown} outputs: {held} would hold {count_text(entries)}{kind} exact entries "
            f"(about {bytes_text(entries * per)}); the limit is {count_text(allowed)} entries "
            f"(about {bytes_text(LIMIT_BYTES)})")
    raise ResourceLimitError(line + (f"; {alternative}" if alternative else ""))


def check_mechanism(name: str, d: int, n_outputs: int, *, outputs_text: str | None = None, exp_eps=None,
                    sets: str | None = None, detail: str = "") -> None:
    """:func:`check_matrix` for the mechanism ``name`` on ``d`` inputs (P and Q), symbolic when ``exp_eps`` has
    free symbols; with ``sets`` (its ``--set`` text) the refusal names the structured alternative."""
    check_matrix(f"{name} with d = {d}{detail}", n_outputs, d, outputs_text=outputs_text,
                 symbolic=bool(getattr(exp_eps, "free_symbols", ())),
                 alternative=None if sets is None else moments_hint(name, sets))


def check_count(what: str, count: int, *, limit: int = MAX_STEPS, unit: str = "steps",
                alternative: str | None = None) -> None:
    """Refuse (one line) a job whose time-like size ``count`` (an exact integer) exceeds ``limit``."""
    if count <= limit:
        return
    line = f"{what} needs {count_text(count)} {unit}; the limit is {count_text(limit)} {unit}"
    raise ResourceLimitError(line + (f"; {alternative}" if alternative else ""))


class Progress:
    """A one-line progress counter on standard error, shown only when it is a terminal.

    ``with Progress("building oue", total) as bar: bar.advance(1)``; silent when stderr is not a tty, so
    pipes, files and tests see nothing.
    """

    def __init__(self, label: str, total: int, *, stream=None, every: int | None = None):
        from . import sweep

        self.label, self.total, self.done = label, max(int(total), 1), 0
        self.stream = sys.stderr if stream is None else stream
        # inside a command's phase bar (ldpref.sweep.Phases) the count is shown beside that bar, not on a line of
        # its own that the bar would overwrite
        self.phases = sweep._ACTIVE[-1] if sweep._ACTIVE and stream is None else None
        self.enabled = (self.phases.enabled if self.phases is not None
                        else bool(getattr(self.stream, "isatty", lambda: False)()))
        self.every = every if every is not None else max(self.total // 200, 1)
        self._next = self.every

    def __enter__(self):
        return self

    def advance(self, step: int = 1) -> None:
        """Count ``step`` more items done and redraw the progress line when due."""
        self.done += step
        if self.enabled and self.done >= self._next:
            self._next = self.done + self.every
            percent = 100 * self.done // self.total
            text = f"{self.label}: {count_text(self.done)}/{count_text(self.total)} ({percent}%)"
            if self.phases is not None:
                self.phases.note(text)
                return
            self.stream.write("\r" + text)
            self.stream.flush()

    def __exit__(self, *exc):
        if self.enabled and self.phases is None:
            self.stream.write("\r" + " " * (len(self.label) + 40) + "\r")
            self.stream.flush()
        return False


def progress(label: str, items, total: int | None = None):
    """Iterate over ``items`` with a :class:`Progress` line (shown only on a terminal)."""
    items = list(items) if total is None and not hasattr(items, "__len__") else items
    with Progress(label, len(items) if total is None else total) as bar:
        for item in items:
            yield item
            bar.advance()


__all__ = ["ResourceLimitError", "progress", "check_matrix", "check_mechanism", "check_count", "moments_hint",
           "count_text", "bytes_text",
           "matrix_entries", "Progress", "LIMIT_BYTES", "BYTES_PER_ENTRY", "BYTES_PER_SYMBOLIC_ENTRY", "MAX_ENTRIES",
           "MAX_STEPS"]
