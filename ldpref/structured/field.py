"""The exact field a structured model computes in, and the substitution applied last.

Item 4 of issue 10: an irrational e^eps (e.g. e^eps = e, or e^(eps/2) = sqrt(3) for SUE) makes sympy's
generic ``EX`` arithmetic very slow.  A structured model therefore computes every moment as a rational
function of one symbol -- ``EXP_EPS`` (e^eps) or ``EXP_HALF`` (t = e^(eps/2), used by SUE whose bit
probabilities t/(t+1), 1/(t+1) are rational in t, pan-strict Section 5 / jiang-gcms Section II-B) -- over
``QQ(symbol)``, and substitutes the actual value only in the final expression.  Rational values that
keep everything rational (e^eps rational; t rational when e^eps is a rational square) are used
directly over ``QQ``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy
from sympy import QQ

from ..exact import EXP_EPS
from ..mechanisms._params import check_exp_eps

#: t = e^(eps/2): SUE's bits are BRR at eps/2, rational functions of t.
EXP_HALF = sympy.Symbol("exp_half_eps", positive=True)


@dataclass(frozen=True)
class Field:
    """``domain`` (QQ or QQ(symbol)), and ``{symbol: value}`` to substitute in finished results (empty
    when the results are meant to stay symbolic or are already rational)."""

    domain: object
    substitution: tuple = ()
    _finished: dict = field(default_factory=dict, compare=False, repr=False)

    def convert(self, value):
        """An exact sympy value (rational, or rational function of the symbol) as a domain element."""
        return self.domain.from_sympy(sympy.sympify(value))

    def finish(self, expr):
        """Substitute the deferred value (if any) into a finished sympy result (memoised: symmetric models
        repeat the same result for many values).  A number in sqrt(r), r rational, gets its denominator
        rationalised; anything else is left as the substituted rational function (exact, not simplified)."""
        if not self.substitution:
            return expr
        done = self._finished.get(expr)
        if done is None:
            done = sympy.sympify(expr).xreplace(dict(self.substitution))
            if not done.free_symbols and all(v.is_algebraic for _, v in self.substitution):
                done = sympy.radsimp(done)
            self._finished[expr] = done
        return done

    @property
    def is_rational(self) -> bool:
        """Whether values are rationals with no substitution deferred."""
        return self.domain.is_QQ and not self.substitution


def exp_eps_field(exp_eps, *, half: bool = False):
    """``(Field, g)`` where g is the domain element for e^eps (``half=False``) or e^(eps/2)
    (``half=True``).  ``exp_eps`` is the symbol ``EXP_EPS`` or an exact number > 1 (rational or not)."""
    e = check_exp_eps(exp_eps)
    if not half:
        if e == EXP_EPS:
            dom = QQ.frac_field(EXP_EPS)
            return Field(dom), dom.from_sympy(EXP_EPS)
        if e.is_Rational:
            return Field(QQ), QQ.from_sympy(e)
        dom = QQ.frac_field(EXP_EPS)
        return Field(dom, ((EXP_EPS, e),)), dom.from_sympy(EXP_EPS)
    root = sympy.sqrt(e)
    if root.is_Rational:
        return Field(QQ), QQ.from_sympy(root)
    dom = QQ.frac_field(EXP_HALF)
    return Field(dom, ((EXP_HALF, root),)), dom.from_sympy(EXP_HALF)
