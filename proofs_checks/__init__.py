"""The claim records and checks of the ledger: one package per paper (``proofs_checks/<paper>/``).

:data:`PAPERS` registers them with the library: pyproject.toml declares it as the entry point ``ledger`` of the
group ``ldpref.papers``, and :mod:`ldpref.ledger.papers` reads it (the library names no paper, issue 22 item 8).
Importing this module imports no paper: a paper's package is imported when its claims are needed.
"""

#: paper key (the ``<paper>`` of claim ids ``<paper>/<label>``) -> package of its claim records and checks, in
#: ledger order.  Each package defines TITLE and has a ``root_causes`` module (CONTRIBUTING.md, "Add a paper").
PAPERS = {
    "pan-cms": f"{__name__}.pan_cms",
    "pan-strict": f"{__name__}.pan_strict",
    "jiang-gcms": f"{__name__}.jiang_gcms",
    "cross": f"{__name__}.cross",
}
