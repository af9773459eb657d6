"""Weighted Subset Selection (pan-strict Section 5.3): an optimal symmetric configuration (OSC) with few
responses, found by a linear program and certified exactly.

The model (pan-strict Definitions 2.3-3.1, Appendix C).  An extremal configuration with support size k
gives response y (a k-subset ``S_y`` of [d]) the probability ``p_y e^eps`` when the input is in ``S_y``
and ``p_y`` otherwise.  Write ``p_y = B w_y`` with ``sum_y w_y = 1``.  The columns of P sum to one and the
configuration is symmetric exactly when the weights reproduce the moments of a uniformly random
k-subset:

* ``sum_y w_y [x in S_y] = k/d`` for every x (diagonal constraints), and
* ``sum_y w_y [x in S_y][x' in S_y] = k(k-1)/(d(d-1))`` for every pair x < x' (pair constraints);

then ``B = d/(k e^eps + d - k)``.  For k >= 2 the pair constraints imply the diagonal ones (sum the
pair constraints of x over x'); for k = 1 the pair constraints are vacuous (0 = 0) and the diagonal
ones are needed.  So WSS solves ``A u = 1, u >= 0`` with the rows of A the pair constraints (k >= 2) or
the diagonal constraints (k = 1) over a sample of candidate subsets, ``w = u * target``.

Solving.  A float simplex (numpy, phase I; Dantzig's rule with Bland's rule after degenerate runs;
warm-started from the previous round's basis) finds a feasible basis; the basis system is then
re-solved in exact rational arithmetic (sympy's sparse RREF over QQ) and accepted only if the exact
solution is non-negative and satisfies every constraint exactly.  The vertex has at most rank(A)
positive weights, so the mechanism has at most d(d-1)/2 responses (k >= 2) or d (k = 1), within the
Caratheodory count d(d-1)/2 + 1 of pan-strict Theorem 4.1.

Sampling (Section 5.3's heuristic, "support tracking").  Subsets are drawn one at a time: the k values
are drawn without replacement with weights ``1/(1 + c_x - min c)`` where ``c_x`` counts the already
sampled subsets holding x, so rarely supported values are preferred.  The sample starts with
``min(C(d,k), D)`` subsets (D the number of constraint rows) and grows by ``ceil(D/4)`` until the LP is
feasible (instead of restarting from scratch, which Section 5.3 also allows).  Every random choice comes
from ``numpy.random.default_rng(seed)``; ``seed=None`` means seed 0.
"""

from __future__ import annotations

import itertools
import time
from fractions import Fraction
from math import comb

import numpy as np
import sympy
from sympy.polys.matrices import DomainMatrix

from .decoders import support_set_decoder
from .errors import MechanismError, ParameterError
from .exact import cancel
from .limits import check_count, check_matrix
from .mechanism import Mechanism
from .mechanisms._params import accepts_eps, check_d, check_exp_eps, check_k

DEFAULT_SEED = 0
MAX_ROUNDS = 200
#: The limits rule's time-like size for WSS: entries of the first LP (constraint rows x the same number of
#: candidate columns, float64).  10^7 entries is d = 80 at k >= 2; the float simplex pivots cost
#: O(rows x columns) each, so the LP, not the memory, is what grows first.
MAX_LP_ENTRIES = 10**7
#: Exhaustive search for the l2-optimal k: values of k tried (each one exact rational evaluation).
MAX_K_SEARCH = 10**6


# ---------------------------------------------------------------------------------------------
# OSC quantities (pan-strict Lemma B.1 / Lemma 3.1), exact
def osc_base_total(d: int, k: int, exp_eps) -> sympy.Expr:
    """``B = sum_y p_y = d/(k e + d - k)`` (column sums of an extremal config with support size k)."""
    e = sympy.sympify(exp_eps)
    return sympy.Integer(d) / (k * e + d - k)


def osc_support_probabilities(d: int, k: int, exp_eps) -> tuple[sympy.Expr, sympy.Expr]:
    """``(p, q)``: P(x in S_Y | input x) and P(x in S_Y | input x' != x) of any OSC with support size k."""
    e = sympy.sympify(exp_eps)
    B = osc_base_total(d, k, e)
    marg = sympy.Rational(k, d)
    pair = sympy.Rational(k * (k - 1), d * (d - 1))
    p = cancel(B * e * marg)
    q = cancel(B * (marg + (e - 1) * pair))
    return p, q


