"""pan-cms claim checks: basics (Section 2, Sections 3.1-3.3, Appendices A-C).

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

import itertools
import math
from fractions import Fraction
from math import comb
from functools import cache

import mpmath
import numpy as np
import sympy

import derivations.pan_cms.basics as D
from derivations.pan_cms.symbols import cbar, d as d_sym, e as e_sym, f as f_sym, k as k_sym, m as m_sym
from derivations.pan_cms.symbols import n as n_sym, var_eq, var_neq
from ldpref import enumeration, moments
from ldpref.exact import EXP_EPS
from ldpref.hashing import HashFamily, gf2_affine_family, gf2_affine_mod_family, hadamard_family, random_family
from ldpref.ledger import Instance, claim
from ldpref.ledger.forms import evaluate
from ldpref.ledger.root_causes import RootCause
from ldpref.losses import worst_case_mse
from ldpref.mechanisms.cms import cms, inner_mechanism
from ldpref.privacy import exp_eps as mechanism_exp_eps

R = sympy.Rational
SEED = 20260702
#: a statement of the paper must hold at every instance it covers: its printed and derived forms are evaluated
#: on facts computed from the real mechanism there, and compared with this value
HOLDS = True


# ==== hash families ===============================================================================
def prime_affine_family(p: int, dd: int) -> HashFamily:
    """{a0 + a1 x mod p : a0, a1 in Z_p} on inputs 0..dd-1 (strongly pairwise independent, dd <= p)."""
    if not sympy.isprime(p) or dd > p:
        raise ValueError(f"need a prime p >= d, got p = {p}, d = {dd}")
    return HashFamily(tuple(tuple((a0 + a1 * xx) % p for xx in range(dd)) for a0 in range(p) for a1 in range(p)),
                      p, name=f"Z_{p}-affine(d={dd})")


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
        return HashFamily(tuple(itertools.product(range(3), repeat=2)), 3, name=key)
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


def _small_datasets(dd):
    """Every vertex (one client) and every dataset of two clients on different values."""
    return list(vertices(dd)) + [c for c in datasets(dd, 2) if sum(c) == 2 and max(c) == 1]


@cache
def inner(kind, mm, ee):
    return inner_mechanism(kind, mm, ee)


@cache
def var_table(kind, mm, ee):
    """V[a][b] = Var(R(a)[b]) by enumerating one client with value a through the real inner mechanism."""
    mech = inner(kind, mm, ee)
    rows = []
    for a in range(mm):
        counts = [0] * mm
        counts[a] = 1
        rows.append(enumeration.enumerated_moments(mech, counts)["variance"])
    return rows


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


def datasets(dd, max_n):
    for nn in range(1, max_n + 1):
        for combo in itertools.combinations_with_replacement(range(dd), nn):
            yield tuple(combo.count(v) for v in range(dd))


def vertices(dd, nn=1):
    for v in range(dd):
        yield tuple(nn if w == v else 0 for w in range(dd))


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


_MECHS = {}
#: exact moments by full enumeration up to this many outcomes, by ldpref.moments (same P, Q) beyond
ENUMERATION_LIMIT = 120


def mkey(key, kind, ee, decoder="eq2", which="cms"):
    name = (key, kind, ee, decoder, which)
    if name not in _MECHS:
        _MECHS[name] = (lambda: y_mech(key, kind, ee)) if which == "y" else (lambda: cms_mech(key, kind, ee, decoder))
    return name


def _fr(v: Fraction):
    return R(v.numerator, v.denominator)


@cache
def _rational_function(expr):
    return D._compile(sympy.sympify(expr))


def rat_eval(expr, values):
    """Exact value of a rational expression with Fraction arithmetic (``values``: symbol -> number)."""
    out = _rational_function(expr)({key: Fraction(value.p, value.q) if isinstance(value, sympy.Rational)
                                    else Fraction(value) for key, value in values.items()})
    return R(out.numerator, out.denominator)


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


# ==== Section 2 ===================================================================================
def _inner_grid():
    for mm in (2, 3, 4):
        for kind, ee in _inner_params(mm):
            yield mm, kind, ee


@claim(
    id="pan-cms/def2.1",
    location="Section 2.1, Definition 2.1",
    statement="A mechanism is eps-LDP iff Pr(M(v) = u) <= e^eps Pr(M(v') = u) for all v, v', u; the inner "
              "mechanisms RR, a-RP and s-RP built at e^eps meet it with equality of the worst ratio.",
    printed=D.ldp_definition_printed,
    derived=D.ldp_definition_derived,
    derivation="derivations.pan_cms.basics.ldp_definition_derived",
    kind="statement",
    assumptions="finite input and output sets; e^eps > 1",
)
def def2_1(ev):
    insts, worst_ratio = [], []
    for mm, kind, ee in _inner_grid():
        mech = inner(kind, mm, ee)
        P = mech.perturbation_matrix()
        facts = {"P": P, "exp_eps": ee}
        insts.append(Instance({"R": kind, "m": mm, "exp_eps": ee}, exact=HOLDS, derived=evaluate(ev.derived(), facts),
                              printed=evaluate(ev.printed(), facts), size=(mm, ee)))
        worst = max(P[uu, a] / P[uu, b] for uu in range(P.shape[0]) for a in range(mm) for b in range(mm))
        worst_ratio.append(Instance({"R": kind, "m": mm, "exp_eps": ee}, exact=worst, derived=mechanism_exp_eps(mech),
                                    size=(mm, ee)))
    ev.instances("Definition 2.1 (printed inequality, derived row ratio) on the real inner mechanisms", insts)
    ev.instances("worst ratio by brute force over (u, v, v') == ldpref.privacy.exp_eps == e^eps", worst_ratio,
                 has_printed=False)


@claim(
    id="pan-cms/prop2.1",
    location="Section 2.1, Property 2.1",
    statement="The reconstruction R = Q u of an unbiased mechanism (Q P = I) has E[R(v)[v]] = 1 and "
              "E[R(v)[v']] = 0 for v' != v.",
    printed=D.property21_printed,
    derived=D.property21_derived,
    derivation="derivations.pan_cms.basics.property21_derived",
    assumptions="Q P = I",
)
def prop2_1(ev):
    ev.symbolic("printed (1, 0) vs Q P e_v with Q P = I", [x.rhs for x in D.property21_printed()],
                [x.rhs for x in D.property21_derived()])
    for kind, mm in (("rr", 3), ("arp", 2), ("srp", 2)):
        mech = inner_mechanism(kind, mm, EXP_EPS)
        ev.identity(f"Q P = I for {kind} on [{mm}] (symbolic e^eps)",
                    mech.decoder_matrix() * mech.perturbation_matrix(), sympy.eye(mm))
    insts, columns = [], []
    for mm, kind, ee in _inner_grid():
        mech = inner(kind, mm, ee)
        B = mech.QP.to_Matrix()
        for vv in range(mm):
            counts = [1 if w == vv else 0 for w in range(mm)]
            mean = enumeration.enumerated_moments(mech, counts)["mean"]
            pv, pvp = ev.printed()
            dv, dvp = ev.derived()
            printed = [evaluate(pv, {}) if w == vv else evaluate(pvp, {}) for w in range(mm)]
            derived = [evaluate(dv, {}) if w == vv else evaluate(dvp, {}) for w in range(mm)]
            insts.append(Instance({"R": kind, "m": mm, "exp_eps": ee, "v": vv}, exact=mean, derived=derived,
                                  printed=printed, size=(mm, ee, vv)))
            columns.append(Instance({"R": kind, "m": mm, "exp_eps": ee, "v": vv}, exact=mean, derived=list(B[:, vv]),
                                    size=(mm, ee, vv)))
    ev.instances("E[R(v)] by enumerating one report", insts)
    ev.instances("E[R(v)] == column v of Q P (ldpref)", columns, has_printed=False)


def _joint_cov(mech, a_in, b_in):
    """Cov(R(a_in)[s], R(b_in)[t]) for two independent runs, by enumerating every pair of outputs."""
    P = mech.perturbation_matrix()
    Q = mech.decoder_matrix()
    U = P.shape[0]
    out = []
    for s in range(mech.d):
        for t in range(mech.d):
            e1 = sum(P[u1, a_in] * Q[s, u1] for u1 in range(U))
            e2 = sum(P[u2, b_in] * Q[t, u2] for u2 in range(U))
            e12 = sum(P[u1, a_in] * P[u2, b_in] * Q[s, u1] * Q[t, u2] for u1 in range(U) for u2 in range(U))
            out.append(sympy.cancel(e12 - e1 * e2))
    return out


@claim(
    id="pan-cms/prop2.2",
    location="Section 2.1, Property 2.2",
    statement="The reconstructions of two inputs from a stateless mechanism are uncorrelated: "
              "Cov(R(v)[a], R(v')[b]) = 0.",
    printed=D.property22_printed,
    derived=D.property22_derived,
    derivation="derivations.pan_cms.basics.property22_derived",
    assumptions="two separate runs of M (stateless: each output depends only on its own input)",
)
def prop2_2(ev):
    ev.symbolic("printed vs derived covariance", ev.printed().rhs, ev.derived().rhs)
    insts = []
    for mm, kind, ee in _inner_grid():
        if mm > 3:
            continue
        mech = inner(kind, mm, ee)
        for a_in in range(mm):
            for b_in in range(mm):
                covs = _joint_cov(mech, a_in, b_in)
                insts.append(Instance({"R": kind, "m": mm, "exp_eps": ee, "v": a_in, "v'": b_in}, exact=covs,
                                      derived=[evaluate(ev.derived(), {})] * len(covs),
                                      printed=[evaluate(ev.printed(), {})] * len(covs), size=(mm, ee, a_in, b_in)))
    ev.instances("every covariance of two independent runs (enumerated pairs of outputs)", insts)


def _is_permutation_equivariant(mech, mm):
    """Derived path for Property 2.3: P and Q are invariant under every transposition of [m] (acting on
    inputs and, through the output labels, on outputs).  Then Var(R(v)[v']) depends only on v = v'."""
    labels = list(mech.outputs)
    P, Q = mech.perturbation_matrix(), mech.decoder_matrix()
    for a, b in itertools.combinations(range(mm), 2):
        perm = list(range(mm))
        perm[a], perm[b] = b, a
        index = {lab: i for i, lab in enumerate(labels)}
        for i, lab in enumerate(labels):
            if len(lab) == mm and set(lab) <= {"0", "1"}:  # unary encodings: permute bits
                moved = "".join(lab[perm[t]] for t in range(mm))
            else:
                moved = str(perm[int(lab)])
            i2 = index[moved]
            for v_ in range(mm):
                if P[i, v_] != P[i2, perm[v_]] or Q[v_, i] != Q[perm[v_], i2]:
                    return False
    return True


@claim(
    id="pan-cms/prop2.3",
    location="Section 2.1, Property 2.3",
    statement="Randomised response and RAPPOR are symmetric in variance: Var(R(v)[v']) is the same for "
              "every v != v' (Var(R|!=)) and Var(R(v)[v]) the same for every v (Var(R|=)).",
    printed=D.property23_printed,
    derived=D.property23_derived,
    derivation="derivations.pan_cms.basics.property23_derived",
    assumptions="R = RR (Eq. (12)), a-RP (Eq. (13)) or s-RP (Eq. (14)) on [m]; Var(R|=) = Var(R(0)[0]) and "
                "Var(R|!=) = Var(R(0)[1]) name the reference variances",
)
def prop2_3(ev):
    ev.symbolic("printed vs derived (Var(R|!=), Var(R|=))", [q.rhs for q in ev.printed()], [q.rhs for q in ev.derived()])
    insts, equivariant = [], []
    for mm, kind, ee in _inner_grid():
        V = var_table(kind, mm, ee)
        names = {var_eq: V[0][0], var_neq: V[0][1]}
        off = [(a, b) for a in range(mm) for b in range(mm) if a != b]

        def values(forms):
            return [evaluate(forms[0], names)] * len(off) + [evaluate(forms[1], names)] * mm

        insts.append(Instance({"R": kind, "m": mm, "exp_eps": ee}, exact=[V[a][b] for a, b in off] + [V[a][a] for a in range(mm)],
                              derived=values(ev.derived()), printed=values(ev.printed()), size=(mm, ee)))
        equivariant.append(_is_permutation_equivariant(inner(kind, mm, ee), mm))
    ev.instances("variance of every coordinate (enumeration) vs the reference variances", insts)
    ev.numeric("the derivation's premise: P and Q invariant under every transposition of [m]", all(equivariant),
               len(equivariant), f"{sum(equivariant)} of {len(equivariant)} inner mechanisms")
    ev.note("Enumerated Var(R|=), Var(R|!=) at e^eps = 2 (m = 3): RR " +
            ", ".join(str(var_table("rr", 3, R(2))[0][t]) for t in (0, 1)) + "; a-RP " +
            ", ".join(str(var_table("arp", 3, R(2))[0][t]) for t in (0, 1)) + ".")


# ---- Eq. (1) -------------------------------------------------------------------------------------
def _worst_mse_by_definition(mech_key, nn, index_set):
    """(worst MSE over datasets of n clients and x in the index set, Instance path of the moments used)."""
    mech = _MECHS[mech_key]()
    best, paths = None, set()
    for counts in datasets(mech.d, nn):
        if sum(counts) != nn:
            continue
        res = exact_moments(mech_key, counts)
        paths.add(_path(res))
        mse = res["mse"]
        xs = range(mech.d) if index_set == "values of interest" else [v_ for v_ in range(mech.d) if counts[v_]]
        for xx in xs:
            if best is None or mse[xx] > best:
                best = mse[xx]
    return best, ("moment-formula" if "moment-formula" in paths else "enumeration")




def _pure_key(kind, dd, ee):
    name = ("pure", kind, dd, ee, "", "")
    if name not in _MECHS:
        _MECHS[name] = lambda: inner(kind, dd, ee)
    return name


@claim(
    id="pan-cms/eq1",
    location="Section 2.2, Eq. (1)",
    statement="The worst-case MSE is the largest E[(f_hat(x) - f(x))^2] over datasets of n clients and "
              "values x; the printed inner max runs over x in the dataset X, the text says over the values "
              "of interest ([d] by default).",
    printed=D.worst_mse_printed,
    derived=D.worst_mse_derived,
    derivation="derivations.pan_cms.basics.worst_mse_derived",
    assumptions="values of interest = [d]; datasets of exactly n clients",
    note="The printed subscript is bold X (the dataset), probably a typesetting slip for bold x (the values of "
         "interest, which the text defines right after Eq. (1)).  The two differ whenever the worst case is "
         "reached by a value absent from the dataset, e.g. CMS with m = 2.  Transcription caveat: bold X is what "
         "pan-cms.md shows; the other extraction (pan-cms.plain.txt) lost the formula, so the case of the subscript "
         "could not be cross-read.  If the original prints bold x, the statement is the derived form (verified on "
         "the same instances).",
    root_cause="eq1.index-set",
)
def eq1(ev):
    ev.symbolic("printed vs derived index set", ev.printed().rhs, ev.derived().rhs)
    printed_set = D.worst_mse_index_set(ev.printed())
    derived_set = D.worst_mse_index_set(ev.derived())
    insts, library = [], []
    grid = [(mkey("gf2(l=1,d=2)", "rr", R(2)), "CMS+RR gf2(l=1,d=2)", (2, 2), R(2)),
            (mkey("gf2(l=1,d=2)", "rr", R(3)), "CMS+RR gf2(l=1,d=2)", (2, 2), R(3)),
            (mkey("hadamard(d=3)", "rr", R(2)), "CMS+RR hadamard(d=3)", (3, 2), R(2)),
            (mkey("Z3-affine(d=3)", "rr", R(3)), "CMS+RR Z3-affine(d=3)", (3, 3), R(3)),
            (_pure_key("rr", 3, R(2)), "RR on [3]", (3, 3), R(2)),
            (_pure_key("arp", 3, R(2)), "a-RP on [3]", (3, 3), R(2))]
    for mk, name, (dd, mm), ee in grid:
        mech = _MECHS[mk]()
        for nn in (1, 2, 3):
            if nn == 3 and mech.n_outputs > 8:
                continue
            exact, path = _worst_mse_by_definition(mk, nn, "values of interest")  # the text after Eq. (1)
            params = {"mechanism": name, "exp_eps": ee, "n": nn}
            insts.append(Instance(params, exact=exact, derived=_worst_mse_by_definition(mk, nn, derived_set)[0],
                                  printed=_worst_mse_by_definition(mk, nn, printed_set)[0], size=(dd, mm, nn, ee),
                                  path=path))
            library.append(Instance(params, exact=exact, derived=worst_case_mse(mech, nn).value, size=(dd, mm, nn, ee),
                                    path=path))
    ev.instances("worst-case MSE over every dataset of n clients, inner max over each form's index set", insts)
    ev.instances("ldpref.losses.worst_case_mse vs the definition", library, has_printed=False)


# ==== Section 3: the estimator ======================================================================
def _estimator_mechanism(key, kind, ee, form, extra=None):
    """The real CMS perturbation with the decoder read off a sympy estimator a S + b:
    Q[x, (j, z)] = scale * Q_R[h_j(x), z] + offset."""
    fam = family(key)
    scale, offset = D.estimator_coefficients(form)
    subs = {m_sym: fam.m}
    if extra:
        subs.update(extra)
    scale, offset = sympy.cancel(scale.subs(subs)), sympy.cancel(offset.subs(subs))
    ym = y_mech(key, kind, ee)
    Qy = ym.decoder_matrix()
    Q = [[scale * Qy[xx, uu] + offset for uu in range(ym.n_outputs)] for xx in range(fam.d)]
    return ym.with_decoder(Q, name=f"estimator[{key}; {kind}; {ee}]")


def _estimator_instances(form_printed, form_derived, keys, extra_of=None, max_n=2):
    insts = []
    lib_mismatch = []
    for key in keys:
        fam = family(key)
        extra = extra_of(fam) if extra_of else None
        for kind, ee in _inner_params(fam.m)[:3]:
            mp = _estimator_mechanism(key, kind, ee, form_printed, extra)
            md = _estimator_mechanism(key, kind, ee, form_derived, extra)
            lib = cms_mech(key, kind, ee, "eq8" if extra else "eq2")
            if lib.decoder_matrix() != md.decoder_matrix():
                lib_mismatch.append((key, kind, ee))
            for counts in datasets(fam.d, max_n if mp.n_outputs <= 64 else 1):
                nn = sum(counts)
                small = enumeration.outcome_count(mp.n_outputs, counts) <= ENUMERATION_LIMIT
                mean_p, mean_d = ((enumeration.enumerated_moments(mech, counts)["mean"] if small
                                   else moments.expectation(mech, counts)) for mech in (mp, md))
                insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts},
                                      exact=[R(c, nn) for c in counts], derived=mean_d, printed=mean_p,
                                      size=(*fsize(key), nn, ee), path="enumeration" if small else "moment-formula"))
    return insts, lib_mismatch


@claim(
    id="pan-cms/eq2",
    location="Section 3, Eq. (2)",
    statement="The CMS estimator f_hat(x) = m/(n(m-1)) sum_i y_hat^(i)[h_j(i)(x)] - 1/(m-1); it is the "
              "unbiased affine decoder when the collision rate is 1/m.",
    printed=D.estimator_printed,
    derived=D.estimator_derived,
    derivation="derivations.pan_cms.basics.estimator_derived",
    assumptions="c_bar(x, x') = 1/m for x != x'; R satisfies Property 2.1",
)
def eq2(ev):
    ev.symbolic("printed vs derived estimator", ev.printed().rhs, ev.derived().rhs)
    insts, mismatch = _estimator_instances(ev.printed(), ev.derived(), UNIFORM)
    ev.instances("E[f_hat] of the estimator on the real CMS perturbation vs f (enumeration)", insts)
    ev.numeric("ldpref's CMS decoder (Eq. (2)) equals the derived estimator", not mismatch, len(UNIFORM),
               "identical Q matrices" if not mismatch else f"differs for {mismatch}")


@claim(
    id="pan-cms/thm3.1",
    location="Section 3, Theorem 3.1",
    statement="The CMS frequency estimator is eps-LDP.",
    printed=D.cms_ldp_printed,
    derived=D.cms_ldp_derived,
    derivation="derivations.pan_cms.basics.cms_ldp_derived",
    kind="statement",
    assumptions="R is eps-LDP on [m]; the function index j is drawn independently of the value",
)
def thm3_1(ev):
    insts, levels = [], []
    for key in UNIFORM + CONSTANT + GENERAL:
        fam = family(key)
        for kind, ee in _inner_params(fam.m):
            mech = cms_mech(key, kind, ee)
            facts = {"P_cms": mech.perturbation_matrix(), "P_inner": inner(kind, fam.m, ee).perturbation_matrix(),
                     "exp_eps": ee}
            insts.append(Instance({"family": key, "R": kind, "exp_eps": ee}, exact=HOLDS,
                                  derived=evaluate(ev.derived(), facts), printed=evaluate(ev.printed(), facts),
                                  size=(*fsize(key), ee)))
            levels.append(Instance({"family": key, "R": kind, "exp_eps": ee}, exact=mechanism_exp_eps(mech),
                                   derived=mechanism_exp_eps(inner(kind, fam.m, ee)), size=(*fsize(key), ee)))
    ev.instances("eps-LDP of the real CMS perturbation matrix (printed) and of its inner R (derived)", insts)
    ev.instances("privacy level of the real CMS == that of its inner mechanism (ldpref.privacy)", levels,
                 has_printed=False)


# ---- Theorem 3.2 / Eq. (3) -------------------------------------------------------------------------
def _formula_instances(printed_rhs, derived_rhs, keys, quantity, *, cbar_def=None, inner_vars=False,
                       max_n=2, params=None):
    """Evaluate printed/derived expressions on real families and compare with the exact moments."""
    insts = []
    for key in keys:
        fam = family(key)
        for kind, ee in (params or _inner_params(fam.m)):
            mk = mkey(key, kind, ee)
            V = var_table(kind, fam.m, ee) if inner_vars else None
            extra = {var_eq: V[0][0], var_neq: V[0][1]} if V is not None else None
            for counts in _small_datasets(fam.d):
                res_ = exact_moments(mk, counts)
                ex = res_[quantity]
                for xx in range(fam.d):
                    kw = dict(family=fam, counts=counts, var_table=V, x_val=xx, extra=extra)
                    pv = D.evaluate_on(printed_rhs, cbar_def=cbar_def, **kw) if printed_rhs is not None else None
                    dv = D.evaluate_on(derived_rhs, **kw)
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts, "x": xx},
                                          exact=ex[xx], derived=dv, printed=pv,
                                          size=(*fsize(key), sum(counts), ee, xx), path=_path(res_)))
    return insts


def _check_expectation(ev):
    P, Dv = D.expectation_printed().rhs, D.expectation_derived().rhs
    ev.symbolic("printed vs derived E[f_hat(x)] at (d, k, x) in " + str(SIZES), norm_sizes(P, SIZES),
                norm_sizes(Dv, SIZES))
    ev.instances("E[f_hat(x)] of the real CMS (any family)", _expectation_instances())


@cache
def _expectation_instances():
    P, Dv = D.expectation_printed().rhs, D.expectation_derived().rhs
    return _formula_instances(P, Dv, SUM_FAMILIES, "mean", params=[("rr", R(2)), ("arp", R(3))])


_EXPECTATION_KW = dict(
    location="Section 3.1, Theorem 3.2, Eq. (3) (proof in Appendix A)",
    statement="E[f_hat(x)] = m/(m-1) [f(x) + sum_{x' != x} sum_j c_j(x, x')/k f(x')] - 1/(m-1) for a fixed "
              "family and any dataset.",
    printed=D.expectation_printed,
    derived=D.expectation_derived,
    derivation="derivations.pan_cms.basics.expectation_derived",
    assumptions="fixed hash family; each client draws j uniformly; R satisfies Property 2.1",
)


@claim(id="pan-cms/thm3.2", **_EXPECTATION_KW)
def thm3_2(ev):
    _check_expectation(ev)


@claim(id="pan-cms/eq3", **_EXPECTATION_KW)
def eq3(ev):
    _check_expectation(ev)


# ---- Corollaries 3.1, 3.2 and the pairwise-independence statements --------------------------------
@cache
def _unbiased(key):
    """Whether E[f_hat(x)] = f(x) for every x and every dataset of n <= 2 clients (real CMS + RR)."""
    fam = family(key)
    mk = mkey(key, "rr", R(2))
    for counts in datasets(fam.d, 2):
        nn = sum(counts)
        if exact_moments(mk, counts)["mean"] != [R(c, nn) for c in counts]:
            return False
    return True


def _derived_unbiased(key):
    """From the derived bias sum_{x' != x} (m c_bar(x, x') - 1) f(x')/(m - 1): zero for all datasets iff
    every coefficient vanishes (evaluated on the one-client datasets, which isolate them)."""
    fam = family(key)
    bias = D.bias_closed_form().rhs
    for xx in range(fam.d):
        for v_ in vertices(fam.d):
            if D.evaluate_on(bias, family=fam, counts=v_, x_val=xx) != 0:
                return False
    return True


def _unbiasedness_facts(key, pairwise):
    """Facts of a family for the statements of Section 3.1: unbiasedness of the real CMS + RR (enumeration),
    collision rate 1/m, pairwise independence (as given), zero coefficients of the derived bias."""
    fam = family(key)
    return {D.UNBIASED_sym: _unbiased(key), D.CU_sym: fam.is_collision_uniform(), D.PI_sym: pairwise,
            D.ZERO_BIAS_sym: _derived_unbiased(key)}


COR_FAMILIES = UNIFORM + ["pair-uniform(m=3)"] + CONSTANT + GENERAL


@claim(
    id="pan-cms/cor3.1",
    location="Section 3.1, Corollary 3.1 (proof in Appendix A)",
    statement="E[f_hat(x)] = f(x) (for every dataset and x) if and only if c_bar(x, x') = 1/m for all x != x'.",
    printed=D.unbiased_condition_printed,
    derived=D.unbiased_statement_derived,
    derivation="derivations.pan_cms.basics.unbiased_condition_derived",
    kind="statement",
    assumptions="fixed family; R satisfies Property 2.1",
    note="'for all x, x'' must exclude x = x' (c_bar(x, x) = 1 always); the converse needs 'for every dataset': "
         "a single dataset (e.g. all clients on x) can be estimated without bias by any family.",
)
def cor3_1(ev):
    insts = []
    for key in COR_FAMILIES:
        facts = _unbiasedness_facts(key, family(key).is_pairwise_independent())
        insts.append(Instance({"family": key, "c_bar == 1/m": facts[D.CU_sym], "unbiased": facts[D.UNBIASED_sym]},
                              exact=HOLDS, derived=evaluate(ev.derived(), facts), printed=evaluate(ev.printed(), facts),
                              size=fsize(key)))
    ev.instances("Corollary 3.1 on each family: unbiasedness of the real CMS (enumeration) vs c_bar == 1/m", insts)


def _strong_pi_numpy(fam):
    """Strong pairwise independence by counting pairs with numpy (independent of HashFamily's method)."""
    table = np.array(fam.functions)
    mm = fam.m
    for a, b in itertools.permutations(range(fam.d), 2):
        counts = np.bincount(table[:, a] * mm + table[:, b], minlength=mm * mm)
        if counts.min() != counts.max():
            return False
    return True


@claim(
    id="pan-cms/cor3.2",
    location="Section 3.1, Corollary 3.2",
    statement="E[f_hat(x)] = f(x) if and only if H is pairwise independent, i.e. Pr_h(h(x) = h(x')) = 1/m.",
    printed=D.cor32_printed,
    derived=D.unbiased_statement_derived,
    derivation="derivations.pan_cms.basics.unbiased_condition_derived",
    kind="statement",
    condition="'pairwise independent' is read as the paper's 'i.e.': collision probability 1/m for x != x'",
    assumptions="fixed family; R satisfies Property 2.1",
    root_cause="sec3.1.pairwise-independence",
)
def cor3_2(ev):
    insts = []
    for key in COR_FAMILIES:
        fam = family(key)
        for reading, pairwise, inside in (("collision rate 1/m", fam.is_collision_uniform(), True),
                                          ("strongly pairwise independent", _strong_pi_numpy(fam), False)):
            facts = _unbiasedness_facts(key, pairwise)
            insts.append(Instance({"family": key, "reading": reading}, exact=HOLDS,
                                  derived=evaluate(ev.derived(), facts), printed=evaluate(ev.printed(), facts),
                                  in_condition=inside, size=(*fsize(key), 0 if inside else 1)))
    ev.instances("Corollary 3.2 on each family under the two readings of 'pairwise independent'", insts)


@claim(
    id="pan-cms/sec3.1.pairwise-def",
    location="Section 3.1, remark after Corollary 3.1",
    statement="c_bar(x, x') = 1/m for all x != x' is equivalent to Pr_h(h(x) = h(x')) = 1/m, which is the "
              "definition of a pairwise-independent hashing family.",
    printed=D.pairwise_def_printed,
    derived=D.pairwise_def_derived,
    derivation="derivations.pan_cms.basics.pairwise_def_derived",
    kind="statement",
    assumptions="pairwise independence in its standard sense: (h(x), h(x')) uniform on [m]^2 for x != x'",
    note="The first equivalence (c_bar is the collision probability under uniform sampling) holds by definition; "
         "only the direction 'pairwise independent => collision rate 1/m' of the second holds.",
    root_cause="sec3.1.pairwise-independence",
)
def pairwise_def(ev):
    insts = []
    for key in COR_FAMILIES:
        fam = family(key)
        facts = {D.CU_sym: fam.is_collision_uniform(), D.PI_sym: _strong_pi_numpy(fam)}
        insts.append(Instance({"family": key, "c_bar == 1/m": facts[D.CU_sym], "pairwise": facts[D.PI_sym]},
                              exact=HOLDS, derived=evaluate(ev.derived(), facts), printed=evaluate(ev.printed(), facts),
                              size=fsize(key)))
    ev.instances("collision rate 1/m vs strong pairwise independence (numpy count) on each family", insts)
    # the true direction, exhaustively over tiny families (multisets of functions)
    tried, bad = 0, 0
    for dd, mm, kmax in ((2, 2, 4), (3, 2, 4), (2, 3, 3)):
        funcs = list(itertools.product(range(mm), repeat=dd))
        for kk in range(1, kmax + 1):
            for combo in itertools.combinations_with_replacement(funcs, kk):
                fam = HashFamily(tuple(combo), mm)
                tried += 1
                if not evaluate(ev.derived(), {D.CU_sym: fam.is_collision_uniform(),
                                               D.PI_sym: fam.is_pairwise_independent()}):
                    bad += 1
    ev.numeric("the derived implication on every multiset family (d <= 3, m <= 3)", bad == 0, tried,
               f"{tried} families, {bad} violations")


def _family_kind(combo, dd, mm):
    """(collision-uniform, strongly pairwise independent) of a multiset of functions, by counting."""
    kk = len(combo)
    coll, strong = True, True
    for a, b in itertools.combinations(range(dd), 2):
        pairs = {}
        for h in combo:
            pairs[(h[a], h[b])] = pairs.get((h[a], h[b]), 0) + 1
        hits = sum(c for (s_, t_), c in pairs.items() if s_ == t_)
        coll &= hits * mm == kk
        strong &= len(pairs) == mm * mm and all(c * mm * mm == kk for c in pairs.values())
    return coll, strong


def _min_family_sizes(dd, mm, kmax):
    """Exhaustive: the sizes k <= kmax for which a (multiset) family [d] -> [m] is collision-uniform /
    strongly pairwise independent."""
    funcs = list(itertools.product(range(mm), repeat=dd))
    coll, strong = set(), set()
    for kk in range(1, kmax + 1):
        for combo in itertools.combinations_with_replacement(funcs, kk):
            c_, s_ = _family_kind(combo, dd, mm)
            if c_:
                coll.add(kk)
            if s_:
                strong.add(kk)
    return coll, strong


def _predicted_size(key):
    """|H| from each construction's formula (not from the built object)."""
    fam = family(key)
    if key.startswith("gf2("):
        l_ = int(key.split("l=")[1].split(",")[0])
        return 4**l_
    if key.startswith("hadamard"):
        size = 1
        while size < fam.d + 1:
            size *= 2
        return size
    if key.startswith("pair-uniform"):
        return fam.m
    if key.startswith("Z3-affine") or key.startswith("all("):
        return 9
    raise KeyError(key)


@claim(
    id="pan-cms/sec3.1.family-size",
    location="Section 3.1, after Corollary 3.2",
    statement="Pairwise independence requires |H| = d^2, so one hash function costs 2 log2(d) bits.",
    printed=D.family_size_printed,
    derived=D.family_size_derived,
    derivation="derivations.pan_cms.basics.family_size_derived",
    kind="statement",
    assumptions="pairwise independence read either as collision rate 1/m (the paper's i.e.) or strongly",
    root_cause="sec3.1.family-size",
    selfcheck={"printed-as-derived": "the printed form is a size (|H| = d^2, compared with each family's size); the "
                                     "derived form is a pair of necessary conditions (m | |H|; m^2 | |H| and Rao's "
                                     "bound), evaluated per family as truth values: in the printed slot it is no size"},
    note="Communication cost is log2|H|: 2 for the 4-function Hadamard family at d = 3 (vs 2 log2 3), and "
         "log2(1 + d(m-1)) at least for strong pairwise independence.  Eq. (18)'s family has |H| = 2^{2l} with "
         "2^l >= d, i.e. Theta(d^2) -- a property of that construction, not a requirement.",
)
def family_size(ev):
    insts, derived_facts = [], []
    for key, reading in (("pair-uniform(m=2)", "collision"), ("pair-uniform(m=3)", "collision"),
                         ("gf2(l=1,d=2)", "strong"), ("hadamard(d=3)", "strong"), ("Z3-affine(d=3)", "strong"),
                         ("all(d=2,m=3)", "strong"), ("gf2(l=2,d=3)", "strong"), ("gf2(l=2,d=4)", "strong")):
        fam = family(key)
        cu, strong = fam.is_collision_uniform(), _strong_pi_numpy(fam)
        facts = {D.K_size: fam.k, d_sym: fam.d, m_sym: fam.m, r"\forall x \neq x': \bar{c}(x, x') = 1/m": cu,
                 r"\mathcal{H}\ \text{strongly pairwise independent}": strong}
        params = {"family": key, "d": fam.d, "m": fam.m, "|H|": fam.k, "reading": reading}
        # the printed form's right-hand side is the size it requires of this (pairwise-independent) family
        insts.append(Instance(params, exact=fam.k, derived=_predicted_size(key), printed=evaluate(ev.printed(), facts),
                              size=(fam.d, fam.m, fam.k)))
        derived_facts.append(Instance(params, exact=(HOLDS, HOLDS), derived=evaluate(ev.derived(), facts),
                                      size=(fam.d, fam.m, fam.k)))
    ev.instances("|H| of pairwise-independent families vs the size the printed form requires", insts)
    ev.instances("the derived necessary conditions hold on each family", derived_facts, has_printed=False)
    ok, rows = True, []
    for dd, mm, kmax in ((2, 2, 4), (3, 2, 4), (2, 3, 9)):
        coll, strong = _min_family_sizes(dd, mm, kmax)
        rows.append(f"(d={dd}, m={mm}): collision-uniform sizes {sorted(coll)}, strong sizes {sorted(strong)}")
        ok &= all(kk % mm == 0 for kk in coll)
        ok &= all(kk % (mm * mm) == 0 and kk >= 1 + dd * (mm - 1) for kk in strong)
        ok &= bool(strong) and min(strong) == max(mm * mm, 1 + dd * (mm - 1))
    ev.numeric("exhaustive multiset families: sizes obey m | |H| (collision) and m^2 | |H|, |H| >= 1 + d(m-1) "
               "(strong), and the strong minimum is attained", ok, 3, "; ".join(rows))


# ==== Section 3.2: variance ========================================================================
def _lemma_parts(form):
    """(Var equation, c_bar 'where' clause or None): the printed Eq. (4) comes with its definition of c_bar."""
    return (form[0], form[1]) if isinstance(form, tuple) else (form, None)


def _check_variance_lemma(ev):
    P, where = _lemma_parts(D.variance_lemma_printed())
    Dv = D.variance_lemma_derived().rhs
    ev.symbolic("printed vs derived Var at (d, k, x) in " + str(SIZES),
                norm_sizes(P.rhs, SIZES, cbar_def=None if where is None else where.rhs), norm_sizes(Dv, SIZES))
    numeric, symbolic = _variance_lemma_instances()
    ev.instances("Var(f_hat(x)) of the real CMS (any family, RR / a-RP / s-RP)", numeric)
    ev.instances("Var(f_hat(x)) of the real CMS with symbolic e^eps (RR, a-RP)", symbolic)


@cache
def _variance_lemma_instances():
    P, where = _lemma_parts(D.variance_lemma_printed())
    Dv = D.variance_lemma_derived().rhs
    numeric = _formula_instances(P.rhs, Dv, SUM_FAMILIES, "variance",
                                 cbar_def=None if where is None else (where.lhs, where.rhs), inner_vars=True)
    return numeric, _symbolic_sum_instances(P.rhs, Dv, ["gf2(l=1,d=2)", "hand(d=3,k=2,partial)"],
                                            cbar_rhs=None if where is None else where.rhs)


@cache
def symbolic_inner(kind, mm):
    """Inner mechanism with symbolic e^eps and its enumerated variance table."""
    mech = inner_mechanism(kind, mm, EXP_EPS)
    V = [[sympy.cancel(v_) for v_ in enumeration.enumerated_moments(mech, [1 if w == a else 0 for w in range(mm)])
          ["variance"]] for a in range(mm)]
    return mech, V


@cache
def symbolic_cms(key, kind, decoder="eq2"):
    return cms(family(key), symbolic_inner(kind, family(key).m)[0], decoder=decoder).mechanism


def _sym_value(expr, fam, counts, V, xx, cbar_rhs=None, extra=None):
    """Evaluate a sum-notation expression with symbolic e^eps (sympy values, cancelled once)."""
    return D.evaluate_symbolic_on(expr, family=fam, counts=counts, var_table=V, x_val=xx, extra=extra,
                                  cbar_rhs=cbar_rhs)


def _symbolic_sum_instances(printed_rhs, derived_rhs, keys, *, cbar_rhs=None, quantity="variance", decoder="eq2"):
    insts = []
    for key in keys:
        fam = family(key)
        for kind in ("rr", "arp"):
            mech = symbolic_cms(key, kind, decoder)
            _, V = symbolic_inner(kind, fam.m)
            extra = {var_eq: V[0][0], var_neq: V[0][1], d_sym: sympy.Integer(fam.d)}
            rate = fam.has_constant_collision_rate()
            if rate is not None:
                extra[cbar] = _fr(rate)
            for counts in _small_datasets(fam.d)[: fam.d + 1]:
                ex = getattr(moments, quantity)(mech, counts)
                for xx in range(fam.d):
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": "symbolic", "counts": counts, "x": xx},
                                          exact=sympy.cancel(ex[xx]),
                                          derived=_sym_value(derived_rhs, fam, counts, V, xx, extra=extra),
                                          printed=_sym_value(printed_rhs, fam, counts, V, xx, cbar_rhs, extra),
                                          size=(*fsize(key), sum(counts), 99, xx), path="moment-formula"))
    return insts


_LEMMA_KW = dict(
    statement="Var(f_hat(x)) = m^2/((m-1)^2 n) sum_{x'} [(1/k) sum_j Var(R(h_j(x'))[h_j(x)]) + c_bar(x', x) - "
              "c_bar(x', x)^2] f(x') for a fixed family.",
    printed=D.variance_lemma_printed,
    derived=D.variance_lemma_derived,
    derivation="derivations.pan_cms.basics.variance_lemma_derived",
    assumptions="fixed family, j drawn uniformly per client; R satisfies Properties 2.1 and 2.2",
)


@claim(id="pan-cms/lemma3.1", location="Section 3.2, Lemma 3.1, Eq. (4)", **_LEMMA_KW)
def lemma3_1(ev):
    _check_variance_lemma(ev)


@claim(id="pan-cms/eq4", location="Section 3.2, Eq. (4)", **_LEMMA_KW)
def eq4(ev):
    _check_variance_lemma(ev)


@claim(id="pan-cms/appB.eq28", location="Appendix B, Eq. (28) (restates Eq. (4))", **_LEMMA_KW)
def appB_eq28(ev):
    _check_variance_lemma(ev)


def _check_variance_theorem(ev):
    P = D.variance_theorem_printed().rhs
    Dv = D.variance_theorem_derived().rhs
    ev.symbolic("printed vs derived Var (Property 2.3) at (d, k, x) in " + str(SIZES),
                norm_sizes(P, SIZES, cbar_def=CBAR_DEF), norm_sizes(Dv, SIZES))
    numeric, symbolic = _variance_theorem_instances()
    ev.instances("Var(f_hat(x)) of the real CMS with R in {RR, a-RP, s-RP}", numeric)
    ev.instances("Var(f_hat(x)) of the real CMS with symbolic e^eps (RR, a-RP)", symbolic)


@cache
def _variance_theorem_instances():
    P = D.variance_theorem_printed().rhs
    Dv = D.variance_theorem_derived().rhs
    return (_formula_instances(P, Dv, SUM_FAMILIES, "variance", inner_vars=True),
            _symbolic_sum_instances(P, Dv, ["gf2(l=1,d=2)", "hand(d=3,k=2,partial)"]))


_THM33_KW = dict(
    statement="With Property 2.3, Var(f_hat(x)) = m^2/((m-1)^2 n)[sum_{x' != x} f(x')(c_bar Var(R|=) + "
              "(1 - c_bar) Var(R|!=) + c_bar(1 - c_bar)) + f(x) Var(R|=)].",
    printed=D.variance_theorem_printed,
    derived=D.variance_theorem_derived,
    derivation="derivations.pan_cms.basics.variance_theorem_derived",
    assumptions="fixed family; R satisfies Properties 2.1-2.3",
)


@claim(id="pan-cms/thm3.3", location="Section 3.2, Theorem 3.3, Eq. (5)", **_THM33_KW)
def thm3_3(ev):
    _check_variance_theorem(ev)


@claim(id="pan-cms/eq5", location="Section 3.2, Eq. (5)", **_THM33_KW)
def eq5(ev):
    _check_variance_theorem(ev)


def _scalar_instances(printed_rhs, derived_rhs, keys, quantity, *, mech_kind="eq2"):
    """Instances of scalar formulas in f(x), c_bar, Var(R|=), Var(R|!=), m, n (Eqs. (6), (10), App. B)."""
    insts = []
    for key in keys:
        fam = family(key)
        rate = fam.has_constant_collision_rate()
        for kind, ee in _inner_params(fam.m):
            mk = mkey(key, kind, ee, mech_kind)
            V = var_table(kind, fam.m, ee)
            for counts in _small_datasets(fam.d):
                res_ = exact_moments(mk, counts)
                ex = res_[quantity]
                nn = sum(counts)
                for xx in range(fam.d):
                    kw = dict(family=fam, counts=counts, x_val=xx,
                              extra={var_eq: V[0][0], var_neq: V[0][1], d_sym: fam.d, cbar: _fr(rate)})
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts, "x": xx},
                                          exact=ex[xx], derived=D.evaluate_on(derived_rhs, **kw),
                                          printed=D.evaluate_on(printed_rhs, **kw),
                                          size=(*fsize(key), nn, ee, xx), path=_path(res_)))
    return insts


