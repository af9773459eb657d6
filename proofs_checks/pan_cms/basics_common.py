"""pan-cms claim checks: shared evidence builders for the basics modules (Section 2, Sections 3.1-3.3, Appendices
A-C): hash families, inner mechanisms, exact moments of the real CMS, normalisation of sum-notation forms.  No
claims are registered here.

Derivations: :mod:`derivations.pan_cms.basics`.  The exact path always runs the real mechanism:
ldpref's Count-Mean Sketch (:func:`ldpref.mechanisms.cms.cms`, exact P and Q over real hash families
built by field arithmetic) with the real inner mechanisms RR / a-RP / s-RP, through
:mod:`ldpref.enumeration` (every outcome, small n) or :mod:`ldpref.moments` (exact moments of the
same P and Q).  Concentration bounds are decided from the exact distribution of f_hat(x), obtained by
enumerating each client's outcomes (j, z) of the real mechanism and convolving over clients.

The model is the paper's: the hash family is fixed, each client draws its function uniformly and
independently (Section 3.1).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import sympy

import derivations.pan_cms.basics as D
from derivations.pan_cms.symbols import k as k_sym
from ldpref import enumeration, moments
from ldpref.exact import to_exact as _fr  # noqa: F401  (used by the basics_* modules)
from ldpref.dataset import all_datasets as datasets, vertex
from ldpref.hashing import (HashFamily, all_functions_family, gf2_affine_family, gf2_affine_mod_family, hadamard_family,
                            prime_affine_family, random_family)
from ldpref.ledger.forms import rational_at
from ldpref.ledger.generic import Exact, Point
from ldpref.mechanisms.cms import cms, inner_mechanism

R = sympy.Rational
SEED = 20260702
#: a statement of the paper must hold at every instance it covers: its printed and derived forms are evaluated
#: on facts computed from the real mechanism there, and compared with this value
HOLDS = True


# ==== hash families ===============================================================================
def collision_uniform_pair_family(mm: int) -> HashFamily:
    """d = 2, k = m: h_j(0) = 0, h_j(1) = j.  Collision rate exactly 1/m (the paper's pairwise
    independence), not strongly pairwise independent (h(0) is constant)."""
    return HashFamily(tuple((0, jj) for jj in range(mm)), mm, name=f"pair-uniform(m={mm})")


@cache
def family(key: str) -> HashFamily:
    if key == "gf2(l=1,d=2)":
        return gf2_affine_family(1, 2)
    if key == "gf2(l=2,d=3)":
        return gf2_affine_family(2, 3)
    if key == "gf2(l=2,d=4)":
        return gf2_affine_family(2, 4)
    if key == "hadamard(d=3)":
        return hadamard_family(3)
    if key == "Z3-affine(d=3)":
        return prime_affine_family(3, 3)
    if key == "Z3-affine(d=2)":
        return prime_affine_family(3, 2)
    if key.startswith("pair-uniform"):
        return collision_uniform_pair_family(int(key.split("=")[1].rstrip(")")))
    if key == "hand(d=2,k=3,c=1/3)":
        return HashFamily(((0, 0), (0, 1), (1, 0)), 2, name=key)
    if key == "hand(d=3,k=2,partial)":
        return HashFamily(((0, 0, 0), (0, 1, 0)), 2, name=key)
    if key == "gf2mod3(l=2,d=2)":
        return gf2_affine_mod_family(2, 2, 3)
    if key == "gf2mod3(l=2,d=3)":
        return gf2_affine_mod_family(2, 3, 3)
    if key == "random(d=3,m=2,k=3)":
        return random_family(3, 2, 3, np.random.default_rng(SEED))
    if key == "random(d=3,m=3,k=2)":
        return random_family(3, 3, 2, np.random.default_rng(SEED + 1))
    if key == "all(d=2,m=3)":
        return all_functions_family(2, 3, name=key)
    raise KeyError(key)


def fsize(key):
    fam = family(key)
    return (fam.d, fam.m, fam.k)


UNIFORM = ["gf2(l=1,d=2)", "pair-uniform(m=2)", "hadamard(d=3)", "Z3-affine(d=3)", "gf2(l=2,d=3)"]
CONSTANT = ["hand(d=2,k=3,c=1/3)", "gf2mod3(l=2,d=2)", "gf2mod3(l=2,d=3)"]  # constant c_bar != 1/m
GENERAL = ["hand(d=3,k=2,partial)", "random(d=3,m=2,k=3)", "random(d=3,m=3,k=2)"]  # c_bar not constant
#: families for the sum formulas (Eqs. (3)-(5)): every kind of collision structure, k <= 9
SUM_FAMILIES = ["gf2(l=1,d=2)", "pair-uniform(m=3)", "hadamard(d=3)", "Z3-affine(d=3)", "hand(d=2,k=3,c=1/3)",
                "gf2mod3(l=2,d=2)"] + GENERAL


# ==== inner mechanisms ============================================================================
def _inner_params(mm):
    """(kind, e^eps) grid for an inner mechanism on [m] (s-RP needs e^eps a square)."""
    return [("rr", R(3)), ("arp", R(2)), ("srp", R(4))]


def inner_cases(keys, count=3):
    """(family key, inner mechanism kind, e^eps) for every family of ``keys`` and its first ``count`` inner
    mechanisms."""
    return [(key, kind, ee) for key in keys for kind, ee in _inner_params(family(key).m)[:count]]


def cms_points(cases, datasets_of, data):
    """The points (family, R, e^eps, counts, x) of the real CMS: for each (family key, kind, e^eps) of ``cases``,
    every dataset of ``datasets_of(d)`` and every value x; ``data(key, kind, e^eps, counts, x)`` is the point's data
    (what its grid's oracle and evaluator read)."""
    for key, kind, ee in cases:
        fam = family(key)
        for counts in datasets_of(fam.d):
            for xx in range(fam.d):
                yield Point({"family": key, "R": kind, "exp_eps": ee, "counts": counts, "x": xx},
                            data=data(key, kind, ee, counts, xx), size=(*fsize(key), sum(counts), ee, xx))


def _small_datasets(dd):
    """Every vertex (one client) and every dataset of two clients on different values."""
    return list(vertices(dd)) + [c for c in datasets(dd, 2) if sum(c) == 2 and max(c) == 1]


#: the inner mechanism R on [m], built once per (kind, m, e^eps)
inner = cache(inner_mechanism)


@cache
def var_table(kind, mm, ee):
    """V[a][b] = Var(R(a)[b]) by enumerating one client with value a through the real inner mechanism."""
    mech = inner(kind, mm, ee)
    return [enumeration.enumerated_moments(mech, vertex(mm, 1, a))["variance"] for a in range(mm)]


@cache
def cms_mech(key, kind, ee, decoder="eq2"):
    return cms(family(key), inner(kind, family(key).m, ee), decoder=decoder).mechanism


@cache
def y_mech(key, kind, ee):
    """The CMS perturbation with the decoder that returns y_hat[h_j(x)] = Q_R[h_j(x), z] (Eq. (23))."""
    fam = family(key)
    base = cms_mech(key, kind, ee)
    Qi = inner(kind, fam.m, ee).decoder_matrix()
    n_out_inner = Qi.shape[1]
    Q = [[Qi[h[xx], z] for h in fam.functions for z in range(n_out_inner)] for xx in range(fam.d)]
    return base.with_decoder(Q, name=f"y[{key}; {kind}; {ee}]")


def vertices(dd, nn=1):
    return (vertex(dd, nn, v) for v in range(dd))


@cache
def exact_moments(mech_key, counts):
    """Exact moments of a cached mechanism: enumeration when small, else ldpref.moments."""
    mech = _MECHS[mech_key]()
    if enumeration.outcome_count(mech.n_outputs, counts) <= ENUMERATION_LIMIT:
        res = enumeration.enumerated_moments(mech, counts)
        return {"mean": res["mean"], "variance": res["variance"], "mse": res["mse"], "path": "enumeration"}
    return {"mean": moments.expectation(mech, counts), "variance": moments.variance(mech, counts),
            "mse": moments.mse(mech, counts), "path": "moments"}


def _path(res) -> str:
    """The Instance path of an exact_moments result: listing every outcome, or ldpref.moments on the same P, Q."""
    return "moment-formula" if res["path"] == "moments" else "enumeration"


def moment_oracle(quantity, scale=lambda counts: 1):
    """The oracle of a grid whose points carry ``data = (mechanism key, counts, x, ...)``: ``scale(counts)`` times
    the exact ``quantity`` of the estimate at x (enumeration, or ldpref.moments; the path says which)."""

    def oracle(point):
        mk, counts, xx = point.data[:3]
        res = exact_moments(mk, counts)
        return Exact(scale(counts) * res[quantity][xx], _path(res))

    return oracle


_MECHS = {}
#: exact moments by full enumeration up to this many outcomes, by ldpref.moments (same P, Q) beyond
ENUMERATION_LIMIT = 120


def mkey(key, kind, ee, decoder="eq2", which="cms"):
    name = (key, kind, ee, decoder, which)
    if name not in _MECHS:
        _MECHS[name] = (lambda: y_mech(key, kind, ee)) if which == "y" else (lambda: cms_mech(key, kind, ee, decoder))
    return name


def rat_eval(expr, values):
    """Exact value of a rational expression (``values``: symbol -> exact number) by the one evaluator's compiled
    program (:func:`ldpref.ledger.forms.rational_at`); an expression that is not rational there is an error."""
    out = rational_at(expr, values)
    if out is None:
        raise ValueError(f"{expr} is not a rational value at {values}")
    return out


def norm_sizes(expr, sizes, *, cbar_def=None, idempotent=True):
    return list(_norm_sizes(expr, tuple(sizes), cbar_def, idempotent))


@cache
def _norm_sizes(expr, sizes, cbar_def, idempotent):
    """Expand a sum-notation expression at several (d, k, x) and canonicalise collisions: the
    symbolic comparison of printed and derived forms (all other symbols stay symbolic)."""
    out = []
    for dd, kk, xx in sizes:
        val = D.expand_sums(expr, d_val=dd, k_val=kk, x_val=xx)
        if cbar_def is not None:
            val = val.replace(D.CBar, lambda a, b: D.expand_sums(cbar_def.subs({D.xp: a, D.x: b}, simultaneous=True),
                                                                 d_val=dd, k_val=kk))
        val = D.canonical_collisions(sympy.expand(val))
        if idempotent:
            val = sympy.expand(val).replace(lambda t: t.is_Pow and isinstance(t.base, D.Coll) and t.exp.is_Integer
                                            and t.exp > 0, lambda t: t.base)
        out.append(sympy.expand(val))
    return tuple(out)


SIZES = [(2, 1, 0), (2, 2, 1), (3, 2, 2)]
CBAR_DEF = D.SumIn(D.Coll(D.j, D.xp, D.x) / k_sym, D.j, k_sym)