@accepts_eps
def osc_l2_per_client(d: int, k: int, exp_eps, d_values: int | None = None) -> sympy.Expr:
    """n times the (dataset-independent) l2 loss of an OSC on ``d`` values with support size k, summed
    over the first ``d_values`` values (default all d; fewer for an extended dictionary)."""
    p, q = osc_support_probabilities(d, k, exp_eps)
    dv = d if d_values is None else d_values
    return cancel((dv * q * (1 - q) + (p - q) * (1 - p - q)) / (p - q) ** 2)


@accepts_eps
def optimal_support_size(d: int, exp_eps) -> int:
    """The integer k in 1..d-1 minimising the exact OSC l2 loss (exhaustive; ties: the smaller k)."""
    d = check_d(d)
    e = check_exp_eps(exp_eps)
    if e.free_symbols:
        raise ParameterError("optimal_support_size needs a numeric exp_eps")
    check_count(f"the exhaustive search of the l2-optimal k for d = {d}", d - 1, limit=MAX_K_SEARCH,
                unit="values of k")
    if isinstance(e, sympy.Rational):  # the same exact value on Fractions, much faster than sympy.cancel
        ef = Fraction(int(e.p), int(e.q))
        return min((_osc_l2_fraction(d, k, ef), k) for k in range(1, d))[1]
    values = [(osc_l2_per_client(d, k, e), k) for k in range(1, d)]
    return min(values)[1]


def _osc_l2_fraction(d: int, k: int, e: Fraction) -> Fraction:
    """:func:`osc_l2_per_client` at a rational e^eps, on Fractions (same formula, exact)."""
    B = Fraction(d) / (k * e + d - k)
    p = B * e * Fraction(k, d)
    q = B * (Fraction(k, d) + (e - 1) * Fraction(k * (k - 1), d * (d - 1)))
    return (d * q * (1 - q) + (p - q) * (1 - p - q)) / (p - q) ** 2


def caratheodory_count(d: int) -> int:
    """Theorem 4.1's count of responses: d(d-1)/2 + 1."""
    return d * (d - 1) // 2 + 1


# ---------------------------------------------------------------------------------------------
# the constraint system
def constraint_rows(d: int, k: int) -> list[tuple[int, ...]]:
    """Index tuples of the constraint rows: pairs (x, x') for k >= 2, singletons (x,) for k = 1."""
    if k == 1:
        return [(x,) for x in range(d)]
    return list(itertools.combinations(range(d), 2))


def constraint_target(d: int, k: int) -> sympy.Rational:
    """Right-hand side of every row: E[s(x) s(x')] = k(k-1)/(d(d-1)) (k >= 2) or E[s(x)] = 1/d (k = 1)."""
    if k == 1:
        return sympy.Rational(1, d)
    return sympy.Rational(k * (k - 1), d * (d - 1))


def _sample_subset(rng, d, k, counts) -> tuple[int, ...]:
    """k distinct values drawn with probabilities proportional to ``w`` (weighted, without replacement): the
    draw of ``rng.choice(d, size=k, replace=False, p=w / w.sum())``, step for step as numpy's Generator.choice
    makes it (draw the missing count of uniforms, zero the found values' weights, renormalised cumulative
    sum, ``searchsorted(side="right")``, keep the first occurrence of each new value), without its per-call
    argument validation (about 3x faster; the heuristic calls it thousands of times per claim).  The same
    uniforms are consumed, so the subsets and the generator's state afterwards are identical
    (tests/test_wss_sampler.py compares them with ``rng.choice`` on many seeds)."""
    w = 1.0 / (1.0 + counts - counts.min())
    p = w / w.sum()
    found: list[int] = []
    while len(found) < k:
        x = rng.random(k - len(found))
        if found:
            p[found] = 0.0
        cdf = np.cumsum(p)
        cdf /= cdf[-1]
        found.extend(dict.fromkeys(cdf.searchsorted(x, side="right").tolist()))
    return tuple(sorted(found))


