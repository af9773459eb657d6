"""The better-neighbour edit (issue 23, item 2): pan-cms's closest-integer rules (Theorem 3.6, Corollary 3.4,
Theorem 3.7) corrected as argmin over m in {floor(m^*), ceil(m^*)} of the paper's named loss, an exact node that
the check evaluates on every instance; the wrong variants (argmax, floor only, the printed rounding) give error."""

import dataclasses

import pytest
import sympy

from ldpref.latex import to_latex
from ldpref.ledger import minimal_edit
from ldpref.ledger.claim import find_claim
from ldpref.ledger.edit_nodes import BetterNeighbour
from ldpref.ledger.runner import run_claim

CLAIMS = ["pan-cms/thm3.6.closest-integer", "pan-cms/cor3.4.closest-integer", "pan-cms/thm3.7.closest-integer"]


def test_better_neighbour_is_exact():
    m, n, e = sympy.symbols("m n e", positive=True)
    loss = sympy.Lambda(m, ((m - 1) + sympy.Rational(11, 5) / (m - 1)) / n)  # t + c/t, t = m - 1, c = 11/5
    name = sympy.Symbol(r"\widehat{MSE}")
    # m* = 1 + sqrt(11/5) = 2.483 rounds to 2, but loss(2) = (1 + 11/5)/n = 16/(5n) > loss(3) = (2 + 11/10)/n: 3
    assert sympy.floor(1 + sympy.sqrt(sympy.Rational(11, 5)) + sympy.Rational(1, 2)) == 2
    assert BetterNeighbour(1 + sympy.sqrt(sympy.Rational(11, 5)), loss, name) == 3
    # c = 9/5: m* = 1 + sqrt(9/5) = 2.342, loss(2) = 14/(5n) < loss(3) = 29/(10n): 2
    low = sympy.Lambda(m, ((m - 1) + sympy.Rational(9, 5) / (m - 1)) / n)
    assert BetterNeighbour(1 + sympy.sqrt(sympy.Rational(9, 5)), low, name) == 2
    assert BetterNeighbour(sympy.Integer(5), loss, name) == 5  # an integer optimum is its own neighbour
    assert BetterNeighbour(e, loss, name).func is BetterNeighbour  # symbolic: unevaluated
    tex = to_latex(BetterNeighbour(1 + e, loss, name))
    assert tex.startswith(r"\operatorname*{arg\,min}_{m \in \{\lfloor m^{*} \rfloor, \lceil m^{*} \rceil\}} "
                          r"\widehat{MSE}(m), \quad m^{*} = ")
    node = BetterNeighbour(1 + e, loss, name)
    assert sympy.sympify(sympy.srepr(node), locals=minimal_edit._function_classes(node)) == node


def test_a_tie_keeps_the_lower_neighbour():
    m = sympy.Symbol("m", positive=True)
    flat = sympy.Lambda(m, sympy.Integer(1))
    assert BetterNeighbour(sympy.Rational(7, 2), flat, sympy.Symbol("L")) == 3


def _with_edit(cid, edit):
    c = find_claim(cid)
    return dataclasses.replace(c, correction=minimal_edit.edited_form(c.printed, edit), edit=edit)


@pytest.mark.parametrize("cid", CLAIMS)
def test_the_edit_is_the_argmin_node_shown_with_the_printed_value(cid):
    c = find_claim(cid)
    edit = minimal_edit.edits(c.paper)[cid]
    printed = c.printed()
    corrected = minimal_edit.apply(printed, edit)
    assert isinstance(corrected.rhs, BetterNeighbour)
    x = printed.rhs.args[0] - sympy.Rational(1, 2)  # the printed value of floor(x + 1/2), kept
    assert corrected.rhs.args[0] == x
    tex = minimal_edit.highlighted_latex(corrected, edit, to_latex(printed), printed)
    assert tex.endswith("=} " + to_latex(x)) and tex.count(r"\textcolor{red}") == 1


def _variant(cid, make):
    edit = minimal_edit.edits("pan-cms")[cid]
    node = minimal_edit.apply(find_claim(cid).printed(), edit).rhs
    return {"edits": [dict(edit["edits"][0], new=sympy.srepr(make(*node.args)))]}


@pytest.mark.parametrize("cid", ["pan-cms/thm3.6.closest-integer", "pan-cms/thm3.7.closest-integer"])
@pytest.mark.parametrize("variant", ["argmax", "floor only", "ceiling only"])
def test_a_wrong_variant_gives_error(cid, variant):
    make = {"argmax": lambda x, loss, name: BetterNeighbour(x, sympy.Lambda(loss.variables, -loss.expr), name),
            "floor only": lambda x, loss, name: sympy.floor(x),
            "ceiling only": lambda x, loss, name: sympy.ceiling(x)}[variant]
    r = run_claim(_with_edit(cid, _variant(cid, make)))
    assert r.verdict == "error" and "correction vs exact" in r.reason, r.reason
