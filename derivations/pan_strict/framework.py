"""Derivations for pan-strict (M. Pan, "Strict Optimality of Frequency Estimation Under LDP").

Our copy of the paper lost every formula, so every result here is derived from the paper's
definitions (Section 2.2: one-hot responses, ``nu`` their frequencies, ``f_hat = Q nu``):

* :func:`expectation_from_model` / :func:`expectation_form` -- Theorem 2.1: ``E[f_hat] = Q P f``.
* :func:`variance_from_model` / :func:`variance_form` -- Theorem 2.2: the variance vector
  ``((Q o Q) P f - (QP o QP) f)/n``, i.e. ``((Q o Q) P f - f)/n`` when ``Q P = I``.
* :func:`urp_l2_loss`, :func:`urp_optimal_decoder_form`, :func:`urp_minimum_l2` -- Theorem 3.1: the
  l2 loss of the uniformly-random-permutation (URP) estimator and its minimiser over unbiased decoders.
"""

from __future__ import annotations

import itertools
from functools import cache
from math import factorial

import sympy

# ---------------------------------------------------------------------------------------------
# Symbols of the printed-style (matrix) forms
n = sympy.Symbol("n", positive=True, integer=True)
d_sym = sympy.Symbol("d", positive=True, integer=True)
U_sym = sympy.Symbol("|U|", positive=True, integer=True)
P_M = sympy.MatrixSymbol("P", U_sym, d_sym)
Q_M = sympy.MatrixSymbol("Q", d_sym, U_sym)
f_M = sympy.MatrixSymbol("f", d_sym, 1)
E_fhat = sympy.MatrixSymbol(r"\mathbb{E}[\hat{f}]", d_sym, 1)
Var_fhat = sympy.MatrixSymbol(r"\mathrm{Var}[\hat{f}]", d_sym, 1)


def generic_mechanism(d: int, U: int):
    """Generic symbolic P (U x d), Q (d x U), f (d) for deriving identities entry by entry."""
    P = sympy.Matrix(U, d, lambda u, x: sympy.Symbol(f"P_{u}{x}"))
    Q = sympy.Matrix(d, U, lambda v, u: sympy.Symbol(f"Q_{v}{u}"))
    f = sympy.Matrix(d, 1, lambda x, _: sympy.Symbol(f"f_{x}"))
    return P, Q, f


# ---------------------------------------------------------------------------------------------
# Theorem 2.1
@cache
def expectation_form():
    """``E[f_hat] = Q P f`` (= f when QP = I)."""
    return sympy.Eq(E_fhat, sympy.MatMul(Q_M, P_M, f_M), evaluate=False)


def expectation_from_model(P: sympy.Matrix, Q: sympy.Matrix, f: sympy.Matrix) -> sympy.Matrix:
    """From the model: a client with value x emits output u w.p. P[u,x], so E[nu_u] = sum_x f_x P[u,x]
    (linearity over clients), and E[f_hat] = Q E[nu]."""
    U, d = P.shape
    e_nu = sympy.Matrix(U, 1, lambda u, _: sum(f[x] * P[u, x] for x in range(d)))
    return Q * e_nu


# ---------------------------------------------------------------------------------------------
# Theorem 2.2
@cache
def variance_form(unbiased: bool = True):
    """The variance vector; with ``QP = I`` it is ``((Q o Q) P f - f)/n``."""
    QQ = sympy.HadamardProduct(Q_M, Q_M)
    if unbiased:
        return sympy.Eq(Var_fhat, (sympy.MatMul(QQ, P_M, f_M) - f_M) / n, evaluate=False)
    QP = sympy.MatMul(Q_M, P_M)
    return sympy.Eq(Var_fhat, (sympy.MatMul(QQ, P_M, f_M) - sympy.MatMul(sympy.HadamardProduct(QP, QP), f_M)) / n,
                    evaluate=False)


def variance_from_model(P: sympy.Matrix, Q: sympy.Matrix, f: sympy.Matrix, n_clients) -> sympy.Matrix:
    """From the model (pan-strict Appendix A.1): the n f_x clients with value x give a multinomial
    count vector with covariance n f_x (diag(P_x) - P_x P_x^T); nu = counts / n, so
    Cov[nu] = (1/n) sum_x f_x (diag(P_x) - P_x P_x^T) and Var[f_hat] = diag(Q Cov[nu] Q^T)."""
    U, d = P.shape
    cov = sympy.zeros(U, U)
    for x in range(d):
        col = P[:, x]
        cov += f[x] * (sympy.diag(*col) - col * col.T)
    cov = cov / n_clients
    full = Q * cov * Q.T
    return sympy.Matrix(d, 1, lambda v, _: full[v, v])


