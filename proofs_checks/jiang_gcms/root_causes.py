"""Root causes of jiang-gcms's errata and conditional claims (see ldpref.ledger.root_causes).

One entry per distinct error of the paper; the claims name them by label.  The largest one is the
same-client covariance dropped in Appendix B: it makes Theorem 3 wrong for k >= 2, and every later statement
built on Theorem 3's k-dependence (Eq. (13), Lemma 1, Remark 2, Fig. 2's caption, Fig. 5(a)'s small-eps
plateau, Apple's CMS as a special case) inherits it.
"""

from ldpref.ledger.root_causes import RootCause

ROOT_CAUSES: list[RootCause] = [
    RootCause("sec2.B.estimator", "Section II-B, estimator of a pure protocol",
              "the denominator is printed (p - q)^2; the unbiased estimator divides S - n q by (p - q)",
              severity="result"),
    RootCause("sec2.B.ldp", "Section II-B, first advantage of pure protocols",
              "p/q <= e^eps gives eps-LDP only when each output supports one value (GRR, BRR); for unary encodings "
              "the largest ratio is p(1-q)/((1-p)q) and for Subset Selection the weight ratio",
              kind="condition", severity="condition"),
    RootCause("remark1.index-bits", "Section IV-A, Remark 1 (communication cost)",
              "the count 's values of log m bits' (and 'O(m)' for Apple's report) leaves out the hash index j that "
              "the plaintext <x, j> of Algorithm 1 also carries (ceil(log2 k) bits); exact for k = 1",
              kind="condition", severity="condition"),
    RootCause("appB.same-client", "Appendix B, after Eq. (10) ('again, by Lemma 4 (1)') -> Theorem 3",
              "the covariances of one client's k indicators Z_j are dropped, but a client uses one hash function, so "
              "each is -E[Z_j1]E[Z_j2]; Theorem 3's p^2/k and alpha_1^2/k should carry no 1/k (exact for k = 1), and "
              "the optimal p it leads to (Eq. (13), Lemma 1) wrongly depends on k", severity="result"),
    RootCause("thm3.fixed-draw", "Sections IV-A/IV-B (hash functions generated once) vs Theorem 3",
              "Eq. (4) is unbiased only in expectation over the random draw of the hash functions, or for a fixed "
              "collision-uniform family; a deployed fixed draw is biased by sum_x f(x)(c(d, x) - 1/m)/(1 - 1/m)",
              kind="condition", severity="condition"),
    RootCause("sec4.C.allocation", "Section IV-C, budget allocation",
              "q = 1/(e^{eps - eps_p} + 1) is exact for unary encodings; for GCMS the second factor of Theorem 2's "
              "ratio fixes s/m, and q = (s - p)/(m - 1) differs from it by (s - p m)/(m (m - 1))",
              kind="condition", severity="condition"),
    RootCause("alg4.loop", "Section IV-C, Algorithm 4 (ternary search)",
              "'while p_l <= p_r' never fails (each step keeps 2/3 of a positive width); a tolerance is needed",
              severity="result"),
    RootCause("alg4.ceiling", "Section IV-C, Algorithm 4's last step and the sentence after it",
              "s = ceil(m/(1 + (1/p - 1) e^eps)) can exceed p m, where Theorem 2's ratio drops below 1 and the "
              "privacy loss log((1-p)s/(p(m-s))) can exceed the target (or s can reach m)", severity="result"),
    RootCause("sec7.B.significant", "Section VII-B on Fig. 6 ('significantly improves variance across all target "
              "frequencies')",
              "Apple's even split p = e^{eps/2}/(e^{eps/2} + 1) is exactly the variance-optimal p for f(d) = n/2 (at "
              "every eps; q on Theorem 2's boundary), so near n/2 the best GCMS gains under 1% (0.5% at eps = 4); the "
              "gain exceeds 10% only for targets up to about n/5",
              kind="condition", severity="overstated"),
    RootCause("fig5.k", "Section VII-B on Fig. 5(b)",
              "'a larger k corresponds to a higher optimal p': the exact optimum does not move with k, and Lemma 1 "
              "as printed moves it down, not up", severity="result"),
    RootCause("appA.first-step", "Appendix A, Cases 3 and 4, first equality",
              "the binomial coefficients are inverted (P(x | r) has C(m-1, s-1) in its denominator); the next step "
              "and each case's result are right", severity="intermediate"),
    RootCause("appA.closing", "Appendix A, closing inequality",
              "the range s in [m/2, m] is backwards: for s > p m the ratio p(m-s)/((1-p)s) is below 1 and the "
              "largest log-ratio is its inverse; it holds for p(m - s) >= (1 - p)s, e.g. s <= m/2",
              severity="intermediate"),
    RootCause("eq11.sign", "Appendix B, Eq. (11)",
              "the last term has the wrong sign: Var(Z) = E[Z] - E[Z]^2 gives -(1/k) a^2 (n - f)",
              severity="intermediate"),
    RootCause("appB.final", "Appendix B, 'Combining (11) and (12)'",
              "the combined expression is neither the sum of (11) and (12) nor the variance of C(d)",
              severity="intermediate"),
    RootCause("appC.pq", "Appendix C, '(p - q)^2 (1 - 1/m) = alpha_2 k (m - 1)'",
              "alpha_2 k (m - 1) = (p - q)^2 (1 - 1/m)^2: the square on (1 - 1/m) is missing (the next step uses the "
              "right value)", severity="slip"),
    RootCause("thm4.delta", "Section V-B, Theorem 4, Eq. (9)",
              "delta = e^{eps(1-T)}/2 puts Eq. (8)'s eps where the Laplace tail gives 1/b: the bin held by one client "
              "is released with probability e^{-(T-1)/b}/2, so Eq. (9) is too small wherever Eq. (8)'s maximum exceeds "
              "1/b and T > 1 (1 < T < 1 - b log(2(1 - e^{-1/b})), b > 1/log 2)", severity="result"),
]
