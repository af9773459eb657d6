"""Symbols of pan-cms's Section 5 and Appendices H-I (tables, communication, empirical MSE): symbols only, and
:func:`disp`, the display of ``log(a)/log(2)`` as the symbol :data:`LOG2` (display only, no computation).

Shared by the printed transcriptions (:mod:`derivations.pan_cms.printed_tables`) and the derivations
(:mod:`derivations.pan_cms.tables`), so both name the same sympy objects.
"""

import sympy

from .symbols_statements import Predicate  # noqa: F401  (statements that need code, for printed modules)

m = sympy.Symbol("m", positive=True)  # hash range (a real number when optimised)
m1 = sympy.Symbol("m_1", positive=True)  # inner hash range of CMS+HE (Section 4.5)
t = sympy.Symbol("t", positive=True, integer=True)  # experiment rounds (Eq. (22), Appendix I)
X = sympy.Symbol(r"|\mathbf{x}|", positive=True, integer=True)  # number of values of interest
b = sympy.Symbol("b", positive=True, integer=True)  # RHR bits
k_ss = sympy.Symbol("k", positive=True)  # subset size of SS
rho = sympy.Symbol(r"\rho", nonnegative=True)  # fraction of clients whose function has a partner of x
Theta = sympy.Function(r"\Theta")
Omega = sympy.Function(r"\Omega")
LOG2 = sympy.Function(r"\log_{2}")  # display of log(a)/log(2)


def disp(expr):
    """Display form: ``log(a)/log(2)`` written as ``log_2(a)`` (LaTeX only; never used in computations)."""
    if isinstance(expr, (list, tuple)):
        return type(expr)(disp(x) for x in expr)
    if not isinstance(expr, sympy.Basic):
        return expr
    inv = sympy.Pow(sympy.log(2), -1)

    def is_log2_term(x):
        return x.is_Mul and inv in x.args and any(isinstance(f, sympy.log) and f.args[0] != 2 for f in x.args)

    def rewrite(x):
        args = list(x.args)
        args.remove(inv)
        i = next(i for i, f in enumerate(args) if isinstance(f, sympy.log) and f.args[0] != 2)
        args[i] = LOG2(args[i].args[0])
        return sympy.Mul(*args)
    return expr.replace(is_log2_term, rewrite)


def log2(x):
    return sympy.log(x, 2)


def sym(name: str):
    """A named quantity of a statement (no assumptions): the check gives it its exact value per instance."""
    return sympy.Symbol(name)


# ---- named quantities of statements (the check gives each its exact value at an instance) -------------
MSE_RHR = sym(r"n\,\widehat{MSE}_{RHR}")  # RHR's worst-case n MSE
BITS = sym(r"\mathrm{bits}")  # bits a construction takes
BIAS = sym(r"\max_{\mathrm{datasets}} |E[\hat{f}(x)] - f(x)|")  # the largest bias over all datasets
B_MIN = sym(r"b_{\min}")  # the fewest fair bits that generate pairwise-independent assignments
K_H = sym("k")  # number of hash functions of a family
E_MSE_BAR = sym(r"E[\overline{MSE}(\hat{f})]")  # expected empirical worst-case MSE (Eq. (22))
MAX_E_S = sym(r"\max_{x} E[(\hat{f}(x) - f(x))^2]")
N_MSE = sym(r"n\,\widehat{MSE}")  # worst-case n MSE
VAR_F0, VAR_F1 = sym(r"n Var|_{f=0}"), sym(r"n Var|_{f=1}")  # n Var at the endpoints f(x) = 0, 1
P_SUPP, Q_SUPP = sym("p"), sym("q")  # support probabilities of a pure protocol
DVAR = sym(r"\partial\, n Var(\hat{f}(x))/\partial f(x)")  # slope of n Var in f(x)
LOG2_H = sym(r"\log_2 |\mathcal{H}|")
E_FHAT = sym(r"E[\hat{f}(x)]")
BITS_PUB, BITS_PRIV = sym(r"\mathrm{bits}_{pub}"), sym(r"\mathrm{bits}_{priv}")
