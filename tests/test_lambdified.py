"""ldpref.lambdified: every lambdified function of the figures' claims against the exact value at rational points."""

from __future__ import annotations

from fractions import Fraction as F

import mpmath
import numpy as np
import pytest
import sympy

from ldpref import lambdified as L
from ldpref.errors import ParameterError

#: rational points (two per key where it matters); integers where the symbols are integers
POINTS = [
    {"exp_eps": F(7, 2), "f_x": F(1, 3), "m": 5, "n": 1000, "a": 1, "b": 1, "f": 37, "p": F(3, 4), "q": F(1, 5),
     "D": 10, "d": 10, "k": 3, "f_v": F(1, 4), "sum_d_prime_neq_d_f_d_prime_2": 2000},
    {"exp_eps": 3, "f_x": F(0), "m": 2, "n": 7, "a": 0, "b": 2, "f": 0, "p": F(5, 9), "q": F(2, 7),
     "D": 3, "d": 7, "k": 2, "f_v": F(5, 7), "sum_d_prime_neq_d_f_d_prime_2": 13},
]


def _close(value: float, exact) -> bool:
    return abs(value - float(exact)) <= 1e-12 * max(1.0, abs(float(exact)))


def _mp_close(value, exact) -> bool:
    from ldpref.exact import to_mpf

    with mpmath.workdps(40):
        e = to_mpf(exact, 40)
        return abs(value - e) <= mpmath.mpf(10) ** -25 * max(1, abs(e))


def _functions():
    out = []
    for claim_id, which in L.FIGURE_CLAIMS.items():
        for label, fn in L.lambdify_claim(claim_id, which).items():
            out.append((f"{claim_id}:{label}", fn))
    out += [(f"gcms:{k}", fn) for k, fn in L.gcms_functions().items()]
    return out


FUNCTIONS = _functions()


def test_every_figure_claim_has_its_forms():
    names = {name for name, _ in FUNCTIONS}
    for claim_id, which in L.FIGURE_CLAIMS.items():
        for w in which:
            assert any(n.startswith(f"{claim_id}:{w}") for n in names), (claim_id, w)
    assert {"gcms:count_variance", "gcms:estimator_variance"} <= names


@pytest.mark.parametrize("name, fn", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_lambdified_matches_exact(name, fn):
    gcms = name.startswith("gcms:")
    for point in POINTS:
        if gcms:
            args = dict(p=point["p"], q=point["q"], m=point["m"], k=point["k"], n=point["n"], f=point["f"],
                        sum_sq_others=point["sum_d_prime_neq_d_f_d_prime_2"])
        else:
            args = {k: point[k] for k in fn.keys}
        exact = fn.exact(**args)
        assert exact.is_Rational, (name, exact)
        assert _close(float(fn.numpy(**{k: float(v) for k, v in args.items()})), exact), name
        assert _mp_close(fn.mpmath(digits=40, **args), exact), name


def test_vectorised_and_positional():
    fn = L.lambdify_claim("pan-cms/appD.eq31", ("derived",))["derived"]
    assert fn.keys == ("exp_eps", "f_x", "m", "n")
    e = np.linspace(2, 20, 7)
    curve = fn(e, 0.1, 5, 1000)
    assert curve.shape == (7,)
    assert _close(curve[0], fn.exact(2, F(1, 10), 5, 1000))
    with pytest.raises(ParameterError, match="unknown argument 'eps'"):
        fn(eps=1, f_x=0, m=5, n=1)
    with pytest.raises(ParameterError, match="missing argument"):
        fn(exp_eps=3)


def test_gcms_theorem3_printed_differs_from_corrected_and_code():
    """The erratum is visible numerically: the corrected (derived) form equals the explicit derivation and GCMS's
    code; the printed one does not -- so the comparison above can fail on a wrong formula."""
    forms = L.lambdify_claim("jiang-gcms/thm3", ("derived", "printed", "correction", "derivation"))
    code = L.gcms_functions()["count_variance"]
    pt = POINTS[0]
    args = {k: pt[k] for k in forms["derived"].keys}
    corrected = forms["correction"].exact(**args)
    assert corrected == forms["derived"].exact(**args) == forms["derivation"].exact(**args)
    assert corrected == code.exact(p=pt["p"], q=pt["q"], m=pt["m"], k=pt["k"], n=pt["n"], f=pt["f"],
                                   sum_sq_others=pt["sum_d_prime_neq_d_f_d_prime_2"])
    printed = forms["printed"].exact(**args)
    assert printed != corrected
    assert not _close(float(forms["printed"].numpy(**{k: float(v) for k, v in args.items()})), corrected)
    assert sympy.Symbol(r"\alpha_1") not in forms["derived"].expr.free_symbols


def test_a_derivation_that_takes_parameters_is_refused_by_name():
    """A record's ``derivation`` may name a function of parameters (a table cell's row and column); asking for that
    form gives one ParameterError naming them, not a TypeError from the call."""
    from ldpref.errors import ParameterError
    from ldpref.ledger import find_claim

    assert find_claim("pan-cms/table1.OCMS.l2").derivation == "derivations.pan_cms.tables.table1_finite"
    with pytest.raises(ParameterError, match=r"table1_finite takes parameters \(row, col\); use the 'derived' form"):
        L.claim_forms("pan-cms/table1.OCMS.l2", ("derivation",))
