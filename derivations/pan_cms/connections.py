"""pan-cms derivations: connections (Section 4 and Appendix G).

Derived from the paper's model (Definition 4.1, the CMS of Section 3 with Eq. (2) / Eq. (8), randomised
response), never copied from its text.  The transcriptions of what the paper prints (mistakes included) are in
:mod:`derivations.pan_cms.printed_connections` (nothing here reads them), the shared symbols in
:mod:`derivations.pan_cms.symbols_connections`; everything here is a derivation.

* TnS (Definition 4.1, Theorem 4.1): :func:`tns_row_sampling`, :func:`tns_column_sampling`,
  :func:`cms_perturbation` -- the output law of the two procedures and of a CMS.
* Hadamard families (Sections 4.1, 4.2): :func:`gf2_rank`, :func:`walsh_joint_fraction` -- the fraction
  of Walsh rows i with ``(i . x_1, ..., i . x_t) = (u_1, ..., u_t)`` is ``2^-rank`` on the consistent
  patterns (linear algebra over GF(2)).
* RHR (Section 4.3): :func:`rhr_collision_derived`, :func:`rhr_second_moments`, :func:`rhr_mse_derived`,
  :func:`he_mse_derived`, :func:`eq2_rhr_bias_derived`.
* Local hashing (Section 4.4): :func:`eq2_decoder_entry`, :func:`lh_decoder_entry`,
  :func:`cms_rr_second_moments` (the f(x) = 0 and f(x) = 1 endpoints of the MSE).
* Recursive CMS (Section 4.5): :func:`recursive_collision_derived`, :func:`recursive_decoder_constants`,
  :func:`binary_inner_mse_derived`.
* RAPPOR (Section 4.6): :func:`hashed_frequency_gram`, :func:`rank_upper_bound`.
* Appendix G: :func:`he_decoded_value`, :func:`eq2_m2_decoded_value`.
"""

from __future__ import annotations

import sympy

from ldpref.linalg import exact_matrix

from ..caching import cache
from .rational import factor_cancel as _factored
from .symbols import cbar, d, e, eps, f, k, m, n
from .symbols_connections import (Hhat, Hval, S_count, b, i_idx, ind, m1, m2, m_prime, rho,  # noqa: F401 (re-exported)
                                  s_size, x1, x2)
from .symbols_statements import Predicate


def _B(bits):
    return 2 ** (bits - 1)


# ---- Definition 4.1 / Theorem 4.1 ---------------------------------------------------------------
def tns_row_sampling(M, PR):
    """Definition 4.1 step by step: x -> row M[x], a uniform position j of the row, perturb M[x][j].
    ``M``: d x k nested list of labels 0..m-1; ``PR``: sympy Matrix |Z| x m.  Returns the law of the
    report (j, z) as a dict (j, z) -> list over x."""
    d_, k_ = len(M), len(M[0])
    out = {}
    for x in range(d_):
        row = M[x]
        for pos in range(k_):
            for z in range(PR.shape[0]):
                out.setdefault((pos, z), [sympy.Integer(0)] * d_)[x] += PR[z, row[pos]] / k_
    return out


def tns_column_sampling(M, PR):
    """The equivalent process of Section 4: draw a column j of M first, map x to M[x, j], perturb."""
    d_, k_ = len(M), len(M[0])
    out = {}
    for j in range(k_):
        column = [M[x][j] for x in range(d_)]
        for z in range(PR.shape[0]):
            out[(j, z)] = [PR[z, column[x]] / k_ for x in range(d_)]
    return out


def cms_perturbation(family_functions, PR):
    """The CMS of Section 3 (Fig. 1): h_j uniform among k functions, y = h_j(x) perturbed by R."""
    k_ = len(family_functions)
    d_ = len(family_functions[0])
    return {(j, z): [PR[z, h[x]] / k_ for x in range(d_)] for j, h in enumerate(family_functions)
            for z in range(PR.shape[0])}


