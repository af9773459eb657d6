"""pan-cms printed forms, Section 2 (Definition 2.1, Eq. (1), Properties 2.1-2.3) and Theorem 3.1, as the paper
prints them.

Pure transcription: imports only sympy and symbol tables; the derivations are in
:mod:`derivations.pan_cms.basics_sec2`.
"""

from __future__ import annotations

from functools import cache

import sympy

from .symbols import var_eq, var_neq
from .symbols_basics import Cov_R, Var_diag, Var_off
from .symbols_statements import Predicate


def _ldp_inequality(P, exp_eps, **_):
    """Definition 2.1 as printed, at one mechanism: every entry of a row of P is at most e^eps times every other."""
    rows, cols = P.shape
    return all(P[u_, a] <= exp_eps * P[u_, b] for u_ in range(rows) for a in range(cols) for b in range(cols))


@cache
def ldp_definition_printed():
    """Definition 2.1: Pr(M(v) = u | v) <= e^eps Pr(M(v') = u | v') for all u, v, v'."""
    return Predicate(r"\Pr(M(v) = u \mid v) \le e^{\epsilon} \Pr(M(v') = u \mid v')\ \forall u, v, v'", _ldp_inequality)


def _cms_ldp_printed(P_cms, exp_eps, **_):
    """Theorem 3.1 at one mechanism: Definition 2.1's inequality holds for the whole CMS matrix (every entry of a
    row at most e^eps times every other: the largest ratio within a row is at most e^eps)."""
    return _ldp_inequality(P_cms, exp_eps)


@cache
def cms_ldp_printed():
    """Theorem 3.1: the CMS perturbation (its whole matrix over reports (j, z)) is eps-LDP."""
    return Predicate(r"\max_{u,x,x'} P_{CMS}[u,x]/P_{CMS}[u,x'] \le e^{\epsilon}", _cms_ldp_printed)


@cache
def property21_printed():
    return (sympy.Eq(sympy.Symbol("E[R(v)[v]]"), 1), sympy.Eq(sympy.Symbol("E[R(v)[v']]"), 0))


@cache
def property22_printed():
    return sympy.Eq(Cov_R, 0)


@cache
def property23_printed():
    return (sympy.Eq(Var_off, var_neq), sympy.Eq(Var_diag, var_eq))


@cache
def worst_mse_printed():
    """Eq. (1): max over datasets X of size n of max over x in X (the printed index set)."""
    return sympy.Eq(sympy.Symbol(r"\widehat{MSE}(\hat{f})"),
                    sympy.Symbol(r"\max_{\forall \mathbf{X}: |\mathbf{X}|=n} \max_{x \in \mathbf{X}} "
                                 r"E[(\hat{f}(x) - f(x))^2]"))
