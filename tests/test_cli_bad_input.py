"""Every bad command line gets exit 2 and ONE stderr line ``ldpref: error: ...`` naming what is wrong, before any
work or output; and the inputs that used to be refused wrongly (1e2, -1/2 as a value, eps=) are accepted."""

import json
import os
import subprocess
import sys
import warnings

import mpmath
import pytest
import sympy

from ldpref.cli import build_parser, main
from ldpref.errors import ParameterError
from ldpref.number_syntax import parse_number

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, argv, needle, *, no_output=True):
    code, out, err = run(capsys, *argv)
    lines = err.strip().splitlines()
    assert code == 2, (argv, out, err)
    assert len(lines) == 1 and lines[0].startswith("ldpref: error: "), err
    assert needle in lines[0], lines[0]
    assert "Traceback" not in err
    if no_output:
        assert out == "", out
    return lines[0]


@pytest.fixture(scope="module")
def grr_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("m") / "grr.json"
    assert main(["mechanism", "grr", "--set", "d=3", "exp_eps=3", "--json", str(path)]) == 0
    return str(path)


# ---- argparse's own errors: one line, the sub-command's help named ------------------------------------
@pytest.mark.parametrize("argv, needle", [
    ([], "required: COMMAND (see 'ldpref --help')"),
    (["nope"], "invalid choice: 'nope'"),
    (["eval", "pan-cms/thm3.7", "--digits", "0"], "argument --digits: 0 is below 1 (see 'ldpref eval --help')"),
    (["eval", "pan-cms/thm3.7", "--digits", "1001"], "argument --digits: 1001 is above 1000"),
    (["verify", "--bogus"], "unrecognized arguments: --bogus"),
    (["verify", "--jobs", "x"], "argument --jobs: 'x' is not an integer"),
    (["verify", "--paper"], "argument --paper: expected one argument (see 'ldpref verify --help')"),
    (["audit"], "the following arguments are required: file (see 'ldpref audit --help')"),
    (["mechanism", "grr", "--set", "d=3", "exp_eps=3"], "required: --json"),
    (["wss", "--set", "d=6", "exp_eps=3", "--seed", "-1"], "argument --seed: -1 is below 0"),
])
def test_parser_errors_are_one_line(capsys, argv, needle):
    refused(capsys, argv, needle)


# ---- values that start with '-' are values ------------------------------------------------------------
def test_negative_values_reach_the_value_checks(capsys, grr_file):
    refused(capsys, ["audit", grr_file, "--counts", "-1,2,3"], "counts[0] = -1 is negative")
    refused(capsys, ["audit", grr_file, "--f-star", "-1/2"], "f_star = -1/2 must lie in [0, 1]")
    refused(capsys, ["audit", grr_file, "--interest", "-1"], "value of interest -1 is not an input")
    refused(capsys, ["audit", grr_file, "--counts", "--json", "-"], "argument --counts: expected one argument")


# ---- verify: contradictions and limits before any output ------------------------------------------------
def test_verify_refuses_before_output(capsys):
    from ldpref.cli._common import jobs_limit

    refused(capsys, ["verify", "--paper", "pan-cms", "--claim", "jiang-gcms/sec2.B"],
            "--claim jiang-gcms/sec2.B is not a claim of --paper pan-cms")
    refused(capsys, ["verify", "--jobs", "0"], "argument --jobs: 0 is below 1")
    line = refused(capsys, ["verify", "--jobs", str(jobs_limit() + 1)], f"is above {jobs_limit()}")
    assert "4 x the cores, at most 64" in line
    assert jobs_limit() <= 64
    assert main(["verify", "--help"]) == 0
    assert f"1..{jobs_limit()}" in " ".join(capsys.readouterr().out.split())


# ---- every output path is checked before work -----------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["verify", "--claim", "jiang-gcms/sec2.B", "--json", "/nonexistent-ldpref/x.json"],
    ["claims", "--json", "/nonexistent-ldpref/x.json"],
    ["latex", "jiang-gcms/sec2.B.estimator", "--json", "/nonexistent-ldpref/x.json"],
    ["eval", "jiang-gcms/sec3.A.SUE", "--set", "exp_eps=3", "--json", "/nonexistent-ldpref/x.json"],
    ["mechanism", "grr", "--set", "d=3", "exp_eps=3", "--json", "/nonexistent-ldpref/x.json"],
    ["mechanisms", "--json", "/nonexistent-ldpref/x.json"],
    ["wss", "--set", "d=6", "exp_eps=3", "--certificate", "/nonexistent-ldpref/x.json"],
    ["optimize", "gcms", "--set", "exp_eps=3", "lam=1/10", "k=10", "m=20", "--json", "/nonexistent-ldpref/x.json"],
])
def test_unwritable_output_is_refused_before_work(capsys, argv):
    refused(capsys, argv, "/nonexistent-ldpref/x.json: folder /nonexistent-ldpref does not exist")


