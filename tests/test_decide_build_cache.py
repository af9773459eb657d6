"""The disk cache of built obligations (ldpref.decide.build_cache, issue 22's speed bar): a hit gives the same
evidence as a fresh build, a mutated form or builder source changes the key and builds again, and a cached text
that is not among the proved ones is never taken for a proof."""

from __future__ import annotations

import dataclasses
import json
import os
import sys

import pytest

from ldpref.decide import build_cache, record
from ldpref.ledger.claim import find_claim, load_claims
from ldpref.ledger.forms import Predicate, perturb
from ldpref.ledger.runner import run_claim

CLAIM = "jiang-gcms/fig5.k"  # a claim with obligations and a correction of its own (cheap to run)


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LDPREF_CACHE", str(tmp_path))
    return tmp_path


def _files(folder) -> list:
    return sorted(os.path.join(r, f) for r, _, fs in os.walk(folder) for f in fs if f.endswith(".json"))


def _evidence(result) -> list:
    return [(r.kind, r.name, r.passed, r.instances, r.detail, r.role,
             tuple(sorted(r.paths.items()))) for r in result.records]


def _counting_builds(monkeypatch) -> list:
    calls = []
    original = record.obligations_of

    def counted(claim_id, printed, derived, evidence=None):
        calls.append(claim_id)
        return original(claim_id, printed, derived, evidence)

    monkeypatch.setattr(record, "obligations_of", counted)
    return calls


def test_a_hit_gives_the_evidence_of_a_fresh_build(cache, monkeypatch):
    load_claims()
    claim = find_claim(CLAIM)
    monkeypatch.setenv("LDPREF_CACHE", "off")
    fresh = run_claim(claim)  # what a fresh clone with no cache records
    monkeypatch.setenv("LDPREF_CACHE", str(cache))
    calls = _counting_builds(monkeypatch)
    first = run_claim(claim)
    assert calls == [CLAIM] and len(_files(cache)) == 1
    second = run_claim(claim)
    assert calls == [CLAIM], "the second run must take the built texts from the cache"
    assert _evidence(fresh) == _evidence(first) == _evidence(second)
    assert fresh.verdict == second.verdict and any(r.kind == "decision" for r in second.records)


def test_a_mutated_form_misses_the_cache_and_builds_again(cache, monkeypatch):
    load_claims()
    claim = find_claim(CLAIM)
    calls = _counting_builds(monkeypatch)
    run_claim(claim)
    builder = record.OBLIGATIONS[CLAIM]
    base = build_cache.key(claim, builder, claim.printed(), claim.derived())
    assert base is not None
    mutated = {"printed": perturb(claim.printed(), statement=claim.kind == "statement"),
               "derived": perturb(claim.derived(), statement=claim.kind == "statement")}
    keys = {build_cache.key(claim, builder, mutated["printed"], claim.derived()),
            build_cache.key(claim, builder, claim.printed(), mutated["derived"])}
    correction = claim.correction
    wrapped = dataclasses.replace(claim, correction=lambda: perturb(correction()))
    keys.add(build_cache.key(wrapped, builder, claim.printed(), claim.derived()))
    assert base not in keys and len(keys) == 3
    calls.clear()
    run_claim(dataclasses.replace(claim, printed=lambda: mutated["printed"]))
    assert calls == [CLAIM], "a mutated printed form must be built from, not looked up"


def test_a_changed_builder_source_changes_the_key(tmp_path, monkeypatch):
    package = tmp_path / "buildcachepkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    module = package / "builders.py"
    module.write_text("def build(printed, derived):\n    return []\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import buildcachepkg.builders as B  # noqa: E402

    before = build_cache._source_digest(frozenset({"buildcachepkg"}))
    module.write_text("def build(printed, derived):\n    return [1]\n")
    build_cache._source_digest.cache_clear()
    after = build_cache._source_digest(frozenset({"buildcachepkg"}))
    assert before != after and "buildcachepkg" in build_cache.source_packages(B.build)
    sys.modules.pop("buildcachepkg.builders", None)
    sys.modules.pop("buildcachepkg", None)
    build_cache._source_digest.cache_clear()


def test_a_cached_text_not_proved_is_built_again(cache, monkeypatch):
    load_claims()
    claim = find_claim(CLAIM)
    fresh = run_claim(claim)
    (path,) = _files(cache)
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    for e in doc["entries"]:
        if "text" in e:
            e["text"] = e["text"].replace("(check-sat)", "(assert true)\n(check-sat)")  # not the proved text
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh)
    calls = _counting_builds(monkeypatch)
    again = run_claim(claim)
    assert calls == [CLAIM] and _evidence(again) == _evidence(fresh)


