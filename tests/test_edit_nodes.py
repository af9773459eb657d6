"""The better-neighbour edit (issue 23, item 2): pan-cms's closest-integer rules (Theorem 3.6, Corollary 3.4,
Theorem 3.7) corrected as argmin over m in {floor(m^*), ceil(m^*)} of the paper's named loss, an exact node that
the check evaluates on every instance; the wrong variants (argmax, floor only, the printed rounding) give error."""

import dataclasses

import numpy as np
import pytest
import sympy

import derivations.pan_cms.optimized as D
from derivations.pan_cms.symbols import d as _d
from derivations.pan_cms.symbols import f_star as _fs
from derivations.pan_cms.symbols import m as _m
from derivations.pan_cms.symbols import n as _n
from ldpref.exact import EXP_EPS as _E
from ldpref.latex import to_latex
from ldpref.ledger import minimal_edit
from ldpref.ledger.claim import find_claim
from ldpref.ledger.edit_nodes import BetterNeighbour, BetterNeighbourOfLoss
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
    # the new parts (the argmin and the name m^*) marked, the printed value plain, and the separator outside the
    # marks so that a line may break there
    assert tex.endswith(r"\textcolor{red}{m^{*}} = " + to_latex(x)) and tex.count(r"\textcolor{red}") == 2
    assert r"}, \quad \textcolor{red}" in tex


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


def _case_split(mstar, loss, point):
    """The rule the derived forms once spelled out as a case split: ceil(m*) if its loss is strictly smaller than at
    max(2, floor(m*)), else the latter (losses at n = 1, compared as exact rationals)."""
    x = sympy.sympify(mstar).xreplace(point)
    low, high = max(2, int(sympy.floor(x))), int(sympy.ceiling(x))
    at = {k: sympy.cancel(loss.xreplace({**point, _m: k, _n: 1})) for k in (low, high)}
    assert all(v.is_Rational for v in at.values())
    return high if at[high] < at[low] else low


_R = sympy.Rational
_RULES = {  # claim -> (derived form, m*, loss, instances: the claims' rule grids)
    "pan-cms/thm3.6.closest-integer": (D.mse_closest_integer_form, D.m_opt_form().rhs,
                                       sympy.Max(D.var_rr_derived(0), D.var_rr_derived(_fs)),
                                       [{_E: ee, _fs: fs} for fs in (_R(0), _R(1, 4), _R(1, 2), _R(1))
                                        for ee in (_R(2), _R(21, 10), _R(5, 2), _R(3), _R(4), _R(5), _R(6), _R(7))]),
    "pan-cms/cor3.4.closest-integer": (D.cor34_closest_integer_form, D.crossover_m_derived(),
                                       sympy.Max(D.var_rr_derived(0), D.var_rr_derived(1)),
                                       [{_E: ee} for ee in (_R(2), _R(21, 10), _R(11, 5), _R(3), _R(4), _R(5), _R(6),
                                                            _R(7), _R(8))]),
    "pan-cms/thm3.7.closest-integer": (D.l2_closest_integer_form, D.m_l2_derived(), D.l2_rr_derived(),
                                       [{_E: ee, _d: dd} for dd in (2, 3, 4)
                                        for ee in (_R(2), _R(21, 10), _R(5, 2), _R(3), _R(4), _R(5), _R(6))]),
}


