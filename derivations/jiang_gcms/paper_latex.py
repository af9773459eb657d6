r"""The paper's own LaTeX beside each printed form of jiang-gcms (issue 23, item 1), in the format of
:mod:`ldpref.paper_latex`.

Copied from ``jiang-gcms.md`` (the canonical text of B. Jiang et al., "When Focus Enhances Utility ..."; the source
of each entry names the display), with the paper's own markup: ``\text{Var}``, ``f(d)``, ``e^\epsilon``, ``w``,
``\alpha_1``.  Only the edits a parser needs were made, each listed in the entry's ``edited``.  Nothing here reads
the paper at run or test time: the text is held in this module.
"""

from __future__ import annotations

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
    (r"e^{\epsilon_p}", r"e^{(\epsilon_p)}"),
)

#: ldpref's symbol standing for e^x -> x (EXP_EPS for e^eps needs no entry)
EXPONENTIALS = {"E_p": "eps_p"}

_W = r"e^\epsilon(1-p) + p"  # Lemma 1: w \triangleq e^\epsilon(1-p) + p
_ALPHAS = {"alpha_{1}": r"\frac{p + (m-1)q}{m}", "alpha_{2}": r"\frac{(p-q)^2}{km} \left( 1 - \frac{1}{m} \right)"}
_THM3_VAR_C = (r"f(d) \left( p - \frac{p^2}{k} \right) + (n - f(d)) \left( \alpha_1 - \frac{1}{k} \alpha_1^2 - \alpha_2 "
               r"\right) + \alpha_2 \left( \sum_{d' \neq d} f(d')^2 \right)")
_CASE3 = (r"\frac{p \binom{m-1}{s-1}}{(1-p) \binom{m-1}{s}} = \frac{p}{1-p} \frac{\binom{m-1}{s}}{\binom{m-1}{s-1}} "
          r"= \frac{p}{1-p} \frac{(m-1)!/s!(m-s-1)!}{(m-1)!/(s-1)!(m-s)!} = \frac{p}{1-p} \frac{(s-1)!(m-s)!}{s!(m-s-1)!} "
          r"= \frac{p}{1-p} \frac{m-s}{s}")
_CASE4 = r"\frac{(1-p) \binom{m-1}{s}}{p \binom{m-1}{s-1}} = \frac{1-p}{p} \frac{s}{m-s}"
_LEMMA1 = r"p = \operatorname{argmin} \left\{ \frac{kw - p + \lambda(w-1)(kw - p - wp)}{k(1-p)^2 p} \right\}"
_EQ11 = (r"pf(d) + \left( \frac{p}{m} + \left(1 - \frac{1}{m}\right)q \right) (n - f(d)) - \frac{p^2}{k} f(d) + "
         r"\frac{1}{k} \left( \frac{p}{m} + \left(1 - \frac{1}{m}\right)q \right)^2 (n - f(d))")
_THM1_IF = r"\epsilon \leq \log \left( \frac{n}{8 \log(2/\delta)} - 1 \right)"
_THM1_THEN = (r"\epsilon_c \leq \log \left( 1 + (e^\epsilon - 1) \left( \frac{4\sqrt{2 \log(4/\delta)}}{\sqrt{(e^\epsilon + 1)n}}"
              r" + \frac{4}{n} \right) \right)")
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
    "jiang-gcms/def1": _e(r"\Pr(\mathcal{M}(X) \in S) \leq e^\epsilon \cdot \Pr(\mathcal{M}(X') \in S) + \delta. \quad (1)",
                          "jiang-gcms.md, Definition 1, Eq. (1)"),
    "jiang-gcms/eq1": _e(r"\Pr(\mathcal{M}(X) \in S) \leq e^\epsilon \cdot \Pr(\mathcal{M}(X') \in S) + \delta. \quad (1)",
                         "jiang-gcms.md, Eq. (1)"),
    "jiang-gcms/thm1": _e(_THM1_IF + r" \Rightarrow " + _THM1_THEN, "jiang-gcms.md, Theorem 1 (condition and Eq. (2))",
                          edited="the condition display and Eq. (2) joined by \\Rightarrow (the words 'for any delta, "
                                 "shuffling can achieve (eps_c, delta)-DP with' between them)"),
    "jiang-gcms/eq2": _e(_THM1_IF + r" \Rightarrow " + _THM1_THEN, "jiang-gcms.md, Theorem 1, Eq. (2)",
                         edited="the condition display and Eq. (2) joined by \\Rightarrow; the trailing ', (2)' dropped"),
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
                                    unparsed="orders of growth O(.); ldpref's form reads them as exact operation counts"),
}
