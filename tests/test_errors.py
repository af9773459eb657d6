"""Bad inputs: the right exception type, and a message that names the offending entry.

Policy under test (ldpref.errors, ldpref.exact): ``TypeError`` for a value of the wrong kind (a float
where an exact number is required, a non-integer count); subclasses of ``ValueError`` from
``ldpref.errors`` for a value of the right kind that breaks a rule.
"""

from __future__ import annotations

import decimal
from fractions import Fraction as F

import numpy as np
import pytest
import sympy

from ldpref import MechanismFamily, losses, moments
from ldpref.errors import DatasetError, LdprefError, MechanismError, ParameterError, RankError
from ldpref.exact import EXP_EPS, parse_rational, to_exact
from ldpref.mechanism import Mechanism
from ldpref.mechanisms import grr, oue, subset_selection, sue
from ldpref.privacy import exp_eps

FLOATS = [0.5, np.float64(0.5), np.float32(0.5), sympy.Float(0.5)]
FLOAT_IDS = ["float", "numpy.float64", "numpy.float32", "sympy.Float"]

GOOD_P = [["1/2", "1/4"], ["1/2", "3/4"]]  # full rank, columns sum to 1


def test_error_hierarchy():
    for cls in (MechanismError, DatasetError, RankError, ParameterError):
        assert issubclass(cls, LdprefError) and issubclass(cls, ValueError)
    assert issubclass(RankError, MechanismError)


# ---- floats are refused everywhere an exact number goes in -------------------------------------------
@pytest.mark.parametrize("bad", FLOATS, ids=FLOAT_IDS)
def test_float_in_P(bad):
    with pytest.raises(TypeError, match=r"P\[0\]\[1\]"):
        Mechanism([["1/2", bad], ["1/2", "1/2"]])


@pytest.mark.parametrize("bad", FLOATS, ids=FLOAT_IDS)
def test_float_in_P_as_sympy_matrix_and_numpy_array(bad):
    with pytest.raises(TypeError, match=r"P\[1\]\[0\]"):
        Mechanism(sympy.Matrix([[sympy.Rational(1, 2), 1], [bad, 0]]))
    with pytest.raises(TypeError, match=r"P\[0\]\[0\]"):
        Mechanism(np.array([[0.5, 0.25], [0.5, 0.75]]))


@pytest.mark.parametrize("bad", FLOATS, ids=FLOAT_IDS)
def test_float_in_Q(bad):
    with pytest.raises(TypeError, match=r"Q\[1\]\[0\]"):
        Mechanism(GOOD_P, [[3, -1], [bad, 2]])


@pytest.mark.parametrize("bad", FLOATS + [2.0, np.float64(1.0), sympy.Float(1)],
                         ids=FLOAT_IDS + ["2.0", "numpy 1.0", "sympy.Float(1)"])
@pytest.mark.parametrize("fn", ["expectation", "bias", "variance", "covariance", "mse"])
def test_float_in_counts(bad, fn):
    mech = grr(3, 3).mechanism
    with pytest.raises(TypeError, match=r"counts\[1\]"):
        getattr(moments, fn)(mech, [1, bad, 0])


@pytest.mark.parametrize("bad", [2.5, np.float64(2.5), sympy.Float(2.5), 3.0], ids=["float", "numpy", "sympy", "3.0"])
@pytest.mark.parametrize("builder", ["grr", "sue", "oue", "ss"])
def test_float_exp_eps(bad, builder):
    build = {"grr": lambda e: grr(3, e), "sue": lambda e: sue(3, e), "oue": lambda e: oue(3, e),
             "ss": lambda e: subset_selection(4, 2, e)}[builder]
    with pytest.raises(TypeError, match="exp_eps"):
        build(bad)


def test_float_inside_a_sympy_expression():
    with pytest.raises(TypeError, match=r"P\[0\]\[0\]"):
        Mechanism([[sympy.Rational(1, 4) + sympy.Float(0.25), "1/4"], ["1/2", "3/4"]])
    with pytest.raises(TypeError):
        grr(3, 2 * EXP_EPS * sympy.Float(1.0))


def test_bool_is_not_a_number():
    with pytest.raises(TypeError):
        to_exact(True)
    with pytest.raises(TypeError, match=r"counts\[0\]"):
        moments.variance(grr(2, 3).mechanism, [True, 1])


