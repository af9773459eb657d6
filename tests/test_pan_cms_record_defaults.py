"""pan-cms records do not repeat what the ledger already knows (issue 22's line bar, item 1).

A record's ``derivation`` is optional (``ldpref.ledger.claim._derivation``): left out, it is the function that
builds the derived form.  A record that gives it anyway, naming that very function under another dotted name (a
re-export, e.g. ``derivations.pan_cms.basics.property21_derived`` for ``basics_sec2.property21_derived``), costs a
line and makes the report say the form is "built on" a derivation that is the form's own function.  jiang-gcms and
pan-strict join the list below once their records are cleaned (other sessions own those folders).
"""

from __future__ import annotations

import functools
import importlib
import inspect

import pytest

from ldpref.ledger import load_claims
from ldpref.ledger.claim import call_text

PAPERS = ("pan-cms",)


def _function(fn):
    """The function under a callable's caching wrappers and ``functools.partial`` layers."""
    fn = inspect.unwrap(fn)
    while isinstance(fn, functools.partial):
        fn = inspect.unwrap(fn.func)
    return fn


def _named(dotted: str):
    module, _, attr = dotted.rpartition(".")
    return inspect.unwrap(getattr(importlib.import_module(module), attr))


@pytest.mark.parametrize("paper", PAPERS)
def test_no_record_names_its_derived_forms_own_function_as_its_derivation(paper):
    aliased = [f"{c.id}: {c.derivation} is {call_text(c.derived, with_args=False)}"
               for c in load_claims() if c.paper == paper
               and _named(c.derivation) is _function(c.derived)
               and c.derivation != call_text(c.derived, with_args=False)]
    assert not aliased, "records whose derivation= repeats the default under another name:\n" + "\n".join(aliased)


def test_the_check_sees_an_alias():
    """The comparison is by object: a re-exported name of the derived form's function is caught, a different
    function (the derivation a form is built on) is not."""
    import derivations.pan_cms.basics as B
    import derivations.pan_cms.basics_sec2 as S

    assert _named("derivations.pan_cms.basics.property21_derived") is _function(S.property21_derived)
    assert _named("derivations.pan_cms.basics.client_mean") is not _function(B.appA_eq24_derived)
