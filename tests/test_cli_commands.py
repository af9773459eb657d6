"""The commands added for the paper issues: wss, optimize gcms, mechanisms, and ss with the optimal k."""

import json

import pytest
import sympy

from ldpref.cli import main
from ldpref.io import mechanism_from_json
from ldpref.mechanisms import subset_selection
from ldpref.wss import osc_l2_per_client


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_wss_writes_a_certified_mechanism_file(capsys, tmp_path):
    mech_file, cert_file = tmp_path / "wss.json", tmp_path / "cert.json"
    code, out, _ = run(capsys, "wss", "--set", "d=6", "k=3", "exp_eps=2", "--json", str(mech_file),
                       "--certificate", str(cert_file))
    assert code == 0
    assert "certified OSC" in out
    doc = json.loads(mech_file.read_text())
    assert doc["format"] == "ldpref.mechanism/1"
    mech = mechanism_from_json(doc)  # the file is a valid mechanism file (audit reads it)
    assert mech.is_unbiased()
    cert = json.loads(cert_file.read_text())
    assert cert["format"] == "ldpref.wss-certificate/1"
    assert cert["certified"] is True
    assert cert["responses"] == len(doc["outputs"]) <= cert["caratheodory_count"] == 16
    # every response is a 3-subset and its weights sum to one
    assert sum(sympy.Rational(w) for w in cert["weights"]) == 1
    assert sympy.Rational(cert["l2_per_client"]) == osc_l2_per_client(6, 3, 2)


def test_wss_default_k_is_the_l2_optimum(capsys):
    code, out, err = run(capsys, "wss", "--set", "d=6", "exp_eps=3", "--certificate", "-")
    assert code == 0
    cert = json.loads(out)
    assert cert["k"] == cert["optimal_k"] == 2
    assert cert["l2_equals_osc_optimum"] is True
    assert "certified OSC" in err  # the text goes to stderr when JSON goes to stdout


@pytest.mark.parametrize("argv,needle", [
    (["wss", "--set", "d=6", "k=6", "exp_eps=3"], "k = 6 must lie in 1..d-1"),
    (["wss", "--set", "d=6", "exp_eps=e"], "must be rational"),
    (["wss", "--set", "d=6"], "missing --set exp_eps"),
    (["wss", "--set", "d=6", "exp_eps=3", "z=1"], "unknown key(s) z"),
    (["wss", "--set", "d=6", "exp_eps=3", "--json", "-", "--certificate", "-"], "cannot both"),
])
def test_wss_bad_input(capsys, argv, needle):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert needle in err


def test_optimize_gcms_reproduces_the_adult_p_values(capsys):
    # jiang-gcms Section VII-D: p = 0.74 for f/n = 1/3 and p = 0.57 for f near 1,500 (n = 48,842), eps = 3.64
    code, out, _ = run(capsys, "optimize", "gcms", "--set", "eps=3.64", "lam=1/3", "k=100", "m=100", "--json", "-")
    assert code == 0
    doc = json.loads(out)
    assert doc["format"] == "ldpref.optimize-gcms/1"
    assert doc["algorithm4"]["p"].startswith("0.7475546272")
    assert doc["algorithm4"]["s"] == 8
    assert doc["exact_variance_optimum"]["s"] == 10
    assert doc["exact_variance_optimum"]["p"].startswith("0.80888")
    # Lemma 1 over the integer s whose p meets Theorem 2's bound: the paper's 0.74 (s = 7)
    assert doc["lemma1_integer_s"]["s"] == 7 and doc["lemma1_integer_s"]["p"].startswith("0.7414")
    # Fig. 8: the p = 0.57 run used eps = 3.75
    code, out, _ = run(capsys, "optimize", "gcms", "--set", "eps=3.75", "f=1500", "n=48842", "k=100", "m=100",
                       "--json", "-")
    doc = json.loads(out)
    assert doc["lam"] == "750/24421"
    assert doc["lemma1_integer_s"]["s"] == 3 and doc["lemma1_integer_s"]["p"].startswith("0.56805")
    assert doc["algorithm4"]["p"].startswith("0.5853")


def test_optimize_gcms_is_exact_for_rational_exp_eps(capsys):
    code, out, _ = run(capsys, "optimize", "gcms", "--set", "exp_eps=3", "lam=1/10", "k=10", "m=20", "--json", "-")
    assert code == 0
    doc = json.loads(out)
    assert doc["exact_variance_optimum"]["p"] == "1/2"
    assert doc["exact_variance_optimum"]["q"] == "9/38"


@pytest.mark.parametrize("argv,needle", [
    (["optimize", "gcms", "--set", "eps=3.64", "k=100", "m=100"], "missing --set lam"),
    (["optimize", "gcms", "--set", "eps=3.64", "exp_eps=3", "lam=1/3", "k=1", "m=4"], "exactly one of exp_eps"),
    (["optimize", "gcms", "--set", "exp_eps=3", "lam=2", "k=1", "m=4"], "lam = 2 must lie in [0, 1]"),
    (["optimize", "rappor", "--set", "exp_eps=3"], "unknown optimisation target"),
    (["optimize", "gcms", "--set", "exp_eps=3", "f=5", "n=4", "k=1", "m=4"], "0 <= f <= n"),
])
def test_optimize_bad_input(capsys, argv, needle):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert needle in err


def test_ss_without_k_uses_the_l2_optimal_subset_size(capsys):
    code, out, _ = run(capsys, "mechanism", "ss", "--set", "d=8", "exp_eps=2", "--json", "-")
    assert code == 0
    doc = json.loads(out)
    best = min(range(1, 8), key=lambda k: (osc_l2_per_client(8, k, 2), k))
    assert doc["name"] == f"ss(d=8, k={best}, exp_eps=2)"
    assert len(doc["outputs"]) == len(subset_selection(8, best, 2).mechanism.outputs)


def test_mechanisms_catalogue_lists_every_export_name(capsys):
    code, out, _ = run(capsys, "mechanisms", "--json", "-")
    assert code == 0
    names = {m["name"] for m in json.loads(out)["mechanisms"]}
    assert {"grr", "sue", "oue", "ss", "cms", "he", "hr", "rhr", "olh", "cms-he", "gcms", "ocms-prime"} <= names
