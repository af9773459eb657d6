"""Derivations for pan-strict (M. Pan, "Strict Optimality of Frequency Estimation Under LDP").

Our copy of the paper lost every formula, so every result here is derived from the paper's
definitions (Section 2.2: one-hot responses, ``nu`` their frequencies, ``f_hat = Q nu``):

* :func:`expectation_from_model` / :func:`expectation_form` -- Theorem 2.1: ``E[f_hat] = Q P f``.
* :func:`variance_from_model` / :func:`variance_form` -- Theorem 2.2: the variance vector
  ``((Q o Q) P f - (QP o QP) f)/n``, i.e. ``((Q o Q) P f - f)/n`` when ``Q P = I``.
* :func:`urp_l2_loss`, :func:`urp_optimal_decoder_form`, :func:`urp_minimum_l2` -- Theorem 3.1: the
  l2 loss of the uniformly-random-permutation (URP) estimator and its minimiser over unbiased decoders.
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache
from math import factorial

import sympy

from ldpref.exact import to_exact
from ldpref.l1_certificate import certified_order

from .rational_paths import is_zero, rational_urp_decoder, rational_urp_l2

# ---------------------------------------------------------------------------------------------
# Symbols of the printed-style (matrix) forms
n = sympy.Symbol("n", positive=True, integer=True)
d_sym = sympy.Symbol("d", positive=True, integer=True)
U_sym = sympy.Symbol("|U|", positive=True, integer=True)
P_M = sympy.MatrixSymbol("P", U_sym, d_sym)
Q_M = sympy.MatrixSymbol("Q", d_sym, U_sym)
f_M = sympy.MatrixSymbol("f", d_sym, 1)
E_fhat = sympy.MatrixSymbol(r"\mathbb{E}[\hat{f}]", d_sym, 1)
Var_fhat = sympy.MatrixSymbol(r"\mathrm{Var}[\hat{f}]", d_sym, 1)


def generic_mechanism(d: int, U: int):
    """Generic symbolic P (U x d), Q (d x U), f (d) for deriving identities entry by entry."""
    P = sympy.Matrix(U, d, lambda u, x: sympy.Symbol(f"P_{u}{x}"))
    Q = sympy.Matrix(d, U, lambda v, u: sympy.Symbol(f"Q_{v}{u}"))
    f = sympy.Matrix(d, 1, lambda x, _: sympy.Symbol(f"f_{x}"))
    return P, Q, f


# ---------------------------------------------------------------------------------------------
# Theorem 2.1
@cache
def expectation_form():
    """``E[f_hat] = Q P f`` (= f when QP = I)."""
    return sympy.Eq(E_fhat, sympy.MatMul(Q_M, P_M, f_M), evaluate=False)


def expectation_from_model(P: sympy.Matrix, Q: sympy.Matrix, f: sympy.Matrix) -> sympy.Matrix:
    """From the model: a client with value x emits output u w.p. P[u,x], so E[nu_u] = sum_x f_x P[u,x]
    (linearity over clients), and E[f_hat] = Q E[nu]."""
    U, d = P.shape
    e_nu = sympy.Matrix(U, 1, lambda u, _: sum(f[x] * P[u, x] for x in range(d)))
    return Q * e_nu


# ---------------------------------------------------------------------------------------------
# Theorem 2.2
@cache
def variance_form(unbiased: bool = True):
    """The variance vector; with ``QP = I`` it is ``((Q o Q) P f - f)/n``."""
    QQ = sympy.HadamardProduct(Q_M, Q_M)
    if unbiased:
        return sympy.Eq(Var_fhat, (sympy.MatMul(QQ, P_M, f_M) - f_M) / n, evaluate=False)
    QP = sympy.MatMul(Q_M, P_M)
    return sympy.Eq(Var_fhat, (sympy.MatMul(QQ, P_M, f_M) - sympy.MatMul(sympy.HadamardProduct(QP, QP), f_M)) / n,
                    evaluate=False)


def variance_from_model(P: sympy.Matrix, Q: sympy.Matrix, f: sympy.Matrix, n_clients) -> sympy.Matrix:
    """From the model (pan-strict Appendix A.1): the n f_x clients with value x give a multinomial
    count vector with covariance n f_x (diag(P_x) - P_x P_x^T); nu = counts / n, so
    Cov[nu] = (1/n) sum_x f_x (diag(P_x) - P_x P_x^T) and Var[f_hat] = diag(Q Cov[nu] Q^T)."""
    U, d = P.shape
    cov = sympy.zeros(U, U)
    for x in range(d):
        col = P[:, x]
        cov += f[x] * (sympy.diag(*col) - col * col.T)
    cov = cov / n_clients
    return sympy.Matrix(d, 1, lambda v, _: (Q[v, :] * cov * Q[v, :].T)[0, 0])  # the diagonal of Q Cov[nu] Q^T


# ---------------------------------------------------------------------------------------------
# Theorem 3.1 (the URP estimator of Section 2.4 and its optimal decoder)
def urp_l2_loss(P: sympy.Matrix, Q: sympy.Matrix, n_clients):
    """l2 loss of the URP estimator built on (P, Q) with QP = I, for any dataset of n clients.

    Derivation: with a uniformly random permutation pi per client (reported with the response), a
    client with value x adds ``A[pi(v), pi(x)] - [v = x]`` to ``n^2 Var[f_hat_v]`` where
    ``A = (Q o Q) P``.  Averaging over pi and summing over v gives ``(1^T A 1)/d - 1`` per client, so
    ``l2 = (sum_u (P 1)_u ||Q[:, u]||^2 / d - 1) / n``, the same for every dataset.
    """
    U, d = P.shape
    fast = rational_urp_l2(P, Q, n_clients)  # the same Rational in fmpq when every value is rational
    if fast is not None:
        return fast
    rows = P * sympy.ones(d, 1)
    total = sum(rows[u] * sum(Q[v, u] ** 2 for v in range(d)) for u in range(U))
    return (total / d - 1) / n_clients


@cache
def urp_optimal_decoder_form():
    r"""``Q* = (P^T D^{-1} P)^{-1} P^T D^{-1}``, ``D = diag(P 1)``: minimise ``||Q D^{1/2}||_F^2``
    subject to ``Q D^{1/2} (D^{-1/2} P) = I``; the least-norm solution (Moore-Penrose of
    ``\tilde P = D^{-1/2} P``) gives ``Q D^{1/2} = \tilde P^+``."""
    D = sympy.MatrixSymbol("D", U_sym, U_sym)
    Dinv = sympy.Inverse(D)
    Pt = sympy.Transpose(P_M)
    inner = sympy.Inverse(sympy.MatMul(Pt, Dinv, P_M))
    return sympy.Eq(sympy.MatrixSymbol("Q^{*}", d_sym, U_sym), sympy.MatMul(inner, Pt, Dinv),
                    evaluate=False)


@cache
def urp_minimum_form():
    """``min l2 = (Tr((P^T D^-1 P)^-1)/d - 1)/n``."""
    D = sympy.MatrixSymbol("D", U_sym, U_sym)
    M = sympy.MatMul(sympy.Transpose(P_M), sympy.Inverse(D), P_M)
    return sympy.Eq(sympy.Symbol(r"\min_{Q P = I} l_2"), (sympy.Trace(sympy.Inverse(M)) / d_sym - 1) / n)


def urp_optimal_decoder(P: sympy.Matrix) -> sympy.Matrix:
    """``(P^T D^-1 P)^-1 P^T D^-1``, ``D = diag(P 1)`` (a rational P in fmpq: :func:`rational_urp_decoder`)."""
    if all(x.is_Rational for x in P):
        return rational_urp_decoder(P)
    Dinv = sympy.diag(*[1 / s for s in P * sympy.ones(P.shape[1], 1)])
    return (P.T * Dinv * P).inv() * P.T * Dinv


def urp_minimum_l2(P: sympy.Matrix, n_clients):
    U, d = P.shape
    Dinv = sympy.diag(*[1 / s for s in P * sympy.ones(d, 1)])
    return (((P.T * Dinv * P).inv()).trace() / d - 1) / n_clients


def urp_mechanism_matrices(P: sympy.Matrix, Q: sympy.Matrix):
    """The URP mechanism as an explicit (P, Q): outputs (pi, y) for every permutation pi of [d];
    ``P_urp[(pi, y), x] = P[y, pi(x)] / d!`` and ``Q_urp[v, (pi, y)] = Q[pi(v), y]``."""
    U, d = P.shape
    perms = list(itertools.permutations(range(d)))
    scaled = [[P[y, x] / factorial(d) for x in range(d)] for y in range(U)]  # each entry divided once
    rows, cols, labels = [], [[] for _ in range(d)], []
    for pi in perms:
        for y in range(U):
            labels.append(f"{''.join(map(str, pi))}:{y}")
            rows.append([scaled[y][pi[x]] for x in range(d)])
            for v in range(d):
                cols[v].append(Q[pi[v], y])
    return rows, cols, labels


# =============================================================================================
# Section 2 beyond Theorems 2.1-2.2 (Definitions 2.1-2.6, Theorems 2.3-2.9, Appendix A)
# =============================================================================================
e_sym = sympy.Symbol("exp_eps", positive=True)  # == ldpref.exact.EXP_EPS (same name and assumptions)
l2_sym = sympy.Symbol(r"\ell_2", positive=True)
l1_sym = sympy.Symbol(r"\ell_1", positive=True)


# ---------------------------------------------------------------------------------------------
# Definition 2.1: e^eps of a perturbation matrix
def ldp_level(P: sympy.Matrix):
    """Smallest e^eps with ``P[u,x] <= e^eps P[u,x']`` for every u, x, x' (rows with a zero beside a
    non-zero entry: infinity)."""
    best = sympy.Integer(1)
    for u in range(P.shape[0]):
        row = list(P.row(u))
        if all(v == 0 for v in row):
            continue
        if any(v == 0 for v in row):
            return sympy.oo
        best = sympy.Max(best, max(row) / min(row))
    return best


@cache
def def2_1_form():
    Pux = sympy.Symbol("P_{u x}", nonnegative=True)
    Pux2 = sympy.Symbol("P_{u x'}", nonnegative=True)
    return sympy.Le(Pux, e_sym * Pux2)


@cache
def def2_2_form():
    nu = sympy.MatrixSymbol(r"\nu", U_sym, 1)
    return sympy.Eq(sympy.MatrixSymbol(r"\hat{f}", d_sym, 1), sympy.MatMul(Q_M, nu), evaluate=False)


# ---------------------------------------------------------------------------------------------
# Eq. (1): worst-case l2 of an unbiased estimator
def worst_l2_vertex(P: sympy.Matrix, Q: sympy.Matrix, n_clients):
    """``l2 = max_f 1^T((Q o Q) P f - f)/n`` (Eq. (1)) is linear in f, so the maximum sits at a vertex
    ``f = e_x`` of the simplex: ``(max_x 1^T (Q o Q) P e_x - 1)/n``."""
    A = Q.multiply_elementwise(Q) * P
    return (max(sum(A[:, x]) for x in range(P.shape[1])) - 1) / n_clients


# ---------------------------------------------------------------------------------------------
# Theorem 2.3 / Eq. (2), Appendix A.2: the normal approximation of the l1 loss
@cache
def normal_mae_identity():
    """Appendix A.2: ``E|N(0, s^2)| = sqrt(2/pi) s`` -- the integral, computed by sympy."""
    s, z = sympy.symbols("sigma z", positive=True)
    integral = 2 * sympy.integrate(z * sympy.exp(-z**2 / (2 * s**2)) / (s * sympy.sqrt(2 * sympy.pi)), (z, 0, sympy.oo))
    target = sympy.sqrt(2 / sympy.pi) * s  # simplified only when not already that very expression (simplify keeps it)
    return (integral if integral == target else sympy.simplify(integral)), target


def binomial_mad(n_trials: int, p) -> sympy.Rational:
    """De Moivre's closed form of ``E|X - n p|`` for ``X ~ Bin(n, p)``:
    ``2 nu C(n, nu) p^nu (1-p)^(n - nu + 1)`` with ``nu = floor(n p) + 1`` (0 when n p is n)."""
    p = sympy.Rational(p)
    nu = int(sympy.floor(n_trials * p)) + 1
    if nu > n_trials:
        return sympy.Integer(0)
    return 2 * nu * sympy.binomial(n_trials, nu) * p**nu * (1 - p) ** (n_trials - nu + 1)


@cache
def half_binomial_log_ratio_series():
    """For ``X ~ Bin(2m, 1/2)``: De Moivre gives ``E|X - m| = m C(2m, m)/4^m``, which by Legendre's
    duplication formula is ``m Gamma(m + 1/2)/(sqrt(pi) Gamma(m + 1))``; the normal approximation is
    ``sqrt(2/pi) sqrt(m/2)``.  Their log-ratio is ``log Gamma(m + 1/2) - log Gamma(m) - log(m)/2``;
    returns its expansion in ``x = 1/m`` at 0 as (constant term, coefficient of x): (0, -1/8), i.e.
    exact/approx = 1 - 1/(8m) + O(1/m^2) -> 1."""
    x = sympy.Symbol("x", positive=True)
    m = 1 / x
    expr = sympy.loggamma(m + sympy.Rational(1, 2)) - sympy.loggamma(m) - sympy.log(m) / 2
    ser = sympy.series(expr, x, 0, 2).removeO()
    return sympy.simplify(sympy.expand_log(ser.subs(x, 0), force=True)), sympy.simplify(ser.coeff(x, 1))


def half_binomial_mad_duplication_check(m_max: int = 12) -> list[tuple]:
    """Exact check of the duplication step for m = 1..m_max: ``C(2m,m)/4^m == Gamma(m+1/2)/(sqrt(pi) m!)``."""
    return [(sympy.binomial(2 * m, m) / 4**m,
             sympy.gamma(m + sympy.Rational(1, 2)) / (sympy.sqrt(sympy.pi) * sympy.factorial(m)))
            for m in range(1, m_max + 1)]


# ---------------------------------------------------------------------------------------------
# Definitions 2.3-2.4, Eq. (3), Lemma 2.1: extremal configurations
def extremal_matrix(base, S: sympy.Matrix, exp_eps) -> sympy.Matrix:
    """Eq. (3): ``P = diag(p) ((e^eps - 1) S + J)``."""
    U, d = S.shape
    return sympy.diag(*base) * ((exp_eps - 1) * S + sympy.ones(U, d))


def extremal_parts(P: sympy.Matrix, exp_eps):
    """``(base, S)`` when every row of P takes only the values ``p_u`` and ``e^eps p_u``
    (Definition 2.3; support set = inputs with ``e^eps p_u``, Definition 2.4); else None.

    A constant row satisfies the definition two ways (base p, empty support; or base p/e^eps, full
    support); it is read here as base p with the empty support set."""
    memo = {}  # rows of a design repeat two values: cancel each distinct expression once

    def cancel(x):
        if x not in memo:
            memo[x] = sympy.cancel(x)
        return memo[x]

    base, rows = [], []
    for u in range(P.shape[0]):
        row = [cancel(v) for v in P.row(u)]
        b = None
        for cand in row:  # the base probability: every entry equals it or e^eps times it
            if cand != 0 and all(cancel(v / cand) in (1, exp_eps) for v in row):
                b = cand
                break
        if b is None:
            return None
        base.append(b)
        rows.append([0 if cancel(v / b) == 1 else 1 for v in row])
    return base, sympy.Matrix(rows)


def normalise_constant_rows(S: sympy.Matrix) -> sympy.Matrix:
    """Full-support rows rewritten as empty-support rows (the same constant output, see
    :func:`extremal_parts`)."""
    d = S.shape[1]
    return sympy.Matrix([[0] * d if sum(S.row(u)) == d else list(S.row(u)) for u in range(S.shape[0])])


def support_sizes(S: sympy.Matrix) -> list[int]:
    return [int(sum(S.row(u))) for u in range(S.shape[0])]


def lemma2_1_support_mass(base, exp_eps):
    """Lemma 2.1: ``sum_u p_u S[u, x] = (1 - sum_u p_u)/(e^eps - 1)`` for every x (column x of P sums
    to one: ``sum_u p_u + (e^eps - 1) sum_u p_u S[u,x] = 1``); the self-support probability is
    ``p* = e^eps (1 - sum_u p_u)/(e^eps - 1)``."""
    return (1 - sum(base)) / (exp_eps - 1)


# ---------------------------------------------------------------------------------------------
# Theorem 2.4: decomposition of any eps-LDP mechanism into an extremal one with the same estimator
def decompose_row(row, exp_eps):
    """Split one output's probability vector r (``max r <= e^eps min r``) into extremal parts:
    with ``m = min r`` and ``t = (r/m - 1)/(e^eps - 1) in [0, 1]^d``, sort the distinct positive levels
    ``0 < tau_1 < ... < tau_j`` of t; then
    ``r = m (1 - tau_j) 1 + sum_i m (tau_i - tau_{i-1}) (1 + (e^eps - 1) 1[t >= tau_i])``,
    every term extremal (base probability, support set).  Returns [(base, support tuple)]."""
    row = [sympy.Rational(v) for v in row]
    m = min(row)
    if m <= 0:
        raise ValueError("a row with a zero entry is not eps-LDP for any finite eps")
    ts = [(v / m - 1) / (exp_eps - 1) for v in row]
    if max(ts) > 1:
        raise ValueError(f"row {row} is not {exp_eps}-LDP")
    levels = sorted({tv for tv in ts if tv > 0})
    parts, prev = [], sympy.Integer(0)
    for tau in levels:
        parts.append((m * (tau - prev), tuple(1 if tv >= tau else 0 for tv in ts)))
        prev = tau
    if prev < 1:
        parts.append((m * (1 - prev), tuple(0 for _ in ts)))
    return parts


def decompose_extremal(P: sympy.Matrix, Q: sympy.Matrix, exp_eps):
    """The extremal mechanism of Theorem 2.4: each output u is replaced by its extremal parts; every
    part decodes like u (column u of Q repeated), so ``f_hat`` has exactly the same distribution.
    Returns ``(P', Q', parent)`` with ``parent[j]`` the original output of new output j."""
    rows, cols, parent = [], [], []
    for u in range(P.shape[0]):
        for b, s in decompose_row(list(P.row(u)), exp_eps):
            rows.append([b * (exp_eps if sv else 1) for sv in s])
            cols.append(list(Q[:, u]))
            parent.append(u)
    return sympy.Matrix(rows), sympy.Matrix(cols).T, parent


# ---------------------------------------------------------------------------------------------
# Definition 2.5, Eqs. (4)-(8): symmetric configurations and the Eq. (5) decoder
def support_probability_matrix(S: sympy.Matrix, P: sympy.Matrix) -> sympy.Matrix:
    """``S^T P``: entry (v, x) is the probability that input x yields a response supporting v."""
    return S.T * P


def symmetric_pq(S: sympy.Matrix, P: sympy.Matrix):
    """``(p*, q*)`` when ``S^T P = (p* - q*) I + q* J`` (Eq. (4)); else None.  ``S^T P`` is formed on exact
    domain matrices (QQ or QQ(e^eps)), where equality of entries is exact equality of rational functions."""
    from sympy.polys.matrices import DomainMatrix

    dP = DomainMatrix.from_Matrix(sympy.Matrix(P)).to_field()
    if dP.domain.is_EX or dP.domain.is_EXRAW:  # not rational functions: entries compared by cancel
        M = support_probability_matrix(S, P).applyfunc(sympy.cancel)
        p, q = M[0, 0], M[0, 1] if M.shape[0] > 1 else None
        if any(sympy.cancel(M[v, x] - (p if v == x else q)) != 0 for v in range(M.shape[0]) for x in range(M.shape[0])):
            return None
        return p, q
    dS = DomainMatrix.from_Matrix(sympy.Matrix(S)).convert_to(dP.domain)
    M = dS.transpose().matmul(dP).to_list()
    d = len(M)
    p, q = M[0][0], M[0][1] if d > 1 else None
    for v in range(d):
        for x in range(d):
            if M[v][x] != (p if v == x else q):
                return None
    K = dP.domain
    return sympy.cancel(K.to_sympy(p)), (sympy.cancel(K.to_sympy(q)) if q is not None else None)


def eq5_decoder(S: sympy.Matrix, p, q) -> sympy.Matrix:
    """Eq. (6) as a d x |U| decoder: ``Q = (S^T - q* J)/(p* - q*)`` (responses sum to one)."""
    return (S.T - q * sympy.ones(S.shape[1], S.shape[0])) / (p - q)


def symmetric_variance(p, q, fv, n_clients):
    """Eq. (8): ``(f_v p(1-p) + (1 - f_v) q(1-q)) / (n (p - q)^2)``: the support count of v is
    ``Bin(n f_v, p*) + Bin(n (1 - f_v), q*)``, two independent binomials."""
    return (fv * p * (1 - p) + (1 - fv) * q * (1 - q)) / (n_clients * (p - q) ** 2)


# ---------------------------------------------------------------------------------------------
# Lemma 2.2, Theorems 2.6-2.8, Lemma 2.3: the uniformly-random-permutation (URP) transform
def permutation_matrix(pi) -> sympy.Matrix:
    """``Pi`` with ``(P Pi)[:, x] = P[:, pi(x)]``: ``Pi[y, x] = [y == pi(x)]``."""
    d = len(pi)
    return sympy.Matrix(d, d, lambda y, x: 1 if y == pi[x] else 0)


def permutation_average(A: sympy.Matrix) -> sympy.Matrix:
    """``(1/d!) sum_pi Pi^T A Pi`` over all d! permutations (exact)."""
    d = A.shape[0]
    total = sympy.zeros(d, d)
    for pi in itertools.permutations(range(d)):
        Pi = permutation_matrix(pi)
        total += Pi.T * A * Pi
    return total / factorial(d)


def lemma2_2_coefficients(A: sympy.Matrix):
    """``(alpha, beta)`` with ``(1/d!) sum_pi Pi^T A Pi = alpha I + beta J``: a uniform permutation maps
    a diagonal index to each index w.p. 1/d and an ordered pair of distinct indices to each such pair
    w.p. 1/(d(d-1)), so ``beta = (1^T A 1 - Tr A)/(d(d-1))`` and ``alpha = Tr A/d - beta``."""
    d = A.shape[0]
    tr, tot = A.trace(), sum(A)
    beta = (tot - tr) / (d * (d - 1))
    return tr / d - beta, beta


def urp_support_matrix(S: sympy.Matrix) -> sympy.Matrix:
    """Support matrix of the URP outputs (pi, y): input v is supported iff pi(v) is in supp(y)."""
    U, d = S.shape
    rows = []
    for pi in itertools.permutations(range(d)):
        for y in range(U):
            rows.append([S[y, pi[v]] for v in range(d)])
    return sympy.Matrix(rows)


def urp_matrices(P: sympy.Matrix, Q: sympy.Matrix):
    """``(P_urp, Q_urp)`` as sympy matrices (see :func:`urp_mechanism_matrices`)."""
    rows, cols, labels = urp_mechanism_matrices(P, Q)
    return sympy.Matrix(rows), sympy.Matrix(cols), labels


def urp_variance(P: sympy.Matrix, Q: sympy.Matrix, f: sympy.Matrix, n_clients) -> sympy.Matrix:
    """Lemma 2.3 / Theorem 2.8: with ``A = (Q o Q) P`` and ``(alpha, beta)`` of Lemma 2.2,
    ``Var_urp = ((alpha - 1) f + beta 1)/n`` (Q P = I)."""
    A = Q.multiply_elementwise(Q) * P
    alpha, beta = lemma2_2_coefficients(A)
    return ((alpha - 1) * f + beta * sympy.ones(f.shape[0], 1)) / n_clients


@cache
def cor2_1_form():
    return sympy.Le(sympy.Symbol(r"\ell(\Phi_{\mathrm{urp}})"), sympy.Symbol(r"\ell(\Phi)"))


@cache
def cor2_2_form():
    return sympy.Eq(l1_sym, sympy.sqrt(2 * d_sym * l2_sym / sympy.pi), evaluate=False)


def urp_l1_normal(P: sympy.Matrix, Q: sympy.Matrix, n_clients):
    """Corollary 2.2: ``l1 = sqrt(2 d l2 / pi)`` for the URP estimator (its normal-approximation l1 is a
    concave symmetric function of f, maximal at the uniform f where every variance is l2/d)."""
    d = P.shape[1]
    return sympy.sqrt(2 * d * urp_l2_loss(P, Q, n_clients) / sympy.pi)


# ---------------------------------------------------------------------------------------------
# Appendix A.1: multinomial covariance and the covariance of a linear transform
def multinomial_count_covariance(P: sympy.Matrix, counts) -> sympy.Matrix:
    """Covariance of the response-count vector: ``sum_x c_x (diag(P_x) - P_x P_x^T)``."""
    U, d = P.shape
    cov = sympy.zeros(U, U)
    for x in range(d):
        col = P[:, x]
        cov += counts[x] * (sympy.diag(*col) - col * col.T)
    return cov


# =============================================================================================
# Forms a check evaluates at an instance (the claims display these objects)
# =============================================================================================
max_vertex_sym = sympy.Symbol(r"\max_{f} \mathbf{1}^T (Q \circ Q) P f", positive=True)
var_v = sympy.IndexedBase(r"\mathrm{Var}[\hat{f}]")
v_idx = sympy.Symbol("v", integer=True)
support_row = sympy.IndexedBase("S_u")
x_idx = sympy.Symbol("x", integer=True)
diag_p_M = sympy.MatrixSymbol(r"\mathrm{diag}(p)", U_sym, U_sym)
S_M = sympy.MatrixSymbol("S", U_sym, d_sym)
J_M = sympy.MatrixSymbol("J", U_sym, d_sym)
nu_M = sympy.MatrixSymbol(r"\nu", U_sym, 1)
D_M = sympy.MatrixSymbol("D", U_sym, U_sym)
p_star, q_star = sympy.symbols("p^{*} q^{*}")
base_sum = sympy.Symbol(r"\sum_{u} p_u", positive=True)
trace_A, total_A = sympy.Symbol(r"\mathrm{Tr} A"), sympy.Symbol(r"\mathbf{1}^T A \mathbf{1}")
alpha_s, beta_s, f_v_s = sympy.symbols(r"\alpha \beta f_v")
support_fraction = sympy.Symbol(r"\frac{1}{n}\sum_i \mathbb{1}[v \in \mathrm{supp}(y_i)]")
P_entry, P_entry2 = sympy.Symbol("P_{u x}", nonnegative=True), sympy.Symbol("P_{u x'}", nonnegative=True)
p_u = sympy.Symbol("p_u")
urp_entry = sympy.Symbol(r"P[y, \pi(x)]")
urp_avg_M = sympy.MatrixSymbol(r"\frac{1}{d!}\sum_{\pi}\Pi_\pi^T (Q \circ Q) P \Pi_\pi", d_sym, d_sym)
cov_nu_M = sympy.MatrixSymbol(r"\mathrm{Cov}[\nu]", U_sym, U_sym)
counts_M = sympy.MatrixSymbol(r"n f", d_sym, 1)


@cache
def variance_forms():
    """Theorem 2.2: the variance vector when ``QP = I`` and for any ``Q``."""
    return variance_form(True), variance_form(False)


@cache
def eq1_vertex_form():
    """Eq. (1): ``l2 = (max_f 1^T (Q o Q) P f - 1)/n``; linear in f, so the max is over the vertices f = e_x."""
    return sympy.Eq(l2_sym, (max_vertex_sym - 1) / n, evaluate=False)


@cache
def eq2_sum_form():
    """Eq. (2) at one dataset: ``sqrt(2/pi) sum_v sqrt(Var[f_hat_v])`` (the l1 loss is its max over datasets)."""
    return sympy.Eq(sympy.Symbol(r"\mathbb{E}\sum_v |\hat{f}_v - f_v|"),
                    sympy.sqrt(2 / sympy.pi) * sympy.Sum(sympy.sqrt(var_v[v_idx]), (v_idx, 1, d_sym)), evaluate=False)


def eq2_at(form, variances):
    """The Eq. (2) form at one variance vector (the Sum over v carried out, once per form and d)."""
    rhs = form.rhs if isinstance(form, sympy.Equality) else form
    # the values hold no var_v: xreplace puts them in at once (subs' result, without its sequential matching)
    values = {var_v[i + 1]: sympy.sympify(v) for i, v in enumerate(variances)}
    return _sum_carried_out(rhs, len(variances)).xreplace(values)


@lru_cache(maxsize=64)
def _sum_carried_out(rhs, d_value: int):
    """``rhs`` at d = ``d_value`` with its Sum over v written out term by term."""
    return rhs.subs(d_sym, d_value).doit()


@cache
def normal_mae_form():
    s = sympy.Symbol("sigma", positive=True)
    return sympy.Eq(sympy.Symbol(r"\mathbb{E}|N(0,\sigma^2)|"), sympy.sqrt(2 / sympy.pi) * s, evaluate=False)


@cache
def def2_3_form():
    return sympy.Contains(P_entry, sympy.FiniteSet(p_u, e_sym * p_u))


@cache
def def2_4_form():
    return sympy.Eq(sympy.Symbol("k_u"), sympy.Sum(support_row[x_idx], (x_idx, 1, d_sym)), evaluate=False)


def def2_4_at(form, row):
    rhs = form.rhs.subs(d_sym, len(row)).doit()
    return rhs.subs({support_row[i + 1]: v for i, v in enumerate(row)})


@cache
def eq3_matrix_form():
    return sympy.Eq(P_M, sympy.MatMul(diag_p_M, (e_sym - 1) * S_M + J_M), evaluate=False)


@cache
def lemma2_1_forms():
    return (sympy.Eq(sympy.Symbol(r"\sum_{u} p_u S_{u x}"), (1 - base_sum) / (e_sym - 1), evaluate=False),
            sympy.Eq(sympy.Symbol("p^{*}"), e_sym * (1 - base_sum) / (e_sym - 1), evaluate=False))


@cache
def eq4_matrix_form():
    return sympy.Eq(sympy.MatMul(sympy.Transpose(S_M), P_M),
                    (p_star - q_star) * sympy.Identity(d_sym) + q_star * sympy.OneMatrix(d_sym, d_sym), evaluate=False)


@cache
def eq6_matrix_form():
    return sympy.Eq(sympy.MatrixSymbol(r"\hat{f}", d_sym, 1),
                    (sympy.MatMul(sympy.Transpose(S_M), nu_M) - q_star * sympy.OneMatrix(d_sym, 1)) / (p_star - q_star),
                    evaluate=False)


@cache
def eq5_value_form():
    return sympy.Eq(sympy.Symbol(r"\hat{f}_v"), (support_fraction - q_star) / (p_star - q_star), evaluate=False)


@cache
def eq7_value_form():
    return sympy.Eq(sympy.Symbol(r"\mathbb{E}[\hat{f}_v]"), f_v_s, evaluate=False)


@cache
def eq8_value_form():
    return sympy.Eq(sympy.Symbol(r"\mathrm{Var}[\hat{f}_v]"), symmetric_variance(p_star, q_star, f_v_s, n),
                    evaluate=False)


@cache
def lemma2_2_forms():
    beta = (total_A - trace_A) / (d_sym * (d_sym - 1))
    return (sympy.Eq(sympy.Symbol(r"\beta"), beta, evaluate=False),
            sympy.Eq(sympy.Symbol(r"\alpha"), trace_A / d_sym - beta, evaluate=False))


@cache
def thm2_6_forms():
    """Theorem 2.6: the URP support probabilities are Lemma 2.2's coefficients of ``A = S^T P``:
    ``p* = alpha + beta = Tr A/d`` and ``q* = beta``."""
    beta, alpha = (f.rhs for f in lemma2_2_forms())
    return (sympy.Eq(p_star, alpha + beta, evaluate=False), sympy.Eq(q_star, beta, evaluate=False))


@cache
def eq9_matrix_form():
    """Eq. (9): ``Q_urp P_urp = (1/d!) sum_pi Pi^T Q P Pi = I``."""
    return sympy.Eq(sympy.MatrixSymbol(r"Q_{\mathrm{urp}} P_{\mathrm{urp}}", d_sym, d_sym), sympy.Identity(d_sym),
                    evaluate=False)


@cache
def def2_6_form():
    return sympy.Eq(sympy.Symbol(r"P_{\mathrm{urp}}[(\pi, y), x]"), urp_entry / sympy.factorial(d_sym), evaluate=False)


@cache
def eq10_matrix_form():
    return sympy.Eq(Var_fhat, (sympy.MatMul(urp_avg_M, f_M) - f_M) / n, evaluate=False)


@cache
def thm2_8_value_form():
    return sympy.Eq(sympy.Symbol(r"\mathrm{Var}[\hat{f}_v]"), ((alpha_s - 1) * f_v_s + beta_s) / n, evaluate=False)


@cache
def appA_1_cov_form():
    """Appendix A.1: the response counts have covariance ``sum_x c_x (diag(P_x) - P_x P_x^T)`` =
    ``diag(P c) - P diag(c) P^T`` with ``c`` the count vector."""
    return sympy.Eq(sympy.MatrixSymbol(r"\mathrm{Cov}[n \nu]", U_sym, U_sym),
                    sympy.DiagMatrix(sympy.MatMul(P_M, counts_M))
                    - sympy.MatMul(P_M, sympy.DiagMatrix(counts_M), sympy.Transpose(P_M)),
                    evaluate=False)


@cache
def appA_1_linear_form():
    return sympy.Eq(sympy.MatrixSymbol(r"\mathrm{Cov}[\hat{f}]", d_sym, d_sym),
                    sympy.MatMul(Q_M, cov_nu_M, sympy.Transpose(Q_M)), evaluate=False)


def _unbiased_decoder_exists(rank, d, **_):
    return rank == d


@cache
def sec2_2_rank_form():
    """Section 2.2: ``Q P = I`` is solvable iff rank P = d; the solutions then form an affine space of dimension
    ``d (|U| - d)`` (each row of Q: |U| unknowns, d independent equations)."""
    from .symbols_framework import Predicate

    return (Predicate(r"\exists Q: QP = I \iff \mathrm{rank}\,P = d", _unbiased_decoder_exists),
            sympy.Eq(sympy.Symbol(r"\dim\{Q: QP = I\}"), d_sym * (U_sym - d_sym), evaluate=False))


def _urp_no_worse(loss, P, Q, n_clients=1, phi_lower=None, phi_upper=None, **_):
    """ldpref's Corollary 2.1: l2 -- the URP l2 (Theorem 2.8) never exceeds the worst vertex of Eq. (1);
    l1 (Eq. (2)) -- decided by the closed form of Corollary 2.2 against the estimator's certified interval
    ``[phi_lower, phi_upper]`` (exact ends, rounded outward: ``ldpref.l1_certificate.certified_l1_normal``): False
    when the closed form exceeds ``phi_upper``, True when it is at most ``phi_lower``, by
    :func:`ldpref.l1_certificate.certified_order` (``exact_order``; a float end is refused); ``ValueError`` when the
    closed form lies inside the interval or cannot be ordered."""
    if loss == "l2":
        return bool(urp_l2_loss(P, Q, n_clients) <= worst_l2_vertex(P, Q, n_clients))
    side = certified_order(urp_l1_normal(P, Q, n_clients), to_exact(phi_lower, what="phi_lower"),
                           to_exact(phi_upper, what="phi_upper"))
    if side is None:
        raise ValueError("the certified interval does not decide the l1 comparison")
    return side < 0


@cache
def cor2_1_predicate():
    from .symbols_framework import Predicate

    return Predicate(r"\mathcal{L}_2(\Phi_{\mathrm{urp}}) \le \mathcal{L}_2(\Phi);\ "
                     r"\mathcal{L}_1 \text{ by Corollary 2.2}",
                     _urp_no_worse)


def _split_is_extremal(P, Q, e, **_):
    """Theorem 2.4 as ldpref builds it: split every output into its extremal parts (:func:`decompose_extremal`);
    the result is extremal at the same e^eps, its parts add back to P, and each part decodes like its output."""
    Pn, Qn, parent = decompose_extremal(P, Q, e)
    extremal = extremal_parts(Pn, e) is not None
    adds_back = all(sympy.cancel(sum(Pn[j, x] for j in range(Pn.shape[0]) if parent[j] == u) - P[u, x]) == 0
                    for u in range(P.shape[0]) for x in range(P.shape[1]))
    decodes_alike = all(Qn[:, j] == Q[:, parent[j]] for j in range(Pn.shape[0]))
    return extremal and adds_back and decodes_alike


@cache
def thm2_4_predicate():
    from .symbols_framework import Predicate

    return Predicate(r"\exists\,(P', Q') \text{ extremal at } e^\epsilon:\ \hat{f}' \overset{d}{=} \hat{f}",
                     _split_is_extremal)


def _unbiased_by_expectation(P, Q, **_):
    """Theorem 2.1 from the model: ``E[f_hat] = Q P f`` (:func:`expectation_form`) equals f for every f."""
    d = P.shape[1]
    f_syms = sympy.Matrix(sympy.symbols(f"f_0:{d}"))
    mean = expectation_form().rhs.xreplace({P_M: sympy.ImmutableMatrix(P), Q_M: sympy.ImmutableMatrix(Q),
                                            f_M: sympy.ImmutableMatrix(f_syms), U_sym: P.shape[0], d_sym: d}).doit()
    return all(is_zero(a - b) for a, b in zip(sympy.Matrix(mean), f_syms))


@cache
def thm2_1_predicate():
    from .symbols_framework import Predicate

    return Predicate(r"\mathbb{E}[\hat{f}] = Q P f = f \text{ for every } f", _unbiased_by_expectation)
