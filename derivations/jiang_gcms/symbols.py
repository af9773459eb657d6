"""The symbols of jiang-gcms (Jiang et al., "When Focus Enhances Utility ..."), shared by the printed
transcriptions (``printed_*.py``) and the derivations (``model.py``).  Symbols and display helpers only
(and :func:`thm3_limit`, the operation "k = 1, m = infinity" both sides apply to Theorem 3): no formula of the
paper lives here.

The paper counts clients (f(d) is a count, not a frequency); lam = f(d)/n is the target frequency.
"""

from __future__ import annotations

from functools import cache as _cache

import sympy

from ldpref.exact import EXP_EPS
from ldpref.latex import register_display_name

# ---- Section II (pure protocols) and III-A ------------------------------------------------------------
p, q = sympy.symbols("p q", positive=True)
n = sympy.Symbol("n", positive=True, integer=True)
f = sympy.Symbol("f", nonnegative=True)  # true count of the value d (jiang-gcms counts, not frequencies)
register_display_name(f, "f(d)")  # the paper writes the count with its argument, f(d) (Eq. (2), Lemma 2)
S = sympy.Symbol("S", nonnegative=True, integer=True)  # number of reports whose support holds d
D = sympy.Symbol(r"|\mathcal{D}|", positive=True, integer=True)
fhat = sympy.Symbol(r"\hat{f}(d)")
var_fhat = sympy.Symbol(r"\mathrm{Var}[\hat{f}(d)]")
#: the largest ratio of one output's probabilities under two inputs (what eps-LDP bounds)
WORST_RATIO = sympy.Symbol(r"\max_{y,\,x,\,x'} \frac{P(y \mid x)}{P(y \mid x')}", positive=True)
#: Definition 1's smallest delta for a pair of inputs: sum_y (P(y|X) - e^eps P(y|X'))_+
HOCKEY = sympy.Symbol(r"\sum_{y}\left(P(y|X) - e^{\epsilon}P(y|X')\right)_{+}", nonnegative=True)

# ---- Section II-A: Definition 1 and Theorem 1 ------------------------------------------------------------
eps, eps_c, delta = sympy.symbols(r"\epsilon \epsilon_c \delta", positive=True)
PrS, PrS2 = sympy.symbols(r"\Pr(\mathcal{M}(X)\in{S}) \Pr(\mathcal{M}(X')\in{S})", nonnegative=True)

# ---- Section IV: GCMS ----------------------------------------------------------------------------------
m = sympy.Symbol("m", positive=True, integer=True)
k = sympy.Symbol("k", positive=True, integer=True)
s = sympy.Symbol("s", positive=True, integer=True)
lam = sympy.Symbol(r"\lambda", nonnegative=True)
#: two numbers of hash functions and the optimal p at each (Section VII-B on Fig. 5(b): 'a larger k ... a higher
#: optimal p')
K_1, K_2 = sympy.symbols("k_1 k_2", positive=True, integer=True)
P_STAR_K1, P_STAR_K2 = sympy.Symbol("p^{*}(k_1)", positive=True), sympy.Symbol("p^{*}(k_2)", positive=True)
#: Section VII-D: the target frequency of Apple's p = 0.87 (eps = 3.75, k = 100) relative to n, the f(d)/n at which
#: that p is the optimum ('the resulting target frequency exceeds n')
APPLE_TARGET = sympy.Symbol(r"f_{\mathrm{target}}(p = 0.87)/n")
w = sympy.Symbol("w", positive=True)
C = sympy.Symbol("C(d)")
F2 = sympy.Symbol(r"\sum_{d'\neq d} f(d')^{2}", nonnegative=True)  # sum of squared counts of the other values
var_C = sympy.Symbol(r"\mathrm{Var}[C(d)]")
a1_sym, a2_sym = sympy.symbols(r"\alpha_1 \alpha_2")
bits_sym, ops_sym = sympy.symbols(r"\mathrm{bits} \mathrm{ops}")
e = EXP_EPS
I_same = sympy.Symbol(r"\mathbb{1}_{\{d^{(i)}=d\}}", nonnegative=True)
eps_p = sympy.Symbol(r"\epsilon_p", positive=True)
E_p = sympy.Symbol(r"e^{\epsilon_p}", positive=True)  # e^{eps_p}; e^{eps - eps_p} = e^eps / e^{eps_p}

