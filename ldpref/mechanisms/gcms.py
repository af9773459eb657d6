"""The Generalized Count-Mean Sketch (jiang-gcms Algorithms 1 and 3) as an exact mechanism.

A client with value x runs Algorithm 1: draw j uniformly from [k], hash r = h_j(x); with probability p
put r into the report and add s - 1 buckets drawn uniformly without replacement from [m] \\ {r};
otherwise add s buckets drawn uniformly from [m] \\ {r}.  The report is ``(j, X)`` with X an s-subset
of [m].  :func:`gcms` builds the perturbation matrix by running exactly these steps and accumulating the
exact probability of every labelled output ``"j:{b1,b2,...}"`` (it does not use a closed form for
P[(j, X) | x]).

Decoders, folded into ``Q`` (responses sum to one, so an affine decoder is one matrix):

* ``"eq4"`` -- Algorithm 3 / Eq. (4): ``f_hat(x)/n = (C/n - p/m - q(1 - 1/m)) / ((p - q)(1 - 1/m))``,
  with ``q = (p(s-1) + (1-p)s)/(m-1)`` as Algorithm 3 computes it and ``C/n`` the fraction of reports
  ``(j, X)`` with ``h_j(x) in X``;
* ``"count"`` -- ``Q[x, (j, X)] = 1{h_j(x) in X}``: the "estimate" is ``C(x)/n`` itself (for the
  moments of the count C(d) of Theorem 3).

The paper's randomness model draws the k hash functions once for all clients.  :func:`gcms_over_draws`
is the mixture over every draw of k functions [d] -> [m] (:func:`ldpref.hashing.all_function_draws`),
optionally lumped by symmetry (:func:`draw_classes`): relabelling the buckets of one function, or
reordering the functions, only relabels the outputs, so those draws have identical moments.

Registered as ``ldpref mechanism gcms`` with keys d, m, k, s and either p or exp_eps (then
``p = e^eps s / (e^eps s + m - s)``, the p at which Theorem 2's bound is exactly e^eps), and seed (the
hash family is :func:`ldpref.hashing.random_family` with ``numpy.random.default_rng(seed)``).
"""

from __future__ import annotations

import functools
import itertools
import numbers
from collections import Counter
from fractions import Fraction
from math import comb, factorial

import numpy as np
import sympy
from sympy import QQ

from .. import linalg
from ..errors import ParameterError
from ..exact import to_exact
from ..family import MechanismFamily
from ..hashing import HashFamily, all_function_draws, random_family
from ..limits import MAX_STEPS, ResourceLimitError, check_count, check_matrix, count_text, progress
from ..mechanism import Mechanism
from . import Key, Spec, register
from ._params import accepts_eps

DECODERS = ("eq4", "count")



def _int(value, what: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} = {value!r} must be an int")
    if value < low:
        raise ParameterError(f"{what} = {value} must be at least {low}")
    return int(value)


def check_parameters(m, s, p):
    """m >= 2, 1 <= s <= m - 1 (Algorithm 1 draws s buckets from the m - 1 others), 0 <= p <= 1, exact p."""
    m = _int(m, "m", 2)
    s = _int(s, "s", 1)
    if s > m - 1:
        raise ParameterError(f"s = {s}: Algorithm 1 draws s buckets from [m] \\ {{r}}, so s <= m - 1 = {m - 1}")
    p = to_exact(p, what="p")
    if not p.free_symbols and not (0 <= p <= 1):
        raise ParameterError(f"p = {p} is not a probability")
    return m, s, p


def q_of(p, s: int, m: int):
    """Algorithm 3's q = (p(s-1) + (1-p)s)/(m-1) (equal to Eq. (3)'s (s - p)/(m - 1))."""
    return sympy.cancel((p * (s - 1) + (1 - p) * s) / sympy.Integer(m - 1))


@accepts_eps
def p_for_exp_eps(exp_eps, s: int, m: int):
    """The p with p(m - s)/((1 - p)s) = e^eps: ``e^eps s / (e^eps s + m - s)``."""
    e = to_exact(exp_eps, what="exp_eps")
    return sympy.cancel(e * s / (e * s + m - s))


def subset_label(j: int, subset) -> str:
    """The output label of hash index j and a bucket subset, e.g. ``0:{1,2}``."""
    return f"{j}:{{{','.join(map(str, sorted(subset)))}}}"


