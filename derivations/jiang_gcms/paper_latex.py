r"""The paper's own LaTeX beside each printed form of jiang-gcms (issue 23, item 1), in the format of
:mod:`ldpref.paper_latex`.

Copied from ``jiang-gcms.md`` (the canonical text of B. Jiang et al., "When Focus Enhances Utility ..."; the source
of each entry names the display), with the paper's own markup: ``\text{Var}``, ``f(d)``, ``e^\epsilon``, ``w``,
``\alpha_1``.  Only the edits a parser needs were made, each listed in the entry's ``edited``.  Nothing here reads
the paper at run or test time: the text is held in this module.
"""

from __future__ import annotations


#: the package of the symbols named in SYMBOLS, and its symbol modules searched in this order
SYMBOL_PACKAGE = __package__
SYMBOL_MODULES = ("symbols", "discovery_symbols")

#: the parser's name of a symbol -> ldpref's symbol (``derivations/jiang_gcms/symbols.py``, or ``module:name``)
SYMBOLS = {
    "p": "p", "q": "q", "n": "n", "m": "m", "k": "k", "s": "s", "f": "f", "w": "w",
    "epsilon": "eps", "epsilon_{c}": "eps_c", "epsilon_{p}": "eps_p", "delta": "delta", "lambda": "lam",
    "alpha_{1}": "a1_sym", "alpha_{2}": "a2_sym",
    "b": "discovery_symbols:b", "T": "discovery_symbols:T",
    # placeholders of REWRITES below (the paper's notation for one quantity)
    "V_{fhat}": "var_fhat", "V_{C}": "var_C", "F_{hat}": "fhat", "C_{d}": "C", "F_{2}": "F2",
    "D_{abs}": "D", "N_{S}": "S", "P_{r}": "PrS", "P_{rprime}": "PrS2", "E_{Z}": "EZ", "E_{ZZ}": "EZ2",
    "I_{same}": "I_same", "argmin": "ARGMIN_P",
}

#: (the paper's notation, what the parser reads instead), applied in this order to every entry before parsing
REWRITES = (
    (r"\sum_{d' \neq d} f(d')^2", "F_{2}"),
    (r"\sum_{d^* \neq d} f(d^*)^2", "F_{2}"),
    (r"\text{Var}[\hat{f}(d)]", "V_{fhat}"), (r"Var(\hat{f}(d))", "V_{fhat}"),
    (r"\text{Var}[C(d)]", "V_{C}"), (r"Var(C(d))", "V_{C}"),
    (r"E \left[ \left( Z_j^{(i)}(d) \right)^2 \right]", "E_{ZZ}"), (r"E[Z_j^{(i)}(d)]", "E_{Z}"),
    (r"\mathbb{1}_{\{d^{(i)}=d\}}", "I_{same}"), (r"\mathbb{1}_{\{d^{(i)} \neq d\}}", "(1 - I_{same})"),
    (r"\mathbb{E}[\hat{f}(d)]", "E_{fhat}"),
    (r"\hat{f}(d)", "F_{hat}"), (r"f(d)", "f"), (r"C(d)", "C_{d}"), (r"|\mathcal{D}|", "D_{abs}"),
    (r"\Pr(\mathcal{M}(X) \in S)", "P_{r}"), (r"\Pr(\mathcal{M}(X') \in S)", "P_{rprime}"),
    (r"\sum_{i=1}^N \mathbb{1}_{\{d \in \text{support}(v_i)\}}", "N_{S}"),
    (r"\frac{\Pr(X = \mathbf{x} | D = d)}{\Pr(X = \mathbf{x} | D = d')}", "L_{D}"),
    (r"\frac{\Pr(X = \mathbf{x} | R = r)}{\Pr(X = \mathbf{x} | R = r')}", "L_{R}"),
    (r"\frac{\Pr(X = \mathbf{x}|D = d)}{\Pr(X = \mathbf{x}|D = d')}", "L_{D}"),
    (r"\frac{\Pr(X = \mathbf{x}|R = r)}{\Pr(X = \mathbf{x}|R = r')}", "L_{R}"),
)

#: ldpref's symbol standing for e^x -> x (EXP_EPS for e^eps needs no entry)
EXPONENTIALS = {"E_p": "eps_p"}

_W = r"e^\epsilon(1-p) + p"  # Lemma 1: w \triangleq e^\epsilon(1-p) + p
_ALPHAS = {"alpha_{1}": r"\frac{p + (m-1)q}{m}", "alpha_{2}": r"\frac{(p-q)^2}{km} \left( 1 - \frac{1}{m} \right)"}
_THM3_VAR_C = (r"f(d) \left( p - \frac{p^2}{k} \right) + (n - f(d)) \left( \alpha_1 - \frac{1}{k} \alpha_1^2 - "
               r"\alpha_2 \right) + \alpha_2 \left( \sum_{d' \neq d} f(d')^2 \right)")
