"""benchmarks/simulate.py at tiny sizes: ldpref's side of the protocol table, the SKIPPED line of a missing peer
environment (exit status 0), the JSON record, and the refusal of an unwritable --json folder (exit 2).
No timing is asserted (timings come from running the script; this only checks its output's shape)."""

from __future__ import annotations

import importlib.util
import json
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_script():
    spec = importlib.util.spec_from_file_location("bench_simulate", os.path.join(ROOT, "benchmarks", "simulate.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_protocol_table_without_a_peer_environment(tmp_path, capsys):
    script = load_script()
    out_json = tmp_path / "record.json"
    code = script.main(["--part", "protocol", "--n", "3000", "--d", "200", "--k", "4", "--m", "16", "--gcms-s", "2",
                        "--peer-venv", str(tmp_path / "no-such-venv"), "--no-build", "--json", str(out_json)])
    out = capsys.readouterr().out
    assert code == 0
    assert re.search(r"^peers SKIPPED: no peer environment at .*no-such-venv", out, re.M), out
    rows = [line for line in out.splitlines() if re.match(r"(OLH|CMS|GCMS)\b", line)]
    assert [r.split(",")[0] for r in rows] == ["OLH", "OLH", "CMS (Apple's: inner srp)", "CMS (inner rr)", "GCMS"]
    for row in rows:  # ldpref's clients per second is a positive number; a peer column says SKIPPED or '-'
        rate = re.search(r"\s([0-9][0-9,]*)\s", row[40:])
        assert rate and int(rate.group(1).replace(",", "")) > 0, row
        assert "SKIPPED" in row or row.rstrip().endswith("-"), row
    assert "multi-freq-ldpy has no CMS: not compared" in out
    assert "pure-ldp has no GCMS: not compared" in out
    record = json.loads(out_json.read_text())
    assert record["machine"]["cores"] == os.cpu_count()
    assert record["protocol"]["peer_status"].startswith("peers SKIPPED")
    assert [c["id"] for c in record["protocol"]["cases"]] == ["olh-k", "olh-fresh", "cms-srp", "cms-rr", "gcms-s2"]
    assert all(c["ldpref"]["clients_per_s"] > 0 for c in record["protocol"]["cases"])


def test_a_peer_environment_that_does_not_import_is_skipped(tmp_path):
    script = load_script()
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    os.symlink("/bin/false", venv / "bin" / "python")  # runs, but imports nothing
    py, line = script.peer_python(str(venv), build=False)
    assert py is None and line.startswith("peers SKIPPED:")


def test_unwritable_json_folder_is_refused_before_any_work(capsys):
    script = load_script()
    with pytest.raises(SystemExit) as exc:
        script.main(["--part", "protocol", "--json", "/proc/no-such-dir/x.json"])
    assert exc.value.code == 2
    assert "--json" in capsys.readouterr().err