def algorithm1_distribution(r: int, m: int, s: int, p):
    """The exact output distribution of Algorithm 1's perturbation for the hashed value r: a dict
    frozenset(X) -> probability, accumulated branch by branch (include r or not, then a uniform subset
    of [m] \\ {r} of size s - 1 or s)."""
    others = [b for b in range(m) if b != r]
    dist: dict[frozenset, sympy.Expr] = {}
    branches = [(p, s - 1, True), (1 - p, s, False)]
    for weight, size, add_r in branches:
        subsets = list(itertools.combinations(others, size))
        if not subsets:
            continue
        each = weight / len(subsets)
        # the two branches give disjoint sets (with r, without r): each set gets exactly one weight, computed once
        for t in subsets:
            x = frozenset(t) | ({r} if add_r else frozenset())
            dist[x] = dist[x] + each if x in dist else each
    return dist


def gcms(family: HashFamily, s: int, p, *, decoder: str = "eq4", name: str | None = None) -> Mechanism:
    """The exact GCMS mechanism of a hash family (Algorithm 1) with the decoder of Eq. (4) or the count."""
    m, s, p = check_parameters(family.m, s, p)
    if decoder not in DECODERS:
        raise ParameterError(f"decoder {decoder!r}: choose one of {', '.join(DECODERS)}")
    k, d = family.k, family.d
    check_matrix(f"gcms with d = {d}, m = {m}, s = {s}", k * comb(m, s), d,
                 outputs_text=f"k C(m, s) = {k} x {comb(m, s)}",
                 symbolic=bool(getattr(p, "free_symbols", ())))
    # Algorithm 1's distribution of every hashed value r: m x C(m, s) cells before the matrix itself
    check_count(f"gcms with m = {m}, s = {s}", m * comb(m, s), limit=10**7, unit="distribution cells")
    P, Q, labels = _gcms_matrices(family.functions, m, s, p, decoder)
    return Mechanism(P, Q, outputs=labels, name=name or f"gcms[{family.name}; s={s}; p={_text(p)}; {decoder}]")


@functools.lru_cache(maxsize=1024)
def _text(value) -> str:
    """``f"{value}"`` (sympy's printer), once per value: every GCMS of a grid names its p."""
    return f"{value}"


@functools.lru_cache(maxsize=256)
def _gcms_matrices(functions, m: int, s: int, p, decoder: str):
    """The exact P and Q of :func:`gcms` (as ``DomainMatrix``, what :class:`Mechanism` builds from the rows) and
    the output labels, for checked parameters: a pure function of its exact, hashable arguments, cached so that
    a claim building the same GCMS again (the same functions, p and decoder) does not rerun Algorithm 1."""
    k, d = len(functions), len(functions[0])
    if getattr(p, "is_Rational", False):
        return _rational_matrices(functions, m, s, p, decoder)
    subsets = _subsets(m, s)
    cache = {r: algorithm1_distribution(r, m, s, p) for r in range(m)}
    kk = sympy.Integer(k)
    inside, outside = _decoder_values(m, s, p, decoder)
    # P[(j, X), x] = Pr[X | h_j(x)] / k: each of the m distributions divided by k once (the same sympy values as
    # dividing cell by cell), then picked per cell
    zero = 0 / kk
    scaled = {r: {X: prob / kk for X, prob in dist.items()} for r, dist in cache.items()}
    P, Q_cols, labels = [], [], []
    for j, h in progress(f"building gcms (k={k}, m={m}, s={s})", list(enumerate(functions))):
        for X in subsets:
            labels.append(subset_label(j, X))
            P.append([scaled[h[x]].get(X, zero) for x in range(d)])
            Q_cols.append([inside if h[x] in X else outside for x in range(d)])
    Q = [[Q_cols[u][x] for u in range(len(labels))] for x in range(d)]
    return linalg.exact_matrix(P, what="P"), linalg.exact_matrix(Q, what="Q"), tuple(labels)


@functools.cache
def _subsets(m: int, s: int) -> tuple[frozenset, ...]:
    """The s-subsets of [m] in the order of ``itertools.combinations`` (the order of the outputs of each j)."""
    return tuple(frozenset(t) for t in itertools.combinations(range(m), s))


@functools.cache
def _subset_texts(m: int, s: int) -> tuple[str, ...]:
    """The bucket part ``{b1,b2,...}`` of :func:`subset_label` for every s-subset of :func:`_subsets`."""
    return tuple(subset_label(0, X).split(":", 1)[1] for X in _subsets(m, s))


@functools.lru_cache(maxsize=256)
def _decoder_values(m: int, s: int, p, decoder: str):
    """Q's two entries: (value when h_j(x) is in X, value when not) -- Eq. (4)'s affine decoder at q of
    Algorithm 3, or the count's 1 and 0."""
    if decoder != "eq4":
        return sympy.Integer(1), sympy.Integer(0)
    q = q_of(p, s, m)
    mm = sympy.Integer(m)
    denom = (p - q) * (1 - 1 / mm)
    if denom == 0:
        raise ParameterError(f"p = {p}, s = {s}, m = {m} give p = q: Eq. (4) divides by zero")
    offset = p / mm + q * (1 - 1 / mm)
    return sympy.cancel((1 - offset) / denom), sympy.cancel(-offset / denom)


