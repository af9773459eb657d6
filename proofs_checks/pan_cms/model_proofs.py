"""pan-cms formula claims whose model side is derived for all parameters (issue 25, item 4).

Each registration builds, with :mod:`ldpref.symbolic`, the quantity the claim's derived form states -- the
decoded variances of RR, aRP and sRP from their output weights (Section 3.4), CMS's variance by summation over
clients and the collision indicator (Section 3.2, Appendices B and D), collision rates of ideal, modular and
composed hashes (Sections 3.5, 3.6, 4.5), the hash-draw moments of Section 3.6, and Subset Selection's and OLH's
support probabilities (Appendix H) -- in the derived form's own symbols; the runner proves the two equal as an
identity (:mod:`ldpref.ledger.model_proofs`).
"""

from __future__ import annotations

import sympy as sp

from ldpref.ledger.model_proofs import register, symbol
from ldpref.symbolic import randomisers, sketch
from ldpref.symbolic.moments import estimator_moments
from ldpref.symbolic.outputs import OutputClass, mixture, mixture_moment, simplest

_i = sp.Symbol("i", integer=True, nonnegative=True)
_bucket = sp.Symbol("bucket", integer=True, positive=True)


def _inner(kind: str, m, t) -> dict:
    """pan-cms Section 3.4's inner randomisers on [m]: RR (GRR weights), aRP (OUE bits), sRP (SUE bits)."""
    if kind == "RR":
        return randomisers.grr(m, t)
    if kind == "aRP":
        return randomisers.oue(t)
    return randomisers.sue(t)


def _decoded_piecewise(kind):
    def model(derived):
        t = symbol(derived, "exp_eps")
        m = symbol(derived, "m") if kind == "RR" else None
        var_eq, var_ne = sketch.decoded_variances(_inner(kind, m, t))
        (_, cond), _ = derived.rhs.args
        return sp.Eq(derived.lhs, sp.Piecewise((var_eq, cond), (var_ne, True)))
    return model


register("pan-cms/eq12", "Var(RR(a)[b]) of RR's unbiased decoding, summed over its m outputs", _decoded_piecewise("RR"))
register("pan-cms/eq13", "Var(aRP(a)[b]) of one OUE bit's unbiased decoding", _decoded_piecewise("aRP"))


def _eq14(derived):
    var_eq, var_ne = sketch.decoded_variances(_inner("sRP", None, symbol(derived, "exp_eps")))
    if simplest(var_eq - var_ne) != 0:
        raise AssertionError("sRP's two decoded variances differ")
    return sp.Eq(derived.lhs, var_eq)


register("pan-cms/eq14", "Var(sRP(a)[b]) of one SUE bit's unbiased decoding (the same for a = b and a != b)", _eq14)


def _vars(derived):
    return symbol(derived, "Var(R|=)"), symbol(derived, r"Var(R|\neq)")


def _cms_variance(derived):
    m, n, fx = (symbol(derived, x) for x in ("m", "n", "f(x)"))
    return sp.Eq(derived.lhs, sketch.cms_estimator_variance(m, n, fx, *_vars(derived)))


for _cid in ("pan-cms/eq6", "pan-cms/cor3.3"):
    register(_cid, "Var of Eq. (2) at collision rate 1/m, summed over clients and the collision indicator",
             _cms_variance)


def _cms_rr(derived):
    m, n, fx, t = (symbol(derived, x) for x in ("m", "n", "f(x)", "exp_eps"))
    return sp.Eq(derived.lhs, sketch.cms_estimator_variance(m, n, fx, *sketch.decoded_variances(_inner("RR", m, t))))


register("pan-cms/appD.eq31", "Var of CMS + RR: Eq. (2)'s variance with RR's decoded variances on [m]", _cms_rr)


def _l2(variances):
    """l2 = sum_x Var(f_hat(x)) with sum_x f(x) = 1: Var is a f + b, so l2 = a + d b."""
    def model(derived):
        m, n, d = (symbol(derived, x) for x in ("m", "n", "d"))
        fx = sp.Symbol("f_x")
        var = sketch.cms_estimator_variance(m, n, fx, *variances(derived, m))
        a, b = sp.diff(var, fx), simplest(var.subs(fx, 0))
        return sp.Eq(derived.lhs, simplest(a + sp.Sum(b, (_bucket, 1, d)).doit()))
    return model


