"""Sketches of a fixed hash family (CMS, OLH, GCMS per draw) from the inner model and collision counts.

A client with value x draws j uniformly from [k], perturbs ``h_j(x)`` with an inner mechanism R on [m]
and reports ``(j, z)``; every estimator here decodes report ``(j, z)`` for value v as
``s Q_R[h_j(v), z] - o`` (an affine map of the inner decoder), so with ``a = h_j(v)``, ``b = h_j(x)``:

* ``B[v][x] = (1/k) sum_j (s B_R[a, b] - o)``,
* ``A[v][x] = (1/k) sum_j (s^2 A_R[a, b] - 2 s o B_R[a, b] + o^2)``,
* ``C[v][w][x] = (1/k) sum_j (s^2 C_R[a, a', b] - s o (B_R[a, b] + B_R[a', b]) + o^2)``, ``a' = h_j(w)``.

With a symmetric inner model (:mod:`.symmetric`) the j-th term depends only on which of ``h_j(v)``,
``h_j(w)``, ``h_j(x)`` coincide, so ``B`` and ``A`` need the collision counts ``N[v][x] = #{j : h_j(v) =
h_j(x)}`` (pan-cms Lemma 3.1's ``k c_bar(v, x)``) and ``C`` the five collision patterns of three values.

* CMS (pan-cms Section 3, Eq. (2)): ``s = m/(m-1)``, ``o = 1/(m-1)``, inner rr / arp / srp (Eqs. 12-14).
* OLH (pan-cms Section 4.4, Wang et al. 2017): inner m-ary RR, decoder ``(1[h_j(v) = y] - 1/m)/(p - 1/m)``,
  i.e. ``s = (p - q)/(p - 1/m)``, ``o = (1/m - q)/(p - 1/m)``.
* GCMS (jiang-gcms Algorithms 1 and 3, Eq. (4)): the inner model of :func:`.gcms.algorithm1_model` with
  the CMS map (Eq. (4) is ``(m Q_R - 1)/(m - 1)`` for the support-set decoder Q_R of Algorithm 1).
"""

from __future__ import annotations

import numpy as np
import sympy

from ..hashing import HashFamily
from .base import StructuredModel, check_size
from .symmetric import SymmetricModel

#: The largest k * d hash table read into memory.
MAX_TABLE = 50_000_000


class SketchTerms:
    """The per-hash-function terms of an affine map ``s Q_R - o`` of a symmetric inner model."""

    def __init__(self, inner: SymmetricModel, scale, offset):
        R, s, o = inner, scale, offset
        self.inner, self.scale, self.offset = inner, scale, offset
        self.gB1, self.gB0 = s * R.b_eq - o, s * R.b_ne - o
        self.gA1 = s * s * R.a_eq - 2 * s * o * R.b_eq + o * o
        self.gA0 = s * s * R.a_ne - 2 * s * o * R.b_ne + o * o
        self.t_in = s * s * R.pair_in - s * o * (R.b_eq + R.b_ne) + o * o
        self.t_out = s * s * R.pair_out - 2 * s * o * R.b_ne + o * o


class FixedSketchModel(StructuredModel):
    """A sketch over a fixed family of k hash functions [d] -> [m] (each used with probability 1/k)."""

    def __init__(self, name: str, family: HashFamily, inner: SymmetricModel, scale, offset):
        if inner.d != family.m:
            raise ValueError(f"{name}: inner model on {inner.d} values, hash range m = {family.m}")
        check_size(f"{name}: hash table size k*d", family.k * family.d, MAX_TABLE)
        self.name, self.d, self.field = name, family.d, inner.field
        self.k, self.m = family.k, family.m
        self.table = np.asarray(family.functions, dtype=np.int64)  # k x d
        self.terms = SketchTerms(inner, scale, offset)
        self._rows: dict[int, np.ndarray] = {}

    def collisions(self, v: int) -> np.ndarray:
        """``N[v][x]`` for every x (cached per v)."""
        row = self._rows.get(v)
        if row is None:
            row = (self.table == self.table[:, v:v + 1]).sum(axis=0)
            self._rows[v] = row
        return row

    def _mix(self, count: int, hit, miss):
        dom = self.domain
        return (dom.convert(int(count)) * hit + dom.convert(self.k - int(count)) * miss) / dom.convert(self.k)

    def b(self, v, x):
        return self._mix(self.collisions(v)[x], self.terms.gB1, self.terms.gB0)

    def a(self, v, x):
        return self._mix(self.collisions(v)[x], self.terms.gA1, self.terms.gA0)

    def pair(self, v, w, x):
        T, H, dom = self.terms, self.table, self.domain
        hv, hw, hx = H[:, v], H[:, w], H[:, x]
        vw, vx, wx = hv == hw, hv == hx, hw == hx
        all3 = int((vw & vx).sum())
        only_vw = int((vw & ~vx).sum())
        only_vx = int((vx & ~vw).sum())
        only_wx = int((wx & ~vw).sum())
        none = self.k - all3 - only_vw - only_vx - only_wx
        total = (dom.convert(all3) * T.gA1 + dom.convert(only_vw) * T.gA0
                 + dom.convert(only_vx + only_wx) * T.t_in + dom.convert(none) * T.t_out)
        return total / dom.convert(self.k)


def cms_terms(m, dom):
    """pan-cms Eq. (2)'s map: ``s = m/(m-1)``, ``o = 1/(m-1)`` (Eq. (8): m' = 1/c_bar in place of m)."""
    mm = dom.from_sympy(sympy.sympify(m))
    return mm / (mm - 1), dom.one / (mm - 1)


def olh_terms(inner: SymmetricModel, p, q):
    """OLH's map of the inner GRR decoder: ``s = (p - q)/(p - 1/m)``, ``o = (1/m - q)/(p - 1/m)``."""
    dom = inner.domain
    g = dom.one / dom.convert(inner.d)
    return (p - q) / (p - g), (g - q) / (p - g)
