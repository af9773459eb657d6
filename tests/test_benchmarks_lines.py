"""benchmarks/proofs_checks_lines.py (issue 22's line bar): each line counted once, in the right class."""

from __future__ import annotations

import importlib.util
import pathlib

_PATH = pathlib.Path(__file__).parent.parent / "benchmarks" / "proofs_checks_lines.py"
_SPEC = importlib.util.spec_from_file_location("proofs_checks_lines", _PATH)
lines = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(lines)

SAMPLE = '''"""Module docstring,
two lines."""
# a comment

_KW = dict(statement="s",
           note="n")
record(id="p/a", location="here",
       steps=(Grid("g", points, oracle),))  # a trailing comment stays with the record


def helper(x):
    """Its docstring."""
    return x + 1


ROOT_CAUSES = [RootCause("rc", "where",
                         "what")]
'''


def test_each_line_in_its_class():
    got = lines.classify(SAMPLE, obligation_module=False)
    assert got == {"docstring": 3, "comment": 1, "blank": 5, "record": 4, "code": 2, "root cause": 2}
    assert sum(got.values()) == len(SAMPLE.splitlines())


def test_an_obligation_module_counts_its_code_apart():
    got = lines.classify("def build(printed, derived):\n    return []\n", obligation_module=True)
    assert got == {"obligation module": 2}


def test_the_tree_total_is_every_line():
    counts = lines.count()
    total = sum(len(p.read_text().splitlines()) for p in lines.ROOT.rglob("*.py"))
    assert sum(counts["total"].values()) == total


def test_claim_code_reach_counts_one_claim_shared_and_unreached(tmp_path, monkeypatch):
    """benchmarks/claim_code_reach.py: a helper used by two records is shared, one used by one record (directly
    or through another helper, also across modules) serves one claim, an unused one serves none."""
    monkeypatch.syspath_prepend(str(_PATH.parent))
    spec = importlib.util.spec_from_file_location("claim_code_reach", _PATH.parent / "claim_code_reach.py")
    reach = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reach)
    root = tmp_path / "proofs_checks"
    (root / "p").mkdir(parents=True)
    (root / "p" / "__init__.py").write_text("")
    (root / "p" / "common.py").write_text("def shared(x):\n    y = x\n    return y\n")
    (root / "p" / "claims.py").write_text(
        "from .common import shared\n"
        "\n\ndef only_a(x):\n    return inner(x)\n"
        "\n\ndef inner(x):\n    return x\n"
        "\n\ndef unused(x):\n    return x\n"
        "\n\nrecord(id='p/a', steps=(only_a, shared))\n"
        "record(id='p/b', steps=(shared,))\n")
    got = reach.analyse(root)
    assert got["roots"] == 2
    assert got["classes"] == {"one claim": 4, "shared": 3, "no claim": 2, "module level": 1}, got
