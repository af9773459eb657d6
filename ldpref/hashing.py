"""Hash families [d] -> [m], built by real arithmetic (pan-cms Sections 3.1, 3.5, 3.6, 4).

A :class:`HashFamily` is a list of k functions, each stored as a tuple ``h[x]`` for x in [d]; CMS draws
one of them uniformly per client.  Constructions:

* :func:`gf2_affine_family` -- pan-cms Eq. (18): ``h(x) = a0 + a1 x`` over GF(2^l), every (a0, a1), with
  carry-less multiplication reduced by an irreducible polynomial (no lookup of random values).
* :func:`gf2_affine_mod_family` -- Section 3.5: the same family reduced mod m (Lemma 3.2).
* :func:`linear_family` -- Section 3.5's pairwise independence for any prime or power-of-two m:
  ``h(x) = b + <a, vec(x)>`` over GF(m)^t (OLH and OCMS in Section 5 and Appendix H).
* :func:`random_family` -- the original CMS (Section 3.6): k functions with independent uniform values,
  drawn from a seeded ``numpy.random.Generator``.
* :func:`all_function_draws` -- every k-tuple of functions [d] -> [m]: the randomness of Theorem 3.10,
  as a finite, uniformly weighted set of families (for tiny d, m, k).
* :func:`hadamard_family` -- columns of a Sylvester-Hadamard matrix (Sections 4.1, 4.2, Appendix G).
"""

from __future__ import annotations

import itertools
import math
import numbers
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from .errors import ParameterError
from .limits import ResourceLimitError, check_count, count_text

#: Irreducible polynomials over GF(2) (bit i = coefficient of x^i) for GF(2^l), l = 1..32.
#: l = 1..16 are the polynomials ldpref has always used (changing one would renumber the functions of the
#: gf2 families).  l = 17..32 are the low-weight polynomials of G. Seroussi, "Table of Low-Weight Binary
#: Irreducible Polynomials", HP Labs Technical Report HPL-98-135 (1998): the trinomial x^l + x^k + 1 with the
#: smallest k where one exists, else the pentanomial x^l + x^k3 + x^k2 + x^k1 + 1 of the table.  Every entry
#: is checked irreducible by two independent methods in tests/test_gf2_wide.py (sympy's
#: ``Poly(..., modulus=2).is_irreducible`` and a Rabin test written in the test).
IRREDUCIBLE = {
    1: 0b11, 2: 0b111, 3: 0b1011, 4: 0b10011, 5: 0b100101, 6: 0b1000011, 7: 0b10000011,
    8: 0b100011011, 9: 0b1000010001, 10: 0b10000001001, 11: 0b100000000101, 12: 0b1000001010011,
    13: 0b10000000011011, 14: 0b100010001000011, 15: 0b1000000000000011, 16: 0b10001000000001011,
}


def _low_weight(l: int, *exponents: int) -> int:
    """``x^l + sum x^e + 1`` as a bit mask."""
    poly = (1 << l) | 1
    for e in exponents:
        poly |= 1 << e
    return poly


IRREDUCIBLE.update({
    17: _low_weight(17, 3), 18: _low_weight(18, 3), 19: _low_weight(19, 5, 2, 1), 20: _low_weight(20, 3),
    21: _low_weight(21, 2), 22: _low_weight(22, 1), 23: _low_weight(23, 5), 24: _low_weight(24, 4, 3, 1),
    25: _low_weight(25, 3), 26: _low_weight(26, 4, 3, 1), 27: _low_weight(27, 5, 2, 1), 28: _low_weight(28, 1),
    29: _low_weight(29, 2), 30: _low_weight(30, 1), 31: _low_weight(31, 3), 32: _low_weight(32, 7, 3, 2),
})
#: The largest l with a reduction polynomial.
MAX_L = max(IRREDUCIBLE)


def _check_int(value, what: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} = {value!r} must be an int")
    if value < low:
        raise ParameterError(f"{what} = {value} must be at least {low}")
    return int(value)


