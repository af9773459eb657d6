"""A generic Grid whose exact side is a proof-path value (issue 22, item 1).

The oracle here derives its value symbolically at each point -- P(X = t) of a continuous Laplace variable as the
limit of the integrated density over [t, t + h) as h -> 0+, and P(X >= t) as the integral of the density -- so the
instances are recorded with path ``proof``.  The path changes only how the exact side is described: a wrong printed
form is still an erratum, a wrong derived form or a wrong oracle still an error, and the scope is never raised to
``all-parameters`` by them (the model side is checked on the instances, not proved for all parameters).
"""

from __future__ import annotations

import sympy

from ldpref.ledger.generic import Grid, Point, Symbolic
from ldpref.ledger.runner import run_claim
from ldpref.ledger.scope import scope_of

R = sympy.Rational
t, b = sympy.symbols("t b", positive=True)
y, h = sympy.Symbol("y", real=True), sympy.Symbol("h", positive=True)


def _tail(t_, b_):
    """P(Lap(b) >= t) for t >= 0, by integrating the density e^{-|y|/b}/(2b) (a symbolic derivation)."""
    return sympy.integrate(sympy.exp(-y / b_) / (2 * b_), (y, t_, sympy.oo))


def _atom(point):
    """P(Lap(b) = t) as the limit of P(t <= Lap(b) < t + h), h -> 0+."""
    t_, b_ = point.params["t"], point.params["b"]
    return sympy.limit(_tail(t_, b_) - _tail(t_ + h, b_), h, 0, "+")


def _points():
    for b_ in (R(1, 2), R(2)):
        for t_ in (R(0), R(1), R(5, 2)):
            yield Point({"b": b_, "t": t_}, facts={b: b_, t: t_}, size=(b_, t_))


SYM = Symbolic("printed vs derived")
ATOM = Grid("P(Lap(b) = t) as a limit of the integrated density", _points, _atom, path="proof")
TAIL = Grid("P(Lap(b) >= t) by integrating the density", _points, lambda p: _tail(p.params["t"], p.params["b"]),
            path="proof")


def test_a_proof_path_grid_records_its_instances_by_proof(toy):
    result = run_claim(toy("proof-ok", lambda: sympy.Integer(0), lambda: sympy.Integer(0), (SYM, ATOM)))
    assert result.verdict == "verified", result.reason
    exact = [r for r in result.records if r.role == "derived-vs-exact"]
    assert exact and exact[0].paths == {"proof": 6} and exact[0].instances == 6
    assert "6 instance(s) decided by proof" in result.reason
    # instances by proof are instances: the model side is not thereby proved for all parameters
    assert scope_of(result)[0] == "given-derived"


def test_a_wrong_form_or_value_on_the_proof_path_still_fails(toy):
    tail = sympy.exp(-t / b) / 2
    assert run_claim(toy("proof-tail", lambda: tail, lambda: tail, (SYM, TAIL))).verdict == "verified"
    wrong_printed = run_claim(toy("proof-printed", lambda: sympy.exp(-t / b), lambda: tail, (SYM, TAIL)))
    assert wrong_printed.verdict == "erratum" and wrong_printed.counterexample["params"] == {"b": "1/2", "t": "0"}
    assert run_claim(toy("proof-derived", lambda: tail, lambda: sympy.exp(-t / b), (SYM, TAIL))).verdict == "error"
    wrong_oracle = Grid("a wrong proof-path value", _points, lambda p: 2 * _tail(p.params["t"], p.params["b"]),
                        path="proof")
    assert run_claim(toy("proof-oracle", lambda: tail, lambda: tail, (SYM, wrong_oracle))).verdict == "error"
    # a nonzero atom where the proof gives 0
    assert run_claim(toy("proof-atom", lambda: sympy.Integer(0), lambda: t / b, (SYM, ATOM))).verdict == "error"
