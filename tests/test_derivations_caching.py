"""derivations.caching.cache: one entry per call however it is spelled (defaults bound), distinct calls apart."""

import sympy

from derivations.caching import cache


def test_cache_binds_defaults_and_keeps_distinct_calls_apart():
    d, e = sympy.symbols("d e")
    calls = []

    @cache
    def builder(d_=d, e_=e, *, scale=1):
        calls.append((d_, e_, scale))
        return scale * d_ / e_

    assert builder() == d / e
    assert builder(d) is builder(d, e) is builder(e_=e) is builder()  # one call, four spellings
    assert calls == [(d, e, 1)]
    assert builder(e, d) == e / d  # other arguments: another entry, another value (a wrong cache would give d/e)
    assert builder(scale=2) == 2 * d / e
    assert len(calls) == 3
    assert builder.cache_info().currsize == 3


def test_cache_without_parameters():
    calls = []

    @cache
    def constant():
        calls.append(1)
        return sympy.Integer(7)

    assert constant() == constant() == 7
    assert calls == [1]