# ---------------------------------------------------------------------------------------------
# float phase-I simplex (feasibility only): Dantzig's rule, Bland's rule while degenerate
def _phase_one(A: np.ndarray, tol: float = 1e-9, max_pivots: int = 200000, basis=None):
    """Find a basis of ``[A | I] z = 1, z >= 0`` minimising the artificial sum.  Returns
    ``(feasible, basis)`` with ``basis`` the column index (into [A | I]) of each row's basic variable.

    ``basis`` may give a starting feasible basis (e.g. the previous round's, whose columns keep their
    indices when columns are appended to A).  Pivots use the most negative reduced cost; after a run of
    degenerate pivots they switch to Bland's rule (smallest indices), which cannot cycle, until the
    objective improves again."""
    m, n = A.shape
    full = np.hstack([A, np.eye(m)])
    rhs = np.ones(m)
    if basis is None:
        basis = list(range(n, n + m))
        T = np.zeros((m + 1, n + m + 1))
        T[:m, :n + m] = full
        T[:m, -1] = rhs
    else:
        basis = list(basis)
        Binv = np.linalg.inv(full[:, basis])
        T = np.zeros((m + 1, n + m + 1))
        T[:m, :n + m] = Binv @ full
        T[:m, -1] = Binv @ rhs
        if (T[:m, -1] < -1e-9).any():  # not feasible after all: cold start
            return _phase_one(A, tol, max_pivots, None)
    cost = np.zeros(n + m + 1)
    cost[n:n + m] = 1.0
    cb = cost[basis]
    T[m, :] = cost - cb @ T[:m, :]  # reduced costs; T[m, -1] = -objective
    bland, stall, best_obj = False, 0, -T[m, -1]
    for _ in range(max_pivots):
        rc = T[m, :n + m]
        candidates = np.flatnonzero(rc < -tol)
        if candidates.size == 0:
            break
        j = int(candidates[0]) if bland else int(candidates[np.argmin(rc[candidates])])
        col = T[:m, j]
        pos = np.flatnonzero(col > tol)
        if pos.size == 0:
            break
        ratios = T[pos, -1] / col[pos]
        best = ratios.min()
        ties = pos[np.abs(ratios - best) <= tol * max(1.0, abs(best))]
        i = int(min(ties, key=lambda r: basis[r])) if bland else int(ties[np.argmax(col[ties])])
        T[i, :] /= T[i, j]
        factors = T[:, j].copy()
        factors[i] = 0.0
        T -= np.outer(factors, T[i, :])
        basis[i] = j
        obj = -T[m, -1]
        if obj < best_obj - 1e-12:
            best_obj, stall, bland = obj, 0, False
        else:
            stall += 1
            if stall > 50:
                bland = True
    else:
        raise MechanismError("WSS: the float simplex did not converge (pivot limit)")
    feasible = -T[m, -1] <= 1e-7
    return feasible, basis


def _exact_basis_solution(A_int: list[list[int]], basis: list[int], n: int):
    """Solve the basis system of ``[A | I] z = 1`` exactly (sparse RREF over QQ).  Returns a dict
    column -> exact value (Fraction) of the structural (non-artificial) basic variables, or None when
    the exact solution is inconsistent, not unique, negative, or leaves an artificial variable non-zero."""
    m = len(A_int)
    cols = basis
    rows = []
    for r in range(m):
        row = [sympy.QQ(A_int[r][j]) if j < n else sympy.QQ(1 if j - n == r else 0) for j in cols]
        row.append(sympy.QQ(1))
        rows.append(row)
    M = DomainMatrix(rows, (m, len(cols) + 1), sympy.QQ).to_sparse()
    R, pivots = M.rref()
    if len(cols) in pivots:  # inconsistent
        return None
    if len(pivots) < len(cols):  # singular basis: not a vertex exactly
        return None
    Rl = R.to_dense().to_list()
    values = {}
    for r, pc in enumerate(pivots):
        v = Rl[r][-1]
        values[cols[pc]] = Fraction(int(v.numerator), int(v.denominator))
    if any(v < 0 for v in values.values()):
        return None
    if any(values[j] != 0 for j in values if j >= n):
        return None
    return {j: v for j, v in values.items() if j < n}


