"""Simulators of the sketch mechanisms, registered by their ``ldpref mechanism`` names.

* ``cms`` -- pan-cms Section 3 (Fig. 1, Eq. (2), Eq. (8)): families gf2-affine (Eq. (18)), gf2-affine-mod
  (Section 3.5), random (Section 3.6, the seeded table of :func:`ldpref.mechanisms.variants.make_family`)
  ideal (a fresh draw of k uniform functions per trial, :mod:`ldpref.structured.ideal`) and ideal-fresh
  (one uniform function per client, :mod:`.fresh`; inner rr only); inner rr / arp
  / srp (Eqs. (12)-(14)); decoder eq2 / eq8.
* ``olh`` -- pan-cms Section 4.4 (Wang et al. 2017): m-ary RR of the hashed value, support-set decoder;
  families as for cms (default gf2-affine-mod, as the builder).
* ``cms-he`` -- pan-cms Section 4.5: CMS whose inner mechanism is Hadamard Encoding on [m] (Section 4.1).
* ``gcms`` -- jiang-gcms Algorithms 1-3, Eq. (4): the seeded random family of the registry builder
  (k functions drawn once from ``default_rng(seed)``, each client picks one uniformly), or ``family=ideal``
  (the paper's model: k uniform functions drawn once per trial and shared by all clients).
* ``ocms-prime`` -- pan-strict Section 5.2: ``((a x + b) mod d') mod m`` with a != 0, m-ary RR, decoders
  pooled (Eq. (8) with m' = 1/c_bar) and grouped (per support size, Theorem 5.1).

Every simulator follows the law of the exact builder with the same name and keys: the same function
numbering, the same per-client uniform choice of j, the same decoder (see :mod:`.sketch_core`).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy

from ..errors import ParameterError
from ..exact import to_exact, to_float
from ..hashing import IRREDUCIBLE
from ..limits import check_count
from ..mechanisms._params import check_d
from .base import register
from .hashes import MAX_TABLE, GF2Affine, PrimeAffine, Table, random_table
from .inner import GRR, HE, Algorithm1, Unary
from .fresh import FreshSketchSimulator, fresh_model
from .sketch_core import SketchSimulator, int_param

FAMILIES = ("gf2-affine", "gf2-affine-mod", "random", "ideal")
#: largest l whose 4^l function numbers, times a batch of up to 2^20 runs (:data:`.sketch_core.BATCH`), fit
#: the int64 keys (run k + j) of :mod:`.sketch_core`: 2 l + 20 <= 62
MAX_NUMBERED_L = 21
#: a fresh uniform function per client (:mod:`.fresh`): the ideal family's limit k -> infinity
FRESH = "ideal-fresh"


def _fresh_keys(name: str, m, k, l=None, seed=None):
    """Checks of family=ideal-fresh: m required; k, l, seed do not apply."""
    if m is None:
        raise ParameterError(f"{name} family={FRESH} needs m")
    if k is not None or l is not None or seed is not None:
        raise ParameterError(f"k, l and seed do not apply to family={FRESH} (every client draws its own function)")
    return int_param(m, "m", 2)


def exp_eps_value(exp_eps=None, eps=None):
    """e^eps as an exact value > 1 from ``exp_eps`` or ``eps`` (natural log), exactly one of them."""
    from ..structured.registry import parse_exp_eps

    if (exp_eps is None) == (eps is None):
        raise ParameterError("give exactly one of exp_eps or eps")
    if eps is not None:
        if isinstance(eps, str):
            from ..number_syntax import parse_number

            eps = parse_number(eps, what="eps", irrational=True)
        e = to_exact(eps, what="eps")
        if not e.is_positive:
            raise ParameterError(f"eps = {e} must be positive")
        return parse_exp_eps(sympy.exp(e))
    return parse_exp_eps(exp_eps)


def _smallest_l(size: int) -> int:
    l = 1
    while (1 << l) < size:
        l += 1
    return l


def _check_l(l: int) -> int:
    l = int_param(l, "l", 1)
    if l not in IRREDUCIBLE:
        raise ParameterError(f"l = {l}: GF(2^l) is supported for l = 1..{max(IRREDUCIBLE)}")
    if l > MAX_NUMBERED_L:
        raise ParameterError(f"l = {l}: the sketch simulators number the 4^l functions in int64 keys (run, j), "
                             f"l <= {MAX_NUMBERED_L}; ldpref.simulation.per_client draws (a0, a1) directly")
    return l


def family_sampler(d: int, family: str, m, k, l, seed):
    """``(draw, m, k, rate)``: ``draw(rng)`` gives the hash sampler of one trial (the same object for a
    fixed family), ``rate`` the exact constant collision rate (a Fraction) or None when it varies or is
    not computed.  Checks mirror :func:`ldpref.mechanisms.variants.make_family` (without its export limit
    on l, which the simulation does not need)."""
    if family not in FAMILIES:
        raise ParameterError(f"family {family!r} unknown; choose one of {', '.join(FAMILIES)}")
    if family in ("gf2-affine", "gf2-affine-mod"):
        if seed is not None:
            raise ParameterError("seed only applies to family=random")
        if family == "gf2-affine":
            l = _check_l(_smallest_l(int_param(m, "m", 2) if m is not None else d) if l is None else l)
            if m is not None and int_param(m, "m", 2) != (1 << l):
                raise ParameterError(f"family gf2-affine maps to m = 2^l; m = {m} is not 2^{l} = {1 << l} "
                                     f"(use family=gf2-affine-mod for other m)")
            mm, mod = 1 << l, None
        else:
            if m is None and l is None:
                raise ParameterError("family gf2-affine-mod needs m (the hash range) or l")
            l = _check_l(_smallest_l(max(d, int_param(m, "m", 2))) if l is None else l)
            mm = (1 << l) if m is None else int_param(m, "m", 2)
            if mm > (1 << l):
                raise ParameterError(f"family gf2-affine-mod needs m <= 2^l: m = {mm} > 2^{l} = {1 << l}")
            mod = mm
        if (1 << l) < d:
            raise ParameterError(f"family {family} needs 2^l >= d: 2^{l} = {1 << l} < d = {d}")
        if k is not None and int_param(k, "k", 1) != (1 << (2 * l)):
            raise ParameterError(f"family {family} has k = 4^l = {1 << (2 * l)} functions; k = {k} is not settable")
        sampler = GF2Affine(l, d, mod)
        # (a0 + a1 x, a0 + a1 x') is uniform on GF(2^l)^2 for x != x': c_bar = sum_z |bucket z|^2 / 4^l
        size = 1 << l
        rate = Fraction(sum(len(range(z, size, mm)) ** 2 for z in range(mm)), size * size)
        return (lambda rng, t=1: sampler), mm, sampler.k, rate
    if l is not None:
        raise ParameterError("l only applies to the gf2-affine families")
    if m is None or k is None:
        raise ParameterError(f"family {family} needs m and k")
    m, k = int_param(m, "m", 2), int_param(k, "k", 1)
    if family == "ideal":
        if seed is not None:
            raise ParameterError("seed does not apply to family=ideal (the draw comes from the trial's generator)")
        # t k functions for t runs, or ``count`` of them (a chunk of one run's independent functions); each
        # draw is checked against MAX_TABLE by random_table, so a k x d beyond it runs only chunked
        return (lambda rng, t=1, count=None: Table(random_table(d, m, t * k if count is None else count, rng), m)), \
            m, k, None
    check_count(f"hash table k x d = {k} x {d}", k * d, limit=MAX_TABLE, unit="hash values",
                alternative="use a smaller k or d, or family=ideal (drawn chunk by chunk in the sufficient sampler)")
    sampler = Table(random_table(d, m, k, np.random.default_rng(int_param(0 if seed is None else seed, "seed", 0))), m)
    return (lambda rng, t=1: sampler), m, k, None


def _table_rate(sampler) -> Fraction | None:
    """The collision rate of a fixed table when it is the same for every pair x != x' (else None)."""
    t = sampler.full_table()
    k, d = t.shape
    check_count(f"collision rates of k x d^2 = {k} x {d}^2", k * d * d, limit=5 * 10**7, unit="comparisons")
    eq = np.zeros((d, d), dtype=np.int64)
    for row in t:
        eq += row[:, None] == row[None, :]
    off = eq[~np.eye(d, dtype=bool)]
    return Fraction(int(off[0]), k) if (off == off[0]).all() else None


