"""pan-cms Section 6: the exact path and the simulation of the experiment claims (Figs 2-4).

Exact path (moment formulas, no enumeration at d = 10^4..10^5).  Each mechanism's per-client variances
``W[x][x']`` (ldpref.moments: a client holding x' adds ``W[x][x']/n^2`` to ``Var[f_hat(x)]``) come from the real
mechanism at symbolic e^eps, then e^eps = e^eps of the run:

* HE: the exact Hadamard Encoding at d = 3 (``ldpref.mechanisms.variants.hadamard_encoding``); its W has one
  diagonal and one off-diagonal value (two distinct Hadamard rows agree on half the columns at every size);
* RHR, b = eps bits (the paper's reading of [12], pan-cms/sec4.3.b-eps): the exact RHR at d = B + 1, B = 2^(b-1),
  which holds a pair with one residue and a pair with two; the entries (0, 0), (0, B) and (0, 1) are x itself, a
  value of x's residue and a value of another residue (a fourth entry, (1, B + 1) or (1, 0), is checked equal);
* CMS + RR on [m] (MSE-OCMS, l-OCMS) and CMS + HE (m = 1024): the inner mechanism's W (RR: the structured
  ``grr`` model of ldpref.structured at d = m; HE as above), then the outer hash by the law of total variance:
  a client's hash is its own (private randomness) and pairwise uniform, so a non-holder collides w.p. 1/m.

Then ``Var[f_hat(x)] = (c_x W_eq + sum_{x' != x} c_x' W[x][x'])/n^2`` over the dataset's counts, exact integers
times the coefficients: enclosed in rigorous balls for the statements (:func:`exact_balls`,
:func:`derivations.pan_cms.experiments.mechanism_balls`), converted to DPS digits for the display and the simulation
(:func:`exact_values`, :func:`derivations.pan_cms.experiments.variances`).

Simulation (statistical evidence): per value of interest x, its estimate's law is exactly that of a sum of
independent multinomial draws, one per group of clients with the same per-client law (holders of x, the others;
RHR: holders, the same residue, other residues); sampled with numpy from a seeded SeedSequence.  Per mechanism and
eps: z of the mean of err^2/Var_exact over T = 100 trials x 100 values against 1, and z of the summed errors
against 0; a check passes when both |z| < 4.4 (two-sided 1.1e-5 each under the normal approximation of a mean
of 10^4 independent terms; at most 50 tests per claim, so a false alarm per claim below 1.1e-3).
"""

from __future__ import annotations

from functools import cache

import mpmath
import numpy as np
import sympy

from derivations.pan_cms import experiments as X
from ldpref.exact import EXP_EPS
from ldpref.ledger.generic import Statistical
from ldpref.mechanisms.variants import hadamard_encoding, recursive_hadamard_response
from ldpref.moments import per_client_variance_coefficients
from ldpref.stats import error_z_statistics, z_screen

#: |z| threshold of the simulation checks (two-sided 1.1e-5 under the normal approximation)
Z_MAX = 4.4
SIM_SEED = 6_2024


def _expr(w):
    return w.as_expr() if hasattr(w, "as_expr") else sympy.sympify(w)


@cache
def he_w() -> tuple:
    """(W_eq, W_other) of the exact HE at d = 3, as expressions in e^eps; raises if W has more structure."""
    W = per_client_variance_coefficients(hadamard_encoding(3, EXP_EPS))
    eq, other = _expr(W[0][0]), _expr(W[0][1])
    if any(sympy.cancel(_expr(W[v][x]) - (eq if v == x else other)) != 0 for v in range(3) for x in range(3)):
        raise ValueError("HE's per-client variances are not one diagonal and one off-diagonal value")
    return eq, other


def _w_entry(P, Q, v, x):
    a = sum((P[y][x] * Q[v][y] ** 2 for y in range(len(P))), P[0][x] * 0)
    b = sum((P[y][x] * Q[v][y] for y in range(len(P))), P[0][x] * 0)
    return _expr(a - b * b)


