"""Structured pure protocols: GRR, SUE, OUE and Subset Selection without listing their outputs.

The same protocols as :mod:`ldpref.mechanisms.pure` (Wang et al. 2017, as in jiang-gcms Section II-B
and III-A; Subset Selection: Ye and Barg 2018), described by their per-coordinate and pairwise support
marginals:

* GRR: supports are singletons, ``p = e/(e + d - 1)``, ``q = 1/(e + d - 1)``; two values are never both
  supported.
* SUE / OUE: independent bits, so ``P(v, w in S | x) = P(v in S | x) P(w in S | x)``; SUE's bits are BRR
  at eps/2 (p = t/(t+1), q = 1/(t+1), t = e^(eps/2)), OUE's p = 1/2, q = 1/(e + 1).
* Subset Selection: k-subsets weighted e^eps when they hold the input, ``Z = C(d-1,k-1) e + C(d-1,k)``;
  the pairwise marginals count subsets: ``P(v, w in S | x in {v,w}) = C(d-2,k-2) e/Z`` and
  ``P(v, w in S | x not in {v,w}) = (C(d-3,k-3) e + C(d-3,k-2))/Z``.

Weighted Subset Selection: :mod:`.wss`.
"""

from __future__ import annotations

from ..mechanisms._params import accepts_eps, check_d, check_k
from ..mechanisms.pure import comb
from .field import exp_eps_field
from .symmetric import SymmetricModel, support_set_model


@accepts_eps
def grr(d: int, exp_eps) -> SymmetricModel:
    """Generalised randomised response as a symmetric model (support {x}: p = e^eps/(e^eps + d - 1))."""
    d = check_d(d)
    field, e = exp_eps_field(exp_eps)
    one = field.domain.one
    p, q = e / (e + d - 1), one / (e + d - 1)
    zero = field.domain.zero
    return support_set_model(f"grr(d={d}, exp_eps={exp_eps})", d, field, p_dec=p, q_dec=q, p=p, q=q,
                             both_in=zero, both_out=zero)


def _unary(name, d, field, p, q) -> SymmetricModel:
    return support_set_model(name, d, field, p_dec=p, q_dec=q, p=p, q=q, both_in=p * q, both_out=q * q)


@accepts_eps
def sue(d: int, exp_eps) -> SymmetricModel:
    """Symmetric unary encoding as a symmetric model (every bit through BRR at eps/2)."""
    d = check_d(d)
    field, t = exp_eps_field(exp_eps, half=True)
    one = field.domain.one
    return _unary(f"sue(d={d}, exp_eps={exp_eps})", d, field, t / (t + 1), one / (t + 1))


@accepts_eps
def oue(d: int, exp_eps) -> SymmetricModel:
    """Optimised unary encoding as a symmetric model (true bit 1/2, others 1/(e^eps + 1))."""
    d = check_d(d)
    field, e = exp_eps_field(exp_eps)
    one = field.domain.one
    return _unary(f"oue(d={d}, exp_eps={exp_eps})", d, field, one / 2, one / (e + 1))


@accepts_eps
def subset_selection(d: int, k: int, exp_eps) -> SymmetricModel:
    """Subset Selection (Ye and Barg 2018) as a symmetric model on k-subsets."""
    d = check_d(d)
    k = check_k(k, d)
    field, e = exp_eps_field(exp_eps)
    Z = comb(d - 1, k - 1) * e + comb(d - 1, k)
    p = comb(d - 1, k - 1) * e / Z
    q = (comb(d - 2, k - 2) * e + comb(d - 2, k - 1)) / Z
    both_in = comb(d - 2, k - 2) * e / Z
    both_out = (comb(d - 3, k - 3) * e + comb(d - 3, k - 2)) / Z
    return support_set_model(f"ss(d={d}, k={k}, exp_eps={exp_eps})", d, field, p_dec=p, q_dec=q, p=p, q=q,
                             both_in=both_in, both_out=both_out)
