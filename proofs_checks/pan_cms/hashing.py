"""pan-cms claim checks: imperfect hashing and the original CMS (Sections 3.5-3.6, Appendices E-F;
see derivations.pan_cms.hashing).

The exact path builds the real hash families of ``ldpref.hashing`` (Eq. (18) over GF(2^l) with real field
arithmetic, its reduction mod m, every draw of the original CMS's random functions) and the real CMS
mechanisms of ``ldpref.mechanisms.cms`` on them (Eq. (2) or Eq. (8) decoder); moments come from
``ldpref.moments`` / ``ldpref.family`` / ``ldpref.losses`` on those mechanisms.  Var(R|=) and Var(R|!=)
are read off the exact inner mechanisms.  The reference "perfect" CMS of the same m uses the family of
all functions [d] -> [m] (checked pairwise independent), which exists for every m.

Bounds are implications "condition => conclusion": each instance sits on the boundary of the printed
condition (the smallest tau or delta it admits, the strongest test of the conclusion) and records whether
the conclusion holds there (exact), what the paper asserts (printed: True) and what the derivation predicts
(derived, from the model formulas).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import numpy as np
import sympy

import derivations.pan_cms.hashing as H
from derivations.pan_cms.symbols import cbar, d, delta, e, f, k, l, m, n, q, r, tau, var_eq, var_neq
from ldpref import losses, moments
from ldpref.exact import EXP_EPS
from ldpref.hashing import (IRREDUCIBLE, HashFamily, all_function_draws, gf2_affine_family, gf2_affine_mod_family,
                            random_family)
from ldpref.ledger import Instance, claim
from ldpref.ledger.forms import evaluate
from ldpref.ledger.root_causes import RootCause
from ldpref.mechanism import Mechanism
from ldpref.mechanisms.cms import cms, cms_over_draws, inner_mechanism

SEED = 20260605
R = sympy.Rational
DER = "derivations.pan_cms.hashing"
KIND_ORDER = {"rr": 0, "arp": 1, "srp": 2}



#: the reading of the paper's quantifier over pairs (kept in one place so every claim says the same)
DISTINCT_PAIRS = ("x1 != x2: the paper quantifies over [d]^2 but means distinct pairs, as in Corollary 3.1 and "
                  "Eq. (8) (for x1 = x2 the probability is trivially 1)")

# ---- exact building blocks -----------------------------------------------------------------------
def _rat(x):
    return R(x.numerator, x.denominator) if isinstance(x, Fraction) else sympy.sympify(x)


@cache
def _inner(kind, mm, ee):
    return inner_mechanism(kind, mm, ee)


@cache
def _inner_vars(kind, mm, ee):
    """(Var(R|=), Var(R|!=)) read off the exact inner mechanism (Property 2.3: each is one constant)."""
    mech = _inner(kind, mm, ee)
    W = moments.per_client_variance_coefficients(mech)
    dom = mech.domain
    eq = {sympy.cancel(dom.to_sympy(W[v][v])) for v in range(mm)}
    ne = {sympy.cancel(dom.to_sympy(W[v][x])) for v in range(mm) for x in range(mm) if v != x}
    if len(eq) != 1 or len(ne) != 1:
        raise ValueError(f"inner {kind} (m={mm}) does not have constant Var(R|=), Var(R|!=)")
    return eq.pop(), ne.pop()


@cache
def _hprime(l_, d_, m_):
    return gf2_affine_mod_family(l_, d_, m_)


@cache
def _perfect(d_, m_):
    """All functions [d] -> [m]: pairwise independent for every m (checked)."""
    fam = HashFamily(tuple(itertools.product(range(m_), repeat=d_)), m_, name=f"all-functions(d={d_}, m={m_})")
    if not fam.is_pairwise_independent():
        raise AssertionError("the family of all functions must be pairwise independent")
    return fam


@cache
def _family(key):
    return _hprime(*key[1:]) if key[0] == "H'" else _perfect(*key[1:])


@cache
def _cms(key, kind, ee, decoder):
    fam = _family(key)
    return cms(fam, _inner(kind, fam.m, ee), decoder=decoder)


@cache
def _var(key, kind, ee, decoder, counts):
    return tuple(moments.variance(_cms(key, kind, ee, decoder).mechanism, counts))


@cache
def _bias(key, kind, ee, decoder, counts):
    return tuple(moments.bias(_cms(key, kind, ee, decoder).mechanism, counts))


def _qr(l_, m_):
    return divmod(2**l_, m_)


def _collision(l_, m_):
    """Exact collision rate of h' = h mod m read off the real family (constant over x != x')."""
    rate = _hprime(l_, 2, m_).has_constant_collision_rate()
    return _rat(rate)


def _derived_vars(kind, mm, ee):
    return H.inner_variances(kind, mm, ee)


def _datasets(d_, max_n):
    for total in range(1, max_n + 1):
        for combo in itertools.combinations_with_replacement(range(d_), total):
            yield tuple(combo.count(x) for x in range(d_))


def _collision_rate_mechanism(mm, inner, c, M):
    """A CMS on d = 2 inputs whose hash function (y0, y1) in [m]^2 is drawn with weight c/m if y0 = y1 and
    (1 - c)/(m(m-1)) otherwise: uniform values, collision rate c; decoder parameter M (Eq. (2): M = m,
    Eq. (8): M = 1/c; M = None: the Eq. (8) decoder times (1 - c), i.e. Q_R - c).  c and M may be symbols,
    giving the variance as an exact function of them."""
    P_R, Q_R = inner.perturbation_matrix(), inner.decoder_matrix()
    rows, cols, labels = [], [], []
    for y0, y1 in itertools.product(range(mm), repeat=2):
        w = c / mm if y0 == y1 else (1 - c) / (mm * (mm - 1))
        h = (y0, y1)
        for z in range(inner.n_outputs):
            labels.append(f"{y0}{y1}:{z}")
            rows.append([w * P_R[z, h[x]] for x in range(2)])
            if M is None:
                cols.append([Q_R[h[x], z] - c for x in range(2)])
            else:
                cols.append([M / (M - 1) * Q_R[h[x], z] - 1 / (M - 1) for x in range(2)])
    Q = [[cols[u][x] for u in range(len(cols))] for x in range(2)]
    return Mechanism(rows, Q, outputs=labels, name=f"cms-collision-rate(m={mm})")


# ---- Eq. (18) and the families of Section 3.5 ------------------------------------------------------
@claim(
    id="pan-cms/eq18",
    location="Section 3.5, Eq. (18) and the sentences around it",
    statement="The GF(2^l) affine family {a0 + a1 x} is (strongly) pairwise independent, each h(x) uniform "
              "on the field.",
    printed=H.eq18_printed,
    derived=H.eq18_derived,
    derivation=f"{DER}.affine_pair_bijective",
    kind="statement",
    assumptions="x in [d] embedded in GF(2^l) (2^l >= d); (a0, a1) uniform; field arithmetic reduced by "
                "ldpref.hashing.IRREDUCIBLE[l]",
)
def eq18(ev):
    insts = []
    for l_ in (1, 2, 3, 4):
        for d_ in sorted({2, 2**l_}):
            fam = gf2_affine_family(l_, d_)
            exact = fam.is_pairwise_independent() and fam.is_uniform()
            derived = all(H.affine_pair_bijective(IRREDUCIBLE[l_], a, b)
                          for a, b in itertools.permutations(range(d_), 2))
            insts.append(Instance({"l": l_, "d": d_}, exact, derived, True, size=(l_, d_)))
    ev.instances("pairwise independence of gf2_affine_family, counted over all 2^{2l} functions", insts)


@claim(
    id="pan-cms/sec3.5.family-size",
    location="Section 3.5, after Eq. (18): the size of H",
    statement="|H| = 2^{2l} = Theta(d^2).",
    printed=H.family_size_printed,
    derived=H.family_size_derived,
    derivation=f"{DER}.family_size_derived",
    kind="statement",
    assumptions="l is the smallest integer with 2^l >= d (Theta(d^2) needs it)",
)
def family_size(ev):
    insts = []
    for d_ in range(2, 17):
        l_ = (d_ - 1).bit_length()
        fam = gf2_affine_family(l_, d_)
        size = len(set(fam.functions))
        exact = size == fam.k == 2 ** (2 * l_) and d_**2 <= size < 4 * d_**2
        derived = bool(H.family_size_derived().subs({H.H_size: 4**l_, H.d: d_, l: l_}))
        insts.append(Instance({"d": d_, "l": l_}, exact, derived, True, size=(d_,)))
    ev.instances("number of distinct functions of gf2_affine_family vs 2^{2l}, d^2 and 4 d^2", insts)


def _crt_family(d_):
    """[d] -> [6] as Z_2 x Z_3: bit 0 of the GF(2^l) affine family times the Z_3 affine family."""
    l_ = max(1, (d_ - 1).bit_length())
    two = [tuple(v & 1 for v in h) for h in gf2_affine_family(l_, max(d_, 2)).functions] if 2**l_ >= d_ else []
    three = [tuple((a + b * x) % 3 for x in range(d_)) for a in range(3) for b in range(3)]
    return HashFamily(tuple(tuple(3 * u[x] + t[x] for x in range(d_)) for u in two for t in three), 6, name="crt")


@claim(
    id="pan-cms/sec3.5.m6-no-pairwise", root_cause="sec3.5.m6",
    location="Section 3.5, first paragraph (the m = 6 example)",
    statement="No pairwise-independent hashing family [d] -> [6] exists.",
    printed=H.no_pairwise_m6_printed,
    derived=H.no_pairwise_m6_derived,
    derivation=f"{DER}.no_pairwise_m6_derived",
    kind="statement",
    note="The finite-field requirement concerns the affine construction, not existence: the family of all "
         "functions [d] -> [m] is pairwise independent for every m, and the Chinese-remainder product of a "
         "GF(2^l) family (bit 0) and the Z_3 affine family gives one of size 4^l * 9 for d <= 3; "
         "{a + b x mod 6} is pairwise independent for d = 2 only.",
)
def m6(ev):
    insts = []
    for d_ in (2, 3, 4):
        found = _perfect(d_, 6).is_pairwise_independent()
        if d_ <= 3:
            found = found and _crt_family(d_).is_pairwise_independent()
        affine6 = HashFamily(tuple(tuple((a + b * x) % 6 for x in range(d_)) for a in range(6) for b in range(6)), 6)
        insts.append(Instance({"d": d_, "m": 6, "a+bx mod 6 pairwise": affine6.is_pairwise_independent()},
                              exact=not found, derived=False, printed=True, size=(d_,)))
    ev.instances("does no pairwise-independent family [d] -> [6] exist? (constructed and checked exactly)", insts)


@claim(
    id="pan-cms/sec3.5.mod-probabilities",
    location="Section 3.5, the sentence before Lemma 3.2",
    statement="With 2^l = qm + r, h' = h mod m takes r values with probability (q+1)/2^l and m - r values "
              "with probability q/2^l.",
    printed=lambda: sympy.Eq(H.Pr_y, H.mod_probabilities_form(True)),
    derived=lambda: sympy.Eq(H.Pr_y, H.mod_probabilities_form(False)),
    derivation=f"{DER}.mod_preimage_counts",
    assumptions="0 <= r < m <= 2^l; h from Eq. (18); the residues y < r are the ones with q + 1 preimages",
)
def mod_probabilities(ev):
    ev.symbolic("printed vs derived law of h'(x) (2^l = qm + r)", H.mod_probabilities_form(True),
                H.mod_probabilities_form(False), simplify=H.subs_two_l)
    insts = []
    for l_ in range(1, 6):
        for m_ in range(2, 2**l_ + 1):
            fam = _hprime(l_, 2, m_)
            counts = [0] * m_
            for h in fam.functions:
                counts[h[0]] += 1
            exact = sorted((R(c, fam.k) for c in counts), reverse=True)
            insts.append(Instance({"l": l_, "m": m_}, exact, H.mod_probabilities_derived(l_, m_),
                                  H.mod_probabilities_printed(l_, m_), size=(l_, m_)))
    ev.instances("law of h'(0) counted over gf2_affine_mod_family (sorted probabilities)", insts)


def _lemma32_instances(P, D):
    """The claim's printed and derived collision rates at each (l, m, x1, x2) vs the rate counted over the family."""
    insts = []
    for l_ in range(1, 6):
        d_ = min(2**l_, 4)
        for m_ in range(2, 2**l_ + 1):
            fam = _hprime(l_, d_, m_)
            q_, r_ = _qr(l_, m_)
            for a, b in [(0, 1), (0, d_ - 1), (1, d_ - 1)] if d_ > 2 else [(0, 1)]:
                exact = _rat(fam.collision_rate(a, b))
                vals = {q: q_, r: r_, m: m_, l: l_, H.x1: a, H.x2: b}
                insts.append(Instance({"l": l_, "m": m_, "x1": a, "x2": b}, exact, _val(D, vals), _val(P, vals),
                                      size=(l_, m_, a, b)))
    return insts


@claim(
    id="pan-cms/lemma3.2",
    location="Section 3.5, Lemma 3.2 (first line)",
    statement="Pr(h'(x1) = h'(x2)) = r ((q+1)/2^l)^2 + (m - r)(q/2^l)^2 for all (x1, x2) in [d]^2.",
    printed=lambda: H.lemma32_form(True),
    derived=lambda: H.lemma32_form(False),
    derivation=f"{DER}.collision_derived",
    assumptions="h' uniform over the 2^{2l} functions of H' (Eq. (18) mod m); 2^l = qm + r, 0 <= r < m; "
                + DISTINCT_PAIRS,
)
def lemma3_2(ev):
    P, D = ev.printed(), ev.derived()
    pair = {H.x1: 0, H.x2: 1}
    ev.symbolic("printed vs derived collision rate (x1 != x2; 2^l = qm + r)", P.rhs.subs(pair), D.rhs.subs(pair),
                simplify=H.subs_two_l)
    ev.instances("collision rate of gf2_affine_mod_family counted over all functions", _lemma32_instances(P, D))


