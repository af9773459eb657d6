"""issue 22, items 1 and 8: a claim's derived form and its own correction are derivations -- defined in
``derivations/<paper>/`` (not in a printed module), checked on the records.

The printed path has this rule already (``tests/test_printed_home.py``).  This is its twin for the other two forms a
claim displays.  It matters for the three independent paths: a derivation module may not import a printed module
(``tests/test_ledger_run.py::test_printed_modules_are_pure_transcriptions``), but a derived form written as a lambda
beside its record in ``proofs_checks`` escapes that rule -- it could read the printed form it is compared with, and
an auditor following the record's ``derivation`` pointer would not see the code that really computes it.

The derived callable and the record's own ``correction=`` must be defined in a module under ``derivations`` whose
last component does not start with ``printed`` -- every layer of code of it: a wrapper (``functools.wraps``,
``__wrapped__``) and what it wraps, through ``functools.partial``, each judged by the module its code really lives in
(``__globals__``), so a wrapper written beside a record cannot pass for the derivation it names (the helper is shared
with the printed-home rule: ``tests/_homes.py``).  A correction built by the committed minimal edit
(``ldpref.ledger.minimal_edit``) is not the record's own and is not judged here.

Claims not moved yet would be listed in :data:`NOT_YET` (empty now); the list may only shrink: the test fails on an
unlisted claim whose forms live elsewhere and on a listed claim that now passes (remove it).
"""

import dataclasses
import functools
import inspect

import _homes
import derivations.jiang_gcms as J
from _homes import is_derivation_module
from ldpref.ledger import find_claim, load_claims

#: claim id -> where its derived form (or own correction) is defined today (may only shrink; empty since the twelfth
#: session moved all 135: every claim passes, and a new claim must too)
NOT_YET: dict[str, str] = {}


def form_home(form) -> str:
    """The first layer of a form callable defined outside a derivation module, else its innermost layer's module."""
    return _homes.form_home(form, is_derivation_module)


def misplaced(claims) -> dict:
    """claim id -> ``"<form> in <module>"`` for every claim whose derived form or own correction is not defined in a
    derivation module."""
    out = {}
    for c in claims:
        bad = [(name, form_home(form)) for name, form in (("derived", c.derived), ("correction", c.own_correction))
               if form is not None and not is_derivation_module(form_home(form))]
        if bad:
            out[c.id] = " and ".join(name for name, _ in bad) + f" in {bad[0][1]}"
    return out


def test_every_derived_form_and_correction_is_defined_in_a_derivation_module():
    bad = misplaced(load_claims())
    unlisted = {cid: where for cid, where in bad.items() if cid not in NOT_YET}
    assert not unlisted, ("derived forms or corrections defined outside derivations/<paper>/ (move them there):\n"
                          + "\n".join(f"{cid}: {where}" for cid, where in sorted(unlisted.items())))
    stale = sorted(cid for cid in NOT_YET if cid not in bad)
    assert not stale, f"NOT_YET lists claims whose forms now live in derivations (remove them): {stale}"


def test_derived_home_check_can_fail():
    """A lambda written here, a printed form used as the derived form, a partial of a test function and a
    functools.wraps wrapper written here are each flagged; a partial of a derivation and a display wrapper defined in
    a derivation module are not."""
    record = find_claim("jiang-gcms/eq4")
    assert not misplaced([record])  # derivations.jiang_gcms.model.eq4_derived, no own correction
    assert misplaced([dataclasses.replace(record, derived=lambda: J.thm3_derived())]) == {
        "jiang-gcms/eq4": f"derived in {__name__}"}
    assert misplaced([dataclasses.replace(record, derived=J.thm3_printed)]) == {
        "jiang-gcms/eq4": "derived in derivations.jiang_gcms.printed_sections"}
    assert misplaced([dataclasses.replace(record, own_correction=functools.partial(lambda x: x, 1))]) == {
        "jiang-gcms/eq4": f"correction in {__name__}"}
    assert not misplaced([dataclasses.replace(record, derived=functools.partial(J.thm3_derived))])

    @functools.wraps(J.thm3_derived)
    def wrapper():  # names a derivation through __wrapped__ and __module__, but its code lives here
        return J.thm3_printed()

    assert wrapper.__module__ == "derivations.jiang_gcms.model"
    assert misplaced([dataclasses.replace(record, derived=wrapper)]) == {"jiang-gcms/eq4": f"derived in {__name__}"}
    from derivations.pan_cms.tables import displayed  # a display wrapper defined in a derivation module passes

    assert not misplaced([dataclasses.replace(record, derived=displayed(J.thm3_derived))])
    from derivations.pan_cms.printed_tables import displayed as printed_display  # a printed module's code: flagged

    assert misplaced([dataclasses.replace(record, derived=printed_display(J.thm3_derived))]) == {
        "jiang-gcms/eq4": "derived in derivations.pan_cms.printed_tables"}


