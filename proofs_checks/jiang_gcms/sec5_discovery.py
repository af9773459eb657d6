"""Section V-B (Algorithm 6's privacy: Theorem 4, Eqs. (8) and (9)) and Section VII-E (the threshold T from eps and
delta), checked exactly.

The exact path lists the outputs of the one bin in which two neighbouring datasets differ (released or not; the
other bins have the same law in both and factor out), with the release probabilities computed from the Laplace
CDF at the integer counts (the bin held by one dataset only: count 1 against none; a bin held by both: counts
c and c + 1 for every c in 1..ceil(T) + 2, past which u = T - c <= -1 and both ratios are constant, see
``derivations.jiang_gcms.discovery.common_bin_bounds``).  From those it computes, for each (b, T) of a rational
grid, the worst ratio over outputs both datasets can produce (Eq. (8)'s reading) and the privacy profile (the
smallest delta at a given eps: the largest hockey-stick sum over pairs, both directions).  The release
probabilities of a grid point are Laurent polynomials with rational coefficients in z = e^{1/(b q)} (q the
denominator of T; ``laplace_grid``): sums, products and comparisons by cross-multiplication are exact, a zero is
exactly 0, and a nonzero sign is read from a rigorous interval enclosure.  The forms' values come from the one
evaluator (``ldpref.ledger.forms.evaluate``: Eq. (8)'s max ordered by rigorous enclosures); the signs of Eq. (9)
against the profile by the same ordering (``ldpref.exact.exact_sign``: rigorous enclosures, a zero only when proved).
The symbolic path proves the closed forms over the whole range b > 0, T >= 1.
"""

from __future__ import annotations

from functools import cache as _cache

import sympy

import derivations.jiang_gcms.discovery as DD
import derivations.jiang_gcms.printed_discovery as PD
from derivations.jiang_gcms.discovery_symbols import T, b, delta, eps
from ldpref.exact import exact_sign as _sign
from ldpref.exact import to_mpf
from ldpref.ledger import Instance, claim, record
from ldpref.ledger.forms import evaluate
from ldpref.ledger.generic import Grid, Identity, Note, Point, RoleGrid, Symbolic, rhs

from . import laplace_grid as LG
from . import sec5_opendp
from .sec5_algorithms import exact_release_probability

R = sympy.Rational
#: from b = 1/2 (then T = 10 puts e^{-18} inside Eq. (8)'s max, which sympy's own Max cannot order: the one
#: evaluator orders it exactly)
B_GRID = (R(1, 2), R(1), R(3, 2), R(2), R(3), R(5), R(10))
T_GRID = (R(1), R(101, 100), R(5, 4), R(3, 2), R(2), R(3), R(5), R(10))
PATH = "enumeration"


# ---- the exact path: Laplace CDF at integer counts, outputs of the differing bin ---------------------------------
@_cache
def _pairs(b_, t_):
    """Every neighbouring pair of the differing bin, both directions: (name, law under D, law under D'), laws over
    the outputs (released, not released), as exact Laurent polynomials in e^w (``laplace_grid``)."""
    G = LG.grid(b_, t_)
    g = G.release(1)
    zero, one = LG.Laurent(), LG.Laurent.const(1)
    out = [("new bin in D", (g, 1 - g), (zero, one)),
           ("new bin in D'", (zero, one), (g, 1 - g))]
    for c_ in range(1, int(sympy.ceiling(t_)) + 3):
        p0, p1 = G.release(c_), G.release(c_ + 1)
        out.append((f"counts {c_ + 1} vs {c_}", (p1, 1 - p1), (p0, 1 - p0)))
        out.append((f"counts {c_} vs {c_ + 1}", (p0, 1 - p0), (p1, 1 - p1)))
    return tuple(out)


@_cache
def _worst_ratio(b_, t_):
    """The largest P(o | D)/P(o | D') over every pair and every output o both datasets can produce."""
    G = LG.grid(b_, t_)
    return G.to_expr(*G.largest_quotient([(p, q) for _, P, Q in _pairs(b_, t_) for p, q in zip(P, Q) if p and q]))