@claim(
    id="pan-cms/lemma3.2.closed",
    location="Section 3.5, Lemma 3.2 (second line)",
    statement="Pr(h'(x1) = h'(x2)) = ((2q+1) r + m q^2)/(mq + r)^2 for all (x1, x2) in [d]^2.",
    printed=lambda: H.lemma32_form(True, closed=True),
    derived=lambda: H.lemma32_form(False),
    derivation=f"{DER}.collision_derived",
    assumptions="as Lemma 3.2, first line; " + DISTINCT_PAIRS,
)
def lemma3_2_closed(ev):
    P, D = ev.printed(), ev.derived()
    pair = {H.x1: 0, H.x2: 1}
    ev.symbolic("printed closed form vs derived collision rate (x1 != x2)", P.rhs.subs(pair), D.rhs.subs(pair),
                simplify=H.subs_two_l)
    ev.instances("collision rate of gf2_affine_mod_family counted over all functions", _lemma32_instances(P, D))


GU_GRID = [(1, 2, "rr", R(2)), (2, 3, "rr", R(2)), (2, 3, "rr", EXP_EPS), (2, 3, "arp", R(3)), (2, 3, "srp", R(4)),
           (2, 4, "rr", R(3)), (3, 5, "rr", R(2)), (3, 6, "rr", R(3)), (3, 7, "rr", R(2)), (4, 5, "rr", R(2)),
           (4, 9, "rr", R(3))]


@claim(
    id="pan-cms/sec3.5.g-unbiased",
    location="Section 3.5, the paragraph after Lemma 3.2",
    statement="With H', c_bar is the constant of Lemma 3.2 and g(x) of Eq. (8) with "
              "m' = (mq+r)^2/((2q+1)r + mq^2) is unbiased.",
    printed=lambda: sympy.Eq(H.mp, H.m_prime_printed()),
    derived=lambda: sympy.Eq(H.mp, H.m_prime_derived()),
    derivation=f"{DER}.m_prime_derived",
    assumptions="inner mechanism with Properties 2.1-2.3 (RR, aRP, sRP); d = 3 inputs (2 if 2^l = 2)",
)
def g_unbiased(ev):
    ev.symbolic("printed vs derived m'", H.m_prime_printed(), H.m_prime_derived())
    insts = []
    for l_, m_, kind, ee in GU_GRID:
        d_ = min(3, 2**l_)
        c = cms(_hprime(l_, d_, m_), _inner(kind, m_, ee), decoder="eq8")
        q_, r_ = _qr(l_, m_)
        exact = [c.m_decoder, c.mechanism.is_unbiased()]
        printed = [H.m_prime_printed().subs({q: q_, r: r_, m: m_}), True]
        derived = [1 / H.collision_value(l_, m_), True]
        insts.append(Instance({"l": l_, "m": m_, "inner": kind, "exp_eps": ee}, exact, derived, printed,
                              size=(l_, m_, KIND_ORDER[kind], 0 if ee == EXP_EPS else ee)))
    ev.instances("[m' = 1/c_bar of the real family, Q P = I for the Eq. (8) CMS]", insts)


# ---- Theorem 3.8, Eqs. (41)-(44) --------------------------------------------------------------------
TH38_GRID = [(2, 3, "rr", R(2)), (2, 3, "rr", R(3)), (2, 3, "rr", R(4)), (2, 3, "arp", R(2)), (2, 3, "srp", R(4)),
             (3, 3, "rr", R(2)), (3, 4, "rr", R(2)), (3, 5, "rr", R(2)), (3, 5, "arp", R(2)), (3, 6, "rr", R(2)),
             (3, 6, "rr", R(3)), (3, 7, "rr", R(2)), (4, 3, "rr", R(2)), (4, 5, "rr", R(2)), (4, 6, "rr", R(2)),
             (4, 7, "rr", R(3)), (4, 11, "rr", R(2))]
TH38_COUNTS = [(1, 0), (0, 1), (1, 1), (1, 2)]


@cache
def _thm38_rows():
    """Per (family, inner, dataset, x): exact Var(g|H'), Var(f_hat) (perfect), Var(R|=) and the model values."""
    rows = []
    for l_, m_, kind, ee in TH38_GRID:
        q_, r_ = _qr(l_, m_)
        veq, vne = _inner_vars(kind, m_, ee)
        dveq, dvne = _derived_vars(kind, m_, ee)
        cprime = H.collision_value(l_, m_)
        for counts in TH38_COUNTS:
            nn = sum(counts)
            vg = _var(("H'", l_, 2, m_), kind, ee, "eq8", counts)
            vf = _var(("perfect", 2, m_), kind, ee, "eq2", counts)
            for x in range(2):
                fx = R(counts[x], nn)
                rows.append(dict(l=l_, m=m_, q=q_, r=r_, kind=kind, e=ee, counts=counts, x=x, n=nn, veq=veq, vne=vne,
                                 vg=vg[x], vf=vf[x],
                                 dveq=dveq, dvg=H.var_g_model(cprime, dveq, dvne, fx, nn),
                                 dvf=H.cms_var_model(R(1, m_), m_, dveq, dvne, fx, nn)))
    return rows


def _lhs38(row, exact=True, corrected=False):
    """tau * (left-hand side of Theorem 3.8's condition) / (2q+1)^2: the smallest tau the condition admits."""
    veq, vf = (row["veq"], row["vf"]) if exact else (row["dveq"], row["dvf"])
    if corrected:
        val = H.thm38_lhs_corrected(row["m"], row["q"], veq, row["n"], 1, vf)
    else:
        val = H.thm38_lhs_printed(row["m"], veq, row["n"], 1, vf)
    return sympy.cancel(val / (2 * row["q"] + 1) ** 2)


def _params38(row, tau_):
    return {"l": row["l"], "m": row["m"], "q": row["q"], "r": row["r"], "inner": row["kind"], "exp_eps": row["e"],
            "counts": row["counts"], "x": row["x"], "tau": tau_}


def _size38(row):
    return (row["l"], row["m"], row["n"], KIND_ORDER[row["kind"]], row["e"], row["counts"][::-1], row["x"])


def _thm38_instances(strict: bool):
    insts = []
    for row in _thm38_rows():
        t_ex, t_der = _lhs38(row), _lhs38(row, exact=False)
        cmp = (lambda a, b: a < b) if strict else (lambda a, b: a <= b)
        exact = bool(cmp(row["vg"], (1 + t_ex) * row["vf"]))
        derived = bool(cmp(row["dvg"], (1 + t_der) * row["dvf"]))
        insts.append(Instance(_params38(row, t_ex), exact, derived, True, size=_size38(row)))
    return insts


def _thm38_corrected_record(ev, strict: bool):
    bad = []
    for row in _thm38_rows():
        t = _lhs38(row, corrected=True)
        ok = row["vg"] < (1 + t) * row["vf"] if strict else row["vg"] <= (1 + t) * row["vf"]
        if not ok:
            bad.append(_params38(row, t))
    ev.numeric("corrected condition (derivative bound at m_low = m(1 - (2q+1)^{-2})) implies the conclusion",
               not bad, len(_thm38_rows()), "holds on every instance" if not bad else f"fails at {bad[0]}")


@claim(
    id="pan-cms/thm3.8", root_cause="thm3.8.derivative-bound",
    location="Section 3.5, Theorem 3.8",
    statement="If (2m Var(R|=) + m - 1)/(n(m-1)^3) * m/(tau Var(f_hat(x))) <= (2q+1)^2 then "
              "Var(g(x|H')) < (1 + tau) Var(f_hat(x)).",
    printed=H.thm38_printed,
    derived=H.thm38_derived,
    derivation=f"{DER}.thm38_lhs_corrected",
    kind="statement",
    assumptions="g uses H' (Eq. (18) mod m) and m' of Lemma 3.2; f_hat is Eq. (2) with a pairwise-independent "
                "family of the same m (all functions [d] -> [m]); same inner mechanism and dataset; tau at the "
                "boundary of the condition",
    note="The proof bounds |dVar/dm'| by its value at m' = m, but the bound (2m'Var(R|=) + m' - 1)/"
         "(n(m'-1)^3) decreases in m', so on [m', m] it is largest at the smallest m'.  Taking it at "
         "m_low = m(1 - (2q+1)^{-2}) <= m' gives a condition that does imply the conclusion.",
)
def thm3_8(ev):
    ev.instances("Var(g|H') < (1 + tau) Var(f_hat) at the smallest tau of the condition (exact CMS variances)",
                 _thm38_instances(True))
    _thm38_corrected_record(ev, True)


@claim(
    id="pan-cms/appE.translate", root_cause="thm3.8.derivative-bound",
    location="Appendix E, proof of Theorem 3.8, the inequality before Eq. (43)",
    statement="(2m Var(R|=) + m - 1)/(n(m-1)^3) * m/(2q+1)^2 <= tau Var(f_hat(x)) ensures "
              "Var(g(x|H')) <= (1 + tau) Var(f_hat(x)).",
    printed=H.translate_printed,
    derived=H.translate_derived,
    derivation=f"{DER}.thm38_lhs_corrected",
    kind="statement",
    assumptions="as Theorem 3.8",
)
def appE_translate(ev):
    ev.instances("Var(g|H') <= (1 + tau) Var(f_hat) at the smallest tau of the inequality", _thm38_instances(False))
    _thm38_corrected_record(ev, False)


@claim(
    id="pan-cms/appE.eq43", root_cause="thm3.8.derivative-bound",
    location="Appendix E, Eq. (43)",
    statement="(2m Var(R|=) + m - 1)/(n(m-1)^3) * m/(tau Var(f_hat(x))) <= (2q+1)^2 ensures "
              "Var(g(x|H')) <= (1 + tau) Var(f_hat(x)).",
    printed=H.eq43_printed,
    derived=H.eq43_derived,
    derivation=f"{DER}.thm38_lhs_corrected",
    kind="statement",
    assumptions="as Theorem 3.8",
)
def appE_eq43(ev):
    lhs_t = H.thm38_lhs_printed() / (2 * q + 1) ** 2
    ev.identity("Eq. (43) is the inequality before it divided by tau Var(f_hat)",
                sympy.simplify(lhs_t * tau * H.Var_f), H.translate_printed().args[0].lhs)
    ev.instances("Var(g|H') <= (1 + tau) Var(f_hat) at the boundary of Eq. (43)", _thm38_instances(False))
    _thm38_corrected_record(ev, False)


EQ41_GRID = [(2, "rr", R(2)), (3, "rr", R(2)), (3, "arp", R(2)), (3, "srp", R(4)), (4, "rr", R(3))]
EQ41_COUNTS = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]
MP_VALUES = [R(5, 4), R(3, 2), R(8, 3), R(3), R(5)]


C_POINTS = [R(1, 7), R(1, 5), R(1, 4), R(1, 3), R(2, 5), R(1, 2)]
C_CHECK = [R(3, 5), R(5, 7)]


@cache
def _c_mechanism(mm, kind, ee, c, decoder):
    """The CMS with collision rate c (rational).  decoder "eq2": M = m; decoder "eq8x": the Eq. (8) decoder
    (M = 1/c) times (1 - c), i.e. Q_R - c, whose entries are affine in c."""
    return _collision_rate_mechanism(mm, _inner(kind, mm, ee), c, sympy.Integer(mm) if decoder == "eq2" else None)


def _lagrange(points):
    """Exact interpolating polynomial (ascending coefficients, Fractions) through (x, y) points."""
    coeffs = [Fraction(0)] * len(points)
    for i, (xi, yi) in enumerate(points):
        basis, denom = [Fraction(1)], Fraction(1)
        for j, (xj, _) in enumerate(points):
            if j != i:
                basis = [Fraction(0)] + basis  # multiply by (x - xj)
                for t in range(len(basis) - 1):
                    basis[t] -= xj * basis[t + 1]
                denom *= xi - xj
        for t, b in enumerate(basis):
            coeffs[t] += yi * b / denom
    return coeffs


def _frac(v):
    return Fraction(int(v.p), int(v.q))


@cache
def _var_in_c(mm, kind, ee, decoder, counts):
    """The exact variance of the first estimate as a polynomial in c (ascending coefficients): P is affine in c
    and so is the decoder, so the variance has degree <= 4 (<= 2 for Eq. (2)); interpolated from exact values
    at rational c and confirmed at further points (an error if the degree bound failed)."""
    def var_at(c):
        return _frac(moments.variance(_c_mechanism(mm, kind, ee, c, decoder), counts)[0])
    coeffs = _lagrange([(_frac(c), var_at(c)) for c in C_POINTS])
    for c in C_CHECK:
        if sum(a * _frac(c) ** i for i, a in enumerate(coeffs)) != var_at(c):
            raise AssertionError("variance is not a polynomial of degree <= 4 in c")
    return tuple(coeffs)


def _poly_expr(coeffs, x):
    return sum(R(a.numerator, a.denominator) * x**i for i, a in enumerate(coeffs))


@cache
def _dvar_exact(mm, kind, ee, counts):
    """d Var(g)/d m' of the exact CMS whose collision rate is 1/m' and whose decoder uses m', as (num, den)
    polynomials in m': Var = V(1/m')/(1 - 1/m')^2 with V the (1 - c)^2-scaled variance (degree 4 in c)."""
    coeffs = _var_in_c(mm, kind, ee, "eq8x", counts)
    deg = len(coeffs) - 1
    num = sympy.Poly(_poly_expr(coeffs[::-1], H.mp), H.mp)  # m'^deg V(1/m')
    den = sympy.Poly(H.mp ** (deg - 2) * (H.mp - 1) ** 2, H.mp)
    return (num.diff(H.mp) * den - num * den.diff(H.mp), den**2)


def _dvar_expr(mm, kind, ee, counts):
    a, b = _dvar_exact(mm, kind, ee, counts)
    return sympy.cancel(a.as_expr() / b.as_expr())


def _dvar_at(mm, kind, ee, counts, mpv):
    """Exact d Var(g)/d m' at a rational m' (Fractions): Var(g)(m') = V(1/m') m'^2/(m'-1)^2."""
    a = _var_in_c(mm, kind, ee, "eq8x", counts)
    x = _frac(mpv)
    c = 1 / x
    V = sum(ai * c**i for i, ai in enumerate(a))
    dV = sum(i * ai * c ** (i - 1) for i, ai in enumerate(a) if i)
    return dV * (-1 / x**2) * x**2 / (x - 1) ** 2 + V * (-2 * x / (x - 1) ** 3)


