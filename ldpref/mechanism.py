"""The exact mechanism: inputs 0..d-1, labelled outputs U, perturbation matrix P and decoder Q.

This is the P/Q framework of pan-strict Section 2.2 (Definition 2.2): column v of the |U| x d matrix
``P`` is the output distribution of input v, and the estimate of the frequency vector is
``f_hat = Q nu`` with ``nu`` the response frequencies.  An affine decoder ``f_hat = A nu + b`` (as in
Count-Mean Sketch) is folded into ``Q`` as ``A + b 1^T``, which is the same map because the response
frequencies sum to one.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Sequence

import sympy
from flint import fmpz_mat
from sympy.polys.matrices import DomainMatrix
from sympy.polys.matrices.dfm import DFM

from . import linalg
from .errors import MechanismError, ParameterError
from .exact import OrderUndecided, cancel, exact_sign, is_zero


class Mechanism:
    """An exact frequency-estimation mechanism ``(P, Q)``.

    Parameters
    ----------
    P : |U| rows of d exact entries (int, Fraction, sympy Rational or float-free expression, or a
        string such as ``"1/3"``).  Floats raise ``TypeError``.
    Q : d rows of |U| exact entries, or ``None`` for the Moore-Penrose decoder ``(P^T P)^-1 P^T``.
    outputs : labels of the |U| outputs (default ``"0"``, ``"1"``, ...).
    name : a short name used in reports.
    """

    def __init__(self, P, Q=None, *, outputs: Sequence[str] | None = None, name: str = "mechanism"):
        self.name = str(name)
        P_mat = P if isinstance(P, DomainMatrix) else linalg.exact_matrix(_rows(P, "P"), what="P")
        n_out, d = P_mat.shape
        if d < 2:
            raise ParameterError(f"{self.name}: a mechanism needs d >= 2 inputs, P has {d} column(s)")
        if outputs is None:
            outputs = [str(u) for u in range(n_out)]
        outputs = [str(u) for u in outputs]
        if len(outputs) != n_out:
            raise MechanismError(
                f"{self.name}: {len(outputs)} output labels for a P with {n_out} rows (one row per output)"
            )
        if len(set(outputs)) != len(outputs):
            dup = sorted({u for u in outputs if outputs.count(u) > 1})
            raise MechanismError(f"{self.name}: duplicate output labels {dup}")
        self.outputs = tuple(outputs)
        _validate_perturbation(P_mat, self.outputs, self.name)
        if Q is None:
            from .decoders import moore_penrose_decoder

            Q_mat = moore_penrose_decoder(P_mat, name=self.name)
            self.decoder_kind = "moore-penrose"
        else:
            Q_mat = Q if isinstance(Q, DomainMatrix) else linalg.exact_matrix(_rows(Q, "Q"), what="Q")
            if Q_mat.shape != (d, n_out):
                raise MechanismError(
                    f"{self.name}: Q has shape {Q_mat.shape[0]}x{Q_mat.shape[1]}, expected d x |U| = {d}x{n_out}"
                )
            self.decoder_kind = "given"
        self.P, self.Q = linalg.unify(P_mat, Q_mat)

    # -- shape -------------------------------------------------------------------------------
    @property
    def d(self) -> int:
        """Number of inputs."""
        return self.P.shape[1]

    @property
    def n_outputs(self) -> int:
        """The number of outputs |U| (rows of P)."""
        return self.P.shape[0]

    @property
    def domain(self):
        """The exact field of the entries (``QQ`` for rational mechanisms)."""
        return self.P.domain

    @property
    def is_rational(self) -> bool:
        """Whether every entry is a rational number (domain QQ)."""
        return self.domain.is_QQ

    # -- entries as sympy --------------------------------------------------------------------
    def perturbation_matrix(self) -> sympy.Matrix:
        """``P`` as a sympy Matrix (|U| x d)."""
        return self.P.to_Matrix()

    def decoder_matrix(self) -> sympy.Matrix:
        """``Q`` as a sympy Matrix (d x |U|)."""
        return self.Q.to_Matrix()

    @cached_property
    def QP(self) -> DomainMatrix:
        return linalg.matmul(self.Q, self.P)

    @cached_property
    def second_moment_matrix(self) -> DomainMatrix:
        """``A = (Q o Q) P``: ``A[v, x]`` is E[(Q e_Y)_v^2] for one client with input x."""
        return linalg.matmul(linalg.hadamard_square(self.Q), self.P)

    def is_unbiased(self) -> bool:
        """Whether ``Q P = I`` exactly (pan-strict Theorem 2.1's condition)."""
        eye = linalg.identity(self.d, self.domain)
        return (self.QP - eye).is_zero_matrix

    def with_decoder(self, Q, name: str | None = None) -> "Mechanism":
        """The same perturbation with another decoder."""
        return Mechanism(self.P, Q, outputs=self.outputs, name=name or self.name)

    def substitute(self, values: dict) -> "Mechanism":
        """Substitute exact values for symbols (e.g. ``{EXP_EPS: 3}``) in P and Q."""
        from .exact import to_exact

        subs = {k: to_exact(v, what=str(k)) for k, v in values.items()}
        P = [[cancel(x.subs(subs)) for x in row] for row in linalg.to_rows(self.P)]
        Q = [[cancel(x.subs(subs)) for x in row] for row in linalg.to_rows(self.Q)]
        return Mechanism(P, Q, outputs=self.outputs, name=self.name)

    def __repr__(self) -> str:
        return f"Mechanism(name={self.name!r}, d={self.d}, outputs={self.n_outputs}, domain={self.domain})"


def _rows(matrix, what):
    if isinstance(matrix, sympy.MatrixBase):
        return matrix.tolist()
    try:
        rows = [list(r) for r in matrix]
    except TypeError as exc:
        raise TypeError(f"{what}: expected a sequence of rows") from exc
    return rows


def _validate_perturbation(P: DomainMatrix, outputs, name: str) -> None:
    """Raise MechanismError unless every entry of ``P`` lies in [0, 1] and every column sums to 1 (entries that
    are functions of e^eps are range-checked by their builders).  Rational entries are compared directly; constant
    irrational ones (a symbolic mechanism file) by their exact signs (:func:`_sign`)."""
    dom = P.domain
    if (dom.is_QQ or dom.is_ZZ) and _flint_stochastic(P):
        return
    rows = P.to_list()
    if dom.is_QQ or dom.is_ZZ:
        zero, one = dom.zero, dom.one
        flat = [entry for row in rows for entry in row]
        in_range = min(flat) >= zero and max(flat) <= one  # one pass each; the loop below names the entry
        for u, row in enumerate([] if in_range else rows):
            for x, entry in enumerate(row):
                if entry < zero:
                    raise MechanismError(
                        f"{name}: P[{outputs[u]!r}][{x}] = {dom.to_sympy(entry)} is negative "
                        f"(a probability must be >= 0)"
                    )
                if entry > one:
                    raise MechanismError(f"{name}: P[{outputs[u]!r}][{x}] = {dom.to_sympy(entry)} exceeds 1")
    else:
        passed = set()  # entries already checked (a probability matrix repeats a few entries many times)
        for u, row in enumerate(rows):
            for x, entry in enumerate(row):
                if entry in passed:
                    continue
                passed.add(entry)
                value = dom.to_sympy(entry)
                if value.free_symbols:
                    continue  # a function of e^eps: its range is the builder's responsibility
                where = f"{name}: P[{outputs[u]!r}][{x}] = {value}"
                if _sign(value, where, "is >= 0") < 0:
                    raise MechanismError(f"{where} is negative (a probability must be >= 0)")
                if _sign(value - 1, where, "is <= 1") > 0:
                    raise MechanismError(f"{where} exceeds 1")
    for x, total in enumerate(_column_sums(P, rows)):
        if total == dom.one:
            continue
        value = dom.to_sympy(total)
        where = f"{name}: column {x} of P (the output distribution of input {x})"
        if value.free_symbols:  # a function of e^eps: 1 only as an identity
            differs = not is_zero(value - 1)
        else:  # a constant: 1 only by a proof, anything else by its sign
            differs = _sign(value - 1, where, "sums to 1") != 0
        if differs:
            raise MechanismError(f"{where} sums to {sympy.simplify(value)}, not 1")


def _flint_stochastic(P: DomainMatrix) -> bool:
    """Whether a rational ``P`` held as a flint matrix is column-stochastic: every column sums to exactly 1 and no
    entry is negative, which then bounds every entry by 1.  Decided on ``P = Z/den`` (``fmpq_mat.numer_denom``: an
    integer matrix over one positive denominator; den = 1 over ZZ): the columns of ``Z`` sum to ``den`` (one flint
    product) and no entry of ``Z`` is negative (integer signs, no rational comparison per entry).  False when either
    fails or ``P`` is not a flint matrix: the caller's entry-by-entry check then names the offending entry, as it
    would have without this shortcut."""
    if not isinstance(P.rep, DFM):
        return False
    rows = P.shape[0]
    if rows == 0:
        return False
    Z, den = (P.rep.rep, 1) if isinstance(P.rep.rep, fmpz_mat) else P.rep.rep.numer_denom()
    if any(total != den for total in (fmpz_mat(1, rows, [1] * rows) * Z).entries()):
        return False
    return min(Z.entries()) >= 0


def _column_sums(P: DomainMatrix, rows) -> list:
    """The column sums of ``P`` (domain elements).  Over ``QQ`` a product with a ones vector (flint); over any
    other field (rational functions of e^eps, expressions) each column is summed by its distinct entries times
    their multiplicities: the same field element (field arithmetic is exact and its elements canonical), with
    one field addition per distinct entry instead of one per output (each of which cancels a gcd or, for
    expressions, simplifies)."""
    dom = P.domain
    if dom.is_QQ or dom.is_ZZ:
        return linalg.column_sums(P)
    sums = []
    for x in range(P.shape[1]):
        total = dom.zero
        for entry, count in Counter(row[x] for row in rows).items():
            total += dom.convert(count) * entry
        sums.append(total)
    return sums


def _sign(value, where: str, question: str) -> int:
    """The sign of a real constant ``value`` (an entry of P, or its difference from 1), decided by
    :func:`ldpref.exact.exact_sign`: rigorous enclosures, and 0 only from a proof -- never a rounding, so an entry
    written as 1 in a form that rounds above 1 is accepted and one a hair above 1 is refused.  A sign that cannot
    be decided (enclosures never excluding 0, and no proof of 0) is a MechanismError naming ``where``, not a pass."""
    try:
        return exact_sign(value)
    except OrderUndecided:
        raise MechanismError(f"{where}: cannot decide whether it {question} (no rigorous enclosure separates it from "
                             f"the bound, and it is not proved equal to it)") from None
