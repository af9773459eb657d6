"""pan-cms claim checks: RAPPOR and the rank of the hashed frequencies (Section 4.6; see
derivations.pan_cms.connections).

RAPPOR cohorts are built on real hash families and compared with a CMS whose perturbation is unary encoding;
the linear map f -> hashed frequencies is built from the real families and its rank computed exactly.
"""

from __future__ import annotations

from functools import cache, partial

import numpy as np
import sympy

import derivations.pan_cms.connections as C
import derivations.pan_cms.printed_connections as PCN
from ldpref.exact import EXP_EPS
from ldpref.hashing import gf2_affine_family, gf2_affine_mod_family, hadamard_family, random_family
from ldpref.ledger import record
from ldpref.ledger.generic import Grid, Identity, Numeric, Point, RoleGrid
from ldpref.ledger.forms import evaluate
from ldpref.mechanisms.cms import cms
from ldpref.mechanisms.pure import grr, oue, sue
from ldpref.mechanisms.variants import rappor_cohorts

from .connections import DERIV, HOLDS, SEED, R, _P, _smallest_pow2_above, exact_of


# ---- Section 4.6 -----------------------------------------------------------------------------------
@cache
def _rappor_families():
    rng = np.random.default_rng(SEED + 46)
    return [gf2_affine_family(1, 2), gf2_affine_mod_family(2, 3, 2), gf2_affine_mod_family(2, 3, 3),
            random_family(4, 3, 3, rng)]


def _rappor_rows():
    for fam in _rappor_families():
        variants = [("symmetric f = 1/2", R(3, 4), R(1, 4), sue(fam.m, 9).mechanism)]
        for ee in (R(3), EXP_EPS):
            if ee == EXP_EPS and fam.k * 2**fam.m > 32:
                continue
            variants.append((f"asymmetric e^eps = {ee}", R(1, 2), 1 / (ee + 1), oue(fam.m, ee).mechanism))
        for label, p1, p0, inner in variants:
            facts = {"P": _P(rappor_cohorts(fam, p1, p0)), "P_other": _P(cms(fam, inner).mechanism),
                     "functions": fam.functions, "size": fam.m, "p1": p1, "p0": p0}
            yield Point({"family": fam.name, "RAPPOR": label}, facts=facts, data=HOLDS, size=(fam.d, fam.m, fam.k))


record(
    id="pan-cms/sec4.6.rappor-cms",
    location="Section 4.6, first sentence",
    statement="RAPPOR with one cohort per hash function and one hash function per cohort encodes like a CMS whose "
              "perturbation is (symmetric or asymmetric) RAPPOR.",
    printed=PCN.rappor_printed,
    derived=C.rappor_form,
    derivation=f"{DERIV}.rappor_law",
    kind="statement",
    assumptions="clients join a uniform cohort; every Bloom-filter bit reported independently (1 w.p. p1 if set, p0 "
                "if clear)",
    steps=(Grid("RAPPOR cohorts P vs CMS P with unary-encoding perturbation (printed) and the derived law",
                _rappor_rows, exact_of),),
)


@cache
def _unbiased_families():
    return [hadamard_family(2), hadamard_family(3), hadamard_family(4), hadamard_family(5), gf2_affine_family(1, 2),
            gf2_affine_family(2, 3), gf2_affine_family(2, 4), gf2_affine_mod_family(2, 3, 2),
            gf2_affine_mod_family(3, 5, 4)]


def _construction_k(fam):
    """k predicted by the construction: Walsh size (smallest power of two > d) or 4^l."""
    if fam.name.startswith("hadamard"):
        return _smallest_pow2_above(fam.d)
    l = int(fam.name.split("l=")[1].split(",")[0])
    return 4**l


def _collision_uniform(index):
    """The index-th unbiased family is collision-uniform (c_bar = 1/m for every pair: Corollary 3.1's premise)."""
    return _unbiased_families()[index].is_collision_uniform(), 1, "c_bar = 1/m for every pair"


def _km_rows():
    for fam in _unbiased_families():
        yield Point({"family": fam.name, "k": fam.k, "m": fam.m, "d": fam.d}, data=HOLDS,
                    facts={C.k: fam.k, C.m: fam.m, C.d: fam.d}, size=(fam.d, fam.k * fam.m))


def _rank_rows():
    """rank A and k of each unbiased family (exact) against d and the construction's k (model points, no form)."""
    for fam in _unbiased_families():
        A = C.hashed_frequency_matrix(fam.functions, fam.m)
        yield Point({"family": fam.name}, data=[A.rank(), fam.k], size=(fam.d, fam.k * fam.m),
                    model=[fam.d, _construction_k(fam)])


record(
    id="pan-cms/sec4.6.km",
    location="Section 4.6, 'For the unbiased CMS (Corollary 3.1), we have km = d^2 m > d'",
    statement="An unbiased CMS has k = d^2 hash functions, so km = d^2 m > d.",
    printed=PCN.km_printed,
    derived=C.km_form,
    derivation=f"{DERIV}.rank_upper_bound",
    kind="statement",
    assumptions="unbiased CMS: c_bar(x, x') = 1/m for every x != x' (Corollary 3.1)",
    note="k = d^2 is the size of Eq. (18)'s family when d = 2^l; unbiased families of other sizes exist (HE's Walsh "
         "columns: k = smallest power of two > d, m = 2).  What unbiasedness forces is rank A = d, hence "
         "k(m - 1) + 1 >= d and km > d.",
    root_cause="sec3.1.family-size",
    steps=(*(Numeric(f"{fam.name} is collision-uniform (unbiased CMS)", partial(_collision_uniform, index))
             for index, fam in enumerate(_unbiased_families())),
           Grid("k m = d^2 m > d (printed) and k(m - 1) + 1 >= d, k m > d (derived) on unbiased families", _km_rows,
                exact_of),
           Grid("rank A = d for unbiased families; k from the construction", _rank_rows, exact_of, printed=False)),
)


