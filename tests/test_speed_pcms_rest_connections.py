"""The RHR Eq. (5) forms evaluated by exact rational arithmetic against sympy's subs (speed-pcms-rest)."""

import sympy

import derivations.pan_cms.connections as C
import derivations.pan_cms.printed_connections as PCN
import proofs_checks.pan_cms.connections_rhr as M
from derivations.pan_cms.symbols import e, f, n
from tree_repr import tree_repr


def test_value_at_is_subs():
    forms = [PCN.rhr_eq5_printed().rhs, C.rhr_eq5_form().rhs]
    for form in forms:
        for bits in (1, 2, 3):
            for ee in (sympy.Integer(2), sympy.Rational(7, 3)):
                for nn, c in ((1, 1), (2, 1), (3, 0)):
                    sub = {C.b: bits, e: ee, n: nn, f: sympy.Rational(c, nn)}
                    fast, slow = M._value_at(form, sub), form.subs(sub)
                    assert fast == slow and tree_repr(fast) == tree_repr(slow)
