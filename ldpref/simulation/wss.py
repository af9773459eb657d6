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
from .base import MAX_PROTOCOL_DRAWS, Simulator, check_counts, check_rng, check_values, register, support_estimate, \
    to_float
from .pure import _exp
from ..limits import check_count

KEYS = {"d": D, "k": Key("int", None, help="support size (default: the l2-optimal k)"), "exp_eps": EXP,
        "seed": Key("int", None, help="seed of the WSS subset sampling (default 0, as `ldpref wss`)")}


class WSSSimulator(Simulator):
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

    def _column(self, x):
        col = self.columns[x]
        return col / col.sum()  # the float image of an exact distribution: sums to 1 up to rounding

    def protocol(self, values, rng):
        values, rng = check_values(values, self.d), check_rng(rng)
        n = values.size
        check_count("the real protocol of wss", n, limit=MAX_PROTOCOL_DRAWS, unit="random draws")
        order = np.argsort(values, kind="stable")
        bounds = np.searchsorted(values[order], np.arange(self.d + 1))
        responses = np.empty(n, dtype=np.int64)
        for x in range(self.d):  # one vectorised draw per input value, not per client
            lo, hi = bounds[x], bounds[x + 1]
            if hi > lo:
                responses[order[lo:hi]] = rng.choice(len(self.subsets), size=hi - lo, p=self._column(x))
        response_counts = np.bincount(responses, minlength=len(self.subsets))
        return support_estimate(response_counts @ self.incidence, n, self.p, self.q)

    def sufficient(self, counts, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        response_counts = np.zeros(len(self.subsets), dtype=np.int64)
        for x in np.flatnonzero(counts):
            response_counts += rng.multinomial(int(counts[x]), self._column(x))
        return support_estimate(response_counts @ self.incidence, int(counts.sum()), self.p, self.q)

    def exact(self):
        return self.mech


register("wss", WSSSimulator, keys=KEYS)

__all__ = ["WSSSimulator", "KEYS"]
