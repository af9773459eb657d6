"""The symbols of jiang-gcms Section V-B (Algorithm 6, Theorem 4, Eqs. (8)-(9)) and Section VII-E (the threshold
T from eps and delta), shared by the printed transcription (``printed_discovery.py``) and the derivation
(``discovery.py``).  Symbols only: no formula of the paper lives here.
"""

from __future__ import annotations

import sympy

from .symbols import delta, eps  # noqa: F401  (the paper's eps and delta, as in Definition 1)

#: the scale of the Laplace noise Algorithm 6 adds to each bin's count (Lap(b): density e^{-|x|/b}/(2b))
b = sympy.Symbol("b", positive=True)
#: the release threshold of Algorithm 6 (a bin is released when count + Lap(b) >= T); Theorem 4 takes T >= 1
T = sympy.Symbol("T", positive=True)
#: a bin's count (a positive integer: Algorithm 6's hash map holds only the hashes some client sent)
c = sympy.Symbol("c", positive=True, integer=True)
#: the privacy profile of Algorithm 6's release: the smallest delta at a given eps over every pair of neighbouring
#: datasets (one client added or removed), sup over pairs of sum_o (P(o | D) - e^eps P(o | D'))_+
DELTA_A = sympy.Function(r"\delta_{\mathrm{Alg\,6}}")
