"""Root causes of pan-cms's errata and conditional claims (see ldpref.ledger.root_causes).

One entry per distinct error of the paper; the claims name them by label (a label is defined once and may be
named by claims of any module).  Grouped by the checks module whose claims name them first.
"""

from ldpref.ledger.root_causes import RootCause

ROOT_CAUSES: list[RootCause] = [
    # ---- basics.py
    RootCause("sec3.1.pairwise-independence", "Section 3.1, remark after Corollary 3.1 (used by Corollary 3.2)",
              "c_bar(x, x') = 1/m is called the definition of pairwise independence; it is implied by (strong) "
              "pairwise independence but weaker (the family {(0, j)} has it and is not pairwise independent), so "
              "Corollary 3.2's 'iff pairwise independent' holds only when read as 'iff collision rate 1/m'",
              "error", severity="slip"),
    RootCause("sec3.1.family-size", "Section 3.1, after Corollary 3.2",
              "pairwise independence is said to require |H| = d^2; it requires m | |H| (collision rate 1/m) or "
              "m^2 | |H| and |H| >= 1 + d(m - 1) (strong), e.g. 4 functions at d = 3, m = 2; d^2 is only the size of "
              "Eq. (18)'s family when d = 2^l", "error", severity="result"),
    RootCause("eq1.index-set", "Section 2.2, Eq. (1)",
              "the inner max of the worst-case MSE runs over x in the dataset X; the text defines it over the values "
              "of interest ([d]), and the two differ when the worst case is a value absent from the dataset",
              "error", severity="slip"),
    # ---- basics_variance.py
    RootCause("appB.eq6-sign", "Appendix B, the c_bar = 1/m step proving Eq. (6)",
              "the collision term (1 - m)/m should be (m - 1)/m (c_bar(1 - c_bar) m^2/m = (m - 1)/m), as Eq. (6) "
              "itself prints; the first line also writes f(x) inside the sum over x' != x for f(x')", "error",
              severity="intermediate"),
    # ---- basics_mse.py
    RootCause("eq7.square-outside", "Section 3.3, Eq. (7), middle line",
              "E[f_hat - E f_hat]^2 squares outside the expectation (it is 0); the variance term is "
              "E[(f_hat - E f_hat)^2]", "error", severity="slip"),
    RootCause("eq9.rhs-zero", "Section 3.3, Theorem 3.4, Eq. (9)",
              "E[g(x)] = 0 should read E[g(x)] = f(x): g is built to be unbiased", "error", severity="slip"),
    # ---- basics_appC.py
    RootCause("appC.A-numerator", "Appendix C, definition of A",
              "A = min f_hat has numerator e^{-1}; RR's decoded miss gives -1: A = m/(m-1) (-1)/(e^eps - 1) - 1/(m-1)",
              "error", severity="slip"),
    RootCause("appC.delta-range", "Appendix C, after Eq. (30) (the alpha range of Theorem 3.5)",
              "delta <= 1 is turned into alpha <= sqrt(n e^eps/(m-1)), the value of (f - A)/sqrt(Var) at f(x) = 1; "
              "for every f(x) it needs its minimum, at f(x) = 0: alpha <= sqrt(n/(m-1))", "error", severity="result"),
    RootCause("appC.ratio-min-n", "Appendix C, minimum of Var/((B-A)(f-A))",
              "the minimum drops the 1/n of Var(f_hat): it is (m-1)/(n(e^eps + m - 1)), so the one- and two-sided "
              "bounds that follow carry a spurious factor n in the exponent (Theorem 3.5 has none)", "error",
              severity="intermediate"),
    # ---- connections.py
    RootCause("appG.estimator-1/n", "Appendix G, the estimator f_H(x) of ref. [5]",
              "f_H(x) = sum_i H_hat[X_i + 1, j_i] H[j_i, x + 1] estimates the count n f(x); the frequency needs the "
              "factor 1/n", "error", severity="slip"),
    RootCause("sec4.1.3-wise", "Section 4.1, the sentence citing [21]",
              "the rows of a Hadamard matrix without their first element are called 3-wise independent; for Sylvester "
              "matrices inputs x1, x2, x1 xor x2 give h(x3) = h(x1) h(x2): only pairwise independent (enough for "
              "Section 4.1's conclusion)", "error", severity="overstated"),
    # ---- connections_rhr.py
    RootCause("sec4.3.same-mod-exponent", "Section 4.3, third paragraph",
              "two random values share their residue mod 2^(b-1) with probability 2^(b-1), a probability above 1; it "
              "is 2^(1-b)", "error", severity="slip"),
    RootCause("sec4.3.random-pair", "Section 4.3, third paragraph",
              "the collision probability 2^-b of a random pair needs residues that are independent and uniform; two "
              "distinct values of [d] share their residue with probability (d/2^(b-1) - 1)/(d - 1) < 2^(1-b), so the "
              "rate is below 2^-b and reaches it only as d grows", "condition", severity="condition"),
    RootCause("sec4.3.b-eps", "Section 4.3, third paragraph ('[12] sets b = eps')",
              "b = eps bits give 2^b = 2^eps messages at collision rate 2^-b, i.e. m = 2^eps in CMS, not e^eps",
              "error", severity="result"),
    RootCause("sec4.3.eq5-mse", "Section 4.3, fourth paragraph",
              "RHR's MSE is said to be Eq. (5) with c_bar = 1/2 and m-ary RR; Eq. (5) with those values is the "
              "variance of RHR decoded by Eq. (2), which is biased there; RHR's unbiased decoder has MSE "
              "((e^eps + 1)(e^eps + 2^b - 1)/(e^eps - 1)^2 - f(x))/n", "error", severity="result"),
    RootCause("sec4.3.matrix-size", "Section 4.3, RHR step (2)",
              "a Hadamard matrix of size larger than d // 2^(b-1) holds row x // 2^(b-1) + 1 of every x in [d] only "
              "when 2^(b-1) divides d; otherwise the size must exceed ceil(d / 2^(b-1))", "condition",
              severity="condition"),
    # ---- hashing.py
    RootCause("thm3.8.derivative-bound", "Section 3.5, Theorem 3.8; Appendix E, Eq. (43) and the inequality before it",
              "The proof bounds |dVar(g)/dm'| on [m', m] by its value at m' = m, but the bound decreases in m': it "
              "must be taken at the smallest m' = m(1 - (2q+1)^-2); with the printed condition the conclusion fails.",
              "error", severity="result"),
    RootCause("appE.eps0-limit", "Appendix E, proofs of Corollaries 3.6 and 3.7 (and the corollaries' conditions)",
              "Letting eps -> 0 in Eq. (43)/(44) gives the supremum 2/tau of the left-hand side, not 1/tau: the "
              "condition 2q + 1 > sqrt(1/tau) is too weak (about sqrt(2/tau) is needed).", "error", severity="result"),
    RootCause("appE.var-missing-1/n", "Appendix E, proofs of Corollaries 3.6 and 3.7 (Var(f_hat(x)) displays)",
              "The variances at m = 1 + e^{eps/2} and m = 1 + e^eps are printed without their factor 1/n.", "error",
              severity="intermediate"),
    RootCause("appE.worst-r", "Appendix E, proof of Theorem 3.8 (m' = m - m/(2q+1)^2) and Eq. (47)",
              "m' = m - m/(2q+1)^2 and the equality in Eq. (47) hold only at the worst remainder r = mq/(2q+1); "
              "otherwise they are bounds.", "condition", severity="intermediate"),
    RootCause("appE.mse-requirement", "Appendix E, proof of Theorem 3.9",
              "The two requirements (bias and variance ratio) are sufficient for the MSE bound, not equivalent to it.",
              "error", severity="slip"),
    RootCause("appE.var-linear-positive", "Appendix E, the sentence before Eq. (47)",
              "The c_bar^2 coefficient of Var(f_hat(x|H')) is -(1 - f(x)) m^2/((m-1)^2 n) <= 0, not positive.",
              "error", severity="intermediate"),
    RootCause("appF.eq48-markov", "Appendix F.2, Eq. (48)",
              "Markov's inequality makes Eq. (48) sufficient for Eq. (21), not equivalent to it.", "error",
              severity="slip"),
    RootCause("appF.eq51-tau", "Appendix F.2, Eq. (51)",
              "Substituting the ratio bound into Eq. (48) keeps 1/tau: the condition is n/((m-1) k tau Var(R|!=)) < "
              "delta; Eq. (51) drops tau.", "error", severity="result"),
    RootCause("appF.var-cj", "Appendix F.1, first sentence",
              "A Bernoulli(1/m) variable has variance (m-1)/m^2, not (m-1)/m.", "error", severity="intermediate"),
    RootCause("appF.veq-gt-vne", "Appendix F.2, after Eq. (50)",
              "Var(R|=) = Var(R|!=) for symmetric RAPPOR and binary randomized response (HE): the inequality is not "
              "strict (Eq. (50) needs only >=).", "error", severity="slip"),
    RootCause("sec3.5.m6", "Section 3.5, first paragraph",
              "Pairwise-independent families [d] -> [6] exist (all functions; the Chinese-remainder product of GF(2) "
              "and Z_3 affine families); only the single finite-field affine construction needs a prime power.",
              "error", severity="result"),
    # ---- optimized.py
    RootCause("l1-cauchy-schwarz", "Section 3.4 after Eq. (11), restated in Appendix D before Eq. (39)",
              "Cauchy-Schwarz gives l1 <= sqrt(d l2), not sqrt(d) l2 (l1 ~ n^-1/2, l2 ~ n^-1); Eq. (39) itself "
              "uses the correct sqrt(d l2)", severity="result"),
    RootCause("appD.dvar-f0", "Appendix D, derivative of Var(f_hat(x)_RR | f(x) = 0)",
              "the denominator is n(m-1)^2(e^eps-1)^2, printed with (m-1); the sign (minimum at m = 1 + e^eps) "
              "is unaffected", severity="intermediate"),
    RootCause("appD.m-lower-bound", "Appendix D, 'when 2 <= m <= e^(eps/2) + 1'",
              "the strict inequality needs m < e^(eps/2) + 1: at the end point, which the range includes, the "
              "two sides are equal", kind="condition", severity="slip"),
    RootCause("appD.m-opt", "Appendix D, piecewise m after Eq. (32)",
              "the f* <= 1/2 branch prints 1 + Delta_MSE, dropping Eq. (32)'s division by f* e^eps + 1 - f*",
              severity="result"),
    RootCause("closest-integer-rounding", "Theorem 3.6, Corollary 3.4, Theorem 3.7 ('m is the closest integer')",
              "losses of the form a t + b + c/t (t = m - 1) switch between neighbouring integers at the geometric, "
              "not the arithmetic, mean: rounding the continuous optimum picks the worse neighbour in a band below "
              "each half-integer; the better of floor and ceiling is optimal", severity="result"),
    RootCause("appD.delta-l", "Appendix D, definition of Delta_l (before Eq. (36))",
              "Delta_l is printed as sqrt((e^eps + d - 1)(d e^eps - e^eps + 1) e^(eps/2)); Theorem 3.7's "
              "e^(eps/2) sqrt((e^eps + d - 1)(d e^eps - e^eps + 1)) is right, and with it the optimal m, "
              "Eq. (36) and Eq. (39) are right", severity="slip"),
    RootCause("appD.eq40", "Appendix D, Eq. (40)",
              "the factor (e^eps - 1) went under the square root with n: the limit is 2d e^(eps/2)/(sqrt(n)"
              "(e^eps - 1)), as Corollary 3.5 prints", severity="slip"),
    RootCause("sec3.4.rp-not-optimal", "Section 3.4 after Corollary 3.5 (and Appendix D)",
              "CMS+RR beats CMS+aRP/sRP only with m optimised as a real number (or when its optimal m is an "
              "integer); with integer m, CMS+sRP/aRP at a large m can beat CMS+RR at every integer m",
              kind="condition", severity="condition"),
    # ---- sec6_experiments.py
    RootCause("sec6.rhr-b1", "Section 6.1-6.2, on Figs 2-3 (RHR with b = eps)",
              "at eps = 1, RHR's b = eps = 1 bit leaves one residue class, so RHR is HE (equal per-client variances): "
              "RHR ties HE and beats CMS+HE, so neither 'RHR is the worst' nor 'HE and CMS+HE are the worst' nor "
              "'RHR lies between' holds there; all hold for eps = 2..5", "condition", severity="overstated"),
    # ---- tables.py
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
