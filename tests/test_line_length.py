"""No line of the project's Python over 120 characters (CONTRIBUTING's style).

Every ``.py`` file under the source folders (``tests/test_repo.py``'s ``SOURCE_FOLDERS``, the same walk as the
800-line rule, and ``.ci``) is read as UTF-8 and each line measured in characters (``awk 'length > 120'`` in a UTF-8
locale; a byte count would flag lines with Greek letters or math symbols that are shorter).  Generated pages
(``docs/*.md``) are not Python and are not measured.
"""

from __future__ import annotations

import os

from test_repo import ROOT, SOURCE_FOLDERS, python_sources

#: the most characters a line may have
MAX_LINE = 120


def python_files(root: str = ROOT) -> list[str]:
    """Every ``.py`` file of the size rule's walk (:func:`test_repo.python_sources`) and of ``.ci``, relative to
    ``root`` with ``/`` separators."""
    return sorted(os.path.relpath(p, root).replace(os.sep, "/") for p in python_sources(root, (*SOURCE_FOLDERS, ".ci")))


def long_lines(root: str, files) -> dict[str, list[int]]:
    """file -> the numbers of its lines longer than :data:`MAX_LINE` characters, for every such file."""
    out = {}
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8") as fh:
            numbers = [i for i, line in enumerate(fh.read().splitlines(), 1) if len(line) > MAX_LINE]
        if numbers:
            out[rel] = numbers
    return out


def test_no_line_over_120_characters():
    files = python_files()
    assert len(files) > 400 and "ldpref/cli/__init__.py" in files  # the walk found the tree
    found = long_lines(ROOT, files)
    assert not found, (f"lines over {MAX_LINE} characters (wrap them; do not join or shorten names):\n"
                       + "\n".join(f"{rel}: lines {lines}" for rel, lines in sorted(found.items())))


def test_line_length_check_can_fail(tmp_path):
    """A planted line of 121 characters is found (with its number); a line of 120 characters, and one of two-byte
    letters over 120 bytes but under 120 characters, are not."""
    pkg = tmp_path / "ldpref"
    pkg.mkdir()
    (pkg / "ok.py").write_text("x = 1\n" + "#" * MAX_LINE + "\n" + f"s = '{'ε' * 60}'\n", encoding="utf-8")
    (pkg / "planted.py").write_text('"""A module."""\n\n' + "y = '" + "a" * (MAX_LINE - 5) + "'\n", encoding="utf-8")
    files = python_files(str(tmp_path))
    assert files == ["ldpref/ok.py", "ldpref/planted.py"]
    assert long_lines(str(tmp_path), files) == {"ldpref/planted.py": [3]}
