"""Errata vectors of pan-cms: CMS by enumeration of hash functions and responses; hashing families
and communication counts (brute force in tests/bruteforce.py)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction as F

import sympy

import bruteforce as bf
from vectors_common import _symbols, ev, implied, statement, vec


# =====================================================================================================
# pan-cms: CMS (Eq. (2)) by enumeration of hash functions and responses
# =====================================================================================================
def cms_params(family, mech, m, counts, at, **extra):
    veq, vne = bf.decoded_variances(mech, m)
    n = sum(counts)
    out = {"Var(R|=)": veq, "Var(R|\\neq)": vne, "m": m, "n": n, "f(x)": F(counts[at], n)}
    out.update(extra)
    return out


# appB.eq6-final: pair-uniform(m=2) family, asymmetric RAPPOR, e^eps = 2, one client on x' (f(x) = 0)
_PU2, _ARP2 = bf.pair_uniform(2), bf.arp(2, 2)
vec(
    "pan-cms/appB.eq6-final",
    "Var(f_hat(0)) of CMS+aRP, pair-uniform m=2, e^eps=2, counts (0,1)",
    lambda: cms_params(_PU2, _ARP2, 2, (0, 1), 0),
    lambda: bf.var(bf.cms_estimate(_PU2, _ARP2, (0, 1), 0, 2)),
)


def _eq6_sum_value(form, params, counts=(1, 0)):
    """Appendix B's sum over x' != x, expanded on [d] = {0, 1}, f(x') = counts[x']/n."""
    value = ev(form, params)
    f = sympy.Function("f")
    n = sum(counts)
    value = value.replace(
        lambda e: type(e).__name__ == "SumInExcept",
        lambda e: sum(e.args[0].subs(e.args[1], xp) for xp in range(int(params["d"])) if xp != int(params["x"])),
    )
    value = value.replace(f, lambda a: sympy.Rational(counts[int(a)], n))
    return sympy.nsimplify(value.doit())


vec(
    "pan-cms/appB.eq6-sum",
    "Var(f_hat(0)) of CMS+aRP, pair-uniform m=2, e^eps=2, counts (1,0)",
    lambda: cms_params(_PU2, _ARP2, 2, (1, 0), 0, d=2, x=0),
    lambda: bf.var(bf.cms_estimate(_PU2, _ARP2, (1, 0), 0, 2)),
    printed_value=_eq6_sum_value,
    derived_value=_eq6_sum_value,
)

# appC.AB: the range [A, B] of one client's Eq. (2) output, CMS+RR, m = 2 (all functions [2] -> [2])
_ALL22, _RR22 = bf.all_functions(2, 2), bf.rr(2, 2)
vec(
    "pan-cms/appC.AB",
    "(min, max) of a single client's f_hat(x), CMS+RR m=2, e^eps=2",
    lambda: {"m": 2, "exp_eps": 2},
    lambda: (min(bf.cms_single_client_values(_ALL22, _RR22, 2, 0, 2)),
             max(bf.cms_single_client_values(_ALL22, _RR22, 2, 0, 2))),
)


def _delta_range_exact():
    A = min(bf.cms_single_client_values(_ALL22, _RR22, 2, 0, 2))
    v = bf.var(bf.cms_estimate(_ALL22, _RR22, (0, 1), 0, 2))
    return (F(0) - A) ** 2 / v  # alpha_max^2 = (f - A)^2/Var at f(x) = 0, n = 1


vec(
    "pan-cms/appC.delta-range",
    "(f - A)^2/Var(f_hat) at f(x)=0, n=1 (delta = 1), CMS+RR m=2, e^eps=2",
    lambda: {"m": 2, "exp_eps": 2, "n": 1, "f(x)": 0},
    _delta_range_exact,
)


def _ratio_min_exact(n=2):
    vals = bf.cms_single_client_values(_ALL22, _RR22, 2, 0, 2)
    A, B = min(vals), max(vals)
    ratios = []
    for c in range(n + 1):
        counts = (c, n - c)
        ratios.append(bf.var(bf.cms_estimate(_ALL22, _RR22, counts, 0, 2)) / ((B - A) * (F(c, n) - A)))
    return min(ratios)


vec(
    "pan-cms/appC.ratio-min",
    "min over datasets of Var(f_hat)/((B-A)(f-A)), CMS+RR m=2, e^eps=2, n=2",
    lambda: {"m": 2, "exp_eps": 2, "n": 2},
    _ratio_min_exact,
)

# appE.cor3.6-var / cor3.7-var: Var(f_hat) at m = 1 + e^{eps/2} (resp. 1 + e^eps), n = 2 clients
_ALL23 = bf.all_functions(2, 3)
vec(
    "pan-cms/appE.cor3.6-var",
    "Var(f_hat(0)), CMS+RR m=3, e^eps=4 (e^{eps/2}=2), counts (2,0)",
    lambda: {"e^{\\epsilon/2}": 2, "n": 2},
    lambda: bf.var(bf.cms_estimate(_ALL23, bf.rr(3, 4), (2, 0), 0, 3)),
)
vec(
    "pan-cms/appE.cor3.7-var",
    "Var(f_hat(0) | f(0)=0), CMS+RR m=3, e^eps=2, counts (0,2)",
    lambda: {"exp_eps": 2, "n": 2},
    lambda: bf.var(bf.cms_estimate(_ALL23, bf.rr(3, 2), (0, 2), 0, 3)),
)

# eq9 / thm3.4: g(x) of Eq. (8) on a family with constant c_bar = 1/3 (m = 2, three functions)
_HAND = [(0, 0), (0, 1), (1, 0)]
_ARP22 = bf.arp(2, 2)


def _g_dist():
    m_prime = 1 / bf.collision_rate(_HAND, 0, 1)
    return bf.cms_estimate(_HAND, _ARP22, (1, 0), 0, m_prime)


vec(
    "pan-cms/eq9",
    "E[g(0)], Eq. (8), family {(0,0),(0,1),(1,0)} (c_bar=1/3), aRP e^eps=2, counts (1,0)",
    lambda: {"f(x)": 1},
    lambda: bf.mean(_g_dist()),
)
vec(
    "pan-cms/thm3.4",
    "(E[g(0)], MSE(g(0))), same instance as eq9",
    lambda: cms_params(_HAND, _ARP22, 2, (1, 0), 0, **{"\\bar{c}": bf.collision_rate(_HAND, 0, 1)}),
    lambda: (bf.mean(_g_dist()), bf.mse(_g_dist(), 1)),
)

# appE.var-linear-positive: Var(f_hat) as a function of c_bar on three-function families, RR m=2
_C_FAMILIES = {
    F(0): [(0, 1), (1, 0), (0, 1)],
    F(1, 3): [(0, 0), (0, 1), (1, 0)],
    F(2, 3): [(0, 0), (1, 1), (0, 1)],
}


def _var_of_c(c):
    return bf.var(bf.cms_estimate(_C_FAMILIES[c], _RR22, (0, 1), 0, 2))


def _var_linear_params():
    # Var(c) = a0 + a1 c + a2 c^2, fitted exactly through c = 0, 1/3, 2/3 (Var is a quadratic in c)
    v0, v1, v2 = (_var_of_c(c) for c in (F(0), F(1, 3), F(2, 3)))
    h = F(1, 3)
    a2 = (v2 - 2 * v1 + v0) / (2 * h * h)
    a1 = (v1 - v0) / h - a2 * h
    params = cms_params(_C_FAMILIES[F(1, 3)], _RR22, 2, (0, 1), 0)
    params.update({"alpha_0": v0, "alpha_1": a1, "alpha_2": a2, "\\bar{c}": F(1, 3),
                   "Var[\\hat{f}(x|\\mathcal{H}')]": v1})
    return params


vec(
    "pan-cms/appE.var-linear-positive",
    "Var(f_hat) vs c_bar (RR m=2, e^eps=2, counts (0,1)): printed statement truth / derived Var at c=1/3",
    _var_linear_params,
    lambda: True,
    exact_derived=lambda: _var_of_c(F(1, 3)),
)

# appF.var-cj: c_j = 1[h(x) = h(x')] for h uniform over all functions [2] -> [2]


def _cj_moments():
    dist: dict = {}
    for h in _ALL22:
        c = 1 if h[0] == h[1] else 0
        dist[c] = dist.get(c, F(0)) + F(1, len(_ALL22))
    return (bf.mean(dist), bf.var(dist))


def _and_of_eqs(form, params):
    """The rhs of the And's equations, ordered (E[...], Var(...))."""
    parts = form if isinstance(form, (list, tuple)) else form.args  # an And of Eqs, or a tuple of them
    eqs = {str(a.lhs): a.rhs for a in parts if isinstance(a, sympy.Equality)}
    order = sorted(eqs, key=lambda name: 0 if name.startswith("E[") else 1)
    return tuple(ev(eqs[k], params) for k in order)


