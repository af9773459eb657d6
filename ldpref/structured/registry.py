"""``ldpref.structured.model(name, **params)``: structured models by registry name.

Names and keys (``exp_eps``: an exact rational, the symbol ``exp_eps``, ``E`` or ``E^r`` for e^r):

* ``grr``, ``sue``, ``oue`` -- d, exp_eps (:mod:`.pure`); ``ss`` -- d, exp_eps, k (default: the
  l2-optimal support size, pan-strict Section 5.1).
* ``wss`` -- d, exp_eps, k: any optimal symmetric configuration (:mod:`.wss`; E, Var, MSE only).
* ``cms`` -- d, exp_eps, m, inner (rr | arp | srp), family (ideal | gf2-affine | gf2-affine-mod | random),
  k (ideal, random), l (gf2 families), seed (random), decoder (eq2 | eq8: fixed families with a constant
  collision rate, pan-cms Eq. (8)).  Apple's CMS is inner=srp, family=ideal
  (pan-cms Section 3.6; jiang-gcms Section VII: m = 1024, k = 65536).
* ``olh`` -- d, exp_eps, m (default: the integer nearest e^eps + 1), family (ideal | gf2-affine-mod |
  random), k, l, seed.
* ``gcms`` -- d, m, k, s, p or exp_eps, family (ideal, the paper's model | random), seed.

Every size is checked before anything is allocated (one-line :class:`~ldpref.errors.ParameterError`).
"""

from __future__ import annotations

import inspect
from fractions import Fraction
import numbers
import re

import numpy as np
import sympy

from ..errors import ParameterError
from ..exact import EXP_EPS, parse_rational, to_exact
from ..hashing import (MAX_L, gf2_affine_family, gf2_affine_mod_collision_rate, gf2_affine_mod_family, random_family,
                       warn_if_not_pairwise_uniform)
from ..mechanisms._params import check_d, check_exp_eps
from . import pure, sketch
from .base import MAX_D, check_size
from .gcms import algorithm1_model
from .ideal import IdealSketchModel
from .pairwise import PairwiseSketchModel

#: Fixed hash families are built value by value in Python: at most this many h_j(x) entries.
MAX_FIXED_TABLE = 2_000_000
#: The number of hash functions of the ideal family is only a number in the formulas.
MAX_K = 10**12

_E_POWER = re.compile(r"^\s*E\s*(?:(?:\^|\*\*)\s*\(?\s*([+-]?\d+(?:\s*/\s*\d+)?)\s*\)?)?\s*$")


def parse_exp_eps(text):
    """``exp_eps`` from text: a rational ``p/q``, the symbol ``exp_eps``, ``E`` or ``E^r`` (r rational)."""
    if not isinstance(text, str):
        return check_exp_eps(text)
    if text.strip() == "exp_eps":
        return EXP_EPS
    match = _E_POWER.match(text)
    if match:
        power = parse_rational(match.group(1), what="exp_eps power") if match.group(1) else sympy.Integer(1)
        return check_exp_eps(sympy.exp(power))
    return check_exp_eps(parse_rational(text, what="exp_eps"))


def _int(value, what, low, high=None):
    if isinstance(value, str):
        if not re.fullmatch(r"\s*[+-]?[0-9]+\s*", value):
            raise ParameterError(f"{what} = {value!r} is not an integer")
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} = {value!r} must be an int")
    if value < low:
        raise ParameterError(f"{what} = {value} must be at least {low}")
    if high is not None:
        check_size(what, int(value), high)
    return int(value)


def _d(d):
    return check_d(_int(d, "d", 2, MAX_D))


def _inner(kind, m, e):
    builders = {"rr": pure.grr, "arp": pure.oue, "srp": pure.sue}
    if kind not in builders:
        raise ParameterError(f"inner {kind!r} unknown; choose one of {', '.join(builders)}")
    return builders[kind](m, e)


def _l_for(size):
    l = 1
    while (1 << l) < size:
        l += 1
    return l


