"""Section II-B (the pure-protocol estimator, its variance and its privacy condition) and Section III-A (p and q
of BRR, GRR, SUE and OUE): the exact path enumerates the real mechanisms of ``ldpref.mechanisms.pure``.
"""

from __future__ import annotations

import functools

import sympy

import derivations.jiang_gcms as J
import derivations.jiang_gcms.model_pq as JPQ
from ldpref import enumeration
from ldpref.dataset import all_datasets as _datasets
from ldpref.exact import EXP_EPS
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Point, RoleGrid, Symbolic, listed, rhs
from ldpref.ledger.forms import evaluate, value_at as _at
from ldpref.mechanisms import grr, oue, subset_selection, sue, support_probabilities
from ldpref.privacy import exp_eps as mechanism_exp_eps
from ldpref.privacy import exp_eps_symbolic


R = sympy.Rational
EXP_EPS_VALUES = [R(2), R(5, 2), R(3)]
SQUARE_EXP_EPS_VALUES = [R(9, 4), R(4), R(9)]  # SUE needs e^(eps/2): squares keep it rational


@functools.cache
def _protocols():
    """(order, name, d, exp_eps, PureProtocol) for a grid of small pure protocols, smallest first (built once:
    the enumerated laws below are cached per protocol and dataset)."""
    out = []
    for d in (2, 3, 4):
        for e in EXP_EPS_VALUES:
            out.append(((d, 0, e), "grr", d, e, grr(d, e)))
            out.append(((d, 2, e), "oue", d, e, oue(d, e)))
            for k in range(1, d):
                if d >= 3:
                    out.append(((d, 3, e), f"ss k={k}", d, e, subset_selection(d, k, e)))
        for e in SQUARE_EXP_EPS_VALUES:
            if d <= 3:
                out.append(((d, 1, e), "sue", d, e, sue(d, e)))
    return tuple(sorted(out, key=lambda t: t[0]))


def _estimator_mechanism(proto, form):
    """The protocol with the decoder given by an estimator form ``f_hat(d) = a S + b`` (counts scale),
    read off the sympy object itself: frequency-scale decoder ``Q[v][u] = a 1{v in supp(u)} + b/n``."""
    rhs = form.rhs
    a = sympy.diff(rhs, J.S)
    b = rhs.subs(J.S, 0)
    if sympy.diff(a, J.S) != 0:
        raise ValueError(f"estimator {rhs} is not affine in S")
    a, b_per_client = _at(a, {J.p: proto.p, J.q: proto.q}), _at(b / J.n, {J.p: proto.p, J.q: proto.q})
    if b_per_client.free_symbols:
        raise ValueError(f"estimator offset {b} is not proportional to n")
    m = proto.mechanism
    Q = [[a * (1 if v in s else 0) + b_per_client for s in proto.supports] for v in range(m.d)]
    return m.with_decoder(Q)


@functools.cache
def _response_law(name, d, e, counts):
    """The exact law of the response counts of ``counts`` clients under the protocol ``name`` (every outcome
    enumerated, ldpref.enumeration); the decoders of the two estimator forms share it (same P)."""
    (proto,) = [pr for _, nm, dd, ee, pr in _protocols() if (nm, dd, ee) == (name, d, e)]
    return proto.mechanism.domain, enumeration.response_count_distribution(proto.mechanism, counts)


def _enumerated_estimate(name, d, e, mech, counts):
    """(E, Var) of the decoded estimate of value 0 of ``mech`` (frequency scale) over the enumerated law of
    the response counts: ldpref.enumeration.enumerated_moments restricted to value 0, the law shared."""
    dom, law = _response_law(name, d, e, counts)
    if mech.domain != dom:
        moments_ = enumeration.enumerated_moments(mech, counts)
        return moments_["mean"][0], moments_["variance"][0]
    n_ = dom.convert(sum(counts))
    row = mech.Q.to_list()[0]
    ests = [(sum((row[u] * ku for u, ku in enumerate(k) if ku), dom.zero) / n_, prob) for k, prob in law.items()]
    mean = sum((prob * est for est, prob in ests), dom.zero)
    var = sum((prob * (est - mean) ** 2 for est, prob in ests), dom.zero)
    return dom.to_sympy(mean), dom.to_sympy(var)


def _protocol_points(max_n):
    """Each protocol of :func:`_protocols` on every dataset of at most ``max_n(d, protocol)`` clients: ``facts`` the
    values of p, q, n, f(d) (d = value 0), ``data`` what the oracle and a decoder need."""
    def points():
        for order, name, d, e, proto in _protocols():
            for counts in _datasets(d, max_n(d, proto)):
                yield Point({"protocol": name, "d": d, "exp_eps": e, "counts": counts},
                            facts={J.p: proto.p, J.q: proto.q, J.n: sum(counts), J.f: counts[0]},
                            data=(name, d, e, proto, counts), size=(d, sum(counts), *order[1:]))
    return points


