"""Leaving the exact world on purpose: evaluate ldpref's sympy forms numerically.

* :func:`symbol_key` -- the stable ASCII ``--set`` key of a form's free symbol (LaTeX names made identifiers);
* :func:`form_keys` -- the keys of a form with their symbols (and the old, LaTeX-derived names as aliases);
* :func:`check_value` -- a value against the symbol's assumptions (integer, positive, ...) and its meaning
  (e^eps > 1, d >= 2, n >= 1);
* :func:`to_numpy` -- lambdify a form to a numpy function (vectorised, float64) for simulation.
* :func:`evaluate` -- substitute exact values; the result is exact when it is rational, and is also
  given with mpmath at a chosen number of digits (and by the numpy function, as a cross-check).  A pole
  or an undefined value (``zoo``, ``nan``, a non-real result) is an error naming the part, never printed.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass

import mpmath
import sympy

from .errors import ParameterError
from .exact import EXP_EPS, to_exact
from .positional_lambdify import positional_lambdify

#: LaTeX commands whose name becomes a word of the key (Greek letters, hats, ...); formatting ones are dropped
_DROP = {"mathrm", "mathcal", "mathbf", "mathbb", "mathit", "text", "operatorname", "left", "right", "big",
         "Big", "cdot", "quad", "qquad", "displaystyle"}
_WORDS = {"epsilon": "epsilon", "varepsilon": "epsilon", "neq": "neq", "le": "le", "leq": "le", "ge": "ge",
          "geq": "ge", "in": "in", "infty": "inf"}

#: meaning-based ranges of common symbols (by key), beyond sympy's assumptions: key -> (test, wording)
_RANGES = {
    "exp_eps": (lambda v: v > 1, "e^eps must exceed 1 (eps > 0)"),
    "d": (lambda v: v >= 2, "a dictionary has d >= 2 values"),
    "n": (lambda v: v >= 1, "n >= 1 clients"),
}


def symbol_key(sym) -> str:
    """The ``--set`` key of a symbol: an ASCII identifier made from its (LaTeX) name.

    ``exp_eps`` stays ``exp_eps``; ``x'`` -> ``x_prime``; ``p^{*}`` -> ``p_star``; ``\\hat{f}(x)`` -> ``hat_f_x``;
    ``\\sum_{d'\\neq d} f(d')^{2}`` -> ``sum_d_prime_neq_d_f_d_prime_2``."""
    if sym == EXP_EPS:
        return "exp_eps"
    s = str(sym.name) if hasattr(sym, "name") else str(sym)
    s = re.sub(r"\^\{?\*\}?", " star ", s)
    s = s.replace("'", " prime ")
    s = re.sub(r"\\([A-Za-z]+)", lambda m: " " if m.group(1) in _DROP else f" {_WORDS.get(m.group(1), m.group(1))} ",
               s)
    s = re.sub(r"[^A-Za-z0-9]+", "_", s, flags=re.ASCII).strip("_")
    if not s:
        s = "x"
    if s[0].isdigit():
        s = "x_" + s
    return s


def old_symbol_key(sym) -> str:
    """The key of earlier versions (LaTeX decoration removed, not made an identifier): accepted as an alias."""
    if sym == EXP_EPS:
        return "exp_eps"
    name = re.sub(r"\\math[a-z]+", "", sym.name)
    name = re.sub(r"[\\{}|^$]", "", name)
    return name or sym.name


def scalar_parts(form) -> dict[str, sympy.Expr]:
    """The scalar expressions of a form: the right side of an equation, the values of a dict, ..."""
    if isinstance(form, dict):
        out = {}
        for k, v in form.items():
            out.update({f"{k}{'.' + s if s else ''}": e for s, e in scalar_parts(v).items()})
        return out
    if isinstance(form, (list, tuple)):
        out = {}
        for i, v in enumerate(form):
            out.update({f"[{i}]{'.' + s if s else ''}": e for s, e in scalar_parts(v).items()})
        return out
    if isinstance(form, sympy.Equality):
        return {str(form.lhs): form.rhs}
    if isinstance(form, sympy.core.relational.Relational):
        return {"": form}
    return {"": form}


def _free(expr) -> set:
    return set(getattr(expr, "free_symbols", set()))


def form_keys(*forms) -> dict[str, object]:
    """key -> symbol over the scalar parts of ``forms``, in a stable order; two symbols with the same key get
    ``_2``, ``_3`` ... in the order of their sympy names."""
    symbols = set()
    for form in forms:
        for expr in scalar_parts(form).values():
            symbols |= _free(expr)
    keys: dict[str, object] = {}
    for sym in sorted(symbols, key=lambda s: (symbol_key(s), str(s), type(s).__name__)):
        key, i = symbol_key(sym), 2
        while key in keys:
            key, i = f"{symbol_key(sym)}_{i}", i + 1
        keys[key] = sym
    return keys


def key_aliases(keys: dict[str, object]) -> dict[str, str]:
    """old (LaTeX-derived) name -> key, for the names that are unambiguous and differ from a key."""
    old: dict[str, list[str]] = {}
    for key, sym in keys.items():
        old.setdefault(old_symbol_key(sym), []).append(key)
    return {name: ks[0] for name, ks in old.items() if len(ks) == 1 and name != ks[0] and name not in keys}


def symbol_facts(sym) -> list[str]:
    """The assumptions and the meaning-based range of a symbol, as words (for listings and messages)."""
    facts = getattr(sym, "assumptions0", {})
    words = []
    if facts.get("integer"):
        words.append("integer")
    if facts.get("positive"):
        words.append("> 0")
    elif facts.get("nonnegative"):
        words.append(">= 0")
    rng = _RANGES.get(symbol_key(sym))
    if rng:
        words.append(rng[1])
    return words


def check_value(key: str, sym, value) -> None:
    """Refuse a value that breaks the symbol's assumptions or the range of its meaning (ParameterError)."""
    facts = getattr(sym, "assumptions0", {})
    rng = _RANGES.get(key)
    if rng and value.is_real and not bool(rng[0](value)):  # the meaning first: it says more than "positive"
        raise ParameterError(f"{key} = {value}: {rng[1]}")
    if facts.get("integer") and not (value.is_Rational and value.q == 1):
        raise ParameterError(f"{key} = {value}: must be an integer")
    if facts.get("positive") and not value.is_positive:
        raise ParameterError(f"{key} = {value}: must be positive")
    if facts.get("nonnegative") and not value.is_nonnegative:
        raise ParameterError(f"{key} = {value}: must be non-negative")
    rng = _RANGES.get(key)
    if rng and not bool(rng[0](value)):
        raise ParameterError(f"{key} = {value}: {rng[1]}")