vec(
    "pan-cms/appF.var-cj",
    "(E, Var) of c_j(x, x') for h uniform over all functions [2] -> [2]",
    lambda: {"m": 2},
    _cj_moments,
    printed_value=_and_of_eqs,
    derived_value=_and_of_eqs,
)

# appF.veq-gt-vne: binary RR (HE) has Var(R|=) = Var(R|!=)
vec(
    "pan-cms/appF.veq-gt-vne",
    "Var(R|=) vs Var(R|!=) of binary RR, e^eps = 11/10 (statement truth)",
    lambda: dict(zip(("Var(R|=)", "Var(R|\\neq)"), bf.decoded_variances(bf.rr(2, F(11, 10)), 2))),
    lambda: True,
    printed_value=statement,
    derived_value=statement,
)


# eq7: the three lines of the MSE decomposition, with E[.] and Var(.) taken over the exact distribution
def _eq7_value(form, params):
    dist = bf.cms_estimate(bf.eq18_family(2), _RR22, (1, 0), 0, 2)
    fhat = next(s for s in _symbols(form).values() if s.name == "\\hat{f}(x)")
    truth = params["f(x)"]

    def expect(expr):
        return sum((sympy.sympify(expr).subs(fhat, sympy.Rational(v)) * sympy.Rational(p) for v, p in dist.items()),
                   sympy.Integer(0))

    out = []
    for line in form:
        rhs = line.rhs.subs(_symbols(form)["f(x)"], truth)
        rhs = rhs.replace(lambda e: type(e).__name__ == "Expect", lambda e: expect(e.args[0]))
        rhs = rhs.replace(lambda e: type(e).__name__ == "VarOp", lambda e: sympy.Rational(bf.var(dist)))
        out.append(sympy.nsimplify(rhs))
    return tuple(out)


