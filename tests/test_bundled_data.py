"""ldpref.bundled_data: the experiments' data sets ship inside the package and are checked on load (issue 27).

Every shipped file is byte-identical to the copy the checksums in ``ldpref/data/README.md`` name; a missing or
altered file (through ``LDPREF_DATA_DIR``) is one line naming the file and the expected checksum, exit 2; the
package configuration carries the files into the wheel; no code or test reads a folder outside the repository.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from ldpref import bundled_data as B
from ldpref import data_specs as ds
from ldpref.cli import main
from ldpref.errors import ParameterError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch):
    """Each test sees the checksum check run again (the cache is keyed by path, size, mtime and inode)."""
    monkeypatch.setattr(B, "_verified", {})


def test_every_shipped_file_matches_its_checksum_by_an_independent_hash():
    for name, (digest, size) in B.FILES.items():
        path = ROOT / "ldpref" / "data" / name
        raw = path.read_bytes()
        assert len(raw) == size and hashlib.sha256(raw).hexdigest() == digest, name
        assert B.data_file(name) == path.resolve()


def test_readme_states_the_same_checksums():
    readme = (ROOT / "ldpref" / "data" / "README.md").read_text(encoding="utf-8")
    for name, (digest, size) in B.FILES.items():
        assert re.search(rf"`{re.escape(name)}` \| {size:,} \| `{digest}`", readme), name
    for heading in ("Source", "What was cut", "licen"):
        assert heading.lower() in readme.lower()


def test_package_data_globs_cover_every_file():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["ldpref"]
    for name in [*B.FILES, "README.md"]:
        assert any(fnmatch(f"data/{name}", g) for g in globs), name


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    for name in B.FILES:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "ldpref" / "data" / name, folder / name)
    return folder


def test_override_folder_is_used_and_checked(tmp_path, monkeypatch):
    folder = _copy(tmp_path)
    monkeypatch.setenv(B.ENV_VAR, str(folder))
    assert B.data_file("adult/adult.test.csv") == folder / "adult" / "adult.test.csv"
    assert sorted(ds.parse("adult").counts)[0] == 83


def test_missing_file_names_file_and_checksum(tmp_path, monkeypatch):
    folder = _copy(tmp_path)
    (folder / "kosarak" / "kosarak-head.dat").unlink()
    monkeypatch.setenv(B.ENV_VAR, str(folder))
    with pytest.raises(ParameterError) as info:
        ds.parse("kosarak:d=5")
    message = str(info.value)
    assert "\n" not in message and "kosarak-head.dat is missing" in message
    assert B.FILES["kosarak/kosarak-head.dat"][0] in message


@pytest.mark.parametrize("change", ["flip a byte", "truncate"])
def test_altered_file_is_refused(tmp_path, monkeypatch, change):
    folder = _copy(tmp_path)
    path = folder / "adult" / "adult.data.csv"
    raw = bytearray(path.read_bytes())
    if change == "flip a byte":
        raw[1000] ^= 1          # same size: only the hash can tell
    else:
        del raw[-10:]
    path.write_bytes(bytes(raw))
    monkeypatch.setenv(B.ENV_VAR, str(folder))
    with pytest.raises(ParameterError) as info:
        ds.parse("adult:column=education")
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    assert B.FILES["adult/adult.data.csv"][0] in message


def test_altered_file_is_exit_2_with_one_line(tmp_path, monkeypatch, capsys):
    folder = _copy(tmp_path)
    path = folder / "adult" / "adult.test.csv"
    raw = bytearray(path.read_bytes())
    raw[-5] ^= 1
    path.write_bytes(bytes(raw))
    monkeypatch.setenv(B.ENV_VAR, str(folder))
    code = main(["simulate", "grr", "--set", "exp_eps=3", "--data", "adult:column=education", "--trials", "2"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "adult.test.csv" in err[0] and B.FILES["adult/adult.test.csv"][0] in err[0]


def test_unknown_file_name():
    with pytest.raises(ParameterError, match="no shipped data file"):
        B.data_file("kosarak/other.dat")


def test_no_code_or_test_reads_outside_the_repository():
    """No file of the project names the data folder beside the repository that ldpref once read (this test
    spells the pattern in pieces so that it does not find itself)."""
    pattern = "shared" + r"(/|\W+)data"
    # the project's files only: a git-ignored folder (conformance/.peer-venv, .venv) holds other projects' code
    found = subprocess.run(["grep", "-rlnE", "--include=*.py", "--include=*.md", "--include=*.txt",
                            "--exclude-dir=.peer-venv", "--exclude-dir=.venv", "--exclude-dir=__pycache__", pattern,
                            "ldpref", "tests", "derivations", "proofs_checks", "benchmarks", "conformance", ".ci"],
                           cwd=ROOT, capture_output=True, text=True)
    assert found.returncode == 1, found.stdout


def test_installed_package_finds_its_data():
    """From an interpreter whose working folder is not the repository, ldpref (wherever it is imported from)
    finds its data inside the package folder; ``.ci/run`` runs this same probe against the installed wheel."""
    probe = ("import ldpref.bundled_data as b, pathlib; "
             "paths = [b.data_file(f) for f in b.FILES]; "
             "pkg = pathlib.Path(b.__file__).parent; "
             "assert all(p.is_relative_to(pkg / 'data') for p in paths), paths; print(len(paths))")
    done = subprocess.run([sys.executable, "-c", probe], cwd="/", capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and done.stdout.strip() == "3", done.stderr
