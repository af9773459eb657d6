"""Sketch moments under ideal hashing, symbolic in m, k, n and the frequencies (pan-cms Sections 3-4,
Appendices A-B, F; jiang-gcms Section IV, Appendix B).

A client holding x' reports through one of k hash functions, chosen uniformly (probability 1/k each); under an
ideal hash, h_j(x') = h_j(x) with probability 1/m for x' != x (pan-cms Section 3.6's Bernoulli(1/m) collision
indicator; jiang-gcms's expectation over the hash draw).  The per-client decoded coordinate is a mixture over the
collision indicator of the inner randomiser's decoded value (mean 1 on a collision, 0 otherwise; variance
Var(R|=) or Var(R|≠), pan-cms Properties 2.1-2.3).  Every moment below is a sum over clients, over hash
indices or over collision outcomes, computed by sympy, never a typed closed form.
"""

from __future__ import annotations

import sympy as sp

from . import randomisers
from .moments import count_mean_variance, unbiased_estimator
from .outputs import ModelError, exact, OutputClass, mixture, mixture_moment, moment, simplest, variance

_client = sp.Symbol("client", integer=True, positive=True)
_j = sp.Symbol("j", integer=True, positive=True)


def decoded(model: dict) -> dict:
    """The same randomiser with each output's value replaced by its unbiased decoding (s - q)/(p - q) of the
    support indicator s (pan-cms's R(a)[b], Property 2.1)."""
    p_, q_ = randomisers.support_probabilities(model)

    def dec(classes):
        return [OutputClass(c.count, c.weight, (c.value - q_) / (p_ - q_)) for c in classes]
    return {"holder": dec(model["holder"]), "other": dec(model["other"])}


def decoded_variances(model: dict) -> tuple[sp.Expr, sp.Expr]:
    """(Var(R|=), Var(R|≠)): variance of the decoded coordinate of the client's own item and of another item."""
    dm = decoded(model)
    return variance(dm["holder"]), variance(dm["other"])


def collision_mixture(rate, on_collision, apart) -> list:
    """The mixture over the collision indicator (probability ``rate``) of two per-client laws."""
    return mixture([(rate, on_collision), (1 - rate, apart)])


def cms_client(rate, var_eq, var_ne) -> tuple[sp.Expr, sp.Expr]:
    """(mean, variance) of the decoded coordinate ŷ[h(x)] of a client holding x' != x: a collision (probability
    ``rate``) gives mean 1 and variance Var(R|=), no collision mean 0 and Var(R|≠); summed over the two collision
    outcomes, E = sum w mean_o and E[ŷ^2] = sum w (var_o + mean_o^2) (the law of total variance)."""
    rate, var_eq, var_ne = exact(rate, var_eq, var_ne)
    outcomes = ((rate, 1, var_eq), (1 - rate, 0, var_ne))
    if simplest(sum(w for w, _, _ in outcomes)) != 1:
        raise ModelError("collision outcome probabilities do not sum to one")
    mean = sum(w * mu for w, mu, _ in outcomes)
    second = sum(w * (v + mu ** 2) for w, mu, v in outcomes)
    return simplest(mean), simplest(second - mean ** 2)


def cms_estimator_variance(m, n, freq, var_eq, var_ne, rate=None) -> sp.Expr:
    """Var(f̂(x)) of pan-cms Eq. (2) (or Eq. (8) with c̄ = ``rate``) for a dataset with frequency ``freq`` of x:
    n·freq clients hold x (mean 1, variance Var(R|=)), the others are :func:`cms_client` at the collision rate
    (1/m unless given); the estimator inverts E[sum ŷ] in freq."""
    m, n, freq, var_eq, var_ne = exact(m, n, freq, var_eq, var_ne)
    rate = 1 / m if rate is None else exact(rate)
    other_mean, other_var = cms_client(rate, var_eq, var_ne)
    holders = n * freq
    total_mean = sp.Sum(1, (_client, 1, holders)).doit() + sp.Sum(other_mean, (_client, 1, n - holders)).doit()
    total_var = sp.Sum(var_eq, (_client, 1, holders)).doit() + sp.Sum(other_var, (_client, 1, n - holders)).doit()
    c = sp.Symbol("C_")
    est = unbiased_estimator(simplest(total_mean), c, of=freq)
    slope = sp.diff(est, c)
    return simplest(slope ** 2 * total_var)


