"""Exact matrices: a thin layer over sympy's ``DomainMatrix``.

Entries live in an exact field chosen by sympy (``QQ`` for rational numbers, ``ZZ(exp_eps)`` for
rational functions of e^eps, ...), so products, inverses and ranks are computed without rounding and
zero tests are exact.  This module is the one place where ldpref touches ``DomainMatrix``.
"""

from __future__ import annotations

from typing import Sequence

import sympy
from sympy import QQ, Rational
from sympy.polys.matrices import DomainMatrix
from sympy.polys.matrices.dfm import DFM

from .exact import to_exact


def exact_matrix(rows: Sequence[Sequence], *, what: str = "matrix") -> DomainMatrix:
    """Build an exact matrix from nested rows of exact values (floats raise ``TypeError``).

    The field is the one sympy's ``construct_domain`` picks for the entries (``QQ`` when all are
    rational).  Two shortcuts give that very matrix cheaper: all-rational entries go straight into ``QQ``
    (what ``construct_domain`` returns for them with ``field=True``), and otherwise the field is
    constructed from the distinct entries only (a probability matrix repeats a few expressions many
    times; the field and each element depend on the set of entries, not on their multiplicity).
    """
    if len(rows) == 0:
        raise ValueError(f"{what}: has no rows")
    ncols = len(rows[0])
    checked = []
    for i, row in enumerate(rows):
        if len(row) != ncols:
            raise ValueError(f"{what}: row {i} has {len(row)} entries, row 0 has {ncols}")
        # a sympy Rational is exact as it is (to_exact returns it unchanged): no per-entry message built for it
        checked.append([x if isinstance(x, Rational) else to_exact(x, what=f"{what}[{i}][{j}]")
                        for j, x in enumerate(row)])
    nrows = len(checked)
    # each distinct object converted once (a probability matrix repeats a few values over many cells); keyed by
    # identity, since hashing a sympy Rational costs more than converting it (equal values that are distinct
    # objects are merely converted twice)
    distinct = {id(x): x for row in checked for x in row}
    if all(x.is_Rational for x in distinct.values()):
        element = {key: QQ(int(x.p), int(x.q)) for key, x in distinct.items()}
        return dense_matrix([[element[id(x)] for x in row] for row in checked], (nrows, ncols), QQ)
    values = list(dict.fromkeys(distinct.values()))  # distinct values, in order of first appearance
    domain, elements = DomainMatrix.get_domain(values, field=True)
    element = dict(zip(values, elements))
    return DomainMatrix([[element[x] for x in row] for row in checked], (nrows, ncols), domain).to_dense()


def dense_matrix(rows: list[list], shape: tuple[int, int], domain) -> DomainMatrix:
    """``DomainMatrix(rows, shape, domain).to_dense()`` for rows of ``domain`` elements: where python-flint is
    sympy's ground type and supports the domain (QQ, ZZ), the flint matrix is built from the rows directly (the
    same DFM, without DomainMatrix's intermediate copy); otherwise sympy's own dense matrix (``sympy.polys.
    matrices.dfm.DFM`` is a placeholder supporting no domain when flint is not the ground type)."""
    if DFM._supports_domain(domain):
        return DomainMatrix.from_rep(DFM(rows, shape, domain))
    return DomainMatrix(rows, shape, domain).to_dense()


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
    """The column sums of a DomainMatrix."""
    ones = DomainMatrix.ones((1, matrix.shape[0]), matrix.domain)
    return ones.matmul(matrix).to_list()[0]


def row_sums(matrix: DomainMatrix):
    """The row sums of a DomainMatrix."""
    ones = DomainMatrix.ones((matrix.shape[1], 1), matrix.domain)
    return [r[0] for r in matrix.matmul(ones).to_list()]


def matmul(A: DomainMatrix, B: DomainMatrix) -> DomainMatrix:
    """``A B``, the same exact matrix as ``A.matmul(B)``.

    Over a field of rational functions (``ZZ(exp_eps)``) every addition of ``A.matmul`` cancels a gcd of
    fractions; here both matrices are brought over a common denominator first, the product of the
    numerator matrices is taken in the polynomial ring (no gcd) and each entry of the result is divided
    once by the product of the denominators (one cancellation per entry, not per term): 4-5x cheaper for
    a 35 x 7 subset-selection mechanism.  Field elements are canonical, so the result is identical.
    """
    K = A.domain
    if not (K.is_FractionField and B.domain == K):
        return A.matmul(B)
    den_a, num_a = A.clear_denoms(convert=True)
    den_b, num_b = B.clear_denoms(convert=True)
    product = num_a.matmul(num_b)
    scale = K.one / K.convert_from(den_a.element * den_b.element, product.domain)
    return product.convert_to(K) * scale


def hadamard_square(matrix: DomainMatrix) -> DomainMatrix:
    """Entry-wise square ``M o M``.  A flint matrix (QQ, ZZ) is squared entry by entry into a new flint matrix of
    the same type (sympy's ``mul_elementwise`` converts it to lists and back)."""
    if isinstance(matrix.rep, DFM):
        flat = matrix.rep.rep
        squares = type(flat)(flat.nrows(), flat.ncols(), [x * x for x in flat.entries()])
        return DomainMatrix.from_rep(DFM._new(squares, matrix.shape, matrix.domain))
    return matrix.mul_elementwise(matrix)


def diagonal_matrix(entries, domain) -> DomainMatrix:
    """A dense diagonal DomainMatrix over ``domain``."""
    return DomainMatrix.diag(list(entries), domain).to_dense()


def identity(n: int, domain) -> DomainMatrix:
    """The dense n x n identity over ``domain``."""
    return DomainMatrix.eye(n, domain).to_dense()


def vector(entries, domain) -> DomainMatrix:
    """A column vector (n x 1) of domain elements."""
    return DomainMatrix([[x] for x in entries], (len(entries), 1), domain)


def column(matrix: DomainMatrix) -> list:
    """The single column of an n x 1 matrix as a list of domain elements."""
    return [r[0] for r in matrix.to_list()]
