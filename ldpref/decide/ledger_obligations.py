"""The registry of the ledger's all-parameter proof obligations (issue 25, item 2): claim id -> obligation builder.

A builder receives the claim's printed and derived forms as the run built them and returns
:class:`~ldpref.decide.obligation.Obligation` objects.  The papers register their own builders when their checks
are imported (``proofs_checks/<paper>/obligations*.py``), so nothing here imports ``derivations`` or
``proofs_checks`` (issue 22's layering rule); :func:`ldpref.decide.export.all_obligations` loads the claims first.
"""

from __future__ import annotations

#: claim id -> builder(printed, derived) -> [Obligation]
OBLIGATIONS: dict = {}