@_cache
def _profile(b_, t_, exp_eps):
    """The smallest delta at e^eps = exp_eps (a sympy expression, rational in e^w, else ValueError):
    max over pairs of sum_o (P(o | D) - e^eps P(o | D'))_+."""
    G = LG.grid(b_, t_)
    num, den = G.from_expr(exp_eps)
    if G.sign(den) < 0:
        num, den = -num, -den
    sums = []  # each sum over den: P - e^eps Q = (P den - num Q)/den, den > 0
    for _, P, Q in _pairs(b_, t_):
        parts = [p * den - num * q for p, q in zip(P, Q)]
        sums.append((sum((v for v in parts if G.sign(v) > 0), LG.Laurent()), den))
    return G.to_expr(*G.largest_quotient(sums))


def _at(form, b_, t_, extra=None):
    """A claim's form (an Eq: its right-hand side; a statement: its truth) at b, T (and any extra values), by the one
    evaluator (a Max ordered exactly), once per (form, point): Eq. (8) is read by eq8, eq9 and thm4 at the same grid
    points (a self-check's mutated form is another key)."""
    return _evaluated(form, b_, t_, tuple((extra or {}).items()))


@_cache
def _evaluated(form, b_, t_, extra):
    return evaluate(form, {b: b_, T: t_, **dict(extra)})


def _eq8_value(eq8, b_, t_):
    """Theorem 4's eps at (b, T): Eq. (8) as printed (the subject of the theorem and of Eq. (9)); ``eq8`` is the
    form the check read (its own printed form, or ``ev.form_of("jiang-gcms/eq8")``)."""
    return _at(eq8, b_, t_)


def _grid():
    return [(b_, t_) for b_ in B_GRID for t_ in T_GRID]


def _reduced(diff):
    """An identity's difference brought to 0 if it is 0: exponentials split (e^{a+b} = e^a e^b) and the result
    cancelled as a rational function of its exponentials -- 0 there is a proof of 0; anything else is left to
    ``simplify`` (a nonzero result is then reported by the identity check)."""
    quick = sympy.cancel(sympy.expand(diff))
    return quick if quick == 0 else sympy.simplify(diff)


@_cache
def _step_differences():
    """lhs - rhs of each step of the derivation, reduced (computed once per process)."""
    upper, b_s, t_s = LG.laplace_upper_tail()  # P(Lap(b) >= t), t >= 0: at t = T - 1 >= 0
    diffs = [lhs - rhs for _, lhs, rhs, _ in DD.common_bin_bounds()]
    diffs.append(upper.subs({b_s: b, t_s: T - 1}) - DD.new_bin_delta())
    return tuple(_reduced(diff) for diff in diffs)


def _step_identities() -> tuple:
    """The derivation's steps as identities over the whole range (b > 0, u = T - c real): each step's difference,
    reduced (:func:`_step_differences`, computed when the step runs), == 0; then the new bin's non-release."""
    names = [f"bin in both datasets: {name} == {sympy.sstr(rhs)} ({why})"
             for name, _, rhs, why in DD.common_bin_bounds()]
    names.append("bin in one dataset: P(1 + Lap(b) >= T) for T >= 1 == e^{-(T-1)/b}/2 (integral of the density over "
                 "[T - 1, oo))")
    steps = [Identity(name, lambda i=i: _step_differences()[i], lambda: sympy.Integer(0))
             for i, name in enumerate(names)]
    g = DD.new_bin_delta
    steps.append(Identity("its non-release at e^eps >= e^{1/b} >= 1: (1 - e^eps (1 - g))_+ <= g, since 1 - (1 - g) "
                          "== g", lambda: 1 - (1 - g()), g))
    return tuple(steps)


STEP_IDENTITIES = _step_identities()


# ---- Eq. (8) ---------------------------------------------------------------------------------------------------
def _exp_arms(form):
    """e^{arm} for each argument of the Max (sorted): Max(a, log y) == Max(a, log y') iff the arms' exps agree."""
    rhs = form.rhs
    return sorted((sympy.exp(a) for a in rhs.args), key=sympy.default_sort_key) if isinstance(rhs, sympy.Max) \
        else [sympy.exp(rhs)]


def _b_t_points():
    """The (b, T) grid: b in B_GRID, T in T_GRID."""
    return (Point({"b": b_, "T": t_}, size=(b_, t_)) for b_, t_ in _grid())


