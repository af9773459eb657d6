"""pan-cms connections: the field-arithmetic factoring gives the very objects of factor(cancel(.))."""

import sympy

import derivations.pan_cms.connections as C
import derivations.pan_cms.rational as R


def _slow_second_moments(exp_eps, size):
    size = sympy.sympify(size)
    p, q, hi, lo = C.grr_reconstruction_moments(exp_eps, size)
    A, c0 = size / (size - 1), -1 / (size - 1)
    t_hi, t_lo = A * hi + c0, A * lo + c0
    same = p * t_hi**2 + (1 - p) * t_lo**2
    other = same / size + (1 - 1 / size) * (q * t_hi**2 + (1 - q) * t_lo**2)
    return sympy.factor(sympy.cancel(same)), sympy.factor(sympy.cancel(other))


def test_factored_is_factor_cancel():
    """_factored equals factor(cancel(.)) structurally on symbolic, partly numeric and non-rational inputs, and
    keeps floats (the field would read 1.5 as 3/2)."""
    x, y = sympy.symbols("x y", positive=True)
    cases = [(x / (x + y) - 1 / (x - y)) ** 2, (x**2 - y**2) / (x - y), 3 / (2 * x + 2), sympy.sqrt(x) / (x + 1),
             1.5 * x / (x + 1), (C.e + C.m - 1) / (C.e - 1) ** 2 * (C.m - 1), sympy.Rational(3, 4)]
    for expr in cases:
        assert sympy.srepr(R.factor_cancel(expr)) == sympy.srepr(sympy.factor(sympy.cancel(expr)))
    assert R.factor_cancel(1.5 * x).has(sympy.Float)


def test_second_moments_identical_to_the_slow_path():
    """cms_rr_second_moments (symbolic and at numbers) is srepr-identical to factor(cancel(.)) of the same sums."""
    for exp_eps, size in ((C.e, C.m), (3, C.m), (C.e, 4), (sympy.Rational(5, 2), 3)):
        fast = C.cms_rr_second_moments(exp_eps, size)
        assert [sympy.srepr(v) for v in fast] == [sympy.srepr(v) for v in _slow_second_moments(exp_eps, size)]


def test_closed_forms_identical_to_the_slow_path(monkeypatch):
    """The binary-inner closed form and RHR's second moments built with _factored equal those built with
    factor(cancel(.)) (srepr)."""
    builders = (C._binary_inner_closed_form, C.rhr_second_moments)

    def build():
        for fn in builders:
            fn.cache_clear()
        return [sympy.srepr(fn()) for fn in builders]

    fast = build()
    monkeypatch.setattr(C, "_factored", lambda x: sympy.factor(sympy.cancel(x)))
    slow = build()
    for fn in builders:
        fn.cache_clear()
    assert fast == slow