def _registry_exact(name: str, params: dict):
    from ..cli.mechanism import load_all_mechanisms
    from ..mechanisms import REGISTRY

    load_all_mechanisms()
    return REGISTRY[name].build(**params)


def _structured(name: str, params: dict):
    from ..structured.registry import model

    return model(name, **params)


def _inner_unary(kind: str, m: int, e):
    if kind == "arp":  # OUE: p = 1/2, q = 1/(e + 1)
        return Unary(m, 0.5, to_float(1 / (e + 1)))
    h = sympy.sqrt(e)  # SUE: BRR at eps/2 on every bit
    return Unary(m, to_float(h / (h + 1)), to_float(1 / (h + 1)))


def _grr(m: int, e) -> GRR:
    return GRR(m, to_float(e / (e + m - 1)), to_float(1 / (e + m - 1)))


def _cms_map(m_dec) -> tuple[float, float]:
    """pan-cms Eq. (2) (m_dec = m) / Eq. (8) (m_dec = 1/c_bar): scale m/(m-1), offset 1/(m-1)."""
    m_dec = sympy.Rational(m_dec)
    return to_float(m_dec / (m_dec - 1)), to_float(1 / (m_dec - 1))


def _prepare(d, exp_eps, eps):
    d = check_d(int_param(d, "d", 2))
    e = exp_eps_value(exp_eps, eps)
    if e.free_symbols:
        raise ParameterError("simulation needs a numeric exp_eps, not the symbol")
    return d, e


