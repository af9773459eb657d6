"""Symbols of the pan-cms connections (Section 4 and Appendix G), shared by the printed transcriptions
(:mod:`derivations.pan_cms.printed_connections`) and the derivations (:mod:`derivations.pan_cms.connections`)."""

import sympy

b = sympy.Symbol("b", positive=True, integer=True)  # bits of RHR
m1 = sympy.Symbol("m_1", positive=True)
m2 = sympy.Symbol("m_2", positive=True)
m_prime = sympy.Symbol("m'", positive=True)
rho = sympy.Symbol(r"\rho", nonnegative=True)  # probability that two distinct values share their residue
x1, x2 = sympy.symbols("x_1 x_2", nonnegative=True, integer=True)
s_size = sympy.Symbol("s", positive=True, integer=True)  # Hadamard size
ind = sympy.Symbol(r"\mathbb{1}", nonnegative=True)  # indicator [z = h_j(x)]
S_count = sympy.Symbol("S", nonnegative=True)  # number of reports supporting x

# Appendix G
Hhat = sympy.IndexedBase(r"\hat{H}")
Hval = sympy.IndexedBase("H")
i_idx = sympy.Symbol("i", integer=True, positive=True)
