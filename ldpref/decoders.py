"""Decoders (reconstruction matrices Q) for a perturbation matrix P.

* :func:`moore_penrose_decoder` -- ``(P^T P)^-1 P^T``, the least-norm left inverse of ``P``.
* :func:`urp_optimal_decoder` -- ``(P^T D^-1 P)^-1 P^T D^-1`` with ``D = diag(P 1)``: the unbiased
  decoder that minimises the l2 loss of the uniformly-random-permutation (URP) estimator
  (pan-strict Theorem 3.1, derived in ``derivations.pan_strict``).  It equals the Moore-Penrose
  decoder when the row sums of ``P`` are constant.
* :func:`support_set_decoder` -- the "pure protocol" decoder of Wang et al. (jiang-gcms Section II-B):
  ``Q[v, u] = (1{v in supp(u)} - q) / (p - q)``.
"""

from __future__ import annotations

from typing import Sequence

from sympy.polys.matrices import DomainMatrix

from . import linalg
from .errors import MechanismError, RankError
from .exact import to_exact


def require_full_column_rank(P: DomainMatrix, name: str) -> None:
    """Raise RankError unless P has full column rank (pan-strict Section 2.2: no unbiased decoder otherwise)."""
    rank = P.rank()
    if rank < P.shape[1]:
        raise RankError(
            f"{name}: P has rank {rank} < d = {P.shape[1]}; no unbiased decoder exists "
            f"(pan-strict Section 2.2: P must have full column rank)"
        )


def moore_penrose_decoder(P: DomainMatrix, *, name: str = "mechanism") -> DomainMatrix:
    """``(P^T P)^-1 P^T``; raises :class:`~ldpref.errors.RankError` when ``P`` is rank deficient."""
    P = P.to_field()
    require_full_column_rank(P, name)
    Pt = P.transpose()
    return linalg.matmul(linalg.matmul(Pt, P).inv(), Pt)


def urp_optimal_decoder(P: DomainMatrix, *, name: str = "mechanism") -> DomainMatrix:
    """``(P^T D^-1 P)^-1 P^T D^-1`` with ``D = diag(P 1)`` (pan-strict Theorem 3.1)."""
    P = P.to_field()
    require_full_column_rank(P, name)
    dom = P.domain
    sums = linalg.row_sums(P)
    for u, s in enumerate(sums):
        if s == dom.zero:
            raise MechanismError(f"{name}: output {u} has probability 0 under every input; drop it first")
    D_inv = linalg.diagonal_matrix([dom.one / s for s in sums], dom)
    Pt_Dinv = linalg.matmul(P.transpose(), D_inv)
    return linalg.matmul(linalg.matmul(Pt_Dinv, P).inv(), Pt_Dinv)


def support_set_decoder(supports: Sequence[Sequence[int]], d: int, p, q) -> list[list]:
    """Rows of the pure-protocol decoder: ``Q[v][u] = (1{v in supports[u]} - q)/(p - q)``.

    ``p`` and ``q`` are exact (floats raise ``TypeError``); ``p == q`` is refused.
    """
    p = to_exact(p, what="p")
    q = to_exact(q, what="q")
    if (p - q) == 0:
        raise MechanismError("support_set_decoder: p == q, the support counts carry no information")
    sets = [frozenset(s) for s in supports]
    inside, outside = (1 - q) / (p - q), (0 - q) / (p - q)  # the two entries, computed once (not per entry)
    return [[inside if v in s else outside for s in sets] for v in range(d)]
