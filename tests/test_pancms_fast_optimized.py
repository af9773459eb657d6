"""Fast paths of the pan-cms optimized-CMS derivations and checks give the very objects of the slow paths."""

import sympy

import derivations.pan_cms.optimized as D
from derivations.pan_cms.optimized import m


def test_canon_cache_gives_the_canonical_form():
    """_canon (cached per expression) equals its formula for radicals; a float-bearing input is refused (it was
    turned into nsimplify's guessed rational: a float never enters an exact computation)."""
    import pytest
    from proofs_checks.pan_cms.optimized_exact import _canon

    xs = [1 + sympy.sqrt(3), (2 + sympy.sqrt(2)) / (1 - sympy.sqrt(2)), sympy.sqrt(12) / 3 + sympy.Rational(1, 2)]
    for x in xs + xs:
        assert sympy.srepr(_canon(x)) == sympy.srepr(sympy.expand(sympy.radsimp(x)))
    for x in (sympy.Float(0.5) + sympy.sqrt(2), 0.1):
        with pytest.raises(TypeError, match="float"):
            _canon(x)


def test_limit_at_oo_is_sympy_limit():
    """_limit_at_oo (leading coefficients) gives sympy.limit's value: identical after factor for the RP l2 losses,
    equal on lower/equal/higher degrees and a non-rational expression."""
    for kind in ("srp", "arp"):
        expr = D.l2_kind_derived(kind)
        assert sympy.srepr(sympy.factor(D._limit_at_oo(expr, m))) == sympy.srepr(
            sympy.factor(sympy.limit(expr, m, sympy.oo)))
    e = D.e
    for expr in ((3 * m ** 2 + e) / (e * m ** 2 - 1), (m + e) / (m ** 2 + 1), (2 * m ** 2) / (m + e),
                 sympy.sqrt(m) / (m + 1), (m + 1) / (2 * m) + e):
        fast, slow = D._limit_at_oo(expr, m), sympy.limit(expr, m, sympy.oo)
        assert fast == slow or sympy.cancel(fast - slow) == 0
    assert D._limit_at_oo((3 * m + 1) / (2 * m), m) != sympy.Rational(3, 1)


def test_factor_cancel_on_the_optimized_models():
    """factor_cancel equals factor(cancel(.)) (srepr) on the variance and l2 models the optimized derivations factor
    (symbolic, partly numeric, and sRP's radical e^(eps/2), which takes the fallback)."""
    from derivations.pan_cms.rational import factor_cancel
    from derivations.pan_cms.symbols import d, f, n

    # symbolic; m numeric ((3, e) was also here: the same polynomials in e as (m, e) with m = 3, the case e numeric
    # below keeps a partly numeric model); e numeric; both numeric
    for kind in ("rr", "arp", "srp"):
        for mm, ee in ((m, D.e), (m, sympy.Integer(4)), (5, sympy.Rational(7, 2))):
            p, q = D.inner_pq(kind, mm, ee)
            veq, vne = (x * (1 - x) / (p - q) ** 2 for x in (p, q))
            exprs = [veq, vne, D.cms_variance_model(veq, vne, f, mm, n), D.l2_model(veq, vne, d, mm, n),
                     sympy.diff(D.cms_variance_model(veq, vne, f, mm, n), f)]
            for expr in exprs:
                assert sympy.srepr(factor_cancel(expr)) == sympy.srepr(sympy.factor(sympy.cancel(expr)))
