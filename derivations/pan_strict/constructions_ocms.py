"""pan-strict derivations: the statements of Section 5.2 and Appendix D.1 (OCMS over GF(d'), Theorem 5.1,
Corollary 5.1) as derived forms.

Our copy of the paper lost these formulas; each form below is the model's statement, built from the quantities
derived in :mod:`derivations.pan_strict.constructions` (bucket profile of the affine family x -> (a x + b) mod d',
a != 0; the two support-size configurations of Theorem 5.1; the collision rate).  Never imports a printed module.
"""

from __future__ import annotations

import sympy

from . import constructions as C
from . import constructions_symbols as S


def permutation_image():
    """Appendix D, first paragraph: for prime d' and a != 0, x -> (a x + b) mod d' hits all d' residues (a is
    invertible mod d'), so the image has d' elements."""
    return sympy.Eq(S.IMAGE, C.dp)


def pair_hits():
    """Lemma D.1: for x != x' the map (a, b) -> (a x + b, a x' + b) mod d' is a bijection from the d'(d'-1) pairs
    with a != 0 onto the ordered pairs (t, t') with t != t' (a = (t - t')/(x - x'), b = t - a x), so each is hit
    once."""
    return sympy.Eq(S.HITS, 1)


def bucket_sizes():
    """Appendix D: (larger bucket size, smaller bucket size, number of larger buckets) of x -> x mod m on [d']
    (each affine function permutes [d'] first): ceil(d'/m) = floor(d'/m) + 1 since m does not divide the prime
    d', and r = d' - m floor(d'/m) buckets are the larger."""
    return (sympy.floor(C.dp / C.m) + 1, sympy.floor(C.dp / C.m), C.dp - C.m * sympy.floor(C.dp / C.m))


def group_probability():
    """Theorem 5.1: the probability pi_k of the configuration with support size k.  Given its hash function, a
    response with support size k has probability (k e + d' - k)/(d'(e + m - 1)) averaged over the input (the
    group's column sums are constant by symmetry), and each function has #_k buckets of size k
    (:func:`derivations.pan_strict.constructions.ocms_groups`)."""
    return sympy.Eq(S.PI_K, S.COUNT_K * (C.dp + (C.e - 1) * C.k) / (C.dp * (C.e + C.m - 1)))


def base_probability():
    """Appendix D.1: OCMS's base probability per response, and Lemma B.1 generalised to varying support sizes at
    the mean support size d'/m."""
    return (sympy.Eq(S.P_Y, C.ocms_base_probability()),
            sympy.Eq(C.base_sum(), sympy.factor(C.generalised_lemma_b1(C.dp, C.dp / C.m))))


def group_base_probability():
    """Appendix D.1: a group's own base probability, Lemma B.1 for support size k spread over its N_k responses."""
    return sympy.Eq(S.P_K, C.dp / ((C.k * C.e + C.dp - C.k) * S.N_K))


def pair_count():
    """Appendix D.1: by Lemma D.1 a pair x != x' lands in each ordered pair of distinct elements of one bucket of
    size k exactly once, so #_k k(k-1) functions put it into a bucket of size k."""
    return sympy.Eq(S.PAIR_HITS, S.COUNT_K * C.k * (C.k - 1))


def collision_below_one_over_m():
    """Section 5.2: the remainder-free collision rate (d' - m)/(m(d' - 1)) of the family with a != 0 lies below
    the 1/m of the family with a = 0 allowed."""
    return sympy.Lt(C.collision_approx(), 1 / C.m)


def mixture_variance_unequal_means():
    """Corollary 5.1 corrected for unequal means (the law of total variance): the pooled decoder's two
    configurations have different means E X_1, E X_0, which adds pi_1 pi_0 (E X_1 - E X_0)^2."""
    var, pi1, pi0 = sympy.Function("Var"), sympy.Symbol(r"\pi_1"), sympy.Symbol(r"\pi_0")
    return sympy.Eq(var(sympy.Symbol("X")), pi1 * var(sympy.Symbol("X_1")) + pi0 * var(sympy.Symbol("X_0"))
                    + pi1 * pi0 * (sympy.Symbol("E X_1") - sympy.Symbol("E X_0")) ** 2)
