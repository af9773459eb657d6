"""Weighted Subset Selection at d = 100 and beyond (pan-strict Section 5.3, the Fig. 2 setting): the LP solved by
HiGHS (``scipy.optimize.linprog(method="highs-ds")``), its vertex re-solved in exact rationals, and the expanded
configuration verified exactly as a symmetric optimal configuration (pan-strict Definition 3.1).

Why not :func:`ldpref.wss.weighted_subset_selection`: its LP has one row per pair (d(d-1)/2 = 4,950 at d = 100) and
its float simplex and the exact re-solve of a 4,950 x 4,950 basis are refused by the limits rule (HiGHS itself
did not finish the 4,950-row feasibility LP at k = 5 within ten minutes on this machine).

The LP here (a restriction of WSS's LP, so every solution is a WSS solution).  Let the cyclic group Z_{d-1} act
on the values 0..d-2 by rotation and fix the value d-1 ("infinity").  If every k-subset of one orbit gets the
same weight, the pair constraints of WSS (``sum_y w_y [x, x' in S_y] = k(k-1)/(d(d-1))`` for every pair) depend
only on the orbit of the pair: the pairs {a, a + delta} (delta = 1..floor((d-1)/2), cyclic distance) and the
pairs {a, infinity}.  So the LP has ``floor((d-1)/2) + 1`` rows (50 at d = 100) over candidate base subsets (one
per orbit), and its vertex has at most that many positive orbits of at most d-1 subsets each: at most
``(floor((d-1)/2) + 1)(d-1)`` responses, which is d(d-1)/2 for even d -- the sparsity claim of Section 4 (a vertex
of the full LP has at most d(d-1)/2 positive weights).  For odd d the bound is d(d-1)/2 + (d-1)/2: the count is
reported and checked, not assumed.

Candidates: uniform random k-subsets of [d] (numpy ``default_rng(seed)``), 4 per row at first, 4 more per row each
round until HiGHS finds the LP feasible and its vertex survives the exact re-solve (at most ``MAX_ROUNDS``).  k = 1
needs no LP: the only OSC with support size 1 is GRR (the d singletons, weight 1/d each).

Exactness: the float solution only chooses the support; the weights are the exact solution of the support's
equality system (sympy's RREF over QQ, at most 50 columns), and :func:`verify_configuration` checks the expanded
configuration from scratch in integer arithmetic (python-flint ``fmpz_mat``): distinct k-subsets, positive
weights summing to one, ``sum_y w_y s_y s_y^T`` equal to ``k/d`` on the diagonal and ``k(k-1)/(d(d-1))`` off it, hence
(Definition 3.1 / Lemma 3.1) the OSC's p and q and its l2 ``osc_l2_per_client(d, k, e)``, recomputed from the
measured moments.  A figure draws WSS only when ``verified`` is True.
"""

from __future__ import annotations

import math
import time
from fractions import Fraction

import numpy as np
import sympy
from sympy.polys.matrices import DomainMatrix

from .errors import MechanismError, ParameterError
from .exact import cancel

#: rounds of "add candidates, solve" before giving up
MAX_ROUNDS = 20
#: candidate base subsets per LP row, first round and each further round
CANDIDATES_PER_ROW = 4
EXTRA = "lp"


def require_scipy():
    """``scipy.optimize.linprog``, or a one-line error naming the extra that installs it."""
    try:
        from scipy.optimize import linprog
    except ModuleNotFoundError:
        raise ModuleNotFoundError(f"WSS at large d needs scipy's HiGHS: pip install 'ldpref[{EXTRA}]'",
                                  name="scipy") from None
    return linprog


def scipy_available() -> bool:
    """Whether scipy (the ``lp`` extra) is importable."""
    try:
        require_scipy()
    except ModuleNotFoundError:
        return False
    return True


def orbit_rows(d: int) -> int:
    """Rows of the symmetry-reduced LP: the pair orbits of Z_{d-1} plus the pairs with the fixed value."""
    return (d - 1) // 2 + 1