# ---- to_exact ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["0.5", "1e3", "1/2.0", ".5", "one", "", "5/-2", "1/3/4"])
def test_to_exact_refuses_non_rational_strings(text):
    with pytest.raises(TypeError):
        to_exact(text)


@pytest.mark.parametrize("bad", [0.5, np.float64(0.5), sympy.Float(0.5), decimal.Decimal("0.5"), 1 + 0j, None, [1]],
                         ids=["float", "numpy", "sympy.Float", "Decimal", "complex", "None", "list"])
def test_to_exact_refuses_other_kinds(bad):
    with pytest.raises(TypeError):
        to_exact(bad)


@pytest.mark.parametrize("value,expected", [
    ("5/2", sympy.Rational(5, 2)), (" -3 ", sympy.Integer(-3)), ("+7/14", sympy.Rational(1, 2)),
    (F(5, 2), sympy.Rational(5, 2)), (np.int64(4), sympy.Integer(4)), (3, sympy.Integer(3)),
    (sympy.Rational(2, 6), sympy.Rational(1, 3)),
])
def test_to_exact_accepts_exact_forms(value, expected):
    result = to_exact(value)
    assert result == expected and isinstance(result, sympy.Rational)


def test_zero_denominator():
    with pytest.raises(ValueError, match="zero denominator"):
        to_exact("5/0")
    with pytest.raises(ValueError):
        parse_rational("1/0")


# ---- invalid perturbation matrices and decoders ------------------------------------------------------
def test_negative_entry_names_row_and_column():
    # row 0 is scanned first: its column 1 holds -1/2 (column 1 still sums to 1)
    with pytest.raises(MechanismError, match=r"P\['0'\]\[1\].*negative"):
        Mechanism([["1/2", "-1/2"], ["1/2", "3/2"]])


def test_entry_above_one_names_row_and_column():
    with pytest.raises(MechanismError, match=r"P\['a'\]\[1\].*exceeds 1"):
        Mechanism([["1/2", "3/2"], ["1/2", "-1/2"]], outputs=["a", "b"])


def test_column_not_summing_to_one():
    with pytest.raises(MechanismError, match=r"column 1 .*sums to 5/6"):
        Mechanism([["1/2", "1/2"], ["1/2", "1/3"]])
    with pytest.raises(MechanismError, match=r"column 0 .*sums to 0"):
        Mechanism([[0, "1/2"], [0, "1/2"]])


def test_symbolic_column_sums_counted_with_multiplicity():
    # columns summed by distinct entry x multiplicity (mechanism._column_sums): a repeated entry counts each time
    from ldpref.exact import EXP_EPS as e

    third, rest = e / (e + 2), 1 / (e + 2)
    Mechanism([[third, rest, rest], [rest, third, rest], [rest, rest, third]])  # GRR(3): every column sums to 1
    with pytest.raises(MechanismError, match=r"column 2 .*sums to"):  # column 2 holds rest three times
        Mechanism([[third, rest, rest], [rest, third, rest], [rest, rest, rest]])
    with pytest.raises(MechanismError, match=r"column 0 .*sums to"):  # sqrt: an expression domain
        Mechanism([[sympy.sqrt(2) / 2, sympy.Rational(1, 2)], [sympy.sqrt(2) / 2, sympy.Rational(1, 2)]])


@pytest.mark.parametrize("Q,shape", [
    ([[1, 0]], "1x2"),                      # too few rows
    ([[1, 0, 0], [0, 1, 0]], "2x3"),         # too many columns
    ([[1, 0], [0, 1], [0, 0]], "3x2"),       # transposed-looking
])
def test_wrong_decoder_shape(Q, shape):
    with pytest.raises(MechanismError, match=f"Q has shape {shape}, expected d x \\|U\\| = 2x2"):
        Mechanism(GOOD_P, Q)


def test_duplicate_output_labels():
    with pytest.raises(MechanismError, match=r"duplicate output labels \['x'\]"):
        Mechanism([["1/2", "1/4"], ["1/4", "1/4"], ["1/4", "1/2"]], outputs=["x", "y", "x"])


def test_wrong_number_of_output_labels():
    with pytest.raises(MechanismError, match="1 output labels for a P with 2 rows"):
        Mechanism(GOOD_P, outputs=["only"])


