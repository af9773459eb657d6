"""pan-strict derivations: Section 3 (strict optimality), Appendix B and Proposition 1.

Our copy lost every formula; each result below is derived from the paper's definitions with sympy.

Model of an *optimal symmetric configuration* (OSC, Definition 3.1): an extremal perturbation
(``P[u, x] = p_u (1 + (e^eps - 1) S[u, x])``, Definition 2.3 / Eq. (3)) whose support matrix ``S`` has
a constant row sum ``k`` (support size), which is symmetric (``S^T P = (p* - q*) I + q* J``, Eq. (4)),
decoded by Eq. (5) ``f_hat_v = (#{i: v in supp(y_i)}/n - q*)/(p* - q*)``.

Stable API used by other parts (plain sympy-returning functions; exact for numbers, symbolic for
symbols):

* :func:`osc_self_support_probability` ``p*(d, k, e^eps)`` and :func:`osc_cross_support_probability`
  ``q*(d, k, e^eps)`` -- Lemma 3.1 (Appendix B.3, via Lemma B.1 = Eqs. (18)-(19));
* :func:`osc_variance` -- Lemma 3.2 / Eq. (11); :func:`osc_l2`, :func:`osc_l1` -- the worst-case losses
  as functions of the support size ``k`` (Eq. (21));
* :func:`optimal_k` -- ``k* = d/(e^eps + 1)`` (Theorem 3.4, Appendix B.4), or the best integer;
* :func:`min_l2`, :func:`min_l1` -- Proposition 1 / Eqs. (12)-(15) (both regimes);
* :func:`rounding_deviation` -- Corollary 3.2 / Eq. (22).
"""

from __future__ import annotations

from functools import cache

import sympy

from ldpref.decide.for_all import signs_above
from ldpref.exact import EXP_EPS, exact_order
from ldpref.ledger.forms import rational_value

# ---------------------------------------------------------------------------------------------
# Symbols
e = EXP_EPS  # e^eps
d = sympy.Symbol("d", positive=True)  # dictionary size (positive; integrality is not needed by the algebra)
k = sympy.Symbol("k", positive=True)  # support size (real in the calculus of Theorem 3.4)
n = sympy.Symbol("n", positive=True)  # number of clients
f_v = sympy.Symbol("f_v", nonnegative=True)  # true frequency of the estimated value
t = sympy.Symbol("t", real=True)  # deviation k - k* (Corollary 3.2)
p_star_sym = sympy.Symbol("p^{*}", positive=True)
q_star_sym = sympy.Symbol("q^{*}", nonnegative=True)
base_sum_sym = sympy.Symbol(r"\sum_{u} p_u", positive=True)  # sum of the base probabilities
l2_sym = sympy.Symbol(r"\ell_2", positive=True)
l1_sym = sympy.Symbol(r"\ell_1", positive=True)
var_sym = sympy.Symbol(r"\mathrm{Var}[\hat{f}_v]", positive=True)


def _exact(value, what):
    value = sympy.sympify(value)
    if value.has(sympy.Float):
        raise TypeError(f"{what}: {value!r} contains a float; pass ints, Rationals or symbols")
    return value


def _args(dv, kv, ev):
    return _exact(dv, "d"), _exact(kv, "k"), _exact(ev, "exp_eps")


def _evaluate(expr, values: dict):
    """Substitute exact values; a number stays an exact Rational, a symbolic result is factored.  When every
    value is rational the number is computed by exact rational arithmetic on the expression tree
    (``ldpref.ledger.forms.rational_value``, python-flint ``fmpq``; the same Rational as the substitution), else
    (a symbolic value, a free symbol left, a zero denominator) by substitution."""
    values = {key: _exact(v, str(key)) for key, v in values.items()}
    if all(v.is_Rational for v in values.values()):
        fast = rational_value(expr, values)
        if fast is not None:
            return fast
    out = expr.xreplace(values)
    return sympy.factor(out) if out.free_symbols else out


