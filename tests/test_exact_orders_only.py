"""No check decides an order of irrational numbers with sympy's own operators (CONTRIBUTING's first rule): every
``a < b`` (<=, >, >=) that ldpref's code asks of two sympy numbers that are not both rational goes through
``ldpref.exact`` (``exact_order``, ``exact_holds``: rigorous enclosures, a tie only by a proof).  sympy decides such
a comparison by its own numerical evaluation, with no refusal when the numbers are too close (pan-cms's ``_is_ge``
once called pi >= pi + e^-400 true).

Hooked: sympy's ``Expr.__lt__``, ``__le__``, ``__gt__``, ``__ge__``, when the caller is a frame of ``ldpref/``,
``derivations/`` or ``proofs_checks/`` (a comparison inside sympy's own algorithms -- ``limit``, ``integrate``,
auto-evaluation -- is sympy's business), a sign fact (``.is_positive`` ...) of an irrational number that such a
frame asks, a ``Max`` / ``Min`` of numbers, one irrational, that such a frame builds, and a ``floor`` / ``ceiling``
of an irrational number that such a frame builds (2026-11-30, session 17).  The suite runs the claims whose checks
once compared so (found by this very hook on a verify run of 2026-11-30); ``.ci/run`` runs every claim
(``LDPREF_EXACT_ORDERS_FULL=1``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import sympy
from sympy.core.expr import Expr

from ldpref.ledger.claim import find_claim, load_claims
from ldpref.ledger.runner import run_claim

FULL = os.environ.get("LDPREF_EXACT_ORDERS_FULL") == "1"
ROOT = Path(__file__).resolve().parent.parent
OURS = tuple(str(ROOT / d) + os.sep for d in ("ldpref", "derivations", "proofs_checks"))
#: the claims whose checks compared irrational numbers with sympy's operators before 2026-11-30 (session 16), and
#: those that rounded one with sympy's floor / ceiling (session 17: the better neighbour of pan-cms's closest-integer
#: edits, the evaluator's rebuilt ceiling of Theorem 5.2's bit counts, pan-strict Section 5.4's example)
ONCE = ("cross/cms-formula", "jiang-gcms/sec6.1.collusion-shuffler-server", "jiang-gcms/sec7.B.fig6-significant",
        "jiang-gcms/sec7.D.apple-p", "jiang-gcms/sec7.E.convergence", "jiang-gcms/sec7.E.singletons",
        "jiang-gcms/sec7.E.threshold", "pan-cms/eq52", "pan-cms/sec6.1.he-cms-he-identical", "pan-cms/sec6.2.eq16",
        "pan-cms/thmI.1", "pan-strict/appD.kext", "pan-strict/sec4.hadamard", "pan-cms/appD.eq38",
        "pan-cms/cor3.4.closest-integer", "pan-cms/sec5.3.client-group-public", "pan-cms/thm3.6.closest-integer",
        "pan-cms/thm3.7.closest-integer", "pan-cms/thm5.2", "pan-strict/sec5.4.example")


def _hook(monkeypatch, seen: list):
    for name in ("__lt__", "__le__", "__gt__", "__ge__"):
        original = getattr(Expr, name)

        def compare(self, other, original=original, name=name):
            caller = sys._getframe(1)
            value = sympy.Integer(other) if isinstance(other, int) and not isinstance(other, bool) else other
            if caller.f_code.co_filename.startswith(OURS) and isinstance(value, sympy.Basic) and self.is_number \
                    and value.is_number and not (self.is_Rational and value.is_Rational) \
                    and not (self.is_infinite or value.is_infinite):
                seen.append(f"{caller.f_code.co_filename[len(str(ROOT)) + 1:]}:{caller.f_lineno} {self} {name} {other}")
            return original(self, other)
        monkeypatch.setattr(Expr, name, compare)


_SIGN_FACTS = {"positive", "negative", "nonnegative", "nonpositive", "extended_positive", "extended_negative",
               "extended_nonnegative", "extended_nonpositive", "zero", "nonzero"}


def _hook_signs(monkeypatch, seen: list):
    """A sign fact (``x.is_positive`` ...) of an irrational number asked by ldpref's code: sympy answers it by its
    own numerical evaluation (``Expr._eval_is_extended_positive_negative``).  The asker is the caller of the outermost
    assumption getter on the stack; a query sympy makes for itself (while building an expression) is not ours."""
    original = Expr._eval_is_extended_positive_negative

    def evaluate(self, positive):
        if self.is_number and not self.is_Rational:
            frame, outer = sys._getframe(1), None
            while frame is not None and not frame.f_code.co_filename.startswith(OURS):
                if frame.f_code.co_name == "getit" and "fact" in frame.f_locals:
                    outer = frame
                frame = frame.f_back
            if outer is not None and outer.f_locals["fact"] in _SIGN_FACTS \
                    and outer.f_back.f_code.co_filename.startswith(OURS):
                seen.append(f"{outer.f_back.f_code.co_filename[len(str(ROOT)) + 1:]}:{outer.f_back.f_lineno} "
                            f"{self}.is_{outer.f_locals['fact']}")
        return original(self, positive)
    monkeypatch.setattr(Expr, "_eval_is_extended_positive_negative", evaluate)


def _hook_extremes(monkeypatch, seen: list):
    """``sympy.Max`` / ``Min`` built by ldpref's code with two or more numbers, one of them irrational: sympy orders
    them on construction by its own evaluation (ldpref.exact.exact_extreme is the exact way)."""
    from sympy.functions.elementary.miscellaneous import MinMaxBase

    original = MinMaxBase.__new__

    def new(cls, *args, **options):
        caller = sys._getframe(1)
        if caller.f_code.co_filename.startswith(OURS) and options.get("evaluate", True):
            values = [sympy.Integer(a) if isinstance(a, int) and not isinstance(a, bool) else a for a in args]
            numbers = [a for a in values if isinstance(a, sympy.Basic) and a.is_number and not a.is_infinite]
            if len(numbers) >= 2 and not all(a.is_Rational for a in numbers):
                seen.append(f"{caller.f_code.co_filename[len(str(ROOT)) + 1:]}:{caller.f_lineno} {cls.__name__}{args}")
        return original(cls, *args, **options)
    monkeypatch.setattr(MinMaxBase, "__new__", new)


def _hook_rounding(monkeypatch, seen: list):
    """``sympy.floor`` / ``sympy.ceiling`` of an irrational number built by ldpref's code: sympy finds the integer
    part by its own numerical evaluation (``ldpref.exact.exact_floor`` is the exact way).  The builder is the caller
    of the outermost constructor on the stack when that constructor is the rounding itself; a rounding sympy builds
    for itself (inside ``xreplace``, ``simplify`` ...) is not ours."""
    from sympy.functions.elementary.integers import RoundFunction

    original = RoundFunction.eval.__func__

    def evaluate(cls, arg):
        if isinstance(arg, sympy.Basic) and arg.is_number and not arg.is_Rational and arg.is_finite is not False:
            frame, outer = sys._getframe(1), None
            while frame is not None and not frame.f_code.co_filename.startswith(OURS):
                if frame.f_code.co_name == "__new__":
                    outer = frame
                frame = frame.f_back
            caller = outer.f_back if outer is not None else None
            while caller is not None and caller.f_code.co_filename.endswith(os.path.join("sympy", "core", "cache.py")):
                caller = caller.f_back
            if outer is not None and outer.f_locals.get("cls") in (sympy.floor, sympy.ceiling) \
                    and caller is not None and caller.f_code.co_filename.startswith(OURS):
                seen.append(f"{caller.f_code.co_filename[len(str(ROOT)) + 1:]}:{caller.f_lineno} {cls.__name__}({arg})")
        return original(cls, arg)
    monkeypatch.setattr(RoundFunction, "eval", classmethod(evaluate))


def _claim_ids():
    return [c.id for c in load_claims()] if FULL else list(ONCE)


def _exists(claim_id) -> bool:
    try:
        find_claim(claim_id)
    except KeyError:
        return False
    return True


def test_the_once_list_names_claims():
    assert all(_exists(i) for i in ONCE), [i for i in ONCE if not _exists(i)]


@pytest.mark.parametrize("claim_id", _claim_ids())
def test_no_order_of_irrationals_by_sympy(claim_id, monkeypatch):
    seen: list = []
    _hook(monkeypatch, seen)
    _hook_signs(monkeypatch, seen)
    _hook_extremes(monkeypatch, seen)
    _hook_rounding(monkeypatch, seen)
    result = run_claim(find_claim(claim_id))
    assert result.verdict != "error", result.reason
    assert not seen, seen[:5]


def test_the_hook_sees_a_comparison_in_our_code(monkeypatch):
    """The hook is not vacuous: a comparison written in ldpref's own code is caught (here: ldpref.ledger's module
    namespace runs it)."""
    seen: list = []
    _hook(monkeypatch, seen)
    namespace: dict = {"sympy": sympy}
    exec(compile("result = sympy.sqrt(2) < sympy.sqrt(3)", str(ROOT / "ldpref" / "probe.py"), "exec"), namespace)
    assert namespace["result"] and len(seen) == 1
    _hook_signs(monkeypatch, seen)
    exec(compile("result = (sympy.sqrt(7) - sympy.sqrt(5)).is_finite", str(ROOT / "ldpref" / "probe.py"), "exec"),
         namespace)
    assert len(seen) == 1  # finiteness is no sign decision (sympy may ask signs for it: not ours)
    exec(compile("result = (sympy.sqrt(3) - sympy.sqrt(2)).is_positive", str(ROOT / "ldpref" / "probe.py"), "exec"),
         namespace)
    assert namespace["result"] and len(seen) >= 2 and all(x.endswith(".is_positive") for x in seen[1:])
    count = len(seen)
    _hook_extremes(monkeypatch, seen)
    exec(compile("result = sympy.Max(sympy.sqrt(2), 1)", str(ROOT / "ldpref" / "probe.py"), "exec"), namespace)
    assert namespace["result"] == sympy.sqrt(2) and len(seen) == count + 1 and "Max" in seen[-1]
    _hook_rounding(monkeypatch, seen)
    exec(compile("result = sympy.floor(sympy.sqrt(2))", str(ROOT / "ldpref" / "probe.py"), "exec"), namespace)
    assert namespace["result"] == 1 and len(seen) == count + 2 and "floor" in seen[-1]
    exec(compile("result = sympy.floor(x).xreplace({x: sympy.sqrt(3)})", str(ROOT / "ldpref" / "probe.py"), "exec"),
         {"sympy": sympy, "x": sympy.Symbol("x")})
    assert len(seen) == count + 2  # built by sympy's xreplace: not ours
