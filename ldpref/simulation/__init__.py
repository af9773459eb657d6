"""Simulation of the built-in mechanisms (issue 13): the real protocol and a sufficient-statistics sampler per
mechanism, both with the law of the exact model built by the same name (see :mod:`.base`).

``simulator(name, **params)`` takes the same keys as ``ldpref mechanism NAME --set`` (``eps`` accepted
instead of ``exp_eps``); ``SIMULATORS`` maps every registered name to its factory.  Importing this package
imports every simulator module, so the registry is complete on import.
"""

from __future__ import annotations

import importlib

from .base import SIMULATORS, Simulator, keys_of, make, parse_params, register

#: simulator modules of this package, always present
_MODULES = ("pure", "hadamard", "wss")
#: simulator modules that other branches add (sketches: CMS, OLH, CMS+HE, GCMS, OCMS-prime); skipped when absent
_OPTIONAL_MODULES = ("sketches", "gcms", "prime_cms")

for _name in _MODULES:
    importlib.import_module(f"{__name__}.{_name}")
for _name in _OPTIONAL_MODULES:
    try:
        importlib.import_module(f"{__name__}.{_name}")
    except ModuleNotFoundError as _exc:
        if _exc.name != f"{__name__}.{_name}":  # a missing dependency inside the module is a real error
            raise


def simulator(name: str, **params) -> Simulator:
    """The simulator of the built-in mechanism ``name`` at ``params`` (ints, exact numbers or their text)."""
    return make(name, **params)


__all__ = ["SIMULATORS", "Simulator", "simulator", "register", "keys_of", "parse_params"]
