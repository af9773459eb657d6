"""Root causes of pan-strict's errata and conditional claims (see ldpref.ledger.root_causes).

One entry per distinct error of the paper; the claims name them by label (a label is defined once and may be
named by claims of any module).  Grouped by the checks module whose claims name them first.
"""

from ldpref.ledger.root_causes import RootCause

ROOT_CAUSES: list[RootCause] = [
    # ---- constructions.py
    RootCause("appC.diagonal", "Appendix C, off-diagonal equality implies the diagonal",
              "the step divides by k - 1: for k = 1 every off-diagonal entry is 0 and says nothing about the "
              "diagonal; the implication needs k >= 2", "condition", severity="condition"),
    # ---- constructions_cor52.py
    RootCause("appD.deviation", "Appendix D.2, the support sizes OCMS samples",
              "when e^eps + 1 is not an integer, m is the floor or ceiling of e^eps + 1 and the bucket sizes "
              "floor(d'/m), floor(d'/m) + 1 drift from d'/(e^eps + 1) linearly in d'; they are within one of it "
              "only when m = e^eps + 1", "error", severity="overstated"),
    RootCause("sec5.4.narrowing", "Section 5.4, end of the example",
              "the excess of OCMS over the optimum rises each time d passes a prime (the extended d' jumps); it "
              "narrows only while d and d + 1 share d'", "condition", severity="overstated"),
    # ---- framework_urp.py
    RootCause("sec2.4.urp-l1", "Section 2.4, the step from Lemma 2.3 to Corollary 2.1",
              "'the permutation does not affect the worst case' holds for l2, whose worst case is a maximum of "
              "a permutation-averaged linear function of f; the l1 loss of Eq. (2) sums square roots of the "
              "variances, which do not commute with the permutation average, so the URP estimator can be less "
              "precise under l1", "error", severity="result"),
    # ---- optimality.py
    RootCause("sec3.symmetry-omitted", "Section 3, Theorems 3.2 and 3.3 (Appendices B.1-B.2)",
              "Both theorems need the configuration to be symmetric as well as of constant support size: Appendix "
              "B.1's eigenvalue bound is tight only when S^T P = (p*-q*) I + q* J, and Appendix B.2's Sherman-Morrison "
              "step needs P^T D^-1 P = a I + b J.  The paper applies both to the URP mechanism, which is symmetric by "
              "Theorem 2.6, but states them for any constant-support extremal P.", "condition", severity="condition"),
]
