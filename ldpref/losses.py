"""Worst-case losses over all datasets of n clients (pan-cms Section 2.2, Eqs. (1) and (11)).

* :func:`worst_case_mse` -- ``max_X max_{v in values of interest} E[(f_hat_v - f_v)^2]`` (pan-cms Eq. (1)),
  optionally over datasets with ``f(x) <= f_star`` for every value of interest.
* :func:`worst_case_l2` -- ``max_X sum_{v of interest} E[(f_hat_v - f_v)^2]`` (pan-cms Eq. (11)).
* :func:`l1_normal_approximation` -- ``sum_v E|N(bias_v, Var_v)|`` at one dataset (pan-strict
  Theorem 2.3: for unbiased estimators ``sqrt(2/pi) sum_v sqrt(Var_v)``).
* :func:`worst_case_l1_normal` -- the maximum of the normal approximation over the simplex of
  frequencies (a concave maximisation; Frank-Wolfe with its duality gap, in mpmath: a numeric interval, not
  rounded outward; :func:`ldpref.l1_certificate.certified_l1_normal` makes it rigorous).
* :func:`l1_cauchy_schwarz_bound` -- ``sqrt(|values of interest| * l2)``, an upper bound on l1.

Datasets are integer counts summing to n.  For an unbiased mechanism each loss is linear in the
counts, so the maximum is found exactly by a greedy fill; otherwise the loss is a convex quadratic and
its maximum sits at a vertex of the feasible polytope, which is enumerated exactly.
"""

from __future__ import annotations

import collections
import itertools
import numbers
from dataclasses import dataclass
from typing import Sequence

import mpmath
import sympy
from mpmath.libmp import fzero, mpf_add, mpf_lt, mpf_mul, mpf_sqrt

from .errors import DatasetError, ParameterError
from .exact import to_rational
from .mechanism import Mechanism
from .moments import bias, per_client_variance_coefficients, variance

#: Vertex enumeration is exponential in the number of capped values; refuse beyond this.
MAX_CAPPED_FOR_VERTEX_ENUMERATION = 16


@dataclass(frozen=True)
class WorstCase:
    """A worst-case loss: its exact value and a dataset (counts) attaining it."""

    value: sympy.Expr
    counts: tuple[int, ...]
    value_index: int | None = None  # the value v whose MSE is worst (worst_case_mse only)


def _require_rational(mech: Mechanism, what: str) -> None:
    if not mech.is_rational:
        raise TypeError(
            f"{what}: the mechanism has symbolic entries ({mech.domain}); substitute exact values "
            f"first (Mechanism.substitute) to compare losses across datasets"
        )


def _interest_and_caps(mech: Mechanism, n: int, interest, f_star):
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n = {n!r} must be an int")
    if n < 1:
        raise DatasetError(f"n = {n} must be at least 1")
    if interest is None:
        interest = list(range(mech.d))
    for x in interest:
        if isinstance(x, bool) or not isinstance(x, numbers.Integral):
            raise TypeError(f"value of interest {x!r} must be an int (an input index)")
    interest = [int(x) for x in interest]
    repeated = sorted(x for x, c in collections.Counter(interest).items() if c > 1)
    if repeated:
        raise ParameterError(f"values of interest: {', '.join(map(str, repeated))} given more than once")
    interest = sorted(interest)
    if not interest:
        raise ParameterError("values of interest: empty")
    for x in interest:
        if not 0 <= x < mech.d:
            raise ParameterError(f"value of interest {x} is not an input of a mechanism with d = {mech.d}")
    caps = [n] * mech.d
    if f_star is not None:
        f_star = to_rational(f_star, what="f_star")
        if not 0 <= f_star <= 1:
            raise ParameterError(f"f_star = {f_star} must lie in [0, 1]")
        cap = int(sympy.floor(f_star * n))
        for x in interest:
            caps[x] = cap
        if sum(caps) < n:
            raise DatasetError(
                f"no dataset of n = {n} clients has f(x) <= f_star = {f_star} for every value of interest "
                f"(they can hold at most {sum(caps)} clients)"
            )
    return interest, caps