def orbit_coverage(d: int, subset) -> list[int]:
    """The LP column of a base subset.  Row ``delta - 1`` (cyclic distance delta = 1..floor((d-1)/2)): over the
    d-1 rotations r, how many put a fixed pair {a, a + delta} inside ``subset + r`` -- the number of s in the
    subset (below d-1) with s + delta mod (d-1) in it, the same for every a.  Last row: how many put {a, d-1}
    inside -- the number of the subset's values below d-1 if d-1 is in it, else 0."""
    g = d - 1
    inner = [s for s in subset if s < g]
    have = set(inner)
    rows = [sum(((s + delta) % g) in have for s in inner) for delta in range(1, g // 2 + 1)]
    rows.append(len(inner) if g in subset else 0)
    return rows


def _orbit(d: int, base) -> list[tuple[int, ...]]:
    """The distinct rotations of ``base`` (values < d-1 rotate mod d-1; d-1 is fixed), each with its multiplicity
    (how many of the d-1 rotations give it)."""
    g = d - 1
    out: dict[tuple[int, ...], int] = {}
    for r in range(g):
        s = tuple(sorted((x + r) % g if x < g else x for x in base))
        out[s] = out.get(s, 0) + 1
    return list(out.items())


def _exact_support_solution(A: np.ndarray, support: list[int]) -> list[Fraction] | None:
    """The unique exact solution u of ``A[:, support] u = 1`` (integer A), or None when it is inconsistent, not
    unique or has a non-positive entry."""
    m = A.shape[0]
    rows = [[sympy.QQ(int(A[r, j])) for j in support] + [sympy.QQ(1)] for r in range(m)]
    R, pivots = DomainMatrix(rows, (m, len(support) + 1), sympy.QQ).rref()
    if len(support) in pivots or len(pivots) < len(support):
        return None
    Rl = R.to_list()
    u = [Fraction(int(Rl[r][-1].numerator), int(Rl[r][-1].denominator)) for r in range(len(pivots))]
    if any(v <= 0 for v in u):
        return None
    return u


def lp_configuration(d: int, k: int, seed: int = 0):
    """A symmetric configuration with support size k on [d] from the symmetry-reduced WSS LP (module docstring).
    Returns ``(subsets, weights, stats)``: sorted k-tuples, exact Fractions, and a dict (rows, candidates, rounds,
    positive orbits, seconds, solver).  Raises MechanismError when no exact vertex is found."""
    t0 = time.perf_counter()
    if d < 3 or not 1 <= k <= d - 1:
        raise ParameterError(f"wss-lp: need d >= 3 and 1 <= k <= d-1 (got d = {d}, k = {k})")
    if k == 1:
        subsets = [(x,) for x in range(d)]
        return subsets, [Fraction(1, d)] * d, {"rows": d, "candidates": d, "rounds": 0, "positive_orbits": None,
                                                "solver": "none (k = 1: GRR)", "seconds": 0.0}
    linprog = require_scipy()
    rng = np.random.default_rng(seed)
    m = orbit_rows(d)
    seen: set[tuple[int, ...]] = set()
    cands: list[tuple[int, ...]] = []
    cols: list[list[int]] = []
    total = math.comb(d, k)
    for rounds in range(1, MAX_ROUNDS + 1):
        want = min(total, len(cands) + CANDIDATES_PER_ROW * m)
        while len(cands) < want:
            s = tuple(sorted(rng.choice(d, size=k, replace=False).tolist()))
            if s not in seen:
                seen.add(s)
                cands.append(s)
                cols.append(orbit_coverage(d, s))
        A = np.array(cols, dtype=np.int64).T
        res = linprog(np.zeros(A.shape[1]), A_eq=A.astype(float), b_eq=np.ones(m), bounds=(0, None), method="highs-ds")
        if res.status == 0:
            support = [int(j) for j in np.flatnonzero(res.x > 1e-12)]
            u = _exact_support_solution(A, support)
            if u is not None:
                break
        if len(cands) >= total:
            raise MechanismError(f"wss-lp: every {k}-subset tried and no exact vertex (d = {d})")
    else:
        raise MechanismError(f"wss-lp: no exact vertex after {MAX_ROUNDS} rounds (d = {d}, k = {k}, seed = {seed})")
    target = Fraction(k * (k - 1), d * (d - 1))
    weights: dict[tuple[int, ...], Fraction] = {}
    for j, uj in zip(support, u):
        for s, mult in _orbit(d, cands[j]):
            weights[s] = weights.get(s, Fraction(0)) + uj * target * mult
    subsets = sorted(weights)
    stats = {"rows": m, "candidates": len(cands), "rounds": rounds, "positive_orbits": len(support),
             "solver": "scipy HiGHS dual simplex (highs-ds), vertex re-solved over QQ",
             "seconds": round(time.perf_counter() - t0, 3)}
    return subsets, [weights[s] for s in subsets], stats


def verify_configuration(d: int, k: int, subsets, weights, exp_eps) -> dict:
    """Exact checks that ``subsets`` (k-subsets of [d]) with ``weights`` (Fractions) are a symmetric optimal
    configuration with support size k (pan-strict Definition 3.1, Lemma 3.1): the dict of checks and
    ``verified`` (all of them).  The OSC's p, q and l2 are recomputed from the measured moments at ``exp_eps``."""
    from flint import fmpz_mat

    from .wss import osc_base_total, osc_l2_per_client

    sets = [tuple(s) for s in subsets]
    distinct = len(set(sets)) == len(sets) and all(len(set(s)) == k and all(0 <= x < d for x in s) for s in sets)
    positive = all(Fraction(w) > 0 for w in weights)
    total = sum((Fraction(w) for w in weights), Fraction(0))
    den = math.lcm(*(Fraction(w).denominator for w in weights)) if weights else 1
    W = [int(Fraction(w) * den) for w in weights]
    S = [[1 if x in s else 0 for x in range(d)] for s in sets]
    WS = [[W[y] * S[y][x] for x in range(d)] for y in range(len(sets))]
    M = (fmpz_mat(S).transpose() * fmpz_mat(WS)).tolist() if sets else [[0] * d for _ in range(d)]
    diag = {Fraction(int(M[x][x]), den) for x in range(d)}
    off = {Fraction(int(M[x][z]), den) for x in range(d) for z in range(d) if x != z}
    marg, pair = Fraction(k, d), Fraction(k * (k - 1), d * (d - 1))
    result = {"responses": len(sets), "sparsity_bound": d * (d - 1) // 2,
              "within_sparsity_bound": len(sets) <= d * (d - 1) // 2,
              "distinct_k_subsets": bool(distinct), "weights_positive": bool(positive),
              "weights_sum_to_one": total == 1,
              "marginals_k_over_d": diag == {marg}, "pairs_constant": off == {pair}}
    e = sympy.sympify(exp_eps)
    if len(diag) == 1 and len(off) == 1:
        mx, px = next(iter(diag)), next(iter(off))
        B = osc_base_total(d, k, e)
        p = B * e * sympy.Rational(mx.numerator, mx.denominator)
        q = B * (sympy.Rational(mx.numerator, mx.denominator) + (e - 1) * sympy.Rational(px.numerator, px.denominator))
        l2 = (d * q * (1 - q) + (p - q) * (1 - p - q)) / (p - q) ** 2
        result["l2_per_client"] = l2
        result["l2_equals_osc"] = cancel(l2 - osc_l2_per_client(d, k, e)) == 0
    else:
        result["l2_equals_osc"] = False
    result["verified"] = all(result[key] for key in ("distinct_k_subsets", "weights_positive", "weights_sum_to_one",
                                                     "marginals_k_over_d", "pairs_constant", "l2_equals_osc"))
    return result


__all__ = ["lp_configuration", "verify_configuration", "require_scipy", "scipy_available", "orbit_coverage",
           "orbit_rows", "MAX_ROUNDS", "EXTRA"]
