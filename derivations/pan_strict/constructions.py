"""pan-strict derivations: constructions (Section 4, Section 5, Appendices C and D).

Our copy of the paper lost every formula; everything below is derived from its definitions.

Model (Definitions 2.3-3.1).  An extremal configuration with support size k gives response y (a k-subset
S_y of [d]) probability ``p_y e`` if the input is in S_y, else ``p_y`` (``e`` = e^eps).  Summing the
column of input x: ``sum_y p_y + (e - 1) sum_y p_y s_y(x) = 1`` (s_y the indicator of S_y).

* Appendix C / Section 5.3: with ``w_y = p_y / sum p``, symmetry means the weighted moments of s equal
  those of a uniformly random k-subset, ``E s(x) = k/d`` and ``E s(x)s(x') = k(k-1)/(d(d-1))``
  (:func:`subset_moments`); the off-diagonal equalities imply the diagonal ones only when k >= 2
  (:func:`diagonal_from_offdiagonal`); Caratheodory in the d(d-1)/2 off-diagonal coordinates gives at
  most d(d-1)/2 + 1 responses (:func:`caratheodory_count`), and since every point has coordinate sum
  k(k-1)/2 the affine dimension is one less (:func:`affine_dimension`).
* Section 4: symmetric designs from Sylvester-Hadamard matrices (:func:`hadamard_design`) and cyclic
  difference sets (:data:`DIFFERENCE_SETS`); a constant base probability turns symmetry into the 2-design
  condition (:func:`bibd_lambda`).
* Section 5.1: Subset Selection's cost log2 C(d, k) <= d H2(k/d) (:func:`ss_cost_bound`).
* Section 5.2 / Appendix D: OCMS over the prime d' = nextprime(d): bucket sizes, the two configurations
  of Theorem 5.1 (:func:`ocms_groups`), collision rates (:func:`ocms_collision_rate`), the variance of the
  two decoders (:func:`ocms_l2_grouped`, :func:`ocms_l2_pooled`) and the bound of Corollary 5.2
  (:func:`cor52_alpha`, :func:`cor52_beta`, :func:`cor52_bound`).

The OSC formulas of Section 3 (p*, q*, l2(k), the optimal k) come from ``derivations.pan_strict.optimality``
when that module provides them, else from the private derivation :func:`_derive_osc_pq` below (both
derive the same objects from Lemma B.1 and the variance argument of Appendix B.3).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache, cmp_to_key

import sympy
from flint import fmpq

from ldpref.exact import EXP_EPS, exact_ceiling, exact_holds, exact_order, leading_ratio, to_exact

from .scan_arithmetic import _Ratio, _ratio  # noqa: F401  (exact unreduced rationals of the scans)
from .constructions_symbols import (  # noqa: F401  (the symbols of the forms, shared with the printed module)
    ALPHA, B_XX, BETA, C_BAR, COST, E_HI, LAMBDA, N_cols, OPS, P_Y, PI0, PI1, TARGET_I, TARGET_J, U, VAR, W_Y, X,
    X0, X1, b, d, dp, k, m, t)

e = EXP_EPS
R = sympy.Rational


# ---------------------------------------------------------------------------------------------
# Section 3 quantities: from optimality.py when available, else the private derivation
def _optimality():
    try:
        import derivations.pan_strict.optimality as O
    except ImportError:  # pragma: no cover
        return None
    needed = ("osc_l2", "osc_self_support_probability", "osc_cross_support_probability", "optimal_k")
    return O if all(hasattr(O, name) for name in needed) else None


@cache
def _derive_osc_pq():
    """Lemma B.1 + Lemma 3.1 from the model, symbolically.

    Unknowns: B = sum_y p_y and a = sum_y p_y s_y(x) (constant in x by Lemma 2.1).  Column sum:
    B + (e - 1) a = 1; summing a over x counts every response k times: d a = k B.  For the cross term
    c = sum_y p_y s_y(x) s_y(x'): sample a row with probability p_y / B; Z_x = s_y(x) has mean k/d, and
    sum_x Z_x = k is constant, so 0 = Var(sum Z) = d Var(Z_x) + d(d-1) Cov, i.e.
    E Z_x Z_x' = (k/d)^2 - (k/d)(1 - k/d)/(d - 1).  Then p = e a and q = a + (e - 1) c."""
    B, a = sympy.symbols("B a", positive=True)
    sol = sympy.solve([B + (e - 1) * a - 1, d * a - k * B], [B, a], dict=True)[0]
    mean = k / d
    cov = -mean * (1 - mean) / (d - 1)
    exx = sympy.factor(sympy.cancel(mean ** 2 + cov))
    c = sol[B] * exx
    p = sympy.factor(sympy.cancel(e * sol[a]))
    q = sympy.factor(sympy.cancel(sol[a] + (e - 1) * c))
    return sympy.factor(sol[B]), p, q, exx


@cache
def osc_base_total(d_=d, k_=k, e_=e):
    """B = sum_y p_y of an OSC (Lemma B.1) at (d, k, e^eps); exact, built once per parameter triple."""
    B, _, _, _ = _derive_osc_pq()
    return B.subs({d: d_, k: k_, e: e_}, simultaneous=True)


def osc_p(d_=d, k_=k, e_=e):
    O = _optimality()
    if O is not None:
        return O.osc_self_support_probability(d_, k_, e_)
    return _derive_osc_pq()[1].subs({d: d_, k: k_, e: e_}, simultaneous=True)


def osc_q(d_=d, k_=k, e_=e):
    O = _optimality()
    if O is not None:
        return O.osc_cross_support_probability(d_, k_, e_)
    return _derive_osc_pq()[2].subs({d: d_, k: k_, e: e_}, simultaneous=True)


def pure_l2(p, q, d_values, n_=1):
    """l2 of a pure protocol (support-set decoder) over ``d_values`` values holding every client:
    n Var_x = (f_x p(1-p) + (1 - f_x) q(1-q))/(p-q)^2, summed with sum f_x = 1."""
    return (d_values * q * (1 - q) + (p - q) * (1 - p - q)) / (n_ * (p - q) ** 2)


def osc_l2(d_=d, k_=k, e_=e, n_=1):
    """l2 of an OSC on d values with support size k (dataset independent)."""
    O = _optimality()
    if O is not None:
        return O.osc_l2(d_, k_, e_, n_)
    return sympy.factor(sympy.cancel(pure_l2(osc_p(d_, k_, e_), osc_q(d_, k_, e_), d_, n_)))


def extended_l2(d_=d, dp_=dp, k_=k, e_=e, n_=1):
    """Appendix D.2: an OSC on the extended dictionary [d'] used on data in [d]: the loss sums the
    variances of the d real values only (the d' - d extra values are known to be 0)."""
    return pure_l2(osc_p(dp_, k_, e_), osc_q(dp_, k_, e_), d_, n_)


def osc_l2_star(d_=d, e_=e, n_=1):
    """The OSC optimum over real k >= 1: k = d/(e+1) when d >= e + 1, else k = 1 (Corollary 3.3)."""
    kstar = d_ / (e_ + 1)
    if d_.is_number and e_.is_number and not bool(kstar >= 1):
        return sympy.cancel(osc_l2(d_, 1, e_, n_))
    return sympy.factor(sympy.cancel(osc_l2(d_, kstar, e_, n_)))


def integer_optimal_k(d_: int, e_) -> int:
    """Exhaustive search over k = 1..d-1 of the exact OSC l2 (ties: the smaller k)."""
    return min((sympy.cancel(osc_l2(d_, kk, e_)), kk) for kk in range(1, d_))[1]


# ---------------------------------------------------------------------------------------------
# Appendix C: moments of a uniformly random k-subset, the target matrix, the diagonal step
@cache
def subset_moments():
    """(E s(x), E s(x)s(x')) of a uniform k-subset by counting: C(d-1,k-1)/C(d,k), C(d-2,k-2)/C(d,k)."""
    ex = sympy.simplify(sympy.combsimp(sympy.binomial(d - 1, k - 1) / sympy.binomial(d, k)))
    exx = sympy.factor(sympy.simplify(sympy.combsimp(sympy.binomial(d - 2, k - 2) / sympy.binomial(d, k))))
    return ex, exx


def target_matrix_form():
    """The target as a combination of the identity I and the all-ones matrix J (I and J are shown as
    symbols; a check reads the coefficients of I, of J and any constant term as entries)."""
    ex, exx = subset_moments()
    I, J = TARGET_I, TARGET_J  # noqa: E741
    return sympy.Eq(sympy.Symbol(r"\sum_y w_y s_y s_y^{T}"),
                    sympy.factor(ex - exx) * I + exx * J, evaluate=False)


@cache
def diagonal_from_offdiagonal():
    """Row i of the off-diagonal equalities summed over j != i: (k - 1) sum_y w_y s_y(i) = (d - 1) c with
    c = E s s'.  Returns (implied diagonal, the condition k >= 2 under which the division is allowed)."""
    _, exx = subset_moments()
    diag = sympy.Symbol(r"\sum_y w_y s_y(i)")
    sol = sympy.solve(sympy.Eq((k - 1) * diag, (d - 1) * exx), diag)
    return sympy.factor(sol[0]), sympy.Ge(k, 2)


def weighted_support_sum():
    """sum_y w_y s_{y,i} as a sympy Sum (for LaTeX)."""
    y, i = sympy.symbols("y i", integer=True)
    w, s = sympy.IndexedBase("w"), sympy.IndexedBase("s")
    return sympy.Sum(w[y] * s[y, i], (y, 1, sympy.Symbol("|U|")))


def base_sum():
    y = sympy.Symbol("y", integer=True)
    return sympy.Sum(sympy.IndexedBase("p")[y], (y, 1, sympy.Symbol("|U|")))


def caratheodory_dimension(d_=d):
    d_ = sympy.sympify(d_)
    return d_ * (d_ - 1) / 2


def caratheodory_count(d_=d):
    return caratheodory_dimension(d_) + 1


def affine_dimension(d_=d):
    """For k >= 2 every point s s^T has off-diagonal sum k(k-1)/2: the points lie in a hyperplane, so
    Caratheodory needs only (D - 1) + 1 = D = d(d-1)/2 of them."""
    return caratheodory_dimension(d_) - 1


def theorem41_form():
    """The cost of the OSC built from at most caratheodory_count(d) responses (uniform prior)."""
    return sympy.Le(COST, sympy.log(caratheodory_count(d), 2))


def responses_bound_form():
    return sympy.Le(U, caratheodory_count(d))


def pair_inclusion_rank(d_: int, k_: int) -> int:
    """Exact rank of the (pairs x k-subsets) inclusion matrix (Gottlieb-Kantor: C(d,2) for 2<=k<=d-2)."""
    from sympy.polys.matrices import DomainMatrix

    pairs = list(itertools.combinations(range(d_), 2))
    subsets = [set(s) for s in itertools.combinations(range(d_), k_)]
    rows = [[sympy.ZZ(1 if (a in s and b in s) else 0) for s in subsets] for a, b in pairs]
    return DomainMatrix(rows, (len(pairs), len(subsets)), sympy.ZZ).rank()


# ---------------------------------------------------------------------------------------------
# Section 4 special cases
def hadamard_design(t_: int, sign: int = 1) -> list[tuple[int, ...]]:
    """Sylvester-Hadamard H of order 2^t without its first row and column: response i (row i >= 1)
    supports input x (column x + 1) when H[i][x+1] = sign.  d = 2^t - 1 inputs and d responses; support
    size (d-1)/2 for sign = +1, (d+1)/2 for sign = -1."""
    from ldpref.hashing import sylvester_hadamard

    H = sylvester_hadamard(2 ** t_)
    size = 2 ** t_
    return [tuple(x for x in range(size - 1) if H[i, x + 1] == sign) for i in range(1, size)]


def hadamard_optimal_range(d_: int):
    """Exact e-range on which k = (d-1)/2 is an optimal integer support size: (1, e_hi] with e_hi the root
    > 1 of l2(k) = l2(k - 1) (l2(k) <= l2(k + 1) holds for every e > 1, see the check)."""
    E = sympy.Symbol("E", positive=True)
    kk = (d_ - 1) // 2
    if kk <= 1:
        return sympy.oo
    eq = sympy.numer(sympy.together(osc_l2(d_, kk, E) - osc_l2(d_, kk - 1, E)))
    roots = [r for r in sympy.solve(eq, E) if r.is_real and exact_holds(r, ">", 1)]
    return min(roots) if roots else sympy.oo


def hadamard_range_form():
    return sympy.And(sympy.Eq(d, 2 ** t - 1), sympy.Eq(k, (d - 1) / 2), sympy.Le(e, E_HI))


#: cyclic (v, k, lambda) difference sets: blocks {D + i mod v} form a symmetric 2-design with v blocks
DIFFERENCE_SETS = {
    (7, 3, 1): (0, 1, 3),
    (7, 4, 2): (2, 4, 5, 6),
    (11, 5, 2): (1, 3, 4, 5, 9),
    (13, 4, 1): (0, 1, 3, 9),
    (15, 7, 3): (0, 1, 2, 4, 5, 8, 10),
    (21, 5, 1): (3, 6, 7, 12, 14),
}


def cyclic_design(v: int, base) -> list[tuple[int, ...]]:
    return [tuple(sorted((x + i) % v for x in base)) for i in range(v)]


def affine_plane_3() -> list[tuple[int, ...]]:
    """2-(9, 3, 1): the lines of AG(2, 3) (12 blocks)."""
    pts = {(a, b): 3 * a + b for a in range(3) for b in range(3)}
    lines = set()
    for (a0, b0) in pts:
        for (da, db) in [(0, 1), (1, 0), (1, 1), (1, 2)]:
            lines.add(tuple(sorted(pts[((a0 + s * da) % 3, (b0 + s * db) % 3)] for s in range(3))))
    return sorted(lines)


def design_2_6_3_2() -> list[tuple[int, ...]]:
    """2-(6, 3, 2) with 10 blocks: the 10 triangles of the pentagon-plus-centre construction."""
    blocks = []
    for i in range(5):
        blocks.append(tuple(sorted((5, i, (i + 1) % 5))))
        blocks.append(tuple(sorted((i, (i + 1) % 5, (i + 3) % 5))))
    return blocks


def bibd_lambda(d_=d, k_=k, b_=sympy.Symbol("b", positive=True, integer=True)):
    """Constant base probability 1/b per block: symmetry needs every pair in lambda blocks; counting
    gives r = b k/d and lambda = b k(k-1)/(d(d-1)) (so b >= d by Fisher's inequality)."""
    d_, k_, b_ = map(sympy.sympify, (d_, k_, b_))
    return b_ * k_ / d_, b_ * k_ * (k_ - 1) / (d_ * (d_ - 1))


def bibd_form():
    return sympy.Eq(LAMBDA, bibd_lambda(d, k, b)[1])


# ---------------------------------------------------------------------------------------------
# Section 5.1: Subset Selection's communication cost
def ss_cost_bits(d_=d, k_=k):
    return sympy.log(sympy.binomial(d_, k_), 2)


def binary_entropy(x):
    return -x * sympy.log(x, 2) - (1 - x) * sympy.log(1 - x, 2)


def ss_cost_bound(d_=d, k_=k):
    """log2 C(d,k) <= d H2(k/d): C(d,k) (k/d)^k (1 - k/d)^(d-k) <= 1 (one term of the binomial sum)."""
    d_, k_ = sympy.sympify(d_), sympy.sympify(k_)
    return d_ * binary_entropy(k_ / d_)


def ss_cost_form():
    return sympy.Le(ss_cost_bits(), ss_cost_bound())


# ---------------------------------------------------------------------------------------------
# Section 5.2 / Appendix D: OCMS over the prime d'
@cache
def next_prime(d_: int) -> int:
    return int(sympy.nextprime(d_ - 1))


def bucket_profile(dp_: int, m_: int):
    """(k0, k1, r): r = d' mod m buckets of size k1 = floor(d'/m) + 1 and m - r of size k0 = floor(d'/m)."""
    k0, r = divmod(dp_, m_)
    return k0, k0 + 1, r


def ocms_base_probability(dp_=dp, m_=m, e_=e):
    """P[(h, z)][x] / (e or 1): the hash is uniform over d'(d'-1) functions, then m-ary RR."""
    dp_, m_ = sympy.sympify(dp_), sympy.sympify(m_)
    return 1 / (dp_ * (dp_ - 1) * (e_ + m_ - 1))


def generalised_lemma_b1(dp_=dp, kbar=sympy.Symbol(r"\bar{k}"), e_=e):
    """Lemma B.1 without constant support: sum_x of the column sums gives d' sum p + (e-1) sum p k_y = d',
    so with kbar the p-weighted mean support size, sum_y p_y = d'/(kbar e + d' - kbar)."""
    dp_, kbar = sympy.sympify(dp_), sympy.sympify(kbar)
    return dp_ / (kbar * e_ + dp_ - kbar)


def ocms_groups(dp_: int, m_: int, e_=e):
    """Theorem 5.1: {k: (pi_k, number of responses, conditional base probability)} for the configurations
    grouped by support size.  pi_k = (#buckets of size k) (d' + (e-1) k)/(d'(e + m - 1)) (the probability,
    for any input, that the response falls in the group); the conditional base probability follows from
    Lemma B.1 for the group: (d'/(k e + d' - k))/(number of responses)."""
    k0, k1, r = bucket_profile(dp_, m_)
    e_ = to_exact(e_, what="e^eps")  # a builtin int/Fraction would turn the divisions below into floats
    out = {}
    for kk, count in ((k1, r), (k0, m_ - r)):
        if count == 0:
            continue
        pi = sympy.cancel(count * (dp_ + (e_ - 1) * kk) / (dp_ * (e_ + m_ - 1)))
        responses = dp_ * (dp_ - 1) * count
        base = sympy.cancel(sympy.Integer(dp_) / (kk * e_ + dp_ - kk) / responses)
        out[kk] = (pi, responses, base)
    return out


def pair_collisions(dp_: int, m_: int, kk: int) -> int:
    """Appendix D.1: functions mapping a fixed pair x != x' into one bucket of size k: by Lemma D.1 each
    of the k(k-1) ordered pairs of that bucket is hit by exactly one function, for each such bucket."""
    k0, k1, r = bucket_profile(dp_, m_)
    count = r if kk == k1 else (m_ - r if kk == k0 else 0)
    return count * kk * (kk - 1)


def ocms_collision_rate(dp_: int, m_: int, allow_a_zero: bool = False):
    """Exact collision rate c(x, x') of the family (constant over pairs): sum over buckets of s(s-1)
    ordered pairs, out of d'(d'-1) functions; with a = 0 allowed the d' constant functions collide too."""
    k0, k1, r = bucket_profile(dp_, m_)
    pairs = r * k1 * (k1 - 1) + (m_ - r) * k0 * (k0 - 1)
    if allow_a_zero:
        return R(pairs + dp_, dp_ * dp_)
    return R(pairs, dp_ * (dp_ - 1))


def collision_approx(dp_=dp, m_=m):
    """Ignoring the remainder (m | d'): d'(d'/m - 1) ordered pairs -> (d' - m)/(m (d' - 1))."""
    dp_, m_ = sympy.sympify(dp_), sympy.sympify(m_)
    return (dp_ - m_) / (m_ * (dp_ - 1))


def collision_form():
    return sympy.Eq(C_BAR, collision_approx())


def ocms_l2_grouped(d_: int, dp_: int, m_: int, e_=e, n_=1):
    """Corollary 5.1 (each response decoded by its configuration's OSC decoder): the per-client
    contribution is unbiased within each group, so Var = sum_g pi_g Var_g (law of total variance with
    equal conditional means).  At a rational e^eps (n = 1) the same rational function is evaluated exactly on
    Fractions (:func:`ocms_l2_grouped_fraction`)."""
    e_s = sympy.sympify(e_)
    if e_s.is_Rational and n_ == 1:
        v = ocms_l2_grouped_fraction(d_, dp_, m_, Fraction(int(e_s.p), int(e_s.q)))
        return sympy.Rational(v.numerator, v.denominator)
    return sympy.cancel(sum(pi * extended_l2(d_, dp_, kk, e_, n_)
                            for kk, (pi, _, _) in ocms_groups(dp_, m_, e_).items()))


def ocms_pq_pooled(dp_: int, m_: int, e_=e):
    """Overall support probabilities of OCMS: p = e/(e + m - 1); q = c p + (1 - c)/(e + m - 1)."""
    c = ocms_collision_rate(dp_, m_)
    e_ = to_exact(e_, what="e^eps")  # keep a builtin int e^eps from producing float divisions
    p = e_ / (e_ + m_ - 1)
    q = c * p + (1 - c) / (e_ + m_ - 1)
    return sympy.cancel(p), sympy.cancel(q)


def ocms_l2_pooled(d_: int, dp_: int, m_: int, e_=e, n_=1):
    """OCMS decoded as a pure protocol with its overall (p, q) (pan-cms Eq. (8)).  At a rational e^eps (n = 1)
    the same rational function is evaluated exactly on Fractions (:func:`ocms_l2_pooled_fraction`)."""
    e_s = sympy.sympify(e_)
    if e_s.is_Rational and n_ == 1:
        v = ocms_l2_pooled_fraction(d_, dp_, m_, Fraction(int(e_s.p), int(e_s.q)))
        return sympy.Rational(v.numerator, v.denominator)
    p, q = ocms_pq_pooled(dp_, m_, e_)
    return sympy.cancel(pure_l2(p, q, d_, n_))


def mixture_variance_form():
    return sympy.Eq(VAR(X), PI1 * VAR(X1) + PI0 * VAR(X0))


def mixture_variance(pi1, mean1, var1, mean0, var0):
    """Law of total variance for a two-component mixture (pi0 = 1 - pi1)."""
    pi0 = 1 - pi1
    mean = pi1 * mean1 + pi0 * mean0
    return pi1 * var1 + pi0 * var0 + pi1 * (mean1 - mean) ** 2 + pi0 * (mean0 - mean) ** 2


# ---- Corollary 5.2
def kstar_extended(dp_=dp, e_=e):
    return sympy.sympify(dp_) / (e_ + 1)


@cache
def _extended_derivative_numerator():
    return sympy.factor(sympy.numer(sympy.together(sympy.diff(_extended_l2_expr(), k))))


def extended_minimiser(d_: int, dp_: int, e_):
    """The real minimiser of extended_l2(d, d', k) in k: the root in (0, d') of the derivative's numerator
    (a quadratic in k), exact."""
    poly = sympy.Poly(_extended_derivative_numerator().subs({d: d_, dp: dp_, e: e_}, simultaneous=True), k)
    roots = [r for r in sympy.real_roots(poly) if exact_holds(r, ">", 0) and exact_holds(r, "<", dp_)]
    return roots[0] if len(roots) == 1 else roots


@cache
def _extended_field():
    """The field Q(d, d', k, e) and the extended loss as a function on it: the derived p*, q*
    (:func:`_fraction_functions`) of the dictionary d' at support k, in the pure-protocol l2 summed over d values
    (:func:`extended_l2`).  Rational-function arithmetic in the field keeps every intermediate reduced, so the
    Corollary 5.2 expressions below are built without sympy's cancel of a nested expression (same objects)."""
    K = sympy.QQ.frac_field(d, dp, k, e)

    def loss(d_values, dict_size, k_):
        return osc_l2_exact(d_values, dict_size, k_, K.gens[3])

    return K, loss


@cache
def _extended_l2_expr():
    K, loss = _extended_field()
    D, DP, KK, _ = K.gens
    return sympy.cancel(K.to_sympy(loss(D, DP, KK)))


@cache
def _cor52_alpha_expr():
    K, loss = _extended_field()
    D, DP, _, E = K.gens
    return sympy.factor(K.to_sympy(loss(D, DP, DP / (E + 1)) / loss(D, D, D / (E + 1)) - 1))


@cache
def _cor52_beta_expr():
    K, loss = _extended_field()
    D, DP, _, E = K.gens
    base = loss(D, DP, DP / (E + 1))
    return [sympy.factor(K.to_sympy(loss(D, DP, DP / (E + 1) + s) / base - 1)) for s in (-1, 1)]


def cor52_alpha(d_=d, dp_=dp, e_=e):
    """Extension cost: extended loss at k = d'/(e+1) over the optimum l2*(d), minus one."""
    return _cor52_alpha_expr().subs({d: d_, dp: dp_, e: e_}, simultaneous=True)


def cor52_beta(d_=d, dp_=dp, e_=e):
    """Deviation cost: the relative increase of the extended loss at k = d'/(e+1) - 1 and + 1."""
    return [b.subs({d: d_, dp: dp_, e: e_}, simultaneous=True) for b in _cor52_beta_expr()]


def cor52_bound(d_: int, e_, dp_: int | None = None):
    """(1 + alpha)(1 + beta) - 1 (beta the larger of the two deviations), exact."""
    from ldpref.ledger.forms import evaluate  # exact: Fraction arithmetic on the rational alpha, beta

    dp_ = next_prime(d_) if dp_ is None else dp_
    at = {d: d_, dp: dp_, e: e_}
    a = evaluate(_cor52_alpha_expr(), at)
    b = max(evaluate(bb, at) for bb in _cor52_beta_expr())
    return sympy.cancel((1 + a) * (1 + b) - 1)


def cor52_form():
    from .constructions_symbols import L_OCMS, L_STAR
    return sympy.And(sympy.Le(L_OCMS, (1 + ALPHA) * (1 + BETA) * L_STAR), sympy.Eq(ALPHA, cor52_alpha()),
                     sympy.Eq(BETA, sympy.Max(*cor52_beta())))


@cache
def osc_l2_star_fraction(d_: int, e_):
    """The OSC optimum on d values at real k = d/(e+1), exact on Fractions (shared by the scans)."""
    return _to_fraction(_osc_l2_star_fmpq(d_, _fmpq(e_)))


def _osc_l2_star_fmpq(d_: int, e_: fmpq) -> fmpq:
    return osc_l2_exact(fmpq(d_), fmpq(d_), fmpq(d_) / (e_ + 1), e_)


def _to_fraction(v: fmpq) -> Fraction:
    return Fraction(int(v.p), int(v.q))


def cor52_bound_fraction(d_: int, dp_: int, e_):
    """cor52_bound evaluated exactly on Fractions: alpha = (extended loss at k = d'/(e+1)) / l2*(d) - 1 and
    beta the larger of the two deviations (fast path for scans; equal to :func:`cor52_bound`); the arithmetic
    in python-flint fmpq, the result a Fraction."""
    e_ = _fmpq(e_)
    ks = fmpq(dp_) / (e_ + 1)
    base = osc_l2_exact(fmpq(d_), fmpq(dp_), ks, e_)
    alpha = base / _osc_l2_star_fmpq(d_, e_) - 1
    beta = max(osc_l2_exact(fmpq(d_), fmpq(dp_), ks + s, e_) / base - 1 for s in (-1, 1))
    return _to_fraction((1 + alpha) * (1 + beta) - 1)


def ocms_l2_pooled_fraction(d_: int, dp_: int, m_: int, e_):
    """ocms_l2_pooled on Fractions (fast, exact; the arithmetic in fmpq)."""
    e_ = _fmpq(e_)
    c = _fmpq(ocms_collision_rate(dp_, m_))
    p_ = e_ / (e_ + m_ - 1)
    q_ = c * p_ + (1 - c) / (e_ + m_ - 1)
    return _to_fraction((d_ * q_ * (1 - q_) + (p_ - q_) * (1 - p_ - q_)) / (p_ - q_) ** 2)


def ocms_l2_grouped_fraction(d_: int, dp_: int, m_: int, e_):
    """ocms_l2_grouped on Fractions (fast, exact; the arithmetic in fmpq)."""
    e_ = _fmpq(e_)
    k0, k1, r = bucket_profile(dp_, m_)
    pi1 = fmpq(r) * (dp_ + (e_ - 1) * k1) / (dp_ * (e_ + m_ - 1))
    d_, dp_ = fmpq(d_), fmpq(dp_)
    return _to_fraction(pi1 * osc_l2_exact(d_, dp_, fmpq(k1), e_) + (1 - pi1) * osc_l2_exact(d_, dp_, fmpq(k0), e_))


def excess_limit(m_=m, e_=e):
    """lim_{d -> oo} l2(support d/m)/l2* - 1 = (m - 1 - e)^2/(4 e (m - 1)): with m fixed and e + 1 not an
    integer the excess of OCMS does not vanish."""
    m_ = sympy.sympify(m_)
    return (m_ - 1 - e_) ** 2 / (4 * e_ * (m_ - 1))


def limit_at_infinity(expr, x):
    """Limit of a rational function of x as x -> oo (ratio of leading coefficients).  The quotient is not
    reduced first: a common factor of numerator and denominator changes neither the difference of the degrees
    nor the ratio of the leading coefficients (that cancel took most of the time)."""
    lead = leading_ratio(*sympy.fraction(sympy.together(expr)), x)
    if lead is None:
        raise sympy.PolynomialError(f"not a rational function of {x}: {expr}")
    gap, ratio = lead
    if gap < 0:
        return sympy.Integer(0)
    if gap > 0:
        return sympy.oo * sympy.sign(ratio)
    return sympy.factor(sympy.cancel(ratio))


def excess_limit_derived(m_=m, e_=e):
    """The limit computed from the exact loss: l2(d, d/m, e)/l2*(d) as d -> oo."""
    x = sympy.Symbol("x", positive=True)
    ratio = osc_l2(x, x / m_, e_) / osc_l2(x, x / (e_ + 1), e_)
    return sympy.factor(limit_at_infinity(ratio, x) - 1)


@cache
def _fraction_functions():
    """The derived p*, q* (and the pure-protocol l2) as plain Python functions of (d, k, e): evaluated on
    Fractions they stay exact (no float constant appears in a rational function)."""
    p_expr, q_expr = osc_p(), osc_q()
    fp = sympy.lambdify((d, k, e), p_expr, modules=[{}])
    fq = sympy.lambdify((d, k, e), q_expr, modules=[{}])
    return fp, fq


def osc_l2_exact(d_values, dict_size, k_, e_):
    """Per-client l2 of an OSC on ``dict_size`` values summed over ``d_values`` values: the derived p*, q*
    (:func:`_fraction_functions`) in the pure-protocol l2 (:func:`pure_l2`), on the elements of any exact field
    (Fractions, :class:`_Ratio`, a sympy rational-function field)."""
    fp, fq = _fraction_functions()
    p_, q_ = fp(dict_size, k_, e_), fq(dict_size, k_, e_)
    return (d_values * q_ * (1 - q_) + (p_ - q_) * (1 - p_ - q_)) / (p_ - q_) ** 2


def _fmpq(x):
    """An exact rational (int, Fraction, sympy Rational) as a python-flint ``fmpq``."""
    if isinstance(x, int):
        return fmpq(x)
    if isinstance(x, sympy.Rational):
        return fmpq(int(x.p), int(x.q))
    return fmpq(x.numerator, x.denominator)


def osc_l2_fraction(d_values, dict_size, k_, e_):
    """Exact (Fraction) per-client l2 of an OSC on ``dict_size`` values summed over ``d_values`` values: the derived
    p*, q* and pure-protocol l2 (:func:`osc_l2_exact`) evaluated in python-flint ``fmpq`` (exact, canonical), returned
    as a ``Fraction``.  A zero denominator raises ZeroDivisionError."""
    v = osc_l2_exact(_fmpq(d_values), _fmpq(dict_size), _fmpq(k_), _fmpq(e_))
    return Fraction(int(v.p), int(v.q))


def variable_x():
    """x as an exact rational function of one variable: an unreduced :class:`_Ratio` of python-flint ``fmpq_poly``
    (numerator x, denominator 1); the derived forms evaluated on it stay exact rational functions of x."""
    from flint import fmpq_poly

    return _Ratio(fmpq_poly([0, 1]), fmpq_poly([1]))


def ratio_limit_at_infinity(f: _Ratio):
    """Limit as x -> oo of a rational function f = n/d of x (``fmpq_poly`` numerator and denominator, not
    necessarily reduced: a common factor changes neither the difference of the degrees nor the ratio of the
    leading coefficients)."""
    num, den = f.n, f.d
    if den.degree() < 0:
        raise ZeroDivisionError("the rational function has denominator 0")
    if num.degree() < den.degree():
        return sympy.Integer(0)
    lead_n, lead_d = num[num.degree()], den[den.degree()]
    ratio = sympy.Rational(int(lead_n.p), int(lead_n.q)) / sympy.Rational(int(lead_d.p), int(lead_d.q))
    if num.degree() > den.degree():
        return sympy.oo * sympy.sign(ratio)
    return ratio


# ---------------------------------------------------------------------------------------------
# Section 5.3: WSS's LP, sparsity and complexity
def wss_target_form():
    return sympy.Eq(B_XX, subset_moments()[1])


def wss_base_form():
    return sympy.Eq(P_Y, sympy.factor(osc_base_total() * W_Y))


def wss_operations_form():
    """Operations of an LP/NNLS solve on A (h x w, O(h w^2)) with h = d(d-1)/2 rows and w = N columns."""
    return sympy.Eq(OPS, caratheodory_dimension(d) * N_cols ** 2)


def wss_complexity_degree() -> int:
    D = caratheodory_dimension(d)
    c = sympy.Symbol("c", positive=True)
    return sympy.degree(sympy.expand(D * (c * D) ** 2), d)


# ---------------------------------------------------------------------------------------------
# statement forms evaluated per instance by the checks
def deviation_sizes_form():
    """Both bucket sizes floor(d'/m) and floor(d'/m) + 1 (d' prime, so m never divides it) within one of
    d'/(e + 1)."""
    lo = sympy.floor(dp / m)
    return sympy.And(sympy.Le(sympy.Abs(lo - dp / (e + 1)), 1), sympy.Le(sympy.Abs(lo + 1 - dp / (e + 1)), 1))


def narrowing_derived_form():
    """The excess of OCMS shrinks from d to d + 1 when both share the extended prime d' (derived from the
    closed forms of Corollary 5.1; when d passes a prime, d' jumps and the excess rises)."""
    from .constructions_symbols import DP_D, DP_NEXT, GAP, GAP_NEXT
    return sympy.Implies(sympy.Eq(DP_D, DP_NEXT), sympy.Le(GAP_NEXT, GAP))


def deviation_max(d_=d, e_=e):
    """The larger relative loss increase at d/(e+1) -+ 1 on the dictionary d (no extension)."""
    return sympy.Max(*cor52_beta(d_, d_, e_))


def decreasing_form():
    """The deviation at d/(e+1) -+ 1 is strictly smaller for the dictionary d + 1 than for d."""
    return sympy.StrictLessThan(deviation_max(d + 1, e), deviation_max(d, e))


def comparison_table_form():
    """Responses of SS and OCMS, and WSS's bound on its positive weights (k >= 2)."""
    from .constructions_symbols import POSITIVE_W, U_OCMS, U_SS
    return (sympy.Eq(U_SS, sympy.binomial(d, k)), sympy.Eq(U_OCMS, m * dp * (dp - 1)),
            sympy.Le(POSITIVE_W, caratheodory_dimension(d)))


def _narrows(**params) -> bool:
    from .constructions_symbols import DP_D, DP_NEXT
    return params[str(DP_D)] == params[str(DP_NEXT)]


def narrowing_prediction():
    """What the closed forms of Corollary 5.1 give for the excess Delta(d) of OCMS from d to d + 1: it narrows
    exactly when d and d + 1 share the extended prime d' (each time d passes a prime, d' jumps and Delta rises;
    found on d in [100, 400], e^eps in {2, 3})."""
    from ldpref.ledger.forms import Predicate
    return Predicate(r"\Delta(d + 1) \le \Delta(d) \iff d'(d) = d'(d + 1)", _narrows)


# ---- Section 5.4's example (the abstract's d = 100 at eps = 1)
@cache
def example_excess(d_: int = 100, e_=sympy.E, ranges=tuple(range(2, 9))):
    """The excess l2(OCMS)/l2*(d) - 1 of OCMS on d' = nextprime(d) with its best hash range m in ``ranges`` and the
    better of the grouped and pooled decoders (Corollary 5.1's closed forms), over the strict optimum at real
    k* = d/(e^eps + 1): ``((m, decoder), excess)``, the excess exact (an expression in e^eps; the best is chosen by
    the exact order :func:`ldpref.exact.exact_order`, the first of equal ones)."""
    star = osc_l2(d_, sympy.Integer(d_) / (e_ + 1), e_)
    dp_ = int(sympy.nextprime(d_))
    excess = {(m_, dec): (ocms_l2_grouped if dec == "grouped" else ocms_l2_pooled)(d_, dp_, m_, e_) / star - 1
              for m_ in ranges for dec in ("grouped", "pooled")}
    return min(excess.items(), key=cmp_to_key(lambda a, b: exact_order(a[1], b[1])))


@cache
def example_relation():
    """Section 5.4's example sentence derived from the model: at the abstract's example the excess is at most the
    model's exact excess (:func:`example_excess`) rounded up to two decimals of a percent, the precision the sentence
    prints its number with."""
    from .constructions_symbols import EXCESS_EXAMPLE
    return sympy.Le(EXCESS_EXAMPLE, sympy.Rational(exact_ceiling(example_excess()[1] * 10000), 10000))
