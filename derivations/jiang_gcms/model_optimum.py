"""jiang-gcms Section IV-C and Section VII-B (Fig. 5): the optimal p derived from the exact variance, as the
statements of ``proofs_checks/jiang_gcms/sec4c_lemma1.py`` and ``sec4c_algorithm4.py`` display it (from
:func:`.model.lemma1_objective_derived_expr`, never from a printed module).

At Eq. (7)'s boundary the exact variance is the objective g(p; lambda, e^eps) plus a term free of p
(:func:`.model.variance_at_boundary`): g has neither k nor m, so the optimum depends on lambda = f(d)/n and e^eps only.
The optimum is taken over the feasible p of an instance: the p_s = e^eps s/(e^eps s + m - s) of the integer s for
which GCMS meets Theorem 2's bound with equality and p_s is in [1/2, 1) (:func:`feasible_p`).

* :func:`fig5_k_derived` -- Fig. 5(b): a larger k leaves the optimum where it is;
* :func:`fig5_grows_derived` -- Fig. 5(a): the optimum is non-decreasing in f(d)/n;
* :func:`none_optimal_derived` -- Section IV-C: for each allocation some target f(d)/n has another optimum.
"""

from __future__ import annotations

import sympy

from ldpref.dataset import all_datasets
from ldpref.ledger.forms import Predicate, value_at
from ldpref.mechanisms.gcms import p_for_exp_eps

from .model import lemma1_objective_derived_expr
from .symbols import K_1, K_2, P_STAR_K1, P_STAR_K2, e, lam, p


def argmin(values: dict) -> tuple:
    """The keys of ``values`` with the smallest value, sorted (every minimiser when several tie)."""
    best = min(values.values())
    return tuple(sorted(p_ for p_, v in values.items() if v == best))


def lam_of(counts) -> sympy.Rational:
    """lambda = f(d)/n of a dataset (``counts``), d the value 0."""
    return sympy.Rational(counts[0], sum(counts))


def feasible_p(m_, e_) -> dict:
    """{s: p_s} for the integer s with p_s = e s/(e s + m - s) in [1/2, 1): GCMS meets Theorem 2's bound with
    equality (Eq. (7)'s boundary) at a p Algorithm 4 may choose."""
    out = {}
    for s_ in range(1, m_):
        p_ = p_for_exp_eps(e_, s_, m_)
        if sympy.Rational(1, 2) <= p_ < 1:
            out[s_] = p_
    return out


def derived_argmin(ps, e_, lam_) -> tuple:
    """Minimisers over the feasible p values ``ps`` of the objective derived from the exact variance (no k, no m)."""
    g = lemma1_objective_derived_expr()
    return argmin({p_: value_at(g, {p: p_, e: e_, lam: lam_}) for p_ in ps})


def monotone_in_lambda(argmins) -> bool:
    """Whether a sequence of optima (by increasing f(d)/n) is non-decreasing."""
    return all(a <= b for a, b in zip(argmins, argmins[1:]))


def fig5_k_derived():
    """Section VII-B on Fig. 5(b), the model's statement: g(p; lambda, e^eps) has no k (k only adds a term free of p),
    so a larger k leaves the optimum where it is."""
    return sympy.Implies(sympy.Lt(K_1, K_2), sympy.Eq(P_STAR_K2, P_STAR_K1))


def _fig5_grows_holds(**kw) -> bool:
    """The largest minimiser of g over the feasible p (``ps``) at each lambda of ``lambdas`` (increasing), at e^eps:
    non-decreasing."""
    return monotone_in_lambda([max(derived_argmin(kw["ps"], kw["e^eps"], lam_)) for lam_ in kw["lambdas"]])


def fig5_grows_derived():
    """Section VII-B on Fig. 5(a): the optimum of g over the feasible p grows with f(d)/n."""
    return Predicate(r"\lambda_1 \le \lambda_2 \Rightarrow \operatorname{argmin}_p g(p; \lambda_1, e^{\epsilon}) "
                     r"\le \operatorname{argmin}_p g(p; \lambda_2, e^{\epsilon})", _fig5_grows_holds)


def _none_optimal_holds(**kw) -> bool:
    """Some (m, e^eps) of ``grids (m, e^eps)`` and some dataset of at most 3 clients on 2 values where the allocation's
    ``p`` is not a minimiser of g over the feasible p."""
    p_alloc = kw["p"]
    for m_, e_ in kw["grids (m, e^eps)"]:
        ps = tuple(feasible_p(m_, e_).values())
        for c in all_datasets(2, 3):
            if p_alloc not in derived_argmin(ps, e_, lam_of(c)):
                return True
    return False


def none_optimal_derived():
    """Section IV-C, before Section V: neither allocation is the optimum of g for every target f(d)/n."""
    return Predicate(r"\exists \lambda:\ p_{\mathrm{alloc}} \notin \operatorname{argmin}_p g(p; \lambda, e^{\epsilon})",
                     _none_optimal_holds)
