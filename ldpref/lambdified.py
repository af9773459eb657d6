"""The ledger's formulas as numeric functions for curves and simulations (issue 13 part 2).

The third use of a formula, after its exact check: the same sympy objects the ledger verifies -- a claim's
derived form, its printed form (kept for errata: a figure shows the printed curve beside the corrected one),
its correction, and the fully explicit expression its ``derivation`` names -- lambdified to

* ``numpy`` (float64, vectorised over array arguments: curves), and
* ``mpmath`` (any number of digits: where precision matters, e.g. a variance that is a small difference).

Every function has a clear signature: its arguments are the ``--set`` keys of the form's free symbols
(:func:`ldpref.numeric.symbol_key`, the keys ``ldpref eval ID`` lists), in the order of :attr:`Lambdified.keys`,
given by keyword or position.  :meth:`Lambdified.exact` substitutes exact values into the very same sympy
object, which is what the tests compare the numeric functions with (at rational points).

Definition symbols: jiang-gcms Theorem 3 writes its variance with ``alpha_1``, ``alpha_2``; the derived form
and the correction keep them as symbols.  :data:`DEFINITIONS` substitutes their derived values (jiang-gcms
Section IV-B, registered by ``proofs_checks/jiang_gcms/definitions.py``) so the function takes the paper's parameters
(p, q, m, k, n, f, ...).

GCMS (jiang-gcms Theorem 3 and Eq. (4)): :func:`gcms_functions` lambdifies ``ldpref.gcms.count_variance`` and
``estimator_variance`` (the formulas GCMS's code uses) the same way.

Claims the figures use are listed in :data:`FIGURE_CLAIMS`; ``tests/test_lambdified.py`` checks each of their
functions against the exact value at rational points.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cached_property

import mpmath
import sympy

from .errors import ParameterError
from .numeric import form_keys, scalar_parts, symbol_key
from .positional_lambdify import positional_lambdify

#: (claim id, which forms) used by the figures: CMS / OLH variances (pan-cms Eq. (31), Appendix H), the inner
#: variances of RR / OUE (pan-cms Eqs. (12), (13)), the pure protocols' variance with GRR / OUE parameters
#: (jiang-gcms Section II-B, III-A), OSC / Subset Selection (pan-strict Lemma 3.2), GCMS Theorem 3 (printed and
#: corrected)
FIGURE_CLAIMS = {
    "pan-cms/appD.eq31": ("derived", "printed"),
    "pan-cms/appH.olh-eq31": ("derived", "printed"),
    "pan-cms/eq12": ("derived", "printed"),
    "pan-cms/eq13": ("derived", "printed"),
    "jiang-gcms/sec2.B.variance": ("derived", "printed"),
    "jiang-gcms/cor1": ("derived", "printed"),
    "jiang-gcms/sec3.A.GRR": ("derived", "printed"),
    "jiang-gcms/sec3.A.OUE": ("derived",),
    "pan-strict/lemma3.2": ("derived",),
    "jiang-gcms/thm3": ("derived", "printed", "correction", "derivation"),
    "jiang-gcms/thm3.estimator": ("derived", "printed", "correction"),
}

FORMS = ("derived", "printed", "correction", "derivation")


#: paper key -> provider of {definition symbol: derived value}, substituted before lambdifying; a paper registers
#: its own when its checks are imported (jiang-gcms: ``proofs_checks/jiang_gcms/definitions.py``), so this module
#: imports no paper
DEFINITIONS: dict = {}


@dataclass(frozen=True)
class Lambdified:
    """One scalar formula with its numpy and mpmath functions; arguments are ``keys`` (keyword or positional)."""
    name: str                 # e.g. "jiang-gcms/thm3:correction" (+ ":part" for a form with several parts)
    expr: sympy.Expr
    keys: tuple
    symbols: tuple = field(repr=False)

    @cached_property
    def _numpy(self):
        return positional_lambdify(self.symbols, self.expr, "numpy")

    @cached_property
    def _mpmath(self):
        return positional_lambdify(self.symbols, self.expr, "mpmath")

    def _args(self, args, kwargs) -> list:
        if len(args) > len(self.keys):
            raise ParameterError(f"{self.name}: takes {len(self.keys)} arguments ({', '.join(self.keys)})")
        values = dict(zip(self.keys, args))
        for key, value in kwargs.items():
            if key not in self.keys:
                raise ParameterError(f"{self.name}: unknown argument {key!r}; arguments: {', '.join(self.keys)}")
            if key in values:
                raise ParameterError(f"{self.name}: {key} given twice")
            values[key] = value
        missing = [k for k in self.keys if k not in values]
        if missing:
            raise ParameterError(f"{self.name}: missing argument(s) {', '.join(missing)}")
        return [values[k] for k in self.keys]

    def numpy(self, *args, **kwargs):
        """float64 value(s): arguments may be numpy arrays (broadcast)."""
        return self._numpy(*self._args(args, kwargs))

    def __call__(self, *args, **kwargs):
        return self.numpy(*args, **kwargs)

    def mpmath(self, *args, digits: int = 30, **kwargs):
        """The value with mpmath at ``digits`` significant digits (exact arguments -- ints, Fractions, sympy
        numbers -- are converted at that precision first; floats are taken as the binary values they are)."""
        from .exact import to_mpf

        values = self._args(args, kwargs)
        with mpmath.workdps(digits + 10):
            converted = [mpmath.mpf(v) if isinstance(v, (float, mpmath.mpf)) else to_mpf(v, digits + 10)
                         for v in values]
            value = self._mpmath(*converted)
        with mpmath.workdps(digits):
            return +value

    def exact(self, *args, **kwargs) -> sympy.Expr:
        """The exact value: the same sympy object at exact arguments (floats refused), by the one evaluator
        (:func:`ldpref.ledger.forms.value_at`: the compiled rational program where the value is rational, a Max or
        Min ordered exactly); a value that is not rational is then simplified for display."""
        from .exact import to_exact
        from .ledger.forms import value_at

        values = self._args(args, kwargs)
        subs = {s: to_exact(v, what=k) for s, k, v in zip(self.symbols, self.keys, values)}
        value = value_at(self.expr, subs)
        return value if value.is_Rational else sympy.simplify(value)


def lambdify_expr(name: str, expr, *, definitions: dict | None = None) -> Lambdified:
    """Lambdify one scalar sympy expression; ``definitions`` (symbol -> expression) are substituted first."""
    expr = sympy.sympify(expr)
    if definitions:
        used = {s: v for s, v in definitions.items() if expr.has(s)}
        if used:
            expr = expr.xreplace(used)
    keys = form_keys(expr)
    return Lambdified(name, expr, tuple(keys), tuple(keys.values()))


def _resolve(dotted: str):
    module, _, attr = dotted.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def _derivation_form(claim_id: str, dotted: str):
    """The expression the record's ``derivation`` names, when that derivation takes no parameters; one that does
    (a table cell's ``table1_finite(row, col)``) is refused with the parameters it needs, not a TypeError."""
    import inspect

    fn = _resolve(dotted)
    needed = [p.name for p in inspect.signature(fn).parameters.values()
              if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    if needed:
        raise ParameterError(f"{claim_id}: its derivation {dotted} takes parameters ({', '.join(needed)}); "
                             "use the 'derived' form")
    return fn()


def claim_forms(claim_id: str, which=("derived", "printed")) -> dict[str, object]:
    """The sympy forms of a claim reachable from its record: ``derived``, ``printed`` (None when our copy lost
    it), ``correction`` (errata and conditionals; the derived form when the record gives none) and ``derivation`` (the
    explicit expression the record's ``derivation`` names)."""
    from .ledger.claim import find_claim

    claim = find_claim(claim_id)
    out = {}
    for w in which:
        if w not in FORMS:
            raise ParameterError(f"{claim_id}: unknown form {w!r} (forms: {', '.join(FORMS)})")
        if w == "derivation":
            out[w] = _derivation_form(claim_id, claim.derivation)
        elif w == "correction" and claim.correction is None:
            out[w] = claim.derived()  # the record's rule: the correction defaults to the derived form
        else:
            fn = getattr(claim, w)
            out[w] = fn() if fn is not None else None
    return out


def lambdify_claim(claim_id: str, which=("derived", "printed")) -> dict[str, Lambdified]:
    """Lambdified scalar parts of a claim's forms: ``"<form>"`` (one part) or ``"<form>.<part key>"`` (e.g.
    ``"derived.p_GRR"``) -> :class:`Lambdified`.

    A form that is absent (printed form lost in our copy, no correction) or not numeric (a predicate, a
    statement) is left out; an equation contributes its right side.
    """
    paper = claim_id.split("/", 1)[0]
    forms = claim_forms(claim_id, which)  # loads the paper's checks, which register its definitions
    provider = DEFINITIONS.get(paper)
    definitions = provider() if provider else None
    out = {}
    for w, form in forms.items():
        if form is None:
            continue
        if not isinstance(form, (sympy.Basic, dict, list, tuple)):
            continue
        parts = {part: expr for part, expr in scalar_parts(form).items()
                 if isinstance(expr, sympy.Expr) and not isinstance(expr, sympy.core.relational.Relational)}
        for part, expr in parts.items():
            label = w if len(parts) == 1 else f"{w}.{symbol_key(sympy.Symbol(part))}"
            out[label] = lambdify_expr(f"{claim_id}:{label}", expr, definitions=definitions)
    return out


def gcms_functions() -> dict[str, Lambdified]:
    """jiang-gcms Theorem 3 / Eq. (4) as ldpref.gcms computes them: ``count_variance`` (Var[C(d)]) and
    ``estimator_variance`` (Var[f_hat(d)] in counts), arguments p, q, m, k, n, f, sum_sq_others."""
    from . import gcms

    syms = sympy.symbols("p q m k n f sum_sq_others", positive=True)
    out = {}
    for name in ("count_variance", "estimator_variance"):
        expr = getattr(gcms, name)(*syms)
        out[name] = Lambdified(f"ldpref.gcms.{name}", expr, tuple(str(s) for s in syms), tuple(syms))
    return out


__all__ = ["Lambdified", "lambdify_expr", "lambdify_claim", "claim_forms", "gcms_functions", "FIGURE_CLAIMS",
           "DEFINITIONS"]
