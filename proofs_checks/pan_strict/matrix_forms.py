"""pan-strict forms at explicit matrices and points: a matrix form carried out on exact domain matrices
(:func:`mat_at`, per mechanism with the dataset left symbolic: :func:`_per_dataset`), a scalar form at one
instance (:func:`at`, through the one evaluator ``ldpref.ledger.forms.evaluate``) and the grids' value functions
built on them; shared by the Section 2-3 checks (framework, framework_configurations, optimality).
"""

from __future__ import annotations

from functools import reduce

import sympy
from sympy.polys.constructor import construct_domain
from sympy.polys.matrices import DomainMatrix
from sympy.polys.matrices.exceptions import DMNonInvertibleMatrixError as NotInvertible
from sympy.polys.polyerrors import CoercionFailed

import derivations.pan_strict.framework as D
from ldpref.ledger.forms import evaluate


def mat_at(form, subs: dict, normalise=sympy.cancel) -> sympy.Matrix:
    """A matrix form (or the right side of an ``Eq``) at explicit matrices and sizes: every MatrixSymbol and
    symbol of ``subs`` replaced, the matrix expression carried out exactly (on exact domain matrices when
    every node allows it, see :func:`_explicit`; else by ``xreplace(...).doit()``)."""
    expr = form.rhs if isinstance(form, sympy.Equality) else form
    rep = {key: (sympy.ImmutableMatrix(v) if isinstance(v, sympy.MatrixBase) else sympy.sympify(v))
           for key, v in subs.items()}
    try:
        value = _explicit(expr, rep)
    except (_Unhandled, CoercionFailed, NotInvertible):
        value = expr.xreplace(rep).doit()
    else:
        if normalise in (sympy.cancel, sympy.expand) and isinstance(value, sympy.MatrixBase):
            return value  # entries of an exact domain: already expanded, in lowest terms
    if isinstance(value, sympy.MatrixExpr):
        value = value.as_explicit()
    if not isinstance(value, sympy.MatrixBase):
        return normalise(value)
    return sympy.Matrix(value).applyfunc(normalise)


class _Unhandled(Exception):
    """A node :func:`_explicit` does not carry out on domain matrices (the caller takes sympy's path)."""


def _explicit(expr, rep: dict, symbols=(), raw: bool = False):
    """``expr.xreplace(rep).doit()`` for a matrix expression, carried out on :class:`DomainMatrix` over one
    exact domain (QQ, QQ(e^eps), a polynomial field of generic entries) holding every substituted value and
    every remaining symbol: products, sums, Hadamard products and powers, transposes, inverses, traces,
    diagonal and constant matrices.  The result is a sympy Matrix (or scalar) whose entries are the same
    exact values, already in lowest terms.  ``raw``: return ``(DomainMatrix, domain)`` instead, with the
    extra ``symbols`` as generators of the domain (so a caller can substitute values for them in the domain)."""
    values = [v for m in rep.values() for v in (m if isinstance(m, sympy.MatrixBase) else [m])]
    free = [s for s in expr.free_symbols if isinstance(s, sympy.Symbol) and s not in rep]
    K, _ = construct_domain(values + free + list(symbols) + [sympy.Integer(2)], field=True)
    if K.is_FractionField and K.domain == sympy.ZZ:
        K = sympy.QQ.frac_field(*K.symbols)  # rational values can be substituted for its generators

    def domain_matrix(v):
        return DomainMatrix([[K.from_sympy(x) for x in row] for row in v.tolist()], v.shape, K)

    def walk(e):
        if e in rep:
            v = rep[e]
            return domain_matrix(v) if isinstance(v, sympy.MatrixBase) else v
        if isinstance(e, sympy.MatrixSymbol):
            raise _Unhandled(e)
        if isinstance(e, (sympy.Identity, sympy.OneMatrix, sympy.ZeroMatrix)):
            rows, cols = (int(sympy.sympify(x).xreplace(rep)) for x in e.shape)
            if isinstance(e, sympy.Identity):
                return DomainMatrix.eye(rows, K).to_dense()
            build = DomainMatrix.ones if isinstance(e, sympy.OneMatrix) else DomainMatrix.zeros
            return build((rows, cols), K).to_dense()
        if not isinstance(e, sympy.MatrixExpr) and not e.has(sympy.MatrixExpr):
            return e.xreplace(rep)
        args = [walk(a) for a in e.args]
        if isinstance(e, (sympy.MatMul, sympy.Mul)):
            out, coeff = None, sympy.Integer(1)
            for a in args:
                if isinstance(a, DomainMatrix):
                    out = a if out is None else out.matmul(a)
                else:
                    coeff *= a
            if out is None:
                return coeff
            return out if coeff == 1 else out.scalarmul(K.from_sympy(coeff))
        if isinstance(e, (sympy.MatAdd, sympy.Add)) and all(isinstance(a, DomainMatrix) for a in args):
            return reduce(DomainMatrix.add, args)
        if isinstance(e, (sympy.MatAdd, sympy.Add)) and not any(isinstance(a, DomainMatrix) for a in args):
            return sympy.Add(*args)
        if isinstance(e, sympy.HadamardProduct):
            return reduce(DomainMatrix.mul_elementwise, args)
        if isinstance(e, sympy.HadamardPower) and args[1].is_Integer and int(args[1]) >= 1:
            return reduce(DomainMatrix.mul_elementwise, [args[0]] * int(args[1]))  # A o A o ... o A
        if isinstance(e, sympy.Transpose):
            return args[0].transpose()
        if isinstance(e, sympy.Inverse):
            return args[0].inv()
        if isinstance(e, sympy.Trace):
            return K.to_sympy(sum(args[0].diagonal(), K.zero))
        if isinstance(e, sympy.DiagMatrix):
            return DomainMatrix.diag(args[0].to_list_flat(), K).to_dense()
        if isinstance(e, sympy.Pow) and not any(isinstance(a, DomainMatrix) for a in args):
            return sympy.Pow(*args)
        raise _Unhandled(type(e).__name__)

    value = walk(expr)
    if raw:
        if not isinstance(value, DomainMatrix):
            raise _Unhandled("not a matrix")
        return value, K
    return value.to_Matrix() if isinstance(value, DomainMatrix) else value


