"""Exact sympy nodes that a minimal edit may put into a printed form (issue 23, item 2), where no sympy function
says what the author would write.

:class:`BetterNeighbour` -- ``argmin over m in {floor(x), ceil(x)} of L(m)``: the better of the two integer
neighbours of a continuous optimum ``x`` by a named loss ``L`` (pan-cms Theorem 3.6, Corollary 3.4, Theorem 3.7,
"m is the closest integer to ...": a loss of the form a t + b + c/t, t = m - 1, switches between neighbouring
integers at their geometric, not their arithmetic, mean, so rounding picks the worse one in a band below each
half-integer).  The edit replaces the rounding node ``floor(x + 1/2)`` by this node; the printed ``x`` survives
once, and the LaTeX names the loss (``\\widehat{MSE}(m)``) instead of expanding it.

The node evaluates itself exactly once ``x`` is a number: floor and ceiling of ``x`` by :func:`ldpref.exact.exact_floor`
(rigorous enclosures; a radical at an integer is that integer only by a proof), the two losses at those
integers (rational at rational e^eps), compared exactly -- two numbers by the one evaluator's ordering
(:func:`ldpref.ledger.forms_extremes.exact_order`), anything else by sympy's assumptions on the symbols left (the
loss's 1/n with n > 0); two numbers whose enclosures never separate and whose difference is not proved 0 raise
the ordering's ValueError naming both; a comparison of symbols nothing decides leaves the node unevaluated (and the
check that needs its value fails).  A tie keeps the lower neighbour.  Numeric code (lambdify to numpy or mpmath: a
figure's curve) prints it as the test ``L(ceil x) < L(floor x)`` choosing between the two neighbours.

:class:`BetterNeighbourOfLoss` -- the same node whose LaTeX also defines the loss: the derived forms of those three
claims (``derivations.pan_cms.optimized``), the better neighbour of the derived real optimum under the derived loss.

:data:`EDIT_NODES` maps class names to classes: the names an edit's srepr may use beyond the printed form's own
functions (:func:`ldpref.ledger.minimal_edit.apply`).
"""

from __future__ import annotations

import sympy

from ..decide.for_all import one_sign
from ..exact import exact_ceiling, exact_floor
from ..latex import to_latex
from .forms_extremes import exact_order


def _sign_of_difference(a, b) -> int | None:
    """The sign of ``a - b`` (-1, 0, 1) decided exactly, or None (symbols left undecided).  Two numbers are ordered
    by the one evaluator's ordering (:func:`ldpref.ledger.forms_extremes.exact_order`: rationals directly, else
    rigorous enclosures, a tie only when the difference is proved 0); with symbols left, by
    :func:`ldpref.decide.for_all.one_sign` over the domain each symbol declares (a positive symbol, such as the
    loss's n, ranges over (0, oo)): one sign there, or None (a symbol with no such domain, or both signs)."""
    if a.is_number and b.is_number:
        sign = exact_order(a, b)
        if sign is not None:
            return sign
    diff = sympy.cancel(sympy.together(a - b))
    if diff.is_Rational:
        return int(bool(diff > 0)) - int(bool(diff < 0))
    return one_sign(diff, {s: 0 for s in diff.free_symbols if s.is_positive})


def _neighbours(x) -> tuple:
    """(floor(x), ceil(x)) of a real number, decided by :func:`ldpref.exact.exact_floor` (rigorous enclosures, an
    integer only by a proof, else OrderUndecided), never by sympy's numerical floor."""
    return sympy.Integer(exact_floor(x)), sympy.Integer(exact_ceiling(x))