#: argmin over p of an objective, displayed as such; a check replaces it by the minimiser over the feasible p
#: of its instance (the objective is the function's one argument)
ARGMIN_P = sympy.Function(r"\operatorname{argmin}_{p}")

# Section IV-A, after Eq. (3): the total-variation distance between the laws of one item's estimate under GCMS
# and under a unary encoding with the same p, q (a check computes it from the two exact laws)
TV_LAWS = sympy.Symbol(r"d_{TV}\left(\mathcal{L}(\hat{f}_{GCMS}(d)),\,"
                       r"\mathcal{L}(\hat{f}_{\mathrm{unary}(p,q)}(d))\right)", nonnegative=True)

# Appendix B, Lemma 3: the first and second moments of one indicator Z_j^(i)(d)
EZ, EZ2 = sympy.Symbol(r"E[Z_j^{(i)}]"), sympy.Symbol(r"E[(Z_j^{(i)})^2]")

# Appendix B: the three sums of Eq. (10)
SIGMA_VAR, SIGMA_SAME, SIGMA_PAIRS = sympy.symbols(
    r"\Sigma_{\mathrm{Var}} \Sigma_{\mathrm{same\,client}} \Sigma_{\mathrm{pairs}}")

# Appendix C: the two quantities the chain after alpha_2 names
PQ_SLOPE = sympy.Symbol(r"(p-q)^2(1-\frac{1}{m})")
A2_KM = sympy.Symbol(r"\alpha_2 k (m-1)")
PQ_SLOPE_SQ = sympy.Symbol(r"(p-q)^2(1-\frac{1}{m})^2")  # Appendix C's chain corrected: the square the slope needs


def w_of(pp=p, ee=e):
    """The paper's shorthand w = e^eps (1 - p) + p (Lemma 1)."""
    return ee * (1 - pp) + pp


def pq_form(name: str, pair):
    """Display of a (p, q) pair as {p_name: ., q_name: .}."""
    return {sympy.Symbol(f"p_{{{name}}}"): pair[0], sympy.Symbol(f"q_{{{name}}}"): pair[1]}


@_cache
def thm3_limit(formula_rhs):
    """k = 1 and m -> infinity in Var[C]/((p-q)^2(1-1/m)^2) with F2 fixed (Section IV-B, after Theorem 3: the
    special case of pure protocols): a rational function of m, so the limit is its value at t = 0 after m = 1/t
    and cancellation (the denominator must not vanish).  Applied to the printed and to the derived Var[C]."""
    t = sympy.Symbol("t", positive=True)
    expr = sympy.cancel((formula_rhs / ((p - q) ** 2 * (1 - 1 / m) ** 2)).subs(k, 1).subs(m, 1 / t))
    num, den = sympy.fraction(expr)
    if den.subs(t, 0) == 0:
        raise ValueError("the limit m -> oo is not finite")
    return sympy.factor(num.subs(t, 0) / den.subs(t, 0))

# a statement that needs code to evaluate (shown by its LaTeX): the wrapper printed statements are given as
from ldpref.ledger.forms import Predicate  # noqa: E402,F401

# Section VII-D (Adult, Fig. 8): the two p values of the figure, and 'round to two decimals'
ROUND2 = sympy.Function(r"\mathrm{round}_{2}")
ADULT_P_THIRD = sympy.Symbol(r"p^{*}(f = n/3,\ \epsilon = 3.64)")
ADULT_P_1500 = sympy.Symbol(r"p^{*}(f = 1500,\ \epsilon = 3.75)")