@pytest.mark.parametrize("cid", CLAIMS)
def test_the_derived_rule_is_the_better_neighbour_on_one_line(cid):
    """The derived form is the argmin node of the derived m* and loss, shown as three short rows (the argmin, m*, the
    loss defined; no case split of the two losses, nothing scaled), and at every instance of the claim's grid it
    gives the integer of the case split it replaced (the better of max(2, floor m*) and ceil m*, the lower on a tie);
    the paper's rounding differs somewhere on the grid."""
    from ldpref.texbreak import layout
    from proofs_checks.pan_cms.optimized import value_at

    form, mstar, loss, grid = _RULES[cid]
    derived = form()
    assert find_claim(cid).derived is form and isinstance(derived.rhs, BetterNeighbourOfLoss)
    assert derived.rhs.args[0] == mstar and derived.rhs.args[1].expr == loss
    name = derived.rhs.args[2].name
    tex = to_latex(derived)
    assert tex.startswith(r"m_{\mathbb{Z}}^{*} = \operatorname*{arg\,min}_{m \in \{\lfloor m^{*} \rfloor, \lceil m^{*} "
                          rf"\rceil\}}}} {name}(m), \quad m^{{*}} = {to_latex(mstar)}, \quad {name}(m) = ")
    assert tex.endswith(to_latex(loss)) and tex.count(r"\lceil") == 1
    rows = layout(tex, 36.0)
    assert rows.scaled == 0 and rows.rows[0].endswith(f"{name}(m)")
    assert rows.rows[1].removeprefix(r"\fittopage{").startswith("m^{*} = ")  # a case split of m* alone
    values = [value_at(derived, point) for point in grid]
    assert values == [_case_split(mstar, loss, point) for point in grid]
    worse = [value_at(derived.func(derived.lhs, sympy.floor(mstar + _R(1, 2))), point) for point in grid]
    assert worse != values  # the paper's rounding differs somewhere on the grid


@pytest.mark.parametrize("cid", CLAIMS)
def test_numeric_code_gives_the_exact_neighbour(cid):
    """lambdify (numpy, vectorised, and mpmath: a figure's curve, ``ldpref.lambdified``) evaluates the node as its
    exact value on the claim's grid; the loss's name is no parameter."""
    from ldpref.lambdified import lambdify_expr
    from proofs_checks.pan_cms.optimized import value_at

    form, _, _, grid = _RULES[cid]
    rhs = form().rhs
    fn = lambdify_expr(cid, rhs)
    assert set(fn.symbols) == rhs.free_symbols and not any("MSE" in k or k == "l_2" for k in fn.keys)
    rows = [{**point, _n: 1} for point in grid]
    exact = [int(value_at(rhs, row)) for row in rows]
    columns = {s: [float(row[s]) for row in rows] for s in fn.symbols}
    assert [int(v) for v in fn.numpy(*[np.array(columns[s]) for s in fn.symbols])] == exact
    assert [int(fn.mpmath(*[row[s] for s in fn.symbols])) for row in rows] == exact


def test_printed_vs_derived_can_pass_and_fail():
    """Theorem 3.7's rule: printed = the derived form gives verified (the expression trees agree, every instance
    at the optimum); a printed argmax of the same loss is caught by both the symbolic step and the instances."""
    c = find_claim("pan-cms/thm3.7.closest-integer")
    derived = c.derived()
    assert run_claim(dataclasses.replace(c, printed=c.derived)).verdict == "verified"
    x, loss, name = derived.rhs.args
    argmax = derived.func(derived.lhs, BetterNeighbour(x, sympy.Lambda(loss.variables, -loss.expr), name))
    r = run_claim(dataclasses.replace(c, printed=lambda: argmax))
    failed = {rec.name for rec in r.records if not rec.passed}
    assert r.verdict == "erratum" and "rounding rule vs the better neighbour (expression trees)" in failed
    assert any("printed vs exact" in check for check in failed), failed


@pytest.mark.parametrize("cid", CLAIMS)
def test_xreplace_decides_as_the_node_rebuilt_would(cid):
    """The node's xreplace (the loss read at the two neighbours at once) gives what rebuilding it with every part
    replaced gives (its eval), with n left symbolic or put in; with x still symbolic it stays a node; a rule naming
    the bound m does not reach the loss."""
    form, _, _, grid = _RULES[cid]
    node = form().rhs
    x, loss, name = node.args

    def rebuilt(rule):
        inner = {k: v for k, v in rule.items() if k != _m}
        return node.func(x.xreplace(rule), sympy.Lambda(loss.variables, loss.expr.xreplace(inner)), name)

    for point in grid:
        for rule in (point, {**point, _n: 7}, {**point, _m: 5}):
            fast = node.xreplace(rule)
            assert fast.is_Integer and fast == rebuilt(rule)
    partial = node.xreplace({_n: 3})
    assert isinstance(partial, BetterNeighbour) and _n not in partial.free_symbols