VAR_UNIFORM = ["gf2(l=1,d=2)", "pair-uniform(m=2)", "hadamard(d=3)", "Z3-affine(d=3)", "pair-uniform(m=3)"]


def _check_corollary33(ev):
    ev.symbolic("printed vs derived Eq. (6)", D.variance_corollary_printed().rhs, D.variance_corollary_derived().rhs)
    numeric, symbolic = _corollary33_instances()
    ev.instances("Var(f_hat(x)) of the real CMS over collision-uniform families", numeric)
    ev.instances("Var(f_hat(x)) with symbolic e^eps (RR, a-RP)", symbolic)


@cache
def _corollary33_instances():
    P, Dv = D.variance_corollary_printed().rhs, D.variance_corollary_derived().rhs
    return (_scalar_instances(P, Dv, VAR_UNIFORM, "variance"),
            _symbolic_sum_instances(P, Dv, ["gf2(l=1,d=2)", "hadamard(d=3)"]))


_COR33_KW = dict(
    statement="If c_bar = 1/m, Var(f_hat(x)) = m/((m-1)^2 n)[(1 - f(x))(Var(R|=) + (m-1) Var(R|!=) + (m-1)/m) + "
              "m f(x) Var(R|=)].",
    printed=D.variance_corollary_printed,
    derived=D.variance_corollary_derived,
    derivation="derivations.pan_cms.basics.variance_corollary_derived",
    assumptions="c_bar(x, x') = 1/m for x != x'; R satisfies Properties 2.1-2.3",
)


