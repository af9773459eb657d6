"""``gcms_model._at`` (the one evaluator's compiled fmpq program, ``ldpref.ledger.forms.rational_at``) against
sympy's subs + cancel on the forms the jiang-gcms claims evaluate, at random rational points, and its fallbacks."""

from __future__ import annotations

import random

import pytest
import sympy

import derivations.jiang_gcms as J
from ldpref.ledger.forms import rational_at
from proofs_checks.jiang_gcms import gcms_model as GM

FORMS = [J.estimator_variance_derived, J.privacy_ratio_derived, J.eq4_derived, J.lemma1_objective_derived_expr]


@pytest.mark.parametrize("make", FORMS)
def test_compiled_program_is_subs_cancel(make):
    expr = make()
    expr = expr.rhs if isinstance(expr, sympy.Equality) else expr
    keys = sorted(expr.free_symbols, key=str)
    rnd = random.Random(7)
    for _ in range(15):
        vals = {k: sympy.Rational(rnd.randint(-30, 30), rnd.randint(1, 12)) for k in keys}
        out = rational_at(expr, vals)
        if out is None:  # a division by zero: sympy's subs + cancel reports it
            assert sympy.cancel(expr.subs(vals)).has(sympy.zoo, sympy.nan)
            continue
        assert out == sympy.cancel(expr.subs(vals))
        assert GM._at(expr, vals) == out


def test_compiled_refuses_what_is_not_rational():
    p, q = sympy.symbols("p q")
    for expr in (sympy.sqrt(p) + 1, sympy.log(p), p ** sympy.Rational(1, 2) * q, p + sympy.pi):
        assert rational_at(expr, {p: sympy.Integer(4), q: sympy.Integer(2)}) is None
    assert rational_at(p * q, {p: 1.5, q: 2}) is None  # a float is not exact
    assert GM._at(sympy.sqrt(p) * q, {p: sympy.Integer(4), q: sympy.Rational(1, 3)}) == sympy.Rational(2, 3)