def test_audit_input_file_is_checked_first(capsys, tmp_path):
    refused(capsys, ["audit", str(tmp_path / "missing.json")], "missing.json: no such file")
    refused(capsys, ["audit", str(tmp_path)], "not a regular file")


def test_output_paths_of_audit_and_docs(capsys, grr_file, tmp_path):
    refused(capsys, ["audit", grr_file, "--json", str(tmp_path)], "is a directory")
    a_file = tmp_path / "f"
    a_file.write_text("")
    refused(capsys, ["docs", "--out", str(a_file)], "exists and is not a directory")


# ---- a closed pipe ends quietly --------------------------------------------------------------------------
def test_broken_pipe_is_quiet():
    proc = subprocess.Popen([sys.executable, "-m", "ldpref.cli", "claims"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert first.startswith(b"pan-cms/")
    assert "Traceback" not in err and "Error" not in err, err
    assert proc.returncode in (0, 141)


# ---- eval --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sets, needle", [
    (["exp_eps=1", "d=10", "n=1"], "exp_eps = 1: e^eps must exceed 1"),
    (["exp_eps=0", "d=10", "n=1"], "exp_eps = 0: e^eps must exceed 1"),
    (["exp_eps=1/2", "d=10", "n=1"], "exp_eps = 1/2: e^eps must exceed 1"),
    (["exp_eps=3", "d=-10", "n=1"], "d = -10: a dictionary has d >= 2 values"),
    (["exp_eps=3", "d=5/2", "n=1"], "d = 5/2: must be an integer"),
    (["exp_eps=3", "d=10", "n=0"], "n = 0: n >= 1 clients"),
    (["exp_eps=3", "d=10", "n=1", "zz=1"], "unknown key 'zz'; valid keys: d, exp_eps, n"),
    (["exp_eps=3", "eps=1", "d=10", "n=1"], "give exp_eps or eps, not both"),
    (["eps=0", "d=10", "n=1"], "eps = 0: must be positive"),
    (["eps=300", "d=10", "n=1"], "eps = 300: at most 230"),
    (["exp_eps=nan", "d=10", "n=1"], "nan is not finite"),
    (["exp_eps=3", "d=10"], "missing values for n"),
])
def test_eval_checks_values_against_the_claim(capsys, sets, needle):
    refused(capsys, ["eval", "pan-cms/thm3.7", "--set", *sets], needle)


def test_eval_pole_is_an_error_not_zoo(capsys):
    line = refused(capsys, ["eval", "jiang-gcms/sec2.B.variance", "--set", "p=1/3", "q=1/3", "n=3", "f=1"],
                   "undefined at these values (a pole or 0/0)")
    assert "zoo" not in line and "nan" not in line


def test_eval_names_the_side_that_is_not_real(capsys):
    # Theorem 1's condition takes log(n/(8 log(2/delta)) - 1): at n = 10, delta = 1/10 the log's argument is negative
    line = refused(capsys, ["eval", "jiang-gcms/thm1", "--set", "delta=1/10", "epsilon=1", "epsilon_c=1/2", "n=10"],
                   "log(n/(8*log(2/\\delta)) - 1) is not real at these values")
    assert "Invalid comparison" not in line and "statement comparing it is undefined there" in line


def test_eval_decides_a_guarded_statement_and_names_a_pole():
    from ldpref.numeric import evaluate

    n = sympy.Symbol("n", positive=True)
    # the Or is decided by n < 5; the relation it never reaches (log(n - 5), not real at n = 1) is no error
    assert evaluate(sympy.Or(n < 5, sympy.log(n - 5) > 0), {"n": "1"})[0].exact is sympy.true
    with pytest.raises(ValueError, match=r"undefined at these values \(a pole or 0/0 in 1/\(n - 1\)\)"):
        evaluate(1 / (n - 1) > 0, {"n": "1"})


def test_eval_validates_every_form_before_printing(capsys):
    # the printed form of jiang-gcms/eq10 takes keys the derived form does not: nothing is printed before the error
    refused(capsys, ["eval", "jiang-gcms/eq10", "--set", "f=1", "k=1", "m=2", "n=3", "p=1/2", "q=1/4",
                     "sum_d_prime_neq_d_f_d_prime_2=1"], "missing values for")