@claim(id="pan-cms/cor3.3", location="Section 3.2, Corollary 3.3, Eq. (6)", **_COR33_KW)
def cor3_3(ev):
    _check_corollary33(ev)


@claim(id="pan-cms/eq6", location="Section 3.2, Eq. (6)", **_COR33_KW)
def eq6(ev):
    _check_corollary33(ev)


@claim(
    id="pan-cms/appB.eq6-sum",
    location="Appendix B, proof of Eq. (6), first line",
    statement="With c_bar = 1/m: Var = m/((m-1)^2 n)[sum_{x' != x} f(x)(Var(R|=) + (m-1)Var(R|!=) + (1-m)/m) + "
              "m f(x) Var(R|=)].",
    printed=D.appB_eq6_sum_printed,
    derived=D.appB_eq6_sum_derived,
    derivation="derivations.pan_cms.basics.appB_eq6_sum_derived",
    assumptions="c_bar(x, x') = 1/m; Properties 2.1-2.3",
    root_cause="appB.eq6-sign",
)
def appB_eq6_sum(ev):
    sizes = [(2, 1, 0), (3, 1, 1)]
    ev.symbolic("printed vs derived at d in {2, 3}", norm_sizes(D.appB_eq6_sum_printed().rhs, sizes),
                norm_sizes(D.appB_eq6_sum_derived().rhs, sizes))
    ev.instances("Var(f_hat(x)) of the real CMS", _scalar_instances(
        D.appB_eq6_sum_printed().rhs, D.appB_eq6_sum_derived().rhs, VAR_UNIFORM, "variance"))