_CASE3 = (r"\frac{p \binom{m-1}{s-1}}{(1-p) \binom{m-1}{s}} = \frac{p}{1-p} \frac{\binom{m-1}{s}}{\binom{m-1}{s-1}} "
          r"= \frac{p}{1-p} \frac{(m-1)!/s!(m-s-1)!}{(m-1)!/(s-1)!(m-s)!} = \frac{p}{1-p} "
          r"\frac{(s-1)!(m-s)!}{s!(m-s-1)!} = \frac{p}{1-p} \frac{m-s}{s}")
_CASE4 = r"\frac{(1-p) \binom{m-1}{s}}{p \binom{m-1}{s-1}} = \frac{1-p}{p} \frac{s}{m-s}"
_LEMMA1 = r"p = \operatorname{argmin} \left\{ \frac{kw - p + \lambda(w-1)(kw - p - wp)}{k(1-p)^2 p} \right\}"
_EQ11 = (r"pf(d) + \left( \frac{p}{m} + \left(1 - \frac{1}{m}\right)q \right) (n - f(d)) - \frac{p^2}{k} f(d) + "
         r"\frac{1}{k} \left( \frac{p}{m} + \left(1 - \frac{1}{m}\right)q \right)^2 (n - f(d))")
_THM1_IF = r"\epsilon \leq \log \left( \frac{n}{8 \log(2/\delta)} - 1 \right)"
_THM1_THEN = (r"\epsilon_c \leq \log \left( 1 + (e^\epsilon - 1) \left( \frac{4\sqrt{2 "
              r"\log(4/\delta)}}{\sqrt{(e^\epsilon + 1)n}} + \frac{4}{n} \right) \right)")
_ALG4_S = r"s \leftarrow \lceil \frac{m}{1 + (1/p - 1)e^\epsilon} \rceil"
_EVEN = r"p = \frac{e^{\epsilon/2}}{e^{\epsilon/2} + 1}, \quad q = \frac{1}{e^{\epsilon/2} + 1}"
_CHAIN_13 = (r"\frac{w^2}{(1-p)^2p} \left[ f(d)(1 - \frac{p}{k}) + (n - f(d))(\frac{1}{w} - \frac{p}{w^2k}) \right] "
             r"= \frac{f(d)(kw^2 - w^2p) + (n - f(d))(kw - p)}{k(1-p)^2p} "
             r"= \frac{n(kw - p)}{k(1-p)^2p} + \frac{f(d)(kw^2 - w^2p - kw + p)}{k(1-p)^2p} "
             r"= \frac{n(kw - p)}{k(1-p)^2p} + \frac{f(d)(kw(w-1) + p(1-w)(1+w))}{k(1-p)^2p} "
             r"= n \left\{ \frac{(kw - p)}{k(1-p)^2p} + \frac{\lambda(w-1)(kw - p - wp)}{k(1-p)^2p} \right\}")

_ALIGN = "alignment (&, \\\\, aligned) dropped"


def _e(latex, source, part="whole", unparsed=None, **extra):
    return {"latex": latex, "source": source, "part": part, "unparsed": unparsed, **extra}


