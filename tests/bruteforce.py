"""Exact brute-force oracles for the errata vectors (``tests/test_errata_vectors.py``).

Standard library only (``fractions``, ``itertools``, ``math``): nothing here imports ldpref, sympy or the
project's derivations, so a value computed here is an independent witness of what the mechanism really
does.  Every function works from the mechanism's definition in the paper, by enumeration:

* CMS (pan-cms, Section 3, Eq. (2)): each client draws a hash function uniformly from a *fixed* family,
  hashes its value, perturbs the hash with an LDP mechanism M whose outputs are decoded by R = Q u
  (Section 2.1); f_hat(x) = m/(n(m-1)) sum_i y_hat_i[h_j(x)] - 1/(m-1).  We enumerate every (hash
  function, output) of every client, with exact probabilities, and convolve the clients' contributions.
* m-ary randomized response (RR): P[z | y] = e/(e+m-1) if z = y else 1/(e+m-1); decoded
  R(y)[b] = (1[z = b] - q)/(p - q).
* asymmetric RAPPOR / OUE (aRP): the one-hot of y, bit y kept as 1 w.p. 1/2, each other bit set to 1 w.p.
  1/(e+1); decoded R[b] = (bit_b - q)/(p - q).
* GCMS (jiang-gcms, Section IV, Algorithm 1, Eq. (4)): k hash functions, each uniform over all functions
  [D] -> [m], drawn once and shared by all clients; each client draws j uniformly, includes r = h_j(v) in
  its s-subset w.p. p (plus s-1 uniform others) or else takes s uniform elements of [m] minus r;
  C(d) = sum_i 1[h_{j_i}(d) in x_i].  We enumerate every hash tuple, every j and every subset.
* Apple's CMS: the same, but the client reports the one-hot of h_j(v) with every bit flipped by binary
  randomized response at eps/2.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction as F


# ---- small distributions ---------------------------------------------------------------------------
def convolve(a: dict, b: dict) -> dict:
    """Distribution of X + Y for independent X ~ a, Y ~ b (dicts value -> probability)."""
    out: dict = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            out[va + vb] = out.get(va + vb, F(0)) + pa * pb
    return out


def iid_sum(dist: dict, c: int) -> dict:
    """Distribution of the sum of c independent copies of ``dist``.

    A two-valued contribution (lo, hi) sums to lo c + (hi - lo) K with K ~ Binomial(c, P(hi)), exactly;
    anything else is convolved c times.
    """
    support = [v for v, p in dist.items() if p]
    if len(support) == 2:
        lo, hi = sorted(support)
        ph = dist[hi]
        return {lo * c + (hi - lo) * K: math.comb(c, K) * ph**K * (1 - ph) ** (c - K) for K in range(c + 1)}
    out = {F(0): F(1)}
    for _ in range(c):
        out = convolve(out, dist)
    return out


def mean(dist: dict) -> F:
    return sum((v * p for v, p in dist.items()), F(0))


def var(dist: dict) -> F:
    mu = mean(dist)
    return sum(((v - mu) ** 2 * p for v, p in dist.items()), F(0))


def mse(dist: dict, target) -> F:
    return sum(((v - target) ** 2 * p for v, p in dist.items()), F(0))


# ---- LDP mechanisms with their unbiased decoders (pan-cms Section 2.1 / Eqs. (12)-(13)) ------------
def rr(m: int, e) -> list:
    """m-ary randomized response: for input y, the list of (probability, decoded vector R(y))."""
    e = F(e)
    p, q = e / (e + m - 1), F(1) / (e + m - 1)

    hit, miss = (1 - q) / (p - q), -q / (p - q)

    class Decoded:
        """R(y) for output z: component b is (1[z = b] - q)/(p - q) (computed on demand)."""

        def __init__(self, z):
            self.z = z

        def __getitem__(self, b):
            return hit if b == self.z else miss

    def outputs(y):
        return [(p if z == y else q, Decoded(z)) for z in range(m)]

    return outputs


def arp(m: int, e) -> list:
    """Asymmetric RAPPOR (OUE): bit y -> 1 w.p. 1/2, bit b != y -> 1 w.p. 1/(e+1); decoded per bit."""
    e = F(e)
    p, q = F(1, 2), F(1) / (e + 1)

    def outputs(y):
        res = []
        for bits in itertools.product((0, 1), repeat=m):
            prob = F(1)
            for b, bit in enumerate(bits):
                one = p if b == y else q
                prob *= one if bit else 1 - one
            res.append((prob, [(bit - q) / (p - q) for bit in bits]))
        return res

    return outputs


def decoded_variances(mech, m: int):
    """(Var(R|=), Var(R|!=)) of a mechanism, straight from its outputs (Property 2.3), input y = 0."""
    outs = mech(0)
    eq = {}
    ne = {}
    for prob, vec in outs:
        eq[vec[0]] = eq.get(vec[0], F(0)) + prob
        ne[vec[1]] = ne.get(vec[1], F(0)) + prob
    return var(eq), var(ne)


# ---- hash families (each a list of functions given as tuples h[x]) ---------------------------------
def all_functions(d: int, m: int) -> list:
    """Every function [d] -> [m]: pairwise independent."""
    return list(itertools.product(range(m), repeat=d))


def pair_uniform(m: int) -> list:
    """h_j = (0, j), j in [m]: collision rate 1/m for the pair (0, 1), not pairwise independent."""
    return [(0, j) for j in range(m)]


def collision_rate(family, x, y) -> F:
    return F(sum(1 for h in family if h[x] == h[y]), len(family))


# ---- CMS (pan-cms Eq. (2)) --------------------------------------------------------------------------
def cms_client_contribution(family, mech, v: int, x: int) -> dict:
    """Distribution of y_hat[h_j(x)] for one client holding v (hash drawn uniformly, then M, then R)."""
    dist: dict = {}
    w = F(1, len(family))
    for h in family:
        for prob, vec in mech(h[v]):
            val = vec[h[x]]
            dist[val] = dist.get(val, F(0)) + w * prob
    return dist


def cms_estimate(family, mech, counts, x: int, m_dec) -> dict:
    """Exact distribution of Eq. (2)'s f_hat(x) (or Eq. (8)'s g(x) with m_dec = m')."""
    n = sum(counts)
    total = {F(0): F(1)}
    for v, c in enumerate(counts):
        if c:
            total = convolve(total, iid_sum(cms_client_contribution(family, mech, v, x), c))
    m_dec = F(m_dec)
    out: dict = {}
    for s, prob in total.items():
        val = m_dec / (n * (m_dec - 1)) * s - 1 / (m_dec - 1)
        out[val] = out.get(val, F(0)) + prob
    return out


