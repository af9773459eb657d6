"""The Generalized Count-Mean Sketch (jiang-gcms) as real code: client, sketch, estimator, OCMS tuning.

Vectorised numpy implementation of the protocol, every random choice from a seeded ``numpy.random.Generator``:

* :func:`client` -- Algorithm 1 for n clients at once: j uniform on [k], r = h_j(x), r kept with
  probability p, the other s - 1 (or s) buckets a uniform subset of [m] \\ {r};
* :func:`sketch` -- Algorithm 2: ``M[j, b] += 1`` for every bucket b of every report (n s increments);
* :func:`estimate` -- Algorithm 3 / Eq. (4), with q computed as Algorithm 3 prints it;
* :func:`encode_message` -- the plaintext ``<x, j>`` of Algorithm 1 as a bit string (Remark 1's count);
* :func:`apple_client`, :func:`apple_sketch` -- Apple's Count-Mean Sketch (m perturbed bits per report), Remark 1.

Exact formulas used by the tuning (checked claim by claim in the package ``proofs_checks/jiang_gcms/``):

* :func:`count_variance` -- Var[C(d)] of the GCMS count under the paper's randomness model (hash
  functions drawn at random once): ``f p(1-p) + (n-f)(a1 - a1^2 - a2) + a2 sum_{d' != d} f(d')^2`` with
  ``a1 = (p + (m-1) q)/m``, ``a2 = (p-q)^2 (1 - 1/m)/(k m)`` -- Theorem 3 prints ``p^2/k`` and ``a1^2/k``
  for the two squares (the one-hash-per-client covariances are dropped in its proof);
* :func:`estimator_variance` -- ``Var[C]/((p-q)^2 (1-1/m)^2)``;
* :func:`lemma1_objective` -- the function minimised by Lemma 1 / Algorithm 4, as printed;
* :func:`variance_objective` -- the same reduction from the exact variance: Lemma 1's objective with k = 1;
* :func:`ternary_search_as_printed` -- Algorithm 4's loop ``while p_l <= p_r`` (it never ends: see the trace it
  returns), :func:`ternary_search` -- the loop with a tolerance;
* :func:`critical_points` -- the stationary points of an objective on (1/2, 1) by exact root isolation
  (rational e^eps) or high-precision polynomial roots (mpmath), which also decides unimodality;
* :func:`optimize_gcms` -- OCMS parameters: Algorithm 4 (Lemma 1 + ternary search + the ceiling of s)
  beside the exact-variance optimum over integer s;
* :func:`shuffle_exp_bound` -- Theorem 1's Eq. (2) exact; :func:`shuffle_amplification` -- the calculator (Feldman,
  McMillan, Talwar), with its precondition.
"""

from __future__ import annotations

import functools
import math
import numbers
from dataclasses import dataclass, field
from fractions import Fraction

import mpmath
import numpy as np
import sympy
from flint import fmpq

from .errors import ParameterError
from .exact import exact_ceiling, exact_holds, to_exact, to_mpf
from .hashing import HashFamily, random_family
from .limits import check_count
from .mechanisms._params import accepts_eps
from .root_refinement import refine_root

#: optimize_gcms's exhaustive search over integer s in 1..m-1 (two exact objective evaluations each, about
#: 300 microseconds: m = 20000 took 6 s at e^eps = 3 and 7 s at e^3.64): refused beyond this many values of s
#: (about 30 s) by the limits rule.
MAX_S_SEARCH = 10**5

# ---- the protocol ----------------------------------------------------------------------------------


def _int(value, what: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} = {value!r} must be an int")
    if value < low:
        raise ParameterError(f"{what} = {value} must be at least {low}")
    return int(value)


def _prob(p, what: str = "p") -> float:
    """A probability for sampling (leaves the exact world explicitly)."""
    if isinstance(p, float):
        value = p
    else:
        value = float(to_exact(p, what=what))
    if not 0 <= value <= 1:
        raise ParameterError(f"{what} = {value} is not a probability")
    return value


def hash_table(family: HashFamily) -> np.ndarray:
    """The k x d table ``table[j, x] = h_j(x)`` of a hash family."""
    return np.asarray(family.functions, dtype=np.int64)


def draw_hash_table(d: int, m: int, k: int, rng: np.random.Generator) -> np.ndarray:
    """The server's preparation step: k hash functions [d] -> [m] with independent uniform values."""
    return hash_table(random_family(d, m, k, rng))


