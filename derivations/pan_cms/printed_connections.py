"""pan-cms printed forms, connections (Section 4 and Appendix G), as the paper prints them (mistakes included).

Pure transcription: imports only sympy and symbol tables.  A statement in words that needs code at one instance is
a :class:`Predicate` whose function says what the paper asserts there (two laws or decoders are equal: compared
entry by entry, exactly); the derivations are in :mod:`derivations.pan_cms.connections`.
"""

from __future__ import annotations

import sympy

from .symbols import cbar, d, e, eps, f, k, m, n, var_eq, var_neq
from .symbols_connections import Hhat, Hval, b, i_idx, m1, m2, m_prime, s_size, x1, x2
from .symbols_statements import Predicate


def _laws_equal(A, B) -> bool:
    """Two matrices (laws P, decoders Q) are equal: same shape and every entry equal as an exact number or
    rational function (their difference cancels to 0)."""
    A, B = sympy.Matrix(A), sympy.Matrix(B)
    if A.shape != B.shape:
        return False
    return A == B or all(sympy.cancel(a - b) == 0 for a, b in zip(A, B))


def _same_mechanism(P, Q, P_other, Q_other, **_):
    return _laws_equal(P, P_other) and _laws_equal(Q, Q_other)


def tns_printed():
    """Theorem 4.1 (paper): a TnS algorithm is a CMS whose hash functions are the columns of M."""
    return Predicate(r"\Pr[\mathrm{TnS}_{M}(x) = (j, z)] = \Pr[\mathrm{CMS}_{\{M[:, j]\}_{j}}(x) = (j, z)]",
                     _same_mechanism)


def _same_law(P, P_other, **_):
    return _laws_equal(P, P_other)


def def41_printed():
    """Definition 4.1 (paper): sampling an element of the row M[x] equals sampling a column M[:, j]
    and mapping x to M[x, j]."""
    return Predicate(r"\Pr[\mathrm{row\ sampling}(x) = (j, z)] = \Pr[\mathrm{column\ sampling}(x) = (j, z)]",
                     _same_law)


def three_wise_printed():
    """Section 4.1 (paper): the Hadamard rows (first element excluded) are 3-wise independent on {-1, 1}:
    for distinct inputs every sign pattern has probability 1/8."""
    return sympy.Eq(sympy.Symbol(r"\Pr_{h}[(h(x_{1}), h(x_{2}), h(x_{3})) = (y_{1}, y_{2}, y_{3})]"),
                    sympy.Rational(1, 8),
                    evaluate=False)


def _cms_rr_pairwise(P, Q, P_other, Q_other, pairwise, **_):
    return _laws_equal(P, P_other) and _laws_equal(Q, Q_other) and bool(pairwise)


def he_cms_printed():
    """Section 4.1 (paper): HE is CMS + RR with m = 2 and pairwise-independent hashing."""
    return Predicate(r"\mathrm{HE} = \mathrm{CMS}+\mathrm{RR}_{m=2,\ \mathrm{pairwise}}", _cms_rr_pairwise)


def hr_cms_printed():
    """Section 4.2 (paper): HR is CMS + RR with m = 2 and pairwise-independent hashing, decoded like HE."""
    return Predicate(r"\mathrm{HR} = \mathrm{CMS}+\mathrm{RR}_{m=2,\ \mathrm{pairwise}}", _cms_rr_pairwise)


def matrix_size_printed():
    """Section 4.3 (paper): a Hadamard matrix of size larger than d // 2^(b-1)."""
    return sympy.Gt(s_size, sympy.floor(d / 2 ** (b - 1)))


def rhr_tns_printed():
    """Section 4.3 (paper): steps 2-5 of RHR are a TnS algorithm with 2^b possible values."""
    return sympy.Eq(sympy.Symbol(r"|\{M[x][j]\}|"), 2 ** b, evaluate=False)


def rhr_collision_printed():
    """Section 4.3 (paper): collision probability 1/2 for equal residues mod 2^(b-1), otherwise 0."""
    return sympy.Piecewise((sympy.Rational(1, 2), sympy.Eq(sympy.Mod(x1, 2 ** (b - 1)), sympy.Mod(x2, 2 ** (b - 1)))),
                           (0, True))


def skewed_printed():
    """Section 4.3 (paper): RHR's collision rate is not the constant 1/m = 2^-b of a pairwise CMS."""
    return sympy.Ne(sympy.Symbol(r"\bar{c}_{\mathrm{RHR}}(x, x')"), 2 ** (-b))


def same_mod_probability_printed():
    """Section 4.3 (paper): a random pair shares its residue with probability 2^(b-1)."""
    return sympy.Eq(sympy.Symbol(r"\Pr[x_{1} \equiv x_{2}]"), 2 ** (b - 1), evaluate=False)


def random_collision_printed():
    """Section 4.3 (paper): on a random dataset the collision probability is 2^-b."""
    return sympy.Eq(sympy.Symbol(r"\Pr[h(x_{1}) = h(x_{2})]"), 2 ** (-b), evaluate=False)


