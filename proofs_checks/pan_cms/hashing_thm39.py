"""pan-cms claim checks: Theorem 3.9 and Eqs. (45)-(47) of Appendix E (the Eq. (2) decoder on H').

Exact building blocks and the statement evaluation are in ``proofs_checks.pan_cms.hashing``."""

from __future__ import annotations

from functools import cache

import sympy

import derivations.pan_cms.hashing as H
import derivations.pan_cms.printed_hashing as PH
from derivations.pan_cms.symbols import cbar, f, m, n, q, tau, var_eq, var_neq
from ldpref.exact import exact_ceiling
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Point, Symbolic

from .hashing import (DER, HOLDS, KIND_ORDER, LMQR, R, _bias, _collision, _exact_of, _inner_vars, _var, conjunct,
                      rows_grid)
from .hashing_thm38 import EQ41_GRID, _poly_expr, _var_in_c, h_prime_rows, row_params, row_size


# ---- Theorem 3.9, Eqs. (45)-(47) ----------------------------------------------------------------------
def _eq45_rows():
    for l_, m_, q_, r_ in LMQR:
        yield Point({"l": l_, "m": m_, "q": q_, "r": r_}, facts={H.Pr_coll: _collision(l_, m_), m: m_, q: q_},
                    data=HOLDS, size=(l_, m_))


record(
    id="pan-cms/appE.eq45",
    location="Appendix E, Eq. (45)",
    statement="Pr(h'(x1) = h'(x2)) <= 1/m + 1/(4mq(q+1)), the maximum over r.",
    printed=PH.eq45_printed,
    derived=H.eq45_derived,
    derivation=f"{DER}.eq45_bound_derived",
    kind="statement",
    assumptions="x1 != x2; q = floor(2^l/m) >= 1",
    steps=(Symbolic("printed bound vs the maximum over real r of the derived collision rate",
                    part=lambda form: conjunct(form, sympy.LessThan, lhs=H.Pr_coll).rhs, simplify=sympy.factor),
           rows_grid("collision rate of the real family in the printed and derived bounds", _eq45_rows,
                     statement=True)),
)


EQ2_GRID = [(2, 3, "rr", R(2)), (2, 3, "arp", R(2)), (3, 3, "rr", R(3)), (3, 5, "rr", R(2)), (3, 6, "rr", R(2)),
            (3, 7, "rr", R(2)), (4, 5, "rr", R(2)), (4, 6, "rr", R(3))]
EQ2_COUNTS = [(1, 0), (0, 1), (1, 1), (0, 3), (1, 5), (0, 50)]


@cache
def _eq2_rows():
    def on_h_prime(row, dveq, dvne):
        l_, m_, kind, ee, counts, x, fx, nn = (row[key] for key in ("l", "m", "kind", "e", "counts", "x", "fx", "n"))
        dc = H.collision_value(l_, m_)
        return dict(c=_collision(l_, m_), dc=dc, vH=_var(("H'", l_, 2, m_), kind, ee, "eq2", counts)[x],
                    bH=_bias(("H'", l_, 2, m_), kind, ee, "eq2", counts)[x],
                    dvH=H.cms_var_model(dc, m_, dveq, dvne, fx, nn), dbH=H.cms_mean_model(dc, m_, fx) - fx)
    return h_prime_rows(EQ2_GRID, EQ2_COUNTS, on_h_prime)


MODEL_IDENTITY = Identity("model bias, Var(f_hat|H'), Var(f_hat) == the exact Eq. (2) CMS moments on every row",
                          lambda: [(r_["dbH"], r_["dvH"], r_["dvf"]) for r_ in _eq2_rows()],
                          lambda: [(r_["bH"], r_["vH"], r_["vf"]) for r_ in _eq2_rows()])