def _wider_note(forms) -> str:
    """Where the printed Eq. (8) (read through the evidence) exceeds 1/b on the grid, decided exactly."""
    printed = forms.printed()
    wider = [(b_, t_) for b_, t_ in _grid() if _sign(_eq8_value(printed, b_, t_) - 1 / b_) > 0]
    return (f"Eq. (8) > 1/b at {len(wider)} of {len(_grid())} grid points (its second term), e.g. "
            + ", ".join(f"b={b_} T={t_}" for b_, t_ in wider[:3]) + ".")


record(id="jiang-gcms/eq8", location="Section V-B, Theorem 4, Eq. (8)",
       statement="eps = max{1/b, log(1 + 1/(2 e^{(T-1)/b} - 1))}.",
       printed=PD.eq8_printed, derived=DD.eps_derived,
       assumptions="b > 0, T >= 1, counts are positive integers; neighbours differ by one client; eps read as the "
                   "worst log-ratio over every output both neighbours can produce (the bin held by one dataset only "
                   "contributes its non-release ratio 1/(1 - g); its release, impossible under the other, is delta)",
       symbols={"b": "scale of the Laplace noise", "T": "release threshold"},
       note="Under standard (eps, delta)-DP the second term is not needed: the profile at eps = 1/b is already "
            "g = e^{-(T-1)/b}/2, the non-release ratio being covered by delta (OpenDP's map gives eps = 1/b).  "
            "Eq. (8) exceeds 1/b exactly when T < 1 - b log(2(1 - e^{-1/b})), possible only for b > 1/log 2.",
       steps=(Symbolic("Eq. (8) vs max(1/b, -log(1 - g)), compared arm by arm through exp", part=_exp_arms),
              Grid("e^eps vs the worst ratio over outputs both neighbours produce (release probabilities from the "
                   "Laplace CDF at integer counts)", _b_t_points,
                   lambda p: _worst_ratio(p.params["b"], p.params["T"]), path=PATH,
                   value=lambda form, p: sympy.exp(_at(form, p.params["b"], p.params["T"]))),
              *STEP_IDENTITIES,
              sec5_opendp.crosscheck(lambda b_, t_: 1 / b_, lambda b_, t_: exact_release_probability(1, b_, t_)),
              Note(_wider_note, reads_forms=True)))


# ---- Eq. (9) ---------------------------------------------------------------------------------------------------
def _eq8_eps_put_in(form, forms):
    """A side's right-hand side with Eq. (8)'s eps as jiang-gcms/eq8 prints it (a declared dependency) put in."""
    return form.rhs.subs(eps, forms.form_of("jiang-gcms/eq8").rhs)


def _eq8_eps_points(forms):
    """The (b, T) grid with Eq. (8)'s eps at each point (jiang-gcms/eq8's printed form, read through the evidence) as
    ``data``: the exact side is the privacy profile there, Eq. (9) is evaluated with that eps."""
    eq8_form = forms.form_of("jiang-gcms/eq8")
    return (Point({"b": b_, "T": t_}, data=_eq8_value(eq8_form, b_, t_), size=(b_, t_)) for b_, t_ in _grid())


def _eq9_value(form, point, role):
    """The printed Eq. (9) at (b, T) and Eq. (8)'s eps there; the derived form (or the correction) at (b, T)."""
    b_, t_ = point.params["b"], point.params["T"]
    return _at(form, b_, t_, {eps: point.data}) if role == "printed" else _at(form, b_, t_)


