"""Derivations for pan-strict (M. Pan, "Strict Optimality of Frequency Estimation Under LDP").

Our copy lost every formula; each result is derived here from the paper's definitions:

* ``framework``     -- Section 2, Appendix A (P/Q framework, extremal and symmetric configurations, URP)
* ``optimality``    -- Section 3, Appendix B, Proposition 1 (OSC, optimal support size, strict bounds)
* ``constructions`` -- Sections 4-5, Appendices C-D (Caratheodory, Subset Selection, WSS, optimized CMS)
"""
