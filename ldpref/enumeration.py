"""Exact enumeration: the full distribution of ``f_hat`` for a small dataset, from first principles.

This is the third, independent path of every formula check.  It does not use the moment formulas of
:mod:`ldpref.moments`: it enumerates every outcome of the clients' randomisation (the multinomial
count vector of responses of each group of clients sharing a value), multiplies exact probabilities,
applies the decoder to each outcome and sums.  Only for small n and |U|: the number of outcomes is
``prod_x C(c_x + |U| - 1, |U| - 1)``.
"""

from __future__ import annotations

import itertools
from math import comb, factorial
from typing import Sequence

import numpy as np
import sympy
from sympy.polys.matrices.dfm import DFM

from .dataset import validate_counts
from .errors import ParameterError
from .exact import cancel
from .family import MechanismFamily
from .limits import Progress, check_count
from .mechanism import Mechanism

#: Refuse enumerations with more outcomes than this (they would take minutes): the time-like size of the
#: limits rule (:mod:`ldpref.limits`) for enumeration.
MAX_OUTCOMES = 200_000


def _compositions(total: int, parts: int):
    """All tuples of ``parts`` non-negative ints summing to ``total``."""
    for bars in itertools.combinations(range(total + parts - 1), parts - 1):
        prev = -1
        out = []
        for b in bars:
            out.append(b - prev - 1)
            prev = b
        out.append(total + parts - 2 - prev)
        yield tuple(out)


def outcome_count(n_outputs: int, counts: Sequence[int]) -> int:
    """The number of response-count outcomes enumerated: prod_x C(c_x + |U| - 1, |U| - 1)."""
    total = 1
    for c in counts:
        total *= comb(c + n_outputs - 1, n_outputs - 1)
    return total


def _canonical(dom) -> bool:
    """Whether the elements of ``dom`` are canonical, so that any order of the same exact operations gives the
    identical element (every exact field sympy builds here except the expression domain, whose elements are
    expressions kept in the form the operations produced)."""
    return not (dom.is_EX or dom.is_EXRAW)


def _flint_rational(mech: Mechanism) -> bool:
    """Whether ``mech`` is rational with python-flint matrices (``fmpq_mat``) underneath."""
    return mech.domain.is_QQ and isinstance(mech.P.rep, DFM) and isinstance(mech.Q.rep, DFM)


def _group_distribution(dom, column, c: int, canonical: bool) -> list[tuple[tuple[int, ...], object]]:
    """The multinomial distribution of the response counts of ``c`` clients sharing one value whose output
    distribution is ``column``: (count vector, probability) for every count vector of probability != 0, in
    the order of :func:`_compositions`.  Over a canonical field each factor ``column[u]**j / j!`` is computed
    once per (u, j) (the product is the same field element); otherwise term by term."""
    zero = dom.zero
    fact_c = dom.convert(factorial(c))
    group = []
    if canonical:
        table = []
        for entry in column:
            row = [dom.one]
            for j in range(1, c + 1):
                row.append(entry ** j / dom.convert(factorial(j)))
            table.append(row)
        for k in _compositions(c, len(column)):
            prob = fact_c
            for u, ku in enumerate(k):
                if ku:
                    prob = prob * table[u][ku]
            if prob != zero:
                group.append((k, prob))
        return group
    for k in _compositions(c, len(column)):
        prob = fact_c
        for u, ku in enumerate(k):
            if ku:
                prob = prob * column[u] ** ku / dom.convert(factorial(ku))
        if prob != zero:
            group.append((k, prob))
    return group


def _check_size(mech: Mechanism, counts) -> None:
    check_count(f"enumerating {mech.name} on {sum(counts)} clients", outcome_count(mech.n_outputs, counts),
                limit=MAX_OUTCOMES, unit="outcomes",
                alternative="use fewer clients or outputs, or exact moments without enumeration (the structured "
                            "alternative `ldpref moments NAME --set ...`)")


