"""ldpref.decide (issue 25): the SMT-LIB export is current, cvc5 re-checks it, a planted wrong obligation is
refuted by both solvers, real counterexamples count only when confirmed at integers, Sturm certificates."""

from __future__ import annotations

import os
import random

import pytest
import sympy

from ldpref.decide.algebraic import NotAlgebraic, clear_relation
from ldpref.decide.export import smtlib_files
from ldpref.decide.obligation import Obligation, Variable
from ldpref.decide.smtlib import to_smtlib
from ldpref.decide.solvers import cvc5_check, refute, z3_check
from ldpref.decide.sturm import certificate, check_certificate, decide_univariate
from conftest import committed_obligations  # noqa: E402  (built once per test process)

ROOT = os.path.join(os.path.dirname(__file__), "..", "proofs", "smtlib")


def _committed() -> dict:
    out = {}
    for folder, _, names in os.walk(ROOT):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as fh:
                out[os.path.relpath(path, ROOT)] = fh.read()
    return out


def test_committed_smtlib_files_are_current():
    assert _committed() == smtlib_files(), "run: python -m ldpref.cli proofs --smtlib proofs/smtlib"


def test_cvc5_rechecks_a_sample_of_the_committed_obligations():
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]'); .ci/run re-checks them all")
    files = sorted(_committed().items())
    for rel, text in random.Random(25).sample(files, min(4, len(files))):
        assert cvc5_check(text) == "unsat", rel
        assert z3_check(text)[0] == "unsat", rel


def _flipped(ob: Obligation) -> Obligation:
    flip = {sympy.GreaterThan: sympy.StrictLessThan, sympy.StrictGreaterThan: sympy.LessThan}
    goal = flip[type(ob.goal)](ob.goal.lhs, ob.goal.rhs)
    return Obligation(ob.name + ".flipped", ob.claim, "planted: the inequality flipped", ob.variables,
                      ob.assumptions, goal)


@pytest.mark.parametrize("name", ["pan-cms/appD.f1-increasing",
                                  "pan-cms/sec3.4.eq17-larger"])
def test_a_planted_flipped_inequality_is_refuted_by_both_solvers(name):
    pytest.importorskip("cvc5", reason="cvc5 not installed (pip install '.[proofs]')")
    (ob,) = [o for o in committed_obligations() if o.name == name]
    assert z3_check(to_smtlib(ob))[0] == "unsat"
    bad = _flipped(ob)
    text = to_smtlib(bad)
    assert z3_check(text)[0] == "sat" and cvc5_check(text) == "sat"
    point = refute(bad)  # confirmed in exact arithmetic at integer n
    assert point is not None and sympy.Integer(point["n"] if "n" in point else 1).is_Integer


def test_a_real_counterexample_counts_only_when_confirmed_at_integers():
    n = sympy.Symbol("n")
    ob = Obligation("t/int", "t", "(n-1)(n-2) >= 0 for integers n >= 1", (Variable(n, "n", "integer"),),
                    (sympy.Ge(n, 1),), sympy.Ge((n - 1) * (n - 2), 0))
    assert z3_check(to_smtlib(ob))[0] == "sat"  # false over the reals (n = 3/2) ...
    assert refute(ob) is None  # ... but true at every integer: no counterexample counts
    real = Obligation("t/real", "t", "same, n real", (Variable(n, "n", "real"),), (sympy.Ge(n, 1),), ob.goal)
    point = refute(real)
    assert point is not None and 1 < sympy.Rational(point["n"]) < 2


def test_denominators_are_cleared_with_their_sign_proved():
    x, y = sympy.symbols("x y")
    cleared = clear_relation(sympy.Gt(x / y, 1))
    assert cleared == sympy.Or(sympy.And(sympy.Gt(y, 0), sympy.Gt(x - y, 0)),
                               sympy.And(sympy.Lt(y, 0), sympy.Lt(x - y, 0)))
    ob = Obligation("t/den", "t", "x/y > 1 when x > y (false for y < 0)", (Variable(x, "x"), Variable(y, "y")),
                    (sympy.Gt(x, y),), sympy.Gt(x / y, 1))
    assert refute(ob) is not None


def test_transcendental_functions_are_not_made_algebraic():
    x = sympy.Symbol("x")
    ob = Obligation("t/log", "t", "log", (Variable(x, "x"),), (sympy.Gt(x, 1),), sympy.Gt(sympy.log(x), 0))
    with pytest.raises(NotAlgebraic):
        to_smtlib(ob)


def test_radicals_become_variables():
    t = sympy.Symbol("t")
    ob = Obligation("t/sqrt", "t", "sqrt(t) < t for t > 1", (Variable(t, "t"),), (sympy.Gt(t, 1),),
                    sympy.Lt(sympy.sqrt(t), t))
    text = to_smtlib(ob)
    assert "r1" in text and z3_check(text)[0] == "unsat"