def _fixed_family(d, family, m, k, l, seed):
    if family == "random":
        if m is None or k is None:
            raise ParameterError("family random needs m and k")
        m, k = _int(m, "m", 2), _int(k, "k", 1)
        check_size("fixed hash table k*d", k * d, MAX_FIXED_TABLE)
        fam = random_family(d, m, k, np.random.default_rng(_int(0 if seed is None else seed, "seed", 0)))
        warn_if_not_pairwise_uniform(fam, family, "family random")
        return fam
    if seed is not None:
        raise ParameterError("seed only applies to family=random")
    if k is not None:
        raise ParameterError(f"family {family} has k = 4^l functions; k is not settable")
    if family == "gf2-affine":
        l = _int(_l_for(d if m is None else _int(m, "m", 2)) if l is None else l, "l", 1, 16)
        if m is not None and _int(m, "m", 2) != 1 << l:
            raise ParameterError(f"family gf2-affine maps to m = 2^l = {1 << l}, not m = {m}")
        check_size("fixed hash table k*d = 4^l*d", (1 << (2 * l)) * d, MAX_FIXED_TABLE)
        if (1 << l) < d:
            raise ParameterError(f"family gf2-affine needs 2^l >= d: 2^{l} < d = {d}")
        return gf2_affine_family(l, d)
    if family == "gf2-affine-mod":
        if m is None and l is None:
            raise ParameterError("family gf2-affine-mod needs m (the hash range) or l")
        l = _int(_l_for(max(d, _int(m, "m", 2))) if l is None else l, "l", 1, 16)
        m = (1 << l) if m is None else _int(m, "m", 2)
        check_size("fixed hash table k*d = 4^l*d", (1 << (2 * l)) * d, MAX_FIXED_TABLE)
        if (1 << l) < d or m > (1 << l):
            raise ParameterError(f"family gf2-affine-mod needs d <= 2^l and m <= 2^l (l = {l})")
        fam = gf2_affine_mod_family(l, d, m)
        warn_if_not_pairwise_uniform(fam, family, f"family {family}")
        return fam
    raise ParameterError(f"family {family!r} unknown; choose one of ideal, gf2-affine, gf2-affine-mod, random")


def _gf2_per_client(d, e, family, m, k, l, seed, inner, decoder):
    """The closed form (:class:`.pairwise.PairwiseSketchModel`) of a gf2 family whose listed table would
    exceed MAX_FIXED_TABLE (l up to 32), else None (the listed family is used).  Same keys and checks as the
    listed family; the collision rate is pan-cms Lemma 3.2's (1/m for gf2-affine)."""
    if family not in ("gf2-affine", "gf2-affine-mod") or seed is not None or k is not None:
        return None  # the listed path reports the key errors
    if family == "gf2-affine-mod" and m is None and l is None:
        return None
    size_of = max(d, _int(m, "m", 2)) if m is not None else d
    l = _int(_l_for(size_of) if l is None else l, "l", 1)
    if l > MAX_L:
        raise ParameterError(f"l = {l}: GF(2^l) is supported for l = 1..{MAX_L}")
    if (1 << (2 * l)) * d <= MAX_FIXED_TABLE:
        return None
    size = 1 << l
    m = size if m is None else _int(m, "m", 2)
    if family == "gf2-affine" and m != size:
        raise ParameterError(f"family gf2-affine maps to m = 2^l = {size}, not m = {m}")
    if size < d or m > size:
        raise ParameterError(f"family {family} needs d <= 2^l and m <= 2^l (l = {l})")
    rate = gf2_affine_mod_collision_rate(l, m)
    if decoder == "eq8":
        m_dec = sympy.Rational(rate.denominator, rate.numerator)
    else:
        m_dec = m
        if rate != Fraction(1, m):
            import warnings

            from ..errors import NonUniformFamilyWarning

            warnings.warn(NonUniformFamilyWarning(
                f"family {family}: the GF(2^{l}) affine family mod m = {m} is not pairwise uniform: collision rate "
                f"{rate}, not 1/{m}; the Eq. (2) estimate is biased (use decoder eq8 or an m dividing 2^l)"),
                stacklevel=3)
    R = _inner(inner, m, e)
    s, o = sketch.cms_terms(m_dec, R.domain)
    name = f"cms[gf2-affine{'-mod' if family == 'gf2-affine-mod' else ''}(l={l}, m={m}) per client; {inner}; " \
           f"exp_eps={e}; {decoder}]"
    return PairwiseSketchModel(name, d, R, s, o, rate)


