"""Symbols of pan-strict's constructions (Sections 4-5, Appendices C-D), shared by the printed and the
derived forms.  Symbols only: no derivation lives here."""

from __future__ import annotations

import sympy

d = sympy.Symbol("d", positive=True, integer=True)
k = sympy.Symbol("k", positive=True, integer=True)
n = sympy.Symbol("n", positive=True, integer=True)
m = sympy.Symbol("m", positive=True, integer=True)
dp = sympy.Symbol("d'", positive=True, integer=True)  # the extended (prime) dictionary size
dpp = sympy.Symbol("d''", positive=True, integer=True)  # a larger precomputed dictionary size
t = sympy.Symbol("t", positive=True, integer=True)
b = sympy.Symbol("b", positive=True, integer=True)  # number of blocks
N_cols = sympy.Symbol("N", positive=True, integer=True)

COST = sympy.Symbol(r"\mathrm{cost}")  # communication cost in bits
U = sympy.Symbol("|U|")  # number of responses
H_Y = sympy.Symbol("H(Y)")  # entropy of the response distribution
E_HI = sympy.Symbol(r"e_{hi}(d)")
LAMBDA = sympy.Symbol(r"\lambda")
P_SUP = sympy.Symbol("p")
Q_SUP = sympy.Symbol("q")
K_STAR = sympy.Symbol("k^{*}")
K_HAT = sympy.Symbol(r"\hat{k}")
PI_K = sympy.Symbol(r"\pi_k")
COUNT_K = sympy.Symbol(r"\#_k")  # number of buckets of size k
N_K = sympy.Symbol("N_k")
P_Y = sympy.Symbol("p_y")
P_K = sympy.Symbol("p'_k")
W_Y = sympy.Symbol("w_y")
B_XX = sympy.Symbol("b_{x x'}")
IMAGE = sympy.Symbol(r"|\{(a x + b) \bmod d'\}|")
HITS = sympy.Symbol(r"\#\{(a,b): (ax+b, ax'+b) = (t, t')\}")
PAIR_HITS = sympy.Symbol(r"\#_{x,x'}")
C_BAR = sympy.Symbol(r"\bar{c}")
POSITIVE_W = sympy.Symbol(r"\#\{w_y > 0\}")
L_OCMS = sympy.Symbol(r"l_2(\mathrm{OCMS})")
L_STAR = sympy.Symbol(r"l_2^{*}")
ALPHA, BETA = sympy.symbols(r"\alpha \beta")
DELTA_MINUS = sympy.Symbol(r"\delta_{-}")
EXCESS = sympy.Symbol(r"l_2(\mathrm{OCMS})/l_2^{*} - 1")
#: the excess at Section 5.4's example (the abstract's d = 100, eps = 1), OCMS with its best hash range and decoder
EXCESS_EXAMPLE = sympy.Symbol(r"\left.\frac{\ell_2(\mathrm{OCMS})}{\ell_2^{*}} - 1\right|_{d = 100,\ \varepsilon = 1}")
GAP_NEXT, GAP = sympy.Symbol(r"\Delta(d + 1)"), sympy.Symbol(r"\Delta(d)")
N_L_EXT = sympy.Symbol(r"n \ell'")
N_L_EXT2 = sympy.Symbol(r"n \ell''")
OPS = sympy.Symbol(r"\mathrm{ops}")
PAIRS_SOLVED = sympy.Symbol("A w = b")
IS_OSC = sympy.Symbol("OSC")
VAR = sympy.Function("Var")
X, X0, X1 = sympy.symbols("X X_0 X_1")
PI0, PI1 = sympy.symbols(r"\pi_0 \pi_1", nonnegative=True)
TARGET_I, TARGET_J = sympy.symbols("I J")  # identity and all-ones d x d matrices, shown as symbols
DP_D, DP_NEXT = sympy.Symbol("d'(d)"), sympy.Symbol("d'(d+1)")  # the extended primes of d and d + 1
U_SS, U_OCMS = sympy.Symbol(r"|U_{\mathrm{SS}}|"), sympy.Symbol(r"|U_{\mathrm{OCMS}}|")
K_EXT = sympy.Symbol(r"k^{*}(d')")  # the optimal support size for the dictionary size d'
EXCESS_LIM = sympy.Symbol(r"\lim_{d \to \infty} l_2(\mathrm{OCMS})/l_2^{*} - 1")
OFFDIAG_MATCH = sympy.Symbol("offdiag_match")  # the off-diagonal entries of sum_y w_y s_y s_y^T match the target

from ldpref.ledger.forms import Predicate  # noqa: E402,F401  (the wrapper printed statements are shown as)
