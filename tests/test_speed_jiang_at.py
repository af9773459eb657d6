"""``evaluate._compiled`` (the straight-line fmpq program behind ``_at``) against sympy's subs + cancel on the
forms the claims evaluate, at random rational points, and its fallbacks."""

from __future__ import annotations

import random

import pytest
import sympy
from flint import fmpq

import derivations.jiang_gcms as J
from proofs_checks.jiang_gcms import evaluate as GM

FORMS = [J.estimator_variance_derived, J.privacy_ratio_derived, J.eq4_derived, J.lemma1_objective_derived_expr]


@pytest.mark.parametrize("make", FORMS)
def test_compiled_program_is_subs_cancel(make):
    expr = make()
    expr = expr.rhs if isinstance(expr, sympy.Equality) else expr
    keys = GM._key_order(tuple(sorted(expr.free_symbols, key=str)))
    fn, consts = GM._compiled(expr, keys)
    rnd = random.Random(7)
    for _ in range(15):
        vals = {k: sympy.Rational(rnd.randint(-30, 30), rnd.randint(1, 12)) for k in keys}
        try:
            out = fn(*[fmpq(int(v.p), int(v.q)) for v in vals.values()], *consts)
        except ZeroDivisionError:
            assert sympy.cancel(expr.subs(vals)).has(sympy.zoo, sympy.nan)
            continue
        assert isinstance(out, fmpq)
        assert sympy.Rational(int(out.p), int(out.q)) == sympy.cancel(expr.subs(vals))


def test_compiled_refuses_what_is_not_rational():
    p, q = sympy.symbols("p q")
    for expr in (sympy.sqrt(p) + 1, sympy.log(p), p ** sympy.Rational(1, 2) * q, p + sympy.pi):
        with pytest.raises(TypeError):
            GM._compiled(expr, (p, q))
    assert GM._at(sympy.sqrt(p) * q, {p: sympy.Integer(4), q: sympy.Rational(1, 3)}) == sympy.Rational(2, 3)
