"""The merged-output CMS (``ldpref.mechanisms.cms_lumped``) against a brute force of the CMS definition (pan-cms
Section 3, Fig. 1, Eq. (2)) in Fractions, with no ldpref engine: a client with value x0 draws j uniformly, perturbs
y = h_j(x0) with the inner mechanism (randomized response, Eq. (12), and asymmetric RAPPOR / OUE, Eq. (13), from
``tests/bruteforce.py``; symmetric RAPPOR / SUE, Eq. (14), written here), and the report decodes to
f_hat(x) = m/(m-1) y_hat[h_j(x)] - 1/(m-1) for every x.  The law of that estimate vector must be the law the merged
mechanism gives, for every x0."""

import itertools
import math
from fractions import Fraction

import bruteforce as bf
import pytest
from sympy import Rational as R

from ldpref.hashing import HashFamily, gf2_affine_family
from ldpref.mechanisms.cms import inner_mechanism
from ldpref.mechanisms.cms_lumped import lumped_cms, unary_cms_by_bits


def _srp(m: int, e):
    """Symmetric RAPPOR (SUE, Eq. (14)): every bit of the one-hot of y through binary randomized response at eps/2
    (bit b is 1[b = y] w.p. p = e^(eps/2)/(e^(eps/2) + 1)); decoded per bit, (bit - q)/(p - q) with q = 1 - p."""
    s = Fraction(math.isqrt(e.numerator), math.isqrt(e.denominator))
    assert s * s == e
    p, q = s / (s + 1), 1 / (s + 1)

    def outputs(y):
        return [(math.prod(p if bit == (b == y) else q for b, bit in enumerate(bits)),
                 [(bit - q) / (p - q) for bit in bits]) for bits in itertools.product((0, 1), repeat=m)]

    return outputs


INNER = {"rr": bf.rr, "arp": bf.arp, "srp": _srp}


def _brute_law(functions, m, kind, e, x0):
    """{estimate vector: probability} of one client with value x0 (Fractions)."""
    law = {}
    for h in functions:
        for prob, y_hat in INNER[kind](m, e)(h[x0]):
            est = tuple(Fraction(m, m - 1) * y_hat[h[x]] - Fraction(1, m - 1) for x in range(len(h)))
            law[est] = law.get(est, 0) + prob / len(functions)
    return {k: v for k, v in law.items() if v}


def _fraction(v):
    return Fraction(int(v.p), int(v.q))


def _mechanism_law(mech, x0):
    P, Q = mech.perturbation_matrix(), mech.decoder_matrix()
    law = {}
    for u in range(mech.n_outputs):
        est = tuple(_fraction(Q[x, u]) for x in range(Q.rows))
        law[est] = law.get(est, 0) + _fraction(P[u, x0])
    return {k: v for k, v in law.items() if v}


FAMILIES = [
    ("all [2] -> [2]", tuple(itertools.product(range(2), repeat=2)), 2),
    ("all [3] -> [3]", tuple(itertools.product(range(3), repeat=3)), 3),
    ("a + b x mod 3, d = 3", tuple(tuple((a + b * x) % 3 for x in range(3)) for a in range(3) for b in range(3)), 3),
    ("gf2 affine l = 2, d = 3", gf2_affine_family(2, 3).functions, 4),
]
CASES = [(fam, kind, e) for fam in FAMILIES for kind, e in (("rr", R(2)), ("rr", R(7, 2)), ("arp", R(3)),
                                                             ("srp", R(4)))]


@pytest.mark.parametrize("family,kind,e", CASES, ids=[f"{f[0]}-{k}-{e}" for f, k, e in CASES])
def test_merged_cms_has_the_law_of_the_definition(family, kind, e):
    name, functions, m = family
    fam = HashFamily(tuple(functions), m, name=name)
    builds = [lumped_cms(fam, inner_mechanism(kind, m, e))]
    if kind != "rr":
        builds.append(unary_cms_by_bits(fam, kind, e))
    for mech in builds:
        for x0 in range(len(functions[0])):
            assert _mechanism_law(mech, x0) == _brute_law(functions, m, kind, _fraction(e), x0), (mech.name, x0)
        assert mech.n_outputs < len(functions) * (m if kind == "rr" else 2 ** m)  # outputs were merged


def test_a_wrong_decoder_is_seen():
    """The comparison can fail: a family with one more collision (h = (1, 0) replaced by (0, 0)) has another law."""
    functions = tuple(itertools.product(range(2), repeat=2))
    fam = HashFamily(tuple((0, 0) if h == (1, 0) else h for h in functions), 2, name="changed")
    mech = lumped_cms(fam, inner_mechanism("rr", 2, R(2)))
    assert _mechanism_law(mech, 0) != _brute_law(functions, 2, "rr", Fraction(2), 0)