def matrices_equal(A, B) -> bool:
    """Exact equality of two matrices whose entries may be rational functions of e^eps."""
    A, B = sympy.Matrix(A), sympy.Matrix(B)
    if A.shape != B.shape:
        return False
    if A == B:  # identical entries (sympy's structural equality)
        return True
    # both matrices in one exact field (rationals, or rational functions of e^eps in canonical form): equal
    # entries are then equal field elements, with one domain conversion instead of a cancel per entry
    both = exact_matrix(A.tolist() + B.tolist(), what="matrices_equal")
    dom = both.domain
    canonical = dom.is_QQ or dom.is_ZZ or ((dom.is_PolynomialRing or dom.is_FractionField)
                                          and all(g.is_Symbol for g in dom.symbols))
    if not canonical:  # e.g. sqrt(2) as a generator, or EX: no canonical form, decide entry by entry
        return all(sympy.cancel(a - b) == 0 for a, b in zip(A, B))
    rows = both.to_list()
    return rows[:A.rows] == rows[A.rows:]


def law_matrix(law, d_):
    """A law ``{(j, z): [Pr[(j, z) | x] for x]}`` as a matrix, rows in (j, z) order."""
    return sympy.Matrix([[sympy.cancel(v) for v in law[key]] for key in sorted(law)]) if law else sympy.zeros(0, d_)


def _tns_law_holds(P, M, PR, **_):
    """The report law of a mechanism is ``P_R[z, M[x, j]] / k`` (rows (j, z), j-major)."""
    d_, k_ = len(M), len(M[0])
    expected = sympy.Matrix([[PR[z, M[x][j]] / k_ for x in range(d_)] for j in range(k_) for z in range(PR.shape[0])])
    return matrices_equal(P, expected)


@cache
def tns_form():
    """Derived: ``Pr[report (j, z) | x] = P_R[z, M[x, j]] / k``, the CMS law with ``h_j = M[:, j]``: from
    :func:`tns_row_sampling` (each position j of the row is drawn with probability 1/k)."""
    return Predicate(r"\Pr[\mathrm{TnS}_{M}(x) = (j, z)] = \frac{P_R[z, M[x, j]]}{k}", _tns_law_holds)


# ---- Hadamard families --------------------------------------------------------------------------
def gf2_rank(vectors) -> int:
    """Rank over GF(2) of integers read as bit vectors (Gaussian elimination on bits)."""
    basis = []
    for v in vectors:
        for bvec in basis:
            v = min(v, v ^ bvec)
        if v:
            basis.append(v)
    return len(basis)


def walsh_joint_fraction(inputs, pattern) -> sympy.Rational:
    """Fraction of rows i of a Walsh matrix (size 2^l > every input) with ``(-1)^{i . x_t} = pattern_t``.

    The map i -> (i . x_1, ..., i . x_t) is GF(2)-linear of rank r = rank{x_t}; its image has 2^r
    points, each hit by the same number of i.  A pattern is in the image iff it satisfies every linear
    relation among the x_t.  So the fraction is 2^-r on consistent patterns and 0 otherwise.
    """
    bits = [0 if p == 1 else 1 for p in pattern]
    r = gf2_rank(inputs)
    t = len(inputs)
    # consistency: for every subset whose XOR of inputs is 0, the XOR of the pattern bits must be 0
    for mask in range(1, 1 << t):
        acc, par = 0, 0
        for i in range(t):
            if mask >> i & 1:
                acc ^= inputs[i]
                par ^= bits[i]
        if acc == 0 and par:
            return sympy.Integer(0)
    return sympy.Rational(1, 2 ** r)


@cache
def pairwise_form():
    """Derived: two distinct non-zero inputs are linearly independent over GF(2), so every pair of
    signs has probability 2^-2; three inputs with x_1 xor x_2 xor x_3 = 0 have rank 2, so only 4 of the
    8 patterns occur (probability 1/4 each): the rows are pairwise, not 3-wise, independent."""
    return sympy.Eq(sympy.Symbol(r"\Pr_{h}[(h(x_{1}), h(x_{2})) = (y_{1}, y_{2})]"), sympy.Rational(1, 4),
                    evaluate=False)


# ---- Sections 4.1 / 4.2 equivalence --------------------------------------------------------------
def binary_rr_probabilities(exp_eps):
    """Binary randomised response: keep w.p. e/(e + 1), flip w.p. 1/(e + 1)."""
    return exp_eps / (exp_eps + 1), 1 / (exp_eps + 1)


HE_AGREE = sympy.Symbol(r"[z = H_{x+1,j}]")


@cache
def he_law_expr():
    """``Pr[(j, z) | x] = (1/s) (e [z = H[x+1, j]] + [z != H[x+1, j]])/(e + 1)``."""
    return (e * HE_AGREE + (1 - HE_AGREE)) / (s_size * (e + 1))


