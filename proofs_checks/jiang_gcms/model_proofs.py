"""jiang-gcms formula claims whose model side is derived for all parameters (issue 25, item 4).

Each registration builds, with :mod:`ldpref.symbolic`, the quantity the claim's derived form states -- p and q of
a randomiser from its output weights, the pure protocol's and GCMS's count moments by summation over clients, hash
indices and collision outcomes, Algorithm 1's likelihood ratios -- in the derived form's own symbols; the runner
proves the two equal as an identity (:mod:`ldpref.ledger.model_proofs`).
"""

from __future__ import annotations

import sympy as sp

from ldpref.ledger.model_proofs import register, symbol
from ldpref.symbolic import randomisers, sketch
from ldpref.symbolic.moments import estimator_moments, unbiased_estimator
from ldpref.symbolic.outputs import OutputClass, moment, probabilities, simplest
from ldpref.symbolic.randomisers import support_probabilities as _pq


def _dict_pq(p_name, q_name, build):
    def model(derived):
        t = symbol(derived, "exp_eps")
        p_, q_ = build(derived, t)
        return {symbol(derived, p_name): p_, symbol(derived, q_name): q_}
    return model


register("jiang-gcms/sec3.A.GRR", "GRR's support probabilities from its output weights (t on the true value)",
         _dict_pq("p_{GRR}", "q_{GRR}", lambda o, t: _pq(randomisers.grr(symbol(o, r"|\mathcal{D}|"), t))))
register("jiang-gcms/sec3.A.BRR", "BRR = GRR on two values, support probabilities from its output weights",
         _dict_pq("p_{BRR}", "q_{BRR}", lambda o, t: _pq(randomisers.grr(2, t))))
register("jiang-gcms/sec3.A.SUE", "SUE: each bit by BRR at eps/2 (weights sqrt(t) : 1), support of v = its bit",
         _dict_pq("p_{SUE}", "q_{SUE}", lambda o, t: _pq(randomisers.sue(t))))
register("jiang-gcms/sec4.C.even-split", "even split: each half of eps by BRR (weights sqrt(t) : 1)",
         _dict_pq("p_{even}", "q_{even}", lambda o, t: _pq(randomisers.sue(t))))


def _oue(derived, t):
    """p = 1/2 fixed; q solves the privacy constraint p (1 - q) / (q (1 - p)) = e^eps (all of eps granted to q)."""
    q_ = sp.Symbol("q_", positive=True)
    half = sp.Rational(1, 2)
    (root,) = sp.solve(sp.Eq(half * (1 - q_) / (q_ * (1 - half)), t), q_)
    return _pq(randomisers.bit(half, root))


register("jiang-gcms/sec4.C.oue-split", "OUE: p = 1/2, q solved from the eps-LDP ratio of one bit",
         _dict_pq("p_{OUE}", "q_{OUE}", _oue))


def _pure_variance(derived):
    p_, q_, n, f = (symbol(derived, s) for s in ("p", "q", "n", "f"))
    _, var = estimator_moments(p_, q_)
    return sp.Eq(derived.lhs, var.subs({sp.Symbol("n", positive=True): n, sp.Symbol("f", positive=True): f}))


for _cid in ("jiang-gcms/sec2.B.variance", "jiang-gcms/cor1", "jiang-gcms/eq6", "jiang-gcms/sec4.B.pure-limit"):
    register(_cid, "Var of (C - nq)/(p - q), C a sum of f Bernoulli(p) and n - f Bernoulli(q) indicators",
             _pure_variance)


def _alg1(derived):
    p_, m, s = (symbol(derived, x) for x in ("p", "m", "s"))
    model = randomisers.gcms_subset(m, s, p_)["holder"]
    hold, miss = probabilities(model)  # weights are per-subset probabilities: the normaliser must be one
    keys = list(derived)
    return {keys[0]: hold, keys[1]: miss}


