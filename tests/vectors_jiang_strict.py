"""Errata vectors of jiang-gcms (GCMS and Apple's CMS by enumeration of hash tuples, hash choices and
subsets) and pan-strict (printed forms lost in our copy; derived forms against the brute force)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction as F

import sympy

import bruteforce as bf
from vectors_common import _symbols, ev, statement, vec
from vectors_pan_cms import _ALL22, cms_params


# =====================================================================================================
# jiang-gcms: GCMS and Apple's CMS by enumeration of hash tuples, hash choices and subsets
# =====================================================================================================
def gcms_params(m, k, p, q, counts, d, **extra):
    n = sum(counts)
    p, q = F(p), F(q)
    out = {
        "m": m, "k": k, "p": p, "q": q, "n": n, "f": counts[d],
        "\\sum_{d'\\neq d} f(d')^{2}": sum(c * c for v, c in enumerate(counts) if v != d),
        "\\alpha_1": (p + (m - 1) * q) / m,  # Theorem 3's definitions
        "\\alpha_2": (p - q) ** 2 / (k * m) * (1 - F(1, m)),
    }
    out.update(extra)
    return out


def _gcms_q(m, s, p):
    """q of Eq. (3), read off the enumerated Algorithm 1: Pr[r' in x | r], r' != r."""
    return sum((prob for sub, prob in bf.gcms_subsets(m, s, p, 0).items() if 1 in sub), F(0))


_P34 = F(3, 4)


def _thm3_var_c():
    return bf.sketch_count_moments(2, 2, 2, (0, 1), 0, lambda r: bf.gcms_subsets(2, 1, _P34, r))[1]


def _thm3_params():
    return gcms_params(2, 2, _P34, _gcms_q(2, 1, _P34), (0, 1), 0)


vec("jiang-gcms/thm3", "Var[C(d)], D=2, m=2, k=2, s=1, p=3/4, counts (0,1)", _thm3_params, _thm3_var_c)
vec("jiang-gcms/appB.final", "Var[C(d)], same instance as thm3", _thm3_params, _thm3_var_c)


def _thm3_est_var():
    q = _gcms_q(2, 1, _P34)
    return _thm3_var_c() / ((_P34 - q) * (1 - F(1, 2))) ** 2  # Eq. (4) is affine in C(d)


vec("jiang-gcms/thm3.estimator", "Var[f_hat(d)] of Eq. (4), same instance as thm3", _thm3_params, _thm3_est_var)
vec(
    "jiang-gcms/eq11",
    "sum_i sum_j Var(Z_j^(i)), same instance as thm3",
    _thm3_params,
    lambda: bf.gcms_per_indicator_variance_sum(2, 2, 2, (0, 1), 0, 1, _P34),
)


def _same_client_params():
    # pi_i: a holder of d puts h_j(d) in its subset with this probability (enumerated)
    pi = sum((prob for sub, prob in bf.gcms_subsets(2, 1, _P34, 0).items() if 0 in sub), F(0))
    return {"\\pi_i": pi, "k": 2}


vec(
    "jiang-gcms/appB.same-client",
    "sum_{j1 != j2} Cov(Z_j1, Z_j2) of one client holding d, D=2, m=2, k=2, s=1, p=3/4",
    _same_client_params,
    lambda: bf.gcms_same_client_cov_sum(2, 2, 2, 0, 0, 1, _P34),
)


def _apple():
    e_half = F(3, 2)  # e^eps = 9/4
    p, q = e_half / (e_half + 1), 1 / (e_half + 1)
    var_c = bf.sketch_count_moments(2, 2, 2, (0, 1), 0, lambda r: bf.apple_reports(2, e_half, r))[1]
    return p, q, var_c / ((p - q) * (1 - F(1, 2))) ** 2


vec(
    "jiang-gcms/sec4.B.apple-cms",
    "Var[f_hat(d)] of Apple's CMS (SUE at eps/2), D=2, m=2, k=2, e^eps=9/4, counts (0,1)",
    lambda: gcms_params(2, 2, _apple()[0], _apple()[1], (0, 1), 0, exp_eps=F(9, 4)),
    lambda: _apple()[2],
)


def _grr_count_estimate(form, params, d=2, e=2, counts=(1, 0), item=0):
    """E of the estimator written as a formula in S, over the exact distribution of S (GRR)."""
    e = F(e)
    p, q = e / (e + d - 1), 1 / (e + d - 1)
    dist = {F(0): F(1)}
    for v, c in enumerate(counts):
        one = {F(1): p if v == item else q, F(0): 1 - (p if v == item else q)}
        for _ in range(c):
            dist = bf.convolve(dist, one)
    total = 0
    for s, prob in dist.items():
        total += ev(form, {"S": s, "n": sum(counts), "p": p, "q": q}) * sympy.Rational(prob)
    return sympy.nsimplify(total)


vec(
    "jiang-gcms/sec2.B.estimator",
    "E[f_hat(d)] of the pure-protocol estimator, GRR d=2, e^eps=2, counts (1,0) vs the true count",
    lambda: {},
    lambda: 1,
    printed_value=_grr_count_estimate,
    derived_value=_grr_count_estimate,
)


def _case_ratio(m, s, p, r_in, rp_in):
    ratios = {ratio for a, b, ratio in bf.gcms_likelihood_ratios(m, s, p) if (a, b) == (r_in, rp_in)}
    assert len(ratios) == 1, ratios
    return ratios.pop()


vec(
    "jiang-gcms/appA.case3.first-step",
    "P(x|r)/P(x|r') for r in x, r' not in x, m=3, s=1, p=1/2",
    lambda: {"m": 3, "s": 1, "p": F(1, 2)},
    lambda: _case_ratio(3, 1, F(1, 2), True, False),
)
vec(
    "jiang-gcms/appA.case4.first-step",
    "P(x|r)/P(x|r') for r not in x, r' in x, m=3, s=1, p=1/2",
    lambda: {"m": 3, "s": 1, "p": F(1, 2)},
    lambda: _case_ratio(3, 1, F(1, 2), False, True),
)
vec(
    "jiang-gcms/appA.closing",
    "does the closing implication hold at the brute-force largest log-likelihood ratio of Algorithm 1 (m=3, s=2, "
    "p=1/2)?",
    # each form is the implication itself, evaluated with its left-hand side set to the brute force's largest
    # log-ratio: the statement must be true there (the largest ratio is 2, p(m-s)/((1-p)s) = 1/2, s >= m/2 holds)
    lambda: {"m": 3, "s": 2, "p": F(1, 2),
             r"\log\frac{P(x|d)}{P(x|d')}": sympy.log(sympy.Rational(bf.gcms_max_ratio(3, 2, F(1, 2))))},
    lambda: True,
    printed_value=lambda form, params: ev(form, params),  # the paper's range s >= m/2: false here
    derived_value=lambda form, params: ev(form, params),  # hypothesis p(m-s) >= s(1-p): false here, so true
)


def _alg4_within_budget(m, e, p):
    """Brute force: does the mechanism with Algorithm 4's s = ceil(m/(1 + (1/p - 1) e^eps)) meet e^eps?"""
    s = math.ceil(F(m) / (1 + (1 / F(p) - 1) * F(e)))
    return bf.gcms_max_ratio(m, s, F(p)) <= F(e)


for _cid, _what in (("jiang-gcms/alg4.s", "Algorithm 4's s"), ("jiang-gcms/sec4.C.rounding", "the rounded s")):
    vec(
        _cid,
        f"does {_what} (m=3, e^eps=11/10, p=1/2: s=2, exact e^eps 2) stay within e^eps?",
        # the printed form is the implication at Algorithm 4's (s, m, p, e^eps), eps = log e^eps: s = ceil(3/(1 +
        # 11/10))
        # = 2; the derived predicate reads e^eps by its parameter name
        lambda: {"m": 3, "s": math.ceil(F(3) / (1 + (1 / F(1, 2) - 1) * F(11, 10))), "exp_eps": F(11, 10),
                 "e^eps": F(11, 10), "p": F(1, 2), r"\epsilon": sympy.log(sympy.Rational(11, 10))},
        lambda: _alg4_within_budget(3, F(11, 10), F(1, 2)),
        printed_value=lambda form, params: ev(form, params),
        derived_value=lambda form, params: ev(form, params),
    )


# Lemma 1 / Eq. (13): the optimal p over the feasible (s, p_s) of m = 4, e^eps = 3, by exact variance
def _feasible(m, e):
    out = []
    for s in range(1, m):
        p = F(e * s, e * s + m - s)
        if p >= F(1, 2):
            assert bf.gcms_max_ratio(m, s, p) == e  # the mechanism meets the budget exactly
            out.append((s, p))
    return out


def _exact_argmin(m=4, k=2, e=3, counts=(1, 0)):
    best = {}
    for s, p in _feasible(m, e):
        q = _gcms_q(m, s, p)
        var_c = bf.sketch_count_moments(2, m, k, counts, 0, lambda r, s=s, p=p: bf.gcms_subsets(m, s, p, r))[1]
        best[p] = var_c / ((p - q) * (1 - F(1, m))) ** 2
    low = min(best.values())
    return tuple(sorted(p for p, v in best.items() if v == low))


def _argmin_of(form, params, m=4, e=3):
    objective = next(a for a in sympy.preorder_traversal(form.rhs)
                     if isinstance(a, sympy.Function) and "argmin" in type(a).__name__).args[0]
    syms = _symbols(objective)
    vals = {}
    for s, p in _feasible(m, e):
        sub = dict(params)
        sub["p"] = p
        if "w" in syms:
            sub["w"] = e * (1 - p) + p  # Lemma 1's definition of w
        vals[p] = sympy.nsimplify(ev(objective, sub))
    low = min(vals.values())
    return tuple(sorted(p for p, v in vals.items() if v == low))


vec(
    "jiang-gcms/lemma1",
    "argmin_p Var[f_hat(d)] over the feasible p_s, m=4, k=2, e^eps=3, counts (1,0) (lambda=1)",
    lambda: {"k": 2, "\\lambda": 1, "exp_eps": 3},
    _exact_argmin,
    printed_value=_argmin_of,
    derived_value=_argmin_of,
)
vec(
    "jiang-gcms/eq13",
    "argmin_p Var[f_hat(d)] (Eq. (13)'s objective), same instance as lemma1",
    lambda: {"k": 2, "\\lambda": 1, "exp_eps": 3},
    _exact_argmin,
    printed_value=_argmin_of,
    derived_value=_argmin_of,
)


def _pq_chain(m=3, k=1, s=1, p=F(1, 2), e=2):
    q = _gcms_q(m, s, p)
    assert q == (m - e + e * p - p) / ((m - 1) * (F(e) / p - e + 1))  # on the boundary of Eq. (7)
    alpha2 = (p - q) ** 2 / (k * m) * (1 - F(1, m))
    w = e * (1 - p) + p
    return [(p - q) ** 2 * (1 - F(1, m)), alpha2 * k * (m - 1), p**2 * (w - 1) ** 2 / w**2]


vec(
    "jiang-gcms/appC.pq",
    "[(p-q)^2(1-1/m), alpha_2 k (m-1), p^2(w-1)^2/w^2] with q of Algorithm 1, m=3, k=1, s=1, p=1/2, e^eps=2",
    lambda: {"m": 3, "p": F(1, 2), "exp_eps": 2},
    _pq_chain,
    exact_derived=lambda: _pq_chain()[:2],  # the derived form states the two equalities it corrects
)


# =====================================================================================================
# verified claims: the printed form must equal the brute force too
# =====================================================================================================
_RR23 = bf.rr(2, 3)
vec(
    "pan-cms/eq6",
    "Var(f_hat(0)) of CMS+RR with all functions [2] -> [2], e^eps=3, counts (1,2)",
    lambda: cms_params(_ALL22, _RR23, 2, (1, 2), 0),
    lambda: bf.var(bf.cms_estimate(_ALL22, _RR23, (1, 2), 0, 2)),
    kind="verified",
)


def _arp_var_pair(form, params):
    syms = _symbols(form)
    a, b = syms["a"], syms["b"]
    return (ev(form, {**params, a: 0, b: 0}), ev(form, {**params, a: 0, b: 1}))


vec(
    "pan-cms/eq13",
    "(Var(aRP(a)[a]), Var(aRP(a)[b])) of asymmetric RAPPOR, m=3, e^eps=5",
    lambda: {"exp_eps": 5},
    lambda: bf.decoded_variances(bf.arp(3, 5), 3),
    kind="verified",
    printed_value=_arp_var_pair,
    derived_value=_arp_var_pair,
)
vec(
    "pan-cms/eq12",
    "(Var(RR(a)[a]), Var(RR(a)[b])) of 3-ary RR, e^eps=5",
    lambda: {"exp_eps": 5, "m": 3},
    lambda: bf.decoded_variances(bf.rr(3, 5), 3),
    kind="verified",
    printed_value=_arp_var_pair,
    derived_value=_arp_var_pair,
)
vec(
    "jiang-gcms/thm2",
    "e^eps of Algorithm 1 (max likelihood ratio), m=4, s=1, p=3/4 (statement truth at eps = its exact level)",
    lambda: {"m": 4, "s": 1, "p": _P34, "\\epsilon": sympy.log(sympy.Rational(bf.gcms_max_ratio(4, 1, _P34)))},
    lambda: True,
    kind="verified",
    printed_value=statement,
    derived_value=statement,  # ldpref's statement e^eps <= max(R, 1/R), at the same exact level
)
vec(
    "jiang-gcms/eq3",
    "q = Pr[r' in x | r] of Algorithm 1, m=4, s=2, p=2/3",
    lambda: {"m": 4, "s": 2, "p": F(2, 3)},
    lambda: _gcms_q(4, 2, F(2, 3)),
    kind="verified",
)


def _gcms_k1_var():
    var_c = bf.sketch_count_moments(2, 3, 1, (1, 2), 0, lambda r: bf.gcms_subsets(3, 1, F(2, 3), r))[1]
    return var_c


vec(
    "jiang-gcms/thm3",
    "Var[C(d)] at k=1 (where Theorem 3 is exact), D=2, m=3, s=1, p=2/3, counts (1,2)",
    lambda: gcms_params(3, 1, F(2, 3), _gcms_q(3, 1, F(2, 3)), (1, 2), 0),
    _gcms_k1_var,
    kind="verified",
)


# =====================================================================================================
# pan-strict: printed forms lost in our copy; derived forms against the brute force
# =====================================================================================================
def _subset_selection(d, k, e):
    """Subset Selection: P(y | x) proportional to e if x in y else 1, y a k-subset of [d]."""
    subsets = list(itertools.combinations(range(d), k))
    out = {}
    for x in range(d):
        weights = {y: (F(e) if x in y else F(1)) for y in subsets}
        total = sum(weights.values())
        out[x] = {y: w / total for y, w in weights.items()}
    return out


def _ss_pq(d=4, k=2, e=3):
    P = _subset_selection(d, k, e)
    p_star = sum((pr for y, pr in P[0].items() if 0 in y), F(0))
    q_star = sum((pr for y, pr in P[1].items() if 0 in y), F(0))
    return p_star, q_star


vec(
    "pan-strict/lemma3.1",
    "(p*, q*) of Subset Selection, d=4, k=2, e^eps=3",
    lambda: {"d": 4, "k": 2, "exp_eps": 3},
    _ss_pq,
    kind="strict",
)


def _ss_var(d=3, k=1, e=2, counts=(1, 1), v=0):
    """Var of Eq. (5)'s estimate of f_v, by enumeration of every client's response."""
    P = _subset_selection(d, k, e)
    p_star = sum((pr for y, pr in P[v].items() if v in y), F(0))
    q_star = sum((pr for y, pr in P[(v + 1) % d].items() if v in y), F(0))
    n = sum(counts)
    dist = {F(0): F(1)}
    for x, c in enumerate(counts):
        hit = sum((pr for y, pr in P[x].items() if v in y), F(0))
        for _ in range(c):
            dist = bf.convolve(dist, {F(1): hit, F(0): 1 - hit})
    est = {}
    for s, pr in dist.items():
        val = (s / n - q_star) / (p_star - q_star)
        est[val] = est.get(val, F(0)) + pr
    return p_star, q_star, bf.var(est)


vec(
    "pan-strict/eq8",
    "Var[f_hat_v] of Eq. (5) on Subset Selection, d=3, k=1, e^eps=2, counts (1,1,0), v=0",
    lambda: {"p^{*}": _ss_var()[0], "q^{*}": _ss_var()[1], "f_v": F(1, 2), "n": 2},
    lambda: _ss_var()[2],
    kind="strict",
)


def _lemma_d1_min_max(dp=5):
    counts = {}
    for a in range(1, dp):
        for b in range(dp):
            for x, x2 in itertools.permutations(range(dp), 2):
                key = (x, x2, (a * x + b) % dp, (a * x2 + b) % dp)
                counts[key] = counts.get(key, 0) + 1
    # every (x != x', t != t') is hit; report the count when it is constant
    values = set(counts.values())
    assert len(counts) == dp * (dp - 1) * dp * (dp - 1)
    return values.pop() if len(values) == 1 else None


vec(
    "pan-strict/lemmaD.1",
    "#{(a,b): (ax+b, ax'+b) = (t,t') mod 5} for every x != x', t != t'",
    lambda: {},
    _lemma_d1_min_max,
    kind="strict",
)


def _ocms_bucket_sizes(dp=13, m=3):
    """Bucket sizes of x -> ((a x + b) mod d') mod m over [d'] (Appendix D.2's OCMS family)."""
    sizes = set()
    for a in range(1, dp):
        for b in range(dp):
            buckets = [0] * m
            for x in range(dp):
                buckets[((a * x + b) % dp) % m] += 1
            sizes.update(buckets)
    return sizes


def _deviation_statement(dp=13, m=3, e=F(7, 3)):
    target = F(dp) / (e + 1)
    return max(abs(s - target) for s in _ocms_bucket_sizes(dp, m)) <= 1


def _deviation_derived_truth(dp=13, m=3, e=F(7, 3)):
    return abs(F(dp) / (e + 1) - min(_ocms_bucket_sizes(dp, m))) <= 1


vec(
    "pan-strict/appD.deviation",
    "support sizes of OCMS (d'=13, m=3, e^eps=7/3) within one of d'/(e^eps+1)? (worded statement; derived: the floor "
    "size)",
    lambda: {"d'": 13, "m": 3, "exp_eps": F(7, 3)},
    _deviation_statement,
    # restored from the words: an implication (hypothesis m near e^eps + 1); where its hypothesis holds it asserts
    # "within one" (true), which the brute force refutes
    printed_value=lambda form, params: ev(form.args[0], params),
    derived_value=statement,
)




# pan-strict/cor2.1 (words: the URP estimator is no less precise than Phi under l1 and l2).  Brute force for
# l1 of Eq. (2) at n = 1, up to the common factor sqrt(2/pi): h(f) = sum_x sqrt(v_x(f)) with v_x(f) =
# sum_u f_u Var_u(x) linear in the data distribution f (one client holding u: Var of Q[x, Y], Y ~ P[., u]).
# URP (Definition 2.6): the variances averaged over all permutations.  Certified with Fractions only:
# sqrt(v) <= s/2 + v/(2s) for every s > 0 makes max_f h(f) <= a linear function's worst vertex, and
# isqrt gives r with r^2 <= v below the URP value at the uniform f.
_C21_W = [[2, 2, 2], [2, 2, 1], [2, 1, 2]]


def _c21_matrices():
    P = [[F(_C21_W[y][u], sum(_C21_W[r][u] for r in range(3))) for u in range(3)] for y in range(3)]
    a, b, c = P[0]
    d, e, f = P[1]
    g, h, i = P[2]
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    Q = [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
         [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
         [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]
    return P, Q


def _c21_var(P, Q, u, x):
    return sum(P[y][u] * Q[x][y] ** 2 for y in range(3)) - (1 if x == u else 0)


def _c21_sqrt_below(v, scale=10 ** 6):
    return F(math.isqrt(int(v * scale * scale)), scale)


def _c21_bounds():
    """(lower bound of l1(URP), upper bound of l1(Phi), lower bound of l1(Phi)), each divided by sqrt(2/pi)."""
    P, Q = _c21_matrices()
    perms = list(itertools.permutations(range(3)))

    def v_urp(u, x):
        return sum(_c21_var(P, Q, p[u], p[x]) for p in perms) / len(perms)

    f0 = (F(0), F(1, 2), F(1, 2))  # near Phi's worst case (a grid search), any f0 gives a valid upper bound
    s = [_c21_sqrt_below(sum(f0[u] * _c21_var(P, Q, u, x) for u in range(3))) for x in range(3)]
    phi_upper = max(sum(s[x] / 2 + _c21_var(P, Q, u, x) / (2 * s[x]) for x in range(3)) for u in range(3))
    phi_lower = sum(s)  # h(f0) >= sum of the lower square roots
    urp_lower = sum(_c21_sqrt_below(sum(v_urp(u, x) for u in range(3)) / 3) for x in range(3))
    return urp_lower, phi_upper, phi_lower


def _c21_exact():
    urp_lower, phi_upper, _ = _c21_bounds()
    assert urp_lower > phi_upper  # decided: l1(URP) > l1(Phi)
    return False  # "l(Phi_urp) <= l(Phi)" under l1


def _c21_params():
    P, Q = _c21_matrices()
    _, phi_upper, phi_lower = _c21_bounds()
    k = sympy.sqrt(2 / sympy.pi)  # the interval's ends exact (the predicate orders them by exact_order)
    lo, hi = k * sympy.Rational(phi_lower), k * sympy.Rational(phi_upper)
    return {"loss": "l1", "n_clients": 1, "P": sympy.Matrix(P).applyfunc(sympy.Rational),
            "Q": sympy.Matrix(Q).applyfunc(sympy.Rational), "phi_lower": lo, "phi_upper": hi}


vec(
    "pan-strict/cor2.1",
    "l1(URP) <= l1(Phi) on the 3x3 column-normalised weights [[2,2,2],[2,2,1],[2,1,2]], Q = P^-1, n = 1?",
    _c21_params,
    _c21_exact,
    # the words as an implication "ell in {L1, L2} => l(Phi_urp) <= l(Phi)": asserted (true) for l1, which the brute
    # force refutes
    printed_value=lambda form, params: any(str(s) == r"\mathcal{L}_1" for s in form.args[0].args[1].args),
    derived_value=statement,
)
