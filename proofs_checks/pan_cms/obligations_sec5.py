"""pan-cms Section 5.1's comparisons over Table 1's rows, proved for every eps (issue 25, item 2).

Section 5.1 reads Table 1 (after Table 2): OCMS has the smallest l2 loss and worst-case MSE, and only OCMS and s-RP
attain the smallest worst-case MSE.  Both claims are ``conditional`` (at a small d Subset Selection with k = 1 is
better); their correction is the statement on Table 1's values -- the d -> oo leading coefficient of n l2 per d and
the worst-case n MSE (SS: d -> oo, CMS+HE: m_1 -> oo; RHR with 2^b = e^eps), which do not depend on d or n.  The
ledger's instances take e^eps = 4; here each comparison of two rows' derived values
(:func:`derivations.pan_cms.tables.sec51_model_value`) is proved for **every** e^eps > 1, one obligation per row and
metric, in h = e^(eps/2) > 1 (t = h^2, so the s-RP and OCMS cells' sqrt(e^eps) is h): univariate, so each also gets a
Sturm certificate ldpref checks in exact arithmetic.  RHR's row is read with 2^b = e^eps, b >= 1 bit: e^eps in
{2, 4, 8, ...}, h >= sqrt(2); its obligations are posed for every h > 7/5 (which contains those).  Below that the
formula (not a buildable RHR) falls under OCMS's: its l2 for e^eps < 1 + 1/sqrt(2), its MSE for e^eps < 1.82.
The model side is the derived Table 1 cells (checked against enumeration on instances): scope ``given-derived``.

Both claims show as correction their derived statement, a Predicate (:func:`derivations.pan_cms.tables.
sec51_argmin_derived`: the rows attaining each minimum are those the model's values predict); code cannot be read
as an obligation, so each builder states it over the model values that Predicate compares,
:func:`~derivations.pan_cms.tables.sec51_model_value` (model quantities no claim displays), and is attempted only
for the very Predicate the claim displays (:func:`ldpref.decide.ledger_obligations.poses`).
"""

from __future__ import annotations

import sympy

from ldpref.decide.ledger_obligations import OBLIGATIONS, poses
from ldpref.decide.obligation import Obligation, Variable

#: h = e^(eps/2), a plain real symbol for the solver
h = sympy.Symbol("h", real=True)
ROWS = ("HE", "RHR", "OLH", "OCMS", "CMS+HE", "SS", "a-RP", "s-RP")
#: the lower end of h per row: RHR needs 2^b = e^eps with b >= 1 (h >= sqrt(2) > 7/5)
H_MIN = {"RHR": sympy.Rational(7, 5)}
WHAT = {"l2": "the d -> oo leading coefficient of n l2 per d", "mse": "the worst-case n MSE"}


def _value(row: str, what: str):
    """Row's derived Table 1 value as a function of h = e^(eps/2)."""
    from derivations.pan_cms import tables as T
    h_pos = sympy.Symbol("h", positive=True)  # sqrt(h^2) = h for h > 0; then the plain real h
    return sympy.cancel(sympy.sympify(T.sec51_model_value(row, what, h_pos ** 2)).xreplace({h_pos: h}))


def _name(row: str) -> str:
    return row.lower().replace("+", "-")


def _compare(claim, what, row, relation, words):
    lo = H_MIN.get(row, sympy.Integer(1))
    domain = ("every h = e^(eps/2) > 7/5 (RHR: 2^b = e^eps, b >= 1 bit, h >= sqrt(2))" if row in H_MIN else
              "every h = e^(eps/2) > 1")
    goal = relation(_value(row, what), _value("OCMS", what))
    return Obligation(f"{claim}.{what}.{_name(row)}", claim,
                      f"Table 1, {WHAT[what]} (derived, independent of d and n): {row}'s {words} OCMS's, {domain}",
                      (Variable(h, "h"),), (sympy.Gt(h, lo),), goal, model_side="derived", proves="correction")


#: why the builders pose the derived statement rather than read it (:func:`ldpref.decide.ledger_obligations.poses`)
_ARGMIN = ("the derived statement is a Predicate comparing the rows' model values at the ledger's e^eps = 4, and the "
           "correction claims every e^eps > 1 (its value there does not fix it); the obligations compare those "
           "values, sec51_model_value, for every e^eps")


@poses("derived", why=_ARGMIN)
def _ocms_optimal(printed, derived):
    """OCMS attains the minimum of both metrics: every other row's value is >= OCMS's (ties: OLH, SS, a-RP in l2,
    s-RP in MSE)."""
    claim = "pan-cms/sec5.1.ocms-optimal"
    return [_compare(claim, what, row, lambda a, b: sympy.Ge(a, b, evaluate=False), "value is at least")
            for what in ("l2", "mse") for row in ROWS if row != "OCMS"]


@poses("derived", why=_ARGMIN)
def _only_ocms_srp(printed, derived):
    """The rows attaining the smallest worst-case MSE are exactly OCMS and s-RP: s-RP's equals OCMS's, every other
    row's is strictly above."""
    claim = "pan-cms/sec5.1.only-ocms-srp-mse"
    out = [_compare(claim, "mse", "s-RP", lambda a, b: sympy.Eq(a, b, evaluate=False), "value equals")]
    out += [_compare(claim, "mse", row, lambda a, b: sympy.Gt(a, b, evaluate=False), "value is strictly above")
            for row in ROWS if row not in ("OCMS", "s-RP")]
    return out


OBLIGATIONS.update({
    "pan-cms/sec5.1.ocms-optimal": _ocms_optimal,
    "pan-cms/sec5.1.only-ocms-srp-mse": _only_ocms_srp,
})
