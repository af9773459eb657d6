"""Exact numbers: the only door into (and out of) ldpref's exact world.

Exact values are sympy expressions: ``sympy.Rational`` for numbers and rational functions of the
privacy symbol ``EXP_EPS`` (standing for e^eps) for symbolic mechanisms.  Anything that is a float
(Python ``float``, ``numpy.floating``, ``sympy.Float``, or an expression containing one) is refused
with ``TypeError``: a float never enters an exact computation silently.  Numbers leave the exact world
only through :func:`to_float` or :func:`to_mpf`, which say so in their names.
"""

from __future__ import annotations

import functools
import math
import numbers
import re
from fractions import Fraction

import mpmath
import sympy
from flint import arb, fmpq, fmpq_mpoly_ctx
from flint import ctx as flint_ctx

#: The symbol for e^eps used by every symbolic mechanism and derivation.
EXP_EPS = sympy.Symbol("exp_eps", positive=True)

#: LaTeX names of ldpref's standard symbols (used by :func:`ldpref.latex.to_latex`).
LATEX_NAMES = {EXP_EPS: r"e^{\epsilon}"}

# ASCII digits only: ``\d`` and ``int()`` would also take full-width or Arabic-Indic digits and ``1_0``
_RATIONAL_RE = re.compile(r"^\s*([+-]?[0-9]+)\s*(?:/\s*([0-9]+)\s*)?$", re.ASCII)


def _is_float_like(value) -> bool:
    return isinstance(value, (float, complex)) or (
        isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational)
    )


def to_exact(value, *, what: str = "value") -> sympy.Expr:
    """Return ``value`` as an exact sympy object.

    Accepts ``int`` (and numpy integers), ``fractions.Fraction``, sympy rationals and float-free sympy
    expressions, and strings such as ``"5/2"`` or ``"-3"``.  Raises ``TypeError`` for floats, booleans
    and anything else, naming ``what`` in the message.
    """
    if isinstance(value, bool):
        raise TypeError(f"{what}: a bool ({value!r}) is not an exact number")
    if isinstance(value, sympy.Rational):  # the common case (matrix entries): exact, nothing to search
        return value
    if isinstance(value, sympy.Basic):
        if value.has(sympy.Float):
            raise TypeError(f"{what}: {value!r} contains a float; exact arithmetic requires rationals")
        return value
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, numbers.Integral):
        return sympy.Integer(int(value))
    if isinstance(value, str):
        return parse_rational(value, what=what)
    if _is_float_like(value):
        raise TypeError(
            f"{what}: {value!r} is a float; exact arithmetic requires an int, a Fraction, "
            f"a sympy Rational or a string such as '1/3'"
        )
    raise TypeError(f"{what}: {value!r} of type {type(value).__name__} is not an exact number")


def parse_rational(text: str, *, what: str = "value") -> sympy.Rational:
    """Parse ``"p"`` or ``"p/q"`` (integers) into a ``sympy.Rational``; decimals are refused."""
    if not isinstance(text, str):
        raise TypeError(f"{what}: expected a string such as '5/2', got {type(text).__name__}")
    match = _RATIONAL_RE.match(text)
    if not match:
        raise TypeError(
            f"{what}: {text!r} is not an exact rational; write an integer or p/q (e.g. '5/2'), "
            f"not a decimal"
        )
    num, den = match.group(1), match.group(2)
    if den is not None and int(den) == 0:
        raise ValueError(f"{what}: {text!r} has a zero denominator")
    return sympy.Rational(int(num), int(den) if den is not None else 1)


def to_rational(value, *, what: str = "value") -> sympy.Rational:
    """Like :func:`to_exact` but the result must be a rational number (no symbols)."""
    exact = to_exact(value, what=what)
    if not exact.is_Rational:
        raise TypeError(f"{what}: {exact} is not a rational number")
    return exact