record(id="jiang-gcms/eq9", root_cause="thm4.delta", location="Section V-B, Theorem 4, Eq. (9)",
       statement="delta = (1/2) exp(eps (1 - T)), eps that of Eq. (8).",
       printed=PD.eq9_printed, derived=DD.delta_derived,
       correction=DD.delta_derived, depends_on=("jiang-gcms/eq8",),
       assumptions="b > 0, T >= 1, counts are positive integers; neighbours differ by one client; the exact delta is "
                   "the privacy profile at Theorem 4's eps (the smallest delta that makes the release (eps, delta)-DP)",
       symbols={"b": "scale of the Laplace noise", "T": "release threshold"},
       note="The bin held by one dataset only is released with probability e^{-(T-1)/b}/2 under one neighbour and "
            "never under the other: no delta below it can hold, whatever eps.  Eq. (9) puts eps where 1/b belongs; "
            "it is right where Eq. (8)'s maximum is 1/b (always for b <= 1/log 2) or T = 1, and too small "
            "elsewhere (b = 10, T = 2: Eq. (9) 0.274, exact 0.452).",
       steps=(Symbolic("Eq. (9) with Eq. (8)'s eps put in vs e^{-(T-1)/b}/2", part=_eq8_eps_put_in, reads_forms=True),
              RoleGrid("delta vs the privacy profile at Eq. (8)'s eps (hockey-stick sums over every neighbouring pair, "
                       "release probabilities from the Laplace CDF at integer counts)", _eq8_eps_points,
                       lambda p: _profile(p.params["b"], p.params["T"], sympy.exp(p.data)), path=PATH,
                       value=_eq9_value, reads_forms=True,
                       correction_name="delta vs the privacy profile at Eq. (8)'s eps"),
              Grid("the derived delta vs the privacy profile at eps = 1/b (standard (eps, delta)-DP)",
                   lambda: (Point({"b": b_, "T": t_, "eps": "1/b"}, size=(b_, t_)) for b_, t_ in _grid()),
                   lambda p: _profile(p.params["b"], p.params["T"], sympy.exp(1 / p.params["b"])), path=PATH,
                   printed=False, value=lambda form, p: _at(form, p.params["b"], p.params["T"])),
              *STEP_IDENTITIES,
              sec5_opendp.crosscheck(lambda forms, b_, t_: 1 / b_,
                                     lambda forms, b_, t_: _at(forms.derived(), b_, t_), reads_forms=True)))


# ---- Theorem 4 -------------------------------------------------------------------------------------------------
def _guarantee(pair, b_, t_):
    """(eps, delta, smallest delta at that eps) of a pair of Eqs (eps = ..., delta = ... in that eps) at (b, T), and
    whether the pair is a guarantee: the exact privacy profile at its eps is at most its delta."""
    e8 = _eq8_value(pair[0], b_, t_)
    d9 = _at(pair[1], b_, t_, {eps: e8})
    need = _profile(b_, t_, sympy.exp(e8))
    return e8, d9, need, _sign(d9 - need) >= 0


@_cache
def _thm4_points(pair):
    """(params, size, whether the release is (eps, delta)-DP with Theorem 4's pair (the printed (Eq. (8), Eq. (9)) the
    check read): the profile at its eps <= its delta)."""
    out = []
    for b_, t_ in _grid():
        e8, d9, need, holds = _guarantee(pair, b_, t_)
        params = {"b": b_, "T": t_, "eps (Eq. 8)": sympy.Float(to_mpf(e8, 15), 6),
                  "delta (Eq. 9)": sympy.Float(to_mpf(d9, 15), 6), "smallest delta": sympy.Float(to_mpf(need, 15), 6)}
        out.append((params, (b_, t_), holds))
    return tuple(out)


@claim(id="jiang-gcms/thm4", root_cause="thm4.delta", location="Section V-B, Theorem 4 (privacy of Algorithm 6)",
       statement="The released encrypted item set S is (eps, delta)-DP with eps of Eq. (8) and delta of Eq. (9).",
       printed=PD.thm4_printed, derived=DD.thm4_holds_derived, correction=DD.thm4_correction,
       kind="statement",
       depends_on=("jiang-gcms/eq8", "jiang-gcms/eq9"),
       selfcheck={"printed-as-derived": ("the printed form is the pair (eps of Eq. (8), delta of Eq. (9)) the theorem "
                                         "names, judged by the exact privacy profile; the derived form is the "
                                         "condition on (b, T) under which that pair is a guarantee, another shape: "
                                         "the correction (delta = e^{-(T-1)/b}/2) is the form that must pass, and "
                                         "the correction mutation moves it")},
       assumptions="b > 0, T >= 1 (the theorem states no other condition), counts positive integers; neighbours "
                   "differ by one client; S is the set of released items (with or without the noisy counts: the "
                   "same eps and delta)",
       symbols={"b": "scale of the Laplace noise", "T": "release threshold"},
       note="The printed form is the pair the theorem names, (eps of Eq. (8), delta of Eq. (9)), asserted to be a "
            "guarantee at every b > 0, T >= 1; each instance judges it by the exact privacy profile.  The theorem "
            "fails exactly where Eq. (9) is too small: 1 < T < 1 - b log(2(1 - e^{-1/b})) (needs "
            "b > 1/log 2 = 1.4427).  With delta = e^{-(T-1)/b}/2 it holds for every b > 0, T >= 1, and then "
            "eps = 1/b already suffices (OpenDP's map agrees).",
       custom="the printed form is a pair of equations, not a predicate: the grid's printed side is the theorem's "
              "assertion (true at every point) while its exact side is built on that pair (the profile at its eps "
              "against its delta), and the correction is judged on points whose eps, shown parameter and exact "
              "side come from the correction pair itself; a Grid evaluates each form at the point instead.  The "
              "OpenDP cross-check (sec5_opendp.crosscheck) and the identities are steps it runs")