class BetterNeighbour(sympy.Function):
    """``BetterNeighbour(x, Lambda(m, L), name)``: of the integers floor(x) and ceil(x), the one with the smaller
    loss ``L`` (the lower on a tie); ``name`` is a Symbol whose name is the loss's LaTeX (``\\widehat{MSE}``)."""

    nargs = 3

    @classmethod
    def eval(cls, x, loss, name):
        if not isinstance(loss, sympy.Lambda) or len(loss.variables) != 1:
            raise TypeError("BetterNeighbour: the loss must be a Lambda of one variable")
        if not isinstance(name, sympy.Symbol):
            raise TypeError("BetterNeighbour: the loss's name must be a Symbol")
        if not (isinstance(x, sympy.Expr) and x.is_number):
            return None
        low, high = _neighbours(x)
        if low == high:
            return low
        sign = _sign_of_difference(loss(high), loss(low))
        if sign is None:
            return None
        return high if sign < 0 else low

    def _eval_is_integer(self):
        return True

    def _xreplace(self, rule):
        """``xreplace`` that decides the node at once when the new ``x`` is a number: the loss at each neighbour
        with ``rule`` and the neighbour put in together (numbers), compared as :meth:`eval` compares them.  Putting
        ``rule`` into the loss first (what ``xreplace`` does to every node) rebuilds ``L(m)`` with m still a
        symbol -- for a ``Max`` of two losses, sympy tries to order them in m (a tenth of a second per instance) --
        before it is read at two integers only.  The value is the same; anything undecided takes the usual way."""
        if self in rule:
            return rule[self], True
        x, loss, _ = self.args
        new_x, _changed = x._xreplace(rule)
        if isinstance(new_x, sympy.Expr) and new_x.is_number:
            low, high = _neighbours(new_x)
            if low == high:
                return low, True
            var = loss.variables[0]
            inner = {k: v for k, v in rule.items() if k != var}
            sign = _sign_of_difference(loss.expr.xreplace({**inner, var: high}),
                                       loss.expr.xreplace({**inner, var: low}))
            if sign is not None:
                return (high if sign < 0 else low), True
        return super()._xreplace(rule)

    @property
    def free_symbols(self):
        """The symbols of ``x`` and of the loss: the name is a label (what the LaTeX calls the loss), not a
        variable, so it is no parameter a value must be given for."""
        x, loss, _ = self.args
        return x.free_symbols | loss.free_symbols

    def neighbours(self):
        """``(floor(x), ceil(x), L(ceil(x)) < L(floor(x)))``: the rule written out -- ``ceil(x)`` where the test holds,
        else ``floor(x)`` -- as numeric code evaluates it (lambdify to numpy/mpmath, e.g. a figure's curve in
        floats); the exact value is :meth:`eval`'s."""
        x, loss, _ = self.args
        low, high = sympy.floor(x), sympy.ceiling(x)
        return low, high, sympy.StrictLessThan(loss(high), loss(low))

    def _numpycode(self, printer) -> str:
        """``numpy.where(test, ceil, floor)`` (a Piecewise would have numpy's printer simplify the test first)."""
        low, high, test = (printer._print(v) for v in self.neighbours())
        return f"{printer._module_format(printer._module + '.where')}({test}, {high}, {low})"

    def _scalar_code(self, printer) -> str:
        low, high, test = (printer._print(v) for v in self.neighbours())
        return f"(({high}) if ({test}) else ({low}))"

    _mpmathcode = _pythoncode = _lambdacode = _scalar_code

    def _latex(self, printer):
        """``\\operatorname*{arg\\,min}_{m \\in \\{\\lfloor m^{*}\\rfloor, \\lceil m^{*}\\rceil\\}} L(m), \\quad
        m^{*} = x``: the continuous optimum written once, after the argmin."""
        return self.marked_latex(None)

    def marked_latex(self, highlight: str | None) -> str:
        """The LaTeX with the new part (the argmin over the two neighbours, and the name m^*) in ``highlight``
        and the printed value ``x`` plain: what the edit changed, and what it kept."""
        x, loss, name = self.args
        var = to_latex(loss.variables[0])
        star = f"{var}^{{*}}"
        argmin = (rf"\operatorname*{{arg\,min}}_{{{var} \in \{{\lfloor {star} \rfloor, \lceil {star} \rceil\}}}} "
                  rf"{name.name}({var})")
        if highlight is not None:  # the separator stays outside the marks: a line may break after it
            argmin, star = f"{highlight}{{{argmin}}}", f"{highlight}{{{star}}}"
        return rf"{argmin}, \quad {star} = {to_latex(x)}"


class BetterNeighbourOfLoss(BetterNeighbour):
    """The same node (same value, same evaluation), its LaTeX also defining the loss it names:
    ``argmin_{m in {floor m*, ceil m*}} L(m), m* = x, L(m) = <loss>`` -- for a derived form, whose loss is ldpref's
    derivation and must be shown (a correction's loss is the paper's own, named)."""

    def _latex(self, printer):
        _, loss, name = self.args
        return (f"{super()._latex(printer)}, \\quad {name.name}({to_latex(loss.variables[0])}) = "
                f"{to_latex(loss.expr)}")


def marked_node(text: str, node, highlight: str) -> str | None:
    """``text`` with a node of this module that occurs once in it shown with its own marks
    (:meth:`BetterNeighbour.marked_latex`); None for any other node."""
    if not hasattr(node, "marked_latex"):
        return None
    whole = to_latex(node)
    return text.replace(whole, node.marked_latex(highlight), 1) if text.count(whole) == 1 else None


#: class name -> class, for the srepr of an edit's new value
EDIT_NODES = {"BetterNeighbour": BetterNeighbour}