def to_fraction(value, *, what: str = "value") -> Fraction:
    """An exact rational (int, ``Fraction``, sympy Rational, python-flint ``fmpq``) as a ``fractions.Fraction``, for
    fast exact arithmetic; ``TypeError`` for anything that is not a rational number (see :func:`to_rational`)."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, fmpq):
        return Fraction(int(value.p), int(value.q))
    r = to_rational(value, what=what)
    return Fraction(int(r.p), int(r.q))


def exact_str(value) -> str:
    """The canonical string of an exact value: ``"1/3"``, ``"-2"``, or sympy's form of an expression."""
    value = to_exact(value)
    return str(value)


def to_float(value) -> float:
    """Explicitly leave the exact world: the nearest double to ``value`` (must be a number)."""
    exact = to_exact(value)
    if exact.free_symbols:
        raise TypeError(f"cannot convert {exact} to float: it has free symbols {sorted(map(str, exact.free_symbols))}")
    return float(exact)


def to_mpf(value, digits: int = 50):
    """Explicitly leave the exact world: ``value`` as an mpmath number with ``digits`` significant digits."""
    exact = to_exact(value)
    if exact.free_symbols:
        raise TypeError(f"cannot evaluate {exact}: it has free symbols {sorted(map(str, exact.free_symbols))}")
    with mpmath.workdps(digits):
        return mpmath.mpf(sympy.N(exact, digits + 5))


#: the working precisions (bits) of the enclosures behind every sign and order ldpref decides (:func:`exact_order`
#: and its modes :func:`exact_sign`, :func:`certain_sign`, ``is_zero``'s proof of nonzero).  Measured on the 6,818
#: calls of one serial ``ldpref verify`` (replayed, CPU): every one of the ~4,500 values that enclosures decide
#: separates at 32 bits already, and the ~650 ties (equal numbers, left to a proof) run every step, so the fewest
#: steps cost least -- (64, 4096) 0.14 s, (64, 512, 4096) 0.16 s, (64, 256, 1024, 4096) 0.17 s; (128, 512) takes
#: 0.11 s but cannot tell apart numbers closer than about 2^-500 (tests/test_forms_extremes.py's near ties: e^-1200).
#: The last step bounds the smallest gap decided without a proof (about 2^-4000).
#: (Since then a tie whose difference sympy cancels to 0, e.g. identical expressions, stops at the first step.)
ORDER_PRECISIONS = (64, 4096)


class OrderUndecided(ArithmeticError, ValueError):
    """Two exact reals whose enclosures never separate and whose difference is not proved 0 (or a value with no
    enclosure whose sign is asked): nothing is decided by a rounding.  Both an ``ArithmeticError`` (what a sign that
    cannot be decided was) and a ``ValueError`` (what an order that cannot be decided was)."""