def thm4(ev):
    printed, derived = ev.printed(), ev.derived()
    # the theorem's pair is Eqs. (8) and (9) as their own claims print them (one transcription, read twice)
    for (label, form), (other, side) in zip((("eq8", ev.form_of("jiang-gcms/eq8")),
                                             ("eq9", ev.form_of("jiang-gcms/eq9"))),
                                            ((printed[0], "eps"), (printed[1], "delta"))):
        ev.identity(f"Theorem 4's {side} is Eq. ({label[2:]}) as jiang-gcms/{label} prints it", other.rhs - form.rhs,
                    sympy.Integer(0))
    insts = [Instance(params, exact=holds, derived=_at(derived, params["b"], params["T"]), printed=True, size=size,
                      path=PATH)
             for params, size, holds in _thm4_points(printed)]
    ev.instances("(Eq. (8), Eq. (9)) is a guarantee, as the theorem asserts (printed: true at every b > 0, T >= 1)? "
                 "exact: the privacy profile at Eq. (8)'s eps (every neighbouring pair and output, Laplace CDF at "
                 "integer counts) <= Eq. (9)'s delta", insts)
    # the displayed correction (the printed pair with its minimal edit): its delta against the smallest delta at its
    # eps (the exact privacy profile): equal, so the corrected pair is a guarantee, and no larger delta than needed
    corr = ev.correction()
    cinsts = []
    for b_, t_ in _grid():
        e8, d, need, _ = _guarantee(corr, b_, t_)
        cinsts.append(Instance({"b": b_, "T": t_, "eps": sympy.Float(to_mpf(e8, 15), 6)}, exact=need, derived=d,
                               size=(b_, t_), path=PATH))
    ev.corrections("the corrected pair (eps of Eq. (8), corrected delta): its delta vs the smallest delta at its eps "
                   "(the exact privacy profile, every neighbouring pair and output): a guarantee, and a tight one",
                   cinsts)
    g = DD.delta_derived()  # the corrected delta is a guarantee at eps = 1/b too: it is the profile there, exactly
    ev.instances("the corrected delta e^{-(T-1)/b}/2 vs the privacy profile at eps = 1/b (standard (eps, delta)-DP)",
                 [Instance({"b": b_, "T": t_, "eps": "1/b"}, exact=_profile(b_, t_, sympy.exp(1 / b_)),
                           derived=_at(g, b_, t_), size=(b_, t_), path=PATH) for b_, t_ in _grid()], has_printed=False)
    for step in STEP_IDENTITIES:  # the derivation's step identities, recorded on ev
        step.run(ev, True)
    g = DD.new_bin_delta()
    ev.identity("Eq. (9)'s delta >= g iff eps (1 - T) >= (1 - T)/b: with T >= 1, iff T = 1 or eps <= 1/b; and "
                "-log(1 - g) <= 1/b iff T >= 1 - b log(2(1 - e^{-1/b})) (g at that T is 1 - e^{-1/b})",
                sympy.simplify(g.subs(T, 1 - b * sympy.log(2 * (1 - sympy.exp(-1 / b))))), 1 - sympy.exp(-1 / b))
    sec5_opendp.crosscheck(lambda b_, t_: 1 / b_, lambda b_, t_: exact_release_probability(1, b_, t_)).run(ev, True)


# ---- Section VII-E: T from eps and delta ------------------------------------------------------------------------
E_GRID = (R(1, 10), R(1, 2), R(1), R(2), R(5))
D_GRID = (R(1, 10**6), R(1, 1000), R(1, 100), R(1, 4), R(1, 2))