def make_cms(d, exp_eps=None, m=None, k=None, l=None, family="gf2-affine", inner="rr", seed=None, decoder="eq2",
             eps=None) -> SketchSimulator:
    """CMS (pan-cms Section 3) with the keys of ``ldpref mechanism cms`` plus ``family=ideal``."""
    d, e = _prepare(d, exp_eps, eps)
    if inner not in ("rr", "arp", "srp"):
        raise ParameterError(f"inner {inner!r} unknown; choose one of rr, arp, srp")
    if decoder not in ("eq2", "eq8"):
        raise ParameterError(f"decoder {decoder!r}: choose 'eq2' or 'eq8'")
    if family == FRESH:
        m = _fresh_keys("cms", m, k, l, seed)
        if inner != "rr" or decoder != "eq2":
            raise ParameterError(f"family={FRESH} is simulated for inner=rr with decoder eq2 only (a unary report's "
                                 f"bits are shared by values hashed together)")
        sp = dict(d=d, exp_eps=e, m=m, inner="rr")
        scale, offset = _cms_map(m)
        return FreshSketchSimulator("cms", dict(sp, family=FRESH), d, _grr(m, e), scale=scale, offset=offset,
                                    p_own=to_float(e / (e + m - 1)), p_other=1 / m,
                                    exact=lambda: fresh_model("cms", sp))
    draw, m, k, rate = family_sampler(d, family, m, k, l, seed)
    if decoder == "eq8":
        if family == "ideal":
            raise ParameterError("decoder eq8 needs a fixed family with a constant collision rate, not family=ideal")
        if family == "random":
            rate = _table_rate(draw(None))
        if rate is None or rate == 0 or rate >= 1:
            raise ParameterError(f"family {family}: Eq. (8) needs a constant collision rate 0 < c_bar < 1 (got {rate})")
    m_dec = sympy.Rational(rate.denominator, rate.numerator) if decoder == "eq8" else m
    scale, offset = _cms_map(m_dec)
    R = _grr(m, e) if inner == "rr" else _inner_unary(inner, m, e)
    params = dict(d=d, exp_eps=e, m=m if family != "gf2-affine" else None,
                  k=k if family in ("random", "ideal") else None,
                  l=l, family=family, inner=inner, seed=seed, decoder=decoder)
    params = {key: v for key, v in params.items() if v is not None}
    if family == "ideal":
        return SketchSimulator("cms", params, d, draw, R, scale=scale, offset=offset, fixed=False, k=k,
                               exact=lambda: _structured("cms", params), structured=lambda: _structured("cms", params))
    return SketchSimulator("cms", params, d, draw, R, scale=scale, offset=offset,
                           exact=lambda: _registry_exact("cms", params), structured=lambda: _structured("cms", params))


