"""jiang-gcms Appendices A and C: the derived forms of the proofs' chains, as the records of
``proofs_checks/jiang_gcms/appendix_a.py`` and ``appendix_c.py`` display them (from :mod:`.model`, never from a
printed module).

* :func:`appA_case_steps_derived` -- Appendix A, Cases 1-4: every step of a case's chain after the first is the
  likelihood ratio derived from Algorithm 1's law (:func:`.model.appA_case_derived`), once per printed step;
* :func:`appC_pq_corrected` -- Appendix C's chain '(p - q)^2 (1 - 1/m) = alpha_2 k (m - 1) = p^2 (w-1)^2/w^2' with the
  square on (1 - 1/m) that the slope of Eq. (4) carries.
"""

from __future__ import annotations

import sympy

from .model import appA_case_derived
from .symbols import A2_KM, PQ_SLOPE_SQ, p, w_of


def appA_case_steps_derived(case: int, steps: int) -> list:
    """Appendix A, Case ``case``: the derived ratio P(X = x | d)/P(X = x | d') for each of the ``steps`` steps of the
    case's chain after the first (the number of steps is the chain's, the value the model's)."""
    return [appA_case_derived(case)] * steps


def appC_pq_corrected() -> list:
    """Appendix C's chain with the square on (1 - 1/m): (p - q)^2 (1 - 1/m)^2 = alpha_2 k (m - 1) = p^2 (w - 1)^2/w^2,
    as the printed form writes it (two equations, w spelled out)."""
    w_ = w_of()
    value = p**2 * (w_ - 1) ** 2 / w_**2
    return [sympy.Eq(PQ_SLOPE_SQ, value), sympy.Eq(A2_KM, value)]
