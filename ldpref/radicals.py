"""Exact canonical forms for expressions with square roots of rational functions.

The optima of pan-cms (Theorems 3.6 and 3.7) sit at ``m* = 1 + sqrt(K)`` with ``K`` a rational function
of e^eps, f* and d, and the optimal losses are rational functions of ``m*``.  sympy's ``solve`` and
substitution leave such values as large unsimplified sums of radicals, which are slow to compare and
unreadable as LaTeX.  This module puts them into a canonical form:

    expr = sum over subsets S of {p_1, ..., p_r} of c_S * prod_{p in S} sqrt(p)

where the ``p_i`` are distinct irreducible polynomials (or prime integers) with positive values on the
model's range and the ``c_S`` are rational functions.  Square roots of distinct irreducibles are
linearly independent over the rational functions, so two expressions are equal exactly when their
canonical coefficients are equal: the comparison is complete and needs only ``cancel``.

Sign convention.  ``sqrt(s^2 p) = |s| sqrt(p)``: the sign of each square factor ``s`` is read at a
``sample`` point inside the model's range (all ldpref symbols are positive; e^eps > 1; frequencies in
[0, 1]), and it is re-checked at a second point.  Radicals of expressions that themselves contain
radicals (nested radicals, e.g. ``sqrt(x sqrt(e))``) are outside this form and raise
:class:`NotCanonical`; callers then fall back to other comparisons.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from .exact import OrderUndecided, cancel, exact_sign

__all__ = ["NotCanonical", "RadicalForm", "canonical", "radical_equal", "simplify_radicals"]


class NotCanonical(ValueError):
    """The expression is not a rational function of square roots of rational functions."""


@dataclass(frozen=True)
class RadicalForm:
    """``sum_S coeffs[S] * prod_{g in S} sqrt(g)`` with ``generators`` the irreducible radicands."""

    generators: tuple  # sorted sympy expressions (irreducible polynomials / prime integers)
    coeffs: dict  # frozenset of generators -> rational function (sympy, cancelled and factored)

    def to_expr(self) -> sympy.Expr:
        """The form as a sympy expression (terms in a canonical order)."""
        terms = []
        for subset, c in sorted(self.coeffs.items(), key=lambda kv: (len(kv[0]), sympy.default_sort_key(
                sorted(kv[0], key=sympy.default_sort_key)))):
            if c == 0:
                continue
            root = sympy.sqrt(sympy.Mul(*sorted(subset, key=sympy.default_sort_key))) if subset else 1
            terms.append(c * root)
        return sympy.Add(*terms) if terms else sympy.Integer(0)

    def key(self):
        """A comparable key: the non-zero coefficients by subset (for equality tests)."""
        return {s: c for s, c in self.coeffs.items() if c != 0}


def _sign_at(expr, points) -> int:
    signs = set()
    for pt in points:
        value = sympy.sympify(expr).subs(pt)
        if not value.is_number:
            raise NotCanonical(f"cannot read the sign of {expr}: free symbols remain at the sample point")
        try:
            v = exact_sign(value)  # rationals directly, else rigorous enclosures; 0 only by a proof
        except OrderUndecided:
            raise NotCanonical(f"cannot decide the sign of {expr} at the sample point {pt}") from None
        if v == 0:
            raise NotCanonical(f"{expr} vanishes at the sample point {pt}")
        signs.add(v)
    if len(signs) != 1:
        raise NotCanonical(f"{expr} changes sign between the sample points {points}")
    return signs.pop()


def _split_sqrt(base, points):
    """``sqrt(base) = scale * prod sqrt(g)`` for a radical-free rational function ``base``.

    ``base = c * prod f_i^k_i`` (``f_i`` irreducible, ``k_i`` of either sign): each ``f_i`` with odd
    ``k_i`` becomes a generator, ``f_i^floor(k_i/2)`` goes to the scale; the rational constant
    ``c = a/b`` gives ``sqrt(a b)/b`` and the primes of ``a b`` with odd exponent become generators.
    """
    num, den = sympy.fraction(cancel(sympy.together(base)))
    c_num, f_num = sympy.factor_list(num)
    c_den, f_den = sympy.factor_list(den)
    const = sympy.Rational(c_num) / sympy.Rational(c_den)
    if const < 0:
        # move the sign into a factor that is negative on the range, if there is one
        for i, (poly, power) in enumerate(f_num):
            if power % 2 and _sign_at(poly, points) < 0:
                f_num[i] = (sympy.expand(-poly), power)
                const = -const
                break
        else:
            raise NotCanonical(f"square root of a negative quantity {base}")
    factors = [(p, k) for p, k in f_num] + [(p, -k) for p, k in f_den]
    scale = sympy.Integer(1)
    gens = []
    for poly, power in factors:
        if _sign_at(poly, points) < 0:  # write every generator positive on the range
            poly = sympy.expand(-poly)
            if power % 2:
                raise NotCanonical(f"square root of a negative quantity on the model range: {base}")
        scale *= poly ** (power // 2)
        if power % 2:
            gens.append(poly)
    top = const.p * const.q  # sqrt(p/q) = sqrt(p q)/q
    scale /= const.q
    for prime, power in sympy.factorint(top).items():
        scale *= sympy.Integer(prime) ** (power // 2)
        if power % 2:
            gens.append(sympy.Integer(prime))
    if _sign_at(scale, points) < 0:  # sqrt(s^2) = |s|
        scale = -scale
    return scale, gens


def _radical_atoms(expr):
    """Pow atoms with exponent p/2, p odd (a square root is needed)."""
    return {a for a in expr.atoms(sympy.Pow) if a.exp.is_Rational and a.exp.q == 2}


def canonical(expr, sample: dict, sample2: dict | None = None) -> RadicalForm:
    """The canonical :class:`RadicalForm` of ``expr`` (see the module docstring).

    ``sample`` (and ``sample2``, default: ``sample`` with every value increased by 1/7) are points of
    the model's range used only to read the sign of square factors taken out of square roots.
    """
    expr = sympy.sympify(expr)
    if expr.has(sympy.Float):
        raise TypeError(f"{expr} contains a float")
    if sample2 is None:
        sample2 = {k: v + sympy.Rational(1, 7) for k, v in sample.items()}
    points = (sample, sample2)
    # |g| = g or -g by the sign of g on the range (sympy writes sqrt(g^2 x) as |g| sqrt(x))
    expr = expr.xreplace({a: _sign_at(a.args[0], points) * a.args[0] for a in expr.atoms(sympy.Abs)})
    for a in expr.atoms(sympy.Pow):
        if not a.exp.is_Rational or a.exp.q not in (1, 2):
            raise NotCanonical(f"{a} is not a square root (nested radicals and other powers are outside the form)")
    if expr.atoms(sympy.Function):
        raise NotCanonical(f"functions {sorted(map(str, expr.atoms(sympy.Function)))} are outside the form")
    atoms = _radical_atoms(expr)
    replace = {}
    all_gens = []
    for atom in atoms:
        if _radical_atoms(atom.base):  # other fractional powers were refused above
            raise NotCanonical(f"nested radical {atom}")
        scale, gens = _split_sqrt(atom.base, points)
        whole = atom.exp - sympy.Rational(1, 2)  # exponent p/2 = (p-1)/2 + 1/2
        replace[atom] = (atom.base ** whole, scale, gens)
        all_gens.extend(gens)
    generators = tuple(sorted(set(all_gens), key=sympy.default_sort_key))
    symbols = [sympy.Dummy(f"r{i}") for i in range(len(generators))]
    by_gen = dict(zip(generators, symbols))
    subs = {}
    for atom, (whole, scale, gens) in replace.items():
        subs[atom] = whole * scale * sympy.Mul(*[by_gen[g] for g in gens])
    body = expr.xreplace(subs)
    num, den = sympy.fraction(cancel(sympy.together(body)))
    relations = [(r, g) for r, g in zip(symbols, generators)]

    def reduce_poly(p):
        p = sympy.expand(p)
        for r, g in relations:
            p = sympy.expand(sympy.rem(p, r ** 2 - g, r)) if p.has(r) else p
        return p

    num, den = reduce_poly(num), reduce_poly(den)
    # rationalise the denominator: multiply by the conjugate in each generator in turn
    for r, g in relations:
        if den.has(r):
            conj = den.subs(r, -r)
            num, den = reduce_poly(num * conj), reduce_poly(den * conj)
    if any(den.has(r) for r in symbols):
        raise NotCanonical("could not rationalise the denominator")
    coeffs = {}
    poly = sympy.Poly(num, *symbols) if symbols else None
    if poly is None:
        coeffs[frozenset()] = sympy.factor(cancel(num / den))
    else:
        for monom, c in poly.terms():
            if any(k > 1 for k in monom):
                raise NotCanonical("reduction left a square of a generator")
            subset = frozenset(g for g, k in zip(generators, monom) if k)
            coeffs[subset] = sympy.factor(cancel(c / den))
    return RadicalForm(generators, coeffs)


def radical_equal(a, b, sample: dict) -> bool:
    """Exact equality of two expressions in canonical radical form (complete for this class)."""
    ca, cb = canonical(a, sample), canonical(b, sample)
    keys = set(ca.key()) | set(cb.key())
    zero = sympy.Integer(0)
    return all(cancel(ca.coeffs.get(s, zero) - cb.coeffs.get(s, zero)) == 0 for s in keys)


def simplify_radicals(expr, sample: dict) -> sympy.Expr:
    """``expr`` rewritten in its canonical radical form (a compact, readable equivalent)."""
    return canonical(expr, sample).to_expr()