def test_stable_text_has_no_address_and_refuses_what_it_cannot_write():
    import sympy

    p = Predicate("x > 0", lambda x: x > 0)
    text = build_cache.stable_text(p)
    assert "0x" not in text and text == build_cache.stable_text(Predicate("x > 0", p.fn))
    assert text != build_cache.stable_text(p.negation())
    assert build_cache.stable_text(sympy.Symbol("n", positive=True)) != build_cache.stable_text(sympy.Symbol("n"))
    with pytest.raises(build_cache.Uncacheable):
        build_cache.stable_text(object())


def test_keys_are_the_same_in_another_process():
    """No hash seed or memory address in a key: a second process (another PYTHONHASHSEED) finds what the first
    stored."""
    import subprocess

    code = ("from ldpref.ledger.claim import load_claims, find_claim\n"
            "from ldpref.decide.ledger_obligations import OBLIGATIONS\n"
            "from ldpref.decide import build_cache\n"
            "load_claims()\n"
            "for cid in sorted(OBLIGATIONS):\n"
            "    c = find_claim(cid)\n"
            "    print(cid, build_cache.key(c, OBLIGATIONS[cid], c.printed() if c.printed else None, c.derived()))\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True,
                           env=dict(os.environ, PYTHONPATH=root, PYTHONHASHSEED=seed)).stdout for seed in ("1", "2")]
    assert runs[0] == runs[1] and runs[0].strip()
    uncached = [line.split()[0] for line in runs[0].splitlines() if line.endswith(" None")]
    assert not uncached, f"forms or builders build_cache.stable_text cannot write down (never cached): {uncached}"


@pytest.mark.parametrize("where", ["a-file", "a-file/below"])
def test_an_unusable_cache_path_is_one_warning_and_the_run_goes_on(tmp_path, monkeypatch, capsys, where):
    """LDPREF_CACHE naming a file (or a folder below one): one warning line on stderr, exit 0, same verdict, and the
    cache is off for that value (nothing is looked up there)."""
    from ldpref.cli import main

    (tmp_path / "a-file").write_text("not a folder\n")
    value = str(tmp_path / where)
    monkeypatch.setenv("LDPREF_CACHE", value)
    assert main(["verify", "--claim", CLAIM, "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("ldpref: warning: LDPREF_CACHE=")]
    assert len(lines) == 1, err
    assert lines[0].startswith(f"ldpref: warning: LDPREF_CACHE={value}: ")
    assert lines[0].endswith("; running without the build cache")
    assert build_cache.cache_dir() is None
    assert (tmp_path / "a-file").read_text() == "not a folder\n"


def test_a_usable_or_disabled_cache_gives_no_warning(tmp_path, monkeypatch):
    monkeypatch.setenv("LDPREF_CACHE", str(tmp_path / "new" / "cache"))
    assert build_cache.unusable_reason() is None and os.path.isdir(tmp_path / "new" / "cache" / "obligations")
    monkeypatch.setenv("LDPREF_CACHE", "off")
    assert build_cache.unusable_reason() is None


@pytest.mark.parametrize("value", ["on", "cache", "./cache"])
def test_a_relative_cache_path_is_refused_and_nothing_is_written(tmp_path, monkeypatch, value):
    """A relative LDPREF_CACHE (``on`` was once read as a folder name and the folder committed) turns the cache off
    with a reason naming the problem, and no folder appears in the working directory."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LDPREF_CACHE", value)
    assert build_cache.cache_dir() is None
    assert build_cache.unusable_reason().startswith("not an absolute path")
    assert build_cache.cache_dir() is None
    assert list(tmp_path.iterdir()) == []


def test_a_relative_xdg_cache_home_is_ignored(tmp_path, monkeypatch):
    """XDG_CACHE_HOME must be absolute (the XDG base-directory spec); a relative one falls back to ~/.cache."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LDPREF_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", "relcache")
    assert build_cache.cache_dir() == str(tmp_path / "home" / ".cache" / "ldpref" / "obligations")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert build_cache.cache_dir() == str(tmp_path / "xdg" / "ldpref" / "obligations")