def exact_order(a, b, values: dict | None = None, *, ties: bool = True) -> int | None:
    """The sign (-1, 0 or 1) of ``a - b`` for two exact reals (sympy numbers, or expressions whose symbols all have
    constants in ``values``): the one rigorous ordering of ldpref.

    Rationals directly.  Otherwise rigorous enclosures (python-flint ``arb`` balls, :func:`_enclose`; a symbol's
    ball is its value's, so nothing is substituted) at each of :data:`ORDER_PRECISIONS`, decided only when the balls
    of ``a`` and ``b`` separate, or ``a - b`` as sympy writes it (exactly cancelled) is a rational (its sign is exact:
    identical expressions are a tie by structure, no proof to run) or has a ball that excludes 0 (pi vs
    pi + e^{-10^6}).  None when a value has no enclosure at the highest precision (an operation not covered, a
    symbol without a value, a float, a value outside the reals; a log or root of a ball that straddles 0 at a lower
    precision is tried again higher): the caller decides another way.  When the balls never separate: with
    ``ties``, 0 if ``a - b`` is proved 0 (:func:`is_zero`), else :class:`OrderUndecided` naming both; without
    (the mode of :func:`certain_sign`), None -- never a rounded guess, and 0 only from a proof."""
    a = a if isinstance(a, sympy.Basic) else sympy.sympify(a)
    b = b if isinstance(b, sympy.Basic) else sympy.sympify(b)
    if a.is_Rational and b.is_Rational:
        return 1 if a > b else (-1 if a < b else (0 if ties else None))
    diff, missing = None, False
    for prec in ORDER_PRECISIONS:
        with flint_ctx.workprec(prec):
            env = enclosure_environment(values)
            box_a, box_b = _enclose(a, env), _enclose(b, env)
            missing = box_a is None or box_b is None
            if missing:  # a ball may exist at a higher precision: a log or a root of a ball not yet proved positive
                continue
            if box_a > box_b:  # arb comparisons hold only when they hold for every point of the two balls
                return 1
            if box_a < box_b:
                return -1
            if b is sympy.S.Zero:  # the ball of a - b is the ball of a
                continue
            if diff is None:
                diff = a - b  # sympy's exact cancellation: identical expressions give 0, and a difference may be
                if diff.is_Rational and box_a.is_finite() and box_b.is_finite():  # a rational, whose sign is exact
                    return 1 if diff > 0 else (-1 if diff < 0 else (0 if ties else None))  # (both real numbers)
            box = _enclose(diff, env)  # or it may separate from 0 where the two balls do not
            if box is not None and (box > 0 or box < 0):
                return 1 if box > 0 else -1
    if missing or not ties:  # no enclosure even at the highest precision, or a tie the caller decides
        return None
    diff = a - b if diff is None else diff  # the cancellation the loop made, once
    if is_zero(diff.xreplace({s: sympy.sympify(v) for s, v in values.items()}) if values else diff):
        return 0
    raise OrderUndecided(f"cannot order {a} and {b}: their enclosures overlap at {ORDER_PRECISIONS[-1]} bits and "
                         "their difference is not proved 0")


_RELATION_SIGNS = {"<": (-1,), "<=": (-1, 0), ">": (1,), ">=": (1, 0), "==": (0,), "!=": (-1, 1)}


def exact_holds(a, relation: str, b) -> bool:
    """``a relation b`` (one of < <= > >= == !=) for two exact reals, decided by :func:`exact_order` (a tie only by a
    proof); :class:`OrderUndecided` when a value has no rigorous enclosure: never sympy's own relational evaluation
    of numbers, never a rounding."""
    sign = exact_order(a, b)
    if sign is None:
        raise OrderUndecided(f"cannot decide {a} {relation} {b}: no rigorous enclosure")
    return sign in _RELATION_SIGNS[relation]


def exact_sign(value, values: dict | None = None) -> int:
    """The sign (-1, 0 or 1) of an exact real constant (or of an expression at ``values``, symbol -> constant,
    nothing substituted): :func:`exact_order` against 0 (rationals directly, else rigorous enclosures, 0 only by a
    proof).  :class:`OrderUndecided` (an ``ArithmeticError``) naming the value when it has no enclosure, or its
    enclosures never exclude 0 and it is not proved 0: nothing is decided by a rounding."""
    x = value if isinstance(value, sympy.Basic) else sympy.sympify(value)
    sign = exact_order(x, sympy.S.Zero, values)
    if sign is None:
        raise OrderUndecided(f"cannot decide the sign of {x}: it has no rigorous enclosure")
    return sign


def certain_sign(a, b, values: dict | None = None) -> int | None:
    """The sign (-1 or +1, never 0) of ``a - b`` for two sympy expressions at ``values`` (symbol -> constant; the
    expressions are constants when it is None) when rigorous enclosures prove it: :func:`exact_order`'s mode that
    leaves ties undecided.  None when the enclosures never separate (equal numbers, or too close), a symbol has no
    value, or an operation is not covered or leaves the reals (floats included): the caller decides as before."""
    return exact_order(a, b, values, ties=False)


def exact_extreme(values, *, largest: bool, strict: bool = True):
    """The largest (``largest``) or smallest of exact real values, ordered by :func:`exact_order` (a tie only by a
    proof; of equal values the first).  :class:`OrderUndecided` when two of them cannot be ordered.  A value that
    cannot be ordered at all (a symbol left, no enclosure: a function not covered, a non-real or infinite number):
    ``strict`` (the default) refuses with OrderUndecided naming it; otherwise None, and the caller decides another
    way (the form evaluator then builds sympy's own Max or Min of the values)."""
    values = [v if isinstance(v, sympy.Basic) else sympy.sympify(v) for v in values]
    best = values[0]
    for v in values[1:]:
        sign = exact_order(v, best) if strict or (v.is_number and best.is_number) else None
        if sign is None:
            if not strict:
                return None
            raise OrderUndecided(f"cannot order {v} and {best}: no rigorous enclosure")
        if sign == (1 if largest else -1):
            best = v
    return best