def _eq41_instances(which):
    insts = []
    bounds = H.eq41_bounds_printed() if which == 41 else (H.eq42_bound_printed(),)
    deriv = H.dvar_dmp_derived()
    for mm, kind, ee in EQ41_GRID:
        veq, vne = _inner_vars(kind, mm, ee)
        dveq, dvne = _derived_vars(kind, mm, ee)
        for counts in EQ41_COUNTS:
            nn = sum(counts)
            for mpv in MP_VALUES:
                ex_vals = {var_eq: veq, var_neq: vne, n: nn, H.mp: mpv}
                de_vals = {var_eq: dveq, var_neq: dvne, n: nn, H.mp: mpv, f: R(counts[0], nn)}
                val = _dvar_at(mm, kind, ee, counts, mpv)
                exact = bool(min(-_frac(b.xreplace(ex_vals)) for b in bounds) <= val < 0)
                dval = deriv.xreplace(de_vals)
                derived = bool(min(-b.xreplace(de_vals) for b in bounds) <= dval < 0)
                insts.append(Instance({"m": mm, "inner": kind, "exp_eps": ee, "counts": counts, "m'": mpv},
                                      exact, derived, True, in_condition=bool(veq >= vne),
                                      size=(mm, nn, KIND_ORDER[kind], ee, counts[::-1], mpv)))
    return insts


@claim(
    id="pan-cms/appE.eq41",
    location="Appendix E, Eq. (41) and the sentence before it",
    statement="dVar(g)/dm' is linear in f(x), and -max{2m'Var(R|=)/(n(m'-1)^3), ((m'-1)(Var(R|!=)+1) + "
              "(m'+1)Var(R|=))/(n(m'-1)^3)} <= dVar(g(x|H'))/dm' < 0.",
    printed=H.eq41_printed,
    derived=H.eq41_derived,
    derivation=f"{DER}.dvar_dmp_derived",
    kind="statement",
    assumptions="Var(g) as a function of m' with collision rate 1/m' (Theorem 3.4), Var(R|=), Var(R|!=) of the "
                "inner mechanism on [m] held fixed",
)
def appE_eq41(ev):
    ev.symbolic("the two branches vs -dVar/dm' of the model at f(x) = 1 and f(x) = 0",
                list(H.eq41_bounds_printed()), [-H.dvar_dmp_derived(1), -H.dvar_dmp_derived(0)],
                simplify=lambda v: [sympy.factor(x) for x in v])
    for mm, kind, ee in EQ41_GRID[1:3]:
        veq, vne = _inner_vars(kind, mm, ee)
        a, b = (x.subs({var_eq: veq, var_neq: vne, n: 1}) for x in H.eq41_bounds_printed())
        ev.identity(f"exact dVar/dm' at f = 1 and f = 0 are minus the two branches (m={mm}, {kind}, e^eps={ee})",
                    [_dvar_expr(mm, kind, ee, (1, 0)), _dvar_expr(mm, kind, ee, (0, 1))], [-a, -b])
        ev.identity(f"exact dVar/dm' is linear in f(x) (m={mm}, {kind}, e^eps={ee}, n = 2)",
                    _dvar_expr(mm, kind, ee, (1, 1)),
                    (_dvar_expr(mm, kind, ee, (2, 0)) + _dvar_expr(mm, kind, ee, (0, 2))) / 2)
    ev.instances("bounds of Eq. (41) on the exact derivative (CMS with collision rate 1/m' and decoder m')",
                 _eq41_instances(41))


@claim(
    id="pan-cms/appE.eq42",
    location="Appendix E, Eq. (42)",
    statement="-(2m'Var(R|=) + m' - 1)/(n(m'-1)^3) <= dVar(g(x|H'))/dm' < 0.",
    printed=H.eq42_printed,
    derived=H.eq42_derived,
    derivation=f"{DER}.dvar_dmp_derived",
    kind="statement",
    assumptions="Var(R|=) >= Var(R|!=) (true for RR, aRP and sRP: appE.veq-geq-vne)",
)
def appE_eq42(ev):
    ev.instances("bound of Eq. (42) on the exact derivative", _eq41_instances(42))


VEQ_GRID = [(2, "rr", R(2)), (2, "rr", R(11, 10)), (3, "rr", R(2)), (3, "rr", EXP_EPS), (5, "rr", R(3)),
            (2, "arp", R(2)), (3, "arp", R(3)), (3, "arp", EXP_EPS), (2, "srp", R(4)), (3, "srp", R(9))]


def _veq_instances(strict):
    insts = []
    for mm, kind, ee in VEQ_GRID:
        veq, vne = _inner_vars(kind, mm, ee)
        dveq, dvne = _derived_vars(kind, mm, ee)
        if ee == EXP_EPS:  # sign of a rational function of e^eps > 1: substitute e^eps = 1 + t, t > 0
            t = sympy.Symbol("t", positive=True)
            diff_e = sympy.factor(sympy.cancel((veq - vne).subs(EXP_EPS, 1 + t)))
            diff_d = sympy.factor(sympy.cancel((dveq - dvne).subs(EXP_EPS, 1 + t)))
            ex = bool(diff_e.is_positive) if strict else bool(diff_e.is_nonnegative)
            de = bool(diff_d.is_positive) if strict else bool(diff_d.is_nonnegative)
        else:
            ex = bool(veq > vne) if strict else bool(veq >= vne)
            de = bool(dveq > dvne) if strict else bool(dveq >= dvne)
        insts.append(Instance({"m": mm, "inner": kind, "exp_eps": ee}, ex, de, True,
                              size=(KIND_ORDER[kind] if strict else 0, mm, 0 if ee == EXP_EPS else ee)))
    return insts


@claim(
    id="pan-cms/appE.veq-geq-vne",
    location="Appendix E, the sentence before Eq. (42)",
    statement="Var(R|=) >= Var(R|!=) for randomized response and RAPPOR.",
    printed=H.veq_ge_vne_derived,
    derived=H.veq_ge_vne_derived,
    derivation=f"{DER}.inner_variances",
    kind="statement",
    assumptions="RR (Eq. (12)), aRP (Eq. (13)), sRP (Eq. (14)); e^eps > 1",
)
def appE_veq(ev):
    ev.instances("Var(R|=) >= Var(R|!=) read off the exact inner mechanisms", _veq_instances(False))


@claim(
    id="pan-cms/appE.m-prime-bound", root_cause="appE.worst-r",
    location="Appendix E, proof of Theorem 3.8 (m' = m - m/(2q+1)^2)",
    statement="m' = m - m/(2q+1)^2.",
    printed=lambda: sympy.Eq(H.mp, H.m_prime_appE_printed()),
    derived=lambda: sympy.Eq(H.mp, H.m_prime_derived()),
    derivation=f"{DER}.m_prime_min_over_r",
    condition="r = mq/(2q+1), the r minimising m' (otherwise m' > m - m/(2q+1)^2: it is a lower bound)",
    assumptions="m' = 1/c_bar of H' (Lemma 3.2)",
)
def appE_mprime(ev):
    ev.symbolic("printed m' vs derived m'", H.m_prime_appE_printed(), H.m_prime_derived())
    r_star, mmin = H.m_prime_min_over_r()
    ev.identity("min over r of the derived m' (calculus) is the printed value", mmin, sympy.factor(H.m_prime_appE_printed()))
    insts = []
    for l_ in range(1, 6):
        for m_ in range(2, 2**l_ + 1):
            q_, r_ = _qr(l_, m_)
            exact = 1 / _collision(l_, m_)
            insts.append(Instance({"l": l_, "m": m_, "q": q_, "r": r_}, exact, 1 / H.collision_value(l_, m_),
                                  H.m_prime_appE_printed().subs({m: m_, q: q_}), in_condition=H.worst_r(m_, q_, r_),
                                  size=(l_, m_)))
    ev.instances("m' = 1/c_bar of the real family", insts)


# ---- Corollaries 3.6, 3.7 -----------------------------------------------------------------------------
def _tau_grid(q_):
    t0 = R(1, (2 * q_ + 1) ** 2)
    return [t for t in (t0 * R(101, 100), 2 * t0, R(1, 100), R(1, 10)) if t > t0]


def _cor_rows(kind_of_cor):
    """(l, m, e^eps, d) for Corollary 3.6 (m = 1 + e^{eps/2}) or 3.7 (m = 1 + e^eps)."""
    out = []
    for ss in (2, 3, 4, 5, 6):
        mm = 1 + ss
        ee = R(ss * ss) if kind_of_cor == 36 else R(ss)
        for l_ in (2, 3, 4):
            if 2**l_ > mm:
                for d_ in ((2,) if kind_of_cor == 36 else (2, 3)):
                    if d_ <= 2**l_ and (l_ < 4 or mm <= 5):
                        out.append((l_, mm, ee, d_))
    return out


@cache
def _worst(key, ee, decoder, which, nn=2):
    mech = _cms(key, "rr", ee, decoder).mechanism
    return (losses.worst_case_mse if which == "mse" else losses.worst_case_l2)(mech, nn).value


def _cor_model(l_, mm, ee, d_, which):
    """Model worst cases: Var is affine in f(x), so the worst MSE is at f in {0, 1}; the l2 loss of an unbiased
    estimator is sum_x Var = ((d-1) Var|f=0 + Var|f=1) (times n, divided by n) for every dataset."""
    veq, vne = _derived_vars("rr", mm, ee)
    c = H.collision_value(l_, mm)
    g = [H.var_g_model(c, veq, vne, fx, 2) for fx in (0, 1)]
    p = [H.cms_var_model(R(1, mm), mm, veq, vne, fx, 2) for fx in (0, 1)]
    if which == "mse":
        return max(g), max(p)
    return (d_ - 1) * g[0] + g[1], (d_ - 1) * p[0] + p[1]


def _cor_instances(kind_of_cor, taus=None):
    which = "mse" if kind_of_cor == 36 else "l2"
    insts = []
    for l_, mm, ee, d_ in _cor_rows(kind_of_cor):
        q_, r_ = _qr(l_, mm)
        wg = _worst(("H'", l_, d_, mm), ee, "eq8", which)
        wf = _worst(("perfect", d_, mm), ee, "eq2", which)
        dg, df = _cor_model(l_, mm, ee, d_, which)
        for t in (taus or _tau_grid(q_)):
            in_cond = bool(2 * q_ + 1 > sympy.sqrt(1 / t))
            insts.append(Instance({"l": l_, "m": mm, "q": q_, "r": r_, "exp_eps": ee, "d": d_, "tau": t},
                                  bool(wg < (1 + t) * wf), bool(dg < (1 + t) * df), True, in_condition=in_cond,
                                  size=(l_, mm, d_, t)))
    return insts


def _cor_threshold_record(ev, kind_of_cor):
    bad = []
    rows = _cor_rows(kind_of_cor)
    for l_, mm, ee, d_ in rows:
        veq, vne = _inner_vars("rr", mm, ee)
        T = H.ratio_threshold_model(mm, 1 / _collision(l_, mm), veq, vne)
        which = "mse" if kind_of_cor == 36 else "l2"
        wg = _worst(("H'", l_, d_, mm), ee, "eq8", which)
        wf = _worst(("perfect", d_, mm), ee, "eq2", which)
        if not (wg <= (1 + T) * wf):
            bad.append((l_, mm, ee, d_))
    ev.numeric("corrected threshold T = Var(g|f=0)/Var(f_hat|f=0) - 1 bounds the exact ratio", not bad, len(rows),
               "holds on every instance" if not bad else f"fails at {bad[0]}")


@claim(
    id="pan-cms/cor3.6", root_cause="appE.eps0-limit",
    location="Section 3.5, Corollary 3.6",
    statement="If 2q + 1 > sqrt(1/tau) and m = 1 + e^{eps/2}, then MSE(g) < (1 + tau) MSE_hat(f_hat).",
    printed=H.cor36_printed,
    derived=H.cor36_derived,
    derivation=f"{DER}.ratio_threshold_model",
    kind="statement",
    assumptions="CMS+RR; e^{eps/2} an integer so that m = 1 + e^{eps/2} exactly; MSE(g) and MSE_hat(f_hat) are the "
                "worst-case MSEs over datasets of n = 2 clients (d = 2), g on H', f_hat on a pairwise-independent "
                "family of the same m",
    note="Corrected condition: tau > T = Var(g|f=0)/Var(f_hat|f=0) - 1 (f(x) = 0 is the worse end when "
         "Var(R|=) >= Var(R|!=) and m' >= 2).  Letting m = 1 + e^{eps/2} -> 2 as a real number with the worst r "
         "(m' = m(1 - u), u = (2q+1)^{-2}), T (2q+1)^2 -> (2 - 3u)/(1 - 2u)^2, about 2: roughly 2q + 1 > sqrt(2/tau).",
)
def cor3_6(ev):
    ev.instances("worst-case MSE of g on H' vs (1 + tau) that of the perfect CMS (losses.worst_case_mse)",
                 _cor_instances(36))
    _cor_threshold_record(ev, 36)


@claim(
    id="pan-cms/cor3.7", root_cause="appE.eps0-limit",
    location="Section 3.5, Corollary 3.7",
    statement="If 2q + 1 > sqrt(1/tau) and m = 1 + e^eps, then l2(g) < (1 + tau) l2*(f_hat).",
    printed=H.cor37_printed,
    derived=H.cor37_derived,
    derivation=f"{DER}.ratio_threshold_model",
    kind="statement",
    assumptions="CMS+RR; e^eps an integer; l2*(f_hat) read as the l2 loss of the perfectly hashed CMS with the "
                "same m = 1 + e^eps (as in the proof in Appendix E); datasets of n = 2 clients, d = 2, 3",
)
def cor3_7(ev):
    ev.instances("worst-case l2 loss of g on H' vs (1 + tau) that of the perfect CMS (losses.worst_case_l2)",
                 _cor_instances(37))
    _cor_threshold_record(ev, 37)