def cms_single_client_values(family, mech, m: int, x: int, d: int) -> set:
    """Every value Eq. (2) can output for n = 1 (over all inputs, hash functions and outputs)."""
    vals = set()
    for v in range(d):
        for h in family:
            for prob, vec in mech(h[v]):
                if prob:
                    vals.add(F(m, m - 1) * vec[h[x]] - F(1, m - 1))
    return vals


def binomial_upper_tail(n: int, prob: F, k_min) -> F:
    """Pr[Bin(n, prob) >= k_min], exactly."""
    k0 = max(0, math.ceil(k_min))
    return sum((math.comb(n, k) * prob**k * (1 - prob) ** (n - k) for k in range(k0, n + 1)), F(0))


# ---- GCMS / Apple CMS (jiang-gcms) ------------------------------------------------------------------
def gcms_subsets(m: int, s: int, p, r: int) -> dict:
    """Algorithm 1's privatized vector for hashed value r: subset -> probability (enumerated)."""
    p = F(p)
    others = [t for t in range(m) if t != r]
    out: dict = {}
    with_r = list(itertools.combinations(others, s - 1))
    for rest in with_r:
        key = frozenset(rest) | {r}
        out[key] = out.get(key, F(0)) + p / len(with_r)
    without = list(itertools.combinations(others, s))
    for sub in without:
        key = frozenset(sub)
        out[key] = out.get(key, F(0)) + (1 - p) / len(without)
    return out


def apple_reports(m: int, e_half, r: int) -> dict:
    """Apple's CMS report: one-hot of r, each bit flipped by BRR at eps/2; value = set of 1-bits."""
    e_half = F(e_half)
    keep = e_half / (e_half + 1)
    out: dict = {}
    for bits in itertools.product((0, 1), repeat=m):
        prob = F(1)
        for b, bit in enumerate(bits):
            one = keep if b == r else 1 - keep
            prob *= one if bit else 1 - one
        key = frozenset(b for b, bit in enumerate(bits) if bit)
        out[key] = out.get(key, F(0)) + prob
    return out


def sketch_count_moments(D: int, m: int, k: int, counts, d: int, report):
    """(E[C(d)], Var[C(d)]) with k hash functions drawn once, uniform over all [D] -> [m].

    ``report(r)`` is the client's output distribution (subset of [m] -> probability) for hash value r.
    Given the hashes, C(d) is a sum of independent Bernoullis (one per client: j uniform, then the
    report); Var = E_H[Var(C | H)] + Var_H(E[C | H]).
    """
    funcs = all_functions(D, m)
    tuples = list(itertools.product(funcs, repeat=k))
    w = F(1, len(tuples))
    e_cond, v_cond, e2_cond = F(0), F(0), F(0)
    cache = {r: report(r) for r in range(m)}
    for hs in tuples:
        mu, vv = F(0), F(0)
        for v, c in enumerate(counts):
            pi = F(0)
            for h in hs:
                for sub, prob in cache[h[v]].items():
                    if h[d] in sub:
                        pi += prob / k
            mu += c * pi
            vv += c * pi * (1 - pi)
        e_cond += w * mu
        e2_cond += w * mu * mu
        v_cond += w * vv
    return e_cond, v_cond + e2_cond - e_cond**2