def test_sturm_certificate_is_checked_independently():
    x = sympy.Symbol("x")
    cert = certificate(sympy.Poly((x - 1) ** 2 * (x ** 2 + 1), x), sympy.Integer(1), sympy.oo)
    assert cert["root_power"] == 2 and check_certificate(cert, x) == 1
    tampered = dict(cert, chain=[cert["chain"][0], cert["chain"][1], ["1"]])
    assert check_certificate(tampered, x) is None
    assert check_certificate(dict(cert, sign=-1), x) is None
    with_root = certificate(sympy.Poly(x - 3, x), sympy.Integer(1), sympy.oo)
    assert check_certificate(with_root, x) is None  # a root inside: no fixed sign


def test_sturm_decides_univariate_goals():
    x = sympy.Symbol("x")
    good = Obligation("t/s", "t", "", (Variable(x, "x"),), (sympy.Gt(x, 1),), sympy.Gt((x ** 3 - x) / (x + 1), 0))
    bad = Obligation("t/s2", "t", "", (Variable(x, "x"),), (sympy.Gt(x, 1),), sympy.Gt((x - 2) ** 2, 0))
    assert decide_univariate(good)[0] is True
    assert decide_univariate(bad)[0] is False


def test_recorded_proofs_are_exactly_the_current_obligations():
    """ldpref/decide/proved.json (the digests verify looks up instead of running z3) holds the digest of every
    current obligation and nothing else: a changed obligation text is not in it (so it is decided live), and a
    stale entry is caught here; 'ldpref proofs --check --record' regenerates it after both solvers prove all."""
    from ldpref.decide.proved import digest, proved

    current = {digest(to_smtlib(ob)) for ob in committed_obligations()}  # smtlib_files()'s texts (compared above)
    assert proved() == current


def test_verify_uses_the_record_only_for_the_recorded_text(monkeypatch):
    """The lookup is by content: with the record, verify says the obligation text was proved by both solvers; with
    no record (as for any other text, e.g. a changed form), z3 decides it in the run and the record says so."""
    from ldpref.decide import proved as P
    from ldpref.decide import record as R
    from ldpref.ledger.claim import find_claim
    from ldpref.ledger.runner import run_claim

    def details():
        result = run_claim(find_claim("pan-cms/appE.eq44"))
        return [r.detail for r in result.records if r.kind == "decision"]

    assert details() and all("exact obligation text" in d for d in details())
    monkeypatch.setattr(R, "proved", lambda: frozenset())
    assert details() and all("decided in this run" in d for d in details())


def test_sturm_proves_a_relation_whose_sides_are_equal():
    """N/D >= 0 with N identically 0 holds wherever D has no root (pan-cms sRP: Var(R|=) = Var(R|!=)); > fails."""
    s = sympy.Symbol("s", real=True)
    v = (Variable(s, "s"),)
    same = s / (s - 1) ** 2
    proved, certs = decide_univariate(Obligation("t.eq", "t", "equal sides", v, (sympy.Gt(s, 1),),
                                                 sympy.Ge(same, same, evaluate=False)))
    assert proved and certs[0] == {"poly": ["0"], "zero": True}
    proved, _ = decide_univariate(Obligation("t.gt", "t", "equal sides, strict", v, (sympy.Gt(s, 1),),
                                             sympy.Gt(same, same, evaluate=False)))
    assert not proved


def test_obligation_fields_do_not_enter_the_smtlib_text():
    s = sympy.Symbol("s", real=True)
    base = dict(name="t.x", claim="t", meaning="m", variables=(Variable(s, "s"),), assumptions=(sympy.Gt(s, 1),),
                goal=sympy.Gt(s, 0))
    plain = Obligation(**base)
    marked = Obligation(**base, model_side="derived", proves="correction")
    assert to_smtlib(plain) == to_smtlib(marked)
    assert plain.path() == "decision" and marked.path() == "decision-correction-given-derived"
    with pytest.raises(ValueError):
        Obligation(**base, proves="printed")


def test_the_strict_ss_slope_sign_is_refuted_at_binary_randomised_response():
    """pan-cms/appH.ss-var-increasing: 'slope (1 - p - q) > 0' (ldpref's derived form before issue 25's proof
    attempt) fails at d = 2, k = 1 (p + q = 1, slope 0) -- a point no instance of the grid has; '>= 0' is proved."""
    (ob,) = [o for o in committed_obligations() if o.name == "pan-cms/appH.ss-var-increasing"]
    assert isinstance(ob.goal, sympy.GreaterThan) and z3_check(to_smtlib(ob))[0] == "unsat"
    strict = Obligation(ob.name + ".strict", ob.claim, "planted: the strict sign", ob.variables, ob.assumptions,
                        sympy.Gt(ob.goal.lhs, 0))
    assert z3_check(to_smtlib(strict))[0] == "sat"
    assert refute(strict) is not None  # a counterexample confirmed in exact arithmetic at integer d, k
    t, d, k = (v.symbol for v in ob.variables)
    for e in (2, 3, sympy.Rational(11, 10)):  # binary randomised response: every e^eps
        assert strict.holds_at({t: e, d: 2, k: 1}) and not ob.holds_at({t: e, d: 2, k: 1})
