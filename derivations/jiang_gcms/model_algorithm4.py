"""jiang-gcms Section IV-C: Algorithm 4 (what its ternary search assumes, its last step s) and the monotonicity
paragraph -- the derived statements and the corrections the records of ``proofs_checks/jiang_gcms/sec4c_algorithm4.py``
display, from the model (never from a printed module).

* :func:`algorithm4_s_step` -- Algorithm 4's last step, s = ceil(m/(1 + (1/p - 1) e^eps)) (the algorithm's definition:
  the hypothesis of every statement about that s);
* :func:`rounding_derived` -- with that s, the model's validity: 1 <= s <= m - 1 and the largest likelihood ratio
  max(R, 1/R) <= e^eps (R derived from Algorithm 1's law, :func:`.model.privacy_ratio_derived`);
* :func:`alg4_s_corrected`, :func:`rounding_corrected` -- the paper's two statements with their conclusions
  corrected: Theorem 2's ratio p(m-s)/((1-p)s) >= e^{-eps}, resp. |log p(m-s)/((1-p)s)| <= eps;
* :func:`alg4_unimodal_derived` -- the differences of Lemma 1's objective change sign at most once on a grid;
* :func:`monotone_derived` -- the exact variance (Theorem 3 corrected) at one configuration <= at another.
"""

from __future__ import annotations

import numpy as np
import sympy

from ldpref import gcms as G
from ldpref.ledger.forms import Predicate, value_at

from .model import estimator_variance_derived, privacy_ratio_derived
from .model_theorem3 import model_values
from .symbols import e, eps, m, p, s


def algorithm4_s_step():
    """Algorithm 4, last step: s = ceil(m/(1 + (1/p - 1) e^eps))."""
    return sympy.Eq(s, sympy.ceiling(m / (1 + (1 / p - 1) * e)))


def theorem2_ratio():
    """Theorem 2's ratio p(m - s)/((1 - p)s) (Algorithm 1's likelihood ratio, :func:`.model.privacy_ratio_derived`)."""
    return p * (m - s) / ((1 - p) * s)


def rounding_derived():
    """Algorithm 4's step s = ceil(m/(1 + (1/p - 1) e^eps)), then the model's validity: 1 <= s <= m - 1 (the ceiling
    of a positive number is >= 1) and the largest likelihood ratio max(R, 1/R) <= e^eps, R the ratio derived from
    Algorithm 1's law (Theorem 2 with its absolute value; Appendix A's Case 4 gives 1/R).  Evaluated at Algorithm 4's
    (s, m, p, e^eps)."""
    R_ = privacy_ratio_derived()
    return sympy.Implies(algorithm4_s_step(), sympy.And(sympy.Le(s, m - 1), sympy.Le(sympy.Max(R_, 1 / R_), e)))


def alg4_s_corrected():
    """Algorithm 4's s corrected: with s from the ceiling, p(m-s)/((1-p)s) <= e^eps holds by the ceiling; what can fail
    is the other side of Theorem 2's |log ratio| <= eps, p(m-s)/((1-p)s) >= e^{-eps} (false at s = m too)."""
    return sympy.Implies(algorithm4_s_step(), sympy.Ge(theorem2_ratio(), 1 / e))


def rounding_corrected():
    """The sentence after Algorithm 4 corrected: the actual eps is |log p(m-s)/((1-p)s)| (Theorem 2 with its absolute
    value), which the ceiling can push above the target."""
    return sympy.Implies(algorithm4_s_step(), sympy.Le(sympy.Abs(sympy.log(theorem2_ratio())), eps))


def grid_unimodal(e_, lam_, k_) -> bool:
    """Sign pattern of the differences of Lemma 1's objective (the function Algorithm 4 searches) on a 4001-point grid
    of (1/2, 1): at most one change, from - to +."""
    ps = np.linspace(0.5, 1.0, 4001)[1:-1]
    steps = np.sign(np.diff(G.lemma1_objective(ps, float(e_), float(lam_), k_)))
    changes = int(np.sum(steps[1:] != steps[:-1]))
    return bool(changes == 0 and steps[0] > 0 or changes == 1 and steps[0] < 0)


def alg4_unimodal_derived():
    """Section IV-C, what Algorithm 4's ternary search assumes: the objective is unimodal on (1/2, 1), read on a grid
    at the instance's e^eps, lambda and k."""
    return Predicate(r"\Delta g\ \text{changes sign at most once (from - to +) on a 4001-point grid of}\ (1/2, 1)",
                     lambda **kw: grid_unimodal(kw["e^eps"], kw["lambda"], kw["k"]))


def _monotone_holds(**kw) -> bool:
    """The model's Var[f_hat] (Theorem 3 corrected) at configuration b <= at configuration a (target value 0)."""
    counts, p_ = kw["counts"], kw["p"]
    va = value_at(estimator_variance_derived(), model_values(p_, kw["s_a"], kw["m_a"], kw["k_a"], counts, 0))
    vb = value_at(estimator_variance_derived(), model_values(p_, kw["s_b"], kw["m_b"], kw["k_b"], counts, 0))
    return bool(vb <= va)


def monotone_derived():
    """Section IV-C, second paragraph: the exact variance does not grow from configuration a to configuration b."""
    return Predicate(r"\mathrm{Var}[\hat f](m_b, k_b) \le \mathrm{Var}[\hat f](m_a, k_a),\ \mathrm{Var}[\hat f] = "
                     r"A(p, \epsilon, \lambda) + \frac{\sum_{d'\ne d} f(d')^2 - (n - f)}{k (m - 1)}", _monotone_holds)
