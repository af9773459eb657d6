"""Repository contracts: CI runs exactly the README's test command; the README is one short page whose links
resolve; the tour is generated."""

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


def test_tour_is_present():
    text = _read("docs", "tour.md")
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


#: the README is a page a newcomer reads in five minutes (issue 27)
README_MAX_CHARS = 12_000


def test_readme_is_short():
    assert len(_read("README.md")) <= README_MAX_CHARS


def _links(path):
    text = _read(path)
    return re.findall(r"\]\(([^)\s]+)\)", text)


def test_every_relative_link_of_the_readme_and_docs_resolves():
    pages = ["README.md", "CONTRIBUTING.md", "benchmarks/README.md"] + \
        [f"docs/{name}" for name in os.listdir(os.path.join(ROOT, "docs")) if name.endswith(".md")]
    checked = 0
    for page in pages:
        base = os.path.dirname(os.path.join(ROOT, page))
        for link in _links(page):
            if re.match(r"[a-z]+://", link) or link.startswith("#"):
                continue
            target = os.path.normpath(os.path.join(base, link.split("#", 1)[0]))
            assert os.path.exists(target), f"{page}: link {link} does not resolve"
            checked += 1
    assert checked >= 15


def test_mechanism_table_is_generated_into_its_page():
    text = _read("docs", "mechanisms.md")
    table = text.split("<!-- mechanisms:start -->", 1)[1].split("<!-- mechanisms:end -->", 1)[0]
    assert "| `grr` |" in table and "| `gcms` |" in table


#: the brief's size rule and issue 22's Done-when: no source file over 800 lines anywhere
MAX_SOURCE_LINES = 800
SOURCE_FOLDERS = ("ldpref", "derivations", "proofs_checks", "tests", "benchmarks", "docs", "conformance", "vectors")


def python_sources(root: str = ROOT, folders=SOURCE_FOLDERS):
    """Every ``.py`` file under ``root``'s ``folders`` (hidden folders and caches skipped), as paths under ``root``:
    the walk of the size rule here and of the line-length rule (``tests/test_line_length.py``)."""
    for folder in folders:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            dirnames[:] = [d for d in dirnames if not d.startswith(".") and d != "__pycache__"]  # .peer-venv etc.
            yield from (os.path.join(dirpath, f) for f in filenames if f.endswith(".py"))


def test_no_source_file_over_800_lines():
    sources = list(python_sources())
    assert len(sources) > 100  # the walk found the tree
    long = {os.path.relpath(p, ROOT): n for p in sources
            if (n := len(open(p, encoding="utf-8").read().splitlines())) > MAX_SOURCE_LINES}
    assert not long, f"split these modules (at most {MAX_SOURCE_LINES} lines each): {long}"