def variance_closed_form(P: sympy.Matrix, Q: sympy.Matrix, f: sympy.Matrix, n_clients, unbiased: bool) -> sympy.Matrix:
    """The closed form of :func:`variance_form` evaluated on explicit matrices."""
    QQ = Q.multiply_elementwise(Q)
    if unbiased:
        return (QQ * P * f - f) / n_clients
    B = Q * P
    return (QQ * P * f - B.multiply_elementwise(B) * f) / n_clients


# ---------------------------------------------------------------------------------------------
# Theorem 3.1 (the URP estimator of Section 2.4 and its optimal decoder)
def urp_l2_loss(P: sympy.Matrix, Q: sympy.Matrix, n_clients):
    """l2 loss of the URP estimator built on (P, Q) with QP = I, for any dataset of n clients.

    Derivation: with a uniformly random permutation pi per client (reported with the response), a
    client with value x adds ``A[pi(v), pi(x)] - [v = x]`` to ``n^2 Var[f_hat_v]`` where
    ``A = (Q o Q) P``.  Averaging over pi and summing over v gives ``(1^T A 1)/d - 1`` per client, so
    ``l2 = (sum_u (P 1)_u ||Q[:, u]||^2 / d - 1) / n``, the same for every dataset.
    """
    U, d = P.shape
    rows = P * sympy.ones(d, 1)
    total = sum(rows[u] * sum(Q[v, u] ** 2 for v in range(d)) for u in range(U))
    return (total / d - 1) / n_clients


@cache
def urp_optimal_decoder_form():
    r"""``Q* = (P^T D^{-1} P)^{-1} P^T D^{-1}``, ``D = diag(P 1)``: minimise ``||Q D^{1/2}||_F^2``
    subject to ``Q D^{1/2} (D^{-1/2} P) = I``; the least-norm solution (Moore-Penrose of
    ``\tilde P = D^{-1/2} P``) gives ``Q D^{1/2} = \tilde P^+``."""
    D = sympy.MatrixSymbol("D", U_sym, U_sym)
    Dinv = sympy.Inverse(D)
    Pt = sympy.Transpose(P_M)
    inner = sympy.Inverse(sympy.MatMul(Pt, Dinv, P_M))
    return sympy.Eq(sympy.MatrixSymbol("Q^{*}", d_sym, U_sym), sympy.MatMul(inner, Pt, Dinv),
                    evaluate=False)


@cache
def urp_minimum_form():
    """``min l2 = (Tr((P^T D^-1 P)^-1)/d - 1)/n``."""
    D = sympy.MatrixSymbol("D", U_sym, U_sym)
    M = sympy.MatMul(sympy.Transpose(P_M), sympy.Inverse(D), P_M)
    return sympy.Eq(sympy.Symbol(r"\min_{Q P = I} l_2"), (sympy.Trace(sympy.Inverse(M)) / d_sym - 1) / n)


def urp_optimal_decoder(P: sympy.Matrix) -> sympy.Matrix:
    Dinv = sympy.diag(*[1 / s for s in P * sympy.ones(P.shape[1], 1)])
    return (P.T * Dinv * P).inv() * P.T * Dinv


def urp_minimum_l2(P: sympy.Matrix, n_clients):
    U, d = P.shape
    Dinv = sympy.diag(*[1 / s for s in P * sympy.ones(d, 1)])
    return (((P.T * Dinv * P).inv()).trace() / d - 1) / n_clients


def urp_mechanism_matrices(P: sympy.Matrix, Q: sympy.Matrix):
    """The URP mechanism as an explicit (P, Q): outputs (pi, y) for every permutation pi of [d];
    ``P_urp[(pi, y), x] = P[y, pi(x)] / d!`` and ``Q_urp[v, (pi, y)] = Q[pi(v), y]``."""
    U, d = P.shape
    perms = list(itertools.permutations(range(d)))
    rows, cols, labels = [], [[] for _ in range(d)], []
    for pi in perms:
        for y in range(U):
            labels.append(f"{''.join(map(str, pi))}:{y}")
            rows.append([P[y, pi[x]] / factorial(d) for x in range(d)])
            for v in range(d):
                cols[v].append(Q[pi[v], y])
    return rows, cols, labels
