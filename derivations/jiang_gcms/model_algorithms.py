"""jiang-gcms Section IV-A (Algorithms 2 and 3, Remark 1): the derived forms the records of
``proofs_checks/jiang_gcms/sec4a_algorithms.py`` display, from the model only (never a printed module).

* :func:`alg2_row_sum_derived` -- Algorithm 2 adds one to the sketch per bucket of a report, and every report of
  Algorithm 1 holds s buckets: row j of the sketch sums to s n_j (n_j reports carry hash index j).
* :func:`alg3_derived` -- Algorithm 3's two computed quantities: q of Eq. (3) and the estimator of Eq. (4),
  both as :mod:`.model` derives them.
* :func:`remark1_bits_derived`, :func:`remark1_ops_derived` -- Remark 1's communication (bits of a report) and
  server (sketch updates) counts, the two halves of :func:`.model.remark1_derived`.
"""

from __future__ import annotations

import sympy

from .model import eq3_derived, eq4_derived, remark1_derived
from .symbols import fhat, q, s

#: n_j, the number of reports with hash index j (Algorithm 2)
N_J = sympy.Symbol("n_j")


def alg2_row_sum_derived():
    """Section IV-A, Algorithm 2: the sum of row j of the sketch, s n_j (s increments per report)."""
    return sympy.Eq(sympy.Symbol(r"\sum_x \mathcal{M}_j[x]"), s * N_J)


def alg3_derived():
    """Section IV-A, Algorithm 3: {q: Eq. (3)'s inclusion probability, f_hat: Eq. (4)'s estimator}, derived."""
    return {q: eq3_derived().rhs, fhat: eq4_derived().rhs}


def remark1_bits_derived():
    """Section IV-A, Remark 1 (communication): the bit counts of a GCMS and an Apple CMS report."""
    return {k_: v for k_, v in remark1_derived().items() if "bits" in str(k_)}


def remark1_ops_derived():
    """Section IV-A, Remark 1 (server): the sketch updates of GCMS and of Apple's CMS."""
    return {k_: v for k_, v in remark1_derived().items() if "ops" in str(k_)}