def _maximise(linear, quad_rows, n, caps, dom):
    """Maximise ``sum_x linear[x] c_x + sum_r (sum_x quad_rows[r][x] c_x)^2`` over integer counts
    ``0 <= c_x <= caps[x]``, ``sum c = n``.  Returns ``(value, counts)``."""
    d = len(linear)
    quad_rows = [row for row in quad_rows if any(q != dom.zero for q in row)]

    def objective(c):
        val = sum((linear[x] * c[x] for x in range(d) if c[x]), dom.zero)
        for row in quad_rows:
            s = sum((row[x] * c[x] for x in range(d) if c[x]), dom.zero)
            val += s * s
        return val

    if not quad_rows:
        order = sorted(range(d), key=lambda x: (-linear[x], x))
        c = [0] * d
        left = n
        for x in order:
            take = min(caps[x], left)
            c[x] = take
            left -= take
            if left == 0:
                break
        return objective(c), tuple(c)

    capped = [x for x in range(d) if caps[x] < n]
    if len(capped) > MAX_CAPPED_FOR_VERTEX_ENUMERATION:
        raise ParameterError(
            f"a biased mechanism with {len(capped)} capped values needs a vertex enumeration of "
            f"2^{len(capped)} cases; at most {MAX_CAPPED_FOR_VERTEX_ENUMERATION} are supported"
        )
    best = None
    for r in range(len(capped) + 1):
        for subset in itertools.combinations(capped, r):
            used = sum(caps[x] for x in subset)
            if used > n:
                continue
            rest = n - used
            base = [0] * d
            for x in subset:
                base[x] = caps[x]
            candidates = []
            if rest == 0:
                candidates.append(base)
            else:
                for j in range(d):
                    if j not in subset and caps[j] >= rest:
                        c = list(base)
                        c[j] = rest
                        candidates.append(c)
            for c in candidates:
                val = objective(c)
                if best is None or val > best[0]:
                    best = (val, tuple(c))
    return best


def worst_case_mse(mech: Mechanism, n: int, *, interest: Sequence[int] | None = None, f_star=None) -> WorstCase:
    """pan-cms Eq. (1): the largest MSE of one value of interest over all datasets of n clients."""
    if hasattr(mech, "worst_case"):  # a structured mixture over hash draws (ldpref.structured.ideal)
        return mech.worst_case(n, loss="mse", interest=interest, f_star=f_star)
    _require_rational(mech, "worst_case_mse")
    interest, caps = _interest_and_caps(mech, n, interest, f_star)
    dom = mech.domain
    W = per_client_variance_coefficients(mech)
    B = mech.QP.to_list()
    nn = dom.convert(n)
    best = None
    for v in interest:
        linear = [W[v][x] / (nn * nn) for x in range(mech.d)]
        row = [(B[v][x] - (dom.one if x == v else dom.zero)) / nn for x in range(mech.d)]
        val, c = _maximise(linear, [row], n, caps, dom)
        if best is None or val > best[0]:
            best = (val, c, v)
    return WorstCase(dom.to_sympy(best[0]), best[1], best[2])


def worst_case_l2(mech: Mechanism, n: int, *, interest: Sequence[int] | None = None, f_star=None) -> WorstCase:
    """pan-cms Eq. (11): the largest total squared error over the values of interest."""
    if hasattr(mech, "worst_case"):  # a structured mixture over hash draws (ldpref.structured.ideal)
        return mech.worst_case(n, loss="l2", interest=interest, f_star=f_star)
    _require_rational(mech, "worst_case_l2")
    interest, caps = _interest_and_caps(mech, n, interest, f_star)
    dom = mech.domain
    W = per_client_variance_coefficients(mech)
    B = mech.QP.to_list()
    nn = dom.convert(n)
    linear = [sum((W[v][x] for v in interest), dom.zero) / (nn * nn) for x in range(mech.d)]
    rows = [[(B[v][x] - (dom.one if x == v else dom.zero)) / nn for x in range(mech.d)] for v in interest]
    val, c = _maximise(linear, rows, n, caps, dom)
    return WorstCase(dom.to_sympy(val), c)


