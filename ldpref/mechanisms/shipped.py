"""Exact built-ins that LDP libraries ship beyond the three papers (issue 11): registry names ``hr-acharya``,
``hm``, ``hcms``, ``fastlh``.

* :func:`hadamard_response_acharya` (``hr-acharya``) -- Acharya, Sun and Zhang, "Hadamard Response:
  Estimating Distributions Privately, Efficiently, and with Little Communication" (AISTATS 2019), the
  high-privacy scheme (Section 4, "Hadamard Response"): K = the smallest power of two > d, value x owns the
  set ``C_x = {y in [K] : H[x+1][y] = +1}`` (K/2 elements, row x + 1 of the Sylvester matrix); the output y
  in [K] has probability ``2 e^eps / (K (e^eps + 1))`` in C_x and ``2 / (K (e^eps + 1))`` outside; the
  estimate of p_x is ``2 (e^eps + 1)/(e^eps - 1) (p_hat(C_x) - 1/2)``, i.e.
  ``Q[x, y] = (e^eps + 1)/(e^eps - 1) H[x+1][y]``.  Unlike ldpref's ``hr`` (pan-cms Section 4.2: a public
  row plus a randomised bit, 2K outputs), the output is ONE of K symbols (log2 K bits).  ``blocks`` = B > 1 builds
  the paper's general-eps scheme (Section 5: B blocks of size b, see the builder's docstring).
* :func:`hadamard_mechanism` (``hm``) -- the Hadamard mechanism with t coefficients of Cormode, Kulkarni and
  Srivastava, "Marginal Release Under Local Differential Privacy" (SIGMOD 2018, Section 4.3), as pure-ldp's
  ``HadamardMechClient`` documents it: t indices j_1..j_t drawn independently and uniformly from [s]
  (s a power of two >= d), the t signs ``H[j_i][x]`` (value x is COLUMN x, starting at 0), the t-tuple of
  signs through 2^t-ary randomised response (kept w.p. e^eps/(e^eps + 2^t - 1)); estimate
  ``(1/t) sum_i H[j_i][x] z_i / (2 p_1 - 1)`` with ``p_1 = (e^eps + 2^(t-1) - 1)/(e^eps + 2^t - 1)`` the
  probability one sign survives.  Unbiased because the columns 0..d-1 of H_s are orthogonal.
* :func:`hadamard_count_mean_sketch` (``hcms``) -- Apple's Hadamard Count-Mean Sketch ("Learning with
  Privacy at Scale", Apple Differential Privacy Team 2017, Section "Hadamard Count Mean Sketch"; pan-cms
  Section 4.5 places it as CMS + a Hadamard inner mechanism): a public hash h_j from a family of k functions
  [d] -> [m] (m a power of two), a uniform coefficient l in [m] of ``H_m e_{h_j(x)}`` (the sign
  ``H[l][h_j(x)]``), flipped with probability 1/(e^eps + 1); report (j, l, b).  Server (Apple's sketch
  ``M[j][l] += k c_eps b`` with ``c_eps = (e^eps+1)/(e^eps-1)``, ``M <- M H_m``, then
  ``m/(m-1) ((1/k) sum_j M[j][h_j(x)] - n/m)``), per report:
  ``Q[x, (j, l, b)] = m/(m-1) (c_eps b H[l][h_j(x)] - 1/m)`` -- pan-cms Eq. (2); unbiased iff the
  family's collision rate is 1/m.
* :func:`fast_local_hashing` (``fastlh``) -- pure-ldp's FastLH: local hashing (Wang et al. 2017, pan-cms
  Section 4.4) over a FIXED set of k hash functions (seeds 0..k-1), g = 2 by default (binary LH).  Exactly
  :func:`~ldpref.mechanisms.variants.local_hashing` over that family; the estimate is biased unless the family
  is pairwise uniform (the known bias is exact in the moments).  ``table`` (Python API) hands a library's own
  hash table to ldpref; without it the k functions have independent uniform values from ``seed``.

Every builder runs the protocol literally and accumulates exact probabilities; e^eps exact (``eps=`` also).
"""

from __future__ import annotations

import itertools

import numpy as np
import sympy

from ..errors import ParameterError
from ..exact import cancel
from ..hashing import HashFamily, random_family, warn_if_not_pairwise_uniform
from ..limits import MAX_ENTRIES, check_count, check_mechanism, progress
from ..mechanism import Mechanism
from . import Key, Spec, register
from ._params import accepts_eps, check_d, check_exp_eps
from .variants import _hadamard_size, _int, local_hashing, make_family


def _sign(i: int, j: int) -> int:
    """``H[i][j] = (-1)^{popcount(i & j)}`` (pan-cms Appendix G)."""
    return -1 if bin(i & j).count("1") % 2 else 1


