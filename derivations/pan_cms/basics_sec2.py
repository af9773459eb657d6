"""pan-cms derivations, basics: Section 2 (Definition 2.1, Properties 2.1-2.3, Eq. (1)).

The derived forms (``*_derived``); the printed ones are in :mod:`derivations.pan_cms.printed_sec2`, the
symbols in :mod:`derivations.pan_cms.symbols_basics`.
"""

from __future__ import annotations

import sympy

from ..caching import cache
from .symbols import var_eq, var_neq
from .symbols_basics import Cov_R, E_Ra, E_Rb, Var_diag, Var_off
from .symbols_statements import Predicate


# ---- Section 2 -------------------------------------------------------------------------------


def _max_row_ratio(P):
    """The largest ratio P[u, v]/P[u, v'] (infinite when a row has a zero beside a non-zero entry)."""
    worst = sympy.Integer(0)
    for u_ in range(P.shape[0]):
        row = list(P.row(u_))
        if min(row) == 0:
            if max(row) != 0:
                return sympy.oo
            continue
        worst = max(worst, max(row) / min(row))
    return worst


def _ldp_ratio(P, exp_eps, **_):
    return bool(_max_row_ratio(P) <= exp_eps)


@cache
def ldp_definition_derived():
    """The same condition as a bound on the largest ratio within a row of P."""
    return Predicate(r"\max_{u, v, v'} \frac{P[u, v]}{P[u, v']} \le e^{\epsilon}", _ldp_ratio)


def _cms_ldp_derived(P_inner, exp_eps, **_):
    """Pr[(j, z) | x] = P_R[z, h_j(x)]/k: a ratio of two entries of the CMS matrix is a ratio within a row of
    P_R (j is drawn independently of x), so the CMS is eps-LDP when R is."""
    return bool(_max_row_ratio(P_inner) <= exp_eps)


@cache
def cms_ldp_derived():
    return Predicate(r"\max_{j, z, a, b} P_R[z, a]/P_R[z, b] \le e^{\epsilon}", _cms_ldp_derived)


@cache
def property21_derived():
    """E[R(v)] = Q E[u] = Q P e_v; with Q P = I it is e_v: entries v and v' != v of I e_v."""
    size = 3
    I = sympy.eye(size)
    ev_ = sympy.Matrix([1 if i == 0 else 0 for i in range(size)])
    col = I * ev_
    return (sympy.Eq(sympy.Symbol("E[R(v)[v]]"), col[0]), sympy.Eq(sympy.Symbol("E[R(v)[v']]"), col[1]))


@cache
def property22_derived():
    """Two runs of a stateless M are independent: E[R(v)[a] R(v')[b]] = E[R(v)[a]] E[R(v')[b]], so the
    covariance E[XY] - E[X] E[Y] vanishes."""
    product_mean = E_Ra * E_Rb  # independence
    return sympy.Eq(Cov_R, product_mean - E_Ra * E_Rb)


@cache
def property23_derived():
    """RR and RAPPOR are equivariant under every permutation pi of [m] (P[pi u, pi v] = P[u, v], Q likewise), so
    Var(R(v)[v']) = Var(R(pi v)[pi v']); transpositions reach every pair: the off-diagonal variance is that of
    (v, v') = (0, 1), Var(R|!=), the diagonal one that of v = 0, Var(R|=)."""
    reference = {(0, 1): var_neq, (0, 0): var_eq}  # Property 2.3's names for the two reference variances
    return (sympy.Eq(Var_off, reference[(0, 1)]), sympy.Eq(Var_diag, reference[(0, 0)]))


@cache
def worst_mse_derived():
    """Eq. (1) with the index set the text describes: the values of interest ([d] by default)."""
    return sympy.Eq(sympy.Symbol(r"\widehat{MSE}(\hat{f})"),
                    sympy.Symbol(r"\max_{\forall \mathbf{X}: |\mathbf{X}|=n} \max_{x \in \mathbf{x}} "
                                 r"E[(\hat{f}(x) - f(x))^2]"))


#: the index set of the inner max, read off the printed/derived objects
def worst_mse_index_set(form) -> str:
    if not isinstance(form.rhs, sympy.Symbol):
        raise ValueError(f"Eq. (1) must be the max itself, got {form.rhs}")
    text = str(form.rhs)
    if r"x \in \mathbf{X}" in text:
        return "values present in the dataset"
    if r"x \in \mathbf{x}" in text:
        return "values of interest"
    raise ValueError(f"unknown index set in {text}")
