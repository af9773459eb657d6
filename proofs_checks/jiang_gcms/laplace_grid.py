"""Exact Laplace-CDF values at integer counts for one (b, T) of a rational grid (jiang-gcms Section V-B, Algorithm 6
and Theorem 4): the arithmetic behind the exact path of ``sec5_discovery``.

With q the denominator of T and w = 1/(b q), every release probability P(c + Lap(b) >= T) = G(T - c) of an integer
count c is a Laurent polynomial with rational coefficients in z = e^w, since (T - c)/b = (p - c q) w (p the
numerator of T).  Sums and products of such polynomials are exact (Python fractions), ratios are kept as
(numerator, denominator) pairs and compared by cross-multiplication, so no gcd is computed on the way; then

* a zero is decided exactly (the polynomial is 0);
* a nonzero polynomial is nonzero at z = e^w (e^w is transcendental for rational w != 0, Lindemann), and its sign
  is the library's one sign decider's (``ldpref.exact.exact_sign`` of the polynomial at the value e^w of z: a
  rigorous enclosure, python-flint's ``arb`` ball arithmetic whose radius bounds every rounding, at up to 4096
  bits; a sign it cannot decide raises) -- nothing is decided by a rounding.

Values leave for the evidence as sympy expressions in exp(k w), a quotient reduced once to lowest terms
(:meth:`LaplaceGrid.to_expr`).  :func:`laplace_upper_tail` is the Laplace tail by symbolic integration, shared by
the checks of Theorem 4 and of Section VII-E.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import sympy
from sympy import QQ
from sympy.polys.fields import field

from ldpref.exact import exact_sign

#: z = e^w, the variable of the Laurent polynomials when a sign is decided (its value e^w is given, not substituted)
_Z = sympy.Symbol("z", positive=True)


class Laurent:
    """A Laurent polynomial sum_k c_k z^k with rational c_k (``{k: Fraction}``, no zero coefficient): the release
    probabilities are such polynomials, and their sums and products stay so (no gcd is ever needed)."""

    __slots__ = ("terms",)

    def __init__(self, terms=None):
        self.terms = {k: c for k, c in (terms or {}).items() if c}

    @classmethod
    def const(cls, c) -> "Laurent":
        """The constant polynomial c (a rational)."""
        c = sympy.Rational(c)
        return cls({0: Fraction(int(c.p), int(c.q))})

    def __bool__(self) -> bool:
        return bool(self.terms)

    def __add__(self, other):
        other = _lift(other)
        out = dict(self.terms)
        for k, c in other.terms.items():
            out[k] = out.get(k, 0) + c
        return Laurent(out)

    __radd__ = __add__

    def __neg__(self):
        return Laurent({k: -c for k, c in self.terms.items()})

    def __sub__(self, other):
        return self + (-_lift(other))

    def __rsub__(self, other):
        return _lift(other) + (-self)

    def __mul__(self, other):
        other = _lift(other)
        out = {}
        for k1, c1 in self.terms.items():
            for k2, c2 in other.terms.items():
                out[k1 + k2] = out.get(k1 + k2, 0) + c1 * c2
        return Laurent(out)

    __rmul__ = __mul__

    def __eq__(self, other):
        return self.terms == _lift(other).terms

    __hash__ = None

    def __repr__(self):
        return " + ".join(f"{c}*z^{k}" for k, c in sorted(self.terms.items())) or "0"


def _lift(x) -> Laurent:
    if isinstance(x, Laurent):
        return x
    if isinstance(x, (int, Fraction)):
        return Laurent({0: Fraction(x)})
    if isinstance(x, sympy.Rational):
        return Laurent.const(x)
    raise TypeError(f"cannot combine a Laurent polynomial with {type(x).__name__}")


class LaplaceGrid:
    """Exact values of Algorithm 6's release probabilities at one rational (b, T): Laurent polynomials in
    z = e^{1/(b q)}, and quotients of them as (numerator, denominator) pairs."""

    def __init__(self, b_, t_):
        b_, t_ = sympy.Rational(b_), sympy.Rational(t_)
        if b_ <= 0:
            raise ValueError(f"the Laplace scale b must be > 0, got {b_}")
        self.b, self.T = b_, t_
        self.w = 1 / (b_ * t_.q)

    # ---- building elements -------------------------------------------------------------------------------------
    def power(self, k: int) -> Laurent:
        """z^k = e^{k w}."""
        return Laurent({int(k): Fraction(1)})

    def exp_of(self, x) -> Laurent:
        """e^x for a rational x that is an integer multiple of w (else ValueError)."""
        k = sympy.Rational(x) / self.w
        if not k.is_Integer:
            raise ValueError(f"e^{x} is not a power of e^{self.w}")
        return self.power(int(k))

    def cdf(self, x) -> Laurent:
        """P(Lap(b) <= x) at a rational x: the integral of the density e^{-|t|/b}/(2b)."""
        x = sympy.Rational(x)
        half = Fraction(1, 2)
        return half * self.exp_of(x / self.b) if x < 0 else 1 - half * self.exp_of(-x / self.b)

    def release(self, count) -> Laurent:
        """P(count + Lap(b) >= T) = 1 - P(Lap(b) <= T - count) (continuous noise)."""
        return 1 - self.cdf(self.T - count)

    def from_expr(self, expr):
        """A sympy expression built from rationals and e^{k w} by +, *, integer powers, as a quotient
        (numerator, denominator) of Laurent polynomials (else ValueError: nothing is approximated)."""
        expr = sympy.sympify(expr)
        one = Laurent.const(1)
        if expr.is_Rational:
            return Laurent.const(expr), one
        if expr is sympy.E:
            return self.exp_of(1), one
        if isinstance(expr, sympy.exp):
            return self.exp_of(expr.args[0]), one
        if expr.is_Add:
            num, den = Laurent(), one
            for a in expr.args:
                n2, d2 = self.from_expr(a)
                num, den = num * d2 + n2 * den, den * d2
            return num, den
        if expr.is_Mul:
            num, den = one, one
            for a in expr.args:
                n2, d2 = self.from_expr(a)
                num, den = num * n2, den * d2
            return num, den
        if expr.is_Pow and expr.exp.is_Integer:
            n, d = self.from_expr(expr.base)
            k = int(expr.exp)
            if k < 0:
                n, d, k = d, n, -k
            num, den = one, one
            for _ in range(k):
                num, den = num * n, den * d
            return num, den
        raise ValueError(f"{expr} is not a rational function of e^{self.w}")

    # ---- leaving the exact world of the grid -------------------------------------------------------------------
    def to_expr(self, num: Laurent, den: Laurent | None = None):
        """num/den as a sympy expression in e^{k w}, the quotient reduced to lowest terms (sympy's rational
        function field, once per value) so that equal values come out alike."""
        if not den:
            if den is not None:
                raise ZeroDivisionError("denominator 0")
            den = Laurent.const(1)
        if len(den.terms) == 1:  # a monomial: divide term by term
            ((k0, c0),) = den.terms.items()
            return self._expr(Laurent({k - k0: c / c0 for k, c in num.terms.items()}))
        K, z = field("z", QQ)
        shift = -min(min(num.terms, default=0), min(den.terms))

        def elem(p):
            return sum((QQ(c.numerator, c.denominator) * z ** (k + shift) for k, c in p.terms.items()), K(0))

        q = elem(num) / elem(den)
        return self._expr(_from_poly(q.numer, shift)) / self._expr(_from_poly(q.denom, shift))

    def _expr(self, p: Laurent):
        return sympy.Add(*[sympy.Rational(c.numerator, c.denominator) * sympy.exp(k * self.w)
                           for k, c in p.terms.items()])

    # ---- deciding ----------------------------------------------------------------------------------------------
    def sign(self, p: Laurent) -> int:
        """The exact sign of a Laurent polynomial at z = e^w (see the module docstring): 0 only for the zero
        polynomial, else :func:`ldpref.exact.exact_sign` of it at z = e^w (OrderUndecided, a ValueError, if the
        enclosures never exclude 0 -- a defect, since a nonzero polynomial is nonzero there)."""
        if not p:
            return 0
        poly = sympy.Add(*[sympy.Rational(c.numerator, c.denominator) * _Z ** k for k, c in p.terms.items()])
        return exact_sign(poly, {_Z: sympy.exp(self.w)})

    def largest_quotient(self, quotients):
        """The largest of quotients (num, den), each den > 0 (checked): exact, by cross-multiplication."""
        quotients = list(quotients)
        for _, d in quotients:
            if self.sign(d) <= 0:
                raise ValueError("a denominator is not positive")
        top = quotients[0]
        for n, d in quotients[1:]:
            if self.sign(n * top[1] - top[0] * d) > 0:
                top = (n, d)
        return top


def _from_poly(p, shift: int) -> Laurent:
    """A polynomial of sympy's ring QQ[z] times z^{-shift}, as a Laurent polynomial."""
    return Laurent({k - shift: Fraction(int(QQ.numer(c)), int(QQ.denom(c))) for (k,), c in p.terms()})


@cache
def laplace_upper_tail():
    """(G, b, t): G = P(Lap(b) >= t) for t >= 0, by integrating the density e^{-x/b}/(2b) over [t, oo) in symbols
    b, t > 0 (sympy's antiderivative and limits; Meijer G is not needed for an exponential).  Shared by the checks
    of Theorem 4 and of Section VII-E, computed once per process."""
    x, b, t = sympy.symbols("x b t", positive=True)
    return sympy.integrate(sympy.exp(-x / b) / (2 * b), (x, t, sympy.oo), meijerg=False, conds="none"), b, t


@cache
def grid(b_, t_) -> LaplaceGrid:
    """The field of one grid point (built once per process)."""
    return LaplaceGrid(b_, t_)
