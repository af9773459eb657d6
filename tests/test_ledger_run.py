"""Invariants of one whole-ledger run (the session-wide ``ledger`` fixture), and of the ledger's records.

What used to be a snapshot of verdict labels (which caught a changed verdict, never a wrong one) is now:

* structural rules every verdict must satisfy (no open or error claim; no claim without a printed form is
  verified; every erratum and conditional names a root cause that resolves; reasons say what ran);
* ``tests/test_errata_vectors.py``: independent brute-force values that show each erratum is one;
* stable ids (``tests/data/claim_ids.txt``: every id of the ledger stays, or keeps an alias);
* the generated docs are those of this run;
* the rules of the records: a claim's derivation resolves; printed modules import no derivation and no
  derivation imports a printed module; printed and derived are distinct callables.
"""

import ast
import importlib
import os

import pytest

from ldpref.ledger.claim import load_claims
from ldpref.ledger.root_causes import resolve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_claim_reaches_a_verdict(ledger):
    bad = [f"{cid}: {r.verdict} ({r.reason})" for cid, r in ledger.items() if r.verdict in ("open", "error")]
    assert not bad, "claims without a verdict:\n" + "\n".join(bad)


def test_no_claim_without_a_printed_form_is_verified_or_an_erratum(ledger):
    bad = [cid for cid, r in ledger.items() if r.claim.printed is None and r.verdict in ("verified", "erratum")]
    assert not bad


def test_every_erratum_and_conditional_names_a_root_cause_that_resolves(ledger):
    missing = [cid for cid, r in ledger.items() if r.verdict in ("erratum", "conditional") and not r.claim.root_cause]
    assert not missing, f"{len(missing)} erratum/conditional claims name no root cause: {missing}"
    for r in ledger.values():
        resolve(r.claim.paper, r.claim.root_cause)  # raises KeyError on a label that is not defined


def test_reasons_say_what_ran(ledger):
    for cid, r in ledger.items():
        if r.verdict in ("verified", "reconstructed", "erratum", "conditional", "cited"):
            assert any(w in r.reason for w in ("symbolic proof", "by exact enumeration", "by exact moment formulas",
                                               "decided by proof", "numeric check",
                                               "statistical check")), (cid, r.reason)


def test_claim_ids_are_stable():
    with open(os.path.join(ROOT, "tests", "data", "claim_ids.txt"), encoding="utf-8") as fh:
        expected = {line.strip() for line in fh if line.strip() and not line.startswith("#")}
    present = {c.id for c in load_claims()}
    from ldpref.ledger.claim import ALIASES

    gone = sorted(cid for cid in expected - present if ALIASES.get(cid) not in present)
    assert not gone, f"claims removed without an alias: {gone}"


def test_every_derivation_name_resolves():
    bad = []
    for c in load_claims():
        module, _, attr = c.derivation.rpartition(".")
        try:
            obj = importlib.import_module(module)
        except ModuleNotFoundError:
            bad.append(f"{c.id}: {c.derivation}")
            continue
        if not hasattr(obj, attr):
            bad.append(f"{c.id}: {c.derivation}")
    assert not bad, "derivation names that do not resolve:\n" + "\n".join(bad)


def test_every_check_reads_the_forms_its_claim_displays(ledger):
    """The check took the printed and derived forms from the Evidence (the claim's own callables, the
    objects ``latex`` and the docs render), so what is displayed is what was evaluated; the self-check
    additionally shows that a change of those objects moves the verdict."""
    missing = []
    for cid, r in ledger.items():
        wanted = (("printed",) if r.claim.printed is not None else ()) + ("derived",)
        lost = [w for w in wanted if w not in r.forms_read]
        if lost:
            missing.append(f"{cid}: never read {', '.join(lost)}")
    assert not missing, "checks that do not evaluate the forms they display:\n" + "\n".join(missing)


def test_every_displayed_correction_is_evaluated(ledger):
    """issue 22, item 3: every erratum and conditional claim has a check of the correction it displays against the
    exact values, with instances; a correction of the claim's own was read through ``Evidence.correction`` (the
    object the LaTeX shows), and one that is the derived form says so."""
    missing = []
    for cid, r in ledger.items():
        if r.verdict not in ("erratum", "conditional"):
            continue
        checks = [c for c in r.records if c.role == "correction-vs-exact" and c.instances > 0 and c.passed]
        if not checks:
            missing.append(f"{cid}: no correction-vs-exact check")
        elif r.claim.correction is not None and "correction" not in r.forms_read:
            missing.append(f"{cid}: its own correction was never read through the evidence")
        elif r.claim.correction is None and not any("derived form itself" in c.name for c in checks):
            missing.append(f"{cid}: the derived form is shown as the correction but not said to be")
    assert not missing, "displayed corrections not evaluated:\n" + "\n".join(missing)


