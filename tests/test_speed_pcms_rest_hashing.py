"""The compiled radical relations of the pan-cms hashing statements against sympy's own decision (speed-pcms-rest)."""

import itertools

import sympy
from flint import fmpq

import proofs_checks.pan_cms.hashing as HM

a, b, c = sympy.symbols("a b c")


def _sympy_truth(rel, point):
    value = rel.xreplace({s: sympy.Rational(v.p, v.q) for s, v in point.items()})
    return bool(value) if value in (sympy.true, sympy.false) else None


def test_radical_relations_match_sympy():
    relations = [sympy.Le(1 / (4 * a), sympy.sqrt(b) * sympy.sqrt(c)), sympy.Gt(2 * a + 1, 1 / sympy.sqrt(b)),
                 sympy.Le(sympy.sqrt(a * b), 1 / (sympy.sqrt(c) * sympy.sqrt(b + 1))),
                 sympy.Eq(a, 2 ** (-2 * c)), sympy.Lt(-sympy.sqrt(b), a),
                 sympy.Ge(sympy.sqrt(a) * b, c * sympy.sqrt(2))]
    values = [fmpq(-3, 2), fmpq(0), fmpq(1, 4), fmpq(1), fmpq(2), fmpq(9, 4)]
    decided = 0
    for rel in relations:
        program = HM.statement_program(rel)
        assert program is not None
        for va, vb, vc in itertools.product(values, repeat=3):
            point = {a: va, b: vb, c: vc}
            fast = program(point, {})
            if fast is None:  # no radical value there (sqrt of a negative, 1/0): the general path decides
                continue
            assert fast == _sympy_truth(rel, point), (rel, point)
            decided += 1
    assert decided > 500


def test_polynomial_facts_decide_identities_only():
    V = sympy.Symbol("V")
    poly = sympy.Rational(1, 3) + 2 * c - sympy.Rational(5, 7) * c**2
    for form, expected in ((sympy.Eq(V, sympy.Rational(1, 3) + 2 * c - sympy.Rational(5, 7) * c**2), True),
                           (sympy.Eq(V, sympy.Rational(1, 3) + 2 * c), False),
                           (sympy.And(sympy.Eq(V, poly), sympy.Lt(a, 0)), False),
                           (sympy.Ne(V / (1 + c), poly / (1 + c)), False)):
        facts = {V: poly, a: sympy.Rational(1, 2)}
        program = HM.statement_program(form)
        assert program(*HM._rational_env(facts)) is expected
        assert HM.truth(form, facts) is expected
    # an inequality between functions of c is not decided by the program (the general path decides or raises)
    assert HM.statement_program(sympy.Lt(V, 1))(*HM._rational_env({V: poly})) is None
