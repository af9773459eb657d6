"""Theory curves from the ledger: a claim's derived or printed form, lambdified (numpy) and evaluated on a grid.

The forms are the ledger's own sympy objects (``find_claim(id).derived()`` / ``.printed()``), never retyped:
an equation contributes its right-hand side, a tuple of forms its ``part``-th element.  Values are given by the
forms' ``--set`` keys (:func:`ldpref.numeric.form_keys`; ``exp_eps`` for e^eps).  Also exact moments of a
structured model (:mod:`ldpref.structured`) converted explicitly to float.
"""

from __future__ import annotations

import numpy as np
import sympy


def form(claim_id: str, which: str = "derived", part=0) -> sympy.Expr:
    """The right-hand side of a claim's ``which`` form (``derived`` or ``printed``): element ``part`` of a tuple,
    or the entry whose key prints as ``part`` of a dict."""
    from ..ledger.claim import find_claim

    c = find_claim(claim_id)
    f = c.derived() if which == "derived" else (c.printed() if c.printed is not None else None)
    if f is None:
        raise ValueError(f"{claim_id} has no {which} form")
    if isinstance(f, dict):
        f = next(v for k, v in f.items() if str(k) == part or getattr(k, "name", None) == part)
    elif isinstance(f, (tuple, list)):
        f = f[part]
    if isinstance(f, sympy.Equality):
        f = f.rhs
    if not isinstance(f, sympy.Expr):
        raise ValueError(f"{claim_id} {which} form is a {type(f).__name__}, not a formula")
    return f


def curve(claim_id: str, which: str, x_key: str, xs, fixed: dict, part=0, scale=None) -> list[float]:
    """The form evaluated at ``x_key = x`` for each x in ``xs`` and the other keys from ``fixed`` (floats);
    multiplied by ``scale(x)`` when given (e.g. 1/n for a Table 1 column stated as n times the loss)."""
    from ..sweep import note

    note(f"theory {claim_id} ({which})")
    from ..numeric import form_keys

    expr = form(claim_id, which, part)
    keys = form_keys(expr)
    missing = set(keys) - set(fixed) - {x_key}
    if missing:
        raise ValueError(f"{claim_id} {which}: no value for {', '.join(sorted(missing))}")
    subs = {keys[k]: v for k, v in fixed.items() if k in keys}
    fn = numpy_function([keys[x_key]], expr.subs(subs)) if x_key in keys else None
    out = []
    for x in xs:
        y = float(fn(float(x))) if fn else float(sympy.N(expr.subs(subs)))
        out.append(y * (scale(x) if scale else 1.0))
    return out


def structured(name: str, counts, values, what: str = "mse", **params) -> list[float]:
    """Exact ``what`` (mse, variance) of the structured model at the values given, converted to float."""
    from ..sweep import note

    note(f"exact {what} of {name}")
    from ..structured import moments
    from ..structured.registry import model

    mdl = model(name, **params)
    vals = getattr(moments, what)(mdl, [int(c) for c in counts], values=[int(v) for v in values])
    return [float(sympy.N(v, 30)) for v in vals]


def l2_affine(name: str, counts, **params) -> float:
    """The exact l2 loss (sum of MSE over all d values) of a model whose MSE at v is affine in c_v -- a pure
    mechanism with a symmetric configuration (Subset Selection, GRR, OSC): Var_v = (c_v V1 + (n - c_v) V0)/n^2
    (pan-strict Appendix A.1).  Two values with different counts fix the line, so only two exact evaluations
    are made; the sum is formed exactly, then converted."""
    from ..structured import moments
    from ..structured.registry import model

    counts = [int(c) for c in counts]
    hi = max(range(len(counts)), key=lambda v: counts[v])
    lo = min(range(len(counts)), key=lambda v: counts[v])
    if counts[hi] == counts[lo]:
        raise ValueError("l2_affine needs two values with different counts")
    mdl = model(name, **params)
    a_hi, a_lo = moments.mse(mdl, counts, values=[hi, lo])
    slope = (a_hi - a_lo) / (counts[hi] - counts[lo])
    total = len(counts) * a_lo + slope * (sum(counts) - len(counts) * counts[lo])
    return float(sympy.N(total, 30))


def function(claim_id: str, which: str, keys: list[str], part=0, fixed: dict | None = None):
    """The form as a numpy function of ``keys`` (positional; vectorised), after substituting ``fixed``."""
    from ..numeric import form_keys

    expr = form(claim_id, which, part)
    by_key = form_keys(expr)
    unknown = set(by_key) - set(keys) - set(fixed or {})
    if unknown:
        raise ValueError(f"{claim_id} {which}: no value for {', '.join(sorted(unknown))}")
    if fixed:
        expr = expr.subs({by_key[k]: v for k, v in fixed.items() if k in by_key})
    return numpy_function([by_key.get(k, sympy.Symbol(k)) for k in keys], expr)


def numpy_function(args, expr):
    """``expr`` as a numpy function of the symbols ``args`` (positional), its code fixed by the form alone
    (:func:`ldpref.positional_lambdify.positional_lambdify`: a figure CSV once differed in the last digit from an
    identical run's because sympy's Dummy names ordered a sum's terms)."""
    from ..positional_lambdify import positional_lambdify

    return positional_lambdify(args, expr, "numpy")


def exp_eps_text(eps) -> str:
    """e^eps as the structured registry's text: ``E^r`` with r rational (an exact value)."""
    return f"E^{sympy.Rational(str(eps))}"


def as_array(xs) -> np.ndarray:
    """Plotted values as float64 (the explicit exit from exact numbers for drawing)."""
    return np.asarray(list(xs), dtype=np.float64)
