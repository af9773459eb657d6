"""pan-cms claim checks: imperfect hashing and the original CMS (Sections 3.5-3.6, Appendices E-F;
see derivations.pan_cms.hashing).

The exact path builds the real hash families of ``ldpref.hashing`` (Eq. (18) over GF(2^l) with real field
arithmetic, its reduction mod m, every draw of the original CMS's random functions) and the real CMS
mechanisms of ``ldpref.mechanisms.cms`` on them (Eq. (2) or Eq. (8) decoder); moments come from
``ldpref.moments`` / ``ldpref.family`` / ``ldpref.losses`` on those mechanisms.  Var(R|=) and Var(R|!=)
are read off the exact inner mechanisms.  The reference "perfect" CMS of the same m uses the family of
all functions [d] -> [m] (checked pairwise independent), which exists for every m.

A statement (kind "statement") is evaluated per instance: its printed and derived forms are sympy Booleans
in the paper's symbols, and each instance substitutes the exact quantities of the real mechanisms into both
(:func:`truth`); the exact value is ``HOLDS`` -- a true statement holds at every point.  Bounds are
implications "condition => conclusion", taken at the boundary of the printed and of the derived condition
(the smallest tau or delta each admits, the strongest test of its conclusion).  The claims live in this module
(Section 3.5's families) and in ``hashing_thm38`` (Theorem 3.8, Corollaries 3.6-3.7, Appendix E),
``hashing_thm39`` (Theorem 3.9, Eqs. (45)-(47)) and ``hashing_original`` (Section 3.6, Appendix F).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache, lru_cache

import sympy
from flint import fmpq_poly

import derivations.pan_cms.hashing as H
import derivations.pan_cms.printed_hashing as PH  # noqa: F401  (the claims name its forms)
from derivations.pan_cms.rational import RatFunc, rational_function
from derivations.pan_cms.symbols import cbar, d, f, l, m, q, r
from ldpref import moments
from ldpref.dataset import all_datasets as _datasets  # noqa: F401  (hashing_original uses it)
from ldpref.decide.for_all import holds_above
from ldpref.exact import EXP_EPS
from ldpref.exact import to_exact as _rat
from ldpref.hashing import IRREDUCIBLE, HashFamily, all_functions_family, gf2_affine_family, gf2_affine_mod_family
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Numeric, Point, Symbolic, rhs
from ldpref.ledger.generic import precomputed as _exact_of
from ldpref.ledger.forms import Predicate, as_fmpq, evaluate, param_name, statement_program, statement_truth
from ldpref.mechanism import Mechanism
from ldpref.mechanisms.cms import cms, inner_mechanism

SEED = 20260605
R = sympy.Rational
DER = "derivations.pan_cms.hashing"
KIND_ORDER = {"rr": 0, "arp": 1, "srp": 2}
#: the exact value of a statement instance: a true statement holds at every point of the real mechanisms (the
#: printed and derived values are the claim's forms evaluated on the exact quantities of that point)
HOLDS = True


#: the reading of the paper's quantifier over pairs (kept in one place so every claim says the same)
DISTINCT_PAIRS = ("x1 != x2: the paper quantifies over [d]^2 but means distinct pairs, as in Corollary 3.1 and "
                  "Eq. (8) (for x1 = x2 the probability is trivially 1)")

# ---- exact building blocks -----------------------------------------------------------------------
_inner = cache(inner_mechanism)  # the inner mechanism R on [m], built once per (kind, m, e^eps)


@cache
def _inner_vars(kind, mm, ee):
    """(Var(R|=), Var(R|!=)) read off the exact inner mechanism (Property 2.3: each is one constant)."""
    mech = _inner(kind, mm, ee)
    W = moments.per_client_variance_coefficients(mech)
    dom = mech.domain
    eq = {sympy.cancel(dom.to_sympy(W[v][v])) for v in range(mm)}
    ne = {sympy.cancel(dom.to_sympy(W[v][x])) for v in range(mm) for x in range(mm) if v != x}
    if len(eq) != 1 or len(ne) != 1:
        raise ValueError(f"inner {kind} (m={mm}) does not have constant Var(R|=), Var(R|!=)")
    return eq.pop(), ne.pop()


@cache
def _hprime(l_, d_, m_):
    return gf2_affine_mod_family(l_, d_, m_)


@cache
def _perfect(d_, m_):
    """All functions [d] -> [m]: pairwise independent for every m (checked)."""
    fam = all_functions_family(d_, m_)
    if not fam.is_pairwise_independent():
        raise AssertionError("the family of all functions must be pairwise independent")
    return fam


@cache
def _family(key):
    return _hprime(*key[1:]) if key[0] == "H'" else _perfect(*key[1:])


@cache
def _cms(key, kind, ee, decoder):
    fam = _family(key)
    return cms(fam, _inner(kind, fam.m, ee), decoder=decoder)


@cache
def _var(key, kind, ee, decoder, counts):
    return tuple(moments.variance(_cms(key, kind, ee, decoder).mechanism, counts))


@cache
def _bias(key, kind, ee, decoder, counts):
    return tuple(moments.bias(_cms(key, kind, ee, decoder).mechanism, counts))


def _qr(l_, m_):
    return divmod(2**l_, m_)


#: every (l, m, q, r) with l = 1..5, 2 <= m <= 2^l and 2^l = qm + r: the families h' = h mod m of the H' grids
LMQR = [(l_, m_, *_qr(l_, m_)) for l_ in range(1, 6) for m_ in range(2, 2**l_ + 1)]


def _collision(l_, m_):
    """Exact collision rate of h' = h mod m read off the real family (constant over x != x')."""
    rate = _hprime(l_, 2, m_).has_constant_collision_rate()
    return _rat(rate)


def _collision_rate_mechanism(mm, inner, c, M):
    """A CMS on d = 2 inputs whose hash function (y0, y1) in [m]^2 is drawn with weight c/m if y0 = y1 and
    (1 - c)/(m(m-1)) otherwise: uniform values, collision rate c; decoder parameter M (Eq. (2): M = m,
    Eq. (8): M = 1/c; M = None: the Eq. (8) decoder times (1 - c), i.e. Q_R - c).  c and M may be symbols,
    giving the variance as an exact function of them."""
    P_R, Q_R = inner.perturbation_matrix(), inner.decoder_matrix()
    rows, cols, labels = [], [], []
    for y0, y1 in itertools.product(range(mm), repeat=2):
        w = c / mm if y0 == y1 else (1 - c) / (mm * (mm - 1))
        h = (y0, y1)
        for z in range(inner.n_outputs):
            labels.append(f"{y0}{y1}:{z}")
            rows.append([w * P_R[z, h[x]] for x in range(2)])
            if M is None:
                cols.append([Q_R[h[x], z] - c for x in range(2)])
            else:
                cols.append([M / (M - 1) * Q_R[h[x], z] - 1 / (M - 1) for x in range(2)])
    Q = [[cols[u][x] for u in range(len(cols))] for x in range(2)]
    return Mechanism(rows, Q, outputs=labels, name=f"cms-collision-rate(m={mm})")


# ---- evaluating a claim's forms at one point ----------------------------------------------------------
def _decide(rel):
    """A relation between rational functions of e^eps, decided for every e^eps > 1 by the exact signs of lhs - rhs on
    (1, oo) (:func:`ldpref.decide.for_all.holds_above`: Sturm certificates and a squarefree factorisation over Q);
    None (undecided) for a relation with another symbol left; an error when it is not a rational function over Q
    without a pole there."""
    if rel.free_symbols != {EXP_EPS}:
        return None
    holds = holds_above(rel, {EXP_EPS: 1})
    if holds is None:
        raise ValueError(f"cannot decide {rel} for every e^eps > 1")
    return holds


def _rational_env(facts: dict) -> tuple:
    """({symbol: fmpq} for the facts whose value is rational, {symbol: bool} for those whose value is a truth value);
    a name becomes its Symbol, as ``evaluate`` reads it."""
    env, truths, functions = {}, {}, {}
    for key, value in facts.items():
        name = sympy.Symbol(key) if isinstance(key, str) else key
        if isinstance(value, (bool, sympy.logic.boolalg.BooleanAtom)):
            truths[name] = bool(value)
        elif isinstance(value, (int, Fraction, sympy.Rational)):
            env[name] = as_fmpq(value)
        elif isinstance(value, sympy.Expr) and len(value.free_symbols) == 1:
            functions[name] = value
    if functions:  # facts that are functions of one further symbol (e.g. Var as a polynomial in c_bar)
        symbols = set().union(*(v.free_symbols for v in functions.values()))
        symbol = next(iter(symbols)) if len(symbols) == 1 else None
        converted = {key: _function_of(v, symbol) for key, v in functions.items()} if symbol is not None else {}
        if symbol is not None and symbol not in env and all(v is not None for v in converted.values()):
            env.update(converted)
            env[symbol] = RatFunc(fmpq_poly([0, 1]))
    return env, truths


@lru_cache(maxsize=4096)
def _function_of(expr, symbol):
    """``expr`` as an exact rational function of ``symbol`` (:class:`RatFunc`), None if it is not one."""
    return rational_function(expr, symbol)


def truth(form, facts: dict) -> bool:
    """A statement form at one point: every symbol replaced by its exact value, reduced to True or False (an
    ``Eq`` is a statement here, not its right-hand side); a form that does not reduce is an error.  A statement
    whose every relation compares rationals is decided by its compiled program
    (:func:`ldpref.ledger.forms.statement_program`, exact rational arithmetic); anything else by
    :func:`ldpref.ledger.forms.statement_truth` (the one evaluator's exact decisions, an ``Eq`` a statement), with
    :func:`_decide` as its last resort: the rows of ``appE.veq-geq-vne`` and ``appF.veq-gt-vne`` are not points (they
    fix the mechanism and m and give Var(R|=), Var(R|!=) as rational functions of e^eps), and :func:`_decide` proves
    such a relation for every e^eps > 1."""
    if isinstance(form, Predicate):
        return form(**{param_name(k_): v for k_, v in facts.items()})
    if isinstance(form, sympy.Basic):
        program = statement_program(form)
        if program is not None:
            fast = program(*_rational_env(facts))
            if fast is not None:
                return fast
    return statement_truth(form, facts, last=_decide)


def conjunct(form, kind, *, lhs=None, rhs=None):
    """The conjunct of a claim's form (an And, or an Implies' hypothesis) of type ``kind`` with the given side;
    a form of another shape (e.g. a negated statement) raises, which the self-check sees as a moved verdict."""
    parts = form.args if isinstance(form, sympy.And) else (form,)
    found = [a for a in parts
             if isinstance(a, kind) and (lhs is None or a.lhs == lhs) and (rhs is None or a.rhs == rhs)]
    if len(found) != 1:
        raise TypeError(f"no single {kind.__name__} with lhs={lhs}, rhs={rhs} in {form}")
    return found[0]


def rows_grid(name, rows, *, statement=False, **kw):
    """A grid of rows: ``rows()`` yields Points whose ``data`` is the exact value there (HOLDS for a statement)
    and whose ``facts`` the forms are evaluated at (the one evaluator; a statement's forms by :func:`truth`)."""
    if statement:
        kw["value"] = lambda form, point: truth(form, point.substitution)
    return Grid(name, rows, _exact_of, **kw)


# ---- Eq. (18) and the families of Section 3.5 ------------------------------------------------------
def _eq18_identity(l_, d_):
    """The model's bijective affine pair maps against pairwise independence counted over the real family."""
    return Identity(f"every affine pair map is bijective (model) == pairwise independence counted (l={l_}, d={d_})",
                    lambda: all(H.affine_pair_bijective(IRREDUCIBLE[l_], a, b)
                                for a, b in itertools.permutations(range(d_), 2)),
                    lambda: (gf2_affine_family(l_, d_).is_pairwise_independent()
                             and gf2_affine_family(l_, d_).is_uniform()))


EQ18_LD = [(l_, d_) for l_ in (1, 2, 3, 4) for d_ in sorted({2, 2**l_})]


def _eq18_rows():
    for l_, d_ in EQ18_LD:
        fam = gf2_affine_family(l_, d_)
        for a, b in sorted({(0, 1), (0, d_ - 1), (1, d_ - 1)} - {(1, 1)}):
            counts = Counter((h[a], h[b]) for h in fam.functions)
            probs = [R(counts[yy], fam.k) for yy in itertools.product(range(2**l_), repeat=2)]
            for which, p in (("min", min(probs)), ("max", max(probs))):
                yield Point({"l": l_, "d": d_, "x1": a, "x2": b, "over (y1, y2)": which}, data=HOLDS,
                            facts={H.Pr_pair: p, l: l_, H.x1: a, H.x2: b}, size=(l_, d_, a, b))


record(
    id="pan-cms/eq18",
    location="Section 3.5, Eq. (18) and the sentences around it",
    statement="The GF(2^l) affine family {a0 + a1 x} is (strongly) pairwise independent, each h(x) uniform "
              "on the field.",
    printed=PH.eq18_printed,
    derived=H.eq18_derived,
    derivation=f"{DER}.affine_pair_bijective",
    kind="statement",
    assumptions="x in [d] embedded in GF(2^l) (2^l >= d); (a0, a1) uniform; field arithmetic reduced by "
                "ldpref.hashing.IRREDUCIBLE[l]; x1 != x2",
    steps=(*(_eq18_identity(l_, d_) for l_, d_ in EQ18_LD),
           rows_grid("Pr(h(x1) = y1, h(x2) = y2) counted over gf2_affine_family (smallest and largest over y1, y2)",
                     _eq18_rows, statement=True)),
)


def _family_size_rows():
    for d_ in range(2, 17):
        l_ = (d_ - 1).bit_length()
        size = len(set(gf2_affine_family(l_, d_).functions))
        yield Point({"d": d_, "l": l_}, facts={H.H_size: size, d: d_, l: l_}, data=HOLDS, size=(d_,))


record(
    id="pan-cms/sec3.5.family-size",
    location="Section 3.5, after Eq. (18): the size of H",
    statement="|H| = 2^{2l} = Theta(d^2).",
    printed=PH.family_size_printed,
    derived=H.family_size_derived,
    kind="statement",
    assumptions="l is the smallest integer with 2^l >= d (Theta(d^2) needs it)",
    steps=(rows_grid("number of distinct functions of gf2_affine_family in the printed and derived statements",
                     _family_size_rows, statement=True),),
)


def _crt_family(d_):
    """[d] -> [6] as Z_2 x Z_3: bit 0 of the GF(2^l) affine family times the Z_3 affine family."""
    l_ = max(1, (d_ - 1).bit_length())
    two = [tuple(v & 1 for v in h) for h in gf2_affine_family(l_, max(d_, 2)).functions] if 2**l_ >= d_ else []
    three = [tuple((a + b * x) % 3 for x in range(d_)) for a in range(3) for b in range(3)]
    return HashFamily(tuple(tuple(3 * u[x] + t[x] for x in range(d_)) for u in two for t in three), 6, name="crt")


def _m6_rows():
    for d_ in (2, 3, 4):
        found = _perfect(d_, 6).is_pairwise_independent()
        if d_ <= 3:
            found = found and _crt_family(d_).is_pairwise_independent()
        affine6 = HashFamily(tuple(tuple((a + b * x) % 6 for x in range(d_)) for a in range(6) for b in range(6)), 6)
        yield Point({"d": d_, "m": 6, "a+bx mod 6 pairwise": affine6.is_pairwise_independent()},
                    facts={H.B_exists: found}, data=HOLDS, size=(d_,))


record(
    id="pan-cms/sec3.5.m6-no-pairwise", root_cause="sec3.5.m6",
    location="Section 3.5, first paragraph (the m = 6 example)",
    statement="No pairwise-independent hashing family [d] -> [6] exists.",
    printed=PH.no_pairwise_m6_printed,
    derived=H.no_pairwise_m6_derived,
    kind="statement",
    selfcheck={"printed-perturbed": "the printed statement is a bare non-existence claim, false at every d; its "
                                    "negation ('a pairwise-independent family [d] -> [6] exists') is exactly the "
                                    "derived statement, so the negated printed form is correct and verified"},
    note="The finite-field requirement concerns the affine construction, not existence: the family of all "
         "functions [d] -> [m] is pairwise independent for every m, and the Chinese-remainder product of a "
         "GF(2^l) family (bit 0) and the Z_3 affine family gives one of size 4^l * 9 for d <= 3; "
         "{a + b x mod 6} is pairwise independent for d = 2 only.",
    steps=(rows_grid("does a pairwise-independent family [d] -> [6] exist? (constructed and checked exactly)", _m6_rows,
                     statement=True),),
)


def _mod_rows():
    for l_, m_, q_, r_ in LMQR:
        fam = _hprime(l_, 2, m_)
        counts = Counter(h[0] for h in fam.functions)
        yield Point({"l": l_, "m": m_}, facts=[{q: q_, r: r_, m: m_, l: l_, H.y_sym: y} for y in range(m_)],
                    data=[R(counts[y], fam.k) for y in range(m_)], size=(l_, m_))


record(
    id="pan-cms/sec3.5.mod-probabilities",
    location="Section 3.5, the sentence before Lemma 3.2",
    statement="With 2^l = qm + r, h' = h mod m takes r values with probability (q+1)/2^l and m - r values "
              "with probability q/2^l.",
    printed=PH.mod_probabilities_printed,
    derived=H.mod_probabilities_derived,
    derivation=f"{DER}.mod_preimage_counts",
    assumptions="0 <= r < m <= 2^l; h from Eq. (18); the residues y < r are the ones with q + 1 preimages",
    steps=(Symbolic("printed vs derived law of h'(x) (2^l = qm + r)", part=rhs,
                    simplify=H.subs_two_l),
           Grid("law of h'(0) counted over gf2_affine_mod_family, residue by residue", _mod_rows, _exact_of,
                value=lambda form, point: [evaluate(form, v) for v in point.facts])),
)


def _lemma32_rows():
    """The collision rate counted over the family at each (l, m, x1, x2)."""
    for l_, m_, q_, r_ in LMQR:
        d_ = min(2**l_, 4)
        fam = _hprime(l_, d_, m_)
        for a, b in [(0, 1), (0, d_ - 1), (1, d_ - 1)] if d_ > 2 else [(0, 1)]:
            yield Point({"l": l_, "m": m_, "x1": a, "x2": b}, data=_rat(fam.collision_rate(a, b)),
                        facts={q: q_, r: r_, m: m_, l: l_, H.x1: a, H.x2: b}, size=(l_, m_, a, b))


LEMMA32 = rows_grid("collision rate of gf2_affine_mod_family counted over all functions", _lemma32_rows)


def _pair_rhs(form):
    return form.rhs.subs({H.x1: 0, H.x2: 1})


record(
    id="pan-cms/lemma3.2",
    location="Section 3.5, Lemma 3.2 (first line)",
    statement="Pr(h'(x1) = h'(x2)) = r ((q+1)/2^l)^2 + (m - r)(q/2^l)^2 for all (x1, x2) in [d]^2.",
    printed=PH.lemma32_printed,
    derived=H.lemma32_derived,
    derivation=f"{DER}.collision_derived",
    assumptions="h' uniform over the 2^{2l} functions of H' (Eq. (18) mod m); 2^l = qm + r, 0 <= r < m; "
                + DISTINCT_PAIRS,
    steps=(Symbolic("printed vs derived collision rate (x1 != x2; 2^l = qm + r)", part=_pair_rhs,
                    simplify=H.subs_two_l), LEMMA32),
)


record(
    id="pan-cms/lemma3.2.closed",
    location="Section 3.5, Lemma 3.2 (second line)",
    statement="Pr(h'(x1) = h'(x2)) = ((2q+1) r + m q^2)/(mq + r)^2 for all (x1, x2) in [d]^2.",
    printed=PH.lemma32_closed_printed,
    derived=H.lemma32_derived,
    derivation=f"{DER}.collision_derived",
    assumptions="as Lemma 3.2, first line; " + DISTINCT_PAIRS,
    steps=(Symbolic("printed closed form vs derived collision rate (x1 != x2)", part=_pair_rhs,
                    simplify=H.subs_two_l), LEMMA32),
)


GU_GRID = [(1, 2, "rr", R(2)), (2, 3, "rr", R(2)), (2, 3, "rr", EXP_EPS), (2, 3, "arp", R(3)), (2, 3, "srp", R(4)),
           (2, 4, "rr", R(3)), (3, 5, "rr", R(2)), (3, 6, "rr", R(3)), (3, 7, "rr", R(2)), (4, 5, "rr", R(2)),
           (4, 9, "rr", R(3))]


@cache
def _gu_cms(l_, m_, kind, ee):
    """The real Eq. (8) CMS on H' (d = 3 inputs, 2 if 2^l = 2)."""
    return cms(_hprime(l_, min(3, 2**l_), m_), _inner(kind, m_, ee), decoder="eq8")


def _gu_unbiased():
    biased = [key for key in GU_GRID if not _gu_cms(*key).mechanism.is_unbiased()]
    return not biased, len(GU_GRID), "unbiased on every instance" if not biased else f"biased at {biased[0]}"


def _gu_rows():
    for l_, m_, kind, ee in GU_GRID:
        q_, r_ = _qr(l_, m_)
        yield Point({"l": l_, "m": m_, "inner": kind, "exp_eps": ee}, facts={q: q_, r: r_, m: m_},
                    data=_gu_cms(l_, m_, kind, ee).m_decoder,
                    size=(l_, m_, KIND_ORDER[kind], 0 if ee == EXP_EPS else ee))


record(
    id="pan-cms/sec3.5.g-unbiased",
    location="Section 3.5, the paragraph after Lemma 3.2",
    statement="With H', c_bar is the constant of Lemma 3.2 and g(x) of Eq. (8) with "
              "m' = (mq+r)^2/((2q+1)r + mq^2) is unbiased.",
    printed=PH.g_unbiased_printed,
    derived=H.g_unbiased_derived,
    derivation=f"{DER}.m_prime_derived",
    assumptions="inner mechanism with Properties 2.1-2.3 (RR, aRP, sRP); d = 3 inputs (2 if 2^l = 2)",
    steps=(Symbolic("printed vs derived m'", part=rhs),
           Identity("model: the Eq. (8) estimate with M = 1/c_bar has mean f(x)",
                    lambda: sympy.simplify(H.cms_mean_model(cbar, 1 / cbar, f) - f), lambda: sympy.Integer(0)),
           Numeric("the real Eq. (8) CMS on H' with m' = 1/c_bar is unbiased (Q P = I)", _gu_unbiased),
           rows_grid("m' of the real Eq. (8) CMS on gf2_affine_mod_family", _gu_rows)),
)