def b_eps_printed():
    """Section 4.3 (paper): b = eps bits is m = e^eps in CMS."""
    return sympy.Eq(m, sympy.exp(eps), evaluate=False)


def same_residue_worse_printed():
    """Section 4.3 (paper): with all values in one residue class, RHR is worse than HE."""
    return sympy.Gt(sympy.Symbol(r"\mathrm{MSE}_{\mathrm{RHR}}"), sympy.Symbol(r"\mathrm{MSE}_{\mathrm{HE}}"))


def eq12_printed():
    """Eq. (12) as printed: (Var(RR|=), Var(RR|!=)) on m values."""
    return e * (m - 1) / (e - 1) ** 2, (e + m - 2) / (e - 1) ** 2


def eq5_printed_expr():
    """Eq. (5) as printed, with every other client in x's class (sum_{x' != x} f(x') = 1 - f(x))."""
    return m**2 / ((m - 1) ** 2 * n) * ((1 - f) * (cbar * var_eq + (1 - cbar) * var_neq + cbar * (1 - cbar))
                                       + f * var_eq)


def rhr_eq5_printed():
    """Section 4.3 (paper): RHR's MSE is Eq. (5) with c_bar = 1/2 and R randomised response on m = 2^b."""
    veq, vne = eq12_printed()
    expr = eq5_printed_expr().subs({cbar: sympy.Rational(1, 2), var_eq: veq, var_neq: vne}).subs(m, 2**b)
    return sympy.Eq(sympy.Symbol(r"\mathrm{MSE}_{\mathrm{RHR}}(x)"), expr, evaluate=False)


def lh_printed():
    """Section 4.4 (paper): LH's decoding is identical to Eq. (2)."""
    return Predicate(r"\hat{f}_{\mathrm{LH}}(x) = \hat{f}_{\mathrm{Eq.(2)}}(x)", _same_decoder)


def _same_decoder(Q, Q_other, **_):
    return _laws_equal(Q, Q_other)


def lh_law_printed():
    """Section 4.4 (paper): drawing a random hash function is drawing from a CMS hashing family."""
    return Predicate(r"\mathrm{LH} = \mathrm{CMS}+\mathrm{RR}", _same_law)


def _worst_case_printed(slopes, olh_slopes, **_):
    """Both endpoints occur as the maximum over the grid; for OLH (m = e^eps + 1) it is f(x) = 1."""
    return any(s_ > 0 for s_ in slopes) and any(s_ < 0 for s_ in slopes) and all(s_ > 0 for s_ in olh_slopes)


def worst_case_printed():
    """Section 4.4 (paper): both f(x) = 0 and f(x) = 1 can be the maximum point of the MSE; OLH's is f(x) = 1."""
    return Predicate(r"\arg\max_{f(x)} \mathrm{MSE} \in \{0, 1\}\ (\text{both occur};\ \mathrm{OLH}: 1)",
                     _worst_case_printed)


def recursive_collision_printed():
    return sympy.Eq(cbar, (m1 + m2 - 1) / (m1 * m2), evaluate=False)


def equivalent_m_printed():
    return sympy.Eq(m, m1 * m2 / (m1 + m2 - 1), evaluate=False)


def cms_he_printed():
    return sympy.Eq(m_prime, 2 * m / (m + 1), evaluate=False)


def km_printed():
    """Section 4.6 (paper): an unbiased CMS has km = d^2 m > d."""
    return sympy.And(sympy.Eq(k * m, d**2 * m), sympy.Gt(d**2 * m, d))


def rappor_printed():
    """Section 4.6 (paper): RAPPOR with one hash per cohort and one cohort per object encodes as a CMS."""
    return Predicate(r"\mathrm{RAPPOR}_{\mathrm{1\ hash/cohort}} = \mathrm{CMS}+\mathrm{RAPPOR}", _same_law)


def small_km_printed():
    """Section 4.6 (paper): with km < d several frequency vectors map to the same hashed frequencies."""
    return sympy.Lt(sympy.Symbol(r"\mathrm{rank}\,A"), d)


def unbiased_recovery_printed():
    return sympy.Gt(k * m, d)


def appg_estimator_printed():
    """Appendix G as printed: f_H(x) = sum_i H_hat[X_i + 1, j_i] H[j_i, x + 1]."""
    return sympy.Eq(sympy.Symbol(r"\hat{f}_{H}(x)"), sympy.Sum(Hhat[i_idx] * Hval[i_idx], (i_idx, 1, n)),
                    evaluate=False)


def appg_eq2_printed():
    """Appendix G as printed: H_hat H[j, x+1] = 2 y_hat[h_j(x)] - 1 (Eq. (2) at m = 2)."""
    yhat = sympy.Symbol(r"\hat{y}[h_{j}(x)]")
    return sympy.Eq(sympy.Symbol(r"\hat{H}[X+1, j] H[j, x+1]"), 2 * yhat - 1, evaluate=False)
