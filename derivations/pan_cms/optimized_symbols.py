"""Symbols of the optimized-CMS forms (Section 3.4, Appendix D): left-hand-side labels and the quantities
the statements of that part relate.  Symbols only: both the printed and the derived modules import it."""

import sympy

# labels on the left-hand side of printed/derived forms
a_sym, b_sym = sympy.symbols("a b")
Delta_MSE = sympy.Symbol(r"\Delta_{MSE}", positive=True)
Delta_l = sympy.Symbol(r"\Delta_{l}", positive=True)
MSE_hat = sympy.Symbol(r"\widehat{MSE}(\hat{f})")
Var_rr = sympy.Symbol(r"Var(\hat{f}(x)_{RR})")
Var_rp = sympy.Symbol(r"Var(\hat{f}(x)_{RP})")
Var_star = sympy.Symbol(r"Var^{*}(\hat{f}(x)_{RR})")
l2_rr_sym = sympy.Symbol(r"l_2(\hat{f}_{RR})")
l2_star = sympy.Symbol(r"l_2^{*}(\hat{f})")
l2_min = sympy.Symbol(r"\min_m l_2(\hat{f}_{RR})")
m_int = sympy.Symbol(r"m_{\mathbb{Z}}^{*}")
argmin_f0 = sympy.Symbol(r"\arg\min_m Var(\hat{f}(x)_{RR}|f(x)=0)")
dvar1_sym = sympy.Symbol(r"\frac{\partial Var(\hat{f}(x)_{RR}|f(x)=1)}{\partial m}")
dvar0_sym = sympy.Symbol(r"\frac{\partial Var(\hat{f}(x)_{RR}|f(x)=0)}{\partial m}")
lim_m_sym = sympy.Symbol(r"\lim_{d\to\infty} m^{*}")
l1_up = sympy.Symbol(r"\lceil l_1(\hat{f})\rceil")
lim_mse17 = sympy.Symbol(r"\lim_{\epsilon\to\infty}\widehat{MSE}_{(17)}")
lim_var_rp = sympy.Symbol(r"\lim_{m\to\infty} Var(\hat{f}(x)_{RP})")
m_sym_plain = sympy.Symbol("m")

# quantities a statement relates; each check substitutes their values at an instance
l1_sym = sympy.Symbol(r"l_1(\hat{f})", nonnegative=True)  # the l1 loss (max over datasets)
l2_sym = sympy.Symbol(r"l_2(\hat{f})", nonnegative=True)  # the l2 loss
l1_star = sympy.Symbol(r"l_1^{*}(\hat{f})", nonnegative=True)  # l1 at the l2-optimal (rounded) m
W_sym = sympy.Symbol(r"\max_{f(x)} Var(\hat{f}(x)_{RR})", nonnegative=True)  # worst-case variance at m
V0 = sympy.Symbol(r"Var(\cdot|f{=}0)", nonnegative=True)  # variance with f(x) = 0 at m
V1 = sympy.Symbol(r"Var(\cdot|f{=}1)", nonnegative=True)  # with f(x) = 1 at m
V0_next = sympy.Symbol(r"Var(\cdot|f{=}0)_{m+1}", nonnegative=True)  # with f(x) = 0 at m + 1
V_m = sympy.Symbol(r"Var_{m}(\hat{f}(x)_{RP})", nonnegative=True)  # RAPPOR variance at m
V_next = sympy.Symbol(r"Var_{m+1}(\hat{f}(x)_{RP})", nonnegative=True)  # at m + 1
rp_inf = sympy.Symbol(r"\inf_m \widehat{MSE}_{RP}", nonnegative=True)  # inf over m of a RAPPOR loss
rr_opt = sympy.Symbol(r"\min_m \widehat{MSE}_{RR}", nonnegative=True)  # CMS+RR optimum (same loss)
rp_finite = sympy.Symbol(r"\min_{2\le m\le 7} l_2(\hat{f}_{sRP})", nonnegative=True)
ratio_sym = sympy.Symbol(r"\lim_{d\to\infty}\frac{\inf_m l_2(\hat{f}_{aRP})}{l_2^{*}(\hat{f}_{RR})}")
gap_sym = sympy.Symbol(r"\min_{d}\,\mathrm{sign}(\inf_m l_2(\hat{f}_{aRP}) - l_2^{*})")
m_tau = sympy.Symbol(r"m_{\tau}", positive=True)  # the m CMS+aRP needs (Eq. (38))
rr_int = sympy.Symbol(r"\min_{m\in\mathbb{Z}} \mathcal{L}(CMS{+}RR)", nonnegative=True)
rr_real = sympy.Symbol(r"\min_{m\in\mathbb{R}} \mathcal{L}(CMS{+}RR)", nonnegative=True)
rp_val = sympy.Symbol(r"\mathcal{L}(CMS{+}aRP/sRP)", nonnegative=True)
smse_sym = sympy.Symbol(r"\max_{X}\sum_{x\in[d]} MSE(\hat{f}(x))", nonnegative=True)  # Eq. (11), right
l2_model_sym = sympy.Symbol(r"l_2^{model}(\hat{f})", nonnegative=True)  # the derivation's l2
