"""ldpref.linalg's shortcuts against sympy's general paths (independent computations of the same matrix).

* ``exact_matrix`` builds rational matrices straight in QQ and constructs other fields from the distinct
  entries: it must give the field and elements ``DomainMatrix.from_list_sympy`` gives on every entry.
* ``matmul`` multiplies rational-function matrices over a common denominator: it must equal the product
  of the sympy matrices, entry by entry after ``cancel``.
"""

import random

import pytest
import sympy
from sympy.polys.matrices import DomainMatrix

from ldpref import linalg
from ldpref.exact import EXP_EPS

R = sympy.Rational
e = EXP_EPS
k = sympy.Symbol("k", positive=True)


def _reference(rows):
    return DomainMatrix.from_list_sympy(len(rows), len(rows[0]), [[sympy.sympify(x) for x in r] for r in rows],
                                        field=True).to_dense()


def _random_entry(rng, pool):
    return rng.choice(pool)


POOLS = {
    "rational": [R(0), R(1), R(1, 2), R(-3, 7), R(5, 3), 2, R(11, 13)],
    "exp_eps": [e / (e + 2), 1 / (e + 2), (e - 1) / (e + 1), R(1, 3), e ** 2 / (e ** 2 + 3 * e + 1), 0],
    "two symbols": [e / (e + k), k / (e + k), R(1, 2), 1 / (k + 1)],
    "radicals": [sympy.sqrt(2) / 2, 1 - sympy.sqrt(2) / 2, R(1, 3), sympy.sqrt(e) / (sympy.sqrt(e) + 1)],
}


@pytest.mark.parametrize("pool", sorted(POOLS))
def test_exact_matrix_is_from_list_sympy(pool):
    rng = random.Random(7)
    for _ in range(6):
        n, d = rng.randint(1, 5), rng.randint(1, 5)
        rows = [[_random_entry(rng, POOLS[pool]) for _ in range(d)] for _ in range(n)]
        got, want = linalg.exact_matrix(rows), _reference(rows)
        assert got.domain == want.domain
        assert type(got.rep) is type(want.rep)
        assert got.to_list() == want.to_list()


def test_exact_matrix_still_refuses_floats():
    with pytest.raises(TypeError):
        linalg.exact_matrix([[R(1, 2), 0.5]])


@pytest.mark.parametrize("pool", ["rational", "exp_eps", "two symbols"])
def test_matmul_is_the_sympy_product(pool):
    rng = random.Random(11)
    for _ in range(3):
        n, m, d = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3)
        A_rows = [[_random_entry(rng, POOLS[pool]) for _ in range(m)] for _ in range(n)]
        B_rows = [[_random_entry(rng, POOLS[pool]) for _ in range(d)] for _ in range(m)]
        A, B = linalg.unify(linalg.exact_matrix(A_rows), linalg.exact_matrix(B_rows))
        got = linalg.matmul(A, B)
        want = sympy.Matrix(A_rows) * sympy.Matrix(B_rows)
        assert got.shape == want.shape and got.domain == A.domain
        assert all(sympy.cancel(x - y) == 0 for x, y in zip(got.to_Matrix(), want))  # sympy's own arithmetic
        assert got == A.matmul(B)
