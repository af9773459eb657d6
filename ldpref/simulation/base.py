"""Simulators of the built-in mechanisms: the interface, the registry and the parameter rule (issue 13, item 1).

A :class:`Simulator` is one built-in mechanism at fixed exact parameters, simulated two ways with the same law
as its exact model (the Mechanism of ``ldpref mechanism NAME`` or the structured model of ``ldpref moments
NAME``; pan-strict Appendix A.1 for the estimate ``f_hat = Q nu``):

* :meth:`Simulator.protocol` -- the real protocol: every client randomises as a deployment would, the
  server aggregates and decodes;
* :meth:`Simulator.sufficient` -- a sampler of the same law whose cost does not grow with n (multinomial /
  binomial draws of the sufficient statistics).

Both return the FREQUENCY estimate (float64, shape (d,)), ``E[f_hat_v] = counts_v / n`` for unbiased
mechanisms.  Probabilities are exact sympy values converted once, explicitly, with ``float()``.

Parameters (:func:`parse_params`): exactly the ``--set`` keys of the exact registry for the name
(``ldpref.mechanisms.REGISTRY`` after :func:`ldpref.cli.mechanism.load_all_mechanisms`), or the keys a
simulator registers itself; ``eps`` (natural logarithm, e^eps = exp(eps) kept exact) is accepted instead of
``exp_eps``.  Values may be text (parsed by :mod:`ldpref.number_syntax`, ASCII only) or exact Python values
(int, Fraction, sympy); floats are refused.  Bad input raises :class:`~ldpref.errors.ParameterError` with one
line.  Randomness comes only from the given ``numpy.random.Generator``.
"""

from __future__ import annotations

import numbers
import re
from typing import Callable

import numpy as np
import sympy

from ..errors import ParameterError
from ..limits import LIMIT_BYTES, check_count

#: name -> factory(**parsed_params) -> Simulator
SIMULATORS: dict[str, Callable[..., "Simulator"]] = {}
#: name -> {key: ldpref.mechanisms.Key} for simulators whose keys are not those of ldpref.mechanisms.REGISTRY
_OWN_KEYS: dict[str, dict] = {}

#: Random draws one real-protocol call may make (time-like limit; the sufficient sampler has no such cost).
MAX_PROTOCOL_DRAWS = 2 * 10**9
#: Clients (or client-coordinates) processed per vectorised chunk of the real protocol (bounds memory).
CHUNK = 1 << 20
#: Largest n a sufficient sampler accepts (counts are held as int64).
MAX_N = 10**15


def register(name: str, factory: Callable[..., "Simulator"], keys: dict | None = None) -> None:
    """Register a simulator factory under the exact registry ``name``.

    ``keys`` (``{key: ldpref.mechanisms.Key}``) only for a simulator whose exact builder is not in
    ``ldpref.mechanisms.REGISTRY`` (e.g. ``wss``); otherwise the registry's keys are used."""
    if name in SIMULATORS:
        raise ValueError(f"simulator {name!r} registered twice")
    SIMULATORS[name] = factory
    if keys is not None:
        _OWN_KEYS[name] = dict(keys)


def keys_of(name: str) -> dict:
    """The ``--set`` keys of ``name``: ``{key: Key}`` (kind, default, help)."""
    if name in _OWN_KEYS:
        return _OWN_KEYS[name]
    from ..cli.mechanism import load_all_mechanisms
    from ..mechanisms import REGISTRY

    load_all_mechanisms()
    if name not in REGISTRY:
        raise ParameterError(f"simulator {name!r} has no exact registry entry")
    return REGISTRY[name].keys


def _int_value(key: str, value) -> int:
    if isinstance(value, str):
        text = value.strip()
        if re.fullmatch(r"[+-]?[0-9]{1,30}", text, re.ASCII):
            return int(text)
        from ..number_syntax import parse_number

        parsed = parse_number(text, what=key)
        if not parsed.is_Integer:
            raise ParameterError(f"{key} = {value!r} must be an integer")
        return int(parsed)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ParameterError(f"{key} = {value!r} must be an integer")
    return int(value)


def _exact_value(key: str, value, *, irrational: bool = False) -> sympy.Expr:
    from ..exact import to_exact
    from ..number_syntax import parse_number

    if isinstance(value, str):
        return parse_number(value, what=key, irrational=irrational)
    try:
        return to_exact(value, what=key)
    except TypeError as exc:
        raise ParameterError(str(exc)) from None


def _eps_to_exp_eps(value) -> sympy.Expr:
    from ..number_syntax import MAX_EXP_ARGUMENT

    eps = _exact_value("eps", value, irrational=True)
    if eps.free_symbols:
        raise ParameterError(f"eps = {eps}: an exact number is required")
    if not eps.is_positive:
        raise ParameterError(f"eps = {eps}: must be positive")
    if not eps <= MAX_EXP_ARGUMENT:
        raise ParameterError(f"eps = {eps}: at most {MAX_EXP_ARGUMENT} (e^eps at most 10^100)")
    return sympy.exp(eps)


