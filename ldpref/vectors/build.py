"""Computing one test vector: exact P and Q of a built-in mechanism and the exact moments of its estimate.

The moments are pan-strict Appendix A.1's (``ldpref.moments``): ``E[f_hat] = QP c / n``, the covariance
``(Q diag(P c) Q^T - QP diag(c) (QP)^T) / n^2`` and its diagonal, the variance.  A rational e^eps gives
exact rationals.  An irrational e^eps (eps = 1/2, eps = 1), and SUE at an e^eps that is not a square (its
entries hold e^(eps/2)), is computed symbolically -- P, Q and every moment as an expression in the symbol
``exp_eps`` -- and e^eps is substituted last, evaluated with mpmath at :data:`WORK_DIGITS` digits and
rounded to :data:`DIGITS` significant digits (half to even).
"""

from __future__ import annotations

import decimal
import functools

import mpmath
import sympy

from ..exact import EXP_EPS
from ..number_syntax import parse_number
from ..positional_lambdify import positional_lambdify

#: significant digits of every decimal in a vector
DIGITS = 50
#: working precision of mpmath for irrational values (well above DIGITS, so the rounding is right)
WORK_DIGITS = 80
#: e^(eps/2), the symbol of symmetric unary encoding's entries while they are built (then sqrt(exp_eps))
HALF = sympy.Symbol("exp_half_eps", positive=True)
#: mechanisms whose estimate depends on a hash family (the flag ``biased-family`` applies to them)
HASHED = frozenset({"olh", "cms", "cms-he", "gcms", "ocms-prime", "hcms", "fastlh"})

_CONTEXT = decimal.Context(prec=DIGITS, rounding=decimal.ROUND_HALF_EVEN, Emax=10**6, Emin=-10**6)


def rational_decimal(value: sympy.Rational) -> str:
    """An exact rational rounded to DIGITS significant digits (half to even), by integer division."""
    value = sympy.Rational(value)
    return str(_CONTEXT.divide(decimal.Decimal(int(value.p)), decimal.Decimal(int(value.q))))


def mp_decimal(value) -> str:
    """An mpmath number (computed at WORK_DIGITS) rounded to DIGITS significant digits."""
    text = mpmath.nstr(value, WORK_DIGITS - 10, strip_zeros=False, min_fixed=1, max_fixed=0)
    return str(_CONTEXT.plus(decimal.Decimal(text)))


def parse_eps(text: str) -> tuple[sympy.Expr, sympy.Expr]:
    """(eps, e^eps) exactly from the ``eps=`` text (natural logarithm)."""
    eps = parse_number(text, what="eps", irrational=True)
    return eps, sympy.exp(eps)


def _builder_kwargs(spec, params: dict[str, str]) -> dict:
    kwargs = {}
    for key, text in params.items():
        kind = spec.keys[key].kind
        kwargs[key] = int(text) if kind == "int" else parse_number(text, what=key) if kind == "rational" else text
    return kwargs


def needs_symbols(name: str, exp_eps: sympy.Expr) -> bool:
    """Whether P's entries are irrational at this e^eps: an irrational e^eps, or SUE at a non-square one."""
    return not exp_eps.is_Rational or (name == "sue" and not sympy.sqrt(exp_eps).is_Rational)


def build(name: str, params: dict[str, str], exp_eps):
    """The registry's mechanism at ``exp_eps`` (an exact value or the symbol EXP_EPS)."""
    from ..mechanisms import REGISTRY
    from ..mechanisms.gcms import p_for_exp_eps

    spec = REGISTRY[name]
    kwargs = _builder_kwargs(spec, params)
    if exp_eps == EXP_EPS and name == "sue":
        from ..mechanisms.pure import _unary

        d = kwargs["d"]
        return _unary(f"sue(d={d}, exp_eps=exp_eps)", d, HALF / (HALF + 1), 1 / (HALF + 1)).mechanism
    if exp_eps == EXP_EPS and name == "gcms":  # its builder checks e^eps > 1 on a number: give p instead
        return spec.build(p=p_for_exp_eps(EXP_EPS, kwargs["s"], kwargs["m"]), **kwargs)
    return spec.build(exp_eps=exp_eps, **kwargs)


@functools.lru_cache(maxsize=None)
def _symbolic_text(expr) -> sympy.Expr:
    """An expression in exp_eps: SUE's e^(eps/2) written sqrt(exp_eps); rational functions are already in
    lowest terms (the exact domain's normal form)."""
    expr = sympy.sympify(expr)
    return sympy.cancel(expr.subs(HALF, sympy.sqrt(EXP_EPS))) if expr.has(HALF) else expr


@functools.lru_cache(maxsize=None)
def _evaluator(expr: sympy.Expr):
    return positional_lambdify([EXP_EPS], expr, "mpmath")


class Values:
    """Exact values and their decimals: rationals directly, expressions in exp_eps at a given e^eps."""

    def __init__(self, exp_eps: sympy.Expr | None):
        self.exp_eps = exp_eps
        if exp_eps is not None:
            with mpmath.workdps(WORK_DIGITS):
                self._mp = mpmath.mpf(sympy.N(exp_eps, WORK_DIGITS + 10))

    def exact(self, value) -> str:
        """The exact text: ``p/q``, or an expression in ``exp_eps`` (sympy syntax)."""
        return str(value if self.exp_eps is None else _symbolic_text(value))

    def decimal(self, value) -> str:
        """DIGITS significant digits; an expression is evaluated at e^eps last."""
        if self.exp_eps is None:
            return rational_decimal(value)
        expr = _symbolic_text(value)
        if expr.is_Rational:
            return rational_decimal(expr)
        with mpmath.workdps(WORK_DIGITS):
            return mp_decimal(mpmath.mpf(_evaluator(expr)(self._mp)))


__all__ = ["DIGITS", "WORK_DIGITS", "HALF", "HASHED", "rational_decimal", "mp_decimal", "parse_eps",
           "needs_symbols", "build", "Values"]
