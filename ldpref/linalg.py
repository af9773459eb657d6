"""Exact matrices: a thin layer over sympy's ``DomainMatrix``.

Entries live in an exact field chosen by sympy (``QQ`` for rational numbers, ``ZZ(exp_eps)`` for
rational functions of e^eps, ...), so products, inverses and ranks are computed without rounding and
zero tests are exact.  This module is the one place where ldpref touches ``DomainMatrix``.
"""

from __future__ import annotations

from typing import Sequence

import sympy
from sympy.polys.matrices import DomainMatrix

from .exact import to_exact


def exact_matrix(rows: Sequence[Sequence], *, what: str = "matrix") -> DomainMatrix:
    """Build an exact matrix from nested rows of exact values (floats raise ``TypeError``)."""
    if len(rows) == 0:
        raise ValueError(f"{what}: has no rows")
    ncols = len(rows[0])
    checked = []
    for i, row in enumerate(rows):
        if len(row) != ncols:
            raise ValueError(f"{what}: row {i} has {len(row)} entries, row 0 has {ncols}")
        checked.append([to_exact(x, what=f"{what}[{i}][{j}]") for j, x in enumerate(row)])
    return DomainMatrix.from_list_sympy(len(rows), ncols, checked, field=True).to_dense()


def unify(*matrices: DomainMatrix) -> list[DomainMatrix]:
    """Convert matrices to one common field."""
    domain = matrices[0].domain
    for m in matrices[1:]:
        domain = domain.unify(m.domain)
    if not domain.is_Field:
        domain = domain.get_field()
    return [m.convert_to(domain) for m in matrices]


def to_rows(matrix: DomainMatrix) -> list[list[sympy.Expr]]:
    """The entries of ``matrix`` as nested lists of sympy objects."""
    dom = matrix.domain
    return [[dom.to_sympy(x) for x in row] for row in matrix.to_list()]


def column_sums(matrix: DomainMatrix):
    ones = DomainMatrix.ones((1, matrix.shape[0]), matrix.domain)
    return ones.matmul(matrix).to_list()[0]


def row_sums(matrix: DomainMatrix):
    ones = DomainMatrix.ones((matrix.shape[1], 1), matrix.domain)
    return [r[0] for r in matrix.matmul(ones).to_list()]


def hadamard_square(matrix: DomainMatrix) -> DomainMatrix:
    """Entry-wise square ``M o M``."""
    return matrix.mul_elementwise(matrix)


def diagonal_matrix(entries, domain) -> DomainMatrix:
    return DomainMatrix.diag(list(entries), domain).to_dense()


def identity(n: int, domain) -> DomainMatrix:
    return DomainMatrix.eye(n, domain).to_dense()


def vector(entries, domain) -> DomainMatrix:
    """A column vector (n x 1) of domain elements."""
    return DomainMatrix([[x] for x in entries], (len(entries), 1), domain)


def column(matrix: DomainMatrix) -> list:
    """The single column of an n x 1 matrix as a list of domain elements."""
    return [r[0] for r in matrix.to_list()]
