"""Sturm sequences in exact arithmetic: a univariate decision procedure with a certificate ldpref checks itself.

For a univariate obligation ``x > a (and x < b) => N(x)/D(x) op 0`` (after :mod:`ldpref.decide.algebraic`), the
*finder* (python-flint's ``fmpq_poly``) writes each of N and D as ``(x - a)^k P(x)`` with ``P(a) != 0`` and
computes P's Sturm chain; the number of real roots of P in ``(a, b]`` is ``V(a) - V(b)`` (sign variations).
With no root, P has the sign of ``P(a)`` on the whole interval, which decides ``N/D op 0``.  A numerator that
expands to 0 makes ``N/D = 0`` wherever D has no root, so only D needs a certificate (``>=``, ``<=`` then hold).  The
*checker* (:func:`check_certificate`) recomputes everything with sympy's exact polynomials, independently of flint:
that the chain starts with P, P', that each next member is minus the remainder of the two before, that the last
divides its predecessor, the variation counts and the signs.  Sturm's theorem: Basu, Pollack, Roy,
*Algorithms in Real Algebraic Geometry*, Thm. 2.50.
"""

from __future__ import annotations

import sympy

from ldpref.ledger.evidence import CheckRecord

from .algebraic import explicit
from .obligation import Obligation

_OPS = {sympy.StrictGreaterThan: lambda s: s > 0, sympy.GreaterThan: lambda s: s >= 0,
        sympy.StrictLessThan: lambda s: s < 0, sympy.LessThan: lambda s: s <= 0}
_OPS_BY_NAME = {cls.__name__: op for cls, op in _OPS.items()}


def _flint_chain(coeffs):
    """Sturm chain of a polynomial given by rational coefficients (constant first), by python-flint."""
    from flint import fmpq, fmpq_poly
    p = fmpq_poly([fmpq(int(c.p), int(c.q)) for c in coeffs])
    chain = [p, p.derivative()]
    while chain[-1].degree() > 0:
        r = -(chain[-2] % chain[-1])
        if r == 0:
            break
        chain.append(r)
    return [[sympy.Rational(int(c.p), int(c.q)) for c in q.coeffs()] for q in chain]


def _variations(signs) -> int:
    signs = [s for s in signs if s != 0]
    return sum(1 for a, b in zip(signs, signs[1:]) if a != b)


def _sign_at(poly: sympy.Poly, point) -> int:
    if point is sympy.oo:
        return int(sympy.sign(poly.LC()))
    return int(sympy.sign(poly.eval(point)))


def certificate(poly: sympy.Poly, a, b) -> dict:
    """A certificate that ``poly`` has no root in ``(a, b)`` (``b`` may be oo) and its sign there."""
    x = poly.gen
    k, p = 0, poly
    while p.degree() > 0 and p.eval(a) == 0:
        p, k = sympy.Poly(sympy.quo(p, sympy.Poly(x - a, x)), x), k + 1
    coeffs = list(reversed(p.all_coeffs()))
    chain = _flint_chain(coeffs) if p.degree() > 0 else [coeffs]
    return {"poly": [str(c) for c in reversed(poly.all_coeffs())], "a": str(a), "b": str(b), "root_power": k,
            "chain": [[str(c) for c in q] for q in chain], "sign": _sign_at(p, a) if p.degree() > 0 else int(
                sympy.sign(coeffs[0]))}


def check_certificate(cert: dict, x: sympy.Symbol) -> int | None:
    """The sign of the polynomial on ``(a, b)`` if the certificate checks (sympy, exact), else None."""
    # every polynomial over QQ: sympy's Poly equality compares domains, so an integer chain member (ZZ) would
    # differ from the same remainder computed over QQ and a valid certificate would be refused
    poly = sympy.Poly(list(reversed([sympy.Rational(c) for c in cert["poly"]])), x, domain="QQ")
    a = sympy.Rational(cert["a"])
    b = sympy.oo if cert["b"] == "oo" else sympy.Rational(cert["b"])
    p = sympy.Poly(list(reversed([sympy.Rational(c) for c in cert["chain"][0]])), x, domain="QQ")
    if p * sympy.Poly((x - a) ** cert["root_power"], x, domain="QQ") != poly or p.eval(a) == 0 and p.degree() > 0:
        return None
    chain = [sympy.Poly(list(reversed([sympy.Rational(c) for c in q])), x, domain="QQ") for q in cert["chain"]]
    if p.degree() == 0:
        return int(sympy.sign(p.LC())) if len(chain) == 1 else None
    if len(chain) < 2 or chain[1] != p.diff(x):
        return None
    for i in range(2, len(chain)):
        if chain[i] != -chain[i - 2].rem(chain[i - 1]):
            return None
    if not chain[-2].rem(chain[-1]).is_zero:
        return None
    if b is not sympy.oo and p.eval(b) == 0:
        return None
    roots = _variations([_sign_at(q, a) for q in chain]) - _variations([_sign_at(q, b) for q in chain])
    if roots != 0:
        return None
    sign = _sign_at(p, a)
    return sign if sign == cert["sign"] else None