register("pan-cms/appD.eq34", "l2 = sum over the d values of Eq. (2)'s variance (frequencies summing to one)",
         _l2(lambda o, m: _vars(o)))
register("pan-cms/appD.eq35", "l2 of CMS + RR: the sum over d values with RR's decoded variances",
         _l2(lambda o, m: sketch.decoded_variances(_inner("RR", m, symbol(o, "exp_eps")))))


def _eq33(derived):
    n, fx = symbol(derived, "n"), symbol(derived, "f(x)")
    m = sp.Symbol("m", positive=True)
    return sp.Eq(derived.lhs, simplest(sp.limit(sketch.cms_estimator_variance(m, n, fx, *_vars(derived)), m, sp.oo)))


register("pan-cms/appD.eq33", "the limit m -> oo of Eq. (2)'s variance", _eq33)


def _eq17(derived):
    n, t = symbol(derived, "n"), symbol(derived, "exp_eps")
    m, fx = sp.Symbol("m", positive=True), sp.Symbol("f_x")
    var = sp.limit(sketch.cms_estimator_variance(m, n, fx, *sketch.decoded_variances(_inner("aRP", m, t))), m, sp.oo)
    at1, at0 = simplest(var.subs(fx, 1)), simplest(var.subs(fx, 0))
    gap = simplest((at1 - at0) * n)
    if not (gap.is_number and gap > 0):  # linear in f(x): the worst case is an endpoint, decided exactly
        raise AssertionError(f"cannot order the endpoints (gap {gap})")
    return sp.Eq(derived.lhs, at1)


register("pan-cms/eq17", "worst-case MSE of CMS + aRP as m -> oo (linear in f(x): the larger endpoint)", _eq17)


def _olh(derived):
    t, fx = symbol(derived, "exp_eps"), symbol(derived, "f(x)")
    g = t + 1  # OLH's hash range (Wang et al. 2017)
    p_, q_ = randomisers.support_probabilities(randomisers.local_hashing(g, t))
    n, f = sp.symbols("n f", positive=True)
    _, var_count = estimator_moments(p_, q_)
    return sp.Eq(derived.lhs, simplest(var_count.subs(f, n * fx) / n))


register("pan-cms/appH.olh-eq31", "n Var of OLH's estimate (g = e^eps + 1, ideal hash), summed over clients", _olh)


def _ss(derived):
    t, d, k = (symbol(derived, x) for x in ("exp_eps", "d", "k"))
    return list(randomisers.support_probabilities(randomisers.subset_selection(d, k, t)))


register("pan-cms/appH.ss-pq", "Subset Selection's p and q, summed over its k-subsets", _ss)


def _bernoulli(derived):
    m = symbol(derived, "m")
    (_, apart), _ = derived.rhs.args
    same = simplest(sp.Sum(1 / m, (_bucket, 1, m)).doit())  # equal values share every bucket: sum of P(h(x) = b)
    return sp.Eq(derived.lhs, sp.Piecewise((sketch.ideal_collision_rate(m), apart), (same, True)))


register("pan-cms/sec3.6.bernoulli", "Pr(c_j(x, x') = 1) under an ideal hash, summed over the m buckets", _bernoulli)


def _composed(derived):
    m1, m2 = symbol(derived, "m_1"), symbol(derived, "m_2")
    return simplest(mixture_moment(mixture([(sketch.ideal_collision_rate(m1), [OutputClass(1, 1, 1)]),
                                            (1 - sketch.ideal_collision_rate(m1),
                                             [OutputClass(1, sketch.ideal_collision_rate(m2), 1),
                                              OutputClass(1, 1 - sketch.ideal_collision_rate(m2), 0)])])))


register("pan-cms/sec4.5.collision", "collision rate of two composed ideal hashes (first, else second, collides)",
         lambda o: sp.Eq(o.lhs, _composed(o)))
