"""pan-strict printed forms of Sections 4-5 (transcriptions only; imports only sympy and the symbols).

Our copy (shared/papers/pan-strict.plain.txt) lost every formula.  The public arXiv abstract of
2603.11523, as rendered with its LaTeX by the public listing pages (sciencestack.ai/paper/2603.11523,
zhuanzhi.ai), restores one of them: the communication cost of Theorem 4.1.
"""

from __future__ import annotations

import sympy

from .constructions_symbols import COST, EXCESS_EXAMPLE, EXCESS_LIM, Predicate, d


def theorem41_printed():
    """Theorem 4.1 / abstract: the cost of an optimal frequency estimator 'can be as low as'
    log2(d(d-1)/2 + 1) bits."""
    return sympy.Le(COST, sympy.log(d * (d - 1) / 2 + 1, 2))


# Appendix D.2: "In all such scenarios, the support size of the sampled configurations deviates from
# [d'/(e^eps + 1)] by at most one."  The scenarios named just before: m = e^eps + 1 when that is an integer,
# else m is the floor or the ceiling of e^eps + 1.  At an instance (d', m, e^eps) in one of them, the
# statement asserts that every bucket size of OCMS is within one of d'/(e^eps + 1).  The printed form is that
# implication, k standing for each support size (bucket size) of the sampled configurations: the check reads its
# hypothesis (the scenarios) from this object, so an edit of the hypothesis is the correction it evaluates.
def deviation_printed():
    from ldpref.exact import EXP_EPS as e

    from .constructions_symbols import dp, k, m

    scenarios = sympy.Or(sympy.Eq(m, sympy.floor(e + 1)), sympy.Eq(m, sympy.ceiling(e + 1)))
    return sympy.Implies(scenarios, sympy.Le(sympy.Abs(k - dp / (e + 1)), 1))


# Appendix C, second step: "matching the off-diagonal elements ... automatically ensures the diagonal elements
# match" (stated for any support size k).  At an instance (weights w), it asserts the diagonal matches k/d
# whenever the off-diagonal entries match.
def _diagonal(offdiag_match, **_):
    return bool(offdiag_match)


def diagonal_printed():
    return Predicate(r"\left(\sum_y w_y s_y s_y^{T}\right)_{x x'} = \frac{k(k-1)}{d(d-1)}\ \forall x \ne x' "
                     r"\Rightarrow \sum_y w_y s_{y,i} = \frac{k}{d}", _diagonal)


# Section 5.3, after the heuristic's steps: "The constraint [A w = b] inherently guarantees an optimal
# symmetric configuration (see the proof of Theorem 4.1)", stated for any support size k.  At an instance
# (weights w solving the pair constraints, or not), it asserts the implication holds there.
def _pairs_give_osc(**_):
    return True


def osc_printed():
    return Predicate(r"A w = b,\ w \ge 0 \Rightarrow \text{OSC} \text{ (any support size } k\text{)}", _pairs_give_osc)


# Section 5.4, end of the example: the gap of OCMS over the optimum "continues to narrow as d increases".  At
# a step d -> d + 1 it asserts Delta(d + 1) <= Delta(d); the sentence names no exception.
def _narrowing(**_):
    return True


def narrowing_printed():
    return Predicate(r"\Delta(d + 1) \le \Delta(d) \text{ for every } d", _narrowing)


# Section 5.2, the sentence that introduces Corollary 5.2, "Subsequently, we demonstrate that OCMS approaches
# optimal precision", and the one after it, "In the regime where [d is large], both [alpha] and [beta] vanish
# toward zero": with the optimized hash range, the excess of OCMS over the strict optimum tends to 0 as d grows.
# The words survive; the formulas of alpha and beta are lost.
def vanish_printed():
    return sympy.Eq(EXCESS_LIM, 0)


# Section 5.4: "For example, when [d] and [eps], [the l2 loss] of OCMS is at most 0.09% above the optimal loss".
# The two values are lost in our copy; the public abstract of arXiv 2603.11523 (v1 and v2) gives the paper's
# example of a dictionary large enough for OCMS: "d = 100 for a privacy factor of eps = 1".  Reading: Section
# 5.4's example is the abstract's.  At that point (OCMS with its optimized hash range and decoder) the sentence
# asserts the excess is at most 9/10000; it asserts nothing at other points.  The printed form is that relation,
# the excess at the example (a symbol naming the point) against the printed number, 0.09% = 9/10000: the check reads
# the number from this object and judges the relation on the exact excess, so an edit of the number is the
# correction it evaluates.
def example_printed():
    return sympy.Le(EXCESS_EXAMPLE, sympy.Rational(9, 10000))
