"""ldpref.wss.certify_osc (pan-strict Definition 3.1): Subset Selection is certified as the OSC it is, and a support
that covers every input (k = d: no input outside S_Y, so no row takes two values) is refused, not a crash."""

import sympy

from ldpref.mechanisms import subset_selection
from ldpref.wss import certify_osc


def test_subset_selection_is_an_osc():
    for d, k in ((3, 1), (4, 2), (5, 2)):
        ss = subset_selection(d, k, sympy.Integer(3))
        cert = certify_osc(ss.mechanism, [tuple(s) for s in ss.supports], k, 3)
        assert cert["certified"], (d, k, cert)


def test_wrong_exp_eps_is_refused():
    ss = subset_selection(4, 2, sympy.Integer(3))
    cert = certify_osc(ss.mechanism, [tuple(s) for s in ss.supports], 2, 2)
    assert not cert["certified"] and not cert["exp_eps_exact"]


def test_support_of_every_input_is_not_an_osc():
    ss = subset_selection(3, 1, sympy.Integer(3))
    every = [tuple(range(3))] * len(ss.supports)
    cert = certify_osc(ss.mechanism, every, 3, 3)
    assert not cert["weight_patterns"] and not cert["certified"]
