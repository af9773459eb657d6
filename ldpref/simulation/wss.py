"""Simulator of Weighted Subset Selection (pan-strict Section 5.3; ``ldpref wss``), with the law of the certified
configuration that :func:`ldpref.wss.weighted_subset_selection` builds at the same ``d``, ``k``, ``exp_eps``
and ``seed`` (its structured form: :func:`ldpref.structured.wss.osc_model`).

Response y (a k-subset ``S_y``) has probability ``B w_y e`` when the input is in ``S_y`` and ``B w_y`` otherwise,
``B = d/(k e + d - k)``; the estimate is the support-set decoder with the OSC's (p, q).

* Real protocol: each client draws its response from its column (grouped by input value, O(n) draws);
  the server counts, per value, the responses whose subset holds it.
* Sufficient sampler: per input value one multinomial of its count over its column (R responses, at most
  d(d-1)/2), then the support counts through the subset incidence matrix: O(d R), independent of n.

The exact LP limits d (:func:`ldpref.wss.check_wss_size`), so both costs stay small.
"""

from __future__ import annotations

import numpy as np

from ..mechanisms import D, EXP, Key
from ..mechanisms._params import check_d
from .base import BatchedProtocol, check_counts, check_rng, check_trials, register, support_estimate, to_float
from .pure import _exp

KEYS = {"d": D, "k": Key("int", None, help="support size (default: the l2-optimal k)"), "exp_eps": EXP,
        "seed": Key("int", None, help="seed of the WSS subset sampling (default 0, as `ldpref wss`)")}


class WSSSimulator(BatchedProtocol):
    """Weighted Subset Selection (``wss``)."""

    def __init__(self, d, exp_eps, k=None, seed=None):
        from ..wss import osc_support_probabilities, weighted_subset_selection

        d, e = check_d(d), _exp(exp_eps)
        self.name, self.d, self.exp_eps = "wss", d, e
        self.mech, cert = weighted_subset_selection(d, k, e, seed, certify=False)
        self.k, self.seed = cert["k"], cert["seed"]
        self.params = {"d": d, "k": self.k, "exp_eps": e, "seed": self.seed}
        self.subsets = [tuple(int(v) for v in s.strip("{}").split(",")) for s in cert["subsets"]]
        P = self.mech.P.to_list()
        dom = self.mech.domain
        # column x of P as float64, converted explicitly entry by entry
        self.columns = np.array([[to_float(dom.to_sympy(P[y][x])) for y in range(len(P))] for x in range(d)])
        self.incidence = np.zeros((len(self.subsets), d), dtype=np.int64)
        for y, s in enumerate(self.subsets):
            self.incidence[y, list(s)] = 1
        p, q = osc_support_probabilities(d, self.k, e)
        self.p, self.q = to_float(p), to_float(q)

    @classmethod
    def from_configuration(cls, d, k, exp_eps, subsets, weights, seed=None):
        """The simulator of a configuration built elsewhere (e.g. :func:`ldpref.wss_lp.lp_configuration` at
        d = 100, verified exactly by :func:`ldpref.wss_lp.verify_configuration`): k-subsets and exact weights
        (Fractions summing to one).  Column x gives response y the probability ``B w_y e^[x in S_y]``, each entry
        computed exactly and converted to float once; :meth:`exact` is None (no dense Mechanism is built)."""
        from ..wss import osc_base_total, osc_support_probabilities

        self = cls.__new__(cls)
        d, e = check_d(d), _exp(exp_eps)
        self.name, self.d, self.exp_eps, self.k, self.seed = "wss", d, e, int(k), seed
        self.params = {"d": d, "k": self.k, "exp_eps": e, "seed": seed}
        self.mech = None
        self.subsets = [tuple(int(v) for v in s) for s in subsets]
        B = osc_base_total(d, self.k, e)
        inside, outside = to_float(B * e), to_float(B)
        w = np.array([float(wt) for wt in weights])
        self.incidence = np.zeros((len(self.subsets), d), dtype=np.int64)
        for y, s in enumerate(self.subsets):
            self.incidence[y, list(s)] = 1
        self.columns = (w[:, None] * np.where(self.incidence == 1, inside, outside)).T.copy()
        p, q = osc_support_probabilities(d, self.k, e)
        self.p, self.q = to_float(p), to_float(q)
        return self

    def _column(self, x):
        col = self.columns[x]
        return col / col.sum()  # the float image of an exact distribution: sums to 1 up to rounding

    def _decode(self, response_counts, n):
        return support_estimate(response_counts @ self.incidence, n, self.p, self.q)

    def _stats(self, x, trials, rng):
        """Response counts (trials x R): the clients of each input value draw from its column together."""
        R = len(self.subsets)
        out = np.zeros((trials, R), dtype=np.int64)
        offset = R * np.arange(trials)[:, None]
        values, sizes = np.unique(x, return_counts=True)
        for v, size in zip(values, sizes):  # one vectorised draw per input value, not per client
            drawn = rng.choice(R, size=(trials, int(size)), p=self._column(int(v))) + offset
            out += np.bincount(drawn.ravel(), minlength=trials * R).reshape(trials, R)
        return out

    def sufficient(self, counts, rng):
        return self.sufficient_many(counts, 1, rng)[0]

    def sufficient_many(self, counts, trials, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        response_counts = np.zeros((trials, len(self.subsets)), dtype=np.int64)
        for x in np.flatnonzero(counts):
            response_counts += rng.multinomial(int(counts[x]), self._column(x), size=trials)
        return self._decode(response_counts, int(counts.sum()))

    def exact(self):
        return self.mech


register("wss", WSSSimulator, keys=KEYS)

__all__ = ["WSSSimulator", "KEYS"]
