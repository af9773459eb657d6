"""pan-cms claim checks: Appendix A (the expectation of the CMS estimator, Eqs. (23)-(24), proof of Corollary 3.1).

Shared evidence builders: :mod:`proofs_checks.pan_cms.basics_common`; derivations: :mod:`derivations.pan_cms.basics`.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy
from flint import fmpq

import derivations.pan_cms.basics as D
import derivations.pan_cms.printed_basics as PB
from derivations.pan_cms.symbols import m as m_sym
from derivations.pan_cms.symbols import n as n_sym
from ldpref.ledger import record
from ldpref.ledger.generic import Exact, Grid, Numeric, Point, Symbolic, counted
from ldpref.ledger.generic import rhs as _rhs

from .basics_common import (CONSTANT, GENERAL, R, UNIFORM, _fr, _path, cms_mech, cms_points, datasets, exact_moments,
                            family, fsize, inner, inner_cases, mkey, moment_oracle, norm_sizes, var_table)


# ==== Appendix A ===================================================================================
def client_grid(name, keys, quantity="mean"):
    """Per-client moments of y_hat[h_j(x)] for a client holding X (the y-mechanism with one client): the exact
    ``quantity`` ("mean", "variance" or "second") as oracle (enumeration or ldpref.moments), the forms'
    right-hand sides evaluated on the family with X and E[y_hat^2] substituted."""

    def points():
        for key, kind, ee in inner_cases(keys, 2):
            fam = family(key)
            mk = mkey(key, kind, ee, which="y")
            V = var_table(kind, fam.m, ee)
            for X_ in range(fam.d):
                counts = tuple(1 if w == X_ else 0 for w in range(fam.d))
                res = exact_moments(mk, counts)
                for xx in range(fam.d):
                    yield Point({"family": key, "R": kind, "exp_eps": ee, "X": X_, "x": xx},
                                data=(fam, V, res, X_, xx), size=(*fsize(key), ee, X_, xx))

    def oracle(point):
        res, xx = point.data[2], point.data[4]
        second = res["variance"][xx] + res["mean"][xx] ** 2
        ex = {"mean": res["mean"][xx], "variance": res["variance"][xx], "second": second}[quantity]
        return Exact(ex, _path(res))

    def value(form, point):
        fam, V, res, X_, xx = point.data
        extra = {D.X: X_, D.E_yhat2: res["variance"][xx] + res["mean"][xx] ** 2}
        return D.evaluate_on(form.subs(extra), family=fam, var_table=V, x_val=xx)

    return Grid(name, points, oracle, part=_rhs, value=value)


Y_FAMILIES = ["gf2(l=1,d=2)", "hadamard(d=3)", "hand(d=3,k=2,partial)", "random(d=3,m=3,k=2)", "gf2mod3(l=2,d=2)"]
SIZES_X = [(None, 1, 0), (None, 2, 1), (None, 3, 0)]


def _norm_client(expr, cbar_def=None):
    """A one-client form with X = 5, its sums expanded at (k, x) in ``SIZES_X`` (``norm_sizes``)."""
    return norm_sizes(expr.subs(D.X, 5), SIZES_X, cbar_def=cbar_def, idempotent=False)


def _eq23_points():
    for key, kind, ee in inner_cases(("gf2(l=1,d=2)", "hadamard(d=3)", "random(d=3,m=3,k=2)"), 2):
        fam = family(key)
        mech = cms_mech(key, kind, ee)
        Qi = inner(kind, fam.m, ee).decoder_matrix()
        n_in = Qi.shape[1]
        for uu, label in enumerate(mech.outputs):
            for xx in range(fam.d):
                yield Point({"family": key, "R": kind, "exp_eps": ee, "output": label, "x": xx},
                            data=(fam, mech, Qi, uu, int(label.split(":")[0]), uu % n_in, xx),
                            size=(*fsize(key), ee, uu, xx))


def _eq23_oracle(point):
    """y_hat recovered from the library's CMS decoder (Eq. (2) is affine in y_hat)."""
    fam, mech, _, uu, _, _, xx = point.data
    return sympy.cancel(((fam.m - 1) * mech.decoder_matrix()[xx, uu] + 1) / fam.m)


def _eq23_value(form, point):
    fam, _, Qi, _, jj, z, xx = point.data
    table = lambda jx, a, b: Qi[fam.functions[int(jx)][int(b)], z]  # noqa: E731
    return D.expand_sums(form.subs(D.J, jj), k_val=fam.k, x_val=xx).replace(D.RVal, table)


