"""Pure protocols (Wang et al. 2017, as summarised in jiang-gcms Section II-B and III-A).

A pure protocol attaches a support set ``supp(y)`` to every output y; input v lands in a response
supporting v with probability ``p``, and any other input with probability ``q``.  Its decoder is
``f_hat_v = (#{i : v in supp(y_i)}/n - q)/(p - q)`` (see :func:`ldpref.decoders.support_set_decoder`).

Built here, each with its standard unbiased decoder:

* :func:`grr` -- generalised randomised response (direct encoding); BRR is ``grr(2, ...)``.
* :func:`sue` -- symmetric unary encoding (basic / "symmetric" RAPPOR): each bit by BRR at eps/2.
* :func:`oue` -- optimised unary encoding ("asymmetric" RAPPOR): p = 1/2, q = 1/(e^eps + 1).
* :func:`subset_selection` -- all C(d, k) subsets of size k; weight e^eps when the subset holds the input.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from dataclasses import dataclass
from math import comb as _math_comb

import sympy

from .. import linalg
from ..decoders import support_set_decoder
from ..exact import cancel
from ..limits import MAX_ENTRIES, Progress, ResourceLimitError, check_mechanism, moments_hint
from ..mechanism import Mechanism
from ._params import accepts_eps, check_d, check_exp_eps, check_k, half


def comb(n: int, r: int) -> int:
    """Binomial coefficient, 0 outside 0 <= r <= n."""
    return _math_comb(n, r) if 0 <= r <= n else 0


@dataclass(frozen=True)
class PureProtocol:
    """A mechanism together with its support sets and its (p, q)."""

    mechanism: Mechanism
    supports: tuple[frozenset, ...]
    p: sympy.Expr
    q: sympy.Expr


#: the exact pieces of recently built pure protocols, keyed by (builder, its exact arguments): P and Q as
#: DomainMatrix (what Mechanism builds from the rows), the support sets and the cancelled p and q
_BUILT: OrderedDict = OrderedDict()
_BUILT_SIZE = 128


def _build(key, name, d, outputs, supports, column, p, q) -> PureProtocol:
    """The pure protocol with the given output supports, P[s][x] = column(s, x) and its support-set decoder;
    ``key`` (the builder and its exact, hashable arguments) determines everything but ``name`` and ``outputs``,
    so the exact matrices of a recent identical build are reused (a fresh Mechanism validates them again)."""
    built = _BUILT.get(key)
    if built is None:
        with Progress(f"building {name}", len(outputs)) as bar:
            P = []
            for s in supports:
                P.append([column(s, x) for x in range(d)])
                bar.advance()
        Q = support_set_decoder(supports, d, p, q)
        built = (linalg.exact_matrix(P, what="P"), linalg.exact_matrix(Q, what="Q"),
                 tuple(frozenset(s) for s in supports), cancel(p), cancel(q))
        _BUILT[key] = built
        if len(_BUILT) > _BUILT_SIZE:
            _BUILT.popitem(last=False)
    else:
        _BUILT.move_to_end(key)
    P_mat, Q_mat, sets, p_c, q_c = built
    mech = Mechanism(P_mat, Q_mat, outputs=outputs, name=name)
    return PureProtocol(mech, sets, p_c, q_c)


@accepts_eps
def grr(d: int, exp_eps) -> PureProtocol:
    """Generalised randomised response: report the true value w.p. e^eps/(e^eps + d - 1)."""
    d, e = check_d(d), check_exp_eps(exp_eps)
    check_mechanism("grr", d, d, outputs_text="d", exp_eps=e, sets=f"d={d} exp_eps={e}")
    p = e / (e + d - 1)
    q = 1 / (e + d - 1)
    supports = [{y} for y in range(d)]
    return _build(("grr", d, e), f"grr(d={d}, exp_eps={e})", d, [str(y) for y in range(d)], supports,
                  lambda s, x: p if x in s else q, p, q)


#: above this d, 2^d itself is not worth building as an integer (it is far above every limit anyway)
_UNARY_D_CEILING = 10**6


def _check_unary(name: str, d: int, e) -> None:
    """The resource rule for a unary encoding's 2^d outputs, without building 2^d when d is absurdly large."""
    sets = f"d={d} exp_eps={e}"
    if d > _UNARY_D_CEILING:
        raise ResourceLimitError(f"{name} with d = {d} has 2^{d} outputs, far above the limit of "
                                 f"{MAX_ENTRIES:,} exact entries; {moments_hint(name, sets)}")
    check_mechanism(name, d, 1 << d, outputs_text=f"2^{d}", exp_eps=e, sets=sets)