def test_derived_by_names_the_call_that_builds_the_derived_form():
    """``Claim.derived_by`` is an importable name (no lambda, no local function) and, with the arguments it writes
    out, the very callable the record holds: what the docs and ``verify --json`` show an auditor is true."""
    import importlib

    from ldpref.ledger.claim import call_text

    for c in load_claims():
        fn, args = inspect.unwrap(c.derived), ()
        while isinstance(fn, functools.partial):
            args = fn.args + args
            fn = inspect.unwrap(fn.func)
        module, _, name = c.derived_by.split("(")[0].rpartition(".")
        assert "<" not in name and inspect.unwrap(getattr(importlib.import_module(module), name)) is fn, c.id
        assert c.derived_by.endswith(f"({', '.join(map(repr, args))})" if args else name), c.derived_by
    assert call_text(functools.partial(J.thm3_derived)) == "derivations.jiang_gcms.model.thm3_derived"
    nested = functools.partial(functools.partial(max, 1), 2, key=abs)
    assert call_text(nested) == "builtins.max(1, 2, key=<built-in function abs>)"
    assert call_text(lambda: 1).endswith("<lambda>")


def test_a_record_without_derivation_names_the_function_that_builds_its_derived_form(toy):
    """``derivation`` is optional: left out, it is the derived callable's own name (a partial's function, without its
    arguments); given, it is kept as written (the derivation the form is built on)."""
    import sympy

    from ldpref.ledger.generic import Symbolic

    bare = toy("no-derivation", None, functools.partial(J.thm3_derived), (Symbolic("nothing"),), derivation=None)
    assert bare.derivation == "derivations.jiang_gcms.model.thm3_derived" == bare.derived_by
    given = toy("derivation-given", None, lambda: sympy.Integer(1), (Symbolic("nothing"),))
    assert given.derivation == "tests.toy"


def second_names(claims) -> dict:
    """claim id -> its ``derivation`` for every claim whose record names, under another dotted name than the default
    (:func:`ldpref.ledger.claim.call_text` of the derived callable, without a partial's arguments), the same function
    the derived callable is: the argument only repeats the default (issue 22), and the report then shows a 'built on'
    that is the derived form's own function."""
    import importlib

    from ldpref.ledger.claim import call_text

    def innermost(fn):
        fn = inspect.unwrap(fn)
        while isinstance(fn, functools.partial):
            fn = inspect.unwrap(fn.func)
        return fn

    out = {}
    for c in claims:
        if c.derivation == call_text(c.derived, with_args=False):
            continue
        module, _, name = c.derivation.rpartition(".")
        named = getattr(importlib.import_module(module), name, None) if module else None
        if named is not None and innermost(named) is innermost(c.derived):
            out[c.id] = c.derivation
    return out


def test_no_record_gives_its_derived_function_a_second_name():
    bad = second_names(load_claims())
    assert not bad, ("records whose derivation= is another name of their derived callable's function (leave it out; "
                     "the default names it):\n" + "\n".join(f"{cid}: {d}" for cid, d in sorted(bad.items())))


def test_second_name_check_can_fail(toy):
    from ldpref.ledger.generic import Symbolic

    again = toy("second-name", None, functools.partial(J.thm3_derived), (Symbolic("nothing"),),
                derivation="derivations.jiang_gcms.thm3_derived")
    built_on = toy("built-on", None, J.thm3_derived, (Symbolic("nothing"),),
                   derivation="derivations.jiang_gcms.var_C_derived_expr")
    assert second_names([again, built_on]) == {again.id: "derivations.jiang_gcms.thm3_derived"}
