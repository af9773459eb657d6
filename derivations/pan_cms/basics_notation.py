"""pan-cms derivations, basics: the exact evaluation of the sum formulas.

The notation (:class:`SumIn`, :class:`SumInExcept`, :class:`Coll`, :class:`CBar`, :class:`VarR`, :class:`Expect`,
:class:`VarOp`, ...) is defined in :mod:`derivations.pan_cms.symbols_basics` (shared with the printed modules) and
re-exported here.

:func:`evaluate_on` (and :func:`evaluate_symbolic_on`) evaluate such a form exactly on a real hash family,
dataset and inner mechanism; :func:`expand_sums` expands the sums at given sizes (symbolic comparisons).
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from ldpref.ledger.forms import compile_rational

from ..caching import cache
from .symbols import d, f, k, m, n
from .symbols_basics import (  # noqa: F401  (the notation, re-exported for the derivations and the checks)
    A_sym, B_sym, Cov_pair, E_fhat, E_g, E_prod, E_yhat, E_yhat2, FHAT, J, MSE_fhat, MSE_g, Pr_chernoff, Pr_tail,
    Pr_upper, S, Var_fhat, Var_sum, Var_yhat, X, X1, X2, alpha_max2, fF, fhat_sym, g_sym, j, mprime, ratio_sym,
    var_sym, x, xp, yhat, SumIn, SumInExcept, Coll, CBar, VarR, RVal, Indicator, Expect, VarOp, symbol_subs,
    _SUBS_SPECIAL, _with_exp, _sizes_known)

R = sympy.Rational



# ---- evaluation on a real family / dataset -------------------------------------------------------
# A sum-notation expression is compiled once into a closure that runs its sums as loops over the index
# values (no symbolic expansion at each (d, k, x)): the same value as expanding the sums (``expand_sums``)
# and substituting the family's c_j, c_bar, Var(R) and the dataset's f, computed exactly (sympy's QQ
# elements, or sympy values cancelled once for a symbolic inner mechanism).
_COLL, _CBAR, _VAR, _FREQ = "c_j", "c_bar", "Var(R)", "f(.)"


def _index(value) -> int:
    if type(value) is int:
        return value
    out = int(value)
    if out != value:
        raise ValueError(f"index {value} is not an integer")
    return out


def _program(expr, cbar_rhs, conv):
    """A closure ``fn(env)`` evaluating ``expr``: ``env`` maps symbols to values and the keys _COLL, _CBAR,
    _VAR, _FREQ to the callables giving c_j(a, b), c_bar(a, b), Var(R(h_j(a))[h_j(b)]) and f(a).  With
    ``cbar_rhs`` (a printed 'where' clause in x' and x), c_bar(a, b) is that clause evaluated at x' = a,
    x = b.  ``conv`` turns a sympy Rational into the number type of the evaluation."""
    if expr.is_Rational:
        const = conv(expr)
        return lambda env: const
    if expr.is_Symbol:
        def lookup(env):
            try:
                return env[expr]
            except KeyError:
                raise ValueError(f"no value for {expr}") from None
        return lookup
    if expr.is_Add:
        parts = [_program(a, cbar_rhs, conv) for a in expr.args]

        def add(env):
            out = parts[0](env)
            for g in parts[1:]:
                out = out + g(env)
            return out

        return add
    if expr.is_Mul:
        parts = [_program(a, cbar_rhs, conv) for a in expr.args]

        def mul(env):
            out = parts[0](env)
            for g in parts[1:]:
                out = out * g(env)
            return out

        return mul
    if expr.is_Pow and expr.exp.is_Integer:
        base, power, one = _program(expr.base, cbar_rhs, conv), int(expr.exp), conv(sympy.Integer(1))
        if power < 0:  # exact division also when the base is an index (an int)
            return lambda env: one / base(env) ** -power
        return lambda env: base(env) ** power
    if isinstance(expr, (SumIn, SumInExcept)):
        term, idx, size = (_program(expr.args[0], cbar_rhs, conv), expr.args[1], _program(expr.args[2], cbar_rhs, conv))
        excl = _program(expr.args[3], cbar_rhs, conv) if isinstance(expr, SumInExcept) else None

        def loop(env):
            skip = _index(excl(env)) if excl is not None else None
            saved, had = env.get(idx), idx in env
            out = conv(sympy.Integer(0))
            for value in range(_index(size(env))):
                if value != skip:
                    env[idx] = value
                    out = out + term(env)
            if had:
                env[idx] = saved
            else:
                env.pop(idx, None)
            return out

        return loop
    if isinstance(expr, Indicator):
        a, b = (_program(t, cbar_rhs, conv) for t in expr.args)
        one, zero = conv(sympy.Integer(1)), conv(sympy.Integer(0))
        return lambda env: one if _index(a(env)) == _index(b(env)) else zero
    if isinstance(expr, (Coll, VarR, fF)):
        key = {Coll: _COLL, VarR: _VAR}.get(type(expr), _FREQ)
        args = [_program(t, cbar_rhs, conv) for t in expr.args]
        if len(args) == 3:
            a0, a1, a2 = args
            return lambda env: env[key](_index(a0(env)), _index(a1(env)), _index(a2(env)))
        return lambda env: env[key](*[_index(g(env)) for g in args])
    if isinstance(expr, CBar):
        args = [_program(t, cbar_rhs, conv) for t in expr.args]
        if cbar_rhs is None:
            return lambda env: env[_CBAR](*[_index(g(env)) for g in args])
        clause = _program(cbar_rhs, None, conv)

        def where(env):
            a, b = (_index(g(env)) for g in args)
            inner = dict(env)
            inner[xp], inner[x] = a, b
            return clause(inner)

        return where
    raise TypeError(f"cannot compile {expr!r} ({type(expr).__name__}) for exact evaluation")


def _rational(value):
    """A sympy Rational as an element of sympy's QQ (FLINT's fmpq when python-flint is installed: exact and
    much faster than fractions.Fraction)."""
    return sympy.QQ(int(value.p), int(value.q))


@cache
def _rational_program(expr, cbar_rhs):
    return _program(expr, cbar_rhs, _rational)


def _family_env(family, counts, var_table, x_val, conv):
    """The environment of one evaluation: sizes, target, the family's c_j / c_bar, the inner variances, f."""
    h = family.functions

    def need(what):
        def missing(*_):
            raise ValueError(f"a {what} is needed to evaluate this expression")
        return missing

    one = conv(sympy.Integer(1))
    rates = {key: conv(_fr(rate)) for key, rate in family.collision_rates.items()}  # c_bar(a, b), a != b
    env = {d: family.d, k: family.k, x: x_val, m: conv(sympy.Integer(family.m)),
           _COLL: lambda jj, a, b: family.collision(jj, a, b),
           _CBAR: lambda a, b: one if a == b else rates[(a, b)],
           _VAR: need("variance table"), _FREQ: need("dataset")}
    if var_table is not None:
        table = [[conv(sympy.sympify(v_)) for v_ in row] for row in var_table]
        env[_VAR] = lambda jj, a, b: table[h[jj][a]][h[jj][b]]
    if counts is not None:
        nn = sum(counts)
        env[n] = conv(sympy.Integer(nn))
        env[f] = conv(R(counts[x_val], nn))
        freqs = [conv(R(c_, nn)) for c_ in counts]
        env[_FREQ] = lambda a: freqs[a]
    return env