@claim(
    id="pan-cms/appB.eq6-final",
    location="Appendix B, proof of Eq. (6), second line",
    statement="Var = m/((m-1)^2 n)[(1 - f(x))(Var(R|=) + (m-1)Var(R|!=) + (1-m)/m) + m f(x) Var(R|=)], "
              "said to prove Eq. (6).",
    printed=D.appB_eq6_final_printed,
    derived=D.variance_corollary_derived,
    derivation="derivations.pan_cms.basics.variance_corollary_derived",
    assumptions="c_bar(x, x') = 1/m; Properties 2.1-2.3",
    note="Eq. (6) itself has +(m-1)/m (correct); the appendix's (1-m)/m flips the sign of the collision term.",
    root_cause="appB.eq6-sign",
)
def appB_eq6_final(ev):
    ev.symbolic("printed vs derived", D.appB_eq6_final_printed().rhs, D.variance_corollary_derived().rhs)
    ev.instances("Var(f_hat(x)) of the real CMS", _scalar_instances(D.appB_eq6_final_printed().rhs,
                                                                   D.variance_corollary_derived().rhs, VAR_UNIFORM,
                                                                   "variance"))


# ==== Section 3.3 =================================================================================
def _fhat_distribution(mk, counts, xx):
    """Exact distribution of f_hat(x) by enumerating every outcome of the real mechanism."""
    mech = _MECHS[mk]()
    dist = {}
    for est, p in enumeration.estimate_distribution(mech, counts):
        val = mech.domain.to_sympy(est[xx])
        dist[val] = dist.get(val, 0) + mech.domain.to_sympy(p)
    return sorted(dist.items(), key=lambda t: t[0])


@claim(
    id="pan-cms/eq7",
    location="Section 3.3, Eq. (7)",
    statement="MSE(f_hat(x)) = E[(f_hat - f)^2] = E[f_hat - E[f_hat]]^2 + (E[f_hat] - f)^2 = Var(f_hat) + bias^2.",
    printed=D.mse_printed,
    derived=D.mse_derived,
    derivation="derivations.pan_cms.basics.mse_derived",
    assumptions="E[Y]^2 read as (E[Y])^2, the paper's own convention (Appendix B: E[R(...)]^2 = c_j^2)",
    note="The middle line squares outside the expectation: (E[f_hat - E f_hat])^2 = 0.  The first and last lines "
         "are right; the correction writes E[(f_hat - E f_hat)^2].",
    root_cause="eq7.square-outside",
)
def eq7(ev):
    vals = sympy.symbols("v0:3")
    p0, p1 = sympy.symbols("p0 p1", positive=True)
    dist = list(zip(vals, (p0, p1, 1 - p0 - p1)))
    ev.symbolic("printed vs derived over a generic 3-point distribution",
                [sympy.expand(D.eval_moment_expr(q.rhs, dist)) for q in D.mse_printed()],
                [sympy.expand(D.eval_moment_expr(q.rhs, dist)) for q in D.mse_derived()])
    insts = []
    for key, kind, ee in (("gf2(l=1,d=2)", "rr", R(2)), ("gf2(l=1,d=2)", "arp", R(3)), ("hadamard(d=3)", "rr", R(3)),
                          ("gf2mod3(l=2,d=2)", "rr", R(2)), ("random(d=3,m=2,k=3)", "rr", R(2))):
        fam = family(key)
        mk = mkey(key, kind, ee)
        for counts in _small_datasets(fam.d):
            nn = sum(counts)
            for xx in range(fam.d):
                dist = _fhat_distribution(mk, counts, xx)
                truth = R(counts[xx], nn)
                mse = sum(p * (val - truth) ** 2 for val, p in dist)
                sub = {f_sym: truth}
                insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts, "x": xx},
                                      exact=[mse] * 3,
                                      derived=[D.eval_moment_expr(q.rhs, dist).subs(sub) for q in D.mse_derived()],
                                      printed=[D.eval_moment_expr(q.rhs, dist).subs(sub) for q in D.mse_printed()],
                                      size=(*fsize(key), nn, ee, xx)))
    ev.instances("the three lines of Eq. (7) on the exact distribution of f_hat(x)", insts)


def _g_extra(fam):
    rate = fam.has_constant_collision_rate()
    return {D.cbar: _fr(rate)}


def _g_explicit(form):
    """Eq. (8) with m' replaced by its printed value 1/c_bar (a form without the m' clause is used as it is)."""
    if isinstance(form, tuple):
        eq, mdef = form
        return sympy.Eq(eq.lhs, eq.rhs.subs(mdef.lhs, mdef.rhs))
    return form


@claim(
    id="pan-cms/eq8",
    location="Section 3.3, Eq. (8)",
    statement="For a family with constant c_bar, g(x) = m'/(n(m'-1)) sum_i y_hat - 1/(m'-1) with m' = 1/c_bar "
              "is an unbiased estimator of f(x).",
    printed=D.g_printed,
    derived=D.g_derived,
    derivation="derivations.pan_cms.basics.g_derived",
    assumptions="c_bar(x, x') = c_bar for all x != x', 0 < c_bar < 1; R satisfies Property 2.1",
)
def eq8(ev):
    form_p = _g_explicit(ev.printed())
    ev.symbolic("printed (m' = 1/c_bar) vs derived g", form_p.rhs, ev.derived().rhs)
    insts, mismatch = _estimator_instances(form_p, ev.derived(), CONSTANT + ["gf2(l=1,d=2)", "hadamard(d=3)"],
                                           extra_of=_g_extra)
    ev.instances("E[g(x)] of the real CMS perturbation vs f (constant-rate families)", insts)
    ev.numeric("ldpref's Eq. (8) decoder equals the derived g", not mismatch, 5,
               "identical Q matrices" if not mismatch else f"differs for {mismatch}")


G_FAMILIES = CONSTANT + ["gf2(l=1,d=2)", "hadamard(d=3)"]


def _g_expectation_instances(printed, derived):
    insts = []
    for key in G_FAMILIES:
        fam = family(key)
        for kind, ee in _inner_params(fam.m)[:3]:
            mk = mkey(key, kind, ee, "eq8")
            for counts in list(vertices(fam.d)) + [c for c in datasets(fam.d, 2) if sum(c) > 1]:
                nn = sum(counts)
                res_ = exact_moments(mk, counts)
                mean = res_["mean"]
                for xx in range(fam.d):
                    truth = R(counts[xx], nn)
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts, "x": xx},
                                          exact=mean[xx], derived=evaluate(derived, {f_sym: truth}),
                                          printed=evaluate(printed, {f_sym: truth}),
                                          size=(*fsize(key), nn, ee, xx),
                                          path=_path(res_)))
    return insts


def _g_mse_instances(printed, derived):
    P, Dv = printed.rhs, derived.rhs
    return (_scalar_instances(P, Dv, G_FAMILIES, "mse", mech_kind="eq8")
            + _symbolic_sum_instances(P, Dv, ["hand(d=2,k=3,c=1/3)", "gf2(l=1,d=2)"], quantity="mse", decoder="eq8"))


@claim(
    id="pan-cms/eq9",
    location="Section 3.3, Theorem 3.4, Eq. (9)",
    statement="E[g(x)] = 0.",
    printed=D.g_expectation_printed,
    derived=D.g_expectation_derived,
    derivation="derivations.pan_cms.basics.g_expectation_derived",
    assumptions="constant c_bar; R satisfies Property 2.1",
    note="g is constructed to be unbiased (the text says so); the printed right-hand side 0 should read f(x).",
    root_cause="eq9.rhs-zero",
)
def eq9(ev):
    ev.symbolic("printed vs derived E[g]", ev.printed().rhs, ev.derived().rhs)
    ev.instances("E[g(x)] of the real Eq. (8) mechanism", _g_expectation_instances(ev.printed(), ev.derived()))


@claim(
    id="pan-cms/eq10",
    location="Section 3.3, Theorem 3.4, Eq. (10)",
    statement="MSE(g(x)) = 1/(n(1 - c_bar)^2)[(1 - f(x))(c_bar Var(R|=) + (1 - c_bar)Var(R|!=) + "
              "c_bar(1 - c_bar)) + f(x) Var(R|=)].",
    printed=D.g_mse_printed,
    derived=D.g_mse_derived,
    derivation="derivations.pan_cms.basics.g_mse_derived",
    assumptions="constant c_bar; R satisfies Properties 2.1-2.3",
)
def eq10(ev):
    ev.symbolic("printed vs derived MSE(g)", ev.printed().rhs, ev.derived().rhs)
    ev.instances("MSE(g(x)) of the real Eq. (8) mechanism (constant-rate families, c_bar = 1/3, 3/8, 1/2)",
                 _g_mse_instances(ev.printed(), ev.derived()))


@claim(
    id="pan-cms/thm3.4",
    location="Section 3.3, Theorem 3.4, Eqs. (9)-(10)",
    statement="g(x) of Eq. (8) has E[g(x)] = 0 (Eq. (9)) and the MSE of Eq. (10).",
    printed=lambda: (D.g_expectation_printed(), D.g_mse_printed()),
    derived=lambda: (D.g_expectation_derived(), D.g_mse_derived()),
    derivation="derivations.pan_cms.basics.g_mse_derived",
    assumptions="constant c_bar; R satisfies Properties 2.1-2.3",
    root_cause="eq9.rhs-zero",
)
def thm3_4(ev):
    (pe, pm), (de, dm) = ev.printed(), ev.derived()
    ev.symbolic("printed vs derived (E[g], MSE(g))", [pe.rhs, pm.rhs], [de.rhs, dm.rhs])
    ev.instances("E[g(x)] of the real Eq. (8) mechanism", _g_expectation_instances(pe, de))
    ev.instances("MSE(g(x)) of the real Eq. (8) mechanism", _g_mse_instances(pm, dm))


# ==== Theorem 3.5 and Appendix C ===================================================================
def _mp(value, digits=60):
    value = Fraction(value)
    with mpmath.workdps(digits):
        return mpmath.mpf(value.numerator) / value.denominator


def _F(value) -> Fraction:
    value = sympy.sympify(value)
    return Fraction(int(value.p), int(value.q))


def _S(value: Fraction):
    return R(value.numerator, value.denominator)


@cache
def _client_distributions(key, ee, xx=0):
    """For each client value X: the exact distribution (Fractions) of the client's decoded contribution
    Q[x, (j, z)] to f_hat(x) under the real CMS+RR mechanism, enumerating every output (j, z)."""
    mech = cms_mech(key, "rr", ee)
    dom = mech.domain
    if not (dom.is_QQ or dom.is_ZZ):
        raise ValueError(f"{key}: a numeric e^eps is needed, the mechanism is over {dom}")
    P, Q = mech.P.to_list(), mech.Q.to_list()
    # each decoded value as (numerator, denominator): hashing the domain's rationals is slow (16384 outputs at m = 128)
    values = [(int(q_.numerator), int(q_.denominator)) for q_ in Q[xx]]
    out = []
    for X_ in range(mech.d):
        dist = {}
        for value, row in zip(values, P):
            pr = row[X_]
            if pr:
                dist[value] = dist[value] + pr if value in dist else pr
        out.append({Fraction(*a): _F(dom.to_sympy(b)) for a, b in dist.items()})
    return tuple(out)