def exact_floor(value) -> int:
    """floor(value) for an exact real constant, decided rigorously: at each of :data:`ORDER_PRECISIONS` the floor of
    an enclosure of ``value`` (python-flint's ``arb.floor`` holds the floor of every point of the ball) is the answer
    once it is a single integer; a ball that never leaves an integer n is n only when ``value - n`` is proved 0.
    :class:`OrderUndecided` otherwise (or when ``value`` has no enclosure): never a rounding.  ``ceil(x)`` is
    ``-exact_floor(-x)``, the nearest integer (halves up) ``exact_floor(x + 1/2)``."""
    x = value if isinstance(value, sympy.Basic) else sympy.sympify(value)
    if x.is_Rational:
        return int(x.p) // int(x.q)
    nearest = None
    for prec in ORDER_PRECISIONS:
        with flint_ctx.workprec(prec):
            box = _enclose(x)
            if box is None or not box.is_finite():  # a ball may exist at a higher precision (a log of a small value)
                continue
            floor = box.floor().unique_fmpz()
            if floor is not None:
                return int(floor)
            man, exp = (int(v) for v in box.mid().man_exp())  # the midpoint exactly: man 2^exp
            nearest = (2 * man * 2 ** exp + 1) // 2 if exp >= 0 else (2 * man + 2 ** -exp) // 2 ** (1 - exp)
    if nearest is None:
        raise OrderUndecided(f"cannot decide the floor of {x}: it has no finite rigorous enclosure")
    if is_zero(x - nearest):
        return nearest
    raise OrderUndecided(f"cannot decide the floor of {x}: its enclosures hold an integer and the difference is not "
                         "proved 0")


def exact_ceiling(value) -> int:
    """ceil(value) for an exact real constant: ``-exact_floor(-value)``, decided as rigorously (an integer only by a
    proof, else :class:`OrderUndecided`), never by sympy's numerical ``ceiling``."""
    x = value if isinstance(value, sympy.Basic) else sympy.sympify(value)
    return -exact_floor(-x)


def round_half_up(value, digits: int) -> sympy.Rational:
    """An exact real to ``digits`` decimals, halves up (towards +oo): floor(value 10^digits + 1/2) / 10^digits, the
    floor decided by :func:`exact_floor` (rigorous enclosures; an integer only by a proof, else
    :class:`OrderUndecided`).  A float is refused (``TypeError``, :func:`to_exact`): 0.745 as a double lies below
    149/200."""
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 0:
        raise ValueError(f"round_half_up: digits = {digits!r} must be an int >= 0")
    scale = 10**digits
    return sympy.Rational(exact_floor(to_exact(value, what="round_half_up") * scale + sympy.Rational(1, 2)), scale)


