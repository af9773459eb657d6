"""Symbols of the pan-cms hashing part (Sections 3.5-3.6, Appendices E-F), shared by the printed
transcriptions (:mod:`derivations.pan_cms.printed_hashing`) and the derivations
(:mod:`derivations.pan_cms.hashing`).  Names follow the paper; quantities a check supplies per instance
(a probability, a variance, a limit) are symbols here so that a statement form can be evaluated at a point."""

import sympy

from ldpref.exact import EXP_EPS

e = EXP_EPS
s = sympy.Symbol(r"e^{\epsilon/2}", positive=True)  # e^{eps/2} (Corollary 3.6: m = 1 + e^{eps/2})
mp = sympy.Symbol("m'", positive=True)  # m' of Eq. (8)
x1, x2 = sympy.symbols("x_1 x_2", integer=True, nonnegative=True)
xa, xb = sympy.symbols("x x'", integer=True)  # Section 3.6: c_j(x, x')
S2 = sympy.Symbol(r"\sum_{x' \neq x} f(x')^2", nonnegative=True)
S1 = sympy.Symbol(r"\sum_{x' \neq x} f(x')", nonnegative=True)
Var_f = sympy.Symbol(r"Var(\hat{f}(x))", positive=True)
Var_f0 = sympy.Symbol(r"Var(\hat{f}(x)|f(x)=0)", positive=True)
Var_g = sympy.Symbol(r"Var(g(x|\mathcal{H}'))", positive=True)
Var_fH = sympy.Symbol(r"Var[\hat{f}(x|\mathcal{H}')]", positive=True)
MSE_g = sympy.Symbol(r"MSE(g)", positive=True)
MSE_hat = sympy.Symbol(r"\widehat{MSE}(\hat{f})", positive=True)
MSE_H = sympy.Symbol(r"MSE(f(x)|\mathcal{H}')", positive=True)
MSE_f = sympy.Symbol(r"MSE(\hat{f}(x))", positive=True)
l2_g = sympy.Symbol(r"l_{2}(g)", positive=True)
l2_f = sympy.Symbol(r"l_{2}^{*}(\hat{f})", positive=True)
l2_fs = sympy.Symbol(r"l_{2}(\hat{f})", positive=True)
bias_H = sympy.Symbol(r"(E[\hat{f}(x|\mathcal{H}')] - f(x))")
dVdm = sympy.Symbol(r"\partial Var(g(x|\mathcal{H}'))/\partial m'")
Pr_coll = sympy.Symbol(r"\Pr_{h' \in \mathcal{H}'}(h'(x_1) = h'(x_2))")
Pr_pair = sympy.Symbol(r"\Pr_{h \in \mathcal{H}}(h(x_1) = y_1, h(x_2) = y_2)")
H_size = sympy.Symbol(r"|\mathcal{H}|", positive=True)
E_draw = sympy.Symbol(r"E_{\forall c_j(x, x')}[E[\hat{f}(x)]]")
V_draw = sympy.Symbol(r"Var_{\forall c_j(x, x')}(E[\hat{f}(x)])", nonnegative=True)
Var_cj = sympy.Symbol(r"Var(c_{j}(x, x'))")
E_cj = sympy.Symbol(r"E[c_{j}(x, x')]")
Pr_cj = sympy.Symbol(r"\Pr(c_{j}(x, x') = 1)")
Pr_bias = sympy.Symbol(r"\Pr((E[\hat{f}(x)] - f(x))^2 \leq \tau Var(\hat{f}(x)))")
B_exists = sympy.Symbol(r"\exists\ \mathrm{pairwise\text{-}independent}\ \mathcal{H}: [d] \to [6]")
Pr_y = sympy.Symbol(r"\Pr(h'(x) = y)")
y_sym = sympy.Symbol("y", integer=True, nonnegative=True)
kc = sympy.Symbol(r"k \bar{c}(x, x')")
i_sym = sympy.Symbol("i", integer=True, nonnegative=True)
Pr_kc = sympy.Symbol(r"\Pr(k \bar{c}(x, x') = i)")
E_kc = sympy.Symbol(r"E[\sum_{j} c_{j}(x, x')/k]")
T_sym = sympy.Symbol(r"T(m, m', \epsilon)")
alpha0, alpha1, alpha2 = sympy.symbols("alpha_0 alpha_1 alpha_2", real=True)
per_x_hyp = sympy.Symbol(r"\forall x: Var(g(x)) \leq (1+\tau) Var(\hat{f}(x))")
slope_f = sympy.Symbol(r"\partial Var(\hat{f}(x))/\partial f(x)")
bias_n = sympy.Symbol(r"b(f; n)")  # bias of E[f_hat(x)|draw] with n clients
bias_tn = sympy.Symbol(r"b(f; t n)")  # the same frequencies with t n clients
bias_model = sympy.Symbol(r"\frac{m}{m-1}\sum_{x' \neq x} (\bar{c}(x, x') - \frac{1}{m}) f(x')")
Var_pw = sympy.Symbol(r"Var(\hat{f}(x))|_{\mathrm{pairwise}}")
Var_3w = sympy.Symbol(r"Var(\hat{f}(x))|_{3\text{-}wise}")
q_lim = sympy.Symbol(r"\lim_{n \to \infty} q_{min}/n^{1/4}")
k_lim = sympy.Symbol(r"\lim_{n, m \to \infty} k_{min} m/n")
V1 = sympy.Symbol("V_1", positive=True)  # n Var(f_hat(x)) at f(x) = 0
vmin = sympy.Symbol(r"\min_{draw} Var(\hat{f}(x)|draw)", positive=True)
lhs43 = sympy.Symbol(r"\tau\,LHS_{(43)}")