@_cache
def _threshold_root_symbolic():
    """The root t of P(1 + Lap(b) >= t) = delta from the Laplace CDF (branch t >= 1), solved once per process in
    symbols b, delta > 0."""
    t, b_s, d_s = sympy.symbols("t b_s delta_s", positive=True)
    (root,) = sympy.solve(sympy.Eq(1 - (1 - sympy.exp(-(t - 1) / b_s) / 2), d_s), t)
    return root, b_s, d_s


def _threshold_root(b_, d_):
    """The exact T at (b, delta), 0 < delta <= 1/2: the symbolic root at these values, confirmed exactly to lie on
    the branch t >= 1 and to solve the equation there (the release probability is strictly decreasing in t, so
    the root is unique)."""
    root, b_s, d_s = _threshold_root_symbolic()
    root = root.subs({b_s: b_, d_s: d_})
    residual = 1 - (1 - sympy.exp(-(root - 1) / b_) / 2) - d_
    if _sign(root - 1) < 0 or _sign(residual) != 0:
        raise AssertionError(f"{root} is not the root of P(1 + Lap({b_}) >= t) = {d_} on t >= 1")
    return root


def _threshold_points():
    """(eps, delta) on E_GRID x D_GRID, shown with b = 1/eps; the forms are evaluated at eps and delta."""
    for e_ in E_GRID:
        for d_ in D_GRID:
            yield Point({"eps": e_, "delta": d_, "b": 1 / e_}, facts={eps: e_, delta: d_}, size=(e_, d_))


def _delivered_points(forms):
    """The points of :func:`_threshold_points` with the derived form's own T (read through the evidence) as the
    oracle's input: the target delta (a constant of the point) is compared with the release probability there."""
    derived = forms.derived()
    for point in _threshold_points():
        yield Point(point.params, facts=point.facts, data=evaluate(derived, point.facts), size=point.size,
                    model=point.params["delta"])


def _short_note() -> str:
    """Where Eq. (8)'s eps exceeds the target on the grid (delta > 1 - e^{-eps}), exactly."""
    short = [(e_, d_) for e_ in E_GRID for d_ in D_GRID if _sign(d_ - (1 - sympy.exp(-e_))) > 0]
    return (f"Eq. (8)'s eps exceeds the target at {len(short)} of {len(E_GRID) * len(D_GRID)} grid points "
            "(delta > 1 - e^{-eps}), e.g. " + ", ".join(f"eps={e_} delta={d_}" for e_, d_ in short[:3]) + ".")


record(id="jiang-gcms/sec7.E.threshold", location="Section VII-E, 'T is approximately 1 - log(2 delta)/eps'",
       statement="According to Theorem 4, the threshold for (eps, delta) is T = 1 - log(2 delta)/eps (approximately).",
       printed=PD.sec7e_threshold_printed, derived=DD.threshold_derived,
       assumptions="read as the paper means it: b = 1/eps (Eq. (8)'s first term) and T the smallest threshold whose "
                   "delta (the release probability of a bin held by one client) is at most delta; 0 < delta <= 1/2 "
                   "(T >= 1)",
       note="Exact, not approximate, at b = 1/eps: the delta delivered is delta itself, and the release is then "
            "(eps, delta)-DP in the standard sense.  With any b > 1/eps the same T falls short: the delta delivered "
            "is (2 delta)^{1/(eps b)}/2 > delta (eps = 1, delta = 1e-6, b = 2: 7.1e-4).  Under Eq. (8)'s reading "
            "eps is met only if delta <= 1 - e^{-eps} (otherwise Eq. (8) gives -log(1 - delta) > eps).",
       steps=(Symbolic("1 - log(2 delta)/eps vs the root of e^{-(T-1)/b}/2 = delta at b = 1/eps", part=rhs),
              Grid("T vs the root of the release probability equation (Laplace CDF)", _threshold_points,
                   lambda p: _threshold_root(p.params["b"], p.params["delta"]), path="proof"),
              Grid("the delta delivered at the derived T (release probability of a count-1 bin, Laplace CDF) == delta",
                   _delivered_points, lambda p: exact_release_probability(1, p.params["b"], p.data), path=PATH,
                   printed=False, reads_forms=True),
              Note(_short_note)))
