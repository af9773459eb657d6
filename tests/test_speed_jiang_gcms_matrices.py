"""The rational fast path of the GCMS matrices (``ldpref.mechanisms.gcms._rational_matrices``) against the
sympy path it replaces: every cell of P from Algorithm 1's distribution as sympy Rationals, the decoder's two
values, both through ``linalg.exact_matrix``."""

from __future__ import annotations

import itertools

import pytest
import sympy

from ldpref import linalg
from ldpref.mechanisms import gcms as G


def _reference(functions, m, s, p, decoder):
    """The matrices as the sympy path builds them: a sympy number per cell, then ``linalg.exact_matrix``."""
    k, d = len(functions), len(functions[0])
    kk = sympy.Integer(k)
    dists = {r: G.algorithm1_distribution(r, m, s, p) for r in range(m)}
    if decoder == "eq4":
        q = G.q_of(p, s, m)
        offset = p / m + q * (1 - sympy.Rational(1, m))
        denom = (p - q) * (1 - sympy.Rational(1, m))
        inside, outside = sympy.cancel((1 - offset) / denom), sympy.cancel(-offset / denom)
    else:
        inside, outside = sympy.Integer(1), sympy.Integer(0)
    P, Qc, labels = [], [], []
    for j, h in enumerate(functions):
        for X in (frozenset(t) for t in itertools.combinations(range(m), s)):
            labels.append(G.subset_label(j, X))
            P.append([dists[h[x]].get(X, sympy.Integer(0)) / kk for x in range(d)])
            Qc.append([inside if h[x] in X else outside for x in range(d)])
    Q = [[Qc[u][x] for u in range(len(labels))] for x in range(d)]
    return linalg.exact_matrix(P), linalg.exact_matrix(Q), tuple(labels)


@pytest.mark.parametrize("functions, m, s, p, decoder", [
    (((0, 1, 1), (2, 0, 1)), 3, 1, sympy.Rational(3, 4), "eq4"),
    (((0, 3, 1),), 4, 2, sympy.Rational(9, 10), "count"),
    (((1, 1), (0, 2), (2, 2)), 5, 3, sympy.Rational(1, 2), "eq4"),
    (((0, 1),), 2, 1, sympy.Integer(1), "count"),
])
def test_rational_matrices_match_the_sympy_path(functions, m, s, p, decoder):
    P, Q, labels = G._rational_matrices(functions, m, s, p, decoder)
    P0, Q0, labels0 = _reference(functions, m, s, p, decoder)
    assert labels == labels0
    assert P.domain == P0.domain == sympy.QQ and Q.domain == Q0.domain
    assert P.to_list() == P0.to_list() and Q.to_list() == Q0.to_list()
    assert P.shape == P0.shape and Q.shape == Q0.shape


def test_symbolic_p_keeps_the_sympy_path():
    p = sympy.Symbol("p")
    P, Q, labels = G._gcms_matrices(((0, 1),), 3, 1, p, "count")
    P0, Q0, labels0 = _reference(((0, 1),), 3, 1, p, "count")
    assert labels == labels0 and P.to_Matrix() == P0.to_Matrix() and Q.to_Matrix() == Q0.to_Matrix()


def test_x_only_rational_matches_the_sympy_sums():
    from ldpref.hashing import HashFamily
    from ldpref.mechanism import Mechanism

    for fam, s, p in [(HashFamily(((0, 1, 2), (1, 1, 0)), 3), 1, sympy.Rational(3, 5)),
                      (HashFamily(((0, 3), (2, 1), (1, 1)), 4), 2, sympy.Rational(9, 10))]:
        mech = G.gcms(fam, s, p, decoder="count")
        fast = G.x_only(mech)
        rows: dict = {}
        P = mech.perturbation_matrix()
        for u, label in enumerate(mech.outputs):
            row = rows.setdefault(label.split(":", 1)[1], [sympy.Integer(0)] * mech.d)
            for x in range(mech.d):
                row[x] += P[u, x]
        labels = sorted(rows)
        ref = Mechanism([rows[k] for k in labels], [[0] * len(labels) for _ in range(mech.d)], outputs=labels,
                        name=mech.name + "[x only]")
        assert fast.outputs == ref.outputs and fast.name == ref.name
        assert fast.P.to_list() == ref.P.to_list() and fast.Q.to_list() == ref.Q.to_list()
        assert fast.P.domain == ref.P.domain and fast.Q.domain == ref.Q.domain


def test_decoded_family_rational_decoder_matches_sympy_matrices():
    import derivations.jiang_gcms as J
    from proofs_checks.jiang_gcms import gcms_model as GM
    from proofs_checks.jiang_gcms import sec4a_algorithms as A

    for est in (J.eq4_printed(), J.eq4_derived()):
        d, m, k, s, p = 2, 3, 2, 1, sympy.Rational(3, 4)
        fam = A._decoded_family(d, m, k, s, p, est)
        qv = (s - p) / sympy.Integer(m - 1)
        a = sympy.cancel(sympy.diff(est.rhs, J.C).subs({J.p: p, J.q: qv, J.m: m}))
        b = sympy.cancel((est.rhs.subs(J.C, 0) / J.n).subs({J.p: p, J.q: qv, J.m: m}))
        for (w_, mech), (w0, count) in zip(fam.members, GM._family(d, m, k, s, p, "count").members):
            Qc = count.decoder_matrix()
            ref = count.with_decoder((a * Qc + b * sympy.ones(*Qc.shape)).tolist())
            assert w_ == w0 and mech.Q.domain == ref.Q.domain and mech.Q.to_list() == ref.Q.to_list()
