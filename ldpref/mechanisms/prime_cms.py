"""Optimized Count-Mean Sketch over a prime field (pan-strict Section 5.2, Appendix D).

The dictionary [d] is embedded in [d'] with d' the smallest prime >= d; the hash family is

    h_{a,b}(x) = ((a x + b) mod d') mod m,   a in 1..d'-1, b in 0..d'-1

(d'(d'-1) functions; a = 0 is excluded, unlike the affine family of pan-cms), and the hashed value is
perturbed by m-ary randomised response.  The exact perturbation matrix is that of
:func:`ldpref.mechanisms.cms.cms` with this family (one row per (function, perturbed bucket)).

Two decoders:

* ``"pooled"`` (default): pan-cms Eq. (8) with m' = 1/c_bar, c_bar the family's constant collision
  rate -- equivalently the support-set decoder ``(1[x in supp(y)] - q)/(p - q)`` with the mechanism's
  overall p and q.  This is the CMS estimator the paper refers to.
* ``"grouped"``: each response is decoded by the support-set decoder of the optimal symmetric
  configuration its support belongs to (support size floor(d'/m) or ceil(d'/m) in [d'], Theorem 5.1),
  i.e. with that configuration's own (p_k, q_k).

Registered for ``ldpref mechanism`` as ``ocms-prime`` (keys d, m, exp_eps, decoder).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import sympy

from ..errors import ParameterError
from ..exact import cancel
from ..hashing import HashFamily
from ..limits import check_count, check_mechanism
from ..mechanism import Mechanism
from . import Key, Spec, register
from ._params import accepts_eps, check_d, check_exp_eps
from .cms import cms
from .pure import grr

DECODERS = ("pooled", "grouped")


def next_prime(d: int) -> int:
    """The smallest prime >= d."""
    d = int(d)
    return int(sympy.nextprime(d - 1))


def prime_hash_family(d: int, m: int, d_prime: int | None = None) -> HashFamily:
    """``{((a x + b) mod d') mod m : a in 1..d'-1, b in 0..d'-1}`` on inputs 0..d-1 (d' prime >= d)."""
    d = check_d(d)
    dp = next_prime(d) if d_prime is None else int(d_prime)
    if not sympy.isprime(dp) or dp < d:
        raise ParameterError(f"d' = {dp} must be a prime >= d = {d}")
    if isinstance(m, bool) or not isinstance(m, int) or not 2 <= m < dp:
        raise ParameterError(f"m = {m!r} must be an int in 2..d'-1 = 2..{dp - 1}")
    check_count(f"the prime-affine family with d = {d}, d' = {dp}", (dp - 1) * dp * d, unit="hash values",
                alternative="use a smaller d")
    # the same table row by row (a outer, b inner), computed on int64 arrays: a x + b < d'^2 + d' is far inside
    # int64 for every d' the size check admits, and tolist() hands back Python ints
    a_, b_, x_ = np.arange(1, dp, dtype=np.int64), np.arange(dp, dtype=np.int64), np.arange(d, dtype=np.int64)
    table = ((a_[:, None, None] * x_[None, None, :] + b_[None, :, None]) % dp) % m
    functions = tuple(map(tuple, table.reshape(-1, d).tolist()))
    return HashFamily(functions, m, name=f"prime-affine(d={d}, d'={dp}, m={m})")


def bucket_sizes(d_prime: int, m: int) -> list[int]:
    """Size of bucket z in [m] over the extended dictionary [d']: #{t in [d'] : t mod m = z}."""
    return [len(range(z, d_prime, m)) for z in range(m)]


@dataclass(frozen=True)
class OCMS:
    family: HashFamily
    d_prime: int
    m: int
    exp_eps: sympy.Expr
    decoder: str
    mechanism: Mechanism
    #: for every output (in order), the size of its support in the extended dictionary [d']
    support_sizes: tuple[int, ...]


@accepts_eps
def ocms_prime(d: int, m: int, exp_eps, decoder: str = "pooled", d_prime: int | None = None) -> OCMS:
    """The exact OCMS mechanism on [d] (see the module docstring)."""
    if decoder not in DECODERS:
        raise ParameterError(f"decoder {decoder!r}: choose one of {', '.join(DECODERS)}")
    d = check_d(d)
    e = check_exp_eps(exp_eps)
    dp = next_prime(d) if d_prime is None else int(d_prime)
    if isinstance(m, int) and not isinstance(m, bool):  # (m itself is checked by prime_hash_family)
        check_mechanism("ocms-prime", d, (dp - 1) * dp * m, outputs_text="(d'-1) d' m", exp_eps=e,
                        sets=f"d={d} m={m} exp_eps={e}", detail=f", d' = {dp}, m = {m}")
    family = prime_hash_family(d, m, d_prime)
    base = cms(family, grr(m, e).mechanism, decoder="eq8",
               name=f"ocms-prime(d={d}, d'={dp}, m={m}, exp_eps={e}, {decoder})")
    sizes = bucket_sizes(dp, m)
    support_sizes = tuple(sizes[z] for _ in family.functions for z in range(m))
    mech = base.mechanism
    if decoder == "grouped":
        mech = mech.with_decoder(_grouped_decoder(family, dp, m, e, support_sizes), name=mech.name)
    return OCMS(family, dp, m, e, decoder, mech, support_sizes)


def _grouped_decoder(family: HashFamily, dp: int, m: int, e, support_sizes):
    """``Q[x, (j, z)] = (1[h_j(x) = z] - q_k)/(p_k - q_k)`` with (p_k, q_k) of the OSC on [d'] with
    support size k = |bucket z|: ``p_k = k e/(k e + d' - k)``, ``q_k = k((k-1) e + d' - k)/((k e + d' - k)(d' - 1))``
    (pan-strict Lemma B.1 and Lemma 3.1)."""
    entry = {}  # k -> (Q entry off the bucket, Q entry in the bucket), each cancelled once
    for k in set(support_sizes):
        den = k * e + dp - k
        p, q = k * e / den, k * ((k - 1) * e + dp - k) / (den * (dp - 1))
        entry[k] = (cancel((0 - q) / (p - q)), cancel((1 - q) / (p - q)))
    cols = []
    u = 0
    for h in family.functions:
        for z in range(m):
            values = entry[support_sizes[u]]
            cols.append([values[1 if h[x] == z else 0] for x in range(family.d)])
            u += 1
    return [[cols[u][x] for u in range(len(cols))] for x in range(family.d)]


register("ocms-prime", Spec(
    lambda d, m, exp_eps, decoder="pooled": ocms_prime(d, m, exp_eps, decoder).mechanism,
    {"d": Key("int", help="dictionary size (extended to the smallest prime d' >= d)"),
     "m": Key("int", help="hash range, 2 <= m < d'"),
     "exp_eps": Key("rational", help="e^eps as an exact rational, e.g. 3 or 5/2"),
     "decoder": Key("str", default="pooled", help="pooled (pan-cms Eq. 8) or grouped (per configuration)")},
    "optimized Count-Mean Sketch over the prime field GF(d') (pan-strict Section 5.2)"))

__all__ = ["next_prime", "prime_hash_family", "bucket_sizes", "ocms_prime", "OCMS", "DECODERS"]
