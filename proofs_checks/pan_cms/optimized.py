"""pan-cms claim checks: optimized CMS (Section 3.4, Appendix D; derivations in
``derivations.pan_cms.optimized``).

The exact path never uses the paper's formulas.  It builds real CMS mechanisms -- a real hash family
with collision rate 1/m (GF(2^l) affine family of Eq. (18) when m = 2^l >= d, the affine family over
Z_p when m = p is a prime >= d, otherwise every function [d] -> [m]) and the real inner mechanism of
``ldpref.mechanisms.cms.inner_mechanism`` -- and computes on them exactly (``ldpref.enumeration``,
``ldpref.moments``, ``ldpref.losses``):

* :func:`lumped_cms` is ``cms(family, inner)`` with outputs whose decoder columns coincide merged into
  one (their estimates are identical, so the distribution of f_hat is unchanged); it keeps
  enumeration small.  :func:`unary_cms_by_bits` builds the same lumped mechanism for a unary inner
  mechanism (aRP/OUE, sRP/SUE) without listing its 2^m outputs: the bits a report exposes at the
  positions h_j(0..d-1) are independent with the mechanism's own (p, q).  Both are checked against the
  full ``cms`` mechanism on every small case (records "exact constructions agree").
* quantities as functions of a *real* m (derivatives, stationary points, limits) come from
  :func:`exact_var_function` / :func:`exact_l2_function`: exact values of real mechanisms at
  m = 2..5 interpolated by a polynomial in m after multiplying by (m-1)^2, which must also pass through
  the exact values at m = 6, 7 (and, for l2, be affine in d: fitted at d = 2, 3, checked at d = 4).
* integer optima come from an exhaustive search over integer m on real mechanisms.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import mpmath
import sympy

import derivations.pan_cms.optimized as D
from derivations.pan_cms.symbols import d as d_sym
from derivations.pan_cms.symbols import f as f_sym
from derivations.pan_cms.symbols import f_star as fs_sym
from derivations.pan_cms.symbols import m as m_sym
from derivations.pan_cms.symbols import n as n_sym
from derivations.pan_cms.symbols import tau as tau_sym
from derivations.pan_cms.symbols import var_eq, var_neq
from ldpref import enumeration, losses, moments
from ldpref.exact import EXP_EPS, to_mpf
from ldpref.hashing import HashFamily, gf2_affine_family
from ldpref.ledger import Instance, claim
from ldpref.mechanism import Mechanism
from ldpref.mechanisms.cms import cms, inner_mechanism
from ldpref.mechanisms.pure import oue, sue

R = sympy.Rational
E = EXP_EPS
M_FIT = (2, 3, 4, 5)  # interpolation nodes in m
M_CHECK = (6, 7)  # nodes the interpolant must also pass through
D_FIT, D_CHECK = (2, 3), (4,)
MODULE = "derivations.pan_cms.optimized"


# =============================================================================================
# Exact numbers
def _canon(x):
    """Canonical form of an exact algebraic number (a + b sqrt(c) ...), so equal values print equal."""
    x = sympy.sympify(x)
    if x.is_Rational:
        return x
    return sympy.expand(sympy.radsimp(sympy.nsimplify(x) if x.has(sympy.Float) else x))


def _sign(x) -> int:
    """Exact sign of a real algebraic number: rationals directly; otherwise zero is decided exactly
    (radsimp/simplify) and a nonzero sign by a 60-digit mpmath evaluation (explicit)."""
    x = sympy.sympify(x)
    if x.is_Rational:
        return int(sympy.sign(x))
    x = _canon(x)
    if x == 0:
        return 0
    value = to_mpf(x, 60)
    if abs(value) < mpmath.mpf(10) ** -45:
        if sympy.simplify(x) == 0:
            return 0
        raise ArithmeticError(f"cannot decide the sign of {x}")
    return 1 if value > 0 else -1


def _le(a, b) -> bool:
    return _sign(sympy.sympify(a) - sympy.sympify(b)) <= 0


def _lt(a, b) -> bool:
    return _sign(sympy.sympify(a) - sympy.sympify(b)) < 0


def _show(x, digits=12) -> str:
    """A value for the report: exact form, plus a decimal when irrational (mpmath, explicit)."""
    x = sympy.sympify(x)
    if x.is_Rational:
        return str(x)
    return f"{x} (~{mpmath.nstr(to_mpf(x, 30), digits)})"


def closest_integers(x) -> set:
    """The integer(s) closest to a real algebraic x (two when x is a half-integer)."""
    fl = sympy.floor(x)
    s = _sign(x - fl - R(1, 2))
    return {int(fl)} if s < 0 else {int(fl) + 1} if s > 0 else {int(fl), int(fl) + 1}


def _frac(x) -> Fraction:
    x = sympy.sympify(x)
    return Fraction(int(x.p), int(x.q))


# =============================================================================================
# Real hash families with collision rate 1/m
def _is_prime(p: int) -> bool:
    return p >= 2 and all(p % q for q in range(2, int(p ** 0.5) + 1))


def prime_affine_family(p: int, d: int) -> HashFamily:
    """``{x -> a0 + a1 x mod p}`` on inputs 0..d-1 (p prime >= d): strongly pairwise independent."""
    funcs = tuple(tuple((a0 + a1 * x) % p for x in range(d)) for a0 in range(p) for a1 in range(p))
    return HashFamily(funcs, p, name=f"affine-mod-{p}(d={d})")


def all_functions_family(d: int, m: int) -> HashFamily:
    """Every function [d] -> [m] (strongly pairwise independent for any m)."""
    return HashFamily(tuple(itertools.product(range(m), repeat=d)), m, name=f"all-functions(d={d}, m={m})")


@cache
def pairwise_family(m: int, d: int) -> HashFamily:
    if m & (m - 1) == 0 and m >= d:
        fam = gf2_affine_family(m.bit_length() - 1, d)
    elif _is_prime(m) and m >= d:
        fam = prime_affine_family(m, d)
    else:
        fam = all_functions_family(d, m)
    if not fam.is_collision_uniform():
        raise AssertionError(f"{fam.name} does not have collision rate 1/m")
    return fam


# =============================================================================================
# Exact CMS mechanisms
def _entries(matrix):
    """Rows of a rational sympy Matrix as Fractions (symbolic entries stay sympy)."""
    out = []
    for i in range(matrix.rows):
        row = []
        for j in range(matrix.cols):
            v = matrix[i, j]
            row.append(Fraction(int(v.p), int(v.q)) if v.is_Rational else v)
        out.append(row)
    return out


def _finish(acc: dict, family: HashFamily, name: str) -> Mechanism:
    m, d, k = family.m, family.d, family.k
    keys = list(acc)
    P = [[v / k for v in acc[key]] for key in keys]
    scale, offset = Fraction(m, m - 1), Fraction(1, m - 1)
    Q = [[scale * key[x] - offset for key in keys] for x in range(d)]
    labels = [",".join(str(v) for v in key) for key in keys]
    return Mechanism(P, Q, outputs=labels, name=name)


def lumped_cms(family: HashFamily, inner: Mechanism) -> Mechanism:
    """``cms(family, inner).mechanism`` with outputs (j, z) of identical decoder column merged:
    ``P[(j,z), x] = P_R[z, h_j(x)]/k`` summed over the merged outputs, decoder column
    ``m/(m-1) Q_R[h_j(x), z] - 1/(m-1)``."""
    d = family.d
    PR, QR = _entries(inner.perturbation_matrix()), _entries(inner.decoder_matrix())
    acc = {}
    for h in family.functions:
        for z in range(inner.n_outputs):
            key = tuple(QR[h[x]][z] for x in range(d))
            col = [PR[z][h[x0]] for x0 in range(d)]
            prev = acc.get(key)
            acc[key] = col if prev is None else [a + b for a, b in zip(prev, col)]
    return _finish(acc, family, f"lumped cms[{family.name}; {inner.name}]")


def unary_cms_by_bits(family: HashFamily, kind: str, exp_eps) -> Mechanism:
    """The lumped CMS of a unary inner mechanism (aRP = OUE, sRP = SUE) on [m]: for hash j the report
    exposes the bits at positions S = {h_j(x)}, independent with P(bit s = 1) = p if s = h_j(x0) else q
    ((p, q) of the library's mechanism, which do not depend on m); decoded value (bit - q)/(p - q)."""
    proto = (oue if kind == "arp" else sue)(2, exp_eps)
    p, q = _frac(proto.p), _frac(proto.q)
    d = family.d
    acc = {}
    for h in family.functions:
        pos = sorted(set(h))
        for bits in itertools.product((0, 1), repeat=len(pos)):
            b = dict(zip(pos, bits))
            key = tuple((b[h[x]] - q) / (p - q) for x in range(d))
            col = []
            for x0 in range(d):
                prob = Fraction(1)
                for s in pos:
                    on = p if s == h[x0] else q
                    prob *= on if b[s] else 1 - on
                col.append(prob)
            prev = acc.get(key)
            acc[key] = col if prev is None else [a + c for a, c in zip(prev, col)]
    return _finish(acc, family, f"cms-by-bits[{family.name}; {kind}]")


@cache
def full_cms(kind: str, m: int, d: int, exp_eps) -> Mechanism:
    return cms(pairwise_family(m, d), inner_mechanism(kind, m, exp_eps)).mechanism


@cache
def exact_cms(kind: str, m: int, d: int, exp_eps) -> Mechanism:
    """The exact (lumped) CMS mechanism with inner ``kind`` on [m], d inputs, e^eps = exp_eps."""
    fam = pairwise_family(m, d)
    if kind == "rr" or m <= 6:
        return lumped_cms(fam, inner_mechanism(kind, m, exp_eps))
    return unary_cms_by_bits(fam, kind, exp_eps)


@cache
def inner_variances_exact(kind: str, m: int, exp_eps):
    """(Var(R(a)[a]), Var(R(a)[b])) read off the exact inner mechanism by enumeration (one client)."""
    mech = inner_mechanism(kind, m, exp_eps)
    var = enumeration.enumerated_moments(mech, [1] + [0] * (m - 1))["variance"]
    return sympy.cancel(var[0]), sympy.cancel(var[1])


def _datasets(d: int, n: int):
    for combo in itertools.combinations_with_replacement(range(d), n):
        yield tuple(combo.count(x) for x in range(d))


# =============================================================================================
# Exact functions of a real m (interpolation of exact values, checked at extra nodes)
def _interpolate(points, var, check):
    poly = sympy.expand(sympy.interpolate(points, var))
    for x, value in check:
        if poly.subs(var, x) != value:
            raise ArithmeticError(f"exact values are not polynomial of the fitted degree: at {var}={x}, "
                                  f"interpolant {poly.subs(var, x)} != exact {value}")
    return poly


@cache
def exact_var_function(kind: str, exp_eps, fx) -> sympy.Expr:
    """``n Var(f_hat(x))`` as an exact function of real m, for f(x) = fx (d = 2, n = denominator of
    fx, counts (n fx, n - n fx)), from real mechanisms at m = 2..7."""
    fx = R(fx)
    nn, c = int(fx.q), int(fx.p)

    def value(mm):
        var = moments.variance(exact_cms(kind, mm, 2, exp_eps), (c, nn - c))[0]
        return var * nn * (mm - 1) ** 2

    poly = _interpolate([(mm, value(mm)) for mm in M_FIT], m_sym, [(mm, value(mm)) for mm in M_CHECK])
    return sympy.cancel(poly / (m_sym - 1) ** 2)


@cache
def exact_l2_function(kind: str, exp_eps) -> sympy.Expr:
    """``n l2`` as an exact function of real m and d (worst case over datasets of real mechanisms at
    m = 2..7, d = 2..4; polynomial in m after multiplying by (m-1)^2, affine in d)."""
    per_d = {}
    for dd in D_FIT + D_CHECK:
        def value(mm, dd=dd):
            return losses.worst_case_l2(exact_cms(kind, mm, dd, exp_eps), 1).value * (mm - 1) ** 2
        per_d[dd] = _interpolate([(mm, value(mm)) for mm in M_FIT], m_sym, [(mm, value(mm)) for mm in M_CHECK])
    poly_m = [sympy.Poly(per_d[dd], m_sym) for dd in D_FIT + D_CHECK]
    degree = max(p.degree() for p in poly_m)
    total = sympy.Integer(0)
    for power in range(degree + 1):
        coeffs = {dd: sympy.Poly(per_d[dd], m_sym).coeff_monomial(m_sym ** power) for dd in D_FIT + D_CHECK}
        c_d = _interpolate([(dd, coeffs[dd]) for dd in D_FIT], d_sym, [(dd, coeffs[dd]) for dd in D_CHECK])
        total += c_d * m_sym ** power
    return sympy.cancel(total / (m_sym - 1) ** 2)


def _roots_above(expr, lo, var=m_sym):
    """Real roots >= lo of the numerator of a rational function of var (exact)."""
    num = sympy.numer(sympy.together(sympy.cancel(expr)))
    if num.is_number:
        return []
    out = []
    for r in sympy.real_roots(sympy.Poly(num, var)):
        if _sign(r - lo) >= 0:
            out.append(_canon(r))
    return sorted(set(out), key=lambda r: to_mpf(r, 30))


def _continuous_min(funcs, lo=2):
    """min over real m >= lo of max(funcs) (exact): the minimiser is the boundary, a stationary point of
    one function, or a point where two functions cross.  Returns (value, argmin)."""
    cands = {sympy.Integer(lo)}
    for F in funcs:
        cands.update(_roots_above(sympy.diff(F, m_sym), lo))
    for F, G in itertools.combinations(funcs, 2):
        cands.update(_roots_above(F - G, lo))
    best = None
    for c in cands:
        vals = [_canon(F.subs(m_sym, c)) for F in funcs]
        worst = vals[0]
        for v in vals[1:]:
            if _lt(worst, v):
                worst = v
        if best is None or _lt(worst, best[0]):
            best = (worst, c)
    return best


# =============================================================================================
# Shared exact computations (cached)
MSE_E_GRID = (R(2), R(3), R(4), R(5, 2))
MSE_F_GRID = (R(0), R(1, 4), R(1, 2), R(3, 4), R(1))


@cache
def mse_exact_optimum(exp_eps, fs):
    """(continuous optimum value, argmin) of the exact worst-case n MSE over 0 <= f(x) <= f*."""
    v0 = exact_var_function("rr", exp_eps, 0)
    if fs == 0:
        return _continuous_min([v0])
    return _continuous_min([v0, exact_var_function("rr", exp_eps, fs)])


@cache
def exact_stationary(exp_eps, fs):
    """Stationary point m > 1 of the exact n Var(f_hat_RR | f(x) = f*) and the value there."""
    F = exact_var_function("rr", exp_eps, fs)
    (root,) = _roots_above(sympy.diff(F, m_sym), 1 + R(1, 10 ** 6))
    return root, _canon(F.subs(m_sym, root))


@cache
def exact_worst_mse_int(kind: str, mm: int, exp_eps, fs) -> sympy.Expr:
    """n * worst-case MSE over datasets of n = denominator(f*) clients with f(0) <= f* (value of
    interest: input 0), on the real mechanism."""
    fs = R(fs)
    nn = int(fs.q)
    wc = losses.worst_case_mse(exact_cms(kind, mm, 2, exp_eps), nn, interest=[0], f_star=fs)
    return wc.value * nn


@cache
def exact_l2_int(kind: str, mm: int, dd: int, exp_eps) -> sympy.Expr:
    return losses.worst_case_l2(exact_cms(kind, mm, dd, exp_eps), 1).value


def _argmin_set(values: dict) -> set:
    best = min(values.values())
    return {k for k, v in values.items() if v == best}


@cache
def l2_exact_optimum(exp_eps, dd):
    return _continuous_min([exact_l2_function("rr", exp_eps).subs(d_sym, dd)])


def _leading_terms(l2fun):
    """(d * lim l1bound/d, d * lim l2*/d, lim m*) as d -> oo for an l2 function of (m, d) at fixed
    e^eps (exact rational coefficients): m*(d) is the stationary root > 1 in m; see
    ``derivations.pan_cms.optimized.corollary35_derived`` for the continuity argument."""
    num = sympy.numer(sympy.together(sympy.cancel(sympy.diff(l2fun, m_sym))))
    t = sympy.Symbol("t", positive=True)
    roots = [r for r in sympy.solve(num.subs(m_sym, 1 + t), t) if r.subs(d_sym, 7).is_positive]
    if len(roots) != 1:
        raise ArithmeticError(f"expected one stationary root, got {roots}")
    t2 = sympy.cancel(roots[0] ** 2)
    m_lim = 1 + sympy.sqrt(sympy.limit(t2, d_sym, sympy.oo))
    per_d = sympy.limit(sympy.cancel(l2fun / d_sym), d_sym, sympy.oo)
    per_d = sympy.cancel(per_d.subs(m_sym, m_lim))
    return _canon(sympy.sqrt(per_d)) * d_sym, _canon(per_d) * d_sym, _canon(m_lim)


@cache
def exact_leading_terms(exp_eps):
    return _leading_terms(exact_l2_function("rr", exp_eps))


# ---- exact l1 by enumeration ---------------------------------------------------------------
@cache
def exact_l1(kind: str, mm: int, dd: int, exp_eps, nn: int):
    """max over datasets of n clients of E sum_x |f_hat(x) - f(x)|, by enumerating every outcome of
    the real mechanism (exact rational).  Returns (value, counts)."""
    mech = exact_cms(kind, mm, dd, exp_eps)
    dom = mech.domain
    best = None
    for counts in _datasets(dd, nn):
        truth = [dom.convert(c) / dom.convert(nn) for c in counts]
        total = dom.zero
        for est, p in enumeration.estimate_distribution(mech, counts):
            err = dom.zero
            for v in range(dd):
                diff = est[v] - truth[v]
                err += diff if diff >= dom.zero else -diff
            total += p * err
        value = dom.to_sympy(total)
        if best is None or value > best[0]:
            best = (value, counts)
    return best


@cache
def model_l1(mm: int, dd: int, exp_eps, nn: int):
    """The derivation's l1 (binomial model), maximised over datasets."""
    return max(D.l1_rr_model(c, mm, exp_eps) for c in _datasets(dd, nn))


# =============================================================================================
# Eq. (11) and the Cauchy-Schwarz statement
EQ11_MECHS = [("rr", 2, 2, R(3), 3), ("arp", 2, 2, R(3), 3), ("rr", 4, 3, R(2), 2), ("srp", 3, 2, R(9, 4), 2)]


@claim(
    id="pan-cms/eq11",
    location="Section 3.4, Eq. (11)",
    statement="The l2 loss (maximum over datasets of n clients of the expected total squared error) equals "
              "the maximum over datasets of the sum over x of MSE(f_hat(x)).",
    printed=lambda: sympy.Eq(D.l2_sym, sympy.Symbol(r"\max_{X:|X|=n}\sum_{x\in[d]} MSE(\hat{f}(x))"), evaluate=False),
    derived=lambda: sympy.Eq(D.l2_sym, sympy.Symbol(r"\max_{X:|X|=n} E[\sum_{x\in[d]}(\hat{f}(x)-f(x))^2]"),
                             evaluate=False),
    derivation=f"{MODULE}.l2_model",
    kind="statement",
    assumptions="linearity of expectation; real CMS mechanisms with collision-uniform families",
)
def eq11(ev):
    insts = []
    for kind, mm, dd, ee, nmax in EQ11_MECHS:
        mech = exact_cms(kind, mm, dd, ee)
        for nn in range(1, nmax + 1):
            joint, marg = None, None
            for counts in _datasets(dd, nn):
                dist = enumeration.estimate_distribution(mech, counts)
                dom = mech.domain
                truth = [dom.convert(c) / dom.convert(nn) for c in counts]
                tot = dom.to_sympy(sum((p * sum(((est[v] - truth[v]) ** 2 for v in range(dd)), dom.zero)
                                        for est, p in dist), dom.zero))
                sm = sum(enumeration.enumerated_moments(mech, counts)["mse"])
                joint = tot if joint is None else max(joint, tot)
                marg = sm if marg is None else max(marg, sm)
            insts.append(Instance({"inner": kind, "m": mm, "d": dd, "e^eps": ee, "n": nn}, exact=joint,
                                  derived=losses.worst_case_l2(mech, nn).value, printed=marg, size=(dd, mm, nn)))
    ev.instances("max E[sum_x err^2] (joint enumeration) vs max sum_x MSE (marginals) vs worst_case_l2", insts)


CS_GRID = [(2, 2, 4), (4, 2, 4), (4, 3, 3)]  # (m, d, max n): gf2 families l = 1, 2
CS_E = (R(2), R(5), R(13))


@cache
def _cauchy_schwarz_data():
    rows = []
    for mm, dd, nmax in CS_GRID:
        for ee in CS_E:
            for nn in range(1, nmax + 1):
                l1x, counts = exact_l1("rr", mm, dd, ee, nn)
                l2x = losses.worst_case_l2(exact_cms("rr", mm, dd, ee), nn).value
                l1d = model_l1(mm, dd, ee, nn)
                l2d = D.l2_rr_value(dd, mm, ee, nn)
                rows.append(dict(m=mm, d=dd, e=ee, n=nn, l1=l1x, l2=l2x, l1d=l1d, l2d=l2d, counts=counts))
    return rows


def _cauchy_schwarz_check(ev):
    rows = _cauchy_schwarz_data()
    printed, corrected, model = [], [], []
    for r in rows:
        params = {"m": r["m"], "d": r["d"], "e^eps": r["e"], "n": r["n"], "l1 (exact)": _show(r["l1"]),
                  "sqrt(d) l2": _show(sympy.sqrt(r["d"]) * r["l2"]), "sqrt(d l2)": _show(sympy.sqrt(r["d"] * r["l2"]))}
        size = (r["d"], r["m"], r["n"], r["e"])
        printed.append(Instance(params, exact=bool(r["l1"] ** 2 <= r["d"] * r["l2"] ** 2),
                                derived=bool(r["l1d"] ** 2 <= r["d"] * r["l2d"] ** 2), printed=True, size=size))
        bound = losses.l1_cauchy_schwarz_bound(exact_cms("rr", r["m"], r["d"], r["e"]), r["n"])
        corrected.append(Instance(params, exact=bool(r["l1"] ** 2 <= bound ** 2), derived=True, size=size))
        model.append(Instance({k: params[k] for k in ("m", "d", "e^eps", "n")}, exact=r["l1"], derived=r["l1d"],
                              size=size))
    ev.instances("l1 <= sqrt(d) l2 on exact l1 (enumeration of every outcome) and exact l2", printed)
    ev.instances("corrected bound l1 <= sqrt(d l2) (ldpref.losses.l1_cauchy_schwarz_bound)", corrected,
                 has_printed=False)
    ev.instances("exact l1 (enumeration) == binomial-model l1 (derivation)", model, has_printed=False)
    # large n: the normal approximation of l1 (certified Frank-Wolfe bracket) against sqrt(d) l2
    notes = []
    for nn in (50, 1000):
        mech = exact_cms("rr", 2, 2, R(2))
        cert = losses.worst_case_l1_normal(mech, nn, iterations=200)
        l2 = losses.worst_case_l2(mech, nn).value
        notes.append(f"n={nn}: normal-approximation l1 in [{mpmath.nstr(cert.lower, 8)}, {mpmath.nstr(cert.upper, 8)}]"
                     f" vs sqrt(d) l2 = {mpmath.nstr(to_mpf(sympy.sqrt(2) * l2), 8)} and sqrt(d l2) = "
                     f"{mpmath.nstr(to_mpf(sympy.sqrt(2 * l2)), 8)}")
    ev.note("m=2, d=2, e^eps=2 (gf2 family): " + "; ".join(notes) + ". l1 scales as 1/sqrt(n) and sqrt(d) l2 as 1/n, "
            "so the printed bound fails for every large n; sqrt(d l2) is the Cauchy-Schwarz bound.")


_CS_PRINTED = lambda: sympy.Le(D.l1_sym, sympy.sqrt(d_sym) * D.l2_sym)  # noqa: E731
_CS_CORRECT = lambda: sympy.Le(D.l1_sym, sympy.sqrt(d_sym * D.l2_sym))  # noqa: E731
_CS_KW = dict(printed=_CS_PRINTED, derived=_CS_CORRECT, derivation=f"{MODULE}.l1_rr_model", kind="statement",
              assumptions="l1 and l2 are maxima over datasets of n clients (Section 2.2); checked on CMS+RR with "
                          "GF(2^l) affine families, l = 1, 2",
              note="Cauchy-Schwarz gives E sum_x |e_x| <= sqrt(d E sum_x e_x^2), i.e. l1 <= sqrt(d l2); the printed "
                   "sqrt(d) l2 is not even dimensionally consistent (l1 ~ n^-1/2, l2 ~ n^-1). Eq. (39) itself uses "
                   "the correct sqrt(d l2).")


@claim(id="pan-cms/sec3.4.l1-cauchy-schwarz", location="Section 3.4, after Eq. (11)",
       statement="By Cauchy-Schwarz, l1(f_hat) <= sqrt(d) l2(f_hat).", **_CS_KW)
def sec34_l1_cs(ev):
    _cauchy_schwarz_check(ev)


@claim(id="pan-cms/appD.l1-cauchy-schwarz", location="Appendix D, before Eq. (39)",
       statement="Appendix D restates l1 <= sqrt(d) l2 (Cauchy-Schwarz) to bound l1.", **_CS_KW)
def appd_l1_cs(ev):
    _cauchy_schwarz_check(ev)


# =============================================================================================
# Eqs. (12)-(14): inner-mechanism variances
INNER_GRID = {
    "rr": [(mm, ee) for mm in (2, 3, 4) for ee in (E, R(2), R(7, 2))],
    "arp": [(mm, ee) for mm in (2, 3) for ee in (E, R(2), R(3))],
    "srp": [(mm, ee) for mm in (2, 3) for ee in (R(9, 4), R(4), R(9))],  # e^(eps/2) rational
}


def _inner_check(ev, kind, eq):
    ev.symbolic(f"Eq. ({eq}) printed vs derived, (a = b, a != b)", list(D.inner_variance_printed(kind)),
                list(D.inner_variance_derived(kind)))
    insts = []
    for mm, ee in INNER_GRID[kind]:
        mech = inner_mechanism(kind, mm, ee)
        exact = []
        for a in range(mm):
            var = enumeration.enumerated_moments(mech, [1 if x == a else 0 for x in range(mm)])["variance"]
            exact.extend(sympy.cancel(v) for v in var)
        pe, pn = (sympy.cancel(v) for v in D.inner_variance_printed(kind, mm, ee))
        de, dn = (sympy.cancel(v) for v in D.inner_variance_derived(kind, mm, ee))
        printed = [pe if a == b else pn for a in range(mm) for b in range(mm)]
        derived = [de if a == b else dn for a in range(mm) for b in range(mm)]
        symbolic = ee == E
        insts.append(Instance({"m": mm, "e^eps": ee, "values": "Var(R(a)[b]) for all a, b"}, exact, derived, printed,
                              size=(mm, 0, 0) if symbolic else (mm, 1, ee)))
    ev.instances(f"Var(R(a)[b]) by enumeration of the exact {kind} mechanism on [m]", insts)


@claim(id="pan-cms/eq12", location="Section 3.4, Eq. (12)",
       statement="m-ary randomized response on [m]: Var(RR(a)[b]) = e^eps (m-1)/(e^eps-1)^2 if a = b and "
                 "(e^eps + m - 2)/(e^eps-1)^2 otherwise.",
       printed=lambda: D.inner_variance_form("rr", True), derived=lambda: D.inner_variance_form("rr", False),
       derivation=f"{MODULE}.inner_variance_derived", assumptions="e^eps > 1; unbiased decoder (1{z=b} - q)/(p - q)")
def eq12(ev):
    _inner_check(ev, "rr", 12)


@claim(id="pan-cms/eq13", location="Section 3.4, Eq. (13)",
       statement="Asymmetric RAPPOR (OUE) on [m]: Var(aRP(a)[b]) = (e^eps+1)^2/(e^eps-1)^2 if a = b and "
                 "4 e^eps/(e^eps-1)^2 otherwise.",
       printed=lambda: D.inner_variance_form("arp", True), derived=lambda: D.inner_variance_form("arp", False),
       derivation=f"{MODULE}.inner_variance_derived", assumptions="OUE: p = 1/2, q = 1/(e^eps + 1)")
def eq13(ev):
    _inner_check(ev, "arp", 13)


@claim(id="pan-cms/eq14", location="Section 3.4, Eq. (14)",
       statement="Symmetric RAPPOR (SUE) on [m]: Var(sRP(a)[b]) = e^(eps/2)/(e^(eps/2)-1)^2 for all a, b.",
       printed=lambda: D.inner_variance_form("srp", True), derived=lambda: D.inner_variance_form("srp", False),
       derivation=f"{MODULE}.inner_variance_derived",
       assumptions="SUE: every bit through binary RR at eps/2; instances use e^eps with a rational square root")
def eq14(ev):
    _inner_check(ev, "srp", 14)


# =============================================================================================
# Eq. (31) and the end-point structure of the worst case
EQ31_MECHS = [(2, 2), (3, 2), (3, 3), (4, 2), (4, 3), (4, 4)]


def _constructions_agree(ev, cases):
    """Record that the lumped / by-bits constructions equal the full cms() mechanism (variances on every
    dataset of up to 2 clients, and the expectation)."""
    for kind, mm, dd, ee in cases:
        full = full_cms(kind, mm, dd, ee)
        lumped = lumped_cms(pairwise_family(mm, dd), inner_mechanism(kind, mm, ee))
        others = [lumped]
        if kind != "rr":
            others.append(unary_cms_by_bits(pairwise_family(mm, dd), kind, ee))
        lhs, rhs = [], []
        for nn in (1, 2):
            for counts in _datasets(dd, nn):
                ref = moments.variance(full, counts) + moments.expectation(full, counts)
                for other in others:
                    lhs.extend(ref)
                    rhs.extend(moments.variance(other, counts) + moments.expectation(other, counts))
        ev.identity(f"exact constructions agree ({kind}, m={mm}, d={dd}, e^eps={ee}): full cms() == lumped"
                    + (" == by-bits" if kind != "rr" else ""), lhs, rhs)


@claim(
    id="pan-cms/appD.eq31",
    location="Appendix D, Eq. (31)",
    statement="Eq. (12) in Eq. (6): Var(f_hat(x)_RR) = (1-f(x))/(n(m-1)) + m[(1-f(x))(e^eps-1)(2-m) + m e^eps]/"
              "(n(m-1)(e^eps-1)^2).",
    printed=lambda: sympy.Eq(D.Var_rr, D.var_rr_printed(), evaluate=False),
    derived=lambda: sympy.Eq(D.Var_rr, D.var_rr_derived(), evaluate=False),
    derivation=f"{MODULE}.var_rr_derived",
    assumptions="hash family with collision rate 1/m (pairwise independent); clients independent",
)
def appd_eq31(ev):
    ev.symbolic("Eq. (31) printed vs derived", D.var_rr_printed(), D.var_rr_derived())
    _constructions_agree(ev, [("rr", 4, 3, R(2)), ("rr", 3, 3, R(7, 2))])
    insts = []
    for mm, dd in EQ31_MECHS:
        for ee in (R(2), R(7, 2)):
            mech = exact_cms("rr", mm, dd, ee)
            sets = [c for nn in (1, 2) for c in _datasets(dd, nn)] + [tuple(3 if x == y else 0 for x in range(dd))
                                                                      for y in range(dd)]
            for counts in sets:
                nn = sum(counts)
                exact = enumeration.enumerated_moments(mech, counts)["variance"]
                insts.append(Instance({"m": mm, "d": dd, "e^eps": ee, "counts": counts}, exact,
                                      [D.var_rr_derived(R(c, nn), mm, ee, nn) for c in counts],
                                      [D.var_rr_printed(R(c, nn), mm, ee, nn) for c in counts], size=(dd, mm, nn, ee)))
    # one mechanism with symbolic e^eps (full cms on the GF(2) family)
    mech = full_cms("rr", 2, 2, E)
    for counts in [(1, 0), (2, 1)]:
        nn = sum(counts)
        insts.append(Instance({"m": 2, "d": 2, "e^eps": "symbolic", "counts": counts},
                              [sympy.cancel(v) for v in moments.variance(mech, counts)],
                              [D.var_rr_derived(R(c, nn), 2, E, nn) for c in counts],
                              [D.var_rr_printed(R(c, nn), 2, E, nn) for c in counts], size=(2, 2, nn, 0)))
    ev.instances("Var(f_hat(x)) of exact CMS+RR by enumeration (every x)", insts)


@claim(
    id="pan-cms/appD.worst-endpoints",
    location="Appendix D, after Eq. (31)",
    statement="Var(f_hat(x)_RR) is linear in f(x), so the worst-case MSE over datasets is the larger of the "
              "variances at f(x) = 0 and f(x) = 1.",
    printed=lambda: sympy.Eq(D.MSE_hat, sympy.Max(D.var_rr_printed(0), D.var_rr_printed(1)), evaluate=False),
    derived=lambda: sympy.Eq(D.MSE_hat, sympy.Max(D.var_rr_derived(0), D.var_rr_derived(1)), evaluate=False),
    derivation=f"{MODULE}.worst_case_mse_model",
    kind="statement",
    assumptions="collision rate 1/m; all values of interest; datasets of n clients",
)
def appd_worst_endpoints(ev):
    insts = []
    for mm, dd in [(2, 2), (3, 3), (4, 3), (4, 4)]:
        for ee in (R(2), R(5)):
            mech = exact_cms("rr", mm, dd, ee)
            for nn in (1, 2, 3):
                exact = losses.worst_case_mse(mech, nn).value
                on = moments.variance(mech, (nn,) + (0,) * (dd - 1))[0]
                off = moments.variance(mech, (0, nn) + (0,) * (dd - 2))[0]
                insts.append(Instance({"m": mm, "d": dd, "e^eps": ee, "n": nn}, exact,
                                      max(D.var_rr_derived(0, mm, ee, nn), D.var_rr_derived(1, mm, ee, nn)),
                                      max(on, off), size=(dd, mm, nn, ee)))
    ev.instances("worst_case_mse over all datasets vs max(Var | f(x)=0, Var | f(x)=1)", insts)


# =============================================================================================
# Appendix D derivatives, crossover, orderings
DERIV_E = (R(2), R(3), R(9, 2))
DERIV_M = (2, 3, 4, 5, 6)


def _deriv_check(ev, fx, printed_fn):
    ev.symbolic(f"printed derivative vs d/dm of the derived Var(f(x)={fx})", printed_fn(), D.dvar_dm_derived(fx))
    insts = []
    for ee in DERIV_E:
        F = exact_var_function("rr", ee, fx)
        dF = sympy.diff(F, m_sym)
        for mm in DERIV_M:
            insts.append(Instance({"e^eps": ee, "m": mm, "n": 1}, sympy.cancel(dF.subs(m_sym, mm)),
                                  D.dvar_dm_derived(fx).subs({E: ee, m_sym: mm, n_sym: 1}),
                                  printed_fn().subs({E: ee, m_sym: mm, n_sym: 1}), size=(mm, ee)))
    ev.instances(f"d/dm of the exact n Var(f_hat | f(x)={fx}) (real mechanisms, m = 2..7, interpolated)", insts)
    lit = D.dvar_df_derived()
    ev.note("the paper writes the derivative with respect to f(x); literally d Var/d f(x) = "
            f"{lit} (Var is affine in f(x)), which is not the printed expression; the text uses it as d/dm.")


@claim(
    id="pan-cms/appD.dvar-f1",
    location="Appendix D, derivative of Var(f_hat(x)_RR | f(x) = 1)",
    statement="The derivative of Var(f_hat(x)_RR | f(x)=1) (printed as d/df(x), used as d/dm) is "
              "m(m-2)e^eps/(n(m-1)^2(e^eps-1)^2).",
    printed=lambda: sympy.Eq(sympy.Symbol(r"\frac{\partial Var(\hat{f}(x)_{RR}|f(x)=1)}{\partial m}"),
                             D.dvar_f1_printed(), evaluate=False),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\frac{\partial Var(\hat{f}(x)_{RR}|f(x)=1)}{\partial m}"),
                             D.dvar_dm_derived(1), evaluate=False),
    derivation=f"{MODULE}.dvar_dm_derived",
    assumptions="m real > 1; read as the derivative in m (the only reading consistent with the text)",
    note="Notation slip: the printed left-hand side differentiates with respect to f(x).",
)
def appd_dvar_f1(ev):
    _deriv_check(ev, 1, D.dvar_f1_printed)


