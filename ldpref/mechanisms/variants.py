"""Exact builders for the mechanisms of pan-cms Section 4 (and their ``ldpref mechanism`` names).

Every builder constructs the mechanism the way its description runs -- draw the public randomness,
encode, perturb -- and accumulates the exact probability of every labelled output; none of them calls
:func:`ldpref.mechanisms.cms.cms`, so comparing them with a CMS is a real check.

* :func:`tns` -- Definition 4.1 (transformation and sampling): value x becomes row ``M[x]`` of a matrix,
  one element ``M[x][j]`` is drawn uniformly and perturbed by an inner mechanism; the report is
  ``(j, z)``.  The elements of M are relabelled ``0..m-1`` in sorted order.
* :func:`hadamard_encoding` (HE, Section 4.1): rows ``x + 1`` of the Walsh-Hadamard matrix
  ``H[i][j] = (-1)^{popcount(i & j)}`` (Appendix G), one element drawn, binary randomised response on
  ``{+1, -1}``; decoder of Appendix G divided by n: ``Q[x, (j, z)] = H_hat(z) H[j][x + 1]``.
* :func:`hadamard_response` (HR, Section 4.2): a public row j, the bit ``[H[j][x + 1] = +1]``, binary
  randomised response on the bit, decoded like HE.
* :func:`recursive_hadamard_response` (RHR, Section 4.3), see its docstring for how the text is read.
* :func:`local_hashing` (LH / OLH, Section 4.4): a public hash function from a family, m-ary randomised
  response of the hashed value, the support-set decoder of Wang et al. (2017).
* :func:`rappor_cohorts` (Section 4.6): one cohort per hash function, a one-hash Bloom filter of m bits,
  every bit flipped independently.
* :func:`compose_families` (Section 4.5): the hash family of a recursive CMS.

The registry names (``ldpref mechanism NAME``): ``cms``, ``he``, ``hr``, ``rhr``, ``olh``, ``cms-he``.
"""

from __future__ import annotations

import itertools
import numbers

import numpy as np
import sympy

from ..errors import ParameterError
from ..exact import cancel, to_exact
from ..hashing import HashFamily, gf2_affine_family, gf2_affine_mod_family, random_family, \
    warn_if_not_pairwise_uniform
from ..limits import MAX_ENTRIES, check_count, check_mechanism, progress
from ..mechanism import Mechanism
from . import Key, Spec, register
from ._params import accepts_eps, check_d, check_exp_eps
from .cms import INNER, cms, inner_mechanism
from .pure import grr


FAMILIES = ("gf2-affine", "gf2-affine-mod", "random")


# ---- small helpers ----------------------------------------------------------------------------
def _int(value, what: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} = {value!r} must be an int")
    if value < low:
        raise ParameterError(f"{what} = {value} must be at least {low}")
    return int(value)


def _power_of_two_above(value: int) -> int:
    """The smallest power of two strictly larger than ``value``."""
    size = 1
    while size <= value:
        size *= 2
    return size


def walsh_hadamard(size: int) -> list[list[int]]:
    """pan-cms Appendix G: ``H[i][j] = (-1)^{i . j}`` with ``i . j`` the parity of the bitwise AND."""
    size = _int(size, "Hadamard size", 1)
    if size & (size - 1):
        raise ParameterError(f"Hadamard size {size} is not a power of two")
    return [[-1 if bin(i & j).count("1") % 2 else 1 for j in range(size)] for i in range(size)]


def _hadamard_size(rows_needed: int, size, what: str) -> int:
    """A power-of-two size whose rows include 1..rows_needed (row 0 is the all-ones row)."""
    if size is None:
        return _power_of_two_above(rows_needed)
    size = _int(size, "size", 2)
    if size & (size - 1):
        raise ParameterError(f"size = {size}: a Walsh-Hadamard matrix has a power-of-two size")
    if size <= rows_needed:
        raise ParameterError(f"size = {size}: {what} uses rows 1..{rows_needed}, so the size must exceed {rows_needed}")
    return size