@cache
def _client_integers(key, ee, X_):
    """A client's distribution over common denominators: (L, M, ((value * L, probability * M), ...)), integers."""
    dist = _client_distributions(key, ee)[X_]
    L = math.lcm(*(v_.denominator for v_ in dist))
    M = math.lcm(*(p_.denominator for p_ in dist.values()))
    return L, M, tuple((v_.numerator * (L // v_.denominator), p_.numerator * (M // p_.denominator))
                       for v_, p_ in dist.items())


@cache
def _client_sum_integers(key, ee, X_, count):
    """``count``-fold convolution of :func:`_client_integers`: {sum of values * L: probability * M^count}
    (exact integer arithmetic; each power is computed once from the previous one)."""
    if count == 0:
        return {0: 1}
    out = {}
    atoms = _client_integers(key, ee, X_)[2]
    for a, pa in _client_sum_integers(key, ee, X_, count - 1).items():
        for b, pb in atoms:
            out[a + b] = out.get(a + b, 0) + pa * pb
    return out


def _client_sum(key, ee, X_, count):
    """Exact distribution of the sum of the contributions of ``count`` independent clients holding X_
    (the ``count``-fold convolution of the real mechanism's per-client distribution)."""
    if count == 0:
        return {Fraction(0): Fraction(1)}
    L, M, _ = _client_integers(key, ee, X_)
    den = M**count
    return {Fraction(a, L): Fraction(p_, den) for a, p_ in _client_sum_integers(key, ee, X_, count).items()}


def _convolve(dists):
    total = {Fraction(0): Fraction(1)}
    for dist in dists:
        new = {}
        for a, pa in total.items():
            for b, pb in dist.items():
                new[a + b] = new.get(a + b, 0) + pa * pb
        total = new
    return total


@cache
def _tail_profile_exact(key, ee, nn, c_at_x):
    """Exact distribution of f_hat(x) from the real mechanism: c_at_x clients hold x = 0, the others 1."""
    dist = _convolve([_client_sum(key, ee, 0, c_at_x), _client_sum(key, ee, 1, nn - c_at_x)])
    return _profile({val / nn: p for val, p in dist.items()}, Fraction(c_at_x, nn))


@cache
def _tail_profile_derived(mm, ee, nn, c_at_x):
    """The same from the derivation: each client contributes B (a hit) or A; hits are Bernoulli with
    p = e/(e+m-1) for clients on x and c_bar p + (1-c_bar) q = 1/m for the others; f_hat is
    A + (B - A) K / n with K a sum of two binomials."""
    A_, B_ = (_F(q.rhs.subs({m_sym: mm, e_sym: ee})) for q in D.appC_AB_derived())
    p_, q_ = (_F(t.subs({m_sym: mm, e_sym: ee})) for t in D.rr_pq())
    hit_other = Fraction(1, mm) * p_ + (1 - Fraction(1, mm)) * q_
    k1 = {i: comb(c_at_x, i) * p_**i * (1 - p_) ** (c_at_x - i) for i in range(c_at_x + 1)}
    k2 = {i: comb(nn - c_at_x, i) * hit_other**i * (1 - hit_other) ** (nn - c_at_x - i)
          for i in range(nn - c_at_x + 1)}
    dist = {}
    for a, pa in k1.items():
        for b, pb in k2.items():
            val = A_ + (B_ - A_) * Fraction(a + b, nn)
            dist[val] = dist.get(val, 0) + pa * pb
    return _profile(dist, Fraction(c_at_x, nn))


def _profile(dist, truth):
    """(sorted values, probabilities, variance, truth), all Fractions."""
    items = sorted(dist.items())
    mean = sum(v_ * p for v_, p in items)
    if mean != truth:
        raise AssertionError(f"estimator is biased: E = {mean}, f = {truth}")
    var = sum(p * (v_ - truth) ** 2 for v_, p in items)
    return tuple(v_ for v_, _ in items), tuple(p for _, p in items), var, truth


def _tail_checks(profile, mm, ee, nn, *, amax2, coef, factor, sided):
    """Decide 'tail(alpha) <= factor * exp(-coef alpha^2) for every alpha in [0, sqrt(amax2)]' exactly:
    the tail is a left-continuous step function of alpha and the bound decreases, so it suffices to test
    alpha at every jump point alpha_v^2 = (v - f)^2 / Var <= amax2 and at alpha_max.  Tails are exact
    rationals; only the exponential is evaluated (60 digits, mpmath).  Returns
    (holds, worst (ratio, alpha^2, tail, bound), tails at the tested points)."""
    vals, probs, var, truth = profile
    amax2, coef = _F(amax2), _F(coef)
    if var == 0:
        return True, None, ()
    side = [(v_ - truth, p) for v_, p in zip(vals, probs) if _in_side(v_ - truth, sided)]
    jumps = sorted({dv * dv / var for dv, _ in side})
    points = [a2 for a2 in jumps if a2 <= amax2] + [amax2]
    worst, holds, tails = None, True, []
    for a2 in points:
        tail = sum((p for dv, p in side if dv * dv >= a2 * var), Fraction(0))
        tails.append(_S(tail))
        if tail == 0:
            continue
        with mpmath.workdps(60):
            bound = factor * mpmath.exp(-_mp(coef * a2))
            ratio = _mp(tail) / bound
            if abs(ratio - 1) < mpmath.mpf(10) ** -40:
                raise ArithmeticError("tail and bound agree to 40 digits; increase precision")
            if worst is None or ratio > worst[0]:
                worst = (ratio, _S(a2), _S(tail), bound)
            if ratio > 1:
                holds = False
    return holds, worst, tuple(tails)


def _in_side(diff, sided):
    if sided == "two":
        return True
    return diff > 0 if sided == "upper" else diff < 0


# the grid: (family key, e^eps, n, clients on x); m = 2, 3, 4 exhaustively small, then large m at f = 0
def _thm35_grid():
    grid = []
    for key in ("gf2(l=1,d=2)", "Z3-affine(d=2)", "pair-uniform(m=4)"):
        for ee in (R(2), R(3), R(10)):
            for nn in (1, 2, 3, 4):
                for c in range(nn + 1):
                    grid.append((key, ee, nn, c))
    for mm, ee, nn in ((16, R(16), 40), (128, (R(1257, 151)) ** 2, 151)):
        grid.append((f"pair-uniform(m={mm})", ee, nn, 0))
    return grid


@cache
def _bound_shape(form):
    """(factor, coef, alpha_max^2) of a bound 'factor * exp(-coef alpha^2) for alpha in [0, alpha_max]', as
    expressions in m, e^eps, n (read off the form once; evaluated at each instance by :func:`_bound_params`)."""
    bound, _ = form
    factor = bound.rhs.subs(D.alpha, 0)
    coef = sympy.cancel(-sympy.expand_log(sympy.log(bound.rhs / factor), force=True) / D.alpha**2)
    if coef.has(D.alpha):
        raise ValueError(f"bound {bound} does not have the form c exp(-a alpha^2)")
    return factor, coef, sympy.cancel(D.alpha_range_max2(form))


@cache
def _bound_params(form, mm, ee, nn):
    """(factor, coef, alpha_max^2) of a bound 'factor * exp(-coef alpha^2) for alpha in [0, alpha_max]' at m, e^eps, n."""
    sub = {m_sym: mm, e_sym: ee, n_sym: nn}
    factor, coef, amax2 = (evaluate(t, sub) for t in _bound_shape(form))
    if not (factor.is_Integer and coef.is_Rational and amax2.is_Rational):
        raise ValueError(f"bound {form[0]} does not have the form c exp(-a alpha^2) with rational a")
    return int(factor), coef, amax2


def _statement_holds(form, key, ee, nn, c, sided):
    """A tail-bound statement (bound, alpha range) evaluated on the exact distribution of the real CMS+RR: whether
    the bound holds over its whole range.  The negation of a statement (both parts negated) is its negation."""
    if not isinstance(form[0], sympy.LessThan):  # the negated statement (perturb turns <= into >)
        return not _statement_holds(tuple(sympy.Not(part) for part in form), key, ee, nn, c, sided)
    return _decide(key, ee, nn, c, form, sided, "exact")[0]


@cache
def _decide(key, ee, nn, c, form, sided, path):
    """Cached decision of one bound (form) on one instance, on the exact or the derived distribution."""
    fam = family(key)
    prof = _tail_profile_exact(key, ee, nn, c) if path == "exact" else _tail_profile_derived(fam.m, ee, nn, c)
    factor, coef, amax2 = _bound_params(form, fam.m, ee, nn)
    return _tail_checks(prof, fam.m, ee, nn, amax2=amax2, coef=coef, factor=factor, sided=sided)


def _bound_instances(printed_form, derived_form, sided):
    """Instances of a tail bound on the real CMS+RR: the printed and the derived statement (bound with its alpha
    range), each decided on the exact distribution of f_hat; plus the tails of the real mechanism against the
    binomial model of the derivation."""
    insts, tails = [], []
    for key, ee, nn, c in _thm35_grid():
        fam = family(key)
        mm = fam.m
        params = {"family": key, "m": mm, "exp_eps": ee, "n": nn, "clients on x": c}
        printed = _statement_holds(printed_form, key, ee, nn, c, sided)
        if not printed and isinstance(printed_form[0], sympy.LessThan):
            _, worst, _ = _decide(key, ee, nn, c, printed_form, sided, "exact")
            params["worst alpha^2"] = worst[1]
            params["tail / bound"] = mpmath.nstr(worst[0], 8)
        insts.append(Instance(params, exact=HOLDS, derived=_statement_holds(derived_form, key, ee, nn, c, sided),
                              printed=printed, size=(fam.d, mm, fam.k, nn, ee, c)))
        dists = [_tail_profile_exact(key, ee, nn, c), _tail_profile_derived(mm, ee, nn, c)]
        tails.append(Instance({"family": key, "exp_eps": ee, "n": nn, "clients on x": c},
                              exact=[[_S(v_), _S(p_)] for v_, p_ in zip(*dists[0][:2])],
                              derived=[[_S(v_), _S(p_)] for v_, p_ in zip(*dists[1][:2])],
                              size=(fam.d, mm, fam.k, nn, ee, c)))
    return insts, tails


_THM35_NOTE = ("Exact search: for f(x) = 0 the tail is Pr[Bin(n, 1/m) >= K] and the stated range allows alpha up to "
               "sqrt(e n/(m-1)), where delta = alpha sqrt(Var)/(f - A) reaches sqrt(e^eps) > 1 and Eq. (30) no longer "
               "applies.  Floating-point exploration (not part of the verdict) puts the first failures at m = 128, "
               "n = 151; m = 100, n = 257; m = 64, n = 1617; for m <= 48 the claimed exponent stays below the exact "
               "large-deviation rate.  The family used is the collision-rate-1/m family h_j = (0, j); at f(x) = 0 "
               "every client's report depends on the family only through c_bar (Eq. (24)), so a strongly "
               "pairwise-independent family with the same m (e.g. Eq. (18), l = 7) gives the same tail.")


@claim(
    id="pan-cms/thm3.5",
    location="Section 3.3, Theorem 3.5 (proof in Appendix C)",
    statement="CMS+RR with pairwise-independent hashing: for alpha in [0, sqrt(e^eps n/(m-1))], "
              "Pr[|f_hat - f| >= alpha sqrt(Var)] <= 2 exp(-alpha^2/3 (m-1)/(e^eps + m - 1)).",
    printed=D.thm35_printed,
    derived=D.thm35_corrected,
    derivation="derivations.pan_cms.basics.thm35_corrected",
    kind="statement",
    assumptions="fixed family with c_bar = 1/m, RR inner mechanism, n independent clients; Var = exact Var(f_hat(x))",
    note=_THM35_NOTE,
    root_cause="appC.delta-range",
)
def thm3_5(ev):
    insts, tails = _bound_instances(ev.printed(), ev.derived(), "two")
    ev.instances("two-sided tail bound on its alpha range (exact distribution of f_hat)", insts)
    ev.instances("distribution of f_hat(x): real mechanism vs binomial model", tails, has_printed=False)


@claim(
    id="pan-cms/appC.upper-tail",
    location="Appendix C, one-sided bound after the minimum at f(x) = 1",
    statement="Pr[f_hat >= f + alpha sqrt(Var)] <= exp(-(n/3)(m-1)/(e^eps + m - 1) alpha^2).",
    printed=D.appC_upper_printed,
    derived=D.appC_upper_corrected,
    derivation="derivations.pan_cms.basics.appC_upper_corrected",
    kind="statement",
    assumptions="as Theorem 3.5; alpha in the range Appendix C derives from delta in [0, 1]",
    note="The factor n comes from dropping n in the minimum of Var/((B-A)(f-A)) (see appC.ratio-min); "
         "Theorem 3.5 itself has no n in the exponent.",
    root_cause="appC.ratio-min-n",
)
def appC_upper(ev):
    insts, tails = _bound_instances(ev.printed(), ev.derived(), "upper")
    ev.instances("upper tail under the bound on its alpha range (exact distribution of f_hat)", insts)
    ev.instances("distribution of f_hat(x): real mechanism vs binomial model", tails, has_printed=False)


@claim(
    id="pan-cms/appC.two-sided",
    location="Appendix C, final two-sided bound",
    statement="Pr[|f_hat - f| >= alpha sqrt(Var)] <= 2 exp(-(n/3)(m-1)/(e^eps + m - 1) alpha^2).",
    printed=D.appC_two_sided_printed,
    derived=D.appC_two_sided_corrected,
    derivation="derivations.pan_cms.basics.thm35_corrected",
    kind="statement",
    assumptions="as Theorem 3.5",
    root_cause="appC.ratio-min-n",
)
def appC_two_sided(ev):
    insts, _ = _bound_instances(ev.printed(), ev.derived(), "two")
    ev.instances("two-sided tail under the bound on its alpha range (exact distribution of f_hat)", insts)


SMALL_RR = [("gf2(l=1,d=2)", R(2)), ("gf2(l=1,d=2)", R(3)), ("Z3-affine(d=2)", R(2)), ("Z3-affine(d=2)", R(10)),
            ("pair-uniform(m=4)", R(3)), ("hadamard(d=3)", R(5, 2))]


@claim(
    id="pan-cms/appC.AB",
    location="Appendix C, A and B",
    statement="A = min f_hat = m/(m-1) e^{-1}/(e^eps - 1) - 1/(m-1) and "
              "B = max f_hat = m/(m-1) (e^eps + m - 2)/(e^eps - 1) - 1/(m-1) for CMS+RR.",
    printed=D.appC_AB_printed,
    derived=D.appC_AB_derived,
    derivation="derivations.pan_cms.basics.appC_AB_derived",
    assumptions="CMS + RR with Eq. (2)'s decoder",
    note="The printed e^{-1} is read literally (1/e); the correct numerator is -1 (RR's decoded miss is -q/(p-q)).  "
         "Transcription caveat: pan-cms.plain.txt lost this formula, so e^{-1} (pan-cms.md) could not be cross-read; "
         "if the original prints -1, A is right (and B is right as printed).",
    root_cause="appC.A-numerator",
)
def appC_AB(ev):
    ev.symbolic("printed vs derived (A, B)", [q.rhs for q in D.appC_AB_printed()], [q.rhs for q in D.appC_AB_derived()])
    insts = []
    for key, ee in SMALL_RR:
        fam = family(key)
        support = set()
        for dist in _client_distributions(key, ee):
            support |= set(dist)
        sub = {m_sym: fam.m, e_sym: ee}
        insts.append(Instance({"family": key, "m": fam.m, "exp_eps": ee}, exact=[_S(min(support)), _S(max(support))],
                              derived=[q.rhs.subs(sub) for q in D.appC_AB_derived()],
                              printed=[q.rhs.subs(sub) for q in D.appC_AB_printed()], size=(*fsize(key), ee)))
    ev.instances("smallest and largest per-client contribution of the real CMS+RR", insts)


@claim(
    id="pan-cms/appC.bernoulli",
    location="Appendix C, definition of Y",
    statement="With Y^(i) = m/(m-1) y_hat^(i) - 1/(m-1), n f_hat(x) = sum_i Y^(i), and (Y - A)/(B - A) is a Bernoulli "
              "variable for CMS+RR.",
    printed=D.appC_bernoulli_printed,
    derived=D.appC_bernoulli_derived,
    derivation="derivations.pan_cms.basics.rr_decoded_values",
    kind="statement",
    assumptions="CMS + RR (the appendix assumes RR); Y^(i) is client i's contribution to f_hat(x) (its column of "
                "the real decoder), A and B its smallest and largest value",
)
def appC_bernoulli(ev):
    insts, sums = [], []
    for key, ee in SMALL_RR:
        fam = family(key)
        dscale, doffset = (t.subs({m_sym: fam.m}) for t in D.estimator_coefficients(D.estimator_derived()))
        for X_, dist in enumerate(_client_distributions(key, ee)):
            facts = {"Y_values": sorted(_S(y_) for y_ in dist), "m_value": fam.m, "exp_eps": ee}
            insts.append(Instance({"family": key, "exp_eps": ee, "X": X_}, exact=HOLDS,
                                  derived=evaluate(ev.derived(), facts), printed=evaluate(ev.printed(), facts),
                                  size=(*fsize(key), ee, X_)))
        # n f_hat = sum Y: the distribution of f_hat (ldpref enumeration of the CMS) vs the convolution of the
        # derived Y = scale y_hat + offset of each client
        ym = y_mech(key, "rr", ee)
        Qy, P = ym.decoder_matrix(), ym.perturbation_matrix()
        for counts in datasets(fam.d, 2):
            nn = sum(counts)
            per_client = []
            for X_ in range(fam.d):
                dist = {}
                for uu in range(ym.n_outputs):
                    if P[uu, X_] != 0:
                        y_ = dscale * Qy[0, uu] + doffset
                        dist[y_] = dist.get(y_, 0) + P[uu, X_]
                per_client += [dist] * counts[X_]
            sums.append(Instance({"family": key, "exp_eps": ee, "counts": counts},
                                 exact=[list(t) for t in _fhat_distribution(mkey(key, "rr", ee), counts, 0)],
                                 derived=[[val / nn, p] for val, p in sorted(_convolve(per_client).items(),
                                                                             key=lambda t: t[0])],
                                 size=(*fsize(key), ee, nn)))
    ev.instances("per-client contribution Y of the real CMS+RR: (Y - A)/(B - A) in {0, 1}", insts)
    ev.instances("distribution of f_hat (enumeration) == distribution of the mean of the derived Y", sums,
                 has_printed=False)


def _appC_grid():
    for mm_key in ("gf2(l=1,d=2)", "Z3-affine(d=2)", "pair-uniform(m=4)"):
        for ee in (R(2), R(3), R(10)):
            for nn in (1, 2, 3):
                yield mm_key, ee, nn


@claim(
    id="pan-cms/appC.delta-range",
    location="Appendix C, after Eq. (30)",
    statement="delta = alpha sqrt(Var)/(f - A) in [0, 1] is equivalent to alpha in [0, sqrt(n e^eps/(m-1))].",
    printed=D.appC_delta_range_printed,
    derived=D.appC_delta_range_derived,
    derivation="derivations.pan_cms.basics.appC_delta_range_derived",
    assumptions="CMS+RR, c_bar = 1/m; the equivalence must hold for the f(x) at hand",
    note="(f - A)^2/Var equals n e^eps/(m-1) only at f(x) = 1; its minimum over f is n/(m-1) at f(x) = 0.",
    root_cause="appC.delta-range",
)
def appC_delta_range(ev):
    ev.symbolic("printed vs derived alpha_max^2", D.appC_delta_range_printed().rhs, D.appC_delta_range_derived().rhs)
    insts = []
    for key, ee, nn in _appC_grid():
        fam = family(key)
        support = set()
        for dist in _client_distributions(key, ee):
            support |= set(dist)
        A_ = min(support)
        for c in range(nn + 1):
            _, _, var, truth = _tail_profile_exact(key, ee, nn, c)
            sub = {m_sym: fam.m, e_sym: ee, n_sym: nn, f_sym: _S(truth)}
            insts.append(Instance({"family": key, "m": fam.m, "exp_eps": ee, "n": nn, "f(x)": _S(truth)},
                                  exact=_S((truth - A_) ** 2 / var),
                                  derived=rat_eval(D.appC_delta_range_derived().rhs, sub),
                                  printed=rat_eval(D.appC_delta_range_printed().rhs, sub),
                                  size=(fam.d, fam.m, nn, ee, c)))
    ev.instances("largest alpha with delta <= 1, from the exact Var and A of the real CMS+RR", insts)


@claim(
    id="pan-cms/appC.ratio-min",
    location="Appendix C, minimum of Var/((B-A)(f-A))",
    statement="Var(f_hat)/((B-A)(f-A)) decreases with f(x), so it is at least its value at f(x) = 1: "
              "(m-1)/(e^eps + m - 1).",
    printed=D.appC_ratio_printed,
    derived=D.appC_ratio_derived,
    derivation="derivations.pan_cms.basics.appC_ratio_derived",
    assumptions="CMS+RR, c_bar = 1/m",
    note="Var(f_hat) is O(1/n): the bound holds for n Var/((B-A)(f-A)).",
    root_cause="appC.ratio-min-n",
)
def appC_ratio(ev):
    ev.symbolic("printed vs derived minimum", D.appC_ratio_printed().rhs, D.appC_ratio_derived().rhs)
    insts, monotone, count = [], True, 0
    for key, ee, nn in _appC_grid():
        fam = family(key)
        support = set()
        for dist in _client_distributions(key, ee):
            support |= set(dist)
        A_, B_ = min(support), max(support)
        values = []
        for c in range(nn + 1):
            _, _, var, truth = _tail_profile_exact(key, ee, nn, c)
            values.append(_S(var / ((B_ - A_) * (truth - A_))))
        monotone &= all(a > b for a, b in zip(values, values[1:]))
        count += 1
        sub = {m_sym: fam.m, e_sym: ee, n_sym: nn}
        insts.append(Instance({"family": key, "m": fam.m, "exp_eps": ee, "n": nn}, exact=min(values),
                              derived=D.appC_ratio_derived().rhs.subs(sub),
                              printed=D.appC_ratio_printed().rhs.subs(sub),
                              size=(fam.d, fam.m, nn, ee)))
    ev.instances("min over f = c/n of Var/((B-A)(f-A)) from the real CMS+RR", insts)
    ev.numeric("Var/((B-A)(f-A)) strictly decreasing in f (exact)", monotone, count, "every grid point")


def _upper_bound(relation):
    """The bound of a statement 'Pr[...] <= bound' (a marker symbol for any other relation, e.g. its negation)."""
    if isinstance(relation, sympy.LessThan):
        return relation.rhs
    return sympy.Symbol(f"not an upper bound: {relation}")


def _chernoff_instances(printed, derived, *, use_delta):
    """Eq. (30) / its rewrite on the real CMS+RR: each form (a bound Pr <= ..., with Eq. (30)'s delta range) is
    evaluated with the exact tail Pr[f_hat >= v] at every jump point v with delta in (0, 1]."""
    insts = []
    dlt_sym = sympy.Symbol("delta")
    for key, ee, nn in _appC_grid():
        fam = family(key)
        support = set()
        for dist in _client_distributions(key, ee):
            support |= set(dist)
        A_, B_ = min(support), max(support)
        for c in range(nn + 1):
            vals, probs, var, truth = _tail_profile_exact(key, ee, nn, c)
            held = {"printed": True, "derived": True}
            points = 0
            for v_ in vals:
                if v_ <= truth:
                    continue
                # sum of Bernoullis K = n (f_hat - A)/(B - A) >= (1 + delta) mu  <=>  f_hat >= f + delta (f - A)
                dlt = (v_ - truth) / (truth - A_)
                if dlt > 1:
                    continue
                points += 1
                tail = sum((p for w, p in zip(vals, probs) if w >= v_), Fraction(0))
                facts = {D.A_sym: _S(A_), D.B_sym: _S(B_), f_sym: _S(truth), n_sym: nn}
                if use_delta:
                    facts.update({D.Pr_chernoff: _S(tail), dlt_sym: _S(dlt)})
                else:
                    facts.update({D.Pr_upper: _S(tail), D.alpha: sympy.sqrt(_S((v_ - truth) ** 2 / var)),
                                  D.var_sym: _S(var)})
                for which, form in (("printed", printed), ("derived", derived)):
                    value = evaluate(form, facts)
                    held[which] &= all(value) if isinstance(value, tuple) else value
            insts.append(Instance({"family": key, "exp_eps": ee, "n": nn, "clients on x": c, "points": points},
                                  exact=HOLDS, derived=held["derived"], printed=held["printed"],
                                  size=(fam.d, fam.m, nn, ee, c)))
    return insts


@claim(
    id="pan-cms/appC.eq30",
    location="Appendix C, Eq. (30)",
    statement="Chernoff: Pr[sum (Y - A)/(B - A) >= (1 + delta) n (f - A)/(B - A)] <= "
              "exp(-(n/3)(f - A)/(B - A) delta^2) for delta in [0, 1].",
    printed=D.appC_eq30_printed,
    derived=D.appC_eq30_derived,
    derivation="derivations.pan_cms.basics.appC_eq30_derived",
    kind="cited",
    assumptions="independent Bernoulli variables (clients independent), unbiased CMS+RR",
)
def appC_eq30(ev):
    ev.symbolic("printed vs standard multiplicative Chernoff bound", _upper_bound(ev.printed()[0]),
                _upper_bound(ev.derived()[0]))
    ev.instances("exact tail of the Bernoulli sum (real CMS+RR) under Eq. (30), delta in (0, 1]",
                 _chernoff_instances(ev.printed(), ev.derived(), use_delta=True))


@claim(
    id="pan-cms/appC.rewrite",
    location="Appendix C, Eq. (30) rewritten with delta = alpha sqrt(Var)/(f - A)",
    statement="Pr[f_hat >= f + alpha sqrt(Var)] <= exp(-(n/3) Var/((B-A)(f-A)) alpha^2).",
    printed=D.appC_rewrite_printed,
    derived=D.appC_rewrite_derived,
    derivation="derivations.pan_cms.basics.appC_rewrite_derived",
    assumptions="delta in [0, 1]; CMS+RR, c_bar = 1/m",
)
def appC_rewrite(ev):
    ev.symbolic("printed vs derived exponent", _upper_bound(ev.printed()), _upper_bound(ev.derived()))
    ev.instances("exact upper tail (real CMS+RR) under the rewritten bound (delta <= 1)",
                 _chernoff_instances(ev.printed(), ev.derived(), use_delta=False))


# ==== Appendix A ===================================================================================
def _ymean_instances(printed_rhs, derived_rhs, keys, quantity="mean"):
    """Per-client moments of y_hat[h_j(x)] for a client holding X: the y-mechanism with one client."""
    insts = []
    for key in keys:
        fam = family(key)
        for kind, ee in _inner_params(fam.m)[:2]:
            mk = mkey(key, kind, ee, which="y")
            V = var_table(kind, fam.m, ee)
            for X_ in range(fam.d):
                counts = tuple(1 if w == X_ else 0 for w in range(fam.d))
                res = exact_moments(mk, counts)
                for xx in range(fam.d):
                    ex = res["mean"][xx] if quantity == "mean" else (
                        res["variance"][xx] if quantity == "variance" else res["variance"][xx] + res["mean"][xx] ** 2)
                    extra = {D.X: X_, D.E_yhat2: res["variance"][xx] + res["mean"][xx] ** 2}
                    kw = dict(family=fam, var_table=V, x_val=xx)
                    pv = D.evaluate_on(printed_rhs.subs(extra), **kw)
                    dv = D.evaluate_on(derived_rhs.subs(extra), **kw)
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "X": X_, "x": xx}, exact=ex,
                                          derived=dv, printed=pv, size=(*fsize(key), ee, X_, xx), path=_path(res)))
    return insts