def make_olh(d, exp_eps=None, m=None, family="gf2-affine-mod", k=None, l=None, seed=None, eps=None) -> SketchSimulator:
    """OLH (pan-cms Section 4.4): ``m`` defaults to the integer nearest e^eps + 1 as in the builder."""
    d, e = _prepare(d, exp_eps, eps)
    if m is None:
        m = max(2, int(sympy.floor(e + sympy.Rational(3, 2))))
    if family == FRESH:
        m = _fresh_keys("olh", m, k, l, seed)
        draw = None
    else:
        draw, m, k, _ = family_sampler(d, family, m, k, l, seed)
    p, q, g = e / (e + m - 1), 1 / (e + m - 1), sympy.Rational(1, m)
    R = GRR(m, to_float(p), to_float(q))
    # the support-set decoder (1[h(v) = y] - 1/m)/(p - 1/m) as scale Q_R - offset (structured.sketch.olh_terms)
    scale, offset = to_float((p - q) / (p - g)), to_float((g - q) / (p - g))
    if family == FRESH:
        sp = dict(d=d, exp_eps=e, m=m)
        return FreshSketchSimulator("olh", dict(sp, family=FRESH), d, R, scale=scale, offset=offset,
                                    p_own=to_float(p), p_other=1 / m, exact=lambda: fresh_model("olh", sp))
    params = {key: v for key, v in dict(d=d, exp_eps=e, m=m, family=family,
                                        k=k if family in ("random", "ideal") else None,
                                           l=l, seed=seed).items() if v is not None}
    exact = (lambda: _structured("olh", params)) if family == "ideal" else (lambda: _registry_exact("olh", params))
    structured = None if family == "gf2-affine" else (lambda: _structured("olh", params))
    return SketchSimulator("olh", params, d, draw, R, scale=scale, offset=offset, exact=exact, structured=structured,
                           fixed=family != "ideal", k=k)


def make_cms_he(d, exp_eps=None, m=None, k=None, l=None, family="gf2-affine", seed=None, eps=None) -> SketchSimulator:
    """CMS + HE (pan-cms Section 4.5): an Eq. (2) CMS over [m] whose inner mechanism is HE on [m]."""
    d, e = _prepare(d, exp_eps, eps)
    if family == "ideal":
        raise ParameterError("cms-he: family ideal has no exact model (HE is not a symmetric inner model); "
                             "use gf2-affine, gf2-affine-mod or random")
    draw, m, k, _ = family_sampler(d, family, m, k, l, seed)
    size = 1
    while size <= m:
        size *= 2
    R = HE(m, to_float(e), size)
    scale, offset = _cms_map(m)
    params = {key: v for key, v in dict(d=d, exp_eps=e, m=m if family != "gf2-affine" else None,
                                           k=k if family == "random" else None, l=l, family=family,
                                           seed=seed).items() if v is not None}
    return SketchSimulator("cms-he", params, d, draw, R, scale=scale, offset=offset,
                           exact=lambda: _registry_exact("cms-he", params))


def make_gcms(d, m, k, s, p=None, exp_eps=None, seed=None, family="random", eps=None) -> SketchSimulator:
    """GCMS (jiang-gcms Algorithms 1-3, decoder Eq. (4)); ``p`` or ``exp_eps`` / ``eps``."""
    d = check_d(int_param(d, "d", 2))
    m, s = int_param(m, "m", 2), int_param(s, "s", 1)
    if family == FRESH:
        _fresh_keys("gcms", m, k, None, seed)
    elif k is None:
        raise ParameterError("gcms: missing key k (the number of hash functions)")
    else:
        k = int_param(k, "k", 1)
    if s > m - 1:
        raise ParameterError(f"s = {s}: Algorithm 1 draws s buckets from [m] \\ {{r}}, so s <= m - 1 = {m - 1}")
    if p is None:
        e = exp_eps_value(exp_eps, eps)
        p_exact = sympy.cancel(e * s / (e * s + m - s))
    else:
        if exp_eps is not None or eps is not None:
            raise ParameterError("gcms: give exactly one of p or exp_eps")
        from ..exact import parse_rational

        p_exact = parse_rational(p, what="p") if isinstance(p, str) else to_exact(p, what="p")
        if p_exact.free_symbols or not 0 <= p_exact <= 1:
            raise ParameterError(f"p = {p_exact} is not a probability")
    q_exact = (p_exact * (s - 1) + (1 - p_exact) * s) / (m - 1)
    if sympy.simplify(p_exact - q_exact) == 0:
        raise ParameterError(f"p = q = {q_exact}: Eq. (4) divides by zero")
    if family == FRESH:
        sp = dict(d=d, m=m, s=s)
        sp.update({"p": p_exact} if p is not None else {"exp_eps": exp_eps_value(exp_eps, eps)})
        scale, offset = _cms_map(m)
        return FreshSketchSimulator("gcms", dict(sp, family=FRESH), d, Algorithm1(m, s, to_float(p_exact)),
                                    scale=scale, offset=offset, p_own=to_float(p_exact), p_other=s / m,
                                    exact=lambda: fresh_model("gcms", sp))
    if family not in ("random", "ideal"):
        raise ParameterError(f"gcms family {family!r}: choose random (the registry's seeded draw), ideal or {FRESH}")
    draw, m, k, _ = family_sampler(d, family, m, k, None, (0 if seed is None else seed) if family == "random" else seed)
    R = Algorithm1(m, s, to_float(p_exact))
    scale, offset = _cms_map(m)
    params = dict(d=d, m=m, k=k, s=s)
    params.update({"p": p_exact} if p is not None else {"exp_eps": exp_eps_value(exp_eps, eps)})
    if family == "ideal":
        sp = dict(params, family="ideal")
        return SketchSimulator("gcms", sp, d, draw, R, scale=scale, offset=offset, fixed=False, k=k,
                               exact=lambda: _structured("gcms", sp), structured=lambda: _structured("gcms", sp))
    params["seed"] = 0 if seed is None else seed
    return SketchSimulator("gcms", params, d, draw, R, scale=scale, offset=offset,
                           exact=lambda: _registry_exact("gcms", params),
                           structured=lambda: _structured("gcms", dict(params, family="random")))