# ---- Definition 4.1 ---------------------------------------------------------------------------
def tns(M, inner: Mechanism, *, decoder=None, name: str = "tns") -> Mechanism:
    """Definition 4.1 run literally on a d x k matrix ``M`` (rows indexed by the input value).

    Step 1 turns x into the row ``M[x]``; step 2 draws j uniformly from the k positions of the row;
    step 3 perturbs the element ``M[x][j]`` with ``inner`` (whose inputs are the distinct elements of M in
    sorted order).  The report is ``(j, z)``, labelled ``"j:z"``.  ``decoder(x, j, z_index)`` gives the
    decoder entry; by default the Eq. (2) decoder with m = the number of distinct elements.
    """
    rows = [list(r) for r in M]
    d, k = len(rows), len(rows[0])
    if any(len(r) != k for r in rows):
        raise ParameterError(f"{name}: the rows of M have different lengths")
    values = sorted({v for r in rows for v in r})
    index = {v: i for i, v in enumerate(values)}
    if inner.d != len(values):
        raise ParameterError(f"{name}: M has {len(values)} distinct elements, the inner mechanism {inner.d} inputs")
    check_mechanism(name, d, k * inner.n_outputs, outputs_text=f"{k} x {inner.n_outputs}")
    PR = inner.perturbation_matrix()
    prob: dict[tuple[int, int], list] = {}
    for x in range(d):
        row = rows[x]  # step 1
        for j in range(k):  # step 2: each position with probability 1/k
            element = row[j]
            for z in range(inner.n_outputs):  # step 3
                cell = prob.setdefault((j, z), [sympy.Integer(0)] * d)
                cell[x] += sympy.Rational(1, k) * PR[z, index[element]]
    keys = sorted(prob)
    labels = [f"{j}:{inner.outputs[z]}" for j, z in keys]
    P = [prob[key] for key in keys]  # one term per cell: nothing to simplify
    if decoder is None:
        m = len(values)
        QR = inner.decoder_matrix()
        memo = {}

        def decoder(x, j, z):
            key = (index[rows[x][j]], z)
            if key not in memo:
                memo[key] = cancel(sympy.Rational(m, m - 1) * QR[key[0], z] - sympy.Rational(1, m - 1))
            return memo[key]
    Q = [[decoder(x, j, z) for (j, z) in keys] for x in range(d)]
    return Mechanism(P, Q, outputs=labels, name=name)


def family_matrix(family: HashFamily) -> list[list[int]]:
    """The d x k matrix whose column j is h_j (the TnS matrix of a hash family)."""
    return [[h[x] for h in family.functions] for x in range(family.d)]


def columns_family(M, name: str = "columns") -> HashFamily:
    """Theorem 4.1: the hash family made of the columns of M (elements relabelled 0..m-1)."""
    rows = [list(r) for r in M]
    values = sorted({v for r in rows for v in r})
    index = {v: i for i, v in enumerate(values)}
    k = len(rows[0])
    return HashFamily(tuple(tuple(index[rows[x][j]] for x in range(len(rows))) for j in range(k)), len(values),
                      name=name)


# ---- Sections 4.1 and 4.2 ---------------------------------------------------------------------
def _binary_rr_on(values, exp_eps):
    """Binary randomised response on the two ``values``: keep w.p. e^eps/(e^eps + 1).  Returns
    ``(prob(z | v), reconstruction(z))`` where the reconstruction is the unbiased estimate of the value."""
    e = check_exp_eps(exp_eps)
    keep, flip = e / (e + 1), 1 / (e + 1)

    def prob(z, v):
        return keep if z == v else flip

    a, b = values

    def reconstruction(z):
        # E[z | v] = keep v + flip (a + b - v) = (keep - flip) v + flip (a + b): invert it
        return cancel((z - flip * (a + b)) / (keep - flip))

    return prob, reconstruction