@cache
def rhr_w(b: int) -> tuple:
    """(W_eq, W_same residue, W_other residue) of the exact RHR with b bits at d = B + 1, from its (P, Q)."""
    B = 1 << (b - 1)
    mech = recursive_hadamard_response(max(B + 1, 2), b, EXP_EPS)
    P, Q = mech.P.to_list(), mech.Q.to_list()
    eq, same = _w_entry(P, Q, 0, 0), _w_entry(P, Q, 0, B if B > 0 else 1)
    if b == 1:  # B = 1: every value has the one residue 0
        return eq, same, same
    other = _w_entry(P, Q, 0, 1)
    check_same = _w_entry(P, Q, 1, B + 1) if B + 1 < mech.d else same
    if sympy.cancel(check_same - same) != 0 or sympy.cancel(_w_entry(P, Q, 1, 0) - other) != 0:
        raise ValueError(f"RHR b = {b}: per-client variances depend on more than residue equality")
    return eq, same, other


@cache
def rr_w(m: int, eps: int) -> tuple:
    """(W_eq, W_neq) of randomised response on [m] at e^eps: the structured ``grr`` model, one client (n = 1)."""
    from ldpref.structured import moments
    from ldpref.structured.registry import model

    g = model("grr", d=m, exp_eps=f"E^{eps}")
    return tuple(moments.variance(g, [1] + [0] * (m - 1), values=[0, 1]))


def _cms(m, w_eq, w_neq):
    """The Eq. (2) decoder (m/(m-1)) y_hat[h(x)] - 1/(m-1) over a private pairwise-uniform hash to [m]: holders add
    (m/(m-1))^2 W_eq; others collide w.p. c = 1/m: (m/(m-1))^2 (c W_eq + (1-c) W_neq + c(1-c))."""
    a, c = sympy.Rational(m, m - 1) ** 2, sympy.Rational(1, m)
    return a * w_eq, a * (c * w_eq + (1 - c) * w_neq + c * (1 - c))


@cache
def exact_coefficient_forms(mech: str, eps: int, f_star: int) -> tuple:
    """The exact per-client variances of ``mech``: functions of e^eps (``EXP_EPS``), or numbers at e^eps (OCMS)."""
    if mech in ("MSE-OCMS", "l-OCMS"):
        mm = X.ocms_m(mech, eps, f_star)
        return tuple(_cms(mm, *rr_w(mm, eps)))
    return tuple({"HE": he_w, "CMS+HE": lambda: _cms(X.CMS_HE_M, *he_w()), "RHR": lambda: rhr_w(eps)}[mech]())


@cache
def exact_coefficients(mech: str, eps: int, f_star: int) -> tuple:
    """Per-client variances of ``mech`` at e^eps (:func:`exact_coefficient_forms`), converted to DPS digits for the
    sums over clients."""
    ws = exact_coefficient_forms(mech, eps, f_star)
    if mech in ("MSE-OCMS", "l-OCMS"):
        return tuple(X._num(w) for w in ws)  # exact numbers in e^eps
    with mpmath.workdps(X.DPS):  # rational functions of e^eps, evaluated at e^eps to DPS digits
        return tuple(fn(mpmath.e ** eps) for fn in _lambdified(ws))


@cache
def exact_balls(name: str, eps: int, f_star: int, same: bool) -> dict:
    """{(mechanism, metric): ball} from the exact per-client variances at one dataset and eps (the statements'
    values; :func:`exact_values` are the same quantities at DPS digits, for display)."""
    n, rows = X.summary(name, eps, same)
    return X.mechanism_balls({mech: exact_coefficient_forms(mech, eps, f_star) for mech in X.MECHANISMS},
                             {EXP_EPS: sympy.exp(eps)}, n, rows)


@cache
def _lambdified(ws: tuple) -> tuple:
    """``sympy.lambdify(e^eps, w, "mpmath")`` of each per-client variance, once per expression (HE's serve every eps
    and f*): the same generated function, so the same numbers."""
    return tuple(sympy.lambdify(EXP_EPS, w, modules="mpmath") for w in ws)


@cache
def exact_values(name: str, eps: int, f_star: int, same: bool) -> dict:
    """{(mechanism, metric): value} from the exact per-client variances at one dataset and eps."""
    n, rows = X.summary(name, eps, same)
    out = {}
    for mech in X.MECHANISMS:
        for k, v in X.metrics(X.variances(exact_coefficients(mech, eps, f_star), n, rows)).items():
            out[(mech, k)] = v
    return out


