"""Symbolic count moments (ldpref.symbolic.moments) against exact enumeration of small mechanisms."""
from fractions import Fraction
from itertools import combinations, product

import pytest
import sympy as sp

from ldpref.symbolic.moments import count_moments, d, f, k, n, t


def _outputs(mech, x, dd, kk, tt):
    """Exact per-client output distribution: list of (support set, probability)."""
    if mech == "GRR":
        den = tt + dd - 1
        return [({y}, Fraction(tt if y == x else 1) / den) for y in range(dd)]
    if mech == "SS":
        den = kk * tt + dd - kk
        subsets = list(combinations(range(dd), kk))
        inc = sum(1 for s in subsets if x in s)
        exc = len(subsets) - inc
        return [(set(s), (Fraction(kk * tt, den) / inc) if x in s else Fraction(dd - kk, den) / exc)
                for s in subsets]
    raise AssertionError(mech)


def _enumerate(mech, data, dd, kk, tt, v=0):
    pf, qf = _exact_pq(mech, dd, kk, tt)
    dists = [_outputs(mech, x, dd, kk, tt) for x in data]
    vals = []
    for combo in product(*dists):
        prob = Fraction(1)
        c = 0
        for s, pr in combo:
            prob *= pr
            c += v in s
        vals.append((prob, (c - len(data) * qf) / (pf - qf)))
    mean = sum(pr * e for pr, e in vals)
    var = sum(pr * (e - mean) ** 2 for pr, e in vals)
    return mean, var


def _exact_pq(mech, dd, kk, tt):
    p = sum(pr for s, pr in _outputs(mech, 0, dd, kk, tt) if 0 in s)
    q = sum(pr for s, pr in _outputs(mech, 1, dd, kk, tt) if 0 in s)
    return p, q


@pytest.mark.parametrize("mech", ["GRR", "SS"])
@pytest.mark.parametrize("dd,kk,tt,data", [(2, 1, 3, (0, 1)), (3, 1, 2, (0, 0, 2)), (4, 2, 5, (0, 1, 3)),
                                          (5, 2, 3, (1, 2)), (4, 3, 7, (0, 0))])
def test_moments_match_enumeration(mech, dd, kk, tt, data):
    mean, var = _enumerate(mech, data, dd, kk, tt)
    e, v = count_moments(mech)
    sub = {n: len(data), f: data.count(0), t: tt, d: dd, k: kk}
    assert sp.Rational(e.subs(sub)) == sp.Rational(mean.numerator, mean.denominator)
    assert sp.simplify(v.subs(sub)) == sp.Rational(var.numerator, var.denominator)


def test_grr_variance_closed_form():
    _, v = count_moments("GRR")
    printed = n * (t + d - 2) / (t - 1) ** 2 + f * (d - 2) / (t - 1)  # Wang et al. 2017, Eq. (3) with f
    assert sp.simplify(v - printed) == 0


def _bit_enumeration(p, q, data):
    """Exact moments of (C - n q)/(p - q) for independent support bits, by enumerating all bit vectors."""
    vals = []
    for bits in product((0, 1), repeat=len(data)):
        prob = Fraction(1)
        for x, b in zip(data, bits):
            r = p if x == 0 else q
            prob *= r if b else 1 - r
        vals.append((prob, (sum(bits) - len(data) * q) / (p - q)))
    mean = sum(pr * e for pr, e in vals)
    return mean, sum(pr * (e - mean) ** 2 for pr, e in vals)


@pytest.mark.parametrize("mech,tt,gg,p,q", [("SUE", 4, 2, Fraction(2, 3), Fraction(1, 3)),
                                            ("SUE", 9, 2, Fraction(3, 4), Fraction(1, 4)),
                                            ("OUE", 3, 2, Fraction(1, 2), Fraction(1, 4)),
                                            ("OLH", 3, 4, Fraction(3, 6), Fraction(1, 4)),
                                            ("OLH", 5, 3, Fraction(5, 7), Fraction(1, 3))])
@pytest.mark.parametrize("data", [(0, 1), (0, 0, 2), (1, 2, 3, 0)])
def test_bit_mechanisms_match_enumeration(mech, tt, gg, p, q, data):
    mean, var = _bit_enumeration(p, q, data)
    e, v = count_moments(mech)
    sub = {n: len(data), f: data.count(0), t: tt, sp.Symbol("g", positive=True): gg}
    assert sp.nsimplify(e.subs(sub)) == sp.Rational(mean.numerator, mean.denominator)
    assert sp.simplify(v.subs(sub) - sp.Rational(var.numerator, var.denominator)) == 0