def expand_sums(expr, *, d_val=None, k_val=None, x_val=None, extra=None):
    """Substitute the sizes d, k and the target x (and ``extra``) and expand every sum."""
    subs = {}
    if d_val is not None:
        subs[d] = d_val
    if k_val is not None:
        subs[k] = k_val
    if x_val is not None:
        subs[x] = x_val
    if extra:
        subs.update(extra)
    return _doit(_subs(expr, subs))


def _subs(expr, subs):
    if isinstance(expr, (tuple, list)):
        return type(expr)(_subs(e_, subs) for e_ in expr)
    return symbol_subs(expr, subs)


def _doit(expr):
    if isinstance(expr, (tuple, list)):
        return type(expr)(_doit(e_) for e_ in expr)
    return expr.doit()


def canonical_collisions(expr):
    """Use the facts c_j(a, a) = 1 and c_j(a, b) = c_j(b, a), c_bar(a, a) = 1, c_bar symmetric."""

    def coll(jj, a, b):
        if a == b:
            return sympy.Integer(1)
        if a.is_Integer and b.is_Integer and a > b:
            a, b = b, a
        return Coll(jj, a, b, evaluate=False)

    def cb(a, b):
        if a == b:
            return sympy.Integer(1)
        if a.is_Integer and b.is_Integer and a > b:
            a, b = b, a
        return CBar(a, b, evaluate=False)

    return expr.replace(Coll, coll).replace(CBar, cb)