# A count vector (k_0, ..., k_{U-1}) of n clients is keyed by the integer sum_u k_u B^u with B = n + 1: adding two
# keys adds the vectors (no coordinate reaches B), and distinct vectors have distinct keys, so a dict keyed by them
# has the outcomes in the same order, with the same sums, as one keyed by the tuples themselves.
def _key_weights(counts, U: int) -> list[int]:
    base = sum(counts) + 1
    return [base ** u for u in range(U)]


def _decoded(key: int, counts, U: int) -> tuple[int, ...]:
    base = sum(counts) + 1
    k = []
    for _ in range(U):
        key, ku = divmod(key, base)
        k.append(ku)
    return tuple(k)


def _convolved(dist: dict, group: list, first) -> dict:
    """The outcome distribution after one more group of clients: ``{a + b: sum pa pb}`` in the order of the
    term-by-term enumeration; ``first(term)`` is the value a key's sum starts with."""
    new = {}
    for a, pa in dist.items():
        for b, pb in group:
            key = a + b
            term = pa * pb
            new[key] = new[key] + term if key in new else first(term)
    return new


def response_count_distribution(mech: Mechanism, counts: Sequence[int]) -> dict[tuple[int, ...], object]:
    """Exact distribution of the vector of response counts (domain elements as probabilities)."""
    counts = validate_counts(counts, mech.d)
    _check_size(mech, counts)
    dom = mech.domain
    U = mech.n_outputs
    if dom.is_FractionField:  # one division per outcome of a polynomial weight (no gcd per product and sum)
        ring, den_p, weights = _ring_weights(mech, counts)
        scale = dom.convert_from(den_p, ring) ** sum(counts)
        return {_decoded(key, counts, U): dom.convert_from(w, ring) / scale for key, w in weights.items()}
    return {_decoded(key, counts, U): prob for key, prob in _keyed_distribution(mech, counts).items()}


def _keyed_distribution(mech: Mechanism, counts) -> dict:
    """:func:`response_count_distribution` over a field other than rational functions, keyed by the outcomes'
    integer keys (:func:`_key_weights`), in the same order, before decoding (``counts`` validated and checked)."""
    dom = mech.domain
    U = mech.n_outputs
    canonical = _canonical(dom)
    P = mech.P.to_list()
    key_weights = _key_weights(counts, U)
    # (dom.zero + term: the first term of a sum as a sum from zero accumulates it, which for the expression domain
    # is not always the identical expression as term)
    first = (lambda term: term) if canonical else (lambda term: dom.zero + term)
    dist = {0: dom.one}
    with Progress(f"enumerating {mech.name}", sum(1 for c in counts if c)) as bar:
        for x, c in enumerate(counts):
            if c == 0:
                continue
            bar.advance()
            group = [(sum(w * ku for w, ku in zip(key_weights, k) if ku), prob)
                     for k, prob in _group_distribution(dom, [row[x] for row in P], c, canonical)]
            dist = _convolved(dist, group, first)
    return dist


def _ring_weights(mech: Mechanism, counts) -> tuple[object, object, dict]:
    """For P over a field of rational functions, ``P = Pn/dP`` with one denominator dP and polynomial numerators:
    (the polynomial ring, dP, {outcome key: w}) with ``w/dP^n`` the probability of the outcome (w = the product
    over groups of multinomial coefficients times powers of entries of Pn; outcomes of probability zero within a
    group left out, as :func:`_group_distribution` leaves them out)."""
    den_p, num_p = mech.P.clear_denoms(convert=True)
    R = num_p.domain
    Pn = num_p.to_list()
    U = mech.n_outputs
    key_weights = _key_weights(counts, U)
    dist = {0: R.one}
    with Progress(f"enumerating {mech.name}", sum(1 for c in counts if c)) as bar:
        for x, c in enumerate(counts):
            if c == 0:
                continue
            bar.advance()
            group = []
            for k, coef in _multinomials(c, U):
                w = R.convert(coef)
                for u, ku in enumerate(k):
                    if ku:
                        w = w * Pn[u][x] ** ku
                if w:
                    group.append((sum(wt * ku for wt, ku in zip(key_weights, k) if ku), w))
            dist = _convolved(dist, group, lambda term: term)
    return R, den_p.element, dist