def eq2_grid(name, facts_of, taus=lambda row: [None], in_condition=lambda row: True, tau_in_size=False):
    """Statement rows over the exact Eq. (2) CMS on H' (and the perfect CMS): ``facts_of(row, tau)`` read off
    the row's exact moments, for each tau of ``taus(row)`` (None: no tau)."""

    def rows():
        for row in _eq2_rows():
            for t in taus(row):
                extra = {} if t is None else {"tau": t}
                yield Point(row_params(row, **extra), facts=facts_of(row, t), data=HOLDS,
                            in_condition=in_condition(row), size=row_size(row, t) if tau_in_size else row_size(row))

    return rows_grid(name, rows, statement=True)


record(
    id="pan-cms/appE.eq46",
    location="Appendix E, Eq. (46)",
    statement="E[f_hat(x|H')] - f(x) = m/(m-1)(c_bar - 1/m) sum_{x' != x} f(x') <= m/(m-1) * 1/(4mq(q+1)) = "
              "1/(4(m-1)q(q+1)).",
    printed=PH.eq46_printed,
    derived=H.eq46_derived,
    derivation=f"{DER}.eq46_identity_derived",
    kind="statement",
    assumptions="f_hat is Eq. (2) (decoder m) on H'",
    steps=(Symbolic("printed vs derived bias identity (sum_{x'!=x} f(x') = 1 - f(x))",
                    part=lambda form: conjunct(form, sympy.Equality, lhs=H.bias_H).rhs.subs(H.S1, 1 - f),
                    simplify=sympy.factor),
           Symbolic("printed vs derived bias bound", part=lambda form: conjunct(form, sympy.LessThan, lhs=H.bias_H).rhs,
                    simplify=sympy.factor),
           MODEL_IDENTITY,
           eq2_grid("Eq. (46) on the bias of the exact Eq. (2) CMS on H'",
                    lambda row, t: {H.bias_H: row["bH"], m: row["m"], cbar: row["c"], H.S1: 1 - row["fx"],
                                    f: row["fx"], q: row["q"]})),
)


def _var_linear_rows():
    for mm, kind, ee in EQ41_GRID:
        veq, vne = _inner_vars(kind, mm, ee)
        for counts in [(1, 0), (0, 1), (1, 1), (1, 2)]:
            nn = sum(counts)
            poly = sympy.Poly(_poly_expr(_var_in_c(mm, kind, ee, "eq2", counts), cbar), cbar)
            if poly.degree() > 2:
                raise AssertionError("the exact variance is not quadratic in c_bar")
            coeffs = [poly.coeff_monomial(cbar**i) for i in range(3)]
            facts = {H.Var_fH: poly.as_expr(), H.alpha0: coeffs[0], H.alpha1: coeffs[1], H.alpha2: coeffs[2],
                     f: R(counts[0], nn), var_eq: veq, var_neq: vne, m: mm, n: nn}
            yield Point({"m": mm, "inner": kind, "exp_eps": ee, "counts": counts}, facts=facts, data=HOLDS,
                        size=(mm, nn, KIND_ORDER[kind], ee, counts))


record(
    id="pan-cms/appE.var-linear-positive", root_cause="appE.var-linear-positive",
    location="Appendix E, the sentence before Eq. (47)",
    statement="Var(f_hat(x)) is linear in c_bar and c_bar^2 with positive coefficients.",
    printed=PH.var_linear_printed,
    derived=H.var_linear_derived,
    derivation=f"{DER}.var_poly_in_c",
    kind="statement",
    selfcheck={"printed-perturbed": "the printed statement (both coefficients positive) is false at every instance "
                                    "(the c_bar^2 coefficient is never positive), so its negation holds at every "
                                    "instance and cannot be told from the truth"},
    note="The c_bar^2 coefficient is -(1 - f(x)) m^2/((m-1)^2 n) <= 0; Eq. (47) survives because "
         "Var(c)/Var(1/m) <= c m still holds (alpha (1/m - c) <= (1 - f) c (c - 1/m)/m for c >= 1/m).",
    assumptions="Eq. (2) decoder with m fixed; c_bar constant over x' != x",
    steps=(rows_grid("the exact variance as a polynomial in c_bar (CMS with collision rate c_bar)", _var_linear_rows,
                     statement=True),),
)