@cache
def _expanded(expr, d_val, k_val, x_val, cbar_rhs):
    """Sums expanded (and c_bar replaced by its printed definition, if given) at fixed d, k, x."""
    val = expand_sums(expr, d_val=d_val, k_val=k_val, x_val=x_val)
    if cbar_rhs is not None:
        val = val.replace(CBar, lambda a, b: expand_sums(cbar_rhs.subs({xp: a, x: b}, simultaneous=True),
                                                          d_val=d_val, k_val=k_val))
    return val


def _compile(expr):
    """A program evaluating ``expr`` (sums already expanded) exactly: the one rational-expression compiler
    (:func:`ldpref.ledger.forms.compile_rational`, python-flint ``fmpq``) with the atoms c_j, c_bar, Var(R), f read
    from the environment as symbols are; ``NotRational`` on a node it does not handle."""
    return compile_rational(expr, leaves=(Coll, CBar, VarR, fF))


@cache
def _compiled(expr, d_val, k_val, x_val, cbar_rhs):
    val = _expanded(expr, d_val, k_val, x_val, cbar_rhs)
    atoms = sorted(val.atoms(Coll, CBar, VarR, fF), key=str)
    symbols_ = sorted(val.free_symbols - set().union(*(a.free_symbols for a in atoms)) if atoms else val.free_symbols,
                      key=str)
    return _compile(val), tuple(atoms), tuple(symbols_)


def _frac(value) -> Fraction:
    value = sympy.sympify(value)
    if not value.is_Rational:
        raise TypeError(f"{value} is not rational")
    return Fraction(int(value.p), int(value.q))


def evaluate_on(expr, *, family, counts=None, var_table=None, x_val, extra=None, cbar_def=None):
    """Exact value of a printed/derived expression on a real hash family (and dataset, inner variances).

    ``var_table[a][b]`` = Var(R(a)[b]) of the inner mechanism; ``counts`` give f(a) = counts[a]/n.
    ``cbar_def``: the printed 'where' clause ``(CBar(x', x), definition in Coll)``; without it c_bar is
    read off the family.  The expression is compiled once (:func:`_program`); each evaluation runs its sums
    over [d], [k], [d] \\ x and assigns exact values to c_j(a, b), c_bar(a, b), Var(R(h_j(a))[h_j(b)]), f(a)
    and to the scalar symbols (m, n, f(x), ``extra``).
    """
    fn = _rational_program(expr, None if cbar_def is None else cbar_def[1])
    env = _family_env(family, counts, var_table, x_val, _rational)
    if extra:
        env.update({key: _rational(_fr(_frac(value))) for key, value in extra.items()})
    out = fn(env)
    return R(int(out.numerator), int(out.denominator))


