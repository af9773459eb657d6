"""The per-client randomisers of the papers as output classes (see :mod:`ldpref.symbolic.outputs`).

Each function returns ``{"holder": classes, "other": classes}``: the outputs seen by a client whose value is the
queried item v, and by one whose value is some x != v, with the support indicator of v (or the decoded value) as
each output's value.  ``t`` stands for e^eps.  Sources: GRR, unary encoding and local hashing from Wang et al.
2017 (jiang-gcms Section III-A; pan-cms Appendix H); Subset Selection from Ye and Barg 2018 (pan-cms Appendix H,
pan-strict Section 3); GCMS's report from jiang-gcms Algorithm 1.
"""

from __future__ import annotations

import sympy as sp

from .outputs import OutputClass as O
from .outputs import exact, mixture, moment

ONE = sp.Integer(1)


def grr(d, t) -> dict:
    """General randomized response on [d]: the true value has weight t, every other value weight 1; the report
    supports only itself."""
    d, t = exact(d, t)
    return {"holder": [O(1, t, 1), O(d - 1, 1, 0)],
            "other": [O(1, t, 0), O(1, 1, 1), O(d - 2, 1, 0)]}


def subset_selection(d, k, t) -> dict:
    """Subset Selection: a k-subset of [d], weight t if it holds the true value, else 1; it supports its members.
    The classes count the k-subsets holding or missing the true value and v (binomial coefficients)."""
    d, k, t = exact(d, k, t)
    b = sp.binomial
    return {"holder": [O(b(d - 1, k - 1), t, 1), O(b(d - 1, k), 1, 0)],
            "other": [O(b(d - 2, k - 2), t, 1), O(b(d - 2, k - 1), t, 0),
                      O(b(d - 2, k - 1), 1, 1), O(b(d - 2, k), 1, 0)]}


def bit(one, zero=None) -> dict:
    """One bit of unary encoding: reported 1 with probability ``one`` (bit of the true value) or ``zero`` (any
    other bit); the other bits are independent and sum out to one, so the support of v is this bit alone."""
    one, zero = exact(one, one if zero is None else zero)
    return {"holder": [O(1, one, 1), O(1, 1 - one, 0)],
            "other": [O(1, zero, 1), O(1, 1 - zero, 0)]}


def sue(t) -> dict:
    """Symmetric unary encoding (Wang et al. 2017; jiang-gcms Section III-A; pan-cms's sRP bits, Section 3.4): each
    bit by binary randomized response at eps/2, i.e. GRR on two values with weights sqrt(t) : 1; the true bit is
    reported 1 with that GRR's support probability, every other bit with its complement."""
    one = support_probabilities(grr(2, sp.sqrt(t)))[0]
    return bit(one, 1 - one)


def oue(t) -> dict:
    """Optimized unary encoding (Wang et al. 2017; pan-cms's aRP bits, Section 3.4): the true bit reported 1 with
    probability 1/2, every other bit with 1/(t + 1)."""
    return bit(sp.Rational(1, 2), 1 / (t + 1))


def local_hashing(g, t) -> dict:
    """Local hashing into g buckets with an ideal hash (another value shares v's bucket with probability 1/g),
    then GRR on [g]; the report (H, y) supports the values hashed to y.  ``other`` is a mixture."""
    g, t = exact(g, t)
    holder = grr(g, t)["holder"]
    shared = [O(1, t, 1), O(g - 1, 1, 0)]  # H(x) = H(v): the bucket of the true value supports v
    apart = grr(g, t)["other"]
    return {"holder": holder, "other": mixture([(1 / g, shared), (1 - 1 / g, apart)])}


def gcms_subset(m, s, p) -> dict:
    """jiang-gcms Algorithm 1: an s-subset x of [m] holds the true bucket r with probability p, uniformly among
    such subsets, else uniformly among those missing r; the value of a subset is whether it holds bucket b.
    ``holder``: b = r; ``other``: b != r.  Weights are the per-subset probabilities (the classes count the
    subsets by whether they hold r and b)."""
    m, s, p = exact(m, s, p)
    b = sp.binomial
    hold, miss = p / b(m - 1, s - 1), (1 - p) / b(m - 1, s)
    return {"holder": [O(b(m - 1, s - 1), hold, 1), O(b(m - 1, s), miss, 0)],
            "other": [O(b(m - 2, s - 2), hold, 1), O(b(m - 2, s - 1), hold, 0),
                      O(b(m - 2, s - 1), miss, 1), O(b(m - 2, s), miss, 0)]}


def support_probabilities(model: dict) -> tuple[sp.Expr, sp.Expr]:
    """(p, q): the probability that the report supports v for a holder of v and for a client holding x != v."""
    other = model["other"]
    if other and isinstance(other[0], tuple):  # a mixture
        from .outputs import mixture_moment
        q = mixture_moment(other)
    else:
        q = moment(other)
    return moment(model["holder"]), q