PAPER_LATEX = {
    # ---- Section II ------------------------------------------------------------------------------------------
    "jiang-gcms/def1": _e(r"\Pr(\mathcal{M}(X) \in S) \leq e^\epsilon \cdot \Pr(\mathcal{M}(X') \in S) + \delta. \quad "
                          r"(1)",
                          "jiang-gcms.md, Definition 1, Eq. (1)"),
    "jiang-gcms/eq1": _e(r"\Pr(\mathcal{M}(X) \in S) \leq e^\epsilon \cdot \Pr(\mathcal{M}(X') \in S) + \delta. \quad "
                         r"(1)",
                         "jiang-gcms.md, Eq. (1)"),
    "jiang-gcms/thm1": _e(_THM1_IF + r" \Rightarrow " + _THM1_THEN, "jiang-gcms.md, Theorem 1 (condition and Eq. (2))",
                          edited="the condition display and Eq. (2) joined by \\Rightarrow (the words 'for any delta, "
                                 "shuffling can achieve (eps_c, delta)-DP with' between them)"),
    "jiang-gcms/eq2": _e(_THM1_IF + r" \Rightarrow " + _THM1_THEN, "jiang-gcms.md, Theorem 1, Eq. (2)",
                         edited="the condition display and Eq. (2) joined by \\Rightarrow; the trailing ', (2)' "
                                "dropped"),
    "jiang-gcms/sec2.B.ldp": _e(r"p/q \leq e^\epsilon.", "jiang-gcms.md, Section II-B (first advantage)"),
    "jiang-gcms/sec2.B.estimator": _e(
        r"\hat{f}(d) = \frac{\sum_{i=1}^N \mathbb{1}_{\{d \in \text{support}(v_i)\}} - nq}{(p - q)^2}.",
        "jiang-gcms.md, Section II-B (estimator)"),
    "jiang-gcms/sec2.B.variance": _e(r"\text{Var}[\hat{f}(d)] = \frac{f(d)p(1-p) + (n - f(d))q(1-q)}{(p - q)^2}.",
                                     "jiang-gcms.md, Section II-B (variance)"),
    # ---- Section III-A ---------------------------------------------------------------------------------------
    "jiang-gcms/sec3.A.BRR": _e(r"p = \frac{e^\epsilon}{e^\epsilon + 1}, \quad q = \frac{1}{e^\epsilon + 1}",
                                "jiang-gcms.md, Section III-A (BRR)", part="rhs",
                                edited="the two inline formulas joined by \\quad"),
    "jiang-gcms/sec3.A.GRR": _e(r"p = \frac{e^\epsilon}{e^\epsilon + |\mathcal{D}| - 1}, \quad "
                                r"q = \frac{1}{e^\epsilon + |\mathcal{D}| - 1}",
                                "jiang-gcms.md, Section III-A (GRR)", part="rhs",
                                edited="the two inline formulas joined by \\quad"),
    "jiang-gcms/sec3.A.SUE": _e(_EVEN, "jiang-gcms.md, Section III-A (SUE: 'epsilon/2 BRR') with Section IV-C, "
                                "allocation principle 1", part="rhs",
                                edited="Section III-A gives SUE in words (BRR at eps/2); the formulas are the paper's "
                                       "own for eps/2 (Section IV-C), joined by \\quad"),
    # ---- Section IV-A ----------------------------------------------------------------------------------------
    "jiang-gcms/alg1": _e(r"p / \binom{m-1}{s-1}, \quad (1-p) / \binom{m-1}{s}",
                          "jiang-gcms.md, Appendix A, Cases 1 and 2 (the probabilities of Algorithm 1's output)",
                          edited="Algorithm 1 gives the draw in words; the two probabilities are the numerators of "
                                 "Appendix A's Cases 1 and 2, joined by \\quad"),
    "jiang-gcms/alg3": _e(r"q = \frac{p(s-1) + (1-p)s}{m-1}; \quad \hat{f}(d) = \frac{C(d) - \frac{pn}{m} - "
                          r"qn(1 - \frac{1}{m})}{(p-q)(1 - \frac{1}{m})};",
                          "jiang-gcms.md, Algorithm 3 (its two displays)", part="rhs",
                          edited="the two displays of Algorithm 3 joined by \\quad"),
    "jiang-gcms/eq3": _e(r"q = \frac{s-p}{m-1}. \quad (3)", "jiang-gcms.md, Eq. (3)"),
    "jiang-gcms/eq4": _e(r"\hat{f}(d) = \frac{C(d) - \frac{pn}{m} - qn \left(1 - \frac{1}{m}\right)}{(p-q) "
                         r"\left(1 - \frac{1}{m}\right)}, \quad (4)", "jiang-gcms.md, Eq. (4)"),
    "jiang-gcms/remark1.communication": _e(r"\mathcal{O}(s \log m), \quad \mathcal{O}(m)",
                                           "jiang-gcms.md, Remark 1 (communication cost)",
                                           unparsed="orders of growth O(.) in words ('each value requires log m "
                                                    "bits'); ldpref's form reads them as exact bit counts"),
    "jiang-gcms/remark1.server": _e(r"\mathcal{O}(ns), \quad \mathcal{O}(nm)", "jiang-gcms.md, Remark 1 (server cost)",
                                    unparsed="orders of growth O(.); ldpref's form reads them as exact operation "
                                             "counts"),

    # ---- Section IV-B ----------------------------------------------------------------------------------------
    "jiang-gcms/thm2": _e(r"\epsilon \leq \left| \log \left( \frac{p(m-s)}{(1-p)s} \right) \right|. \quad (5)",
                          "jiang-gcms.md, Theorem 2, Eq. (5)"),
    "jiang-gcms/eq5": _e(r"\epsilon \leq \left| \log \left( \frac{p(m-s)}{(1-p)s} \right) \right|. \quad (5)",
                         "jiang-gcms.md, Eq. (5)"),
    "jiang-gcms/thm3": _e(r"\text{Var}[C(d)] = " + _THM3_VAR_C,
                          "jiang-gcms.md, Theorem 3 (Var[C(d)], alpha_1, alpha_2)",
                          where=_ALPHAS, edited=_ALIGN),
    "jiang-gcms/thm3.ratio": _e(r"\text{Var}[\hat{f}(d)] = \frac{\text{Var}[C(d)]}{(p-q)^2(1-1/m)^2},",
                                "jiang-gcms.md, Theorem 3 (variance of the estimator)"),
    "jiang-gcms/thm3.estimator": _e(r"\text{Var}[\hat{f}(d)] = \frac{\text{Var}[C(d)]}{(p-q)^2(1-1/m)^2},",
                                    "jiang-gcms.md, Theorem 3 (variance of the estimator, with Var[C(d)])",
                                    where={"V_{C}": _THM3_VAR_C, **_ALPHAS}),
    "jiang-gcms/thm3.unbiased": _e(r"\mathbb{E}[\hat{f}(d)] = f(d).", "jiang-gcms.md, Theorem 3 (unbiasedness)",
                                   part="rhs"),
    "jiang-gcms/thm3.draw-term": _e(r"\frac{\alpha_2 \left( \sum_{d' \neq d} f(d')^2 \right)}{(p-q)^2(1-1/m)^2}",
                                    "jiang-gcms.md, Theorem 3 (the alpha_2 term of Var[C(d)] over the estimator's "
                                    "denominator)", part="rhs", where=_ALPHAS,
                                    edited="the alpha_2 term of Theorem 3's Var[C(d)] set over Theorem 3's "
                                           "denominator (p-q)^2(1-1/m)^2"),
    "jiang-gcms/cor1": _e(r"\text{Var}[\hat{f}(d)] = \frac{nq(1-q)}{(p-q)^2} + \frac{f(d)(1-p-q)}{p-q}. \quad (6)",
                          "jiang-gcms.md, Corollary 1, Eq. (6)"),
    "jiang-gcms/eq6": _e(r"\text{Var}[\hat{f}(d)] = \frac{nq(1-q)}{(p-q)^2} + \frac{f(d)(1-p-q)}{p-q}. \quad (6)",
                         "jiang-gcms.md, Eq. (6)"),
    "jiang-gcms/sec4.B.apple-cms": _e(r"\text{Var}[\hat{f}(d)] = \frac{\text{Var}[C(d)]}{(p-q)^2(1-1/m)^2},",
                                      "jiang-gcms.md, Theorem 3 at the original CMS's p = e^{eps/2}/(e^{eps/2}+1), "
                                      "q = 1/(e^{eps/2}+1) (Section IV-B, after Theorem 3)",
                                      where={"V_{C}": _THM3_VAR_C, **_ALPHAS,
                                             "p": r"\frac{e^{\epsilon/2}}{e^{\epsilon/2}+1}",
                                             "q": r"\frac{1}{e^{\epsilon/2}+1}"}),
    "jiang-gcms/sec4.B.pure-limit": _e(r"\text{Var}[\hat{f}(d)] = \frac{f(d)p(1-p) + (n - f(d))q(1-q)}{(p - q)^2}.",
                                       "jiang-gcms.md, Section II-B (the guarantee 'as in [5]' that Section IV-B "
                                       "says k = 1, m = infinity yields)"),
    # ---- Section IV-C ----------------------------------------------------------------------------------------
    "jiang-gcms/eq7": _e(r"q \geq \frac{m - e^\epsilon + e^\epsilon p - p}{(m-1) \left( \frac{e^\epsilon}{p} - "
                         r"e^\epsilon + 1 \right)}. \quad (7)", "jiang-gcms.md, Eq. (7)"),
    "jiang-gcms/lemma1": _e(_LEMMA1, "jiang-gcms.md, Lemma 1 (with w and lambda = f(d)/n as it defines them)",
                            part="rhs", where={"w": _W}),
    "jiang-gcms/alg4": _e(r"p_l \leq p_r", "jiang-gcms.md, Algorithm 4 (its loop: while p_l <= p_r do)"),
    "jiang-gcms/alg4.s": _e(_ALG4_S, "jiang-gcms.md, Algorithm 4 (last step, s)",
                            unparsed="an assignment (s \\leftarrow ...); ldpref's form is the implication the "
                                     "paper draws from it, with this s as its hypothesis (an equation) and Theorem 2's "
                                     "ratio <= e^eps as its conclusion"),
    "jiang-gcms/sec4.C.allocation": _e(r"p = \frac{e^{\epsilon_p}}{e^{\epsilon_p} + 1}, \quad "
                                       r"q = \frac{1}{e^{(\epsilon - \epsilon_p)} + 1}.",
                                       "jiang-gcms.md, Section IV-C (budget allocation)", part="rhs", select=[0, 1, 1],
                                       edited="'\\sim' (the paper's 'approximately') written '=', '\\text{ and }' "
                                              "written \\quad; the one q is ldpref's q_unary and q_GCMS"),
    "jiang-gcms/sec4.C.even-split": _e(_EVEN, "jiang-gcms.md, Section IV-C, allocation principle 1", part="rhs",
                                       edited="the two inline formulas joined by \\quad"),
    "jiang-gcms/sec4.C.oue-split": _e(r"p = 1/2, \quad q = \frac{1}{e^\epsilon + 1}",
                                      "jiang-gcms.md, Section IV-C, allocation principle 2", part="rhs",
                                      edited="the two inline formulas joined by \\quad"),
    # ---- Section V -------------------------------------------------------------------------------------------
    "jiang-gcms/alg5": _e(r"v = E_{pk2}[E_{pk1}[d] || H[d]];", "jiang-gcms.md, Algorithm 5",
                          unparsed="an encrypted message, not arithmetic; ldpref's form is a statement about the "
                                   "keys, evaluated by code"),
    "jiang-gcms/alg6": _e(r"len(F[key]) + \text{Lap}(b) \geq T", "jiang-gcms.md, Algorithm 6 (release condition)",
                          unparsed="a branch on a random draw; ldpref's form is a statement evaluated by code"),
    "jiang-gcms/eq8": _e(r"\epsilon = \max \left\{ \frac{1}{b}, \log \left( 1 + \frac{1}{2e^{(T-1)/b} - 1} \right) "
                         r"\right\}, \quad (8)", "jiang-gcms.md, Theorem 4, Eq. (8)"),
    "jiang-gcms/eq9": _e(r"\delta = \frac{1}{2} \exp(\epsilon(1 - T)). \quad (9)", "jiang-gcms.md, Theorem 4, Eq. (9)"),
    "jiang-gcms/thm4": _e(r"\epsilon = \max \left\{ \frac{1}{b}, \log \left( 1 + \frac{1}{2e^{(T-1)/b} - 1} \right) "
                          r"\right\}, \quad \delta = \frac{1}{2} \exp(\epsilon(1 - T))",
                          "jiang-gcms.md, Theorem 4, Eqs. (8) and (9)",
                          edited="the two displays joined by \\quad"),
    # ---- Section VII -----------------------------------------------------------------------------------------
    "jiang-gcms/sec7.E.threshold": _e(r"1 - \frac{\log(2\delta)}{\epsilon}",
                                      "jiang-gcms.md, Section VII-E ('T is approximately')", part="rhs",
                                      edited="the inline '1 - \\log(2\\delta)/\\epsilon' written with \\frac (the "
                                             "parser reads the inline '/' two ways)"),
    # ---- Appendix A ------------------------------------------------------------------------------------------
    "jiang-gcms/appA.case1": _e(r"\begin{aligned} \frac{\Pr(X = \mathbf{x} | D = d)}{\Pr(X = \mathbf{x} | D = d')} &= "
                                r"\frac{\Pr(X = \mathbf{x} | R = r)}{\Pr(X = \mathbf{x} | R = r')} \\ &= \frac{p / "
                                r"\binom{m-1}{s-1}}{p / \binom{m-1}{s-1}} = 1. \end{aligned}",
                                "jiang-gcms.md, Appendix A, Case 1", select=[3]),
    "jiang-gcms/appA.case2": _e(r"\begin{aligned} \frac{\Pr(X = \mathbf{x} | D = d)}{\Pr(X = \mathbf{x} | D = d')} &= "
                                r"\frac{\Pr(X = \mathbf{x} | R = r)}{\Pr(X = \mathbf{x} | R = r')} \\ &= \frac{(1-p) / "
                                r"\binom{m-1}{s}}{(1-p) / \binom{m-1}{s}} = 1. \end{aligned}",
                                "jiang-gcms.md, Appendix A, Case 2", select=[3]),
    "jiang-gcms/appA.case3": _e(r"\frac{\Pr(X = \mathbf{x}|D = d)}{\Pr(X = \mathbf{x}|D = d')} = \frac{\Pr(X = "
                                r"\mathbf{x}|R = r)}{\Pr(X = \mathbf{x}|R = r')} = " + _CASE3,
                                "jiang-gcms.md, Appendix A, Case 3 (the members after the first equality)",
                                select=[3, 4, 5, 6], edited=_ALIGN),
    "jiang-gcms/appA.case3.first-step": _e(r"\frac{\Pr(X = \mathbf{x}|D = d)}{\Pr(X = \mathbf{x}|D = d')} = \frac{\Pr(X"
                                           r" = \mathbf{x}|R = r)}{\Pr(X = \mathbf{x}|R = r')} = " + _CASE3,
                                           "jiang-gcms.md, Appendix A, Case 3 (first equality)", select=[2],
                                           edited=_ALIGN),
    "jiang-gcms/appA.case4": _e(r"\frac{\Pr(X = \mathbf{x}|D = d)}{\Pr(X = \mathbf{x}|D = d')} = \frac{\Pr(X = "
                                r"\mathbf{x}|R = r)}{\Pr(X = \mathbf{x}|R = r')} = " + _CASE4,
                                "jiang-gcms.md, Appendix A, Case 4 (last member)", select=[3], edited=_ALIGN),
    "jiang-gcms/appA.case4.first-step": _e(r"\frac{\Pr(X = \mathbf{x}|D = d)}{\Pr(X = \mathbf{x}|D = d')} = \frac{\Pr(X"
                                           r" = \mathbf{x}|R = r)}{\Pr(X = \mathbf{x}|R = r')} = " + _CASE4,
                                           "jiang-gcms.md, Appendix A, Case 4 (first equality)", select=[2],
                                           edited=_ALIGN),
    "jiang-gcms/appA.closing": _e(r"\log \left\{ \frac{\Pr(X = \mathbf{x}|D = d)}{\Pr(X = \mathbf{x}|D = d')} \right\} "
                                  r"\leq \log \left\{ \frac{p}{1-p} \frac{m-s}{s} \right\}.",
                                  "jiang-gcms.md, Appendix A (closing inequality)",
                                  unparsed="its condition is in words ('when p in [0.5, 1] and s in [m/2, m]'); "
                                           "ldpref's form is a statement evaluated by code"),
    # ---- Appendix B ------------------------------------------------------------------------------------------
    "jiang-gcms/appB.lemma2": _e(r"E[Z_j^{(i)}(d)] = \frac{p}{k} \mathbb{1}_{\{d^{(i)}=d\}} + \left( \frac{p}{mk} + "
                                 r"(1 - \frac{1}{m}) \frac{q}{k} \right) \mathbb{1}_{\{d^{(i)} \neq d\}}.",
                                 "jiang-gcms.md, Lemma 2", part="rhs"),
    "jiang-gcms/appB.lemma3": _e(r"E \left[ \left( Z_j^{(i)}(d) \right)^2 \right] = E[Z_j^{(i)}(d)].",
                                 "jiang-gcms.md, Lemma 3"),
    "jiang-gcms/appB.lemma4": _e(r"0, \quad 0, \quad \left( \frac{p-q}{k} \right)^2 \left( \frac{1}{m} - \frac{1}{m^2} "
                                 r"\right)", "jiang-gcms.md, Lemma 4, items 1)-3)",
                                 edited="the right-hand sides of the three items (their Cov(.) left-hand sides and "
                                        "'when ...' conditions dropped), joined by \\quad"),
    "jiang-gcms/appB.mean": _e(r"f(d) \left(1 - \frac{1}{m}\right) (p-q) + \frac{pn}{m} + \left(1 - \frac{1}{m}\right) "
                               r"nq.",
                               "jiang-gcms.md, Appendix B, proof of Theorem 3 (E[C(d)], last member)", part="rhs",
                               edited="the last member of the aligned chain (E[C(d)] = sum_j sum_i E[Z] = ...)"),
    "jiang-gcms/appB.relation": _e(r"Var(\hat{f}(d)) = \frac{Var(C(d))}{(p-q)^2 (1 - 1/m)^2},",
                                   "jiang-gcms.md, Appendix B ('By Proposition 1')"),
    "jiang-gcms/eq10": _e(r"\begin{aligned} & Var(C(d)) \\ &= Var \left( \sum_{j=1}^k \sum_{i=1}^n Z_j^{(i)}(d) "
                          r"\right) \\ &= \sum_{i=1}^n Var \left( \sum_{j=1}^k Z_j^{(i)}(d) \right) + \sum_{i_1 \neq "
                          r"i_2} Cov(Z_{j_1}^{(i_1)}(d), Z_{j_2}^{(i_2)}(d)) \\ &= \sum_{i=1}^n \left( \sum_{j=1}^k "
                          r"Var(Z_j^{(i)}(d)) + \sum_{j_1 \neq j_2} Cov(Z_{j_1}^{(i)}(d), Z_{j_2}^{(i)}(d)) \right) \\ "
                          r"&\quad + \sum_{i_1 \neq i_2} \sum_{j=1}^k Cov(Z_j^{(i_1)}(d), Z_j^{(i_2)}(d)), "
                          r"\end{aligned} \tag{10}", "jiang-gcms.md, Eq. (10)",
                          unparsed="sums over index conditions (i_1 != i_2) of Var(.) and Cov(.) of random variables; "
                                   "ldpref names the three sums by symbols"),
    "jiang-gcms/eq11": _e(_EQ11, "jiang-gcms.md, Eq. (11) (last member)", part="rhs",
                          edited="the last member of (11)'s aligned chain (after sum_i sum_j E[Z^2] - E^2[Z])"),
    "jiang-gcms/eq12": _e(r"k \left( \frac{p-q}{k} \right)^2 \frac{1}{m} \left(1 - \frac{1}{m}\right) \left( "
                          r"\sum_{d^* \neq d} f(d^*)^2 - (n - f(d)) \right)", "jiang-gcms.md, Eq. (12) (last member)",
                          part="rhs", edited="the last member of (12)'s aligned chain"),
    "jiang-gcms/appB.final": _e(r"\begin{aligned} & Var(C(d)) \\ &= f(d) \left( p - \frac{p^2}{k} \right) + (n - f(d)) "
                                r"\left( \frac{p^2}{mk} + \frac{q^2}{k} \left(1 - \frac{1}{m}\right) \right) \\ &\quad "
                                r"+ \frac{(p-q)^2}{km} \left(1 - \frac{1}{m}\right) \left( \sum_{d^* \neq d} f(d^*)^2 "
                                r"\right). \end{aligned}", "jiang-gcms.md, Appendix B ('Combining (11) and (12)')"),
    # ---- Appendix C ------------------------------------------------------------------------------------------
    "jiang-gcms/appC.alpha": _e(r"\alpha_2 = \frac{\left(p - \frac{p(m - e^\epsilon(1-p) - p)}{(e^\epsilon(1-p) + "
                                r"p)(m-1)}\right)^2}{km} \left(1 - \frac{1}{m}\right) = \frac{p^2(w-1)^2}{w^2k(m-1)}, "
                                r"\quad \alpha_1 = \frac{p}{e^\epsilon(1-p) + p}",
                                "jiang-gcms.md, Appendix C (alpha_2 and alpha_1 at the boundary of (7))", part="rhs",
                                where={"w": _W},
                                edited="alpha_2's two displays joined by '=', and alpha_1's last line, joined by "
                                       "\\quad"),
    "jiang-gcms/appC.pq": _e(r"(p - q)^2(1 - 1/m) = \alpha_2 k(m-1) = \frac{p^2(w-1)^2}{w^2}.",
                             "jiang-gcms.md, Appendix C", part="rhs", select=[1, 1], where={"w": _W}),
    "jiang-gcms/eq13": _e(r"\frac{w^2}{(w-1)^2p} \left[ f(d)(1 - \frac{p}{k}) + (n - f(d))(\frac{1}{w} - "
                          r"\frac{p}{w^2k}) \right] \quad (13)", "jiang-gcms.md, Eq. (13)",
                          unparsed="(13) is the objective; ldpref's form is the argmin of (13)/n with f(d) = lambda n "
                                   "(the chain after it, compared as appC.chain, carries the same objective)"),
    "jiang-gcms/appC.chain": _e(_CHAIN_13, "jiang-gcms.md, Appendix C (the equalities after (13))", where={"w": _W,
                                "f": r"\lambda n"}, scale="n",
                                edited="the displays after (13) joined by '='; ldpref's members are the paper's over "
                                       "n with f(d) = lambda n (scale)"),
}