# ---------------------------------------------------------------------------------------------
# Lemma B.1 (Eqs. (18)-(19)): base probabilities of an extremal configuration with constant support
@cache
def lemma_b1_solution():
    """Solve Eq. (18) (double count of ``sum_{u,x} p_u S[u,x]`` by rows: ``k sum_u p_u``, and by
    columns: ``d c`` with ``c = sum_u p_u S[u,x]`` constant by Lemma 2.1) together with Eq. (19)
    (column sum of P: ``sum_u p_u + (e^eps - 1) c = 1``).  Returns ``{sum_u p_u, c}``."""
    s, c = sympy.symbols("s c", positive=True)
    eq18 = sympy.Eq(k * s, d * c)
    eq19 = sympy.Eq(s + (e - 1) * c, 1)
    (sol_s, sol_c), = sympy.linsolve([eq18, eq19], [s, c])  # linear in (s, c): one solution
    return {"base_sum": sympy.factor(sol_s), "support_mass": sympy.factor(sol_c)}


@cache
def eq18_form():
    return sympy.Eq(k * base_sum_sym, d * sympy.Symbol(r"\sum_{u} p_u S_{u x}"), evaluate=False)


@cache
def eq19_form():
    c = sympy.Symbol(r"\sum_{u} p_u S_{u x}")
    return sympy.Eq(base_sum_sym + (e - 1) * c, 1, evaluate=False)


@cache
def lemma_b1_form():
    sol = lemma_b1_solution()
    return (sympy.Eq(base_sum_sym, sol["base_sum"], evaluate=False),
            sympy.Eq(sympy.Symbol(r"\sum_{u} p_u S_{u x}"), sol["support_mass"], evaluate=False))


# ---------------------------------------------------------------------------------------------
# Lemma 3.1 (Appendix B.3): p* and q*
@cache
def _pq_symbolic():
    sol = lemma_b1_solution()
    s, c = sol["base_sum"], sol["support_mass"]
    p_star = sympy.factor(e * c)  # Eq. (16): p* = sum_u e^eps p_u S[u,x]
    # Appendix B.3: draw a row u of S with probability p_u / sum p; s_x its x-th entry.
    # E[s_x] = c/s = k/d; Var[s_x] = (k/d)(1 - k/d); sum_x s_x = k is constant, so
    # 0 = Var[sum_x s_x] = d Var + d(d-1) Cov  =>  Cov = -Var/(d-1);  E[s_x s_y] = Cov + (k/d)^2.
    cov = sympy.Symbol("Cov")
    mean = sympy.cancel(c / s)
    var = mean * (1 - mean)
    (cov_sol,), = sympy.linsolve([sympy.Eq(d * var + d * (d - 1) * cov, 0)], [cov])
    pair = sympy.factor(cov_sol + mean**2)  # E[s_x s_y], x != y
    # Eq. (17): q* = sum_u P[u,x] S[u,y] = sum_u p_u S[u,y] + (e^eps - 1) sum_u p_u S[u,x] S[u,y]
    q_star = sympy.factor(c + (e - 1) * s * pair)
    return p_star, q_star, pair


def osc_self_support_probability(d_val, k_val, exp_eps):
    """``p* = k e^eps / (k e^eps + d - k)`` (Lemma 3.1)."""
    dv, kv, ev = _args(d_val, k_val, exp_eps)
    return _evaluate(_pq_symbolic()[0], {d: dv, k: kv, e: ev})


def osc_cross_support_probability(d_val, k_val, exp_eps):
    """``q* = k (k e^eps - e^eps + d - k) / ((d - 1)(k e^eps + d - k))`` (Lemma 3.1)."""
    dv, kv, ev = _args(d_val, k_val, exp_eps)
    return _evaluate(_pq_symbolic()[1], {d: dv, k: kv, e: ev})


@cache
def lemma3_1_form():
    p_star, q_star, _ = _pq_symbolic()
    return (sympy.Eq(p_star_sym, p_star, evaluate=False), sympy.Eq(q_star_sym, q_star, evaluate=False))


@cache
def eq16_form():
    """Eq. (16): ``p* = e^eps sum_u p_u S[u, x]``."""
    return sympy.Eq(p_star_sym, e * sympy.Symbol(r"\sum_{u} p_u S_{u x}"), evaluate=False)


@cache
def eq17_form():
    """Eq. (17): ``q* = sum_u p_u S[u, y] + (e^eps - 1) sum_u p_u S[u, x] S[u, y]`` (x != y)."""
    return sympy.Eq(q_star_sym, sympy.Symbol(r"\sum_{u} p_u S_{u y}")
                    + (e - 1) * sympy.Symbol(r"\sum_{u} p_u S_{u x} S_{u y}"), evaluate=False)


