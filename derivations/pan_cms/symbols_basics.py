"""Symbols and notation of the pan-cms basics (Section 2, Sections 3.1-3.3, Appendices A-C), shared by the printed
transcriptions (:mod:`derivations.pan_cms.printed_basics`, :mod:`derivations.pan_cms.printed_appendix_c`,
:mod:`derivations.pan_cms.printed_sec2`) and the derivations (:mod:`derivations.pan_cms.basics`,
:mod:`derivations.pan_cms.basics_sec2`; the exact evaluation of the sum notation is in
:mod:`derivations.pan_cms.basics_notation`).

Notation classes (sympy ``Function`` subclasses with their own LaTeX):

* :class:`SumIn` ``(term, i, N)`` -- sum over ``i in [N]`` (``[N] = {0, ..., N-1}``).
* :class:`SumInExcept` ``(term, i, N, x)`` -- sum over ``i in [N] \\ x``.
* :class:`Coll` ``(j, a, b)`` -- c_j(a, b) = 1{h_j(a) = h_j(b)}.
* :class:`CBar` ``(a, b)`` -- c_bar(a, b) = (1/k) sum_j c_j(a, b).
* :class:`VarR` ``(j, a, b)`` -- Var(R(h_j(a))[h_j(b)]).
* :class:`Expect`, :class:`VarOp` -- E[.] and Var(.) of the random variable :data:`FHAT` (Eq. (7)).

A sum expands (``doit``) once its size is an integer, by :func:`symbol_subs` (a plain-symbol ``subs``).
"""

from __future__ import annotations

import sympy


# ---- index symbols and notation ----------------------------------------------------------------
x = sympy.Symbol("x", integer=True, nonnegative=True)  # the value whose frequency is estimated
xp = sympy.Symbol("x'", integer=True, nonnegative=True)  # a value held by a client
j = sympy.Symbol("j", integer=True, nonnegative=True)  # a hash-function index
J = sympy.Symbol("j^{(i)}", integer=True, nonnegative=True)  # the index drawn by client i
X = sympy.Symbol("X^{(i)}", integer=True, nonnegative=True)  # the value of client i
fF = sympy.Function("f")  # f(x'): frequency of a value (inside sums)
S = sympy.Symbol(r"\sum_{i \in [n]} \hat{y}^{(i)}[h_{j^{(i)}}(x)]")  # the sum decoded by Eq. (2)
mprime = sympy.Symbol("m'", positive=True)
FHAT = sympy.Symbol(r"\hat{f}(x)")  # the estimator as a random variable (Eq. (7))

E_fhat = sympy.Symbol(r"E[\hat{f}(x)]")
Var_fhat = sympy.Symbol(r"\mathrm{Var}(\hat{f}(x))")
MSE_fhat = sympy.Symbol(r"MSE(\hat{f}(x))")
fhat_sym = sympy.Symbol(r"\hat{f}(x)")
g_sym = sympy.Symbol("g(x)")
E_g = sympy.Symbol("E[g(x)]")
MSE_g = sympy.Symbol("MSE(g(x))")
yhat = sympy.Symbol(r"\hat{y}^{(i)}[h_{j^{(i)}}(x)]")
E_yhat = sympy.Symbol(r"E[\hat{y}^{(i)}[h_{j^{(i)}}(x)]]")
E_yhat2 = sympy.Symbol(r"E[(\hat{y}^{(i)}[h_{j^{(i)}}(x)])^2]")
Var_yhat = sympy.Symbol(r"\mathrm{Var}(\hat{y}^{(i)}[h_{j^{(i)}}(x)])")
Var_sum = sympy.Symbol(r"\mathrm{Var}(\sum_{i \in [n]} \hat{y}^{(i)}[h_{j^{(i)}}(x)])")
E_prod = sympy.Symbol(r"E[\hat{y}^{(i_1)}[h_{j^{(i_1)}}(x)]\, \hat{y}^{(i_2)}[h_{j^{(i_2)}}(x)]]")
Cov_pair = sympy.Symbol(r"\mathrm{Cov}(\hat{y}^{(i_1)}[h_{j^{(i_1)}}(x)], \hat{y}^{(i_2)}[h_{j^{(i_2)}}(x)])")
X1 = sympy.Symbol("X^{(i_1)}", integer=True, nonnegative=True)
X2 = sympy.Symbol("X^{(i_2)}", integer=True, nonnegative=True)
A_sym = sympy.Symbol("A")
B_sym = sympy.Symbol("B")
Pr_tail = sympy.Symbol(r"\Pr[|\hat{f}(x) - f(x)| \geq \alpha \sqrt{\mathrm{Var}(\hat{f}(x))}]")
Pr_upper = sympy.Symbol(r"\Pr[\hat{f}(x) \geq f(x) + \alpha \sqrt{\mathrm{Var}(\hat{f}(x))}]")
Pr_chernoff = sympy.Symbol(r"\Pr[\sum_i \frac{Y^{(i)} - A}{B - A} \geq (1 + \delta) n \frac{f(x) - A}{B - A}]")
alpha_max2 = sympy.Symbol(r"\alpha_{\max}^2")
ratio_sym = sympy.Symbol(r"\min_{f(x)} \frac{\mathrm{Var}(\hat{f}(x))}{(B-A)(f(x)-A)}")
var_sym = sympy.Symbol(r"\mathrm{Var}(\hat{f}(x))", positive=True)  # a positive number in App. C


