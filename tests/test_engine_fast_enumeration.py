"""The enumeration's fast paths (integer-keyed outcomes, per-(u, j) power tables, flint products for rational
mechanisms) against a transcription of the term-by-term algorithm they replace."""

from __future__ import annotations

import itertools
from collections import defaultdict
from math import factorial

import pytest
import sympy

from ldpref.enumeration import (_compositions, enumerated_moments, estimate_distribution,
                                response_count_distribution)
from ldpref.exact import EXP_EPS
from ldpref.mechanism import Mechanism
from ldpref.mechanisms.pure import grr, oue, subset_selection


def _reference_distribution(mech, counts):
    dom = mech.domain
    P = mech.P.to_list()
    U = mech.n_outputs
    dist = {tuple([0] * U): dom.one}
    for x, c in enumerate(counts):
        if c == 0:
            continue
        group = {}
        for k in _compositions(c, U):
            prob = dom.convert(factorial(c))
            for u, ku in enumerate(k):
                if ku:
                    prob = prob * P[u][x] ** ku / dom.convert(factorial(ku))
            if prob != dom.zero:
                group[k] = prob
        new = defaultdict(lambda: dom.zero)
        for a, pa in dist.items():
            for b, pb in group.items():
                new[tuple(i + j for i, j in zip(a, b))] += pa * pb
        dist = dict(new)
    return dist


def _reference_moments(mech, counts):
    dom = mech.domain
    n = sum(counts)
    Q = mech.Q.to_list()
    dist = [(tuple(sum((Q[v][u] * k[u] for u in range(mech.n_outputs) if k[u]), dom.zero) / dom.convert(n)
                   for v in range(mech.d)), p) for k, p in _reference_distribution(mech, counts).items()]
    truth = [dom.convert(c) / dom.convert(n) for c in counts]
    mean = [sum((p * e[v] for e, p in dist), dom.zero) for v in range(mech.d)]
    var = [sum((p * (e[v] - mean[v]) ** 2 for e, p in dist), dom.zero) for v in range(mech.d)]
    mse = [sum((p * (e[v] - truth[v]) ** 2 for e, p in dist), dom.zero) for v in range(mech.d)]
    conv = dom.to_sympy
    return dist, {"mean": [conv(x) for x in mean], "variance": [conv(x) for x in var], "mse": [conv(x) for x in mse]}


def _skewed():
    # a rational mechanism with a zero entry and unequal columns (not a pure protocol), Moore-Penrose decoder
    P = [["1/2", "0", "1/5"], ["1/3", "3/4", "1/5"], ["1/6", "1/4", "3/5"]]
    return Mechanism(P, name="skewed")


def _two_symbols():
    # rational functions of two symbols, with a zero entry (ZZ(a, b)), Moore-Penrose decoder
    a, b = sympy.symbols("a b", positive=True)
    return Mechanism([[a, 0, 1 - b], [1 - a, sympy.Rational(1, 2), 0], [0, sympy.Rational(1, 2), b]], name="two")


MECHANISMS = [
    lambda: grr(3, 2).mechanism,
    lambda: oue(3, sympy.Rational(5, 2)).mechanism,
    lambda: subset_selection(4, 2, 3).mechanism,
    _skewed,
    lambda: grr(3, EXP_EPS).mechanism,  # rational functions of e^eps: polynomial-ring sums
    lambda: oue(3, EXP_EPS).mechanism,
    _two_symbols,
    lambda: grr(2, sympy.exp(sympy.Rational(1, 2))).mechanism,  # expression domain
]


COUNTS = [(1, 0, 2), (2, 1, 1), (0, 3, 0)]
#: every mechanism at every dataset, except OUE over e^eps (8 outputs) at one dataset only: its reference moments
#: take seconds in the fraction field, and the two others' paths (a zero count, several clients in one group, three
#: groups) in the polynomial ring are the ones GRR over e^eps takes at all three datasets
CASES = [(build, counts) for build in MECHANISMS for counts in COUNTS
         if build is not MECHANISMS[5] or counts == COUNTS[0]]


@pytest.mark.parametrize("build,counts", CASES)
def test_fast_paths_match_the_term_by_term_enumeration(build, counts):
    mech = build()
    counts = tuple(counts[:mech.d]) + (1,) * max(0, mech.d - len(counts))
    ref_dist = _reference_distribution(mech, counts)
    dist = response_count_distribution(mech, counts)
    assert list(dist) == list(ref_dist)  # same outcomes in the same order
    assert all(dist[k] == ref_dist[k] for k in ref_dist)
    ref_est, ref_moments = _reference_moments(mech, counts)
    est = estimate_distribution(mech, counts)
    assert len(est) == len(ref_est)
    for (e, p), (re, rp) in zip(est, ref_est):
        assert p == rp and e == re
        assert all(type(a) is type(b) for a, b in zip(e, re))
    moments = enumerated_moments(mech, counts)
    assert moments == ref_moments


def test_a_wrong_decoder_moves_the_rational_moments():
    mech = grr(3, 2).mechanism
    Q = [[x + (sympy.Rational(1, 7) if (i, j) == (0, 1) else 0) for j, x in enumerate(row)]
         for i, row in enumerate(mech.decoder_matrix().tolist())]
    other = mech.with_decoder(Q)
    assert enumerated_moments(other, (1, 1, 1)) != enumerated_moments(mech, (1, 1, 1))
    assert enumerated_moments(other, (1, 1, 1)) == _reference_moments(other, (1, 1, 1))[1]