record(
    id="pan-cms/appA.eq23",
    location="Appendix A, Eq. (23)",
    statement="y_hat^(i)[h_j(i)(x)] = R(h_j(i)(X^(i)))[h_j(i)(x)] = sum_j 1{j = j^(i)} R(h_j(X^(i)))[h_j(x)].",
    printed=PB.appA_eq23_printed,
    derived=D.appA_eq23_derived,
    assumptions="client i draws j^(i) in [k]",
    steps=(Symbolic("printed vs derived for k in {1, 2, 3} and every j^(i)",
                    part=lambda form: [D.expand_sums(form.rhs.subs(D.J, jj), k_val=kk)
                                       for kk in (1, 2, 3) for jj in range(kk)]),
           Grid("decoded coordinate of every output (j, z) of the real CMS", _eq23_points, _eq23_oracle,
                part=_rhs, value=_eq23_value)),
)


record(
    id="pan-cms/appA.eq24",
    location="Appendix A, Eq. (24)",
    statement="E[y_hat^(i)[h_j(i)(x)]] = sum_j c_j(X^(i), x)/k.",
    printed=PB.appA_eq24_printed,
    derived=D.appA_eq24_derived,
    derivation="derivations.pan_cms.basics.client_mean",
    assumptions="j^(i) uniform on [k]; R satisfies Property 2.1",
    steps=(Symbolic("printed vs derived", part=lambda form: _norm_client(form.rhs)),
           client_grid("E[y_hat] of one client (enumeration of the real CMS)", Y_FAMILIES)),
)


def _client_list(counts):
    return [v_ for v_, c in enumerate(counts) for _ in range(c)]


def _expectation_sum_norm(expr):
    out = []
    for nn, kk, xx in ((1, 1, 0), (2, 2, 1), (3, 2, 0)):
        val = D.expand_sums(expr.subs(n_sym, nn), k_val=kk, x_val=xx)
        out.append(sympy.expand(D.canonical_collisions(val)))
    return out


def _expectation_sum_points():
    for key in UNIFORM[:3] + CONSTANT[:1] + GENERAL:
        fam = family(key)
        mk = mkey(key, "rr", R(2))
        for counts in datasets(fam.d, 3):
            clients = _client_list(counts)
            for xx in range(fam.d):
                yield Point({"family": key, "counts": counts, "x": xx}, data=(mk, counts, xx, fam, clients),
                            size=(*fsize(key), len(clients), xx))


def _expectation_sum_value(expr, point):
    """The form with c_j(X(i), x) read off the family at the value X(i) of client i."""
    _, _, xx, fam, clients = point.data
    fn, atoms, _ = D._compiled(expr.subs(n_sym, len(clients)), fam.d, fam.k, xx, None)
    env = {m_sym: fmpq(fam.m)}
    for atom in atoms:
        jj, who, target = atom.args
        env[atom] = fmpq(fam.collision(int(jj), clients[int(who.args[0])], int(target)))
    out = fn(env)
    return R(int(out.p), int(out.q))


record(
    id="pan-cms/appA.expectation-sum",
    location="Appendix A, derivation of Eq. (3), middle line",
    statement="E[f_hat(x)] = m/(n(m-1)) sum_i sum_j c_j(X^(i), x)/k - 1/(m-1).",
    printed=PB.appA_expectation_sum_printed,
    derived=D.appA_expectation_sum_derived,
    assumptions="fixed family; Property 2.1",
    steps=(Symbolic("printed vs derived at n in {1, 2, 3}", part=lambda form: _expectation_sum_norm(form.rhs)),
           Grid("E[f_hat(x)] of the real CMS+RR", _expectation_sum_points, moment_oracle("mean"), part=_rhs,
                value=_expectation_sum_value)),
)


def _unbiased_norm(forms):
    out = []
    for dd, xx in ((2, 0), (3, 1)):
        other = 1 if xx == 0 else 0
        rest = 1 - sum(D.fF(t) for t in range(dd) if t != other)
        for q in forms:
            val = D.expand_sums(q.rhs, d_val=dd, x_val=xx).subs(D.fF(other), rest)
            out.append(sympy.cancel(val))  # a rational function of f(.), m
    return out


def _unbiased_points():
    return cms_points(inner_cases(UNIFORM, 2), lambda dd: datasets(dd, 2),
                      lambda key, kind, ee, counts, xx: (family(key), mkey(key, kind, ee), counts, xx))


