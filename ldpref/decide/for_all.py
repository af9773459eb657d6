"""The signs a rational function takes for every value of its parameters above given bounds, decided exactly.

The ledger states many facts "for every e^eps > 1" (a mechanism's worst privacy ratio, which of Var(R|=) and
Var(R|!=) is larger, the sign of a loss difference in pan-cms Table 1).  They were proved by sympy's assumption system
(``factor(...).is_nonnegative`` after e^eps = 1 + t, t > 0), which answers by the structure of an expression and
says nothing when the structure does not show the sign.  Here the answer is a decision with its proof:

* **one parameter** x > a: ``lhs - rhs = N/D`` with N, D polynomials over Q.  D must keep one sign on (a, oo)
  (a Sturm certificate, :mod:`ldpref.decide.sturm`, checked by sympy's exact polynomials), else there is a pole and
  nothing is decided.  N's squarefree factorisation ``c prod q_i^i`` (exact, over Q) gives its signs: the factors of
  odd multiplicity either keep one sign on (a, oo) (certificates) or one of them has a root there, where N changes
  sign; a factor of even multiplicity with a root there adds the value 0.  The set of signs is exact, so every
  relation is decided, true or false (:func:`holds_above`).
* **several parameters**, each above its bound or in an open interval: written over u > 0 (x = a + u, or
  x = (lo + hi u)/(1 + u)), the numerator and denominator, expanded over Q, with coefficients all of one sign are of
  that sign (every monomial is positive at u > 0): then the set of signs is that one sign, exactly.  A certificate,
  not a decision: anything else is undecided (None).  One parameter in an interval is written the same way and
  decided as above.

A factor ``exp(p)`` of a product, with p a polynomial over Q in the bounded symbols, is a positive real number at
every point of the domain, so it is dropped before the decision (the rest keeps the set of signs): a Laplace tail's
derivative ``k exp(eps k - lg)/2`` has the signs of ``k/2``.

No number is rounded, and no assumption of a sympy symbol is read.
"""

from __future__ import annotations

import sympy

from ..exact import together_cancelled
from .sturm import certificate, check_certificate

#: The signs of lhs - rhs for which each relation holds.
_HOLDS = {sympy.StrictGreaterThan: frozenset({1}), sympy.GreaterThan: frozenset({0, 1}),
          sympy.StrictLessThan: frozenset({-1}), sympy.LessThan: frozenset({-1, 0}),
          sympy.Equality: frozenset({0}), sympy.Unequality: frozenset({-1, 1})}


def holds_above(relation, bounds: dict) -> bool | None:
    """Whether ``relation`` (lhs < <= > >= = != rhs, rational functions over Q) holds for every real value of its
    parameters in ``bounds`` (as :func:`signs_above` takes them: a strict lower bound or an open interval), from the
    exact set of signs of lhs - rhs there: True or False.  None when that set is not known: a side is not a rational
    function over Q of the bounded symbols, it has a pole in the domain (after cancellation), or (several parameters)
    no coefficient certificate.  False is about real values: a statement over integers only is not refuted by it."""
    signs = signs_above(relation.lhs - relation.rhs, bounds)
    return None if signs is None else signs <= _HOLDS[type(relation)]


def one_sign(expr, bounds: dict) -> int | None:
    """The one sign (-1, 0 or 1) ``expr`` keeps for every value of its parameters in ``bounds`` (:func:`signs_above`),
    or None when it takes several there or its set of signs is not known."""
    signs = signs_above(expr, bounds)
    return next(iter(signs)) if signs is not None and len(signs) == 1 else None


def unique_positive_root(expr, t, bounds: dict):
    """The one root t > 0 of ``expr``, a polynomial of degree 1 or 2 in ``t`` whose coefficients are rational functions
    of the parameters in ``bounds``, proved to exist and to be unique for every value of them (:func:`one_sign`),
    never chosen at a sample point.  Degree 1, b t + c: -c/b proved positive.  Degree 2, a t^2 + b t + c: c/a < 0
    (the two roots have a negative product, so exactly one is positive) with a of one sign, and the root is then
    ``(-b + sgn(a) sqrt(b^2 - 4ac)) / (2a)``.  ArithmeticError when the proof does not go through."""
    poly = sympy.Poly(expr, t)
    if poly.degree() == 1:
        b, c = poly.all_coeffs()
        if one_sign(-c / b, bounds) != 1:
            raise ArithmeticError(f"the root {-c / b} of {expr} is not proved positive")
        return -c / b
    if poly.degree() != 2:
        raise ArithmeticError(f"{expr} is not of degree 1 or 2 in {t}")
    a, b, c = poly.all_coeffs()
    lead = one_sign(a, bounds)
    if one_sign(c / a, bounds) != -1 or not lead:
        raise ArithmeticError(f"{expr} is not proved to have exactly one root {t} > 0 (c/a < 0, a of one sign)")
    return (-b + lead * sympy.sqrt(b**2 - 4 * a * c)) / (2 * a)


def signs_above(expr, bounds: dict) -> frozenset | None:
    """The set of signs (-1, 0, 1) that ``expr`` takes for the real values of its parameters in ``bounds`` ({symbol:
    a} for x > a, {symbol: (lo, hi)} for lo < x < hi; rational ends): exact for one parameter (a decision); for
    several, the one sign a coefficient certificate proves, or None.  None when ``expr`` is not a rational function
    over Q of symbols that all have a bound, or its denominator has a root in the domain.  Each parameter is first
    written over the half-line u > 0 (x = a + u, or x = (lo + hi u)/(1 + u), an increasing bijection), which keeps
    the expression rational over Q and its set of signs."""
    expr = sympy.sympify(expr)
    if not expr.free_symbols <= bounds.keys():
        return None
    expr = _without_positive_exponentials(expr, bounds.keys())
    variables = sorted(expr.free_symbols, key=sympy.default_sort_key)
    if not variables:
        return _constant_sign(expr)
    half_lines = {v: _half_line(v, bounds[v]) for v in variables}
    num, den = sympy.fraction(together_cancelled(expr.xreplace(half_lines)))  # exact, fast for rational functions
    certified = _coefficient_certificate(num, den)  # cheap, and a proof: every monomial is positive at u > 0
    if certified is not None or len(variables) > 1:
        return certified
    u = half_lines[variables[0]].free_symbols.pop()
    return _one_parameter(num, den, u)


