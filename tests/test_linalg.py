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


def test_mechanisms_build_without_flint_ground_types():
    """The optional `fast` extra: with sympy's python ground types (what an install without python-flint gets) the
    flint shortcut of `linalg.dense_matrix` steps aside and the built-ins give the same exact matrices and moments
    as under flint (a build that hands python-ground QQ elements to a flint matrix raised DMBadInputError)."""
    import json
    import os
    import subprocess
    import sys

    code = ("import json; from ldpref.mechanisms import grr, subset_selection, oue; "
            "from ldpref.mechanisms.cms import cms, inner_mechanism; from ldpref.hashing import gf2_affine_mod_family; "
            "from ldpref import linalg, moments; "
            "ms = [grr(3, 3).mechanism, subset_selection(4, 2, '5/2').mechanism, oue(3, 3).mechanism, "
            "cms(gf2_affine_mod_family(2, 4, 4), inner_mechanism('rr', 4, 3)).mechanism]; "
            "out = [[str(x) for r in linalg.to_rows(m.P) for x in r] + "
            "[str(v) for v in moments.variance(m, [2, 1] + [0] * (m.d - 2))] for m in ms]")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = {}
    for ground in ("python", "flint"):
        from sympy.external.gmpy import GROUND_TYPES

        if ground == GROUND_TYPES:  # this process's own ground types (flint with the `fast` extra): no new interpreter
            namespace: dict = {}
            exec(code, namespace)
            out[ground] = json.loads(json.dumps(namespace["out"]))
            continue
        env = dict(os.environ, SYMPY_GROUND_TYPES=ground, PYTHONPATH=root)
        proc = subprocess.run([sys.executable, "-c", code + "; print(json.dumps(out))"], capture_output=True,
                              text=True, env=env, cwd=root)
        assert proc.returncode == 0, proc.stderr[-600:]
        out[ground] = json.loads(proc.stdout)
    assert out["python"] == out["flint"]
