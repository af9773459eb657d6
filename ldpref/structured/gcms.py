"""GCMS (jiang-gcms Algorithms 1 and 3, Eq. (4)) as a structured sketch.

Algorithm 1's perturbation of the hashed value r is a symmetric pure protocol on [m] with support set X
(the reported s-subset): with probability p it holds r plus s - 1 of the other m - 1 buckets, else s of
them, so (for a != a', computed from the subset counts, not read off the built mechanism)

* ``P(a in X | r = a) = p``, ``P(a in X | r != a) = q = (p(s - 1) + (1 - p)s)/(m - 1)`` (Algorithm 3's q);
* ``P(a, a' in X | r in {a, a'}) = p (s - 1)/(m - 1)``;
* ``P(a, a' in X | r not in {a, a'}) = (p (s-1)(s-2) + (1 - p) s (s-1))/((m - 1)(m - 2))``.

Eq. (4)'s estimate ``(C/n - p/m - q(1 - 1/m))/((p - q)(1 - 1/m))`` is, per report, ``(m Q_R - 1)/(m - 1)``
with ``Q_R = (1[a in X] - q)/(p - q)`` the support-set decoder: the CMS map of :mod:`.sketch`.  The paper's
randomness (k hash functions uniform over all functions, drawn once) is :mod:`.ideal`'s family.
"""

from __future__ import annotations

from ..errors import ParameterError
from ..mechanisms._params import accepts_eps
from ..mechanisms.gcms import check_parameters
from .field import exp_eps_field
from .symmetric import SymmetricModel, support_set_model


@accepts_eps
def algorithm1_model(m: int, s: int, *, p=None, exp_eps=None) -> SymmetricModel:
    """The inner model of Algorithm 1 with its support-set decoder; give exactly one of ``p`` (exact) or
    ``exp_eps`` (then ``p = e^eps s/(e^eps s + m - s)``, the p at which Theorem 2's bound is e^eps)."""
    if (p is None) == (exp_eps is None):
        raise ParameterError("gcms: give exactly one of p or exp_eps")
    if p is None:
        field, e = exp_eps_field(exp_eps)
        m, s, _ = check_parameters(m, s, 0)
        dom = field.domain
        p_el = e * s / (e * s + dom.convert(m - s))
    else:
        m, s, p = check_parameters(m, s, p)
        field, _ = exp_eps_field(2)  # p given: rational arithmetic over QQ
        if p.free_symbols:
            raise ParameterError(f"p = {p}: give an exact number (or exp_eps for p as a function of e^eps)")
        p_el = field.convert(p)
    dom = field.domain
    one = dom.one
    mm = dom.convert(m)
    q = (p_el * (s - 1) + (one - p_el) * s) / (mm - 1)
    if p_el == q:
        raise ParameterError(f"p = q = {dom.to_sympy(q)}: Eq. (4) divides by zero")
    both_in = p_el * (s - 1) / (mm - 1)
    both_out = (p_el * (s - 1) * (s - 2) + (one - p_el) * s * (s - 1)) / ((mm - 1) * (mm - 2)) if m > 2 else dom.zero
    return support_set_model(f"algorithm1(m={m}, s={s})", m, field, p_dec=p_el, q_dec=q, p=p_el, q=q,
                             both_in=both_in, both_out=both_out)
