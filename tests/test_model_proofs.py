"""The all-parameter model side of formula claims (ldpref.symbolic, ldpref.ledger.model_proofs; issue 25, item 4).

Three things are tested: the models agree with ldpref's exact mechanisms by enumeration at small parameters
(independently of any claim's derived form); every registered claim reaches scope ``all-parameters``; and each
registered model rejects a perturbed derived form, so the record can fail.
"""

from fractions import Fraction
from itertools import combinations

import pytest
import sympy as sp

from ldpref.ledger.claim import find_claim, load_claims
from ldpref.ledger.model_proofs import REGISTRY, same
from ldpref.ledger.runner import run_claim
from ldpref.ledger.scope import scope_of
from ldpref.mechanisms.gcms import algorithm1_distribution
from ldpref.mechanisms.pure import grr, oue, subset_selection, sue
from ldpref.moments import variance
from ldpref.symbolic import randomisers, sketch
from ldpref.symbolic.outputs import ModelError, OutputClass, mixture, moment

t, d, k, m, s, p = sp.symbols("t d k m s p", positive=True)


@pytest.mark.parametrize("dd,kk,tt", [(2, 1, 3), (4, 1, sp.Rational(5, 2)), (5, 2, 7), (6, 3, 2)])
def test_support_probabilities_match_the_exact_mechanisms(dd, kk, tt):
    for model, exact in ((randomisers.grr(d, t), grr(dd, tt)), (randomisers.subset_selection(d, k, t),
                                                                 subset_selection(dd, kk, tt))):
        p_, q_ = randomisers.support_probabilities(model)
        sub = {d: dd, k: kk, t: tt}
        assert sp.simplify(p_.subs(sub) - exact.p) == 0 and sp.simplify(q_.subs(sub) - exact.q) == 0


@pytest.mark.parametrize("mm,tt", [(2, 3), (3, 2), (4, sp.Rational(9, 4))])
def test_decoded_variances_match_exact_moments(mm, tt):
    """Var(R(a)[b]) of the models against ldpref.moments.variance of the exact inner mechanisms (one client)."""
    half = randomisers.support_probabilities(randomisers.grr(2, sp.sqrt(t)))[0]
    cases = ((randomisers.grr(m, t), grr(mm, tt)), (randomisers.bit(sp.Rational(1, 2), 1 / (t + 1)), oue(mm, tt)),
             (randomisers.bit(half, 1 - half), sue(mm, tt)))
    for model, exact in cases:
        var_eq, var_ne = (sp.simplify(v.subs({m: mm, t: tt})) for v in sketch.decoded_variances(model))
        one_client = variance(exact.mechanism, [1] + [0] * (mm - 1))
        assert sp.simplify(one_client[0] - var_eq) == 0 and sp.simplify(one_client[1] - var_ne) == 0


@pytest.mark.parametrize("mm,ss,pp", [(3, 1, sp.Rational(1, 2)), (4, 2, sp.Rational(3, 5)), (5, 2, sp.Rational(7, 10))])
def test_algorithm1_subsets_match_the_exact_distribution(mm, ss, pp):
    dist = algorithm1_distribution(0, mm, ss, pp)
    p_exact = sum(w for x, w in dist.items() if 0 in x)
    q_exact = sum(w for x, w in dist.items() if 1 in x)
    p_, q_ = randomisers.support_probabilities(randomisers.gcms_subset(m, s, p))
    sub = {m: mm, s: ss, p: pp}
    assert sp.simplify(p_.subs(sub) - p_exact) == 0 and sp.simplify(q_.subs(sub) - q_exact) == 0


@pytest.mark.parametrize("mm,qq,rr", [(2, 1, 1), (3, 2, 1), (4, 1, 3)])
def test_modular_collision_rate_matches_counting(mm, qq, rr):
    from proofs_checks.pan_cms.model_proofs import _mod_collision
    n_ = mm * qq + rr
    brute = Fraction(sum(1 for a in range(n_) for b in range(n_) if a % mm == b % mm), n_ * n_)
    assert _mod_collision(sp.Integer(mm), sp.Integer(qq), sp.Integer(rr)) == sp.Rational(brute.numerator,
                                                                                          brute.denominator)


def test_gcms_covariance_matches_enumeration_over_the_collision():
    """Two clients with the same d' != d, one hash index (k = 1): enumerate the collision and both reports."""
    mm, pp, qq = 3, sp.Rational(3, 5), sp.Rational(1, 5)
    joint = mean = 0
    for collide, w in ((True, sp.Rational(1, mm)), (False, 1 - sp.Rational(1, mm))):
        r = pp if collide else qq
        joint += w * r * r
        mean += w * r
    assert sketch.gcms_same_value_covariance(1, mm, pp, qq) == sp.simplify(joint - mean * mean)


def test_a_model_that_contradicts_itself_is_refused():
    with pytest.raises(ModelError):
        mixture([(sp.Rational(1, 2), []), (sp.Rational(1, 3), [])])
    assert moment([OutputClass(2, 1, 1), OutputClass(1, 2, 0)]) == sp.Rational(1, 2)


def _perturbed(obj):
    """The derived form with its first expression changed by + 1."""
    if isinstance(obj, dict):
        key = next(iter(obj))
        return {**obj, key: _perturbed(obj[key])}
    if isinstance(obj, (list, tuple)):
        return type(obj)([_perturbed(obj[0]), *obj[1:]])
    if isinstance(obj, sp.Equality):
        return sp.Eq(obj.lhs, _perturbed(obj.rhs))
    if isinstance(obj, sp.Piecewise):
        (e, c), *rest = obj.args
        return sp.Piecewise((e + 1, c), *rest)
    return obj + 1


#: run whole (check, model proof, verdict, scope) in the suite; the ledger run of .ci/run covers every one
SAMPLE = ("jiang-gcms/sec3.A.GRR", "jiang-gcms/appB.lemma4", "pan-cms/eq6", "pan-cms/appH.ss-pq", "pan-cms/lemma3.2")


@pytest.mark.parametrize("claim_id", SAMPLE)
def test_registered_claims_reach_all_parameters(claim_id):
    result = run_claim(find_claim(claim_id))
    assert result.verdict == "verified", (claim_id, result.verdict, result.error)
    assert scope_of(result)[0] == "all-parameters", claim_id


def test_every_registered_model_equals_its_derived_form_and_rejects_a_perturbed_one():
    load_claims()
    assert len(REGISTRY) >= 50
    for claim_id, (name, model) in sorted(REGISTRY.items()):
        derived = find_claim(claim_id).derived()
        assert same(derived, model(derived)), claim_id
        assert not same(_perturbed(derived), model(derived)), f"{claim_id}: the model accepts a perturbed form"


def test_a_renamed_symbol_fails_the_model_proof():
    claim = find_claim("jiang-gcms/eq3")
    name, model = REGISTRY[claim.id]
    derived = claim.derived().subs(sp.Symbol("s", positive=True), sp.Symbol("s_renamed"))
    with pytest.raises(LookupError):
        model(derived.xreplace({sym: sp.Symbol(str(sym) + "_x") for sym in derived.free_symbols if str(sym) == "s"}))