def plotted(values: dict) -> dict:
    """The instance keys the printed predicates read: ``"<mechanism> <metric>"``."""
    return {f"{mech} {mt}": v for (mech, mt), v in values.items()}


# ---- simulation ---------------------------------------------------------------------------------------------------
def _groups(mech: str, eps: int, f_star: int, c: int, s: int, n: int):
    """Per-client laws at x: [(clients, probabilities over decoded values, decoded values)] and the scale."""
    e = float(np.exp(eps))
    if mech == "RHR":
        M = 2.0 ** eps
        p, q = e / (e + M - 1), 1 / (e + M - 1)
        vals = np.array([1.0, -1.0, 0.0])
        rest, rest2 = (M - 2) / (e + M - 1), (e + M - 3) / (e + M - 1)  # 1 - p - q and 1 - 2q, never below 0
        law = [(c, [p, q, rest]), (s, [(p + q) / 2, (p + q) / 2, rest]), (n - c - s, [q, q, rest2])]
        return law, vals, lambda tot: tot / (n * (p - q))
    if mech in ("MSE-OCMS", "l-OCMS"):
        m = X.ocms_m(mech, eps, f_star)
        p, q = e / (e + m - 1), 1 / (e + m - 1)
        a, b = p, p / m + (1 - 1 / m) * q
    else:  # HE: a +-1 report, +1 w.p. p for a holder, 1/2 otherwise; CMS+HE: collision 1/1024 first
        p = e / (e + 1)
        m = X.CMS_HE_M
        a, b = p, (0.5 if mech == "HE" else p / m + (1 - 1 / m) * 0.5)
    vals = np.array([1.0, 0.0])
    return [(c, [a, 1 - a]), (n - c, [b, 1 - b])], vals, lambda tot: (tot / n - b) / (a - b)


@cache
def simulated_errors(name: str, eps: int, f_star: int, same: bool, mech: str, trials: int = X.TRIALS) -> tuple:
    """(errors f_hat(x) - f(x) as a (TOP, trials) array, the exact Var[f_hat(x)] as floats) of one seeded run
    (cached, read-only arrays: the simulation check and the l1 note read the same run of l-OCMS)."""
    n, rows = X.summary(name, eps, same)
    var = np.array([float(v) for v in X.variances(exact_coefficients(mech, eps, f_star), n, rows)])
    key = (("zipf", "gaussian", "kosarak").index(name), eps, X.MECHANISMS.index(mech), f_star)
    rng = np.random.default_rng(np.random.SeedSequence(SIM_SEED, spawn_key=key))
    err = np.empty((len(rows), trials))
    for i, (c, s) in enumerate(rows):
        law, vals, estimate = _groups(mech, eps, f_star, c, s, n)
        tot = np.zeros(trials)
        for size, probs in law:
            if size:
                tot += rng.multinomial(size, probs, size=trials) @ vals
        err[i] = estimate(tot) - c / n
    err.flags.writeable = var.flags.writeable = False
    return err, var


@cache
def simulate(name: str, eps: int, f_star: int, same: bool, mech: str, trials: int = X.TRIALS) -> tuple:
    """:func:`ldpref.stats.error_z_statistics` of one seeded run (cached: the claims of one section share their
    runs)."""
    return error_z_statistics(*simulated_errors(name, eps, f_star, same, mech, trials))


def simulation_step(name: str, f_star: int, same: bool, mechs=X.MECHANISMS) -> Statistical:
    """The statistical agreement of the simulated estimates with the exact variances (every eps), as a step."""
    def decide():
        worst, fails = z_screen(((f"{mech} eps={eps}", simulate(name, eps, f_star, same, mech))
                                 for eps in X.EPS_GRID for mech in mechs), Z_MAX)
        count = len(X.EPS_GRID) * len(mechs)
        return (not fails, count, f"largest |z| {worst:.2f} over {count} (mechanism, eps) pairs, threshold {Z_MAX} "
                f"(false alarm per claim < 1.1e-3)" + (f"; failing: {'; '.join(fails)}" if fails else ""))

    return Statistical(f"simulation ({X.TRIALS} runs, |x| = {X.TOP}, sufficient statistics per value) agrees with "
                       "the exact variances", decide)