@cache
def pair_support_mass():
    """``sum_u p_u S[u,x] S[u,y] / sum_u p_u = k(k-1)/(d(d-1))`` for x != y (Appendix B.3)."""
    return _pq_symbolic()[2]


@cache
def pair_support_form():
    """Appendix B.3: ``E[s_x s_y] = k(k-1)/(d(d-1))`` for a row s of S drawn with probability ``p_u/sum p``
    (:func:`pair_support_mass`)."""
    return sympy.Eq(sympy.Symbol(r"\mathbb{E}[s_x s_y]"), pair_support_mass(), evaluate=False)


# ---------------------------------------------------------------------------------------------
# Theorem 2.5 (Eqs. (7)-(8)) specialised to an OSC: Lemma 3.2 / Eq. (11)
def symmetric_variance(p, q, fv, nv):
    """Eq. (8): ``Var[f_hat_v] = (f_v p(1-p) + (1-f_v) q(1-q)) / (n (p-q)^2)`` -- the count of
    responses supporting v is Bin(n f_v, p) + Bin(n (1 - f_v), q)."""
    return (fv * p * (1 - p) + (1 - fv) * q * (1 - q)) / (nv * (p - q) ** 2)


@cache
def _variance_symbolic():
    p_star, q_star, _ = _pq_symbolic()
    return sympy.factor(symmetric_variance(p_star, q_star, f_v, n))


def osc_variance(d_val, k_val, exp_eps, n_val, fv):
    """Lemma 3.2 / Eq. (11): the variance of an OSC estimate as a function of (d, k, e^eps, n, f_v)."""
    dv, kv, ev = _args(d_val, k_val, exp_eps)
    return _evaluate(_variance_symbolic(), {d: dv, k: kv, e: ev, n: n_val, f_v: fv})


@cache
def eq11_form():
    return sympy.Eq(var_sym, _variance_symbolic(), evaluate=False)


@cache
def _l2_symbolic():
    """``sum_v Var[f_hat_v]`` with ``sum_v f_v = 1``: independent of the dataset, so it is the worst
    case (Eq. (21))."""
    p_star, q_star, _ = _pq_symbolic()
    total = (p_star * (1 - p_star) + (d - 1) * q_star * (1 - q_star)) / (n * (p_star - q_star) ** 2)
    return sympy.factor(total)


def osc_l2(d_val, k_val, exp_eps, n_val):
    """Worst-case l2 loss of an OSC with support size k (Eq. (21)), ``(p*(1-p*) + (d-1) q*(1-q*))/(n (p*-q*)^2)``
    = ``(d-1)((d + (e^eps-1) k)^2 - d - (e^2eps - 1) k)/(n k (d-k) (e^eps-1)^2)`` (:func:`eq21_form`).
    Any real k in (0, d) is accepted."""
    dv, kv, ev = _args(d_val, k_val, exp_eps)
    return _evaluate(_l2_symbolic(), {d: dv, k: kv, e: ev, n: n_val})


def osc_l1(d_val, k_val, exp_eps, n_val):
    """Worst-case l1 loss (normal approximation, Eq. (2)) of an OSC with support size k."""
    dv, kv, ev = _args(d_val, k_val, exp_eps)
    l2v = osc_l2(dv, kv, ev, n_val)
    return sympy.sqrt(2 * dv * l2v / sympy.pi)


@cache
def eq21_readable():
    """``(d-1)((d + (e^eps-1) k)^2 - d - (e^2eps - 1) k)/(n k (d-k)(e^eps-1)^2)`` -- equal to :func:`_l2_symbolic`
    (checked as an identity by the claim)."""
    return (d - 1) * ((d + (e - 1) * k) ** 2 - d - (e**2 - 1) * k) / (n * k * (d - k) * (e - 1) ** 2)


@cache
def eq21_form():
    return sympy.Eq(l2_sym, eq21_readable(), evaluate=False)


# ---------------------------------------------------------------------------------------------
# Theorem 3.4 / Appendix B.4: optimal support size
@cache
def l2_derivative():
    """``d l2/dk`` factored: ``(d-1)^2 ((e^eps+1) k - d)(d + (e^eps-1) k) / (n (e^eps-1)^2 k^2 (d-k)^2)``."""
    return sympy.factor(sympy.diff(_l2_symbolic(), k))


