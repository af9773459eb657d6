"""Every all-parameter proof is built from the forms its claim shows (issue 22, items 3-5; rule 3 of CONTRIBUTING).

An obligation (:mod:`ldpref.decide.ledger_obligations`) or symbolic proof (:mod:`ldpref.decide.symbolic_proof`) is
built from the forms the claim's evidence hands its builder.  Here only the *record* changes -- one form replaced by
its perturbation (:func:`ldpref.ledger.forms.perturb`: a formula moves by 1 + 1/997 and 1/997, a statement is
negated), nothing else -- and the proofs are built again.  Each proof must move with the forms it is about:

* a proof of the correction (``proves="correction"``) with the displayed correction (the claim's own
  ``correction=``, else the derived form);
* a proof of the statement with the printed form (the derived form when the claim has no printed one);
* a proof that takes the derived form as given (``model_side="derived"``) also with the derived form.

"Moves" means: its built text (variables, assumptions, goal; a symbolic proof's steps) differs or is gone, or the
builder refuses the mutated form (``LookupError``: no proof is attempted).  A builder that read a derivation or the
unmutated record (``find_claim(...)``) instead of the form handed to it builds the same text, and fails here.  The
suite runs the known cases and a seeded sample; ``.ci/run`` runs every claim (``LDPREF_RECORD_MUTATION_FULL=1``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import random

import pytest
import sympy

from ldpref.decide.build_cache import stable_text
from ldpref.decide.ledger_obligations import OBLIGATIONS, build_of, evidence_of
from ldpref.decide.symbolic_proof import SYMBOLIC_PROOFS, SymbolicProof
from ldpref.ledger.claim import find_claim, load_claims
from ldpref.ledger.forms import perturb

FULL = os.environ.get("LDPREF_RECORD_MUTATION_FULL") == "1"
SAMPLE = 12
#: the builders that read derivations or the unmutated record before this test existed (session 10)
KNOWN = ("pan-cms/sec5.1.ocms-optimal", "pan-cms/sec6.2.he-worst", "jiang-gcms/alg4", "jiang-gcms/fig5.k",
         "jiang-gcms/sec7.B.fig6-significant", "pan-cms/appF.eq51", "pan-cms/sec3.6.binomial")


def _text(proof) -> str:
    """A digest of what a proof states: an obligation's variables, assumptions and goal, a symbolic proof's steps."""
    if isinstance(proof, SymbolicProof):
        body = stable_text([(s.lhs, s.rhs, s.normalise) for s in proof.steps])
    else:
        body = stable_text([list(proof.variables), list(proof.assumptions), proof.goal])
    return hashlib.sha256(body.encode()).hexdigest()


def built(claim):
    """{proof name: (digest, proves, model_side)} of every proof built from ``claim``'s forms, or ("refused", why)
    when a builder refuses them."""
    ev = evidence_of(claim)
    try:
        proofs = build_of(OBLIGATIONS, claim, ev) + build_of(SYMBOLIC_PROOFS, claim, ev)
    except LookupError as exc:
        return ("refused", str(exc))
    return {p.name: (_text(p), p.proves, p.model_side) for p in proofs}


def mutated(claim, part: str):
    """``claim`` with its ``part`` form ("printed", "derived", "correction") perturbed, and nothing else."""
    original = getattr(claim, part)
    statement = claim.kind == "statement"
    return dataclasses.replace(claim, **{part: lambda: perturb(original(), statement=statement)})


#: obligations that prove one displayed statement alone (the claim poses its printed and its derived statement
#: separately, each over free reals): they must move with that form only
ONE_FORM = {
    "pan-cms/sec5.3.sync-cost.printed": "printed", "pan-cms/sec5.3.sync-cost.derived": "derived",
    "pan-cms/appE.cor3.6-lhs.derived": "derived", "pan-cms/appE.cor3.7-lhs.derived": "derived",
}


def expected(claim, name: str, proves: str, model_side: str) -> list:
    """The forms a proof of this kind is about (see the module docstring), as requirements: each a tuple of forms,
    met when the proof moves with any of them (a formula claim's statement is its printed form and its derived
    form at once: the symbolic record proves them equal)."""
    if name in ONE_FORM:
        return [(ONE_FORM[name],)]
    if proves == "correction":
        return [("correction",) if claim.correction is not None else ("derived",)]
    if claim.kind != "statement" and claim.printed is not None:
        return [("printed", "derived")]
    needs = [("printed" if claim.printed is not None else "derived",)]
    if model_side == "derived" and ("derived",) not in needs:
        needs.append(("derived",))
    return needs


def unmoved(claim_id: str) -> list:
    """The (proof, form) pairs whose proof did not move when that form was perturbed through the record."""
    claim = find_claim(claim_id)
    base = built(claim)
    assert isinstance(base, dict) and base, f"{claim_id}: no proof built from its own forms: {base}"
    needs = {name: expected(claim, name, proves, side) for name, (_, proves, side) in base.items()}
    parts = {part for reqs in needs.values() for req in reqs for part in req}
    after = {part: built(mutated(claim, part)) for part in sorted(parts)}

    def moved(name, part):
        now = after[part]
        return not (isinstance(now, dict) and name in now and now[name][0] == base[name][0])
    bad = []
    for name, (_, proves, side) in sorted(base.items()):
        for req in needs[name]:
            if not any(moved(name, part) for part in req):
                bad.append(f"{name} ({proves}, model side {side}): unmoved by the {' or the '.join(req)} form")
    return bad


def _claims() -> list:
    load_claims()
    ids = sorted(set(OBLIGATIONS) | set(SYMBOLIC_PROOFS))
    if FULL:
        return ids
    rest = [c for c in ids if c not in KNOWN]
    return sorted(set(KNOWN) | set(random.Random(22).sample(rest, SAMPLE)))


@pytest.mark.parametrize("claim_id", _claims())
def test_every_proof_moves_with_the_forms_it_is_about(claim_id):
    bad = unmoved(claim_id)
    assert not bad, f"{claim_id}: proofs not built from the forms the claim shows:\n" + "\n".join(bad)


def test_reading_another_claims_form_needs_depends_on():
    """A builder reads another claim's form only through ``form_of``; without the claim in ``depends_on`` the
    build is refused (``UndeclaredDependency``, a LookupError: no proof attempted)."""
    from ldpref.ledger.evidence import UndeclaredDependency

    claim = find_claim("pan-cms/appF.eq51")
    assert claim.depends_on, "appF.eq51's obligations read Theorem 3.11's derived form"
    with pytest.raises(UndeclaredDependency):
        build_of(OBLIGATIONS, claim, evidence_of(dataclasses.replace(claim, depends_on=())))


def test_no_builder_reads_the_unmutated_record():
    """Static half: the modules that register builders never look a claim up (``find_claim``) -- its forms would be
    the record's own, which no mutation reaches; ``form_of`` and the builder's arguments are the ways in."""
    import inspect
    import sys

    load_claims()
    modules = {sys.modules[b.__module__] for reg in (OBLIGATIONS, SYMBOLIC_PROOFS) for b in reg.values()}
    assert len(modules) >= 10
    bad = sorted(m.__name__ for m in modules if "find_claim" in inspect.getsource(m))
    assert not bad, f"builders' modules that look claims up: {bad}"


# ---- the builders that still pose a form, and those that read a Predicate's values (session 11) ---------------------
#: claims whose builder poses a form it cannot read (:func:`ldpref.decide.ledger_obligations.poses`); a ratchet: a
#: builder converted to read its forms leaves this set, none joins it without a reason in its ``why=``
POSED = {"jiang-gcms/alg4.unimodal", "jiang-gcms/fig5.grows", "jiang-gcms/sec4.C.monotone",
         "jiang-gcms/sec4.C.none-optimal", "jiang-gcms/sec7.B.fig6-significant", "pan-cms/appC.bernoulli",
         "pan-cms/cor3.1", "pan-cms/def2.1", "pan-cms/sec3.6.bias-n-independent", "pan-cms/sec4.4.decoding",
         "pan-cms/sec4.4.worst-case", "pan-cms/sec5.1.ocms-optimal", "pan-cms/sec5.1.only-ocms-srp-mse",
         "pan-cms/thm3.1"}


def _posed() -> dict:
    load_claims()
    return {cid: b for reg in (OBLIGATIONS, SYMBOLIC_PROOFS) for cid, b in reg.items() if getattr(b, "poses", ())}


def test_posed_builders_are_the_known_ones_each_with_its_reason():
    posed = _posed()
    assert set(posed) == POSED, f"new: {sorted(set(posed) - POSED)}, converted: {sorted(POSED - set(posed))}"
    short = sorted(cid for cid, b in posed.items() if len(b.poses_why) < 80)
    assert not short, f"builders that pose a form without saying why it cannot be read: {short}"


@pytest.mark.parametrize("claim_id", sorted(POSED))
def test_a_posed_builder_refuses_each_posed_form_perturbed(claim_id):
    """The harness's side of :func:`~ldpref.decide.ledger_obligations.poses`: the proof moves because the build is
    refused (``FormNotPosed``, no proof attempted) for each posed form perturbed through the record."""
    from ldpref.decide.ledger_obligations import FormNotPosed

    claim = find_claim(claim_id)
    build = _posed()[claim_id]
    parts = [p for p in build.poses if getattr(claim, p) is not None or p == "correction"]
    assert parts, f"{claim_id} poses no form it has"
    registry = OBLIGATIONS if claim_id in OBLIGATIONS else SYMBOLIC_PROOFS
    for part in parts:
        source = part if getattr(claim, part) is not None else "derived"  # the correction shown is the derived form
        changed = mutated(claim, source)
        with pytest.raises(FormNotPosed):
            build_of(registry, changed, evidence_of(changed))


def _with(claim, part: str, fn, latex=None):
    """``claim`` with its ``part`` form replaced by a Predicate computing ``fn(original, **params)``."""
    from ldpref.ledger.forms import Predicate

    original = getattr(claim, part)()
    return dataclasses.replace(claim, **{part: lambda: Predicate(latex or original.latex,
                                                                  lambda **kw: fn(original, **kw))})


def test_a_predicate_is_read_by_its_values_at_the_claims_points():
    """Section 6 (a finite parameter set: the plotted eps) reads the derived Predicate's values: the same values
    under another text give the same proofs; one value changed (false at eps = 3 only) refuses the build."""
    claim = find_claim("pan-cms/sec6.1.ocms-lowest")
    base = built(claim)
    assert isinstance(base, dict) and len(base) == 5
    same = _with(claim, "derived", lambda f, **kw: f(**kw), latex=r"\text{the same values, another text}")
    assert built(same) == base
    one_off = _with(claim, "derived", lambda f, **kw: f(**kw) and kw["eps"] != 3)
    now = built(one_off)
    assert now[0] == "refused" and "eps = 3" in now[1], now
    fig7 = find_claim("jiang-gcms/sec7.C.fig7")
    now = built(_with(fig7, "printed", lambda f, **kw: f(**kw) and kw["p"] != sympy.Rational(3, 5)))
    assert now[0] == "refused" and "'p': 3/5" in now[1], now


def test_conditions_are_read_off_sympy_forms():
    """A number or relation in a displayed form moves the proof: Appendix D's printed limit L and the sign's relation,
    Table 1 RHR's corrected order (the argument of its Theta)."""
    claim = find_claim("pan-cms/appD.arp-l2-large-d")
    base = built(claim)
    printed = claim.printed()
    lim, sign = sorted(printed.args, key=lambda r: not isinstance(r, sympy.Eq))
    two = dataclasses.replace(claim, printed=lambda: sympy.And(sympy.Eq(lim.lhs, 2), sign))
    assert built(two)["pan-cms/appD.arp-l2-large-d.ratio"] != base["pan-cms/appD.arp-l2-large-d.ratio"]
    assert built(two)["pan-cms/appD.arp-l2-large-d.gap"] == base["pan-cms/appD.arp-l2-large-d.gap"]
    less = dataclasses.replace(claim, printed=lambda: sympy.And(lim, sympy.Lt(sign.lhs, 0)))
    assert built(less)["pan-cms/appD.arp-l2-large-d.gap"] != base["pan-cms/appD.arp-l2-large-d.gap"]
    rhr = find_claim("pan-cms/table1.RHR.l2")
    shown = rhr.correction()
    order = shown.rhs.func(shown.rhs.args[0] * 2)
    doubled = dataclasses.replace(rhr, correction=lambda: sympy.Eq(shown.lhs, order, evaluate=False))
    before, after = built(rhr), built(doubled)
    assert set(before) == set(after) and all(before[k] != after[k] for k in before)