@functools.lru_cache(maxsize=64)
def _decoded(name, d, e, form):
    """The protocol ``name`` at (d, e^eps) with the estimator form as its decoder (once per protocol and form)."""
    (proto,) = [pr for _, nm, dd, ee, pr in _protocols() if (nm, dd, ee) == (name, d, e)]
    return _estimator_mechanism(proto, form)


def _mean_by_form(form, point):
    """n E[f_hat(d)] of the estimator ``form`` run as the decoder of the real protocol (every outcome enumerated)."""
    name, d, e, _, counts = point.data
    return sum(counts) * _enumerated_estimate(name, d, e, _decoded(name, d, e, form), counts)[0]


record(
    id="jiang-gcms/sec2.B.estimator", root_cause="sec2.B.estimator",
    location="Section II-B (pure LDP protocol), estimator of the count of d",
    statement="The unbiased estimator of the number of clients holding d is "
              "(sum_i 1{d in support(v_i)} - n q)/(p - q)^2.",
    printed=J.pure_estimator_printed,
    derived=J.pure_estimator_derived,
    assumptions="pure protocol: P(d in supp(Y) | d) = p, P(d in supp(Y) | d') = q for d' != d; p != q",
    symbols={"S": "number of reports whose support holds d", "f": "true count of d"},
    steps=(Symbolic("printed estimator vs derived estimator", part=rhs),
           # each estimator form is run as a decoder of the real protocol: its expectation by enumeration
           Grid("expectation of the estimator vs the true count (exact enumeration)",
                _protocol_points(lambda d, proto: 2 if proto.mechanism.n_outputs > 6 else 3),
                lambda point: sympy.Integer(point.data[4][0]), value=_mean_by_form)),
)


def _enumerated_variance(point):
    """n^2 Var of the count estimate of value 0 under the derived (unbiased) decoder, by enumeration."""
    name, d, e, proto, counts = point.data
    derived_m = _estimator_mechanism(proto, J.pure_estimator_derived())
    return sum(counts) ** 2 * _enumerated_estimate(name, d, e, derived_m, counts)[1]


record(
    id="jiang-gcms/sec2.B.variance",
    location="Section II-B (pure LDP protocol), variance of the count estimator",
    statement="Var[f_hat(d)] = (f(d) p (1-p) + (n - f(d)) q (1-q))/(p - q)^2.",
    printed=J.pure_variance_printed,
    derived=J.pure_variance_derived,
    assumptions="pure protocol; clients independent; the unbiased estimator (S - n q)/(p - q)",
    steps=(Symbolic("printed variance vs derived variance", part=rhs),
           Grid("variance of the count estimator (exact enumeration)",
                _protocol_points(lambda d, proto: 3 if d == 2 else 2), _enumerated_variance,
                part=rhs, value=lambda form, point: _at(form, point.facts))),
)


def _derived_ratio(name, proto, e):
    if name == "grr":
        return proto.p / proto.q
    if name in ("sue", "oue"):
        return J.unary_exp_eps(proto.p, proto.q)
    return e  # Subset Selection: weights e^eps and 1


def _ldp_points():
    """Each protocol at e^eps = p/q (the smallest e^eps the printed condition admits): the statement there,
    printed 'p/q <= e^eps' (so eps-LDP), derived 'largest ratio <= e^eps'; exact: is the protocol ln(p/q)-LDP."""
    for order, name, d, e, proto in _protocols():
        claimed = sympy.cancel(proto.p / proto.q)
        at = {J.p: proto.p, J.q: proto.q, EXP_EPS: claimed, J.WORST_RATIO: sympy.cancel(_derived_ratio(name, proto, e))}
        yield Point({"protocol": name, "d": d, "exp_eps": e, "p/q": claimed}, facts=at,
                    data=bool(mechanism_exp_eps(proto.mechanism) <= claimed),
                    in_condition=all(len(s_) == 1 for s_ in proto.supports), size=(d, *order[1:]))


record(
    id="jiang-gcms/sec2.B.ldp",
    location="Section II-B (pure LDP protocol), first advantage",
    statement="A pure protocol satisfies eps-LDP as long as p/q <= e^eps.",
    printed=J.pure_ldp_condition_printed,
    derived=J.pure_ldp_condition_derived,
    derivation="derivations.jiang_gcms.unary_exp_eps",
    kind="statement",
    condition="every output supports exactly one value (direct encoding: BRR, GRR); then the largest "
              "ratio within a row of P is p/q",
    root_cause="sec2.B.ldp",
    assumptions="eps-LDP as in Definition 1 with delta = 0",
    steps=(Grid("is the protocol ln(p/q)-LDP? (exact e^eps of P vs p/q)", _ldp_points, lambda point: point.data),),
)


# ---- Section III-A ------------------------------------------------------------------------------
def _pq_at(form, d, e):
    """A claim's (p, q) form (a {p_X: ., q_X: .} dict) at |D| = d, e^eps = e."""
    return [evaluate(v, {J.D: d, EXP_EPS: e}) for v in form.values()]