Y_FAMILIES = ["gf2(l=1,d=2)", "hadamard(d=3)", "hand(d=3,k=2,partial)", "random(d=3,m=3,k=2)", "gf2mod3(l=2,d=2)"]
SIZES_X = [(None, 1, 0), (None, 2, 1), (None, 3, 0)]


def _norm_client(expr, cbar_def=None):
    out = []
    for _, kk, xx in SIZES_X:
        val = D.expand_sums(expr.subs(D.X, 5), k_val=kk, x_val=xx)
        if cbar_def is not None:
            val = val.replace(D.CBar, lambda a, b: D.expand_sums(cbar_def.subs({D.xp: a, D.x: b}, simultaneous=True),
                                                                 k_val=kk))
        out.append(sympy.expand(D.canonical_collisions(sympy.expand(val))))
    return out


@claim(
    id="pan-cms/appA.eq23",
    location="Appendix A, Eq. (23)",
    statement="y_hat^(i)[h_j(i)(x)] = R(h_j(i)(X^(i)))[h_j(i)(x)] = sum_j 1{j = j^(i)} R(h_j(X^(i)))[h_j(x)].",
    printed=D.appA_eq23_printed,
    derived=D.appA_eq23_derived,
    derivation="derivations.pan_cms.basics.appA_eq23_derived",
    assumptions="client i draws j^(i) in [k]",
)
def appA_eq23(ev):
    ev.symbolic("printed vs derived for k in {1, 2, 3} and every j^(i)",
                [D.expand_sums(D.appA_eq23_printed().rhs.subs(D.J, jj), k_val=kk)
                 for kk in (1, 2, 3) for jj in range(kk)],
                [D.appA_eq23_derived().rhs.subs(D.J, jj) for kk in (1, 2, 3) for jj in range(kk)])
    insts = []
    for key in ("gf2(l=1,d=2)", "hadamard(d=3)", "random(d=3,m=3,k=2)"):
        fam = family(key)
        for kind, ee in _inner_params(fam.m)[:2]:
            mech = cms_mech(key, kind, ee)
            Qi = inner(kind, fam.m, ee).decoder_matrix()
            Qc = mech.decoder_matrix()
            n_in = Qi.shape[1]
            for uu, label in enumerate(mech.outputs):
                jj, z = int(label.split(":")[0]), uu % n_in
                for xx in range(fam.d):
                    # y_hat recovered from the library's CMS decoder (Eq. (2) is affine in y_hat)
                    exact = sympy.cancel(((fam.m - 1) * Qc[xx, uu] + 1) / fam.m)
                    table = lambda jx, a, b: Qi[fam.functions[int(jx)][int(b)], z]  # noqa: E731
                    pv = D.expand_sums(D.appA_eq23_printed().rhs.subs(D.J, jj), k_val=fam.k,
                                       x_val=xx).replace(D.RVal, table)
                    dv = D.appA_eq23_derived().rhs.subs({D.J: jj, D.x: xx}).replace(D.RVal, table)
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "output": label, "x": xx},
                                          exact=exact, derived=dv, printed=pv, size=(*fsize(key), ee, uu, xx)))
    ev.instances("decoded coordinate of every output (j, z) of the real CMS", insts)


