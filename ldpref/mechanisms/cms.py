"""Count-Mean Sketch as an exact mechanism (pan-cms Section 3, Fig. 1, Eq. (2) and Eq. (8)).

A client with value x draws j uniformly from [k], hashes y = h_j(x) in [m], perturbs y with an inner
eps-LDP mechanism R on [m] and reports (j, z).  So the exact perturbation matrix is

    P[(j, z), x] = P_R[z, h_j(x)] / k.

The decoder of Eq. (2) estimates ``f_hat(x) = m/(n(m-1)) sum_i y_hat_i[h_j_i(x)] - 1/(m-1)`` with
``y_hat = Q_R[:, z]``; folded into one matrix (responses sum to one):

    Q[x, (j, z)] = m/(m-1) Q_R[h_j(x), z] - 1/(m-1).

Eq. (8)'s g(x) replaces m by m' = 1/c_bar for a family whose collision rate c_bar is constant.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from .. import linalg
from ..errors import MechanismError, ParameterError
from ..family import MechanismFamily
from ..hashing import HashFamily
from ..limits import check_matrix, progress
from ..mechanism import Mechanism
from ._params import accepts_eps
from .pure import grr, oue, sue

INNER = {"rr": "m-ary randomised response (Eq. 12)", "arp": "asymmetric RAPPOR / OUE (Eq. 13)",
         "srp": "symmetric RAPPOR / SUE (Eq. 14)"}


@accepts_eps
def inner_mechanism(kind: str, m: int, exp_eps) -> Mechanism:
    """The inner eps-LDP mechanism R on [m] with its unbiased decoder: ``rr``, ``arp`` or ``srp``."""
    if kind == "rr":
        return grr(m, exp_eps).mechanism
    if kind == "arp":
        return oue(m, exp_eps).mechanism
    if kind == "srp":
        return sue(m, exp_eps).mechanism
    raise ParameterError(f"inner mechanism {kind!r} unknown; choose one of {', '.join(INNER)}")


@dataclass(frozen=True)
class CMS:
    """A Count-Mean Sketch: its hash family, inner mechanism, decoder kind and exact mechanism."""

    family: HashFamily
    inner: Mechanism
    decoder: str  # "eq2" or "eq8"
    m_decoder: object  # the m used by the decoder (m for Eq. 2, m' = 1/c_bar for Eq. 8)
    mechanism: Mechanism


def cms(family: HashFamily, inner: Mechanism, *, decoder: str = "eq2", name: str | None = None) -> CMS:
    """Build the exact CMS mechanism of a hash family and an inner mechanism on [m].

    ``decoder="eq2"`` uses Eq. (2); ``decoder="eq8"`` uses g(x) of Eq. (8) with m' = 1/c_bar, which
    requires a constant collision rate c_bar(x, x') < 1 over all x != x'.
    """
    m = family.m
    if inner.d != m:
        raise MechanismError(f"inner mechanism has {inner.d} inputs, the hash family maps to m = {m}")
    check_matrix(f"CMS of {family.name} with d = {family.d}", family.k * inner.n_outputs, family.d,
                 outputs_text=f"{family.k} x {inner.n_outputs}",
                 symbolic=not (inner.domain.is_QQ or inner.domain.is_ZZ))
    if decoder == "eq2":
        m_dec = sympy.Integer(m)
    elif decoder == "eq8":
        rate = family.has_constant_collision_rate()
        if rate is None:
            raise MechanismError(f"{family.name}: Eq. (8) needs a constant collision rate c_bar(x, x'); it varies")
        if rate >= 1 or rate == 0:
            raise MechanismError(f"{family.name}: collision rate {rate} gives no finite m' = 1/c_bar > 1")
        m_dec = sympy.Rational(rate.denominator, rate.numerator)
    else:
        raise ParameterError(f"decoder {decoder!r}: choose 'eq2' or 'eq8'")
    dom = inner.domain
    k = family.k
    Pi, Qi = inner.P.to_list(), inner.Q.to_list()
    kk = dom.convert(k)
    md = dom.from_sympy(m_dec)
    scale, offset = md / (md - dom.one), dom.one / (md - dom.one)
    # each entry depends on (z, h(x)) only: divide and scale the m x |inner outputs| entries once, then pick.
    # Kept by bucket y: P_col[y] (Q_row[y]) lists the entries of the outputs (j, z), z = 0..|inner outputs|-1,
    # for an x with h_j(x) = y, so column x of P (row x of Q) is the concatenation over j of P_col[h_j(x)]
    # (Q_row[h_j(x)]): P[(j, z), x] = P_R[z, h_j(x)]/k, Q[x, (j, z)] = m/(m-1) Q_R[h_j(x), z] - 1/(m-1)
    P_col = [[Pi[z][y] / kk for z in range(inner.n_outputs)] for y in range(m)]
    Q_row = [[scale * Qi[y][z] - offset for z in range(inner.n_outputs)] for y in range(m)]
    xs = range(family.d)
    P_cols = [[] for _ in xs]
    Q_rows = [[] for _ in xs]
    labels = []
    for j, h in progress(f"building CMS {family.name}", list(enumerate(family.functions))):
        labels.extend(f"{j}:{label}" for label in inner.outputs)
        for x in xs:
            P_cols[x].extend(P_col[h[x]])
            Q_rows[x].extend(Q_row[h[x]])
    n_out = len(labels)
    P = linalg.dense_matrix(P_cols, (family.d, n_out), dom).transpose()
    Q = linalg.dense_matrix(Q_rows, (family.d, n_out), dom)
    mech = Mechanism(P, Q, outputs=labels, name=name or f"cms[{family.name}; {inner.name}; {decoder}]")
    return CMS(family, inner, decoder, m_dec, mech)


def cms_over_draws(families, inner: Mechanism, *, decoder: str = "eq2", name: str = "cms-draws") -> MechanismFamily:
    """The mixture of CMS mechanisms over equally likely hash-family draws (pan-cms Theorem 3.10)."""
    families = list(families)
    if not families:
        raise ParameterError("no hash-family draws")
    w = sympy.Rational(1, len(families))
    return MechanismFamily([(w, cms(f, inner, decoder=decoder).mechanism) for f in families], name=name)


def collision_rate_matrix(family: HashFamily) -> list[list[Fraction]]:
    """``c_bar[x][x']`` for all pairs (1 on the diagonal)."""
    return [[Fraction(1) if x == y else family.collision_rate(x, y) for y in range(family.d)] for x in range(family.d)]