def _unary(name, d, p, q) -> PureProtocol:
    outputs, supports = [], []
    # the caller checked the 2^d outputs against the limits rule
    for bits in itertools.product((0, 1), repeat=d):
        outputs.append("".join(map(str, bits)))
        supports.append({i for i, b in enumerate(bits) if b})

    # P[s][x] depends only on whether x is in s and on |s| (the other d - 1 bits are i.i.d.): computed once per
    # (x in s, |s|), 2d products of d factors instead of d 2^d
    products = {}

    def column(s, x):
        key = (x in s, len(s))
        prob = products.get(key)
        if prob is None:
            prob = sympy.Integer(1)
            for i in range(d):
                on = p if i == x else q
                prob *= on if i in s else 1 - on
            products[key] = prob
        return prob

    return _build(("unary", name, d, p, q), name, d, outputs, supports, column, p, q)


@accepts_eps
def sue(d: int, exp_eps) -> PureProtocol:
    """Symmetric unary encoding: every bit of the one-hot vector through BRR at eps/2 (p + q = 1)."""
    d, e = check_d(d), check_exp_eps(exp_eps)
    _check_unary("sue", d, e)
    h = half(e)
    return _unary(f"sue(d={d}, exp_eps={e})", d, h / (h + 1), 1 / (h + 1))


@accepts_eps
def oue(d: int, exp_eps) -> PureProtocol:
    """Optimised unary encoding: the true bit is kept w.p. 1/2, other bits set w.p. 1/(e^eps + 1)."""
    d, e = check_d(d), check_exp_eps(exp_eps)
    _check_unary("oue", d, e)
    return _unary(f"oue(d={d}, exp_eps={e})", d, sympy.Rational(1, 2), 1 / (e + 1))


@accepts_eps
def subset_selection(d: int, k: int, exp_eps) -> PureProtocol:
    """Subset Selection (Ye and Barg 2018): output a k-subset S of [d] with probability proportional to
    e^eps if the input is in S and to 1 otherwise."""
    d, e = check_d(d), check_exp_eps(exp_eps)
    k = check_k(k, d)
    check_mechanism("ss", d, comb(d, k), outputs_text=f"C({d}, {k})", exp_eps=e, sets=f"d={d} k={k} exp_eps={e}",
                    detail=f" and k = {k}")
    Z = comb(d - 1, k - 1) * e + comb(d - 1, k)
    p = comb(d - 1, k - 1) * e / Z
    q = (comb(d - 2, k - 2) * e + comb(d - 2, k - 1)) / Z
    subsets = list(itertools.combinations(range(d), k))
    outputs = ["{" + ",".join(map(str, s)) + "}" for s in subsets]
    return _build(("ss", d, k, e), f"ss(d={d}, k={k}, exp_eps={e})", d, outputs, [set(s) for s in subsets],
                  lambda s, x: (e if x in s else sympy.Integer(1)) / Z, p, q)


def support_probabilities(mech: Mechanism, supports) -> tuple[sympy.Expr, sympy.Expr]:
    """Read (p, q) off a perturbation matrix: ``p = P(v in supp(Y) | v)``, ``q = P(v in supp(Y) | v')``.

    Computed from the columns of P for every pair of values; raises ``ValueError`` if the mechanism is
    not pure (the probabilities differ between values or pairs).
    """
    dom = mech.domain
    P = mech.P.to_list()
    sets = [frozenset(s) for s in supports]
    if len(sets) != mech.n_outputs:
        raise ValueError(f"{len(sets)} support sets for {mech.n_outputs} outputs")
    ps, qs = set(), set()
    for v in range(mech.d):
        for x in range(mech.d):
            prob = sum((P[u][x] for u, s in enumerate(sets) if v in s), dom.zero)
            (ps if x == v else qs).add(prob)
    if len(ps) != 1 or len(qs) != 1:
        raise ValueError(f"{mech.name} is not pure: support probabilities {sorted(map(str, ps | qs))}")
    return dom.to_sympy(ps.pop()), dom.to_sympy(qs.pop())
