"""pan-cms derivations: ``factor(cancel(.))`` of rational functions through sympy's field of fractions, and exact
rational functions of one symbol on FLINT polynomials (:class:`RatFunc`) for the evaluation loops of the checks."""

from __future__ import annotations

from functools import cache

import sympy


@cache
def _rational_field(symbols: tuple):
    """sympy's field Q(symbols) (lex order on the given symbols)."""
    return sympy.field(list(symbols), sympy.QQ)[0]


def factor_cancel(expr):
    """``sympy.factor(sympy.cancel(expr))``, for a rational function over Q of its symbols computed through
    sympy's field Q(symbols): the field's arithmetic reduces each fraction as it goes (2-5x faster than cancelling
    the nested expression), and ``factor`` of the field's p/q is the same object, since factor's output depends
    only on the rational function and its symbols (tests/test_pancms_fast_connections.py compares the two).
    Anything else (floats, radicals, functions, no symbols) takes ``factor(cancel(.))``."""
    expr = sympy.sympify(expr)
    symbols = tuple(sorted(expr.free_symbols, key=sympy.default_sort_key))
    if symbols and not expr.has(sympy.Float):
        try:
            value = _rational_field(symbols).from_expr(expr)
        except ValueError:  # not a rational function over Q of its symbols
            value = None
        if value is not None:
            return sympy.factor(value.as_expr())
    return sympy.factor(sympy.cancel(expr))


# ---- exact rational functions of one symbol on FLINT polynomials ---------------------------------------------------
class RatFunc:
    """An exact rational function n/d of one symbol over Q: numerator and denominator FLINT ``fmpq_poly``, reduced
    by their gcd after every operation (d monic up to a constant).  Adds, multiplies, divides and takes integer
    powers with itself, ``int`` and ``fmpq``; :meth:`to_sympy` gives sympy's canonical p/q of the same function."""

    __slots__ = ("n", "d")

    def __init__(self, n, d=None):
        from flint import fmpq_poly

        n = n if isinstance(n, fmpq_poly) else fmpq_poly([n])
        d = fmpq_poly([1]) if d is None else (d if isinstance(d, fmpq_poly) else fmpq_poly([d]))
        if d.is_zero():
            raise ZeroDivisionError("rational function with denominator 0")
        g = n.gcd(d)
        if g.degree() > 0:
            n, d = n // g, d // g
        self.n, self.d = n, d

    @staticmethod
    def _of(value):
        return value if isinstance(value, RatFunc) else RatFunc(value)

    def __add__(self, other):
        o = self._of(other)
        if self.d == o.d:
            return RatFunc(self.n + o.n, self.d)
        return RatFunc(self.n * o.d + o.n * self.d, self.d * o.d)

    __radd__ = __add__

    def __neg__(self):
        return RatFunc(-self.n, self.d)

    def __sub__(self, other):
        return self + (-self._of(other))

    def __rsub__(self, other):
        return self._of(other) - self

    def __mul__(self, other):
        o = self._of(other)
        return RatFunc(self.n * o.n, self.d * o.d)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = self._of(other)
        if o.n.is_zero():
            raise ZeroDivisionError("division by the zero rational function")
        return RatFunc(self.n * o.d, self.d * o.n)

    def __rtruediv__(self, other):
        return self._of(other) / self

    def __pow__(self, power):
        if not isinstance(power, int):
            return NotImplemented
        if power < 0:
            return RatFunc(1) / RatFunc(self.n ** -power, self.d ** -power)
        return RatFunc(self.n ** power, self.d ** power)

    def to_sympy(self, field):
        """This function in sympy's field ``field`` (``QQ.frac_field(symbol)``, one field division, which reduces
        and normalises p/q as every field operation does), as the sympy expression ``field.to_sympy`` gives."""
        ring = field.field.ring
        return field.to_sympy(field.field.new(ring.from_list(self.n.coeffs()[::-1] or [0]),
                                              ring.from_list(self.d.coeffs()[::-1])))


def _poly_of(expr, symbol):
    """An expression polynomial in ``symbol`` over Q as an ``fmpq_poly``; None if it is not one."""
    from flint import fmpq, fmpq_poly

    try:
        poly = sympy.Poly(expr, symbol, domain=sympy.QQ)
    except (sympy.PolynomialError, sympy.CoercionFailed):
        return None
    return fmpq_poly([fmpq(int(c.numerator), int(c.denominator)) for c in reversed(poly.all_coeffs())])


def rational_function(expr, symbol):
    """``expr`` (a sympy expression) as a :class:`RatFunc` in ``symbol`` via its cancelled p/q; None when it is not a
    rational function over Q of that symbol alone."""
    expr = sympy.sympify(expr)
    if not expr.free_symbols <= {symbol} or expr.has(sympy.Float):
        return None
    num, den = sympy.fraction(sympy.cancel(expr))
    n, d = _poly_of(num, symbol), _poly_of(den, symbol)
    if n is None or d is None or d.is_zero():
        return None
    return RatFunc(n, d)


@cache
def rational_function_table(table, extra: tuple):
    """(symbol, table of :class:`RatFunc`, {key: value} of ``extra``) for a table of sympy values that are rational
    functions of exactly one symbol over Q (``extra``: (key, value) pairs; integers stay ``int``, rationals become
    ``fmpq``, the others :class:`RatFunc`); None when the values are not of that kind."""
    from flint import fmpq

    rows = [[sympy.sympify(v) for v in row] for row in table]
    symbols = set().union(*(v.free_symbols for row in rows for v in row))
    symbols |= set().union(*(sympy.sympify(v).free_symbols for _, v in extra))
    if len(symbols) != 1:
        return None
    symbol = symbols.pop()
    out = []
    for row in rows:
        out.append([])
        for v in row:
            value = rational_function(v, symbol)
            if value is None:
                return None
            out[-1].append(value)
    values = {}
    for key, v in extra:
        v = sympy.sympify(v)
        if v.is_Integer:
            values[key] = int(v)
        elif v.is_Rational:
            values[key] = fmpq(int(v.p), int(v.q))
        else:
            value = rational_function(v, symbol)
            if value is None:
                return None
            values[key] = value
    return symbol, tuple(tuple(row) for row in out), values
