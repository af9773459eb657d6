"""``ldpref.root_refinement.refine_root`` (sympy's continued-fraction root refinement on Python ints) returns exactly
the interval of ``sympy.Poly.refine_root`` on the stationary-point numerators and on random polynomials."""

from __future__ import annotations

import random
from fractions import Fraction

import sympy

from ldpref import gcms as G
from ldpref.root_refinement import refine_root
from tree_repr import tree_repr

x = sympy.Symbol("x")


def _check(poly, eps):
    coeffs = [Fraction(int(c.p), int(c.q)) for c in poly.all_coeffs()]
    n = 0
    for (lo, hi), _ in poly.intervals():
        if lo == hi:
            continue
        want = poly.refine_root(lo, hi, eps=sympy.Rational(eps.numerator, eps.denominator))
        got = refine_root(coeffs, Fraction(int(lo.p), int(lo.q)), Fraction(int(hi.p), int(hi.q)), eps)
        assert got == tuple(Fraction(int(v.p), int(v.q)) for v in want)
        n += 1
    return n


def test_stationary_point_numerators():
    _, num, _, _ = G._derivative_parts("lemma1")
    n = 0
    for e_, lam_, k_ in [(3, sympy.Rational(1, 3), 2), (38, sympy.Rational(1, 50), 65536),
                         (sympy.Rational(11, 10), 1, 1),
                         (150, 0, 100)]:
        poly = G._numerator_at(num, (sympy.Integer(e_), sympy.Rational(lam_), sympy.Integer(k_)))
        n += _check(poly, Fraction(1, 10**20))
    assert n >= 3


def test_random_polynomials():
    rnd = random.Random(3)
    n = 0
    for _ in range(12):
        coeffs = [sympy.Rational(rnd.randint(-50, 50), rnd.randint(1, 9)) for _ in range(rnd.randint(3, 6))]
        if coeffs[0] == 0:
            continue
        n += _check(sympy.Poly(coeffs, x), Fraction(1, 10**rnd.randint(3, 25)))
    assert n >= 10


def test_relative_variance_parts_are_bit_for_bit():
    import mpmath

    with mpmath.workdps(20):
        for p_, q_, m_, lam_ in [(mpmath.mpf("0.75"), mpmath.mpf(1) / 3, 7, mpmath.mpf(1) / 10**6),
                                 (mpmath.mpf(2) / 3, mpmath.mpf("0.01"), 1024, mpmath.mpf("0.3"))]:
            a1 = (p_ + (m_ - 1) * q_) / m_
            inline = (lam_ * p_ * (1 - p_) + (1 - lam_) * (a1 - a1 * a1)) * m_ * m_ / ((p_ - q_) ** 2 * (m_ - 1) ** 2)
            parts = G._relative_variance_parts(p_, q_, m_)
            assert G._relative_variance_at(parts, m_, lam_) == inline == G._relative_variance(p_, q_, m_, lam_)
            assert G._relative_variance_at(parts, m_, lam_ * 2) != inline


def test_derivative_parts_quotient_rule_is_the_sympy_pipeline():
    for objective in ("lemma1", "variance"):
        g, poly, den, _ = G._derivative_parts(objective)
        ref = sympy.cancel(sympy.together(sympy.diff(g, G._P)))
        num0, den0 = sympy.fraction(ref)
        assert tree_repr(poly) == tree_repr(sympy.Poly(sympy.expand(num0), G._P))
        assert tree_repr(den) == tree_repr(den0)


def test_encode_apple_message_is_the_per_bit_join():
    import numpy as np

    rng = np.random.default_rng(1)
    for bits in [rng.integers(0, 2, 50), rng.integers(0, 2, 9).astype(np.uint8), rng.random(20) < 0.5, [0, 1, True],
                 np.array([3, -1, 0]), rng.integers(0, 2, 7).astype(float)]:
        for k in (1, 2, 5):
            bk = G.bits_needed(k)
            want = (format(1 % k, f"0{bk}b") if bk else "") + "".join(str(int(b)) for b in bits)
            assert G.encode_apple_message(1 % k, bits, k) == want