def _per_dataset(form, P, Q):
    """The form at (P, Q) with f and n left symbolic: one matrix evaluation per mechanism on exact domain
    matrices, then a substitution of the dataset's f and n inside that domain (returns ``counts -> list of
    values``)."""
    d = P.shape[1]
    f_syms = sympy.Matrix(sympy.symbols(f"f_0:{d}"))
    n_sym = sympy.Symbol("n_clients", positive=True)
    rep = {D.P_M: sympy.ImmutableMatrix(P), D.Q_M: sympy.ImmutableMatrix(Q), D.f_M: sympy.ImmutableMatrix(f_syms),
           D.n: n_sym, D.U_sym: sympy.Integer(P.shape[0]), D.d_sym: sympy.Integer(d)}
    general, K = _explicit(form.rhs if isinstance(form, sympy.Equality) else form, rep,
                           symbols=[*f_syms, n_sym], raw=True)
    gens = dict(zip(K.symbols, K.gens))
    entries = general.to_list_flat()

    def at_counts(counts):
        n_c = sum(counts)
        point = [(gens[n_sym], K.domain(n_c))] + [(gens[f_syms[x]], K.domain(c, n_c)) for x, c in enumerate(counts)]
        return [K.to_sympy(K.new(v.subs(point)) if hasattr(v, "subs") else v) for v in entries]

    return at_counts


def _shapes(P):
    """The size symbols of the matrix forms at an explicit |U| x d perturbation matrix."""
    return {D.U_sym: P.shape[0], D.d_sym: P.shape[1]}


def at(form, subs: dict):
    """A scalar form (or a tuple / Boolean / Predicate) at one instance (``ldpref.ledger.forms.evaluate``)."""
    value = evaluate(form, subs)
    return [v if getattr(v, "is_Rational", False) else sympy.cancel(v) for v in value] if isinstance(
        value, (list, tuple)) else value  # a Rational is already its own cancel


def first_part(form):
    """The first form of a claim that derives several at once (a tuple), or a claim's single form itself: one step
    then serves the claim of the tuple and the claim of its first part."""
    return form[0] if isinstance(form, tuple) else form


def mat_at_facts(form, point):
    """A grid's value: a matrix form at the point's explicit matrices and sizes (:func:`mat_at`)."""
    return mat_at(form, point.facts)


def memoised(cancel=sympy.cancel):
    """``cancel`` computed once per distinct value (a mechanism's entries take a few values, repeated in every row)."""
    memo: dict = {}
    return lambda v: memo[v] if v in memo else memo.setdefault(v, cancel(v))


def cancel_each(M: sympy.Matrix, cancel=sympy.cancel) -> sympy.Matrix:
    """``M.applyfunc(cancel)``, each distinct entry cancelled once (:func:`memoised`)."""
    return M.applyfunc(memoised(cancel))