@functools.lru_cache(maxsize=256)
def _rational_tables(m: int, s: int, p, k: int):
    """Algorithm 1's distribution of every hashed value r (:func:`algorithm1_distribution`, run once per
    (m, s, p)) divided by k, as ``QQ`` elements: ``{r: {X: Pr[X | r]/k}}`` for a rational p."""
    kq = QQ(k)
    out = {}
    for r in range(m):
        # a branch gives every one of its subsets the same sympy number: each distinct object converted once
        # (QQ(prob) / k is the element of the sympy quotient prob / k: both are exact, in lowest terms)
        conv: dict[int, object] = {}
        out[r] = {X: conv[id(prob)] if id(prob) in conv else conv.setdefault(id(prob),
                                                                             QQ(int(prob.p), int(prob.q)) / kq)
                  for X, prob in algorithm1_distribution(r, m, s, p).items()}
    return out


def _rational_matrices(functions, m: int, s: int, p, decoder: str):
    """:func:`_gcms_matrices` for a rational p, straight in ``QQ``: the same cells (Algorithm 1's probabilities
    over k, Eq. (4)'s or the count's two decoder values), hence the same matrices as ``linalg.exact_matrix``
    builds from the sympy Rationals (``QQ`` is the field it picks for rational entries), without a sympy
    number per cell."""
    k, d = len(functions), len(functions[0])
    subsets, texts = _subsets(m, s), _subset_texts(m, s)
    tables = _rational_tables(m, s, p, k)
    zero = QQ(0)
    inside, outside = (QQ(int(v.p), int(v.q)) for v in _decoder_values(m, s, p, decoder))
    P, Q_cols, labels = [], [], []
    for j, h in progress(f"building gcms (k={k}, m={m}, s={s})", list(enumerate(functions))):
        columns = [tables[h[x]] for x in range(d)]
        buckets = [h[x] for x in range(d)]
        for X, text in zip(subsets, texts):
            labels.append(f"{j}:{text}")
            P.append([col.get(X, zero) for col in columns])
            Q_cols.append([inside if b in X else outside for b in buckets])
    Q = [[Q_cols[u][x] for u in range(len(labels))] for x in range(d)]
    return (linalg.dense_matrix(P, (len(P), d), QQ), linalg.dense_matrix(Q, (d, len(labels)), QQ), tuple(labels))


def x_only(mech: Mechanism) -> Mechanism:
    """The same mechanism with the hash index j dropped from the report (outputs merged by X); the
    decoder is not defined for it, so the Moore-Penrose decoder is not attempted: Q is zero."""
    rows: dict[str, list] = {}
    if mech.domain.is_QQ:  # rational: the same sums on the QQ elements, the matrices built in QQ directly
        P = mech.P.to_list()
        for u, label in enumerate(mech.outputs):
            row = rows.setdefault(label.split(":", 1)[1], [QQ(0)] * mech.d)
            for x in range(mech.d):
                row[x] += P[u][x]
        labels = sorted(rows)
        return Mechanism(linalg.dense_matrix([rows[key] for key in labels], (len(labels), mech.d), QQ),
                         linalg.dense_matrix([[QQ(0)] * len(labels) for _ in range(mech.d)], (mech.d, len(labels)), QQ),
                         outputs=labels, name=mech.name + "[x only]")
    P = mech.perturbation_matrix()
    for u, label in enumerate(mech.outputs):
        key = label.split(":", 1)[1]
        row = rows.setdefault(key, [sympy.Integer(0)] * mech.d)
        for x in range(mech.d):
            row[x] += P[u, x]
    labels = sorted(rows)
    return Mechanism([rows[key] for key in labels], [[0] * len(labels) for _ in range(mech.d)], outputs=labels,
                     name=mech.name + "[x only]")


# ---- the paper's randomness model: one draw of k functions shared by every client ------------------
def canonical_function(h) -> tuple[int, ...]:
    """Relabel the buckets of one function in order of first appearance (its set partition of [d])."""
    relabel: dict[int, int] = {}
    return tuple(relabel.setdefault(y, len(relabel)) for y in h)