def exact_argmin(expr, points, values: dict | None = None) -> int:
    """The index of the first of ``points`` (each a dict symbol -> exact number) at which ``expr`` (in those symbols
    and the symbols of ``values``, symbol -> constant) is least, decided rigorously: at each of
    :data:`ORDER_PRECISIONS` every point's value is enclosed (nothing substituted) and the points whose balls lie wholly
    above the ball with the least midpoint are out; one left is the answer.  The rest (equal values, or too close) are
    ordered by :func:`exact_order` of ``expr`` at each (a tie only by a proof: the first of equal ones).
    :class:`OrderUndecided` when an order cannot be decided (or ``expr`` has no enclosure).  For a search over many
    points (a hash range m up to e^eps + 3) where substituting each into ``expr`` would cost more than enclosing it."""
    points = [{sym: v if isinstance(v, sympy.Basic) else sympy.sympify(v) for sym, v in pt.items()} for pt in points]
    at = {sym: v if isinstance(v, sympy.Basic) else sympy.sympify(v) for sym, v in (values or {}).items()}
    live = list(range(len(points)))
    for prec in ORDER_PRECISIONS:
        with flint_ctx.workprec(prec):
            env = enclosure_environment(at)
            boxes = {}
            for i in live:
                box = _enclose(expr, {**env, **enclosure_environment(points[i])})
                if box is None or not box.is_finite():
                    boxes = None
                    break
                boxes[i] = box
            if boxes is None:  # a ball may exist at a higher precision; else the exact orders below decide
                continue
            low = min(live, key=lambda i: boxes[i].mid())  # the first of the least midpoints (exact points)
            live = [i for i in live if not boxes[i] > boxes[low]]  # out only when certainly above
            if len(live) == 1:
                return live[0]
    best = live[0]
    for i in live[1:]:
        if exact_order(expr.xreplace(points[i]), expr.xreplace(points[best]), at) < 0:
            best = i
    return best


def is_zero(value) -> bool:
    """Exact zero test: rationals directly, rational functions over Q as a quotient of python-flint
    polynomials (:func:`rational_function_zero`), other expressions after ``cancel`` or ``simplify``."""
    value = value if isinstance(value, sympy.Basic) else sympy.sympify(value)
    if value.is_Rational:
        return value == 0
    fast = rational_function_zero(value)
    if fast is not None:
        return fast
    free = value.free_symbols
    if not free and _certainly_nonzero(value):  # a constant whose enclosure excludes 0
        return False
    if free and _nonzero_somewhere(value, free):  # an exact nonzero value at a point: no cancel needed to say so
        return False
    cancelled = together_cancelled(value)
    if cancelled == 0:
        return True
    free = cancelled.free_symbols
    if _rational_over_q(cancelled, free):
        return False  # cancel's form of a rational function over Q is canonical: zero only if it is 0
    if _nonzero_somewhere(cancelled, free):
        return False
    return sympy.simplify(cancelled) == 0


@functools.lru_cache(maxsize=32)
def together_cancelled(expr):
    """``cancel(together(expr))``, kept for the last few expressions: a failing comparison's report line
    (``ldpref.ledger.evidence._diff``) cancels the very difference ``is_zero`` just cancelled.  A rational function
    over Q gets that very expression from :func:`cancelled_rational` (no symbolic cancel)."""
    fast = cancelled_rational(expr)
    return fast if fast is not None else sympy.cancel(sympy.together(expr))


def _rational_over_q(expr, free) -> bool:
    """Is ``expr`` a quotient of polynomials in ``free`` with rational coefficients (no log, sqrt, pi...)?"""
    if not free or not expr.is_rational_function(*free):
        return False
    gens = sorted(free, key=str)
    try:
        domains = [sympy.Poly(part, *gens).domain for part in expr.as_numer_denom()]
    except sympy.PolynomialError:
        return False
    return all(dom.is_QQ or dom.is_ZZ for dom in domains)


def _nonzero_somewhere(expr, free) -> bool:
    """Proof of non-identity: a point, within the symbols' assumptions, where ``expr`` is an exact nonzero
    rational.  Only symbols that are at most integer/positive qualify (values 5, 7, ... or 7/3, 9/3, ...);
    anything else, or a value that is not rational, proves nothing and the caller simplifies."""
    point = {}
    for i, sym in enumerate(sorted(free, key=str)):
        facts = {k for k, v in sym.assumptions0.items() if v}
        if facts - {"commutative", "real", "extended_real", "complex", "finite", "positive", "nonnegative", "nonzero",
                    "extended_positive", "extended_nonnegative", "extended_nonzero", "integer", "rational",
                    "algebraic", "hermitian"}:
            return False
        point[sym] = sympy.Integer(5 + 2 * i) if "integer" in facts else sympy.Rational(7 + 2 * i, 3)
    value = expr.subs(point) if point else expr
    if value.is_Rational:
        return value != 0
    return _certainly_nonzero(value)


