"""pan-cms claim checks: Theorem 3.8, Corollaries 3.6-3.7 and their proofs in Appendix E (Eqs. (41)-(44)).

Exact building blocks and the statement evaluation (:func:`proofs_checks.pan_cms.hashing.truth`) are in
``proofs_checks.pan_cms.hashing``; see its docstring for how statements are evaluated per instance.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import sympy

import derivations.pan_cms.hashing as H
import derivations.pan_cms.printed_hashing as PH
from derivations.pan_cms.symbols import cbar, e, f, m, n, q, r, tau, var_eq, var_neq
from ldpref import losses, moments
from ldpref.exact import EXP_EPS
from ldpref.exact import to_fraction as _frac
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Numeric, Point, Symbolic, rhs

from .hashing import (DER, HOLDS, KIND_ORDER, LMQR, R, _collision, _collision_rate_mechanism, _cms, _datasets,
                      _exact_of, _inner, _inner_vars, _qr, _var, conjunct, rows_grid)
from .optimized_exact import _interpolate

# ---- Theorem 3.8, Eqs. (41)-(44) --------------------------------------------------------------------
TH38_GRID = [(2, 3, "rr", R(2)), (2, 3, "rr", R(3)), (2, 3, "rr", R(4)), (2, 3, "arp", R(2)), (2, 3, "srp", R(4)),
             (3, 3, "rr", R(2)), (3, 4, "rr", R(2)), (3, 5, "rr", R(2)), (3, 5, "arp", R(2)), (3, 6, "rr", R(2)),
             (3, 6, "rr", R(3)), (3, 7, "rr", R(2)), (4, 3, "rr", R(2)), (4, 5, "rr", R(2)), (4, 6, "rr", R(2)),
             (4, 7, "rr", R(3)), (4, 11, "rr", R(2))]
TH38_COUNTS = [(1, 0), (0, 1), (1, 1), (1, 2)]


def h_prime_rows(grid, datasets, per_x):
    """Per (l, m, inner, e^eps) of ``grid``, dataset and x in {0, 1}: a row of the exact Var(f_hat(x)) of the Eq. (2)
    CMS on the perfect family of the same m (``vf``), its model (``dvf``), Var(R|=), Var(R|!=) read off the inner
    mechanism, and what ``per_x(row, model Var(R|=), model Var(R|!=))`` adds (the moments on H')."""
    rows = []
    for l_, m_, kind, ee in grid:
        q_, r_ = _qr(l_, m_)
        veq, vne = _inner_vars(kind, m_, ee)
        dveq, dvne = H.inner_variances(kind, m_, ee)
        for counts in datasets:
            nn = sum(counts)
            vf = _var(("perfect", 2, m_), kind, ee, "eq2", counts)
            for x in range(2):
                fx = R(counts[x], nn)
                row = dict(l=l_, m=m_, q=q_, r=r_, kind=kind, e=ee, counts=counts, x=x, n=nn, fx=fx, veq=veq, vne=vne,
                           vf=vf[x], dvf=H.cms_var_model(R(1, m_), m_, dveq, dvne, fx, nn))
                rows.append({**row, **per_x(row, dveq, dvne)})
    return rows


def row_params(row, **extra):
    """The parameters shown for an H' row."""
    return {"l": row["l"], "m": row["m"], "q": row["q"], "r": row["r"], "inner": row["kind"], "exp_eps": row["e"],
            "counts": row["counts"], "x": row["x"], **extra}


def row_size(row, *extra):
    """The size (order of instances) of an H' row."""
    return (row["l"], row["m"], row["n"], KIND_ORDER[row["kind"]], row["e"], row["counts"][::-1], row["x"], *extra)


@cache
def _thm38_rows():
    """Per (family, inner, dataset, x): exact Var(g|H'), Var(f_hat) (perfect), Var(R|=) and the model values."""
    return h_prime_rows(TH38_GRID, TH38_COUNTS, lambda row, dveq, dvne: dict(
        vg=_var(("H'", row["l"], 2, row["m"]), row["kind"], row["e"], "eq8", row["counts"])[row["x"]],
        dvg=H.var_g_model(H.collision_value(row["l"], row["m"]), dveq, dvne, row["fx"], row["n"])))


def _lhs38(row, corrected=False):
    """The smallest tau the printed (or corrected) condition admits: tau * LHS / (2q+1)^2 from exact quantities."""
    if corrected:
        val_ = H.thm38_lhs_corrected(row["m"], row["q"], row["veq"], row["n"], 1, row["vf"])
    else:
        val_ = PH.thm38_lhs_printed(row["m"], row["veq"], row["n"], 1, row["vf"])
    return sympy.cancel(val_ / (2 * row["q"] + 1) ** 2)


def _thm38_rows_of():
    for row in _thm38_rows():
        for i, which in enumerate(("printed", "corrected")):
            t = _lhs38(row, corrected=bool(i))
            facts = {m: row["m"], q: row["q"], var_eq: row["veq"], n: row["n"], tau: t, H.Var_f: row["vf"],
                     H.Var_g: row["vg"]}
            yield Point(row_params(row, tau=t, **{"tau chosen as": f"the smallest the {which} condition admits"}),
                        facts=facts, data=HOLDS, size=row_size(row, i))


def thm38_steps(name):
    """Theorem 3.8 / Eq. (43) / the inequality before it, at the boundary tau of the printed and of the corrected
    condition, evaluated on the exact variances (after the model's variances are matched with them)."""
    return (Identity("model Var(g|H') and Var(f_hat) == exact CMS variances on every row",
                     lambda: [(row["dvg"], row["dvf"]) for row in _thm38_rows()],
                     lambda: [(row["vg"], row["vf"]) for row in _thm38_rows()]),
            rows_grid(name, _thm38_rows_of, statement=True))


#: what Theorem 3.8, the inequality before Eq. (43) and Eq. (43) share (one root cause, one corrected condition)
_THM38_KW = dict(root_cause="thm3.8.derivative-bound", derivation=f"{DER}.thm38_lhs_corrected", kind="statement")


record(
    id="pan-cms/thm3.8",
    location="Section 3.5, Theorem 3.8",
    statement="If (2m Var(R|=) + m - 1)/(n(m-1)^3) * m/(tau Var(f_hat(x))) <= (2q+1)^2 then "
              "Var(g(x|H')) < (1 + tau) Var(f_hat(x)).",
    printed=PH.thm38_printed,
    derived=H.thm38_derived,
    assumptions="g uses H' (Eq. (18) mod m) and m' of Lemma 3.2; f_hat is Eq. (2) with a pairwise-independent "
                "family of the same m (all functions [d] -> [m]); same inner mechanism and dataset; tau at the "
                "boundary of the printed and of the corrected condition",
    note="The proof bounds |dVar/dm'| by its value at m' = m, but the bound (2m'Var(R|=) + m' - 1)/"
         "(n(m'-1)^3) decreases in m', so on [m', m] it is largest at the smallest m'.  Taking it at "
         "m_low = m(1 - (2q+1)^{-2}) <= m' gives a condition that does imply the conclusion.",
    steps=thm38_steps("Theorem 3.8 on the exact Var(g|H') and Var(f_hat) at the boundary tau of either condition"),
    **_THM38_KW,
)


record(
    id="pan-cms/appE.translate",
    location="Appendix E, proof of Theorem 3.8, the inequality before Eq. (43)",
    statement="(2m Var(R|=) + m - 1)/(n(m-1)^3) * m/(2q+1)^2 <= tau Var(f_hat(x)) ensures "
              "Var(g(x|H')) <= (1 + tau) Var(f_hat(x)).",
    printed=PH.translate_printed, derived=H.translate_derived, assumptions="as Theorem 3.8",
    steps=thm38_steps("the inequality before Eq. (43) on the exact variances at the boundary tau of either form"),
    **_THM38_KW,
)


record(
    id="pan-cms/appE.eq43",
    location="Appendix E, Eq. (43)",
    statement="(2m Var(R|=) + m - 1)/(n(m-1)^3) * m/(tau Var(f_hat(x))) <= (2q+1)^2 ensures "
              "Var(g(x|H')) <= (1 + tau) Var(f_hat(x)).",
    printed=PH.eq43_printed, derived=H.eq43_derived, assumptions="as Theorem 3.8",
    steps=thm38_steps("Eq. (43) on the exact variances at the boundary tau of either form"),
    **_THM38_KW,
)


EQ41_GRID = [(2, "rr", R(2)), (3, "rr", R(2)), (3, "arp", R(2)), (3, "srp", R(4)), (4, "rr", R(3))]
EQ41_COUNTS = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]
MP_VALUES = [R(5, 4), R(3, 2), R(8, 3), R(3), R(5)]
C_POINTS = [R(1, 7), R(1, 5), R(1, 4), R(1, 3), R(2, 5), R(1, 2)]
C_CHECK = [R(3, 5), R(5, 7)]