Q45_ROWS = [(4, 3), (5, 3), (5, 4), (5, 5), (5, 6)]


@claim(
    id="pan-cms/sec3.5.q-4.5",
    location="Section 3.5, after Corollary 3.7 (tau = 0.01 gives q > 4.5)",
    statement="With tau = 0.01 the corollaries' condition is q > 4.5, and q >= 5 then gives their conclusions.",
    printed=H.q45_printed,
    derived=H.q45_derived,
    derivation=f"{DER}.q45_derived",
    kind="statement",
    assumptions="every (l, m) with l <= 5 and q = floor(2^l/m) >= 5, m = 1 + e^{eps/2} (Cor. 3.6) or m = 1 + e^eps "
                "(Cor. 3.7) with integer e^{eps/2} resp. e^eps; d = 2, n = 2",
    note="The conclusion holds on the grid (and, by the variance model, for every q >= 5 with l <= 15), narrowly at "
         "(l, m) = (4, 3) (q = 5, r = 1, e^eps = 4: "
         "Var ratio - 1 = 0.0098 < tau), not for the paper's reason: its limit eps -> 0 (m -> 2) would need "
         "2q + 1 >= sqrt(2/tau), i.e. q >= 7 (see appE.cor3.6-eps0); a CMS cannot have m = 1 + e^{eps/2} in (2, 3).",
)
def q45(ev):
    ev.symbolic("threshold on q at tau = 1/100", H.q45_printed().args[1].rhs, H.q45_derived().args[1].rhs,
                simplify=sympy.nsimplify)
    insts = []
    t = R(1, 100)
    for l_, mm in Q45_ROWS:
        q_, r_ = _qr(l_, mm)
        for cor, ee, which in ((36, R((mm - 1) ** 2), "mse"), (37, R(mm - 1), "l2")):
            wg = _worst(("H'", l_, 2, mm), ee, "eq8", which)
            wf = _worst(("perfect", 2, mm), ee, "eq2", which)
            dg, df = _cor_model(l_, mm, ee, 2, which)
            insts.append(Instance({"corollary": cor, "l": l_, "m": mm, "q": q_, "r": r_, "exp_eps": ee},
                                  bool(wg < (1 + t) * wf), bool(dg < (1 + t) * df), True, size=(l_, mm, cor)))
    ev.instances("conclusions of Corollaries 3.6 / 3.7 at tau = 1/100 and q >= 5 (exact worst cases)", insts)


