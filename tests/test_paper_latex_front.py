"""The front end of the paper-LaTeX parser (:mod:`ldpref.paper_latex_front`), each reader on its own: cases,
chains of relations, braced extrema, sums over index sets, function notation, equivalences."""

from __future__ import annotations

import pytest
import sympy

from ldpref import paper_latex as PL
from ldpref import paper_latex_front as FE

pytest.importorskip("lark")

a, b, c, x, y, n, m, k, d = sympy.symbols("a b c x y n m k d")


def test_cases_become_a_piecewise_with_each_condition():
    obj = PL.parse(r"\frac{1}{n} \begin{cases} a & \text{if } x \leq \frac{1}{2} \\ b & \text{otherwise} \end{cases}")
    assert obj == sympy.Piecewise((a, x <= sympy.Rational(1, 2)), (b, True)) / n
    two = PL.parse(r"\begin{cases} a & \text{if } x = y \\ b + 1 & \text{if } x \neq y, \end{cases}")
    assert two.args[0] == (a, sympy.Eq(x, y)) and two.args[1][0] == b + 1


def test_a_cases_condition_may_be_a_chain():
    obj = PL.parse(r"\begin{cases} a & \text{if } x \leq 1 \\ b & \text{if } 1 < x \leq 2 \end{cases}")
    assert obj.args[1][0] == b


def test_a_chain_of_relations_is_the_conjunction_of_its_links():
    obj = PL.parse(r"-a \leq \frac{b}{c} < 0")
    assert isinstance(obj, sympy.And)
    assert set(obj.args) == {sympy.Le(-a, b / c), sympy.Lt(b / c, 0)}
    mixed = PL.parse(r"a = b > c")
    assert set(mixed.args) == {sympy.Eq(a, b), sympy.Gt(b, c)}
    assert PL.parse(r"a = b = c") == PL.Chain((a, b, c))  # equalities only: the members (part rhs)


def test_split_relations_keeps_escaped_braces_and_longer_tokens():
    members, ops = FE.split_relations(r"\min\{a, b\} \leq c \neq d")
    assert members == [r"\min\{a, b\}", "c", "d"] and ops == [sympy.Le, sympy.Ne]


def test_braced_extrema_read_as_max_and_min():
    assert FE.extrema_brackets(r"\min\{a, b\} + \max\left\{c, d\right\}") == r"\min(a, b) + \max(c, d)"
    assert PL.parse(r"\frac{1}{n} \min\{a, b\}") == sympy.Min(a, b) / n


def test_sums_over_index_sets_and_their_summand():
    i = sympy.Symbol("i")
    assert PL.parse(r"\sum_{i \in [n]} a i + b") == sympy.Sum(a * i, (i, 0, n - 1)) + b
    except_x = PL.parse(r"\sum_{i \in [n] \setminus x} a")
    assert except_x == sympy.Sum(a, (i, 0, n - 1)) - a
    made = []
    front = PL.Front({"in": lambda t, j, s: made.append((t, j, s)) or sympy.Function("S")(t, j, s)})
    PL.parse(r"\frac{m}{m-1} [a + \sum_{j \in [k]} \frac{b}{k} c] - 1", (), front)
    assert made == [(b * c / k, sympy.Symbol("j"), k)]


def test_linear_sums_make_two_transcriptions_of_a_sum_equal():
    S = type("S", (sympy.Function,), {"nargs": 3})
    j = sympy.Symbol("j")
    one = S((a + b * j) / k, j, n)
    two = S(a / k, j, n) + S(j * b, j, n) / k
    assert sympy.simplify(FE.linear_sums(one, (S,)) - FE.linear_sums(two, (S,))) == 0


def test_function_notation_reads_into_the_given_constructor():
    C = sympy.Function("C")
    text, objects = FE.read_calls(r"1 - c_j(X^{(i)}, x)", lambda t: sympy.Symbol(t),
                                  ((r"c_\{?(\w)\}?\(" + FE.ARG + r",\s*" + FE.ARG + r"\)", C),))
    assert text.startswith("1 - ") and list(objects.values()) == [C(sympy.Symbol("j"), sympy.Symbol("X^{(i)}"), x)]


def test_equivalences_and_implications_keep_both_sides():
    eq = PL.parse(r"a \leq b \iff c > 0")
    assert isinstance(eq, sympy.Equivalent) and set(eq.args) == {a <= b, c > 0}
    imp = PL.parse(r"a > 1, b = 2 \Rightarrow c < 0")
    assert imp == sympy.Implies(sympy.And(a > 1, sympy.Eq(b, 2)), c < 0)


def test_square_grouping_brackets_are_round_ones():
    assert PL.parse(r"\frac{1}{m} [a + b] - 1") == (a + b) / m - 1


def test_a_range_condition_is_contains_interval():
    obj = PL.parse(r"\forall a \in [0, \sqrt{n}]")
    assert obj == sympy.Contains(a, sympy.Interval(0, sympy.sqrt(n)), evaluate=False)


def test_pi_is_the_constant():
    assert PL.parse(r"\sqrt{\frac{8}{\pi}} d") == sympy.sqrt(8 / sympy.pi) * d


def test_the_closest_integer_rounds_half_up():
    assert PL.parse(r"\text{closest integer to} \left(1 + a\right)") == sympy.floor(a + sympy.Rational(3, 2))


def test_square_bracket_operators_nest():
    E = sympy.Function("E")
    assert PL.parse(r"E[a - E[a]]^2", (), PL.Front(operators=(("E", E),))) == E(a - E(a)) ** 2


def test_floor_division_and_orders_of_growth():
    assert PL.parse(r"d//2^{b-1}") == sympy.floor(d / 2 ** (b - 1))
    assert PL.parse(r"\Theta(\frac{d}{\min\{a, b\}})") == sympy.Function("Theta")(d / sympy.Min(a, b))
    assert PL.parse(r"\mathcal{O}(n m)") == sympy.Function("O")(n * m)


def test_a_line_starting_with_a_relation_continues_the_chain():
    assert FE.continued_lines(["a = b", r"= c", r"\leq d", "e"]) == [r"a = b = c \leq d", "e"]
    assert PL.parse(r"a = b \\ = c") == PL.Chain((a, b, c))


def test_a_spacing_command_is_no_relation_and_does_not_stop_the_scan():
    """``\\>`` (a medium space) before a relation: the scan once stood still at the rejected ``>`` for ever."""
    members, ops = FE.split_relations(r"a \> b \le c")
    assert members == [r"a \> b", "c"] and ops == [sympy.Le]