def test_printed_and_derived_are_distinct_callables():
    same = [c.id for c in load_claims() if c.printed is not None and c.printed is c.derived]
    assert not same


def _imports(path):
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ("." * node.level) + (node.module or "")
            names += [base + a.name if node.module is None else base for a in node.names]
    return names


def _derivation_files():
    for folder, _, files in os.walk(os.path.join(ROOT, "derivations")):
        for f in files:
            if f.endswith(".py"):
                yield os.path.join(folder, f)


#: derivation modules allowed to import printed modules, and why
PRINTED_IMPORT_EXEMPT = {
    # a package facade re-exports the package's printed and derived names side by side; it derives nothing
    "__init__.py": "package facade",
    # the cross-paper statements are about the papers' printed results (e.g. pan-strict's OSC loss lies
    # below pan-cms's printed l2*): the printed formulas are their subject, not an input of a derivation
    "derivations/cross/__init__.py": "cross-paper statements about printed results",
}


def test_printed_modules_are_pure_transcriptions():
    """A printed module imports only sympy, ldpref.exact (and its certified rounding), symbol tables and other printed
    modules (a cross-paper claim pairs two papers' printed forms); no derivation imports a printed module."""
    allowed = ("sympy", "__future__", "ldpref.exact", "ldpref.exact_rounding", "ldpref.ledger.forms", "fractions",
               "functools")  # whole module names: "ldpref.exact" does not admit "ldpref.exactly_derived"
    problems = []
    for path in _derivation_files():
        name = os.path.basename(path)
        for imp in _imports(path):
            leaf = imp.rsplit(".", 1)[-1]
            if name.startswith("printed"):
                if not (any(imp == a or imp.startswith(a + ".") for a in allowed)
                        or "symbols" in imp or "printed" in leaf):
                    problems.append(f"{os.path.relpath(path, ROOT)} (printed) imports {imp}")
            elif ("printed" in leaf or ".printed" in imp) and name not in PRINTED_IMPORT_EXEMPT \
                    and os.path.relpath(path, ROOT) not in PRINTED_IMPORT_EXEMPT:
                problems.append(f"{os.path.relpath(path, ROOT)} (a derivation) imports {imp}")
    assert not problems, "\n".join(problems)


def test_generated_docs_are_those_of_the_current_ledger(ledger, tmp_path):
    from ldpref.ledger.report import write_docs

    stale = []
    for path in write_docs(list(ledger.values()), str(tmp_path)):
        rel = os.path.relpath(path, str(tmp_path))
        committed = os.path.join(ROOT, "docs", rel)
        with open(path, encoding="utf-8") as fh:
            fresh = fh.read()
        if not os.path.exists(committed):
            stale.append(f"docs/{rel} (missing)")
            continue
        with open(committed, encoding="utf-8") as fh:
            if fh.read() != fresh:
                stale.append(f"docs/{rel}")
    assert not stale, f"stale generated docs: {stale}; regenerate with `ldpref docs`"


@pytest.mark.parametrize("claim_id", ["jiang-gcms/sec3.A.GRR", "pan-cms/def2.1", "jiang-gcms/sec2.B.variance"])
def test_self_check_moves_every_check_of_a_sample(claim_id):
    """The mutations of ``verify --self-check`` move these claims (the full run is ``ldpref verify --self-check``)."""
    from ldpref.ledger.claim import find_claim
    from ldpref.ledger.selfcheck import self_check

    (r,) = self_check([find_claim(claim_id)], jobs=2)
    assert r.baseline.verdict == "verified"
    assert r.passed == {"printed-as-derived": True, "printed-perturbed": True, "derived-perturbed": True,
                        "correction-perturbed": None}, r.why  # a verified claim displays no correction


@pytest.mark.parametrize("claim_id", ["jiang-gcms/thm3", "pan-strict/sec5.3.osc"])
def test_self_check_perturbed_correction_is_an_error(claim_id):
    """issue 22, item 3: the correction an erratum (a formula) or a conditional (a statement) displays, perturbed,
    turns the claim into ``error``: the displayed correction is evaluated, not only rendered."""
    from ldpref.ledger.claim import find_claim
    from ldpref.ledger.selfcheck import self_check

    (r,) = self_check([find_claim(claim_id)], jobs=2)
    assert r.baseline.verdict in ("erratum", "conditional")
    assert r.passed["correction-perturbed"] is True and r.outcomes["correction-perturbed"].verdict == "error", r.why