def univariate(ob: Obligation):
    """(x, a, b, relation) when ``ob`` is ``a < x (< b) => one relation``, else None."""
    variables, assumptions, goal = explicit(ob)
    if len(variables) != 1 or not isinstance(goal, sympy.core.relational.Relational) or type(goal) not in _OPS:
        return None
    x = variables[0].symbol
    a, b = None, sympy.oo
    for rel in assumptions:
        if isinstance(rel, sympy.StrictGreaterThan) and rel.lhs == x and rel.rhs.is_Rational:
            a = rel.rhs if a is None else max(a, rel.rhs)
        elif isinstance(rel, sympy.StrictLessThan) and rel.lhs == x and rel.rhs.is_Rational:
            b = min(b, rel.rhs)
        else:
            return None
    if a is None or goal.has(sympy.Pow) and any(p.exp.is_Rational and not p.exp.is_Integer
                                                for p in goal.atoms(sympy.Pow)):
        return None
    return x, a, b, goal


def sturm_input(ob: Obligation) -> dict | None:
    """What :func:`decide_input` needs of a univariate obligation, as text (None when ``ob`` is not univariate on an
    open interval): the relation, the interval ``(a, b)`` and the rational coefficients (highest first) of the
    numerator and denominator of ``lhs - rhs``.  Plain data, so a cache of built obligations
    (:mod:`ldpref.decide.build_cache`) can keep it and the certificate is still computed and checked in every run."""
    found = univariate(ob)
    if found is None:
        return None
    x, a, b, goal = found
    num, den = sympy.fraction(sympy.together(goal.lhs - goal.rhs))
    return {"op": type(goal).__name__, "a": str(a), "b": str(b),
            "num": [str(c) for c in sympy.Poly(sympy.expand(num), x).all_coeffs()],
            "den": [str(c) for c in sympy.Poly(sympy.expand(den), x).all_coeffs()]}


def decide_input(found: dict):
    """(proved?, certificates) of a :func:`sturm_input`: Sturm certificates of numerator and denominator, each
    re-checked by :func:`check_certificate`."""
    x = sympy.Symbol("x", real=True)
    a = sympy.Rational(found["a"])
    b = sympy.oo if found["b"] == "oo" else sympy.Rational(found["b"])
    certs, signs = [], []
    for which in ("num", "den"):
        poly = sympy.Poly([sympy.Rational(c) for c in found[which]], x)
        if which == "num" and poly.is_zero:  # N = 0 identically (its exact expansion has no coefficient):
            certs.append({"poly": ["0"], "zero": True})  # N/D = 0 wherever D != 0, which D's certificate shows
            signs.append(0)
            continue
        cert = certificate(poly, a, b)
        sign = check_certificate(cert, x)
        if sign is None or sign == 0:
            return False, certs
        certs.append(cert)
        signs.append(sign)
    return _OPS_BY_NAME[found["op"]](signs[0] * signs[1]), certs


def decide_univariate(ob: Obligation):
    """(proved?, certificates) by Sturm chains, or None when ``ob`` is not univariate on an open interval."""
    found = sturm_input(ob)
    return None if found is None else decide_input(found)


def sturm_record(ob: Obligation) -> CheckRecord | None:
    """A decision record from a checked Sturm certificate (None when the obligation is not univariate)."""
    found = sturm_input(ob)
    return None if found is None else sturm_record_of(found, ob.meaning, ob.path())


def sturm_record_of(found: dict, meaning: str, path: str) -> CheckRecord:
    """The decision record of a :func:`sturm_input` (``meaning``, ``path``: the obligation's)."""
    proved, certs = decide_input(found)
    degrees = ", ".join(str(len(c["poly"]) - 1) for c in certs)
    detail = (f"Sturm chains (python-flint) of numerator and denominator (degrees {degrees}) re-checked by ldpref in "
              "exact arithmetic: no root on the interval, sign fixed" if proved else
              "Sturm certificate does not establish the goal")
    return CheckRecord("decision", f"Sturm certificate: {meaning}", proved, 1, detail, role="other",
                       paths={path: 1})