def gcms_z_mean(k, m, p_, q_, holds) -> sp.Expr:
    """E[Z_j^(i)(d)] (jiang-gcms Lemma 2): client i picks hash j with probability 1/k (a sum over the k indices
    of which only j counts), and its report holds h_j(d) with probability p if the bucket is its own (it holds d,
    or its value collides, probability 1/m) and q otherwise.  ``holds`` is the indicator 1{d^(i) = d}."""
    k, m, p_, q_, holds = exact(k, m, p_, q_, holds)
    own = p_
    foreign = mixture_moment(collision_mixture(1 / m, [OutputClass(1, 1, p_)], [OutputClass(1, 1, q_)]))
    pick = 1 / k  # each of the k indices equally likely: the k probabilities must sum to one
    if simplest(sp.Sum(pick, (_j, 1, k)).doit()) != 1:
        raise ModelError("hash-index probabilities do not sum to one")
    return simplest(pick * (holds * own + (1 - holds) * foreign))


def gcms_same_value_covariance(k, m, p_, q_) -> sp.Expr:
    """Cov(Z_j^(i1), Z_j^(i2)) for two clients holding the same d' != d (jiang-gcms Lemma 4 (3)): both reports
    hold h_j(d) independently given the shared collision indicator of d' and d, so the covariance is the
    variance over that indicator of (1/k) P(hold | indicator)."""
    k, m, p_, q_ = exact(k, m, p_, q_)
    given = [OutputClass(1, 1 / m, p_ / k), OutputClass(1, 1 - 1 / m, q_ / k)]
    return simplest(variance(given))


def gcms_count_mean(n, f_, k, m, p_, q_) -> sp.Expr:
    """E[C(d)], C(d) = sum_i sum_j Z_j^(i)(d): f holders and n - f others, k hash indices each."""
    n, f_ = exact(n, f_)
    one, zero = gcms_z_mean(k, m, p_, q_, 1), gcms_z_mean(k, m, p_, q_, 0)
    return simplest(sp.Sum(k * one, (_client, 1, f_)).doit() + sp.Sum(k * zero, (_client, 1, n - f_)).doit())


def draw_variance_of_mean(k, m, slope, weight_sq_sum) -> sp.Expr:
    """Var over the hash draw of E[estimate | draw]: each other value x' adds slope·f(x')·c̄(x') with c̄ the mean
    of k independent Bernoulli(1/m) collision indicators; the variances add over x' (``weight_sq_sum`` is
    sum_{x' != x} f(x')^2) and over the k indices."""
    k, m, slope, weight_sq_sum = exact(k, m, slope, weight_sq_sum)
    c = [OutputClass(1, 1 / m, 1), OutputClass(1, 1 - 1 / m, 0)]
    var_cbar = sp.Sum(variance(c), (_j, 1, k)).doit() / k ** 2
    return simplest(slope ** 2 * weight_sq_sum * var_cbar)


def ideal_collision_rate(m) -> sp.Expr:
    """Pr(h(x) = h(x')) for x != x' under an ideal hash into [m]: sum over the m buckets of (1/m)^2."""
    m = exact(m)
    b = sp.Symbol("bucket", integer=True, positive=True)
    return simplest(sp.Sum((1 / m) ** 2, (b, 1, m)).doit())


__all__ = ["decoded", "decoded_variances", "cms_client", "cms_estimator_variance", "gcms_z_mean",
           "gcms_same_value_covariance", "gcms_count_mean", "draw_variance_of_mean", "ideal_collision_rate",
           "count_mean_variance", "moment"]