def _multinomials(c: int, parts: int):
    """(k, c!/(k_0! ... k_{parts-1}!)) for every composition k of c into ``parts`` parts, in the order of
    :func:`_compositions`."""
    fact_c = factorial(c)
    for k in _compositions(c, parts):
        coef = fact_c
        for ku in k:
            coef //= factorial(ku)
        yield k, coef


def _rational_estimates(mech: Mechanism, counts) -> tuple[list, object]:
    """For a rational mechanism on flint matrices: the probabilities of the response-count outcomes (in the
    order of :func:`response_count_distribution`) and the matrix whose row i is the estimate ``Q k / n`` of
    outcome i (one flint product ``K Q^T / n`` instead of a sum per outcome and value)."""
    import flint  # present whenever the matrices are flint's (DFM)

    counts = validate_counts(counts, mech.d)
    _check_size(mech, counts)
    dist = _keyed_distribution(mech, counts)
    n = sum(counts)
    K = flint.fmpq_mat(flint.fmpz_mat(len(dist), mech.n_outputs, _decoded_flat(list(dist), counts, mech.n_outputs)))
    E = K * mech.Q.rep.rep.transpose() / flint.fmpq(n)
    return list(dist.values()), E


def _decoded_flat(keys: list, counts, U: int) -> list[int]:
    """The count vectors of ``keys`` (:func:`_decoded` of each), concatenated.  When every key and power of the
    base fits in a 63-bit integer, by numpy integer division and remainder on all keys at once (exact: no
    intermediate exceeds the largest key); otherwise key by key."""
    base = sum(counts) + 1
    if base ** U < 2 ** 62:
        powers = np.array([base ** u for u in range(U)], dtype=np.int64)
        return ((np.array(keys, dtype=np.int64)[:, None] // powers) % base).ravel().tolist()
    flat = []
    for key in keys:
        for _ in range(U):
            key, ku = divmod(key, base)
            flat.append(ku)
    return flat


def estimate_distribution(mech: Mechanism, counts: Sequence[int]) -> list[tuple[tuple, object]]:
    """Exact distribution of ``f_hat = Q nu``: a list of (estimate vector, probability), domain elements."""
    counts = validate_counts(counts, mech.d)
    dom = mech.domain
    if _flint_rational(mech):
        probs, E = _rational_estimates(mech, counts)
        flat, d = E.entries(), mech.d
        return [(tuple(flat[i * d:(i + 1) * d]), p) for i, p in enumerate(probs)]
    if dom.is_FractionField:  # Q = Qn/dQ: each estimate Qn k/(dQ n) with one division (no gcd per term)
        den_q, num_q = mech.Q.clear_denoms(convert=True)
        ring, Qn = num_q.domain, num_q.to_list()
        scale = dom.convert_from(den_q.element, ring) * dom.convert(sum(counts))
        return [(tuple(dom.convert_from(total, ring) / scale for total in _estimate_numerators(Qn, k, ring.zero)), prob)
                for k, prob in response_count_distribution(mech, counts).items()]
    n = dom.convert(sum(counts))
    Q = mech.Q.to_list()
    out = []
    for k, prob in response_count_distribution(mech, counts).items():
        est = tuple(sum((Q[v][u] * k[u] for u in range(mech.n_outputs) if k[u]), dom.zero) / n for v in range(mech.d))
        out.append((est, prob))
    return out


def _estimate_numerators(Qn, k, zero) -> list:
    """``Qn k``, one entry per value: the numerators of outcome k's estimate over the decoder's common
    denominator (terms added in output order, skipping outputs nobody sent)."""
    out = []
    for row in Qn:
        total = zero
        for q, ku in zip(row, k):
            if ku:
                total += q * ku
        out.append(total)
    return out


def _variance_and_mse(second: list, mean: list, truth: list, total) -> tuple[list, list]:
    """Per value, ``sum p (e - t)^2 = M2 - 2 t M1 + t^2 S`` exactly (M2 the second moments ``second``, M1 the means,
    S the total probability ``total``), for t the mean (variance) and the true frequency (MSE)."""
    var = [m2 - 2 * m1 * m1 + m1 * m1 * total for m2, m1 in zip(second, mean)]
    mse = [m2 - 2 * t * m1 + t * t * total for m2, m1, t in zip(second, mean, truth)]
    return var, mse


def _rational_moments(mech: Mechanism, counts) -> dict[str, list[sympy.Expr]]:
    """:func:`enumerated_moments` of a rational mechanism on flint matrices, by matrix products: with S = sum p,
    M1 = sum p e (the mean) and M2 = sum p e^2 (per value), ``sum p (e - t)^2 = M2 - 2 t M1 + t^2 S`` exactly, for
    t the mean (variance) and the true frequency (MSE)."""
    import flint  # present whenever the matrices are flint's (DFM)

    probs, E = _rational_estimates(mech, counts)
    d, n = mech.d, sum(counts)
    row = flint.fmpq_mat(1, len(probs), probs)
    total = sum(probs, flint.fmpq(0))
    mean = (row * E).entries()
    second = (row * flint.fmpq_mat(E.nrows(), d, [e * e for e in E.entries()])).entries()
    var, mse = _variance_and_mse(second, mean, [flint.fmpq(c, n) for c in counts], total)
    conv = mech.domain.to_sympy
    return {"mean": [conv(x) for x in mean], "variance": [conv(x) for x in var], "mse": [conv(x) for x in mse]}


def _fraction_field_moments(mech: Mechanism, counts) -> dict[str, list[sympy.Expr]]:
    """:func:`enumerated_moments` over a field of rational functions (``ZZ(exp_eps)``), without a gcd per term:
    with ``P = Pn/dP`` and ``Q = Qn/dQ`` over one denominator each (polynomial numerators), an outcome k of the
    n clients has probability ``w_k/dP^n`` (:func:`_ring_weights`) and estimate ``Qn k/(dQ n)``.  The sums
    S = sum w_k, M1 = sum w_k Qn k and M2 = sum w_k (Qn k)^2 are taken in the polynomial ring and divided once in
    the field; then, exactly, ``sum p (e - t)^2 = M2' - 2 t M1' + t^2 S'`` (primes: divided) for t the mean and
    the true frequency.  Field elements are canonical (cancelled), so every result is the element the
    term-by-term sums give."""
    _check_size(mech, counts)
    K = mech.domain
    R, den_p, weights = _ring_weights(mech, counts)
    den_q, num_q = mech.Q.clear_denoms(convert=True)
    Qn = num_q.convert_to(R).to_list()
    U, d, n = mech.n_outputs, mech.d, sum(counts)
    total, first, second = R.zero, [R.zero] * d, [R.zero] * d
    for key, w in weights.items():
        total += w
        for v, est in enumerate(_estimate_numerators(Qn, _decoded(key, counts, U), R.zero)):
            first[v] += w * est
            second[v] += w * est * est
    conv = lambda element: K.convert_from(element, R)  # noqa: E731
    dP_n = conv(den_p) ** n
    scale = conv(den_q.element) * K.convert(n)
    S = conv(total) / dP_n
    mean = [conv(m1) / (dP_n * scale) for m1 in first]
    moment2 = [conv(m2) / (dP_n * scale * scale) for m2 in second]
    var, mse = _variance_and_mse(moment2, mean, [K.convert(c) / K.convert(n) for c in counts], S)
    out = K.to_sympy
    return {"mean": [out(x) for x in mean], "variance": [out(x) for x in var], "mse": [out(x) for x in mse]}


def enumerated_moments(mech: Mechanism, counts: Sequence[int]) -> dict[str, list[sympy.Expr]]:
    """Mean, variance and MSE of every estimate, by summing over the enumerated distribution."""
    counts = validate_counts(counts, mech.d)
    if _flint_rational(mech):
        return _rational_moments(mech, counts)
    if mech.domain.is_FractionField:
        return _fraction_field_moments(mech, counts)
    dom = mech.domain
    n = sum(counts)
    truth = [dom.convert(c) / dom.convert(n) for c in counts]
    dist = estimate_distribution(mech, counts)
    mean = [sum((p * e[v] for e, p in dist), dom.zero) for v in range(mech.d)]
    var = [sum((p * (e[v] - mean[v]) ** 2 for e, p in dist), dom.zero) for v in range(mech.d)]
    mse = [sum((p * (e[v] - truth[v]) ** 2 for e, p in dist), dom.zero) for v in range(mech.d)]
    conv = dom.to_sympy
    return {"mean": [conv(x) for x in mean], "variance": [conv(x) for x in var], "mse": [conv(x) for x in mse]}


def enumerated_family_moments(family: MechanismFamily, counts: Sequence[int]) -> dict[str, list[sympy.Expr]]:
    """Moments of a family by enumerating the member draw and then every outcome."""
    counts = validate_counts(counts, family.d)
    n = sum(counts)
    total = sum(outcome_count(m.n_outputs, counts) for _, m in family.members)
    check_count(f"enumerating {family.name} ({len(family.members)} members) on {n} clients", total,
                limit=MAX_OUTCOMES, unit="outcomes", alternative="use fewer clients, members or outputs")
    points = []  # (weight * prob, estimate)
    for w, m in family.members:
        for est, p in estimate_distribution(m, counts):
            points.append((w * m.domain.to_sympy(p), [m.domain.to_sympy(e) for e in est]))
    mean = [cancel(sum(p * e[v] for p, e in points)) for v in range(family.d)]
    var = [cancel(sum(p * (e[v] - mean[v]) ** 2 for p, e in points)) for v in range(family.d)]
    mse = [cancel(sum(p * (e[v] - sympy.Rational(counts[v], n)) ** 2 for p, e in points)) for v in range(family.d)]
    return {"mean": mean, "variance": var, "mse": mse}


def independent_pair_moments(mech: Mechanism, a: int, b: int, s: int, t: int) -> tuple:
    """``(E[R(a)[s] R(b)[t]], E[R(a)[s]], E[R(b)[t]])`` for two independent runs of ``mech`` on the inputs ``a`` and
    ``b`` (``R(v)`` the reconstruction ``Q u`` of the report ``u``), each exact and cancelled, by enumerating every
    pair of outputs ``(u1, u2)``, of probability ``P[u1, a] P[u2, b]``.  Their covariance is the first minus the
    product of the others: pan-cms Section 2.1, Property 2.2 (reconstructions of separate runs are uncorrelated) and
    Appendix B, Eq. (27) (two clients' decoded coordinates)."""
    P, Q = mech.perturbation_matrix(), mech.decoder_matrix()
    for name, value, bound, what in (("a", a, P.shape[1], "input"), ("b", b, P.shape[1], "input"),
                                     ("s", s, Q.shape[0], "coordinate"), ("t", t, Q.shape[0], "coordinate")):
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or not 0 <= value < bound:
            raise ParameterError(f"{name} = {value!r} is not an {what} of {mech.name} (an integer in 0..{bound - 1})")
    first = [u for u in range(P.shape[0]) if P[u, a] != 0]
    second = [u for u in range(P.shape[0]) if P[u, b] != 0]
    check_count(f"enumerating pairs of outputs of {mech.name}", len(first) * len(second), limit=MAX_OUTCOMES,
                unit="outcomes", alternative="use a mechanism with fewer outputs")
    e1 = sum(P[u, a] * Q[s, u] for u in first)
    e2 = sum(P[u, b] * Q[t, u] for u in second)
    e12 = sum(P[u1, a] * P[u2, b] * Q[s, u1] * Q[t, u2] for u1 in first for u2 in second)
    return cancel(e12), cancel(e1), cancel(e2)