@cache
def _c_mechanism(mm, kind, ee, c, decoder):
    """The CMS with collision rate c (rational).  decoder "eq2": M = m; decoder "eq8x": the Eq. (8) decoder
    (M = 1/c) times (1 - c), i.e. Q_R - c, whose entries are affine in c."""
    return _collision_rate_mechanism(mm, _inner(kind, mm, ee), c, sympy.Integer(mm) if decoder == "eq2" else None)


@cache
def _var_in_c(mm, kind, ee, decoder, counts):
    """The exact variance of the first estimate as a polynomial in c (ascending coefficients): P is affine in c
    and so is the decoder, so the variance has degree <= 4 (<= 2 for Eq. (2)); interpolated from exact values
    at rational c (:func:`optimized_exact._interpolate`) and confirmed at further points (an error if the degree
    bound failed); one coefficient per interpolation node."""
    def var_at(c):
        return moments.variance(_c_mechanism(mm, kind, ee, c, decoder), counts)[0]
    poly = _interpolate([(c, var_at(c)) for c in C_POINTS], cbar, [(c, var_at(c)) for c in C_CHECK])
    coeffs = [_frac(a) for a in sympy.Poly(poly, cbar).all_coeffs()[::-1]]
    return tuple(coeffs + [Fraction(0)] * (len(C_POINTS) - len(coeffs)))


def _poly_expr(coeffs, x):
    return sum(R(a.numerator, a.denominator) * x**i for i, a in enumerate(coeffs))