def gcms_per_indicator_variance_sum(D: int, m: int, k: int, counts, d: int, s: int, p) -> F:
    """sum_i sum_j Var(Z_j^(i)), Z_j^(i) = 1[j_i = j and h_j(d) in x_i] (Appendix B), by enumeration."""
    funcs = all_functions(D, m)
    tuples = list(itertools.product(funcs, repeat=k))
    w = F(1, len(tuples))
    total = F(0)
    for v, c in enumerate(counts):
        for j in range(k):
            ez = F(0)
            for hs in tuples:
                for sub, prob in gcms_subsets(m, s, p, hs[j][v]).items():
                    if hs[j][d] in sub:
                        ez += w * prob / k
            total += c * (ez - ez * ez)  # Z is 0/1: Var = E Z - (E Z)^2
    return total


def gcms_same_client_cov_sum(D: int, m: int, k: int, v: int, d: int, s: int, p) -> F:
    """sum_{j1 != j2} Cov(Z_j1, Z_j2) for one client holding v, by enumeration of (H, j, subset)."""
    funcs = all_functions(D, m)
    tuples = list(itertools.product(funcs, repeat=k))
    w = F(1, len(tuples))
    ez = [F(0)] * k
    ezz = [[F(0)] * k for _ in range(k)]
    for hs in tuples:
        for j in range(k):  # the client's draw
            for sub, prob in gcms_subsets(m, s, p, hs[j][v]).items():
                z = [1 if (jj == j and hs[jj][d] in sub) else 0 for jj in range(k)]
                pr = w * F(1, k) * prob
                for a in range(k):
                    ez[a] += pr * z[a]
                    for b in range(k):
                        ezz[a][b] += pr * z[a] * z[b]
    return sum((ezz[a][b] - ez[a] * ez[b] for a in range(k) for b in range(k) if a != b), F(0))


def gcms_likelihood_ratios(m: int, s: int, p):
    """Every ratio P(x | r)/P(x | r') over outputs x and hashed values r != r' (Appendix A)."""
    dists = {r: gcms_subsets(m, s, p, r) for r in range(m)}
    out = []
    for r in range(m):
        for r2 in range(m):
            if r == r2:
                continue
            for x in set(dists[r]) | set(dists[r2]):
                out.append((r in x, r2 in x, dists[r].get(x, F(0)) / dists[r2][x]))
    return out


def gcms_max_ratio(m: int, s: int, p) -> F:
    """e^eps of Algorithm 1: the largest likelihood ratio over outputs and input pairs."""
    return max(ratio for _, _, ratio in gcms_likelihood_ratios(m, s, p))


# ---- hashing / counting --------------------------------------------------------------------------------
def sylvester(n: int) -> list:
    H = [[1]]
    while len(H) < n:
        H = [row + row for row in H] + [row + [-a for a in row] for row in H]
    return H


def prob_of_pattern(family, xs, ys) -> F:
    return F(sum(1 for h in family if tuple(h[x] for x in xs) == tuple(ys)), len(family))


def is_pairwise_independent(family, d: int, m: int) -> bool:
    """(h(x), h(x')) uniform on [m]^2 for every x != x' (h uniform over the family)."""
    for x, y in itertools.combinations(range(d), 2):
        for a in range(m):
            for b in range(m):
                if prob_of_pattern(family, (x, y), (a, b)) != F(1, m * m):
                    return False
    return True


def gf2_mul(a: int, b: int, l: int, poly: int) -> int:
    """Multiplication in GF(2^l) modulo the irreducible polynomial ``poly`` (bit mask incl. x^l)."""
    out = 0
    while b:
        if b & 1:
            out ^= a
        b >>= 1
        a <<= 1
        if a >> l:
            a ^= poly
    return out


IRREDUCIBLE = {1: 0b11, 2: 0b111, 3: 0b1011}


def eq18_family(d: int) -> list:
    """pan-cms Eq. (18): h_{a,b}(x) = a x + b over GF(2^l), 2^l >= d, as functions on [d] (all (a, b))."""
    l = max(1, math.ceil(math.log2(d)))
    size = 2**l
    return [tuple(gf2_mul(a, x, l, IRREDUCIBLE[l]) ^ b for x in range(d)) for a in range(size) for b in range(size)]


def bits_for(count: int) -> int:
    """Fewest bits that can name one of ``count`` equally likely messages."""
    b = 0
    while 2**b < count:
        b += 1
    return b