# ---------------------------------------------------------------------------------------------
class SupportSampler:
    """Section 5.3's support-tracking heuristic: draws distinct k-subsets, preferring rarely supported
    values (weights ``1/(1 + c_x - min c)``, ``c_x`` the number of sampled subsets holding x)."""

    def __init__(self, d: int, k: int, rng: np.random.Generator):
        self.d, self.k, self.rng = d, k, rng
        self.total = comb(d, k)
        self.sample: list[tuple[int, ...]] = []
        self.seen: set[tuple[int, ...]] = set()
        self.counts = np.zeros(d)

    def extend_to(self, size: int) -> None:
        """Draw distinct subsets until the sample holds ``size`` (at most all of them)."""
        size = min(size, self.total)
        while len(self.sample) < size:
            s = _sample_subset(self.rng, self.d, self.k, self.counts)
            if s in self.seen:
                if len(self.seen) * 4 >= 3 * self.total:  # dense: draw uniformly among the unseen subsets
                    rest = [t for t in itertools.combinations(range(self.d), self.k) if t not in self.seen]
                    s = rest[int(self.rng.integers(len(rest)))]
                else:
                    continue
            self.seen.add(s)
            self.sample.append(s)
            self.counts[list(s)] += 1


def solve_weights(d: int, k: int, sample, warm: dict | None = None) -> dict | None:
    """Solve ``A u = 1, u >= 0`` over the candidate subsets ``sample`` (float phase I, then the basis
    re-solved exactly).  Returns ``{index in sample: exact weight w (sympy Rational)}`` for the positive
    weights, or None when the float LP is infeasible or its basis does not survive the exact re-solve."""
    rows = constraint_rows(d, k)
    sets = [set(s) for s in sample]
    A_int = [[1 if all(x in s for x in r) else 0 for s in sets] for r in rows]
    n_cols = len(sample)
    start = None
    if warm is not None and warm.get("basis") is not None:
        old_n = warm["n"]  # artificial columns moved from old_n + i to n_cols + i
        start = [j if j < old_n else j - old_n + n_cols for j in warm["basis"]]
    feasible, basis = _phase_one(np.array(A_int, dtype=float), basis=start)
    if warm is not None:
        warm.update(basis=basis, n=n_cols)
    if not feasible:
        return None
    exact = _exact_basis_solution(A_int, basis, len(sample))
    if exact is None:
        if warm is not None:  # the float basis did not survive exactly: start the next round cold
            warm.update(basis=None)
        return None
    target = constraint_target(d, k)
    return {j: sympy.Rational(v.numerator, v.denominator) * target for j, v in exact.items() if v > 0}


