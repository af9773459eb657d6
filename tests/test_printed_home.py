"""issue 22, item 7: every printed form lives in a printed module -- checked on the records, not by file names.

For every registered claim with a printed form, every layer of code of the printed callable -- a wrapper
(``functools.wraps``, ``__wrapped__``) and what it wraps, through ``functools.partial`` -- must be defined in a
module under ``derivations`` whose last component starts with ``printed`` (``derivations/<paper>/printed*.py``,
``derivations/cross/printed.py``), each layer judged by the module its code really lives in (``__globals__``, which
``functools.wraps`` does not copy): a wrapper written beside a record cannot pass for the printed form it names.
The rule is judged exactly as the derived-home rule (``tests/test_derived_home.py``; the helper is shared,
``tests/_homes.py``).  Those modules are pure transcriptions
(``tests/test_ledger_run.py::test_printed_modules_are_pure_transcriptions``), so a printed form cannot compute
anything a derivation or a check computes.

Claims not moved yet are listed in :data:`NOT_YET` with the reason; the list may only shrink: the test fails on an
unlisted claim whose printed form lives elsewhere and on a listed claim that now passes (remove it).
"""

import dataclasses
import functools
import types

import sympy

import derivations.jiang_gcms as J
from _homes import form_home, is_printed_module, layer_modules
from ldpref.ledger import find_claim, load_claims

#: claim id -> why its printed form is not yet defined in a printed module (may only shrink; empty: every claim
#: passes, and a new claim must too)
NOT_YET: dict[str, str] = {}


def printed_home(printed) -> str:
    """The first layer of a printed callable defined outside a printed module, else its innermost layer's module."""
    return form_home(printed, is_printed_module)


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


def _printed_at(x):
    """A function of this test module that returns thm3's printed form (``x`` is ignored)."""
    return J.thm3_printed()


def test_printed_home_check_can_fail():
    """A lambda written in a test (or check) module, a functools.wraps wrapper written here, a partial of a test
    function and a derived form used as printed are each flagged, and so is a wrapper forging a printed module's
    name; a partial of a printed form and a display wrapper defined in a printed module are not."""
    record = find_claim("jiang-gcms/thm3")
    assert not misplaced([record])  # thm3's printed form: derivations.jiang_gcms.printed_sections

    def flagged(printed):
        return misplaced([dataclasses.replace(record, printed=printed)])

    assert flagged(lambda: sympy.Eq(J.var_C, J.thm3_printed().rhs)) == {"jiang-gcms/thm3": __name__}
    assert flagged(functools.partial(_printed_at, 1)) == {"jiang-gcms/thm3": __name__}
    assert flagged(J.thm3_derived) == {"jiang-gcms/thm3": "derivations.jiang_gcms.model"}

    @functools.wraps(J.thm3_printed)
    def wrapper():  # names the printed form through __wrapped__ and __module__, but its code lives here
        return J.thm3_derived()

    assert wrapper.__module__ == "derivations.jiang_gcms.printed_sections"
    assert layer_modules(wrapper) == [__name__, "derivations.jiang_gcms.printed_sections"]
    assert flagged(wrapper) == {"jiang-gcms/thm3": __name__}
    assert flagged(functools.cache(wrapper)) == {"jiang-gcms/thm3": __name__}  # a C-level cache adds no layer

    def forged():  # claims a printed module's name, but wraps a lambda of this module
        return J.thm3_printed()

    forged.__module__ = "derivations.jiang_gcms.printed_sections"
    forged.__wrapped__ = lambda: J.thm3_printed()
    assert flagged(forged) == {"jiang-gcms/thm3": __name__}

    assert not flagged(functools.partial(J.thm3_printed))
    assert not flagged(functools.cache(J.thm3_printed))
    from derivations.pan_cms import printed_tables as PT  # a display wrapper defined in a printed module passes

    assert not flagged(PT.displayed(J.thm3_printed))
    from derivations.pan_cms.tables import displayed  # the derived forms' display wrapper is no printed code

    assert flagged(displayed(J.thm3_printed)) == {"jiang-gcms/thm3": "derivations.pan_cms.tables"}

    def shows(fn):  # a wrapper without functools.wraps: the form it shows is only in its closure
        def shown():
            return fn()
        return shown

    closes_over = shows(J.thm3_derived)
    in_printed = types.FunctionType(closes_over.__code__, vars(PT), "shown", None, closes_over.__closure__)
    assert layer_modules(in_printed) == ["derivations.pan_cms.printed_tables", "derivations.jiang_gcms.model"]
    assert flagged(in_printed) == {"jiang-gcms/thm3": "derivations.jiang_gcms.model"}
    assert not flagged(types.FunctionType(shows(J.thm3_printed).__code__, vars(PT), "shown", None,
                                          shows(J.thm3_printed).__closure__))


def test_printed_module_names():
    assert is_printed_module("derivations.jiang_gcms.printed_sections")
    assert is_printed_module("derivations.cross.printed")
    assert not is_printed_module("derivations.jiang_gcms.model")
    assert not is_printed_module("proofs_checks.jiang_gcms.printed_like")
    assert not is_printed_module("tests.test_printed_home")
    assert not is_printed_module("derivations.pan_cms.basics")