@claim(
    id="pan-cms/appD.dvar-f0",
    location="Appendix D, derivative of Var(f_hat(x)_RR | f(x) = 0)",
    statement="The derivative of Var(f_hat(x)_RR | f(x)=0) (printed as d/df(x), used as d/dm) is "
              "(m-e^eps-1)(m+e^eps-1)/(n(m-1)(e^eps-1)^2).",
    printed=lambda: sympy.Eq(sympy.Symbol(r"\frac{\partial Var(\hat{f}(x)_{RR}|f(x)=0)}{\partial m}"),
                             D.dvar_f0_printed(), evaluate=False),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\frac{\partial Var(\hat{f}(x)_{RR}|f(x)=0)}{\partial m}"),
                             D.dvar_dm_derived(0), evaluate=False),
    derivation=f"{MODULE}.dvar_dm_derived",
    assumptions="m real > 1; read as the derivative in m",
    note="The denominator needs (m-1)^2; the sign, hence the minimum at m = 1 + e^eps, is unaffected.",
)
def appd_dvar_f0(ev):
    _deriv_check(ev, 0, D.dvar_f0_printed)


@claim(
    id="pan-cms/appD.f1-increasing",
    location="Appendix D, after the derivative at f(x) = 1",
    statement="Var(f_hat(x)_RR | f(x)=1) increases with m for m >= 2.",
    printed=lambda: sympy.Symbol(r"\frac{\partial Var(\hat{f}(x)_{RR}|f(x)=1)}{\partial m} \geq 0,\ m\geq 2"),
    derived=lambda: sympy.GreaterThan(D.dvar_dm_derived(1), 0),
    derivation=f"{MODULE}.dvar_dm_derived",
    kind="statement",
)
def appd_f1_increasing(ev):
    insts = []
    for ee in (R(2), R(3), R(9)):
        vals = {mm: moments.variance(exact_cms("rr", mm, 2, ee), (1, 0))[0] for mm in range(2, 10)}
        for mm in range(2, 9):
            der = D.var_rr_derived(1, mm + 1, ee, 1) - D.var_rr_derived(1, mm, ee, 1)
            insts.append(Instance({"e^eps": ee, "m -> m+1": mm}, bool(vals[mm + 1] > vals[mm]), bool(der > 0), True,
                                  size=(mm, ee)))
    ev.instances("exact Var(f_hat | f(x)=1) of real mechanisms at consecutive m", insts)


