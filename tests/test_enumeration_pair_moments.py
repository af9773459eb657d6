"""``ldpref.enumeration.independent_pair_moments`` (two independent runs of one mechanism; pan-cms Property 2.2 and
Appendix B, Eq. (27)) against a brute force written here from the definition in ``fractions.Fraction`` arithmetic,
on a hand example and on seeded random mechanisms (biased decoders included)."""

import itertools
import random
from fractions import Fraction as F

import pytest

from ldpref.enumeration import independent_pair_moments
from ldpref.limits import ResourceLimitError
from ldpref.mechanism import Mechanism


def brute_force(P, Q, a, b, s, t):
    """(E[R(a)[s] R(b)[t]], E[R(a)[s]], E[R(b)[t]]): every pair of reports (u1, u2) of two separate runs, of
    probability P[u1][a] P[u2][b]; R(v)[s] = Q[s][u] at the report u."""
    U = len(P)
    pairs = {(u1, u2): P[u1][a] * P[u2][b] for u1, u2 in itertools.product(range(U), repeat=2)}
    product = sum(p * Q[s][u1] * Q[t][u2] for (u1, u2), p in pairs.items())
    first = sum(p * Q[s][u1] for (u1, _), p in pairs.items())
    second = sum(p * Q[t][u2] for (_, u2), p in pairs.items())
    return product, first, second


def test_hand_example_two_runs_are_not_one():
    """Binary RR P = [[3/4, 1/4], [1/4, 3/4]], Q = I: two separate runs on input 0 give R[0] R[1] with mean
    3/4 * 1/4 = 3/16 (one run would give 0: a report is never both outputs)."""
    mech = Mechanism([[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]], [[1, 0], [0, 1]])
    assert independent_pair_moments(mech, 0, 0, 0, 1) == (F(3, 16), F(3, 4), F(1, 4))
    assert independent_pair_moments(mech, 0, 1, 0, 0) == (F(3, 16), F(3, 4), F(1, 4))


def _random_case(rng):
    d, U = rng.randint(2, 3), rng.randint(2, 4)
    columns = [[F(rng.randint(0, 4)) for _ in range(U)] for _ in range(d)]
    for col in columns:
        if not any(col):
            col[0] = F(1)
    P = [[columns[v][u] / sum(columns[v]) for v in range(d)] for u in range(U)]
    Q = [[F(rng.randint(-5, 5), rng.randint(1, 4)) for _ in range(U)] for _ in range(d)]
    return P, Q


@pytest.mark.parametrize("seed", range(12))
def test_matches_the_brute_force(seed):
    rng = random.Random(20261129 + seed)
    P, Q = _random_case(rng)
    mech = Mechanism(P, Q)
    d = len(P[0])
    for a, b, s, t in itertools.product(range(d), repeat=4):
        assert independent_pair_moments(mech, a, b, s, t) == brute_force(P, Q, a, b, s, t)


def test_too_many_pairs_is_refused_by_size():
    """The pairs of outputs are counted before any is listed (ldpref.limits)."""
    U = 500
    P = [[F(1, U)] * 2 for _ in range(U)]
    with pytest.raises(ResourceLimitError, match="outcomes"):
        independent_pair_moments(Mechanism(P, [[1] * U, [0] * U]), 0, 1, 0, 0)


@pytest.mark.parametrize("bad", [(-1, 0, 0, 0), (2, 0, 0, 0), (0, 0, 0, 2), (0, 0, -1, 0), (0, True, 0, 0),
                                 (0, 0.0, 0, 0)])
def test_an_input_or_coordinate_out_of_range_is_refused_by_name(bad):
    """A negative index would silently read the last input or coordinate (Python's indexing); every index is
    checked first, and one ParameterError names it."""
    from ldpref.errors import ParameterError

    mech = Mechanism([[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]], [[1, 0], [0, 1]])
    with pytest.raises(ParameterError, match=r"is not an (input|coordinate) of .* \(an integer in 0\.\.1\)"):
        independent_pair_moments(mech, *bad)