# ---- Appendix E: the corollaries' proofs -------------------------------------------------------------
def _var_instances(kind_of_cor):
    insts = []
    for ss in (2, 3, 4):
        mm = 1 + ss
        ee = R(ss * ss) if kind_of_cor == 36 else R(ss)
        count_list = [(1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (2, 1)] if kind_of_cor == 36 else [(0, 1), (0, 2), (0, 3)]
        for counts in count_list:
            nn = sum(counts)
            exact = _var(("perfect", 2, mm), "rr", ee, "eq2", counts)[0]
            if kind_of_cor == 36:
                printed = H.var_at_m_half_printed().subs(H.s, ss)
                derived = H.var_at_m_half_derived().subs({H.s: ss, n: nn})
            else:
                printed = H.var_f0_printed().subs(e, ee)
                derived = H.var_f0_derived().subs({e: ee, n: nn})
            insts.append(Instance({"m": mm, "exp_eps": ee, "counts": counts}, exact, derived, printed,
                                  size=(nn, mm, counts[::-1])))
    return insts


@claim(
    id="pan-cms/appE.cor3.6-var", root_cause="appE.var-missing-1/n",
    location="Appendix E, proof of Corollary 3.6 (Var(f_hat(x)) at m = 1 + e^{eps/2})",
    statement="At m = 1 + e^{eps/2} (CMS+RR, pairwise independent), Var(f_hat(x)) = e^{eps/2}/(e^{eps/2} - 1)^2 "
              "for every f(x).",
    printed=lambda: sympy.Eq(H.Var_f, H.var_at_m_half_printed()),
    derived=lambda: sympy.Eq(H.Var_f, H.var_at_m_half_derived()),
    derivation=f"{DER}.var_at_m_derived",
    assumptions="n clients; e^{eps/2} integer",
)
def appE_cor36_var(ev):
    ev.symbolic("printed vs derived Var(f_hat) at m = 1 + e^{eps/2}", H.var_at_m_half_printed(),
                H.var_at_m_half_derived())
    ev.instances("variance of the exact perfect CMS+RR at m = 1 + e^{eps/2}", _var_instances(36))


@claim(
    id="pan-cms/appE.cor3.7-var", root_cause="appE.var-missing-1/n",
    location="Appendix E, proof of Corollary 3.7 (Var(f_hat(x)|f(x) = 0) = 4e^eps/(e^eps - 1)^2)",
    statement="At m = 1 + e^eps (CMS+RR, pairwise independent), Var(f_hat(x)|f(x) = 0) = 4e^eps/(e^eps - 1)^2.",
    printed=lambda: sympy.Eq(H.Var_f0, H.var_f0_printed()),
    derived=lambda: sympy.Eq(H.Var_f0, H.var_f0_derived()),
    derivation=f"{DER}.var_at_m_derived",
    assumptions="n clients; e^eps integer",
)
def appE_cor37_var(ev):
    ev.symbolic("printed vs derived Var(f_hat|f=0) at m = 1 + e^eps", H.var_f0_printed(), H.var_f0_derived())
    ev.instances("variance of the exact perfect CMS+RR at m = 1 + e^eps, f(x) = 0", _var_instances(37))


def _lhs_exact(kind_of_cor, ss):
    """tau * LHS of Eq. (43) (Cor. 3.6) or Eq. (44) (Cor. 3.7) from exact quantities, n = 1."""
    mm = 1 + ss
    ee = R(ss * ss) if kind_of_cor == 36 else R(ss)
    veq, _ = _inner_vars("rr", mm, ee)
    var = _var(("perfect", 2, mm), "rr", ee, "eq2", (0, 1))[0]
    return sympy.cancel(H.thm38_lhs_printed(mm, veq, 1, 1, var))


def _lhs_model(kind_of_cor):
    return (H.cor36_lhs_model(1) if kind_of_cor == 36 else H.cor37_lhs_model(1)).subs(n, 1)


def _decreasing_check(ev, kind_of_cor):
    sym = H.s if kind_of_cor == 36 else e
    model = _lhs_model(kind_of_cor)
    for ss in (2, 3, 4, 5):
        ev.identity(f"model LHS == LHS from the exact mechanisms at {sym} = {ss}", model.subs(sym, ss),
                    _lhs_exact(kind_of_cor, ss))
    t = sympy.Symbol("t", positive=True)
    num = sympy.numer(sympy.factor(sympy.diff(model, sym).subs(sym, 1 + t)))
    coeffs = sympy.Poly(sympy.expand(-num), t).all_coeffs()
    derived_decreasing = all(c >= 0 for c in coeffs) and any(c > 0 for c in coeffs)
    insts = []
    for a, b in [(2, 3), (3, 4), (4, 5)]:
        exact = bool(_lhs_exact(kind_of_cor, a) > _lhs_exact(kind_of_cor, b))
        insts.append(Instance({str(sym): (a, b)}, exact, derived_decreasing, True, size=(a,)))
    ev.instances("LHS strictly decreasing in eps (exact values at consecutive integer e^{eps/2} / e^eps; "
                 "derived: sign of the derivative for every eps > 0)", insts)


@claim(
    id="pan-cms/appE.cor3.6-lhs",
    location="Appendix E, proof of Corollary 3.6 (monotonicity in eps of the left-hand side of Eq. (43))",
    statement="At m = 1 + e^{eps/2}, the left-hand side of Eq. (43) decreases with eps.",
    printed=lambda: sympy.Lt(sympy.diff(H.lhs_printed_at(36), H.s), 0),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\tau\,LHS_{(43)}"), sympy.factor(H.cor36_lhs_model(1))),
    derivation=f"{DER}.cor36_lhs_model",
    kind="statement",
    assumptions="CMS+RR; Var(f_hat) with its 1/n (decreasing either way)",
)
def appE_cor36_lhs(ev):
    _decreasing_check(ev, 36)


@claim(
    id="pan-cms/appE.cor3.7-lhs",
    location="Appendix E, proof of Corollary 3.7 (monotonicity in eps of the left-hand side of Eq. (44))",
    statement="At m = 1 + e^eps, the left-hand side of Eq. (44) decreases with eps.",
    printed=lambda: sympy.Lt(sympy.diff(H.lhs_printed_at(37), e), 0),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\tau\,LHS_{(44)}"), sympy.factor(H.cor37_lhs_model(1))),
    derivation=f"{DER}.cor37_lhs_model",
    kind="statement",
    assumptions="CMS+RR; Var(f_hat|f=0) with its 1/n",
)
def appE_cor37_lhs(ev):
    _decreasing_check(ev, 37)


def _eps0_check(ev, kind_of_cor):
    sym = H.s if kind_of_cor == 36 else e
    model = _lhs_model(kind_of_cor)
    for ss in (2, 3):
        ev.identity(f"model LHS == LHS from the exact mechanisms at {sym} = {ss}", model.subs(sym, ss),
                    _lhs_exact(kind_of_cor, ss))
    ev.symbolic("printed vs derived bound on (2q+1)^2 at eps = 0", H.eps0_condition_printed().rhs ** 2,
                H.eps0_condition_derived().rhs ** 2)
    limit = sympy.limit(model, sym, 1, "+")
    series_const = sympy.series(model, sym, 1, 1).removeO()
    insts = [Instance({"limit": f"{sym} -> 1+"}, limit, series_const, sympy.Integer(1), size=(0,))]
    # the supremum over eps > 0 is the limit: every exact value stays below it
    for ss in (2, 3, 4):
        insts.append(Instance({str(sym): ss, "quantity": "sup_eps tau*LHS >= tau*LHS(eps)"},
                              bool(limit >= _lhs_exact(kind_of_cor, ss)), bool(2 >= model.subs(sym, ss)),
                              bool(1 >= _lhs_exact(kind_of_cor, ss)), size=(ss,)))
    ev.instances("tau * LHS as eps -> 0 (the value the condition on (2q+1)^2 needs)", insts)


@claim(
    id="pan-cms/appE.cor3.6-eps0", root_cause="appE.eps0-limit",
    location="Appendix E, proof of Corollary 3.6 (eps = 0 in Eq. (43) gives 2q + 1 > sqrt(1/tau))",
    statement="Letting eps -> 0 in Eq. (43) at m = 1 + e^{eps/2} gives the condition 2q + 1 > sqrt(1/tau).",
    printed=H.eps0_condition_printed,
    derived=H.eps0_condition_derived,
    derivation=f"{DER}.cor36_lhs_model",
    assumptions="CMS+RR; the limit taken is e^{eps/2} -> 1 from above; values are tau * LHS (n cancels when "
                "Var(f_hat) keeps its 1/n)",
)
def appE_cor36_eps0(ev):
    _eps0_check(ev, 36)


@claim(
    id="pan-cms/appE.cor3.7-eps0", root_cause="appE.eps0-limit",
    location="Appendix E, proof of Corollary 3.7 (eps = 0 in Eq. (44) gives 2q + 1 > sqrt(1/tau))",
    statement="Letting eps -> 0 in Eq. (44) at m = 1 + e^eps gives the condition 2q + 1 > sqrt(1/tau).",
    printed=H.eps0_condition_printed,
    derived=H.eps0_condition_derived,
    derivation=f"{DER}.cor37_lhs_model",
    assumptions="CMS+RR; the limit taken is e^eps -> 1 from above; values are tau * LHS",
)
def appE_cor37_eps0(ev):
    _eps0_check(ev, 37)


@claim(
    id="pan-cms/appE.l2-sum",
    location="Appendix E, proof of Corollary 3.7 (first sentence)",
    statement="If Var(g(x)) <= (1 + tau) Var(f_hat(x)) for every x, then l2(g) <= (1 + tau) l2(f_hat).",
    printed=H.l2_sum_printed,
    derived=H.l2_sum_printed,
    derivation=f"{DER}.cms_var_model",
    kind="statement",
    assumptions="tau = the smallest value meeting the hypothesis over every x and every dataset of n = 2 clients",
)
def appE_l2_sum(ev):
    insts = []
    for l_, mm, ee, d_ in _cor_rows(37):
        key_g, key_f = ("H'", l_, d_, mm), ("perfect", d_, mm)
        ratios = []
        for counts in _datasets(d_, 2):
            if sum(counts) != 2:
                continue
            vg, vf = _var(key_g, "rr", ee, "eq8", counts), _var(key_f, "rr", ee, "eq2", counts)
            ratios += [a / b for a, b in zip(vg, vf)]
        t = max(ratios) - 1
        wg, wf = _worst(key_g, ee, "eq8", "l2"), _worst(key_f, ee, "eq2", "l2")
        dg, df = _cor_model(l_, mm, ee, d_, "l2")
        veq, vne = _derived_vars("rr", mm, ee)
        c = H.collision_value(l_, mm)
        dt = max(H.var_g_model(c, veq, vne, fx, 2) / H.cms_var_model(R(1, mm), mm, veq, vne, fx, 2)
                 for fx in (0, R(1, 2), 1)) - 1
        insts.append(Instance({"l": l_, "m": mm, "exp_eps": ee, "d": d_, "tau": t}, bool(wg <= (1 + t) * wf),
                              bool(dg <= (1 + dt) * df), True, size=(l_, mm, d_)))
    ev.instances("exact worst-case l2 losses under the per-x hypothesis", insts)


@claim(
    id="pan-cms/appE.cor3.7-increasing",
    location="Appendix E, proof of Corollary 3.7 (monotonicity of Var(f_hat(x)) in f(x) at m = 1 + e^eps)",
    statement="At m = 1 + e^eps (CMS+RR, pairwise independent), Var(f_hat(x)) increases with f(x).",
    printed=H.increasing_printed,
    derived=lambda: sympy.Eq(sympy.Symbol(r"n\,\partial Var(\hat{f}(x))/\partial f(x)"),
                             H.var_slope_in_f(1 + e, e)),
    derivation=f"{DER}.var_slope_in_f",
    kind="statement",
    assumptions="e^eps integer so that m is an integer",
)
def appE_cor37_increasing(ev):
    insts = []
    for ee in (2, 3, 4, 5):
        mm = 1 + ee
        v = [_var(("perfect", 2, mm), "rr", R(ee), "eq2", c)[0] for c in [(0, 3), (1, 2), (2, 1), (3, 0)]]
        exact = all(a < b for a, b in zip(v, v[1:]))
        derived = bool(H.var_slope_in_f(1 + e, e).subs(e, ee) > 0)
        insts.append(Instance({"exp_eps": ee, "m": mm}, exact, derived, True, size=(ee,)))
    ev.instances("exact Var(f_hat(x)) at f(x) = 0, 1/3, 2/3, 1 (n = 3) strictly increasing", insts)


@claim(
    id="pan-cms/appE.eq44",
    location="Appendix E, Eq. (44)",
    statement="At m = 1 + e^eps, Eq. (44) (Eq. (43) with Var(f_hat(x)|f(x)=0)) implies Eq. (43).",
    printed=H.eq44_printed,
    derived=H.eq44_derived,
    derivation=f"{DER}.thm38_lhs_printed",
    kind="statement",
    assumptions="CMS+RR with a pairwise-independent family; tau at the boundary of Eq. (44); q = 1, 2, 5",
)
def appE_eq44(ev):
    insts = []
    for ee in (2, 3, 4):
        mm = 1 + ee
        veq, _ = _inner_vars("rr", mm, R(ee))
        dveq, dvne = _derived_vars("rr", mm, R(ee))
        for counts in [(0, 2), (1, 1), (2, 0), (1, 2)]:
            nn = sum(counts)
            v0 = _var(("perfect", 2, mm), "rr", R(ee), "eq2", (0, nn))[0]
            vx = _var(("perfect", 2, mm), "rr", R(ee), "eq2", counts)[0]
            dv0 = H.cms_var_model(R(1, mm), mm, dveq, dvne, 0, nn)
            dvx = H.cms_var_model(R(1, mm), mm, dveq, dvne, R(counts[0], nn), nn)
            for q_ in (1, 2, 5):
                t = sympy.cancel(H.thm38_lhs_printed(mm, veq, nn, 1, v0) / (2 * q_ + 1) ** 2)
                dt = sympy.cancel(H.thm38_lhs_printed(mm, dveq, nn, 1, dv0) / (2 * q_ + 1) ** 2)
                exact = bool(H.thm38_lhs_printed(mm, veq, nn, t, vx) <= (2 * q_ + 1) ** 2)
                derived = bool(H.thm38_lhs_printed(mm, dveq, nn, dt, dvx) <= (2 * q_ + 1) ** 2)
                insts.append(Instance({"exp_eps": ee, "counts": counts, "q": q_, "tau": t}, exact, derived, True,
                                      size=(ee, nn, q_, counts[::-1])))
    ev.instances("Eq. (43) at the boundary tau of Eq. (44), exact variances", insts)


# ---- Theorem 3.9, Eqs. (45)-(47) ----------------------------------------------------------------------
@claim(
    id="pan-cms/appE.eq45",
    location="Appendix E, Eq. (45)",
    statement="Pr(h'(x1) = h'(x2)) <= 1/m + 1/(4mq(q+1)), the maximum over r.",
    printed=lambda: sympy.Le(H.Pr_coll, H.eq45_printed()),
    derived=lambda: sympy.Le(H.Pr_coll, H.eq45_derived()),
    derivation=f"{DER}.eq45_derived",
    kind="statement",
    assumptions="x1 != x2; q = floor(2^l/m) >= 1",
)
def appE_eq45(ev):
    ev.symbolic("printed bound vs the maximum over real r of the derived collision rate", H.eq45_printed(),
                H.eq45_derived(), simplify=sympy.factor)
    insts = []
    for l_ in range(1, 6):
        for m_ in range(2, 2**l_ + 1):
            q_, r_ = _qr(l_, m_)
            bound = H.eq45_printed().subs({m: m_, q: q_})
            insts.append(Instance({"l": l_, "m": m_, "q": q_, "r": r_}, bool(_collision(l_, m_) <= bound),
                                  bool(H.collision_value(l_, m_) <= H.eq45_derived().subs({m: m_, q: q_})), True,
                                  size=(l_, m_)))
    ev.instances("collision rate of the real family vs the bound", insts)


EQ2_GRID = [(2, 3, "rr", R(2)), (2, 3, "arp", R(2)), (3, 3, "rr", R(3)), (3, 5, "rr", R(2)), (3, 6, "rr", R(2)),
            (3, 7, "rr", R(2)), (4, 5, "rr", R(2)), (4, 6, "rr", R(3))]
EQ2_COUNTS = [(1, 0), (0, 1), (1, 1), (0, 3), (1, 5), (0, 50)]


@cache
def _eq2_rows():
    rows = []
    for l_, m_, kind, ee in EQ2_GRID:
        q_, r_ = _qr(l_, m_)
        veq, vne = _inner_vars(kind, m_, ee)
        dveq, dvne = _derived_vars(kind, m_, ee)
        c = _collision(l_, m_)
        dc = H.collision_value(l_, m_)
        for counts in EQ2_COUNTS:
            nn = sum(counts)
            vH = _var(("H'", l_, 2, m_), kind, ee, "eq2", counts)
            bH = _bias(("H'", l_, 2, m_), kind, ee, "eq2", counts)
            vf = _var(("perfect", 2, m_), kind, ee, "eq2", counts)
            for x in range(2):
                fx = R(counts[x], nn)
                rows.append(dict(l=l_, m=m_, q=q_, r=r_, kind=kind, e=ee, counts=counts, x=x, n=nn, c=c, dc=dc,
                                 vH=vH[x], bH=bH[x], vf=vf[x], fx=fx,
                                 dvH=H.cms_var_model(dc, m_, dveq, dvne, fx, nn),
                                 dbH=H.cms_mean_model(dc, m_, fx) - fx,
                                 dvf=H.cms_var_model(R(1, m_), m_, dveq, dvne, fx, nn)))
    return rows


def _p2(row, **extra):
    return {"l": row["l"], "m": row["m"], "q": row["q"], "r": row["r"], "inner": row["kind"], "exp_eps": row["e"],
            "counts": row["counts"], "x": row["x"], **extra}


def _s2(row):
    return (row["l"], row["m"], row["n"], KIND_ORDER[row["kind"]], row["e"], row["counts"][::-1], row["x"])


@claim(
    id="pan-cms/appE.eq46",
    location="Appendix E, Eq. (46)",
    statement="E[f_hat(x|H')] - f(x) = m/(m-1)(c_bar - 1/m) sum_{x' != x} f(x') <= m/(m-1) * 1/(4mq(q+1)) = "
              "1/(4(m-1)q(q+1)).",
    printed=H.eq46_printed,
    derived=H.eq46_derived,
    derivation=f"{DER}.eq46_identity_derived",
    kind="statement",
    assumptions="f_hat is Eq. (2) (decoder m) on H'",
)
def appE_eq46(ev):
    printed_id = H.eq46_printed().args[0].rhs.subs(H.S1, 1 - f)
    ev.symbolic("printed vs derived bias identity (sum_{x'!=x} f(x') = 1 - f(x))", printed_id,
                H.eq46_identity_derived(), simplify=sympy.factor)
    ev.symbolic("printed vs derived bias bound", 1 / (4 * (m - 1) * q * (q + 1)), H.eq46_bound_derived(),
                simplify=sympy.factor)
    insts = []
    for row in _eq2_rows():
        q_, m_ = row["q"], row["m"]
        bound = R(1, 4 * (m_ - 1) * q_ * (q_ + 1))
        ident = R(m_, m_ - 1) * (row["c"] - R(1, m_)) * (1 - row["fx"])
        exact = [row["bH"], bool(row["bH"] <= bound)]
        printed = [ident, True]
        derived = [row["dbH"], bool(row["dbH"] <= H.eq46_bound_derived().subs({m: m_, q: q_}))]
        insts.append(Instance(_p2(row), exact, derived, printed, size=_s2(row)))
    ev.instances("[bias of the exact Eq. (2) CMS on H', bias <= bound]", insts)


@claim(
    id="pan-cms/appE.var-linear-positive", root_cause="appE.var-linear-positive",
    location="Appendix E, the sentence before Eq. (47)",
    statement="Var(f_hat(x)) is linear in c_bar and c_bar^2 with positive coefficients.",
    printed=H.var_linear_printed,
    derived=H.var_linear_derived,
    derivation=f"{DER}.var_poly_in_c",
    kind="statement",
    note="The c_bar^2 coefficient is -(1 - f(x)) m^2/((m-1)^2 n) <= 0; Eq. (47) survives because "
         "Var(c)/Var(1/m) <= c m still holds (alpha (1/m - c) <= (1 - f) c (c - 1/m)/m for c >= 1/m).",
    assumptions="Eq. (2) decoder with m fixed; c_bar constant over x' != x",
)
def appE_var_linear(ev):
    insts = []
    for mm, kind, ee in EQ41_GRID:
        dveq, dvne = _derived_vars(kind, mm, ee)
        for counts in [(1, 0), (0, 1), (1, 1), (1, 2)]:
            nn = sum(counts)
            poly = sympy.Poly(_poly_expr(_var_in_c(mm, kind, ee, "eq2", counts), cbar), cbar)
            coeffs = [poly.coeff_monomial(cbar**i) for i in range(3)]
            dco = [x.subs({f: R(counts[0], nn), var_eq: dveq, var_neq: dvne, m: mm, n: nn})
                   for x in H.var_poly_in_c()]
            if counts == (1, 2):
                ev.identity(f"exact coefficients in c_bar == model (m={mm}, {kind}, e^eps={ee})", coeffs, dco)
            insts.append(Instance({"m": mm, "inner": kind, "exp_eps": ee, "counts": counts},
                                  bool(poly.degree() <= 2 and coeffs[1] > 0 and coeffs[2] > 0),
                                  bool(dco[1] > 0 and dco[2] > 0), True,
                                  size=(mm, nn, KIND_ORDER[kind], ee, counts)))
    ev.instances("coefficients of the exact variance in c_bar (CMS with collision rate c_bar)", insts)


@claim(
    id="pan-cms/appE.eq47", root_cause="appE.worst-r",
    location="Appendix E, Eq. (47)",
    statement="Var[f_hat(x|H')]/Var[f_hat(x)] <= max{c_bar m, c_bar^2 m^2} = (2q+1)^4/(16q^2(q+1)^2).",
    printed=H.eq47_printed,
    derived=H.eq47_derived,
    derivation=f"{DER}.eq45_derived",
    kind="statement",
    condition="r = mq/(2q+1) for the equality (otherwise the last step is the upper bound from Eq. (45))",
    assumptions="Eq. (2) decoder on H' vs a pairwise-independent family of the same m",
)
def appE_eq47(ev):
    insts, bad = [], []
    for row in _eq2_rows():
        m_, q_, r_ = row["m"], row["q"], row["r"]
        bound = H.eq47_bound_printed().subs({q: q_})
        ratio, mx = row["vH"] / row["vf"], max(row["c"] * m_, (row["c"] * m_) ** 2)
        dratio, dmx = row["dvH"] / row["dvf"], max(row["dc"] * m_, (row["dc"] * m_) ** 2)
        if not ratio <= bound:
            bad.append(_p2(row))
        insts.append(Instance(_p2(row), bool(ratio <= mx and mx == bound), bool(dratio <= dmx and dmx == bound), True,
                              in_condition=H.worst_r(m_, q_, r_), size=_s2(row)))
    ev.numeric("Var ratio <= (2q+1)^4/(16q^2(q+1)^2) (as an upper bound) on every instance", not bad, len(insts),
               "holds" if not bad else f"fails at {bad[0]}")
    ev.instances("[ratio <= max{c m, c^2 m^2}, max == (2q+1)^4/(16q^2(q+1)^2)] on the exact CMS", insts)


def _tau39(row, exact=True):
    vf = row["vf"] if exact else row["dvf"]
    q_, m_ = row["q"], row["m"]
    t1 = R(1, 4 * (m_ - 1) * q_ * (q_ + 1)) ** 2 / vf
    t2 = R(8 * q_**2 + 8 * q_ + 1, 16 * q_**2 * (q_ + 1) ** 2)
    return max(t1, t2)


@claim(
    id="pan-cms/thm3.9",
    location="Section 3.5, Theorem 3.9",
    statement="If 1/(4(m-1)q(q+1)) <= sqrt(tau Var(f_hat(x))) and (8q^2+8q+1)/(16q^2(q+1)^2) <= tau, then "
              "MSE(f(x)|H') < (1 + 2 tau) MSE(f_hat(x)).",
    printed=H.thm39_printed,
    derived=H.thm39_derived,
    derivation=f"{DER}.eq46_bound_derived",
    kind="statement",
    assumptions="Eq. (2) decoder on H' vs the same CMS with a pairwise-independent family; tau = the smallest "
                "value meeting both conditions",
)
def thm3_9(ev):
    ev.symbolic("printed vs derived second condition: (1 + 1/(4q(q+1)))^2 - 1",
                R(1) * (8 * q**2 + 8 * q + 1) / (16 * q**2 * (q + 1) ** 2),
                (1 + 1 / (4 * q * (q + 1))) ** 2 - 1, simplify=sympy.factor)
    insts = []
    for row in _eq2_rows():
        t, dt = _tau39(row), _tau39(row, False)
        exact = bool(row["vH"] + row["bH"] ** 2 < (1 + 2 * t) * row["vf"])
        derived = bool(row["dvH"] + row["dbH"] ** 2 < (1 + 2 * dt) * row["dvf"])
        insts.append(Instance(_p2(row, tau=t), exact, derived, True, size=_s2(row)))
    ev.instances("exact MSE of the Eq. (2) CMS on H' vs (1 + 2 tau) Var of the perfect CMS", insts)


@claim(
    id="pan-cms/appE.mse-requirement", root_cause="appE.mse-requirement",
    location="Appendix E, proof of Theorem 3.9 (the two requirements after Eq. (47))",
    statement="MSE(f(x)|H') - MSE(f_hat(x)) <= 2 tau Var[f_hat(x)] is equivalent to bias^2 < tau Var[f_hat(x)] "
              "and Var[f_hat(x|H')]/Var[f_hat(x)] < 1 + tau.",
    printed=H.mse_requirement_printed,
    derived=H.mse_requirement_derived,
    derivation=f"{DER}.mse_requirement_derived",
    kind="statement",
    note="The two requirements are sufficient (their sum gives the first inequality), not necessary.",
    assumptions="tau ranging over bias^2/Var, Var ratio - 1, (MSE(f|H') - Var)/(2 Var) and 11/10 of the larger "
                "of the first two",
)
def appE_mse_requirement(ev):
    insts = []
    for row in _eq2_rows():
        def both(vH, bH, vf):
            ratio = vH / vf
            out = []
            # the boundaries of the two conditions, the smallest tau meeting the MSE requirement, and a margin
            for t in (bH**2 / vf, ratio - 1, (vH + bH**2 - vf) / (2 * vf), R(11, 10) * max(bH**2 / vf, ratio - 1)):
                if t <= 0:
                    continue
                A = vH + bH**2 - vf <= 2 * t * vf
                B = bH**2 < t * vf and ratio < 1 + t
                out.append((t, bool(A) == bool(B)))
            return out
        ex, de = both(row["vH"], row["bH"], row["vf"]), both(row["dvH"], row["dbH"], row["dvf"])
        for (t, a), (_, b) in zip(ex, de):
            insts.append(Instance(_p2(row, tau=t), a, b, True, size=(*_s2(row), t)))
    ev.instances("equivalence of the MSE requirement and the two conditions, exact CMS moments", insts)


@claim(
    id="pan-cms/sec3.5.q-order",
    location="Section 3.5, after Theorem 3.9 (q = Theta(n^{1/4}))",
    statement="The smallest q meeting Theorem 3.9's conditions grows as Theta(n^{1/4}), so |H'| grows with n.",
    printed=H.q_order_printed,
    derived=lambda: sympy.Eq(sympy.Symbol("q_{min}"), H.q_order_derived()),
    derivation=f"{DER}.q_order_derived",
    kind="statement",
    assumptions="fixed m, tau, eps; Var(f_hat(x)) = V1/n with V1 read off the exact perfect CMS+RR at f(x) = 0; "
                "the limit taken is n -> infinity",
    note="Only when r != 0: if m divides 2^l, H' is pairwise independent and any q works.",
)
def q_order(ev):
    insts, order = [], []
    for mm, ee in ((3, R(2)), (5, R(3))):
        v1 = _var(("perfect", 2, mm), "rr", ee, "eq2", (0, 1))[0]
        t = R(1, 10)
        qmin = H.q_min_thm39(mm, t, v1)
        for j in (2, 4, 6, 8, 10, 12):
            nn = 10**j
            # derived: smallest integer q >= 1 with q(q+1) >= sqrt(n)/(4(m-1)sqrt(tau V1)) and the tau condition
            bound = sympy.sqrt(R(nn) / (t * v1)) / (4 * (mm - 1))
            root = (-1 + sympy.sqrt(1 + 4 * bound)) / 2
            dq = max(int(sympy.ceiling(root)), 1)
            while R(8 * dq**2 + 8 * dq + 1, 16 * dq**2 * (dq + 1) ** 2) > t:
                dq += 1
            insts.append(Instance({"m": mm, "exp_eps": ee, "n": nn}, qmin(nn), dq, size=(mm, nn)))
        cont = H.q_order_derived(mm, v1).subs(tau, t)
        lim = sympy.limit(((-1 + sympy.sqrt(1 + 4 * sympy.sqrt(n / (t * v1)) / (4 * (mm - 1)))) / 2) / n ** R(1, 4),
                          n, sympy.oo)
        order.append(Instance({"m": mm, "exp_eps": ee, "limit": "n -> oo of q_min/n^(1/4)"},
                              bool(lim.is_positive and lim.is_finite),
                              bool(sympy.limit(cont / n ** R(1, 4), n, sympy.oo).is_positive), True, size=(mm,)))
    ev.instances("smallest q by exhaustive search vs the closed form", insts, has_printed=False)
    ev.instances("q_min / n^{1/4} tends to a positive finite constant", order)


# ---- Section 3.6 and Appendix F ------------------------------------------------------------------------
x1_, x2_ = sympy.symbols("x x'", integer=True)
DRAWS = [(2, 2, 1), (2, 2, 2), (2, 2, 3), (2, 3, 1), (2, 3, 2), (3, 2, 1), (3, 2, 2), (3, 3, 1), (2, 4, 1)]


def _draw_counts(d_):
    return [(1, 0), (0, 1), (1, 1), (2, 1), (3, 0)] if d_ == 2 else [(1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 1, 0), (0, 1, 2)]


@cache
def _draw_family(d_, m_, k_, kind="rr", ee=R(2)):
    return cms_over_draws(all_function_draws(d_, m_, k_), _inner(kind, m_, ee), name=f"draws({d_},{m_},{k_})")


@cache
def _draw_stats(d_, m_, k_, kind, ee, counts):
    """Per draw: (weight, E[f_hat|draw], Var(f_hat|draw)) for every x, exact."""
    fam = _draw_family(d_, m_, k_, kind, ee)
    return [(w, moments.expectation(mech, counts), moments.variance(mech, counts)) for w, mech in fam.members]


@cache
def _draw_moments(d_, m_, k_, counts):
    fam = _draw_family(d_, m_, k_)
    return fam.expectation(counts), fam.expectation_variance(counts)


def _draw_rows():
    for d_, m_, k_ in DRAWS:
        for counts in _draw_counts(d_):
            E, V = _draw_moments(d_, m_, k_, counts)
            for x in range(d_):
                yield d_, m_, k_, counts, x, E[x], V[x]


@claim(
    id="pan-cms/sec3.6.bernoulli",
    location="Section 3.6, first paragraph (c_j(x, x') as a Bernoulli(1/m) variable)",
    statement="For (x, x') in [d]^2, c_j(x, x') is Bernoulli with probability 1/m of being one.",
    printed=lambda: sympy.Eq(sympy.Symbol(r"\Pr(c_{j}(x, x') = 1)"), 1 / m),
    derived=lambda: sympy.Eq(sympy.Symbol(r"\Pr(c_{j}(x, x') = 1)"),
                             sympy.Piecewise((1 / m, sympy.Ne(x1_, x2_)), (1, True))),
    derivation=f"{DER}.bernoulli_derived",
    assumptions="h_j with d independent values uniform on [m] (original CMS); " + DISTINCT_PAIRS,
)
def sec36_bernoulli(ev):
    P, D = ev.printed(), ev.derived()
    ev.symbolic("printed vs derived (x != x')", P.rhs.subs({x1_: 0, x2_: 1}), D.rhs.subs({x1_: 0, x2_: 1}))
    insts = []
    for d_, m_ in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 5)]:
        funcs = list(itertools.product(range(m_), repeat=d_))
        for a, b in sorted({(0, 1), (1, d_ - 1), (0, d_ - 1)} - {(1, 1)}):
            exact = R(sum(1 for h in funcs if h[a] == h[b]), len(funcs))
            insts.append(Instance({"d": d_, "m": m_, "x": a, "x'": b}, exact, _val(D, {m: m_, x1_: a, x2_: b}),
                                  _val(P, {m: m_, x1_: a, x2_: b}), size=(d_, m_, a, b)))
    ev.instances("Pr(c_j(x, x') = 1) over all functions [d] -> [m]", insts)


