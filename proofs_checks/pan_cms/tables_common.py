"""pan-cms tables checks, shared part: the real mechanisms of Section 5 and Appendix H (hash families, HE, CMS,
CMS+HE, RHR, the pure protocols), their exact losses, and the helpers that evaluate a claim's own forms."""

from __future__ import annotations

import sys
from functools import cache, lru_cache

import sympy

import derivations.pan_cms.printed_tables as PT
import derivations.pan_cms.tables as T
from ldpref.exact import EXP_EPS
from ldpref import hashing
from ldpref.hashing import HashFamily, hadamard_family
from ldpref.ledger.forms import Predicate, evaluate
from ldpref.ledger.forms_rational import free_symbols
from ldpref.ledger import record as _ledger_record
from ldpref.ledger.generic import Exact, Grid, Point, Probed
from ldpref.ledger.generic import rhs_if_equation as _rhs
from ldpref.losses import l1_cauchy_schwarz_bound, worst_case_l2, worst_case_mse
from ldpref.mechanism import Mechanism
from ldpref.mechanisms.cms import cms, inner_mechanism
from ldpref.mechanisms.pure import oue, subset_selection, sue
from ldpref.mechanisms.variants import compose_families, recursive_hadamard_response

R = sympy.Rational
E = EXP_EPS
HOLDS = True  # a statement evaluated on the real mechanism's facts must hold there


#: the log_2 display wrapper of a record's forms (defined with the derivations it wraps)
_displayed = T.displayed


def _undisp(form):
    """A displayed form with ``log_2(a)`` read back as ``log(a)/log(2)`` (the same object, evaluable)."""
    if isinstance(form, (list, tuple)):
        return type(form)(_undisp(x) for x in form)
    if not isinstance(form, sympy.Basic):
        return form
    return _undisp_expr(form)


@lru_cache(maxsize=4096)
def _undisp_expr(form):
    """:func:`_undisp` of one sympy object, once per object (checks read the same forms at every instance)."""
    return form.replace(T.LOG2, lambda a: sympy.log(a, 2))


def _named(form, values: dict):
    """A claim's form at one instance: ``values`` maps the names of the form's symbols (a Predicate: its
    parameters) to exact values; log_2 is read back first (see :func:`_undisp`), then the one evaluator
    (:func:`ldpref.ledger.forms.evaluate`) is given the form's own symbols (names alone would lose their
    assumptions)."""
    form = _undisp(form)
    if isinstance(form, Predicate):
        return evaluate(form, values)
    parts = form if isinstance(form, (list, tuple)) else (form,)
    own = {s for part in parts if isinstance(part, sympy.Basic) for s in free_symbols(part)}
    return evaluate(form, {s: values[s.name] for s in own if s.name in values})


def record(**kw):
    """``ldpref.ledger.record`` with printed/derived/correction shown with log_2 (display only: steps read the forms
    back with :func:`_undisp`, so the object shown is the object evaluated); the record's module is the caller's."""
    for key, shown in (("printed", PT.displayed), ("derived", _displayed), ("correction", _displayed)):
        if kw.get(key) is not None:
            kw[key] = shown(kw[key])
    c = _ledger_record(**kw)
    # the module that registered the claim is the caller of this wrapper (schedule groups and reports read it)
    object.__setattr__(c, "module", sys._getframe(1).f_globals.get("__name__", ""))
    return c


def probed(name, part=None, **probe):
    """Printed vs derived symbolically, probed first at ``probe`` (names of the forms' symbols -> exact values,
    evaluated by :func:`_named`): a difference there is recorded as the proof that they differ."""
    return Probed(name, probe, _named, part=part)


def named_grid(name, points, oracle, *, part=None, printed=True, correction_name=None, simplify=None):
    """A grid whose points carry the values of the forms' symbols by name (``Point.facts``), each form evaluated
    there by :func:`_named` (log_2 read back; ``simplify`` normalises the value, e.g. ``sympy.simplify``)."""
    def value(form, point):
        v = _named(form, point.substitution)
        return simplify(v) if simplify is not None else v

    return Grid(name, points, oracle, part=part, printed=printed, correction_name=correction_name, value=value)