def _cms(d, exp_eps, m=None, inner="rr", family="ideal", k=None, l=None, seed=None, decoder="eq2"):
    d, e = _d(d), parse_exp_eps(exp_eps)
    if decoder not in ("eq2", "eq8"):
        raise ParameterError(f"decoder {decoder!r}: choose eq2 or eq8")
    if family == "ideal":
        if decoder != "eq2":
            raise ParameterError("decoder eq8 needs a fixed family with a constant collision rate, not family=ideal")
        if m is None or k is None:
            raise ParameterError("cms family=ideal needs m and k")
        if l is not None or seed is not None:
            raise ParameterError("l and seed do not apply to family=ideal")
        m, k = _int(m, "m", 2, MAX_D), _int(k, "k", 1, MAX_K)
        R = _inner(inner, m, e)
        s, o = sketch.cms_terms(m, R.domain)
        return IdealSketchModel(f"cms[ideal(m={m}, k={k}); {inner}; exp_eps={e}]", d, k, R, s, o)
    closed = _gf2_per_client(d, e, family, m, k, l, seed, inner, decoder)
    if closed is not None:
        return closed
    fam = _fixed_family(d, family, m, k, l, seed)
    R = _inner(inner, fam.m, e)
    m_dec = fam.m
    if decoder == "eq8":  # pan-cms Eq. (8): m' = 1/c_bar for a constant collision rate c_bar < 1
        rate = fam.has_constant_collision_rate()
        if rate is None or rate == 0 or rate >= 1:
            raise ParameterError(f"{fam.name}: Eq. (8) needs a constant collision rate 0 < c_bar < 1 (got {rate})")
        m_dec = sympy.Rational(rate.denominator, rate.numerator)
    s, o = sketch.cms_terms(m_dec, R.domain)
    return sketch.FixedSketchModel(f"cms[{fam.name}; {inner}; exp_eps={e}; {decoder}]", fam, R, s, o)


def _olh(d, exp_eps, m=None, family="ideal", k=None, l=None, seed=None):
    d, e = _d(d), parse_exp_eps(exp_eps)
    if m is None:
        if e.free_symbols:
            raise ParameterError("olh needs m when exp_eps is symbolic")
        m = max(2, int(sympy.floor(e + sympy.Rational(3, 2))))
    m = _int(m, "m", 2, MAX_D)
    R = pure.grr(m, e)
    s, o = sketch.olh_terms(R, *R.support)
    if family == "ideal":
        if k is None:
            raise ParameterError("olh family=ideal needs k")
        if l is not None or seed is not None:
            raise ParameterError("l and seed do not apply to family=ideal")
        return IdealSketchModel(f"olh[ideal(m={m}, k={k}); exp_eps={e}]", d, _int(k, "k", 1, MAX_K), R, s, o)
    if family == "gf2-affine":
        raise ParameterError("olh: use family gf2-affine-mod (or ideal, random)")
    fam = _fixed_family(d, family, m, k, l, seed)
    return sketch.FixedSketchModel(f"olh[{fam.name}; exp_eps={e}]", fam, R, s, o)