def _pq_points(name, builder, values, ds):
    """Each protocol at |D| = d, e^eps = e, with (p, q, e^eps) read off its exact mechanism."""
    def points():
        for d in ds:
            for e in values:
                proto = builder(d, e)
                p_exact, q_exact = support_probabilities(proto.mechanism, proto.supports)
                m = proto.mechanism
                exact = [p_exact, q_exact, mechanism_exp_eps(m) if m.is_rational else exp_eps_symbolic(m)]
                yield Point({"d": d, "exp_eps": e}, data=(exact, proto), size=(d, e))
    return points


def _pq_value(name):
    """A (p, q) form at the point, with the e^eps it gives: derived, the protocol's largest ratio (GRR: p/q of the
    form); printed, the e^eps the claim says these (p, q) meet."""
    def value(form, point, role):
        d, e = point.params["d"], point.params["exp_eps"]
        pp, qq = _pq_at(form, d, e)
        if role == "printed":
            return [pp, qq, e]
        return [pp, qq, _derived_ratio(name, point.data[1], e) if name != "grr" else sympy.cancel(pp / qq)]
    return value


def _pq_steps(name, builder, values, ds, has_printed=True):
    grid = RoleGrid(f"(p, q, e^eps) read off the exact {name.upper()} mechanism", _pq_points(name, builder, values, ds),
                    lambda point: point.data[0], value=_pq_value(name))
    if not has_printed:
        return (grid,)
    return (Symbolic(f"printed (p, q) vs derived (p, q) of {name.upper()}", part=listed), grid)


record(
    id="jiang-gcms/sec3.A.BRR",
    location="Section III-A, Binary Randomized Response",
    statement="BRR has p = e^eps/(e^eps + 1), q = 1/(e^eps + 1) and is eps-LDP.",
    printed=J.brr_pq_printed,
    derived=JPQ.brr_pq_form,
    derivation="derivations.jiang_gcms.brr_pq",
    steps=_pq_steps("grr", grr, EXP_EPS_VALUES + [EXP_EPS], [2]),
)

record(
    id="jiang-gcms/sec3.A.GRR",
    location="Section III-A, General Randomized Response (direct encoding)",
    statement="GRR has p = e^eps/(e^eps + |D| - 1), q = 1/(e^eps + |D| - 1) and is eps-LDP.",
    printed=J.grr_pq_printed,
    derived=JPQ.grr_pq_form,
    derivation="derivations.jiang_gcms.grr_pq",
    steps=_pq_steps("grr", grr, EXP_EPS_VALUES + [EXP_EPS], [2, 3, 4, 5]),
)

record(
    id="jiang-gcms/sec3.A.SUE",
    location="Section III-A, Symmetric Unary Encoding",
    statement="SUE perturbs each bit by BRR at eps/2, so p = e^(eps/2)/(e^(eps/2) + 1), q = 1/(e^(eps/2) + 1), "
              "p + q = 1, and it is eps-LDP.",
    printed=J.sue_pq_printed,
    derived=JPQ.sue_pq_form,
    derivation="derivations.jiang_gcms.sue_pq",
    steps=_pq_steps("sue", sue, SQUARE_EXP_EPS_VALUES, [2, 3])
    + (Identity("p + q = 1 (derived)", lambda forms: sympy.simplify(sum(forms.derived().values())),
                lambda forms: sympy.Integer(1), reads_forms=True),),
)


def _oue_optimum_points():
    """Per e^eps: the argmin of the f = 0 variance q(1-q)/(p-q)^2 (one client holding another value; the closed
    form, no outcome listed) over a grid of eps-LDP unary encodings p(1-q) = e q (1-p), OUE's q = 1/(e+1) among them."""
    for e in EXP_EPS_VALUES:
        best_q, best_var = None, None
        grid = sorted({R(i, 40) for i in range(1, 40)} | {1 / (e + 1)})
        for qq in grid:
            pp = e * qq / (1 - qq + e * qq)
            if pp <= qq:
                continue
            var0 = qq * (1 - qq) / (pp - qq) ** 2
            if best_var is None or var0 < best_var:
                best_q, best_var = qq, var0
        yield Point({"exp_eps": e, "grid": "q in {i/40} + {1/(e+1)}"}, data=best_q, size=(e,))


record(
    id="jiang-gcms/sec3.A.OUE",
    location="Section III-A, Optimized Unary Encoding",
    statement="OUE improves SUE by minimising the variance: p = 1/2, q = 1/(e^eps + 1), eps-LDP.",
    derived=JPQ.oue_pq_form,
    derivation="derivations.jiang_gcms.oue_pq",
    note="This paper states OUE's optimality in words only (its p and q are in Wang et al. 2017); the "
         "printed form is therefore not available and the verdict rests on derivation and enumeration.",
    steps=_pq_steps("oue", oue, EXP_EPS_VALUES, [2, 3, 4], has_printed=False)
    + (Grid("argmin over eps-LDP unary encodings of the f = 0 variance", _oue_optimum_points, lambda point: point.data,
            path="moment-formula", value=lambda form, point: _pq_at(form, 2, point.params["exp_eps"])[1]),),
)