@cache
def _dvar_exact(mm, kind, ee, counts):
    """d Var(g)/d m' of the exact CMS whose collision rate is 1/m' and whose decoder uses m', as (num, den)
    polynomials in m': Var = V(1/m')/(1 - 1/m')^2 with V the (1 - c)^2-scaled variance (degree 4 in c)."""
    coeffs = _var_in_c(mm, kind, ee, "eq8x", counts)
    deg = len(coeffs) - 1
    num = sympy.Poly(_poly_expr(coeffs[::-1], H.mp), H.mp)  # m'^deg V(1/m')
    den = sympy.Poly(H.mp ** (deg - 2) * (H.mp - 1) ** 2, H.mp)
    return (num.diff(H.mp) * den - num * den.diff(H.mp), den**2)


def _dvar_expr(mm, kind, ee, counts):
    a, b = _dvar_exact(mm, kind, ee, counts)
    return sympy.cancel(a.as_expr() / b.as_expr())


def _eq41_rows():
    for mm, kind, ee in EQ41_GRID:
        veq, vne = _inner_vars(kind, mm, ee)
        for counts in EQ41_COUNTS:
            nn = sum(counts)
            num, den = _dvar_exact(mm, kind, ee, counts)  # the exact derivative at a rational m'
            for mpv in MP_VALUES:
                yield Point({"m": mm, "inner": kind, "exp_eps": ee, "counts": counts, "m'": mpv}, data=HOLDS,
                            facts={var_eq: veq, var_neq: vne, n: nn, H.mp: mpv, H.dVdm: num.eval(mpv) / den.eval(mpv)},
                            size=(mm, nn, KIND_ORDER[kind], ee, counts[::-1], mpv))


def _eq41_identities(mm, kind, ee):
    """The exact derivative at f = 1 and f = 0 against the model's, and its linearity in f(x)."""
    veq, vne = _inner_vars(kind, mm, ee)
    at = {var_eq: veq, var_neq: vne, n: 1}
    return (Identity(f"exact dVar/dm' at f = 1 and f = 0 == the model's (m={mm}, {kind}, e^eps={ee})",
                     lambda: [_dvar_expr(mm, kind, ee, (1, 0)), _dvar_expr(mm, kind, ee, (0, 1))],
                     lambda: [sympy.cancel(H.dvar_dmp_derived(q_).subs(at)) for q_ in (1, 0)]),
            Identity(f"exact dVar/dm' is linear in f(x) (m={mm}, {kind}, e^eps={ee}, n = 2)",
                     lambda: _dvar_expr(mm, kind, ee, (1, 1)),
                     lambda: (_dvar_expr(mm, kind, ee, (2, 0)) + _dvar_expr(mm, kind, ee, (0, 2))) / 2))


def _lower_branches(form):
    """The branches of the max in the lower bound -max{...} <= dVar/dm' of an Eq. (41) form."""
    lo = conjunct(form, sympy.LessThan, rhs=H.dVdm).lhs
    return sorted((sympy.factor(b) for b in (-lo).args), key=sympy.default_sort_key)


record(
    id="pan-cms/appE.eq41",
    location="Appendix E, Eq. (41) and the sentence before it",
    statement="dVar(g)/dm' is linear in f(x), and -max{2m'Var(R|=)/(n(m'-1)^3), ((m'-1)(Var(R|!=)+1) + "
              "(m'+1)Var(R|=))/(n(m'-1)^3)} <= dVar(g(x|H'))/dm' < 0.",
    printed=PH.eq41_printed,
    derived=H.eq41_derived,
    derivation=f"{DER}.dvar_dmp_derived",
    kind="statement",
    assumptions="Var(g) as a function of m' with collision rate 1/m' (Theorem 3.4), Var(R|=), Var(R|!=) of the "
                "inner mechanism on [m] held fixed",
    steps=(Symbolic("the two branches of the max: printed vs -dVar/dm' of the model at f(x) = 1 and f(x) = 0",
                    part=_lower_branches),
           *(step for grid in EQ41_GRID[1:3] for step in _eq41_identities(*grid)),
           rows_grid("Eq. (41) on the exact derivative (CMS with collision rate 1/m' and decoder m')", _eq41_rows,
                     statement=True)),
)


record(
    id="pan-cms/appE.eq42",
    location="Appendix E, Eq. (42)",
    statement="-(2m'Var(R|=) + m' - 1)/(n(m'-1)^3) <= dVar(g(x|H'))/dm' < 0.",
    printed=PH.eq42_printed,
    derived=H.eq42_derived,
    derivation=f"{DER}.dvar_dmp_derived",
    kind="statement",
    assumptions="Var(R|=) >= Var(R|!=) (true for RR, aRP and sRP: appE.veq-geq-vne)",
    steps=(rows_grid("Eq. (42) on the exact derivative", _eq41_rows, statement=True),),
)


VEQ_GRID = [(2, "rr", R(2)), (2, "rr", R(11, 10)), (3, "rr", R(2)), (3, "rr", EXP_EPS), (5, "rr", R(3)),
            (2, "arp", R(2)), (3, "arp", R(3)), (3, "arp", EXP_EPS), (2, "srp", R(4)), (3, "srp", R(9))]