def _gcms(d, m, k, s, p=None, exp_eps=None, family="ideal", seed=None):
    d = _d(d)
    m, s = _int(m, "m", 2, MAX_D), _int(s, "s", 1)
    e = None if exp_eps is None else parse_exp_eps(exp_eps)
    R = algorithm1_model(m, s, p=None if p is None else to_exact(p if not isinstance(p, str)
                                                                 else parse_rational(p, what="p"), what="p"),
                         exp_eps=e)
    a, o = sketch.cms_terms(m, R.domain)
    if family == "ideal":
        if seed is not None:
            raise ParameterError("seed does not apply to family=ideal")
        return IdealSketchModel(f"gcms[ideal(m={m}, k={k}); s={s}]", d, _int(k, "k", 1, MAX_K), R, a, o)
    if family != "random":
        raise ParameterError(f"gcms family {family!r}: choose ideal (the paper's model) or random")
    fam = _fixed_family(d, "random", m, k, None, seed)
    return sketch.FixedSketchModel(f"gcms[{fam.name}; s={s}]", fam, R, a, o)


def _support_size(name, d, e, k):
    """k as given, or the l2-optimal support size (pan-strict Section 5.1; needs a numeric e^eps)."""
    if k is not None:
        return _int(k, "k", 1)
    from ..wss import optimal_support_size

    if e.free_symbols:
        raise ParameterError(f"{name} needs k when exp_eps is symbolic")
    return optimal_support_size(d, e)


def _wss(d, exp_eps, k=None):
    """WSS / any OSC with support size k (default: the l2-optimal k): E, Var, MSE without the LP."""
    from .wss import osc_model

    d, e = _d(d), parse_exp_eps(exp_eps)
    return osc_model(d, _support_size("wss", d, e, k), e)


def _ss(d, exp_eps, k=None):
    d, e = _d(d), parse_exp_eps(exp_eps)
    return pure.subset_selection(d, _support_size("ss", d, e, k), e)


#: name -> (builder, keys, description)
MODELS = {
    "grr": (lambda d, exp_eps: pure.grr(_d(d), parse_exp_eps(exp_eps)), ("d", "exp_eps"),
            "generalised randomised response"),
    "sue": (lambda d, exp_eps: pure.sue(_d(d), parse_exp_eps(exp_eps)), ("d", "exp_eps"), "symmetric unary encoding"),
    "oue": (lambda d, exp_eps: pure.oue(_d(d), parse_exp_eps(exp_eps)), ("d", "exp_eps"), "optimised unary encoding"),
    "ss": (_ss, ("d", "exp_eps", "k"), "Subset Selection"),
    "wss": (_wss, ("d", "exp_eps", "k"), "Weighted Subset Selection / any OSC (covariance needs the configuration)"),
    "cms": (_cms, ("d", "exp_eps", "m", "inner", "family", "k", "l", "seed", "decoder"),
            "Count-Mean Sketch (pan-cms Section 3)"),
    "olh": (_olh, ("d", "exp_eps", "m", "family", "k", "l", "seed"), "optimised local hashing"),
    "gcms": (_gcms, ("d", "m", "k", "s", "p", "exp_eps", "family", "seed"), "Generalized CMS (jiang-gcms)"),
}


def model(name: str, **params):
    """The structured model ``name`` with keyword parameters (ints, exact numbers or their strings)."""
    if name not in MODELS:
        raise ParameterError(f"unknown structured model {name!r}; known: {', '.join(MODELS)}")
    build, keys, _ = MODELS[name]
    if "eps" in params and "exp_eps" in keys:  # eps (natural log) wherever exp_eps is accepted
        from ..mechanisms._params import exp_eps_of_eps

        if params.get("exp_eps") is not None:
            raise ParameterError(f"{name}: give exp_eps or eps, not both")
        params = {**{k: v for k, v in params.items() if k != "eps"}, "exp_eps": exp_eps_of_eps(params["eps"])}
    unknown = sorted(set(params) - set(keys))
    if unknown:
        raise ParameterError(f"{name}: unknown key(s) {', '.join(unknown)}; it takes {', '.join(keys)}")
    required = [k for k, prm in inspect.signature(build).parameters.items() if prm.default is inspect.Parameter.empty]
    missing = [k for k in required if k not in params]
    if missing:
        raise ParameterError(f"{name}: missing key(s) {', '.join(missing)}")
    return build(**params)