def _certainly_nonzero(value) -> bool:
    """Proof that a constant expression is not 0: :func:`exact_order`'s rigorous enclosures of its value exclude 0.
    False proves nothing (enclosures holding 0 at every precision, or an operation not covered): the caller
    simplifies, as before."""
    return exact_order(value, sympy.S.Zero, ties=False) is not None


#: the functions of one argument that :func:`_enclose` encloses by python-flint's rigorous counterparts (erf and erfc:
#: pan-cms Appendix I's Gaussian tail; floor, ceiling, Abs: pan-strict's bit counts and privacy ratios)
_ARB_UNARY = {sympy.exp: arb.exp, sympy.erf: arb.erf, sympy.erfc: arb.erfc, sympy.Abs: arb.__abs__,
              sympy.floor: arb.floor, sympy.ceiling: arb.ceil}


def enclosure_environment(values: dict | None) -> dict:
    """The balls (at the current ``flint.ctx.prec``) of ``values`` (symbol -> exact constant; a plain number is
    sympified first), the ``env`` of :func:`_enclose`: a value with no enclosure (a float) is left out, so an expression
    that uses its symbol has none either."""
    env = {}
    for sym, value in (values or {}).items():
        box = _enclose(value if isinstance(value, sympy.Basic) else sympy.sympify(value))
        if box is not None:
            env[sym] = box
    return env


def _enclose(expr, env: dict | None = None):
    """A python-flint ``arb`` ball (at the current ``flint.ctx.prec``) holding the value of a constant sympy
    expression built of rationals, pi, E, +, *, powers (a square root: a power 1/2 of a positive ball), log, Max, Min
    and the functions of :data:`_ARB_UNARY` (a symbol: its ball in ``env``), or None when an operation is not
    covered (floats included: they are never decided here).  A ball that is not finite (a division by a ball
    holding 0) decides nothing."""
    if expr.is_Rational:
        return arb(fmpq(int(expr.p), int(expr.q)))
    if expr.is_Symbol:
        return None if env is None else env.get(expr)
    if expr is sympy.pi:
        return arb.pi()
    if expr is sympy.E:
        return arb.const_e()
    unary = _ARB_UNARY.get(type(expr))
    if unary is not None:
        arg = _enclose(expr.args[0], env)
        return None if arg is None else unary(arg)
    if expr.is_Add or expr.is_Mul or isinstance(expr, (sympy.Max, sympy.Min)):
        parts = [_enclose(a, env) for a in expr.args]
        if any(p is None for p in parts):
            return None
        out = parts[0]
        for p in parts[1:]:
            out = (out + p if expr.is_Add else out * p if expr.is_Mul
                   else out.max(p) if isinstance(expr, sympy.Max) else out.min(p))
        return out
    if isinstance(expr, sympy.log) or expr.is_Pow:
        args = [_enclose(a, env) for a in expr.args]
        if any(a is None for a in args):
            return None
        if isinstance(expr, sympy.log):
            return args[0].log() if args[0] > 0 else None
        base, exp_ = args
        if expr.exp.is_Integer:
            if int(expr.exp) < 0 and not (base > 0 or base < 0):
                return None
            return base ** int(expr.exp)
        return (base.log() * exp_).exp() if base > 0 else None
    return None


def exact_equal(a, b) -> bool:
    """Exact equality of two exact values (numbers or expressions)."""
    a = a if isinstance(a, sympy.Basic) else sympy.sympify(a)
    b = b if isinstance(b, sympy.Basic) else sympy.sympify(b)
    if a.is_Rational and b.is_Rational:
        return a == b
    return is_zero(a - b)


# ---- rational functions over Q: numerator and denominator as python-flint polynomials -------------------

class _NotRationalFunction(Exception):
    """A node the quotient-of-polynomials evaluator does not take (a function, a radical, a float...), or a
    division by the zero polynomial."""


_CONTEXTS: dict = {}

#: the highest power of a sum (of a polynomial with more than one term) that is expanded
_MAX_POWER = 64


