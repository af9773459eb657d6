"""issue 22, item 7: every printed form lives in a printed module -- checked on the records, not by file names.

For every registered claim with a printed form, the printed callable (after unwrapping ``__wrapped__``: the
functools.cache / functools.wraps wrappers) must be defined in a module under ``derivations`` whose last
component starts with ``printed`` (``derivations/<paper>/printed*.py``, ``derivations/cross/printed.py``).  Those
modules are pure transcriptions (``tests/test_ledger_run.py::test_printed_modules_are_pure_transcriptions``), so
a printed form cannot compute anything a derivation or a check computes.

Claims not moved yet are listed in :data:`NOT_YET` with the reason; the list may only shrink: the test fails on an
unlisted claim whose printed form lives elsewhere and on a listed claim that now passes (remove it).
"""

import dataclasses
import functools
import inspect

import sympy

import derivations.jiang_gcms as J
from ldpref.ledger import find_claim, load_claims

#: claim id -> why its printed form is not yet defined in a printed module (may only shrink; empty: every claim
#: passes, and a new claim must too)
NOT_YET: dict[str, str] = {}


def printed_home(printed) -> str:
    """The module that defines a printed form (wrappers with ``__wrapped__`` unwrapped)."""
    return getattr(inspect.unwrap(printed), "__module__", None) or ""


def is_printed_module(module: str) -> bool:
    """A module under ``derivations`` whose last component starts with ``printed``."""
    parts = module.split(".")
    return parts[0] == "derivations" and len(parts) > 1 and parts[-1].startswith("printed")


def misplaced(claims) -> dict:
    """claim id -> the module defining its printed form, for every claim whose printed form is not in a printed
    module."""
    return {c.id: printed_home(c.printed) for c in claims
            if c.printed is not None and not is_printed_module(printed_home(c.printed))}


def test_every_printed_form_is_defined_in_a_printed_module():
    claims = load_claims()
    bad = misplaced(claims)
    unlisted = {cid: home for cid, home in bad.items() if cid not in NOT_YET}
    assert not unlisted, ("printed forms defined outside derivations/<paper>/printed*.py (move them there):\n"
                          + "\n".join(f"{cid}: {home}" for cid, home in sorted(unlisted.items())))
    with_printed = {c.id for c in claims if c.printed is not None}
    stale = sorted(cid for cid in NOT_YET if cid not in bad)
    assert not stale, ("NOT_YET lists claims whose printed form is now in a printed module (or that have no printed "
                       f"form or no longer exist): remove them: {stale}; with a printed form: "
                       f"{[cid for cid in stale if cid in with_printed]}")


def test_printed_home_check_can_fail():
    """A lambda written in a test (or check) module is flagged, and so is a derivation; a functools.wraps wrapper
    defined here is judged by the function it wraps."""
    record = find_claim("jiang-gcms/thm3")
    assert not misplaced([record])  # thm3's printed form: derivations.jiang_gcms.printed_sections

    moved_out = dataclasses.replace(record, printed=lambda: sympy.Eq(J.var_C, J.thm3_printed().rhs))
    assert misplaced([moved_out]) == {"jiang-gcms/thm3": __name__}

    derived_as_printed = dataclasses.replace(record, printed=J.thm3_derived)
    assert misplaced([derived_as_printed]) == {"jiang-gcms/thm3": "derivations.jiang_gcms.model"}

    @functools.wraps(J.thm3_printed)
    def wrapper():
        return J.thm3_printed()

    assert not misplaced([dataclasses.replace(record, printed=wrapper)])

    def forged():  # claims a printed module's name, but wraps a lambda of this module: unwrapping finds it
        return J.thm3_printed()

    forged.__module__ = "derivations.jiang_gcms.printed_sections"
    forged.__wrapped__ = lambda: J.thm3_printed()
    assert misplaced([dataclasses.replace(record, printed=forged)]) == {"jiang-gcms/thm3": __name__}


def test_printed_module_names():
    assert is_printed_module("derivations.jiang_gcms.printed_sections")
    assert is_printed_module("derivations.cross.printed")
    assert not is_printed_module("derivations.jiang_gcms.model")
    assert not is_printed_module("proofs_checks.jiang_gcms.printed_like")
    assert not is_printed_module("tests.test_printed_home")
    assert not is_printed_module("derivations.pan_cms.basics")
