"""Exact enumeration: the full distribution of ``f_hat`` for a small dataset, from first principles.

This is the third, independent path of every formula check.  It does not use the moment formulas of
:mod:`ldpref.moments`: it enumerates every outcome of the clients' randomisation (the multinomial
count vector of responses of each group of clients sharing a value), multiplies exact probabilities,
applies the decoder to each outcome and sums.  Only for small n and |U|: the number of outcomes is
``prod_x C(c_x + |U| - 1, |U| - 1)``.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from math import comb, factorial
from typing import Sequence

import sympy

from .dataset import validate_counts
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


def response_count_distribution(mech: Mechanism, counts: Sequence[int]) -> dict[tuple[int, ...], object]:
    """Exact distribution of the vector of response counts (domain elements as probabilities)."""
    counts = validate_counts(counts, mech.d)
    size = outcome_count(mech.n_outputs, counts)
    check_count(f"enumerating {mech.name} on {sum(counts)} clients", size, limit=MAX_OUTCOMES, unit="outcomes",
                alternative="use fewer clients or outputs, or exact moments without enumeration (the structured "
                            "alternative `ldpref moments NAME --set ...`)")
    dom = mech.domain
    P = mech.P.to_list()
    U = mech.n_outputs
    dist = {tuple([0] * U): dom.one}
    with Progress(f"enumerating {mech.name}", sum(1 for c in counts if c)) as bar:
        for x, c in enumerate(counts):
            if c == 0:
                continue
            bar.advance()
            group = {}
            for k in _compositions(c, U):
                prob = dom.convert(factorial(c))
                for u, ku in enumerate(k):
                    if ku:
                        prob = prob * P[u][x] ** ku / dom.convert(factorial(ku))
                if prob != dom.zero:
                    group[k] = prob
            new = defaultdict(lambda: dom.zero)
            for a, pa in dist.items():
                for b, pb in group.items():
                    new[tuple(i + j for i, j in zip(a, b))] += pa * pb
            dist = dict(new)
    return dist


def estimate_distribution(mech: Mechanism, counts: Sequence[int]) -> list[tuple[tuple, object]]:
    """Exact distribution of ``f_hat = Q nu``: a list of (estimate vector, probability), domain elements."""
    counts = validate_counts(counts, mech.d)
    dom = mech.domain
    n = dom.convert(sum(counts))
    Q = mech.Q.to_list()
    out = []
    for k, prob in response_count_distribution(mech, counts).items():
        est = tuple(sum((Q[v][u] * k[u] for u in range(mech.n_outputs) if k[u]), dom.zero) / n for v in range(mech.d))
        out.append((est, prob))
    return out


def enumerated_moments(mech: Mechanism, counts: Sequence[int]) -> dict[str, list[sympy.Expr]]:
    """Mean, variance and MSE of every estimate, by summing over the enumerated distribution."""
    counts = validate_counts(counts, mech.d)
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
    mean = [sympy.cancel(sum(p * e[v] for p, e in points)) for v in range(family.d)]
    var = [sympy.cancel(sum(p * (e[v] - mean[v]) ** 2 for p, e in points)) for v in range(family.d)]
    mse = [sympy.cancel(sum(p * (e[v] - sympy.Rational(counts[v], n)) ** 2 for p, e in points)) for v in range(family.d)]
    return {"mean": mean, "variance": var, "mse": mse}
