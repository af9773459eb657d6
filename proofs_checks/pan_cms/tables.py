"""pan-cms claim checks: tables (Section 5, Appendices H and I; see derivations.pan_cms.tables).

The checks live in ``tables_table1`` (Table 1), ``tables_table2`` (Table 2, communication), ``tables_sec5``
(Sections 5.1-5.3) and ``tables_appendix`` (Eq. (22), Appendix I, Appendix H accuracy), on the mechanisms of
``tables_common``; importing this module registers them all.  The root causes of their errata and conditional
claims are listed here.

The exact path builds the real mechanisms: CMS from real hash families (``ldpref.hashing``: the
Sylvester-Hadamard family, GF(2^l)-affine families, and linear families ``h(x) = b + <a, x>`` over
GF(q)^t built here with ``ldpref.hashing.gf2_multiply`` for q = 2^l and arithmetic mod q for prime q),
Recursive Hadamard Response built from its description in Section 4.3, Subset Selection, OUE and SUE
(``ldpref.mechanisms.pure``).  Losses come from ``ldpref.losses`` on the exact ``Mechanism``; how a Table 1 cell is
read (n-free losses, large-d limits as conditional claims) is said in ``tables_table1``.
"""

from __future__ import annotations

from ldpref.ledger.root_causes import RootCause

from . import tables_appendix, tables_sec5, tables_table1, tables_table2  # noqa: F401  (registration on import)


# ==== root causes of this module's errata and conditional claims ==================================
ROOT_CAUSES = [
    RootCause("table1.asymptotic-cells", "Section 5.1, Table 1 (Appendix H)",
              "Most Table 1 cells are the d -> oo leading terms of the loss (SS with k = d/(e^eps + 1), OCMS l1/l2 at "
              "the l2-optimal m), not its value at finite d; the table does not say so, and the Section 5.1 "
              "comparisons that read those cells (OCMS is optimal; only OCMS and s-RP attain the MSE optimum) hold "
              "only in that limit (at small d Subset Selection with k = 1 is better).", "condition",
              severity="condition"),
    RootCause("appH.cms-he-m1-limit", "Section 4.5 / Appendix H, CMS+HE",
              "CMS+HE has HE's losses only as m_1 -> oo: at finite m_1 its collision rate is (m_1 + 1)/(2 m_1), not "
              "1/2, and its worst-case n MSE exceeds ((e+1)/(e-1))^2.", "condition", severity="condition"),
    RootCause("table1.rhr-order", "Section 5.1, Table 1, row RHR (l1, l2)",
              "RHR's l2 loss with 2^b = e^eps is Theta(d e^eps/(e^eps - 1)^2), not Theta(d/min(eps, eps^2)): the "
              "printed order does not decay for large eps as the real coefficient does.", "error", severity="result"),
    RootCause("table2.orders", "Section 5.1, Table 2",
              "Table 2's cells are orders of growth (the paper writes log m ~ eps, Section 5.3): the d-leading term "
              "as d -> oo and the eps term as eps -> oo; they are not exact bit counts (e.g. HE sends "
              "ceil(log2(d + 1)) + 1 bits, OCMS's response log2(1 + e^eps) ~ eps/ln 2).", "condition", severity="slip"),
    RootCause("table2.rhr-eps-term", "Section 5.1, Table 2, row RHR",
              "RHR's Hadamard matrix has about d/2^(b-1) rows, so its index takes about log2 d - b + 2 bits and the "
              "b response bits cancel: log2 d + O(1), with no eps term even as an order of growth.", "error",
              severity="result"),
    RootCause("appH.ss-bits", "Appendix H, communication of SS (and Table 2, row SS)",
              "A k-subset of [d] is one of C(d, k) outcomes and takes log2 C(d, k) ~ d H2(1/(e^eps + 1)) bits, not "
              "k = d/(e^eps + 1) bits.", "error", severity="result"),
    RootCause("appH.response-bits", "Appendix H, communication of OCMS",
              "log2(1 + e^{eps/2}) ~ eps/(2 ln 2), not eps/2: eps is in nats and bits are log2 (a factor log2 e).",
              "error", severity="slip"),
    RootCause("appH.hash-bits-power-of-two", "Appendix H, communication of OCMS",
              "Eq. (18)'s family over GF(2^l) with 2^l >= d has 2^(2 ceil(log2 d)) functions: 2 log2 d bits only "
              "when d is a power of two.", "condition", severity="condition"),
    RootCause("appH.ss-k", "Appendix H, accuracy of SS",
              "SS's variance increases with f(x) only for the appendix's k = d/(e^eps + 1) (p + q < 1); for larger k "
              "it decreases.", "condition", severity="condition"),
    RootCause("eq22.jensen-equality", "Section 5.4 / Appendix I, Eq. (22)",
              "E[max_x S(x)] >= max_x E[S(x)] is strict only when no single value attains the maximum almost surely.",
              "condition", severity="condition"),
    RootCause("appI.normal-approx", "Appendix I, Theorem I.1 and Eq. (52)",
              "The proof treats (f_hat(x) - f(x))/sqrt(Var) as exactly standard normal ('n large enough'); with the "
              "exact discrete distributions at small n the bounds fail.", "condition", severity="overstated"),
    RootCause("sec5.2.collision-partner", "Section 5.2, before Theorem 5.1",
              "The construction needs, for every assigned function, another value of [d] colliding with x; for "
              "injective functions there is none and E[f_hat(x)] = (m rho - 1)/(m - 1) < 1.", "condition",
              severity="condition"),
    RootCause("sec5.3.family-eq18", "Section 5.3 (and Theorem 5.2)",
              "The d^2 functions (2 log2 d identifier bits, 4 log2 d generator bits) are those of Eq. (18)'s family; "
              "smaller collision-uniform families exist (the Hadamard family, k < d^2).", "condition",
              severity="overstated"),
    RootCause("sec5.3.client-group-private", "Section 5.3, client group with private randomness",
              "The private-randomness cost n(log d + eps) and the comparison with public randomness do not match the "
              "exact per-client counts (private is cheaper for n = 1, equal for n = 2).", "error",
              severity="overstated"),
    RootCause("sec5.3.client-group-public", "Section 5.3, client group with public randomness",
              "The public-randomness cost ceil(max(4 log2 d, 2 log2 n)) + n log m does not match the exact count of "
              "the generator bits and responses.", "error", severity="result"),
    RootCause("thm5.2.bits", "Section 5.3, Theorem 5.2",
              "ceil(max(4 log2 d, 2 log2 n)) bits do not generate pairwise-independent assignments over Eq. (18)'s "
              "2^(2 ceil(log2 d)) functions: 2 max(ceil(log2 n), 2 ceil(log2 d)) are needed (the ceiling must be taken "
              "per logarithm).", "error", severity="result"),
]