def _he_law_holds(P, Q, d_value, exp_eps, signs, **_):
    """(P, Q) of a mechanism with reports (j, z), z in ``signs`` per j, equal the law of :func:`he_law_expr` and
    the decoder H_hat H[j, x+1] of :func:`he_decoded_value`; h_j(x) = H[x+1, j] pairwise independent by the GF(2)
    count of :func:`walsh_joint_fraction` (distinct non-zero rows)."""
    size = 1
    while size <= d_value:
        size *= 2
    rows_P, rows_Q = [], []
    for j in range(size):
        for z in signs:
            agree = [1 if z == (-1) ** bin((x + 1) & j).count("1") else 0 for x in range(d_value)]
            rows_P.append([he_law_expr().subs({HE_AGREE: a, s_size: size, e: exp_eps}) for a in agree])
            rows_Q.append([he_decoded_value(exp_eps, a) for a in agree])
    pairwise = all(walsh_joint_fraction([a + 1, c + 1], [u, v]) == sympy.Rational(1, 4)
                   for a in range(d_value) for c in range(d_value) if a != c for u in (1, -1) for v in (1, -1))
    return matrices_equal(P, sympy.Matrix(rows_P)) and matrices_equal(Q, sympy.Matrix(rows_Q).T) and pairwise


@cache
def he_law_form():
    """Derived: ``Pr[(j, z) | x] = (1/s) (e [z = H[x+1, j]] + [z != H[x+1, j]])/(e + 1)``; h_j(x) = H[x+1, j]
    is pairwise independent (rows x + 1 are non-zero and distinct)."""
    return Predicate(r"\Pr[(j, z) \mid x] = \frac{e^{\epsilon} [z = H_{x+1,j}] + [z \neq H_{x+1,j}]}{s (e^{\epsilon} + "
                     r"1)},\ \hat{H} H[j, x+1] = \frac{(2 [z = H_{x+1,j}] - 1)(e^{\epsilon} + 1)}{e^{\epsilon} - 1}",
                     _he_law_holds)


# ---- Section 4.3 ---------------------------------------------------------------------------------


@cache
def matrix_size_form():
    """Derived: values x in 0..d-1 use rows x // 2^(b-1) + 1 <= ceil(d / 2^(b-1)); row 0 is not used,
    so the size must exceed ceil(d / 2^(b-1))."""
    return sympy.Gt(s_size, sympy.ceiling(d / 2 ** (b - 1)))


@cache
def rhr_tns_form():
    """Derived: M[x][j] = (H[x // B + 1, j], x mod B) takes 2 min(d, B) values, 2^b when d >= B = 2^(b-1)."""
    return sympy.Eq(sympy.Symbol(r"|\{M[x][j]\}|"), 2 * sympy.Min(d, 2 ** (b - 1)), evaluate=False)


@cache
def rhr_collision_form():
    """Derived: the messages (H[a1+1, j], r1), (H[a2+1, j], r2) agree iff r1 = r2 and the signs agree;
    for x1 != x2 with r1 = r2 we have a1 != a2, two distinct non-zero Walsh rows, which agree on
    ``walsh_joint_fraction`` of the columns summed over the two equal patterns: 2 * 1/4 = 1/2."""
    half = walsh_joint_fraction([1, 2], [1, 1]) + walsh_joint_fraction([1, 2], [-1, -1])
    return sympy.Piecewise((half, sympy.Eq(sympy.Mod(x1, 2 ** (b - 1)), sympy.Mod(x2, 2 ** (b - 1)))), (0, True))


def rhr_collision_derived(a1: int, r1: int, a2: int, r2: int) -> sympy.Rational:
    """c_bar of two distinct values from their (row, residue) split, by the GF(2) count."""
    if r1 != r2:
        return sympy.Integer(0)
    rows = [a1 + 1, a2 + 1]
    return walsh_joint_fraction(rows, [1, 1]) + walsh_joint_fraction(rows, [-1, -1])


@cache
def skewed_form():
    """Derived: c_bar is 1/2 within a residue class and 0 across, so it is not constant once both kinds
    of pairs exist (b >= 2 and d > 2^(b-1)), and never 2^-b for b >= 2."""
    return sympy.Eq(sympy.Symbol(r"\bar{c}_{\mathrm{RHR}}(x, x')"), rhr_collision_form())