DET_SYMBOL = sympy.Symbol(r"\det(A^{T} A)")


@cache
def _recovery_cases():
    """(family, its hashed-frequency matrix A, det(A^T A)) for every unbiased family."""
    out = []
    for fam in _unbiased_families():
        A = C.hashed_frequency_matrix(fam.functions, fam.m)
        out.append((fam, A, (A.T * A).det()))
    return out


def _gram_identity(fam, index):
    """A^T A of the index-th unbiased family (built when the step runs) against its closed form."""
    def gram():
        A = _recovery_cases()[index][1]
        return A.T * A

    return Identity(f"A^T A == ((m-1) I + J)/(m k) for {fam.name}", gram,
                    lambda: ((fam.m - 1) * sympy.eye(fam.d) + sympy.ones(fam.d, fam.d)) / (fam.m * fam.k))


def _recovery_rows():
    for fam, A, det_exact in _recovery_cases():
        yield Point({"family": fam.name, "k m": fam.k * fam.m, "d": fam.d}, data=(A, det_exact),
                    facts={C.m: fam.m, C.k: fam.k, C.d: fam.d, DET_SYMBOL: det_exact}, size=(fam.d, fam.k * fam.m))


def _recovery_truth(form, point, role):
    """The printed statement's truth (a form 'det(A^T A) = ...' holds when it gives the exact determinant); the
    derived determinant's: non-zero, with rank A = d."""
    A, det_exact = point.data
    value = evaluate(form, point.facts)
    if role == "printed":
        return value if isinstance(value, bool) else value == det_exact
    return value != 0 and A.rank() == point.params["d"]


def _det_rows():
    for point in _recovery_rows():
        yield Point({"family": point.params["family"]}, facts=point.facts, data=point.data[1], size=point.size)


def _recovery_unbiased():
    unbiased = [cms(fam, grr(fam.m, R(3)).mechanism).mechanism.is_unbiased() for fam, _, _ in _recovery_cases()]
    return all(unbiased), len(unbiased), f"{unbiased}"


record(
    id="pan-cms/sec4.6.unbiased-recovery",
    location="Section 4.6, 'so CMS can derive the original frequencies without bias'",
    statement="For an unbiased CMS the linear map f -> hashed frequencies has rank d (km > d), so the frequencies "
              "are recovered without bias.",
    printed=PCN.unbiased_recovery_printed,
    derived=C.hashed_frequency_gram,
    kind="statement",
    assumptions="unbiased CMS (c_bar = 1/m); randomised response with e^eps = 3 for the decoder check",
    steps=(*(_gram_identity(fam, i) for i, fam in enumerate(_unbiased_families())),
           RoleGrid("km > d (printed); det(A^T A) != 0, i.e. rank A = d (derived), on unbiased families",
                    _recovery_rows, lambda point: HOLDS, value=_recovery_truth),
           Grid("det(A^T A) vs the derived closed form", _det_rows, exact_of, printed=False),
           Numeric("the CMS + RR of each family is unbiased (QP = I)", _recovery_unbiased)),
)


@cache
def _small_km_cases():
    """(d, m, k, random family, A) at km < d, the families drawn in order from one seeded generator."""
    rng = np.random.default_rng(SEED + 460)
    out = []
    for d_, m_, k_ in [(4, 3, 1), (5, 2, 2), (6, 2, 2), (7, 3, 2)]:
        fam = random_family(d_, m_, k_, rng)
        out.append((d_, m_, k_, fam, C.hashed_frequency_matrix(fam.functions, m_)))
    return out


def _small_km_rows():
    rank_sym = sympy.Symbol(r"\mathrm{rank}\,A")
    for d_, m_, k_, _, A in _small_km_cases():
        yield Point({"d": d_, "m": m_, "k": k_}, facts={rank_sym: A.rank(), C.k: k_, C.m: m_, C.d: d_}, data=HOLDS,
                    size=(d_, m_, k_))


def _kernel_witnesses():
    """A second frequency vector f + t v (v in the kernel of A) with the same hashed frequencies and response law."""
    witnesses = []
    for d_, m_, k_, fam, A in _small_km_cases():
        v = A.nullspace()[0]
        f0 = sympy.Matrix([R(1, d_)] * d_)
        t = min(R(1, d_) / abs(vi) for vi in v if vi != 0) / 2
        f1 = f0 + t * v
        P = _P(cms(fam, grr(m_, R(3)).mechanism).mechanism)
        witnesses.append(bool(A * f0 == A * f1 and f0 != f1 and min(f1) >= 0 and sum(f1) == 1 and P * f0 == P * f1))
    return all(witnesses), len(witnesses), f"{witnesses}"


record(
    id="pan-cms/sec4.6.small-km",
    location="Section 4.6, last sentences",
    statement="With km < d, distinct frequency vectors of the simplex map to the same hashed frequencies, so the "
              "original frequencies cannot be identified.",
    printed=PCN.small_km_printed,
    derived=C.small_km_form,
    derivation=f"{DERIV}.rank_upper_bound",
    kind="statement",
    assumptions="CMS encoding with k functions to [m], km < d; randomised response with e^eps = 3",
    steps=(Grid("rank A < d (printed) and rank A <= k(m - 1) + 1 (derived) at km < d", _small_km_rows, exact_of),
           Numeric("a second frequency vector f + t v (v in the kernel) with the same hashed frequencies and the same "
                   "response law exists", _kernel_witnesses)),
)
