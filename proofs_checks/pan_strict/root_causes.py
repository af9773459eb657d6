"""Root causes of pan-strict's errata and conditional claims (see ldpref.ledger.root_causes)."""

from ldpref.ledger.root_causes import RootCause

ROOT_CAUSES: list[RootCause] = [
]