@claim(
    id="pan-cms/appD.f0-minimum",
    location="Appendix D, after the derivative at f(x) = 0",
    statement="Var(f_hat(x)_RR | f(x)=0) has its minimum over m >= 2 at m = e^eps + 1.",
    printed=lambda: sympy.Eq(sympy.Symbol(r"\arg\min_m Var(\hat{f}(x)_{RR}|f(x)=0)"), 1 + E, evaluate=False),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\arg\min_m Var(\hat{f}(x)_{RR}|f(x)=0)"), D.stationary_m(0),
                             evaluate=False),
    derivation=f"{MODULE}.stationary_m",
)
def appd_f0_minimum(ev):
    ev.symbolic("printed argmin vs derived stationary point", 1 + E, D.stationary_m(0))
    insts = []
    for ee in (R(2), R(3), R(4), R(5, 2)):
        _, arg = mse_exact_optimum(ee, R(0))
        insts.append(Instance({"e^eps": ee, "m": "real"}, arg, D.stationary_m(0, ee), 1 + ee, size=(ee, 0)))
        if ee.is_integer:
            vals = {mm: moments.variance(exact_cms("rr", mm, 2, ee), (0, 1))[0] for mm in range(2, int(ee) + 5)}
            (best,) = _argmin_set(vals)
            insts.append(Instance({"e^eps": ee, "m": "integer (exhaustive)"}, sympy.Integer(best),
                                  D.stationary_m(0, ee), 1 + ee, size=(ee, 1)))
    ev.instances("argmin over m of the exact Var(f_hat | f(x)=0)", insts)


@claim(
    id="pan-cms/appD.var-ordering",
    location="Appendix D, worst-case MSE discussion",
    statement="At m = e^eps + 1, Var(.|f=1) > Var(.|f=0); for 2 <= m < e^(eps/2) + 1, Var(.|f=1) < Var(.|f=0) and "
              "Var(.|f=0) decreases with m (it decreases on [2, e^eps + 1]).",
    printed=lambda: sympy.Symbol(r"Var(\cdot|f{=}1)>Var(\cdot|f{=}0)\ (m=e^\epsilon+1);\ "
                                 r"Var(\cdot|f{=}1)<Var(\cdot|f{=}0)\ (2\le m<e^{\epsilon/2}+1)"),
    derived=lambda: sympy.Eq(sympy.Symbol(r"n(e^\epsilon-1)^2(m-1)(Var(\cdot|1)-Var(\cdot|0))"),
                             sympy.factor(sympy.cancel((D.var_rr_derived(1) - D.var_rr_derived(0)) * n_sym
                                                       * (E - 1) ** 2 * (m_sym - 1))), evaluate=False),
    derivation=f"{MODULE}.var_rr_derived",
    kind="statement",
)
def appd_var_ordering(ev):
    insts = []
    for ee in (R(2), R(3), R(4), R(9), R(16)):
        mech = lambda mm: exact_cms("rr", mm, 2, ee)  # noqa: E731
        v = lambda mm, c: moments.variance(mech(mm), c)[0]  # noqa: E731
        dv = lambda mm, fx: D.var_rr_derived(fx, mm, ee, 1)  # noqa: E731
        top = int(ee) + 1
        insts.append(Instance({"e^eps": ee, "m": top, "relation": "Var|1 > Var|0"}, bool(v(top, (1, 0)) > v(top, (0, 1))),
                              bool(dv(top, 1) > dv(top, 0)), True, size=(ee, top, 0)))
        for mm in range(2, top + 1):
            if _lt(mm, 1 + sympy.sqrt(ee)):
                insts.append(Instance({"e^eps": ee, "m": mm, "relation": "Var|1 < Var|0"},
                                      bool(v(mm, (1, 0)) < v(mm, (0, 1))), bool(dv(mm, 1) < dv(mm, 0)), True,
                                      size=(ee, mm, 1)))
            if mm < top:
                insts.append(Instance({"e^eps": ee, "m -> m+1": mm, "relation": "Var|0 decreasing"},
                                      bool(v(mm + 1, (0, 1)) < v(mm, (0, 1))), bool(dv(mm + 1, 0) < dv(mm, 0)), True,
                                      size=(ee, mm, 2)))
    ev.instances("orderings on the exact variances of real mechanisms (integer m)", insts)


@claim(
    id="pan-cms/appD.crossover",
    location="Appendix D, equating the variances at f(x) = 0 and f(x) = 1",
    statement="Var(.|f(x)=0) = Var(.|f(x)=1) at m = e^(eps/2) + 1, where the variance is "
              "e^(eps/2)/(n(e^(eps/2)-1)^2).",
    printed=lambda: (sympy.Eq(sympy.Symbol("m"), 1 + D.half, evaluate=False),
                     sympy.Eq(D.Var_rr, D.crossover_var_printed(), evaluate=False)),
    derived=lambda: (sympy.Eq(sympy.Symbol("m"), D.crossover_m_derived(), evaluate=False),
                     sympy.Eq(D.Var_rr, D.crossover_var_derived(), evaluate=False)),
    derivation=f"{MODULE}.crossover_m_derived",
)
def appd_crossover(ev):
    ev.symbolic("crossover m and variance", [1 + D.half, D.crossover_var_printed()],
                [D.crossover_m_derived(), D.crossover_var_derived()])
    insts = []
    for ee in (R(2), R(3), R(4), R(9)):
        F0, F1 = exact_var_function("rr", ee, 0), exact_var_function("rr", ee, 1)
        (root,) = _roots_above(F1 - F0, 1 + R(1, 10 ** 6))
        exact = [root, _canon(F0.subs(m_sym, root))]
        sub = {E: ee, n_sym: 1}
        insts.append(Instance({"e^eps": ee, "n": 1}, exact,
                              [_canon(D.crossover_m_derived().subs(sub)), _canon(D.crossover_var_derived().subs(sub))],
                              [_canon(1 + sympy.sqrt(ee)), _canon(D.crossover_var_printed().subs(sub))], size=(ee,)))
    ev.instances("root m > 1 of the exact Var(.|1) - Var(.|0) and the variance there", insts)