def gf2_multiply(a: int, b: int, l: int) -> int:
    """Product of a and b in GF(2^l): carry-less multiplication reduced modulo ``IRREDUCIBLE[l]``."""
    if l not in IRREDUCIBLE:
        raise ParameterError(f"GF(2^l) is supported for l = 1..{MAX_L}, not {l}")
    size = 1 << l
    if not (0 <= a < size and 0 <= b < size):
        raise ParameterError(f"{a} and {b} must be elements of GF(2^{l}) (0..{size - 1})")
    poly = IRREDUCIBLE[l]
    result = 0
    while b:
        if b & 1:
            result ^= a
        b >>= 1
        a <<= 1
        if a & size:
            a ^= poly
    return result


def is_irreducible(poly: int) -> bool:
    """Whether a GF(2) polynomial (bit mask) of degree >= 1 has no factor of lower positive degree."""
    degree = poly.bit_length() - 1
    if degree < 1:
        return False
    for divisor in range(2, 1 << (degree // 2 + 1)):
        if divisor.bit_length() - 1 < 1:
            continue
        rem = poly
        dd = divisor.bit_length() - 1
        while rem and rem.bit_length() - 1 >= dd:
            rem ^= divisor << (rem.bit_length() - 1 - dd)
        if rem == 0:
            return False
    return True


@dataclass(frozen=True)
class HashFamily:
    """k hash functions [d] -> [m]; ``functions[j][x]`` is h_j(x)."""

    functions: tuple[tuple[int, ...], ...]
    m: int
    name: str = "family"

    def __post_init__(self):
        if not self.functions:
            raise ParameterError(f"{self.name}: a hash family needs at least one function")
        d = len(self.functions[0])
        for j, h in enumerate(self.functions):
            if len(h) != d:
                raise ParameterError(f"{self.name}: function {j} has {len(h)} values, function 0 has {d}")
            if h and 0 <= min(h) and max(h) < self.m:  # every value in [m]; else name the first one outside
                continue
            for x, y in enumerate(h):
                if not 0 <= y < self.m:
                    raise ParameterError(f"{self.name}: h_{j}({x}) = {y} is outside [m] = 0..{self.m - 1}")

    @property
    def k(self) -> int:
        """The number of hash functions."""
        return len(self.functions)

    @property
    def d(self) -> int:
        """The number of inputs (the domain size of every function)."""
        return len(self.functions[0])

    def collision(self, j: int, x: int, x2: int) -> int:
        """``c_j(x, x')`` of pan-cms Section 3.1: 1 if h_j(x) = h_j(x') else 0."""
        h = self.functions[j]
        return 1 if h[x] == h[x2] else 0

    def collision_rate(self, x: int, x2: int) -> Fraction:
        """``c_bar(x, x') = (1/k) sum_j c_j(x, x')`` (pan-cms Lemma 3.1)."""
        return Fraction(sum(1 for h in self.functions if h[x] == h[x2]), self.k)

    @cached_property
    def collision_rates(self) -> dict[tuple[int, int], Fraction]:
        return {(x, y): self.collision_rate(x, y) for x in range(self.d) for y in range(self.d) if x != y}

    def has_constant_collision_rate(self) -> Fraction | None:
        """The common value of c_bar(x, x') over all x != x', or None if it is not constant."""
        rates = set(self.collision_rates.values())
        return rates.pop() if len(rates) == 1 else None

    def is_collision_uniform(self) -> bool:
        """pan-cms Corollary 3.2's condition: c_bar(x, x') = 1/m for every x != x'."""
        return self.has_constant_collision_rate() == Fraction(1, self.m)

    def is_pairwise_independent(self) -> bool:
        """Strong pairwise independence: for x != x', (h(x), h(x')) is uniform on [m]^2 over the family."""
        k, cells = self.k, self.m * self.m  # c/k == 1/m^2 exactly iff c m^2 == k (integers, no Fraction per count)
        for x, y in itertools.permutations(range(self.d), 2):
            counts = {}
            for h in self.functions:
                counts[(h[x], h[y])] = counts.get((h[x], h[y]), 0) + 1
            if len(counts) != cells or any(c * cells != k for c in counts.values()):
                return False
        return True

    def is_uniform(self) -> bool:
        """Every h(x) is uniform on [m] over the family."""
        for x in range(self.d):
            counts = [0] * self.m
            for h in self.functions:
                counts[h[x]] += 1
            if any(Fraction(c, self.k) != Fraction(1, self.m) for c in counts):
                return False
        return True


def gf2_affine_family(l: int, d: int) -> HashFamily:
    """pan-cms Eq. (18): ``{a0 + a1 x : a0, a1 in GF(2^l)}`` on inputs 0..d-1 (needs 2^l >= d)."""
    l = _check_int(l, "l", 1)
    d = _check_int(d, "d", 2)
    size = 1 << l
    if size < d:
        raise ParameterError(f"GF(2^{l}) has {size} elements, fewer than d = {d} inputs")
    check_count(f"the GF(2^{l}) affine family listed on d = {d} inputs", size * size * d, unit="hash values",
                alternative="the closed forms of ldpref.structured and ldpref.simulation evaluate it without listing")
    functions = tuple(tuple(a0 ^ gf2_multiply(a1, x, l) for x in range(d)) for a0 in range(size) for a1 in range(size))
    return HashFamily(functions, size, name=f"gf2-affine(l={l}, d={d})")


def gf2_affine_mod_family(l: int, d: int, m: int) -> HashFamily:
    """pan-cms Section 3.5: ``h'(x) = h(x) mod m`` for h in the GF(2^l) affine family."""
    m = _check_int(m, "m", 2)
    base = gf2_affine_family(l, d)
    if m > base.m:
        raise ParameterError(f"m = {m} exceeds the field size 2^{l} = {base.m}")
    return HashFamily(tuple(tuple(y % m for y in h) for h in base.functions), m,
                      name=f"gf2-affine-mod(l={l}, d={d}, m={m})")


def prime_affine_family(p: int, d: int, name: str | None = None) -> HashFamily:
    """``{x -> a0 + a1 x mod p : a0, a1 in Z_p}`` on inputs 0..d-1: strongly pairwise independent for a prime p >= d
    (the prime-field form of pan-cms Eq. (18))."""
    p, d = _check_int(p, "p", 2), _check_int(d, "d", 1)
    if d > p or any(p % q == 0 for q in range(2, int(p ** 0.5) + 1)):
        raise ParameterError(f"need a prime p >= d, got p = {p}, d = {d}")
    functions = tuple(tuple((a0 + a1 * x) % p for x in range(d)) for a0 in range(p) for a1 in range(p))
    return HashFamily(functions, p, name=name or f"Z_{p}-affine(d={d})")


def linear_family(q: int, d: int) -> HashFamily:
    """``h_{a, b}(x) = b + <a, vec(x)>`` over GF(q)^t, for every a in GF(q)^t and b in GF(q) (vec(x): the t base-q
    digits of x, t the smallest with q^t >= d): strongly pairwise independent, k = q^(t+1) functions [d] -> [q].
    The pairwise-independent family of pan-cms Section 3.5 for a range m = q that need not exceed d (Eq. (18) is
    the case t = 1 over GF(2^l)), as OLH (m = 1 + e^eps) and OCMS use it in Section 5 and Appendix H.  q is prime
    (arithmetic mod q) or a power of two (GF(2^l): addition is XOR, multiplication :func:`gf2_multiply`)."""
    q, d = _check_int(q, "q", 2), _check_int(d, "d", 1)
    t = 1
    while q**t < d:
        t += 1
    # the size first: the primality test below is trial division, slow for a q far beyond any family that fits
    check_count(f"the linear family over GF({q})^{t} on d = {d} inputs", q ** (t + 1) * d, unit="hash values")
    if q & (q - 1) == 0:
        l = q.bit_length() - 1
        add, mul = (lambda a, b: a ^ b), (lambda a, b: gf2_multiply(a, b, l))
    elif any(q % p == 0 for p in range(2, math.isqrt(q) + 1)):
        raise ParameterError(f"GF({q}) is not supported here (q must be prime or a power of two)")
    else:
        add, mul = (lambda a, b: (a + b) % q), (lambda a, b: (a * b) % q)
    vecs = [[(x // q**i) % q for i in range(t)] for x in range(d)]
    functions = []
    for a in itertools.product(range(q), repeat=t):
        for b in range(q):
            row = []
            for x in range(d):
                acc = b
                for ai, xi in zip(a, vecs[x]):
                    acc = add(acc, mul(ai, xi))
                row.append(acc)
            functions.append(tuple(row))
    return HashFamily(tuple(functions), q, name=f"linear(GF({q})^{t}, d={d})")


def all_functions_family(d: int, m: int, name: str | None = None) -> HashFamily:
    """Every function [d] -> [m] (m^d of them): strongly pairwise independent for every m (fully random hashing)."""
    d, m = _check_int(d, "d", 1), _check_int(m, "m", 2)
    check_count(f"the family of all functions [{d}] -> [{m}]", m ** d * d, unit="hash values")
    return HashFamily(tuple(itertools.product(range(m), repeat=d)), m, name=name or f"all-functions(d={d}, m={m})")


def random_family(d: int, m: int, k: int, rng: np.random.Generator) -> HashFamily:
    """The original CMS (pan-cms Section 3.6): k functions, each value independent and uniform on [m]."""
    if not isinstance(rng, np.random.Generator):
        raise TypeError("rng must be a numpy.random.Generator (e.g. numpy.random.default_rng(seed))")
    d, m, k = _check_int(d, "d", 2), _check_int(m, "m", 2), _check_int(k, "k", 1)
    check_count(f"random family with d = {d}, k = {k}", k * d, unit="hash values")
    table = rng.integers(0, m, size=(k, d))
    return HashFamily(tuple(tuple(int(v) for v in row) for row in table), m, name=f"random(d={d}, m={m}, k={k})")


def all_function_draws(d: int, m: int, k: int, limit: int = 100_000):
    """Every k-tuple of functions [d] -> [m] (each equally likely under the original CMS): yields
    HashFamily objects; ``(m^d)^k`` of them, refused beyond ``limit``."""
    d, m, k = _check_int(d, "d", 2), _check_int(m, "m", 2), _check_int(k, "k", 1)
    what = f"every draw of k = {k} functions [d = {d}] -> [m = {m}]"
    if d * k > limit.bit_length():  # (m^d)^k >= 2^(dk) > limit: refuse without computing the power
        raise ResourceLimitError(f"{what} needs {m}^{d * k} draws; the limit is {count_text(limit)} draws; "
                                 f"use smaller d, m or k")
    check_count(what, (m**d) ** k, limit=limit, unit="draws", alternative="use smaller d, m or k")
    functions = list(itertools.product(range(m), repeat=d))
    for combo in itertools.product(functions, repeat=k):
        yield HashFamily(tuple(combo), m, name=f"draw(d={d}, m={m}, k={k})")


def sylvester_hadamard(size: int) -> np.ndarray:
    """The Sylvester-Hadamard matrix of a power-of-two size (entries +1/-1, row 0 all ones)."""
    size = _check_int(size, "size", 1)
    if size & (size - 1):
        raise ParameterError(f"Sylvester-Hadamard size {size} is not a power of two")
    H = np.array([[1]], dtype=np.int64)
    while H.shape[0] < size:
        H = np.block([[H, H], [H, -H]])
    return H


def hadamard_family(d: int, size: int | None = None) -> HashFamily:
    """pan-cms Sections 4.1/4.2: value x uses row x + 1 of a Hadamard matrix of size > d; hash j is
    column j, mapping +1 -> 0 and -1 -> 1 (m = 2)."""
    d = _check_int(d, "d", 2)
    if size is None:
        size = 1
        while size < d + 1:
            size *= 2
    if size < d + 1:
        raise ParameterError(f"a Hadamard matrix of size {size} has fewer than d + 1 = {d + 1} rows")
    H = sylvester_hadamard(size)
    functions = tuple(tuple(0 if H[x + 1, j] == 1 else 1 for x in range(d)) for j in range(size))
    return HashFamily(functions, 2, name=f"hadamard(d={d}, size={size})")


#: above this many comparisons (k d^2) a random family's collision rates are not counted
MAX_UNIFORMITY_COMPARISONS = 10**8


def gf2_affine_mod_collision_rate(l: int, m: int) -> Fraction:
    """Pr[h(x) = h(x')] for x != x' over the GF(2^l) affine family reduced mod m (pan-cms Section 3.5).

    (h(x), h(x')) = (a0 + a1 x, a0 + a1 x') is a bijection of (a0, a1), so the pair is uniform on GF(2^l)^2
    and the rate is sum_r n_r^2 / 4^l, n_r = #{y < 2^l : y mod m = r}: exactly 1/m iff m divides 2^l."""
    size = 1 << _check_int(l, "l", 1)
    m = _check_int(m, "m", 2)
    sizes = [size // m + (1 if r < size % m else 0) for r in range(m)]
    return Fraction(sum(n * n for n in sizes), size * size)


def pairwise_uniformity(family: HashFamily, kind: str | None = None) -> tuple[bool | None, str]:
    """Whether Pr[h(x) = h(x')] = 1/m for every x != x' (pairwise uniform, pan-cms Corollary 3.2), and a
    one-line reason.  ``kind`` (``gf2-affine``, ``gf2-affine-mod``) uses the closed form; other families are
    counted exactly (numpy integer counts), or ``None`` above MAX_UNIFORMITY_COMPARISONS."""
    m, k, d = family.m, family.k, family.d
    target = Fraction(1, m)
    if kind == "gf2-affine":
        return True, f"the GF(2^l) affine family is strongly universal (collision rate 1/{m})"
    if kind == "gf2-affine-mod":
        l = (family.k.bit_length() - 1) // 2  # k = 4^l
        rate = gf2_affine_mod_collision_rate(l, m)
        if rate == target:
            return True, f"m = {m} divides 2^l = {1 << l}: collision rate 1/{m}"
        return False, (f"Pr[h(x) = h(x')] = {rate} for every x != x', not 1/m = {target} (m = {m} does not divide "
                       f"2^l = {1 << l})")
    if k * d * d > MAX_UNIFORMITY_COMPARISONS:
        return None, f"not checked ({k} functions on {d} values is above {MAX_UNIFORMITY_COMPARISONS:,} comparisons)"
    table = np.asarray(family.functions, dtype=np.int64)
    for x in range(d):
        same = (table == table[:, x:x + 1]).sum(axis=0)
        for x2 in range(d):
            if x2 != x and int(same[x2]) * m != k:
                return False, (f"Pr[h({x}) = h({x2})] = {Fraction(int(same[x2]), k)}, not 1/m = {target}")
    return True, f"every pair collides with probability 1/{m}"


_REMEDY = {
    "gf2-affine-mod": "use an m that divides 2^l, family=gf2-affine, or the ideal family of 'ldpref moments'",
    None: "its exact expectation is what ldpref computes; for the mean over random draws use the ideal family of "
          "'ldpref moments'",
}


def warn_if_not_pairwise_uniform(family: HashFamily, kind: str | None, what: str) -> None:
    """Emit :class:`~ldpref.errors.NonUniformFamilyWarning` (Python ``warnings``) when ``family`` is not
    pairwise uniform, naming it, the collision rate and why the estimate is then biased."""
    import warnings

    from .errors import NonUniformFamilyWarning

    uniform, why = pairwise_uniformity(family, kind)
    if uniform is False:
        warnings.warn(NonUniformFamilyWarning(
            f"{what}: the hash family {family.name} is not pairwise uniform: {why}; the estimate over this fixed "
            f"family is biased ({_REMEDY.get(kind, _REMEDY[None])})"),
            stacklevel=3)