def make_ocms_prime(d, m, exp_eps=None, decoder="pooled", eps=None) -> SketchSimulator:
    """OCMS over the prime field (pan-strict Section 5.2, Appendix D)."""
    from ..mechanisms.prime_cms import bucket_sizes, next_prime

    d, e = _prepare(d, exp_eps, eps)
    if decoder not in ("pooled", "grouped"):
        raise ParameterError(f"decoder {decoder!r}: choose one of pooled, grouped")
    dp = next_prime(d)
    m = int_param(m, "m", 2)
    if m >= dp:
        raise ParameterError(f"m = {m} must be an int in 2..d'-1 = 2..{dp - 1}")
    sampler = PrimeAffine(d, dp, m)
    sizes = bucket_sizes(dp, m)
    R = _grr(m, e)
    params = dict(d=d, m=m, exp_eps=e, decoder=decoder)
    common = dict(exact=lambda: _registry_exact("ocms-prime", params))
    if decoder == "pooled":
        # (a x + b, a x' + b) is uniform on distinct pairs of [d']: c_bar = sum_z s_z (s_z - 1)/(d'(d' - 1))
        rate = Fraction(sum(z * (z - 1) for z in sizes), dp * (dp - 1))
        scale, offset = _cms_map(sympy.Rational(rate.denominator, rate.numerator))
        return SketchSimulator("ocms-prime", params, d, lambda rng, t=1: sampler, R, scale=scale, offset=offset,
                               **common)
    # grouped: (1[h_j(x) = z] - q_k)/(p_k - q_k) with k = |bucket z| (pan-strict Lemma B.1, Lemma 3.1)
    u, w = [], []
    for size in sizes:
        den = size * e + dp - size
        pk, qk = size * e / den, size * ((size - 1) * e + dp - size) / (den * (dp - 1))
        u.append(to_float(1 / (pk - qk)))
        w.append(to_float(-qk / (pk - qk)))
    return SketchSimulator("ocms-prime", params, d, lambda rng, t=1: sampler, R, u=u, w=w, **common)


register("cms", make_cms)
register("olh", make_olh)
register("cms-he", make_cms_he)
def _gcms_keys() -> dict:
    """The registry's gcms keys plus ``family`` (random: the registry's seeded draw; ideal: the paper's model)."""
    from ..mechanisms import Key
    from ..mechanisms import gcms as _registered  # noqa: F401  (registers gcms)
    from ..mechanisms import REGISTRY

    keys = dict(REGISTRY["gcms"].keys)
    keys["k"] = Key("int", None, help="number of hash functions (required unless family=ideal-fresh)")
    keys["seed"] = Key("int", None, help="seed of numpy.random.default_rng for the random hash family (default 0)")
    keys["family"] = Key("str", "random", help="random (the registry's seeded draw) | ideal (k uniform functions "
                                                "drawn once per run, jiang-gcms Section IV) | ideal-fresh (one per "
                                                "client; k unused)")
    return keys


register("gcms", make_gcms, keys=_gcms_keys())
register("ocms-prime", make_ocms_prime)
