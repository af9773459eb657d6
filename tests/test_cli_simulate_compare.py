"""``ldpref simulate A B C ...``: one comparison table and CSV, exact E[l2] against GRR's closed form, the same CSV
whatever the backend (--jobs, --dask-workers), CSV data files with a header, bad input in one line.

Seeded statistical check: the simulated mean l2 of GRR within 4.4 standard errors of the exact E[l2] (two-sided
false-alarm rate 1.1e-5 under the normal approximation of a mean of 48 independent trials)."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from ldpref.cli import main
from ldpref import data_specs

COUNTS = (30, 0, 12, 7, 5, 1)


def _run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _rows(text):
    return list(csv.DictReader(io.StringIO(text)))


def _grr_l2(counts, e):
    """E[l2] of GRR (e^eps = e, rational): sum_v (c_v p(1-p) + (n - c_v) q(1-q)) / (n (p - q))^2, from its
    definition (keep w.p. p = e/(e+d-1), else one of the d - 1 others w.p. q = 1/(e+d-1); unbiased estimate)."""
    d, n = len(counts), sum(counts)
    p, q = Fraction(e) / (e + d - 1), Fraction(1, e + d - 1)
    return sum((c * p * (1 - p) + (n - c) * q * (1 - q)) / (n * (p - q)) ** 2 for c in counts)


def test_comparison_csv_exact_and_simulated(tmp_path, capsys):
    out = tmp_path / "cmp.csv"
    data = "counts:" + ",".join(map(str, COUNTS))
    code, text, _ = _run(capsys, "simulate", "grr", "oue", "ss", "--set", "exp_eps=3", "ss.k=2", "--data", data,
                         "--trials", "48", "--seed", "4", "--csv", str(out))
    assert code == 0 and "grr" in text and "exact E[l2]" in text
    rows = _rows(out.read_text())
    assert [r["mechanism"] for r in rows] == ["grr", "oue", "ss"]
    assert "k=2" in rows[2]["params"] and all(r["trials"] == "48" and r["d"] == "6" for r in rows)
    grr = rows[0]
    want = _grr_l2(COUNTS, 3)
    assert abs(Fraction(grr["exact_l2"]) - want) < Fraction(1, 10**14) * want
    assert abs(float(grr["l2"]) - float(want)) < 4.4 * float(grr["l2_se"])
    assert float(grr["exact_worst_mse"]) <= float(want) and float(grr["exact_worst_mse"]) > 0


def test_row_equals_the_single_mechanism_run(tmp_path, capsys):
    data = "counts:" + ",".join(map(str, COUNTS))
    code, _, _ = _run(capsys, "simulate", "oue", "--set", "exp_eps=3", "--data", data, "--trials", "32",
                      "--json", str(tmp_path / "one.json"))
    assert code in (0, 1)
    single = json.loads((tmp_path / "one.json").read_text())
    code, text, _ = _run(capsys, "simulate", "oue", "--set", "exp_eps=3", "--data", data, "--trials", "32",
                         "--csv", "-", "--no-exact")
    assert code == 0
    row = _rows(text)[0]
    assert float(row["l2"]) == single["l2"]["value"] and row["exact_l2"] == "" and row["exact_worst_mse"] == ""


def test_same_csv_with_jobs_and_dask(tmp_path, capsys):
    pytest.importorskip("distributed")
    data = "counts:" + ",".join(map(str, COUNTS))
    base = ["simulate", "grr", "olh", "--set", "exp_eps=3", "--data", data, "--trials", "40", "--seed", "9",
            "--no-exact"]
    assert _run(capsys, *base, "--csv", str(tmp_path / "a.csv"), "--jobs", "1")[0] == 0
    assert _run(capsys, *base, "--csv", str(tmp_path / "b.csv"), "--dask-workers", "2")[0] == 0
    a, b = (tmp_path / "a.csv").read_bytes(), (tmp_path / "b.csv").read_bytes()
    assert a == b and len(_rows(a.decode())) == 2
    assert _run(capsys, *base[:-3], "--seed", "10", "--no-exact", "--csv", str(tmp_path / "c.csv"))[0] == 0
    assert (tmp_path / "c.csv").read_bytes() != a  # the seed matters: the comparison is not vacuous


def test_csv_data_with_header_column_and_blank_lines(tmp_path):
    f = tmp_path / "people.csv"
    f.write_text("age,city\n\n30, Oslo\n41,Lima\n\n22,Oslo\n")
    ds = data_specs.parse(f"csv:{f},column=city")
    assert ds.counts == (1, 2) and ds.source["labels"] == ["Lima", "Oslo"]
    ages = data_specs.parse(f"csv:{f},column=age")
    assert ages.d == 42 and ages.counts[30] == 1 and ages.n == 3
    one = tmp_path / "one.csv"
    one.write_text("item\nb\na\n\nb\n")
    assert data_specs.parse(str(one)).counts == (1, 2)
    txt = tmp_path / "items.txt"
    txt.write_text("x\ny\n\nx\n\n")
    assert data_specs.parse(str(txt)).counts == (2, 1)


@pytest.mark.parametrize("content, spec_tail, message", [
    ("a,b\n1,2\n", "", "choose one with csv:"),
    ("a,b\n1,2\n", ",column=c", "no column 'c'"),
    ("a,b\n1,2\n3\n", ",column=a", "line 3 has 1 fields"),
    ("a,b\n1,\n", ",column=b", "line 2: column 'b' is empty"),
    ("a\n\n", ",column=a", "no records"),
    # found by the fuzzer (issue 26, item 7): csv.Error and UnicodeDecodeError escaped as tracebacks
    ("x" * 200_000, ",column=a", "not a CSV record (field larger than field limit"),
    ("a\ncaf\xe9\n", "", "not UTF-8 text"),
])
def test_bad_csv_data_is_one_line(tmp_path, capsys, content, spec_tail, message):
    f = tmp_path / "d.csv"
    f.write_bytes(content.encode("latin-1"))
    code, out, err = _run(capsys, "simulate", "grr", "oue", "--set", "exp_eps=3", "--data", f"csv:{f}{spec_tail}",
                          "--trials", "4")
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err


@pytest.mark.parametrize("extra, message", [
    (["--set", "k=2"], "grr does not take 'k'"),
    (["--set", "nope.k=2"], "nope is not one of the mechanisms"),
    (["--jobs", "2", "--dask-workers", "2"], "not both"),
    (["--csv", "-", "--json", "-"], "only one of them"),
    (["--csv", "/nonexistent-folder/x.csv"], "does not exist"),
])
def test_bad_comparison_input_one_line_exit_2(capsys, extra, message):
    code, out, err = _run(capsys, "simulate", "grr", "ss", "--set", "exp_eps=3", "--data", "counts:3,2,1",
                          "--trials", "4", *extra)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err