@claim(
    id="pan-cms/appA.eq24",
    location="Appendix A, Eq. (24)",
    statement="E[y_hat^(i)[h_j(i)(x)]] = sum_j c_j(X^(i), x)/k.",
    printed=D.appA_eq24_printed,
    derived=D.appA_eq24_derived,
    derivation="derivations.pan_cms.basics.client_mean",
    assumptions="j^(i) uniform on [k]; R satisfies Property 2.1",
)
def appA_eq24(ev):
    ev.symbolic("printed vs derived", _norm_client(D.appA_eq24_printed().rhs), _norm_client(D.appA_eq24_derived().rhs))
    ev.instances("E[y_hat] of one client (enumeration of the real CMS)", _ymean_instances(
        D.appA_eq24_printed().rhs, D.appA_eq24_derived().rhs, Y_FAMILIES))


def _client_list(counts):
    return [v_ for v_, c in enumerate(counts) for _ in range(c)]


@claim(
    id="pan-cms/appA.expectation-sum",
    location="Appendix A, derivation of Eq. (3), middle line",
    statement="E[f_hat(x)] = m/(n(m-1)) sum_i sum_j c_j(X^(i), x)/k - 1/(m-1).",
    printed=D.appA_expectation_sum_printed,
    derived=D.appA_expectation_sum_derived,
    derivation="derivations.pan_cms.basics.appA_expectation_sum_derived",
    assumptions="fixed family; Property 2.1",
)
def appA_expectation_sum(ev):
    P, Dv = D.appA_expectation_sum_printed().rhs, D.appA_expectation_sum_derived().rhs

    def norm(expr):
        out = []
        for nn, kk, xx in ((1, 1, 0), (2, 2, 1), (3, 2, 0)):
            val = D.expand_sums(expr.subs(n_sym, nn), k_val=kk, x_val=xx)
            out.append(sympy.expand(D.canonical_collisions(val)))
        return out

    ev.symbolic("printed vs derived at n in {1, 2, 3}", norm(P), norm(Dv))
    insts = []
    for key in UNIFORM[:3] + CONSTANT[:1] + GENERAL:
        fam = family(key)
        mk = mkey(key, "rr", R(2))
        for counts in datasets(fam.d, 3):
            clients = _client_list(counts)
            nn = len(clients)
            res_ = exact_moments(mk, counts)
            mean = res_["mean"]
            for xx in range(fam.d):
                vals = []
                for expr in (P, Dv):
                    fn, atoms, _ = D._compiled(expr.subs(n_sym, nn), fam.d, fam.k, xx, None)
                    env = {m_sym: Fraction(fam.m)}
                    for atom in atoms:  # c_j(X(i), x) with X(i) the value of client i
                        jj, who, target = atom.args
                        env[atom] = Fraction(fam.collision(int(jj), clients[int(who.args[0])], int(target)))
                    out = fn(env)
                    vals.append(R(out.numerator, out.denominator))
                insts.append(Instance({"family": key, "counts": counts, "x": xx}, exact=mean[xx], derived=vals[1],
                                      printed=vals[0], size=(*fsize(key), nn, xx), path=_path(res_)))
    ev.instances("E[f_hat(x)] of the real CMS+RR", insts)


@claim(
    id="pan-cms/appA.unbiased",
    location="Appendix A, proof of Corollary 3.1 ('if')",
    statement="With c_bar = 1/m: m/(m-1)[f(x) + sum_{x' != x} f(x')/m] - 1/(m-1) = m/(m-1)[f(x) + (1 - f(x))/m] - "
              "1/(m-1) = f(x).",
    printed=D.appA_unbiased_printed,
    derived=D.appA_unbiased_derived,
    derivation="derivations.pan_cms.basics.appA_unbiased_derived",
    assumptions="c_bar(x, x') = 1/m for x != x'; frequencies sum to 1",
)
def appA_unbiased(ev):
    def norm(forms):
        out = []
        for dd, xx in ((2, 0), (3, 1)):
            other = 1 if xx == 0 else 0
            rest = 1 - sum(D.fF(t) for t in range(dd) if t != other)
            for q in forms:
                val = D.expand_sums(q.rhs, d_val=dd, x_val=xx).subs(D.fF(other), rest)
                out.append(sympy.cancel(val))  # a rational function of f(.), m
        return out

    ev.symbolic("printed vs derived chain (frequencies summing to one)", norm(D.appA_unbiased_printed()),
                norm(D.appA_unbiased_derived()))
    insts = []
    for key in UNIFORM:
        fam = family(key)
        for kind, ee in _inner_params(fam.m)[:2]:
            mk = mkey(key, kind, ee)
            for counts in datasets(fam.d, 2):
                nn = sum(counts)
                res_ = exact_moments(mk, counts)
                mean = res_["mean"]
                for xx in range(fam.d):
                    def ev_(forms):
                        return [D.evaluate_on(q.rhs, family=fam, counts=counts, x_val=xx) for q in forms]
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts, "x": xx},
                                          exact=[mean[xx]] * 3, derived=ev_(D.appA_unbiased_derived()),
                                          printed=ev_(D.appA_unbiased_printed()), size=(*fsize(key), nn, ee, xx),
                                          path=_path(res_)))
    ev.instances("E[f_hat(x)] of the real CMS over collision-uniform families", insts)


@claim(
    id="pan-cms/appA.converse",
    location="Appendix A, proof of Corollary 3.1 ('only if')",
    statement="For a dataset holding only x and x': E[f_hat(x)] = m/(m-1)[f(x) + (1 - f(x)) c_bar(x, x')] - 1/(m-1), "
              "which differs from f(x) when c_bar(x, x') != 1/m.",
    printed=D.appA_converse_printed,
    derived=D.appA_converse_derived,
    derivation="derivations.pan_cms.basics.appA_converse_derived",
    assumptions="the dataset holds x' at least once (f(x) < 1)",
)
def appA_converse(ev):
    sizes = [(None, 1, 0), (None, 2, 1)]

    def norm(expr):
        return [sympy.expand(D.canonical_collisions(D.expand_sums(expr.subs(D.xp, 7), k_val=kk, x_val=xx)))
                for _, kk, xx in sizes]

    ev.symbolic("printed vs derived", norm(D.appA_converse_printed().rhs), norm(D.appA_converse_derived().rhs))
    insts, flags, biased_iff = [], [], []
    for key in CONSTANT + GENERAL + ["gf2(l=1,d=2)"]:
        fam = family(key)
        mk = mkey(key, "rr", R(2))
        for xx, x2 in itertools.permutations(range(fam.d), 2):
            for a, b in ((1, 1), (1, 2), (2, 1), (0, 1)):
                counts = [0] * fam.d
                counts[xx], counts[x2] = a, b
                counts = tuple(counts)
                nn = a + b
                res_ = exact_moments(mk, counts)
                mean = res_["mean"][xx]
                vals = [D.evaluate_on(q.rhs.subs(D.xp, x2), family=fam, counts=counts, x_val=xx)
                        for q in (D.appA_converse_printed(), D.appA_converse_derived())]
                params = {"family": key, "x": xx, "x'": x2, "counts": counts}
                insts.append(Instance(params, exact=mean, derived=vals[1], printed=vals[0],
                                      size=(*fsize(key), nn, xx, x2), path=_path(res_)))
                rate = fam.collision_rate(xx, x2)
                truth = R(a, nn)
                flags.append(Instance({**params, "c_bar": _fr(rate)}, exact=mean != truth, derived=vals[1] != truth,
                                      printed=vals[0] != truth, size=(*fsize(key), nn, xx, x2), path=_path(res_)))
                biased_iff.append((mean != truth) == (rate != Fraction(1, fam.m)))
    ev.instances("E[f_hat(x)] on two-valued datasets (real CMS+RR)", insts)
    ev.instances("E[f_hat(x)] != f(x) on two-valued datasets (real CMS+RR)", flags)
    ev.numeric("E[f_hat(x)] != f(x) exactly when c_bar(x, x') != 1/m (enumeration)", all(biased_iff), len(biased_iff),
               f"{sum(biased_iff)} of {len(biased_iff)} datasets")


# ==== Appendix B ===================================================================================
@claim(
    id="pan-cms/appB.eq25",
    location="Appendix B, Eq. (25)",
    statement="Var(y_hat^(i)[h_j(i)(x)]) = E[(y_hat^(i)[h_j(i)(x)])^2] - c_bar(X^(i), x)^2.",
    printed=D.appB_eq25_printed,
    derived=D.appB_eq25_derived,
    derivation="derivations.pan_cms.basics.client_mean",
    assumptions="Eq. (24)",
)
def appB_eq25(ev):
    ev.symbolic("printed vs derived", _norm_client(D.appB_eq25_printed().rhs, CBAR_DEF),
                _norm_client(D.appB_eq25_derived().rhs))
    ev.instances("Var(y_hat) of one client (enumeration)", _ymean_instances(
        D.appB_eq25_printed().rhs, D.appB_eq25_derived().rhs, Y_FAMILIES, "variance"))


@claim(
    id="pan-cms/appB.second-moment",
    location="Appendix B, second-moment derivation before Eq. (26)",
    statement="E[(y_hat^(i)[h_j(i)(x)])^2] = (1/k) sum_j (Var(R(h_j(X^(i)))[h_j(x)]) + c_j(X^(i), x)).",
    printed=D.appB_second_moment_printed,
    derived=D.appB_second_moment_derived,
    derivation="derivations.pan_cms.basics.client_second_moment",
    assumptions="j^(i) uniform; Property 2.1 (E[R] = c_j in {0, 1})",
)
def appB_second_moment(ev):
    ev.symbolic("printed vs derived", _norm_client(D.appB_second_moment_printed().rhs),
                _norm_client(D.appB_second_moment_derived().rhs))
    ev.instances("E[y_hat^2] of one client (enumeration)", _ymean_instances(
        D.appB_second_moment_printed().rhs, D.appB_second_moment_derived().rhs, Y_FAMILIES, "second"))


@claim(
    id="pan-cms/appB.eq26",
    location="Appendix B, Eq. (26)",
    statement="Var(y_hat^(i)[h_j(i)(x)]) = (1/k) sum_j Var(R(h_j(X^(i)))[h_j(x)]) + c_bar(X^(i), x) - "
              "c_bar(X^(i), x)^2.",
    printed=D.appB_eq26_printed,
    derived=D.appB_eq26_derived,
    derivation="derivations.pan_cms.basics.client_variance",
    assumptions="Eqs. (24), (25)",
)
def appB_eq26(ev):
    ev.symbolic("printed vs derived", _norm_client(D.appB_eq26_printed().rhs, CBAR_DEF),
                _norm_client(D.appB_eq26_derived().rhs))
    ev.instances("Var(y_hat) of one client (enumeration)", _ymean_instances(
        D.appB_eq26_printed().rhs, D.appB_eq26_derived().rhs, Y_FAMILIES, "variance"))


def _pair_moments(key, kind, ee, X1_, X2_, xx):
    """E[y1 y2], E[y1], E[y2] for two independent clients, enumerating every pair of outputs."""
    ym = y_mech(key, kind, ee)
    P, Q = ym.perturbation_matrix(), ym.decoder_matrix()
    U = P.shape[0]
    m1 = sum(P[u1, X1_] * Q[xx, u1] for u1 in range(U))
    m2 = sum(P[u2, X2_] * Q[xx, u2] for u2 in range(U))
    m12 = sum(P[u1, X1_] * P[u2, X2_] * Q[xx, u1] * Q[xx, u2] for u1 in range(U) for u2 in range(U)
              if P[u1, X1_] != 0 and P[u2, X2_] != 0)
    return sympy.cancel(m12), sympy.cancel(m1), sympy.cancel(m2)


