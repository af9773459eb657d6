"""Symbolic moments of frequency oracles for all parameters (issue 25, item 4).

Each moment is derived by sympy summation over the clients from the per-client
output probabilities, never by fitting enumerated values.
"""