@cache
def optimal_k_symbolic():
    """The stationary points of l2 in k > 0, e^eps > 1: the unique root that is positive for every d > 0 and
    e^eps > 1, ``d/(e^eps+1)`` (proved by :func:`ldpref.decide.for_all.signs_above`; the other root, -d/(e^eps-1), is
    proved negative)."""
    numer = sympy.numer(sympy.together(l2_derivative()))
    roots = [r for r in sympy.roots(sympy.Poly(numer, k)) if signs_above(r, {e: 1, d: 0}) == {1}]
    if len(roots) != 1:
        raise ArithmeticError(f"expected one positive stationary point of l2(k), got {roots}")
    return sympy.factor(roots[0])


def optimal_k(d_val, exp_eps, integer: bool = False):
    """``k* = d/(e^eps + 1)`` (Theorem 3.4); with ``integer=True`` the best support size in 1..d-1
    (the better of floor(k*) and ceil(k*), or 1 when k* < 1 -- Corollaries 3.2-3.3; ties go to the
    smaller k).  ``integer=True`` needs numeric d and e^eps."""
    dv, ev = _exact(d_val, "d"), _exact(exp_eps, "exp_eps")
    real = _evaluate(optimal_k_symbolic(), {d: dv, e: ev})
    if not integer:
        return real
    if real.free_symbols:
        raise TypeError("optimal_k(..., integer=True) needs numeric d and exp_eps")
    dv = int(dv)
    candidates = sorted({min(max(int(sympy.floor(real)), 1), dv - 1), min(max(int(sympy.ceiling(real)), 1), dv - 1)})
    return min(candidates, key=lambda kk: (osc_l2(dv, kk, ev, 1), kk))


@cache
def _min_l2_regular():
    return sympy.factor(_l2_symbolic().subs(k, optimal_k_symbolic()))


@cache
def _min_l2_small_d():
    return sympy.factor(_l2_symbolic().subs(k, 1))


def min_l2(d_val, exp_eps, n_val):
    """Proposition 1 (l2): ``(d-1)(4 d e^eps - (e^eps+1)^2)/(n d (e^eps-1)^2)`` when d >= e^eps + 1
    (Eq. (12)), else the k = 1 value ``(d-1)(d + 2e^eps - 2)/(n (e^eps-1)^2)`` (Eq. (14))."""
    dv, ev, nv = _exact(d_val, "d"), _exact(exp_eps, "exp_eps"), _exact(n_val, "n")
    subs = {d: dv, e: ev, n: nv}
    regular = _evaluate(_min_l2_regular(), subs)
    small = _evaluate(_min_l2_small_d(), subs)
    sign = exact_order(dv, ev + 1) if dv.is_number and ev.is_number else None  # the exact decider, not sympy's Ge
    if sign is not None:
        return regular if sign >= 0 else small
    return sympy.Piecewise((regular, sympy.Ge(dv, ev + 1)), (small, True))


def min_l1(d_val, exp_eps, n_val):
    """Proposition 1 (l1): ``sqrt(2 d min_l2 / pi)`` (Eqs. (13), (15))."""
    dv = _exact(d_val, "d")
    m2 = min_l2(dv, exp_eps, n_val)
    if isinstance(m2, sympy.Piecewise):
        return sympy.Piecewise(*[(sympy.sqrt(2 * dv * expr / sympy.pi), c) for expr, c in m2.args])
    return sympy.sqrt(2 * dv * m2 / sympy.pi)


@cache
def min_l2_readable():
    """``(d-1)(4 d e^eps - (e^eps+1)^2)/(n d (e^eps-1)^2)`` (identical to Eq. (21) at k*, checked by the claims)."""
    return (d - 1) * (4 * d * e - (e + 1) ** 2) / (n * d * (e - 1) ** 2)


@cache
def eq12_form():
    return sympy.Eq(sympy.Symbol(r"\min \ell_2"), min_l2_readable(), evaluate=False)


@cache
def eq13_form():
    return sympy.Eq(sympy.Symbol(r"\min \ell_1"), sympy.sqrt(2 * d * min_l2_readable() / sympy.pi), evaluate=False)


@cache
def thm3_4_forms():
    """Theorem 3.4 as the triple it states: ``k* = d/(e^eps + 1)`` (:func:`optimal_k_symbolic`), min l2 (Eq. (12))
    and min l1 (Eq. (13)) there."""
    return sympy.Eq(sympy.Symbol("k^{*}"), optimal_k_symbolic(), evaluate=False), eq12_form(), eq13_form()


