"""Symbols shared by the pan-cms derivations (names follow the paper)."""

import sympy

from ldpref.exact import EXP_EPS

e = EXP_EPS  # e^eps
eps = sympy.Symbol("epsilon", positive=True)  # only where the paper writes eps itself (Table 2, Theta orders)
m = sympy.Symbol("m", positive=True)  # hash range
k = sympy.Symbol("k", positive=True, integer=True)  # number of hash functions
n = sympy.Symbol("n", positive=True, integer=True)  # number of clients
d = sympy.Symbol("d", positive=True, integer=True)  # dictionary size
f = sympy.Symbol("f(x)", nonnegative=True)  # frequency of the value of interest
f_star = sympy.Symbol("f^*", nonnegative=True)  # upper bound on f(x) over the values of interest
cbar = sympy.Symbol(r"\bar{c}", nonnegative=True)  # collision rate c_bar(x, x')
var_eq = sympy.Symbol(r"Var(R|=)", positive=True)  # Property 2.3
var_neq = sympy.Symbol(r"Var(R|\neq)", positive=True)
tau = sympy.Symbol("tau", positive=True)
delta = sympy.Symbol("delta", positive=True)
q = sympy.Symbol("q", nonnegative=True, integer=True)  # 2^l = q m + r (Section 3.5)
r = sympy.Symbol("r", nonnegative=True, integer=True)
l = sympy.Symbol("l", positive=True, integer=True)
alpha = sympy.Symbol("alpha", nonnegative=True)