def parse_params(name: str, params: dict) -> dict:
    """The factory's keyword arguments for ``name``: exactly the registry's keys (defaults filled in),
    ``eps`` turned into ``exp_eps``; one-line ParameterError for an unknown, missing or malformed key."""
    from ..mechanisms import REQUIRED

    keys = keys_of(name)
    values = dict(params)
    if "eps" in values and "eps" not in keys and "exp_eps" in keys:
        if "exp_eps" in values:
            raise ParameterError(f"{name}: give exp_eps or eps, not both")
        values["exp_eps"] = _eps_to_exp_eps(values.pop("eps"))
    unknown = sorted(set(values) - set(keys))
    if unknown:
        takes = ", ".join(keys) + (" (or eps instead of exp_eps)" if "exp_eps" in keys else "")
        raise ParameterError(f"{name}: unknown key(s) {', '.join(unknown)}; it takes {takes}")
    missing = [k for k, key in keys.items() if key.default is REQUIRED and k not in values]
    if missing:
        raise ParameterError(f"{name}: missing key(s) {', '.join(missing)}")
    out = {}
    for k, key in keys.items():
        if k not in values or values[k] is None:
            out[k] = None if key.default is REQUIRED else key.default
            continue
        value = values[k]
        if key.kind == "int":
            out[k] = _int_value(k, value)
        elif key.kind == "rational":
            out[k] = _exact_value(k, value, irrational=(k == "exp_eps"))
        else:
            if not isinstance(value, str):
                raise ParameterError(f"{k} = {value!r} must be text")
            out[k] = value
    return out


def make(name: str, **params) -> "Simulator":
    """The simulator ``name`` at ``params`` (see :func:`parse_params`)."""
    if name not in SIMULATORS:
        raise ParameterError(f"unknown simulator {name!r}; known: {', '.join(sorted(SIMULATORS))}")
    return SIMULATORS[name](**parse_params(name, params))


# ---- input checks ----------------------------------------------------------------------------------
def check_rng(rng) -> np.random.Generator:
    """``rng`` itself when it is a ``numpy.random.Generator``; a TypeError otherwise (no global RNG)."""
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    return rng


def check_values(values, d: int) -> np.ndarray:
    """One input value per client as a 1-D int64 array in 0..d-1 (one-line ParameterError otherwise)."""
    arr = np.asarray(values)
    if arr.ndim != 1:
        raise ParameterError(f"values: expected a 1-D array of client values, got shape {arr.shape}")
    if arr.size == 0:
        raise ParameterError("values: no clients (n = 0)")
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.integer):
        raise ParameterError(f"values: expected integers 0..{d - 1}, got dtype {arr.dtype}")
    if arr.dtype == np.uint64 and int(arr.max()) >= d:
        i = int(np.argmax(arr))
        raise ParameterError(f"values[{i}] = {int(arr[i])} is not an input 0..{d - 1}")
    arr = arr.astype(np.int64, copy=False)
    bad = np.flatnonzero((arr < 0) | (arr >= d))
    if bad.size:
        i = int(bad[0])
        raise ParameterError(f"values[{i}] = {int(arr[i])} is not an input 0..{d - 1} ({bad.size} such values)")
    return arr


def check_counts(counts, d: int) -> np.ndarray:
    """Counts per input value as an int64 array of length d, non-negative, n = sum in 1..MAX_N."""
    if isinstance(counts, (str, bytes)):
        raise ParameterError("counts: expected a sequence of integers, got text")
    try:
        arr = np.asarray(counts)
    except OverflowError:
        raise ParameterError("counts: an entry does not fit in 64 bits") from None
    if arr.ndim != 1:
        raise ParameterError(f"counts: expected a 1-D sequence, got shape {arr.shape}")
    if arr.shape[0] != d:
        raise ParameterError(f"counts: {arr.shape[0]} entries for a mechanism with d = {d} inputs")
    if arr.dtype == object:
        for x, c in enumerate(arr):
            if isinstance(c, bool) or not isinstance(c, numbers.Integral):
                raise ParameterError(f"counts[{x}] = {c!r} is not an integer count")
            if not -MAX_N <= c <= MAX_N:
                raise ParameterError(f"counts[{x}] = {c} exceeds the limit {MAX_N}")
        arr = arr.astype(np.int64)
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.integer):
        raise ParameterError(f"counts: expected integer counts, got dtype {arr.dtype}")
    if arr.dtype == np.uint64 and arr.size and int(arr.max()) > MAX_N:
        x = int(np.argmax(arr))
        raise ParameterError(f"counts[{x}] = {int(arr[x])} exceeds the limit {MAX_N}")
    arr = arr.astype(np.int64, copy=False)
    neg = np.flatnonzero(arr < 0)
    if neg.size:
        x = int(neg[0])
        raise ParameterError(f"counts[{x}] = {int(arr[x])} is negative")
    n = int(arr.sum(dtype=object))
    if n == 0:
        raise ParameterError("counts: the dataset is empty (n = 0)")
    if n > MAX_N:
        raise ParameterError(f"counts: n = {n} exceeds the limit {MAX_N}")
    return arr