@cache
def cor3_1_forms():
    """Corollary 3.1: an OSC with support size k* attains min l2 (Eq. (12)) and min l1 (Eq. (13))."""
    return eq12_form(), eq13_form()


@cache
def eq14_form():
    return sympy.Eq(sympy.Symbol(r"\min \ell_2"), _min_l2_small_d(), evaluate=False)


@cache
def eq15_form():
    return sympy.Eq(sympy.Symbol(r"\min \ell_1"), sympy.sqrt(2 * d * _min_l2_small_d() / sympy.pi), evaluate=False)


@cache
def cor3_3_forms():
    """Corollary 3.3 (d < e^eps + 1, k = 1): min l2 (Eq. (14)) and min l1 (Eq. (15))."""
    return eq14_form(), eq15_form()


@cache
def prop1_form():
    cond = sympy.Ge(d, e + 1)
    return (sympy.Eq(sympy.Symbol(r"\min \ell_2"),
                     sympy.Piecewise((min_l2_readable(), cond), (_min_l2_small_d(), True)), evaluate=False),
            sympy.Eq(sympy.Symbol(r"\min \ell_1"),
                     sympy.Piecewise((sympy.sqrt(2 * d * min_l2_readable() / sympy.pi), cond),
                                     (sympy.sqrt(2 * d * _min_l2_small_d() / sympy.pi), True)), evaluate=False))


# ---------------------------------------------------------------------------------------------
# Corollary 3.2 / Appendix B.5: rounding penalty
@cache
def _deviation_symbolic():
    ks = optimal_k_symbolic()
    return sympy.factor(sympy.cancel(_l2_symbolic().subs(k, ks + t) / _min_l2_regular() - 1))


def rounding_deviation(d_val, exp_eps, t_val):
    """Eq. (22): ``l2(k* + t)/l2(k*) - 1 = t^2 (e^eps+1)^4 (d-1) /
    ((e^eps d - (e^eps+1) t)(d + (e^eps+1) t)(4 d e^eps - (e^eps+1)^2))``."""
    return _evaluate(_deviation_symbolic(), {d: d_val, e: exp_eps, t: t_val})


def rounding_bound(d_val, exp_eps):
    """Corollary 3.2: the better of floor(k*), ceil(k*) is within |t| <= 1/2 of k* or better, and the
    deviation is largest at t = -1/2 on [-1/2, 1/2]: ``l2(k)/l2(k*) - 1 <= Delta(-1/2)``."""
    return rounding_deviation(d_val, exp_eps, sympy.Rational(-1, 2))


@cache
def eq22_form():
    return sympy.Eq(sympy.Symbol(r"\Delta(t)"), _deviation_symbolic(), evaluate=False)


@cache
def cor3_2_form():
    return sympy.Le(sympy.Symbol(r"\ell_2(k)/\ell_2(k^{*}) - 1"), _deviation_symbolic().subs(t, sympy.Rational(-1, 2)))


# ---------------------------------------------------------------------------------------------
# Appendix B.1 (Theorem 3.2): trace identities for extremal P
def g_weight(kv, dv, ev):
    """``sum_x P[u,x]^2 / (P 1)_u = p_u g(k_u)`` with
    ``g(k) = (d + (e^2eps - 1) k)/(d + (e^eps - 1) k) = (e^eps + 1) - e^eps d/(d + (e^eps - 1) k)``."""
    return (dv + (ev**2 - 1) * kv) / (dv + (ev - 1) * kv)


@cache
def g_form():
    return sympy.Eq(sympy.Function("g")(k), g_weight(k, d, e), evaluate=False)


@cache
def g_second_derivative():
    return sympy.factor(sympy.diff(g_weight(k, d, e), k, 2))


@cache
def g_concavity_form():
    """Appendix B.1: ``g''(k) = -2 d e^eps (e^eps - 1)^2/(d + (e^eps - 1) k)^3`` (:func:`g_second_derivative`)."""
    return sympy.Eq(sympy.Symbol("g''(k)"), g_second_derivative(), evaluate=False)


def trace_lower_bound(trace_M, dv):
    """``Tr(M^-1) >= 1 + (d-1)^2/(Tr M - 1)`` for ``M = P^T D^-1 P`` (eigenvalue 1 on the all-ones
    vector; Cauchy-Schwarz on the other d-1 eigenvalues)."""
    return 1 + (dv - 1) ** 2 / (trace_M - 1)


