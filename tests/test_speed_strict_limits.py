"""pan-strict limit_at_infinity without reducing the quotient first == the reduced computation."""

import sympy

import derivations.pan_strict.constructions as C


def _reduced(expr, x):
    num, den = sympy.fraction(sympy.cancel(sympy.together(expr)))
    pn, pd = sympy.Poly(num, x), sympy.Poly(den, x)
    if pn.degree() < pd.degree():
        return sympy.Integer(0)
    if pn.degree() > pd.degree():
        return sympy.oo * sympy.sign(pn.LC() / pd.LC())
    return sympy.factor(sympy.cancel(pn.LC() / pd.LC()))


def test_limit_at_infinity_equals_the_reduced_quotient():
    x = sympy.Symbol("x", positive=True)
    a, b = sympy.symbols("a b", positive=True)
    cases = [(x**2 - 1) / ((x - 1) * (a * x + b)), (x - 1) * (x**3 + a) / ((x - 1) * (b * x**2 + 1)),
             -(x - a) * (x + 2) / ((x + 2) * (2 * x**2 + b)), (a * x + 1) * (x + b) / ((x + b) * (3 * x + a)),
             C.osc_l2(x, x / C.m, C.e) / C.osc_l2(x, x / (C.e + 1), C.e)]
    out = [C.limit_at_infinity(c, x) for c in cases]
    assert out == [_reduced(c, x) for c in cases]
    assert out[:4] == [1 / a, sympy.oo, 0, a / 3]


def test_collision_count_by_residues_equals_the_count_over_images(monkeypatch):
    import proofs_checks.pan_strict.sec6_experiments as S6

    monkeypatch.setattr(S6, "MAX_ENUMERATED", 0)  # the image formula even where functions are enumerated
    for dp, m in [(26003, 3), (26003, 150), (101, 2), (101, 5), (7, 3), (5, 4)]:
        hits = sum((dp - 1 - r) // m for r in (u % m for u in range(dp)))
        assert S6._collision_count(dp, m, 0, 1) == sympy.Rational(hits, dp * (dp - 1))
    by_images = S6._collision_count(101, 5, 0, 1)
    monkeypatch.setattr(S6, "MAX_ENUMERATED", 200_000)
    assert S6._collision_count(101, 5, 0, 1) == by_images  # function-by-function enumeration agrees


def test_fraction_scans_in_fmpq_equal_fraction_arithmetic():
    from fractions import Fraction

    for d_, m_, e_ in [(10, 3, Fraction(2)), (40, 4, Fraction(7, 3)), (97, 2, Fraction(5, 2))]:
        dp_ = C.next_prime(d_)
        c = C.ocms_collision_rate(dp_, m_)
        c = Fraction(int(c.p), int(c.q))
        p_ = e_ / (e_ + m_ - 1)
        q_ = c * p_ + (1 - c) / (e_ + m_ - 1)
        pooled = (d_ * q_ * (1 - q_) + (p_ - q_) * (1 - p_ - q_)) / (p_ - q_) ** 2
        assert C.ocms_l2_pooled_fraction(d_, dp_, m_, e_) == pooled
        k0, k1, r = C.bucket_profile(dp_, m_)
        pi1 = Fraction(r) * (dp_ + (e_ - 1) * k1) / (dp_ * (e_ + m_ - 1))
        grouped = pi1 * C.osc_l2_fraction(d_, dp_, k1, e_) + (1 - pi1) * C.osc_l2_fraction(d_, dp_, k0, e_)
        assert C.ocms_l2_grouped_fraction(d_, dp_, m_, e_) == grouped and grouped != pooled
        ks = Fraction(dp_) / (e_ + 1)
        base = C.osc_l2_fraction(d_, dp_, ks, e_)
        star = C.osc_l2_fraction(d_, d_, Fraction(d_) / (e_ + 1), e_)
        beta = max(C.osc_l2_fraction(d_, dp_, ks + s, e_) / base - 1 for s in (-1, 1))
        bound = C.cor52_bound_fraction(d_, dp_, e_)
        assert isinstance(bound, Fraction) and bound == (base / star) * (1 + beta) - 1
        assert C.osc_l2_star_fraction(d_, e_) == star