def test_eval_keys_are_ascii_identifiers_with_aliases(capsys):
    code, out, _ = run(capsys, "eval", "jiang-gcms/appB.final")
    assert code == 0
    assert "sum_d_prime_neq_d_f_d_prime_2" in out and r"\sum_{d'\neq d} f(d')^{2}" in out
    assert "sum of the squared counts of the other values" in out  # the meaning jiang-gcms/thm3 gives the symbol
    assert "number of clients" in out  # the glossary's
    keys = [line.split()[0] for line in out.splitlines()[1:] if line.startswith("  ") and not line.startswith("  (")]
    assert keys and all(k.isidentifier() and k.isascii() for k in keys)
    # the old (LaTeX-derived) name is still accepted as an alias of the new key
    sets = {"f": "2", "n": "10", "k": "3", "m": "4", "p": "3/4", "q": "1/4"}
    new = [f"{k}={v}" for k, v in sets.items()] + ["sum_d_prime_neq_d_f_d_prime_2=20"]
    old = [f"{k}={v}" for k, v in sets.items()] + ["sum_d'neq d f(d')2=20"]
    code_new, out_new, _ = run(capsys, "eval", "jiang-gcms/appB.final", "--set", *new, "--json", "-")
    code_old, out_old, _ = run(capsys, "eval", "jiang-gcms/appB.final", "--set", *old, "--json", "-")
    assert code_new == code_old == 0
    assert json.loads(out_new)["forms"] == json.loads(out_old)["forms"]


def test_eval_eps_is_the_natural_log_of_exp_eps(capsys):
    # SUE (jiang-gcms Sec. III-A): p = e^(eps/2) / (1 + e^(eps/2)); against mpmath at 40 digits
    code, out, _ = run(capsys, "eval", "jiang-gcms/sec3.A.SUE", "--set", "eps=1", "--digits", "30", "--json", "-")
    assert code == 0
    p = json.loads(out)["forms"]["derived"][0]
    with mpmath.workdps(40):
        expected = mpmath.exp(mpmath.mpf(1) / 2) / (1 + mpmath.exp(mpmath.mpf(1) / 2))
        assert abs(mpmath.mpf(p["mpmath"]) - expected) < mpmath.mpf(10) ** -28
    code, out_a, _ = run(capsys, "eval", "jiang-gcms/sec3.A.SUE", "--set", "eps=ln(3)", "--json", "-")
    code_b, out_b, _ = run(capsys, "eval", "jiang-gcms/sec3.A.SUE", "--set", "exp_eps=3", "--json", "-")
    assert code == code_b == 0
    assert json.loads(out_a)["forms"] == json.loads(out_b)["forms"]


