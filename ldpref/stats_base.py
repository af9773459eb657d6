"""The pieces the statistical tests share (:mod:`ldpref.stats`, :mod:`ldpref.calibrated`): one test's result,
the explicit conversion of exact moments to mpmath numbers, and the rounding tolerance.  A module of its own so
the two test modules import it and not each other (issue 22: no import cycles)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import mpmath
import numpy as np
import sympy

DIGITS = 40
ROUNDING_TOLERANCE = 1e-9


@dataclass(frozen=True)
class TestResult:
    """One hypothesis test: its name (e.g. ``"z-mean[v=3]"``), statistic, p-value and details."""
    name: str
    statistic: float
    p_value: float
    detail: dict = field(default_factory=dict)

    __test__ = False  # not a pytest class

    def to_json(self) -> dict:
        """A JSON-ready dict (floats; non-finite statistics as strings)."""
        return {"name": self.name, "statistic": _json_float(self.statistic), "p_value": _json_float(self.p_value),
                "detail": {k: _json_value(v) for k, v in self.detail.items()}}


def _json_float(x):
    x = float(x)
    return x if math.isfinite(x) else str(x)


def _json_value(v):
    if isinstance(v, (list, tuple)):
        return [_json_value(u) for u in v]
    if isinstance(v, (float, np.floating)):
        return _json_float(v)
    if isinstance(v, np.integer):
        return int(v)
    return v


def to_mp(value) -> mpmath.mpf:
    """An exact or float moment as an mpmath number at ``DIGITS`` digits (explicit conversion)."""
    with mpmath.workdps(DIGITS):
        if isinstance(value, mpmath.mpf):
            return +value
        if isinstance(value, (bool, np.bool_)):
            raise TypeError(f"a moment must be a number, not {value!r}")
        if isinstance(value, (int, np.integer)):
            return mpmath.mpf(int(value))
        if isinstance(value, Fraction):
            return mpmath.mpf(value.numerator) / value.denominator
        if isinstance(value, (float, np.floating)):
            return mpmath.mpf(float(value))
        expr = sympy.sympify(value)
        if expr.free_symbols:
            raise TypeError(f"a moment must be a number, not {expr} (free symbols)")
        if expr.is_Rational:
            return mpmath.mpf(int(expr.p)) / int(expr.q)
        return mpmath.mpf(sympy.N(expr, DIGITS + 5))
