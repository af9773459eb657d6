"""Simulated points: ``ldpref.simulation.simulator(name, **params).sufficient_many(counts, trials, rng)``.

The simulators are written on branches sim-pure / sim-sketch; when :mod:`ldpref.simulation` is absent (or does
not know a mechanism) the figure draws its theory curves only and says so in a note.  Error bars: one standard
error of the mean over the trials.
"""

from __future__ import annotations

import importlib.util
import math

import numpy as np


def available() -> bool:
    """Whether ldpref.simulation is installed (figures draw only theory curves without it)."""
    return importlib.util.find_spec("ldpref.simulation") is not None


#: why the last call of :func:`estimates` returned None
LAST_REFUSAL = ""
#: cells (trials x hash functions x d) one batch of an ideal-family sketch simulation may hold
MAX_BATCH_CELLS = 20_000_000


def estimates(name: str, params: dict, counts: np.ndarray, trials: int, rng: np.random.Generator):
    """(trials, d) frequency estimates, or None when the simulator is not available or refuses by the resource
    rule (the reason is then in :data:`LAST_REFUSAL`, for the figure's note).

    The sufficient-statistics sampler is used; where it refuses by the resource rule (HE, RHR at d = 10^5:
    d x Hadamard columns), the real protocol runs on the dataset's n clients instead (same law).  Ideal-family
    sketches run in batches of trials so that one batch holds at most MAX_BATCH_CELLS table cells."""
    global LAST_REFUSAL
    LAST_REFUSAL = f"no simulator {name!r} in ldpref.simulation"
    from ldpref.sweep import note

    note(f"simulating {name} " + " ".join(f"{k}={v}" for k, v in params.items() if k != "d") + f", {trials} trials")
    if not available():
        return None
    from ldpref import simulation
    from ldpref.limits import ResourceLimitError

    if name not in simulation.SIMULATORS:
        return None
    counts = np.asarray(counts, dtype=np.int64)
    try:
        sim = simulation.simulator(name, **params)
    except ResourceLimitError as exc:
        LAST_REFUSAL = f"{name}: {exc}"
        return None
    per_trial = int(params.get("k") or 1) * len(counts) if params.get("family") == "ideal" else len(counts)
    batch = max(1, min(trials, MAX_BATCH_CELLS // max(1, per_trial)))
    out = []
    done = 0
    while done < trials:
        t = min(batch, trials - done)
        try:
            out.append(np.asarray(sim.sufficient_many(counts, t, rng)))
        except ResourceLimitError:
            values = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
            out.append(np.asarray(sim.protocol_many(values, t, rng)))
        done += t
    return np.concatenate(out, axis=0)


def ideal_at(name: str, params: dict, counts: np.ndarray, at: int, trials: int, rng: np.random.Generator):
    """(trials,) frequency estimates at the value ``at`` of an ideal-family sketch, exactly in law in O(d) per
    trial (:mod:`ldpref.simulation.ideal_at`): ``gcms`` (params m, k, s and p or eps: Algorithm 1 with Eq. (4)) or
    ``cms`` with ``inner="srp"`` (params m, k, eps: Apple's CMS, pan-cms Eq. (2)).  None without ldpref.simulation."""
    global LAST_REFUSAL
    LAST_REFUSAL = "ldpref.simulation is not installed"
    if not available():
        return None
    from fractions import Fraction

    from ldpref.simulation.ideal_at import frequency_estimates

    m, k = int(params["m"]), int(params["k"])
    if name == "gcms":
        s = int(params["s"])
        if "p" in params:
            p = Fraction(params["p"])
        else:  # Algorithm 4's p at the budget: e^eps s / (e^eps s + m - s), a float for sampling
            e = math.exp(float(params["eps"]))
            p = Fraction(e * s / (e * s + m - s))
        q = (p * (s - 1) + (1 - p) * s) / (m - 1)
    elif name == "cms" and params.get("inner") == "srp":
        half = math.exp(float(params["eps"]) / 2)  # sRP's bit probabilities at e^(eps/2): floats for sampling
        p, q = Fraction(half / (half + 1)), Fraction(1 / (half + 1))
    else:
        raise ValueError(f"no ideal-family sampler at one value for {name!r} {params}")
    return frequency_estimates(counts, at, k, m, p, q, trials, rng)


def at_values(kind: str, params: dict, counts: np.ndarray, at, trials: int, rng: np.random.Generator):
    """(trials, len(at)) estimates at the values ``at`` by a real protocol that reads only those values:
    ``kind`` ``ocms`` -- CMS with per-client GF(2^l) hashing (:class:`ldpref.simulation.per_client.PerClientCMS`);
    ``cms-he`` -- CMS+HE over k random functions shared per run
    (:class:`ldpref.simulation.shared_draw.SharedDrawCMSHE`).  None when ldpref.simulation is absent or refuses
    by the resource rule (the reason in :data:`LAST_REFUSAL`)."""
    global LAST_REFUSAL
    LAST_REFUSAL = "ldpref.simulation is not installed"
    from ldpref.sweep import note

    note(f"simulating {kind} " + " ".join(f"{k}={v}" for k, v in params.items() if k != "d") + f", {trials} trials")
    if not available():
        return None
    from ldpref.limits import ResourceLimitError
    from ldpref.simulation.per_client import PerClientCMS
    from ldpref.simulation.shared_draw import SharedDrawCMSHE

    counts = np.asarray(counts, dtype=np.int64)
    params = dict(params)
    try:
        if kind == "ocms":
            sim = PerClientCMS(params.pop("d"), params.pop("m"), **params)
        else:
            sim = SharedDrawCMSHE(params.pop("d"), params.pop("m"), params.pop("k"), **params)
        values = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
        return sim.protocol_at(values, at, trials, rng)
    except ResourceLimitError as exc:
        LAST_REFUSAL = f"{kind}: {exc}"
        return None


def losses(f_hat: np.ndarray, f: np.ndarray, values) -> dict:
    """Per-figure metrics over the values of interest: worst-case MSE (pan-cms Eq. (22): max over x of the mean
    squared error over trials; error bar: the standard error at that x), l1 and l2 (mean over trials, s.e.)."""
    err = f_hat[:, values] - f[values]
    t = err.shape[0]
    sq = err ** 2
    per_x = sq.mean(axis=0)
    worst = int(np.argmax(per_x))
    l1 = np.abs(err).sum(axis=1)
    l2 = sq.sum(axis=1)
    se = lambda a: float(a.std(ddof=1) / np.sqrt(t)) if t > 1 else 0.0  # noqa: E731
    return {"mse": (float(per_x[worst]), se(sq[:, worst])), "l1": (float(l1.mean()), se(l1)),
            "l2": (float(l2.mean()), se(l2)), "var": (err.var(axis=0, ddof=1) if t > 1 else np.zeros(err.shape[1]))}