@functools.cache
def draw_classes(d: int, m: int, k: int) -> tuple[tuple[Fraction, HashFamily], ...]:
    """The draws of k independent uniform functions [d] -> [m], grouped by the multiset of their set
    partitions of [d]: (probability of the class, representative family).

    One function: each of the m^d functions is grouped by :func:`canonical_function`.  k functions: a
    multiset of k classes with multiplicities (c_1, ..., c_r) has probability
    k!/(c_1! ... c_r!) prod_i (N_i/m^d)^{c_i}, N_i the number of functions in class i.
    :func:`draw_classes_by_enumeration` groups :func:`ldpref.hashing.all_function_draws` instead (same
    result; used to test this one).
    """
    d, m, k = _int(d, "d", 2), _int(m, "m", 2), _int(k, "k", 1)
    if d > 64:  # m^d >= 2^d functions: refuse without computing the power
        raise ResourceLimitError(f"draw classes of functions [d = {d}] -> [m = {m}] need {m}^{d} functions; "
                                 f"the limit is {count_text(MAX_STEPS)} functions")
    check_count(f"draw classes of functions [d = {d}] -> [m = {m}]", m**d, unit="functions")
    single: Counter = Counter(canonical_function(h) for h in itertools.product(range(m), repeat=d))
    keys = sorted(single)
    total = m**d
    out = []
    for combo in itertools.combinations_with_replacement(keys, k):
        mult = Counter(combo)
        weight = Fraction(factorial(k))
        for key, c in mult.items():
            weight *= Fraction(single[key], total) ** c / factorial(c)
        out.append((weight, HashFamily(tuple(combo), m, name=f"class(d={d}, m={m}, k={k})")))
    return tuple(out)


def draw_classes_by_enumeration(d: int, m: int, k: int) -> tuple[tuple[Fraction, HashFamily], ...]:
    """:func:`draw_classes` by grouping every draw of :func:`ldpref.hashing.all_function_draws`."""
    counts: Counter = Counter()
    total = 0
    for fam in all_function_draws(d, m, k):
        counts[tuple(sorted(canonical_function(h) for h in fam.functions))] += 1
        total += 1
    return tuple((Fraction(c, total), HashFamily(key, m, name=f"class(d={d}, m={m}, k={k})"))
                 for key, c in sorted(counts.items()))


def gcms_over_draws(d: int, m: int, k: int, s: int, p, *, decoder: str = "eq4", lumped: bool = True,
                    name: str = "gcms-draws") -> MechanismFamily:
    """The GCMS mechanism under the paper's model: the mixture over every draw of k functions."""
    if lumped:
        members = [(w, gcms(fam, s, p, decoder=decoder)) for w, fam in draw_classes(d, m, k)]
    else:
        draws = list(all_function_draws(d, m, k))
        w = Fraction(1, len(draws))
        members = [(w, gcms(fam, s, p, decoder=decoder)) for fam in draws]
    return MechanismFamily(members, name=name)


# ---- ldpref mechanism gcms ------------------------------------------------------------------------
@accepts_eps
def build_gcms(d, m, k, s, p=None, exp_eps=None, seed=0) -> Mechanism:
    """GCMS (jiang-gcms Algorithms 1 and 3, decoder Eq. (4)) over a random hash family drawn with ``seed``;
    give the inclusion probability ``p`` or the target ``exp_eps`` (then p = e^eps s/(e^eps s + m - s))."""
    d = _int(d, "d", 2)
    m, k, s = _int(m, "m", 2), _int(k, "k", 1), _int(s, "s", 1)
    if (p is None) == (exp_eps is None):
        raise ParameterError("gcms: give exactly one of p or exp_eps")
    if p is None:
        e = to_exact(exp_eps, what="exp_eps")
        if not e > 1:
            raise ParameterError(f"exp_eps = {e} must exceed 1")
        p = p_for_exp_eps(e, s, m)
    if s > m - 1:
        raise ParameterError(f"s = {s}: Algorithm 1 draws s buckets from [m] \\ {{r}}, so s <= m - 1 = {m - 1}")
    check_matrix(f"gcms with d = {d}, m = {m}, s = {s}", k * comb(m, s), d,
                 outputs_text=f"k C(m, s) = {k} x {comb(m, s)}")
    family = random_family(d, m, k, np.random.default_rng(_int(seed, "seed", 0)))
    return gcms(family, s, p)


register("gcms", Spec(build_gcms, {
    "d": Key("int", help="dictionary size"),
    "m": Key("int", help="hash range"),
    "k": Key("int", help="number of hash functions"),
    "s": Key("int", help="buckets per report (1 <= s <= m - 1)"),
    "p": Key("rational", None, help="inclusion probability of the true bucket (or give exp_eps)"),
    "exp_eps": Key("rational", None, help="target e^eps: p = e^eps s/(e^eps s + m - s)"),
    "seed": Key("int", 0, help="seed of numpy.random.default_rng for the random hash family"),
}, "Generalized Count-Mean Sketch (jiang-gcms Algorithms 1 and 3, decoder Eq. (4))"))

__all__ = ["gcms", "build_gcms", "gcms_over_draws", "draw_classes", "draw_classes_by_enumeration",
           "algorithm1_distribution", "q_of", "p_for_exp_eps",
           "x_only", "check_parameters"]