def _transpose(Q, n_out: int, d: int):
    return [[Q[u][x] for u in range(n_out)] for x in range(d)]


# ---- Acharya et al. -------------------------------------------------------------------------------
def hr_acharya_blocks(d: int, blocks: int = 1, size: int | None = None) -> tuple[int, int]:
    """``(B, b)`` of Acharya et al.'s HR: B blocks (a power of two; 1 is the high-privacy scheme of Section 4),
    each a Sylvester matrix of size b, the smallest power of two > ceil(d / B) (``size`` overrides b), so
    every block holds b - 1 values (row 0 unused)."""
    d = check_d(d)
    B = _int(blocks, "blocks", 1)
    if B & (B - 1):
        raise ParameterError(f"blocks = {B}: the number of blocks must be a power of two")
    if B > 2 * d:
        raise ParameterError(f"blocks = {B}: at most 2d = {2 * d} blocks")
    b = _hadamard_size(-(-d // B), size, f"hr-acharya with d = {d}, B = {B}")
    if -(-d // (b - 1)) > B:  # cannot happen for b > ceil(d / B); kept as a guard on the arithmetic
        raise ParameterError(f"hr-acharya: {B} blocks of {b - 1} values cannot hold d = {d}")
    return B, b


def hr_acharya_general_blocks(d: int, exp_eps) -> int:
    """The B of the paper's general-eps scheme (Section 5) as pure-ldp runs it at eps > 1:
    ``2^floor(log2 min(2d, e^eps))`` (exact for exact e^eps)."""
    d, e = check_d(d), check_exp_eps(exp_eps)
    top = sympy.Min(2 * d, e)
    B = 1
    while 2 * B <= top:
        B *= 2
    return B


@accepts_eps
def hadamard_response_acharya(d: int, exp_eps, size: int | None = None, blocks: int = 1) -> Mechanism:
    """Acharya-Sun-Zhang Hadamard Response (AISTATS 2019): Section 4 (B = 1, high privacy) and the blocked
    general-eps scheme of Section 5 (B = ``blocks`` blocks, :func:`hr_acharya_blocks`); outputs ``"y"`` in [K], K = B b.

    Value x lies in block ``a = x // (b-1)`` at row ``r = x mod (b-1) + 1``; it owns the b/2 outputs
    ``y = a b + p`` with ``H_b[r][p] = +1``.  ``P[y | x] = 2e/(b(2B-1+e))`` on them, ``2/(b(2B-1+e))`` on every
    other output.  Estimator (the paper's: set frequency minus the estimated block mass), per output
    ``Q[x, y] = (2B-1+e)/(e-1) H_b[r][p]`` when y is in x's block, else 0; for B = 1 this is
    ``(e+1)/(e-1) H[x+1][y]``.  Unbiased."""
    d = check_d(d)
    e = check_exp_eps(exp_eps)
    B, b = hr_acharya_blocks(d, blocks, size)
    K = B * b
    check_mechanism("hr-acharya", d, K, sets=f"d={d} blocks={B} exp_eps={e}", outputs_text=f"{B} x {b}", exp_eps=e)
    inside, outside = cancel(2 * e / (b * (2 * B - 1 + e))), cancel(2 / (b * (2 * B - 1 + e)))
    c = cancel((2 * B - 1 + e) / (e - 1))
    home = [(x // (b - 1), x % (b - 1) + 1) for x in range(d)]  # (block, row)
    P, Q = [], []
    for y in progress("building hr-acharya", range(K)):
        block, pos = divmod(y, b)
        signs = [_sign(r, pos) if a == block else 0 for a, r in home]
        P.append([inside if s == 1 else outside for s in signs])
        Q.append([c * s for s in signs])
    return Mechanism(P, _transpose(Q, K, d), outputs=[str(y) for y in range(K)],
                     name=f"hr-acharya(d={d}, B={B}, b={b}, exp_eps={e})")


# ---- Hadamard mechanism with t coefficients --------------------------------------------------------
def _hm_size(d: int, size) -> int:
    """A power of two >= d (default the smallest): value x is column x of H_size."""
    if size is None:
        s = 1
        while s < d:
            s *= 2
        return s
    s = _int(size, "size", 2)
    if s & (s - 1):
        raise ParameterError(f"size = {s}: a Walsh-Hadamard matrix has a power-of-two size")
    if s < d:
        raise ParameterError(f"size = {s}: hm uses columns 0..{d - 1}, so the size must be at least d = {d}")
    return s


def hm_sign_keep(exp_eps, t: int) -> sympy.Expr:
    """The probability that one of hm's t signs survives: ``(e^eps + 2^(t-1) - 1)/(e^eps + 2^t - 1)``."""
    e = check_exp_eps(exp_eps)
    return cancel((e + 2 ** (t - 1) - 1) / (e + 2**t - 1))


@accepts_eps
def hadamard_mechanism(d: int, exp_eps, t: int = 1, size: int | None = None) -> Mechanism:
    """The Hadamard mechanism with t coefficients (Cormode-Kulkarni-Srivastava SIGMOD 2018 Section 4.3; pure-ldp
    ``HadamardMechClient``); see the module docstring.  Outputs ``"j_1,..,j_t:z_1..z_t"`` (z as ``+``/``-``):
    s^t 2^t of them."""
    d = check_d(d)
    e = check_exp_eps(exp_eps)
    t = _int(t, "t", 1)
    s = _hm_size(d, size)
    if t > 16:
        raise ParameterError(f"t = {t}: at most 16 coefficients (2^t sign tuples)")
    check_count(f"hm with d = {d}, size = {s}, t = {t}", s**t * 2**t, limit=MAX_ENTRIES // d, unit="outputs")
    check_mechanism("hm", d, s**t * 2**t, sets=f"d={d} t={t} exp_eps={e}", outputs_text=f"{s}^{t} x 2^{t}",
                    exp_eps=e)
    T = 2**t
    keep, other = cancel(e / (e + T - 1) / s**t), cancel(1 / (e + T - 1) / s**t)
    unit = cancel(1 / (t * (2 * hm_sign_keep(e, t) - 1)))
    tuples = list(itertools.product((1, -1), repeat=t))
    labels, P, Q = [], [], []
    for js in progress("building hm", list(itertools.product(range(s), repeat=t))):
        true = [tuple(_sign(j, x) for j in js) for x in range(d)]
        for zs in tuples:
            labels.append(",".join(map(str, js)) + ":" + "".join("+" if z == 1 else "-" for z in zs))
            P.append([keep if true[x] == zs else other for x in range(d)])
            Q.append([unit * sum(z * h for z, h in zip(zs, true[x])) for x in range(d)])
    return Mechanism(P, _transpose(Q, len(labels), d), outputs=labels, name=f"hm(d={d}, t={t}, size={s}, exp_eps={e})")


# ---- Apple's HCMS ----------------------------------------------------------------------------------
def hadamard_count_mean_sketch(family: HashFamily, exp_eps) -> Mechanism:
    """Apple's Hadamard Count-Mean Sketch over ``family`` (k functions [d] -> [m], m a power of two); see the
    module docstring.  Outputs ``"j:l:+"`` / ``"j:l:-"``, 2 k m of them."""
    e = check_exp_eps(exp_eps)
    m, k, d = family.m, family.k, family.d
    if m < 2 or m & (m - 1):
        raise ParameterError(f"hcms: m = {m} must be a power of two (the Hadamard transform has size m)")
    check_mechanism("hcms", d, 2 * k * m, outputs_text=f"2 x {k} x {m}", exp_eps=e)
    flip = cancel(1 / (e + 1))
    keep = cancel(e / (e + 1))
    law = {True: cancel(keep / (k * m)), False: cancel(flip / (k * m))}
    c = cancel((e + 1) / (e - 1))
    dec = {v: cancel(sympy.Rational(m, m - 1) * (c * v - sympy.Rational(1, m))) for v in (1, -1)}
    labels, P, Q = [], [], []
    for j, h in progress("building hcms", list(enumerate(family.functions))):
        for l in range(m):
            true = [_sign(l, h[x]) for x in range(d)]
            for b in (1, -1):
                labels.append(f"{j}:{l}:{'+' if b == 1 else '-'}")
                P.append([law[true[x] == b] for x in range(d)])
                Q.append([dec[b * true[x]] for x in range(d)])
    return Mechanism(P, _transpose(Q, len(labels), d), outputs=labels, name=f"hcms[{family.name}; exp_eps={e}]")


@accepts_eps
def build_hcms(d, exp_eps, m=None, k=None, l=None, family="gf2-affine", seed=None) -> Mechanism:
    """HCMS of a registry hash family (:func:`~ldpref.mechanisms.variants.make_family`); m must be a power of
    two (default: gf2-affine's 2^l with 2^l >= d)."""
    if m is not None and (_int(m, "m", 2) & (m - 1)):
        raise ParameterError(f"hcms: m = {m} must be a power of two (the Hadamard transform has size m)")
    fam = make_family(d, family=family, m=m, k=k, l=l, seed=seed)
    check_mechanism("hcms", fam.d, 2 * fam.k * fam.m, outputs_text=f"2 x {fam.k} x {fam.m}", exp_eps=exp_eps)
    return hadamard_count_mean_sketch(fam, exp_eps)


# ---- FastLH ----------------------------------------------------------------------------------------
def fastlh_family(d: int, g: int, k: int, seed: int = 0, table=None) -> HashFamily:
    """FastLH's fixed family: ``table`` (k rows of d hash values in [g], e.g. a library's own hash matrix) or
    k functions with independent uniform values drawn from ``numpy.random.default_rng(seed)``."""
    d, g, k = check_d(d), _int(g, "g", 2), _int(k, "k", 1)
    check_count(f"fastlh with d = {d}, k = {k}", k * d, unit="hash values")
    check_count(f"fastlh with k = {k}, g = {g}", k * g, limit=MAX_ENTRIES // d, unit="outputs")
    if table is None:
        fam = random_family(d, g, k, np.random.default_rng(_int(seed, "seed", 0)))
        return HashFamily(fam.functions, g, name=f"fastlh-random(d={d}, g={g}, k={k}, seed={seed})")
    rows = [list(r) for r in table]
    if len(rows) != k or any(len(r) != d for r in rows):
        raise ParameterError(f"fastlh: table must have k = {k} rows of d = {d} hash values")
    for r in rows:
        for v in r:
            if isinstance(v, bool) or int(v) != v or not 0 <= int(v) < g:
                raise ParameterError(f"fastlh: hash value {v!r} is not an integer in 0..{g - 1}")
    return HashFamily(tuple(tuple(int(v) for v in r) for r in rows), g, name=f"fastlh-table(d={d}, g={g}, k={k})")


@accepts_eps
def fast_local_hashing(d, exp_eps, k, g=2, seed=None, table=None) -> Mechanism:
    """FastLH (pure-ldp): local hashing over a fixed family of k functions to [g] (module docstring).  Warns
    (:class:`ldpref.errors.NonUniformFamilyWarning`) when the family is not pairwise uniform."""
    fam = fastlh_family(d, g, k, 0 if seed is None else seed, table)
    warn_if_not_pairwise_uniform(fam, "random", f"fastlh family ({fam.name})")
    mech = local_hashing(fam, exp_eps)
    mech.name = "fastlh" + mech.name[len("olh"):]
    return mech


_D = Key("int", help="dictionary size")
_EXP = Key("rational", help="e^eps as an exact rational, e.g. 3 or 5/2")

register("hr-acharya", Spec(hadamard_response_acharya,
                            {"d": _D, "exp_eps": _EXP,
                             "size": Key("int", None, "b: block size (power of two > ceil(d / B))"),
                             "blocks": Key("int", 1,
                                           "B, the number of blocks (power of two; 1: Section 4's scheme; pure-ldp at "
                                           "eps > 1 uses 2^floor(log2 min(2d, e^eps)))")},
                            "Acharya-Sun-Zhang Hadamard Response, one of K symbols (AISTATS 2019 Section 4)"))
register("hm", Spec(hadamard_mechanism,
                    {"d": _D, "exp_eps": _EXP, "t": Key("int", 1, "Hadamard coefficients per report"),
                     "size": Key("int", None, "Hadamard size (power of two >= d; value x is column x)")},
                    "Hadamard mechanism with t coefficients (Cormode et al. SIGMOD 2018 Section 4.3; pure-ldp)"))
register("hcms", Spec(build_hcms,
                      {"d": _D, "exp_eps": _EXP,
                       "m": Key("int", None, "sketch width, a power of two (gf2-affine: 2^l)"),
                       "k": Key("int", None, "number of hash functions (random only; the gf2 families have 4^l)"),
                       "l": Key("int", None, "GF(2^l) degree (gf2 families)"),
                       "family": Key("str", "gf2-affine", "gf2-affine | gf2-affine-mod | random"),
                       "seed": Key("int", None, "seed of the random family (default 0)")},
                      "Apple's Hadamard Count-Mean Sketch (Apple DP team 2017; pan-cms Section 4.5)"))
register("fastlh", Spec(fast_local_hashing,
                        {"d": _D, "exp_eps": _EXP, "k": Key("int", help="number of fixed hash functions"),
                         "g": Key("int", 2, "hash range (2: binary local hashing)"),
                         "seed": Key("int", None, "seed of the k uniform random functions (default 0)")},
                        "FastLH: local hashing over k fixed hash functions (pure-ldp; pan-cms Section 4.4)"))

__all__ = ["hadamard_response_acharya", "hr_acharya_blocks", "hr_acharya_general_blocks", "hadamard_mechanism",
           "hm_sign_keep", "hadamard_count_mean_sketch",
           "build_hcms", "fastlh_family", "fast_local_hashing"]