@claim(
    id="pan-cms/appD.m-lower-bound",
    location="Appendix D, 'm should never be smaller than e^(eps/2) + 1'",
    statement="For 2 <= m <= e^(eps/2) + 1 the worst-case variance is strictly larger than its value "
              "e^(eps/2)/(n(e^(eps/2)-1)^2) at m = e^(eps/2) + 1.",
    printed=lambda: sympy.StrictGreaterThan(sympy.Symbol(r"\max_{f(x)} Var(\hat{f}(x)_{RR})"),
                                            D.crossover_var_printed()),
    derived=lambda: sympy.GreaterThan(sympy.Symbol(r"\max_{f(x)} Var(\hat{f}(x)_{RR})"), D.crossover_var_derived()),
    derivation=f"{MODULE}.crossover_var_derived",
    kind="statement",
    correction=lambda: sympy.Symbol(r"\max_{f(x)} Var(\hat{f}(x)_{RR}) \geq \frac{e^{\epsilon/2}}{n(e^{\epsilon/2}-1)^2}"
                                    r"\ \text{for}\ 2\le m\le e^{\epsilon/2}+1,\ \text{strict iff}\ m<e^{\epsilon/2}+1"),
    condition="m < e^(eps/2) + 1 (the range of the sentence before it); at the end point m = e^(eps/2) + 1, which "
              "the printed range includes, the two sides are equal",
    note="Only the end point m = e^(eps/2) + 1 (included by the printed range) violates the strict inequality; the "
         "conclusion (m should not be below e^(eps/2) + 1) stands.",
)
def appd_m_lower_bound(ev):
    insts = []
    for ee in (R(3), R(4), R(6), R(9), R(16)):
        opt = D.crossover_var_printed().subs({E: ee, n_sym: 1})
        dopt = D.crossover_var_derived().subs({E: ee, n_sym: 1})
        for mm in range(2, int(sympy.floor(1 + sympy.sqrt(ee))) + 1):
            worst = losses.worst_case_mse(exact_cms("rr", mm, 2, ee), 1).value
            dworst = max(D.var_rr_derived(0, mm, ee, 1), D.var_rr_derived(1, mm, ee, 1))
            insts.append(Instance({"e^eps": ee, "m": mm, "worst-case MSE (n=1)": _show(worst), "bound": _show(opt)},
                                  exact=bool(_sign(worst - opt) > 0), derived=bool(_sign(dworst - dopt) > 0),
                                  printed=True, in_condition=_sign(1 + sympy.sqrt(ee) - mm) > 0, size=(ee, mm)))
    ev.instances("exact worst-case MSE of real mechanisms at integer m in [2, e^(eps/2)+1]", insts)


# =============================================================================================
# Eq. (32), Var*, validity, the piecewise optimum (Theorem 3.6, Eq. (15), Corollary 3.4)
def _sq(x):
    """Canonical form for comparing m = 1 + sqrt(...) forms: (m - 1)^2 as a rational function."""
    return sympy.factor(sympy.cancel(sympy.expand((x - 1) ** 2)))


@claim(
    id="pan-cms/appD.eq32",
    location="Appendix D, Eq. (32) (with Delta_MSE)",
    statement="d/dm Var(f_hat_RR | f(x)=f*) = 0 at m = 1 + Delta_MSE/(f* e^eps + 1 - f*), "
              "Delta_MSE = e^(eps/2) sqrt([(1-f*)e^eps + f*][f* e^eps + 1 - f*]).",
    printed=lambda: sympy.Eq(m_sym, 1 + D.Delta_MSE / (fs_sym * E + 1 - fs_sym), evaluate=False),
    derived=lambda: sympy.Eq(m_sym, D.stationary_m(), evaluate=False),
    derivation=f"{MODULE}.stationary_m",
    assumptions="0 <= f* <= 1, e^eps > 1, m real > 1",
)
def appd_eq32(ev):
    ev.symbolic("(m - 1)^2: printed vs derived", D.m32_printed(), D.stationary_m(), simplify=_sq)
    insts = []
    for ee in MSE_E_GRID:
        for fs in MSE_F_GRID:
            root, _ = exact_stationary(ee, fs)
            insts.append(Instance({"e^eps": ee, "f*": fs}, root, _canon(D.stationary_m(fs, ee)),
                                  _canon(D.m32_printed(fs, ee)), size=(ee, fs)))
    ev.instances("stationary point of the exact Var(f_hat_RR | f(x)=f*) (real mechanisms, interpolated in m)", insts)


@claim(
    id="pan-cms/appD.var-star",
    location="Appendix D, variance at Eq. (32)",
    statement="At the m of Eq. (32), Var(f_hat_RR | f(x)=f*) = 2(Delta_MSE + e^eps)/(n(e^eps-1)^2).",
    printed=lambda: sympy.Eq(D.Var_star, D.var_star_printed(), evaluate=False),
    derived=lambda: sympy.Eq(D.Var_star, D.var_star_derived(), evaluate=False),
    derivation=f"{MODULE}.var_star_derived",
    assumptions="0 <= f* <= 1, e^eps > 1",
)
def appd_var_star(ev):
    iso = lambda v: sympy.factor(sympy.cancel(sympy.expand((v * n_sym * (E - 1) ** 2 / 2 - E) ** 2)))  # noqa: E731
    ev.symbolic("(n(e-1)^2 Var/2 - e^eps)^2: printed vs derived", D.var_star_printed(), D.var_star_derived(),
                simplify=iso)
    insts = []
    for ee in MSE_E_GRID:
        for fs in MSE_F_GRID:
            _, value = exact_stationary(ee, fs)
            insts.append(Instance({"e^eps": ee, "f*": fs, "n": 1}, value, _canon(D.var_star_derived(fs, ee, 1)),
                                  _canon(D.var_star_printed(fs, ee, 1)), size=(ee, fs)))
    ev.instances("exact n Var at the exact stationary point", insts)


@claim(
    id="pan-cms/appD.validity",
    location="Appendix D, range of validity of Eq. (32)",
    statement="The m of Eq. (32) lies in [e^(eps/2) + 1, e^eps + 1] exactly when f* <= 1/2; for f* > 1/2 it is "
              "below e^(eps/2) + 1.",
    printed=lambda: sympy.Equivalent(sympy.Symbol(r"e^{\epsilon/2}+1\le m_{(32)}\le e^{\epsilon}+1"),
                                     sympy.Symbol(r"f^*\le 1/2")),
    derived=lambda: D.stationary_condition_derived(),
    derivation=f"{MODULE}.stationary_condition_derived",
    kind="statement",
)
def appd_validity(ev):
    lo_d, hi_d = D.stationary_condition_derived()
    insts = []
    for ee in MSE_E_GRID:
        for fs in (R(0), R(1, 4), R(1, 3), R(1, 2), R(2, 3), R(3, 4), R(1)):
            root, _ = exact_stationary(ee, fs) if fs in MSE_F_GRID else (None, None)
            if root is None:
                F = exact_var_function("rr", ee, fs)
                (root,) = _roots_above(sympy.diff(F, m_sym), 1 + R(1, 10 ** 6))
            inside = _le(1 + sympy.sqrt(ee), root) and _le(root, 1 + ee)
            dinside = _sign(lo_d.subs({E: ee, fs_sym: fs})) >= 0 and _sign(hi_d.subs({E: ee, fs_sym: fs})) >= 0
            below = _lt(root, 1 + sympy.sqrt(ee))
            insts.append(Instance({"e^eps": ee, "f*": fs, "m (Eq. 32)": _show(root)},
                                  exact=bool(inside == (fs <= R(1, 2)) and (fs <= R(1, 2) or below)),
                                  derived=bool(dinside == (fs <= R(1, 2))), printed=True, size=(ee, fs)))
    ev.instances("is the exact stationary point in [1 + e^(eps/2), 1 + e^eps] iff f* <= 1/2", insts)


def _mse_opt_instances(printed_value, derived_value, which):
    insts = []
    for ee in MSE_E_GRID:
        for fs in MSE_F_GRID:
            value, arg = mse_exact_optimum(ee, fs)
            exact = value if which == "value" else arg
            insts.append(Instance({"e^eps": ee, "f*": fs, "n": 1, "m": "real"}, exact,
                                  _canon(derived_value(fs, ee)), _canon(printed_value(fs, ee)), size=(ee, fs)))
    return insts


def _integer_optimum_instances(printed_value):
    """Integer m: where the continuous optimum is an integer, the exhaustive search over integer m on real
    mechanisms must reach the printed optimum."""
    insts = []
    for ee, fs in [(R(4), R(1)), (R(9), R(1)), (R(16), R(1)), (R(4), R(1, 2)), (R(2), R(0)), (R(3), R(0))]:
        mstar = D.m_opt_derived(fs, ee)
        top = int(sympy.ceiling(mstar)) + 3
        vals = {mm: exact_worst_mse_int("rr", mm, ee, fs) for mm in range(2, top + 1)}
        best = min(vals.values())
        insts.append(Instance({"e^eps": ee, "f*": fs, "n": 1, "m": f"integer 2..{top} (exhaustive)"}, best,
                              _canon(D.mse_opt_derived(fs, ee, 1)), _canon(printed_value(fs, ee)), size=(ee, fs, 1)))
    return insts


def _thm36_symbolic(ev):
    iso = lambda v: sympy.factor(sympy.cancel(sympy.expand((v * n_sym * (E - 1) ** 2 / 2 - E) ** 2)))  # noqa: E731
    ev.symbolic("f* <= 1/2 branch: (n(e-1)^2 MSE/2 - e^eps)^2", D.var_star_printed(), D.var_star_derived(),
                simplify=iso)
    ev.symbolic("1/2 < f* <= 1 branch", D.crossover_var_printed(), D.crossover_var_derived())


_MSE_PIECEWISE_PRINTED = lambda: sympy.Eq(D.MSE_hat, sympy.Piecewise(  # noqa: E731
    (2 * (D.Delta_MSE + E) / (n_sym * (E - 1) ** 2), sympy.Le(fs_sym, R(1, 2))),
    (D.half / (n_sym * (D.half - 1) ** 2), True)), evaluate=False)
_MSE_PIECEWISE_DERIVED = lambda: sympy.Eq(D.MSE_hat, sympy.Piecewise(  # noqa: E731
    (D.var_star_derived(), sympy.Le(fs_sym, R(1, 2))), (D.crossover_var_derived(), True)), evaluate=False)


@claim(
    id="pan-cms/thm3.6",
    location="Section 3.4, Theorem 3.6",
    statement="With f(x) <= f* for the values of interest, the optimised worst-case MSE of CMS is "
              "2(Delta_MSE + e^eps)/(n(e^eps-1)^2) if f* <= 1/2 and e^(eps/2)/(n(e^(eps/2)-1)^2) otherwise, "
              "reached by CMS+RR (m as in Eq. (15)).",
    printed=_MSE_PIECEWISE_PRINTED,
    derived=_MSE_PIECEWISE_DERIVED,
    derivation=f"{MODULE}.mse_opt_derived",
    assumptions="m optimised as a real number; CMS+RR with collision rate 1/m; RR vs aRP/sRP: see appD.arp-ruled-out "
                "and appD.srp-ruled-out",
    note="For integer m the value is reached only when Eq. (15) is an integer; otherwise the best integer m is "
         "strictly worse (see thm3.6.closest-integer and sec3.4.rp-not-optimal).",
)
def thm3_6(ev):
    _thm36_symbolic(ev)
    insts = _mse_opt_instances(lambda fs, ee: D.mse_opt_printed(fs, ee, 1), lambda fs, ee: D.mse_opt_derived(fs, ee, 1),
                               "value")
    insts += _integer_optimum_instances(lambda fs, ee: D.mse_opt_printed(fs, ee, 1))
    ev.instances("min over m of the exact worst-case n MSE (continuous: interpolated real mechanisms; integer: "
                 "exhaustive)", insts)


@claim(
    id="pan-cms/appD.var-opt",
    location="Appendix D, piecewise Var*(f_hat(x)_RR)",
    statement="Appendix D's piecewise optimum: 2(Delta_MSE + e^eps)/(n(e^eps-1)^2) for f* <= 1/2, "
              "e^(eps/2)/(n(e^(eps/2)-1)^2) for 1/2 < f* <= 1.",
    printed=_MSE_PIECEWISE_PRINTED,
    derived=_MSE_PIECEWISE_DERIVED,
    derivation=f"{MODULE}.mse_opt_derived",
    assumptions="m optimised as a real number",
)
def appd_var_opt(ev):
    _thm36_symbolic(ev)
    ev.instances("min over real m of the exact worst-case n MSE",
                 _mse_opt_instances(lambda fs, ee: D.mse_opt_printed(fs, ee, 1),
                                    lambda fs, ee: D.mse_opt_derived(fs, ee, 1), "value"))


def _m_piecewise(first):
    return lambda: sympy.Eq(m_sym, sympy.Piecewise((first, sympy.Le(fs_sym, R(1, 2))), (1 + D.half, True)),
                            evaluate=False)


@claim(
    id="pan-cms/eq15",
    location="Section 3.4, Eq. (15) (Theorem 3.6)",
    statement="The worst-case-MSE optimal m is 1 + Delta_MSE/(f* e^eps + 1 - f*) if f* <= 1/2 and "
              "1 + e^(eps/2) if 1/2 < f* <= 1 (before rounding to an integer).",
    printed=_m_piecewise(1 + D.Delta_MSE / (fs_sym * E + 1 - fs_sym)),
    derived=lambda: sympy.Eq(m_sym, sympy.Piecewise((D.stationary_m(), sympy.Le(fs_sym, R(1, 2))),
                                                    (D.crossover_m_derived(), True)), evaluate=False),
    derivation=f"{MODULE}.m_opt_derived",
    assumptions="m real >= 2",
)
def eq15(ev):
    ev.symbolic("f* <= 1/2 branch, (m - 1)^2", D.m32_printed(), D.stationary_m(), simplify=_sq)
    ev.symbolic("1/2 < f* branch", 1 + D.half, D.crossover_m_derived())
    ev.instances("argmin over real m of the exact worst-case MSE",
                 _mse_opt_instances(D.m_opt_printed, D.m_opt_derived, "arg"))