def _as_sympy(value):
    return value


@cache
def _sympy_program(expr, cbar_rhs):
    return _program(expr, cbar_rhs, _as_sympy)


def evaluate_symbolic_on(expr, *, family, counts, var_table, x_val, extra=None, cbar_rhs=None):
    """As :func:`evaluate_on` with an inner mechanism whose variances are symbolic (rational functions of
    e^eps): the value of the sums, cancelled (:func:`normal_form`).  When every input is a rational function of
    one symbol over Q the sums run on exact FLINT rational functions (:func:`evaluate_rational_function_on`, the
    same value, given as the same canonical p/q); otherwise as loops over sympy values, cancelled once."""
    fast = evaluate_rational_function_on(expr, family=family, counts=counts, var_table=var_table, x_val=x_val,
                                         extra=extra, cbar_rhs=cbar_rhs)
    if fast is not None:
        return fast
    return evaluate_symbolic_on_sympy(expr, family=family, counts=counts, var_table=var_table, x_val=x_val,
                                      extra=extra, cbar_rhs=cbar_rhs)


def evaluate_symbolic_on_sympy(expr, *, family, counts, var_table, x_val, extra=None, cbar_rhs=None):
    """:func:`evaluate_symbolic_on` by sympy arithmetic: the sums run as loops over sympy values, and the result
    is cancelled once (:func:`normal_form`)."""
    env = _family_env(family, counts, var_table, x_val, _as_sympy)
    if extra:
        env.update({key: int(value) if sympy.sympify(value).is_Integer else sympy.sympify(value)  # sizes stay ints
                    for key, value in extra.items()})
    return normal_form(_sympy_program(expr, cbar_rhs)(env))


def evaluate_rational_function_on(expr, *, family, counts, var_table, x_val, extra=None, cbar_rhs=None):
    """:func:`evaluate_symbolic_on` computed on exact rational functions of the one symbol of the variance table
    (numerator and denominator FLINT ``fmpq_poly``, :class:`derivations.pan_cms.rational.RatFunc`), the
    result put in canonical form by sympy's field Q(symbol) (one cancel, as :func:`normal_form` does); None when
    an input is not a rational function over Q of a single symbol, or the evaluation divides by zero (the sympy
    path then decides)."""
    from .rational import RatFunc, rational_function_table

    converted = rational_function_table(tuple(tuple(row) for row in var_table),
                                        tuple(sorted((extra or {}).items(), key=lambda kv: str(kv[0]))))
    if converted is None:
        return None
    symbol, table, extra_values = converted
    env = _family_env(family, counts, None, x_val, _rational)
    h = family.functions
    env[_VAR] = lambda jj, a, b: table[h[jj][a]][h[jj][b]]
    env.update(extra_values)
    try:
        out = _rational_program(expr, cbar_rhs)(env)
    except ZeroDivisionError:
        return None
    if isinstance(out, RatFunc):
        return out.to_sympy(_field(symbol))
    if isinstance(out, int):
        return sympy.Integer(out)
    return R(int(out.numerator), int(out.denominator))


@cache
def _field(symbol):
    return sympy.QQ.frac_field(symbol)


def normal_form(expr):
    """``cancel(expr)`` for a rational function of one symbol (e^eps) over Q, computed in Q(symbol) (the same
    p/q, 2-3x faster than cancel); any other expression is cancelled."""
    expr = sympy.sympify(expr)
    free = expr.free_symbols
    if len(free) == 1:
        symbol = next(iter(free))
        if expr.is_rational_function(symbol):
            field = _field(symbol)
            try:
                value = field.from_sympy(expr)
            except ValueError:  # a coefficient outside Q (e.g. E, sqrt(2)): sympy's cancel handles it
                return sympy.cancel(expr)
            return field.to_sympy(value)
    return sympy.cancel(expr)


def _fr(v: Fraction):
    return R(v.numerator, v.denominator)