def _with_exp(tex: str, exp) -> str:
    return tex if exp is None else r"\left(%s\right)^{%s}" % (tex, exp)


def _sizes_known(*vals) -> bool:
    return all(v.is_Integer for v in vals)


class SumIn(sympy.Function):
    """``SumIn(term, i, N)``: the sum of ``term`` over ``i in [N]``; expands when N is an integer."""

    nargs = 3
    linear_sum = True  # summand first, bound index second (ldpref.ledger.edit_proof)

    def doit(self, **hints):
        term, idx, size = self.args
        size = size.doit(**hints) if hasattr(size, "doit") else size
        if _sizes_known(size):
            return sympy.Add(*[symbol_subs(term, {idx: v}) for v in range(int(size))]).doit(**hints)
        return self.func(term, idx, size)

    def _latex(self, printer, exp=None):
        return _with_exp(self._tex(printer), exp)

    def _tex(self, printer):
        term, idx, size = self.args
        return r"\sum_{%s \in [%s]} \left(%s\right)" % (printer._print(idx), printer._print(size), printer._print(term))


class SumInExcept(sympy.Function):
    """``SumInExcept(term, i, N, x)``: the sum of ``term`` over ``i in [N] \\ x``."""

    nargs = 4
    linear_sum = True  # summand first, bound index second (ldpref.ledger.edit_proof)

    def doit(self, **hints):
        term, idx, size, excl = self.args
        if _sizes_known(size, excl):
            return sympy.Add(*[symbol_subs(term, {idx: v}) for v in range(int(size)) if v != int(excl)]).doit(**hints)
        return self.func(term, idx, size, excl)

    def _latex(self, printer, exp=None):
        return _with_exp(self._tex(printer), exp)

    def _tex(self, printer):
        term, idx, size, excl = self.args
        return r"\sum_{%s \in [%s] \setminus %s} \left(%s\right)" % (
            printer._print(idx), printer._print(size), printer._print(excl), printer._print(term))


class Coll(sympy.Function):
    """``c_j(a, b)``: 1 if h_j(a) = h_j(b), else 0."""

    nargs = 3

    def _latex(self, printer, exp=None):
        return _with_exp(self._tex(printer), exp)

    def _tex(self, printer):
        jj, a, b = self.args
        return r"c_{%s}(%s, %s)" % (printer._print(jj), printer._print(a), printer._print(b))


class CBar(sympy.Function):
    """``c_bar(a, b) = (1/k) sum_j c_j(a, b)``."""

    nargs = 2

    def _latex(self, printer, exp=None):
        return _with_exp(self._tex(printer), exp)

    def _tex(self, printer):
        a, b = self.args
        return r"\bar{c}(%s, %s)" % (printer._print(a), printer._print(b))


class VarR(sympy.Function):
    """``Var(R(h_j(a))[h_j(b)])``: variance of coordinate h_j(b) of the decoded report of h_j(a)."""

    nargs = 3

    def _latex(self, printer, exp=None):
        return _with_exp(self._tex(printer), exp)

    def _tex(self, printer):
        jj, a, b = self.args
        pj = printer._print(jj)
        return r"\mathrm{Var}(R(h_{%s}(%s))[h_{%s}(%s)])" % (pj, printer._print(a), pj, printer._print(b))


class RVal(sympy.Function):
    """``R(h_j(a))[h_j(b)]``: the decoded coordinate as a random variable (Eq. (23))."""

    nargs = 3

    def _latex(self, printer, exp=None):
        return _with_exp(self._tex(printer), exp)

    def _tex(self, printer):
        jj, a, b = self.args
        pj = printer._print(jj)
        return r"R(h_{%s}(%s))[h_{%s}(%s)]" % (pj, printer._print(a), pj, printer._print(b))


