"""Bad input found by trying ldpref as a new user would (issue 26, "validation"): each is one
``ldpref: error:`` line naming the problem, exit 2, and nothing printed before it."""

from __future__ import annotations

import json
import os

import pytest

from ldpref.cli import main
from ldpref.errors import FormatError
from ldpref.json_input import loads

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _error(capsys, argv, *words):
    code = main(argv)
    captured = capsys.readouterr()
    assert code == 2, (code, captured.err)
    assert captured.out == "", captured.out  # nothing before the error
    assert captured.err.count("\n") == 1 and captured.err.startswith("ldpref: error:"), captured.err
    for w in words:
        assert w in captured.err, (w, captured.err)
    return captured.err


# ---- counts of any size ------------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["counts:9223372036854775808,1", "counts:18446744073709551616,1"])
def test_simulate_counts_beyond_int64_refused(capsys, spec):
    _error(capsys, ["simulate", "grr", "--set", "exp_eps=3", "--data", spec, "--trials", "5"], "n = ", "at most")


def test_simulate_json_counts_of_any_size_refused(tmp_path, capsys):
    data = tmp_path / "c.json"
    data.write_text(json.dumps([10**30, 1]))
    _error(capsys, ["simulate", "grr", "--set", "exp_eps=3", "--data", str(data), "--trials", "5"],
           str(data), f"n = {10**30 + 1}")


def test_moments_is_exact_for_counts_beyond_int64(capsys):
    n0 = 2**63
    assert main(["moments", "grr", "--set", "d=2", "exp_eps=3", "--counts", f"{n0},1"]) == 0
    out = capsys.readouterr().out
    assert f"E    {n0}/{n0 + 1}" in out  # E[f_hat(0)] = f(0) = n0 / n, exactly


# ---- duplicate JSON keys, in every JSON input ---------------------------------------------------------------
def test_json_input_names_a_duplicate_key_at_any_depth():
    with pytest.raises(FormatError, match="src: the key 'b' is given twice"):
        loads('{"a": [{"b": 1, "b": 2}]}', source="src")
    with pytest.raises(FormatError, match="NaN is not a JSON number"):
        loads('[NaN]', source="src")
    with pytest.raises(FormatError, match="more digits than Python converts"):
        loads("[" + "9" * 5000 + "]", source="src")
    assert loads('{"a": {"b": 1}, "b": 2}', source="src") == {"a": {"b": 1}, "b": 2}  # same key, two objects


def test_duplicate_key_in_a_data_file(tmp_path, capsys):
    data = tmp_path / "c.json"
    data.write_text('{"counts": [1, 2], "counts": [3, 4]}')
    _error(capsys, ["simulate", "grr", "--set", "exp_eps=3", "--data", str(data), "--trials", "5"],
           str(data), "'counts' is given twice")


def test_duplicate_key_in_a_mechanism_file(tmp_path, capsys):
    path = tmp_path / "m.json"
    path.write_text('{"format": "ldpref.mechanism/1", "inputs": 2, "inputs": 3, "outputs": ["a", "b"], '
                    '"P": [["1", "0"], ["0", "1"]]}')
    _error(capsys, ["audit", str(path)], str(path), "'inputs' is given twice")


def test_duplicate_key_in_conform_vectors(tmp_path, capsys):
    (tmp_path / "v.json").write_text('{"format": "ldpref.vectors/1", "format": "x", "tests": []}')
    adapter = os.path.join(ROOT, "conformance", "adapters", "reference_grr.py")
    _error(capsys, ["conform", adapter, "--vectors", str(tmp_path)], "'format' is given twice")