record(
    id="pan-cms/appE.eq47", root_cause="appE.worst-r",
    location="Appendix E, Eq. (47)",
    statement="Var[f_hat(x|H')]/Var[f_hat(x)] <= max{c_bar m, c_bar^2 m^2} = (2q+1)^4/(16q^2(q+1)^2).",
    printed=PH.eq47_printed,
    derived=H.eq47_derived,
    derivation=f"{DER}.eq45_bound_derived",
    kind="statement",
    condition="r = mq/(2q+1) for the equality (otherwise the last step is the upper bound from Eq. (45))",
    assumptions="Eq. (2) decoder on H' vs a pairwise-independent family of the same m",
    steps=(eq2_grid("Eq. (47) on the exact Var ratio and collision rate",
                    lambda row, t: {H.Var_fH: row["vH"], H.Var_f: row["vf"], cbar: row["c"], m: row["m"], q: row["q"]},
                    in_condition=lambda row: H.worst_r(row["m"], row["q"], row["r"])),),
)


def _tau39(row):
    """The smallest tau meeting both conditions of Theorem 3.9 (exact Var(f_hat))."""
    q_, m_ = row["q"], row["m"]
    t1 = R(1, 4 * (m_ - 1) * q_ * (q_ + 1)) ** 2 / row["vf"]
    t2 = R(8 * q_**2 + 8 * q_ + 1, 16 * q_**2 * (q_ + 1) ** 2)
    return max(t1, t2)


record(
    id="pan-cms/thm3.9",
    location="Section 3.5, Theorem 3.9",
    statement="If 1/(4(m-1)q(q+1)) <= sqrt(tau Var(f_hat(x))) and (8q^2+8q+1)/(16q^2(q+1)^2) <= tau, then "
              "MSE(f(x)|H') < (1 + 2 tau) MSE(f_hat(x)).",
    printed=PH.thm39_printed,
    derived=H.thm39_derived,
    derivation=f"{DER}.eq46_bound_derived",
    kind="statement",
    assumptions="Eq. (2) decoder on H' vs the same CMS with a pairwise-independent family; tau = the smallest "
                "value meeting both conditions",
    steps=(Symbolic("printed vs derived second condition: (1 + 1/(4q(q+1)))^2 - 1",
                    part=lambda form: conjunct(form.args[0], sympy.LessThan, rhs=tau).lhs, simplify=sympy.factor),
           MODEL_IDENTITY,
           eq2_grid("Theorem 3.9 on the exact MSE of the Eq. (2) CMS on H' and Var of the perfect CMS",
                    lambda row, t: {m: row["m"], q: row["q"], tau: t, H.Var_f: row["vf"],
                                    H.MSE_H: row["vH"] + row["bH"] ** 2, H.MSE_f: row["vf"]},
                    taus=lambda row: [_tau39(row)])),
)


def _mse_taus(row):
    vH, bH, vf = row["vH"], row["bH"], row["vf"]
    top = max(bH**2 / vf, vH / vf - 1, (vH + bH**2 - vf) / (2 * vf))
    return [t for t in (bH**2 / vf, vH / vf - 1, (vH + bH**2 - vf) / (2 * vf), R(11, 10) * max(bH**2 / vf, vH / vf - 1),
                        2 * top) if t > 0]


