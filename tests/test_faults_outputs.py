"""Output files under faults (issue 26, "atomic outputs"): a full disk (RLIMIT_FSIZE in a child process, and
/dev/full), a path that cannot hold a file, two outputs to one path, a rerun after an interrupted run.

Every failure must be one ``ldpref: error:`` line naming the file, exit 2, and leave the old file (or nothing)
and no temporary file behind.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from ldpref.atomic import OutputError, write_file
from ldpref.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _child(argv, *, fsize: int | None = None, cwd=None, timeout=120):
    """``ldpref argv`` in a child process, its files limited to ``fsize`` bytes (a full disk); stderr is a pipe,
    which the limit does not cover."""
    def limit():
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.run([sys.executable, "-m", "ldpref.cli", *argv], capture_output=True, text=True, env=env,
                          preexec_fn=limit, cwd=cwd, timeout=timeout)


def _one_error_line(proc, *words):
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ldpref: error:"), proc.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])


def _only(folder, *names):
    assert sorted(os.listdir(folder)) == sorted(names), os.listdir(folder)  # no temporary file left


# ---- the helper -------------------------------------------------------------------------------------------
def test_write_file_replaces_whole_and_keeps_the_mode(tmp_path):
    target = tmp_path / "a.json"
    write_file(str(target), "old\n")
    os.chmod(target, 0o640)
    write_file(str(target), "new\n")
    assert target.read_text() == "new\n" and (os.stat(target).st_mode & 0o777) == 0o640
    _only(tmp_path, "a.json")


def test_write_file_failure_names_the_file_and_keeps_the_old_one(tmp_path):
    target = tmp_path / "a.json"
    target.write_text("old\n")
    os.chmod(tmp_path, 0o500)
    try:
        if os.access(tmp_path, os.W_OK):  # root ignores the mode: a missing folder fails for everyone
            missing = tmp_path / "no" / "a.json"
            with pytest.raises(OutputError, match=str(missing)):
                write_file(str(missing), "x")
        else:
            with pytest.raises(OutputError, match="a.json"):
                write_file(str(target), "new\n")
    finally:
        os.chmod(tmp_path, 0o700)
    assert target.read_text() == "old\n"
    _only(tmp_path, "a.json")


def test_devices_are_written_in_place_never_replaced():
    write_file(os.devnull, "x")  # fine, and /dev/null stays a device
    assert not os.path.isfile(os.devnull)
    if os.path.exists("/dev/full"):
        with pytest.raises(OutputError, match="/dev/full"):
            write_file("/dev/full", "x" * 10)
        assert not os.path.isfile("/dev/full")


# ---- a full disk: the old file stays whole, the error names the file ----------------------------------------
@pytest.mark.parametrize("argv, name", [
    (["mechanism", "grr", "--set", "d=8", "exp_eps=3", "--json", "{out}"], "m.json"),
    (["simulate", "grr", "--set", "exp_eps=3", "--data", "counts:3,2,1", "--trials", "5", "--json", "{out}"],
     "s.json"),
    (["verify", "--claim", "jiang-gcms/sec2.B.variance", "--json", "{out}"], "v.json"),
])
def test_full_disk_leaves_the_old_file(tmp_path, argv, name):
    out = tmp_path / name
    out.write_text('{"old": true}\n')
    proc = _child([a.replace("{out}", str(out)) for a in argv], fsize=200)
    _one_error_line(proc, str(out), "File too large")
    assert json.loads(out.read_text()) == {"old": True}
    _only(tmp_path, name)


def test_full_disk_during_vectors_leaves_only_whole_files_and_the_rerun_works(tmp_path):
    out = tmp_path / "v"
    proc = _child(["vectors", "--out", str(out), "--mechanism", "grr", "--mechanism", "sue"], fsize=4096)
    _one_error_line(proc, str(out), "File too large")
    for name in os.listdir(out):
        assert not name.startswith(".") and json.loads((out / name).read_text())["format"] == "ldpref.vectors/1"
    rerun = _child(["vectors", "--out", str(out), "--mechanism", "grr", "--mechanism", "sue"])
    assert rerun.returncode == 0, rerun.stderr
    _only(out, "grr.json", "sue.json")


def test_full_disk_during_docs_leaves_the_old_pages(tmp_path):
    """The docs pages (``ldpref docs`` writes them with ledger.report.write_docs; one claim here, not the ledger)."""
    (tmp_path / "ledger").mkdir()
    page = tmp_path / "ledger" / "jiang-gcms.md"
    page.write_text("old page\n")
    code = ("import sys\n"
            "from ldpref.ledger.claim import select_claims\n"
            "from ldpref.ledger.runner import run_claim\n"
            "from ldpref.ledger.report import write_docs\n"
            "from ldpref.atomic import OutputError\n"
            "rs = [run_claim(c, with_latex=True) for c in select_claims(None, 'jiang-gcms/sec2.B.variance')]\n"
            "try:\n"
            "    write_docs(rs, sys.argv[1])\n"
            "except OutputError as exc:\n"
            "    print(exc, file=sys.stderr)\n"
            "    sys.exit(2)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": ROOT},
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300)))
    assert proc.returncode == 2 and str(page) in proc.stderr and "File too large" in proc.stderr, proc.stderr
    assert page.read_text() == "old page\n"
    _only(tmp_path / "ledger", "jiang-gcms.md")


def test_dev_full_is_one_line(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    proc = _child(["mechanism", "grr", "--set", "d=3", "exp_eps=3", "--json", "/dev/full"])
    _one_error_line(proc, "/dev/full", "No space left")


# ---- paths that cannot hold the file: refused before any work ----------------------------------------------
@pytest.mark.parametrize("path, words", [
    ("/proc/x.json", ["/proc/x.json", "cannot create a file"]),
    ("{tmp}/" + "a" * 300 + ".json", ["305 bytes long", "at most 255"]),
    ("", ["empty file name"]),
])
def test_unwritable_json_paths_are_one_line_before_any_work(tmp_path, capsys, path, words):
    code = main(["mechanism", "grr", "--set", "d=3", "exp_eps=3", "--json", path.replace("{tmp}", str(tmp_path))])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.count("\n") == 1 and all(w in captured.err for w in words), captured.err


@pytest.mark.parametrize("command", [["figure", "jiang-gcms/fig8", "--quick"], ["vectors"], ["docs"]])
def test_empty_output_folder_is_refused(capsys, command):
    assert main([*command, "--out", ""]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--out: empty folder name" in err


# ---- two outputs of one command to one path ----------------------------------------------------------------
def test_wss_json_and_certificate_to_one_path_refused(tmp_path, capsys):
    same = str(tmp_path / "same.json")
    code = main(["wss", "--set", "d=3", "exp_eps=3", "--json", same, "--certificate", same])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "name the same file" in err and not os.path.exists(same)


def test_conform_json_and_report_to_one_path_refused(tmp_path, capsys):
    same = str(tmp_path / "same.txt")
    alias = str(tmp_path / "." / "same.txt")
    adapter = os.path.join(ROOT, "conformance", "adapters", "reference_grr.py")
    code = main(["conform", adapter, "--trials", "20", "--json", same, "--report", alias])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--json and --report name the same file" in err
    assert not os.path.exists(same)


# ---- one door for output files -------------------------------------------------------------------------------
def test_ldpref_writes_files_only_through_the_atomic_helper():
    """No module but ldpref/atomic.py opens a file for writing, saves a figure to a path or writes text to one
    (a direct write is what left truncated files on a full disk)."""
    import re

    direct = re.compile(r"""open\([^)]*["'][wax]b?\+?["']|\.savefig\(\s*(?!png|svg)[a-z_]*path|write_text\(|"""
                        r"""write_bytes\(|json\.dump\(""")
    offenders = []
    for folder, _, names in os.walk(os.path.join(ROOT, "ldpref")):
        for name in names:
            path = os.path.join(folder, name)
            if not name.endswith(".py") or path.endswith(os.path.join("ldpref", "atomic.py")):
                continue
            with open(path, encoding="utf-8") as fh:
                for no, line in enumerate(fh, 1):
                    if direct.search(line):
                        offenders.append(f"{os.path.relpath(path, ROOT)}:{no}: {line.strip()}")
    assert offenders == []


@pytest.mark.parametrize("argv", [
    ["verify", "--paper", "cross", "--jobs", "2"],
    ["simulate", "grr", "--set", "exp_eps=3", "--data", "zipf:d=5,n=500", "--trials", "4000", "--jobs", "2"],
])
def test_worker_pool_that_cannot_start_is_one_line(argv):
    """Under a full disk (RLIMIT_FSIZE 0) the pool's semaphores cannot be created under /dev/shm: one line naming
    the worker processes and the way out, not a bare '[Errno 27] File too large (OSError)'."""
    proc = _child(argv, fsize=0)
    _one_error_line(proc, "--jobs 2: cannot start the worker processes", "--jobs 1")
