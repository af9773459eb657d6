"""Built-in exact mechanisms and the registry used by ``ldpref mechanism NAME``."""

from __future__ import annotations

from .pure import PureProtocol, grr, oue, subset_selection, sue, support_probabilities

#: name -> (builder taking keyword parameters, required keys, description)
REGISTRY = {
    "grr": (lambda d, exp_eps: grr(d, exp_eps), ("d", "exp_eps"), "generalised randomised response"),
    "sue": (lambda d, exp_eps: sue(d, exp_eps), ("d", "exp_eps"), "symmetric unary encoding (symmetric RAPPOR)"),
    "oue": (lambda d, exp_eps: oue(d, exp_eps), ("d", "exp_eps"), "optimised unary encoding (asymmetric RAPPOR)"),
    "ss": (lambda d, k, exp_eps: subset_selection(d, k, exp_eps), ("d", "k", "exp_eps"), "Subset Selection"),
}

__all__ = ["PureProtocol", "grr", "sue", "oue", "subset_selection", "support_probabilities", "REGISTRY"]