@accepts_eps
def weighted_subset_selection(d: int, k: int | None, exp_eps, seed: int | None = None, *, certify: bool = True):
    """Build an OSC with support size k on [d] by Weighted Subset Selection.

    ``k=None`` uses :func:`optimal_support_size` (the l2-optimal integer k, exhaustive; needs a numeric
    ``exp_eps``).  Returns ``(mechanism, certificate)``: the :class:`~ldpref.mechanism.Mechanism` (outputs
    labelled by their subsets, e.g. ``"{0,2}"``, the support-set decoder of Eq. (5)) and a dict recording the
    exact checks (see :func:`certify_osc`), the number of responses against the Caratheodory count
    d(d-1)/2 + 1 and the search statistics (samples drawn, LP rounds, seed, seconds).  ``certified`` is True
    only when every exact check passes *and* the response count is within the Caratheodory count.
    ``exp_eps`` may be the symbol ``EXP_EPS``: the weights do not depend on it.
    """
    t0 = time.perf_counter()
    d = check_d(d)
    e = check_exp_eps(exp_eps)
    k_given = k is not None
    check_wss_size(d, k if k_given else None, e)
    k = check_k(k, d) if k_given else optimal_support_size(d, e)
    seed = DEFAULT_SEED if seed is None else int(seed)
    sampler = SupportSampler(d, k, np.random.default_rng(seed))
    rows = constraint_rows(d, k)
    batch = max(1, -(-len(rows) // 4))
    target_n = len(rows)
    rounds = 0
    solution = None
    warm: dict = {}
    while solution is None:
        rounds += 1
        if rounds > MAX_ROUNDS:
            raise MechanismError(f"WSS: no feasible sample after {MAX_ROUNDS} rounds (d={d}, k={k}, seed={seed})")
        sampler.extend_to(target_n)
        solution = solve_weights(d, k, sampler.sample, warm)
        if solution is None:
            if len(sampler.sample) >= sampler.total:
                raise MechanismError(f"WSS: every {k}-subset sampled and no exact vertex found (d={d}, k={k})")
            target_n = len(sampler.sample) + batch
    chosen = sorted(solution, key=lambda j: sampler.sample[j])
    subsets = [sampler.sample[j] for j in chosen]
    weights = [solution[j] for j in chosen]
    mech = osc_mechanism(d, k, e, subsets, weights, name=f"wss(d={d}, k={k}, exp_eps={e}, seed={seed})")
    cert = {
        "d": d, "k": k, "k_source": "given" if k_given else "optimal_support_size", "exp_eps": str(e), "seed": seed,
        "responses": len(subsets),
        "caratheodory_count": caratheodory_count(d),
        "within_caratheodory": len(subsets) <= caratheodory_count(d),
        "constraint_rows": len(rows),
        "samples": len(sampler.sample), "lp_rounds": rounds,
        "subsets": ["{" + ",".join(map(str, s)) + "}" for s in subsets],
        "weights": [str(w) for w in weights],
    }
    if certify:
        cert.update(certify_osc(mech, subsets, k, e))
        cert["certified"] = bool(cert["certified"] and cert["within_caratheodory"])
    cert["seconds"] = round(time.perf_counter() - t0, 3)
    return mech, cert


def check_wss_size(d: int, k: int | None, exp_eps) -> None:
    """The limits rule (:mod:`ldpref.limits`) for WSS, before any sampling: the first LP has one row per
    constraint (d(d-1)/2 pairs for k >= 2, d for k = 1) and as many candidate columns; the mechanism has at
    most that many responses on d inputs."""
    rows = d if k == 1 else d * (d - 1) // 2
    sets = f"d={d}" + ("" if k is None else f" k={k}") + f" exp_eps={exp_eps}"
    check_count(f"wss with d = {d}: the first LP ({rows:,} constraint rows x {rows:,} candidate subsets)", rows * rows,
                limit=MAX_LP_ENTRIES, unit="LP matrix entries",
                alternative=f"the OSC's exact moments do not depend on the weights: use the structured alternative "
                            f"`ldpref moments ss --set {sets}`")
    check_matrix(f"wss with d = {d}", rows, d, outputs_text="up to d(d-1)/2" if k != 1 else "up to d",
                 symbolic=bool(getattr(exp_eps, "free_symbols", ())))


def osc_mechanism(d: int, k: int, exp_eps, subsets, weights, *, name: str = "osc") -> Mechanism:
    """The extremal configuration with responses ``subsets`` of size k and weights ``w_y`` (summing to
    one): ``P[y][x] = B w_y (e if x in S_y else 1)``, ``B = d/(k e + d - k)``, decoded by Eq. (5)."""
    e = sympy.sympify(exp_eps)
    B = osc_base_total(d, k, e)
    entry: dict = {}  # (w_y, x in S_y) -> the cancelled entry: a row takes two values, many rows share w_y

    def at(w, inside):
        key = (w, inside)
        if key not in entry:
            entry[key] = cancel(B * w * (e if inside else 1))
        return entry[key]

    P = [[at(w, x in s) for x in range(d)] for s, w in zip(subsets, weights)]
    p, q = osc_support_probabilities(d, k, e)
    Q = support_set_decoder([set(s) for s in subsets], d, p, q)
    labels = ["{" + ",".join(map(str, s)) + "}" for s in subsets]
    return Mechanism(P, Q, outputs=labels, name=name)


def certify_osc(mech: Mechanism, subsets, k: int, exp_eps) -> dict:
    """Exact checks that ``mech`` is an OSC with support size k at e^eps (pan-strict Definition 3.1).

    * ``weight_patterns``: every row of P takes exactly two values, ``e p_y`` on its k supported inputs and
      ``p_y`` elsewhere;
    * ``exp_eps``: e^eps of the mechanism computed from P (largest within-row ratio) equals ``exp_eps``;
    * ``symmetric``: P(x in S_Y | x) and P(x in S_Y | x') are the OSC's p and q for every x, x';
    * ``unbiased``: Q P = I exactly;
    * ``l2_per_client`` equals the OSC loss ``osc_l2_per_client(d, k, e)`` (n = 1; the loss is that over n).
    """
    from . import losses, privacy
    from .mechanisms.pure import support_probabilities

    e = sympy.sympify(exp_eps)
    d = mech.d
    P = mech.perturbation_matrix()
    patterns = True
    for u, s in enumerate(subsets):
        if len(set(s)) != k or k >= d:  # k = d: no input outside S_Y, so no row takes two values
            patterns = False
            break
        base = P[u, [x for x in range(d) if x not in s][0]]
        for x in range(d):
            want = base * e if x in s else base
            if cancel(P[u, x] - want) != 0:
                patterns = False
    if e.free_symbols:
        eps_value = privacy.exp_eps_symbolic(mech)
    else:
        eps_value = privacy.exp_eps(mech)
    p_osc, q_osc = osc_support_probabilities(d, k, e)
    try:
        p_m, q_m = support_probabilities(mech, [set(s) for s in subsets])
        symmetric = cancel(p_m - p_osc) == 0 and cancel(q_m - q_osc) == 0
    except ValueError:
        symmetric = False
    unbiased = mech.is_unbiased()
    osc_l2 = osc_l2_per_client(d, k, e)
    if mech.is_rational:
        l2 = losses.worst_case_l2(mech, 1).value
    else:
        l2 = cancel(sum(mech.second_moment_matrix.to_Matrix()[v, 0] for v in range(d)) - 1)
    l2_ok = cancel(l2 - osc_l2) == 0
    result = {
        "weight_patterns": bool(patterns),
        "exp_eps_of_P": str(eps_value),
        "exp_eps_exact": cancel(eps_value - e) == 0,
        "symmetric": bool(symmetric),
        "p": str(p_osc), "q": str(q_osc),
        "unbiased": bool(unbiased),
        "l2_per_client": str(l2),
        "osc_l2_per_client": str(osc_l2),
        "l2_equals_osc": bool(l2_ok),
    }
    if not e.free_symbols:
        k_opt = optimal_support_size(d, e)
        result["optimal_k"] = k_opt
        result["l2_equals_osc_optimum"] = bool(l2_ok and cancel(osc_l2 - osc_l2_per_client(d, k_opt, e)) == 0)
    result["certified"] = all(result[key] for key in ("weight_patterns", "exp_eps_exact", "symmetric", "unbiased",
                                                      "l2_equals_osc"))
    return result


def certificate_lines(cert: dict) -> list[str]:
    """Human-readable summary of a WSS certificate (what ``ldpref wss`` prints)."""
    lines = [
        f"WSS d = {cert['d']}, k = {cert['k']}, exp_eps = {cert['exp_eps']}, seed = {cert['seed']}: "
        f"{cert['responses']} responses (Caratheodory count d(d-1)/2 + 1 = {cert['caratheodory_count']}); "
        f"LP: {cert['constraint_rows']} rows, {cert['samples']} sampled subsets, {cert['lp_rounds']} round(s)",
    ]
    if "certified" in cert:
        ok = {True: "ok", False: "FAILED"}
        lines.append(
            f"certificate (exact): weight patterns {ok[cert['weight_patterns']]}; e^eps of P = {cert['exp_eps_of_P']} "
            f"({ok[cert['exp_eps_exact']]}); symmetric p = {cert['p']}, q = {cert['q']} ({ok[cert['symmetric']]}); "
            f"Q P = I ({ok[cert['unbiased']]})")
        line = f"l2 = ({cert['l2_per_client']})/n, OSC loss at k = {cert['k']}: ({cert['osc_l2_per_client']})/n " \
               f"({ok[cert['l2_equals_osc']]})"
        if "optimal_k" in cert:
            line += (f"; optimal integer k = {cert['optimal_k']}: "
                     + ("this is the strict optimum" if cert["l2_equals_osc_optimum"] else "k is not optimal"))
        lines.append(line)
        lines.append("certified OSC" if cert["certified"] else "NOT certified")
    return lines


__all__ = ["certificate_lines", "weighted_subset_selection", "SupportSampler", "solve_weights", "osc_mechanism",
           "certify_osc", "osc_support_probabilities",
           "osc_base_total", "osc_l2_per_client", "optimal_support_size", "caratheodory_count",
           "constraint_rows", "constraint_target", "DEFAULT_SEED"]
