"""Repository contracts: CI runs exactly the README's test command; the README tour is generated."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _read(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as fh:
        return fh.read()


def readme_commands():
    text = _read("README.md")
    section = text.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```console\n(.+?)\n```", section)


def test_readme_has_two_commands():
    commands = readme_commands()
    assert len(commands) == 2
    assert commands[0].endswith("ldpref verify")
    assert "pytest" in commands[1]


def test_ci_runs_exactly_the_readme_test_command():
    ci_lines = [line for line in _read(".ci", "run").splitlines() if line and not line.startswith("#")]
    assert readme_commands()[1] in ci_lines


def test_readme_tour_is_present():
    text = _read("README.md")
    tour = text.split("<!-- tour:start -->", 1)[1].split("<!-- tour:end -->", 1)[0]
    assert "$ ldpref verify" in tour and "$ ldpref audit" in tour


def test_readme_claim_counts_are_the_ledgers():
    from collections import Counter

    from ldpref.ledger.claim import load_claims

    counts = Counter(c.paper for c in load_claims())
    text = _read("README.md")
    match = re.search(r"The ledger holds (\d+) claims: `pan-cms` (\d+), `pan-strict` (\d+), `jiang-gcms` (\d+) and "
                      r"(\d+) cross-paper", text.replace("\n", " "))
    assert match, "README lost its sentence with the claim counts"
    total, cms, strict, gcms, cross = map(int, match.groups())
    assert (total, cms, strict, gcms, cross) == (sum(counts.values()), counts["pan-cms"], counts["pan-strict"],
                                                  counts["jiang-gcms"], counts["cross"])