def l1_normal_approximation(mech: Mechanism, counts: Sequence[int], *, interest=None) -> sympy.Expr:
    """``sum_v E|N(bias_v, Var_v)|`` at one dataset (pan-strict Theorem 2.3 / Eq. (2) for unbiased
    mechanisms, where it is ``sqrt(2/pi) sum_v sqrt(Var_v)``).  An exact symbolic expression."""
    var = variance(mech, counts)
    b = bias(mech, counts)
    idx = range(mech.d) if interest is None else sorted(set(interest))
    total = sympy.Integer(0)
    for v in idx:
        s2, m = var[v], b[v]
        if m == 0:
            total += sympy.sqrt(2 * s2 / sympy.pi)
        elif s2 == 0:
            total += abs(m)
        else:
            s = sympy.sqrt(s2)
            total += (s * sympy.sqrt(2 / sympy.pi) * sympy.exp(-(m**2) / (2 * s2))
                      + m * sympy.erf(m / (s * sympy.sqrt(2))))
    return total


def l1_cauchy_schwarz_bound(mech: Mechanism, n: int, *, interest=None, f_star=None) -> sympy.Expr:
    """``sqrt(|values of interest| * l2)``: by Cauchy-Schwarz, ``E sum|e_v| <= sqrt(|X| E sum e_v^2)``."""
    worst = worst_case_l2(mech, n, interest=interest, f_star=f_star)
    size = mech.d if interest is None else len(set(interest))
    return sympy.sqrt(size * worst.value)


@dataclass(frozen=True)
class CertifiedMaximum:
    """A maximum that lies in ``[lower, upper]`` up to mpmath's roundings (mpmath numbers, not rounded outward),
    attained near ``frequencies``; ``tangent`` is the iterate whose duality gap gave ``upper``.  Numeric (an
    explicit exit); the rigorous interval is :func:`ldpref.l1_certificate.certified_l1_normal`'s."""

    lower: object
    upper: object
    frequencies: tuple
    tangent: tuple = ()