def client(values, table: np.ndarray, m: int, s: int, p, rng: np.random.Generator):
    """Algorithm 1 for every client: returns ``(j, X)`` with j of shape (n,) and X of shape (n, s).

    Row i of X lists the buckets of client i's report: the s - 1 (or s) other buckets are the
    smallest of independent uniform keys over [m] \\ {r} (a uniform subset); when r is kept it takes the
    last place.
    """
    if not isinstance(rng, np.random.Generator):
        raise TypeError("rng must be a numpy.random.Generator")
    values = np.asarray(values, dtype=np.int64)
    table = np.asarray(table, dtype=np.int64)
    k, d = table.shape
    m, s = _int(m, "m", 2), _int(s, "s", 1)
    if s > m - 1:
        raise ParameterError(f"s = {s} must be at most m - 1 = {m - 1}")
    if values.ndim != 1 or (values.size and (values.min() < 0 or values.max() >= d)):
        raise ParameterError(f"values must be a 1-d array of inputs in 0..{d - 1}")
    pf = _prob(p)
    n = values.size
    j = rng.integers(0, k, size=n)
    r = table[j, values]
    keep = rng.random(n) < pf
    X = np.empty((n, s), dtype=np.int64)
    chunk = max(1, 4_000_000 // m)
    for start in range(0, n, chunk):
        stop = min(n, start + chunk)
        keys = rng.random((stop - start, m))
        keys[np.arange(stop - start), r[start:stop]] = 2.0  # never among the s smallest
        part = np.argpartition(keys, s - 1, axis=1)[:, :s] if s < m else np.argsort(keys, axis=1)
        order = np.argsort(np.take_along_axis(keys, part, axis=1), axis=1)
        X[start:stop] = np.take_along_axis(part, order, axis=1)
    X[keep, s - 1] = r[keep]
    return j, X


@dataclass(frozen=True)
class Sketch:
    """Algorithm 2's sketch matrix (k x m counts) and the number of increments it took."""

    M: np.ndarray
    n: int
    increments: int


def sketch(j, X, m: int, k: int) -> Sketch:
    """Algorithm 2: ``M[j][x] += 1`` for each value x of each report ``<x, j>``."""
    j = np.asarray(j, dtype=np.int64)
    X = np.asarray(X, dtype=np.int64)
    if X.ndim != 2 or X.shape[0] != j.shape[0]:
        raise ParameterError("X must have one row per report")
    flat = (j[:, None] * m + X).ravel()
    M = np.bincount(flat, minlength=k * m).reshape(k, m)
    return Sketch(M, int(j.shape[0]), int(flat.size))


def algorithm3_q(p, s: int, m: int):
    """q as Algorithm 3 computes it: (p(s - 1) + (1 - p)s)/(m - 1) (works for exact or float p)."""
    return (p * (s - 1) + (1 - p) * s) / (m - 1)


def counts_C(sk: Sketch, table: np.ndarray) -> np.ndarray:
    """C(d) = sum_j M_j[h_j(d)] for every d (Algorithm 3's loop, vectorised)."""
    table = np.asarray(table, dtype=np.int64)
    k = table.shape[0]
    return sk.M[np.arange(k)[:, None], table].sum(axis=0)


def estimate(sk: Sketch, table: np.ndarray, p, s: int, m: int) -> np.ndarray:
    """Algorithm 3 / Eq. (4) for every d: ``(C(d) - pn/m - qn(1 - 1/m)) / ((p - q)(1 - 1/m))``."""
    pf = _prob(p)
    q = algorithm3_q(pf, s, m)
    n = sk.n
    C = counts_C(sk, table).astype(float)
    return (C - pf * n / m - q * n * (1 - 1 / m)) / ((pf - q) * (1 - 1 / m))


def bits_needed(count: int) -> int:
    """Bits of a plaintext field holding one of ``count`` values (0 when there is a single value)."""
    return (count - 1).bit_length()


def encode_message(j: int, x, m: int, k: int) -> str:
    """The plaintext ``<x, j>`` of Algorithm 1 as bits: j on ceil(log2 k) bits, each bucket on
    ceil(log2 m) bits."""
    bm, bk = bits_needed(m), bits_needed(k)
    head = format(int(j), f"0{bk}b") if bk else ""
    return head + "".join(format(int(b), f"0{bm}b") for b in x)


def apple_client(values, table: np.ndarray, m: int, p, q, rng: np.random.Generator):
    """Apple's CMS client with 0/1 bits: one-hot of h_j(x), bit h_j(x) set w.p. p, every other bit
    w.p. q (p = e^(eps/2)/(e^(eps/2)+1), q = 1 - p in Apple's deployment).  Returns (j, bits (n, m))."""
    values = np.asarray(values, dtype=np.int64)
    table = np.asarray(table, dtype=np.int64)
    k = table.shape[0]
    n = values.size
    j = rng.integers(0, k, size=n)
    r = table[j, values]
    bits = rng.random((n, m)) < _prob(q, "q")
    bits[np.arange(n), r] = rng.random(n) < _prob(p)
    return j, bits.astype(np.int64)


def apple_sketch(j, bits, m: int, k: int) -> Sketch:
    """Apple's aggregation: every one of the m bits of every report is added to row j (n m updates)."""
    j = np.asarray(j, dtype=np.int64)
    bits = np.asarray(bits, dtype=np.int64)
    M = np.zeros((k, m), dtype=np.int64)
    np.add.at(M, j, bits)
    return Sketch(M, int(j.shape[0]), int(bits.size))


def encode_apple_message(j: int, bits, k: int) -> str:
    """Apple's message for hash index j and the bits: j in binary (ceil(log2 k) bits) followed by the bits."""
    bk = bits_needed(k)
    if isinstance(bits, np.ndarray) and bits.dtype.kind in "biu":  # Python ints straight from numpy
        bits = (bits.astype(np.int64) if bits.dtype.kind == "b" else bits).tolist()
    return (format(int(j), f"0{bk}b") if bk else "") + "".join(map(str, map(int, bits)))


# ---- exact formulas ---------------------------------------------------------------------------------


def count_variance(p, q, m, k, n, f, sum_sq_others):
    """Var[C(d)] under the paper's model (hash functions drawn at random once, clients independent)."""
    a1 = (p + (m - 1) * q) / m
    a2 = (p - q) ** 2 * (m - 1) / (k * m * m)
    return f * p * (1 - p) + (n - f) * (a1 - a1 ** 2 - a2) + a2 * sum_sq_others


def estimator_variance(p, q, m, k, n, f, sum_sq_others):
    """Var[f_hat(d)] of Eq. (4) in counts: Var[C(d)] / ((p - q)^2 (1 - 1/m)^2)."""
    return count_variance(p, q, m, k, n, f, sum_sq_others) * m * m / ((p - q) ** 2 * (m - 1) ** 2)


@accepts_eps
def lemma1_objective(p, exp_eps, lam, k):
    """Lemma 1 / Algorithm 4's f(p), as printed: (k w - p + lam (w-1)(k w - p - w p)) / (k (1-p)^2 p).

    Exact Fractions (Algorithm 4's ternary search in exact rationals) are computed with python-flint's ``fmpq``:
    the same rational, returned as a Fraction, without a Python gcd per operation."""
    if all(type(x) in (Fraction, int) for x in (p, exp_eps, lam, k)):
        return _lemma1_fmpq(*(fmpq(x.numerator, x.denominator) for x in (p, exp_eps, lam, k)))
    w = exp_eps * (1 - p) + p
    return (k * w - p + lam * (w - 1) * (k * w - p - w * p)) / (k * (1 - p) ** 2 * p)


def _lemma1_fmpq(p, exp_eps, lam, k) -> Fraction:
    w = exp_eps * (1 - p) + p
    value = (k * w - p + lam * (w - 1) * (k * w - p - w * p)) / (k * (1 - p) ** 2 * p)
    return Fraction(int(value.p), int(value.q))


@accepts_eps
def variance_objective(p, exp_eps, lam):
    """The exact-variance reduction of Lemma 1 (q at the boundary of Eq. (7)): Lemma 1's function at
    k = 1.  Var[f_hat]/n = objective/(e^eps - 1)^2 + (sum_{d'!=d} f(d')^2/n - (1 - lam))/(k (m-1))."""
    return lemma1_objective(p, exp_eps, lam, 1)


def exact_privacy_ratio(p, s: int, m: int):
    """Theorem 2's e^eps of GCMS: max(R, 1/R), R = p(m - s)/((1 - p) s) (exact for exact p)."""
    R = p * (m - s) / ((1 - p) * s)
    return R if R >= 1 else 1 / R


def algorithm4_s(p, exp_eps, m: int) -> int:
    """Algorithm 4's s = ceil(m / (1 + (1/p - 1) e^eps)) (exact when p and e^eps are exact)."""
    value = m / (1 + (1 / p - 1) * exp_eps)
    if isinstance(value, (Fraction, int)):
        return int(math.ceil(value))
    if isinstance(value, sympy.Basic):
        return exact_ceiling(value)  # decided exactly (ldpref.exact), not by sympy's evaluation
    return int(mpmath.ceil(value))


# ---- Algorithm 4's ternary search ------------------------------------------------------------------


@dataclass(frozen=True)
class TernaryTrace:
    """What Algorithm 4's loop did: its final (p_l, p_r), the iterations run, whether the loop ended
    (``p_l > p_r``) and, if not, the iteration after which its state stopped changing (the loop then
    repeats the same step forever)."""

    p_l: object
    p_r: object
    iterations: int
    terminated: bool
    stationary_after: int | None


def ternary_search_as_printed(f, p_l=0.5, p_r=1.0, max_iterations: int = 100_000) -> TernaryTrace:
    """Algorithm 4's loop exactly as printed: ``while p_l <= p_r`` (IEEE doubles by default).

    The loop state is (p_l, p_r); an iteration that leaves it unchanged proves that the loop never
    ends (each later iteration computes the same step).  Returns after that, after termination, or
    after ``max_iterations``.
    """
    it = 0
    while p_l <= p_r:
        if it >= max_iterations:
            return TernaryTrace(p_l, p_r, it, False, None)
        p0 = p_l + (p_r - p_l) / 3
        p1 = p_r - (p_r - p_l) / 3
        old = (p_l, p_r)
        if f(p0) <= f(p1):
            p_r = p1
        else:
            p_l = p0
        it += 1
        if (p_l, p_r) == old:
            return TernaryTrace(p_l, p_r, it, False, it)
    return TernaryTrace(p_l, p_r, it, True, None)


def ternary_search(f, p_l, p_r, tol) -> tuple[object, int]:
    """Algorithm 4's loop with the stopping rule it needs: ``while p_r - p_l > tol``; returns the
    midpoint and the number of iterations (exact when the arguments are Fractions)."""
    it = 0
    while p_r - p_l > tol:
        p0 = p_l + (p_r - p_l) / 3
        p1 = p_r - (p_r - p_l) / 3
        if f(p0) <= f(p1):
            p_r = p1
        else:
            p_l = p0
        it += 1
    return (p_l + p_r) / 2, it


# ---- stationary points and unimodality ----------------------------------------------------------------

_P, _E, _L, _K = sympy.symbols("p E L K")


@functools.cache
def _derivative_parts(objective: str):
    """(objective, numerator of its p-derivative as a Poly in p over E, L, K, denominator, and mpmath
    functions for the objective, the derivative and the numerator's coefficients)."""
    if objective == "lemma1":
        g = lemma1_objective(_P, _E, _L, _K)
    elif objective == "variance":
        g = variance_objective(_P, _E, _L)
    else:
        raise ParameterError(f"objective {objective!r}: choose 'lemma1' or 'variance'")
    g = sympy.together(g)
    # g' = (N' D - N D')/D^2 on polynomials, cancelled: the expression cancel(together(diff(g))) gives (tested)
    N, D = (sympy.Poly(x, _P, _E, _L, _K) for x in sympy.fraction(g))
    num, den = sympy.fraction(sympy.cancel((N.diff(_P) * D - N * D.diff(_P)).as_expr() / (D * D).as_expr()))
    poly = sympy.Poly(sympy.expand(num), _P)
    args = (_P, _E, _L, _K)
    funcs = (sympy.lambdify(args, g, "mpmath"), sympy.lambdify(args, num / den, "mpmath"),
             [sympy.lambdify((_E, _L, _K), c, "mpmath") for c in poly.all_coeffs()])
    return g, poly, den, funcs


@dataclass(frozen=True)
class Stationary:
    """Stationary points of an objective on the open interval (1/2, 1) and what they imply."""

    points: tuple  # stationary points in (1/2, 1) where f' changes sign, increasing (mpmath numbers)
    signs: tuple  # the sign of f' on (1/2, first point), ..., (last point, 1)
    unimodal: bool  # f' changes sign at most once on (1/2, 1), and only from - to +
    argmin: object  # the minimiser on [1/2, 1) (mpmath number)
    exact: bool  # roots isolated exactly (rational parameters) rather than by mpmath.polyroots


@accepts_eps
def critical_points(exp_eps, lam, k=1, *, objective: str = "lemma1", digits: int = 40) -> Stationary:
    """Stationary points of Lemma 1's objective (or the exact-variance one) in p on (1/2, 1).

    The derivative's numerator is a polynomial in p.  With rational e^eps, lambda and k its real roots
    are isolated exactly (sympy ``Poly.intervals``, odd multiplicities only).  An mpmath (or float) e^eps
    or lambda is a binary fraction, so it is converted to the rational it *is* and the roots are isolated
    exactly too (``mpmath.polyroots`` does not converge at eps = 1000, where the coefficients span 870
    decimal orders); ``exact`` then reports False (the parameters were not given as rationals).  The objective tends to
    +infinity as p -> 1, so the minimiser on [1/2, 1) is 1/2 or one of these points.  The sign of f' between consecutive
    points decides unimodality (what Algorithm 4's ternary search silently assumes).
    """
    g, num, den, (gf, df, coeff_funs) = _derivative_parts(objective)
    values = {_E: exp_eps, _L: lam, _K: k}
    exact = all(isinstance(to_sym(v), sympy.Rational) for v in values.values())
    values = {s: _binary_to_rational(v) for s, v in values.items()}
    with mpmath.workdps(digits):
        if all(isinstance(to_sym(v), sympy.Rational) for v in values.values()):
            poly = _numerator_at(num, tuple(to_sym(values[s]) for s in (_E, _L, _K)))
            roots = []
            if poly.degree() > 0:
                half = sympy.Rational(1, 2)
                coeffs = [Fraction(int(c.p), int(c.q)) for c in poly.all_coeffs()]
                pm = [mpmath.mpf(c.numerator) / c.denominator for c in coeffs]
                width = Fraction(1, 10**max(15, digits // 2))
                for (lo, hi), mult in poly.intervals():
                    if mult % 2 == 0 or hi <= half or lo >= 1:
                        continue
                    if lo != hi:  # exact isolation, then refine the bracket exactly (to far below 1 - p)
                        got = refine_root(coeffs, Fraction(int(lo.p), int(lo.q)), Fraction(int(hi.p), int(hi.q)),
                                          width) or poly.refine_root(lo, hi, eps=sympy.Rational(width))
                        lo, hi = (to_sym(v) for v in got)
                    if lo == hi:
                        root = mpmath.mpf(int(lo.p)) / int(lo.q)
                    else:
                        root = mpmath.findroot(lambda t: mpmath.polyval(pm, t),
                                               (mpmath.mpf(int(lo.p)) / int(lo.q), mpmath.mpf(int(hi.p)) / int(hi.q)),
                                               solver="illinois")
                    if mpmath.mpf(1) / 2 < root < 1:
                        roots.append(root)
        else:
            subs = {s: _mp(v) for s, v in values.items()}
            coeffs = [c(subs[_E], subs[_L], subs[_K]) for c in coeff_funs]
            while len(coeffs) > 1 and coeffs[0] == 0:
                coeffs = coeffs[1:]
            found = mpmath.polyroots(coeffs, maxsteps=500, extraprec=4 * digits) if len(coeffs) > 1 else []
            tiny = mpmath.mpf(10) ** (-(digits // 2))
            roots = [mpmath.re(z) for z in found
                     if abs(mpmath.im(z)) < tiny and mpmath.mpf(1) / 2 + tiny < mpmath.re(z) < 1 - tiny]
        roots = sorted(roots)
        args = [_mp(values[_E]), _mp(values[_L]), _mp(values[_K])]
        cuts = [mpmath.mpf(1) / 2] + roots + [mpmath.mpf(1)]
        signs = tuple(1 if df((a + b) / 2, *args) > 0 else -1 for a, b in zip(cuts, cuts[1:]))
        changes = sum(1 for a, b in zip(signs, signs[1:]) if a != b)
        unimodal = (changes == 0 and signs[0] > 0) or (changes == 1 and signs[0] < 0)
        argmin = min([mpmath.mpf(1) / 2] + roots, key=lambda t: gf(t, *args))
    return Stationary(tuple(roots), signs, bool(unimodal), argmin, exact)


@functools.cache
def _numerator_terms(num):
    """The derivative's numerator as {(i, a, b, c): rational} with p^i E^a L^b K^c (a polynomial: its coefficients
    in p are polynomials in E, L, K)."""
    full = sympy.Poly(num.as_expr(), _P, _E, _L, _K, domain=sympy.QQ)
    return tuple((exps, Fraction(int(c.numerator), int(c.denominator))) for exps, c in full.terms())


def _numerator_at(num, point):
    """The numerator polynomial in p at rational (E, L, K): the same Poly as substituting them into it, its
    coefficients summed exactly on Fractions (no symbolic substitution at every instance)."""
    e_, l_, k_ = (Fraction(int(v.p), int(v.q)) for v in point)
    coeffs: dict[int, Fraction] = {}
    for (i, a, b, c), coef in _numerator_terms(num):
        coeffs[i] = coeffs.get(i, 0) + coef * e_ ** a * l_ ** b * k_ ** c
    return sympy.Poly.from_dict({(i,): sympy.Rational(v.numerator, v.denominator) for i, v in coeffs.items() if v},
                                _P)


def _binary_to_rational(value):
    """An mpmath mpf or a float as the exact rational it represents (mantissa x 2^exponent); other values
    unchanged."""
    if isinstance(value, float):
        value = mpmath.mpf(value)
    if isinstance(value, mpmath.mpf):
        if not mpmath.isfinite(value):
            raise ParameterError(f"{value} is not a finite number")
        man, exp = value.man_exp
        return sympy.Integer(man) * sympy.Integer(2) ** exp
    return value


def to_sym(value):
    """An exact sympy value from an int, Fraction or sympy value (floats are refused)."""
    if isinstance(value, sympy.Basic):
        return value
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, numbers.Integral):
        return sympy.Integer(int(value))
    if isinstance(value, str):
        return sympy.Rational(value) if "." not in value and "e" not in value.lower() else sympy.Float(value, 40)
    return value  # mpmath / float: left for the mpmath path


def _mp(value):
    if isinstance(value, (mpmath.mpf, float)):
        return value
    return mpmath.mpmathify(str(value)) if isinstance(value, str) else mpmath.mpf(sympy.N(to_sym(value), 60))


# ---- OCMS: Algorithm 4 and the exact-variance optimum --------------------------------------------------


@dataclass(frozen=True)
class GcmsChoice:
    """One choice of GCMS parameters and what it gives."""

    method: str
    p: object
    s: int
    q: object
    exp_eps: object  # the e^eps of the real mechanism (Theorem 2's ratio, made >= 1)
    eps: object  # its logarithm (mpmath)
    valid: bool  # 1 <= s <= m - 1 (Algorithm 1 can run)
    objective: object = None  # the objective value at this choice (Var[f_hat]/n up to constants)

    def as_dict(self) -> dict:
        """The choice as JSON-ready text (exact where exact)."""
        return {"method": self.method, "p": _show(self.p), "s": self.s, "q": _show(self.q),
                "exp_eps": _show(self.exp_eps), "eps": _show(self.eps), "valid": self.valid}


@dataclass(frozen=True)
class OcmsResult:
    """``optimize_gcms``: Algorithm 4 as the paper intends it (p, s, q, exp_eps, eps) and beside it
    the parameters that minimise the exact variance of the mechanism at the same target."""

    target_exp_eps: object
    lam: object
    k: int
    m: int
    algorithm4: GcmsChoice
    exact: GcmsChoice | None
    p_lemma1: object  # the minimiser of Lemma 1's objective by root isolation (independent of the search)
    p_variance: object  # the minimiser of the exact-variance objective (continuous s)
    lemma1_unimodal: bool
    variance_unimodal: bool
    search_iterations: int
    notes: list = field(default_factory=list)
    lemma1_integer: GcmsChoice | None = None  # Lemma 1's objective minimised over the same feasible integer s

    # the primary answer: Algorithm 4's
    @property
    def p(self):
        """Algorithm 4's inclusion probability p."""
        return self.algorithm4.p

    @property
    def s(self):
        """Algorithm 4's number of buckets per report s."""
        return self.algorithm4.s

    @property
    def q(self):
        """Algorithm 4's q (probability of a wrong bucket)."""
        return self.algorithm4.q

    @property
    def eps(self):
        """The eps that Algorithm 4's (p, s) attains."""
        return self.algorithm4.eps

    @property
    def exp_eps(self):
        """The e^eps that Algorithm 4's (p, s) attains."""
        return self.algorithm4.exp_eps

    def as_dict(self) -> dict:
        """The result as ``ldpref.optimize-gcms/1`` JSON."""
        return {"format": "ldpref.optimize-gcms/1", "target_exp_eps": _show(self.target_exp_eps),
                "target_eps": _show(mpmath.log(_mp(self.target_exp_eps))), "lam": _show(self.lam), "k": self.k,
                "m": self.m, "algorithm4": self.algorithm4.as_dict(),
                "exact_variance_optimum": None if self.exact is None else self.exact.as_dict(),
                "lemma1_integer_s": None if self.lemma1_integer is None else self.lemma1_integer.as_dict(),
                "p_lemma1_root_isolation": _show(self.p_lemma1), "p_exact_variance_continuous": _show(self.p_variance),
                "lemma1_objective_unimodal_on_[1/2,1)": self.lemma1_unimodal,
                "variance_objective_unimodal_on_[1/2,1)": self.variance_unimodal,
                "ternary_search_iterations": self.search_iterations, "notes": list(self.notes)}


def _show(value):
    if value is None:
        return None
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        if value.denominator <= 10**6:
            return f"{value.numerator}/{value.denominator}"
        value = mpmath.mpf(value.numerator) / value.denominator
    if isinstance(value, mpmath.mpf):
        if 0 < 1 - value < mpmath.mpf(10) ** -10:  # near 1 (large eps): show 1 - p, which nstr would round away
            return f"1 - {mpmath.nstr(1 - value, 15)}"
        return mpmath.nstr(value, 15)
    if isinstance(value, sympy.Basic) and value.is_Rational:
        return str(value)
    return str(value)


def _as_number(value, exact: bool):
    if exact:
        v = to_sym(value)
        return Fraction(int(v.p), int(v.q))
    return _mp(value)


def _magnitude(e) -> int:
    """An integer upper bound of e (exact for Fractions, ceiling for mpmath numbers)."""
    if isinstance(e, Fraction):
        return -(-e.numerator // e.denominator)
    return int(mpmath.ceil(e))


def working_digits(e) -> int:
    """mpmath digits for the OCMS optimisation at e^eps = e: 50 + 2 log10(e) (1 - p is about e^-eps/2 at
    the minimisers, and the objective involves e^2 (1 - p)^2)."""
    return 50 + 2 * len(str(_magnitude(e)))


@accepts_eps
def optimize_gcms(exp_eps, lam, k, m, *, tol=None, p_min=Fraction(1, 2)) -> OcmsResult:
    """OCMS parameters for a target e^eps, lambda = f(d)/n, k hash functions and hash range m.

    * ``algorithm4`` -- Lemma 1's objective minimised by Algorithm 4's ternary search on [1/2, 1] (with
      the stopping rule ``p_r - p_l > tol``; as printed the loop never ends), then
      ``s = ceil(m / (1 + (1/p - 1) e^eps))``, q = (s - p)/(m - 1) and the e^eps the mechanism really has;
    * ``exact`` -- over integer s in 1..m-1 with p_s = e^eps s/(e^eps s + m - s) >= p_min (Theorem 2's
      bound met with equality), the s minimising the exact variance of the estimator at lambda (the
      k- and m-dependence of that variance is a constant, so the choice does not depend on k);
    * ``lemma1_integer`` -- Lemma 1's objective (as printed, with k) minimised over the same feasible integer s:
      the reading that reproduces the paper's Adult values (0.74 at eps = 3.64, 0.57 at eps = 3.75);
    * ``p_lemma1`` and ``p_variance`` -- the continuous minimisers by root isolation, with unimodality.

    ``exp_eps``, ``lam``: exact rationals (int, Fraction, sympy Rational, 'a/b' string) for exact
    arithmetic; an mpmath number for an irrational e^eps (e.g. ``mpmath.e ** 3.64`` at 40 digits).

    Nothing is dropped: when a choice cannot be computed (no integer s gives a feasible p, Algorithm 4's s
    out of range) its field is None and ``notes`` says why.  ``tol`` (Algorithm 4's stopping width)
    defaults to 10^-12 / ceil(e^eps); the working precision to :func:`working_digits`.  m - 1 values of s
    are tried, so m is sized by the limits rule (:data:`MAX_S_SEARCH`).
    """
    k, m = _int(k, "k", 1), _int(m, "m", 2)
    exact = all(isinstance(to_sym(v), sympy.Rational) for v in (exp_eps, lam))
    e, l = _as_number(exp_eps, exact), _as_number(lam, exact)
    if not e > 1:
        raise ParameterError(f"exp_eps = {exp_eps} must exceed 1")
    if not 0 <= l <= 1:
        raise ParameterError(f"lam = {lam} must lie in [0, 1]")
    check_count(f"optimize gcms with m = {m}: the exhaustive search over integer s in 1..m-1", m - 1,
                limit=MAX_S_SEARCH, unit="values of s",
                alternative=f"Algorithm 4's p and the continuous minimisers do not depend on m; the integer-s "
                            f"search needs m <= {MAX_S_SEARCH + 1:,}")
    # Large eps put the minimisers within about e^-eps/2 of 1 (e.g. 1 - p ~ e^-49 at eps = 100): the working
    # precision and Algorithm 4's tolerance follow the magnitude of e^eps so that 1 - p is resolved.
    digits = working_digits(e)
    if tol is None:
        tol = Fraction(1, 10**12) / (1 + _magnitude(e))
    half, one = (Fraction(1, 2), Fraction(1)) if exact else (mpmath.mpf(1) / 2, mpmath.mpf(1))
    with mpmath.workdps(digits):
        tol_n = Fraction(tol) if exact else mpmath.mpf(tol.numerator) / tol.denominator
        p4, iters = ternary_search(lambda t: lemma1_objective(t, e, l, k), half, one, tol_n)
        s4 = algorithm4_s(p4, e, m)
        notes = []
        valid4 = 1 <= s4 <= m - 1
        if not valid4:
            notes.append(f"Algorithm 4 gives s = {s4}: Algorithm 1 needs 1 <= s <= m - 1")
        q4 = (s4 - p4) / (m - 1)
        e4 = exact_privacy_ratio(p4, s4, m) if 1 <= s4 <= m - 1 else None
        alg4 = GcmsChoice("algorithm4", p4, s4, q4, e4, None if e4 is None else mpmath.log(_mp(e4)), valid4,
                          lemma1_objective(p4, e, l, k))
        if e4 is not None and e4 > e:
            notes.append("the rounding of s makes the mechanism's e^eps exceed the target")
        best, best1 = None, None
        pmin = Fraction(p_min) if exact else _mp(sympy.Rational(Fraction(p_min).numerator, Fraction(p_min).denominator))
        for s in range(1, m):
            ps = e * s / (e * s + m - s)
            if ps < pmin or ps >= 1:
                continue
            q = (s - ps) / (m - 1)
            value = _relative_variance(ps, q, m, l)
            if best is None or value < best[0]:
                best = (value, s, ps, q)
            value1 = lemma1_objective(ps, e, l, k)
            if best1 is None or value1 < best1[0]:
                best1 = (value1, s, ps, q)
        exact_choice, lemma1_choice = None, None
        if best is not None:
            value, s, ps, q = best
            ee = exact_privacy_ratio(ps, s, m)
            exact_choice = GcmsChoice("exact-variance", ps, s, q, ee, mpmath.log(_mp(ee)), True, value)
            value1, s1, ps1, q1 = best1
            ee1 = exact_privacy_ratio(ps1, s1, m)
            lemma1_choice = GcmsChoice("lemma1-integer-s", ps1, s1, q1, ee1, mpmath.log(_mp(ee1)), True, value1)
        if best is None:
            notes.append(f"no integer s in 1..{m - 1} gives p_s = e^eps s/(e^eps s + m - s) in [{p_min}, 1): "
                         f"the exact-variance optimum and Lemma 1 over integer s cannot be computed")
        st4 = critical_points(exp_eps, lam, k, objective="lemma1", digits=digits)
        stv = critical_points(exp_eps, lam, 1, objective="variance", digits=digits)
    return OcmsResult(exp_eps, lam, k, m, alg4, exact_choice, st4.argmin, stv.argmin, st4.unimodal, stv.unimodal,
                      iters, notes, lemma1_choice)


def _relative_variance(p, q, m, lam):
    """Var[f_hat(d)]/n of Eq. (4) minus its (p, s)-free part: (lam p(1-p) + (1-lam)(a1 - a1^2)) /
    ((p-q)^2 (1-1/m)^2)."""
    return _relative_variance_at(_relative_variance_parts(p, q, m), m, lam)


def _relative_variance_parts(p, q, m):
    """The lambda-free operands of :func:`_relative_variance`: p, 1 - p, a1 - a1^2, (p-q)^2 (m-1)^2 (same ops)."""
    a1 = (p + (m - 1) * q) / m
    return p, 1 - p, a1 - a1 * a1, (p - q) ** 2 * (m - 1) ** 2


def _relative_variance_at(parts, m, lam):
    """:func:`_relative_variance` from its :func:`_relative_variance_parts`."""
    return (lam * parts[0] * parts[1] + (1 - lam) * parts[2]) * m * m / parts[3]


# ---- Theorem 1: privacy amplification by shuffling (Feldman, McMillan, Talwar) -------------------------


@dataclass(frozen=True)
class Amplification:
    eps0: object  # exact (sympy)
    delta: object  # exact (sympy)
    n: int
    precondition: bool  # eps0 <= log(n/(8 log(2/delta)) - 1), delta in (0, 1): decided exactly
    eps_bound: object  # Eq. (2)'s right-hand side at ``digits`` (mpmath), None when delta is not in (0, 1)


def shuffle_exp_bound(exp_eps0, delta, n: int) -> sympy.Expr:
    """jiang-gcms Theorem 1, Eq. (2) (Section II.A; Feldman, McMillan, Talwar), exact: e^{eps_c} =
    1 + (e^eps0 - 1) (4 sqrt(2 log(4/delta)) / sqrt((e^eps0 + 1) n) + 4/n) at exact e^eps0 > 0 and delta, n >= 1 (the
    caller keeps delta in (0, 1), where the theorem applies).  The one formula of the bound: the calculator
    :func:`shuffle_amplification` evaluates it, and the ledger's exact side decides with it."""
    E, dl, n = to_exact(exp_eps0, what="e^eps0"), to_exact(delta, what="delta"), _int(n, "n", 1)
    return 1 + (E - 1) * (4 * sympy.sqrt(2 * sympy.log(4 / dl)) / sympy.sqrt((E + 1) * n) + sympy.Rational(4, n))


def shuffle_amplification(eps0, delta, n: int, digits: int = 40) -> Amplification:
    """Theorem 1 / Eq. (2) as a calculator: the shuffled eps bound (:func:`shuffle_exp_bound`'s log, shown at
    ``digits``) and whether the theorem's precondition holds, decided exactly (:func:`ldpref.exact.exact_order`).
    eps0 and delta are exact reals (ints, Fractions, strings such as "1/2", float-free sympy values); a float is
    refused (TypeError)."""
    n = _int(n, "n", 1)
    e0, dl = to_exact(eps0, what="eps0"), to_exact(delta, what="delta")
    for name, value in (("eps0", e0), ("delta", dl)):
        if value.free_symbols or not value.is_extended_real:
            raise ParameterError(f"{name} = {value} must be a real number")
    if not (exact_holds(dl, ">", 0) and exact_holds(dl, "<", 1)):
        return Amplification(e0, dl, n, False, None)
    inner = n / (8 * sympy.log(2 / dl)) - 1
    pre = exact_holds(inner, ">", 0) and exact_holds(e0, "<=", sympy.log(inner))
    return Amplification(e0, dl, n, pre, to_mpf(sympy.log(shuffle_exp_bound(sympy.exp(e0), dl, n)), digits))


__all__ = ["client", "sketch", "estimate", "counts_C", "algorithm3_q", "encode_message", "bits_needed",
           "apple_client", "apple_sketch", "encode_apple_message", "hash_table", "draw_hash_table", "Sketch",
           "count_variance", "estimator_variance", "lemma1_objective", "variance_objective",
           "exact_privacy_ratio", "algorithm4_s", "ternary_search_as_printed", "ternary_search", "TernaryTrace",
           "critical_points", "Stationary", "optimize_gcms", "OcmsResult", "GcmsChoice", "shuffle_amplification",
           "shuffle_exp_bound",
           "Amplification"]
