"""pan-strict claim checks: Appendix D.2, Corollary 5.2 and Section 5.4 -- the extended dictionary, the
support-size deviation, the bound and its numbers.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import sympy

import derivations.pan_strict.constructions as C
import derivations.pan_strict.constructions_cor52 as D
import derivations.pan_strict.constructions_symbols as S
import derivations.pan_strict.printed_constructions as PR
from ldpref import enumeration, losses, moments
from ldpref.ledger import record
from ldpref.ledger.generic import (CorrectedGrid, Exact, Grid, Identity, Note, Numeric, Point, RoleGrid, counted,
                                   precomputed)
from ldpref.ledger.forms import evaluate
from ldpref.mechanism import Mechanism
from ldpref.mechanisms.prime_cms import prime_hash_family

from .constructions_common import (
    next_prime, R, E_GRID, LOST, _wss, _ss, _ocms, _l2, _at, _at_facts, _fmt, _integer_optimum_by_ss)
from .sec6_experiments import _collision_count


# ---- Appendix D.2 / Corollary 5.2
def _restricted(mech: Mechanism, dd: int) -> Mechanism:
    """A mechanism on the extended dictionary [d'] run for data in [d]: the columns and decoder rows of [d] only."""
    return Mechanism(mech.perturbation_matrix()[:, :dd].tolist(), mech.decoder_matrix()[:dd, :].tolist(),
                     outputs=mech.outputs, name="restricted")


def _restricted_points():
    """Subset Selection on [d'] restricted to [d]: its exact l2 (times n) at a vertex and at the uniform dataset by
    ldpref.moments, and at two clients by enumeration (d <= 3); ``data`` is (value, path)."""
    for dd, k, dpp in [(3, 1, 4), (3, 2, 5), (4, 2, 5), (4, 1, 5), (5, 2, 7), (6, 3, 7)]:
        for e in (R(2), R(3)):
            small = _restricted(_ss(dpp, k, e).mechanism, dd)
            facts = {C.d: dd, C.dp: dpp, C.k: k, C.e: e}
            for counts in [tuple([1] + [0] * (dd - 1)), tuple([1] * dd)]:
                yield Point({"d": dd, "d'": dpp, "k": k, "exp_eps": e, "counts": counts}, facts=facts,
                            data=Exact(sympy.cancel(sum(moments.mse(small, counts)) * sum(counts)), "moment-formula"),
                            size=(dd, dpp, k, e))
            if dd <= 3:
                counts = (1, 1, 0)[:dd]
                enum = sum(enumeration.enumerated_moments(small, counts)["mse"]) * sum(counts)
                yield Point({"d": dd, "d'": dpp, "k": k, "exp_eps": e, "counts": counts}, facts=facts,
                            data=Exact(sympy.cancel(enum), "enumeration"), size=(dd, dpp, k, e, 1))


record(
    id="pan-strict/appD.extension",
    location="Appendix D.2, first step",
    statement="Running an OSC on the extended dictionary [d'] for data in [d], the l2 loss sums the variances of "
              "the d real values only: d q'(1-q')/(p'-q')^2 + (1-p'-q')/(p'-q') per client, p', q' of d'.",
    derived=D.extended_loss,
    derivation="derivations.pan_strict.constructions.extended_l2",
    note=LOST,
    steps=(Grid("SS on [d'] restricted to [d]: exact l2", _restricted_points, precomputed),))


def _kext_points():
    """(d, e^eps) with d' = nextprime(d) and d'/(e^eps + 1) an integer: ``data`` is the exhaustive integer argmin of
    real Subset Selection on [d']."""
    for dd, e in [(3, R(2)), (4, R(4)), (4, R(3, 2)), (6, R(6)), (6, R(5, 2)), (6, R(4, 3))]:
        p = next_prime(dd)
        yield Point({"d": dd, "d'": p, "exp_eps": e}, facts={"dp": p, "e": e}, data=_integer_optimum_by_ss(p, e)[1],
                    size=(p, e))


def _extended_minimisers():
    gaps = []
    for dd in (4, 8, 14, 20):
        p = next_prime(dd)
        gaps.append(f"d={dd}, d'={p}: {_fmt(C.extended_minimiser(dd, p, R(3)))} vs {_fmt(R(p, 4))}")
    return "e^eps = 3, minimiser of the extended loss vs d'/(e+1): " + "; ".join(gaps)


def _restricted_argmin(dd, p, e):
    """The integer argmin over k of the real restricted Subset Selection's loss at one client on value 0."""
    vals = {kk: sum(moments.mse(_restricted(_ss(p, kk, e).mechanism, dd), [1] + [0] * (dd - 1))) for kk in range(1, p)}
    return min(vals, key=vals.get)


record(
    id="pan-strict/appD.kext",
    location="Appendix D.2, the support size for the extended dictionary",
    statement="The proof of Corollary 5.2 sets the support size to d'/(e^eps + 1), the optimal support size for "
              "the dictionary size d' (Eq. (21) with d' in place of d), and evaluates the extended loss there.",
    derived=D.extended_support_size,
    derivation="derivations.pan_strict.constructions.kstar_extended",
    kind="statement",
    note=LOST + ".  Read as the text says: k is set to optimize for d' and e^eps (the optimum of the OSC loss on "
                "[d']), not to minimize the extended loss on [d].  For d < d' the extended loss's own minimiser "
                "(a root of a quadratic in k, derivations.pan_strict.constructions.extended_minimiser) is slightly "
                "different, so the loss at d'/(e^eps + 1) is an upper bound on the best extended loss, which is "
                "all the proof needs.  Exact path: where d'/(e^eps + 1) is an integer, the exhaustive integer "
                "argmin of the exact l2 of real Subset Selection mechanisms on [d'].",
    steps=(Grid("exhaustive integer argmin of real SS on [d'] vs d'/(e^eps+1)", _kext_points, precomputed,
                path="moment-formula", value=_at_facts),
           # the extended loss's own minimiser differs from d'/(e+1) when d < d' (recorded, not claimed by the paper)
           Note(_extended_minimisers),
           Identity("integer argmin of the real restricted SS loss (d=4, d'=5, e=3) == argmin of the derived extended "
                    "loss", lambda: _restricted_argmin(4, 5, R(3)),
                    lambda: min(range(1, 5), key=lambda kk: C.extended_l2(4, 5, kk, R(3))))))


@cache
def _real_bucket_sizes(p: int, m_: int) -> set:
    """Bucket sizes of a function of the real family on [d'] (every function has the same sizes); one build of
    the family per (d', m), shared by the e^eps that pick the same m."""
    fam_fn = prime_hash_family(p, m_, p).functions[0]
    return {sum(1 for x in range(p) if fam_fn[x] == z) for z in range(m_)}


@cache
def _deviation_facts() -> tuple:
    """(params, size, d', best m, the real family's support sizes, whether all are within one of d'/(e^eps+1)) with
    the optimized m found by exhaustive search over integer m (real mechanisms' exact l2 for d <= 7, else the
    closed form of the pooled decoder, checked against real mechanisms in cor5.1)."""
    out = []
    for e in (R(2), R(3), R(5, 2), R(7, 3)):
        for dd in (5, 8, 12, 20, 30, 40, 60, 100):
            p = next_prime(dd)
            cand = range(2, min(p, 12))
            if dd <= 7:
                best_m = min(cand, key=lambda m_: _l2(_ocms(dd, m_, e).mechanism))
            else:
                best_m = min(cand, key=lambda m_: C.ocms_l2_pooled(dd, p, m_, e))
            sizes = _real_bucket_sizes(p, best_m)
            params = {"exp_eps": e, "d": dd, "d'": p, "best m": best_m, "sizes": sorted(sizes),
                      "d'/(e+1)": R(p) / (e + 1)}
            out.append((params, (dd, e), p, best_m, sizes, all(abs(s_ - R(p) / (e + 1)) <= 1 for s_ in sizes)))
    return tuple(out)


def _deviation_points(correction: bool):
    """At each (e^eps, d): the real family's support sizes at the exhaustive-best m within one of d'/(e^eps+1)?
    For the correction, which must hold of every support size, the exact side is True."""
    for params, size, p, best_m, sizes, holds in _deviation_facts():
        yield Point(params, facts={"dp": p, "m": best_m, "e": params["exp_eps"], "sizes": sizes}, size=size,
                    data=True if correction else holds)


def _deviation_value(form, point, role):
    """The printed implication's hypothesis (the scenarios: m the floor or ceiling of e^eps + 1) at m, e^eps, where
    it asserts "within one"; the derived per-size statement at d', m, e^eps."""
    f = point.facts
    if role == "printed":
        return _at(form.args[0], m=f["m"], e=f["e"])
    return _at(form, dp=f["dp"], m=f["m"], e=f["e"])


def _corrected_deviation(form, point):
    """The correction (an implication on each support size k), hypothesis and conclusion read from it: true of every
    support size the real family has at the point."""
    f = point.facts
    return all(_at(form, dp=f["dp"], m=f["m"], e=f["e"], k=s_) for s_ in f["sizes"])


record(
    id="pan-strict/appD.deviation",
    selfcheck={"printed-as-derived": ("the printed form is the sentence's implication, its hypothesis (m the "
                                      "floor or ceiling of e^eps + 1) read by the check; the derived form is the "
                                      "per-size statement |k - d'/(e^eps + 1)| <= 1, which is no implication the "
                                      "check can read: the correction (m = e^eps + 1) is the form that must pass,"
                                      " and the correction mutation moves it")},
    location="Appendix D.2, the support sizes OCMS samples",
    statement="With the optimized hash range, the support sizes of the configurations OCMS samples deviate from "
              "d'/(e^eps + 1) by at most one.",
    printed=PR.deviation_printed,
    derived=C.deviation_sizes_form,
    derivation="derivations.pan_strict.constructions.bucket_profile",
    root_cause="appD.deviation",
    kind="statement",
    # the printed implication with its hypothesis right: m = e^eps + 1 (an integer), k each support size
    correction=D.deviation_corrected,
    note=LOST + ".  Appendix D.2 treats a non-integer e^eps + 1 explicitly (m is then the floor or the ceiling "
                "of e^eps + 1) and says the deviation is at most one 'in all such scenarios'; for such e^eps the "
                "sizes are near d'/m, whose distance to d'/(e^eps + 1) grows linearly with d', so the failure is "
                "inside the text's scope (erratum).  The correction: it holds when m = e^eps + 1 is an integer.",
    steps=(CorrectedGrid(
        RoleGrid("support sizes of the real family at the exhaustive-best m: within one of d'/(e^eps+1)",
                 lambda: _deviation_points(False), precomputed, value=_deviation_value),
        Grid("the corrected statement at the exhaustive-best m, judged on the real family's support sizes",
             lambda: _deviation_points(True), precomputed, value=_corrected_deviation)),))


def _decrease_points():
    """At each e^eps and consecutive d: ``data`` says whether the deviation from the OSC's variance (moment formula
    of a pure protocol with p*, q*) at real k = d/(e+1) -+ 1 is strictly smaller at d + 1 than at d."""
    for e in (Fraction(2), Fraction(3), Fraction(5, 2), Fraction(10)):
        prev = None
        for dd in range(int(e) + 3, 60):
            ks = Fraction(dd) / (e + 1)
            base = C.osc_l2_fraction(dd, dd, ks, e)
            dev = max(C.osc_l2_fraction(dd, dd, ks - 1, e), C.osc_l2_fraction(dd, dd, ks + 1, e)) / base - 1
            if prev is not None:
                ee = R(e)
                yield Point({"exp_eps": ee, "d": prev[0]}, facts={"d": prev[0], "e": ee}, data=bool(dev < prev[1]),
                            size=(prev[0], ee))
            prev = (dd, dev)


def _osc_variance_tied():
    """The OSC variance used by the points == the exact l2 of real Subset Selection where d/(e+1) -+ 1 are integers."""
    tied = []
    for dd, e in [(6, R(2)), (9, R(2)), (8, R(3)), (5, R(3, 2))]:
        ks = int(R(dd) / (e + 1))
        ef = Fraction(int(e.p), int(e.q))
        tied.append(all(_l2(_ss(dd, kk, e).mechanism) == R(C.osc_l2_fraction(dd, dd, kk, ef))
                        for kk in (ks - 1, ks, ks + 1) if kk >= 1))
    return counted(tied)


record(
    id="pan-strict/appD.decreasing",
    location="Appendix D.2, the relative change in variance",
    statement="The relative increase of the loss when the support size moves by one from d/(e^eps+1) decreases "
              "as the dictionary grows, so it is bounded by its value at the smallest dictionary considered.",
    derived=C.decreasing_form,
    derivation="derivations.pan_strict.constructions.deviation_max",
    kind="statement",
    assumptions="d > e^eps + 1 (so that d/(e+1) - 1 > 0)",
    note=LOST,
    steps=(Grid("deviation at d/(e+1) -+ 1 strictly smaller at d + 1 than at d", _decrease_points, precomputed,
                path="moment-formula", value=_at_facts),
           Numeric("OSC variance formula == exact l2 of real SS at d/(e+1) and -+ 1", _osc_variance_tied)))


@cache
def _ocms_exact_table():
    """Exact l2 of real OCMS mechanisms (both decoders, m = e + 1) and the OSC optimum l2*(d) (the derived bound
    is computed by the claim that needs it, cor5.2)."""
    rows = []
    for e in (R(2), R(3)):
        m_ = int(e) + 1
        for dd in range(m_ + 2, 10):
            p = next_prime(dd)
            star = C.osc_l2(dd, R(dd) / (e + 1), e)
            for dec in ("grouped", "pooled"):
                l2 = _l2(_ocms(dd, m_, e, dec).mechanism)
                rows.append((e, dd, p, m_, dec, l2, star))
    return rows


def _with_definitions(form, params: dict):
    """A statement whose conjuncts define symbols (Eq(alpha, ...), Eq(beta, ...)) at one point: each definition's
    right-hand side is evaluated there first and substituted, then the whole statement is evaluated (negated
    definitions, Ne(alpha, ...), are read the same way, so a negated form evaluates to its negation)."""
    params = dict(params)
    for rel in form.atoms(sympy.Eq, sympy.Ne):
        if rel.lhs in (C.ALPHA, C.BETA):
            params[rel.lhs] = evaluate(rel.rhs, params)  # exact (Fractions on the rational alpha, beta)
    return evaluate(form, params)


def _bound_points():
    """Exact l2 of real OCMS (both decoders, m = e^eps + 1) against (1 + alpha)(1 + beta) l2*; then, outside the
    condition, non-integer e^eps + 1 with the exhaustive best m, l2 from Corollary 5.1's mixture (tied to real
    mechanisms by the first numeric check): the bound fails there."""
    def point(params, l2, star, dd, p, e, size, inside=True):
        bound = C.cor52_bound(dd, e, p)
        return Point({**params, "excess": _fmt(l2 / star - 1), "bound": _fmt(bound)},
                     facts={S.L_OCMS: l2, S.L_STAR: star, C.d: dd, C.dp: p, C.e: e},
                     data=bool(l2 <= (1 + bound) * star), in_condition=inside, size=size)

    for e, dd, p, m_, dec, l2, star in _ocms_exact_table():
        yield point({"exp_eps": e, "d": dd, "d'": p, "m": m_, "decoder": dec}, l2, star, dd, p, e, (dd, e, dec))
    for e in (R(5, 2), R(7, 3)):
        for dd in (20, 24, 29, 40):
            p = next_prime(dd)
            best = min(range(2, min(p, 12)), key=lambda m_: C.ocms_l2_grouped(dd, p, m_, e))
            l2 = C.ocms_l2_grouped(dd, p, best, e)
            yield point({"exp_eps": e, "d": dd, "d'": p, "m": best}, l2, C.osc_l2(dd, R(dd) / (e + 1), e), dd, p, e,
                        (dd, e, "x"), inside=False)


def _mixture_tied():
    """The exact real-mechanism l2 of the grouped OCMS agrees with the Corollary 5.1 mixture."""
    return counted(l2 == C.ocms_l2_grouped(dd, p, m_, e)
                   for e, dd, p, m_, dec, l2, star in _ocms_exact_table() if dec == "grouped")


def _argmin_is_e_plus_1():
    """m = e + 1 is the exhaustive optimum over integer m of the real OCMS l2."""
    argmins = []
    for e in (R(2), R(3)):
        for dd in (5, 6):
            p = next_prime(dd)
            argmins.append(min(range(2, p), key=lambda m_: _l2(_ocms(dd, m_, e).mechanism)) == e + 1)
    return counted(argmins)


record(
    id="pan-strict/cor5.2",
    location="Section 5.2, Corollary 5.2 (proof in Appendix D.2)",
    statement="With the optimized hash range, l2(OCMS) <= (1 + alpha)(1 + beta) l2*(d, e^eps), alpha the cost "
              "of extending d to d' and beta the cost of a support size one away from d'/(e^eps+1); both vanish "
              "as d grows.",
    derived=C.cor52_form,
    derivation="derivations.pan_strict.constructions.cor52_bound",
    kind="statement",
    correction=D.bound_corrected,
    note=LOST + "; alpha and beta are our reconstruction (alpha from the extended loss at d'/(e+1), beta the "
                "larger deviation at d'/(e+1) -+ 1).  The proof (Appendix D.2) covers a non-integer e^eps + 1 "
                "explicitly (m the floor or ceiling of e^eps + 1), so those points are inside the statement: "
                "there the excess tends to (m-1-e)^2/(4e(m-1)) > 0 while alpha and beta vanish, so no bound "
                "(1 + alpha)(1 + beta) with vanishing alpha, beta can hold, whatever their exact lost form.  The "
                "bound holds when m = e^eps + 1 is an integer (the correction).  The bound's formula being lost, "
                "the verdict stays a reconstruction; the surviving words it contradicts ('OCMS approaches optimal "
                "precision', 'both vanish toward zero') are judged as pan-strict/sec5.2.vanish (conditional) and "
                "the 0.09% example as pan-strict/sec5.4.example (erratum), both with root cause appD.deviation.",
    steps=(Numeric("real grouped OCMS: exact l2 == Corollary 5.1's mixture", _mixture_tied),
           Numeric("argmin over integer m of the real OCMS l2 (exhaustive) == e^eps + 1", _argmin_is_e_plus_1),
           Grid("exact OCMS l2 against (1 + alpha)(1 + beta) l2*", _bound_points, precomputed, path="moment-formula",
                printed=False, value=lambda form, point: _with_definitions(form, point.facts))))


def _ocms_excess_limit(m_: int, e, r: int):
    """lim_{d -> oo} of l2(OCMS)/l2*(d) - 1 along d = d' = r (mod m): Corollary 5.1's mixture of the OSCs with
    support (d - r)/m + 1 (r buckets) and (d - r)/m (m - r buckets), pi_k from Theorem 5.1 (both tied to the
    real mechanisms in cor5.1 and thm5.1), as an exact limit of a rational function of d."""
    x = C.variable_x()  # exact rational functions of d = d' = x (flint polynomials, unreduced quotients)
    E = C._ratio(e)
    k0 = (x - r) / m_
    k1 = k0 + 1
    pi1 = r * (x + (E - 1) * k1) / (x * (E + m_ - 1))
    pi0 = (m_ - r) * (x + (E - 1) * k0) / (x * (E + m_ - 1))
    l2 = pi1 * C.osc_l2_exact(x, x, k1, E) + pi0 * C.osc_l2_exact(x, x, k0, E)
    return C.ratio_limit_at_infinity(l2 / C.osc_l2_exact(x, x, x / (E + 1), E) - 1)


_VANISH_E = (R(2), R(3), R(4), R(5, 2), R(7, 3), R(7, 2))


def _best_m(e):
    """The optimized hash range: the m in 2..7 with the smallest limit excess."""
    return min(range(2, 8), key=lambda mm: C.excess_limit(mm, e))


def _limit_points(optimized: bool):
    """The limit d -> oo of the excess (a proof-path value per residue of d mod m) at the optimized hash range (what
    the words are about), or at the other hash ranges (floor and ceiling + 1 of e^eps + 1); the forms read at m,
    e^eps and the limit."""
    for e in _VANISH_E:
        m_best = _best_m(e)
        for mm in sorted({m_best, int(sympy.floor(e + 1)), int(sympy.ceiling(e + 1)) + 1}):
            if (mm == m_best) != optimized:
                continue
            for r in range(1, mm):
                limit = _ocms_excess_limit(mm, e, r)
                yield Point({"exp_eps": e, "m": mm, "d mod m": r}, facts={C.m: mm, C.e: e, S.EXCESS_LIM: limit},
                            data=limit, in_condition=not optimized or (e + 1).is_integer, size=(e, mm, r))


@cache
def _excess_at_large_primes(e) -> tuple:
    """(best m, the exact excess at d' = 1009, 10007, 100003, its limit)."""
    m_best = _best_m(e)
    ef = Fraction(int(e.p), int(e.q))
    exc = [C.ocms_l2_grouped_fraction(p, p, m_best, ef) / C.osc_l2_fraction(p, p, Fraction(p) / (ef + 1), ef) - 1
           for p in (1009, 10007, 100003)]
    return m_best, [R(v) for v in exc], C.excess_limit(m_best, e)


def _approaches_from_above():
    """The exact excess at growing primes approaches the limit from above."""
    flags = []
    for e in _VANISH_E:
        m_best, exc, lim = _excess_at_large_primes(e)
        flags.append(bool(all(v >= lim for v in exc) and abs(exc[2] - lim) < abs(exc[0] - lim)))
    return counted(flags)


def _large_prime_note(e):
    def text():
        m_best, exc, lim = _excess_at_large_primes(e)
        return (f"e^eps = {e}: best m = {m_best}, excess at d' = 1009/10007/100003: " + ", ".join(_fmt(v) for v in exc)
                + f"; limit {lim} ~ {_fmt(lim)}")
    return Note(text)


def _vanishing_terms():
    g = sympy.Symbol("g", nonnegative=True)
    x = sympy.Symbol("x", positive=True)
    return ([C.limit_at_infinity(C.cor52_alpha(x, x + g, C.e), x)]
            + [C.limit_at_infinity(bb, x) for bb in C.cor52_beta(x, x + g, C.e)])


record(
    id="pan-strict/sec5.2.vanish",
    location="Section 5.2, after Corollary 5.2 (and the numeric example there, whose numbers are lost)",
    statement="For large d both terms of Corollary 5.2 vanish: OCMS approaches the strict optimum.",
    printed=PR.vanish_printed,
    derived=D.excess_limit,
    derivation="derivations.pan_strict.constructions.excess_limit",
    kind="statement",
    condition="e^eps + 1 is an integer (the optimized hash range is then m = e^eps + 1); never so at the paper's own "
              "eps = 1, ..., 5, where e^eps is irrational",
    root_cause="appD.deviation",
    note=LOST + " (the formulas of alpha and beta).  Printed form: the surviving words 'we demonstrate that OCMS "
                "approaches optimal precision' (introducing Corollary 5.2) and 'both [alpha] and [beta] vanish "
                "toward zero', i.e. the excess of OCMS with its optimized hash range tends to 0 as d grows; judged "
                "at the best integer m for each e^eps (the optimized hash range, however it is optimized).  The "
                "sentence after Corollary 5.2 places the vanishing in the case 'Notably, when [e^eps + 1 is an "
                "integer], OCMS is equivalent to sampling from two OSCs'; otherwise the limit is "
                "(m-1-e^eps)^2/(4 e^eps (m-1)) > 0 (Appendix D.2's support sizes drift from d'/(e^eps + 1)).",
    steps=(Identity("limit of the exact loss ratio at support d/m", lambda: sympy.factor(C.excess_limit_derived()),
                    lambda: sympy.factor(C.excess_limit())),
           Identity("alpha -> 0 and beta -> 0 for a bounded prime gap g", _vanishing_terms, lambda: [0, 0, 0]),
           *(_large_prime_note(e) for e in _VANISH_E),
           # the limits are computed symbolically (exact rational functions of d): proof-path values
           Grid("limit of the excess of OCMS at its optimized hash range (Corollary 5.1's mixture, each residue of "
                "d mod m) vs the forms", lambda: _limit_points(True), precomputed, path="proof"),
           Grid("limit of the excess of OCMS at other hash ranges vs the derived form", lambda: _limit_points(False),
                precomputed, path="proof", printed=False),
           Numeric("the exact excess at d' = 1009, 10007, 100003 (best m) approaches the limit from above",
                   _approaches_from_above)))


# ---- Section 5.4 numbers
@cache
def _excess_scan(e, m_, decoder="grouped", d_max=1000):
    """Excess l2(OCMS)/l2* - 1 for d in [m + 2, d_max], from the closed forms of Corollary 5.1 (grouped) and of
    the pooled decoder in exact Fractions; both equal the real mechanisms' exact l2 on every instance of
    cor5.1 and cor5.2, and the collision rate they use is re-measured on the real family below."""
    ef = Fraction(int(e.p), int(e.q))
    fn = C.ocms_l2_grouped_fraction if decoder == "grouped" else C.ocms_l2_pooled_fraction
    out = {}
    for dd in range(m_ + 2, d_max + 1):
        D = next_prime(dd)
        out[dd] = (fn(dd, D, m_, ef) / C.osc_l2_star_fraction(dd, ef) - 1, D)
    return out


D_MAX_EXAMPLE = 400


_EXAMPLE_LIMIT = Fraction(9, 10000)
_EXAMPLE_E = (R(2), R(3), R(4), R(5))


@cache
def _example_scan(e) -> tuple:
    """(m = e^eps + 1, the excess scans per decoder, Corollary 5.2's bound per d, the d from which the bound stays
    <= 0.09% up to D_MAX_EXAMPLE)."""
    m_ = int(e) + 1
    scans = {dec: _excess_scan(e, m_, dec, D_MAX_EXAMPLE) for dec in ("grouped", "pooled")}
    bounds = {dd: C.cor52_bound_fraction(dd, D, Fraction(int(e))) for dd, (_, D) in scans["grouped"].items()}
    return m_, scans, bounds, max(dd for dd, b in bounds.items() if b > _EXAMPLE_LIMIT) + 1


def _guarantee_points():
    """(model points, no form) wherever Corollary 5.2's bound, what the text tells the reader to read off, guarantees
    0.09%: the exact excess of OCMS (closed forms tied to the real mechanisms) is <= 0.09% too."""
    for e in _EXAMPLE_E:
        m_, scans, bounds, d_b = _example_scan(e)
        for dec, scan in scans.items():
            for dd in range(d_b, D_MAX_EXAMPLE + 1):
                yield Point({"exp_eps": e, "decoder": dec, "d": dd, "bound": f"{float(bounds[dd]):.6g}"},
                            data=scan[dd][0] <= _EXAMPLE_LIMIT, size=(e, dec, dd), model=bounds[dd] <= _EXAMPLE_LIMIT)


def _scan_note(e, dec):
    def text():
        m_, scans, bounds, d_b = _example_scan(e)
        scan = scans[dec]
        d0 = max(dd for dd, (x, _) in scan.items() if x > _EXAMPLE_LIMIT) + 1
        return (f"e^eps = {e} (m = {m_}), {dec} decoder: Corollary 5.2's bound <= 0.09% for every d in "
                f"[{d_b}, {D_MAX_EXAMPLE}]; exact excess <= 0.09% for every d in [{d0}, {D_MAX_EXAMPLE}]; at d = 100: "
                f"bound {float(bounds[100]) * 100:.4f}%, excess {float(scan[100][0]) * 100:.4f}%")
    return Note(text)


def _scan_tied():
    """The closed forms behind the scan: the collision rate of the real family at each e^eps's threshold prime, and
    the excess == the real OCMS mechanisms' exact l2 (small d, both decoders)."""
    tied = []
    for e in _EXAMPLE_E:
        m_, scans, bounds, d_b = _example_scan(e)
        p = next_prime(d_b)
        tied.append(_collision_count(p, m_, 0, 1) == C.ocms_collision_rate(p, m_))  # counted over the real family
    for e, dd, p, m_, dec, l2, star in _ocms_exact_table():
        x = _excess_scan(e, m_, dec, D_MAX_EXAMPLE)[dd][0]  # the scan above (same values as any longer scan)
        tied.append(l2 / star - 1 == R(x))
    return counted(tied)


def _example_point():
    """The abstract's example (arXiv 2603.11523 v1 and v2: d = 100 at eps = 1): e^eps = e is irrational, so the
    excess is an exact expression in E; best hash range and decoder (m in 2..8, grouped or pooled), d' = 101.  The
    sentence asserts its relation there: a right relation holds of the exact excess (the exact side is True)."""
    (m_best, dec_best), x = C.example_excess()
    yield Point({"d": 100, "eps": 1, "m": m_best, "decoder": dec_best, "d'": 101, "excess": f"{sympy.N(x * 100, 6)}%"},
                data=x, size=(100, 1))


def _example_note(forms):
    (m_best, dec_best), x = C.example_excess()
    within = _example_holds(forms.printed(), x)
    return (f"the abstract's example (d = 100, eps = 1): best OCMS m = {m_best}, {dec_best} decoder, d' = 101: exact "
            f"excess {sympy.N(x * 100, 6)}% over l2*(d) ({'within' if within else 'above'} 0.09%)")


record(
    id="pan-strict/sec5.4.example",
    location="Section 5.4 (and the abstract / Section 1 examples of a large enough d for a privacy factor)",
    statement="Referring to Corollary 5.2, for example at d = 100 and eps = 1 (the abstract's example), OCMS's l2 is "
              "at most 0.09% above the optimum.",
    printed=PR.example_printed,
    derived=C.example_relation,
    derivation="derivations.pan_strict.constructions.example_excess",
    kind="statement",
    # the sentence with its number right: the exact excess at the example, 0.2833%, is at most 0.29% (the paper's
    # two decimals of a percent, rounded up); shown as the minimal edit of the printed 0.09%
    correction=D.example_corrected,
    root_cause="appD.deviation",
    assumptions="OCMS with its best hash range m in 2..8 and the better of the grouped and pooled decoders, d' = 101",
    note=LOST + " (the values of d and eps in this example).  Reading: the example is the one the public abstract of "
                "arXiv 2603.11523 (v1 and v2) gives, 'd = 100 for a privacy factor of eps = 1'; judged there, the "
                "exact excess of the best OCMS is about 0.283%, above 0.09% (at eps = 1 the excess tends to about "
                "0.243% as d grows at the best m = 4, so no d reaches 0.09%).  The derived form is the model's "
                "relation at the example: the exact excess rounded up to the sentence's two decimals of a percent "
                "(0.29%).  Also checked, as a second reading with ldpref's own parameters (the sentence's 0.09% as "
                "the threshold asked about, Corollary 5.2's bound as the model's answer): wherever the bound "
                "(1 + alpha)(1 + beta) - 1 is <= 0.09% at e^eps in {2, 3, 4, 5} (m = e^eps + 1, an integer), the "
                "exact excess of OCMS (both decoders) is <= 0.09% too; the notes give, per e^eps, the smallest d "
                "from which the bound (and the exact excess) stays <= 0.09% on [d, 400].",
    steps=(*(_scan_note(e, dec) for e in _EXAMPLE_E for dec in ("grouped", "pooled")),
           Numeric("the closed forms behind the scan: collision rate of the real family, and the excess == the real "
                   "OCMS mechanisms' exact l2 (small d, both decoders)", _scan_tied),
           Grid("exact OCMS excess wherever Corollary 5.2 guarantees 0.09%", _guarantee_points, precomputed,
                path="moment-formula", printed=False),
           # each form's relation judged at the example (the printed number read from the printed form, the derived
           # one from the model); the displayed correction's relation on the same exact excess
           Grid("the abstract's example, d = 100 and eps = 1: does each form's relation hold of the exact excess of "
                "the best OCMS?", _example_point, lambda point: True, path="moment-formula",
                value=lambda form, point: _example_holds(form, point.data),
                correction_name="the abstract's example: the corrected bound judged on the exact excess of the best "
                                "OCMS"),
           Note(_example_note, reads_forms=True)))


def _example_holds(relation, excess) -> bool:
    """Section 5.4's example sentence (a relation on the excess at d = 100, eps = 1, as printed or as corrected)
    judged on the exact ``excess``: sympy decides the sign of the difference by certified evaluation."""
    if not isinstance(relation, sympy.core.relational.Relational) or relation.lhs != S.EXCESS_EXAMPLE:
        raise ValueError(f"not a relation on the excess at Section 5.4's example: {relation}")
    return bool(relation.func(excess, relation.rhs))


def _narrowing_points(correction: bool):
    """Consecutive d (e^eps = 2, 3): does the excess (Corollary 5.1's closed form, tied to the real mechanisms in
    sec5.4.example) narrow from d to d + 1?  The forms read at the two primes and the two excesses; for the
    correction (d'(d) = d'(d + 1) => Delta(d + 1) <= Delta(d)), which must hold, the exact side is True."""
    for e in (R(2), R(3)):
        scan = _excess_scan(e, int(e) + 1, "grouped", 400)
        for dd in range(100, 400):
            (a, Da), (b, Db) = scan[dd], scan[dd + 1]
            yield Point({"exp_eps": e, "d": dd, "d'": Da, "next d'": Db},
                        facts={"d": dd, "DP_D": Da, "DP_NEXT": Db, "GAP": a, "GAP_NEXT": b},
                        data=True if correction else bool(b <= a), in_condition=correction or Da == Db, size=(dd, e))


def _rises() -> str:
    steps = [(scan[dd][0], scan[dd + 1][0]) for e in (R(2), R(3))
             for scan in [_excess_scan(e, int(e) + 1, "grouped", 400)] for dd in range(100, 400)]
    return (f"the excess rises at {sum(b > a for a, b in steps)} of {len(steps)} steps d -> d + 1 (each where d "
            "passes a prime)")


record(
    id="pan-strict/sec5.4.narrowing",
    location="Section 5.4, last sentence of the example",
    statement="The excess of OCMS over the optimum keeps shrinking as d grows.",
    printed=PR.narrowing_printed,
    derived=C.narrowing_prediction,
    derivation="derivations.pan_strict.constructions.ocms_l2_grouped",
    kind="statement",
    correction=C.narrowing_derived_form,
    root_cause="sec5.4.narrowing",
    condition="d and d + 1 share the extended prime d' (no prime passed); each time d passes a prime, d' jumps and "
              "the gap rises (its envelope still tends to 0)",
    note=LOST,
    steps=(CorrectedGrid(Grid("exact OCMS excess at consecutive d: does it narrow?", lambda: _narrowing_points(False),
                              precomputed, path="moment-formula", value=_at_facts),
                         Grid("the corrected statement on the exact OCMS excess at consecutive d",
                              lambda: _narrowing_points(True), precomputed, path="moment-formula", value=_at_facts)),
           Note(_rises)))


@cache
def _table_rows():
    """Real Subset Selection (optimal integer k), WSS and OCMS (m = e^eps + 1, pooled) per (d, e^eps): the row's
    params, the facts the form reads, the exact response counts and the precision row's truth."""
    rows = []
    for dd in (5, 6, 7):
        for e in E_GRID:
            k = C.integer_optimal_k(dd, e)
            ss = _ss(dd, k, e).mechanism
            wss = _wss(dd, k, e)[0]
            o = _ocms(dd, int(e) + 1, e, "pooled").mechanism
            best = _integer_optimum_by_ss(dd, e)[0]
            params = {"d": dd, "exp_eps": e, "k": k, "|U| SS/OCMS/WSS": (ss.n_outputs, o.n_outputs, wss.n_outputs),
                      "OCMS excess": _fmt(_l2(o) / best - 1)}
            facts = {C.d: dd, C.k: k, C.m: int(e) + 1, C.dp: next_prime(dd), S.POSITIVE_W: wss.n_outputs}
            exact = (ss.n_outputs, o.n_outputs, wss.n_outputs <= dd * (dd - 1) // 2)
            rows.append((params, facts, exact, bool(_l2(ss) == best and _l2(wss) == best and _l2(o) >= best), (dd, e)))
    return rows


def _table_points():
    return (Point(params, facts=facts, data=exact, size=size) for params, facts, exact, _, size in _table_rows())


def _table_precision():
    return [precise for _, _, _, precise, _ in _table_rows()]


record(
    id="pan-strict/sec5.4.table",
    location="Section 5.4, comparison table",
    statement="SS and WSS attain the optimal l2 and OCMS nearly so; responses: C(d,k) for SS, m d'(d'-1) for "
              "OCMS, at most d(d-1)/2 for WSS (cost O(d), O(log d), O(log d)).",
    derived=C.comparison_table_form,
    derivation="derivations.pan_strict.constructions.caratheodory_count",
    kind="statement",
    note=LOST,
    steps=(Grid("real SS, WSS, OCMS: response counts vs the table", _table_points, precomputed),
           Numeric("precision row: SS and WSS at the exhaustive optimum over real SS, OCMS at or above it",
                   lambda: counted(_table_precision()))))


@cache
def _restricted_wss():
    """WSS at the optimal integer k on [d''] restricted to [d]: (d, d'', k, e^eps, the restricted mechanism)."""
    out = []
    for dd, big, e in [(4, 5, R(2)), (5, 6, R(3)), (6, 7, R(2)), (6, 8, R(3))]:
        k = C.integer_optimal_k(big, e)
        out.append((dd, big, k, e, _restricted(_wss(big, k, e)[0], dd)))
    return out


def _restricted_wss_points():
    """``data``: the restricted mechanism's exact worst-case l2 (ldpref.losses)."""
    for dd, big, k, e, small in _restricted_wss():
        l2 = losses.worst_case_l2(small, 1).value
        yield Point({"d": dd, "d''": big, "k": k, "exp_eps": e,
                     "excess over optimum": _fmt(l2 / C.osc_l2(dd, R(dd) / (e + 1), e) - 1)},
                    facts={"d": dd, "dpp": big, "k": k, "e": e}, data=l2, size=(dd, big, e))


def _restricted_wss_unbiased():
    unbiased = [small.is_unbiased() for *_, small in _restricted_wss()]
    return counted(unbiased)


record(
    id="pan-strict/sec5.4.extend",
    location="Section 5.3 last paragraph and Section 5.4 (reusing precomputed WSS for a larger dictionary)",
    statement="An OSC precomputed for a larger dictionary d'' > d can be used for [d]: it stays unbiased on [d] and "
              "its l2 is the extended loss of Appendix D.2 (negligibly above the optimum for large d).",
    derived=D.precomputed_loss,
    derivation="derivations.pan_strict.constructions.extended_l2",
    kind="statement",
    steps=(Grid("restricted real WSS mechanisms: exact l2 vs the extended loss", _restricted_wss_points, precomputed,
                path="moment-formula", value=_at_facts),
           Numeric("restricted real WSS mechanisms are unbiased on [d]", _restricted_wss_unbiased)))
