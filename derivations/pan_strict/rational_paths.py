"""Exact rational shortcuts of derivations.pan_strict.framework: the same values, computed in python-flint
``fmpq`` (or in sympy's field Q(symbols)) instead of sympy's expression arithmetic."""

from __future__ import annotations

import flint
import sympy
from flint import fmpq
from sympy.polys.fields import sfield


def _q(x) -> fmpq:
    return fmpq(int(x.p), int(x.q))


def rational_urp_l2(P: sympy.Matrix, Q: sympy.Matrix, n_clients):
    """``(sum_u (P 1)_u ||Q[:, u]||^2 / d - 1) / n`` (framework.urp_l2_loss) as a sympy Rational when P, Q are
    rational and n a positive integer; None otherwise."""
    U, d = P.shape
    n_c = sympy.sympify(n_clients)
    if not (n_c.is_Integer and n_c > 0 and all(getattr(x, "is_Rational", False) for x in (*P, *Q))):
        return None
    total = sum((sum((_q(x) for x in P.row(u)), fmpq(0)) * sum((_q(Q[v, u]) ** 2 for v in range(d)), fmpq(0))
                 for u in range(U)), fmpq(0))
    out = (total / d - 1) / int(n_c)
    return sympy.Rational(int(out.p), int(out.q))


def rational_urp_decoder(P: sympy.Matrix) -> sympy.Matrix:
    """``(P^T D^-1 P)^-1 P^T D^-1`` with ``D = diag(P 1)`` for a rational P: D^-1 P by scaling the rows (no U x U
    matrix D), inverted and multiplied in fmpq; a sympy Matrix of Rationals."""
    rows = [[_q(x) for x in P.row(u)] for u in range(P.shape[0])]
    DP = flint.fmpq_mat([[x / sum(row, fmpq(0)) for x in row] for row in rows])  # D^-1 P
    Q = (flint.fmpq_mat(rows).transpose() * DP).inv() * DP.transpose()
    return sympy.Matrix(Q.nrows(), Q.ncols(), [sympy.Rational(int(x.p), int(x.q)) for x in Q.entries()])


def is_zero(diff) -> bool:
    """``sympy.cancel(diff) == 0``: zero as built (sympy collects like terms on construction), or, for a rational
    function, zero as an element of the field Q(symbols) (one field normalisation, not a multivariate cancel)."""
    diff = sympy.sympify(diff)
    if diff == 0:
        return True
    if diff.is_rational_function():
        return sfield(diff)[1] == 0
    return sympy.cancel(diff) == 0
