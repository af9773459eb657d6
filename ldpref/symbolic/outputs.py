"""Per-client randomisers as classes of outputs, and their moments by summation, for symbolic parameters.

A randomiser's outputs, seen from one client input and one queried item v, fall into a few classes whose members
share a weight and a decoded value: GRR on [d] (Wang et al. 2017, Sec. 4.1) has, for an input x != v, the output
x (weight e^eps), the output v (weight 1) and the d - 2 other outputs (weight 1).  A class holds ``count``
outputs (a sympy expression in d, k, m, ...), each of weight ``weight``; the probability of one output is its
weight over the total weight, and every sum below is a ``sympy.Sum`` over the members of a class, evaluated by
``doit()``.  Nothing here is typed in as a closed form: the probabilities, supports and moments follow from the
weights by summation, for every value of the symbolic parameters (issue 25, item 4).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..exact import cancel as _cancel

_member = sp.Symbol("member", integer=True, positive=True)


class ModelError(ValueError):
    """A model that contradicts itself (e.g. probabilities that do not sum to one): a defect of ldpref."""


@dataclass(frozen=True)
class OutputClass:
    """``count`` outputs of weight ``weight`` each, each decoded to ``value`` for the queried item."""
    count: sp.Expr
    weight: sp.Expr
    value: sp.Expr


def class_sum(cls: OutputClass, summand: sp.Expr) -> sp.Expr:
    """``sum_{member = 1}^{count} summand`` (the summand is the same for every member of a class)."""
    return sp.Sum(summand, (_member, 1, cls.count)).doit()


def exact(*values):
    """The values as sympy objects; a float is refused (exact means exact: ``1 / m`` with a Python int ``m`` would
    otherwise be a float)."""
    out = tuple(sp.sympify(v) for v in values)
    for v in out:
        if isinstance(v, float) or (isinstance(v, sp.Basic) and v.atoms(sp.Float)):
            raise TypeError(f"a float in an exact model: {v}")
    return out if len(out) != 1 else out[0]


def simplest(expr: sp.Expr) -> sp.Expr:
    """Binomials and factorials cancelled, then a single rational function (or radical expression): ``sp.cancel``'s
    very expression (:func:`ldpref.exact.cancel`: python-flint polynomials for a rational function over Q)."""
    expr = exact(expr)
    if expr.has(sp.binomial, sp.factorial, sp.gamma):
        expr = sp.gammasimp(sp.combsimp(expr))
    return _cancel(expr)


def total_weight(classes) -> sp.Expr:
    """The normaliser: the sum of the weights of all outputs."""
    return simplest(sum(class_sum(c, c.weight) for c in classes))


def probabilities(classes) -> list[sp.Expr]:
    """The probability of one output of each class: its weight over the total weight."""
    z = total_weight(classes)
    if z == 1:  # the weights are already probabilities (e.g. Algorithm 1's): kept as given, binomials unexpanded
        return [c.weight for c in classes]
    return [simplest(c.weight / z) for c in classes]


def moment(classes, power: int = 1, *, z: sp.Expr | None = None) -> sp.Expr:
    """``E[value^power]``, summed over every output; ``z`` is the classes' :func:`total_weight` when the caller has
    it already (the same expression, not computed again)."""
    z = total_weight(classes) if z is None else z
    return simplest(sum(class_sum(c, c.weight * c.value ** power) for c in classes) / z)


def variance(classes) -> sp.Expr:
    """``E[value^2] - E[value]^2`` (the normaliser computed once for both moments)."""
    z = total_weight(classes)
    return simplest(moment(classes, 2, z=z) - moment(classes, z=z) ** 2)


def mixture(components) -> list[tuple[sp.Expr, list]]:
    """A randomiser that first draws a component with the given probability (e.g. a hash collision), as
    ``[(probability, classes), ...]``; the probabilities must sum to one."""
    total = simplest(sum(w for w, _ in components))
    if total != 1:
        raise ModelError(f"mixture probabilities sum to {total}, not 1")
    return list(components)


def mixture_moment(components, power: int = 1) -> sp.Expr:
    """``E[value^power]`` of a mixture: the components' moments weighted by their probabilities."""
    return simplest(sum(w * moment(c, power) for w, c in components))


def mixture_variance(components) -> sp.Expr:
    """Variance of a mixture (second moment minus squared mean)."""
    return simplest(mixture_moment(components, 2) - mixture_moment(components) ** 2)