def _pair_instances(printed_rhs, derived_rhs, what):
    insts = []
    for key in ("gf2(l=1,d=2)", "hand(d=3,k=2,partial)", "random(d=3,m=3,k=2)"):
        fam = family(key)
        kind, ee = "rr", R(2)
        for X1_, X2_ in itertools.product(range(fam.d), repeat=2):
            for xx in range(fam.d):
                m12, m1, m2 = _pair_moments(key, kind, ee, X1_, X2_, xx)
                exact = m12 if what == "product" else sympy.cancel(m12 - m1 * m2)
                sub = {D.X1: X1_, D.X2: X2_}
                kw = dict(family=fam, x_val=xx)
                insts.append(Instance({"family": key, "X1": X1_, "X2": X2_, "x": xx}, exact=exact,
                                      derived=D.evaluate_on(derived_rhs.subs(sub), **kw),
                                      printed=D.evaluate_on(printed_rhs.subs(sub), **kw),
                                      size=(*fsize(key), X1_, X2_, xx)))
    return insts


def _norm_pair(expr):
    out = []
    for kk, xx in ((1, 0), (2, 1)):
        val = D.expand_sums(expr.subs({D.X1: 5, D.X2: 6}), k_val=kk, x_val=xx)
        val = val.replace(D.CBar, lambda a, b: D.expand_sums(CBAR_DEF.subs({D.xp: a, D.x: b}, simultaneous=True),
                                                             k_val=kk))
        out.append(sympy.expand(D.canonical_collisions(sympy.expand(val))))
    return out


@claim(
    id="pan-cms/appB.eq27",
    location="Appendix B, Eq. (27)",
    statement="For two clients i1 != i2: E[y_hat^(i1) y_hat^(i2)] = c_bar(X^(i1), x) c_bar(X^(i2), x).",
    printed=D.appB_eq27_printed,
    derived=D.appB_eq27_derived,
    derivation="derivations.pan_cms.basics.appB_eq27_derived",
    assumptions="independent function draws; Property 2.2",
)
def appB_eq27(ev):
    ev.symbolic("printed vs derived", _norm_pair(D.appB_eq27_printed().rhs), _norm_pair(D.appB_eq27_derived().rhs))
    ev.instances("E[y1 y2] by enumerating every pair of outputs of the real CMS+RR",
                 _pair_instances(D.appB_eq27_printed().rhs, D.appB_eq27_derived().rhs, "product"))


@claim(
    id="pan-cms/appB.cov-zero",
    location="Appendix B, covariance of two clients",
    statement="Cov(y_hat^(i1)[h_j(i1)(x)], y_hat^(i2)[h_j(i2)(x)]) = c_bar c_bar - c_bar c_bar = 0.",
    printed=D.appB_cov_printed,
    derived=D.appB_cov_derived,
    derivation="derivations.pan_cms.basics.appB_cov_derived",
    assumptions="independent clients",
)
def appB_cov(ev):
    ev.symbolic("printed vs derived", _norm_pair(D.appB_cov_printed().rhs), _norm_pair(D.appB_cov_derived().rhs))
    ev.instances("Cov(y1, y2) by enumerating pairs of outputs", _pair_instances(
        D.appB_cov_printed().rhs, D.appB_cov_derived().rhs, "cov"))


@claim(
    id="pan-cms/appB.sum-variance",
    location="Appendix B, variance of the sum of decoded coordinates",
    statement="Var(sum_i y_hat^(i)[h_j(i)(x)]) = n sum_{x'} [(1/k) sum_j Var(R(h_j(x'))[h_j(x)]) + c_bar(x', x) - "
              "c_bar(x', x)^2] f(x').",
    printed=D.appB_sum_variance_printed,
    derived=D.appB_sum_variance_derived,
    derivation="derivations.pan_cms.basics.appB_sum_variance_derived",
    assumptions="Eq. (26) and zero covariances",
)
def appB_sum_variance(ev):
    P, Dv = D.appB_sum_variance_printed().rhs, D.appB_sum_variance_derived().rhs
    ev.symbolic("printed vs derived", norm_sizes(P, SIZES, cbar_def=CBAR_DEF), norm_sizes(Dv, SIZES))
    insts = []
    for key in ("gf2(l=1,d=2)", "hadamard(d=3)", "hand(d=3,k=2,partial)", "random(d=3,m=3,k=2)"):
        fam = family(key)
        for kind, ee in _inner_params(fam.m)[:2]:
            mk = mkey(key, kind, ee, which="y")
            V = var_table(kind, fam.m, ee)
            for counts in datasets(fam.d, 2):
                nn = sum(counts)
                res_ = exact_moments(mk, counts)
                var = res_["variance"]
                for xx in range(fam.d):
                    kw = dict(family=fam, counts=counts, var_table=V, x_val=xx)
                    insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts, "x": xx},
                                          exact=nn**2 * var[xx], derived=D.evaluate_on(Dv, **kw),
                                          printed=D.evaluate_on(P, **kw), size=(*fsize(key), nn, ee, xx),
                                          path=_path(res_)))
    ev.instances("Var(sum y_hat) = n^2 Var(mean y_hat) of the real y-mechanism (enumeration)", insts)


@claim(
    id="pan-cms/appB.eq29",
    location="Appendix B, Eq. (29)",
    statement="For x' != x: (1/k) sum_j Var(R(h_j(x'))[h_j(x)]) = c_bar(x', x) Var(R|=) + "
              "(1 - c_bar(x', x)) Var(R|!=).",
    printed=D.appB_eq29_printed,
    derived=D.appB_eq29_derived,
    derivation="derivations.pan_cms.basics.property23",
    assumptions="Property 2.3",
)
def appB_eq29(ev):
    ev.symbolic("printed vs derived", norm_sizes(D.appB_eq29_printed().rhs, SIZES, cbar_def=CBAR_DEF),
                norm_sizes(D.appB_eq29_derived().rhs, SIZES))
    insts = []
    for key in UNIFORM[:3] + CONSTANT[:2] + GENERAL:
        fam = family(key)
        for kind, ee in _inner_params(fam.m):
            V = var_table(kind, fam.m, ee)
            extra = {var_eq: V[0][0], var_neq: V[0][1]}
            for xx, x2 in itertools.permutations(range(fam.d), 2):
                exact = sum(V[h[x2]][h[xx]] for h in fam.functions) / fam.k  # enumerated variances, averaged
                kw = dict(family=fam, x_val=xx, var_table=V, extra=extra)
                insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "x": xx, "x'": x2}, exact=exact,
                                      derived=D.evaluate_on(D.appB_eq29_derived().rhs.subs(D.xp, x2), **kw),
                                      printed=D.evaluate_on(D.appB_eq29_printed().rhs.subs(D.xp, x2), **kw),
                                      size=(*fsize(key), ee, xx, x2)))
    ev.instances("average enumerated Var(R(h_j(x'))[h_j(x)]) over the family", insts)


@claim(
    id="pan-cms/appB.diagonal",
    location="Appendix B, the term x' = x",
    statement="For x' = x: c_bar(x, x) = 1 and (1/k) sum_j Var(R(h_j(x))[h_j(x)]) = Var(R|=).",
    printed=D.appB_diagonal_printed,
    derived=D.appB_diagonal_derived,
    derivation="derivations.pan_cms.basics.property23",
    assumptions="Property 2.3",
)
def appB_diagonal(ev):
    def norm(forms):
        return [sympy.expand(D.canonical_collisions(D.expand_sums(q.rhs, k_val=kk, x_val=0)))
                for kk in (1, 2, 3) for q in forms]

    ev.symbolic("printed vs derived (Property 2.3, k in {1, 2, 3})", norm(ev.printed()), norm(ev.derived()))
    insts = []
    for key in UNIFORM[:3] + GENERAL:
        fam = family(key)
        for kind, ee in _inner_params(fam.m):
            V = var_table(kind, fam.m, ee)
            extra = {var_eq: V[0][0], var_neq: V[0][1]}
            for xx in range(fam.d):
                exact = [_fr(Fraction(sum(1 for h in fam.functions if h[xx] == h[xx]), fam.k)),
                         sum(V[h[xx]][h[xx]] for h in fam.functions) / fam.k]
                kw = dict(family=fam, x_val=xx, var_table=V, extra=extra)
                insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "x": xx}, exact=exact,
                                      derived=[D.evaluate_on(q.rhs, **kw) for q in D.appB_diagonal_derived()],
                                      printed=[D.evaluate_on(q.rhs, **kw) for q in D.appB_diagonal_printed()],
                                      size=(*fsize(key), ee, xx)))
    ev.instances("collision rate and average variance on the diagonal", insts)


@claim(
    id="pan-cms/appB.var-decomposition",
    location="Appendix B, variance of the sum before Eq. (27)",
    statement="Var(sum_i y_hat^(i)) = sum_i Var(y_hat^(i)) + sum_{i1 != i2} Cov(y_hat^(i1), y_hat^(i2)).",
    printed=D.appB_var_decomposition_printed,
    derived=D.appB_var_decomposition_derived,
    derivation="derivations.pan_cms.basics.appB_var_decomposition_derived",
    assumptions="bilinearity of covariance",
    note="A general identity (the printed and derived forms coincide); the evidence is the enumeration.",
)
def appB_var_decomposition(ev):
    ev.symbolic("printed vs derived", ev.printed().rhs, ev.derived().rhs)
    insts = []
    for key in ("gf2(l=1,d=2)", "hand(d=3,k=2,partial)", "random(d=3,m=3,k=2)"):
        fam = family(key)
        mk = mkey(key, "rr", R(2), which="y")
        for X1_, X2_ in itertools.combinations_with_replacement(range(fam.d), 2):
            counts = tuple((X1_ == w) + (X2_ == w) for w in range(fam.d))
            res = exact_moments(mk, counts)
            for xx in range(fam.d):
                singles = [exact_moments(mk, tuple(int(w == X_) for w in range(fam.d)))["variance"][xx]
                           for X_ in (X1_, X2_)]
                m12, m1, m2 = _pair_moments(key, "rr", R(2), X1_, X2_, xx)
                terms = {D.SumVar_sym: sum(singles), D.SumCov_sym: 2 * sympy.cancel(m12 - m1 * m2)}
                insts.append(Instance({"family": key, "X1": X1_, "X2": X2_, "x": xx}, exact=4 * res["variance"][xx],
                                      derived=evaluate(ev.derived(), terms), printed=evaluate(ev.printed(), terms),
                                      size=(*fsize(key), X1_, X2_, xx), path=_path(res)))
    ev.instances("Var of the sum of two clients (enumeration) vs variances and covariance (pair enumeration)", insts)


@claim(
    id="pan-cms/sec3.3.mse-var",
    location="Section 3.3, after Eq. (7)",
    statement="With pairwise-independent hashing E[f_hat(x)] - f(x) = 0, so MSE(f_hat(x)) = Var(f_hat(x)).",
    printed=D.mse_var_printed,
    derived=D.mse_var_derived,
    derivation="derivations.pan_cms.basics.mse_var_derived",
    assumptions="c_bar(x, x') = 1/m for x != x' (the paper's pairwise independence)",
)
def sec33_mse_var(ev):
    ev.symbolic("printed vs derived MSE", ev.printed().rhs, ev.derived().rhs)
    insts = []
    for key in UNIFORM:
        fam = family(key)
        for kind, ee in _inner_params(fam.m):
            mk = mkey(key, kind, ee)
            for counts in _small_datasets(fam.d):
                res = exact_moments(mk, counts)
                nn = sum(counts)

                def values(form):
                    return [evaluate(form, {D.Var_fhat: res["variance"][xx], f_sym: R(counts[xx], nn)})
                            for xx in range(fam.d)]

                insts.append(Instance({"family": key, "R": kind, "exp_eps": ee, "counts": counts}, exact=res["mse"],
                                      derived=values(ev.derived()), printed=values(ev.printed()),
                                      size=(*fsize(key), nn, ee), path=_path(res)))
    ev.instances("MSE of the real CMS vs the form evaluated at its exact variance", insts)


ROOT_CAUSES = [
    RootCause("sec3.1.pairwise-independence", "Section 3.1, remark after Corollary 3.1 (used by Corollary 3.2)",
              "c_bar(x, x') = 1/m is called the definition of pairwise independence; it is implied by (strong) "
              "pairwise independence but weaker (the family {(0, j)} has it and is not pairwise independent), so "
              "Corollary 3.2's 'iff pairwise independent' holds only when read as 'iff collision rate 1/m'",
              "error"),
    RootCause("sec3.1.family-size", "Section 3.1, after Corollary 3.2",
              "pairwise independence is said to require |H| = d^2; it requires m | |H| (collision rate 1/m) or "
              "m^2 | |H| and |H| >= 1 + d(m - 1) (strong), e.g. 4 functions at d = 3, m = 2; d^2 is only the size of "
              "Eq. (18)'s family when d = 2^l", "error"),
    RootCause("eq1.index-set", "Section 2.2, Eq. (1)",
              "the inner max of the worst-case MSE runs over x in the dataset X; the text defines it over the values of "
              "interest ([d]), and the two differ when the worst case is a value absent from the dataset", "error"),
    RootCause("eq7.square-outside", "Section 3.3, Eq. (7), middle line",
              "E[f_hat - E f_hat]^2 squares outside the expectation (it is 0); the variance term is "
              "E[(f_hat - E f_hat)^2]", "error"),
    RootCause("eq9.rhs-zero", "Section 3.3, Theorem 3.4, Eq. (9)",
              "E[g(x)] = 0 should read E[g(x)] = f(x): g is built to be unbiased", "error"),
    RootCause("appB.eq6-sign", "Appendix B, the c_bar = 1/m step proving Eq. (6)",
              "the collision term (1 - m)/m should be (m - 1)/m (c_bar(1 - c_bar) m^2/m = (m - 1)/m), as Eq. (6) itself "
              "prints; the first line also writes f(x) inside the sum over x' != x for f(x')", "error"),
    RootCause("appC.A-numerator", "Appendix C, definition of A",
              "A = min f_hat has numerator e^{-1}; RR's decoded miss gives -1: A = m/(m-1) (-1)/(e^eps - 1) - 1/(m-1)",
              "error"),
    RootCause("appC.delta-range", "Appendix C, after Eq. (30) (the alpha range of Theorem 3.5)",
              "delta <= 1 is turned into alpha <= sqrt(n e^eps/(m-1)), the value of (f - A)/sqrt(Var) at f(x) = 1; "
              "for every f(x) it needs its minimum, at f(x) = 0: alpha <= sqrt(n/(m-1))", "error"),
    RootCause("appC.ratio-min-n", "Appendix C, minimum of Var/((B-A)(f-A))",
              "the minimum drops the 1/n of Var(f_hat): it is (m-1)/(n(e^eps + m - 1)), so the one- and two-sided "
              "bounds that follow carry a spurious factor n in the exponent (Theorem 3.5 has none)", "error"),
]
