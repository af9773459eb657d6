"""pan-cms Section 5 and Appendices H-I (Tables 1-2, Theorems 5.1-5.2, Eq. (22), Theorem I.1)."""


import sympy
from sympy import Rational as R

import derivations.pan_cms.printed_tables as PT
import derivations.pan_cms.tables as T
import proofs_checks.pan_cms.tables_appendix as PA
import proofs_checks.pan_cms.tables_common as P
import proofs_checks.pan_cms.tables_sec5 as P5
import proofs_checks.pan_cms.tables_table2 as P2
from ldpref.exact import exact_sign
from ldpref.ledger import find_claim
from ldpref.losses import worst_case_l2, worst_case_mse
from conftest import claim_result  # noqa: E402  (the session's one ledger run)

E = T.E


def test_linear_families_are_pairwise_independent():
    for q, d in ((2, 5), (3, 5), (4, 6), (5, 4)):
        fam = P.linear_family(q, d)
        assert fam.m == q and fam.d == d
        assert fam.is_pairwise_independent()
        assert fam.is_collision_uniform()


def test_he_losses_exact():
    mech = P.he_mech(2, R(2))
    assert mech.is_unbiased()
    assert worst_case_mse(mech, 1).value == 9  # ((e+1)/(e-1))^2 at e^eps = 2
    assert worst_case_l2(mech, 1).value == 17  # d (e+1)^2/(e-1)^2 - 1: one below Table 1's cell
    assert sympy.cancel(T.table1_finite("HE", "l2") - (PT.table1_printed("HE", "l2") - 1)) == 0


def test_cms_he_finite_m1():
    mech = P.cms_he_mech(2, 2, R(2))
    assert mech.is_unbiased()
    assert worst_case_mse(mech, 1).value == 35  # (4 m1^2 e/(e-1)^2 + m1^2 - 1)/(m1 - 1)^2 at m1 = 2
    assert T.table1_derived("CMS+HE", "mse") == PT.table1_printed("CMS+HE", "mse")  # the m1 -> oo limit


def test_rhr_mechanism():
    mech = P.rhr_mech(4, 2, R(4))
    assert mech.is_unbiased()
    assert worst_case_mse(mech, 1).value == T.rhr_worst_mse(4, R(4)) == R(35, 9)
    assert worst_case_l2(mech, 1).value == T.rhr_l2(4, 4, R(4))
    assert T.rhr_slope_tied() == sympy.factor(2 * (2 * E - 1) ** 2 / (E * (E - 1) ** 2))


def test_ocms_l2_limit_and_sandwich():
    a, b, c = T.cms_l2_in_u()
    cell = PT.table1_printed("OCMS", "l2")
    assert sympy.cancel(a * E + b + c / E - cell - 1) == 0  # m = 1 + e^eps gives the cell + 1
    assert sympy.factor(4 * a * c - (cell - b) ** 2) == sympy.factor(4 * E * (T.d - 1) / (E - 1) ** 2)
    assert sympy.simplify(T.table1_derived("OCMS", "l2") - cell) == 0


def test_thm52_counterexample():
    assert PT.thm52_bits_printed().subs({T.d: 3, T.n: 2}) == 7
    assert T.thm52_lower_bound(3) == 8 == T.thm52_bits(3, 2)
    assert P5._assignment_generator_bits(3, 2) == 8
    # the printed statement is false at b_min = 8 (d = 3, n = 2), the derived one true; both true at d = 4
    for form, ok3 in ((PT.thm52_printed(), False), (T.thm52_statement_derived(), True)):
        assert P._named(form, {"d": 3, "n": 2, "b_{\\min}": 8}) is ok3
        assert P._named(form, {"d": 4, "n": 2, "b_{\\min}": 8}) is True


def test_thmI1_probability_exact():
    mech = P.he_mech(2, R(12))
    dist = PA._dist_enumeration(mech, (1, 0), (0,))
    assert dist == PA._dist_convolution(mech, (1, 0), (0,))
    S = PA._rounds(dist, [R(1)], 1)
    V = sum(p * k[0] for k, p in S.items())
    tail = sum(p for k, p in S.items() if k[0] == 12 * V)
    assert tail == R(1, 13)  # > 1/20: Theorem I.1 fails at n = 1
    assert exact_sign(R(12) - PT.thmI1_factor_printed().subs({T.t: 1, T.X: 1})) >= 0
    tail = PA._exact_tail(S, V)
    assert PT.thmI1_printed()(tail=tail, rounds=1, values=1) is False  # the printed bound fails here
    assert T.thmI1_statement_derived()(tail=tail, rounds=1, values=1) is True  # Markov: 20|x| V


def test_thmI1_normal_limit_inside_condition():
    # n -> oo (the proof's normal approximation): Pr(chi^2_t >= t c) < 1/20 for |x| = 1, by two closed forms
    for tt in (1, 2):
        c = PT.thmI1_factor_printed().subs({T.t: tt, T.X: 1})
        for via_gamma in (False, True):
            assert exact_sign(R(1, 20) - PA._gauss_tail(tt, c, via_gamma)) >= 0
        # a smaller factor (c = 1: the mean) is not enough: the check can fail
        assert exact_sign(R(1, 20) - PA._gauss_tail(tt, sympy.Integer(1))) < 0
        assert PT.thmI1_printed()(tail=lambda c, tt=tt: PA._gauss_tail(tt, c), rounds=tt, values=1) is True
        assert PT.eq52_printed()(tail=lambda c, tt=tt: PA._gauss_tail(tt, c), rounds=tt, values=1) is True