vec(
    "pan-cms/eq7",
    "the three lines of Eq. (7) for CMS+RR (Eq. (18) family, d=2, m=2, e^eps=2), counts (1,0), x=0",
    lambda: {"f(x)": 1},
    lambda: (bf.mse(bf.cms_estimate(bf.eq18_family(2), _RR22, (1, 0), 0, 2), 1),) * 3,
    printed_value=_eq7_value,
    derived_value=_eq7_value,
)


# Concentration bounds (Theorem 3.5 and Appendix C): exact tails of f_hat, statement truth
def _tail_params(m, e, counts, alpha2, two_sided):
    dist = bf.cms_estimate(bf.pair_uniform(m), bf.rr(m, e), counts, 0, m)
    n = sum(counts)
    f = F(counts[0], n)
    v = bf.var(dist)
    a2 = F(alpha2)
    if two_sided:
        tail = sum((p for val, p in dist.items() if (val - f) ** 2 >= a2 * v), F(0))
        name = "\\Pr[|\\hat{f}(x) - f(x)| \\geq \\alpha \\sqrt{\\mathrm{Var}(\\hat{f}(x))}]"
    else:
        tail = sum((p for val, p in dist.items() if val >= f and (val - f) ** 2 >= a2 * v), F(0))
        name = "\\Pr[\\hat{f}(x) \\geq f(x) + \\alpha \\sqrt{\\mathrm{Var}(\\hat{f}(x))}]"
    return {name: tail, "alpha": sympy.sqrt(sympy.Rational(a2)), "m": m, "exp_eps": sympy.Rational(F(e)), "n": n}


def _implied(form, params):
    return implied(ev(form, params))


