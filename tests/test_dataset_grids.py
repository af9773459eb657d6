"""The dataset grid factories of :mod:`ldpref.dataset` and the exact conversions of :mod:`ldpref.exact` that the claim
checks share."""

from math import comb

from ldpref.dataset import all_datasets, vertex


def test_all_datasets_counts_order_and_support():
    got = list(all_datasets(3, 2))
    assert got[:3] == [(1, 0, 0), (0, 1, 0), (0, 0, 1)]  # n = 1 first
    assert len(got) == comb(3, 1) + comb(4, 2) and len(set(got)) == len(got)
    assert all(1 <= sum(c) <= 2 and len(c) == 3 for c in got)
    assert list(all_datasets(3, 2, min_n=2)) == got[3:]
    assert list(all_datasets(4, 1, (1, 3))) == [(0, 1, 0, 0), (0, 0, 0, 1)]


def test_vertex():
    assert vertex(4) == (1, 0, 0, 0) and vertex(3, 5, 2) == (0, 0, 5)


def test_to_fraction_is_exact_and_refuses_floats():
    from fractions import Fraction

    import pytest
    import sympy
    from flint import fmpq

    from ldpref.exact import to_fraction

    for value in (sympy.Rational(-3, 7), Fraction(-3, 7), fmpq(-3, 7)):
        assert to_fraction(value) == Fraction(-3, 7)
    assert to_fraction(4) == 4
    for bad in (0.5, sympy.sqrt(2)):
        with pytest.raises(TypeError):
            to_fraction(bad)


def test_library_hash_families():
    import pytest

    from ldpref.errors import ParameterError
    from ldpref.hashing import all_functions_family, prime_affine_family

    full = all_functions_family(2, 3)
    assert full.k == 9 and full.is_pairwise_independent() and full.name == "all-functions(d=2, m=3)"
    affine = prime_affine_family(5, 3)
    assert affine.k == 25 and affine.is_collision_uniform() and affine.name == "Z_5-affine(d=3)"
    for p, d in ((4, 3), (3, 4)):
        with pytest.raises(ParameterError):
            prime_affine_family(p, d)


def test_exact_sign():
    import pytest
    import sympy

    from ldpref.exact import exact_sign

    assert [exact_sign(v) for v in (sympy.Rational(-1, 3), 0, 5)] == [-1, 0, 1]
    assert exact_sign(sympy.sqrt(2) - sympy.Rational(141, 100)) == 1
    assert exact_sign(sympy.sqrt(8) - 2 * sympy.sqrt(2)) == 0  # zero proved, not by rounding
    # nonzero numbers within 1e-45 of 0, which the 60-digit rule of 7c4ed40 refused (ArithmeticError): rigorous
    # enclosures at a higher precision decide them (-e^{-400}; e^t - 1 - t = t^2/2 + ... for t = e^{-60}; -e^{-1000})
    e200 = sympy.exp(sympy.Integer(-200))
    assert exact_sign(e200 - e200 * (1 + e200)) == -1
    t = sympy.exp(sympy.Integer(-60))
    assert exact_sign(sympy.exp(t) - 1 - t) == 1
    assert exact_sign(sympy.pi - (sympy.pi + sympy.exp(sympy.Integer(-1000)))) == -1
    with pytest.raises(ArithmeticError, match=r"cannot decide the sign of sin\(1\)"):  # no enclosure: no float guess
        exact_sign(sympy.sin(1))


def test_spread():
    from ldpref.dataset import spread

    c = spread(1000, 10, 99)
    assert len(c) == 100 and c[0] == 10 and sum(c) == 1000 and max(c[1:]) - min(c[1:]) <= 1
    assert c[1:] == tuple(sorted(c[1:], reverse=True))  # the extra clients on the first values