@claim(
    id="pan-cms/appD.m-opt",
    location="Appendix D, piecewise m after Eq. (32)",
    statement="Appendix D's piecewise optimum m: 1 + Delta_MSE if f* <= 1/2, 1 + e^(eps/2) otherwise.",
    printed=_m_piecewise(1 + D.Delta_MSE),
    derived=_m_piecewise(1 + D.Delta_MSE / (fs_sym * E + 1 - fs_sym)),
    derivation=f"{MODULE}.m_opt_derived",
    assumptions="m real >= 2",
    note="The division by f* e^eps + 1 - f* of Eq. (32) is missing; it only vanishes at f* = 0.",
)
def appd_m_opt(ev):
    ev.symbolic("f* <= 1/2 branch, (m - 1)^2 (printed 1 + Delta_MSE vs derived stationary point)",
                1 + D.delta_mse_printed(), D.stationary_m(), simplify=_sq)
    ev.instances("argmin over real m of the exact worst-case MSE",
                 _mse_opt_instances(D.m_opt_appendix_printed, D.m_opt_derived, "arg"))


# ---- closest-integer rules -----------------------------------------------------------------
def _closest_rule_instances(grid, printed_m, derived_m, exact_value, derived_value, size_fn, params_fn):
    insts = []
    for key in grid:
        mp = printed_m(*key)
        md = derived_m(*key)
        top = int(sympy.ceiling(to_mpf(mp, 30))) + 3
        exact_vals = {mm: exact_value(mm, *key) for mm in range(2, top + 1)}
        derived_vals = {mm: derived_value(mm, *key) for mm in range(2, top + 1)}
        best = _argmin_set(exact_vals)
        dbest = _argmin_set(derived_vals)
        close = {max(c, 2) for c in closest_integers(mp)}
        dclose = {max(c, 2) for c in closest_integers(md)}
        params = params_fn(*key)
        params.update({"continuous m (printed)": _show(mp), "closest integer": sorted(close),
                       "best integer m (exact, 2..%d)" % top: sorted(best)})
        insts.append(Instance(params, exact=close <= best, derived=dclose <= dbest, printed=True, size=size_fn(*key)))
    return insts


def _mse_rule(ev, grid):
    insts = _closest_rule_instances(
        grid, lambda ee, fs: D.m_opt_printed(fs, ee), lambda ee, fs: D.m_opt_derived(fs, ee),
        lambda mm, ee, fs: exact_worst_mse_int("rr", mm, ee, fs),
        lambda mm, ee, fs: max(D.var_rr_derived(0, mm, ee, 1), D.var_rr_derived(fs, mm, ee, 1)),
        lambda ee, fs: (ee, fs), lambda ee, fs: {"e^eps": ee, "f*": fs})
    ev.instances("is the closest integer to Eq. (15) an optimal integer m (exhaustive search, real mechanisms)",
                 insts)


_RULE_CORRECTION = lambda what: (lambda: sympy.Symbol(  # noqa: E731
    r"m_{\mathbb{Z}}^{*} \in \{\lfloor m^{*}\rfloor, \lceil m^{*}\rceil\}\ \text{whichever gives the smaller "
    + what + r"; for } a t + b + c/t\ (t = m-1)\ \text{it is}\ \lceil m^{*}\rceil \text{ iff } (m^{*}-1)^2 > "
    r"(\lfloor m^{*}\rfloor-1)\lfloor m^{*}\rfloor"))

MSE_RULE_GRID = [(ee, fs) for fs in (R(0), R(1, 4), R(1, 2), R(1))
                 for ee in (R(2), R(21, 10), R(5, 2), R(3), R(4), R(5), R(6), R(7))]


@claim(
    id="pan-cms/thm3.6.closest-integer",
    location="Section 3.4, Theorem 3.6 ('m is the closest integer to Eq. (15)')",
    statement="Rounding Eq. (15) to the closest integer gives an integer m that minimises the worst-case MSE "
              "of CMS+RR.",
    printed=lambda: sympy.Eq(sympy.Symbol(r"m_{\mathbb{Z}}^{*}"), sympy.Symbol(r"\mathrm{round}(m^{*}_{(15)})"),
                             evaluate=False),
    derived=lambda: sympy.Eq(sympy.Symbol(r"m_{\mathbb{Z}}^{*}"),
                             sympy.Symbol(r"\arg\min_{m\in\{\lfloor m^*\rfloor,\lceil m^*\rceil\}}\widehat{MSE}(m)"),
                             evaluate=False),
    derivation=f"{MODULE}.worst_case_mse_model",
    kind="statement",
    correction=_RULE_CORRECTION("worst-case MSE"),
    assumptions="n = denominator of f*; value of interest x = 0; m searched over 2..ceil(m*)+3",
    note="For a t + b + c/t the integer optimum switches at the geometric mean of consecutive integers, "
         "not the arithmetic mean, so rounding picks the wrong neighbour in a band below each half-integer.",
)
def thm3_6_closest(ev):
    _mse_rule(ev, MSE_RULE_GRID)


@claim(
    id="pan-cms/cor3.4",
    location="Section 3.4, Corollary 3.4",
    statement="With f* = 1 the optimised worst-case MSE is e^(eps/2)/(n(e^(eps/2)-1)^2), reached by CMS+RR "
              "with m = 1 + e^(eps/2) (before rounding).",
    printed=lambda: (sympy.Eq(D.MSE_hat, D.crossover_var_printed(), evaluate=False),
                     sympy.Eq(m_sym, 1 + D.half, evaluate=False)),
    derived=lambda: (sympy.Eq(D.MSE_hat, D.crossover_var_derived(), evaluate=False),
                     sympy.Eq(m_sym, D.crossover_m_derived(), evaluate=False)),
    derivation=f"{MODULE}.mse_opt_derived",
    assumptions="m optimised as a real number",
)
def cor3_4(ev):
    ev.symbolic("optimum and m", [D.crossover_var_printed(), 1 + D.half],
                [D.crossover_var_derived(), D.crossover_m_derived()])
    insts = []
    for ee in MSE_E_GRID:
        value, arg = mse_exact_optimum(ee, R(1))
        insts.append(Instance({"e^eps": ee, "n": 1, "m": "real"}, [value, arg],
                              [_canon(D.mse_opt_derived(1, ee, 1)), _canon(D.m_opt_derived(1, ee))],
                              [_canon(D.crossover_var_printed().subs({E: ee, n_sym: 1})), _canon(1 + sympy.sqrt(ee))],
                              size=(ee, 0)))
    for ee in (R(4), R(9)):
        mm = int(1 + sympy.sqrt(ee))
        vals = {k: exact_worst_mse_int("rr", k, ee, R(1)) for k in range(2, mm + 4)}
        (best,) = _argmin_set(vals)
        insts.append(Instance({"e^eps": ee, "n": 1, "m": "integer (exhaustive)"}, [vals[best], sympy.Integer(best)],
                              [_canon(D.mse_opt_derived(1, ee, 1)), _canon(D.m_opt_derived(1, ee))],
                              [_canon(D.crossover_var_printed().subs({E: ee, n_sym: 1})), _canon(1 + sympy.sqrt(ee))],
                              size=(ee, 1)))
    ev.instances("optimum and argmin of the exact worst-case MSE (f* = 1)", insts)


@claim(
    id="pan-cms/cor3.4.closest-integer",
    location="Section 3.4, Corollary 3.4 ('m is the closest integer to 1 + e^(eps/2)')",
    statement="With f* = 1, the integer closest to 1 + e^(eps/2) minimises the worst-case MSE of CMS+RR over "
              "integer m.",
    printed=lambda: sympy.Eq(sympy.Symbol(r"m_{\mathbb{Z}}^{*}"), sympy.Symbol(r"\mathrm{round}(1+e^{\epsilon/2})"),
                             evaluate=False),
    derived=lambda: sympy.Eq(sympy.Symbol(r"m_{\mathbb{Z}}^{*}"),
                             sympy.Symbol(r"\arg\min_{m\in\{\lfloor m^*\rfloor,\lceil m^*\rceil\}}\widehat{MSE}(m)"),
                             evaluate=False),
    derivation=f"{MODULE}.worst_case_mse_model",
    kind="statement",
    correction=_RULE_CORRECTION("worst-case MSE"),
)
def cor3_4_closest(ev):
    _mse_rule(ev, [(ee, R(1)) for ee in (R(2), R(21, 10), R(11, 5), R(3), R(4), R(5), R(6), R(7), R(8))])


@claim(
    id="pan-cms/sec3.4.f0",
    location="Section 3.4, after Corollary 3.4 (f* = 0)",
    statement="With f* = 0, Theorem 3.6 gives m = 1 + e^eps, which is then the exact optimum.",
    printed=lambda: sympy.Eq(m_sym, 1 + E, evaluate=False),
    derived=lambda: sympy.Eq(m_sym, D.stationary_m(0), evaluate=False),
    derivation=f"{MODULE}.stationary_m",
)
def sec34_f0(ev):
    ev.symbolic("Eq. (15) at f* = 0", D.m32_printed(0), D.stationary_m(0))
    ev.symbolic("printed 1 + e^eps vs derived", 1 + E, D.stationary_m(0))
    insts = []
    for ee in MSE_E_GRID:
        _, arg = mse_exact_optimum(ee, R(0))
        insts.append(Instance({"e^eps": ee, "m": "real"}, arg, D.stationary_m(0, ee), 1 + ee, size=(ee, 0)))
    for ee in (R(2), R(3), R(4)):
        vals = {mm: exact_worst_mse_int("rr", mm, ee, R(0)) for mm in range(2, int(ee) + 5)}
        (best,) = _argmin_set(vals)
        insts.append(Instance({"e^eps": ee, "m": "integer (exhaustive)"}, sympy.Integer(best), D.stationary_m(0, ee),
                              1 + ee, size=(ee, 1)))
    ev.instances("argmin of the exact worst-case MSE with f* = 0", insts)


@claim(
    id="pan-cms/eq16",
    location="Section 3.4, Eq. (16)",
    statement="With m = 1 + e^eps, the worst-case MSE over datasets with f(x) <= f* is (f* + 4e^eps/(e^eps-1)^2)/n.",
    printed=lambda: sympy.Eq(D.MSE_hat, D.eq16_printed(), evaluate=False),
    derived=lambda: sympy.Eq(D.MSE_hat, D.eq16_derived(), evaluate=False),
    derivation=f"{MODULE}.eq16_derived",
    assumptions="m = 1 + e^eps an integer in the instances; value of interest x = 0",
    note="Its excess over the optimum at f* = 0 is f*/n, so m = 1 + e^eps is near-optimal while f* is small against "
         "4e^eps/(e^eps-1)^2.",
)
def eq16(ev):
    ev.symbolic("Eq. (16) printed vs derived", D.eq16_printed(), D.eq16_derived())
    ev.identity("slope Var(1) - Var(0) at m = 1 + e^eps is 1/n > 0 (so the worst case is at f*)", D.eq16_slope(),
                1 / n_sym)
    insts = []
    for ee in (R(2), R(3), R(4)):
        mm = int(ee) + 1
        for fs in MSE_F_GRID:
            for mult in (1, 2):
                nn = int(fs.q) * mult
                wc = losses.worst_case_mse(exact_cms("rr", mm, 2, ee), nn, interest=[0], f_star=fs).value
                insts.append(Instance({"e^eps": ee, "m": mm, "f*": fs, "n": nn}, wc, D.eq16_derived(fs, ee, nn),
                                      D.eq16_printed(fs, ee, nn), size=(ee, fs, nn)))
    ev.instances("worst_case_mse with f_star on real mechanisms at m = 1 + e^eps", insts)


# ---- Eq. (17) ------------------------------------------------------------------------------
EQ17_E = (R(2), R(3), R(4), R(5), R(6))


@claim(
    id="pan-cms/eq17",
    location="Section 3.4, Eq. (17)",
    statement="With m = 1 + e^eps the worst-case MSE is Var(f_hat | f(x)=1) = (e^eps+1)^2/(n(e^eps-1)^2).",
    printed=lambda: sympy.Eq(D.MSE_hat, D.eq17_printed(), evaluate=False),
    derived=lambda: sympy.Eq(D.MSE_hat, D.eq17_derived(), evaluate=False),
    derivation=f"{MODULE}.eq17_derived",
)
def eq17(ev):
    ev.symbolic("Eq. (17) printed vs derived", D.eq17_printed(), D.eq17_derived())
    insts = []
    for ee in EQ17_E:
        for dd in (2, 3):
            for nn in (1, 2):
                wc = losses.worst_case_mse(exact_cms("rr", int(ee) + 1, dd, ee), nn).value
                insts.append(Instance({"e^eps": ee, "d": dd, "n": nn}, wc, D.eq17_derived(ee, nn),
                                      D.eq17_printed(ee, nn), size=(dd, nn, ee)))
    ev.instances("worst_case_mse of real mechanisms at m = 1 + e^eps", insts)


@claim(
    id="pan-cms/sec3.4.eq17-larger",
    location="Section 3.4, after Eq. (17)",
    statement="Eq. (17) always exceeds the optimised worst-case MSE e^(eps/2)/(n(e^(eps/2)-1)^2).",
    printed=lambda: sympy.StrictGreaterThan(D.eq17_printed(), D.crossover_var_printed()),
    derived=lambda: sympy.Eq(sympy.Symbol(r"(17) - \widehat{MSE}^{*}"), D.eq17_excess_derived()[0], evaluate=False),
    derivation=f"{MODULE}.eq17_excess_derived",
    kind="statement",
)
def sec34_eq17_larger(ev):
    excess, s = D.eq17_excess_derived()
    insts = []
    for ee in EQ17_E:
        wc = losses.worst_case_mse(exact_cms("rr", int(ee) + 1, 2, ee), 1).value
        opt = D.crossover_var_printed().subs({E: ee, n_sym: 1})
        insts.append(Instance({"e^eps": ee, "n": 1, "Eq. (17)": _show(wc), "optimum": _show(opt)},
                              exact=bool(_sign(wc - opt) > 0),
                              derived=bool(_sign(excess.subs({s: sympy.sqrt(ee), n_sym: 1})) > 0), printed=True,
                              size=(ee,)))
    ev.instances("exact worst-case MSE at m = 1 + e^eps vs the optimum", insts)
    ev.note(f"derived excess in s = e^(eps/2): {excess} > 0 for every s > 0")


