"""Count-Mean Sketch with merged outputs: the exact CMS mechanism of pan-cms Section 3 (Fig. 1, Eq. (2)) with its
outputs (j, z) of identical decoder column merged into one, so enumeration over them stays small.

``cms(family, inner)`` (:mod:`ldpref.mechanisms.cms`) lists every output (j, z): ``P[(j, z), x] = P_R[z, h_j(x)]/k``
and decoder column ``Q[x, (j, z)] = m/(m-1) Q_R[h_j(x), z] - 1/(m-1)``.  Two outputs whose decoder columns are equal
give the same estimate, so merging them (adding their P rows) leaves the distribution of f_hat -- hence every moment
and loss -- unchanged.  :func:`lumped_cms` merges them for any rational inner mechanism;
:func:`unary_cms_by_bits` builds the same merged mechanism for a unary inner mechanism (asymmetric RAPPOR = OUE,
Eq. (13); symmetric RAPPOR = SUE, Eq. (14)) without listing its 2^m outputs: the bits a report exposes at the
positions h_j(0..d-1) are independent with the mechanism's own (p, q).  Exact integer arithmetic throughout.

The number of merged outputs is at most k times the distinct decoder columns of one hash function (not
``k * |inner outputs|``), which is why no :func:`ldpref.limits.check_matrix` bound on the full CMS applies here.
Moved from ``proofs_checks/pan_cms/optimized_exact.py`` (its exact path for the optimized-CMS claims);
tests/test_cms_lumped.py checks both against a Fraction brute force of the CMS definition.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import gcd
from operator import itemgetter

import numpy as np

from ..exact import to_fraction as _frac
from ..hashing import HashFamily
from ..mechanism import Mechanism
from .pure import oue, sue


def _entries(matrix):
    """Rows of a rational sympy Matrix as Fractions (symbolic entries stay sympy)."""
    out = []
    for i in range(matrix.rows):
        row = []
        for j in range(matrix.cols):
            v = matrix[i, j]
            row.append(Fraction(int(v.p), int(v.q)) if v.is_Rational else v)
        out.append(row)
    return out


def _finish(keys: list, cols: list, values: list, denominator: int, family: HashFamily, name: str) -> Mechanism:
    """The lumped mechanism from integer column sums: output i has decoded values ``values[keys[i][x]]``
    (Fractions, indexed by value id) and ``P[i, x0] = cols[i][x0] / (denominator k)``."""
    m, d, k = family.m, family.d, family.k
    P = [[Fraction(v, denominator * k) for v in col] for col in cols]
    scale, offset = Fraction(m, m - 1), Fraction(1, m - 1)
    decoded = [scale * v - offset for v in values]
    Q = [[decoded[key[x]] for key in keys] for x in range(d)]
    text = [str(v) for v in values]
    labels = [",".join(text[i] for i in key) for key in keys]
    return Mechanism(P, Q, outputs=labels, name=name)


def _accumulate(acc: dict, key: tuple, col: list) -> None:
    prev = acc.get(key)
    if prev is None:
        acc[key] = col
    else:
        for i, v in enumerate(col):
            prev[i] += v


def _common_denominator(values) -> int:
    den = 1
    for v in values:
        den = den * v.denominator // gcd(den, v.denominator)
    return den


def _output_counts_loop(functions, qid, pint) -> dict:
    """:func:`_output_counts` output by output (the reference; also the fallback for codes too large for int64)."""
    pairs = list(zip(qid, pint))
    count = {}
    for h in functions:
        at = itemgetter(*h)
        for qz, pz in pairs:
            kc = (at(qz), at(pz))
            count[kc] = count.get(kc, 0) + 1
    return count


def _output_counts(family: HashFamily, qid, pint) -> dict:
    """``{(decoded-value ids, column): number of outputs (j, z) with them}`` over the outputs of ``cms(family,
    inner)`` in order (j outer, z inner), keys in order of first occurrence: output (j, z) has the ids
    ``qid[z][h_j(x)]`` and the integer column ``pint[z][h_j(x)]`` over x (tuples).  Computed with integer
    numpy arrays: each (id, column entry) pair of the inner mechanism gets a code, an output's codes over x are one
    base-K integer, and ``numpy.unique`` counts them and finds their first occurrences (exact: integers only).
    The same dict as :func:`_output_counts_loop`, which runs when ``d == 1`` or the base-K integers could overflow."""
    d = family.d
    codes, table = {}, []
    for qz, pz in zip(qid, pint):
        row = []
        for pair in zip(qz, pz):
            if pair not in codes:
                codes[pair] = len(codes)
            row.append(codes[pair])
        table.append(row)
    K = max(len(codes), 2)
    if d < 2 or K ** d >= 2 ** 62:
        return _output_counts_loop(family.functions, qid, pint)
    hs = np.array(family.functions, dtype=np.int64)  # (k, d)
    per_output = np.array(table, dtype=np.int64)[:, hs]  # (n_out, k, d): code of output (j, z) at x
    flat = per_output.transpose(1, 0, 2).reshape(-1, d)  # rows in output order (j outer, z inner)
    weights = np.array([K ** (d - 1 - x) for x in range(d)], dtype=np.int64)
    encoded = flat @ weights
    uniq, first, counts = np.unique(encoded, return_index=True, return_counts=True)
    pair_of = list(codes)
    count = {}
    for i in np.argsort(first, kind="stable"):
        pairs = [pair_of[c] for c in flat[first[i]].tolist()]
        count[(tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))] = int(counts[i])
    return count


def lumped_cms(family: HashFamily, inner: Mechanism) -> Mechanism:
    """``cms(family, inner).mechanism`` with outputs (j, z) of identical decoder column merged:
    ``P[(j,z), x] = P_R[z, h_j(x)]/k`` summed over the merged outputs, decoder column
    ``m/(m-1) Q_R[h_j(x), z] - 1/(m-1)``.  Exact integer arithmetic: a decoder value is keyed by its id
    (equal values, equal ids), probabilities are integers over the common denominator of P_R."""
    PR, QR = _entries(inner.perturbation_matrix()), _entries(inner.decoder_matrix())
    if not all(isinstance(v, Fraction) for row in PR + QR for v in row):
        raise TypeError("lumped_cms needs a rational inner mechanism")
    values, ids = [], {}
    for row in QR:
        for v in row:
            if v not in ids:
                ids[v] = len(values)
                values.append(v)
    den = _common_denominator(v for row in PR for v in row)
    n_out = inner.n_outputs
    qid = [[ids[QR[b][z]] for b in range(len(QR))] for z in range(n_out)]  # qid[z][b]: id of Q_R[b, z]
    pint = [[int(v * den) for v in PR[z]] for z in range(n_out)]  # P_R[z, b] * den
    acc = {}  # keys in order of first occurrence, as when accumulating output by output
    for (key, col), c in _output_counts(family, qid, pint).items():
        _accumulate(acc, key, [c * v for v in col])
    return _finish(list(acc), list(acc.values()), values, den, family, f"lumped cms[{family.name}; {inner.name}]")


def unary_cms_by_bits(family: HashFamily, kind: str, exp_eps) -> Mechanism:
    """The lumped CMS of a unary inner mechanism (aRP = OUE, sRP = SUE) on [m]: for hash j the report
    exposes the bits at positions S = {h_j(x)}, independent with P(bit s = 1) = p if s = h_j(x0) else q
    ((p, q) of the library's mechanism, which do not depend on m); decoded value (bit - q)/(p - q).
    Exact integer arithmetic: probabilities are integers over L^d (L the common denominator of p, q)."""
    proto = (oue if kind == "arp" else sue)(2, exp_eps)
    p, q = _frac(proto.p), _frac(proto.q)
    d = family.d
    den = _common_denominator((p, q))
    pi, qi = int(p * den), int(q * den)
    factor = {(True, 1): pi, (True, 0): den - pi, (False, 1): qi, (False, 0): den - qi}  # (s = h(x0), bit)
    values = [(0 - q) / (p - q), (1 - q) / (p - q)]  # the decoded value of a bit, by id = the bit
    acc = {}
    on, off = (factor[(True, 0)], factor[(True, 1)]), (factor[(False, 0)], factor[(False, 1)])
    for h in family.functions:
        pos = sorted(set(h))
        pad = den ** (d - len(pos))
        for bits in itertools.product((0, 1), repeat=len(pos)):
            b = dict(zip(pos, bits))
            rest = {}  # position s -> pad * prod over the other exposed positions s' of P(bit s' | s' != h(x0))
            for s in pos:
                prob = pad
                for t in pos:
                    if t != s:
                        prob *= off[b[t]]
                rest[s] = prob * on[b[s]]
            _accumulate(acc, tuple(b[y] for y in h), [rest[y] for y in h])
    return _finish(list(acc), list(acc.values()), values, den ** d, family, f"cms-by-bits[{family.name}; {kind}]")