@pytest.mark.parametrize("P", [[["1/2"], ["1/2"]], [[1]]], ids=["one column", "1x1"])
def test_fewer_than_two_inputs(P):
    with pytest.raises(ParameterError, match="d >= 2"):
        Mechanism(P)


def test_rank_deficient_P_without_decoder():
    # the two columns are equal: rank 1 < d = 2
    with pytest.raises(RankError, match="rank 1 < d = 2"):
        Mechanism([["1/3", "1/3"], ["2/3", "2/3"]])
    # three inputs, column 2 = (column 0 + column 1)/2: rank 2 < 3
    with pytest.raises(RankError, match="rank 2 < d = 3"):
        Mechanism([[1, 0, "1/2"], [0, 1, "1/2"], [0, 0, 0]])


def test_rank_deficient_P_with_given_decoder_is_a_biased_mechanism():
    mech = Mechanism([["1/3", "1/3"], ["2/3", "2/3"]], [[1, 0], [0, 1]])
    assert not mech.is_unbiased()
    # f_hat = e_Y whatever the input: E = (1/3, 2/3); counts (1, 0): bias (1/3 - 1, 2/3) = (-2/3, 2/3)
    assert moments.bias(mech, [1, 0]) == [sympy.Rational(-2, 3), sympy.Rational(2, 3)]


# ---- invalid datasets -------------------------------------------------------------------------------
@pytest.mark.parametrize("fn", ["expectation", "bias", "variance", "covariance", "mse"])
def test_dataset_errors(fn):
    mech = grr(3, 3).mechanism
    f = getattr(moments, fn)
    with pytest.raises(DatasetError, match=r"counts\[2\] = -1 is negative"):
        f(mech, [1, 1, -1])
    with pytest.raises(DatasetError, match="2 entries for a mechanism with d = 3"):
        f(mech, [1, 1])
    with pytest.raises(DatasetError, match="4 entries"):
        f(mech, [1, 1, 0, 0])
    with pytest.raises(DatasetError, match="empty"):
        f(mech, [0, 0, 0])
    with pytest.raises(TypeError, match=r"counts\[1\]"):
        f(mech, [1, "1", 0])
    with pytest.raises(TypeError):
        f(mech, "110")
    with pytest.raises(TypeError, match=r"counts\[0\]"):
        f(mech, [F(1), 1, 0])


def test_family_dataset_errors():
    fam = MechanismFamily.uniform([grr(3, 3).mechanism, grr(3, 2).mechanism])
    for fn in (fam.expectation, fam.bias, fam.variance, fam.mse):
        with pytest.raises(DatasetError, match=r"counts\[2\]"):
            fn([1, 0, -2])
        with pytest.raises(TypeError, match=r"counts\[0\]"):
            fn([0.5, 0, 1])


# ---- builder parameters -----------------------------------------------------------------------------
@pytest.mark.parametrize("e", [1, "1", 0, "1/2", -2, sympy.Rational(99, 100)])
@pytest.mark.parametrize("builder", ["grr", "sue", "oue", "ss"])
def test_exp_eps_at_most_one(e, builder):
    build = {"grr": lambda: grr(3, e), "sue": lambda: sue(3, e), "oue": lambda: oue(3, e),
             "ss": lambda: subset_selection(4, 2, e)}[builder]
    with pytest.raises(ParameterError, match="exp_eps"):
        build()


def test_exp_eps_other_symbol():
    with pytest.raises(ParameterError):
        grr(3, sympy.Symbol("t", positive=True))


@pytest.mark.parametrize("d", [1, 0, -3])
@pytest.mark.parametrize("builder", ["grr", "sue", "oue", "ss"])
def test_d_below_two(d, builder):
    build = {"grr": lambda: grr(d, 3), "sue": lambda: sue(d, 4), "oue": lambda: oue(d, 3),
             "ss": lambda: subset_selection(d, 1, 3)}[builder]
    with pytest.raises(ParameterError, match=f"d = {d}"):
        build()


@pytest.mark.parametrize("d", [2.0, "3", True])
def test_d_not_an_int(d):
    with pytest.raises(TypeError):
        grr(d, 3)


@pytest.mark.parametrize("d,k", [(4, 0), (4, 4), (4, 5), (4, -1), (2, 2)])
def test_k_outside_1_to_d_minus_1(d, k):
    with pytest.raises(ParameterError, match=f"k = {k} must lie in 1..d-1 = 1..{d - 1}"):
        subset_selection(d, k, 3)


