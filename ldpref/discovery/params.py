"""Parameters of jiang-gcms Algorithm 6: the Laplace scale ``b`` and the threshold ``T`` from (eps, delta).

The paper fixes (b, T) only implicitly: Theorem 4, Eq (8) gives ``eps = max{1/b, log(1 + 1/(2 e^{(T-1)/b} - 1))}``
and Eq (9) ``delta = exp(eps (1 - T)) / 2``; Section VII-E uses the inverse "T is approximately
1 - log(2 delta)/eps".  :func:`paper_parameters` takes the first term of Eq (8) with equality, ``b = 1/eps``,
and Eq (9) solved for T, ``T = 1 - ln(2 delta)/eps``.  Whether these satisfy Theorem 4 is checked elsewhere
(claims ``jiang-gcms/thm4``, ``eq8``, ``eq9``); this module only applies them and refuses bad values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import ParameterError

#: largest eps accepted (b = 1/eps would fall below any meaningful noise long before)
MAX_EPS = 1000.0
#: smallest eps accepted (b = 1/eps and T grow like 1/eps)
MIN_EPS = 1e-6


@dataclass(frozen=True)
class ThresholdParameters:
    """The Laplace scale ``b`` and threshold ``T`` of Algorithm 6 (floats: they drive a simulation)."""

    b: float
    T: float
    eps: float | None = None
    delta: float | None = None


def check_eps(eps) -> float:
    """``eps`` as a float in [MIN_EPS, MAX_EPS] or a one-line :class:`ParameterError`."""
    value = _real("eps", eps)
    if not value > 0:
        raise ParameterError(f"eps = {eps}: must be > 0")
    if not MIN_EPS <= value <= MAX_EPS:
        raise ParameterError(f"eps = {eps}: must lie in [{MIN_EPS:g}, {MAX_EPS:g}]")
    return value


def check_delta(delta) -> float:
    """``delta`` as a float strictly inside (0, 1) or a one-line :class:`ParameterError`."""
    value = _real("delta", delta)
    if not 0 < value < 1:
        raise ParameterError(f"delta = {delta}: must lie strictly between 0 and 1")
    return value


def check_threshold(b, T) -> ThresholdParameters:
    """Validate Algorithm 6's own inputs: ``b > 0`` and ``T >= 1`` (a bin of one client must not pass for free)."""
    b_value, t_value = _real("b", b), _real("T", T)
    if not b_value > 0:
        raise ParameterError(f"b = {b}: the Laplace scale must be > 0")
    if not t_value >= 1:
        raise ParameterError(f"T = {T}: the threshold must be >= 1")
    return ThresholdParameters(b=b_value, T=t_value)


def paper_parameters(eps, delta) -> ThresholdParameters:
    """(b, T) for (eps, delta) as jiang-gcms applies Theorem 4: ``b = 1/eps`` (Eq (8), first term),
    ``T = 1 - ln(2 delta)/eps`` (Eq (9) solved for T; Section VII-E).  delta must lie in (0, 1/2): delta >= 1/2
    gives T <= 1 (at delta = 1/2, T = 1 exactly: a bin of one client passes for free), refused."""
    e, d = check_eps(eps), check_delta(delta)
    if not d < 0.5:
        raise ParameterError(f"delta = {delta}: must lie strictly between 0 and 1/2 (T = 1 - ln(2 delta)/eps "
                             f"is then > 1)")
    b, T = 1.0 / e, 1.0 - math.log(2.0 * d) / e
    if not T >= 1:
        raise ParameterError(f"delta = {delta}: gives T = 1 - ln(2 delta)/eps = {T:.6g} < 1 (need delta <= 1/2)")
    checked = check_threshold(b, T)
    return ThresholdParameters(b=checked.b, T=checked.T, eps=e, delta=d)


def _real(name: str, value) -> float:
    if isinstance(value, bool):
        raise ParameterError(f"{name} = {value!r}: not a number")
    try:
        out = float(value)
    except (TypeError, ValueError):
        raise ParameterError(f"{name} = {value!r}: not a number") from None
    if not math.isfinite(out):
        raise ParameterError(f"{name} = {value}: not finite")
    return out