def _context(nvars: int):
    ctx = _CONTEXTS.get(nvars)
    if ctx is None:
        ctx = _CONTEXTS[nvars] = fmpq_mpoly_ctx.get(tuple(f"x{i}" for i in range(nvars)), "lex")
    return ctx


def _quotient(expr, gens: dict, ctx, memo: dict):
    """``expr`` as ``(numerator, denominator)``, fmpq_mpoly in the generators ``gens`` (symbol -> generator);
    the denominator is never the zero polynomial.  Raises _NotRationalFunction on any other node."""
    done = memo.get(expr)
    if done is not None:
        return done
    if expr.is_Rational:
        out = (ctx.constant(fmpq(int(expr.p), int(expr.q))), ctx.constant(1))
    elif expr.is_Symbol:
        out = (gens[expr], ctx.constant(1))
    elif expr.is_Add:
        num, den = ctx.constant(0), ctx.constant(1)
        for arg in expr.args:
            n, d = _quotient(arg, gens, ctx, memo)
            if d == den:
                num = num + n
            else:
                g = den.gcd(d)
                d_g, den_g = d / g, den / g  # exact divisions
                num, den = num * d_g + n * den_g, den * d_g
        out = (num, den)
    elif expr.is_Mul:
        num, den = ctx.constant(1), ctx.constant(1)
        for arg in expr.args:
            n, d = _quotient(arg, gens, ctx, memo)
            num, den = num * n, den * d
        out = (num, den)
    elif expr.is_Pow and expr.exp.is_Integer:
        n, d = _quotient(expr.base, gens, ctx, memo)
        k = int(expr.exp)
        if abs(k) > _MAX_POWER and (len(n) > 1 or len(d) > 1):  # expanding (a + b)^k: leave it to cancel
            raise _NotRationalFunction("a high power of a sum")
        if k >= 0:
            out = (n ** k, d ** k)
        elif n.is_zero():
            raise _NotRationalFunction("division by the zero polynomial")
        else:
            out = (d ** -k, n ** -k)
    else:
        raise _NotRationalFunction(type(expr).__name__)
    memo[expr] = out
    return out


def rational_function_zero(expr) -> bool | None:
    """Is ``expr`` the zero rational function?  Decided exactly when ``expr`` is built only of rational numbers,
    commutative symbols, +, * and integer powers (a rational function over Q): it is put over one denominator
    as a quotient of python-flint polynomials in its symbols, never dividing by the zero polynomial, and is
    zero iff the numerator is the zero polynomial -- the answer ``cancel`` gives, whose form of a rational
    function over Q is canonical.  None (undecided: the caller's general path decides) for any other node or a
    division by the zero polynomial (where sympy would give zoo or nan)."""
    free = expr.free_symbols
    if not all(s.is_Symbol and s.is_commutative for s in free):
        return None
    order = sorted(free, key=lambda s: (s.name, str(s.assumptions0)))
    ctx = _context(len(order))
    gens = dict(zip(order, ctx.gens()))
    try:
        num, _ = _quotient(expr, gens, ctx, {})
    except _NotRationalFunction:
        return None
    return num.is_zero()


def cancel(expr):
    """``sympy.cancel(expr)``: the identical expression, from :func:`cancelled_rational` when ``expr`` is a rational
    function over Q in its symbols (no symbolic cancel), else from sympy."""
    if isinstance(expr, sympy.Expr):
        fast = cancelled_rational(expr)
        if fast is not None:
            return fast
    return sympy.cancel(expr)


def _gen_key(sym):
    """The key sympy's ``sring`` sorts generators by (``sympy.polys.polyutils._sort_gens`` without options)."""
    from sympy.polys.polyutils import _gens_order, _max_order, _re_gen

    name, index = _re_gen.match(str(sym)).groups()
    name_order = _gens_order.get(name, _max_order)
    return (name_order, name, int(index) if index else 0)


