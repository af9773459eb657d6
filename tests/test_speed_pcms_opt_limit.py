"""optimized_exact.limit_at_oo gives the object sympy.limit gives (srepr), and falls back to it."""

import sympy
from sympy import Rational as R

from derivations.pan_cms.symbols import d, m
from proofs_checks.pan_cms import optimized_exact as X
from tree_repr import tree_repr


def test_limit_at_oo_matches_sympy_limit():
    cases = [
        (3 * m**2 + 5 * m + 1) / (7 * (m - 1) ** 2),
        (2 * m + 1) / (m - 1) ** 2,  # lower degree: 0
        ((4 * d + 3) * m**2 + d * m - 2) / (9 * (m - 1) ** 2),  # coefficients in d
        (m**3 + 1) / (m - 1) ** 2,  # higher degree: sympy.limit (oo)
        -(m**3 + 1) / (m - 1),  # -oo
        sympy.sqrt(m + 1) / (m + 2),  # not a polynomial quotient: sympy.limit
        X.exact_var_function("arp", R(2), R(1, 2)),
    ]
    for expr in cases:
        assert tree_repr(X.limit_at_oo(expr)) == tree_repr(sympy.limit(expr, m, sympy.oo)), expr
    assert X.limit_at_oo(cases[0]) == R(3, 7)
    assert X.limit_at_oo((3 * d**2 + m) / (d * (d + m)), d) == 3