def test_numpy_warnings_do_not_leak():
    from ldpref.numeric import evaluate

    x = sympy.Symbol("x", positive=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any RuntimeWarning would raise here
        (e,) = evaluate(x ** 4 / 7, {"x": sympy.Integer(10) ** 100})
    assert e.exact == sympy.Integer(10) ** 400 / 7 and e.numpy_value is None  # float64 overflows: not shown


# ---- the exact-number grammar -------------------------------------------------------------------------------
@pytest.mark.parametrize("text, irrational, value", [
    ("1e2", False, sympy.Integer(100)),
    ("2.5E-3", False, sympy.Rational(1, 400)),
    ("3.64", False, sympy.Rational(91, 25)),
    ("-1/2", False, sympy.Rational(-1, 2)),
    ("(1 + 2) * 3 / 4", False, sympy.Rational(9, 4)),
    ("2**-3", False, sympy.Rational(1, 8)),
    ("10**100", False, sympy.Integer(10) ** 100),
    ("sqrt(2)/2", True, sympy.sqrt(2) / 2),
    ("e", True, sympy.E),
    ("exp(ln(3))", True, sympy.Integer(3)),
    ("log(5/2)", True, sympy.log(sympy.Rational(5, 2))),
    # just below the bound: a 20-digit float of it rounded up to 1e100 and refused it; the exact order accepts it
    ("10**100 - sqrt(2)/10**50", True, sympy.Integer(10) ** 100 - sympy.sqrt(2) / sympy.Integer(10) ** 50),
    ("sqrt(ln(8)/ln(2) - 3)", True, sympy.Integer(0)),  # the argument proved 0 (ldpref.exact): its root is 0
])
def test_numbers_are_read_exactly(text, irrational, value):
    assert parse_number(text, what="x", irrational=irrational) == value


@pytest.mark.parametrize("text, irrational, needle", [
    ("inf", True, "inf is not finite"),
    ("nan", False, "nan is not finite"),
    ("-inf", True, "inf is not finite"),
    ("10**101", False, "at most 10^100"),
    ("1e101", False, "at most 10^100"),
    ("1e99999999", False, "out of range"),
    ("2**100000000", False, "at most 400"),
    ("exp(1000)", True, "at most 10^100"),
    ("sqrt(2)", False, "not accepted here"),
    ("sqrt(-2)", True, "sqrt of the negative number -2"),
    ("ln(0)", True, "non-positive"),
    ("ln(ln(8)/ln(2) - 3)", True, "non-positive"),  # 0, proved
    ("sqrt(1 - sqrt(2))", True, "sqrt of the negative number"),
    ("10**100 + sqrt(2)/10**50", True, "at most 10^100"),
    ("-10**100 - sqrt(2)/10**50", True, "at most 10^100"),
    ("exp(-231)", True, "at most 10^100"),
    ("1/(ln(8)/ln(2) - 3)", True, "cannot be ordered exactly"),  # a division by a 0 sympy does not see
    ("1/0", False, "division by zero"),
    ("\uff11\uff12", False, "only ASCII"),  # full-width 12
    ("\u0661\u0662", False, "only ASCII"),  # Arabic-Indic 12
    ("1_0", False, "unexpected"),
    ("__import__('os')", True, "unexpected"),
    ("abs(2)", True, "unknown name 'abs'"),
    ("", False, "empty value"),
])
def test_bad_numbers_are_refused(text, irrational, needle):
    with pytest.raises(ParameterError, match=None) as info:
        parse_number(text, what="x", irrational=irrational)
    assert needle in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("argv, needle", [
    (["mechanism", "grr", "--set", "d=\uff11\uff12", "exp_eps=3", "--json", "-"], "must be an integer (ASCII"),
    (["mechanism", "grr", "--set", "d=1_0", "exp_eps=3", "--json", "-"], "must be an integer (ASCII"),
    (["mechanism", "grr", "--set", "d=3", "exp_eps=\u0663", "--json", "-"], "only ASCII"),
    # (mechanism writes an irrational e^eps with symbolic entries; wss still needs a rational one)
    (["wss", "--set", "d=3", "eps=1", "--json", "-"], "e^eps = E is not rational"),
    (["verify", "--jobs", "\uff11"], "is not an integer (ASCII"),
    (["eval", "pan-cms/thm3.7", "--digits", "\u0663"], "is not an integer (ASCII"),
    (["optimize", "gcms", "--set", "eps=inf", "lam=1/3", "k=10", "m=20"], "inf is not finite"),
    (["optimize", "gcms", "--set", "eps=10**100", "lam=1/3", "k=10", "m=20"], "at most 1000"),
])
def test_ascii_and_finite_numbers_on_the_command_line(capsys, argv, needle):
    refused(capsys, argv, needle)


def test_counts_are_ascii(capsys, grr_file):
    refused(capsys, ["audit", grr_file, "--counts", "1,1,\uff11"], "counts[2]")
    refused(capsys, ["audit", grr_file, "--counts", "1,1_0,1"], "counts[1]")


def test_decimals_and_eps_are_accepted(capsys):
    code, out, _ = run(capsys, "mechanism", "grr", "--set", "d=3", "eps=ln(3)", "--json", "-")
    code_b, out_b, _ = run(capsys, "mechanism", "grr", "--set", "d=3", "exp_eps=3.0", "--json", "-")
    assert code == code_b == 0 and json.loads(out)["P"] == json.loads(out_b)["P"]
    assert json.loads(out)["P"][0] == ["3/5", "1/5", "1/5"]  # e^eps/(e^eps + d - 1) = 3/5
    code, out, _ = run(capsys, "optimize", "gcms", "--set", "exp_eps=3", "lam=1/10", "k=10", "m=20", "--json", "-")
    code_b, out_b, _ = run(capsys, "optimize", "gcms", "--set", "eps=ln(3)", "lam=0.1", "k=10", "m=20", "--json", "-")
    assert code == code_b == 0
    a, b = json.loads(out), json.loads(out_b)
    assert a["exact_variance_optimum"] == b["exact_variance_optimum"]
    assert a["exact_variance_optimum"]["q"] == "9/38"


# ---- help -------------------------------------------------------------------------------------------------------
def _parsers(parser):
    import argparse

    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def test_every_option_has_help_and_the_top_level_has_examples(capsys):
    parser = build_parser()
    for p in _parsers(parser):
        for action in p._actions:
            assert action.help, f"{p.prog} {action.option_strings or action.dest} has no help"
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "The ``ldpref`` command." not in out
    assert "exact arithmetic" in out and "examples:" in out and "Exit status" in out


def test_mechanism_help_lists_the_built_in_names(capsys):
    from ldpref.cli import mechanism_catalogue

    assert main(["mechanism", "--help"]) == 0
    out = capsys.readouterr().out
    for entry in mechanism_catalogue():
        assert entry["name"] in out


def test_mechanisms_print_defaults_consistently(capsys):
    code, out, _ = run(capsys, "mechanisms")
    assert code == 0
    assert "default none" not in out
    seed_lines = [line for line in out.splitlines() if line.split()[:1] == ["seed"]]
    assert seed_lines and all("default 0" in line and "(default" not in line for line in seed_lines)


def test_wss_help_states_the_default_seed(capsys):
    from ldpref.wss import DEFAULT_SEED

    assert main(["wss", "--help"]) == 0
    assert f"(default {DEFAULT_SEED}: ldpref.wss.DEFAULT_SEED)" in " ".join(capsys.readouterr().out.split())


def test_integer_keys_take_integer_expressions(capsys):
    code, out, _ = run(capsys, "mechanism", "grr", "--set", "d=1e1", "exp_eps=3", "--json", "-")
    assert code == 0 and json.loads(out)["inputs"] == 10
    refused(capsys, ["mechanism", "grr", "--set", "d=5/2", "exp_eps=3", "--json", "-"], "d = '5/2' must be an integer")
    refused(capsys, ["mechanism", "grr", "--set", "d=10**31", "exp_eps=3", "--json", "-"], "more than 30 digits")


def test_optimize_refuses_e_eps_too_close_to_1(capsys):
    refused(capsys, ["optimize", "gcms", "--set", "eps=1e-100", "lam=1/3", "k=10", "m=20"],
            "e^eps - 1 must be at least 10^-30")
    refused(capsys, ["optimize", "gcms", "--set", "exp_eps=1", "lam=1/3", "k=10", "m=20"],
            "e^eps - 1 must be at least 10^-30")


def test_eval_refuses_values_that_would_build_huge_numbers(capsys):
    # 2**d at d = 10^30 (pan-cms App. H) and a sum expanded term by term over k = 300 terms: refused before sympy
    # builds anything, so the answer is immediate
    refused(capsys, ["eval", "pan-cms/appH.rappor-comm", "--set", "d=10**30"], "2**d would have about")
    refused(capsys, ["eval", "pan-cms/appA.converse", "--set", "f_x=1/2", "j=1", "k=300", "m=2", "x=1", "x_prime=2"],
            "integer values (k) may be at most 100")


def test_power_guard_against_an_independent_bit_count():
    from ldpref.numeric import MAX_POWER_BITS, evaluate

    d = sympy.Symbol("d", integer=True, positive=True)
    (e,) = evaluate(3 ** d, {"d": sympy.Integer(1000)})  # 1000 * log2(3) ~ 1585 bits: allowed, exact
    assert e.exact == sympy.Integer(3) ** 1000
    with pytest.raises(ValueError, match="bits"):
        evaluate(3 ** d, {"d": sympy.Integer(MAX_POWER_BITS)})  # ~ 1.58 * MAX_POWER_BITS bits


def test_eval_eps_names_the_claims_own_epsilon(capsys):
    # jiang-gcms/thm1 has the symbol epsilon itself (no exp_eps): eps= sets it
    code, out, _ = run(capsys, "eval", "jiang-gcms/thm1")
    assert code == 0 and "epsilon" in out and "exp_eps" not in out
    sets = ["delta=1/10", "epsilon_c=1/2", "n=100"]
    code_a, out_a, _ = run(capsys, "eval", "jiang-gcms/thm1", "--set", "eps=1", *sets, "--json", "-")
    code_b, out_b, _ = run(capsys, "eval", "jiang-gcms/thm1", "--set", "epsilon=1", *sets, "--json", "-")
    assert code_a == code_b and out_a == out_b


def test_sue_with_a_non_square_exp_eps_is_refused_before_building(capsys):
    """Found by benchmarks/fuzz.py: 3.3 s of building before the file writer refused the irrational entries."""
    from ldpref.cli import main

    # (sue itself is now written with symbolic entries: tests/test_symbolic_mechanism_file.py)
    for argv in (["mechanism", "cms", "--json", "-", "--set", "d=3", "exp_eps=3", "inner=srp"],):
        assert main(argv) == 2
        captured = capsys.readouterr()
        err = captured.err.strip().splitlines()
        assert len(err) == 1 and "not the square of a rational" in err[0] and captured.out == ""