@accepts_eps
def hadamard_encoding(d: int, exp_eps, size: int | None = None) -> Mechanism:
    """HE (pan-cms Section 4.1 and Appendix G), built step by step.

    A Walsh-Hadamard matrix of a power-of-two size larger than d (default: the smallest); value x takes
    row x + 1; an element ``H[x + 1][j]`` is drawn uniformly; it is perturbed by binary randomised response
    on {+1, -1}; the report ``(j, z)`` is labelled ``"j:+1"`` / ``"j:-1"``.  Decoder: Appendix G's
    ``H_hat H[j][x + 1]`` with ``H_hat`` the unbiased reconstruction of the perturbed +-1, divided by n
    (f is a frequency).
    """
    d = check_d(d)
    e = check_exp_eps(exp_eps)
    s = _hadamard_size(d, size, f"HE with d = {d}")
    check_mechanism("he", d, 2 * s, sets=f"d={d} exp_eps={e}", outputs_text=f"2 x {s}", exp_eps=e)
    H = walsh_hadamard(s)
    prob, rec = _binary_rr_on((1, -1), e)
    law = {(z, v): cancel(prob(z, v) / s) for z in (1, -1) for v in (1, -1)}
    hat = {z: rec(z) for z in (1, -1)}
    labels, P, Q = [], [], []
    for j in progress("building he", range(s)):
        for z in (1, -1):
            labels.append(f"{j}:{z:+d}")
            P.append([law[(z, H[x + 1][j])] for x in range(d)])
            Q.append([hat[z] * H[j][x + 1] for x in range(d)])
    Qt = [[Q[u][x] for u in range(len(labels))] for x in range(d)]
    return Mechanism(P, Qt, outputs=labels, name=f"he(d={d}, size={s}, exp_eps={e})")


@accepts_eps
def hadamard_response(d: int, exp_eps, size: int | None = None) -> Mechanism:
    """HR as in pan-cms Section 4.2 (the version of its ref. [14]).

    A public row j of a Walsh-Hadamard matrix (power-of-two size larger than d) is drawn uniformly; the
    client answers the bit ``[H[j][x + 1] = +1]`` (value x is column x + 1); the bit goes through binary
    randomised response; the report ``(j, b)`` is labelled ``"j:1"`` / ``"j:0"``.  Decoder: HE's, with
    the reported bit read as +1 (1) or -1 (0): ``Q[x, (j, b)] = H_hat(b) H[j][x + 1]``.
    """
    d = check_d(d)
    e = check_exp_eps(exp_eps)
    s = _hadamard_size(d, size, f"HR with d = {d}")
    check_mechanism("hr", d, 2 * s, sets=f"d={d} exp_eps={e}", outputs_text=f"2 x {s}", exp_eps=e)
    H = walsh_hadamard(s)
    prob, rec = _binary_rr_on((1, 0), e)
    law = {(bit, v): cancel(prob(bit, v) / s) for bit in (1, 0) for v in (1, 0)}
    sign_hat = {bit: cancel(2 * rec(bit) - 1) for bit in (1, 0)}  # reconstruction of the +-1 behind the bit
    labels, P, Q = [], [], []
    for j in progress("building hr", range(s)):
        for bit in (1, 0):
            labels.append(f"{j}:{bit}")
            P.append([law[(bit, 1 if H[j][x + 1] == 1 else 0)] for x in range(d)])
            Q.append([sign_hat[bit] * H[j][x + 1] for x in range(d)])
    Qt = [[Q[u][x] for u in range(len(labels))] for x in range(d)]
    return Mechanism(P, Qt, outputs=labels, name=f"hr(d={d}, size={s}, exp_eps={e})")


def hadamard_response_family(d: int, size: int | None = None) -> HashFamily:
    """HR's hash functions ``h_j(x) = [H[j][x + 1] = +1]`` (Section 4.2, Step 2)."""
    d = check_d(d)
    s = _hadamard_size(d, size, f"HR with d = {d}")
    H = walsh_hadamard(s)
    return HashFamily(tuple(tuple(1 if H[j][x + 1] == 1 else 0 for x in range(d)) for j in range(s)), 2,
                      name=f"hr-rows(d={d}, size={s})")