class Indicator(sympy.Function):
    """``1{a = b}``; evaluates for integers."""

    nargs = 2

    @classmethod
    def eval(cls, a, b):
        if a.is_Integer and b.is_Integer:
            return sympy.Integer(1 if a == b else 0)
        return None

    def _latex(self, printer, exp=None):
        return _with_exp(self._tex(printer), exp)

    def _tex(self, printer):
        a, b = self.args
        return r"\mathbf{1}\{%s = %s\}" % (printer._print(a), printer._print(b))


class Expect(sympy.Function):
    """``E[arg]`` over the distribution of :data:`FHAT`."""

    nargs = 1

    def _latex(self, printer, exp=None):
        return _with_exp(self._tex(printer), exp)

    def _tex(self, printer):
        return r"E\left[%s\right]" % printer._print(self.args[0])


class VarOp(sympy.Function):
    """``Var(arg)`` over the distribution of :data:`FHAT`."""

    nargs = 1

    def _latex(self, printer, exp=None):
        return _with_exp(self._tex(printer), exp)

    def _tex(self, printer):
        return r"\mathrm{Var}\left(%s\right)" % printer._print(self.args[0])



#: node types whose ``subs`` is not a plain rebuild of the arguments (bound variables, branch pruning)
_SUBS_SPECIAL = (sympy.Piecewise, sympy.Derivative, sympy.Integral, sympy.Sum, sympy.Product, sympy.Subs,
                 sympy.Lambda)


def symbol_subs(expr, subs: dict):
    """``expr.subs(subs)`` for a dict of plain symbols -> numbers or symbols: the same substitutions, one symbol at
    a time in the order ``subs`` takes them (default_sort_key), each done by ``xreplace``, the rebuild ``subs``
    itself performs for a symbol when no node type of ``_SUBS_SPECIAL`` is present (Add, Mul, Pow and functions
    rebuild their arguments).  Anything else goes through ``subs``."""
    if not subs:
        return expr
    items = [(sympy.sympify(a), sympy.sympify(b)) for a, b in subs.items()]
    if not (isinstance(expr, sympy.Basic) and all(a.is_Symbol and (b.is_Number or b.is_Symbol) for a, b in items)) \
            or expr.has(*_SUBS_SPECIAL):
        return expr.subs(subs)
    for old, new in sorted(items, key=lambda item: sympy.default_sort_key(item[0])):
        expr = expr.xreplace({old: new})
    return expr


# ---- the statements' named quantities (Sections 2-3, Appendices A-B) ------------------------------
CU_sym = sympy.Symbol(r"\forall x \neq x': \bar{c}(x, x') = \frac{1}{m}")
UNBIASED_sym = sympy.Symbol(r"\forall \mathbf{X}, x: E[\hat{f}(x)] = f(x)")
PI_sym = sympy.Symbol(r"\mathcal{H}\ \text{pairwise independent}")
ZERO_BIAS_sym = sympy.Symbol(r"\forall x \neq x': m \bar{c}(x, x') - 1 = 0")
K_size = sympy.Symbol(r"|\mathcal{H}|", positive=True, integer=True)
SumVar_sym = sympy.Symbol(r"\sum_{i \in [n]} \mathrm{Var}(\hat{y}^{(i)}[h_{j^{(i)}}(x)])")
SumCov_sym = sympy.Symbol(r"\sum_{i_1 \neq i_2} \mathrm{Cov}(\hat{y}^{(i_1)}[h_{j^{(i_1)}}(x)], "
                          r"\hat{y}^{(i_2)}[h_{j^{(i_2)}}(x)])")
iclient = sympy.Symbol("i", integer=True, nonnegative=True)
Xf = sympy.Function("X")  # X(i): the value of client i (for the per-client sums)

# Section 2 (Definition 2.1, Properties 2.1-2.3)
v, vp, u = sympy.symbols("v v' u")
PrM = sympy.Function(r"\Pr")
Cov_R = sympy.Symbol("Cov(R(v)[a], R(v')[b])")
E_Ra, E_Rb = sympy.Symbol("E[R(v)[a]]"), sympy.Symbol("E[R(v')[b]]")
Var_off = sympy.Symbol(r"Var(R(v)[v'])_{v \neq v'}")
Var_diag = sympy.Symbol("Var(R(v)[v])")