def worst_case_l1_normal(mech: Mechanism, n: int, *, interest=None, f_star=None, digits: int = 30,
                         iterations: int = 2000, tolerance: float | None = None) -> CertifiedMaximum:
    """Maximum over frequency vectors (the continuous relaxation of datasets of n clients) of
    ``sqrt(2/pi) sum_v sqrt(Var_v)`` for an unbiased mechanism.

    The objective is concave, so Frank-Wolfe converges and its duality gap bounds the maximum from above: the
    true maximum lies in ``[lower, upper]`` up to mpmath's roundings, which are not directed (and a row with a
    zero variance at an iterate drops out of the gradient).  Leaves the exact world explicitly (mpmath): a search
    and a numeric interval.  A decision about exact data takes
    :func:`ldpref.l1_certificate.certified_l1_normal`, which certifies this search's points rigorously.
    """
    _require_rational(mech, "worst_case_l1_normal")
    if not mech.is_unbiased():
        raise ParameterError("worst_case_l1_normal: requires an unbiased mechanism (Q P = I)")
    interest, caps = _interest_and_caps(mech, n, interest, f_star)
    dom = mech.domain
    W = per_client_variance_coefficients(mech)
    with mpmath.workdps(digits):
        Wm = [[mpmath.mpf(dom.to_sympy(W[v][x]).p) / dom.to_sympy(W[v][x]).q for x in range(mech.d)] for v in interest]
        capf = [mpmath.mpf(c) / n for c in caps]
        scale = mpmath.sqrt(mpmath.mpf(2) / (mpmath.pi * n))
        tol = mpmath.mpf(10) ** (-(digits // 2)) if tolerance is None else mpmath.mpf(tolerance)

        def lmo(grad):  # linear maximisation over {0 <= f <= cap, sum f = 1}
            order = sorted(range(mech.d), key=lambda x: -grad[x])
            s = [mpmath.mpf(0)] * mech.d
            left = mpmath.mpf(1)
            for x in order:
                take = min(capf[x], left)
                s[x] = take
                left -= take
                if left <= 0:
                    break
            return s

        Wraw = [[w._mpf_ for w in row] for row in Wm]

        def value(f):
            """``scale * sum(mpmath.sqrt(max(sum(row[x] * f[x] for x in range(d)), 0)) for row in Wm)`` carried out
            with the very libmp operations those mpf expressions call, in the same order at the same precision
            and rounding (``0 + t`` is ``mpf_add(t, 0)``, ``max(v, 0)`` is 0 when ``v < 0``, ``sqrt`` is
            ``mpf_sqrt``), so every bit is the same; without the mpf objects' per-operation overhead (the line
            search calls it 120 times per Frank-Wolfe step)."""
            if not Wraw:
                return scale * 0
            prec, rnd = mpmath.mp._prec_rounding
            fr = [fi._mpf_ for fi in f]
            total = None
            for row in Wraw:
                lin = None
                for w, fx in zip(row, fr):
                    term = mpf_mul(w, fx, prec, rnd)
                    lin = mpf_add(term, fzero, prec, rnd) if lin is None else mpf_add(lin, term, prec, rnd)
                root = fzero if mpf_lt(lin, fzero) else mpf_sqrt(lin, prec, rnd)
                total = mpf_add(root, fzero, prec, rnd) if total is None else mpf_add(total, root, prec, rnd)
            return mpmath.mp.make_mpf(mpf_mul(scale._mpf_, total, prec, rnd))

        def gradient(f):
            g = [mpmath.mpf(0)] * mech.d
            for row in Wm:
                lin = sum(row[x] * f[x] for x in range(mech.d))
                if lin <= 0:
                    continue
                for x in range(mech.d):
                    g[x] += scale * row[x] / (2 * mpmath.sqrt(lin))
            return g

        # start from the centre of the feasible region found by the oracle on a flat gradient
        f = lmo([mpmath.mpf(0)] * mech.d)
        f = [(fi + mpmath.mpf(1) / mech.d) / 2 for fi in f]
        f = _project_feasible(f, capf)
        best_upper, tangent = mpmath.inf, tuple(f)
        for t in range(iterations):
            g = gradient(f)
            s = lmo(g)
            gap = sum(g[x] * (s[x] - f[x]) for x in range(mech.d))
            current = value(f)
            if current + gap < best_upper:
                best_upper, tangent = current + gap, tuple(f)
            if gap <= tol:
                break
            # exact-ish line search by golden section on [0, 1]
            a, b = mpmath.mpf(0), mpmath.mpf(1)
            for _ in range(60):
                m1, m2 = a + (b - a) / 3, b - (b - a) / 3
                f1 = value([f[x] + m1 * (s[x] - f[x]) for x in range(mech.d)])
                f2 = value([f[x] + m2 * (s[x] - f[x]) for x in range(mech.d)])
                if f1 < f2:
                    a = m1
                else:
                    b = m2
            step = (a + b) / 2
            f = [f[x] + step * (s[x] - f[x]) for x in range(mech.d)]
        return CertifiedMaximum(value(f), best_upper, tuple(f), tangent)


def _project_feasible(f, capf):
    """Make a start point feasible: clip to caps and renormalise the slack onto uncapped entries."""
    f = [min(fi, c) for fi, c in zip(f, capf)]
    total = sum(f)
    if total < 1:
        slack = 1 - total
        for x in range(len(f)):
            room = capf[x] - f[x]
            take = min(room, slack)
            f[x] += take
            slack -= take
    return f
