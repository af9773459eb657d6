"""derivations.caching.cache's lookup of a call as written: the object of the bound entry, never another call's."""

import sympy

from derivations.caching import cache


def test_spelled_calls_return_the_bound_entry_and_stay_apart():
    d = sympy.Symbol("d")
    calls = []

    @cache
    def builder(a=(1,), b=(), *, scale=1):
        calls.append((a, b, scale))
        return (a, b, scale, d)

    first = builder((1,), (("scale", 2),))  # positional: a tuple of pairs, spelled like a keyword call's key
    keyword = builder((1,), scale=2)
    assert first == ((1,), (("scale", 2),), 1, d) and keyword == ((1,), (), 2, d)
    assert builder((1,), (("scale", 2),)) is first and builder((1,), scale=2) is keyword
    assert builder() is builder((1,)) is builder(b=()) is builder((1,), ())
    assert len(calls) == 3
    builder.cache_clear()
    builder()
    assert len(calls) == 4 and builder.cache_info().currsize == 1
