"""The privacy level of a mechanism: e^eps is the largest ratio within a row of P (Definition 2.1 of
pan-strict: for every output y and inputs x, x', P[y][x] <= e^eps P[y][x'])."""

from __future__ import annotations

import sympy

from .decide.for_all import holds_above
from .errors import MechanismError
from .exact import OrderUndecided, exact_extreme, exact_holds, exact_sign
from .mechanism import Mechanism


def exp_eps(mech: Mechanism) -> sympy.Expr:
    """Exact e^eps of a rational mechanism: ``max_y max_{x,x'} P[y][x] / P[y][x']``.

    Returns ``sympy.oo`` when some row has a zero beside a non-zero entry (no finite eps), and 1 for a
    mechanism whose rows are constant.  Outputs that never occur (all-zero rows) impose nothing.
    """
    if not mech.is_rational and _constant_entries(mech):
        return _exp_eps_of_constants(mech)
    if not mech.is_rational:
        raise TypeError(
            f"exp_eps: {mech.name} has symbolic entries ({mech.domain}); use privacy_ratios() or "
            f"substitute exact values first"
        )
    dom = mech.domain
    best = dom.one
    for row in mech.P.to_list():
        nonzero = [x for x in row if x != dom.zero]
        if not nonzero:
            continue
        if len(nonzero) < len(row):
            return sympy.oo
        ratio = max(nonzero) / min(nonzero)
        if ratio > best:
            best = ratio
    return dom.to_sympy(best)


def _constant_entries(mech: Mechanism) -> bool:
    dom = mech.domain
    return all(not dom.to_sympy(x).free_symbols for row in mech.P.to_list() for x in row)


def _exp_eps_of_constants(mech: Mechanism) -> sympy.Expr:
    """e^eps of a mechanism with irrational constant entries (a symbolic mechanism file, e.g. SUE at e^eps = 3):
    the largest ratio within a row, simplified exactly.  Every sign and order is exact
    (:func:`ldpref.exact.exact_order`: rigorous enclosures, equality only from a proof): an entry is 0 only when
    proved 0 (then the row gives ``oo`` unless all of it is 0), and entries or ratios closer than any rounding are
    still told apart.  Two values that enclosures cannot separate and that are not proved equal raise
    MechanismError naming the mechanism: nothing is decided by a rounding."""
    dom = mech.domain
    best = sympy.Integer(1)
    try:
        for row in mech.P.to_list():
            entries = list(dict.fromkeys(dom.to_sympy(x) for x in row))  # distinct, in order
            zero = [exact_sign(x) == 0 for x in entries]
            if all(zero):
                continue
            if any(zero):
                return sympy.oo
            ratio = exact_extreme(entries, largest=True) / exact_extreme(entries, largest=False)
            if ratio != best and exact_holds(ratio, ">", best):  # no enclosure: OrderUndecided, never None > 0
                best = ratio
    except OrderUndecided as exc:
        raise MechanismError(f"{mech.name}: cannot read e^eps off its rows: {exc}") from None
    return sympy.radsimp(sympy.simplify(best))


def privacy_ratios(mech: Mechanism) -> set[sympy.Expr]:
    """The set of distinct ratios ``P[y][x]/P[y][x']`` over rows with no zero entries, simplified.

    For symbolic mechanisms this is how e^eps is read off: e.g. GRR gives ``{1, exp_eps, 1/exp_eps}``.
    A row with a zero beside a non-zero entry contributes ``oo``.
    """
    dom = mech.domain
    ratios = set()
    for row in mech.P.to_list():
        if all(x == dom.zero for x in row):
            continue
        if any(x == dom.zero for x in row):
            ratios.add(sympy.oo)
            continue
        distinct = set(row)
        for a in distinct:
            for b in distinct:
                ratios.add(sympy.factor(dom.to_sympy(a / b)))
    return ratios


def exp_eps_symbolic(mech: Mechanism) -> sympy.Expr:
    """e^eps of a mechanism whose entries are functions of ``EXP_EPS``, valid for every e^eps > 1.

    Among :func:`privacy_ratios`, returns the one proved >= every other ratio for every e^eps > 1
    (:func:`ldpref.decide.for_all.holds_above`: the exact signs of a rational function of e^eps on (1, oo), by Sturm
    certificates; not sympy's assumptions).  Raises ``ValueError`` when no ratio provably dominates.
    """
    from .exact import EXP_EPS

    ratios = privacy_ratios(mech)
    if sympy.oo in ratios:
        return sympy.oo
    for r in ratios:
        if all(r == s or holds_above(sympy.GreaterThan(r, s, evaluate=False), {EXP_EPS: 1}) for s in ratios):
            return r
    raise ValueError(f"exp_eps_symbolic: no ratio of {mech.name} provably dominates the others: {ratios}")
