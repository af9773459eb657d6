"""Sketches with a fresh uniformly random hash function per client (``family=ideal-fresh``).

The limit k -> infinity of the ideal family of :mod:`ldpref.structured.ideal` (pan-cms Theorem 3.10,
jiang-gcms Section IV): no two clients share a function, so the draw adds no variance -- the exact model is
:class:`~ldpref.structured.ideal.IdealSketchModel` with its draw term ``V/k`` set to zero (what remains are
the per-client moments under a uniform function).

Sufficient statistics in O(d), independent of n: for a client with value x and report z, the events
``ind(h(v), z) = 1`` for the values v != x are independent (the values h(v), v != x, of a uniform function
are iid uniform and independent of h(x) and z), each of probability ``p_other`` (1/m for m-ary RR's
``h(v) = z``; s/m for GCMS's ``h(v) in X``), and independent across clients; for v = x it has
probability ``p_own`` (p).  So the support count of v is ``Bin(c_v, p_own) + Bin(n - c_v, p_other)``,
independent over v.  This holds for inners whose indicator reads one report (GRR, Algorithm 1), not for a
unary bit vector (two values may hash to the same bit), which is refused.

The real protocol gives every client its own function (a row of an n x d table of uniform values): the
client hashes its value, the server evaluates every client's function on all d values -- O(n d), refused
beyond :data:`ldpref.simulation.hashes.MAX_TABLE`.
"""

from __future__ import annotations

import numpy as np

from ..limits import check_count
from .base import check_counts, check_rng, check_trials, check_values
from .hashes import MAX_TABLE, Table, random_table
from .sketch_core import SketchSimulator


class FreshSketchSimulator(SketchSimulator):
    """A sketch whose every client draws its own uniformly random function [d] -> [m]."""

    def __init__(self, name, params, d, inner, *, p_own: float, p_other: float, exact, **kw):
        m = inner.m
        super().__init__(name, params, d, lambda rng, t=1: None, inner, exact=exact, structured=exact, fixed=False,
                         k=1, **kw)
        self.m, self.p_own, self.p_other = m, p_own, p_other

    def protocol_many(self, values, trials, rng):
        values, rng = check_values(values, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        n = len(values)
        check_count(f"{self.name}: one function per client, n x d = {n} x {self.d}", n * self.d, limit=MAX_TABLE,
                    unit="hash values", alternative="use sufficient(), O(d) whatever n")
        out = []
        for _ in range(trials):
            fam = Table(random_table(self.d, self.m, n, rng), self.m)  # client i's function is row i
            i = np.arange(n, dtype=np.int64)
            report = self.inner.perturb(fam.hash(i, values), rng)
            Ind = self.inner.indicators(i, report, n)
            out.append(self.estimate(fam, i, Ind, n))
        return np.concatenate(out)

    def sufficient_many(self, counts, trials, rng):
        counts, rng = check_counts(counts, self.d), check_rng(rng)
        trials = check_trials(trials, self.d)
        n = int(counts.sum())
        c = np.broadcast_to(counts, (trials, self.d))
        support = rng.binomial(c, self.p_own) + rng.binomial(n - c, self.p_other)
        u = float(self.u[0])  # GRR and Algorithm 1: one u for every bucket
        return (self.scale * (n * float(self.w) + u * support) - self.offset * n) / n


def fresh_model(name: str, params: dict):
    """The exact model: the structured ideal sketch with the draw's variance term V/k removed."""
    from ..structured.registry import model

    mdl = model(name, **dict(params, family="ideal", k=1))
    mdl.Vk = mdl.domain.zero  # k -> infinity: no two clients share a function
    mdl.k = None
    mdl.name = mdl.name.replace("ideal(", "ideal-fresh(")
    return mdl