register("jiang-gcms/alg1", "Algorithm 1's per-subset probabilities (normalised over the s-subsets of [m])", _alg1)


def _eq3(derived):
    p_, m, s = (symbol(derived, x) for x in ("p", "m", "s"))
    return sp.Eq(derived.lhs, _pq(randomisers.gcms_subset(m, s, p_))[1])


register("jiang-gcms/eq3", "q = P(report holds bucket b | true bucket r != b), summed over Algorithm 1's subsets", _eq3)


def _ratio(holds_r, holds_r2):
    """P(x | r)/P(x | r') for a subset x by whether it holds r and r', from Algorithm 1's probabilities."""
    def model(derived):
        if any(sp.sympify(v).free_symbols for v in derived):
            p_, m, s = (symbol(derived, x) for x in ("p", "m", "s"))
        else:  # cases 1 and 2 state a number: the ratio must not depend on p, m, s
            p_, m, s = sp.symbols("p m s", positive=True)
        hold, miss = probabilities(randomisers.gcms_subset(m, s, p_)["holder"])
        value = simplest((hold if holds_r else miss) / (hold if holds_r2 else miss))
        return [value] * len(derived)
    return model


register("jiang-gcms/appA.case1", "P(x|r)/P(x|r') with r, r' in x, from Algorithm 1's probabilities",
         _ratio(True, True))
register("jiang-gcms/appA.case2", "P(x|r)/P(x|r') with r, r' not in x, from Algorithm 1's probabilities",
         _ratio(False, False))
register("jiang-gcms/appA.case3", "P(x|r)/P(x|r') with r in x, r' not, from Algorithm 1's probabilities",
         _ratio(True, False))
register("jiang-gcms/appA.case4", "P(x|r)/P(x|r') with r' in x, r not, from Algorithm 1's probabilities",
         _ratio(False, True))


def _lemma2(derived):
    k, m, p_, q_ = (symbol(derived, x) for x in ("k", "m", "p", "q"))
    holds = symbol(derived, r"\mathbb{1}_{\{d^{(i)}=d\}}")
    return sp.Eq(derived.lhs, sketch.gcms_z_mean(k, m, p_, q_, holds))


register("jiang-gcms/appB.lemma2", "E[Z_j^(i)(d)] over the hash index (1/k each) and the collision (1/m)", _lemma2)


def _lemma3(derived):
    z = [OutputClass(1, sp.Symbol("w"), 1), OutputClass(1, 1 - sp.Symbol("w"), 0)]
    if simplest(moment(z, 2) - moment(z)) != 0:
        raise AssertionError("a 0/1 variable's second moment differs from its mean")
    return sp.Eq(derived.lhs, derived.rhs)


register("jiang-gcms/appB.lemma3", "E[Z^2] = E[Z] for an indicator, by summing over its two values", _lemma3)


def _mean(derived):
    n, f, m, p_, q_ = (symbol(derived, x) for x in ("n", "f", "m", "p", "q"))
    k = sp.Symbol("k", positive=True)
    return sp.Eq(derived.lhs, sketch.gcms_count_mean(n, f, k, m, p_, q_))


register("jiang-gcms/appB.mean", "E[C(d)] summed over clients and hash indices (k cancels)", _mean)


def _lemma4(derived):
    k, m, p_, q_ = (symbol(derived, x) for x in ("k", "m", "p", "q"))
    # (1) different hash indices: independent collision indicators; (2) a holder of d or different values:
    # independent given the draw -- both are covariances of independent draws, computed as E[XY] - E[X]E[Y]
    one = sketch.gcms_z_mean(k, m, p_, q_, 0)
    independent = simplest(one * one - one * one)
    return [independent, independent, sketch.gcms_same_value_covariance(k, m, p_, q_)]


register("jiang-gcms/appB.lemma4", "covariances of Z_j for two clients, over the shared collision indicator", _lemma4)


