"""jiang-gcms Section IV-B (Theorem 3 and its special cases) and Appendix B (its proof): the derived forms the
records of ``proofs_checks/jiang_gcms/sec4b_theorems.py`` and ``appendix_b.py`` display, built on
:mod:`.model`'s law-of-total-variance derivation (never on a printed module).

* :func:`var_C_derived` -- Var[C(d)] over the client outcomes and the draw of the hash functions (Eq. (10)'s
  decomposition and Appendix B's combination are judged against it);
* :func:`thm3_unbiased_derived` -- E[f_hat(d)]: the derived E[C(d)] put into the derived estimator of Eq. (4);
* :func:`thm3_estimator_derived` -- Var[f_hat(d)] = Var[C(d)]/((p - q)(1 - 1/m))^2 in Theorem 3's shape;
* :func:`apple_cms_derived`, :func:`apple_cms_corrected` -- that variance at Apple's p = e^(eps/2)/(e^(eps/2)+1),
  q = 1/(e^(eps/2)+1), with alpha_1, alpha_2 as symbols or as the model's values;
* :func:`pure_limit_derived` -- k = 1, m -> infinity in the derived Var[f_hat(d)];
* :func:`same_client_sum_derived` -- Appendix B's sum over j1 != j2 of Cov(Z_j1, Z_j2) for one client;
* :func:`model_values` -- the values of Theorem 3's symbols at a configuration and a dataset.
"""

from __future__ import annotations

import sympy

from ldpref.exact import EXP_EPS

from .model import client_inclusion, eq4_derived, mean_C_derived, same_client_cov_derived, thm3_derived
from .model import var_C_derived_expr
from .symbols import C, F2, a1_sym, a2_sym, f, k, m, n, p, q, s, thm3_limit, var_C, var_fhat

#: pi_i: the probability that client i adds one to C(d) (p for a holder of d, alpha_1 otherwise)
PI_I = sympy.Symbol(r"\pi_i")


def model_values(p_, s_, m_, k_, counts, v) -> dict:
    """Theorem 3's symbols at (p, s, m, k) and a dataset (``counts``, target value ``v``): q of Eq. (3), n, f(v) and
    sum_{d' != v} f(d')^2."""
    return {p: p_, q: (s_ - p_) / sympy.Integer(m_ - 1), m: m_, k: k_, n: sum(counts), f: counts[v], s: s_,
            F2: sum(c * c for x, c in enumerate(counts) if x != v)}


def model_alphas(expr):
    """A form written with alpha_1, alpha_2 as symbols, with the model's E[pi], Var_draw[pi] put in."""
    a1, a2 = client_inclusion()
    return sympy.sympify(expr).subs({a1_sym: a1, a2_sym: a2})


def var_C_derived():
    """Appendix B, Eq. (10) and 'Combining (11) and (12)': Var[C(d)] by the law of total variance (derived)."""
    return sympy.Eq(var_C, var_C_derived_expr())


def thm3_unbiased_derived():
    """Section IV-B, Theorem 3 (unbiasedness): Eq. (4) at the derived E[C(d)]."""
    return sympy.Eq(sympy.Symbol(r"E[\hat f(d)]"), sympy.cancel(eq4_derived().rhs.subs(C, mean_C_derived())))


def _estimator_variance():
    """Theorem 3's Var[C(d)] (derived, alpha_1 and alpha_2 as symbols) over the squared slope of Eq. (4) in C."""
    return thm3_derived().rhs / ((p - q) ** 2 * (1 - 1 / m) ** 2)


def thm3_estimator_derived():
    """Section IV-B, Theorem 3 (variance of the estimator), in alpha_1, alpha_2."""
    return sympy.Eq(var_fhat, _estimator_variance())


def _at_apple(expr):
    """``expr`` at Apple's p = e^(eps/2)/(e^(eps/2)+1), q = 1/(e^(eps/2)+1) (each bit by BRR at eps/2)."""
    return expr.subs({p: sympy.sqrt(EXP_EPS) / (sympy.sqrt(EXP_EPS) + 1), q: 1 / (sympy.sqrt(EXP_EPS) + 1)})


def apple_cms_derived():
    """Section IV-B, after Theorem 3: the derived Var[f_hat(d)] at Apple's p and q (alpha_1, alpha_2 as symbols)."""
    return sympy.Eq(var_fhat, _at_apple(_estimator_variance()))


def apple_cms_corrected():
    """The same with alpha_1, alpha_2 as the model's values: the value the minimal edit of the printed form is
    searched and proved against."""
    return sympy.Eq(var_fhat, _at_apple(model_alphas(_estimator_variance())))


def pure_limit_derived():
    """Section IV-B, after Theorem 3: k = 1 and m -> infinity in the derived Var[f_hat(d)]."""
    return sympy.Eq(var_fhat, thm3_limit(var_C_derived_expr()))


def same_client_sum_derived():
    """Appendix B, after Eq. (10): one client uses one hash function, so Z_j1 Z_j2 = 0 and the sum of the
    covariances of its Z_j over j1 != j2 is -(1 - 1/k) pi_i^2."""
    return sympy.Eq(sympy.Symbol(r"\sum_{j_1\neq j_2}\mathrm{Cov}(Z_{j_1}^{(i)}, Z_{j_2}^{(i)})"),
                    same_client_cov_derived(PI_I))