vec(
    "pan-cms/appC.upper-tail",
    "Pr[f_hat >= f + alpha sd], CMS+RR pair-uniform m=4, e^eps=2, counts (3,1), alpha^2=961/363",
    lambda: _tail_params(4, 2, (3, 1), F(961, 363), two_sided=False),
    lambda: True,
    printed_value=_implied,
    derived_value=_implied,
)
vec(
    "pan-cms/appC.two-sided",
    "Pr[|f_hat - f| >= alpha sd], CMS+RR pair-uniform m=16, e^eps=16, counts (0,40), alpha^2=128/3",
    lambda: _tail_params(16, 16, (0, 40), F(128, 3), two_sided=True),
    lambda: True,
    printed_value=_implied,
    derived_value=_implied,
)
vec(
    "pan-cms/thm3.5",
    "Pr[|f_hat - f| >= alpha sd], CMS+RR pair-uniform m=128, e^eps=1580049/22801, counts (0,151)",
    lambda: _tail_params(128, F(1580049, 22801), (0, 151), F(1580049, 19177), two_sided=True),
    lambda: True,
    printed_value=_implied,
    derived_value=_implied,
)


# =====================================================================================================
# pan-cms: hashing families and communication counts
# =====================================================================================================
def _sylvester_rows_family():
    return [tuple(row[1:]) for row in bf.sylvester(4)]


def _pairs_uniform(family, vals=(1, -1)):
    """Every pair of inputs is uniform on vals^2 (the family is pairwise independent)."""
    return all(
        bf.prob_of_pattern(family, xs, ys) == F(1, len(vals) ** 2)
        for xs in itertools.combinations(range(len(family[0])), 2)
        for ys in itertools.product(vals, repeat=2)
    )


def _three_wise_exact():
    fam = _sylvester_rows_family()
    return bf.prob_of_pattern(fam, (0, 1, 2), (1, 1, 1))


def _pair_exact():
    fam = _sylvester_rows_family()
    assert _pairs_uniform(fam)
    return bf.prob_of_pattern(fam, (0, 1), (1, 1))


vec(
    "pan-cms/sec4.1.3-wise",
    "Pr_h[(h(1),h(2),h(3)) = (1,1,1)] (printed) / Pr_h[(h(1),h(2)) = (1,1)] (derived), Sylvester-4 rows",
    lambda: {},
    _three_wise_exact,
    exact_derived=_pair_exact,
)


def _mod6_family():
    return [tuple((a + b * x) % 6 for x in range(2)) for a in range(6) for b in range(6)]


vec(
    "pan-cms/sec3.5.m6-no-pairwise",
    "does a pairwise-independent family [2] -> [6] exist ({a + b x mod 6})",
    lambda: {},
    lambda: bf.is_pairwise_independent([tuple(h) for h in _mod6_family()], 2, 6),
)


def _walsh_family(d=3, size=4):
    H = bf.sylvester(size)
    return [tuple(0 if H[x + 1][j] == 1 else 1 for x in range(d)) for j in range(size)]


def _km_params():
    fam = _walsh_family()
    assert all(bf.collision_rate(fam, a, b) == F(1, 2) for a, b in itertools.combinations(range(3), 2))
    return {"k": len(fam), "m": 2, "d": 3}


vec(
    "pan-cms/sec4.6.km",
    "the k, m, d of an unbiased CMS (Walsh columns, d=3, k=4, m=2; statement truth)",
    _km_params,
    lambda: True,
    printed_value=statement,
    derived_value=statement,
)

_CBAR_NAME_EQ = "\\forall x \\neq x': \\bar{c}(x, x') = \\frac{1}{m}"
_PAIRWISE_NAME = "\\mathcal{H}\\ \\text{pairwise independent}"


def _pairwise_def_params():
    fam = bf.pair_uniform(2)
    return {
        _CBAR_NAME_EQ: sympy.true if bf.collision_rate(fam, 0, 1) == F(1, 2) else sympy.false,
        _PAIRWISE_NAME: sympy.true if bf.is_pairwise_independent(fam, 2, 2) else sympy.false,
    }


