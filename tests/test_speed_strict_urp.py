"""pan-strict speed paths against the sympy computations they replace: the URP l2 loss in fmpq, the exact
KKT minimum by a rational linear solve, and _at_point with only the combinatorial nodes evaluated first."""

import numpy as np
import sympy

import derivations.pan_strict.constructions as C
import derivations.pan_strict.framework as D
from ldpref.random_mechanisms import random_perturbation_matrix, random_unbiased_decoder
from proofs_checks.pan_strict.constructions_common import _at, _at_point
from proofs_checks.pan_strict.framework import _urp_min_by_kkt


def _loss_sympy(P, Q, n_clients):
    """The URP loss formula on sympy numbers (the path for symbolic entries)."""
    U, d = P.shape
    rows = P * sympy.ones(d, 1)
    return (sum(rows[u] * sum(Q[v, u] ** 2 for v in range(d)) for u in range(U)) / d - 1) / n_clients


def _kkt_sympy(P, n_clients):
    """The stationary point of the loss over Q0 + Z N found by sympy (Poly, linsolve, subs)."""
    d = P.shape[1]
    Q0 = (P.T * P).inv() * P.T
    N = sympy.Matrix.hstack(*P.T.nullspace()).T
    Z = sympy.Matrix(d, N.shape[0], lambda i, j: sympy.Symbol(f"z_{i}_{j}"))
    unknowns = list(Z)
    loss = sympy.Poly(_loss_sympy(P, Q0 + Z * N, n_clients), *unknowns)
    (point,) = sympy.linsolve([loss.diff(z).as_expr() for z in unknowns], unknowns)
    return sympy.cancel(loss.as_expr().subs(dict(zip(unknowns, point)), simultaneous=True))


def test_urp_loss_and_kkt_minimum_equal_the_sympy_paths():
    rng = np.random.default_rng(7)
    for d, U in [(2, 3), (3, 4), (3, 5)]:
        P = random_perturbation_matrix(rng, d, U)
        Q0 = (P.T * P).inv() * P.T
        for n_c in (1, sympy.Integer(3)):
            best = _urp_min_by_kkt(P, n_c)
            assert best.is_Rational and best == _kkt_sympy(P, n_c)
            for Q in (Q0, random_unbiased_decoder(rng, P, Q0)):
                fast = D.urp_l2_loss(P, Q, n_c)
                assert fast.is_Rational and fast == _loss_sympy(P, Q, n_c) and fast >= best
        Q_other = random_unbiased_decoder(rng, P, Q0)
        assert D.urp_l2_loss(P, Q_other, 1) != D.urp_l2_loss(P, Q0, 1)  # the fast path depends on Q
    x = sympy.Symbol("x")  # symbolic entries keep the sympy path
    P = sympy.Matrix([[x, 1 - x], [1 - x, x]])
    assert D.urp_l2_loss(P, P.inv(), 1).free_symbols == {x}


def test_at_point_combinatorial_first_equals_full_substitution():
    form = C.ss_cost_form()
    for shift in (0, 2, sympy.Rational(1, 10**6)):
        f = sympy.Le(form.lhs, form.rhs - shift)
        for d_, k_ in [(2, 1), (7, 3), (20, 13), (19, 1)]:
            point = {C.d: sympy.Integer(d_), C.k: sympy.Integer(k_)}
            assert _at_point(f, d=d_, k=k_) is _at(f.xreplace(point))
    assert _at_point(sympy.Le(form.lhs, form.rhs - 2), d=20, k=13) is True
    assert _at_point(sympy.Le(form.lhs, form.rhs - 2), d=9, k=4) is False


def test_urp_optimal_decoder_fmpq_equals_sympy():
    rng = np.random.default_rng(11)
    for d, U in [(2, 3), (3, 5)]:
        P = random_perturbation_matrix(rng, d, U)
        Dinv = sympy.diag(*[1 / s for s in P * sympy.ones(d, 1)])
        slow = (P.T * Dinv * P).inv() * P.T * Dinv
        fast = D.urp_optimal_decoder(P)
        assert type(fast) is type(slow) and fast == slow
        assert (fast * P).applyfunc(sympy.cancel) == sympy.eye(d)
    x = sympy.Symbol("x", positive=True)  # symbolic: the sympy path
    P = sympy.Matrix([[x / (x + 1), 1 / (x + 1)], [1 / (x + 1), x / (x + 1)]])
    assert (D.urp_optimal_decoder(P) * P).applyfunc(sympy.cancel) == sympy.eye(2)