def to_numpy(expr: sympy.Expr, keys: list[str]):
    """A numpy function of the given ``--set`` keys (positional), from the same sympy object."""
    by_key = form_keys(expr)
    args = [by_key.get(k, sympy.Symbol(k)) for k in keys]
    return positional_lambdify(args, expr, "numpy")


@dataclass
class Evaluation:
    name: str
    exact: sympy.Expr
    is_rational: bool
    mpmath_value: str | None
    numpy_value: float | None


def _short(expr, width: int = 120) -> str:
    text = str(expr)
    return text if len(text) <= width else text[: width - 3] + "..."


#: a form with a sum or product that is expanded term by term (sympy's Sum/Product, or a function class of
#: the derivations such as pan-cms's SumIn) is evaluated only at integers up to this bound
MAX_SUM_RANGE = 100


#: an exact power with a symbolic exponent may have at most this many bits at the given values
MAX_POWER_BITS = 10 ** 5
_COMBINATORIAL = (sympy.factorial, sympy.binomial, sympy.gamma, sympy.RisingFactorial, sympy.FallingFactorial,
                  sympy.factorial2, sympy.subfactorial)


def _approx(expr, subs):
    value = sympy.N(expr.subs(subs), 15)
    return value if value.is_number else None


def _check_growth(expr, subs, label: str) -> None:
    """Refuse values that would make sympy build an astronomically large exact number (2**d at d = 10^30,
    factorial(n) at n = 10^30) before anything is built: the size is estimated at 15 digits first."""
    for power in expr.atoms(sympy.Pow):
        if not power.exp.free_symbols:
            continue
        e, b = _approx(power.exp, subs), _approx(power.base, subs)
        if e is None or b is None or not (e.is_real and b.is_real) or b == 0:
            continue
        bits = abs(e) * abs(sympy.log(abs(b), 2).evalf(15))
        if bits > MAX_POWER_BITS:
            raise ValueError(f"{label}: {power} would have about {sympy.Float(bits, 3)} bits at these values "
                             f"(at most {MAX_POWER_BITS})")
    for term in expr.atoms(*_COMBINATORIAL):
        for arg in term.args:
            a = _approx(arg, subs) if arg.free_symbols else None
            if a is not None and a.is_real and abs(a) > MAX_SUM_RANGE * 100:
                raise ValueError(f"{label}: {term.func.__name__} of {sympy.Float(a, 3)} is too large to build exactly "
                                 f"(arguments at most {MAX_SUM_RANGE * 100})")


def _expansion_sizes(expr) -> set:
    """The symbols in the ranges of the sums and products expanded term by term: sympy's Sum/Product (their
    limits), and applied functions whose class is defined outside sympy and has its own ``doit`` (the
    derivations' notation, e.g. pan-cms's ``SumIn(term, i, N)``, expanded over ``range(N)``: every argument
    after the term)."""
    sizes = set()
    for s in expr.atoms(sympy.Sum, sympy.Product):
        for limit in s.limits:
            for bound in limit[1:]:
                sizes |= bound.free_symbols
    for f in expr.atoms(sympy.Function):
        cls = type(f)
        if (not isinstance(f, sympy.core.function.AppliedUndef) and not cls.__module__.startswith("sympy")
                and "doit" in vars(cls)):  # expands itself when doit() is called
            for arg in f.args[1:]:
                sizes |= getattr(arg, "free_symbols", set())
    return sizes


