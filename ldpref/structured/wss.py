"""Weighted Subset Selection / optimal symmetric configurations (pan-strict Section 5.3, Definition 3.1)
as a structured model.

An OSC with support size k gives response y (a k-subset S_y) probability ``B w_y e`` if the input is in
S_y and ``B w_y`` otherwise, ``B = d/(k e + d - k)``, with weights reproducing the first and second
moments of a uniform k-subset: ``sum_y w_y [x in S_y] = k/d``, ``sum_y w_y [x, x' in S_y] =
k(k-1)/(d(d-1))`` (:mod:`ldpref.wss`).  So with the support-set decoder (Eq. (5)):

* ``P(v in S | x = v) = B e k/d`` and ``P(v in S | x != v) = B (k/d + (e - 1) k(k-1)/(d(d-1)))`` -- the
  same for every certified OSC: E, Var and MSE need no linear program at all;
* ``P(v, w in S | x in {v, w}) = B e k(k-1)/(d(d-1))`` is symmetric too;
* but ``P(v, w in S | x not in {v, w}) = B (k(k-1)/(d(d-1)) + (e - 1) T[v][w][x])`` needs the third
  moments ``T = sum_y w_y [v, w, x in S_y]``, which WSS does not constrain: the built configuration is
  not symmetric there.  The covariance therefore needs the configuration (subsets and weights), and is
  computed from it value by value; without one it is refused.
"""

from __future__ import annotations

from ..errors import ParameterError
from ..mechanisms._params import check_d, check_k
from .base import StructuredModel
from .field import exp_eps_field
from .symmetric import SymmetricModel, support_set_model


class OSCModel(SymmetricModel):
    """An OSC: symmetric B and A; pairwise terms from the configuration's third moments (if given)."""

    configuration = None  # (subsets as frozensets, weights as domain elements) or None
    base = None

    def pair(self, v, w, x):
        if x in (v, w):
            return self.pair_in
        if self.configuration is None:
            raise ParameterError(f"{self.name}: the covariance of an OSC depends on its configuration's third "
                                 f"moments (not fixed by WSS); give subsets and weights")
        dom = self.domain
        subsets, weights = self.configuration
        third = sum((wt for s, wt in zip(subsets, weights) if v in s and w in s and x in s), dom.zero)
        both = self.base * (self._pair_moment + (self._e - 1) * third)
        p_dec, q_dec = self.decoder
        q = self.support[1]
        return (both - q_dec * (q + q) + q_dec * q_dec) / ((p_dec - q_dec) ** 2)

    #: a configuration's third moments are not symmetric: the generic per-x sum, not SymmetricModel's shortcut
    covariance_term = StructuredModel.covariance_term


def osc_model(d: int, k: int, exp_eps, subsets=None, weights=None) -> OSCModel:
    """The structured OSC with support size k at e^eps; ``subsets``/``weights`` (e.g. from
    :func:`ldpref.wss.weighted_subset_selection`'s certificate) enable the covariance."""
    d = check_d(d)
    k = check_k(k, d)
    field, e = exp_eps_field(exp_eps)
    dom = field.domain
    B = dom.convert(d) / (k * e + d - k)
    marg = dom.convert(k) / d
    pair_moment = dom.convert(k * (k - 1)) / (d * (d - 1))
    p, q = B * e * marg, B * (marg + (e - 1) * pair_moment)
    base = support_set_model(f"osc(d={d}, k={k}, exp_eps={exp_eps})", d, field, p_dec=p, q_dec=q, p=p, q=q,
                             both_in=B * e * pair_moment, both_out=dom.zero)
    model = OSCModel(base.name, d, field, b_eq=base.b_eq, b_ne=base.b_ne, a_eq=base.a_eq, a_ne=base.a_ne,
                     pair_in=base.pair_in, pair_out=None)
    model.support, model.decoder = base.support, base.decoder
    model.base, model._pair_moment, model._e = B, pair_moment, e
    if (subsets is None) != (weights is None):
        raise ParameterError("osc: give both subsets and weights, or neither")
    if subsets is not None:
        if len(subsets) != len(weights):
            raise ParameterError(f"osc: {len(subsets)} subsets for {len(weights)} weights")
        sets = [frozenset(int(x) for x in s) for s in subsets]
        if any(len(s) != k or not all(0 <= x < d for x in s) for s in sets):
            raise ParameterError(f"osc: every subset must hold k = {k} values of 0..{d - 1}")
        model.configuration = (sets, [field.convert(wt) for wt in weights])
    return model