@claim(
    id="pan-cms/sec3.4.eq17-limit",
    location="Section 3.4, after Eq. (17)",
    statement="As eps -> oo, Eq. (17) converges to 1/n, not to zero.",
    printed=lambda: sympy.Eq(sympy.Limit(sympy.Symbol(r"\widehat{MSE}_{(17)}"), E, sympy.oo), 1 / n_sym,
                             evaluate=False),
    derived=lambda: sympy.Eq(sympy.Limit(sympy.Symbol(r"\widehat{MSE}_{(17)}"), E, sympy.oo),
                             sympy.limit(D.eq17_derived(), E, sympy.oo), evaluate=False),
    derivation=f"{MODULE}.eq17_derived",
    assumptions="limit e^eps -> oo with m = 1 + e^eps",
)
def sec34_eq17_limit(ev):
    ev.symbolic("limit", 1 / n_sym, sympy.limit(D.eq17_derived(), E, sympy.oo))
    # exact: n (e-1)^2 MSE at m = 1 + e (integer e = 2..6) as a polynomial in e, fitted at 2..4, checked at 5, 6
    vals = {ee: losses.worst_case_mse(exact_cms("rr", int(ee) + 1, 2, ee), 1).value * (ee - 1) ** 2 for ee in EQ17_E}
    poly = _interpolate([(k, vals[k]) for k in EQ17_E[:3]], E, [(k, vals[k]) for k in EQ17_E[3:]])
    limit = sympy.limit(poly / (E - 1) ** 2, E, sympy.oo)
    ev.instances("limit of the exact worst-case n MSE at m = 1 + e^eps (interpolated in e^eps)",
                 [Instance({"n": 1}, limit, sympy.limit(D.eq17_derived(E, 1), E, sympy.oo), sympy.Integer(1))])


# =============================================================================================
# l2 loss: Eqs. (34)-(37), Delta_l, Theorem 3.7, Corollary 3.5, Eqs. (39), (40)
L2_GRID = {"rr": (R(2), R(7, 2)), "arp": (R(2), R(3)), "srp": (R(9, 4), R(4))}
L2_MD = [(2, 2), (2, 3), (3, 2), (3, 3), (4, 3), (4, 4)]


@claim(
    id="pan-cms/appD.eq34",
    location="Appendix D, Eq. (34)",
    statement="l2 = m/(n(m-1)^2)[(Var(R|=) + (m-1)Var(R|!=) + (m-1)/m)(d-1) + m Var(R|=)] for CMS with a "
              "pairwise-independent family.",
    printed=lambda: sympy.Eq(D.l2_sym, D.l2_eq34_printed(), evaluate=False),
    derived=lambda: sympy.Eq(D.l2_sym, sympy.factor(D.l2_model(var_eq, var_neq)), evaluate=False),
    derivation=f"{MODULE}.l2_model",
    assumptions="collision rate 1/m; R symmetric (Property 2.3); Var(R|=), Var(R|!=) read off the exact inner "
                "mechanism for the printed form",
)
def appd_eq34(ev):
    ev.symbolic("Eq. (34) printed vs derived", D.l2_eq34_printed(), D.l2_model(var_eq, var_neq))
    _constructions_agree(ev, [("arp", 3, 2, R(2)), ("srp", 3, 3, R(9, 4)), ("arp", 4, 3, R(3))])
    insts = []
    for kind, es in L2_GRID.items():
        for ee in es:
            for mm, dd in L2_MD:
                veq, vne = inner_variances_exact(kind, mm, ee)
                for nn in (1, 2):
                    exact = losses.worst_case_l2(exact_cms(kind, mm, dd, ee), nn).value
                    insts.append(Instance({"inner": kind, "e^eps": ee, "m": mm, "d": dd, "n": nn}, exact,
                                          sympy.cancel(D.l2_kind_derived(kind, dd, mm, ee, nn)),
                                          sympy.cancel(D.l2_eq34_printed(veq, vne, dd, mm, nn)), size=(dd, mm, nn, ee)))
    ev.instances("worst_case_l2 of real CMS mechanisms (RR, aRP, sRP)", insts)


@claim(
    id="pan-cms/appD.eq35",
    location="Appendix D, Eq. (35)",
    statement="l2(f_hat_RR) = (d + e^eps - 1)m^2/(n(m-1)(e^eps-1)^2) + (d-1)(2m + e^eps - 1)/(n(m-1)(e^eps-1)).",
    printed=lambda: sympy.Eq(D.l2_rr_sym, D.l2_rr_printed(), evaluate=False),
    derived=lambda: sympy.Eq(D.l2_rr_sym, D.l2_rr_derived(), evaluate=False),
    derivation=f"{MODULE}.l2_rr_derived",
)
def appd_eq35(ev):
    ev.symbolic("Eq. (35) printed vs derived", D.l2_rr_printed(), D.l2_rr_derived())
    insts = []
    for ee in (R(2), R(7, 2)):
        for mm in (2, 3, 4, 5):
            for dd in (2, 3, 4):
                for nn in (1, 2):
                    exact = losses.worst_case_l2(exact_cms("rr", mm, dd, ee), nn).value
                    insts.append(Instance({"e^eps": ee, "m": mm, "d": dd, "n": nn}, exact,
                                          D.l2_rr_derived(dd, mm, ee, nn), D.l2_rr_printed(dd, mm, ee, nn),
                                          size=(dd, mm, nn, ee)))
    ev.instances("worst_case_l2 of real CMS+RR mechanisms", insts)


L2_E = (R(2), R(3), R(4))
L2_D = (2, 3, 4)


def _l2_opt_instances(printed_fn, derived_fn, which, in_condition=True, reading=None):
    insts = []
    for ee in L2_E:
        for dd in L2_D:
            value, arg = l2_exact_optimum(ee, dd)
            exact = {"value": value, "arg": arg, "delta": _canon((arg - 1) * (ee + dd - 1))}[which]
            params = {"e^eps": ee, "d": dd, "n": 1, "m": "real"}
            if reading is not None:
                params["Delta_l"] = reading
            insts.append(Instance(params, exact, _canon(derived_fn(dd, ee)), _canon(printed_fn(dd, ee)),
                                  in_condition=in_condition, size=(dd, ee)))
    return insts


#: the condition of the claims that use Delta_l after Appendix D's definition (appD.delta-l holds that erratum)
DELTA_L_CONDITION = ("Delta_l read as in Theorem 3.7, e^(eps/2) sqrt((e^eps + d - 1)(d e^eps - e^eps + 1)); with the "
                     "definition Appendix D prints just above (e^(eps/2) under the root, the erratum appD.delta-l) "
                     "the formula is wrong")
_APPENDIX, _THEOREM = "Appendix D's definition", "Theorem 3.7's"


@claim(
    id="pan-cms/appD.m-opt-l2",
    location="Appendix D, minimiser of Eq. (35)",
    statement="l2(f_hat_RR) is minimised at m = 1 + Delta_l/(e^eps + d - 1) with Appendix D's "
              "Delta_l = sqrt((e^eps + d - 1)(d e^eps - e^eps + 1) e^(eps/2)).",
    printed=lambda: sympy.Eq(m_sym, D.m_l2_printed(appendix=True), evaluate=False),
    derived=lambda: sympy.Eq(m_sym, D.m_l2_derived(), evaluate=False),
    derivation=f"{MODULE}.m_l2_derived",
    assumptions="m real > 1",
    condition=DELTA_L_CONDITION,
    note="With Theorem 3.7's Delta_l (e^(eps/2) outside the square root) the formula is right; the error is the "
         "definition of Delta_l in the same sentence, recorded once as appD.delta-l.",
)
def appd_m_opt_l2(ev):
    ev.symbolic("(m - 1)^2: printed (appendix Delta_l) vs derived", D.m_l2_printed(appendix=True), D.m_l2_derived(),
                simplify=_sq)
    ev.instances("argmin over real m of the exact l2 (real mechanisms interpolated in m and d)",
                 _l2_opt_instances(lambda dd, ee: D.m_l2_printed(dd, ee, appendix=True), D.m_l2_derived, "arg",
                                   in_condition=False, reading=_APPENDIX)
                 + _l2_opt_instances(D.m_l2_printed, D.m_l2_derived, "arg", reading=_THEOREM))


@claim(
    id="pan-cms/appD.delta-l",
    location="Appendix D, definition of Delta_l",
    statement="Appendix D defines Delta_l = sqrt((e^eps + d - 1)(d e^eps - e^eps + 1) e^(eps/2)).",
    printed=lambda: sympy.Eq(D.Delta_l, D.delta_l_appendix_printed(), evaluate=False),
    derived=lambda: sympy.Eq(D.Delta_l, sympy.factor((D.m_l2_derived() - 1) * (E + d_sym - 1)), evaluate=False),
    derivation=f"{MODULE}.m_l2_derived",
    correction=lambda: sympy.Eq(D.Delta_l, D.delta_l_printed(), evaluate=False),
    note="Theorem 3.7 prints e^(eps/2) sqrt((e^eps + d - 1)(d e^eps - e^eps + 1)), which is correct; the appendix "
         "moves e^(eps/2) inside the root (e^(eps/4) instead of e^(eps/2)).",
)
def appd_delta_l(ev):
    derived = (D.m_l2_derived() - 1) * (E + d_sym - 1)
    sqf = lambda x: sympy.factor(sympy.cancel(sympy.expand(x ** 2)))  # noqa: E731
    ev.symbolic("Delta_l^2: printed (appendix) vs derived", D.delta_l_appendix_printed(), derived, simplify=sqf)
    ev.symbolic("Theorem 3.7's Delta_l^2 vs derived (the correction)", D.delta_l_printed(), derived, simplify=sqf)
    ev.instances("Delta_l = (m* - 1)(e^eps + d - 1) from the exact l2 minimiser",
                 _l2_opt_instances(D.delta_l_appendix_printed, lambda dd, ee: (D.m_l2_derived(dd, ee) - 1) * (ee + dd - 1),
                                   "delta"))


def _l2_value_check(ev, appendix, both=False):
    """Eq. (36) / Theorem 3.7's optimum; ``both``: the appendix reading of Delta_l outside the condition and
    Theorem 3.7's inside it (appD.eq36)."""
    iso = lambda v: sympy.factor(sympy.cancel(sympy.expand((v * n_sym * (E - 1) ** 2 / 2 - d_sym * E) ** 2)))  # noqa: E731
    ev.symbolic("(n(e-1)^2 l2/2 - d e^eps)^2: printed vs derived", D.l2_opt_printed(appendix=appendix),
                D.l2_opt_derived(), simplify=iso)
    # an integer optimum: d = 2, e^eps = 4 gives m* = 3
    vals = {mm: exact_l2_int("rr", mm, 2, R(4)) for mm in range(2, 8)}
    insts = []
    for app in ((True, False) if both else (appendix,)):
        reading = (_APPENDIX if app else _THEOREM) if both else None
        insts += _l2_opt_instances(lambda dd, ee: D.l2_opt_printed(dd, ee, 1, app),
                                   lambda dd, ee: D.l2_opt_derived(dd, ee, 1), "value", in_condition=not (both and app),
                                   reading=reading)
        params = {"e^eps": 4, "d": 2, "n": 1, "m": "integer 2..7 (exhaustive)"}
        if reading is not None:
            params["Delta_l"] = reading
        insts.append(Instance(params, min(vals.values()), _canon(D.l2_opt_derived(2, R(4), 1)),
                              _canon(D.l2_opt_printed(2, R(4), 1, app)), in_condition=not (both and app),
                              size=(2, R(4), 1)))
    ev.instances("min over m of the exact l2 of CMS+RR", insts)


@claim(
    id="pan-cms/thm3.7",
    location="Section 3.4, Theorem 3.7 (l2 part)",
    statement="The optimised l2 loss is 2(Delta_l + d e^eps)/(n(e^eps-1)^2), Delta_l = e^(eps/2) sqrt((e^eps+d-1)"
              "(d e^eps - e^eps + 1)), reached by CMS+RR with m = 1 + Delta_l/(e^eps + d - 1) (before rounding).",
    printed=lambda: (sympy.Eq(D.l2_star, D.l2_opt_printed(), evaluate=False),
                     sympy.Eq(m_sym, D.m_l2_printed(), evaluate=False)),
    derived=lambda: (sympy.Eq(D.l2_star, D.l2_opt_derived(), evaluate=False),
                     sympy.Eq(m_sym, D.m_l2_derived(), evaluate=False)),
    derivation=f"{MODULE}.l2_opt_derived",
    assumptions="m optimised as a real number; RR vs RAPPOR: appD.srp-l2-larger, appD.arp-l2-large-d",
    note="For integer m the value is reached only when the optimal m is an integer (see thm3.7.closest-integer).",
)
def thm3_7(ev):
    ev.symbolic("m*: (m - 1)^2 printed vs derived", D.m_l2_printed(), D.m_l2_derived(), simplify=_sq)
    _l2_value_check(ev, appendix=False)
    ev.instances("argmin over real m of the exact l2",
                 _l2_opt_instances(D.m_l2_printed, D.m_l2_derived, "arg"))


@claim(
    id="pan-cms/appD.eq36",
    location="Appendix D, Eq. (36)",
    statement="min_m l2(f_hat_RR) = 2(Delta_l + d e^eps)/(n(e^eps-1)^2) with Appendix D's Delta_l.",
    printed=lambda: sympy.Eq(sympy.Symbol(r"\min_m l_2(\hat{f}_{RR})"), D.l2_opt_printed(appendix=True),
                             evaluate=False),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\min_m l_2(\hat{f}_{RR})"), D.l2_opt_derived(), evaluate=False),
    derivation=f"{MODULE}.l2_opt_derived",
    assumptions="the printed form shows Delta_l as defined in Appendix D just above (see appD.delta-l)",
    condition=DELTA_L_CONDITION,
    note="Correct with Theorem 3.7's Delta_l: the only error is the appendix definition of Delta_l (appD.delta-l).",
)
def appd_eq36(ev):
    _l2_value_check(ev, appendix=True, both=True)


# ---- closest integer for l2 ---------------------------------------------------------------
L2_RULE_GRID = [(ee, dd) for dd in (2, 3, 4) for ee in (R(2), R(21, 10), R(5, 2), R(3), R(4), R(5), R(6))]


