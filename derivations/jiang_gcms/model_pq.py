"""jiang-gcms Sections III-A and IV-C: the derived (p, q) pairs of the pure protocols and of the two budget
allocation principles, displayed as ``{p_X: ., q_X: .}`` (:func:`.symbols.pq_form`), from :mod:`.model`'s
derivations (never from a printed module).

* :func:`brr_pq_form`, :func:`grr_pq_form` -- the weights e^eps (true value) and 1 (any other) normalised;
* :func:`sue_pq_form` -- each bit through BRR at eps/2; :func:`even_split_pq_form` is the same pair under the name
  of Section IV-C's first principle (eps split evenly between p and q);
* :func:`oue_pq_form` -- the optimum of the f = 0 variance over eps-LDP unary encodings (Section III-A, and
  Section IV-C's second principle: all of eps granted to q).
"""

from __future__ import annotations

from .model import brr_pq, grr_pq, oue_pq, sue_pq
from .symbols import pq_form


def brr_pq_form():
    """Section III-A, Binary Randomized Response."""
    return pq_form("BRR", brr_pq())


def grr_pq_form():
    """Section III-A, General Randomized Response (direct encoding)."""
    return pq_form("GRR", grr_pq())


def sue_pq_form():
    """Section III-A, Symmetric Unary Encoding."""
    return pq_form("SUE", sue_pq())


def even_split_pq_form():
    """Section IV-C, allocation principle 1: eps split evenly, SUE's pair."""
    return pq_form("even", sue_pq())


def oue_pq_form():
    """Section III-A, Optimized Unary Encoding; Section IV-C, allocation principle 2."""
    return pq_form("OUE", oue_pq())