def veq_steps(keep=lambda mm, kind: True):
    """Var(R|=) vs Var(R|!=) of the exact inner mechanisms in the claim's printed and derived statements: the model's
    variances against those read off the mechanisms, and the statements at them."""
    grid = [(mm, kind, ee) for mm, kind, ee in VEQ_GRID if keep(mm, kind)]

    def rows():
        for mm, kind, ee in grid:
            veq, vne = _inner_vars(kind, mm, ee)
            yield Point({"m": mm, "inner": kind, "exp_eps": ee}, facts={var_eq: veq, var_neq: vne}, data=HOLDS,
                        size=(KIND_ORDER[kind], mm, 0 if ee == EXP_EPS else ee))

    return (Identity("model (Var(R|=), Var(R|!=)) == read off the exact inner mechanisms",
                     lambda: [H.inner_variances(kind, mm, ee) for mm, kind, ee in grid],
                     lambda: [_inner_vars(kind, mm, ee) for mm, kind, ee in grid]),
            rows_grid("Var(R|=) vs Var(R|!=) read off the exact inner mechanisms", rows, statement=True))


record(
    id="pan-cms/appE.veq-geq-vne",
    location="Appendix E, the sentence before Eq. (42)",
    statement="Var(R|=) >= Var(R|!=) for randomized response and RAPPOR.",
    printed=PH.veq_ge_vne_printed,
    derived=H.veq_ge_vne_derived,
    derivation=f"{DER}.inner_variances",
    kind="statement",
    assumptions="RR (Eq. (12)), aRP (Eq. (13)), sRP (Eq. (14)); e^eps > 1",
    steps=veq_steps(),
)


def _m_prime_rows():
    for l_, m_, q_, r_ in LMQR:
        yield Point({"l": l_, "m": m_, "q": q_, "r": r_}, facts={m: m_, q: q_, r: r_}, data=1 / _collision(l_, m_),
                    in_condition=H.worst_r(m_, q_, r_), size=(l_, m_))


record(
    id="pan-cms/appE.m-prime-bound", root_cause="appE.worst-r",
    location="Appendix E, proof of Theorem 3.8 (m' = m - m/(2q+1)^2)",
    statement="m' = m - m/(2q+1)^2.",
    printed=PH.m_prime_bound_printed,
    derived=H.g_unbiased_derived,
    derivation=f"{DER}.m_prime_min_over_r",
    condition="r = mq/(2q+1), the r minimising m' (otherwise m' > m - m/(2q+1)^2: it is a lower bound)",
    assumptions="m' = 1/c_bar of H' (Lemma 3.2)",
    steps=(Symbolic("printed m' vs derived m'", part=rhs),
           Identity("min over real r of the derived m' (calculus) is m_low = m(1 - (2q+1)^-2)",
                    lambda: H.m_prime_min_over_r()[1], lambda: sympy.factor(H.m_low())),
           rows_grid("m' = 1/c_bar of the real family", _m_prime_rows)),
)


# ---- Corollaries 3.6, 3.7 -----------------------------------------------------------------------------
def _cor_m_e(kind_of_cor, ss):
    """(m, e^eps) of Corollary 3.6 (m = 1 + e^{eps/2}) or 3.7 (m = 1 + e^eps) at e^{eps/2} resp. e^eps = ss."""
    return 1 + ss, R(ss * ss) if kind_of_cor == 36 else R(ss)


def _tau_grid(q_):
    t0 = R(1, (2 * q_ + 1) ** 2)
    return [t for t in (t0 * R(101, 100), 2 * t0, R(1, 100), R(1, 10)) if t > t0]


def _cor_rows(kind_of_cor):
    """(l, m, e^eps, d) for Corollary 3.6 (m = 1 + e^{eps/2}) or 3.7 (m = 1 + e^eps)."""
    out = []
    for ss in (2, 3, 4, 5, 6):
        mm, ee = _cor_m_e(kind_of_cor, ss)
        for l_ in (2, 3, 4):
            if 2**l_ > mm:
                for d_ in ((2,) if kind_of_cor == 36 else (2, 3)):
                    if d_ <= 2**l_ and (l_ < 4 or mm <= 5):
                        out.append((l_, mm, ee, d_))
    return out


@cache
def _worst(key, ee, decoder, which, nn=2):
    mech = _cms(key, "rr", ee, decoder).mechanism
    return (losses.worst_case_mse if which == "mse" else losses.worst_case_l2)(mech, nn).value


def cor_grid(name, kind_of_cor):
    """Corollary 3.6 / 3.7 on the exact worst cases, at taus above the printed bound (2q+1)^-2 and above the
    corrected threshold T = Var(g|f=0)/Var(f_hat|f=0) - 1 (exact variances)."""
    which = "mse" if kind_of_cor == 36 else "l2"

    def rows():
        for l_, mm, ee, d_ in _cor_rows(kind_of_cor):
            q_, r_ = _qr(l_, mm)
            veq, vne = _inner_vars("rr", mm, ee)
            T = H.ratio_threshold_model(mm, 1 / _collision(l_, mm), veq, vne)
            wg = _worst(("H'", l_, d_, mm), ee, "eq8", which)
            wf = _worst(("perfect", d_, mm), ee, "eq2", which)
            for t in sorted(x for x in set(_tau_grid(q_)) | {T * R(101, 100), 2 * T} if x > 0):
                facts = {q: q_, tau: t, m: mm, H.T_sym: T}
                if kind_of_cor == 36:
                    facts.update({H.s: mm - 1, H.MSE_g: wg, H.MSE_hat: wf})
                else:
                    facts.update({e: ee, H.l2_g: wg, H.l2_f: wf})
                yield Point({"l": l_, "m": mm, "q": q_, "r": r_, "exp_eps": ee, "d": d_, "tau": t}, facts=facts,
                            data=HOLDS, size=(l_, mm, d_, t))

    return rows_grid(name, rows, statement=True)