def model_rows(name, rows):
    """A derived-only grid of the *model* against the exact oracle: ``rows()`` lists ``Instance`` s whose exact
    value is the real mechanism's and whose derived value is the derivation's closed form (it reads no form of
    the claim: the model under the derivation is what is checked)."""
    def points():
        for i in rows():
            yield Point(i.params, data=i, size=i.size, in_condition=i.in_condition, model=i.derived)

    return Grid(name, points, lambda p: Exact(p.data.exact, p.data.path), printed=False)


def _undisp_rhs(form):
    """The right-hand side of a form read back for evaluation (log_2 as log/log 2)."""
    return _rhs(_undisp(form))


def _bits_info(count: int) -> sympy.Expr:
    """Information content log2(count) of a uniformly chosen item (an integer when count is a power of 2)."""
    return sympy.log(count, 2) if count & (count - 1) else sympy.Integer(count.bit_length() - 1)


# ==== real hash families and mechanisms ==========================================================
#: the linear family over GF(q)^t (``ldpref.hashing.linear_family``), built once per (q, d): many mechanisms share it
linear_family = cache(hashing.linear_family)


@cache
def he_mech(dd: int, e) -> Mechanism:
    """Hadamard Encoding (Section 4.1): the Sylvester-Hadamard family, binary RR, Eq. (2)."""
    return cms(hadamard_family(dd), inner_mechanism("rr", 2, e)).mechanism


@cache
def cms_mech(dd: int, mm: int, e) -> Mechanism:
    """Unbiased CMS + RR on [m] with a pairwise-independent linear family (OLH, OCMS)."""
    return cms(linear_family(mm, dd), inner_mechanism("rr", mm, e)).mechanism


@cache
def cms_he_family(dd: int, mm1: int) -> HashFamily:
    """CMS+HE (Section 4.5): a pairwise-independent hash [d] -> [m1], then column j of the Hadamard
    matrix indexed by row h(x) + 1 (the HE of the hashed value): functions x -> H[h(x) + 1, j] in {0, 1}."""
    return compose_families(linear_family(mm1, dd), hadamard_family(mm1))


@cache
def cms_he_mech(dd: int, mm1: int, e) -> Mechanism:
    """CMS+HE decoded by Eq. (8) with m' = 1/c_bar (the recursive CMS of Section 4.5)."""
    return cms(cms_he_family(dd, mm1), inner_mechanism("rr", 2, e), decoder="eq8").mechanism


@cache
def rhr_mech(dd: int, bb: int, e) -> Mechanism:
    """Recursive Hadamard Response (Section 4.3) with b bits and its unbiased Hadamard decoder, as ldpref builds it
    (``ldpref.mechanisms.variants.recursive_hadamard_response``, the mechanism the Section 4.3 claims check)."""
    return recursive_hadamard_response(dd, bb, e)


@cache
def row_mech(row: str, dd: int, e, extra=None) -> Mechanism:
    if row == "HE":
        return he_mech(dd, e)
    if row == "OLH":
        return cms_mech(dd, int(1 + e), e)
    if row == "OCMS":  # MSE-OCMS: m = 1 + e^{eps/2}
        return cms_mech(dd, int(1 + sympy.sqrt(e)), e)
    if row == "CMS":
        return cms_mech(dd, extra, e)
    if row == "CMS+HE":
        return cms_he_mech(dd, extra, e)
    if row == "SS":
        return subset_selection(dd, int(dd / (e + 1)), e).mechanism
    if row == "a-RP":
        return oue(dd, e).mechanism
    if row == "s-RP":
        return sue(dd, e).mechanism
    if row == "RHR":
        return rhr_mech(dd, extra, e)
    raise KeyError(row)


@cache
def exact_losses(row: str, dd: int, e, extra=None, n: int = 1):
    """``(n MSE_worst, n l2, sqrt(n) l1_CS)`` of the exact mechanism (ldpref.losses)."""
    mech = row_mech(row, dd, e, extra)
    mse = worst_case_mse(mech, n).value * n
    l2 = worst_case_l2(mech, n).value * n
    l1 = l1_cauchy_schwarz_bound(mech, n) * sympy.sqrt(n)
    return mse, l2, l1
