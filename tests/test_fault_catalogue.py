"""The fault catalogue of docs/development.md (issue 26: "every fault above has a test") names only tests that
exist, in the files it names: a renamed or deleted test breaks this, not the catalogue's reader."""

from __future__ import annotations

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_test_the_fault_catalogue_names_exists():
    text = open(os.path.join(ROOT, "docs", "development.md"), encoding="utf-8").read()
    table = text[text.index("## Fault catalogue"):]
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(rows) >= 17
    named = 0
    for row in rows:
        current = None
        for file_, name in re.findall(r"`(?:([a-z_]+\.py))?::(test_\w+)`", row) + \
                [(f, n) for f, n in re.findall(r"`([a-z_]+\.py)::(test_\w+)`", row)]:
            current = file_ or current
            assert current, row
            source = open(os.path.join(ROOT, "tests", current), encoding="utf-8").read()
            assert f"def {name}(" in source, f"{current}::{name} named in the fault catalogue does not exist"
            named += 1
    assert named >= 30