# ---- Section 4.3 ------------------------------------------------------------------------------
def rhr_message(x: int, b: int, sign: int) -> int:
    """The index in [2^b] of RHR's message (sign, x mod 2^(b-1)): ``0..B-1`` for +1, ``B..2B-1`` for -1."""
    B = 1 << (b - 1)
    return (0 if sign == 1 else B) + x % B


def rhr_message_label(index: int, b: int) -> str:
    """The label of an RHR message index: sign and position, e.g. ``+1`` or ``-0``."""
    B = 1 << (b - 1)
    return f"{'+' if index < B else '-'}{index % B}"


def rhr_size(d: int, b: int) -> int:
    """Smallest power-of-two Hadamard size holding rows 1..ceil(d / 2^(b-1))."""
    B = 1 << (b - 1)
    return _power_of_two_above(-(-d // B))


def rhr_matrix(d: int, b: int, size: int | None = None) -> list[list[tuple[int, int]]]:
    """The TnS matrix of RHR: ``M[x][j] = (H[x // B + 1][j], x mod B)`` with ``B = 2^(b-1)``."""
    d = check_d(d)
    b = _int(b, "b", 1)
    B = 1 << (b - 1)
    s = _hadamard_size(-(-d // B), size, f"RHR with d = {d}, b = {b}")
    H = walsh_hadamard(s)
    return [[(H[x // B + 1][j], x % B) for j in range(s)] for x in range(d)]


def rhr_family(d: int, b: int, size: int | None = None) -> HashFamily:
    """RHR as a hash family [d] -> [2^b] (column j of :func:`rhr_matrix`, messages by :func:`rhr_message`)."""
    M = rhr_matrix(d, b, size)
    s = len(M[0])
    return HashFamily(tuple(tuple(rhr_message(x, b, M[x][j][0]) for x in range(d)) for j in range(s)), 1 << b,
                      name=f"rhr(d={d}, b={b}, size={s})")


@accepts_eps
def recursive_hadamard_response(d: int, b: int, exp_eps, size: int | None = None,
                                decoder: str = "hadamard") -> Mechanism:
    """RHR (pan-cms Section 4.3) with b bits, built step by step.

    How the text is read:

    * ``B = 2^(b-1)``; x is split into ``a = x // B`` and ``r = x mod B``.
    * The Walsh-Hadamard matrix must hold the rows ``a + 1`` for every x in [d], i.e. rows
      ``1..ceil(d / B)``: its size is the smallest power of two larger than ``ceil(d / B)`` (the text says
      "larger than d // B", which is one row short when B does not divide d).
    * ``s = H[a + 1][j]`` for a uniformly drawn column j (reported).
    * "s x (x mod B)" is read as the signed pair ``(s, r)``: the 2^b messages are ``+0..+(B-1)`` and
      ``-0..-(B-1)`` (:func:`rhr_message`).  A literal integer product would merge ``+0`` and ``-0``
      and leave only 2^b - 1 messages.
    * The pair goes through 2^b-ary randomised response; the report ``(j, message)`` is labelled
      ``"j:+r"`` / ``"j:-r"``.

    Decoders: ``"hadamard"`` (default) is the unbiased within-residue Hadamard decoder
    ``Q[x, (j, z)] = H[a + 1][j] (y_hat_z[(+, r)] - y_hat_z[(-, r)])`` with ``y_hat`` the randomised-response
    reconstruction; ``"eq2"`` is pan-cms Eq. (2) with m = 2^b (biased: the collision rate is not 1/m).
    """
    d = check_d(d)
    b = _int(b, "b", 1)
    e = check_exp_eps(exp_eps)
    if decoder not in ("hadamard", "eq2"):
        raise ParameterError(f"decoder {decoder!r}: choose 'hadamard' or 'eq2'")
    if b > 62:
        raise ParameterError(f"b = {b}: 2^b messages cannot be labelled (b must be at most 62)")
    B = 1 << (b - 1)
    s = _hadamard_size(-(-d // B), size, f"RHR with d = {d}, b = {b}")
    m = 1 << b
    check_mechanism("rhr", d, s * m, sets=f"d={d} b={b} exp_eps={e}", outputs_text=f"{s} x 2^{b}", exp_eps=e)
    M = rhr_matrix(d, b, s)
    R = grr(m, e)
    p, q = R.p, R.q
    p_s, q_s = cancel(p / s), cancel(q / s)
    # y_hat[y] = ([z = y] - q)/(p - q) takes two values; every decoder entry is built from them
    y_hit, y_miss = cancel((1 - q) / (p - q)), cancel(-q / (p - q))
    unit = cancel(y_hit - y_miss)
    eq2 = {True: cancel(sympy.Rational(m, m - 1) * y_hit - sympy.Rational(1, m - 1)),
           False: cancel(sympy.Rational(m, m - 1) * y_miss - sympy.Rational(1, m - 1))}
    labels, P, Q = [], [], []
    for j in progress("building rhr", range(s)):
        for z in range(m):
            labels.append(f"{j}:{rhr_message_label(z, b)}")
            P.append([p_s if z == rhr_message(x, b, M[x][j][0]) else q_s for x in range(d)])
            row = []
            for x in range(d):
                r = x % B
                if decoder == "hadamard":
                    # H[a+1, j] (y_hat[(+, r)] - y_hat[(-, r)]) = H[a+1, j] ([z = (+, r)] - [z = (-, r)]) / (p - q)
                    diff = (1 if z == rhr_message(r, b, 1) else 0) - (1 if z == rhr_message(r, b, -1) else 0)
                    row.append(M[x][j][0] * diff * unit)
                else:
                    row.append(eq2[z == rhr_message(x, b, M[x][j][0])])
            Q.append(row)
    Qt = [[Q[u][x] for u in range(len(labels))] for x in range(d)]
    return Mechanism(P, Qt, outputs=labels, name=f"rhr(d={d}, b={b}, size={s}, exp_eps={e}, decoder={decoder})")


# ---- Section 4.4 ------------------------------------------------------------------------------
@accepts_eps
def local_hashing(family: HashFamily, exp_eps) -> Mechanism:
    """LH (pan-cms Section 4.4; Wang et al. 2017): a public hash function h_j drawn uniformly from the
    family, m-ary randomised response of ``h_j(x)``, report ``(j, y)`` labelled ``"j:y"``.  Decoder: the
    support-set estimator of Wang et al., ``(#{i : h_j_i(x) = y_i}/n - 1/m)/(p - 1/m)`` with
    ``p = e^eps/(e^eps + m - 1)``.
    """
    e = check_exp_eps(exp_eps)
    m, k, d = family.m, family.k, family.d
    check_mechanism("olh", d, k * m, outputs_text=f"{k} x {m}", exp_eps=e)
    p = e / (e + m - 1)
    q = 1 / (e + m - 1)
    g = sympy.Rational(1, m)
    law = {True: cancel(p / k), False: cancel(q / k)}
    dec = {True: cancel((1 - g) / (p - g)), False: cancel(-g / (p - g))}
    labels, P, Q = [], [], []
    for j, h in progress("building olh", list(enumerate(family.functions))):
        for y in range(m):
            labels.append(f"{j}:{y}")
            P.append([law[h[x] == y] for x in range(d)])
            Q.append([dec[h[x] == y] for x in range(d)])
    Qt = [[Q[u][x] for u in range(len(labels))] for x in range(d)]
    return Mechanism(P, Qt, outputs=labels, name=f"olh[{family.name}; exp_eps={e}]")


# ---- Section 4.5 ------------------------------------------------------------------------------
def compose_families(outer: HashFamily, inner: HashFamily) -> HashFamily:
    """The family of a recursive CMS: ``h2_{j2}(h1_{j1}(x))`` indexed ``j1 * k2 + j2``."""
    if inner.d != outer.m:
        raise ParameterError(f"the inner family has {inner.d} inputs, the outer family maps to m = {outer.m}")
    functions = tuple(tuple(g[h[x]] for x in range(outer.d)) for h in outer.functions for g in inner.functions)
    return HashFamily(functions, inner.m, name=f"({inner.name}) o ({outer.name})")


# ---- Section 4.6 ------------------------------------------------------------------------------
def rappor_cohorts(family: HashFamily, p1, p0, *, name: str = "rappor") -> Mechanism:
    """RAPPOR with one cohort per hash function and one hash per cohort (pan-cms Section 4.6).

    A client joins cohort j uniformly, sets bit ``h_j(x)`` of an m-bit Bloom filter and reports every bit
    independently as 1 with probability ``p1`` (bit set) or ``p0`` (bit clear); the report is
    ``(j, bits)``.  Decoder: Eq. (2) on the per-bit unbiased reconstruction ``(bit - p0)/(p1 - p0)``.
    """
    p1, p0 = to_exact(p1, what="p1"), to_exact(p0, what="p0")
    m, k, d = family.m, family.k, family.d
    check_mechanism(name, d, k * (1 << m), outputs_text=f"{k} x 2^{m}", exp_eps=p1)
    dec = {bit: cancel(sympy.Rational(m, m - 1) * (bit - p0) / (p1 - p0) - sympy.Rational(1, m - 1)) for bit in (0, 1)}
    labels, P, Q = [], [], []
    for j, h in progress(f"building {name}", list(enumerate(family.functions))):
        for bits in itertools.product((0, 1), repeat=m):
            labels.append(f"{j}:{''.join(map(str, bits))}")
            col = []
            for x in range(d):
                prob = sympy.Rational(1, k)
                for i, bit in enumerate(bits):
                    on = p1 if i == h[x] else p0
                    prob *= on if bit else 1 - on
                col.append(prob)
            P.append(col)
            Q.append([dec[bits[h[x]]] for x in range(d)])
    Qt = [[Q[u][x] for u in range(len(labels))] for x in range(d)]
    return Mechanism(P, Qt, outputs=labels, name=name)


# ---- families for the registry ----------------------------------------------------------------
def _smallest_l(size: int) -> int:
    l = 1
    while (1 << l) < size:
        l += 1
    return l


def make_family(d: int, *, family: str = "gf2-affine", m=None, k=None, l=None, seed=None) -> HashFamily:
    """A hash family [d] -> [m] for the registry, with a clear error for every bad combination.

    * ``gf2-affine`` -- pan-cms Eq. (18): m = 2^l (default l: the smallest with 2^l >= d), k = 4^l.
    * ``gf2-affine-mod`` -- Section 3.5: Eq. (18) reduced mod m; m required unless l is given (then
      m = 2^l); default l: the smallest with 2^l >= max(d, m); k = 4^l.
    * ``random`` -- Section 3.6: k functions with independent uniform values; m and k required; seeded
      by ``seed`` (default 0).

    A family that is not pairwise uniform (gf2-affine-mod when m does not divide 2^l; almost every random
    family) emits :class:`ldpref.errors.NonUniformFamilyWarning`: the estimate over it is biased.
    """
    d = check_d(d)
    if family not in FAMILIES:
        raise ParameterError(f"family {family!r} unknown; choose one of {', '.join(FAMILIES)}")
    if family == "gf2-affine":
        if seed is not None:
            raise ParameterError("seed only applies to family=random")
        if l is None:
            l = _smallest_l(m if m is not None else d)
        l = _int(l, "l", 1)
        if m is not None and _int(m, "m", 2) != (1 << l):
            raise ParameterError(f"family gf2-affine maps to m = 2^l; m = {m} is not 2^{l} = {1 << l} "
                                 f"(use family=gf2-affine-mod for other m)")
        if (1 << l) < d:
            raise ParameterError(f"family gf2-affine needs 2^l >= d: 2^{l} = {1 << l} < d = {d}")
        if k is not None and _int(k, "k", 1) != (1 << (2 * l)):
            raise ParameterError(f"family gf2-affine has k = 4^l = {1 << (2 * l)} functions; k = {k} is not settable")
        if l > 6:
            raise ParameterError(f"l = {l}: 4^l = {1 << (2 * l)} hash functions is too many to export")
        return gf2_affine_family(l, d)
    if family == "gf2-affine-mod":
        if seed is not None:
            raise ParameterError("seed only applies to family=random")
        if m is None and l is None:
            raise ParameterError("family gf2-affine-mod needs m (the hash range) or l")
        if l is None:
            l = _smallest_l(max(d, _int(m, "m", 2)))
        l = _int(l, "l", 1)
        m = (1 << l) if m is None else _int(m, "m", 2)
        if (1 << l) < d:
            raise ParameterError(f"family gf2-affine-mod needs 2^l >= d: 2^{l} = {1 << l} < d = {d}")
        if m > (1 << l):
            raise ParameterError(f"family gf2-affine-mod needs m <= 2^l: m = {m} > 2^{l} = {1 << l}")
        if k is not None and _int(k, "k", 1) != (1 << (2 * l)):
            raise ParameterError(f"family gf2-affine-mod has k = 4^l = {1 << (2 * l)} functions; k = {k} is not "
                                 f"settable")
        if l > 6:
            raise ParameterError(f"l = {l}: 4^l = {1 << (2 * l)} hash functions is too many to export")
        fam = gf2_affine_mod_family(l, d, m)
        warn_if_not_pairwise_uniform(fam, family, f"family {family}")
        return fam
    # random
    if l is not None:
        raise ParameterError("l only applies to the gf2-affine families")
    if m is None or k is None:
        raise ParameterError("family random needs m and k")
    seed = 0 if seed is None else _int(seed, "seed", 0)
    m, k = _int(m, "m", 2), _int(k, "k", 1)
    # the table holds k x d hash values, and every one of the k functions gives at least m outputs
    check_count(f"family random with d = {d}, k = {k}", k * d, unit="hash values")
    check_count(f"family random with k = {k}, m = {m}", k * m, limit=MAX_ENTRIES // d, unit="outputs")
    fam = random_family(d, m, k, np.random.default_rng(seed))
    warn_if_not_pairwise_uniform(fam, family, f"family random (seed {seed})")
    return fam


@accepts_eps
def build_cms(d, exp_eps, m=None, k=None, l=None, family="gf2-affine", inner="rr", seed=None,
              decoder="eq2") -> Mechanism:
    """CMS (pan-cms Section 3) of a hash family and an inner mechanism (``rr``, ``arp`` or ``srp``)."""
    if inner not in INNER:
        raise ParameterError(f"inner {inner!r} unknown; choose one of {', '.join(INNER)}")
    fam = make_family(d, family=family, m=m, k=k, l=l, seed=seed)
    inner_outputs = fam.m if inner == "rr" else 2**fam.m  # rr: m outputs; arp / srp: 2^m bit vectors
    check_mechanism("cms", d, fam.k * inner_outputs, outputs_text=f"{fam.k} x {inner_outputs}", exp_eps=exp_eps)
    R = inner_mechanism(inner, fam.m, exp_eps)
    return cms(fam, R, decoder=decoder).mechanism


@accepts_eps
def build_olh(d, exp_eps, m=None, family="gf2-affine-mod", k=None, l=None, seed=None) -> Mechanism:
    """OLH: local hashing with m = the integer nearest to e^eps + 1 by default."""
    e = check_exp_eps(exp_eps)
    if m is None:
        if e.free_symbols:
            raise ParameterError("olh needs m when exp_eps is symbolic")
        m = max(2, int(sympy.floor(e + sympy.Rational(3, 2))))
    fam = make_family(d, family=family, m=m, k=k, l=l, seed=seed)
    return local_hashing(fam, e)


@accepts_eps
def build_cms_he(d, exp_eps, m=None, k=None, l=None, family="gf2-affine", seed=None) -> Mechanism:
    """CMS + HE (pan-cms Section 4.5): an outer CMS to [m] whose inner mechanism is HE on [m]."""
    fam = make_family(d, family=family, m=m, k=k, l=l, seed=seed)
    he_outputs = 2 * _power_of_two_above(fam.m)  # HE on [m]: 2 x (the smallest power of two > m) outputs
    check_mechanism("cms-he", d, fam.k * he_outputs, outputs_text=f"{fam.k} x {he_outputs}", exp_eps=exp_eps)
    he = hadamard_encoding(fam.m, exp_eps)
    return cms(fam, he, name=f"cms-he[{fam.name}; exp_eps={check_exp_eps(exp_eps)}]").mechanism


_D = Key("int", help="dictionary size")
_EXP = Key("rational", help="e^eps as an exact rational, e.g. 3 or 5/2")
_FAMILY_KEYS = {
    "m": Key("int", None, "hash range (gf2-affine: 2^l; required for gf2-affine-mod without l and for random)"),
    "k": Key("int", None, "number of hash functions (random only; the gf2 families have 4^l)"),
    "l": Key("int", None, "GF(2^l) degree (gf2 families; default the smallest that fits)"),
    "family": Key("str", "gf2-affine", "gf2-affine | gf2-affine-mod | random"),
    "seed": Key("int", None, "seed of the random family (default 0)"),
}

register("cms", Spec(build_cms, {"d": _D, **_FAMILY_KEYS, "inner": Key("str", "rr", "rr | arp | srp"),
                                 "decoder": Key("str", "eq2", "eq2 | eq8"), "exp_eps": _EXP},
                     "Count-Mean Sketch (pan-cms Eq. 2) of a hash family and an inner mechanism"))
register("he", Spec(hadamard_encoding, {"d": _D, "exp_eps": _EXP,
                                        "size": Key("int", None, "Hadamard size (power of two > d)")},
                    "Hadamard Encoding with the Appendix G decoder (pan-cms Section 4.1)"))
register("hr", Spec(hadamard_response, {"d": _D, "exp_eps": _EXP,
                                        "size": Key("int", None, "Hadamard size (power of two > d)")},
                    "Hadamard Response, public row + binary RR (pan-cms Section 4.2)"))
register("rhr", Spec(recursive_hadamard_response,
                     {"d": _D, "b": Key("int", 2, "bits per report"), "exp_eps": _EXP,
                      "size": Key("int", None, "Hadamard size (power of two > ceil(d / 2^(b-1)))"),
                      "decoder": Key("str", "hadamard", "hadamard (unbiased) | eq2")},
                     "Recursive Hadamard Response with b bits (pan-cms Section 4.3)"))
register("olh", Spec(build_olh, {"d": _D, "exp_eps": _EXP,
                                 "m": Key("int", None, "hash range (default: nearest integer to e^eps + 1)"),
                                 "family": Key("str", "gf2-affine-mod", "gf2-affine | gf2-affine-mod | random"),
                                 "k": _FAMILY_KEYS["k"], "l": _FAMILY_KEYS["l"], "seed": _FAMILY_KEYS["seed"]},
                     "(Optimised) Local Hashing with its support-set decoder (pan-cms Section 4.4)"))
register("cms-he", Spec(build_cms_he, {"d": _D, **_FAMILY_KEYS, "exp_eps": _EXP},
                        "recursive CMS: a CMS whose inner mechanism is Hadamard Encoding (pan-cms Section 4.5)"))

__all__ = ["tns", "family_matrix", "columns_family", "walsh_hadamard", "hadamard_encoding", "hadamard_response",
           "hadamard_response_family", "rhr_message", "rhr_size", "rhr_matrix", "rhr_family",
           "recursive_hadamard_response", "local_hashing", "compose_families", "rappor_cohorts", "make_family",
           "build_cms", "build_olh", "build_cms_he"]