@claim(
    id="pan-cms/sec3.6.binomial",
    location="Section 3.6, first paragraph (sum_j c_j(x, x')/k as a binomial variable with mean 1/m)",
    statement="sum_j c_j(x, x')/k is a (scaled) binomial variable with mean 1/m; it equals 1/m with small "
              "probability.",
    printed=lambda: sympy.Eq(sympy.Symbol(r"E[\sum_{j} c_{j}(x, x')/k]"), 1 / m),
    derived=lambda: sympy.Eq(H.kc, sympy.Symbol(r"\mathrm{Binomial}(k, 1/m)")),
    derivation=f"{DER}.binomial_pmf",
    kind="statement",
    assumptions="x != x'; the k functions drawn independently (every draw of ldpref.hashing.all_function_draws)",
)
def sec36_binomial(ev):
    insts, dev = [], []
    for m_, k_ in [(2, 1), (2, 2), (2, 3), (2, 4), (3, 1), (3, 2), (3, 3), (4, 2)]:
        law = {}
        draws = list(all_function_draws(2, m_, k_))
        for fam in draws:
            c = _rat(fam.collision_rate(0, 1))
            law[c] = law.get(c, 0) + R(1, len(draws))
        exact_law = sorted(law.items())
        pmf = sorted(H.binomial_pmf(k_, m_).items())
        mean = sum(v * p for v, p in exact_law)
        insts.append(Instance({"m": m_, "k": k_}, [exact_law == pmf, mean], [True, R(1, m_)], [True, R(1, m_)],
                              size=(m_, k_)))
        dev.append(Instance({"m": m_, "k": k_}, law.get(R(1, m_), sympy.Integer(0)), H.prob_cbar_equals_mean(k_, m_),
                            size=(m_, k_)))
    ev.instances("[law of c_bar(0, 1) over all draws == Binomial(k, 1/m)/k, its mean]", insts)
    ev.instances("Pr(c_bar = 1/m) over all draws vs the binomial point mass (0 unless m divides k)", dev,
                 has_printed=False)


@claim(
    id="pan-cms/sec3.6.bias-n-independent",
    location="Section 3.6, first paragraph (the bias of E[f_hat(x)] and its independence of n)",
    statement="For a fixed draw of the original CMS, f_hat(x) is biased in general and the bias does not depend on "
              "n (only on the frequencies).",
    printed=lambda: sympy.Eq(sympy.Symbol(r"E[\hat{f}(x)|draw] - f(x)"),
                             sympy.Symbol(r"b(f; draw)\ \mathrm{(no\ } n)")),
    derived=lambda: sympy.Eq(sympy.Symbol(r"E[\hat{f}(x)|draw] - f(x)"),
                             m / (m - 1) * sympy.Sum(sympy.Symbol(r"(\bar{c}(x,x') - 1/m) f(x')"),
                                                     (sympy.Symbol("x'"), 1, d - 1))),
    derivation=f"{DER}.cms_mean_model",
    kind="statement",
    assumptions="datasets scaled by 1, 2, 3 (same frequencies, n tripled); seeded random draws and all draws",
)
def sec36_bias(ev):
    insts = []
    rng = np.random.default_rng(SEED)
    fams = [("all draws d=2 m=2 k=1", list(all_function_draws(2, 2, 1)))]
    for d_, m_, k_ in [(3, 2, 2), (3, 3, 2), (4, 3, 3)]:
        fams.append((f"seeded d={d_} m={m_} k={k_}", [random_family(d_, m_, k_, rng) for _ in range(3)]))
    for label, flist in fams:
        for fi, fam in enumerate(flist):
            inner = _inner("rr", fam.m, R(2))
            mech = cms(fam, inner).mechanism
            base = tuple([1] + [0] * (fam.d - 2) + [1])
            biases = [moments.bias(mech, tuple(t * c for c in base)) for t in (1, 2, 3)]
            exact = [biases[0] == biases[1] == biases[2], any(b != 0 for b in biases[0])]
            fr = [R(c, sum(base)) for c in base]
            model = [R(fam.m, fam.m - 1) * sum(
                (_rat(fam.collision_rate(x, y)) - R(1, fam.m)) * fr[y] for y in range(fam.d) if y != x)
                for x in range(fam.d)]
            derived = [True, any(b != 0 for b in model)]
            ev.identity(f"exact bias == model bias ({label}, draw {fi})", biases[0], model)
            insts.append(Instance({"family": label, "draw": fi}, exact, derived, [True, exact[1]],
                                  size=(fam.d, fam.m, fam.k, fi)))
    ev.instances("[bias equal at n, 2n, 3n; some bias non-zero]", insts)


@claim(
    id="pan-cms/sec3.6.pairwise-suffices",
    location="Section 3.6, last paragraph (the original paper's 3-wise requirement)",
    statement="The variance of CMS only needs pairwise independence; 3-wise independence is not required.",
    printed=lambda: sympy.Eq(sympy.Symbol(r"Var(\hat{f}(x))|_{\mathrm{pairwise}}"),
                             sympy.Symbol(r"Var(\hat{f}(x))|_{3\text{-}wise}")),
    derived=lambda: sympy.Eq(H.Var_f, H.cms_var_model(cbar, m, var_eq, var_neq, f, n)),
    derivation=f"{DER}.cms_var_model",
    kind="statement",
    assumptions="same m and inner mechanism; the GF(4) affine family on d = 3 inputs (pairwise, not 3-wise) vs all "
                "functions [3] -> [4] (3-wise); every dataset of n <= 2 clients",
)
def sec36_pairwise(ev):
    pw = gf2_affine_family(2, 3)
    full = _perfect(3, 4)

    def three_wise(fam):
        counts = {}
        for h in fam.functions:
            counts[h] = counts.get(h, 0) + 1
        return len(counts) == fam.m**3 and len(set(counts.values())) == 1

    ev.identity("the GF(4) family is pairwise but not 3-wise; all functions are 3-wise",
                [pw.is_pairwise_independent(), three_wise(pw), three_wise(full)], [True, False, True])
    insts = []
    for kind, ee in (("rr", R(2)), ("rr", R(3)), ("arp", R(2))):
        a = cms(pw, _inner(kind, 4, ee)).mechanism
        b = cms(full, _inner(kind, 4, ee)).mechanism
        for counts in _datasets(3, 2):
            va, vb = moments.variance(a, counts), moments.variance(b, counts)
            veq, vne = _derived_vars(kind, 4, ee)
            nn = sum(counts)
            dv = [H.cms_var_model(R(1, 4), 4, veq, vne, R(counts[x], nn), nn) for x in range(3)]
            insts.append(Instance({"inner": kind, "exp_eps": ee, "counts": counts}, va == vb,
                                  bool(dv == list(vb)), True, size=(KIND_ORDER[kind], ee, nn, counts[::-1])))
    ev.instances("variance with a pairwise (not 3-wise) family == variance with a 3-wise family", insts)