record(
    id="pan-cms/appE.mse-requirement", root_cause="appE.mse-requirement",
    location="Appendix E, proof of Theorem 3.9 (the two requirements after Eq. (47))",
    statement="MSE(f(x)|H') - MSE(f_hat(x)) <= 2 tau Var[f_hat(x)] is equivalent to bias^2 < tau Var[f_hat(x)] "
              "and Var[f_hat(x|H')]/Var[f_hat(x)] < 1 + tau.",
    printed=PH.mse_requirement_printed,
    derived=H.mse_requirement_derived,
    kind="statement",
    note="The two requirements are sufficient (their sum gives the first inequality), not necessary.",
    assumptions="tau ranging over bias^2/Var, Var ratio - 1, (MSE(f|H') - Var)/(2 Var) and 11/10 of the larger "
                "of the first two",
    steps=(eq2_grid("the MSE requirement and the two conditions on the exact CMS moments",
                    lambda row, t: {H.MSE_H: row["vH"] + row["bH"]**2, H.MSE_f: row["vf"], H.Var_f: row["vf"], tau: t,
                                    H.bias_H: row["bH"], H.Var_fH: row["vH"]}, taus=_mse_taus, tau_in_size=True),),
)


Q_ORDER_INNER = ((3, R(2)), (5, R(3)))  # (m, e^eps) of the perfect CMS+RR
Q_ORDER_TAU = R(1, 10)


def _q_search_rows():
    """Per (m, e^eps) and n = 10^2, ..., 10^12: the smallest q by exhaustive search (``H.q_min_thm39``, the exact
    side) against the closed form (a model quantity): the smallest integer q >= 1 with q(q+1) >=
    sqrt(n)/(4(m-1)sqrt(tau V1)) and the tau condition."""
    t = Q_ORDER_TAU
    for mm, ee in Q_ORDER_INNER:
        v1 = _var(("perfect", 2, mm), "rr", ee, "eq2", (0, 1))[0]
        qmin = H.q_min_thm39(mm, t, v1)
        for j in (2, 4, 6, 8, 10, 12):
            nn = 10**j
            bound = sympy.sqrt(R(nn) / (t * v1)) / (4 * (mm - 1))
            root = (-1 + sympy.sqrt(1 + 4 * bound)) / 2
            dq = max(exact_ceiling(root), 1)
            while R(8 * dq**2 + 8 * dq + 1, 16 * dq**2 * (dq + 1) ** 2) > t:
                dq += 1
            yield Point({"m": mm, "exp_eps": ee, "n": nn}, data=qmin(nn), size=(mm, nn), model=dq)


def _q_limit_rows():
    """Per (m, e^eps): the real root of the first condition, divided by n^{1/4}, as n -> infinity (an exact limit,
    so the statement's exact side is decided by proof), the printed and derived statements at it."""
    t = Q_ORDER_TAU
    for mm, ee in Q_ORDER_INNER:
        v1 = _var(("perfect", 2, mm), "rr", ee, "eq2", (0, 1))[0]
        lim = sympy.limit(((-1 + sympy.sqrt(1 + 4 * sympy.sqrt(n / (t * v1)) / (4 * (mm - 1)))) / 2) / n ** R(1, 4),
                          n, sympy.oo)
        yield Point({"m": mm, "exp_eps": ee, "limit": "n -> oo of q_min/n^(1/4)"},
                    facts={H.q_lim: lim, m: mm, tau: t, H.V1: v1}, data=HOLDS, size=(mm,))


record(
    id="pan-cms/sec3.5.q-order",
    location="Section 3.5, after Theorem 3.9 (q = Theta(n^{1/4}))",
    statement="The smallest q meeting Theorem 3.9's conditions grows as Theta(n^{1/4}), so |H'| grows with n.",
    printed=PH.q_order_printed,
    derived=H.q_order_derived,
    derivation=f"{DER}.q_asymptote",
    kind="statement",
    assumptions="fixed m, tau, eps; Var(f_hat(x)) = V1/n with V1 read off the exact perfect CMS+RR at f(x) = 0; "
                "the limit taken is n -> infinity",
    note="Only when r != 0: if m divides 2^l, H' is pairwise independent and any q works.",
    steps=(Grid("smallest q by exhaustive search vs the closed form", _q_search_rows, _exact_of, printed=False),
           rows_grid("q_min / n^{1/4} as n -> infinity (limit of the exact root of the first condition)",
                     _q_limit_rows, statement=True, path="proof")),
)
