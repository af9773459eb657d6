"""``ldpref.hashing.linear_family`` (pan-cms Section 3.5's pairwise-independent family over GF(q)^t, used by OLH and
OCMS in Section 5 and Appendix H) against a brute force written here from the definition: the field arithmetic
written again (mod q for a prime q, a hand-written GF(4) table), and strong pairwise independence counted with
``fractions.Fraction`` over every pair of inputs and outputs (not ``HashFamily.is_pairwise_independent``)."""

import functools
import itertools
from fractions import Fraction

import pytest

from ldpref.errors import ParameterError
from ldpref.hashing import linear_family

#: GF(4) = {0, 1, a, a + 1} with a^2 = a + 1, elements as the integers 0..3 (bit i: coefficient of a^i)
GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


def _digits(x, q, t):
    return [(x // q**i) % q for i in range(t)]


def _brute(q, d, add, mul):
    """Every function x -> b + <a, digits(x)> over the field ``(add, mul)`` on [q], in (a, b) order."""
    t = next(t for t in itertools.count(1) if q**t >= d)

    def h(a, b, x):
        return functools.reduce(add, (mul(ai, xi) for ai, xi in zip(a, _digits(x, q, t))), b)

    return tuple(tuple(h(a, b, x) for x in range(d)) for a in itertools.product(range(q), repeat=t) for b in range(q))


def _strongly_pairwise_independent(functions, q, d):
    k = len(functions)
    return all(Fraction(sum(1 for h in functions if h[x] == y and h[x2] == y2), k) == Fraction(1, q * q)
               for x in range(d) for x2 in range(d) if x != x2 for y in range(q) for y2 in range(q))


@pytest.mark.parametrize("q, d", [(2, 2), (2, 5), (3, 3), (3, 7), (5, 4), (7, 2)])
def test_prime_field_matches_definition(q, d):
    fam = linear_family(q, d)
    assert fam.functions == _brute(q, d, lambda a, b: (a + b) % q, lambda a, b: (a * b) % q)
    assert (fam.m, fam.d) == (q, d)
    assert _strongly_pairwise_independent(fam.functions, q, d)


@pytest.mark.parametrize("d", [2, 4, 6])
def test_gf4_matches_definition(d):
    fam = linear_family(4, d)
    assert fam.functions == _brute(4, d, lambda a, b: a ^ b, lambda a, b: GF4_MUL[a][b])
    assert _strongly_pairwise_independent(fam.functions, 4, d)


def test_unsupported_fields_are_refused():
    for q in (6, 10):
        with pytest.raises(ParameterError, match="prime or a power of two"):
            linear_family(q, 3)
    with pytest.raises(ParameterError):
        linear_family(1, 3)
    with pytest.raises(TypeError):
        linear_family(3.0, 3)


def test_a_huge_field_is_refused_by_size_before_any_primality_test(monkeypatch):
    """The size check comes first: q = 10^18 + 9 would otherwise be trial-divided up to 10^9 before the refusal
    (the primality test is made to fail here, so reaching it fails the test)."""
    import ldpref.hashing as H
    from ldpref.limits import ResourceLimitError

    def no_primality_test(q):
        raise AssertionError(f"trial division of q = {q} before the size check")

    monkeypatch.setattr(H.math, "isqrt", no_primality_test)
    with pytest.raises(ResourceLimitError):
        linear_family(10**18 + 9, 3)