def osc_trace_min(dv, kv, ev):
    """``Tr(M^-1)`` attained at constant support size k with a symmetric S: the bound with
    ``Tr M = (sum p) g(k)`` (used by Theorem 3.2)."""
    s = lemma_b1_solution()["base_sum"].subs({d: dv, k: kv, e: ev}, simultaneous=True)
    return trace_lower_bound(s * g_weight(kv, dv, ev), dv)


# ---------------------------------------------------------------------------------------------
# Theorem 3.3 / Appendix B.2: Q* of a symmetric constant-support extremal P is Eq. (5)
def eq5_decoder(S: sympy.Matrix, p, q) -> sympy.Matrix:
    """Eq. (6): ``Q = (S^T - q* J)/(p* - q*)`` (|U| x d support matrix S)."""
    return (S.T - q * sympy.ones(S.shape[1], S.shape[0])) / (p - q)


def sherman_morrison_inverse(alpha, beta, dv):
    """``(alpha I + beta J)^-1 = (I - beta/(alpha + d beta) J)/alpha`` (Appendix B.2), as (a, b) with
    inverse ``a I + b J``."""
    return 1 / alpha, -beta / (alpha * (alpha + dv * beta))


# ---------------------------------------------------------------------------------------------
# Exact OSC constructions (used by the checks; Subset Selection is ldpref.mechanisms.subset_selection)
def cyclic_design(d_val: int, T, exp_eps):
    """The extremal mechanism whose outputs are the d cyclic shifts ``T + i (mod d)`` of a k-subset T,
    all with the same base probability ``1/(d + (e^eps - 1) k)`` (Lemma B.1: sum p = d/(d + (e^eps-1) k)).
    Returns ``(P, S)``.

    When T is a perfect difference set (e.g. {0, 1, 3} mod 7, the Fano plane) every pair of values
    lies in the same number of shifts and the configuration is symmetric: an OSC with support size
    |T|.  Otherwise it has constant support size but is not symmetric."""
    ev = _exact(exp_eps, "exp_eps")
    T = sorted(set(int(x) % d_val for x in T))
    kk = len(T)
    b = 1 / (d_val + (ev - 1) * kk)
    rows = [[1 if (x - i) % d_val in T else 0 for x in range(d_val)] for i in range(d_val)]
    S = sympy.Matrix(rows)
    P = S.applyfunc(lambda s: b * (ev if s else 1))
    return P, S


# ---------------------------------------------------------------------------------------------
# Forms of the Section 3 / Appendix B statements, as objects a check evaluates at an instance
U = sympy.Symbol("|U|", positive=True, integer=True)
S_M = sympy.MatrixSymbol("S", U, d)
alpha_sym, beta_sym = sympy.symbols("alpha beta", positive=True)
a_sym, b_sym = sympy.Symbol("a"), sympy.Symbol("b")


@cache
def eq5_decoder_form():
    """Appendix B.2: ``Q* = (S^T - q* J)/(p* - q*)`` (Sherman-Morrison on ``P^T D^-1 P = a I + b J``)."""
    return sympy.Eq(sympy.MatrixSymbol("Q^{*}", d, U),
                    (sympy.Transpose(S_M) - q_star_sym * sympy.OneMatrix(d, U)) / (p_star_sym - q_star_sym),
                    evaluate=False)


@cache
def sherman_morrison_form():
    """``(alpha I + beta J)^-1 = a I + b J`` with ``(a, b)`` of :func:`sherman_morrison_inverse`."""
    av, bv = sherman_morrison_inverse(alpha_sym, beta_sym, d)
    return (sympy.Eq(a_sym, av, evaluate=False), sympy.Eq(b_sym, bv, evaluate=False))


@cache
def ones_eigenvector_form():
    """Appendix B.1: every entry of ``P^T D^-1 P 1`` is 1 (``P^T D^-1 P 1 = P^T D^-1 (P 1) = P^T 1 = 1``)."""
    return sympy.Eq(sympy.Symbol(r"(P^T D^{-1} P \mathbf{1})_x"), sympy.Integer(1), evaluate=False)


trace_M_sym = sympy.Symbol(r"\mathrm{Tr} M", positive=True)
trace_Minv_sym = sympy.Symbol(r"\mathrm{Tr}(M^{-1})", positive=True)