def _exact_value(expr, subs: dict):
    """A scalar part's exact value at ``subs`` by the one evaluator (:func:`ldpref.ledger.forms.value_at`: the
    compiled rational program where the value is rational, else ``cancel`` of the substitution, a Max or Min ordered
    exactly); a part that is a relation or a matrix expression rather than a number is substituted into as it is."""
    from .ledger.forms import value_at

    if isinstance(expr, sympy.Expr) and not expr.has(sympy.MatrixExpr):
        return value_at(expr, subs)
    return expr.subs(subs)


def _check_compared_sides_real(expr, subs: dict, label: str) -> None:
    """Called when sympy refused a statement's comparison at ``subs``: a compared side that is undefined there (a
    pole) or not real (e.g. the log of a negative number in a theorem's condition, jiang-gcms/thm1 at n = 10,
    delta = 1/10) is a ValueError naming that side and its value, not sympy's bare "Invalid comparison" of the value
    alone.  Only then: a relation an Or or an Implies never reaches may be undefined at a point where the statement
    is decided."""
    if not isinstance(expr, sympy.logic.boolalg.Boolean):
        return
    for relation in expr.atoms(sympy.core.relational.Relational):
        for side in relation.args:
            value = _exact_value(side, subs)
            if isinstance(value, sympy.Expr) and value.has(sympy.zoo, sympy.nan):
                raise ValueError(f"{label} is undefined at these values (a pole or 0/0 in {_short(side)})")
            if isinstance(value, sympy.Expr) and value.is_extended_real is False:
                part = "" if label == "form" else f"{label}: "
                raise ValueError(f"{part}{_short(side)} is not real at these values ({_short(value)}), so the "
                                 "statement comparing it is undefined there")


def evaluate(form, values: dict[str, object], digits: int = 30) -> list[Evaluation]:
    """Evaluate every scalar part of ``form`` at ``values`` (keys as in :func:`form_keys` of the form).

    Raises KeyError for a missing value and ValueError for a matrix part, a pole or an undefined value."""
    import numpy as np

    keys = form_keys(form)
    exact_values = {k: to_exact(v, what=k) for k, v in values.items()}
    results = []
    for name, expr in scalar_parts(form).items():
        label = name or "form"
        if isinstance(expr, sympy.MatrixExpr) or (isinstance(expr, sympy.Basic) and expr.has(sympy.MatrixSymbol)):
            raise ValueError(f"{label} is a matrix identity; evaluate it on a mechanism with `ldpref audit`")
        if not isinstance(expr, sympy.Basic):
            raise ValueError(f"{label} is a statement, not a formula ({type(expr).__name__}); `ldpref verify --claim` "
                             f"decides it")
        by_key = {k: s for k, s in keys.items() if s in _free(expr)}
        missing = sorted(set(by_key) - set(exact_values))
        if missing:
            raise KeyError(f"missing values for {', '.join(missing)} (use --set KEY=VALUE)")
        sizes = _expansion_sizes(expr)
        if sizes:
            big = [k for k in by_key if by_key[k] in sizes and exact_values[k].is_Integer
                   and abs(exact_values[k]) > MAX_SUM_RANGE]
            if big:
                raise ValueError(f"{label} holds a sum or product expanded term by term; integer values "
                                 f"({', '.join(big)}) may be at most {MAX_SUM_RANGE} here")
        subs = {by_key[k]: exact_values[k] for k in by_key}
        _check_growth(expr, subs, label)
        try:
            exact = sympy.simplify(_exact_value(expr, subs))
        except TypeError:  # sympy refuses to compare a number that is not real: name the side, if it is that
            _check_compared_sides_real(expr, subs, label)
            raise
        if isinstance(exact, sympy.logic.boolalg.BooleanAtom):
            results.append(Evaluation(name, exact, True, None, None))
            continue
        if not isinstance(exact, sympy.Expr):
            raise ValueError(f"{label} did not reduce to a number at these values ({_short(exact)})")
        if exact.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
            raise ValueError(f"{label} is undefined at these values (a pole or 0/0)")
        opaque = sorted({str(f.func) for f in exact.atoms(sympy.Function)
                         if isinstance(f, sympy.core.function.AppliedUndef)
                         or not type(f).__module__.startswith("sympy")})
        if exact.free_symbols or opaque or exact.has(sympy.Indexed):
            raise ValueError(f"{label} did not reduce to a number at these values"
                             + (f" (it holds the undefined function(s) {', '.join(opaque)})" if opaque else
                                f" ({_short(exact)})"))
        with mpmath.workdps(digits):
            mp = sympy.N(exact, digits)
        if not mp.is_real:
            raise ValueError(f"{label} is not real at these values ({_short(exact)})")
        if not mp.is_finite:
            raise ValueError(f"{label} is not finite at these values ({_short(exact)})")
        rational = bool(exact.is_Rational)
        ordered = sorted(by_key)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                fn = positional_lambdify([by_key[k] for k in ordered], expr, "numpy")
                np_val = float(fn(*[float(exact_values[k]) for k in ordered]))
            except (TypeError, ValueError, ZeroDivisionError, OverflowError, NameError):
                np_val = None
        if np_val is not None and not np.isfinite(np_val):
            np_val = None
        results.append(Evaluation(name, exact, rational, str(mp), np_val))
    return results