def _to_expr(poly, order) -> sympy.Expr:
    """An integer-coefficient fmpq_mpoly as the sympy expression ``PolyElement.as_expr`` builds: ``Add`` of
    ``Mul(coefficient, *powers)`` (``sympy.polys.polyutils.expr_from_dict``)."""
    terms = []
    for monom, coeff in zip(poly.monoms(), poly.coeffs()):
        term = [sympy.Integer(int(coeff.p))]
        for g, m in zip(order, monom):
            if m:
                term.append(sympy.Pow(g, m))
        terms.append(sympy.Mul(*term))
    return sympy.Add(*terms)


def cancelled_rational(expr, values: dict | None = None):
    """``sympy.cancel(expr)`` (the identical expression, which ``cancel(together(expr))`` also is) for a rational
    function over Q in at least one symbol, or None for anything else (a function, a radical, a float, no symbol,
    a division by the zero polynomial, a high power of a sum, symbols whose names tie in sympy's order).  With
    ``values`` (symbol -> sympy Rational; every key a Symbol): ``sympy.cancel(expr.subs(values))``, the numbers
    put into the quotient's polynomials (None when that leaves no symbol or a value is not a Rational).

    ``cancel`` returns ``P/Q`` for the unique pair of integer-coefficient polynomials in its generators (the
    symbols, in ``sring``'s order) with no common factor in Z[x] (content included) and a positive leading
    coefficient of Q in lex order.  Here the quotient is built with python-flint polynomials
    (:func:`rational_function_zero`'s evaluator), divided by its gcd, scaled to that integer pair and turned into
    the expression ``P.as_expr()/Q.as_expr()`` exactly as ``cancel`` builds it.  A substituted denominator that
    vanishes is a division by the zero polynomial (sympy's zoo or nan): None."""
    free = expr.free_symbols
    if not free or not all(s.is_Symbol and s.is_commutative for s in free):
        return None
    fixed = {}
    if values:
        for s in free:
            if s in values:
                if not isinstance(values[s], sympy.Rational):
                    return None
                fixed[s] = values[s]
        if fixed:
            free = free - fixed.keys()
            if not free:
                return None
    keys = {s: _gen_key(s) for s in free}
    if len(set(keys.values())) != len(keys):
        return None  # sympy's order of these generators is not determined by their names
    order = sorted(free, key=keys.__getitem__)
    ctx = _context(len(order))
    gens = dict(zip(order, ctx.gens()))
    for s, v in fixed.items():
        gens[s] = ctx.constant(fmpq(int(v.p), int(v.q)))
    try:
        num, den = _quotient(expr, gens, ctx, {})
    except _NotRationalFunction:
        return None
    if num.is_zero():
        return sympy.S.Zero
    g = num.gcd(den)
    if not g.is_one():
        num, den = num / g, den / g  # exact divisions
    coeffs = num.coeffs() + den.coeffs()
    lcm = 1
    for c in coeffs:
        q = int(c.q)
        lcm = lcm * q // math.gcd(lcm, q)
    content = 0
    for c in coeffs:
        content = math.gcd(content, int(c.p) * (lcm // int(c.q)))
    scale = fmpq(lcm, content)
    if den.leading_coefficient() < 0:
        scale = -scale
    if scale != 1:
        num, den = num * scale, den * scale
    return _to_expr(num, order) / _to_expr(den, order)


def leading_ratio(num, den, var):
    """How ``num/den`` behaves as ``var -> oo``, for polynomials ``num``, ``den`` in ``var`` (coefficients free of
    ``var``): ``(deg num - deg den, LC(num)/LC(den))``, the ratio unsimplified.  The limit is 0 for a negative
    difference, the ratio for 0, and +oo or -oo by the ratio's sign for a positive one; a common factor of ``num`` and
    ``den`` raises both degrees alike and leaves the ratio unchanged, so the quotient need not be reduced first.  A
    zero numerator has degree -oo (limit 0).  None when either is not a polynomial in ``var`` or ``den`` is the zero
    polynomial (the caller then asks ``sympy.limit``)."""
    if not (num.is_polynomial(var) and den.is_polynomial(var)):
        return None
    pn, pd = sympy.Poly(num, var), sympy.Poly(den, var)
    if pd.is_zero:
        return None
    return pn.degree() - pd.degree(), pn.LC() / pd.LC()