register("pan-cms/sec4.5.equivalent-m", "the m whose ideal collision rate 1/m equals the composed one",
         lambda o: sp.Eq(o.lhs, simplest(1 / _composed(o))))


def _mod_counts(m, q, r, y):
    """The number of z in [m q + r] with z mod m = y: z = y + m i for i < q, and i = q iff y < r."""
    base = sp.Sum(1, (_i, 0, q - 1)).doit()
    return sp.Piecewise((base + 1, r > y), (base, True))


def _mod_probabilities(derived):
    m, q, r, y = (symbol(derived, x) for x in ("m", "q", "r", "y"))
    count = _mod_counts(m, q, r, y)
    return sp.Eq(derived.lhs, sp.Piecewise(*[(simplest(e / (m * q + r)), c) for e, c in count.args]))


register("pan-cms/sec3.5.mod-probabilities", "Pr(h mod m = y) for h uniform on [m q + r], by counting",
         _mod_probabilities)


def _mod_collision(m, q, r):
    """sum over buckets of Pr(h'(x) = y)^2: r buckets with q + 1 preimages, m - r with q."""
    n_ = m * q + r
    return simplest(sp.Sum(((q + 1) / n_) ** 2, (_bucket, 1, r)).doit()
                    + sp.Sum((q / n_) ** 2, (_bucket, 1, m - r)).doit())


def _lemma32(derived):
    m, q, r = (symbol(derived, x) for x in ("m", "q", "r"))
    (_, apart), _ = derived.rhs.args
    return sp.Eq(derived.lhs, sp.Piecewise((_mod_collision(m, q, r), apart), (1, True)))


for _cid in ("pan-cms/lemma3.2", "pan-cms/lemma3.2.closed"):
    register(_cid, "collision rate of h mod m, summed over the m buckets", _lemma32)
register("pan-cms/sec3.5.g-unbiased", "m' = 1 / the collision rate of h mod m",
         lambda o: sp.Eq(o.lhs, simplest(1 / _mod_collision(*(symbol(o, x) for x in ("m", "q", "r"))))))


def _draw_mean(derived):
    fx = symbol(derived, "f(x)")
    m = sp.Symbol("m", positive=True)
    # E[f_hat | draw] = m/(m-1) (f(x) + sum_{x' != x} f(x') c_bar(x') - 1/m); E c_bar = 1/m;
    # sum_{x' != x} f(x') = 1 - f(x)
    e_cbar = mixture_moment(mixture([(sketch.ideal_collision_rate(m), [OutputClass(1, 1, 1)]),
                                     (1 - sketch.ideal_collision_rate(m), [OutputClass(1, 1, 0)])]))
    return sp.Eq(derived.lhs, simplest(m / (m - 1) * (fx + (1 - fx) * e_cbar - 1 / m)))


def _draw_variance(derived):
    k, m = symbol(derived, "k"), symbol(derived, "m")
    sq = symbol(derived, r"\sum_{x' \neq x} f(x')^2")
    return sp.Eq(derived.lhs, sketch.draw_variance_of_mean(k, m, m / (m - 1), sq))


for _cid in ("pan-cms/eq19", "pan-cms/appF.expectation"):
    register(_cid, "E over the hash draw of E[f_hat(x) | draw] (collisions Bernoulli(1/m))", _draw_mean)
for _cid in ("pan-cms/eq20", "pan-cms/appF.variance"):
    register(_cid, "Var over the hash draw of E[f_hat(x) | draw] (k Bernoulli(1/m) collisions)", _draw_variance)
register("pan-cms/thm3.10", "E and Var over the hash draw of E[f_hat(x) | draw]",
         lambda o: (_draw_mean(o[0]), _draw_variance(o[1])))


def _eq10(derived):
    n, fx, cbar = (symbol(derived, x) for x in ("n", "f(x)", r"\bar{c}"))
    m = sp.Symbol("m", positive=True)
    return sp.Eq(derived.lhs, sketch.cms_estimator_variance(m, n, fx, *_vars(derived), rate=cbar))


register("pan-cms/eq10", "MSE of Eq. (8) (unbiased: its variance) at collision rate c_bar", _eq10)
