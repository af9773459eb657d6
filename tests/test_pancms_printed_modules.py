"""pan-cms records: every claim's printed form is defined in a printed module (issue 22, item 7).

Checked on the records themselves, not on file names: the record's ``printed`` callable, unwrapped through
``__wrapped__`` (the log_2 display wrapper of ``proofs_checks/pan_cms/tables_common.record``, ``functools.cache``),
must have been defined in ``derivations/pan_cms/printed*.py``.
"""

import inspect

import sympy

from ldpref.ledger.claim import load_claims


def _defined_in(fn) -> str:
    return getattr(inspect.unwrap(fn), "__module__", None) or "?"


def test_every_pan_cms_printed_form_is_defined_in_a_printed_module():
    claims = [c for c in load_claims("pan-cms") if c.printed is not None]
    assert len(claims) >= 250
    outside = [f"{c.id}: {_defined_in(c.printed)}" for c in claims
               if not _defined_in(c.printed).startswith("derivations.pan_cms.printed")]
    assert not outside, "pan-cms printed forms defined outside a printed module:\n" + "\n".join(outside)


def test_the_display_wrapper_names_the_form_it_shows():
    """tables_common.record shows a form with log_2; the wrapper exposes the printed callable it wraps, and what it
    returns is that callable's form (display only)."""
    from derivations.pan_cms import printed_tables as PT
    from derivations.pan_cms.tables import disp
    from proofs_checks.pan_cms.tables_common import _displayed

    shown = _displayed(PT.appH_cms_he_printed)
    assert shown.__wrapped__ is PT.appH_cms_he_printed
    assert shown.__module__ == "derivations.pan_cms.printed_tables"
    assert shown() == disp(PT.appH_cms_he_printed())
    assert _displayed(None) is None


def test_bound_accepts_only_forms_of_printed_tables():
    from derivations.pan_cms import printed_tables as PT

    cell = PT.bound(PT.table1_printed, "HE", "l1")
    assert cell() == PT.table1_printed("HE", "l1") and cell.__module__ == PT.__name__
    try:
        PT.bound(sympy.sqrt, 2)
    except ValueError:
        pass
    else:
        raise AssertionError("bound() wrapped a callable that is not a printed form of printed_tables")
