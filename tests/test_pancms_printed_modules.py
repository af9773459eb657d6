"""pan-cms's printed-form wrappers (issue 22, item 7): the log_2 display wrapper of
``proofs_checks/pan_cms/tables_common.record`` and ``printed_tables.bound`` keep the printed callable they wrap
visible (``__wrapped__``, the printed module's name), so ``tests/test_printed_home.py`` -- which checks every
record of every paper -- can tell where each printed form is defined.
"""

import sympy


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