def test_table2_counts():
    assert T.bits_he(4) == 4 and T.bits_rhr(16, 3) == 6 and T.bits_ocms(3, 3) == 6
    assert P2._order_classes("RHR", PT.table2_printed("RHR"))["eps->oo"] == 0
    assert P2._order_classes("SS", PT.table2_printed("SS"))["eps->oo"] == sympy.oo
    assert P2._order_classes("l-OCMS", PT.table2_printed("l-OCMS")) == {"d": 1, "eps->oo": 1, "eps->0": sympy.oo}
    # the construction's own count has the exact count's order in every limit
    for row in ("HE", "RHR", "OLH", "MSE-OCMS", "l-OCMS", "SS", "RAPPOR"):
        assert set(P2._order_classes(row, T.table2_count(row)).values()) == {1}, row


def test_rhr_order_statements():
    small, large = T.rhr_order_in_eps("l2")
    at_oo = {"var": "eps", "point": sympy.oo, "loss": T.d * large}
    at_0 = {"var": "eps", "point": 0, "loss": T.d * small}
    printed, derived = (f("l2").rhs.args[0] for f in (PT.table1_rhr_order_printed, T.table1_rhr_order_derived))
    assert T.theta_holds(printed, **at_oo) is False  # d/eps does not decay like the real loss
    assert T.theta_holds(printed, **at_0) is True
    assert T.theta_holds(derived, **at_oo) is True and T.theta_holds(derived, **at_0) is True


def test_printed_module_imports_only_symbols():
    import ast
    import inspect
    tree = ast.parse(inspect.getsource(PT))
    mods = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    mods += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    # functools: the log_2 display wrapper of a printed form (printed_tables.displayed), as the purity rule allows
    assert all(m in ("__future__", "sympy", "ldpref.exact", "functools") or "symbols" in m for m in mods), mods
    tree = ast.parse(inspect.getsource(T))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not any("printed" in m for m in imported), imported


def test_verdicts_sample():
    expected = {
        "pan-cms/table1.HE.mse": "verified", "pan-cms/table1.HE.l2": "conditional",
        "pan-cms/table1.s-RP.l1": "verified", "pan-cms/table1.RHR.l2": "erratum",
        "pan-cms/table2.RHR": "erratum", "pan-cms/table2.RAPPOR": "verified",
        "pan-cms/thm5.2": "erratum", "pan-cms/thmI.1": "conditional", "pan-cms/eq52": "conditional",
        "pan-cms/eq22": "conditional",
        "pan-cms/sec5.2.adversarial-bias": "conditional",
    }
    for cid, verdict in expected.items():
        res = claim_result(cid)
        assert res.verdict == verdict, (cid, res.verdict, res.reason)
    res = claim_result("pan-cms/thm5.2")
    assert res.counterexample["params"]["d"] == "3" and res.counterexample["params"]["n"] == "2"
    res = claim_result("pan-cms/thmI.1")
    assert res.counterexample["params"]["exp_eps"] == "12" and res.counterexample["params"]["t"] == "1"


def test_named_is_the_one_evaluator_at_the_forms_own_symbols():
    """_named hands the one evaluator the form's own symbols for the names it is given (symbols with assumptions
    are not the plain symbols of their names); a division by zero gives sympy's value, a wrong value differs."""
    from ldpref.ledger.forms import evaluate

    d, n = sympy.symbols("d n", positive=True)
    e = sympy.Symbol("e")
    forms = [(d - 1) ** 2 / (n * (e - 1)) + sympy.Max(d, n) / 3,
             sympy.Eq(sympy.Symbol("V"), d * n / (e + 1) - sympy.floor(e / 2)),
             ((d + e) / n, sympy.Abs(d - e * n)),
             sympy.sqrt(d) + n]
    values = {"d": 5, "n": R(3, 2), "e": R(7, 3)}
    own = {d: 5, n: R(3, 2), e: R(7, 3)}
    for form in forms:
        assert P._named(form, values) == evaluate(form, own)
    assert P._named(forms[3], values) == sympy.sqrt(5) + R(3, 2)
    assert P._named(forms[0], {"d": 5, "n": 2, "e": 1}) == sympy.zoo  # 1/(e - 1) at e = 1: sympy's value
    assert P._named(forms[0], values) != P._named(forms[0], {**values, "d": 6})  # a wrong value would differ


def test_limit_at_oo_follows_the_sign_of_the_leading_ratio():
    """lim_{x -> oo} of a rational function with a higher-degree numerator is +oo or -oo by the sign of the
    leading coefficients' ratio (it returned +oo for both), and equals sympy.limit wherever sympy decides."""
    from derivations.pan_cms.tables import limit_at_oo

    x = sympy.Symbol("x", positive=True)
    for expr in [(1 - x**2) / (x + 1), (x**2 + 1) / (x + 1), 3 * x / (x + 2), (x + 1) / (x**3 - 2),
                 -x**3 / (2 * x + 1)]:
        assert limit_at_oo(expr, x) == sympy.limit(expr, x, sympy.oo)
    assert limit_at_oo((1 - x**2) / (x + 1), x) == -sympy.oo