@cache
def trace_bound_form():
    return sympy.Ge(trace_Minv_sym, trace_lower_bound(trace_M_sym, d))


@cache
def symmetric_m_form():
    """Appendix B.1: for an OSC ``P^T D^-1 P = a I + b J`` (a, b read off its diagonal and off-diagonal)."""
    return sympy.Eq(sympy.MatrixSymbol(r"P^T D^{-1} P", d, d),
                    a_sym * sympy.Identity(d) + b_sym * sympy.OneMatrix(d, d), evaluate=False)


chain_syms = sympy.symbols(r"\ell_2(\Phi) \ell_2(\Phi_{urp}) \ell_2(\Phi_{urp}(Q^*)) \ell_2(\mathrm{OSC}_{\bar{k}}) "
                           r"\ell_2(\mathrm{OSC}_{k^*})", positive=True)


@cache
def chain_form():
    """Section 3's chain: each link is an inequality between exact losses."""
    return sympy.And(*[sympy.Ge(a, b) for a, b in zip(chain_syms, chain_syms[1:])])


# ---------------------------------------------------------------------------------------------
# Theorems 3.2-3.3, Claim 2.1 / Theorem 2.9 as ldpref derives them: what each asserts at one instance.
# An instance's parameters carry the structural facts read off its mechanism (extremal, constant support
# size, symmetric), so the forms are evaluated per instance; their truth there is decided by the exact engine.
def _thm3_2_derived(assertion, extremal, constant_support, symmetric, **_):
    """Appendix B.1: Tr(M^-1) >= 1 + (d-1)^2/(Tr M - 1) >= the OSC value at k_bar; the first step is an
    equality iff the d - 1 non-trivial eigenvalues of M = P^T D^-1 P are equal (S^T P = (p*-q*) I + q* J),
    the second iff the support size is constant (Jensen on the concave g)."""
    if assertion == "bound":
        return extremal
    if assertion == "attains":
        return constant_support and symmetric
    raise ValueError(f"no assertion {assertion!r}")


@cache
def thm3_2_derived():
    from .symbols_framework import Predicate

    return Predicate(r"\ell_2(\Phi_{\mathrm{urp}}(P, Q^*)) \ge \ell_2(\mathrm{OSC}_{\bar k}),\ \text{equality iff } "
                     r"k_u \equiv \bar k \wedge S^T P = (p^*-q^*) I + q^* J", _thm3_2_derived)


def _thm3_3_derived(extremal, constant_support, symmetric, **_):
    """Appendix B.2: Sherman-Morrison on P^T D^-1 P = a I + b J gives Q* = (S^T - q* J)/(p* - q*); that form
    of P^T D^-1 P needs constant support size and a symmetric configuration."""
    return extremal and constant_support and symmetric


@cache
def thm3_3_derived():
    from .symbols_framework import Predicate

    return Predicate(r"P \text{ extremal, symmetric, constant support} \Rightarrow Q^*(P) = (S^T - q^* J)/(p^* - q^*)",
                     _thm3_3_derived)


def _claim2_1_derived(**_):
    """One witness for every competitor and both losses: Subset Selection at the l2-optimal integer support size
    k* (Section 3), symmetric; its l1 is a monotone function of its l2 (Corollary 2.2: both are sums over the
    values of one per-value variance, maximal at the uniform dataset), so the same k* minimises both."""
    return True


@cache
def claim2_1_derived():
    from .symbols_framework import Predicate

    return Predicate(r"\exists\,\Phi_{\mathrm{sym}} = \mathrm{SS}_{k^*}\ \forall \Phi:\ "
                     r"\mathcal{L}_1(\Phi_{\mathrm{sym}}) \le \mathcal{L}_1(\Phi) \wedge "
                     r"\mathcal{L}_2(\Phi_{\mathrm{sym}}) \le \mathcal{L}_2(\Phi)", _claim2_1_derived)


def _is_osc(extremal, symmetric, constant_support, eq5_decoder, **_):
    return extremal and symmetric and constant_support and eq5_decoder


@cache
def osc_definition_form():
    """Definition 3.1 as a predicate on the properties read off a mechanism."""
    from .symbols_framework import Predicate

    return Predicate(r"\mathrm{OSC} \iff \mathrm{extremal} \wedge \mathrm{symmetric} \wedge k_u \equiv k \wedge "
                     r"Q = Q_{(5)}", _is_osc)
