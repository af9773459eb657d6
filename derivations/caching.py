"""``cache`` for the derivation builders: functools.cache keyed by the bound arguments.

``functools.cache`` keys on the arguments as written, so ``m_l2_derived()`` and ``m_l2_derived(d, e)``
(the same call: its defaults are the symbols ``d`` and ``e``) were two cache entries, and the exact
derivation (a ``solve`` and a radical simplification, seconds each) ran twice.  Here the arguments are
bound to the signature with the defaults filled in first, so every spelling of one call shares one entry.
The builders are pure functions of exact (hashable) parameters; the cached object is immutable (sympy).
"""

from __future__ import annotations

import functools
import inspect


def cache(fn):
    """``functools.cache(fn)``, keyed by the arguments bound to ``fn``'s signature (defaults applied)."""
    cached = functools.cache(fn)
    signature = inspect.signature(fn)
    if not signature.parameters:
        return cached

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return cached(*bound.args, **bound.kwargs)

    wrapper.cache_info, wrapper.cache_clear = cached.cache_info, cached.cache_clear
    return wrapper