PAPER_LATEX.update({
    "jiang-gcms/fig5.small-eps": _e(r"p = 0.5", "jiang-gcms.md, Section VII-B ('the optimal p remains 0.5')",
                                    part="rhs",
                                    edited="the words 'the optimal $p$ remains 0.5' written as an equation"),
    "jiang-gcms/sec7.D.adult-p.optimum": _e(r"p = 0.74, \quad p = 0.57",
                                            "jiang-gcms.md, Section VII-D ('an optimal $p$ of 0.74', '$p = 0.57$')",
                                            part="rhs", edited="'an optimal $p$ of 0.74' written 'p = 0.74', joined by "
                                                               "\\quad to the inline '$p = 0.57$'"),
})

_WORDS = "the paper states it in words, with no formula of its own to transcribe"

#: claims with a printed form but no formula in the paper (claim id -> why): ldpref's form is its statement of words
NO_PAPER_LATEX = {
    "jiang-gcms/alg4.unimodal": "what Algorithm 4's ternary search assumes; the paper states no such formula",
    "jiang-gcms/appB.same-client": "stated in words ('by Lemma 4 (1), we need only consider ...'), no display",
    "jiang-gcms/fig2.caption": _WORDS + " (Fig. 2's caption); ldpref's form is the optimum it describes, Lemma 1's "
                                        "p* (the paper's LaTeX is jiang-gcms/lemma1's entry)",
    "jiang-gcms/fig5.grows": _WORDS + " (Section VII-B on Fig. 5(a))",
    "jiang-gcms/fig5.k": _WORDS + " (Section VII-B on Fig. 5(b))",
    "jiang-gcms/fig6": _WORDS + " (Section VII-B on Fig. 6)",
    "jiang-gcms/remark2": _WORDS + " (Remark 2); ldpref's form is the optimum it describes, Lemma 1's p* (the "
                                   "paper's LaTeX is jiang-gcms/lemma1's entry)",
    "jiang-gcms/sec4.A.same-randomness": _WORDS + " (the probability of adding r is p, every other value q)",
    "jiang-gcms/sec4.C.monotone": _WORDS + " (the variance decreases with m and k)",
    "jiang-gcms/sec4.C.none-optimal": _WORDS + " (Section IV-C, before Section V)",
    "jiang-gcms/sec4.C.rounding": _WORDS + " ('may result in a slightly smaller eps'); Algorithm 4's s is alg4.s",
    "jiang-gcms/sec5.A.randomized": _WORDS + " ('two encrypted d with the same pk1 can differ')",
    "jiang-gcms/sec5.A.threshold-wording": _WORDS + " (Phase 3's 'larger than a threshold T'); Algorithm 6's "
                                                    "condition is alg6's entry",
    "jiang-gcms/sec6.1.collusion-server-clients": _WORDS + " (Section VI-1)",
    "jiang-gcms/sec6.1.collusion-shuffler-clients": _WORDS + " (Section VI-1)",
    "jiang-gcms/sec6.1.collusion-shuffler-server": _WORDS + " (Section VI-1)",
    "jiang-gcms/sec6.1.server-ldp": _WORDS + " (Section VI-1)",
    "jiang-gcms/sec6.1.shuffler-confidentiality": _WORDS + " (Section VI-1)",
    "jiang-gcms/sec6.1.shuffler-deviate": _WORDS + " (Section VI-1)",
    "jiang-gcms/sec6.1.standalone": _WORDS + " (Section VI-1)",
    "jiang-gcms/sec6.1.truncation": _WORDS + " (Section VI-1)",
    "jiang-gcms/sec6.2.curious": _WORDS + " (Section VI-2)",
    "jiang-gcms/sec6.2.drop-top": _WORDS + " (Section VI-2)",
    "jiang-gcms/sec6.2.drop-value": _WORDS + " (Section VI-2)",
    "jiang-gcms/sec6.2.hash-check": _WORDS + " (Section VI-2)",
    "jiang-gcms/sec7.B.fig6-significant": _WORDS + " (Section VII-B on Fig. 6)",
    "jiang-gcms/sec7.C.fig7": _WORDS + " (Section VII-C on Fig. 7)",
    "jiang-gcms/sec7.C.small-p-large-eps": _WORDS + " (Section VII-C on Fig. 7)",
    "jiang-gcms/sec7.D.adult-p": _WORDS + " ('apply Lemma 1 to determine an optimal p of 0.74'); the two values are "
                                          "sec7.D.adult-p.optimum's entry",
    "jiang-gcms/sec7.D.apple-p": _WORDS + " ('p = 0.87 ... corresponds to the parameter setting used in Apple's CMS')",
    "jiang-gcms/sec7.D.apple-target": _WORDS + " ('the resulting target frequency exceeds n')",
    "jiang-gcms/sec7.D.better": _WORDS + " (Section VII-D on Fig. 8)",
    "jiang-gcms/sec7.D.targets": _WORDS + " (Section VII-D on Fig. 8)",
    "jiang-gcms/sec7.E.convergence": _WORDS + " (Section VII-E on Fig. 9)",
    "jiang-gcms/sec7.E.singletons": _WORDS + " (Section VII-E on Fig. 9)",
    "jiang-gcms/thm3.deployed": "ldpref's statement about hash functions drawn once; the paper prints no formula for "
                                "it (Sections IV-A/IV-B in words)",
}

#: entries the parser reads differently from ldpref's printed form, each with why (the test requires them to differ,
#: so a fixed one is noticed)
KNOWN_DIFFERS = {
    "jiang-gcms/appA.case3": "item 2 is the paper's inline '(m-1)!/s!(m-s-1)!', which the parser reads literally as "
                             "((m-1)!/s!) (m-s-1)!; ldpref transcribes the meant (m-1)!/(s!(m-s-1)!), the reading the "
                             "chain's next member (s-1)!(m-s)!/(s!(m-s-1)!) confirms (a typesetting slip of the "
                             "paper's, not of ldpref's transcription)",
}
