"""Unit tests with exact values worked out by hand (the arithmetic is in the comments).

Notation: e = e^eps, z = the symbol ``ldpref.exact.EXP_EPS``.  For a pure protocol with support
probabilities (p, q) and decoder Q[v][u] = (1{v in supp(u)} - q)/(p - q), one client holding x gives
f_hat_v = (I - q)/(p - q) with I ~ Bernoulli(p) if v = x and Bernoulli(q) otherwise, so its variance is
p(1-p)/(p-q)^2 (v = x) or q(1-q)/(p-q)^2 (v != x), and with counts c (n clients, independent):

    Var[f_hat_v] = (c_v p(1-p) + (n - c_v) q(1-q)) / ((p - q)^2 n^2).
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F
from math import comb

import pytest
import sympy

from ldpref import moments
from ldpref.exact import EXP_EPS, to_exact
from ldpref.mechanism import Mechanism
from ldpref.mechanisms import grr, oue, subset_selection, sue
from ldpref.privacy import exp_eps, exp_eps_symbolic

R = sympy.Rational
z = EXP_EPS


def rows(M: sympy.Matrix):
    return [list(M.row(i)) for i in range(M.rows)]


def column_sums(M: sympy.Matrix):
    return [sum(M.col(x)) for x in range(M.cols)]


# ---- GRR, d = 3, e = 3 -------------------------------------------------------------------------------
def test_grr_d3_e3_matrix_and_privacy():
    # p = e/(e + d - 1) = 3/5, q = 1/(e + d - 1) = 1/5; P = diag p, off-diagonal q.
    proto = grr(3, 3)
    P = proto.mechanism.perturbation_matrix()
    assert rows(P) == [[R(3, 5), R(1, 5), R(1, 5)], [R(1, 5), R(3, 5), R(1, 5)], [R(1, 5), R(1, 5), R(3, 5)]]
    assert (proto.p, proto.q) == (R(3, 5), R(1, 5))
    assert column_sums(P) == [1, 1, 1]
    assert proto.supports == (frozenset({0}), frozenset({1}), frozenset({2}))
    # each row holds 3/5 and 1/5: ratio 3
    assert exp_eps(proto.mechanism) == 3
    assert proto.mechanism.is_unbiased()


def test_grr_d3_e3_decoder_and_moments():
    # Q[v][u] = (1{u = v} - 1/5)/(3/5 - 1/5): (4/5)/(2/5) = 2 on the diagonal, (-1/5)/(2/5) = -1/2 off it.
    mech = grr(3, 3).mechanism
    assert rows(mech.decoder_matrix()) == [[2, R(-1, 2), R(-1, 2)], [R(-1, 2), 2, R(-1, 2)], [R(-1, 2), R(-1, 2), 2]]
    counts = [1, 1, 0]  # n = 2
    # unbiased: E = f = (1/2, 1/2, 0), bias 0
    assert moments.expectation(mech, counts) == [R(1, 2), R(1, 2), 0]
    assert moments.bias(mech, counts) == [0, 0, 0]
    # E[(Q e_Y)_v^2 | x]: x = v: 4 * 3/5 + 1/4 * 2/5 = 5/2; x != v: 4 * 1/5 + 1/4 * 4/5 = 1.
    # per-client variance: x = v: 5/2 - 1 = 3/2; x != v: 1 - 0 = 1.
    # Var_0 = (3/2 + 1)/4 = 5/8, Var_1 = (1 + 3/2)/4 = 5/8, Var_2 = (1 + 1)/4 = 1/2.
    # (pure-protocol check: p(1-p)/(p-q)^2 = (6/25)/(4/25) = 3/2, q(1-q)/(p-q)^2 = (4/25)/(4/25) = 1.)
    assert moments.variance(mech, counts) == [R(5, 8), R(5, 8), R(1, 2)]
    assert moments.mse(mech, counts) == [R(5, 8), R(5, 8), R(1, 2)]
    # Cov[0][1] = (1/4) sum_x c_x sum_u Q[0][u] Q[1][u] P[u][x]:
    #   x = 0: 2(-1/2)(3/5) + (-1/2)(2)(1/5) + (1/4)(1/5) = -3/5 - 1/5 + 1/20 = -3/4
    #   x = 1: 2(-1/2)(1/5) + (-1/2)(2)(3/5) + (1/4)(1/5) = -3/4      -> (-3/2)/4 = -3/8
    # Cov[0][2]: x = 0: 2(-1/2)(3/5) + (1/4)(1/5) + (-1/2)(2)(1/5) = -3/4
    #            x = 1: 2(-1/2)(1/5) + (1/4)(3/5) + (-1/2)(2)(1/5) = -1/4  -> (-1)/4 = -1/4
    # (the columns of Q sum to 1, so sum_v f_hat_v = 1 always and every row of Cov sums to 0.)
    cov = moments.covariance(mech, counts)
    assert cov == sympy.Matrix([[R(5, 8), R(-3, 8), R(-1, 4)], [R(-3, 8), R(5, 8), R(-1, 4)],
                                [R(-1, 4), R(-1, 4), R(1, 2)]])


def test_grr_symbolic():
    # p = z/(z+2), q = 1/(z+2), p - q = (z-1)/(z+2); Q diagonal (1-q)/(p-q) = (z+1)/(z-1), off -1/(z-1).
    # One client with value 0:
    #   E[(Q e_Y)_0^2] = ((z+1)/(z-1))^2 z/(z+2) + 2 (1/(z-1))^2 /(z+2) = (z^3 + 2z^2 + z + 2)/((z-1)^2 (z+2))
    #                  = (z+2)(z^2+1)/((z-1)^2 (z+2)) = (z^2+1)/(z-1)^2;  minus 1^2 -> 2z/(z-1)^2.
    #   E[(Q e_Y)_1^2] = (1/(z-1))^2 z/(z+2) + ((z+1)/(z-1))^2/(z+2) + (1/(z-1))^2/(z+2)
    #                  = (z^2 + 3z + 2)/((z-1)^2 (z+2)) = (z+1)/(z-1)^2;  minus 0^2.
    proto = grr(3, EXP_EPS)
    mech = proto.mechanism
    assert mech.is_unbiased()
    assert sympy.simplify(proto.p - z / (z + 2)) == 0 and sympy.simplify(proto.q - 1 / (z + 2)) == 0
    var = moments.variance(mech, [1, 0, 0])
    assert sympy.simplify(var[0] - 2 * z / (z - 1) ** 2) == 0
    assert sympy.simplify(var[1] - (z + 1) / (z - 1) ** 2) == 0
    assert sympy.simplify(var[2] - (z + 1) / (z - 1) ** 2) == 0
    assert [sympy.simplify(s) for s in column_sums(mech.perturbation_matrix())] == [1, 1, 1]
    assert exp_eps_symbolic(mech) == z
    # at z = 3 the symbolic variance is GRR(3, 3)'s: 2*3/4 = 3/2 and 4/4 = 1
    assert [v.subs(z, 3) for v in var] == moments.variance(grr(3, 3).mechanism, [1, 0, 0]) == [R(3, 2), 1, 1]


def test_oue_symbolic():
    # p = 1/2, q = 1/(z+1), p - q = (z-1)/(2(z+1)).
    # v = x: p(1-p)/(p-q)^2 = (1/4) 4(z+1)^2/(z-1)^2 = (z+1)^2/(z-1)^2
    # v != x: q(1-q)/(p-q)^2 = z/(z+1)^2 * 4(z+1)^2/(z-1)^2 = 4z/(z-1)^2
    mech = oue(3, EXP_EPS).mechanism
    assert mech.is_unbiased()
    var = moments.variance(mech, [1, 0, 0])
    expected = [(z + 1) ** 2 / (z - 1) ** 2, 4 * z / (z - 1) ** 2, 4 * z / (z - 1) ** 2]
    assert all(sympy.simplify(a - b) == 0 for a, b in zip(var, expected))
    assert exp_eps_symbolic(mech) == z


def test_subset_selection_symbolic():
    # d = 4, k = 2: Z = C(3,1) z + C(3,2) = 3z + 3, p = 3z/Z = z/(z+1), q = (C(2,0) z + C(2,1))/Z = (z+2)/(3(z+1)),
    # p - q = 2(z-1)/(3(z+1)), p(1-p) = z/(z+1)^2, q(1-q) = (z+2)(2z+1)/(9(z+1)^2).
    # v = x: 9z/(4(z-1)^2);  v != x: (z+2)(2z+1)/(4(z-1)^2).
    proto = subset_selection(4, 2, EXP_EPS)
    assert sympy.simplify(proto.p - z / (z + 1)) == 0
    assert sympy.simplify(proto.q - (z + 2) / (3 * (z + 1))) == 0
    mech = proto.mechanism
    assert mech.is_unbiased()
    var = moments.variance(mech, [1, 0, 0, 0])
    other = (z + 2) * (2 * z + 1) / (4 * (z - 1) ** 2)
    expected = [9 * z / (4 * (z - 1) ** 2), other, other, other]
    assert all(sympy.simplify(a - b) == 0 for a, b in zip(var, expected))


# ---- Subset Selection, d = 4, k = 2, e = 3 ---------------------------------------------------------
def test_subset_selection_d4_k2_e3():
    # Z = C(3,1) * 3 + C(3,2) = 9 + 3 = 12; P[S][x] = 3/12 = 1/4 if x in S else 1/12.
    # Column x: 3 subsets hold x (3/4) and 3 do not (3/12 = 1/4): sum 1.
    # p = 9/12 = 3/4; q = (C(2,0) * 3 + C(2,1))/12 = 5/12; exp_eps = (1/4)/(1/12) = 3.
    proto = subset_selection(4, 2, 3)
    mech = proto.mechanism
    subsets = list(itertools.combinations(range(4), 2))
    assert mech.outputs == tuple("{" + ",".join(map(str, s)) + "}" for s in subsets)
    assert proto.supports == tuple(frozenset(s) for s in subsets)
    P = mech.perturbation_matrix()
    assert rows(P) == [[R(1, 4) if x in s else R(1, 12) for x in range(4)] for s in subsets]
    assert column_sums(P) == [1, 1, 1, 1]
    assert (proto.p, proto.q) == (R(3, 4), R(5, 12))
    assert exp_eps(mech) == 3
    # Q[v][S] = (1{v in S} - 5/12)/(1/3): 7/4 if v in S, -5/4 otherwise.
    assert rows(mech.decoder_matrix()) == [[R(7, 4) if v in s else R(-5, 4) for s in subsets] for v in range(4)]
    # (QP)[v][v] = 3 (7/4)(1/4) + 3 (-5/4)(1/12) = 21/16 - 5/16 = 1.
    assert mech.is_unbiased()
    # one client with value 0: p(1-p)/(p-q)^2 = (3/16) * 9 = 27/16, q(1-q)/(p-q)^2 = (35/144) * 9 = 35/16.
    assert moments.variance(mech, [1, 0, 0, 0]) == [R(27, 16), R(35, 16), R(35, 16), R(35, 16)]


# ---- unary encodings --------------------------------------------------------------------------------
def test_sue_exp_eps_4():
    # h = sqrt(4) = 2, p = h/(h+1) = 2/3, q = 1/(h+1) = 1/3.
    # d = 2, output label b0 b1 (bit i = 1 iff i in the support).  Input 0: bit 0 on w.p. 2/3, bit 1 on w.p. 1/3:
    #   P["00"][0] = (1/3)(2/3) = 2/9, P["01"][0] = (1/3)(1/3) = 1/9, P["10"][0] = (2/3)(2/3) = 4/9, P["11"][0] = 2/9.
    # Row "10" = (4/9, 1/9): ratio 4 = e.
    proto = sue(2, 4)
    assert (proto.p, proto.q) == (R(2, 3), R(1, 3))
    mech = proto.mechanism
    assert mech.outputs == ("00", "01", "10", "11")
    assert rows(mech.perturbation_matrix()) == [[R(2, 9), R(2, 9)], [R(1, 9), R(4, 9)], [R(4, 9), R(1, 9)],
                                                [R(2, 9), R(2, 9)]]
    assert exp_eps(mech) == 4
    assert mech.is_unbiased()
    # p(1-p)/(p-q)^2 = (2/9)/(1/9) = 2 = q(1-q)/(p-q)^2.
    assert moments.variance(mech, [1, 0]) == [2, 2]


def test_sue_exp_eps_9_over_4():
    # h = 3/2, p = (3/2)/(5/2) = 3/5, q = 2/5; ratio (p/q)^2 = 9/4.
    proto = sue(3, "9/4")
    assert (proto.p, proto.q) == (R(3, 5), R(2, 5))
    assert exp_eps(proto.mechanism) == R(9, 4)
    # p(1-p)/(p-q)^2 = (6/25)/(1/25) = 6 for every v (p(1-p) = q(1-q) since p + q = 1).
    assert moments.variance(proto.mechanism, [1, 0, 0]) == [6, 6, 6]


def test_oue_d3_e3():
    # p = 1/2, q = 1/(3+1) = 1/4.  Row of output s, input x in s, x' not in s: (1/2)(1 - q) vs q (1/2): ratio 3.
    # One client: v = x: (1/4)/(1/16) = 4; v != x: (1/4)(3/4)/(1/16) = 3.
    proto = oue(3, 3)
    assert (proto.p, proto.q) == (R(1, 2), R(1, 4))
    assert exp_eps(proto.mechanism) == 3
    assert proto.mechanism.n_outputs == 8
    assert moments.variance(proto.mechanism, [1, 0, 0]) == [4, 3, 3]
    # two clients, counts (1, 1, 0): v = 0: (4 + 3)/4 = 7/4, v = 2: (3 + 3)/4 = 3/2.
    assert moments.variance(proto.mechanism, [1, 1, 0]) == [R(7, 4), R(7, 4), R(3, 2)]


# ---- Moore-Penrose decoder ---------------------------------------------------------------------------
def test_moore_penrose_decoder_by_hand():
    # P^T P = [[1/2, 1/6], [1/6, 5/9]], det = 5/18 - 1/36 = 1/4,
    # (P^T P)^-1 = 4 [[5/9, -1/6], [-1/6, 1/2]] = [[20/9, -2/3], [-2/3, 2]],
    # times P^T = [[1/2, 1/2, 0], [0, 1/3, 2/3]]:
    #   row 0: [10/9, 10/9 - 2/9, -4/9] = [10/9, 8/9, -4/9];  row 1: [-1/3, -1/3 + 2/3, 4/3] = [-1/3, 1/3, 4/3].
    mech = Mechanism([["1/2", 0], ["1/2", "1/3"], [0, "2/3"]])
    assert mech.decoder_kind == "moore-penrose"
    assert rows(mech.decoder_matrix()) == [[R(10, 9), R(8, 9), R(-4, 9)], [R(-1, 3), R(1, 3), R(4, 3)]]
    assert mech.is_unbiased()
    # exp_eps: rows (1/2, 0) and (0, 2/3) mix zero with non-zero -> infinite
    assert exp_eps(mech) == sympy.oo


def test_moore_penrose_equals_given_decoder():
    # Same matrix given explicitly: identical moments.  One client with value 0:
    # f_hat_0 in {10/9, 8/9, -4/9} w.p. (1/2, 1/2, 0): mean 1, E[f_hat_0^2] = (100/81 + 64/81)/2 = 82/81, Var = 1/81.
    P = [[F(1, 2), 0], [F(1, 2), F(1, 3)], [0, F(2, 3)]]
    a = Mechanism(P)
    b = Mechanism(P, [["10/9", "8/9", "-4/9"], ["-1/3", "1/3", "4/3"]])
    assert b.decoder_kind == "given"
    assert moments.variance(a, [1, 0]) == moments.variance(b, [1, 0])
    assert moments.variance(a, [1, 0])[0] == R(1, 81)


# ---- exp_eps of hand-made matrices -----------------------------------------------------------------
def test_exp_eps_cases():
    # rows (1/2, 1/4) ratio 2, (1/2, 3/4) ratio 3/2, (0, 0) never occurs -> ignored: 2
    assert exp_eps(Mechanism([["1/2", "1/4"], ["1/2", "3/4"], [0, 0]])) == 2
    # a zero beside a non-zero: no finite eps
    assert exp_eps(Mechanism([["1/2", 0], ["1/2", 1]])) == sympy.oo
    # constant rows: e^eps = 1 (eps = 0), with a given decoder because P is rank 1
    assert exp_eps(Mechanism([["1/3", "1/3"], ["2/3", "2/3"]], [[1, 0], [0, 1]])) == 1
    # max over rows, not the first row: (1/5, 1/5) ratio 1, (1/10, 3/5) ratio 6, (7/10, 1/5) ratio 7/2
    assert exp_eps(Mechanism([["1/5", "1/5"], ["1/10", "3/5"], ["7/10", "1/5"]])) == 6


# ---- every builder: stochastic columns, the advertised e^eps, (p, q), unbiasedness, variance ----------
def exact_params():
    for d in (2, 3, 4, 5):
        for e in (2, 3, "5/2"):
            yield "grr", d, None, e
            yield "oue", d, None, e
            for k in range(1, d):
                yield "ss", d, k, e
        if d <= 4:
            for e in (4, "9/4"):
                yield "sue", d, None, e


def expected_pq(kind, d, k, e):
    """(p, q) from the formulas of the definitions."""
    if kind == "grr":
        return e / (e + d - 1), 1 / (e + d - 1)
    if kind == "sue":
        h = sympy.sqrt(e)
        return h / (h + 1), 1 / (h + 1)
    if kind == "oue":
        return R(1, 2), 1 / (e + 1)
    # SS: P(S) = e/Z if x in S else 1/Z with Z = C(d-1, k-1) e + C(d-1, k);
    # p = P(v in S | v) = C(d-1, k-1) e / Z; q = P(v in S | x != v) = (C(d-2, k-2) e + C(d-2, k-1)) / Z
    Z = comb(d - 1, k - 1) * e + comb(d - 1, k)
    return comb(d - 1, k - 1) * e / Z, ((comb(d - 2, k - 2) if k >= 2 else 0) * e + comb(d - 2, k - 1)) / Z


def make(kind, d, k, e):
    return {"grr": lambda: grr(d, e), "sue": lambda: sue(d, e), "oue": lambda: oue(d, e),
            "ss": lambda: subset_selection(d, k, e)}[kind]()


@pytest.mark.parametrize("kind,d,k,e", list(exact_params()), ids=lambda v: str(v))
def test_builder_properties(kind, d, k, e):
    e_exact = to_exact(e)
    proto = make(kind, d, k, e)
    mech = proto.mechanism
    P = mech.perturbation_matrix()
    assert mech.d == d
    assert mech.is_rational
    # number of outputs and supports
    n_out = {"grr": d, "sue": 2**d, "oue": 2**d, "ss": comb(d, k or 0)}[kind]
    assert mech.n_outputs == n_out == len(proto.supports)
    # every column is a probability distribution
    assert all(0 <= x <= 1 for x in P)
    assert column_sums(P) == [1] * d
    # e^eps read off P is exactly the parameter
    assert exp_eps(mech) == e_exact
    # (p, q) as advertised and as read off P through the supports
    p, q = expected_pq(kind, d, k, e_exact)
    assert (proto.p, proto.q) == (p, q)
    for v in range(d):
        for x in range(d):
            mass = sum(P[u, x] for u, s in enumerate(proto.supports) if v in s)
            assert mass == (p if v == x else q)
    assert mech.is_unbiased()
    # pure-protocol variance for counts (2, 1, 0, ...) (n = 3)
    counts = [2, 1] + [0] * (d - 2)
    n = 3
    expected = [(c * p * (1 - p) + (n - c) * q * (1 - q)) / ((p - q) ** 2 * n**2) for c in counts]
    assert moments.variance(mech, counts) == expected


@pytest.mark.parametrize("form", [R(5, 2), F(5, 2), "5/2", " 5 / 2 "])
def test_exp_eps_forms_are_equivalent(form):
    # 5/2 in every accepted exact form builds the same GRR: p = (5/2)/(5/2 + 2) = 5/9, q = 2/9
    proto = grr(3, form)
    assert (proto.p, proto.q) == (R(5, 9), R(2, 9))
    assert proto.mechanism.perturbation_matrix() == grr(3, R(5, 2)).mechanism.perturbation_matrix()
    assert exp_eps(proto.mechanism) == R(5, 2)


def test_brr_is_grr_with_d_2():
    # d = 2, e = 3: p = 3/4, q = 1/4; Q = [[3/2, -1/2], [-1/2, 3/2]]; Var for one client = (3/16)/(1/4) = 3/4.
    mech = grr(2, 3).mechanism
    assert rows(mech.perturbation_matrix()) == [[R(3, 4), R(1, 4)], [R(1, 4), R(3, 4)]]
    assert rows(mech.decoder_matrix()) == [[R(3, 2), R(-1, 2)], [R(-1, 2), R(3, 2)]]
    assert moments.variance(mech, [1, 0]) == [R(3, 4), R(3, 4)]
