"""ldpref.l1_certificate: the rigorous interval for the worst-case Eq. (2) l1 (pan-strict Theorem 2.3) and the
decisions that rest on it (pan-strict Proposition 1's l1 points, Corollary 2.1's l1 comparison).

Each test is meant to catch a wrong certificate, not only a changed one: an upper end below the maximum (a gap
with the wrong sign, a dropped term), ends rounded to nearest instead of outward, or an order decided at some
number of digits where the exact values differ beyond them."""

import itertools
from fractions import Fraction

import mpmath
import numpy as np
import pytest
import sympy

import derivations.pan_strict.framework as D
from ldpref.exact import OrderUndecided, exact_order
from ldpref.l1_certificate import _feasible, certified_l1_normal, certified_order, round_outward
from ldpref.losses import l1_normal_approximation
from ldpref.mechanism import Mechanism
from ldpref.mechanisms import grr, subset_selection
from ldpref.random_mechanisms import random_perturbation_matrix

R = sympy.Rational
SEED = 20261129


def _random_mechanisms():
    rng = np.random.default_rng(SEED)
    return [Mechanism(random_perturbation_matrix(rng, d, U).tolist()) for d, U in [(2, 3), (3, 3), (3, 4), (3, 5)]]


def _h(mech, counts):
    """Eq. (2) at the dataset ``counts`` of N clients scaled to one client (l1 goes as 1/sqrt(n)): the objective
    at f = counts/N, exact, built by ldpref.losses (not by the certificate)."""
    return l1_normal_approximation(mech, counts) * sympy.sqrt(sum(counts))


@pytest.mark.parametrize("mech", [subset_selection(4, 2, 3).mechanism, subset_selection(5, 2, R(5, 2)).mechanism,
                                  grr(3, 2).mechanism, grr(4, R(7, 2)).mechanism], ids=lambda m: m.name)
def test_interval_holds_the_exact_maximum_of_symmetric_mechanisms(mech):
    """Subset Selection and GRR: the maximum is at the uniform dataset (a symmetric concave function), exactly."""
    cert = certified_l1_normal(mech, 1, digits=15, iterations=40, tolerance="1/1000000")
    exact = _h(mech, (1,) * mech.d)
    assert exact_order(cert.lower, exact) <= 0 <= exact_order(cert.upper, exact)
    assert cert.upper - cert.lower < R(1, 10**5)  # and it is a tight interval, not a trivially valid one


@pytest.mark.parametrize("index", range(4))
def test_upper_end_bounds_every_grid_dataset(index):
    """The upper end is at least Eq. (2) at every dataset of 12 clients (exact, by exact_order).  Mechanism 1's
    maximum is the vertex (1, 0, 0) of this grid, where the mpmath interval's upper end falls 9e-16 short."""
    mech = _random_mechanisms()[index]
    cert = certified_l1_normal(mech, 1, digits=15, iterations=40, tolerance="1/1000000")
    for counts in itertools.product(range(13), repeat=mech.d):
        if sum(counts) == 12:
            assert exact_order(_h(mech, counts), cert.upper) <= 0, counts
    assert cert.lower < cert.upper


def test_capped_interval_bounds_every_capped_dataset():
    """With f_star: datasets of n = 4 clients with at most 2 on each value of interest; the upper end bounds every
    one, and its point respects the caps.  The capped maximum sits at the vertex (1/2, 0, 1/2) of the grid, so the
    upper end is also within 10^-5 of the grid's best (the uncapped maximum, 2.414, is well above the capped 2.396:
    a greedy fill that ignored the caps would give a valid but useless bound)."""
    mech = _random_mechanisms()[2]
    cert = certified_l1_normal(mech, 4, interest=[0, 1], f_star=R(1, 2), digits=15, iterations=40,
                               tolerance="1/1000000")
    assert all(x <= R(1, 2) for x in cert.frequencies[:2]) and sum(cert.frequencies) == 1
    best = None
    for counts in itertools.product(range(25), repeat=3):
        if sum(counts) == 24 and counts[0] <= 12 and counts[1] <= 12:
            value = l1_normal_approximation(mech, counts, interest=[0, 1]) * sympy.sqrt(R(24, 4))
            assert exact_order(value, cert.upper) <= 0, counts
            if best is None or exact_order(value, best) > 0:
                best = value
    assert exact_order(best, cert.upper - R(1, 10**5)) > 0