def check_trials(trials, d: int) -> int:
    """``trials`` as a positive int, after the size check of a (trials, d) float64 array."""
    if isinstance(trials, bool) or not isinstance(trials, numbers.Integral) or trials < 1:
        raise ParameterError(f"trials = {trials!r} must be a positive integer")
    check_count(f"{int(trials)} trials x d = {d} estimates", int(trials) * d, limit=LIMIT_BYTES // 8,
                unit="float64 entries")
    return int(trials)


def to_float(value) -> float:
    """An exact sympy value leaving the exact world, explicitly (numbers only, no symbols)."""
    value = sympy.sympify(value)
    if value.free_symbols:
        raise ParameterError(f"{value}: a simulation needs a numeric value, not the symbol(s) "
                             f"{', '.join(sorted(map(str, value.free_symbols)))}")
    return float(value)


def support_estimate(support_counts: np.ndarray, n: int, p: float, q: float) -> np.ndarray:
    """The support-set decoder (jiang-gcms Section II-B, Eq. (1)): ``(count_v / n - q) / (p - q)``."""
    return (np.asarray(support_counts, dtype=np.float64) / n - q) / (p - q)


class Simulator:
    """One built-in mechanism at fixed parameters, simulated two ways with the same law as its exact model."""

    name: str = "simulator"
    #: the parameters as given to the factory (exact values, e.g. sympy Rational exp_eps)
    params: dict
    #: input domain size
    d: int

    def protocol(self, values: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """Real protocol: values = int64 array, one input value (0..d-1) per client; every client randomises
        as a deployment would, the server aggregates and estimates.  Returns f_hat, float64 shape (d,)."""
        raise NotImplementedError

    def sufficient(self, counts: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """Same law as ``protocol(values with these counts)``, cost independent of n.  Returns f_hat (d,)."""
        raise NotImplementedError

    def exact(self):
        """The exact object whose moments these estimates follow (a Mechanism, a MechanismFamily or a
        structured model accepted by ldpref.moments / ldpref.structured.moments)."""
        raise NotImplementedError

    def protocol_many(self, values, trials: int, rng: np.random.Generator) -> np.ndarray:
        """``trials`` independent runs of :meth:`protocol` on the same clients: shape (trials, d)."""
        values = check_values(values, self.d)
        trials = check_trials(trials, self.d)
        return np.stack([self.protocol(values, rng) for _ in range(trials)])

    def sufficient_many(self, counts, trials: int, rng: np.random.Generator) -> np.ndarray:
        """``trials`` independent runs of :meth:`sufficient`: shape (trials, d)."""
        counts = check_counts(counts, self.d)
        trials = check_trials(trials, self.d)
        return np.stack([self.sufficient(counts, rng) for _ in range(trials)])

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v}" for k, v in self.params.items() if v is not None)
        return f"{type(self).__name__}({self.name}: {shown})"


class BatchedProtocol(Simulator):
    """The real protocol through per-trial report statistics, vectorised over clients and trials (in chunks).

    Subclasses give ``_stats(x, trials, rng)`` -- the server's aggregate of the reports of clients ``x`` in
    ``trials`` independent runs, shape (trials, ...) -- and ``_decode(stats, n)`` -> f_hat (trials, d);
    ``_client_cost()`` is the number of random draws one client makes (it sizes the chunks)."""

    def _client_cost(self) -> int:
        return 1

    def _stats(self, x, trials, rng):
        raise NotImplementedError

    def _decode(self, stats, n):
        raise NotImplementedError

    def protocol(self, values, rng):
        return self.protocol_many(values, 1, rng)[0]

    def protocol_many(self, values, trials, rng):
        values, rng = check_values(values, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        n, cost = values.size, self._client_cost()
        check_count(f"the real protocol of {self.name} ({n:,} clients x {cost:,} draws)", n * cost,
                    limit=MAX_PROTOCOL_DRAWS, unit="random draws", alternative="use the sufficient-statistics sampler")
        rows = max(1, CHUNK // cost)  # clients per vectorised block
        out = []
        if n <= rows:
            per = max(1, rows // n)  # trials per block
            for t in range(0, trials, per):
                out.append(self._decode(self._stats(values, min(per, trials - t), rng), n))
        else:
            for _ in range(trials):
                stats = sum(self._stats(values[a:a + rows], 1, rng) for a in range(0, n, rows))
                out.append(self._decode(stats, n))
        return np.concatenate(out)


__all__ = ["Simulator", "BatchedProtocol", "SIMULATORS", "register", "keys_of", "parse_params", "make", "check_rng",
           "check_values",
           "check_counts", "check_trials", "to_float", "support_estimate", "MAX_PROTOCOL_DRAWS", "CHUNK", "MAX_N"]
