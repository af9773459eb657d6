"""Shortcuts in building mechanisms: the flint column-stochastic check in front of the entry-by-entry
validation, and the reuse of exact matrices by the GCMS and pure-protocol builders."""

from __future__ import annotations

import pytest
import sympy

from ldpref.errors import MechanismError
from ldpref.exact import EXP_EPS
from ldpref.hashing import HashFamily
from ldpref.mechanism import Mechanism, _flint_stochastic
from ldpref.mechanisms import gcms as gcms_module
from ldpref.mechanisms.gcms import gcms
from ldpref.mechanisms.pure import grr, oue, subset_selection, sue
from ldpref import linalg


@pytest.mark.parametrize("rows, message", [
    ([["1/2", "-1/4"], ["1/2", "5/4"]], "P['0'][1] = -1/4 is negative"),
    ([["3/2", "1/4"], ["-1/2", "3/4"]], "P['0'][0] = 3/2 exceeds 1"),
    ([["1/2", "1/4"], ["1/3", "3/4"]], "column 0 of P (the output distribution of input 0) sums to 5/6, not 1"),
    ([["0", "1"], ["0", "0"]], "column 0 of P (the output distribution of input 0) sums to 0, not 1"),
])
def test_invalid_rational_perturbations_are_named_as_before(rows, message):
    P = linalg.exact_matrix([[sympy.Rational(x) for x in row] for row in rows], what="P")
    assert not _flint_stochastic(P)
    with pytest.raises(MechanismError) as err:
        Mechanism(rows)
    assert message in str(err.value)


def test_the_flint_check_accepts_exactly_the_stochastic_matrices():
    ok = linalg.exact_matrix([[sympy.Rational(1, 3), 0], [sympy.Rational(2, 3), 1]], what="P")
    assert _flint_stochastic(ok)
    symbolic = grr(2, EXP_EPS).mechanism.P
    assert not _flint_stochastic(symbolic)  # not a flint matrix: the general path decides


def _same(a: Mechanism, b: Mechanism):
    assert a is not b
    assert a.P == b.P and a.Q == b.Q and a.outputs == b.outputs and a.name == b.name
    assert a.domain == b.domain


@pytest.mark.parametrize("build", [
    lambda: grr(3, 2), lambda: grr(3, EXP_EPS), lambda: oue(3, sympy.Rational(5, 2)), lambda: sue(3, 4),
    lambda: subset_selection(4, 2, 3),
])
def test_pure_builders_give_fresh_equal_mechanisms(build):
    first, second = build(), build()
    _same(first.mechanism, second.mechanism)
    assert (first.supports, first.p, first.q) == (second.supports, second.p, second.q)
    second.mechanism.name = "renamed"  # one caller's mechanism is not another's
    assert build().mechanism.name == first.mechanism.name


def test_pure_builders_are_keyed_by_their_exact_arguments():
    assert grr(3, 2).mechanism.P != grr(3, 3).mechanism.P
    assert oue(3, 2).mechanism.P != sue(3, 4).mechanism.P  # same outputs, different p and q
    assert subset_selection(4, 1, 3).mechanism.n_outputs == 4 and subset_selection(4, 2, 3).mechanism.n_outputs == 6


def _gcms_by_rows(family, s, p, decoder):
    """The GCMS matrices by the cell-by-cell construction the cached builder replaced."""
    import itertools

    m, k, d = family.m, family.k, family.d
    subsets = [frozenset(t) for t in itertools.combinations(range(m), s)]
    dists = {r: gcms_module.algorithm1_distribution(r, m, s, p) for r in range(m)}
    q = gcms_module.q_of(p, s, m)
    mm = sympy.Integer(m)
    if decoder == "eq4":
        denom = (p - q) * (1 - 1 / mm)
        offset = p / mm + q * (1 - 1 / mm)
        inside, outside = sympy.cancel((1 - offset) / denom), sympy.cancel(-offset / denom)
    else:
        inside, outside = sympy.Integer(1), sympy.Integer(0)
    P, Qc = [], []
    for j, h in enumerate(family.functions):
        for X in subsets:
            P.append([dists[h[x]].get(X, 0) / sympy.Integer(k) for x in range(d)])
            Qc.append([inside if h[x] in X else outside for x in range(d)])
    Q = [[Qc[u][x] for u in range(len(P))] for x in range(d)]
    return Mechanism(P, Q)


@pytest.mark.parametrize("p", [sympy.Rational(3, 5), sympy.Symbol("p", positive=True)])
@pytest.mark.parametrize("decoder", ["eq4", "count"])
def test_gcms_matrices_match_the_cell_by_cell_construction(p, decoder):
    family = HashFamily(((0, 1, 2, 0), (2, 2, 1, 0)), 3)
    first, second = gcms(family, 2, p, decoder=decoder), gcms(family, 2, p, decoder=decoder)
    _same(first, second)
    ref = _gcms_by_rows(family, 2, p, decoder)
    assert first.P == ref.P and first.Q == ref.Q and first.domain == ref.domain
    other = gcms(HashFamily(((0, 1, 2, 1), (2, 2, 1, 0)), 3), 2, p, decoder=decoder)
    assert other.P != first.P