@claim(
    id="pan-cms/thm3.7.closest-integer",
    location="Section 3.4, Theorem 3.7 and Appendix D ('closest integer to 1 + Delta_l/(e^eps + d - 1)')",
    statement="Rounding 1 + Delta_l/(e^eps + d - 1) to the closest integer gives an integer m minimising the l2 "
              "loss of CMS+RR.",
    printed=lambda: sympy.Eq(sympy.Symbol(r"m_{\mathbb{Z}}^{*}"),
                             sympy.Symbol(r"\mathrm{round}(1+\Delta_l/(e^{\epsilon}+d-1))"), evaluate=False),
    derived=lambda: sympy.Eq(sympy.Symbol(r"m_{\mathbb{Z}}^{*}"),
                             sympy.Symbol(r"\arg\min_{m\in\{\lfloor m^*\rfloor,\lceil m^*\rceil\}} l_2(m)"),
                             evaluate=False),
    derivation=f"{MODULE}.l2_rr_derived",
    kind="statement",
    correction=_RULE_CORRECTION("l_2 loss"),
    assumptions="m searched over 2..ceil(m*)+3 on real mechanisms (worst_case_l2, n = 1)",
)
def thm3_7_closest(ev):
    insts = _closest_rule_instances(
        L2_RULE_GRID, lambda ee, dd: D.m_l2_printed(dd, ee), lambda ee, dd: D.m_l2_derived(dd, ee),
        lambda mm, ee, dd: exact_l2_int("rr", mm, dd, ee), lambda mm, ee, dd: D.l2_rr_derived(dd, mm, ee, 1),
        lambda ee, dd: (dd, ee), lambda ee, dd: {"e^eps": ee, "d": dd})
    ev.instances("is the closest integer an optimal integer m for l2 (exhaustive search, real mechanisms)", insts)


# ---- l1 bound ----------------------------------------------------------------------------
L1_GRID = [(2, R(2), 4), (2, R(4), 4), (2, R(13), 4), (3, R(3), 3)]  # (d, e^eps, max n)


def _l1_bound_check(ev, bound_fn, alt_fn=None):
    """l1 at the rounded m vs the bound ``bound_fn``; with ``alt_fn`` (appD.eq39) ``bound_fn``'s instances are
    outside the condition and ``alt_fn``'s (Theorem 3.7's Delta_l) inside it."""
    if alt_fn is not None:
        insts = _l1_bound_instances(bound_fn, False, _APPENDIX) + _l1_bound_instances(alt_fn, True, _THEOREM)
    else:
        insts = _l1_bound_instances(bound_fn, True, None)
    ev.instances("exact l1 (enumeration of every outcome) at the rounded m vs the printed bound", insts)


def _l1_bound_instances(bound_fn, in_condition, reading):
    insts = []
    for dd, ee, nmax in L1_GRID:
        m_rule = max(min(closest_integers(D.m_l2_printed(dd, ee))), 2)
        for nn in range(1, nmax + 1):
            bound = _canon(bound_fn(dd, ee, nn))
            exact = exact_l1("rr", m_rule, dd, ee, nn)[0]
            model = model_l1(m_rule, dd, ee, nn)
            params = {"d": dd, "e^eps": ee, "n": nn, "m (rounded)": m_rule, "l1 (exact)": _show(exact),
                      "bound": _show(bound)}
            if reading is not None:
                params["Delta_l"] = reading
            insts.append(Instance(params, exact=bool(_le(exact, bound)), derived=bool(_le(model, bound)),
                                  printed=True, in_condition=in_condition, size=(dd, nn, ee)))
    return insts


@claim(
    id="pan-cms/thm3.7.l1",
    location="Section 3.4, Theorem 3.7 (l1 part)",
    statement="The optimised l1 loss is at most sqrt(2d(Delta_l + d e^eps)/(n(e^eps-1)^2)) (CMS+RR, same m as for l2).",
    printed=lambda: sympy.Le(D.l1_star, D.l1_bound_printed()),
    derived=lambda: sympy.Le(D.l1_star, D.l1_bound_derived()),
    derivation=f"{MODULE}.l1_bound_derived",
    kind="statement",
    assumptions="l1 exact (max over datasets of E sum |err|) at the rounded m of Theorem 3.7",
)
def thm3_7_l1(ev):
    iso = lambda v: sympy.factor(sympy.cancel(sympy.expand(((v ** 2 / d_sym) * n_sym * (E - 1) ** 2 / 2 - d_sym * E) ** 2)))  # noqa: E731
    ev.symbolic("bound^2: printed vs sqrt(d l2*) derived", D.l1_bound_printed(), D.l1_bound_derived(), simplify=iso)
    _l1_bound_check(ev, lambda dd, ee, nn: D.l1_bound_printed(dd, ee, nn))


@claim(
    id="pan-cms/appD.eq39",
    location="Appendix D, Eq. (39)",
    statement="l1(f_hat) <= sqrt(2d(Delta_l + d e^eps)/(n(e^eps-1)^2)) with Appendix D's Delta_l.",
    printed=lambda: sympy.Le(D.l1_sym, D.l1_bound_printed(appendix=True)),
    derived=lambda: sympy.Le(D.l1_sym, D.l1_bound_derived()),
    derivation=f"{MODULE}.l1_bound_derived",
    kind="statement",
    assumptions="the printed form shows Delta_l as defined in Appendix D; l1 exact at the rounded m",
    condition=DELTA_L_CONDITION,
    note="With the appendix Delta_l the right-hand side is smaller than sqrt(d l2*) (Cauchy-Schwarz); the "
         "instances test whether it still bounds the exact l1.  With Theorem 3.7's Delta_l it is thm3.7.l1.",
)
def appd_eq39(ev):
    _l1_bound_check(ev, lambda dd, ee, nn: D.l1_bound_printed(dd, ee, nn, appendix=True),
                    alt_fn=lambda dd, ee, nn: D.l1_bound_printed(dd, ee, nn))


# ---- limits in d -----------------------------------------------------------------------------
def _limits_instances(index, printed_fn):
    insts = []
    for ee in L2_E:
        lead = exact_leading_terms(ee)[index]
        for nn in ((1, 2) if index == 0 else (1,)):
            exact = _canon(lead / sympy.sqrt(nn)) if index == 0 else lead
            derived = D.corollary35_derived()[index].subs({E: ee, n_sym: nn})
            insts.append(Instance({"e^eps": ee, "n": nn, "limit": "d -> oo"}, exact, _canon(derived),
                                  _canon(printed_fn().subs({E: ee, n_sym: nn})), size=(ee, nn)))
    return insts


@claim(
    id="pan-cms/cor3.5",
    location="Section 3.4, Corollary 3.5",
    statement="As d -> oo: the l1 bound ~ 2d e^(eps/2)/(sqrt(n)(e^eps-1)), l2* ~ 4d e^eps/(n(e^eps-1)^2), "
              "and the optimal m -> 1 + e^eps.",
    printed=lambda: D.corollary35_printed(),
    derived=lambda: D.corollary35_derived(),
    derivation=f"{MODULE}.corollary35_derived",
    assumptions="d -> oo with e^eps, n fixed; '->' for the losses means the ratio tends to 1",
)
def cor3_5(ev):
    ev.symbolic("leading terms (l1 bound, l2*, m*)", list(D.corollary35_printed()), list(D.corollary35_derived()))
    insts = []
    for ee in L2_E:
        lead = list(exact_leading_terms(ee))
        sub = {E: ee, n_sym: 1}
        insts.append(Instance({"e^eps": ee, "n": 1, "limit": "d -> oo"}, lead,
                              [_canon(x.subs(sub)) for x in D.corollary35_derived()],
                              [_canon(x.subs(sub)) for x in D.corollary35_printed()], size=(ee,)))
    ev.instances("leading terms from the exact l2(m, d) of real mechanisms (interpolated in m and d)", insts)


@claim(
    id="pan-cms/appD.eq37",
    location="Appendix D, Eq. (37)",
    statement="For large d, min_m l2(f_hat_RR) ~ 4d e^eps/(n(e^eps-1)^2).",
    printed=lambda: sympy.Eq(D.l2_rr_sym, D.corollary35_printed()[1], evaluate=False),
    derived=lambda: sympy.Eq(D.l2_rr_sym, D.corollary35_derived()[1], evaluate=False),
    derivation=f"{MODULE}.corollary35_derived",
    assumptions="d -> oo; ratio tends to 1",
)
def appd_eq37(ev):
    ev.symbolic("leading term of l2*", D.corollary35_printed()[1], D.corollary35_derived()[1])
    ev.instances("leading term of the exact optimal l2", _limits_instances(1, lambda: D.corollary35_printed()[1]))


@claim(
    id="pan-cms/appD.m-limit",
    location="Appendix D, after Eqs. (37) and (40)",
    statement="The l2- (and l1-) optimal m tends to 1 + e^eps as d -> oo.",
    printed=lambda: sympy.Eq(sympy.Limit(m_sym, d_sym, sympy.oo), 1 + E, evaluate=False),
    derived=lambda: sympy.Eq(sympy.Limit(m_sym, d_sym, sympy.oo), D.corollary35_derived()[2], evaluate=False),
    derivation=f"{MODULE}.corollary35_derived",
)
def appd_m_limit(ev):
    ev.symbolic("limit of m*", 1 + E, D.corollary35_derived()[2])
    ev.instances("limit of the exact l2 minimiser", _limits_instances(2, lambda: 1 + E))


@claim(
    id="pan-cms/appD.eq40",
    location="Appendix D, Eq. (40)",
    statement="For large d the l1 upper bound tends to 2d e^(eps/2)/sqrt(n e^eps - 1) (as printed in our copy).",
    printed=lambda: sympy.Eq(sympy.Symbol(r"\lceil l_1(\hat{f})\rceil"), D.eq40_printed(), evaluate=False),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\lceil l_1(\hat{f})\rceil"), D.corollary35_derived()[0], evaluate=False),
    derivation=f"{MODULE}.corollary35_derived",
    assumptions="d -> oo; ratio tends to 1",
    note="Corollary 3.5 prints the correct 2d e^(eps/2)/(sqrt(n)(e^eps - 1)); in Eq. (40) the factor (e^eps - 1) "
         "went under the square root with n (possibly an extraction slip; the formula as printed is wrong).",
)
def appd_eq40(ev):
    ev.symbolic("leading term of the l1 bound", D.eq40_printed(), D.corollary35_derived()[0])
    ev.instances("leading term of sqrt(d l2*) from the exact l2", _limits_instances(0, D.eq40_printed))


# =============================================================================================
# RAPPOR: Eq. (33), monotonicity, the comparisons with CMS+RR, Eq. (38)
RP_E = {"arp": (R(2), R(3)), "srp": (R(9, 4), R(4))}


@claim(
    id="pan-cms/appD.eq33",
    location="Appendix D, Eq. (33)",
    statement="For RAPPOR inner mechanisms (m-independent Var(R|=), Var(R|!=)), as m -> oo, "
              "Var(f_hat(x)) -> [Var(R|!=)(1 - f(x)) + Var(R|=) f(x)]/n.",
    printed=lambda: sympy.Eq(sympy.Limit(D.Var_rp, m_sym, sympy.oo), D.eq33_printed(), evaluate=False),
    derived=lambda: sympy.Eq(sympy.Limit(D.Var_rp, m_sym, sympy.oo), D.eq33_derived(), evaluate=False),
    derivation=f"{MODULE}.eq33_derived",
    assumptions="m -> oo; collision rate 1/m",
)
def appd_eq33(ev):
    ev.symbolic("limit m -> oo", D.eq33_printed(), D.eq33_derived())
    insts = []
    for kind, es in RP_E.items():
        for ee in es:
            veq, vne = inner_variances_exact(kind, 2, ee)
            dveq, dvne = D.inner_variance_derived(kind, 2, ee)
            for fx in (R(0), R(1, 2), R(1)):
                lim = sympy.limit(exact_var_function(kind, ee, fx), m_sym, sympy.oo)
                sub_p = {var_eq: veq, var_neq: vne, f_sym: fx, n_sym: 1}
                sub_d = {var_eq: dveq, var_neq: dvne, f_sym: fx, n_sym: 1}
                insts.append(Instance({"inner": kind, "e^eps": ee, "f(x)": fx, "n": 1}, lim,
                                      _canon(D.eq33_derived().subs(sub_d)), _canon(D.eq33_printed().subs(sub_p)),
                                      size=(ee, fx)))
    ev.instances("limit m -> oo of the exact n Var of real CMS+aRP / CMS+sRP (interpolated in m)", insts)


@claim(
    id="pan-cms/appD.rp-decreasing",
    location="Appendix D, before Eq. (33)",
    statement="For aRP and sRP, Var(f_hat(x)) decreases as m increases.",
    printed=lambda: sympy.Symbol(r"\frac{\partial Var(\hat{f}(x)_{RP})}{\partial m} < 0"),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\mathrm{numer}\,\frac{\partial Var}{\partial m}"),
                             D.rp_variance_derivative_numerator(), evaluate=False),
    derivation=f"{MODULE}.rp_variance_derivative_numerator",
    kind="statement",
    assumptions="m >= 2 integer in the exact instances",
)
def appd_rp_decreasing(ev):
    num = D.rp_variance_derivative_numerator()
    insts = []
    for kind, es in RP_E.items():
        for ee in es:
            dveq, dvne = D.inner_variance_derived(kind, 2, ee)
            for fx in (R(0), R(1, 2), R(1)):
                nn, c = int(fx.q), int(fx.p)
                vals = {mm: moments.variance(exact_cms(kind, mm, 2, ee), (c, nn - c))[0] for mm in range(2, 10)}
                for mm in range(2, 9):
                    dsign = num.subs({var_eq: dveq, var_neq: dvne, f_sym: fx, m_sym: mm})
                    insts.append(Instance({"inner": kind, "e^eps": ee, "f(x)": fx, "m -> m+1": mm},
                                          bool(vals[mm + 1] < vals[mm]), bool(_sign(dsign) < 0), True,
                                          size=(mm, ee, fx)))
    ev.instances("exact variances of real CMS+aRP / CMS+sRP at consecutive m", insts)


@cache
def _rp_mse_inf(kind, ee, fs):
    """inf over m of the exact worst-case n MSE of CMS+RP: the limit m -> oo (variances decrease in m)."""
    lims = [sympy.limit(exact_var_function(kind, ee, fx), m_sym, sympy.oo) for fx in {R(0), R(fs)}]
    return max(lims)


def _rp_mse_inf_derived(kind, ee, fs):
    veq, vne = D.inner_variance_derived(kind, 2, ee)
    return max(D.eq33_derived().subs({var_eq: veq, var_neq: vne, f_sym: fx, n_sym: 1}) for fx in (0, fs))