record(
    id="pan-cms/cor3.6", root_cause="appE.eps0-limit",
    location="Section 3.5, Corollary 3.6",
    statement="If 2q + 1 > sqrt(1/tau) and m = 1 + e^{eps/2}, then MSE(g) < (1 + tau) MSE_hat(f_hat).",
    printed=PH.cor36_printed,
    derived=H.cor36_derived,
    derivation=f"{DER}.ratio_threshold_model",
    kind="statement",
    assumptions="CMS+RR; e^{eps/2} an integer so that m = 1 + e^{eps/2} exactly; MSE(g) and MSE_hat(f_hat) are the "
                "worst-case MSEs over datasets of n = 2 clients (d = 2), g on H', f_hat on a pairwise-independent "
                "family of the same m",
    note="Corrected condition: tau > T = Var(g|f=0)/Var(f_hat|f=0) - 1 (f(x) = 0 is the worse end when "
         "Var(R|=) >= Var(R|!=) and m' >= 2).  Letting m = 1 + e^{eps/2} -> 2 as a real number with the worst r "
         "(m' = m(1 - u), u = (2q+1)^{-2}), T (2q+1)^2 -> (2 - 3u)/(1 - 2u)^2, about 2: roughly 2q + 1 > sqrt(2/tau).",
    steps=(cor_grid("worst-case MSE of g on H' vs (1 + tau) that of the perfect CMS (losses.worst_case_mse)", 36),),
)


record(
    id="pan-cms/cor3.7", root_cause="appE.eps0-limit",
    location="Section 3.5, Corollary 3.7",
    statement="If 2q + 1 > sqrt(1/tau) and m = 1 + e^eps, then l2(g) < (1 + tau) l2*(f_hat).",
    printed=PH.cor37_printed,
    derived=H.cor37_derived,
    derivation=f"{DER}.ratio_threshold_model",
    kind="statement",
    assumptions="CMS+RR; e^eps an integer; l2*(f_hat) read as the l2 loss of the perfectly hashed CMS with the "
                "same m = 1 + e^eps (as in the proof in Appendix E); datasets of n = 2 clients, d = 2, 3",
    steps=(cor_grid("worst-case l2 loss of g on H' vs (1 + tau) that of the perfect CMS (losses.worst_case_l2)", 37),),
)


def _cor_model(l_, mm, ee, d_, which):
    """Model worst cases: Var is affine in f(x), so the worst MSE is at f in {0, 1}; the l2 loss of an unbiased
    estimator is sum_x Var = ((d-1) Var|f=0 + Var|f=1) (times n, divided by n) for every dataset."""
    veq, vne = H.inner_variances("rr", mm, ee)
    c = H.collision_value(l_, mm)
    g = [H.var_g_model(c, veq, vne, fx, 2) for fx in (0, 1)]
    p = [H.cms_var_model(R(1, mm), mm, veq, vne, fx, 2) for fx in (0, 1)]
    if which == "mse":
        return max(g), max(p)
    return (d_ - 1) * g[0] + g[1], (d_ - 1) * p[0] + p[1]


Q45_ROWS = [(4, 3), (5, 3), (5, 4), (5, 5), (5, 6)]


def _q45_rows():
    t = R(1, 100)
    for q_ in range(0, 8):
        yield Point({"tau": t, "q": q_, "quantity": "is q above the threshold"}, facts={tau: t, q: q_},
                    data=bool((2 * q_ + 1) ** 2 * t > 1), size=(q_,))


def _q45_conclusions():
    """The corollaries' conclusions on the exact worst cases vs those of the variance model (a model function,
    not the claim's form)."""
    t = R(1, 100)
    for l_, mm in Q45_ROWS:
        q_, r_ = _qr(l_, mm)
        for cor, ee, which in ((36, R((mm - 1) ** 2), "mse"), (37, R(mm - 1), "l2")):
            wg = _worst(("H'", l_, 2, mm), ee, "eq8", which)
            wf = _worst(("perfect", 2, mm), ee, "eq2", which)
            dg, df = _cor_model(l_, mm, ee, 2, which)
            yield Point({"corollary": cor, "l": l_, "m": mm, "q": q_, "r": r_, "exp_eps": ee},
                        model=bool(dg < (1 + t) * df), data=bool(wg < (1 + t) * wf), size=(l_, mm, cor))


record(
    id="pan-cms/sec3.5.q-4.5",
    location="Section 3.5, after Corollary 3.7 (tau = 0.01 gives q > 4.5)",
    statement="With tau = 0.01 the corollaries' condition is q > 4.5, and q >= 5 then gives their conclusions.",
    printed=PH.q45_printed,
    derived=H.q45_derived,
    kind="statement",
    assumptions="every (l, m) with l <= 5 and q = floor(2^l/m) >= 5, m = 1 + e^{eps/2} (Cor. 3.6) or m = 1 + e^eps "
                "(Cor. 3.7) with integer e^{eps/2} resp. e^eps; d = 2, n = 2",
    note="The conclusion holds on the grid (and, by the variance model, for every q >= 5 with l <= 15), narrowly at "
         "(l, m) = (4, 3) (q = 5, r = 1, e^eps = 4: "
         "Var ratio - 1 = 0.0098 < tau), not for the paper's reason: its limit eps -> 0 (m -> 2) would need "
         "2q + 1 >= sqrt(2/tau), i.e. q >= 7 (see appE.cor3.6-eps0); a CMS cannot have m = 1 + e^{eps/2} in (2, 3).",
    steps=(Symbolic("threshold on q at tau = 1/100", part=lambda form: form.args[1].rhs),
           rows_grid("the condition 2q + 1 > sqrt(1/tau) at tau = 1/100 vs the printed and derived thresholds on q",
                     _q45_rows, statement=True),
           Grid("conclusions of Corollaries 3.6 / 3.7 at tau = 1/100 and q >= 5 (exact worst cases vs the variance "
                "model)", _q45_conclusions, _exact_of, printed=False)),
)