vec(
    "pan-cms/sec3.1.pairwise-def",
    "c_bar = 1/m <=> pairwise independent, on the family {(0,0),(0,1)} (statement truth)",
    _pairwise_def_params,
    lambda: True,
    printed_value=statement,
    derived_value=statement,
)


def _family_size_params():
    fam = bf.pair_uniform(2)
    return {
        "d": 2,
        "m": 2,
        "|\\mathcal{H}|": len(fam),
        "\\forall x \\neq x': \\bar{c}(x, x') = 1/m":
            sympy.true if bf.collision_rate(fam, 0, 1) == F(1, 2) else sympy.false,
        "\\mathcal{H}\\ \\text{strongly pairwise independent}":
            sympy.true if bf.is_pairwise_independent(fam, 2, 2) else sympy.false,
    }


vec(
    "pan-cms/sec3.1.family-size",
    "|H| of a family with c_bar = 1/m (d=2, m=2: {(0,0),(0,1)}); derived: its implications hold",
    _family_size_params,
    lambda: len(bf.pair_uniform(2)),
    exact_derived=lambda: (True, True),
)

vec(
    "pan-cms/sec4.3.b-eps",
    "number of b-bit messages (RHR's m) for b = eps = 1",
    lambda: {"epsilon": 1},
    lambda: len(list(itertools.product((0, 1), repeat=1))),
)


def _same_mod(d=2, b=2):
    mod = 2 ** (b - 1)
    return F(sum(1 for x1 in range(d) for x2 in range(d) if x1 % mod == x2 % mod), d * d)


vec(
    "pan-cms/sec4.3.same-mod-probability",
    "Pr[x1 = x2 mod 2^(b-1)] for x1, x2 uniform on [2], b = 2",
    lambda: {"b": 2},
    _same_mod,
)


def _eq18_size(d):
    return len(set(bf.eq18_family(d)))


vec(
    "pan-cms/thm5.2",
    "fair bits needed for pairwise-independent assignments of n=2 clients to Eq. (18)'s family, d=3 (2^b >= k^2)",
    # the statement "bits >= b_min" at b_min = the brute-forced bit count: a correct bound holds (True)
    lambda: {"d": 3, "n": 2, "b_{\\min}": max(bf.bits_for(_eq18_size(3) ** 2), bf.bits_for(2**2))},
    lambda: True,
    printed_value=statement,
    derived_value=statement,
)
vec(
    "pan-cms/sec5.3.client-group-private",
    "bits of n=1 client, d=2, m=2, private randomness: hash id of Eq. (18) + response",
    lambda: {"d": 2, "n": 1, "m": 2},
    lambda: 1 * (bf.bits_for(_eq18_size(2)) + bf.bits_for(2)),
)
vec(
    "pan-cms/sec5.3.client-group-public",
    "bits of a group of n=2 clients, d=3, m=2, public randomness: generator (2^b >= k^2) + responses",
    lambda: {"d": 3, "n": 2, "m": 2},
    lambda: 2 * bf.bits_for(2) + bf.bits_for(_eq18_size(3) ** 2),
)


def _ss_subsets(d=3, e=2):
    k = F(d, e + 1)
    assert k.denominator == 1
    return len(list(itertools.combinations(range(d), int(k))))


vec(
    "pan-cms/appH.ss-comm",
    "bits to send one k-subset of [3], k = d/(e^eps+1) = 1",
    lambda: {"d": 3, "exp_eps": 2},
    lambda: bf.bits_for(_ss_subsets()),
)
vec(
    "pan-cms/table2.SS",
    "log2(number of k-subsets of [3]), k = 1 (Table 2's SS bits)",
    lambda: {"d": 3, "exp_eps": 2},
    lambda: math.log2(_ss_subsets()),
)
vec(
    "pan-cms/appH.response-bits",
    "log2 of the response count m = 1 + e^{eps/2} = 4 (eps = 2 ln 3)",
    lambda: {"epsilon": 2 * sympy.log(3)},
    lambda: math.log2(len(range(1 + 3))),
    printed_value=lambda form, params: ev(form, params)[0],  # the forms pair (eps/2 row, eps row)
    derived_value=lambda form, params: ev(form, params)[0],
)