@pytest.mark.parametrize("index", range(4))
def test_ends_are_rounded_outward(index):
    """The lower end is at most Eq. (2) at the certificate's own point, and the upper end at least the tangent
    bound at its own weights, both recomputed exactly here (the greedy maximum over the simplex is the best
    vertex)."""
    mech = _random_mechanisms()[index]
    cert = certified_l1_normal(mech, 1, digits=15, iterations=40, tolerance="1/1000000")
    den = sympy.ilcm(*[x.q for x in cert.frequencies])
    counts = tuple(int(x * den) for x in cert.frequencies)
    assert exact_order(cert.lower, _h(mech, counts)) <= 0
    W = [[mech.second_moment_matrix.to_list()[v][x] - (1 if v == x else 0) for x in range(mech.d)]
         for v in range(mech.d)]
    W = [[mech.domain.to_sympy(w) for w in row] for row in W]
    t = [R(w.numerator, w.denominator) for w in cert.weights]
    tangent = sum(t) / 2 + max(sum(W[v][x] / (2 * t[v]) for v in range(mech.d)) for x in range(mech.d))
    assert exact_order(sympy.sqrt(2 / sympy.pi) * tangent, cert.upper) <= 0


@pytest.mark.parametrize("value,digits,down,up", [
    (Fraction(2, 3), 3, R(666, 1000), R(667, 1000)),
    (Fraction(-2, 3), 3, R(-667, 1000), R(-666, 1000)),
    (Fraction(123456, 10), 3, R(12300), R(12400)),
    (Fraction(1, 800), 2, R(12, 10**4), R(13, 10**4)),
    (Fraction(5, 4), 3, R(125, 100), R(125, 100)),  # exact at 3 digits: both ways the value itself
])
def test_round_outward(value, digits, down, up):
    assert round_outward(value, digits, up=False) == down
    assert round_outward(value, digits, up=True) == up


def test_feasible_point_is_in_the_capped_simplex():
    caps = [Fraction(1, 2), Fraction(1, 2), Fraction(1)]
    for f in ([Fraction(6, 10), Fraction(3, 10), Fraction(2, 10)],
              [Fraction(-1, 10**20), Fraction(1, 3), Fraction(1, 3)]):
        g = _feasible(f, caps)
        assert sum(g) == 1 and all(0 <= x <= c for x, c in zip(g, caps))


# --- the decisions ---------------------------------------------------------------------------------------
_LOW, _UP = R(124427547853133, 10**13), R(124427547984311, 10**13)
_TINY = sympy.pi / 10**30  # beyond 20 (and 25) digits


def test_certified_above_refuses_what_20_digits_would_decide():
    """pan-strict Proposition 1's l1 points: a bound a hair above the lower end is undecided (20 digits would
    have said the interval lies above it); a hair below decides True, a hair above the upper end False."""
    from proofs_checks.pan_strict.optimality_support_size import _certified_above

    assert _certified_above(_LOW, _UP, _LOW + _TINY) is None
    assert _certified_above(_LOW, _UP, _LOW - _TINY) is True
    assert _certified_above(_LOW, _UP, _LOW) is True
    assert _certified_above(_LOW, _UP, _UP + _TINY) is False
    assert _certified_above(_LOW, _UP, _UP - _TINY) is None


def test_certified_order_refuses_a_value_without_enclosure():
    with pytest.raises(OrderUndecided):
        certified_order(sympy.Symbol("x"), _LOW, _UP)


def test_urp_no_worse_orders_the_closed_form_exactly():
    """Corollary 2.1's derived predicate for l1: the closed form of Corollary 2.2 a hair (beyond 25 digits) outside
    the interval is decided; inside, it refuses; a float end is refused."""
    from proofs_checks.pan_strict.urp_l1 import l1_counterexample_mechanism

    m = l1_counterexample_mechanism()
    P, Q = m.perturbation_matrix(), m.decoder_matrix()
    closed = D.urp_l1_normal(P, Q, 1)
    common = {"loss": "l1", "P": P, "Q": Q, "n_clients": 1}
    assert D._urp_no_worse(phi_lower=closed - 1, phi_upper=closed - _TINY, **common) is False
    assert D._urp_no_worse(phi_lower=closed + _TINY, phi_upper=closed + 1, **common) is True
    assert D._urp_no_worse(phi_lower=closed, phi_upper=closed + 1, **common) is True
    with pytest.raises(ValueError):
        D._urp_no_worse(phi_lower=closed - _TINY, phi_upper=closed + _TINY, **common)
    with pytest.raises(TypeError):
        D._urp_no_worse(phi_lower=mpmath.mpf(1), phi_upper=mpmath.mpf(2), **common)


def test_l1_comparison_of_the_counterexample_is_rigorous():
    """The URP estimator of the counterexample is worse in l1: its exact lower bound exceeds Phi's certified upper
    end, and Corollary 2.2's closed form lies outside Phi's interval."""
    from proofs_checks.pan_strict.urp_l1 import _l1_comparison, _l1_decided, l1_counterexample_mechanism

    m = l1_counterexample_mechanism()
    exact, phi, detail = _l1_comparison(m)
    assert exact is False and _l1_decided(m, phi)
    assert isinstance(phi.lower, sympy.Rational) and isinstance(phi.upper, sympy.Rational)
    assert exact_order(D.urp_l1_normal(m.perturbation_matrix(), m.decoder_matrix(), 1), phi.upper) == 1
    assert detail.startswith("l1(Phi) in [12.44275")
