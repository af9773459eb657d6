"""pan-strict claim checks: Section 5.2 and Appendix D.1 -- OCMS over GF(d'), Theorem 5.1, Corollary 5.1.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import sympy

import derivations.pan_strict.constructions as C
import derivations.pan_strict.constructions_ocms as D
import derivations.pan_strict.framework as F
from ldpref import enumeration, moments
from ldpref.exact import EXP_EPS
from ldpref.ledger import record
from ldpref.ledger.generic import Exact, Grid, Identity, Note, Numeric, Point, counted, precomputed
from ldpref.ledger.forms import evaluate
from ldpref.mechanism import Mechanism
from ldpref.mechanisms.prime_cms import prime_hash_family

from .constructions_common import next_prime, R, LOST, _ocms, _is_osc, _at_facts
from .matrix_forms import memoised


# ---------------------------------------------------------------------------------------------
# Section 5.2 / Appendix D: optimized CMS over GF(d')
def _named_list(form, point):
    return [_at_facts(form, point)]


OCMS_GRID = [(3, 2), (5, 2), (5, 3), (5, 4), (7, 2), (7, 3), (7, 4), (11, 3), (11, 4)]  # (d' = d, m)


def _permutation_points():
    for p in (2, 3, 5, 7, 11, 13):
        for a in range(1, p):
            for b in range(p):
                image = len({(a * x + b) % p for x in range(p)})
                yield Point({"d'": p, "a": a, "b": b}, facts={"dp": p, "IMAGE": image}, data=image, size=(p, a, b))


record(
    id="pan-strict/appD.permutation",
    location="Appendix D, first paragraph",
    statement="For prime d' and a != 0, x -> (a x + b) mod d' is a permutation of [d'].",
    derived=D.permutation_image,
    derivation="derivations.pan_strict.constructions.next_prime",
    kind="statement",
    note="for composite moduli it fails (e.g. a = 2 mod 4), which is why d' is prime",
    steps=(Grid("permutation for every (a, b), a != 0", _permutation_points, precomputed,
                value=_at_facts),))


def _pair_hit_points():
    for p in (2, 3, 5, 7, 11):
        for x, y in itertools.permutations(range(p), 2):
            hits = Counter(((a * x + b) % p, (a * y + b) % p) for a in range(1, p) for b in range(p))
            every = set(hits) == {(s, t) for s in range(p) for t in range(p) if s != t}
            times = sorted(set(hits.values())) if every else None  # how often each ordered pair is hit
            yield Point({"d'": p, "x": x, "x'": y}, facts={"HITS": times[0] if times else 0}, data=times,
                        size=(p, x, y))


record(
    id="pan-strict/lemmaD.1",
    location="Appendix D, Lemma D.1",
    statement="Over the d'(d'-1) functions x -> (a x + b) mod d' (a != 0), any pair x != x' is mapped to every "
              "ordered pair (t, t') with t != t' exactly once.",
    derived=D.pair_hits,
    derivation="derivations.pan_strict.constructions.pair_collisions",
    kind="statement",
    steps=(Grid("every ordered pair hit exactly once", _pair_hit_points, precomputed, value=_named_list),))


def _bucket_points():
    for p, m_ in OCMS_GRID:
        fam = prime_hash_family(p, m_)
        per_fn = {tuple(sorted((sum(1 for x in range(p) if h[x] == z) for z in range(m_)), reverse=True))
                  for h in fam.functions}
        if len(per_fn) != 1:
            exact = None  # the functions do not share one bucket profile
        else:
            sizes = per_fn.pop()
            exact = (max(sizes), min(sizes), sizes.count(max(sizes)))
        yield Point({"d'": p, "m": m_}, facts={"dp": p, "m": m_}, data=exact, size=(p, m_))


record(
    id="pan-strict/appD.buckets",
    location="Appendix D, first paragraph",
    statement="Since the prime d' is not divisible by m, r = d' mod m buckets hold ceil(d'/m) elements of [d'] "
              "and m - r hold floor(d'/m); every response of OCMS supports one bucket.",
    derived=D.bucket_sizes,
    derivation="derivations.pan_strict.constructions.bucket_profile",
    steps=(Grid("bucket sizes (larger, smaller, count of the larger) of every function of the real family",
        _bucket_points, precomputed, value=_at_facts),))


@cache
def _groups_measured(p: int, m_: int, e):
    """Split the real OCMS mechanism on [d'] (d = d') by support size: for each size k the group
    probability (column sums over the group, per input) and the conditional mechanism."""
    o = _ocms(p, m_, e)
    P = o.mechanism.perturbation_matrix()
    out = {}
    labels = o.mechanism.outputs
    for kk in sorted(set(o.support_sizes)):
        rows = [u for u, s in enumerate(o.support_sizes) if s == kk]
        simp = memoised()  # the exact normal form of an entry (a rational one is its own), once per value
        pis = {simp(sum(P[u, x] for u in rows)) for x in range(p)}
        supports = [tuple(sorted(_supp(o, u))) for u in rows]
        pi = pis.pop() if len(pis) == 1 else None
        cond = None
        if pi is not None:
            Pg = [[simp(P[u, x] / pi) for x in range(p)] for u in rows]
            cond = Mechanism(Pg, _support_decoder(supports, p, kk, e), outputs=[labels[u] for u in rows],
                             name=f"ocms-group(k={kk})")
        out[kk] = {"pi": pi, "mechanism": cond, "supports": supports, "responses": len(rows)}
    return out


def _support_decoder(supports, d, kk, e):
    """Eq. (5) with the derived OSC (p, q) of support size kk: QP = I then checks the derivation."""
    from ldpref.decoders import support_set_decoder

    return support_set_decoder([set(s) for s in supports], d, C.osc_p(d, kk, e), C.osc_q(d, kk, e))


def _thm5_1_cases():
    for p, m_ in OCMS_GRID:
        for e in (R(2), R(3), EXP_EPS):
            if (p >= 7 and e == R(2)) or (e == EXP_EPS and (p, m_) not in ((3, 2), (5, 2))) or p >= 11:
                continue
            yield p, m_, e, _groups_measured(p, m_, e)


def _groups_certified():
    certs = []
    for p, m_, e, groups in _thm5_1_cases():
        same_sizes = set(groups) == set(C.ocms_groups(p, m_, e))
        for kk, g in groups.items():
            certs.append(same_sizes and g["mechanism"] is not None and _is_osc(g["mechanism"], g["supports"], kk, e))
    return counted(certs)


def _pi_points():
    for p, m_, e, groups in _thm5_1_cases():
        k0, k1, r = C.bucket_profile(p, m_)
        for kk, g in groups.items():
            yield Point({"d'": p, "m": m_, "exp_eps": e, "k": kk},
                        facts={"dp": p, "m": m_, "e": e, "k": kk, "COUNT_K": r if kk == k1 else m_ - r}, data=g["pi"],
                        size=(p, m_, kk, 0 if e == EXP_EPS else e))


record(
    id="pan-strict/thm5.1",
    location="Section 5.2, Theorem 5.1 (proof in Appendix D.1)",
    statement="OCMS on the prime dictionary d' with m buckets is a mixture of two optimal symmetric "
              "configurations: support size ceil(d'/m) with probability r(d' + (e-1) ceil(d'/m))/(d'(e+m-1)) "
              "and support size floor(d'/m) with probability (m-r)(d' + (e-1) floor(d'/m))/(d'(e+m-1)), r = d' mod m.",
    derived=D.group_probability,
    derivation="derivations.pan_strict.constructions.ocms_groups",
    kind="statement",
    assumptions="d = d' prime (the dictionary already extended); m in 2..d'-1",
    note=LOST,
    steps=(Numeric("each support-size group of the real OCMS is an exactly certified OSC", _groups_certified),
        Grid("group probabilities pi_k of the real OCMS", _pi_points, precomputed, value=_at_facts)))


def _base_points():
    for p, m_ in OCMS_GRID[:7]:
        for e in ((R(3), EXP_EPS) if p <= 5 and m_ <= 3 else (R(3),)):
            o = _ocms(p, m_, e)
            P = o.mechanism.perturbation_matrix()
            simp = memoised()  # a rational entry is its own cancel; a symbolic one cancelled once per value
            bases = {simp(min(P[u, x] for x in range(p))) if e != EXP_EPS
                     else simp(P[u, [x for x in range(p) if x not in _supp(o, u)][0]])
                     for u in range(P.rows)}
            total = sympy.cancel(sum(bases) * P.rows) if len(bases) == 1 else None
            base = bases.pop() if len(bases) == 1 else None
            yield Point({"d'": p, "m": m_, "exp_eps": e}, facts={"dp": p, "m": m_, "e": e}, data=(base, total),
                        size=(p, m_))


record(
    id="pan-strict/appD.base",
    location="Appendix D.1, base probability of OCMS",
    statement="Every OCMS response has the same base probability 1/(d'(d'-1)(e^eps+m-1)); Lemma B.1 extends to "
              "varying support sizes as sum_y p_y = d'/(kbar e + d' - kbar) (kbar the p-weighted mean support "
              "size), here m/(e^eps + m - 1).",
    derived=D.base_probability,
    derivation="derivations.pan_strict.constructions.ocms_base_probability",
    note=LOST,
    steps=(Grid("base probabilities of the real OCMS", _base_points, precomputed, value=_at_facts),))


def _supp(o, u):
    j, z = o.mechanism.outputs[u].split(":")
    h = o.family.functions[int(j)]
    return {x for x in range(o.family.d) if h[x] == int(z)}


def _group_points():
    for p, m_ in OCMS_GRID:
        e = R(3)
        groups = _groups_measured(p, m_, e)
        derived = C.ocms_groups(p, m_, e)
        for kk, g in groups.items():
            P = g["mechanism"].perturbation_matrix()
            base = {min(P[u, x] for x in range(p)) for u in range(P.rows)}
            facts = {"dp": p, "k": kk, "e": e, "N_K": g["responses"]}
            yield Point({"d'": p, "m": m_, "k": kk, "what": "conditional base"}, facts=facts,
                        data=(sorted(base), None), size=(p, m_, kk, 0))
            yield Point({"d'": p, "m": m_, "k": kk, "what": "pi_k p'_k == OCMS base"}, facts=facts,
                        data=(sorted({sympy.cancel(g["pi"] * b) for b in base}), derived[kk][0]), size=(p, m_, kk, 1))


def _group_value(form, point):
    """p'_k of the form; times the derived pi_k where the point compares with OCMS's base probability."""
    p_k = _at_facts(form, point)
    pi = point.data[1]
    return [p_k] if pi is None else [sympy.cancel(pi * p_k)]


record(
    id="pan-strict/appD.groups",
    location="Appendix D.1, the two configurations' base probabilities",
    statement="Each group's own base probability follows from Lemma B.1 for the group, "
              "d'/((k e + d' - k) N_k) with N_k its number of responses, and pi_k times it equals OCMS's base "
              "probability, so sampling the two configurations reproduces OCMS.",
    derived=D.group_base_probability,
    derivation="derivations.pan_strict.constructions.ocms_groups",
    note=LOST,
    steps=(Grid("conditional base probabilities of the real groups", _group_points, lambda point: point.data[0],
        value=_group_value),))


def _pair_count_points():
    for p, m_ in OCMS_GRID:
        fam = prime_hash_family(p, m_)
        k0, k1, r = C.bucket_profile(p, m_)
        sizes = [sum(1 for x in range(p) if (x % m_) == z) for z in range(m_)]
        for kk in sorted({k0, k1}):
            counts = set()
            for x, y in itertools.combinations(range(p), 2):
                counts.add(sum(1 for h in fam.functions if h[x] == h[y] and sizes[h[x]] == kk))
            yield Point({"d'": p, "m": m_, "k": kk}, facts={"k": kk, "COUNT_K": r if kk == k1 else m_ - r},
                        data=sorted(counts), size=(p, m_, kk))


record(
    id="pan-strict/appD.symmetric",
    location="Appendix D.1, symmetry of each configuration",
    statement="For every pair x != x' the number of hash functions putting both into one bucket of size k is "
              "(#buckets of size k) k(k-1), the same for all pairs, so each configuration is symmetric.",
    derived=D.pair_count,
    derivation="derivations.pan_strict.constructions.pair_collisions",
    note=LOST,
    steps=(Grid("pair counts in the real family", _pair_count_points, precomputed, value=_named_list),))


def _collision_points():
    """The collision rate of ldpref's prime hash family (constant over pairs): (a model point, no form) against the
    model's rate with the remainder d' mod m, then against the form plus the remainder term."""
    for p, m_ in OCMS_GRID + [(13, 3), (13, 5)]:
        rate = prime_hash_family(p, m_).has_constant_collision_rate()
        exact = R(rate) if rate is not None else None
        yield Point({"d'": p, "m": m_, "what": "rate"}, data=exact, size=(p, m_, 0), model=C.ocms_collision_rate(p, m_))
        yield Point({"d'": p, "m": m_, "what": "form + remainder term"}, facts={"dp": p, "m": m_}, data=exact,
                    size=(p, m_, 1))


def _form_plus_remainder(form, point):
    """The form ignores the remainder r = d' mod m; with it the rate exceeds the form by r(m-r)/(m d'(d'-1))."""
    p, m_ = point.facts["dp"], point.facts["m"]
    r = C.bucket_profile(p, m_)[2]
    return _at_facts(form, point) + R(r * (m_ - r), m_ * p * (p - 1))


record(
    id="pan-strict/appD.collision",
    location="Appendix D.1, last paragraphs (collision probability)",
    statement="The collision rate of the OCMS family is sum over buckets of s(s-1) divided by d'(d'-1); ignoring "
              "the remainder it is (d'/m - 1)/(d' - 1) = (d' - m)/(m(d' - 1)).",
    derived=C.collision_form,
    derivation="derivations.pan_strict.constructions.ocms_collision_rate",
    note=LOST + ". Since d' is prime and 2 <= m < d', the remainder never vanishes: the exact rate exceeds "
         "(d'-m)/(m(d'-1)) by r(m-r)/(m d'(d'-1)).",
    steps=(Grid("collision rate of the real family (constant over pairs)", _collision_points, precomputed,
                value=_form_plus_remainder),))


def _families(p, m_):
    from ldpref.hashing import HashFamily

    fam = prime_hash_family(p, m_)
    with_zero = [tuple(((a * x + b) % p) % m_ for x in range(p)) for a in range(p) for b in range(p)]
    return fam, HashFamily(tuple(with_zero), m_, name="affine with a = 0")


def _zero_rates():
    zero = []
    for p, m_ in OCMS_GRID + [(13, 3), (13, 5)]:
        fam, fam0 = _families(p, m_)
        r_zero = fam0.has_constant_collision_rate()
        zero.append(r_zero is not None
                    and R(r_zero) == C.ocms_collision_rate(p, m_, allow_a_zero=True))
    return counted(zero)


def _collision_drop_points():
    """exact: the real family's (a != 0) remainder-free rate lies below 1/m and below the a = 0 family's rate;
    the form: (d'-m)/(m(d'-1)) < 1/m."""
    for p, m_ in OCMS_GRID + [(13, 3), (13, 5)]:
        fam, fam0 = _families(p, m_)
        r_ocms, r_zero = fam.has_constant_collision_rate(), fam0.has_constant_collision_rate()
        k0, k1, r = C.bucket_profile(p, m_)
        free = R(r_ocms) - R(r * (m_ - r), m_ * p * (p - 1))
        yield Point({"d'": p, "m": m_, "c(a != 0)": str(r_ocms), "c(a any)": str(r_zero)}, facts={"dp": p, "m": m_},
                    data=bool(r_ocms < r_zero and free < R(1, m_)), size=(p, m_))


record(
    id="pan-strict/sec5.2.collision",
    location="Section 5.2, after the hash family",
    statement="Excluding a = 0 lowers the collision probability from about 1/m (the affine family with a = 0) "
              "to about (d' - m)/(m(d' - 1)).",
    derived=D.collision_below_one_over_m,
    derivation="derivations.pan_strict.constructions.ocms_collision_rate",
    kind="statement",
    note=LOST,
    steps=(Numeric("rate with a = 0 allowed == 1/m + r(m-r)/(m d'^2) on the real family", _zero_rates),
        Grid("collision rates of the two real families", _collision_drop_points, precomputed, value=_at_facts),
        Note("with a = 0 allowed the rate is exactly 1/m + r(m-r)/(m d'^2), i.e. 1/m only when m divides d'")))


# ---- Corollary 5.1: variance of OCMS under both decoders
def _pure_variances(p, q, counts):
    """Per value: the variance of a pure protocol's estimate with support probabilities (p, q), n = sum(counts)
    clients, counts[x] of them holding x (Eq. (8), ``derivations.pan_strict.framework.symmetric_variance``)."""
    return [sympy.cancel(F.symmetric_variance(p, q, R(c, sum(counts)), sum(counts))) for c in counts]


def _group_variances(p, m_, e, counts):
    """Per support size k of OCMS's two groups, per value: the variance of the OSC with support k on the dictionary
    d' = p (the OSC variance of Section 3 with p*, q* of d')."""
    return {kk: _pure_variances(C.osc_p(p, kk, e), C.osc_q(p, kk, e), counts) for kk in C.ocms_groups(p, m_, e)}


def _mixture_at(form, d, p, m_, e, counts, var):
    """The form of Corollary 5.1 at one dataset, per value: pi_1, pi_0 from Theorem 5.1 and the two OSC
    variances; Var(X) is the real variance (it only matters if the form is not an equation)."""
    groups = C.ocms_groups(p, m_, e)
    k0, k1, r = C.bucket_profile(p, m_)
    gv = _group_variances(p, m_, e, counts)
    return [evaluate(form, {C.PI1: groups[k1][0], C.PI0: groups[k0][0], C.VAR(C.X1): gv[k1][x],
                            C.VAR(C.X0): gv[k0][x], C.VAR(C.X): var[x]}) for x in range(d)]


@cache
def _ocms_variances() -> tuple:
    """(d, d', m, e^eps, decoder, path, counts, the real OCMS's exact variance per value) by enumeration (d <= 4) or
    exact moments, on one or two clients (and a third dataset for the larger d)."""
    out = []
    grid = [(3, 2, "enum"), (4, 2, "enum"), (4, 3, "enum"), (5, 3, "moments"), (6, 3, "moments"), (7, 4, "moments")]
    for d, m_, how in grid:
        p = next_prime(d)
        for e in ((R(2), R(3)) if d <= 4 else (R(3),)):
            for dec in ("grouped", "pooled"):
                mech = _ocms(d, m_, e, dec).mechanism
                datasets = [tuple(1 if x == 0 else 0 for x in range(d)), tuple(1 if x < 2 else 0 for x in range(d))]
                if how == "moments":
                    datasets.append(tuple([2] + [1] * (d - 1)))
                for counts in datasets:
                    var = (enumeration.enumerated_moments(mech, counts)["variance"] if how == "enum"
                           else moments.variance(mech, counts))
                    out.append((d, p, m_, e, dec, "enumeration" if how == "enum" else "moment-formula", counts,
                                [sympy.cancel(v) for v in var]))
    return tuple(out)


def _grouped_points():
    """The condition: each response decoded by its configuration's (p_k, q_k) (the grouped decoder)."""
    for d, p, m_, e, dec, path, counts, var in _ocms_variances():
        if dec == "grouped":
            yield Point({"d": d, "d'": p, "m": m_, "exp_eps": e, "counts": counts}, data=Exact(var, path),
                        size=(d, m_, sum(counts), e))


def _pooled_differs(forms):
    """With the pooled decoder (pan-cms Eq. (8)) the real variance differs from the form's mixture on some value."""
    return _pooled_count(lambda d, p, m_, e, counts, var: any(
        sympy.cancel(a - b) != 0 for a, b in zip(var, _mixture_at(forms.derived(), d, p, m_, e, counts, var))))


def _pooled_formula():
    """With the pooled decoder the real variance is ldpref's pooled (p, q) formula."""
    return _pooled_count(lambda d, p, m_, e, counts, var: all(
        sympy.cancel(a - b) == 0 for a, b in zip(var, _pure_variances(*C.ocms_pq_pooled(p, m_, e), counts))))


def _pooled_count(test):
    return counted((test(d, p, m_, e, counts, var) for d, p, m_, e, dec, path, counts, var in _ocms_variances()
                    if dec == "pooled"), "datasets")


record(
    id="pan-strict/cor5.1",
    location="Section 5.2, Corollary 5.1 (proof at the end of Appendix D.1)",
    statement="The variance of OCMS is pi_1 Var(OSC with support ceil(d'/m)) + pi_0 Var(OSC with support "
              "floor(d'/m)).",
    derived=C.mixture_variance_form,
    derivation="derivations.pan_strict.constructions.ocms_l2_grouped",
    kind="statement",
    correction=D.mixture_variance_unequal_means,
    condition="each response is decoded with its own configuration's (p_k, q_k) (the 'grouped' decoder); with "
              "the single CMS decoder of pan-cms Eq. (8) (overall p, q) the two configurations' estimates have "
              "different means and the variance is larger",
    note=LOST,
    steps=(Grid("variance of the real OCMS, grouped decoder (enumeration / exact moments) vs the mixture",
                _grouped_points, precomputed, printed=False,
                value=lambda form, point: _mixture_at(form, point.params["d"], point.params["d'"], point.params["m"],
                                                      point.params["exp_eps"], point.params["counts"],
                                                      point.data.value)),
           Numeric("pooled decoder (pan-cms Eq. (8)): the real variance differs from the mixture on some value",
                   _pooled_differs, reads_forms=True),
           Numeric("pooled decoder: the real variance == ldpref's pooled (p, q) formula", _pooled_formula)))


_MIX = sympy.symbols("pi_1 mu v_1 v_0")


def _mixture_of_form(forms):
    """The form with pi_0 = 1 - pi_1 and symbolic group variances (against the law of total variance, a proof)."""
    pi1, _, v1, v0 = _MIX
    return sympy.expand(evaluate(forms.derived(), {C.PI1: pi1, C.PI0: 1 - pi1, C.VAR(C.X1): v1, C.VAR(C.X0): v0}))


def _group_variance_points():
    """The real grouped OCMS is a mixture of its two support-size groups (equal means: both unbiased); ``data`` is
    its variance per value (ldpref.moments on the real mechanism), the facts the groups' weights and variances."""
    for p, m_ in [(5, 2), (5, 3), (7, 3)]:
        e = R(3)
        groups = _groups_measured(p, m_, e)
        k0, k1, r = C.bucket_profile(p, m_)
        mech = _ocms(p, m_, e, "grouped").mechanism
        for counts in [tuple([1] + [0] * (p - 1)), tuple([1, 1] + [0] * (p - 2))]:
            whole = moments.variance(mech, counts)
            var1 = moments.variance(groups[k1]["mechanism"], counts)
            var0 = moments.variance(groups[k0]["mechanism"], counts)
            for x in range(p):
                yield Point({"d'": p, "m": m_, "counts": counts, "x": x},
                            facts={C.PI1: groups[k1]["pi"], C.PI0: groups[k0]["pi"], C.VAR(C.X1): var1[x],
                                   C.VAR(C.X0): var0[x], C.VAR(C.X): whole[x]},
                            data=sympy.cancel(whole[x]), size=(p, m_, sum(counts), x))


record(
    id="pan-strict/appD.mixvar",
    location="Appendix D.1, last sentence",
    statement="A process producing X1 with probability pi_1 and X0 with probability pi_0, with E X1 = E X0, has "
              "variance pi_1 Var X1 + pi_0 Var X0.",
    derived=C.mixture_variance_form,
    derivation="derivations.pan_strict.constructions.mixture_variance",
    steps=(Identity("the form == law of total variance with equal means", _mixture_of_form,
                    lambda forms: sympy.expand(C.mixture_variance(_MIX[0], _MIX[1], _MIX[2], _MIX[1], _MIX[3])),
                    reads_forms=True),
           Grid("real grouped OCMS: Var per value == pi_1 Var(group ceil) + pi_0 Var(group floor)",
                _group_variance_points, precomputed, path="moment-formula"),
           Note("with unequal means the extra term pi_1 pi_0 (E X1 - E X0)^2 appears (the pooled decoder's case)")))