# ---- mechanism files: numbers Python will not convert, zero denominators ------------------------------------
@pytest.mark.parametrize("entry, words", [
    ("1" + "0" * 5000, ["more digits than Python converts"]),
    ('"1' + "0" * 5000 + '/3"', ["$.P[0][0]", "5,001 digits"]),
    ('"1/0"', ["$.P[0][0]", "zero denominator"]),
])
def test_audit_of_unconvertible_entries(tmp_path, capsys, entry, words):
    path = tmp_path / "m.json"
    path.write_text('{"format": "ldpref.mechanism/1", "inputs": 2, "outputs": ["a", "b"], '
                    f'"P": [[{entry}, "0"], ["0", "1"]]}}')
    _error(capsys, ["audit", str(path)], str(path), *words)


# ---- data files ----------------------------------------------------------------------------------------------
def test_binary_data_file_is_named(tmp_path, capsys):
    data = tmp_path / "items.txt"
    data.write_bytes(b"a\n\xff\xfe\x00b\n")
    _error(capsys, ["simulate", "grr", "--set", "exp_eps=3", "--data", str(data), "--trials", "5"],
           str(data), "not a UTF-8 text file")


def test_unreadable_data_file_is_named(tmp_path, capsys):
    """A file that exists but cannot be read (/proc/self/mem fails every read with EIO, even for root)."""
    if not os.path.exists("/proc/self/mem"):
        pytest.skip("no /proc/self/mem")
    link = tmp_path / "mem.txt"
    link.symlink_to("/proc/self/mem")
    _error(capsys, ["simulate", "grr", "--set", "exp_eps=3", "--data", str(link), "--trials", "5"],
           str(link), "cannot read")


# ---- options -------------------------------------------------------------------------------------------------
def test_repeated_claim_runs_every_claim(capsys):
    ids = ["jiang-gcms/sec2.B.variance", "pan-cms/thm3.3"]
    assert main(["verify", "--claim", ids[0], "--claim", ids[1]]) == 0
    out = capsys.readouterr().out
    assert all(f"\n{i} " in out for i in ids) and "summary: verified 2" in out


def test_repeated_claim_outside_paper_refused(capsys):
    _error(capsys, ["verify", "--paper", "pan-cms", "--claim", "pan-cms/thm3.3", "--claim",
                    "jiang-gcms/sec2.B.variance"], "jiang-gcms/sec2.B.variance is not a claim of --paper pan-cms")


@pytest.mark.parametrize("delta", ["1/2", "0.5", "3/4"])
def test_discover_delta_outside_open_half_interval(tmp_path, capsys, delta):
    data = tmp_path / "items.txt"
    data.write_text("a\nb\na\n")
    _error(capsys, ["discover", "--data", str(data), "--eps", "1", "--delta", delta], "strictly between 0 and 1/2")


def test_conform_unknown_case_is_exit_2(capsys):
    adapter = os.path.join(ROOT, "conformance", "adapters", "reference_grr.py")
    _error(capsys, ["conform", adapter, "--case", "nosuch", "--trials", "20"], "--case nosuch", "no such case",
           "grr-d4-e3")


def test_moments_worst_of_a_symbol_fails_before_printing(capsys):
    _error(capsys, ["moments", "grr", "--set", "d=3", "exp_eps=exp_eps", "--counts", "3,2,1", "--worst"],
           "symbolic")


def test_moments_cov_is_sized_before_any_work(capsys):
    counts = ",".join(["1"] * 1500)
    _error(capsys, ["moments", "grr", "--set", "d=1500", "exp_eps=3", "--counts", counts, "--cov"],
           "--cov of 1500 values", "2,250,000", "--values")
    assert main(["moments", "grr", "--set", "d=1500", "exp_eps=3", "--counts", counts, "--cov",
                 "--values", "0,1,2"]) == 0  # a few values of a large d: fine
    assert "covariance (rows/columns: values 0,1,2)" in capsys.readouterr().out


def test_unreadable_mechanism_file_is_named(tmp_path, capsys):
    if not os.path.exists("/proc/self/mem"):
        pytest.skip("no /proc/self/mem")
    link = tmp_path / "m.json"
    link.symlink_to("/proc/self/mem")
    _error(capsys, ["audit", str(link)], str(link), "cannot read the mechanism file")