@cache
def same_mod_probability_form():
    """Derived: for i.i.d. uniform values of [d] with 2^(b-1) | d, each residue has probability 2^(1-b),
    so the pair agrees with probability sum_r 2^(2-2b) * ... = 2^(1-b)."""
    B = 2 ** (b - 1)
    r = sympy.Symbol("r", integer=True)
    value = sympy.summation((1 / B) ** 2, (r, 0, B - 1))
    return sympy.Eq(sympy.Symbol(r"\Pr[x_{1} \equiv x_{2}]"), sympy.simplify(value), evaluate=False)


@cache
def random_collision_form():
    """Derived (law of total probability over the residue event): rho/2 with rho the probability that
    the two distinct values share their residue; rho = 2^(1-b) when the residues are independent and
    uniform, rho = (d/2^(b-1) - 1)/(d - 1) for a uniformly random pair of distinct values of [d]."""
    return sympy.Eq(sympy.Symbol(r"\Pr[h(x_{1}) = h(x_{2})]"), rho * rhr_collision_form().args[0][0], evaluate=False)


def uniform_distinct_same_residue(d_: int, bits: int) -> sympy.Rational:
    """rho for a uniformly random ordered pair of distinct values of [d] when 2^(b-1) divides d: the
    partner is one of the d/B - 1 other members of the class among d - 1 values."""
    B = _B(bits)
    return sympy.Rational(d_ // B - 1, d_ - 1)


@cache
def b_eps_form():
    """Derived: RHR's messages number 2^b and the average collision rate is 2^-b, so the equivalent m
    is 2^b = 2^eps."""
    return sympy.Eq(m, 2 ** eps, evaluate=False)


def grr_reconstruction_moments(exp_eps, size):
    """Randomised response on ``size`` values with its unbiased reconstruction y_hat[y] = ([z = y] - q)/(p - q):
    returns p, q and the two values of y_hat[y] (z = y and z != y)."""
    exp_eps, size = sympy.sympify(exp_eps), sympy.sympify(size)
    p = exp_eps / (exp_eps + size - 1)
    q = 1 / (exp_eps + size - 1)
    return p, q, (1 - q) / (p - q), -q / (p - q)


@cache
def rhr_second_moments(exp_eps=e, bits=b):
    """E[T^2] of RHR's per-client statistic T = H[a+1, j] (y_hat[(+, r)] - y_hat[(-, r)]) for target x.

    y_hat[(+, r)] - y_hat[(-, r)] = ([z = (+, r)] - [z = (-, r)])/(p - q): a client whose residue is r
    reports one of the two messages with probability p + q, any other client with probability 2q.
    Returns (same residue, other residue)."""
    M = 2 ** bits
    p, q, _, _ = grr_reconstruction_moments(exp_eps, M)
    scale = 1 / (p - q) ** 2
    return _factored((p + q) * scale), _factored(2 * q * scale)


def rhr_mse_derived(exp_eps, bits, n_clients, f_x, f_class):
    """MSE of RHR's unbiased decoder: ``(sum_x' f(x') E[T^2 | x'] - f(x)) / n`` (clients independent,
    E[T | x'] = [x' = x]); ``f_class`` is the frequency of x's residue class (x included)."""
    same, other = rhr_second_moments(exp_eps, bits)
    return sympy.cancel((f_class * same + (1 - f_class) * other - f_x) / n_clients)


def he_mse_derived(exp_eps, n_clients, f_x):
    """HE: T = H_hat H[j, x+1] = +-(e + 1)/(e - 1), so E[T^2] = ((e + 1)/(e - 1))^2 for every client."""
    p, q = binary_rr_probabilities(exp_eps)
    return sympy.cancel(((1 / (p - q)) ** 2 - f_x) / n_clients)


@cache
def same_residue_worse_form():
    """Derived: with every client in x's residue class, MSE_RHR - MSE_HE = (e + 1)(2^b - 2)/(n (e - 1)^2) > 0
    for b >= 2."""
    diff = sympy.factor(rhr_mse_derived(e, b, n, f, 1) - he_mse_derived(e, n, f))
    return sympy.Gt(diff, 0)


@cache
def rhr_eq5_form():
    """Derived: the exact MSE of RHR (unbiased decoder) when every client is in x's residue class."""
    same, _ = rhr_second_moments(e, b)
    return sympy.Eq(sympy.Symbol(r"\mathrm{MSE}_{\mathrm{RHR}}(x)"), (same - f) / n, evaluate=False)


def grr_variances_derived(exp_eps, size):
    """Var(y_hat[y]) of randomised response on ``size`` values: p(1 - p)/(p - q)^2 when y is the input,
    q(1 - q)/(p - q)^2 otherwise (a two-point variable)."""
    p, q, _, _ = grr_reconstruction_moments(exp_eps, size)
    return sympy.cancel(p * (1 - p) / (p - q) ** 2), sympy.cancel(q * (1 - q) / (p - q) ** 2)


def eq2_rhr_variance_derived(exp_eps, bits, n_clients, f_x):
    """Variance of RHR decoded by Eq. (2) with m = 2^b on a one-class dataset (Theorem 3.3's model with
    c_bar = 1/2 and randomised-response variances)."""
    M = 2**bits
    veq, vne = grr_variances_derived(exp_eps, M)
    c = sympy.Rational(1, 2)
    return sympy.cancel(sympy.Rational(M**2, (M - 1) ** 2) / n_clients
                        * ((1 - f_x) * (c * veq + (1 - c) * vne + c * (1 - c)) + f_x * veq))


def eq2_rhr_bias_derived(bits, f_x):
    """Bias of Eq. (2) with m = 2^b on RHR when every client is in x's class: Theorem 3.2's expectation
    with c_bar = 1/2 minus f(x) = (2^(b-1) - 1)(1 - f(x))/(2^b - 1)."""
    M = 2**bits
    expect = sympy.Rational(M, M - 1) * (f_x + (1 - f_x) / 2) - sympy.Rational(1, M - 1)
    return sympy.cancel(expect - f_x)


# ---- Section 4.4 ---------------------------------------------------------------------------------
def eq2_decoder_entry(indicator, size, exp_eps):
    """Eq. (2) per client with R = randomised response: m/(m-1) y_hat[h(x)] - 1/(m-1)."""
    p, q, _, _ = grr_reconstruction_moments(exp_eps, size)
    return sympy.Rational(1, 1) * size / (size - 1) * (indicator - q) / (p - q) - sympy.Integer(1) / (size - 1)


def lh_decoder_entry(indicator, size, exp_eps):
    """Local hashing (Wang et al. 2017) per client: ([h(x) = y] - 1/m)/(p - 1/m)."""
    size = sympy.sympify(size)
    p, _, _, _ = grr_reconstruction_moments(exp_eps, size)
    return (indicator - sympy.Integer(1) / size) / (p - sympy.Integer(1) / size)


@cache
def lh_form():
    """Derived: with p = e/(e + m - 1), q = 1/(e + m - 1) both decoders are affine in S (the number of
    reports supporting x) and coincide: (S/n - 1/m)/(p - 1/m)."""
    p = e / (e + m - 1)
    return sympy.Eq(sympy.Symbol(r"\hat{f}_{\mathrm{LH}}(x)"), (S_count / n - 1 / m) / (p - 1 / m), evaluate=False)


def _lh_law_holds(P, functions, size, exp_eps, **_):
    """LH's report (h, y): the function h drawn uniformly (1/k), y randomised response of h(x)."""
    p, q, _, _ = grr_reconstruction_moments(exp_eps, size)
    expected = sympy.Matrix([[(p if h[x] == y else q) / len(functions) for x in range(len(functions[0]))]
                             for h in functions for y in range(size)])
    return matrices_equal(P, expected)


@cache
def lh_law_form():
    """Derived: Pr[(h, y) | x] = (p [h(x) = y] + q [h(x) != y]) / k with RR's p, q: the CMS law of the family."""
    return Predicate(r"\Pr[(h, y) \mid x] = \frac{p [h(x) = y] + q [h(x) \neq y]}{k}", _lh_law_holds)


@cache
def cms_rr_second_moments(exp_eps=e, size=m):
    """Per-client E[T^2] of Eq. (2) with randomised response and c_bar = 1/m: (client at x, client
    elsewhere).  T = m/(m-1) y_hat[h(x)] - 1/(m-1); at x the hashed value is always h(x); elsewhere it
    collides with probability 1/m."""
    size = sympy.sympify(size)
    p, q, hi, lo = grr_reconstruction_moments(exp_eps, size)
    A, c0 = size / (size - 1), -1 / (size - 1)
    t_hi, t_lo = A * hi + c0, A * lo + c0
    same = p * t_hi**2 + (1 - p) * t_lo**2
    coll = p * t_hi**2 + (1 - p) * t_lo**2
    nocoll = q * t_hi**2 + (1 - q) * t_lo**2
    other = coll / size + (1 - 1 / size) * nocoll
    return _factored(same), _factored(other)


def mse_endpoints_derived(exp_eps, size, n_clients=1):
    """(MSE at f(x) = 0, MSE at f(x) = 1) of the unbiased CMS + RR: E[T | x'] = [x' = x]."""
    same, other = cms_rr_second_moments(exp_eps, size)
    return sympy.cancel(other / n_clients), sympy.cancel((same - 1) / n_clients)


@cache
def worst_case_form():
    """Derived: MSE is linear in f(x); its slope (E[T^2|x] - 1 - E[T^2|x'])/n changes sign with m."""
    zero, one = mse_endpoints_derived(e, m, n)
    return sympy.Eq(sympy.Symbol(r"\mathrm{MSE}(f{=}1) - \mathrm{MSE}(f{=}0)"), sympy.factor(one - zero),
                    evaluate=False)


# ---- Section 4.5 ---------------------------------------------------------------------------------


@cache
def recursive_collision_form():
    """Derived: x, x' collide after both hashes iff they collide in the first (1/m1), or not (1 - 1/m1)
    and their distinct images collide in the second (1/m2)."""
    return sympy.Eq(cbar, 1 / m1 + (1 - 1 / m1) / m2, evaluate=False)


@cache
def equivalent_m_form():
    """Derived: the nested decoder m1/(m1-1) [m2/(m2-1) y_hat - 1/(m2-1)] - 1/(m1-1) is Eq. (8) with
    m' = 1/c_bar (see :func:`recursive_decoder_constants`)."""
    return sympy.Eq(m, sympy.cancel(1 / recursive_collision_form().rhs), evaluate=False)  # a rational function


def recursive_decoder_constants():
    """(slope, offset) of the nested decoder and of Eq. (8) with m' = 1/c_bar, as sympy expressions."""
    nested_slope = m1 / (m1 - 1) * m2 / (m2 - 1)
    nested_offset = m1 / (m1 - 1) * (-1 / (m2 - 1)) - 1 / (m1 - 1)
    mp = equivalent_m_form().rhs
    return (nested_slope, nested_offset), (mp / (mp - 1), -1 / (mp - 1))


@cache
def cms_he_form():
    """Derived: HE is a CMS with m2 = 2 (Section 4.1), so m' = equivalent m at m1 = m, m2 = 2."""
    return sympy.Eq(m_prime, sympy.cancel(equivalent_m_form().rhs.subs({m1: m, m2: 2})), evaluate=False)


@cache
def _binary_inner_closed_form():
    """The MSE below with symbolic e^eps, c_bar, n, f(x), simplified step by step."""
    c_rate = sympy.Symbol("c", positive=True)
    mp = 1 / c_rate
    p, q, hi, lo = grr_reconstruction_moments(e, 2)
    A, B0 = sympy.cancel(mp / (mp - 1)), sympy.cancel(-1 / (mp - 1))
    t_hi, t_lo = sympy.cancel(A * hi + B0), sympy.cancel(A * lo + B0)
    same = _factored(p * t_hi**2 + (1 - p) * t_lo**2)
    miss = _factored(q * t_hi**2 + (1 - q) * t_lo**2)
    other = _factored(c_rate * same + (1 - c_rate) * miss)
    return c_rate, _factored(f * same + (1 - f) * other - f) / n


def binary_inner_mse_derived(exp_eps, c_rate, n_clients, f_x):
    """MSE of a CMS whose inner mechanism is binary randomised response, decoded by Eq. (8) with
    m' = 1/c_bar (constant c_bar): per client T = A y_hat[g(x)] + B, A = m'/(m'-1), B = -1/(m'-1); a client
    at x always hits, any other hits with probability c_bar; E[T | x'] = [x' = x]."""
    c_sym, form = _binary_inner_closed_form()
    return sympy.cancel(form.subs({c_sym: c_rate, e: exp_eps, n: n_clients, f: f_x}))


# ---- Section 4.6 ---------------------------------------------------------------------------------
def hashed_frequency_matrix(family_functions, size):
    """A[(j, y), x] = [h_j(x) = y]/k: expected hashed frequencies are A f (the linear map of Section 4.6)."""
    k_ = len(family_functions)
    d_ = len(family_functions[0])
    return sympy.Matrix([[sympy.Rational(1 if h[x] == y else 0, k_) for x in range(d_)]
                         for h in family_functions for y in range(size)])


@cache
def hashed_frequency_gram():
    """Derived: with c_bar = 1/m, A^T A = ((m - 1) I + J)/(m k), whose determinant
    ((m-1)/(mk))^(d-1) (m - 1 + d)/(mk) is non-zero: A has rank d."""
    return sympy.Eq(sympy.Symbol(r"\det(A^{T} A)"),
                    ((m - 1) / (m * k)) ** (d - 1) * (m - 1 + d) / (m * k), evaluate=False)


def rank_upper_bound(k_, size):
    """Each block j of A has rows summing to (1/k) 1^T, so the km rows satisfy k - 1 independent linear
    relations: rank A <= k (m - 1) + 1."""
    return k_ * (size - 1) + 1


@cache
def km_form():
    """Derived: an unbiased CMS has rank A = d <= k (m - 1) + 1 < k m; k = d^2 is the size of Eq. (18)'s
    family when d = 2^l, not a requirement (a Hadamard family has k = s < 2 d)."""
    return sympy.And(sympy.Ge(k * (m - 1) + 1, d), sympy.Gt(k * m, d))


def _rappor_law_holds(P, functions, size, p1, p0, **_):
    return matrices_equal(P, rappor_law(functions, size, p1, p0))


@cache
def rappor_form():
    """Derived (:func:`rappor_law`): Pr[(j, bits) | x] = (1/k) prod_i (p1 or p0 as bit i is set by h_j(x))."""
    return Predicate(r"\Pr[(j, b) \mid x] = \frac{1}{k} \prod_{i} p_{[i = h_j(x)]}^{b_i} (1 - p_{[i = h_j(x)]})^{1 - "
                     r"b_i}",
                     _rappor_law_holds)


def rappor_law(family_functions, size, p1, p0):
    """Derived law of RAPPOR's report (j, bits): (1/k) prod_i (p1 or p0 for bit i set/clear by h_j(x))."""
    import itertools

    k_ = len(family_functions)
    d_ = len(family_functions[0])
    rows = []
    for h in family_functions:
        for bits in itertools.product((0, 1), repeat=size):
            row = []
            for x in range(d_):
                prob = sympy.Rational(1, k_)
                for i, bit in enumerate(bits):
                    on = p1 if i == h[x] else p0
                    prob *= on if bit else 1 - on
                row.append(prob)
            rows.append(row)
    return sympy.Matrix(rows)


@cache
def small_km_form():
    """Derived: rank A <= k(m - 1) + 1 < d when km < d, so A has a kernel vector v (with 1^T v = 0) and
    f, f + t v are two frequency vectors with the same A f."""
    return sympy.Le(sympy.Symbol(r"\mathrm{rank}\,A"), k * (m - 1) + 1)


# ---- Appendix G ---------------------------------------------------------------------------------


@cache
def appg_estimator_form():
    """Derived: E[H_hat[X+1, j] H[j, x+1]] = E_j[H[X+1, j] H[x+1, j]] = [X = x] (orthogonal rows,
    symmetric H), so the sum estimates the count n f(x); the frequency needs the factor 1/n."""
    return sympy.Eq(sympy.Symbol(r"\hat{f}_{H}(x)"), sympy.Sum(Hhat[i_idx] * Hval[i_idx], (i_idx, 1, n)) / n,
                    evaluate=False)


@cache
def he_decoded_value(exp_eps, agree):
    """H_hat H[j, x+1] for a report that equals (agree=1) or differs from (agree=0) the sign H[x+1, j]:
    H_hat = z (e + 1)/(e - 1) inverts E[z | v] = v (e - 1)/(e + 1)."""
    p, q = binary_rr_probabilities(exp_eps)
    return sympy.cancel((2 * agree - 1) / (p - q))


def eq2_m2_decoded_value(exp_eps, agree):
    """Eq. (2) at m = 2 per client: 2 y_hat[h(x)] - 1 with y_hat the binary RR reconstruction."""
    return sympy.cancel(eq2_decoder_entry(agree, 2, exp_eps))


@cache
def appg_eq2_form():
    """Derived: both sides equal (e + 1)/(e - 1) (2 [z = h_j(x)] - 1)."""
    return sympy.Eq(sympy.Symbol(r"\hat{H}[X+1, j] H[j, x+1]"), sympy.factor(he_decoded_value(e, ind)), evaluate=False)
