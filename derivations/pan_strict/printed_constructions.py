"""pan-strict printed forms of Sections 4-5 (transcriptions only; imports only sympy and the symbols).

Our copy (shared/papers/pan-strict.plain.txt) lost every formula.  The public arXiv abstract of
2603.11523, as rendered with its LaTeX by the public listing pages (sciencestack.ai/paper/2603.11523,
zhuanzhi.ai), restores one of them: the communication cost of Theorem 4.1.
"""

from __future__ import annotations

import sympy

from .constructions_symbols import COST, d


def theorem41_printed():
    """Theorem 4.1 / abstract: the cost of an optimal frequency estimator 'can be as low as'
    log2(d(d-1)/2 + 1) bits."""
    return sympy.Le(COST, sympy.log(d * (d - 1) / 2 + 1, 2))
