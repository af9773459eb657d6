"""pan-cms's printed-form wrappers (issue 22, item 7): the log_2 display wrapper of
``proofs_checks/pan_cms/tables_common.record`` and ``printed_tables.bound`` keep the printed callable they wrap
visible (``__wrapped__``, the printed module's name), so ``tests/test_printed_home.py`` -- which checks every
record of every paper -- can tell where each printed form is defined.
"""

import sympy


def test_the_display_wrapper_names_the_form_it_shows():
    """tables_common.record shows a form with log_2; the printed form's wrapper exposes the printed callable it wraps,
    its own code lives in the printed module (so the printed-home rule passes it), and what it returns is that
    callable's form (display only)."""
    from _homes import layer_modules

    from derivations.pan_cms import printed_tables as PT
    from derivations.pan_cms.tables import disp
    from ldpref.ledger import find_claim

    shown = PT.displayed(PT.appH_cms_he_printed)
    assert shown.__wrapped__ is PT.appH_cms_he_printed
    assert shown.__module__ == "derivations.pan_cms.printed_tables"
    assert layer_modules(shown) == ["derivations.pan_cms.printed_tables"] * 2
    assert shown() == disp(PT.appH_cms_he_printed())
    assert PT.displayed(None) is None
    shown_by_record = find_claim("pan-cms/table2.HE").printed  # tables_common.record's wrapper of a printed form
    layers = layer_modules(shown_by_record)  # the wrapper, the form, and the printed helpers the form closes over
    assert layers[:2] == ["derivations.pan_cms.printed_tables"] * 2 and set(layers) == {layers[0]}


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
