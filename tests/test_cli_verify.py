"""`ldpref verify`: bad input answered before any work, the distinct-error summary, and `--self-check`."""

import json

import pytest

from ldpref.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, needle", [
    (["--jobs", "0"], "argument --jobs: 0 is below 1"),
    (["--jobs", "100000"], "argument --jobs: 100000 is above"),
    (["--paper", "pan-cms", "--claim", "jiang-gcms/sec2.B"], "not a claim of --paper pan-cms"),
    (["--claim", "jiang-gcms/no-such-claim"], "no claim"),
    (["--paper", "no-such-paper"], "unknown paper"),
    (["--json", "/nonexistent-folder/x.json"], "does not exist"),
])
def test_bad_verify_input_is_one_line_exit_2_before_any_work(capsys, argv, needle):
    code, out, err = run(capsys, "verify", *argv)
    assert code == 2
    assert out == ""  # no table header: refused before any work
    assert needle in err and len(err.strip().splitlines()) == 1


def test_verify_json_reports_paths_and_counts(capsys):
    code, out, err = run(capsys, "verify", "--claim", "jiang-gcms/sec3.A.BRR", "--jobs", "1", "--json", "-")
    assert code == 0
    doc = json.loads(out)
    (c,) = doc["claims"]
    assert c["verdict"] == "verified" and c["root_cause"] is None
    paths = {chk["path"] for chk in c["checks"]}
    assert "proof" in paths and "enumeration" in paths
    assert all(sum(chk["paths"].values()) == chk["instances"] for chk in c["checks"])
    assert "distinct_errors" in doc and "summary:" in err


def test_self_check_json(capsys):
    code, out, err = run(capsys, "verify", "--self-check", "--claim", "jiang-gcms/sec3.A.BRR", "--jobs", "2",
                         "--json", "-")
    doc = json.loads(out)
    assert doc["format"] == "ldpref.selfcheck/1"
    (c,) = doc["claims"]
    assert c["baseline"] == "verified" and c["sensitive"] and code == 0
    assert all(v["passed"] for m, v in c["mutations"].items() if m != "correction-perturbed")
    assert c["mutations"]["correction-perturbed"]["passed"] is None  # a verified claim displays no correction
    assert c["mutations"]["printed-as-derived"]["verdict"] == "verified"
    assert c["mutations"]["printed-perturbed"]["verdict"] in ("erratum", "error")
    assert c["mutations"]["derived-perturbed"]["verdict"] == "error"
    assert doc["insensitive"] == []
