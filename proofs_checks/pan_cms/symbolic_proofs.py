"""pan-cms statements proved for every parameter value by exact symbolic identities (issue 25; not SMT obligations,
see :mod:`ldpref.decide.symbolic_proof`).  Registered into :data:`ldpref.decide.symbolic_proof.SYMBOLIC_PROOFS` on
import; each builder reads the claim's printed and derived forms as the run built them.

* ``sec3.6.binomial`` (Section 3.6, first paragraph): the derived law ``Pr(k c_bar = i) = C(k, i) (1/m)^i
  (1 - 1/m)^(k - i)`` is the law of a sum of ``k`` independent Bernoulli(r) indicators, ``r`` the law's own value at
  ``k = i = 1``, by induction on ``k`` (base ``k = 0``; step ``L_{k+1}(i) = (1 - r) L_k(i) + r L_k(i - 1)`` for
  ``1 <= i <= k`` and at both ends), each an identity in symbolic ``k, i``; ``r`` is the ideal hash's collision
  rate 1/m (:func:`ldpref.symbolic.sketch.ideal_collision_rate`, a sum over the m buckets); the mean of
  ``c_bar = (1/k) sum_j c_j`` is ``(1/k) sum_{j=1}^{k} r`` by linearity, which must equal the printed ``1/m``.
* ``table2.original-CMS`` (Table 2): a function [d] -> [m] with independent values is one of ``prod_{x=1}^{d} m =
  m^d`` (one of m buckets per value), so it takes ``log2(m^d)`` bits, which is ``d log2 m`` for every real
  ``m > 0`` and real ``d`` (``log(m^d) = d log m`` needs ``m > 0``; d, m are integers >= 1, >= 2 in the paper, so the
  real proof covers them); the printed ``bits >= d log2 m`` then holds with equality, and so does the derived
  statement.
"""

from __future__ import annotations

import sympy

from ldpref.decide.ledger_obligations import equation
from ldpref.decide.symbolic_proof import SYMBOLIC_PROOFS, TRUE, Step, SymbolicProof
from ldpref.ledger.model_proofs import symbol
from ldpref.symbolic import sketch

from .tables_common import _undisp


def _binomial(printed, derived):
    k, i, m = (symbol(derived, x) for x in ("k", "i", "m"))
    u = sympy.Symbol("u", positive=True)  # m = u + 1 > 1: the bases 1/m and 1 - 1/m are positive
    kk = sympy.Symbol("k", integer=True, nonnegative=True)
    ii = sympy.Symbol("i", integer=True, positive=True)
    j = sympy.Symbol("j", integer=True, positive=True)

    def law(k_, i_):
        return derived.rhs.subs({k: k_, i: i_, m: u + 1}, simultaneous=True)
    r = law(1, 1)
    pascal = (law(kk + 1, ii) - (1 - r) * law(kk, ii) - r * law(kk, ii - 1)) / law(kk + 1, ii)
    mean = sympy.Sum(r, (j, 1, kk + 1)) / (kk + 1)  # E[c_bar] = (1/k) sum_j E[c_j], k = kk + 1 >= 1
    steps = (
        Step("base k = 0: Pr(0 = 0) = 1", law(0, 0), 1),
        Step("base k = 0: Pr(0 = i) = 0 for every i >= 1", law(0, ii), 0),
        Step("induction step, 1 <= i <= k: L_{k+1}(i) = (1 - r) L_k(i) + r L_k(i - 1), divided by L_{k+1}(i) > 0 "
             "(Pascal's rule)", pascal, 0, normalise="hypergeometric"),
        Step("induction step, i = 0: L_{k+1}(0) = (1 - r) L_k(0)", law(kk + 1, 0) - (1 - r) * law(kk, 0), 0),
        Step("induction step, i = k + 1: L_{k+1}(k+1) = r L_k(k)", law(kk + 1, kk + 1) - r * law(kk, kk), 0),
        Step("r = L_1(1) is the ideal hash's collision rate (sum over the m buckets of (1/m)^2)",
             r, sketch.ideal_collision_rate(u + 1)),
        Step("E[c_bar] = (1/k) sum_{j=1}^{k} E[c_j] (linearity) equals the printed mean",
             mean, equation(printed, "printed mean").rhs.subs(symbol(printed, "m"), u + 1)),
    )
    return [SymbolicProof(
        "pan-cms/sec3.6.binomial", "pan-cms/sec3.6.binomial",
        "k c_bar is a sum of k independent Bernoulli(1/m) collisions (induction on k), so c_bar has mean 1/m",
        "every integer k >= 0 (k >= 1 for the mean), i, and real m > 1 (m = u + 1, u > 0)", steps)]


def _original_cms(printed, derived):
    if not isinstance(printed, sympy.Basic):  # a self-check hands the derived Predicate as the printed form
        raise LookupError(f"the printed form is a {type(printed).__name__}, not a relation in bits, d, m")
    printed = _undisp(printed)  # the displayed log_2(m) read back as log(m)/log(2)
    bits = symbol(printed, r"\mathrm{bits}")
    d, m = symbol(printed, "d"), symbol(printed, "m")
    dr, mr = sympy.Symbol("d", real=True), sympy.Symbol("m", positive=True)
    x = sympy.Symbol("x", integer=True, positive=True)
    count = sympy.Product(mr, (x, 1, dr))  # one of m buckets for each of the d values (evaluated by the checker)
    model_bits = sympy.log(count, 2)
    steps = (
        Step("number of functions [d] -> [m] with independent values: prod_{x=1}^{d} m = m^d", count, mr ** dr),
        Step("log2(m^d) = d log2 m for real m > 0 and real d", model_bits, dr * sympy.log(mr, 2)),
        Step("the printed statement at bits = log2(m^d)",
             printed.xreplace({bits: model_bits, d: dr, m: mr}), TRUE),
        Step("the derived statement at bits = log2(m^d) (the count of the first step)",
             derived(bits=sympy.log(mr ** dr, 2), d=dr, m=mr), TRUE),
    )
    return [SymbolicProof(
        "pan-cms/table2.original-CMS", "pan-cms/table2.original-CMS",
        "a function [d] -> [m] is one of m^d, so log2(m^d) = d log2 m bits: the printed bits >= d log2 m holds "
        "with equality",
        "real d and real m > 0 (the paper's integers d >= 2, m >= 2 among them)", steps)]


SYMBOLIC_PROOFS["pan-cms/sec3.6.binomial"] = _binomial
SYMBOLIC_PROOFS["pan-cms/table2.original-CMS"] = _original_cms