def _val(form, values: dict):
    """A claim's form at one point (symbols -> exact values; an ``Eq`` gives its right-hand side)."""
    return evaluate(form, values)


def _eqs_by_lhs(form):
    """The right-hand sides of a conjunction of ``Eq`` forms, by left-hand side (a form that is not such a
    conjunction -- e.g. a negated statement -- raises, which the self-check reports as a moved verdict)."""
    parts = form.args if isinstance(form, sympy.And) else tuple(form) if isinstance(form, (tuple, list)) else (form,)
    if not all(isinstance(a, sympy.Equality) for a in parts):
        raise TypeError(f"not a conjunction of equations: {form}")
    return {a.lhs: a.rhs for a in parts}


def _eq19_20_instances(which, P=None, D=None):
    """Instances over every draw of the original CMS; the printed and derived values are the claim's forms
    ``P`` and ``D`` evaluated at the point (``which`` "both": the model's two values, printed from Eqs. (19), (20))."""
    insts = []
    for d_, m_, k_, counts, x, E, V in _draw_rows():
        nn = sum(counts)
        s2 = sum(R(c, nn) ** 2 for i, c in enumerate(counts) if i != x)
        p = {"d": d_, "m": m_, "k": k_, "counts": counts, "x": x}
        size = (d_, m_, k_, nn, counts[::-1], x)
        vals = {m: m_, k: k_, f: R(counts[x], nn), H.S2: s2}
        if which in (19, "appF.expectation"):
            insts.append(Instance(p, E, _val(D, vals), _val(P, vals), size=size))
        elif which in (20, "appF.variance"):
            insts.append(Instance(p, V, _val(D, vals), _val(P, vals), size=size))
        else:  # both
            insts.append(Instance(p, [E, V], [H.draw_mean_derived(counts, x, m_),
                                              H.draw_bias_variance_derived(counts, x, m_, k_)],
                                  [R(counts[x], nn), H.eq20_printed().rhs.subs({H.S2: s2, m: m_, k: k_})], size=size))
    return insts


def _symbolic_draw_identity(ev):
    """One draw set with symbolic e^eps: the mean over draws does not depend on the inner mechanism."""
    fam = cms_over_draws(all_function_draws(2, 2, 1), _inner("rr", 2, EXP_EPS))
    ev.identity("E and Var over draws with symbolic e^eps (d=2, m=2, k=1, counts (2,1)) == derived",
                [fam.expectation((2, 1)), fam.expectation_variance((2, 1))],
                [[H.draw_mean_derived((2, 1), x, 2) for x in range(2)],
                 [H.draw_bias_variance_derived((2, 1), x, 2, 1) for x in range(2)]])


@claim(
    id="pan-cms/thm3.10",
    location="Section 3.6, Theorem 3.10",
    statement="Over the random hash draws of the original CMS, E[E[f_hat(x)]] = f(x) and "
              "Var(E[f_hat(x)]) = sum_{x' != x} f(x')^2/((m-1)k).",
    printed=H.thm310_printed,
    derived=H.thm310_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    assumptions="k functions [d] -> [m] with independent uniform values (every draw enumerated); CMS+RR, e^eps = 2",
)
def thm3_10(ev):
    ev.symbolic("printed vs derived (Eqs. (19), (20))", [H.eq19_printed().rhs, H.eq20_printed().rhs],
                [H.eq19_derived().rhs, H.eq20_derived().rhs], simplify=lambda v: [sympy.factor(x) for x in v])
    _symbolic_draw_identity(ev)
    ev.instances("MechanismFamily over all draws: [expectation, expectation_variance]", _eq19_20_instances("both"))


@claim(
    id="pan-cms/eq19",
    location="Section 3.6, Eq. (19)",
    statement="E over the draws of E[f_hat(x)] = f(x).",
    printed=H.eq19_printed,
    derived=H.eq19_derived,
    derivation=f"{DER}.draw_mean_derived",
    assumptions="as Theorem 3.10",
)
def eq19(ev):
    P, D = ev.printed(), ev.derived()
    ev.symbolic("printed vs derived", P.rhs, D.rhs)
    ev.instances("MechanismFamily.expectation over all draws", _eq19_20_instances(19, P, D))


@claim(
    id="pan-cms/eq20",
    location="Section 3.6, Eq. (20)",
    statement="Var over the draws of E[f_hat(x)] = sum_{x' != x} f(x')^2/((m-1)k).",
    printed=H.eq20_printed,
    derived=H.eq20_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    assumptions="as Theorem 3.10",
)
def eq20(ev):
    P, D = ev.printed(), ev.derived()
    ev.symbolic("printed vs derived", P.rhs, D.rhs, simplify=sympy.factor)
    ev.instances("MechanismFamily.expectation_variance over all draws", _eq19_20_instances(20, P, D))


@claim(
    id="pan-cms/sec3.6.bias-order",
    location="Section 3.6, after Theorem 3.10 (bias O(1/sqrt((m-1)k)))",
    statement="The standard deviation over draws of E[f_hat(x)] is at most 1/sqrt((m-1)k).",
    printed=lambda: sympy.Le(sympy.sqrt(H.V_draw), 1 / sympy.sqrt((m - 1) * k)),
    derived=lambda: sympy.Le(H.V_draw, 1 / ((m - 1) * k)),
    derivation=f"{DER}.draw_bias_variance_derived",
    kind="statement",
    assumptions="as Theorem 3.10; sum_{x'!=x} f(x')^2 <= 1",
)
def sec36_bias_order(ev):
    insts = []
    for d_, m_, k_, counts, x, E, V in _draw_rows():
        insts.append(Instance({"d": d_, "m": m_, "k": k_, "counts": counts, "x": x}, bool(V * (m_ - 1) * k_ <= 1),
                              bool(H.draw_bias_variance_derived(counts, x, m_, k_) * (m_ - 1) * k_ <= 1), True,
                              size=(d_, m_, k_, sum(counts), counts[::-1], x)))
    ev.instances("(m-1) k Var_draws(E[f_hat]) <= 1, exact", insts)


@claim(
    id="pan-cms/appF.expectation",
    location="Appendix F.1, first display",
    statement="E[E[f_hat(x)]] = m/(m-1)[f(x) + sum_{x'} k/(km) f(x')] - 1/(m-1) = f(x).",
    printed=lambda: sympy.Eq(H.E_draw, H.appF_expectation_printed()),
    derived=H.eq19_derived,
    derivation=f"{DER}.draw_mean_derived",
    assumptions="as Theorem 3.10",
)
def appF_expectation(ev):
    P, D = ev.printed(), ev.derived()
    ev.symbolic("printed chain vs derived", P.rhs, D.rhs, simplify=sympy.factor)
    ev.instances("MechanismFamily.expectation over all draws", _eq19_20_instances("appF.expectation", P, D))


@claim(
    id="pan-cms/appF.var-cj", root_cause="appF.var-cj",
    location="Appendix F.1, first sentence (E[c_j(x, x')] = 1/m, Var(c_j(x, x')) = (m-1)/m)",
    statement="E[c_j(x, x')] = 1/m and Var(c_j(x, x')) = (m-1)/m.",
    printed=H.appF_var_cj_printed,
    derived=H.appF_var_cj_derived,
    derivation=f"{DER}.bernoulli_derived",
    assumptions="x != x'; h_j uniform over all functions [d] -> [m]",
)
def appF_var_cj(ev):
    P, D = _eqs_by_lhs(ev.printed()), _eqs_by_lhs(ev.derived())
    ev.symbolic("printed vs derived [E, Var]", [P[H.E_cj], P[H.Var_cj]], [D[H.E_cj], D[H.Var_cj]])
    insts = []
    for m_ in (2, 3, 4, 5):
        funcs = list(itertools.product(range(m_), repeat=2))
        vals = [1 if h[0] == h[1] else 0 for h in funcs]
        mean = R(sum(vals), len(vals))
        var = sum((v - mean) ** 2 for v in vals) / len(vals)
        insts.append(Instance({"m": m_}, [mean, var], [_val(D[H.E_cj], {m: m_}), _val(D[H.Var_cj], {m: m_})],
                              [_val(P[H.E_cj], {m: m_}), _val(P[H.Var_cj], {m: m_})], size=(m_,)))
    ev.instances("[E, Var] of c_j(0, 1) over all functions [2] -> [m]", insts)


@claim(
    id="pan-cms/appF.variance",
    location="Appendix F.1, second display",
    statement="Var(E[f_hat(x)]) = m^2/(m-1)^2 sum_{x'} (m-1)/(m^2 k) f(x')^2 = sum_{x'} f(x')^2/((m-1)k).",
    printed=lambda: sympy.Eq(H.V_draw, H.appF_variance_printed()),
    derived=H.eq20_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    assumptions="as Theorem 3.10",
)
def appF_variance(ev):
    P, D = ev.printed(), ev.derived()
    ev.symbolic("printed middle form vs derived", P.rhs, D.rhs, simplify=sympy.factor)
    ev.instances("MechanismFamily.expectation_variance over all draws", _eq19_20_instances("appF.variance", P, D))


@claim(
    id="pan-cms/appF.eq49",
    location="Appendix F.2, Eq. (49)",
    statement="Var over the draws of E[f_hat(x)] <= 1/((m-1)k).",
    printed=H.eq49_printed,
    derived=H.eq49_printed,
    derivation=f"{DER}.draw_bias_variance_derived",
    kind="statement",
    assumptions="as Theorem 3.10",
)
def appF_eq49(ev):
    sec36_bias_order(ev)


# Theorem 3.11 ------------------------------------------------------------------------------------------
T311_SETS = [(2, 2, 1, "rr", R(2)), (2, 2, 2, "rr", R(2)), (2, 2, 3, "rr", R(2)), (2, 3, 1, "rr", R(2)),
             (2, 3, 2, "rr", R(2)), (3, 2, 2, "rr", R(2)), (3, 3, 1, "rr", R(2)), (2, 2, 2, "srp", R(4)),
             (2, 3, 1, "srp", R(4)), (3, 2, 1, "srp", R(9, 4))]
T311_TAUS = [R(1, 10), R(1, 2), R(1), R(2), R(4)]


def _draw_model(fam_hash, counts, x, m_, veq, vne):
    """Bias and Var(f_hat(x)|draw) from the draw's collision rates (Eq. (5) model)."""
    nn = sum(counts)
    fr = [R(c, nn) for c in counts]
    cs = {y: _rat(fam_hash.collision_rate(x, y)) for y in range(len(counts)) if y != x}
    bias = R(m_, m_ - 1) * sum((cs[y] - R(1, m_)) * fr[y] for y in cs)
    var = R(m_, m_ - 1) ** 2 / nn * (sum(fr[y] * (cs[y] * veq + (1 - cs[y]) * vne + cs[y] * (1 - cs[y])) for y in cs)
                                      + fr[x] * veq)
    return bias, var


@cache
def _t311_rows():
    rows = []
    for d_, m_, k_, kind, ee in T311_SETS:
        veq, vne = _inner_vars(kind, m_, ee)
        dveq, dvne = _derived_vars(kind, m_, ee)
        draws = list(all_function_draws(d_, m_, k_))
        for counts in _draw_counts(d_):
            nn = sum(counts)
            stats = _draw_stats(d_, m_, k_, kind, ee, counts)
            for x in range(d_):
                ex = [(w, E[x] - R(counts[x], nn), V[x]) for w, E, V in stats]
                mo = [(R(1, len(draws)), *_draw_model(h, counts, x, m_, dveq, dvne)) for h in draws]
                rows.append(dict(d=d_, m=m_, k=k_, kind=kind, e=ee, counts=counts, x=x, n=nn, vne=vne, dvne=dvne,
                                 ex=ex, mo=mo))
    return rows


def _pr(per_draw, t):
    return sum(w for w, b, v in per_draw if b**2 <= t * v)


def _t311_taus(row):
    """The fixed tau grid plus the taus that put the boundary delta at 10/11 and 1/2."""
    base = R(row["n"], (row["m"] - 1) * row["k"]) / row["vne"]
    return sorted(set(T311_TAUS) | {R(11, 10) * base, 2 * base})


def _t311_instances():
    insts = []
    for row in _t311_rows():
        for t in _t311_taus(row):
            delta_star = R(row["n"], (row["m"] - 1) * row["k"]) / (t * row["vne"])
            if delta_star >= 1:
                continue
            ddelta = R(row["n"], (row["m"] - 1) * row["k"]) / (t * row["dvne"])
            insts.append(Instance({"d": row["d"], "m": row["m"], "k": row["k"], "inner": row["kind"], "exp_eps": row["e"],
                                   "counts": row["counts"], "x": row["x"], "tau": t, "delta": delta_star},
                                  bool(_pr(row["ex"], t) >= 1 - delta_star), bool(_pr(row["mo"], t) >= 1 - ddelta), True,
                                  size=(row["d"], row["m"], row["k"], row["n"], KIND_ORDER[row["kind"]], t,
                                        row["counts"][::-1], row["x"])))
    return insts


@claim(
    id="pan-cms/thm3.11",
    location="Section 3.6, Theorem 3.11",
    statement="If delta tau Var(R|!=)/n > 1/((m-1)k), then Pr((E[f_hat(x)] - f(x))^2 <= tau Var(f_hat(x))) >= "
              "1 - delta over the hash draws.",
    printed=H.thm311_printed,
    derived=H.thm311_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    kind="statement",
    assumptions="original CMS (every draw of k uniform functions enumerated); E[f_hat(x)] and Var(f_hat(x)) given "
                "the draw; delta at the boundary of the condition (the smallest it admits), kept when < 1",
)
def thm3_11(ev):
    ev.instances("exact probability over all draws vs 1 - delta", _t311_instances())