def test_k_not_an_int():
    with pytest.raises(TypeError):
        subset_selection(4, 2.0, 3)


# ---- families -----------------------------------------------------------------------------------------
def test_family_errors():
    a, b = grr(2, 3).mechanism, grr(2, 2).mechanism
    with pytest.raises(MechanismError, match="weight of member 1 is negative"):
        MechanismFamily([("3/2", a), ("-1/2", b)])
    with pytest.raises(MechanismError, match="weights sum to 2/3"):
        MechanismFamily([("1/3", a), ("1/3", b)])
    with pytest.raises(TypeError, match="weight of member 0"):
        MechanismFamily([(0.5, a), ("1/2", b)])
    with pytest.raises(MechanismError, match="member 1 has d = 3"):
        MechanismFamily([("1/2", a), ("1/2", grr(3, 3).mechanism)])
    with pytest.raises(MechanismError, match="at least one member"):
        MechanismFamily([])
    with pytest.raises(TypeError, match="member 1 is not a Mechanism"):
        MechanismFamily([("1/2", a), ("1/2", grr(2, 3))])  # a PureProtocol, not its .mechanism


# ---- worst-case losses ---------------------------------------------------------------------------------
@pytest.mark.parametrize("fn", [losses.worst_case_mse, losses.worst_case_l2, losses.l1_cauchy_schwarz_bound])
def test_worst_case_errors(fn):
    mech = grr(3, 3).mechanism
    with pytest.raises(DatasetError, match="n = 0"):
        fn(mech, 0)
    with pytest.raises(TypeError, match="n = 2.0"):
        fn(mech, 2.0)
    with pytest.raises(TypeError, match="f_star"):
        fn(mech, 2, f_star=0.5)
    with pytest.raises(TypeError, match="f_star"):
        fn(mech, 2, f_star="0.5")
    with pytest.raises(ParameterError, match="f_star = 2 must lie in"):
        fn(mech, 2, f_star=2)
    with pytest.raises(ParameterError, match="f_star = -1/2"):
        fn(mech, 2, f_star="-1/2")
    with pytest.raises(ParameterError, match="value of interest 3"):
        fn(mech, 2, interest=[0, 3])
    with pytest.raises(ParameterError, match="empty"):
        fn(mech, 2, interest=[])
    # n = 2, f_star = 1/4: every value capped at floor(1/2) = 0, so no dataset exists
    with pytest.raises(DatasetError, match="at most 0 clients"):
        fn(mech, 2, f_star="1/4")
    with pytest.raises(TypeError, match="symbolic"):
        fn(grr(3, EXP_EPS).mechanism, 2)


def test_exp_eps_of_symbolic_mechanism():
    with pytest.raises(TypeError, match="symbolic"):
        exp_eps(grr(3, EXP_EPS).mechanism)


# ---- bugs: inputs that should be refused but are accepted ---------------------------------------------
@pytest.mark.parametrize("P", [
    [[sympy.sqrt(2), 0], [1 - sympy.sqrt(2), 1]],                 # P[0][0] = 1.414... > 1, P[1][0] = -0.414... < 0
    [[sympy.sqrt(2) / 2 + 1, 0], [-sympy.sqrt(2) / 2, 1]],         # 1.707... > 1 and -0.707... < 0
], ids=["sqrt2", "1+sqrt2/2"])
def test_irrational_out_of_range_entries_are_refused(P):
    """Mechanism accepts float-free exact expressions (sue() itself builds P with sqrt entries when
    e^eps is not a square), but the range check 0 <= P <= 1 is only run when the entries are rational
    (``_validate_perturbation`` in ldpref/mechanism.py tests ``dom.is_QQ or dom.is_ZZ``).  Columns here
    sum to 1 exactly, so the matrix is accepted with a negative probability and one above 1."""
    with pytest.raises(MechanismError):
        Mechanism(P)


@pytest.mark.parametrize("fn", [losses.worst_case_mse, losses.worst_case_l2])
def test_float_value_of_interest_is_refused(fn):
    """``_interest_and_caps`` in ldpref/losses.py applies ``int()`` to the values of interest, so
    ``interest=[1.7]`` is silently read as value 1 instead of raising TypeError (the library's rule:
    a float never enters silently)."""
    with pytest.raises(TypeError):
        fn(grr(3, 3).mechanism, 2, interest=[1.7])