@claim(
    id="pan-cms/appD.arp-ruled-out",
    location="Appendix D, after Eq. (33) (asymmetric RAPPOR)",
    statement="For f* > 0 the worst-case MSE of CMS+aRP exceeds the optimum Var* of CMS+RR (Theorem 3.6) for every m.",
    printed=lambda: sympy.StrictGreaterThan(sympy.Symbol(r"Var(\hat{f}(x)_{aRP})"), D.Var_star),
    derived=lambda: sympy.StrictGreaterThan(sympy.Symbol(r"\lim_{m\to\infty}\widehat{MSE}_{aRP}"), D.Var_star),
    derivation=f"{MODULE}.eq33_derived",
    kind="statement",
    assumptions="Var* is the optimum over real m; aRP variance decreases in m, so its infimum is the m -> oo limit",
    note="At f* = 0 the aRP limit equals Var*. With m restricted to integers, CMS+aRP with a large m can beat CMS+RR "
         "at every integer m (see sec3.4.rp-not-optimal).",
)
def appd_arp_ruled_out(ev):
    insts = []
    for ee in (R(2), R(3)):
        for fs in (R(1, 4), R(1, 2), R(3, 4), R(1)):
            inf = _rp_mse_inf("arp", ee, fs)
            rr = mse_exact_optimum(ee, fs)[0]
            insts.append(Instance({"e^eps": ee, "f*": fs, "aRP inf over m": _show(inf), "RR optimum": _show(rr)},
                                  exact=bool(_sign(inf - rr) > 0),
                                  derived=bool(_sign(_rp_mse_inf_derived("arp", ee, fs) - D.mse_opt_derived(fs, ee, 1)) > 0),
                                  printed=True, size=(ee, fs)))
    ev.instances("exact inf over m of CMS+aRP worst-case MSE vs exact continuous optimum of CMS+RR", insts)


@claim(
    id="pan-cms/appD.srp-ruled-out",
    location="Appendix D, after Eq. (33) (symmetric RAPPOR)",
    statement="CMS+sRP's worst-case MSE is larger than Var* of CMS+RR when f* < 1/2 and equal to it when f* >= 1/2.",
    printed=lambda: sympy.Piecewise((sympy.Symbol(r"Var_{sRP}>Var^{*}_{RR}"), sympy.Lt(fs_sym, R(1, 2))),
                                    (sympy.Symbol(r"Var_{sRP}=Var^{*}_{RR}"), True)),
    derived=lambda: sympy.Symbol(r"\lim_{m\to\infty}\widehat{MSE}_{sRP} \gtrless Var^{*}_{RR}"),
    derivation=f"{MODULE}.eq33_derived",
    kind="statement",
    assumptions="'Var_sRP' is its infimum over m (the m -> oo limit); Var* is the optimum over real m",
    note="The equality for f* >= 1/2 holds only in the limit m -> oo: at every finite m CMS+sRP is strictly worse.",
)
def appd_srp_ruled_out(ev):
    insts = []
    for ee in RP_E["srp"]:
        for fs in (R(0), R(1, 4), R(1, 2), R(3, 4), R(1)):
            inf = _rp_mse_inf("srp", ee, fs)
            rr = mse_exact_optimum(ee, fs)[0]
            dsign = _sign(_rp_mse_inf_derived("srp", ee, fs) - D.mse_opt_derived(fs, ee, 1))
            insts.append(Instance({"e^eps": ee, "f*": fs, "sRP inf over m": _show(inf), "RR optimum": _show(rr),
                                   "sign(sRP - RR)": "+1 means larger, 0 equal"},
                                  exact=sympy.Integer(_sign(inf - rr)), derived=sympy.Integer(dsign),
                                  printed=sympy.Integer(1 if fs < R(1, 2) else 0), size=(ee, fs)))
    ev.instances("sign of (exact inf over m of CMS+sRP worst-case MSE - exact optimum of CMS+RR)", insts)


@cache
def _rp_l2_limit(kind, ee):
    """lim_{m->oo} of the exact l2(m, d) of CMS+RP as a function of d."""
    return sympy.limit(exact_l2_function(kind, ee), m_sym, sympy.oo)


@claim(
    id="pan-cms/appD.srp-l2-larger",
    location="Appendix D, after Eq. (37)",
    statement="CMS with sRP always has a larger l2 loss than the optimised CMS+RR.",
    printed=lambda: sympy.StrictGreaterThan(sympy.Symbol(r"l_2(\hat{f}_{sRP})"), D.l2_star),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\lim_{m\to\infty} l_2(\hat{f}_{sRP})"),
                             sympy.factor(sympy.limit(D.l2_kind_derived("srp"), m_sym, sympy.oo)), evaluate=False),
    derivation=f"{MODULE}.l2_kind_derived",
    kind="statement",
    assumptions="l2* over real m; sRP at every finite m (its l2 decreases to the m -> oo limit)",
    note="At d = 2 the sRP limit d e^(eps/2)/(n(e^(eps/2)-1)^2) equals l2* exactly (infimum not attained).",
)
def appd_srp_l2(ev):
    insts = []
    for ee in RP_E["srp"]:
        lim = _rp_l2_limit("srp", ee)
        for dd in L2_D:
            rr = _continuous_min([exact_l2_function("rr", ee).subs(d_sym, dd)])[0] if ee not in L2_E else \
                l2_exact_optimum(ee, dd)[0]
            finite = [exact_l2_int("srp", mm, dd, ee) for mm in range(2, 8)]
            worst_gap = min(_sign(v - rr) for v in finite)
            lim_d = lim.subs(d_sym, dd)
            dlim = sympy.limit(D.l2_kind_derived("srp", dd, m_sym, ee, 1), m_sym, sympy.oo)
            insts.append(Instance({"e^eps": ee, "d": dd, "sRP l2 (m = 2..7)": [_show(v, 6) for v in finite],
                                   "sRP limit": _show(lim_d), "RR l2*": _show(rr)},
                                  exact=bool(worst_gap > 0 and _sign(lim_d - rr) >= 0),
                                  derived=bool(_sign(dlim - D.l2_opt_derived(dd, ee, 1)) >= 0), printed=True,
                                  size=(dd, ee)))
    ev.instances("exact l2 of real CMS+sRP (finite m and limit) vs exact optimum of CMS+RR", insts)


@claim(
    id="pan-cms/appD.arp-l2-large-d",
    location="Appendix D, after Eq. (37)",
    statement="CMS+aRP reaches the l2 loss of the optimised CMS+RR only when d is large (m -> oo).",
    printed=lambda: sympy.Eq(sympy.Limit(sympy.Symbol(r"\frac{\inf_m l_2(\hat{f}_{aRP})}{l_2^{*}(\hat{f}_{RR})}"),
                                         d_sym, sympy.oo), 1, evaluate=False),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\lim_{m\to\infty} l_2(\hat{f}_{aRP})"),
                             sympy.factor(sympy.limit(D.l2_kind_derived("arp"), m_sym, sympy.oo)), evaluate=False),
    derivation=f"{MODULE}.l2_kind_derived",
    kind="statement",
    assumptions="l2* over real m; aRP infimum over m is its m -> oo limit",
)
def appd_arp_l2(ev):
    insts = []
    for ee in L2_E[:2]:
        lim = _rp_l2_limit("arp", ee)
        gaps = []
        for dd in L2_D:
            rr = l2_exact_optimum(ee, dd)[0]
            gaps.append(_sign(lim.subs(d_sym, dd) - rr))
        lead_rr = exact_leading_terms(ee)[1]
        ratio = sympy.limit(lim / lead_rr, d_sym, sympy.oo)
        dlim = sympy.limit(D.l2_kind_derived("arp", d_sym, m_sym, ee, 1), m_sym, sympy.oo)
        dratio = sympy.limit(dlim / D.corollary35_derived()[1].subs({E: ee, n_sym: 1}), d_sym, sympy.oo)
        dgaps = [_sign(dlim.subs(d_sym, dd) - D.l2_opt_derived(dd, ee, 1)) for dd in L2_D]
        insts.append(Instance({"e^eps": ee, "d": list(L2_D), "lim_d ratio (exact)": str(ratio)},
                              exact=bool(all(g > 0 for g in gaps) and ratio == 1),
                              derived=bool(all(g > 0 for g in dgaps) and dratio == 1), printed=True, size=(ee,)))
    ev.instances("exact aRP l2 limit in m strictly above RR's optimum for finite d, ratio -> 1 as d -> oo", insts)


@claim(
    id="pan-cms/appD.eq38",
    location="Appendix D, Eq. (38)",
    statement="The m at which l2 of CMS+aRP comes within a factor 1 + tau of its limit 4d e^eps/(n(e^eps-1)^2) is "
              "Omega((e^eps-1)^2/((1+tau)e^eps)).",
    printed=lambda: sympy.Eq(m_sym, sympy.Function(r"\Omega")(D.eq38_printed()), evaluate=False),
    derived=lambda: sympy.Eq(m_sym, D.eq38_derived(), evaluate=False),
    derivation=f"{MODULE}.eq38_derived",
    kind="statement",
    assumptions="large d (l2 = d Var(f(x) = 0)); the display before Eq. (38) drops a factor 1/n, restored here; "
                "Omega read as m_tau >= X/2 (derived: m_tau/X >= (1+tau)/(2 tau) > 1/2)",
    note="The Omega bound holds but is loose: m_tau = Theta(((e^eps-1)^2/(2e^eps) + 2)/tau) as tau -> 0 (about 100x "
         "the printed expression for tau = 0.01); the printed (1+tau) should be tau.",
)
def appd_eq38(ev):
    root = D.eq38_derived()
    insts, agree = [], []
    for ee in (R(2), R(3)):
        v0 = lambda mm: moments.variance(exact_cms("arp", mm, 2, ee), (0, 1))[0]  # noqa: E731
        for tt in (R(1), R(1, 2), R(1, 4)):
            target = (1 + tt) * inner_variances_exact("arp", 2, ee)[1]
            mm = 2
            while v0(mm) > target:
                mm += 1
            X = D.eq38_printed(ee, tt)
            droot = root.subs({E: ee, tau_sym: tt, n_sym: 1})
            insts.append(Instance({"e^eps": ee, "tau": tt, "m required (exact)": mm, "printed X": _show(X),
                                   "root (derived)": _show(droot)}, exact=bool(mm >= X / 2),
                                  derived=bool(_sign(sympy.ceiling(droot) - X / 2) >= 0), printed=True, size=(ee, tt)))
            agree.append(Instance({"e^eps": ee, "tau": tt}, sympy.Integer(mm), sympy.ceiling(droot), size=(ee, tt)))
    ev.instances("smallest m of real CMS+aRP with Var(f=0) <= (1+tau) x limit, vs the Omega bound", insts)
    ev.instances("smallest such m (exact search) == ceiling of the derived root", agree, has_printed=False)
    t0 = sympy.limit(D.eq38_printed() / root, tau_sym, 0)
    ev.note(f"derived: X/m_tau -> {t0} as tau -> 0 (X: printed expression), so m_tau is not Theta(X).")


# ---- the main-text conclusion -------------------------------------------------------------
RP_CEX = [  # (criterion, inner, e^eps, f* or d, m of the RAPPOR mechanism)
    ("mse", "srp", R(49, 25), R(1), 26),
    ("mse", "arp", R(169, 100), R(1, 2), 71),
    ("l2", "srp", R(49, 25), 2, 72),
]
RP_IN = [("mse", R(4), R(1)), ("mse", R(4), R(0)), ("mse", R(2), R(0)), ("l2", R(4), 2)]


@claim(
    id="pan-cms/sec3.4.rp-not-optimal",
    location="Section 3.4, after Corollary 3.5 (and Appendix D)",
    statement="CMS with sRP or aRP cannot be the optimised CMS: CMS+RR outperforms them (worst-case MSE, l2), "
              "besides their m-bit reports.",
    printed=lambda: sympy.Symbol(r"\min_{m} \mathcal{L}(CMS{+}RR) \le \inf_{m} \mathcal{L}(CMS{+}aRP/sRP)"),
    derived=lambda: sympy.Symbol(r"\min_{m\in\mathbb{R}} \mathcal{L}(CMS{+}RR) \le \inf_{m} \mathcal{L}(CMS{+}aRP/sRP)"),
    derivation=f"{MODULE}.worst_case_mse_model",
    kind="statement",
    condition="m is optimised as a real number (or CMS+RR's optimal m is an integer); with integer m, CMS+sRP/aRP "
              "with a large m can beat CMS+RR at every integer m",
    assumptions="exact real mechanisms; RR over integer m by exhaustive search",
    note="The communication argument ((2) in the paper: m-bit reports) is unaffected.",
)
def sec34_rp_not_optimal(ev):
    insts = []

    def rr_best(crit, ee, key):
        if crit == "mse":
            mstar = D.m_opt_derived(key, ee)
            vals = [exact_worst_mse_int("rr", mm, ee, key) for mm in range(2, int(sympy.ceiling(mstar)) + 4)]
            dvals = [max(D.var_rr_derived(0, mm, ee, 1), D.var_rr_derived(key, mm, ee, 1))
                     for mm in range(2, int(sympy.ceiling(mstar)) + 4)]
        else:
            mstar = D.m_l2_derived(key, ee)
            vals = [exact_l2_int("rr", mm, key, ee) for mm in range(2, int(sympy.ceiling(mstar)) + 4)]
            dvals = [D.l2_rr_derived(key, mm, ee, 1) for mm in range(2, int(sympy.ceiling(mstar)) + 4)]
        return min(vals), min(dvals)

    for crit, ee, key in RP_IN:
        rr, drr = rr_best(crit, ee, key)
        kinds = ("arp", "srp") if sympy.sqrt(ee).is_Rational else ("arp",)
        ok, dok = True, True
        for kind in kinds:
            if crit == "mse":
                inf = _rp_mse_inf(kind, ee, key)
                dinf = _rp_mse_inf_derived(kind, ee, key)
            else:
                inf = _rp_l2_limit(kind, ee).subs(d_sym, key)
                dinf = sympy.limit(D.l2_kind_derived(kind, key, m_sym, ee, 1), m_sym, sympy.oo)
            ok = ok and _le(rr, inf)
            dok = dok and _le(drr, dinf)
        insts.append(Instance({"loss": crit, "e^eps": ee, ("f*" if crit == "mse" else "d"): key,
                               "RR best integer m": _show(rr), "vs": "inf over m of " + "/".join(kinds)},
                              exact=bool(ok), derived=bool(dok), printed=True, in_condition=True, size=(0, ee)))
    for crit, kind, ee, key, mm in RP_CEX:
        rr, drr = rr_best(crit, ee, key)
        if crit == "mse":
            rp = exact_worst_mse_int(kind, mm, ee, key)
            veq, vne = D.inner_variance_derived(kind, mm, ee)
            fx = R(key)
            drp = max(D.cms_variance_model(veq, vne, 0, mm, 1), D.cms_variance_model(veq, vne, fx, mm, 1))
        else:
            rp = exact_l2_int(kind, mm, key, ee)
            drp = D.l2_kind_derived(kind, key, mm, ee, 1)
        insts.append(Instance({"loss": crit, "e^eps": ee, ("f*" if crit == "mse" else "d"): key,
                               "RR best integer m": _show(rr), f"CMS+{kind} at m={mm}": _show(rp)},
                              exact=bool(_le(rr, rp)), derived=bool(_le(drr, drp)), printed=True, in_condition=False,
                              size=(1, ee, mm)))
    ev.instances("CMS+RR (best integer m, exhaustive) vs CMS+aRP/sRP (real mechanisms)", insts)
