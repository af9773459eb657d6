"""``cache`` for the derivation builders: functools.cache keyed by the bound arguments.

``functools.cache`` keys on the arguments as written, so ``m_l2_derived()`` and ``m_l2_derived(d, e)``
(the same call: its defaults are the symbols ``d`` and ``e``) were two cache entries, and the exact
derivation (a ``solve`` and a radical simplification, seconds each) ran twice.  Here the arguments are
bound to the signature with the defaults filled in first, so every spelling of one call shares one entry (each
spelling, once seen, is looked up directly, without binding again).
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

    spelled: dict = {}  # the call as written -> the object of its bound entry (binding costs more than a lookup)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        key = (args, tuple(sorted(kwargs.items())))
        try:
            return spelled[key]
        except KeyError:
            pass
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        out = spelled[key] = cached(*bound.args, **bound.kwargs)
        return out

    def cache_clear():
        spelled.clear()
        cached.cache_clear()

    wrapper.cache_info, wrapper.cache_clear = cached.cache_info, cache_clear
    return wrapper