# ---- Appendix E: the corollaries' proofs -------------------------------------------------------------
def var_grid(name, kind_of_cor):
    """Var(f_hat(x)) of the exact perfect CMS+RR at m = 1 + e^{eps/2} (Cor. 3.6) or m = 1 + e^eps (Cor. 3.7)."""

    def rows():
        for ss in (2, 3, 4):
            mm, ee = _cor_m_e(kind_of_cor, ss)
            counts_list = ([(1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (2, 1)] if kind_of_cor == 36
                           else [(0, 1), (0, 2), (0, 3)])
            for counts in counts_list:
                nn = sum(counts)
                yield Point({"m": mm, "exp_eps": ee, "counts": counts},
                            facts={H.s: ss, e: ee, n: nn, f: R(counts[0], nn)},
                            data=_var(("perfect", 2, mm), "rr", ee, "eq2", counts)[0], size=(nn, mm, counts[::-1]))

    return rows_grid(name, rows)


record(
    id="pan-cms/appE.cor3.6-var", root_cause="appE.var-missing-1/n",
    location="Appendix E, proof of Corollary 3.6 (Var(f_hat(x)) at m = 1 + e^{eps/2})",
    statement="At m = 1 + e^{eps/2} (CMS+RR, pairwise independent), Var(f_hat(x)) = e^{eps/2}/(e^{eps/2} - 1)^2 "
              "for every f(x).",
    printed=PH.cor36_var_printed,
    derived=H.cor36_var_derived,
    derivation=f"{DER}.var_at_m_derived",
    assumptions="n clients; e^{eps/2} integer",
    steps=(Symbolic("printed vs derived Var(f_hat) at m = 1 + e^{eps/2}", part=rhs),
           var_grid("variance of the exact perfect CMS+RR at m = 1 + e^{eps/2}", 36)),
)


record(
    id="pan-cms/appE.cor3.7-var", root_cause="appE.var-missing-1/n",
    location="Appendix E, proof of Corollary 3.7 (Var(f_hat(x)|f(x) = 0) = 4e^eps/(e^eps - 1)^2)",
    statement="At m = 1 + e^eps (CMS+RR, pairwise independent), Var(f_hat(x)|f(x) = 0) = 4e^eps/(e^eps - 1)^2.",
    printed=PH.cor37_var_printed,
    derived=H.cor37_var_derived,
    derivation=f"{DER}.var_at_m_derived",
    assumptions="n clients; e^eps integer",
    steps=(Symbolic("printed vs derived Var(f_hat|f=0) at m = 1 + e^eps", part=rhs),
           var_grid("variance of the exact perfect CMS+RR at m = 1 + e^eps, f(x) = 0", 37)),
)


def _lhs_exact(kind_of_cor, ss):
    """tau * LHS of Eq. (43) (Cor. 3.6) or Eq. (44) (Cor. 3.7) from exact quantities, n = 1."""
    mm, ee = _cor_m_e(kind_of_cor, ss)
    veq, _ = _inner_vars("rr", mm, ee)
    var = _var(("perfect", 2, mm), "rr", ee, "eq2", (0, 1))[0]
    return sympy.cancel(H.condition_lhs(mm, mm, veq, 1, 1, var))


def _lhs_model(kind_of_cor):
    return (H.cor36_lhs_model(1) if kind_of_cor == 36 else H.cor37_lhs_model(1)).subs(n, 1)


def _lhs_identity(kind_of_cor, points):
    """The model tau*LHS against tau*LHS from the exact mechanisms at e^{eps/2} (Cor. 3.6) or e^eps = ``points``."""
    sym = H.s if kind_of_cor == 36 else e
    return Identity(f"model tau*LHS == tau*LHS from the exact mechanisms at {sym} = {points}",
                    lambda: [_lhs_model(kind_of_cor).subs(sym, ss) for ss in points],
                    lambda: [_lhs_exact(kind_of_cor, ss) for ss in points])


def _decreasing(kind_of_cor):
    exact_vals = [_lhs_exact(kind_of_cor, ss) for ss in (2, 3, 4, 5)]
    return (all(a > b for a, b in zip(exact_vals, exact_vals[1:])), len(exact_vals), f"values {exact_vals}")


def decreasing_steps(kind_of_cor):
    """The model against the exact tau*LHS, its strict decrease at consecutive integer points, and the printed and
    derived statements (the sign of the derivative) at points e^eps > 1."""
    sym = H.s if kind_of_cor == 36 else e

    def rows():
        for sv in (R(9, 8), R(3, 2), R(2), R(3), R(4), R(5), R(10)):
            yield Point({str(sym): sv}, facts={sym: sv, n: 1, tau: 1}, data=HOLDS, size=(sv,))

    return (_lhs_identity(kind_of_cor, (2, 3, 4, 5)),
            Numeric("exact tau*LHS strictly decreasing at consecutive integer points",
                    lambda: _decreasing(kind_of_cor)),
            rows_grid("sign of d(LHS)/d e^{eps/2} (resp. d/d e^eps) at points e^eps > 1", rows, statement=True))


record(
    id="pan-cms/appE.cor3.6-lhs",
    location="Appendix E, proof of Corollary 3.6 (monotonicity in eps of the left-hand side of Eq. (43))",
    statement="At m = 1 + e^{eps/2}, the left-hand side of Eq. (43) decreases with eps.",
    printed=PH.cor36_lhs_printed,
    derived=H.cor36_lhs_derived,
    derivation=f"{DER}.cor36_lhs_model",
    kind="statement",
    assumptions="CMS+RR; Var(f_hat) with its 1/n (decreasing either way)",
    steps=decreasing_steps(36),
)


record(
    id="pan-cms/appE.cor3.7-lhs",
    location="Appendix E, proof of Corollary 3.7 (monotonicity in eps of the left-hand side of Eq. (44))",
    statement="At m = 1 + e^eps, the left-hand side of Eq. (44) decreases with eps.",
    printed=PH.cor37_lhs_printed,
    derived=H.cor37_lhs_derived,
    derivation=f"{DER}.cor37_lhs_model",
    kind="statement",
    assumptions="CMS+RR; Var(f_hat|f=0) with its 1/n",
    steps=decreasing_steps(37),
)


EPS0_POINTS = [(1, R(1, 10)), (1, R(1, 8)), (1, R(1, 5)), (1, R(2, 9)), (1, R(1, 4)), (2, R(1, 20)), (2, R(2, 25)),
               (2, R(1, 10)), (3, R(1, 40)), (3, R(1, 30)), (4, R(1, 50)), (7, R(1, 100)), (5, R(1, 100))]


@cache
def _eps0_limit(kind_of_cor):
    """sup_eps tau*LHS: the model's symbolic limit e^{eps/2} -> 1+ (Cor. 3.6) or e^eps -> 1+ (Cor. 3.7)."""
    return sympy.limit(_lhs_model(kind_of_cor), H.s if kind_of_cor == 36 else e, 1, "+")


def _below_limit(kind_of_cor):
    below = [_lhs_exact(kind_of_cor, ss) for ss in (2, 3, 4)]
    limit = _eps0_limit(kind_of_cor)
    return all(v < limit for v in below), len(below), f"limit {limit}, values {below}"


def eps0_steps(kind_of_cor):
    """The model against the exact tau*LHS, the printed vs derived bound, the exact values below the symbolic limit
    eps -> 0, then the condition against that limit: does (2q+1)^2 bound tau*LHS for every eps > 0, i.e. its
    supremum (the limit)?  The exact side is decided by proof (the limit), so the grid's path is ``proof``."""
    def rows():
        limit = _eps0_limit(kind_of_cor)
        for q_, t in EPS0_POINTS:
            yield Point({"q": q_, "tau": t, "sup tau*LHS": limit}, facts={q: q_, tau: t},
                        data=bool((2 * q_ + 1) ** 2 * t >= limit), size=(q_, t))

    return (_lhs_identity(kind_of_cor, (2, 3)),
            Symbolic("printed vs derived bound on (2q+1)^2 at eps = 0", part=lambda form: form.rhs ** 2),
            Numeric("the exact tau*LHS at e^eps = 2, 3, 4 stays below its eps -> 0 limit (the supremum)",
                    lambda: _below_limit(kind_of_cor)),
            Grid("the condition on (2q+1)^2 vs (2q+1)^2 tau >= sup_eps tau*LHS (the eps -> 0 limit)", rows,
                 lambda point: point.data, path="proof"))


record(
    id="pan-cms/appE.cor3.6-eps0", root_cause="appE.eps0-limit",
    location="Appendix E, proof of Corollary 3.6 (eps = 0 in Eq. (43) gives 2q + 1 > sqrt(1/tau))",
    statement="Letting eps -> 0 in Eq. (43) at m = 1 + e^{eps/2} gives the condition 2q + 1 > sqrt(1/tau).",
    printed=PH.eps0_condition_printed,
    derived=H.eps0_condition_derived,
    derivation=f"{DER}.cor36_lhs_model",
    assumptions="CMS+RR; the limit taken is e^{eps/2} -> 1 from above; values are tau * LHS (n cancels when "
                "Var(f_hat) keeps its 1/n); the condition must bound tau * LHS for every eps > 0",
    steps=eps0_steps(36),
)


record(
    id="pan-cms/appE.cor3.7-eps0", root_cause="appE.eps0-limit",
    location="Appendix E, proof of Corollary 3.7 (eps = 0 in Eq. (44) gives 2q + 1 > sqrt(1/tau))",
    statement="Letting eps -> 0 in Eq. (44) at m = 1 + e^eps gives the condition 2q + 1 > sqrt(1/tau).",
    printed=PH.eps0_condition_printed,
    derived=H.eps0_condition_derived,
    derivation=f"{DER}.cor37_lhs_model",
    assumptions="CMS+RR; the limit taken is e^eps -> 1 from above; values are tau * LHS",
    steps=eps0_steps(37),
)


def _l2_sum_rows():
    for l_, mm, ee, d_ in _cor_rows(37):
        key_g, key_f = ("H'", l_, d_, mm), ("perfect", d_, mm)
        pairs = []
        for counts in _datasets(d_, 2, min_n=2):
            vg, vf = _var(key_g, "rr", ee, "eq8", counts), _var(key_f, "rr", ee, "eq2", counts)
            pairs += list(zip(vg, vf))
        t0 = max(a / b for a, b in pairs) - 1
        wg, wf = _worst(key_g, ee, "eq8", "l2"), _worst(key_f, ee, "eq2", "l2")
        for t in (t0 / 2, t0, 2 * t0):
            facts = {H.per_x_hyp: all(a <= (1 + t) * b for a, b in pairs), tau: t, H.l2_g: wg, H.l2_fs: wf}
            yield Point({"l": l_, "m": mm, "exp_eps": ee, "d": d_, "tau": t}, facts=facts, data=HOLDS,
                        size=(l_, mm, d_, t))


record(
    id="pan-cms/appE.l2-sum",
    location="Appendix E, proof of Corollary 3.7 (first sentence)",
    statement="If Var(g(x)) <= (1 + tau) Var(f_hat(x)) for every x, then l2(g) <= (1 + tau) l2(f_hat).",
    printed=PH.l2_sum_printed,
    derived=H.l2_sum_derived,
    derivation=f"{DER}.cms_var_model",
    kind="statement",
    assumptions="datasets of n = 2 clients; tau = the smallest value meeting the hypothesis over every x and dataset "
                "(and half and twice it)",
    steps=(rows_grid("exact worst-case l2 losses under the per-x hypothesis", _l2_sum_rows, statement=True),),
)


@cache
def _var_steps(ee):
    """Differences of the exact Var(f_hat) of the perfect CMS+RR at m = 1 + e^eps, n = 3, f = 0, 1/3, 2/3, 1."""
    v = [_var(("perfect", 2, 1 + ee), "rr", R(ee), "eq2", c)[0] for c in [(0, 3), (1, 2), (2, 1), (3, 0)]]
    return [b - a for a, b in zip(v, v[1:])]


def _slope_rows():
    for ee in (2, 3, 4, 5):
        # n dVar/df: f moves by 1/3 per step, n = 3
        yield Point({"exp_eps": ee, "m": 1 + ee}, facts={H.slope_f: 9 * _var_steps(ee)[0], e: R(ee)}, data=HOLDS,
                    size=(ee,))


record(
    id="pan-cms/appE.cor3.7-increasing",
    location="Appendix E, proof of Corollary 3.7 (monotonicity of Var(f_hat(x)) in f(x) at m = 1 + e^eps)",
    statement="At m = 1 + e^eps (CMS+RR, pairwise independent), Var(f_hat(x)) increases with f(x).",
    printed=PH.increasing_printed,
    derived=H.increasing_derived,
    derivation=f"{DER}.var_slope_in_f",
    kind="statement",
    assumptions="e^eps integer so that m is an integer",
    steps=(*(Identity(f"exact Var(f_hat) is affine in f(x) (e^eps = {ee}, n = 3)", lambda ee=ee: _var_steps(ee)[0],
                     lambda ee=ee: _var_steps(ee)[1]) for ee in (2, 3, 4, 5)),
           Identity("model n dVar(f_hat)/df == exact slope", lambda: [H.var_slope_in_f(1 + e, e).subs(e, ee)
                                                                   for ee in (2, 3, 4, 5)],
                    lambda: [9 * _var_steps(ee)[0] for ee in (2, 3, 4, 5)]),
           rows_grid("slope of the exact Var(f_hat(x)) in f(x) (n = 3, f = 0, 1/3, 2/3, 1)", _slope_rows,
                     statement=True)),
)


def _eq44_rows():
    for ee in (2, 3, 4):
        mm = 1 + ee
        veq, _ = _inner_vars("rr", mm, R(ee))
        for counts in [(0, 2), (1, 1), (2, 0), (1, 2)]:
            nn = sum(counts)
            v0 = _var(("perfect", 2, mm), "rr", R(ee), "eq2", (0, nn))[0]
            vx = _var(("perfect", 2, mm), "rr", R(ee), "eq2", counts)[0]
            for q_ in (1, 2, 5):
                t = sympy.cancel(H.condition_lhs(mm, mm, veq, nn, 1, v0) / (2 * q_ + 1) ** 2)
                facts = {m: mm, var_eq: veq, n: nn, tau: t, H.Var_f0: v0, H.Var_f: vx, q: q_}
                yield Point({"exp_eps": ee, "counts": counts, "q": q_, "tau": t}, facts=facts, data=HOLDS,
                            size=(ee, nn, q_, counts[::-1]))


record(
    id="pan-cms/appE.eq44",
    location="Appendix E, Eq. (44)",
    statement="At m = 1 + e^eps, Eq. (44) (Eq. (43) with Var(f_hat(x)|f(x)=0)) implies Eq. (43).",
    printed=PH.eq44_printed,
    derived=H.eq44_derived,
    derivation=f"{DER}.condition_lhs",
    kind="statement",
    assumptions="CMS+RR with a pairwise-independent family; tau at the boundary of Eq. (44); q = 1, 2, 5",
    steps=(rows_grid("Eq. (44) => Eq. (43) at the boundary tau of Eq. (44), exact variances", _eq44_rows,
                     statement=True),),
)