@claim(
    id="pan-cms/eq21",
    location="Section 3.6, Eq. (21)",
    statement="Pr((E[f_hat(x)] - f(x))^2 <= tau Var(f_hat(x))) >= 1 - delta (under Theorem 3.11's condition).",
    printed=H.thm311_printed,
    derived=H.thm311_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    kind="statement",
    assumptions="as Theorem 3.11",
)
def eq21(ev):
    ev.instances("exact probability over all draws vs 1 - delta", _t311_instances())


@claim(
    id="pan-cms/appF.eq51", root_cause="appF.eq51-tau",
    location="Appendix F.2, Eq. (51) and the sentence after it",
    statement="n/((m-1)k Var(R|!=)) < delta ensures Eq. (21); it is Theorem 3.11's condition.",
    printed=H.eq51_printed,
    derived=H.eq51_derived,
    derivation=f"{DER}.eq51_derived",
    kind="statement",
    assumptions="as Theorem 3.11; delta at the boundary of the printed Eq. (51), kept when < 1",
    note="Substituting the ratio bound into Eq. (48) keeps the 1/tau: the condition is "
         "n/((m-1)k tau Var(R|!=)) < delta, which is Theorem 3.11's; Eq. (51) as printed drops tau.",
)
def appF_eq51(ev):
    insts = []
    for row in _t311_rows():
        base = R(row["n"], (row["m"] - 1) * row["k"])
        d51, dd51 = base / row["vne"], base / row["dvne"]
        if d51 >= 1:
            continue
        for t in T311_TAUS:
            insts.append(Instance({"d": row["d"], "m": row["m"], "k": row["k"], "inner": row["kind"], "exp_eps": row["e"],
                                   "counts": row["counts"], "x": row["x"], "tau": t, "delta": d51},
                                  bool(_pr(row["ex"], t) >= 1 - d51), bool(_pr(row["mo"], t) >= 1 - dd51),
                                  True, size=(row["d"], row["m"], row["k"], row["n"], KIND_ORDER[row["kind"]], t,
                                              row["counts"][::-1], row["x"])))
    ev.instances("exact probability over all draws vs 1 - delta at the boundary of the printed Eq. (51)", insts)


@claim(
    id="pan-cms/appF.eq48", root_cause="appF.eq48-markov",
    location="Appendix F.2, Eq. (48)",
    statement="By Markov's inequality, Eq. (21) is equivalent to Var_draws(E[f_hat(x)])/(tau Var(f_hat(x))) <= delta.",
    printed=H.eq48_printed,
    derived=H.eq48_derived,
    derivation=f"{DER}.eq48_derived",
    kind="statement",
    assumptions="Var(f_hat(x)) read as its minimum over the draws (the reading under which Markov's inequality "
                "applies); delta in {1/4, 1/2, 3/4}",
    note="Markov gives only sufficiency; Eq. (21) can hold while Eq. (48) fails.",
)
def appF_eq48(ev):
    insts, suff = [], []
    for row in _t311_rows():
        var_draw = sum(w * b**2 for w, b, v in row["ex"])
        vmin = min(v for w, b, v in row["ex"])
        dvar_draw = sum(w * b**2 for w, b, v in row["mo"])
        dvmin = min(v for w, b, v in row["mo"])
        for t in T311_TAUS[:3]:
            for dl in (R(1, 4), R(1, 2), R(3, 4)):
                A = _pr(row["ex"], t) >= 1 - dl
                B = var_draw / (t * vmin) <= dl
                dA = _pr(row["mo"], t) >= 1 - dl
                dB = dvar_draw / (t * dvmin) <= dl
                if B and not A:
                    suff.append((row["d"], row["m"], row["k"], row["counts"], row["x"], t, dl))
                insts.append(Instance({"d": row["d"], "m": row["m"], "k": row["k"], "inner": row["kind"],
                                       "exp_eps": row["e"], "counts": row["counts"], "x": row["x"], "tau": t, "delta": dl},
                                      bool(A) == bool(B), bool(dA) == bool(dB), True,
                                      size=(row["d"], row["m"], row["k"], row["n"], KIND_ORDER[row["kind"]], t, dl,
                                            row["counts"][::-1], row["x"])))
    ev.numeric("Eq. (48) => Eq. (21) (sufficiency, Markov) on every instance", not suff, len(insts),
               "holds" if not suff else f"fails at {suff[0]}")
    ev.instances("Eq. (21) <=> Eq. (48) on the exact draws", insts)


@claim(
    id="pan-cms/appF.eq50",
    location="Appendix F.2, Eq. (50)",
    statement="Var(f_hat(x)) > min{Var(R|=), Var(R|!=)}/n = Var(R|!=)/n.",
    printed=H.eq50_printed,
    derived=H.eq50_derived,
    derivation=f"{DER}.draw_bias_variance_derived",
    kind="statement",
    assumptions="every draw of the original CMS; Var(f_hat(x)) given the draw",
)
def appF_eq50(ev):
    insts = []
    for row in _t311_rows():
        veq, vne = _inner_vars(row["kind"], row["m"], row["e"])
        mn = min(veq, vne)
        exact = all(v > mn / row["n"] for w, b, v in row["ex"]) and mn == vne
        derived = all(v >= R(row["m"], row["m"] - 1) ** 2 * row["dvne"] / row["n"] for w, b, v in row["mo"])
        insts.append(Instance({"d": row["d"], "m": row["m"], "k": row["k"], "inner": row["kind"], "exp_eps": row["e"],
                               "counts": row["counts"], "x": row["x"]}, bool(exact), bool(derived), True,
                              size=(row["d"], row["m"], row["k"], row["n"], KIND_ORDER[row["kind"]],
                                    row["counts"][::-1], row["x"])))
    ev.instances("Var(f_hat(x)|draw) of every exact draw vs Var(R|!=)/n", insts)


@claim(
    id="pan-cms/appF.veq-gt-vne", root_cause="appF.veq-gt-vne",
    location="Appendix F.2, after Eq. (50) (Var(R|=) > Var(R|!=) for RAPPOR and HE)",
    statement="Var(R|=) > Var(R|!=) for RAPPOR and for Hadamard Encoding (binary RR).",
    printed=H.veq_gt_vne_printed,
    derived=H.veq_ge_vne_derived,
    derivation=f"{DER}.inner_variances",
    kind="statement",
    note="Equality holds for symmetric RAPPOR (Eq. (14)) and for binary randomized response (m = 2, as in HE); "
         "Eq. (50) only needs >=.",
    assumptions="RAPPOR: symmetric (sRP) and asymmetric (aRP); HE: RR with m = 2",
)
def appF_veq(ev):
    ev.instances("Var(R|=) > Var(R|!=) read off the exact inner mechanisms",
                 [i for i in _veq_instances(True) if i.params["m"] == 2 or i.params["inner"] != "rr"])


@claim(
    id="pan-cms/appF.ratio",
    location="Appendix F.2, the inequality after Eq. (50)",
    statement="Var_draws(E[f_hat(x)])/Var(f_hat(x)) < n/((m-1)k Var(R|!=)).",
    printed=H.appF_ratio_printed,
    derived=H.appF_ratio_printed,
    derivation=f"{DER}.draw_bias_variance_derived",
    kind="statement",
    assumptions="Var(f_hat(x)) read as its minimum over the draws",
)
def appF_ratio(ev):
    insts = []
    for row in _t311_rows():
        var_draw = sum(w * b**2 for w, b, v in row["ex"])
        vmin = min(v for w, b, v in row["ex"])
        dvar_draw = sum(w * b**2 for w, b, v in row["mo"])
        dvmin = min(v for w, b, v in row["mo"])
        bound = R(row["n"], (row["m"] - 1) * row["k"]) / row["vne"]
        insts.append(Instance({"d": row["d"], "m": row["m"], "k": row["k"], "inner": row["kind"], "exp_eps": row["e"],
                               "counts": row["counts"], "x": row["x"]}, bool(var_draw / vmin < bound),
                              bool(dvar_draw / dvmin < R(row["n"], (row["m"] - 1) * row["k"]) / row["dvne"]), True,
                              size=(row["d"], row["m"], row["k"], row["n"], KIND_ORDER[row["kind"]],
                                    row["counts"][::-1], row["x"])))
    ev.instances("exact ratio vs n/((m-1)k Var(R|!=))", insts)


@claim(
    id="pan-cms/sec3.6.k-order",
    location="Section 3.6, after Theorem 3.11 (k = Omega(n/m))",
    statement="The smallest k meeting Theorem 3.11's condition grows as n/m.",
    printed=H.k_order_printed,
    derived=H.k_order_derived,
    derivation=f"{DER}.k_min_derived",
    kind="statement",
    assumptions="the original CMS's RAPPOR (sRP, aRP): Var(R|!=) does not depend on m; fixed eps, tau, delta; the "
                "limits taken are n -> infinity and m -> infinity",
    note="With RR as the inner mechanism Var(R|!=) = (e^eps + m - 2)/(e^eps - 1)^2 grows with m and the smallest k "
         "is Theta(n/m^2).",
)
def sec36_k_order(ev):
    insts, order = [], []
    t, dl = R(1, 10), R(1, 2)
    for kind, ee in (("srp", R(4)), ("arp", R(3))):
        for mm in (2, 3, 5, 9):
            _, vne = _inner_vars(kind, mm, ee)
            _, dvne = _derived_vars(kind, mm, ee)
            for nn in (10, 1000, 10**6):
                ok = lambda kk: dl * t * vne / nn > R(1, (mm - 1) * kk)  # noqa: E731
                hi = 1
                while not ok(hi):
                    hi *= 2
                lo = hi // 2  # not ok(lo) unless lo == 0
                while hi - lo > 1:
                    mid = (lo + hi) // 2
                    lo, hi = (lo, mid) if ok(mid) else (mid, hi)
                kk = hi
                insts.append(Instance({"inner": kind, "m": mm, "n": nn}, kk, H.k_min_derived(mm, nn, t, dl, dvne),
                                      size=(KIND_ORDER[kind], mm, nn)))
        # Theta(n/m): at large n, (m-1) k_min/n is the same constant 1/(delta tau Var(R|!=)) for every m
        nn = 10**6
        consts = [(i.params["m"] - 1) * i.exact / R(nn) for i in insts if i.params["inner"] == kind and i.params["n"] == nn]
        target = 1 / (dl * t * _inner_vars(kind, 2, ee)[1])
        exact = all(abs(c_ - target) <= R(8, nn) for c_ in consts) and \
            all(_inner_vars(kind, mm, ee)[1] == _inner_vars(kind, 2, ee)[1] for mm in (3, 5, 9))
        dk = H.k_order_derived().rhs.subs({var_neq: _derived_vars(kind, m, ee)[1], tau: t, delta: dl})
        lim = sympy.limit(dk * m / n, m, sympy.oo)
        derived = bool(lim.is_positive and lim.is_finite)
        order.append(Instance({"inner": kind, "n": nn, "m": (2, 3, 5, 9)}, exact, derived, True,
                              size=(KIND_ORDER[kind],)))
    ev.instances("smallest k by search vs floor(n/((m-1) delta tau Var(R|!=))) + 1", insts, has_printed=False)
    ev.instances("(m-1) k_min / n is the same constant for every m (k_min = Theta(n/m))", order)


# ==== root causes of this module's errata and conditional claims ==================================
ROOT_CAUSES = [
    RootCause("thm3.8.derivative-bound", "Section 3.5, Theorem 3.8; Appendix E, Eq. (43) and the inequality before it",
              "The proof bounds |dVar(g)/dm'| on [m', m] by its value at m' = m, but the bound decreases in m': it must "
              "be taken at the smallest m' = m(1 - (2q+1)^-2); with the printed condition the conclusion fails.",
              "error"),
    RootCause("appE.eps0-limit", "Appendix E, proofs of Corollaries 3.6 and 3.7 (and the corollaries' conditions)",
              "Letting eps -> 0 in Eq. (43)/(44) gives the supremum 2/tau of the left-hand side, not 1/tau: the "
              "condition 2q + 1 > sqrt(1/tau) is too weak (about sqrt(2/tau) is needed).", "error"),
    RootCause("appE.var-missing-1/n", "Appendix E, proofs of Corollaries 3.6 and 3.7 (Var(f_hat(x)) displays)",
              "The variances at m = 1 + e^{eps/2} and m = 1 + e^eps are printed without their factor 1/n.", "error"),
    RootCause("appE.worst-r", "Appendix E, proof of Theorem 3.8 (m' = m - m/(2q+1)^2) and Eq. (47)",
              "m' = m - m/(2q+1)^2 and the equality in Eq. (47) hold only at the worst remainder r = mq/(2q+1); "
              "otherwise they are bounds.", "condition"),
    RootCause("appE.mse-requirement", "Appendix E, proof of Theorem 3.9",
              "The two requirements (bias and variance ratio) are sufficient for the MSE bound, not equivalent to it.",
              "error"),
    RootCause("appE.var-linear-positive", "Appendix E, the sentence before Eq. (47)",
              "The c_bar^2 coefficient of Var(f_hat(x|H')) is -(1 - f(x)) m^2/((m-1)^2 n) <= 0, not positive.",
              "error"),
    RootCause("appF.eq48-markov", "Appendix F.2, Eq. (48)",
              "Markov's inequality makes Eq. (48) sufficient for Eq. (21), not equivalent to it.", "error"),
    RootCause("appF.eq51-tau", "Appendix F.2, Eq. (51)",
              "Substituting the ratio bound into Eq. (48) keeps 1/tau: the condition is n/((m-1) k tau Var(R|!=)) < "
              "delta; Eq. (51) drops tau.", "error"),
    RootCause("appF.var-cj", "Appendix F.1, first sentence",
              "A Bernoulli(1/m) variable has variance (m-1)/m^2, not (m-1)/m.", "error"),
    RootCause("appF.veq-gt-vne", "Appendix F.2, after Eq. (50)",
              "Var(R|=) = Var(R|!=) for symmetric RAPPOR and binary randomized response (HE): the inequality is not "
              "strict (Eq. (50) needs only >=).", "error"),
    RootCause("sec3.5.m6", "Section 3.5, first paragraph",
              "Pairwise-independent families [d] -> [6] exist (all functions; the Chinese-remainder product of GF(2) "
              "and Z_3 affine families); only the single finite-field affine construction needs a prime power.",
              "error"),
]