def _unbiased_oracle(point):
    _, mk, counts, xx = point.data
    res_ = exact_moments(mk, counts)
    return Exact([res_["mean"][xx]] * 3, _path(res_))


def _unbiased_value(forms, point):
    fam, _, counts, xx = point.data
    return [D.evaluate_on(q.rhs, family=fam, counts=counts, x_val=xx) for q in forms]


record(
    id="pan-cms/appA.unbiased",
    location="Appendix A, proof of Corollary 3.1 ('if')",
    statement="With c_bar = 1/m: m/(m-1)[f(x) + sum_{x' != x} f(x')/m] - 1/(m-1) = m/(m-1)[f(x) + (1 - f(x))/m] - "
              "1/(m-1) = f(x).",
    printed=PB.appA_unbiased_printed,
    derived=D.appA_unbiased_derived,
    assumptions="c_bar(x, x') = 1/m for x != x'; frequencies sum to 1",
    steps=(Symbolic("printed vs derived chain (frequencies summing to one)", part=_unbiased_norm),
           Grid("E[f_hat(x)] of the real CMS over collision-uniform families", _unbiased_points, _unbiased_oracle,
                value=_unbiased_value)),
)


def _converse_norm(expr):
    """The form at x' = 7 with its sums expanded at k = 1 (x = 0) and k = 2 (x = 1), collisions canonical."""
    return norm_sizes(expr.subs(D.xp, 7), [(None, 1, 0), (None, 2, 1)], idempotent=False)


def _converse_points():
    """Two-valued datasets (a clients on x, b on x') of the real CMS+RR on families with c_bar != 1/m somewhere."""
    for key in CONSTANT + GENERAL + ["gf2(l=1,d=2)"]:
        fam = family(key)
        mk = mkey(key, "rr", R(2))
        for xx, x2 in itertools.permutations(range(fam.d), 2):
            for a, b in ((1, 1), (1, 2), (2, 1), (0, 1)):
                counts = [0] * fam.d
                counts[xx], counts[x2] = a, b
                counts = tuple(counts)
                res_ = exact_moments(mk, counts)
                yield Point({"family": key, "x": xx, "x'": x2, "counts": counts},
                            data=(fam, counts, xx, x2, res_["mean"][xx], R(a, a + b), _path(res_)),
                            size=(*fsize(key), a + b, xx, x2))


def _converse_mean(point):
    return Exact(point.data[4], point.data[6])


def _converse_value(form, point):
    fam, counts, xx, x2 = point.data[:4]
    return D.evaluate_on(form.rhs.subs(D.xp, x2), family=fam, counts=counts, x_val=xx)


def _bias_points():
    for point in _converse_points():
        fam, _, xx, x2 = point.data[:4]
        yield Point({**point.params, "c_bar": _fr(fam.collision_rate(xx, x2))}, data=point.data, size=point.size)


def _biased_iff_rate():
    """E[f_hat(x)] != f(x) exactly when c_bar(x, x') != 1/m, on every point of the grid."""
    passed, count, detail = counted((mean != truth) == (fam.collision_rate(xx, x2) != Fraction(1, fam.m))
                                    for fam, _, xx, x2, mean, truth, _ in (p.data for p in _converse_points()))
    return passed, count, f"{detail} datasets"


record(
    id="pan-cms/appA.converse",
    location="Appendix A, proof of Corollary 3.1 ('only if')",
    statement="For a dataset holding only x and x': E[f_hat(x)] = m/(m-1)[f(x) + (1 - f(x)) c_bar(x, x')] - 1/(m-1), "
              "which differs from f(x) when c_bar(x, x') != 1/m.",
    printed=PB.appA_converse_printed,
    derived=D.appA_converse_derived,
    assumptions="the dataset holds x' at least once (f(x) < 1)",
    steps=(Symbolic("printed vs derived", part=lambda form: _converse_norm(form.rhs)),
           Grid("E[f_hat(x)] on two-valued datasets (real CMS+RR)", _converse_points, _converse_mean,
                value=_converse_value),
           Grid("E[f_hat(x)] != f(x) on two-valued datasets (real CMS+RR)", _bias_points,
                lambda point: Exact(point.data[4] != point.data[5], point.data[6]),
                value=lambda form, point: _converse_value(form, point) != point.data[5]),
           Numeric("E[f_hat(x)] != f(x) exactly when c_bar(x, x') != 1/m (enumeration)", _biased_iff_rate)),
)
