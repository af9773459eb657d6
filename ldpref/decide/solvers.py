"""The two SMT solvers: z3 (untrusted; finds proofs and counterexamples) and cvc5 (independent re-check).

Both read the very SMT-LIB text that is exported (:mod:`ldpref.decide.smtlib`), so what is re-checked is
what is committed.  A ``sat`` answer is a candidate counterexample only: :func:`refute` confirms it exactly
(sympy, rational values) and, when the obligation has integer parameters, at integer values.
"""

from __future__ import annotations

import sympy

from .obligation import Obligation
from .smtlib import to_smtlib

#: per-call budget of cvc5 (milliseconds); an 'unknown' is never a proof
TIMEOUT_MS = 20000
#: z3's budget in its deterministic resource units (not seconds: the answer must not depend on the machine's load);
#: the largest ledger obligation (pan-strict/appD.decreasing) needs about 0.75 million
Z3_RLIMIT = 5_000_000


class SolverMissing(RuntimeError):
    """The solver's Python package is not installed (``pip install .[proofs]``)."""


def z3_check(text: str, rlimit: int = Z3_RLIMIT):
    """('unsat' | 'sat' | 'unknown', model or None) of an SMT-LIB script, by z3 within ``rlimit`` resource units."""
    try:
        import z3
    except ImportError as exc:
        raise SolverMissing("z3-solver is not installed") from exc
    s = z3.Solver()
    s.set("rlimit", rlimit)
    s.from_string(text)
    answer = str(s.check())
    return answer, (s.model() if answer == "sat" else None)


_CVC5_CHILD = """
import sys
import cvc5
tm = cvc5.TermManager()
solver = cvc5.Solver(tm)
symbols = cvc5.SymbolManager(tm)
parser = cvc5.InputParser(solver, symbols)
parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, sys.stdin.read(), "obligation")
answer = "unknown"
while True:
    command = parser.nextCommand()
    if command.isNull():
        break
    out = command.invoke(solver, symbols).strip()
    if out:
        answer = out
print(answer)
"""


def cvc5_check(text: str, timeout_ms: int = TIMEOUT_MS) -> str:
    """'unsat' | 'sat' | 'unknown' of an SMT-LIB script, by cvc5 (its own parser and its own procedures).

    cvc5 runs in a child process stopped after ``timeout_ms`` (its own time limits are not honoured by every
    nonlinear procedure); a timeout is 'unknown', never a proof.
    """
    import importlib.util
    import subprocess
    import sys

    if importlib.util.find_spec("cvc5") is None:  # only whether it is installed: the child process imports it
        raise SolverMissing("cvc5 is not installed")
    try:
        done = subprocess.run([sys.executable, "-c", _CVC5_CHILD], input=text, capture_output=True, text=True,
                              timeout=timeout_ms / 1000, check=False)
    except subprocess.TimeoutExpired:
        return "unknown"
    answer = done.stdout.strip()
    return answer if done.returncode == 0 and answer in ("sat", "unsat") else "unknown"


def _value(v) -> sympy.Rational | None:
    """An exact value of a z3 model entry (None for an irrational algebraic number)."""
    import z3
    if z3.is_int_value(v):
        return sympy.Integer(v.as_long())
    if z3.is_rational_value(v):
        return sympy.Rational(v.numerator_as_long(), v.denominator_as_long())
    return None


def refute(ob: Obligation) -> dict | None:
    """A confirmed exact counterexample ``{name: value}`` (integers where the parameter is an integer), or None.

    z3 is asked with the integer parameters declared Int; its model is substituted into the original goal and
    assumptions in exact arithmetic, so nothing the solver says is taken on trust.
    """
    answer, model = z3_check(to_smtlib(ob, integers=True))
    if answer != "sat":
        return None
    point = {}
    decls = {d.name(): d for d in model.decls()}
    for v in ob.variables:
        if v.name not in decls:
            return None
        value = _value(model[decls[v.name]])
        if value is None or (v.domain == "integer" and not value.is_Integer):
            return None
        point[v.symbol] = value
    if ob.holds_at(point) is not True:
        return None
    return {str(k): str(v) for k, v in point.items()}