def _without_positive_exponentials(expr, symbols):
    """``expr`` with each factor ``exp(p)`` dropped, p a polynomial over Q in ``symbols`` (real there, so the factor
    is a positive real number: the product keeps its set of signs).  Any other expression is returned as it is."""
    def positive(factor) -> bool:
        if not isinstance(factor, sympy.exp) or not factor.free_symbols <= set(symbols):
            return False
        if not factor.free_symbols:
            return factor.args[0].is_Rational
        return _poly(factor.args[0], *sorted(factor.free_symbols, key=sympy.default_sort_key)) is not None

    factors = sympy.Mul.make_args(expr)
    kept = [f for f in factors if not positive(f)]
    return expr if len(kept) == len(factors) else sympy.Mul(*kept)


def _half_line(x, bound):
    """``x`` written in a fresh u > 0: ``a + u`` for the bound a (x > a), ``(lo + hi u)/(1 + u)`` for (lo, hi)."""
    u = sympy.Dummy(f"{x.name}_u", positive=True)
    if isinstance(bound, tuple):
        lo, hi = (sympy.Rational(end) for end in bound)
        if not lo < hi:
            raise ValueError(f"the interval ({lo}, {hi}) of {x} is empty")
        return (lo + hi * u) / (1 + u)
    return sympy.Rational(bound) + u


def _constant_sign(value) -> frozenset | None:
    value = sympy.sympify(value)
    if not value.is_Rational:
        return None
    return frozenset({_rational_sign(value)})


def _rational_sign(value) -> int:
    return 1 if value > 0 else (-1 if value < 0 else 0)


def _poly(expr, *gens):
    """``expr`` as a polynomial in ``gens`` over Q, or None."""
    try:
        poly = sympy.Poly(sympy.expand(expr), *gens)
    except sympy.PolynomialError:
        return None
    return poly if poly.domain.is_QQ or poly.domain.is_ZZ else None


def _one_parameter(num, den, u) -> frozenset | None:
    """:func:`signs_above` for the one parameter, written over u > 0."""
    N, D = _poly(num, u), _poly(den, u)
    if N is None or D is None:
        return None
    den_sign = _definite_sign(D)
    if den_sign is None:  # D has a root u > 0: a pole, nothing is decided
        return None
    if N.is_zero:
        return frozenset({0})
    return frozenset(s * den_sign for s in _polynomial_signs(N))


def _polynomial_signs(N) -> frozenset:
    """The signs of a nonzero polynomial ``N`` on (0, oo), from its squarefree factorisation over Q."""
    lead, factors = N.sqf_list()
    sign, zero_inside = _rational_sign(lead), False
    for q, multiplicity in factors:
        q_sign = _definite_sign(q)
        if q_sign is None:  # q has a root u > 0
            if multiplicity % 2:
                return frozenset({-1, 0, 1})  # N changes sign there
            zero_inside = True  # N touches 0 there and keeps its sign
        elif multiplicity % 2:
            sign *= q_sign
    return frozenset({sign, 0}) if zero_inside else frozenset({sign})


def _definite_sign(poly) -> int | None:
    """The sign ``poly`` keeps on (0, oo), proved by a Sturm certificate that :func:`ldpref.decide.sturm.
    check_certificate` checks with sympy's exact polynomials; None when ``poly`` has a root there, confirmed by
    sympy's exact count of real roots (a certificate refused without a root is a bug of ldpref, never evidence)."""
    if poly.degree() <= 0:
        return _rational_sign(poly.LC()) or None  # the zero polynomial vanishes everywhere
    sign = check_certificate(certificate(poly, sympy.Integer(0), sympy.oo), poly.gen)
    if sign is not None:
        return sign
    root_at_zero = 1 if poly.eval(0) == 0 else 0  # count_roots counts the distinct roots in [0, oo); 0 is outside
    if poly.count_roots(0, None) - root_at_zero == 0:
        raise ArithmeticError(f"the Sturm certificate of {poly.as_expr()} on (0, oo) was refused, yet it has no "
                              "root there")
    return None


def _coefficient_certificate(num, den) -> frozenset | None:
    """A single sign of num/den for every value of its variables in (0, oo) when the expanded numerator and
    denominator are polynomials over Q whose coefficients are each of one sign (every monomial is positive there);
    else None.  For one variable it is tried before the Sturm decision: a proof too, and much cheaper."""
    signs = []
    for part in (num, den):
        expanded = sympy.expand(part)
        gens = sorted(expanded.free_symbols, key=sympy.default_sort_key)
        try:
            coeffs = sympy.Poly(expanded, *gens).coeffs() if gens else [expanded]
        except sympy.PolynomialError:  # not a polynomial in the variables (a radical of them): no certificate
            return None
        if not all(c.is_Rational for c in coeffs) or all(c == 0 for c in coeffs):
            return None
        if all(c >= 0 for c in coeffs):
            signs.append(1)
        elif all(c <= 0 for c in coeffs):
            signs.append(-1)
        else:
            return None
    return frozenset({signs[0] * signs[1]})