def _eq12(derived):
    k, m, n, f, p_, q_ = (symbol(derived, x) for x in ("k", "m", "n", "f", "p", "q"))
    sq = symbol(derived, r"\sum_{d'\neq d} f(d')^{2}")
    # ordered pairs of distinct clients holding the same d' != d: sum_{d'} f(d')(f(d') - 1) = sq - (n - f);
    # one covariance per hash index j (k of them)
    pairs = sq - (n - f)
    cov = sketch.gcms_same_value_covariance(k, m, p_, q_)
    j = sp.Symbol("j", integer=True, positive=True)
    return sp.Eq(derived.lhs, simplest(pairs * sp.Sum(cov, (j, 1, k)).doit()))


register("jiang-gcms/eq12", "sum of covariances over ordered client pairs and hash indices", _eq12)


def _gcms_estimator(derived):
    n, m, p_, q_ = (symbol(derived, x) for x in ("n", "m", "p", "q"))
    f, k = sp.Symbol("f_model", positive=True), sp.Symbol("k", positive=True)
    count = symbol(derived, "C(d)")
    return unbiased_estimator(sketch.gcms_count_mean(n, f, k, m, p_, q_), count, of=f)


register("jiang-gcms/eq4", "the estimator inverting the model's E[C(d)] in f",
         lambda o: sp.Eq(o.lhs, simplest(_gcms_estimator(o))))


def _alg3(derived):
    p_, m, s = (symbol(derived, x) for x in ("p", "m", "s"))
    keys = list(derived)
    est = _gcms_estimator(derived[keys[1]])
    return {keys[0]: _pq(randomisers.gcms_subset(m, s, p_))[1], keys[1]: simplest(est)}


register("jiang-gcms/alg3", "Algorithm 3's q and estimator: q from Algorithm 1's subsets, the inversion of E[C(d)]",
         _alg3)


def _ratio_var(derived):
    m, p_, q_ = (symbol(derived, x) for x in ("m", "p", "q"))
    var_c = symbol(derived, r"\mathrm{Var}[C(d)]")
    n, f, k, c = sp.symbols("n f k C", positive=True)
    est = unbiased_estimator(sketch.gcms_count_mean(n, f, k, m, p_, q_), c, of=f)
    return sp.Eq(derived.lhs, simplest(sp.diff(est, c) ** 2 * var_c))


for _cid in ("jiang-gcms/thm3.ratio", "jiang-gcms/appB.relation"):
    register(_cid, "Var of the estimator: its slope in C(d) squared times Var[C(d)]", _ratio_var)


def _unbiased(derived):
    f = symbol(derived, "f")
    n, k, m, p_, q_, c = sp.symbols("n k m p q C", positive=True)
    mean = sketch.gcms_count_mean(n, f, k, m, p_, q_)
    est = unbiased_estimator(mean, c, of=f)
    return sp.Eq(derived.lhs, simplest(est.subs(c, mean)))


register("jiang-gcms/thm3.unbiased", "E of the estimator at the model's E[C(d)]", _unbiased)


def _draw_term(derived):
    k, m = symbol(derived, "k"), symbol(derived, "m")
    sq = symbol(derived, r"\sum_{d'\neq d} f(d')^{2}")
    n, f, p_, q_, c = sp.symbols("n f p q C", positive=True)
    slope_in_c = sp.diff(unbiased_estimator(sketch.gcms_count_mean(n, f, k, m, p_, q_), c, of=f), c)
    # E[C | draw] moves by (p - q) per collision of a client's value with d: the slope in c_bar is (p - q)
    return sp.Eq(derived.lhs, sketch.draw_variance_of_mean(k, m, simplest(slope_in_c * (p_ - q_)), sq))


register("jiang-gcms/thm3.draw-term", "Var over the hash draw of E[f_hat | draw] (k Bernoulli(1/m) collisions)",
         _draw_term)
